//===- CudaRuntime.cpp - the mgpu* ABI over the CUDA driver ---------------===//
//
// Part of the fp8q project.
//
// Every entry point makes the runtime's primary context current (creating it
// on first use), calls the driver, and ends the process with a message that
// names the entry point, the driver call, the CUDA error and what was being
// done if the call fails. See include/fp8q/Runtime/CudaRuntime.h for the ABI
// and docs/Runtime.md for the error policy and environment variables.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Runtime/CudaRuntime.h"

#include "CudaDriver.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

using namespace fp8q::runtime;

namespace {

/// Dynamic shared memory a kernel may use without opting in.
constexpr int32_t kDefaultMaxDynamicSharedBytes = 48 * 1024;
/// Largest portable thread-block cluster (more needs the non-portable opt-in).
constexpr int64_t kMaxPortableClusterSize = 8;
/// Largest grid extents (x, y, z) of a launch.
constexpr int64_t kMaxGridDim[3] = {(1LL << 31) - 1, 65535, 65535};
/// Highest optimization level of the driver's PTX JIT.
constexpr int32_t kMaxJitOptLevel = 4;
/// Size of the buffer receiving the PTX JIT's error log.
constexpr size_t kJitLogBytes = 16 * 1024;
/// Size of a CUtensorMap (cuda.h: 128 bytes, 64-byte aligned).
constexpr size_t kTensorMapBytes = sizeof(CUtensorMap);
/// Limits of cuTensorMapEncodeTiled (CUDA driver API reference).
constexpr uint32_t kMaxTensorMapRank = 5;
constexpr uint32_t kMaxBoxDim = 256;
constexpr uint32_t kMaxElementStride = 8;
constexpr uint64_t kTensorMapAddressAlign = 16;
constexpr uint64_t kTensorMapStrideAlign = 16;
constexpr uint64_t kMaxTensorMapStride = 1ULL << 40;
constexpr uint64_t kMaxTensorMapDim = 1ULL << 32;

/// Kernel names by function handle, for messages about launches.
struct KernelNames {
  std::mutex mutex;
  std::map<CUfunction, std::string> names;
};

KernelNames &kernelNames() {
  static KernelNames *instance = new KernelNames();
  return *instance;
}

std::string kernelName(CUfunction function) {
  KernelNames &registry = kernelNames();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.names.find(function);
  return it == registry.names.end() ? std::string("<unknown kernel>")
                                    : "'" + it->second + "'";
}

/// Device copies of tensor maps, keyed by their 128 bytes: host code encodes
/// the same descriptor every time it runs, and a descriptor is never written
/// by a kernel, so equal contents can share one copy. A program that runs
/// GEMMs on ever new addresses makes ever new maps: past kMaxTensorMapCopies
/// the least recently used half is freed.
struct TensorMapCache {
  struct Copy {
    CUdeviceptr address;
    uint64_t lastUse;
  };
  std::mutex mutex;
  std::map<std::array<unsigned char, kTensorMapBytes>, Copy> copies;
  uint64_t clock = 0;
};

/// Device copies of tensor maps kept for reuse (128 bytes each).
constexpr size_t kMaxTensorMapCopies = 4096;

TensorMapCache &tensorMapCache() {
  static TensorMapCache *instance = new TensorMapCache();
  return *instance;
}

void releaseTensorMapCopies(TensorMapCache &cache);

std::string dims3(int64_t x, int64_t y, int64_t z) {
  return std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z);
}

/// Describes a launch for messages.
std::string describeLaunch(CUfunction function, const int64_t grid[3],
                           const int64_t block[3], int32_t smem,
                           const int64_t *cluster = nullptr) {
  std::string out = "kernel " + kernelName(function) + " (grid " +
                    dims3(grid[0], grid[1], grid[2]) + ", block " +
                    dims3(block[0], block[1], block[2]);
  if (cluster)
    out += ", cluster " + dims3(cluster[0], cluster[1], cluster[2]);
  return out + ", " + std::to_string(smem) + " bytes of dynamic shared memory)";
}

/// Checks grid and block extents; returns false for an empty grid.
bool checkLaunchShape(const char *entry, CUfunction function,
                      const int64_t grid[3], const int64_t block[3],
                      int32_t smem, const int64_t *cluster = nullptr) {
  if (!function)
    fatal(std::string(entry) + ": null kernel handle");
  if (smem < 0)
    fatal(std::string(entry) + ": negative dynamic shared memory size for " +
          describeLaunch(function, grid, block, smem, cluster));
  bool empty = false;
  for (int i = 0; i < 3; ++i) {
    if (grid[i] < 0 || grid[i] > kMaxGridDim[i] || block[i] <= 0)
      fatal(std::string(entry) + ": invalid launch shape for " +
            describeLaunch(function, grid, block, smem, cluster));
    empty |= grid[i] == 0;
  }
  if (empty)
    trace(std::string(entry) + ": skipping empty grid of " +
          describeLaunch(function, grid, block, smem, cluster));
  return !empty;
}

