// RUN: fp8-opt %s --split-input-file --fp8q-check-lowered-to-llvm=gpu-host -verify-diagnostics | FileCheck %s
// RUN: not fp8-opt %s --split-input-file --fp8q-check-lowered-to-llvm 2>&1 | FileCheck %s --check-prefix=STRICT

// With gpu-host, GPU host code in the LLVM dialect passes: gpu.binary and
// gpu.launch_func are left for mlir-translate (the last step of
// --fp8q-gpu-pipeline). Without it, both are errors.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:         gpu.binary @kernels
// CHECK:         gpu.launch_func
// STRICT: error: 'gpu.binary' op was not lowered to the LLVM dialect (1 such op)
// STRICT: error: 'gpu.launch_func' op was not lowered to the LLVM dialect (1 such op)
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, bin = "FP8QMOCK">]
  llvm.func @host(%p: !llvm.ptr) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%p : !llvm.ptr)
    llvm.return
  }
}

// -----

// Other GPU ops are still errors (gpu-to-llvm lowers them to runtime calls).
module attributes {gpu.container_module} {
  llvm.func @host() {
    // expected-error @+1 {{'gpu.wait' op was not lowered to the LLVM dialect (1 such op)}}
    gpu.wait
    llvm.return
  }
}
