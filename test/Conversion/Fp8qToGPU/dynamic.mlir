// RUN: fp8-opt %s --convert-fp8q-to-gpu -cse | FileCheck %s

// Dynamic shapes: the sizes come from tensor.dim, the requirements that need
// them become cf.assert, and an empty source skips the launch with its
// device buffers (sized like the host buffers) and copies.

// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[X:.*]]: tensor<?x?xf16>
// CHECK:         %[[XB:.*]] = bufferization.to_buffer %[[X]]
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[M:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[K:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK:         %[[MT:.*]] = arith.ceildivui %[[M]], %{{.*}} : index
// CHECK:         %[[QB:.*]] = memref.alloc(%[[K]], %[[M]]) {alignment = 64 : i64} : memref<?x?xf8E4M3FN>
// CHECK:         memref.alloc(%[[K]], %[[MT]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK:         %[[KT:.*]] = arith.ceildivui %[[K]], %{{.*}} : index
// CHECK:         %[[BYTES:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK:         %[[REST:.*]] = arith.remui %[[BYTES]], %{{.*}} : index
// CHECK:         %[[ALIGNED:.*]] = arith.cmpi eq, %[[REST]], %[[C0]] : index
// CHECK:         cf.assert %[[ALIGNED]], "fp8q_quantize_128x1t_f16_pow2: the source row stride (K * 2 bytes) must be a multiple of 16 bytes"
// The staged kernel has a 1-D grid of cdiv(M, 128) * cdiv(K, 128) CTAs and
// no bound on M.
// CHECK-NOT:     cf.assert
// CHECK:         %[[GRID:.*]] = arith.muli %[[MT]], %[[KT]] : index
// CHECK:         %[[ROWS:.*]] = arith.cmpi ugt, %[[M]], %[[C0]] : index
// CHECK:         %[[COLS:.*]] = arith.cmpi ugt, %[[K]], %[[C0]] : index
// CHECK:         %[[NONEMPTY:.*]] = arith.andi %[[ROWS]], %[[COLS]] : i1
// CHECK:         scf.if %[[NONEMPTY]] {
// CHECK:           %[[T0:.*]] = gpu.wait async
// CHECK:           %[[XM:.*]] = memref.dim %[[XB]], %[[C0]]
// CHECK:           %[[XK:.*]] = memref.dim %[[XB]], %[[C1]]
// CHECK:           %[[DX:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] (%[[XM]], %[[XK]]) {bufferization.manual_deallocation} : memref<?x?xf16>
// CHECK:           gpu.memcpy async [%[[T1]]] %[[DX]], %[[XB]] : memref<?x?xf16>, memref<?x?xf16>
// CHECK:           %[[QK:.*]] = memref.dim %[[QB]], %[[C0]]
// CHECK:           %[[QM:.*]] = memref.dim %[[QB]], %[[C1]]
// CHECK:           gpu.alloc async [%{{.*}}] (%[[QK]], %[[QM]]) {bufferization.manual_deallocation} : memref<?x?xf8E4M3FN>
// CHECK:           %[[M64:.*]] = arith.index_castui %[[M]] : index to i64
// CHECK:           %[[K64:.*]] = arith.index_castui %[[K]] : index to i64
// CHECK:           gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x1t_f16_pow2::@fp8q_quantize_128x1t_f16_pow2
// CHECK-SAME:          blocks in (%[[GRID]], %[[C1]], %[[C1]])
// CHECK-SAME:          %[[M64]] : i64, %[[K64]] : i64
// CHECK:           gpu.wait [%{{.*}}]
// CHECK:         }
func.func @dynamic(%x: tensor<?x?xf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<?x?xf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}