/// Opts the kernel in to `smem` bytes of dynamic shared memory if that is
/// above the default, checking the device limit first.
void prepareSharedMemory(const char *entry, const DeviceInfo &device,
                         CUfunction function, const int64_t grid[3],
                         const int64_t block[3], int32_t smem) {
  if (smem <= kDefaultMaxDynamicSharedBytes)
    return;
  int maxOptIn = 0;
  CUresult result = FP8Q_CU_CALL(
      cuDeviceGetAttribute, &maxOptIn,
      CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device.device);
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, "cuDeviceGetAttribute", result);
  if (smem > maxOptIn)
    fatal(std::string(entry) + ": " +
          describeLaunch(function, grid, block, smem) + " asks for more than " +
          std::to_string(maxOptIn) + " bytes, the most shared memory per " +
          "block that " + device.describe() + " allows");
  result = FP8Q_CU_CALL(cuFuncSetAttribute, function,
                        CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem);
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, "cuFuncSetAttribute", result,
              "while opting " + describeLaunch(function, grid, block, smem) +
                  " in to large dynamic shared memory");
}

/// With FP8Q_CUDA_LAUNCH_BLOCKING set, waits for the launch so that a fault
/// is reported against it.
void syncIfLaunchBlocking(const char *entry, CUstream stream,
                          const std::string &launch) {
  static const bool blocking = envFlag(kLaunchBlockingEnv);
  if (!blocking)
    return;
  CUresult result = FP8Q_CU_CALL(cuStreamSynchronize, stream);
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, "cuStreamSynchronize", result,
              std::string(kLaunchBlockingEnv) + " is set: " + launch +
                  " failed while running");
}

/// Reports a failed wait for asynchronous work (`what`): the error surfaces
/// at the wait, not at the launch that caused it, hence the hint.
void checkQueuedWork(const char *entry, const char *call, CUresult result,
                     const char *what) {
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, call, result,
              std::string(what) + " failed (set " + kLaunchBlockingEnv +
                  "=1 to find the kernel)");
}

/// Whether a `size`-byte module image is text (PTX: not an ELF cubin or a
/// fatbinary) whose last byte is not a NUL.
bool isUnterminatedText(const void *data, size_t size) {
  if (size == 0)
    return false;
  const auto *bytes = static_cast<const unsigned char *>(data);
  constexpr unsigned char kElfMagic[] = {0x7f, 'E', 'L', 'F'};
  // NOTE: the fatbinary header's magic, 0xBA55ED50 little-endian.
  constexpr unsigned char kFatbinMagic[] = {0x50, 0xed, 0x55, 0xba};
  if (size >= 4 && (std::memcmp(bytes, kElfMagic, 4) == 0 ||
                    std::memcmp(bytes, kFatbinMagic, 4) == 0))
    return false;
  return bytes[size - 1] != '\0';
}

