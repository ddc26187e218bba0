// RUN: not fp8-opt %s --fp8q-export-kernels 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: rm -rf %t && not fp8-opt %s --convert-fp8q-to-gpu --fp8q-export-kernels=dir=%t 2>&1 | FileCheck %s --check-prefix=UNLOWERED

// NODIR: error: fp8q-export-kernels: the `dir` option is required
// UNLOWERED: error: fp8q-export-kernels: kernel module 'fp8q_quantize_1x128_bf16_fp32' is not lowered to NVVM yet; export after convert-gpu-to-nvvm (e.g. --fp8q-gpu-pipeline=export-dir=DIR)
func.func @f(%x: tensor<4x128xbf16>) -> tensor<4x128xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x1xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xbf16> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return %q : tensor<4x128xf8E4M3FN>
}
