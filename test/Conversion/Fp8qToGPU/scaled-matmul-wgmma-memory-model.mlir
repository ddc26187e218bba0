// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 gemm-block-m=128" -cse | FileCheck %s
// RUN: fp8-opt %s --convert-fp8q-to-gpu="gemm=wgmma gemm-block-m=128 memory-model=unified" -cse | FileCheck %s --check-prefix=UNIFIED
// RUN: fp8-opt %s --fp8q-gpu-pipeline="gemm=wgmma gemm-block-m=128 format=isa" | FileCheck %s --check-prefix=LLVM

// The wgmma GEMM under the default memory model `copy`: the operands are
// copied to device buffers, the tensor maps of A and B are encoded on those
// device buffers (a tensor map holds the global address the TMA unit reads),
// the launch runs on the device pointers, the result is copied back, and
// every device buffer is freed, all on one stream the host waits for.

// CHECK-LABEL: func.func @f32_acc(
// CHECK-SAME:      %[[A:.*]]: tensor<64x256xf8E4M3FN>, %[[SA:.*]]: tensor<64x2xf32>, %[[B:.*]]: tensor<128x256xf8E4M3FN>, %[[SB:.*]]: tensor<1x2xf32>, %[[C:.*]]: tensor<64x128xf32>)
// CHECK:         %[[HA:.*]] = bufferization.to_buffer %[[A]] read_only
// CHECK:         %[[HSA:.*]] = bufferization.to_buffer %[[SA]] read_only
// CHECK:         %[[HB:.*]] = bufferization.to_buffer %[[B]] read_only
// CHECK:         %[[HSB:.*]] = bufferization.to_buffer %[[SB]] read_only
// CHECK:         %[[HC:.*]] = bufferization.to_buffer %[[C]] read_only
// CHECK:         %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x128xf32>
// CHECK:         %[[T0:.*]] = gpu.wait async
// CHECK:         %[[DA:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () {bufferization.manual_deallocation} : memref<64x256xf8E4M3FN>
// CHECK:         %[[T2:.*]] = gpu.memcpy async [%[[T1]]] %[[DA]], %[[HA]]
// CHECK:         %[[DSA:.*]], %[[T3:.*]] = gpu.alloc async [%[[T2]]] () {bufferization.manual_deallocation} : memref<64x2xf32>
// CHECK:         %[[T4:.*]] = gpu.memcpy async [%[[T3]]] %[[DSA]], %[[HSA]]
// CHECK:         %[[DB:.*]], %[[T5:.*]] = gpu.alloc async [%[[T4]]] () {bufferization.manual_deallocation} : memref<128x256xf8E4M3FN>
// CHECK:         %[[T6:.*]] = gpu.memcpy async [%[[T5]]] %[[DB]], %[[HB]]
// CHECK:         %[[DSB:.*]], %[[T7:.*]] = gpu.alloc async [%[[T6]]] () {bufferization.manual_deallocation} : memref<1x2xf32>
// CHECK:         %[[T8:.*]] = gpu.memcpy async [%[[T7]]] %[[DSB]], %[[HSB]]
// CHECK:         %[[DC:.*]], %[[T9:.*]] = gpu.alloc async [%[[T8]]] () {bufferization.manual_deallocation} : memref<64x128xf32>
// CHECK:         %[[T10:.*]] = gpu.memcpy async [%[[T9]]] %[[DC]], %[[HC]]
// CHECK:         %[[DOUT:.*]], %[[T11:.*]] = gpu.alloc async [%[[T10]]] () {bufferization.manual_deallocation} : memref<64x128xf32>
// CHECK-NOT:     gpu.memcpy
// The tensor maps: ui8 views of the DEVICE codes (ui8: MLIR 22 encodes a
// signless i8 map as bf16).
// CHECK:         %[[IA:.*]] = memref.extract_aligned_pointer_as_index %[[DA]]
// CHECK:         %[[IA64:.*]] = arith.index_castui %[[IA]] : index to i64
// CHECK:         %[[PA:.*]] = llvm.inttoptr %[[IA64]] : i64 to !llvm.ptr
// CHECK:         %[[IB:.*]] = memref.extract_aligned_pointer_as_index %[[DB]]
// CHECK:         %[[IB64:.*]] = arith.index_castui %[[IB]] : index to i64
// CHECK:         %[[PB:.*]] = llvm.inttoptr %[[IB64]] : i64 to !llvm.ptr
// CHECK:         %[[VA0:.*]] = llvm.insertvalue %[[PA]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[PA]], %[[VA0]][1]
// CHECK:         %[[VA:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<64x256xui8>
// CHECK:         %[[UA:.*]] = memref.cast %[[VA]] : memref<64x256xui8> to memref<*xui8>
// CHECK:         %[[MA:.*]] = nvgpu.tma.create.descriptor %[[UA]] box[%c128, %c128] : memref<*xui8> -> <tensor = memref<128x128xui8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK:         %[[MAP:.*]] = builtin.unrealized_conversion_cast %[[MA]] : {{.*}} to !llvm.ptr
// CHECK:         %[[PSA:.*]] = llvm.inttoptr
// CHECK:         %[[VB0:.*]] = llvm.insertvalue %[[PB]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[PB]], %[[VB0]][1]
// CHECK:         %[[VB:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<128x256xui8>
// CHECK:         %[[UB:.*]] = memref.cast %[[VB]] : memref<128x256xui8> to memref<*xui8>
// CHECK:         %[[MB:.*]] = nvgpu.tma.create.descriptor %[[UB]] box[%c128, %c128]
// CHECK:         %[[MBP:.*]] = builtin.unrealized_conversion_cast %[[MB]] : {{.*}} to !llvm.ptr
// CHECK:         memref.extract_aligned_pointer_as_index %[[DSB]]
// CHECK:         %[[PSB:.*]] = llvm.inttoptr
// CHECK:         memref.extract_aligned_pointer_as_index %[[DC]]
// CHECK:         %[[PC:.*]] = llvm.inttoptr
// CHECK:         memref.extract_aligned_pointer_as_index %[[DOUT]]
// CHECK:         %[[POUT:.*]] = llvm.inttoptr
// CHECK:         %[[T12:.*]] = gpu.launch_func async [%[[T11]]] @fp8q_scaled_matmul_1x128_128x128_f32_acc::@fp8q_scaled_matmul_1x128_128x128_f32_acc
// CHECK-SAME:        blocks in (%c1, %c1, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %c131072_i32
// CHECK-SAME:        args(%[[PA]] : !llvm.ptr, %[[MAP]] : !llvm.ptr, %[[PSA]] : !llvm.ptr, %[[PB]] : !llvm.ptr, %[[MBP]] : !llvm.ptr, %[[PSB]] : !llvm.ptr, %[[PC]] : !llvm.ptr, %[[POUT]] : !llvm.ptr, %c64_i64 : i64, %c128_i64 : i64, %c256_i64 : i64)
// CHECK:         %[[T13:.*]] = gpu.memcpy async [%[[T12]]] %[[OUT]], %[[DOUT]]
// CHECK:         %[[T14:.*]] = gpu.dealloc async [%[[T13]]] %[[DA]] {bufferization.manual_deallocation}
// CHECK:         %[[T15:.*]] = gpu.dealloc async [%[[T14]]] %[[DSA]] {bufferization.manual_deallocation}
// CHECK:         %[[T16:.*]] = gpu.dealloc async [%[[T15]]] %[[DB]] {bufferization.manual_deallocation}
// CHECK:         %[[T17:.*]] = gpu.dealloc async [%[[T16]]] %[[DSB]] {bufferization.manual_deallocation}
// CHECK:         %[[T18:.*]] = gpu.dealloc async [%[[T17]]] %[[DC]] {bufferization.manual_deallocation}
// CHECK:         %[[T19:.*]] = gpu.dealloc async [%[[T18]]] %[[DOUT]] {bufferization.manual_deallocation}
// CHECK:         gpu.wait [%[[T19]]]
// CHECK:         %[[Y:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK:         return %[[Y]]

