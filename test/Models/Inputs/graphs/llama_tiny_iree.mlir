// Exported by scripts/export-corpus.sh: python -m fp8q.frontend.export llama --exporter iree
module {
  func.func @forward(%0: tensor<1x16xi64>, %1: tensor<512x256xf32>, %2: tensor<256xf32>, %3: tensor<256x256xf32>, %4: tensor<256x256xf32>, %5: tensor<256x256xf32>, %6: tensor<256x256xf32>, %7: tensor<256xf32>, %8: tensor<512x256xf32>, %9: tensor<512x256xf32>, %10: tensor<256x512xf32>, %11: tensor<256xf32>, %12: tensor<256x256xf32>, %13: tensor<256x256xf32>, %14: tensor<256x256xf32>, %15: tensor<256x256xf32>, %16: tensor<256xf32>, %17: tensor<512x256xf32>, %18: tensor<512x256xf32>, %19: tensor<256x512xf32>, %20: tensor<256xf32>, %21: tensor<512x256xf32>, %22: tensor<16x128xf32>, %23: tensor<16x128xf32>) -> (tensor<1x16x512xf32>) {
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %c512 = arith.constant 512 : index
    %cst = arith.constant 0.000000e+00 : f32
    %false = arith.constant false
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_3 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_4 = arith.constant 11.3137083 : f32
    %cst_5 = arith.constant 9.99999997E-7 : f32
    %cst_6 = arith.constant 2.560000e+02 : f32
    %24 = tensor.empty() : tensor<1x16x256xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : tensor<1x16xi64>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: i64, %out: f32):
      %165 = arith.index_cast %in : i64 to index
      %166 = linalg.index 2 : index
      %167 = arith.cmpi slt, %165, %c512 : index
      cf.assert %167, "index must be smaller than dim size"
      %168 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %168, "index must be larger or equal to 0"
      %extracted = tensor.extract %1[%165, %166] : tensor<512x256xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x16x256xf32>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %27 = tensor.empty() : tensor<1x16x1xf32>
    %28 = linalg.fill ins(%cst : f32) outs(%27 : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%26 : tensor<1x16x256xf32>) outs(%28 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %out : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.divf %in, %cst_6 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%30 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %cst_5 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.rsqrt %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %32 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33, %2 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %35 = tensor.empty() : tensor<256x256xf32>
    %transposed = linalg.transpose ins(%3 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %36 = tensor.empty() : tensor<1x256x256xf32>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %38 = linalg.fill ins(%cst : f32) outs(%24 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %39 = linalg.batch_matmul ins(%34, %37 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %expanded = tensor.expand_shape %39 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %40 = tensor.empty() : tensor<1x2x16x128xf32>
    %transposed_7 = linalg.transpose ins(%expanded : tensor<1x16x2x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_8 = linalg.transpose ins(%4 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_8 : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %42 = linalg.batch_matmul ins(%34, %41 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %expanded_9 = tensor.expand_shape %42 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_10 = linalg.transpose ins(%expanded_9 : tensor<1x16x2x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_11 = linalg.transpose ins(%5 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_11 : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %44 = linalg.batch_matmul ins(%34, %43 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %expanded_12 = tensor.expand_shape %44 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x16x2x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_7, %22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice = tensor.extract_slice %transposed_7[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %46 = tensor.empty() : tensor<1x2x16x64xf32>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<1x2x16x64xf32>) outs(%46 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.negf %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_14 = tensor.extract_slice %transposed_7[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat = tensor.concat dim(3) %47, %extracted_slice_14 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %48 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_10, %22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice_15 = tensor.extract_slice %transposed_10[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_15 : tensor<1x2x16x64xf32>) outs(%46 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.negf %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_16 = tensor.extract_slice %transposed_10[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat_17 = tensor.concat dim(3) %51, %extracted_slice_16 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_17, %23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %52 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %54 = tensor.empty() : tensor<1x2x128x16xf32>
    %transposed_18 = linalg.transpose ins(%53 : tensor<1x2x16x128xf32>) outs(%54 : tensor<1x2x128x16xf32>) permutation = [0, 1, 3, 2] 
    %collapsed = tensor.collapse_shape %49 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %collapsed_19 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x2x128x16xf32> into tensor<2x128x16xf32>
    %55 = tensor.empty() : tensor<2x16x16xf32>
    %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %57 = linalg.batch_matmul ins(%collapsed, %collapsed_19 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%56 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_20 = tensor.expand_shape %57 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %58 = tensor.empty() : tensor<1x2x16x16xf32>
    %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_20 : tensor<1x2x16x16xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.divf %in, %cst_4 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %60 = tensor.empty() : tensor<16x16xi1>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%cst_3 : tensor<16x16xi1>) outs(%60 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      %165 = linalg.index 0 : index
      %166 = arith.index_cast %165 : index to i64
      %167 = linalg.index 1 : index
      %168 = arith.index_cast %167 : index to i64
      %169 = arith.addi %166, %c1_i64 : i64
      %170 = arith.cmpi sge, %168, %169 : i64
      %171 = arith.select %170, %in, %false : i1
      linalg.yield %171 : i1
    } -> tensor<16x16xi1>
    %62 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %cst_2, %59 : tensor<16x16xi1>, tensor<f32>, tensor<1x2x16x16xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: i1, %in_61: f32, %in_62: f32, %out: f32):
      %165 = arith.select %in, %in_61, %in_62 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %63 = tensor.empty() : tensor<1x2x16xi64>
    %64 = linalg.fill ins(%c0_i64 : i64) outs(%63 : tensor<1x2x16xi64>) -> tensor<1x2x16xi64>
    %65 = tensor.empty() : tensor<1x2x16xf32>
    %66 = linalg.fill ins(%cst_0 : f32) outs(%65 : tensor<1x2x16xf32>) -> tensor<1x2x16xf32>
    %67:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%62 : tensor<1x2x16x16xf32>) outs(%66, %64 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_61: i64):
      %165 = linalg.index 3 : index
      %166 = arith.index_cast %165 : index to i64
      %167 = arith.maximumf %in, %out : f32
      %168 = arith.cmpf ogt, %in, %out : f32
      %169 = arith.select %168, %166, %out_61 : i64
      linalg.yield %167, %169 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_21 = tensor.expand_shape %67#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %68 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_21 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.subf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68 : tensor<1x2x16x16xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.exp %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %70 = tensor.empty() : tensor<1x2x16x1xf32>
    %71 = linalg.fill ins(%cst : f32) outs(%70 : tensor<1x2x16x1xf32>) -> tensor<1x2x16x1xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%69 : tensor<1x2x16x16xf32>) outs(%71 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %out : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x1xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%69, %72 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.divf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_22 = tensor.collapse_shape %73 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_23 = tensor.collapse_shape %transposed_13 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %74 = tensor.empty() : tensor<2x16x128xf32>
    %75 = linalg.fill ins(%cst : f32) outs(%74 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %76 = linalg.batch_matmul ins(%collapsed_22, %collapsed_23 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%75 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %expanded_24 = tensor.expand_shape %76 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xf32> into tensor<1x2x16x128xf32>
    %77 = tensor.empty() : tensor<1x16x2x128xf32>
    %transposed_25 = linalg.transpose ins(%expanded_24 : tensor<1x2x16x128xf32>) outs(%77 : tensor<1x16x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_26 = tensor.collapse_shape %transposed_25 [[0], [1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<1x16x256xf32>
    %transposed_27 = linalg.transpose ins(%6 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %78 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_27 : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %79 = linalg.batch_matmul ins(%collapsed_26, %78 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %79 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%81 : tensor<1x16x256xf32>) outs(%28 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %out : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %83 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.divf %in, %cst_6 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %84 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %cst_5 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.rsqrt %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %86 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %85 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %87 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %7 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %88 = tensor.empty() : tensor<256x512xf32>
    %transposed_28 = linalg.transpose ins(%8 : tensor<512x256xf32>) outs(%88 : tensor<256x512xf32>) permutation = [1, 0] 
    %89 = tensor.empty() : tensor<1x256x512xf32>
    %90 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_28 : tensor<256x512xf32>) outs(%89 : tensor<1x256x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x512xf32>
    %91 = tensor.empty() : tensor<1x16x512xf32>
    %92 = linalg.fill ins(%cst : f32) outs(%91 : tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    %93 = linalg.batch_matmul ins(%87, %90 : tensor<1x16x256xf32>, tensor<1x256x512xf32>) outs(%92 : tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    %94 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x16x512xf32>) outs(%91 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.negf %in : f32
      %166 = math.exp %165 : f32
      %167 = arith.addf %166, %cst_1 : f32
      %168 = arith.divf %cst_1, %167 : f32
      linalg.yield %168 : f32
    } -> tensor<1x16x512xf32>
    %95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %93 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%91 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x512xf32>
    %transposed_29 = linalg.transpose ins(%9 : tensor<512x256xf32>) outs(%88 : tensor<256x512xf32>) permutation = [1, 0] 
    %96 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_29 : tensor<256x512xf32>) outs(%89 : tensor<1x256x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x512xf32>
    %97 = linalg.batch_matmul ins(%87, %96 : tensor<1x16x256xf32>, tensor<1x256x512xf32>) outs(%92 : tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    %98 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %97 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%91 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x512xf32>
    %99 = tensor.empty() : tensor<512x256xf32>
    %transposed_30 = linalg.transpose ins(%10 : tensor<256x512xf32>) outs(%99 : tensor<512x256xf32>) permutation = [1, 0] 
    %100 = tensor.empty() : tensor<1x512x256xf32>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_30 : tensor<512x256xf32>) outs(%100 : tensor<1x512x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x512x256xf32>
    %102 = linalg.batch_matmul ins(%98, %101 : tensor<1x16x512xf32>, tensor<1x512x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %102 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %104 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %105 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%104 : tensor<1x16x256xf32>) outs(%28 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %out : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %106 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.divf %in, %cst_6 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %107 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %cst_5 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.rsqrt %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %109 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %108 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %110 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109, %11 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %transposed_31 = linalg.transpose ins(%12 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %111 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_31 : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %112 = linalg.batch_matmul ins(%110, %111 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %expanded_32 = tensor.expand_shape %112 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_33 = linalg.transpose ins(%expanded_32 : tensor<1x16x2x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_34 = linalg.transpose ins(%13 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %113 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_34 : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %114 = linalg.batch_matmul ins(%110, %113 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %expanded_35 = tensor.expand_shape %114 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_36 = linalg.transpose ins(%expanded_35 : tensor<1x16x2x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %transposed_37 = linalg.transpose ins(%14 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %115 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_37 : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %116 = linalg.batch_matmul ins(%110, %115 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %expanded_38 = tensor.expand_shape %116 [[0], [1], [2, 3]] output_shape [1, 16, 2, 128] : tensor<1x16x256xf32> into tensor<1x16x2x128xf32>
    %transposed_39 = linalg.transpose ins(%expanded_38 : tensor<1x16x2x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) permutation = [0, 2, 1, 3] 
    %117 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_33, %22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice_40 = tensor.extract_slice %transposed_33[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %118 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_40 : tensor<1x2x16x64xf32>) outs(%46 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.negf %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_41 = tensor.extract_slice %transposed_33[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat_42 = tensor.concat dim(3) %118, %extracted_slice_41 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_42, %23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %120 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%117, %119 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %121 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_36, %22 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %extracted_slice_43 = tensor.extract_slice %transposed_36[0, 0, 0, 64] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %122 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_43 : tensor<1x2x16x64xf32>) outs(%46 : tensor<1x2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.negf %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x64xf32>
    %extracted_slice_44 = tensor.extract_slice %transposed_36[0, 0, 0, 0] [1, 2, 16, 64] [1, 1, 1, 1] : tensor<1x2x16x128xf32> to tensor<1x2x16x64xf32>
    %concat_45 = tensor.concat dim(3) %122, %extracted_slice_44 : (tensor<1x2x16x64xf32>, tensor<1x2x16x64xf32>) -> tensor<1x2x16x128xf32>
    %123 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_45, %23 : tensor<1x2x16x128xf32>, tensor<16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%121, %123 : tensor<1x2x16x128xf32>, tensor<1x2x16x128xf32>) outs(%40 : tensor<1x2x16x128xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x128xf32>
    %transposed_46 = linalg.transpose ins(%124 : tensor<1x2x16x128xf32>) outs(%54 : tensor<1x2x128x16xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_47 = tensor.collapse_shape %120 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %collapsed_48 = tensor.collapse_shape %transposed_46 [[0, 1], [2], [3]] : tensor<1x2x128x16xf32> into tensor<2x128x16xf32>
    %125 = linalg.batch_matmul ins(%collapsed_47, %collapsed_48 : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%56 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_49 = tensor.expand_shape %125 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %126 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_49 : tensor<1x2x16x16xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.divf %in, %cst_4 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %127 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %cst_2, %126 : tensor<16x16xi1>, tensor<f32>, tensor<1x2x16x16xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: i1, %in_61: f32, %in_62: f32, %out: f32):
      %165 = arith.select %in, %in_61, %in_62 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %128:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%127 : tensor<1x2x16x16xf32>) outs(%66, %64 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_61: i64):
      %165 = linalg.index 3 : index
      %166 = arith.index_cast %165 : index to i64
      %167 = arith.maximumf %in, %out : f32
      %168 = arith.cmpf ogt, %in, %out : f32
      %169 = arith.select %168, %166, %out_61 : i64
      linalg.yield %167, %169 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_50 = tensor.expand_shape %128#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %129 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%127, %expanded_50 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.subf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129 : tensor<1x2x16x16xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.exp %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %131 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%130 : tensor<1x2x16x16xf32>) outs(%71 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %out : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x1xf32>
    %132 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%130, %131 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%58 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.divf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_51 = tensor.collapse_shape %132 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_52 = tensor.collapse_shape %transposed_39 [[0, 1], [2], [3]] : tensor<1x2x16x128xf32> into tensor<2x16x128xf32>
    %133 = linalg.batch_matmul ins(%collapsed_51, %collapsed_52 : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%75 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %expanded_53 = tensor.expand_shape %133 [[0, 1], [2], [3]] output_shape [1, 2, 16, 128] : tensor<2x16x128xf32> into tensor<1x2x16x128xf32>
    %transposed_54 = linalg.transpose ins(%expanded_53 : tensor<1x2x16x128xf32>) outs(%77 : tensor<1x16x2x128xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_55 = tensor.collapse_shape %transposed_54 [[0], [1], [2, 3]] : tensor<1x16x2x128xf32> into tensor<1x16x256xf32>
    %transposed_56 = linalg.transpose ins(%15 : tensor<256x256xf32>) outs(%35 : tensor<256x256xf32>) permutation = [1, 0] 
    %134 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_56 : tensor<256x256xf32>) outs(%36 : tensor<1x256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x256xf32>
    %135 = linalg.batch_matmul ins(%collapsed_55, %134 : tensor<1x16x256xf32>, tensor<1x256x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %136 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %135 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %137 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%136 : tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %138 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%137 : tensor<1x16x256xf32>) outs(%28 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %out : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %139 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.divf %in, %cst_6 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %140 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %cst_5 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %141 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.rsqrt %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %142 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%136, %141 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %143 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%142, %16 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %transposed_57 = linalg.transpose ins(%17 : tensor<512x256xf32>) outs(%88 : tensor<256x512xf32>) permutation = [1, 0] 
    %144 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_57 : tensor<256x512xf32>) outs(%89 : tensor<1x256x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x512xf32>
    %145 = linalg.batch_matmul ins(%143, %144 : tensor<1x16x256xf32>, tensor<1x256x512xf32>) outs(%92 : tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    %146 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%145 : tensor<1x16x512xf32>) outs(%91 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.negf %in : f32
      %166 = math.exp %165 : f32
      %167 = arith.addf %166, %cst_1 : f32
      %168 = arith.divf %cst_1, %167 : f32
      linalg.yield %168 : f32
    } -> tensor<1x16x512xf32>
    %147 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%146, %145 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%91 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x512xf32>
    %transposed_58 = linalg.transpose ins(%18 : tensor<512x256xf32>) outs(%88 : tensor<256x512xf32>) permutation = [1, 0] 
    %148 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_58 : tensor<256x512xf32>) outs(%89 : tensor<1x256x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x512xf32>
    %149 = linalg.batch_matmul ins(%143, %148 : tensor<1x16x256xf32>, tensor<1x256x512xf32>) outs(%92 : tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    %150 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%147, %149 : tensor<1x16x512xf32>, tensor<1x16x512xf32>) outs(%91 : tensor<1x16x512xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x512xf32>
    %transposed_59 = linalg.transpose ins(%19 : tensor<256x512xf32>) outs(%99 : tensor<512x256xf32>) permutation = [1, 0] 
    %151 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_59 : tensor<512x256xf32>) outs(%100 : tensor<1x512x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x512x256xf32>
    %152 = linalg.batch_matmul ins(%150, %151 : tensor<1x16x512xf32>, tensor<1x512x256xf32>) outs(%38 : tensor<1x16x256xf32>) -> tensor<1x16x256xf32>
    %153 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%136, %152 : tensor<1x16x256xf32>, tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.addf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %154 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%153 : tensor<1x16x256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %155 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%154 : tensor<1x16x256xf32>) outs(%28 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %out : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %156 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%155 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.divf %in, %cst_6 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %157 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%156 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = arith.addf %in, %cst_5 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %158 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<1x16x1xf32>) outs(%27 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %165 = math.rsqrt %in : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x1xf32>
    %159 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%153, %158 : tensor<1x16x256xf32>, tensor<1x16x1xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %160 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159, %20 : tensor<1x16x256xf32>, tensor<256xf32>) outs(%24 : tensor<1x16x256xf32>) {
    ^bb0(%in: f32, %in_61: f32, %out: f32):
      %165 = arith.mulf %in, %in_61 : f32
      linalg.yield %165 : f32
    } -> tensor<1x16x256xf32>
    %transposed_60 = linalg.transpose ins(%21 : tensor<512x256xf32>) outs(%88 : tensor<256x512xf32>) permutation = [1, 0] 
    %161 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_60 : tensor<256x512xf32>) outs(%89 : tensor<1x256x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x256x512xf32>
    %162 = linalg.batch_matmul ins(%160, %161 : tensor<1x16x256xf32>, tensor<1x256x512xf32>) outs(%92 : tensor<1x16x512xf32>) -> tensor<1x16x512xf32>
    return %162 : tensor<1x16x512xf32>
  }
}
