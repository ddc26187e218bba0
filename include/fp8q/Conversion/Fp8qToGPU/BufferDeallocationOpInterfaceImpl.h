//===- BufferDeallocationOpInterfaceImpl.h - GPU host ops -------*- C++ -*-===//
//
// Part of the fp8q project.
//
// Ownership-based buffer deallocation (`buffer-deallocation-pipeline`)
// rejects every op without a memory-effect interface, and in MLIR 22 two GPU
// host ops have none: `gpu.launch_func` and `gpu.wait`. Neither allocates,
// frees or returns a memref, so for the deallocation pass they change no
// ownership; these external models say so (BufferDeallocationOpInterface is
// consulted by that pass only, so nothing else changes). With them the GPU
// pipeline frees the host buffers of a program like the CPU pipeline does.
// The device buffers of convert-fp8q-to-gpu carry
// `bufferization.manual_deallocation` and are freed by its `gpu.dealloc`s.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOGPU_BUFFERDEALLOCATIONOPINTERFACEIMPL_H
#define FP8Q_CONVERSION_FP8QTOGPU_BUFFERDEALLOCATIONOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::fp8q {

/// Attaches BufferDeallocationOpInterface to `gpu.launch_func` and
/// `gpu.wait` (no ownership change). Called by registerFp8qDialects.
void registerGPUHostBufferDeallocationExternalModels(DialectRegistry &registry);

} // namespace mlir::fp8q

#endif // FP8Q_CONVERSION_FP8QTOGPU_BUFFERDEALLOCATIONOPINTERFACEIMPL_H
