// RUN: fp8-opt %s --convert-fp8q-to-linalg -split-input-file | FileCheck %s

// ranks = 1: the rank is 0; the dispatch checks the ids, routes the T*k
// (token, slot)s in order in an scf.for on the i32 counts and sources (a
// slot past the capacity is not written), checks the counts and gathers the
// code and scale rows through the sources (scf.if: only valid sources are
// read); nothing of the fp8q ops is left.
// CHECK-LABEL: func.func @dispatch
// CHECK:         %[[OKIDS:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
// CHECK:         cf.assert %{{.*}}, "fp8q.moe_dispatch ({{.*}}moe-exchange.mlir:{{[0-9]+}}:{{[0-9]+}}): expert ids must be within [0, num_experts = 4)"
// CHECK:         %[[ROUTE:.*]]:2 = scf.for {{.*}} iter_args
// CHECK:           scf.if
// CHECK:             tensor.insert
// CHECK:         cf.assert %{{.*}}, "fp8q.moe_dispatch ({{.*}}): more than capacity = 8 rows routed to one expert"
// CHECK:         linalg.generic {{.*}} ins(%[[ROUTE]]#1 : tensor<4x8xi32>) outs(%{{.*}} : tensor<4x8x256xf8E4M3FN>)
// CHECK:           scf.if
// CHECK:             tensor.extract
// CHECK:         linalg.generic {{.*}} ins(%[[ROUTE]]#1 : tensor<4x8xi32>) outs(%{{.*}} : tensor<4x8x2xf32>)
// CHECK-NOT:     fp8q.
func.func @dispatch(%q: tensor<6x256xf8E4M3FN>, %s: tensor<6x2xf32>, %e: tensor<6x2xi32>) -> (tensor<4x8x256xf8E4M3FN>, tensor<4x8x2xf32>, tensor<4xi32>, tensor<4x8xi32>) {
  %rc0 = tensor.empty() : tensor<4x8x256xf8E4M3FN>
  %rs0 = tensor.empty() : tensor<4x8x2xf32>
  %c0 = tensor.empty() : tensor<4xi32>
  %s0 = tensor.empty() : tensor<4x8xi32>
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %s0)
      {ranks = 1, num_experts = 4, capacity = 8}
      : tensor<6x256xf8E4M3FN>, tensor<6x2xf32>, tensor<6x2xi32>
      -> tensor<4x8x256xf8E4M3FN>, tensor<4x8x2xf32>, tensor<4xi32>, tensor<4x8xi32>
  return %rc, %rs, %counts, %src : tensor<4x8x256xf8E4M3FN>, tensor<4x8x2xf32>, tensor<4xi32>, tensor<4x8xi32>
}

// -----

// The combine checks the counts, inverts the sources over the E*C slots
// (nested scf.if: valid slot, source in range), checks that every (token,
// slot) was placed once in its expert, and gathers the rows rounded to bf16.
// CHECK-LABEL: func.func @combine
// CHECK:         cf.assert %{{.*}}, "fp8q.moe_combine ({{.*}}): counts must be within [0, capacity = 8]"
// CHECK:         %[[INV:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:         cf.assert %{{.*}}, "fp8q.moe_combine ({{.*}}): sources and counts must hold every (token, slot) exactly once, in the expert that experts names"
// CHECK:         linalg.generic {{.*}} ins(%[[INV]]#0 : tensor<6x2xi32>) outs(%{{.*}} : tensor<6x2x16xbf16>)
// CHECK:           tensor.extract %{{.*}} : tensor<4x8x16xf32>
// CHECK:           arith.shrui
// CHECK-NOT:     fp8q.
func.func @combine(%y: tensor<4x8x16xf32>, %src: tensor<4x8xi32>, %c: tensor<4xi32>, %e: tensor<6x2xi32>) -> tensor<6x2x16xbf16> {
  %o0 = tensor.empty() : tensor<6x2x16xbf16>
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 1, num_experts = 4}
      : tensor<4x8x16xf32>, tensor<4x8xi32>, tensor<4xi32>, tensor<6x2xi32> -> tensor<6x2x16xbf16>
  return %o : tensor<6x2x16xbf16>
}

// -----

// CHECK-LABEL: func.func @rank
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:         return %[[ZERO]]
func.func @rank() -> index {
  %r = fp8q.ep_rank {ranks = 1}
  return %r : index
}
