// RUN: fp8-opt %s --convert-fp8q-to-linalg | FileCheck %s

// A permutation of the codes and of the scale grid: two linalg.transposes,
// no arithmetic.

// CHECK-LABEL: func.func @block_transpose
// CHECK-SAME: (%[[Q:.*]]: tensor<300x200xf8E4M3FN>, %[[S:.*]]: tensor<3x2xf32>)
// CHECK-DAG: %[[QT0:.*]] = tensor.empty() : tensor<200x300xf8E4M3FN>
// CHECK-DAG: %[[ST0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: %[[QT:.*]] = linalg.transpose ins(%[[Q]] : tensor<300x200xf8E4M3FN>) outs(%[[QT0]] : tensor<200x300xf8E4M3FN>) permutation = [1, 0]
// CHECK: %[[ST:.*]] = linalg.transpose ins(%[[S]] : tensor<3x2xf32>) outs(%[[ST0]] : tensor<2x3xf32>) permutation = [1, 0]
// CHECK-NOT: linalg.generic
// CHECK: return %[[QT]], %[[ST]]
func.func @block_transpose(%q: tensor<300x200xf8E4M3FN>, %s: tensor<3x2xf32>)
    -> (tensor<200x300xf8E4M3FN>, tensor<2x3xf32>) {
  %qt0 = tensor.empty() : tensor<200x300xf8E4M3FN>
  %st0 = tensor.empty() : tensor<2x3xf32>
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0)
      {tile = #fp8q.tile<128x128>}
      : tensor<300x200xf8E4M3FN>, tensor<3x2xf32>
      -> tensor<200x300xf8E4M3FN>, tensor<2x3xf32>
  return %qt, %st : tensor<200x300xf8E4M3FN>, tensor<2x3xf32>
}

// A dynamic R: the scale extents are asserted at run time.
// CHECK-LABEL: func.func @block_transpose_dynamic
// CHECK: cf.assert %{{.*}}, "fp8q.block_transpose ({{.*}}): extent 0 of scale must equal ceil(R / 128) (from extent 0 of q)"
// CHECK: cf.assert %{{.*}}, "fp8q.block_transpose ({{.*}}): extent 1 of q_init must equal R (from extent 0 of q)"
// CHECK: cf.assert %{{.*}}, "fp8q.block_transpose ({{.*}}): extent 1 of scale_init must equal ceil(R / 128) (from extent 0 of q)"
// CHECK: linalg.transpose
// CHECK: linalg.transpose
func.func @block_transpose_dynamic(%q: tensor<?x200xf8E4M3FN>, %s: tensor<?x2xf32>, %qt0: tensor<200x?xf8E4M3FN>, %st0: tensor<2x?xf32>)
    -> (tensor<200x?xf8E4M3FN>, tensor<2x?xf32>) {
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0)
      {tile = #fp8q.tile<128x128>}
      : tensor<?x200xf8E4M3FN>, tensor<?x2xf32>
      -> tensor<200x?xf8E4M3FN>, tensor<2x?xf32>
  return %qt, %st : tensor<200x?xf8E4M3FN>, tensor<2x?xf32>
}
