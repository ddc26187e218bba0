// RUN: fp8-opt %s --fp8q-quantize-model | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="pow2-scales=attention-output" | FileCheck %s --check-prefix=POW2
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// A Llama-style transformer block written the way frontends emit it:
// RMSNorm, Q/K/V projections of one normalized input, RoPE, attention with a
// softmax, the output projection with a residual, RMSNorm and a SwiGLU MLP.
// The seven projections are quantized; QK^T and PV, the softmax between them
// and the normalizations stay in high precision.

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#chan3 = affine_map<(d0, d1, d2) -> (d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bshd_to_bhsd = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#rope = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
#row4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#last_t = affine_map<(d0, d1, d2) -> (d0, d2, d1)>

// CHECK-LABEL: func.func @transformer_block
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x16x256xf32>
// CHECK-SAME: %[[WQ:[a-z0-9]+]]: tensor<256x256xf32>, %[[WK:[a-z0-9]+]]: tensor<256x256xf32>, %[[WV:[a-z0-9]+]]: tensor<256x256xf32>, %[[WO:[a-z0-9]+]]: tensor<256x256xf32>
// CHECK-SAME: %[[WG:[a-z0-9]+]]: tensor<256x512xf32>, %[[WU:[a-z0-9]+]]: tensor<256x512xf32>, %[[WD:[a-z0-9]+]]: tensor<512x256xf32>
// Weights are quantized once each, at the top, in the [N, K] layout.
// CHECK: fp8q.quantize %[[WQ]] outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<2x2xf32>
// CHECK: fp8q.quantize %[[WK]] outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose}
// CHECK: fp8q.quantize %[[WV]] outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose}
// CHECK: fp8q.quantize %[[WO]] outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose}
// CHECK: fp8q.quantize %[[WG]] outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// CHECK: fp8q.quantize %[[WU]] outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose}
// CHECK: fp8q.quantize %[[WD]] outs({{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<512x256xf32> -> tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
// RMSNorm: the sum of squares and the rsqrt are retained.
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} attrs = {fp8q.retain = #fp8q.retain<norm>}
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<norm>}
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.divf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: math.rsqrt
// The normalized input feeds Q, K and V: one activation quantization.
// CHECK: %[[H:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
// CHECK: %[[HQ:.*]], %[[HS:.*]] = fp8q.quantize %[[H]] outs({{.*}}) {tile = #fp8q.tile<1x128>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<16x2xf32>
// CHECK-NOT: fp8q.quantize %[[H]]
// CHECK-COUNT-3: fp8q.scaled_matmul %[[HQ]], %[[HS]], {{.*}} -> tensor<16x256xf32>
// Attention stays in high precision, the softmax between QK^T and PV too.
// CHECK: linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>} ins({{.*}} : tensor<4x16x64xf32>, tensor<4x64x16xf32>)
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<attention>}
// CHECK: arith.mulf
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<attention>}
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<attention>}
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<attention>}
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} attrs = {fp8q.retain = #fp8q.retain<attention>}
// CHECK: arith.divf
// CHECK: linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>} ins({{.*}} : tensor<4x16x16xf32>, tensor<4x16x64xf32>)
// Output projection, second RMSNorm, then the MLP.
// CHECK: fp8q.quantize {{.*}} {tile = #fp8q.tile<1x128>} : tensor<16x256xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x256xf32>
// CHECK: fp8q.retain<norm>
// CHECK: %[[H2Q:.*]], %[[H2S:.*]] = fp8q.quantize {{.*}} {tile = #fp8q.tile<1x128>} : tensor<16x256xf32>
// CHECK-COUNT-2: fp8q.scaled_matmul %[[H2Q]], %[[H2S]], {{.*}} -> tensor<16x512xf32>
// CHECK: math.exp
// CHECK: fp8q.quantize {{.*}} {tile = #fp8q.tile<1x128>} : tensor<16x512xf32> -> tensor<16x512xf8E4M3FN>, tensor<16x4xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<16x256xf32>
// CHECK-NOT: linalg.matmul
// CHECK: return

// With pow2-scales=attention-output only the input of the output projection
// (the attention output) gets power-of-two scales.
// POW2-LABEL: func.func @transformer_block
// POW2-NOT: scale_mode
// POW2: linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>} ins({{.*}} : tensor<4x16x16xf32>, tensor<4x16x64xf32>)
// POW2: fp8q.quantize {{.*}} {scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<1x128>} : tensor<16x256xf32>
// POW2-NOT: scale_mode
// POW2: return

// REPORT: @transformer_block | quantize-model-transformer.mlir:{{[0-9]+}}:{{[0-9]+}} | linalg.matmul | M=16 N=256 K=256 | quantized | weight argument #1, quantized [K, N] with transpose
// REPORT: | linalg.batch_matmul | B=4 M=16 N=16 K=64 | retained(attention) | both operands are activations
// REPORT: | linalg.batch_matmul | B=4 M=16 N=64 K=16 | retained(attention) | both operands are activations
// REPORT: | linalg.matmul | M=16 N=256 K=512 | quantized | weight argument #7, quantized [K, N] with transpose
// REPORT: # retained non-contraction ops: norm 4, attention 5
// REPORT: quantized 7 of 9 contractions, 98.8% of contraction FLOPs in FP8
func.func @transformer_block(
    %x: tensor<1x16x256xf32>,
    %wq: tensor<256x256xf32>, %wk: tensor<256x256xf32>, %wv: tensor<256x256xf32>, %wo: tensor<256x256xf32>,
    %wg: tensor<256x512xf32>, %wu: tensor<256x512xf32>, %wd: tensor<512x256xf32>,
    %g1: tensor<256xf32>, %g2: tensor<256xf32>,
    %cos: tensor<16x64xf32>, %sin: tensor<16x64xf32>) -> tensor<1x16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %dim = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %inv_sqrt_d = arith.constant 0.125 : f32

  // RMSNorm 1.
  %e_x = tensor.empty() : tensor<1x16x256xf32>
  %e_r = tensor.empty() : tensor<1x16x1xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%e_r : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
  %ss = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<1x16x256xf32>) outs(%r0 : tensor<1x16x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1x16x1xf32>
  %rs = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ss : tensor<1x16x1xf32>) outs(%e_r : tensor<1x16x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %dim : f32
    %a = arith.addf %m, %eps : f32
    %r = math.rsqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<1x16x1xf32>
  %h = linalg.generic {indexing_maps = [#id3, #row3, #chan3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %rs, %g1 : tensor<1x16x256xf32>, tensor<1x16x1xf32>, tensor<256xf32>) outs(%e_x : tensor<1x16x256xf32>) {
  ^bb0(%in: f32, %r: f32, %g: f32, %out: f32):
    %n = arith.mulf %in, %r : f32
    %w = arith.mulf %n, %g : f32
    linalg.yield %w : f32
  } -> tensor<1x16x256xf32>

  // Q, K, V projections.
  %h2 = tensor.collapse_shape %h [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
  %e_p = tensor.empty() : tensor<16x256xf32>
  %p0 = linalg.fill ins(%zero : f32) outs(%e_p : tensor<16x256xf32>) -> tensor<16x256xf32>
  %q = linalg.matmul ins(%h2, %wq : tensor<16x256xf32>, tensor<256x256xf32>) outs(%p0 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %k = linalg.matmul ins(%h2, %wk : tensor<16x256xf32>, tensor<256x256xf32>) outs(%p0 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %v = linalg.matmul ins(%h2, %wv : tensor<16x256xf32>, tensor<256x256xf32>) outs(%p0 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %q4 = tensor.expand_shape %q [[0, 1], [2, 3]] output_shape [1, 16, 4, 64] : tensor<16x256xf32> into tensor<1x16x4x64xf32>
  %k4 = tensor.expand_shape %k [[0, 1], [2, 3]] output_shape [1, 16, 4, 64] : tensor<16x256xf32> into tensor<1x16x4x64xf32>
  %v4 = tensor.expand_shape %v [[0, 1], [2, 3]] output_shape [1, 16, 4, 64] : tensor<16x256xf32> into tensor<1x16x4x64xf32>

  // RoPE on Q and K: x * cos + rotate_half(x) * sin.
  %e_h = tensor.empty() : tensor<1x16x4x64xf32>
  %q_lo = tensor.extract_slice %q4[0, 0, 0, 0] [1, 16, 4, 32] [1, 1, 1, 1] : tensor<1x16x4x64xf32> to tensor<1x16x4x32xf32>
  %q_hi = tensor.extract_slice %q4[0, 0, 0, 32] [1, 16, 4, 32] [1, 1, 1, 1] : tensor<1x16x4x64xf32> to tensor<1x16x4x32xf32>
  %q_hi_neg = arith.negf %q_hi : tensor<1x16x4x32xf32>
  %q_rot = tensor.concat dim(3) %q_hi_neg, %q_lo : (tensor<1x16x4x32xf32>, tensor<1x16x4x32xf32>) -> tensor<1x16x4x64xf32>
  %qr = linalg.generic {indexing_maps = [#id4, #id4, #rope, #rope, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q4, %q_rot, %cos, %sin : tensor<1x16x4x64xf32>, tensor<1x16x4x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>) outs(%e_h : tensor<1x16x4x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %s: f32, %out: f32):
    %ac = arith.mulf %a, %c : f32
    %bs = arith.mulf %b, %s : f32
    %r = arith.addf %ac, %bs : f32
    linalg.yield %r : f32
  } -> tensor<1x16x4x64xf32>
  %k_lo = tensor.extract_slice %k4[0, 0, 0, 0] [1, 16, 4, 32] [1, 1, 1, 1] : tensor<1x16x4x64xf32> to tensor<1x16x4x32xf32>
  %k_hi = tensor.extract_slice %k4[0, 0, 0, 32] [1, 16, 4, 32] [1, 1, 1, 1] : tensor<1x16x4x64xf32> to tensor<1x16x4x32xf32>
  %k_hi_neg = arith.negf %k_hi : tensor<1x16x4x32xf32>
  %k_rot = tensor.concat dim(3) %k_hi_neg, %k_lo : (tensor<1x16x4x32xf32>, tensor<1x16x4x32xf32>) -> tensor<1x16x4x64xf32>
  %kr = linalg.generic {indexing_maps = [#id4, #id4, #rope, #rope, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k4, %k_rot, %cos, %sin : tensor<1x16x4x64xf32>, tensor<1x16x4x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>) outs(%e_h : tensor<1x16x4x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %s: f32, %out: f32):
    %ac = arith.mulf %a, %c : f32
    %bs = arith.mulf %b, %s : f32
    %r = arith.addf %ac, %bs : f32
    linalg.yield %r : f32
  } -> tensor<1x16x4x64xf32>

  // Heads first: [1, 16, 4, 64] -> [4, 16, 64]; K transposed to [4, 64, 16].
  %e_t = tensor.empty() : tensor<1x4x16x64xf32>
  %qt = linalg.generic {indexing_maps = [#id4, #bshd_to_bhsd], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%qr : tensor<1x16x4x64xf32>) outs(%e_t : tensor<1x4x16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x16x64xf32>
  %kt = linalg.generic {indexing_maps = [#id4, #bshd_to_bhsd], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%kr : tensor<1x16x4x64xf32>) outs(%e_t : tensor<1x4x16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x16x64xf32>
  %vt = linalg.generic {indexing_maps = [#id4, #bshd_to_bhsd], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%v4 : tensor<1x16x4x64xf32>) outs(%e_t : tensor<1x4x16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x16x64xf32>
  %q3 = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<1x4x16x64xf32> into tensor<4x16x64xf32>
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x4x16x64xf32> into tensor<4x16x64xf32>
  %v3 = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<1x4x16x64xf32> into tensor<4x16x64xf32>
  %e_kT = tensor.empty() : tensor<4x64x16xf32>
  %kT = linalg.generic {indexing_maps = [#id3, #last_t], iterator_types = ["parallel", "parallel", "parallel"]} ins(%k3 : tensor<4x16x64xf32>) outs(%e_kT : tensor<4x64x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x64x16xf32>

  // Scores, softmax, weighted values.
  %e_s = tensor.empty() : tensor<4x16x16xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e_s : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  %scores = linalg.batch_matmul ins(%q3, %kT : tensor<4x16x64xf32>, tensor<4x64x16xf32>) outs(%s0 : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  %scaled = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%scores : tensor<4x16x16xf32>) outs(%e_s : tensor<4x16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %inv_sqrt_d : f32
    linalg.yield %m : f32
  } -> tensor<4x16x16xf32>
  %e_m = tensor.empty() : tensor<4x16x1xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e_m : tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
  %max = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%scaled : tensor<4x16x16xf32>) outs(%m0 : tensor<4x16x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<4x16x1xf32>
  %ex = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%scaled, %max : tensor<4x16x16xf32>, tensor<4x16x1xf32>) outs(%e_s : tensor<4x16x16xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<4x16x16xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e_m : tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<4x16x16xf32>) outs(%z0 : tensor<4x16x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x16x1xf32>
  %probs = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<4x16x16xf32>, tensor<4x16x1xf32>) outs(%e_s : tensor<4x16x16xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %d = arith.divf %in, %s : f32
    linalg.yield %d : f32
  } -> tensor<4x16x16xf32>
  %e_o = tensor.empty() : tensor<4x16x64xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%e_o : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
  %attn = linalg.batch_matmul ins(%probs, %v3 : tensor<4x16x16xf32>, tensor<4x16x64xf32>) outs(%o0 : tensor<4x16x64xf32>) -> tensor<4x16x64xf32>

  // Back to tokens x channels, output projection, residual.
  %attn4 = tensor.expand_shape %attn [[0, 1], [2], [3]] output_shape [1, 4, 16, 64] : tensor<4x16x64xf32> into tensor<1x4x16x64xf32>
  %attn_t = linalg.generic {indexing_maps = [#id4, #bshd_to_bhsd], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%attn4 : tensor<1x4x16x64xf32>) outs(%e_h : tensor<1x16x4x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x16x4x64xf32>
  %attn2 = tensor.collapse_shape %attn_t [[0, 1], [2, 3]] : tensor<1x16x4x64xf32> into tensor<16x256xf32>
  %o = linalg.matmul ins(%attn2, %wo : tensor<16x256xf32>, tensor<256x256xf32>) outs(%p0 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %o3 = tensor.expand_shape %o [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
  %res1 = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %o3 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%e_x : tensor<1x16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x16x256xf32>

  // RMSNorm 2.
  %ss2 = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%res1 : tensor<1x16x256xf32>) outs(%r0 : tensor<1x16x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1x16x1xf32>
  %rs2 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ss2 : tensor<1x16x1xf32>) outs(%e_r : tensor<1x16x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %dim : f32
    %a = arith.addf %m, %eps : f32
    %r = math.rsqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<1x16x1xf32>
  %n2 = linalg.generic {indexing_maps = [#id3, #row3, #chan3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%res1, %rs2, %g2 : tensor<1x16x256xf32>, tensor<1x16x1xf32>, tensor<256xf32>) outs(%e_x : tensor<1x16x256xf32>) {
  ^bb0(%in: f32, %r: f32, %g: f32, %out: f32):
    %n = arith.mulf %in, %r : f32
    %w = arith.mulf %n, %g : f32
    linalg.yield %w : f32
  } -> tensor<1x16x256xf32>

  // SwiGLU MLP: down(silu(gate(h)) * up(h)).
  %m2 = tensor.collapse_shape %n2 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
  %e_f = tensor.empty() : tensor<16x512xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e_f : tensor<16x512xf32>) -> tensor<16x512xf32>
  %gate = linalg.matmul ins(%m2, %wg : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %up = linalg.matmul ins(%m2, %wu : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f0 : tensor<16x512xf32>) -> tensor<16x512xf32>
  %act = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%gate, %up : tensor<16x512xf32>, tensor<16x512xf32>) outs(%e_f : tensor<16x512xf32>) {
  ^bb0(%g: f32, %u: f32, %out: f32):
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %silu = arith.divf %g, %d : f32
    %r = arith.mulf %silu, %u : f32
    linalg.yield %r : f32
  } -> tensor<16x512xf32>
  %down = linalg.matmul ins(%act, %wd : tensor<16x512xf32>, tensor<512x256xf32>) outs(%p0 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %down3 = tensor.expand_shape %down [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
  %out = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%res1, %down3 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%e_x : tensor<1x16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %out_: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x16x256xf32>
  return %out : tensor<1x16x256xf32>
}
