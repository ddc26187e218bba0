// Seed from test/Conversion/Fp8qToLinalg/degenerate-shapes.mlir, case 0.
func.func @empty(%x: tensor<0x4xf32>, %q0: tensor<0x4xf8E4M3FN>,
                 %s0: tensor<0x1xf32>, %a: tensor<3x0xf8E4M3FN>,
                 %sa: tensor<3x0xf32>, %b: tensor<5x0xf8E4M3FN>,
                 %sb: tensor<1x0xf32>, %c: tensor<3x5xbf16>)
    -> (tensor<0x4xf8E4M3FN>, tensor<3x5xbf16>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x4>}
      : tensor<0x4xf32> -> tensor<0x4xf8E4M3FN>, tensor<0x1xf32>
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<3x0xf8E4M3FN>, tensor<3x0xf32>, tensor<5x0xf8E4M3FN>,
        tensor<1x0xf32> -> tensor<3x5xbf16>
  return %q, %y : tensor<0x4xf8E4M3FN>, tensor<3x5xbf16>
}

func.func @huge(%x: tensor<4611686018427387904x4611686018427387904xf32>,
                %q0: tensor<4611686018427387904x4611686018427387904xf8E4M3FN>,
                %s0: tensor<4611686018427387904x1xf32>)
    -> tensor<4611686018427387904x1xf32> {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x4611686018427387904>}
      : tensor<4611686018427387904x4611686018427387904xf32>
      -> tensor<4611686018427387904x4611686018427387904xf8E4M3FN>,
         tensor<4611686018427387904x1xf32>
  return %s : tensor<4611686018427387904x1xf32>
}
