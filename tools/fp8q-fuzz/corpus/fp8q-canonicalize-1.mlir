// Seed from test/Dialect/Fp8q/canonicalize.mlir, case 1.
func.func @fold_transpose_into_transposed_quantize(%x: tensor<64x384xbf16>, %q0: tensor<64x384xf8E4M3FN>, %s0: tensor<64x3xf32>) -> (tensor<64x384xf8E4M3FN>, tensor<64x3xf32>) {
  %t0 = tensor.empty() : tensor<384x64xbf16>
  %t = linalg.transpose ins(%x : tensor<64x384xbf16>) outs(%t0 : tensor<384x64xbf16>) permutation = [1, 0]
  %q, %s = fp8q.quantize %t outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>, eps = 0.125 : f32}
      : tensor<384x64xbf16> -> tensor<64x384xf8E4M3FN>, tensor<64x3xf32>
  return %q, %s : tensor<64x384xf8E4M3FN>, tensor<64x3xf32>
}
