// RUN: fp8-opt %s --split-input-file --fp8q-gpu-pipeline=format=isa | FileCheck %s

// The fp8q ops without a GPU kernel (dequantize, scaled_matmul) are lowered
// to host loops with the reference numerics (convert-fp8q-to-linalg) in the
// same program as the kernel launches; nothing of fp8q or the tensor
// dialects is left, only LLVM-dialect host code, the launches and the
// kernels' gpu.binary.

// CHECK-LABEL: llvm.func @layer(
// CHECK:         gpu.launch_func <%{{.*}} : !llvm.ptr> @fp8q_quantize_1x128_f32_fp32::@fp8q_quantize_1x128_f32_fp32
// CHECK:         gpu.launch_func <%{{.*}} : !llvm.ptr> @fp8q_quantize_128x128_f32_fp32::@fp8q_quantize_128x128_f32_fp32
// Host loops of scaled_matmul: group sums in f64, one f32 rounding.
// CHECK:         llvm.fadd %{{.*}} : f64
// CHECK:         llvm.fptrunc %{{.*}} : f64 to f32
// CHECK:         llvm.call @free
// CHECK:         llvm.return
// CHECK-NOT:     fp8q.
// CHECK-DAG:   gpu.binary @fp8q_quantize_128x128_f32_fp32
// CHECK-DAG:   gpu.binary @fp8q_quantize_1x128_f32_fp32
func.func @layer(%x: tensor<32x256xf32>, %w: tensor<128x256xf32>) -> (tensor<32x128xf32>, tensor<128x256xf32>) {
  %qx0 = tensor.empty() : tensor<32x256xf8E4M3FN>
  %sx0 = tensor.empty() : tensor<32x2xf32>
  %qx, %sx = fp8q.quantize %x outs(%qx0, %sx0) {tile = #fp8q.tile<1x128>}
      : tensor<32x256xf32> -> tensor<32x256xf8E4M3FN>, tensor<32x2xf32>
  %qw0 = tensor.empty() : tensor<128x256xf8E4M3FN>
  %sw0 = tensor.empty() : tensor<1x2xf32>
  %qw, %sw = fp8q.quantize %w outs(%qw0, %sw0) {tile = #fp8q.tile<128x128>}
      : tensor<128x256xf32> -> tensor<128x256xf8E4M3FN>, tensor<1x2xf32>
  %y0 = tensor.empty() : tensor<32x128xf32>
  %y = fp8q.scaled_matmul %qx, %sx, %qw, %sw outs(%y0)
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<32x128xf32>
  %dw0 = tensor.empty() : tensor<128x256xf32>
  %dw = fp8q.dequantize %qw, %sw outs(%dw0) {tile = #fp8q.tile<128x128>}
      : tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<128x256xf32>
  return %y, %dw : tensor<32x128xf32>, tensor<128x256xf32>
}

// -----

// Dynamic shapes through the whole pipeline: the launch, its device buffers
// and copies sit in the branch taken for a non-empty source, after the
// size assertions.

// CHECK-LABEL: llvm.func @dynamic(
// CHECK:         llvm.cond_br
// CHECK:         llvm.call @mgpuStreamCreate()
// CHECK:         llvm.call @mgpuMemAlloc
// CHECK:         gpu.launch_func <%{{.*}} : !llvm.ptr> @fp8q_quantize_1x128_bf16_fp32::@fp8q_quantize_1x128_bf16_fp32
// CHECK:         llvm.call @mgpuStreamDestroy
// CHECK:         llvm.return
func.func @dynamic(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}
