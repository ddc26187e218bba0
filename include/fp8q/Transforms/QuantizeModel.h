//===- QuantizeModel.h - Linear layers of a model graph to FP8 --*- C++ -*-===//
//
// Part of the fp8q project.
//
// Rewrite half of --fp8q-quantize-model, usable without the pass: one Linear
// layer to quantize + scaled_matmul, a whole module following the decisions
// of ModelAnalysis.h, and the report of what was done.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TRANSFORMS_QUANTIZEMODEL_H
#define FP8Q_TRANSFORMS_QUANTIZEMODEL_H

#include "fp8q/IR/Fp8qAttrs.h"
#include "fp8q/Transforms/ModelAnalysis.h"
#include "fp8q/Transforms/QuantizeModelConfig.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <tuple>

namespace mlir::fp8q {

//===----------------------------------------------------------------------===//
// Rewriting one Linear layer
//===----------------------------------------------------------------------===//

/// `fp8q.quantize` results shared by every Linear layer that quantizes the
/// same value the same way: a weight used by several layers, or one
/// activation feeding the Q, K and V projections, is quantized once, right
/// after its definition.
class QuantizedOperandCache {
public:
  /// The codes and scales of the 2-D `source` quantized with `tile`,
  /// `mode`, `transpose` and `scaleLayout`, created on first use right after
  /// the definition of `source`.
  std::pair<Value, Value>
  getOrCreate(OpBuilder &builder, Value source, TileAttr tile, ScaleMode mode,
              bool transpose, ScaleLayout scaleLayout = ScaleLayout::k_major);

  /// `value` permuted by `permutation` and collapsed to 2-D [rows, last],
  /// created on first use right after the definition of `value`.
  Value getOrCreate2D(OpBuilder &builder, Value value,
                      ArrayRef<int64_t> permutation);

  /// The quantized activation of a rewritten Fprop: the 2-D [M, K] value it
  /// quantized, its codes and its scales (what a Wgrad of the same Linear
  /// reads as its cached X).
  struct ForwardActivation {
    Value activation, codes, scales;
    ScaleMode mode;
  };
  void setForwardActivation(Operation *fprop, ForwardActivation activation) {
    forwardActivations[fprop] = activation;
  }
  std::optional<ForwardActivation> getForwardActivation(Operation *fprop) const {
    auto it = forwardActivations.find(fprop);
    if (it == forwardActivations.end())
      return std::nullopt;
    return it->second;
  }

  /// The quantized weight of a rewritten Fprop (GxG blocks, [N, K]): what
  /// a Dgrad of the same Linear reads through fp8q.block_transpose.
  struct ForwardWeight {
    Value codes, scales;
  };
  void setForwardWeight(Operation *fprop, ForwardWeight weight) {
    forwardWeights[fprop] = weight;
  }
  std::optional<ForwardWeight> getForwardWeight(Operation *fprop) const {
    auto it = forwardWeights.find(fprop);
    if (it == forwardWeights.end())
      return std::nullopt;
    return it->second;
  }

  /// `fp8q.block_transpose` of a forward weight's GxG codes and scales,
  /// created on first use right after their quantize (which dominates
  /// every use of the weight): one per weight, shared by its Dgrads.
  std::pair<Value, Value> getOrCreateBlockTranspose(OpBuilder &builder,
                                                    const ForwardWeight &w,
                                                    int64_t groupSize);

  /// `fp8q.tile_transpose` of a cached activation (1xG codes to Gx1 tiles,
  /// the forward's scale mode), created before `user` on first use: the
  /// Wgrads of Linears that share an input (q, k, v) share it.
  std::pair<Value, Value> getOrCreateTileTranspose(OpBuilder &builder,
                                                   Operation *user,
                                                   const ForwardActivation &x,
                                                   int64_t groupSize);

private:
  /// Sets the insertion point right after the definition of `value`.
  void setInsertionPointAfterDefinition(OpBuilder &builder, Value value);

