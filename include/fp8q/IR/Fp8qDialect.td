//===- Fp8qDialect.td - fp8q dialect definition ------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_IR_FP8QDIALECT_TD
#define FP8Q_IR_FP8QDIALECT_TD

include "mlir/IR/OpBase.td"

def Fp8q_Dialect : Dialect {
  let name = "fp8q";
  let cppNamespace = "::mlir::fp8q";
  let summary = "Fine-grained FP8 (E4M3) quantization after DeepSeek-V3";
  let description = [{
    The `fp8q` dialect expresses the FP8 recipe of the DeepSeek-V3 technical
    report (arXiv:2412.19437, section 3.3) on ranked tensors:

    * `fp8q.quantize` turns a 2-D f32/bf16/f16 tensor into `f8E4M3FN` codes
      plus one f32 scale per tile (1x128 per token, 128x128 per weight
      block, 128x1 with a K-major transposed output for Wgrad);
    * `fp8q.dequantize` is its inverse up to rounding;
    * `fp8q.tile_transpose` turns 1x128-tiled data into the transposed,
      128x1-tiled (K-major) form that Hopper FP8 WGMMA needs for Wgrad;
    * `fp8q.block_transpose` transposes 128x128-block codes and scales
      exactly (the Dgrad reads the forward's quantized weight through it);
    * `fp8q.scaled_matmul` is the GEMM with per-group scales along K, whose
      f32 promotion interval is an attribute, and
      `fp8q.grouped_scaled_matmul` its grouped form for MoE experts;
    * `fp8q.moe_dispatch` and `fp8q.moe_combine` exchange tokens among the
      ranks of an expert-parallel communicator (`fp8q.ep_rank`): FP8 codes
      and 1xG scales out to the experts' masked layout, BF16 rows back.

    Precision-retained operations (embedding, output head, MoE gating,
    normalization, attention) are ordinary upstream ops carrying the
    discardable attribute `fp8q.retain = #fp8q.retain<reason>`. A
    contraction that `--fp8q-quantize-model` would have quantized but could
    not (K not a multiple of the group size, a dynamic K or N, unsupported
    element types, unknown weight provenance, stacked expert weights) carries
    `fp8q.unquantized = "reason"`, a non-empty string.

    Each GPU kernel module built by `--convert-fp8q-to-gpu` (`gpu.module`,
    and the `gpu.binary` the GPU pipeline serializes it into) carries its
    configuration as `fp8q.kernel = {kind = "...", ...}`, a dictionary with
    a string `kind`; the kernel name is derived from it, and
    `--fp8q-export-kernels` reads it (docs/GPU.md, "Kernel configuration").

    All FP8 data is E4M3 (`f8E4M3FN`: max 448, no infinities, RN-even,
    saturating conversion). `f8E5M2` is not accepted anywhere: the recipe
    uses E4M3 for activations, weights and gradients alike. The exact
    numerics every lowering implements are in `docs/Numerics.md`.

    Every op with tensor results is in destination-passing style
    (`outs(...)` operands whose types equal the result types) so that
    one-shot bufferization can place results in caller-provided buffers.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute marking a precision-retained op.
    static constexpr ::llvm::StringLiteral kRetainAttrName = "fp8q.retain";
    /// Name of the discardable string attribute recording why a contraction
    /// was left unquantized.
    static constexpr ::llvm::StringLiteral kUnquantizedAttrName =
        "fp8q.unquantized";
    /// Name of the discardable dictionary attribute holding a GPU kernel
    /// module's configuration.
    static constexpr ::llvm::StringLiteral kKernelAttrName = "fp8q.kernel";
  private:
    void registerAttributes();
  public:
  }];
}

class Fp8q_Op<string mnemonic, list<Trait> traits = []>
    : Op<Fp8q_Dialect, mnemonic, traits>;

#endif // FP8Q_IR_FP8QDIALECT_TD
