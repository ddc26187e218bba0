// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s

// Every form in which a frontend writes a Linear layer, and every form of
// weight provenance, rewritten to fp8q.quantize + fp8q.scaled_matmul.

// A Linear layer on function arguments, weight [K, N] (x @ W): the weight is
// quantized with `transpose` to [N, K], the zero-filled accumulator dropped.
// CHECK-LABEL: func.func @linear_arg_kn
// CHECK-SAME: (%[[X:.*]]: tensor<16x256xf32>, %[[W:.*]]: tensor<256x512xf32>)
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<16x2xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<16x512xf32>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[WQ]], %[[WS]] outs(%[[E]]) : tensor<16x256xf8E4M3FN>, tensor<16x2xf32>, tensor<512x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<16x512xf32>
// CHECK-NOT: linalg.fill
// CHECK-NOT: linalg.matmul
// CHECK: return %[[Y]]
func.func @linear_arg_kn(%x: tensor<16x256xf32>, %w: tensor<256x512xf32>) -> tensor<16x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// nn.Linear as torch-mlir emits it: W [N, K] transposed, bias broadcast into
// the accumulator. The [N, K] tensor is quantized before the transpose, the
// bias accumulated by the scaled matmul.
// CHECK-LABEL: func.func @linear_transposed_bias
// CHECK-SAME: (%[[X:.*]]: tensor<16x256xf32>, %[[W:.*]]: tensor<512x256xf32>, %[[B:.*]]: tensor<512xf32>)
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<512x256xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]]
// CHECK: %[[BIAS:.*]] = linalg.broadcast ins(%[[B]] : tensor<512xf32>)
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[WQ]], %[[WS]] outs(%[[BIAS]]) {accumulate}
// CHECK-NOT: linalg.transpose
// CHECK: return %[[Y]]
func.func @linear_transposed_bias(%x: tensor<16x256xf32>, %w: tensor<512x256xf32>, %b: tensor<512xf32>) -> tensor<16x512xf32> {
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<16x512xf32>
  %bias = linalg.broadcast ins(%b : tensor<512xf32>) outs(%e : tensor<16x512xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %wt : tensor<16x256xf32>, tensor<256x512xf32>) outs(%bias : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
// A constant weight transposed by a linalg.generic (torch-mlir's aten.t):
// the constant [N, K] is quantized directly, the transpose disappears.
// CHECK-LABEL: func.func @linear_transposing_generic
// CHECK: %[[W:.*]] = arith.constant dense<5.000000e-01> : tensor<512x256xf32>
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<512x256xf32>
// CHECK: fp8q.scaled_matmul %{{.*}}, %{{.*}}, %[[WQ]], %[[WS]]
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @linear_transposing_generic(%x: tensor<16x256xf32>) -> tensor<16x512xf32> {
  %w = arith.constant dense<0.5> : tensor<512x256xf32>
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.generic {indexing_maps = [#id, #tr], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// An elided dense_resource constant is a weight like any other.
// CHECK-LABEL: func.func @linear_dense_resource
// CHECK: %[[W:.*]] = arith.constant dense_resource<__elided__> : tensor<256x512xf32>
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose}
// CHECK: fp8q.scaled_matmul %{{.*}}, %{{.*}}, %[[WQ]], %[[WS]]
func.func @linear_dense_resource(%x: tensor<16x256xf32>) -> tensor<16x512xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// Two weights sliced and reshaped out of one flat parameter; the second layer
// is a linalg.generic contraction reading its weight as [N, K].
// CHECK-LABEL: func.func @linear_flat_parameter
// CHECK: %[[W0:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [256, 512]
// CHECK: %[[W0Q:.*]], %[[W0S:.*]] = fp8q.quantize %[[W0]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>
// CHECK: %[[W1:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [256, 512]
// CHECK: %[[W1Q:.*]], %[[W1S:.*]] = fp8q.quantize %[[W1]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>, tensor<2x4xf32>
// CHECK: %[[H:.*]] = fp8q.scaled_matmul %{{.*}}, %{{.*}}, %[[W0Q]], %[[W0S]] {{.*}} -> tensor<16x512xf32>
// CHECK: %[[HQ:.*]], %[[HS:.*]] = fp8q.quantize %[[H]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<16x512xf32> -> tensor<16x512xf8E4M3FN>, tensor<16x4xf32>
// CHECK: fp8q.scaled_matmul %[[HQ]], %[[HS]], %[[W1Q]], %[[W1S]] {{.*}} -> tensor<16x256xf32>
// CHECK-NOT: linalg.generic
func.func @linear_flat_parameter(%x: tensor<16x256xf32>, %params: tensor<262144xf32>) -> tensor<16x256xf32> {
  %s0 = tensor.extract_slice %params[0] [131072] [1] : tensor<262144xf32> to tensor<131072xf32>
  %w0 = tensor.expand_shape %s0 [[0, 1]] output_shape [256, 512] : tensor<131072xf32> into tensor<256x512xf32>
  %s1 = tensor.extract_slice %params[131072] [131072] [1] : tensor<262144xf32> to tensor<131072xf32>
  %w1 = tensor.expand_shape %s1 [[0, 1]] output_shape [256, 512] : tensor<131072xf32> into tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %h = linalg.matmul ins(%x, %w0 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  %e2 = tensor.empty() : tensor<16x256xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%h, %w1 : tensor<16x512xf32>, tensor<256x512xf32>) outs(%acc2 : tensor<16x256xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}

// -----

// torch-mlir's 3-D Linear: batch_matmul against a broadcast weight. The
// batch folds into M, the broadcast disappears.
// CHECK-LABEL: func.func @linear_batch_matmul_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<2x64x256xf32>, %[[W:.*]]: tensor<256x512xf32>)
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose}
// CHECK: %[[X2:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X2]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<128x256xf32> -> tensor<128x256xf8E4M3FN>, tensor<128x2xf32>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[WQ]], %[[WS]] {{.*}} -> tensor<128x512xf32>
// CHECK: %[[Y3:.*]] = tensor.expand_shape %[[Y]] {{\[\[}}0, 1], [2]] output_shape [2, 64, 512] : tensor<128x512xf32> into tensor<2x64x512xf32>
// CHECK-NOT: linalg.broadcast
// CHECK: return %[[Y3]]
func.func @linear_batch_matmul_broadcast(%x: tensor<2x64x256xf32>, %w: tensor<256x512xf32>) -> tensor<2x64x512xf32> {
  %eb = tensor.empty() : tensor<2x256x512xf32>
  %wb = linalg.broadcast ins(%w : tensor<256x512xf32>) outs(%eb : tensor<2x256x512xf32>) dimensions = [0]
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x64x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x64x512xf32>) -> tensor<2x64x512xf32>
  %y = linalg.batch_matmul ins(%x, %wb : tensor<2x64x256xf32>, tensor<2x256x512xf32>) outs(%acc : tensor<2x64x512xf32>) -> tensor<2x64x512xf32>
  return %y : tensor<2x64x512xf32>
}

// -----

// The same in bf16 with the broadcast (and a transpose) written as a
// linalg.generic: quantized from bf16, the f32 result rounded back to bf16.
// CHECK-LABEL: func.func @linear_batch_matmul_generic_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<2x64x256xbf16>, %[[W:.*]]: tensor<512x256xbf16>)
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<512x256xbf16> -> tensor<512x256xf8E4M3FN>
// CHECK: %[[X2:.*]] = tensor.collapse_shape %[[X]]
// CHECK: fp8q.quantize %[[X2]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<128x256xbf16>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul {{.*}} -> tensor<128x512xf32>
// CHECK: %[[YB:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<128x512xf32>) outs(%{{.*}} : tensor<128x512xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: tensor.expand_shape %[[YB]] {{\[\[}}0, 1], [2]] output_shape [2, 64, 512] : tensor<128x512xbf16> into tensor<2x64x512xbf16>
func.func @linear_batch_matmul_generic_broadcast(%x: tensor<2x64x256xbf16>, %w: tensor<512x256xbf16>) -> tensor<2x64x512xbf16> {
  %eb = tensor.empty() : tensor<2x256x512xbf16>
  %wb = linalg.generic {indexing_maps = [affine_map<(b, k, n) -> (n, k)>, affine_map<(b, k, n) -> (b, k, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<512x256xbf16>) outs(%eb : tensor<2x256x512xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<2x256x512xbf16>
  %zero = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<2x64x512xbf16>
  %acc = linalg.fill ins(%zero : bf16) outs(%e : tensor<2x64x512xbf16>) -> tensor<2x64x512xbf16>
  %y = linalg.batch_matmul ins(%x, %wb : tensor<2x64x256xbf16>, tensor<2x256x512xbf16>) outs(%acc : tensor<2x64x512xbf16>) -> tensor<2x64x512xbf16>
  return %y : tensor<2x64x512xbf16>
}

// -----

// W @ x^T: the weight is the first operand. The activation is transposed to
// [M, K] and the [M, N] result transposed back to the original [N, M].
// CHECK-LABEL: func.func @linear_weight_on_the_left
// CHECK: %[[W:.*]] = arith.constant dense<2.500000e-01> : tensor<512x256xf32>
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<512x256xf32>
// CHECK: %[[A:.*]] = linalg.generic
// CHECK: %[[AT:.*]] = linalg.transpose ins(%[[A]] : tensor<256x16xf32>) outs(%{{.*}} : tensor<16x256xf32>) permutation = [1, 0]
// CHECK: %[[AQ:.*]], %[[AS:.*]] = fp8q.quantize %[[AT]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<16x256xf32>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul %[[AQ]], %[[AS]], %[[WQ]], %[[WS]] {{.*}} -> tensor<16x512xf32>
// CHECK: %[[YT:.*]] = linalg.transpose ins(%[[Y]] : tensor<16x512xf32>) outs(%{{.*}} : tensor<512x16xf32>) permutation = [1, 0]
// CHECK: return %[[YT]]
func.func @linear_weight_on_the_left(%xt: tensor<256x16xf32>) -> tensor<512x16xf32> {
  %w = arith.constant dense<0.25> : tensor<512x256xf32>
  %e0 = tensor.empty() : tensor<256x16xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%xt : tensor<256x16xf32>) outs(%e0 : tensor<256x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<256x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<512x16xf32>) -> tensor<512x16xf32>
  %y = linalg.matmul ins(%w, %a : tensor<512x256xf32>, tensor<256x16xf32>) outs(%acc : tensor<512x16xf32>) -> tensor<512x16xf32>
  return %y : tensor<512x16xf32>
}

// -----

// f16 layers: quantized from f16, results rounded back to f16. One activation
// feeds two layers and one weight two layers: each is quantized once.
// CHECK-LABEL: func.func @linear_f16_shared
// CHECK-SAME: (%[[X:.*]]: tensor<16x256xf16>, %[[WQ:.*]]: tensor<256x256xf16>, %[[WK:.*]]: tensor<256x256xf16>)
// CHECK: %[[QQ:.*]], %[[QS:.*]] = fp8q.quantize %[[WQ]]
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<16x256xf16>
// CHECK: %[[KQ:.*]], %[[KS:.*]] = fp8q.quantize %[[WK]]
// CHECK: %[[Q32:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[QQ]], %[[QS]]
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%[[Q32]] : tensor<16x256xf32>) outs(%{{.*}} : tensor<16x256xf16>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[QAQ:.*]], %[[QAS:.*]] = fp8q.quantize %[[Q]]
// CHECK: fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[KQ]], %[[KS]]
// CHECK: fp8q.scaled_matmul %[[QAQ]], %[[QAS]], %[[KQ]], %[[KS]]
// CHECK-NOT: fp8q.quantize
// CHECK: return
func.func @linear_f16_shared(%x: tensor<16x256xf16>, %wq: tensor<256x256xf16>, %wk: tensor<256x256xf16>) -> (tensor<16x256xf16>, tensor<16x256xf16>, tensor<16x256xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<16x256xf16>
  %acc = linalg.fill ins(%zero : f16) outs(%e : tensor<16x256xf16>) -> tensor<16x256xf16>
  %q = linalg.matmul ins(%x, %wq : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  %k = linalg.matmul ins(%x, %wk : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  %k2 = linalg.matmul ins(%q, %wk : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  return %q, %k, %k2 : tensor<16x256xf16>, tensor<16x256xf16>, tensor<16x256xf16>
}

// -----

// A bf16 weight widened to f32 for the layer: the exact widening is looked
// through and the bf16 weight quantized.
// CHECK-LABEL: func.func @linear_bf16_weight_upcast
// CHECK-SAME: (%[[X:.*]]: tensor<16x256xf32>, %[[W:.*]]: tensor<256x512xbf16>)
// CHECK: fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x512xbf16> -> tensor<512x256xf8E4M3FN>
// CHECK-NOT: arith.extf
// CHECK: return
func.func @linear_bf16_weight_upcast(%x: tensor<16x256xf32>, %w: tensor<256x512xbf16>) -> tensor<16x512xf32> {
  %ew = tensor.empty() : tensor<256x512xf32>
  %wf = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<256x512xbf16>) outs(%ew : tensor<256x512xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %f = arith.extf %in : bf16 to f32
    linalg.yield %f : f32
  } -> tensor<256x512xf32>
  %e = tensor.empty() : tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %wf : tensor<16x256xf32>, tensor<256x512xf32>) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// Weights loaded from globals: ml_program (torch-mlir, StableHLO imports) and
// memref globals brought to tensors (after partial bufferization).
// CHECK-LABEL: func.func @linear_globals
// CHECK: %[[W0:.*]] = ml_program.global_load_const @w0 : tensor<256x512xf32>
// CHECK: fp8q.quantize %[[W0]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose}
// CHECK: fp8q.scaled_matmul
// CHECK: %[[W1:.*]] = bufferization.to_tensor
// CHECK: fp8q.quantize %[[W1]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<256x512xf32> -> tensor<256x512xf8E4M3FN>
// CHECK: fp8q.scaled_matmul
ml_program.global private @w0(dense<0.5> : tensor<256x512xf32>) : tensor<256x512xf32>
memref.global "private" constant @w1 : memref<256x512xf32> = dense<0.25>
func.func @linear_globals(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %w0 = ml_program.global_load_const @w0 : tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %h = linalg.matmul ins(%x, %w0 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  %m1 = memref.get_global @w1 : memref<256x512xf32>
  %w1 = bufferization.to_tensor %m1 restrict : memref<256x512xf32> to tensor<256x512xf32>
  %e2 = tensor.empty() : tensor<16x256xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%h, %w1 : tensor<16x512xf32>, tensor<256x512xf32>) outs(%acc2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}

// -----

// linalg.contract, accumulating into a caller-provided tensor.
// CHECK-LABEL: func.func @linear_contract_accumulate
// CHECK-SAME: %[[ACC:[a-z0-9]+]]: tensor<16x512xf32>)
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul {{.*}} outs(%[[ACC]]) {accumulate}
// CHECK: return %[[Y]]
func.func @linear_contract_accumulate(%x: tensor<16x256xf32>, %w: tensor<256x512xf32>, %acc: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %y = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// A weight computed from constants only (an int8 weight dequantized in the
// graph) is a weight: the dequantized f32 tensor is quantized to E4M3.
// CHECK-LABEL: func.func @linear_dequantized_constant_weight
// CHECK: %[[W:.*]] = linalg.generic
// CHECK: arith.sitofp
// CHECK: fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x512xf32>
// CHECK: fp8q.scaled_matmul
func.func @linear_dequantized_constant_weight(%x: tensor<16x256xf32>) -> tensor<16x512xf32> {
  %wi = arith.constant dense<3> : tensor<256x512xi8>
  %s = arith.constant dense<0.01> : tensor<512xf32>
  %e = tensor.empty() : tensor<256x512xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>], iterator_types = ["parallel", "parallel"]} ins(%wi, %s : tensor<256x512xi8>, tensor<512xf32>) outs(%e : tensor<256x512xf32>) {
  ^bb0(%q: i8, %sc: f32, %out: f32):
    %f = arith.sitofp %q : i8 to f32
    %m = arith.mulf %f, %sc : f32
    linalg.yield %m : f32
  } -> tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %eo = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%eo : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
