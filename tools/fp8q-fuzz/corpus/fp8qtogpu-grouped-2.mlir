// Seed: a grouped GEMM with a dynamic token count (contiguous layout).
func.func @dynamic(%a: tensor<?x256xf8E4M3FN>, %sa: tensor<?x2xf32>, %b: tensor<2x136x256xf8E4M3FN>, %sb: tensor<2x2x2xf32>, %off: tensor<3xi32>, %init: tensor<?x136xf32>) -> tensor<?x136xf32> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<2x136x256xf8E4M3FN>, tensor<2x2x2xf32>, tensor<3xi32> -> tensor<?x136xf32>
  return %y : tensor<?x136xf32>
}
