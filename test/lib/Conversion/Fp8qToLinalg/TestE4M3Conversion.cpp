//===- TestE4M3Conversion.cpp - expose the E4M3 builders to tests ---------===//
//
// Part of the fp8q project.
//
// `--fp8q-test-e4m3-conversion` rewrites
//
//   arith.truncf %x : f32 to f8E4M3FN   ->  createF32ToE4M3 (RN, satfinite)
//   arith.extf %q : f8E4M3FN to f32     ->  createE4M3ToF32
//
// and any f32 -> f32 op carrying the unit attribute `fp8q_test_pow2_ceil`
// into createPow2Ceil of its first operand, so that integration tests can run
// the software conversions and the pow2 scale on arbitrary f32 inputs
// (through fp8q.quantize only |y| <= ~448 and r >= 1e-30 / 448 are
// reachable). Test only: `arith.truncf` itself is not saturating (it gives
// NaN above 464).
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToLinalg/E4M3.h"
#include "fp8q/Conversion/Fp8qToLinalg/Fp8qToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
/// Marks the op whose result becomes createPow2Ceil(operand #0).
constexpr llvm::StringLiteral kPow2CeilAttr = "fp8q_test_pow2_ceil";

struct TestE4M3ConversionPass
    : PassWrapper<TestE4M3ConversionPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestE4M3ConversionPass)

  StringRef getArgument() const final { return "fp8q-test-e4m3-conversion"; }
  StringRef getDescription() const final {
    return "Test only: expand scalar arith.truncf f32->f8E4M3FN (as RN "
           "satfinite), arith.extf f8E4M3FN->f32 and ops marked "
           "fp8q_test_pow2_ceil with the fp8q builders";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](Operation *op) {
      Value replacement;
      rewriter.setInsertionPoint(op);
      if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        if (trunc.getIn().getType().isF32() &&
            isa<Float8E4M3FNType>(trunc.getType()))
          replacement =
              fp8q::createF32ToE4M3(rewriter, op->getLoc(), trunc.getIn());
      } else if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
        if (isa<Float8E4M3FNType>(ext.getIn().getType()) &&
            ext.getType().isF32())
          replacement =
              fp8q::createE4M3ToF32(rewriter, op->getLoc(), ext.getIn());
      } else if (op->hasAttr(kPow2CeilAttr) && op->getNumOperands() >= 1 &&
                 op->getNumResults() == 1 &&
                 op->getOperand(0).getType().isF32() &&
                 op->getResult(0).getType().isF32()) {
        replacement =
            fp8q::createPow2Ceil(rewriter, op->getLoc(), op->getOperand(0));
      }
      if (replacement)
        rewriter.replaceOp(op, replacement);
    });
  }
};
} // namespace

namespace mlir::fp8q::test {
void registerTestE4M3ConversionPass() {
  PassRegistration<TestE4M3ConversionPass>();
}
} // namespace mlir::fp8q::test
