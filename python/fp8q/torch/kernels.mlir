// Source of the kernels fp8q.torch launches (python/fp8q/torch/kernels.py).
// Exported by the build into build/bench/torch_kernels (bench/CMakeLists.txt,
// target fp8q-device-exports) with
//   fp8-opt python/fp8q/torch/kernels.mlir \
//     --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified export-dir=DIR"
// and by fp8q.torch itself on first use when no export is found and fp8-opt
// is available. The kernels are shape-generic (the manifest's sizes are
// expressions), so the static shapes below only pick the variants. They are
// the compiler's training recipe (--fp8q-quantize-model, docs/QuantizeModel.md
// "Training steps"): fp32 scales, X in 1x128 tiles (its codes cached for
// the backward and turned into 128x1 tiles by tile_transpose), W in 128x128
// blocks, dY through the fused 1x128 + 128x1-T quantizer, Fprop and Dgrad
// as 1x128 x 128x128, Wgrad as 1x128 x 1x128 along the tokens (f32 out).

// Activations (bf16): 1x128, and 1x128 + 128x1-T fused (dY).
func.func @quantize_1x128_bf16(%x: tensor<256x512xbf16>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>) {
  %rowwise_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %rowwise_s0 = tensor.empty() : tensor<256x4xf32>
  %rowwise_q, %rowwise_s = fp8q.quantize %x outs(%rowwise_q0, %rowwise_s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  return %rowwise_q, %rowwise_s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
}
func.func @quantize_1x128_128x1t_bf16(%x: tensor<256x512xbf16>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<512x256xf8E4M3FN>, tensor<512x2xf32>) {
  %rowwise_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %rowwise_s0 = tensor.empty() : tensor<256x4xf32>
  %rowwise_q, %rowwise_s = fp8q.quantize %x outs(%rowwise_q0, %rowwise_s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  %colwise_t_q0 = tensor.empty() : tensor<512x256xf8E4M3FN>
  %colwise_t_s0 = tensor.empty() : tensor<512x2xf32>
  %colwise_t_q, %colwise_t_s = fp8q.quantize %x outs(%colwise_t_q0, %colwise_t_s0) {tile = #fp8q.tile<128x1>, scale_mode = #fp8q.scale_mode<fp32>, transpose}
      : tensor<256x512xbf16> -> tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
  return %rowwise_q, %rowwise_s, %colwise_t_q, %colwise_t_s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
}
// Weights (bf16): 128x128 blocks.
func.func @quantize_128x128_bf16(%x: tensor<256x512xbf16>) -> (tensor<256x512xf8E4M3FN>, tensor<2x4xf32>) {
  %block_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %block_s0 = tensor.empty() : tensor<2x4xf32>
  %block_q, %block_s = fp8q.quantize %x outs(%block_q0, %block_s0) {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
  return %block_q, %block_s : tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
}
// Activations (f16): 1x128, and 1x128 + 128x1-T fused (dY).
func.func @quantize_1x128_f16(%x: tensor<256x512xf16>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>) {
  %rowwise_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %rowwise_s0 = tensor.empty() : tensor<256x4xf32>
  %rowwise_q, %rowwise_s = fp8q.quantize %x outs(%rowwise_q0, %rowwise_s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  return %rowwise_q, %rowwise_s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
}
func.func @quantize_1x128_128x1t_f16(%x: tensor<256x512xf16>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<512x256xf8E4M3FN>, tensor<512x2xf32>) {
  %rowwise_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %rowwise_s0 = tensor.empty() : tensor<256x4xf32>
  %rowwise_q, %rowwise_s = fp8q.quantize %x outs(%rowwise_q0, %rowwise_s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  %colwise_t_q0 = tensor.empty() : tensor<512x256xf8E4M3FN>
  %colwise_t_s0 = tensor.empty() : tensor<512x2xf32>
  %colwise_t_q, %colwise_t_s = fp8q.quantize %x outs(%colwise_t_q0, %colwise_t_s0) {tile = #fp8q.tile<128x1>, scale_mode = #fp8q.scale_mode<fp32>, transpose}
      : tensor<256x512xf16> -> tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
  return %rowwise_q, %rowwise_s, %colwise_t_q, %colwise_t_s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
}
// Weights (f16): 128x128 blocks.
func.func @quantize_128x128_f16(%x: tensor<256x512xf16>) -> (tensor<256x512xf8E4M3FN>, tensor<2x4xf32>) {
  %block_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %block_s0 = tensor.empty() : tensor<2x4xf32>
  %block_q, %block_s = fp8q.quantize %x outs(%block_q0, %block_s0) {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xf16> -> tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
  return %block_q, %block_s : tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
}
// Activations (f32): 1x128, and 1x128 + 128x1-T fused (dY).
func.func @quantize_1x128_f32(%x: tensor<256x512xf32>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>) {
  %rowwise_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %rowwise_s0 = tensor.empty() : tensor<256x4xf32>
  %rowwise_q, %rowwise_s = fp8q.quantize %x outs(%rowwise_q0, %rowwise_s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  return %rowwise_q, %rowwise_s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
}
func.func @quantize_1x128_128x1t_f32(%x: tensor<256x512xf32>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<512x256xf8E4M3FN>, tensor<512x2xf32>) {
  %rowwise_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %rowwise_s0 = tensor.empty() : tensor<256x4xf32>
  %rowwise_q, %rowwise_s = fp8q.quantize %x outs(%rowwise_q0, %rowwise_s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  %colwise_t_q0 = tensor.empty() : tensor<512x256xf8E4M3FN>
  %colwise_t_s0 = tensor.empty() : tensor<512x2xf32>
  %colwise_t_q, %colwise_t_s = fp8q.quantize %x outs(%colwise_t_q0, %colwise_t_s0) {tile = #fp8q.tile<128x1>, scale_mode = #fp8q.scale_mode<fp32>, transpose}
      : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
  return %rowwise_q, %rowwise_s, %colwise_t_q, %colwise_t_s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
}
// Weights (f32): 128x128 blocks.
func.func @quantize_128x128_f32(%x: tensor<256x512xf32>) -> (tensor<256x512xf8E4M3FN>, tensor<2x4xf32>) {
  %block_q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %block_s0 = tensor.empty() : tensor<2x4xf32>
  %block_q, %block_s = fp8q.quantize %x outs(%block_q0, %block_s0) {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
  return %block_q, %block_s : tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
}
// The cached forward activation X [T, K] (1x128) -> X^T [K, T] in 1x128 tiles along T.
func.func @tile_transpose(%q: tensor<256x512xf8E4M3FN>, %s: tensor<256x4xf32>) -> (tensor<512x256xf8E4M3FN>, tensor<512x2xf32>) {
  %qt0 = tensor.empty() : tensor<512x256xf8E4M3FN>
  %st0 = tensor.empty() : tensor<512x2xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>}
      : tensor<256x512xf8E4M3FN>, tensor<256x4xf32> -> tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
  return %qt, %st : tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
}
// Fprop Y = X W^T and Dgrad dX = dY W (B = W^T, the weight's blocks transposed): 1x128 x 128x128.
func.func @gemm_bf16(%a: tensor<256x512xf8E4M3FN>, %sa: tensor<256x4xf32>, %b: tensor<384x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<256x384xbf16>) -> tensor<256x384xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<384x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<256x384xbf16>
  return %y : tensor<256x384xbf16>
}
// The same with f32 output (f32 and f16 models).
func.func @gemm_f32(%a: tensor<256x512xf8E4M3FN>, %sa: tensor<256x4xf32>, %b: tensor<384x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<256x384xf32>) -> tensor<256x384xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<384x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<256x384xf32>
  return %y : tensor<256x384xf32>
}
// Wgrad dW = dY^T X over the tokens: 1x128 x 1x128, f32 out.
func.func @wgrad_f32(%a: tensor<256x512xf8E4M3FN>, %sa: tensor<256x4xf32>, %b: tensor<384x512xf8E4M3FN>, %sb: tensor<384x4xf32>, %y0: tensor<256x384xf32>) -> tensor<256x384xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {b_tile = #fp8q.tile<1x128>}
      : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<384x512xf8E4M3FN>, tensor<384x4xf32> -> tensor<256x384xf32>
  return %y : tensor<256x384xf32>
}
