// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export qwen --exporter linalg
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map9 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map10 = affine_map<(d0, d1) -> (0, d1)>
#map11 = affine_map<(d0, d1) -> (d0, 0)>
#map12 = affine_map<(d0, d1, d2, d3) -> ()>
#map13 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map14 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<1x16x256xbf16>, %arg1: tensor<256xbf16>, %arg2: tensor<256x256xbf16>, %arg3: tensor<256xbf16>, %arg4: tensor<128x256xbf16>, %arg5: tensor<128xbf16>, %arg6: tensor<128x256xbf16>, %arg7: tensor<128xbf16>, %arg8: tensor<256x256xbf16>, %arg9: tensor<256xbf16>, %arg10: tensor<512x256xbf16>, %arg11: tensor<512x256xbf16>, %arg12: tensor<256x512xbf16>, %arg13: tensor<256xbf16>, %arg14: tensor<256x256xbf16>, %arg15: tensor<256xbf16>, %arg16: tensor<128x256xbf16>, %arg17: tensor<128xbf16>, %arg18: tensor<128x256xbf16>, %arg19: tensor<128xbf16>, %arg20: tensor<256x256xbf16>, %arg21: tensor<256xbf16>, %arg22: tensor<512x256xbf16>, %arg23: tensor<512x256xbf16>, %arg24: tensor<256x512xbf16>, %arg25: tensor<256xbf16>, %arg26: tensor<512x256xbf16>, %arg27: tensor<16x128xbf16>, %arg28: tensor<16x128xbf16>) -> tensor<1x16x512xbf16> {
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant dense<0xFF80> : tensor<bf16>
    %cst_4 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_5 = arith.constant 11.313708498984761 : f64
    %cst_6 = arith.constant 9.9999999999999995E-7 : f64
    %cst_7 = arith.constant 2.560000e+02 : bf16
    %0 = tensor.empty() : tensor<1x16x256xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.fpowi %in, %c2_i64 : bf16, i64
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %2 = tensor.empty() : tensor<1x16x1xbf16>
    %3 = linalg.fill ins(%cst : bf16) outs(%2 : tensor<1x16x1xbf16>) -> tensor<1x16x1xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x16x256xbf16>) outs(%3 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.addf %in, %out : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.divf %in, %cst_7 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.truncf %cst_6 : f64 to bf16
      %202 = arith.addf %in, %201 : bf16
      linalg.yield %202 : bf16
    } -> tensor<1x16x1xbf16>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.rsqrt %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %7 : tensor<1x16x256xbf16>, tensor<1x16x1xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %9 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %arg1 : tensor<1x16x256xbf16>, tensor<256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %collapsed = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<1x16x256xbf16> into tensor<16x256xbf16>
    %10 = tensor.empty() : tensor<256x256xbf16>
    %transposed = linalg.transpose ins(%arg2 : tensor<256x256xbf16>) outs(%10 : tensor<256x256xbf16>) permutation = [1, 0] 
    %11 = tensor.empty() : tensor<256xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg3 : tensor<256xbf16>) outs(%11 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256xf32>
    %13 = tensor.empty() : tensor<16x256xf32>
    %14 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<16x256xbf16>) outs(%13 : tensor<16x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<16x256xf32>
    %15 = tensor.empty() : tensor<256x256xf32>
    %16 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<256x256xbf16>) outs(%15 : tensor<256x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256x256xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%13 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %18 = linalg.matmul ins(%14, %16 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%17 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %19 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<256xf32>) outs(%13 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x256xf32>
    %20 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%18, %19 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%13 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.addf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<16x256xf32>
    %21 = tensor.empty() : tensor<16x256xbf16>
    %22 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<16x256xf32>) outs(%21 : tensor<16x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x256xbf16>
    %expanded = tensor.expand_shape %22 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xbf16> into tensor<1x16x2x128xbf16>
    %23 = tensor.empty() : tensor<1x2x16x128xbf16>
    %transposed_8 = linalg.transpose ins(%expanded : tensor<1x16x2x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) permutation = [0, 2, 1, 3] 
    %24 = tensor.empty() : tensor<256x128xbf16>
    %transposed_9 = linalg.transpose ins(%arg4 : tensor<128x256xbf16>) outs(%24 : tensor<256x128xbf16>) permutation = [1, 0] 
    %25 = tensor.empty() : tensor<128xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg5 : tensor<128xbf16>) outs(%25 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<128xf32>
    %27 = tensor.empty() : tensor<256x128xf32>
    %28 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_9 : tensor<256x128xbf16>) outs(%27 : tensor<256x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256x128xf32>
    %29 = tensor.empty() : tensor<16x128xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %31 = linalg.matmul ins(%14, %28 : tensor<16x256xf32>, tensor<256x128xf32>) outs(%30 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %32 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %33 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%31, %32 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.addf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<16x128xf32>
    %34 = tensor.empty() : tensor<16x128xbf16>
    %35 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%33 : tensor<16x128xf32>) outs(%34 : tensor<16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x128xbf16>
    %expanded_10 = tensor.expand_shape %35 [[0, 1], [2, 3]] output_shape [1, 16, 1, 128] : tensor<16x128xbf16> into tensor<1x16x1x128xbf16>
    %36 = tensor.empty() : tensor<1x1x16x128xbf16>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x16x1x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) permutation = [0, 2, 1, 3] 
    %transposed_12 = linalg.transpose ins(%arg6 : tensor<128x256xbf16>) outs(%24 : tensor<256x128xbf16>) permutation = [1, 0] 
    %37 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg7 : tensor<128xbf16>) outs(%25 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<128xf32>
    %38 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_12 : tensor<256x128xbf16>) outs(%27 : tensor<256x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256x128xf32>
    %39 = linalg.matmul ins(%14, %38 : tensor<16x256xf32>, tensor<256x128xf32>) outs(%30 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%37 : tensor<128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %41 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%39, %40 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.addf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<16x128xf32>
    %42 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%41 : tensor<16x128xf32>) outs(%34 : tensor<16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x128xbf16>
    %expanded_13 = tensor.expand_shape %42 [[0, 1], [2, 3]] output_shape [1, 16, 1, 128] : tensor<16x128xbf16> into tensor<1x16x1x128xbf16>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x16x1x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) permutation = [0, 2, 1, 3] 
    %43 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_8, %arg27 : tensor<1x2x16x128xbf16>, tensor<16x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x128xbf16>
    %extracted_slice = tensor.extract_slice %transposed_8[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xbf16> to tensor<1x2x16x64xbf16>
    %44 = tensor.empty() : tensor<1x2x16x64xbf16>
    %45 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<1x2x16x64xbf16>) outs(%44 : tensor<1x2x16x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.negf %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x64xbf16>
    %extracted_slice_15 = tensor.extract_slice %transposed_8[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xbf16> to tensor<1x2x16x64xbf16>
    %concat = tensor.concat dim(3) %45, %extracted_slice_15 : (tensor<1x2x16x64xbf16>, tensor<1x2x16x64xbf16>) -> tensor<1x2x16x128xbf16>
    %46 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %arg28 : tensor<1x2x16x128xbf16>, tensor<16x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x128xbf16>
    %47 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %46 : tensor<1x2x16x128xbf16>, tensor<1x2x16x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x128xbf16>
    %48 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_11, %arg27 : tensor<1x1x16x128xbf16>, tensor<16x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x128xbf16>
    %extracted_slice_16 = tensor.extract_slice %transposed_11[0, 0, 0, 64] [1, 1, 16, 64] [1, 1, 1, 1] : tensor<1x1x16x128xbf16> to tensor<1x1x16x64xbf16>
    %49 = tensor.empty() : tensor<1x1x16x64xbf16>
    %50 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_16 : tensor<1x1x16x64xbf16>) outs(%49 : tensor<1x1x16x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.negf %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x64xbf16>
    %extracted_slice_17 = tensor.extract_slice %transposed_11[0, 0, 0, 0] [1, 1, 16, 64] [1, 1, 1, 1] : tensor<1x1x16x128xbf16> to tensor<1x1x16x64xbf16>
    %concat_18 = tensor.concat dim(3) %50, %extracted_slice_17 : (tensor<1x1x16x64xbf16>, tensor<1x1x16x64xbf16>) -> tensor<1x1x16x128xbf16>
    %51 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_18, %arg28 : tensor<1x1x16x128xbf16>, tensor<16x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x128xbf16>
    %52 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %51 : tensor<1x1x16x128xbf16>, tensor<1x1x16x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x128xbf16>
    %53 = tensor.empty() : tensor<1x1x2x16x128xbf16>
    %54 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%52 : tensor<1x1x16x128xbf16>) outs(%53 : tensor<1x1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1x1x2x16x128xbf16>
    %collapsed_19 = tensor.collapse_shape %54 [[0], [1, 2], [3], [4]] : tensor<1x1x2x16x128xbf16> into tensor<1x2x16x128xbf16>
    %55 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_14 : tensor<1x1x16x128xbf16>) outs(%53 : tensor<1x1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1x1x2x16x128xbf16>
    %56 = tensor.empty() : tensor<1x2x128x16xbf16>
    %transposed_20 = linalg.transpose ins(%collapsed_19 : tensor<1x2x16x128xbf16>) outs(%56 : tensor<1x2x128x16xbf16>) permutation = [0, 1, 3, 2] 
    %collapsed_21 = tensor.collapse_shape %47 [[0, 1], [2], [3]] : tensor<1x2x16x128xbf16> into tensor<2x16x128xbf16>
    %collapsed_22 = tensor.collapse_shape %transposed_20 [[0, 1], [2], [3]] : tensor<1x2x128x16xbf16> into tensor<2x128x16xbf16>
    %57 = tensor.empty() : tensor<2x16x16xf32>
    %58 = linalg.fill ins(%cst_0 : f32) outs(%57 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %59 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<2x16x128xbf16>, tensor<2x128x16xbf16>) outs(%58 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %60 = tensor.empty() : tensor<2x16x16xbf16>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<2x16x16xf32>) outs(%60 : tensor<2x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<2x16x16xbf16>
    %expanded_23 = tensor.expand_shape %61 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xbf16> into tensor<1x2x16x16xbf16>
    %62 = tensor.empty() : tensor<1x2x16x16xbf16>
    %63 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_23 : tensor<1x2x16x16xbf16>) outs(%62 : tensor<1x2x16x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.truncf %cst_5 : f64 to bf16
      %202 = arith.divf %in, %201 : bf16
      linalg.yield %202 : bf16
    } -> tensor<1x2x16x16xbf16>
    %64 = tensor.empty() : tensor<16xi64>
    %65 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel"]} outs(%64 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %201 = linalg.index 0 : index
      %202 = arith.index_cast %201 : index to i64
      linalg.yield %202 : i64
    } -> tensor<16xi64>
    %expanded_24 = tensor.expand_shape %65 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_25 = tensor.expand_shape %65 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %66 = tensor.empty() : tensor<16x16xi64>
    %67 = linalg.generic {indexing_maps = [#map10, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_24, %expanded_25 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%66 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_82: i64, %out: i64):
      %201 = arith.subi %in, %in_82 : i64
      linalg.yield %201 : i64
    } -> tensor<16x16xi64>
    %68 = tensor.empty() : tensor<16x16xi1>
    %69 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<16x16xi64>) outs(%68 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %201 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %201 : i1
    } -> tensor<16x16xi1>
    %70 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%69, %cst_4 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%68 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_82: i1, %out: i1):
      %201 = arith.andi %in, %in_82 : i1
      linalg.yield %201 : i1
    } -> tensor<16x16xi1>
    %71 = linalg.generic {indexing_maps = [#map7, #map12, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70, %cst_3, %63 : tensor<16x16xi1>, tensor<bf16>, tensor<1x2x16x16xbf16>) outs(%62 : tensor<1x2x16x16xbf16>) {
    ^bb0(%in: i1, %in_82: bf16, %in_83: bf16, %out: bf16):
      %201 = arith.select %in, %in_82, %in_83 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x16xbf16>
    %72 = tensor.empty() : tensor<1x2x16x16xf32>
    %73 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71 : tensor<1x2x16x16xbf16>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %74 = tensor.empty() : tensor<1x2x16xi64>
    %75 = linalg.fill ins(%c0_i64 : i64) outs(%74 : tensor<1x2x16xi64>) -> tensor<1x2x16xi64>
    %76 = tensor.empty() : tensor<1x2x16xf32>
    %77 = linalg.fill ins(%cst_1 : f32) outs(%76 : tensor<1x2x16xf32>) -> tensor<1x2x16xf32>
    %78:2 = linalg.generic {indexing_maps = [#map6, #map13, #map13], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%73 : tensor<1x2x16x16xf32>) outs(%77, %75 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_82: i64):
      %201 = linalg.index 3 : index
      %202 = arith.index_cast %201 : index to i64
      %203 = arith.maximumf %in, %out : f32
      %204 = arith.cmpf ogt, %in, %out : f32
      %205 = arith.select %204, %202, %out_82 : i64
      linalg.yield %203, %205 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_26 = tensor.expand_shape %78#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %79 = linalg.generic {indexing_maps = [#map6, #map14, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73, %expanded_26 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.subf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %80 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%79 : tensor<1x2x16x16xf32>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %201 = math.exp %in : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %81 = tensor.empty() : tensor<1x2x16x1xf32>
    %82 = linalg.fill ins(%cst_0 : f32) outs(%81 : tensor<1x2x16x1xf32>) -> tensor<1x2x16x1xf32>
    %83 = linalg.generic {indexing_maps = [#map6, #map14], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%80 : tensor<1x2x16x16xf32>) outs(%82 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %201 = arith.addf %in, %out : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x1xf32>
    %84 = linalg.generic {indexing_maps = [#map6, #map14, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80, %83 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.divf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %85 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%84 : tensor<1x2x16x16xf32>) outs(%62 : tensor<1x2x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x16xbf16>
    %collapsed_27 = tensor.collapse_shape %85 [[0, 1], [2], [3]] : tensor<1x2x16x16xbf16> into tensor<2x16x16xbf16>
    %collapsed_28 = tensor.collapse_shape %55 [[0, 1, 2], [3], [4]] : tensor<1x1x2x16x128xbf16> into tensor<2x16x128xbf16>
    %86 = tensor.empty() : tensor<2x16x128xf32>
    %87 = linalg.fill ins(%cst_0 : f32) outs(%86 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %88 = linalg.batch_matmul ins(%collapsed_27, %collapsed_28 : tensor<2x16x16xbf16>, tensor<2x16x128xbf16>) outs(%87 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %89 = tensor.empty() : tensor<2x16x128xbf16>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x16x128xf32>) outs(%89 : tensor<2x16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<2x16x128xbf16>
    %expanded_29 = tensor.expand_shape %90 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xbf16> into tensor<1x2x16x128xbf16>
    %91 = tensor.empty() : tensor<1x16x2x128xbf16>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<1x2x16x128xbf16>) outs(%91 : tensor<1x16x2x128xbf16>) permutation = [0, 2, 1, 3] 
    %transposed_31 = linalg.transpose ins(%arg8 : tensor<256x256xbf16>) outs(%10 : tensor<256x256xbf16>) permutation = [1, 0] 
    %collapsed_32 = tensor.collapse_shape %transposed_30 [[0, 1], [2, 3]] : tensor<1x16x2x128xbf16> into tensor<16x256xbf16>
    %92 = linalg.matmul ins(%collapsed_32, %transposed_31 : tensor<16x256xbf16>, tensor<256x256xbf16>) outs(%17 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %93 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%92 : tensor<16x256xf32>) outs(%21 : tensor<16x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x256xbf16>
    %expanded_33 = tensor.expand_shape %93 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xbf16> into tensor<1x16x256xbf16>
    %94 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_33 : tensor<1x16x256xbf16>, tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.fpowi %in, %c2_i64 : bf16, i64
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %96 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%95 : tensor<1x16x256xbf16>) outs(%3 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.addf %in, %out : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.divf %in, %cst_7 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.truncf %cst_6 : f64 to bf16
      %202 = arith.addf %in, %201 : bf16
      linalg.yield %202 : bf16
    } -> tensor<1x16x1xbf16>
    %99 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.rsqrt %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %100 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %99 : tensor<1x16x256xbf16>, tensor<1x16x1xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %101 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100, %arg9 : tensor<1x16x256xbf16>, tensor<256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %102 = tensor.empty() : tensor<256x512xbf16>
    %transposed_34 = linalg.transpose ins(%arg10 : tensor<512x256xbf16>) outs(%102 : tensor<256x512xbf16>) permutation = [1, 0] 
    %collapsed_35 = tensor.collapse_shape %101 [[0, 1], [2]] : tensor<1x16x256xbf16> into tensor<16x256xbf16>
    %103 = tensor.empty() : tensor<16x512xf32>
    %104 = linalg.fill ins(%cst_0 : f32) outs(%103 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %105 = linalg.matmul ins(%collapsed_35, %transposed_34 : tensor<16x256xbf16>, tensor<256x512xbf16>) outs(%104 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %106 = tensor.empty() : tensor<16x512xbf16>
    %107 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%105 : tensor<16x512xf32>) outs(%106 : tensor<16x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x512xbf16>
    %expanded_36 = tensor.expand_shape %107 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xbf16> into tensor<1x16x512xbf16>
    %108 = tensor.empty() : tensor<1x16x512xf32>
    %109 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<1x16x512xbf16>) outs(%108 : tensor<1x16x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<1x16x512xf32>
    %110 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<1x16x512xf32>) outs(%108 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %201 = arith.negf %in : f32
      %202 = math.exp %201 : f32
      %203 = arith.addf %202, %cst_2 : f32
      %204 = arith.divf %cst_2, %203 : f32
      linalg.yield %204 : f32
    } -> tensor<1x16x512xf32>
    %111 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109, %110 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%108 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.mulf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<1x16x512xf32>
    %112 = tensor.empty() : tensor<1x16x512xbf16>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111 : tensor<1x16x512xf32>) outs(%112 : tensor<1x16x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x512xbf16>
    %transposed_37 = linalg.transpose ins(%arg11 : tensor<512x256xbf16>) outs(%102 : tensor<256x512xbf16>) permutation = [1, 0] 
    %114 = linalg.matmul ins(%collapsed_35, %transposed_37 : tensor<16x256xbf16>, tensor<256x512xbf16>) outs(%104 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %115 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%114 : tensor<16x512xf32>) outs(%106 : tensor<16x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x512xbf16>
    %expanded_38 = tensor.expand_shape %115 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xbf16> into tensor<1x16x512xbf16>
    %116 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113, %expanded_38 : tensor<1x16x512xbf16>, tensor<1x16x512xbf16>) outs(%112 : tensor<1x16x512xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x512xbf16>
    %117 = tensor.empty() : tensor<512x256xbf16>
    %transposed_39 = linalg.transpose ins(%arg12 : tensor<256x512xbf16>) outs(%117 : tensor<512x256xbf16>) permutation = [1, 0] 
    %collapsed_40 = tensor.collapse_shape %116 [[0, 1], [2]] : tensor<1x16x512xbf16> into tensor<16x512xbf16>
    %118 = linalg.matmul ins(%collapsed_40, %transposed_39 : tensor<16x512xbf16>, tensor<512x256xbf16>) outs(%17 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%118 : tensor<16x256xf32>) outs(%21 : tensor<16x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x256xbf16>
    %expanded_41 = tensor.expand_shape %119 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xbf16> into tensor<1x16x256xbf16>
    %120 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %expanded_41 : tensor<1x16x256xbf16>, tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %121 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.fpowi %in, %c2_i64 : bf16, i64
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %122 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%121 : tensor<1x16x256xbf16>) outs(%3 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.addf %in, %out : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %123 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.divf %in, %cst_7 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %124 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%123 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.truncf %cst_6 : f64 to bf16
      %202 = arith.addf %in, %201 : bf16
      linalg.yield %202 : bf16
    } -> tensor<1x16x1xbf16>
    %125 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.rsqrt %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %126 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120, %125 : tensor<1x16x256xbf16>, tensor<1x16x1xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %127 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126, %arg13 : tensor<1x16x256xbf16>, tensor<256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %collapsed_42 = tensor.collapse_shape %127 [[0, 1], [2]] : tensor<1x16x256xbf16> into tensor<16x256xbf16>
    %transposed_43 = linalg.transpose ins(%arg14 : tensor<256x256xbf16>) outs(%10 : tensor<256x256xbf16>) permutation = [1, 0] 
    %128 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg15 : tensor<256xbf16>) outs(%11 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256xf32>
    %129 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_42 : tensor<16x256xbf16>) outs(%13 : tensor<16x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<16x256xf32>
    %130 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_43 : tensor<256x256xbf16>) outs(%15 : tensor<256x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256x256xf32>
    %131 = linalg.matmul ins(%129, %130 : tensor<16x256xf32>, tensor<256x256xf32>) outs(%17 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %132 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%128 : tensor<256xf32>) outs(%13 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x256xf32>
    %133 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%131, %132 : tensor<16x256xf32>, tensor<16x256xf32>) outs(%13 : tensor<16x256xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.addf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<16x256xf32>
    %134 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%133 : tensor<16x256xf32>) outs(%21 : tensor<16x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x256xbf16>
    %expanded_44 = tensor.expand_shape %134 [[0, 1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<16x256xbf16> into tensor<1x16x2x128xbf16>
    %transposed_45 = linalg.transpose ins(%expanded_44 : tensor<1x16x2x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) permutation = [0, 2, 1, 3] 
    %transposed_46 = linalg.transpose ins(%arg16 : tensor<128x256xbf16>) outs(%24 : tensor<256x128xbf16>) permutation = [1, 0] 
    %135 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg17 : tensor<128xbf16>) outs(%25 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<128xf32>
    %136 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_46 : tensor<256x128xbf16>) outs(%27 : tensor<256x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256x128xf32>
    %137 = linalg.matmul ins(%129, %136 : tensor<16x256xf32>, tensor<256x128xf32>) outs(%30 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %138 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%135 : tensor<128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %139 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%137, %138 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.addf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<16x128xf32>
    %140 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%139 : tensor<16x128xf32>) outs(%34 : tensor<16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x128xbf16>
    %expanded_47 = tensor.expand_shape %140 [[0, 1], [2, 3]] output_shape [1, 16, 1, 128] : tensor<16x128xbf16> into tensor<1x16x1x128xbf16>
    %transposed_48 = linalg.transpose ins(%expanded_47 : tensor<1x16x1x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) permutation = [0, 2, 1, 3] 
    %transposed_49 = linalg.transpose ins(%arg18 : tensor<128x256xbf16>) outs(%24 : tensor<256x128xbf16>) permutation = [1, 0] 
    %141 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg19 : tensor<128xbf16>) outs(%25 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<128xf32>
    %142 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_49 : tensor<256x128xbf16>) outs(%27 : tensor<256x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<256x128xf32>
    %143 = linalg.matmul ins(%129, %142 : tensor<16x256xf32>, tensor<256x128xf32>) outs(%30 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %144 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%141 : tensor<128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %145 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%143, %144 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%29 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.addf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<16x128xf32>
    %146 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%145 : tensor<16x128xf32>) outs(%34 : tensor<16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x128xbf16>
    %expanded_50 = tensor.expand_shape %146 [[0, 1], [2, 3]] output_shape [1, 16, 1, 128] : tensor<16x128xbf16> into tensor<1x16x1x128xbf16>
    %transposed_51 = linalg.transpose ins(%expanded_50 : tensor<1x16x1x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) permutation = [0, 2, 1, 3] 
    %147 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_45, %arg27 : tensor<1x2x16x128xbf16>, tensor<16x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x128xbf16>
    %extracted_slice_52 = tensor.extract_slice %transposed_45[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xbf16> to tensor<1x2x16x64xbf16>
    %148 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_52 : tensor<1x2x16x64xbf16>) outs(%44 : tensor<1x2x16x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.negf %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x64xbf16>
    %extracted_slice_53 = tensor.extract_slice %transposed_45[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xbf16> to tensor<1x2x16x64xbf16>
    %concat_54 = tensor.concat dim(3) %148, %extracted_slice_53 : (tensor<1x2x16x64xbf16>, tensor<1x2x16x64xbf16>) -> tensor<1x2x16x128xbf16>
    %149 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_54, %arg28 : tensor<1x2x16x128xbf16>, tensor<16x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x128xbf16>
    %150 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%147, %149 : tensor<1x2x16x128xbf16>, tensor<1x2x16x128xbf16>) outs(%23 : tensor<1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x128xbf16>
    %151 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_48, %arg27 : tensor<1x1x16x128xbf16>, tensor<16x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x128xbf16>
    %extracted_slice_55 = tensor.extract_slice %transposed_48[0, 0, 0, 64] [1, 1, 16, 64] [1, 1, 1, 1] : tensor<1x1x16x128xbf16> to tensor<1x1x16x64xbf16>
    %152 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_55 : tensor<1x1x16x64xbf16>) outs(%49 : tensor<1x1x16x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.negf %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x64xbf16>
    %extracted_slice_56 = tensor.extract_slice %transposed_48[0, 0, 0, 0] [1, 1, 16, 64] [1, 1, 1, 1] : tensor<1x1x16x128xbf16> to tensor<1x1x16x64xbf16>
    %concat_57 = tensor.concat dim(3) %152, %extracted_slice_56 : (tensor<1x1x16x64xbf16>, tensor<1x1x16x64xbf16>) -> tensor<1x1x16x128xbf16>
    %153 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_57, %arg28 : tensor<1x1x16x128xbf16>, tensor<16x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x128xbf16>
    %154 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%151, %153 : tensor<1x1x16x128xbf16>, tensor<1x1x16x128xbf16>) outs(%36 : tensor<1x1x16x128xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x1x16x128xbf16>
    %155 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%154 : tensor<1x1x16x128xbf16>) outs(%53 : tensor<1x1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1x1x2x16x128xbf16>
    %collapsed_58 = tensor.collapse_shape %155 [[0], [1, 2], [3], [4]] : tensor<1x1x2x16x128xbf16> into tensor<1x2x16x128xbf16>
    %156 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_51 : tensor<1x1x16x128xbf16>) outs(%53 : tensor<1x1x2x16x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1x1x2x16x128xbf16>
    %transposed_59 = linalg.transpose ins(%collapsed_58 : tensor<1x2x16x128xbf16>) outs(%56 : tensor<1x2x128x16xbf16>) permutation = [0, 1, 3, 2] 
    %collapsed_60 = tensor.collapse_shape %150 [[0, 1], [2], [3]] : tensor<1x2x16x128xbf16> into tensor<2x16x128xbf16>
    %collapsed_61 = tensor.collapse_shape %transposed_59 [[0, 1], [2], [3]] : tensor<1x2x128x16xbf16> into tensor<2x128x16xbf16>
    %157 = linalg.batch_matmul ins(%collapsed_60, %collapsed_61 : tensor<2x16x128xbf16>, tensor<2x128x16xbf16>) outs(%58 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %158 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<2x16x16xf32>) outs(%60 : tensor<2x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<2x16x16xbf16>
    %expanded_62 = tensor.expand_shape %158 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xbf16> into tensor<1x2x16x16xbf16>
    %159 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_62 : tensor<1x2x16x16xbf16>) outs(%62 : tensor<1x2x16x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.truncf %cst_5 : f64 to bf16
      %202 = arith.divf %in, %201 : bf16
      linalg.yield %202 : bf16
    } -> tensor<1x2x16x16xbf16>
    %160 = linalg.generic {indexing_maps = [#map7, #map12, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70, %cst_3, %159 : tensor<16x16xi1>, tensor<bf16>, tensor<1x2x16x16xbf16>) outs(%62 : tensor<1x2x16x16xbf16>) {
    ^bb0(%in: i1, %in_82: bf16, %in_83: bf16, %out: bf16):
      %201 = arith.select %in, %in_82, %in_83 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x16xbf16>
    %161 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%160 : tensor<1x2x16x16xbf16>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %162:2 = linalg.generic {indexing_maps = [#map6, #map13, #map13], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%161 : tensor<1x2x16x16xf32>) outs(%77, %75 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_82: i64):
      %201 = linalg.index 3 : index
      %202 = arith.index_cast %201 : index to i64
      %203 = arith.maximumf %in, %out : f32
      %204 = arith.cmpf ogt, %in, %out : f32
      %205 = arith.select %204, %202, %out_82 : i64
      linalg.yield %203, %205 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_63 = tensor.expand_shape %162#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %163 = linalg.generic {indexing_maps = [#map6, #map14, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%161, %expanded_63 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.subf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %164 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%163 : tensor<1x2x16x16xf32>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %201 = math.exp %in : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %165 = linalg.generic {indexing_maps = [#map6, #map14], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%164 : tensor<1x2x16x16xf32>) outs(%82 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %201 = arith.addf %in, %out : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x1xf32>
    %166 = linalg.generic {indexing_maps = [#map6, #map14, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%164, %165 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%72 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.divf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<1x2x16x16xf32>
    %167 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%166 : tensor<1x2x16x16xf32>) outs(%62 : tensor<1x2x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<1x2x16x16xbf16>
    %collapsed_64 = tensor.collapse_shape %167 [[0, 1], [2], [3]] : tensor<1x2x16x16xbf16> into tensor<2x16x16xbf16>
    %collapsed_65 = tensor.collapse_shape %156 [[0, 1, 2], [3], [4]] : tensor<1x1x2x16x128xbf16> into tensor<2x16x128xbf16>
    %168 = linalg.batch_matmul ins(%collapsed_64, %collapsed_65 : tensor<2x16x16xbf16>, tensor<2x16x128xbf16>) outs(%87 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %169 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%168 : tensor<2x16x128xf32>) outs(%89 : tensor<2x16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<2x16x128xbf16>
    %expanded_66 = tensor.expand_shape %169 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xbf16> into tensor<1x2x16x128xbf16>
    %transposed_67 = linalg.transpose ins(%expanded_66 : tensor<1x2x16x128xbf16>) outs(%91 : tensor<1x16x2x128xbf16>) permutation = [0, 2, 1, 3] 
    %transposed_68 = linalg.transpose ins(%arg20 : tensor<256x256xbf16>) outs(%10 : tensor<256x256xbf16>) permutation = [1, 0] 
    %collapsed_69 = tensor.collapse_shape %transposed_67 [[0, 1], [2, 3]] : tensor<1x16x2x128xbf16> into tensor<16x256xbf16>
    %170 = linalg.matmul ins(%collapsed_69, %transposed_68 : tensor<16x256xbf16>, tensor<256x256xbf16>) outs(%17 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %171 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%170 : tensor<16x256xf32>) outs(%21 : tensor<16x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x256xbf16>
    %expanded_70 = tensor.expand_shape %171 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xbf16> into tensor<1x16x256xbf16>
    %172 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120, %expanded_70 : tensor<1x16x256xbf16>, tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %173 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172 : tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.fpowi %in, %c2_i64 : bf16, i64
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %174 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%173 : tensor<1x16x256xbf16>) outs(%3 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.addf %in, %out : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %175 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%174 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.divf %in, %cst_7 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %176 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%175 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.truncf %cst_6 : f64 to bf16
      %202 = arith.addf %in, %201 : bf16
      linalg.yield %202 : bf16
    } -> tensor<1x16x1xbf16>
    %177 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.rsqrt %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %178 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %177 : tensor<1x16x256xbf16>, tensor<1x16x1xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %179 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%178, %arg21 : tensor<1x16x256xbf16>, tensor<256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %transposed_71 = linalg.transpose ins(%arg22 : tensor<512x256xbf16>) outs(%102 : tensor<256x512xbf16>) permutation = [1, 0] 
    %collapsed_72 = tensor.collapse_shape %179 [[0, 1], [2]] : tensor<1x16x256xbf16> into tensor<16x256xbf16>
    %180 = linalg.matmul ins(%collapsed_72, %transposed_71 : tensor<16x256xbf16>, tensor<256x512xbf16>) outs(%104 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %181 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%180 : tensor<16x512xf32>) outs(%106 : tensor<16x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x512xbf16>
    %expanded_73 = tensor.expand_shape %181 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xbf16> into tensor<1x16x512xbf16>
    %182 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_73 : tensor<1x16x512xbf16>) outs(%108 : tensor<1x16x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %201 = arith.extf %in : bf16 to f32
      linalg.yield %201 : f32
    } -> tensor<1x16x512xf32>
    %183 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%182 : tensor<1x16x512xf32>) outs(%108 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %201 = arith.negf %in : f32
      %202 = math.exp %201 : f32
      %203 = arith.addf %202, %cst_2 : f32
      %204 = arith.divf %cst_2, %203 : f32
      linalg.yield %204 : f32
    } -> tensor<1x16x512xf32>
    %184 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%182, %183 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%108 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_82: f32, %out: f32):
      %201 = arith.mulf %in, %in_82 : f32
      linalg.yield %201 : f32
    } -> tensor<1x16x512xf32>
    %185 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%184 : tensor<1x16x512xf32>) outs(%112 : tensor<1x16x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x512xbf16>
    %transposed_74 = linalg.transpose ins(%arg23 : tensor<512x256xbf16>) outs(%102 : tensor<256x512xbf16>) permutation = [1, 0] 
    %186 = linalg.matmul ins(%collapsed_72, %transposed_74 : tensor<16x256xbf16>, tensor<256x512xbf16>) outs(%104 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %187 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%186 : tensor<16x512xf32>) outs(%106 : tensor<16x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x512xbf16>
    %expanded_75 = tensor.expand_shape %187 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xbf16> into tensor<1x16x512xbf16>
    %188 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%185, %expanded_75 : tensor<1x16x512xbf16>, tensor<1x16x512xbf16>) outs(%112 : tensor<1x16x512xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x512xbf16>
    %transposed_76 = linalg.transpose ins(%arg24 : tensor<256x512xbf16>) outs(%117 : tensor<512x256xbf16>) permutation = [1, 0] 
    %collapsed_77 = tensor.collapse_shape %188 [[0, 1], [2]] : tensor<1x16x512xbf16> into tensor<16x512xbf16>
    %189 = linalg.matmul ins(%collapsed_77, %transposed_76 : tensor<16x512xbf16>, tensor<512x256xbf16>) outs(%17 : tensor<16x256xf32>) -> tensor<16x256xf32>
    %190 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%189 : tensor<16x256xf32>) outs(%21 : tensor<16x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x256xbf16>
    %expanded_78 = tensor.expand_shape %190 [[0, 1], [2]] output_shape [1, 16, 256] : tensor<16x256xbf16> into tensor<1x16x256xbf16>
    %191 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %expanded_78 : tensor<1x16x256xbf16>, tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.addf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %192 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191 : tensor<1x16x256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.fpowi %in, %c2_i64 : bf16, i64
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %193 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%192 : tensor<1x16x256xbf16>) outs(%3 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.addf %in, %out : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %194 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.divf %in, %cst_7 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %195 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%194 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = arith.truncf %cst_6 : f64 to bf16
      %202 = arith.addf %in, %201 : bf16
      linalg.yield %202 : bf16
    } -> tensor<1x16x1xbf16>
    %196 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%195 : tensor<1x16x1xbf16>) outs(%2 : tensor<1x16x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %201 = math.rsqrt %in : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x1xbf16>
    %197 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191, %196 : tensor<1x16x256xbf16>, tensor<1x16x1xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %198 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%197, %arg25 : tensor<1x16x256xbf16>, tensor<256xbf16>) outs(%0 : tensor<1x16x256xbf16>) {
    ^bb0(%in: bf16, %in_82: bf16, %out: bf16):
      %201 = arith.mulf %in, %in_82 : bf16
      linalg.yield %201 : bf16
    } -> tensor<1x16x256xbf16>
    %transposed_79 = linalg.transpose ins(%arg26 : tensor<512x256xbf16>) outs(%102 : tensor<256x512xbf16>) permutation = [1, 0] 
    %collapsed_80 = tensor.collapse_shape %198 [[0, 1], [2]] : tensor<1x16x256xbf16> into tensor<16x256xbf16>
    %199 = linalg.matmul ins(%collapsed_80, %transposed_79 : tensor<16x256xbf16>, tensor<256x512xbf16>) outs(%104 : tensor<16x512xf32>) -> tensor<16x512xf32>
    %200 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%199 : tensor<16x512xf32>) outs(%106 : tensor<16x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %201 = arith.truncf %in : f32 to bf16
      linalg.yield %201 : bf16
    } -> tensor<16x512xbf16>
    %expanded_81 = tensor.expand_shape %200 [[0, 1], [2]] output_shape [1, 16, 512] : tensor<16x512xbf16> into tensor<1x16x512xbf16>
    return %expanded_81 : tensor<1x16x512xbf16>
  }
}
