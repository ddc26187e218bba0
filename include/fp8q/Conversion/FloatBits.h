//===- FloatBits.h - IEEE f32 bit fields for the lowerings ------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The f32 bit fields that the reference lowering (exact E4M3 conversion,
// power-of-two scale rounding) and the GPU kernels (magnitude keys, scale
// rounding) compute with in integer arithmetic: one definition for both.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FLOATBITS_H
#define FP8Q_CONVERSION_FLOATBITS_H

#include <cstdint>

namespace mlir::fp8q::f32bits {

constexpr int64_t kBits = 32;
constexpr int64_t kFractionBits = 23;
constexpr int64_t kFractionMask = (int64_t{1} << kFractionBits) - 1;
/// The implicit leading bit of a normal number: also one unit of the
/// exponent field.
constexpr int64_t kImplicitBit = int64_t{1} << kFractionBits;
/// The exponent field after a shift by kFractionBits.
constexpr int64_t kExponentMask = 0xFF;
constexpr int64_t kExponentBias = 127;
constexpr int64_t kSignShift = 31;
constexpr int64_t kSignMask = int64_t{1} << kSignShift;
constexpr int64_t kAbsMask = kSignMask - 1;
/// Bits of +Inf; every larger magnitude is a NaN.
constexpr int64_t kInfBits = kExponentMask << kFractionBits;

} // namespace mlir::fp8q::f32bits

#endif // FP8Q_CONVERSION_FLOATBITS_H
