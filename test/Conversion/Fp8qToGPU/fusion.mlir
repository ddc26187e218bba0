// RUN: fp8-opt %s -canonicalize --convert-fp8q-to-gpu -cse -split-input-file | FileCheck %s

// A 1x128 quantize and a 128x1 transposed quantize of the same source (same
// scale mode and eps) become one launch of the fused kernel, placed at the
// first of the two.

// CHECK-LABEL: func.func @fused(
// CHECK-SAME:      %[[X:.*]]: tensor<4096x7168xbf16>
// CHECK:         %[[XB:.*]] = bufferization.to_buffer %[[X]] read_only
// CHECK:         %[[Q:.*]] = memref.alloc() {{.*}} : memref<4096x7168xf8E4M3FN>
// CHECK:         %[[S:.*]] = memref.alloc() {{.*}} : memref<4096x56xf32>
// CHECK:         %[[QT:.*]] = memref.alloc() {{.*}} : memref<7168x4096xf8E4M3FN>
// CHECK:         %[[ST:.*]] = memref.alloc() {{.*}} : memref<7168x32xf32>
// One stream: the source in, four device results, one launch, four copies
// back, five frees.
// CHECK-DAG:     %[[TILES:.*]] = arith.constant 1792 : index
// CHECK:         gpu.wait async
// CHECK:         %[[DX:.*]], %{{.*}} = gpu.alloc async
// CHECK:         gpu.memcpy async [%{{.*}}] %[[DX]], %[[XB]]
// CHECK:         %[[DQ:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<4096x7168xf8E4M3FN>
// CHECK:         %[[DS:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<4096x56xf32>
// CHECK:         %[[DQT:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<7168x4096xf8E4M3FN>
// CHECK:         %[[DST:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<7168x32xf32>
// CHECK-DAG:     %[[SMEM:.*]] = arith.constant 32768 : i32
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_128x1t_bf16_pow2::@fp8q_quantize_1x128_128x1t_bf16_pow2
// CHECK-SAME:        blocks in (%[[TILES]], %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}})
// CHECK-SAME:        dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:        args(%{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : i64, %{{.*}} : i64)
// CHECK:         gpu.memcpy async [%{{.*}}] %[[Q]], %[[DQ]]
// CHECK:         gpu.memcpy async [%{{.*}}] %[[S]], %[[DS]]
// CHECK:         gpu.memcpy async [%{{.*}}] %[[QT]], %[[DQT]]
// CHECK:         gpu.memcpy async [%{{.*}}] %[[ST]], %[[DST]]
// CHECK-COUNT-5: gpu.dealloc async
// CHECK:         gpu.wait [%{{.*}}]
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[TQ:.*]] = bufferization.to_tensor %[[Q]]
// CHECK:         %[[TS:.*]] = bufferization.to_tensor %[[S]]
// CHECK:         %[[TQT:.*]] = bufferization.to_tensor %[[QT]]
// CHECK:         %[[TST:.*]] = bufferization.to_tensor %[[ST]]
// CHECK:         return %[[TQT]], %[[TST]], %[[TQ]], %[[TS]]
// CHECK:       gpu.module @fp8q_quantize_1x128_128x1t_bf16_pow2
// CHECK-NOT:   gpu.module
func.func @fused(%x: tensor<4096x7168xbf16>)
    -> (tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>,
        tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>) {
  %qt0 = tensor.empty() : tensor<7168x4096xf8E4M3FN>
  %st0 = tensor.empty() : tensor<7168x32xf32>
  %q0 = tensor.empty() : tensor<4096x7168xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4096x56xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<4096x7168xbf16> -> tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<4096x7168xbf16> -> tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>
  return %qt, %st, %q, %s : tensor<7168x4096xf8E4M3FN>, tensor<7168x32xf32>,
                            tensor<4096x7168xf8E4M3FN>, tensor<4096x56xf32>
}

// -----

// Pairs are mutual: of two 1x128 quantizes of one source, only the first
// fuses with the 128x1 one; the second gets its own launch.

// CHECK-LABEL: func.func @third_wheel(
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_128x1t_f32_fp32::
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_f32_fp32::
// CHECK-NOT:     gpu.launch_func
func.func @third_wheel(%x: tensor<256x256xf32>)
    -> (tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x2xf32>
  %a, %sa = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %b, %sb = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %t, %st = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  return %a, %b, %t : tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>
}

// -----

// No fusion across scale modes or eps values.

// CHECK-LABEL: func.func @no_fusion(
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_f16_fp32::
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x1t_f16_pow2::
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x1t_f16_fp32_eps3a83126f::
// CHECK-NOT:     fp8q_quantize_1x128_128x1t
func.func @no_fusion(%x: tensor<256x256xf16>)
    -> (tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x2xf32>
  %a, %sa = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %t, %st = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  %u, %su = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, eps = 1.0e-3 : f32}
      : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<256x2xf32>
  return %a, %t, %u : tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>, tensor<256x256xf8E4M3FN>
}

// -----

// The canonicalizer folds quantize(linalg.transpose(x), 1x128) into the
// transposed 128x1 quantize of x, which then fuses with the 1x128 one.

