// Seed from test/Conversion/Fp8qToLinalg/dequantize.mlir, case 1.
func.func @dequantize_bf16(%q: tensor<4x256xf8E4M3FN>, %s: tensor<4x2xf32>,
                           %init: tensor<4x256xbf16>) -> tensor<4x256xbf16> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<1x128>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<4x256xbf16>
  return %x : tensor<4x256xbf16>
}
