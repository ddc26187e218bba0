// Seed from test/Transforms/quantize-model.mlir, case 12.
func.func @linear_dequantized_constant_weight(%x: tensor<16x256xf32>) -> tensor<16x512xf32> {
  %wi = arith.constant dense<3> : tensor<256x512xi8>
  %s = arith.constant dense<0.01> : tensor<512xf32>
  %e = tensor.empty() : tensor<256x512xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>], iterator_types = ["parallel", "parallel"]} ins(%wi, %s : tensor<256x512xi8>, tensor<512xf32>) outs(%e : tensor<256x512xf32>) {
  ^bb0(%q: i8, %sc: f32, %out: f32):
    %f = arith.sitofp %q : i8 to f32
    %m = arith.mulf %f, %sc : f32
    linalg.yield %m : f32
  } -> tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %eo = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%eo : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
