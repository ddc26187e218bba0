// fp8q.grouped_scaled_matmul with gemm=wgmma: one launch of the grouped GEMM
// kernel per op (contiguous and masked layouts), next to the plain GEMM.
// Host: the offsets (counts) checked as the reference lowering checks them,
// A, B [G N, K] and the scales as 2-D arrays, the result buffer initialized
// with init (the kernel writes only the rows of the groups), G (and C) after
// M, N, K, a fixed persistent grid. Kernel: every thread counts the tiles of
// the groups, walks the groups forward with its tiles, loads B[g]'s rows
// (TMA row g N + n0) and scale blocks, and masks rows at its group's end.
// The numerics against the reference: test/Integration/GPU/grouped-scaled-matmul-mock.test.
//
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128" | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu | FileCheck %s --check-prefix=HOST
// RUN: fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 format=isa" | FileCheck %s --check-prefix=PIPE

// gemm=host leaves both ops alone (the GPU pipeline's reference lowering
// runs them on the host).
// HOST-COUNT-2: fp8q.grouped_scaled_matmul
// HOST-NOT: gpu.launch_func

// CHECK-LABEL: func.func @experts
// CHECK:         cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}scaled-matmul-wgmma-grouped.mlir:{{[0-9]+}}:{{[0-9]+}}): group offsets must be nondecreasing and within [0, M] (M = extent 0 of a)"
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<3x256x256xf8E4M3FN> into tensor<768x256xf8E4M3FN>
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<3x2x2xf32> into tensor<6x2xf32>
// CHECK:         %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<200x256xbf16>
// CHECK:         memref.copy %{{.*}}, %[[OUT]] : memref<200x256xbf16> to memref<200x256xbf16>
// The device result is copied from the host buffer (init's rows) first.
// CHECK:         %[[DOUT:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<200x256xbf16>
// CHECK-NEXT:    gpu.memcpy async [%{{.*}}] %[[DOUT]], %[[OUT]]
// B's tensor map over the G N = 768 rows of the three weights.
// CHECK:         llvm.mlir.constant(768 : i64)
// CHECK:         nvgpu.tma.create.descriptor
// CHECK:         gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous::@fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous blocks in (%c132, %c1, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c165888_i32
// CHECK-SAME:    %c200_i64 : i64, %c256_i64 : i64, %c256_i64{{.*}} : i64, %c3_i64 : i64)
// CHECK:         gpu.launch_func {{.*}}@fp8q_scaled_matmul_1x128_128x128_f32::

// CHECK-LABEL: func.func @decode
// CHECK:         cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}): group counts must be within [0, C] (C = extent 1 of a)"
// CHECK:         tensor.collapse_shape %{{.*}} : tensor<4x64x512xf32> into tensor<256x512xf32>
// CHECK:         tensor.collapse_shape %{{.*}} : tensor<4x64x256xf8E4M3FN> into tensor<256x256xf8E4M3FN>
// CHECK:         gpu.launch_func async {{.*}} @fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked::@fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked blocks in (%c132, %c1, %c1)
// M = G C = 256, then N, K, G = 4, C = 64.
// CHECK-SAME:    %c256_i64 : i64, %c512_i64 : i64, %c256_i64{{.*}} : i64, %c4_i64 : i64, %c64_i64 : i64)
// CHECK:         tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [4, 64, 512] : tensor<256x512xf32> into tensor<4x64x512xf32>

