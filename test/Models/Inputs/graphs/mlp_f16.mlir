// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export mlp --exporter linalg --dtype f16
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<16x256xf16>, %arg1: tensor<512x256xf16>, %arg2: tensor<512xf16>, %arg3: tensor<256x512xf16>, %arg4: tensor<256xf16>) -> tensor<16x256xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f16
    %cst_1 = arith.constant 2.000000e+00 : f16
    %cst_2 = arith.constant 5.000000e-01 : f16
    %0 = tensor.empty() : tensor<256x512xf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x256xf16>) outs(%0 : tensor<256x512xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<512xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<512xf16>) outs(%1 : tensor<512xf32>) {
    ^bb0(%in: f16, %out: f32):
      %27 = arith.extf %in : f16 to f32
      linalg.yield %27 : f32
    } -> tensor<512xf32>
    %3 = tensor.empty() : tensor<16x256xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16x256xf16>) outs(%3 : tensor<16x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %27 = arith.extf %in : f16 to f32
      linalg.yield %27 : f32
    } -> tensor<16x256xf32>
    %5 = tensor.empty() : tensor<256x512xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<256x512xf16>) outs(%5 : tensor<256x512xf32>) {
    ^bb0(%in: f16, %out: f32):
      %27 = arith.extf %in : f16 to f32
      linalg.yield %27 : f32
    } -> tensor<256x512xf32>
    %7 = tensor.empty() : tensor<16x512xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%8 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<512xf32>) outs(%7 : tensor<16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x512xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %10 : tensor<16x512xf32>, tensor<16x512xf32>) outs(%7 : tensor<16x512xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %27 = arith.addf %in, %in_4 : f32
      linalg.yield %27 : f32
    } -> tensor<16x512xf32>
    %12 = tensor.empty() : tensor<16x512xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<16x512xf32>) outs(%12 : tensor<16x512xf16>) {
    ^bb0(%in: f32, %out: f16):
      %27 = arith.truncf %in : f32 to f16
      linalg.yield %27 : f16
    } -> tensor<16x512xf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<16x512xf16>) outs(%12 : tensor<16x512xf16>) {
    ^bb0(%in: f16, %out: f16):
      %27 = math.sqrt %cst_1 : f16
      %28 = arith.divf %in, %27 : f16
      %29 = math.erf %28 : f16
      %30 = arith.addf %29, %cst_0 : f16
      %31 = arith.mulf %30, %cst_2 : f16
      %32 = arith.mulf %in, %31 : f16
      linalg.yield %32 : f16
    } -> tensor<16x512xf16>
    %15 = tensor.empty() : tensor<512x256xf16>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<256x512xf16>) outs(%15 : tensor<512x256xf16>) permutation = [1, 0] 
    %16 = tensor.empty() : tensor<256xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg4 : tensor<256xf16>) outs(%16 : tensor<256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %27 = arith.extf %in : f16 to f32
      linalg.yield %27 : f32
    } -> tensor<256xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<16x512xf16>) outs(%7 : tensor<16x512xf32>) {
    ^bb0(%in: f16, %out: f32):
      %27 = arith.extf %in : f16 to f32
      linalg.yield %27 : f32
    } -> tensor<16x512xf32>
    %19 = tensor.empty() : tensor<512x256xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_3 : tensor<512x256xf16>) outs(%19 : tensor<512x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %27 = arith.extf %in : f16 to f32
      linalg.yield %27 : f32
    } -> tensor<512x256xf32>
    %21 = linalg.fill ins(%cst : f32) outs(%3 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %22 = linalg.matmul ins(%18, %20 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%21 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<256xf32>) outs(%3 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x256xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %23 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%3 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %27 = arith.addf %in, %in_4 : f32
      linalg.yield %27 : f32
    } -> tensor<16x256xf32>
    %25 = tensor.empty() : tensor<16x256xf16>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<16x256xf32>) outs(%25 : tensor<16x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %27 = arith.truncf %in : f32 to f16
      linalg.yield %27 : f16
    } -> tensor<16x256xf16>
    return %26 : tensor<16x256xf16>
  }
}
