// Seed from test/Conversion/Fp8qToGPU/fusion.mlir, case 4.
func.func @fused_mn_major(%x: tensor<300x256xbf16>)
    -> (tensor<300x256xf8E4M3FN>, tensor<2x300xf32>,
        tensor<256x300xf8E4M3FN>, tensor<3x256xf32>) {
  %q0 = tensor.empty() : tensor<300x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x300xf32>
  %qt0 = tensor.empty() : tensor<256x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x256xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<300x256xf8E4M3FN>, tensor<2x300xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<256x300xf8E4M3FN>, tensor<3x256xf32>
  return %q, %s, %qt, %st : tensor<300x256xf8E4M3FN>, tensor<2x300xf32>,
                            tensor<256x300xf8E4M3FN>, tensor<3x256xf32>
}
