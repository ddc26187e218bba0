// RUN: fp8-opt %s --convert-fp8q-to-linalg -split-input-file -verify-diagnostics

// One case per reason the reference lowering rejects an op. The pass names
// the op and the reason, and fails without rewriting anything.

func.func @scaled_matmul_group_too_large(
    %a: tensor<2x262144xf8E4M3FN>, %sa: tensor<2x1xf32>,
    %b: tensor<3x262144xf8E4M3FN>, %sb: tensor<1x1xf32>,
    %init: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op cannot be lowered to linalg: group_size 262144 exceeds 131072, the largest group whose partial sums are computed exactly}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%init) {group_size = 262144}
      : tensor<2x262144xf8E4M3FN>, tensor<2x1xf32>, tensor<3x262144xf8E4M3FN>,
        tensor<1x1xf32> -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @quantize_padding_overflows(
    %x: tensor<4611686018427387905x4xf32>,
    %q0: tensor<4611686018427387905x4xf8E4M3FN>, %s0: tensor<2x1xf32>)
    -> tensor<2x1xf32> {
  // expected-error @+1 {{'fp8q.quantize' op cannot be lowered to linalg: extent 4611686018427387905 of dimension 0 padded to whole tiles of 4611686018427387904 overflows int64}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<4611686018427387904x4>}
      : tensor<4611686018427387905x4xf32>
      -> tensor<4611686018427387905x4xf8E4M3FN>, tensor<2x1xf32>
  return %s : tensor<2x1xf32>
}

// -----

// Expert parallelism over more than one rank needs the NCCL runtime.
func.func @ep_rank_two_ranks() -> index {
  // expected-error @+1 {{'fp8q.ep_rank' op cannot be lowered to linalg: fp8q.ep_rank with ranks = 2 exchanges rows between processes through NCCL, which only convert-fp8q-to-nccl (--fp8q-gpu-pipeline) lowers; the linalg lowering takes ranks = 1}}
  %r = fp8q.ep_rank {ranks = 2}
  return %r : index
}

// -----

func.func @moe_dispatch_two_ranks(%q: tensor<4x128xf8E4M3FN>, %s: tensor<4x1xf32>, %e: tensor<4x1xi32>, %rc0: tensor<1x8x128xf8E4M3FN>, %rs0: tensor<1x8x1xf32>, %c0: tensor<1xi32>, %s0: tensor<1x8xi32>) -> tensor<1xi32> {
  // expected-error @+1 {{'fp8q.moe_dispatch' op cannot be lowered to linalg: fp8q.moe_dispatch with ranks = 2 exchanges rows between processes through NCCL, which only convert-fp8q-to-nccl (--fp8q-gpu-pipeline) lowers; the linalg lowering takes ranks = 1}}
  %rc, %rs, %counts, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %s0)
      {ranks = 2, num_experts = 2, capacity = 8}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32>, tensor<4x1xi32>
      -> tensor<1x8x128xf8E4M3FN>, tensor<1x8x1xf32>, tensor<1xi32>, tensor<1x8xi32>
  return %counts : tensor<1xi32>
}

// -----

func.func @moe_combine_four_ranks(%y: tensor<1x8x16xf32>, %src: tensor<1x8xi32>, %c: tensor<1xi32>, %e: tensor<4x1xi32>, %o0: tensor<4x1x16xbf16>) -> tensor<4x1x16xbf16> {
  // expected-error @+1 {{'fp8q.moe_combine' op cannot be lowered to linalg: fp8q.moe_combine with ranks = 4 exchanges rows between processes through NCCL, which only convert-fp8q-to-nccl (--fp8q-gpu-pipeline) lowers; the linalg lowering takes ranks = 1}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 4, num_experts = 4}
      : tensor<1x8x16xf32>, tensor<1x8xi32>, tensor<1xi32>, tensor<4x1xi32> -> tensor<4x1x16xbf16>
  return %o : tensor<4x1x16xbf16>
}

// -----

func.func @moe_combine_slots_overflow(%y: tensor<4611686018427387904x4x16xf32>, %src: tensor<4611686018427387904x4xi32>, %c: tensor<4611686018427387904xi32>, %e: tensor<4x1xi32>, %o0: tensor<4x1x16xbf16>) -> tensor<4x1x16xbf16> {
  // expected-error @+1 {{'fp8q.moe_combine' op cannot be lowered to linalg: the number of expert slots (E_local * capacity) overflows int64}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 1, num_experts = 4611686018427387904}
      : tensor<4611686018427387904x4x16xf32>, tensor<4611686018427387904x4xi32>, tensor<4611686018427387904xi32>, tensor<4x1xi32> -> tensor<4x1x16xbf16>
  return %o : tensor<4x1x16xbf16>
}
