//===- Passes.td - fp8q graph-level passes -----------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TRANSFORMS_PASSES_TD
#define FP8Q_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Fp8qQuantizeModelPass
//===----------------------------------------------------------------------===//

def Fp8qQuantizeModelPass : Pass<"fp8q-quantize-model", "::mlir::ModuleOp"> {
  let summary = "Quantize the Linear layers of a model graph to FP8";
  let description = [{
    Rewrites every Linear layer of a model graph in linalg on tensors into
    the DeepSeek-V3 FP8 form: the activation quantized in 1xG tiles, the
    weight quantized in GxG blocks laid out [N, K] (K-major), and an
    `fp8q.scaled_matmul` with per-group scales along K (G = `group-size`).
    Precision-retained components stay in high precision and are marked with
    `fp8q.retain = #fp8q.retain<reason>`; contractions that cannot be
    quantized keep their original form and get
    `fp8q.unquantized = "reason"`. See docs/QuantizeModel.md.

    Input requirements: func-like ops whose bodies use linalg on ranked
    tensors (any mix of func, arith, math, tensor, linalg, scf,
    bufferization, memref and unregistered ops; unknown ops only make the
    analysis conservative), or TOSA graphs, which are first lowered to
    linalg by upstream's pipeline (`--fp8q-import-tosa`). The function
    signatures are never changed. M (tokens) may be dynamic; K and N must
    be static.

    Recognized Linear layers (activation x [.., K] times weight -> [.., N]):
    `linalg.matmul` (any indexing maps), `linalg.batch_matmul` whose weight
    is a broadcast of a 2-D weight, and `linalg.generic` contractions with
    a multiply-add body. The weight is the operand whose values trace back,
    through layout ops only (extract_slice, expand/collapse_shape,
    transpose, broadcast, copies, element-type casts), to function
    arguments, constants (`dense`, `dense_resource`, elided or not) or
    globals. A transpose right above the weight is absorbed: the [N, K]
    tensor is quantized directly; a [K, N] weight is quantized with the
    `transpose` attribute.

    MoE experts with stacked weights ([E, K, N] or [E, N, K]) applied to
    every token with one `batch_matmul` (dense experts) become
    `fp8q.grouped_scaled_matmul` (masked layout, every count T): weights
    quantized per expert in GxG blocks, activations in 1xG tiles; the
    router is retained (`gating`). With `expert-parallel-ranks` R > 1
    (outside training steps) the experts are distributed over R ranks: the
    activation is quantized before an `fp8q.moe_dispatch` (the [T, K]
    tokens to every expert when the [E, T, K] activation is their
    broadcast, else each expert's own rows), the grouped GEMM runs on the
    rank's E / R experts (weights sliced at `fp8q.ep_rank`), and an
    `fp8q.moe_combine` returns the rows in BF16 (docs/ExpertParallel.md).

    Training steps (a function holding a forward and its backward, i.e. at
    least one weight gradient): each Linear's Fprop Y = X W^T, Dgrad
    dX = dY W and Wgrad dW = dY^T X are told apart. The Dgrad reads the
    Fprop's quantized weight through `fp8q.block_transpose` (exact; the
    weight is quantized once; `dgrad-weight`), the Wgrad the Fprop's FP8 X
    through `fp8q.tile_transpose` (`wgrad-activation`); where the forward's
    operand is not available in the same form the backward quantizes again
    and the report says why. Stacked experts have the same roles: grouped
    Fprop and Dgrad, and a Wgrad dW[e] = X[e]^T dY[e] rewritten to one
    `fp8q.scaled_matmul` per expert in the Wgrad form (both operands in 1xG
    tiles along the tokens, quantized once per operand and sliced per
    expert; `b_tile` 1xG).

    Precision retention: embedding lookups (`embedding`, including
    one-hot matmuls), the output head (`output_head`: a contraction whose
    weight holds the same elements as an embedding table, in this
    function or across calls; or the final projection of a decoder: the
    terminal contraction with the largest N in a graph with a lookup, named
    `lm_head`/`logits`/`output`, or the widest, widening projection after
    the final norm), MoE routers (`gating`: at most `gating-max-outputs`
    outputs feeding a softmax/sigmoid and a reduction or top-k),
    normalization reductions (`norm`), activation x activation
    contractions and the softmax between them (`attention`), and
    `force-retain` matches (`user`).

    Contractions left in high precision for any other reason (stacked
    expert weights in a form the grouped rewrite does not take; dynamic K
    or N; an operand of unknown provenance) get `fp8q.unquantized = "reason"`, and the pass emits one
    warning naming the count and the first reason, with or without
    `report`.

    Example (`--fp8q-quantize-model`):

    ```mlir
    // Before:
    %0 = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>)
           -> tensor<16x512xf32>
    %1 = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>)
                       outs(%0 : tensor<16x512xf32>) -> tensor<16x512xf32>
    // After:
    %wq, %ws = fp8q.quantize %w outs(%wq0, %ws0)
        {tile = #fp8q.tile<128x128>, transpose}
        : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
    %xq, %xs = fp8q.quantize %x outs(%xq0, %xs0) {tile = #fp8q.tile<1x128>}
        : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<16x2xf32>
    %1 = fp8q.scaled_matmul %xq, %xs, %wq, %ws outs(%y0)
        : tensor<16x256xf8E4M3FN>, tensor<16x2xf32>,
          tensor<512x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<16x512xf32>
    ```

    Name patterns (`force-retain`, `force-quantize`, `pow2-scales`) are
    regular expressions (llvm::Regex, searched anywhere in the text; anchor
    with `^...$`) matched against each location of the op
    (`file:line:col`, every `NameLoc` name in fused and call-site
    locations) and its `name` string attribute. Commas separate patterns.
  }];
  let dependentDialects = [
    "::mlir::fp8q::Fp8qDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let options = [
    Option<"groupSize", "group-size", "int64_t", /*default=*/"128",
           "Quantization group along K: activation tiles 1xG, weight blocks "
           "GxG, scaled_matmul group_size G (a power of two >= 16)">,
    Option<"activationScaleLayout", "activation-scale-layout", "std::string",
           /*default=*/"\"k-major\"",
           "Layout of the activations' 1xG scales: k-major ([M, K/G], the "
           "recipe's) or mn-major ([K/G, M], written with coalesced stores "
           "by the GPU quantize kernels and read so by the GEMM; "
           "scale_layout / a_scale_layout = mn_major)">,
    Option<"wgradActivation", "wgrad-activation", "std::string",
           /*default=*/"\"cached\"",
           "Where a Wgrad's X comes from in a training step: cached (the "
           "recipe's: the Fprop's FP8 X in 1xG tiles, converted by "
           "fp8q.tile_transpose to Gx1 tiles, pow2 scales where the Fprop "
           "uses them) or requantize (X quantized again from its high "
           "precision value in Gx1 tiles)">,
    Option<"dgradWeight", "dgrad-weight", "std::string",
           /*default=*/"\"reuse\"",
           "Where a Dgrad's weight comes from in a training step: reuse (the "
           "Fprop's GxG codes and scales through fp8q.block_transpose, "
           "exact) or requantize (the weight quantized again in GxG blocks "
           "in the Dgrad's layout; the same codes)">,
    Option<"outputType", "output-type", "std::string", /*default=*/"\"f32\"",
           "Element type of the scaled_matmul result: f32 or bf16 (converted "
           "back to the original type for the consumers)">,
    ListOption<"forceRetain", "force-retain", "std::string",
               "Contractions whose location or name matches one of these "
               "regular expressions stay in high precision "
               "(fp8q.retain = user)">,
    ListOption<"forceQuantize", "force-quantize", "std::string",
               "Contractions whose location or name matches one of these "
               "regular expressions are quantized even where a retention "
               "rule (head, gating, a pre-set fp8q.retain) would keep them; "
               "they must still be eligible Linear layers">,
    ListOption<"pow2Scales", "pow2-scales", "std::string",
               "Activations quantized with power-of-two scales: Linear layers "
               "whose own or whose activation producer's location or name "
               "matches one of these regular expressions; the entry "
               "'attention-output' selects the Linear layers fed by an "
               "attention contraction (the input of the output projection)">,
    Option<"gatingMaxOutputs", "gating-max-outputs", "int64_t",
           /*default=*/"256",
           "Largest N of a contraction that can be a MoE router (the number "
           "of experts)">,
    Option<"expertParallelRanks", "expert-parallel-ranks", "int64_t",
           /*default=*/"1",
           "Distribute the dense stacked experts over this many ranks "
           "(expert parallelism, SPMD): activations quantized before an "
           "fp8q.moe_dispatch, the grouped GEMM on each rank's E / ranks "
           "experts, an fp8q.moe_combine in BF16; 1 = none. Experts whose "
           "count it does not divide stay single-rank (with a warning)">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Write the per-contraction report to this file, or to stderr for "
           "'-'; no report when empty">,
  ];
}

