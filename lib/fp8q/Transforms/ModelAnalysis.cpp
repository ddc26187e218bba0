//===- ModelAnalysis.cpp - Linear layers, retained parts ------------------===//
//
// Part of the fp8q project.
//
// The rules implemented here are documented, with their rationale, in
// docs/QuantizeModel.md; keep the two in sync.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Transforms/ModelAnalysis.h"

#include "fp8q/IR/Fp8qDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>

#define DEBUG_TYPE "fp8q-quantize-model"

using namespace mlir;
using namespace mlir::fp8q;

namespace {
/// Ops looked at downstream of a contraction for a router's softmax/top-k.
/// A router's scores reach them within a few elementwise ops.
constexpr unsigned kMaxRouterWalk = 64;
/// Ops looked at downstream of a sum reduction for a normalization's rsqrt.
constexpr unsigned kMaxNormWalk = 32;
/// Ops looked at downstream of a normalization's rsqrt for the op scaling
/// the normalized tensor with it (a broadcast and a multiply, typically; a
/// cast back from f64 and a division for torch-mlir's exports).
constexpr unsigned kMaxNormScaleWalk = 12;
/// Producer steps from a norm's reduction input back to the normalized
/// tensor (`x -> extf -> x - mean -> (x - mean)^2` for a variance in f64)
/// and from the scaled tensor back to it (`x - mean`, or a cast of it).
constexpr unsigned kMaxNormInputSteps = 4;
constexpr unsigned kMaxNormReadSteps = 2;
/// Ops looked at downstream of QK^T for the PV contraction.
constexpr unsigned kMaxAttentionWalk = 64;
/// The reason of a contraction with one weight matrix per batch entry.
constexpr llvm::StringLiteral kGroupedGemmReason =
    "grouped GEMM (experts): one weight matrix per batch ([E, K, N] stacked "
    "experts) in a form the grouped rewrite does not take";
/// Ops looked at upstream of a contraction's input for a softmax's exp (the
/// PV product of attention reads the probabilities a few ops below it).
constexpr unsigned kMaxSoftmaxInputWalk = 16;
/// Ops looked at upstream of an output head's activation for the final norm
/// (its scale multiply, a bias add, a cast or reshape in between).
constexpr unsigned kMaxHeadNormWalk = 16;

/// True for the name of an output head: a component `lm_head`, `logits` or
/// `output` of a dotted/underscored path (`model.lm_head`, `output`,
/// `logits_proj`), case-insensitive.
bool isHeadName(StringRef name) {
  static const llvm::Regex regex("(^|[^a-z])(lm_head|logits|output)([^a-z]|$)",
                                 llvm::Regex::IgnoreCase);
  return regex.match(name);
}

/// The names of `op` (NameLoc names and the `name` attribute), without its
/// file locations: a file called `output.mlir` names no op.
SmallVector<std::string, 2> getOpNameKeys(Operation *op) {
  static const llvm::Regex fileKey(":[0-9]+:[0-9]+$");
  SmallVector<std::string, 2> keys = getOpSelectionKeys(op);
  llvm::erase_if(keys,
                 [](const std::string &key) { return fileKey.match(key); });
  return keys;
}

bool isSupportedFloat(Type type) {
  return type.isF32() || type.isBF16() || type.isF16();
}

/// True when the body of the linalg op `op` contains one of `OpTys`.
template <typename... OpTys> bool bodyContains(Operation *op) {
  if (!isa<linalg::LinalgOp>(op))
    return false;
  WalkResult result = op->getRegion(0).walk([](Operation *inner) {
    return isa<OpTys...>(inner) ? WalkResult::interrupt()
                                : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// True when the (lower-cased) name of `op` contains one of `words`: how ops
/// of dialects fp8q does not load (IREE's iree_linalg_ext.topk,
/// tm_tensor.topk, tosa.sigmoid, ...) are recognised.
bool nameContains(Operation *op, ArrayRef<StringRef> words) {
  std::string name = op->getName().getStringRef().lower();
  return llvm::any_of(
      words, [&](StringRef word) { return StringRef(name).contains(word); });
}

/// A softmax or a sigmoid: something exponentiating the router scores.
bool isExpLike(Operation *op) {
  return isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, linalg::SoftmaxOp>(op) ||
         bodyContains<math::ExpOp, math::Exp2Op, math::ExpM1Op>(op) ||
         nameContains(op, {"softmax", "sigmoid"});
}

/// A reduction (softmax max/sum, top-k, argmax, sort) over the scores.
bool isSelectionLike(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.getNumReductionLoops() > 0;
  return isa<linalg::SoftmaxOp>(op) ||
         nameContains(op, {"topk", "top_k", "argmax", "sort"});
}

/// The square root of a normalization (RMSNorm, LayerNorm, L2 norm).
bool isRootLike(Operation *op) {
  return isa<math::RsqrtOp, math::SqrtOp>(op) ||
         bodyContains<math::RsqrtOp, math::SqrtOp>(op);
}

/// Visits the ops downstream of `from` breadth-first, at most `limit` of
/// them, without expanding contractions or terminators (they are visited,
/// their users are not). Stops early when `visit` returns true and returns
/// whether it did.
bool walkDownstream(Operation *from, unsigned limit,
                    function_ref<bool(Operation *)> visit) {
  llvm::SmallPtrSet<Operation *, 32> seen;
  std::deque<Operation *> worklist;
  auto pushUsers = [&](Operation *op) {
    for (Operation *user : op->getUsers())
      if (seen.insert(user).second)
        worklist.push_back(user);
  };
  pushUsers(from);
  unsigned visited = 0;
  while (!worklist.empty() && visited++ < limit) {
    Operation *op = worklist.front();
    worklist.pop_front();
    if (visit(op))
      return true;
    if (!isContraction(op) && !op->hasTrait<OpTrait::IsTerminator>())
      pushUsers(op);
  }
  return false;
}

/// The product of `extents` at `dims`: kDynamic if one is dynamic,
/// std::nullopt if the product overflows int64 (static extents of absurd
/// tensors; never undefined behaviour).
std::optional<int64_t> checkedProductOf(ArrayRef<int64_t> extents,
                                        ArrayRef<unsigned> dims) {
  int64_t product = 1;
  for (unsigned d : dims) {
    if (ShapedType::isDynamic(extents[d]))
      return ShapedType::kDynamic;
    std::optional<int64_t> next = llvm::checkedMul(product, extents[d]);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}

/// checkedProductOf for the report's extents: an overflowing product is
/// shown, and left out of the FLOPs, like a dynamic one.
int64_t productOf(ArrayRef<int64_t> extents, ArrayRef<unsigned> dims) {
  return checkedProductOf(extents, dims).value_or(ShapedType::kDynamic);
}
} // namespace

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

bool fp8q::isContraction(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalg::isaContractionOpInterface(linalgOp);
}

bool ContractionExtents::isStatic() const {
  return llvm::none_of(std::initializer_list<int64_t>{batch, m, n, k},
                       ShapedType::isDynamic);
}

double ContractionExtents::getFlops() const {
  if (!isStatic())
    return 0.0;
  return 2.0 * static_cast<double>(batch) * static_cast<double>(m) *
         static_cast<double>(n) * static_cast<double>(k);
}

ContractionExtents fp8q::getContractionExtents(linalg::LinalgOp op,
                                               unsigned weightInput) {
  ContractionExtents extents;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims)) {
    extents.batch = extents.m = extents.n = extents.k = ShapedType::kDynamic;
    return extents;
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  extents.batch = productOf(ranges, dims->batch);
  extents.m = productOf(ranges, dims->m);
  extents.n = productOf(ranges, dims->n);
  extents.k = productOf(ranges, dims->k);
  if (weightInput == 0)
    std::swap(extents.m, extents.n);
  return extents;
}

//===----------------------------------------------------------------------===//
// Linear layers
//===----------------------------------------------------------------------===//

namespace {
/// Role of a weight dimension while the weight is traced upwards.
enum class WeightDim { N, K, Batch };

/// The weight of a Linear as a 2-D tensor: the contraction operand with the
/// broadcasts along batch dimensions, transposes and widening casts right
/// above it looked through.
struct PeeledWeight {
  Value value;
  SmallVector<WeightDim, 3> dims;
};

/// Looks through one op above `weight`; returns false when `weight` is not
/// produced by a broadcast, transpose, unit-dim reshape or widening cast
/// that only drops batch dimensions.
bool peelOneOp(PeeledWeight &weight) {
  Operation *def = weight.value.getDefiningOp();
  if (!def)
    return false;
  SmallVector<WeightDim, 3> &dims = weight.dims;

  if (auto transpose = dyn_cast<linalg::TransposeOp>(def)) {
    if (!transpose.hasPureTensorSemantics())
      return false;
    SmallVector<WeightDim, 3> input(dims.size());
    for (auto [i, p] : llvm::enumerate(transpose.getPermutation()))
      input[p] = dims[i];
    weight = {transpose.getInput(), input};
    return true;
  }
  if (auto broadcast = dyn_cast<linalg::BroadcastOp>(def)) {
    if (!broadcast.hasPureTensorSemantics())
      return false;
    ArrayRef<int64_t> added = broadcast.getDimensions();
    SmallVector<WeightDim, 3> input;
    for (auto [i, dim] : llvm::enumerate(dims)) {
      bool isAdded = llvm::is_contained(added, static_cast<int64_t>(i));
      if (isAdded && dim != WeightDim::Batch)
        return false;
      if (!isAdded)
        input.push_back(dim);
    }
    weight = {broadcast.getInput(), input};
    return true;
  }
  if (auto ext = dyn_cast<arith::ExtFOp>(def)) {
    if (!isa<RankedTensorType>(ext.getType()))
      return false;
    weight.value = ext.getIn();
    return true;
  }
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(def)) {
    // Only reshapes that add unit batch dimensions ([K, N] -> [1, K, N]).
    ArrayRef<int64_t> shape = expand.getResultType().getShape();
    SmallVector<WeightDim, 3> input;
    for (const ReassociationIndices &group : expand.getReassociationIndices()) {
      SmallVector<WeightDim, 1> kept;
      for (int64_t i : group)
        if (!(shape[i] == 1 && dims[i] == WeightDim::Batch))
          kept.push_back(dims[i]);
      if (kept.size() > 1)
        return false;
      input.push_back(kept.empty() ? WeightDim::Batch : kept.front());
    }
    weight = {expand.getSrc(), input};
    return true;
  }
  auto generic = dyn_cast<linalg::GenericOp>(def);
  SmallVector<Value, 1> data;
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumResults() != 1 || !getLayoutDataOperands(def, data) ||
      bodyContains<arith::TruncFOp>(def))
    return false;
  // A copy, transpose or broadcast written as linalg.generic (torch-mlir's
  // form): label the loops through the output map, read the input's labels
  // through the input map; loops the input lacks must be batch loops.
  AffineMap outMap = generic.getIndexingMapsArray()[1];
  AffineMap inMap = generic.getIndexingMapsArray()[0];
  if (!outMap.isPermutation() ||
      !inMap.isProjectedPermutation(/*allowZeroInResults=*/true))
    return false;
  SmallVector<std::optional<WeightDim>, 4> loops(generic.getNumLoops());
  for (unsigned i = 0; i < outMap.getNumResults(); ++i)
    loops[outMap.getDimPosition(i)] = dims[i];
  SmallVector<WeightDim, 3> input;
  llvm::SmallBitVector read(generic.getNumLoops());
  for (AffineExpr expr : inMap.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      read.set(dim.getPosition());
      input.push_back(*loops[dim.getPosition()]);
    } else {
      input.push_back(WeightDim::Batch); // A unit dim broadcast with `0`.
    }
  }
  for (unsigned loop = 0; loop < generic.getNumLoops(); ++loop)
    if (!read.test(loop) && loops[loop] != WeightDim::Batch)
      return false;
  weight = {generic.getDpsInputs()[0], input};
  return true;
}

/// Traces the weight operand up to its 2-D form (see PeeledWeight). Stops at
/// the first op it cannot look through, or at a 2-D [N, K]/[K, N] value that
/// no transpose or widening cast produces.
PeeledWeight peelWeight(Value operand, SmallVector<WeightDim, 3> dims) {
  PeeledWeight weight{operand, std::move(dims)};
  while (true) {
    PeeledWeight next = weight;
    if (!peelOneOp(next))
      return weight;
    weight = std::move(next);
  }
}

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}
} // namespace

