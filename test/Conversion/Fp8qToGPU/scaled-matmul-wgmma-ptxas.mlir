// REQUIRES: ptxas
// The wgmma GEMM variants assemble for sm_90a (ptxas -v): no local memory,
// and exactly the 168 registers per thread that 384 threads allow, the
// count the kernel is launched with and that setmaxnreg redistributes
// (128 x 40 + 256 x 232): a kernel launched with fewer would hang in
// setmaxnreg.inc. BLOCK_N = 64 (below) needs fewer registers by itself;
// .maxnreg pins the count there too. No kernel gets a ptxas performance
// advisory (ptxas_report.py prints them; e.g. C7514, every wgmma serialized
// because a promotion reads a partial before its wgmma.wait_group, or C7512,
// serialized for want of registers).
//
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory"
// RUN: cat %t/*.ptx | FileCheck %s --check-prefix=SMEM
// RUN: cat %t/fp8q_scaled_matmul_1x128_128x128_bf16.ptx | FileCheck %s --check-prefix=MAPS
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa gemm-block-n=64 gemm-stages=6 export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=N64
// 2-CTA clusters (gemm-cluster=2; the multicast and the cluster barriers in
// PTX: scaled-matmul-wgmma-cluster.mlir) alike:
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 gemm-cluster=2 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=CLUSTER
// and along N (gemm-cluster-n=2, A multicast; scaled-matmul-wgmma-cluster-n.mlir),
// at 128 x 128 and at DeepGEMM's 256 x 128 with 3 stages (the bf16 and Wgrad
// forms without spills; the 64-wide interval and f32 with C spill at 256
// rows as without clusters):
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 gemm-cluster-n=2 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=CLUSTERN
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=256 gemm-stages=3 gemm-cluster-n=2 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=M256N2
// The separate multiply and add of gemm-promotion=mul-add alike:
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 gemm-promotion=mul-add memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=MULADD
// BLOCK_M = 256 (two 64-row slices per consumer warpgroup) in the recipe's
// form: no spills with bf16 results, staged, and in the Wgrad form (the tile
// the pass picks for it); the register epilogue (f32 with C) and the 64-wide
// promotion interval spill at 256 rows (docs/GPU.md, "Two slices per
// warpgroup"):
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=256 gemm-stages=3 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=M256
// and the bf16 kernel at 4 stages (its scales of both slices loaded before
// the stage wait, GemmKernelConfig::preloadsSliceScales):
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=256 gemm-stages=4 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=M256S4
// BLOCK_M = 192 (three consumer warpgroups of 160 registers after setmaxnreg,
// the producer 32; launched with the 128 that 512 threads allow), every form,
// 4 and 5 stages (scaled-matmul-wgmma-three-consumers.mlir):
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=192 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=M192
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=192 gemm-stages=5 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=M192
// The wide tiles the pass picks for N tails (128x160 and 128x192, their K
// loop compiled per column split; scaled-matmul-wgmma-wide-n.mlir): no
// spills (above BN = 160 the staged read-back is computed in the epilogue
// from a pinned copy of the thread index; hoisted out of the tile loop, 12
// bytes of it spilled at 128x192):
// RUN: rm -rf %t && fp8-opt %S/scaled-matmul-wgmma-wide-n.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=WIDE
// The epilogue storers (static K <= 1024; scaled-matmul-wgmma-epilogue-storers.mlir):
// the storers' loop fits the producer's 40 registers:
// RUN: rm -rf %t && fp8-opt %S/scaled-matmul-wgmma-epilogue-storers.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=STORERS
// The TMA-store epilogue (gemm-tma-store; scaled-matmul-wgmma-tma-store.mlir),
// with 4 and 6 stages:
// RUN: rm -rf %t && fp8-opt %S/scaled-matmul-wgmma-tma-store.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified gemm-tma-store=1 format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=TMA
// 6 stages of 128 x 128 (the deep ring the pass picks for K = 1024..2048 and
// few waves; scaled-matmul-wgmma-deep-ring.mlir), every form and the
// storers' kernel: the ring's division by 6 in i32 (with it in i64 the Wgrad
// form spilled 12 bytes):
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 gemm-stages=6 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=S6
// RUN: rm -rf %t && fp8-opt %S/scaled-matmul-wgmma-deep-ring.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=S6AUTO
// Split-K over two CTAs (gemm-split-k; scaled-matmul-wgmma-split-k.mlir):
// the forms at 128 x 128 (the Wgrad form, which the pass never splits,
// spills 8 bytes) and the pass's own split tiles, 128 x 64 and 64 x 64:
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 gemm-split-k=2 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=SPLIT
// RUN: rm -rf %t && fp8-opt %S/scaled-matmul-wgmma-split-k.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=SPLITAUTO
// The grouped kernels (contiguous and masked layouts) alike:
// RUN: rm -rf %t && fp8-opt %S/scaled-matmul-wgmma-grouped.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --implicit-check-not="ptxas advisory" --check-prefix=GROUPED

// The dynamic shared memory is declared 1024-byte aligned (the 128-byte
// swizzle's atom; KernelInterface::dynamicSharedMemoryAlignment), not
// demoted to a static variable; the mbarriers are a static one (ptxas pads
// it to the dynamic array's alignment: 1024 bytes of static shared memory):
// SMEM-COUNT-4: .extern .shared .align 1024 .b8 __dynamic_shmem__0[];
// SMEM-NOT:     __dynamic_shmem__0 has been demoted

