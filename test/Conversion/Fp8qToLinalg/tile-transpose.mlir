// RUN: fp8-opt %s --convert-fp8q-to-linalg | FileCheck %s

// Dequantize (1x128 tiles, f32), then quantize the f32 values with 128x1
// tiles and a transposed output: the same tiles as quantizing the transpose
// in 1x128 tiles, laid out [K, M] with scales [K, ceil(M/128)].

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROWGRID:.*]] = affine_map<(d0, d1) -> (d0, d1 floordiv 128)>
// CHECK-DAG: #[[AMAXT:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d0)>
// CHECK-DAG: #[[COLGRIDT:.*]] = affine_map<(d0, d1) -> (d1, d0 floordiv 128)>
// CHECK-DAG: #[[TRANSPOSE:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @tile_transpose
// CHECK-SAME: (%[[Q:.*]]: tensor<200x256xf8E4M3FN>, %[[S:.*]]: tensor<200x2xf32>)
// CHECK-DAG: %[[QT0:.*]] = tensor.empty() : tensor<256x200xf8E4M3FN>
// CHECK-DAG: %[[ST0:.*]] = tensor.empty() : tensor<256x2xf32>
// CHECK-DAG: %[[VALUES0:.*]] = tensor.empty() : tensor<200x256xf32>
// CHECK: %[[VALUES:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID]], #[[ROWGRID]], #[[ID]]]
// CHECK-SAME: ins(%[[Q]], %[[S]] : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>) outs(%[[VALUES0]] : tensor<200x256xf32>)
// CHECK: %[[PAD:.*]] = tensor.pad %[[VALUES]] low[0, 0] high[56, 0]
// CHECK: %[[TILES:.*]] = tensor.expand_shape %[[PAD]] {{\[}}[0, 1], [2, 3]] output_shape [2, 128, 256, 1]
// CHECK: %[[AMAX:.*]] = linalg.generic
// CHECK-SAME: #[[AMAXT]]
// CHECK-SAME: ins(%[[TILES]] : tensor<2x128x256x1xf32>) outs(%{{.*}} : tensor<256x2xf32>)
// CHECK: arith.maximumf
// CHECK: %[[SCALES:.*]]:2 = linalg.generic
// CHECK-SAME: ins(%[[AMAX]] : tensor<256x2xf32>) outs(%[[ST0]], %{{.*}} : tensor<256x2xf32>, tensor<256x2xf32>)
// CHECK: math.ctlz
// CHECK: %[[QT:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID]], #[[COLGRIDT]], #[[TRANSPOSE]]]
// CHECK-SAME: ins(%[[VALUES]], %[[SCALES]]#1 : tensor<200x256xf32>, tensor<256x2xf32>) outs(%[[QT0]] : tensor<256x200xf8E4M3FN>)
// CHECK: return %[[QT]], %[[SCALES]]#0
func.func @tile_transpose(%q: tensor<200x256xf8E4M3FN>, %s: tensor<200x2xf32>)
    -> (tensor<256x200xf8E4M3FN>, tensor<256x2xf32>) {
  %qt0 = tensor.empty() : tensor<256x200xf8E4M3FN>
  %st0 = tensor.empty() : tensor<256x2xf32>
  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0)
      {tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<200x256xf8E4M3FN>, tensor<200x2xf32>
      -> tensor<256x200xf8E4M3FN>, tensor<256x2xf32>
  return %qt, %st : tensor<256x200xf8E4M3FN>, tensor<256x2xf32>
}
