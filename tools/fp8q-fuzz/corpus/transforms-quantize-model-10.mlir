// Seed from test/Transforms/quantize-model.mlir, case 10.
ml_program.global private @w0(dense<0.5> : tensor<256x512xf32>) : tensor<256x512xf32>
memref.global "private" constant @w1 : memref<256x512xf32> = dense<0.25>
func.func @linear_globals(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %w0 = ml_program.global_load_const @w0 : tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %h = linalg.matmul ins(%x, %w0 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  %m1 = memref.get_global @w1 : memref<256x512xf32>
  %w1 = bufferization.to_tensor %m1 restrict : memref<256x512xf32> to tensor<256x512xf32>
  %e2 = tensor.empty() : tensor<16x256xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%h, %w1 : tensor<16x512xf32>, tensor<256x512xf32>) outs(%acc2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}
