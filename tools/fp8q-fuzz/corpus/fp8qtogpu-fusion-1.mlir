// Seed from test/Conversion/Fp8qToGPU/fusion.mlir, case 1.
func.func @third_wheel(%x: tensor<256x256xf32>)
    -> (tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x2xf32>
  %a, %sa = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %b, %sb = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %t, %st = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  return %a, %b, %t : tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>
}