LinearMatchResult fp8q::matchLinear(linalg::LinalgOp op, unsigned weightInput,
                                    int64_t groupSize) {
  LinearMatchResult result;
  auto fail = [&](const Twine &reason, bool batched = false) {
    result.reason = reason.str();
    result.weightIsBatched = batched;
    return result;
  };
  if (!op.hasPureTensorSemantics())
    return fail("buffer semantics (memref operands)");
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !isContraction(op))
    return fail("not a two-operand multiply-add contraction");
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return fail("contraction dimensions not recognised");
  ArrayRef<unsigned> nDims = weightInput == 1 ? dims->n : dims->m;
  if (dims->k.size() != 1)
    return fail(llvm::formatv("{0} reduction dimensions (one K expected)",
                              dims->k.size()));
  if (nDims.size() != 1)
    return fail(llvm::formatv("{0} weight output dimensions (one N expected)",
                              nDims.size()));

  LinearMatch match;
  match.op = op;
  match.weightInput = weightInput;
  match.activationInput = 1 - weightInput;
  match.nDim = nDims.front();
  match.kDim = dims->k.front();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap actMap = maps[match.activationInput];
  AffineMap weightMap = maps[weightInput];
  AffineMap outMap = maps[2];

  // M: every result dimension but N, in result order. They must all index
  // the activation, which must index nothing else but K.
  for (unsigned i = 0; i < outMap.getNumResults(); ++i)
    if (outMap.getDimPosition(i) != match.nDim)
      match.mDims.push_back(outMap.getDimPosition(i));
  if (match.mDims.empty())
    return fail("no M dimension (a matrix-vector product)");
  if (actMap.getNumResults() != match.mDims.size() + 1 ||
      !actMap.isProjectedPermutation() ||
      llvm::any_of(match.mDims, [&](unsigned d) {
        return !actMap.getResultPosition(getAffineDimExpr(d, op.getContext()));
      }))
    return fail("activation indexing not [M.., K] up to a permutation");

  // The weight: N, K and batch dimensions it must be broadcast along.
  SmallVector<WeightDim, 3> weightDims;
  for (unsigned i = 0; i < weightMap.getNumResults(); ++i) {
    unsigned d = weightMap.getDimPosition(i);
    weightDims.push_back(d == match.nDim   ? WeightDim::N
                         : d == match.kDim ? WeightDim::K
                                           : WeightDim::Batch);
  }
  Value weightOperand = op.getDpsInputs()[weightInput];
  PeeledWeight weight = peelWeight(weightOperand, weightDims);
  // Leading batch dimensions of extent 1 (a TOSA constant [1, K, N] fed
  // straight to tosa.matmul) hold one matrix: collapsed by the rewrite.
  auto peeledType = dyn_cast<RankedTensorType>(weight.value.getType());
  auto numUnitLeading = [&]() -> unsigned {
    unsigned n = 0;
    while (peeledType && n < weight.dims.size() &&
           weight.dims[n] == WeightDim::Batch && peeledType.getDimSize(n) == 1)
      ++n;
    return n;
  };
  match.weightUnitLeadingDims = numUnitLeading();
  SmallVector<WeightDim, 3> matrixDims(
      ArrayRef<WeightDim>(weight.dims).drop_front(match.weightUnitLeadingDims));
  if (llvm::is_contained(matrixDims, WeightDim::Batch))
    return fail(kGroupedGemmReason, /*batched=*/true);
  if (matrixDims.size() != 2)
    return fail("weight is not 2-D after its broadcasts");
  match.weight = weight.value;
  match.weightIsKxN = matrixDims.front() == WeightDim::K;

  // Types and shapes the fp8q ops accept.
  Value activation = op.getDpsInputs()[match.activationInput];
  auto actType = dyn_cast<RankedTensorType>(activation.getType());
  auto weightType = dyn_cast<RankedTensorType>(weight.value.getType());
  auto outType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!actType || !weightType || !outType)
    return fail("unranked operands");
  // Dynamic M (a dynamic token count: batch or sequence) is fine; the
  // weight, N and K must be static (K is checked against G, the weight
  // blocks are laid out at compile time).
  if (!weightType.hasStaticShape())
    return fail("dynamic weight shape " + typeText(weightType));
  auto isDynamicAt = [&](RankedTensorType type, AffineMap map, unsigned loop) {
    std::optional<unsigned> pos =
        map.getResultPosition(getAffineDimExpr(loop, op.getContext()));
    return pos && type.isDynamicDim(*pos);
  };
  if (isDynamicAt(actType, actMap, match.kDim))
    return fail("dynamic K in " + typeText(actType));
  if (isDynamicAt(outType, outMap, match.nDim))
    return fail("dynamic N in " + typeText(outType));
  if (!isSupportedFloat(actType.getElementType()))
    return fail("activation element type " +
                typeText(actType.getElementType()) +
                " is not f32, bf16 or f16");
  if (!isSupportedFloat(weightType.getElementType()))
    return fail("weight element type " + typeText(weightType.getElementType()) +
                " is not f32, bf16 or f16");
  if (!isSupportedFloat(outType.getElementType()))
    return fail("result element type " + typeText(outType.getElementType()) +
                " is not f32, bf16 or f16");

  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  std::optional<int64_t> m = checkedProductOf(ranges, match.mDims);
  if (!m)
    return fail("M (the product of the extents of the M dimensions) "
                "overflows int64");
  match.m = *m;
  ArrayRef<int64_t> weightShape =
      weightType.getShape().drop_front(match.weightUnitLeadingDims);
  match.n = weightShape[match.weightIsKxN ? 1 : 0];
  match.k = weightShape[match.weightIsKxN ? 0 : 1];
  if (match.k % groupSize != 0)
    return fail(llvm::formatv("K ({0}) is not a multiple of the group size "
                              "{1}",
                              match.k, groupSize));
  result.match = std::move(match);
  return result;
}

FailureOr<GroupedLinearMatch> fp8q::matchGroupedLinear(linalg::LinalgOp op,
                                                       unsigned weightInput,
                                                       int64_t groupSize,
                                                       std::string &reason) {
  auto fail = [&](const Twine &why) -> FailureOr<GroupedLinearMatch> {
    reason = why.str();
    return failure();
  };
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 4 || weightInput > 1)
    return fail("not a two-input contraction over (e, t, n, k)");
  MLIRContext *ctx = op.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  unsigned actInput = 1 - weightInput;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto mapIs = [&](AffineMap map, ArrayRef<AffineExpr> exprs) {
    return map == AffineMap::get(4, 0, exprs, ctx);
  };
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  bool loopsOk = iterators[0] == utils::IteratorType::parallel &&
                 iterators[1] == utils::IteratorType::parallel &&
                 iterators[2] == utils::IteratorType::parallel &&
                 iterators[3] == utils::IteratorType::reduction;
  // Loops (e, t, n, k) as linalg.batch_matmul names them.
  if (!loopsOk || !mapIs(maps[actInput], {d(0), d(1), d(3)}) ||
      !mapIs(maps[2], {d(0), d(1), d(2)}))
    return fail("not [E, T, K] x [E, ., .] -> [E, T, N] batch_matmul "
                "indexing");
  GroupedLinearMatch match;
  match.op = op;
  match.activationInput = actInput;
  match.weightInput = weightInput;
  match.weight = op.getDpsInputs()[weightInput];
  if (mapIs(maps[weightInput], {d(0), d(3), d(2)}))
    match.weightIsKxN = true;
  else if (!mapIs(maps[weightInput], {d(0), d(2), d(3)}))
    return fail("stacked weight indexing not [E, K, N] or [E, N, K]");
  auto actType =
      dyn_cast<RankedTensorType>(op.getDpsInputs()[actInput].getType());
  auto weightType = dyn_cast<RankedTensorType>(match.weight.getType());
  auto outType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!actType || !weightType || !outType || !actType.hasStaticShape() ||
      !weightType.hasStaticShape() || !outType.hasStaticShape())
    return fail("dynamic extents (the grouped rewrite needs static E, T, N, "
                "K)");
  for (RankedTensorType type : {actType, weightType, outType})
    if (!isa<Float32Type, BFloat16Type, Float16Type>(type.getElementType()))
      return fail("element type not f32, bf16 or f16");
  match.experts = actType.getDimSize(0);
  match.tokens = actType.getDimSize(1);
  match.k = actType.getDimSize(2);
  match.n = outType.getDimSize(2);
  if (match.k % groupSize != 0)
    return fail(llvm::formatv("K ({0}) not a multiple of the group size {1}",
                              match.k, groupSize));
  if (!match.weightIsKxN && match.n % groupSize != 0)
    return fail(llvm::formatv("[E, N, K] weight with N ({0}) not a multiple "
                              "of the group size {1}: its blocks would "
                              "straddle two experts",
                              match.n, groupSize));
  return match;
}

