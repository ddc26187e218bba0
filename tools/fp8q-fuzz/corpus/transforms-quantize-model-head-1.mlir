// Seed from test/Transforms/quantize-model-head.mlir, case 1.
func.func @lm_untied_head(%ids: tensor<8x1xindex>, %wte: tensor<1000x256xf32>, %wkv: tensor<256x256xf32>, %head: tensor<256x512xf32>) -> (tensor<8x512xf32>, tensor<8x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %h = tensor.gather %wte[%ids] gather_dims([0]) : (tensor<1000x256xf32>, tensor<8x1xindex>) -> tensor<8x256xf32>
  %e1 = tensor.empty() : tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %kv = linalg.matmul ins(%h, %wkv : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %e2 = tensor.empty() : tensor<8x512xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %logits = linalg.matmul ins(%kv, %head : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a2 : tensor<8x512xf32>) -> tensor<8x512xf32>
  return %logits, %kv : tensor<8x512xf32>, tensor<8x256xf32>
}
