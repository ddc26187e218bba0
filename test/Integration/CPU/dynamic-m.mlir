// A linear layer on a dynamic number of tokens M, as the quantize-model pass
// leaves it for a graph exported with a dynamic batch or sequence: the
// activation x : tensor<?x256xf32> is quantized 1x128 into buffers from
// tensor.empty(M), the static weight w [256, 256] 128x128 (pow2), and
// scaled_matmul gives y : tensor<?x256xf32>. Run on the CPU
// (--fp8q-cpu-pipeline, mlir-runner) for M = 130 (a tile and a tail), 1 and
// 0 with pseudo-random inputs; printed:
//   [mismatches of y (M = 130) vs. the same layer with static shapes (0),
//    mismatches of y (M = 1) vs. row 0 of y (M = 130) (0) -- 1x128
//    activation tiles make a row's result independent of the others,
//    non-finite elements of y (M = 130) (0),
//    rows of y for M = 0 (0)]
// then y for M = 1 and y for M = 130.
// The entry @wrong_scale calls the GEMM with an a_scale of M + 1 rows: the
// run-time extent check stops the program with its message.
//
// RUN: fp8-opt %s --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: fp8-opt %s --fp8q-cpu-pipeline \
// RUN: | not --crash mlir-runner -e wrong_scale -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=WRONG
//
// test/Integration/GPU/dynamic-m-mock.test runs this program through the
// GPU pipeline (default and gemm=wgmma) on the mock CUDA driver.

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)

// Pseudo-random f32 in about (-8, 8) from (i, j, seed), scaled per row by
// 2^(i mod 16 - 8).
func.func @values(%rows: index, %cols: index, %seed: i32) -> tensor<?x?xf32> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i0 = linalg.index 0 : index
    %j0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %j = arith.index_cast %j0 : index to i32
    %p1 = arith.constant 73856093 : i32
    %p2 = arith.constant 19349663 : i32
    %p3 = arith.constant 83492791 : i32
    %mix = arith.constant 1540483477 : i32
    %c13 = arith.constant 13 : i32
    %a = arith.muli %i, %p1 : i32
    %b = arith.muli %j, %p2 : i32
    %c = arith.muli %seed, %p3 : i32
    %x0 = arith.xori %a, %b : i32
    %x1 = arith.xori %x0, %c : i32
    %x2 = arith.muli %x1, %mix : i32
    %s1 = arith.shrui %x2, %c13 : i32
    %x3 = arith.xori %x2, %s1 : i32
    %x4 = arith.muli %x3, %mix : i32
    %c16 = arith.constant 16 : i32
    %hi = arith.shrsi %x4, %c16 : i32
    %f = arith.sitofp %hi : i32 to f32
    %unit = arith.constant 2.44140625e-4 : f32  // 2^-12
    %v = arith.mulf %f, %unit : f32
    %c15 = arith.constant 15 : i32
    %c8 = arith.constant 8 : i32
    %r = arith.andi %i, %c15 : i32
    %e8 = arith.subi %r, %c8 : i32
    %ef = arith.sitofp %e8 : i32 to f32
    %scale = math.exp2 %ef : f32
    %y = arith.mulf %v, %scale : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  return %x : tensor<?x?xf32>
}

