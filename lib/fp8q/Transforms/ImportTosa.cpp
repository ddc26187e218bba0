//===- ImportTosa.cpp - TOSA model graphs to linalg on tensors ------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Transforms/ImportTosa.h"

#include "fp8q/Transforms/Passes.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::fp8q {
#define GEN_PASS_DEF_FP8QIMPORTTOSAPASS
#include "fp8q/Transforms/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;
using namespace mlir::fp8q;

bool fp8q::containsTosaOps(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isa_and_nonnull<tosa::TosaDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

void fp8q::buildTosaToLinalgPipeline(OpPassManager &pm) {
  // Upstream's pipeline; validation at its default ('none') level.
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions());
  OpPassManager &funcs = pm.nest<func::FuncOp>();
  funcs.addPass(createTosaToTensorPass());
  funcs.addPass(createTosaToArithPass());
  // Drops the dead tosa.const_shape operands of the converted reshapes.
  funcs.addPass(createCanonicalizerPass());
}

namespace {
struct Fp8qImportTosaPass
    : fp8q::impl::Fp8qImportTosaPassBase<Fp8qImportTosaPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // The nested pipeline runs dynamically: its dialects load up front.
    OpPassManager pm(ModuleOp::getOperationName());
    buildTosaToLinalgPipeline(pm);
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    if (!containsTosaOps(getOperation()))
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    buildTosaToLinalgPipeline(pm);
    if (failed(runPipeline(pm, getOperation())))
      return signalPassFailure();
    // Whatever upstream's lowering left (an op it does not convert) is an
    // error here, not a crash further down a pipeline.
    WalkResult left = getOperation()->walk([](Operation *op) {
      if (!isa_and_nonnull<tosa::TosaDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitError() << "fp8q-import-tosa: '" << op->getName()
                      << "' is not lowered to linalg by upstream's "
                         "tosa-to-linalg pipeline";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
