//===- E4M3.cpp - f32 <-> f8E4M3FN in integer arithmetic ------------------===//
//
// Part of the fp8q project.
//
// Both conversions work on the IEEE bit fields with `arith` integer ops
// only. The bit layouts involved:
//
//   f32       s eeeeeeee fffffffffffffffffffffff   bias 127, 23 fraction bits
//   f8E4M3FN  s eeee mmm                           bias 7,   3 fraction bits
//
// E4M3 has no infinities: s.1111.111 is NaN, so the largest finite value is
// s.1111.110 = 1.75 * 2^8 = 448. Exponent field 0 holds the subnormals
// m * 2^-9.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToLinalg/E4M3.h"
#include "fp8q/Conversion/FloatBits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
namespace f32bits = mlir::fp8q::f32bits;

namespace {
// f32 bit fields: fp8q/Conversion/FloatBits.h; and the quiet NaN.
constexpr int64_t kF32QuietNaNBits = 0x7FC00000;

// f8E4M3FN bit fields.
constexpr int64_t kE4M3FractionBits = 3;
constexpr int64_t kE4M3FractionMask = (int64_t{1} << kE4M3FractionBits) - 1;
constexpr int64_t kE4M3ExponentBias = 7;
constexpr int64_t kE4M3SignShift = 7;
constexpr int64_t kE4M3AbsMask = 0x7F;
/// Code of +448, the largest finite magnitude (s.1111.110).
constexpr int64_t kE4M3MaxCode = 0x7E;
/// The canonical NaN that `cvt.rn.satfinite` produces (s.1111.111, s = 0).
constexpr int64_t kE4M3NaNCode = 0x7F;
/// Codes below this one have a zero exponent field (subnormals and zero).
constexpr int64_t kE4M3MinNormalCode = int64_t{1} << kE4M3FractionBits;
/// The E4M3 subnormal quantum 2^-9 (= 2^(1 - bias - fraction bits)).
constexpr float kE4M3SubnormalQuantum = 1.0f / 512.0f;

/// f32 biased exponent minus E4M3 biased exponent of the same binade.
constexpr int64_t kRebias = f32bits::kExponentBias - kE4M3ExponentBias;
/// f32 biased exponent of 2^-6, the smallest normal E4M3 value. From here
/// up an E4M3 value keeps 3 fraction bits; below it the quantum stays 2^-9.
constexpr int64_t kE4M3MinNormalF32Exponent = kRebias + 1;
/// Fraction bits a normal f32 loses when rounded to E4M3.
constexpr int64_t kDroppedFractionBits =
    f32bits::kFractionBits - kE4M3FractionBits;
/// Below 2^-6 one more bit is dropped per binade. Past 5 more bits the
/// whole 24-bit significand lies below the rounding point, so the shift is
/// clamped (to 6, i.e. at most 26) to stay well inside 32 bits.
constexpr int64_t kMaxExtraDroppedBits = 6;

/// Small helpers for the i32 arithmetic below.
struct I32Builder {
  ImplicitLocOpBuilder &b;

