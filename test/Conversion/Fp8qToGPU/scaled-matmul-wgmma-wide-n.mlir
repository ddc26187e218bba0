// BLOCK_N that does not divide the 128-row weight block (GemmKernelConfig::
// spansWeightBlocks): a tile's columns span two weight blocks, so each K
// group has two block scales per tile, sb[n0/128, g] for the columns below
// the next multiple of 128 and sb[n0/128 + 1, g] for the rest, picked per
// 8-column group of the fragment. With at most 4 column splits (160: 16, 12,
// 8, 4 groups in the first block; 192: 16, 8) the K loop is compiled once
// per split behind an scf.index_switch on the tile's split, so the pick is
// a constant; 144 (8 splits) picks with selects. docs/GPU.md, "Wide tiles".
//
// The pass picks 128x160 or 128x192 for the bf16 recipe form where the
// busiest CTA's columns (waves x BLOCK_N) are at most 1/1.05 of 128x128's:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s --check-prefix=AUTO
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-n=160" | FileCheck %s --check-prefix=N160
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified gemm-block-n=144" | FileCheck %s --check-prefix=N144
// Above BN = 160 the staged read-back is computed from a pinned copy of
// the thread index (an empty side-effecting asm LLVM does not hoist out of
// the tile loop: hoisted, 128x192 spilled 12 bytes; ptxas in
// scaled-matmul-wgmma-ptxas.mlir); 128x160 and 128x128 (_acc) hoist it:
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s --check-prefix=PIN
// PIN-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132
// PIN-NOT: "mov.b32 $0, $1;"
// PIN-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m128n192s4c132
// PIN: "mov.b32 $0, $1;", "=r,r"
// PIN-LABEL: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_acc
// PIN-NOT: "mov.b32 $0, $1;"

// 4096 x 576: 160 tiles of 128 x 128 (two waves on 132 SMs, the second of
// 28) against 128 of 128 x 160 (one).
// AUTO-LABEL: func.func @m4096_n576(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132::@fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132
// AUTO-SAME: blocks in (%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c384{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) dynamic_shared_memory_size %c190464_i32
// 128 x 24576: 192 tiles (two waves) against 128 of 128 x 192.
// AUTO-LABEL: func.func @m128_n24576(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n192s4c132::
// AUTO-SAME: blocks in (%c128{{(_[0-9]+)?}},
// 4096 x 2112: 5 waves x 128 columns against 3 x 192; 1024 x 7168: 4 x 128
// against 3 x 160.
// AUTO-LABEL: func.func @m4096_n2112(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n192s4c132::
// AUTO-SAME: blocks in (%c132{{(_[0-9]+)?}},
// AUTO-LABEL: func.func @m1024_n7168(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132::
// AUTO-SAME: blocks in (%c132{{(_[0-9]+)?}},
// 4096 x 7168: 14 x 128 = 1792 against 11 x 160 = 1760 (not 1/1.05 of it;
// K = 256 on many waves: 192 x 128 with the TMA store,
// scaled-matmul-wgmma-three-consumers.mlir).
// AUTO-LABEL: func.func @m4096_n7168(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132::
// Other forms keep 128 x 128 (not measured wide).
// AUTO-LABEL: func.func @m4096_n576_f32(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32::
// AUTO-LABEL: func.func @m4096_n576_acc(
// AUTO: gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_bf16_acc::

// The kernel: the tile's split, min(128 - n0 % 128, 160) / 8, picks one of
// four copies of the K loop (promotion after each block, no pairs: the BN/2
// registers of a third partial do not fit).
// N160-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132(
// N160: %[[PHASE:.*]] = arith.remui %{{.*}}, %c128_i64{{(_[0-9]+)?}} : i64
// N160: %[[REST:.*]] = arith.subi %c128_i64{{(_[0-9]+)?}}, %[[PHASE]] : i64
// N160: %[[COLS:.*]] = arith.minui %[[REST]], %c160_i64{{(_[0-9]+)?}} : i64
// N160: %[[SPLIT:.*]] = arith.divui %[[COLS]], %c8_i64{{(_[0-9]+)?}} : i64
// N160: %[[CASE:.*]] = arith.index_castui %[[SPLIT]] : i64 to index
// N160: scf.index_switch %[[CASE]] -> f32,
// N160: case 16 {
// N160: case 12 {
// In the copy for 8 groups: the two rows' scales with the first block's
// scale (LO0, LO1) and the second's (HI0, HI1); values 0..31 (groups 0..7)
// take LO, the rest HI.
// N160: case 8 {
// N160: %[[LO0:.*]] = arith.mulf %[[SA0:.*]], %[[SB0:.*]] : f32
// N160-NEXT: %[[LO1:.*]] = arith.mulf %[[SA1:.*]], %[[SB0]] : f32
// N160-NEXT: %[[HI0:.*]] = arith.mulf %[[SA0]], %[[SB1:.*]] : f32
// N160-NEXT: %[[HI1:.*]] = arith.mulf %[[SA1]], %[[SB1]] : f32
// N160-NOT: nvvm.wgmma.wait.group.sync.aligned 1
// N160: nvvm.wgmma.wait.group.sync.aligned 0
// N160-COUNT-16: llvm.intr.fma(%{{[0-9]+}}, %[[LO0]],
// N160-NEXT: llvm.extractvalue
// N160-NEXT: llvm.intr.fma(%{{[0-9]+}}, %[[LO1]],
// N160-NEXT: llvm.extractvalue
// N160-NEXT: llvm.intr.fma(%{{[0-9]+}}, %[[LO1]],
// N160-NEXT: llvm.extractvalue
// N160-NEXT: llvm.intr.fma(%{{[0-9]+}}, %[[HI0]],
// N160: default {
// N160-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_f32_m128n160s4c132(

