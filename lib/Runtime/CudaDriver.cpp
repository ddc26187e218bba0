//===- CudaDriver.cpp - CUDA driver loading, context, errors --------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"

#include <dlfcn.h>

#include <atomic>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

namespace fp8q::runtime {

namespace {

/// Prefix of every line the runtime prints.
constexpr const char *kPrefix = "fp8q-cuda-runtime";

/// Names and descriptions of the errors a user is likely to meet, for when
/// the driver cannot describe them itself (the CUDA link stub, or a driver
/// that failed to load).
struct KnownError {
  CUresult code;
  const char *name;
  const char *text;
};
constexpr KnownError kKnownErrors[] = {
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED",
     "driver shutting down"},
    {CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY",
     "CUDA driver is a stub library"},
    {CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
     "system has unsupported display driver / cuda driver combination"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_NO_BINARY_FOR_GPU, "CUDA_ERROR_NO_BINARY_FOR_GPU",
     "no kernel image is available for execution on the device"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
     "the provided PTX was compiled with an unsupported toolchain"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
     "unspecified launch failure"},
    {CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
     "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED",
     "part or all of the requested memory range is already mapped"},
    {CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED,
     "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED",
     "pointer does not correspond to a registered memory region"},
};

/// The state of the process-wide runtime. Allocated once and never destroyed:
/// global destructors of MLIR host code call into the runtime at exit.
struct RuntimeState {
  std::mutex mutex;
  DriverApi api;
  std::string driverPath;
  /// Set once the driver's functions are resolved (error strings usable).
  std::atomic<bool> apiLoaded{false};
  /// Set once cuInit succeeded and at least one device is visible.
  std::atomic<bool> driverReady{false};
  int deviceCount = 0;
  /// The device chosen by mgpuSetDefaultDevice, used when the context is
  /// created.
  int requestedOrdinal = 0;
  /// Set once the primary context of `device` is retained.
  std::atomic<bool> contextReady{false};
  DeviceInfo device;
};

RuntimeState &state() {
  static RuntimeState *instance = new RuntimeState();
  return *instance;
}

std::atomic<bool> gTerminating{false};

/// Opens the driver library and resolves every function of DriverApi.
void loadDriverLocked(RuntimeState &s) {
  const char *overridePath = std::getenv(kDriverLibraryEnv);
  s.driverPath =
      overridePath && *overridePath ? overridePath : kDefaultDriverLibrary;
  void *handle = dlopen(s.driverPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    fatal("no CUDA driver found: cannot load " + s.driverPath + " (" +
          (why ? why : "unknown dlopen error") +
          "); install the NVIDIA driver, or set " + kDriverLibraryEnv +
          " to the driver library");
  }
#define FP8Q_STRINGIFY_EXPANDED(x) FP8Q_STRINGIFY(x)
#define FP8Q_STRINGIFY(x) #x
#define FP8Q_LOAD_DRIVER_FUNCTION(name)                                        \
  s.api.name = reinterpret_cast<decltype(s.api.name)>(                         \
      dlsym(handle, FP8Q_STRINGIFY_EXPANDED(name)));
  FP8Q_CUDA_DRIVER_FUNCTIONS(FP8Q_LOAD_DRIVER_FUNCTION)
#undef FP8Q_LOAD_DRIVER_FUNCTION
#undef FP8Q_STRINGIFY
#undef FP8Q_STRINGIFY_EXPANDED

  if (!s.api.cuInit || !s.api.cuDeviceGetCount)
    fatal("no CUDA driver found: " + s.driverPath +
          " does not export cuInit/cuDeviceGetCount");

  s.apiLoaded.store(true, std::memory_order_release);

  CUresult result = s.api.cuInit(0);
  if (result == CUDA_ERROR_STUB_LIBRARY)
    fatal("no CUDA driver found: " + s.driverPath +
          " is the CUDA toolkit's link stub, not a driver "
          "(cuInit: CUDA_ERROR_STUB_LIBRARY); install the NVIDIA driver or "
          "take the stubs directory out of LD_LIBRARY_PATH");
  if (result == CUDA_ERROR_NO_DEVICE) {
    const char *visible = std::getenv("CUDA_VISIBLE_DEVICES");
    fatal(std::string("no CUDA device found (cuInit: ") +
          describeCudaError(result) + ")" +
          (visible ? std::string("; CUDA_VISIBLE_DEVICES=\"") + visible + "\""
                   : std::string()));
  }
  if (result != CUDA_SUCCESS)
    fatalCuda("CUDA initialization", "cuInit", result,
              "the NVIDIA driver is installed but unusable");
  result = s.api.cuDeviceGetCount(&s.deviceCount);
  if (result != CUDA_SUCCESS)
    fatalCuda("CUDA initialization", "cuDeviceGetCount", result);
  if (s.deviceCount == 0)
    fatal("no CUDA device found (cuDeviceGetCount returned 0)");
  s.driverReady.store(true, std::memory_order_release);
}

/// Retains the primary context of the requested device.
void createContextLocked(RuntimeState &s) {
  DeviceInfo &info = s.device;
  info.ordinal = s.requestedOrdinal;
  if (info.ordinal < 0 || info.ordinal >= s.deviceCount)
    fatal("CUDA device " + std::to_string(info.ordinal) +
          " does not exist: " + std::to_string(s.deviceCount) +
          " device(s) are visible (mgpuSetDefaultDevice)");
  const DriverApi &api = s.api;
  CUresult result = api.cuDeviceGet(&info.device, info.ordinal);
  if (result != CUDA_SUCCESS)
    fatalCuda("CUDA initialization", "cuDeviceGet", result);
  char name[256] = {0};
  if (api.cuDeviceGetName(name, sizeof(name) - 1, info.device) == CUDA_SUCCESS)
    info.name = name;
  else
    info.name = "unknown GPU";
  result = api.cuDeviceGetAttribute(
      &info.ccMajor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, info.device);
  if (result == CUDA_SUCCESS)
    result = api.cuDeviceGetAttribute(
        &info.ccMinor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
        info.device);
  if (result != CUDA_SUCCESS)
    fatalCuda("CUDA initialization", "cuDeviceGetAttribute", result);
  result = api.cuDevicePrimaryCtxRetain(&info.context, info.device);
  if (result != CUDA_SUCCESS)
    fatalCuda("CUDA initialization", "cuDevicePrimaryCtxRetain", result,
              "while creating the context of " + info.describe());
  trace("using " + info.describe() + " through " + s.driverPath);
  s.contextReady.store(true, std::memory_order_release);
}

} // namespace

