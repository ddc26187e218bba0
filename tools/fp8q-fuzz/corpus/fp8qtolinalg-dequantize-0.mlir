// Seed from test/Conversion/Fp8qToLinalg/dequantize.mlir, case 0.
func.func @dequantize_f32(%q: tensor<200x300xf8E4M3FN>, %s: tensor<2x3xf32>,
                          %init: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<128x128>}
      : tensor<200x300xf8E4M3FN>, tensor<2x3xf32> -> tensor<200x300xf32>
  return %x : tensor<200x300xf32>
}
