// The pass is also available to upstream mlir-opt through the fp8q plugin.
// RUN: mlir-opt %s --load-dialect-plugin=%fp8q_plugin --load-pass-plugin=%fp8q_plugin \
// RUN:   --pass-pipeline="builtin.module(fp8q-quantize-model{output-type=bf16})" | FileCheck %s

// CHECK-LABEL: func.func @linear
// CHECK: fp8q.quantize %{{.*}} {tile = #fp8q.tile<128x128>, transpose}
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x512xbf16>
func.func @linear(%x: tensor<16x256xf32>, %w: tensor<256x512xf32>) -> tensor<16x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
