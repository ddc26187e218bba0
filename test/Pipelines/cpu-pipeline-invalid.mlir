// RUN: not fp8-opt %s --split-input-file --fp8q-cpu-pipeline 2>&1 | FileCheck %s

// The pipeline fails with a diagnostic (and a non-zero exit) on what it
// cannot lower, instead of emitting IR that breaks later.

// An fp8q op outside the reference lowering's envelope.
// CHECK: error: 'fp8q.quantize' op cannot be lowered to linalg: dynamic shapes are not supported (operand #0 has type tensor<?x128xf32>)
func.func @dynamic(%x: tensor<?x128xf32>, %q0: tensor<?x128xf8E4M3FN>,
                   %s0: tensor<?x1xf32>) -> tensor<?x128xf8E4M3FN> {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<?x128xf32> -> tensor<?x128xf8E4M3FN>, tensor<?x1xf32>
  return %q : tensor<?x128xf8E4M3FN>
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
