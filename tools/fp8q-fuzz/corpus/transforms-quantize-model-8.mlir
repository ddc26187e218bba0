// Seed from test/Transforms/quantize-model.mlir, case 8.
func.func @linear_f16_shared(%x: tensor<16x256xf16>, %wq: tensor<256x256xf16>, %wk: tensor<256x256xf16>) -> (tensor<16x256xf16>, tensor<16x256xf16>, tensor<16x256xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<16x256xf16>
  %acc = linalg.fill ins(%zero : f16) outs(%e : tensor<16x256xf16>) -> tensor<16x256xf16>
  %q = linalg.matmul ins(%x, %wq : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  %k = linalg.matmul ins(%x, %wk : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  %k2 = linalg.matmul ins(%q, %wk : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  return %q, %k, %k2 : tensor<16x256xf16>, tensor<16x256xf16>, tensor<16x256xf16>
}
