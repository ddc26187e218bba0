//===- Passes.td - fp8q conversion passes ------------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_PASSES_TD
#define FP8Q_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Fp8qToLinalg
//===----------------------------------------------------------------------===//

def ConvertFp8qToLinalgPass : Pass<"convert-fp8q-to-linalg"> {
  let summary = "Lower fp8q ops to linalg on tensors (reference numerics)";
  let description = [{
    Rewrites every `fp8q.quantize`, `fp8q.dequantize`, `fp8q.tile_transpose`
    and `fp8q.scaled_matmul` into `linalg.generic` ops on tensors (plus
    `tensor.pad`/`expand_shape`/`empty`, `linalg.fill`, `arith` and `math`)
    that compute the numerics of docs/Numerics.md bit for bit. This is the
    executable reference of the dialect: the CPU pipeline runs it, and the
    GPU kernels are checked against the same definition.

    The f32 <-> f8E4M3FN conversions are emitted as integer arithmetic on
    the IEEE bits (`cvt.rn.satfinite` semantics), because MLIR 22 lowers
    neither `arith.truncf` to nor `arith.extf` from f8E4M3FN on the CPU.
    Scaled-matmul group sums are accumulated in f64, where they are exact,
    and rounded once to f32, so the result does not depend on loop order.

    Input requirements: every fp8q operand has a static shape; quantized
    extents padded to whole tiles fit in int64; `scaled_matmul` has
    `group_size <= 131072` (the largest group whose partial sums are exact
    in f64). The pass fails with an error on each op that does not meet
    them, naming the reason; it never produces partial output. All other
    ops are left alone.

    Example:

    ```mlir
    %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
        : tensor<4x200xf32> -> tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
    ```

    becomes (abridged)

    ```mlir
    %pad = tensor.pad %x low[0, 0] high[0, 56] {...}
        : tensor<4x200xf32> to tensor<4x256xf32>
    %tiles = tensor.expand_shape %pad [[0, 1], [2, 3]]
        output_shape [4, 1, 2, 128]
        : tensor<4x256xf32> into tensor<4x1x2x128xf32>
    %amax = linalg.generic {iterator_types = ["parallel", "reduction",
                                              "parallel", "reduction"]}
        ins(%tiles) outs(%eps_filled : tensor<4x2xf32>)     // max(|x|, eps)
    %s, %rcp = linalg.generic ins(%amax) outs(%s0, %empty)  // amax / 448, 1 / s
    %q = linalg.generic {indexing_maps = [(i, j) -> (i, j),
                                          (i, j) -> (i, j floordiv 128),
                                          (i, j) -> (i, j)]}
        ins(%x, %rcp) outs(%q0)           // x * rcp, then RN-satfinite to E4M3
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // FP8Q_CONVERSION_PASSES_TD
