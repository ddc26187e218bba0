// BLOCK_M = 256 (docs/GPU.md, "Two slices per warpgroup"): still two consumer
// warpgroups (384 threads, setmaxnreg 40 / 232), each computing two 64-row
// slices (rows 64w and 64w + 128) against the stage's one B tile. Per K block
// and slice: four wgmma into one partial, committed; the next slice's row
// scales are loaded while they run; wait 0; the stage is released after the
// last slice's wait; 64 FMAs into the slice's accumulator. Rows past M take
// scale 0 without a load (predicated), so a thread's four rows need one base
// address. The staged epilogue runs slice after slice through a staging area
// of one slice (128 rows): 3 stages of (256 + 128) x 128 bytes = 147456 plus
// 128 x (128 x 2 + 16) = 34816 bytes.
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=256 gemm-stages=3" | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=256 gemm-stages=3" | FileCheck %s --check-prefix=EPI
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=256 gemm-stages=4" | FileCheck %s --check-prefix=S4
// Without a tiling option the pass picks 256 x 128 (3 stages) for the Wgrad
// form (1x128 rows of B) where it fills the grid's waves about as well as
// 128 x 128 (hopper::chooseGemmTile); with weight blocks only where its
// tiles fill one wave at M >= 1024, K >= 7168 (scaled-matmul-wgmma-one-wave.mlir),
// not for the small GEMM below:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s --check-prefix=AUTO

func.func @bf16(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<296x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<200x296xbf16>) -> tensor<200x296xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<296x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x296xbf16>
  return %y : tensor<200x296xbf16>
}

// Wgrad shapes (dW [out, in] over 4096 tokens): 4096 x 7168 fills the waves
// alike at both tiles (896 and 1792 tiles on 132 CTAs); 7168 x 2048 leaves the
// 256-row tile's last wave 40 % full (448 tiles) and keeps 128 x 128.
func.func @wgrad_4096x7168(%a: tensor<4096x4096xf8E4M3FN>, %sa: tensor<4096x32xf32>, %b: tensor<7168x4096xf8E4M3FN>, %sb: tensor<7168x32xf32>, %y0: tensor<4096x7168xf32>) -> tensor<4096x7168xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {b_tile = #fp8q.tile<1x128>}
      : tensor<4096x4096xf8E4M3FN>, tensor<4096x32xf32>, tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32> -> tensor<4096x7168xf32>
  return %y : tensor<4096x7168xf32>
}

func.func @wgrad_7168x2048(%a: tensor<7168x4096xf8E4M3FN>, %sa: tensor<7168x32xf32>, %b: tensor<2048x4096xf8E4M3FN>, %sb: tensor<2048x32xf32>, %y0: tensor<7168x2048xf32>) -> tensor<7168x2048xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {b_tile = #fp8q.tile<1x128>}
      : tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>, tensor<2048x4096xf8E4M3FN>, tensor<2048x32xf32> -> tensor<7168x2048xf32>
  return %y : tensor<7168x2048xf32>
}

// CHECK-LABEL: func.func @bf16(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132
// CHECK-SAME: threads in (%c384, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) dynamic_shared_memory_size %c182272_i32
// CHECK: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132(
// CHECK-SAME: nvvm.maxnreg = 168
// At 3 stages the A descriptors derive from the warp-uniform copy of the
// warpgroup index (GemmKernelConfig::usesUniformDescriptors); at 4 stages,
// where that spilled, from the per-thread index:
// CHECK: gpu.shuffle  idx
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: nvvm.setmaxregister  increase 232
// Slice 0's row scales (predicated), the weight block's scale and slice 1's
// row scales (GemmKernelConfig::preloadsSliceScales), then the stage wait:
// CHECK: scf.if {{.*}} -> (f32)
// CHECK: llvm.load {{.*}} -> f32
// CHECK: scf.if {{.*}} -> (f32)
// CHECK: llvm.load {{.*}} -> f32
// CHECK: llvm.load {{.*}} -> f32
// CHECK: scf.if {{.*}} -> (f32)
// CHECK: llvm.load {{.*}} -> f32
// CHECK: scf.if {{.*}} -> (f32)
// CHECK: llvm.load {{.*}} -> f32
// CHECK: nvgpu.mbarrier.try_wait.parity
// Slice 0: a fresh partial, four k32 steps, committed; wait; 64 FMAs.
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <zero>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <one>]
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: nvgpu.mbarrier.arrive
// CHECK-COUNT-64: llvm.intr.fma
// Slice 1: A rows 128 further into the stage (128 x 128 bytes).
// CHECK: arith.constant 16384 : i32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <zero>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <one>]
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive
// CHECK-COUNT-64: llvm.intr.fma
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: scf.yield

// The staged epilogue, once per slice: barrier, the slice's 32 bf16 pair
// stores into the staging area, barrier, its 8 chunks of 16 bytes per thread.
// EPI-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132(
// EPI: nvvm.wgmma.wait.group.sync.aligned 0
// EPI: nvvm.wgmma.wait.group.sync.aligned 0
// EPI: nvvm.barrier
// EPI-COUNT-32: llvm.store {{.*}} : vector<2xbf16>, !llvm.ptr<3>
// EPI: nvvm.barrier
// EPI-COUNT-8: llvm.store {{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr
// EPI: nvvm.barrier
// EPI-COUNT-32: llvm.store {{.*}} : vector<2xbf16>, !llvm.ptr<3>
// EPI: nvvm.barrier
// EPI-COUNT-8: llvm.store {{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr
// EPI-NOT: vector<2xbf16>, !llvm.ptr<3>
// EPI: } else {

// AUTO-LABEL: func.func @bf16(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132::
// AUTO-LABEL: func.func @wgrad_4096x7168(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_1x128_f32_m256n128s3c132::@fp8q_scaled_matmul_1x128_1x128_f32_m256n128s3c132
// AUTO-SAME: blocks in (%c132{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}) threads in (%c384,
// AUTO-LABEL: func.func @wgrad_7168x2048(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_1x128_f32::@fp8q_scaled_matmul_1x128_1x128_f32

// S4-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s4c132(
// S4-NOT: gpu.shuffle
// S4: nvvm.setmaxregister  decrease 40
