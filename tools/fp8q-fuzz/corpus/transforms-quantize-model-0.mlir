// Seed from test/Transforms/quantize-model.mlir, case 0.
func.func @linear_arg_kn(%x: tensor<16x256xf32>, %w: tensor<256x512xf32>) -> tensor<16x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