void fatal(const std::string &message) {
  // A second fatal error (from another thread, or from a handler run while
  // reporting the first) must not print over the first one.
  if (!gTerminating.exchange(true)) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s: error: %s\n", kPrefix, message.c_str());
  }
  std::fflush(nullptr);
  std::_Exit(kFatalExitCode);
}

std::string describeCudaError(CUresult result) {
  RuntimeState &s = state();
  const char *name = nullptr;
  const char *text = nullptr;
  if (s.apiLoaded.load(std::memory_order_acquire) && s.api.cuGetErrorName &&
      s.api.cuGetErrorString) {
    if (s.api.cuGetErrorName(result, &name) != CUDA_SUCCESS)
      name = nullptr;
    if (s.api.cuGetErrorString(result, &text) != CUDA_SUCCESS)
      text = nullptr;
  }
  for (const KnownError &known : kKnownErrors) {
    if (known.code != result)
      continue;
    name = name ? name : known.name;
    text = text ? text : known.text;
  }
  std::string out = name ? name : "CUDA error " + std::to_string(result);
  if (text)
    out += std::string(": ") + text;
  return out;
}

void fatalCuda(const char *entry, const char *call, CUresult result,
               const std::string &hint) {
  std::string message = std::string(entry) + ": " + call +
                        " failed: " + describeCudaError(result);
  if (!hint.empty())
    message += "; " + hint;
  fatal(message);
}

const DriverApi &driver() {
  RuntimeState &s = state();
  if (s.driverReady.load(std::memory_order_acquire))
    return s.api;
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.driverReady.load(std::memory_order_relaxed))
    loadDriverLocked(s);
  return s.api;
}

void selectDevice(int ordinal) {
  RuntimeState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.contextReady.load(std::memory_order_acquire)) {
    if (s.device.ordinal == ordinal)
      return;
    fatal("mgpuSetDefaultDevice(" + std::to_string(ordinal) +
          ") after the runtime started using " + s.device.describe() +
          " (GPU modules are loaded at program start); select the GPU with "
          "CUDA_VISIBLE_DEVICES instead");
  }
  if (ordinal < 0)
    fatal("mgpuSetDefaultDevice: invalid device ordinal " +
          std::to_string(ordinal));
  s.requestedOrdinal = ordinal;
}

const DeviceInfo &currentDevice() {
  RuntimeState &s = state();
  if (s.contextReady.load(std::memory_order_acquire))
    return s.device;
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.driverReady.load(std::memory_order_relaxed))
    loadDriverLocked(s);
  if (!s.contextReady.load(std::memory_order_relaxed))
    createContextLocked(s);
  return s.device;
}

std::string DeviceInfo::arch() const {
  return "sm_" + std::to_string(ccMajor) + std::to_string(ccMinor);
}

std::string DeviceInfo::describe() const {
  return "device " + std::to_string(ordinal) + " (" + name + ", " + arch() +
         ")";
}