FailureOr<GroupedWgradMatch> fp8q::matchGroupedWgrad(linalg::LinalgOp op,
                                                     int64_t groupSize,
                                                     std::string &reason) {
  auto fail = [&](const Twine &why) -> FailureOr<GroupedWgradMatch> {
    reason = why.str();
    return failure();
  };
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !isContraction(op))
    return fail("not a two-operand multiply-add contraction on tensors");
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->batch.size() != 1 || dims->m.size() != 1 ||
      dims->n.size() != 1 || dims->k.size() != 1)
    return fail("not one expert, one token and one output dimension per "
                "operand (loops (e, m, n, t))");
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap outMap = maps[2];
  unsigned e = dims->batch.front(), t = dims->k.front();
  if (outMap.getNumResults() != 3 || !outMap.isProjectedPermutation() ||
      outMap.getDimPosition(0) != e)
    return fail("result not [E, ., .]");
  auto outType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!outType || !outType.hasStaticShape())
    return fail("dynamic extents (the expert Wgrad needs static E, T, M, N)");
  if (!isSupportedFloat(outType.getElementType()))
    return fail("result element type " + typeText(outType.getElementType()) +
                " is not f32, bf16 or f16");

  GroupedWgradMatch match;
  match.op = op;
  // A: the operand indexing the result's rows; B: its columns.
  unsigned rows = outMap.getDimPosition(1), cols = outMap.getDimPosition(2);
  auto indexes = [&](unsigned input, unsigned loop) {
    return maps[input]
        .getResultPosition(getAffineDimExpr(loop, op.getContext()))
        .has_value();
  };
  match.aInput = indexes(0, rows) ? 0 : 1;
  match.bInput = 1 - match.aInput;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  match.experts = ranges[e];
  match.tokens = ranges[t];
  match.m = ranges[rows];
  match.n = ranges[cols];

  // Each operand up to transposes and a broadcast along the experts. The
  // weight tracer's labels: Batch = E, K = T (the contraction), N = X.
  auto matchOperand = [&](unsigned input,
                          GroupedWgradOperand &operand) -> LogicalResult {
    SmallVector<WeightDim, 3> labels;
    AffineMap map = maps[input];
    for (unsigned i = 0; i < map.getNumResults(); ++i) {
      unsigned d = map.getDimPosition(i);
      labels.push_back(d == e   ? WeightDim::Batch
                       : d == t ? WeightDim::K
                                : WeightDim::N);
    }
    PeeledWeight peeled = peelWeight(op.getDpsInputs()[input], labels);
    auto type = dyn_cast<RankedTensorType>(peeled.value.getType());
    if (!type || !type.hasStaticShape() ||
        !isSupportedFloat(type.getElementType()))
      return failure();
    using D = WeightDim;
    ArrayRef<WeightDim> got = peeled.dims;
    operand.source = peeled.value;
    if (got == ArrayRef<WeightDim>{D::Batch, D::K, D::N} ||
        got == ArrayRef<WeightDim>{D::Batch, D::N, D::K}) {
      operand.perExpert = true;
      operand.tokensLast = got.back() == D::K;
      return success();
    }
    if (got == ArrayRef<WeightDim>{D::K, D::N} ||
        got == ArrayRef<WeightDim>{D::N, D::K}) {
      operand.perExpert = false;
      operand.tokensLast = got.back() == D::K;
      return success();
    }
    return failure();
  };
  for (auto [input, operand] : {std::make_pair(match.aInput, &match.a),
                                std::make_pair(match.bInput, &match.b)})
    if (failed(matchOperand(input, *operand)))
      return fail(llvm::formatv(
          "operand #{0} is not [E, T, X] or [E, X, T] up to transposes, nor a "
          "[T, X] tensor broadcast along the experts (static, f32/bf16/f16)",
          input));
  if (match.tokens % groupSize != 0)
    return fail(llvm::formatv("T ({0}) is not a multiple of the group size "
                              "{1} (the tokens are the GEMM's K)",
                              match.tokens, groupSize));
  return match;
}

//===----------------------------------------------------------------------===//
// Retained components
//===----------------------------------------------------------------------===//

/// Element casts followed from a one-hot matrix up to its comparison.
constexpr unsigned kMaxOneHotCasts = 4;

namespace {
/// True for an elementwise linalg op with one input whose body only casts
/// the element (i1 -> i64, i64 -> f32, ...).
bool isElementCast(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != op.getNumParallelLoops() || op->getNumRegions() != 1)
    return false;
  Block &body = op->getRegion(0).front();
  return body.getOperations().size() == 2 &&
         isa<CastOpInterface>(body.front()) &&
         body.front().getOperand(0) == body.getArgument(0);
}

/// True when `value` is, up to layout ops and element casts, a one-hot
/// encoding of integer ids: a float tensor computed from a linalg op with
/// an integer input whose body compares integers (`arith.cmpi` of the loop
/// index with the id). torch's `one_hot(ids).float()` exports as the
/// comparison to i1, then casts to i64 and to f32.
bool isOneHot(Value value) {
  if (!isa<FloatType>(getElementTypeOrSelf(value.getType())))
    return false;
  SmallVector<Value, 2> data;
  for (unsigned casts = 0; casts <= kMaxOneHotCasts; ++casts) {
    while (Operation *def = value.getDefiningOp()) {
      data.clear();
      if (!getLayoutDataOperands(def, data) || data.size() != 1)
        break;
      value = data.front();
    }
    auto linalgOp = value.getDefiningOp<linalg::LinalgOp>();
    if (!linalgOp || !linalgOp.hasPureTensorSemantics())
      return false;
    if (bodyContains<arith::CmpIOp>(linalgOp) &&
        llvm::any_of(linalgOp.getDpsInputs(), [](Value input) {
          return isa<IntegerType, IndexType>(
              getElementTypeOrSelf(input.getType()));
        }))
      return true;
    if (!isElementCast(linalgOp))
      return false;
    value = linalgOp.getDpsInputs()[0];
  }
  return false;
}
} // namespace

SmallVector<EmbeddingLookup> fp8q::findEmbeddingLookups(Operation *root) {
  SmallVector<EmbeddingLookup> lookups;
  root->walk([&](Operation *op) {
    if (auto gather = dyn_cast<tensor::GatherOp>(op)) {
      lookups.push_back({op, gather.getSource()});
      return;
    }
    // one_hot(ids) @ table: an embedding written as a contraction.
    if (isContraction(op) && op->getNumOperands() == 3) {
      auto inputs = cast<linalg::LinalgOp>(op).getDpsInputs();
      for (unsigned i = 0; i < 2; ++i)
        if (isOneHot(inputs[i])) {
          lookups.push_back({op, inputs[1 - i]});
          return;
        }
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
        llvm::none_of(linalgOp.getDpsInputs(), [](Value input) {
          Type element = getElementTypeOrSelf(input.getType());
          return isa<IntegerType, IndexType>(element);
        }))
      return;
    Region &body = op->getRegion(0);
    body.walk([&](tensor::ExtractOp extract) {
      Value table = extract.getTensor();
      if (body.isAncestor(table.getParentRegion()))
        return WalkResult::advance();
      lookups.push_back({op, table});
      return WalkResult::interrupt();
    });
  });
  return lookups;
}

namespace {
/// Longest layout chain followed by getParameterElements.
constexpr unsigned kMaxElementSteps = 256;

/// The steps up to and including the last `tensor.extract_slice`: the ones
/// that decide which elements of the leaf are held.
ArrayRef<Operation *> getSelectingSteps(ArrayRef<Operation *> steps) {
  auto last = llvm::find_if(llvm::reverse(steps), [](Operation *op) {
    return isa<tensor::ExtractSliceOp>(op);
  });
  return steps.take_front(std::distance(last, steps.rend()));
}

/// True when the layout ops `a` and `b` do the same thing to the same
/// input elements.
bool isSameLayoutStep(Operation *a, Operation *b) {
  if (a == b)
    return true;
  if (a->getName() != b->getName() ||
      a->getResultTypes() != b->getResultTypes() ||
      a->getPropertiesAsAttribute() != b->getPropertiesAsAttribute())
    return false;
  auto sliceA = dyn_cast<tensor::ExtractSliceOp>(a);
  auto sliceB = dyn_cast<tensor::ExtractSliceOp>(b);
  if (!sliceA || !sliceB)
    return true;
  auto values = [](tensor::ExtractSliceOp op) {
    SmallVector<Value> all(op.getOffsets());
    llvm::append_range(all, op.getSizes());
    llvm::append_range(all, op.getStrides());
    return all;
  };
  return values(sliceA) == values(sliceB);
}
} // namespace

