// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export flat --exporter linalg
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
module {
  func.func @forward(%arg0: tensor<16xi64>, %arg1: tensor<787200xf32>) -> tensor<16x512xf32> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %c512 = arith.constant 512 : index
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_4 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_5 = arith.constant 11.313708498984761 : f64
    %cst_6 = arith.constant 9.9999999999999995E-7 : f64
    %cst_7 = arith.constant 2.560000e+02 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %extracted_slice = tensor.extract_slice %arg1[0] [131072] [1] : tensor<787200xf32> to tensor<131072xf32>
    %expanded = tensor.expand_shape %extracted_slice [[0, 1]] output_shape [512, 256] : tensor<131072xf32> into tensor<512x256xf32>
    %extracted_slice_9 = tensor.extract_slice %arg1[131072] [256] [1] : tensor<787200xf32> to tensor<256xf32>
    %extracted_slice_10 = tensor.extract_slice %arg1[131328] [65536] [1] : tensor<787200xf32> to tensor<65536xf32>
    %expanded_11 = tensor.expand_shape %extracted_slice_10 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
    %extracted_slice_12 = tensor.extract_slice %arg1[196864] [65536] [1] : tensor<787200xf32> to tensor<65536xf32>
    %expanded_13 = tensor.expand_shape %extracted_slice_12 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
    %extracted_slice_14 = tensor.extract_slice %arg1[262400] [65536] [1] : tensor<787200xf32> to tensor<65536xf32>
    %expanded_15 = tensor.expand_shape %extracted_slice_14 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
    %extracted_slice_16 = tensor.extract_slice %arg1[327936] [65536] [1] : tensor<787200xf32> to tensor<65536xf32>
    %expanded_17 = tensor.expand_shape %extracted_slice_16 [[0, 1]] output_shape [256, 256] : tensor<65536xf32> into tensor<256x256xf32>
    %extracted_slice_18 = tensor.extract_slice %arg1[393472] [256] [1] : tensor<787200xf32> to tensor<256xf32>
    %extracted_slice_19 = tensor.extract_slice %arg1[393728] [131072] [1] : tensor<787200xf32> to tensor<131072xf32>
    %expanded_20 = tensor.expand_shape %extracted_slice_19 [[0, 1]] output_shape [512, 256] : tensor<131072xf32> into tensor<512x256xf32>
    %extracted_slice_21 = tensor.extract_slice %arg1[524800] [131072] [1] : tensor<787200xf32> to tensor<131072xf32>
    %expanded_22 = tensor.expand_shape %extracted_slice_21 [[0, 1]] output_shape [256, 512] : tensor<131072xf32> into tensor<256x512xf32>
    %extracted_slice_23 = tensor.extract_slice %arg1[655872] [256] [1] : tensor<787200xf32> to tensor<256xf32>
    %extracted_slice_24 = tensor.extract_slice %arg1[656128] [131072] [1] : tensor<787200xf32> to tensor<131072xf32>
    %expanded_25 = tensor.expand_shape %extracted_slice_24 [[0, 1]] output_shape [512, 256] : tensor<131072xf32> into tensor<512x256xf32>
    %0 = tensor.empty() : tensor<16x256xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16xi64>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: i64, %out: f32):
      %69 = arith.index_cast %in : i64 to index
      %70 = linalg.index 1 : index
      %71 = arith.cmpi slt, %69, %c512 : index
      cf.assert %71, "index must be smaller than dim size"
      %72 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %72, "index must be larger or equal to 0"
      %extracted = tensor.extract %expanded[%69, %70] : tensor<512x256xf32>
      linalg.yield %extracted : f32
    } -> tensor<16x256xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %3 = tensor.empty() : tensor<16x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<16x1xf32>) -> tensor<16x1xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<16x256xf32>) outs(%4 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.addf %in, %out : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_7 : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.truncf %cst_6 : f64 to f32
      %70 = arith.addf %in, %69 : f32
      linalg.yield %70 : f32
    } -> tensor<16x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.rsqrt %in : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%1, %8 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.mulf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %extracted_slice_9 : tensor<16x256xf32>, tensor<256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.mulf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %11 = tensor.empty() : tensor<256x256xf32>
    %transposed = linalg.transpose ins(%expanded_11 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %12 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %13 = linalg.matmul ins(%10, %transposed : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_26 = tensor.expand_shape %13 [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %14 = tensor.empty() : tensor<2x16x128xf32>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<16x2x128xf32>) outs(%14 : tensor<2x16x128xf32>) permutation = [1, 0, 2] 
    %transposed_28 = linalg.transpose ins(%expanded_13 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %15 = linalg.matmul ins(%10, %transposed_28 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_29 = tensor.expand_shape %15 [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %transposed_30 = linalg.transpose ins(%expanded_15 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %16 = linalg.matmul ins(%10, %transposed_30 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %expanded_31 = tensor.expand_shape %16 [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<16x2x128xf32>) outs(%14 : tensor<2x16x128xf32>) permutation = [1, 0, 2] 
    %17 = tensor.empty() : tensor<2x128x16xf32>
    %transposed_33 = linalg.transpose ins(%expanded_29 : tensor<16x2x128xf32>) outs(%17 : tensor<2x128x16xf32>) permutation = [1, 2, 0] 
    %18 = tensor.empty() : tensor<2x16x16xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %20 = linalg.batch_matmul ins(%transposed_27, %transposed_33 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%19 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %21 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x16x16xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.truncf %cst_5 : f64 to f32
      %70 = arith.divf %in, %69 : f32
      linalg.yield %70 : f32
    } -> tensor<2x16x16xf32>
    %22 = tensor.empty() : tensor<16xi64>
    %23 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%22 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %69 = linalg.index 0 : index
      %70 = arith.index_cast %69 : index to i64
      linalg.yield %70 : i64
    } -> tensor<16xi64>
    %expanded_34 = tensor.expand_shape %23 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_35 = tensor.expand_shape %23 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %24 = tensor.empty() : tensor<16x16xi64>
    %25 = linalg.generic {indexing_maps = [#map6, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded_34, %expanded_35 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%24 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_42: i64, %out: i64):
      %69 = arith.subi %in, %in_42 : i64
      linalg.yield %69 : i64
    } -> tensor<16x16xi64>
    %26 = tensor.empty() : tensor<16x16xi1>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<16x16xi64>) outs(%26 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %69 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %69 : i1
    } -> tensor<16x16xi1>
    %28 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%27, %cst_4 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%26 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_42: i1, %out: i1):
      %69 = arith.andi %in, %in_42 : i1
      linalg.yield %69 : i1
    } -> tensor<16x16xi1>
    %29 = linalg.generic {indexing_maps = [#map7, #map8, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28, %cst_3, %21 : tensor<16x16xi1>, tensor<f32>, tensor<2x16x16xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: i1, %in_42: f32, %in_43: f32, %out: f32):
      %69 = arith.select %in, %in_42, %in_43 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x16xf32>
    %30 = tensor.empty() : tensor<2x16xi64>
    %31 = linalg.fill ins(%c0_i64 : i64) outs(%30 : tensor<2x16xi64>) -> tensor<2x16xi64>
    %32 = tensor.empty() : tensor<2x16xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %34:2 = linalg.generic {indexing_maps = [#map4, #map9, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%29 : tensor<2x16x16xf32>) outs(%33, %31 : tensor<2x16xf32>, tensor<2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_42: i64):
      %69 = linalg.index 2 : index
      %70 = arith.index_cast %69 : index to i64
      %71 = arith.maximumf %in, %out : f32
      %72 = arith.cmpf ogt, %in, %out : f32
      %73 = arith.select %72, %70, %out_42 : i64
      linalg.yield %71, %73 : f32, i64
    } -> (tensor<2x16xf32>, tensor<2x16xi64>)
    %expanded_36 = tensor.expand_shape %34#0 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map10, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %expanded_36 : tensor<2x16x16xf32>, tensor<2x16x1xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.subf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x16xf32>
    %36 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35 : tensor<2x16x16xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.exp %in : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x16xf32>
    %37 = tensor.empty() : tensor<2x16x1xf32>
    %38 = linalg.fill ins(%cst : f32) outs(%37 : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %39 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%36 : tensor<2x16x16xf32>) outs(%38 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.addf %in, %out : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x1xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map10, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%36, %39 : tensor<2x16x16xf32>, tensor<2x16x1xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.divf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<2x16x16xf32>
    %41 = linalg.fill ins(%cst : f32) outs(%14 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %42 = linalg.batch_matmul ins(%40, %transposed_32 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%41 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %43 = tensor.empty() : tensor<16x2x128xf32>
    %transposed_37 = linalg.transpose ins(%42 : tensor<2x16x128xf32>) outs(%43 : tensor<16x2x128xf32>) permutation = [1, 0, 2] 
    %collapsed = tensor.collapse_shape %transposed_37 [[0], [1, 2]] : tensor<16x2x128xf32> into tensor<16x256xf32>
    %transposed_38 = linalg.transpose ins(%expanded_17 : tensor<256x256xf32>) outs(%11 : tensor<256x256xf32>) permutation = [1, 0] 
    %44 = linalg.matmul ins(%collapsed, %transposed_38 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%1, %44 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.addf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%46 : tensor<16x256xf32>) outs(%4 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.addf %in, %out : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_7 : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%48 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.truncf %cst_6 : f64 to f32
      %70 = arith.addf %in, %69 : f32
      linalg.yield %70 : f32
    } -> tensor<16x1xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.rsqrt %in : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%45, %50 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.mulf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%51, %extracted_slice_18 : tensor<16x256xf32>, tensor<256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.mulf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %53 = tensor.empty() : tensor<256x512xf32>
    %transposed_39 = linalg.transpose ins(%expanded_20 : tensor<512x256xf32>) outs(%53 : tensor<256x512xf32>) permutation = [1, 0] 
    %54 = tensor.empty() : tensor<16x512xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %56 = linalg.matmul ins(%52, %transposed_39 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%55 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%56 : tensor<16x512xf32>) outs(%54 : tensor<16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_8 : f32
      %70 = math.erf %69 : f32
      %71 = arith.addf %70, %cst_1 : f32
      %72 = arith.mulf %71, %cst_2 : f32
      %73 = arith.mulf %in, %72 : f32
      linalg.yield %73 : f32
    } -> tensor<16x512xf32>
    %58 = tensor.empty() : tensor<512x256xf32>
    %transposed_40 = linalg.transpose ins(%expanded_22 : tensor<256x512xf32>) outs(%58 : tensor<512x256xf32>) permutation = [1, 0] 
    %59 = linalg.matmul ins(%57, %transposed_40 : tensor<16x512xf32>, tensor<512x256xf32>) outs(%12 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%45, %59 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.addf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%60 : tensor<16x256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%61 : tensor<16x256xf32>) outs(%4 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.addf %in, %out : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.divf %in, %cst_7 : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%63 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = arith.truncf %cst_6 : f64 to f32
      %70 = arith.addf %in, %69 : f32
      linalg.yield %70 : f32
    } -> tensor<16x1xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%64 : tensor<16x1xf32>) outs(%3 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %69 = math.rsqrt %in : f32
      linalg.yield %69 : f32
    } -> tensor<16x1xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%60, %65 : tensor<16x256xf32>, tensor<16x1xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.mulf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%66, %extracted_slice_23 : tensor<16x256xf32>, tensor<256xf32>) outs(%0 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %69 = arith.mulf %in, %in_42 : f32
      linalg.yield %69 : f32
    } -> tensor<16x256xf32>
    %transposed_41 = linalg.transpose ins(%expanded_25 : tensor<512x256xf32>) outs(%53 : tensor<256x512xf32>) permutation = [1, 0] 
    %68 = linalg.matmul ins(%67, %transposed_41 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%55 : tensor<16x512xf32>) -> tensor<16x512xf32>
    return %68 : tensor<16x512xf32>
  }
}
