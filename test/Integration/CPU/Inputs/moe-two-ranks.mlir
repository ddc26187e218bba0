// A dispatch over 2 ranks (moe-exchange-errors.mlir): not runnable on the CPU.
func.func @two_ranks(%q: tensor<4x128xf8E4M3FN>, %s: tensor<4x1xf32>, %experts: tensor<4x1xi32>) -> tensor<1x8xi32> {
  %rc0 = tensor.empty() : tensor<1x8x128xf8E4M3FN>
  %rs0 = tensor.empty() : tensor<1x8x1xf32>
  %c0 = tensor.empty() : tensor<1xi32>
  %s0 = tensor.empty() : tensor<1x8xi32>
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %experts
      outs(%rc0, %rs0, %c0, %s0) {ranks = 2, num_experts = 2, capacity = 8}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32>, tensor<4x1xi32>
      -> tensor<1x8x128xf8E4M3FN>, tensor<1x8x1xf32>, tensor<1xi32>, tensor<1x8xi32>
  return %src : tensor<1x8xi32>
}