// The kernel: the configuration attribute names the layout.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous
// CHECK-SAME:    grouping = "contiguous"
// CHECK:       gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous(
// CHECK-SAME:    %[[GROUPS:[a-z0-9]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly}
// CHECK-SAME:    %[[N:[a-z0-9]+]]: i64, %{{[a-z0-9]+}}: i64, %[[G:[a-z0-9]+]]: i64)
// Producer: the tiles of all groups (offsets[g + 1] - offsets[g] rows, in
// 128-row tiles, times the column tiles) ...
// CHECK:       nvvm.setmaxregister  decrease 40
// CHECK:       %[[TOTAL:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %c0_i64) -> (i64) {
// CHECK:         llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:         llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:         arith.maxui
// ... then per tile: the groups walked forward (only while g < G), ...
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %c0_i64{{.*}}, %{{.*}} = %c0_i64{{.*}}) -> (i64, i64) {
// CHECK:         %[[WALK:.*]]:2 = scf.while
// CHECK:           arith.cmpi ult, %{{.*}}, %[[G]] : i64
// CHECK:           arith.cmpi uge
// CHECK:           scf.condition
// ... B's rows from g N + n0.
// CHECK:         %[[GN:.*]] = arith.muli %[[WALK]]#0, %[[N]] : i64
// CHECK:         %[[BROW:.*]] = arith.addi %[[GN]], %{{.*}} : i64
// CHECK:         %[[BIDX:.*]] = arith.index_castui %[[BROW]] : i64 to index
// CHECK:         nvgpu.tma.async.load
// CHECK:         nvgpu.tma.async.load %{{.*}}[%{{.*}}, %[[BIDX]]]
// CHECK:         scf.yield %[[WALK]]#0, %[[WALK]]#1 : i64, i64
// Consumers: the same walk; the epilogue's rows end at the group's end.
// CHECK:       nvvm.setmaxregister  increase 232
// CHECK:       %[[CW:.*]]:2 = scf.while
// CHECK:       scf.condition
// CHECK:       arith.addi %[[CW]]#0, %c1_i64{{.*}} : i64
// CHECK:       %[[END:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK:       arith.cmpi ule, %{{.*}}, %[[END]] : i64
// CHECK:       arith.cmpi ult, %{{.*}}, %[[END]] : i64

// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked
// CHECK-SAME:    grouping = "masked"
// Masked: group g's rows are [g C, g C + counts[g]).
// CHECK:       gpu.func @fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked(
// CHECK-SAME:    %{{[a-z0-9]+}}: i64, %[[GM:[a-z0-9]+]]: i64, %[[C:[a-z0-9]+]]: i64)
// CHECK:       arith.muli %{{.*}}, %[[C]] : i64

// PIPE-LABEL: llvm.func @experts
// PIPE:         llvm.call @abort()
// PIPE:         gpu.launch_func {{.*}}@fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous
// PIPE:         gpu.launch_func {{.*}}@fp8q_scaled_matmul_1x128_128x128_f32::
// PIPE-NOT:     fp8q.grouped_scaled_matmul
func.func @experts(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x256x256xf8E4M3FN>, %sb: tensor<3x2x2xf32>, %off: tensor<4xi32>, %init: tensor<200x256xbf16>, %w: tensor<256x256xf8E4M3FN>, %sw: tensor<2x2xf32>, %y0: tensor<200x256xf32>) -> (tensor<200x256xbf16>, tensor<200x256xf32>) {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x256x256xf8E4M3FN>, tensor<3x2x2xf32>, tensor<4xi32> -> tensor<200x256xbf16>
  %z = fp8q.scaled_matmul %a, %sa, %w, %sw outs(%y0)
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<256x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<200x256xf32>
  return %y, %z : tensor<200x256xbf16>, tensor<200x256xf32>
}

func.func @decode(%a: tensor<4x64x256xf8E4M3FN>, %sa: tensor<4x64x2xf32>, %b: tensor<4x512x256xf8E4M3FN>, %sb: tensor<4x4x2xf32>, %counts: tensor<4xi32>, %init: tensor<4x64x512xf32>) -> tensor<4x64x512xf32> {
  %z = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %counts outs(%init)
      {layout = #fp8q.group_layout<masked>, accumulate}
      : tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4x512x256xf8E4M3FN>, tensor<4x4x2xf32>, tensor<4xi32> -> tensor<4x64x512xf32>
  return %z : tensor<4x64x512xf32>
}