/// Loads a module image with the JIT options `options`, reporting failures
/// with the image's architecture, the GPU's, and the JIT log.
CUmodule loadModule(const char *entry, const void *data, size_t size,
                    int32_t optLevel, bool jit) {
  ScopedContext context(entry);
  if (!data)
    fatal(std::string(entry) + ": null module image");
  // NOTE: cuModuleLoadDataEx takes no size: it measures a cubin or fatbinary
  // from its header but reads PTX as a NUL-terminated string, so PTX given
  // with a size (mgpuModuleLoad) and without its NUL is copied with one.
  std::string terminated;
  if (isUnterminatedText(data, size)) {
    terminated.assign(static_cast<const char *>(data), size);
    data = terminated.c_str();
  }
  std::string log(kJitLogBytes, '\0');
  CUjit_option options[3] = {CU_JIT_ERROR_LOG_BUFFER,
                             CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                             CU_JIT_OPTIMIZATION_LEVEL};
  void *values[3] = {log.data(), reinterpret_cast<void *>(kJitLogBytes),
                     reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  unsigned numOptions = jit ? 3 : 2;
  CUmodule module = nullptr;
  CUresult result =
      FP8Q_CU_CALL(cuModuleLoadDataEx, &module, data, numOptions, options,
                   values);
  if (result == CUDA_SUCCESS) {
    trace(std::string(entry) + ": loaded " + describeImage(data, size) +
          " on " + context.device().describe());
    return module;
  }
  log.resize(std::strlen(log.c_str()));
  std::string image = describeImage(data, size);
  std::string hint;
  const DeviceInfo &device = context.device();
  if (result == CUDA_ERROR_NO_BINARY_FOR_GPU)
    hint = "the " + image + "; this GPU is " + device.arch() + " (" +
           device.name + ", device " + std::to_string(device.ordinal) + ")";
  else if (result == CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
    hint = "the " + image + " and needs a newer CUDA driver than this one";
  else
    hint = "the " + image + "; the GPU is " + device.describe();
  while (!log.empty() && std::isspace(static_cast<unsigned char>(log.back())))
    log.pop_back();
  if (!log.empty())
    hint += "; the CUDA JIT said: " + log;
  fatalCuda(entry, "cuModuleLoadDataEx", result, hint);
}

/// Reads the data pointer, sizes and strides of a ranked memref descriptor
/// {allocated, aligned, offset, sizes[rank], strides[rank]}.
struct MemRefView {
  char *data = nullptr;
  const int64_t *sizes = nullptr;
  const int64_t *strides = nullptr;
};

MemRefView readMemRef(const char *entry, int64_t rank, void *descriptor,
                      int64_t elementSizeBytes) {
  if (!descriptor)
    fatal(std::string(entry) + ": null memref descriptor");
  if (rank < 0 || elementSizeBytes <= 0)
    fatal(std::string(entry) + ": invalid memref (rank " +
          std::to_string(rank) + ", element size " +
          std::to_string(elementSizeBytes) + ")");
  struct Header {
    char *allocated;
    char *aligned;
    int64_t offset;
  };
  auto *header = static_cast<Header *>(descriptor);
  MemRefView view;
  view.sizes = reinterpret_cast<const int64_t *>(header + 1);
  view.strides = view.sizes + rank;
  view.data = header->aligned + header->offset * elementSizeBytes;
  return view;
}

/// Size in bytes of a densely strided (row-major, no gaps) memref; ends the
/// process for any other layout, which cannot be registered as one range.
uint64_t denseMemRefBytes(const char *entry, int64_t rank,
                          const MemRefView &view, int64_t elementSizeBytes) {
  int64_t expectedStride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    if (view.sizes[dim] != 1 && view.strides[dim] != expectedStride)
      fatal(std::string(entry) + ": only densely strided memrefs can be " +
            "registered, but dimension " + std::to_string(dim) +
            " has stride " + std::to_string(view.strides[dim]) +
            " (expected " + std::to_string(expectedStride) + ")");
    expectedStride *= view.sizes[dim];
  }
  return static_cast<uint64_t>(expectedStride) *
         static_cast<uint64_t>(elementSizeBytes);
}

/// Bytes per element of a CUtensorMapDataType; 0 for unsupported types.
uint64_t tensorMapElementBytes(int64_t dataType) {
  switch (dataType) {
  case CU_TENSOR_MAP_DATA_TYPE_UINT8:
    return 1;
  case CU_TENSOR_MAP_DATA_TYPE_UINT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
    return 2;
  case CU_TENSOR_MAP_DATA_TYPE_UINT32:
  case CU_TENSOR_MAP_DATA_TYPE_INT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
    return 4;
  case CU_TENSOR_MAP_DATA_TYPE_UINT64:
  case CU_TENSOR_MAP_DATA_TYPE_INT64:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
    return 8;
  default:
    return 0;
  }
}

/// Bytes spanned by a swizzle pattern's rows (0: no swizzle).
uint64_t swizzleSpanBytes(int64_t swizzle) {
  switch (swizzle) {
  case CU_TENSOR_MAP_SWIZZLE_32B:
    return 32;
  case CU_TENSOR_MAP_SWIZZLE_64B:
    return 64;
  case CU_TENSOR_MAP_SWIZZLE_128B:
    return 128;
  default:
    return 0;
  }
}

/// The parameters of a tiled tensor map, innermost dimension first (the
/// driver's order).
struct TensorMapParams {
  int64_t dataType;
  uint32_t rank;
  void *address;
  uint64_t dims[kMaxTensorMapRank];
  uint64_t strides[kMaxTensorMapRank]; // strides[i] is for dims[i + 1]
  uint32_t box[kMaxTensorMapRank];
  uint32_t elementStrides[kMaxTensorMapRank];
  int64_t interleave, swizzle, l2Promotion, oobFill;

  std::string describe() const {
    auto list = [&](auto values, uint32_t n) {
      std::string out = "[";
      for (uint32_t i = 0; i < n; ++i)
        out += (i ? ", " : "") + std::to_string(values[i]);
      return out + "]";
    };
    char address[32];
    std::snprintf(address, sizeof(address), "%p", this->address);
    return "tensor map (data type " + std::to_string(dataType) + ", rank " +
           std::to_string(rank) + ", address " + address + ", dims " +
           list(dims, rank) + ", byte strides " +
           list(strides, rank ? rank - 1 : 0) + ", box " + list(box, rank) +
           ", element strides " + list(elementStrides, rank) +
           ", interleave " + std::to_string(interleave) + ", swizzle " +
           std::to_string(swizzle) + ", l2 promotion " +
           std::to_string(l2Promotion) + ", oob fill " +
           std::to_string(oobFill) + "; innermost dimension first)";
  }
};

/// Checks the documented requirements of cuTensorMapEncodeTiled so that a
/// violation is named rather than reported as CUDA_ERROR_INVALID_VALUE.
void checkTensorMap(const char *entry, const TensorMapParams &p) {
  auto fail = [&](const std::string &why) {
    fatal(std::string(entry) + ": " + why + " in " + p.describe());
  };
  if (p.rank < 1 || p.rank > kMaxTensorMapRank)
    fail("rank must be 1.." + std::to_string(kMaxTensorMapRank));
  uint64_t elementBytes = tensorMapElementBytes(p.dataType);
  if (elementBytes == 0)
    fail("unsupported data type " + std::to_string(p.dataType));
  if (reinterpret_cast<uintptr_t>(p.address) % kTensorMapAddressAlign != 0)
    fail("the global address must be " +
         std::to_string(kTensorMapAddressAlign) + "-byte aligned");
  for (uint32_t i = 0; i < p.rank; ++i) {
    if (p.dims[i] == 0 || p.dims[i] > kMaxTensorMapDim)
      fail("dimension " + std::to_string(i) + " must be in 1..2^32");
    if (p.box[i] == 0 || p.box[i] > kMaxBoxDim)
      fail("box dimension " + std::to_string(i) + " must be in 1.." +
           std::to_string(kMaxBoxDim));
    if (p.elementStrides[i] == 0 || p.elementStrides[i] > kMaxElementStride)
      fail("element stride " + std::to_string(i) + " must be in 1.." +
           std::to_string(kMaxElementStride));
    if (i + 1 < p.rank && (p.strides[i] % kTensorMapStrideAlign != 0 ||
                           p.strides[i] >= kMaxTensorMapStride))
      fail("byte stride " + std::to_string(i) + " must be a multiple of " +
           std::to_string(kTensorMapStrideAlign) + " below 2^40");
  }
  uint64_t innerBoxBytes = p.box[0] * elementBytes;
  if (p.interleave == CU_TENSOR_MAP_INTERLEAVE_NONE) {
    // NOTE: without interleave the inner box row must be a multiple of 16
    // bytes and fit in the swizzle span.
    if (innerBoxBytes % kTensorMapStrideAlign != 0)
      fail("the innermost box dimension must span a multiple of 16 bytes "
           "(it spans " +
           std::to_string(innerBoxBytes) + ")");
    uint64_t span = swizzleSpanBytes(p.swizzle);
    if (span && innerBoxBytes > span)
      fail("the innermost box dimension spans " +
           std::to_string(innerBoxBytes) + " bytes, more than the " +
           std::to_string(span) + "-byte swizzle span");
  }
}

/// Frees the least recently used half of the device copies (under the
/// cache's lock, in the caller's context).
/// NOTE: a launch still queued may read a copy: the device is synchronized
/// first (cuMemFree does not wait for queued work).
void releaseTensorMapCopies(TensorMapCache &cache) {
  FP8Q_CU_CHECK(cuCtxSynchronize);
  std::vector<uint64_t> uses;
  uses.reserve(cache.copies.size());
  for (const auto &entry : cache.copies)
    uses.push_back(entry.second.lastUse);
  auto middle = uses.begin() + uses.size() / 2;
  std::nth_element(uses.begin(), middle, uses.end());
  uint64_t oldestKept = *middle;
  size_t released = 0;
  for (auto it = cache.copies.begin(); it != cache.copies.end();) {
    if (it->second.lastUse >= oldestKept) {
      ++it;
      continue;
    }
    FP8Q_CU_CHECK(cuMemFree, it->second.address);
    it = cache.copies.erase(it);
    ++released;
  }
  trace("mgpuTensorMapEncodeTiledMemref: released " +
        std::to_string(released) + " tensor map copies");
}

/// Encodes `p` into `tensorMap` after checking it.
void encodeTensorMap(const char *entry, CUtensorMap *tensorMap,
                     const TensorMapParams &p) {
  checkTensorMap(entry, p);
  ScopedContext context(entry);
  CUresult result = FP8Q_CU_CALL(
      cuTensorMapEncodeTiled, tensorMap,
      static_cast<CUtensorMapDataType>(p.dataType), p.rank, p.address, p.dims,
      p.strides, p.box, p.elementStrides,
      static_cast<CUtensorMapInterleave>(p.interleave),
      static_cast<CUtensorMapSwizzle>(p.swizzle),
      static_cast<CUtensorMapL2promotion>(p.l2Promotion),
      static_cast<CUtensorMapFloatOOBfill>(p.oobFill));
  if (result != CUDA_SUCCESS)
    fatalCuda(entry, "cuTensorMapEncodeTiled", result,
              "while encoding " + p.describe());
}

} // namespace

