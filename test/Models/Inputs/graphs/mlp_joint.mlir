// A training step of a 2-Linear MLP (up 256->512, ReLU, down 512->256, loss sum(y^2)):
// torch's aot_export_module(trace_joint=True) joint graph, imported by torch-mlir's
// fx.stateless_fx_import to linalg (torch 2.15.0, torch-mlir 20261001); entry renamed @train_step.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @train_step(%arg0: tensor<512x256xf32>, %arg1: tensor<256x512xf32>, %arg2: tensor<128x256xf32>) -> (tensor<f32>, tensor<512x256xf32>, tensor<256x512xf32>) {
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<128x256xf32>
    %cst_1 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<256x512xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<512x256xf32>) outs(%0 : tensor<256x512xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<128x512xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %3 = linalg.matmul ins(%arg2, %transposed : tensor<128x256xf32>, tensor<256x512xf32>) outs(%2 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<128x512xf32>) outs(%1 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.cmpf ugt, %in, %cst : f32
      %25 = arith.select %24, %in, %cst : f32
      linalg.yield %25 : f32
    } -> tensor<128x512xf32>
    %5 = tensor.empty() : tensor<512x256xf32>
    %transposed_2 = linalg.transpose ins(%arg1 : tensor<256x512xf32>) outs(%5 : tensor<512x256xf32>) permutation = [1, 0] 
    %6 = tensor.empty() : tensor<128x256xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %8 = linalg.matmul ins(%4, %transposed_2 : tensor<128x512xf32>, tensor<512x256xf32>) outs(%7 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<128x256xf32>) outs(%6 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %24 : f32
    } -> tensor<128x256xf32>
    %10 = tensor.empty() : tensor<f32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<f32>) -> tensor<f32>
    %12 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%9 : tensor<128x256xf32>) outs(%11 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.addf %in, %out : f32
      linalg.yield %24 : f32
    } -> tensor<f32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<128x256xf32>) outs(%6 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %24 : f32
    } -> tensor<128x256xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<128x256xf32>) outs(%6 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %24 = arith.mulf %in, %cst_1 : f32
      linalg.yield %24 : f32
    } -> tensor<128x256xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_0, %14 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%6 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %24 = arith.mulf %in, %in_5 : f32
      linalg.yield %24 : f32
    } -> tensor<128x256xf32>
    %16 = tensor.empty() : tensor<256x128xf32>
    %transposed_3 = linalg.transpose ins(%15 : tensor<128x256xf32>) outs(%16 : tensor<256x128xf32>) permutation = [1, 0] 
    %17 = linalg.fill ins(%cst : f32) outs(%0 : tensor<256x512xf32>) -> tensor<256x512xf32>
    %18 = linalg.matmul ins(%transposed_3, %4 : tensor<256x128xf32>, tensor<128x512xf32>) outs(%17 : tensor<256x512xf32>) -> tensor<256x512xf32>
    %19 = linalg.matmul ins(%15, %arg1 : tensor<128x256xf32>, tensor<256x512xf32>) outs(%2 : tensor<128x512xf32>) -> tensor<128x512xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%19, %4 : tensor<128x512xf32>, tensor<128x512xf32>) outs(%1 : tensor<128x512xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %24 = arith.cmpf ule, %in_5, %cst : f32
      %25 = arith.select %24, %cst, %in : f32
      linalg.yield %25 : f32
    } -> tensor<128x512xf32>
    %21 = tensor.empty() : tensor<512x128xf32>
    %transposed_4 = linalg.transpose ins(%20 : tensor<128x512xf32>) outs(%21 : tensor<512x128xf32>) permutation = [1, 0] 
    %22 = linalg.fill ins(%cst : f32) outs(%5 : tensor<512x256xf32>) -> tensor<512x256xf32>
    %23 = linalg.matmul ins(%transposed_4, %arg2 : tensor<512x128xf32>, tensor<128x256xf32>) outs(%22 : tensor<512x256xf32>) -> tensor<512x256xf32>
    return %12, %23, %18 : tensor<f32>, tensor<512x256xf32>, tensor<256x512xf32>
  }
}
