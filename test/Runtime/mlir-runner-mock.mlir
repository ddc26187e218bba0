// mlir-runner runs GPU host code through libFP8QCudaRuntime: upstream host
// lowering, the module loaded in a global constructor, device memory, copies,
// a memset, plain and cluster launches with raw pointers and an i64 as
// parameters, and the module unloaded at exit. The mock driver plays the GPU
// and runs mock_add_i64 (y[i] += x[i]) on the host, so the printed result
// shows that the parameters arrived in order.
// REQUIRES: fp8q-cuda-runtime
// RUN: mlir-opt %s --convert-scf-to-cf --gpu-to-llvm --convert-func-to-llvm --expand-strided-metadata --finalize-memref-to-llvm --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts \
// RUN: | env FP8Q_CUDA_DRIVER_LIBRARY=%mock_cuda FP8Q_MOCK_CUDA_LOG=1 mlir-runner --entry-point-result=void --shared-libs=%fp8q_cuda_runtime,%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s

// CHECK: mock-cuda: module load mock image
// CHECK: mock-cuda: launch mock_add_i64 grid 1x1x1 block 16x1x1 smem 0
// CHECK: mock-cuda: launch mock_add_i64 grid 2x1x1 block 8x1x1 cluster 2x1x1 smem 0
// CHECK: [7,  14,  21,  28,  35,  42,  49,  56,  63,  70,  77,  84,  91,  98,  105,  112]
// CHECK: [42,  42,  42,  42]

module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, bin = "FP8QMOCK">]

  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %n = arith.constant 16 : i64
    %x = memref.alloc() : memref<16xi64>
    %y = memref.alloc() : memref<16xi64>
    scf.for %i = %c0 to %c16 step %c1 {
      %i64 = arith.index_cast %i : index to i64
      %one = arith.constant 1 : i64
      %v = arith.addi %i64, %one : i64
      memref.store %v, %x[%i] : memref<16xi64>
      %five = arith.constant 5 : i64
      %w = arith.muli %v, %five : i64
      memref.store %w, %y[%i] : memref<16xi64>
    }

    %t0 = gpu.wait async
    %dx, %t1 = gpu.alloc async [%t0] () : memref<16xi64>
    %dy, %t2 = gpu.alloc async [%t1] () : memref<16xi64>
    %t3 = gpu.memcpy async [%t2] %dx, %x : memref<16xi64>, memref<16xi64>
    %t4 = gpu.memcpy async [%t3] %dy, %y : memref<16xi64>, memref<16xi64>
    %px_index = memref.extract_aligned_pointer_as_index %dx : memref<16xi64> -> index
    %py_index = memref.extract_aligned_pointer_as_index %dy : memref<16xi64> -> index
    %px = arith.index_cast %px_index : index to i64
    %py = arith.index_cast %py_index : index to i64
    // y = 5 (i + 1); two launches add x = i + 1 twice: y = 7 (i + 1).
    %t5 = gpu.launch_func async [%t4] @kernels::@mock_add_i64
        blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%px : i64, %py : i64, %n : i64)
    %t6 = gpu.launch_func async [%t5] @kernels::@mock_add_i64
        clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%px : i64, %py : i64, %n : i64)
    %t7 = gpu.memcpy async [%t6] %y, %dy : memref<16xi64>, memref<16xi64>
    %t8 = gpu.dealloc async [%t7] %dx : memref<16xi64>
    %t9 = gpu.dealloc async [%t8] %dy : memref<16xi64>

    // A 32-bit memset round trip.
    %dz, %t10 = gpu.alloc async [%t9] () : memref<4xi32>
    %c42 = arith.constant 42 : i32
    %t11 = gpu.memset async [%t10] %dz, %c42 : memref<4xi32>, i32
    %z = memref.alloc() : memref<4xi32>
    %t12 = gpu.memcpy async [%t11] %z, %dz : memref<4xi32>, memref<4xi32>
    %t13 = gpu.dealloc async [%t12] %dz : memref<4xi32>
    gpu.wait [%t13]

    %yu = memref.cast %y : memref<16xi64> to memref<*xi64>
    call @printMemrefI64(%yu) : (memref<*xi64>) -> ()
    %zu = memref.cast %z : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%zu) : (memref<*xi32>) -> ()
    return
  }
}
