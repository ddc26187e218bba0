// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="wgrad-activation=requantize" -split-input-file | FileCheck %s --check-prefix=REQ
// RUN: fp8-opt %s --fp8q-quantize-model="dgrad-weight=requantize report=-" -split-input-file 2>&1 | FileCheck %s --check-prefix=DREQ
// RUN: not fp8-opt %s --fp8q-quantize-model="dgrad-weight=cached" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | fp8-opt -split-input-file --verify-each -o /dev/null

// Training steps written by hand (a Linear y = x W^T with its backward,
// dW = dy^T x and dx = dy W): roles, tilings and the reasons when a Wgrad
// cannot be quantized. The exported joint graph is test/Models/mlp-joint.test.

// T = 256 tokens: Fprop, Wgrad (both operands in 1x128 tiles along T: x's
// forward codes cached and turned into 128x1 tiles by tile_transpose, or
// quantized again so with wgrad-activation=requantize; b_tile 1x128) and
// Dgrad (the Fprop's 128x128 blocks of W through fp8q.block_transpose, or
// with dgrad-weight=requantize W quantized again [K, N] with transpose:
// the same codes), all in FP8. W is quantized once.
// REPORT:      @step | {{.*}}:[[#F:]]:{{.*}} | M=256 N=384 K=128 | quantized | fprop: weight argument #1 via transpose, quantized [N, K]
// REPORT-NEXT: @step | {{.*}} | M=384 N=128 K=256 | quantized | wgrad of the Linear at {{.*}}:[[#F]]:{{[0-9]+}}: dY^T X over the T = 256 tokens, both operands in 1x128 tiles along T (X [T, K]: 128x1 tiles, transposed)
// REPORT-NEXT: @step | {{.*}} | M=256 N=128 K=384 | quantized | dgrad of the Linear at {{.*}}:[[#F]]:{{[0-9]+}}: weight argument #1, the Fprop's 128x128 blocks through fp8q.block_transpose
// REPORT:      quantized 3 of 3 contractions
// CHECK-LABEL: func.func @step
// CHECK:       %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %arg1 outs({{.*}}) {tile = #fp8q.tile<128x128>} : tensor<384x128xf32> -> tensor<384x128xf8E4M3FN>, tensor<3x1xf32>
// CHECK:       %[[WQT:.*]], %[[WST:.*]] = fp8q.block_transpose %[[WQ]], %[[WS]] outs({{.*}}) {tile = #fp8q.tile<128x128>} : tensor<384x128xf8E4M3FN>, tensor<3x1xf32> -> tensor<128x384xf8E4M3FN>, tensor<1x3xf32>
// CHECK-NOT:   fp8q.quantize %arg1
// CHECK:       %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %arg0 outs({{.*}}) {tile = #fp8q.tile<1x128>} : tensor<256x128xf32> -> tensor<256x128xf8E4M3FN>, tensor<256x1xf32>
// CHECK:       %[[DYT:.*]], %[[SDYT:.*]] = fp8q.quantize %{{.*}} outs({{.*}}) {tile = #fp8q.tile<1x128>} : tensor<384x256xf32> -> tensor<384x256xf8E4M3FN>, tensor<384x2xf32>
// CHECK:       %[[XT:.*]], %[[SXT:.*]] = fp8q.tile_transpose %[[XQ]], %[[XS]] outs({{.*}}) {tile = #fp8q.tile<1x128>} : tensor<256x128xf8E4M3FN>, tensor<256x1xf32> -> tensor<128x256xf8E4M3FN>, tensor<128x2xf32>
// CHECK:       fp8q.scaled_matmul %[[DYT]], %[[SDYT]], %[[XT]], %[[SXT]] outs(%{{.*}}) {b_tile = #fp8q.tile<1x128>} : {{.*}} -> tensor<384x128xf32>
// CHECK:       fp8q.scaled_matmul %{{.*}}, %{{.*}}, %[[WQT]], %[[WST]] outs(%{{.*}}) : {{.*}}, tensor<128x384xf8E4M3FN>, tensor<1x3xf32> -> tensor<256x128xf32>
// DREQ:        @step | {{.*}} | M=256 N=128 K=384 | quantized | dgrad of the Linear at {{.*}}: weight argument #1, quantized [K, N] with transpose again (dgrad-weight=requantize)
// DREQ-LABEL:  func.func @step
// DREQ:        fp8q.quantize %arg1 outs({{.*}}) {tile = #fp8q.tile<128x128>} : tensor<384x128xf32> -> tensor<384x128xf8E4M3FN>
// DREQ:        %[[WQT:.*]], %[[WST:.*]] = fp8q.quantize %arg1 outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<384x128xf32> -> tensor<128x384xf8E4M3FN>, tensor<1x3xf32>
// DREQ:        fp8q.scaled_matmul %{{.*}}, %{{.*}}, %[[WQT]], %[[WST]] outs(%{{.*}}) : {{.*}} -> tensor<256x128xf32>
// DREQ-NOT:    fp8q.block_transpose
// BAD:         invalid dgrad-weight 'cached': expected 'reuse' or 'requantize'
// REQ-LABEL:   func.func @step
// REQ:         %[[XT:.*]], %[[SXT:.*]] = fp8q.quantize %arg0 outs({{.*}}) {tile = #fp8q.tile<128x1>, transpose} : tensor<256x128xf32> -> tensor<128x256xf8E4M3FN>, tensor<128x2xf32>
// REQ:         fp8q.scaled_matmul %{{.*}}, %{{.*}}, %[[XT]], %[[SXT]] outs(%{{.*}}) {b_tile = #fp8q.tile<1x128>} : {{.*}} -> tensor<384x128xf32>
// REQ-NOT:     fp8q.tile_transpose
func.func @step(%x: tensor<256x128xf32>, %w: tensor<384x128xf32>, %dy: tensor<256x384xf32>) -> (tensor<256x384xf32>, tensor<384x128xf32>, tensor<256x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<128x384xf32>
  %wt = linalg.transpose ins(%w : tensor<384x128xf32>) outs(%e0 : tensor<128x384xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<256x384xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256x384xf32>) -> tensor<256x384xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<256x128xf32>, tensor<128x384xf32>) outs(%f1 : tensor<256x384xf32>) -> tensor<256x384xf32>
  %e2 = tensor.empty() : tensor<384x256xf32>
  %dyt = linalg.transpose ins(%dy : tensor<256x384xf32>) outs(%e2 : tensor<384x256xf32>) permutation = [1, 0]
  %e3 = tensor.empty() : tensor<384x128xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<384x128xf32>) -> tensor<384x128xf32>
  %dw = linalg.matmul ins(%dyt, %x : tensor<384x256xf32>, tensor<256x128xf32>) outs(%f3 : tensor<384x128xf32>) -> tensor<384x128xf32>
  %e4 = tensor.empty() : tensor<256x128xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<256x128xf32>) -> tensor<256x128xf32>
  %dx = linalg.matmul ins(%dy, %w : tensor<256x384xf32>, tensor<384x128xf32>) outs(%f4 : tensor<256x128xf32>) -> tensor<256x128xf32>
  return %y, %dw, %dx : tensor<256x384xf32>, tensor<384x128xf32>, tensor<256x128xf32>
}

