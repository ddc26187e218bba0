//===- Fp8qOps.cpp - fp8q operations --------------------------------------===//
//
// Part of the fp8q project.
//
// Verifiers check every shape relation of docs/Numerics.md and name the
// values involved. Dynamic extents are accepted and checked where static.
//
//===----------------------------------------------------------------------===//

#include "fp8q/IR/Fp8qOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::fp8q;

#define GET_OP_CLASSES
#include "fp8q/IR/Fp8qOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

namespace {
/// Number of `tile`-sized blocks covering a (possibly dynamic) extent.
int64_t numTiles(int64_t extent, int64_t tile) {
  if (ShapedType::isDynamic(extent))
    return ShapedType::kDynamic;
  return llvm::divideCeil(extent, tile);
}

void printShape(llvm::raw_ostream &os, ArrayRef<int64_t> shape) {
  os << "[";
  llvm::interleaveComma(shape, os, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      os << "?";
    else
      os << d;
  });
  os << "]";
}

/// Checks that `value` (described as `name`) is 2-D.
LogicalResult verifyRank2(Operation *op, StringRef name, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() == 2)
    return success();
  return op->emitOpError() << "expected " << name << " to be 2-D, got "
                           << type;
}

/// Checks that `value` has `expected` as shape, treating dynamic extents on
/// either side as compatible (with `staticWhereExpected`, only a dynamic
/// expected extent). `why` explains where the shape comes from.
LogicalResult verifyShape(Operation *op, StringRef name, Value value,
                          ArrayRef<int64_t> expected, StringRef why,
                          bool staticWhereExpected = false) {
  auto type = cast<RankedTensorType>(value.getType());
  bool ok = type.getRank() == static_cast<int64_t>(expected.size());
  for (auto [got, want] : llvm::zip(type.getShape(), expected))
    ok &= (!staticWhereExpected && ShapedType::isDynamic(got)) ||
          ShapedType::isDynamic(want) || got == want;
  if (ok)
    return success();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "expected " << name << " to have shape ";
  printShape(os, expected);
  os << " (" << why << "), got ";
  printShape(os, type.getShape());
  return op->emitOpError() << text;
}

/// Checks the `eps` attribute: finite and large enough that 1/s stays
/// finite in f32 for every tile.
LogicalResult verifyEps(Operation *op, float eps) {
  if (std::isfinite(eps) && eps >= kMinEps)
    return success();
  return op->emitOpError() << "expected eps (" << eps
                           << ") to be finite and >= " << kMinEps;
}

/// Expected scale shape of an [R, C] tensor tiled by `tile`.
SmallVector<int64_t, 2> scaleShape(ArrayRef<int64_t> shape, TileAttr tile) {
  return {numTiles(shape[0], tile.getRows()),
          numTiles(shape[1], tile.getCols())};
}

std::string tileText(TileAttr tile) {
  return llvm::formatv("one scale per {0}x{1} tile", tile.getRows(),
                       tile.getCols())
      .str();
}
/// Checks that `value` (described as `name`) has rank `rank`; `why` names
/// the layout that requires it.
LogicalResult verifyRank(Operation *op, StringRef name, Value value,
                         int64_t rank, StringRef why) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() == rank)
    return success();
  return op->emitOpError() << "expected " << name << " to be " << rank << "-D ("
                           << why << "), got " << type;
}

/// The group size and promotion interval rules shared by both GEMM ops.
LogicalResult verifyGemmGroup(Operation *op, int64_t g, int64_t interval) {
  if (g <= 0 || !llvm::isPowerOf2_64(g))
    return op->emitOpError()
           << "expected group_size (" << g << ") to be a positive power of two";
  if (interval <= 0 || !llvm::isPowerOf2_64(interval) || g % interval != 0)
    return op->emitOpError()
           << "expected promotion_interval (" << interval
           << ") to be a power of two dividing group_size (" << g << ")";
  return success();
}

