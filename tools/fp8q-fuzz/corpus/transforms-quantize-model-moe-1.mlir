// Seed from test/Transforms/quantize-model-moe.mlir, case 1.
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @moe_sigmoid_topk_router(%x: tensor<16x256xf32>, %w: tensor<256x64xf32>) -> (tensor<16x8xf32>, tensor<16x8xi64>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %s = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x64xf32>) outs(%acc : tensor<16x64xf32>) -> tensor<16x64xf32>
  %aff = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %vals, %idx = "tm_tensor.topk"(%aff) {k = 8 : i64} : (tensor<16x64xf32>) -> (tensor<16x8xf32>, tensor<16x8xi64>)
  return %vals, %idx : tensor<16x8xf32>, tensor<16x8xi64>
}
