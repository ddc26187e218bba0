// Run-time errors of the expert-parallel exchange over 2 ranks
// (moe-exchange-ranks-mock.test): every function picks its rank's inputs
// with fp8q.ep_rank and prints what it computed.
func.func private @printMemrefI32(tensor<*xi32>)

// 2 tokens per rank, top-1 of 4 experts (2 per rank), capacity 3.
func.func @dispatch(%all: tensor<2x2x1xi32>) -> tensor<2xi32> {
  %r = fp8q.ep_rank {ranks = 2}
  %experts = tensor.extract_slice %all[%r, 0, 0] [1, 2, 1] [1, 1, 1]
      : tensor<2x2x1xi32> to tensor<2x1xi32>
  %q = arith.constant dense<1.0> : tensor<2x128xf8E4M3FN>
  %s = arith.constant dense<1.0> : tensor<2x1xf32>
  %rc0 = tensor.empty() : tensor<2x3x128xf8E4M3FN>
  %rs0 = tensor.empty() : tensor<2x3x1xf32>
  %c0 = tensor.empty() : tensor<2xi32>
  %src0 = tensor.empty() : tensor<2x3xi32>
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %experts
      outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 4, capacity = 3}
      : tensor<2x128xf8E4M3FN>, tensor<2x1xf32>, tensor<2x1xi32>
      -> tensor<2x3x128xf8E4M3FN>, tensor<2x3x1xf32>, tensor<2xi32>, tensor<2x3xi32>
  return %counts : tensor<2xi32>
}

// Rank 1's second token names expert 7 of 4.
func.func @bad_id() {
  %all = arith.constant dense<[[[0], [3]], [[1], [7]]]> : tensor<2x2x1xi32>
  %counts = call @dispatch(%all) : (tensor<2x2x1xi32>) -> tensor<2xi32>
  %u = tensor.cast %counts : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// Expert 2 (rank 1's first) gets 2 rows from each rank: 4 > 3.
func.func @overflow() {
  %all = arith.constant dense<[[[2], [2]], [[2], [2]]]> : tensor<2x2x1xi32>
  %counts = call @dispatch(%all) : (tensor<2x2x1xi32>) -> tensor<2xi32>
  %u = tensor.cast %counts : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// 1 token per rank, top-1 of 2 experts (1 per rank), both tokens routed to
// expert 1 (rank 1). Rank 0's combine claims its expert 0 holds rank 0's
// token (source 0): rank 0 gets that row from the wrong expert and stops;
// rank 1's rows are right, it stops because rank 0 did.
func.func @wrong_sources() {
  %r = fp8q.ep_rank {ranks = 2}
  %experts_all = arith.constant dense<[[[1]], [[1]]]> : tensor<2x1x1xi32>
  %counts_all = arith.constant dense<[[1], [1]]> : tensor<2x1xi32>
  %sources_all = arith.constant dense<[[[0, -1]], [[1, -1]]]> : tensor<2x1x2xi32>
  %experts = tensor.extract_slice %experts_all[%r, 0, 0] [1, 1, 1] [1, 1, 1]
      : tensor<2x1x1xi32> to tensor<1x1xi32>
  %counts = tensor.extract_slice %counts_all[%r, 0] [1, 1] [1, 1]
      : tensor<2x1xi32> to tensor<1xi32>
  %sources = tensor.extract_slice %sources_all[%r, 0, 0] [1, 1, 2] [1, 1, 1]
      : tensor<2x1x2xi32> to tensor<1x2xi32>
  %out = arith.constant dense<2.0> : tensor<1x2x4xbf16>
  %init = tensor.empty() : tensor<1x1x4xbf16>
  %y = fp8q.moe_combine %out, %sources, %counts, %experts outs(%init)
      {ranks = 2, num_experts = 2}
      : tensor<1x2x4xbf16>, tensor<1x2xi32>, tensor<1xi32>, tensor<1x1xi32>
      -> tensor<1x1x4xbf16>
  %e = tensor.empty() : tensor<1x1x4xi32>
  %bits = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                                           affine_map<(i, j, k) -> (i, j, k)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y : tensor<1x1x4xbf16>) outs(%e : tensor<1x1x4xi32>) {
  ^bb0(%a: bf16, %o: i32):
    %n = arith.bitcast %a : bf16 to i16
    %w = arith.extui %n : i16 to i32
    linalg.yield %w : i32
  } -> tensor<1x1x4xi32>
  %u = tensor.cast %bits : tensor<1x1x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
