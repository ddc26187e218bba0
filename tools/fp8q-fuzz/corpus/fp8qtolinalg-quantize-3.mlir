// Seed from test/Conversion/Fp8qToLinalg/quantize.mlir, case 3.
func.func @quantize_row_tiles_mn_major(%x: tensor<4x200xbf16>)
    -> (tensor<4x200xf8E4M3FN>, tensor<2x4xf32>) {
  %q0 = tensor.empty() : tensor<4x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x4xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4x200xbf16> -> tensor<4x200xf8E4M3FN>, tensor<2x4xf32>
  return %q, %s : tensor<4x200xf8E4M3FN>, tensor<2x4xf32>
}
