// Seed from test/Conversion/Fp8qToGPU/scaled-matmul-wgmma-grouped.mlir, case 0.
func.func @contiguous(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x256x256xf8E4M3FN>, %sb: tensor<3x2x2xf32>, %off: tensor<4xi32>, %init: tensor<200x256xbf16>) -> tensor<200x256xbf16> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x256x256xf8E4M3FN>, tensor<3x2x2xf32>, tensor<4xi32> -> tensor<200x256xbf16>
  return %y : tensor<200x256xbf16>
}
