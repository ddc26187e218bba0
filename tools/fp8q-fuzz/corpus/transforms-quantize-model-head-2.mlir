// Seed from test/Transforms/quantize-model-head.mlir, case 2.
func.func @no_embedding_no_head(%h: tensor<8x256xf32>, %head: tensor<256x512xf32>) -> tensor<8x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x512xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<8x512xf32>) -> tensor<8x512xf32>
  %logits = linalg.matmul ins(%h, %head : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a : tensor<8x512xf32>) -> tensor<8x512xf32>
  return %logits : tensor<8x512xf32>
}
