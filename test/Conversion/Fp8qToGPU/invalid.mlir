// RUN: fp8-opt %s --convert-fp8q-to-gpu -split-input-file -verify-diagnostics

func.func @tile_1x64(%x: tensor<4x128xbf16>) -> tensor<4x128xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<4x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x2xf32>
  // expected-error @+1 {{'fp8q.quantize' op unsupported tile 1x64 on the GPU path: the kernels cover 1x128, 128x128 (with or without transpose) and 128x1 with transpose}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x64>}
      : tensor<4x128xbf16> -> tensor<4x128xf8E4M3FN>, tensor<4x2xf32>
  return %q : tensor<4x128xf8E4M3FN>
}

// -----

func.func @column_tile_without_transpose(%x: tensor<128x4xf32>) -> tensor<128x4xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<128x4xf8E4M3FN>
  %s0 = tensor.empty() : tensor<1x4xf32>
  // expected-error @+1 {{'fp8q.quantize' op unsupported tile 128x1 on the GPU path}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>}
      : tensor<128x4xf32> -> tensor<128x4xf8E4M3FN>, tensor<1x4xf32>
  return %q : tensor<128x4xf8E4M3FN>
}

// -----

func.func @row_tile_with_transpose(%x: tensor<4x128xf32>) -> tensor<128x4xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<128x4xf8E4M3FN>
  %s0 = tensor.empty() : tensor<1x4xf32>
  // expected-error @+1 {{'fp8q.quantize' op unsupported tile 1x128 with transpose on the GPU path}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, transpose}
      : tensor<4x128xf32> -> tensor<128x4xf8E4M3FN>, tensor<1x4xf32>
  return %q : tensor<128x4xf8E4M3FN>
}

// -----

func.func @unaligned_rows(%x: tensor<4x100xbf16>) -> tensor<4x100xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<4x100xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x1xf32>
  // expected-error @+1 {{'fp8q.quantize' op expected the row stride of the source (K = 100 elements of 2 bytes = 200 bytes) to be a multiple of 16 bytes (the GPU kernels load rows with 16-byte vectors)}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x100xbf16> -> tensor<4x100xf8E4M3FN>, tensor<4x1xf32>
  return %q : tensor<4x100xf8E4M3FN>
}

// -----

func.func @unaligned_f32_rows(%x: tensor<300x6xf32>) -> tensor<6x300xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<6x300xf8E4M3FN>
  %s0 = tensor.empty() : tensor<6x3xf32>
  // expected-error @+1 {{(K = 6 elements of 4 bytes = 24 bytes)}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<300x6xf32> -> tensor<6x300xf8E4M3FN>, tensor<6x3xf32>
  return %q : tensor<6x300xf8E4M3FN>
}

// -----

func.func @too_many_rows(%x: tensor<8388481x128xbf16>) -> tensor<8388481x128xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<8388481x128xf8E4M3FN>
  %s0 = tensor.empty() : tensor<8388481x1xf32>
  // expected-error @+1 {{'fp8q.quantize' op expected at most 8388480 rows in the source (got M = 8388481): the GPU grid has at most 65535 CTAs of 128 rows along M}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<8388481x128xbf16> -> tensor<8388481x128xf8E4M3FN>, tensor<8388481x1xf32>
  return %q : tensor<8388481x128xf8E4M3FN>
}

// -----

func.func @tile_transpose_1x64(%q: tensor<64x64xf8E4M3FN>, %s: tensor<64x1xf32>)
    -> tensor<64x64xf8E4M3FN> {
  %qt0 = tensor.empty() : tensor<64x64xf8E4M3FN>
  %st0 = tensor.empty() : tensor<64x1xf32>
  // expected-error @+1 {{'fp8q.tile_transpose' op unsupported tile 1x64 on the GPU path: the kernel covers 1x128}}
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x64>}
      : tensor<64x64xf8E4M3FN>, tensor<64x1xf32> -> tensor<64x64xf8E4M3FN>, tensor<64x1xf32>
  return %qt : tensor<64x64xf8E4M3FN>
}

