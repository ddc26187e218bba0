// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Embedding lookups and the output head stay in high precision.

#tok = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>

// A language model whose head is tied to the embedding table (GPT-2): the
// table feeds both the torch-mlir style gather and, transposed, the head.
// CHECK-LABEL: func.func @lm_tied_head
// CHECK: %[[WTE:.*]] = arith.constant dense_resource<__elided__> : tensor<1000x256xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x8xi64>) {{.*}} attrs = {fp8q.retain = #fp8q.retain<embedding>}
// CHECK: tensor.extract %[[WTE]]
// CHECK: fp8q.scaled_matmul {{.*}} -> tensor<8x256xf32>
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[WTE]] : tensor<1000x256xf32>) outs(%{{.*}} : tensor<256x1000xf32>)
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<output_head>} ins(%{{.*}}, %[[T]] : tensor<8x256xf32>, tensor<256x1000xf32>)
// REPORT: @lm_tied_head | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized
// REPORT: @lm_tied_head | {{.*}} | linalg.matmul | M=8 N=1000 K=256 | retained(output_head) | weight tied to an embedding table (dense_resource constant via generic)
// REPORT: # retained non-contraction ops: embedding 1
// REPORT: quantized 1 of 2 contractions, 20.4% of contraction FLOPs in FP8
func.func @lm_tied_head(%ids: tensor<1x8xi64>, %w1: tensor<256x256xf32>) -> tensor<1x8x1000xf32> {
  %wte = arith.constant dense_resource<__elided__> : tensor<1000x256xf32>
  %zero = arith.constant 0.0 : f32
  %e_h = tensor.empty() : tensor<1x8x256xf32>
  %h = linalg.generic {indexing_maps = [#tok, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<1x8xi64>) outs(%e_h : tensor<1x8x256xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %wte[%row, %col] : tensor<1000x256xf32>
    linalg.yield %v : f32
  } -> tensor<1x8x256xf32>
  %h2 = tensor.collapse_shape %h [[0, 1], [2]] : tensor<1x8x256xf32> into tensor<8x256xf32>
  %e1 = tensor.empty() : tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %m = linalg.matmul ins(%h2, %w1 : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %e_t = tensor.empty() : tensor<256x1000xf32>
  %wt = linalg.generic {indexing_maps = [#id2, #tr2], iterator_types = ["parallel", "parallel"]} ins(%wte : tensor<1000x256xf32>) outs(%e_t : tensor<256x1000xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<256x1000xf32>
  %e_l = tensor.empty() : tensor<8x1000xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %logits = linalg.matmul ins(%m, %wt : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%a2 : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %l3 = tensor.expand_shape %logits [[0, 1], [2]] output_shape [1, 8, 1000] : tensor<8x1000xf32> into tensor<1x8x1000xf32>
  return %l3 : tensor<1x8x1000xf32>
}

// -----

// An untied head after a tensor.gather embedding: the final projection of a
// graph that starts from token ids is the head. The graph also returns a
// projection (a KV cache, say) with a smaller N: that one is quantized.
// CHECK-LABEL: func.func @lm_untied_head
// CHECK: tensor.gather {{.*}} {fp8q.retain = #fp8q.retain<embedding>}
// CHECK: %[[KV:.*]] = fp8q.scaled_matmul {{.*}} -> tensor<8x256xf32>
// CHECK: %[[L:.*]] = linalg.matmul {fp8q.retain = #fp8q.retain<output_head>} {{.*}} -> tensor<8x512xf32>
// CHECK: return %[[L]], %[[KV]]
// REPORT: @lm_untied_head | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized
// REPORT: @lm_untied_head | {{.*}} | linalg.matmul | M=8 N=512 K=256 | retained(output_head) | final projection of a graph with an embedding lookup
func.func @lm_untied_head(%ids: tensor<8x1xindex>, %wte: tensor<1000x256xf32>, %wkv: tensor<256x256xf32>, %head: tensor<256x512xf32>) -> (tensor<8x512xf32>, tensor<8x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %h = tensor.gather %wte[%ids] gather_dims([0]) : (tensor<1000x256xf32>, tensor<8x1xindex>) -> tensor<8x256xf32>
  %e1 = tensor.empty() : tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %kv = linalg.matmul ins(%h, %wkv : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %e2 = tensor.empty() : tensor<8x512xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x512xf32>) -> tensor<8x512xf32>
  %logits = linalg.matmul ins(%kv, %head : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a2 : tensor<8x512xf32>) -> tensor<8x512xf32>
  return %logits, %kv : tensor<8x512xf32>, tensor<8x256xf32>
}

// -----

// Without an embedding lookup, a name or a final norm before it (a block,
// an MLP) the last projection is an ordinary Linear layer, even when it is
// the widest (quantize-model-untied-head.mlir has the decoder cases).
// CHECK-LABEL: func.func @no_embedding_no_head
// CHECK: fp8q.scaled_matmul
// CHECK-NOT: fp8q.retain
// REPORT: @no_embedding_no_head | {{.*}} | linalg.matmul | M=8 N=512 K=256 | quantized
func.func @no_embedding_no_head(%h: tensor<8x256xf32>, %head: tensor<256x512xf32>) -> tensor<8x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x512xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<8x512xf32>) -> tensor<8x512xf32>
  %logits = linalg.matmul ins(%h, %head : tensor<8x256xf32>, tensor<256x512xf32>) outs(%a : tensor<8x512xf32>) -> tensor<8x512xf32>
  return %logits : tensor<8x512xf32>
}
