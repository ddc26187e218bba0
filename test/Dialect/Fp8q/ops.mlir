// RUN: fp8-opt %s | FileCheck %s
// Round trip through the generic form must reproduce the same IR.
// RUN: fp8-opt %s --mlir-print-op-generic | fp8-opt | FileCheck %s
// And through bytecode.
// RUN: fp8-opt %s --emit-bytecode | fp8-opt | FileCheck %s

// CHECK-LABEL: func.func @quantize_1x128
// CHECK-SAME: (%[[X:.*]]: tensor<64x512xbf16>
func.func @quantize_1x128(%x: tensor<64x512xbf16>) -> (tensor<64x512xf8E4M3FN>, tensor<64x4xf32>) {
  // CHECK: %[[Q0:.*]] = tensor.empty() : tensor<64x512xf8E4M3FN>
  // CHECK: %[[S0:.*]] = tensor.empty() : tensor<64x4xf32>
  // CHECK: %[[Q:.*]], %[[S:.*]] = fp8q.quantize %[[X]] outs(%[[Q0]], %[[S0]]) {tile = #fp8q.tile<1x128>} : tensor<64x512xbf16> -> tensor<64x512xf8E4M3FN>, tensor<64x4xf32>
  // CHECK: return %[[Q]], %[[S]]
  %q0 = tensor.empty() : tensor<64x512xf8E4M3FN>
  %s0 = tensor.empty() : tensor<64x4xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<64x512xbf16> -> tensor<64x512xf8E4M3FN>, tensor<64x4xf32>
  return %q, %s : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>
}

// Weight blocks with tails in both dimensions, pow2 scales, custom eps.
// CHECK-LABEL: func.func @quantize_128x128_tails
// CHECK: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {eps = 1.250000e-01 : f32, scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<128x128>} : tensor<300x200xf32> -> tensor<300x200xf8E4M3FN>, tensor<3x2xf32>
func.func @quantize_128x128_tails(%w: tensor<300x200xf32>, %q0: tensor<300x200xf8E4M3FN>, %s0: tensor<3x2xf32>) -> (tensor<300x200xf8E4M3FN>, tensor<3x2xf32>) {
  %q, %s = fp8q.quantize %w outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>, eps = 0.125 : f32}
      : tensor<300x200xf32> -> tensor<300x200xf8E4M3FN>, tensor<3x2xf32>
  return %q, %s : tensor<300x200xf8E4M3FN>, tensor<3x2xf32>
}

// The Wgrad operand: 128x1 tiles, K-major (transposed) outputs.
// CHECK-LABEL: func.func @quantize_128x1_transposed
// CHECK: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x1>, transpose} : tensor<256x96xf16> -> tensor<96x256xf8E4M3FN>, tensor<96x2xf32>
func.func @quantize_128x1_transposed(%x: tensor<256x96xf16>, %q0: tensor<96x256xf8E4M3FN>, %s0: tensor<96x2xf32>) -> (tensor<96x256xf8E4M3FN>, tensor<96x2xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x96xf16> -> tensor<96x256xf8E4M3FN>, tensor<96x2xf32>
  return %q, %s : tensor<96x256xf8E4M3FN>, tensor<96x2xf32>
}

// Default attribute values are elided when printed.
// CHECK-LABEL: func.func @quantize_defaults_elided
// CHECK: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} :
func.func @quantize_defaults_elided(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) -> tensor<4x128xf8E4M3FN> {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<fp32>, eps = 1.0e-4 : f32}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return %q : tensor<4x128xf8E4M3FN>
}