// memory-model=unified: the same launch on the host buffers, synchronous.
// UNIFIED-LABEL: func.func @f32_acc(
// UNIFIED:         %[[HA:.*]] = bufferization.to_buffer
// UNIFIED:         %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64x128xf32>
// UNIFIED-NOT:     gpu.alloc
// UNIFIED-NOT:     gpu.memcpy
// UNIFIED:         memref.extract_aligned_pointer_as_index %[[HA]]
// UNIFIED:         nvgpu.tma.create.descriptor
// UNIFIED:         nvgpu.tma.create.descriptor
// UNIFIED:         gpu.launch_func @fp8q_scaled_matmul_1x128_128x128_f32_acc::@fp8q_scaled_matmul_1x128_128x128_f32_acc
// UNIFIED-NOT:     gpu.wait
// UNIFIED-NOT:     gpu.dealloc
// UNIFIED:         bufferization.to_tensor %[[OUT]]

// Through the pipeline: one stream, six device buffers (five operands in,
// one result out), the two maps encoded after the allocations into host
// stack slots (passed by value: no device copy), the launch with the maps'
// bytes, one copy back, six frees, the host waits; the host result is the
// caller's.
// LLVM-LABEL: llvm.func @f32_acc(
// LLVM-DAG:     %[[SLOTA:.*]] = llvm.alloca %{{.*}} x !llvm.array<16 x i64> {alignment = 128 : i64}
// LLVM-DAG:     %[[SLOTB:.*]] = llvm.alloca %{{.*}} x !llvm.array<16 x i64> {alignment = 128 : i64}
// LLVM:         llvm.call @malloc
// LLVM:         llvm.call @mgpuStreamCreate
// LLVM-COUNT-5: llvm.call @mgpuMemAlloc
// LLVM:         llvm.call @mgpuMemcpy
// LLVM:         llvm.call @mgpuMemAlloc
// LLVM-NOT:     llvm.call @mgpuMemcpy
// LLVM-NOT:     mgpuTensorMapEncodeTiledMemref
// LLVM-COUNT-2: llvm.call @mgpuTensorMapEncodeTiledHost
// LLVM-NOT:     mgpuTensorMapEncodeTiledMemref
// LLVM-DAG:     %[[MAPA:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.array<16 x i64>
// LLVM-DAG:     %[[MAPB:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.array<16 x i64>
// LLVM:         gpu.launch_func <%{{.*}} : !llvm.ptr> @fp8q_scaled_matmul_1x128_128x128_f32_acc::@fp8q_scaled_matmul_1x128_128x128_f32_acc
// LLVM-SAME:      %{{.*}} : !llvm.ptr, %[[MAPA]] : !llvm.array<16 x i64>, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %[[MAPB]] : !llvm.array<16 x i64>
// LLVM:         llvm.call @mgpuMemcpy
// LLVM-COUNT-6: llvm.call @mgpuMemFree
// LLVM:         llvm.call @mgpuStreamSynchronize
// LLVM:         llvm.call @mgpuStreamDestroy
// LLVM-NOT:     llvm.call @free
// LLVM:         llvm.return
func.func @f32_acc(%a: tensor<64x256xf8E4M3FN>, %sa: tensor<64x2xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<64x256xf8E4M3FN>, tensor<64x2xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}

