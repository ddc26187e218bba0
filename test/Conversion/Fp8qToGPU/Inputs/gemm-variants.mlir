// The scaled_matmul variants of the wgmma GEMM kernel: bf16 and f32 results,
// accumulate, promotion every 64 K elements, the 1x128 B (Wgrad) form; odd
// M and N (tails).
func.func @bf16(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<300x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}
func.func @f32_acc(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
func.func @bf16_pi64(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %y0: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {promotion_interval = 64}
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x128xbf16>
  return %y : tensor<64x128xbf16>
}
func.func @wgrad_f32(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<300x4xf32>, %y0: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {b_tile = #fp8q.tile<1x128>}
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<300x512xf8E4M3FN>, tensor<300x4xf32> -> tensor<200x300xf32>
  return %y : tensor<200x300xf32>
}
