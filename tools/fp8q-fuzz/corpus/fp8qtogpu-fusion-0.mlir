// Seed from test/Conversion/Fp8qToGPU/fusion.mlir, case 0.
func.func @fused(%x: tensor<4096x7168xbf16>)
    -> (tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>,
        tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>) {
  %qt0 = tensor.empty() : tensor<7168x4096xf8E4M3FN>
  %st0 = tensor.empty() : tensor<7168x32xf32>
  %q0 = tensor.empty() : tensor<4096x7168xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4096x56xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<4096x7168xbf16> -> tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<4096x7168xbf16> -> tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>
  return %qt, %st, %q, %s : tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>,
                            tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>
}
