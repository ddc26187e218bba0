// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file -verify-diagnostics -o /dev/null
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | fp8-opt -split-input-file --verify-each -o /dev/null

// A dynamic token count (exports with a dynamic batch or sequence): M is
// dynamic, K and N static. The Linear layers are quantized on dynamic
// tensors: tensor.empty sized by tensor.dim, dynamic collapse/expand; the
// fp8q verifiers accept the dynamic M (lowering it is the conversions'
// business, not this pass's).

// CHECK-LABEL: func.func @dynamic_tokens
// CHECK-SAME: (%[[X:.*]]: tensor<?x4096xf32>, %[[W:.*]]: tensor<4096x1024xf32>)
// CHECK: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] {{.*}} : tensor<4096x1024xf32> -> tensor<1024x4096xf8E4M3FN>, tensor<8x32xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[M:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x4096xf32>
// CHECK: %[[QI:.*]] = tensor.empty(%[[M]]) : tensor<?x4096xf8E4M3FN>
// CHECK: %[[SI:.*]] = tensor.empty(%[[M]]) : tensor<?x32xf32>
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] outs(%[[QI]], %[[SI]]) {tile = #fp8q.tile<1x128>} : tensor<?x4096xf32> -> tensor<?x4096xf8E4M3FN>, tensor<?x32xf32>
// CHECK: %[[M2:.*]] = tensor.dim %[[X]]
// CHECK: %[[Y0:.*]] = tensor.empty(%[[M2]]) : tensor<?x1024xf32>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[WQ]], %[[WS]] outs(%[[Y0]]) {{.*}} -> tensor<?x1024xf32>
// CHECK: return %[[Y]] : tensor<?x1024xf32>
// REPORT: @dynamic_tokens | {{.*}} | linalg.matmul | M=? N=1024 K=4096 | quantized | weight argument #1, quantized [K, N] with transpose
// REPORT: # 1 contraction(s) with dynamic extents not counted in the FLOPs
// REPORT: quantized 1 of 1 contractions, FP8 share of the FLOPs unknown (dynamic extents)
// WARN-NOT: : warning:
func.func @dynamic_tokens(%x: tensor<?x4096xf32>, %w: tensor<4096x1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x4096xf32>
  %e = tensor.empty(%m) : tensor<?x1024xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %y = linalg.matmul ins(%x, %w : tensor<?x4096xf32>, tensor<4096x1024xf32>) outs(%acc : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  return %y : tensor<?x1024xf32>
}

// -----

// Dynamic batch and sequence, torch-mlir's 3-D Linear: batch_matmul against
// the weight broadcast along the (dynamic) batch, with a bias accumulator.
// The activation is collapsed to [B*S, K], the GEMM accumulates into the
// collapsed bias, the result is expanded back with the dynamic extents.
// CHECK-LABEL: func.func @dynamic_batch_and_sequence
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?x?x768xf32>, %[[W:[^:]*]]: tensor<768x256xf32>, %[[ACC:[^:]*]]: tensor<?x?x256xf32>)
// CHECK: fp8q.quantize %[[W]] {{.*}} -> tensor<256x768xf8E4M3FN>, tensor<2x6xf32>
// CHECK: %[[X2:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<?x?x768xf32> into tensor<?x768xf32>
// CHECK: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X2]] {{.*}} -> tensor<?x768xf8E4M3FN>, tensor<?x6xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[ACC]] {{\[}}[0, 1], [2]] : tensor<?x?x256xf32> into tensor<?x256xf32>
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], {{.*}} outs(%[[C]]) {{.*}}accumulate{{.*}} -> tensor<?x256xf32>
// CHECK-DAG: %[[B:.*]] = tensor.dim %[[X]], %c0
// CHECK-DAG: %[[S:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[E:.*]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2]] output_shape [%[[B]], %[[S]], 256] : tensor<?x256xf32> into tensor<?x?x256xf32>
// CHECK: return %[[E]]
// CHECK-NOT: linalg.batch_matmul
// REPORT: @dynamic_batch_and_sequence | {{.*}} | linalg.batch_matmul | B=? M=? N=256 K=768 | quantized
func.func @dynamic_batch_and_sequence(%x: tensor<?x?x768xf32>, %w: tensor<768x256xf32>, %acc: tensor<?x?x256xf32>) -> tensor<?x?x256xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x768xf32>
  %e = tensor.empty(%b) : tensor<?x768x256xf32>
  %wb = linalg.broadcast ins(%w : tensor<768x256xf32>) outs(%e : tensor<?x768x256xf32>) dimensions = [0]
  %y = linalg.batch_matmul ins(%x, %wb : tensor<?x?x768xf32>, tensor<?x768x256xf32>) outs(%acc : tensor<?x?x256xf32>) -> tensor<?x?x256xf32>
  return %y : tensor<?x?x256xf32>
}

// -----

// bf16 with a dynamic M and a bf16 result: converted back from the f32 GEMM
// output on the dynamic tensor.
// CHECK-LABEL: func.func @dynamic_bf16
// CHECK: %[[Y:.*]] = fp8q.scaled_matmul {{.*}} -> tensor<?x256xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[Y]]
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x256xbf16>
// CHECK: linalg.generic {{.*}} ins(%[[Y]] : tensor<?x256xf32>) outs(%[[E]] : tensor<?x256xbf16>)
// CHECK: arith.truncf
func.func @dynamic_bf16(%x: tensor<?x128xbf16>, %w: tensor<256x128xbf16>, %e: tensor<?x256xbf16>) -> tensor<?x256xbf16> {
  %zero = arith.constant 0.0 : bf16
  %acc = linalg.fill ins(%zero : bf16) outs(%e : tensor<?x256xbf16>) -> tensor<?x256xbf16>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
         ins(%x, %w : tensor<?x128xbf16>, tensor<256x128xbf16>) outs(%acc : tensor<?x256xbf16>) -> tensor<?x256xbf16>
  return %y : tensor<?x256xbf16>
}

// -----

// A dynamic K cannot be checked against the group size: left unquantized,
// with one warning on stderr even without `report=`.
// CHECK-LABEL: func.func @dynamic_k
// CHECK: linalg.matmul {fp8q.unquantized = "dynamic weight shape tensor<?x512xf32>"}
// REPORT: @dynamic_k | {{.*}} | linalg.matmul | M=16 N=512 K=? | unquantized | dynamic weight shape tensor<?x512xf32>
// WARN: quantize-model-dynamic.mlir:[[# @LINE + 4]]:8: warning: fp8q-quantize-model: 1 of 1 contraction(s) left unquantized; first: dynamic weight shape tensor<?x512xf32> (report=- lists all)
// WARN-NOT: : warning:
func.func @dynamic_k(%x: tensor<16x?xf32>, %w: tensor<?x512xf32>, %acc: tensor<16x512xf32>) -> tensor<16x512xf32> {
  // expected-warning @+1 {{fp8q-quantize-model: 1 of 1 contraction(s) left unquantized; first: dynamic weight shape tensor<?x512xf32> (report=- lists all)}}
  %y = linalg.matmul ins(%x, %w : tensor<16x?xf32>, tensor<?x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