bool ParameterElements::isWithin(const ParameterElements &other) const {
  if (leaf != other.leaf)
    return false;
  // `other` picks a superset of what this value holds when this value starts
  // with the same selecting steps (it may slice further, e.g. the rows of a
  // padded vocab).
  ArrayRef<Operation *> selecting = getSelectingSteps(other.steps);
  return selecting.size() <= steps.size() &&
         llvm::all_of(llvm::zip(selecting, steps), [](auto pair) {
           return isSameLayoutStep(std::get<0>(pair), std::get<1>(pair));
         });
}

bool ParameterElements::sharesElementsWith(
    const ParameterElements &other) const {
  return isWithin(other) || other.isWithin(*this);
}

std::optional<ParameterElements> fp8q::getParameterElements(Value value) {
  ParameterElements elements;
  SmallVector<Value, 2> data;
  while (Operation *op = value.getDefiningOp()) {
    data.clear();
    if (!getLayoutDataOperands(op, data))
      break;
    if (data.size() != 1 || elements.steps.size() >= kMaxElementSteps)
      return std::nullopt;
    elements.steps.push_back(op);
    value = data.front();
  }
  std::reverse(elements.steps.begin(), elements.steps.end());
  elements.leaf = value;
  return elements;
}

namespace {
/// The tensors the op defining `value` reads (its DPS inputs for linalg ops,
/// so that shared `tensor.empty` inits do not relate unrelated values).
SmallVector<Value, 4> getProducerInputs(Value value) {
  SmallVector<Value, 4> inputs;
  Operation *def = value.getDefiningOp();
  if (!def)
    return inputs;
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(def))
    llvm::append_range(inputs, dps.getDpsInputs());
  else
    llvm::append_range(inputs, def->getOperands());
  llvm::erase_if(inputs, [](Value v) { return !isa<TensorType>(v.getType()); });
  return inputs;
}

/// The tensors `value` is computed from within `depth` producer steps,
/// `value` included; contractions are not looked through.
llvm::DenseSet<Value> getAncestors(Value value, unsigned depth) {
  llvm::DenseSet<Value> ancestors = {value};
  SmallVector<Value> frontier = {value};
  for (unsigned step = 0; step < depth && !frontier.empty(); ++step) {
    SmallVector<Value> next;
    for (Value v : frontier) {
      Operation *def = v.getDefiningOp();
      if (!def || isContraction(def))
        continue;
      for (Value up : getProducerInputs(v))
        if (ancestors.insert(up).second)
          next.push_back(up);
    }
    frontier = std::move(next);
  }
  return ancestors;
}

/// True when `read` (a tensor a normalization scales) and `input` (the
/// input of its statistic's reduction) come from the same tensor within a
/// few computing steps: `x` scaled by rsqrt(mean(x * x)); `x - mean(x)`
/// scaled by the rsqrt of a variance computed from its own `x - mean(x)`;
/// torch-mlir's statistics computed on a widened copy (`arith.extf` to f64
/// or from bf16 to f32, a separate branch) of the `x` that is scaled.
bool isNear(Value read, Value input) {
  llvm::DenseSet<Value> fromInput = getAncestors(input, kMaxNormInputSteps);
  return llvm::any_of(getAncestors(read, kMaxNormReadSteps),
                      [&](Value v) { return fromInput.contains(v); });
}

/// True when, within a few ops downstream of `root` (an rsqrt or sqrt), an
/// op reads a tensor near one of `inputs` (the reduction's input): the
/// reduced statistic scales the tensor it was computed from, which is what
/// makes a reduction a normalization rather than, say, a softmax sum whose
/// values later reach an unrelated norm.
bool scalesReducedTensor(Operation *root, ValueRange inputs) {
  return walkDownstream(root, kMaxNormScaleWalk, [&](Operation *op) {
    SmallVector<Value, 4> reads;
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
      llvm::append_range(reads, dps.getDpsInputs());
    else
      llvm::append_range(reads, op->getOperands());
    return llvm::any_of(reads, [&](Value read) {
      return isa<TensorType>(read.getType()) &&
             llvm::any_of(inputs,
                          [&](Value input) { return isNear(read, input); });
    });
  });
}
} // namespace

SmallVector<Operation *> fp8q::findNormalizationOps(Operation *root) {
  SmallVector<Operation *> found;
  llvm::SmallPtrSet<Operation *, 16> seen;
  root->walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() == 0 || isContraction(op) ||
        !op.hasPureTensorSemantics() || !bodyContains<arith::AddFOp>(op))
      return;
    Operation *sqrt = nullptr;
    walkDownstream(op, kMaxNormWalk, [&](Operation *user) {
      if (!isRootLike(user) || !scalesReducedTensor(user, op.getDpsInputs()))
        return false;
      sqrt = user;
      return true;
    });
    if (!sqrt)
      return;
    for (Operation *norm : {op.getOperation(), sqrt})
      if (seen.insert(norm).second)
        found.push_back(norm);
  });
  return found;
}

bool fp8q::feedsRouting(Operation *op) {
  bool sawExp = false, sawSelection = false;
  return walkDownstream(op, kMaxRouterWalk, [&](Operation *user) {
    if (isContraction(user))
      return false;
    sawExp |= isExpLike(user);
    sawSelection |= isSelectionLike(user);
    return sawExp && sawSelection;
  });
}

llvm::DenseSet<Operation *>
fp8q::findTerminalContractions(FunctionOpInterface func) {
  llvm::DenseSet<Operation *> terminal;
  llvm::DenseSet<Operation *> seen;
  SmallVector<Operation *> worklist;
  auto pushProducers = [&](Operation *op) {
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (seen.insert(def).second)
          worklist.push_back(def);
  };
  for (Block &block : func.getFunctionBody())
    if (!block.empty() && block.back().hasTrait<OpTrait::ReturnLike>())
      pushProducers(&block.back());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (isContraction(op))
      terminal.insert(op);
    else
      pushProducers(op);
  }
  return terminal;
}

SmallVector<Operation *>
fp8q::findComputeOpsBetween(Operation *from, Operation *to, unsigned limit) {
  llvm::SmallPtrSet<Operation *, 32> downstream;
  bool reached = false;
  walkDownstream(from, limit, [&](Operation *op) {
    if (op == to)
      reached = true;
    else
      downstream.insert(op);
    return false;
  });
  SmallVector<Operation *> between;
  if (!reached)
    return between;
  llvm::SmallPtrSet<Operation *, 32> seen;
  SmallVector<Operation *> worklist;
  auto pushProducers = [&](Operation *op) {
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (downstream.contains(def) && seen.insert(def).second)
          worklist.push_back(def);
  };
  pushProducers(to);
  SmallVector<Value, 2> data;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    data.clear();
    if (isa<linalg::LinalgOp, linalg::SoftmaxOp>(op) &&
        !isa<linalg::FillOp>(op) && !getLayoutDataOperands(op, data))
      between.push_back(op);
    pushProducers(op);
  }
  return between;
}

//===----------------------------------------------------------------------===//
// Decisions
//===----------------------------------------------------------------------===//

namespace {
/// The decision procedure for the contractions of one function. The rules,
/// in order (the first that applies decides):
///   1. `force-retain` match                      -> retain (user)
///   2. `fp8q.retain` in the input, no `force-quantize` -> retain (as given)
///   3. a one-hot matmul, no `force-quantize`     -> retain (embedding)
///   4. no operand is a weight: computed x batched arguments, no softmax
///      next to it                                -> unquantized (grouped GEMM)
///      both activations / arguments, or a softmax next to it
///                                                -> retain (attention)
///      otherwise                                 -> unquantized (unknown)
///   5. unless `force-quantize`: weight holding an embedding table's
///      elements, or the final projection (graph with a lookup, a head name,
///      or the widest projection after the final norm)
///                                                -> retain (output_head);
///      N <= gating-max-outputs feeding softmax/sigmoid + reduction/top-k
///                                                -> retain (gating)
///   6. matchLinear fails                         -> unquantized (its reason)
///   7.                                           -> quantize
/// In a training step's joint graph (findTrainingRoles) the Dgrad and Wgrad
/// of a Linear follow its Fprop instead (decideBackward): retained or
/// unquantized with it; a Dgrad of a quantized Linear is quantized like a
/// Linear, a Wgrad with 1x128 tiles along the tokens on both operands. The
/// same holds for stacked experts (decideExpertBackward): a grouped Dgrad,
/// and a Wgrad of one recipe Wgrad GEMM per expert.
class FunctionClassifier {
public:
  FunctionClassifier(FunctionOpInterface func,
                     const QuantizeModelConfig &config)
      : func(func), config(config) {}

  FunctionAnalysis run();
  /// Values holding embedding tables because of calls.
  void addTablesFromCalls(ArrayRef<Value> values) {
    llvm::append_range(tablesFromCalls, values);
  }
  /// The function calls a function with an embedding lookup.
  void setCallsLookup() { hasEmbedding = true; }

private:
  /// Which input holds the weight, with the Linear match for it.
  struct WeightChoice {
    int weightInput = -1;
    LinearMatchResult match;
  };

