// RUN: fp8-opt %s --convert-fp8q-to-linalg --split-input-file | FileCheck %s

// 128x128 weight blocks, bf16 output, accumulate into C. Decoded operands are
// viewed as [rows, K/G, G]; the group sums are exact in f64; the scaled
// accumulation over groups is f32 with B's scale row n floordiv 128; C is
// added once at the end, then rounded to bf16.

// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[A4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[B4:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
// CHECK-DAG: #[[P4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[P3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[SA3:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[SB3:.*]] = affine_map<(d0, d1, d2) -> (d1 floordiv 128, d2)>
// CHECK-DAG: #[[ACC3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @blocks_accumulate_bf16
// CHECK-SAME: (%[[A:.*]]: tensor<3x256xf8E4M3FN>, %[[SA:.*]]: tensor<3x2xf32>, %[[B:.*]]: tensor<130x256xf8E4M3FN>, %[[SB:.*]]: tensor<2x2xf32>, %[[C:.*]]: tensor<3x130xbf16>)
// CHECK: %[[AF:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<3x256xf8E4M3FN>) outs(%{{.*}} : tensor<3x256xf32>)
// CHECK: %[[AG:.*]] = tensor.expand_shape %[[AF]] {{\[}}[0], [1, 2]] output_shape [3, 2, 128]
// CHECK: %[[BF:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<130x256xf8E4M3FN>) outs(%{{.*}} : tensor<130x256xf32>)
// CHECK: %[[BG:.*]] = tensor.expand_shape %[[BF]] {{\[}}[0], [1, 2]] output_shape [130, 2, 128]
// CHECK: %[[ZERO64:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<3x130x2xf64>)
// CHECK: %[[PARTIAL:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[A4]], #[[B4]], #[[P4]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[AG]], %[[BG]] : tensor<3x2x128xf32>, tensor<130x2x128xf32>) outs(%[[ZERO64]] : tensor<3x130x2xf64>)
// CHECK: ^bb0(%[[AV:.*]]: f32, %[[BV:.*]]: f32, %[[PSUM:.*]]: f64):
// CHECK:   %[[AD:.*]] = arith.extf %[[AV]] : f32 to f64
// CHECK:   %[[BD:.*]] = arith.extf %[[BV]] : f32 to f64
// CHECK:   %[[PROD:.*]] = arith.mulf %[[AD]], %[[BD]] : f64
// CHECK:   %[[NEXT:.*]] = arith.addf %[[PSUM]], %[[PROD]] : f64
// CHECK:   linalg.yield %[[NEXT]] : f64
// CHECK: %[[ZERO32:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x130xf32>)
// CHECK: %[[ACC:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[P3]], #[[SA3]], #[[SB3]], #[[ACC3]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[PARTIAL]], %[[SA]], %[[SB]] : tensor<3x130x2xf64>, tensor<3x2xf32>, tensor<2x2xf32>) outs(%[[ZERO32]] : tensor<3x130xf32>)
// CHECK: ^bb0(%[[P:.*]]: f64, %[[SAV:.*]]: f32, %[[SBV:.*]]: f32, %[[SUM:.*]]: f32):
// CHECK:   %[[P32:.*]] = arith.truncf %[[P]] : f64 to f32
// CHECK:   %[[SCALE:.*]] = arith.mulf %[[SAV]], %[[SBV]] : f32
// CHECK:   %[[SCALED:.*]] = arith.mulf %[[P32]], %[[SCALE]] : f32
// CHECK:   %[[ADDED:.*]] = arith.addf %[[SUM]], %[[SCALED]] : f32
// CHECK:   linalg.yield %[[ADDED]] : f32
// CHECK: %[[OUT:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID2]], #[[ID2]]]
// CHECK-SAME: ins(%[[ACC]] : tensor<3x130xf32>) outs(%[[C]] : tensor<3x130xbf16>)
// CHECK: ^bb0(%[[TOTAL:.*]]: f32, %[[CV:.*]]: bf16):
// CHECK:   %[[CW:.*]] = arith.extf %[[CV]] : bf16 to f32
// CHECK:   %[[WITHC:.*]] = arith.addf %[[CW]], %[[TOTAL]] : f32
// CHECK:   arith.bitcast %[[WITHC]] : f32 to i32
// CHECK:   arith.bitcast %{{.*}} : i16 to bf16
// CHECK: return %[[OUT]]
func.func @blocks_accumulate_bf16(
    %a: tensor<3x256xf8E4M3FN>, %sa: tensor<3x2xf32>,
    %b: tensor<130x256xf8E4M3FN>, %sb: tensor<2x2xf32>,
    %c: tensor<3x130xbf16>) -> tensor<3x130xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<3x256xf8E4M3FN>, tensor<3x2xf32>,
        tensor<130x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<3x130xbf16>
  return %y : tensor<3x130xbf16>
}

