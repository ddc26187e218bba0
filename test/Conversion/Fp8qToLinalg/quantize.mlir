// RUN: fp8-opt %s --convert-fp8q-to-linalg --split-input-file | FileCheck %s

// A 1x128 tile with a column tail: the amax reduction pads to whole tiles,
// the code generic reads the reciprocal through a floordiv map.

// CHECK-DAG: #[[ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[TILE4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[GRID:.*]] = affine_map<(d0, d1) -> (d0, d1 floordiv 128)>
// CHECK-LABEL: func.func @quantize_row_tiles_tail
// CHECK-SAME: (%[[X:.*]]: tensor<4x200xbf16>)
// CHECK-DAG: %[[Q0:.*]] = tensor.empty() : tensor<4x200xf8E4M3FN>
// CHECK-DAG: %[[S0:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0] high[0, 56]
// CHECK: tensor<4x200xbf16> to tensor<4x256xbf16>
// CHECK: %[[TILES:.*]] = tensor.expand_shape %[[PAD]] {{\[}}[0, 1], [2, 3]] output_shape [4, 1, 2, 128]
// CHECK: %[[EPS:.*]] = arith.constant 9.99999974E-5 : f32
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[EPS]] : f32) outs(%{{.*}} : tensor<4x2xf32>)
// CHECK: %[[AMAX:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID4]], #[[TILE4]]]
// CHECK-SAME: iterator_types = ["parallel", "reduction", "parallel", "reduction"]
// CHECK-SAME: ins(%[[TILES]] : tensor<4x1x2x128xbf16>) outs(%[[FILL]] : tensor<4x2xf32>)
// CHECK: ^bb0(%[[IN:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK:   %[[WIDE:.*]] = arith.extf %[[IN]] : bf16 to f32
// CHECK:   %[[ABS:.*]] = math.absf %[[WIDE]] : f32
// CHECK:   %[[MAX:.*]] = arith.maximumf %[[ABS]], %[[ACC]] : f32
// CHECK:   linalg.yield %[[MAX]] : f32
// CHECK: %[[RCP0:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: %[[SCALES:.*]]:2 = linalg.generic
// CHECK-SAME: ins(%[[AMAX]] : tensor<4x2xf32>) outs(%[[S0]], %[[RCP0]] : tensor<4x2xf32>, tensor<4x2xf32>)
// CHECK:   %[[C448:.*]] = arith.constant 4.480000e+02 : f32
// CHECK:   %[[S:.*]] = arith.divf %{{.*}}, %[[C448]] : f32
// CHECK:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:   %[[RCP:.*]] = arith.divf %[[ONE]], %[[S]] : f32
// CHECK:   linalg.yield %[[S]], %[[RCP]] : f32, f32
// CHECK: %[[Q:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID2]], #[[GRID]], #[[ID2]]]
// CHECK-SAME: ins(%[[X]], %[[SCALES]]#1 : tensor<4x200xbf16>, tensor<4x2xf32>) outs(%[[Q0]] : tensor<4x200xf8E4M3FN>)
// CHECK:   %[[XW:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK:   %[[Y:.*]] = arith.mulf %[[XW]], %{{.*}} : f32
// CHECK:   arith.bitcast %[[Y]] : f32 to i32
// CHECK:   %[[CODE:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:   %[[E4M3:.*]] = arith.bitcast %[[CODE]] : i8 to f8E4M3FN
// CHECK:   linalg.yield %[[E4M3]] : f8E4M3FN
// CHECK: return %[[Q]], %[[SCALES]]#0
func.func @quantize_row_tiles_tail(%x: tensor<4x200xbf16>)
    -> (tensor<4x200xf8E4M3FN>, tensor<4x2xf32>) {
  %q0 = tensor.empty() : tensor<4x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x200xbf16> -> tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
  return %q, %s : tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
}

// -----

// Whole 128x128 blocks need no padding; pow2 scales round the quotient up
// to a power of two with integer ops (ctlz for subnormal quotients).

