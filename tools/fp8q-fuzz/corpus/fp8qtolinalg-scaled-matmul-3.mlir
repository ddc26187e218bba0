// Seed from test/Conversion/Fp8qToLinalg/scaled-matmul.mlir, case 3.
func.func @row_tiles_a_layouts(
    %a: tensor<4x192xf8E4M3FN>, %sam: tensor<3x4xf32>, %sak: tensor<4x3xf32>,
    %b: tensor<96x192xf8E4M3FN>, %sb: tensor<96x3xf32>) -> (tensor<4x96xf32>, tensor<4x96xf32>) {
  %init = tensor.empty() : tensor<4x96xf32>
  %y1 = fp8q.scaled_matmul %a, %sam, %b, %sb outs(%init)
      {group_size = 64, promotion_interval = 64, b_tile = #fp8q.tile<1x64>,
       a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4x192xf8E4M3FN>, tensor<3x4xf32>,
        tensor<96x192xf8E4M3FN>, tensor<96x3xf32> -> tensor<4x96xf32>
  %y2 = fp8q.scaled_matmul %a, %sak, %b, %sb outs(%init)
      {group_size = 64, promotion_interval = 64, b_tile = #fp8q.tile<1x64>,
       a_scale_layout = #fp8q.scale_layout<k_major>}
      : tensor<4x192xf8E4M3FN>, tensor<4x3xf32>,
        tensor<96x192xf8E4M3FN>, tensor<96x3xf32> -> tensor<4x96xf32>
  return %y1, %y2 : tensor<4x96xf32>, tensor<4x96xf32>
}
