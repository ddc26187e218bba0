// fp8q.moe_dispatch and fp8q.moe_combine (ranks = 1) on routing data that is
// invalid at run time: the reference lowering checks it and stops the
// program with a message (cf.assert, abort) instead of reading or writing
// out of bounds. @valid runs the same functions on valid data and prints
// the counts, the sources and the combined rows.
//
// RUN: fp8-opt %s --fp8q-cpu-pipeline -o %t.ll.mlir
// RUN: mlir-runner %t.ll.mlir -e valid -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: not --crash mlir-runner %t.ll.mlir -e overflow -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=OVERFLOW
// RUN: not --crash mlir-runner %t.ll.mlir -e bad_id -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=ID
// RUN: not --crash mlir-runner %t.ll.mlir -e negative_id -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=ID
// RUN: not --crash mlir-runner %t.ll.mlir -e wrong_sources -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=SOURCES
// RUN: not --crash mlir-runner %t.ll.mlir -e missing_row -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=SOURCES
// RUN: not --crash mlir-runner %t.ll.mlir -e bad_counts -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=COUNTS
// A ranks = 2 program cannot run in one CPU process.
// RUN: not fp8-opt %S/Inputs/moe-two-ranks.mlir --fp8q-cpu-pipeline -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=RANKS
// RUN: not fp8-opt %S/Inputs/moe-two-ranks.mlir --fp8q-gpu-pipeline=expert-exchange=host -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=RANKS
// The GPU pipeline's default lowers it to the runtime's NCCL exchange (the
// same checks on the mock NCCL: test/Integration/GPU/moe-exchange-nccl-mock.test).
// RUN: fp8-opt %S/Inputs/moe-two-ranks.mlir --fp8q-gpu-pipeline=format=isa \
// RUN: | FileCheck %s --check-prefix=RUNTIME

// OVERFLOW: fp8q.moe_dispatch ({{.*}}moe-exchange-errors.mlir:{{[0-9]+}}:{{[0-9]+}}): more than capacity = 2 rows routed to one expert
// ID: fp8q.moe_dispatch ({{.*}}moe-exchange-errors.mlir:{{[0-9]+}}:{{[0-9]+}}): expert ids must be within [0, num_experts = 2)
// SOURCES: fp8q.moe_combine ({{.*}}moe-exchange-errors.mlir:{{[0-9]+}}:{{[0-9]+}}): sources and counts must hold every (token, slot) exactly once, in the expert that experts names
// COUNTS: fp8q.moe_combine ({{.*}}moe-exchange-errors.mlir:{{[0-9]+}}:{{[0-9]+}}): counts must be within [0, capacity = 2]
// RUNTIME: llvm.call @_mlir_ciface_fp8q_moe_dispatch(
// RANKS: error: 'fp8q.moe_dispatch' op cannot be lowered to linalg: fp8q.moe_dispatch with ranks = 2 exchanges rows between processes through NCCL, which only convert-fp8q-to-nccl (--fp8q-gpu-pipeline) lowers; the linalg lowering takes ranks = 1

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)

// 3 tokens, top-1 of 2 experts, capacity 2.
func.func @dispatch(%experts: tensor<3x1xi32>) -> (tensor<2x2x128xf8E4M3FN>, tensor<2xi32>, tensor<2x2xi32>) {
  %codes = arith.constant dense<1.0> : tensor<3x128xf8E4M3FN>
  %scales = arith.constant dense<1.0> : tensor<3x1xf32>
  %rc0 = tensor.empty() : tensor<2x2x128xf8E4M3FN>
  %rs0 = tensor.empty() : tensor<2x2x1xf32>
  %c0 = tensor.empty() : tensor<2xi32>
  %s0 = tensor.empty() : tensor<2x2xi32>
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %codes, %scales, %experts
      outs(%rc0, %rs0, %c0, %s0) {ranks = 1, num_experts = 2, capacity = 2}
      : tensor<3x128xf8E4M3FN>, tensor<3x1xf32>, tensor<3x1xi32>
      -> tensor<2x2x128xf8E4M3FN>, tensor<2x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>
  return %rc, %counts, %src : tensor<2x2x128xf8E4M3FN>, tensor<2xi32>, tensor<2x2xi32>
}

// The expert outputs [2, 2, 4]: expert l, slot c holds 10 * l + c.
func.func @combine(%src: tensor<2x2xi32>, %counts: tensor<2xi32>, %experts: tensor<3x1xi32>) -> tensor<3x1x4xbf16> {
  %e = tensor.empty() : tensor<2x2x4xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(l, c, n) -> (l, c, n)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<2x2x4xf32>) {
  ^bb0(%o: f32):
    %l = linalg.index 0 : index
    %c = linalg.index 1 : index
    %ten = arith.constant 10 : index
    %l10 = arith.muli %l, %ten : index
    %v = arith.addi %l10, %c : index
    %i = arith.index_cast %v : index to i32
    %f = arith.sitofp %i : i32 to f32
    linalg.yield %f : f32
  } -> tensor<2x2x4xf32>
  %o0 = tensor.empty() : tensor<3x1x4xbf16>
  %y = fp8q.moe_combine %out, %src, %counts, %experts outs(%o0) {ranks = 1, num_experts = 2}
      : tensor<2x2x4xf32>, tensor<2x2xi32>, tensor<2xi32>, tensor<3x1xi32> -> tensor<3x1x4xbf16>
  return %y : tensor<3x1x4xbf16>
}

