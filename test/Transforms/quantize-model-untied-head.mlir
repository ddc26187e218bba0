// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Decoders fed with embeddings (no lookup in the graph) with an untied
// head: the terminal projection to the vocabulary stays in high precision.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#red = affine_map<(d0, d1) -> (d0)>

// A block (RMSNorm + MLP) then the final RMSNorm and the head 256 -> 1024:
// the widest projection, widening, reading the final norm. The MLP's projections (256 -> 512 -> 256) are quantized.
// CHECK-LABEL: func.func @decoder_from_embeddings
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<8x512xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<8x256xf32>
// CHECK: math.rsqrt
// CHECK: %[[L:.*]] = linalg.matmul {fp8q.retain = #fp8q.retain<output_head>} {{.*}} -> tensor<8x1024xf32>
// CHECK: return %[[L]]
// REPORT: @decoder_from_embeddings | {{.*}} | linalg.matmul | M=8 N=512 K=256 | quantized
// REPORT: @decoder_from_embeddings | {{.*}} | linalg.matmul | M=8 N=256 K=512 | quantized
// REPORT: @decoder_from_embeddings | {{.*}} | linalg.matmul | M=8 N=1024 K=256 | retained(output_head) | final projection: the largest N (1024) of the graph, widening K = 256, after a norm
// REPORT: # retained non-contraction ops: norm 2
// REPORT: quantized 2 of 3 contractions
func.func @decoder_from_embeddings(%x: tensor<8x256xf32>, %w_up: tensor<256x512xf32>, %w_down: tensor<512x256xf32>, %w_head: tensor<256x1024xf32>) -> tensor<8x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x512xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %up = linalg.matmul ins(%x, %w_up : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a1 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %e2 = tensor.empty() : tensor<8x256xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %down = linalg.matmul ins(%up, %w_down : tensor<8x512xf32>, tensor<512x256xf32>) outs(%a2 : tensor<8x256xf32>) -> tensor<8x256xf32>
  // Final RMSNorm: sum of squares, rsqrt, scale.
  %e_s = tensor.empty() : tensor<8xf32>
  %z_s = linalg.fill ins(%zero : f32) outs(%e_s : tensor<8xf32>) -> tensor<8xf32>
  %ss = linalg.generic {indexing_maps = [#id2, #red], iterator_types = ["parallel", "reduction"]} ins(%down : tensor<8x256xf32>) outs(%z_s : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %acc, %sq : f32
    linalg.yield %sum : f32
  } -> tensor<8xf32>
  %normed = linalg.generic {indexing_maps = [#id2, #red, #id2], iterator_types = ["parallel", "parallel"]} ins(%down, %ss : tensor<8x256xf32>, tensor<8xf32>) outs(%e2 : tensor<8x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %r = math.rsqrt %s : f32
    %y = arith.mulf %in, %r : f32
    linalg.yield %y : f32
  } -> tensor<8x256xf32>
  %e3 = tensor.empty() : tensor<8x1024xf32>
  %a3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  %logits = linalg.matmul ins(%normed, %w_head : tensor<8x256xf32>, tensor<256x1024xf32>) outs(%a3 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  return %logits : tensor<8x1024xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>

// A small vocabulary as wide as the MLP (Qwen-style tiny export: vocab 512,
// intermediate 512): the head ties the up projection for the largest N and
// is still the head (terminal, widening, after the final norm).
// CHECK-LABEL: func.func @vocab_as_wide_as_the_mlp
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<8x512xf32>
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<8x256xf32>
// CHECK: math.rsqrt
// CHECK: %[[L:.*]] = linalg.matmul {fp8q.retain = #fp8q.retain<output_head>} {{.*}} -> tensor<8x512xf32>
// CHECK: return %[[L]]
// REPORT: @vocab_as_wide_as_the_mlp | {{.*}} | linalg.matmul | M=8 N=512 K=256 | quantized
// REPORT: @vocab_as_wide_as_the_mlp | {{.*}} | linalg.matmul | M=8 N=256 K=512 | quantized
// REPORT: @vocab_as_wide_as_the_mlp | {{.*}} | linalg.matmul | M=8 N=512 K=256 | retained(output_head) | final projection: the largest N (512) of the graph, widening K = 256, after a norm
// REPORT: # retained non-contraction ops: norm 2
// REPORT: quantized 2 of 3 contractions
func.func @vocab_as_wide_as_the_mlp(%x: tensor<8x256xf32>, %w_up: tensor<256x512xf32>, %w_down: tensor<512x256xf32>, %w_head: tensor<256x512xf32>) -> tensor<8x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x512xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %up = linalg.matmul ins(%x, %w_up : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a1 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %e2 = tensor.empty() : tensor<8x256xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %down = linalg.matmul ins(%up, %w_down : tensor<8x512xf32>, tensor<512x256xf32>) outs(%a2 : tensor<8x256xf32>) -> tensor<8x256xf32>
  // Final RMSNorm: sum of squares, rsqrt, scale.
  %e_s = tensor.empty() : tensor<8xf32>
  %z_s = linalg.fill ins(%zero : f32) outs(%e_s : tensor<8xf32>) -> tensor<8xf32>
  %ss = linalg.generic {indexing_maps = [#id2, #red], iterator_types = ["parallel", "reduction"]} ins(%down : tensor<8x256xf32>) outs(%z_s : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %acc, %sq : f32
    linalg.yield %sum : f32
  } -> tensor<8xf32>
  %normed = linalg.generic {indexing_maps = [#id2, #red, #id2], iterator_types = ["parallel", "parallel"]} ins(%down, %ss : tensor<8x256xf32>, tensor<8xf32>) outs(%e2 : tensor<8x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %r = math.rsqrt %s : f32
    %y = arith.mulf %in, %r : f32
    linalg.yield %y : f32
  } -> tensor<8x256xf32>
  %e3 = tensor.empty() : tensor<8x512xf32>
  %a3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %logits = linalg.matmul ins(%normed, %w_head : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a3 : tensor<8x512xf32>) -> tensor<8x512xf32>
  return %logits : tensor<8x512xf32>
}

// -----

// The head named by its location (torch-mlir keeps module paths as NameLoc):
// `lm_head`, no norm needed. The other output (hidden states, N = 256) is
// quantized.
// CHECK-LABEL: func.func @named_head
// CHECK: %[[H:.*]] = fp8q.scaled_matmul {{.*}} -> tensor<8x256xf32>
// CHECK: %[[L:.*]] = linalg.matmul {fp8q.retain = #fp8q.retain<output_head>} {{.*}} -> tensor<8x384xf32>
// CHECK: return %[[L]], %[[H]]
// REPORT: @named_head | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized
// REPORT: @named_head | model.lm_head | linalg.matmul | M=8 N=384 K=256 | retained(output_head) | final projection named 'model.lm_head'
func.func @named_head(%x: tensor<8x256xf32>, %w: tensor<256x256xf32>, %w_head: tensor<256x384xf32>) -> (tensor<8x384xf32>, tensor<8x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %h = linalg.matmul ins(%x, %w : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %e2 = tensor.empty() : tensor<8x384xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x384xf32>) -> tensor<8x384xf32>
  %logits = linalg.matmul ins(%h, %w_head : tensor<8x256xf32>, tensor<256x384xf32>) outs(%a2 : tensor<8x384xf32>) -> tensor<8x384xf32> loc("model.lm_head")
  return %logits, %h : tensor<8x384xf32>, tensor<8x256xf32>
}

// -----

// Ordinary Linear layers are not heads: a terminal projection that widens
// without a norm before it (an MLP's layer, returned), and one named
// `output` that narrows (BERT's `attention.output.dense`).
// CHECK-LABEL: func.func @not_heads
// CHECK-NOT: output_head
// CHECK: return
// REPORT: @not_heads | {{.*}} | linalg.matmul | M=8 N=512 K=256 | quantized
// REPORT: @not_heads | layer.output.dense | linalg.matmul | M=8 N=256 K=512 | quantized
// REPORT: quantized 2 of 2 contractions
func.func @not_heads(%x: tensor<8x256xf32>, %w1: tensor<256x512xf32>, %w2: tensor<512x256xf32>) -> (tensor<8x512xf32>, tensor<8x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x512xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %y1 = linalg.matmul ins(%x, %w1 : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a1 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %e2 = tensor.empty() : tensor<8x256xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y2 = linalg.matmul ins(%y1, %w2 : tensor<8x512xf32>, tensor<512x256xf32>) outs(%a2 : tensor<8x256xf32>) -> tensor<8x256xf32> loc("layer.output.dense")
  return %y1, %y2 : tensor<8x512xf32>, tensor<8x256xf32>
}
