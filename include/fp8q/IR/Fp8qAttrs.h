//===- Fp8qAttrs.h - fp8q attributes and enums ------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_IR_FP8QATTRS_H
#define FP8Q_IR_FP8QATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "fp8q/IR/Fp8qEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "fp8q/IR/Fp8qAttrs.h.inc"

namespace mlir::fp8q {

/// Largest finite f8E4M3FN magnitude; the denominator of every scale.
constexpr float kE4M3Max = 448.0f;

/// Smallest `eps` the ops accept: keeps 1/s finite in f32 for every tile
/// (s >= eps / 448 > 2^-127).
constexpr float kMinEps = 1.0e-30f;

} // namespace mlir::fp8q

#endif // FP8Q_IR_FP8QATTRS_H
