// Seed from test/Dialect/Fp8q/canonicalize.mlir, case 2.
func.func @transpose_with_other_users(%x: tensor<128x256xf32>, %q0: tensor<256x128xf8E4M3FN>, %s0: tensor<256x1xf32>) -> (tensor<256x128xf32>, tensor<256x128xf8E4M3FN>) {
  %t0 = tensor.empty() : tensor<256x128xf32>
  %t = linalg.transpose ins(%x : tensor<128x256xf32>) outs(%t0 : tensor<256x128xf32>) permutation = [1, 0]
  %q, %s = fp8q.quantize %t outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x128xf32> -> tensor<256x128xf8E4M3FN>, tensor<256x1xf32>
  return %t, %q : tensor<256x128xf32>, tensor<256x128xf8E4M3FN>
}