// CHECK-DAG: #[[BLOCKS:.*]] = affine_map<(d0, d1) -> (d0 floordiv 128, d1 floordiv 128)>
// CHECK-LABEL: func.func @quantize_blocks_pow2
// CHECK-SAME: (%[[X:.*]]: tensor<256x384xf32>)
// CHECK-NOT: tensor.pad
// CHECK: %[[TILES:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1], [2, 3]] output_shape [2, 128, 3, 128]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[TILES]] : tensor<2x128x3x128xf32>)
// CHECK-NOT: arith.extf
// CHECK: math.absf
// CHECK: linalg.generic
// CHECK:   %[[R:.*]] = arith.divf
// CHECK:   %[[RBITS:.*]] = arith.bitcast %[[R]] : f32 to i32
// CHECK:   math.ctlz
// CHECK:   %[[SBITS:.*]] = arith.select %{{.*}}, %[[RBITS]], %{{.*}} : i32
// CHECK:   %[[S:.*]] = arith.bitcast %[[SBITS]] : i32 to f32
// CHECK:   arith.divf %{{.*}}, %[[S]] : f32
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[BLOCKS]], #{{.*}}]
func.func @quantize_blocks_pow2(%x: tensor<256x384xf32>)
    -> (tensor<256x384xf8E4M3FN>, tensor<2x3xf32>) {
  %q0 = tensor.empty() : tensor<256x384xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<256x384xf32> -> tensor<256x384xf8E4M3FN>, tensor<2x3xf32>
  return %q, %s : tensor<256x384xf8E4M3FN>, tensor<2x3xf32>
}

// -----

// The transposed (K-major) output of 128x1 tiles: the amax is written
// transposed and the codes through a transposing output map.

// CHECK-DAG: #[[AMAXT:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d0)>
// CHECK-DAG: #[[GRIDT:.*]] = affine_map<(d0, d1) -> (d1, d0 floordiv 128)>
// CHECK-DAG: #[[OUTT:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @quantize_transposed
// CHECK: tensor.pad
// CHECK: tensor<200x64xf16> to tensor<256x64xf16>
// CHECK: linalg.generic
// CHECK-SAME: #[[AMAXT]]
// CHECK-SAME: outs(%{{.*}} : tensor<64x2xf32>)
// CHECK: linalg.generic
// CHECK: %[[Q:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[GRIDT]], #[[OUTT]]]
// CHECK-SAME: outs(%{{.*}} : tensor<64x200xf8E4M3FN>)
func.func @quantize_transposed(%x: tensor<200x64xf16>)
    -> (tensor<64x200xf8E4M3FN>, tensor<64x2xf32>) {
  %q0 = tensor.empty() : tensor<64x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<64x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, eps = 1.0e-3 : f32}
      : tensor<200x64xf16> -> tensor<64x200xf8E4M3FN>, tensor<64x2xf32>
  return %q, %s : tensor<64x200xf8E4M3FN>, tensor<64x2xf32>
}

// -----

// scale_layout = mn_major, 1x128 tiles with a column tail: the amax is
// reduced into the transposed tile grid [ceil(C/128), R] = [2, 4] through
// (d2, d0), and the codes read the reciprocal at (j floordiv 128, i).

// CHECK-DAG: #[[ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[AMAXMN:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d0)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[GRIDMN:.*]] = affine_map<(d0, d1) -> (d1 floordiv 128, d0)>
// CHECK-LABEL: func.func @quantize_row_tiles_mn_major
// CHECK-SAME: (%[[X:.*]]: tensor<4x200xbf16>)
// CHECK-DAG: %[[Q0:.*]] = tensor.empty() : tensor<4x200xf8E4M3FN>
// CHECK-DAG: %[[S0:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[TILES:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2, 3]] output_shape [4, 1, 2, 128]
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: %[[AMAX:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID4]], #[[AMAXMN]]]
// CHECK-SAME: iterator_types = ["parallel", "reduction", "parallel", "reduction"]
// CHECK-SAME: ins(%[[TILES]] : tensor<4x1x2x128xbf16>) outs(%[[FILL]] : tensor<2x4xf32>)
// CHECK: %[[SCALES:.*]]:2 = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID2]], #[[ID2]], #[[ID2]]]
// CHECK-SAME: ins(%[[AMAX]] : tensor<2x4xf32>) outs(%[[S0]], %{{.*}} : tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK: %[[Q:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID2]], #[[GRIDMN]], #[[ID2]]]
// CHECK-SAME: ins(%[[X]], %[[SCALES]]#1 : tensor<4x200xbf16>, tensor<2x4xf32>) outs(%[[Q0]] : tensor<4x200xf8E4M3FN>)
// CHECK: return %[[Q]], %[[SCALES]]#0
func.func @quantize_row_tiles_mn_major(%x: tensor<4x200xbf16>)
    -> (tensor<4x200xf8E4M3FN>, tensor<2x4xf32>) {
  %q0 = tensor.empty() : tensor<4x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x4xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4x200xbf16> -> tensor<4x200xf8E4M3FN>, tensor<2x4xf32>
  return %q, %s : tensor<4x200xf8E4M3FN>, tensor<2x4xf32>
}

