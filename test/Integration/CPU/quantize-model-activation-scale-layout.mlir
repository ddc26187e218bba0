// A small model graph after --fp8q-quantize-model with
// activation-scale-layout=k-major and =mn-major, each lowered with
// --fp8q-cpu-pipeline and executed: the outputs must be bit-identical (the
// mn_major scales hold the same values, transposed, and the GEMM reads them
// so). The graph: a torch-style 3-D Linear with bias (x [2, 24, 384] against
// W1 [256, 384], transposed and broadcast by a linalg.generic), tanh, and a
// 2-D Linear (h [48, 256] against W2 [200, 256] through linalg.transpose,
// an N tail); main prints the raw bits of the [48, 200] result. The f32 graph (not quantized) gives a
// different result, so the quantized ones are not trivially equal to it.
//
// RUN: fp8-opt %s --fp8q-quantize-model="activation-scale-layout=k-major" -o %t.k.mlir
// RUN: fp8-opt %s --fp8q-quantize-model="activation-scale-layout=mn-major" -o %t.mn.mlir
// RUN: grep -c "fp8q.scaled_matmul .*{a_scale_layout = #fp8q.scale_layout<mn_major>" %t.mn.mlir | FileCheck %s --check-prefix=GEMMS
// RUN: grep -c "fp8q.quantize .*{scale_layout = #fp8q.scale_layout<mn_major>, tile = #fp8q.tile<1x128>}" %t.mn.mlir | FileCheck %s --check-prefix=GEMMS
// RUN: not grep "scale_layout" %t.k.mlir
// RUN: fp8-opt %t.k.mlir --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.k.txt
// RUN: fp8-opt %t.mn.mlir --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.mn.txt
// RUN: fp8-opt %s --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.f32.txt
// RUN: FileCheck %s < %t.mn.txt
// RUN: diff %t.k.txt %t.mn.txt
// RUN: not diff -q %t.k.txt %t.f32.txt
//
// test/Integration/GPU/quantize-model-activation-scale-layout-mock.test runs
// the mn-major graph through the GPU pipeline (gemm=wgmma) on the mock CUDA
// driver.

// GEMMS: 2
// CHECK: sizes = [48, 200]
// CHECK-NEXT: {{^}}[
// CHECK-NOT: sizes =

func.func private @printMemrefI32(tensor<*xi32>)

