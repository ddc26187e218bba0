//===- Fp8qToLinalg.cpp - fp8q to linalg reference lowering ---------------===//
//
// Part of the fp8q project.
//
// One pattern per fp8q op, each a few calls to the documented tensor
// builders of Fp8qToLinalg.h. Every element-wise step is a linalg.generic
// over the full (untiled) index space whose scale operand is read through
// the map (i, j) -> (i floordiv TR, j floordiv TC), so tails need no special
// case; only the tile amax reduction pads the source to whole tiles.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToLinalg/Fp8qToLinalg.h"

#include "fp8q/Conversion/ExtentChecks.h"
#include "fp8q/Conversion/Fp8qToLinalg/E4M3.h"
#include "fp8q/Conversion/FloatBits.h"
#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/IR/Fp8qOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "convert-fp8q-to-linalg"

namespace mlir::fp8q {
#define GEN_PASS_DEF_CONVERTFP8QTOLINALGPASS
#include "fp8q/Conversion/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;
using namespace mlir::fp8q;

namespace {
// f32 bit fields (fp8q/Conversion/FloatBits.h) used by the exact
// power-of-two rounding; the sign and exponent fields are the bits a power
// of two may have.
constexpr int64_t kF32SignExponentMask = 0xFF800000;
/// The NaN that bf16 and f16 results carry (bits 0x7FFF in both formats).
/// NOTE: PTX `cvt.rn.bf16.f32` / `cvt.rn.f16.f32` return it for every NaN;
/// the CPU would keep the payload. Pinning it makes both paths agree.
constexpr int64_t kNarrowCanonicalNaN = 0x7FFF;
/// f32 bits below the bf16 ones, and the round-to-nearest bias (half an
/// ulp minus one; the kept LSB is added for ties to even).
constexpr int64_t kBF16DroppedBits = 16;
constexpr int64_t kBF16RoundingBias = 0x7FFF;

using utils::IteratorType;
constexpr IteratorType kParallel = IteratorType::parallel;
constexpr IteratorType kReduction = IteratorType::reduction;

RankedTensorType tensorTypeOf(Value value) {
  return cast<RankedTensorType>(value.getType());
}

/// Widens an f32/bf16/f16 scalar to f32 (exact); f32 passes through.
Value toF32(OpBuilder &b, Location loc, Value x) {
  if (x.getType().isF32())
    return x;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), x);
}

/// Rounds an f32 scalar to nearest even to `type` (f32: unchanged); see
/// createF32ToBF16 and createF32ToF16.
Value fromF32(OpBuilder &b, Location loc, Value x, Type type) {
  if (type.isBF16())
    return createF32ToBF16(b, loc, x);
  if (type.isF16())
    return createF32ToF16(b, loc, x);
  return x;
}

Value f32Constant(OpBuilder &b, Location loc, float value) {
  return arith::ConstantFloatOp::create(b, loc, b.getF32Type(), APFloat(value));
}

/// A tensor of the extents `sizes` (static or dynamic) filled with `value`.
Value filledTensor(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                   Value value) {
  Value empty = tensor::EmptyOp::create(b, loc, sizes, value.getType());
  return linalg::FillOp::create(b, loc, ValueRange{value}, ValueRange{empty})
      .getResult(0);
}

/// ceil(`extent` / `divisor`): folded for a static extent, else
/// arith.ceildivui.
OpFoldResult ceilDiv(OpBuilder &b, Location loc, OpFoldResult extent,
                     int64_t divisor) {
  if (divisor == 1)
    return extent;
  if (std::optional<int64_t> value = getConstantIntValue(extent))
    return b.getIndexAttr(llvm::divideCeil(*value, divisor));
  return arith::CeilDivUIOp::create(
             b, loc, cast<Value>(extent),
             arith::ConstantIndexOp::create(b, loc, divisor))
      .getResult();
}

/// `extent` * `factor`: folded for a static extent, else arith.muli.
OpFoldResult multiply(OpBuilder &b, Location loc, OpFoldResult extent,
                      int64_t factor) {
  if (factor == 1)
    return extent;
  if (std::optional<int64_t> value = getConstantIntValue(extent))
    return b.getIndexAttr(*value * factor);
  return arith::MulIOp::create(b, loc, cast<Value>(extent),
                               arith::ConstantIndexOp::create(b, loc, factor))
      .getResult();
}

/// The static extents of `sizes`, ShapedType::kDynamic for the others.
SmallVector<int64_t> staticShapeOf(ArrayRef<OpFoldResult> sizes) {
  return llvm::map_to_vector(sizes, [](OpFoldResult size) {
    return getConstantIntValue(size).value_or(ShapedType::kDynamic);
  });
}

/// The map from the [R, C] index space to the tile grid,
/// (i, j) -> (i floordiv TR, j floordiv TC), or to its transpose.
AffineMap tileGridMap(MLIRContext *ctx, int64_t tileRows, int64_t tileCols,
                      bool transposed) {
  AffineExpr row = getAffineDimExpr(0, ctx).floorDiv(tileRows);
  AffineExpr col = getAffineDimExpr(1, ctx).floorDiv(tileCols);
  if (transposed)
    std::swap(row, col);
  return AffineMap::get(2, 0, {row, col}, ctx);
}

/// (i, j) -> (i, j), or (i, j) -> (j, i) when `transposed`.
AffineMap elementMap(MLIRContext *ctx, bool transposed) {
  if (transposed)
    return AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx);
  return AffineMap::getMultiDimIdentityMap(2, ctx);
}
} // namespace

//===----------------------------------------------------------------------===//
// Scalar building blocks
//===----------------------------------------------------------------------===//

// r = 1.f * 2^e (normal) is a power of two iff f == 0; otherwise the next
// one is 2^(e+1): clear f and add one to the exponent field (which carries
// into +Inf from the top binade). A subnormal r = f * 2^-149 rounds up to
// 2^ceil(log2 f) * 2^-149, whose bit pattern is the integer
// 1 << (32 - ctlz(f - 1)) (f >= 1; 2^23 is the smallest normal's pattern).
Value fp8q::createPow2Ceil(OpBuilder &builder, Location loc, Value r) {
  ImplicitLocOpBuilder b(loc, builder);
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32,
                                        APInt(32, static_cast<uint64_t>(v)));
  };
  using P = arith::CmpIPredicate;

  Value bits = arith::BitcastOp::create(b, i32, r);
  Value frac = arith::AndIOp::create(b, bits, c(f32bits::kFractionMask));
  Value exp = arith::AndIOp::create(
      b, arith::ShRUIOp::create(b, bits, c(f32bits::kFractionBits)),
      c(f32bits::kExponentMask));

  Value normalUp = arith::AddIOp::create(
      b, arith::AndIOp::create(b, bits, c(kF32SignExponentMask)),
      c(f32bits::kImplicitBit));

  Value fracMinusOne =
      arith::SubIOp::create(b, arith::MaxUIOp::create(b, frac, c(1)), c(1));
  Value leadingZeros = math::CountLeadingZerosOp::create(b, fracMinusOne);
  Value subnormalUp = arith::ShLIOp::create(
      b, c(1), arith::SubIOp::create(b, c(f32bits::kBits), leadingZeros));
  subnormalUp = arith::OrIOp::create(
      b, subnormalUp, arith::AndIOp::create(b, bits, c(f32bits::kSignMask)));

  Value isSubnormal = arith::CmpIOp::create(b, P::eq, exp, c(0));
  Value up = arith::SelectOp::create(b, isSubnormal, subnormalUp, normalUp);
  Value unchanged = arith::OrIOp::create(
      b, arith::CmpIOp::create(b, P::eq, frac, c(0)),
      arith::CmpIOp::create(b, P::eq, exp, c(f32bits::kExponentMask)));
  Value result = arith::SelectOp::create(b, unchanged, bits, up);
  return arith::BitcastOp::create(b, b.getF32Type(), result);
}

// bf16 is the top half of an f32: adding 0x7FFF plus the lowest kept bit
// and truncating rounds to nearest even, with carries into the exponent
// doing the right thing for binade changes, overflow to Inf and subnormals.
// NaN is selected separately (the addition could carry it into Inf).
Value fp8q::createF32ToBF16(OpBuilder &builder, Location loc, Value x) {
  ImplicitLocOpBuilder b(loc, builder);
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  Value bits = arith::BitcastOp::create(b, i32, x);
  Value keptLsb = arith::AndIOp::create(
      b, arith::ShRUIOp::create(b, bits, c(kBF16DroppedBits)), c(1));
  Value bias = arith::AddIOp::create(b, keptLsb, c(kBF16RoundingBias));
  Value rounded = arith::ShRUIOp::create(
      b, arith::AddIOp::create(b, bits, bias), c(kBF16DroppedBits));
  Value isNaN = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, x, x);
  Value result =
      arith::SelectOp::create(b, isNaN, c(kNarrowCanonicalNaN), rounded);
  Value half = arith::TruncIOp::create(b, b.getI16Type(), result);
  return arith::BitcastOp::create(b, b.getBF16Type(), half);
}

