// Seed from test/Conversion/Fp8qToLinalg/quantize.mlir, case 4.
func.func @quantize_transposed_mn_major(%x: tensor<200x64xf16>)
    -> (tensor<64x200xf8E4M3FN>, tensor<2x64xf32>) {
  %q0 = tensor.empty() : tensor<64x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x64xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<200x64xf16> -> tensor<64x200xf8E4M3FN>, tensor<2x64xf32>
  return %q, %s : tensor<64x200xf8E4M3FN>, tensor<2x64xf32>
}
