// fp8q.block_transpose of the 128x128-block codes of a weight run on the CPU
// (--fp8q-cpu-pipeline, mlir-runner): on the first 288 columns of the
// 130x300 edge-case source of Inputs/edge-source.mlir (tails in both
// dimensions: 130 = 128 + 2 rows, 288 = 2 x 128 + 32 columns; an all-zero
// block region, a block whose amax is 3e38, a block below eps with f32
// subnormals), block_transpose(quantize(x, 128x128)) must equal
// quantize(x, 128x128, transpose), i.e. quantize(x^T) in 128x128 blocks, bit
// for bit: [code mismatches, scale mismatches, saturated codes] with 0
// mismatches, for fp32 and pow2 scales. Then the 3e38 block's scale at its
// transposed position, and a control: fp32 and pow2 codes differ (so the
// comparisons can fail).
//
// RUN: cat %S/Inputs/edge-source.mlir %s | fp8-opt --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
//
// test/Integration/GPU/block-transpose-mock.test runs this program through
// the GPU pipeline (the block_transpose kernel) on the mock CUDA driver.

func.func @check_block_transpose(%x: tensor<130x288xf32>, %pow2: i1)
    -> tensor<288x130xf8E4M3FN> {
  %q0 = tensor.empty() : tensor<130x288xf8E4M3FN>
  %s0 = tensor.empty() : tensor<2x3xf32>
  %qt0 = tensor.empty() : tensor<288x130xf8E4M3FN>
  %st0 = tensor.empty() : tensor<3x2xf32>
  %q, %s, %qref, %sref = scf.if %pow2 -> (tensor<130x288xf8E4M3FN>, tensor<2x3xf32>, tensor<288x130xf8E4M3FN>, tensor<3x2xf32>) {
    %a, %b = fp8q.quantize %x outs(%q0, %s0)
        {tile = #fp8q.tile<128x128>, scale_mode = #fp8q.scale_mode<pow2>}
        : tensor<130x288xf32> -> tensor<130x288xf8E4M3FN>, tensor<2x3xf32>
    %c, %d = fp8q.quantize %x outs(%qt0, %st0)
        {tile = #fp8q.tile<128x128>, transpose, scale_mode = #fp8q.scale_mode<pow2>}
        : tensor<130x288xf32> -> tensor<288x130xf8E4M3FN>, tensor<3x2xf32>
    scf.yield %a, %b, %c, %d : tensor<130x288xf8E4M3FN>, tensor<2x3xf32>, tensor<288x130xf8E4M3FN>, tensor<3x2xf32>
  } else {
    %a, %b = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<128x128>}
        : tensor<130x288xf32> -> tensor<130x288xf8E4M3FN>, tensor<2x3xf32>
    %c, %d = fp8q.quantize %x outs(%qt0, %st0) {tile = #fp8q.tile<128x128>, transpose}
        : tensor<130x288xf32> -> tensor<288x130xf8E4M3FN>, tensor<3x2xf32>
    scf.yield %a, %b, %c, %d : tensor<130x288xf8E4M3FN>, tensor<2x3xf32>, tensor<288x130xf8E4M3FN>, tensor<3x2xf32>
  }
  %qt1 = tensor.empty() : tensor<288x130xf8E4M3FN>
  %st1 = tensor.empty() : tensor<3x2xf32>
  %qt, %st = fp8q.block_transpose %q, %s outs(%qt1, %st1) {tile = #fp8q.tile<128x128>}
      : tensor<130x288xf8E4M3FN>, tensor<2x3xf32> -> tensor<288x130xf8E4M3FN>, tensor<3x2xf32>
  %a = tensor.cast %qt : tensor<288x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %b = tensor.cast %qref : tensor<288x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %c = tensor.cast %st : tensor<3x2xf32> to tensor<?x?xf32>
  %d = tensor.cast %sref : tensor<3x2xf32> to tensor<?x?xf32>
  %nc = call @mismatches_e4m3(%a, %b) : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) -> i32
  %ns = call @mismatches_f32(%c, %d) : (tensor<?x?xf32>, tensor<?x?xf32>) -> i32
  %nz = call @count_max_codes(%a) : (tensor<?x?xf8E4M3FN>) -> i32
  %counts = tensor.from_elements %nc, %ns, %nz : tensor<3xi32>
  call @print_i32(%counts) : (tensor<3xi32>) -> ()
  // The 3e38 block (row tile 1, column tile 0 of x) at scale_t[0, 1].
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %huge = tensor.extract %st[%c0, %c1] : tensor<3x2xf32>
  %picked = tensor.from_elements %huge : tensor<1xf32>
  %u = tensor.cast %picked : tensor<1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return %qt : tensor<288x130xf8E4M3FN>
}

func.func @main() {
  %full = call @source() : () -> tensor<130x300xf32>
  %x = tensor.extract_slice %full[0, 0] [130, 288] [1, 1]
      : tensor<130x300xf32> to tensor<130x288xf32>
  %false = arith.constant false
  %true = arith.constant true
  // fp32 scales: 3e38 / 448; 106 codes at +-448 (each block's amax
  // elements: the source repeats its values).
  // CHECK: data =
  // CHECK-NEXT: [0, 0, 106]
  // CHECK: data =
  // CHECK-NEXT: [6.69643e+35]
  %qf = call @check_block_transpose(%x, %false) : (tensor<130x288xf32>, i1) -> tensor<288x130xf8E4M3FN>
  // pow2 scales: 2^120; no amax is a power of two times 448, nothing
  // saturates.
  // CHECK: data =
  // CHECK-NEXT: [0, 0, 0]
  // CHECK: data =
  // CHECK-NEXT: [1.32923e+36]
  %qp = call @check_block_transpose(%x, %true) : (tensor<130x288xf32>, i1) -> tensor<288x130xf8E4M3FN>
  // Control: the fp32 and pow2 codes differ.
  %a = tensor.cast %qf : tensor<288x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %b = tensor.cast %qp : tensor<288x130xf8E4M3FN> to tensor<?x?xf8E4M3FN>
  %n = call @mismatches_e4m3(%a, %b) : (tensor<?x?xf8E4M3FN>, tensor<?x?xf8E4M3FN>) -> i32
  %t = tensor.from_elements %n, %n, %n : tensor<3xi32>
  // CHECK: data =
  // CHECK-NEXT: [{{[1-9][0-9]*}}, {{[1-9][0-9]*}}, {{[1-9][0-9]*}}]
  call @print_i32(%t) : (tensor<3xi32>) -> ()
  return
}
