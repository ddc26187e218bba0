// RUN: fp8-opt %s --convert-fp8q-to-gpu -cse | FileCheck %s

// Dynamic shapes: the sizes come from tensor.dim, the requirements that need
// them become cf.assert, and an empty source skips the launch with its
// device buffers (sized like the host buffers) and copies. First, before
// anything of the launch, the extents of the outputs are asserted against
// the source's (fp8q/Conversion/ExtentChecks.h): q_init [K, M] and
// scale_init [K, ceil(M / 128)] for 128x1 with transpose.

// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: tensor<?x?xf16>, %[[Q0:[a-z0-9_]+]]: tensor<?x?xf8E4M3FN>, %[[S0:[a-z0-9_]+]]: tensor<?x?xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[M:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[QM:.*]] = tensor.dim %[[Q0]], %[[C1]]
// CHECK:         %[[OK0:.*]] = arith.cmpi eq, %[[QM]], %[[M]] : index
// CHECK:         cf.assert %[[OK0]], "fp8q.quantize ({{.*}}dynamic.mlir:{{[0-9]+}}:{{[0-9]+}}): extent 1 of q_init must equal R (from extent 0 of source)"
// CHECK:         %[[MT:.*]] = arith.ceildivui %[[M]], %{{.*}} : index
// CHECK:         %[[SM:.*]] = tensor.dim %[[S0]], %[[C1]]
// CHECK:         %[[OK1:.*]] = arith.cmpi eq, %[[SM]], %[[MT]] : index
// CHECK:         cf.assert %[[OK1]], "fp8q.quantize ({{.*}}): extent 1 of scale_init must equal ceil(R / 128) (from extent 0 of source)"
// CHECK:         %[[K:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK:         %[[QK:.*]] = tensor.dim %[[Q0]], %[[C0]]
// CHECK:         %[[OK2:.*]] = arith.cmpi eq, %[[QK]], %[[K]] : index
// CHECK:         cf.assert %[[OK2]], "fp8q.quantize ({{.*}}): extent 0 of q_init must equal C (from extent 1 of source)"
// CHECK:         %[[SK:.*]] = tensor.dim %[[S0]], %[[C0]]
// CHECK:         %[[OK3:.*]] = arith.cmpi eq, %[[SK]], %[[K]] : index
// CHECK:         cf.assert %[[OK3]], "fp8q.quantize ({{.*}}): extent 0 of scale_init must equal C (from extent 1 of source)"
// CHECK:         %[[XB:.*]] = bufferization.to_buffer %[[X]]
// CHECK:         %[[QB:.*]] = memref.alloc(%[[K]], %[[M]]) {alignment = 64 : i64} : memref<?x?xf8E4M3FN>
// CHECK:         memref.alloc(%[[K]], %[[MT]]) {alignment = 64 : i64} : memref<?x?xf32>
// The staged kernel has a 1-D grid of cdiv(M, 128) * cdiv(K, 128) CTAs and
// no bound on M.
// CHECK:         %[[KT:.*]] = arith.ceildivui %[[K]], %{{.*}} : index
// CHECK:         %[[GRID:.*]] = arith.muli %[[MT]], %[[KT]] : index
// CHECK:         %[[BYTES:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK:         %[[REST:.*]] = arith.remui %[[BYTES]], %{{.*}} : index
// CHECK:         %[[ALIGNED:.*]] = arith.cmpi eq, %[[REST]], %[[C0]] : index
// CHECK:         cf.assert %[[ALIGNED]], "fp8q_quantize_128x1t_f16_pow2: the source row stride (K * 2 bytes) must be a multiple of 16 bytes"
// CHECK-NOT:     cf.assert
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

// scale_layout = mn_major with dynamic shapes: the scale buffers get the
// transposed extents, [cdiv(K, 128), M] for 1x128 and [cdiv(M, 128), K] for
// 128x1 with transpose (k_major: [M, cdiv(K, 128)] and [K, cdiv(M, 128)]);
// the device buffers are sized like them and the pair fuses into the `_mn`
// kernel.

