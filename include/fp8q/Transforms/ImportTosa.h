//===- ImportTosa.h - TOSA model graphs to linalg on tensors ----*- C++ -*-===//
//
// Part of the fp8q project.
//
// TOSA front ends (buddy-mlir, torch-mlir's TOSA path, TFLite imports) give
// graphs of tosa.matmul on 3-D operands, weights behind tosa.const,
// tosa.reshape and tosa.transpose. fp8q reads linalg on tensors: these
// helpers run upstream's TOSA lowering (tosa-to-linalg-named, tosa-to-linalg,
// tosa-to-arith, tosa-to-tensor) when, and only when, a module holds TOSA
// ops, so the model pass and the CPU/GPU pipelines accept TOSA input and
// leave other input untouched.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TRANSFORMS_IMPORTTOSA_H
#define FP8Q_TRANSFORMS_IMPORTTOSA_H

#include "mlir/IR/Operation.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::fp8q {

/// True when an op of the `tosa` dialect is nested under `root`.
bool containsTosaOps(Operation *root);

/// Adds to `pm` (anchored on builtin.module) upstream's lowering of TOSA to
/// linalg, tensor and arith on tensors: mlir::tosa::addTosaToLinalgPasses
/// (named ops such as tosa.matmul -> linalg.batch_matmul, elementwise ops ->
/// linalg.generic, tosa.transpose -> linalg.transpose) followed by
/// tosa-to-tensor (tosa.reshape -> tensor.expand_shape/collapse_shape) and
/// tosa-to-arith (tosa.const -> arith.constant).
void buildTosaToLinalgPipeline(OpPassManager &pm);

} // namespace mlir::fp8q

#endif // FP8Q_TRANSFORMS_IMPORTTOSA_H
