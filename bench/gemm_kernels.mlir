// Source of build/bench/gemm_kernels/ (the wgmma GEMM variants for PERF.md's shapes;
// the kernels are shape-generic, so one bf16 kernel serves every row; @wgrad
// is the 1x128 x 1x128 form, dW[out, in] = dY^T X over K = tokens, f32;
// @fprop_a_mn_major reads A's scales as [K/128, M], a_scale_layout = mn_major;
// @experts and @experts_decode are the grouped GEMMs of MoE experts, contiguous and
// masked layouts, checked by fp8q.device.check_grouped_gemm):
//   cmake --build build --target fp8q-device-exports   (bench/CMakeLists.txt)
func.func @fprop(%a: tensor<4096x16384xf8E4M3FN>, %sa: tensor<4096x128xf32>, %b: tensor<7168x16384xf8E4M3FN>, %sb: tensor<56x128xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<4096x16384xf8E4M3FN>, tensor<4096x128xf32>, tensor<7168x16384xf8E4M3FN>, tensor<56x128xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}
func.func @f32_out(%a: tensor<4096x7168xf8E4M3FN>, %sa: tensor<4096x56xf32>, %b: tensor<4096x7168xf8E4M3FN>, %sb: tensor<32x56xf32>, %y0: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>, tensor<4096x7168xf8E4M3FN>, tensor<32x56xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @accumulate(%a: tensor<128x1536xf8E4M3FN>, %sa: tensor<128x12xf32>, %b: tensor<24576x1536xf8E4M3FN>, %sb: tensor<192x12xf32>, %c: tensor<128x24576xbf16>) -> tensor<128x24576xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<128x1536xf8E4M3FN>, tensor<128x12xf32>, tensor<24576x1536xf8E4M3FN>, tensor<192x12xf32> -> tensor<128x24576xbf16>
  return %y : tensor<128x24576xbf16>
}
func.func @wgrad(%a: tensor<7168x4096xf8E4M3FN>, %sa: tensor<7168x32xf32>, %b: tensor<2048x4096xf8E4M3FN>, %sb: tensor<2048x32xf32>, %y0: tensor<7168x2048xf32>) -> tensor<7168x2048xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {b_tile = #fp8q.tile<1x128>}
      : tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>, tensor<2048x4096xf8E4M3FN>, tensor<2048x32xf32> -> tensor<7168x2048xf32>
  return %y : tensor<7168x2048xf32>
}
func.func @fprop_a_mn_major(%a: tensor<4096x16384xf8E4M3FN>, %sa: tensor<128x4096xf32>, %b: tensor<7168x16384xf8E4M3FN>, %sb: tensor<56x128xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4096x16384xf8E4M3FN>, tensor<128x4096xf32>, tensor<7168x16384xf8E4M3FN>, tensor<56x128xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}
func.func @experts(%a: tensor<4096x7168xf8E4M3FN>, %sa: tensor<4096x56xf32>, %b: tensor<8x2048x7168xf8E4M3FN>, %sb: tensor<8x16x56xf32>, %offsets: tensor<9xi32>, %y0: tensor<4096x2048xbf16>) -> tensor<4096x2048xbf16> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %offsets outs(%y0) {layout = #fp8q.group_layout<contiguous>}
      : tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>, tensor<8x2048x7168xf8E4M3FN>, tensor<8x16x56xf32>, tensor<9xi32> -> tensor<4096x2048xbf16>
  return %y : tensor<4096x2048xbf16>
}
func.func @experts_decode(%a: tensor<8x256x7168xf8E4M3FN>, %sa: tensor<8x256x56xf32>, %b: tensor<8x2048x7168xf8E4M3FN>, %sb: tensor<8x16x56xf32>, %counts: tensor<8xi32>, %y0: tensor<8x256x2048xbf16>) -> tensor<8x256x2048xbf16> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %counts outs(%y0) {layout = #fp8q.group_layout<masked>}
      : tensor<8x256x7168xf8E4M3FN>, tensor<8x256x56xf32>, tensor<8x2048x7168xf8E4M3FN>, tensor<8x16x56xf32>, tensor<8xi32> -> tensor<8x256x2048xbf16>
  return %y : tensor<8x256x2048xbf16>
}
