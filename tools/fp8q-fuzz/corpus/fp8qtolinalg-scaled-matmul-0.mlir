// Seed from test/Conversion/Fp8qToLinalg/scaled-matmul.mlir, case 0.
func.func @blocks_accumulate_bf16(
    %a: tensor<3x256xf8E4M3FN>, %sa: tensor<3x2xf32>,
    %b: tensor<130x256xf8E4M3FN>, %sb: tensor<2x2xf32>,
    %c: tensor<3x130xbf16>) -> tensor<3x130xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<3x256xf8E4M3FN>, tensor<3x2xf32>,
        tensor<130x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<3x130xbf16>
  return %y : tensor<3x130xbf16>
}
