// RUN: fp8-opt %s --convert-fp8q-to-linalg -split-input-file -verify-diagnostics

// One case per reason the reference lowering rejects an op. The pass names
// the op and the reason, and fails without rewriting anything.

func.func @quantize_dynamic(%x: tensor<?x256xf32>, %q0: tensor<?x256xf8E4M3FN>,
                            %s0: tensor<?x2xf32>) -> tensor<?x256xf8E4M3FN> {
  // expected-error @+1 {{'fp8q.quantize' op cannot be lowered to linalg: dynamic shapes are not supported (operand #0 has type tensor<?x256xf32>)}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<?x256xf32> -> tensor<?x256xf8E4M3FN>, tensor<?x2xf32>
  return %q : tensor<?x256xf8E4M3FN>
}

// -----

func.func @dequantize_dynamic_init(%q: tensor<4x256xf8E4M3FN>, %s: tensor<4x2xf32>,
                                   %init: tensor<4x?xbf16>) -> tensor<4x?xbf16> {
  // expected-error @+1 {{'fp8q.dequantize' op cannot be lowered to linalg: dynamic shapes are not supported (operand #2 has type tensor<4x?xbf16>)}}
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<1x128>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<4x?xbf16>
  return %x : tensor<4x?xbf16>
}

// -----

func.func @tile_transpose_dynamic(%q: tensor<?x256xf8E4M3FN>, %s: tensor<?x2xf32>,
                                  %qt0: tensor<256x?xf8E4M3FN>, %st0: tensor<256x?xf32>)
    -> tensor<256x?xf8E4M3FN> {
  // expected-error @+1 {{'fp8q.tile_transpose' op cannot be lowered to linalg: dynamic shapes are not supported (operand #0 has type tensor<?x256xf8E4M3FN>)}}
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32> -> tensor<256x?xf8E4M3FN>, tensor<256x?xf32>
  return %qt : tensor<256x?xf8E4M3FN>
}

// -----

func.func @scaled_matmul_dynamic(%a: tensor<?x256xf8E4M3FN>, %sa: tensor<?x2xf32>,
                                 %b: tensor<128x256xf8E4M3FN>, %sb: tensor<1x2xf32>,
                                 %init: tensor<?x128xbf16>) -> tensor<?x128xbf16> {
  // expected-error @+1 {{'fp8q.scaled_matmul' op cannot be lowered to linalg: dynamic shapes are not supported (operand #0 has type tensor<?x256xf8E4M3FN>)}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%init)
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<128x256xf8E4M3FN>,
        tensor<1x2xf32> -> tensor<?x128xbf16>
  return %y : tensor<?x128xbf16>
}

// -----

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
