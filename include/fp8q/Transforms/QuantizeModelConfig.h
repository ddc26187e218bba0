//===- QuantizeModelConfig.h - settings of fp8q-quantize-model --*- C++ -*-===//
//
// Part of the fp8q project.
//
// The validated settings of the model quantizer, built once from the pass
// options (or filled in directly by an embedding compiler), and the
// location/name patterns users select ops with.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TRANSFORMS_QUANTIZEMODELCONFIG_H
#define FP8Q_TRANSFORMS_QUANTIZEMODELCONFIG_H

#include "fp8q/IR/Fp8qAttrs.h"
#include "fp8q/Transforms/Passes.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::fp8q {

//===----------------------------------------------------------------------===//
// Op names and patterns
//===----------------------------------------------------------------------===//

/// The texts a user can select `op` by: every location it carries
/// (`file:line:col` of file locations, the name of every `NameLoc`, looking
/// through fused and call-site locations) and its `name` string attribute.
SmallVector<std::string, 2> getOpSelectionKeys(Operation *op);

/// A short, stable label for `op` in reports: its first `NameLoc` name, else
/// `basename:line:col` of its first file location, else its `name`
/// attribute, else "<unknown>".
std::string getOpLabel(Operation *op);

/// A list of regular expressions (llvm::Regex syntax, searched anywhere in
/// the text) selecting ops by their selection keys.
class OpPatternList {
public:
  OpPatternList() = default;

  /// Compiles `patterns`; on a malformed pattern returns failure and
  /// describes it in `error`.
  static FailureOr<OpPatternList> parse(ArrayRef<std::string> patterns,
                                        std::string &error);

  /// The first pattern matching one of `op`'s selection keys, or an empty
  /// string when none does.
  StringRef findMatch(Operation *op) const;
  /// True when a pattern matches one of `op`'s selection keys.
  bool matches(Operation *op) const { return !findMatch(op).empty(); }
  bool empty() const { return patterns.empty(); }

private:
  struct Pattern {
    std::string text;
    std::shared_ptr<llvm::Regex> regex;
  };
  std::vector<Pattern> patterns;
};

//===----------------------------------------------------------------------===//
// QuantizeModelConfig
//===----------------------------------------------------------------------===//

/// Element type of the `fp8q.scaled_matmul` results the quantizer creates.
enum class GemmOutputType { F32, BF16 };

/// Where the X operand of a Wgrad (dW = dY^T X) comes from.
enum class WgradActivation {
  /// The Fprop's FP8 X (1xG tiles), converted by `fp8q.tile_transpose` to
  /// Gx1 tiles: the recipe caches activations in FP8 for the backward.
  Cached,
  /// X quantized again from its high-precision value in Gx1 tiles.
  Requantize,
};

/// Where the weight operand of a Dgrad (dX = dY W) comes from.
enum class DgradWeight {
  /// The Fprop's GxG codes and scales through `fp8q.block_transpose` (a
  /// square block transposes exactly: the same codes as quantizing again).
  Reuse,
  /// The weight quantized again in GxG blocks in the Dgrad's layout.
  Requantize,
};

/// Everything that steers `--fp8q-quantize-model`. The defaults are the
/// DeepSeek-V3 recipe.
struct QuantizeModelConfig {
  /// Group size G along K: activation tiles 1xG, weight blocks GxG.
  int64_t groupSize = 128;
  /// Result type of the scaled matmuls (converted back for the consumers).
  GemmOutputType outputType = GemmOutputType::F32;
  /// Layout of the activations' 1xG scales (their quantize's scale_layout
  /// and the scaled matmul's a_scale_layout).
  ScaleLayout activationScaleLayout = ScaleLayout::k_major;
  /// Where a Wgrad's X comes from (training steps).
  WgradActivation wgradActivation = WgradActivation::Cached;
  /// Where a Dgrad's weight comes from (training steps).
  DgradWeight dgradWeight = DgradWeight::Reuse;
  /// Contractions kept in high precision (`fp8q.retain = user`).
  OpPatternList forceRetain;
  /// Contractions quantized despite a retention rule.
  OpPatternList forceQuantize;
  /// Linear layers whose activation gets power-of-two scales, by the
  /// Linear's own keys or its activation producer's.
  OpPatternList pow2Scales;
  /// Power-of-two scales for the activations produced by attention
  /// contractions (the `attention-output` entry of `pow2-scales`).
  bool pow2AttentionOutput = false;
  /// Largest N a MoE router (gating projection) can have.
  int64_t gatingMaxOutputs = 256;
  /// Ranks the dense stacked experts are distributed over (1: no expert
  /// parallelism): FP8 dispatch, grouped GEMM on the local experts, BF16
  /// combine (docs/ExpertParallel.md).
  int64_t expertParallelRanks = 1;
  /// Report destination: a file, "-" for stderr, empty for none.
  std::string reportPath;

  /// The smallest group size: one Hopper WGMMA k-step on E4M3 operands
  /// (`wgmma...k32.e4m3`) covers 32 elements of K, the finest granularity
  /// at which a kernel can apply a separate scale.
  static constexpr int64_t kMinGroupSize = 32;
  /// The tensor-core accumulation interval of the recipe (N_C = 128 K
  /// elements, 4 WGMMA k32 steps); smaller groups promote every group.
  static constexpr int64_t kPromotionInterval = 128;

  /// Builds a config from the textual pass options. Returns failure and sets
  /// `error` to a message naming the bad option and value.
  static FailureOr<QuantizeModelConfig>
  fromOptions(const Fp8qQuantizeModelPassOptions &options, std::string &error);
};

} // namespace mlir::fp8q

#endif // FP8Q_TRANSFORMS_QUANTIZEMODELCONFIG_H
