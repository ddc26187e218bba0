// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file --convert-fp8q-to-linalg -o /dev/null

// The spellings of a Linear layer that exporters produce, in bf16 and f16:
// each is recognised and rewritten.

// MLIR 22's linalg.matmul with indexing_maps: B transposed ([N, K], the
// nn.Linear layout), bf16 operands accumulating into f32.
// CHECK-LABEL: func.func @matmul_maps_transposed_b_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<32x256xbf16>, %[[W:.*]]: tensor<512x256xbf16>)
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] {{.*}} {tile = #fp8q.tile<128x128>} : tensor<512x256xbf16> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] {{.*}} {tile = #fp8q.tile<1x128>} : tensor<32x256xbf16>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[WQ]], %[[WS]] {{.*}} -> tensor<32x512xf32>
// CHECK: return %[[Y]] : tensor<32x512xf32>
// REPORT: @matmul_maps_transposed_b_bf16 | {{.*}} | linalg.matmul | M=32 N=512 K=256 | quantized | weight argument #1, quantized [N, K]
func.func @matmul_maps_transposed_b_bf16(%x: tensor<32x256xbf16>, %w: tensor<512x256xbf16>) -> tensor<32x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<32x512xf32>) -> tensor<32x512xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
         ins(%x, %w : tensor<32x256xbf16>, tensor<512x256xbf16>) outs(%acc : tensor<32x512xf32>) -> tensor<32x512xf32>
  return %y : tensor<32x512xf32>
}

// -----

// linalg.matmul with A transposed ([K, M]) by its map, f16: the activation
// is transposed back to [M, K] before its 1x128 quantization.
// CHECK-LABEL: func.func @matmul_maps_transposed_a_f16
// CHECK-SAME: (%[[XT:.*]]: tensor<256x32xf16>, %[[W:.*]]: tensor<256x128xf16>)
// CHECK: fp8q.quantize %[[W]] {{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<256x128xf16> -> tensor<128x256xf8E4M3FN>
// CHECK: %[[X:.*]] = linalg.transpose ins(%[[XT]] : tensor<256x32xf16>) outs(%{{.*}} : tensor<32x256xf16>) permutation = [1, 0]
// CHECK: fp8q.quantize %[[X]] {{.*}} {tile = #fp8q.tile<1x128>} : tensor<32x256xf16>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul {{.*}} -> tensor<32x128xf32>
// CHECK: linalg.generic {{.*}} ins(%[[Y]] : tensor<32x128xf32>) outs(%{{.*}} : tensor<32x128xf16>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
// REPORT: @matmul_maps_transposed_a_f16 | {{.*}} | linalg.matmul | M=32 N=128 K=256 | quantized
func.func @matmul_maps_transposed_a_f16(%xt: tensor<256x32xf16>, %w: tensor<256x128xf16>) -> tensor<32x128xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<32x128xf16>
  %acc = linalg.fill ins(%zero : f16) outs(%e : tensor<32x128xf16>) -> tensor<32x128xf16>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
         ins(%xt, %w : tensor<256x32xf16>, tensor<256x128xf16>) outs(%acc : tensor<32x128xf16>) -> tensor<32x128xf16>
  return %y : tensor<32x128xf16>
}

// -----

