// Seed from test/Conversion/Fp8qToGPU/tile-transpose.mlir, case 0.
func.func @tile_transpose(%q: tensor<300x384xf8E4M3FN>, %s: tensor<300x3xf32>)
    -> (tensor<384x300xf8E4M3FN>, tensor<384x3xf32>) {
  %qt0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<384x3xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<300x384xf8E4M3FN>, tensor<300x3xf32> -> tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
  return %qt, %st : tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
}
