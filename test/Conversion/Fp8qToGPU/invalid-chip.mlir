// RUN: not fp8-opt %s --convert-fp8q-to-gpu=chip=sm_80 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not fp8-opt %s --fp8q-gpu-pipeline=chip=sm_100a 2>&1 | FileCheck %s --check-prefix=PIPELINE

// PASS: error: convert-fp8q-to-gpu: unsupported chip 'sm_80': the fp8q GPU kernels are built for Hopper (sm_90, sm_90a)
// PIPELINE: error: convert-fp8q-to-gpu: unsupported chip 'sm_100a'
func.func @f(%x: tensor<4x128xbf16>) -> tensor<4x128xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x1xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xbf16> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return %q : tensor<4x128xf8E4M3FN>
}
