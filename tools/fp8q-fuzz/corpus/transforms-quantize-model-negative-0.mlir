// Seed from test/Transforms/quantize-model-negative.mlir, case 0.
func.func @dynamic_tokens(%x: tensor<?x256xf32>, %w: tensor<256x512xf32>, %acc: tensor<?x512xf32>) -> tensor<?x512xf32> {
  %y = linalg.matmul ins(%x, %w : tensor<?x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<?x512xf32>) -> tensor<?x512xf32>
  return %y : tensor<?x512xf32>
}
