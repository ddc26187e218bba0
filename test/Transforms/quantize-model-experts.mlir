// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file -verify-diagnostics -o /dev/null

// Stacked MoE expert weights [E, K, N] passed as function arguments
// (einsum/bmm-style dense experts: every expert sees every token, a top-k
// combine after them): grouped expert GEMMs, rewritten to
// fp8q.grouped_scaled_matmul in the masked layout with every count T. Not
// "attention". Forms the rewrite does not take stay unquantized with the
// grouped-GEMM reason, why, and the warning.

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// Tokens dispatched to 4 experts, up projection, SiLU (an exp, but no
// softmax: no reduction), down projection. Each [E, K, N] weight is
// collapsed to [E*K, N] and quantized in 128x128 blocks with transpose
// (K = 256 or 512, so no block straddles two experts), the [N, E*K] codes
// viewed as [N, E, K] and transposed to [E, N, K] (scales likewise); the
// [E, T, K] activation is collapsed to [E*T, K] and quantized in 1x128
// tiles.
// CHECK-LABEL: func.func @stacked_experts
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<16x256xf32>, %[[WUP:[a-z0-9]+]]: tensor<4x256x512xf32>, %[[WDOWN:[a-z0-9]+]]: tensor<4x512x256xf32>
// CHECK:         %[[WDF:.*]] = tensor.collapse_shape %[[WDOWN]] {{\[\[}}0, 1], [2]] : tensor<4x512x256xf32> into tensor<2048x256xf32>
// CHECK:         fp8q.quantize %[[WDF]] {{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<2048x256xf32> -> tensor<256x2048xf8E4M3FN>, tensor<2x16xf32>
// CHECK:         %[[WUF:.*]] = tensor.collapse_shape %[[WUP]] {{\[\[}}0, 1], [2]] : tensor<4x256x512xf32> into tensor<1024x512xf32>
// CHECK:         %[[QW:.*]], %[[SW:.*]] = fp8q.quantize %[[WUF]] {{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<1024x512xf32> -> tensor<512x1024xf8E4M3FN>, tensor<4x8xf32>
// CHECK:         %[[TOK:.*]] = linalg.generic
// CHECK:         %[[TOKF:.*]] = tensor.collapse_shape %[[TOK]] {{\[\[}}0, 1], [2]] : tensor<4x16x256xf32> into tensor<64x256xf32>
// CHECK:         %[[QA:.*]], %[[SA:.*]] = fp8q.quantize %[[TOKF]] {{.*}} {tile = #fp8q.tile<1x128>} : tensor<64x256xf32> -> tensor<64x256xf8E4M3FN>, tensor<64x2xf32>
// CHECK:         %[[QWE:.*]] = tensor.expand_shape %[[QW]] {{\[\[}}0], [1, 2]] output_shape [512, 4, 256]
// CHECK:         %[[QB:.*]] = linalg.transpose ins(%[[QWE]] : tensor<512x4x256xf8E4M3FN>) outs(%{{.*}} : tensor<4x512x256xf8E4M3FN>) permutation = [1, 0, 2]
// CHECK:         %[[SWE:.*]] = tensor.expand_shape %[[SW]] {{\[\[}}0], [1, 2]] output_shape [4, 4, 2]
// CHECK:         %[[SB:.*]] = linalg.transpose ins(%[[SWE]] : tensor<4x4x2xf32>) outs(%{{.*}} : tensor<4x4x2xf32>) permutation = [1, 0, 2]
// CHECK:         %[[QAE:.*]] = tensor.expand_shape %[[QA]] {{\[\[}}0, 1], [2]] output_shape [4, 16, 256]
// CHECK:         %[[SAE:.*]] = tensor.expand_shape %[[SA]] {{\[\[}}0, 1], [2]] output_shape [4, 16, 2]
// CHECK:         %[[COUNTS:.*]] = arith.constant dense<16> : tensor<4xi32>
// CHECK:         %[[UP:.*]] = fp8q.grouped_scaled_matmul %[[QAE]], %[[SAE]], %[[QB]], %[[SB]], %[[COUNTS]] outs(%{{.*}}) {layout = #fp8q.group_layout<masked>} : tensor<4x16x256xf8E4M3FN>, tensor<4x16x2xf32>, tensor<4x512x256xf8E4M3FN>, tensor<4x4x2xf32>, tensor<4xi32> -> tensor<4x16x512xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[UP]] :
// CHECK:         fp8q.grouped_scaled_matmul {{.*}} : tensor<4x16x512xf8E4M3FN>, tensor<4x16x4xf32>, tensor<4x256x512xf8E4M3FN>, tensor<4x2x4xf32>, tensor<4xi32> -> tensor<4x16x256xf32>
// CHECK-NOT:     linalg.batch_matmul
// CHECK-NOT:     fp8q.retain
// REPORT: @stacked_experts | {{.*}} | linalg.batch_matmul | B=4 M=16 N=512 K=256 | quantized | grouped expert GEMM: 4 experts, weights [E, K, N] (argument #1) in 128x128 blocks per expert with transpose; activations 1x128, masked layout, all 16 tokens per expert
// REPORT: @stacked_experts | {{.*}} | linalg.batch_matmul | B=4 M=16 N=256 K=512 | quantized | grouped expert GEMM: 4 experts, weights [E, K, N] (argument #2)
// REPORT: quantized 2 of 2 contractions, 100.0% of contraction FLOPs in FP8
func.func @stacked_experts(%x: tensor<16x256xf32>, %w_up: tensor<4x256x512xf32>, %w_down: tensor<4x512x256xf32>) -> tensor<4x16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ed = tensor.empty() : tensor<4x16x256xf32>
  %tokens = linalg.generic {indexing_maps = [affine_map<(e, t, k) -> (t, k)>, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<16x256xf32>) outs(%ed : tensor<4x16x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %one : f32
    linalg.yield %s : f32
  } -> tensor<4x16x256xf32>
  %eu = tensor.empty() : tensor<4x16x512xf32>
  %au = linalg.fill ins(%zero : f32) outs(%eu : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  %up = linalg.batch_matmul ins(%tokens, %w_up : tensor<4x16x256xf32>, tensor<4x256x512xf32>) outs(%au : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  %act = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%up : tensor<4x16x512xf32>) outs(%eu : tensor<4x16x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %in, %d : f32
    linalg.yield %s : f32
  } -> tensor<4x16x512xf32>
  %ad = linalg.fill ins(%zero : f32) outs(%ed : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
  %down = linalg.batch_matmul ins(%act, %w_down : tensor<4x16x512xf32>, tensor<4x512x256xf32>) outs(%ad : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
  return %down : tensor<4x16x256xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// A KV cache passed in: computed queries times the cache argument, a
// softmax (exp and reductions) after it, the probabilities times the V
// cache: attention, retained, no warning.
// CHECK-LABEL: func.func @kv_cache_attention
// CHECK: linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>}
// CHECK: linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>}
// REPORT: @kv_cache_attention | {{.*}} | retained(attention)
// REPORT: @kv_cache_attention | {{.*}} | retained(attention)
func.func @kv_cache_attention(%x: tensor<4x8x64xf32>, %kt: tensor<4x64x32xf32>, %v: tensor<4x32x64xf32>) -> tensor<4x8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8x64xf32>
  %q = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<4x8x64xf32>) outs(%e : tensor<4x8x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<4x8x64xf32>
  %es = tensor.empty() : tensor<4x8x32xf32>
  %as = linalg.fill ins(%zero : f32) outs(%es : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<4x8x64xf32>, tensor<4x64x32xf32>) outs(%as : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %ex = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<4x8x32xf32>) outs(%es : tensor<4x8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.exp %in : f32
    linalg.yield %t : f32
  } -> tensor<4x8x32xf32>
  %er = tensor.empty() : tensor<4x8xf32>
  %zr = linalg.fill ins(%zero : f32) outs(%er : tensor<4x8xf32>) -> tensor<4x8xf32>
  %sum = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<4x8x32xf32>) outs(%zr : tensor<4x8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %t = arith.addf %in, %acc : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, d1)>, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<4x8x32xf32>, tensor<4x8xf32>) outs(%es : tensor<4x8x32xf32>) {
  ^bb0(%in: f32, %d: f32, %out: f32):
    %t = arith.divf %in, %d : f32
    linalg.yield %t : f32
  } -> tensor<4x8x32xf32>
  %ao = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<4x8x32xf32>, tensor<4x32x64xf32>) outs(%ao : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
  return %o : tensor<4x8x64xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// Experts stored [E, N, K] (nn.Linear layout, einsum "etk,enk->etn"): the
// blocks are formed on [E*N, K] without transpose, the codes only reshaped.
// CHECK-LABEL: func.func @experts_nk
// CHECK:         fp8q.quantize %{{.*}} {tile = #fp8q.tile<128x128>} : tensor<512x256xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [2, 256, 256] : tensor<512x256xf8E4M3FN> into tensor<2x256x256xf8E4M3FN>
// CHECK:         fp8q.grouped_scaled_matmul {{.*}} {accumulate, layout = #fp8q.group_layout<masked>} : tensor<2x8x256xf8E4M3FN>, tensor<2x8x2xf32>, tensor<2x256x256xf8E4M3FN>, tensor<2x2x2xf32>, tensor<2xi32> -> tensor<2x8x256xf32>
// REPORT: @experts_nk | {{.*}} | quantized | grouped expert GEMM: 2 experts, weights [E, N, K] (argument #2) in 128x128 blocks per expert; activations 1x128, masked layout, all 8 tokens per expert
func.func @experts_nk(%x: tensor<2x8x256xf32>, %b: tensor<2x8x256xf32>, %w: tensor<2x256x256xf32>) -> tensor<2x8x256xf32> {
  %t = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x8x256xf32>) outs(%x : tensor<2x8x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.tanh %in : f32
    linalg.yield %s : f32
  } -> tensor<2x8x256xf32>
  // The bias as the accumulator: kept with accumulate.
  %y = linalg.generic {indexing_maps = [affine_map<(e, t, n, k) -> (e, t, k)>, affine_map<(e, t, n, k) -> (e, n, k)>, affine_map<(e, t, n, k) -> (e, t, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%t, %w : tensor<2x8x256xf32>, tensor<2x256x256xf32>) outs(%b : tensor<2x8x256xf32>) {
  ^bb0(%in: f32, %in_w: f32, %out: f32):
    %m = arith.mulf %in, %in_w : f32
    %a = arith.addf %out, %m : f32
    linalg.yield %a : f32
  } -> tensor<2x8x256xf32>
  return %y : tensor<2x8x256xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// [E, N, K] experts with N = 200: blocks of [E*N, K] would straddle two
// experts; K = 200 is not a multiple of 128 either. Both stay unquantized
// with the grouped-GEMM reason and why.
// CHECK-LABEL: func.func @experts_unsupported
// CHECK: linalg.generic {{{.*}}fp8q.unquantized = "grouped GEMM (experts): one weight matrix per batch ([E, K, N] stacked experts) in a form the grouped rewrite does not take: [E, N, K] weight with N (200) not a multiple of the group size 128: its blocks would straddle two experts"
// CHECK: linalg.batch_matmul {fp8q.unquantized = "grouped GEMM (experts): one weight matrix per batch ([E, K, N] stacked experts) in a form the grouped rewrite does not take: K (200) not a multiple of the group size 128"}
// REPORT: @experts_unsupported | {{.*}} | unquantized | grouped GEMM (experts)
// REPORT: @experts_unsupported | {{.*}} | unquantized | grouped GEMM (experts)
func.func @experts_unsupported(%x: tensor<2x8x256xf32>, %w: tensor<2x200x256xf32>, %w2: tensor<2x200x64xf32>) -> tensor<2x8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %t = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x8x256xf32>) outs(%x : tensor<2x8x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.tanh %in : f32
    linalg.yield %s : f32
  } -> tensor<2x8x256xf32>
  %e = tensor.empty() : tensor<2x8x200xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x200xf32>) -> tensor<2x8x200xf32>
  // expected-warning @+1 {{fp8q-quantize-model: 2 of 2 contraction(s) left unquantized; first: grouped GEMM (experts): one weight matrix per batch ([E, K, N] stacked experts) in a form the grouped rewrite does not take: [E, N, K] weight with N (200) not a multiple of the group size 128: its blocks would straddle two experts (report=- lists all)}}
  %y = linalg.generic {indexing_maps = [affine_map<(e, t, n, k) -> (e, t, k)>, affine_map<(e, t, n, k) -> (e, n, k)>, affine_map<(e, t, n, k) -> (e, t, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%t, %w : tensor<2x8x256xf32>, tensor<2x200x256xf32>) outs(%z : tensor<2x8x200xf32>) {
  ^bb0(%in: f32, %in_w: f32, %out: f32):
    %m = arith.mulf %in, %in_w : f32
    %a = arith.addf %out, %m : f32
    linalg.yield %a : f32
  } -> tensor<2x8x200xf32>
  %e2 = tensor.empty() : tensor<2x8x64xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x8x64xf32>) -> tensor<2x8x64xf32>
  %o = linalg.batch_matmul ins(%y, %w2 : tensor<2x8x200xf32>, tensor<2x200x64xf32>) outs(%z2 : tensor<2x8x64xf32>) -> tensor<2x8x64xf32>
  return %o : tensor<2x8x64xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// The Dgrad of stacked experts in a training step (dX = dY W^T per expert,
// the weight read through a transpose [E, N, K]): a grouped expert GEMM too,
// its blocks those of W^T per expert. (The experts' Wgrad, a K-grouped GEMM
// dW[e] = X[e]^T dY[e], has no fp8q form yet.)
// CHECK-LABEL: func.func @expert_dgrad
// CHECK:         fp8q.grouped_scaled_matmul {{.*}} : tensor<2x8x256xf8E4M3FN>, tensor<2x8x2xf32>, tensor<2x384x256xf8E4M3FN>, tensor<2x3x2xf32>, tensor<2xi32> -> tensor<2x8x384xf32>
// CHECK:         fp8q.quantize %{{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<768x256xf32> -> tensor<256x768xf8E4M3FN>, tensor<2x6xf32>
// CHECK:         fp8q.grouped_scaled_matmul {{.*}} : tensor<2x8x384xf8E4M3FN>, tensor<2x8x3xf32>, tensor<2x256x384xf8E4M3FN>, tensor<2x2x3xf32>, tensor<2xi32> -> tensor<2x8x256xf32>
// REPORT: @expert_dgrad | {{.*}} | B=2 M=8 N=384 K=256 | quantized | grouped expert GEMM: 2 experts, weights [E, K, N] (argument #1) in
// REPORT: @expert_dgrad | {{.*}} | B=2 M=8 N=256 K=384 | quantized | grouped expert GEMM: 2 experts, weights [E, K, N] (argument #1 via transpose) in
func.func @expert_dgrad(%x: tensor<2x8x256xf32>, %w: tensor<2x256x384xf32>, %dy: tensor<2x8x384xf32>) -> (tensor<2x8x384xf32>, tensor<2x8x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x8x256xf32>) outs(%x : tensor<2x8x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.tanh %in : f32
    linalg.yield %s : f32
  } -> tensor<2x8x256xf32>
  %e = tensor.empty() : tensor<2x8x384xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x384xf32>) -> tensor<2x8x384xf32>
  %y = linalg.batch_matmul ins(%t, %w : tensor<2x8x256xf32>, tensor<2x256x384xf32>) outs(%z : tensor<2x8x384xf32>) -> tensor<2x8x384xf32>
  %g = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%dy : tensor<2x8x384xf32>) outs(%dy : tensor<2x8x384xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.tanh %in : f32
    linalg.yield %s : f32
  } -> tensor<2x8x384xf32>
  %et = tensor.empty() : tensor<2x384x256xf32>
  %wt = linalg.transpose ins(%w : tensor<2x256x384xf32>) outs(%et : tensor<2x384x256xf32>) permutation = [0, 2, 1]
  %ed = tensor.empty() : tensor<2x8x256xf32>
  %zd = linalg.fill ins(%zero : f32) outs(%ed : tensor<2x8x256xf32>) -> tensor<2x8x256xf32>
  %dx = linalg.batch_matmul ins(%g, %wt : tensor<2x8x384xf32>, tensor<2x384x256xf32>) outs(%zd : tensor<2x8x256xf32>) -> tensor<2x8x256xf32>
  return %y, %dx : tensor<2x8x384xf32>, tensor<2x8x256xf32>
}
