// Seed from test/Dialect/Fp8q/canonicalize.mlir, case 4.
func.func @no_fold_round_trips(%x: tensor<4x128xf32>) -> (tensor<4x128xf32>, tensor<4x128xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x1xf32>
  %x0 = tensor.empty() : tensor<4x128xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  %d = fp8q.dequantize %q, %s outs(%x0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32> -> tensor<4x128xf32>
  %q2, %s2 = fp8q.quantize %d outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return %d, %q2 : tensor<4x128xf32>, tensor<4x128xf8E4M3FN>
}