// -----

// T = 96 tokens: the Wgrad reduces over T, which 1x128 tiles cannot cover:
// it stays in high precision with its reason (never weight blocks on x);
// Fprop and Dgrad are quantized. The Wgrad accumulates into the incoming
// gradient (its init): that is kept.
// REPORT:      @tail | {{.*}} | M=96 N=384 K=128 | quantized | fprop:
// REPORT-NEXT: @tail | {{.*}} | M=384 N=128 K=96 | unquantized | wgrad of the Linear at {{.*}} (dY^T X over the tokens): K (96) is not a multiple of the group size 128
// REPORT-NEXT: @tail | {{.*}} | M=96 N=128 K=384 | quantized | dgrad of the Linear at
// CHECK-LABEL: func.func @tail
// CHECK:       linalg.matmul {{.*}}fp8q.unquantized = "wgrad of the Linear at
func.func @tail(%x: tensor<96x128xf32>, %w: tensor<384x128xf32>, %dy: tensor<96x384xf32>, %gin: tensor<384x128xf32>) -> (tensor<96x384xf32>, tensor<384x128xf32>, tensor<96x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<128x384xf32>
  %wt = linalg.transpose ins(%w : tensor<384x128xf32>) outs(%e0 : tensor<128x384xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<96x384xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<96x384xf32>) -> tensor<96x384xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<96x128xf32>, tensor<128x384xf32>) outs(%f1 : tensor<96x384xf32>) -> tensor<96x384xf32>
  %e2 = tensor.empty() : tensor<384x96xf32>
  %dyt = linalg.transpose ins(%dy : tensor<96x384xf32>) outs(%e2 : tensor<384x96xf32>) permutation = [1, 0]
  %dw = linalg.matmul ins(%dyt, %x : tensor<384x96xf32>, tensor<96x128xf32>) outs(%gin : tensor<384x128xf32>) -> tensor<384x128xf32>
  %e4 = tensor.empty() : tensor<96x128xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<96x128xf32>) -> tensor<96x128xf32>
  %dx = linalg.matmul ins(%dy, %w : tensor<96x384xf32>, tensor<384x128xf32>) outs(%f4 : tensor<96x128xf32>) -> tensor<96x128xf32>
  return %y, %dw, %dx : tensor<96x384xf32>, tensor<384x128xf32>, tensor<96x128xf32>
}

