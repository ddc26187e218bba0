// The staged epilogue of the wgmma GEMM with accumulate and a bf16 result
// (docs/GPU.md, "Staged epilogue"): C is read in 16-byte chunks of 8 bf16,
// widened and added in f32 to the staged f32 values, rounded once to bf16
// and stored as 16 bytes; chunks past M or N are skipped. The register
// epilogue stays behind for N % 8 != 0 or misaligned arrays.
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 gemm-block-n=128 gemm-stages=4 memory-model=unified" | FileCheck %s
// Its f32 staging area (128 x (128 x 4 + 32) = 69632 bytes) does not fit
// beside 6 stages of 128 x 128 (196608 bytes); the bf16 one of a result
// without C (34816) does: the kernel with C then stores from registers.
// (The staged epilogue without C, bf16: NOSTAGE below.)
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 gemm-block-n=128 gemm-stages=6 memory-model=unified" | FileCheck %s --check-prefix=NOSTAGE

func.func @bf16_acc(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<296x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %c: tensor<200x296xbf16>) -> tensor<200x296xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<296x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x296xbf16>
  return %y : tensor<200x296xbf16>
}

func.func @bf16(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<296x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %c: tensor<200x296xbf16>) -> tensor<200x296xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<296x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x296xbf16>
  return %y : tensor<200x296xbf16>
}

// NOSTAGE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_acc_m128n128s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_acc_m128n128s6c132
// NOSTAGE-SAME: dynamic_shared_memory_size %c196608_i32
// NOSTAGE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132
// NOSTAGE-SAME: dynamic_shared_memory_size %c231424_i32
// NOSTAGE-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_acc_m128n128s6c132
// NOSTAGE-NOT: nvvm.barrier
// NOSTAGE-NOT: vector<8xbf16>
// NOSTAGE: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr
// NOSTAGE-NOT: vector<8xbf16>
// Without C the bf16 fragment is written by stmatrix (two 8-column groups of
// the warp's 16 rows each), read back in 16-byte chunks (one column chunk
// per thread, 8 rows apart) and stored by predicated 16-byte stores that
// carry the L2 evict_first policy.
// NOSTAGE-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132
// NOSTAGE: nvvm.barrier
// NOSTAGE-NOT: llvm.store
// NOSTAGE-COUNT-8: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r"
// NOSTAGE: nvvm.barrier
// NOSTAGE-COUNT-8: createpolicy.fractional.L2::evict_first.b64 q, 1.0;{{.*}}setp.ne.b32 p, $2, 0;{{.*}}ld.shared.v4.b32 {x, y, z, w}, [$1];{{.*}}@p st.global.L2::cache_hint.v4.b32 [$0], {x, y, z, w}, q;

// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_acc::@fp8q_scaled_matmul_1x128_128x128_bf16_acc
// CHECK-SAME: dynamic_shared_memory_size %c200704_i32
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_acc
// The staged path needs N % 8 == 0 and out and C 16-byte aligned.
// CHECK: arith.andi %{{.*}}, %c7_i64 : i64
// CHECK: %[[OUT:.*]] = llvm.ptrtoint %arg7 : !llvm.ptr to i64
// CHECK: %[[C:.*]] = llvm.ptrtoint %arg6 : !llvm.ptr to i64
// CHECK: %[[BOTH:.*]] = arith.ori %[[OUT]], %[[C]] : i64
// CHECK: arith.andi %[[BOTH]], %c15_i64 : i64
// CHECK: scf.if
// CHECK: nvvm.barrier
// CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// A chunk: row below the row end and first column below N.
// CHECK: %[[INROWS:.*]] = arith.cmpi ult, %{{.*}}, %arg8
// CHECK: %[[INCOLS:.*]] = arith.cmpi ult, %{{.*}}, %arg9
// CHECK: %[[INSIDE:.*]] = arith.andi %[[INROWS]], %[[INCOLS]] : i1
// CHECK: scf.if %[[INSIDE]] {
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.shufflevector
// CHECK: %[[PRIOR:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<8xbf16>
// CHECK: %[[WIDE:.*]] = llvm.fpext %[[PRIOR]] : vector<8xbf16> to vector<8xf32>
// CHECK: %[[SUM:.*]] = llvm.fadd %[[WIDE]], %{{.*}} : vector<8xf32>
// CHECK: %[[ROUNDED:.*]] = llvm.fptrunc %[[SUM]] : vector<8xf32> to vector<8xbf16>
// CHECK: llvm.store %[[ROUNDED]], %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xbf16>
