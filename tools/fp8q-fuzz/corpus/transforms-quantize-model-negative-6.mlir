// Seed from test/Transforms/quantize-model-negative.mlir, case 6.
func.func @buffers(%x: memref<16x256xf32>, %w: memref<256x512xf32>, %y: memref<16x512xf32>) {
  linalg.matmul ins(%x, %w : memref<16x256xf32>, memref<256x512xf32>) outs(%y : memref<16x512xf32>)
  return
}