/// `extent` + `delta` unless dynamic.
int64_t addStatic(int64_t extent, int64_t delta) {
  return ShapedType::isDynamic(extent) ? extent : extent + delta;
}
} // namespace

//===----------------------------------------------------------------------===//
// QuantizeOp
//===----------------------------------------------------------------------===//

LogicalResult QuantizeOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyRank2(op, "source", getSource())) ||
      failed(verifyEps(op, getEps().convertToFloat())))
    return failure();
  ArrayRef<int64_t> src = getSource().getType().getShape();
  SmallVector<int64_t, 2> qShape(src);
  SmallVector<int64_t, 2> sShape = scaleShape(src, getTile());
  StringRef layout = "same as source";
  if (getTranspose()) {
    std::swap(qShape[0], qShape[1]);
    std::swap(sShape[0], sShape[1]);
    layout = "source transposed";
  }
  if (failed(verifyShape(op, "q_init", getQInit(), qShape, layout)))
    return failure();
  std::string why = tileText(getTile());
  if (getTranspose())
    why += ", transposed";
  if (getScaleLayout() == ScaleLayout::mn_major) {
    std::swap(sShape[0], sShape[1]);
    why += ", mn_major";
  }
  return verifyShape(op, "scale_init", getScaleInit(), sShape, why);
}

namespace {
/// quantize(linalg.transpose(x), RxC) == quantize(x, CxR, transpose=!t):
/// both compute the same tiles of the same values and lay the results out
/// identically, so the fold is exact. It removes a full pass over the
/// high-precision data and turns Wgrad's "transpose then quantize 1x128"
/// into the fused K-major 128x1 quantization.
struct FoldTransposeIntoQuantize : OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(QuantizeOp op,
                                PatternRewriter &rewriter) const override {
    auto transpose = op.getSource().getDefiningOp<linalg::TransposeOp>();
    if (!transpose)
      return rewriter.notifyMatchFailure(op, "source is not linalg.transpose");
    if (transpose.getPermutation() != ArrayRef<int64_t>{1, 0})
      return rewriter.notifyMatchFailure(op, "not a 2-D [1, 0] transpose");
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceMutable().assign(transpose.getInput());
      op.setTileAttr(op.getTile().transposed());
      op.setTranspose(!op.getTranspose());
    });
    return success();
  }
};
} // namespace

void QuantizeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<FoldTransposeIntoQuantize>(context);
}

//===----------------------------------------------------------------------===//
// DequantizeOp
//===----------------------------------------------------------------------===//

LogicalResult DequantizeOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyRank2(op, "q", getQ())))
    return failure();
  ArrayRef<int64_t> q = getQ().getType().getShape();
  if (failed(verifyShape(op, "init", getInit(), q, "same as q")))
    return failure();
  SmallVector<int64_t, 2> sShape = scaleShape(q, getTile());
  std::string why = tileText(getTile());
  if (getScaleLayout() == ScaleLayout::mn_major) {
    std::swap(sShape[0], sShape[1]);
    why += ", mn_major";
  }
  return verifyShape(op, "scale", getScale(), sShape, why);
}

//===----------------------------------------------------------------------===//
// TileTransposeOp
//===----------------------------------------------------------------------===//

LogicalResult TileTransposeOp::verify() {
  Operation *op = getOperation();
  TileAttr tile = getTile();
  if (!tile.isRowTile())
    return emitOpError() << "expected a 1xG row tile, got " << tile.getRows()
                         << "x" << tile.getCols();
  if (failed(verifyRank2(op, "q", getQ())) ||
      failed(verifyEps(op, getEps().convertToFloat())))
    return failure();
  ArrayRef<int64_t> q = getQ().getType().getShape();
  int64_t group = tile.getCols();
  if (failed(verifyShape(op, "scale", getScale(), scaleShape(q, tile),
                         tileText(tile))))
    return failure();
  if (failed(verifyShape(op, "q_init", getQInit(), {q[1], q[0]},
                         "q transposed")))
    return failure();
  return verifyShape(op, "scale_init", getScaleInit(),
                     {q[1], numTiles(q[0], group)},
                     "one scale per 1xG tile of the transpose");
}

