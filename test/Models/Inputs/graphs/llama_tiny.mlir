// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export llama --exporter linalg
#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map3 = affine_map<(d0, d1, d2) -> (d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map6 = affine_map<(d0) -> (d0)>
#map7 = affine_map<(d0, d1) -> (0, d1)>
#map8 = affine_map<(d0, d1) -> (d0, 0)>
#map9 = affine_map<(d0, d1) -> (d0, d1)>
#map10 = affine_map<(d0, d1, d2, d3) -> ()>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<1x16xi64>, %arg1: tensor<512x256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x256xf32>, %arg7: tensor<256xf32>, %arg8: tensor<512x256xf32>, %arg9: tensor<512x256xf32>, %arg10: tensor<256x512xf32>, %arg11: tensor<256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256x256xf32>, %arg16: tensor<256xf32>, %arg17: tensor<512x256xf32>, %arg18: tensor<512x256xf32>, %arg19: tensor<256x512xf32>, %arg20: tensor<256xf32>, %arg21: tensor<512x256xf32>, %arg22: tensor<16x128xf32>, %arg23: tensor<16x128xf32>) -> tensor<1x16x512xf32> {
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %c512 = arith.constant 512 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_3 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_4 = arith.constant 11.313708498984761 : f64
    %cst_5 = arith.constant 9.9999999999999995E-7 : f64
    %cst_6 = arith.constant 2.560000e+02 : f32
    %0 = tensor.empty() : tensor<1x16x256xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x16xi64>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: i64, %out: f32):
      %128 = arith.index_cast %in : i64 to index
      %129 = linalg.index 2 : index
      %130 = arith.cmpi slt, %128, %c512 : index
      cf.assert %130, "index must be smaller than dim size"
      %131 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %131, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%128, %129] : tensor<512x256xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x16x256xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %3 = tensor.empty() : tensor<1x16x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x16x256xf32>) outs(%4 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_6 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_5 : f64 to f32
      %129 = arith.addf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<1x16x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.rsqrt %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %arg2 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %11 = tensor.empty() : tensor<256x256xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %10 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %12 = tensor.empty() : tensor<16x256xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %14 = linalg.matmul ins(%collapsed, %transposed : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded = tensor.expand_shape %14 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xf32> into tensor<1x16x2x128xf32>
    %15 = tensor.empty() : tensor<1x2x16x128xf32>
    %transposed_7 = linalg.transpose ins(%expanded : tensor<1x16x2x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_8 = linalg.transpose ins(%arg4 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %16 = linalg.matmul ins(%collapsed, %transposed_8 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_9 = tensor.expand_shape %16 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_10 = linalg.transpose ins(%expanded_9 : tensor<1x16x2x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_11 = linalg.transpose ins(%arg5 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %17 = linalg.matmul ins(%collapsed, %transposed_11 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_12 = tensor.expand_shape %17 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x16x2x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %18 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_7, %arg22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice = tensor.extract_slice %transposed_7[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %19 = tensor.empty() : tensor<1x2x16x64xf32>
    %20 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<1x2x16x64xf32>) outs(%19 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.negf %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_14 = tensor.extract_slice %transposed_7[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat = tensor.concat dim(3) %20, %extracted_slice_14 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %21 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %arg23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %22 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %21 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %23 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_10, %arg22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice_15 = tensor.extract_slice %transposed_10[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %24 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_15 : tensor<1x2x16x64xf32>) outs(%19 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.negf %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_16 = tensor.extract_slice %transposed_10[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat_17 = tensor.concat dim(3) %24, %extracted_slice_16 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %25 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_17, %arg23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %26 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %25 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %27 = tensor.empty() : tensor<1x2x128x16xf32>
    %transposed_18 = linalg.transpose ins(%26 : tensor<1x2x16x128xf32>) outs(%27 : tensor<1x2x128x16xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_19 = tensor.collapse_shape %22 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x2x128x16xf32> into tensor<2x128x16xf32>
    %28 = tensor.empty() : tensor<2x16x16xf32>
    %29 = linalg.fill ins(%cst : f32) outs(%28 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %30 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%29 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_21 = tensor.expand_shape %30 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %31 = tensor.empty() : tensor<1x2x16x16xf32>
    %32 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<1x2x16x16xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_4 : f64 to f32
      %129 = arith.divf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<1x2x16x16xf32>
    %33 = tensor.empty() : tensor<16xi64>
    %34 = linalg.generic {indexing_maps = [#map6], iterator_types = ["parallel"]} outs(%33 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %128 = linalg.index 0 : index
      %129 = arith.index_cast %128 : index to i64
      linalg.yield %129 : i64
    } -> tensor<16xi64>
    %expanded_22 = tensor.expand_shape %34 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_23 = tensor.expand_shape %34 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %35 = tensor.empty() : tensor<16x16xi64>
    %36 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%expanded_22, %expanded_23 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%35 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_79: i64, %out: i64):
      %128 = arith.subi %in, %in_79 : i64
      linalg.yield %128 : i64
    } -> tensor<16x16xi64>
    %37 = tensor.empty() : tensor<16x16xi1>
    %38 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<16x16xi64>) outs(%37 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %128 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %128 : i1
    } -> tensor<16x16xi1>
    %39 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel", "parallel"]} ins(%38, %cst_3 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%37 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_79: i1, %out: i1):
      %128 = arith.andi %in, %in_79 : i1
      linalg.yield %128 : i1
    } -> tensor<16x16xi1>
    %40 = linalg.generic {indexing_maps = [#map5, #map10, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %cst_2, %32 : tensor<16x16xi1>, tensor<f32>, tensor<1x2x16x16xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: i1, %in_79: f32, %in_80: f32, %out: f32):
      %128 = arith.select %in, %in_79, %in_80 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %41 = tensor.empty() : tensor<1x2x16xi64>
    %42 = linalg.fill ins(%c0_i64 : i64) outs(%41 : tensor<1x2x16xi64>) -> tensor<1x2x16xi64>
    %43 = tensor.empty() : tensor<1x2x16xf32>
    %44 = linalg.fill ins(%cst_0 : f32) outs(%43 : tensor<1x2x16xf32>) -> tensor<1x2x16xf32>
    %45:2 = linalg.generic {indexing_maps = [#map4, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%40 : tensor<1x2x16x16xf32>) outs(%44, %42 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_79: i64):
      %128 = linalg.index 3 : index
      %129 = arith.index_cast %128 : index to i64
      %130 = arith.maximumf %in, %out : f32
      %131 = arith.cmpf ogt, %in, %out : f32
      %132 = arith.select %131, %129, %out_79 : i64
      linalg.yield %130, %132 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_24 = tensor.expand_shape %45#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %46 = linalg.generic {indexing_maps = [#map4, #map12, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_24 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.subf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %47 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<1x2x16x16xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.exp %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %48 = tensor.empty() : tensor<1x2x16x1xf32>
    %49 = linalg.fill ins(%cst : f32) outs(%48 : tensor<1x2x16x1xf32>) -> tensor<1x2x16x1xf32>
    %50 = linalg.generic {indexing_maps = [#map4, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%47 : tensor<1x2x16x16xf32>) outs(%49 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x1xf32>
    %51 = linalg.generic {indexing_maps = [#map4, #map12, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %50 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.divf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_25 = tensor.collapse_shape %51 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_26 = tensor.collapse_shape %transposed_13 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %52 = tensor.empty() : tensor<2x16x128xf32>
    %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %54 = linalg.batch_matmul ins(%collapsed_25, %collapsed_26 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%53 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %expanded_27 = tensor.expand_shape %54 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xf32> into tensor<1x2x16x128xf32>
    %55 = tensor.empty() : tensor<1x16x2x128xf32>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<1x2x16x128xf32>) outs(%55 : tensor<1x16x2x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_29 = linalg.transpose ins(%arg6 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed_30 = tensor.collapse_shape %transposed_28 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %56 = linalg.matmul ins(%collapsed_30, %transposed_29 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_31 = tensor.expand_shape %56 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %expanded_31 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57 : tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%58 : tensor<1x16x256xf32>) outs(%4 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_6 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_5 : f64 to f32
      %129 = arith.addf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<1x16x1xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.rsqrt %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %62 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %arg7 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %65 = tensor.empty() : tensor<256x512xf32>
    %transposed_32 = linalg.transpose ins(%arg8 : tensor<512x256xf32>) outs(%65 : tensor<256x512xf32>) permutation = [1, 0] 
    %collapsed_33 = tensor.collapse_shape %64 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %66 = tensor.empty() : tensor<16x512xf32>
    %67 = linalg.fill ins(%cst : f32) outs(%66 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %68 = linalg.matmul ins(%collapsed_33, %transposed_32 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%67 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %expanded_34 = tensor.expand_shape %68 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xf32> into tensor<1x16x512xf32>
    %69 = tensor.empty() : tensor<1x16x512xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_34 : tensor<1x16x512xf32>) outs(%69 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.negf %in : f32
      %129 = math.exp %128 : f32
      %130 = arith.addf %129, %cst_1 : f32
      %131 = arith.divf %cst_1, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x512xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_34, %70 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%69 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x512xf32>
    %transposed_35 = linalg.transpose ins(%arg9 : tensor<512x256xf32>) outs(%65 : tensor<256x512xf32>) permutation = [1, 0] 
    %72 = linalg.matmul ins(%collapsed_33, %transposed_35 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%67 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %expanded_36 = tensor.expand_shape %72 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xf32> into tensor<1x16x512xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %expanded_36 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%69 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x512xf32>
    %74 = tensor.empty() : tensor<512x256xf32>
    %transposed_37 = linalg.transpose ins(%arg10 : tensor<256x512xf32>) outs(%74 : tensor<512x256xf32>) permutation = [1, 0] 
    %collapsed_38 = tensor.collapse_shape %73 [[0, 1], [2]] : tensor<1x16x512xf32> into tensor<16x512xf32>
    %75 = linalg.matmul ins(%collapsed_38, %transposed_37 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_39 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %76 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %expanded_39 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%77 : tensor<1x16x256xf32>) outs(%4 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_6 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_5 : f64 to f32
      %129 = arith.addf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<1x16x1xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.rsqrt %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %81 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %arg11 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %transposed_40 = linalg.transpose ins(%arg12 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed_41 = tensor.collapse_shape %83 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %84 = linalg.matmul ins(%collapsed_41, %transposed_40 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_42 = tensor.expand_shape %84 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_43 = linalg.transpose ins(%expanded_42 : tensor<1x16x2x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_44 = linalg.transpose ins(%arg13 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %85 = linalg.matmul ins(%collapsed_41, %transposed_44 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_45 = tensor.expand_shape %85 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_46 = linalg.transpose ins(%expanded_45 : tensor<1x16x2x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_47 = linalg.transpose ins(%arg14 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %86 = linalg.matmul ins(%collapsed_41, %transposed_47 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_48 = tensor.expand_shape %86 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_49 = linalg.transpose ins(%expanded_48 : tensor<1x16x2x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %87 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_43, %arg22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice_50 = tensor.extract_slice %transposed_43[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %88 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_50 : tensor<1x2x16x64xf32>) outs(%19 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.negf %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_51 = tensor.extract_slice %transposed_43[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat_52 = tensor.concat dim(3) %88, %extracted_slice_51 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %89 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_52, %arg23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %90 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%87, %89 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %91 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_46, %arg22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice_53 = tensor.extract_slice %transposed_46[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %92 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_53 : tensor<1x2x16x64xf32>) outs(%19 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.negf %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_54 = tensor.extract_slice %transposed_46[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat_55 = tensor.concat dim(3) %92, %extracted_slice_54 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %93 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_55, %arg23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %94 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%91, %93 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%15 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x128xf32>
    %transposed_56 = linalg.transpose ins(%94 : tensor<1x2x16x128xf32>) outs(%27 : tensor<1x2x128x16xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_57 = tensor.collapse_shape %90 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %collapsed_58 = tensor.collapse_shape %transposed_56 [[0, 1], [2], [3]] : tensor<1x2x128x16xf32> into tensor<2x128x16xf32>
    %95 = linalg.batch_matmul ins(%collapsed_57, %collapsed_58 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%29 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_59 = tensor.expand_shape %95 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %96 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_59 : tensor<1x2x16x16xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_4 : f64 to f32
      %129 = arith.divf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<1x2x16x16xf32>
    %97 = linalg.generic {indexing_maps = [#map5, #map10, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %cst_2, %96 : tensor<16x16xi1>, tensor<f32>, tensor<1x2x16x16xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: i1, %in_79: f32, %in_80: f32, %out: f32):
      %128 = arith.select %in, %in_79, %in_80 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %98:2 = linalg.generic {indexing_maps = [#map4, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%97 : tensor<1x2x16x16xf32>) outs(%44, %42 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_79: i64):
      %128 = linalg.index 3 : index
      %129 = arith.index_cast %128 : index to i64
      %130 = arith.maximumf %in, %out : f32
      %131 = arith.cmpf ogt, %in, %out : f32
      %132 = arith.select %131, %129, %out_79 : i64
      linalg.yield %130, %132 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_60 = tensor.expand_shape %98#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %99 = linalg.generic {indexing_maps = [#map4, #map12, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%97, %expanded_60 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.subf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %100 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%99 : tensor<1x2x16x16xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.exp %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %101 = linalg.generic {indexing_maps = [#map4, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%100 : tensor<1x2x16x16xf32>) outs(%49 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x1xf32>
    %102 = linalg.generic {indexing_maps = [#map4, #map12, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%100, %101 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%31 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.divf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_61 = tensor.collapse_shape %102 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_62 = tensor.collapse_shape %transposed_49 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %103 = linalg.batch_matmul ins(%collapsed_61, %collapsed_62 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%53 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %expanded_63 = tensor.expand_shape %103 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xf32> into tensor<1x2x16x128xf32>
    %transposed_64 = linalg.transpose ins(%expanded_63 : tensor<1x2x16x128xf32>) outs(%55 : tensor<1x16x2x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_65 = linalg.transpose ins(%arg15 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed_66 = tensor.collapse_shape %transposed_64 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %104 = linalg.matmul ins(%collapsed_66, %transposed_65 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_67 = tensor.expand_shape %104 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %expanded_67 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %106 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%106 : tensor<1x16x256xf32>) outs(%4 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %108 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_6 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_5 : f64 to f32
      %129 = arith.addf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<1x16x1xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.rsqrt %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %110 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %112 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111, %arg16 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %transposed_68 = linalg.transpose ins(%arg17 : tensor<512x256xf32>) outs(%65 : tensor<256x512xf32>) permutation = [1, 0] 
    %collapsed_69 = tensor.collapse_shape %112 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %113 = linalg.matmul ins(%collapsed_69, %transposed_68 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%67 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %expanded_70 = tensor.expand_shape %113 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xf32> into tensor<1x16x512xf32>
    %114 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_70 : tensor<1x16x512xf32>) outs(%69 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.negf %in : f32
      %129 = math.exp %128 : f32
      %130 = arith.addf %129, %cst_1 : f32
      %131 = arith.divf %cst_1, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x512xf32>
    %115 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_70, %114 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%69 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x512xf32>
    %transposed_71 = linalg.transpose ins(%arg18 : tensor<512x256xf32>) outs(%65 : tensor<256x512xf32>) permutation = [1, 0] 
    %116 = linalg.matmul ins(%collapsed_69, %transposed_71 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%67 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %expanded_72 = tensor.expand_shape %116 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xf32> into tensor<1x16x512xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115, %expanded_72 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%69 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x512xf32>
    %transposed_73 = linalg.transpose ins(%arg19 : tensor<256x512xf32>) outs(%74 : tensor<512x256xf32>) permutation = [1, 0] 
    %collapsed_74 = tensor.collapse_shape %117 [[0, 1], [2]] : tensor<1x16x512xf32> into tensor<16x512xf32>
    %118 = linalg.matmul ins(%collapsed_74, %transposed_73 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_75 = tensor.expand_shape %118 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %119 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %expanded_75 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.addf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %120 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<1x16x256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %121 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%120 : tensor<1x16x256xf32>) outs(%4 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %122 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_6 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %123 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_5 : f64 to f32
      %129 = arith.addf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<1x16x1xf32>
    %124 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%123 : tensor<1x16x1xf32>) outs(%3 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.rsqrt %in : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x1xf32>
    %125 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119, %124 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %126 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %arg20 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%0 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_79: f32, %out: f32):
      %128 = arith.mulf %in, %in_79 : f32
      linalg.yield %128 : f32
    } -> tensor<1x16x256xf32>
    %transposed_76 = linalg.transpose ins(%arg21 : tensor<512x256xf32>) outs(%65 : tensor<256x512xf32>) permutation = [1, 0] 
    %collapsed_77 = tensor.collapse_shape %126 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %127 = linalg.matmul ins(%collapsed_77, %transposed_76 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%67 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %expanded_78 = tensor.expand_shape %127 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xf32> into tensor<1x16x512xf32>
    return %expanded_78 : tensor<1x16x512xf32>
  }
}
