// A two-Linear MLP in torch-mlir's export style: weights elided
// (dense_resource<__elided__>) and stored [K, N] (x @ W), a bias add and a
// ReLU between, bf16 result. Input of model-e2e-mock.test.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%x: tensor<48x256xf32>) -> tensor<48x128xbf16> {
    %w1 = arith.constant dense_resource<__elided__> : tensor<256x384xf32>
    %b1 = arith.constant dense_resource<__elided__> : tensor<384xf32>
    %w2 = arith.constant dense_resource<__elided__> : tensor<384x128xf32>
    %zero = arith.constant 0.0 : f32
    %e1 = tensor.empty() : tensor<48x384xf32>
    %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<48x384xf32>) -> tensor<48x384xf32>
    %h = linalg.matmul ins(%x, %w1 : tensor<48x256xf32>, tensor<256x384xf32>) outs(%f1 : tensor<48x384xf32>) -> tensor<48x384xf32>
    %a = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%h, %b1 : tensor<48x384xf32>, tensor<384xf32>) outs(%e1 : tensor<48x384xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %s = arith.addf %v, %b : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    } -> tensor<48x384xf32>
    %e2 = tensor.empty() : tensor<48x128xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<48x128xf32>) -> tensor<48x128xf32>
    %y = linalg.matmul ins(%a, %w2 : tensor<48x384xf32>, tensor<384x128xf32>) outs(%f2 : tensor<48x128xf32>) -> tensor<48x128xf32>
    %eb = tensor.empty() : tensor<48x128xbf16>
    %yb = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<48x128xf32>) outs(%eb : tensor<48x128xbf16>) {
    ^bb0(%v: f32, %o: bf16):
      %t = arith.truncf %v : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<48x128xbf16>
    return %yb : tensor<48x128xbf16>
  }
}