Value fp8q::createF32ToF16(OpBuilder &builder, Location loc, Value x) {
  ImplicitLocOpBuilder b(loc, builder);
  Value rounded = arith::TruncFOp::create(b, b.getF16Type(), x);
  Value nan = arith::BitcastOp::create(
      b, b.getF16Type(),
      arith::ConstantIntOp::create(b, b.getI16Type(), kNarrowCanonicalNaN));
  Value isNaN = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, isNaN, nan, rounded);
}

Value fp8q::createTileScale(OpBuilder &builder, Location loc, Value amax,
                            ScaleMode mode) {
  Value ratio = arith::DivFOp::create(builder, loc, amax,
                                      f32Constant(builder, loc, kE4M3Max));
  if (mode == ScaleMode::pow2)
    return createPow2Ceil(builder, loc, ratio);
  return ratio;
}

//===----------------------------------------------------------------------===//
// Quantize / dequantize
//===----------------------------------------------------------------------===//

// The source [R, C] is viewed as a 4-D grid of tiles so that one reduction
// computes every amax; a tail is padded with zeros first:
//
//         C (tail padded)                   [R/TR, TR, C/TC, TC]
//   +------+------+---+..+               tile (a, c) = x[a*TR + b, c*TC + d]
//   | T00  | T01  |T02 :  |  R     ==>    reduce over b and d:
//   +------+------+---+..+                amax[a, c] = max(eps, |x|...)
//   | T10  | T11  |T12 :  |
//   +------+------+---+..+
Value fp8q::buildTileAmax(OpBuilder &b, Location loc, Value source,
                          const TileQuantization &config) {
  RankedTensorType type = tensorTypeOf(source);
  Type elementType = type.getElementType();
  SmallVector<OpFoldResult> extents = tensor::getMixedSizes(b, loc, source);
  int64_t tile[2] = {config.tileRows, config.tileCols};
  SmallVector<OpFoldResult, 2> grid, padded;
  bool needsPadding = false;
  for (int dim = 0; dim < 2; ++dim) {
    grid.push_back(ceilDiv(b, loc, extents[dim], tile[dim]));
    padded.push_back(multiply(b, loc, grid[dim], tile[dim]));
    // A dynamic extent may have a tail unless its tiles are single elements.
    std::optional<int64_t> extent = getConstantIntValue(extents[dim]);
    needsPadding |= extent ? *extent % tile[dim] != 0 : tile[dim] != 1;
  }

  Value whole = source;
  if (needsPadding) {
    // Zero padding changes no maximum: |x| >= +0 and NaN still propagates.
    // The high padding is padded - extent (arith, not affine.apply as
    // tensor::createPadHighOp would emit for dynamic extents).
    auto paddedType =
        RankedTensorType::get(staticShapeOf(padded), elementType);
    SmallVector<OpFoldResult, 2> low(2, b.getIndexAttr(0)), high;
    for (int dim = 0; dim < 2; ++dim) {
      std::optional<int64_t> extent = getConstantIntValue(extents[dim]);
      std::optional<int64_t> paddedExtent = getConstantIntValue(padded[dim]);
      if (extent && paddedExtent) {
        high.push_back(b.getIndexAttr(*paddedExtent - *extent));
        continue;
      }
      Value paddedValue =
          getValueOrCreateConstantIndexOp(b, loc, padded[dim]);
      Value extentValue =
          getValueOrCreateConstantIndexOp(b, loc, extents[dim]);
      high.push_back(
          arith::SubIOp::create(b, loc, paddedValue, extentValue).getResult());
    }
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elementType));
    whole = tensor::PadOp::create(b, loc, paddedType, source, low, high, zero,
                                  /*nofold=*/false);
  }
  SmallVector<OpFoldResult, 4> gridShape = {grid[0], b.getIndexAttr(tile[0]),
                                            grid[1], b.getIndexAttr(tile[1])};
  auto gridType = RankedTensorType::get(staticShapeOf(gridShape), elementType);
  Value tiles = tensor::ExpandShapeOp::create(
      b, loc, gridType, whole, ArrayRef<ReassociationIndices>{{0, 1}, {2, 3}},
      gridShape);

  SmallVector<OpFoldResult, 2> amaxShape = grid;
  if (config.scalesTransposed())
    std::swap(amaxShape[0], amaxShape[1]);
  Value init = filledTensor(b, loc, amaxShape, f32Constant(b, loc, config.eps));

  MLIRContext *ctx = b.getContext();
  AffineExpr tileRow = getAffineDimExpr(0, ctx);
  AffineExpr tileCol = getAffineDimExpr(2, ctx);
  AffineMap outMap = config.scalesTransposed()
                         ? AffineMap::get(4, 0, {tileCol, tileRow}, ctx)
                         : AffineMap::get(4, 0, {tileRow, tileCol}, ctx);
  auto amax = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{tiles}, ValueRange{init},
      {AffineMap::getMultiDimIdentityMap(4, ctx), outMap},
      {kParallel, kReduction, kParallel, kReduction},
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        Value magnitude =
            math::AbsFOp::create(nb, nloc, toF32(nb, nloc, args[0]));
        // NOTE: arith.maximumf propagates NaN (unlike maxnumf), which is
        // what makes a NaN anywhere in a tile poison the whole tile.
        Value max = arith::MaximumFOp::create(nb, nloc, magnitude, args[1]);
        linalg::YieldOp::create(nb, nloc, max);
      });
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] tile amax: " << type << " in "
                          << tile[0] << "x" << tile[1] << " tiles\n");
  return amax.getResult(0);
}

QuantizedTensor fp8q::buildQuantize(OpBuilder &b, Location loc, Value source,
                                    const TileQuantization &config,
                                    Value codesInit, Value scalesInit) {
  MLIRContext *ctx = b.getContext();
  Value amax = buildTileAmax(b, loc, source, config);

  // Per tile: s = scale(amax) into the destination, rcp = 1 / s.
  RankedTensorType scaleType = tensorTypeOf(scalesInit);
  Value rcpInit = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, scalesInit), b.getF32Type());
  AffineMap id = AffineMap::getMultiDimIdentityMap(2, ctx);
  auto scales = linalg::GenericOp::create(
      b, loc, TypeRange{scaleType, scaleType}, ValueRange{amax},
      ValueRange{scalesInit, rcpInit}, {id, id, id}, {kParallel, kParallel},
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value scale = createTileScale(nb, nloc, args[0], config.scaleMode);
        Value rcp =
            arith::DivFOp::create(nb, nloc, f32Constant(nb, nloc, 1.0f), scale);
        linalg::YieldOp::create(nb, nloc, ValueRange{scale, rcp});
      });

  // Per element: q = cvt_rn_satfinite_e4m3(x * rcp), written transposed on
  // request.
  auto codes = linalg::GenericOp::create(
      b, loc, TypeRange{codesInit.getType()},
      ValueRange{source, scales.getResult(1)}, ValueRange{codesInit},
      {id,
       tileGridMap(ctx, config.tileRows, config.tileCols,
                   config.scalesTransposed()),
       elementMap(ctx, config.transpose)},
      {kParallel, kParallel},
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        Value scaled =
            arith::MulFOp::create(nb, nloc, toF32(nb, nloc, args[0]), args[1]);
        linalg::YieldOp::create(nb, nloc, createF32ToE4M3(nb, nloc, scaled));
      });
  return {codes.getResult(0), scales.getResult(0)};
}

Value fp8q::buildDequantize(OpBuilder &b, Location loc, Value codes,
                            Value scales, int64_t tileRows, int64_t tileCols,
                            Value init, bool scalesTransposed) {
  MLIRContext *ctx = b.getContext();
  Type resultType = tensorTypeOf(init).getElementType();
  AffineMap id = AffineMap::getMultiDimIdentityMap(2, ctx);
  auto dequantized = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{codes, scales},
      ValueRange{init},
      {id, tileGridMap(ctx, tileRows, tileCols, scalesTransposed), id},
      {kParallel, kParallel},
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value value = arith::MulFOp::create(
            nb, nloc, createE4M3ToF32(nb, nloc, args[0]), args[1]);
        linalg::YieldOp::create(nb, nloc, fromF32(nb, nloc, value, resultType));
      });
  return dequantized.getResult(0);
}

//===----------------------------------------------------------------------===//
// Scaled matmul
//===----------------------------------------------------------------------===//

