// RUN: fp8-opt %s --convert-fp8q-to-gpu -cse | FileCheck %s

// block_transpose reads the codes and their 128x128 block scales and writes
// both transposed: one CTA per block on a 2-D grid (cdiv(K, 128),
// cdiv(M, 128)), 16 KiB of shared memory (one block of codes).

// CHECK-LABEL: func.func @block_transpose(
// CHECK-SAME:      %[[Q:.*]]: tensor<300x272xf8E4M3FN>, %[[S:.*]]: tensor<3x3xf32>
// CHECK:         %[[QB:.*]] = bufferization.to_buffer %[[Q]] read_only : tensor<300x272xf8E4M3FN> to memref<300x272xf8E4M3FN>
// CHECK:         %[[SB:.*]] = bufferization.to_buffer %[[S]] read_only : tensor<3x3xf32> to memref<3x3xf32>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<272x300xf8E4M3FN>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
// CHECK:         %[[DQ:.*]], %{{.*}} = gpu.alloc async
// CHECK:         gpu.memcpy async [%{{.*}}] %[[DQ]], %[[QB]] : memref<300x272xf8E4M3FN>, memref<300x272xf8E4M3FN>
// CHECK:         %[[DS:.*]], %{{.*}} = gpu.alloc async
// CHECK:         gpu.memcpy async [%{{.*}}] %[[DS]], %[[SB]] : memref<3x3xf32>, memref<3x3xf32>
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 16384 : i32
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_block_transpose_128x128::@fp8q_block_transpose_128x128
// CHECK-SAME:        blocks in (%c3{{(_[0-9]+)?}}, %c3{{(_[0-9]+)?}}, %{{[a-z0-9_]+}})
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:        args(%{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : i64, %{{.*}} : i64)
// CHECK:       gpu.module @fp8q_block_transpose_128x128 [#nvvm.target<{{.*}}>] attributes {fp8q.kernel = {eps = 9.99999974E-5 : f32, kind = "block_transpose", scale_layout = "k_major", scale_mode = "fp32", source = "f8e4m3fn"}}
// One barrier between the block's load and the transposed write; no
// arithmetic on values (no conversion).
// CHECK:         gpu.barrier
// CHECK-NOT:     nvvm.convert
// CHECK:         gpu.return
func.func @block_transpose(%q: tensor<300x272xf8E4M3FN>, %s: tensor<3x3xf32>)
    -> (tensor<272x300xf8E4M3FN>, tensor<3x3xf32>) {
  %qt0 = tensor.empty() : tensor<272x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x3xf32>
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<128x128>}
      : tensor<300x272xf8E4M3FN>, tensor<3x3xf32> -> tensor<272x300xf8E4M3FN>, tensor<3x3xf32>
  return %qt, %st : tensor<272x300xf8E4M3FN>, tensor<3x3xf32>
}
