// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 1.
func.func @block(%w: tensor<300x260xf32>) -> (tensor<300x260xf8E4M3FN>, tensor<3x3xf32>) {
  %q0 = tensor.empty() : tensor<300x260xf8E4M3FN>
  %s0 = tensor.empty() : tensor<3x3xf32>
  %q, %s = fp8q.quantize %w outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<300x260xf32> -> tensor<300x260xf8E4M3FN>, tensor<3x3xf32>
  return %q, %s : tensor<300x260xf8E4M3FN>, tensor<3x3xf32>
}