// Dynamic extents are accepted; the verifier checks what is static.
// CHECK-LABEL: func.func @quantize_dynamic
// CHECK: fp8q.quantize %{{.*}} : tensor<?x256xf32> -> tensor<?x256xf8E4M3FN>, tensor<?x2xf32>
func.func @quantize_dynamic(%x: tensor<?x256xf32>, %q0: tensor<?x256xf8E4M3FN>, %s0: tensor<?x2xf32>) -> tensor<?x256xf8E4M3FN> {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<?x256xf32> -> tensor<?x256xf8E4M3FN>, tensor<?x2xf32>
  return %q : tensor<?x256xf8E4M3FN>
}

// scale_layout = mn_major: the scale result is the tile grid transposed
// (after `transpose`); the attribute is kept when printed.
// 1x128 on [130, 200]: k_major would be [130, 2], mn_major is [2, 130].
// CHECK-LABEL: func.func @quantize_1x128_mn_major
// CHECK-SAME: (%[[X:.*]]: tensor<130x200xbf16>, %[[Q0:.*]]: tensor<130x200xf8E4M3FN>, %[[S0:.*]]: tensor<2x130xf32>)
// CHECK: %[[Q:.*]], %[[S:.*]] = fp8q.quantize %[[X]] outs(%[[Q0]], %[[S0]]) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>} : tensor<130x200xbf16> -> tensor<130x200xf8E4M3FN>, tensor<2x130xf32>
// CHECK: return %[[Q]], %[[S]]
func.func @quantize_1x128_mn_major(%x: tensor<130x200xbf16>, %q0: tensor<130x200xf8E4M3FN>, %s0: tensor<2x130xf32>) -> (tensor<130x200xf8E4M3FN>, tensor<2x130xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x200xbf16> -> tensor<130x200xf8E4M3FN>, tensor<2x130xf32>
  return %q, %s : tensor<130x200xf8E4M3FN>, tensor<2x130xf32>
}

// 128x1 with transpose on [300, 96]: codes [96, 300]; k_major scales would be
// [96, 3], mn_major transposes them back to [3, 96].
// CHECK-LABEL: func.func @quantize_128x1_transposed_mn_major
// CHECK: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {scale_layout = #fp8q.scale_layout<mn_major>, scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<128x1>, transpose} : tensor<300x96xf16> -> tensor<96x300xf8E4M3FN>, tensor<3x96xf32>
func.func @quantize_128x1_transposed_mn_major(%x: tensor<300x96xf16>, %q0: tensor<96x300xf8E4M3FN>, %s0: tensor<3x96xf32>) -> (tensor<96x300xf8E4M3FN>, tensor<3x96xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x96xf16> -> tensor<96x300xf8E4M3FN>, tensor<3x96xf32>
  return %q, %s : tensor<96x300xf8E4M3FN>, tensor<3x96xf32>
}

// 128x128 on [300, 200]: k_major [3, 2], mn_major [2, 3].
// CHECK-LABEL: func.func @quantize_128x128_mn_major
// CHECK: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {eps = 1.250000e-01 : f32, scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<128x128>} : tensor<300x200xf32> -> tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
func.func @quantize_128x128_mn_major(%w: tensor<300x200xf32>, %q0: tensor<300x200xf8E4M3FN>, %s0: tensor<2x3xf32>) -> (tensor<300x200xf8E4M3FN>, tensor<2x3xf32>) {
  %q, %s = fp8q.quantize %w outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, eps = 0.125 : f32, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x200xf32> -> tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
  return %q, %s : tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
}

// An explicit default scale layout (k_major) is elided when printed.
// CHECK-LABEL: func.func @quantize_k_major_elided
// CHECK: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x1>, transpose} : tensor<300x96xf16> -> tensor<96x300xf8E4M3FN>, tensor<96x3xf32>
func.func @quantize_k_major_elided(%x: tensor<300x96xf16>, %q0: tensor<96x300xf8E4M3FN>, %s0: tensor<96x3xf32>) -> tensor<96x3xf32> {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<k_major>}
      : tensor<300x96xf16> -> tensor<96x300xf8E4M3FN>, tensor<96x3xf32>
  return %s : tensor<96x3xf32>
}

