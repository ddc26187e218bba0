//===- QuantizeModel.cpp - Linear layers of a model graph to FP8 ----------===//
//
// Part of the fp8q project.
//
// The rewrite of one Linear layer, the module driver, the report, and the
// (thin) Fp8qQuantizeModelPass. What is a Linear layer and what is retained
// is decided in ModelAnalysis.cpp.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Transforms/QuantizeModel.h"

#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/IR/Fp8qOps.h"
#include "fp8q/Transforms/ImportTosa.h"
#include "fp8q/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"

#define DEBUG_TYPE "fp8q-quantize-model"

namespace mlir::fp8q {
#define GEN_PASS_DEF_FP8QQUANTIZEMODELPASS
#include "fp8q/Transforms/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;
using namespace mlir::fp8q;

//===----------------------------------------------------------------------===//
// IR building helpers
//===----------------------------------------------------------------------===//

namespace {
bool isIdentity(ArrayRef<int64_t> permutation) {
  for (auto [i, p] : llvm::enumerate(permutation))
    if (p != static_cast<int64_t>(i))
      return false;
  return true;
}

/// The permutation taking a value indexed by `map` to the loop order
/// `order`: result dimension i is `map`'s result holding loop `order[i]`
/// (the linalg.transpose convention).
SmallVector<int64_t> permutationTo(AffineMap map, ArrayRef<unsigned> order) {
  SmallVector<int64_t> permutation;
  for (unsigned loop : order)
    permutation.push_back(
        *map.getResultPosition(getAffineDimExpr(loop, map.getContext())));
  return permutation;
}

/// The inverse permutation: from the loop order `order` back to `map`'s.
SmallVector<int64_t> permutationFrom(AffineMap map, ArrayRef<unsigned> order) {
  SmallVector<int64_t> permutation;
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    permutation.push_back(llvm::find(order, map.getDimPosition(i)) -
                          order.begin());
  return permutation;
}

/// A tensor.empty of `sizes` (static extents as attributes, dynamic ones as
/// index values: the M of a graph with a dynamic token count).
Value createEmpty(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                  Type element) {
  return tensor::EmptyOp::create(b, loc, sizes, element);
}

/// `value` transposed by `permutation` (no op for the identity).
Value transpose(OpBuilder &b, Location loc, Value value,
                ArrayRef<int64_t> permutation) {
  if (isIdentity(permutation))
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, value);
  SmallVector<OpFoldResult> permuted;
  for (int64_t p : permutation)
    permuted.push_back(sizes[p]);
  Value init = createEmpty(b, loc, permuted, type.getElementType());
  return linalg::TransposeOp::create(b, loc, value, init, permutation)
      ->getResult(0);
}

/// [d0, .., dr-1] -> [d0 * .. * dr-2, dr-1] (no op for 2-D values).
Value collapseTo2D(OpBuilder &b, Location loc, Value value) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  if (rank == 2)
    return value;
  ReassociationIndices rows = llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  return tensor::CollapseShapeOp::create(
      b, loc, value, ArrayRef<ReassociationIndices>{rows, {rank - 1}});
}

/// [M, N] -> `sizes` (with M the product of all but the last extent; the
/// dynamic extents become the expand's output_shape operands).
Value expandFrom2D(OpBuilder &b, Location loc, Value value,
                   ArrayRef<OpFoldResult> sizes) {
  if (sizes.size() <= 2)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape = decomposeMixedValues(sizes).first;
  int64_t rank = sizes.size();
  ReassociationIndices rows = llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      ArrayRef<ReassociationIndices>{rows, {rank - 1}}, sizes);
}

/// A scalar float conversion with round-to-nearest-even narrowing; bf16 and
/// f16 go through f32.
Value castFloat(OpBuilder &b, Location loc, Value value, FloatType to) {
  auto from = cast<FloatType>(value.getType());
  if (from == to)
    return value;
  if (from.getWidth() < to.getWidth())
    return arith::ExtFOp::create(b, loc, to, value);
  if (from.getWidth() > to.getWidth())
    return arith::TruncFOp::create(b, loc, to, value);
  Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
  return arith::TruncFOp::create(b, loc, to, wide);
}

/// `value` converted elementwise to `element` (a linalg.generic, which every
/// fp8q pipeline lowers; no op when the types agree).
Value convertElementType(OpBuilder &b, Location loc, Value value,
                         Type element) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType() == element)
    return value;
  auto resultType = type.clone(element);
  Value init = createEmpty(b, loc, tensor::getMixedSizes(b, loc, value), element);
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{value}, ValueRange{init},
      ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value converted =
            castFloat(nested, nestedLoc, args[0], cast<FloatType>(element));
        linalg::YieldOp::create(nested, nestedLoc, converted);
      });
  return generic->getResult(0);
}

FloatType getGemmElementType(MLIRContext *context, GemmOutputType type) {
  if (type == GemmOutputType::BF16)
    return BFloat16Type::get(context);
  return Float32Type::get(context);
}
} // namespace

//===----------------------------------------------------------------------===//
// QuantizedOperandCache
//===----------------------------------------------------------------------===//

void QuantizedOperandCache::setInsertionPointAfterDefinition(OpBuilder &builder,
                                                             Value value) {
  // Block arguments: after what was already placed at the block start, so
  // that the weights stay in argument order.
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return builder.setInsertionPointAfterValue(value);
  auto it = lastAtBlockStart.find(arg.getOwner());
  if (it != lastAtBlockStart.end())
    return builder.setInsertionPointAfter(it->second);
  builder.setInsertionPointToStart(arg.getOwner());
}

