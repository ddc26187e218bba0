//===- consumer.cpp - a tiny compiler embedding fp8q ----------------------===//
//
// Parses and verifies a file with fp8q ops, counts them, then runs a textual
// pass pipeline (fp8q passes included) and prints the result:
//
//   fp8q-consumer <file.mlir> [passes on the module, e.g. "canonicalize,cse"]
//
//===----------------------------------------------------------------------===//

#include "fp8q/IR/Fp8qOps.h"
#include "fp8q/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: fp8q-consumer <file.mlir> [passes, e.g. canonicalize,cse]\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::fp8q::registerFp8qAndUpstreamDialects(registry);
  mlir::fp8q::registerFp8qAndUpstreamPasses();
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module) {
    llvm::errs() << "consumer: failed to parse or verify " << argv[1] << "\n";
    return 1;
  }

  std::map<std::string, int> counts;
  module->walk([&](mlir::Operation *op) {
    if (llvm::isa<mlir::fp8q::Fp8qDialect>(op->getDialect()))
      ++counts[op->getName().getStringRef().str()];
  });
  llvm::outs() << "consumer:";
  for (const char *name : {"fp8q.quantize", "fp8q.dequantize",
                           "fp8q.tile_transpose", "fp8q.scaled_matmul"})
    llvm::outs() << " " << name << " x" << counts[name];
  llvm::outs() << "\n";

  if (argc == 3) {
    auto pm = mlir::PassManager::on<mlir::ModuleOp>(&context);
    if (mlir::failed(mlir::parsePassPipeline(argv[2], pm, llvm::errs())) ||
        mlir::failed(pm.run(*module))) {
      llvm::errs() << "consumer: pipeline '" << argv[2] << "' failed\n";
      return 1;
    }
    module->print(llvm::outs());
  }
  return 0;
}
