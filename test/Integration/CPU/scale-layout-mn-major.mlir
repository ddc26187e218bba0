// fp8q.quantize and fp8q.dequantize with scale_layout = mn_major, run on the
// CPU (--fp8q-cpu-pipeline, mlir-runner) next to the default k_major layout.
// One 130x300 f32 source (tails in both dimensions) of deterministic
// pseudo-random values of varied magnitude per tile, with an all-zero tile,
// a tile of huge values whose amax is 3e38 (coded as 448, the E4M3
// maximum), and a tile of values below eps (tiny normals and f32
// subnormals), is quantized with 1x128, 128x1 + transpose and 128x128
// (pow2) tiles in both layouts.
// Per tiling, compared bit for bit (counts of differing elements, all 0):
//   codes(mn_major) vs codes(k_major),
//   scales(mn_major) vs linalg.transpose(scales(k_major)),
//   dequantize(mn_major) vs dequantize(k_major).
// Then known scale values at transposed positions, and the control: read
// without the transpose, the mn_major scales do differ from the k_major
// ones (so the comparison above can fail).
//
// RUN: cat %S/Inputs/edge-source.mlir %s | fp8-opt --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
//
// The source and helpers are in Inputs/edge-source.mlir.
// test/Integration/GPU/scale-layout-mock.test runs this program through the
// GPU pipeline on the mock CUDA driver.

// [codes, scales vs transpose(k_major scales), dequantized] mismatch counts.
func.func @compare(%qk: tensor<?x?xf8E4M3FN>, %qm: tensor<?x?xf8E4M3FN>,
                   %skt: tensor<?x?xf32>, %sm: tensor<?x?xf32>,
                   %dk: tensor<?x?xf32>, %dm: tensor<?x?xf32>) {
  %c = call @mismatches_e4m3(%qk, %qm) : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) -> i32
  %s = call @mismatches_f32(%skt, %sm) : (tensor<?x?xf32>, tensor<?x?xf32>) -> i32
  %d = call @mismatches_f32(%dk, %dm) : (tensor<?x?xf32>, tensor<?x?xf32>) -> i32
  %t = tensor.from_elements %c, %s, %d : tensor<3xi32>
  call @print_i32(%t) : (tensor<3xi32>) -> ()
  return
}

