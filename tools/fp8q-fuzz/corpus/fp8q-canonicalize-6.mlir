// Seed from test/Dialect/Fp8q/canonicalize.mlir, case 6.
func.func @dead_ops_erased(%x: tensor<4x128xf32>) {
  %q0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x1xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}