namespace {
/// Emits fp8q.scaled_matmul as four linalg.generic steps:
///
///   a [M, K] --decode--> f32 --view--> [M, K/G, G] --+
///                                                    +--> partial [M, N, K/G]
///   b [N, K] --decode--> f32 --view--> [N, K/G, G] --+    (f64, exact sums)
///
///   acc [M, N] = sum_{kb ascending} f32(partial[m, n, kb])
///                                   * (sa[m, kb] * sb[n floordiv BN, kb])
///   result     = RN(accumulate ? f32(init) + acc : acc)
///
/// Products of two E4M3 values are exact in f64 and so is their sum over a
/// group of at most kMaxExactGroupSize; rounding it once to f32 gives the
/// partial sum of the numerics contract independently of summation order.
/// The scale product, the scaling and the accumulation over groups are
/// separate f32 operations (no FMA), in increasing kb.
class ScaledMatmulBuilder {
public:
  ScaledMatmulBuilder(OpBuilder &b, Location loc,
                      const ScaledMatmulOperands &operands)
      : b(b), loc(loc), ops(operands), ctx(b.getContext()) {
    m = tensor::getMixedSizes(b, loc, ops.a)[0];
    n = tensor::getMixedSizes(b, loc, ops.b)[0];
    OpFoldResult k = tensor::getMixedSizes(b, loc, ops.a)[1];
    // K is a multiple of the group size (verified, or asserted at run time).
    groups = ceilDiv(b, loc, k, ops.groupSize);
  }

  Value build() {
    Value a = groupView(decode(ops.a));
    Value bValues = groupView(decode(ops.b));
    Value partials = buildGroupSums(a, bValues);
    Value acc = buildScaledAccumulation(partials);
    return buildResult(acc);
  }

private:
  /// The map from `numLoops` loops to the loop dimensions `dims`.
  AffineMap map(unsigned numLoops, ArrayRef<unsigned> dims) {
    SmallVector<AffineExpr> exprs;
    for (unsigned d : dims)
      exprs.push_back(getAffineDimExpr(d, ctx));
    return AffineMap::get(numLoops, 0, exprs, ctx);
  }

  /// [R, K] E4M3 codes to their exact f32 values.
  Value decode(Value codes) {
    Value init = tensor::EmptyOp::create(
        b, loc, tensor::getMixedSizes(b, loc, codes), b.getF32Type());
    AffineMap id = AffineMap::getMultiDimIdentityMap(2, ctx);
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()}, ValueRange{codes},
               ValueRange{init}, {id, id}, {kParallel, kParallel},
               [](OpBuilder &nb, Location nloc, ValueRange args) {
                 linalg::YieldOp::create(nb, nloc,
                                         createE4M3ToF32(nb, nloc, args[0]));
               })
        .getResult(0);
  }

  /// [R, K] to [R, K/G, G]: one row per scale group.
  Value groupView(Value values) {
    // The operand's own K (a's and b's may differ in being static).
    SmallVector<OpFoldResult> extents = tensor::getMixedSizes(b, loc, values);
    SmallVector<OpFoldResult, 3> shape = {
        extents[0], ceilDiv(b, loc, extents[1], ops.groupSize),
        b.getIndexAttr(ops.groupSize)};
    auto type = RankedTensorType::get(staticShapeOf(shape), b.getF32Type());
    return tensor::ExpandShapeOp::create(
        b, loc, type, values, ArrayRef<ReassociationIndices>{{0}, {1, 2}},
        shape);
  }

  /// partial[m, n, kb] = sum_k a[m, kb, k] * b[n, kb, k], exactly (f64).
  /// Loops (m, n, kb, k).
  Value buildGroupSums(Value a, Value bValues) {
    Type f64 = b.getF64Type();
    Value zero =
        arith::ConstantFloatOp::create(b, loc, b.getF64Type(), APFloat(0.0));
    Value init = filledTensor(b, loc, {m, n, groups}, zero);
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()}, ValueRange{a, bValues},
               ValueRange{init},
               {map(4, {0, 2, 3}), map(4, {1, 2, 3}), map(4, {0, 1, 2})},
               {kParallel, kParallel, kParallel, kReduction},
               [f64](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value lhs = arith::ExtFOp::create(nb, nloc, f64, args[0]);
                 Value rhs = arith::ExtFOp::create(nb, nloc, f64, args[1]);
                 Value product = arith::MulFOp::create(nb, nloc, lhs, rhs);
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::AddFOp::create(nb, nloc, args[2], product)
                         .getResult());
               })
        .getResult(0);
  }

  /// acc[m, n] = sum_kb f32(partial) * (sa[m, kb] * sb[n / BN, kb]) in f32
  /// (sa[kb, m] for mn_major A scales),
  /// starting from +0. Loops (m, n, kb); the reduction runs in increasing
  /// kb, which fixes the f32 rounding order.
  Value buildScaledAccumulation(Value partials) {
    Value init = filledTensor(b, loc, {m, n}, f32Constant(b, loc, 0.0f));
    AffineExpr row = getAffineDimExpr(1, ctx).floorDiv(ops.bTileRows);
    AffineMap bScaleMap =
        AffineMap::get(3, 0, {row, getAffineDimExpr(2, ctx)}, ctx);
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()},
               ValueRange{partials, ops.aScale, ops.bScale}, ValueRange{init},
               {map(3, {0, 1, 2}),
                ops.aScaleMnMajor ? map(3, {2, 0}) : map(3, {0, 2}), bScaleMap,
                map(3, {0, 1})},
               {kParallel, kParallel, kReduction},
               [](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value partial = arith::TruncFOp::create(
                     nb, nloc, nb.getF32Type(), args[0]);
                 Value scale =
                     arith::MulFOp::create(nb, nloc, args[1], args[2]);
                 Value scaled = arith::MulFOp::create(nb, nloc, partial, scale);
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::AddFOp::create(nb, nloc, args[3], scaled)
                         .getResult());
               })
        .getResult(0);
  }

  /// result[m, n] = RN(f32(init[m, n]) + acc[m, n]) with `accumulate`, else
  /// RN(acc[m, n]), written into `init`.
  Value buildResult(Value acc) {
    Type resultType = tensorTypeOf(ops.init).getElementType();
    AffineMap id = AffineMap::getMultiDimIdentityMap(2, ctx);
    bool accumulate = ops.accumulate;
    return linalg::GenericOp::create(
               b, loc, TypeRange{ops.init.getType()}, ValueRange{acc},
               ValueRange{ops.init}, {id, id}, {kParallel, kParallel},
               [=](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value value = args[0];
                 if (accumulate)
                   value = arith::AddFOp::create(
                       nb, nloc, toF32(nb, nloc, args[1]), value);
                 linalg::YieldOp::create(nb, nloc,
                                         fromF32(nb, nloc, value, resultType));
               })
        .getResult(0);
  }

  OpBuilder &b;
  Location loc;
  const ScaledMatmulOperands &ops;
  MLIRContext *ctx;
  /// M, N and K / G, static or dynamic.
  OpFoldResult m, n, groups;
};
} // namespace

Value fp8q::buildScaledMatmul(OpBuilder &builder, Location loc,
                              const ScaledMatmulOperands &operands) {
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] scaled matmul: group "
                          << operands.groupSize << ", b tile rows "
                          << operands.bTileRows << "\n");
  return ScaledMatmulBuilder(builder, loc, operands).build();
}

//===----------------------------------------------------------------------===//
// Grouped scaled matmul
//===----------------------------------------------------------------------===//

namespace {
/// Emits fp8q.grouped_scaled_matmul on 2-D rows (a masked [E, C, *] operand
/// is collapsed to [E*C, *] and the result expanded back):
///
///   offsets / counts --> rowGroup [R] i32: e for a row of group e, -1 else
///
///   a [R, K] --decode--> [R, K/G, G] --+
///                                      +--> partial [R, N, K/G] (f64, exact)
///   b [E, N, K] --decode--> [E, N, K/G, G] read at (rowGroup[r], n, kb, k)
///
///   acc[r, n]    = sum_{kb ascending} f32(partial) * (sa[r, kb] *
///                  sb[rowGroup[r], n floordiv G, kb])
///   result[r, n] = rowGroup[r] >= 0 ? RN(accumulate ? init + acc : acc)
///                                   : init[r, n]
///
/// The steps are ScaledMatmulBuilder's with the weight of the row's group
/// read by tensor.extract at max(rowGroup, 0), so a row in no group reads
/// group 0 (its values are then dropped) and nothing is out of bounds.
class GroupedScaledMatmulBuilder {
public:
  GroupedScaledMatmulBuilder(OpBuilder &b, Location loc,
                             const GroupedScaledMatmulOperands &operands)
      : b(b), loc(loc), ops(operands), ctx(b.getContext()) {}

  Value build() {
    Value a = ops.a, aScale = ops.aScale, init = ops.init, rowGroup;
    if (ops.masked) {
      rowGroup = collapseRows(buildMaskedRowGroups());
      a = collapseRows(a);
      aScale = collapseRows(aScale);
      init = collapseRows(init);
    } else {
      rowGroup = buildContiguousRowGroups();
    }
    rows = tensor::getMixedSizes(b, loc, a)[0];
    n = tensor::getMixedSizes(b, loc, ops.b)[1];
    kGroups =
        ceilDiv(b, loc, tensor::getMixedSizes(b, loc, a)[1], ops.groupSize);
    Value aValues = groupView(decode(a), 1);
    Value bValues = groupView(decode(ops.b), 2);
    Value partials = buildGroupSums(aValues, bValues, rowGroup);
    Value acc = buildScaledAccumulation(partials, aScale, rowGroup);
    Value result = buildResult(acc, init, rowGroup);
    if (!ops.masked)
      return result;
    return tensor::ExpandShapeOp::create(
        b, loc, ops.init.getType(), result,
        ArrayRef<ReassociationIndices>{{0, 1}, {2}},
        tensor::getMixedSizes(b, loc, ops.init));
  }

private:
  AffineMap map(unsigned numLoops, ArrayRef<unsigned> dims) {
    SmallVector<AffineExpr> exprs;
    for (unsigned d : dims)
      exprs.push_back(getAffineDimExpr(d, ctx));
    return AffineMap::get(numLoops, 0, exprs, ctx);
  }