// CHECK-LABEL: func.func @dynamic_mn_major(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: tensor<?x?xbf16>
// CHECK:         %[[M:.*]] = tensor.dim %[[X]], %[[C0:.*]] :
// CHECK:         cf.assert %{{.*}}, "{{.*}}extent 1 of scale_init must equal R (from extent 0 of source)"
// CHECK:         %[[K:.*]] = tensor.dim %[[X]], %[[C1:.*]] :
// CHECK:         %[[KT:.*]] = arith.ceildivui %[[K]], %{{.*}} : index
// CHECK:         cf.assert %{{.*}}, "{{.*}}extent 0 of scale_init must equal ceil(C / 128) (from extent 1 of source)"
// CHECK:         %[[XB:.*]] = bufferization.to_buffer %[[X]]
// CHECK:         %[[QB:.*]] = memref.alloc(%[[M]], %[[K]]) {alignment = 64 : i64} : memref<?x?xf8E4M3FN>
// CHECK:         %[[SB:.*]] = memref.alloc(%[[KT]], %[[M]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK:         %[[MT:.*]] = arith.ceildivui %[[M]], %{{.*}} : index
// CHECK:         %[[QTB:.*]] = memref.alloc(%[[K]], %[[M]]) {alignment = 64 : i64} : memref<?x?xf8E4M3FN>
// CHECK:         %[[STB:.*]] = memref.alloc(%[[MT]], %[[K]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK:         scf.if
// CHECK:           %[[S0:.*]] = memref.dim %[[SB]], %[[C0]]
// CHECK:           %[[S1:.*]] = memref.dim %[[SB]], %[[C1]]
// CHECK:           %[[DS:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] (%[[S0]], %[[S1]]) {{.*}} : memref<?x?xf32>
// CHECK:           %[[ST0:.*]] = memref.dim %[[STB]], %[[C0]]
// CHECK:           %[[ST1:.*]] = memref.dim %[[STB]], %[[C1]]
// CHECK:           %[[DST:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] (%[[ST0]], %[[ST1]]) {{.*}} : memref<?x?xf32>
// CHECK:           gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_128x1t_bf16_fp32_mn::@fp8q_quantize_1x128_128x1t_bf16_fp32_mn
// CHECK:           gpu.memcpy async [%{{.*}}] %[[SB]], %[[DS]] : memref<?x?xf32>, memref<?x?xf32>
// CHECK:           gpu.memcpy async [%{{.*}}] %[[STB]], %[[DST]] : memref<?x?xf32>, memref<?x?xf32>
// CHECK:         %[[S:.*]] = bufferization.to_tensor %[[SB]]
// CHECK:         %[[ST:.*]] = bufferization.to_tensor %[[STB]]
// The checks of the later op of the fused pair follow the launch, where the
// op was (its outputs may be defined after the launch).
// CHECK:         cf.assert %{{.*}}, "{{.*}}extent 0 of scale_init must equal ceil(R / 128) (from extent 0 of source)"
// CHECK:         cf.assert %{{.*}}, "{{.*}}extent 1 of scale_init must equal C (from extent 1 of source)"
// CHECK:         return %{{.*}}, %[[S]], %{{.*}}, %[[ST]]
func.func @dynamic_mn_major(%x: tensor<?x?xbf16>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>,
                            %qt0: tensor<?x?xf8E4M3FN>, %st0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xbf16> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s, %qt, %st : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}

// 128x128 mn_major: [cdiv(K, 128), cdiv(M, 128)].

// CHECK-LABEL: func.func @dynamic_block_mn_major(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: tensor<?x?xf32>
// CHECK:         %[[M:.*]] = tensor.dim %[[X]], %{{.*}} :
// CHECK:         %[[MT:.*]] = arith.ceildivui %[[M]], %{{.*}} : index
// CHECK:         cf.assert %{{.*}}, "{{.*}}extent 1 of scale_init must equal ceil(R / 128) (from extent 0 of source)"
// CHECK:         %[[K:.*]] = tensor.dim %[[X]], %{{.*}} :
// CHECK:         %[[KT:.*]] = arith.ceildivui %[[K]], %{{.*}} : index
// CHECK:         cf.assert %{{.*}}, "{{.*}}extent 0 of scale_init must equal ceil(C / 128) (from extent 1 of source)"
// CHECK:         memref.alloc(%[[M]], %[[K]]) {alignment = 64 : i64} : memref<?x?xf8E4M3FN>
// CHECK:         memref.alloc(%[[KT]], %[[MT]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x128_f32_fp32_mn::@fp8q_quantize_128x128_f32_fp32_mn
func.func @dynamic_block_mn_major(%x: tensor<?x?xf32>, %q0: tensor<?x?xf8E4M3FN>, %s0: tensor<?x?xf32>)
    -> (tensor<?x?xf8E4M3FN>, tensor<?x?xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x?xf32> -> tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
  return %q, %s : tensor<?x?xf8E4M3FN>, tensor<?x?xf32>
}
