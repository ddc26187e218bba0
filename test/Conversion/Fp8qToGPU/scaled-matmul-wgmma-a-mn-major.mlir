// a_scale_layout = mn_major on the Hopper wgmma GEMM (gemm=wgmma): A's
// scales are [K/G, M], so the kernel is the `_amn` variant (after `_acc`,
// before `_pi<P>`), launched as such, and loads the scale of row r in group g
// from sa[g * M + r] (the rows of a fragment are adjacent addresses) instead
// of sa[r * (K/G) + g]. The export records attrs.a_scale_layout and the `sa`
// argument as [K/128, M] with "layout": "transposed"; check_gemm's dry run
// takes the kernels.
//
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 memory-model=unified" | FileCheck %s
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 memory-model=unified format=isa export-dir=%t" | FileCheck %s --check-prefix=PIPE
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %if numpy %{ %python -m fp8q.device.check_gemm --export-dir %t --dry-run --shapes odd | FileCheck %s --check-prefix=DRY %}

func.func @bf16_amn(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<4x200xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<200x512xf8E4M3FN>, tensor<4x200xf32>, tensor<300x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}
func.func @bf16(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<200x4xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<3x4xf32>, %y0: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<200x512xf8E4M3FN>, tensor<200x4xf32>, tensor<300x512xf8E4M3FN>, tensor<3x4xf32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}
func.func @wgrad_f32_acc_amn(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<4x200xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<300x4xf32>, %c: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {b_tile = #fp8q.tile<1x128>, accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<200x512xf8E4M3FN>, tensor<4x200xf32>, tensor<300x512xf8E4M3FN>, tensor<300x4xf32> -> tensor<200x300xf32>
  return %y : tensor<200x300xf32>
}
func.func @f32_acc_amn_pi64(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<2x64xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {accumulate, promotion_interval = 64, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<64x256xf8E4M3FN>, tensor<2x64xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
func.func @f32_amn_g256(%a: tensor<200x512xf8E4M3FN>, %sa: tensor<2x200xf32>, %b: tensor<300x512xf8E4M3FN>, %sb: tensor<2x2xf32>, %y0: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      {group_size = 256, b_tile = #fp8q.tile<256x256>, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<200x512xf8E4M3FN>, tensor<2x200xf32>, tensor<300x512xf8E4M3FN>, tensor<2x2xf32> -> tensor<200x300xf32>
  return %y : tensor<200x300xf32>
}

// Host: one launch per op, the suffix after `_acc` and before `_pi64` and
// `_g256`; the k_major op keeps the plain kernel.
// CHECK-LABEL: func.func @bf16_amn
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_amn::@fp8q_scaled_matmul_1x128_128x128_bf16_amn
// CHECK-SAME: blocks in (%c6{{[_0-9]*}}, %c1, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c165888_i32
// CHECK-SAME: %c200_i64 : i64, %c300_i64 : i64, %c512_i64 : i64
// CHECK-LABEL: func.func @bf16(
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16 blocks
// CHECK-LABEL: func.func @wgrad_f32_acc_amn
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_1x128_f32_acc_amn::@fp8q_scaled_matmul_1x128_1x128_f32_acc_amn
// CHECK-SAME: dynamic_shared_memory_size %c134144_i32
// CHECK-LABEL: func.func @f32_acc_amn_pi64
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64::@fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64
// CHECK-LABEL: func.func @f32_amn_g256
// CHECK: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32_amn_g256::@fp8q_scaled_matmul_1x128_128x128_f32_amn_g256

// The `_amn` kernel: the argument list is that of the k_major kernel (a,
// a_map, sa, b, b_map, sb, out, M, N, K). In the consumers' K loop, per K
// block: row r = min(row, M-1) and r + 8, both read from sa at (g * M + r) * 4
// bytes, with the group g of B's scale. The chunk of three K blocks is
// unrolled (three sites), then the K blocks past the last whole chunk (a
// fourth site); no other access to sa.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_amn [
// CHECK:      gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_amn(
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SA:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SB:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 2 : i64, llvm.noalias},
// CHECK-SAME:     %[[M:[a-z0-9_]+]]: i64, %{{[a-z0-9_]+}}: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK: nvvm.setmaxregister  increase 232
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK: arith.cmpi uge, %{{.*}}, %c2{{[_0-9]*}} : index
// CHECK:      %[[KG:[a-z0-9_]+]] = arith.divui %[[K]], %{{[a-z0-9_]+}} : i64
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK:      %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %[[ROW:[a-z0-9_]+]], %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[G:[a-z0-9_]+]], %[[M]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %[[R0]] : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[SA0:[a-z0-9_]+]] = llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// Row + 8 (the fragment's second row), the same group.
// CHECK-NEXT: %[[E8:[a-z0-9_]+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ROW8:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[E8]] : i64
// CHECK-NEXT: %[[R1:[a-z0-9_]+]] = arith.minui %[[ROW8]], %[[LAST]] : i64
// CHECK-NEXT: %[[I1:[a-z0-9_]+]] = arith.muli %[[G]], %[[M]] : i64
// CHECK-NEXT: %[[J1:[a-z0-9_]+]] = arith.addi %[[I1]], %[[R1]] : i64
// CHECK-NEXT: %[[F1:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O1:[a-z0-9_]+]] = arith.muli %[[J1]], %[[F1]] : i64
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[SA1:[a-z0-9_]+]] = llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> f32
// B's scale sb[n0 / 128, g] (k_major as ever: (n0 / 128) * (K/128) + g) with
// the group g of the A scales; the promotion scales sa * sb.
// CHECK-NEXT: %{{[a-z0-9_]+}} = arith.constant 128 : i64
// CHECK-NEXT: %[[NB:[a-z0-9_]+]] = arith.divui %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i64
// CHECK-NEXT: %[[BI:[a-z0-9_]+]] = arith.muli %[[NB]], %[[KG]] : i64
// CHECK-NEXT: %[[BJ:[a-z0-9_]+]] = arith.addi %[[BI]], %[[G]] : i64
// CHECK-NEXT: %[[BF:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[BO:[a-z0-9_]+]] = arith.muli %[[BJ]], %[[BF]] : i64
// CHECK-NEXT: %[[PB:[a-z0-9_]+]] = llvm.getelementptr %[[SB]][%[[BO]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[SBV:[a-z0-9_]+]] = llvm.load %[[PB]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: arith.mulf %[[SA0]], %[[SBV]] : f32
// CHECK-NEXT: arith.mulf %[[SA1]], %[[SBV]] : f32
// Second and third K block of the chunk.
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK:      %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %[[ROW:[a-z0-9_]+]], %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[G:[a-z0-9_]+]], %[[M]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %[[R0]] : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: %[[E8:[a-z0-9_]+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ROW8:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[E8]] : i64
// CHECK-NEXT: %[[R1:[a-z0-9_]+]] = arith.minui %[[ROW8]], %[[LAST]] : i64
// CHECK-NEXT: %[[I1:[a-z0-9_]+]] = arith.muli %[[G]], %[[M]] : i64
// CHECK-NEXT: %[[J1:[a-z0-9_]+]] = arith.addi %[[I1]], %[[R1]] : i64
// CHECK-NEXT: %[[F1:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O1:[a-z0-9_]+]] = arith.muli %[[J1]], %[[F1]] : i64
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK:      %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %[[ROW:[a-z0-9_]+]], %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[G:[a-z0-9_]+]], %[[M]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %[[R0]] : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: %[[E8:[a-z0-9_]+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ROW8:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[E8]] : i64
// CHECK-NEXT: %[[R1:[a-z0-9_]+]] = arith.minui %[[ROW8]], %[[LAST]] : i64
// CHECK-NEXT: %[[I1:[a-z0-9_]+]] = arith.muli %[[G]], %[[M]] : i64
// CHECK-NEXT: %[[J1:[a-z0-9_]+]] = arith.addi %[[I1]], %[[R1]] : i64
// CHECK-NEXT: %[[F1:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O1:[a-z0-9_]+]] = arith.muli %[[J1]], %[[F1]] : i64
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> f32
// The last block of an odd K/128 (after the pairs) alike.
// CHECK: scf.for {{.*}} step %c1{{[_0-9]*}} iter_args
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK:      %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %[[ROW:[a-z0-9_]+]], %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[G:[a-z0-9_]+]], %[[M]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %[[R0]] : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: %[[E8:[a-z0-9_]+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ROW8:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[E8]] : i64
// CHECK-NEXT: %[[R1:[a-z0-9_]+]] = arith.minui %[[ROW8]], %[[LAST]] : i64
// CHECK-NEXT: %[[I1:[a-z0-9_]+]] = arith.muli %[[G]], %[[M]] : i64
// CHECK-NEXT: %[[J1:[a-z0-9_]+]] = arith.addi %[[I1]], %[[R1]] : i64
// CHECK-NEXT: %[[F1:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O1:[a-z0-9_]+]] = arith.muli %[[J1]], %[[F1]] : i64
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK: gpu.return

// The k_major kernel of the same shapes: sa at (r * (K/128) + g) * 4 bytes,
// and no product with M anywhere.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16 [
// CHECK:      gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16(
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SA:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SB:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 2 : i64, llvm.noalias},
// CHECK-SAME:     %[[M:[a-z0-9_]+]]: i64, %{{[a-z0-9_]+}}: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK-NOT: arith.muli %{{[a-z0-9_]+}}, %[[M]] : i64
// CHECK: arith.cmpi uge, %{{.*}}, %c2{{[_0-9]*}} : index
// CHECK-NOT: arith.muli %{{[a-z0-9_]+}}, %[[M]] : i64
// CHECK:      %[[KG:[a-z0-9_]+]] = arith.divui %[[K]], %{{[a-z0-9_]+}} : i64
// CHECK-NEXT: %{{[a-z0-9_]+}} = arith.constant 1 : i64
// CHECK-NEXT: %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %{{[a-z0-9_]+}}, %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[R0]], %[[KG]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %{{[a-z0-9_]+}} : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NOT: arith.muli %{{[a-z0-9_]+}}, %[[M]] : i64
// CHECK: gpu.return

// The Wgrad kernel with accumulate (c before out: M is the first i64 after
// eight pointers) reads sa the same way.
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_1x128_f32_acc_amn [
// CHECK:      gpu.func @fp8q_scaled_matmul_1x128_1x128_f32_acc_amn(
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SA:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SB:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:     %[[M:[a-z0-9_]+]]: i64, %{{[a-z0-9_]+}}: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK: arith.cmpi uge, %{{.*}}, %c2{{[_0-9]*}} : index
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK:      %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %[[ROW:[a-z0-9_]+]], %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[G:[a-z0-9_]+]], %[[M]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %[[R0]] : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: %[[E8:[a-z0-9_]+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ROW8:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[E8]] : i64
// CHECK-NEXT: %[[R1:[a-z0-9_]+]] = arith.minui %[[ROW8]], %[[LAST]] : i64
// CHECK-NEXT: %[[I1:[a-z0-9_]+]] = arith.muli %[[G]], %[[M]] : i64
// CHECK-NEXT: %[[J1:[a-z0-9_]+]] = arith.addi %[[I1]], %[[R1]] : i64
// CHECK-NEXT: %[[F1:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O1:[a-z0-9_]+]] = arith.muli %[[J1]], %[[F1]] : i64
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: gpu.return

// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64 [
// CHECK:      gpu.func @fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64(
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SA:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SB:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:     %[[M:[a-z0-9_]+]]: i64, %{{[a-z0-9_]+}}: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK:      %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %[[ROW:[a-z0-9_]+]], %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[G:[a-z0-9_]+]], %[[M]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %[[R0]] : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: %[[E8:[a-z0-9_]+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ROW8:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[E8]] : i64
// CHECK-NEXT: %[[R1:[a-z0-9_]+]] = arith.minui %[[ROW8]], %[[LAST]] : i64
// CHECK-NEXT: %[[I1:[a-z0-9_]+]] = arith.muli %[[G]], %[[M]] : i64
// CHECK-NEXT: %[[J1:[a-z0-9_]+]] = arith.addi %[[I1]], %[[R1]] : i64
// CHECK-NEXT: %[[F1:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O1:[a-z0-9_]+]] = arith.muli %[[J1]], %[[F1]] : i64
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: gpu.return

// G = 256: the scale group g = (K block) / 2, still sa[g * M + r].
// CHECK-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_amn_g256 [
// CHECK:      gpu.func @fp8q_scaled_matmul_1x128_128x128_f32_amn_g256(
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SA:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 16 : i64, llvm.noalias, llvm.readonly}, %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<16 x i64>},
// CHECK-SAME:     %[[SB:[a-z0-9_]+]]: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias, llvm.readonly},
// CHECK-SAME:     %{{[a-z0-9_]+}}: !llvm.ptr {llvm.align = 4 : i64, llvm.noalias},
// CHECK-SAME:     %[[M:[a-z0-9_]+]]: i64, %{{[a-z0-9_]+}}: i64, %[[K:[a-z0-9_]+]]: i64) kernel
// CHECK-NOT: llvm.getelementptr %[[SA]]
// CHECK:      %[[LAST:[a-z0-9_]+]] = arith.subi %[[M]], %c1{{[a-z0-9_]*}} : i64
// CHECK-NEXT: %[[R0:[a-z0-9_]+]] = arith.minui %[[ROW:[a-z0-9_]+]], %[[LAST]] : i64
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = arith.muli %[[G:[a-z0-9_]+]], %[[M]] : i64
// CHECK-NEXT: %[[J0:[a-z0-9_]+]] = arith.addi %[[I0]], %[[R0]] : i64
// CHECK-NEXT: %[[F0:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O0:[a-z0-9_]+]] = arith.muli %[[J0]], %[[F0]] : i64
// CHECK-NEXT: %[[P0:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: %[[E8:[a-z0-9_]+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ROW8:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[E8]] : i64
// CHECK-NEXT: %[[R1:[a-z0-9_]+]] = arith.minui %[[ROW8]], %[[LAST]] : i64
// CHECK-NEXT: %[[I1:[a-z0-9_]+]] = arith.muli %[[G]], %[[M]] : i64
// CHECK-NEXT: %[[J1:[a-z0-9_]+]] = arith.addi %[[I1]], %[[R1]] : i64
// CHECK-NEXT: %[[F1:[a-z0-9_]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[O1:[a-z0-9_]+]] = arith.muli %[[J1]], %[[F1]] : i64
// CHECK-NEXT: %[[P1:[a-z0-9_]+]] = llvm.getelementptr %[[SA]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: gpu.return

// Through the pipeline: the binaries and PTX entry points carry the names.
// PIPE-LABEL: llvm.func @bf16_amn(
// PIPE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_amn::@fp8q_scaled_matmul_1x128_128x128_bf16_amn
// PIPE-LABEL: llvm.func @bf16(
// PIPE: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16::@fp8q_scaled_matmul_1x128_128x128_bf16 blocks
// PIPE-DAG: gpu.binary @fp8q_scaled_matmul_1x128_128x128_bf16_amn {fp8q.kernel = {{.*}}} [{{.*}}.entry fp8q_scaled_matmul_1x128_128x128_bf16_amn(
// PIPE-DAG: gpu.binary @fp8q_scaled_matmul_1x128_128x128_bf16 {fp8q.kernel = {{.*}}} [{{.*}}.entry fp8q_scaled_matmul_1x128_128x128_bf16(
// PIPE-DAG: gpu.binary @fp8q_scaled_matmul_1x128_1x128_f32_acc_amn {fp8q.kernel = {{.*}}} [{{.*}}.entry fp8q_scaled_matmul_1x128_1x128_f32_acc_amn(
// PIPE-DAG: gpu.binary @fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64 {fp8q.kernel = {{.*}}} [{{.*}}.entry fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64(
// PIPE-DAG: gpu.binary @fp8q_scaled_matmul_1x128_128x128_f32_amn_g256 {fp8q.kernel = {{.*}}} [{{.*}}.entry fp8q_scaled_matmul_1x128_128x128_f32_amn_g256(

// The manifest, kernels sorted by name: the k_major kernel's sa [M, K/128]
// without a layout, the `_amn` kernels' [K/128, M] "transposed".
// MANIFEST:      "name": "fp8q_scaled_matmul_1x128_128x128_bf16",
// MANIFEST:      "accumulate": false,
// MANIFEST-NEXT: "a_scale_layout": "k_major",
// MANIFEST:      "name": "sa",
// MANIFEST-NEXT: "kind": "ptr",
// MANIFEST-NEXT: "dtype": "f32",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT:  "M",
// MANIFEST-NEXT:  "K/128"
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "x-access": "read",
// MANIFEST:      "name": "fp8q_scaled_matmul_1x128_128x128_bf16_amn",
// MANIFEST-NEXT: "cubin": "fp8q_scaled_matmul_1x128_128x128_bf16_amn.{{cubin|ptx}}",
// MANIFEST-NEXT: "op": "fp8q.scaled_matmul",
// MANIFEST-NEXT: "attrs": {
// MANIFEST-NEXT:  "group": 128,
// MANIFEST-NEXT:  "b_tile": [
// MANIFEST-NEXT:   128,
// MANIFEST-NEXT:   128
// MANIFEST-NEXT:  ],
// MANIFEST-NEXT:  "out_dtype": "bf16",
// MANIFEST-NEXT:  "accumulate": false,
// MANIFEST-NEXT:  "a_scale_layout": "mn_major",
// MANIFEST-NEXT:  "promotion_interval": 128,
// MANIFEST-NEXT:  "promotion": "fma",
// MANIFEST:      "name": "a",
// MANIFEST:      "name": "sa",
// MANIFEST-NEXT: "kind": "ptr",
// MANIFEST-NEXT: "dtype": "f32",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT:  "K/128",
// MANIFEST-NEXT:  "M"
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "layout": "transposed",
// MANIFEST-NEXT: "x-access": "read",
// MANIFEST-NEXT: "x-alignment": 4,
// MANIFEST-NEXT: "x-role": "a_scale"
// MANIFEST:      "name": "fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64",
// MANIFEST:      "accumulate": true,
// MANIFEST-NEXT: "a_scale_layout": "mn_major",
// MANIFEST-NEXT: "promotion_interval": 64,
// MANIFEST-NEXT: "promotion": "fma",
// MANIFEST:      "name": "sa",
// MANIFEST-NEXT: "kind": "ptr",
// MANIFEST-NEXT: "dtype": "f32",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT:  "K/128",
// MANIFEST-NEXT:  "M"
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "layout": "transposed",
// MANIFEST:      "name": "fp8q_scaled_matmul_1x128_128x128_f32_amn_g256",
// MANIFEST:      "attrs": {
// MANIFEST-NEXT:  "group": 256,
// MANIFEST:       "a_scale_layout": "mn_major",
// MANIFEST:      "name": "sa",
// MANIFEST-NEXT: "kind": "ptr",
// MANIFEST-NEXT: "dtype": "f32",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT:  "K/256",
// MANIFEST-NEXT:  "M"
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "layout": "transposed",
// MANIFEST:      "name": "fp8q_scaled_matmul_1x128_1x128_f32_acc_amn",
// MANIFEST:      "b_tile": [
// MANIFEST-NEXT:  1,
// MANIFEST-NEXT:  128
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "out_dtype": "f32",
// MANIFEST-NEXT: "accumulate": true,
// MANIFEST-NEXT: "a_scale_layout": "mn_major",
// MANIFEST:      "name": "sa",
// MANIFEST-NEXT: "kind": "ptr",
// MANIFEST-NEXT: "dtype": "f32",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT:  "K/128",
// MANIFEST-NEXT:  "M"
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "layout": "transposed",

// check_gemm's dry run (reference on the small shapes) takes every kernel,
// in the manifest's order.
// DRY: fp8q_scaled_matmul_1x128_128x128_bf16 {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// DRY: fp8q_scaled_matmul_1x128_128x128_bf16_amn {{ *}}129x257x256 {{.*}}ok (dry run, grid 6x1x1)
// DRY: fp8q_scaled_matmul_1x128_128x128_f32_acc_amn_pi64 {{ *}}1000x1000x1024 {{.*}}ok (dry run, grid 64x1x1)
// DRY: fp8q_scaled_matmul_1x128_128x128_f32_amn_g256 {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// DRY: fp8q_scaled_matmul_1x128_1x128_f32_acc_amn {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// DRY: 30 ok or skipped, 0 failed
