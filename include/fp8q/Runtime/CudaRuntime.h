//===- CudaRuntime.h - the mgpu* ABI over the CUDA driver ---------*- C -*-===//
//
// Part of the fp8q project.
//
// The C functions that host code produced by MLIR 22's `gpu-to-llvm` (and the
// LLVM IR translation of `gpu.binary` / `gpu.launch_func`) calls, implemented
// by libFP8QCudaRuntime.so over the CUDA driver API. With it,
//
//   mlir-runner --shared-libs=libFP8QCudaRuntime.so,... prog.mlir
//
// runs GPU programs; Debian's MLIR packages ship no libmlir_cuda_runtime.
//
// Each declaration notes the LLVM signature that MLIR 22 emits for it; the
// lit test test/Runtime/mgpu-abi.test re-derives those from mlir-opt and
// mlir-translate and fails when they change, and exported-symbols.test checks
// that the library exports exactly these names.
//
// Error policy (docs/Runtime.md): a failing CUDA call prints one line
//   fp8q-cuda-runtime: error: <what failed>: <CUDA error name>: <string>
// (plus hints) to stderr, flushes stdio and ends the process with _Exit(1).
// Nothing continues after a CUDA error and no function returns an error code.
//
// This header needs no CUDA headers: handles are `void *`.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_RUNTIME_CUDARUNTIME_H
#define FP8Q_RUNTIME_CUDARUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define FP8Q_RUNTIME_EXPORT __attribute__((visibility("default")))
#else
#define FP8Q_RUNTIME_EXPORT
#endif

//===----------------------------------------------------------------------===//
// Device and context
//===----------------------------------------------------------------------===//

/// Selects the CUDA device (ordinal) whose primary context every later call
/// uses. The context is created lazily by the first call that needs one, so
/// call this first; selecting another device once the context exists is an
/// error (host code loads its modules at program start, in global
/// constructors). Prefer CUDA_VISIBLE_DEVICES.
/// LLVM: `void @mgpuSetDefaultDevice(i32)`.
FP8Q_RUNTIME_EXPORT void mgpuSetDefaultDevice(int32_t device);

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

/// Loads a cubin or fatbinary (`gpu-module-to-binary format=bin|fatbin`) of
/// `size` bytes. A module without code for this GPU is reported with the
/// architecture it was built for and the GPU's.
/// LLVM: `ptr @mgpuModuleLoad(ptr, i64)`.
FP8Q_RUNTIME_EXPORT void *mgpuModuleLoad(void *data, size_t size);

/// JIT-compiles and loads NUL-terminated PTX (`format=isa`) with the driver's
/// PTX compiler at optimization level `optLevel` (clamped to 0..4); the
/// compiler's error log is printed when it fails.
/// LLVM: `ptr @mgpuModuleLoadJIT(ptr, i32)`.
FP8Q_RUNTIME_EXPORT void *mgpuModuleLoadJIT(void *data, int32_t optLevel);

/// Unloads a module. LLVM: `void @mgpuModuleUnload(ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuModuleUnload(void *module);

/// Returns the kernel `name` of `module`.
/// LLVM: `ptr @mgpuModuleGetFunction(ptr, ptr)`.
FP8Q_RUNTIME_EXPORT void *mgpuModuleGetFunction(void *module, const char *name);

/// Launches `function` on `stream` with `smem` bytes of dynamic shared memory
/// (opting in above the 48 KiB default). `params` points to `paramsCount`
/// pointers to the argument values. A grid with a zero extent launches
/// nothing.
/// LLVM: `void @mgpuLaunchKernel(ptr, i64 x6, i32, ptr, ptr, ptr, i64)`.
FP8Q_RUNTIME_EXPORT void
mgpuLaunchKernel(void *function, int64_t gridX, int64_t gridY, int64_t gridZ,
                 int64_t blockX, int64_t blockY, int64_t blockZ, int32_t smem,
                 void *stream, void **params, void **extra,
                 int64_t paramsCount);

/// Launches `function` as a grid of thread-block clusters (sm_90+). Each grid
/// extent must be a multiple of the cluster extent.
/// LLVM: `void @mgpuLaunchClusterKernel(ptr, i64 x9, i32, ptr, ptr, ptr)`
/// (no parameter count, unlike mgpuLaunchKernel).
FP8Q_RUNTIME_EXPORT void
mgpuLaunchClusterKernel(void *function, int64_t clusterX, int64_t clusterY,
                        int64_t clusterZ, int64_t gridX, int64_t gridY,
                        int64_t gridZ, int64_t blockX, int64_t blockY,
                        int64_t blockZ, int32_t smem, void *stream,
                        void **params, void **extra);

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

/// Creates a non-blocking stream. LLVM: `ptr @mgpuStreamCreate()`.
FP8Q_RUNTIME_EXPORT void *mgpuStreamCreate(void);
/// LLVM: `void @mgpuStreamDestroy(ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuStreamDestroy(void *stream);
/// Waits for the stream; reports asynchronous kernel faults.
/// LLVM: `void @mgpuStreamSynchronize(ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuStreamSynchronize(void *stream);
/// LLVM: `void @mgpuStreamWaitEvent(ptr, ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);