// CHECK-LABEL: func.func @after_canonicalize(
// CHECK-NOT:     linalg.transpose
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_128x1t_bf16_fp32::
// CHECK-NOT:     gpu.launch_func
func.func @after_canonicalize(%x: tensor<256x384xbf16>)
    -> (tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x384xf8E4M3FN>
  %s0 = tensor.empty() : tensor<256x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<256x384xbf16> -> tensor<256x384xf8E4M3FN>, tensor<256x3xf32>
  %xt0 = tensor.empty() : tensor<384x256xbf16>
  %xt = linalg.transpose ins(%x : tensor<256x384xbf16>) outs(%xt0 : tensor<384x256xbf16>)
      permutation = [1, 0]
  %qt0 = tensor.empty() : tensor<384x256xf8E4M3FN>
  %st0 = tensor.empty() : tensor<384x2xf32>
  %qt, %st = fp8q.quantize %xt outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<384x256xbf16> -> tensor<384x256xf8E4M3FN>, tensor<384x2xf32>
  return %q, %qt : tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>
}

// -----

// A 1x128 and a 128x1 transposed quantize of one source, both with
// scale_layout = mn_major, fuse into the `_mn` kernel; both scale results
// are allocated (host and device) with the transposed extents: [2, 300]
// (k_major [300, 2]) and [3, 256] (k_major [256, 3]).

// CHECK-LABEL: func.func @fused_mn_major(
// CHECK-SAME:      %[[X:.*]]: tensor<300x256xbf16>
// CHECK:         %[[Q:.*]] = memref.alloc() {{.*}} : memref<300x256xf8E4M3FN>
// CHECK:         %[[S:.*]] = memref.alloc() {{.*}} : memref<2x300xf32>
// CHECK:         %[[QT:.*]] = memref.alloc() {{.*}} : memref<256x300xf8E4M3FN>
// CHECK:         %[[ST:.*]] = memref.alloc() {{.*}} : memref<3x256xf32>
// CHECK:         %[[DQ:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<300x256xf8E4M3FN>
// CHECK:         %[[DS:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<2x300xf32>
// CHECK:         %[[DQT:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<256x300xf8E4M3FN>
// CHECK:         %[[DST:.*]], %{{.*}} = gpu.alloc async {{.*}} : memref<3x256xf32>
// CHECK-DAG:     %[[M:.*]] = arith.constant 300 : i64
// CHECK-DAG:     %[[K:.*]] = arith.constant 256 : i64
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_128x1t_bf16_fp32_mn::@fp8q_quantize_1x128_128x1t_bf16_fp32_mn
// CHECK-SAME:        args(%{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %{{.*}} : !llvm.ptr, %[[M]] : i64, %[[K]] : i64)
// CHECK:         gpu.memcpy async [%{{.*}}] %[[Q]], %[[DQ]]
// CHECK:         gpu.memcpy async [%{{.*}}] %[[S]], %[[DS]] : memref<2x300xf32>, memref<2x300xf32>
// CHECK:         gpu.memcpy async [%{{.*}}] %[[QT]], %[[DQT]]
// CHECK:         gpu.memcpy async [%{{.*}}] %[[ST]], %[[DST]] : memref<3x256xf32>, memref<3x256xf32>
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[TS:.*]] = bufferization.to_tensor %[[S]] {{.*}} to tensor<2x300xf32>
// CHECK:         %[[TST:.*]] = bufferization.to_tensor %[[ST]] {{.*}} to tensor<3x256xf32>
// CHECK:         return %{{.*}}, %[[TS]], %{{.*}}, %[[TST]]
// CHECK:       gpu.module @fp8q_quantize_1x128_128x1t_bf16_fp32_mn
// CHECK-NOT:   gpu.module
func.func @fused_mn_major(%x: tensor<300x256xbf16>)
    -> (tensor<300x256xf8E4M3FN>, tensor<2x300xf32>,
        tensor<256x300xf8E4M3FN>, tensor<3x256xf32>) {
  %q0 = tensor.empty() : tensor<300x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x300xf32>
  %qt0 = tensor.empty() : tensor<256x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x256xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<300x256xf8E4M3FN>, tensor<2x300xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<256x300xf8E4M3FN>, tensor<3x256xf32>
  return %q, %s, %qt, %st : tensor<300x256xf8E4M3FN>, tensor<2x300xf32>,
                            tensor<256x300xf8E4M3FN>, tensor<3x256xf32>
}

// -----

// No fusion across scale layouts: a 1x128 mn_major and a 128x1 transposed
// k_major quantize of one source get separate launches (the `_mn` single
// kernel and the k_major one), each with its own scale shape.

