// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Heads tied to embeddings the analysis of one function does not see
// directly: an embedding written as a one-hot matmul, and an embedding in
// another function (func.call). The head stays in high precision.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#ids = affine_map<(d0, d1) -> (d0)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>

// one_hot(ids) [8, 1000] @ table [1000, 256]: the lookup is the contraction
// (retained as embedding), the head reads the same table transposed.
// CHECK-LABEL: func.func @one_hot_embedding
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<embedding>}
// CHECK: fp8q.scaled_matmul
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<output_head>}
// REPORT: @one_hot_embedding | {{.*}} | linalg.matmul | M=8 N=256 K=1000 | retained(embedding) | embedding lookup as a contraction of one-hot ids with the table
// REPORT: @one_hot_embedding | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized
// REPORT: @one_hot_embedding | {{.*}} | linalg.matmul | M=8 N=1000 K=256 | retained(output_head) | weight tied to an embedding table (argument #1 via transpose)
func.func @one_hot_embedding(%ids: tensor<8xi64>, %table: tensor<1000x256xf32>, %w: tensor<256x256xf32>) -> tensor<8x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %eo = tensor.empty() : tensor<8x1000xf32>
  %onehot = linalg.generic {indexing_maps = [#ids, #id2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<8xi64>) outs(%eo : tensor<8x1000xf32>) {
  ^bb0(%id: i64, %out: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %eq = arith.cmpi eq, %id, %ji : i64
    %v = arith.uitofp %eq : i1 to f32
    linalg.yield %v : f32
  } -> tensor<8x1000xf32>
  %eh = tensor.empty() : tensor<8x256xf32>
  %ah = linalg.fill ins(%zero : f32) outs(%eh : tensor<8x256xf32>) -> tensor<8x256xf32>
  %h = linalg.matmul ins(%onehot, %table : tensor<8x1000xf32>, tensor<1000x256xf32>) outs(%ah : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y = linalg.matmul ins(%h, %w : tensor<8x256xf32>, tensor<256x256xf32>) outs(%ah : tensor<8x256xf32>) -> tensor<8x256xf32>
  %et = tensor.empty() : tensor<256x1000xf32>
  %t = linalg.transpose ins(%table : tensor<1000x256xf32>) outs(%et : tensor<256x1000xf32>) permutation = [1, 0]
  %al = linalg.fill ins(%zero : f32) outs(%eo : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %logits = linalg.matmul ins(%y, %t : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%al : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %logits : tensor<8x1000xf32>
}

// -----

// The lookup lives in @embed, the tied head in @lm_head; @forward passes
// the table to both. The head's weight is an argument of @lm_head through
// which @forward passes the table: tied. @block's weight is another
// argument: quantized.
// CHECK-LABEL: func.func @embed
// CHECK: tensor.gather {{.*}} {fp8q.retain = #fp8q.retain<embedding>}
// CHECK-LABEL: func.func @block
// CHECK: fp8q.scaled_matmul
// CHECK-LABEL: func.func @lm_head
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<output_head>}
// CHECK-LABEL: func.func @forward
// REPORT: @block | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized
// REPORT: @lm_head | {{.*}} | linalg.matmul | M=8 N=1000 K=256 | retained(output_head) | weight tied to an embedding table (argument #1 via transpose)
// REPORT: @forward | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized
// REPORT: @forward | {{.*}} | linalg.matmul | M=8 N=1000 K=256 | retained(output_head) | weight tied to an embedding table (argument #1 via transpose)
func.func @embed(%ids: tensor<8x1xindex>, %table: tensor<1000x256xf32>) -> tensor<8x256xf32> {
  %h = tensor.gather %table[%ids] gather_dims([0]) : (tensor<1000x256xf32>, tensor<8x1xindex>) -> tensor<8x256xf32>
  return %h : tensor<8x256xf32>
}
func.func @block(%h: tensor<8x256xf32>, %w: tensor<256x256xf32>) -> tensor<8x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x256xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y = linalg.matmul ins(%h, %w : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a : tensor<8x256xf32>) -> tensor<8x256xf32>
  return %y : tensor<8x256xf32>
}
func.func @lm_head(%h: tensor<8x256xf32>, %table: tensor<1000x256xf32>) -> tensor<8x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<256x1000xf32>
  %t = linalg.transpose ins(%table : tensor<1000x256xf32>) outs(%et : tensor<256x1000xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<8x1000xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %l = linalg.matmul ins(%h, %t : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%a : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %l : tensor<8x1000xf32>
}
// The same head inline in the caller of @embed: tied to what @embed looks up.
func.func @forward(%ids: tensor<8x1xindex>, %table: tensor<1000x256xf32>, %w: tensor<256x256xf32>) -> (tensor<8x1000xf32>, tensor<8x1000xf32>) {
  %h = call @embed(%ids, %table) : (tensor<8x1xindex>, tensor<1000x256xf32>) -> tensor<8x256xf32>
  %y = call @block(%h, %w) : (tensor<8x256xf32>, tensor<256x256xf32>) -> tensor<8x256xf32>
  %l = call @lm_head(%y, %table) : (tensor<8x256xf32>, tensor<1000x256xf32>) -> tensor<8x1000xf32>
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<8x256xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y2 = linalg.matmul ins(%y, %w : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a2 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %et = tensor.empty() : tensor<256x1000xf32>
  %t = linalg.transpose ins(%table : tensor<1000x256xf32>) outs(%et : tensor<256x1000xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<8x1000xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %l2 = linalg.matmul ins(%y2, %t : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%a : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %l, %l2 : tensor<8x1000xf32>, tensor<8x1000xf32>
}
