// RUN: fp8-opt %s --convert-fp8q-to-gpu -cse -split-input-file | FileCheck %s

// Host side of a 1x128 quantize (memory model `copy`, the default): host
// source buffer, host result allocations, then one stream: device buffers,
// the source copied in, a launch of the shape-generic kernel on device
// pointers, the results copied out, the device buffers freed, and the host
// waits before the result tensors are used.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @rowwise(
// CHECK-SAME:      %[[X:.*]]: tensor<256x512xbf16>)
// CHECK:         %[[XB:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<256x512xbf16> to memref<256x512xbf16>
// CHECK:         %[[QB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256x512xf8E4M3FN>
// CHECK:         %[[SB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256x4xf32>
// CHECK-DAG:     %[[GX:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[GY:.*]] = arith.constant 2 : index
// CHECK:         %[[T0:.*]] = gpu.wait async
// CHECK:         %[[DX:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () {bufferization.manual_deallocation} : memref<256x512xbf16>
// CHECK:         %[[T2:.*]] = gpu.memcpy async [%[[T1]]] %[[DX]], %[[XB]] : memref<256x512xbf16>, memref<256x512xbf16>
// CHECK:         %[[DQ:.*]], %[[T3:.*]] = gpu.alloc async [%[[T2]]] () {bufferization.manual_deallocation} : memref<256x512xf8E4M3FN>
// CHECK:         %[[DS:.*]], %[[T4:.*]] = gpu.alloc async [%[[T3]]] () {bufferization.manual_deallocation} : memref<256x4xf32>
// CHECK:         %[[XI:.*]] = memref.extract_aligned_pointer_as_index %[[DX]]
// CHECK:         %[[XI64:.*]] = arith.index_castui %[[XI]] : index to i64
// CHECK:         %[[XP:.*]] = llvm.inttoptr %[[XI64]] : i64 to !llvm.ptr
// CHECK:         %[[QI:.*]] = memref.extract_aligned_pointer_as_index %[[DQ]]
// CHECK:         %[[QP:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK:         %[[SI:.*]] = memref.extract_aligned_pointer_as_index %[[DS]]
// CHECK:         %[[SP:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK-DAG:     %[[M:.*]] = arith.constant 256 : i64
// CHECK-DAG:     %[[K:.*]] = arith.constant 512 : i64
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 0 : i32
// The eps of the op (1e-3, not the default) is compiled into the variant.
// CHECK:         %[[T5:.*]] = gpu.launch_func async [%[[T4]]] @fp8q_quantize_1x128_bf16_fp32_eps3a83126f::@fp8q_quantize_1x128_bf16_fp32_eps3a83126f
// CHECK-SAME:        blocks in (%[[GX]], %[[GY]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:        args(%[[XP]] : !llvm.ptr, %[[QP]] : !llvm.ptr, %[[SP]] : !llvm.ptr, %[[M]] : i64, %[[K]] : i64)
// CHECK:         %[[T6:.*]] = gpu.memcpy async [%[[T5]]] %[[QB]], %[[DQ]] : memref<256x512xf8E4M3FN>, memref<256x512xf8E4M3FN>
// CHECK:         %[[T7:.*]] = gpu.memcpy async [%[[T6]]] %[[SB]], %[[DS]] : memref<256x4xf32>, memref<256x4xf32>
// CHECK:         %[[T8:.*]] = gpu.dealloc async [%[[T7]]] %[[DX]] {bufferization.manual_deallocation} : memref<256x512xbf16>
// CHECK:         %[[T9:.*]] = gpu.dealloc async [%[[T8]]] %[[DQ]] {bufferization.manual_deallocation} : memref<256x512xf8E4M3FN>
// CHECK:         %[[T10:.*]] = gpu.dealloc async [%[[T9]]] %[[DS]] {bufferization.manual_deallocation} : memref<256x4xf32>
// CHECK:         gpu.wait [%[[T10]]]
// CHECK:         %[[Q:.*]] = bufferization.to_tensor %[[QB]] restrict writable : memref<256x512xf8E4M3FN> to tensor<256x512xf8E4M3FN>
// CHECK:         %[[S:.*]] = bufferization.to_tensor %[[SB]] restrict writable : memref<256x4xf32> to tensor<256x4xf32>
// CHECK:         return %[[Q]], %[[S]]
// CHECK:       gpu.module @fp8q_quantize_1x128_bf16_fp32_eps3a83126f [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK:         arith.constant 1.000000e-03 : f32
func.func @rowwise(%x: tensor<256x512xbf16>) -> (tensor<256x512xf8E4M3FN>, tensor<256x4xf32>) {
  %q0 = tensor.empty() : tensor<256x512xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x4xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, eps = 1.0e-3 : f32}
      : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
  return %q, %s : tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
}

