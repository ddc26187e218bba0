// RUN: fp8-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// `fp8q.unquantized = "reason"`: the discardable attribute
// --fp8q-quantize-model puts on contractions it could not quantize. (Kept
// out of ops.mlir/invalid.mlir so that the fuzzing corpus of
// test/Tools/fp8-opt/bad-input.test stays as it is.)

// CHECK-LABEL: func.func @unquantized_reason
// CHECK: linalg.matmul {fp8q.unquantized = "K (200) is not a multiple of the group size 128"}
func.func @unquantized_reason(%x: tensor<4x200xf32>, %w: tensor<200x64xf32>,
                              %acc: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %0 = linalg.matmul {fp8q.unquantized = "K (200) is not a multiple of the group size 128"}
         ins(%x, %w : tensor<4x200xf32>, tensor<200x64xf32>)
         outs(%acc : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %0 : tensor<4x64xf32>
}

// -----

func.func @unquantized_not_a_string(%x: f32) -> f32 {
  // expected-error @+1 {{expected 'fp8q.unquantized' to be a non-empty string (the reason), got 1 : i64}}
  %0 = arith.addf %x, %x {fp8q.unquantized = 1} : f32
  return %0 : f32
}

// -----

func.func @unquantized_empty(%x: f32) -> f32 {
  // expected-error @+1 {{expected 'fp8q.unquantized' to be a non-empty string (the reason), got ""}}
  %0 = arith.addf %x, %x {fp8q.unquantized = ""} : f32
  return %0 : f32
}
