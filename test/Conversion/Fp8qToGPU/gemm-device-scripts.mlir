// REQUIRES: numpy
// The device scripts of the wgmma GEMM on an export, without a GPU
// (--dry-run): manifest (tensor-map arguments), launch dimensions,
// requirements, and the numpy reference on small shapes.
//
// RUN: rm -rf %t && fp8-opt %S/Inputs/gemm-variants.mlir --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: %python -m fp8q.device.check_gemm --export-dir %t --dry-run --shapes perf,odd | FileCheck %s
// RUN: %python -m fp8q.bench.bench_gemm --export-dir %t --dry-run | FileCheck %s --check-prefix=BENCH
// --sustained adds the table of the back-to-back loops; seconds must be >= 0.
// RUN: %python -m fp8q.bench.bench_gemm --export-dir %t --dry-run --sustained 2 --shapes 4096x7168x16384 | FileCheck %s --check-prefix=SUSTAINED
// RUN: not %python -m fp8q.bench.bench_gemm --export-dir %t --dry-run --sustained -1 2>&1 | FileCheck %s --check-prefix=SUSTAINED-BAD
// The group-K kernels of the accuracy experiment (group_size =
// promotion_interval = K): scales [M, K/G] and [ceil(N/G), K/G] from the
// manifest's group (the numpy reference runs on 33x17x1024), shapes whose
// K the kernel does not take skipped.
// RUN: %python -m fp8q.device.check_gemm --export-dir %fp8q_exports/accuracy_kernels --dry-run --shapes odd,33x17x1024 | FileCheck %s --check-prefix=GROUP
// The build's export of bench/gemm_kernels.mlir, with its `_amn` kernel (a_scale_layout =
// mn_major: sa [K/128, M], "layout": "transposed"): every kernel and shape
// ok, and bench_gemm takes the `_amn` kernel too.
// RUN: %python -m fp8q.device.check_gemm --export-dir %fp8q_exports/gemm_kernels --dry-run --shapes perf,odd | FileCheck %s --check-prefix=BENCHDIR
// RUN: %python -m fp8q.bench.bench_gemm --export-dir %fp8q_exports/gemm_kernels --kernel fp8q_scaled_matmul_1x128_128x128_bf16_amn --dry-run --shapes 4096x7168x16384,200x300x512 | FileCheck %s --check-prefix=BENCHAMN

// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16 {{ *}}4096x7168x16384 {{.*}}ok (dry run, grid 132x1x1)
// CHECK: fp8q_scaled_matmul_1x128_128x128_bf16 {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// The Wgrad kernel (b_tile [1, 128]: sb [N, K/128], reference with
// b_tile=(1, 128)) on the odd shapes, N tails included.
// CHECK: fp8q_scaled_matmul_1x128_1x128_f32 {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// CHECK: fp8q_scaled_matmul_1x128_1x128_f32 {{ *}}129x257x256 {{.*}}ok (dry run, grid 6x1x1)
// CHECK: 60 ok or skipped, 0 failed

// BENCH: M | N | K | fp8q | cuBLAS block | DeepGEMM | bf16 | fp8q/cuBLAS | fp8q/DeepGEMM
// BENCH: 4096 | 7168 | 16384 | {{.*}}dry run, grid (132, 1, 1)

// SUSTAINED: 4096 | 7168 | 16384 | {{.*}}dry run, grid (132, 1, 1)
// SUSTAINED: sustained (2 s back to back, second half): TFLOP/s (SM MHz, W), ratios
// SUSTAINED-NEXT: M | N | K | fp8q | cuBLAS block | DeepGEMM | bf16 | fp8q/cuBLAS | fp8q/DeepGEMM | clock-event reasons
// SUSTAINED-NEXT: 4096 | 7168 | 16384 | - | - | - | - | - | - | -
// SUSTAINED-NEXT: * host-bound: the call's host time is at least 80 % of the time per call (no ratio taken)
// SUSTAINED-BAD: error: --sustained takes seconds >= 0, got -1

// GROUP: fp8q_scaled_matmul_1x128_128x128_f32_g1024_pi1024 {{ *}}33x17x1024 {{.*}}ok (dry run, grid 1x1x1)
// GROUP: fp8q_scaled_matmul_1x128_128x128_f32_g512_pi512 {{ *}}1x8x128 {{ *}}- {{ *}}skip (requires K >= 512 and K % 512 == 0)
// GROUP: fp8q_scaled_matmul_1x128_128x128_f32_g512_pi512 {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// GROUP: fp8q_scaled_matmul_1x128_128x128_f32_g512_pi512 {{ *}}1000x1000x1024 {{.*}}ok (dry run, grid 64x1x1)
// GROUP: 49 ok or skipped, 0 failed

// BENCHDIR: fp8q_scaled_matmul_1x128_128x128_bf16_acc {{ *}}7x2112x128 {{.*}}ok (dry run, grid 17x1x1)
// BENCHDIR-NEXT: fp8q_scaled_matmul_1x128_128x128_bf16_amn {{ *}}128x24576x1536 {{.*}}ok (dry run, grid 132x1x1)
// BENCHDIR: fp8q_scaled_matmul_1x128_128x128_bf16_amn {{ *}}4096x7168x16384 {{.*}}ok (dry run, grid 132x1x1)
// BENCHDIR: fp8q_scaled_matmul_1x128_128x128_bf16_amn {{ *}}1x8x128 {{.*}}ok (dry run, grid 1x1x1)
// BENCHDIR: fp8q_scaled_matmul_1x128_128x128_bf16_amn {{ *}}200x300x512 {{.*}}ok (dry run, grid 6x1x1)
// BENCHDIR: fp8q_scaled_matmul_1x128_128x128_bf16_amn {{ *}}7x2112x128 {{.*}}ok (dry run, grid 17x1x1)
// BENCHDIR-NEXT: fp8q_scaled_matmul_1x128_128x128_f32 {{ *}}128x24576x1536
// BENCHDIR: 75 ok or skipped, 0 failed

// BENCHAMN: M | N | K | fp8q | cuBLAS block | DeepGEMM | bf16
// BENCHAMN: 4096 | 7168 | 16384 | {{.*}}dry run, grid (132, 1, 1)
// BENCHAMN: 200 | 300 | 512 | {{.*}}dry run, grid (6, 1, 1)
