// Seed from test/Transforms/quantize-model-negative.mlir, case 5.
func.func @in_a_loop(%x0: tensor<16x256xf32>, %w: tensor<256x256xf32>) -> tensor<16x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %v = %w) -> (tensor<16x256xf32>, tensor<256x256xf32>) {
    %h = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    %y = linalg.matmul ins(%h, %v : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    scf.yield %y, %v : tensor<16x256xf32>, tensor<256x256xf32>
  }
  return %r#0 : tensor<16x256xf32>
}
