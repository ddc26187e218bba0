// fp8q.quantize with 128x128 tiles and `transpose` (a weight stored [K, N]
// quantized into the [N, K] layout the GEMM reads), run on the CPU
// (--fp8q-cpu-pipeline, mlir-runner). One scale per block makes the transpose
// exact: on the 130x300 edge-case source of Inputs/edge-source.mlir (tails
// in both dimensions, an all-zero block, a block whose amax is 3e38, a block
// below eps with f32 subnormals), for fp32 and pow2 scales and both scale
// layouts, the codes and scales must equal linalg.transpose of the codes and
// scales of the plain 128x128 quantize, bit for bit (mismatch counts, all 0).
// Then known scales at their transposed positions and the saturated codes,
// and a control: fp32 and pow2 codes differ (so the comparisons can fail).
//
// RUN: cat %S/Inputs/edge-source.mlir %s | fp8-opt --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
//
// test/Integration/GPU/block-transposed-mock.test runs this program through
// the GPU pipeline (the 128x128-T kernel) on the mock CUDA driver.

// [codes, scales] mismatch counts of the transposed quantize against the
// transposed plain quantize.
func.func @compare_t(%qt: tensor<?x?xf8E4M3FN>, %qref: tensor<?x?xf8E4M3FN>,
                     %st: tensor<?x?xf32>, %sref: tensor<?x?xf32>) {
  %c = call @mismatches_e4m3(%qt, %qref) : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) -> i32
  %s = call @mismatches_f32(%st, %sref) : (tensor<?x?xf32>, tensor<?x?xf32>) -> i32
  %z = call @count_max_codes(%qt) : (tensor<?x?xf8E4M3FN>) -> i32
  %t = tensor.from_elements %c, %s, %z : tensor<3xi32>
  call @print_i32(%t) : (tensor<3xi32>) -> ()
  return
}

// Quantizes %x both ways with `mode` scales in `layout` and prints
// [code mismatches, scale mismatches, saturated codes], then the scales of
// the 3e38 block (row tile 1, column tile 0) and of the zero block (row
// tile 1, column tile 2) read at their transposed positions.
func.func @check_fp32_k(%x: tensor<130x300xf32>) -> tensor<300x130xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<130x300xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x3xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x128>}
      : tensor<130x300xf32> -> tensor<130x300xf8E4M3FN>, tensor<2x3xf32>
  %qt0 = tensor.empty() : tensor<300x130xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x2xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0) {tile = #fp8q.tile<128x128>, transpose}
      : tensor<130x300xf32> -> tensor<300x130xf8E4M3FN>, tensor<3x2xf32>
  %qref = linalg.transpose ins(%q : tensor<130x300xf8E4M3FN>)
      outs(%qt0 : tensor<300x130xf8E4M3FN>) permutation = [1, 0]
  %sref = linalg.transpose ins(%s : tensor<2x3xf32>) outs(%st0 : tensor<3x2xf32>)
      permutation = [1, 0]
  %a = tensor.cast %qt : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %b = tensor.cast %qref : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %c = tensor.cast %st : tensor<3x2xf32> to tensor<?x?xf32>
  %d = tensor.cast %sref : tensor<3x2xf32> to tensor<?x?xf32>
  call @compare_t(%a, %b, %c, %d)
      : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %huge = tensor.extract %st[%c0, %c1] : tensor<3x2xf32>
  %zero = tensor.extract %st[%c2, %c1] : tensor<3x2xf32>
  %picked = tensor.from_elements %huge, %zero : tensor<2xf32>
  %u = tensor.cast %picked : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return %qt : tensor<300x130xf8E4M3FN>
}

// The same with pow2 scales and mn_major scales: the scale arrays are the
// (transposed) block grids transposed once more, [2, 3] and [3, 2].
func.func @check_pow2_mn(%x: tensor<130x300xf32>) -> tensor<300x130xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<130x300xf8E4M3FN>
  %s0 = tensor.empty() : tensor<3x2xf32>
  %q, %s = fp8q.quantize %x outs(%q0, %s0)
      {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x300xf32> -> tensor<130x300xf8E4M3FN>, tensor<3x2xf32>
  %qt0 = tensor.empty() : tensor<300x130xf8E4M3FN>
  %st0 = tensor.empty() : tensor<2x3xf32>
  %qt, %st = fp8q.quantize %x outs(%qt0, %st0)
      {tile = #fp8q.tile<128x128>, transpose, scale_mode = #fp8q.scale_mode<pow2>,
       scale_layout = #fp8q.scale_layout<mn_major>}
      : tensor<130x300xf32> -> tensor<300x130xf8E4M3FN>, tensor<2x3xf32>
  %qref = linalg.transpose ins(%q : tensor<130x300xf8E4M3FN>)
      outs(%qt0 : tensor<300x130xf8E4M3FN>) permutation = [1, 0]
  %sref = linalg.transpose ins(%s : tensor<3x2xf32>) outs(%st0 : tensor<2x3xf32>)
      permutation = [1, 0]
  %a = tensor.cast %qt : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %b = tensor.cast %qref : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %c = tensor.cast %st : tensor<2x3xf32> to tensor<?x?xf32>
  %d = tensor.cast %sref : tensor<2x3xf32> to tensor<?x?xf32>
  call @compare_t(%a, %b, %c, %d)
      : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>, tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %huge = tensor.extract %st[%c1, %c0] : tensor<2x3xf32>
  %zero = tensor.extract %st[%c1, %c2] : tensor<2x3xf32>
  %picked = tensor.from_elements %huge, %zero : tensor<2xf32>
  %u = tensor.cast %picked : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return %qt : tensor<300x130xf8E4M3FN>
}

func.func @main() {
  %x = call @source() : () -> tensor<130x300xf32>
  // fp32 scales, k_major: scales 3e38 / 448 and eps / 448; 115 codes at
  // +-448 (each block's amax elements: the source repeats its values).
  // CHECK: data =
  // CHECK-NEXT: [0, 0, 115]
  // CHECK: data =
  // CHECK-NEXT: [6.69643e+35, 2.23214e-07]
  %qf = call @check_fp32_k(%x) : (tensor<130x300xf32>) -> tensor<300x130xf8E4M3FN>
  // pow2 scales, mn_major: 2^120 and 2^-22 (the powers of two at or above
  // 3e38 / 448 and eps / 448); no amax here is a power of two times 448, so
  // nothing saturates.
  // CHECK: data =
  // CHECK-NEXT: [0, 0, 0]
  // CHECK: data =
  // CHECK-NEXT: [1.32923e+36, 2.38419e-07]
  %qp = call @check_pow2_mn(%x) : (tensor<130x300xf32>) -> tensor<300x130xf8E4M3FN>
  // Control: the fp32 and pow2 codes differ.
  %a = tensor.cast %qf : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %b = tensor.cast %qp : tensor<300x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %n = call @mismatches_e4m3(%a, %b) : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) -> i32
  %t = tensor.from_elements %n, %n, %n : tensor<3xi32>
  // CHECK: data =
  // CHECK-NEXT: [{{[1-9][0-9]*}}, {{[1-9][0-9]*}}, {{[1-9][0-9]*}}]
  call @print_i32(%t) : (tensor<3xi32>) -> ()
  return
}