// A linalg.generic contraction with casts in the body (bf16 operands
// widened to an f32 accumulator), torch-mlir's mixed-precision form; the
// weight a bf16 constant.
// CHECK-LABEL: func.func @generic_contraction_bf16
// CHECK: %[[W:.*]] = arith.constant dense_resource<__elided__> : tensor<256x512xbf16>
// CHECK: fp8q.quantize %[[W]] {{.*}} {tile = #fp8q.tile<128x128>} : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<64x256xf32>
// CHECK-NOT: linalg.generic
// REPORT: @generic_contraction_bf16 | {{.*}} | linalg.generic | M=64 N=256 K=512 | quantized | weight dense_resource constant, quantized [N, K]
func.func @generic_contraction_bf16(%x: tensor<64x512xbf16>) -> tensor<64x256xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<256x512xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<64x512xbf16>, tensor<256x512xbf16>) outs(%acc : tensor<64x256xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

// batch_matmul against a bf16 weight broadcast with linalg.broadcast and
// widened to f32 with arith.extf on the tensor: quantized from the 2-D bf16
// weight.
// CHECK-LABEL: func.func @batch_matmul_broadcast_extf
// CHECK-SAME: (%[[X:.*]]: tensor<4x32x256xf32>, %[[W:.*]]: tensor<256x384xbf16>)
// CHECK: fp8q.quantize %[[W]] {{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<256x384xbf16> -> tensor<384x256xf8E4M3FN>, tensor<3x2xf32>
// CHECK: %[[X2:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<4x32x256xf32> into tensor<128x256xf32>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul {{.*}} -> tensor<128x384xf32>
// CHECK: tensor.expand_shape %[[Y]] {{\[\[}}0, 1], [2]] output_shape [4, 32, 384]
// CHECK-NOT: linalg.broadcast
// CHECK-NOT: linalg.batch_matmul
// REPORT: @batch_matmul_broadcast_extf | {{.*}} | linalg.batch_matmul | B=4 M=32 N=384 K=256 | quantized
func.func @batch_matmul_broadcast_extf(%x: tensor<4x32x256xf32>, %w: tensor<256x384xbf16>) -> tensor<4x32x384xf32> {
  %w32 = arith.extf %w : tensor<256x384xbf16> to tensor<256x384xf32>
  %eb = tensor.empty() : tensor<4x256x384xf32>
  %wb = linalg.broadcast ins(%w32 : tensor<256x384xf32>) outs(%eb : tensor<4x256x384xf32>) dimensions = [0]
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x32x384xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x32x384xf32>) -> tensor<4x32x384xf32>
  %y = linalg.batch_matmul ins(%x, %wb : tensor<4x32x256xf32>, tensor<4x256x384xf32>) outs(%acc : tensor<4x32x384xf32>) -> tensor<4x32x384xf32>
  return %y : tensor<4x32x384xf32>
}

// -----

// batch_matmul with indexing_maps that broadcast the 2-D weight directly
// (MLIR 22's spelling: the weight map has no batch dimension).
// CHECK-LABEL: func.func @batch_matmul_maps_broadcast_weight
// CHECK-SAME: (%[[X:.*]]: tensor<2x16x256xf16>, %[[W:.*]]: tensor<256x128xf16>)
// CHECK: fp8q.quantize %[[W]] {{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<256x128xf16> -> tensor<128x256xf8E4M3FN>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<32x128xf32>
// CHECK-NOT: linalg.batch_matmul
// REPORT: @batch_matmul_maps_broadcast_weight | {{.*}} | linalg.batch_matmul | M=32 N=128 K=256 | quantized
func.func @batch_matmul_maps_broadcast_weight(%x: tensor<2x16x256xf16>, %w: tensor<256x128xf16>) -> tensor<2x16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
  %y = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
         ins(%x, %w : tensor<2x16x256xf16>, tensor<256x128xf16>) outs(%acc : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
  return %y : tensor<2x16x128xf32>
}

// -----

// linalg.contract (MLIR 22) with the nn.Linear weight layout.
// CHECK-LABEL: func.func @contract_bf16
// CHECK: fp8q.quantize {{.*}} {tile = #fp8q.tile<128x128>} : tensor<256x128xbf16>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<8x256xf32>
// CHECK-NOT: linalg.contract
// REPORT: @contract_bf16 | {{.*}} | linalg.contract | M=8 N=256 K=128 | quantized
func.func @contract_bf16(%x: tensor<8x128xbf16>, %w: tensor<256x128xbf16>) -> tensor<8x256xbf16> {
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<8x256xbf16>
  %acc = linalg.fill ins(%zero : bf16) outs(%e : tensor<8x256xbf16>) -> tensor<8x256xbf16>
  %y = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
         ins(%x, %w : tensor<8x128xbf16>, tensor<256x128xbf16>) outs(%acc : tensor<8x256xbf16>) -> tensor<8x256xbf16>
  return %y : tensor<8x256xbf16>
}
