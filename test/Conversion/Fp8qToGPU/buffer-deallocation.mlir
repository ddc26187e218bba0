// RUN: fp8-opt %s --convert-fp8q-to-gpu --convert-fp8q-to-linalg --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline | FileCheck %s

// Ownership-based deallocation after the GPU lowering (as in
// --fp8q-gpu-pipeline). gpu.launch_func and gpu.wait have no memory-effect
// interface in MLIR 22; the external models of
// BufferDeallocationOpInterfaceImpl.h let the pass through them. Host
// buffers are freed after their last use (the quantize results consumed by
// the host code), the returned one is the caller's, and the device buffers
// (bufferization.manual_deallocation) are only freed by their gpu.dealloc.

// CHECK-LABEL: func.func @layer(
// CHECK:         %[[Q:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x256xf8E4M3FN>
// CHECK:         %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x2xf32>
// CHECK:         %[[DX:.*]], %{{.*}} = gpu.alloc async
// CHECK:         gpu.launch_func async
// CHECK:         gpu.dealloc async [%{{.*}}] %[[DX]]
// CHECK:         gpu.wait [%{{.*}}]
// CHECK-NOT:     memref.dealloc %[[DX]]
// CHECK-DAG:     memref.dealloc %[[Q]]
// CHECK-DAG:     memref.dealloc %[[S]]
// CHECK:         return %{{.*}} : memref<64x256xf32>
func.func @layer(%x: tensor<64x256xbf16>) -> tensor<64x256xf32> {
  %q0 = tensor.empty() : tensor<64x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<64x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<64x256xbf16> -> tensor<64x256xf8E4M3FN>, tensor<64x2xf32>
  %y0 = tensor.empty() : tensor<64x256xf32>
  %y = fp8q.dequantize %q, %s outs(%y0) {tile = #fp8q.tile<1x128>}
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32> -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}
