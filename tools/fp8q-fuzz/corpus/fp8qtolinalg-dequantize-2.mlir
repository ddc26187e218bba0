// Seed from test/Conversion/Fp8qToLinalg/dequantize.mlir, case 2.
func.func @dequantize_f16(%q: tensor<300x4xf8E4M3FN>, %s: tensor<3x4xf32>,
                          %init: tensor<300x4xf16>) -> tensor<300x4xf16> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<128x1>}
      : tensor<300x4xf8E4M3FN>, tensor<3x4xf32> -> tensor<300x4xf16>
  return %x : tensor<300x4xf16>
}