// -----

// Gradient accumulation (T = 128): the Wgrad adds into the incoming
// gradient: scaled_matmul with `accumulate` on it.
// REPORT: @accumulate | {{.*}} | M=384 N=128 K=128 | quantized | wgrad of the Linear at
// CHECK-LABEL: func.func @accumulate
// CHECK:       fp8q.scaled_matmul {{.*}} outs(%arg3) {accumulate, b_tile = #fp8q.tile<1x128>} : {{.*}} -> tensor<384x128xf32>
func.func @accumulate(%x: tensor<128x128xf32>, %w: tensor<384x128xf32>, %dy: tensor<128x384xf32>, %gin: tensor<384x128xf32>) -> (tensor<128x384xf32>, tensor<384x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<128x384xf32>
  %wt = linalg.transpose ins(%w : tensor<384x128xf32>) outs(%e0 : tensor<128x384xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<128x384xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<128x128xf32>, tensor<128x384xf32>) outs(%f1 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %e2 = tensor.empty() : tensor<384x128xf32>
  %dyt = linalg.transpose ins(%dy : tensor<128x384xf32>) outs(%e2 : tensor<384x128xf32>) permutation = [1, 0]
  %dw = linalg.matmul ins(%dyt, %x : tensor<384x128xf32>, tensor<128x128xf32>) outs(%gin : tensor<384x128xf32>) -> tensor<384x128xf32>
  return %y, %dw : tensor<128x384xf32>, tensor<384x128xf32>
}

// -----

// A forward graph that reads one weight twice, once transposed (x W^T, then
// W applied again): no Wgrad, so no roles; both are forward Linears.
// REPORT:      @forward_only | {{.*}} | M=128 N=384 K=128 | quantized | weight argument #1 via transpose, quantized [N, K]
// REPORT-NEXT: @forward_only | {{.*}} | M=128 N=128 K=384 | quantized | weight argument #1, quantized [K, N] with transpose
func.func @forward_only(%x: tensor<128x128xf32>, %w: tensor<384x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<128x384xf32>
  %wt = linalg.transpose ins(%w : tensor<384x128xf32>) outs(%e0 : tensor<128x384xf32>) permutation = [1, 0]
  %f1 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<128x128xf32>, tensor<128x384xf32>) outs(%f1 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %z = linalg.matmul ins(%y, %w : tensor<128x384xf32>, tensor<384x128xf32>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %z : tensor<128x128xf32>
}

// -----

// The Dgrad reads W through a copy, a view the Fprop did not quantize: W is
// quantized again (the same codes) and the reason says why.
// REPORT:      @dgrad_copy | {{.*}} | M=128 N=128 K=384 | quantized | dgrad of the Linear at {{.*}}: weight argument #1 via copy, quantized [K, N] with transpose again (the Fprop quantizes another view of the weight)
// CHECK-LABEL: func.func @dgrad_copy
// CHECK-NOT:   fp8q.block_transpose
// CHECK:       fp8q.quantize %{{.*}} outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<384x128xf32> -> tensor<128x384xf8E4M3FN>, tensor<1x3xf32>
func.func @dgrad_copy(%x: tensor<128x128xf32>, %w: tensor<384x128xf32>, %dy: tensor<128x384xf32>) -> (tensor<128x384xf32>, tensor<384x128xf32>, tensor<128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<128x384xf32>
  %wt = linalg.transpose ins(%w : tensor<384x128xf32>) outs(%e0 : tensor<128x384xf32>) permutation = [1, 0]
  %f1 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<128x128xf32>, tensor<128x384xf32>) outs(%f1 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %e2 = tensor.empty() : tensor<384x128xf32>
  %dyt = linalg.transpose ins(%dy : tensor<128x384xf32>) outs(%e2 : tensor<384x128xf32>) permutation = [1, 0]
  %f3 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<384x128xf32>) -> tensor<384x128xf32>
  %dw = linalg.matmul ins(%dyt, %x : tensor<384x128xf32>, tensor<128x128xf32>) outs(%f3 : tensor<384x128xf32>) -> tensor<384x128xf32>
  %wc = linalg.copy ins(%w : tensor<384x128xf32>) outs(%e2 : tensor<384x128xf32>) -> tensor<384x128xf32>
  %e4 = tensor.empty() : tensor<128x128xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %dx = linalg.matmul ins(%dy, %wc : tensor<128x384xf32>, tensor<384x128xf32>) outs(%f4 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y, %dw, %dx : tensor<128x384xf32>, tensor<384x128xf32>, tensor<128x128xf32>
}
