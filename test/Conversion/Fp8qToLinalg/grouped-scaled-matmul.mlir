// RUN: fp8-opt %s --convert-fp8q-to-linalg -split-input-file | FileCheck %s

// Contiguous layout: the offsets are checked (one reduction over the groups
// and the two ends against M), each row gets its group (-1: none), the group
// sums read the row's weight with tensor.extract at max(group, 0), and rows
// in no group keep init.
// CHECK-LABEL: func.func @contiguous
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<200x256xf8E4M3FN>, %[[SA:[a-z0-9]+]]: tensor<200x2xf32>, %[[B:[a-z0-9]+]]: tensor<3x300x256xf8E4M3FN>, %[[SB:[a-z0-9]+]]: tensor<3x3x2xf32>, %[[OFF:[a-z0-9]+]]: tensor<4xi32>, %[[INIT:[a-z0-9]+]]: tensor<200x300xbf16>
// CHECK-DAG:     %[[LO:.*]] = tensor.extract_slice %[[OFF]][0] [3] [1] : tensor<4xi32> to tensor<3xi32>
// CHECK-DAG:     %[[HI:.*]] = tensor.extract_slice %[[OFF]][1] [3] [1] : tensor<4xi32> to tensor<3xi32>
// CHECK:         %[[ORDERED:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[LO]], %[[HI]] : tensor<3xi32>, tensor<3xi32>) outs(%{{.*}} : tensor<i1>)
// CHECK:           arith.cmpi sle
// CHECK:         cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}grouped-scaled-matmul.mlir:{{[0-9]+}}:{{[0-9]+}}): group offsets must be nondecreasing and within [0, M] (M = extent 0 of a)"
// CHECK:         %[[ROWS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<3xi32>, tensor<3xi32>) outs(%{{.*}} : tensor<200xi32>)
// CHECK:         %[[BF:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] output_shape [3, 300, 2, 128] : tensor<3x300x256xf32> into tensor<3x300x2x128xf32>
// CHECK:         %[[SUMS:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[ROWS]] : tensor<200x2x128xf32>, tensor<200xi32>) outs(%{{.*}} : tensor<200x300x2xf64>)
// CHECK:           arith.maxsi
// CHECK:           tensor.extract %[[BF]]
// CHECK:         %[[ACC:.*]] = linalg.generic {{.*}} ins(%[[SUMS]], %[[SA]], %[[ROWS]] : tensor<200x300x2xf64>, tensor<200x2xf32>, tensor<200xi32>) outs(%{{.*}} : tensor<200x300xf32>)
// CHECK:           tensor.extract %[[SB]]
// CHECK:         %[[Y:.*]] = linalg.generic {{.*}} ins(%[[ACC]], %[[ROWS]] : tensor<200x300xf32>, tensor<200xi32>) outs(%[[INIT]] : tensor<200x300xbf16>)
// CHECK:           %[[IN:.*]] = arith.cmpi sge
// CHECK:           arith.select %[[IN]]
// CHECK:         return %[[Y]]
func.func @contiguous(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %off: tensor<4xi32>, %init: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}

// -----

// Masked layout with constant counts that fit the capacity: no run-time
// check; the [G, C, *] operands are collapsed to rows and the result
// expanded back.
// CHECK-LABEL: func.func @masked_constant_counts
// CHECK-NOT:     cf.assert
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<4x16xi32> into tensor<64xi32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [4, 16, 128] : tensor<64x128xf32> into tensor<4x16x128xf32>
func.func @masked_constant_counts(%a: tensor<4x16x256xf8E4M3FN>, %sa: tensor<4x16x2xf32>, %b: tensor<4x128x256xf8E4M3FN>, %sb: tensor<4x1x2xf32>, %init: tensor<4x16x128xf32>) -> tensor<4x16x128xf32> {
  %counts = arith.constant dense<[16, 0, 3, 16]> : tensor<4xi32>
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %counts outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<4x16x256xf8E4M3FN>, tensor<4x16x2xf32>, tensor<4x128x256xf8E4M3FN>, tensor<4x1x2xf32>, tensor<4xi32> -> tensor<4x16x128xf32>
  return %y : tensor<4x16x128xf32>
}

// -----

// A constant count above the capacity keeps the check (it fails at run time).
// CHECK-LABEL: func.func @masked_bad_constant
// CHECK:         cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}): group counts must be within [0, C] (C = extent 1 of a)"
func.func @masked_bad_constant(%a: tensor<2x16x128xf8E4M3FN>, %sa: tensor<2x16x1xf32>, %b: tensor<2x128x128xf8E4M3FN>, %sb: tensor<2x1x1xf32>, %init: tensor<2x16x128xf32>) -> tensor<2x16x128xf32> {
  %counts = arith.constant dense<[17, 0]> : tensor<2xi32>
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %counts outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<2x16x128xf8E4M3FN>, tensor<2x16x1xf32>, tensor<2x128x128xf8E4M3FN>, tensor<2x1x1xf32>, tensor<2xi32> -> tensor<2x16x128xf32>
  return %y : tensor<2x16x128xf32>
}

// -----

// Dynamic group count and token count: the extent relations the verifier
// checks on static shapes are asserted (offsets [E + 1], a_scale [M, K/G],
// init [M, N], b_scale [E, ...]).
// CHECK-LABEL: func.func @dynamic
// CHECK-DAG:     cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}): extent 0 of b_scale must equal E (from extent 0 of b)"
// CHECK-DAG:     cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}): extent 0 of a_scale must equal M (from extent 0 of a)"
// CHECK-DAG:     cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}): extent 0 of init must equal M (from extent 0 of a)"
// CHECK-DAG:     cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}): extent 0 of groups must equal E + 1 (from extent 0 of b)"
// CHECK:         cf.assert %{{.*}}, "fp8q.grouped_scaled_matmul ({{.*}}): group offsets must be nondecreasing
func.func @dynamic(%a: tensor<?x256xf8E4M3FN>, %sa: tensor<?x2xf32>, %b: tensor<?x128x256xf8E4M3FN>, %sb: tensor<?x1x2xf32>, %off: tensor<?xi32>, %init: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<?x128x256xf8E4M3FN>, tensor<?x1x2xf32>, tensor<?xi32> -> tensor<?x128xf32>
  return %y : tensor<?x128xf32>
}
