//===- CudaDriver.h - CUDA driver loading, context, errors -------*- C++ -*-===//
//
// Part of the fp8q project.
//
// Private to libFP8QCudaRuntime. The CUDA driver (libcuda.so.1) is opened
// with dlopen on first use instead of being linked, so that the runtime loads
// on machines without a driver (CI, mlir-runner on a laptop) and can say
// "no CUDA driver found" instead of the dynamic loader failing first. The
// functions are resolved under their versioned names (cuMemAlloc_v2, ...)
// exactly as cuda.h maps them, so calls use the ABI cuda.h was written for.
//
// Every failure goes through fatal()/fatalCuda(): one "fp8q-cuda-runtime:
// error: ..." line on stderr, stdio flushed, _Exit(kFatalExitCode).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_LIB_RUNTIME_CUDADRIVER_H
#define FP8Q_LIB_RUNTIME_CUDADRIVER_H

#include <cuda.h>

#include <string>

namespace fp8q::runtime {

/// Exit status of a process ended by a runtime error.
constexpr int kFatalExitCode = 1;

/// Environment variable naming the driver library to open instead of
/// libcuda.so.1 (a non-standard driver location, or a test double).
constexpr const char *kDriverLibraryEnv = "FP8Q_CUDA_DRIVER_LIBRARY";
/// The driver's soname, opened by default.
constexpr const char *kDefaultDriverLibrary = "libcuda.so.1";
/// Environment variable: if set to a non-zero value, every kernel launch is
/// followed by a stream synchronization so that asynchronous faults are
/// reported against the kernel that caused them.
constexpr const char *kLaunchBlockingEnv = "FP8Q_CUDA_LAUNCH_BLOCKING";
/// Environment variable: if set to a non-zero value, module loads, launches
/// and allocations are traced to stderr.
constexpr const char *kTraceEnv = "FP8Q_CUDA_RUNTIME_TRACE";

/// The driver functions the runtime uses. X(name) is expanded once per
/// function; `name` is the cuda.h spelling, which cuda.h may #define to a
/// versioned symbol (cuMemAlloc -> cuMemAlloc_v2).
#define FP8Q_CUDA_DRIVER_FUNCTIONS(X)                                          \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxGetCurrent)                                                           \
  X(cuCtxPushCurrent)                                                          \
  X(cuCtxPopCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuLaunchKernelEx)                                                          \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamWaitEvent)                                                         \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuMemAlloc)                                                                \
  X(cuMemAllocManaged)                                                         \
  X(cuMemFree)                                                                 \
  X(cuMemGetInfo)                                                              \
  X(cuMemcpyAsync)                                                             \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemsetD32Async)                                                          \
  X(cuMemsetD16Async)                                                          \
  X(cuMemHostRegister)                                                         \
  X(cuMemHostUnregister)                                                       \
  X(cuTensorMapEncodeTiled)

/// Pointers to the driver functions; null where the driver lacks one (an old
/// driver), which is reported when the function is first called.
struct DriverApi {
#define FP8Q_DECLARE_DRIVER_FUNCTION(name) decltype(&::name) name = nullptr;
  FP8Q_CUDA_DRIVER_FUNCTIONS(FP8Q_DECLARE_DRIVER_FUNCTION)
#undef FP8Q_DECLARE_DRIVER_FUNCTION
};

/// Prints "fp8q-cuda-runtime: error: <message>" to stderr and ends the
/// process (kFatalExitCode) without running atexit handlers or global
/// destructors, which would call back into a broken CUDA state.
[[noreturn]] void fatal(const std::string &message);

/// Like fatal(), for a failed driver call: "<entry>: <call> failed:
/// <CUDA_ERROR_NAME>: <description>" followed by `hint` if not empty.
[[noreturn]] void fatalCuda(const char *entry, const char *call,
                            CUresult result, const std::string &hint = {});

/// "CUDA_ERROR_X: description" for `result`, from the driver if it can say,
/// else from a built-in table (the CUDA link stub answers nothing).
std::string describeCudaError(CUresult result);

/// Returns the driver, opening it and calling cuInit on first use. Reports a
/// missing driver, the toolkit's link stub and the absence of devices.
const DriverApi &driver();