//===----------------------------------------------------------------------===//
// Device and context
//===----------------------------------------------------------------------===//

extern "C" void mgpuSetDefaultDevice(int32_t device) { selectDevice(device); }

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

extern "C" void *mgpuModuleLoad(void *data, size_t size) {
  return loadModule(__func__, data, size, /*optLevel=*/0, /*jit=*/false);
}

extern "C" void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  if (optLevel < 0)
    optLevel = 0;
  if (optLevel > kMaxJitOptLevel)
    optLevel = kMaxJitOptLevel;
  size_t size = data ? std::strlen(static_cast<const char *>(data)) : 0;
  return loadModule(__func__, data, size, optLevel, /*jit=*/true);
}

extern "C" void mgpuModuleUnload(void *module) {
  // NOTE: host code unloads its modules in global destructors; if the driver
  // has already shut down at process exit there is nothing left to release.
  ScopedContext context(__func__, DriverShutdown::Tolerated);
  if (context.isDriverShutDown())
    return;
  CUresult result = FP8Q_CU_CALL(cuModuleUnload, static_cast<CUmodule>(module));
  if (result != CUDA_SUCCESS && result != CUDA_ERROR_DEINITIALIZED)
    fatalCuda(__func__, "cuModuleUnload", result);
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  ScopedContext context(__func__);
  if (!name)
    fatal(std::string(__func__) + ": null kernel name");
  CUfunction function = nullptr;
  CUresult result = FP8Q_CU_CALL(cuModuleGetFunction, &function,
                                 static_cast<CUmodule>(module), name);
  if (result == CUDA_ERROR_NOT_FOUND)
    fatal(std::string(__func__) + ": the GPU module has no kernel named '" +
          name + "' (cuModuleGetFunction: " + describeCudaError(result) + ")");
  if (result != CUDA_SUCCESS)
    fatalCuda(__func__, "cuModuleGetFunction", result,
              std::string("looking up kernel '") + name + "'");
  KernelNames &registry = kernelNames();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.names[function] = name;
  return function;
}