std::pair<Value, Value>
QuantizedOperandCache::getOrCreate(OpBuilder &builder, Value source,
                                   TileAttr tile, ScaleMode mode,
                                   bool transpose, ScaleLayout scaleLayout) {
  unsigned variant =
      (static_cast<unsigned>(mode) * 2 + (transpose ? 1 : 0)) * 2 +
      static_cast<unsigned>(scaleLayout);
  auto key = std::make_tuple(source, Attribute(tile), variant);
  auto it = quantized.find(key);
  if (it != quantized.end())
    return it->second;

  OpBuilder::InsertionGuard guard(builder);
  setInsertionPointAfterDefinition(builder, source);
  Location loc = source.getLoc();
  // Codes: the source's extents; scales: tiles per extent, computed at run
  // time for a dynamic extent (the M of a dynamic token count, tiled by 1).
  SmallVector<OpFoldResult> qShape = tensor::getMixedSizes(builder, loc, source);
  SmallVector<OpFoldResult> sShape;
  for (auto [dim, size] : llvm::enumerate(qShape)) {
    int64_t tileExtent = dim == 0 ? tile.getRows() : tile.getCols();
    if (std::optional<int64_t> extent = getConstantIntValue(size)) {
      sShape.push_back(builder.getIndexAttr(tile.getNumTiles(*extent, dim)));
    } else if (tileExtent == 1) {
      sShape.push_back(size);
    } else {
      Value t = arith::ConstantIndexOp::create(builder, loc, tileExtent);
      sShape.push_back(
          arith::CeilDivUIOp::create(builder, loc, cast<Value>(size), t)
              .getResult());
    }
  }
  if (transpose) {
    std::swap(qShape[0], qShape[1]);
    std::swap(sShape[0], sShape[1]);
  }
  if (scaleLayout == ScaleLayout::mn_major)
    std::swap(sShape[0], sShape[1]);
  Type f8 = Float8E4M3FNType::get(builder.getContext());
  Value qInit = createEmpty(builder, loc, qShape, f8);
  Value sInit = createEmpty(builder, loc, sShape, builder.getF32Type());
  auto op = QuantizeOp::create(builder, loc, qInit.getType(), sInit.getType(),
                               source, qInit, sInit, tile, mode,
                               llvm::APFloat(1.0e-4f), transpose, scaleLayout);
  if (isa<BlockArgument>(source))
    lastAtBlockStart[source.getParentBlock()] = op;
  std::pair<Value, Value> result = {op.getQ(), op.getScale()};
  quantized[key] = result;
  return result;
}

Value QuantizedOperandCache::getOrCreate2D(OpBuilder &builder, Value value,
                                           ArrayRef<int64_t> permutation) {
  auto key = std::make_pair(
      value, Attribute(builder.getDenseI64ArrayAttr(permutation)));
  auto it = reshaped.find(key);
  if (it != reshaped.end())
    return it->second;
  OpBuilder::InsertionGuard guard(builder);
  setInsertionPointAfterDefinition(builder, value);
  Location loc = value.getLoc();
  Value result =
      collapseTo2D(builder, loc, transpose(builder, loc, value, permutation));
  reshaped[key] = result;
  return result;
}

std::pair<Value, Value> QuantizedOperandCache::getOrCreateTileTranspose(
    OpBuilder &builder, Operation *user, const ForwardActivation &x,
    int64_t groupSize) {
  auto it = tileTransposed.find(x.codes);
  if (it != tileTransposed.end())
    return it->second;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(user);
  Location loc = x.codes.getLoc();
  auto codesType = cast<RankedTensorType>(x.codes.getType());
  auto scalesType = cast<RankedTensorType>(x.scales.getType());
  int64_t t = codesType.getDimSize(0), k = codesType.getDimSize(1);
  Value qInit =
      tensor::EmptyOp::create(builder, loc, {k, t}, codesType.getElementType());
  Value sInit = tensor::EmptyOp::create(builder, loc,
                                        {k, llvm::divideCeil(t, groupSize)},
                                        scalesType.getElementType());
  auto op = TileTransposeOp::create(
      builder, loc, qInit.getType(), sInit.getType(), x.codes, x.scales, qInit,
      sInit, TileAttr::get(builder.getContext(), 1, groupSize), x.mode,
      llvm::APFloat(1.0e-4f));
  std::pair<Value, Value> result = {op.getQT(), op.getScaleT()};
  tileTransposed[x.codes] = result;
  return result;
}

std::pair<Value, Value> QuantizedOperandCache::getOrCreateBlockTranspose(
    OpBuilder &builder, const ForwardWeight &w, int64_t groupSize) {
  auto it = blockTransposed.find(w.codes);
  if (it != blockTransposed.end())
    return it->second;
  OpBuilder::InsertionGuard guard(builder);
  // Right after the weight's quantize, which dominates every user of the
  // weight. Where that quantize is the last op placed at the block start
  // (an argument's), the transpose takes its place there, so that later
  // argument quantizes still follow in argument order.
  builder.setInsertionPointAfterValue(w.codes);
  Location loc = w.codes.getLoc();
  auto codesType = cast<RankedTensorType>(w.codes.getType());
  auto scalesType = cast<RankedTensorType>(w.scales.getType());
  Value qInit = tensor::EmptyOp::create(
      builder, loc, {codesType.getDimSize(1), codesType.getDimSize(0)},
      codesType.getElementType());
  Value sInit = tensor::EmptyOp::create(
      builder, loc, {scalesType.getDimSize(1), scalesType.getDimSize(0)},
      scalesType.getElementType());
  auto op = BlockTransposeOp::create(
      builder, loc, qInit.getType(), sInit.getType(), w.codes, w.scales, qInit,
      sInit, TileAttr::get(builder.getContext(), groupSize, groupSize));
  Operation *quantize = w.codes.getDefiningOp();
  for (auto &[block, last] : lastAtBlockStart)
    if (last == quantize)
      last = op;
  std::pair<Value, Value> result = {op.getQT(), op.getScaleT()};
  blockTransposed[w.codes] = result;
  return result;
}

//===----------------------------------------------------------------------===//
// quantizeLinear
//===----------------------------------------------------------------------===//