  WeightChoice chooseWeight(linalg::LinalgOp op);
  void decide(ContractionRecord &record, const WeightChoice &choice);
  bool decideRetention(ContractionRecord &record, const WeightChoice &choice);
  bool usesPow2Scales(const LinearMatch &match);
  std::optional<std::string> getHeadReason(const ContractionRecord &record,
                                           unsigned weightInput);
  bool followsNorm(Value activation);
  bool isNextToSoftmax(Operation *op);
  void retain(ContractionRecord &record, RetainReason reason, const Twine &why);
  void addRetainedOp(Operation *op, RetainReason reason);
  void findAttentionSoftmax();
  void findTrainingRoles(ArrayRef<linalg::LinalgOp> contractions,
                         ArrayRef<WeightChoice> choices);
  void decideBackward(ContractionRecord &record, const WeightChoice &choice,
                      const ContractionRecord &forward);
  /// The Dgrad (grouped GEMM) or Wgrad (one Wgrad GEMM per expert) of
  /// quantized stacked experts; `of` names the role and the experts.
  void decideExpertBackward(ContractionRecord &record,
                            const ContractionRecord &forward,
                            const std::string &of);
  /// The input holding the stacked weight of a grouped expert GEMM (a
  /// parameter, the other operand computed), whatever the group size.
  std::optional<unsigned> getGroupedWeightInput(linalg::LinalgOp op);
  /// Quantizes `record` as a grouped expert GEMM (matchGroupedLinear) or
  /// leaves it unquantized with the grouped-GEMM reason and why not.
  /// Sets `match.ranks` where `expert-parallel-ranks` applies to `record`
  /// (warning where it does not divide the experts) and returns the report
  /// text saying so.
  std::string decideExpertParallel(ContractionRecord &record,
                                   GroupedLinearMatch &match);
  void quantizeGrouped(ContractionRecord &record, unsigned weightInput,
                       StringRef prefix);
  /// Sets `record` to Quantize as a Linear; the reason says how the weight
  /// is quantized, or `weightFrom` where it comes from elsewhere.
  void quantizeLinear(ContractionRecord &record, const LinearMatch &match,
                      StringRef prefix, StringRef weightFrom = "");

  FunctionOpInterface func;
  const QuantizeModelConfig &config;
  WeightProvenance provenance;
  FunctionAnalysis result;
  llvm::DenseSet<Operation *> retainedOps;
  /// The embedding tables (a head tied to one is retained): the elements
  /// each holds, or only its leaves where the elements are unknown.
  struct Table {
    Value value;
    std::optional<ParameterElements> elements;
  };
  SmallVector<Table> tables;
  SmallVector<Value> tablesFromCalls;
  /// One-hot embedding contractions (retained as `embedding`).
  llvm::DenseSet<Operation *> embeddingContractions;
  bool isTiedToTable(Value weight);
  bool hasEmbedding = false;
  /// Terminal contractions with a weight and the largest N among them.
  llvm::DenseSet<Operation *> terminal;
  int64_t headN = -1;
  /// The largest N among all contractions with a weight.
  int64_t maxN = -1;
  /// The normalization ops of the function (findNormalizationOps).
  llvm::SetVector<Operation *> norms;
  /// Contractions retained as attention, in program order.
  llvm::SetVector<Operation *> attention;
  /// In a joint graph: each Linear GEMM's role and (Dgrad, Wgrad) its Fprop.
  llvm::DenseMap<Operation *, std::pair<TrainingRole, Operation *>> roles;
  /// Wgrads whose Linear is one of several sharing an input and no Dgrad
  /// tells which (the Linears reading a graph input): how many.
  llvm::DenseMap<Operation *, size_t> ambiguousWgrads;
  /// The contractions with a role that belong to stacked experts.
  llvm::DenseSet<Operation *> groupedRoles;
};

FunctionClassifier::WeightChoice
FunctionClassifier::chooseWeight(linalg::LinalgOp op) {
  // The second operand is the weight when it is parameter data (x @ W). The
  // first one is only when the second is computed (W @ x^T): with an
  // unknown second operand a parameter first operand may be the model input.
  // A batched operand made only of arguments is an activation (attention
  // on inputs, a KV cache), not a weight.
  auto isWeightCandidate = [&](unsigned input, LinearMatchResult &match) {
    const Provenance &prov = provenance.get(op.getDpsInputs()[input]);
    if (!prov.isParameter())
      return false;
    match = matchLinear(op, input, config.groupSize);
    return match || !match.weightIsBatched || !prov.hasOnlyArgumentLeaves();
  };
  WeightChoice choice;
  if (isWeightCandidate(1, choice.match)) {
    choice.weightInput = 1;
    return choice;
  }
  const Provenance &rhs = provenance.get(op.getDpsInputs()[1]);
  if (!rhs.isUnknown() && isWeightCandidate(0, choice.match)) {
    choice.weightInput = 0;
    return choice;
  }
  return {};
}

void FunctionClassifier::retain(ContractionRecord &record, RetainReason reason,
                                const Twine &why) {
  record.decision = ContractionDecision::Retain;
  record.retainReason = reason;
  record.reason = why.str();
  if (reason == RetainReason::attention)
    attention.insert(record.op);
}

bool FunctionClassifier::decideRetention(ContractionRecord &record,
                                         const WeightChoice &choice) {
  Operation *op = record.op;
  Value weight = record.op.getDpsInputs()[choice.weightInput];
  if (isTiedToTable(weight)) {
    retain(record, RetainReason::output_head,
           "weight tied to an embedding table (" + provenance.describe(weight) +
               ")");
    return true;
  }
  if (std::optional<std::string> why =
          getHeadReason(record, choice.weightInput)) {
    retain(record, RetainReason::output_head, *why);
    return true;
  }
  int64_t n = record.extents.n;
  if (!ShapedType::isDynamic(n) && n <= config.gatingMaxOutputs &&
      feedsRouting(op)) {
    retain(record, RetainReason::gating,
           llvm::formatv("router: N = {0} <= {1} outputs feeding a "
                         "softmax/sigmoid and a reduction/top-k",
                         n, config.gatingMaxOutputs));
    return true;
  }
  return false;
}

bool FunctionClassifier::isTiedToTable(Value weight) {
  // Tied means the same elements: the same slice of the same leaf. Where
  // either side's elements are unknown (a concat on the way), sharing a
  // leaf is taken as tied, the conservative answer.
  std::optional<ParameterElements> elements = getParameterElements(weight);
  const Provenance &weightProvenance = provenance.get(weight);
  for (const Table &table : tables) {
    if (elements && table.elements) {
      if (elements->sharesElementsWith(*table.elements))
        return true;
      continue;
    }
    for (const ParameterLeaf &leaf : provenance.get(table.value).leaves)
      if (llvm::is_contained(weightProvenance.leaves, leaf))
        return true;
  }
  return false;
}

bool FunctionClassifier::followsNorm(Value activation) {
  // The head reads the final norm's output: the norm's rsqrt (or its
  // reduction) is a few ops above, through its scale multiply and bias.
  llvm::SmallPtrSet<Operation *, 16> seen;
  SmallVector<Value> worklist = {activation};
  unsigned visited = 0;
  while (!worklist.empty() && visited++ < kMaxHeadNormWalk) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || isContraction(def) || !seen.insert(def).second)
      continue;
    if (norms.contains(def))
      return true;
    llvm::append_range(worklist, getProducerInputs(def->getResult(0)));
  }
  return false;
}

bool FunctionClassifier::isNextToSoftmax(Operation *op) {
  // A softmax is an exp and a reduction (max, sum); a SiLU/GELU between
  // expert projections has the exp only. QK^T feeds one before the next
  // contraction (the router test, feedsRouting, is the same walk).
  if (feedsRouting(op))
    return true;
  // PV: an input computed from one a few ops above.
  bool sawExp = false, sawSelection = false;
  llvm::SmallPtrSet<Operation *, 16> seen;
  SmallVector<Value> worklist(cast<linalg::LinalgOp>(op).getDpsInputs());
  unsigned visited = 0;
  while (!worklist.empty() && visited++ < kMaxSoftmaxInputWalk) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || isContraction(def) || !seen.insert(def).second)
      continue;
    sawExp |= isExpLike(def);
    sawSelection |= isSelectionLike(def);
    if (sawExp && sawSelection)
      return true;
    llvm::append_range(worklist, getProducerInputs(def->getResult(0)));
  }
  return false;
}

std::optional<std::string>
FunctionClassifier::getHeadReason(const ContractionRecord &record,
                                  unsigned weightInput) {
  // The head is a terminal contraction (its value reaches a function
  // result) with the largest N among them: other outputs (a KV cache,
  // hidden states) are not the head.
  const ContractionExtents &extents = record.extents;
  if (!terminal.contains(record.op) || extents.n != headN ||
      ShapedType::isDynamic(extents.n))
    return std::nullopt;
  if (hasEmbedding)
    return std::string("final projection of a graph with an embedding lookup");
  // Without a lookup (a decoder fed with embeddings): a projection up to
  // the vocabulary, wider than its own input, named like a head ...
  bool widens = !ShapedType::isDynamic(extents.k) && extents.n > extents.k;
  if (widens)
    for (const std::string &name : getOpNameKeys(record.op))
      if (isHeadName(name))
        return "final projection named '" + name + "'";
  // ... or the widest projection of the graph (no N larger; an MLP's up
  // projection may be as wide as a small vocabulary), widening its input,
  // reading the final norm's output.
  if (widens && extents.n == maxN &&
      followsNorm(record.op->getOperand(1 - weightInput)))
    return llvm::formatv("final projection: the largest N ({0}) of the graph, "
                         "widening K = {1}, after a norm",
                         extents.n, extents.k)
        .str();
  return std::nullopt;
}

bool FunctionClassifier::usesPow2Scales(const LinearMatch &match) {
  linalg::LinalgOp op = match.op;
  if (config.pow2Scales.matches(op))
    return true;
  const Provenance &act =
      provenance.get(op.getDpsInputs()[match.activationInput]);
  if (!act.isActivation() || !act.origin)
    return false;
  return config.pow2Scales.matches(act.origin) ||
         (config.pow2AttentionOutput && attention.contains(act.origin));
}

