// RUN: fp8-opt %s -canonicalize -split-input-file | FileCheck %s

// quantize(transpose(x), RxC) is exactly quantize(x, CxR) with transposed
// outputs: same tiles, same values, same result layout.
// CHECK-LABEL: func.func @fold_transpose_into_quantize
// CHECK-SAME: (%[[X:.*]]: tensor<256x96xf32>
// CHECK-NOT: linalg.transpose
// CHECK: %[[Q:.*]], %[[S:.*]] = fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x1>, transpose} : tensor<256x96xf32> -> tensor<96x256xf8E4M3FN>, tensor<96x2xf32>
// CHECK: return %[[Q]], %[[S]]
func.func @fold_transpose_into_quantize(%x: tensor<256x96xf32>, %q0: tensor<96x256xf8E4M3FN>, %s0: tensor<96x2xf32>) -> (tensor<96x256xf8E4M3FN>, tensor<96x2xf32>) {
  %t0 = tensor.empty() : tensor<96x256xf32>
  %t = linalg.transpose ins(%x : tensor<256x96xf32>) outs(%t0 : tensor<96x256xf32>) permutation = [1, 0]
  %q, %s = fp8q.quantize %t outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<96x256xf32> -> tensor<96x256xf8E4M3FN>, tensor<96x2xf32>
  return %q, %s : tensor<96x256xf8E4M3FN>, tensor<96x2xf32>
}

// -----

// A transposed quantize of a transpose becomes a plain quantize; the other
// attributes are kept.
// CHECK-LABEL: func.func @fold_transpose_into_transposed_quantize
// CHECK-SAME: (%[[X:.*]]: tensor<64x384xbf16>
// CHECK-NOT: linalg.transpose
// CHECK: fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {eps = 1.250000e-01 : f32, scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<1x128>} : tensor<64x384xbf16> -> tensor<64x384xf8E4M3FN>, tensor<64x3xf32>
func.func @fold_transpose_into_transposed_quantize(%x: tensor<64x384xbf16>, %q0: tensor<64x384xf8E4M3FN>, %s0: tensor<64x3xf32>) -> (tensor<64x384xf8E4M3FN>, tensor<64x3xf32>) {
  %t0 = tensor.empty() : tensor<384x64xbf16>
  %t = linalg.transpose ins(%x : tensor<64x384xbf16>) outs(%t0 : tensor<384x64xbf16>) permutation = [1, 0]
  %q, %s = fp8q.quantize %t outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>, eps = 0.125 : f32}
      : tensor<384x64xbf16> -> tensor<64x384xf8E4M3FN>, tensor<64x3xf32>
  return %q, %s : tensor<64x384xf8E4M3FN>, tensor<64x3xf32>
}

// -----

// A transpose with other users stays for them; the quantize still reads x.
// CHECK-LABEL: func.func @transpose_with_other_users
// CHECK-SAME: (%[[X:.*]]: tensor<128x256xf32>
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[X]]
// CHECK: fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x1>, transpose}
// CHECK: return %[[T]]
func.func @transpose_with_other_users(%x: tensor<128x256xf32>, %q0: tensor<256x128xf8E4M3FN>, %s0: tensor<256x1xf32>) -> (tensor<256x128xf32>, tensor<256x128xf8E4M3FN>) {
  %t0 = tensor.empty() : tensor<256x128xf32>
  %t = linalg.transpose ins(%x : tensor<128x256xf32>) outs(%t0 : tensor<256x128xf32>) permutation = [1, 0]
  %q, %s = fp8q.quantize %t outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x128xf32> -> tensor<256x128xf8E4M3FN>, tensor<256x1xf32>
  return %t, %q : tensor<256x128xf32>, tensor<256x128xf8E4M3FN>
}

// -----

// The fold keeps scale_layout = mn_major: the scales of quantize(t, 1x128)
// with t = transpose(x) [96, 256] are [2, 96] (k_major [96, 2]), as are those
// of the transposed 128x1 quantize of x [256, 96] in that layout.
// CHECK-LABEL: func.func @fold_transpose_keeps_scale_layout
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: tensor<256x96xf32>
// CHECK-NOT: linalg.transpose
// CHECK: %[[Q:.*]], %[[S:.*]] = fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<128x1>, transpose} : tensor<256x96xf32> -> tensor<96x256xf8E4M3FN>, tensor<2x96xf32>
// CHECK: return %[[Q]], %[[S]]
func.func @fold_transpose_keeps_scale_layout(%x: tensor<256x96xf32>, %q0: tensor<96x256xf8E4M3FN>, %s0: tensor<2x96xf32>) -> (tensor<96x256xf8E4M3FN>, tensor<2x96xf32>) {
  %t0 = tensor.empty() : tensor<96x256xf32>
  %t = linalg.transpose ins(%x : tensor<256x96xf32>) outs(%t0 : tensor<96x256xf32>) permutation = [1, 0]
  %q, %s = fp8q.quantize %t outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<96x256xf32> -> tensor<96x256xf8E4M3FN>, tensor<2x96xf32>
  return %q, %s : tensor<96x256xf8E4M3FN>, tensor<2x96xf32>
}

// -----

// FP8 round trips are lossy: dequantize(quantize(x)) is not x and
// quantize(dequantize(q)) is not q in general. Nothing folds.
// CHECK-LABEL: func.func @no_fold_round_trips
// CHECK: fp8q.quantize
// CHECK: fp8q.dequantize
// CHECK: fp8q.quantize
// CHECK: return
func.func @no_fold_round_trips(%x: tensor<4x128xf32>) -> (tensor<4x128xf32>, tensor<4x128xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x1xf32>
  %x0 = tensor.empty() : tensor<4x128xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  %d = fp8q.dequantize %q, %s outs(%x0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32> -> tensor<4x128xf32>
  %q2, %s2 = fp8q.quantize %d outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return %d, %q2 : tensor<4x128xf32>, tensor<4x128xf8E4M3FN>
}

// -----

// Two tile transposes requantize twice: not the identity, kept.
// CHECK-LABEL: func.func @no_fold_double_tile_transpose
// CHECK: fp8q.tile_transpose
// CHECK: fp8q.tile_transpose
func.func @no_fold_double_tile_transpose(%q: tensor<128x256xf8E4M3FN>, %s: tensor<128x2xf32>) -> (tensor<128x256xf8E4M3FN>, tensor<128x2xf32>) {
  %qt0 = tensor.empty() : tensor<256x128xf8E4M3FN>
  %st0 = tensor.empty() : tensor<256x1xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<128x256xf8E4M3FN>, tensor<128x2xf32> -> tensor<256x128xf8E4M3FN>, tensor<256x1xf32>
  %q2, %s2 = fp8q.tile_transpose %qt, %st outs(%q, %s) {tile = #fp8q.tile<1x128>}
      : tensor<256x128xf8E4M3FN>, tensor<256x1xf32> -> tensor<128x256xf8E4M3FN>, tensor<128x2xf32>
  return %q2, %s2 : tensor<128x256xf8E4M3FN>, tensor<128x2xf32>
}

// -----

// The ops are pure: unused results are erased.
// CHECK-LABEL: func.func @dead_ops_erased
// CHECK-NOT: fp8q.
// CHECK: return
func.func @dead_ops_erased(%x: tensor<4x128xf32>) {
  %q0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x1xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}
