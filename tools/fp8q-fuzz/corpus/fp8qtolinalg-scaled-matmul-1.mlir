// Seed from test/Conversion/Fp8qToLinalg/scaled-matmul.mlir, case 1.
func.func @row_tiles_f32(
    %a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>,
    %b: tensor<96x256xf8E4M3FN>, %sb: tensor<96x2xf32>) -> tensor<4x96xf32> {
  %init = tensor.empty() : tensor<4x96xf32>
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%init)
      {b_tile = #fp8q.tile<1x128>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>,
        tensor<96x256xf8E4M3FN>, tensor<96x2xf32> -> tensor<4x96xf32>
  return %y : tensor<4x96xf32>
}
