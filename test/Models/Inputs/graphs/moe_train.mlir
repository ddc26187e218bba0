// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export moe_train --train
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> ()>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map9 = affine_map<(d0, d1) -> (d0)>
#map10 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map11 = affine_map<(d0, d1) -> ()>
#map12 = affine_map<() -> ()>
#map13 = affine_map<(d0, d1) -> (0, d1)>
#map14 = affine_map<(d0, d1, d2) -> (0, d1, d2)>
module {
  func.func @train_step(%arg0: tensor<512x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256xf32>, %arg7: tensor<4x256x256xf32>, %arg8: tensor<4x256x256xf32>, %arg9: tensor<4x256x256xf32>, %arg10: tensor<4x256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256xf32>, %arg15: tensor<512x256xf32>, %arg16: tensor<128xi64>, %arg17: tensor<128xi64>) -> (tensor<f32>, tensor<512x256xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<4x256x256xf32>, tensor<4x256x256xf32>, tensor<4x256x256xf32>, tensor<4x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<512x256xf32>) {
    %c3_i64 = arith.constant 3 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %false = arith.constant false
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<128x4xf32>
    %cst_5 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_6 = arith.constant dense<true> : tensor<128x128xi1>
    %cst_7 = arith.constant 11.313708498984761 : f64
    %cst_8 = arith.constant 9.9999999999999995E-7 : f64
    %cst_9 = arith.constant 2.560000e+02 : f32
    %cst_10 = arith.constant 1.280000e+02 : f32
    %cst_11 = arith.constant -5.000000e-01 : f32
    %cst_12 = arith.constant 2.000000e+00 : f32
    %expanded = tensor.expand_shape %arg16 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %0 = tensor.empty() : tensor<512xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<512xi64>) {
    ^bb0(%out: i64):
      %257 = linalg.index 0 : index
      %258 = arith.index_cast %257 : index to i64
      linalg.yield %258 : i64
    } -> tensor<512xi64>
    %2 = tensor.empty() : tensor<128x512xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %1 : tensor<128x1xi64>, tensor<512xi64>) outs(%2 : tensor<128x512xi1>) {
    ^bb0(%in: i64, %in_72: i64, %out: i1):
      %257 = arith.cmpi eq, %in, %in_72 : i64
      linalg.yield %257 : i1
    } -> tensor<128x512xi1>
    %4 = tensor.empty() : tensor<128x512xi64>
    %5 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<128x512xi1>) outs(%4 : tensor<128x512xi64>) {
    ^bb0(%in: i1, %out: i64):
      %257 = arith.extui %in : i1 to i64
      linalg.yield %257 : i64
    } -> tensor<128x512xi64>
    %6 = tensor.empty() : tensor<128x512xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<128x512xi64>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: i64, %out: f32):
      %257 = arith.sitofp %in : i64 to f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %8 = tensor.empty() : tensor<128x256xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %10 = linalg.matmul ins(%7, %arg0 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %12 = tensor.empty() : tensor<128x1xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<128x256xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %15 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_9 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.truncf %cst_8 : f64 to f32
      %258 = arith.addf %in, %257 : f32
      linalg.yield %258 : f32
    } -> tensor<128x1xf32>
    %17 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.rsqrt %in : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%10, %17 : tensor<128x256xf32>, tensor<128x1xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %19 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%18, %arg1 : tensor<128x256xf32>, tensor<256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %20 = tensor.empty() : tensor<256x256xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<256x256xf32>) outs(%20 : tensor<256x256xf32>) permutation = [1, 0] 
    %21 = linalg.matmul ins(%19, %transposed : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_13 = tensor.expand_shape %21 [[0], [1, 2]] output_shape [128, 2, 128] : tensor<128x256xf32> into tensor<128x2x128xf32>
    %22 = tensor.empty() : tensor<2x128x128xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<128x2x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [1, 0, 2] 
    %transposed_15 = linalg.transpose ins(%arg3 : tensor<256x256xf32>) outs(%20 : tensor<256x256xf32>) permutation = [1, 0] 
    %23 = linalg.matmul ins(%19, %transposed_15 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_16 = tensor.expand_shape %23 [[0], [1, 2]] output_shape [128, 2, 128] : tensor<128x256xf32> into tensor<128x2x128xf32>
    %transposed_17 = linalg.transpose ins(%arg4 : tensor<256x256xf32>) outs(%20 : tensor<256x256xf32>) permutation = [1, 0] 
    %24 = linalg.matmul ins(%19, %transposed_17 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_18 = tensor.expand_shape %24 [[0], [1, 2]] output_shape [128, 2, 128] : tensor<128x256xf32> into tensor<128x2x128xf32>
    %transposed_19 = linalg.transpose ins(%expanded_18 : tensor<128x2x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [1, 0, 2] 
    %transposed_20 = linalg.transpose ins(%expanded_16 : tensor<128x2x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [1, 2, 0] 
    %25 = linalg.fill ins(%cst : f32) outs(%22 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %26 = linalg.batch_matmul ins(%transposed_14, %transposed_20 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%25 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26 : tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.truncf %cst_7 : f64 to f32
      %258 = arith.divf %in, %257 : f32
      linalg.yield %258 : f32
    } -> tensor<2x128x128xf32>
    %28 = tensor.empty() : tensor<128x128xi1>
    %29 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%cst_6 : tensor<128x128xi1>) outs(%28 : tensor<128x128xi1>) {
    ^bb0(%in: i1, %out: i1):
      %257 = linalg.index 0 : index
      %258 = arith.index_cast %257 : index to i64
      %259 = linalg.index 1 : index
      %260 = arith.index_cast %259 : index to i64
      %261 = arith.addi %258, %c1_i64 : i64
      %262 = arith.cmpi sge, %260, %261 : i64
      %263 = arith.select %262, %in, %false : i1
      linalg.yield %263 : i1
    } -> tensor<128x128xi1>
    %30 = linalg.generic {indexing_maps = [#map5, #map6, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %cst_5, %27 : tensor<128x128xi1>, tensor<f32>, tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: i1, %in_72: f32, %in_73: f32, %out: f32):
      %257 = arith.select %in, %in_72, %in_73 : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %31 = tensor.empty() : tensor<2x128xi64>
    %32 = linalg.fill ins(%c0_i64 : i64) outs(%31 : tensor<2x128xi64>) -> tensor<2x128xi64>
    %33 = tensor.empty() : tensor<2x128xf32>
    %34 = linalg.fill ins(%cst_0 : f32) outs(%33 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %35:2 = linalg.generic {indexing_maps = [#map4, #map7, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%30 : tensor<2x128x128xf32>) outs(%34, %32 : tensor<2x128xf32>, tensor<2x128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_72: i64):
      %257 = linalg.index 2 : index
      %258 = arith.index_cast %257 : index to i64
      %259 = arith.maximumf %in, %out : f32
      %260 = arith.cmpf ogt, %in, %out : f32
      %261 = arith.select %260, %258, %out_72 : i64
      linalg.yield %259, %261 : f32, i64
    } -> (tensor<2x128xf32>, tensor<2x128xi64>)
    %expanded_21 = tensor.expand_shape %35#0 [[0], [1, 2]] output_shape [2, 128, 1] : tensor<2x128xf32> into tensor<2x128x1xf32>
    %36 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%30, %expanded_21 : tensor<2x128x128xf32>, tensor<2x128x1xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%36 : tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.exp %in : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %38 = tensor.empty() : tensor<2x128x1xf32>
    %39 = linalg.fill ins(%cst : f32) outs(%38 : tensor<2x128x1xf32>) -> tensor<2x128x1xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%37 : tensor<2x128x128xf32>) outs(%39 : tensor<2x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x1xf32>
    %41 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37, %40 : tensor<2x128x128xf32>, tensor<2x128x1xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.divf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %42 = linalg.batch_matmul ins(%41, %transposed_19 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%25 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %43 = tensor.empty() : tensor<128x2x128xf32>
    %transposed_22 = linalg.transpose ins(%42 : tensor<2x128x128xf32>) outs(%43 : tensor<128x2x128xf32>) permutation = [1, 0, 2] 
    %collapsed = tensor.collapse_shape %transposed_22 [[0], [1, 2]] : tensor<128x2x128xf32> into tensor<128x256xf32>
    %transposed_23 = linalg.transpose ins(%arg5 : tensor<256x256xf32>) outs(%20 : tensor<256x256xf32>) permutation = [1, 0] 
    %44 = linalg.matmul ins(%collapsed, %transposed_23 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %45 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%10, %44 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %46 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %47 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%46 : tensor<128x256xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %48 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_9 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %49 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%48 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.truncf %cst_8 : f64 to f32
      %258 = arith.addf %in, %257 : f32
      linalg.yield %258 : f32
    } -> tensor<128x1xf32>
    %50 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.rsqrt %in : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %51 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%45, %50 : tensor<128x256xf32>, tensor<128x1xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %52 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%51, %arg6 : tensor<128x256xf32>, tensor<256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %53 = tensor.empty() : tensor<256x4xf32>
    %transposed_24 = linalg.transpose ins(%arg10 : tensor<4x256xf32>) outs(%53 : tensor<256x4xf32>) permutation = [1, 0] 
    %54 = tensor.empty() : tensor<128x4xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<128x4xf32>) -> tensor<128x4xf32>
    %56 = linalg.matmul ins(%52, %transposed_24 : tensor<128x256xf32>, tensor<256x4xf32>) outs(%55 : tensor<128x4xf32>) -> tensor<128x4xf32>
    %57 = tensor.empty() : tensor<128xi64>
    %58 = linalg.fill ins(%c0_i64 : i64) outs(%57 : tensor<128xi64>) -> tensor<128xi64>
    %59 = tensor.empty() : tensor<128xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<128xf32>) -> tensor<128xf32>
    %61:2 = linalg.generic {indexing_maps = [#map3, #map9, #map9], iterator_types = ["parallel", "reduction"]} ins(%56 : tensor<128x4xf32>) outs(%60, %58 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_72: i64):
      %257 = linalg.index 1 : index
      %258 = arith.index_cast %257 : index to i64
      %259 = arith.maximumf %in, %out : f32
      %260 = arith.cmpf ogt, %in, %out : f32
      %261 = arith.select %260, %258, %out_72 : i64
      linalg.yield %259, %261 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_25 = tensor.expand_shape %61#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %62 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%56, %expanded_25 : tensor<128x4xf32>, tensor<128x1xf32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %63 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<128x4xf32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.exp %in : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %64 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%63 : tensor<128x4xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %65 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%63, %64 : tensor<128x4xf32>, tensor<128x1xf32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.divf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %expanded_26 = tensor.expand_shape %65 [[0], [1, 2]] output_shape [128, 4, 1] : tensor<128x4xf32> into tensor<128x4x1xf32>
    %expanded_27 = tensor.expand_shape %65 [[0], [1, 2]] output_shape [128, 1, 4] : tensor<128x4xf32> into tensor<128x1x4xf32>
    %66 = tensor.empty() : tensor<128x4x4xi1>
    %67 = linalg.generic {indexing_maps = [#map8, #map10, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %expanded_27 : tensor<128x4x1xf32>, tensor<128x1x4xf32>) outs(%66 : tensor<128x4x4xi1>) {
    ^bb0(%in: f32, %in_72: f32, %out: i1):
      %257 = arith.cmpf olt, %in, %in_72 : f32
      linalg.yield %257 : i1
    } -> tensor<128x4x4xi1>
    %68 = tensor.empty() : tensor<128x4xi64>
    %69 = linalg.fill ins(%c0_i64 : i64) outs(%68 : tensor<128x4xi64>) -> tensor<128x4xi64>
    %70 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%67 : tensor<128x4x4xi1>) outs(%69 : tensor<128x4xi64>) {
    ^bb0(%in: i1, %out: i64):
      %257 = arith.extui %in : i1 to i64
      %258 = arith.addi %257, %out : i64
      linalg.yield %258 : i64
    } -> tensor<128x4xi64>
    %71 = tensor.empty() : tensor<128x4xi1>
    %72 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%70 : tensor<128x4xi64>) outs(%71 : tensor<128x4xi1>) {
    ^bb0(%in: i64, %out: i1):
      %257 = arith.cmpi slt, %in, %c2_i64 : i64
      linalg.yield %257 : i1
    } -> tensor<128x4xi1>
    %73 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%72, %65, %cst_4 : tensor<128x4xi1>, tensor<128x4xf32>, tensor<128x4xf32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: i1, %in_72: f32, %in_73: f32, %out: f32):
      %257 = arith.select %in, %in_72, %in_73 : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %74 = tensor.empty() : tensor<4x128x256xf32>
    %75 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52 : tensor<128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x128x256xf32>
    %76 = linalg.fill ins(%cst : f32) outs(%74 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
    %77 = linalg.batch_matmul ins(%75, %arg7 : tensor<4x128x256xf32>, tensor<4x256x256xf32>) outs(%76 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
    %78 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.negf %in : f32
      %258 = math.exp %257 : f32
      %259 = arith.addf %258, %cst_1 : f32
      %260 = arith.divf %cst_1, %259 : f32
      linalg.yield %260 : f32
    } -> tensor<4x128x256xf32>
    %79 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %77 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %80 = linalg.batch_matmul ins(%75, %arg8 : tensor<4x128x256xf32>, tensor<4x256x256xf32>) outs(%76 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %80 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %82 = linalg.batch_matmul ins(%81, %arg9 : tensor<4x128x256xf32>, tensor<4x256x256xf32>) outs(%76 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
    %83 = tensor.empty() : tensor<4x128xf32>
    %transposed_28 = linalg.transpose ins(%73 : tensor<128x4xf32>) outs(%83 : tensor<4x128xf32>) permutation = [1, 0] 
    %expanded_29 = tensor.expand_shape %transposed_28 [[0], [1, 2]] output_shape [4, 128, 1] : tensor<4x128xf32> into tensor<4x128x1xf32>
    %84 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %expanded_29 : tensor<4x128x256xf32>, tensor<4x128x1xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %85 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["reduction", "parallel", "parallel"]} ins(%84 : tensor<4x128x256xf32>) outs(%9 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_30 = linalg.transpose ins(%arg11 : tensor<256x256xf32>) outs(%20 : tensor<256x256xf32>) permutation = [1, 0] 
    %86 = linalg.matmul ins(%52, %transposed_30 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %87 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%86 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.negf %in : f32
      %258 = math.exp %257 : f32
      %259 = arith.addf %258, %cst_1 : f32
      %260 = arith.divf %cst_1, %259 : f32
      linalg.yield %260 : f32
    } -> tensor<128x256xf32>
    %88 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%87, %86 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_31 = linalg.transpose ins(%arg12 : tensor<256x256xf32>) outs(%20 : tensor<256x256xf32>) permutation = [1, 0] 
    %89 = linalg.matmul ins(%52, %transposed_31 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %90 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%88, %89 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_32 = linalg.transpose ins(%arg13 : tensor<256x256xf32>) outs(%20 : tensor<256x256xf32>) permutation = [1, 0] 
    %91 = linalg.matmul ins(%90, %transposed_32 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %92 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%85, %91 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %93 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%45, %92 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %94 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%93 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %95 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%94 : tensor<128x256xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %96 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%95 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_9 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %97 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%96 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.truncf %cst_8 : f64 to f32
      %258 = arith.addf %in, %257 : f32
      linalg.yield %258 : f32
    } -> tensor<128x1xf32>
    %98 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%97 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.rsqrt %in : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %99 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%93, %98 : tensor<128x256xf32>, tensor<128x1xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %100 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%99, %arg14 : tensor<128x256xf32>, tensor<256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %101 = tensor.empty() : tensor<256x512xf32>
    %transposed_33 = linalg.transpose ins(%arg15 : tensor<512x256xf32>) outs(%101 : tensor<256x512xf32>) permutation = [1, 0] 
    %102 = linalg.fill ins(%cst : f32) outs(%6 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %103 = linalg.matmul ins(%100, %transposed_33 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%102 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_34 = tensor.expand_shape %arg17 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %104 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded_34, %1 : tensor<128x1xi64>, tensor<512xi64>) outs(%2 : tensor<128x512xi1>) {
    ^bb0(%in: i64, %in_72: i64, %out: i1):
      %257 = arith.cmpi eq, %in, %in_72 : i64
      linalg.yield %257 : i1
    } -> tensor<128x512xi1>
    %105 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%104 : tensor<128x512xi1>) outs(%4 : tensor<128x512xi64>) {
    ^bb0(%in: i1, %out: i64):
      %257 = arith.extui %in : i1 to i64
      linalg.yield %257 : i64
    } -> tensor<128x512xi64>
    %106 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%105 : tensor<128x512xi64>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: i64, %out: f32):
      %257 = arith.sitofp %in : i64 to f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %107:2 = linalg.generic {indexing_maps = [#map3, #map9, #map9], iterator_types = ["parallel", "reduction"]} ins(%103 : tensor<128x512xf32>) outs(%60, %58 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_72: i64):
      %257 = linalg.index 1 : index
      %258 = arith.index_cast %257 : index to i64
      %259 = arith.maximumf %in, %out : f32
      %260 = arith.cmpf ogt, %in, %out : f32
      %261 = arith.select %260, %258, %out_72 : i64
      linalg.yield %259, %261 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_35 = tensor.expand_shape %107#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %108 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%103, %expanded_35 : tensor<128x512xf32>, tensor<128x1xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %109 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%108 : tensor<128x512xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.exp %in : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %110 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%109 : tensor<128x512xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %111 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.log %in : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %112 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%108, %111 : tensor<128x512xf32>, tensor<128x1xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %113 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%112, %106 : tensor<128x512xf32>, tensor<128x512xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %114 = tensor.empty() : tensor<f32>
    %115 = linalg.fill ins(%cst : f32) outs(%114 : tensor<f32>) -> tensor<f32>
    %116 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["reduction", "reduction"]} ins(%113 : tensor<128x512xf32>) outs(%115 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<f32>
    %117 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%116 : tensor<f32>) outs(%114 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.negf %in : f32
      linalg.yield %257 : f32
    } -> tensor<f32>
    %118 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%117 : tensor<f32>) outs(%114 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_10 : f32
      linalg.yield %257 : f32
    } -> tensor<f32>
    %119 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%cst_3 : tensor<f32>) outs(%114 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_10 : f32
      linalg.yield %257 : f32
    } -> tensor<f32>
    %120 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%119 : tensor<f32>) outs(%114 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.negf %in : f32
      linalg.yield %257 : f32
    } -> tensor<f32>
    %121 = linalg.generic {indexing_maps = [#map11, #map3], iterator_types = ["parallel", "parallel"]} ins(%120 : tensor<f32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x512xf32>
    %122 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%121, %106 : tensor<128x512xf32>, tensor<128x512xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %123 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%112 : tensor<128x512xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.exp %in : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %124 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%122 : tensor<128x512xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %125 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%123, %124 : tensor<128x512xf32>, tensor<128x1xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %126 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%122, %125 : tensor<128x512xf32>, tensor<128x512xf32>) outs(%6 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x512xf32>
    %127 = tensor.empty() : tensor<512x128xf32>
    %transposed_36 = linalg.transpose ins(%126 : tensor<128x512xf32>) outs(%127 : tensor<512x128xf32>) permutation = [1, 0] 
    %128 = tensor.empty() : tensor<512x256xf32>
    %129 = linalg.fill ins(%cst : f32) outs(%128 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %130 = linalg.matmul ins(%transposed_36, %100 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%129 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %131 = linalg.matmul ins(%126, %arg15 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %132 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%131, %99 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %133 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%131, %arg14 : tensor<128x256xf32>, tensor<256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %134 = tensor.empty() : tensor<1x256xf32>
    %135 = linalg.fill ins(%cst : f32) outs(%134 : tensor<1x256xf32>) -> tensor<1x256xf32>
    %136 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "parallel"]} ins(%132 : tensor<128x256xf32>) outs(%135 : tensor<1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<1x256xf32>
    %collapsed_37 = tensor.collapse_shape %136 [[0, 1]] : tensor<1x256xf32> into tensor<256xf32>
    %137 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%133, %93 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %138 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%133, %98 : tensor<128x256xf32>, tensor<128x1xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %139 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%137 : tensor<128x256xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %140 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%98 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %141 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%139 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.mulf %in, %cst_11 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %142 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%141, %140 : tensor<128x1xf32>, tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %collapsed_38 = tensor.collapse_shape %142 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %143 = linalg.generic {indexing_maps = [#map9, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_38 : tensor<128xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %144 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%143 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_9 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %145 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%93 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %146 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%145 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.mulf %in, %cst_12 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %147 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%144, %146 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %148 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%138, %147 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %149 = tensor.empty() : tensor<256x128xf32>
    %transposed_39 = linalg.transpose ins(%148 : tensor<128x256xf32>) outs(%149 : tensor<256x128xf32>) permutation = [1, 0] 
    %150 = linalg.fill ins(%cst : f32) outs(%20 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %151 = linalg.matmul ins(%transposed_39, %90 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%150 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %152 = linalg.matmul ins(%148, %arg13 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %153 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%152, %88 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %154 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%152, %89 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_40 = linalg.transpose ins(%153 : tensor<128x256xf32>) outs(%149 : tensor<256x128xf32>) permutation = [1, 0] 
    %155 = linalg.matmul ins(%transposed_40, %52 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%150 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %156 = linalg.matmul ins(%153, %arg12 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %157 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %cst_1 : f32
    } -> tensor<128x256xf32>
    %158 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%157, %87 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %159 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%86, %158 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %160 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%159 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %cst_1 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %161 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%87, %160 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %162 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%154, %161 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_41 = linalg.transpose ins(%162 : tensor<128x256xf32>) outs(%149 : tensor<256x128xf32>) permutation = [1, 0] 
    %163 = linalg.matmul ins(%transposed_41, %52 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%150 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %164 = linalg.matmul ins(%162, %arg11 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %165 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%156, %164 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %166 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148 : tensor<128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x128x256xf32>
    %167 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%166, %82 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %168 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%166, %expanded_29 : tensor<4x128x256xf32>, tensor<4x128x1xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %169 = tensor.empty() : tensor<4x128x1xf32>
    %170 = linalg.fill ins(%cst : f32) outs(%169 : tensor<4x128x1xf32>) -> tensor<4x128x1xf32>
    %171 = linalg.generic {indexing_maps = [#map4, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%167 : tensor<4x128x256xf32>) outs(%170 : tensor<4x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x1xf32>
    %collapsed_42 = tensor.collapse_shape %171 [[0], [1, 2]] : tensor<4x128x1xf32> into tensor<4x128xf32>
    %transposed_43 = linalg.transpose ins(%collapsed_42 : tensor<4x128xf32>) outs(%54 : tensor<128x4xf32>) permutation = [1, 0] 
    %172 = tensor.empty() : tensor<4x256x128xf32>
    %transposed_44 = linalg.transpose ins(%81 : tensor<4x128x256xf32>) outs(%172 : tensor<4x256x128xf32>) permutation = [0, 2, 1] 
    %173 = tensor.empty() : tensor<4x256x256xf32>
    %174 = linalg.fill ins(%cst : f32) outs(%173 : tensor<4x256x256xf32>) -> tensor<4x256x256xf32>
    %175 = linalg.batch_matmul ins(%transposed_44, %168 : tensor<4x256x128xf32>, tensor<4x128x256xf32>) outs(%174 : tensor<4x256x256xf32>) -> tensor<4x256x256xf32>
    %transposed_45 = linalg.transpose ins(%arg9 : tensor<4x256x256xf32>) outs(%173 : tensor<4x256x256xf32>) permutation = [0, 2, 1] 
    %176 = linalg.batch_matmul ins(%168, %transposed_45 : tensor<4x128x256xf32>, tensor<4x256x256xf32>) outs(%76 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
    %177 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176, %79 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %178 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176, %80 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %transposed_46 = linalg.transpose ins(%75 : tensor<4x128x256xf32>) outs(%172 : tensor<4x256x128xf32>) permutation = [0, 2, 1] 
    %179 = linalg.batch_matmul ins(%transposed_46, %177 : tensor<4x256x128xf32>, tensor<4x128x256xf32>) outs(%174 : tensor<4x256x256xf32>) -> tensor<4x256x256xf32>
    %transposed_47 = linalg.transpose ins(%arg8 : tensor<4x256x256xf32>) outs(%173 : tensor<4x256x256xf32>) permutation = [0, 2, 1] 
    %180 = linalg.batch_matmul ins(%177, %transposed_47 : tensor<4x128x256xf32>, tensor<4x256x256xf32>) outs(%76 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
    %181 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %cst_1 : f32
    } -> tensor<4x128x256xf32>
    %182 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%181, %78 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %183 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %182 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %184 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%183 : tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %cst_1 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %185 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %184 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %186 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%178, %185 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %187 = linalg.batch_matmul ins(%transposed_46, %186 : tensor<4x256x128xf32>, tensor<4x128x256xf32>) outs(%174 : tensor<4x256x256xf32>) -> tensor<4x256x256xf32>
    %transposed_48 = linalg.transpose ins(%arg7 : tensor<4x256x256xf32>) outs(%173 : tensor<4x256x256xf32>) permutation = [0, 2, 1] 
    %188 = linalg.batch_matmul ins(%186, %transposed_48 : tensor<4x128x256xf32>, tensor<4x256x256xf32>) outs(%76 : tensor<4x128x256xf32>) -> tensor<4x128x256xf32>
    %189 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%180, %188 : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%74 : tensor<4x128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<4x128x256xf32>
    %190 = tensor.empty() : tensor<1x128x256xf32>
    %191 = linalg.fill ins(%cst : f32) outs(%190 : tensor<1x128x256xf32>) -> tensor<1x128x256xf32>
    %192 = linalg.generic {indexing_maps = [#map4, #map14], iterator_types = ["reduction", "parallel", "parallel"]} ins(%189 : tensor<4x128x256xf32>) outs(%191 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<1x128x256xf32>
    %collapsed_49 = tensor.collapse_shape %192 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %193 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%165, %collapsed_49 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %194 = linalg.generic {indexing_maps = [#map3, #map3, #map11, #map3], iterator_types = ["parallel", "parallel"]} ins(%72, %transposed_43, %cst_2 : tensor<128x4xi1>, tensor<128x4xf32>, tensor<f32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: i1, %in_72: f32, %in_73: f32, %out: f32):
      %257 = arith.select %in, %in_72, %in_73 : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %195 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%194, %65 : tensor<128x4xf32>, tensor<128x4xf32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %196 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%195 : tensor<128x4xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %197 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%65, %196 : tensor<128x4xf32>, tensor<128x1xf32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %198 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%195, %197 : tensor<128x4xf32>, tensor<128x4xf32>) outs(%54 : tensor<128x4xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x4xf32>
    %transposed_50 = linalg.transpose ins(%198 : tensor<128x4xf32>) outs(%83 : tensor<4x128xf32>) permutation = [1, 0] 
    %199 = tensor.empty() : tensor<4x256xf32>
    %200 = linalg.fill ins(%cst : f32) outs(%199 : tensor<4x256xf32>) -> tensor<4x256xf32>
    %201 = linalg.matmul ins(%transposed_50, %52 : tensor<4x128xf32>, tensor<128x256xf32>) outs(%200 : tensor<4x256xf32>) -> tensor<4x256xf32>
    %202 = linalg.matmul ins(%198, %arg10 : tensor<128x4xf32>, tensor<4x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %203 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%193, %202 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %204 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%203, %51 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %205 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%203, %arg6 : tensor<128x256xf32>, tensor<256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %206 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "parallel"]} ins(%204 : tensor<128x256xf32>) outs(%135 : tensor<1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<1x256xf32>
    %collapsed_51 = tensor.collapse_shape %206 [[0, 1]] : tensor<1x256xf32> into tensor<256xf32>
    %207 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%205, %45 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %208 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%205, %50 : tensor<128x256xf32>, tensor<128x1xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %209 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%207 : tensor<128x256xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %210 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%148, %208 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %211 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%50 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %212 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%209 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.mulf %in, %cst_11 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %213 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%212, %211 : tensor<128x1xf32>, tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %collapsed_52 = tensor.collapse_shape %213 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %214 = linalg.generic {indexing_maps = [#map9, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_52 : tensor<128xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %215 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%214 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_9 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %216 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %217 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%216 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.mulf %in, %cst_12 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %218 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%215, %217 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %219 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%210, %218 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_53 = linalg.transpose ins(%219 : tensor<128x256xf32>) outs(%149 : tensor<256x128xf32>) permutation = [1, 0] 
    %220 = linalg.matmul ins(%transposed_53, %collapsed : tensor<256x128xf32>, tensor<128x256xf32>) outs(%150 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %221 = linalg.matmul ins(%219, %arg5 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_54 = tensor.expand_shape %221 [[0], [1, 2]] output_shape [128, 2, 128] : tensor<128x256xf32> into tensor<128x2x128xf32>
    %transposed_55 = linalg.transpose ins(%expanded_54 : tensor<128x2x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [1, 0, 2] 
    %transposed_56 = linalg.transpose ins(%41 : tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %222 = linalg.batch_matmul ins(%transposed_56, %transposed_55 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%25 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %transposed_57 = linalg.transpose ins(%expanded_18 : tensor<128x2x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [1, 2, 0] 
    %223 = linalg.batch_matmul ins(%transposed_55, %transposed_57 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%25 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %224 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%223, %41 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %225 = linalg.generic {indexing_maps = [#map4, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%224 : tensor<2x128x128xf32>) outs(%39 : tensor<2x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x1xf32>
    %226 = linalg.generic {indexing_maps = [#map4, #map8, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41, %225 : tensor<2x128x128xf32>, tensor<2x128x1xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %227 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224, %226 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.subf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %228 = linalg.generic {indexing_maps = [#map5, #map6, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %cst_2, %227 : tensor<128x128xi1>, tensor<f32>, tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: i1, %in_72: f32, %in_73: f32, %out: f32):
      %257 = arith.select %in, %in_72, %in_73 : f32
      linalg.yield %257 : f32
    } -> tensor<2x128x128xf32>
    %229 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%228 : tensor<2x128x128xf32>) outs(%22 : tensor<2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.truncf %cst_7 : f64 to f32
      %258 = arith.divf %in, %257 : f32
      linalg.yield %258 : f32
    } -> tensor<2x128x128xf32>
    %transposed_58 = linalg.transpose ins(%expanded_13 : tensor<128x2x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [1, 2, 0] 
    %230 = linalg.batch_matmul ins(%transposed_58, %229 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%25 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %transposed_59 = linalg.transpose ins(%expanded_16 : tensor<128x2x128xf32>) outs(%22 : tensor<2x128x128xf32>) permutation = [1, 0, 2] 
    %231 = linalg.batch_matmul ins(%229, %transposed_59 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%25 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %transposed_60 = linalg.transpose ins(%222 : tensor<2x128x128xf32>) outs(%43 : tensor<128x2x128xf32>) permutation = [1, 0, 2] 
    %collapsed_61 = tensor.collapse_shape %transposed_60 [[0], [1, 2]] : tensor<128x2x128xf32> into tensor<128x256xf32>
    %transposed_62 = linalg.transpose ins(%collapsed_61 : tensor<128x256xf32>) outs(%149 : tensor<256x128xf32>) permutation = [1, 0] 
    %232 = linalg.matmul ins(%transposed_62, %19 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%150 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %233 = linalg.matmul ins(%collapsed_61, %arg4 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %transposed_63 = linalg.transpose ins(%230 : tensor<2x128x128xf32>) outs(%43 : tensor<128x2x128xf32>) permutation = [2, 0, 1] 
    %collapsed_64 = tensor.collapse_shape %transposed_63 [[0], [1, 2]] : tensor<128x2x128xf32> into tensor<128x256xf32>
    %transposed_65 = linalg.transpose ins(%collapsed_64 : tensor<128x256xf32>) outs(%149 : tensor<256x128xf32>) permutation = [1, 0] 
    %234 = linalg.matmul ins(%transposed_65, %19 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%150 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %235 = linalg.matmul ins(%collapsed_64, %arg3 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %236 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%233, %235 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_66 = linalg.transpose ins(%231 : tensor<2x128x128xf32>) outs(%43 : tensor<128x2x128xf32>) permutation = [1, 0, 2] 
    %collapsed_67 = tensor.collapse_shape %transposed_66 [[0], [1, 2]] : tensor<128x2x128xf32> into tensor<128x256xf32>
    %transposed_68 = linalg.transpose ins(%collapsed_67 : tensor<128x256xf32>) outs(%149 : tensor<256x128xf32>) permutation = [1, 0] 
    %237 = linalg.matmul ins(%transposed_68, %19 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%150 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %238 = linalg.matmul ins(%collapsed_67, %arg2 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %239 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%236, %238 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %240 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%239, %18 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %241 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%239, %arg1 : tensor<128x256xf32>, tensor<256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %242 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "parallel"]} ins(%240 : tensor<128x256xf32>) outs(%135 : tensor<1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<1x256xf32>
    %collapsed_69 = tensor.collapse_shape %242 [[0, 1]] : tensor<1x256xf32> into tensor<256xf32>
    %243 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%241, %10 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %244 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel"]} ins(%241, %17 : tensor<128x256xf32>, tensor<128x1xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %245 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "reduction"]} ins(%243 : tensor<128x256xf32>) outs(%13 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.addf %in, %out : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %246 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%219, %244 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %247 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %248 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%245 : tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.mulf %in, %cst_11 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %249 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%248, %247 : tensor<128x1xf32>, tensor<128x1xf32>) outs(%12 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x1xf32>
    %collapsed_70 = tensor.collapse_shape %249 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %250 = linalg.generic {indexing_maps = [#map9, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_70 : tensor<128xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %251 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%250 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.divf %in, %cst_9 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %252 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %253 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%252 : tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %257 = arith.mulf %in, %cst_12 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %254 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%251, %253 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.mulf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %255 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%246, %254 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%8 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_72: f32, %out: f32):
      %257 = arith.addf %in, %in_72 : f32
      linalg.yield %257 : f32
    } -> tensor<128x256xf32>
    %transposed_71 = linalg.transpose ins(%7 : tensor<128x512xf32>) outs(%127 : tensor<512x128xf32>) permutation = [1, 0] 
    %256 = linalg.matmul ins(%transposed_71, %255 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%129 : tensor<512x256xf32>) -> tensor<512x256xf32>
    return %118, %256, %collapsed_69, %237, %234, %232, %220, %collapsed_51, %187, %179, %175, %201, %163, %155, %151, %collapsed_37, %130 : tensor<f32>, tensor<512x256xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<4x256x256xf32>, tensor<4x256x256xf32>, tensor<4x256x256xf32>, tensor<4x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<512x256xf32>
  }
}
