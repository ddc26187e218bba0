// Every kernel module carries its configuration as `fp8q.kernel` (the
// kernel name is derived from it; fp8q-export-kernels reads it back, see
// test/Target/export-kernels-config-invalid.mlir): the fields of each
// family, non-default values included.
// RUN: fp8-opt %s --convert-fp8q-to-gpu | FileCheck %s
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-block-n=64 gemm-stages=3 gemm-ctas=8" | FileCheck %s --check-prefix=GEMM
// gemm-promotion=mul-add is a field (absent: fma) and the suffix _muladd.
// RUN: fp8-opt %S/Inputs/gemm-variants.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-promotion=mul-add" | FileCheck %s --check-prefix=MULADD
// RUN: not fp8-opt %S/Inputs/gemm-variants.mlir --convert-fp8q-to-gpu="gemm=wgmma gemm-promotion=fused" 2>&1 | FileCheck %s --check-prefix=BAD-PROMOTION

// CHECK-DAG: gpu.module @fp8q_quantize_1x128_f16_pow2_mn_eps3a83126f [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {eps = 1.000000e-03 : f32, kind = "rowwise", scale_layout = "mn_major", scale_mode = "pow2", source = "f16"}} {
// CHECK-DAG: gpu.module @fp8q_quantize_128x128t_f32_fp32 [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {eps = 9.99999974E-5 : f32, kind = "block_t", scale_layout = "k_major", scale_mode = "fp32", source = "f32"}} {
// CHECK-DAG: gpu.module @fp8q_tile_transpose_1x128_pow2 [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {eps = 9.99999974E-5 : f32, kind = "tile_transpose", scale_layout = "k_major", scale_mode = "pow2", source = "f8e4m3fn"}} {

// GEMM-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m128n64s3c8 [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 64 : i64, ctas = 8 : i64, group_size = 128 : i64, kind = "gemm", out = "bf16", promotion_interval = 128 : i64, stages = 3 : i64}} {
// GEMM-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_f32_acc_m128n64s3c8 [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = true, b_scaling = "block", block_m = 128 : i64, block_n = 64 : i64, ctas = 8 : i64, group_size = 128 : i64, kind = "gemm", out = "f32", promotion_interval = 128 : i64, stages = 3 : i64}} {
// GEMM-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_pi64_m128n64s3c8 [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 64 : i64, ctas = 8 : i64, group_size = 128 : i64, kind = "gemm", out = "bf16", promotion_interval = 64 : i64, stages = 3 : i64}} {
// GEMM-DAG: gpu.module @fp8q_scaled_matmul_1x128_1x128_f32_m128n64s3c8 [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "row", block_m = 128 : i64, block_n = 64 : i64, ctas = 8 : i64, group_size = 128 : i64, kind = "gemm", out = "f32", promotion_interval = 128 : i64, stages = 3 : i64}} {

// MULADD-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132_muladd [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 64 : i64, block_n = 64 : i64, ctas = 132 : i64, group_size = 128 : i64, kind = "gemm", out = "bf16", promotion = "mul-add", promotion_interval = 128 : i64, stages = 6 : i64}} {
// MULADD-DAG: gpu.module @fp8q_scaled_matmul_1x128_1x128_f32_m64n64s6c132_muladd [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {{{.*}}promotion = "mul-add"{{.*}}}} {
// BAD-PROMOTION: error: convert-fp8q-to-gpu: unknown gemm-promotion 'fused' (expected fma or mul-add)

func.func @rowwise_mn(%x: tensor<256x512xf16>) -> (tensor<256x512xf8E4M3FN>, tensor<4x256xf32>) {
  %q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x256xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>, eps = 1.0e-3 : f32}
      : tensor<256x512xf16> -> tensor<256x512xf8E4M3FN>, tensor<4x256xf32>
  return %q, %s : tensor<256x512xf8E4M3FN>, tensor<4x256xf32>
}

func.func @block_t(%w: tensor<256x384xf32>) -> (tensor<384x256xf8E4M3FN>, tensor<3x2xf32>) {
  %q0 = tensor.empty() : tensor<384x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<3x2xf32>
  %q, %s = fp8q.quantize %w outs(%q0, %s0) {tile = #fp8q.tile<128x128>, transpose}
      : tensor<256x384xf32> -> tensor<384x256xf8E4M3FN>, tensor<3x2xf32>
  return %q, %s : tensor<384x256xf8E4M3FN>, tensor<3x2xf32>
}

func.func @tile_transpose(%q: tensor<256x512xf8E4M3FN>, %s: tensor<256x4xf32>) -> (tensor<512x256xf8E4M3FN>, tensor<512x2xf32>) {
  %qt0 = tensor.empty() : tensor<512x256xf8E4M3FN>
  %st0 = tensor.empty() : tensor<512x2xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<256x512xf8E4M3FN>, tensor<256x4xf32> -> tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
  return %qt, %st : tensor<512x256xf8E4M3FN>, tensor<512x2xf32>
}