// The tensor maps are by-value grid constants (128 bytes, 64-byte aligned
// in param space); the producer gives TMA their generic addresses:
// MAPS-LABEL: .visible .entry fp8q_scaled_matmul_1x128_128x128_bf16(
// MAPS-NEXT:    .param .u64 .ptr .align 16 fp8q_scaled_matmul_1x128_128x128_bf16_param_0,
// MAPS-NEXT:    .param .align 64 .b8 fp8q_scaled_matmul_1x128_128x128_bf16_param_1[128],
// MAPS-NEXT:    .param .u64 .ptr .align 4 fp8q_scaled_matmul_1x128_128x128_bf16_param_2,
// MAPS-NEXT:    .param .u64 .ptr .align 16 fp8q_scaled_matmul_1x128_128x128_bf16_param_3,
// MAPS-NEXT:    .param .align 64 .b8 fp8q_scaled_matmul_1x128_128x128_bf16_param_4[128],
// MAPS-NOT:     ld.param{{.*}}_param_1
// MAPS-NOT:     ld.param{{.*}}_param_4
// MAPS:         mov.b64 [[A:%rd[0-9]+]], fp8q_scaled_matmul_1x128_128x128_bf16_param_1;
// MAPS-NEXT:    cvta.param.u64 [[A]], [[A]];
// MAPS:         mov.b64 [[B:%rd[0-9]+]], fp8q_scaled_matmul_1x128_128x128_bf16_param_4;
// MAPS-NEXT:    cvta.param.u64 [[B]], [[B]];
// MAPS:         cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], {{\[}}[[A]], {
// MAPS:         cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], {{\[}}[[B]], {

// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16_pi64: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CHECK: fp8q_scaled_matmul_1x128_128x128_f32_acc: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CHECK: fp8q_scaled_matmul_1x128_1x128_f32: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// N64: fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// CLUSTER: fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132x2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CLUSTER: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m128n128s4c132x2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CLUSTER: fp8q_scaled_matmul_1x128_128x128_f32_acc_m128n128s4c132x2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// The Wgrad form with clusters (opt-in) spilled 4 bytes across the paired K
// loop at ptxas' default register-usage level; at level 10
// (GemmKernelConfig::getPtxasOptions) it does not.
// CLUSTER: fp8q_scaled_matmul_1x128_1x128_f32_m128n128s4c132x2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// CLUSTERN: fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132xn2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CLUSTERN: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m128n128s4c132xn2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CLUSTERN: fp8q_scaled_matmul_1x128_128x128_f32_acc_m128n128s4c132xn2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CLUSTERN: fp8q_scaled_matmul_1x128_1x128_f32_m128n128s4c132xn2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// M256N2: fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132xn2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// M256N2: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m256n128s3c132xn2: 168 registers,
// M256N2: fp8q_scaled_matmul_1x128_128x128_f32_acc_m256n128s3c132xn2: 168 registers,
// M256N2: fp8q_scaled_matmul_1x128_1x128_f32_m256n128s3c132xn2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// MULADD: fp8q_scaled_matmul_1x128_128x128_bf16_muladd: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// MULADD: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_muladd: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// MULADD: fp8q_scaled_matmul_1x128_128x128_f32_acc_muladd: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// MULADD: fp8q_scaled_matmul_1x128_1x128_f32_muladd: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// M256: fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s3c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// M256: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m256n128s3c132: 168 registers,
// M256: fp8q_scaled_matmul_1x128_128x128_f32_acc_m256n128s3c132: 168 registers,
// M256: fp8q_scaled_matmul_1x128_1x128_f32_m256n128s3c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// M256S4: fp8q_scaled_matmul_1x128_128x128_bf16_m256n128s4c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// GROUPED: fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// GROUPED: fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// M192: fp8q_scaled_matmul_1x128_128x128_bf16_m192n128s{{[45]}}c132: 128 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// M192: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m192n128s{{[45]}}c132: 128 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// M192: fp8q_scaled_matmul_1x128_128x128_f32_acc_m192n128s{{[45]}}c132: 128 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// M192: fp8q_scaled_matmul_1x128_1x128_f32_m192n128s{{[45]}}c132: 128 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// WIDE: fp8q_scaled_matmul_1x128_128x128_bf16_m128n160s4c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// WIDE: fp8q_scaled_matmul_1x128_128x128_bf16_m128n192s4c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// STORERS: fp8q_scaled_matmul_1x128_128x128_bf16_sw: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// TMA: fp8q_scaled_matmul_1x128_128x128_bf16_tma: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// TMA: fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// TMA: fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132: 128 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// S6: fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// S6: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// S6: fp8q_scaled_matmul_1x128_128x128_f32_acc_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// S6: fp8q_scaled_matmul_1x128_1x128_f32_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// S6AUTO: fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// S6AUTO: fp8q_scaled_matmul_1x128_128x128_bf16_sw_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// S6AUTO: fp8q_scaled_matmul_1x128_128x128_bf16_tma_m128n128s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// SPLIT: fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s4c132k2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// SPLIT: fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m128n128s4c132k2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// SPLIT: fp8q_scaled_matmul_1x128_128x128_f32_acc_m128n128s4c132k2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// SPLIT: fp8q_scaled_matmul_1x128_1x128_f32_m128n128s4c132k2: 168 registers, 8 bytes stack frame, 8 bytes spill stores, 16 bytes spill loads, 1024 bytes static smem

// SPLITAUTO: fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132k2: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// SPLITAUTO: fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132k2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