  Value i32Constant(OpBuilder &nb, Location nloc, int64_t value) {
    return arith::ConstantIntOp::create(nb, nloc, nb.getI32Type(), value);
  }

  /// linalg.index `dim` as an i64.
  Value loopIndexI64(OpBuilder &nb, Location nloc, unsigned dim) {
    Value index = linalg::IndexOp::create(nb, nloc, dim);
    return arith::IndexCastOp::create(nb, nloc, nb.getI64Type(), index);
  }

  /// The index of the weight a row reads: max(group, 0).
  Value weightIndex(OpBuilder &nb, Location nloc, Value group) {
    Value clamped =
        arith::MaxSIOp::create(nb, nloc, group, i32Constant(nb, nloc, 0));
    return arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), clamped);
  }

  /// [E, C, ...] to [E*C, ...].
  Value collapseRows(Value value) {
    RankedTensorType type = tensorTypeOf(value);
    SmallVector<ReassociationIndices> reassociation = {{0, 1}};
    for (int64_t d = 2; d < type.getRank(); ++d)
      reassociation.push_back({d});
    return tensor::CollapseShapeOp::create(b, loc, value, reassociation);
  }

  /// rowGroup[m] = e if offsets[e] <= m < offsets[e + 1], else -1; loops
  /// (m, e) with e innermost (the last match wins, and with valid offsets
  /// at most one matches).
  Value buildContiguousRowGroups() {
    OpFoldResult e = tensor::getMixedSizes(b, loc, ops.b)[0];
    OpFoldResult m = tensor::getMixedSizes(b, loc, ops.a)[0];
    auto slice = [&](int64_t offset) -> Value {
      return tensor::ExtractSliceOp::create(
          b, loc, ops.groups, ArrayRef<OpFoldResult>{b.getIndexAttr(offset)},
          ArrayRef<OpFoldResult>{e}, ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    };
    Value lo = slice(0), hi = slice(1);
    Value init = filledTensor(b, loc, {m}, i32Constant(b, loc, -1));
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()}, ValueRange{lo, hi},
               ValueRange{init}, {map(2, {1}), map(2, {1}), map(2, {0})},
               {kParallel, kReduction},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 using P = arith::CmpIPredicate;
                 Type i64 = nb.getI64Type();
                 Value row = loopIndexI64(nb, nloc, 0);
                 Value first = arith::ExtSIOp::create(nb, nloc, i64, args[0]);
                 Value end = arith::ExtSIOp::create(nb, nloc, i64, args[1]);
                 Value inGroup = arith::AndIOp::create(
                     nb, nloc,
                     arith::CmpIOp::create(nb, nloc, P::sle, first, row),
                     arith::CmpIOp::create(nb, nloc, P::slt, row, end));
                 Value group = arith::IndexCastOp::create(
                     nb, nloc, nb.getI32Type(),
                     linalg::IndexOp::create(nb, nloc, 1));
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::SelectOp::create(nb, nloc, inGroup, group, args[2])
                         .getResult());
               })
        .getResult(0);
  }

  /// rowGroup[e, c] = e if c < counts[e], else -1.
  Value buildMaskedRowGroups() {
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, ops.a);
    Value init = tensor::EmptyOp::create(
        b, loc, ArrayRef<OpFoldResult>{sizes[0], sizes[1]}, b.getI32Type());
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()}, ValueRange{ops.groups},
               ValueRange{init}, {map(2, {0}), map(2, {0, 1})},
               {kParallel, kParallel},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value row = loopIndexI64(nb, nloc, 1);
                 Value count =
                     arith::ExtSIOp::create(nb, nloc, nb.getI64Type(), args[0]);
                 Value valid = arith::CmpIOp::create(
                     nb, nloc, arith::CmpIPredicate::slt, row, count);
                 Value group = arith::IndexCastOp::create(
                     nb, nloc, nb.getI32Type(),
                     linalg::IndexOp::create(nb, nloc, 0));
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::SelectOp::create(nb, nloc, valid, group,
                                             i32Constant(nb, nloc, -1))
                         .getResult());
               })
        .getResult(0);
  }

  /// E4M3 codes of any rank to their exact f32 values.
  Value decode(Value codes) {
    int64_t rank = tensorTypeOf(codes).getRank();
    Value init = tensor::EmptyOp::create(
        b, loc, tensor::getMixedSizes(b, loc, codes), b.getF32Type());
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()}, ValueRange{codes},
               ValueRange{init}, {id, id},
               SmallVector<IteratorType>(rank, kParallel),
               [](OpBuilder &nb, Location nloc, ValueRange args) {
                 linalg::YieldOp::create(nb, nloc,
                                         createE4M3ToF32(nb, nloc, args[0]));
               })
        .getResult(0);
  }

  /// Splits the last dimension (K, at `kDim`) into [K/G, G].
  Value groupView(Value values, int64_t kDim) {
    SmallVector<OpFoldResult> extents = tensor::getMixedSizes(b, loc, values);
    SmallVector<OpFoldResult> shape(extents.begin(), extents.end() - 1);
    shape.push_back(ceilDiv(b, loc, extents.back(), ops.groupSize));
    shape.push_back(b.getIndexAttr(ops.groupSize));
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t d = 0; d < kDim; ++d)
      reassociation.push_back({d});
    reassociation.push_back({kDim, kDim + 1});
    auto type = RankedTensorType::get(staticShapeOf(shape), b.getF32Type());
    return tensor::ExpandShapeOp::create(b, loc, type, values, reassociation,
                                         shape);
  }

  /// partial[r, n, kb] = sum_k a[r, kb, k] * b[group(r), n, kb, k], exactly
  /// (f64). Loops (r, n, kb, k).
  Value buildGroupSums(Value a, Value bValues, Value rowGroup) {
    Type f64 = b.getF64Type();
    Value zero =
        arith::ConstantFloatOp::create(b, loc, b.getF64Type(), APFloat(0.0));
    Value init = filledTensor(b, loc, {rows, n, kGroups}, zero);
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()}, ValueRange{a, rowGroup},
               ValueRange{init},
               {map(4, {0, 2, 3}), map(4, {0}), map(4, {0, 1, 2})},
               {kParallel, kParallel, kParallel, kReduction},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 SmallVector<Value, 4> at = {weightIndex(nb, nloc, args[1])};
                 for (unsigned dim : {1, 2, 3})
                   at.push_back(linalg::IndexOp::create(nb, nloc, dim));
                 Value weight =
                     tensor::ExtractOp::create(nb, nloc, bValues, at);
                 Value lhs = arith::ExtFOp::create(nb, nloc, f64, args[0]);
                 Value rhs = arith::ExtFOp::create(nb, nloc, f64, weight);
                 Value product = arith::MulFOp::create(nb, nloc, lhs, rhs);
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::AddFOp::create(nb, nloc, args[2], product)
                         .getResult());
               })
        .getResult(0);
  }

  /// acc[r, n] = sum_kb f32(partial) * (sa[r, kb] * sb[group(r), n / G, kb])
  /// in f32 from +0, increasing kb. Loops (r, n, kb).
  Value buildScaledAccumulation(Value partials, Value aScale, Value rowGroup) {
    Value init = filledTensor(b, loc, {rows, n}, f32Constant(b, loc, 0.0f));
    int64_t groupSize = ops.groupSize;
    Value bScale = ops.bScale;
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()},
               ValueRange{partials, aScale, rowGroup}, ValueRange{init},
               {map(3, {0, 1, 2}), map(3, {0, 2}), map(3, {0}), map(3, {0, 1})},
               {kParallel, kParallel, kReduction},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value blockRow = arith::DivUIOp::create(
                     nb, nloc, linalg::IndexOp::create(nb, nloc, 1),
                     arith::ConstantIndexOp::create(nb, nloc, groupSize));
                 Value sb = tensor::ExtractOp::create(
                     nb, nloc, bScale,
                     ValueRange{weightIndex(nb, nloc, args[2]), blockRow,
                                linalg::IndexOp::create(nb, nloc, 2)});
                 Value partial = arith::TruncFOp::create(
                     nb, nloc, nb.getF32Type(), args[0]);
                 Value scale = arith::MulFOp::create(nb, nloc, args[1], sb);
                 Value scaled = arith::MulFOp::create(nb, nloc, partial, scale);
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::AddFOp::create(nb, nloc, args[3], scaled)
                         .getResult());
               })
        .getResult(0);
  }

  /// result[r, n] = RN(accumulate ? f32(init) + acc : acc) for a row in a
  /// group, init[r, n] otherwise.
  Value buildResult(Value acc, Value init, Value rowGroup) {
    Type resultType = tensorTypeOf(init).getElementType();
    AffineMap id = AffineMap::getMultiDimIdentityMap(2, ctx);
    bool accumulate = ops.accumulate;
    return linalg::GenericOp::create(
               b, loc, TypeRange{init.getType()}, ValueRange{acc, rowGroup},
               ValueRange{init}, {id, map(2, {0}), id}, {kParallel, kParallel},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value value = args[0];
                 if (accumulate)
                   value = arith::AddFOp::create(
                       nb, nloc, toF32(nb, nloc, args[2]), value);
                 Value inGroup =
                     arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge,
                                           args[1], i32Constant(nb, nloc, 0));
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::SelectOp::create(
                         nb, nloc, inGroup,
                         fromF32(nb, nloc, value, resultType), args[2])
                         .getResult());
               })
        .getResult(0);
  }

  OpBuilder &b;
  Location loc;
  const GroupedScaledMatmulOperands &ops;
  MLIRContext *ctx;
  /// Rows (M or E*C), N and K / G, static or dynamic.
  OpFoldResult rows, n, kGroups;
};
} // namespace

