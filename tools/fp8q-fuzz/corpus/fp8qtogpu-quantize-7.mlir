// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 7.
func.func @rowwise_mn_major(%x: tensor<300x256xbf16>) -> (tensor<300x256xf8E4M3FN>, tensor<2x300xf32>) {
  %q0 = tensor.empty() : tensor<300x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x300xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<300x256xf8E4M3FN>, tensor<2x300xf32>
  return %q, %s : tensor<300x256xf8E4M3FN>, tensor<2x300xf32>
}
