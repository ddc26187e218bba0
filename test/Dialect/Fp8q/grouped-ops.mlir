// RUN: fp8-opt %s | FileCheck %s
// Round trip through the generic form must reproduce the same IR.
// RUN: fp8-opt %s --mlir-print-op-generic | fp8-opt | FileCheck %s
// And through bytecode.
// RUN: fp8-opt %s --emit-bytecode | fp8-opt | FileCheck %s

// Mutation fuzzing of these ops and their lowering: never a crash or a hang.
// RUN: %python %fp8q_src_root/tools/fp8q-fuzz/fp8q_fuzz.py --fp8-opt fp8-opt --runs 200 --pass-sets=';-canonicalize;--convert-fp8q-to-linalg' %s %S/../../Conversion/Fp8qToLinalg/grouped-scaled-matmul.mlir | FileCheck %s --check-prefix=FUZZ
// FUZZ: fuzz: 200 runs, {{[0-9]+}} accepted, {{[0-9]+}} rejected with a diagnostic, 0 crashes or hangs

// fp8q.grouped_scaled_matmul (kept apart from ops.mlir, whose exact contents
// seed test/Tools/fp8-opt/bad-input.test's mutation fuzzing).

// CHECK-LABEL: func.func @grouped_contiguous
// CHECK: fp8q.grouped_scaled_matmul %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} outs(%{{.*}}) {layout = #fp8q.group_layout<contiguous>} : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xbf16>
func.func @grouped_contiguous(%a: tensor<200x256xf8E4M3FN>, %sa: tensor<200x2xf32>, %b: tensor<3x300x256xf8E4M3FN>, %sb: tensor<3x3x2xf32>, %off: tensor<4xi32>, %init: tensor<200x300xbf16>) -> tensor<200x300xbf16> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>, tensor<3x300x256xf8E4M3FN>, tensor<3x3x2xf32>, tensor<4xi32> -> tensor<200x300xbf16>
  return %y : tensor<200x300xbf16>
}

// CHECK-LABEL: func.func @grouped_masked_accumulate
// CHECK: fp8q.grouped_scaled_matmul %{{.*}} outs(%{{.*}}) {accumulate, layout = #fp8q.group_layout<masked>, promotion_interval = 64 : i64} : tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4x128x256xf8E4M3FN>, tensor<4x1x2xf32>, tensor<4xi32> -> tensor<4x64x128xf32>
func.func @grouped_masked_accumulate(%a: tensor<4x64x256xf8E4M3FN>, %sa: tensor<4x64x2xf32>, %b: tensor<4x128x256xf8E4M3FN>, %sb: tensor<4x1x2xf32>, %counts: tensor<4xi32>, %c: tensor<4x64x128xf32>) -> tensor<4x64x128xf32> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %counts outs(%c)
      {layout = #fp8q.group_layout<masked>, accumulate, promotion_interval = 64}
      : tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4x128x256xf8E4M3FN>, tensor<4x1x2xf32>, tensor<4xi32> -> tensor<4x64x128xf32>
  return %y : tensor<4x64x128xf32>
}

// Dynamic token count and group count.
// CHECK-LABEL: func.func @grouped_dynamic
// CHECK: fp8q.grouped_scaled_matmul {{.*}} : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<?x128x256xf8E4M3FN>, tensor<?x1x2xf32>, tensor<?xi32> -> tensor<?x128xf32>
func.func @grouped_dynamic(%a: tensor<?x256xf8E4M3FN>, %sa: tensor<?x2xf32>, %b: tensor<?x128x256xf8E4M3FN>, %sb: tensor<?x1x2xf32>, %off: tensor<?xi32>, %init: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %y = fp8q.grouped_scaled_matmul %a, %sa, %b, %sb, %off outs(%init)
      {layout = #fp8q.group_layout<contiguous>}
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<?x128x256xf8E4M3FN>, tensor<?x1x2xf32>, tensor<?xi32> -> tensor<?x128xf32>
  return %y : tensor<?x128xf32>
}
