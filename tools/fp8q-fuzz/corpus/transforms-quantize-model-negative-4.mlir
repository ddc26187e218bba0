// Seed from test/Transforms/quantize-model-negative.mlir, case 4.
func.func @unregistered_neighbours(%in: tensor<16x256xf32>, %w: tensor<256x512xf32>) -> tensor<16x512xf32> {
  %x = "foo.preprocess"(%in) : (tensor<16x256xf32>) -> tensor<16x256xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  %z = "foo.postprocess"(%y) : (tensor<16x512xf32>) -> tensor<16x512xf32>
  return %z : tensor<16x512xf32>
}
