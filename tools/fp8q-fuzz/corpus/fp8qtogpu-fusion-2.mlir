// Seed from test/Conversion/Fp8qToGPU/fusion.mlir, case 2.
func.func @no_fusion(%x: tensor<256x256xf16>)
    -> (tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x2xf32>
  %a, %sa = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %t, %st = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %u, %su = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, eps = 1.0e-3 : f32}
      : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  return %a, %t, %u : tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>
}
