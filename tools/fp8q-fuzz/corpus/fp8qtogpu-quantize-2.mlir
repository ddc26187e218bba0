// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 2.
func.func @colwise(%x: tensor<300x384xf16>) -> (tensor<384x300xf8E4M3FN>, tensor<384x3xf32>) {
  %q0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %s0 = tensor.empty() : tensor<384x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<300x384xf16> -> tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
  return %q, %s : tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
}
