// Seed from test/Conversion/Fp8qToLinalg/quantize.mlir, case 0.
func.func @quantize_row_tiles_tail(%x: tensor<4x200xbf16>)
    -> (tensor<4x200xf8E4M3FN>, tensor<4x2xf32>) {
  %q0 = tensor.empty() : tensor<4x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x200xbf16> -> tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
  return %q, %s : tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
}
