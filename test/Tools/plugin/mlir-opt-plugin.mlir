// Upstream mlir-opt (the Debian LLVM 22 build) loads fp8q as a dialect and
// pass plugin and round-trips fp8q IR, including the dialect attributes.
// RUN: mlir-opt --load-dialect-plugin=%fp8q_plugin --load-pass-plugin=%fp8q_plugin %s | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%fp8q_plugin %s --mlir-print-op-generic | mlir-opt --load-dialect-plugin=%fp8q_plugin | FileCheck %s
// The canonicalization patterns come with the dialect.
// RUN: mlir-opt --load-dialect-plugin=%fp8q_plugin %s -canonicalize | FileCheck %s --check-prefix=CANON
// Without the plugin, mlir-opt rejects the IR with a diagnostic.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN

// NOPLUGIN: error: Dialect `fp8q' not found for custom op 'fp8q.quantize'

// CHECK-LABEL: func.func @plugin_round_trip
// CHECK: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<1x128>} : tensor<64x512xbf16> -> tensor<64x512xf8E4M3FN>, tensor<64x4xf32>
// CHECK: linalg.transpose {{.*}} permutation = [1, 0] {fp8q.retain = #fp8q.retain<user>}
// CHECK: fp8q.quantize %{{.*}} {tile = #fp8q.tile<128x128>}
// CHECK: fp8q.scaled_matmul %{{.*}} : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>, tensor<256x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x256xbf16>
// CANON-LABEL: func.func @plugin_round_trip
// CANON: fp8q.quantize %{{.*}} {tile = #fp8q.tile<128x128>, transpose}
func.func @plugin_round_trip(%x: tensor<64x512xbf16>, %w: tensor<512x256xf32>) -> (tensor<64x256xbf16>, tensor<256x512xf32>) {
  %q0 = tensor.empty() : tensor<64x512xf8E4M3FN>
  %s0 = tensor.empty() : tensor<64x4xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<64x512xbf16> -> tensor<64x512xf8E4M3FN>, tensor<64x4xf32>
  %wt0 = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose {fp8q.retain = #fp8q.retain<user>} ins(%w : tensor<512x256xf32>) outs(%wt0 : tensor<256x512xf32>) permutation = [1, 0]
  %qw0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %sw0 = tensor.empty() : tensor<2x4xf32>
  %qw, %sw = fp8q.quantize %wt outs(%qw0, %sw0) {tile = #fp8q.tile<128x128>}
      : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
  %y0 = tensor.empty() : tensor<64x256xbf16>
  %y = fp8q.scaled_matmul %q, %s, %qw, %sw outs(%y0)
      : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>, tensor<256x512xf8E4M3FN>, tensor<2x4xf32> -> tensor<64x256xbf16>
  return %y, %wt : tensor<64x256xbf16>, tensor<256x512xf32>
}
