// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file -verify-diagnostics -o /dev/null

// Stacked MoE expert weights [E, K, N] passed as function arguments
// (einsum/bmm-style experts): a grouped GEMM, which one fp8q.scaled_matmul
// cannot express. Left unquantized with that reason (not "attention"), and
// the warning says so.

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// Tokens dispatched to 4 experts, up projection, SiLU (an exp, but no
// softmax: no reduction), down projection.
// CHECK-LABEL: func.func @stacked_experts
// CHECK: linalg.batch_matmul {fp8q.unquantized = "grouped GEMM (experts): one weight matrix per batch ([E, K, N] stacked experts), not yet supported"}
// CHECK: linalg.batch_matmul {fp8q.unquantized = "grouped GEMM (experts): one weight matrix per batch ([E, K, N] stacked experts), not yet supported"}
// CHECK-NOT: fp8q.retain
// REPORT: @stacked_experts | {{.*}} | linalg.batch_matmul | B=4 M=16 N=512 K=256 | unquantized | grouped GEMM (experts)
// REPORT: @stacked_experts | {{.*}} | linalg.batch_matmul | B=4 M=16 N=256 K=512 | unquantized | grouped GEMM (experts)
// REPORT: quantized 0 of 2 contractions
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
  // expected-warning @+1 {{fp8q-quantize-model: 2 of 2 contraction(s) left unquantized; first: grouped GEMM (experts): one weight matrix per batch ([E, K, N] stacked experts), not yet supported (report=- lists all)}}
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
