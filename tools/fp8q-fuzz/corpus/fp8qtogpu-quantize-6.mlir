// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 6.
func.func @dequantize(%q: tensor<4x128xf8E4M3FN>, %s: tensor<4x1xf32>) -> tensor<4x128xf32> {
  %x0 = tensor.empty() : tensor<4x128xf32>
  %x = fp8q.dequantize %q, %s outs(%x0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32> -> tensor<4x128xf32>
  return %x : tensor<4x128xf32>
}
