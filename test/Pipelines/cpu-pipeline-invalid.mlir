// RUN: not fp8-opt %s --split-input-file --fp8q-cpu-pipeline 2>&1 | FileCheck %s

// The pipeline fails with a diagnostic (and a non-zero exit) on what it
// cannot lower, instead of emitting IR that breaks later.

// An fp8q op outside the reference lowering's envelope (dynamic extents are
// inside it: test/Integration/CPU/dynamic-m.*).
// CHECK: error: 'fp8q.scaled_matmul' op cannot be lowered to linalg: group_size 262144 exceeds 131072, the largest group whose partial sums are computed exactly
func.func @group_too_large(
    %a: tensor<?x262144xf8E4M3FN>, %sa: tensor<?x1xf32>,
    %b: tensor<3x262144xf8E4M3FN>, %sb: tensor<1x1xf32>,
    %init: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%init) {group_size = 262144}
      : tensor<?x262144xf8E4M3FN>, tensor<?x1xf32>, tensor<3x262144xf8E4M3FN>,
        tensor<1x1xf32> -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// An op no pass of the pipeline converts (vector is not part of it).
// CHECK: error: 'vector.print' op was not lowered to the LLVM dialect (1 such op)
func.func @leftover(%x: f32) {
  vector.print %x : f32
  return
}

// -----

// arith.truncf to f8 is not lowered on the CPU (use fp8q.quantize).
// CHECK: error: 'arith.truncf' op was not lowered to the LLVM dialect (1 such op)
func.func @truncf_f8(%x: f32) -> f8E4M3FN {
  %y = arith.truncf %x : f32 to f8E4M3FN
  return %y : f8E4M3FN
}

// -----

// Nor is arith.extf from f8 (fp8q.dequantize decodes in integer arithmetic).
// If a later MLIR lowers these two, this test and the previous one fail: then
// docs/Numerics.md ("E4M3 in software") should be revisited.
// CHECK: error: 'arith.extf' op was not lowered to the LLVM dialect (1 such op)
func.func @extf_f8(%x: f8E4M3FN) -> f32 {
  %y = arith.extf %x : f8E4M3FN to f32
  return %y : f32
}