Value fp8q::buildGroupedScaledMatmul(
    OpBuilder &builder, Location loc,
    const GroupedScaledMatmulOperands &operands) {
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] grouped scaled matmul: "
                          << (operands.masked ? "masked" : "contiguous")
                          << ", group " << operands.groupSize << "\n");
  return GroupedScaledMatmulBuilder(builder, loc, operands).build();
}

// One reduction over the groups folds the per-group conditions into an i1;
// the ends of the offsets are compared with M once.
namespace {
/// True when the offsets or counts are a constant that is valid for the
/// static extents of `operands` (then no run-time check is needed).
bool isStaticallyValid(const GroupedScaledMatmulOperands &operands) {
  DenseIntElementsAttr values;
  if (!matchPattern(operands.groups, m_Constant(&values)))
    return false;
  auto a = cast<RankedTensorType>(operands.a.getType());
  int64_t bound = a.getDimSize(operands.masked ? 1 : 0);
  if (ShapedType::isDynamic(bound))
    return false;
  SmallVector<int64_t> v =
      llvm::map_to_vector(values.getValues<APInt>(),
                          [](const APInt &x) { return x.getSExtValue(); });
  if (operands.masked)
    return llvm::all_of(v, [&](int64_t c) { return c >= 0 && c <= bound; });
  return !v.empty() && v.front() >= 0 && v.back() <= bound &&
         llvm::is_sorted(v);
}
} // namespace

GroupedScaledMatmulOperands
fp8q::getGroupedScaledMatmulOperands(GroupedScaledMatmulOp op) {
  return {op.getA(),
          op.getAScale(),
          op.getB(),
          op.getBScale(),
          op.getGroups(),
          op.getInit(),
          static_cast<int64_t>(op.getGroupSize()),
          op.isMasked(),
          op.getAccumulate()};
}

void fp8q::buildGroupIndexCheck(OpBuilder &builder, Location loc,
                                const GroupedScaledMatmulOperands &operands,
                                StringRef what) {
  if (isStaticallyValid(operands))
    return;
  ImplicitLocOpBuilder b(loc, builder);
  MLIRContext *ctx = b.getContext();
  using P = arith::CmpIPredicate;
  Type i64 = b.getI64Type();
  auto extentI64 = [&](Value tensor, int64_t dim) -> Value {
    return arith::IndexCastOp::create(
        b, i64,
        getValueOrCreateConstantIndexOp(
            b, loc, tensor::getMixedSizes(b, loc, tensor)[dim]));
  };
  Value groups = operands.groups;
  OpFoldResult e = tensor::getMixedSizes(b, loc, operands.b)[0];
  Value init = filledTensor(b, loc, {},
                            arith::ConstantIntOp::create(b, b.getI1Type(), 1));
  AffineMap scalar = AffineMap::get(1, 0, {}, ctx);
  AffineMap id = AffineMap::getMultiDimIdentityMap(1, ctx);
  Value ok;
  std::string message;
  if (operands.masked) {
    Value capacity = extentI64(operands.a, 1);
    ok = linalg::GenericOp::create(
             b, TypeRange{init.getType()}, ValueRange{groups}, ValueRange{init},
             {id, scalar}, {kReduction},
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value count = arith::ExtSIOp::create(nb, nloc, i64, args[0]);
               Value zero = arith::ConstantIntOp::create(nb, nloc, i64, 0);
               Value valid = arith::AndIOp::create(
                   nb, nloc,
                   arith::CmpIOp::create(nb, nloc, P::sle, zero, count),
                   arith::CmpIOp::create(nb, nloc, P::sle, count, capacity));
               linalg::YieldOp::create(
                   nb, nloc,
                   arith::AndIOp::create(nb, nloc, args[1], valid).getResult());
             })
             .getResult(0);
    ok = tensor::ExtractOp::create(b, ok, ValueRange{});
    message = llvm::formatv("{0}: group counts must be within [0, C] (C = "
                            "extent 1 of a)",
                            what)
                  .str();
  } else {
    auto slice = [&](int64_t offset) -> Value {
      return tensor::ExtractSliceOp::create(
          b, groups, ArrayRef<OpFoldResult>{b.getIndexAttr(offset)},
          ArrayRef<OpFoldResult>{e}, ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    };
    Value monotonic =
        linalg::GenericOp::create(
            b, TypeRange{init.getType()}, ValueRange{slice(0), slice(1)},
            ValueRange{init}, {id, id, scalar}, {kReduction},
            [&](OpBuilder &nb, Location nloc, ValueRange args) {
              Value ordered =
                  arith::CmpIOp::create(nb, nloc, P::sle, args[0], args[1]);
              linalg::YieldOp::create(
                  nb, nloc,
                  arith::AndIOp::create(nb, nloc, args[2], ordered)
                      .getResult());
            })
            .getResult(0);
    Value first = arith::ExtSIOp::create(
        b, i64,
        tensor::ExtractOp::create(
            b, groups, ValueRange{arith::ConstantIndexOp::create(b, 0)}));
    Value last = arith::ExtSIOp::create(
        b, i64,
        tensor::ExtractOp::create(
            b, groups, ValueRange{getValueOrCreateConstantIndexOp(b, loc, e)}));
    ok = arith::AndIOp::create(
        b, tensor::ExtractOp::create(b, monotonic, ValueRange{}),
        arith::AndIOp::create(
            b,
            arith::CmpIOp::create(
                b, P::sle, arith::ConstantIntOp::create(b, i64, 0), first),
            arith::CmpIOp::create(b, P::sle, last, extentI64(operands.a, 0))));
    message = llvm::formatv("{0}: group offsets must be nondecreasing and "
                            "within [0, M] (M = extent 0 of a)",
                            what)
                  .str();
  }
  cf::AssertOp::create(b, ok, message);
}

//===----------------------------------------------------------------------===//
// Expert parallelism (one rank)
//===----------------------------------------------------------------------===//

namespace {
/// Emits fp8q.moe_dispatch and fp8q.moe_combine for `ranks = 1` (this rank
/// is 0 and owns every expert). The routing is data, so the steps are:
///
///   dispatch: check ids --> route (scf.for over the T*k (token, slot)s in
///             order: sources[e, counts[e]++] = t*k + j while < C)
///             --> check counts <= C --> gather the rows (linalg.generic,
///             read through sources; -1 gives zeros)
///
///   combine:  check counts --> invert (scf.for over the E*C slots:
///             slot[t, j] = e*C + c, each (t, j) once, in expert
///             experts[t, j]) --> check --> gather the rows, RN to bf16
///
/// Only sequential i32 bookkeeping runs in scf loops; the rows move in one
/// parallel linalg.generic each. Every tensor access is in bounds whatever
/// the data: the ids are clamped before use, writes past C are skipped and
/// rows are read only for valid sources (scf.if), so the checks
/// (cf.assert) stop the program before any result is wrong.
class LocalExpertExchangeBuilder {
public:
  LocalExpertExchangeBuilder(OpBuilder &builder, Location loc, StringRef what)
      : b(loc, builder), what(what.str()) {}

  MoeDispatchResults dispatch(MoeDispatchOp op) {
    int64_t e = op.getNumExperts(), capacity = op.getCapacity();
    Value experts = op.getExperts();
    assertAll(
        experts,
        [&](OpBuilder &nb, Location nloc, Value id) {
          return inRange(nb, nloc, id, 0, e);
        },
        llvm::formatv("expert ids must be within [0, num_experts = {0})", e)
            .str());
    Value counts = fill(op.getCountsInit(), 0);
    Value sources = fill(op.getSourcesInit(), -1);
    std::tie(counts, sources) = route(experts, counts, sources, e, capacity);
    assertAll(
        counts,
        [&](OpBuilder &nb, Location nloc, Value count) {
          return inRange(nb, nloc, count, 0, capacity + 1);
        },
        llvm::formatv("more than capacity = {0} rows routed to one expert",
                      capacity)
            .str());
    int64_t k = tensorTypeOf(experts).getDimSize(1);
    Value codes = gatherRows(op.getCodes(), sources, k, op.getRecvCodesInit());
    Value scales =
        gatherRows(op.getScales(), sources, k, op.getRecvScalesInit());
    return {codes, scales, counts, sources};
  }