extern "C" void mgpuLaunchKernel(void *function, int64_t gridX, int64_t gridY,
                                 int64_t gridZ, int64_t blockX, int64_t blockY,
                                 int64_t blockZ, int32_t smem, void *stream,
                                 void **params, void **extra,
                                 int64_t paramsCount) {
  auto fn = static_cast<CUfunction>(function);
  const int64_t grid[3] = {gridX, gridY, gridZ};
  const int64_t block[3] = {blockX, blockY, blockZ};
  ScopedContext context(__func__);
  if (!checkLaunchShape(__func__, fn, grid, block, smem))
    return;
  prepareSharedMemory(__func__, context.device(), fn, grid, block, smem);
  std::string launch = describeLaunch(fn, grid, block, smem);
  trace(std::string(__func__) + ": " + launch + " with " +
        std::to_string(paramsCount) + " parameters");
  auto cuStream = static_cast<CUstream>(stream);
  CUresult result = FP8Q_CU_CALL(
      cuLaunchKernel, fn, static_cast<unsigned>(gridX),
      static_cast<unsigned>(gridY), static_cast<unsigned>(gridZ),
      static_cast<unsigned>(blockX), static_cast<unsigned>(blockY),
      static_cast<unsigned>(blockZ), static_cast<unsigned>(smem), cuStream,
      params, extra);
  if (result != CUDA_SUCCESS)
    fatalCuda(__func__, "cuLaunchKernel", result,
              "launching " + launch + " on " + context.device().describe());
  syncIfLaunchBlocking(__func__, cuStream, launch);
}