Value fp8q::quantizeLinear(RewriterBase &rewriter,
                           const ContractionRecord &record,
                           const QuantizeModelConfig &config,
                           QuantizedOperandCache &cache) {
  const LinearMatch &match = *record.linear;
  linalg::LinalgOp op = match.op;
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  int64_t g = config.groupSize;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();

  // Weight: GxG blocks of the [N, K] layout; a [K, N] weight is quantized
  // with `transpose`, which yields the [N, K] codes directly.
  Value weight = match.weight;
  if (match.weightUnitLeadingDims != 0) {
    // [1, .., 1, K, N] -> [K, N]: the unit dimensions fold into the rows.
    auto rank = cast<RankedTensorType>(weight.getType()).getRank();
    weight = cache.getOrCreate2D(rewriter, weight,
                                 llvm::to_vector(llvm::seq<int64_t>(0, rank)));
  }
  // A Wgrad's "weight" is the forward's activation X [T, K]: 1xG tiles
  // along the tokens T of its [K, T] codes (Gx1 tiles of [T, K], transposed),
  // the scaled_matmul's 1xG `b_tile`. (Its dY^T side given as a transpose of
  // dY is folded by the canonicalizer into dY's Gx1 quantize with
  // `transpose`, which the GPU pipeline fuses with the Dgrad's 1xG one.)
  bool wgrad = record.role == TrainingRole::Wgrad;
  TileAttr weightTile = !wgrad ? TileAttr::get(context, g, g)
                        : match.weightIsKxN ? TileAttr::get(context, g, 1)
                                            : TileAttr::get(context, 1, g);
  Value qb, sb;
  // The recipe's Wgrad reads the activation cached in FP8 by the forward:
  // the Fprop's 1xG codes of this very X [T, K], turned into Gx1 tiles by
  // fp8q.tile_transpose (exact with the Fprop's pow2 scales, one more
  // rounding with fp32 ones). It needs the Fprop's k-major scales.
  std::optional<QuantizedOperandCache::ForwardActivation> cached;
  if (wgrad && config.wgradActivation == WgradActivation::Cached &&
      config.activationScaleLayout == ScaleLayout::k_major &&
      match.weightIsKxN)
    cached = cache.getForwardActivation(record.fprop);
  // A Dgrad reads its Fprop's GxG blocks, transposed (exact; the analysis
  // checked that they are this weight in the other orientation).
  std::optional<QuantizedOperandCache::ForwardWeight> forwardWeight;
  if (record.reuseForwardWeight)
    forwardWeight = cache.getForwardWeight(record.fprop);
  if (cached && cached->activation == weight) {
    std::tie(qb, sb) = cache.getOrCreateTileTranspose(rewriter, op, *cached, g);
  } else if (forwardWeight) {
    std::tie(qb, sb) =
        cache.getOrCreateBlockTranspose(rewriter, *forwardWeight, g);
  } else {
    std::tie(qb, sb) = cache.getOrCreate(rewriter, weight, weightTile,
                                         ScaleMode::fp32, match.weightIsKxN);
  }
  if (record.role == TrainingRole::Fprop)
    cache.setForwardWeight(op, {qb, sb});

  // Activation: [M.., K] in result order, collapsed, quantized in 1xG tiles.
  SmallVector<unsigned> actOrder(match.mDims.begin(), match.mDims.end());
  actOrder.push_back(match.kDim);
  Value activation =
      cache.getOrCreate2D(rewriter, op.getDpsInputs()[match.activationInput],
                          permutationTo(maps[match.activationInput], actOrder));
  ScaleMode actMode = record.pow2Activation ? ScaleMode::pow2 : ScaleMode::fp32;
  auto [qa, sa] = cache.getOrCreate(
      rewriter, activation, TileAttr::get(context, 1, g), actMode,
      /*transpose=*/false, config.activationScaleLayout);
  if (record.role == TrainingRole::Fprop)
    cache.setForwardActivation(op, {activation, qa, sa, actMode});

  // Accumulator: the original init in [M, N] form unless it is zero.
  rewriter.setInsertionPoint(op);
  FloatType gemmElement = getGemmElementType(context, config.outputType);
  auto gemmType = RankedTensorType::get({match.m, match.n}, gemmElement);
  // M as a value where it is dynamic: the rows of the collapsed activation.
  OpFoldResult m = rewriter.getIndexAttr(match.m);
  if (ShapedType::isDynamic(match.m))
    m = tensor::DimOp::create(rewriter, loc, activation, 0).getResult();
  SmallVector<unsigned> outOrder(match.mDims.begin(), match.mDims.end());
  outOrder.push_back(match.nDim);
  Value init = op.getDpsInits()[0];
  bool accumulate = !isZeroInit(init);
  Value c;
  if (accumulate) {
    c = transpose(rewriter, loc, init, permutationTo(maps[2], outOrder));
    c = convertElementType(rewriter, loc, collapseTo2D(rewriter, loc, c),
                           gemmElement);
  } else {
    c = createEmpty(rewriter, loc, {m, rewriter.getIndexAttr(match.n)},
                    gemmElement);
  }

  // NOTE: the promotion interval can not exceed the group: every group's
  // partial sum is scaled on its own (DeepSeek-V3 N_C = 128).
  int64_t promotion =
      std::min<int64_t>(g, QuantizeModelConfig::kPromotionInterval);
  Value y = ScaledMatmulOp::create(
      rewriter, loc, gemmType, qa, sa, qb, sb, c, rewriter.getI64IntegerAttr(g),
      /*b_tile=*/wgrad ? TileAttr::get(context, 1, g) : nullptr,
      rewriter.getI64IntegerAttr(promotion),
      accumulate ? rewriter.getUnitAttr() : nullptr,
      ScaleLayoutAttr::get(context, config.activationScaleLayout));

  // Back to the original type, rank and dimension order.
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  y = convertElementType(rewriter, loc, y, resultType.getElementType());
  // The result extents in [M.., N] order: the M extents read from the
  // activation (tensor.dim where dynamic; not from the init, whose fill
  // becomes dead), N static.
  SmallVector<OpFoldResult> expanded;
  if (outOrder.size() > 2) {
    Value actOperand = op.getDpsInputs()[match.activationInput];
    SmallVector<OpFoldResult> actSizes = tensor::getMixedSizes(rewriter, loc, actOperand);
    for (unsigned loop : match.mDims)
      expanded.push_back(
          actSizes[*maps[match.activationInput].getResultPosition(
              getAffineDimExpr(loop, context))]);
    expanded.push_back(rewriter.getIndexAttr(match.n));
  }
  y = expandFrom2D(rewriter, loc, y, expanded);
  y = transpose(rewriter, loc, y, permutationFrom(maps[2], outOrder));
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << getOpLabel(op) << ": M="
                          << match.m << " N=" << match.n << " K=" << match.k
                          << (accumulate ? ", accumulating" : "") << "\n");
  rewriter.replaceOp(op, y);
  return y;
}

