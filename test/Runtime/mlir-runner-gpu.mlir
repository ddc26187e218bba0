// On a real GPU, mlir-runner runs a kernel through libFP8QCudaRuntime: the
// kernel is lowered by the upstream NVVM pipeline to PTX (format isa, so that
// the driver JIT-compiles it and no ptxas is needed), then host code
// allocates, copies, launches plainly and as a cluster, and reads back.
// REQUIRES: fp8q-cuda-runtime, cuda-device
// RUN: mlir-opt %s --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa" \
// RUN: | mlir-runner --entry-point-result=void --shared-libs=%fp8q_cuda_runtime,%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

// y = 3 (i + 1) + 2 (i + 1): one plain and one cluster launch of y += x.
// CHECK: [5,  10,  15,  20,  25,  30,  35,  40,  45,  50,  55,  60,  65,  70,  75,  80]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%x: memref<16xi64>, %y: memref<16xi64>) kernel {
      %i = gpu.global_id x
      %a = memref.load %x[%i] : memref<16xi64>
      %b = memref.load %y[%i] : memref<16xi64>
      %s = arith.addi %a, %b : i64
      memref.store %s, %y[%i] : memref<16xi64>
      gpu.return
    }
  }

  func.func private @printMemrefI64(memref<*xi64>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %x = memref.alloc() : memref<16xi64>
    %y = memref.alloc() : memref<16xi64>
    scf.for %i = %c0 to %c16 step %c1 {
      %i64 = arith.index_cast %i : index to i64
      %one = arith.constant 1 : i64
      %v = arith.addi %i64, %one : i64
      memref.store %v, %x[%i] : memref<16xi64>
      %three = arith.constant 3 : i64
      %w = arith.muli %v, %three : i64
      memref.store %w, %y[%i] : memref<16xi64>
    }
    %t0 = gpu.wait async
    %dx, %t1 = gpu.alloc async [%t0] () : memref<16xi64>
    %dy, %t2 = gpu.alloc async [%t1] () : memref<16xi64>
    %t3 = gpu.memcpy async [%t2] %dx, %x : memref<16xi64>, memref<16xi64>
    %t4 = gpu.memcpy async [%t3] %dy, %y : memref<16xi64>, memref<16xi64>
    %t5 = gpu.launch_func async [%t4] @kernels::@add
        blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%dx : memref<16xi64>, %dy : memref<16xi64>)
    %t6 = gpu.launch_func async [%t5] @kernels::@add
        clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%dx : memref<16xi64>, %dy : memref<16xi64>)
    %t7 = gpu.memcpy async [%t6] %y, %dy : memref<16xi64>, memref<16xi64>
    %t8 = gpu.dealloc async [%t7] %dx : memref<16xi64>
    %t9 = gpu.dealloc async [%t8] %dy : memref<16xi64>
    gpu.wait [%t9]
    %yu = memref.cast %y : memref<16xi64> to memref<*xi64>
    call @printMemrefI64(%yu) : (memref<*xi64>) -> ()
    return
  }
}
