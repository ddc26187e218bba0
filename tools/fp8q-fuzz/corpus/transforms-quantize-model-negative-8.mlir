// Seed from test/Transforms/quantize-model-negative.mlir, case 8.
func.func @pre_retained(%x: tensor<16x256xf32>, %w: tensor<256x512xf32>, %acc: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %y = linalg.matmul {fp8q.retain = #fp8q.retain<user>} ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
