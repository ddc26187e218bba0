// The TMA ring's depth the pass picks with the tiling left to it (docs/GPU.md,
// "Tile choice"; hopper::chooseGemmTile): the 128 x 128 tile of the
// recipe's bf16 form (weight blocks, no accumulate) takes 6 stages instead
// of 4 when K is static, at least 1024, and at most 2048, or at most 8192
// where the persistent grid runs at most two waves of tiles. The ring's
// stage and phase are then computed once per tile in i64 and in i32 within
// the K loop (no i64 division by 6 there; ptxas: 0 spills,
// scaled-matmul-wgmma-ptxas.mlir). An explicit tiling option keeps 4. At K
// <= 2048 on many waves the kernels also take the TMA store (`_tma`,
// scaled-matmul-wgmma-tma-store.mlir).
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128" | FileCheck %s --check-prefix=FIXED
// Correctness on the H200: python -m fp8q.device.check_gemm on exports with
// 6 stages (bench/results/h200-s11.txt).

// K = 2048: 6 stages (and the TMA store: 14 waves).
func.func @k2048(%a: tensor<4096x2048xf8E4M3FN>, %sa: tensor<4096x16xf32>, %b: tensor<7168x2048xf8E4M3FN>, %sb: tensor<56x16xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x2048xf8E4M3FN>, tensor<4096x16xf32>, tensor<7168x2048xf8E4M3FN>, tensor<56x16xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// K = 1024 on many waves: 192 x 128 with the TMA store (4 stages;
// scaled-matmul-wgmma-three-consumers.mlir).
func.func @k1024(%a: tensor<4096x1024xf8E4M3FN>, %sa: tensor<4096x8xf32>, %b: tensor<7168x1024xf8E4M3FN>, %sb: tensor<56x8xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x1024xf8E4M3FN>, tensor<4096x8xf32>, tensor<7168x1024xf8E4M3FN>, tensor<56x8xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// K = 1024 on one wave (112 tiles): 6 stages with the epilogue storers.
func.func @k1024_one_wave(%a: tensor<256x1024xf8E4M3FN>, %sa: tensor<256x8xf32>, %b: tensor<7168x1024xf8E4M3FN>, %sb: tensor<56x8xf32>, %y0: tensor<256x7168xbf16>) -> tensor<256x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<256x1024xf8E4M3FN>, tensor<256x8xf32>, tensor<7168x1024xf8E4M3FN>, tensor<56x8xf32> -> tensor<256x7168xbf16>
  return %y : tensor<256x7168xbf16>
}

// K = 512: below kDeepRingMinK (192 x 128 likewise).
func.func @k512(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// K = 7168 on 256 tiles (two waves of 132 CTAs): 6 stages. (M = 512: the
// 256 x 128 tile's one wave is for M >= 1024, scaled-matmul-wgmma-one-wave.mlir.)
func.func @k7168_two_waves(%a: tensor<512x7168xf8E4M3FN>, %sa: tensor<512x56xf32>, %b: tensor<8192x7168xf8E4M3FN>, %sb: tensor<64x56xf32>, %y0: tensor<512x8192xbf16>) -> tensor<512x8192xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<512x7168xf8E4M3FN>, tensor<512x56xf32>, tensor<8192x7168xf8E4M3FN>, tensor<64x56xf32> -> tensor<512x8192xbf16>
  return %y : tensor<512x8192xbf16>
}

// K = 7168 on 512 tiles (four waves): 4 stages.
func.func @k7168_four_waves(%a: tensor<2048x7168xf8E4M3FN>, %sa: tensor<2048x56xf32>, %b: tensor<4096x7168xf8E4M3FN>, %sb: tensor<32x56xf32>, %y0: tensor<2048x4096xbf16>) -> tensor<2048x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<2048x7168xf8E4M3FN>, tensor<2048x56xf32>, tensor<4096x7168xf8E4M3FN>, tensor<32x56xf32> -> tensor<2048x4096xbf16>
  return %y : tensor<2048x4096xbf16>
}

// K = 8192 (kDeepRingFewWavesMaxK) on 264 tiles: 6 stages.
func.func @k8192_two_waves(%a: tensor<256x8192xf8E4M3FN>, %sa: tensor<256x64xf32>, %b: tensor<16896x8192xf8E4M3FN>, %sb: tensor<132x64xf32>, %y0: tensor<256x16896xbf16>) -> tensor<256x16896xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<256x8192xf8E4M3FN>, tensor<256x64xf32>, tensor<16896x8192xf8E4M3FN>, tensor<132x64xf32> -> tensor<256x16896xbf16>
  return %y : tensor<256x16896xbf16>
}

// K = 16384 on 128 tiles: above 8192, 4 stages.
func.func @k16384_one_wave(%a: tensor<1024x16384xf8E4M3FN>, %sa: tensor<1024x128xf32>, %b: tensor<2048x16384xf8E4M3FN>, %sb: tensor<16x128xf32>, %y0: tensor<1024x2048xbf16>) -> tensor<1024x2048xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<1024x16384xf8E4M3FN>, tensor<1024x128xf32>, tensor<2048x16384xf8E4M3FN>, tensor<16x128xf32> -> tensor<1024x2048xbf16>
  return %y : tensor<1024x2048xbf16>
}

// Other forms keep 4 stages (f32 results).
func.func @k2048_f32(%a: tensor<4096x2048xf8E4M3FN>, %sa: tensor<4096x16xf32>, %b: tensor<7168x2048xf8E4M3FN>, %sb: tensor<56x16xf32>, %y0: tensor<4096x7168xf32>) -> tensor<4096x7168xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x2048xf8E4M3FN>, tensor<4096x16xf32>, tensor<7168x2048xf8E4M3FN>, tensor<56x16xf32> -> tensor<4096x7168xf32>
  return %y : tensor<4096x7168xf32>
}


// CHECK-LABEL: func.func @k2048(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132
// CHECK-LABEL: func.func @k1024(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::
// CHECK-LABEL: func.func @k1024_one_wave(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_sw_m128n128s6c132::
// CHECK-LABEL: func.func @k512(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::
// CHECK-LABEL: func.func @k7168_two_waves(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132
// CHECK-LABEL: func.func @k7168_four_waves(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// CHECK-LABEL: func.func @k8192_two_waves(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132
// CHECK-LABEL: func.func @k16384_one_wave(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// CHECK-LABEL: func.func @k2048_f32(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32::

// FIXED-LABEL: func.func @k2048(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @k1024(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @k512(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @k7168_two_waves(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @k7168_four_waves(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @k8192_two_waves(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @k16384_one_wave(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16

// The 6-stage kernel's ring: the tile's first stage and lap from its first
// ring iteration (i64), then the K block's offset from that stage in i32.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132
// CHECK-SAME: stages = 6
// CHECK: arith.remui %{{.*}}, %c6_i64 : i64
// CHECK: arith.divui %{{.*}}, %c6_i64 : i64
// CHECK: scf.for
// CHECK: arith.remui %{{.*}}, %c6_i32 : i32
// CHECK: arith.divui %{{.*}}, %c6_i32 : i32
// CHECK: nvgpu.mbarrier.try_wait.parity
