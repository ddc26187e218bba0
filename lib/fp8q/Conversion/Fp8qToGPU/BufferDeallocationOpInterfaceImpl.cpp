//===- BufferDeallocationOpInterfaceImpl.cpp - GPU host ops ---------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToGPU/BufferDeallocationOpInterfaceImpl.h"

#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace {

/// A host op that neither allocates nor frees memory and defines no memref:
/// the deallocation state stays as it is. Its memref operands (a
/// gpu.launch_func may take some) keep their owners.
template <typename OpTy>
struct NoOwnershipChangeModel
    : bufferization::BufferDeallocationOpInterface::ExternalModel<
          NoOwnershipChangeModel<OpTy>, OpTy> {
  FailureOr<Operation *>
  process(Operation *op, bufferization::DeallocationState &,
          const bufferization::DeallocationOptions &) const {
    return op;
  }
};

} // namespace

void fp8q::registerGPUHostBufferDeallocationExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, gpu::GPUDialect *) {
    gpu::LaunchFuncOp::attachInterface<
        NoOwnershipChangeModel<gpu::LaunchFuncOp>>(*context);
    gpu::WaitOp::attachInterface<NoOwnershipChangeModel<gpu::WaitOp>>(*context);
  });
  // The wgmma GEMM's TMA descriptors only read the address and layout of
  // their memref.
  registry.addExtension(+[](MLIRContext *context, nvgpu::NVGPUDialect *) {
    nvgpu::TmaCreateDescriptorOp::attachInterface<
        NoOwnershipChangeModel<nvgpu::TmaCreateDescriptorOp>>(*context);
  });
}
