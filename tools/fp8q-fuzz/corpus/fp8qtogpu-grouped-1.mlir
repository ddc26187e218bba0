// Seed from test/Conversion/Fp8qToGPU/scaled-matmul-wgmma-grouped.mlir, case 1.
func.func @masked(%a: tensor<4x64x256xf8E4M3FN>, %sa: tensor<4x64x2xf32>, %b: tensor<4x512x256xf8E4M3FN>, %sb: tensor<4x4x2xf32>, %cnt: tensor<4xi32>, %init: tensor<4x64x512xf32>) -> tensor<4x64x512xf32> {
  %z = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %cnt outs(%init)
      {layout = #fp8q.group_layout<masked>, accumulate}
      : tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4x512x256xf8E4M3FN>, tensor<4x4x2xf32>, tensor<4xi32> -> tensor<4x64x512xf32>
  return %z : tensor<4x64x512xf32>
}
