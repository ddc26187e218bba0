// Seed from test/Conversion/Fp8qToGPU/fusion.mlir, case 7.
func.func @pairs_by_layout(%x: tensor<256x384xbf16>)
    -> (tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>,
        tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x384xf8E4M3FN>
  %qt0 = tensor.empty() : tensor<384x256xf8E4M3FN>
  %sk0 = tensor.empty() : tensor<256x3xf32>
  %smn0 = tensor.empty() : tensor<3x256xf32>
  %stk0 = tensor.empty() : tensor<384x2xf32>
  %stmn0 = tensor.empty() : tensor<2x384xf32>
  %a, %sa = fp8q.quantize %x outs(%q0, %smn0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<256x384xbf16> -> tensor<256x384xf8E4M3FN>, tensor<3x256xf32>
  %b, %sb = fp8q.quantize %x outs(%qt0, %stk0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x384xbf16> -> tensor<384x256xf8E4M3FN>, tensor<384x2xf32>
  %c, %sc = fp8q.quantize %x outs(%q0, %sk0) {tile = #fp8q.tile<1x128>}
      : tensor<256x384xbf16> -> tensor<256x384xf8E4M3FN>, tensor<256x3xf32>
  %d, %sd = fp8q.quantize %x outs(%qt0, %stmn0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<256x384xbf16> -> tensor<384x256xf8E4M3FN>, tensor<2x384xf32>
  return %a, %b, %c, %d : tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>,
                          tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>
}