void FunctionClassifier::decide(ContractionRecord &record,
                                const WeightChoice &choice) {
  Operation *op = record.op;
  StringRef forceRetain = config.forceRetain.findMatch(op);
  if (!forceRetain.empty())
    return retain(record, RetainReason::user,
                  "force-retain matched '" + forceRetain + "'");
  StringRef forceQuantize = config.forceQuantize.findMatch(op);
  bool forced = !forceQuantize.empty();
  if (auto given =
          op->getAttrOfType<RetainReasonAttr>(Fp8qDialect::kRetainAttrName);
      given && !forced) {
    record.preRetained = true;
    return retain(record, given.getValue(), "fp8q.retain given in the input");
  }

  if (embeddingContractions.contains(op) && !forced)
    return retain(record, RetainReason::embedding,
                  "embedding lookup as a contraction of one-hot ids with the "
                  "table");

  if (choice.weightInput < 0) {
    auto inputs = record.op.getDpsInputs();
    const Provenance &lhs = provenance.get(inputs[0]);
    const Provenance &rhs = provenance.get(inputs[1]);
    const Provenance &unknown = rhs.isUnknown() ? rhs : lhs;
    // Computed tokens times batched argument data: attention against a KV
    // cache passed in when a softmax is next to it (QK^T feeds one, PV reads
    // one); otherwise stacked expert weights [E, K, N] (einsum/bmm experts).
    bool mixed =
        !unknown.isUnknown() && (lhs.isActivation() != rhs.isActivation());
    if (mixed && !isNextToSoftmax(op))
      return quantizeGrouped(record, lhs.isActivation() ? 1 : 0,
                             forced ? "force-quantize: " : "");
    if (!unknown.isUnknown()) {
      if (!forced)
        return retain(record, RetainReason::attention,
                      lhs.isActivation() && rhs.isActivation()
                          ? "both operands are activations"
                          : "no weight operand (batched function arguments: "
                            "attention inputs or a KV cache)");
      record.reason = "force-quantize: both operands are activations, no "
                      "weight to quantize";
      return;
    }
    record.reason = "cannot tell which operand is a weight: operand #" +
                    std::to_string(&unknown == &rhs ? 1 : 0) + " is " +
                    unknown.why;
    return;
  }

  record.extents = getContractionExtents(record.op, choice.weightInput);
  if (!forced && decideRetention(record, choice))
    return;
  if (!choice.match && choice.match.weightIsBatched)
    return quantizeGrouped(record, choice.weightInput,
                           forced ? "force-quantize: " : "");
  if (!choice.match) {
    record.reason = choice.match.reason;
    return;
  }
  quantizeLinear(record, *choice.match.match, forced ? "force-quantize: " : "");
}

void FunctionClassifier::quantizeGrouped(ContractionRecord &record,
                                         unsigned weightInput,
                                         StringRef prefix) {
  std::string why;
  FailureOr<GroupedLinearMatch> match =
      matchGroupedLinear(record.op, weightInput, config.groupSize, why);
  if (failed(match)) {
    record.reason = (kGroupedGemmReason + ": " + why).str();
    return;
  }
  record.decision = ContractionDecision::Quantize;
  std::string parallel = decideExpertParallel(record, *match);
  record.grouped = *match;
  record.extents = getContractionExtents(record.op, weightInput);
  record.reason =
      llvm::formatv("{0}grouped expert GEMM: {1} experts, weights {2} ({3}) "
                    "in {4}x{4} blocks per expert{5}; activations 1x{4}, "
                    "masked layout, all {6} tokens per expert{7}",
                    prefix, match->experts,
                    match->weightIsKxN ? "[E, K, N]" : "[E, N, K]",
                    provenance.describe(match->weight), config.groupSize,
                    match->weightIsKxN ? " with transpose" : "", match->tokens,
                    parallel)
          .str();
}

std::string
FunctionClassifier::decideExpertParallel(ContractionRecord &record,
                                         GroupedLinearMatch &match) {
  int64_t ranks = config.expertParallelRanks;
  if (ranks <= 1)
    return "";
  if (record.role != TrainingRole::None)
    return "; single-rank (expert parallelism is not applied to training "
           "steps)";
  // NOTE: the combine returns rows, not sums: an accumulator stays with the
  // single-rank form.
  if (!isZeroInit(record.op.getDpsInits()[0]))
    return "; single-rank (expert parallelism does not take a nonzero "
           "accumulator)";
  if (match.experts % ranks != 0) {
    emitWarning(record.op.getLoc())
        << "fp8q-quantize-model: expert-parallel-ranks = " << ranks
        << " does not divide the " << match.experts
        << " experts of this grouped GEMM; they stay single-rank";
    return llvm::formatv("; single-rank: {0} experts are not a multiple of "
                         "expert-parallel-ranks = {1}",
                         match.experts, ranks)
        .str();
  }
  match.ranks = ranks;
  int64_t local = match.experts / ranks;
  return llvm::formatv("; expert parallel over {0} ranks ({1} expert{2} per "
                       "rank): FP8 dispatch, BF16 combine",
                       ranks, local, local == 1 ? "" : "s")
      .str();
}

void FunctionClassifier::quantizeLinear(ContractionRecord &record,
                                        const LinearMatch &match,
                                        StringRef prefix,
                                        StringRef weightFrom) {
  Value weight = record.op.getDpsInputs()[match.weightInput];
  record.decision = ContractionDecision::Quantize;
  record.linear = match;
  record.pow2Activation = usesPow2Scales(match);
  std::string how = !weightFrom.empty() ? weightFrom.str()
                    : match.weightIsKxN
                        ? std::string("quantized [K, N] with transpose")
                        : std::string("quantized [N, K]");
  record.reason =
      llvm::formatv("{0}weight {1}, {2}{3}", prefix,
                    provenance.describe(weight), how,
                    record.pow2Activation ? "; pow2 activation scales" : "")
          .str();
}

/// Why a Dgrad cannot read its Fprop's quantized weight through
/// fp8q.block_transpose, or an empty string when it can: the Fprop
/// quantized the very same 2-D weight value in GxG blocks in the other
/// orientation, so its codes transposed are the Dgrad's ([N, K] for one is
/// [K, N] for the other; a square block transposes exactly).
static std::string getForwardWeightMismatch(const QuantizeModelConfig &config,
                                            const LinearMatch &dgrad,
                                            const ContractionRecord &forward) {
  if (config.dgradWeight == DgradWeight::Requantize)
    return "dgrad-weight=requantize";
  if (!forward.linear)
    return "the Fprop is not a Linear";
  const LinearMatch &fprop = *forward.linear;
  if (fprop.weight != dgrad.weight)
    return "the Fprop quantizes another view of the weight";
  if (fprop.weightUnitLeadingDims != dgrad.weightUnitLeadingDims)
    return "the Fprop drops other unit leading dimensions of the weight";
  if (fprop.weightIsKxN == dgrad.weightIsKxN)
    return "the Fprop reads the weight in the same orientation";
  return "";
}

/// The value `value` is a layout view of (transposes, reshapes, casts):
/// where getParameterElements starts, or `value` itself.
static Value getLayoutLeaf(Value value) {
  if (std::optional<ParameterElements> elements = getParameterElements(value))
    return elements->leaf;
  return value;
}

