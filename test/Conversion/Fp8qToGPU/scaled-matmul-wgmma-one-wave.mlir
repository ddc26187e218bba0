// The 256 x 128 tile on one wave (docs/GPU.md, "Tile choice";
// hopper::chooseGemmTile): where the pass would take 128 x 128 for the
// recipe's bf16 form, 256 x 128 (3 stages, two 64-row slices per consumer
// warpgroup) replaces it when its tiles make one full wave of the
// persistent grid (99..132 tiles on 132 CTAs: one tile per CTA where
// 128 x 128 gives most CTAs two), M >= 1024 and the static K >= 7168.
// Elsewhere (M = 512, K <= 4096, more tiles than CTAs, too few, other
// forms, an explicit tiling) the choice is what it was.
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128" | FileCheck %s --check-prefix=FIXED
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-ctas=64" | FileCheck %s --check-prefix=CTAS64
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster=2" | FileCheck %s --check-prefix=CLUSTER

// 1024 x 4096: 128 tiles of 256 x 128 (256 of 128 x 128, 6 stages).
// CHECK-LABEL: func.func @m1024_n4096_k7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132
// CHECK-SAME: blocks in (%c128{{(_[0-9]+)?}},
// K = 16384 (128 x 128 would take 4 stages there): 256 x 128 as well.
// CHECK-LABEL: func.func @m2048_n2048_k16384(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132::
// CHECK-SAME: blocks in (%c128{{(_[0-9]+)?}},
// K = 4096: below kOneWaveMinK, 128 x 128 with 6 stages (two waves).
// CHECK-LABEL: func.func @m1024_n4096_k4096(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132::
// CHECK-SAME: blocks in (%c132{{(_[0-9]+)?}},
// M = 512: below kOneWaveMinM.
// CHECK-LABEL: func.func @m512_n8192_k7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132::
// 1024 x 7168: 224 tiles of 256 x 128, two waves: 128 x 160 (wide tile).
// CHECK-LABEL: func.func @m1024_n7168_k7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132::
// 1024 x 2048: 64 tiles of 256 x 128, fewer than 99: 128 x 128 (one wave).
// CHECK-LABEL: func.func @m1024_n2048_k7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132::
// CHECK-SAME: blocks in (%c128{{(_[0-9]+)?}},
// f32 results: not the recipe's bf16 form.
// CHECK-LABEL: func.func @m1024_n4096_k7168_f32(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32::

// An explicit tiling keeps 128 x 128.
// FIXED-LABEL: func.func @m1024_n4096_k7168(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m2048_n2048_k16384(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16

// With 64 CTAs, 128 tiles of 256 x 128 are two waves: 128 x 128 (512 tiles
// of it, 8 waves: 4 stages).
// CTAS64-LABEL: func.func @m1024_n4096_k7168(
// CTAS64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c64::
// CTAS64-SAME: blocks in (%c64{{(_[0-9]+)?}},

// With 2-CTA clusters along M the tile is the same, clustered (x2).
// CLUSTER-LABEL: func.func @m1024_n4096_k7168(
// CLUSTER: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132x2::
// CLUSTER-SAME: clusters in (%c2{{(_[0-9]+)?}},

func.func @m1024_n4096_k7168(%a: tensor<1024x7168xf8E4M3FN>, %sa: tensor<1024x56xf32>, %b: tensor<4096x7168xf8E4M3FN>, %sb: tensor<32x56xf32>, %y0: tensor<1024x4096xbf16>) -> tensor<1024x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<1024x7168xf8E4M3FN>, tensor<1024x56xf32>, tensor<4096x7168xf8E4M3FN>, tensor<32x56xf32> -> tensor<1024x4096xbf16>
  return %y : tensor<1024x4096xbf16>
}
func.func @m2048_n2048_k16384(%a: tensor<2048x16384xf8E4M3FN>, %sa: tensor<2048x128xf32>, %b: tensor<2048x16384xf8E4M3FN>, %sb: tensor<16x128xf32>, %y0: tensor<2048x2048xbf16>) -> tensor<2048x2048xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<2048x16384xf8E4M3FN>, tensor<2048x128xf32>, tensor<2048x16384xf8E4M3FN>, tensor<16x128xf32> -> tensor<2048x2048xbf16>
  return %y : tensor<2048x2048xbf16>
}
func.func @m1024_n4096_k4096(%a: tensor<1024x4096xf8E4M3FN>, %sa: tensor<1024x32xf32>, %b: tensor<4096x4096xf8E4M3FN>, %sb: tensor<32x32xf32>, %y0: tensor<1024x4096xbf16>) -> tensor<1024x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<1024x4096xf8E4M3FN>, tensor<1024x32xf32>, tensor<4096x4096xf8E4M3FN>, tensor<32x32xf32> -> tensor<1024x4096xbf16>
  return %y : tensor<1024x4096xbf16>
}
func.func @m512_n8192_k7168(%a: tensor<512x7168xf8E4M3FN>, %sa: tensor<512x56xf32>, %b: tensor<8192x7168xf8E4M3FN>, %sb: tensor<64x56xf32>, %y0: tensor<512x8192xbf16>) -> tensor<512x8192xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<512x7168xf8E4M3FN>, tensor<512x56xf32>, tensor<8192x7168xf8E4M3FN>, tensor<64x56xf32> -> tensor<512x8192xbf16>
  return %y : tensor<512x8192xbf16>
}
func.func @m1024_n7168_k7168(%a: tensor<1024x7168xf8E4M3FN>, %sa: tensor<1024x56xf32>, %b: tensor<7168x7168xf8E4M3FN>, %sb: tensor<56x56xf32>, %y0: tensor<1024x7168xbf16>) -> tensor<1024x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<1024x7168xf8E4M3FN>, tensor<1024x56xf32>, tensor<7168x7168xf8E4M3FN>, tensor<56x56xf32> -> tensor<1024x7168xbf16>
  return %y : tensor<1024x7168xbf16>
}
func.func @m1024_n2048_k7168(%a: tensor<1024x7168xf8E4M3FN>, %sa: tensor<1024x56xf32>, %b: tensor<2048x7168xf8E4M3FN>, %sb: tensor<16x56xf32>, %y0: tensor<1024x2048xbf16>) -> tensor<1024x2048xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<1024x7168xf8E4M3FN>, tensor<1024x56xf32>, tensor<2048x7168xf8E4M3FN>, tensor<16x56xf32> -> tensor<1024x2048xbf16>
  return %y : tensor<1024x2048xbf16>
}
func.func @m1024_n4096_k7168_f32(%a: tensor<1024x7168xf8E4M3FN>, %sa: tensor<1024x56xf32>, %b: tensor<4096x7168xf8E4M3FN>, %sb: tensor<32x56xf32>, %y0: tensor<1024x4096xf32>) -> tensor<1024x4096xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<1024x7168xf8E4M3FN>, tensor<1024x56xf32>, tensor<4096x7168xf8E4M3FN>, tensor<32x56xf32> -> tensor<1024x4096xf32>
  return %y : tensor<1024x4096xf32>
}
