// Seed from test/Conversion/Fp8qToLinalg/quantize.mlir, case 5.
func.func @quantize_blocks_mn_major(%x: tensor<300x200xf32>)
    -> (tensor<300x200xf8E4M3FN>, tensor<2x3xf32>) {
  %q0 = tensor.empty() : tensor<300x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x200xf32> -> tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
  return %q, %s : tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
}