void FunctionClassifier::findTrainingRoles(
    ArrayRef<linalg::LinalgOp> contractions, ArrayRef<WeightChoice> choices) {
  // Program order: a joint graph computes the forward first. Each Linear
  // is found at its first GEMM (Fprop); a later contraction is its Wgrad
  // when one operand is the Fprop's activation (up to layout ops) and it
  // reduces over the Fprop's M (the tokens) to a weight-shaped [N, K] or
  // [K, N]; its Dgrad when it reads the same weight elements contracted
  // over the Fprop's N (K and N exchanged).
  struct Forward {
    Operation *op;
    Value activation;
    std::optional<ParameterElements> weight;
    int64_t m, n, k;
    bool embedding;
  };
  SmallVector<Forward> forwards;
  llvm::DenseMap<Operation *, std::pair<TrainingRole, Operation *>> found;
  // Linears sharing their input (q, k, v; gate, up) have Wgrads that look
  // alike: each is told apart by its dY, the one its Linear's Dgrad reads.
  struct WgradCandidates {
    Operation *op;
    Value dy;
    SmallVector<Operation *, 3> forwards;
  };
  SmallVector<WgradCandidates> wgrads;
  llvm::DenseMap<Value, Operation *> dgradOfDy;
  bool sawWgrad = false;
  // Stacked experts (a grouped GEMM with one weight matrix per expert).
  struct GroupedForward {
    Operation *op;
    Value activation;
    std::optional<ParameterElements> weight;
    int64_t experts, tokens, n, k;
  };
  SmallVector<GroupedForward> groupedForwards;
  for (auto [index, constOp] : llvm::enumerate(contractions)) {
    linalg::LinalgOp op = constOp;
    const WeightChoice &choice = choices[index];
    ContractionExtents extents = getContractionExtents(op);
    WgradCandidates wgrad{op, Value(), {}};
    // The forwards whose activation X is one input of `op` and whose extents
    // `matches` accepts (inputs `skip` rejects aside); dY is the other input.
    auto findWgradForwards = [&](const auto &candidates, auto matches,
                                 auto skip) {
      for (auto [i, input] : llvm::enumerate(op.getDpsInputs())) {
        if (skip(i))
          continue;
        Value leaf = getLayoutLeaf(input);
        for (const auto &forward : candidates)
          if (forward.activation == leaf && matches(forward))
            wgrad.forwards.push_back(forward.op);
        if (!wgrad.forwards.empty()) {
          wgrad.dy = getLayoutLeaf(op.getDpsInputs()[1 - i]);
          return;
        }
      }
    };
    // The experts' GEMMs: the Wgrad reads their forward activation X
    // (through a transpose, or the tensor broadcast to every expert) and a
    // computed dY, reducing over the tokens to [E, K, N] or [E, N, K]; the
    // Dgrad reads the same stacked weight with K and N exchanged.
    if (extents.isStatic() && extents.batch != 1 && op.getNumDpsInputs() == 2) {
      findWgradForwards(
          groupedForwards,
          [&](const GroupedForward &forward) {
            return extents.batch == forward.experts &&
                   extents.k == forward.tokens &&
                   ((extents.m == forward.k && extents.n == forward.n) ||
                    (extents.m == forward.n && extents.n == forward.k));
          },
          [&](unsigned i) {
            return provenance.get(op.getDpsInputs()[1 - i]).isParameter();
          });
      if (!wgrad.forwards.empty()) {
        found[op] = {TrainingRole::Wgrad, wgrad.forwards.front()};
        groupedRoles.insert(op);
        wgrads.push_back(std::move(wgrad));
        sawWgrad = true;
        continue;
      }
      if (std::optional<unsigned> weightInput = getGroupedWeightInput(op)) {
        std::string why;
        // Roles ignore the group size (the decision checks it).
        GroupedLinearMatch match =
            *matchGroupedLinear(op, *weightInput, /*groupSize=*/1, why);
        std::optional<ParameterElements> weight =
            getParameterElements(match.weight);
        Value activation = getLayoutLeaf(op.getDpsInputs()[1 - *weightInput]);
        const GroupedForward *dgradOf = nullptr;
        for (const GroupedForward &forward : groupedForwards)
          if (weight && forward.weight &&
              weight->sharesElementsWith(*forward.weight) &&
              match.experts == forward.experts && match.n == forward.k &&
              match.k == forward.n)
            dgradOf = &forward;
        groupedRoles.insert(op);
        if (dgradOf) {
          found[op] = {TrainingRole::Dgrad, dgradOf->op};
          dgradOfDy[activation] = dgradOf->op;
        } else {
          groupedForwards.push_back({op, activation, weight, match.experts,
                                     match.tokens, match.n, match.k});
          found[op] = {TrainingRole::Fprop, nullptr};
        }
        continue;
      }
    }
    if (extents.isStatic() && extents.batch == 1 && op.getNumDpsInputs() == 2)
      findWgradForwards(
          forwards,
          [&](const Forward &forward) {
            return extents.k == forward.m &&
                   ((extents.m == forward.n && extents.n == forward.k) ||
                    (extents.m == forward.k && extents.n == forward.n));
          },
          [](unsigned) { return false; });
    if (!wgrad.forwards.empty()) {
      found[op] = {TrainingRole::Wgrad, wgrad.forwards.front()};
      wgrads.push_back(std::move(wgrad));
      sawWgrad = true;
      continue;
    }
    if (choice.weightInput < 0)
      continue;
    // A Linear the rewrite cannot take (K not a multiple of G: a router's
    // Dgrad, K = E) still has a role: its decision follows its Fprop's.
    LinearMatchResult roleMatch = choice.match;
    if (!roleMatch && !roleMatch.weightIsBatched)
      roleMatch = matchLinear(op, choice.weightInput, /*groupSize=*/1);
    if (!roleMatch)
      continue;
    const LinearMatch &match = *roleMatch.match;
    std::optional<ParameterElements> weight =
        getParameterElements(op.getDpsInputs()[match.weightInput]);
    // A one-hot embedding contraction has a Wgrad (one_hot^T dX: the table's
    // gradient) but no Dgrad (ids have none); a head tied to its table is
    // not one.
    bool embedding = embeddingContractions.contains(op);
    const Forward *dgradOf = nullptr;
    if (weight && !embedding && !ShapedType::isDynamic(match.m))
      for (const Forward &forward : forwards)
        if (!forward.embedding && forward.weight &&
            weight->sharesElementsWith(*forward.weight) &&
            match.n == forward.k && match.k == forward.n) {
          dgradOf = &forward;
          break;
        }
    if (dgradOf) {
      found[op] = {TrainingRole::Dgrad, dgradOf->op};
      dgradOfDy[getLayoutLeaf(op.getDpsInputs()[match.activationInput])] =
          dgradOf->op;
      continue;
    }
    forwards.push_back({op,
                        getLayoutLeaf(op.getDpsInputs()[match.activationInput]),
                        weight, match.m, match.n, match.k, embedding});
    found[op] = {TrainingRole::Fprop, nullptr};
  }
  for (const WgradCandidates &wgrad : wgrads) {
    Operation *byDy = dgradOfDy.lookup(wgrad.dy);
    if (wgrad.forwards.size() > 1 && byDy &&
        llvm::is_contained(wgrad.forwards, byDy))
      found[wgrad.op].second = byDy;
    else if (wgrad.forwards.size() > 1)
      ambiguousWgrads[wgrad.op] = wgrad.forwards.size();
  }
  // Only a graph with a weight gradient is a training step: a forward graph
  // that reads one weight twice (a head tied to a one-hot embedding
  // contraction) keeps its forward rules.
  if (sawWgrad)
    roles = std::move(found);
}

void FunctionClassifier::decideBackward(ContractionRecord &record,
                                        const WeightChoice &choice,
                                        const ContractionRecord &forward) {
  std::string linear = getOpLabel(forward.op);
  if (size_t sharing = ambiguousWgrads.lookup(record.op))
    linear += llvm::formatv(" (or another of the {0} Linears reading its "
                            "input)",
                            sharing)
                  .str();
  std::string role = stringifyTrainingRole(record.role).str();
  std::string of = role + " of the " +
                   (groupedRoles.contains(forward.op) ? "experts" : "Linear") +
                   " at " + linear;
  StringRef forceRetain = config.forceRetain.findMatch(record.op);
  if (!forceRetain.empty())
    return retain(record, RetainReason::user,
                  "force-retain matched '" + forceRetain + "'");
  // The recipe keeps the backward of a retained component (head, router,
  // embedding, attention) in high precision too.
  StringRef forwardReason = forward.reason;
  forwardReason.consume_front("fprop: ");
  if (forward.decision == ContractionDecision::Retain)
    return retain(record, forward.retainReason,
                  of + ", which is retained (" + forwardReason + ")");
  if (forward.decision == ContractionDecision::Unquantized) {
    record.reason = of + ", which stays unquantized";
    return;
  }
  if (forward.grouped)
    return decideExpertBackward(record, forward, of);
  if (record.role == TrainingRole::Dgrad) {
    if (!choice.match) {
      record.reason = of + ": " + choice.match.reason;
      return;
    }
    // The forward's GxG weight blocks transpose exactly: the same scales,
    // the same codes, whichever layout is quantized. By default the Dgrad
    // reads them (fp8q.block_transpose); otherwise it quantizes the weight
    // again, which gives the same codes, and the reason says why.
    record.extents = getContractionExtents(record.op, choice.weightInput);
    const LinearMatch &match = *choice.match.match;
    std::string why = getForwardWeightMismatch(config, match, forward);
    record.reuseForwardWeight = why.empty();
    std::string weightFrom =
        why.empty()
            ? llvm::formatv("the Fprop's {0}x{0} blocks through "
                            "fp8q.block_transpose",
                            config.groupSize)
                  .str()
            : llvm::formatv(
                  "quantized {0} again ({1})",
                  match.weightIsKxN ? "[K, N] with transpose" : "[N, K]", why)
                  .str();
    return quantizeLinear(record, match, of + ": ", weightFrom);
  }
  // Wgrad: the operand holding the forward's activation X takes the place
  // of the weight: [T, K] (or [K, T]) quantized in 1x128 tiles along the
  // tokens T (128x1 tiles of X, transposed), like dY^T on the other side.
  const LinearMatch &forwardMatch = *forward.linear;
  Value activation =
      getLayoutLeaf(forward.op->getOperand(forwardMatch.activationInput));
  int xInput = -1;
  for (auto [i, input] : llvm::enumerate(record.op.getDpsInputs()))
    if (getLayoutLeaf(input) == activation)
      xInput = i;
  LinearMatchResult match =
      xInput < 0 ? LinearMatchResult{std::nullopt, "no operand holds X", false}
                 : matchLinear(record.op, xInput, config.groupSize);
  if (!match) {
    record.reason = of + " (dY^T X over the tokens): " + match.reason;
    return;
  }
  record.extents = getContractionExtents(record.op, xInput);
  record.decision = ContractionDecision::Quantize;
  record.linear = *match.match;
  record.pow2Activation = usesPow2Scales(*match.match);
  record.reason =
      llvm::formatv("{0}: dY^T X over the "
                    "T = {1} tokens, both operands in 1x{2} tiles "
                    "along T (X {3}){4}",
                    of, match.match->k, config.groupSize,
                    match.match->weightIsKxN ? "[T, K]: 128x1 tiles, transposed"
                                             : "[K, T]",
                    record.pow2Activation ? "; pow2 dY scales" : "")
          .str();
}

std::optional<unsigned>
FunctionClassifier::getGroupedWeightInput(linalg::LinalgOp op) {
  for (unsigned weightInput : {1u, 0u}) {
    const Provenance &weight = provenance.get(op.getDpsInputs()[weightInput]);
    const Provenance &activation =
        provenance.get(op.getDpsInputs()[1 - weightInput]);
    std::string why;
    if (weight.isParameter() && activation.isActivation() &&
        succeeded(matchGroupedLinear(op, weightInput, /*groupSize=*/1, why)))
      return weightInput;
  }
  return std::nullopt;
}