// CHECK-LABEL: func.func @dequantize
// CHECK-SAME: (%[[Q:.*]]: tensor<256x512xf8E4M3FN>, %[[S:.*]]: tensor<2x4xf32>, %[[I:.*]]: tensor<256x512xbf16>)
// CHECK: %[[R:.*]] = fp8q.dequantize %[[Q]], %[[S]] outs(%[[I]]) {tile = #fp8q.tile<128x128>} : tensor<256x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<256x512xbf16>
// CHECK: return %[[R]]
func.func @dequantize(%q: tensor<256x512xf8E4M3FN>, %s: tensor<2x4xf32>, %init: tensor<256x512xbf16>) -> tensor<256x512xbf16> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<128x128>}
      : tensor<256x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<256x512xbf16>
  return %x : tensor<256x512xbf16>
}

// dequantize reads mn_major scales: [ceil(C/TC), ceil(R/TR)] = [2, 3] for
// q [300, 200] in 128x128 tiles.
// CHECK-LABEL: func.func @dequantize_mn_major
// CHECK-SAME: (%[[Q:.*]]: tensor<300x200xf8E4M3FN>, %[[S:.*]]: tensor<2x3xf32>, %[[I:.*]]: tensor<300x200xbf16>)
// CHECK: %[[R:.*]] = fp8q.dequantize %[[Q]], %[[S]] outs(%[[I]]) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<128x128>} : tensor<300x200xf8E4M3FN>, tensor<2x3xf32> -> tensor<300x200xbf16>
// CHECK: return %[[R]]
func.func @dequantize_mn_major(%q: tensor<300x200xf8E4M3FN>, %s: tensor<2x3xf32>, %init: tensor<300x200xbf16>) -> tensor<300x200xbf16> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x200xf8E4M3FN>, tensor<2x3xf32> -> tensor<300x200xbf16>
  return %x : tensor<300x200xbf16>
}

// And 1x128 tiles: q [130, 200], mn_major scales [2, 130]; an explicit
// k_major is elided.
// CHECK-LABEL: func.func @dequantize_1x128_layouts
// CHECK: fp8q.dequantize %{{.*}}, %{{.*}} outs(%{{.*}}) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>} : tensor<130x200xf8E4M3FN>, tensor<2x130xf32> -> tensor<130x200xf32>
// CHECK: fp8q.dequantize %{{.*}}, %{{.*}} outs(%{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<130x200xf8E4M3FN>, tensor<130x2xf32> -> tensor<130x200xf32>
func.func @dequantize_1x128_layouts(%q: tensor<130x200xf8E4M3FN>, %smn: tensor<2x130xf32>, %sk: tensor<130x2xf32>, %init: tensor<130x200xf32>) -> (tensor<130x200xf32>, tensor<130x200xf32>) {
  %a = fp8q.dequantize %q, %smn outs(%init) {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x200xf8E4M3FN>, tensor<2x130xf32> -> tensor<130x200xf32>
  %b = fp8q.dequantize %q, %sk outs(%init) {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<k_major>}
      : tensor<130x200xf8E4M3FN>, tensor<130x2xf32> -> tensor<130x200xf32>
  return %a, %b : tensor<130x200xf32>, tensor<130x200xf32>
}

// CHECK-LABEL: func.func @tile_transpose
// CHECK: %{{.*}}, %{{.*}} = fp8q.tile_transpose %{{.*}}, %{{.*}} outs(%{{.*}}, %{{.*}}) {scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<1x128>} : tensor<200x512xf8E4M3FN>, tensor<200x4xf32> -> tensor<512x200xf8E4M3FN>, tensor<512x2xf32>
func.func @tile_transpose(%q: tensor<200x512xf8E4M3FN>, %s: tensor<200x4xf32>, %qt0: tensor<512x200xf8E4M3FN>, %st0: tensor<512x2xf32>) -> (tensor<512x200xf8E4M3FN>, tensor<512x2xf32>) {
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32> -> tensor<512x200xf8E4M3FN>, tensor<512x2xf32>
  return %qt, %st : tensor<512x200xf8E4M3FN>, tensor<512x2xf32>
}

// Ragged tails on both sides: [300, 200] in 128x128 blocks.
// CHECK-LABEL: func.func @block_transpose
// CHECK: %{{.*}}, %{{.*}} = fp8q.block_transpose %{{.*}}, %{{.*}} outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<300x200xf8E4M3FN>, tensor<3x2xf32> -> tensor<200x300xf8E4M3FN>, tensor<2x3xf32>
func.func @block_transpose(%q: tensor<300x200xf8E4M3FN>, %s: tensor<3x2xf32>, %qt0: tensor<200x300xf8E4M3FN>, %st0: tensor<2x3xf32>) -> (tensor<200x300xf8E4M3FN>, tensor<2x3xf32>) {
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<128x128>}
      : tensor<300x200xf8E4M3FN>, tensor<3x2xf32> -> tensor<200x300xf8E4M3FN>, tensor<2x3xf32>
  return %qt, %st : tensor<200x300xf8E4M3FN>, tensor<2x3xf32>
}