extern "C" void mgpuLaunchClusterKernel(
    void *function, int64_t clusterX, int64_t clusterY, int64_t clusterZ,
    int64_t gridX, int64_t gridY, int64_t gridZ, int64_t blockX, int64_t blockY,
    int64_t blockZ, int32_t smem, void *stream, void **params, void **extra) {
  auto fn = static_cast<CUfunction>(function);
  const int64_t cluster[3] = {clusterX, clusterY, clusterZ};
  const int64_t grid[3] = {gridX, gridY, gridZ};
  const int64_t block[3] = {blockX, blockY, blockZ};
  ScopedContext context(__func__);
  if (!checkLaunchShape(__func__, fn, grid, block, smem, cluster))
    return;
  std::string launch = describeLaunch(fn, grid, block, smem, cluster);
  for (int i = 0; i < 3; ++i)
    if (cluster[i] <= 0 || grid[i] % cluster[i] != 0)
      fatal(std::string(__func__) + ": each grid extent must be a positive " +
            "multiple of the cluster extent in " + launch);
  if (context.device().ccMajor < 9)
    fatal(std::string(__func__) + ": thread-block clusters need sm_90 or " +
          "newer; " + context.device().describe() + " cannot launch " +
          launch);
  prepareSharedMemory(__func__, context.device(), fn, grid, block, smem);
  if (clusterX * clusterY * clusterZ > kMaxPortableClusterSize) {
    CUresult result = FP8Q_CU_CALL(
        cuFuncSetAttribute, fn,
        CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
    if (result != CUDA_SUCCESS)
      fatalCuda(__func__, "cuFuncSetAttribute", result,
                "allowing a non-portable cluster size for " + launch);
  }
  trace(std::string(__func__) + ": " + launch);

  CUlaunchAttribute attribute;
  std::memset(&attribute, 0, sizeof(attribute));
  attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attribute.value.clusterDim.x = static_cast<unsigned>(clusterX);
  attribute.value.clusterDim.y = static_cast<unsigned>(clusterY);
  attribute.value.clusterDim.z = static_cast<unsigned>(clusterZ);
  CUlaunchConfig config;
  std::memset(&config, 0, sizeof(config));
  config.gridDimX = static_cast<unsigned>(gridX);
  config.gridDimY = static_cast<unsigned>(gridY);
  config.gridDimZ = static_cast<unsigned>(gridZ);
  config.blockDimX = static_cast<unsigned>(blockX);
  config.blockDimY = static_cast<unsigned>(blockY);
  config.blockDimZ = static_cast<unsigned>(blockZ);
  config.sharedMemBytes = static_cast<unsigned>(smem);
  config.hStream = static_cast<CUstream>(stream);
  config.attrs = &attribute;
  config.numAttrs = 1;
  CUresult result = FP8Q_CU_CALL(cuLaunchKernelEx, &config, fn, params, extra);
  if (result != CUDA_SUCCESS)
    fatalCuda(__func__, "cuLaunchKernelEx", result,
              "launching " + launch + " on " + context.device().describe());
  syncIfLaunchBlocking(__func__, config.hStream, launch);
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

extern "C" void *mgpuStreamCreate(void) {
  ScopedContext context(__func__);
  CUstream stream = nullptr;
  FP8Q_CU_CHECK(cuStreamCreate, &stream, CU_STREAM_NON_BLOCKING);
  return stream;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  ScopedContext context(__func__);
  FP8Q_CU_CHECK(cuStreamDestroy, static_cast<CUstream>(stream));
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  ScopedContext context(__func__);
  checkQueuedWork(__func__, "cuStreamSynchronize",
                  FP8Q_CU_CALL(cuStreamSynchronize,
                               static_cast<CUstream>(stream)),
                  "work queued on the stream");
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  ScopedContext context(__func__);
  FP8Q_CU_CHECK(cuStreamWaitEvent, static_cast<CUstream>(stream),
                static_cast<CUevent>(event), /*Flags=*/0);
}

extern "C" void *mgpuEventCreate(void) {
  ScopedContext context(__func__);
  CUevent event = nullptr;
  FP8Q_CU_CHECK(cuEventCreate, &event, CU_EVENT_DISABLE_TIMING);
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  ScopedContext context(__func__);
  FP8Q_CU_CHECK(cuEventDestroy, static_cast<CUevent>(event));
}

extern "C" void mgpuEventSynchronize(void *event) {
  ScopedContext context(__func__);
  checkQueuedWork(__func__, "cuEventSynchronize",
                  FP8Q_CU_CALL(cuEventSynchronize,
                               static_cast<CUevent>(event)),
                  "work before the event");
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  ScopedContext context(__func__);
  FP8Q_CU_CHECK(cuEventRecord, static_cast<CUevent>(event),
                static_cast<CUstream>(stream));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/,
                              int8_t isHostShared) {
  if (sizeBytes == 0)
    return nullptr;
  ScopedContext context(__func__);
  CUdeviceptr ptr = 0;
  const char *call = isHostShared ? "cuMemAllocManaged" : "cuMemAlloc";
  CUresult result =
      isHostShared
          ? FP8Q_CU_CALL(cuMemAllocManaged, &ptr, sizeBytes,
                         CU_MEM_ATTACH_GLOBAL)
          : FP8Q_CU_CALL(cuMemAlloc, &ptr, sizeBytes);
  if (result == CUDA_ERROR_OUT_OF_MEMORY) {
    size_t freeBytes = 0, totalBytes = 0;
    std::string memory;
    if (FP8Q_CU_CALL(cuMemGetInfo, &freeBytes, &totalBytes) == CUDA_SUCCESS)
      memory = "; " + formatBytes(freeBytes) + " free of " +
               formatBytes(totalBytes);
    fatal(std::string(__func__) + ": out of device memory: " + call + " of " +
          formatBytes(sizeBytes) + " failed on " +
          context.device().describe() + memory);
  }
  if (result != CUDA_SUCCESS)
    fatalCuda(__func__, call, result,
              "allocating " + formatBytes(sizeBytes) + " on " +
                  context.device().describe());
  trace(std::string(__func__) + ": " + formatBytes(sizeBytes));
  return reinterpret_cast<void *>(ptr);
}

extern "C" void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  ScopedContext context(__func__, DriverShutdown::Tolerated);
  if (context.isDriverShutDown())
    return;
  // NOTE: cuMemFree does not wait for work already queued on the stream that
  // may still use the memory; drain the stream first.
  if (stream)
    FP8Q_CU_CHECK(cuStreamSynchronize, static_cast<CUstream>(stream));
  CUresult result =
      FP8Q_CU_CALL(cuMemFree, reinterpret_cast<CUdeviceptr>(ptr));
  if (result != CUDA_SUCCESS && result != CUDA_ERROR_DEINITIALIZED)
    fatalCuda(__func__, "cuMemFree", result);
}

extern "C" void mgpuMemcpy(void *dst, void *src, uint64_t sizeBytes,
                           void *stream) {
  if (sizeBytes == 0)
    return;
  ScopedContext context(__func__);
  CUresult result = FP8Q_CU_CALL(
      cuMemcpyAsync, reinterpret_cast<CUdeviceptr>(dst),
      reinterpret_cast<CUdeviceptr>(src), sizeBytes,
      static_cast<CUstream>(stream));
  if (result != CUDA_SUCCESS)
    fatalCuda(__func__, "cuMemcpyAsync", result,
              "copying " + formatBytes(sizeBytes));
}

extern "C" void mgpuMemset32(void *dst, uint32_t value, uint64_t count,
                             void *stream) {
  if (count == 0)
    return;
  ScopedContext context(__func__);
  FP8Q_CU_CHECK(cuMemsetD32Async, reinterpret_cast<CUdeviceptr>(dst), value,
                count, static_cast<CUstream>(stream));
}

extern "C" void mgpuMemset16(void *dst, uint16_t value, uint64_t count,
                             void *stream) {
  if (count == 0)
    return;
  ScopedContext context(__func__);
  FP8Q_CU_CHECK(cuMemsetD16Async, reinterpret_cast<CUdeviceptr>(dst), value,
                count, static_cast<CUstream>(stream));
}

extern "C" void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (sizeBytes == 0)
    return;
  ScopedContext context(__func__);
  CUresult result =
      FP8Q_CU_CALL(cuMemHostRegister, ptr, sizeBytes, /*Flags=*/0);
  if (result != CUDA_SUCCESS)
    fatalCuda(__func__, "cuMemHostRegister", result,
              "registering " + formatBytes(sizeBytes) + " of host memory");
}

