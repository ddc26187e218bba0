// RUN: fp8-opt %s --convert-fp8q-to-linalg -cse | FileCheck %s

// Dynamic extents: the temporaries are sized from tensor.dim, a tail is
// padded by the run-time amount (arith, no affine.apply), and each extent
// relation the verifier could not check becomes a cf.assert before the
// computation, naming the op, its location and the extent
// (fp8q/Conversion/ExtentChecks.h).

// CHECK-LABEL: func.func @quantize_block(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: tensor<?x200xbf16>, %[[Q0:[a-z0-9_]+]]: tensor<?x200xf8E4M3FN>, %[[S0:[a-z0-9_]+]]: tensor<?x2xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[M:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK:         %[[QM:.*]] = tensor.dim %[[Q0]], %[[C0]]
// CHECK:         %[[OK0:.*]] = arith.cmpi eq, %[[QM]], %[[M]] : index
// CHECK:         cf.assert %[[OK0]], "fp8q.quantize ({{.*}}dynamic.mlir:[[# @LINE + 20]]:12): extent 0 of q_init must equal R (from extent 0 of source)"
// CHECK:         %[[C128:.*]] = arith.constant 128 : index
// CHECK:         %[[MT:.*]] = arith.ceildivui %[[M]], %[[C128]] : index
// CHECK:         %[[SM:.*]] = tensor.dim %[[S0]], %[[C0]]
// CHECK:         %[[OK1:.*]] = arith.cmpi eq, %[[SM]], %[[MT]] : index
// CHECK:         cf.assert %[[OK1]], "fp8q.quantize ({{.*}}): extent 0 of scale_init must equal ceil(R / 128) (from extent 0 of source)"
// CHECK-NOT:     cf.assert
// CHECK:         %[[MP:.*]] = arith.muli %[[MT]], %[[C128]] : index
// CHECK:         %[[HIGH:.*]] = arith.subi %[[MP]], %[[M]] : index
// CHECK:         %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0] high[%[[HIGH]], 56]
// CHECK:         } : tensor<?x200xbf16> to tensor<?x256xbf16>
// CHECK:         %[[TILES:.*]] = tensor.expand_shape %[[PAD]] {{\[}}[0, 1], [2, 3]] output_shape [%[[MT]], 128, 2, 128] : tensor<?x256xbf16> into tensor<?x128x2x128xbf16>
// CHECK:         %[[E:.*]] = tensor.empty(%[[MT]]) : tensor<?x2xf32>
// CHECK:         %[[EPS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x2xf32>)
// CHECK:         %[[AMAX:.*]] = linalg.generic {{.*}} ins(%[[TILES]] : tensor<?x128x2x128xbf16>) outs(%[[EPS]] : tensor<?x2xf32>)
// CHECK:         %[[RCP0:.*]] = tensor.empty(%[[SM]]) : tensor<?x2xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[AMAX]] : tensor<?x2xf32>) outs(%[[S0]], %[[RCP0]] : tensor<?x2xf32>, tensor<?x2xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<?x200xbf16>, tensor<?x2xf32>) outs(%[[Q0]] : tensor<?x200xf8E4M3FN>)
func.func @quantize_block(%x: tensor<?x200xbf16>, %q0: tensor<?x200xf8E4M3FN>, %s0: tensor<?x2xf32>)
    -> (tensor<?x200xf8E4M3FN>, tensor<?x2xf32>) {
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x128>}
      : tensor<?x200xbf16> -> tensor<?x200xf8E4M3FN>, tensor<?x2xf32>
  return %q, %s : tensor<?x200xf8E4M3FN>, tensor<?x2xf32>
}

// Dynamic M, N and K: K a multiple of the group size and equal to b's,
// a_scale [M, K/G], b_scale [ceil(N/128), K/G], init [M, N], in that order.
// Each operand is viewed as [rows, K/G, G] with its own K.

