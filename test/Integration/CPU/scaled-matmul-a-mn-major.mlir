// fp8q.scaled_matmul with a_scale_layout = mn_major (a_scale [K/G, M]), run
// on the CPU (--fp8q-cpu-pipeline, mlir-runner) next to the default k_major
// op. Deterministic pseudo-random E4M3 codes (NaN codes excluded) and
// positive scales 2^e * (1 + m/16) varying per element; M and N are not
// multiples of 128 and K spans 2 or 3 groups. Per case the mn_major op reads
// linalg.transpose of the k_major op's a_scale, and the results must be bit
// for bit those of the k_major op. Printed per case:
//   [mismatching elements (0), non-finite elements (0),
//    control: mismatching elements when the mn_major op instead reads the
//    k_major scales merely reshaped to [K/G, M] (no transpose)]
// The control is nonzero: the results depend on which scale goes with
// which (row, group), so an op that read the [K/G, M] array in any other
// order than a_scale[kb, m] (e.g. as if it were [M, K/G]) would mismatch.
// Cases:
//   1. 128x128 weight blocks, bf16 result, M=130 N=200 K=384;
//   2. the same operands with an f32 result accumulated into C;
//   3. the Wgrad form (b_tile 1x128, per-row B scales), f32 accumulate,
//      M=70 N=150 K=256;
//   4. Wgrad form, bf16 result accumulated into a bf16 C, M=37 N=129 K=384;
//   5. the producer side: an f32 activation [100, 256] quantized 1x128 once
//      with k_major and once with scale_layout = mn_major scales, each fed
//      to the GEMM of its layout (weights quantized 128x128, N=140).
//
// RUN: fp8-opt %s --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
//
// test/Integration/GPU/scaled-matmul-a-mn-major-mock.test runs this program
// through the GPU pipeline (gemm=wgmma: the `_amn` kernels) on the mock CUDA
// driver.

func.func private @printMemrefI32(tensor<*xi32>)

// A 32-bit mix of (i, j, seed).
func.func @hash(%i0: index, %j0: index, %seed: i32) -> i32 {
  %i = arith.index_cast %i0 : index to i32
  %j = arith.index_cast %j0 : index to i32
  %p1 = arith.constant 73856093 : i32
  %p2 = arith.constant 19349663 : i32
  %p3 = arith.constant 83492791 : i32
  %m = arith.constant 1540483477 : i32
  %c13 = arith.constant 13 : i32
  %c15 = arith.constant 15 : i32
  %a = arith.muli %i, %p1 : i32
  %b = arith.muli %j, %p2 : i32
  %c = arith.muli %seed, %p3 : i32
  %x0 = arith.xori %a, %b : i32
  %x1 = arith.xori %x0, %c : i32
  %s1 = arith.shrui %x1, %c13 : i32
  %x2 = arith.xori %x1, %s1 : i32
  %x3 = arith.muli %x2, %m : i32
  %s2 = arith.shrui %x3, %c15 : i32
  %x4 = arith.xori %x3, %s2 : i32
  %x5 = arith.muli %x4, %m : i32
  %s3 = arith.shrui %x5, %c13 : i32
  %x6 = arith.xori %x5, %s3 : i32
  return %x6 : i32
}

// Random E4M3 codes; the NaN codes (0x7F, 0xFF) become 0.
func.func @codes(%rows: index, %cols: index, %seed: i32) -> tensor<?x?xf8E4M3FN> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf8E4M3FN>
  %q = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf8E4M3FN>) {
  ^bb0(%o: f8E4M3FN):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %h = func.call @hash(%i, %j, %seed) : (index, index, i32) -> i32
    %c8 = arith.constant 8 : i32
    %hs = arith.shrui %h, %c8 : i32
    %b = arith.trunci %hs : i32 to i8
    %mask = arith.constant 127 : i8
    %mag = arith.andi %b, %mask : i8
    %nan = arith.cmpi eq, %mag, %mask : i8
    %zero = arith.constant 0 : i8
    %v = arith.select %nan, %zero, %b : i8
    %f = arith.bitcast %v : i8 to f8E4M3FN
    linalg.yield %f : f8E4M3FN
  } -> tensor<?x?xf8E4M3FN>
  return %q : tensor<?x?xf8E4M3FN>
}