//===----------------------------------------------------------------------===//
// quantizeGroupedLinear
//===----------------------------------------------------------------------===//

namespace {
/// `value` [A*B, C] as [A, B, C].
Value expandRows(OpBuilder &b, Location loc, Value value, int64_t a,
                 int64_t rows) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t cols = type.getDimSize(1);
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get({a, rows, cols}, type.getElementType()),
      value, ArrayRef<ReassociationIndices>{{0, 1}, {2}});
}

/// `value` [A, B*C] as [A, B, C].
Value expandCols(OpBuilder &b, Location loc, Value value, int64_t bExtent,
                 int64_t cExtent) {
  auto type = cast<RankedTensorType>(value.getType());
  return tensor::ExpandShapeOp::create(
      b, loc,
      RankedTensorType::get({type.getDimSize(0), bExtent, cExtent},
                            type.getElementType()),
      value, ArrayRef<ReassociationIndices>{{0}, {1, 2}});
}
} // namespace

namespace {
/// The [T, K] tokens that an [E, T, K] activation gives every expert
/// unchanged (torch's `x.expand(E, T, K)`: a linalg.broadcast along
/// dimension 0, or a linalg.generic reading (e, t, k) -> (t, k) that only
/// yields its input), or null.
Value getBroadcastTokens(Value activation) {
  if (auto broadcast = activation.getDefiningOp<linalg::BroadcastOp>())
    return broadcast.getDimensions() == ArrayRef<int64_t>{0}
               ? broadcast.getInput()
               : Value();
  auto generic = activation.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic->getNumResults() != 1 || generic.getNumReductionLoops() != 0)
    return {};
  MLIRContext *ctx = generic.getContext();
  AffineMap tokens = AffineMap::get(
      3, 0, {getAffineDimExpr(1, ctx), getAffineDimExpr(2, ctx)}, ctx);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  if (maps[0] != tokens || !maps[1].isIdentity() ||
      yield.getValues()[0] != generic.getBody()->getArgument(0))
    return {};
  return generic.getDpsInputs()[0];
}

/// The routing of the dense experts as an i32 constant: every token to
/// every expert ([T, E], row [0 .. E-1]) when `everyExpert`, else each of
/// the E*T per-expert rows to its own expert ([E*T, 1], row e*T + t -> e).
Value createDenseRouting(OpBuilder &b, Location loc, int64_t experts,
                         int64_t tokens, bool everyExpert) {
  SmallVector<int32_t> ids;
  for (int64_t row = 0; row < (everyExpert ? tokens : experts * tokens); ++row)
    for (int64_t e = 0; e < (everyExpert ? experts : 1); ++e)
      ids.push_back(static_cast<int32_t>(everyExpert ? e : row / tokens));
  auto type =
      everyExpert
          ? RankedTensorType::get({tokens, experts}, b.getI32Type())
          : RankedTensorType::get({experts * tokens, 1}, b.getI32Type());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<int32_t>(ids)));
}

/// `value` [E, ...] sliced to this rank's E / R experts, from
/// `fp8q.ep_rank` * (E / R).
Value sliceLocalExperts(OpBuilder &b, Location loc, Value value, Value rank,
                        int64_t local) {
  auto type = cast<RankedTensorType>(value.getType());
  Value offset = arith::MulIOp::create(
      b, loc, rank, arith::ConstantIndexOp::create(b, loc, local));
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  offsets[0] = offset;
  SmallVector<OpFoldResult> sizes =
      getAsIndexOpFoldResult(b.getContext(), type.getShape());
  sizes[0] = b.getIndexAttr(local);
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, value, offsets, sizes, strides);
}

