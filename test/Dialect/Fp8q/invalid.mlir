// RUN: fp8-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the fp8q dialect.

//===----------------------------------------------------------------------===//
// #fp8q.tile
//===----------------------------------------------------------------------===//

func.func @tile_not_pow2(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{unsupported tile 3x128: rows (3) must be a positive power of two}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<3x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @tile_zero(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{unsupported tile 1x0: cols (0) must be a positive power of two}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x0>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @tile_rank3(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{expected a 2-D tile ROWSxCOLS, got 3 extents}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @tile_dynamic(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{expected static shape}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<?x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @unknown_scale_mode(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+2 {{expected ::mlir::fp8q::ScaleMode to be one of: fp32, pow2}}
  // expected-error @+1 {{failed to parse Fp8q_ScaleModeAttr parameter 'value'}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<e8m0>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @unknown_scale_layout(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<1x4xf32>) {
  // expected-error @+2 {{expected ::mlir::fp8q::ScaleLayout to be one of: k_major, mn_major}}
  // expected-error @+1 {{failed to parse Fp8q_ScaleLayoutAttr parameter 'value'}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<row_major>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<1x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fp8q.quantize
//===----------------------------------------------------------------------===//

func.func @quantize_missing_tile(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{requires attribute 'tile'}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @quantize_rank(%x: tensor<2x4x128xf32>, %q0: tensor<2x4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{expected source to be 2-D, got 'tensor<2x4x128xf32>'}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<2x4x128xf32> -> tensor<2x4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @quantize_source_type(%x: tensor<4x128xi8>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or bfloat16 type or 16-bit float values, but got 'tensor<4x128xi8>'}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xi8> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

// f8E5M2 is not a storage type of the recipe.
func.func @quantize_e5m2(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E5M2>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of f8E4M3FN type values, but got 'tensor<4x128xf8E5M2>'}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E5M2>, tensor<4x1xf32>
  return
}

// -----

func.func @quantize_scale_type(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xbf16>) {
  // expected-error @+1 {{operand #2 must be ranked tensor of 32-bit float values, but got 'tensor<4x1xbf16>'}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xbf16>
  return
}

// -----

func.func @quantize_result_type(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{failed to verify that all of {q_init, q} have same type}}
  %q, %s = "fp8q.quantize"(%x, %q0, %s0) {tile = #fp8q.tile<1x128>}
      : (tensor<4x128xf32>, tensor<4x128xf8E4M3FN>, tensor<4x1xf32>) -> (tensor<4x256xf8E4M3FN>, tensor<4x1xf32>)
  return
}

// -----

func.func @quantize_eps_zero(%x: tensor<4x128xf32>, %q0: tensor<4x128xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{expected eps (0.000000e+00) to be finite and >= 1.000000e-30}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, eps = 0.0 : f32}
      : tensor<4x128xf32> -> tensor<4x128xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @quantize_q_shape(%x: tensor<4x128xf32>, %q0: tensor<4x64xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{expected q_init to have shape [4, 128] (same as source), got [4, 64]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x64xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

// A rank mismatch is a shape mismatch: the expected shape names both extents.
func.func @quantize_q_rank(%x: tensor<4x128xf32>, %q0: tensor<4x128x1xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{expected q_init to have shape [4, 128] (same as source), got [4, 128, 1]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf32> -> tensor<4x128x1xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @quantize_q_shape_transposed(%x: tensor<256x64xf32>, %q0: tensor<256x64xf8E4M3FN>, %s0: tensor<64x2xf32>) {
  // expected-error @+1 {{expected q_init to have shape [64, 256] (source transposed), got [256, 64]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x64xf32> -> tensor<256x64xf8E4M3FN>, tensor<64x2xf32>
  return
}

// -----

func.func @quantize_scale_shape(%x: tensor<4x200xf32>, %q0: tensor<4x200xf8E4M3FN>, %s0: tensor<4x1xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [4, 2] (one scale per 1x128 tile), got [4, 1]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x200xf32> -> tensor<4x200xf8E4M3FN>, tensor<4x1xf32>
  return
}

// -----

func.func @quantize_scale_shape_transposed(%x: tensor<256x64xf32>, %q0: tensor<64x256xf8E4M3FN>, %s0: tensor<2x64xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [64, 2] (one scale per 128x1 tile, transposed), got [2, 64]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x64xf32> -> tensor<64x256xf8E4M3FN>, tensor<2x64xf32>
  return
}

// -----

// scale_layout = mn_major expects the tile grid transposed: the k_major
// shape is rejected (1x128: [ceil(C/128), R] = [2, 130], not [130, 2]).
func.func @quantize_mn_major_given_k_major_shape(%x: tensor<130x200xbf16>, %q0: tensor<130x200xf8E4M3FN>, %s0: tensor<130x2xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [2, 130] (one scale per 1x128 tile, mn_major), got [130, 2]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x200xbf16> -> tensor<130x200xf8E4M3FN>, tensor<130x2xf32>
  return
}

// -----

// With transpose, mn_major transposes the scales back: 128x1 on [256, 64]
// gives [ceil(256/128), 64] = [2, 64].
func.func @quantize_mn_major_transposed_given_k_major_shape(%x: tensor<256x64xf32>, %q0: tensor<64x256xf8E4M3FN>, %s0: tensor<64x2xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [2, 64] (one scale per 128x1 tile, transposed, mn_major), got [64, 2]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<256x64xf32> -> tensor<64x256xf8E4M3FN>, tensor<64x2xf32>
  return
}

// -----

func.func @quantize_mn_major_block_given_k_major_shape(%x: tensor<300x200xf32>, %q0: tensor<300x200xf8E4M3FN>, %s0: tensor<3x2xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [2, 3] (one scale per 128x128 tile, mn_major), got [3, 2]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x200xf32> -> tensor<300x200xf8E4M3FN>, tensor<3x2xf32>
  return
}

// -----

// And vice versa: k_major (explicit or the default) rejects the mn_major
// shape, and its message does not say mn_major.
func.func @quantize_k_major_given_mn_major_shape(%x: tensor<130x200xbf16>, %q0: tensor<130x200xf8E4M3FN>, %s0: tensor<2x130xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [130, 2] (one scale per 1x128 tile), got [2, 130]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<k_major>}
      : tensor<130x200xbf16> -> tensor<130x200xf8E4M3FN>, tensor<2x130xf32>
  return
}

// -----

func.func @quantize_default_given_mn_major_shape(%x: tensor<256x64xf32>, %q0: tensor<64x256xf8E4M3FN>, %s0: tensor<2x64xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [64, 2] (one scale per 128x1 tile, transposed), got [2, 64]}}
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<256x64xf32> -> tensor<64x256xf8E4M3FN>, tensor<2x64xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fp8q.dequantize
//===----------------------------------------------------------------------===//

func.func @dequantize_rank(%q: tensor<128xf8E4M3FN>, %s: tensor<1x1xf32>, %i: tensor<128xf32>) {
  // expected-error @+1 {{expected q to be 2-D, got 'tensor<128xf8E4M3FN>'}}
  %x = fp8q.dequantize %q, %s outs(%i) {tile = #fp8q.tile<1x128>}
      : tensor<128xf8E4M3FN>, tensor<1x1xf32> -> tensor<128xf32>
  return
}

// -----

func.func @dequantize_init_shape(%q: tensor<4x128xf8E4M3FN>, %s: tensor<4x1xf32>, %i: tensor<128x4xf32>) {
  // expected-error @+1 {{expected init to have shape [4, 128] (same as q), got [128, 4]}}
  %x = fp8q.dequantize %q, %s outs(%i) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32> -> tensor<128x4xf32>
  return
}

// -----

func.func @dequantize_scale_shape(%q: tensor<256x256xf8E4M3FN>, %s: tensor<256x2xf32>, %i: tensor<256x256xf32>) {
  // expected-error @+1 {{expected scale to have shape [2, 2] (one scale per 128x128 tile), got [256, 2]}}
  %x = fp8q.dequantize %q, %s outs(%i) {tile = #fp8q.tile<128x128>}
      : tensor<256x256xf8E4M3FN>, tensor<256x2xf32> -> tensor<256x256xf32>
  return
}

// -----

// mn_major: scale is [ceil(C/TC), ceil(R/TR)] = [2, 3] for q [300, 200] in
// 128x128 tiles; the k_major [3, 2] is rejected.
func.func @dequantize_mn_major_given_k_major_shape(%q: tensor<300x200xf8E4M3FN>, %s: tensor<3x2xf32>, %i: tensor<300x200xf32>) {
  // expected-error @+1 {{expected scale to have shape [2, 3] (one scale per 128x128 tile, mn_major), got [3, 2]}}
  %x = fp8q.dequantize %q, %s outs(%i) {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x200xf8E4M3FN>, tensor<3x2xf32> -> tensor<300x200xf32>
  return
}

// -----

func.func @dequantize_mn_major_rowwise_given_k_major_shape(%q: tensor<130x200xf8E4M3FN>, %s: tensor<130x2xf32>, %i: tensor<130x200xbf16>) {
  // expected-error @+1 {{expected scale to have shape [2, 130] (one scale per 1x128 tile, mn_major), got [130, 2]}}
  %x = fp8q.dequantize %q, %s outs(%i) {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x200xf8E4M3FN>, tensor<130x2xf32> -> tensor<130x200xbf16>
  return
}

// -----

func.func @dequantize_k_major_given_mn_major_shape(%q: tensor<130x200xf8E4M3FN>, %s: tensor<2x130xf32>, %i: tensor<130x200xf32>) {
  // expected-error @+1 {{expected scale to have shape [130, 2] (one scale per 1x128 tile), got [2, 130]}}
  %x = fp8q.dequantize %q, %s outs(%i) {tile = #fp8q.tile<1x128>}
      : tensor<130x200xf8E4M3FN>, tensor<2x130xf32> -> tensor<130x200xf32>
  return
}

// -----

func.func @dequantize_out_type(%q: tensor<4x128xf8E4M3FN>, %s: tensor<4x1xf32>, %i: tensor<4x128xf8E4M3FN>) {
  // expected-error @+1 {{operand #2 must be ranked tensor of 32-bit float or bfloat16 type or 16-bit float values, but got 'tensor<4x128xf8E4M3FN>'}}
  %x = fp8q.dequantize %q, %s outs(%i) {tile = #fp8q.tile<1x128>}
      : tensor<4x128xf8E4M3FN>, tensor<4x1xf32> -> tensor<4x128xf8E4M3FN>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fp8q.tile_transpose
//===----------------------------------------------------------------------===//

func.func @tile_transpose_not_row_tile(%q: tensor<256x256xf8E4M3FN>, %s: tensor<2x2xf32>, %qt: tensor<256x256xf8E4M3FN>, %st: tensor<2x2xf32>) {
  // expected-error @+1 {{expected a 1xG row tile, got 128x128}}
  %a, %b = fp8q.tile_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<128x128>}
      : tensor<256x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<256x256xf8E4M3FN>, tensor<2x2xf32>
  return
}

// -----

func.func @tile_transpose_rank(%q: tensor<256xf8E4M3FN>, %s: tensor<2x2xf32>, %qt: tensor<256xf8E4M3FN>, %st: tensor<2x2xf32>) {
  // expected-error @+1 {{expected q to be 2-D, got 'tensor<256xf8E4M3FN>'}}
  %a, %b = fp8q.tile_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<1x128>}
      : tensor<256xf8E4M3FN>, tensor<2x2xf32> -> tensor<256xf8E4M3FN>, tensor<2x2xf32>
  return
}

// -----

func.func @tile_transpose_eps(%q: tensor<128x256xf8E4M3FN>, %s: tensor<128x2xf32>, %qt: tensor<256x128xf8E4M3FN>, %st: tensor<256x1xf32>) {
  // expected-error @+1 {{expected eps (-1.000000e+00) to be finite and >= 1.000000e-30}}
  %a, %b = fp8q.tile_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<1x128>, eps = -1.0 : f32}
      : tensor<128x256xf8E4M3FN>, tensor<128x2xf32> -> tensor<256x128xf8E4M3FN>, tensor<256x1xf32>
  return
}

// -----

func.func @tile_transpose_scale(%q: tensor<128x256xf8E4M3FN>, %s: tensor<128x1xf32>, %qt: tensor<256x128xf8E4M3FN>, %st: tensor<256x1xf32>) {
  // expected-error @+1 {{expected scale to have shape [128, 2] (one scale per 1x128 tile), got [128, 1]}}
  %a, %b = fp8q.tile_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<1x128>}
      : tensor<128x256xf8E4M3FN>, tensor<128x1xf32> -> tensor<256x128xf8E4M3FN>, tensor<256x1xf32>
  return
}

// -----

func.func @tile_transpose_q_init(%q: tensor<128x256xf8E4M3FN>, %s: tensor<128x2xf32>, %qt: tensor<128x256xf8E4M3FN>, %st: tensor<256x1xf32>) {
  // expected-error @+1 {{expected q_init to have shape [256, 128] (q transposed), got [128, 256]}}
  %a, %b = fp8q.tile_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<1x128>}
      : tensor<128x256xf8E4M3FN>, tensor<128x2xf32> -> tensor<128x256xf8E4M3FN>, tensor<256x1xf32>
  return
}

// -----

func.func @tile_transpose_scale_init(%q: tensor<300x256xf8E4M3FN>, %s: tensor<300x2xf32>, %qt: tensor<256x300xf8E4M3FN>, %st: tensor<256x2xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [256, 3] (one scale per 1xG tile of the transpose), got [256, 2]}}
  %a, %b = fp8q.tile_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<1x128>}
      : tensor<300x256xf8E4M3FN>, tensor<300x2xf32> -> tensor<256x300xf8E4M3FN>, tensor<256x2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fp8q.block_transpose
//===----------------------------------------------------------------------===//

func.func @block_transpose_not_square(%q: tensor<256x256xf8E4M3FN>, %s: tensor<256x2xf32>, %qt: tensor<256x256xf8E4M3FN>, %st: tensor<2x256xf32>) {
  // expected-error @+1 {{expected a square GxG block tile, got 1x128}}
  %a, %b = fp8q.block_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<1x128>}
      : tensor<256x256xf8E4M3FN>, tensor<256x2xf32> -> tensor<256x256xf8E4M3FN>, tensor<2x256xf32>
  return
}

// -----

func.func @block_transpose_rank(%q: tensor<256xf8E4M3FN>, %s: tensor<2x2xf32>, %qt: tensor<256xf8E4M3FN>, %st: tensor<2x2xf32>) {
  // expected-error @+1 {{expected q to be 2-D, got 'tensor<256xf8E4M3FN>'}}
  %a, %b = fp8q.block_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<128x128>}
      : tensor<256xf8E4M3FN>, tensor<2x2xf32> -> tensor<256xf8E4M3FN>, tensor<2x2xf32>
  return
}

// -----

func.func @block_transpose_scale(%q: tensor<300x200xf8E4M3FN>, %s: tensor<2x2xf32>, %qt: tensor<200x300xf8E4M3FN>, %st: tensor<2x3xf32>) {
  // expected-error @+1 {{expected scale to have shape [3, 2] (one scale per 128x128 tile), got [2, 2]}}
  %a, %b = fp8q.block_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<128x128>}
      : tensor<300x200xf8E4M3FN>, tensor<2x2xf32> -> tensor<200x300xf8E4M3FN>, tensor<2x3xf32>
  return
}

// -----

func.func @block_transpose_q_init(%q: tensor<300x200xf8E4M3FN>, %s: tensor<3x2xf32>, %qt: tensor<300x200xf8E4M3FN>, %st: tensor<2x3xf32>) {
  // expected-error @+1 {{expected q_init to have shape [200, 300] (q transposed), got [300, 200]}}
  %a, %b = fp8q.block_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<128x128>}
      : tensor<300x200xf8E4M3FN>, tensor<3x2xf32> -> tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
  return
}

// -----

func.func @block_transpose_scale_init(%q: tensor<300x200xf8E4M3FN>, %s: tensor<3x2xf32>, %qt: tensor<200x300xf8E4M3FN>, %st: tensor<3x2xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [2, 3] (scale transposed), got [3, 2]}}
  %a, %b = fp8q.block_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<128x128>}
      : tensor<300x200xf8E4M3FN>, tensor<3x2xf32> -> tensor<200x300xf8E4M3FN>, tensor<3x2xf32>
  return
}

// -----

// A dynamic R: the scale rows are unknown, the columns still checked.
func.func @block_transpose_dynamic_scale_init(%q: tensor<?x200xf8E4M3FN>, %s: tensor<?x2xf32>, %qt: tensor<200x?xf8E4M3FN>, %st: tensor<3x?xf32>) {
  // expected-error @+1 {{expected scale_init to have shape [2, ?] (scale transposed), got [3, ?]}}
  %a, %b = fp8q.block_transpose %q, %s outs(%qt, %st) {tile = #fp8q.tile<128x128>}
      : tensor<?x200xf8E4M3FN>, tensor<?x2xf32> -> tensor<200x?xf8E4M3FN>, tensor<3x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fp8q.scaled_matmul
//===----------------------------------------------------------------------===//

func.func @mm_group_size(%a: tensor<4x384xf8E4M3FN>, %sa: tensor<4x4xf32>, %b: tensor<8x384xf8E4M3FN>, %sb: tensor<1x4xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected group_size (96) to be a positive power of two}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {group_size = 96}
      : tensor<4x384xf8E4M3FN>, tensor<4x4xf32>, tensor<8x384xf8E4M3FN>, tensor<1x4xf32> -> tensor<4x8xf32>
  return
}

// -----

// The other branch of the same condition: not positive.
func.func @mm_group_size_zero(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected group_size (0) to be a positive power of two}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {group_size = 0}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_promotion(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected promotion_interval (256) to be a power of two dividing group_size (128)}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {promotion_interval = 256}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_b_tile(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected b_tile 128x64 to span group_size (128) columns along K}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {b_tile = #fp8q.tile<128x64>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_promotion_zero(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected promotion_interval (0) to be a power of two dividing group_size (128)}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {promotion_interval = 0}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_rank(%a: tensor<2x4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected a to be 2-D, got 'tensor<2x4x256xf8E4M3FN>'}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<2x4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_rank_b(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected b to be 2-D, got 'tensor<256xf8E4M3FN>'}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_rank_a_scale(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2x1xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected a_scale to be 2-D, got 'tensor<4x2x1xf32>'}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2x1xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_rank_b_scale(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected b_scale to be 2-D, got 'tensor<2xf32>'}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_rank_init(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<1x4x8xf32>) {
  // expected-error @+1 {{expected init to be 2-D, got 'tensor<1x4x8xf32>'}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<1x4x8xf32>
  return
}

// -----

func.func @mm_k_mismatch(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x384xf8E4M3FN>, %sb: tensor<1x3xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected the K extent of b (384) to equal the K extent of a (256)}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x384xf8E4M3FN>, tensor<1x3xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_k_not_multiple(%a: tensor<4x200xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x200xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected K (200) to be a multiple of the group size 128}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x200xf8E4M3FN>, tensor<4x2xf32>, tensor<8x200xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_a_scale(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<1x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected a_scale to have shape [4, 2] (one scale per 1xG tile of a), got [1, 2]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<1x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

// a_scale_layout = mn_major takes a_scale as [K/G, M]: the k_major shape
// [M, K/G] = [4, 2] is rejected, naming the layout.
func.func @mm_a_scale_mn_major_given_k_major_shape(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{'fp8q.scaled_matmul' op expected a_scale to have shape [2, 4] (one scale per 1xG tile of a, mn_major), got [4, 2]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

// And the default (k_major) rejects the transposed [K/G, M] shape.
func.func @mm_a_scale_k_major_given_mn_major_shape(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<2x4xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{'fp8q.scaled_matmul' op expected a_scale to have shape [4, 2] (one scale per 1xG tile of a), got [2, 4]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<2x4xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

// An explicit k_major is the default.
func.func @mm_a_scale_explicit_k_major_given_mn_major_shape(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<2x4xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{'fp8q.scaled_matmul' op expected a_scale to have shape [4, 2] (one scale per 1xG tile of a), got [2, 4]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {a_scale_layout = #fp8q.scale_layout<k_major>}
      : tensor<4x256xf8E4M3FN>, tensor<2x4xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

// The Wgrad form (b_tile 1xG) with group 64: mn_major a_scale [K/64, M] =
// [4, 3]; a b_scale error is still reported as before.
func.func @mm_a_scale_mn_major_wgrad_g64(%a: tensor<3x256xf8E4M3FN>, %sa: tensor<3x4xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<8x4xf32>, %c: tensor<3x8xf32>) {
  // expected-error @+1 {{expected a_scale to have shape [4, 3] (one scale per 1xG tile of a, mn_major), got [3, 4]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {group_size = 64, promotion_interval = 64, b_tile = #fp8q.tile<1x64>, accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<3x256xf8E4M3FN>, tensor<3x4xf32>, tensor<8x256xf8E4M3FN>, tensor<8x4xf32> -> tensor<3x8xf32>
  return
}

// -----

func.func @mm_a_scale_mn_major_b_scale(%a: tensor<3x256xf8E4M3FN>, %sa: tensor<2x3xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<2x1xf32>, %c: tensor<3x8xf32>) {
  // expected-error @+1 {{expected b_scale to have shape [1, 2] (one scale per 128x128 tile of b), got [2, 1]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<3x256xf8E4M3FN>, tensor<2x3xf32>, tensor<8x256xf8E4M3FN>, tensor<2x1xf32> -> tensor<3x8xf32>
  return
}

// -----

// Dynamic extents are compared where both are known: with M dynamic the
// mn_major a_scale [4, ?] has the wrong K/G extent (4, not 2) in its first
// dimension (as k_major, [?, 2], it would pass).
func.func @mm_a_scale_mn_major_dynamic(%a: tensor<?x256xf8E4M3FN>, %sa: tensor<4x?xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<?x8xf32>) {
  // expected-error @+1 {{expected a_scale to have shape [2, ?] (one scale per 1xG tile of a, mn_major), got [4, ?]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<?x256xf8E4M3FN>, tensor<4x?xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<?x8xf32>
  return
}

// -----

func.func @mm_a_scale_layout_unknown(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<2x4xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+2 {{expected ::mlir::fp8q::ScaleLayout to be one of: k_major, mn_major}}
  // expected-error @+1 {{failed to parse Fp8q_ScaleLayoutAttr parameter 'value'}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {a_scale_layout = #fp8q.scale_layout<row_major>}
      : tensor<4x256xf8E4M3FN>, tensor<2x4xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_a_scale_layout_wrong_attr(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<2x4xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{attribute 'a_scale_layout' failed to satisfy constraint: scale layout: `k_major` (the tile grid) or `mn_major` (its transpose)}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {a_scale_layout = #fp8q.scale_mode<pow2>}
      : tensor<4x256xf8E4M3FN>, tensor<2x4xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_b_scale(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<200x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x200xf32>) {
  // expected-error @+1 {{expected b_scale to have shape [2, 2] (one scale per 128x128 tile of b), got [1, 2]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<200x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x200xf32>
  return
}

// -----

func.func @mm_b_scale_rowwise(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf32>) {
  // expected-error @+1 {{expected b_scale to have shape [8, 2] (one scale per 1x128 tile of b), got [1, 2]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {b_tile = #fp8q.tile<1x128>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @mm_init_shape(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<8x4xf32>) {
  // expected-error @+1 {{expected init to have shape [4, 8] ([M, N]), got [8, 4]}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @mm_out_type(%a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>, %b: tensor<8x256xf8E4M3FN>, %sb: tensor<1x2xf32>, %c: tensor<4x8xf16>) {
  // expected-error @+1 {{operand #4 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<4x8xf16>'}}
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>, tensor<8x256xf8E4M3FN>, tensor<1x2xf32> -> tensor<4x8xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fp8q.retain and other discardable attributes
//===----------------------------------------------------------------------===//

func.func @retain_wrong_value(%x: f32) -> f32 {
  // expected-error @+1 {{expected 'fp8q.retain' to be a #fp8q.retain<reason> attribute (embedding, output_head, gating, norm, attention, user), got "norm"}}
  %0 = arith.addf %x, %x {fp8q.retain = "norm"} : f32
  return %0 : f32
}

// -----

func.func @retain_unknown_reason(%x: f32) -> f32 {
  // expected-error @+2 {{expected ::mlir::fp8q::RetainReason to be one of: embedding, output_head, gating, norm, attention, user}}
  // expected-error @+1 {{failed to parse Fp8q_RetainAttr parameter 'value'}}
  %0 = arith.addf %x, %x {fp8q.retain = #fp8q.retain<softmax>} : f32
  return %0 : f32
}

// -----

func.func @unknown_discardable(%x: f32) -> f32 {
  // expected-error @+1 {{unknown fp8q discardable attribute 'fp8q.keep'; the known ones are 'fp8q.retain', 'fp8q.unquantized' and 'fp8q.kernel'}}
  %0 = arith.addf %x, %x {fp8q.keep = #fp8q.retain<norm>} : f32
  return %0 : f32
}

// -----

func.func @kernel_config_on_func(%x: f32) -> f32 {
  // expected-error @+1 {{'fp8q.kernel' belongs on a gpu.module or gpu.binary}}
  %0 = arith.addf %x, %x {fp8q.kernel = {kind = "rowwise"}} : f32
  return %0 : f32
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{expected 'fp8q.kernel' to be a dictionary with a string 'kind', got {source = "bf16"}}}
  gpu.module @k attributes {fp8q.kernel = {source = "bf16"}} {
  }
}

// -----

//===----------------------------------------------------------------------===//
// Expert parallelism: ep_rank, moe_dispatch, moe_combine
//===----------------------------------------------------------------------===//

// -----

func.func @ep_rank_zero() {
  // expected-error @+1 {{expected ranks (0) to be >= 1}}
  %r = fp8q.ep_rank {ranks = 0}
  return
}

// -----

func.func @dispatch_experts_not_multiple(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected num_experts (6) to be a positive multiple of ranks (4)}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 4, num_experts = 6, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_capacity(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected capacity (0) to be >= 1}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 0}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_group_size(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected group_size (96) to be a positive power of two}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64, group_size = 96}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_codes_rank(%q: tensor<2x32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected codes to be 2-D, got 'tensor<2x32x256xf8E4M3FN>'}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<2x32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_k_group(%q: tensor<32x200xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x200xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected K (200) to be a multiple of the group size 128}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x200xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x200xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_scales(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x4xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected scales to have shape [32, 2] (one scale per 1xG tile of codes), got [32, 4]}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x4xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_experts(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<16x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected experts to have shape [32, 2] (one row of expert ids per token), got [16, 2]}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<16x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_no_experts(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x0xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected at least one expert per token (experts has shape 'tensor<32x0xi32>')}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x0xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_recv_codes(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<8x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected recv_codes to have shape [4, 64, 256] (num_experts / ranks, capacity, K), got [8, 64, 256]}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<8x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_recv_codes_dynamic(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x?x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected recv_codes to have shape [4, 64, 256] (num_experts / ranks, capacity, K), got [4, ?, 256]}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x?x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_recv_scales(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x32x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected recv_scales to have shape [4, 64, 2] (num_experts / ranks, capacity, K / G), got [4, 32, 2]}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x32x2xf32>, tensor<4xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_counts(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<8xi32>, %src0: tensor<4x64xi32>) {
  // expected-error @+1 {{expected counts to have shape [4] (one row count per local expert), got [8]}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<8xi32>, tensor<4x64xi32>
  return
}

// -----

func.func @dispatch_sources(%q: tensor<32x256xf8E4M3FN>, %s: tensor<32x2xf32>, %e: tensor<32x2xi32>, %rc0: tensor<4x64x256xf8E4M3FN>, %rs0: tensor<4x64x2xf32>, %c0: tensor<4xi32>, %src0: tensor<4x32xi32>) {
  // expected-error @+1 {{expected sources to have shape [4, 64] (num_experts / ranks, capacity), got [4, 32]}}
  %rc, %rs, %c, %src = fp8q.moe_dispatch %q, %s, %e outs(%rc0, %rs0, %c0, %src0) {ranks = 2, num_experts = 8, capacity = 64}
      : tensor<32x256xf8E4M3FN>, tensor<32x2xf32>, tensor<32x2xi32> -> tensor<4x64x256xf8E4M3FN>, tensor<4x64x2xf32>, tensor<4xi32>, tensor<4x32xi32>
  return
}

// -----

func.func @combine_ranks(%y: tensor<4x64x512xbf16>, %src: tensor<4x64xi32>, %c: tensor<4xi32>, %e: tensor<32x2xi32>, %o0: tensor<32x2x512xbf16>) {
  // expected-error @+1 {{expected ranks (0) to be >= 1}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 0, num_experts = 8}
      : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
  return
}

// -----

func.func @combine_expert_out_rank(%y: tensor<256x512xbf16>, %src: tensor<4x64xi32>, %c: tensor<4xi32>, %e: tensor<32x2xi32>, %o0: tensor<32x2x512xbf16>) {
  // expected-error @+1 {{expected expert_out to be 3-D ([E_local, C, N]), got 'tensor<256x512xbf16>'}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<256x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
  return
}

// -----

func.func @combine_experts_rank(%y: tensor<4x64x512xbf16>, %src: tensor<4x64xi32>, %c: tensor<4xi32>, %e: tensor<64xi32>, %o0: tensor<32x2x512xbf16>) {
  // expected-error @+1 {{expected experts to be 2-D, got 'tensor<64xi32>'}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<64xi32> -> tensor<32x2x512xbf16>
  return
}

// -----

func.func @combine_expert_out(%y: tensor<8x64x512xbf16>, %src: tensor<4x64xi32>, %c: tensor<4xi32>, %e: tensor<32x2xi32>, %o0: tensor<32x2x512xbf16>) {
  // expected-error @+1 {{expected expert_out to have shape [4, ?, 512] (num_experts / ranks, capacity, N), got [8, 64, 512]}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<8x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
  return
}

// -----

func.func @combine_dynamic_capacity(%y: tensor<4x?x512xbf16>, %src: tensor<4x64xi32>, %c: tensor<4xi32>, %e: tensor<32x2xi32>, %o0: tensor<32x2x512xbf16>) {
  // expected-error @+1 {{expected a static capacity (extent 1 of expert_out), got 'tensor<4x?x512xbf16>'}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x?x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
  return
}

// -----

func.func @combine_sources(%y: tensor<4x64x512xbf16>, %src: tensor<4x32xi32>, %c: tensor<4xi32>, %e: tensor<32x2xi32>, %o0: tensor<32x2x512xbf16>) {
  // expected-error @+1 {{expected sources to have shape [4, 64] (num_experts / ranks, capacity), got [4, 32]}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x64x512xbf16>, tensor<4x32xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
  return
}

// -----

func.func @combine_counts(%y: tensor<4x64x512xbf16>, %src: tensor<4x64xi32>, %c: tensor<2xi32>, %e: tensor<32x2xi32>, %o0: tensor<32x2x512xbf16>) {
  // expected-error @+1 {{expected counts to have shape [4] (one row count per local expert), got [2]}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<2xi32>, tensor<32x2xi32> -> tensor<32x2x512xbf16>
  return
}

// -----

func.func @combine_init(%y: tensor<4x64x512xbf16>, %src: tensor<4x64xi32>, %c: tensor<4xi32>, %e: tensor<32x2xi32>, %o0: tensor<32x1x512xbf16>) {
  // expected-error @+1 {{expected init to have shape [32, 2, 512] (T, k, N), got [32, 1, 512]}}
  %o = fp8q.moe_combine %y, %src, %c, %e outs(%o0) {ranks = 2, num_experts = 8}
      : tensor<4x64x512xbf16>, tensor<4x64xi32>, tensor<4xi32>, tensor<32x2xi32> -> tensor<32x1x512xbf16>
  return
}
