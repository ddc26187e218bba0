// RUN: fp8-opt %s --fp8q-quantize-model="report=%t.txt" -o /dev/null
// RUN: FileCheck %s --input-file=%t.txt --match-full-lines --strict-whitespace
// RUN: fp8-opt %s --fp8q-quantize-model="report=- output-type=bf16 group-size=64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STDERR
// RUN: fp8-opt %s --fp8q-quantize-model -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE

// The report: a header naming the settings and the columns, one row per
// contraction in program order (function | location | op | shape | decision
// | reason), the retained non-contraction ops, a note for dynamic extents,
// and the summary. FLOPs are 2*B*M*N*K over the statically shaped
// contractions: here 2097152 of 2097152 + 131072 + 1638400 are FP8 (the
// dynamic-M layer is quantized but not counted).

//      CHECK:# fp8q-quantize-model: group size 128, output f32
// CHECK-NEXT:# function | location | op | shape | decision | reason
// CHECK-NEXT:@report | blk.q_proj | linalg.matmul | M=16 N=256 K=256 | quantized | weight argument #1, quantized [K, N] with transpose
// CHECK-NEXT:@report | blk.scores | linalg.batch_matmul | B=2 M=16 N=16 K=128 | retained(attention) | both operands are activations
// CHECK-NEXT:@report | blk.odd_proj | linalg.matmul | M=16 N=256 K=200 | unquantized | K (200) is not a multiple of the group size 128
// CHECK-NEXT:@report | quantize-model-report.mlir:{{[0-9]+}}:{{[0-9]+}} | linalg.matmul | M=? N=256 K=256 | quantized | weight argument #1, quantized [K, N] with transpose
// CHECK-NEXT:# retained non-contraction ops: none
// CHECK-NEXT:# 1 contraction(s) with dynamic extents not counted in the FLOPs
// CHECK-NEXT:quantized 2 of 4 contractions, 54.2% of contraction FLOPs in FP8
//  CHECK-NOT:{{.}}

// STDERR: # fp8q-quantize-model: group size 64, output bf16
// STDERR: @report | blk.odd_proj | linalg.matmul | M=16 N=256 K=200 | unquantized | K (200) is not a multiple of the group size 64
// STDERR: quantized 2 of 4 contractions, 54.2% of contraction FLOPs in FP8

// Without `report=`: no report, only the one-line warning about the
// contraction left unquantized.
// NONE-NOT: # fp8q-quantize-model
// NONE: warning: {{.*}}fp8q-quantize-model: 1 of 4 contraction(s) left unquantized; first: K (200) is not a multiple of the group size 128 (report=- lists all)
// NONE-NOT: warning
// NONE-NOT: quantized

func.func @report(%x: tensor<16x256xf32>, %w: tensor<256x256xf32>,
                  %q: tensor<2x16x128xf32>, %k: tensor<2x128x16xf32>,
                  %x2: tensor<16x200xf32>, %w2: tensor<200x256xf32>,
                  %xd: tensor<?x256xf32>, %accd: tensor<?x256xf32>)
    -> (tensor<16x256xf32>, tensor<2x16x16xf32>, tensor<16x256xf32>, tensor<?x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32> loc("blk.q_proj")
  %es = tensor.empty() : tensor<2x16x16xf32>
  %accs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %qn = arith.negf %q : tensor<2x16x128xf32>
  %kn = arith.negf %k : tensor<2x128x16xf32>
  %s = linalg.batch_matmul ins(%qn, %kn : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%accs : tensor<2x16x16xf32>) -> tensor<2x16x16xf32> loc("blk.scores")
  %y2 = linalg.matmul ins(%x2, %w2 : tensor<16x200xf32>, tensor<200x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32> loc("blk.odd_proj")
  %yd = linalg.matmul ins(%xd, %w : tensor<?x256xf32>, tensor<256x256xf32>) outs(%accd : tensor<?x256xf32>) -> tensor<?x256xf32>
  return %y, %s, %y2, %yd : tensor<16x256xf32>, tensor<2x16x16xf32>, tensor<16x256xf32>, tensor<?x256xf32>
}
