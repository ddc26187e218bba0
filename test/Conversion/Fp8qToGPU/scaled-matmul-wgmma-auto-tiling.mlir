// The GEMM tiling the pass chooses from a scaled_matmul's static M and N
// when gemm-block-m, gemm-block-n and gemm-stages are left 0 (the default;
// hopper::chooseGemmTile): the first of 128x128 (4 stages), 128x64 (6),
// 64x128 (4), 64x64 (6) with at least 99 tiles (3/4 of the 132 CTAs),
// 64-row tiles only for M <= 64, else the one with the most tiles. A
// dynamic M, a grouped GEMM and any explicit tiling option keep the fixed
// tiling (128x128, 4 stages where not given). K = 256 gives the 128 x 128
// bf16 kernels below their short-K epilogue: the TMA store (`_tma`) where
// the grid runs two waves or more, the storers (`_sw`) on one wave
// (scaled-matmul-wgmma-tma-store.mlir, scaled-matmul-wgmma-epilogue-storers.mlir).
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128" | FileCheck %s --check-prefix=FIXED
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-n=64" | FileCheck %s --check-prefix=N64
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-ctas=16" | FileCheck %s --check-prefix=CTAS16

// CHECK-LABEL: func.func @m64_n7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132
// CHECK-SAME: blocks in (%c112{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @m64_n4096(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132
// CHECK-SAME: blocks in (%c64{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @m16_n256(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132
// CHECK-SAME: blocks in (%c4{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @m128_n7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132
// CHECK-SAME: blocks in (%c112{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @m128_n4096(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132
// CHECK-SAME: blocks in (%c128{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @m256_n7168(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_sw::@fp8q_scaled_matmul_1x128_128x128_bf16_sw
// CHECK-SAME: blocks in (%c112{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @m256_n4096(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132
// CHECK-SAME: blocks in (%c128{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @m4096_n2048(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma::@fp8q_scaled_matmul_1x128_128x128_bf16_tma
// CHECK-SAME: blocks in (%c132{{(_[0-9]+)?}},
// CHECK-LABEL: func.func @dynamic_m(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16

// FIXED-LABEL: func.func @m64_n7168(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m64_n4096(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m16_n256(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m128_n7168(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m128_n4096(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m256_n7168(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m256_n4096(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16
// FIXED-LABEL: func.func @m4096_n2048(
// FIXED: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16

// N64-LABEL: func.func @m64_n7168(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::
// N64-LABEL: func.func @m64_n4096(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::
// N64-LABEL: func.func @m16_n256(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::
// N64-LABEL: func.func @m128_n7168(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::
// N64-LABEL: func.func @m128_n4096(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::
// N64-LABEL: func.func @m256_n7168(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::
// N64-LABEL: func.func @m256_n4096(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::
// N64-LABEL: func.func @m4096_n2048(
// N64: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s4c132::

// With 16 CTAs, three quarters is 12 tiles: 64 x 7168 takes 64 x 128 (and
// the TMA store: 56 tiles are four waves of 16); 4096 x 2048 takes 192 x
// 128 with it (scaled-matmul-wgmma-three-consumers.mlir).
// CTAS16-LABEL: func.func @m64_n7168(
// CTAS16: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m64n128s4c16::
// CTAS16-LABEL: func.func @m4096_n2048(
// CTAS16: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c16::

func.func @m64_n7168(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<7168x256xf8E4M3FN>, %sb: tensor<56x2xf32>, %y0: tensor<64x7168xbf16>) -> tensor<64x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<7168x256xf8E4M3FN>, tensor<56x2xf32> -> tensor<64x7168xbf16>
  return %y : tensor<64x7168xbf16>
}
func.func @m64_n4096(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<4096x256xf8E4M3FN>, %sb: tensor<32x2xf32>, %y0: tensor<64x4096xbf16>) -> tensor<64x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<4096x256xf8E4M3FN>, tensor<32x2xf32> -> tensor<64x4096xbf16>
  return %y : tensor<64x4096xbf16>
}
func.func @m16_n256(%a: tensor<16x256xf8E4M3FN>, %sa: tensor<16x2xf32>, %b: tensor<256x256xf8E4M3FN>, %sb: tensor<2x2xf32>, %y0: tensor<16x256xbf16>) -> tensor<16x256xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<16x256xf8E4M3FN>, tensor<16x2xf32>, tensor<256x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<16x256xbf16>
  return %y : tensor<16x256xbf16>
}
func.func @m128_n7168(%a: tensor<128x256xf8E4M3FN>, %sa: tensor<128x2xf32>, %b: tensor<7168x256xf8E4M3FN>, %sb: tensor<56x2xf32>, %y0: tensor<128x7168xbf16>) -> tensor<128x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<128x256xf8E4M3FN>, tensor<128x2xf32>, tensor<7168x256xf8E4M3FN>, tensor<56x2xf32> -> tensor<128x7168xbf16>
  return %y : tensor<128x7168xbf16>
}
func.func @m128_n4096(%a: tensor<128x256xf8E4M3FN>, %sa: tensor<128x2xf32>, %b: tensor<4096x256xf8E4M3FN>, %sb: tensor<32x2xf32>, %y0: tensor<128x4096xbf16>) -> tensor<128x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<128x256xf8E4M3FN>, tensor<128x2xf32>, tensor<4096x256xf8E4M3FN>, tensor<32x2xf32> -> tensor<128x4096xbf16>
  return %y : tensor<128x4096xbf16>
}
func.func @m256_n7168(%a: tensor<256x256xf8E4M3FN>, %sa: tensor<256x2xf32>, %b: tensor<7168x256xf8E4M3FN>, %sb: tensor<56x2xf32>, %y0: tensor<256x7168xbf16>) -> tensor<256x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<256x256xf8E4M3FN>, tensor<256x2xf32>, tensor<7168x256xf8E4M3FN>, tensor<56x2xf32> -> tensor<256x7168xbf16>
  return %y : tensor<256x7168xbf16>
}
func.func @m256_n4096(%a: tensor<256x256xf8E4M3FN>, %sa: tensor<256x2xf32>, %b: tensor<4096x256xf8E4M3FN>, %sb: tensor<32x2xf32>, %y0: tensor<256x4096xbf16>) -> tensor<256x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<256x256xf8E4M3FN>, tensor<256x2xf32>, tensor<4096x256xf8E4M3FN>, tensor<32x2xf32> -> tensor<256x4096xbf16>
  return %y : tensor<256x4096xbf16>
}
func.func @m4096_n2048(%a: tensor<4096x256xf8E4M3FN>, %sa: tensor<4096x2xf32>, %b: tensor<2048x256xf8E4M3FN>, %sb: tensor<16x2xf32>, %y0: tensor<4096x2048xbf16>) -> tensor<4096x2048xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<4096x256xf8E4M3FN>, tensor<4096x2xf32>, tensor<2048x256xf8E4M3FN>, tensor<16x2xf32> -> tensor<4096x2048xbf16>
  return %y : tensor<4096x2048xbf16>
}
func.func @dynamic_m(%a: tensor<?x256xf8E4M3FN>, %sa: tensor<?x2xf32>, %b: tensor<7168x256xf8E4M3FN>, %sb: tensor<56x2xf32>, %y0: tensor<?x7168xbf16>) -> tensor<?x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<7168x256xf8E4M3FN>, tensor<56x2xf32> -> tensor<?x7168xbf16>
  return %y : tensor<?x7168xbf16>
}
