// Upstream mlir-opt with the fp8q plugin runs the CPU pipeline (plugin passes
// are registered after the command line is parsed, so they are named in
// --pass-pipeline rather than as flags).
// RUN: mlir-opt --load-dialect-plugin=%fp8q_plugin --load-pass-plugin=%fp8q_plugin %s \
// RUN:   --pass-pipeline="builtin.module(fp8q-cpu-pipeline{c-wrappers=true})" | FileCheck %s

// CHECK-LABEL: llvm.func @dequantize(
// CHECK-LABEL: llvm.func @_mlir_ciface_dequantize(
// CHECK-NOT: fp8q.
func.func @dequantize(%q: tensor<4x256xf8E4M3FN>, %s: tensor<4x2xf32>)
    -> tensor<4x256xbf16> {
  %init = tensor.empty() : tensor<4x256xbf16>
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<1x128>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<4x256xbf16>
  return %x : tensor<4x256xbf16>
}