void FunctionClassifier::decideExpertBackward(ContractionRecord &record,
                                              const ContractionRecord &forward,
                                              const std::string &of) {
  if (record.role == TrainingRole::Dgrad) {
    // dX[e] = dY[e] W[e]^T: a grouped GEMM on the stacked weight read
    // transposed, quantized like the forward (its own 128x128 blocks).
    std::optional<unsigned> weightInput = getGroupedWeightInput(record.op);
    if (!weightInput) {
      record.reason = of + ": no stacked weight operand";
      return;
    }
    return quantizeGrouped(record, *weightInput, of + ": ");
  }
  // dW[e] = X[e]^T dY[e] over the tokens: both operands in 1xG tiles along
  // T, one Wgrad GEMM per expert; never weight blocks on activations.
  std::string why;
  FailureOr<GroupedWgradMatch> match =
      matchGroupedWgrad(record.op, config.groupSize, why);
  if (failed(match)) {
    record.reason = of + " (dW[e] = X[e]^T dY[e] over the tokens): " + why;
    return;
  }
  // Which side is the forward's X (the other is dY).
  Value x =
      getLayoutLeaf(forward.op->getOperand(forward.grouped->activationInput));
  bool xIsA = getLayoutLeaf(record.op.getDpsInputs()[match->aInput]) == x;
  GroupedWgradOperand &xSide = xIsA ? match->a : match->b;
  const GroupedWgradOperand &dySide = xIsA ? match->b : match->a;
  // The recipe caches the forward's FP8 X for the backward: where the
  // Wgrad reads the very [E, T, K] tensor the grouped Fprop quantized, its
  // 1xG codes of [E*T, K] become the [K, E*T] Gx1 tiles the Wgrad slices
  // (T is a multiple of G: no tile straddles two experts).
  xSide.fromForwardCodes =
      config.wgradActivation == WgradActivation::Cached && xSide.perExpert &&
      !xSide.tokensLast &&
      xSide.source == forward.op->getOperand(forward.grouped->activationInput);
  record.decision = ContractionDecision::Quantize;
  record.groupedWgrad = *match;
  record.extents = getContractionExtents(record.op);
  auto describe = [&](const GroupedWgradOperand &operand) {
    if (operand.fromForwardCodes)
      return llvm::formatv("[E, T, .]: the Fprop's 1x{0} codes through "
                           "fp8q.tile_transpose, sliced per expert",
                           config.groupSize)
          .str();
    std::string tiles =
        operand.tokensLast
            ? llvm::formatv("1x{0} tiles", config.groupSize).str()
            : llvm::formatv("{0}x1 tiles, transposed", config.groupSize).str();
    if (!operand.perExpert)
      return llvm::formatv("{0} shared by all experts, quantized once ({1})",
                           operand.tokensLast ? "[., T]" : "[T, .]", tiles)
          .str();
    return llvm::formatv("{0}, one quantization sliced per expert ({1})",
                         operand.tokensLast ? "[E, ., T]" : "[E, T, .]", tiles)
        .str();
  };
  record.reason =
      llvm::formatv("{0}: dW[e] = X[e]^T dY[e] over the T = {1} tokens, {2} "
                    "experts, both operands in 1x{3} tiles along T (X {4}; "
                    "dY {5}), one Wgrad GEMM per expert",
                    of, match->tokens, match->experts, config.groupSize,
                    describe(xSide), describe(dySide))
          .str();
}

void FunctionClassifier::addRetainedOp(Operation *op, RetainReason reason) {
  if (op->hasAttr(Fp8qDialect::kRetainAttrName) ||
      !retainedOps.insert(op).second)
    return;
  result.retainedOps.push_back({op, reason});
}

void FunctionClassifier::findAttentionSoftmax() {
  for (Operation *scores : attention) {
    SmallVector<Operation *> reached;
    walkDownstream(scores, kMaxAttentionWalk, [&](Operation *op) {
      if (op != scores && attention.contains(op))
        reached.push_back(op);
      return false;
    });
    for (Operation *pv : reached)
      for (Operation *op : findComputeOpsBetween(scores, pv, kMaxAttentionWalk))
        addRetainedOp(op, RetainReason::attention);
  }
}

FunctionAnalysis FunctionClassifier::run() {
  SmallVector<linalg::LinalgOp> contractions;
  func->walk([&](linalg::LinalgOp op) {
    if (isContraction(op))
      contractions.push_back(op);
  });

  for (Operation *op : findNormalizationOps(func))
    norms.insert(op);
  for (Value table : tablesFromCalls)
    tables.push_back({table, getParameterElements(table)});
  for (const EmbeddingLookup &lookup : findEmbeddingLookups(func)) {
    hasEmbedding = true;
    if (isContraction(lookup.op))
      embeddingContractions.insert(lookup.op);
    else
      addRetainedOp(lookup.op, RetainReason::embedding);
    tables.push_back({lookup.table, getParameterElements(lookup.table)});
  }

  // The head candidates: terminal contractions with a weight; the head is
  // the one (or the ones) with the largest N, so that other graph outputs
  // (a KV cache, hidden states) are not mistaken for it.
  SmallVector<WeightChoice> choices;
  for (linalg::LinalgOp op : contractions)
    choices.push_back(chooseWeight(op));
  findTrainingRoles(contractions, choices);
  llvm::DenseSet<Operation *> terminalAll = findTerminalContractions(func);
  for (auto [op, choice] : llvm::zip(contractions, choices)) {
    // Gradients are results of a training step, not output heads.
    auto role = roles.find(op);
    if (choice.weightInput < 0 ||
        (role != roles.end() && role->second.first != TrainingRole::Fprop))
      continue;
    ContractionExtents extents = getContractionExtents(op, choice.weightInput);
    if (!ShapedType::isDynamic(extents.n))
      maxN = std::max(maxN, extents.n);
    if (!terminalAll.contains(op))
      continue;
    terminal.insert(op);
    if (!ShapedType::isDynamic(extents.n))
      headN = std::max(headN, extents.n);
  }

  llvm::DenseMap<Operation *, size_t> recordIndex;
  for (auto [op, choice] : llvm::zip(contractions, choices)) {
    ContractionRecord record;
    record.op = op;
    record.extents = getContractionExtents(op);
    auto role = roles.find(op);
    if (role != roles.end()) {
      record.role = role->second.first;
      record.fprop = role->second.second;
    }
    if (record.fprop) {
      decideBackward(record, choice,
                     result.contractions[recordIndex.lookup(record.fprop)]);
    } else {
      decide(record, choice);
      if (record.role == TrainingRole::Fprop)
        record.reason = "fprop: " + record.reason;
    }
    recordIndex[op] = result.contractions.size();
    LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << getOpLabel(op) << ": "
                            << record.reason << "\n");
    result.contractions.push_back(std::move(record));
  }

  for (Operation *op : norms) {
    addRetainedOp(op, RetainReason::norm);
    if (isRootLike(op))
      ++result.numNormalizations;
  }
  findAttentionSoftmax();
  return std::move(result);
}
} // namespace

StringRef fp8q::stringifyTrainingRole(TrainingRole role) {
  switch (role) {
  case TrainingRole::None:
    return "";
  case TrainingRole::Fprop:
    return "fprop";
  case TrainingRole::Dgrad:
    return "dgrad";
  case TrainingRole::Wgrad:
    return "wgrad";
  }
  llvm_unreachable("unknown training role");
}

FunctionAnalysis fp8q::analyzeFunction(FunctionOpInterface func,
                                       const QuantizeModelConfig &config,
                                       const CallGraphTables *calls) {
  FunctionClassifier classifier(func, config);
  if (calls) {
    auto it = calls->tables.find(func);
    if (it != calls->tables.end())
      classifier.addTablesFromCalls(it->second);
    if (calls->callsLookup.contains(func))
      classifier.setCallsLookup();
  }
  return classifier.run();
}

CallGraphTables fp8q::findEmbeddingTablesAcrossCalls(Operation *root) {
  CallGraphTables result;
  SmallVector<FunctionOpInterface> functions;
  root->walk([&](FunctionOpInterface func) {
    if (!func.isExternal())
      functions.push_back(func);
  });
  // Every table value per function: its own lookups' and those from calls.
  llvm::DenseMap<Operation *, SmallVector<Value, 2>> all;
  llvm::DenseSet<Operation *> hasLookup;
  for (FunctionOpInterface func : functions)
    for (const EmbeddingLookup &lookup : findEmbeddingLookups(func)) {
      all[func].push_back(lookup.table);
      hasLookup.insert(func);
    }
  // A value passed down holds a table when all its elements are a table's:
  // a flat parameter passed whole holds a table sliced out of it only in
  // part, and its other slices (the Linear weights) are not tied.
  auto holdsTable = [&](Operation *func, Value value) {
    std::optional<ParameterElements> elements = getParameterElements(value);
    return llvm::any_of(all[func], [&](Value table) {
      if (table == value)
        return true;
      std::optional<ParameterElements> tableElements =
          getParameterElements(table);
      return elements && tableElements && elements->isWithin(*tableElements);
    });
  };
  auto add = [&](Operation *func, Value value) {
    if (llvm::is_contained(all[func], value))
      return false;
    all[func].push_back(value);
    result.tables[func].push_back(value);
    return true;
  };

  // Each round moves tables one call edge; a call graph of n functions
  // settles within n + 1 rounds (the bound guards against mistakes).
  bool changed = true;
  for (size_t round = 0; changed && round <= functions.size() + 1; ++round) {
    changed = false;
    for (FunctionOpInterface func : functions) {
      func->walk([&](CallOpInterface call) {
        auto callee =
            dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
        if (!callee || callee.isExternal())
          return;
        Block &entry = callee.getFunctionBody().front();
        auto operands = call.getArgOperands();
        // Up: the callee looks up (or passes on) what the caller gives it.
        if ((hasLookup.contains(callee) ||
             result.callsLookup.contains(callee)) &&
            result.callsLookup.insert(func).second)
          changed = true;
        for (Value table : SmallVector<Value, 2>(all[callee])) {
          std::optional<ParameterElements> elements =
              getParameterElements(table);
          // Only a table that is the whole argument moves up: for a slice
          // of it, the caller's operand holds more than the table (a flat
          // parameter), and the slice has no value in the caller.
          if (!elements || !getSelectingSteps(elements->steps).empty())
            continue;
          auto arg = dyn_cast<BlockArgument>(elements->leaf);
          if (arg && arg.getOwner() == &entry &&
              arg.getArgNumber() < operands.size())
            changed |= add(func, operands[arg.getArgNumber()]);
        }
        // Down: the caller passes a table as an argument.
        for (auto [i, operand] : llvm::enumerate(operands))
          if (i < entry.getNumArguments() && holdsTable(func, operand))
            changed |= add(callee, entry.getArgument(i));
      });
    }
  }
  return result;
}

bool fp8q::isZeroInit(Value init) {
  if (init.getDefiningOp<tensor::EmptyOp>())
    return true;
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    return matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
  return matchPattern(init, m_AnyZeroFloat());
}
