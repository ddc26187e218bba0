// RUN: fp8-opt %s --fp8q-quantize-model -split-input-file | FileCheck %s
// RUN: fp8-opt %s --fp8q-quantize-model="report=-" -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Normalizations as torch-mlir exports them: the statistics computed on a
// widened copy (f64 for aten.var_mean's decomposition, f32 for a bf16
// model's RMSNorm), cast back, and applied to the original tensor.

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#red3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#bc3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>

// LayerNorm with mean and variance in f64 (x widened by arith.extf in a
// generic), the rstd cast back to f32 and applied to x - mean computed in
// f32 on a separate branch. Retained: the f64 mean and variance reductions
// and the rsqrt (3 ops, 1 normalization); the f32 branch's mean does not
// reach the rsqrt and stays unmarked (it runs in f32 anyway).
// CHECK-LABEL: func.func @layernorm_f64_statistics
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x8x256xf64>) {{.*}} attrs = {fp8q.retain = #fp8q.retain<norm>}
// CHECK: %[[SQ:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[SUM]] : tensor<1x8x256xf64>, tensor<1x8x1xf64>)
// CHECK: linalg.generic {{.*}} ins(%[[SQ]] : tensor<1x8x256xf64>) {{.*}} attrs = {fp8q.retain = #fp8q.retain<norm>}
// CHECK: math.rsqrt
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<1x8x1xf64>
// CHECK: fp8q.scaled_matmul
// REPORT: # retained non-contraction ops: norm 3
// REPORT: # normalizations: 1
func.func @layernorm_f64_statistics(%x: tensor<1x8x256xf32>, %w: tensor<256x256xf32>) -> tensor<8x256xf32> {
  %zero64 = arith.constant 0.0 : f64
  %zero = arith.constant 0.0 : f32
  %n64 = arith.constant 256.0 : f64
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f64
  %e64 = tensor.empty() : tensor<1x8x256xf64>
  %x64 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x256xf32>) outs(%e64 : tensor<1x8x256xf64>) {
  ^bb0(%in: f32, %out: f64):
    %v = arith.extf %in : f32 to f64
    linalg.yield %v : f64
  } -> tensor<1x8x256xf64>
  %es64 = tensor.empty() : tensor<1x8x1xf64>
  %zs64 = linalg.fill ins(%zero64 : f64) outs(%es64 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
  %sum64 = linalg.generic {indexing_maps = [#id3, #red3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x64 : tensor<1x8x256xf64>) outs(%zs64 : tensor<1x8x1xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %v = arith.addf %in, %acc : f64
    linalg.yield %v : f64
  } -> tensor<1x8x1xf64>
  %d64 = linalg.generic {indexing_maps = [#id3, #bc3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x64, %sum64 : tensor<1x8x256xf64>, tensor<1x8x1xf64>) outs(%e64 : tensor<1x8x256xf64>) {
  ^bb0(%in: f64, %s: f64, %out: f64):
    %m = arith.divf %s, %n64 : f64
    %v = arith.subf %in, %m : f64
    %sq = arith.mulf %v, %v : f64
    linalg.yield %sq : f64
  } -> tensor<1x8x256xf64>
  %var64 = linalg.generic {indexing_maps = [#id3, #red3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%d64 : tensor<1x8x256xf64>) outs(%zs64 : tensor<1x8x1xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %v = arith.addf %in, %acc : f64
    linalg.yield %v : f64
  } -> tensor<1x8x1xf64>
  %rstd64 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%var64 : tensor<1x8x1xf64>) outs(%es64 : tensor<1x8x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %v = arith.divf %in, %n64 : f64
    %ve = arith.addf %v, %eps : f64
    %r = math.rsqrt %ve : f64
    linalg.yield %r : f64
  } -> tensor<1x8x1xf64>
  %es = tensor.empty() : tensor<1x8x1xf32>
  %rstd = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%rstd64 : tensor<1x8x1xf64>) outs(%es : tensor<1x8x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %v = arith.truncf %in : f64 to f32
    linalg.yield %v : f32
  } -> tensor<1x8x1xf32>
  // The f32 branch: x - mean(x), scaled by the rstd.
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #red3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<1x8x256xf32>) outs(%zs : tensor<1x8x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %v = arith.addf %in, %acc : f32
    linalg.yield %v : f32
  } -> tensor<1x8x1xf32>
  %e = tensor.empty() : tensor<1x8x256xf32>
  %xc = linalg.generic {indexing_maps = [#id3, #bc3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %sum : tensor<1x8x256xf32>, tensor<1x8x1xf32>) outs(%e : tensor<1x8x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.divf %s, %n : f32
    %v = arith.subf %in, %m : f32
    linalg.yield %v : f32
  } -> tensor<1x8x256xf32>
  %normed = linalg.generic {indexing_maps = [#id3, #bc3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%xc, %rstd : tensor<1x8x256xf32>, tensor<1x8x1xf32>) outs(%e : tensor<1x8x256xf32>) {
  ^bb0(%in: f32, %r: f32, %out: f32):
    %v = arith.mulf %in, %r : f32
    linalg.yield %v : f32
  } -> tensor<1x8x256xf32>
  %h = tensor.collapse_shape %normed [[0, 1], [2]] : tensor<1x8x256xf32> into tensor<8x256xf32>
  %ey = tensor.empty() : tensor<8x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%ey : tensor<8x256xf32>) -> tensor<8x256xf32>
  %y = linalg.matmul ins(%h, %w : tensor<8x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<8x256xf32>) -> tensor<8x256xf32>
  return %y : tensor<8x256xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#red3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#bc3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>

// A bf16 model's RMSNorm (Llama: hidden.to(float32).pow(2).mean(-1),
// rsqrt, times the f32 copy, back to bf16, times the weight): the
// statistic on the widened f32 branch.
// CHECK-LABEL: func.func @rmsnorm_bf16_widened
// CHECK: iterator_types = ["parallel", "parallel", "reduction"]{{.*}} attrs = {fp8q.retain = #fp8q.retain<norm>}
// CHECK: math.rsqrt
// CHECK: fp8q.scaled_matmul
// REPORT: # retained non-contraction ops: norm 2
// REPORT: # normalizations: 1
func.func @rmsnorm_bf16_widened(%x: tensor<1x8x256xbf16>, %g: tensor<256xbf16>, %w: tensor<256x256xbf16>) -> tensor<8x256xbf16> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %e32 = tensor.empty() : tensor<1x8x256xf32>
  %x32 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x256xbf16>) outs(%e32 : tensor<1x8x256xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<1x8x256xf32>
  %sq = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x32 : tensor<1x8x256xf32>) outs(%e32 : tensor<1x8x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.mulf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<1x8x256xf32>
  %es = tensor.empty() : tensor<1x8x1xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
  %ss = linalg.generic {indexing_maps = [#id3, #red3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%sq : tensor<1x8x256xf32>) outs(%zs : tensor<1x8x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %v = arith.addf %in, %acc : f32
    linalg.yield %v : f32
  } -> tensor<1x8x1xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ss : tensor<1x8x1xf32>) outs(%es : tensor<1x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %n : f32
    %me = arith.addf %m, %eps : f32
    %v = math.rsqrt %me : f32
    linalg.yield %v : f32
  } -> tensor<1x8x1xf32>
  %y32 = linalg.generic {indexing_maps = [#id3, #bc3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x32, %r : tensor<1x8x256xf32>, tensor<1x8x1xf32>) outs(%e32 : tensor<1x8x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %v = arith.mulf %in, %s : f32
    linalg.yield %v : f32
  } -> tensor<1x8x256xf32>
  %eb = tensor.empty() : tensor<1x8x256xbf16>
  %yb = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d2)>, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y32, %g : tensor<1x8x256xf32>, tensor<256xbf16>) outs(%eb : tensor<1x8x256xbf16>) {
  ^bb0(%in: f32, %gi: bf16, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    %v = arith.mulf %t, %gi : bf16
    linalg.yield %v : bf16
  } -> tensor<1x8x256xbf16>
  %h = tensor.collapse_shape %yb [[0, 1], [2]] : tensor<1x8x256xbf16> into tensor<8x256xbf16>
  %zb = arith.constant 0.0 : bf16
  %ey = tensor.empty() : tensor<8x256xbf16>
  %acc = linalg.fill ins(%zb : bf16) outs(%ey : tensor<8x256xbf16>) -> tensor<8x256xbf16>
  %y = linalg.matmul ins(%h, %w : tensor<8x256xbf16>, tensor<256x256xbf16>) outs(%acc : tensor<8x256xbf16>) -> tensor<8x256xbf16>
  return %y : tensor<8x256xbf16>
}
