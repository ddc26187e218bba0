//===- CpuPipeline.cpp - fp8q to LLVM for the CPU -------------------------===//
//
// Part of the fp8q project.
//
// The pass order follows the dependencies between the conversions: tensors
// must be buffers before linalg becomes loops; affine and scf must be gone
// before cf/LLVM; math-to-libm and arith-expand create func/arith ops, so
// they run before func-to-llvm and arith-to-llvm; reconcile-unrealized-casts
// only succeeds once everything is LLVM.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Pipelines/CpuPipeline.h"
#include "fp8q/Pipelines/Pipelines.h"

#include "fp8q/Conversion/Passes.h"
#include "fp8q/Pipelines/Passes.h"
#include "fp8q/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/Transforms/RequestCWrappers.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
/// fp8q ops to linalg on tensors, cleaned up.
void addFp8qToLinalg(OpPassManager &pm) {
  pm.addPass(fp8q::createConvertFp8qToLinalgPass());
  pm.addPass(createCanonicalizerPass());
}

/// linalg, affine and scf to a CFG of memref/arith/math ops.
void addLoopLowering(OpPassManager &pm) {
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
}

/// Everything to the LLVM dialect.
void addLLVMLowering(OpPassManager &pm,
                     const fp8q::CpuPipelineOptions &options) {
  if (options.cWrappers)
    pm.addNestedPass<func::FuncOp>(LLVM::createLLVMRequestCWrappersPass());
  fp8q::addHostToLLVMConversions(pm);
  pm.addPass(createReconcileUnrealizedCastsPass());
}
} // namespace

void fp8q::buildFp8qCpuPipeline(OpPassManager &pm,
                                const CpuPipelineOptions &options) {
  // TOSA input to linalg on tensors (nothing without TOSA ops).
  pm.addPass(fp8q::createFp8qImportTosaPass());
  addFp8qToLinalg(pm);
  fp8q::addHostBufferization(pm, options.deallocate);
  addLoopLowering(pm);
  addLLVMLowering(pm, options);
  pm.addPass(createFp8qCheckLoweredToLLVMPass());
}

void fp8q::registerFp8qCpuPipeline() {
  PassPipelineRegistration<CpuPipelineOptions>(
      "fp8q-cpu-pipeline",
      "Lower fp8q ops and tensor model code to the LLVM dialect for "
      "mlir-runner on the CPU (reference numerics)",
      buildFp8qCpuPipeline);
}