//===----------------------------------------------------------------------===//
// Fp8qImportTosaPass
//===----------------------------------------------------------------------===//

def Fp8qImportTosaPass : Pass<"fp8q-import-tosa", "::mlir::ModuleOp"> {
  let summary = "Lower a TOSA model graph to linalg on tensors (if it has "
                "TOSA ops)";
  let description = [{
    TOSA front ends (buddy-mlir, torch-mlir's TOSA output, TFLite imports)
    express Linear layers as `tosa.matmul` on 3-D operands with the weights
    behind `tosa.const`, `tosa.reshape` and `tosa.transpose`. When the
    module holds any op of the `tosa` dialect, this pass runs upstream's
    lowering to linalg on tensors as a nested pipeline
    (`mlir::tosa::addTosaToLinalgPasses`, then `tosa-to-tensor` and
    `tosa-to-arith`); otherwise it does nothing. A TOSA op the upstream
    lowering leaves behind is an error.

    `--fp8q-quantize-model` runs the same lowering first, and the CPU and
    GPU pipelines start with this pass, so TOSA graphs go through every
    fp8q entry point. See docs/QuantizeModel.md, "TOSA input".

    Example:

    ```mlir
    // Before:
    %w = "tosa.const"() <{values = dense<...> : tensor<1x256x512xf32>}> : ...
    %y = tosa.matmul %x, %w, %zp, %zp
        : (tensor<1x16x256xf32>, tensor<1x256x512xf32>, ...) -> tensor<1x16x512xf32>
    // After:
    %w = arith.constant dense<...> : tensor<1x256x512xf32>
    %y = linalg.batch_matmul ins(%x, %w : ...) outs(%zero : ...)
    ```
  }];
}

#endif // FP8Q_TRANSFORMS_PASSES_TD
