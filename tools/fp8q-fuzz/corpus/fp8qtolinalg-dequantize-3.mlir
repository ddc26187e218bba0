// Seed from test/Conversion/Fp8qToLinalg/dequantize.mlir, case 3.
func.func @dequantize_mn_major(%q: tensor<200x300xf8E4M3FN>, %s: tensor<3x2xf32>,
                               %init: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %x = fp8q.dequantize %q, %s outs(%init)
      {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<200x300xf8E4M3FN>, tensor<3x2xf32> -> tensor<200x300xf32>
  return %x : tensor<200x300xf32>
}
