// Seed from test/Conversion/Fp8qToGPU/fusion.mlir, case 3.
func.func @after_canonicalize(%x: tensor<256x384xbf16>)
    -> (tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x384xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x384xbf16> -> tensor<256x384xf8E4M3FN>, tensor<256x3xf32>
  %xt0 = tensor.empty() : tensor<384x256xbf16>
  %xt = linalg.transpose ins(%x : tensor<256x384xbf16>) outs(%xt0 : tensor<384x256xbf16>)
      permutation = [1, 0]
  %qt0 = tensor.empty() : tensor<384x256xf8E4M3FN>
  %st0 = tensor.empty() : tensor<384x2xf32>
  %qt, %st = fp8q.quantize %xt outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<384x256xbf16> -> tensor<384x256xf8E4M3FN>, tensor<384x2xf32>
  return %q, %qt : tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>
}
