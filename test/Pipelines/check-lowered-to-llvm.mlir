// RUN: fp8-opt %s --split-input-file --fp8q-check-lowered-to-llvm -verify-diagnostics | FileCheck %s

// A module in the LLVM dialect passes unchanged.
// CHECK-LABEL: llvm.func @lowered
llvm.func @lowered(%x: f32) -> f32 {
  %0 = llvm.fadd %x, %x : f32
  llvm.return %0 : f32
}

// -----

// One error per kind of leftover op, at its first occurrence, with a count.
llvm.func @mixed(%x: f32) -> f32 {
  // expected-error @+1 {{'arith.addf' op was not lowered to the LLVM dialect (2 such ops)}}
  %0 = arith.addf %x, %x : f32
  %1 = arith.addf %0, %x : f32
  // expected-error @+1 {{'arith.constant' op was not lowered to the LLVM dialect (1 such op)}}
  %2 = arith.constant 1.0 : f32
  %3 = llvm.fadd %1, %2 : f32
  llvm.return %3 : f32
}

// -----

// expected-error @+1 {{'func.func' op was not lowered to the LLVM dialect (1 such op)}}
func.func @not_lowered() {
  // expected-error @+1 {{'func.return' op was not lowered to the LLVM dialect (1 such op)}}
  return
}