/// The expert-parallel form of a dense grouped GEMM (match.ranks = R > 1):
///
///   rows [T, K] (or [E*T, K]) --quantize 1xG--> moe_dispatch (to every
///   expert, capacity R*T) --> grouped_scaled_matmul on this rank's E/R
///   experts (weights sliced at ep_rank) --> moe_combine (bf16)
///   --> [T, E, N] transposed (or [E*T, 1, N] reshaped) to [E, T, N]
///
/// Every rank computes the rows of the graph's own T tokens: the same
/// values as the single-rank form, with the result rounded to bf16 by the
/// combine.
Value rewriteExpertParallel(RewriterBase &rewriter,
                            const ContractionRecord &record,
                            const QuantizeModelConfig &config,
                            QuantizedOperandCache &cache, Value qb, Value sb) {
  const GroupedLinearMatch &match = *record.grouped;
  linalg::LinalgOp op = match.op;
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  int64_t g = config.groupSize, r = match.ranks;
  int64_t e = match.experts, t = match.tokens, n = match.n, k = match.k;
  int64_t local = e / r, capacity = r * t;

  Value activation = op.getDpsInputs()[match.activationInput];
  Value rows = getBroadcastTokens(activation);
  bool everyExpert = static_cast<bool>(rows);
  if (!everyExpert)
    rows = cache.getOrCreate2D(rewriter, activation, {0, 1, 2});
  ScaleMode actMode = record.pow2Activation ? ScaleMode::pow2 : ScaleMode::fp32;
  auto [qa, sa] =
      cache.getOrCreate(rewriter, rows, TileAttr::get(context, 1, g), actMode,
                        /*transpose=*/false);
  rewriter.setInsertionPoint(op);

  Value rank = EpRankOp::create(rewriter, loc, rewriter.getIndexType(),
                                rewriter.getI64IntegerAttr(r));
  Value qbLocal = sliceLocalExperts(rewriter, loc, qb, rank, local);
  Value sbLocal = sliceLocalExperts(rewriter, loc, sb, rank, local);
  Value experts = createDenseRouting(rewriter, loc, e, t, everyExpert);
  int64_t topK = everyExpert ? e : 1;

  Type i32 = rewriter.getI32Type();
  SmallVector<Type, 4> recvTypes = {
      RankedTensorType::get({local, capacity, k},
                            rewriter.getType<Float8E4M3FNType>()),
      RankedTensorType::get({local, capacity, k / g}, rewriter.getF32Type()),
      RankedTensorType::get({local}, i32),
      RankedTensorType::get({local, capacity}, i32)};
  SmallVector<Value, 7> dispatchOperands = {qa, sa, experts};
  for (Type type : recvTypes)
    dispatchOperands.push_back(tensor::EmptyOp::create(
        rewriter, loc, cast<RankedTensorType>(type).getShape(),
        cast<RankedTensorType>(type).getElementType()));
  auto dispatch = MoeDispatchOp::create(
      rewriter, loc, recvTypes, dispatchOperands,
      {rewriter.getNamedAttr("ranks", rewriter.getI64IntegerAttr(r)),
       rewriter.getNamedAttr("num_experts", rewriter.getI64IntegerAttr(e)),
       rewriter.getNamedAttr("capacity", rewriter.getI64IntegerAttr(capacity)),
       rewriter.getNamedAttr("group_size", rewriter.getI64IntegerAttr(g))});

  FloatType gemmElement = getGemmElementType(context, config.outputType);
  Value gemmInit = createEmpty(
      rewriter, loc, getAsIndexOpFoldResult(context, {local, capacity, n}),
      gemmElement);
  int64_t promotion =
      std::min<int64_t>(g, QuantizeModelConfig::kPromotionInterval);
  Value y = GroupedScaledMatmulOp::create(
      rewriter, loc, gemmInit.getType(), dispatch.getRecvCodes(),
      dispatch.getRecvScales(), qbLocal, sbLocal, dispatch.getCounts(),
      gemmInit, GroupLayoutAttr::get(context, GroupLayout::masked),
      rewriter.getI64IntegerAttr(g), rewriter.getI64IntegerAttr(promotion),
      nullptr);

  int64_t combinedRows = everyExpert ? t : e * t;
  Value combineInit = createEmpty(
      rewriter, loc, getAsIndexOpFoldResult(context, {combinedRows, topK, n}),
      rewriter.getBF16Type());
  Value combined = MoeCombineOp::create(
      rewriter, loc, combineInit.getType(),
      ValueRange{y, dispatch.getSources(), dispatch.getCounts(), experts,
                 combineInit},
      {rewriter.getNamedAttr("ranks", rewriter.getI64IntegerAttr(r)),
       rewriter.getNamedAttr("num_experts", rewriter.getI64IntegerAttr(e))});
  if (everyExpert) {
    combined = transpose(rewriter, loc, combined, {1, 0, 2});
  } else {
    combined = tensor::CollapseShapeOp::create(
        rewriter, loc, combined, ArrayRef<ReassociationIndices>{{0, 1}, {2}});
    combined = expandRows(rewriter, loc, combined, e, t);
  }
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  combined =
      convertElementType(rewriter, loc, combined, resultType.getElementType());
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << getOpLabel(op)
                          << ": expert parallel over " << r << " ranks, "
                          << (everyExpert ? "tokens to every expert"
                                          : "per-expert rows")
                          << "\n");
  rewriter.replaceOp(op, combined);
  return combined;
}
} // namespace

Value fp8q::quantizeGroupedLinear(RewriterBase &rewriter,
                                  const ContractionRecord &record,
                                  const QuantizeModelConfig &config,
                                  QuantizedOperandCache &cache) {
  const GroupedLinearMatch &match = *record.grouped;
  linalg::LinalgOp op = match.op;
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  int64_t g = config.groupSize;
  int64_t e = match.experts, t = match.tokens, n = match.n, k = match.k;
  SmallVector<int64_t> identity = {0, 1, 2};

  // Weight: per-expert GxG blocks of [N, K], from [E*K, N] with `transpose`
  // or from [E*N, K] as is.
  Value flatWeight = cache.getOrCreate2D(rewriter, match.weight, identity);
  auto [qw, sw] =
      cache.getOrCreate(rewriter, flatWeight, TileAttr::get(context, g, g),
                        ScaleMode::fp32, match.weightIsKxN);
  rewriter.setInsertionPoint(op);
  Value qb, sb;
  int64_t nBlocks = llvm::divideCeil(n, g);
  if (match.weightIsKxN) {
    // [N, E*K] -> [N, E, K] -> [E, N, K]; scales [nb, E*K/G] likewise.
    qb = transpose(rewriter, loc, expandCols(rewriter, loc, qw, e, k),
                   {1, 0, 2});
    sb = transpose(rewriter, loc, expandCols(rewriter, loc, sw, e, k / g),
                   {1, 0, 2});
  } else {
    qb = expandRows(rewriter, loc, qw, e, n);
    sb = expandRows(rewriter, loc, sw, e, nBlocks);
  }

  // The analysis sets ranks > 1 only where the expert-parallel form applies.
  if (match.ranks > 1)
    return rewriteExpertParallel(rewriter, record, config, cache, qb, sb);

  // Activation: [E*T, K] in 1xG tiles (k-major scales: the grouped op's).
  Value flatAct = cache.getOrCreate2D(
      rewriter, op.getDpsInputs()[match.activationInput], identity);
  ScaleMode actMode = record.pow2Activation ? ScaleMode::pow2 : ScaleMode::fp32;
  auto [qaFlat, saFlat] =
      cache.getOrCreate(rewriter, flatAct, TileAttr::get(context, 1, g),
                        actMode, /*transpose=*/false);
  if (record.role == TrainingRole::Fprop)
    cache.setForwardActivation(op, {flatAct, qaFlat, saFlat, actMode});
  rewriter.setInsertionPoint(op);
  Value qa = expandRows(rewriter, loc, qaFlat, e, t);
  Value sa = expandRows(rewriter, loc, saFlat, e, t);

  // Every expert computes all T tokens (dense experts): counts = T.
  auto countsType = RankedTensorType::get({e}, rewriter.getI32Type());
  Value counts = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(
          countsType, rewriter.getI32IntegerAttr(static_cast<int32_t>(t))));

  FloatType gemmElement = getGemmElementType(context, config.outputType);
  auto gemmType = RankedTensorType::get({e, t, n}, gemmElement);
  Value init = op.getDpsInits()[0];
  bool accumulate = !isZeroInit(init);
  Value c = accumulate ? convertElementType(rewriter, loc, init, gemmElement)
                       : createEmpty(rewriter, loc,
                                     getAsIndexOpFoldResult(context, {e, t, n}),
                                     gemmElement);
  int64_t promotion =
      std::min<int64_t>(g, QuantizeModelConfig::kPromotionInterval);
  Value y = GroupedScaledMatmulOp::create(
      rewriter, loc, gemmType, qa, sa, qb, sb, counts, c,
      GroupLayoutAttr::get(context, GroupLayout::masked),
      rewriter.getI64IntegerAttr(g), rewriter.getI64IntegerAttr(promotion),
      accumulate ? rewriter.getUnitAttr() : nullptr);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  y = convertElementType(rewriter, loc, y, resultType.getElementType());
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << getOpLabel(op)
                          << ": grouped E=" << e << " T=" << t << " N=" << n
                          << " K=" << k << "\n");
  rewriter.replaceOp(op, y);
  return y;
}

