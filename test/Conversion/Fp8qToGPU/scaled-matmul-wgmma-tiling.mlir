// The GEMM tiling options of convert-fp8q-to-gpu (and fp8q-gpu-pipeline):
// a valid non-default tiling is named in the kernel and sized in the
// launch; an invalid one is an error before anything is rewritten.
//
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=64 gemm-block-n=64 gemm-stages=6 gemm-ctas=2" | FileCheck %s
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-stages=9" 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=256 gemm-block-n=256 gemm-stages=8" 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: not fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-ctas=0" 2>&1 | FileCheck %s --check-prefix=CTAS
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=96" 2>&1 | FileCheck %s --check-prefix=BM
// BLOCK_M = 256 (two slices per consumer warpgroup) promotes at most every
// 128 K elements: an interval over several stages would keep two partials.
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=256" 2>&1 | FileCheck %s --check-prefix=INTERVAL
// With weight blocks a tile spans at most two of them: BLOCK_N = 176
// starts 112 columns into a block at n0 = 1 x 176 x 8 ... and reaches into
// a third.
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-n=176" 2>&1 | FileCheck %s --check-prefix=BN
// 112 spans two blocks too, but at or below 128 a tile would take the pair
// loop with both blocks' scales carried, which is not supported.
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-n=112" 2>&1 | FileCheck %s --check-prefix=BN112
// The sum and the partial of 128 values each would not fit in registers.
// RUN: not fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-n=256 gemm-stages=3" 2>&1 | FileCheck %s --check-prefix=REGS

func.func @gemm(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<300x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}

func.func @interval256(%a: tensor<64x512xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<256x512xf8E4M3FN>, %sb: tensor<1x2xf32>, %y0: tensor<64x256xbf16>) -> tensor<64x256xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 256, b_tile = #fp8q.tile<256x256>, promotion_interval = 256}
      : tensor<64x512xf8E4M3FN>, tensor<64x2xf32>, tensor<256x512xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x256xbf16>
  return %y : tensor<64x256xbf16>
}

// One consumer warpgroup (256 threads: no register reallocation), 6 stages
// of (64 + 64) x 128 bytes = 98304 bytes and the epilogue's staging area of
// 64 x (64 x 2 + 16) = 9216 bytes (bf16) of dynamic shared memory (the 12
// mbarriers are static), a grid of min(4 x 5 tiles, 2) CTAs.
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c2::@fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c2
// CHECK-SAME: blocks in (%c2{{[_0-9]*}}, %c1, %c1) threads in (%c256, %c1, %c1) dynamic_shared_memory_size %c107520_i32
// CHECK: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c2(
// CHECK-NOT: nvvm.maxnreg
// CHECK-NOT: nvvm.setmaxregister
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 32>

// STAGES: error: convert-fp8q-to-gpu: invalid GEMM tiling: stages (9) must be in 1..8
// SMEM: error: convert-fp8q-to-gpu: invalid GEMM tiling: the 8 stages of 256x128 + 256x128 bytes need 529408 bytes of shared memory (at most 232448 per CTA)
// CTAS: error: convert-fp8q-to-gpu: invalid GEMM tiling: CTAs (0) must be in 1..2147483647
// BM: error: convert-fp8q-to-gpu: invalid GEMM tiling: BLOCK_M (96) must be 64, 128, 192 or 256
// INTERVAL: error: 'fp8q.scaled_matmul' op unsupported GEMM kernel configuration: BLOCK_M = 256 takes a promotion interval of at most 128 (got 256)
// BN: error: 'fp8q.scaled_matmul' op unsupported GEMM kernel configuration: BLOCK_N (176) must divide the 128-row weight block or span at most two of them with more than 128 columns (128 < BLOCK_N <= 128 + gcd(BLOCK_N, 128), e.g. 144, 160, 192)
// BN112: error: 'fp8q.scaled_matmul' op unsupported GEMM kernel configuration: BLOCK_N (112) must divide the 128-row weight block or span at most two of them with more than 128 columns
// REGS: error: convert-fp8q-to-gpu: invalid GEMM tiling: the 128x256 tile needs 256 accumulator registers per consumer thread (the promoted sums and the wgmma partials live beside them, 128 each); at most 192 fit