// The layer with a dynamic M.
func.func @linear(%x: tensor<?x256xf32>, %w: tensor<256x256xf32>) -> tensor<?x256xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x256xf32>
  %qx0 = tensor.empty(%m) : tensor<?x256xf8E4M3FN>
  %sx0 = tensor.empty(%m) : tensor<?x2xf32>
  %qx, %sx = fp8q.quantize %x outs(%qx0, %sx0) {tile = #fp8q.tile<1x128>}
      : tensor<?x256xf32> -> tensor<?x256xf8E4M3FN>, tensor<?x2xf32>
  %qw0 = tensor.empty() : tensor<256x256xf8E4M3FN>
  %sw0 = tensor.empty() : tensor<2x2xf32>
  %qw, %sw = fp8q.quantize %w outs(%qw0, %sw0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<2x2xf32>
  %y0 = tensor.empty(%m) : tensor<?x256xf32>
  %y = fp8q.scaled_matmul %qx, %sx, %qw, %sw outs(%y0)
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<256x256xf8E4M3FN>,
        tensor<2x2xf32> -> tensor<?x256xf32>
  return %y : tensor<?x256xf32>
}

// The same layer with static shapes (M = 130).
func.func @linear_static(%x: tensor<130x256xf32>, %w: tensor<256x256xf32>) -> tensor<130x256xf32> {
  %qx0 = tensor.empty() : tensor<130x256xf8E4M3FN>
  %sx0 = tensor.empty() : tensor<130x2xf32>
  %qx, %sx = fp8q.quantize %x outs(%qx0, %sx0) {tile = #fp8q.tile<1x128>}
      : tensor<130x256xf32> -> tensor<130x256xf8E4M3FN>, tensor<130x2xf32>
  %qw0 = tensor.empty() : tensor<256x256xf8E4M3FN>
  %sw0 = tensor.empty() : tensor<2x2xf32>
  %qw, %sw = fp8q.quantize %w outs(%qw0, %sw0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<2x2xf32>
  %y0 = tensor.empty() : tensor<130x256xf32>
  %y = fp8q.scaled_matmul %qx, %sx, %qw, %sw outs(%y0)
      : tensor<130x256xf8E4M3FN>, tensor<130x2xf32>, tensor<256x256xf8E4M3FN>,
        tensor<2x2xf32> -> tensor<130x256xf32>
  return %y : tensor<130x256xf32>
}

// Elements of %a and %b whose bits differ, and non-finite elements of %a.
func.func @compare(%a: tensor<?x256xf32>, %b: tensor<?x256xf32>) -> (i32, i32) {
  %zero = arith.constant dense<0> : tensor<i32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%a, %b : tensor<?x256xf32>, tensor<?x256xf32>)
      outs(%zero, %zero : tensor<i32>, tensor<i32>) {
  ^bb0(%x: f32, %y: f32, %diff: i32, %bad: i32):
    %xb = arith.bitcast %x : f32 to i32
    %yb = arith.bitcast %y : f32 to i32
    %ne = arith.cmpi ne, %xb, %yb : i32
    %one = arith.extui %ne : i1 to i32
    %d = arith.addi %diff, %one : i32
    %inf = arith.constant 0x7F800000 : f32
    %abs = math.absf %x : f32
    %nonfinite = arith.cmpf uge, %abs, %inf : f32
    %two = arith.extui %nonfinite : i1 to i32
    %n = arith.addi %bad, %two : i32
    linalg.yield %d, %n : i32, i32
  } -> (tensor<i32>, tensor<i32>)
  %d = tensor.extract %r#0[] : tensor<i32>
  %n = tensor.extract %r#1[] : tensor<i32>
  return %d, %n : i32, i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c130 = arith.constant 130 : index
  %c256 = arith.constant 256 : index
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %xd = call @values(%c130, %c256, %s1) : (index, index, i32) -> tensor<?x?xf32>
  %wd = call @values(%c256, %c256, %s2) : (index, index, i32) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<?x256xf32>
  %w = tensor.cast %wd : tensor<?x?xf32> to tensor<256x256xf32>

  %y = call @linear(%x, %w) : (tensor<?x256xf32>, tensor<256x256xf32>) -> tensor<?x256xf32>
  %xs = tensor.cast %x : tensor<?x256xf32> to tensor<130x256xf32>
  %ys = call @linear_static(%xs, %w) : (tensor<130x256xf32>, tensor<256x256xf32>) -> tensor<130x256xf32>
  %ysd = tensor.cast %ys : tensor<130x256xf32> to tensor<?x256xf32>
  %d0, %n0 = call @compare(%y, %ysd) : (tensor<?x256xf32>, tensor<?x256xf32>) -> (i32, i32)

  %x1 = tensor.extract_slice %x[0, 0] [%c1, 256] [1, 1] : tensor<?x256xf32> to tensor<?x256xf32>
  %y1 = call @linear(%x1, %w) : (tensor<?x256xf32>, tensor<256x256xf32>) -> tensor<?x256xf32>
  %row0 = tensor.extract_slice %y[0, 0] [%c1, 256] [1, 1] : tensor<?x256xf32> to tensor<?x256xf32>
  %d1, %n1 = call @compare(%y1, %row0) : (tensor<?x256xf32>, tensor<?x256xf32>) -> (i32, i32)

  %x0 = tensor.extract_slice %x[0, 0] [%c0, 256] [1, 1] : tensor<?x256xf32> to tensor<?x256xf32>
  %y0 = call @linear(%x0, %w) : (tensor<?x256xf32>, tensor<256x256xf32>) -> tensor<?x256xf32>

  %rows0 = tensor.dim %y0, %c0 : tensor<?x256xf32>
  %rows0i = arith.index_cast %rows0 : index to i32
  %counts = tensor.from_elements %d0, %d1, %n0, %rows0i : tensor<4xi32>
  %cu = tensor.cast %counts : tensor<4xi32> to tensor<*xi32>
  call @printMemrefI32(%cu) : (tensor<*xi32>) -> ()
  %y1u = tensor.cast %y1 : tensor<?x256xf32> to tensor<*xf32>
  call @printMemrefF32(%y1u) : (tensor<*xf32>) -> ()
  %yu = tensor.cast %y : tensor<?x256xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}

// CHECK: sizes = [4]
// CHECK-NEXT: [0,  0,  0,  0]
// CHECK: sizes = [1, 256]
// CHECK-NOT: nan
// CHECK-NOT: inf
// CHECK: sizes = [130, 256]

// The GEMM on quantized operands whose a_scale has one row too many.
func.func @gemm(%qa: tensor<?x256xf8E4M3FN>, %sa: tensor<?x2xf32>,
                %qb: tensor<256x256xf8E4M3FN>, %sb: tensor<2x2xf32>) -> tensor<?x256xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %qa, %c0 : tensor<?x256xf8E4M3FN>
  %y0 = tensor.empty(%m) : tensor<?x256xf32>
  // WRONG: fp8q.scaled_matmul ({{.*}}dynamic-m.mlir:[[@LINE+1]]:{{[0-9]+}}): extent 0 of a_scale must equal M (from extent 0 of a)
  %y = fp8q.scaled_matmul %qa, %sa, %qb, %sb outs(%y0)
      : tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<256x256xf8E4M3FN>,
        tensor<2x2xf32> -> tensor<?x256xf32>
  return %y : tensor<?x256xf32>
}

func.func @wrong_scale() {
  %c130 = arith.constant 130 : index
  %c256 = arith.constant 256 : index
  %s1 = arith.constant 1 : i32
  %xd = call @values(%c130, %c256, %s1) : (index, index, i32) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<130x256xf32>
  %qx0 = tensor.empty() : tensor<130x256xf8E4M3FN>
  %sx0 = tensor.empty() : tensor<130x2xf32>
  %qx, %sx = fp8q.quantize %x outs(%qx0, %sx0) {tile = #fp8q.tile<1x128>}
      : tensor<130x256xf32> -> tensor<130x256xf8E4M3FN>, tensor<130x2xf32>
  %qw0 = tensor.empty() : tensor<256x256xf8E4M3FN>
  %sw0 = tensor.empty() : tensor<2x2xf32>
  %wf = tensor.empty() : tensor<256x256xf32>
  %one = arith.constant 1.0 : f32
  %wfill = linalg.fill ins(%one : f32) outs(%wf : tensor<256x256xf32>) -> tensor<256x256xf32>
  %qw, %sw = fp8q.quantize %wfill outs(%qw0, %sw0) {tile = #fp8q.tile<128x128>}
      : tensor<256x256xf32> -> tensor<256x256xf8E4M3FN>, tensor<2x2xf32>
  // a: the first 129 rows; a_scale: all 130.
  %qa = tensor.extract_slice %qx[0, 0] [129, 256] [1, 1] : tensor<130x256xf8E4M3FN> to tensor<129x256xf8E4M3FN>
  %qad = tensor.cast %qa : tensor<129x256xf8E4M3FN> to tensor<?x256xf8E4M3FN>
  %sad = tensor.cast %sx : tensor<130x2xf32> to tensor<?x2xf32>
  %y = call @gemm(%qad, %sad, %qw, %sw) : (tensor<?x256xf8E4M3FN>, tensor<?x2xf32>, tensor<256x256xf8E4M3FN>, tensor<2x2xf32>) -> tensor<?x256xf32>
  %yu = tensor.cast %y : tensor<?x256xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}
// WRONG-NOT: sizes =
