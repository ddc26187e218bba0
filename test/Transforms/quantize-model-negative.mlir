// RUN: fp8-opt %s --allow-unregistered-dialect --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --allow-unregistered-dialect --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Contractions the rewrite cannot express stay as they are, with the reason
// in `fp8q.unquantized` and in the report. The output always verifies.

// A dynamic N (the weight's side) cannot be laid out in 128x128 blocks at
// compile time (a dynamic M is fine: quantize-model-dynamic.mlir).
// CHECK-LABEL: func.func @dynamic_n
// CHECK: linalg.matmul {fp8q.unquantized = "dynamic weight shape tensor<256x?xf32>"}
// REPORT: @dynamic_n | {{.*}} | linalg.matmul | M=16 N=? K=256 | unquantized | dynamic weight shape tensor<256x?xf32>
// REPORT: # 1 contraction(s) with dynamic extents not counted in the FLOPs
// REPORT: quantized 0 of 1 contractions, FP8 share of the FLOPs unknown (dynamic extents)
func.func @dynamic_n(%x: tensor<16x256xf32>, %w: tensor<256x?xf32>, %acc: tensor<16x?xf32>) -> tensor<16x?xf32> {
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x?xf32>) outs(%acc : tensor<16x?xf32>) -> tensor<16x?xf32>
  return %y : tensor<16x?xf32>
}

// -----

// CHECK-LABEL: func.func @k_not_a_multiple_of_the_group
// CHECK: linalg.matmul {fp8q.unquantized = "K (200) is not a multiple of the group size 128"}
// REPORT: @k_not_a_multiple_of_the_group | {{.*}} | M=16 N=512 K=200 | unquantized | K (200) is not a multiple of the group size 128
func.func @k_not_a_multiple_of_the_group(%x: tensor<16x200xf32>, %w: tensor<200x512xf32>) -> tensor<16x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x200xf32>, tensor<200x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// CHECK-LABEL: func.func @integer_matmul
// CHECK: linalg.matmul {fp8q.unquantized = "activation element type i8 is not f32, bf16 or f16"}
// CHECK-LABEL: func.func @f64_matmul
// CHECK: linalg.matmul {fp8q.unquantized = "activation element type f64 is not f32, bf16 or f16"}
func.func @integer_matmul(%x: tensor<16x256xi8>, %w: tensor<256x512xi8>, %acc: tensor<16x512xi32>) -> tensor<16x512xi32> {
  %y = linalg.matmul ins(%x, %w : tensor<16x256xi8>, tensor<256x512xi8>) outs(%acc : tensor<16x512xi32>) -> tensor<16x512xi32>
  return %y : tensor<16x512xi32>
}
func.func @f64_matmul(%x: tensor<16x256xf64>, %w: tensor<256x512xf64>, %acc: tensor<16x512xf64>) -> tensor<16x512xf64> {
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf64>, tensor<256x512xf64>) outs(%acc : tensor<16x512xf64>) -> tensor<16x512xf64>
  return %y : tensor<16x512xf64>
}

// -----

// A weight produced by an op fp8q does not know: it cannot tell what it is.
// CHECK-LABEL: func.func @unregistered_weight
// CHECK: %[[W:.*]] = "foo.load_weight"() : () -> tensor<256x512xf32>
// CHECK: linalg.matmul {fp8q.unquantized = "cannot tell which operand is a weight: operand #1 is produced by unregistered op 'foo.load_weight'"} ins(%{{.*}}, %[[W]]
// CHECK-NOT: fp8q.quantize
func.func @unregistered_weight(%x: tensor<16x256xf32>) -> tensor<16x512xf32> {
  %w = "foo.load_weight"() : () -> tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// Unknown ops around a Linear layer with a known weight do not matter.
// CHECK-LABEL: func.func @unregistered_neighbours
// CHECK: %[[X:.*]] = "foo.preprocess"
// CHECK: fp8q.quantize %[[X]]
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul
// CHECK: "foo.postprocess"(%[[Y]])
func.func @unregistered_neighbours(%in: tensor<16x256xf32>, %w: tensor<256x512xf32>) -> tensor<16x512xf32> {
  %x = "foo.preprocess"(%in) : (tensor<16x256xf32>) -> tensor<16x256xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  %z = "foo.postprocess"(%y) : (tensor<16x512xf32>) -> tensor<16x512xf32>
  return %z : tensor<16x512xf32>
}

// -----

// Inside a loop: the layer with a loop-invariant weight is quantized and its
// weight quantization hoisted out of the loop; the layer whose "weight" is
// loop-carried is not.
// CHECK-LABEL: func.func @in_a_loop
// CHECK-SAME: %[[W:[a-z0-9]+]]: tensor<256x256xf32>
// CHECK: fp8q.quantize %[[W]]
// CHECK: scf.for
// CHECK: fp8q.scaled_matmul
// CHECK: linalg.matmul {fp8q.unquantized = "cannot tell which operand is a weight: operand #1 is block argument of 'scf.for'"}
// CHECK: scf.yield
func.func @in_a_loop(%x0: tensor<16x256xf32>, %w: tensor<256x256xf32>) -> tensor<16x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %v = %w) -> (tensor<16x256xf32>, tensor<256x256xf32>) {
    %h = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    %y = linalg.matmul ins(%h, %v : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    scf.yield %y, %v : tensor<16x256xf32>, tensor<256x256xf32>
  }
  return %r#0 : tensor<16x256xf32>
}