// CHECK-LABEL: func.func @no_fusion_across_layouts(
// CHECK-NOT:     fp8q_quantize_1x128_128x1t
// CHECK:         memref.alloc() {{.*}} : memref<2x300xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_bf16_fp32_mn::@fp8q_quantize_1x128_bf16_fp32_mn
// CHECK:         memref.alloc() {{.*}} : memref<256x3xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x1t_bf16_fp32::@fp8q_quantize_128x1t_bf16_fp32 blocks
// CHECK-NOT:     gpu.launch_func
// CHECK-NOT:     fp8q_quantize_1x128_128x1t
// CHECK:       gpu.module @fp8q_quantize_1x128_bf16_fp32_mn
// CHECK:       gpu.module @fp8q_quantize_128x1t_bf16_fp32 [
// CHECK-NOT:   gpu.module
func.func @no_fusion_across_layouts(%x: tensor<300x256xbf16>)
    -> (tensor<300x256xf8E4M3FN>, tensor<2x300xf32>,
        tensor<256x300xf8E4M3FN>, tensor<256x3xf32>) {
  %q0 = tensor.empty() : tensor<300x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x300xf32>
  %qt0 = tensor.empty() : tensor<256x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<256x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<300x256xf8E4M3FN>, tensor<2x300xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<300x256xbf16> -> tensor<256x300xf8E4M3FN>, tensor<256x3xf32>
  return %q, %s, %qt, %st : tensor<300x256xf8E4M3FN>, tensor<2x300xf32>,
                            tensor<256x300xf8E4M3FN>, tensor<256x3xf32>
}

// -----

// The other way round: 1x128 k_major and 128x1 transposed mn_major.

// CHECK-LABEL: func.func @no_fusion_across_layouts_reversed(
// CHECK-NOT:     fp8q_quantize_1x128_128x1t
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_bf16_fp32::@fp8q_quantize_1x128_bf16_fp32 blocks
// CHECK:         memref.alloc() {{.*}} : memref<3x256xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_128x1t_bf16_fp32_mn::@fp8q_quantize_128x1t_bf16_fp32_mn
// CHECK-NOT:     gpu.launch_func
// CHECK-NOT:     fp8q_quantize_1x128_128x1t
func.func @no_fusion_across_layouts_reversed(%x: tensor<300x256xbf16>)
    -> (tensor<300x256xf8E4M3FN>, tensor<300x2xf32>,
        tensor<256x300xf8E4M3FN>, tensor<3x256xf32>) {
  %q0 = tensor.empty() : tensor<300x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<300x2xf32>
  %qt0 = tensor.empty() : tensor<256x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x256xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<300x256xbf16> -> tensor<300x256xf8E4M3FN>, tensor<300x2xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x256xbf16> -> tensor<256x300xf8E4M3FN>, tensor<3x256xf32>
  return %q, %s, %qt, %st : tensor<300x256xf8E4M3FN>, tensor<300x2xf32>,
                            tensor<256x300xf8E4M3FN>, tensor<3x256xf32>
}

// -----

// Four quantizes of one source pair up by scale layout: the mn_major 1x128
// with the mn_major 128x1 (although the k_major 128x1 comes first), the
// k_major 1x128 with the k_major 128x1.

// CHECK-LABEL: func.func @pairs_by_layout(
// CHECK:         memref.alloc() {{.*}} : memref<3x256xf32>
// CHECK:         memref.alloc() {{.*}} : memref<2x384xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_128x1t_bf16_fp32_mn::
// CHECK:         memref.alloc() {{.*}} : memref<256x3xf32>
// CHECK:         memref.alloc() {{.*}} : memref<384x2xf32>
// CHECK:         gpu.launch_func async [%{{.*}}] @fp8q_quantize_1x128_128x1t_bf16_fp32::
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.module @fp8q_quantize_1x128_128x1t_bf16_fp32 [
// CHECK:       gpu.module @fp8q_quantize_1x128_128x1t_bf16_fp32_mn [
// CHECK-NOT:   gpu.module
func.func @pairs_by_layout(%x: tensor<256x384xbf16>)
    -> (tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>,
        tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>) {
  %q0 = tensor.empty() : tensor<256x384xf8E4M3FN>
  %qt0 = tensor.empty() : tensor<384x256xf8E4M3FN>
  %sk0 = tensor.empty() : tensor<256x3xf32>
  %smn0 = tensor.empty() : tensor<3x256xf32>
  %stk0 = tensor.empty() : tensor<384x2xf32>
  %stmn0 = tensor.empty() : tensor<2x384xf32>
  %a, %sa = fp8q.quantize %x outs(%q0, %smn0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<256x384xbf16> -> tensor<256x384xf8E4M3FN>, tensor<3x256xf32>
  %b, %sb = fp8q.quantize %x outs(%qt0, %stk0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x384xbf16> -> tensor<384x256xf8E4M3FN>, tensor<384x2xf32>
  %c, %sc = fp8q.quantize %x outs(%q0, %sk0) {tile = #fp8q.tile<1x128>}
      : tensor<256x384xbf16> -> tensor<256x384xf8E4M3FN>, tensor<256x3xf32>
  %d, %sd = fp8q.quantize %x outs(%qt0, %stmn0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<256x384xbf16> -> tensor<384x256xf8E4M3FN>, tensor<2x384xf32>
  return %a, %b, %c, %d : tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>,
                          tensor<256x384xf8E4M3FN>, tensor<384x256xf8E4M3FN>
}
