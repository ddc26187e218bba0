//===- fp8-opt.cpp - the fp8q optimizer driver ----------------------------===//
//
// Part of the fp8q project.
//
// An mlir-opt with the fp8q dialect and passes: every upstream dialect and
// pass is available too, so model graphs can be compiled end to end.
//
//===----------------------------------------------------------------------===//

#include "fp8q/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#ifdef FP8Q_INCLUDE_TESTS
namespace mlir::fp8q::test {
void registerTestE4M3ConversionPass();
} // namespace mlir::fp8q::test
#endif

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::fp8q::registerFp8qAndUpstreamDialects(registry);
  mlir::fp8q::registerFp8qAndUpstreamPasses();
#ifdef FP8Q_INCLUDE_TESTS
  mlir::fp8q::test::registerTestE4M3ConversionPass();
#endif
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "fp8q optimizer driver (fine-grained FP8 for MLIR)\n",
      registry));
}
