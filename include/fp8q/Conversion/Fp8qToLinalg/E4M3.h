//===- E4M3.h - f32 <-> f8E4M3FN in integer arithmetic ----------*- C++ -*-===//
//
// Part of the fp8q project.
//
// MLIR 22 lowers neither `arith.truncf` to f8E4M3FN nor `arith.extf` from it
// on the CPU (the LLVM dialect has no FP8 types), and `arith.truncf` would
// not have the saturating semantics of the recipe anyway. These builders
// emit the two conversions as plain `arith` integer operations on the IEEE
// bits, so they lower everywhere and are exact by construction. The method
// is described in docs/Numerics.md ("E4M3 in software").
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOLINALG_E4M3_H
#define FP8Q_CONVERSION_FP8QTOLINALG_E4M3_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace mlir::fp8q {

/// Emits `cvt_rn_satfinite_e4m3(x)` for a scalar f32 `x` and returns the
/// f8E4M3FN result (PTX `cvt.rn.satfinite.e4m3x2.f32`, one lane):
///
/// * round to nearest, ties to the even code, on the E4M3 grid including
///   the subnormals m * 2^-9 (magnitudes <= 2^-10 round to zero);
/// * magnitudes that round above 448, and +-Inf, saturate to +-448
///   (0x7E / 0xFE);
/// * NaN of any sign or payload gives the canonical NaN 0x7F;
/// * the sign is kept, also for zero (negative values that round to zero
///   give 0x80).
///
/// Only `arith` integer ops on the f32 bits are used, ending in
/// `arith.bitcast : i8 to f8E4M3FN`.
Value createF32ToE4M3(OpBuilder &builder, Location loc, Value x);

/// Emits the exact widening of a scalar f8E4M3FN `q` to f32: normal codes
/// are re-biased bit fields, subnormal codes m * 2^-9, 0x7F/0xFF a quiet
/// NaN, 0x80 is -0.0. Starts with `arith.bitcast : f8E4M3FN to i8`.
Value createE4M3ToF32(OpBuilder &builder, Location loc, Value q);

} // namespace mlir::fp8q

#endif // FP8Q_CONVERSION_FP8QTOLINALG_E4M3_H
