// fp8q.grouped_scaled_matmul with offsets or counts that are invalid at run
// time: the reference lowering checks them before computing and stops the
// program with a message (cf.assert, abort) instead of reading or writing
// out of bounds. Each entry passes one kind of bad data; @valid runs the
// same ops with valid data and prints the number of untouched init rows.
//
// RUN: fp8-opt %s --fp8q-cpu-pipeline -o %t.ll.mlir
// RUN: mlir-runner %t.ll.mlir -e valid -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: not --crash mlir-runner %t.ll.mlir -e decreasing -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=OFFSETS
// RUN: not --crash mlir-runner %t.ll.mlir -e past_m -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=OFFSETS
// RUN: not --crash mlir-runner %t.ll.mlir -e negative -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=OFFSETS
// RUN: not --crash mlir-runner %t.ll.mlir -e over_capacity -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=COUNTS

// OFFSETS: fp8q.grouped_scaled_matmul ({{.*}}grouped-invalid-groups.mlir:{{[0-9]+}}:{{[0-9]+}}): group offsets must be nondecreasing and within [0, M] (M = extent 0 of a)
// COUNTS: fp8q.grouped_scaled_matmul ({{.*}}grouped-invalid-groups.mlir:{{[0-9]+}}:{{[0-9]+}}): group counts must be within [0, C] (C = extent 1 of a)

func.func private @printMemrefF32(tensor<*xf32>)

func.func @contiguous(%offsets: tensor<3xi32>) -> tensor<8x16xf32> {
  %one = arith.constant 1.0 : f32
  %a = arith.constant dense<1.0> : tensor<8x128xf8E4M3FN>
  %sa = arith.constant dense<1.0> : tensor<8x1xf32>
  %b = arith.constant dense<1.0> : tensor<2x16x128xf8E4M3FN>
  %sb = arith.constant dense<1.0> : tensor<2x1x1xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %offsets outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<8x128xf8E4M3FN>, tensor<8x1xf32>, tensor<2x16x128xf8E4M3FN>, tensor<2x1x1xf32>, tensor<3xi32> -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

func.func @masked(%counts: tensor<2xi32>) -> tensor<2x4x16xf32> {
  %one = arith.constant 1.0 : f32
  %a = arith.constant dense<1.0> : tensor<2x4x128xf8E4M3FN>
  %sa = arith.constant dense<1.0> : tensor<2x4x1xf32>
  %b = arith.constant dense<1.0> : tensor<2x16x128xf8E4M3FN>
  %sb = arith.constant dense<1.0> : tensor<2x1x1xf32>
  %e = tensor.empty() : tensor<2x4x16xf32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %counts outs(%init)
      {layout = #fp8q.group_layout<masked>}
      : tensor<2x4x128xf8E4M3FN>, tensor<2x4x1xf32>, tensor<2x16x128xf8E4M3FN>, tensor<2x1x1xf32>, tensor<2xi32> -> tensor<2x4x16xf32>
  return %y : tensor<2x4x16xf32>
}

// Rows 0 (padding), 1-2 (group 0), 3-6 (group 1), 7 (padding): every product
// is 128 * 1 * 1, the padding rows keep init (1).
// CHECK: [1,   1,
// CHECK: [128,   128,
// CHECK: [128,   128,
// CHECK: [128,   128,
// CHECK: [128,   128,
// CHECK: [128,   128,
// CHECK: [128,   128,
// CHECK: [1,   1,
// Masked: group 0 has 1 valid row, group 1 none.
// CHECK: {{\[\[}}128,   128,
// CHECK-NEXT: [1,   1,
// CHECK-NEXT: [1,   1,
// CHECK-NEXT: [1,   1,
// CHECK: {{\[\[}}1,   1,
func.func @valid() {
  %offsets = arith.constant dense<[1, 3, 7]> : tensor<3xi32>
  %y = call @contiguous(%offsets) : (tensor<3xi32>) -> tensor<8x16xf32>
  %u = tensor.cast %y : tensor<8x16xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %counts = arith.constant dense<[1, 0]> : tensor<2xi32>
  %z = call @masked(%counts) : (tensor<2xi32>) -> tensor<2x4x16xf32>
  %v = tensor.cast %z : tensor<2x4x16xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

func.func @decreasing() {
  %offsets = arith.constant dense<[0, 5, 3]> : tensor<3xi32>
  %y = call @contiguous(%offsets) : (tensor<3xi32>) -> tensor<8x16xf32>
  return
}

func.func @past_m() {
  %offsets = arith.constant dense<[0, 5, 9]> : tensor<3xi32>
  %y = call @contiguous(%offsets) : (tensor<3xi32>) -> tensor<8x16xf32>
  return
}

func.func @negative() {
  %offsets = arith.constant dense<[-1, 5, 8]> : tensor<3xi32>
  %y = call @contiguous(%offsets) : (tensor<3xi32>) -> tensor<8x16xf32>
  return
}

func.func @over_capacity() {
  %counts = arith.constant dense<[5, 0]> : tensor<2xi32>
  %z = call @masked(%counts) : (tensor<2xi32>) -> tensor<2x4x16xf32>
  return
}