/// Creates an event without timing. LLVM: `ptr @mgpuEventCreate()`.
FP8Q_RUNTIME_EXPORT void *mgpuEventCreate(void);
/// LLVM: `void @mgpuEventDestroy(ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuEventDestroy(void *event);
/// LLVM: `void @mgpuEventSynchronize(ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuEventSynchronize(void *event);
/// LLVM: `void @mgpuEventRecord(ptr, ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuEventRecord(void *event, void *stream);

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// Allocates `sizeBytes` of device memory (managed memory if `isHostShared`,
/// from `gpu.alloc host_shared`). Returns null for zero bytes. Running out of
/// memory is reported with the size asked for and the free memory.
/// LLVM: `ptr @mgpuMemAlloc(i64, ptr, i8)`.
FP8Q_RUNTIME_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                       int8_t isHostShared);
/// Frees memory from mgpuMemAlloc once `stream` (if any) has drained. Null is
/// ignored. LLVM: `void @mgpuMemFree(ptr, ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuMemFree(void *ptr, void *stream);
/// Copies `sizeBytes` between any two of host and device memory, ordered on
/// `stream`. LLVM: `void @mgpuMemcpy(ptr, ptr, i64, ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuMemcpy(void *dst, void *src, uint64_t sizeBytes,
                                    void *stream);
/// Sets `count` 32-bit words. LLVM: `void @mgpuMemset32(ptr, i32, i64, ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuMemset32(void *dst, uint32_t value,
                                      uint64_t count, void *stream);
/// Sets `count` 16-bit words. LLVM: `void @mgpuMemset16(ptr, i16, i64, ptr)`.
FP8Q_RUNTIME_EXPORT void mgpuMemset16(void *dst, uint16_t value,
                                      uint64_t count, void *stream);

/// Page-locks `sizeBytes` of host memory at `ptr` and maps it for the device.
/// Not emitted by gpu-to-llvm (which uses the MemRef form); kept for C
/// callers of the upstream wrappers.
FP8Q_RUNTIME_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
/// Registers the (densely strided) memref described by `descriptor`, a ranked
/// memref descriptor of rank `rank` ({allocated, aligned, offset, sizes[rank],
/// strides[rank]}). LLVM: `void @mgpuMemHostRegisterMemRef(i64, ptr, i64)`.
FP8Q_RUNTIME_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank,
                                                   void *descriptor,
                                                   int64_t elementSizeBytes);
/// Undoes mgpuMemHostRegister.
FP8Q_RUNTIME_EXPORT void mgpuMemHostUnregister(void *ptr);
/// Undoes mgpuMemHostRegisterMemRef.
/// LLVM: `void @mgpuMemHostUnregisterMemRef(i64, ptr, i64)`.
FP8Q_RUNTIME_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                     void *descriptor,
                                                     int64_t elementSizeBytes);

//===----------------------------------------------------------------------===//
// TMA descriptors (tensor maps)
//===----------------------------------------------------------------------===//

/// Encodes a tiled tensor map into the 128-byte host object `tensorMap`:
/// cuTensorMapEncodeTiled with its parameters checked first, so a bad box or
/// stride is named instead of reported as CUDA_ERROR_INVALID_VALUE. Enum
/// arguments are the CUtensorMap* enums of cuda.h (32-bit, as in the upstream
/// wrapper this replaces). Not emitted by MLIR; used by the MemRef form.
FP8Q_RUNTIME_EXPORT void mgpuTensorMapEncodeTiled(
    void *tensorMap, int32_t dataType, uint32_t rank, void *globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const uint32_t *boxDim, const uint32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill);

/// Encodes a tensor map for the memref described by `descriptor` (ranked
/// descriptor of rank `rank`, 1..5; the offset is honoured) with box
/// `boxDims[rank]` (outermost first, as in `nvgpu.tma.create.descriptor`),
/// copies it to device memory and returns the device pointer, which the
/// kernel receives as its descriptor argument. Identical descriptors share
/// one device copy, which lives as long as the process.
/// LLVM (from `--convert-nvgpu-to-nvvm`):
/// `ptr @mgpuTensorMapEncodeTiledMemref(i64, ptr, i64, i64, i64, i64, i64, ptr)`.
FP8Q_RUNTIME_EXPORT void *mgpuTensorMapEncodeTiledMemref(
    int64_t rank, void *descriptor, int64_t dataType, int64_t interleave,
    int64_t swizzle, int64_t l2Promotion, int64_t oobFill,
    const int64_t *boxDims);

/// Encodes the tensor map of mgpuTensorMapEncodeTiledMemref (same
/// parameters) into `tensorMap`, 128 bytes of 64-byte aligned host memory,
/// and copies nothing to the device: for kernels that take the map by value
/// (a `__grid_constant__` parameter; the launch passes the 128 bytes). No
/// synchronous driver call, so it may run while a stream is captured.
/// Emitted by fp8q-tensor-maps-by-value:
/// `void @mgpuTensorMapEncodeTiledHost(ptr, i64, ptr, i64, i64, i64, i64,
/// i64, ptr)`.
FP8Q_RUNTIME_EXPORT void
mgpuTensorMapEncodeTiledHost(void *tensorMap, int64_t rank, void *descriptor,
                             int64_t dataType, int64_t interleave,
                             int64_t swizzle, int64_t l2Promotion,
                             int64_t oobFill, const int64_t *boxDims);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // FP8Q_RUNTIME_CUDARUNTIME_H