extern "C" void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementSizeBytes) {
  MemRefView view = readMemRef(__func__, rank, descriptor, elementSizeBytes);
  mgpuMemHostRegister(view.data,
                      denseMemRefBytes(__func__, rank, view, elementSizeBytes));
}

extern "C" void mgpuMemHostUnregister(void *ptr) {
  ScopedContext context(__func__);
  FP8Q_CU_CHECK(cuMemHostUnregister, ptr);
}

extern "C" void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementSizeBytes) {
  MemRefView view = readMemRef(__func__, rank, descriptor, elementSizeBytes);
  if (denseMemRefBytes(__func__, rank, view, elementSizeBytes) == 0)
    return;
  mgpuMemHostUnregister(view.data);
}

//===----------------------------------------------------------------------===//
// TMA descriptors
//===----------------------------------------------------------------------===//

extern "C" void mgpuTensorMapEncodeTiled(
    void *tensorMap, int32_t dataType, uint32_t rank, void *globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const uint32_t *boxDim, const uint32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill) {
  if (!tensorMap || !globalDim || !boxDim || !elementStrides ||
      (rank > 1 && !globalStrides))
    fatal(std::string(__func__) + ": null argument");
  if (rank < 1 || rank > kMaxTensorMapRank)
    fatal(std::string(__func__) + ": tensor map rank " + std::to_string(rank) +
          " is not in 1.." + std::to_string(kMaxTensorMapRank));
  TensorMapParams p = {};
  p.dataType = dataType;
  p.rank = rank;
  p.address = globalAddress;
  for (uint32_t i = 0; i < rank; ++i) {
    p.dims[i] = globalDim[i];
    p.box[i] = boxDim[i];
    p.elementStrides[i] = elementStrides[i];
    if (i + 1 < rank)
      p.strides[i] = globalStrides[i];
  }
  p.interleave = interleave;
  p.swizzle = swizzle;
  p.l2Promotion = l2Promotion;
  p.oobFill = oobFill;
  encodeTensorMap(__func__, static_cast<CUtensorMap *>(tensorMap), p);
}

