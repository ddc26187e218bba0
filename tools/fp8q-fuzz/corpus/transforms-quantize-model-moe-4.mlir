// Seed from test/Transforms/quantize-model-moe.mlir, case 4.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d0, 0)>

func.func @router_softmax_is_not_a_norm(%x: tensor<16x256xf32>, %wr: tensor<256x4xf32>) -> tensor<16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %e4 = tensor.empty() : tensor<16x4xf32>
  %a4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<16x4xf32>) -> tensor<16x4xf32>
  %logits = linalg.matmul ins(%x, %wr : tensor<16x256xf32>, tensor<256x4xf32>) outs(%a4 : tensor<16x4xf32>) -> tensor<16x4xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%logits : tensor<16x4xf32>) outs(%e4 : tensor<16x4xf32>) {
  ^bb0(%l: f32, %out: f32):
    %v = math.exp %l : f32
    linalg.yield %v : f32
  } -> tensor<16x4xf32>
  %e1 = tensor.empty() : tensor<16x1xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x1xf32>) -> tensor<16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<16x4xf32>) outs(%z1 : tensor<16x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16x1xf32>
  %probs = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<16x4xf32>, tensor<16x1xf32>) outs(%e4 : tensor<16x4xf32>) {
  ^bb0(%v: f32, %s: f32, %out: f32):
    %d = arith.divf %v, %s : f32
    linalg.yield %d : f32
  } -> tensor<16x4xf32>
  %p0 = tensor.extract_slice %probs[0, 0] [16, 1] [1, 1] : tensor<16x4xf32> to tensor<16x1xf32>
  %e = tensor.empty() : tensor<16x256xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %p0 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%e : tensor<16x256xf32>) {
  ^bb0(%v: f32, %p: f32, %out: f32):
    %m = arith.mulf %v, %p : f32
    linalg.yield %m : f32
  } -> tensor<16x256xf32>
  %ss = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<16x256xf32>) outs(%z1 : tensor<16x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %sq = arith.mulf %v, %v : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16x1xf32>
  %rs = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ss : tensor<16x1xf32>) outs(%e1 : tensor<16x1xf32>) {
  ^bb0(%v: f32, %out: f32):
    %a = arith.addf %v, %eps : f32
    %r = math.rsqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<16x1xf32>
  %n = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%y, %rs : tensor<16x256xf32>, tensor<16x1xf32>) outs(%e : tensor<16x256xf32>) {
  ^bb0(%v: f32, %r: f32, %out: f32):
    %m = arith.mulf %v, %r : f32
    linalg.yield %m : f32
  } -> tensor<16x256xf32>
  return %n : tensor<16x256xf32>
}