// Tokens 0 and 2 to expert 1, token 1 to expert 0: counts [1, 2], sources
// [[1, -1], [0, 2]]; token 0 gets row (1, 0) = 10, token 1 row (0, 0) = 0,
// token 2 row (1, 1) = 11.
// CHECK: [1,  2]
// CHECK: {{\[\[}}1,   -1],
// CHECK-NEXT: [0,   2]]
// CHECK: {{\[\[\[}}10,   10,   10,   10]],
// CHECK-NEXT: {{\[\[}}0,   0,   0,   0]],
// CHECK-NEXT: {{\[\[}}11,   11,   11,   11]]]
func.func @valid() {
  %experts = arith.constant dense<[[1], [0], [1]]> : tensor<3x1xi32>
  %rc, %counts, %src = call @dispatch(%experts) : (tensor<3x1xi32>) -> (tensor<2x2x128xf8E4M3FN>, tensor<2xi32>, tensor<2x2xi32>)
  %y = call @combine(%src, %counts, %experts) : (tensor<2x2xi32>, tensor<2xi32>, tensor<3x1xi32>) -> tensor<3x1x4xbf16>
  %cu = tensor.cast %counts : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%cu) : (tensor<*xi32>) -> ()
  %su = tensor.cast %src : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%su) : (tensor<*xi32>) -> ()
  %e = tensor.empty() : tensor<3x1x4xf32>
  %yf = linalg.generic {indexing_maps = [affine_map<(t, j, n) -> (t, j, n)>, affine_map<(t, j, n) -> (t, j, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y : tensor<3x1x4xbf16>) outs(%e : tensor<3x1x4xf32>) {
  ^bb0(%in: bf16, %o: f32):
    %w = arith.extf %in : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<3x1x4xf32>
  %yu = tensor.cast %yf : tensor<3x1x4xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}

// Three tokens to expert 0 of capacity 2.
func.func @overflow() {
  %experts = arith.constant dense<[[0], [0], [0]]> : tensor<3x1xi32>
  %rc, %counts, %src = call @dispatch(%experts) : (tensor<3x1xi32>) -> (tensor<2x2x128xf8E4M3FN>, tensor<2xi32>, tensor<2x2xi32>)
  return
}

func.func @bad_id() {
  %experts = arith.constant dense<[[0], [2], [1]]> : tensor<3x1xi32>
  %rc, %counts, %src = call @dispatch(%experts) : (tensor<3x1xi32>) -> (tensor<2x2x128xf8E4M3FN>, tensor<2xi32>, tensor<2x2xi32>)
  return
}

func.func @negative_id() {
  %experts = arith.constant dense<[[0], [-1], [1]]> : tensor<3x1xi32>
  %rc, %counts, %src = call @dispatch(%experts) : (tensor<3x1xi32>) -> (tensor<2x2x128xf8E4M3FN>, tensor<2xi32>, tensor<2x2xi32>)
  return
}

// Token 1's row placed in expert 1, which experts does not name for it.
func.func @wrong_sources() {
  %experts = arith.constant dense<[[1], [0], [1]]> : tensor<3x1xi32>
  %src = arith.constant dense<[[0, -1], [1, 2]]> : tensor<2x2xi32>
  %counts = arith.constant dense<[1, 2]> : tensor<2xi32>
  %y = call @combine(%src, %counts, %experts) : (tensor<2x2xi32>, tensor<2xi32>, tensor<3x1xi32>) -> tensor<3x1x4xbf16>
  return
}

// Token 2 has no row (counts stop before it).
func.func @missing_row() {
  %experts = arith.constant dense<[[1], [0], [1]]> : tensor<3x1xi32>
  %src = arith.constant dense<[[1, -1], [0, 2]]> : tensor<2x2xi32>
  %counts = arith.constant dense<[1, 1]> : tensor<2xi32>
  %y = call @combine(%src, %counts, %experts) : (tensor<2x2xi32>, tensor<2xi32>, tensor<3x1xi32>) -> tensor<3x1x4xbf16>
  return
}

func.func @bad_counts() {
  %experts = arith.constant dense<[[1], [0], [1]]> : tensor<3x1xi32>
  %src = arith.constant dense<[[1, -1], [0, 2]]> : tensor<2x2xi32>
  %counts = arith.constant dense<[3, 0]> : tensor<2xi32>
  %y = call @combine(%src, %counts, %experts) : (tensor<2x2xi32>, tensor<2xi32>, tensor<3x1xi32>) -> tensor<3x1x4xbf16>
  return
}