  /// The last quantization placed at the start of a block (for arguments).
  llvm::DenseMap<Block *, Operation *> lastAtBlockStart;
  llvm::DenseMap<std::tuple<Value, Attribute, unsigned>,
                 std::pair<Value, Value>>
      quantized;
  llvm::DenseMap<std::pair<Value, Attribute>, Value> reshaped;
  llvm::DenseMap<Operation *, ForwardActivation> forwardActivations;
  llvm::DenseMap<Value, std::pair<Value, Value>> tileTransposed;
  llvm::DenseMap<Operation *, ForwardWeight> forwardWeights;
  llvm::DenseMap<Value, std::pair<Value, Value>> blockTransposed;
};

/// Replaces the Linear layer of `record` (a Quantize decision) with
///
///   activation -> [transpose] -> [collapse to M x K] -> quantize 1xG
///   weight [N, K] or [K, N]    -> quantize GxG (transpose for [K, N]);
///                                 a Dgrad: block_transpose of its Fprop's
///                                 (record.reuseForwardWeight)
///   scaled_matmul (accumulate into the original init unless it is zero)
///   -> [convert element type] -> [expand] -> [transpose] -> old result
///
/// and returns the new result. Bias and epilogue ops are not touched; the
/// consumers see the original type. `record` must come from analyzeFunction
/// on the current IR (all checks happen there; this only builds).
Value quantizeLinear(RewriterBase &rewriter, const ContractionRecord &record,
                     const QuantizeModelConfig &config,
                     QuantizedOperandCache &cache);

/// Rewrites the grouped expert GEMM of `record` (`record.grouped`) into
/// fp8q.grouped_scaled_matmul, masked layout, every count T (dense
/// experts):
///
/// * the stacked weight [E, K, N] is collapsed to [E*K, N] and quantized in
///   GxG blocks with `transpose` (K is a multiple of G, so no block
///   straddles two experts), the [N, E*K] codes and [ceil(N/G), E*K/G]
///   scales reshaped and transposed to [E, N, K] and [E, ceil(N/G), K/G];
///   an [E, N, K] weight is collapsed to [E*N, K] (N a multiple of G) and
///   its results only reshaped;
/// * the activation [E, T, K] is collapsed to [E*T, K], quantized in 1xG
///   tiles (shared with other users, like a Linear's) and reshaped to
///   [E, T, K] / [E, T, K/G];
/// * a nonzero accumulator is kept with `accumulate`; the result is
///   converted back to the original element type.
Value quantizeGroupedLinear(RewriterBase &rewriter,
                            const ContractionRecord &record,
                            const QuantizeModelConfig &config,
                            QuantizedOperandCache &cache);

/// Rewrites the Wgrad of stacked experts of `record` (`record.groupedWgrad`)
/// into one recipe Wgrad GEMM per expert:
///
/// * each operand in 1xG tiles along the tokens T: an [E, T, X] tensor
///   collapsed to [E*T, X] and quantized Gx1 with `transpose` ([X, E*T]
///   codes, expert e in columns e*T ..), an [E, X, T] one collapsed to
///   [E*X, T] and quantized 1xG (expert e in rows e*X ..), a tensor every
///   expert reads (the forward's X broadcast to the experts) quantized once
///   and used whole; one quantization per operand, shared like a Linear's;
/// * per expert e: tensor.extract_slice of the codes and scales,
///   fp8q.scaled_matmul with `b_tile = 1xG` ([M, T] x [N, T] -> [M, N],
///   `accumulate` into the init's slice e when the init is not zero), the
///   result converted to the original element type and inserted at
///   [e, 0, 0] of the [E, M, N] result.
Value quantizeGroupedWgrad(RewriterBase &rewriter,
                           const ContractionRecord &record,
                           const QuantizeModelConfig &config,
                           QuantizedOperandCache &cache);

//===----------------------------------------------------------------------===//
// Whole modules and the report
//===----------------------------------------------------------------------===//

/// One row of the report: what happened to one contraction.
struct QuantizeModelReportRow {
  std::string function;
  std::string location;
  std::string opName;
  ContractionExtents extents;
  ContractionDecision decision;
  RetainReason retainReason;
  std::string reason;
  /// The contraction's location (for diagnostics).
  LocationAttr loc;
};

/// What quantizeModel did, for printQuantizeModelReport.
struct QuantizeModelReport {
  int64_t groupSize = 128;
  GemmOutputType outputType = GemmOutputType::F32;
  SmallVector<QuantizeModelReportRow> rows;
  /// Retained non-contraction ops per reason.
  std::map<RetainReason, int64_t> retainedOps;
  /// Normalizations (LayerNorm, RMSNorm) among the `norm` ops.
  int64_t normalizations = 0;

  int64_t getNumQuantized() const;
  /// The rows left unquantized (the user asked for none of them: forced
  /// retention is `retained(user)`).
  SmallVector<const QuantizeModelReportRow *> getUnquantized() const;
  /// Percentage of the static contraction FLOPs that run in FP8.
  double getFp8FlopPercentage() const;
};

/// Runs analyzeFunction on every function-like op under `root`, rewrites the
/// Quantize decisions with quantizeLinear, marks retained ops with
/// `fp8q.retain` and unquantized contractions with `fp8q.unquantized`, and
/// removes the layout ops the rewrite left dead. The IR stays valid whatever
/// the input; nothing outside function bodies changes.
QuantizeModelReport quantizeModel(Operation *root,
                                  const QuantizeModelConfig &config);

/// Emits one warning when contractions were left unquantized for a reason
/// the user did not ask for (dynamic K, a grouped GEMM, an unknown
/// operand, ...): at the first such contraction, with the count and the
/// first reason. Nothing when every contraction was quantized or retained.
void warnUnquantized(const QuantizeModelReport &report);

/// Prints `report` (format in docs/QuantizeModel.md): a header, one
/// `|`-separated row per contraction, the retained non-contraction ops, and
/// the summary `quantized X of Y contractions, Z% of contraction FLOPs in
/// FP8`.
void printQuantizeModelReport(llvm::raw_ostream &os,
                              const QuantizeModelReport &report);

} // namespace mlir::fp8q

#endif // FP8Q_TRANSFORMS_QUANTIZEMODEL_H
