// Seed from test/Transforms/quantize-model-negative.mlir, case 2.
func.func @integer_matmul(%x: tensor<16x256xi8>, %w: tensor<256x512xi8>, %acc: tensor<16x512xi32>) -> tensor<16x512xi32> {
  %y = linalg.matmul ins(%x, %w : tensor<16x256xi8>, tensor<256x512xi8>) outs(%acc : tensor<16x512xi32>) -> tensor<16x512xi32>
  return %y : tensor<16x512xi32>
}
func.func @f64_matmul(%x: tensor<16x256xf64>, %w: tensor<256x512xf64>, %acc: tensor<16x512xf64>) -> tensor<16x512xf64> {
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf64>, tensor<256x512xf64>) outs(%acc : tensor<16x512xf64>) -> tensor<16x512xf64>
  return %y : tensor<16x512xf64>
}
