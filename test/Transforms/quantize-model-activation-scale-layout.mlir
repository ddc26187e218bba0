// --fp8q-quantize-model="activation-scale-layout=mn-major": the activations'
// 1xG quantizes get scale_layout = mn_major (scales [K/G, M], the transpose
// of the recipe's [M, K/G]) and every scaled_matmul a_scale_layout = mn_major;
// the weight quantizes (GxG blocks, [ceil(N/G), K/G]) are unchanged. k-major,
// explicit or by default, prints neither attribute.

// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=mn-major" | FileCheck %s --check-prefix=MN
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=k-major" | FileCheck %s --check-prefix=K
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model | FileCheck %s --check-prefix=K
// With the other options.
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=mn-major group-size=64 output-type=bf16" | FileCheck %s --check-prefix=G64
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=mn-major pow2-scales=^proj$" | FileCheck %s --check-prefix=POW2
// The rewritten IR verifies (the scaled_matmul verifier checks the [K/G, M]
// a_scale shape) and lowers to the reference linalg form.
// RUN: fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=mn-major" --convert-fp8q-to-linalg | FileCheck %s --check-prefix=LINALG

// Bad values are reported with the option and the value, before any IR changes.
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=row-major" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=mn_major" 2>&1 | FileCheck %s --check-prefix=UNDERSCORE
// RUN: not fp8-opt %s --split-input-file --fp8q-quantize-model="activation-scale-layout=" 2>&1 | FileCheck %s --check-prefix=BLANK

// BAD: error: fp8q-quantize-model: invalid activation-scale-layout 'row-major': expected 'k-major' or 'mn-major'
// BAD-NOT: fp8q.quantize
// UNDERSCORE: error: fp8q-quantize-model: invalid activation-scale-layout 'mn_major': expected 'k-major' or 'mn-major'
// BLANK: error: fp8q-quantize-model: invalid activation-scale-layout '': expected 'k-major' or 'mn-major'

// A Linear layer on function arguments, weight [K, N] (x @ W).
// MN-LABEL: func.func @linear_arg_kn
// MN-SAME: (%[[X:.*]]: tensor<16x256xf32>, %[[W:.*]]: tensor<256x512xf32>)
// MN: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// MN: %[[XQ0:.*]] = tensor.empty() : tensor<16x256xf8E4M3FN>
// MN-NEXT: %[[XS0:.*]] = tensor.empty() : tensor<2x16xf32>
// MN-NEXT: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] outs(%[[XQ0]], %[[XS0]]) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<2x16xf32>
// MN: %[[E:.*]] = tensor.empty() : tensor<16x512xf32>
// MN-NEXT: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[WQ]], %[[WS]] outs(%[[E]]) {a_scale_layout = #fp8q.scale_layout<mn_major>} : tensor<16x256xf8E4M3FN>, tensor<2x16xf32>, tensor<512x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<16x512xf32>
// MN-NOT: linalg.matmul
// MN: return %[[Y]]

// K-LABEL: func.func @linear_arg_kn
// K: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// K: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<1x128>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<16x2xf32>
// K: fp8q.scaled_matmul %[[XQ]], %[[XS]], %{{.*}}, %{{.*}} outs(%{{.*}}) : tensor<16x256xf8E4M3FN>, tensor<16x2xf32>, tensor<512x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<16x512xf32>
// K-NOT: scale_layout

// group-size=64: 1x64 activation tiles, scales [K/64, M] = [4, 16]; the bf16
// result.
// G64-LABEL: func.func @linear_arg_kn
// G64: fp8q.quantize {{.*}} {tile = #fp8q.tile<64x64>, transpose} : tensor<256x512xf32> -> tensor<512x256xf8E4M3FN>, tensor<8x4xf32>
// G64: fp8q.quantize {{.*}} {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x64>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<4x16xf32>
// G64: fp8q.scaled_matmul {{.*}} {a_scale_layout = #fp8q.scale_layout<mn_major>, group_size = 64 : i64, promotion_interval = 64 : i64} : tensor<16x256xf8E4M3FN>, tensor<4x16xf32>, tensor<512x256xf8E4M3FN>, tensor<8x4xf32> -> tensor<16x512xbf16>

