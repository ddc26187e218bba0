// fp8q-export-kernels reads each kernel's configuration from its module's
// `fp8q.kernel` attribute (written by convert-fp8q-to-gpu), never from the
// kernel name: a module without it, or with one no kernel has, is an error.
// RUN: rm -rf %t && fp8-opt %s -split-input-file -verify-diagnostics --fp8q-export-kernels=dir=%t -o /dev/null

module attributes {gpu.container_module} {
  // A hand-written module named like an fp8q kernel.
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'fp8q_quantize_1x128_bf16_fp32' has no 'fp8q.kernel' attribute (the configuration convert-fp8q-to-gpu writes on each kernel module; a gpu.binary keeps it when serialized by --fp8q-gpu-pipeline)}}
  gpu.module @fp8q_quantize_1x128_bf16_fp32 [#nvvm.target<chip = "sm_90a">] {
    llvm.func @fp8q_quantize_1x128_bf16_fp32() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // Serialized by upstream gpu-module-to-binary, which drops the attribute.
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'fp8q_quantize_1x128_bf16_fp32' has no 'fp8q.kernel' attribute}}
  gpu.binary @fp8q_quantize_1x128_bf16_fp32 [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = "PTX">]
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': unknown kind 'colwise' (expected rowwise, block, colwise_t, block_t, fused, tile_transpose, block_transpose, gemm)}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {kind = "colwise"}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': expected string field 'scale_layout'}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {eps = 1.0e-4 : f32, kind = "rowwise", scale_mode = "fp32", source = "bf16"}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': field 'source' is 'f64', expected one of f32, bf16, f16, f8e4m3fn}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {eps = 1.0e-4 : f32, kind = "rowwise", scale_layout = "k_major", scale_mode = "fp32", source = "f64"}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': expected f32 field 'eps'}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {eps = 1.0e-4 : f64, kind = "rowwise", scale_layout = "k_major", scale_mode = "fp32", source = "bf16"}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': unknown field 'tile'}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {eps = 1.0e-4 : f32, kind = "rowwise", scale_layout = "k_major", scale_mode = "fp32", source = "bf16", tile = 128 : i64}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': a 'tile_transpose' kernel reads f8e4m3fn, not 'bf16'}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {eps = 1.0e-4 : f32, kind = "tile_transpose", scale_layout = "k_major", scale_mode = "fp32", source = "bf16"}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': a 'block_transpose' kernel writes k_major scales only}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {eps = 1.0e-4 : f32, kind = "block_transpose", scale_layout = "mn_major", scale_mode = "fp32", source = "f8e4m3fn"}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': no GEMM kernel can be built: BLOCK_M (96) must be 64, 128, 192 or 256}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 96 : i64, block_n = 128 : i64, ctas = 132 : i64, group_size = 128 : i64, kind = "gemm", out = "bf16", promotion_interval = 128 : i64, stages = 4 : i64}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // The name is derived from the configuration: a module renamed, or given
  // another kernel's configuration, is broken.
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'fp8q_quantize_1x128_bf16_fp32' carries the configuration of 'fp8q_quantize_1x128_bf16_pow2' in 'fp8q.kernel'}}
  gpu.module @fp8q_quantize_1x128_bf16_fp32 [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {eps = 1.0e-4 : f32, kind = "rowwise", scale_layout = "k_major", scale_mode = "pow2", source = "bf16"}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': field 'grouping' is 'sparse', expected one of contiguous, masked}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 128 : i64, ctas = 132 : i64, group_size = 128 : i64, grouping = "sparse", kind = "gemm", out = "bf16", promotion_interval = 128 : i64, stages = 4 : i64}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // A grouped GEMM takes weight blocks only.
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': no GEMM kernel can be built: grouped GEMMs take 128x128 weight blocks}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "row", block_m = 128 : i64, block_n = 128 : i64, ctas = 132 : i64, group_size = 128 : i64, grouping = "masked", kind = "gemm", out = "f32", promotion_interval = 128 : i64, stages = 4 : i64}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': field 'promotion' is 'fused', expected one of fma, mul-add}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 128 : i64, ctas = 132 : i64, group_size = 128 : i64, kind = "gemm", out = "bf16", promotion = "fused", promotion_interval = 128 : i64, stages = 4 : i64}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // The epilogue storers take the deferred bf16 epilogue only.
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': no GEMM kernel can be built: epilogue storers take the deferred bf16 epilogue (bf16 results without C, 128x128 weight blocks, a 128 x 128 tile without clusters or split-K, not grouped)}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 128 : i64, ctas = 132 : i64, epilogue_storers = true, group_size = 128 : i64, kind = "gemm", out = "f32", promotion_interval = 128 : i64, stages = 4 : i64}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // Nor with a cluster (the deferred epilogue and its staging are allowed
  // with one along M; the storer warps have not run with one on a GPU).
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': no GEMM kernel can be built: epilogue storers take the deferred bf16 epilogue (bf16 results without C, 128x128 weight blocks, a 128 x 128 tile without clusters or split-K, not grouped)}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 128 : i64, cluster_m = 2 : i64, ctas = 132 : i64, epilogue_storers = true, group_size = 128 : i64, kind = "gemm", out = "bf16", promotion_interval = 128 : i64, stages = 4 : i64}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // The TMA-store epilogue takes staged bf16 results only.
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': no GEMM kernel can be built: the TMA-store epilogue takes bf16 results without C staged by stmatrix, BLOCK_N a multiple of 64, no storer warps, no clusters along N, no split-K, not grouped}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 128 : i64, ctas = 132 : i64, group_size = 128 : i64, kind = "gemm", out = "f32", promotion_interval = 128 : i64, stages = 4 : i64, tma_store = true}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // Nor along N: a tile column past N computes its peer's tile and stores
  // nothing, which the staged stores do not know.
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': no GEMM kernel can be built: the TMA-store epilogue takes bf16 results without C staged by stmatrix, BLOCK_N a multiple of 64, no storer warps, no clusters along N, no split-K, not grouped}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 128 : i64, cluster_n = 2 : i64, ctas = 132 : i64, group_size = 128 : i64, kind = "gemm", out = "bf16", promotion_interval = 128 : i64, stages = 4 : i64, tma_store = true}} {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{fp8q-export-kernels: kernel module 'k': 'fp8q.kernel': expected bool field 'epilogue_storers'}}
  gpu.module @k [#nvvm.target<chip = "sm_90a">] attributes {fp8q.kernel = {a_scale_layout = "k_major", accumulate = false, b_scaling = "block", block_m = 128 : i64, block_n = 128 : i64, ctas = 132 : i64, epilogue_storers = "yes", group_size = 128 : i64, kind = "gemm", out = "bf16", promotion_interval = 128 : i64, stages = 4 : i64}} {
  }
}