func.func @main() {
  %x = call @source() : () -> tensor<130x300xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c128 = arith.constant 128 : index
  %c129 = arith.constant 129 : index

  // 1x128: k_major scales [130, 3], mn_major [3, 130].
  %q0 = tensor.empty() : tensor<130x300xf8E4M3FN>
  %rk0 = tensor.empty() : tensor<130x3xf32>
  %rm0 = tensor.empty() : tensor<3x130xf32>
  %rqk, %rsk = fp8q.quantize %x outs(%q0, %rk0) {tile = #fp8q.tile<1x128>}
      : tensor<130x300xf32> -> tensor<130x300xf8E4M3FN>, tensor<130x3xf32>
  %rqm, %rsm = fp8q.quantize %x outs(%q0, %rm0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x300xf32> -> tensor<130x300xf8E4M3FN>, tensor<3x130xf32>
  %rskt = linalg.transpose ins(%rsk : tensor<130x3xf32>) outs(%rm0 : tensor<3x130xf32>)
      permutation = [1, 0]
  %d0 = tensor.empty() : tensor<130x300xf32>
  %rdk = fp8q.dequantize %rqk, %rsk outs(%d0) {tile = #fp8q.tile<1x128>}
      : tensor<130x300xf8E4M3FN>, tensor<130x3xf32> -> tensor<130x300xf32>
  %rdm = fp8q.dequantize %rqm, %rsm outs(%d0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x300xf8E4M3FN>, tensor<3x130xf32> -> tensor<130x300xf32>
  %a1 = tensor.cast %rqk : tensor<130x300xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %a2 = tensor.cast %rqm : tensor<130x300xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %a3 = tensor.cast %rskt : tensor<3x130xf32> to tensor<?x?xf32>
  %a4 = tensor.cast %rsm : tensor<3x130xf32> to tensor<?x?xf32>
  %a5 = tensor.cast %rdk : tensor<130x300xf32> to tensor<?x?xf32>
  %a6 = tensor.cast %rdm : tensor<130x300xf32> to tensor<?x?xf32>
  // CHECK: data =
  // CHECK-NEXT: [0, 0, 0]
  call @compare(%a1, %a2, %a3, %a4, %a5, %a6)
      : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  // Scales at transposed positions, k_major [r, c] then mn_major [c, r]:
  // the 3e38 row tile (3e38 / 448), a row of subnormals (below eps) and the
  // zero tile (both eps / 448), and a tile of v (amax 120).
  %k1 = tensor.extract %rsk[%c129, %c0] : tensor<130x3xf32>
  %m1 = tensor.extract %rsm[%c0, %c129] : tensor<3x130xf32>
  %k2 = tensor.extract %rsk[%c5, %c1] : tensor<130x3xf32>
  %m2 = tensor.extract %rsm[%c1, %c5] : tensor<3x130xf32>
  %k3 = tensor.extract %rsk[%c128, %c2] : tensor<130x3xf32>
  %m3 = tensor.extract %rsm[%c2, %c128] : tensor<3x130xf32>
  %k4 = tensor.extract %rsk[%c7, %c0] : tensor<130x3xf32>
  %m4 = tensor.extract %rsm[%c0, %c7] : tensor<3x130xf32>
  %picked = tensor.from_elements %k1, %m1, %k2, %m2, %k3, %m3, %k4, %m4 : tensor<8xf32>
  %picked_u = tensor.cast %picked : tensor<8xf32> to tensor<*xf32>
  // CHECK: data =
  // CHECK-NEXT: [6.69643e+35, 6.69643e+35, 2.23214e-07, 2.23214e-07, 2.23214e-07, 2.23214e-07, 0.267857, 0.267857]
  call @printMemrefF32(%picked_u) : (tensor<*xf32>) -> ()
  // Codes at the E4M3 maximum (+-448, the amax elements of the tiles not
  // below eps, including the 3e38 one), the same in both layouts.
  %nk = call @count_max_codes(%a1) : (tensor<?x?xf8E4M3FN>) -> i32
  %nm = call @count_max_codes(%a2) : (tensor<?x?xf8E4M3FN>) -> i32
  %zi = arith.constant 0 : i32
  %nmax = tensor.from_elements %nk, %nm, %zi : tensor<3xi32>
  // CHECK: data =
  // CHECK-NEXT: [346, 346, 0]
  call @print_i32(%nmax) : (tensor<3xi32>) -> ()

  // 128x1 + transpose: codes [300, 130]; k_major scales [300, 2], mn_major
  // [2, 300]. The codes are dequantized in 1x128 tiles.
  %tq0 = tensor.empty() : tensor<300x130xf8E4M3FN>
  %tk0 = tensor.empty() : tensor<300x2xf32>
  %tm0 = tensor.empty() : tensor<2x300xf32>
  %tqk, %tsk = fp8q.quantize %x outs(%tq0, %tk0) {tile = #fp8q.tile<128x1>, transpose}
      : tensor<130x300xf32> -> tensor<300x130xf8E4M3FN>, tensor<300x2xf32>
  %tqm, %tsm = fp8q.quantize %x outs(%tq0, %tm0)
      {tile = #fp8q.tile<128x1>, transpose, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x300xf32> -> tensor<300x130xf8E4M3FN>, tensor<2x300xf32>
  %tskt = linalg.transpose ins(%tsk : tensor<300x2xf32>) outs(%tm0 : tensor<2x300xf32>)
      permutation = [1, 0]
  %td0 = tensor.empty() : tensor<300x130xf32>
  %tdk = fp8q.dequantize %tqk, %tsk outs(%td0) {tile = #fp8q.tile<1x128>}
      : tensor<300x130xf8E4M3FN>, tensor<300x2xf32> -> tensor<300x130xf32>
  %tdm = fp8q.dequantize %tqm, %tsm outs(%td0)
      {tile = #fp8q.tile<1x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<300x130xf8E4M3FN>, tensor<2x300xf32> -> tensor<300x130xf32>
  %b1 = tensor.cast %tqk : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %b2 = tensor.cast %tqm : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %b3 = tensor.cast %tskt : tensor<2x300xf32> to tensor<?x?xf32>
  %b4 = tensor.cast %tsm : tensor<2x300xf32> to tensor<?x?xf32>
  %b5 = tensor.cast %tdk : tensor<300x130xf32> to tensor<?x?xf32>
  %b6 = tensor.cast %tdm : tensor<300x130xf32> to tensor<?x?xf32>
  // CHECK: data =
  // CHECK-NEXT: [0, 0, 0]
  call @compare(%b1, %b2, %b3, %b4, %b5, %b6)
      : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  // Column 5, rows 128..129 (the 3e38 tile): k_major [5, 1], mn_major [1, 5];
  // column 200, rows 0..127 (below eps): [200, 0] and [0, 200].
  %c200 = arith.constant 200 : index
  %tk1 = tensor.extract %tsk[%c5, %c1] : tensor<300x2xf32>
  %tm1 = tensor.extract %tsm[%c1, %c5] : tensor<2x300xf32>
  %tk2 = tensor.extract %tsk[%c200, %c0] : tensor<300x2xf32>
  %tm2 = tensor.extract %tsm[%c0, %c200] : tensor<2x300xf32>
  %tpicked = tensor.from_elements %tk1, %tm1, %tk2, %tm2 : tensor<4xf32>
  %tpicked_u = tensor.cast %tpicked : tensor<4xf32> to tensor<*xf32>
  // CHECK: data =
  // CHECK-NEXT: [6.69643e+35, 6.69643e+35, 2.23214e-07, 2.23214e-07]
  call @printMemrefF32(%tpicked_u) : (tensor<*xf32>) -> ()

  // 128x128 with pow2 scales: k_major [2, 3], mn_major [3, 2].
  %bk0 = tensor.empty() : tensor<2x3xf32>
  %bm0 = tensor.empty() : tensor<3x2xf32>
  %bqk, %bsk = fp8q.quantize %x outs(%q0, %bk0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<130x300xf32> -> tensor<130x300xf8E4M3FN>, tensor<2x3xf32>
  %bqm, %bsm = fp8q.quantize %x outs(%q0, %bm0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x300xf32> -> tensor<130x300xf8E4M3FN>, tensor<3x2xf32>
  %bskt = linalg.transpose ins(%bsk : tensor<2x3xf32>) outs(%bm0 : tensor<3x2xf32>)
      permutation = [1, 0]
  %bdk = fp8q.dequantize %bqk, %bsk outs(%d0) {tile = #fp8q.tile<128x128>}
      : tensor<130x300xf8E4M3FN>, tensor<2x3xf32> -> tensor<130x300xf32>
  %bdm = fp8q.dequantize %bqm, %bsm outs(%d0)
      {tile = #fp8q.tile<128x128>, scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x300xf8E4M3FN>, tensor<3x2xf32> -> tensor<130x300xf32>
  %e1 = tensor.cast %bqk : tensor<130x300xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %e2 = tensor.cast %bqm : tensor<130x300xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %e3 = tensor.cast %bskt : tensor<3x2xf32> to tensor<?x?xf32>
  %e4 = tensor.cast %bsm : tensor<3x2xf32> to tensor<?x?xf32>
  %e5 = tensor.cast %bdk : tensor<130x300xf32> to tensor<?x?xf32>
  %e6 = tensor.cast %bdm : tensor<130x300xf32> to tensor<?x?xf32>
  // CHECK: data =
  // CHECK-NEXT: [0, 0, 0]
  call @compare(%e1, %e2, %e3, %e4, %e5, %e6)
      : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf32>,
         tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  // Both layouts in full: the mn_major rows are the k_major columns. Tile
  // (0, 1) is below eps and (1, 2) is zero: 2^-22 = pow2(eps / 448); (1, 0)
  // holds 3e38: 2^120; (0, 0) 2^-1, (0, 2) 2^9, (1, 1) 2^-11.
  %bsk_d = tensor.cast %bsk : tensor<2x3xf32> to tensor<?x?xf32>
  %bsm_d = tensor.cast %bsm : tensor<3x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[0.5, 2.38419e-07, 512],
  // CHECK-NEXT: [1.32923e+36, 0.000488281, 2.38419e-07]]
  call @print_f32(%bsk_d) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[0.5, 1.32923e+36],
  // CHECK-NEXT: [2.38419e-07, 0.000488281],
  // CHECK-NEXT: [512, 2.38419e-07]]
  call @print_f32(%bsm_d) : (tensor<?x?xf32>) -> ()

  // Control: the mn_major scales read as if they were k_major (the same
  // six floats reshaped to [2, 3], no transpose) differ from the k_major
  // scales in the 4 elements between the first and the last.
  %flat = tensor.collapse_shape %bsm [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %as_k = tensor.expand_shape %flat [[0, 1]] output_shape [2, 3]
      : tensor<6xf32> into tensor<2x3xf32>
  %f1 = tensor.cast %bsk : tensor<2x3xf32> to tensor<?x?xf32>
  %f2 = tensor.cast %as_k : tensor<2x3xf32> to tensor<?x?xf32>
  %wrong = call @mismatches_f32(%f1, %f2) : (tensor<?x?xf32>, tensor<?x?xf32>) -> i32
  // And the 1x128 mn_major scales [3, 130] read as [130, 3]: 341 of 390.
  %rflat = tensor.collapse_shape %rsm [[0, 1]] : tensor<3x130xf32> into tensor<390xf32>
  %ras_k = tensor.expand_shape %rflat [[0, 1]] output_shape [130, 3]
      : tensor<390xf32> into tensor<130x3xf32>
  %g1 = tensor.cast %rsk : tensor<130x3xf32> to tensor<?x?xf32>
  %g2 = tensor.cast %ras_k : tensor<130x3xf32> to tensor<?x?xf32>
  %rwrong = call @mismatches_f32(%g1, %g2) : (tensor<?x?xf32>, tensor<?x?xf32>) -> i32
  %controls = tensor.from_elements %wrong, %rwrong, %zi : tensor<3xi32>
  // CHECK: data =
  // CHECK-NEXT: [4, 341, 0]
  call @print_i32(%controls) : (tensor<3xi32>) -> ()
  return
}