/// Reports a driver function missing from an old driver; returns `fn`.
template <typename Fn>
Fn require(Fn fn, const char *entry, const char *name) {
  if (!fn)
    fatal(std::string(entry) + ": the CUDA driver has no " + name +
          "; a driver for CUDA 12.0 or newer is needed");
  return fn;
}

/// Calls a driver function and ends the process if it fails, naming the
/// mgpu* entry point and the driver function:
///   FP8Q_CU_CHECK(cuStreamSynchronize, stream);
/// must be used inside the entry point (it reports __func__).
#define FP8Q_CU_CHECK(fn, ...)                                                 \
  do {                                                                         \
    CUresult fp8qResult_ =                                                     \
        ::fp8q::runtime::require(::fp8q::runtime::driver().fn, __func__, #fn)( \
            __VA_ARGS__);                                                      \
    if (fp8qResult_ != CUDA_SUCCESS)                                           \
      ::fp8q::runtime::fatalCuda(__func__, #fn, fp8qResult_);                  \
  } while (false)

/// Calls a driver function and returns its result for the caller to handle.
#define FP8Q_CU_CALL(fn, ...)                                                  \
  ::fp8q::runtime::require(::fp8q::runtime::driver().fn, __func__,             \
                           #fn)(__VA_ARGS__)

/// The device every call uses: the one mgpuSetDefaultDevice chose (default 0).
struct DeviceInfo {
  int ordinal = 0;
  CUdevice device = 0;
  CUcontext context = nullptr;
  int ccMajor = 0;
  int ccMinor = 0;
  std::string name;

  /// "sm_90" for compute capability 9.0.
  std::string arch() const;
  /// "device 0 (NVIDIA H200, sm_90)".
  std::string describe() const;
};

/// Chooses the device for the context created later. Fails if a context for
/// another device exists already.
void selectDevice(int ordinal);

/// Returns the current device, creating (retaining) its primary context on
/// first use.
const DeviceInfo &currentDevice();

/// What a ScopedContext does when the driver has shut down
/// (CUDA_ERROR_DEINITIALIZED).
enum class DriverShutdown {
  /// Report it and end the process, like any other CUDA error.
  Fatal,
  /// Note it (ScopedContext::isDriverShutDown): the entry point releases a
  /// resource and is called from a global destructor at process exit, where
  /// the driver's own exit handler may already have run (it is registered
  /// when the driver initializes, i.e. during the host program's global
  /// constructors, so it runs before the destructors of .fini_array). Then
  /// there is nothing left to release.
  Tolerated,
};

/// Makes the runtime's context current for the lifetime of the object and
/// restores the caller's afterwards (so that a host program's own contexts,
/// e.g. PyTorch's, are left alone).
class ScopedContext {
public:
  explicit ScopedContext(const char *entry,
                         DriverShutdown shutdown = DriverShutdown::Fatal);
  ~ScopedContext();
  ScopedContext(const ScopedContext &) = delete;
  ScopedContext &operator=(const ScopedContext &) = delete;

  const DeviceInfo &device() const { return *info; }
  /// True if the driver had shut down (only with DriverShutdown::Tolerated):
  /// no context was made current and the entry point must return.
  bool isDriverShutDown() const { return driverShutDown; }

private:
  const DeviceInfo *info;
  const char *entry;
  bool pushed = false;
  bool driverShutDown = false;
};

/// True if the environment variable `name` is set to something other than
/// "" or "0".
bool envFlag(const char *name);

/// Prints "fp8q-cuda-runtime: <message>" to stderr if tracing is enabled.
void trace(const std::string &message);

/// Describes the GPU architecture a module image was built for: "cubin for
/// sm_90a", "PTX for sm_90a", "fatbinary" (with the architecture where
/// found), or "GPU module of unknown kind".
std::string describeImage(const void *data, size_t size);

/// Formats a byte count as "1234 bytes (1.2 KiB)".
std::string formatBytes(unsigned long long bytes);

} // namespace fp8q::runtime

#endif // FP8Q_LIB_RUNTIME_CUDADRIVER_H