// Random positive scales 2^e * (1 + m/16), e in [-12, 0], m in [0, 15].
func.func @scales(%rows: index, %cols: index, %seed: i32) -> tensor<?x?xf32> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %h = func.call @hash(%i, %j, %seed) : (index, index, i32) -> i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c13 = arith.constant 13 : i32
    %c15 = arith.constant 15 : i32
    %c19 = arith.constant 19 : i32
    %c23 = arith.constant 23 : i32
    %c115 = arith.constant 115 : i32
    %hm = arith.shrui %h, %c4 : i32
    %mant = arith.andi %hm, %c15 : i32
    %he = arith.shrui %h, %c8 : i32
    %er = arith.remui %he, %c13 : i32
    %exp = arith.addi %er, %c115 : i32
    %eb = arith.shli %exp, %c23 : i32
    %mb = arith.shli %mant, %c19 : i32
    %bits = arith.ori %eb, %mb : i32
    %f = arith.bitcast %bits : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

// Random f32 values of both signs, |v| in [2^-4, 2^4).
func.func @values(%rows: index, %cols: index, %seed: i32) -> tensor<?x?xf32> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %h = func.call @hash(%i, %j, %seed) : (index, index, i32) -> i32
    %c7 = arith.constant 7 : i32
    %c9 = arith.constant 9 : i32
    %c23 = arith.constant 23 : i32
    %c123 = arith.constant 123 : i32
    %mmask = arith.constant 8388607 : i32
    %smask = arith.constant -2147483648 : i32
    %mant = arith.andi %h, %mmask : i32
    %sign = arith.andi %h, %smask : i32
    %hs = arith.shrui %h, %c23 : i32
    %er = arith.andi %hs, %c7 : i32
    %exp = arith.addi %er, %c123 : i32
    %eb = arith.shli %exp, %c23 : i32
    %b0 = arith.ori %eb, %mant : i32
    %bits = arith.ori %b0, %sign : i32
    %f = arith.bitcast %bits : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

// Random bf16 values (the high halves of @values).
func.func @values_bf16(%rows: index, %cols: index, %seed: i32) -> tensor<?x?xbf16> {
  %v = call @values(%rows, %cols, %seed) : (index, index, i32) -> tensor<?x?xf32>
  %e = tensor.empty(%rows, %cols) : tensor<?x?xbf16>
  %b = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<?x?xf32>) outs(%e : tensor<?x?xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %bits = arith.bitcast %x : f32 to i32
    %c16 = arith.constant 16 : i32
    %hi = arith.shrui %bits, %c16 : i32
    %h16 = arith.trunci %hi : i32 to i16
    %r = arith.bitcast %h16 : i16 to bf16
    linalg.yield %r : bf16
  } -> tensor<?x?xbf16>
  return %b : tensor<?x?xbf16>
}

