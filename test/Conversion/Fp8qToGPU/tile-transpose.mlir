// RUN: fp8-opt %s --convert-fp8q-to-gpu -cse | FileCheck %s

// tile_transpose reads the codes and their 1x128 scales and writes the
// K-major codes with one scale per 128 rows (a 128x1 tile of the original).

// CHECK-LABEL: func.func @tile_transpose(
// CHECK-SAME:      %[[Q:.*]]: tensor<300x384xf8E4M3FN>, %[[S:.*]]: tensor<300x3xf32>
// CHECK:         %[[QB:.*]] = bufferization.to_buffer %[[Q]] read_only : tensor<300x384xf8E4M3FN> to memref<300x384xf8E4M3FN>
// CHECK:         %[[SB:.*]] = bufferization.to_buffer %[[S]] read_only : tensor<300x3xf32> to memref<300x3xf32>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<384x300xf8E4M3FN>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<384x3xf32>
// Both inputs are copied to the device.
// CHECK:         %[[DQ:.*]], %{{.*}} = gpu.alloc async
// CHECK:         gpu.memcpy async [%{{.*}}] %[[DQ]], %[[QB]] : memref<300x384xf8E4M3FN>, memref<300x384xf8E4M3FN>
// CHECK:         %[[DS:.*]], %{{.*}} = gpu.alloc async
// CHECK:         gpu.memcpy async [%{{.*}}] %[[DS]], %[[SB]] : memref<300x3xf32>, memref<300x3xf32>
// A CTA walks up to 4 row tiles of one column tile: cdiv(cdiv(300, 128), 4) x
// 3 = 3 CTAs; two stages of 128 x 128 codes and 128 row scales.
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 33792 : i32
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_tile_transpose_1x128_pow2::@fp8q_tile_transpose_1x128_pow2
// CHECK-SAME:        blocks in (%c3{{(_[0-9]+)?}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}})
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:        args(%{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : i64, %{{.*}} : i64)
// CHECK:       gpu.module @fp8q_tile_transpose_1x128_pow2
// The E4M3 codes are dequantized exactly (f8x2 -> f16x2 -> f32, times the
// row scale) before the column amax.
// CHECK:         nvvm.convert.f8x2.to.f16x2 %{{.*}} : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
func.func @tile_transpose(%q: tensor<300x384xf8E4M3FN>, %s: tensor<300x3xf32>)
    -> (tensor<384x300xf8E4M3FN>, tensor<384x3xf32>) {
  %qt0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<384x3xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<300x384xf8E4M3FN>, tensor<300x3xf32> -> tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
  return %qt, %st : tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
}
