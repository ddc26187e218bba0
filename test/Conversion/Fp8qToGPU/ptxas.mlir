// REQUIRES: ptxas
// Every kernel variant assembles for sm_90a without local memory: no stack
// frame, no spills (ptxas -v resource report).
//
// RUN: rm -rf %t && fp8-opt %S/Inputs/all-variants.mlir --fp8q-gpu-pipeline="format=isa export-dir=%t" -o /dev/null
// RUN: %python %S/Inputs/ptxas_report.py %ptxas %t sm_90a | FileCheck %s

// CHECK: fp8q_quantize_128x128_bf16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x128_bf16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x128_f16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x128_f16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x128_f32_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x128_f32_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x1t_bf16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x1t_bf16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x1t_f16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x1t_f16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x1t_f32_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_128x1t_f32_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_128x1t_bf16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_128x1t_bf16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_128x1t_f16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_128x1t_f16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_128x1t_f32_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_128x1t_f32_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_bf16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_bf16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_f16_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_f16_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_f32_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_quantize_1x128_f32_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_tile_transpose_1x128_fp32: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: fp8q_tile_transpose_1x128_pow2: {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