// -----

func.func @tile_transpose_unaligned(%q: tensor<64x200xf8E4M3FN>, %s: tensor<64x2xf32>)
    -> tensor<200x64xf8E4M3FN> {
  %qt0 = tensor.empty() : tensor<200x64xf8E4M3FN>
  %st0 = tensor.empty() : tensor<200x1xf32>
  // expected-error @+1 {{'fp8q.tile_transpose' op expected the row stride of q (K = 200 elements of 1 bytes = 200 bytes) to be a multiple of 16 bytes}}
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<1x128>}
      : tensor<64x200xf8E4M3FN>, tensor<64x2xf32> -> tensor<200x64xf8E4M3FN>, tensor<200x1xf32>
  return %qt : tensor<200x64xf8E4M3FN>
}

// -----

func.func @block_transpose_64x64(%q: tensor<64x64xf8E4M3FN>, %s: tensor<1x1xf32>)
    -> tensor<64x64xf8E4M3FN> {
  %qt0 = tensor.empty() : tensor<64x64xf8E4M3FN>
  %st0 = tensor.empty() : tensor<1x1xf32>
  // expected-error @+1 {{'fp8q.block_transpose' op unsupported tile 64x64 on the GPU path: the kernel covers 128x128}}
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<64x64>}
      : tensor<64x64xf8E4M3FN>, tensor<1x1xf32> -> tensor<64x64xf8E4M3FN>, tensor<1x1xf32>
  return %qt : tensor<64x64xf8E4M3FN>
}

// -----

func.func @block_transpose_unaligned(%q: tensor<64x200xf8E4M3FN>, %s: tensor<1x2xf32>)
    -> tensor<200x64xf8E4M3FN> {
  %qt0 = tensor.empty() : tensor<200x64xf8E4M3FN>
  %st0 = tensor.empty() : tensor<2x1xf32>
  // expected-error @+1 {{'fp8q.block_transpose' op expected the row stride of q (K = 200 elements of 1 bytes = 200 bytes) to be a multiple of 16 bytes}}
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0) {tile = #fp8q.tile<128x128>}
      : tensor<64x200xf8E4M3FN>, tensor<1x2xf32> -> tensor<200x64xf8E4M3FN>, tensor<2x1xf32>
  return %qt : tensor<200x64xf8E4M3FN>
}

// -----

// Extent products are checked arithmetic (no signed overflow): a row of
// 2^62 f32 elements is 2^64 bytes.
func.func @row_stride_overflows(%x: tensor<0x4611686018427387904xf32>,
                                %q0: tensor<0x4611686018427387904xf8E4M3FN>,
                                %s0: tensor<0x36028797018963968xf32>)
    -> tensor<0x4611686018427387904xf8E4M3FN> {
  // expected-error @+1 {{'fp8q.quantize' op the row stride of the source (K = 4611686018427387904 elements of 4 bytes) overflows int64}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<0x4611686018427387904xf32>
      -> tensor<0x4611686018427387904xf8E4M3FN>, tensor<0x36028797018963968xf32>
  return %q : tensor<0x4611686018427387904xf8E4M3FN>
}

// -----

func.func @byte_size_overflows(%x: tensor<4x4611686018427387904xbf16>,
                               %q0: tensor<4x4611686018427387904xf8E4M3FN>,
                               %s0: tensor<4x36028797018963968xf32>)
    -> tensor<4x4611686018427387904xf8E4M3FN> {
  // expected-error @+1 {{'fp8q.quantize' op the byte size of operand #0 (tensor<4x4611686018427387904xbf16>) overflows int64}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x4611686018427387904xbf16>
      -> tensor<4x4611686018427387904xf8E4M3FN>, tensor<4x36028797018963968xf32>
  return %q : tensor<4x4611686018427387904xf8E4M3FN>
}
