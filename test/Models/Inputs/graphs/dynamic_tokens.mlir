// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export dynamic --exporter linalg
#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<?xi64>, %arg1: tensor<512x256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256xf32>, %arg4: tensor<512x256xf32>, %arg5: tensor<512x256xf32>, %arg6: tensor<512x256xf32>, %arg7: tensor<512x256xf32>, %arg8: tensor<256x512xf32>, %arg9: tensor<256x512xf32>, %arg10: tensor<256xf32>, %arg11: tensor<512x256xf32>) -> tensor<?x512xf32> {
    %c2_i64 = arith.constant 2 : i64
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 9.9999999999999995E-7 : f64
    %cst_2 = arith.constant 2.560000e+02 : f32
    %dim = tensor.dim %arg0, %c0 : tensor<?xi64>
    %0 = tensor.empty(%dim) : tensor<?x256xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?xi64>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: i64, %out: f32):
      %45 = arith.index_cast %in : i64 to index
      %46 = linalg.index 1 : index
      %47 = arith.cmpi slt, %45, %c512 : index
      cf.assert %47, "index must be smaller than dim size"
      %48 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %48, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%45, %46] : tensor<512x256xf32>
      linalg.yield %extracted : f32
    } -> tensor<?x256xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<?x256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %3 = tensor.empty(%dim) : tensor<?x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<?x1xf32>) -> tensor<?x1xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<?x256xf32>) outs(%4 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.addf %in, %out : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.divf %in, %cst_2 : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.truncf %cst_1 : f64 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<?x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.rsqrt %in : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%1, %8 : tensor<?x256xf32>, tensor<?x1xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %arg2 : tensor<?x256xf32>, tensor<256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %11 = tensor.empty() : tensor<256x512xf32>
    %transposed = linalg.transpose ins(%arg4 : tensor<512x256xf32>) outs(%11 : tensor<256x512xf32>) permutation = [1, 0] 
    %12 = tensor.empty(%dim) : tensor<?x512xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<?x512xf32>) -> tensor<?x512xf32>
    %14 = linalg.matmul ins(%10, %transposed : tensor<?x256xf32>, tensor<256x512xf32>) outs(%13 : tensor<?x512xf32>) -> tensor<?x512xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<?x512xf32>) outs(%12 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.negf %in : f32
      %46 = math.exp %45 : f32
      %47 = arith.addf %46, %cst_0 : f32
      %48 = arith.divf %cst_0, %47 : f32
      linalg.yield %48 : f32
    } -> tensor<?x512xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14, %15 : tensor<?x512xf32>, tensor<?x512xf32>) outs(%12 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x512xf32>
    %transposed_3 = linalg.transpose ins(%arg6 : tensor<512x256xf32>) outs(%11 : tensor<256x512xf32>) permutation = [1, 0] 
    %17 = linalg.matmul ins(%10, %transposed_3 : tensor<?x256xf32>, tensor<256x512xf32>) outs(%13 : tensor<?x512xf32>) -> tensor<?x512xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%16, %17 : tensor<?x512xf32>, tensor<?x512xf32>) outs(%12 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x512xf32>
    %19 = tensor.empty() : tensor<512x256xf32>
    %transposed_4 = linalg.transpose ins(%arg8 : tensor<256x512xf32>) outs(%19 : tensor<512x256xf32>) permutation = [1, 0] 
    %20 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?x256xf32>) -> tensor<?x256xf32>
    %21 = linalg.matmul ins(%18, %transposed_4 : tensor<?x512xf32>, tensor<512x256xf32>) outs(%20 : tensor<?x256xf32>) -> tensor<?x256xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%1, %21 : tensor<?x256xf32>, tensor<?x256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.addf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<?x256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%23 : tensor<?x256xf32>) outs(%4 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.addf %in, %out : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.divf %in, %cst_2 : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.truncf %cst_1 : f64 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<?x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.rsqrt %in : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %27 : tensor<?x256xf32>, tensor<?x1xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%28, %arg3 : tensor<?x256xf32>, tensor<256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %transposed_5 = linalg.transpose ins(%arg5 : tensor<512x256xf32>) outs(%11 : tensor<256x512xf32>) permutation = [1, 0] 
    %30 = linalg.matmul ins(%29, %transposed_5 : tensor<?x256xf32>, tensor<256x512xf32>) outs(%13 : tensor<?x512xf32>) -> tensor<?x512xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%30 : tensor<?x512xf32>) outs(%12 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.negf %in : f32
      %46 = math.exp %45 : f32
      %47 = arith.addf %46, %cst_0 : f32
      %48 = arith.divf %cst_0, %47 : f32
      linalg.yield %48 : f32
    } -> tensor<?x512xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%30, %31 : tensor<?x512xf32>, tensor<?x512xf32>) outs(%12 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x512xf32>
    %transposed_6 = linalg.transpose ins(%arg7 : tensor<512x256xf32>) outs(%11 : tensor<256x512xf32>) permutation = [1, 0] 
    %33 = linalg.matmul ins(%29, %transposed_6 : tensor<?x256xf32>, tensor<256x512xf32>) outs(%13 : tensor<?x512xf32>) -> tensor<?x512xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%32, %33 : tensor<?x512xf32>, tensor<?x512xf32>) outs(%12 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x512xf32>
    %transposed_7 = linalg.transpose ins(%arg9 : tensor<256x512xf32>) outs(%19 : tensor<512x256xf32>) permutation = [1, 0] 
    %35 = linalg.matmul ins(%34, %transposed_7 : tensor<?x512xf32>, tensor<512x256xf32>) outs(%20 : tensor<?x256xf32>) -> tensor<?x256xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %35 : tensor<?x256xf32>, tensor<?x256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.addf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<?x256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%37 : tensor<?x256xf32>) outs(%4 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.addf %in, %out : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.divf %in, %cst_2 : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%39 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = arith.truncf %cst_1 : f64 to f32
      %46 = arith.addf %in, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<?x1xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %45 = math.rsqrt %in : f32
      linalg.yield %45 : f32
    } -> tensor<?x1xf32>
    %42 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%36, %41 : tensor<?x256xf32>, tensor<?x1xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %43 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%42, %arg10 : tensor<?x256xf32>, tensor<256xf32>) outs(%0 : tensor<?x256xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %45 = arith.mulf %in, %in_9 : f32
      linalg.yield %45 : f32
    } -> tensor<?x256xf32>
    %transposed_8 = linalg.transpose ins(%arg11 : tensor<512x256xf32>) outs(%11 : tensor<256x512xf32>) permutation = [1, 0] 
    %44 = linalg.matmul ins(%43, %transposed_8 : tensor<?x256xf32>, tensor<256x512xf32>) outs(%13 : tensor<?x512xf32>) -> tensor<?x512xf32>
    return %44 : tensor<?x512xf32>
  }
}
