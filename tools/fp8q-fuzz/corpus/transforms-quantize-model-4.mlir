// Seed from test/Transforms/quantize-model.mlir, case 4.
func.func @linear_flat_parameter(%x: tensor<16x256xf32>, %params: tensor<262144xf32>) -> tensor<16x256xf32> {
  %s0 = tensor.extract_slice %params[0] [131072] [1] : tensor<262144xf32> to tensor<131072xf32>
  %w0 = tensor.expand_shape %s0 [[0, 1]] output_shape [256, 512] : tensor<131072xf32> into tensor<256x512xf32>
  %s1 = tensor.extract_slice %params[131072] [131072] [1] : tensor<262144xf32> to tensor<131072xf32>
  %w1 = tensor.expand_shape %s1 [[0, 1]] output_shape [256, 512] : tensor<131072xf32> into tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %h = linalg.matmul ins(%x, %w0 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  %e2 = tensor.empty() : tensor<16x256xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%h, %w1 : tensor<16x512xf32>, tensor<256x512xf32>) outs(%acc2 : tensor<16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}
