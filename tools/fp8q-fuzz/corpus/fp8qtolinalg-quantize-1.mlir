// Seed from test/Conversion/Fp8qToLinalg/quantize.mlir, case 1.
func.func @quantize_blocks_pow2(%x: tensor<256x384xf32>)
    -> (tensor<256x384xf8E4M3FN>, tensor<2x3xf32>) {
  %q0 = tensor.empty() : tensor<256x384xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<256x384xf32> -> tensor<256x384xf8E4M3FN>, tensor<2x3xf32>
  return %q, %s : tensor<256x384xf8E4M3FN>, tensor<2x3xf32>
}