//===----------------------------------------------------------------------===//
// quantizeGroupedWgrad
//===----------------------------------------------------------------------===//

namespace {
/// One operand of an expert Wgrad in 1xG tiles along the tokens: [X, T]
/// codes and [X, T/G] scales for expert `expert`.
///
///   [E, T, X] -> [E*T, X] -> quantize Gx1, transpose -> [X, E*T]: columns
///                                                       e*T .. e*T+T
///   [E, X, T] -> [E*X, T] -> quantize 1xG            -> [E*X, T]: rows
///                                                       e*X .. e*X+X
///   [T, X] / [X, T] (the same for every expert): quantized once, whole
class ExpertWgradOperand {
public:
  /// Quantizes `operand` (or, with `fromForwardCodes`, turns the Fprop
  /// `fprop`'s cached 1xG codes of [E*T, K] into Gx1 tiles with
  /// fp8q.tile_transpose, before `user`).
  ExpertWgradOperand(RewriterBase &rewriter, const GroupedWgradOperand &operand,
                     int64_t tokens, int64_t groupSize,
                     QuantizedOperandCache &cache, Operation *fprop,
                     Operation *user)
      : operand(operand), tokens(tokens), groupSize(groupSize) {
    MLIRContext *context = rewriter.getContext();
    Value source = operand.source;
    if (operand.perExpert)
      source = cache.getOrCreate2D(rewriter, source, {0, 1, 2});
    std::optional<QuantizedOperandCache::ForwardActivation> cached;
    if (operand.fromForwardCodes)
      cached = cache.getForwardActivation(fprop);
    if (cached && cached->activation == source) {
      std::tie(codes, scales) =
          cache.getOrCreateTileTranspose(rewriter, user, *cached, groupSize);
    } else {
      TileAttr tile = operand.tokensLast ? TileAttr::get(context, 1, groupSize)
                                         : TileAttr::get(context, groupSize, 1);
      std::tie(codes, scales) =
          cache.getOrCreate(rewriter, source, tile, ScaleMode::fp32,
                            /*transpose=*/!operand.tokensLast);
    }
    // X: [E, X, T] sources give E row blocks of X; the others X rows.
    rows = operand.perExpert && operand.tokensLast
               ? cast<RankedTensorType>(operand.source.getType()).getDimSize(1)
               : cast<RankedTensorType>(codes.getType()).getDimSize(0);
  }

  /// The codes and scales of expert `expert` ([X, T], [X, T/G]), sliced
  /// before the current insertion point.
  std::pair<Value, Value> getExpert(OpBuilder &b, Location loc,
                                    int64_t expert) const {
    if (!operand.perExpert)
      return {codes, scales};
    int64_t tiles = tokens / groupSize;
    auto slice = [&](Value value, int64_t cols) {
      int64_t row = operand.tokensLast ? expert * rows : 0;
      int64_t col = operand.tokensLast ? 0 : expert * cols;
      return tensor::ExtractSliceOp::create(
                 b, loc, value,
                 getAsIndexOpFoldResult(b.getContext(), {row, col}),
                 getAsIndexOpFoldResult(b.getContext(), {rows, cols}),
                 getAsIndexOpFoldResult(b.getContext(), {1, 1}))
          .getResult();
    };
    return {slice(codes, tokens), slice(scales, tiles)};
  }

private:
  GroupedWgradOperand operand;
  int64_t tokens, groupSize;
  Value codes, scales;
  /// X: the rows of one expert's slice.
  int64_t rows = 0;
};
} // namespace