  /// An i32 constant with the bit pattern `v` (< 2^32).
  Value c(int64_t v) {
    return arith::ConstantIntOp::create(b, b.getI32Type(),
                                        APInt(32, static_cast<uint64_t>(v)));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, x, y); }
  Value band(Value x, Value y) { return arith::AndIOp::create(b, x, y); }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, x, y); }
  Value shr(Value x, Value y) { return arith::ShRUIOp::create(b, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, p, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, cond, x, y);
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// f32 -> f8E4M3FN
//===----------------------------------------------------------------------===//

// NOTE: the rounding follows PTX `cvt.rn.satfinite.e4m3x2.f32`, which is
// what the GPU path emits; the two must agree bit for bit.
//
// Write |x| = sig * 2^(exp - 150) with the 24-bit significand `sig` (the
// implicit bit set for normal f32, clear for subnormal f32, whose exponent
// field 0 means exponent 1). The E4M3 quantum at |x| is 2^(exp - 130) from
// 2^-6 up (keep 3 of the 23 fraction bits: drop 20) and 2^-9 below (drop
// 20 + (121 - exp) bits). So:
//
//   kept    = sig >> shift                 (the E4M3 significand, truncated)
//   dropped = sig & (2^shift - 1)          (compared with half = 2^(shift-1))
//   code    = 8 * max(exp - 121, 0) + kept + round_up
//
// For |x| >= 2^-6, kept is 8..15 (implicit bit + 3 fraction bits) and
// 8 * (exp - 121) + kept is exactly the E4M3 code; a carry out of the
// fraction (kept + 1 = 16) correctly bumps the exponent. Below 2^-6 the code
// is the count of 2^-9 quanta, 0..8 (8 is the smallest normal, 2^-6).
// Every finite |x| rounding above 448, and Inf (exp 255), give codes above
// 0x7E and are clamped to 0x7E; then the sign is attached and NaN replaced.
Value fp8q::createF32ToE4M3(OpBuilder &builder, Location loc, Value x) {
  ImplicitLocOpBuilder b(loc, builder);
  I32Builder i{b};
  using P = arith::CmpIPredicate;

  Value bits = arith::BitcastOp::create(b, b.getI32Type(), x);
  Value sign = i.shr(bits, i.c(f32bits::kSignShift));
  Value mag = i.band(bits, i.c(f32bits::kAbsMask));
  Value isNaN = i.cmp(P::ugt, mag, i.c(f32bits::kInfBits));

  // Significand and effective exponent (f32 subnormals: exponent 1).
  Value exp = i.shr(mag, i.c(f32bits::kFractionBits));
  Value frac = i.band(mag, i.c(f32bits::kFractionMask));
  Value isF32Subnormal = i.cmp(P::eq, exp, i.c(0));
  Value sig = i.select(isF32Subnormal, frac,
                       i.bor(frac, i.c(f32bits::kImplicitBit)));
  exp = arith::MaxUIOp::create(b, exp, i.c(1));

  // Bits to drop: 20, plus one per binade below 2^-6 (clamped).
  Value extra = i.sub(i.c(kE4M3MinNormalF32Exponent), exp);
  extra = arith::MaxSIOp::create(b, extra, i.c(0));
  extra = arith::MinSIOp::create(b, extra, i.c(kMaxExtraDroppedBits));
  Value shift = i.add(extra, i.c(kDroppedFractionBits));

  // Round to nearest, ties to even.
  Value one = i.c(1);
  Value kept = i.shr(sig, shift);
  Value dropped = i.band(sig, i.sub(i.shl(one, shift), one));
  Value half = i.shl(one, i.sub(shift, one));
  Value keptOdd = i.cmp(P::ne, i.band(kept, one), i.c(0));
  Value roundUp = arith::OrIOp::create(
      b, i.cmp(P::ugt, dropped, half),
      arith::AndIOp::create(b, i.cmp(P::eq, dropped, half), keptOdd));

  // Assemble, saturate, sign, NaN.
  Value binade = arith::MaxSIOp::create(
      b, i.sub(exp, i.c(kE4M3MinNormalF32Exponent)), i.c(0));
  Value code = i.add(i.shl(binade, i.c(kE4M3FractionBits)), kept);
  code = i.add(code, arith::ExtUIOp::create(b, b.getI32Type(), roundUp));
  code = arith::MinUIOp::create(b, code, i.c(kE4M3MaxCode));
  code = i.bor(code, i.shl(sign, i.c(kE4M3SignShift)));
  code = i.select(isNaN, i.c(kE4M3NaNCode), code);

  Value byte = arith::TruncIOp::create(b, b.getI8Type(), code);
  return arith::BitcastOp::create(b, b.getType<Float8E4M3FNType>(), byte);
}

//===----------------------------------------------------------------------===//
// f8E4M3FN -> f32
//===----------------------------------------------------------------------===//

// A normal code s.eeee.mmm is 1.mmm * 2^(eeee - 7): its f32 bits are the
// 7 magnitude bits eeeemmm, re-biased by 120 in the exponent field, shifted
// up by 20: (mag + 120 * 8) << 20. A subnormal code s.0000.mmm is
// mmm * 2^-9, computed as uitofp(mmm) * 2^-9 (both steps exact). 0x7F and
// 0xFF are NaN. The sign bit moves from bit 7 to bit 31, which also makes
// 0x80 the f32 -0.0.
Value fp8q::createE4M3ToF32(OpBuilder &builder, Location loc, Value q) {
  ImplicitLocOpBuilder b(loc, builder);
  I32Builder i{b};
  using P = arith::CmpIPredicate;

  Value byte = arith::BitcastOp::create(b, b.getI8Type(), q);
  Value code = arith::ExtUIOp::create(b, b.getI32Type(), byte);
  Value sign = i.shr(code, i.c(kE4M3SignShift));
  Value mag = i.band(code, i.c(kE4M3AbsMask));

  Value normal = i.shl(i.add(mag, i.c(kRebias << kE4M3FractionBits)),
                       i.c(kDroppedFractionBits));
  Value count = arith::UIToFPOp::create(b, b.getF32Type(),
                                        i.band(mag, i.c(kE4M3FractionMask)));
  Value quantum = arith::ConstantFloatOp::create(
      b, b.getF32Type(), APFloat(kE4M3SubnormalQuantum));
  Value subnormal = arith::BitcastOp::create(
      b, b.getI32Type(), arith::MulFOp::create(b, count, quantum));

  Value magBits =
      i.select(i.cmp(P::ult, mag, i.c(kE4M3MinNormalCode)), subnormal, normal);
  magBits = i.select(i.cmp(P::eq, mag, i.c(kE4M3NaNCode)),
                     i.c(kF32QuietNaNBits), magBits);
  Value bits = i.bor(magBits, i.shl(sign, i.c(f32bits::kSignShift)));
  return arith::BitcastOp::create(b, b.getF32Type(), bits);
}