// -----

// The Wgrad form: 1x128 tiles of B index b_scale by row; f32 output without
// accumulate keeps the sum as is (init only gives the shape).

// CHECK-DAG: #[[SBROW:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @row_tiles_f32
// CHECK-SAME: %[[SB:[^:]*]]: tensor<96x2xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #{{.*}}, #[[SBROW]], #{{.*}}]
// CHECK-SAME: tensor<4x96x2xf64>, tensor<4x2xf32>, tensor<96x2xf32>
// CHECK: %[[OUT:.*]] = linalg.generic
// CHECK: ^bb0(%[[TOTAL:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[TOTAL]] : f32
// CHECK: return %[[OUT]]
func.func @row_tiles_f32(
    %a: tensor<4x256xf8E4M3FN>, %sa: tensor<4x2xf32>,
    %b: tensor<96x256xf8E4M3FN>, %sb: tensor<96x2xf32>) -> tensor<4x96xf32> {
  %init = tensor.empty() : tensor<4x96xf32>
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%init)
      {b_tile = #fp8q.tile<1x128>}
      : tensor<4x256xf8E4M3FN>, tensor<4x2xf32>,
        tensor<96x256xf8E4M3FN>, tensor<96x2xf32> -> tensor<4x96xf32>
  return %y : tensor<4x96xf32>
}

// -----

// a_scale_layout = mn_major: a_scale is [K/G, M] = [2, 3] and the scaled
// accumulation reads sa[kb, m] through (d2, d0); everything else (the exact
// group sums, B's scale row n floordiv 128, C added at the end) is unchanged.

// CHECK-DAG: #[[A4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[B4:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
// CHECK-DAG: #[[P4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[P3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[SAMN:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[SB3:.*]] = affine_map<(d0, d1, d2) -> (d1 floordiv 128, d2)>
// CHECK-DAG: #[[ACC3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @blocks_accumulate_a_mn_major
// CHECK-SAME: (%[[A:.*]]: tensor<3x256xf8E4M3FN>, %[[SA:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<130x256xf8E4M3FN>, %[[SB:.*]]: tensor<2x2xf32>, %[[C:.*]]: tensor<3x130xbf16>)
// CHECK: %[[AF:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<3x256xf8E4M3FN>) outs(%{{.*}} : tensor<3x256xf32>)
// CHECK: %[[AG:.*]] = tensor.expand_shape %[[AF]] {{\[}}[0], [1, 2]] output_shape [3, 2, 128]
// CHECK: %[[BF:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<130x256xf8E4M3FN>) outs(%{{.*}} : tensor<130x256xf32>)
// CHECK: %[[BG:.*]] = tensor.expand_shape %[[BF]] {{\[}}[0], [1, 2]] output_shape [130, 2, 128]
// CHECK: %[[PARTIAL:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[A4]], #[[B4]], #[[P4]]]
// CHECK-SAME: ins(%[[AG]], %[[BG]] : tensor<3x2x128xf32>, tensor<130x2x128xf32>) outs(%{{.*}} : tensor<3x130x2xf64>)
// CHECK: %[[ZERO32:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x130xf32>)
// CHECK: %[[ACC:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[P3]], #[[SAMN]], #[[SB3]], #[[ACC3]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[PARTIAL]], %[[SA]], %[[SB]] : tensor<3x130x2xf64>, tensor<2x3xf32>, tensor<2x2xf32>) outs(%[[ZERO32]] : tensor<3x130xf32>)
// CHECK: ^bb0(%[[P:.*]]: f64, %[[SAV:.*]]: f32, %[[SBV:.*]]: f32, %[[SUM:.*]]: f32):
// CHECK:   %[[P32:.*]] = arith.truncf %[[P]] : f64 to f32
// CHECK:   %[[SCALE:.*]] = arith.mulf %[[SAV]], %[[SBV]] : f32
// CHECK:   %[[SCALED:.*]] = arith.mulf %[[P32]], %[[SCALE]] : f32
// CHECK:   %[[ADDED:.*]] = arith.addf %[[SUM]], %[[SCALED]] : f32
// CHECK:   linalg.yield %[[ADDED]] : f32
// CHECK: %[[OUT:.*]] = linalg.generic
// CHECK-SAME: ins(%[[ACC]] : tensor<3x130xf32>) outs(%[[C]] : tensor<3x130xbf16>)
// CHECK: return %[[OUT]]
func.func @blocks_accumulate_a_mn_major(
    %a: tensor<3x256xf8E4M3FN>, %sa: tensor<2x3xf32>,
    %b: tensor<130x256xf8E4M3FN>, %sb: tensor<2x2xf32>,
    %c: tensor<3x130xbf16>) -> tensor<3x130xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c)
      {accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<3x256xf8E4M3FN>, tensor<2x3xf32>,
        tensor<130x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<3x130xbf16>
  return %y : tensor<3x130xbf16>
}

