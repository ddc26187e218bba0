// Seed from test/Conversion/Fp8qToLinalg/dequantize.mlir, case 4.
func.func @dequantize_rows_mn_major(%q: tensor<4x256xf8E4M3FN>, %s: tensor<2x4xf32>,
                                    %init: tensor<4x256xbf16>) -> tensor<4x256xbf16> {
  %x = fp8q.dequantize %q, %s outs(%init)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4x256xf8E4M3FN>, tensor<2x4xf32> -> tensor<4x256xbf16>
  return %x : tensor<4x256xbf16>
}
