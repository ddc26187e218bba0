// RUN: fp8-opt %s --fp8q-cpu-pipeline | FileCheck %s
// RUN: fp8-opt %s --fp8q-cpu-pipeline="deallocate=false c-wrappers=true" \
// RUN:   | FileCheck %s --check-prefix=OPTIONS

// fp8q ops and tensor code end up entirely in the LLVM dialect, with the
// temporaries freed; the options drop the deallocations and add C wrappers.

// CHECK-NOT: {{(fp8q|linalg|tensor|memref|bufferization|arith|math|scf|cf|affine|func)\.[a-z]}}
// CHECK-LABEL: llvm.func @quantize(
// CHECK-SAME: -> !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>)>
// CHECK: llvm.call @malloc
// CHECK: llvm.call @free
// CHECK-NOT: {{(fp8q|linalg|tensor|memref|bufferization|arith|math|scf|cf|affine|func)\.[a-z]}}

// OPTIONS-NOT: llvm.call @free
// OPTIONS: llvm.func @_mlir_ciface_quantize(
// OPTIONS-NOT: llvm.call @free
func.func @quantize(%x: tensor<4x200xbf16>)
    -> (tensor<4x200xf8E4M3FN>, tensor<4x2xf32>) {
  %q0 = tensor.empty() : tensor<4x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x200xbf16> -> tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
  return %q, %s : tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
}