namespace {
/// Encodes the map of mgpuTensorMapEncodeTiled{Memref,Host} into
/// `tensorMap` (128 bytes, 64-byte aligned); returns its parameters.
TensorMapParams encodeMemRefTensorMap(const char *entry, CUtensorMap *tensorMap,
                                      int64_t rank, void *descriptor,
                                      int64_t dataType, int64_t interleave,
                                      int64_t swizzle, int64_t l2Promotion,
                                      int64_t oobFill, const int64_t *boxDims) {
  const std::string name = entry;
  if (rank < 1 || rank > static_cast<int64_t>(kMaxTensorMapRank))
    fatal(name + ": tensor map rank " + std::to_string(rank) +
          " is not in 1.." + std::to_string(kMaxTensorMapRank));
  if (!boxDims)
    fatal(name + ": null box dimensions");
  uint64_t elementBytes = tensorMapElementBytes(dataType);
  if (elementBytes == 0)
    fatal(name + ": unsupported tensor map data type " +
          std::to_string(dataType));
  MemRefView view =
      readMemRef(entry, rank, descriptor, static_cast<int64_t>(elementBytes));
  // The memref lists dimensions outermost first, the driver innermost first.
  TensorMapParams p = {};
  p.dataType = dataType;
  p.rank = static_cast<uint32_t>(rank);
  p.address = view.data;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = rank - 1 - i;
    if (view.sizes[dim] < 0 || view.strides[dim] < 0 || boxDims[dim] < 0)
      fatal(name + ": negative size, stride or box in " + "dimension " +
            std::to_string(dim));
    p.dims[i] = static_cast<uint64_t>(view.sizes[dim]);
    p.box[i] = static_cast<uint32_t>(boxDims[dim]);
    p.elementStrides[i] = 1;
    if (i > 0)
      p.strides[i - 1] = static_cast<uint64_t>(view.strides[dim]) * elementBytes;
  }
  if (view.strides[rank - 1] != 1)
    fatal(name + ": the innermost dimension of the memref " +
          "must have stride 1 (it has " +
          std::to_string(view.strides[rank - 1]) + ")");
  p.interleave = interleave;
  p.swizzle = swizzle;
  p.l2Promotion = l2Promotion;
  p.oobFill = oobFill;

  std::memset(tensorMap, 0, sizeof(*tensorMap));
  // A memref without elements (M = 0) has nothing to map, and the driver
  // rejects a zero extent: it gets an all-zero map, which only a launch over
  // no data receives (such a launch has an empty grid and is skipped).
  bool empty = false;
  for (int64_t i = 0; i < rank; ++i)
    empty |= p.dims[i] == 0;
  if (empty)
    trace(name + ": no tensor map for an empty memref: " + p.describe());
  else
    encodeTensorMap(entry, tensorMap, p);
  return p;
}
} // namespace

extern "C" void
mgpuTensorMapEncodeTiledHost(void *tensorMap, int64_t rank, void *descriptor,
                             int64_t dataType, int64_t interleave,
                             int64_t swizzle, int64_t l2Promotion,
                             int64_t oobFill, const int64_t *boxDims) {
  // NOTE: 64 bytes, the alignment of a CUtensorMap kernel parameter (cuda.h
  // of CUDA 13 declares the host type 128-byte aligned).
  constexpr uintptr_t kAlignment = 64;
  if (!tensorMap || reinterpret_cast<uintptr_t>(tensorMap) % kAlignment != 0)
    fatal(std::string(__func__) + ": the tensor map must be " +
          std::to_string(kAlignment) + "-byte aligned host memory");
  TensorMapParams p = encodeMemRefTensorMap(
      __func__, static_cast<CUtensorMap *>(tensorMap), rank, descriptor,
      dataType, interleave, swizzle, l2Promotion, oobFill, boxDims);
  trace(std::string(__func__) + ": encoded " + p.describe());
}

extern "C" void *
mgpuTensorMapEncodeTiledMemref(int64_t rank, void *descriptor, int64_t dataType,
                               int64_t interleave, int64_t swizzle,
                               int64_t l2Promotion, int64_t oobFill,
                               const int64_t *boxDims) {
  alignas(64) CUtensorMap tensorMap;
  TensorMapParams p =
      encodeMemRefTensorMap(__func__, &tensorMap, rank, descriptor, dataType,
                            interleave, swizzle, l2Promotion, oobFill, boxDims);

  std::array<unsigned char, kTensorMapBytes> key;
  std::memcpy(key.data(), &tensorMap, kTensorMapBytes);
  TensorMapCache &cache = tensorMapCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto it = cache.copies.find(key);
  if (it != cache.copies.end()) {
    it->second.lastUse = ++cache.clock;
    return reinterpret_cast<void *>(it->second.address);
  }
  ScopedContext context(__func__);
  if (cache.copies.size() >= kMaxTensorMapCopies)
    releaseTensorMapCopies(cache);
  CUdeviceptr copy = 0;
  CUresult result = FP8Q_CU_CALL(cuMemAlloc, &copy, kTensorMapBytes);
  if (result != CUDA_SUCCESS)
    fatalCuda(__func__, "cuMemAlloc", result,
              "allocating the device copy of a tensor map");
  FP8Q_CU_CHECK(cuMemcpyHtoD, copy, &tensorMap, kTensorMapBytes);
  cache.copies.emplace(key, TensorMapCache::Copy{copy, ++cache.clock});
  trace(std::string(__func__) + ": encoded " + p.describe());
  return reinterpret_cast<void *>(copy);
}
