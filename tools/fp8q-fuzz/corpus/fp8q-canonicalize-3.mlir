// Seed from test/Dialect/Fp8q/canonicalize.mlir, case 3.
func.func @fold_transpose_keeps_scale_layout(%x: tensor<256x96xf32>, %q0: tensor<96x256xf8E4M3FN>, %s0: tensor<2x96xf32>) -> (tensor<96x256xf8E4M3FN>, tensor<2x96xf32>) {
  %t0 = tensor.empty() : tensor<96x256xf32>
  %t = linalg.transpose ins(%x : tensor<256x96xf32>) outs(%t0 : tensor<96x256xf32>) permutation = [1, 0]
  %q, %s = fp8q.quantize %t outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<96x256xf32> -> tensor<96x256xf8E4M3FN>, tensor<2x96xf32>
  return %q, %s : tensor<96x256xf8E4M3FN>, tensor<2x96xf32>
}
