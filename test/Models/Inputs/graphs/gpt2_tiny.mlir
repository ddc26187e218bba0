// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export gpt2 --exporter linalg
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
#map8 = affine_map<(d0, d1) -> (d1)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map10 = affine_map<(d0, d1) -> (0, d1)>
#map11 = affine_map<(d0, d1) -> (d0, 0)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map13 = affine_map<(d0, d1, d2, d3) -> ()>
#map14 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map15 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<1x16xi64>, %arg1: tensor<512x256xf32>, %arg2: tensor<16x256xf32>, %arg3: tensor<256xf32>, %arg4: tensor<256xf32>, %arg5: tensor<256x768xf32>, %arg6: tensor<768xf32>, %arg7: tensor<256x256xf32>, %arg8: tensor<256xf32>, %arg9: tensor<256xf32>, %arg10: tensor<256xf32>, %arg11: tensor<256x1024xf32>, %arg12: tensor<1024xf32>, %arg13: tensor<1024x256xf32>, %arg14: tensor<256xf32>, %arg15: tensor<256xf32>, %arg16: tensor<256xf32>, %arg17: tensor<256x768xf32>, %arg18: tensor<768xf32>, %arg19: tensor<256x256xf32>, %arg20: tensor<256xf32>, %arg21: tensor<256xf32>, %arg22: tensor<256xf32>, %arg23: tensor<256x1024xf32>, %arg24: tensor<1024xf32>, %arg25: tensor<1024x256xf32>, %arg26: tensor<256xf32>, %arg27: tensor<256xf32>, %arg28: tensor<256xf32>) -> tensor<1x16x512xf32> {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c16 = arith.constant 16 : index
    %c512 = arith.constant 512 : index
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 7.977240e-01 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 5.000000e-01 : f32
    %cst_6 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_7 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_8 = arith.constant 11.313708498984761 : f64
    %cst_9 = arith.constant 1.000000e-05 : f64
    %cst_10 = arith.constant 2.560000e+02 : f64
    %cst_11 = arith.constant 2.560000e+02 : f32
    %0 = tensor.empty() : tensor<16xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %169 = linalg.index 0 : index
      %170 = arith.index_cast %169 : index to i64
      linalg.yield %170 : i64
    } -> tensor<16xi64>
    %2 = tensor.empty() : tensor<1x16x256xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x16xi64>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: i64, %out: f32):
      %169 = arith.index_cast %in : i64 to index
      %170 = linalg.index 2 : index
      %171 = arith.cmpi slt, %169, %c512 : index
      cf.assert %171, "index must be smaller than dim size"
      %172 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %172, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%169, %170] : tensor<512x256xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x16x256xf32>
    %4 = tensor.empty() : tensor<16x256xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<16xi64>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: i64, %out: f32):
      %169 = arith.index_cast %in : i64 to index
      %170 = linalg.index 1 : index
      %171 = arith.cmpi slt, %169, %c16 : index
      cf.assert %171, "index must be smaller than dim size"
      %172 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %172, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg2[%169, %170] : tensor<16x256xf32>
      linalg.yield %extracted : f32
    } -> tensor<16x256xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %5 : tensor<1x16x256xf32>, tensor<16x256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %7 = tensor.empty() : tensor<1x16x256xf64>
    %8 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x16x256xf32>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %169 = arith.extf %in : f32 to f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %9 = tensor.empty() : tensor<1x16x1xf64>
    %10 = linalg.fill ins(%cst : f64) outs(%9 : tensor<1x16x1xf64>) -> tensor<1x16x1xf64>
    %11 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %12 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %13 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %12 : tensor<1x16x256xf64>, tensor<1x16x1xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.subf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %14 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13, %13 : tensor<1x16x256xf64>, tensor<1x16x256xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.mulf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %15 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %16 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %17 = tensor.empty() : tensor<1x16x1xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x16x1xf64>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %169 = arith.truncf %in : f64 to f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %19 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6 : tensor<1x16x256xf32>) outs(%19 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.addf %in, %out : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.divf %in, %cst_11 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.truncf %cst_9 : f64 to f32
      %170 = arith.addf %in, %169 : f32
      linalg.yield %170 : f32
    } -> tensor<1x16x1xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.rsqrt %in : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %21 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.subf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %23 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %26 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg3 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg4 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %28 = tensor.empty() : tensor<16x768xf32>
    %29 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<16x768xf32>) -> tensor<16x768xf32>
    %30 = linalg.matmul ins(%collapsed, %arg5 : tensor<16x256xf32>, tensor<256x768xf32>) outs(%29 : tensor<16x768xf32>) -> tensor<16x768xf32>
    %31 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<768xf32>) outs(%28 : tensor<16x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x768xf32>
    %32 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%30, %31 : tensor<16x768xf32>, tensor<16x768xf32>) outs(%28 : tensor<16x768xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x768xf32>
    %expanded = tensor.expand_shape %32 [[0, 1], [2]] output_shape [1, 16, 768] : tensor<16x768xf32> into tensor<1x16x768xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 16, 256] [1, 1, 1] : tensor<1x16x768xf32> to tensor<1x16x256xf32>
    %extracted_slice_12 = tensor.extract_slice %expanded[0, 0, 256] [1, 16, 256] [1, 1, 1] : tensor<1x16x768xf32> to tensor<1x16x256xf32>
    %extracted_slice_13 = tensor.extract_slice %expanded[0, 0, 512] [1, 16, 256] [1, 1, 1] : tensor<1x16x768xf32> to tensor<1x16x256xf32>
    %expanded_14 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %33 = tensor.empty() : tensor<1x2x16x128xf32>
    %transposed = linalg.transpose ins(%expanded_14 : tensor<1x16x2x128xf32>) outs(%33 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %expanded_15 = tensor.expand_shape %extracted_slice_12 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %expanded_16 = tensor.expand_shape %extracted_slice_13 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<1x16x2x128xf32>) outs(%33 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %34 = tensor.empty() : tensor<1x2x128x16xf32>
    %transposed_18 = linalg.transpose ins(%expanded_15 : tensor<1x16x2x128xf32>) outs(%34 : tensor<1x2x128x16xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_19 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x2x128x16xf32> into tensor<2x128x16xf32>
    %35 = tensor.empty() : tensor<2x16x16xf32>
    %36 = linalg.fill ins(%cst_0 : f32) outs(%35 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %37 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%36 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_21 = tensor.expand_shape %37 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %38 = tensor.empty() : tensor<1x2x16x16xf32>
    %39 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.truncf %cst_8 : f64 to f32
      %170 = arith.divf %in, %169 : f32
      linalg.yield %170 : f32
    } -> tensor<1x2x16x16xf32>
    %expanded_22 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_23 = tensor.expand_shape %1 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %40 = tensor.empty() : tensor<16x16xi64>
    %41 = linalg.generic {indexing_maps = [#map10, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_22, %expanded_23 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%40 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_63: i64, %out: i64):
      %169 = arith.subi %in, %in_63 : i64
      linalg.yield %169 : i64
    } -> tensor<16x16xi64>
    %42 = tensor.empty() : tensor<16x16xi1>
    %43 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%41 : tensor<16x16xi64>) outs(%42 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %169 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %169 : i1
    } -> tensor<16x16xi1>
    %44 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%43, %cst_7 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%42 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_63: i1, %out: i1):
      %169 = arith.andi %in, %in_63 : i1
      linalg.yield %169 : i1
    } -> tensor<16x16xi1>
    %45 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %cst_6, %39 : tensor<16x16xi1>, tensor<f32>, tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: i1, %in_63: f32, %in_64: f32, %out: f32):
      %169 = arith.select %in, %in_63, %in_64 : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %46 = tensor.empty() : tensor<1x2x16xi64>
    %47 = linalg.fill ins(%c0_i64 : i64) outs(%46 : tensor<1x2x16xi64>) -> tensor<1x2x16xi64>
    %48 = tensor.empty() : tensor<1x2x16xf32>
    %49 = linalg.fill ins(%cst_1 : f32) outs(%48 : tensor<1x2x16xf32>) -> tensor<1x2x16xf32>
    %50:2 = linalg.generic {indexing_maps = [#map9, #map14, #map14], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%45 : tensor<1x2x16x16xf32>) outs(%49, %47 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_63: i64):
      %169 = linalg.index 3 : index
      %170 = arith.index_cast %169 : index to i64
      %171 = arith.maximumf %in, %out : f32
      %172 = arith.cmpf ogt, %in, %out : f32
      %173 = arith.select %172, %170, %out_63 : i64
      linalg.yield %171, %173 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_24 = tensor.expand_shape %50#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %51 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_24 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.subf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %52 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51 : tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.exp %in : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %53 = tensor.empty() : tensor<1x2x16x1xf32>
    %54 = linalg.fill ins(%cst_0 : f32) outs(%53 : tensor<1x2x16x1xf32>) -> tensor<1x2x16x1xf32>
    %55 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%52 : tensor<1x2x16x16xf32>) outs(%54 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.addf %in, %out : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x1xf32>
    %56 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %55 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.divf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_25 = tensor.collapse_shape %56 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_26 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %57 = tensor.empty() : tensor<2x16x128xf32>
    %58 = linalg.fill ins(%cst_0 : f32) outs(%57 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %59 = linalg.batch_matmul ins(%collapsed_25, %collapsed_26 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%58 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %expanded_27 = tensor.expand_shape %59 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xf32> into tensor<1x2x16x128xf32>
    %60 = tensor.empty() : tensor<1x16x2x128xf32>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<1x2x16x128xf32>) outs(%60 : tensor<1x16x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_29 = tensor.collapse_shape %transposed_28 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %61 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %62 = linalg.matmul ins(%collapsed_29, %arg7 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%61 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %63 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x256xf32>
    %64 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%62, %63 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x256xf32>
    %expanded_30 = tensor.expand_shape %64 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %65 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_30 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %66 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x16x256xf32>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %169 = arith.extf %in : f32 to f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %67 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%66 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %68 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %69 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66, %68 : tensor<1x16x256xf64>, tensor<1x16x1xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.subf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %70 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %69 : tensor<1x16x256xf64>, tensor<1x16x256xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.mulf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %71 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%70 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %72 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %73 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<1x16x1xf64>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %169 = arith.truncf %in : f64 to f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %74 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%65 : tensor<1x16x256xf32>) outs(%19 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.addf %in, %out : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %75 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.divf %in, %cst_11 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %76 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.truncf %cst_9 : f64 to f32
      %170 = arith.addf %in, %169 : f32
      linalg.yield %170 : f32
    } -> tensor<1x16x1xf32>
    %77 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.rsqrt %in : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %78 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %75 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.subf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %79 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %77 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %80 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %arg9 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %81 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %arg10 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %collapsed_31 = tensor.collapse_shape %81 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %82 = tensor.empty() : tensor<16x1024xf32>
    %83 = linalg.fill ins(%cst_0 : f32) outs(%82 : tensor<16x1024xf32>) -> tensor<16x1024xf32>
    %84 = linalg.matmul ins(%collapsed_31, %arg11 : tensor<16x256xf32>, tensor<256x1024xf32>) outs(%83 : tensor<16x1024xf32>) -> tensor<16x1024xf32>
    %85 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<1024xf32>) outs(%82 : tensor<16x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x1024xf32>
    %86 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%84, %85 : tensor<16x1024xf32>, tensor<16x1024xf32>) outs(%82 : tensor<16x1024xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x1024xf32>
    %expanded_32 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [1, 16, 1024] : tensor<16x1024xf32> into tensor<1x16x1024xf32>
    %87 = tensor.empty() : tensor<1x16x1024xf32>
    %88 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x16x1024xf32>) outs(%87 : tensor<1x16x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.fpowi %in, %c3_i64 : f32, i64
      %170 = arith.mulf %169, %cst_2 : f32
      %171 = arith.addf %in, %170 : f32
      %172 = arith.mulf %171, %cst_3 : f32
      %173 = math.tanh %172 : f32
      %174 = arith.addf %173, %cst_4 : f32
      %175 = arith.mulf %174, %cst_5 : f32
      %176 = arith.mulf %in, %175 : f32
      linalg.yield %176 : f32
    } -> tensor<1x16x1024xf32>
    %collapsed_33 = tensor.collapse_shape %88 [[0, 1], [2]] : tensor<1x16x1024xf32> into tensor<16x1024xf32>
    %89 = linalg.matmul ins(%collapsed_33, %arg13 : tensor<16x1024xf32>, tensor<1024x256xf32>) outs(%61 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %90 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x256xf32>
    %91 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%89, %90 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x256xf32>
    %expanded_34 = tensor.expand_shape %91 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %92 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %expanded_34 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %93 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x16x256xf32>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %169 = arith.extf %in : f32 to f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %94 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%93 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %95 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %96 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %95 : tensor<1x16x256xf64>, tensor<1x16x1xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.subf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %97 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96, %96 : tensor<1x16x256xf64>, tensor<1x16x256xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.mulf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %98 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%97 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %99 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %100 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<1x16x1xf64>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %169 = arith.truncf %in : f64 to f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %101 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%92 : tensor<1x16x256xf32>) outs(%19 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.addf %in, %out : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %102 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.divf %in, %cst_11 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %103 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.truncf %cst_9 : f64 to f32
      %170 = arith.addf %in, %169 : f32
      linalg.yield %170 : f32
    } -> tensor<1x16x1xf32>
    %104 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.rsqrt %in : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %105 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %102 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.subf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %106 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %104 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %107 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %arg15 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %108 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %arg16 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %collapsed_35 = tensor.collapse_shape %108 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %109 = linalg.matmul ins(%collapsed_35, %arg17 : tensor<16x256xf32>, tensor<256x768xf32>) outs(%29 : tensor<16x768xf32>) -> tensor<16x768xf32>
    %110 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg18 : tensor<768xf32>) outs(%28 : tensor<16x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x768xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%109, %110 : tensor<16x768xf32>, tensor<16x768xf32>) outs(%28 : tensor<16x768xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x768xf32>
    %expanded_36 = tensor.expand_shape %111 [[0, 1], [2]] output_shape [1, 16, 768] : tensor<16x768xf32> into tensor<1x16x768xf32>
    %extracted_slice_37 = tensor.extract_slice %expanded_36[0, 0, 0] [1, 16, 256] [1, 1, 1] : tensor<1x16x768xf32> to tensor<1x16x256xf32>
    %extracted_slice_38 = tensor.extract_slice %expanded_36[0, 0, 256] [1, 16, 256] [1, 1, 1] : tensor<1x16x768xf32> to tensor<1x16x256xf32>
    %extracted_slice_39 = tensor.extract_slice %expanded_36[0, 0, 512] [1, 16, 256] [1, 1, 1] : tensor<1x16x768xf32> to tensor<1x16x256xf32>
    %expanded_40 = tensor.expand_shape %extracted_slice_37 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_41 = linalg.transpose ins(%expanded_40 : tensor<1x16x2x128xf32>) outs(%33 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %expanded_42 = tensor.expand_shape %extracted_slice_38 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %expanded_43 = tensor.expand_shape %extracted_slice_39 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_44 = linalg.transpose ins(%expanded_43 : tensor<1x16x2x128xf32>) outs(%33 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_45 = linalg.transpose ins(%expanded_42 : tensor<1x16x2x128xf32>) outs(%34 : tensor<1x2x128x16xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_46 = tensor.collapse_shape %transposed_41 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %collapsed_47 = tensor.collapse_shape %transposed_45 [[0, 1], [2], [3]] : tensor<1x2x128x16xf32> into tensor<2x128x16xf32>
    %112 = linalg.batch_matmul ins(%collapsed_46, %collapsed_47 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%36 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_48 = tensor.expand_shape %112 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %113 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_48 : tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.truncf %cst_8 : f64 to f32
      %170 = arith.divf %in, %169 : f32
      linalg.yield %170 : f32
    } -> tensor<1x2x16x16xf32>
    %114 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %cst_6, %113 : tensor<16x16xi1>, tensor<f32>, tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: i1, %in_63: f32, %in_64: f32, %out: f32):
      %169 = arith.select %in, %in_63, %in_64 : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %115:2 = linalg.generic {indexing_maps = [#map9, #map14, #map14], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%114 : tensor<1x2x16x16xf32>) outs(%49, %47 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_63: i64):
      %169 = linalg.index 3 : index
      %170 = arith.index_cast %169 : index to i64
      %171 = arith.maximumf %in, %out : f32
      %172 = arith.cmpf ogt, %in, %out : f32
      %173 = arith.select %172, %170, %out_63 : i64
      linalg.yield %171, %173 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_49 = tensor.expand_shape %115#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %116 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%114, %expanded_49 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.subf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %117 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%116 : tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.exp %in : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %118 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%117 : tensor<1x2x16x16xf32>) outs(%54 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.addf %in, %out : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x1xf32>
    %119 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117, %118 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%38 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.divf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_50 = tensor.collapse_shape %119 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_51 = tensor.collapse_shape %transposed_44 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %120 = linalg.batch_matmul ins(%collapsed_50, %collapsed_51 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%58 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %expanded_52 = tensor.expand_shape %120 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xf32> into tensor<1x2x16x128xf32>
    %transposed_53 = linalg.transpose ins(%expanded_52 : tensor<1x2x16x128xf32>) outs(%60 : tensor<1x16x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_54 = tensor.collapse_shape %transposed_53 [[0, 1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<16x256xf32>
    %121 = linalg.matmul ins(%collapsed_54, %arg19 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%61 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %122 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg20 : tensor<256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x256xf32>
    %123 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%121, %122 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x256xf32>
    %expanded_55 = tensor.expand_shape %123 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %124 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %expanded_55 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %125 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124 : tensor<1x16x256xf32>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %169 = arith.extf %in : f32 to f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %126 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%125 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %127 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %128 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %127 : tensor<1x16x256xf64>, tensor<1x16x1xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.subf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %129 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%128, %128 : tensor<1x16x256xf64>, tensor<1x16x256xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.mulf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %130 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%129 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %131 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %132 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%131 : tensor<1x16x1xf64>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %169 = arith.truncf %in : f64 to f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %133 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%124 : tensor<1x16x256xf32>) outs(%19 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.addf %in, %out : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %134 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%133 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.divf %in, %cst_11 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %135 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.truncf %cst_9 : f64 to f32
      %170 = arith.addf %in, %169 : f32
      linalg.yield %170 : f32
    } -> tensor<1x16x1xf32>
    %136 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%135 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.rsqrt %in : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %137 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124, %134 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.subf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %138 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%137, %136 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %139 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138, %arg21 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %140 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139, %arg22 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %collapsed_56 = tensor.collapse_shape %140 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %141 = linalg.matmul ins(%collapsed_56, %arg23 : tensor<16x256xf32>, tensor<256x1024xf32>) outs(%83 : tensor<16x1024xf32>) -> tensor<16x1024xf32>
    %142 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg24 : tensor<1024xf32>) outs(%82 : tensor<16x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x1024xf32>
    %143 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%141, %142 : tensor<16x1024xf32>, tensor<16x1024xf32>) outs(%82 : tensor<16x1024xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x1024xf32>
    %expanded_57 = tensor.expand_shape %143 [[0, 1], [2]] output_shape [1, 16, 1024] : tensor<16x1024xf32> into tensor<1x16x1024xf32>
    %144 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_57 : tensor<1x16x1024xf32>) outs(%87 : tensor<1x16x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.fpowi %in, %c3_i64 : f32, i64
      %170 = arith.mulf %169, %cst_2 : f32
      %171 = arith.addf %in, %170 : f32
      %172 = arith.mulf %171, %cst_3 : f32
      %173 = math.tanh %172 : f32
      %174 = arith.addf %173, %cst_4 : f32
      %175 = arith.mulf %174, %cst_5 : f32
      %176 = arith.mulf %in, %175 : f32
      linalg.yield %176 : f32
    } -> tensor<1x16x1024xf32>
    %collapsed_58 = tensor.collapse_shape %144 [[0, 1], [2]] : tensor<1x16x1024xf32> into tensor<16x1024xf32>
    %145 = linalg.matmul ins(%collapsed_58, %arg25 : tensor<16x1024xf32>, tensor<1024x256xf32>) outs(%61 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %146 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg26 : tensor<256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x256xf32>
    %147 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%145, %146 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%4 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<16x256xf32>
    %expanded_59 = tensor.expand_shape %147 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xf32> into tensor<1x16x256xf32>
    %148 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124, %expanded_59 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %149 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148 : tensor<1x16x256xf32>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %169 = arith.extf %in : f32 to f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %150 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%149 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %151 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%150 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %152 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149, %151 : tensor<1x16x256xf64>, tensor<1x16x1xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.subf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %153 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%152, %152 : tensor<1x16x256xf64>, tensor<1x16x256xf64>) outs(%7 : tensor<1x16x256xf64>) {
    ^bb0(%in: f64, %in_63: f64, %out: f64):
      %169 = arith.mulf %in, %in_63 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x256xf64>
    %154 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%153 : tensor<1x16x256xf64>) outs(%10 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.addf %in, %out : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %155 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154 : tensor<1x16x1xf64>) outs(%9 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %169 = arith.divf %in, %cst_10 : f64
      linalg.yield %169 : f64
    } -> tensor<1x16x1xf64>
    %156 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%155 : tensor<1x16x1xf64>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %169 = arith.truncf %in : f64 to f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %157 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%148 : tensor<1x16x256xf32>) outs(%19 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.addf %in, %out : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %158 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.divf %in, %cst_11 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %159 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%156 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = arith.truncf %cst_9 : f64 to f32
      %170 = arith.addf %in, %169 : f32
      linalg.yield %170 : f32
    } -> tensor<1x16x1xf32>
    %160 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159 : tensor<1x16x1xf32>) outs(%17 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %169 = math.rsqrt %in : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x1xf32>
    %161 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148, %158 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.subf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %162 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161, %160 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %163 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%162, %arg27 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.mulf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %164 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %arg28 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%2 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_63: f32, %out: f32):
      %169 = arith.addf %in, %in_63 : f32
      linalg.yield %169 : f32
    } -> tensor<1x16x256xf32>
    %165 = tensor.empty() : tensor<256x512xf32>
    %transposed_60 = linalg.transpose ins(%arg1 : tensor<512x256xf32>) outs(%165 : tensor<256x512xf32>) permutation = [1, 0] 
    %collapsed_61 = tensor.collapse_shape %164 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
    %166 = tensor.empty() : tensor<16x512xf32>
    %167 = linalg.fill ins(%cst_0 : f32) outs(%166 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %168 = linalg.matmul ins(%collapsed_61, %transposed_60 : tensor<16x256xf32>, tensor<256x512xf32>) outs(%167 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %expanded_62 = tensor.expand_shape %168 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xf32> into tensor<1x16x512xf32>
    return %expanded_62 : tensor<1x16x512xf32>
  }
}
