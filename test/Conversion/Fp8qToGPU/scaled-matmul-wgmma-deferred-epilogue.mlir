// The deferred epilogue of the 128 x 128 bf16 GEMM kernel (docs/GPU.md,
// "Deferred epilogue"): the consumers' tile loop carries whether there is a
// previous tile, its first row and column and its 64 promoted sums; the
// previous tile's epilogue runs in the first pair of the next tile's K loop,
// after block 0 is waited for and its stage released while block 1 is in
// flight (and where K has no pair, before the single-block loop); the last
// tile's after the loop. The kernel with C (accumulate) keeps its epilogue in
// the tile (its registers spilled with the deferral).
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 gemm-block-n=128 gemm-stages=4 memory-model=unified" | FileCheck %s
// Its registers (168, no spills, no ptxas advisory): the bf16 kernel of
// scaled-matmul-wgmma-ptxas.mlir.

func.func @bf16(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<296x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %c: tensor<200x296xbf16>) -> tensor<200x296xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<296x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x296xbf16>
  return %y : tensor<200x296xbf16>
}

func.func @bf16_acc(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<296x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %c: tensor<200x296xbf16>) -> tensor<200x296xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<296x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x296xbf16>
  return %y : tensor<200x296xbf16>
}

// CHECK-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16(
// CHECK: %[[TILES:.*]]:67 = scf.for %{{.*}} = %block_id_x to %{{.*}} step %grid_dim_x iter_args(%[[HAS:.*]] = %false, %[[ROW:.*]] = %c0_i64, %[[COL:.*]] = %c0_i64{{.*}}, %{{.*}} = %cst,
// CHECK-SAME: -> (i1, i64, i64, f32,
// The first pair: blocks 0 and 1 issued, block 0 waited for and released,
// then the previous tile's staged epilogue (its warpgroup barrier, stmatrix,
// the predicated 16-byte stores at the previous tile's row and column).
// CHECK: scf.if %{{.*}} -> (f32,
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: arith.constant 0 : i64
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvgpu.mbarrier.arrive
// CHECK-NEXT: arith.extui
// CHECK-NEXT: arith.addi %[[ROW]],
// CHECK: scf.if %[[HAS]] {
// CHECK: nvvm.barrier id
// CHECK: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: @p st.global.L2::cache_hint.v4.b32
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.for {{.*}} iter_args(
// No pair (K = 128): the previous tile's epilogue before the single block.
// CHECK: } else {
// CHECK-NEXT: arith.extui
// CHECK-NEXT: arith.addi %[[ROW]],
// CHECK: scf.if %[[HAS]] {
// CHECK: nvvm.barrier id
// The tile yields its own coordinates and sums; the last tile's epilogue
// follows the loop.
// CHECK: scf.yield %true,
// CHECK: scf.if %[[TILES]]#0 {
// CHECK: nvvm.barrier id
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_acc(
// CHECK: scf.for %{{.*}} = %block_id_x to %{{.*}} step %grid_dim_x {
// CHECK: gpu.return