func.func @forward(%x: tensor<2x24x384xf32>, %w1: tensor<256x384xf32>, %b1: tensor<256xf32>,
                   %w2: tensor<200x256xf32>) -> tensor<48x200xf32> {
  %zero = arith.constant 0.0 : f32
  // Layer 1: x @ W1^T + b1, W1 transposed and broadcast over the batch.
  %eb = tensor.empty() : tensor<2x384x256xf32>
  %w1b = linalg.generic {
      indexing_maps = [affine_map<(b, k, n) -> (n, k)>, affine_map<(b, k, n) -> (b, k, n)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w1 : tensor<256x384xf32>) outs(%eb : tensor<2x384x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x384x256xf32>
  %e1 = tensor.empty() : tensor<2x24x256xf32>
  %a1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x24x256xf32>) -> tensor<2x24x256xf32>
  %mm1 = linalg.batch_matmul ins(%x, %w1b : tensor<2x24x384xf32>, tensor<2x384x256xf32>)
      outs(%a1 : tensor<2x24x256xf32>) -> tensor<2x24x256xf32>
  %h = linalg.generic {
      indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (j)>,
                       affine_map<(b, i, j) -> (b, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mm1, %b1 : tensor<2x24x256xf32>, tensor<256xf32>) outs(%e1 : tensor<2x24x256xf32>) {
  ^bb0(%m: f32, %bb: f32, %o: f32):
    %s = arith.addf %m, %bb : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<2x24x256xf32>
  // Layer 2: h @ W2^T.
  %h2 = tensor.collapse_shape %h [[0, 1], [2]] : tensor<2x24x256xf32> into tensor<48x256xf32>
  %et = tensor.empty() : tensor<256x200xf32>
  %w2t = linalg.transpose ins(%w2 : tensor<200x256xf32>) outs(%et : tensor<256x200xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<48x200xf32>
  %a2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<48x200xf32>) -> tensor<48x200xf32>
  %y = linalg.matmul ins(%h2, %w2t : tensor<48x256xf32>, tensor<256x200xf32>)
      outs(%a2 : tensor<48x200xf32>) -> tensor<48x200xf32>
  return %y : tensor<48x200xf32>
}

// Deterministic pseudo-random values of both signs, |v| in
// [2^-4, 2^4) * 2^shift, from a hash of (linear index, seed).
func.func @values(%n: index, %seed: i32, %shift: i32) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %v = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%e : tensor<?xf32>) {
  ^bb0(%o: f32):
    %i0 = linalg.index 0 : index
    %i = arith.index_cast %i0 : index to i32
    %p1 = arith.constant 73856093 : i32
    %p3 = arith.constant 83492791 : i32
    %m = arith.constant 1540483477 : i32
    %c13 = arith.constant 13 : i32
    %c15 = arith.constant 15 : i32
    %a = arith.muli %i, %p1 : i32
    %c = arith.muli %seed, %p3 : i32
    %x1 = arith.xori %a, %c : i32
    %s1 = arith.shrui %x1, %c13 : i32
    %x2 = arith.xori %x1, %s1 : i32
    %x3 = arith.muli %x2, %m : i32
    %s2 = arith.shrui %x3, %c15 : i32
    %x4 = arith.xori %x3, %s2 : i32
    %h = arith.muli %x4, %m : i32
    %c7 = arith.constant 7 : i32
    %c23 = arith.constant 23 : i32
    %c123 = arith.constant 123 : i32
    %mmask = arith.constant 8388607 : i32
    %smask = arith.constant -2147483648 : i32
    %mant = arith.andi %h, %mmask : i32
    %sign = arith.andi %h, %smask : i32
    %hs = arith.shrui %h, %c23 : i32
    %er = arith.andi %hs, %c7 : i32
    %e0 = arith.addi %er, %c123 : i32
    %exp = arith.addi %e0, %shift : i32
    %eb = arith.shli %exp, %c23 : i32
    %b0 = arith.ori %eb, %mant : i32
    %bits = arith.ori %b0, %sign : i32
    %f = arith.bitcast %bits : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?xf32>
  return %v : tensor<?xf32>
}

func.func @main() {
  %nx = arith.constant 18432 : index
  %nw1 = arith.constant 98304 : index
  %nb1 = arith.constant 256 : index
  %nw2 = arith.constant 51200 : index
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %s3 = arith.constant 3 : i32
  %s4 = arith.constant 4 : i32
  %k0 = arith.constant 0 : i32
  %km5 = arith.constant -5 : i32
  %km3 = arith.constant -3 : i32
  %xf = call @values(%nx, %s1, %k0) : (index, i32, i32) -> tensor<?xf32>
  %w1f = call @values(%nw1, %s2, %km5) : (index, i32, i32) -> tensor<?xf32>
  %b1f = call @values(%nb1, %s3, %km3) : (index, i32, i32) -> tensor<?xf32>
  %w2f = call @values(%nw2, %s4, %km5) : (index, i32, i32) -> tensor<?xf32>
  %xs = tensor.cast %xf : tensor<?xf32> to tensor<18432xf32>
  %w1s = tensor.cast %w1f : tensor<?xf32> to tensor<98304xf32>
  %b1 = tensor.cast %b1f : tensor<?xf32> to tensor<256xf32>
  %w2s = tensor.cast %w2f : tensor<?xf32> to tensor<51200xf32>
  %x = tensor.expand_shape %xs [[0, 1, 2]] output_shape [2, 24, 384]
      : tensor<18432xf32> into tensor<2x24x384xf32>
  %w1 = tensor.expand_shape %w1s [[0, 1]] output_shape [256, 384]
      : tensor<98304xf32> into tensor<256x384xf32>
  %w2 = tensor.expand_shape %w2s [[0, 1]] output_shape [200, 256]
      : tensor<51200xf32> into tensor<200x256xf32>
  %y = call @forward(%x, %w1, %b1, %w2)
      : (tensor<2x24x384xf32>, tensor<256x384xf32>, tensor<256xf32>, tensor<200x256xf32>) -> tensor<48x200xf32>
  %e = tensor.empty() : tensor<48x200xi32>
  %bits = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<48x200xf32>) outs(%e : tensor<48x200xi32>) {
  ^bb0(%v: f32, %o: i32):
    %b = arith.bitcast %v : f32 to i32
    linalg.yield %b : i32
  } -> tensor<48x200xi32>
  %u = tensor.cast %bits : tensor<48x200xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