  Value combine(MoeCombineOp op) {
    int64_t capacity = tensorTypeOf(op.getExpertOut()).getDimSize(1);
    assertAll(
        op.getCounts(),
        [&](OpBuilder &nb, Location nloc, Value count) {
          return inRange(nb, nloc, count, 0, capacity + 1);
        },
        llvm::formatv("counts must be within [0, capacity = {0}]", capacity)
            .str());
    auto [slots, ok] = invert(op, capacity);
    cf::AssertOp::create(b, ok,
                         what + ": sources and counts must hold every (token, "
                                "slot) exactly once, in the expert that "
                                "experts names");
    return gatherOutputs(op.getExpertOut(), slots, capacity, op.getInit());
  }

private:
  Value i32(OpBuilder &nb, Location nloc, int64_t v) {
    return arith::ConstantIntOp::create(nb, nloc, nb.getI32Type(), v);
  }
  Value idx(OpBuilder &nb, Location nloc, int64_t v) {
    return arith::ConstantIndexOp::create(nb, nloc, v);
  }
  Value toIndex(OpBuilder &nb, Location nloc, Value v) {
    return arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), v);
  }
  Value toI32(OpBuilder &nb, Location nloc, Value v) {
    return arith::IndexCastOp::create(nb, nloc, nb.getI32Type(), v);
  }

  /// lo <= v < hi for an i32 `v`.
  Value inRange(OpBuilder &nb, Location nloc, Value v, int64_t lo, int64_t hi) {
    using P = arith::CmpIPredicate;
    Value wide = arith::ExtSIOp::create(nb, nloc, nb.getI64Type(), v);
    auto c = [&](int64_t x) {
      return arith::ConstantIntOp::create(nb, nloc, nb.getI64Type(), x);
    };
    return arith::AndIOp::create(
        nb, nloc, arith::CmpIOp::create(nb, nloc, P::sle, c(lo), wide),
        arith::CmpIOp::create(nb, nloc, P::slt, wide, c(hi)));
  }

  /// `init` filled with the i32 `value`.
  Value fill(Value init, int64_t value) {
    return linalg::FillOp::create(b, ValueRange{i32(b, b.getLoc(), value)},
                                  ValueRange{init})
        .getResult(0);
  }

  /// cf.assert that `pred` holds for every element of the i32 tensor
  /// `values` (one reduction to an i1).
  void assertAll(Value values,
                 function_ref<Value(OpBuilder &, Location, Value)> pred,
                 const std::string &message) {
    MLIRContext *ctx = b.getContext();
    int64_t rank = tensorTypeOf(values).getRank();
    Value init = filledTensor(
        b, b.getLoc(), {}, arith::ConstantIntOp::create(b, b.getI1Type(), 1));
    Value ok =
        linalg::GenericOp::create(
            b, TypeRange{init.getType()}, ValueRange{values}, ValueRange{init},
            {AffineMap::getMultiDimIdentityMap(rank, ctx),
             AffineMap::get(rank, 0, {}, ctx)},
            SmallVector<IteratorType>(rank, kReduction),
            [&](OpBuilder &nb, Location nloc, ValueRange args) {
              Value holds = pred(nb, nloc, args[0]);
              linalg::YieldOp::create(
                  nb, nloc,
                  arith::AndIOp::create(nb, nloc, args[1], holds).getResult());
            })
            .getResult(0);
    cf::AssertOp::create(b, tensor::ExtractOp::create(b, ok, ValueRange{}),
                         what + ": " + message);
  }

  /// The dispatch order: for i = t*k + j ascending, e = experts[t, j]
  /// (clamped to [0, E)), c = counts[e]; sources[e, c] = i if c < C;
  /// counts[e] = c + 1.
  std::pair<Value, Value> route(Value experts, Value counts, Value sources,
                                int64_t e, int64_t capacity) {
    Location loc = b.getLoc();
    int64_t k = tensorTypeOf(experts).getDimSize(1);
    Value tokens = tensor::DimOp::create(b, experts, 0);
    Value total = arith::MulIOp::create(b, tokens, idx(b, loc, k));
    auto loop = scf::ForOp::create(
        b, idx(b, loc, 0), total, idx(b, loc, 1), ValueRange{counts, sources},
        [&](OpBuilder &nb, Location nloc, Value i, ValueRange iter) {
          Value kConst = idx(nb, nloc, k);
          Value t = arith::DivUIOp::create(nb, nloc, i, kConst);
          Value j = arith::RemUIOp::create(nb, nloc, i, kConst);
          Value id =
              tensor::ExtractOp::create(nb, nloc, experts, ValueRange{t, j});
          id = arith::MaxSIOp::create(nb, nloc, id, i32(nb, nloc, 0));
          id = arith::MinSIOp::create(nb, nloc, id, i32(nb, nloc, e - 1));
          Value expert = toIndex(nb, nloc, id);
          Value count =
              tensor::ExtractOp::create(nb, nloc, iter[0], ValueRange{expert});
          Value fits =
              arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt, count,
                                    i32(nb, nloc, capacity));
          auto write = scf::IfOp::create(
              nb, nloc, fits,
              [&](OpBuilder &tb, Location tloc) {
                Value updated = tensor::InsertOp::create(
                    tb, tloc, toI32(tb, tloc, i), iter[1],
                    ValueRange{expert, toIndex(tb, tloc, count)});
                scf::YieldOp::create(tb, tloc, updated);
              },
              [&](OpBuilder &eb, Location eloc) {
                scf::YieldOp::create(eb, eloc, iter[1]);
              });
          Value next = arith::AddIOp::create(nb, nloc, count, i32(nb, nloc, 1));
          Value newCounts = tensor::InsertOp::create(nb, nloc, next, iter[0],
                                                     ValueRange{expert});
          scf::YieldOp::create(nb, nloc,
                               ValueRange{newCounts, write.getResult(0)});
        });
    return {loop.getResult(0), loop.getResult(1)};
  }

  /// out[l, c, x] = sources[l, c] >= 0 ? rows[sources[l, c] / k, x] : 0:
  /// the token rows (codes or scales) in the local experts' slots.
  Value gatherRows(Value rows, Value sources, int64_t k, Value init) {
    MLIRContext *ctx = b.getContext();
    Type element = tensorTypeOf(init).getElementType();
    auto map = [&](ArrayRef<unsigned> dims) {
      SmallVector<AffineExpr> exprs;
      for (unsigned d : dims)
        exprs.push_back(getAffineDimExpr(d, ctx));
      return AffineMap::get(3, 0, exprs, ctx);
    };
    return linalg::GenericOp::create(
               b, TypeRange{init.getType()}, ValueRange{sources},
               ValueRange{init}, {map({0, 1}), map({0, 1, 2})},
               {kParallel, kParallel, kParallel},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value valid =
                     arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge,
                                           args[0], i32(nb, nloc, 0));
                 // NOTE: linalg.index must be an immediate child of the
                 // linalg body, not of the scf.if.
                 Value col = linalg::IndexOp::create(nb, nloc, 2);
                 auto read = scf::IfOp::create(
                     nb, nloc, valid,
                     [&](OpBuilder &tb, Location tloc) {
                       Value token = arith::DivUIOp::create(
                           tb, tloc, toIndex(tb, tloc, args[0]),
                           idx(tb, tloc, k));
                       scf::YieldOp::create(
                           tb, tloc,
                           tensor::ExtractOp::create(tb, tloc, rows,
                                                     ValueRange{token, col})
                               .getResult());
                     },
                     [&](OpBuilder &eb, Location eloc) {
                       scf::YieldOp::create(eb, eloc, zero(eb, eloc, element));
                     });
                 linalg::YieldOp::create(nb, nloc, read.getResult(0));
               })
        .getResult(0);
  }

  /// +0 of an f32 or E4M3 element (E4M3 +0 is the code 0x00).
  Value zero(OpBuilder &nb, Location nloc, Type element) {
    if (element.isF32())
      return f32Constant(nb, nloc, 0.0f);
    Value bits = arith::ConstantIntOp::create(nb, nloc, nb.getI8Type(), 0);
    return arith::BitcastOp::create(nb, nloc, element, bits);
  }

  /// slots[t, j] = l*C + c for the slot (l, c < counts[l]) whose source is
  /// t*k + j, -1 where none; and whether every valid slot's source is in
  /// [0, T*k), names a (t, j) no other slot names, in expert l =
  /// experts[t, j], and the slots cover all T*k (token, slot)s.
  std::pair<Value, Value> invert(MoeCombineOp op, int64_t capacity) {
    Location loc = b.getLoc();
    Value experts = op.getExperts();
    int64_t k = tensorTypeOf(experts).getDimSize(1);
    int64_t local = tensorTypeOf(op.getSources()).getDimSize(0);
    // T as an attribute where static: the slots keep a static shape.
    OpFoldResult tokens = tensor::getMixedSizes(b, loc, experts)[0];
    Value total = arith::MulIOp::create(
        b, getValueOrCreateConstantIndexOp(b, loc, tokens), idx(b, loc, k));
    Value slots =
        filledTensor(b, loc, {tokens, b.getIndexAttr(k)}, i32(b, loc, -1));
    Value ok = arith::ConstantIntOp::create(b, b.getI1Type(), 1);
    Value c0 = idx(b, loc, 0), c1 = idx(b, loc, 1);
    auto outer = scf::ForOp::create(
        b, c0, idx(b, loc, local * capacity), c1, ValueRange{slots, ok, c0},
        [&](OpBuilder &nb, Location nloc, Value flat, ValueRange iter) {
          SmallVector<Value> next =
              placeSlot(nb, nloc, op, flat, capacity, k, total, iter);
          scf::YieldOp::create(nb, nloc, next);
        });
    Value covered = arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                          outer.getResult(2), total);
    return {outer.getResult(0),
            arith::AndIOp::create(b, outer.getResult(1), covered)};
  }

  /// One step of `invert` for the slot `flat` = l*C + c; `iter` is (slots,
  /// ok, placed).
  SmallVector<Value> placeSlot(OpBuilder &nb, Location nloc, MoeCombineOp op,
                               Value flat, int64_t capacity, int64_t k,
                               Value total, ValueRange iter) {
    using P = arith::CmpIPredicate;
    Value cap = idx(nb, nloc, capacity);
    Value l = arith::DivUIOp::create(nb, nloc, flat, cap);
    Value c = arith::RemUIOp::create(nb, nloc, flat, cap);
    Value count = toIndex(
        nb, nloc, tensor::ExtractOp::create(nb, nloc, op.getCounts(), l));
    // Counts were checked to be in [0, C]: c < count is a valid slot.
    Value active = arith::CmpIOp::create(nb, nloc, P::slt, c, count);
    auto ifActive = scf::IfOp::create(
        nb, nloc, active,
        [&](OpBuilder &tb, Location tloc) {
          Value src = tensor::ExtractOp::create(tb, tloc, op.getSources(),
                                                ValueRange{l, c});
          Value wide = arith::ExtSIOp::create(tb, tloc, tb.getI64Type(), src);
          Value totalI64 =
              arith::IndexCastOp::create(tb, tloc, tb.getI64Type(), total);
          Value zero64 =
              arith::ConstantIntOp::create(tb, tloc, tb.getI64Type(), 0);
          Value inRange = arith::AndIOp::create(
              tb, tloc, arith::CmpIOp::create(tb, tloc, P::sle, zero64, wide),
              arith::CmpIOp::create(tb, tloc, P::slt, wide, totalI64));
          auto ifIn = scf::IfOp::create(
              tb, tloc, inRange,
              [&](OpBuilder &ib, Location iloc) {
                scf::YieldOp::create(
                    ib, iloc, placeSource(ib, iloc, op, src, l, flat, k, iter));
              },
              [&](OpBuilder &eb, Location eloc) {
                Value bad =
                    arith::ConstantIntOp::create(eb, eloc, eb.getI1Type(), 0);
                scf::YieldOp::create(eb, eloc,
                                     ValueRange{iter[0], bad, iter[2]});
              });
          scf::YieldOp::create(tb, tloc, ifIn.getResults());
        },
        [&](OpBuilder &eb, Location eloc) {
          scf::YieldOp::create(eb, eloc, iter);
        });
    return SmallVector<Value>(ifActive.getResults());
  }

  /// Places the in-range source `src` = t*k + j of slot `flat` = l*C + c:
  /// slots[t, j] = flat, ok &= (slots[t, j] was unset and experts[t, j] ==
  /// l), placed + 1. `iter` is (slots, ok, placed).
  SmallVector<Value> placeSource(OpBuilder &ib, Location iloc, MoeCombineOp op,
                                 Value src, Value l, Value flat, int64_t k,
                                 ValueRange iter) {
    using P = arith::CmpIPredicate;
    Value at = toIndex(ib, iloc, src);
    Value t = arith::DivUIOp::create(ib, iloc, at, idx(ib, iloc, k));
    Value j = arith::RemUIOp::create(ib, iloc, at, idx(ib, iloc, k));
    Value prev = tensor::ExtractOp::create(ib, iloc, iter[0], ValueRange{t, j});
    Value expert =
        tensor::ExtractOp::create(ib, iloc, op.getExperts(), ValueRange{t, j});
    Value fresh =
        arith::CmpIOp::create(ib, iloc, P::slt, prev, i32(ib, iloc, 0));
    Value mine =
        arith::CmpIOp::create(ib, iloc, P::eq, expert, toI32(ib, iloc, l));
    Value good = arith::AndIOp::create(
        ib, iloc, iter[1], arith::AndIOp::create(ib, iloc, fresh, mine));
    Value updated = tensor::InsertOp::create(ib, iloc, toI32(ib, iloc, flat),
                                             iter[0], ValueRange{t, j});
    Value placed = arith::AddIOp::create(ib, iloc, iter[2], idx(ib, iloc, 1));
    return {updated, good, placed};
  }

  /// result[t, j, n] = RN_bf16(out[s / C, s mod C, n]) with s = max(slots[t,
  /// j], 0) (the checks guarantee s >= 0).
  Value gatherOutputs(Value expertOut, Value slots, int64_t capacity,
                      Value init) {
    MLIRContext *ctx = b.getContext();
    AffineMap slotMap = AffineMap::get(
        3, 0, {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx)}, ctx);
    return linalg::GenericOp::create(
               b, TypeRange{init.getType()}, ValueRange{slots},
               ValueRange{init},
               {slotMap, AffineMap::getMultiDimIdentityMap(3, ctx)},
               {kParallel, kParallel, kParallel},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 Value slot = toIndex(nb, nloc,
                                      arith::MaxSIOp::create(nb, nloc, args[0],
                                                             i32(nb, nloc, 0)));
                 Value cap = idx(nb, nloc, capacity);
                 Value value = tensor::ExtractOp::create(
                     nb, nloc, expertOut,
                     ValueRange{arith::DivUIOp::create(nb, nloc, slot, cap),
                                arith::RemUIOp::create(nb, nloc, slot, cap),
                                linalg::IndexOp::create(nb, nloc, 2)});
                 if (!value.getType().isBF16())
                   value = createF32ToBF16(nb, nloc, value);
                 linalg::YieldOp::create(nb, nloc, value);
               })
        .getResult(0);
  }

  ImplicitLocOpBuilder b;
  /// The op and its location, which starts every check message.
  std::string what;
};
} // namespace

