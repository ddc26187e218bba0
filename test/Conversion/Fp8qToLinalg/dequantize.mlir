// RUN: fp8-opt %s --convert-fp8q-to-linalg --split-input-file | FileCheck %s

// f32(q) * s, element-wise; the scale is read through the tile-grid map.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[GRID:.*]] = affine_map<(d0, d1) -> (d0 floordiv 128, d1 floordiv 128)>
// CHECK-LABEL: func.func @dequantize_f32
// CHECK-SAME: (%[[Q:.*]]: tensor<200x300xf8E4M3FN>, %[[S:.*]]: tensor<2x3xf32>, %[[INIT:.*]]: tensor<200x300xf32>)
// CHECK: %[[X:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID]], #[[GRID]], #[[ID]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%[[Q]], %[[S]] : tensor<200x300xf8E4M3FN>, tensor<2x3xf32>) outs(%[[INIT]] : tensor<200x300xf32>)
// CHECK: ^bb0(%[[CODE:.*]]: f8E4M3FN, %[[SCALE:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[BYTE:.*]] = arith.bitcast %[[CODE]] : f8E4M3FN to i8
// CHECK:   arith.extui %[[BYTE]] : i8 to i32
// CHECK:   arith.uitofp
// CHECK:   %[[VALUE:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK:   %[[PRODUCT:.*]] = arith.mulf %[[VALUE]], %[[SCALE]] : f32
// CHECK:   linalg.yield %[[PRODUCT]] : f32
// CHECK: return %[[X]]
func.func @dequantize_f32(%q: tensor<200x300xf8E4M3FN>, %s: tensor<2x3xf32>,
                          %init: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<128x128>}
      : tensor<200x300xf8E4M3FN>, tensor<2x3xf32> -> tensor<200x300xf32>
  return %x : tensor<200x300xf32>
}

// -----

// bf16: integer round-to-nearest-even on the f32 bits, NaN -> 0x7FFF.

// CHECK-LABEL: func.func @dequantize_bf16
// CHECK: linalg.generic
// CHECK: ^bb0(%{{.*}}: f8E4M3FN, %[[SCALE:.*]]: f32, %{{.*}}: bf16):
// CHECK:   %[[PRODUCT:.*]] = arith.mulf %{{.*}}, %[[SCALE]] : f32
// CHECK:   %[[BITS:.*]] = arith.bitcast %[[PRODUCT]] : f32 to i32
// CHECK:   %[[BIAS:.*]] = arith.addi %{{.*}}, %c32767_i32{{.*}} : i32
// CHECK:   %[[SUM:.*]] = arith.addi %[[BITS]], %[[BIAS]] : i32
// CHECK:   %[[HIGH:.*]] = arith.shrui %[[SUM]], %c16_i32{{.*}} : i32
// CHECK:   %[[NAN:.*]] = arith.cmpf uno, %[[PRODUCT]], %[[PRODUCT]] : f32
// CHECK:   %[[SEL:.*]] = arith.select %[[NAN]], %c32767_i32{{.*}}, %[[HIGH]] : i32
// CHECK:   %[[HALF:.*]] = arith.trunci %[[SEL]] : i32 to i16
// CHECK:   %[[RESULT:.*]] = arith.bitcast %[[HALF]] : i16 to bf16
// CHECK:   linalg.yield %[[RESULT]] : bf16
// CHECK-NOT: arith.truncf
func.func @dequantize_bf16(%q: tensor<4x256xf8E4M3FN>, %s: tensor<4x2xf32>,
                           %init: tensor<4x256xbf16>) -> tensor<4x256xbf16> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<1x128>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<4x256xbf16>
  return %x : tensor<4x256xbf16>
}

// -----

// f16: arith.truncf, NaN -> 0x7FFF.

