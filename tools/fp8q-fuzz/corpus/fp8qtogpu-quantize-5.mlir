// Seed from test/Conversion/Fp8qToGPU/quantize.mlir, case 5.
func.func @empty(%x: tensor<0x256xbf16>) -> (tensor<0x256xf8E4M3FN>, tensor<0x2xf32>) {
  %q0 = tensor.empty() : tensor<0x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<0x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<0x256xbf16> -> tensor<0x256xf8E4M3FN>, tensor<0x2xf32>
  return %q, %s : tensor<0x256xf8E4M3FN>, tensor<0x2xf32>
}
