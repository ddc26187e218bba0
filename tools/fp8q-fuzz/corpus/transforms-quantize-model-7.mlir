// Seed from test/Transforms/quantize-model.mlir, case 7.
func.func @linear_weight_on_the_left(%xt: tensor<256x16xf32>) -> tensor<512x16xf32> {
  %w = arith.constant dense<0.25> : tensor<512x256xf32>
  %e0 = tensor.empty() : tensor<256x16xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%xt : tensor<256x16xf32>) outs(%e0 : tensor<256x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<256x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<512x16xf32>) -> tensor<512x16xf32>
  %y = linalg.matmul ins(%w, %a : tensor<512x256xf32>, tensor<256x16xf32>) outs(%acc : tensor<512x16xf32>) -> tensor<512x16xf32>
  return %y : tensor<512x16xf32>
}
