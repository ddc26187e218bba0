// Groups and promotion intervals of the wgmma GEMM beyond one 128-wide K
// block: group_size G = 256 (two stages per scale group) with promotion
// every 128, and G = promotion_interval = 256 (the tensor cores accumulate
// across two stages before one promotion; with G = K this is the
// no-promotion accuracy experiment).
//
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 memory-model=unified" | FileCheck %s
// RUN: fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 memory-model=unified format=isa" | FileCheck %s --check-prefix=PTX

func.func @group256(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<2x2xf32>, %y0: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 256, b_tile = #fp8q.tile<256x256>}
      : tensor<200x512xf8E4M3FN>, tensor<200x2xf32>, tensor<300x512xf8E4M3FN>, tensor<2x2xf32> -> tensor<200x300xf32>
  return %y : tensor<200x300xf32>
}

func.func @no_promotion(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x1xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<1x1xf32>, %y0: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {group_size = 512, b_tile = #fp8q.tile<512x512>, promotion_interval = 512}
      : tensor<200x512xf8E4M3FN>, tensor<200x1xf32>, tensor<300x512xf8E4M3FN>, tensor<1x1xf32> -> tensor<200x300xf32>
  return %y : tensor<200x300xf32>
}

// CHECK-LABEL: func.func @group256
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32_g256::@fp8q_scaled_matmul_1x128_128x128_f32_g256
// CHECK-LABEL: func.func @no_promotion
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32_g512_pi512::@fp8q_scaled_matmul_1x128_128x128_f32_g512_pi512

// G = 256, promotion every 128: a promotion per stage (the overlapped
// pairs of blocks), scale group kt / 2, the B block of the tile n0 / 256.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_g256
// CHECK: } else {
// CHECK: scf.for %[[KT:.*]] = %c2{{[_0-9]*}} to %{{.*}} step %c2{{[_0-9]*}} iter_args
// CHECK: %[[KT64:.*]] = arith.index_castui %[[KT]] : index to i64
// CHECK: arith.divui %[[KT64]], %c2_i64{{[_0-9]*}} : i64
// CHECK: arith.divui %{{.*}}, %c256_i64{{[_0-9]*}} : i64
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: llvm.intr.fma
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvgpu.mbarrier.arrive
// CHECK: llvm.intr.fma
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.yield

// G = P = 512: the K loop steps by 4 stages; the first stage starts a fresh
// accumulator, the next 3 (inner loop carrying the wgmma struct) add onto
// it, each stage released after its wgmmas; one promotion at the end.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_g512_pi512
// CHECK: } else {
// CHECK: scf.for %[[KT:.*]] = %c0{{[_0-9]*}} to %{{.*}} step %c4 iter_args
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive
// CHECK-NOT: llvm.intr.fma
// CHECK: scf.for %{{.*}} = %c1{{[_0-9]*}} to %c4{{[_0-9]*}} step %c1{{[_0-9]*}} iter_args(%{{.*}} = %{{.*}}) -> (!llvm.struct<
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive
// CHECK-NOT: llvm.intr.fma
// CHECK: scf.yield
// CHECK: llvm.extractvalue
// CHECK: llvm.intr.fma

// PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
