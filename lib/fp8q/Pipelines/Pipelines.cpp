//===- Pipelines.cpp - fp8q end-to-end pipelines --------------------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Pipelines/Pipelines.h"
#include "fp8q/Pipelines/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

void fp8q::addHostBufferization(OpPassManager &pm, bool deallocate) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (deallocate)
    bufferization::buildBufferDeallocationPipeline(pm);
  // bufferization.clone (from deallocation) to memref.alloc + copy.
  pm.addPass(createConvertBufferizationToMemRefPass());
}

void fp8q::addHostToLLVMConversions(OpPassManager &pm) {
  // The messages of failed cf.asserts on stderr (upstream's go to buffered
  // stdout and are lost on abort()).
  pm.addPass(createFp8qLowerHostAssertsPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  // What has no LLVM intrinsic (erf, ...) becomes a libm call.
  pm.addPass(createConvertMathToLibmPass());
  // NOTE: include-bf16 expands f32 -> bf16 truncation into integer RN-even
  // arithmetic. Left to LLVM, x86 hosts with AVX512-BF16 use VCVTNEPS2BF16,
  // which flushes subnormals to zero, so model code would round differently
  // from host to host (docs/Numerics.md).
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
}

void mlir::fp8q::registerFp8qPipelines() {
  registerFp8qPipelinesPasses();
  registerFp8qCpuPipeline();
  registerFp8qGpuPipeline();
}