// 144 (8 splits): one loop, the pick a select per column group and row.
// N144-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_bf16_m128n144s4c132(
// N144-NOT: scf.index_switch
// N144-COUNT-36: arith.select
// N144-NOT: arith.select
// N144-LABEL: gpu.func @fp8q_scaled_matmul_1x128_128x128_f32_m128n144s4c132(

func.func @m4096_n576(%a: tensor<4096x256xf8E4M3FN>, %sa: tensor<4096x2xf32>, %b: tensor<576x256xf8E4M3FN>, %sb: tensor<5x2xf32>, %y0: tensor<4096x576xbf16>) -> tensor<4096x576xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<4096x256xf8E4M3FN>, tensor<4096x2xf32>, tensor<576x256xf8E4M3FN>, tensor<5x2xf32> -> tensor<4096x576xbf16>
  return %y : tensor<4096x576xbf16>
}
func.func @m128_n24576(%a: tensor<128x256xf8E4M3FN>, %sa: tensor<128x2xf32>, %b: tensor<24576x256xf8E4M3FN>, %sb: tensor<192x2xf32>, %y0: tensor<128x24576xbf16>) -> tensor<128x24576xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<128x256xf8E4M3FN>, tensor<128x2xf32>, tensor<24576x256xf8E4M3FN>, tensor<192x2xf32> -> tensor<128x24576xbf16>
  return %y : tensor<128x24576xbf16>
}
func.func @m4096_n2112(%a: tensor<4096x256xf8E4M3FN>, %sa: tensor<4096x2xf32>, %b: tensor<2112x256xf8E4M3FN>, %sb: tensor<17x2xf32>, %y0: tensor<4096x2112xbf16>) -> tensor<4096x2112xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<4096x256xf8E4M3FN>, tensor<4096x2xf32>, tensor<2112x256xf8E4M3FN>, tensor<17x2xf32> -> tensor<4096x2112xbf16>
  return %y : tensor<4096x2112xbf16>
}
func.func @m1024_n7168(%a: tensor<1024x256xf8E4M3FN>, %sa: tensor<1024x2xf32>, %b: tensor<7168x256xf8E4M3FN>, %sb: tensor<56x2xf32>, %y0: tensor<1024x7168xbf16>) -> tensor<1024x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<1024x256xf8E4M3FN>, tensor<1024x2xf32>, tensor<7168x256xf8E4M3FN>, tensor<56x2xf32> -> tensor<1024x7168xbf16>
  return %y : tensor<1024x7168xbf16>
}
func.func @m4096_n7168(%a: tensor<4096x256xf8E4M3FN>, %sa: tensor<4096x2xf32>, %b: tensor<7168x256xf8E4M3FN>, %sb: tensor<56x2xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<4096x256xf8E4M3FN>, tensor<4096x2xf32>, tensor<7168x256xf8E4M3FN>, tensor<56x2xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}
func.func @m4096_n576_f32(%a: tensor<4096x256xf8E4M3FN>, %sa: tensor<4096x2xf32>, %b: tensor<576x256xf8E4M3FN>, %sb: tensor<5x2xf32>, %y0: tensor<4096x576xf32>) -> tensor<4096x576xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<4096x256xf8E4M3FN>, tensor<4096x2xf32>, tensor<576x256xf8E4M3FN>, tensor<5x2xf32> -> tensor<4096x576xf32>
  return %y : tensor<4096x576xf32>
}
func.func @m4096_n576_acc(%a: tensor<4096x256xf8E4M3FN>, %sa: tensor<4096x2xf32>, %b: tensor<576x256xf8E4M3FN>, %sb: tensor<5x2xf32>, %y0: tensor<4096x576xbf16>) -> tensor<4096x576xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {accumulate}
      : tensor<4096x256xf8E4M3FN>, tensor<4096x2xf32>, tensor<576x256xf8E4M3FN>, tensor<5x2xf32> -> tensor<4096x576xbf16>
  return %y : tensor<4096x576xbf16>
}