// Dynamic extents, 64x64 blocks.
// CHECK-LABEL: func.func @block_transpose_dynamic
// CHECK: fp8q.block_transpose %{{.*}} {tile = #fp8q.tile<64x64>} : tensor<?x256xf8E4M3FN>, tensor<?x4xf32> -> tensor<256x?xf8E4M3FN>, tensor<4x?xf32>
func.func @block_transpose_dynamic(%q: tensor<?x256xf8E4M3FN>, %s: tensor<?x4xf32>, %qt0: tensor<256x?xf8E4M3FN>, %st0: tensor<4x?xf32>) -> tensor<256x?xf8E4M3FN> {
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<64x64>}
      : tensor<?x256xf8E4M3FN>, tensor<?x4xf32> -> tensor<256x?xf8E4M3FN>, tensor<4x?xf32>
  return %qt : tensor<256x?xf8E4M3FN>
}

// The 1x128 x 128x128 form (Fprop/Dgrad), bf16 output, N tail.
// CHECK-LABEL: func.func @scaled_matmul_block
// CHECK: fp8q.scaled_matmul %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} outs(%{{.*}}) : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>, tensor<200x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x200xbf16>
func.func @scaled_matmul_block(%a: tensor<64x512xf8E4M3FN>, %sa: tensor<64x4xf32>, %b: tensor<200x512xf8E4M3FN>, %sb: tensor<2x4xf32>, %init: tensor<64x200xbf16>) -> tensor<64x200xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%init)
      : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>, tensor<200x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x200xbf16>
  return %y : tensor<64x200xbf16>
}

// The 1x128 x 1x128 form (Wgrad), f32 output accumulated into C, promotion
// every 64 elements.
// CHECK-LABEL: func.func @scaled_matmul_rowwise_accumulate
// CHECK: fp8q.scaled_matmul %{{.*}} outs(%{{.*}}) {accumulate, b_tile = #fp8q.tile<1x128>, promotion_interval = 64 : i64} : tensor<96x256xf8E4M3FN>, tensor<96x2xf32>, tensor<80x256xf8E4M3FN>, tensor<80x2xf32> -> tensor<96x80xf32>
func.func @scaled_matmul_rowwise_accumulate(%a: tensor<96x256xf8E4M3FN>, %sa: tensor<96x2xf32>, %b: tensor<80x256xf8E4M3FN>, %sb: tensor<80x2xf32>, %c: tensor<96x80xf32>) -> tensor<96x80xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {b_tile = #fp8q.tile<1x128>, promotion_interval = 64, accumulate}
      : tensor<96x256xf8E4M3FN>, tensor<96x2xf32>, tensor<80x256xf8E4M3FN>, tensor<80x2xf32> -> tensor<96x80xf32>
  return %y : tensor<96x80xf32>
}

