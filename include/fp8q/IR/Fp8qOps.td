//===- Fp8qOps.td - fp8q operations ------------------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_IR_FP8QOPS_TD
#define FP8Q_IR_FP8QOPS_TD

include "fp8q/IR/Fp8qAttrs.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

/// FP8 storage: E4M3 only. f8E5M2 is rejected on purpose (see the dialect
/// description).
def Fp8q_CodeTensor : RankedTensorOf<[F8E4M3FN]>;
/// Per-tile scales are always f32.
def Fp8q_ScaleTensor : RankedTensorOf<[F32]>;
/// High-precision source / dequantized data.
def Fp8q_WideTensor : RankedTensorOf<[F32, BF16, F16]>;
/// GEMM output: bf16 (rounded RN) or f32.
def Fp8q_GemmOutTensor : RankedTensorOf<[F32, BF16]>;

//===----------------------------------------------------------------------===//
// QuantizeOp
//===----------------------------------------------------------------------===//

def Fp8q_QuantizeOp : Fp8q_Op<"quantize", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["q_init", "q"]>,
    AllTypesMatch<["scale_init", "scale"]>]> {
  let summary = "tile-wise quantization to E4M3 with one f32 scale per tile";
  let description = [{
    Quantizes the 2-D tensor `source` [R, C] tile by tile. For every tile T
    (shape `tile`, tails allowed) and in f32 arithmetic:

    1. `amax = max(max_{x in T} |x|, eps)` (a NaN in T makes amax NaN);
    2. `fp32` mode: `s = amax / 448`; `pow2` mode:
       `s = 2^ceil(log2(amax / 448))` (exactly, from the f32 quotient);
    3. `q = cvt_rn_satfinite_e4m3(x * (1.0f / s))` (PTX
       `cvt.rn.satfinite.e4m3x2.f32`): round to nearest even, saturate to
       +-448, NaN to NaN.

    Results: the codes `q` [R, C] and the scales `scale`
    [ceil(R / TR), ceil(C / TC)]. With `transpose`, both results are
    produced transposed: `q` is [C, R] (K-major) and `scale` is
    [ceil(C / TC), ceil(R / TR)]; the tile is still given relative to
    `source`. This is the Wgrad operand: `tile = <128x1>` with `transpose`
    gives per-channel rows quantized in 128-token groups.

    `scale_layout = #fp8q.scale_layout<mn_major>` transposes the scale
    result once more (after `transpose`, if present): [ceil(C / TC),
    ceil(R / TR)] without `transpose`, [ceil(R / TR), ceil(C / TC)] with
    it, so that the scales of consecutive rows of `q` are contiguous (the
    MN-major layout of cuBLAS's and DeepGEMM's block-scaled GEMMs; the GPU
    kernels write it with coalesced stores). The values are those of the
    default `k_major` layout. `fp8q.dequantize` reads either layout,
    `fp8q.scaled_matmul` either layout of its `a_scale` (`a_scale_layout`);
    `fp8q.tile_transpose` takes `k_major` scales.

    The op is in destination-passing style: `q_init` and `scale_init` only
    supply the result shapes (and, after bufferization, the buffers).
    See docs/Numerics.md for NaN/Inf behaviour.

    Example:

    ```mlir
    %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
        : tensor<64x512xbf16> -> tensor<64x512xf8E4M3FN>, tensor<64x4xf32>
    ```
  }];
  let arguments = (ins
    Fp8q_WideTensor:$source,
    Fp8q_CodeTensor:$q_init,
    Fp8q_ScaleTensor:$scale_init,
    Fp8q_TileAttr:$tile,
    DefaultValuedAttr<Fp8q_ScaleModeAttr, "::mlir::fp8q::ScaleMode::fp32">:$scale_mode,
    DefaultValuedAttr<F32Attr, "1.0e-4f">:$eps,
    UnitAttr:$transpose,
    DefaultValuedAttr<Fp8q_ScaleLayoutAttr,
                      "::mlir::fp8q::ScaleLayout::k_major">:$scale_layout);
  let results = (outs Fp8q_CodeTensor:$q, Fp8q_ScaleTensor:$scale);
  let assemblyFormat = [{
    $source `outs` `(` $q_init `,` $scale_init `)` attr-dict `:`
    type($source) `->` type($q_init) `,` type($scale_init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(getOperation(), /*start=*/1,
                                         /*length=*/2);
    }
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// DequantizeOp
//===----------------------------------------------------------------------===//

def Fp8q_DequantizeOp : Fp8q_Op<"dequantize", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["init", "result"]>]> {
  let summary = "E4M3 codes times their tile scale, to f32/bf16/f16";
  let description = [{
    Computes `result[i, j] = round(f32(q[i, j]) * scale[i / TR, j / TC])`:
    the product is an f32 multiplication, then rounded to nearest even to
    the element type of `init` (f32, bf16 or f16). `scale` has shape
    [ceil(R / TR), ceil(C / TC)] for `q` of shape [R, C], or its transpose
    [ceil(C / TC), ceil(R / TR)] with `scale_layout =
    #fp8q.scale_layout<mn_major>` (then `result[i, j] = round(f32(q[i, j])
    * scale[j / TC, i / TR])`), the layouts `fp8q.quantize` produces.

    Example:

    ```mlir
    %x = fp8q.dequantize %q, %s outs(%x0) {tile = #fp8q.tile<128x128>}
        : tensor<256x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<256x512xbf16>
    ```
  }];
  let arguments = (ins
    Fp8q_CodeTensor:$q,
    Fp8q_ScaleTensor:$scale,
    Fp8q_WideTensor:$init,
    Fp8q_TileAttr:$tile,
    DefaultValuedAttr<Fp8q_ScaleLayoutAttr,
                      "::mlir::fp8q::ScaleLayout::k_major">:$scale_layout);
  let results = (outs Fp8q_WideTensor:$result);
  let assemblyFormat = [{
    $q `,` $scale `outs` `(` $init `)` attr-dict `:`
    type($q) `,` type($scale) `->` type($init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getInitMutable();
    }
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TileTransposeOp
//===----------------------------------------------------------------------===//

def Fp8q_TileTransposeOp : Fp8q_Op<"tile_transpose", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["q_init", "q_t"]>,
    AllTypesMatch<["scale_init", "scale_t"]>]> {
  let summary = "1xG-tiled codes to their transpose, 1xG-tiled along M (K-major)";
  let description = [{
    Takes E4M3 codes `q` [M, K] with 1xG tile scales `scale` [M, ceil(K/G)]
    (`tile = <1xG>`) and produces the transpose `q_t` [K, M], quantized in
    1xG tiles along M, with scales `scale_t` [K, ceil(M/G)]. Relative to the
    original [M, K] layout the output tiles are Gx1 (128x1 for G = 128), in
    the K-major layout that Hopper FP8 WGMMA reads for Wgrad.

    Defined as dequantize (f32), transpose, quantize with `scale_mode` and
    `eps` (same rules as `fp8q.quantize`). With `pow2` scales on both sides
    the dequantized values survive exactly, which is why the recipe uses
    power-of-two scales for tensors that are transposed.

    Example:

    ```mlir
    %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0)
        {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
        : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
        -> tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
    ```
  }];
  let arguments = (ins
    Fp8q_CodeTensor:$q,
    Fp8q_ScaleTensor:$scale,
    Fp8q_CodeTensor:$q_init,
    Fp8q_ScaleTensor:$scale_init,
    Fp8q_TileAttr:$tile,
    DefaultValuedAttr<Fp8q_ScaleModeAttr, "::mlir::fp8q::ScaleMode::fp32">:$scale_mode,
    DefaultValuedAttr<F32Attr, "1.0e-4f">:$eps);
  let results = (outs Fp8q_CodeTensor:$q_t, Fp8q_ScaleTensor:$scale_t);
  let assemblyFormat = [{
    $q `,` $scale `outs` `(` $q_init `,` $scale_init `)` attr-dict `:`
    type($q) `,` type($scale) `->` type($q_init) `,` type($scale_init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(getOperation(), /*start=*/2,
                                         /*length=*/2);
    }
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// BlockTransposeOp
//===----------------------------------------------------------------------===//

def Fp8q_BlockTransposeOp : Fp8q_Op<"block_transpose", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["q_init", "q_t"]>,
    AllTypesMatch<["scale_init", "scale_t"]>]> {
  let summary = "GxG-block codes and scales to their exact transpose";
  let description = [{
    Takes E4M3 codes `q` [R, C] with GxG block scales `scale`
    [ceil(R/G), ceil(C/G)] (`tile = <GxG>`, square) and produces their
    transpose: `q_t` [C, R] and `scale_t` [ceil(C/G), ceil(R/G)] with

      `q_t[c, r] = q[r, c]`,  `scale_t[j, i] = scale[i, j]`.

    Nothing is requantized: it is a permutation of bytes and of scales. When
    (`q`, `scale`) is `fp8q.quantize` of an f32/bf16/f16 tensor x in GxG
    blocks, the result equals `fp8q.quantize` of x^T in GxG blocks (any
    scale mode and eps, tails included), bit for bit: a square block of x^T
    holds the same elements as the block of x it comes from, so it has the
    same amax, the same scale and the same codes. This is why the Dgrad
    (dX = dY W) can read the forward's quantized weight blocks through this
    op instead of quantizing W a second time.

    Example:

    ```mlir
    %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0)
        {tile = #fp8q.tile<128x128>}
        : tensor<384x200xf8E4M3FN>, tensor<3x2xf32>
        -> tensor<200x384xf8E4M3FN>, tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
    Fp8q_CodeTensor:$q,
    Fp8q_ScaleTensor:$scale,
    Fp8q_CodeTensor:$q_init,
    Fp8q_ScaleTensor:$scale_init,
    Fp8q_TileAttr:$tile);
  let results = (outs Fp8q_CodeTensor:$q_t, Fp8q_ScaleTensor:$scale_t);
  let assemblyFormat = [{
    $q `,` $scale `outs` `(` $q_init `,` $scale_init `)` attr-dict `:`
    type($q) `,` type($scale) `->` type($q_init) `,` type($scale_init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(getOperation(), /*start=*/2,
                                         /*length=*/2);
    }
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ScaledMatmulOp
//===----------------------------------------------------------------------===//

def Fp8q_ScaledMatmulOp : Fp8q_Op<"scaled_matmul", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["init", "result"]>]> {
  let summary = "E4M3 GEMM with per-group scales along K and f32 promotion";
  let description = [{
    `result[m, n] = round(C + sum_kb partial[m, n, kb] * (a_scale[m, kb] *
    b_scale[n / BN, kb]))` with
    `partial[m, n, kb] = sum_{k in group kb} f32(a[m, k]) * f32(b[n, k])`.

    * `a` [M, K] E4M3 codes, 1xG tiles: `a_scale` [M, K/G], or its
      transpose [K/G, M] with `a_scale_layout = #fp8q.scale_layout<mn_major>`
      (what `fp8q.quantize` produces with that layout; the GPU kernel then
      loads the scales of consecutive rows from consecutive addresses).
    * `b` [N, K] E4M3 codes, K-major (the nn.Linear weight layout), tiles
      `b_tile` = BNxG: `<GxG>` weight blocks (the default when `b_tile` is
      absent; `b_scale` [ceil(N/G), K/G]) or `<1xG>` (Wgrad, both operands
      per-row: `b_scale` [N, K/G]).
    * `group_size` G (default 128) must divide K. M and N are arbitrary.
    * The partial sums, group scales and the accumulation are f32; the
      result is rounded to nearest even to bf16 or kept f32. With
      `accumulate`, C is the value of `init` (added once, in f32, after the
      K loop); otherwise C = 0 and `init` only supplies the shape.
    * `promotion_interval` (default 128, a power of two dividing G) is the
      number of K elements the hardware accumulates in tensor-core
      precision before promoting the partial sum to f32 registers (N_C in
      the DeepSeek-V3 report; 128 = 4 WGMMA k32 steps on Hopper). The
      reference numerics are those of exact f32 accumulation; the GPU
      kernel promotes every `promotion_interval` elements. Setting G = K
      and `promotion_interval` = K gives the no-promotion accuracy
      experiment (one scale per row, one tensor-core accumulation).

    Maps to `wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e4m3` on sm_90a with the
    scaling done on CUDA cores (fused dequantization).

    Example:

    ```mlir
    %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
        : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>,
          tensor<256x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x256xbf16>
    ```
  }];
  let arguments = (ins
    Fp8q_CodeTensor:$a,
    Fp8q_ScaleTensor:$a_scale,
    Fp8q_CodeTensor:$b,
    Fp8q_ScaleTensor:$b_scale,
    Fp8q_GemmOutTensor:$init,
    DefaultValuedAttr<I64Attr, "128">:$group_size,
    OptionalAttr<Fp8q_TileAttr>:$b_tile,
    DefaultValuedAttr<I64Attr, "128">:$promotion_interval,
    UnitAttr:$accumulate,
    DefaultValuedAttr<Fp8q_ScaleLayoutAttr,
                      "::mlir::fp8q::ScaleLayout::k_major">:$a_scale_layout);
  let results = (outs Fp8q_GemmOutTensor:$result);
  let assemblyFormat = [{
    $a `,` $a_scale `,` $b `,` $b_scale `outs` `(` $init `)` attr-dict `:`
    type($a) `,` type($a_scale) `,` type($b) `,` type($b_scale) `->`
    type($init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getInitMutable();
    }
    /// The tile of `b`: `b_tile` when present, else GxG blocks.
    TileAttr getEffectiveBTile();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GroupedScaledMatmulOp
//===----------------------------------------------------------------------===//

/// Group offsets (contiguous) or counts (masked) of a grouped GEMM.
def Fp8q_GroupIndexTensor : 1DTensorOf<[I32]>;

def Fp8q_GroupedScaledMatmulOp : Fp8q_Op<"grouped_scaled_matmul", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["init", "result"]>]> {
  let summary = "E4M3 GEMMs of G row groups against G weights (MoE experts)";
  let description = [{
    G independent `fp8q.scaled_matmul`s in one op, one per group g, each
    with its own weight `b[g]` [N, K] (K-major, 128x128 blocks: `b_scale[g]`
    [ceil(N/G_K), K/G_K] with G_K = `group_size`) and its own rows of the
    activation (1xG_K tiles). Every row that belongs to a group is computed
    exactly as `fp8q.scaled_matmul` computes it (docs/Numerics.md: exact
    group partial sums rounded to f32, times `a_scale * b_scale`,
    accumulated in f32 in increasing kb, C added once with `accumulate`,
    RN to bf16 or f32). Every other row of `result` is `init`'s row,
    unchanged (also with `accumulate`): a kernel does not write it.

    `layout = #fp8q.group_layout<contiguous>` (tokens sorted by expert):

    * `a` [M, K], `a_scale` [M, K/G_K], `init`/`result` [M, N];
    * `groups` = offsets, `tensor<(G+1)xi32>`: group g owns rows
      [offsets[g], offsets[g + 1]); a group with offsets[g] == offsets[g+1]
      is empty. Rows before offsets[0] or from offsets[G] on (padding) are
      in no group.
    * Valid offsets satisfy 0 <= offsets[0] <= ... <= offsets[G] <= M.
      Invalid offsets are a run-time error: the reference lowering stops the
      program with a message (`cf.assert`) before computing, and whatever
      the offsets, it never reads or writes out of bounds.

    `layout = #fp8q.group_layout<masked>` (decode, static shapes):

    * `a` [G, C, K], `a_scale` [G, C, K/G_K], `init`/`result` [G, C, N]
      (C the capacity of a group);
    * `groups` = counts, `tensor<Gxi32>`: rows c < counts[g] of group g are
      valid, rows c >= counts[g] keep `init`.
    * Valid counts satisfy 0 <= counts[g] <= C; others are a run-time
      error, like invalid offsets.

    Common to both: `b` [G, N, K], `b_scale` [G, ceil(N/G_K), K/G_K];
    `group_size` G_K (default 128) divides K; `promotion_interval` as in
    `fp8q.scaled_matmul`. M, C, N and G are arbitrary (G >= 1); extents may
    be dynamic (checked at run time by the lowering).

    This is the operation of DeepGEMM's grouped contiguous and masked FP8
    GEMMs; a Hopper kernel maps each M tile to its group (contiguous) or
    each (group, C tile) pair to a CTA (masked) and runs the
    `fp8q.scaled_matmul` main loop with `b[g]`.

    Example:

    ```mlir
    // 3 experts, 200 sorted tokens, offsets e.g. [0, 70, 70, 200].
    %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %offsets outs(%y0)
        {layout = #fp8q.group_layout<contiguous>}
        : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>,
          tensor<3x512x256xf8E4M3FN>, tensor<3x4x2xf32>, tensor<4xi32>
        -> tensor<200x512xbf16>
    // 4 experts of capacity 64 each, counts e.g. [64, 0, 13, 40].
    %z = fp8q.grouped_scaled_matmul %qa, %qsa, %b4, %sb4, %counts outs(%z0)
        {layout = #fp8q.group_layout<masked>}
        : tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>,
          tensor<4x512x256xf8E4M3FN>, tensor<4x4x2xf32>, tensor<4xi32>
        -> tensor<4x64x512xf32>
    ```
  }];
  let arguments = (ins
    Fp8q_CodeTensor:$a,
    Fp8q_ScaleTensor:$a_scale,
    Fp8q_CodeTensor:$b,
    Fp8q_ScaleTensor:$b_scale,
    Fp8q_GroupIndexTensor:$groups,
    Fp8q_GemmOutTensor:$init,
    Fp8q_GroupLayoutAttr:$layout,
    DefaultValuedAttr<I64Attr, "128">:$group_size,
    DefaultValuedAttr<I64Attr, "128">:$promotion_interval,
    UnitAttr:$accumulate);
  let results = (outs Fp8q_GemmOutTensor:$result);
  let assemblyFormat = [{
    $a `,` $a_scale `,` $b `,` $b_scale `,` $groups `outs` `(` $init `)`
    attr-dict `:` type($a) `,` type($a_scale) `,` type($b) `,`
    type($b_scale) `,` type($groups) `->` type($init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getInitMutable();
    }
    /// Whether the layout is `masked` (3-D activation and result).
    bool isMasked() { return getLayout() == GroupLayout::masked; }
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Expert parallelism: EpRankOp, MoeDispatchOp, MoeCombineOp
//===----------------------------------------------------------------------===//

/// Routing metadata: token ids, expert ids and slot sources are i32.
def Fp8q_RoutingTensor : RankedTensorOf<[I32]>;
/// What the combine moves back: the grouped GEMM's result.
def Fp8q_ExpertOutTensor : RankedTensorOf<[F32, BF16]>;
def Fp8q_CombineTensor : RankedTensorOf<[BF16]>;

def Fp8q_EpRankOp : Fp8q_Op<"ep_rank", [Pure]> {
  let summary = "this process's index in the expert-parallel communicator";
  let description = [{
    The rank r in [0, `ranks`) of the running process among the `ranks`
    processes of the expert-parallel communicator (SPMD: every rank runs the
    same program). The rank owning global expert e is e / (E / ranks);
    `fp8q.moe_dispatch` delivers to rank r the rows of experts
    [r * E_local, (r + 1) * E_local). A program uses it to select its local
    experts' weights (`--fp8q-quantize-model` with `expert-parallel-ranks`
    slices the stacked weights with it).

    With `ranks = 1` it is the constant 0 (the CPU lowering); the GPU
    pipeline (`convert-fp8q-to-nccl`) reads it from the runtime at run time
    (`FP8Q_EP_RANK`, checked against `ranks` and `FP8Q_EP_RANKS`;
    docs/ExpertParallel.md).

    Example:

    ```mlir
    %r = fp8q.ep_rank {ranks = 2}
    ```
  }];
  let arguments = (ins I64Attr:$ranks);
  let results = (outs Index:$rank);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def Fp8q_MoeDispatchOp : Fp8q_Op<"moe_dispatch", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["recv_codes_init", "recv_codes"]>,
    AllTypesMatch<["recv_scales_init", "recv_scales"]>,
    AllTypesMatch<["counts_init", "counts"]>,
    AllTypesMatch<["sources_init", "sources"]>]> {
  let summary = "expert-parallel dispatch of FP8 tokens (codes + 1xG scales)";
  let description = [{
    Sends each token's E4M3 row and its 1xG scales to the experts it is
    routed to, across the `ranks` processes of an expert-parallel
    communicator, and lays the received rows out per local expert in the
    masked layout that `fp8q.grouped_scaled_matmul {layout = masked}`
    reads (`a`, `a_scale`, counts). The quantize happens before the
    exchange, so the all-to-all moves K + 4 K / G bytes per row instead of
    the 2 K of BF16 (DeepSeek-V3, section 3.3; docs/ExpertParallel.md).

    SPMD, per-rank semantics: every rank runs the op on its own T tokens.
    R = `ranks`, E = `num_experts` (a multiple of R), E_local = E / R,
    C = `capacity`, G = `group_size`; this rank r owns the global experts
    [r * E_local, (r + 1) * E_local).

    * `codes` [T, K] E4M3, `scales` [T, K/G] f32 (1xG tiles, K a multiple
      of G), `experts` [T, k] i32: the top-k global expert ids of each
      token (k >= 1; a token may name an expert more than once).
    * Over all ranks s = 0 .. R-1, tokens t and slots j, in that order (s
      outermost), each (s, t, j) whose expert e = experts_s[t, j] belongs
      to this rank is appended to local expert l = e - r * E_local: row
      c = counts[l] (then counts[l] + 1) of `recv_codes[l]` and
      `recv_scales[l]` is token t of rank s, and `sources[l, c]` is
      s * T * k + t * k + j (the global index of the (token, slot)).
    * `recv_codes` [E_local, C, K], `recv_scales` [E_local, C, K/G],
      `counts` [E_local] i32, `sources` [E_local, C] i32. Rows c >=
      counts[l] hold zeros (codes 0, scales 0, sources -1), so a GEMM over
      them computes zeros.
    * An expert id outside [0, E), or more than C rows for one local
      expert, is a run-time error: the lowering stops the program with a
      message and never reads or writes out of bounds.

    T and K may be dynamic (checked at run time like the grouped GEMM's
    extents); E_local and C are static. Every rank must pass the same T
    (the source index is s * T * k + ...). With `ranks = 1` (r = 0) the op
    is a local bucketing, lowered by `--convert-fp8q-to-linalg`; any
    `ranks` (1 included) is lowered by `--convert-fp8q-to-nccl` (the GPU
    pipeline) to the runtime's exchange: counts exchanged first, then the
    rows per destination rank with ncclSend/ncclRecv inside
    ncclGroupStart/End (docs/ExpertParallel.md).

    Destination-passing style: the four `outs` operands only supply the
    result shapes (and, after bufferization, the buffers); every element
    of the results is written.

    Example:

    ```mlir
    // 2 ranks, 8 experts (4 per rank), 32 tokens with top-2 routing,
    // 64 rows per local expert.
    %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %experts
        outs(%rc0, %rs0, %c0, %src0)
        {ranks = 2, num_experts = 8, capacity = 64}
        : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32>
        -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>,
           tensor<4x64xi32>
    ```
  }];
  let arguments = (ins
    Fp8q_CodeTensor:$codes,
    Fp8q_ScaleTensor:$scales,
    Fp8q_RoutingTensor:$experts,
    Fp8q_CodeTensor:$recv_codes_init,
    Fp8q_ScaleTensor:$recv_scales_init,
    Fp8q_RoutingTensor:$counts_init,
    Fp8q_RoutingTensor:$sources_init,
    I64Attr:$ranks,
    I64Attr:$num_experts,
    I64Attr:$capacity,
    DefaultValuedAttr<I64Attr, "128">:$group_size);
  let results = (outs
    Fp8q_CodeTensor:$recv_codes,
    Fp8q_ScaleTensor:$recv_scales,
    Fp8q_RoutingTensor:$counts,
    Fp8q_RoutingTensor:$sources);
  let assemblyFormat = [{
    $codes `,` $scales `,` $experts `outs` `(` $recv_codes_init `,`
    $recv_scales_init `,` $counts_init `,` $sources_init `)` attr-dict `:`
    type($codes) `,` type($scales) `,` type($experts) `->`
    type($recv_codes_init) `,` type($recv_scales_init) `,`
    type($counts_init) `,` type($sources_init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(getOperation(), /*start=*/3,
                                         /*length=*/4);
    }
    /// E_local = num_experts / ranks, the experts of one rank.
    int64_t getLocalExperts() { return getNumExperts() / getRanks(); }
  }];
  let hasVerifier = 1;
}

def Fp8q_MoeCombineOp : Fp8q_Op<"moe_combine", [
    Pure, DestinationStyleOpInterface,
    AllTypesMatch<["init", "result"]>]> {
  let summary = "expert-parallel combine: expert outputs back to their tokens (BF16)";
  let description = [{
    The inverse exchange of `fp8q.moe_dispatch`: returns every expert output
    row to the rank and (token, slot) it was dispatched from, in BF16 (the
    recipe combines in BF16: 2 N bytes per row).

    SPMD, per-rank semantics, with R = `ranks`, E = `num_experts`,
    E_local = E / R, C the capacity (extent 1 of `expert_out`) and this
    rank r:

    * `expert_out` [E_local, C, N] (bf16 or f32): the grouped GEMM's result
      on the dispatched rows; `sources` [E_local, C] and `counts`
      [E_local] the dispatch's results; `experts` [T, k] i32 the routing
      the dispatch was given.
    * `result` [T, k, N] bf16: `result[t, j]` is the row `expert_out[l, c]`
      of the rank owning e = experts[t, j] (l = e mod E_local) whose
      `sources[l, c]` (c < counts[l]) is r * T * k + t * k + j, rounded to
      nearest even to bf16.
    * The op does not reduce over j: the top-k weighting and sum stay with
      the graph's own ops.
    * Counts outside [0, C], or `sources` and `counts` that do not hold
      every (token, slot) of every rank exactly once in the expert that
      `experts` names, are a run-time error: the lowering stops the program
      with a message and never reads or writes out of bounds.

    T and N may be dynamic (checked at run time); E_local and C are
    static. With `ranks = 1` it is a local gather (`--convert-fp8q-to-linalg`);
    any `ranks` is lowered by `--convert-fp8q-to-nccl` (the GPU pipeline)
    to the runtime's NCCL exchange (docs/ExpertParallel.md).

    Example:

    ```mlir
    %y = fp8q.moe_combine %out, %src, %counts, %experts outs(%y0)
        {ranks = 2, num_experts = 8}
        : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>,
          tensor<32x2xi32> -> tensor<32x2x512xbf16>
    ```
  }];
  let arguments = (ins
    Fp8q_ExpertOutTensor:$expert_out,
    Fp8q_RoutingTensor:$sources,
    Fp8q_RoutingTensor:$counts,
    Fp8q_RoutingTensor:$experts,
    Fp8q_CombineTensor:$init,
    I64Attr:$ranks,
    I64Attr:$num_experts);
  let results = (outs Fp8q_CombineTensor:$result);
  let assemblyFormat = [{
    $expert_out `,` $sources `,` $counts `,` $experts `outs` `(` $init `)`
    attr-dict `:` type($expert_out) `,` type($sources) `,` type($counts) `,`
    type($experts) `->` type($init)
  }];
  let extraClassDeclaration = [{
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getInitMutable();
    }
    /// E_local = num_experts / ranks, the experts of one rank.
    int64_t getLocalExperts() { return getNumExperts() / getRanks(); }
  }];
  let hasVerifier = 1;
}

#endif // FP8Q_IR_FP8QOPS_TD
