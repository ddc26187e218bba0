// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 3.
func.func @block_transposed(%x: tensor<300x384xbf16>) -> (tensor<384x300xf8E4M3FN>, tensor<3x3xf32>) {
  %q0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %s0 = tensor.empty() : tensor<3x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<300x384xbf16> -> tensor<384x300xf8E4M3FN>, tensor<3x3xf32>
  return %q, %s : tensor<384x300xf8E4M3FN>, tensor<3x3xf32>
}
