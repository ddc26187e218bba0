// Source of build/bench/accuracy_kernels/ (the accumulation-precision experiment of
// docs/GPU.md, after the DeepSeek-V3 report: promotion every 128 K elements
// vs none). @promote128 is the default f32 kernel (group 128, promotion 128;
// shape-generic, it serves every K); @none_<K> keeps one tensor-core
// accumulation over all of K (group_size = promotion_interval = K, one scale
// per row of A and per K x K block of B), one kernel per K:
//   cmake --build build --target fp8q-device-exports   (bench/CMakeLists.txt)
func.func @promote128(%a: tensor<1024x512xf8E4M3FN>, %sa: tensor<1024x4xf32>, %b: tensor<1024x512xf8E4M3FN>, %sb: tensor<8x4xf32>, %y0: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<1024x512xf8E4M3FN>, tensor<1024x4xf32>, tensor<1024x512xf8E4M3FN>, tensor<8x4xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
func.func @none_512(%a: tensor<1024x512xf8E4M3FN>, %sa: tensor<1024x1xf32>, %b: tensor<1024x512xf8E4M3FN>, %sb: tensor<2x1xf32>, %y0: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 512, b_tile = #fp8q.tile<512x512>, promotion_interval = 512}
      : tensor<1024x512xf8E4M3FN>, tensor<1024x1xf32>, tensor<1024x512xf8E4M3FN>, tensor<2x1xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
func.func @none_1024(%a: tensor<1024x1024xf8E4M3FN>, %sa: tensor<1024x1xf32>, %b: tensor<1024x1024xf8E4M3FN>, %sb: tensor<1x1xf32>, %y0: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 1024, b_tile = #fp8q.tile<1024x1024>, promotion_interval = 1024}
      : tensor<1024x1024xf8E4M3FN>, tensor<1024x1xf32>, tensor<1024x1024xf8E4M3FN>, tensor<1x1xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
func.func @none_2048(%a: tensor<1024x2048xf8E4M3FN>, %sa: tensor<1024x1xf32>, %b: tensor<1024x2048xf8E4M3FN>, %sb: tensor<1x1xf32>, %y0: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 2048, b_tile = #fp8q.tile<2048x2048>, promotion_interval = 2048}
      : tensor<1024x2048xf8E4M3FN>, tensor<1024x1xf32>, tensor<1024x2048xf8E4M3FN>, tensor<1x1xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
func.func @none_4096(%a: tensor<1024x4096xf8E4M3FN>, %sa: tensor<1024x1xf32>, %b: tensor<1024x4096xf8E4M3FN>, %sb: tensor<1x1xf32>, %y0: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 4096, b_tile = #fp8q.tile<4096x4096>, promotion_interval = 4096}
      : tensor<1024x4096xf8E4M3FN>, tensor<1024x1xf32>, tensor<1024x4096xf8E4M3FN>, tensor<1x1xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
func.func @none_8192(%a: tensor<1024x8192xf8E4M3FN>, %sa: tensor<1024x1xf32>, %b: tensor<1024x8192xf8E4M3FN>, %sb: tensor<1x1xf32>, %y0: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 8192, b_tile = #fp8q.tile<8192x8192>, promotion_interval = 8192}
      : tensor<1024x8192xf8E4M3FN>, tensor<1024x1xf32>, tensor<1024x8192xf8E4M3FN>, tensor<1x1xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
func.func @none_16384(%a: tensor<1024x16384xf8E4M3FN>, %sa: tensor<1024x1xf32>, %b: tensor<1024x16384xf8E4M3FN>, %sb: tensor<1x1xf32>, %y0: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 16384, b_tile = #fp8q.tile<16384x16384>, promotion_interval = 16384}
      : tensor<1024x16384xf8E4M3FN>, tensor<1024x1xf32>, tensor<1024x16384xf8E4M3FN>, tensor<1x1xf32> -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