MoeDispatchResults fp8q::buildLocalMoeDispatch(OpBuilder &builder,
                                               MoeDispatchOp op) {
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] moe dispatch: "
                          << op.getNumExperts() << " experts, capacity "
                          << op.getCapacity() << "\n");
  return LocalExpertExchangeBuilder(builder, op.getLoc(),
                                    describeOpForChecks(op))
      .dispatch(op);
}

Value fp8q::buildLocalMoeCombine(OpBuilder &builder, MoeCombineOp op) {
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] moe combine: "
                          << op.getNumExperts() << " experts\n");
  return LocalExpertExchangeBuilder(builder, op.getLoc(),
                                    describeOpForChecks(op))
      .combine(op);
}

//===----------------------------------------------------------------------===//
// Preconditions
//===----------------------------------------------------------------------===//

namespace {
/// Why an expert-parallel op cannot run in one process: more than one rank.
std::optional<std::string> getExpertParallelReason(Operation *op) {
  int64_t ranks = 1;
  if (auto rank = dyn_cast<EpRankOp>(op))
    ranks = rank.getRanks();
  if (auto dispatch = dyn_cast<MoeDispatchOp>(op))
    ranks = dispatch.getRanks();
  if (auto combine = dyn_cast<MoeCombineOp>(op))
    ranks = combine.getRanks();
  if (ranks == 1) {
    // The combine's loop runs over the E_local * C slots.
    auto combine = dyn_cast<MoeCombineOp>(op);
    ArrayRef<int64_t> slots = combine
                                  ? combine.getSources().getType().getShape()
                                  : ArrayRef<int64_t>();
    int64_t product;
    if (slots.size() == 2 && llvm::MulOverflow(slots[0], slots[1], product))
      return std::string("the number of expert slots (E_local * capacity) "
                         "overflows int64");
    return std::nullopt;
  }
  // NOTE: ranks > 1 cannot be computed in one process; the NCCL exchange
  // is convert-fp8q-to-nccl's (docs/ExpertParallel.md).
  return llvm::formatv("{0} with ranks = {1} exchanges rows between processes "
                       "through NCCL, which only convert-fp8q-to-nccl "
                       "(--fp8q-gpu-pipeline) lowers; the linalg lowering "
                       "takes ranks = 1",
                       op->getName().getStringRef(), ranks)
      .str();
}
} // namespace