// -----

// 128x128 weight blocks with pow2 scales, f32 source with a tail in both
// dimensions: grid (cdiv(K,128), cdiv(M,128)), 32 bytes of shared memory for
// the 8 warp maxima.

// CHECK-LABEL: func.func @block(
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<300x260xf8E4M3FN>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
// CHECK-DAG:     %[[G:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 32 : i32
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x128_f32_pow2::@fp8q_quantize_128x128_f32_pow2
// CHECK-SAME:        blocks in (%[[G]], %[[G]], %{{[a-z0-9_]+}})
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
// CHECK:       gpu.module @fp8q_quantize_128x128_f32_pow2
func.func @block(%w: tensor<300x260xf32>) -> (tensor<300x260xf8E4M3FN>, tensor<3x3xf32>) {
  %q0 = tensor.empty() : tensor<300x260xf8E4M3FN>
  %s0 = tensor.empty() : tensor<3x3xf32>
  %q, %s = fp8q.quantize %w outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<300x260xf32> -> tensor<300x260xf8E4M3FN>, tensor<3x3xf32>
  return %q, %s : tensor<300x260xf8E4M3FN>, tensor<3x3xf32>
}

// -----

// 128x1 with transpose (Wgrad): K-major codes [K, M] and scales
// [K, cdiv(M, 128)]; a 1-D grid of 3 x 3 tiles, each staged in 32 KiB of
// shared memory.

// CHECK-LABEL: func.func @colwise(
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<384x300xf8E4M3FN>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<384x3xf32>
// CHECK-DAG:     %[[TILES:.*]] = arith.constant 9 : index
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 32768 : i32
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x1t_f16_fp32::@fp8q_quantize_128x1t_f16_fp32
// CHECK-SAME:        blocks in (%[[TILES]], %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}})
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
func.func @colwise(%x: tensor<300x384xf16>) -> (tensor<384x300xf8E4M3FN>, tensor<384x3xf32>) {
  %q0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %s0 = tensor.empty() : tensor<384x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<300x384xf16> -> tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
  return %q, %s : tensor<384x300xf8E4M3FN>, tensor<384x3xf32>
}

// -----

// 128x128 with transpose (a weight stored [K, N], as GPT-2's Conv1D): codes
// [K, M] and the block grid transposed, [cdiv(K, 128), cdiv(M, 128)]; staged
// like 128x1-T (a 1-D grid of 3 x 3 tiles, 32 KiB of stage and 8 words of
// warp maxima).

// CHECK-LABEL: func.func @block_transposed(
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<384x300xf8E4M3FN>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
// CHECK-DAG:     %[[TILES:.*]] = arith.constant 9 : index
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 32800 : i32
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x128t_bf16_pow2::@fp8q_quantize_128x128t_bf16_pow2
// CHECK-SAME:        blocks in (%[[TILES]], %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}})
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
func.func @block_transposed(%x: tensor<300x384xbf16>) -> (tensor<384x300xf8E4M3FN>, tensor<3x3xf32>) {
  %q0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %s0 = tensor.empty() : tensor<3x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<300x384xbf16> -> tensor<384x300xf8E4M3FN>, tensor<3x3xf32>
  return %q, %s : tensor<384x300xf8E4M3FN>, tensor<3x3xf32>
}

