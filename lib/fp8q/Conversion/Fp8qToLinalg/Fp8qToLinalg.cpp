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
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
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
// Preconditions
//===----------------------------------------------------------------------===//

std::optional<std::string>
fp8q::getFp8qToLinalgUnsupportedReason(Operation *op) {
  if (!isa<QuantizeOp, DequantizeOp, TileTransposeOp, ScaledMatmulOp>(op))
    return std::string("no fp8q-to-linalg lowering for this op");
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
  if (auto matmul = dyn_cast<ScaledMatmulOp>(op)) {
    auto group = static_cast<int64_t>(matmul.getGroupSize());
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
                           tensor::TensorDialect>();
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
               Fp8qOpLowering<ScaledMatmulOp, lowerScaledMatmul>>(
      patterns.getContext());
}
