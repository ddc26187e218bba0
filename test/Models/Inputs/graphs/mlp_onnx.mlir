// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export mlp --exporter onnx
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<16x256xf32>, %arg1: tensor<512x256xf32>, %arg2: tensor<512xf32>, %arg3: tensor<256x512xf32>, %arg4: tensor<256xf32>) -> tensor<16x256xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<256x512xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x256xf32>) outs(%0 : tensor<256x512xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<16x512xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<16x256xf32>, tensor<256x512xf32>) outs(%2 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %arg2 : tensor<16x512xf32>, tensor<512xf32>) outs(%1 : tensor<16x512xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %11 = arith.addf %in, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<16x512xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<16x512xf32>) outs(%1 : tensor<16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.divf %in, %cst_2 : f32
      %12 = math.erf %11 : f32
      %13 = arith.addf %12, %cst_0 : f32
      %14 = arith.mulf %13, %cst_1 : f32
      %15 = arith.mulf %in, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<16x512xf32>
    %6 = tensor.empty() : tensor<512x256xf32>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<256x512xf32>) outs(%6 : tensor<512x256xf32>) permutation = [1, 0] 
    %7 = tensor.empty() : tensor<16x256xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %9 = linalg.matmul ins(%5, %transposed_3 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%8 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%9, %arg4 : tensor<16x256xf32>, tensor<256xf32>) outs(%7 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %11 = arith.addf %in, %in_4 : f32
      linalg.yield %11 : f32
    } -> tensor<16x256xf32>
    return %10 : tensor<16x256xf32>
  }
}