// pow2 activation scales combine with the layout.
// POW2-LABEL: func.func @linear_arg_kn
// POW2: fp8q.quantize {{.*}} {tile = #fp8q.tile<128x128>, transpose}
// POW2: fp8q.quantize {{.*}} {scale_layout = #fp8q.scale_layout<mn_major>, scale_mode = #fp8q.scale_mode<pow2>, tile = #fp8q.tile<1x128>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<2x16xf32>
// POW2: fp8q.scaled_matmul {{.*}} {a_scale_layout = #fp8q.scale_layout<mn_major>}

// The accumulation reads the [2, 16] scales through (d2, d0).
// LINALG-DAG: #[[SAMN:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// LINALG-LABEL: func.func @linear_arg_kn
// LINALG: linalg.generic {indexing_maps = [#{{[a-z0-9]+}}, #[[SAMN]], #{{[a-z0-9]+}}, #{{[a-z0-9]+}}], iterator_types = ["parallel", "parallel", "reduction"]}
// LINALG-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<16x512x2xf64>, tensor<2x16xf32>, tensor<4x2xf32>)
// LINALG-NOT: fp8q.
func.func @linear_arg_kn(%x: tensor<16x256xf32>, %w: tensor<256x512xf32>) -> tensor<16x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %y = linalg.matmul {name = "proj"} ins(%x, %w : tensor<16x256xf32>, tensor<256x512xf32>) outs(%acc : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// nn.Linear with bias (accumulate): the bias broadcast is the accumulator,
// the layout attribute sits next to `accumulate`.
// MN-LABEL: func.func @linear_transposed_bias
// MN-SAME: (%[[X:.*]]: tensor<16x256xf32>, %[[W:.*]]: tensor<512x256xf32>, %[[B:.*]]: tensor<512xf32>)
// MN: %[[WQ:.*]], %[[WS:.*]] = fp8q.quantize %[[W]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>} : tensor<512x256xf32> -> tensor<512x256xf8E4M3FN>, tensor<4x2xf32>
// MN: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>} : tensor<16x256xf32> -> tensor<16x256xf8E4M3FN>, tensor<2x16xf32>
// MN: %[[BIAS:.*]] = linalg.broadcast ins(%[[B]] : tensor<512xf32>)
// MN: fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[WQ]], %[[WS]] outs(%[[BIAS]]) {a_scale_layout = #fp8q.scale_layout<mn_major>, accumulate} : tensor<16x256xf8E4M3FN>, tensor<2x16xf32>, tensor<512x256xf8E4M3FN>, tensor<4x2xf32> -> tensor<16x512xf32>
// K-LABEL: func.func @linear_transposed_bias
// K: fp8q.scaled_matmul {{.*}} {accumulate} : tensor<16x256xf8E4M3FN>, tensor<16x2xf32>,
// K-NOT: scale_layout
func.func @linear_transposed_bias(%x: tensor<16x256xf32>, %w: tensor<512x256xf32>, %b: tensor<512xf32>) -> tensor<16x512xf32> {
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<16x512xf32>
  %bias = linalg.broadcast ins(%b : tensor<512xf32>) outs(%e : tensor<16x512xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %wt : tensor<16x256xf32>, tensor<256x512xf32>) outs(%bias : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}

// -----

// A 3-D activation (batch folded into M = 2 x 24 = 48), K = 384 (3 groups),
// N = 200 (a tail): activation scales [3, 48].
// MN-LABEL: func.func @linear_batch_matmul_broadcast
// MN: fp8q.quantize %{{.*}} outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<384x200xf32> -> tensor<200x384xf8E4M3FN>, tensor<2x3xf32>
// MN: %[[X2:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<2x24x384xf32> into tensor<48x384xf32>
// MN: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X2]] outs(%{{.*}}, %{{.*}}) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>} : tensor<48x384xf32> -> tensor<48x384xf8E4M3FN>, tensor<3x48xf32>
// MN: %[[Y:.*]] = fp8q.scaled_matmul %[[XQ]], %[[XS]], %{{.*}}, %{{.*}} outs(%{{.*}}) {a_scale_layout = #fp8q.scale_layout<mn_major>} : tensor<48x384xf8E4M3FN>, tensor<3x48xf32>, tensor<200x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<48x200xf32>
// MN: tensor.expand_shape %[[Y]] {{\[\[}}0, 1], [2]] output_shape [2, 24, 200]
// K-LABEL: func.func @linear_batch_matmul_broadcast
// K: fp8q.quantize {{.*}} {tile = #fp8q.tile<1x128>} : tensor<48x384xf32> -> tensor<48x384xf8E4M3FN>, tensor<48x3xf32>
// K-NOT: scale_layout
func.func @linear_batch_matmul_broadcast(%x: tensor<2x24x384xf32>, %w: tensor<384x200xf32>) -> tensor<2x24x200xf32> {
  %eb = tensor.empty() : tensor<2x384x200xf32>
  %wb = linalg.broadcast ins(%w : tensor<384x200xf32>) outs(%eb : tensor<2x384x200xf32>) dimensions = [0]
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x24x200xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x24x200xf32>) -> tensor<2x24x200xf32>
  %y = linalg.batch_matmul ins(%x, %wb : tensor<2x24x384xf32>, tensor<2x384x200xf32>) outs(%acc : tensor<2x24x200xf32>) -> tensor<2x24x200xf32>
  return %y : tensor<2x24x200xf32>
}

// -----

// One activation feeding two layers is quantized once (mn_major), and the
// activation computed by the first layer is quantized mn_major too; the
// weights once each, unchanged.
// MN-LABEL: func.func @shared
// MN-SAME: (%[[X:.*]]: tensor<16x256xf16>, %[[WQ:.*]]: tensor<256x256xf16>, %[[WK:.*]]: tensor<256x256xf16>)
// MN: %[[QQ:.*]], %[[QS:.*]] = fp8q.quantize %[[WQ]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<2x2xf32>
// MN: %[[XQ:.*]], %[[XS:.*]] = fp8q.quantize %[[X]] outs(%{{.*}}, %{{.*}}) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>} : tensor<16x256xf16> -> tensor<16x256xf8E4M3FN>, tensor<2x16xf32>
// MN: %[[KQ:.*]], %[[KS:.*]] = fp8q.quantize %[[WK]] outs(%{{.*}}, %{{.*}}) {tile = #fp8q.tile<128x128>, transpose} : tensor<256x256xf16> -> tensor<256x256xf8E4M3FN>, tensor<2x2xf32>
// MN: fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[QQ]], %[[QS]] outs(%{{.*}}) {a_scale_layout = #fp8q.scale_layout<mn_major>}
// MN: %[[Q:.*]] = linalg.generic
// MN: %[[QAQ:.*]], %[[QAS:.*]] = fp8q.quantize %[[Q]] outs(%{{.*}}, %{{.*}}) {scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>} : tensor<16x256xf16> -> tensor<16x256xf8E4M3FN>, tensor<2x16xf32>
// MN: fp8q.scaled_matmul %[[XQ]], %[[XS]], %[[KQ]], %[[KS]] outs(%{{.*}}) {a_scale_layout = #fp8q.scale_layout<mn_major>}
// MN: fp8q.scaled_matmul %[[QAQ]], %[[QAS]], %[[KQ]], %[[KS]] outs(%{{.*}}) {a_scale_layout = #fp8q.scale_layout<mn_major>}
// MN-NOT: fp8q.quantize
// MN: return
func.func @shared(%x: tensor<16x256xf16>, %wq: tensor<256x256xf16>, %wk: tensor<256x256xf16>) -> (tensor<16x256xf16>, tensor<16x256xf16>, tensor<16x256xf16>) {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<16x256xf16>
  %acc = linalg.fill ins(%zero : f16) outs(%e : tensor<16x256xf16>) -> tensor<16x256xf16>
  %q = linalg.matmul ins(%x, %wq : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  %k = linalg.matmul ins(%x, %wk : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  %k2 = linalg.matmul ins(%q, %wk : tensor<16x256xf16>, tensor<256x256xf16>) outs(%acc : tensor<16x256xf16>) -> tensor<16x256xf16>
  return %q, %k, %k2 : tensor<16x256xf16>, tensor<16x256xf16>, tensor<16x256xf16>
}
