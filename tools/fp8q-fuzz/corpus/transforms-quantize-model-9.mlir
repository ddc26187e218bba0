// Seed from test/Transforms/quantize-model.mlir, case 9.
func.func @linear_bf16_weight_upcast(%x: tensor<16x256xf32>, %w: tensor<256x512xbf16>) -> tensor<16x512xf32> {
  %ew = tensor.empty() : tensor<256x512xf32>
  %wf = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<256x512xbf16>) outs(%ew : tensor<256x512xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %f = arith.extf %in : bf16 to f32
    linalg.yield %f : f32
  } -> tensor<256x512xf32>
  %e = tensor.empty() : tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %wf : tensor<16x256xf32>, tensor<256x512xf32>) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