//===----------------------------------------------------------------------===//
// BlockTransposeOp
//===----------------------------------------------------------------------===//

LogicalResult BlockTransposeOp::verify() {
  Operation *op = getOperation();
  TileAttr tile = getTile();
  if (tile.getRows() != tile.getCols())
    return emitOpError() << "expected a square GxG block tile, got "
                         << tile.getRows() << "x" << tile.getCols();
  if (failed(verifyRank2(op, "q", getQ())))
    return failure();
  ArrayRef<int64_t> q = getQ().getType().getShape();
  SmallVector<int64_t, 2> s = scaleShape(q, tile);
  if (failed(verifyShape(op, "scale", getScale(), s, tileText(tile))))
    return failure();
  if (failed(
          verifyShape(op, "q_init", getQInit(), {q[1], q[0]}, "q transposed")))
    return failure();
  return verifyShape(op, "scale_init", getScaleInit(), {s[1], s[0]},
                     "scale transposed");
}

//===----------------------------------------------------------------------===//
// ScaledMatmulOp
//===----------------------------------------------------------------------===//

TileAttr ScaledMatmulOp::getEffectiveBTile() {
  if (std::optional<TileAttr> tile = getBTile())
    return *tile;
  int64_t g = getGroupSize();
  return TileAttr::get(getContext(), g, g);
}

LogicalResult ScaledMatmulOp::verify() {
  Operation *op = getOperation();
  int64_t g = getGroupSize();
  if (failed(verifyGemmGroup(op, g, getPromotionInterval())))
    return failure();
  TileAttr bTile = getEffectiveBTile();
  if (bTile.getCols() != g)
    return emitOpError() << "expected b_tile " << bTile.getRows() << "x"
                         << bTile.getCols() << " to span group_size (" << g
                         << ") columns along K";
  for (auto [name, value] :
       {std::pair<StringRef, Value>{"a", getA()}, {"b", getB()},
        {"a_scale", getAScale()}, {"b_scale", getBScale()},
        {"init", getInit()}})
    if (failed(verifyRank2(op, name, value)))
      return failure();

  ArrayRef<int64_t> a = getA().getType().getShape();
  ArrayRef<int64_t> b = getB().getType().getShape();
  int64_t m = a[0], k = a[1], n = b[0];
  if (!ShapedType::isDynamic(k) && !ShapedType::isDynamic(b[1]) && k != b[1])
    return emitOpError() << "expected the K extent of b (" << b[1]
                         << ") to equal the K extent of a (" << k << ")";
  if (!ShapedType::isDynamic(k) && k % g != 0)
    return emitOpError() << "expected K (" << k
                         << ") to be a multiple of the group size " << g;
  int64_t groups = ShapedType::isDynamic(k) ? k : k / g;
  bool aMnMajor = getAScaleLayout() == ScaleLayout::mn_major;
  SmallVector<int64_t, 2> aScaleShape = {m, groups};
  if (aMnMajor)
    std::swap(aScaleShape[0], aScaleShape[1]);
  if (failed(verifyShape(op, "a_scale", getAScale(), aScaleShape,
                         aMnMajor ? "one scale per 1xG tile of a, mn_major"
                                  : "one scale per 1xG tile of a")) ||
      failed(verifyShape(op, "b_scale", getBScale(),
                         {numTiles(n, bTile.getRows()), groups},
                         tileText(bTile) + " of b")))
    return failure();
  return verifyShape(op, "init", getInit(), {m, n}, "[M, N]");
}

//===----------------------------------------------------------------------===//
// GroupedScaledMatmulOp
//===----------------------------------------------------------------------===//

