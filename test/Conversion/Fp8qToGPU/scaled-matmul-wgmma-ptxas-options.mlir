// The GEMM kernels' ptxas options (GemmKernelConfig::getPtxasOptions): each
// kernel module's #nvvm.target carries `ptxas-cmd-options` =
// ["--register-usage-level=10"] (ptxas' most aggressive register-usage
// level), except the kernels with epilogue storers and the 6-stage 128 x 128
// kernel of the recipe's bf16 form, which measured slower with it (H200,
// bench/results/h200-s12.txt) and keep ptxas' default. The quantize kernels
// keep it too. The export passes the options to ptxas and lists them in
// manifest.json (`x-ptxas-options`), so that the PTX can be assembled again
// into the same cubin (test/Conversion/Fp8qToGPU/Inputs/ptxas_report.py).
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma memory-model=unified" | FileCheck %s
// RUN: rm -rf %t && fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma memory-model=unified format=isa export-dir=%t" -o /dev/null
// RUN: cat %t/manifest.json | FileCheck %s --check-prefix=MANIFEST

// K = 16384: the 128 x 128 tile, 4 stages, no storers: level 10.
// CHECK-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80", flags = {"ptxas-cmd-options" = ["--register-usage-level=10"]}>]
func.func @long_k(%a: tensor<4096x16384xf8E4M3FN>, %sa: tensor<4096x128xf32>, %b: tensor<7168x16384xf8E4M3FN>, %sb: tensor<56x128xf32>, %y0: tensor<4096x7168xbf16>) -> tensor<4096x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x16384xf8E4M3FN>, tensor<4096x128xf32>, tensor<7168x16384xf8E4M3FN>, tensor<56x128xf32> -> tensor<4096x7168xbf16>
  return %y : tensor<4096x7168xbf16>
}

// K = 2048 on one wave: the 6-stage ring: ptxas' default.
// CHECK-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
func.func @deep_ring(%a: tensor<256x2048xf8E4M3FN>, %sa: tensor<256x16xf32>, %b: tensor<7168x2048xf8E4M3FN>, %sb: tensor<56x16xf32>, %y0: tensor<256x7168xbf16>) -> tensor<256x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<256x2048xf8E4M3FN>, tensor<256x16xf32>, tensor<7168x2048xf8E4M3FN>, tensor<56x16xf32> -> tensor<256x7168xbf16>
  return %y : tensor<256x7168xbf16>
}

// K = 512 on one wave: the epilogue storers: ptxas' default.
// CHECK-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_sw [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
func.func @storers(%a: tensor<256x512xf8E4M3FN>, %sa: tensor<256x4xf32>, %b: tensor<7168x512xf8E4M3FN>, %sb: tensor<56x4xf32>, %y0: tensor<256x7168xbf16>) -> tensor<256x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>, tensor<7168x512xf8E4M3FN>, tensor<56x4xf32> -> tensor<256x7168xbf16>
  return %y : tensor<256x7168xbf16>
}

// K = 512 on many waves: 192 x 128 with the TMA store: level 10.
// CHECK-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80", flags = {"ptxas-cmd-options" = ["--register-usage-level=10"]}>]
func.func @tma_store(%a: tensor<4096x512xf8E4M3FN>, %sa: tensor<4096x4xf32>, %b: tensor<32768x512xf8E4M3FN>, %sb: tensor<256x4xf32>, %y0: tensor<4096x32768xbf16>) -> tensor<4096x32768xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<4096x512xf8E4M3FN>, tensor<4096x4xf32>, tensor<32768x512xf8E4M3FN>, tensor<256x4xf32> -> tensor<4096x32768xbf16>
  return %y : tensor<4096x32768xbf16>
}

// M = 64: the 64 x 64 tile with 6 stages (not the recipe's 128 x 128): level 10.
// CHECK-DAG: gpu.module @fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80", flags = {"ptxas-cmd-options" = ["--register-usage-level=10"]}>]
func.func @small_m(%a: tensor<64x2048xf8E4M3FN>, %sa: tensor<64x16xf32>, %b: tensor<7168x2048xf8E4M3FN>, %sb: tensor<56x16xf32>, %y0: tensor<64x7168xbf16>) -> tensor<64x7168xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : tensor<64x2048xf8E4M3FN>, tensor<64x16xf32>, tensor<7168x2048xf8E4M3FN>, tensor<56x16xf32> -> tensor<64x7168xbf16>
  return %y : tensor<64x7168xbf16>
}

// Wgrad (1x128 rows of B, f32): the 256 x 128 tile with 3 stages: level 10.
// CHECK-DAG: gpu.module @fp8q_scaled_matmul_1x128_1x128_f32_m256n128s3c132 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80", flags = {"ptxas-cmd-options" = ["--register-usage-level=10"]}>]
func.func @wgrad(%a: tensor<4096x4096xf8E4M3FN>, %sa: tensor<4096x32xf32>, %b: tensor<7168x4096xf8E4M3FN>, %sb: tensor<7168x32xf32>, %y0: tensor<4096x7168xf32>) -> tensor<4096x7168xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) {b_tile = #fp8q.tile<1x128>} : tensor<4096x4096xf8E4M3FN>, tensor<4096x32xf32>, tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32> -> tensor<4096x7168xf32>
  return %y : tensor<4096x7168xf32>
}

// A quantize kernel: ptxas' default.
// CHECK-DAG: gpu.module @fp8q_quantize_1x128_bf16_fp32 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
func.func @quantize(%x: tensor<256x512xbf16>, %q0: tensor<256x512xf8E4M3FN>, %s0: tensor<256x4xf32>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>} : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  return %q, %s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
}

// The manifest lists the kernels by name.
// MANIFEST: "name": "fp8q_quantize_1x128_bf16_fp32",
// MANIFEST-NOT: x-ptxas-options
// MANIFEST: "name": "fp8q_scaled_matmul_1x128_128x128_bf16",
// MANIFEST: "x-ptx": "fp8q_scaled_matmul_1x128_128x128_bf16.ptx",
// MANIFEST-NEXT: "x-ptxas-options": [
// MANIFEST-NEXT: "--register-usage-level=10"
// MANIFEST-NEXT: ],
// MANIFEST: "name": "fp8q_scaled_matmul_1x128_128x128_bf16_m128n128s6c132",
// MANIFEST-NOT: x-ptxas-options
// MANIFEST: "name": "fp8q_scaled_matmul_1x128_128x128_bf16_m64n64s6c132",
// MANIFEST: "x-ptxas-options": [
// MANIFEST-NEXT: "--register-usage-level=10"
// MANIFEST: "name": "fp8q_scaled_matmul_1x128_128x128_bf16_sw",
// MANIFEST-NOT: x-ptxas-options
// MANIFEST: "name": "fp8q_scaled_matmul_1x128_128x128_bf16_tma_m192n128s4c132",
// MANIFEST: "x-ptxas-options": [
// MANIFEST-NEXT: "--register-usage-level=10"
// MANIFEST: "name": "fp8q_scaled_matmul_1x128_1x128_f32_m256n128s3c132",
// MANIFEST: "x-ptxas-options": [
// MANIFEST-NEXT: "--register-usage-level=10"
