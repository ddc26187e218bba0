// A 3-layer bf16 MLP in the style of Intel's graph-compiler inputs
// (hand-written: named linalg ops on tensors, as graph-compiler's OneDNN
// graph import emits them), each Linear in another spelling:
//   fc0: linalg.matmul with indexing_maps reading the [N, K] weight
//        transposed (the MLIR 22 spelling of matmul_transpose_b);
//   fc1: linalg.batch_matmul against a linalg.broadcast of a [K, N] weight
//        along the batch;
//   fc2: a linalg.generic multiply-add over a [K, N] weight.
// Bias: linalg.broadcast + linalg.add; ReLU: linalg.max with zero.
#mA = affine_map<(m, n, k) -> (m, k)>
#mBt = affine_map<(m, n, k) -> (n, k)>
#mC = affine_map<(m, n, k) -> (m, n)>
#kn = affine_map<(m, n, k) -> (k, n)>
module {
  func.func @forward(%x: tensor<2x16x256xbf16>, %w0: tensor<512x256xbf16>, %b0: tensor<512xbf16>,
                     %w1: tensor<512x256xbf16>, %b1: tensor<256xbf16>,
                     %w2: tensor<256x128xbf16>, %b2: tensor<128xbf16>) -> tensor<32x128xbf16> {
    %zero = arith.constant 0.0 : bf16
    // fc0: [32, 256] x [512, 256]^T
    %x2 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x16x256xbf16> into tensor<32x256xbf16>
    %e0 = tensor.empty() : tensor<32x512xbf16>
    %f0 = linalg.fill ins(%zero : bf16) outs(%e0 : tensor<32x512xbf16>) -> tensor<32x512xbf16>
    %m0 = linalg.matmul indexing_maps = [#mA, #mBt, #mC]
        ins(%x2, %w0 : tensor<32x256xbf16>, tensor<512x256xbf16>)
        outs(%f0 : tensor<32x512xbf16>) -> tensor<32x512xbf16>
    %bb0 = linalg.broadcast ins(%b0 : tensor<512xbf16>) outs(%e0 : tensor<32x512xbf16>) dimensions = [0]
    %a0 = linalg.add ins(%m0, %bb0 : tensor<32x512xbf16>, tensor<32x512xbf16>)
        outs(%e0 : tensor<32x512xbf16>) -> tensor<32x512xbf16>
    %r0 = linalg.max ins(%a0, %f0 : tensor<32x512xbf16>, tensor<32x512xbf16>)
        outs(%e0 : tensor<32x512xbf16>) -> tensor<32x512xbf16>
    // fc1: batch_matmul [2, 16, 512] x broadcast([512, 256])
    %r0b = tensor.expand_shape %r0 [[0, 1], [2]] output_shape [2, 16, 512]
        : tensor<32x512xbf16> into tensor<2x16x512xbf16>
    %ew1 = tensor.empty() : tensor<2x512x256xbf16>
    %w1b = linalg.broadcast ins(%w1 : tensor<512x256xbf16>) outs(%ew1 : tensor<2x512x256xbf16>) dimensions = [0]
    %e1 = tensor.empty() : tensor<2x16x256xbf16>
    %f1 = linalg.fill ins(%zero : bf16) outs(%e1 : tensor<2x16x256xbf16>) -> tensor<2x16x256xbf16>
    %m1 = linalg.batch_matmul ins(%r0b, %w1b : tensor<2x16x512xbf16>, tensor<2x512x256xbf16>)
        outs(%f1 : tensor<2x16x256xbf16>) -> tensor<2x16x256xbf16>
    %bb1 = linalg.broadcast ins(%b1 : tensor<256xbf16>) outs(%e1 : tensor<2x16x256xbf16>) dimensions = [0, 1]
    %a1 = linalg.add ins(%m1, %bb1 : tensor<2x16x256xbf16>, tensor<2x16x256xbf16>)
        outs(%e1 : tensor<2x16x256xbf16>) -> tensor<2x16x256xbf16>
    %r1 = linalg.max ins(%a1, %f1 : tensor<2x16x256xbf16>, tensor<2x16x256xbf16>)
        outs(%e1 : tensor<2x16x256xbf16>) -> tensor<2x16x256xbf16>
    // fc2: generic multiply-add, [32, 256] x [256, 128]
    %r1f = tensor.collapse_shape %r1 [[0, 1], [2]] : tensor<2x16x256xbf16> into tensor<32x256xbf16>
    %e2 = tensor.empty() : tensor<32x128xbf16>
    %f2 = linalg.fill ins(%zero : bf16) outs(%e2 : tensor<32x128xbf16>) -> tensor<32x128xbf16>
    %m2 = linalg.generic {indexing_maps = [#mA, #kn, #mC],
                          iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%r1f, %w2 : tensor<32x256xbf16>, tensor<256x128xbf16>) outs(%f2 : tensor<32x128xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %acc: bf16):
      %p = arith.mulf %a, %b : bf16
      %s = arith.addf %acc, %p : bf16
      linalg.yield %s : bf16
    } -> tensor<32x128xbf16>
    %bb2 = linalg.broadcast ins(%b2 : tensor<128xbf16>) outs(%e2 : tensor<32x128xbf16>) dimensions = [0]
    %a2 = linalg.add ins(%m2, %bb2 : tensor<32x128xbf16>, tensor<32x128xbf16>)
        outs(%e2 : tensor<32x128xbf16>) -> tensor<32x128xbf16>
    return %a2 : tensor<32x128xbf16>
  }
}