Value fp8q::quantizeGroupedWgrad(RewriterBase &rewriter,
                                 const ContractionRecord &record,
                                 const QuantizeModelConfig &config,
                                 QuantizedOperandCache &cache) {
  const GroupedWgradMatch &match = *record.groupedWgrad;
  linalg::LinalgOp op = match.op;
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  int64_t g = config.groupSize;

  ExpertWgradOperand a(rewriter, match.a, match.tokens, g, cache, record.fprop,
                       op);
  ExpertWgradOperand b(rewriter, match.b, match.tokens, g, cache, record.fprop,
                       op);

  rewriter.setInsertionPoint(op);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  FloatType gemmElement = getGemmElementType(context, config.outputType);
  auto gemmType = RankedTensorType::get({match.m, match.n}, gemmElement);
  auto expertType =
      RankedTensorType::get({match.m, match.n}, resultType.getElementType());
  // The result is [E, M, N] with A giving the rows (matchGroupedWgrad).
  Value init = op.getDpsInits()[0];
  bool accumulate = !isZeroInit(init);
  Value result = createEmpty(
      rewriter, loc, getAsIndexOpFoldResult(context, resultType.getShape()),
      resultType.getElementType());
  int64_t promotion =
      std::min<int64_t>(g, QuantizeModelConfig::kPromotionInterval);
  auto index = [&](ArrayRef<int64_t> values) {
    return getAsIndexOpFoldResult(context, values);
  };
  for (int64_t e = 0; e < match.experts; ++e) {
    auto [qa, sa] = a.getExpert(rewriter, loc, e);
    auto [qb, sb] = b.getExpert(rewriter, loc, e);
    Value c;
    if (accumulate) {
      c = tensor::ExtractSliceOp::create(
          rewriter, loc, expertType, init, index({e, 0, 0}),
          index({1, match.m, match.n}), index({1, 1, 1}));
      // A dense accumulator, not a view into the incoming gradient: the GPU
      // launch copies C from an identity-layout buffer.
      if (resultType.getElementType() == gemmElement)
        c = linalg::CopyOp::create(rewriter, loc, c,
                                   createEmpty(rewriter, loc,
                                               index({match.m, match.n}),
                                               gemmElement))
                .getResult(0);
      c = convertElementType(rewriter, loc, c, gemmElement);
    } else {
      c = createEmpty(rewriter, loc, index({match.m, match.n}), gemmElement);
    }
    // NOTE: both operands carry 1xG scales along the tokens (the GEMM's K):
    // the recipe's Wgrad form, b_tile 1xG.
    Value y = ScaledMatmulOp::create(
        rewriter, loc, gemmType, qa, sa, qb, sb, c,
        rewriter.getI64IntegerAttr(g), TileAttr::get(context, 1, g),
        rewriter.getI64IntegerAttr(promotion),
        accumulate ? rewriter.getUnitAttr() : nullptr,
        ScaleLayoutAttr::get(context, ScaleLayout::k_major));
    y = convertElementType(rewriter, loc, y, resultType.getElementType());
    result = tensor::InsertSliceOp::create(
        rewriter, loc, y, result, index({e, 0, 0}),
        index({1, match.m, match.n}), index({1, 1, 1}));
  }
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << getOpLabel(op)
                          << ": expert Wgrad E=" << match.experts
                          << " T=" << match.tokens << " M=" << match.m
                          << " N=" << match.n << "\n");
  rewriter.replaceOp(op, result);
  return result;
}

//===----------------------------------------------------------------------===//
// quantizeModel
//===----------------------------------------------------------------------===//

