// The epilogue storers (docs/GPU.md, "Epilogue storers"): for a static K of
// at most 1024 (kEpilogueStorersMaxK) and the tiling left to the pass, where
// the TMA store does not take the epilogue (one wave of tiles:
// scaled-matmul-wgmma-tma-store.mlir), the deferred bf16 epilogue's global
// stores move to warps 1-3 of the producer warpgroup (kernel suffix `_sw`,
// `epilogue_storers` in its configuration).
// The consumers wait until the storers have drained their staging rows
// (drained[w], barrier 2S + 2 + w, 96 arrivals), write the fragment by
// stmatrix and the tile's first row and column into the padding of their
// first staging row, sync, and arrive on staged[w] (2S + w, 128 arrivals).
// The storers walk the CTA's tiles in the same order: per warpgroup, wait
// for staged[w], copy its 64 rows (16-byte chunks, 6 rows per step of 96
// threads, predicated on M and N, L2 evict_first), arrive on drained[w].
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s
// An explicit tiling option keeps the stores in the consumers:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-m=128" | FileCheck %s --check-prefix=FIXED
// Correctness on the H200: python -m fp8q.device.check_gemm on an export
// with the storers (bench/results/h200-s10-storer.txt). ptxas: 0 spills
// (scaled-matmul-wgmma-ptxas.mlir).

// 256 x 7168: 112 tiles of 128 x 128, one wave.
func.func @k512(%a: tensor<256x512xf8E4M3FN>, %sa: tensor<256x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<256x7168xbf16>) -> tensor<256x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<256x7168xbf16>
  return %y : tensor<256x7168xbf16>
}

// 4096 x 7168 (many waves): the TMA store instead (with 192 x 128:
// scaled-matmul-wgmma-three-consumers.mlir).
func.func @k512_many_waves(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// K = 2048 on one wave: the consumers store (6 stages:
// scaled-matmul-wgmma-deep-ring.mlir).
func.func @k2048(%a: tensor<256x2048xf8E4M3FN>, %sa: tensor<256x16xf32>, %b: tensor<7168x2048xf8E4M3FN>, %sb: tensor<56x16xf32>, %y0: tensor<256x7168xbf16>) -> tensor<256x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<256x2048xf8E4M3FN>, tensor<256x16xf32>, tensor<7168x2048xf8E4M3FN>, tensor<56x16xf32> -> tensor<256x7168xbf16>
  return %y : tensor<256x7168xbf16>
}

// Other forms keep their epilogue (f32 results have no staging area).
func.func @k512_f32(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<4096x7168xf32>) -> tensor<4096x7168xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<4096x7168xf32>
  return %y : tensor<4096x7168xf32>
}

// CHECK-LABEL: func.func @k512(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_sw::@fp8q_scaled_matmul_1x128_128x128_bf16_sw
// CHECK-LABEL: func.func @k512_many_waves(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::
// CHECK-LABEL: func.func @k2048(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132
// CHECK-LABEL: func.func @k512_f32(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32::@fp8q_scaled_matmul_1x128_128x128_f32

// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_sw
// CHECK-SAME: epilogue_storers = true
// CHECK: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 12>
// CHECK: nvgpu.mbarrier.init %[[BARS:.*]][%c8], %c128
// CHECK: nvgpu.mbarrier.init %[[BARS]][%c10{{(_[0-9]+)?}}], %c96
// CHECK: nvgpu.mbarrier.init %[[BARS]][%c9{{(_[0-9]+)?}}], %c128
// CHECK: nvgpu.mbarrier.init %[[BARS]][%c11{{(_[0-9]+)?}}], %c96
// The storers: one loop over the CTA's tiles, each warpgroup's rows in turn.
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%c8{{(_[0-9]+)?}}]
// CHECK: createpolicy.fractional.L2::evict_first.b64 $0, 1.0;
// CHECK: scf.for {{.*}} = %c0{{.*}} to %c11
// CHECK: @p ld.shared.v4.b32 {x, y, z, w}, [$1];{{.*}}@p st.global.L2::cache_hint.v4.b32 [$0], {x, y, z, w}, $3;
// CHECK: nvgpu.mbarrier.arrive %[[BARS]][%c10{{(_[0-9]+)?}}]
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%c9{{(_[0-9]+)?}}]
// CHECK: nvgpu.mbarrier.arrive %[[BARS]][%c11{{(_[0-9]+)?}}]
// The producer's copies follow (thread 0).
// CHECK: nvgpu.tma.async.load
// The consumers' deferred epilogue: drained, stmatrix, the tile's corner,
// the warpgroup barrier, staged; no global store of their own.
// CHECK: nvvm.setmaxregister  increase 232
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%c10{{(_[0-9]+)?}}]
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%c11{{(_[0-9]+)?}}]
// CHECK-COUNT-8: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<2xi64>, !llvm.ptr<3>
// CHECK: nvvm.barrier id
// CHECK-NOT: st.global
// CHECK: nvgpu.mbarrier.arrive %[[BARS]][%c8{{(_[0-9]+)?}}]
// CHECK: nvgpu.mbarrier.arrive %[[BARS]][%c9{{(_[0-9]+)?}}]

// K = 2048's kernel: the 6 stages' full and empty barriers, none for storers.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132 [
// CHECK-NOT: epilogue_storers
// CHECK: num_barriers = 12>

// FIXED-NOT: _sw