// -----

// The Wgrad form with mn_major A scales [K/G, M] = [3, 4] (group 64, K = 192):
// sa through (d2, d0), sb by row through (d1, d2). An explicit k_major on the
// same operands reads sa [M, K/G] through (d0, d2).

// CHECK-DAG: #[[SAMNMAP:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[SAKMAP:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[SBROW:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @row_tiles_a_layouts
// CHECK-SAME: (%[[A:.*]]: tensor<4x192xf8E4M3FN>, %[[SAM:.*]]: tensor<3x4xf32>, %[[SAK:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<96x192xf8E4M3FN>, %[[SB:.*]]: tensor<96x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#{{[a-z0-9]+}}, #[[SAMNMAP]], #[[SBROW]], #{{[a-z0-9]+}}]
// CHECK-SAME: ins(%{{.*}}, %[[SAM]], %[[SB]] : tensor<4x96x3xf64>, tensor<3x4xf32>, tensor<96x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#{{[a-z0-9]+}}, #[[SAKMAP]], #[[SBROW]], #{{[a-z0-9]+}}]
// CHECK-SAME: ins(%{{.*}}, %[[SAK]], %[[SB]] : tensor<4x96x3xf64>, tensor<4x3xf32>, tensor<96x3xf32>)
func.func @row_tiles_a_layouts(
    %a: tensor<4x192xf8E4M3FN>, %sam: tensor<3x4xf32>, %sak: tensor<4x3xf32>,
    %b: tensor<96x192xf8E4M3FN>, %sb: tensor<96x3xf32>) -> (tensor<4x96xf32>, tensor<4x96xf32>) {
  %init = tensor.empty() : tensor<4x96xf32>
  %y1 = fp8q.scaled_matmul %a, %sam, %b, %sb outs(%init)
      {group_size = 64, promotion_interval = 64, b_tile = #fp8q.tile<1x64>,
       a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<4x192xf8E4M3FN>, tensor<3x4xf32>,
        tensor<96x192xf8E4M3FN>, tensor<96x3xf32> -> tensor<4x96xf32>
  %y2 = fp8q.scaled_matmul %a, %sak, %b, %sb outs(%init)
      {group_size = 64, promotion_interval = 64, b_tile = #fp8q.tile<1x64>,
       a_scale_layout = #fp8q.scale_layout<k_major>}
      : tensor<4x192xf8E4M3FN>, tensor<4x3xf32>,
        tensor<96x192xf8E4M3FN>, tensor<96x3xf32> -> tensor<4x96xf32>
  return %y1, %y2 : tensor<4x96xf32>, tensor<4x96xf32>
}
