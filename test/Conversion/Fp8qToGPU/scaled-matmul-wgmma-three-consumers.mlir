// BLOCK_M = 192 (gemm-block-m=192; docs/GPU.md "Three consumer warpgroups"):
// three consumer warpgroups of one 64-row slice each and the producer, 512
// threads launched with 128 registers; setmaxnreg gives the producer 32 and
// each consumer 160 (128 x 32 + 384 x 160 = 64K), room for a slice's sum and
// one wgmma partial (128), so the promotion waits for each K block's wgmma
// (no pair loop) while the other two warpgroups' wgmma run. The stage's empty
// barrier counts the 384 consumer threads; each warpgroup syncs its column
// scales on its own named barrier (1 + w, 128 threads). Correctness on the
// H200: check_gemm on exports at 192 x 128 alone, with 2-CTA clusters and
// with the TMA store (bench/results/h200-s15.txt, call 1).
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=192" | FileCheck %s
// With the tiling left to the pass (hopper::chooseGemmTile), the recipe's
// bf16 form takes 192 x 128 with the TMA store where K is static and at most
// 1024, the TMA store is taken (two waves or more, N % 8 == 0) and its last
// wave is not much emptier than 128 x 128's; with 2-CTA clusters along M
// (which take the TMA store since the twentieth session) the same tiling:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s --check-prefix=AUTO
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-cluster=2" | FileCheck %s --check-prefix=CLUSTER
// ptxas: 0 spills (scaled-matmul-wgmma-ptxas.mlir).

// The Wgrad form (1x128 rows of B, f32 dW): 4 stages of (192 + 128) x 128
// bytes = 163840 plus 3 warpgroups x 2 column-scale buffers x 128 x 4 bytes.
func.func @wgrad(%a: tensor<4096x4096xf8E4M3FN>, %sa: tensor<4096x32xf32>, %b: tensor<7168x4096xf8E4M3FN>, %sb: tensor<7168x32xf32>, %y0: tensor<4096x7168xf32>) -> tensor<4096x7168xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {b_tile = #fp8q.tile<1x128>}
      : tensor<4096x4096xf8E4M3FN>, tensor<4096x32xf32>, tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32> -> tensor<4096x7168xf32>
  return %y : tensor<4096x7168xf32>
}

// bf16 results (Fprop): the staged epilogue of 192 rows, 192 x (128 x 2 +
// 16) = 52224 bytes beside the 4 stages.
func.func @bf16(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// K = 1024: 1232 tiles of 192 x 128 (10 waves, 93 % of the slots) against
// 1792 of 128 x 128 (14, 97 %).
func.func @k1024(%a: tensor<4096x1024xf8E4M3FN>, %sa: tensor<4096x8xf32>, %b: tensor<7168x1024xf8E4M3FN>, %sb: tensor<56x8xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x1024xf8E4M3FN>, tensor<4096x8xf32>, tensor<7168x1024xf8E4M3FN>, tensor<56x8xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// 4096 x 4096: 704 tiles (6 waves, 89 %) against 1024 (8, 97 %): 128 x 128.
func.func @k1024_waves(%a: tensor<4096x1024xf8E4M3FN>, %sa: tensor<4096x8xf32>, %b: tensor<4096x1024xf8E4M3FN>, %sb: tensor<32x8xf32>, %y0: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x1024xf8E4M3FN>, tensor<4096x8xf32>, tensor<4096x1024xf8E4M3FN>, tensor<32x8xf32> -> tensor<4096x4096xbf16>
  return %y : tensor<4096x4096xbf16>
}

// K = 1536: 128 x 128 (6 stages).
func.func @k1536(%a: tensor<4096x1536xf8E4M3FN>, %sa: tensor<4096x12xf32>, %b: tensor<7168x1536xf8E4M3FN>, %sb: tensor<56x12xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x1536xf8E4M3FN>, tensor<4096x12xf32>, tensor<7168x1536xf8E4M3FN>, tensor<56x12xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// N % 8 != 0 (no TMA store): 128 x 128.
func.func @n_odd(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7170x512xf8E4M3FN>, %sb: tensor<57x4xf32>, %y0: tensor<4096x7170xbf16>) -> tensor<4096x7170xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7170x512xf8E4M3FN>, tensor<57x4xf32> -> tensor<4096x7170xbf16>
  return %y : tensor<4096x7170xbf16>
}

// AUTO-LABEL: func.func @wgrad(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_1x128_f32_m256n128s3c132::
// AUTO-LABEL: func.func @bf16(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::{{.*}} threads in (%c512, %c1, %c1)
// AUTO-LABEL: func.func @k1024(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::
// AUTO-LABEL: func.func @k1024_waves(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132::
// AUTO-LABEL: func.func @k1536(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132::
// AUTO-LABEL: func.func @n_odd(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_sw::

// CLUSTER-LABEL: func.func @bf16(
// CLUSTER: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132x2::

// CHECK-LABEL: func.func @wgrad(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_1x128_f32_m192n128s4c132::{{.*}} threads in (%c512, %c1, %c1) dynamic_shared_memory_size %c166912_i32
// CHECK-LABEL: func.func @bf16(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m192n128s4c132::{{.*}} threads in (%c512, %c1, %c1) dynamic_shared_memory_size %c216064_i32

// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_1x128_f32_m192n128s4c132
// CHECK-SAME: block_m = 192
// CHECK: known_block_size = array<i32: 512, 1, 1>
// CHECK-COUNT-4: nvgpu.mbarrier.init %{{.*}}, %c384
// The producer is warpgroup 3.
// CHECK: %[[PRODUCER:.*]] = arith.cmpi eq, %{{.*}}, %c3_i32 : i32
// CHECK: scf.if %[[PRODUCER]] {
// CHECK-NEXT: nvvm.setmaxregister  decrease 32
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister  increase 160
// One K block: the column scales behind the warpgroup's barrier, the stage,
// four wgmma into the partial, wait 0, release, promote.
// CHECK: scf.for
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK-COUNT-4: nvvm.wgmma.mma_async
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: scf.yield
