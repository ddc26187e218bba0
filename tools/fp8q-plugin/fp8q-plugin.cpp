//===- fp8q-plugin.cpp - fp8q as an mlir-opt plugin -----------------------===//
//
// Part of the fp8q project.
//
// Entry points looked up by `mlir-opt --load-dialect-plugin` and
// `--load-pass-plugin`. Both register through fp8q/InitAll.h.
//
//===----------------------------------------------------------------------===//

#include "fp8q/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FP8Q", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            fp8q::registerFp8qDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FP8Q", LLVM_VERSION_STRING,
          []() { fp8q::registerFp8qPasses(); }};
}
