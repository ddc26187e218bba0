// Dense stacked experts (test/Transforms/quantize-model-expert-parallel.mlir's
// first graph) with inputs built from integer formulas, for
// quantize-model-expert-parallel-mock.test: quantized with
// expert-parallel-ranks = 2 or 4 and run on as many ranks, every rank
// prints the same [4, 16, 256] result.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @stacked_experts(%x: tensor<16x256xf32>, %w_up: tensor<4x256x512xf32>, %w_down: tensor<4x512x256xf32>) -> tensor<4x16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<16x256xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(t, k) -> (t, k)>, affine_map<(t, k) -> (t, k)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x256xf32>) outs(%et : tensor<16x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<16x256xf32>
  %ed = tensor.empty() : tensor<4x16x256xf32>
  %tokens = linalg.broadcast ins(%h : tensor<16x256xf32>) outs(%ed : tensor<4x16x256xf32>) dimensions = [0]
  %eu = tensor.empty() : tensor<4x16x512xf32>
  %au = linalg.fill ins(%zero : f32) outs(%eu : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  %up = linalg.batch_matmul ins(%tokens, %w_up : tensor<4x16x256xf32>, tensor<4x256x512xf32>) outs(%au : tensor<4x16x512xf32>) -> tensor<4x16x512xf32>
  %act = linalg.generic {indexing_maps = [affine_map<(e, t, n) -> (e, t, n)>, affine_map<(e, t, n) -> (e, t, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%up : tensor<4x16x512xf32>) outs(%eu : tensor<4x16x512xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x16x512xf32>
  %ad = linalg.fill ins(%zero : f32) outs(%ed : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
  %down = linalg.batch_matmul ins(%act, %w_down : tensor<4x16x512xf32>, tensor<4x512x256xf32>) outs(%ad : tensor<4x16x256xf32>) -> tensor<4x16x256xf32>
  return %down : tensor<4x16x256xf32>
}


// ((a * i + b * j + c * k) mod m - m / 2) * s, exact in f32.
func.func @pattern(%init: tensor<?x?x?xf32>, %a: index, %b: index, %c: index, %m: index, %s: f32) -> tensor<?x?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%init : tensor<?x?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %ai = arith.muli %a, %i : index
    %bj = arith.muli %b, %j : index
    %ck = arith.muli %c, %k : index
    %s1 = arith.addi %ai, %bj : index
    %s2 = arith.addi %s1, %ck : index
    %mod = arith.remui %s2, %m : index
    %two = arith.constant 2 : index
    %half = arith.divui %m, %two : index
    %v = arith.subi %mod, %half : index
    %v64 = arith.index_cast %v : index to i64
    %f = arith.sitofp %v64 : i64 to f32
    %y = arith.mulf %f, %s : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %c19 = arith.constant 19 : index
  %c23 = arith.constant 23 : index
  %c37 = arith.constant 37 : index
  %s1 = arith.constant 0.0625 : f32
  %s2 = arith.constant 0.03125 : f32
  %ex = tensor.empty() : tensor<1x16x256xf32>
  %exd = tensor.cast %ex : tensor<1x16x256xf32> to tensor<?x?x?xf32>
  %xd = call @pattern(%exd, %c1, %c37, %c11, %c23, %s1) : (tensor<?x?x?xf32>, index, index, index, index, f32) -> tensor<?x?x?xf32>
  %x3 = tensor.cast %xd : tensor<?x?x?xf32> to tensor<1x16x256xf32>
  %x = tensor.collapse_shape %x3 [[0, 1], [2]] : tensor<1x16x256xf32> into tensor<16x256xf32>
  %eu = tensor.empty() : tensor<4x256x512xf32>
  %eud = tensor.cast %eu : tensor<4x256x512xf32> to tensor<?x?x?xf32>
  %wud = call @pattern(%eud, %c5, %c13, %c7, %c19, %s2) : (tensor<?x?x?xf32>, index, index, index, index, f32) -> tensor<?x?x?xf32>
  %wu = tensor.cast %wud : tensor<?x?x?xf32> to tensor<4x256x512xf32>
  %ed = tensor.empty() : tensor<4x512x256xf32>
  %edd = tensor.cast %ed : tensor<4x512x256xf32> to tensor<?x?x?xf32>
  %wdd = call @pattern(%edd, %c3, %c11, %c5, %c17, %s2) : (tensor<?x?x?xf32>, index, index, index, index, f32) -> tensor<?x?x?xf32>
  %wd = tensor.cast %wdd : tensor<?x?x?xf32> to tensor<4x512x256xf32>
  %y = call @stacked_experts(%x, %wu, %wd) : (tensor<16x256xf32>, tensor<4x256x512xf32>, tensor<4x512x256xf32>) -> tensor<4x16x256xf32>
  %u = tensor.cast %y : tensor<4x16x256xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
