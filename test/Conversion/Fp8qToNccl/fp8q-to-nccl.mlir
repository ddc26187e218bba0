// RUN: fp8-opt %s --convert-fp8q-to-nccl -split-input-file | FileCheck %s

// The rank comes from the runtime, checked against ranks = 2.
// CHECK-DAG: memref.global "private" constant @[[WHAT:fp8q_ep_what[_0-9]*]] : memref<{{[0-9]+}}xi8> = dense<
// CHECK-DAG: func.func private @fp8q_ep_rank(i64, memref<?xi8>) -> i64 attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @rank
// CHECK: %[[W:.*]] = memref.get_global @[[WHAT]]
// CHECK: %[[WC:.*]] = memref.cast %[[W]] : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: %[[RANKS:.*]] = arith.constant 2 : i64
// CHECK: %[[R:.*]] = call @fp8q_ep_rank(%[[RANKS]], %[[WC]]) : (i64, memref<?xi8>) -> i64
// CHECK: %[[I:.*]] = arith.index_cast %[[R]] : i64 to index
// CHECK: return %[[I]]
func.func @rank() -> index {
  %r = fp8q.ep_rank {ranks = 2}
  return %r : index
}

// -----

// Host buffers in, fresh buffers out, the runtime in between.
// CHECK-DAG: func.func private @fp8q_moe_dispatch(memref<?x?xf8E4M3FN>, memref<?x?xf32>, memref<?x?xi32>, memref<?x?x?xf8E4M3FN>, memref<?x?x?xf32>, memref<?xi32>, memref<?x?xi32>, i64, i64, memref<?xi8>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @fp8q_moe_combine_bf16(memref<?x?x?xbf16>, memref<?x?xi32>, memref<?xi32>, memref<?x?xi32>, memref<?x?x?xbf16>, i64, i64, memref<?xi8>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @fp8q_moe_combine_f32(memref<?x?x?xf32>,
// CHECK-LABEL: func.func @exchange
// CHECK-SAME: %[[Q:[^:]*]]: tensor<32x256xf8E4M3FN>, %[[S:[^:]*]]: tensor<32x2xf32>, %[[E:[^:]*]]: tensor<32x2xi32>
// CHECK: %[[QB:.*]] = bufferization.to_buffer %[[Q]] read_only : tensor<32x256xf8E4M3FN> to memref<32x256xf8E4M3FN>
// CHECK: memref.cast %[[QB]] : memref<32x256xf8E4M3FN> to memref<?x?xf8E4M3FN>
// CHECK: %[[RC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x64x256xf8E4M3FN>
// CHECK: %[[RS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x64x2xf32>
// CHECK: %[[N:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
// CHECK: %[[SRC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x64xi32>
// CHECK-DAG: %[[R2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[E8:.*]] = arith.constant 8 : i64
// CHECK: call @fp8q_moe_dispatch({{.*}}, %[[R2]], %[[E8]], %{{.*}}) : (memref<?x?xf8E4M3FN>, memref<?x?xf32>, memref<?x?xi32>, memref<?x?x?xf8E4M3FN>, memref<?x?x?xf32>, memref<?xi32>, memref<?x?xi32>, i64, i64, memref<?xi8>) -> ()
// CHECK: bufferization.to_tensor %[[RC]] restrict writable
// CHECK: bufferization.to_tensor %[[RS]] restrict writable
// CHECK: bufferization.to_tensor %[[N]] restrict writable
// CHECK: bufferization.to_tensor %[[SRC]] restrict writable
// CHECK: call @fp8q_moe_combine_bf16(
// CHECK: call @fp8q_moe_combine_f32(
// CHECK-NOT: fp8q.
func.func @exchange(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %experts: tensor<32x2xi32>,
                    %y: tensor<4x64x512xbf16>, %y32: tensor<4x64x512xf32>)
    -> (tensor<4x64x256xf8E4M3FN>, tensor<32x2x512xbf16>, tensor<32x2x512xbf16>) {
  %rc0 = tensor.empty() : tensor<4x64x256xf8E4M3FN>
  %rs0 = tensor.empty() : tensor<4x64x2xf32>
  %c0 = tensor.empty() : tensor<4xi32>
  %src0 = tensor.empty() : tensor<4x64xi32>
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %experts
      outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32>
      -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  %o0 = tensor.empty() : tensor<32x2x512xbf16>
  %o = fp8q.moe_combine %y, %src, %counts, %experts outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32>
      -> tensor<32x2x512xbf16>
  %o32 = fp8q.moe_combine %y32, %src, %counts, %experts outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x64x512xf32>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32>
      -> tensor<32x2x512xbf16>
  return %rc, %o, %o32 : tensor<4x64x256xf8E4M3FN>, tensor<32x2x512xbf16>, tensor<32x2x512xbf16>
}

// -----

// A dynamic T: the extents are asserted (as in the linalg lowering), the
// result buffers sized from the inits.
// CHECK-LABEL: func.func @dynamic
// CHECK: cf.assert
// CHECK: %[[T:.*]] = tensor.dim %{{[^,]*}}, %{{.*}} : tensor<?x2x128xbf16>
// CHECK: memref.alloc(%[[T]]) {alignment = 64 : i64} : memref<?x2x128xbf16>
// CHECK: call @fp8q_moe_combine_bf16(
func.func @dynamic(%y: tensor<2x8x128xbf16>, %src: tensor<2x8xi32>, %counts: tensor<2xi32>,
                   %experts: tensor<?x2xi32>, %init: tensor<?x2x128xbf16>) -> tensor<?x2x128xbf16> {
  %o = fp8q.moe_combine %y, %src, %counts, %experts outs(%init) {ranks = 1, num_experts = 2}
      : tensor<2x8x128xbf16>, tensor<2x8xi32>, tensor<2xi32>, tensor<?x2xi32>
      -> tensor<?x2x128xbf16>
  return %o : tensor<?x2x128xbf16>
}
