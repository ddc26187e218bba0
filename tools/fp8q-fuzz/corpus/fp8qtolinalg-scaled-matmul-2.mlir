// Seed from test/Conversion/Fp8qToLinalg/scaled-matmul.mlir, case 2.
func.func @blocks_accumulate_a_mn_major(
    %a: tensor<3x256xf8E4M3FN>, %sa: tensor<2x3xf32>,
    %b: tensor<130x256xf8E4M3FN>, %sb: tensor<2x2xf32>,
    %c: tensor<3x130xbf16>) -> tensor<3x130xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<3x256xf8E4M3FN>, tensor<2x3xf32>,
        tensor<130x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<3x130xbf16>
  return %y : tensor<3x130xbf16>
}