// [mismatching bits of x vs y, non-finite elements of y, mismatching bits of
// x vs the control c].
func.func @report_f32(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %c: tensor<?x?xf32>) {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %n = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, j)>,
                       affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (k)>],
      iterator_types = ["reduction", "reduction", "parallel"]}
      ins(%x, %y, %c : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%init : tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32, %cv: f32, %acc: i32):
    %k = linalg.index 2 : index
    %ab = arith.bitcast %a : f32 to i32
    %bb = arith.bitcast %b : f32 to i32
    %cb = arith.bitcast %cv : f32 to i32
    %emask = arith.constant 2139095040 : i32
    %be = arith.andi %bb, %emask : i32
    %d0 = arith.cmpi ne, %ab, %bb : i32
    %d1 = arith.cmpi eq, %be, %emask : i32
    %d2 = arith.cmpi ne, %ab, %cb : i32
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %is0 = arith.cmpi eq, %k, %i0 : index
    %is1 = arith.cmpi eq, %k, %i1 : index
    %s12 = arith.select %is1, %d1, %d2 : i1
    %d = arith.select %is0, %d0, %s12 : i1
    %inc = arith.extui %d : i1 to i32
    %s = arith.addi %acc, %inc : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  %u = tensor.cast %n : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @report_bf16(%x: tensor<?x?xbf16>, %y: tensor<?x?xbf16>, %c: tensor<?x?xbf16>) {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %n = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, j)>,
                       affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (k)>],
      iterator_types = ["reduction", "reduction", "parallel"]}
      ins(%x, %y, %c : tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>)
      outs(%init : tensor<3xi32>) {
  ^bb0(%a: bf16, %b: bf16, %cv: bf16, %acc: i32):
    %k = linalg.index 2 : index
    %ab = arith.bitcast %a : bf16 to i16
    %bb = arith.bitcast %b : bf16 to i16
    %cb = arith.bitcast %cv : bf16 to i16
    %emask = arith.constant 32640 : i16
    %be = arith.andi %bb, %emask : i16
    %d0 = arith.cmpi ne, %ab, %bb : i16
    %d1 = arith.cmpi eq, %be, %emask : i16
    %d2 = arith.cmpi ne, %ab, %cb : i16
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %is0 = arith.cmpi eq, %k, %i0 : index
    %is1 = arith.cmpi eq, %k, %i1 : index
    %s12 = arith.select %is1, %d1, %d2 : i1
    %d = arith.select %is0, %d0, %s12 : i1
    %inc = arith.extui %d : i1 to i32
    %s = arith.addi %acc, %inc : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  %u = tensor.cast %n : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// Cases 1 and 2: 128x128 weight blocks, M=130 N=200 K=384 (3 groups).
func.func @blocks() {
  %m = arith.constant 130 : index
  %n = arith.constant 200 : index
  %k = arith.constant 384 : index
  %g = arith.constant 3 : index
  %nb = arith.constant 2 : index
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %s3 = arith.constant 3 : i32
  %s4 = arith.constant 4 : i32
  %s5 = arith.constant 5 : i32
  %ad = call @codes(%m, %k, %s1) : (index, index, i32) -> tensor<?x?xf8E4M3FN>
  %bd = call @codes(%n, %k, %s2) : (index, index, i32) -> tensor<?x?xf8E4M3FN>
  %sad = call @scales(%m, %g, %s3) : (index, index, i32) -> tensor<?x?xf32>
  %sbd = call @scales(%nb, %g, %s4) : (index, index, i32) -> tensor<?x?xf32>
  %cd = call @values(%m, %n, %s5) : (index, index, i32) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf8E4M3FN> to tensor<130x384xf8E4M3FN>
  %b = tensor.cast %bd : tensor<?x?xf8E4M3FN> to tensor<200x384xf8E4M3FN>
  %sa = tensor.cast %sad : tensor<?x?xf32> to tensor<130x3xf32>
  %sb = tensor.cast %sbd : tensor<?x?xf32> to tensor<2x3xf32>
  %c = tensor.cast %cd : tensor<?x?xf32> to tensor<130x200xf32>
  // mn_major scales: the transpose; the control: the same floats reshaped.
  %t0 = tensor.empty() : tensor<3x130xf32>
  %sat = linalg.transpose ins(%sa : tensor<130x3xf32>) outs(%t0 : tensor<3x130xf32>)
      permutation = [1, 0]
  %flat = tensor.collapse_shape %sa [[0, 1]] : tensor<130x3xf32> into tensor<390xf32>
  %sar = tensor.expand_shape %flat [[0, 1]] output_shape [3, 130]
      : tensor<390xf32> into tensor<3x130xf32>

  %y0 = tensor.empty() : tensor<130x200xbf16>
  %yk = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0)
      : tensor<130x384xf8E4M3FN>, tensor<130x3xf32>, tensor<200x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<130x200xbf16>
  %ym = fp8q.scaled_matmul %a, %sat, %b, %sb outs(%y0) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x384xf8E4M3FN>, tensor<3x130xf32>, tensor<200x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<130x200xbf16>
  %yc = fp8q.scaled_matmul %a, %sar, %b, %sb outs(%y0) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x384xf8E4M3FN>, tensor<3x130xf32>, tensor<200x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<130x200xbf16>
  %r1 = tensor.cast %yk : tensor<130x200xbf16> to tensor<?x?xbf16>
  %r2 = tensor.cast %ym : tensor<130x200xbf16> to tensor<?x?xbf16>
  %r3 = tensor.cast %yc : tensor<130x200xbf16> to tensor<?x?xbf16>
  call @report_bf16(%r1, %r2, %r3) : (tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>) -> ()

  %fk = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {accumulate}
      : tensor<130x384xf8E4M3FN>, tensor<130x3xf32>, tensor<200x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<130x200xf32>
  %fm = fp8q.scaled_matmul %a, %sat, %b, %sb outs(%c) {accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x384xf8E4M3FN>, tensor<3x130xf32>, tensor<200x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<130x200xf32>
  %fc = fp8q.scaled_matmul %a, %sar, %b, %sb outs(%c) {accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x384xf8E4M3FN>, tensor<3x130xf32>, tensor<200x384xf8E4M3FN>, tensor<2x3xf32> -> tensor<130x200xf32>
  %q1 = tensor.cast %fk : tensor<130x200xf32> to tensor<?x?xf32>
  %q2 = tensor.cast %fm : tensor<130x200xf32> to tensor<?x?xf32>
  %q3 = tensor.cast %fc : tensor<130x200xf32> to tensor<?x?xf32>
  call @report_f32(%q1, %q2, %q3) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  return
}

// Case 3: Wgrad (b_tile 1x128), f32 accumulate, M=70 N=150 K=256 (2 groups).
func.func @wgrad_f32() {
  %m = arith.constant 70 : index
  %n = arith.constant 150 : index
  %k = arith.constant 256 : index
  %g = arith.constant 2 : index
  %s1 = arith.constant 11 : i32
  %s2 = arith.constant 12 : i32
  %s3 = arith.constant 13 : i32
  %s4 = arith.constant 14 : i32
  %s5 = arith.constant 15 : i32
  %ad = call @codes(%m, %k, %s1) : (index, index, i32) -> tensor<?x?xf8E4M3FN>
  %bd = call @codes(%n, %k, %s2) : (index, index, i32) -> tensor<?x?xf8E4M3FN>
  %sad = call @scales(%m, %g, %s3) : (index, index, i32) -> tensor<?x?xf32>
  %sbd = call @scales(%n, %g, %s4) : (index, index, i32) -> tensor<?x?xf32>
  %cd = call @values(%m, %n, %s5) : (index, index, i32) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf8E4M3FN> to tensor<70x256xf8E4M3FN>
  %b = tensor.cast %bd : tensor<?x?xf8E4M3FN> to tensor<150x256xf8E4M3FN>
  %sa = tensor.cast %sad : tensor<?x?xf32> to tensor<70x2xf32>
  %sb = tensor.cast %sbd : tensor<?x?xf32> to tensor<150x2xf32>
  %c = tensor.cast %cd : tensor<?x?xf32> to tensor<70x150xf32>
  %t0 = tensor.empty() : tensor<2x70xf32>
  %sat = linalg.transpose ins(%sa : tensor<70x2xf32>) outs(%t0 : tensor<2x70xf32>)
      permutation = [1, 0]
  %flat = tensor.collapse_shape %sa [[0, 1]] : tensor<70x2xf32> into tensor<140xf32>
  %sar = tensor.expand_shape %flat [[0, 1]] output_shape [2, 70]
      : tensor<140xf32> into tensor<2x70xf32>
  %yk = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {b_tile = #fp8q.tile<1x128>, accumulate}
      : tensor<70x256xf8E4M3FN>, tensor<70x2xf32>, tensor<150x256xf8E4M3FN>, tensor<150x2xf32> -> tensor<70x150xf32>
  %ym = fp8q.scaled_matmul %a, %sat, %b, %sb outs(%c)
      {b_tile = #fp8q.tile<1x128>, accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<70x256xf8E4M3FN>, tensor<2x70xf32>, tensor<150x256xf8E4M3FN>, tensor<150x2xf32> -> tensor<70x150xf32>
  %yc = fp8q.scaled_matmul %a, %sar, %b, %sb outs(%c)
      {b_tile = #fp8q.tile<1x128>, accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<70x256xf8E4M3FN>, tensor<2x70xf32>, tensor<150x256xf8E4M3FN>, tensor<150x2xf32> -> tensor<70x150xf32>
  %r1 = tensor.cast %yk : tensor<70x150xf32> to tensor<?x?xf32>
  %r2 = tensor.cast %ym : tensor<70x150xf32> to tensor<?x?xf32>
  %r3 = tensor.cast %yc : tensor<70x150xf32> to tensor<?x?xf32>
  call @report_f32(%r1, %r2, %r3) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  return
}

// Case 4: Wgrad, bf16 accumulate, M=37 N=129 K=384 (3 groups).
func.func @wgrad_bf16() {
  %m = arith.constant 37 : index
  %n = arith.constant 129 : index
  %k = arith.constant 384 : index
  %g = arith.constant 3 : index
  %s1 = arith.constant 21 : i32
  %s2 = arith.constant 22 : i32
  %s3 = arith.constant 23 : i32
  %s4 = arith.constant 24 : i32
  %s5 = arith.constant 25 : i32
  %ad = call @codes(%m, %k, %s1) : (index, index, i32) -> tensor<?x?xf8E4M3FN>
  %bd = call @codes(%n, %k, %s2) : (index, index, i32) -> tensor<?x?xf8E4M3FN>
  %sad = call @scales(%m, %g, %s3) : (index, index, i32) -> tensor<?x?xf32>
  %sbd = call @scales(%n, %g, %s4) : (index, index, i32) -> tensor<?x?xf32>
  %cd = call @values_bf16(%m, %n, %s5) : (index, index, i32) -> tensor<?x?xbf16>
  %a = tensor.cast %ad : tensor<?x?xf8E4M3FN> to tensor<37x384xf8E4M3FN>
  %b = tensor.cast %bd : tensor<?x?xf8E4M3FN> to tensor<129x384xf8E4M3FN>
  %sa = tensor.cast %sad : tensor<?x?xf32> to tensor<37x3xf32>
  %sb = tensor.cast %sbd : tensor<?x?xf32> to tensor<129x3xf32>
  %c = tensor.cast %cd : tensor<?x?xbf16> to tensor<37x129xbf16>
  %t0 = tensor.empty() : tensor<3x37xf32>
  %sat = linalg.transpose ins(%sa : tensor<37x3xf32>) outs(%t0 : tensor<3x37xf32>)
      permutation = [1, 0]
  %flat = tensor.collapse_shape %sa [[0, 1]] : tensor<37x3xf32> into tensor<111xf32>
  %sar = tensor.expand_shape %flat [[0, 1]] output_shape [3, 37]
      : tensor<111xf32> into tensor<3x37xf32>
  %yk = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%c) {b_tile = #fp8q.tile<1x128>, accumulate}
      : tensor<37x384xf8E4M3FN>, tensor<37x3xf32>, tensor<129x384xf8E4M3FN>, tensor<129x3xf32> -> tensor<37x129xbf16>
  %ym = fp8q.scaled_matmul %a, %sat, %b, %sb outs(%c)
      {b_tile = #fp8q.tile<1x128>, accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<37x384xf8E4M3FN>, tensor<3x37xf32>, tensor<129x384xf8E4M3FN>, tensor<129x3xf32> -> tensor<37x129xbf16>
  %yc = fp8q.scaled_matmul %a, %sar, %b, %sb outs(%c)
      {b_tile = #fp8q.tile<1x128>, accumulate, a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<37x384xf8E4M3FN>, tensor<3x37xf32>, tensor<129x384xf8E4M3FN>, tensor<129x3xf32> -> tensor<37x129xbf16>
  %r1 = tensor.cast %yk : tensor<37x129xbf16> to tensor<?x?xbf16>
  %r2 = tensor.cast %ym : tensor<37x129xbf16> to tensor<?x?xbf16>
  %r3 = tensor.cast %yc : tensor<37x129xbf16> to tensor<?x?xbf16>
  call @report_bf16(%r1, %r2, %r3) : (tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>) -> ()
  return
}

// Case 5: quantize 1x128 in both layouts, then the GEMM of each layout.
func.func @quantized() {
  %m = arith.constant 100 : index
  %n = arith.constant 140 : index
  %k = arith.constant 256 : index
  %s1 = arith.constant 31 : i32
  %s2 = arith.constant 32 : i32
  %xd = call @values(%m, %k, %s1) : (index, index, i32) -> tensor<?x?xf32>
  %wd = call @values(%n, %k, %s2) : (index, index, i32) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<100x256xf32>
  %w = tensor.cast %wd : tensor<?x?xf32> to tensor<140x256xf32>
  %qw0 = tensor.empty() : tensor<140x256xf8E4M3FN>
  %sw0 = tensor.empty() : tensor<2x2xf32>
  %qw, %sw = fp8q.quantize %w outs(%qw0, %sw0) {tile = #fp8q.tile<128x128>}
      : tensor<140x256xf32> -> tensor<140x256xf8E4M3FN>, tensor<2x2xf32>
  %qx0 = tensor.empty() : tensor<100x256xf8E4M3FN>
  %sk0 = tensor.empty() : tensor<100x2xf32>
  %sm0 = tensor.empty() : tensor<2x100xf32>
  %qk, %sk = fp8q.quantize %x outs(%qx0, %sk0) {tile = #fp8q.tile<1x128>}
      : tensor<100x256xf32> -> tensor<100x256xf8E4M3FN>, tensor<100x2xf32>
  %qm, %sm = fp8q.quantize %x outs(%qx0, %sm0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<100x256xf32> -> tensor<100x256xf8E4M3FN>, tensor<2x100xf32>
  %flat = tensor.collapse_shape %sk [[0, 1]] : tensor<100x2xf32> into tensor<200xf32>
  %sr = tensor.expand_shape %flat [[0, 1]] output_shape [2, 100]
      : tensor<200xf32> into tensor<2x100xf32>
  %y0 = tensor.empty() : tensor<100x140xbf16>
  %yk = fp8q.scaled_matmul %qk, %sk, %qw, %sw outs(%y0)
      : tensor<100x256xf8E4M3FN>, tensor<100x2xf32>, tensor<140x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<100x140xbf16>
  %ym = fp8q.scaled_matmul %qm, %sm, %qw, %sw outs(%y0) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<100x256xf8E4M3FN>, tensor<2x100xf32>, tensor<140x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<100x140xbf16>
  %yc = fp8q.scaled_matmul %qm, %sr, %qw, %sw outs(%y0) {a_scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<100x256xf8E4M3FN>, tensor<2x100xf32>, tensor<140x256xf8E4M3FN>, tensor<2x2xf32> -> tensor<100x140xbf16>
  %r1 = tensor.cast %yk : tensor<100x140xbf16> to tensor<?x?xbf16>
  %r2 = tensor.cast %ym : tensor<100x140xbf16> to tensor<?x?xbf16>
  %r3 = tensor.cast %yc : tensor<100x140xbf16> to tensor<?x?xbf16>
  call @report_bf16(%r1, %r2, %r3) : (tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>) -> ()
  return
}

func.func @main() {
  // Of 130 x 200 = 26000 elements (bf16, then f32 accumulate).
  // CHECK: sizes = [3]
  // CHECK-NEXT: [0, 0, 25976]
  // CHECK: sizes = [3]
  // CHECK-NEXT: [0, 0, 26000]
  call @blocks() : () -> ()
  // Of 70 x 150 = 10500.
  // CHECK: sizes = [3]
  // CHECK-NEXT: [0, 0, 10500]
  call @wgrad_f32() : () -> ()
  // Of 37 x 129 = 4773.
  // CHECK: sizes = [3]
  // CHECK-NEXT: [0, 0, 4764]
  call @wgrad_bf16() : () -> ()
  // Of 100 x 140 = 14000.
  // CHECK: sizes = [3]
  // CHECK-NEXT: [0, 0, 12993]
  // CHECK-NOT: sizes =
  call @quantized() : () -> ()
  return
}
