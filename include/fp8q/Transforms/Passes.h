//===- Passes.h - fp8q graph-level passes -----------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
// Declarations of the passes in Passes.td. The reusable work behind each pass
// is declared next to it (QuantizeModel.h, ModelAnalysis.h,
// WeightProvenance.h).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TRANSFORMS_PASSES_H
#define FP8Q_TRANSFORMS_PASSES_H

#include "fp8q/IR/Fp8qDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::fp8q {

#define GEN_PASS_DECL
#include "fp8q/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fp8q/Transforms/Passes.h.inc"

} // namespace mlir::fp8q

#endif // FP8Q_TRANSFORMS_PASSES_H