namespace {
std::string getFunctionName(FunctionOpInterface func) {
  if (auto name =
          func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return ("@" + name.getValue()).str();
  return func->getName().getStringRef().str();
}

/// Erases the ops of `worklist` that are dead, and then the producers they
/// leave dead (the transposes and broadcasts above replaced weights, the
/// fills of replaced accumulators).
void eraseDeadOps(RewriterBase &rewriter,
                  llvm::SetVector<Operation *> &worklist) {
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!isOpTriviallyDead(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.insert(def);
    rewriter.eraseOp(op);
  }
}

/// Records, marks or rewrites the contractions of one function.
void applyFunctionAnalysis(RewriterBase &rewriter, FunctionOpInterface func,
                           const FunctionAnalysis &analysis,
                           const QuantizeModelConfig &config,
                           QuantizeModelReport &report,
                           llvm::SetVector<Operation *> &maybeDead) {
  MLIRContext *context = func.getContext();
  for (const RetainedOp &retained : analysis.retainedOps) {
    retained.op->setAttr(Fp8qDialect::kRetainAttrName,
                         RetainReasonAttr::get(context, retained.reason));
    ++report.retainedOps[retained.reason];
  }

  QuantizedOperandCache cache;
  std::string function = getFunctionName(func);
  for (const ContractionRecord &record : analysis.contractions) {
    Operation *op = record.op;
    report.rows.push_back({function, getOpLabel(op),
                           op->getName().getStringRef().str(), record.extents,
                           record.decision, record.retainReason, record.reason,
                           op->getLoc()});
    switch (record.decision) {
    case ContractionDecision::Quantize:
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          maybeDead.insert(def);
      maybeDead.remove(op);
      if (record.grouped)
        quantizeGroupedLinear(rewriter, record, config, cache);
      else if (record.groupedWgrad)
        quantizeGroupedWgrad(rewriter, record, config, cache);
      else
        quantizeLinear(rewriter, record, config, cache);
      break;
    case ContractionDecision::Retain:
      op->removeAttr(Fp8qDialect::kUnquantizedAttrName);
      op->setAttr(Fp8qDialect::kRetainAttrName,
                  RetainReasonAttr::get(context, record.retainReason));
      break;
    case ContractionDecision::Unquantized:
      op->setAttr(Fp8qDialect::kUnquantizedAttrName,
                  StringAttr::get(context, record.reason));
      break;
    }
  }
}
} // namespace

QuantizeModelReport fp8q::quantizeModel(Operation *root,
                                        const QuantizeModelConfig &config) {
  QuantizeModelReport report;
  report.groupSize = config.groupSize;
  report.outputType = config.outputType;
  SmallVector<FunctionOpInterface> functions;
  root->walk([&](FunctionOpInterface func) {
    if (!func.isExternal())
      functions.push_back(func);
  });

  IRRewriter rewriter(root->getContext());
  llvm::SetVector<Operation *> maybeDead;
  CallGraphTables calls = findEmbeddingTablesAcrossCalls(root);
  for (FunctionOpInterface func : functions) {
    FunctionAnalysis analysis = analyzeFunction(func, config, &calls);
    report.normalizations += analysis.numNormalizations;
    applyFunctionAnalysis(rewriter, func, analysis, config, report, maybeDead);
  }
  eraseDeadOps(rewriter, maybeDead);
  return report;
}

//===----------------------------------------------------------------------===//
// Report
//===----------------------------------------------------------------------===//

int64_t QuantizeModelReport::getNumQuantized() const {
  return llvm::count_if(rows, [](const QuantizeModelReportRow &row) {
    return row.decision == ContractionDecision::Quantize;
  });
}

SmallVector<const QuantizeModelReportRow *>
QuantizeModelReport::getUnquantized() const {
  SmallVector<const QuantizeModelReportRow *> unquantized;
  for (const QuantizeModelReportRow &row : rows)
    if (row.decision == ContractionDecision::Unquantized)
      unquantized.push_back(&row);
  return unquantized;
}

void fp8q::warnUnquantized(const QuantizeModelReport &report) {
  SmallVector<const QuantizeModelReportRow *> unquantized =
      report.getUnquantized();
  if (unquantized.empty())
    return;
  const QuantizeModelReportRow &first = *unquantized.front();
  emitWarning(first.loc) << "fp8q-quantize-model: " << unquantized.size()
                         << " of " << report.rows.size()
                         << " contraction(s) left unquantized; first: "
                         << first.reason << " (report=- lists all)";
}

double QuantizeModelReport::getFp8FlopPercentage() const {
  double total = 0.0, fp8 = 0.0;
  for (const QuantizeModelReportRow &row : rows) {
    total += row.extents.getFlops();
    if (row.decision == ContractionDecision::Quantize)
      fp8 += row.extents.getFlops();
  }
  return total > 0.0 ? 100.0 * fp8 / total : 0.0;
}

namespace {
void printExtent(llvm::raw_ostream &os, StringRef name, int64_t extent) {
  os << name << "=";
  if (ShapedType::isDynamic(extent))
    os << "?";
  else
    os << extent;
}

void printRow(llvm::raw_ostream &os, const QuantizeModelReportRow &row) {
  os << row.function << " | " << row.location << " | " << row.opName << " | ";
  if (row.extents.batch != 1) {
    printExtent(os, "B", row.extents.batch);
    os << " ";
  }
  printExtent(os, "M", row.extents.m);
  os << " ";
  printExtent(os, "N", row.extents.n);
  os << " ";
  printExtent(os, "K", row.extents.k);
  os << " | ";
  switch (row.decision) {
  case ContractionDecision::Quantize:
    os << "quantized";
    break;
  case ContractionDecision::Retain:
    os << "retained(" << stringifyRetainReason(row.retainReason) << ")";
    break;
  case ContractionDecision::Unquantized:
    os << "unquantized";
    break;
  }
  os << " | " << row.reason << "\n";
}
} // namespace

void fp8q::printQuantizeModelReport(llvm::raw_ostream &os,
                                    const QuantizeModelReport &report) {
  os << "# fp8q-quantize-model: group size " << report.groupSize << ", output "
     << (report.outputType == GemmOutputType::BF16 ? "bf16" : "f32") << "\n";
  os << "# function | location | op | shape | decision | reason\n";
  for (const QuantizeModelReportRow &row : report.rows)
    printRow(os, row);

  os << "# retained non-contraction ops:";
  if (report.retainedOps.empty())
    os << " none";
  for (auto [i, entry] : llvm::enumerate(report.retainedOps))
    os << (i == 0 ? " " : ", ") << stringifyRetainReason(entry.first) << " "
       << entry.second;
  os << "\n";
  if (report.normalizations != 0)
    os << "# normalizations: " << report.normalizations << "\n";
  int64_t dynamic = llvm::count_if(
      report.rows, [](const auto &row) { return !row.extents.isStatic(); });
  if (dynamic != 0)
    os << "# " << dynamic
       << " contraction(s) with dynamic extents not counted in the FLOPs\n";
  os << "quantized " << report.getNumQuantized() << " of " << report.rows.size()
     << " contractions, ";
  // With every extent known at run time only, no share can be given (0%
  // would read as "nothing in FP8").
  if (dynamic != 0 && dynamic == static_cast<int64_t>(report.rows.size()))
    os << "FP8 share of the FLOPs unknown (dynamic extents)\n";
  else
    os << llvm::formatv("{0:f1}", report.getFp8FlopPercentage())
       << "% of contraction FLOPs in FP8\n";
}

//===----------------------------------------------------------------------===//
// Fp8qQuantizeModelPass
//===----------------------------------------------------------------------===//

namespace {
struct Fp8qQuantizeModelPass
    : fp8q::impl::Fp8qQuantizeModelPassBase<Fp8qQuantizeModelPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    Fp8qQuantizeModelPassOptions options;
    options.groupSize = groupSize;
    options.outputType = outputType;
    options.activationScaleLayout = activationScaleLayout;
    options.wgradActivation = wgradActivation;
    options.dgradWeight = dgradWeight;
    options.forceRetain.assign(forceRetain.begin(), forceRetain.end());
    options.forceQuantize.assign(forceQuantize.begin(), forceQuantize.end());
    options.pow2Scales.assign(pow2Scales.begin(), pow2Scales.end());
    options.gatingMaxOutputs = gatingMaxOutputs;
    options.expertParallelRanks = expertParallelRanks;
    options.report = report;
    std::string error;
    FailureOr<QuantizeModelConfig> parsed =
        QuantizeModelConfig::fromOptions(options, error);
    if (failed(parsed))
      return emitError(UnknownLoc::get(context))
             << "fp8q-quantize-model: " << error;
    config = std::move(*parsed);
    return success();
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // The TOSA import runs as a dynamic pipeline: its dialects (which the
    // import pass itself declares) load up front.
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createFp8qImportTosaPass());
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    // TOSA input (buddy-mlir style graphs): upstream's lowering to linalg
    // first; the analysis then sees arith.constant weights behind
    // expand/collapse_shape and linalg.transpose.
    if (containsTosaOps(getOperation())) {
      OpPassManager pm(ModuleOp::getOperationName());
      pm.addPass(createFp8qImportTosaPass());
      if (failed(runPipeline(pm, getOperation())))
        return signalPassFailure();
    }
    QuantizeModelReport result = quantizeModel(getOperation(), config);
    warnUnquantized(result);
    if (failed(writeReport(result)))
      signalPassFailure();
  }

private:
  LogicalResult writeReport(const QuantizeModelReport &result) {
    if (config.reportPath.empty())
      return success();
    if (config.reportPath == "-") {
      printQuantizeModelReport(llvm::errs(), result);
      return success();
    }
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file =
        openOutputFile(config.reportPath, &error);
    if (!file)
      return emitError(getOperation().getLoc())
             << "fp8q-quantize-model: cannot write the report to '"
             << config.reportPath << "': " << error;
    printQuantizeModelReport(file->os(), result);
    file->keep();
    return success();
  }

  QuantizeModelConfig config;
};
} // namespace
