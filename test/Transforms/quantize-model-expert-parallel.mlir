// RUN: fp8-opt %s --fp8q-quantize-model="expert-parallel-ranks=2" -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="expert-parallel-ranks=2 report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: fp8-opt %s --fp8q-quantize-model="expert-parallel-ranks=4 report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUR
// RUN: fp8-opt %s --fp8q-quantize-model="expert-parallel-ranks=3" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNEVEN
// RUN: not fp8-opt %s --fp8q-quantize-model="expert-parallel-ranks=0" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not fp8-opt %s --fp8q-quantize-model="expert-parallel-ranks=2" -split-input-file --fp8q-cpu-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: fp8-opt %s --fp8q-quantize-model="expert-parallel-ranks=2" -split-input-file --fp8q-gpu-pipeline=format=isa | FileCheck %s --check-prefix=GPU

// Dense stacked experts with expert-parallel-ranks = 2: 4 experts, 2 per
// rank. The up projection reads the tokens broadcast to every expert: the
// [T, K] tokens are quantized once in 1x128 tiles and dispatched to every
// expert (k = E = 4, capacity R*T = 32); the grouped GEMM runs on this
// rank's 2 experts, the weights sliced at fp8q.ep_rank * 2; the combine
// returns [T, E, N] in bf16, transposed back to [E, T, N]. The down
// projection's input is each expert's own rows: [E*T, K] quantized, each
// row dispatched to its expert (k = 1), the combine's [E*T, 1, N]
// reshaped to [E, T, N].
// CHECK-LABEL: func.func @stacked_experts
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<16x256xf32>
// CHECK:         %[[H:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<16x256xf32>)
// CHECK:         %[[QX:.*]], %[[SX:.*]] = fp8q.quantize %[[H]] {{.*}} {tile = #fp8q.tile<1x128>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<16x2xf32>
// CHECK:         %[[RANK:.*]] = fp8q.ep_rank {ranks = 2 : i64}
// CHECK:         %[[OFF:.*]] = arith.muli %[[RANK]], %{{.*}} : index
// CHECK:         %[[QB:.*]] = tensor.extract_slice %{{.*}}[%[[OFF]], 0, 0] [2, 512, 256] [1, 1, 1] : tensor<4x512x256xf8E4M3FN> to tensor<2x512x256xf8E4M3FN>
// CHECK:         %[[SB:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, 0, 0] [2, 4, 2] [1, 1, 1] : tensor<4x4x2xf32> to tensor<2x4x2xf32>
// CHECK:         %[[ROUTE:.*]] = arith.constant dense<{{\[\[}}0, 1, 2, 3], [0, 1, 2, 3]{{.*}}> : tensor<16x4xi32>
// CHECK:         %[[RC:.*]], %[[RS:.*]], %[[CNT:.*]], %[[SRC:.*]] = fp8q.moe_dispatch %[[QX]], %[[SX]], %[[ROUTE]] outs({{.*}}) {capacity = 32 : i64, num_experts = 4 : i64, ranks = 2 : i64} : tensor<16x256xf8E4M3FN>, tensor<16x2xf32>, tensor<16x4xi32> -> tensor<2x32x256xf8E4M3FN>, tensor<2x32x2xf32>, tensor<2xi32>, tensor<2x32xi32>
// CHECK:         %[[UP:.*]] = fp8q.grouped_scaled_matmul %[[RC]], %[[RS]], %[[QB]], %[[SB]], %[[CNT]] outs(%{{.*}}) {layout = #fp8q.group_layout<masked>} : tensor<2x32x256xf8E4M3FN>, tensor<2x32x2xf32>, tensor<2x512x256xf8E4M3FN>, tensor<2x4x2xf32>, tensor<2xi32> -> tensor<2x32x512xf32>
// CHECK:         %[[COMB:.*]] = fp8q.moe_combine %[[UP]], %[[SRC]], %[[CNT]], %[[ROUTE]] outs(%{{.*}}) {num_experts = 4 : i64, ranks = 2 : i64} : tensor<2x32x512xf32>, tensor<2x32xi32>, tensor<2xi32>, tensor<16x4xi32> -> tensor<16x4x512xbf16>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[COMB]] : tensor<16x4x512xbf16>) outs(%{{.*}} : tensor<4x16x512xbf16>) permutation = [1, 0, 2]
// CHECK:         linalg.generic {{.*}} ins(%[[T]] : tensor<4x16x512xbf16>) outs(%{{.*}} : tensor<4x16x512xf32>)
// CHECK:         fp8q.quantize {{.*}} {tile = #fp8q.tile<1x128>} : tensor<64x512xf32> -> tensor<64x512xf8E4M3FN>, tensor<64x4xf32>
// CHECK:         fp8q.ep_rank {ranks = 2 : i64}
// CHECK:         arith.constant dense<{{\[\[}}0], [0],{{.*}}[3]]> : tensor<64x1xi32>
// CHECK:         fp8q.moe_dispatch {{.*}} {capacity = 32 : i64, num_experts = 4 : i64, ranks = 2 : i64} : tensor<64x512xf8E4M3FN>, tensor<64x4xf32>, tensor<64x1xi32> -> tensor<2x32x512xf8E4M3FN>, tensor<2x32x4xf32>, tensor<2xi32>, tensor<2x32xi32>
// CHECK:         fp8q.grouped_scaled_matmul {{.*}} -> tensor<2x32x256xf32>
// CHECK:         %[[DOWN:.*]] = fp8q.moe_combine {{.*}} -> tensor<64x1x256xbf16>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[DOWN]] {{\[\[}}0, 1], [2]] : tensor<64x1x256xbf16> into tensor<64x256xbf16>
// CHECK:         tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1], [2]] output_shape [4, 16, 256] : tensor<64x256xbf16> into tensor<4x16x256xbf16>
// CHECK-NOT:     linalg.batch_matmul
// REPORT: @stacked_experts | {{.*}} | quantized | grouped expert GEMM: 4 experts, {{.*}}; expert parallel over 2 ranks (2 experts per rank): FP8 dispatch, BF16 combine
// REPORT: @stacked_experts | {{.*}} | quantized | grouped expert GEMM: 4 experts, {{.*}}; expert parallel over 2 ranks (2 experts per rank): FP8 dispatch, BF16 combine
// FOUR: @stacked_experts | {{.*}}; expert parallel over 4 ranks (1 expert per rank): FP8 dispatch, BF16 combine
// UNEVEN: warning: fp8q-quantize-model: expert-parallel-ranks = 3 does not divide the 4 experts of this grouped GEMM; they stay single-rank
// BAD: error: fp8q-quantize-model: invalid expert-parallel-ranks 0: expected a positive number of ranks
// The ranks = 2 program needs the NCCL exchange: the CPU pipeline says so;
// the GPU pipeline calls the runtime's (one process per rank).
// GPU-DAG: llvm.call @fp8q_ep_rank(
// GPU-DAG: llvm.call @fp8q_moe_dispatch(
// GPU-DAG: llvm.call @fp8q_moe_combine_f32(
// CPU: error: 'fp8q.ep_rank' op cannot be lowered to linalg: fp8q.ep_rank with ranks = 2 exchanges rows between processes through NCCL, which only convert-fp8q-to-nccl (--fp8q-gpu-pipeline) lowers; the linalg lowering takes ranks = 1
func.func @stacked_experts(%x: tensor<16x256xf32>, %w_up: tensor<4x256x512xf32>, %w_down: tensor<4x512x256xf32>) -> tensor<4x16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<16x256xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(t, k) -> (t, k)>, affine_map<(t, k) -> (t, k)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x256xf32>) outs(%et : tensor<16x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<16x256xf32>
  %ed = tensor.empty() : tensor<4x16x256xf32>
  %tokens = linalg.broadcast ins(%h : tensor<16x256xf32>) outs(%ed : tensor<4x16x256xf32>) dimensions = [0]
  %eu = tensor.empty() : tensor<4x16x512xf32>
  %au = linalg.fill ins(%zero : f32) outs(%eu : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  %up = linalg.batch_matmul ins(%tokens, %w_up : tensor<4x16x256xf32>, tensor<4x256x512xf32>) outs(%au : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  %act = linalg.generic {indexing_maps = [affine_map<(e, t, n) -> (e, t, n)>, affine_map<(e, t, n) -> (e, t, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%up : tensor<4x16x512xf32>) outs(%eu : tensor<4x16x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x16x512xf32>
  %ad = linalg.fill ins(%zero : f32) outs(%ed : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
  %down = linalg.batch_matmul ins(%act, %w_down : tensor<4x16x512xf32>, tensor<4x512x256xf32>) outs(%ad : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
  return %down : tensor<4x16x256xf32>
}

// -----

// A nonzero accumulator: the combine returns rows, not sums, so the experts
// keep the single-rank form and the report says why.
// CHECK-LABEL: func.func @accumulating_experts
// CHECK-NOT:     fp8q.moe_dispatch
// CHECK:         fp8q.grouped_scaled_matmul {{.*}} {accumulate, layout = #fp8q.group_layout<masked>}
// REPORT: @accumulating_experts | {{.*}} | quantized | grouped expert GEMM: 4 experts, {{.*}}; single-rank (expert parallelism does not take a nonzero accumulator)
func.func @accumulating_experts(%x: tensor<16x256xf32>, %w: tensor<4x256x512xf32>, %acc: tensor<4x16x512xf32>) -> tensor<4x16x512xf32> {
  %et = tensor.empty() : tensor<16x256xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(t, k) -> (t, k)>, affine_map<(t, k) -> (t, k)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x256xf32>) outs(%et : tensor<16x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<16x256xf32>
  %ed = tensor.empty() : tensor<4x16x256xf32>
  %tokens = linalg.broadcast ins(%h : tensor<16x256xf32>) outs(%ed : tensor<4x16x256xf32>) dimensions = [0]
  %up = linalg.batch_matmul ins(%tokens, %w : tensor<4x16x256xf32>, tensor<4x256x512xf32>) outs(%acc : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  return %up : tensor<4x16x512xf32>
}
