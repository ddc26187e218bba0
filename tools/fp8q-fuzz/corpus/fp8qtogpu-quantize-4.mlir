// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 4.
func.func @reuse(%a: tensor<4x128xf32>, %b: tensor<64x256xf32>)
    -> (tensor<4x128xf8E4M3FN>, tensor<64x256xf8E4M3FN>) {
  %qa0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %sa0 = tensor.empty() : tensor<4x1xf32>
  %qa, %sa = fp8q.quantize %a outs(%qa0, %sa0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  %qb0 = tensor.empty() : tensor<64x256xf8E4M3FN>
  %sb0 = tensor.empty() : tensor<64x2xf32>
  %qb, %sb = fp8q.quantize %b outs(%qb0, %sb0) {tile = #fp8q.tile<1x128>}
      : tensor<64x256xf32> -> tensor<64x256xf8E4M3FN>, tensor<64x2xf32>
  return %qa, %qb : tensor<4x128xf8E4M3FN>, tensor<64x256xf8E4M3FN>
}