// The no-promotion accuracy experiment: one group spanning K.
// CHECK-LABEL: func.func @scaled_matmul_no_promotion
// CHECK: fp8q.scaled_matmul %{{.*}} {group_size = 1024 : i64, promotion_interval = 1024 : i64}
func.func @scaled_matmul_no_promotion(%a: tensor<128x1024xf8E4M3FN>, %sa: tensor<128x1xf32>, %b: tensor<128x1024xf8E4M3FN>, %sb: tensor<1x1xf32>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {group_size = 1024, promotion_interval = 1024}
      : tensor<128x1024xf8E4M3FN>, tensor<128x1xf32>, tensor<128x1024xf8E4M3FN>, tensor<1x1xf32> -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

// a_scale_layout = mn_major: a_scale is [K/G, M] = [4, 64] (the transpose of
// the default [M, K/G] = [64, 4]); the attribute is printed, an explicit
// k_major elided.
// CHECK-LABEL: func.func @scaled_matmul_a_scale_layouts
// CHECK-SAME: (%[[A:.*]]: tensor<64x512xf8E4M3FN>, %[[SAM:.*]]: tensor<4x64xf32>, %[[SAK:.*]]: tensor<64x4xf32>, %[[B:.*]]: tensor<200x512xf8E4M3FN>, %[[SB:.*]]: tensor<2x4xf32>, %[[I:.*]]: tensor<64x200xbf16>)
// CHECK: %[[Y1:.*]] = fp8q.scaled_matmul %[[A]], %[[SAM]], %[[B]], %[[SB]] outs(%[[I]]) {a_scale_layout = #fp8q.scale_layout<mn_major>} : tensor<64x512xf8E4M3FN>, tensor<4x64xf32>, tensor<200x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x200xbf16>
// CHECK-NEXT: %[[Y2:.*]] = fp8q.scaled_matmul %[[A]], %[[SAK]], %[[B]], %[[SB]] outs(%[[I]]) : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>, tensor<200x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x200xbf16>
// CHECK-NEXT: return %[[Y1]], %[[Y2]]
func.func @scaled_matmul_a_scale_layouts(%a: tensor<64x512xf8E4M3FN>, %sam: tensor<4x64xf32>, %sak: tensor<64x4xf32>, %b: tensor<200x512xf8E4M3FN>, %sb: tensor<2x4xf32>, %init: tensor<64x200xbf16>) -> (tensor<64x200xbf16>, tensor<64x200xbf16>) {
  %y1 = fp8q.scaled_matmul %a, %sam, %b, %sb outs(%init) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<64x512xf8E4M3FN>, tensor<4x64xf32>, tensor<200x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x200xbf16>
  %y2 = fp8q.scaled_matmul %a, %sak, %b, %sb outs(%init) {a_scale_layout = #fp8q.scale_layout<k_major>}
      : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>, tensor<200x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x200xbf16>
  return %y1, %y2 : tensor<64x200xbf16>, tensor<64x200xbf16>
}

// The Wgrad form with mn_major A scales [K/G, M] = [2, 96], accumulate and a
// promotion interval: every attribute kept.
// CHECK-LABEL: func.func @scaled_matmul_rowwise_a_mn_major
// CHECK: fp8q.scaled_matmul %{{.*}} outs(%{{.*}}) {a_scale_layout = #fp8q.scale_layout<mn_major>, accumulate, b_tile = #fp8q.tile<1x128>, promotion_interval = 64 : i64} : tensor<96x256xf8E4M3FN>, tensor<2x96xf32>, tensor<80x256xf8E4M3FN>, tensor<80x2xf32> -> tensor<96x80xf32>
func.func @scaled_matmul_rowwise_a_mn_major(%a: tensor<96x256xf8E4M3FN>, %sa: tensor<2x96xf32>, %b: tensor<80x256xf8E4M3FN>, %sb: tensor<80x2xf32>, %c: tensor<96x80xf32>) -> tensor<96x80xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {b_tile = #fp8q.tile<1x128>, promotion_interval = 64, accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<96x256xf8E4M3FN>, tensor<2x96xf32>, tensor<80x256xf8E4M3FN>, tensor<80x2xf32> -> tensor<96x80xf32>
  return %y : tensor<96x80xf32>
}

// Dynamic extents: mn_major a_scale [?, M] with K dynamic; group 64.
// CHECK-LABEL: func.func @scaled_matmul_a_mn_major_dynamic
// CHECK: fp8q.scaled_matmul %{{.*}} outs(%{{.*}}) {a_scale_layout = #fp8q.scale_layout<mn_major>, group_size = 64 : i64, promotion_interval = 64 : i64} : tensor<48x?xf8E4M3FN>, tensor<?x48xf32>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32> -> tensor<48x?xf32>
func.func @scaled_matmul_a_mn_major_dynamic(%a: tensor<48x?xf8E4M3FN>, %sa: tensor<?x48xf32>, %b: tensor<?x?xf8E4M3FN>, %sb: tensor<?x?xf32>, %c: tensor<48x?xf32>) -> tensor<48x?xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {group_size = 64, promotion_interval = 64, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<48x?xf8E4M3FN>, tensor<?x48xf32>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32> -> tensor<48x?xf32>
  return %y : tensor<48x?xf32>
}

// Precision retention on upstream ops.
// CHECK-LABEL: func.func @retained
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<output_head>}
// CHECK: linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>}
func.func @retained(%h: tensor<4x768xf32>, %w: tensor<768x1000xf32>, %acc: tensor<4x1000xf32>,
                    %q: tensor<2x8x64xf32>, %k: tensor<2x64x8xf32>, %s: tensor<2x8x8xf32>) -> (tensor<4x1000xf32>, tensor<2x8x8xf32>) {
  %0 = linalg.matmul {fp8q.retain = #fp8q.retain<output_head>}
      ins(%h, %w : tensor<4x768xf32>, tensor<768x1000xf32>) outs(%acc : tensor<4x1000xf32>) -> tensor<4x1000xf32>
  %1 = linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>}
      ins(%q, %k : tensor<2x8x64xf32>, tensor<2x64x8xf32>) outs(%s : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  return %0, %1 : tensor<4x1000xf32>, tensor<2x8x8xf32>
}

// Every retention reason parses and prints.
// CHECK-LABEL: func.func @retain_reasons
// CHECK: fp8q.retain = #fp8q.retain<embedding>
// CHECK: fp8q.retain = #fp8q.retain<gating>
// CHECK: fp8q.retain = #fp8q.retain<norm>
// CHECK: fp8q.retain = #fp8q.retain<user>
func.func @retain_reasons(%x: f32) -> f32 {
  %0 = arith.addf %x, %x {fp8q.retain = #fp8q.retain<embedding>} : f32
  %1 = arith.addf %0, %x {fp8q.retain = #fp8q.retain<gating>} : f32
  %2 = arith.addf %1, %x {fp8q.retain = #fp8q.retain<norm>} : f32
  %3 = arith.addf %2, %x {fp8q.retain = #fp8q.retain<user>} : f32
  return %3 : f32
}

// Expert parallelism: the rank, a dispatch of 2-of-8 routed tokens on 2
// ranks (4 local experts of 64 rows), the grouped GEMM on the received
// layout, and the combine back to [T, k, N] in bf16.
// CHECK-LABEL: func.func @moe_exchange
// CHECK-SAME: (%[[Q:.*]]: tensor<32x256xf8E4M3FN>, %[[S:.*]]: tensor<32x2xf32>, %[[E:.*]]: tensor<32x2xi32>
// CHECK: fp8q.ep_rank {ranks = 2 : i64}
// CHECK: %[[RC:.*]], %[[RS:.*]], %[[CNT:.*]], %[[SRC:.*]] = fp8q.moe_dispatch %[[Q]], %[[S]], %[[E]] outs(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {capacity = 64 : i64, num_experts = 8 : i64, ranks = 2 : i64} : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
// CHECK: %[[Y:.*]] = fp8q.grouped_scaled_matmul %[[RC]], %[[RS]], %{{.*}}, %{{.*}}, %[[CNT]]
// CHECK: fp8q.moe_combine %[[Y]], %[[SRC]], %[[CNT]], %[[E]] outs(%{{.*}}) {num_experts = 8 : i64, ranks = 2 : i64} : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
func.func @moe_exchange(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %experts: tensor<32x2xi32>, %b: tensor<4x512x256xf8E4M3FN>, %sb: tensor<4x4x2xf32>) -> (index, tensor<32x2x512xbf16>) {
  %r = fp8q.ep_rank {ranks = 2}
  %rc0 = tensor.empty() : tensor<4x64x256xf8E4M3FN>
  %rs0 = tensor.empty() : tensor<4x64x2xf32>
  %c0 = tensor.empty() : tensor<4xi32>
  %src0 = tensor.empty() : tensor<4x64xi32>
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %experts
      outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32>
      -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  %y0 = tensor.empty() : tensor<4x64x512xbf16>
  %y = fp8q.grouped_scaled_matmul %rc, %rs, %b, %sb, %counts outs(%y0)
      {layout = #fp8q.group_layout<masked>}
      : tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4x512x256xf8E4M3FN>, tensor<4x4x2xf32>, tensor<4xi32> -> tensor<4x64x512xbf16>
  %o0 = tensor.empty() : tensor<32x2x512xbf16>
  %o = fp8q.moe_combine %y, %src, %counts, %experts outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
  return %r, %o : index, tensor<32x2x512xbf16>
}

// Dynamic tokens and K; a group size of 64.
// CHECK-LABEL: func.func @moe_dispatch_dynamic
// CHECK: fp8q.moe_dispatch {{.*}} {capacity = 16 : i64, group_size = 64 : i64, num_experts = 2 : i64, ranks = 1 : i64} : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x1xi32> -> tensor<2x16x?xf8E4M3FN>, tensor<2x16x?xf32>, tensor<2xi32>, tensor<2x16xi32>
// CHECK: fp8q.moe_combine {{.*}} : tensor<2x16x?xf32>, tensor<2x16xi32>, tensor<2xi32>, tensor<?x1xi32> -> tensor<?x1x?xbf16>
func.func @moe_dispatch_dynamic(%q: tensor<?x?xf8E4M3FN>, %s: tensor<?x?xf32>, %experts: tensor<?x1xi32>, %rc0: tensor<2x16x?xf8E4M3FN>, %rs0: tensor<2x16x?xf32>, %c0: tensor<2xi32>, %src0: tensor<2x16xi32>, %out: tensor<2x16x?xf32>, %o0: tensor<?x1x?xbf16>) -> tensor<?x1x?xbf16> {
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %experts
      outs(%rc0, %rs0, %c0, %src0) {ranks = 1, num_experts = 2, capacity = 16, group_size = 64}
      : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x1xi32>
      -> tensor<2x16x?xf8E4M3FN>, tensor<2x16x?xf32>, tensor<2xi32>, tensor<2x16xi32>
  %o = fp8q.moe_combine %out, %src, %counts, %experts outs(%o0) {ranks = 1, num_experts = 2}
      : tensor<2x16x?xf32>, tensor<2x16xi32>, tensor<2xi32>, tensor<?x1xi32> -> tensor<?x1x?xbf16>
  return %o : tensor<?x1x?xbf16>
}
