// RUN: fp8-opt %s --allow-unregistered-dialect --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --allow-unregistered-dialect --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// DeepSeek-style MoE blocks: the router (gating) stays in high precision, the
// routed and shared experts are quantized.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d0, 0)>

// A softmax router with a top-1 (max + argmax) selection, two routed experts
// and a shared expert, all SwiGLU. The weights are constants.
// CHECK-LABEL: func.func @moe_softmax_router
// CHECK-SAME: (%[[X:.*]]: tensor<16x256xf32>)
// One activation quantization, right after the definition of x, serves the
// six gate/up projections.
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] outs({{.*}}) {tile = #fp8q.tile<1x128>} : tensor<16x256xf32>
// CHECK-NOT: fp8q.quantize %[[X]]
// CHECK: %[[LOGITS:.*]] = linalg.matmul {fp8q.retain = #fp8q.retain<gating>} ins(%[[X]], %{{.*}} : tensor<16x256xf32>, tensor<256x8xf32>)
// The router's softmax and selection are not touched.
// CHECK: math.exp
// CHECK: arith.cmpf ogt
// CHECK-COUNT-2: fp8q.scaled_matmul %[[XQ]], %[[XS]], {{.*}} -> tensor<16x512xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x256xf32>
// CHECK-COUNT-2: fp8q.scaled_matmul %[[XQ]], %[[XS]], {{.*}} -> tensor<16x512xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x256xf32>
// CHECK-COUNT-2: fp8q.scaled_matmul %[[XQ]], %[[XS]], {{.*}} -> tensor<16x512xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x256xf32>
// CHECK-NOT: linalg.matmul
// CHECK: return

// REPORT-LABEL: # fp8q-quantize-model: group size 128, output f32
// REPORT: @moe_softmax_router | {{.*}} | linalg.matmul | M=16 N=8 K=256 | retained(gating) | router: N = 8 <= 256 outputs feeding a softmax/sigmoid and a reduction/top-k
// REPORT-COUNT-9: @moe_softmax_router | {{.*}} | linalg.matmul | {{.*}} | quantized | weight arith.constant, quantized [K, N] with transpose
// REPORT: quantized 9 of 10 contractions, 99.{{[0-9]}}% of contraction FLOPs in FP8
func.func @moe_softmax_router(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %w_router = arith.constant dense<0.01> : tensor<256x8xf32>
  %wg0 = arith.constant dense<0.02> : tensor<256x512xf32>
  %wu0 = arith.constant dense<0.03> : tensor<256x512xf32>
  %wd0 = arith.constant dense<0.04> : tensor<512x256xf32>
  %wg1 = arith.constant dense<0.05> : tensor<256x512xf32>
  %wu1 = arith.constant dense<0.06> : tensor<256x512xf32>
  %wd1 = arith.constant dense<0.07> : tensor<512x256xf32>
  %wgs = arith.constant dense<0.08> : tensor<256x512xf32>
  %wus = arith.constant dense<0.09> : tensor<256x512xf32>
  %wds = arith.constant dense<0.10> : tensor<512x256xf32>

  // Router: logits, softmax over the 8 experts, top-1.
  %e_l = tensor.empty() : tensor<16x8xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%e_l : tensor<16x8xf32>) -> tensor<16x8xf32>
  %logits = linalg.matmul ins(%x, %w_router : tensor<16x256xf32>, tensor<256x8xf32>) outs(%l0 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %e_r = tensor.empty() : tensor<16x1xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e_r : tensor<16x1xf32>) -> tensor<16x1xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]} ins(%logits : tensor<16x8xf32>) outs(%m0 : tensor<16x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<16x1xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%logits, %max : tensor<16x8xf32>, tensor<16x1xf32>) outs(%e_l : tensor<16x8xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<16x8xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e_r : tensor<16x1xf32>) -> tensor<16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<16x8xf32>) outs(%s0 : tensor<16x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16x1xf32>
  %probs = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<16x8xf32>, tensor<16x1xf32>) outs(%e_l : tensor<16x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %d = arith.divf %in, %s : f32
    linalg.yield %d : f32
  } -> tensor<16x8xf32>
  %e_i = tensor.empty() : tensor<16x1xi64>
  %i0 = linalg.fill ins(%c0 : i64) outs(%e_i : tensor<16x1xi64>) -> tensor<16x1xi64>
  %top:2 = linalg.generic {indexing_maps = [#id2, #row2, #row2], iterator_types = ["parallel", "reduction"]} ins(%probs : tensor<16x8xf32>) outs(%m0, %i0 : tensor<16x1xf32>, tensor<16x1xi64>) {
  ^bb0(%in: f32, %acc: f32, %idx: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %acc : f32
    %m = arith.select %gt, %in, %acc : f32
    %i = arith.select %gt, %ji, %idx : i64
    linalg.yield %m, %i : f32, i64
  } -> (tensor<16x1xf32>, tensor<16x1xi64>)

  // Routed experts (computed densely and weighted by their probability).
  %e_f = tensor.empty() : tensor<16x512xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e_f : tensor<16x512xf32>) -> tensor<16x512xf32>
  %e_o = tensor.empty() : tensor<16x256xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%e_o : tensor<16x256xf32>) -> tensor<16x256xf32>
  %g0 = linalg.matmul ins(%x, %wg0 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %u0 = linalg.matmul ins(%x, %wu0 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %a0 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%g0, %u0 : tensor<16x512xf32>, tensor<16x512xf32>) outs(%e_f : tensor<16x512xf32>) {
  ^bb0(%g: f32, %u: f32, %out: f32):
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %silu = arith.divf %g, %d : f32
    %r = arith.mulf %silu, %u : f32
    linalg.yield %r : f32
  } -> tensor<16x512xf32>
  %d0 = linalg.matmul ins(%a0, %wd0 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%o0 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %g1 = linalg.matmul ins(%x, %wg1 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %u1 = linalg.matmul ins(%x, %wu1 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %a1 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%g1, %u1 : tensor<16x512xf32>, tensor<16x512xf32>) outs(%e_f : tensor<16x512xf32>) {
  ^bb0(%g: f32, %u: f32, %out: f32):
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %silu = arith.divf %g, %d : f32
    %r = arith.mulf %silu, %u : f32
    linalg.yield %r : f32
  } -> tensor<16x512xf32>
  %d1 = linalg.matmul ins(%a1, %wd1 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%o0 : tensor<16x256xf32>) -> tensor<16x256xf32>

  // Shared expert.
  %gs = linalg.matmul ins(%x, %wgs : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %us = linalg.matmul ins(%x, %wus : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %as = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%gs, %us : tensor<16x512xf32>, tensor<16x512xf32>) outs(%e_f : tensor<16x512xf32>) {
  ^bb0(%g: f32, %u: f32, %out: f32):
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %silu = arith.divf %g, %d : f32
    %r = arith.mulf %silu, %u : f32
    linalg.yield %r : f32
  } -> tensor<16x512xf32>
  %ds = linalg.matmul ins(%as, %wds : tensor<16x512xf32>, tensor<512x256xf32>) outs(%o0 : tensor<16x256xf32>) -> tensor<16x256xf32>

  // Combine: p0 * d0 + p1 * d1 + shared (the top-1 index masks the experts).
  %p0 = tensor.extract_slice %probs[0, 0] [16, 1] [1, 1] : tensor<16x8xf32> to tensor<16x1xf32>
  %p1 = tensor.extract_slice %probs[0, 1] [16, 1] [1, 1] : tensor<16x8xf32> to tensor<16x1xf32>
  %out = linalg.generic {indexing_maps = [#row2, #row2, #row2, #id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%p0, %p1, %top#1, %d0, %d1, %ds : tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x1xi64>, tensor<16x256xf32>, tensor<16x256xf32>, tensor<16x256xf32>) outs(%e_o : tensor<16x256xf32>) {
  ^bb0(%q0: f32, %q1: f32, %sel: i64, %y0: f32, %y1: f32, %ys: f32, %o: f32):
    %is0 = arith.cmpi eq, %sel, %c0 : i64
    %w0 = arith.select %is0, %q0, %zero : f32
    %w1 = arith.select %is0, %zero, %q1 : f32
    %t0 = arith.mulf %w0, %y0 : f32
    %t1 = arith.mulf %w1, %y1 : f32
    %t = arith.addf %t0, %t1 : f32
    %r = arith.addf %t, %ys : f32
    linalg.yield %r : f32
  } -> tensor<16x256xf32>
  return %out : tensor<16x256xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// DeepSeek-V3's router: sigmoid affinities and a top-k (here an op of a
// dialect fp8-opt does not load, as IREE or torch-mlir would emit it).
// CHECK-LABEL: func.func @moe_sigmoid_topk_router
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<gating>} ins(%{{.*}}, %{{.*}} : tensor<16x256xf32>, tensor<256x64xf32>)
// CHECK: "tm_tensor.topk"
// REPORT: @moe_sigmoid_topk_router | {{.*}} | linalg.matmul | M=16 N=64 K=256 | retained(gating) | router: N = 64 <= 256
func.func @moe_sigmoid_topk_router(%x: tensor<16x256xf32>, %w: tensor<256x64xf32>) -> (tensor<16x8xf32>, tensor<16x8xi64>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %s = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x64xf32>) outs(%acc : tensor<16x64xf32>) -> tensor<16x64xf32>
  %aff = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %vals, %idx = "tm_tensor.topk"(%aff) {k = 8 : i64} : (tensor<16x64xf32>) -> (tensor<16x8xf32>, tensor<16x8xi64>)
  return %vals, %idx : tensor<16x8xf32>, tensor<16x8xi64>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// A small projection feeding a sigmoid but no selection is not a router: it
// is quantized.
// CHECK-LABEL: func.func @sigmoid_gate_is_not_a_router
// CHECK: fp8q.scaled_matmul
// CHECK-NOT: fp8q.retain
// REPORT: @sigmoid_gate_is_not_a_router | {{.*}} | linalg.matmul | M=16 N=128 K=256 | quantized
func.func @sigmoid_gate_is_not_a_router(%x: tensor<16x256xf32>, %w: tensor<256x128xf32>) -> tensor<16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x128xf32>) -> tensor<16x128xf32>
  %s = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x128xf32>) outs(%acc : tensor<16x128xf32>) -> tensor<16x128xf32>
  %g = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<16x128xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<16x128xf32>
  return %g : tensor<16x128xf32>
}

// -----

// Experts stored stacked, [E, K, N], a constant, applied to dispatched tokens
// with one batch_matmul: a grouped expert GEMM (rule 6: the weight has a real
// batch dimension), rewritten to fp8q.grouped_scaled_matmul.
// CHECK-LABEL: func.func @moe_grouped_experts
// CHECK: fp8q.quantize %{{.*}} {tile = #fp8q.tile<128x128>, transpose} : tensor<1024x512xf32> -> tensor<512x1024xf8E4M3FN>, tensor<4x8xf32>
// CHECK: fp8q.grouped_scaled_matmul {{.*}} {layout = #fp8q.group_layout<masked>} : tensor<4x16x256xf8E4M3FN>, tensor<4x16x2xf32>, tensor<4x512x256xf8E4M3FN>, tensor<4x4x2xf32>, tensor<4xi32> -> tensor<4x16x512xf32>
// CHECK-NOT: linalg.batch_matmul
// REPORT: @moe_grouped_experts | {{.*}} | linalg.batch_matmul | B=4 M=16 N=512 K=256 | quantized | grouped expert GEMM: 4 experts, weights [E, K, N] (arith.constant) in 128x128 blocks per expert with transpose; activations 1x128, masked layout, all 16 tokens per expert
func.func @moe_grouped_experts(%tokens: tensor<4x16x256xf32>) -> tensor<4x16x512xf32> {
  %w = arith.constant dense<0.01> : tensor<4x256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16x256xf32>
  %act = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%tokens : tensor<4x16x256xf32>) outs(%e : tensor<4x16x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<4x16x256xf32>
  %eo = tensor.empty() : tensor<4x16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  %y = linalg.batch_matmul ins(%act, %w : tensor<4x16x256xf32>, tensor<4x256x512xf32>) outs(%acc : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  return %y : tensor<4x16x512xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d0, 0)>

// The router's softmax sum flows, through the expert weighting, into the next
// RMSNorm: only the RMSNorm's own reduction and rsqrt are normalization.
// CHECK-LABEL: func.func @router_softmax_is_not_a_norm
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<gating>}
// CHECK: math.exp
// The softmax sum carries no mark:
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<16x4xf32>) outs(%{{.*}} : tensor<16x1xf32>) {{{$}}
// CHECK: arith.divf
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<norm>}
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<norm>}
// CHECK: math.rsqrt
// REPORT: @router_softmax_is_not_a_norm | {{.*}} | retained(gating)
// REPORT: # retained non-contraction ops: norm 2
func.func @router_softmax_is_not_a_norm(%x: tensor<16x256xf32>, %wr: tensor<256x4xf32>) -> tensor<16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %e4 = tensor.empty() : tensor<16x4xf32>
  %a4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<16x4xf32>) -> tensor<16x4xf32>
  %logits = linalg.matmul ins(%x, %wr : tensor<16x256xf32>, tensor<256x4xf32>) outs(%a4 : tensor<16x4xf32>) -> tensor<16x4xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%logits : tensor<16x4xf32>) outs(%e4 : tensor<16x4xf32>) {
  ^bb0(%l: f32, %out: f32):
    %v = math.exp %l : f32
    linalg.yield %v : f32
  } -> tensor<16x4xf32>
  %e1 = tensor.empty() : tensor<16x1xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x1xf32>) -> tensor<16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<16x4xf32>) outs(%z1 : tensor<16x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16x1xf32>
  %probs = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<16x4xf32>, tensor<16x1xf32>) outs(%e4 : tensor<16x4xf32>) {
  ^bb0(%v: f32, %s: f32, %out: f32):
    %d = arith.divf %v, %s : f32
    linalg.yield %d : f32
  } -> tensor<16x4xf32>
  %p0 = tensor.extract_slice %probs[0, 0] [16, 1] [1, 1] : tensor<16x4xf32> to tensor<16x1xf32>
  %e = tensor.empty() : tensor<16x256xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %p0 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%e : tensor<16x256xf32>) {
  ^bb0(%v: f32, %p: f32, %out: f32):
    %m = arith.mulf %v, %p : f32
    linalg.yield %m : f32
  } -> tensor<16x256xf32>
  %ss = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<16x256xf32>) outs(%z1 : tensor<16x1xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %sq = arith.mulf %v, %v : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16x1xf32>
  %rs = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ss : tensor<16x1xf32>) outs(%e1 : tensor<16x1xf32>) {
  ^bb0(%v: f32, %out: f32):
    %a = arith.addf %v, %eps : f32
    %r = math.rsqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<16x1xf32>
  %n = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%y, %rs : tensor<16x256xf32>, tensor<16x1xf32>) outs(%e : tensor<16x256xf32>) {
  ^bb0(%v: f32, %r: f32, %out: f32):
    %m = arith.mulf %v, %r : f32
    linalg.yield %m : f32
  } -> tensor<16x256xf32>
  return %n : tensor<16x256xf32>
}
