// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export moe --exporter linalg
#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map5 = affine_map<(d0) -> (d0)>
#map6 = affine_map<(d0, d1) -> (0, d1)>
#map7 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> ()>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map10 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map11 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
module {
  func.func @forward(%arg0: tensor<16xi64>, %arg1: tensor<512x256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256xf32>, %arg8: tensor<4x256x256xf32>, %arg9: tensor<4x256x256xf32>, %arg10: tensor<4x256x256xf32>, %arg11: tensor<4x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256xf32>, %arg16: tensor<512x256xf32>) -> tensor<16x512xf32> {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c512 = arith.constant 512 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16x4xf32>
    %cst_3 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_4 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_5 = arith.constant 11.313708498984761 : f64
    %cst_6 = arith.constant 9.9999999999999995E-7 : f64
    %cst_7 = arith.constant 2.560000e+02 : f32
    %0 = tensor.empty() : tensor<16x256xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16xi64>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: i64, %out: f32):
      %104 = arith.index_cast %in : i64 to index
      %105 = linalg.index 1 : index
      %106 = arith.cmpi slt, %104, %c512 : index
      cf.assert %106, "index must be smaller than dim size"
      %107 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %107, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%104, %105] : tensor<512x256xf32>
      linalg.yield %extracted : f32
    } -> tensor<16x256xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %3 = tensor.empty() : tensor<16x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<16x1xf32>) -> tensor<16x1xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<16x256xf32>) outs(%4 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.addf %in, %out : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.divf %in, %cst_7 : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.truncf %cst_6 : f64 to f32
      %105 = arith.addf %in, %104 : f32
      linalg.yield %105 : f32
    } -> tensor<16x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.rsqrt %in : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%1, %8 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %arg2 : tensor<16x256xf32>, tensor<256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %11 = tensor.empty() : tensor<256x256xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %12 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %13 = linalg.matmul ins(%10, %transposed : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded = tensor.expand_shape %13 [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %14 = tensor.empty() : tensor<2x16x128xf32>
    %transposed_8 = linalg.transpose ins(%expanded : tensor<16x2x128xf32>) outs(%14 : tensor<2x16x128xf32>) permutation = [1, 0, 2] 
    %transposed_9 = linalg.transpose ins(%arg4 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %15 = linalg.matmul ins(%10, %transposed_9 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_10 = tensor.expand_shape %15 [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %transposed_11 = linalg.transpose ins(%arg5 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %16 = linalg.matmul ins(%10, %transposed_11 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_12 = tensor.expand_shape %16 [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<16x2x128xf32>) outs(%14 : tensor<2x16x128xf32>) permutation = [1, 0, 2] 
    %17 = tensor.empty() : tensor<2x128x16xf32>
    %transposed_14 = linalg.transpose ins(%expanded_10 : tensor<16x2x128xf32>) outs(%17 : tensor<2x128x16xf32>) permutation = [1, 2, 0] 
    %18 = tensor.empty() : tensor<2x16x16xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %20 = linalg.batch_matmul ins(%transposed_8, %transposed_14 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%19 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %21 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x16x16xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.truncf %cst_5 : f64 to f32
      %105 = arith.divf %in, %104 : f32
      linalg.yield %105 : f32
    } -> tensor<2x16x16xf32>
    %22 = tensor.empty() : tensor<16xi64>
    %23 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%22 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %104 = linalg.index 0 : index
      %105 = arith.index_cast %104 : index to i64
      linalg.yield %105 : i64
    } -> tensor<16xi64>
    %expanded_15 = tensor.expand_shape %23 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_16 = tensor.expand_shape %23 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %24 = tensor.empty() : tensor<16x16xi64>
    %25 = linalg.generic {indexing_maps = [#map6, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded_15, %expanded_16 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%24 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_30: i64, %out: i64):
      %104 = arith.subi %in, %in_30 : i64
      linalg.yield %104 : i64
    } -> tensor<16x16xi64>
    %26 = tensor.empty() : tensor<16x16xi1>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<16x16xi64>) outs(%26 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %104 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %104 : i1
    } -> tensor<16x16xi1>
    %28 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%27, %cst_4 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%26 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_30: i1, %out: i1):
      %104 = arith.andi %in, %in_30 : i1
      linalg.yield %104 : i1
    } -> tensor<16x16xi1>
    %29 = linalg.generic {indexing_maps = [#map7, #map8, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28, %cst_3, %21 : tensor<16x16xi1>, tensor<f32>, tensor<2x16x16xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: i1, %in_30: f32, %in_31: f32, %out: f32):
      %104 = arith.select %in, %in_30, %in_31 : f32
      linalg.yield %104 : f32
    } -> tensor<2x16x16xf32>
    %30 = tensor.empty() : tensor<2x16xi64>
    %31 = linalg.fill ins(%c0_i64 : i64) outs(%30 : tensor<2x16xi64>) -> tensor<2x16xi64>
    %32 = tensor.empty() : tensor<2x16xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %34:2 = linalg.generic {indexing_maps = [#map4, #map9, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%29 : tensor<2x16x16xf32>) outs(%33, %31 : tensor<2x16xf32>, tensor<2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_30: i64):
      %104 = linalg.index 2 : index
      %105 = arith.index_cast %104 : index to i64
      %106 = arith.maximumf %in, %out : f32
      %107 = arith.cmpf ogt, %in, %out : f32
      %108 = arith.select %107, %105, %out_30 : i64
      linalg.yield %106, %108 : f32, i64
    } -> (tensor<2x16xf32>, tensor<2x16xi64>)
    %expanded_17 = tensor.expand_shape %34#0 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map10, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %expanded_17 : tensor<2x16x16xf32>, tensor<2x16x1xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.subf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<2x16x16xf32>
    %36 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35 : tensor<2x16x16xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.exp %in : f32
      linalg.yield %104 : f32
    } -> tensor<2x16x16xf32>
    %37 = tensor.empty() : tensor<2x16x1xf32>
    %38 = linalg.fill ins(%cst : f32) outs(%37 : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %39 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%36 : tensor<2x16x16xf32>) outs(%38 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.addf %in, %out : f32
      linalg.yield %104 : f32
    } -> tensor<2x16x1xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map10, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%36, %39 : tensor<2x16x16xf32>, tensor<2x16x1xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.divf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<2x16x16xf32>
    %41 = linalg.fill ins(%cst : f32) outs(%14 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %42 = linalg.batch_matmul ins(%40, %transposed_13 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%41 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %43 = tensor.empty() : tensor<16x2x128xf32>
    %transposed_18 = linalg.transpose ins(%42 : tensor<2x16x128xf32>) outs(%43 : tensor<16x2x128xf32>) permutation = [1, 0, 2] 
    %collapsed = tensor.collapse_shape %transposed_18 [[0], [1, 2]] : tensor<16x2x128xf32> into tensor<16x256xf32>
    %transposed_19 = linalg.transpose ins(%arg6 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %44 = linalg.matmul ins(%collapsed, %transposed_19 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%1, %44 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.addf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%46 : tensor<16x256xf32>) outs(%4 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.addf %in, %out : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.divf %in, %cst_7 : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%48 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.truncf %cst_6 : f64 to f32
      %105 = arith.addf %in, %104 : f32
      linalg.yield %105 : f32
    } -> tensor<16x1xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.rsqrt %in : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%45, %50 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%51, %arg7 : tensor<16x256xf32>, tensor<256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %53 = tensor.empty() : tensor<256x4xf32>
    %transposed_20 = linalg.transpose ins(%arg11 : tensor<4x256xf32>) outs(%53 : tensor<256x4xf32>) permutation = [1, 0] 
    %54 = tensor.empty() : tensor<16x4xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %56 = linalg.matmul ins(%52, %transposed_20 : tensor<16x256xf32>, tensor<256x4xf32>) outs(%55 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %57 = linalg.fill ins(%c0_i64 : i64) outs(%22 : tensor<16xi64>) -> tensor<16xi64>
    %58 = tensor.empty() : tensor<16xf32>
    %59 = linalg.fill ins(%cst_0 : f32) outs(%58 : tensor<16xf32>) -> tensor<16xf32>
    %60:2 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "reduction"]} ins(%56 : tensor<16x4xf32>) outs(%59, %57 : tensor<16xf32>, tensor<16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_30: i64):
      %104 = linalg.index 1 : index
      %105 = arith.index_cast %104 : index to i64
      %106 = arith.maximumf %in, %out : f32
      %107 = arith.cmpf ogt, %in, %out : f32
      %108 = arith.select %107, %105, %out_30 : i64
      linalg.yield %106, %108 : f32, i64
    } -> (tensor<16xf32>, tensor<16xi64>)
    %expanded_21 = tensor.expand_shape %60#0 [[0, 1]] output_shape [16, 1] : tensor<16xf32> into tensor<16x1xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%56, %expanded_21 : tensor<16x4xf32>, tensor<16x1xf32>) outs(%54 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.subf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x4xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%61 : tensor<16x4xf32>) outs(%54 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.exp %in : f32
      linalg.yield %104 : f32
    } -> tensor<16x4xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%62 : tensor<16x4xf32>) outs(%4 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.addf %in, %out : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%62, %63 : tensor<16x4xf32>, tensor<16x1xf32>) outs(%54 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.divf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x4xf32>
    %expanded_22 = tensor.expand_shape %64 [[0], [1, 2]] output_shape [16, 4, 1] : tensor<16x4xf32> into tensor<16x4x1xf32>
    %expanded_23 = tensor.expand_shape %64 [[0], [1, 2]] output_shape [16, 1, 4] : tensor<16x4xf32> into tensor<16x1x4xf32>
    %65 = tensor.empty() : tensor<16x4x4xi1>
    %66 = linalg.generic {indexing_maps = [#map10, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22, %expanded_23 : tensor<16x4x1xf32>, tensor<16x1x4xf32>) outs(%65 : tensor<16x4x4xi1>) {
    ^bb0(%in: f32, %in_30: f32, %out: i1):
      %104 = arith.cmpf olt, %in, %in_30 : f32
      linalg.yield %104 : i1
    } -> tensor<16x4x4xi1>
    %67 = tensor.empty() : tensor<16x4xi64>
    %68 = linalg.fill ins(%c0_i64 : i64) outs(%67 : tensor<16x4xi64>) -> tensor<16x4xi64>
    %69 = linalg.generic {indexing_maps = [#map4, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%66 : tensor<16x4x4xi1>) outs(%68 : tensor<16x4xi64>) {
    ^bb0(%in: i1, %out: i64):
      %104 = arith.extui %in : i1 to i64
      %105 = arith.addi %104, %out : i64
      linalg.yield %105 : i64
    } -> tensor<16x4xi64>
    %70 = tensor.empty() : tensor<16x4xi1>
    %71 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%69 : tensor<16x4xi64>) outs(%70 : tensor<16x4xi1>) {
    ^bb0(%in: i64, %out: i1):
      %104 = arith.cmpi slt, %in, %c2_i64 : i64
      linalg.yield %104 : i1
    } -> tensor<16x4xi1>
    %72 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%71, %64, %cst_2 : tensor<16x4xi1>, tensor<16x4xf32>, tensor<16x4xf32>) outs(%54 : tensor<16x4xf32>) {
    ^bb0(%in: i1, %in_30: f32, %in_31: f32, %out: f32):
      %104 = arith.select %in, %in_30, %in_31 : f32
      linalg.yield %104 : f32
    } -> tensor<16x4xf32>
    %73 = tensor.empty() : tensor<4x16x256xf32>
    %74 = linalg.generic {indexing_maps = [#map7, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52 : tensor<16x256xf32>) outs(%73 : tensor<4x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16x256xf32>
    %75 = linalg.fill ins(%cst : f32) outs(%73 : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
    %76 = linalg.batch_matmul ins(%74, %arg8 : tensor<4x16x256xf32>, tensor<4x256x256xf32>) outs(%75 : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
    %77 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<4x16x256xf32>) outs(%73 : tensor<4x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.negf %in : f32
      %105 = math.exp %104 : f32
      %106 = arith.addf %105, %cst_1 : f32
      %107 = arith.divf %cst_1, %106 : f32
      linalg.yield %107 : f32
    } -> tensor<4x16x256xf32>
    %78 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %77 : tensor<4x16x256xf32>, tensor<4x16x256xf32>) outs(%73 : tensor<4x16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<4x16x256xf32>
    %79 = linalg.batch_matmul ins(%74, %arg9 : tensor<4x16x256xf32>, tensor<4x256x256xf32>) outs(%75 : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
    %80 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %79 : tensor<4x16x256xf32>, tensor<4x16x256xf32>) outs(%73 : tensor<4x16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<4x16x256xf32>
    %81 = linalg.batch_matmul ins(%80, %arg10 : tensor<4x16x256xf32>, tensor<4x256x256xf32>) outs(%75 : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
    %82 = tensor.empty() : tensor<4x16xf32>
    %transposed_24 = linalg.transpose ins(%72 : tensor<16x4xf32>) outs(%82 : tensor<4x16xf32>) permutation = [1, 0] 
    %expanded_25 = tensor.expand_shape %transposed_24 [[0], [1, 2]] output_shape [4, 16, 1] : tensor<4x16xf32> into tensor<4x16x1xf32>
    %83 = linalg.generic {indexing_maps = [#map4, #map10, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %expanded_25 : tensor<4x16x256xf32>, tensor<4x16x1xf32>) outs(%73 : tensor<4x16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<4x16x256xf32>
    %84 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["reduction", "parallel", "parallel"]} ins(%83 : tensor<4x16x256xf32>) outs(%12 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.addf %in, %out : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %transposed_26 = linalg.transpose ins(%arg12 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %85 = linalg.matmul ins(%52, %transposed_26 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %86 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%85 : tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.negf %in : f32
      %105 = math.exp %104 : f32
      %106 = arith.addf %105, %cst_1 : f32
      %107 = arith.divf %cst_1, %106 : f32
      linalg.yield %107 : f32
    } -> tensor<16x256xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%85, %86 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %transposed_27 = linalg.transpose ins(%arg13 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %88 = linalg.matmul ins(%52, %transposed_27 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%87, %88 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %transposed_28 = linalg.transpose ins(%arg14 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %90 = linalg.matmul ins(%89, %transposed_28 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%84, %90 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.addf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%45, %91 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.addf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%92 : tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %94 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%93 : tensor<16x256xf32>) outs(%4 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.addf %in, %out : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %95 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%94 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.divf %in, %cst_7 : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %96 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%95 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = arith.truncf %cst_6 : f64 to f32
      %105 = arith.addf %in, %104 : f32
      linalg.yield %105 : f32
    } -> tensor<16x1xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%96 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %104 = math.rsqrt %in : f32
      linalg.yield %104 : f32
    } -> tensor<16x1xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%92, %97 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %99 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%98, %arg15 : tensor<16x256xf32>, tensor<256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_30: f32, %out: f32):
      %104 = arith.mulf %in, %in_30 : f32
      linalg.yield %104 : f32
    } -> tensor<16x256xf32>
    %100 = tensor.empty() : tensor<256x512xf32>
    %transposed_29 = linalg.transpose ins(%arg16 : tensor<512x256xf32>) outs(%100 : tensor<256x512xf32>) permutation = [1, 0] 
    %101 = tensor.empty() : tensor<16x512xf32>
    %102 = linalg.fill ins(%cst : f32) outs(%101 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %103 = linalg.matmul ins(%99, %transposed_29 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%102 : tensor<16x512xf32>) -> tensor<16x512xf32>
    return %103 : tensor<16x512xf32>
  }
}
