// RUN: fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma format=isa" | FileCheck %s --check-prefix=GPU
// RUN: fp8-opt %s --fp8q-cpu-pipeline | FileCheck %s --check-prefix=CPU
// RUN: fp8-opt %s --fp8q-import-tosa | FileCheck %s --check-prefix=IMPORT

// The CPU and GPU pipelines start with --fp8q-import-tosa: a TOSA graph
// (here one tosa.matmul Linear with a bias, without the model pass) lowers
// through upstream's tosa-to-linalg pipeline instead of failing on
// unbufferized tosa ops. The import leaves linalg code as it is (the second
// function); a module without TOSA ops is not touched at all.

// IMPORT-LABEL: func.func @linear
// IMPORT-NOT: tosa.
// IMPORT: arith.constant dense<1.250000e-01> : tensor<1x256x128xf32>
// IMPORT: linalg.batch_matmul
// IMPORT-LABEL: func.func @already_linalg
// IMPORT-NEXT: %[[Y:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<16x256xf32>, tensor<256x128xf32>) outs(%arg2 : tensor<16x128xf32>)
// IMPORT-NEXT: return %[[Y]]

// GPU-NOT: tosa.
// GPU: llvm.func @linear
// GPU-NOT: tosa.
// CPU-NOT: tosa.
// CPU: llvm.func @linear
// CPU-NOT: tosa.

func.func @linear(%x: tensor<1x16x256xf32>) -> tensor<1x16x128xf32> {
  %w = "tosa.const"() <{values = dense<0.125> : tensor<1x256x128xf32>}> : () -> tensor<1x256x128xf32>
  %b = "tosa.const"() <{values = dense<1.0> : tensor<1x1x128xf32>}> : () -> tensor<1x1x128xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y0 = tosa.matmul %x, %w, %zp, %zp : (tensor<1x16x256xf32>, tensor<1x256x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x128xf32>
  %y = tosa.add %y0, %b : (tensor<1x16x128xf32>, tensor<1x1x128xf32>) -> tensor<1x16x128xf32>
  return %y : tensor<1x16x128xf32>
}

func.func @already_linalg(%x: tensor<16x256xf32>, %w: tensor<256x128xf32>, %acc: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x128xf32>) outs(%acc : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %y : tensor<16x128xf32>
}
