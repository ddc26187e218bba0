// RUN: fp8-opt %s --fp8q-quantize-model | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: fp8-opt %s --fp8q-import-tosa | FileCheck %s --check-prefix=IMPORT
// RUN: fp8-opt %s --fp8q-quantize-model --fp8q-gpu-pipeline="gemm=wgmma format=isa" | FileCheck %s --check-prefix=GPU
// RUN: fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma format=isa" | FileCheck %s --check-prefix=GPU-TOSA

// A TOSA graph as torch-mlir's TOSA path and buddy-mlir export it: two
// Linear layers (nn.Linear weights [N, K] as tosa.const, transposed by
// tosa.transpose, reshaped to 3-D for tosa.matmul, output reshaped back,
// bias added) with a GELU-free ReLU (tosa.clamp) in between.
// --fp8q-quantize-model runs upstream's tosa-to-linalg lowering first and
// then finds the constant weights behind it.

// IMPORT-LABEL: func.func @mlp
// IMPORT-NOT: tosa.
// IMPORT: linalg.batch_matmul
// IMPORT: linalg.batch_matmul

// CHECK-LABEL: func.func @mlp
// CHECK-NOT: tosa.
// CHECK: %[[W1:.*]] = arith.constant dense_resource<w1> : tensor<512x256xf32>
// CHECK: fp8q.quantize %[[W1]] {{.*}} {tile = #fp8q.tile<128x128>} : tensor<512x256xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// CHECK: %[[W2:.*]] = arith.constant dense_resource<w2> : tensor<256x512xf32>
// CHECK: fp8q.quantize %[[W2]] {{.*}} {tile = #fp8q.tile<128x128>} : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x512xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x256xf32>
// CHECK-NOT: linalg.batch_matmul
// REPORT: @mlp | {{.*}} | linalg.batch_matmul | M=16 N=512 K=256 | quantized | weight dense_resource constant via transpose, expand_shape, quantized [N, K]
// REPORT: @mlp | {{.*}} | linalg.batch_matmul | M=16 N=256 K=512 | quantized | weight dense_resource constant via transpose, expand_shape, quantized [N, K]

// The GPU pipeline compiles both: the TOSA graph quantized by the pass, and
// the TOSA graph as is (lowered by the pipeline's own import, no fp8q ops).
// GPU-DAG: llvm.func @mlp
// GPU-DAG: llvm.func @const_3d_weight
// GPU-DAG: gpu.binary @fp8q_quantize_128x128_f32_fp32
// GPU-DAG: gpu.binary @fp8q_quantize_1x128_f32_fp32
// GPU-DAG: gpu.binary @fp8q_scaled_matmul_1x128_128x128_f32
// GPU-TOSA-NOT: tosa.
// GPU-TOSA: llvm.func @mlp
// GPU-TOSA-NOT: tosa.

func.func @mlp(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %w1 = "tosa.const"() <{values = dense_resource<w1> : tensor<512x256xf32>}> : () -> tensor<512x256xf32>
  %b1 = "tosa.const"() <{values = dense<0.5> : tensor<1x1x512xf32>}> : () -> tensor<1x1x512xf32>
  %w2 = "tosa.const"() <{values = dense_resource<w2> : tensor<256x512xf32>}> : () -> tensor<256x512xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %s_x = tosa.const_shape {values = dense<[1, 16, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s_w1 = tosa.const_shape {values = dense<[1, 256, 512]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s_h = tosa.const_shape {values = dense<[1, 16, 512]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s_w2 = tosa.const_shape {values = dense<[1, 512, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s_y = tosa.const_shape {values = dense<[16, 256]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // fc1: x [16, 256] @ w1^T
  %w1t = tosa.transpose %w1 {perms = array<i32: 1, 0>} : (tensor<512x256xf32>) -> tensor<256x512xf32>
  %x3 = tosa.reshape %x, %s_x : (tensor<16x256xf32>, !tosa.shape<3>) -> tensor<1x16x256xf32>
  %w13 = tosa.reshape %w1t, %s_w1 : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
  %h0 = tosa.matmul %x3, %w13, %zp, %zp : (tensor<1x16x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x512xf32>
  %h1 = tosa.add %h0, %b1 : (tensor<1x16x512xf32>, tensor<1x1x512xf32>) -> tensor<1x16x512xf32>
  %h2 = tosa.clamp %h1 {min_val = 0.0 : f32, max_val = 3.4028235e+38 : f32} : (tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
  // fc2
  %w2t = tosa.transpose %w2 {perms = array<i32: 1, 0>} : (tensor<256x512xf32>) -> tensor<512x256xf32>
  %w23 = tosa.reshape %w2t, %s_w2 : (tensor<512x256xf32>, !tosa.shape<3>) -> tensor<1x512x256xf32>
  %y0 = tosa.matmul %h2, %w23, %zp, %zp : (tensor<1x16x512xf32>, tensor<1x512x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
  %y = tosa.reshape %y0, %s_y : (tensor<1x16x256xf32>, !tosa.shape<2>) -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}

// A 3-D constant fed straight to tosa.matmul ([1, K, N], no reshape): its
// unit batch dimension holds one matrix, collapsed before the quantize.
// CHECK-LABEL: func.func @const_3d_weight
// CHECK: %[[W:.*]] = arith.constant dense<1.250000e-01> : tensor<1x128x256xf32>
// CHECK: %[[W2:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
// CHECK: fp8q.quantize %[[W2]] {{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<128x256xf32> -> tensor<256x128xf8E4M3FN>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x256xf32>
// CHECK-NOT: linalg.batch_matmul
// REPORT: @const_3d_weight | {{.*}} | linalg.batch_matmul | M=16 N=256 K=128 | quantized | weight arith.constant, quantized [K, N] with transpose
// REPORT: quantized 3 of 3 contractions, 100.0% of contraction FLOPs in FP8
func.func @const_3d_weight(%x: tensor<1x16x128xf32>) -> tensor<1x16x256xf32> {
  %w = "tosa.const"() <{values = dense<0.125> : tensor<1x128x256xf32>}> : () -> tensor<1x128x256xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y = tosa.matmul %x, %w, %zp, %zp : (tensor<1x16x128xf32>, tensor<1x128x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x256xf32>
  return %y : tensor<1x16x256xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w1: "0x04000000",
      w2: "0x04000000"
    }
  }
#-}
