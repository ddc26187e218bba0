// Seed from test/Dialect/Fp8q/canonicalize.mlir, case 5.
func.func @no_fold_double_tile_transpose(%q: tensor<128x256xf8E4M3FN>, %s: tensor<128x2xf32>) -> (tensor<128x256xf8E4M3FN>, tensor<128x2xf32>) {
  %qt0 = tensor.empty() : tensor<256x128xf8E4M3FN>
  %st0 = tensor.empty() : tensor<256x1xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<128x256xf8E4M3FN>, tensor<128x2xf32> -> tensor<256x128xf8E4M3FN>, tensor<256x1xf32>
  %q2, %s2 = fp8q.tile_transpose %qt, %st outs(%q, %s) {tile = #fp8q.tile<1x128>}
      : tensor<256x128xf8E4M3FN>, tensor<256x1xf32> -> tensor<128x256xf8E4M3FN>, tensor<128x2xf32>
  return %q2, %s2 : tensor<128x256xf8E4M3FN>, tensor<128x2xf32>
}
