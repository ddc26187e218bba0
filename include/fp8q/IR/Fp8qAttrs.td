//===- Fp8qAttrs.td - fp8q attributes and enums ------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_IR_FP8QATTRS_TD
#define FP8Q_IR_FP8QATTRS_TD

include "fp8q/IR/Fp8qDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Fp8q_ScaleMode : I32EnumAttr<"ScaleMode",
    "how a tile's scale is derived from its amax", [
      I32EnumAttrCase<"fp32", 0>,
      I32EnumAttrCase<"pow2", 1>
    ]> {
  let cppNamespace = "::mlir::fp8q";
  let genSpecializedAttr = 0;
}

def Fp8q_ScaleModeAttr : EnumAttr<Fp8q_Dialect, Fp8q_ScaleMode, "scale_mode"> {
  let summary = "scale mode: `fp32` (amax / 448) or `pow2` (rounded up to 2^n)";
  let assemblyFormat = "`<` $value `>`";
}

def Fp8q_ScaleLayout : I32EnumAttr<"ScaleLayout",
    "how a quantize op's scale tensor is laid out", [
      I32EnumAttrCase<"k_major", 0>,
      I32EnumAttrCase<"mn_major", 1>
    ]> {
  let cppNamespace = "::mlir::fp8q";
  let genSpecializedAttr = 0;
}

def Fp8q_ScaleLayoutAttr : EnumAttr<Fp8q_Dialect, Fp8q_ScaleLayout,
                                    "scale_layout"> {
  let summary = "scale layout: `k_major` (the tile grid) or `mn_major` "
                "(its transpose)";
  let description = [{
    The shape of a quantize op's scale result. `k_major` (the default): the
    tile grid, [ceil(R / TR), ceil(C / TC)] for codes [R, C], so the scales
    of consecutive tiles along a row of codes are contiguous. `mn_major`:
    its transpose, [ceil(C / TC), ceil(R / TR)], so the scales of
    consecutive rows (tokens, for 1x128 tiles) are contiguous: the layout
    cuBLAS's block-scaled GEMM and DeepGEMM read for the activation
    operand, and the one the GPU kernels write with coalesced stores
    (docs/GPU.md, "Scale layouts").
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Fp8q_GroupLayout : I32EnumAttr<"GroupLayout",
    "how the rows of a grouped GEMM are assigned to its groups", [
      I32EnumAttrCase<"contiguous", 0>,
      I32EnumAttrCase<"masked", 1>
    ]> {
  let cppNamespace = "::mlir::fp8q";
  let genSpecializedAttr = 0;
}

def Fp8q_GroupLayoutAttr : EnumAttr<Fp8q_Dialect, Fp8q_GroupLayout,
                                    "group_layout"> {
  let summary = "grouped GEMM layout: `contiguous` (rows sorted by group, "
                "offsets) or `masked` (per-group capacity, counts)";
  let description = [{
    The row layout of `fp8q.grouped_scaled_matmul`. `contiguous`: one 2-D
    activation [M, K] whose rows are sorted by group, group g owning rows
    [offsets[g], offsets[g + 1]) (the training and prefill form: tokens
    sorted by expert). `masked`: a 3-D activation [G, C, K] with a fixed
    capacity C per group, of which the first counts[g] rows are valid (the
    decode form: static shapes for CUDA graphs).
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Fp8q_RetainReason : I32EnumAttr<"RetainReason",
    "why an op is kept in high precision", [
      I32EnumAttrCase<"embedding", 0>,
      I32EnumAttrCase<"output_head", 1>,
      I32EnumAttrCase<"gating", 2>,
      I32EnumAttrCase<"norm", 3>,
      I32EnumAttrCase<"attention", 4>,
      I32EnumAttrCase<"user", 5>
    ]> {
  let cppNamespace = "::mlir::fp8q";
  let genSpecializedAttr = 0;
}

def Fp8q_RetainAttr : EnumAttr<Fp8q_Dialect, Fp8q_RetainReason, "retain"> {
  let summary = "marks an op as precision-retained (kept in BF16/FP32)";
  let description = [{
    Attached as the discardable attribute `fp8q.retain` to any operation
    that the FP8 recipe keeps in high precision, with the reason:
    `embedding`, `output_head`, `gating` (MoE router), `norm`, `attention`
    (QK^T, softmax, PV) or `user` (forced by a pass option). fp8q passes
    never quantize an op carrying it.

    Example:

    ```mlir
    %0 = linalg.matmul {fp8q.retain = #fp8q.retain<output_head>}
           ins(%h, %w : tensor<4x768xf32>, tensor<768x50257xf32>)
           outs(%acc : tensor<4x50257xf32>) -> tensor<4x50257xf32>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// TileAttr
//===----------------------------------------------------------------------===//

def Fp8q_TileAttr : AttrDef<Fp8q_Dialect, "Tile"> {
  let mnemonic = "tile";
  let summary = "quantization tile: rows x cols elements sharing one scale";
  let description = [{
    The shape of the block of a 2-D tensor that shares one f32 scale, written
    `#fp8q.tile<ROWSxCOLS>`. Tiles cover the tensor from index (0, 0);
    the last tile of a dimension may be partial (a tail), so a [R, C] tensor
    quantized with tile `<TRxTC>` has a scale tensor of shape
    [ceil(R / TR), ceil(C / TC)]. Both extents must be powers of two.

    The recipe's tiles: `<1x128>` (per token, 128 channels along K),
    `<128x128>` (weight blocks), `<128x1>` (128 tokens of one channel: the
    Wgrad operand, usually produced with a transposed K-major output).
  }];
  let parameters = (ins "int64_t":$rows, "int64_t":$cols);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of tiles covering `extent` elements along rows (dim = 0) or
    /// columns (dim = 1), counting a partial tail tile.
    int64_t getNumTiles(int64_t extent, unsigned dim) const;
    /// The same tile with rows and columns exchanged.
    TileAttr transposed() const;
    /// True for a 1xG tile (one row, a group of G columns).
    bool isRowTile() const { return getRows() == 1; }
  }];
}

#endif // FP8Q_IR_FP8QATTRS_TD
