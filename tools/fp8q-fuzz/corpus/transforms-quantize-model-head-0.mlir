// Seed from test/Transforms/quantize-model-head.mlir, case 0.
#tok = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>

func.func @lm_tied_head(%ids: tensor<1x8xi64>, %w1: tensor<256x256xf32>) -> tensor<1x8x1000xf32> {
  %wte = arith.constant dense_resource<__elided__> : tensor<1000x256xf32>
  %zero = arith.constant 0.0 : f32
  %e_h = tensor.empty() : tensor<1x8x256xf32>
  %h = linalg.generic {indexing_maps = [#tok, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<1x8xi64>) outs(%e_h : tensor<1x8x256xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %wte[%row, %col] : tensor<1000x256xf32>
    linalg.yield %v : f32
  } -> tensor<1x8x256xf32>
  %h2 = tensor.collapse_shape %h [[0, 1], [2]] : tensor<1x8x256xf32> into tensor<8x256xf32>
  %e1 = tensor.empty() : tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %m = linalg.matmul ins(%h2, %w1 : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %e_t = tensor.empty() : tensor<256x1000xf32>
  %wt = linalg.generic {indexing_maps = [#id2, #tr2], iterator_types = ["parallel", "parallel"]} ins(%wte : tensor<1000x256xf32>) outs(%e_t : tensor<256x1000xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<256x1000xf32>
  %e_l = tensor.empty() : tensor<8x1000xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %logits = linalg.matmul ins(%m, %wt : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%a2 : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %l3 = tensor.expand_shape %logits [[0, 1], [2]] output_shape [1, 8, 1000] : tensor<8x1000xf32> into tensor<1x8x1000xf32>
  return %l3 : tensor<1x8x1000xf32>
}
