// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 8.
func.func @block_and_colwise_mn_major(%w: tensor<300x520xf32>, %x: tensor<300x384xf16>)
    -> (tensor<300x520xf8E4M3FN>, tensor<5x3xf32>, tensor<384x300xf8E4M3FN>, tensor<3x384xf32>) {
  %q0 = tensor.empty() : tensor<300x520xf8E4M3FN>
  %s0 = tensor.empty() : tensor<5x3xf32>
  %q, %s = fp8q.quantize %w outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x520xf32> -> tensor<300x520xf8E4M3FN>, tensor<5x3xf32>
  %qt0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x384xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x384xf16> -> tensor<384x300xf8E4M3FN>, tensor<3x384xf32>
  return %q, %s, %qt, %st : tensor<300x520xf8E4M3FN>, tensor<5x3xf32>, tensor<384x300xf8E4M3FN>, tensor<3x384xf32>
}