std::optional<std::string>
fp8q::getFp8qToLinalgUnsupportedReason(Operation *op) {
  if (!isa<QuantizeOp, DequantizeOp, TileTransposeOp, BlockTransposeOp,
           ScaledMatmulOp, GroupedScaledMatmulOp, EpRankOp, MoeDispatchOp,
           MoeCombineOp>(op))
    return std::string("no fp8q-to-linalg lowering for this op");
  if (std::optional<std::string> reason = getExpertParallelReason(op))
    return reason;
  // Dynamic extents are supported: the requirements between them are
  // asserted at run time (buildDynamicExtentChecks). The amax reduction
  // pads the quantized tensor to whole tiles.
  std::optional<std::pair<Value, TileAttr>> tiled;
  if (auto quantize = dyn_cast<QuantizeOp>(op))
    tiled = {quantize.getSource(), quantize.getTile()};
  if (auto transpose = dyn_cast<TileTransposeOp>(op))
    tiled = {transpose.getQ(), transpose.getTile().transposed()};
  if (tiled) {
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(tiled->first.getType()).getShape();
    int64_t tile[2] = {tiled->second.getRows(), tiled->second.getCols()};
    for (int dim = 0; dim < 2; ++dim) {
      if (ShapedType::isDynamic(shape[dim]))
        continue;
      int64_t padded;
      auto tiles =
          static_cast<int64_t>(llvm::divideCeil(shape[dim], tile[dim]));
      if (!llvm::MulOverflow(tiles, tile[dim], padded))
        continue;
      return llvm::formatv("extent {0} of dimension {1} padded to whole "
                           "tiles of {2} overflows int64",
                           shape[dim], dim, tile[dim])
          .str();
    }
  }
  std::optional<uint64_t> gemmGroup;
  if (auto matmul = dyn_cast<ScaledMatmulOp>(op))
    gemmGroup = matmul.getGroupSize();
  if (auto grouped = dyn_cast<GroupedScaledMatmulOp>(op))
    gemmGroup = grouped.getGroupSize();
  if (gemmGroup) {
    auto group = static_cast<int64_t>(*gemmGroup);
    if (group > kMaxExactGroupSize)
      return llvm::formatv("group_size {0} exceeds {1}, the largest group "
                           "whose partial sums are computed exactly",
                           group, kMaxExactGroupSize)
          .str();
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// The results of one op's reference lowering, in the op's result order.
using Lowered = SmallVector<Value, 2>;

Lowered lowerQuantize(PatternRewriter &rewriter, QuantizeOp op) {
  TileQuantization config{op.getTile().getRows(), op.getTile().getCols(),
                          op.getScaleMode(), op.getEps().convertToFloat(),
                          op.getTranspose(),
                          op.getScaleLayout() == ScaleLayout::mn_major};
  QuantizedTensor result =
      buildQuantize(rewriter, op.getLoc(), op.getSource(), config,
                    op.getQInit(), op.getScaleInit());
  return {result.codes, result.scales};
}

Lowered lowerDequantize(PatternRewriter &rewriter, DequantizeOp op) {
  return {buildDequantize(rewriter, op.getLoc(), op.getQ(), op.getScale(),
                          op.getTile().getRows(), op.getTile().getCols(),
                          op.getInit(),
                          op.getScaleLayout() == ScaleLayout::mn_major)};
}

/// dequantize (1xG, f32) -> quantize with Gx1 tiles and a transposed output,
/// which is quantize(dequantized^T, 1xG) of the definition: the same tiles
/// of the same values, laid out as [K, M] / [K, ceil(M/G)].
Lowered lowerTileTranspose(PatternRewriter &rewriter, TileTransposeOp op) {
  Location loc = op.getLoc();
  int64_t group = op.getTile().getCols();
  Value values = tensor::EmptyOp::create(
      rewriter, loc, tensor::getMixedSizes(rewriter, loc, op.getQ()),
      rewriter.getF32Type());
  values = buildDequantize(rewriter, loc, op.getQ(), op.getScale(),
                           /*tileRows=*/1, group, values);
  TileQuantization config{group, /*tileCols=*/1, op.getScaleMode(),
                          op.getEps().convertToFloat(), /*transpose=*/true};
  QuantizedTensor result = buildQuantize(rewriter, loc, values, config,
                                         op.getQInit(), op.getScaleInit());
  return {result.codes, result.scales};
}

/// Two linalg.transposes: the definition is a permutation of the codes and
/// of the scales, nothing is recomputed.
Lowered lowerBlockTranspose(PatternRewriter &rewriter, BlockTransposeOp op) {
  Location loc = op.getLoc();
  SmallVector<int64_t, 2> swap = {1, 0};
  Value codes =
      linalg::TransposeOp::create(rewriter, loc, op.getQ(), op.getQInit(), swap)
          ->getResult(0);
  Value scales = linalg::TransposeOp::create(rewriter, loc, op.getScale(),
                                             op.getScaleInit(), swap)
                     ->getResult(0);
  return {codes, scales};
}

Lowered lowerScaledMatmul(PatternRewriter &rewriter, ScaledMatmulOp op) {
  ScaledMatmulOperands operands{op.getA(),
                                op.getAScale(),
                                op.getB(),
                                op.getBScale(),
                                op.getInit(),
                                static_cast<int64_t>(op.getGroupSize()),
                                op.getEffectiveBTile().getRows(),
                                op.getAccumulate(),
                                op.getAScaleLayout() == ScaleLayout::mn_major};
  return {buildScaledMatmul(rewriter, op.getLoc(), operands)};
}

/// The offsets or counts are data: checked at run time, then the GEMMs.
Lowered lowerGroupedScaledMatmul(PatternRewriter &rewriter,
                                 GroupedScaledMatmulOp op) {
  GroupedScaledMatmulOperands operands = getGroupedScaledMatmulOperands(op);
  buildGroupIndexCheck(rewriter, op.getLoc(), operands,
                       describeOpForChecks(op));
  return {buildGroupedScaledMatmul(rewriter, op.getLoc(), operands)};
}

/// ranks = 1: this process is rank 0.
Lowered lowerEpRank(PatternRewriter &rewriter, EpRankOp op) {
  return {arith::ConstantIndexOp::create(rewriter, op.getLoc(), 0)};
}

/// ranks = 1 (getExpertParallelReason): a local bucketing of the rows.
Lowered lowerMoeDispatch(PatternRewriter &rewriter, MoeDispatchOp op) {
  MoeDispatchResults r = buildLocalMoeDispatch(rewriter, op);
  return {r.recvCodes, r.recvScales, r.counts, r.sources};
}

/// ranks = 1: a local gather of the expert outputs.
Lowered lowerMoeCombine(PatternRewriter &rewriter, MoeCombineOp op) {
  return {buildLocalMoeCombine(rewriter, op)};
}

/// The pattern of one fp8q op: fails the match with the reason from
/// getFp8qToLinalgUnsupportedReason, else replaces the op by `Lower`'s
/// values.
template <typename OpT, Lowered (*Lower)(PatternRewriter &, OpT)>
struct Fp8qOpLowering : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    if (std::optional<std::string> reason =
            getFp8qToLinalgUnsupportedReason(op))
      return rewriter.notifyMatchFailure(op, *reason);
    buildDynamicExtentChecks(rewriter, op);
    rewriter.replaceOp(op, Lower(rewriter, op));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertFp8qToLinalgPass
    : fp8q::impl::ConvertFp8qToLinalgPassBase<ConvertFp8qToLinalgPass> {
  void runOnOperation() override {
    // Diagnose every op the patterns cannot take before rewriting anything,
    // so that a failure names the op and the reason.
    bool supported = true;
    getOperation()->walk([&](Operation *op) {
      if (!isa_and_nonnull<Fp8qDialect>(op->getDialect()))
        return;
      if (std::optional<std::string> reason =
              getFp8qToLinalgUnsupportedReason(op)) {
        op->emitOpError() << "cannot be lowered to linalg: " << *reason;
        supported = false;
      }
    });
    if (!supported)
      return signalPassFailure();

    ConversionTarget target(getContext());
    target.addIllegalDialect<Fp8qDialect>();
    target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           scf::SCFDialect, tensor::TensorDialect>();
    RewritePatternSet patterns(&getContext());
    populateFp8qToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void fp8q::populateFp8qToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<Fp8qOpLowering<QuantizeOp, lowerQuantize>,
               Fp8qOpLowering<DequantizeOp, lowerDequantize>,
               Fp8qOpLowering<TileTransposeOp, lowerTileTranspose>,
               Fp8qOpLowering<BlockTransposeOp, lowerBlockTranspose>,
               Fp8qOpLowering<ScaledMatmulOp, lowerScaledMatmul>,
               Fp8qOpLowering<GroupedScaledMatmulOp, lowerGroupedScaledMatmul>,
               Fp8qOpLowering<EpRankOp, lowerEpRank>,
               Fp8qOpLowering<MoeDispatchOp, lowerMoeDispatch>,
               Fp8qOpLowering<MoeCombineOp, lowerMoeCombine>>(
      patterns.getContext());
}