LogicalResult GroupedScaledMatmulOp::verify() {
  Operation *op = getOperation();
  int64_t g = getGroupSize();
  if (failed(verifyGemmGroup(op, g, getPromotionInterval())))
    return failure();
  bool masked = isMasked();
  StringRef layout = masked ? "masked layout" : "contiguous layout";
  int64_t rowRank = masked ? 3 : 2;
  if (failed(verifyRank(op, "a", getA(), rowRank, layout)) ||
      failed(verifyRank(op, "a_scale", getAScale(), rowRank, layout)) ||
      failed(verifyRank(op, "init", getInit(), rowRank, layout)) ||
      failed(verifyRank(op, "b", getB(), 3, "[groups, N, K]")) ||
      failed(verifyRank(op, "b_scale", getBScale(), 3,
                        "[groups, ceil(N/G), K/G]")))
    return failure();

  ArrayRef<int64_t> a = getA().getType().getShape();
  ArrayRef<int64_t> b = getB().getType().getShape();
  int64_t groups = b[0], n = b[1], k = a.back();
  if (groups == 0)
    return emitOpError() << "expected at least one group (b has shape "
                         << getB().getType() << ")";
  if (!ShapedType::isDynamic(k) && !ShapedType::isDynamic(b[2]) && k != b[2])
    return emitOpError() << "expected the K extent of b (" << b[2]
                         << ") to equal the K extent of a (" << k << ")";
  if (!ShapedType::isDynamic(k) && k % g != 0)
    return emitOpError() << "expected K (" << k
                         << ") to be a multiple of the group size " << g;
  int64_t kGroups = ShapedType::isDynamic(k) ? k : k / g;

  if (masked) {
    if (failed(verifyShape(op, "groups", getGroups(), {groups},
                           "one row count per group")))
      return failure();
    int64_t capacity = a[1];
    if (failed(verifyShape(op, "a", getA(), {groups, capacity, k},
                           "[groups, C, K], one slab per group of b")))
      return failure();
    if (failed(verifyShape(op, "a_scale", getAScale(),
                           {groups, capacity, kGroups},
                           "one scale per 1xG tile of a")))
      return failure();
  } else {
    if (failed(verifyShape(op, "groups", getGroups(), {addStatic(groups, 1)},
                           "groups + 1 row offsets")))
      return failure();
    if (failed(verifyShape(op, "a_scale", getAScale(), {a[0], kGroups},
                           "one scale per 1xG tile of a")))
      return failure();
  }
  if (failed(verifyShape(
          op, "b_scale", getBScale(), {groups, numTiles(n, g), kGroups},
          tileText(TileAttr::get(getContext(), g, g)) + " of each group of b")))
    return failure();
  SmallVector<int64_t, 3> out(a.drop_back());
  out.push_back(n);
  return verifyShape(op, "init", getInit(), out,
                     masked ? "[groups, C, N]" : "[M, N]");
}

//===----------------------------------------------------------------------===//
// Expert parallelism
//===----------------------------------------------------------------------===//

namespace {
/// Checks the communicator attributes shared by the expert-parallel ops:
/// ranks >= 1 and num_experts a positive multiple of ranks.
LogicalResult verifyExpertParallel(Operation *op, int64_t ranks,
                                   int64_t numExperts) {
  if (ranks < 1)
    return op->emitOpError() << "expected ranks (" << ranks << ") to be >= 1";
  if (numExperts < 1 || numExperts % ranks != 0)
    return op->emitOpError()
           << "expected num_experts (" << numExperts
           << ") to be a positive multiple of ranks (" << ranks << ")";
  return success();
}

/// Like verifyShape, but the extents that `expected` gives statically must
/// be static in `value` too (the capacity and the local experts size
/// fixed exchange buffers).
LogicalResult verifyStaticShape(Operation *op, StringRef name, Value value,
                                ArrayRef<int64_t> expected, StringRef why) {
  return verifyShape(op, name, value, expected, why,
                     /*staticWhereExpected=*/true);
}
} // namespace

