// A small linear layer in the FP8 recipe next to ordinary tensor model code
// (linalg named ops, math, a memref.global read through
// bufferization.to_tensor), lowered with --fp8q-cpu-pipeline and executed.
// Every value is exact in E4M3 with power-of-two scales, so the FP8 path
// must reproduce the f32 reference bit for bit.
//
// RUN: fp8-opt %s --fp8q-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

memref.global "private" constant @bias : memref<3xf32> = dense<[0.25, 0.5, -0.5]>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<2x3xf32>) {
  %u = tensor.cast %t : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// y = x w^T with both operands quantized to E4M3 (pow2 scales, 1x4 tiles for
// x, one 4x4 block for w) and the scaled matmul, plus a bias.
func.func @fp8_linear(%x: tensor<2x4xbf16>, %w: tensor<3x4xf32>) -> tensor<2x3xf32> {
  %qx0 = tensor.empty() : tensor<2x4xf8E4M3FN>
  %sx0 = tensor.empty() : tensor<2x1xf32>
  %qx, %sx = fp8q.quantize %x outs(%qx0, %sx0)
      {tile = #fp8q.tile<1x4>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<2x4xbf16> -> tensor<2x4xf8E4M3FN>, tensor<2x1xf32>
  %qw0 = tensor.empty() : tensor<3x4xf8E4M3FN>
  %sw0 = tensor.empty() : tensor<1x1xf32>
  %qw, %sw = fp8q.quantize %w outs(%qw0, %sw0)
      {tile = #fp8q.tile<4x4>, scale_mode = #fp8q.scale_mode<pow2>}
      : tensor<3x4xf32> -> tensor<3x4xf8E4M3FN>, tensor<1x1xf32>
  %y0 = tensor.empty() : tensor<2x3xf32>
  %y = fp8q.scaled_matmul %qx, %sx, %qw, %sw outs(%y0)
      {group_size = 4, promotion_interval = 4}
      : tensor<2x4xf8E4M3FN>, tensor<2x1xf32>, tensor<3x4xf8E4M3FN>,
        tensor<1x1xf32> -> tensor<2x3xf32>
  %bias_buffer = memref.get_global @bias : memref<3xf32>
  %bias = bufferization.to_tensor %bias_buffer restrict : memref<3xf32> to tensor<3xf32>
  %out = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%y, %bias : tensor<2x3xf32>, tensor<3xf32>) outs(%y0 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %out : tensor<2x3xf32>
}

// The same layer in f32 with upstream ops only.
func.func @f32_linear(%x: tensor<2x4xbf16>, %w: tensor<3x4xf32>) -> tensor<2x3xf32> {
  %xe = tensor.empty() : tensor<2x4xf32>
  %xf = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x4xbf16>) outs(%xe : tensor<2x4xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %e = arith.extf %a : bf16 to f32
    linalg.yield %e : f32
  } -> tensor<2x4xf32>
  %wte = tensor.empty() : tensor<4x3xf32>
  %wt = linalg.transpose ins(%w : tensor<3x4xf32>) outs(%wte : tensor<4x3xf32>)
      permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %ye = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%ye : tensor<2x3xf32>) -> tensor<2x3xf32>
  %y = linalg.matmul ins(%xf, %wt : tensor<2x4xf32>, tensor<4x3xf32>)
      outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// exp, erf (a libm call) and tanh on a small tensor.
func.func @activations() -> tensor<2x3xf32> {
  %x = arith.constant dense<[[0.0, 1.0, -1.0], [0.5, 2.0, -0.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %exp = math.exp %a : f32
    %erf = math.erf %a : f32
    %v = arith.select %first, %exp, %erf : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, -2.0, 0.5, 448.0], [3.0, 0.0, -0.25, 1.5]]> : tensor<2x4xbf16>
  %w = arith.constant dense<[[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.5, 0.5, 2.0, 0.125]]> : tensor<3x4xf32>
  // CHECK: [1.25, -1.5, 56]
  // CHECK-NEXT: [3.25, 0.5, 0.6875]
  %fp8 = call @fp8_linear(%x, %w) : (tensor<2x4xbf16>, tensor<3x4xf32>) -> tensor<2x3xf32>
  call @print(%fp8) : (tensor<2x3xf32>) -> ()
  // CHECK: [1, -2, 56.5]
  // CHECK-NEXT: [3, 0, 1.1875]
  %ref = call @f32_linear(%x, %w) : (tensor<2x4xbf16>, tensor<3x4xf32>) -> tensor<2x3xf32>
  call @print(%ref) : (tensor<2x3xf32>) -> ()
  // CHECK: [1, 2.71828, 0.367879]
  // CHECK-NEXT: [0.5205, 0.995322, -0]
  %act = call @activations() : () -> tensor<2x3xf32>
  call @print(%act) : (tensor<2x3xf32>) -> ()
  return
}
