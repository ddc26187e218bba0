// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export llama_train --train
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
#map7 = affine_map<(d0, d1, d2, d3) -> ()>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map10 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map11 = affine_map<(d0, d1, d2) -> ()>
#map12 = affine_map<() -> ()>
#map13 = affine_map<(d0, d1, d2) -> (0, 0, d2)>
module {
  func.func @train_step(%arg0: tensor<512x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256x256xf32>, %arg3: tensor<256x256xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256xf32>, %arg7: tensor<512x256xf32>, %arg8: tensor<512x256xf32>, %arg9: tensor<256x512xf32>, %arg10: tensor<256xf32>, %arg11: tensor<256x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<256x256xf32>, %arg14: tensor<256x256xf32>, %arg15: tensor<256xf32>, %arg16: tensor<512x256xf32>, %arg17: tensor<512x256xf32>, %arg18: tensor<256x512xf32>, %arg19: tensor<256xf32>, %arg20: tensor<512x256xf32>, %arg21: tensor<128x128xf32>, %arg22: tensor<128x128xf32>, %arg23: tensor<1x128xi64>, %arg24: tensor<1x128xi64>) -> (tensor<f32>, tensor<512x256xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<512x256xf32>, tensor<512x256xf32>, tensor<256x512xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<512x256xf32>, tensor<512x256xf32>, tensor<256x512xf32>, tensor<256xf32>, tensor<512x256xf32>) {
    %c3_i64 = arith.constant 3 : i64
    %c2_i64 = arith.constant 2 : i64
    %c1_i64 = arith.constant 1 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %false = arith.constant false
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<1x2x128x128xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_5 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_6 = arith.constant dense<true> : tensor<128x128xi1>
    %cst_7 = arith.constant 11.313708498984761 : f64
    %cst_8 = arith.constant 9.9999999999999995E-7 : f64
    %cst_9 = arith.constant 2.560000e+02 : f32
    %cst_10 = arith.constant 1.280000e+02 : f32
    %cst_11 = arith.constant -5.000000e-01 : f32
    %cst_12 = arith.constant 2.000000e+00 : f32
    %expanded = tensor.expand_shape %arg23 [[0], [1, 2]] output_shape [1, 128, 1] : tensor<1x128xi64> into tensor<1x128x1xi64>
    %0 = tensor.empty() : tensor<512xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<512xi64>) {
    ^bb0(%out: i64):
      %331 = linalg.index 0 : index
      %332 = arith.index_cast %331 : index to i64
      linalg.yield %332 : i64
    } -> tensor<512xi64>
    %2 = tensor.empty() : tensor<1x128x512xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %1 : tensor<1x128x1xi64>, tensor<512xi64>) outs(%2 : tensor<1x128x512xi1>) {
    ^bb0(%in: i64, %in_190: i64, %out: i1):
      %331 = arith.cmpi eq, %in, %in_190 : i64
      linalg.yield %331 : i1
    } -> tensor<1x128x512xi1>
    %4 = tensor.empty() : tensor<1x128x512xi64>
    %5 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<1x128x512xi1>) outs(%4 : tensor<1x128x512xi64>) {
    ^bb0(%in: i1, %out: i64):
      %331 = arith.extui %in : i1 to i64
      linalg.yield %331 : i64
    } -> tensor<1x128x512xi64>
    %6 = tensor.empty() : tensor<1x128x512xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x128x512xi64>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: i64, %out: f32):
      %331 = arith.sitofp %in : i64 to f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %collapsed = tensor.collapse_shape %7 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %8 = tensor.empty() : tensor<128x256xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %10 = linalg.matmul ins(%collapsed, %arg0 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_13 = tensor.expand_shape %10 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %11 = tensor.empty() : tensor<1x128x256xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_13 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %13 = tensor.empty() : tensor<1x128x1xf32>
    %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<1x128x1xf32>) -> tensor<1x128x1xf32>
    %15 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%12 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %17 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_8 : f64 to f32
      %332 = arith.addf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x128x1xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.rsqrt %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %19 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_13, %18 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %20 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg1 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %21 = tensor.empty() : tensor<256x256xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed_14 = tensor.collapse_shape %20 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %22 = linalg.matmul ins(%collapsed_14, %transposed : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_15 = tensor.expand_shape %22 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %23 = tensor.empty() : tensor<1x2x128x128xf32>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_17 = linalg.transpose ins(%arg3 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %24 = linalg.matmul ins(%collapsed_14, %transposed_17 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_18 = tensor.expand_shape %24 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %transposed_19 = linalg.transpose ins(%expanded_18 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_20 = linalg.transpose ins(%arg4 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %25 = linalg.matmul ins(%collapsed_14, %transposed_20 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_21 = tensor.expand_shape %25 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %transposed_22 = linalg.transpose ins(%expanded_21 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %26 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_16, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice = tensor.extract_slice %transposed_16[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %27 = tensor.empty() : tensor<1x2x128x64xf32>
    %28 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %extracted_slice_23 = tensor.extract_slice %transposed_16[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %concat = tensor.concat dim(3) %28, %extracted_slice_23 : (tensor<1x2x128x64xf32>, tensor<1x2x128x64xf32>) -> tensor<1x2x128x128xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %30 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %29 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_19, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice_24 = tensor.extract_slice %transposed_19[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %32 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_24 : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %extracted_slice_25 = tensor.extract_slice %transposed_19[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %concat_26 = tensor.concat dim(3) %32, %extracted_slice_25 : (tensor<1x2x128x64xf32>, tensor<1x2x128x64xf32>) -> tensor<1x2x128x128xf32>
    %33 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_26, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %34 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %33 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %transposed_27 = linalg.transpose ins(%34 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_28 = tensor.collapse_shape %30 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %collapsed_29 = tensor.collapse_shape %transposed_27 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %35 = tensor.empty() : tensor<2x128x128xf32>
    %36 = linalg.fill ins(%cst : f32) outs(%35 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %37 = linalg.batch_matmul ins(%collapsed_28, %collapsed_29 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_30 = tensor.expand_shape %37 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %38 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_7 : f64 to f32
      %332 = arith.divf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x2x128x128xf32>
    %39 = tensor.empty() : tensor<128x128xi1>
    %40 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%cst_6 : tensor<128x128xi1>) outs(%39 : tensor<128x128xi1>) {
    ^bb0(%in: i1, %out: i1):
      %331 = linalg.index 0 : index
      %332 = arith.index_cast %331 : index to i64
      %333 = linalg.index 1 : index
      %334 = arith.index_cast %333 : index to i64
      %335 = arith.addi %332, %c1_i64 : i64
      %336 = arith.cmpi sge, %334, %335 : i64
      %337 = arith.select %336, %in, %false : i1
      linalg.yield %337 : i1
    } -> tensor<128x128xi1>
    %41 = linalg.generic {indexing_maps = [#map5, #map7, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %cst_5, %38 : tensor<128x128xi1>, tensor<f32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: i1, %in_190: f32, %in_191: f32, %out: f32):
      %331 = arith.select %in, %in_190, %in_191 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %42 = tensor.empty() : tensor<1x2x128xi64>
    %43 = linalg.fill ins(%c0_i64 : i64) outs(%42 : tensor<1x2x128xi64>) -> tensor<1x2x128xi64>
    %44 = tensor.empty() : tensor<1x2x128xf32>
    %45 = linalg.fill ins(%cst_0 : f32) outs(%44 : tensor<1x2x128xf32>) -> tensor<1x2x128xf32>
    %46:2 = linalg.generic {indexing_maps = [#map4, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%41 : tensor<1x2x128x128xf32>) outs(%45, %43 : tensor<1x2x128xf32>, tensor<1x2x128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_190: i64):
      %331 = linalg.index 3 : index
      %332 = arith.index_cast %331 : index to i64
      %333 = arith.maximumf %in, %out : f32
      %334 = arith.cmpf ogt, %in, %out : f32
      %335 = arith.select %334, %332, %out_190 : i64
      linalg.yield %333, %335 : f32, i64
    } -> (tensor<1x2x128xf32>, tensor<1x2x128xi64>)
    %expanded_31 = tensor.expand_shape %46#0 [[0], [1], [2, 3]] output_shape [1, 2, 128, 1] : tensor<1x2x128xf32> into tensor<1x2x128x1xf32>
    %47 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_31 : tensor<1x2x128x128xf32>, tensor<1x2x128x1xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %48 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.exp %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %49 = tensor.empty() : tensor<1x2x128x1xf32>
    %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<1x2x128x1xf32>) -> tensor<1x2x128x1xf32>
    %51 = linalg.generic {indexing_maps = [#map4, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%48 : tensor<1x2x128x128xf32>) outs(%50 : tensor<1x2x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x1xf32>
    %52 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %51 : tensor<1x2x128x128xf32>, tensor<1x2x128x1xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.divf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %collapsed_32 = tensor.collapse_shape %52 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %collapsed_33 = tensor.collapse_shape %transposed_22 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %53 = linalg.batch_matmul ins(%collapsed_32, %collapsed_33 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_34 = tensor.expand_shape %53 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %54 = tensor.empty() : tensor<1x128x2x128xf32>
    %transposed_35 = linalg.transpose ins(%expanded_34 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_36 = linalg.transpose ins(%arg5 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed_37 = tensor.collapse_shape %transposed_35 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %55 = linalg.matmul ins(%collapsed_37, %transposed_36 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_38 = tensor.expand_shape %55 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %56 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_13, %expanded_38 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %57 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %58 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%57 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %59 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %60 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_8 : f64 to f32
      %332 = arith.addf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x128x1xf32>
    %61 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.rsqrt %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %62 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %61 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %63 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %arg6 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %64 = tensor.empty() : tensor<256x512xf32>
    %transposed_39 = linalg.transpose ins(%arg7 : tensor<512x256xf32>) outs(%64 : tensor<256x512xf32>) permutation = [1, 0] 
    %collapsed_40 = tensor.collapse_shape %63 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %65 = tensor.empty() : tensor<128x512xf32>
    %66 = linalg.fill ins(%cst : f32) outs(%65 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %67 = linalg.matmul ins(%collapsed_40, %transposed_39 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%66 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_41 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [1, 128, 512] : tensor<128x512xf32> into tensor<1x128x512xf32>
    %68 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_41 : tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      %332 = math.exp %331 : f32
      %333 = arith.addf %332, %cst_1 : f32
      %334 = arith.divf %cst_1, %333 : f32
      linalg.yield %334 : f32
    } -> tensor<1x128x512xf32>
    %69 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %expanded_41 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %transposed_42 = linalg.transpose ins(%arg8 : tensor<512x256xf32>) outs(%64 : tensor<256x512xf32>) permutation = [1, 0] 
    %70 = linalg.matmul ins(%collapsed_40, %transposed_42 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%66 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_43 = tensor.expand_shape %70 [[0, 1], [2]] output_shape [1, 128, 512] : tensor<128x512xf32> into tensor<1x128x512xf32>
    %71 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %expanded_43 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %72 = tensor.empty() : tensor<512x256xf32>
    %transposed_44 = linalg.transpose ins(%arg9 : tensor<256x512xf32>) outs(%72 : tensor<512x256xf32>) permutation = [1, 0] 
    %collapsed_45 = tensor.collapse_shape %71 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %73 = linalg.matmul ins(%collapsed_45, %transposed_44 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_46 = tensor.expand_shape %73 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %74 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %expanded_46 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %75 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %76 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%75 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %77 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %78 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_8 : f64 to f32
      %332 = arith.addf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x128x1xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.rsqrt %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %79 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %81 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %arg10 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %transposed_47 = linalg.transpose ins(%arg11 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed_48 = tensor.collapse_shape %81 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %82 = linalg.matmul ins(%collapsed_48, %transposed_47 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_49 = tensor.expand_shape %82 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %transposed_50 = linalg.transpose ins(%expanded_49 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_51 = linalg.transpose ins(%arg12 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %83 = linalg.matmul ins(%collapsed_48, %transposed_51 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_52 = tensor.expand_shape %83 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %transposed_53 = linalg.transpose ins(%expanded_52 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_54 = linalg.transpose ins(%arg13 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %84 = linalg.matmul ins(%collapsed_48, %transposed_54 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_55 = tensor.expand_shape %84 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %transposed_56 = linalg.transpose ins(%expanded_55 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %85 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_50, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice_57 = tensor.extract_slice %transposed_50[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %86 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_57 : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %extracted_slice_58 = tensor.extract_slice %transposed_50[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %concat_59 = tensor.concat dim(3) %86, %extracted_slice_58 : (tensor<1x2x128x64xf32>, tensor<1x2x128x64xf32>) -> tensor<1x2x128x128xf32>
    %87 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_59, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %88 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%85, %87 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %89 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_53, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice_60 = tensor.extract_slice %transposed_53[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %90 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_60 : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %extracted_slice_61 = tensor.extract_slice %transposed_53[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %concat_62 = tensor.concat dim(3) %90, %extracted_slice_61 : (tensor<1x2x128x64xf32>, tensor<1x2x128x64xf32>) -> tensor<1x2x128x128xf32>
    %91 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_62, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %92 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%89, %91 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %transposed_63 = linalg.transpose ins(%92 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_64 = tensor.collapse_shape %88 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %collapsed_65 = tensor.collapse_shape %transposed_63 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %93 = linalg.batch_matmul ins(%collapsed_64, %collapsed_65 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_66 = tensor.expand_shape %93 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %94 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_66 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_7 : f64 to f32
      %332 = arith.divf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x2x128x128xf32>
    %95 = linalg.generic {indexing_maps = [#map5, #map7, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %cst_5, %94 : tensor<128x128xi1>, tensor<f32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: i1, %in_190: f32, %in_191: f32, %out: f32):
      %331 = arith.select %in, %in_190, %in_191 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %96:2 = linalg.generic {indexing_maps = [#map4, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%95 : tensor<1x2x128x128xf32>) outs(%45, %43 : tensor<1x2x128xf32>, tensor<1x2x128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_190: i64):
      %331 = linalg.index 3 : index
      %332 = arith.index_cast %331 : index to i64
      %333 = arith.maximumf %in, %out : f32
      %334 = arith.cmpf ogt, %in, %out : f32
      %335 = arith.select %334, %332, %out_190 : i64
      linalg.yield %333, %335 : f32, i64
    } -> (tensor<1x2x128xf32>, tensor<1x2x128xi64>)
    %expanded_67 = tensor.expand_shape %96#0 [[0], [1], [2, 3]] output_shape [1, 2, 128, 1] : tensor<1x2x128xf32> into tensor<1x2x128x1xf32>
    %97 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%95, %expanded_67 : tensor<1x2x128x128xf32>, tensor<1x2x128x1xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %98 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%97 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.exp %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %99 = linalg.generic {indexing_maps = [#map4, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%98 : tensor<1x2x128x128xf32>) outs(%50 : tensor<1x2x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x1xf32>
    %100 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%98, %99 : tensor<1x2x128x128xf32>, tensor<1x2x128x1xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.divf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %collapsed_68 = tensor.collapse_shape %100 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %collapsed_69 = tensor.collapse_shape %transposed_56 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %101 = linalg.batch_matmul ins(%collapsed_68, %collapsed_69 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_70 = tensor.expand_shape %101 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %transposed_71 = linalg.transpose ins(%expanded_70 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_72 = linalg.transpose ins(%arg14 : tensor<256x256xf32>) outs(%21 : tensor<256x256xf32>) permutation = [1, 0] 
    %collapsed_73 = tensor.collapse_shape %transposed_71 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %102 = linalg.matmul ins(%collapsed_73, %transposed_72 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_74 = tensor.expand_shape %102 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %103 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %expanded_74 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %104 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %105 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%104 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %106 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %107 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_8 : f64 to f32
      %332 = arith.addf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x128x1xf32>
    %108 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.rsqrt %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %109 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %108 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %110 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109, %arg15 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %transposed_75 = linalg.transpose ins(%arg16 : tensor<512x256xf32>) outs(%64 : tensor<256x512xf32>) permutation = [1, 0] 
    %collapsed_76 = tensor.collapse_shape %110 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %111 = linalg.matmul ins(%collapsed_76, %transposed_75 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%66 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_77 = tensor.expand_shape %111 [[0, 1], [2]] output_shape [1, 128, 512] : tensor<128x512xf32> into tensor<1x128x512xf32>
    %112 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_77 : tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      %332 = math.exp %331 : f32
      %333 = arith.addf %332, %cst_1 : f32
      %334 = arith.divf %cst_1, %333 : f32
      linalg.yield %334 : f32
    } -> tensor<1x128x512xf32>
    %113 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %expanded_77 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %transposed_78 = linalg.transpose ins(%arg17 : tensor<512x256xf32>) outs(%64 : tensor<256x512xf32>) permutation = [1, 0] 
    %114 = linalg.matmul ins(%collapsed_76, %transposed_78 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%66 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_79 = tensor.expand_shape %114 [[0, 1], [2]] output_shape [1, 128, 512] : tensor<128x512xf32> into tensor<1x128x512xf32>
    %115 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113, %expanded_79 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %transposed_80 = linalg.transpose ins(%arg18 : tensor<256x512xf32>) outs(%72 : tensor<512x256xf32>) permutation = [1, 0] 
    %collapsed_81 = tensor.collapse_shape %115 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %116 = linalg.matmul ins(%collapsed_81, %transposed_80 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_82 = tensor.expand_shape %116 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %117 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %expanded_82 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %118 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %119 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%118 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %120 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %121 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_8 : f64 to f32
      %332 = arith.addf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x128x1xf32>
    %122 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.rsqrt %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %123 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117, %122 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %124 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%123, %arg19 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %transposed_83 = linalg.transpose ins(%arg20 : tensor<512x256xf32>) outs(%64 : tensor<256x512xf32>) permutation = [1, 0] 
    %collapsed_84 = tensor.collapse_shape %124 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %125 = linalg.matmul ins(%collapsed_84, %transposed_83 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%66 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_85 = tensor.expand_shape %125 [[0, 1], [2]] output_shape [1, 128, 512] : tensor<128x512xf32> into tensor<1x128x512xf32>
    %expanded_86 = tensor.expand_shape %arg24 [[0], [1, 2]] output_shape [1, 128, 1] : tensor<1x128xi64> into tensor<1x128x1xi64>
    %126 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_86, %1 : tensor<1x128x1xi64>, tensor<512xi64>) outs(%2 : tensor<1x128x512xi1>) {
    ^bb0(%in: i64, %in_190: i64, %out: i1):
      %331 = arith.cmpi eq, %in, %in_190 : i64
      linalg.yield %331 : i1
    } -> tensor<1x128x512xi1>
    %127 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<1x128x512xi1>) outs(%4 : tensor<1x128x512xi64>) {
    ^bb0(%in: i1, %out: i64):
      %331 = arith.extui %in : i1 to i64
      linalg.yield %331 : i64
    } -> tensor<1x128x512xi64>
    %128 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%127 : tensor<1x128x512xi64>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: i64, %out: f32):
      %331 = arith.sitofp %in : i64 to f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %129 = tensor.empty() : tensor<1x128xi64>
    %130 = linalg.fill ins(%c0_i64 : i64) outs(%129 : tensor<1x128xi64>) -> tensor<1x128xi64>
    %131 = tensor.empty() : tensor<1x128xf32>
    %132 = linalg.fill ins(%cst_0 : f32) outs(%131 : tensor<1x128xf32>) -> tensor<1x128xf32>
    %133:2 = linalg.generic {indexing_maps = [#map3, #map10, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_85 : tensor<1x128x512xf32>) outs(%132, %130 : tensor<1x128xf32>, tensor<1x128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_190: i64):
      %331 = linalg.index 2 : index
      %332 = arith.index_cast %331 : index to i64
      %333 = arith.maximumf %in, %out : f32
      %334 = arith.cmpf ogt, %in, %out : f32
      %335 = arith.select %334, %332, %out_190 : i64
      linalg.yield %333, %335 : f32, i64
    } -> (tensor<1x128xf32>, tensor<1x128xi64>)
    %expanded_87 = tensor.expand_shape %133#0 [[0], [1, 2]] output_shape [1, 128, 1] : tensor<1x128xf32> into tensor<1x128x1xf32>
    %134 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_85, %expanded_87 : tensor<1x128x512xf32>, tensor<1x128x1xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %135 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%134 : tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.exp %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %136 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%135 : tensor<1x128x512xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %137 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%136 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.log %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %138 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%134, %137 : tensor<1x128x512xf32>, tensor<1x128x1xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %139 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138, %128 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %140 = tensor.empty() : tensor<f32>
    %141 = linalg.fill ins(%cst : f32) outs(%140 : tensor<f32>) -> tensor<f32>
    %142 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["reduction", "reduction", "reduction"]} ins(%139 : tensor<1x128x512xf32>) outs(%141 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<f32>
    %143 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%142 : tensor<f32>) outs(%140 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<f32>
    %144 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%143 : tensor<f32>) outs(%140 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_10 : f32
      linalg.yield %331 : f32
    } -> tensor<f32>
    %145 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%cst_4 : tensor<f32>) outs(%140 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_10 : f32
      linalg.yield %331 : f32
    } -> tensor<f32>
    %146 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%145 : tensor<f32>) outs(%140 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<f32>
    %147 = linalg.generic {indexing_maps = [#map11, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%146 : tensor<f32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x512xf32>
    %148 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%147, %128 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %149 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138 : tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.exp %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %150 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%148 : tensor<1x128x512xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %151 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149, %150 : tensor<1x128x512xf32>, tensor<1x128x1xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %152 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148, %151 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %collapsed_88 = tensor.collapse_shape %152 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %153 = tensor.empty() : tensor<512x128xf32>
    %transposed_89 = linalg.transpose ins(%collapsed_88 : tensor<128x512xf32>) outs(%153 : tensor<512x128xf32>) permutation = [1, 0] 
    %154 = linalg.fill ins(%cst : f32) outs(%72 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %155 = linalg.matmul ins(%transposed_89, %collapsed_84 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%154 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %156 = linalg.matmul ins(%collapsed_88, %arg20 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_90 = tensor.expand_shape %156 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %157 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_90, %123 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %158 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_90, %arg19 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %159 = tensor.empty() : tensor<1x1x256xf32>
    %160 = linalg.fill ins(%cst : f32) outs(%159 : tensor<1x1x256xf32>) -> tensor<1x1x256xf32>
    %161 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "reduction", "parallel"]} ins(%157 : tensor<1x128x256xf32>) outs(%160 : tensor<1x1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x1x256xf32>
    %collapsed_91 = tensor.collapse_shape %161 [[0, 1, 2]] : tensor<1x1x256xf32> into tensor<256xf32>
    %162 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%158, %117 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %163 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%158, %122 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %164 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%162 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %165 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %166 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_11 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %167 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%166, %165 : tensor<1x128x1xf32>, tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %collapsed_92 = tensor.collapse_shape %167 [[0], [1, 2]] : tensor<1x128x1xf32> into tensor<1x128xf32>
    %168 = linalg.generic {indexing_maps = [#map10, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_92 : tensor<1x128xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x256xf32>
    %169 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%168 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %170 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %171 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_12 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %172 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%169, %171 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %173 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %172 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %collapsed_93 = tensor.collapse_shape %173 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %174 = tensor.empty() : tensor<256x128xf32>
    %transposed_94 = linalg.transpose ins(%collapsed_93 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %175 = linalg.fill ins(%cst : f32) outs(%64 : tensor<256x512xf32>) -> tensor<256x512xf32>
    %176 = linalg.matmul ins(%transposed_94, %collapsed_81 : tensor<256x128xf32>, tensor<128x512xf32>) outs(%175 : tensor<256x512xf32>) -> tensor<256x512xf32>
    %177 = linalg.matmul ins(%collapsed_93, %arg18 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%66 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_95 = tensor.expand_shape %177 [[0, 1], [2]] output_shape [1, 128, 512] : tensor<128x512xf32> into tensor<1x128x512xf32>
    %178 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_95, %113 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %179 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_95, %expanded_79 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %collapsed_96 = tensor.collapse_shape %178 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %transposed_97 = linalg.transpose ins(%collapsed_96 : tensor<128x512xf32>) outs(%153 : tensor<512x128xf32>) permutation = [1, 0] 
    %180 = linalg.matmul ins(%transposed_97, %collapsed_76 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%154 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %181 = linalg.matmul ins(%collapsed_96, %arg17 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_98 = tensor.expand_shape %181 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %182 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %cst_1 : f32
    } -> tensor<1x128x512xf32>
    %183 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%182, %112 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %184 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_77, %183 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %185 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%184 : tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %cst_1 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %186 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %185 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %187 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%179, %186 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %collapsed_99 = tensor.collapse_shape %187 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %transposed_100 = linalg.transpose ins(%collapsed_99 : tensor<128x512xf32>) outs(%153 : tensor<512x128xf32>) permutation = [1, 0] 
    %188 = linalg.matmul ins(%transposed_100, %collapsed_76 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%154 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %189 = linalg.matmul ins(%collapsed_99, %arg16 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_101 = tensor.expand_shape %189 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %190 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_98, %expanded_101 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %191 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%190, %109 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %192 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%190, %arg15 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %193 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "reduction", "parallel"]} ins(%191 : tensor<1x128x256xf32>) outs(%160 : tensor<1x1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x1x256xf32>
    %collapsed_102 = tensor.collapse_shape %193 [[0, 1, 2]] : tensor<1x1x256xf32> into tensor<256xf32>
    %194 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%192, %103 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %195 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%192, %108 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %196 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%194 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %197 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%173, %195 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %198 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %199 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%196 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_11 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %200 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%199, %198 : tensor<1x128x1xf32>, tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %collapsed_103 = tensor.collapse_shape %200 [[0], [1, 2]] : tensor<1x128x1xf32> into tensor<1x128xf32>
    %201 = linalg.generic {indexing_maps = [#map10, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_103 : tensor<1x128xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x256xf32>
    %202 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%201 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %203 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %204 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_12 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %205 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%202, %204 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %206 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%197, %205 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %collapsed_104 = tensor.collapse_shape %206 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %transposed_105 = linalg.transpose ins(%collapsed_104 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %207 = linalg.fill ins(%cst : f32) outs(%21 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %208 = linalg.matmul ins(%transposed_105, %collapsed_73 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %209 = linalg.matmul ins(%collapsed_104, %arg14 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_106 = tensor.expand_shape %209 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %transposed_107 = linalg.transpose ins(%expanded_106 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_108 = tensor.collapse_shape %transposed_107 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %transposed_109 = linalg.transpose ins(%collapsed_68 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %210 = linalg.batch_matmul ins(%transposed_109, %collapsed_108 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %transposed_110 = linalg.transpose ins(%collapsed_69 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %211 = linalg.batch_matmul ins(%collapsed_108, %transposed_110 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_111 = tensor.expand_shape %210 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %expanded_112 = tensor.expand_shape %211 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %212 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_112, %100 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %213 = linalg.generic {indexing_maps = [#map4, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%212 : tensor<1x2x128x128xf32>) outs(%50 : tensor<1x2x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x1xf32>
    %214 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%100, %213 : tensor<1x2x128x128xf32>, tensor<1x2x128x1xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %215 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%212, %214 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %216 = linalg.generic {indexing_maps = [#map5, #map7, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %cst_3, %215 : tensor<128x128xi1>, tensor<f32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: i1, %in_190: f32, %in_191: f32, %out: f32):
      %331 = arith.select %in, %in_190, %in_191 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %217 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%216 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_7 : f64 to f32
      %332 = arith.divf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x2x128x128xf32>
    %collapsed_113 = tensor.collapse_shape %217 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %transposed_114 = linalg.transpose ins(%collapsed_64 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %218 = linalg.batch_matmul ins(%transposed_114, %collapsed_113 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %transposed_115 = linalg.transpose ins(%collapsed_65 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %219 = linalg.batch_matmul ins(%collapsed_113, %transposed_115 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_116 = tensor.expand_shape %218 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %expanded_117 = tensor.expand_shape %219 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %transposed_118 = linalg.transpose ins(%expanded_116 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 1, 3, 2] 
    %220 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_118, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice_119 = tensor.extract_slice %220[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %extracted_slice_120 = tensor.extract_slice %220[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice_120 into %cst_2[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %221 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_119 : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %inserted_slice_121 = tensor.insert_slice %221 into %cst_2[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %222 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice, %inserted_slice_121 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %223 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_118, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %224 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%222, %223 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %225 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_117, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice_122 = tensor.extract_slice %225[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %extracted_slice_123 = tensor.extract_slice %225[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %inserted_slice_124 = tensor.insert_slice %extracted_slice_123 into %cst_2[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %226 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_122 : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %inserted_slice_125 = tensor.insert_slice %226 into %cst_2[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %227 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_124, %inserted_slice_125 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %228 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_117, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %229 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%227, %228 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %transposed_126 = linalg.transpose ins(%expanded_111 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_127 = tensor.collapse_shape %transposed_126 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %transposed_128 = linalg.transpose ins(%collapsed_127 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %230 = linalg.matmul ins(%transposed_128, %collapsed_48 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %231 = linalg.matmul ins(%collapsed_127, %arg13 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_129 = tensor.expand_shape %231 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %transposed_130 = linalg.transpose ins(%224 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_131 = tensor.collapse_shape %transposed_130 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %transposed_132 = linalg.transpose ins(%collapsed_131 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %232 = linalg.matmul ins(%transposed_132, %collapsed_48 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %233 = linalg.matmul ins(%collapsed_131, %arg12 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_133 = tensor.expand_shape %233 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %234 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_129, %expanded_133 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %transposed_134 = linalg.transpose ins(%229 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_135 = tensor.collapse_shape %transposed_134 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %transposed_136 = linalg.transpose ins(%collapsed_135 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %235 = linalg.matmul ins(%transposed_136, %collapsed_48 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %236 = linalg.matmul ins(%collapsed_135, %arg11 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_137 = tensor.expand_shape %236 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %237 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%234, %expanded_137 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %238 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%237, %80 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %239 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%237, %arg10 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %240 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "reduction", "parallel"]} ins(%238 : tensor<1x128x256xf32>) outs(%160 : tensor<1x1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x1x256xf32>
    %collapsed_138 = tensor.collapse_shape %240 [[0, 1, 2]] : tensor<1x1x256xf32> into tensor<256xf32>
    %241 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239, %74 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %242 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239, %79 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %243 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%241 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %244 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%206, %242 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %245 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %246 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%243 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_11 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %247 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%246, %245 : tensor<1x128x1xf32>, tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %collapsed_139 = tensor.collapse_shape %247 [[0], [1, 2]] : tensor<1x128x1xf32> into tensor<1x128xf32>
    %248 = linalg.generic {indexing_maps = [#map10, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_139 : tensor<1x128xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x256xf32>
    %249 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%248 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %250 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %251 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%250 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_12 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %252 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%249, %251 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %253 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244, %252 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %collapsed_140 = tensor.collapse_shape %253 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %transposed_141 = linalg.transpose ins(%collapsed_140 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %254 = linalg.matmul ins(%transposed_141, %collapsed_45 : tensor<256x128xf32>, tensor<128x512xf32>) outs(%175 : tensor<256x512xf32>) -> tensor<256x512xf32>
    %255 = linalg.matmul ins(%collapsed_140, %arg9 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%66 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %expanded_142 = tensor.expand_shape %255 [[0, 1], [2]] output_shape [1, 128, 512] : tensor<128x512xf32> into tensor<1x128x512xf32>
    %256 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_142, %69 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %257 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_142, %expanded_43 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %collapsed_143 = tensor.collapse_shape %256 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %transposed_144 = linalg.transpose ins(%collapsed_143 : tensor<128x512xf32>) outs(%153 : tensor<512x128xf32>) permutation = [1, 0] 
    %258 = linalg.matmul ins(%transposed_144, %collapsed_40 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%154 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %259 = linalg.matmul ins(%collapsed_143, %arg8 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_145 = tensor.expand_shape %259 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %260 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%182, %68 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %261 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_41, %260 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %262 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261 : tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %cst_1 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %263 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %262 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %264 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%257, %263 : tensor<1x128x512xf32>, tensor<1x128x512xf32>) outs(%6 : tensor<1x128x512xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x512xf32>
    %collapsed_146 = tensor.collapse_shape %264 [[0, 1], [2]] : tensor<1x128x512xf32> into tensor<128x512xf32>
    %transposed_147 = linalg.transpose ins(%collapsed_146 : tensor<128x512xf32>) outs(%153 : tensor<512x128xf32>) permutation = [1, 0] 
    %265 = linalg.matmul ins(%transposed_147, %collapsed_40 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%154 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %266 = linalg.matmul ins(%collapsed_146, %arg7 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_148 = tensor.expand_shape %266 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %267 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_145, %expanded_148 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %268 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%267, %62 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %269 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%267, %arg6 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %270 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "reduction", "parallel"]} ins(%268 : tensor<1x128x256xf32>) outs(%160 : tensor<1x1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x1x256xf32>
    %collapsed_149 = tensor.collapse_shape %270 [[0, 1, 2]] : tensor<1x1x256xf32> into tensor<256xf32>
    %271 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%269, %56 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %272 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%269, %61 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %273 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%271 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %274 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%253, %272 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %275 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %276 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%273 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_11 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %277 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%276, %275 : tensor<1x128x1xf32>, tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %collapsed_150 = tensor.collapse_shape %277 [[0], [1, 2]] : tensor<1x128x1xf32> into tensor<1x128xf32>
    %278 = linalg.generic {indexing_maps = [#map10, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_150 : tensor<1x128xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x256xf32>
    %279 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%278 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %280 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %281 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%280 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_12 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %282 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%279, %281 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %283 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%274, %282 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %collapsed_151 = tensor.collapse_shape %283 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %transposed_152 = linalg.transpose ins(%collapsed_151 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %284 = linalg.matmul ins(%transposed_152, %collapsed_37 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %285 = linalg.matmul ins(%collapsed_151, %arg5 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_153 = tensor.expand_shape %285 [[0, 1], [2, 3]] output_shape [1, 128, 2, 128] : tensor<128x256xf32> into tensor<1x128x2x128xf32>
    %transposed_154 = linalg.transpose ins(%expanded_153 : tensor<1x128x2x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_155 = tensor.collapse_shape %transposed_154 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %transposed_156 = linalg.transpose ins(%collapsed_32 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %286 = linalg.batch_matmul ins(%transposed_156, %collapsed_155 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %transposed_157 = linalg.transpose ins(%collapsed_33 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %287 = linalg.batch_matmul ins(%collapsed_155, %transposed_157 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_158 = tensor.expand_shape %286 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %expanded_159 = tensor.expand_shape %287 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %288 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_159, %52 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %289 = linalg.generic {indexing_maps = [#map4, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%288 : tensor<1x2x128x128xf32>) outs(%50 : tensor<1x2x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x1xf32>
    %290 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %289 : tensor<1x2x128x128xf32>, tensor<1x2x128x1xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %291 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%288, %290 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.subf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %292 = linalg.generic {indexing_maps = [#map5, #map7, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %cst_3, %291 : tensor<128x128xi1>, tensor<f32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: i1, %in_190: f32, %in_191: f32, %out: f32):
      %331 = arith.select %in, %in_190, %in_191 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %293 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%292 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.truncf %cst_7 : f64 to f32
      %332 = arith.divf %in, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<1x2x128x128xf32>
    %collapsed_160 = tensor.collapse_shape %293 [[0, 1], [2], [3]] : tensor<1x2x128x128xf32> into tensor<2x128x128xf32>
    %transposed_161 = linalg.transpose ins(%collapsed_28 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %294 = linalg.batch_matmul ins(%transposed_161, %collapsed_160 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %transposed_162 = linalg.transpose ins(%collapsed_29 : tensor<2x128x128xf32>) outs(%35 : tensor<2x128x128xf32>) permutation = [0, 2, 1] 
    %295 = linalg.batch_matmul ins(%collapsed_160, %transposed_162 : tensor<2x128x128xf32>, tensor<2x128x128xf32>) outs(%36 : tensor<2x128x128xf32>) -> tensor<2x128x128xf32>
    %expanded_163 = tensor.expand_shape %294 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %expanded_164 = tensor.expand_shape %295 [[0, 1], [2], [3]] output_shape [1, 2, 128, 128] : tensor<2x128x128xf32> into tensor<1x2x128x128xf32>
    %transposed_165 = linalg.transpose ins(%expanded_163 : tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) permutation = [0, 1, 3, 2] 
    %296 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_165, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice_166 = tensor.extract_slice %296[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %extracted_slice_167 = tensor.extract_slice %296[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %inserted_slice_168 = tensor.insert_slice %extracted_slice_167 into %cst_2[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %297 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_166 : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %inserted_slice_169 = tensor.insert_slice %297 into %cst_2[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %298 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_168, %inserted_slice_169 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %299 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_165, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %300 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%298, %299 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %301 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_164, %arg22 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %extracted_slice_170 = tensor.extract_slice %301[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %extracted_slice_171 = tensor.extract_slice %301[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x128xf32> to tensor<1x2x128x64xf32>
    %inserted_slice_172 = tensor.insert_slice %extracted_slice_171 into %cst_2[0, 0, 0, 0] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %302 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_170 : tensor<1x2x128x64xf32>) outs(%27 : tensor<1x2x128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.negf %in : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x64xf32>
    %inserted_slice_173 = tensor.insert_slice %302 into %cst_2[0, 0, 0, 64] [1, 2, 128, 64] [1, 1, 1, 1] : tensor<1x2x128x64xf32> into tensor<1x2x128x128xf32>
    %303 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_172, %inserted_slice_173 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %304 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_164, %arg21 : tensor<1x2x128x128xf32>, tensor<128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %305 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%303, %304 : tensor<1x2x128x128xf32>, tensor<1x2x128x128xf32>) outs(%23 : tensor<1x2x128x128xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x2x128x128xf32>
    %transposed_174 = linalg.transpose ins(%expanded_158 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_175 = tensor.collapse_shape %transposed_174 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %transposed_176 = linalg.transpose ins(%collapsed_175 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %306 = linalg.matmul ins(%transposed_176, %collapsed_14 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %307 = linalg.matmul ins(%collapsed_175, %arg4 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_177 = tensor.expand_shape %307 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %transposed_178 = linalg.transpose ins(%300 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_179 = tensor.collapse_shape %transposed_178 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %transposed_180 = linalg.transpose ins(%collapsed_179 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %308 = linalg.matmul ins(%transposed_180, %collapsed_14 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %309 = linalg.matmul ins(%collapsed_179, %arg3 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_181 = tensor.expand_shape %309 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %310 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_177, %expanded_181 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %transposed_182 = linalg.transpose ins(%305 : tensor<1x2x128x128xf32>) outs(%54 : tensor<1x128x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_183 = tensor.collapse_shape %transposed_182 [[0, 1], [2, 3]] : tensor<1x128x2x128xf32> into tensor<128x256xf32>
    %transposed_184 = linalg.transpose ins(%collapsed_183 : tensor<128x256xf32>) outs(%174 : tensor<256x128xf32>) permutation = [1, 0] 
    %311 = linalg.matmul ins(%transposed_184, %collapsed_14 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%207 : tensor<256x256xf32>) -> tensor<256x256xf32>
    %312 = linalg.matmul ins(%collapsed_183, %arg2 : tensor<128x256xf32>, tensor<256x256xf32>) outs(%9 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_185 = tensor.expand_shape %312 [[0, 1], [2]] output_shape [1, 128, 256] : tensor<128x256xf32> into tensor<1x128x256xf32>
    %313 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%310, %expanded_185 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %314 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%313, %19 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %315 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%313, %arg1 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %316 = linalg.generic {indexing_maps = [#map3, #map13], iterator_types = ["reduction", "reduction", "parallel"]} ins(%314 : tensor<1x128x256xf32>) outs(%160 : tensor<1x1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x1x256xf32>
    %collapsed_186 = tensor.collapse_shape %316 [[0, 1, 2]] : tensor<1x1x256xf32> into tensor<256xf32>
    %317 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%315, %expanded_13 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %318 = linalg.generic {indexing_maps = [#map3, #map1, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%315, %18 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %319 = linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%317 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.addf %in, %out : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %320 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%283, %318 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %321 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %322 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%319 : tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_11 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %323 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%322, %321 : tensor<1x128x1xf32>, tensor<1x128x1xf32>) outs(%13 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x1xf32>
    %collapsed_187 = tensor.collapse_shape %323 [[0], [1, 2]] : tensor<1x128x1xf32> into tensor<1x128xf32>
    %324 = linalg.generic {indexing_maps = [#map10, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_187 : tensor<1x128xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x128x256xf32>
    %325 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%324 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.divf %in, %cst_9 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %326 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_13 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %327 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%326 : tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %331 = arith.mulf %in, %cst_12 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %328 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%325, %327 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.mulf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %329 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%320, %328 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%11 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_190: f32, %out: f32):
      %331 = arith.addf %in, %in_190 : f32
      linalg.yield %331 : f32
    } -> tensor<1x128x256xf32>
    %collapsed_188 = tensor.collapse_shape %329 [[0, 1], [2]] : tensor<1x128x256xf32> into tensor<128x256xf32>
    %transposed_189 = linalg.transpose ins(%collapsed : tensor<128x512xf32>) outs(%153 : tensor<512x128xf32>) permutation = [1, 0] 
    %330 = linalg.matmul ins(%transposed_189, %collapsed_188 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%154 : tensor<512x256xf32>) -> tensor<512x256xf32>
    return %144, %330, %collapsed_186, %311, %308, %306, %284, %collapsed_149, %265, %258, %254, %collapsed_138, %235, %232, %230, %208, %collapsed_102, %188, %180, %176, %collapsed_91, %155 : tensor<f32>, tensor<512x256xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<512x256xf32>, tensor<512x256xf32>, tensor<256x512xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<512x256xf32>, tensor<512x256xf32>, tensor<256x512xf32>, tensor<256xf32>, tensor<512x256xf32>
  }
}
