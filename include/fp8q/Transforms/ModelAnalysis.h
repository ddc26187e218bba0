//===- ModelAnalysis.h - Linear layers, retained parts ----------*- C++ -*-===//
//
// Part of the fp8q project.
//
// Recognition half of --fp8q-quantize-model, usable without the pass: which
// contractions of a model graph are Linear layers (and how their dimensions
// collapse to one [M, K] x [N, K] GEMM), and which components the FP8 recipe
// keeps in high precision (embedding, output head, MoE gating, normalization,
// attention). Nothing here changes the IR.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TRANSFORMS_MODELANALYSIS_H
#define FP8Q_TRANSFORMS_MODELANALYSIS_H

#include "fp8q/IR/Fp8qAttrs.h"
#include "fp8q/Transforms/QuantizeModelConfig.h"
#include "fp8q/Transforms/WeightProvenance.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>

namespace mlir::fp8q {

//===----------------------------------------------------------------------===//
// Contractions and Linear layers
//===----------------------------------------------------------------------===//

/// True for a linalg op computing a contraction (linalg.matmul,
/// linalg.batch_matmul, a linalg.generic with a multiply-add body, ...), in
/// the sense of linalg::isaContractionOpInterface.
bool isContraction(Operation *op);

/// Extents of a contraction as products over its batch, M, N and K loop
/// dimensions; ShapedType::kDynamic where a factor is dynamic.
struct ContractionExtents {
  int64_t batch = 1, m = 1, n = 1, k = 1;

  bool isStatic() const;
  /// 2 * B * M * N * K, or 0 when an extent is dynamic.
  double getFlops() const;
};

/// The extents of `op` (a contraction). When `weightInput` is 0 the roles of
/// M and N are exchanged so that N is always the weight's output dimension.
ContractionExtents getContractionExtents(linalg::LinalgOp op,
                                         unsigned weightInput = 1);

/// A Linear layer: activation [.., K] times weight -> [.., N], with
/// everything the rewrite needs to express it as one 2-D GEMM.
struct LinearMatch {
  linalg::LinalgOp op;
  unsigned activationInput = 0;
  unsigned weightInput = 1;
  /// Loop dimensions folded into M, in the order of the result (this
  /// includes the batch dimensions the weight is only broadcast along).
  SmallVector<unsigned, 3> mDims;
  unsigned nDim = 0;
  unsigned kDim = 0;
  /// The weight to quantize: the weight operand seen through the
  /// broadcasts, transposes and widening casts right above the contraction;
  /// 2-D after dropping `weightUnitLeadingDims`.
  Value weight;
  /// True when `weight` is [K, N] (quantized with `transpose`), false when it
  /// is already [N, K].
  bool weightIsKxN = false;
  /// Leading dimensions of extent 1 in front of `weight`'s matrix ([1, K, N]
  /// from a TOSA constant); the rewrite collapses them away.
  unsigned weightUnitLeadingDims = 0;
  /// Static extents; M is the product over `mDims`.
  int64_t m = 0, n = 0, k = 0;
};

/// The answer of matchLinear: a match, or the reason there is none.
struct LinearMatchResult {
  std::optional<LinearMatch> match;
  std::string reason;
  /// The failure is a weight operand with real batch dimensions (a
  /// different matrix per batch: a grouped GEMM, or not a weight at all).
  bool weightIsBatched = false;