// CHECK-LABEL: func.func @dequantize_f16
// CHECK: linalg.generic
// CHECK: ^bb0(%{{.*}}: f8E4M3FN, %[[SCALE:.*]]: f32, %{{.*}}: f16):
// CHECK:   %[[PRODUCT:.*]] = arith.mulf %{{.*}}, %[[SCALE]] : f32
// CHECK:   %[[ROUNDED:.*]] = arith.truncf %[[PRODUCT]] : f32 to f16
// CHECK:   %[[NAN:.*]] = arith.bitcast %c32767_i16{{.*}} : i16 to f16
// CHECK:   %[[ISNAN:.*]] = arith.cmpf uno, %[[PRODUCT]], %[[PRODUCT]] : f32
// CHECK:   %[[RESULT:.*]] = arith.select %[[ISNAN]], %[[NAN]], %[[ROUNDED]] : f16
// CHECK:   linalg.yield %[[RESULT]] : f16
func.func @dequantize_f16(%q: tensor<300x4xf8E4M3FN>, %s: tensor<3x4xf32>,
                          %init: tensor<300x4xf16>) -> tensor<300x4xf16> {
  %x = fp8q.dequantize %q, %s outs(%init) {tile = #fp8q.tile<128x1>}
      : tensor<300x4xf8E4M3FN>, tensor<3x4xf32> -> tensor<300x4xf16>
  return %x : tensor<300x4xf16>
}

// -----

// scale_layout = mn_major: the scale is the transposed tile grid [3, 2] for
// q [200, 300] in 128x128 tiles, read at (j floordiv 128, i floordiv 128).

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[GRIDMN:.*]] = affine_map<(d0, d1) -> (d1 floordiv 128, d0 floordiv 128)>
// CHECK-LABEL: func.func @dequantize_mn_major
// CHECK-SAME: (%[[Q:.*]]: tensor<200x300xf8E4M3FN>, %[[S:.*]]: tensor<3x2xf32>, %[[INIT:.*]]: tensor<200x300xf32>)
// CHECK: %[[X:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID]], #[[GRIDMN]], #[[ID]]]
// CHECK-SAME: ins(%[[Q]], %[[S]] : tensor<200x300xf8E4M3FN>, tensor<3x2xf32>) outs(%[[INIT]] : tensor<200x300xf32>)
// CHECK: ^bb0(%{{.*}}: f8E4M3FN, %[[SCALE:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[PRODUCT:.*]] = arith.mulf %{{.*}}, %[[SCALE]] : f32
// CHECK:   linalg.yield %[[PRODUCT]] : f32
// CHECK: return %[[X]]
func.func @dequantize_mn_major(%q: tensor<200x300xf8E4M3FN>, %s: tensor<3x2xf32>,
                               %init: tensor<200x300xf32>) -> tensor<200x300xf32> {
  %x = fp8q.dequantize %q, %s outs(%init)
      {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<200x300xf8E4M3FN>, tensor<3x2xf32> -> tensor<200x300xf32>
  return %x : tensor<200x300xf32>
}

// -----

// mn_major 1x128 scales [ceil(C/128), R] = [2, 4], read at
// (j floordiv 128, i).

// CHECK-DAG: #[[GRIDMN:.*]] = affine_map<(d0, d1) -> (d1 floordiv 128, d0)>
// CHECK-LABEL: func.func @dequantize_rows_mn_major
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[GRIDMN]], #{{.*}}]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<4x256xf8E4M3FN>, tensor<2x4xf32>) outs(%{{.*}} : tensor<4x256xbf16>)
func.func @dequantize_rows_mn_major(%q: tensor<4x256xf8E4M3FN>, %s: tensor<2x4xf32>,
                                    %init: tensor<4x256xbf16>) -> tensor<4x256xbf16> {
  %x = fp8q.dequantize %q, %s outs(%init)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4x256xf8E4M3FN>, tensor<2x4xf32> -> tensor<4x256xbf16>
  return %x : tensor<4x256xbf16>
}
