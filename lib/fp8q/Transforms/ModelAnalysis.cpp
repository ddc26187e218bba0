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
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
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
/// the normalized tensor with it (a broadcast and a multiply, typically).
constexpr unsigned kMaxNormScaleWalk = 8;
/// Ops looked at downstream of QK^T for the PV contraction.
constexpr unsigned kMaxAttentionWalk = 64;

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

/// The product of `extents` at `dims`, kDynamic if one is dynamic.
int64_t productOf(ArrayRef<int64_t> extents, ArrayRef<unsigned> dims) {
  int64_t product = 1;
  for (unsigned d : dims) {
    if (ShapedType::isDynamic(extents[d]))
      return ShapedType::kDynamic;
    product *= extents[d];
  }
  return product;
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

bool hasBatchDims(const PeeledWeight &weight) {
  return llvm::is_contained(weight.dims, WeightDim::Batch);
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
  if (hasBatchDims(weight))
    return fail("weight has batch dimensions that are not a broadcast (one "
                "matrix per batch)",
                /*batched=*/true);
  if (weight.dims.size() != 2)
    return fail("weight is not 2-D after its broadcasts");
  match.weight = weight.value;
  match.weightIsKxN = weight.dims.front() == WeightDim::K;

  // Types and shapes the fp8q ops accept.
  Value activation = op.getDpsInputs()[match.activationInput];
  auto actType = dyn_cast<RankedTensorType>(activation.getType());
  auto weightType = dyn_cast<RankedTensorType>(weight.value.getType());
  auto outType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!actType || !weightType || !outType)
    return fail("unranked operands");
  for (RankedTensorType type : {actType, weightType, outType})
    if (!type.hasStaticShape())
      return fail("dynamic shape " + typeText(type));
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
  match.m = productOf(ranges, match.mDims);
  match.n = ranges[match.nDim];
  match.k = ranges[match.kDim];
  if (match.k % groupSize != 0)
    return fail(llvm::formatv("K ({0}) is not a multiple of the group size "
                              "{1}",
                              match.k, groupSize));
  result.match = std::move(match);
  return result;
}

//===----------------------------------------------------------------------===//
// Retained components
//===----------------------------------------------------------------------===//

SmallVector<EmbeddingLookup> fp8q::findEmbeddingLookups(Operation *root) {
  SmallVector<EmbeddingLookup> lookups;
  root->walk([&](Operation *op) {
    if (auto gather = dyn_cast<tensor::GatherOp>(op)) {
      lookups.push_back({op, gather.getSource()});
      return;
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

/// True when `a` is `x` up to one computing step in either direction or two
/// steps up from `a`: `x`, `x * x` (the variance input), `x - mean(x)`.
bool isNear(Value a, Value x) {
  if (a == x || llvm::is_contained(getProducerInputs(a), x) ||
      llvm::is_contained(getProducerInputs(x), a))
    return true;
  return llvm::any_of(getProducerInputs(a), [&](Value up) {
    return llvm::is_contained(getProducerInputs(up), x);
  });
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
///   3. no operand is a weight: both activations  -> retain (attention)
///                              otherwise         -> unquantized (unknown)
///   4. unless `force-quantize`: weight tied to an embedding table, or the
///      final projection of a graph with an embedding -> retain (output_head);
///      N <= gating-max-outputs feeding softmax/sigmoid + reduction/top-k
///                                                -> retain (gating)
///   5. matchLinear fails                         -> unquantized (its reason)
///   6.                                           -> quantize
class FunctionClassifier {
public:
  FunctionClassifier(FunctionOpInterface func,
                     const QuantizeModelConfig &config)
      : func(func), config(config) {}

  FunctionAnalysis run();

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
  void retain(ContractionRecord &record, RetainReason reason, const Twine &why);
  void addRetainedOp(Operation *op, RetainReason reason);
  void findAttentionSoftmax();

  FunctionOpInterface func;
  const QuantizeModelConfig &config;
  WeightProvenance provenance;
  FunctionAnalysis result;
  llvm::DenseSet<Operation *> retainedOps;
  /// Leaves of the embedding tables (a head tied to one is retained).
  llvm::DenseSet<Value> tableLeaves;
  bool hasEmbedding = false;
  /// Terminal contractions with a weight and the largest N among them.
  llvm::DenseSet<Operation *> terminal;
  int64_t headN = -1;
  /// Contractions retained as attention, in program order.
  llvm::SetVector<Operation *> attention;
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
  for (const ParameterLeaf &leaf : provenance.get(weight).leaves)
    if (tableLeaves.contains(leaf.value)) {
      retain(record, RetainReason::output_head,
             "weight tied to an embedding table (" +
                 provenance.describe(weight) + ")");
      return true;
    }
  if (hasEmbedding && terminal.contains(op) && record.extents.n == headN) {
    retain(record, RetainReason::output_head,
           "final projection of a graph with an embedding lookup");
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

  if (choice.weightInput < 0) {
    auto inputs = record.op.getDpsInputs();
    const Provenance &lhs = provenance.get(inputs[0]);
    const Provenance &rhs = provenance.get(inputs[1]);
    const Provenance &unknown = rhs.isUnknown() ? rhs : lhs;
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
  if (!choice.match) {
    record.reason = choice.match.reason;
    return;
  }
  const LinearMatch &match = *choice.match.match;
  Value weight = record.op.getDpsInputs()[match.weightInput];
  record.decision = ContractionDecision::Quantize;
  record.linear = match;
  record.pow2Activation = usesPow2Scales(match);
  record.reason =
      llvm::formatv("{0}weight {1}, quantized {2}{3}",
                    forced ? "force-quantize: " : "",
                    provenance.describe(weight),
                    match.weightIsKxN ? "[K, N] with transpose" : "[N, K]",
                    record.pow2Activation ? "; pow2 activation scales" : "")
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

  for (const EmbeddingLookup &lookup : findEmbeddingLookups(func)) {
    hasEmbedding = true;
    addRetainedOp(lookup.op, RetainReason::embedding);
    for (const ParameterLeaf &leaf : provenance.get(lookup.table).leaves)
      tableLeaves.insert(leaf.value);
  }

  // The head candidates: terminal contractions with a weight; the head is
  // the one (or the ones) with the largest N, so that other graph outputs
  // (a KV cache, hidden states) are not mistaken for it.
  SmallVector<WeightChoice> choices;
  llvm::DenseSet<Operation *> terminalAll = findTerminalContractions(func);
  for (linalg::LinalgOp op : contractions) {
    choices.push_back(chooseWeight(op));
    if (choices.back().weightInput < 0 || !terminalAll.contains(op))
      continue;
    terminal.insert(op);
    int64_t n = getContractionExtents(op, choices.back().weightInput).n;
    if (!ShapedType::isDynamic(n))
      headN = std::max(headN, n);
  }

  for (auto [op, choice] : llvm::zip(contractions, choices)) {
    ContractionRecord record;
    record.op = op;
    record.extents = getContractionExtents(op);
    decide(record, choice);
    LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << getOpLabel(op) << ": "
                            << record.reason << "\n");
    result.contractions.push_back(std::move(record));
  }

  for (Operation *op : findNormalizationOps(func))
    addRetainedOp(op, RetainReason::norm);
  findAttentionSoftmax();
  return std::move(result);
}
} // namespace

FunctionAnalysis fp8q::analyzeFunction(FunctionOpInterface func,
                                       const QuantizeModelConfig &config) {
  return FunctionClassifier(func, config).run();
}
