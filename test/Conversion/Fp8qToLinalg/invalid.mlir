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