ScopedContext::ScopedContext(const char *entry, DriverShutdown shutdown)
    : info(&currentDevice()), entry(entry) {
  const DriverApi &api = driver();
  auto isShutDown = [&](CUresult result) {
    driverShutDown = shutdown == DriverShutdown::Tolerated &&
                     result == CUDA_ERROR_DEINITIALIZED;
    return driverShutDown;
  };
  CUcontext current = nullptr;
  CUresult result = api.cuCtxGetCurrent(&current);
  if (isShutDown(result))
    return;
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, "cuCtxGetCurrent", result);
  if (current == info->context)
    return;
  result = api.cuCtxPushCurrent(info->context);
  if (isShutDown(result))
    return;
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, "cuCtxPushCurrent", result);
  pushed = true;
}

ScopedContext::~ScopedContext() {
  if (!pushed)
    return;
  CUcontext popped = nullptr;
  CUresult result = driver().cuCtxPopCurrent(&popped);
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, "cuCtxPopCurrent", result);
}

bool envFlag(const char *name) {
  const char *value = std::getenv(name);
  return value && *value && std::strcmp(value, "0") != 0;
}

void trace(const std::string &message) {
  static const bool enabled = envFlag(kTraceEnv);
  if (enabled)
    std::fprintf(stderr, "%s: %s\n", kPrefix, message.c_str());
}

namespace {

/// ELF identification of a CUDA cubin: EI_OSABI is ELFOSABI_CUDA.
constexpr unsigned char kElfOsAbiCuda = 0x41;
/// Offset of EI_OSABI / EI_ABIVERSION / e_flags in an ELF64 header.
constexpr size_t kElfOsAbiOffset = 7;
constexpr size_t kElfAbiVersionOffset = 8;
constexpr size_t kElf64FlagsOffset = 48;
constexpr size_t kElf64HeaderSize = 64;
/// From cubin ABI version 8 on, e_flags holds the SM number in bits 8..15;
/// before, in bits 0..7.
constexpr unsigned kCubinAbiVersionSmInBits8 = 8;
/// Magic number of a fatbinary (little endian in the file).
constexpr uint32_t kFatbinMagic = 0xBA55ED50u;

/// Collects the architectures named after `marker` ("-arch sm_90a" in the
/// ptxas command line a cubin records, ".target sm_90a" in PTX).
std::set<std::string> findArchs(const char *data, size_t size,
                                const char *marker) {
  std::set<std::string> archs;
  size_t markerLen = std::strlen(marker);
  for (size_t i = 0; i + markerLen < size; ++i) {
    if (std::memcmp(data + i, marker, markerLen) != 0)
      continue;
    size_t j = i + markerLen;
    std::string arch = "sm_";
    while (j < size && (std::isalnum(static_cast<unsigned char>(data[j]))))
      arch += data[j++];
    if (arch.size() > 3)
      archs.insert(arch);
  }
  return archs;
}

std::string joinArchs(const std::set<std::string> &archs) {
  std::string out;
  for (const std::string &arch : archs)
    out += (out.empty() ? "" : ", ") + arch;
  return out;
}

} // namespace

std::string describeImage(const void *image, size_t size) {
  const char *data = static_cast<const char *>(image);
  if (!data || size < 4)
    return "empty GPU module";
  if (size >= kElf64HeaderSize && std::memcmp(data, "\x7f" "ELF", 4) == 0) {
    std::set<std::string> archs = findArchs(data, size, "-arch sm_");
    if (!archs.empty())
      return "cubin was built for " + joinArchs(archs);
    auto osAbi = static_cast<unsigned char>(data[kElfOsAbiOffset]);
    auto abiVersion = static_cast<unsigned char>(data[kElfAbiVersionOffset]);
    uint32_t flags;
    std::memcpy(&flags, data + kElf64FlagsOffset, sizeof(flags));
    if (osAbi != kElfOsAbiCuda)
      return "ELF file is not a CUDA cubin";
    unsigned sm = abiVersion >= kCubinAbiVersionSmInBits8 ? (flags >> 8) & 0xff
                                                          : flags & 0xff;
    return "cubin was built for sm_" + std::to_string(sm);
  }
  uint32_t magic;
  std::memcpy(&magic, data, sizeof(magic));
  if (magic == kFatbinMagic) {
    std::set<std::string> archs = findArchs(data, size, "-arch sm_");
    for (const std::string &arch : findArchs(data, size, ".target sm_"))
      archs.insert(arch + " (PTX)");
    if (archs.empty())
      return "fatbinary holds code for other architectures (compressed)";
    return "fatbinary was built for " + joinArchs(archs);
  }
  std::set<std::string> targets = findArchs(data, size, ".target sm_");
  if (!targets.empty())
    return "PTX targets " + joinArchs(targets);
  return "GPU module is of unknown kind";
}

std::string formatBytes(unsigned long long bytes) {
  static constexpr const char *kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  std::string out = std::to_string(bytes) + " bytes";
  double value = static_cast<double>(bytes);
  const char *unit = nullptr;
  for (const char *candidate : kUnits) {
    if (value < 1024.0)
      break;
    value /= 1024.0;
    unit = candidate;
  }
  if (unit) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), " (%.1f %s)", value, unit);
    out += buffer;
  }
  return out;
}

} // namespace fp8q::runtime
