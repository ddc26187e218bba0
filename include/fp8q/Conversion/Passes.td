//===- Passes.td - fp8q conversion passes ------------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_PASSES_TD
#define FP8Q_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Fp8qToLinalg
//===----------------------------------------------------------------------===//

def ConvertFp8qToLinalgPass : Pass<"convert-fp8q-to-linalg"> {
  let summary = "Lower fp8q ops to linalg on tensors (reference numerics)";
  let description = [{
    Rewrites every `fp8q.quantize`, `fp8q.dequantize`, `fp8q.tile_transpose`
    and `fp8q.scaled_matmul` into `linalg.generic` ops on tensors (plus
    `tensor.pad`/`expand_shape`/`empty`, `linalg.fill`, `arith` and `math`)
    that compute the numerics of docs/Numerics.md bit for bit. This is the
    executable reference of the dialect: the CPU pipeline runs it, and the
    GPU kernels are checked against the same definition.

    The f32 <-> f8E4M3FN conversions are emitted as integer arithmetic on
    the IEEE bits (`cvt.rn.satfinite` semantics), because MLIR 22 lowers
    neither `arith.truncf` to nor `arith.extf` from f8E4M3FN on the CPU.
    Scaled-matmul group sums are accumulated in f64, where they are exact,
    and rounded once to f32, so the result does not depend on loop order.

    Input requirements: every fp8q operand has a static shape; quantized
    extents padded to whole tiles fit in int64; `scaled_matmul` has
    `group_size <= 131072` (the largest group whose partial sums are exact
    in f64). The pass fails with an error on each op that does not meet
    them, naming the reason; it never produces partial output. All other
    ops are left alone.

    Example:

    ```mlir
    %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
        : tensor<4x200xf32> -> tensor<4x200xf8E4M3FN>, tensor<4x2xf32>
    ```

    becomes (abridged)

    ```mlir
    %pad = tensor.pad %x low[0, 0] high[0, 56] {...}
        : tensor<4x200xf32> to tensor<4x256xf32>
    %tiles = tensor.expand_shape %pad [[0, 1], [2, 3]]
        output_shape [4, 1, 2, 128]
        : tensor<4x256xf32> into tensor<4x1x2x128xf32>
    %amax = linalg.generic {iterator_types = ["parallel", "reduction",
                                              "parallel", "reduction"]}
        ins(%tiles) outs(%eps_filled : tensor<4x2xf32>)     // max(|x|, eps)
    %s, %rcp = linalg.generic ins(%amax) outs(%s0, %empty)  // amax / 448, 1 / s
    %q = linalg.generic {indexing_maps = [(i, j) -> (i, j),
                                          (i, j) -> (i, j floordiv 128),
                                          (i, j) -> (i, j)]}
        ins(%x, %rcp) outs(%q0)           // x * rcp, then RN-satfinite to E4M3
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Fp8qToGPU
//===----------------------------------------------------------------------===//

def ConvertFp8qToGPUPass : Pass<"convert-fp8q-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower fp8q.quantize / fp8q.tile_transpose to GPU kernels (Hopper)";
  let description = [{
    Replaces every `fp8q.quantize` and `fp8q.tile_transpose` on tensors by a
    launch of a hand-scheduled, memory-bound CUDA kernel built from
    gpu/nvvm/arith/scf/vector/llvm ops (docs/GPU.md, "Kernels"):

    * the operands are taken with `bufferization.to_buffer`, the results are
      fresh `memref.alloc`s returned through `bufferization.to_tensor
      restrict writable`, so the rest of the program bufferizes with
      `one-shot-bufferize` afterwards;
    * each kernel lives in its own `gpu.module` (target `#nvvm.target` for
      `chip`) named after the kernel variant, e.g.
      `fp8q_quantize_1x128_bf16_fp32`; kernels are shape-generic (sizes are
      `i64` arguments, pointers are `!llvm.ptr`; `scale_mode` and `eps` are
      compiled in), so a variant is built once per module and every op of
      that variant launches it;
    * a `1x128` quantize and a `128x1` quantize with `transpose` of the same
      source (same block, `scale_mode` and `eps`) are fused into one launch
      that reads the source once and writes both results.

    Supported (anything else is an error naming the op and the reason):
    `quantize` with tile `1x128`, `128x128`, or `128x1` with `transpose`;
    `tile_transpose` with tile `1x128`; source rows 16-byte aligned
    (K * sizeof(element) % 16 == 0); at most 65535 * 128 rows for the
    `1x128` and `128x128` kernels (2-D grid; the kernels with a transposed
    output have a 1-D grid and no such bound). Shapes may be dynamic: the
    checks that need sizes are then emitted as `cf.assert`.
    Other fp8q ops are left alone. The numerics are those of
    docs/Numerics.md, bit for bit.

    Example:

    ```mlir
    %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
        : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
    ```

    becomes (abridged)

    ```mlir
    %xb = bufferization.to_buffer %x read_only : tensor<256x512xbf16> to memref<256x512xbf16>
    %qb = memref.alloc() {alignment = 64 : i64} : memref<256x512xf8E4M3FN>
    %sb = memref.alloc() {alignment = 64 : i64} : memref<256x4xf32>
    %px = llvm.inttoptr %xi : i64 to !llvm.ptr          // and %pq, %ps
    gpu.launch_func @fp8q_quantize_1x128_bf16_fp32::@fp8q_quantize_1x128_bf16_fp32
        blocks in (%c4, %c2, %c1) threads in (%c256, %c1, %c1)
        dynamic_shared_memory_size %c0_i32
        args(%px : !llvm.ptr, %pq : !llvm.ptr, %ps : !llvm.ptr,
             %c256_i64 : i64, %c512_i64 : i64)
    %q = bufferization.to_tensor %qb restrict writable : memref<256x512xf8E4M3FN> to tensor<256x512xf8E4M3FN>
    %s = bufferization.to_tensor %sb restrict writable : memref<256x4xf32> to tensor<256x4xf32>
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "GPU architecture the kernels are built for (sm_90 or sm_90a)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // FP8Q_CONVERSION_PASSES_TD
