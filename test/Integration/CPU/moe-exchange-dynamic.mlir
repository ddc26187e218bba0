// fp8q.moe_dispatch and fp8q.moe_combine (ranks = 1) with a token count known
// only at run time: T = 3 (the rows of moe-exchange-errors.mlir's @valid)
// and T = 0 (nothing routed: zero counts, every source -1, an empty
// combine), and a mismatched experts extent, which the dynamic extent check
// stops.
//
// RUN: fp8-opt %s --fp8q-cpu-pipeline -o %t.ll.mlir
// RUN: mlir-runner %t.ll.mlir -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: not --crash mlir-runner %t.ll.mlir -e mismatch -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=EXTENT

// EXTENT: fp8q.moe_dispatch ({{.*}}moe-exchange-dynamic.mlir:{{[0-9]+}}:{{[0-9]+}}): extent 0 of experts must equal T (from extent 0 of codes)

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)

func.func @exchange(%codes: tensor<?x128xf8E4M3FN>, %scales: tensor<?x1xf32>, %experts: tensor<?x1xi32>) -> (tensor<2xi32>, tensor<2x2xi32>, tensor<?x1x4xbf16>) {
  %rc0 = tensor.empty() : tensor<2x2x128xf8E4M3FN>
  %rs0 = tensor.empty() : tensor<2x2x1xf32>
  %c0 = tensor.empty() : tensor<2xi32>
  %s0 = tensor.empty() : tensor<2x2xi32>
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %codes, %scales, %experts
      outs(%rc0, %rs0, %c0, %s0) {ranks = 1, num_experts = 2, capacity = 2}
      : tensor<?x128xf8E4M3FN>, tensor<?x1xf32>, tensor<?x1xi32>
      -> tensor<2x2x128xf8E4M3FN>, tensor<2x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>
  // Expert outputs: the dispatched scale of each slot (0 in unused slots).
  %e = tensor.empty() : tensor<2x2x4xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(l, c, n) -> (l, c, 0)>, affine_map<(l, c, n) -> (l, c, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rs : tensor<2x2x1xf32>) outs(%e : tensor<2x2x4xf32>) {
  ^bb0(%s: f32, %o: f32):
    linalg.yield %s : f32
  } -> tensor<2x2x4xf32>
  %c1 = arith.constant 0 : index
  %t = tensor.dim %experts, %c1 : tensor<?x1xi32>
  %o0 = tensor.empty(%t) : tensor<?x1x4xbf16>
  %y = fp8q.moe_combine %out, %src, %counts, %experts outs(%o0) {ranks = 1, num_experts = 2}
      : tensor<2x2x4xf32>, tensor<2x2xi32>, tensor<2xi32>, tensor<?x1xi32> -> tensor<?x1x4xbf16>
  return %counts, %src, %y : tensor<2xi32>, tensor<2x2xi32>, tensor<?x1x4xbf16>
}

func.func @print(%counts: tensor<2xi32>, %src: tensor<2x2xi32>, %y: tensor<?x1x4xbf16>) {
  %cu = tensor.cast %counts : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%cu) : (tensor<*xi32>) -> ()
  %su = tensor.cast %src : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%su) : (tensor<*xi32>) -> ()
  %c0 = arith.constant 0 : index
  %t = tensor.dim %y, %c0 : tensor<?x1x4xbf16>
  %e = tensor.empty(%t) : tensor<?x1x4xf32>
  %yf = linalg.generic {indexing_maps = [affine_map<(t, j, n) -> (t, j, n)>, affine_map<(t, j, n) -> (t, j, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y : tensor<?x1x4xbf16>) outs(%e : tensor<?x1x4xf32>) {
  ^bb0(%in: bf16, %o: f32):
    %w = arith.extf %in : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<?x1x4xf32>
  %yu = tensor.cast %yf : tensor<?x1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}

// T = 3: tokens 0 and 2 to expert 1, token 1 to expert 0; token t's scale
// is t + 1, so token t gets back t + 1.
// CHECK: [1,  2]
// CHECK: {{\[\[}}1,   -1],
// CHECK-NEXT: [0,   2]]
// CHECK: {{\[\[\[}}1,   1,   1,   1]],
// CHECK-NEXT: {{\[\[}}2,   2,   2,   2]],
// CHECK-NEXT: {{\[\[}}3,   3,   3,   3]]]
// T = 0: nothing routed.
// CHECK: [0,  0]
// CHECK: {{\[\[}}-1,   -1],
// CHECK-NEXT: [-1,   -1]]
// CHECK: sizes = [0, 1, 4]
func.func @main() {
  %q = arith.constant dense<1.0> : tensor<3x128xf8E4M3FN>
  %s = arith.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
  %ids = arith.constant dense<[[1], [0], [1]]> : tensor<3x1xi32>
  %qd = tensor.cast %q : tensor<3x128xf8E4M3FN> to tensor<?x128xf8E4M3FN>
  %sd = tensor.cast %s : tensor<3x1xf32> to tensor<?x1xf32>
  %idd = tensor.cast %ids : tensor<3x1xi32> to tensor<?x1xi32>
  %counts, %src, %y = call @exchange(%qd, %sd, %idd) : (tensor<?x128xf8E4M3FN>, tensor<?x1xf32>, tensor<?x1xi32>) -> (tensor<2xi32>, tensor<2x2xi32>, tensor<?x1x4xbf16>)
  call @print(%counts, %src, %y) : (tensor<2xi32>, tensor<2x2xi32>, tensor<?x1x4xbf16>) -> ()
  %q0 = tensor.empty() : tensor<0x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<0x1xf32>
  %id0 = tensor.empty() : tensor<0x1xi32>
  %q0d = tensor.cast %q0 : tensor<0x128xf8E4M3FN> to tensor<?x128xf8E4M3FN>
  %s0d = tensor.cast %s0 : tensor<0x1xf32> to tensor<?x1xf32>
  %id0d = tensor.cast %id0 : tensor<0x1xi32> to tensor<?x1xi32>
  %counts0, %src0, %y0 = call @exchange(%q0d, %s0d, %id0d) : (tensor<?x128xf8E4M3FN>, tensor<?x1xf32>, tensor<?x1xi32>) -> (tensor<2xi32>, tensor<2x2xi32>, tensor<?x1x4xbf16>)
  call @print(%counts0, %src0, %y0) : (tensor<2xi32>, tensor<2x2xi32>, tensor<?x1x4xbf16>) -> ()
  return
}

// 3 tokens, 2 rows of expert ids.
func.func @mismatch() {
  %q = arith.constant dense<1.0> : tensor<3x128xf8E4M3FN>
  %s = arith.constant dense<1.0> : tensor<3x1xf32>
  %ids = arith.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %qd = tensor.cast %q : tensor<3x128xf8E4M3FN> to tensor<?x128xf8E4M3FN>
  %sd = tensor.cast %s : tensor<3x1xf32> to tensor<?x1xf32>
  %idd = tensor.cast %ids : tensor<2x1xi32> to tensor<?x1xi32>
  %counts, %src, %y = call @exchange(%qd, %sd, %idd) : (tensor<?x128xf8E4M3FN>, tensor<?x1xf32>, tensor<?x1xi32>) -> (tensor<2xi32>, tensor<2x2xi32>, tensor<?x1x4xbf16>)
  return
}
