// Seed from test/Transforms/quantize-model.mlir, case 1.
func.func @linear_transposed_bias(%x: tensor<16x256xf32>, %w: tensor<512x256xf32>, %b: tensor<512xf32>) -> tensor<16x512xf32> {
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<16x512xf32>
  %bias = linalg.broadcast ins(%b : tensor<512xf32>) outs(%e : tensor<16x512xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %wt : tensor<16x256xf32>, tensor<256x512xf32>) outs(%bias : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
