// Seed from test/Conversion/Fp8qToLinalg/quantize.mlir, case 2.
func.func @quantize_transposed(%x: tensor<200x64xf16>)
    -> (tensor<64x200xf8E4M3FN>, tensor<64x2xf32>) {
  %q0 = tensor.empty() : tensor<64x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<64x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, eps = 1.0e-3 : f32}
      : tensor<200x64xf16> -> tensor<64x200xf8E4M3FN>, tensor<64x2xf32>
  return %q, %s : tensor<64x200xf8E4M3FN>, tensor<64x2xf32>
}