// -----

// mn_major undoes the scale transposition of `transpose`: 128x1 tiles on
// [200, 64] give scales [ceil(200/128), 64] = [2, 64], written through
// (d0, d2) and read at (i floordiv 128, j), while the codes are still
// written transposed.

// CHECK-DAG: #[[AMAX:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
// CHECK-DAG: #[[GRID:.*]] = affine_map<(d0, d1) -> (d0 floordiv 128, d1)>
// CHECK-DAG: #[[OUTT:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @quantize_transposed_mn_major
// CHECK-DAG: %[[Q0:.*]] = tensor.empty() : tensor<64x200xf8E4M3FN>
// CHECK-DAG: %[[S0:.*]] = tensor.empty() : tensor<2x64xf32>
// CHECK: tensor.pad
// CHECK: tensor<200x64xf16> to tensor<256x64xf16>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x64xf32>)
// CHECK: %[[A:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[AMAX]]]
// CHECK-SAME: ins(%{{.*}} : tensor<2x128x64x1xf16>) outs(%[[FILL]] : tensor<2x64xf32>)
// CHECK: %[[SCALES:.*]]:2 = linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<2x64xf32>) outs(%[[S0]], %{{.*}} : tensor<2x64xf32>, tensor<2x64xf32>)
// CHECK: %[[Q:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[GRID]], #[[OUTT]]]
// CHECK-SAME: ins(%{{.*}}, %[[SCALES]]#1 : tensor<200x64xf16>, tensor<2x64xf32>) outs(%[[Q0]] : tensor<64x200xf8E4M3FN>)
// CHECK: return %[[Q]], %[[SCALES]]#0
func.func @quantize_transposed_mn_major(%x: tensor<200x64xf16>)
    -> (tensor<64x200xf8E4M3FN>, tensor<2x64xf32>) {
  %q0 = tensor.empty() : tensor<64x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x64xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<200x64xf16> -> tensor<64x200xf8E4M3FN>, tensor<2x64xf32>
  return %q, %s : tensor<64x200xf8E4M3FN>, tensor<2x64xf32>
}

// -----

// mn_major 128x128 blocks with tails in both dimensions: [300, 200] has a
// 3x2 tile grid, stored as [2, 3].

// CHECK-DAG: #[[AMAXMN:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d0)>
// CHECK-DAG: #[[BLOCKSMN:.*]] = affine_map<(d0, d1) -> (d1 floordiv 128, d0 floordiv 128)>
// CHECK-LABEL: func.func @quantize_blocks_mn_major
// CHECK: tensor<300x200xf32> to tensor<384x256xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[A:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[AMAXMN]]]
// CHECK-SAME: ins(%{{.*}} : tensor<3x128x2x128xf32>) outs(%[[FILL]] : tensor<2x3xf32>)
// CHECK: %[[SCALES:.*]]:2 = linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<2x3xf32>)
// CHECK: math.ctlz
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[BLOCKSMN]], #{{.*}}]
// CHECK-SAME: ins(%{{.*}}, %[[SCALES]]#1 : tensor<300x200xf32>, tensor<2x3xf32>)
func.func @quantize_blocks_mn_major(%x: tensor<300x200xf32>)
    -> (tensor<300x200xf8E4M3FN>, tensor<2x3xf32>) {
  %q0 = tensor.empty() : tensor<300x200xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x200xf32> -> tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
  return %q, %s : tensor<300x200xf8E4M3FN>, tensor<2x3xf32>
}