LogicalResult EpRankOp::verify() {
  if (getRanks() < 1)
    return emitOpError() << "expected ranks (" << getRanks() << ") to be >= 1";
  return success();
}

LogicalResult MoeDispatchOp::verify() {
  Operation *op = getOperation();
  int64_t ranks = getRanks(), numExperts = getNumExperts();
  int64_t capacity = getCapacity(), g = getGroupSize();
  if (failed(verifyExpertParallel(op, ranks, numExperts)))
    return failure();
  if (capacity < 1)
    return emitOpError() << "expected capacity (" << capacity << ") to be >= 1";
  if (g <= 0 || !llvm::isPowerOf2_64(g))
    return emitOpError() << "expected group_size (" << g
                         << ") to be a positive power of two";
  if (failed(verifyRank2(op, "codes", getCodes())) ||
      failed(verifyRank2(op, "scales", getScales())) ||
      failed(verifyRank2(op, "experts", getExperts())))
    return failure();
  ArrayRef<int64_t> codes = getCodes().getType().getShape();
  int64_t t = codes[0], k = codes[1];
  if (!ShapedType::isDynamic(k) && k % g != 0)
    return emitOpError() << "expected K (" << k
                         << ") to be a multiple of the group size " << g;
  int64_t kGroups = ShapedType::isDynamic(k) ? k : k / g;
  if (failed(verifyShape(op, "scales", getScales(), {t, kGroups},
                         "one scale per 1xG tile of codes")))
    return failure();
  int64_t topK = getExperts().getType().getDimSize(1);
  if (failed(verifyShape(op, "experts", getExperts(), {t, topK},
                         "one row of expert ids per token")))
    return failure();
  if (topK == 0)
    return emitOpError() << "expected at least one expert per token (experts "
                            "has shape "
                         << getExperts().getType() << ")";
  int64_t local = numExperts / ranks;
  return failure(
      failed(verifyStaticShape(op, "recv_codes", getRecvCodesInit(),
                               {local, capacity, k},
                               "num_experts / ranks, capacity, K")) ||
      failed(verifyStaticShape(op, "recv_scales", getRecvScalesInit(),
                               {local, capacity, kGroups},
                               "num_experts / ranks, capacity, K / G")) ||
      failed(verifyStaticShape(op, "counts", getCountsInit(), {local},
                               "one row count per local expert")) ||
      failed(verifyStaticShape(op, "sources", getSourcesInit(),
                               {local, capacity},
                               "num_experts / ranks, capacity")));
}

LogicalResult MoeCombineOp::verify() {
  Operation *op = getOperation();
  if (failed(verifyExpertParallel(op, getRanks(), getNumExperts())))
    return failure();
  if (failed(
          verifyRank(op, "expert_out", getExpertOut(), 3, "[E_local, C, N]")) ||
      failed(verifyRank2(op, "experts", getExperts())))
    return failure();
  ArrayRef<int64_t> out = getExpertOut().getType().getShape();
  int64_t local = getLocalExperts();
  int64_t capacity = out[1], n = out[2];
  if (failed(verifyStaticShape(op, "expert_out", getExpertOut(),
                               {local, ShapedType::kDynamic, n},
                               "num_experts / ranks, capacity, N")))
    return failure();
  if (ShapedType::isDynamic(capacity))
    return emitOpError() << "expected a static capacity (extent 1 of "
                            "expert_out), got "
                         << getExpertOut().getType();
  ArrayRef<int64_t> experts = getExperts().getType().getShape();
  return failure(
      failed(verifyStaticShape(op, "sources", getSources(), {local, capacity},
                               "num_experts / ranks, capacity")) ||
      failed(verifyStaticShape(op, "counts", getCounts(), {local},
                               "one row count per local expert")) ||
      failed(verifyShape(op, "init", getInit(), {experts[0], experts[1], n},
                         "T, k, N")));
}
