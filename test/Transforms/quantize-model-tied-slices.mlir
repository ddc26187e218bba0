// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Weights sliced out of one flat parameter argument that also holds the
// embedding table (an export that packs every parameter into one buffer):
// only the head reading the table's own slice is tied; the Linear layers
// sliced at other offsets of the same argument are quantized.

#tok = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>

// Flat layout: [table 1000x256 | w1 256x256 | w2 256x256].
// CHECK-LABEL: func.func @flat_params
// CHECK-SAME: %[[P:[^:]*]]: tensor<387072xf32>
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[P]][256000] [65536] [1]
// CHECK: %[[W1:.*]] = tensor.expand_shape %[[S1]]
// CHECK: fp8q.quantize %[[W1]] {{.*}} {tile = #fp8q.tile<128x128>, transpose}
// CHECK: %[[S2:.*]] = tensor.extract_slice %[[P]][321536] [65536] [1]
// CHECK: %[[W2:.*]] = tensor.expand_shape %[[S2]]
// CHECK: fp8q.quantize %[[W2]] {{.*}} {tile = #fp8q.tile<128x128>}
// CHECK: {fp8q.retain = #fp8q.retain<embedding>}
// CHECK: fp8q.scaled_matmul
// CHECK: fp8q.scaled_matmul
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<output_head>}
// CHECK-NOT: linalg.matmul
// REPORT: @flat_params | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized | weight argument #0 via extract_slice, expand_shape, quantized [K, N] with transpose
// REPORT: @flat_params | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized | weight argument #0 via extract_slice, expand_shape, transpose, quantized [N, K]
// REPORT: @flat_params | {{.*}} | linalg.matmul | M=8 N=1000 K=256 | retained(output_head) | weight tied to an embedding table (argument #0 via extract_slice, expand_shape, generic)
// REPORT: # retained non-contraction ops: embedding 1
// REPORT: quantized 2 of 3 contractions
func.func @flat_params(%p: tensor<387072xf32>, %ids: tensor<8xi64>) -> tensor<8x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %st = tensor.extract_slice %p[0] [256000] [1] : tensor<387072xf32> to tensor<256000xf32>
  %table = tensor.expand_shape %st [[0, 1]] output_shape [1000, 256] : tensor<256000xf32> into tensor<1000x256xf32>
  %s1 = tensor.extract_slice %p[256000] [65536] [1] : tensor<387072xf32> to tensor<65536xf32>
  %w1 = tensor.expand_shape %s1 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
  %s2 = tensor.extract_slice %p[321536] [65536] [1] : tensor<387072xf32> to tensor<65536xf32>
  %w2nk = tensor.expand_shape %s2 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
  %e_h = tensor.empty() : tensor<8x256xf32>
  %h = linalg.generic {indexing_maps = [#tok, #id2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<8xi64>) outs(%e_h : tensor<8x256xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<1000x256xf32>
    linalg.yield %v : f32
  } -> tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e_h : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y1 = linalg.matmul ins(%h, %w1 : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  // w2 stored [N, K] (nn.Linear), transposed like torch-mlir's aten.t.
  %e_t = tensor.empty() : tensor<256x256xf32>
  %w2 = linalg.transpose ins(%w2nk : tensor<256x256xf32>) outs(%e_t : tensor<256x256xf32>) permutation = [1, 0]
  %y2 = linalg.matmul ins(%y1, %w2 : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  // The head: the table's own slice, transposed.
  %e_ht = tensor.empty() : tensor<256x1000xf32>
  %ht = linalg.generic {indexing_maps = [#tr2, #id2], iterator_types = ["parallel", "parallel"]} ins(%table : tensor<1000x256xf32>) outs(%e_ht : tensor<256x1000xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<256x1000xf32>
  %e_l = tensor.empty() : tensor<8x1000xf32>
  %a_l = linalg.fill ins(%zero : f32) outs(%e_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %logits = linalg.matmul ins(%y2, %ht : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%a_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %logits : tensor<8x1000xf32>
}

// -----

// The head reads the first 1000 rows of a table padded to 1024 rows: a
// subset of the table's elements, still tied. A Linear weight sliced from
// another offset of the same argument is not.
// CHECK-LABEL: func.func @padded_vocab
// CHECK: fp8q.scaled_matmul
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<output_head>}
// REPORT: @padded_vocab | {{.*}} | linalg.matmul | M=8 N=256 K=256 | quantized
// REPORT: @padded_vocab | {{.*}} | linalg.matmul | M=8 N=1000 K=256 | retained(output_head) | weight tied to an embedding table
func.func @padded_vocab(%p: tensor<327680xf32>, %ids: tensor<8x1xindex>) -> tensor<8x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %st = tensor.extract_slice %p[0] [262144] [1] : tensor<327680xf32> to tensor<262144xf32>
  %table = tensor.expand_shape %st [[0, 1]] output_shape [1024, 256] : tensor<262144xf32> into tensor<1024x256xf32>
  %s1 = tensor.extract_slice %p[262144] [65536] [1] : tensor<327680xf32> to tensor<65536xf32>
  %w1 = tensor.expand_shape %s1 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
  %h = tensor.gather %table[%ids] gather_dims([0]) : (tensor<1024x256xf32>, tensor<8x1xindex>) -> tensor<8x256xf32>
  %e_h = tensor.empty() : tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e_h : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y1 = linalg.matmul ins(%h, %w1 : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  %rows = tensor.extract_slice %table[0, 0] [1000, 256] [1, 1] : tensor<1024x256xf32> to tensor<1000x256xf32>
  %e_ht = tensor.empty() : tensor<256x1000xf32>
  %ht = linalg.transpose ins(%rows : tensor<1000x256xf32>) outs(%e_ht : tensor<256x1000xf32>) permutation = [1, 0]
  %e_l = tensor.empty() : tensor<8x1000xf32>
  %a_l = linalg.fill ins(%zero : f32) outs(%e_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %logits = linalg.matmul ins(%y1, %ht : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%a_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %logits : tensor<8x1000xf32>
}

// -----

// The same graph called from a driver that passes the flat parameter whole
// (as a test harness or a wrapping @main does): the table sliced out of it
// inside the callee must not make the whole argument a table in the callee
// (the Linear slices stay quantized); across calls, only a table that is the
// whole argument is carried.

#tok = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>

// REPORT: @flat_forward | {{.*}} | M=8 N=256 K=256 | quantized | weight argument #0 via extract_slice, expand_shape, quantized [K, N] with transpose
// REPORT: @flat_forward | {{.*}} | M=8 N=256 K=256 | quantized | weight argument #0 via extract_slice, expand_shape, transpose, quantized [N, K]
// REPORT: @flat_forward | {{.*}} | M=8 N=1000 K=256 | retained(output_head) | weight tied to an embedding table
// REPORT: quantized 2 of 3 contractions
func.func @flat_forward(%p: tensor<387072xf32>, %ids: tensor<8xi64>) -> tensor<8x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %st = tensor.extract_slice %p[0] [256000] [1] : tensor<387072xf32> to tensor<256000xf32>
  %table = tensor.expand_shape %st [[0, 1]] output_shape [1000, 256] : tensor<256000xf32> into tensor<1000x256xf32>
  %s1 = tensor.extract_slice %p[256000] [65536] [1] : tensor<387072xf32> to tensor<65536xf32>
  %w1 = tensor.expand_shape %s1 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
  %s2 = tensor.extract_slice %p[321536] [65536] [1] : tensor<387072xf32> to tensor<65536xf32>
  %w2nk = tensor.expand_shape %s2 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
  %e_h = tensor.empty() : tensor<8x256xf32>
  %h = linalg.generic {indexing_maps = [#tok, #id2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<8xi64>) outs(%e_h : tensor<8x256xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<1000x256xf32>
    linalg.yield %v : f32
  } -> tensor<8x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e_h : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y1 = linalg.matmul ins(%h, %w1 : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  // w2 stored [N, K] (nn.Linear), transposed like torch-mlir's aten.t.
  %e_t = tensor.empty() : tensor<256x256xf32>
  %w2 = linalg.transpose ins(%w2nk : tensor<256x256xf32>) outs(%e_t : tensor<256x256xf32>) permutation = [1, 0]
  %y2 = linalg.matmul ins(%y1, %w2 : tensor<8x256xf32>, tensor<256x256xf32>) outs(%a1 : tensor<8x256xf32>) -> tensor<8x256xf32>
  // The head: the table's own slice, transposed.
  %e_ht = tensor.empty() : tensor<256x1000xf32>
  %ht = linalg.generic {indexing_maps = [#tr2, #id2], iterator_types = ["parallel", "parallel"]} ins(%table : tensor<1000x256xf32>) outs(%e_ht : tensor<256x1000xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<256x1000xf32>
  %e_l = tensor.empty() : tensor<8x1000xf32>
  %a_l = linalg.fill ins(%zero : f32) outs(%e_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %logits = linalg.matmul ins(%y2, %ht : tensor<8x256xf32>, tensor<256x1000xf32>) outs(%a_l : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %logits : tensor<8x1000xf32>
}

func.func @driver(%ids: tensor<8xi64>) -> tensor<8x1000xf32> {
  %p = arith.constant dense<0.5> : tensor<387072xf32>
  %r = func.call @flat_forward(%p, %ids) : (tensor<387072xf32>, tensor<8xi64>) -> tensor<8x1000xf32>
  return %r : tensor<8x1000xf32>
}
