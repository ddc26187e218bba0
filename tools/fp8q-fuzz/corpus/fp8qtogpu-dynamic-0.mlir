// Seed from test/Conversion/Fp8qToGPU/dynamic.mlir, case 0.
func.func @dynamic(%x: tensor<?x?xf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<?x?xf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}


func.func @dynamic_mn_major(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>,
                            %qt0: tensor<?x?xf8E4M3FN>, %st0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s, %qt, %st : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}


func.func @dynamic_block_mn_major(%x: tensor<?x?xf32>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}