// -----

// CHECK-LABEL: func.func @buffers
// CHECK: linalg.matmul {fp8q.unquantized = "buffer semantics (memref operands)"}
func.func @buffers(%x: memref<16x256xf32>, %w: memref<256x512xf32>, %y: memref<16x512xf32>) {
  linalg.matmul ins(%x, %w : memref<16x256xf32>, memref<256x512xf32>) outs(%y : memref<16x512xf32>)
  return
}

// -----

// Two reduction dimensions (K split in two) are not one GEMM.
// CHECK-LABEL: func.func @two_reduction_dims
// CHECK: linalg.generic {{.*}} attrs = {fp8q.unquantized = "2 reduction dimensions (one K expected)"}
func.func @two_reduction_dims(%x: tensor<16x2x128xf32>, %w: tensor<2x128x512xf32>, %acc: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %y = linalg.generic {indexing_maps = [affine_map<(m, n, k0, k1) -> (m, k0, k1)>, affine_map<(m, n, k0, k1) -> (k0, k1, n)>, affine_map<(m, n, k0, k1) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<16x2x128xf32>, tensor<2x128x512xf32>) outs(%acc : tensor<16x512xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// An existing fp8q.retain is respected.
// CHECK-LABEL: func.func @pre_retained
// CHECK: linalg.matmul {fp8q.retain = #fp8q.retain<user>}
// REPORT: @pre_retained | {{.*}} | retained(user) | fp8q.retain given in the input
func.func @pre_retained(%x: tensor<16x256xf32>, %w: tensor<256x512xf32>, %acc: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %y = linalg.matmul {fp8q.retain = #fp8q.retain<user>} ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// Attention on function arguments (batched operands with no constant or
// global behind them) is attention, not a grouped GEMM.
// CHECK-LABEL: func.func @attention_on_arguments
// CHECK: linalg.batch_matmul {fp8q.retain = #fp8q.retain<attention>}
// REPORT: @attention_on_arguments | {{.*}} | retained(attention) | no weight operand (batched function arguments: attention inputs or a KV cache)
func.func @attention_on_arguments(%q: tensor<4x16x128xf32>, %k: tensor<4x128x16xf32>, %acc: tensor<4x16x16xf32>) -> tensor<4x16x16xf32> {
  %s = linalg.batch_matmul ins(%q, %k : tensor<4x16x128xf32>, tensor<4x128x16xf32>) outs(%acc : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  return %s : tensor<4x16x16xf32>
}

// -----

// Functions without a body and modules without contractions are fine.
// CHECK-LABEL: func.func private @external
// REPORT: quantized 0 of 0 contractions, 0.0% of contraction FLOPs in FP8
func.func private @external(tensor<16x256xf32>) -> tensor<16x256xf32>

// -----

// Extents whose product overflows int64 (M = 2^32 * 2^32): diagnosed as
// a reason, never computed with signed overflow (UBSan-clean).
// CHECK-LABEL: func.func @m_overflows
// CHECK: linalg.generic {{.*}}fp8q.unquantized = "M (the product of the extents of the M dimensions) overflows int64"
// REPORT: @m_overflows | {{.*}} | linalg.generic | M=? N=128 K=128 | unquantized | M (the product of the extents of the M dimensions) overflows int64
func.func @m_overflows(%x: tensor<4294967296x4294967296x128xf32>, %w: tensor<128x128xf32>, %acc: tensor<4294967296x4294967296x128xf32>) -> tensor<4294967296x4294967296x128xf32> {
  %y = linalg.generic {indexing_maps = [affine_map<(a, b, n, k) -> (a, b, k)>, affine_map<(a, b, n, k) -> (k, n)>, affine_map<(a, b, n, k) -> (a, b, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<4294967296x4294967296x128xf32>, tensor<128x128xf32>) outs(%acc : tensor<4294967296x4294967296x128xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<4294967296x4294967296x128xf32>
  return %y : tensor<4294967296x4294967296x128xf32>
}
