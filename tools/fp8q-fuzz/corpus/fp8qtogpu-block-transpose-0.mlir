// Seed from test/Conversion/Fp8qToGPU/block-transpose.mlir, case 0.
func.func @block_transpose(%q: tensor<300x272xf8E4M3FN>, %s: tensor<3x3xf32>)
    -> (tensor<272x300xf8E4M3FN>, tensor<3x3xf32>) {
  %qt0 = tensor.empty() : tensor<272x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x3xf32>
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<128x128>}
      : tensor<300x272xf8E4M3FN>, tensor<3x3xf32> -> tensor<272x300xf8E4M3FN>, tensor<3x3xf32>
  return %qt, %st : tensor<272x300xf8E4M3FN>, tensor<3x3xf32>
}
