// REQUIRES: ptxas
// The wgmma GEMM variants assemble for sm_90a (ptxas -v): registers and
// local memory. Measured with CUDA 13.0: 153 (bf16), 153 (f32 acc),
// 167 (promotion every 64) and 166 (Wgrad, 1x128 B, f32) registers of the
// 168 that 384 threads allow.
//
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s

// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16_pi64: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_scaled_matmul_1x128_128x128_f32_acc: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_scaled_matmul_1x128_1x128_f32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