// Dynamic M: the extents that involve M are asserted first (a_scale and
// init rows equal to M), the device buffers are sized from the host buffers
// (memref.dim), and an empty A skips the launch with its copies.
// CHECK-LABEL: func.func @dynamic_m(
// CHECK:         %[[M:.*]] = tensor.dim
// CHECK:         cf.assert %{{.*}}, "fp8q.scaled_matmul ({{.*}}): extent 0 of a_scale must equal M (from extent 0 of a)"
// CHECK:         cf.assert %{{.*}}, "fp8q.scaled_matmul ({{.*}}): extent 0 of init must equal M (from extent 0 of a)"
// CHECK-NOT:     cf.assert
// CHECK:         %[[HA:.*]] = bufferization.to_buffer
// CHECK:         %[[OUT:.*]] = memref.alloc(%[[M]]) {alignment = 64 : i64} : memref<?x128xbf16>
// CHECK:         scf.if
// CHECK:           gpu.wait async
// CHECK:           %[[DM:.*]] = memref.dim %[[HA]], %c0
// CHECK:           gpu.alloc async [%{{.*}}] (%[[DM]]) {bufferization.manual_deallocation} : memref<?x256xf8E4M3FN>
// CHECK:           nvgpu.tma.create.descriptor
// CHECK:           gpu.launch_func async
// CHECK:           gpu.memcpy async [%{{.*}}] %[[OUT]], %{{.*}} : memref<?x128xbf16>, memref<?x128xbf16>
// CHECK:           gpu.wait [
// CHECK:         }
// CHECK:         bufferization.to_tensor %[[OUT]]
func.func @dynamic_m(%a: tensor<?x256xf8E4M3FN>, %sa: tensor<?x2xf32>, %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %y0: tensor<?x128xbf16>) -> tensor<?x128xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<128x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<?x128xbf16>
  return %y : tensor<?x128xbf16>
}
