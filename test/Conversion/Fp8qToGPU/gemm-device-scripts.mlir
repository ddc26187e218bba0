// REQUIRES: numpy
// The device scripts of the wgmma GEMM on an export, without a GPU
// (--dry-run): manifest (tensor-map arguments), launch dimensions,
// requirements, and the numpy reference on small shapes.
//
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python %fp8q_src_root/scripts/device/check_gemm.py --export-dir %t --dry-run --shapes perf,odd | FileCheck %s
// RUN: %python %fp8q_src_root/bench/bench_gemm.py --export-dir %t --dry-run | FileCheck %s --check-prefix=BENCH

// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16 {{ *}}4096x7168x16384 {{.*}}ok (dry run, grid 132x1x1)
// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16 {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// The Wgrad kernel (b_tile [1, 128]: sb [N, K/128], reference with
// b_tile=(1, 128)) on the odd shapes, N tails included.
// CHECK: fp8q_scaled_matmul_1x128_1x128_f32 {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// CHECK: fp8q_scaled_matmul_1x128_1x128_f32 {{ *}}129x257x256 {{.*}}ok (dry run, grid 6x1x1)
// CHECK: 60 ok or skipped, 0 failed

// BENCH: M | N | K | fp8q | cuBLAS block | bf16
// BENCH: 4096 | 7168 | 16384 | {{.*}}dry run, grid (132, 1, 1)