// -----

// Two ops of one variant launch the same kernel: one gpu.module.

// CHECK-LABEL: func.func @reuse(
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_f32_fp32::@fp8q_quantize_1x128_f32_fp32
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_f32_fp32::@fp8q_quantize_1x128_f32_fp32
// CHECK:       gpu.module @fp8q_quantize_1x128_f32_fp32
// CHECK-NOT:   gpu.module
func.func @reuse(%a: tensor<4x128xf32>, %b: tensor<64x256xf32>)
    -> (tensor<4x128xf8E4M3FN>, tensor<64x256xf8E4M3FN>) {
  %qa0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %sa0 = tensor.empty() : tensor<4x1xf32>
  %qa, %sa = fp8q.quantize %a outs(%qa0, %sa0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  %qb0 = tensor.empty() : tensor<64x256xf8E4M3FN>
  %sb0 = tensor.empty() : tensor<64x2xf32>
  %qb, %sb = fp8q.quantize %b outs(%qb0, %sb0) {tile = #fp8q.tile<1x128>}
      : tensor<64x256xf32> -> tensor<64x256xf8E4M3FN>, tensor<64x2xf32>
  return %qa, %qb : tensor<4x128xf8E4M3FN>, tensor<64x256xf8E4M3FN>
}

// -----

// An empty source launches nothing (and builds no kernel).

// CHECK-LABEL: func.func @empty(
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<0x256xf8E4M3FN>
// CHECK-NOT:     gpu.launch_func
// CHECK-NOT:   gpu.module
func.func @empty(%x: tensor<0x256xbf16>) -> (tensor<0x256xf8E4M3FN>, tensor<0x2xf32>) {
  %q0 = tensor.empty() : tensor<0x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<0x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<0x256xbf16> -> tensor<0x256xf8E4M3FN>, tensor<0x2xf32>
  return %q, %s : tensor<0x256xf8E4M3FN>, tensor<0x2xf32>
}

// -----

// Other fp8q ops are left for other lowerings.

// CHECK-LABEL: func.func @dequantize(
// CHECK:         fp8q.dequantize
// CHECK-NOT:   gpu.module
func.func @dequantize(%q: tensor<4x128xf8E4M3FN>, %s: tensor<4x1xf32>) -> tensor<4x128xf32> {
  %x0 = tensor.empty() : tensor<4x128xf32>
  %x = fp8q.dequantize %q, %s outs(%x0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32> -> tensor<4x128xf32>
  return %x : tensor<4x128xf32>
}

// -----

// scale_layout = mn_major: the `_mn` variant of the 1x128 kernel, on the same
// grid and arguments; the scale buffers (host and device) have the
// transposed extents [cdiv(K, 128), M] = [2, 300] (k_major: [300, 2]).

// CHECK-LABEL: func.func @rowwise_mn_major(
// CHECK-SAME:      %[[X:.*]]: tensor<300x256xbf16>)
// CHECK:         %[[QB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<300x256xf8E4M3FN>
// CHECK:         %[[SB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x300xf32>
// CHECK-DAG:     %[[GX:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[GY:.*]] = arith.constant 3 : index
// CHECK:         %[[DQ:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] () {bufferization.manual_deallocation} : memref<300x256xf8E4M3FN>
// CHECK:         %[[DS:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] () {bufferization.manual_deallocation} : memref<2x300xf32>
// CHECK:         memref.extract_aligned_pointer_as_index %[[DS]] : memref<2x300xf32> -> index
// CHECK-NEXT:    arith.index_castui
// CHECK-NEXT:    %[[SP:.*]] = llvm.inttoptr
// CHECK-DAG:     %[[M:.*]] = arith.constant 300 : i64
// CHECK-DAG:     %[[K:.*]] = arith.constant 256 : i64
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_bf16_fp32_mn::@fp8q_quantize_1x128_bf16_fp32_mn
// CHECK-SAME:        blocks in (%[[GX]], %[[GY]], %{{[a-z0-9_]+}})
// CHECK-SAME:        args(%{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %[[SP]] : !llvm.ptr, %[[M]] : i64, %[[K]] : i64)
// CHECK:         gpu.memcpy async [%{{.*}}] %[[QB]], %[[DQ]] : memref<300x256xf8E4M3FN>, memref<300x256xf8E4M3FN>
// CHECK:         gpu.memcpy async [%{{.*}}] %[[SB]], %[[DS]] : memref<2x300xf32>, memref<2x300xf32>
// CHECK:         gpu.dealloc async [%{{.*}}] %[[DS]] {bufferization.manual_deallocation} : memref<2x300xf32>
// CHECK:         %[[S:.*]] = bufferization.to_tensor %[[SB]] restrict writable : memref<2x300xf32> to tensor<2x300xf32>
// CHECK:         return %{{.*}}, %[[S]]
// CHECK:       gpu.module @fp8q_quantize_1x128_bf16_fp32_mn [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK:         gpu.func @fp8q_quantize_1x128_bf16_fp32_mn(
// CHECK-NOT:   gpu.module
func.func @rowwise_mn_major(%x: tensor<300x256xbf16>) -> (tensor<300x256xf8E4M3FN>, tensor<2x300xf32>) {
  %q0 = tensor.empty() : tensor<300x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x300xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<300x256xf8E4M3FN>, tensor<2x300xf32>
  return %q, %s : tensor<300x256xf8E4M3FN>, tensor<2x300xf32>
}

// -----

// mn_major 128x128 blocks ([300, 520]: a 3x5 grid stored as [5, 3]) and
// 128x1 transposed ([300, 384]: codes [384, 300], scales [3, 384] instead of
// [384, 3]): the `_mn` variants, transposed scale buffers.

// CHECK-LABEL: func.func @block_and_colwise_mn_major(
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<300x520xf8E4M3FN>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<5x3xf32>
// CHECK:         gpu.alloc async [%{{.*}}] () {bufferization.manual_deallocation} : memref<5x3xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x128_f32_pow2_mn::@fp8q_quantize_128x128_f32_pow2_mn
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<384x300xf8E4M3FN>
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<3x384xf32>
// CHECK:         gpu.alloc async [%{{.*}}] () {bufferization.manual_deallocation} : memref<3x384xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x1t_f16_fp32_mn::@fp8q_quantize_128x1t_f16_fp32_mn
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.module @fp8q_quantize_128x128_f32_pow2_mn [
// CHECK:       gpu.module @fp8q_quantize_128x1t_f16_fp32_mn [
// CHECK-NOT:   gpu.module
func.func @block_and_colwise_mn_major(%w: tensor<300x520xf32>, %x: tensor<300x384xf16>)
    -> (tensor<300x520xf8E4M3FN>, tensor<5x3xf32>, tensor<384x300xf8E4M3FN>, tensor<3x384xf32>) {
  %q0 = tensor.empty() : tensor<300x520xf8E4M3FN>
  %s0 = tensor.empty() : tensor<5x3xf32>
  %q, %s = fp8q.quantize %w outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x520xf32> -> tensor<300x520xf8E4M3FN>, tensor<5x3xf32>
  %qt0 = tensor.empty() : tensor<384x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x384xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x384xf16> -> tensor<384x300xf8E4M3FN>, tensor<3x384xf32>
  return %q, %s, %qt, %st : tensor<300x520xf8E4M3FN>, tensor<5x3xf32>, tensor<384x300xf8E4M3FN>, tensor<3x384xf32>
}
