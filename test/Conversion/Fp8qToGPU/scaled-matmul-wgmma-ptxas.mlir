// REQUIRES: ptxas
// The wgmma GEMM variants assemble for sm_90a (ptxas -v): no local memory,
// and exactly the 168 registers per thread that 384 threads allow, the
// count the kernel is launched with and that setmaxnreg redistributes
// (128 x 40 + 256 x 232): a kernel launched with fewer would hang in
// setmaxnreg.inc. BLOCK_N = 64 (below) needs fewer registers by itself;
// .maxnreg pins the count there too.
//
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s
// RUN: cat %t/*.ptx | FileCheck %s --check-prefix=SMEM
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa gemm-block-n=64 gemm-stages=6 export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --check-prefix=N64
// The grouped kernels (contiguous and masked layouts) alike:
// RUN: rm -rf %t && fp8-opt %S/scaled-matmul-wgmma-grouped.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s --check-prefix=GROUPED

// The dynamic shared memory is declared 1024-byte aligned (the 128-byte
// swizzle's atom; KernelInterface::dynamicSharedMemoryAlignment), not
// demoted to a static variable; the mbarriers are a static one (ptxas pads
// it to the dynamic array's alignment: 1024 bytes of static shared memory):
// SMEM-COUNT-4: .extern .shared .align 1024 .b8 __dynamic_shmem__0[];
// SMEM-NOT:     __dynamic_shmem__0 has been demoted

// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16_pi64: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CHECK: fp8q_scaled_matmul_1x128_128x128_f32_acc: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// CHECK: fp8q_scaled_matmul_1x128_1x128_f32: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// N64: fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s6c132: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem

// GROUPED: fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
// GROUPED: fp8q_scaled_matmul_1x128_128x128_f32_acc_grouped_masked: 168 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 1024 bytes static smem