// CHECK-LABEL: func.func @scaled_matmul(
// CHECK-SAME:      %[[A:[a-z0-9_]+]]: tensor<?x?xf8E4M3FN>, %[[SA:[a-z0-9_]+]]: tensor<?x2xf32>, %[[B:[a-z0-9_]+]]: tensor<?x256xf8E4M3FN>, %[[SB:[a-z0-9_]+]]: tensor<2x2xf32>, %[[INIT:[a-z0-9_]+]]: tensor<?x?xbf16>
// CHECK:         %[[K:.*]] = tensor.dim %[[A]], %{{.*}}
// CHECK:         %[[REM:.*]] = arith.remui %[[K]], %{{.*}} : index
// CHECK:         %[[DIV:.*]] = arith.cmpi eq, %[[REM]], %{{.*}} : index
// CHECK:         cf.assert %[[DIV]], "fp8q.scaled_matmul ({{.*}}dynamic.mlir:[[# @LINE + 24]]:8): K (extent 1 of a) must be a multiple of the group size 128"
// CHECK:         %[[C256:.*]] = arith.constant 256 : index
// CHECK:         %[[KB:.*]] = arith.cmpi eq, %[[C256]], %[[K]] : index
// CHECK:         cf.assert %[[KB]], "{{.*}}: extent 1 of b must equal K (from extent 1 of a)"
// CHECK:         %[[M:.*]] = tensor.dim %[[A]], %{{.*}}
// CHECK:         %[[SAM:.*]] = tensor.dim %[[SA]], %{{.*}}
// CHECK:         %[[OKSA:.*]] = arith.cmpi eq, %[[SAM]], %[[M]] : index
// CHECK:         cf.assert %[[OKSA]], "{{.*}}: extent 0 of a_scale must equal M (from extent 0 of a)"
// CHECK:         %[[G:.*]] = arith.ceildivui %[[K]], %{{.*}} : index
// CHECK:         cf.assert %{{.*}}, "{{.*}}: extent 1 of a_scale must equal K / 128 (from extent 1 of a)"
// CHECK:         %[[N:.*]] = tensor.dim %[[B]], %{{.*}}
// CHECK:         cf.assert %{{.*}}, "{{.*}}: extent 0 of b_scale must equal ceil(N / 128) (from extent 0 of b)"
// CHECK:         cf.assert %{{.*}}, "{{.*}}: extent 1 of b_scale must equal K / 128 (from extent 1 of a)"
// CHECK:         cf.assert %{{.*}}, "{{.*}}: extent 0 of init must equal M (from extent 0 of a)"
// CHECK:         cf.assert %{{.*}}, "{{.*}}: extent 1 of init must equal N (from extent 0 of b)"
// CHECK-NOT:     cf.assert
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [%{{.*}}, %{{.*}}, 128] : tensor<?x?xf32> into tensor<?x?x128xf32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 2, 128] : tensor<?x256xf32> into tensor<?x2x128xf32>
// CHECK:         tensor.empty(%[[M]], %[[N]], %[[G]]) : tensor<?x?x?xf64>
// CHECK:         tensor.empty(%[[M]], %[[N]]) : tensor<?x?xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[INIT]] : tensor<?x?xbf16>)
func.func @scaled_matmul(%a: tensor<?x?xf8E4M3FN>, %sa: tensor<?x2xf32>,
                         %b: tensor<?x256xf8E4M3FN>, %sb: tensor<2x2xf32>,
                         %init: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%init)
      : tensor<?x?xf8E4M3FN>, tensor<?x2xf32>, tensor<?x256xf8E4M3FN>,
        tensor<2x2xf32> -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

// Static extents: no check.
// CHECK-LABEL: func.func @static(
// CHECK-NOT:     cf.assert
// CHECK:         return
func.func @static(%x: tensor<4x256xf32>) -> tensor<4x2xf32> {
  %q0 = tensor.empty() : tensor<4x256xf8E4M3FN>
  %s0 = tensor.empty() : tensor<4x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
      : tensor<4x256xf32> -> tensor<4x256xf8E4M3FN>, tensor<4x2xf32>
  return %s : tensor<4x2xf32>
}
