//===- InitAll.cpp - the one registration point of fp8q -------------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/InitAll.h"

#include "fp8q/Conversion/Fp8qToGPU/BufferDeallocationOpInterfaceImpl.h"
#include "fp8q/Conversion/Passes.h"
#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/Pipelines/Pipelines.h"
#include "fp8q/Target/Passes.h"
#include "fp8q/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

using namespace mlir;

void fp8q::registerFp8qDialects(DialectRegistry &registry) {
  registry.insert<fp8q::Fp8qDialect>();
  // The GPU pipeline's buffer deallocation needs them (gpu.launch_func).
  registerGPUHostBufferDeallocationExternalModels(registry);
}

void fp8q::registerFp8qPasses() {
  // The registries reject a pipeline registered twice: run once.
  static const bool registered = [] {
    registerFp8qConversionPasses();
    registerFp8qPipelines();
    registerFp8qTargetPasses();
    registerFp8qTransformsPasses();
    return true;
  }();
  (void)registered;
}

void fp8q::registerFp8qAndUpstreamDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registerFp8qDialects(registry);
}

void fp8q::registerFp8qAndUpstreamPasses() {
  mlir::registerAllPasses();
  registerFp8qPasses();
}