  explicit operator bool() const { return match.has_value(); }
};

/// Checks that `op` is a Linear layer with its weight in input `weightInput`
/// that the fp8q rewrite supports: one K and one N dimension, an activation
/// whose other dimensions fold into M, a weight that is 2-D up to
/// broadcasts along batch dimensions, a static weight with static K and N
/// (M may be dynamic), f32/bf16/f16 operands and result, K a multiple of
/// `groupSize`, and an M that fits in int64 (the extent product is
/// computed with overflow checks). A weight with real batch dimensions
/// fails with the grouped-GEMM reason and `weightIsBatched`.
LinearMatchResult matchLinear(linalg::LinalgOp op, unsigned weightInput,
                              int64_t groupSize);

/// A grouped expert GEMM: stacked expert weights [E, K, N] (or [E, N, K])
/// applied to a dense [E, T, K] activation (every expert sees all T tokens;
/// a top-k combine after it zeroes the unselected experts' outputs), as
/// torch-mlir exports `torch.bmm(x.expand(E, T, K), W)` / einsum experts.
/// Rewritten to fp8q.grouped_scaled_matmul in the masked layout with every
/// count T.
struct GroupedLinearMatch {
  linalg::LinalgOp op;
  unsigned activationInput = 0;
  unsigned weightInput = 1;
  /// The weight operand as is, [E, K, N] or [E, N, K].
  Value weight;
  /// True for [E, K, N] (quantized with `transpose` per expert).
  bool weightIsKxN = false;
  /// Static extents: experts, tokens per expert, N and K.
  int64_t experts = 0, tokens = 0, n = 0, k = 0;
  /// Ranks of the expert-parallel rewrite (`expert-parallel-ranks`, set by
  /// the analysis where it applies); 1: single-rank.
  int64_t ranks = 1;
};

/// True when the accumulator `init` of a contraction is all zeros (or
/// undefined, which a rewrite may read as zeros): a fill with 0, a zero
/// splat, tensor.empty.
bool isZeroInit(Value init);

/// Checks that `op` is a grouped expert GEMM with its stacked weight in
/// input `weightInput`: loops (e, t, n, k) with the maps of
/// linalg.batch_matmul, activation [E, T, K], weight [E, K, N] or
/// [E, N, K], result [E, T, N]; static extents; f32/bf16/f16; K a multiple
/// of `groupSize`, and N too for an [E, N, K] weight (its 128x128 blocks
/// are formed on [E * N, K] and must not straddle two experts). Returns the
/// match, or the reason there is none.
FailureOr<GroupedLinearMatch> matchGroupedLinear(linalg::LinalgOp op,
                                                 unsigned weightInput,
                                                 int64_t groupSize,
                                                 std::string &reason);

/// One operand of an expert Wgrad, as the rewrite quantizes it: the
/// tensor it reads through transposes and a broadcast along the experts,
/// with the tokens T and the other dimension X ([E, T, X], [E, X, T], or
/// [T, X] / [X, T] when every expert reads the same tensor).
struct GroupedWgradOperand {
  /// The tensor to quantize.
  Value source;
  /// One slice per expert ([E, ...]); false: the same tensor for all.
  bool perExpert = true;
  /// T is the last dimension of `source` ([.., X, T]: quantized 1xG as is);
  /// false for [.., T, X] (quantized Gx1 with `transpose`).
  bool tokensLast = false;
  /// The forward's X [E, T, K] as its grouped Fprop quantized it: the Wgrad
  /// reads the Fprop's 1xG codes through fp8q.tile_transpose instead of
  /// quantizing X again (`wgrad-activation=cached`; set by the analysis).
  bool fromForwardCodes = false;
};

/// The Wgrad of stacked experts: dW[e] = A[e]^T B[e] over the tokens T,
/// one [M, N] gradient per expert, result [E, M, N] (the layout of the
/// stacked weight, [E, K, N] or [E, N, K]). A gives the result's rows, B
/// its columns; one of them is the experts' forward activation X, the
/// other the dY their Dgrad reads. Rewritten per expert to the recipe's
/// Wgrad GEMM (1xG tiles along T on both operands, b_tile 1xG).
struct GroupedWgradMatch {
  linalg::LinalgOp op;
  unsigned aInput = 0, bInput = 1;
  GroupedWgradOperand a, b;
  /// Static extents: experts, tokens (the reduction), rows and columns.
  int64_t experts = 0, tokens = 0, m = 0, n = 0;
};

/// Checks that `op` is an expert Wgrad the rewrite supports: loops
/// (e, m, n, t) with one batch (expert), one reduction (token) and one
/// dimension per operand, result [E, M, N] (or [E, N, M]); each operand
/// [E, T, X] or [E, X, T] up to transposes, or a [T, X] / [X, T] tensor
/// broadcast along the experts; static extents; f32/bf16/f16; T a multiple
/// of `groupSize` (the tokens are the GEMM's K). Returns the match, or the
/// reason there is none.
FailureOr<GroupedWgradMatch>
matchGroupedWgrad(linalg::LinalgOp op, int64_t groupSize, std::string &reason);

//===----------------------------------------------------------------------===//
// Retained components
//===----------------------------------------------------------------------===//

/// An embedding lookup and the table it reads.
struct EmbeddingLookup {
  Operation *op;
  Value table;
};

/// The elements of a parameter that a tensor value holds: the value traced
/// up through single-input layout ops (slices, reshapes, transposes,
/// broadcasts, copies, float casts) to the value they start from, with the
/// ops on the way. Two values share elements (a head tied to an embedding
/// table) when they start from the same leaf and take the same slices of
/// it; layout ops after the last slice only reorder or retype those
/// elements and are not compared. So two Linear weights sliced at
/// different offsets out of one flat parameter argument are different
/// elements of the same leaf.
struct ParameterElements {
  /// The value the layout chain starts from (an argument, a constant, or the
  /// first op that is not a single-input layout op).
  Value leaf;
  /// The layout ops from `leaf` down to the value, leaf first.
  SmallVector<Operation *, 4> steps;

  /// True when `other` starts from the same leaf and one of the two holds a
  /// subset of the other's elements: the steps of one up to and including
  /// its last slice are the first steps of the other (the same op name,
  /// properties, result type and, for `tensor.extract_slice`, dynamic
  /// offsets/sizes/strides). A head reading the first V rows of a padded
  /// table shares the table's elements; two slices at different offsets do
  /// not.
  bool sharesElementsWith(const ParameterElements &other) const;
  /// True when every element this value holds is one of `other`'s: the same
  /// leaf, and `other`'s steps up to and including its last slice are the
  /// first steps of this value's (the one-sided half of
  /// sharesElementsWith). A whole flat parameter is not within a table
  /// sliced out of it.
  bool isWithin(const ParameterElements &other) const;
};

/// The parameter elements `value` holds, or std::nullopt when a layout op
/// with several data inputs (concat, insert_slice) is on the way: then
/// only the leaves can be compared.
std::optional<ParameterElements> getParameterElements(Value value);

/// Embedding lookups under `root`: `tensor.gather`, linalg ops that read
/// a tensor captured from outside their body with `tensor.extract` at
/// indices from an integer input (torch-mlir's aten.embedding), and
/// contractions of a one-hot encoding of integer ids with the table
/// (`one_hot(ids) @ table`; retained as `embedding` themselves).
SmallVector<EmbeddingLookup> findEmbeddingLookups(Operation *root);

/// Normalization ops under `root`: sum reductions that feed, before any
/// contraction, an rsqrt or sqrt (RMSNorm, LayerNorm), and those rsqrt/sqrt
/// ops, when the root's result scales a tensor close to the reduced one
/// (also when the statistics run on a widened copy: torch-mlir's f64
/// variance, a bf16 model's f32 RMSNorm).
SmallVector<Operation *> findNormalizationOps(Operation *root);

/// True when the result of `op` feeds, before any other contraction, both a
/// softmax or sigmoid (an exp) and a reduction or top-k: a MoE router.
bool feedsRouting(Operation *op);

/// The contractions of `func` from which a value reaches the function's
/// return without passing through another contraction.
llvm::DenseSet<Operation *> findTerminalContractions(FunctionOpInterface func);

/// The non-layout linalg ops on the paths from `from` to `to` (the softmax
/// between QK^T and PV), found within `limit` ops downstream of `from`.
SmallVector<Operation *> findComputeOpsBetween(Operation *from, Operation *to,
                                               unsigned limit);

//===----------------------------------------------------------------------===//
// Decisions
//===----------------------------------------------------------------------===//

/// What happens to one contraction.
enum class ContractionDecision { Quantize, Retain, Unquantized };

/// The GEMM of a Linear layer a contraction of a training step's joint graph
/// (forward and backward in one function) computes, for Y = X W^T:
/// Fprop Y = X W^T, Dgrad dX = dY W (the same weight, contracted over its
/// output dimension), Wgrad dW = dY^T X (the forward's activation,
/// contracted over the tokens). Stacked experts have the same roles, per
/// expert (grouped Fprop and Dgrad, Wgrad dW[e] = X[e]^T dY[e]). None
/// outside joint graphs: roles are assigned only in a function with at
/// least one Wgrad.
enum class TrainingRole { None, Fprop, Dgrad, Wgrad };

/// "fprop", "dgrad", "wgrad" (empty for None).
StringRef stringifyTrainingRole(TrainingRole role);

/// The decision for one contraction and its reason.
struct ContractionRecord {
  linalg::LinalgOp op;
  ContractionExtents extents;
  ContractionDecision decision = ContractionDecision::Unquantized;
  /// Retain: the reason recorded in `fp8q.retain`.
  RetainReason retainReason = RetainReason::user;
  /// Retain: the op carried `fp8q.retain` in the input already.
  bool preRetained = false;
  /// A one-line explanation (the report's reason column; for Unquantized
  /// also the value of `fp8q.unquantized`).
  std::string reason;
  /// Quantize: the Linear layer, or the grouped expert GEMM.
  std::optional<LinearMatch> linear;
  std::optional<GroupedLinearMatch> grouped;
  /// Quantize: the Wgrad of stacked experts.
  std::optional<GroupedWgradMatch> groupedWgrad;
  /// Quantize: quantize the activation with power-of-two scales.
  bool pow2Activation = false;
  /// In a joint graph: the GEMM this contraction is, and (Dgrad, Wgrad) the
  /// Fprop contraction of its Linear layer.
  TrainingRole role = TrainingRole::None;
  Operation *fprop = nullptr;
  /// Dgrad (Quantize): read the Fprop's GxG weight codes through
  /// `fp8q.block_transpose` instead of quantizing the weight again
  /// (decided by the analysis, which states why not in the reason).
  bool reuseForwardWeight = false;
};

/// A non-contraction op kept in high precision.
struct RetainedOp {
  Operation *op;
  RetainReason reason;
};

/// Everything the quantizer decided about one function.
struct FunctionAnalysis {
  SmallVector<ContractionRecord, 0> contractions;
  SmallVector<RetainedOp> retainedOps;
  /// Normalizations found (one per rsqrt/sqrt op: a LayerNorm or RMSNorm).
  int64_t numNormalizations = 0;
};

/// Embedding tables seen across calls (a model split into functions: the
/// lookup in one, the tied head in another).
struct CallGraphTables {
  /// Per function: values of its body that hold an embedding table because
  /// of a call. Call operands passed where the callee looks them up (or
  /// passes them on to a lookup), and entry arguments through which a
  /// caller passes a table.
  llvm::DenseMap<Operation *, SmallVector<Value, 2>> tables;
  /// Functions that call, directly or not, a function with a lookup: their
  /// graph starts from token ids as much as one with the lookup inline.
  llvm::DenseSet<Operation *> callsLookup;
};

/// Propagates the embedding tables of the functions under `root` along
/// their calls (func.call and any CallOpInterface op resolving to a
/// function with a body) until nothing changes.
CallGraphTables findEmbeddingTablesAcrossCalls(Operation *root);

/// Classifies every contraction of `func` (quantize, retain with a reason,
/// or leave unquantized with a reason) and finds the retained
/// non-contraction ops, following the rules of docs/QuantizeModel.md.
/// `calls` (from findEmbeddingTablesAcrossCalls on the module) adds the
/// tables seen through calls; without it only `func`'s own lookups count.
FunctionAnalysis analyzeFunction(FunctionOpInterface func,
                                 const QuantizeModelConfig &config,
                                 const CallGraphTables *calls = nullptr);

} // namespace mlir::fp8q

#endif // FP8Q_TRANSFORMS_MODELANALYSIS_H
