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
    `tensor.pad`/`expand_shape`/`empty`, `linalg.fill`, `arith` and `math`),
    and `fp8q.block_transpose` into two `linalg.transpose`s (codes, scales),
    that compute the numerics of docs/Numerics.md bit for bit. The
    expert-parallel ops with `ranks = 1` become a local exchange:
    `fp8q.ep_rank` the constant 0, `fp8q.moe_dispatch` and
    `fp8q.moe_combine` i32 bookkeeping in `scf.for` loops plus one row
    gather (`linalg.generic`) each, with `cf.assert` checks of the routing
    data (docs/ExpertParallel.md); with `ranks > 1` they need the NCCL
    runtime and are an error here. This is the
    executable reference of the dialect: the CPU pipeline runs it, and the
    GPU kernels are checked against the same definition.

    The f32 <-> f8E4M3FN conversions are emitted as integer arithmetic on
    the IEEE bits (`cvt.rn.satfinite` semantics), because MLIR 22 lowers
    neither `arith.truncf` to nor `arith.extf` from f8E4M3FN on the CPU.
    Scaled-matmul group sums are accumulated in f64, where they are exact,
    and rounded once to f32, so the result does not depend on loop order.

    Input requirements: static quantized extents padded to whole tiles fit
    in int64; `scaled_matmul` has `group_size <= 131072` (the largest group
    whose partial sums are exact in f64). The pass fails with an error on
    each op that does not meet them, naming the reason; it never produces
    partial output. All other ops are left alone.

    Extents may be dynamic (e.g. the token count M of `tensor<?x4096xf32>`):
    the builders then size their temporaries from `tensor.dim`, pad tails
    by the run-time amount, and the extent requirements that the verifier
    could not check (scales per tile, outputs like the sources, K a
    multiple of the group size) become `cf.assert` ops before the op's
    computation, whose message names the op, its location and the extent
    (docs/CPU.md). M = 0 computes nothing.

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
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Fp8qToGPU
//===----------------------------------------------------------------------===//

def ConvertFp8qToGPUPass : Pass<"convert-fp8q-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower fp8q.quantize / tile_transpose / block_transpose to GPU kernels (Hopper)";
  let description = [{
    Replaces every `fp8q.quantize`, `fp8q.tile_transpose` and
    `fp8q.block_transpose` on tensors by a launch of a hand-scheduled,
    memory-bound CUDA kernel built from gpu/nvvm/arith/scf/vector/llvm ops
    (docs/GPU.md, "Kernels"):

    * the operands are taken with `bufferization.to_buffer`, the results are
      fresh host `memref.alloc`s returned through `bufferization.to_tensor
      restrict writable`, so the rest of the program bufferizes with
      `one-shot-bufferize` afterwards;
    * with `memory-model=copy` (the default) the tensors stay in host memory:
      each launch allocates device buffers for its operands (`gpu.alloc`,
      marked `bufferization.manual_deallocation`), copies the inputs to the
      device, launches, copies the results back into the host buffers and
      frees the device buffers, all chained on one stream (async tokens)
      that the host waits for (`gpu.wait`) before the results are used.
      `memory-model=unified` passes the host buffers' addresses to the
      kernel directly (synchronous launch), for programs whose buffers are
      device-accessible (managed memory, pageable memory access);
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
    `tile_transpose` with tile `1x128`; `block_transpose` with tile
    `128x128` (a byte transpose of one block per CTA); source rows 16-byte
    aligned (K * sizeof(element) % 16 == 0); at most 65535 * 128 rows for
    the `1x128`, `128x128` and `block_transpose` kernels (2-D grid; the kernels with a transposed
    output have a 1-D grid and no such bound). Shapes may be dynamic: the
    grids are computed from the run-time extents, an empty source skips
    the launch, and the checks that need sizes (row alignment, grid bound,
    and the scale and output extents of each op, as the linalg lowering
    asserts them) are emitted as `cf.assert` before the launch.
    With `gemm=wgmma`, `fp8q.scaled_matmul` (1xG x GxG or 1xG x 1xG scales,
    G a multiple of 128 (default 128), static K % 128 == 0,
    promotion_interval 32, 64 or a multiple of 128 dividing G) becomes a
    launch of the persistent Hopper GEMM kernel (Hopper/ScaledMatmulKernel.h;
    tiling from the `gemm-*` options) in either memory model, with the TMA
    descriptors of A and B created on the host (`nvgpu.tma.create.descriptor`
    of a ui8 view) on the buffers the kernel reads: the device buffers with
    `memory-model=copy` (a, sa, b, sb and, with `accumulate`, c copied in;
    the result copied back). A scaled_matmul outside that envelope is an
    error, like an unsupported quantize (`gemm=host` keeps every GEMM on the
    host); the default is `gemm=host`.
    Other fp8q ops are left alone. The numerics are those of
    docs/Numerics.md, bit for bit.

    Example:

    ```mlir
    %q, %s = fp8q.quantize %x outs(%q0, %s0) {tile = #fp8q.tile<1x128>}
        : tensor<256x512xbf16> -> tensor<256x512xf8E4M3FN>, tensor<256x4xf32>
    ```

    becomes (abridged; the other buffers alike)

    ```mlir
    %xb = bufferization.to_buffer %x read_only : tensor<256x512xbf16> to memref<256x512xbf16>
    %qb = memref.alloc() {alignment = 64 : i64} : memref<256x512xf8E4M3FN>
    %sb = memref.alloc() {alignment = 64 : i64} : memref<256x4xf32>
    %t0 = gpu.wait async
    %dx, %t1 = gpu.alloc async [%t0] () {bufferization.manual_deallocation} : memref<256x512xbf16>
    %t2 = gpu.memcpy async [%t1] %dx, %xb : memref<256x512xbf16>, memref<256x512xbf16>
    %dq, %t3 = gpu.alloc async [%t2] () {bufferization.manual_deallocation} : memref<256x512xf8E4M3FN>
    %ds, %t4 = gpu.alloc async [%t3] () {bufferization.manual_deallocation} : memref<256x4xf32>
    %px = llvm.inttoptr %xi : i64 to !llvm.ptr          // and %pq, %ps of %dq, %ds
    %t5 = gpu.launch_func async [%t4]
        @fp8q_quantize_1x128_bf16_fp32::@fp8q_quantize_1x128_bf16_fp32
        blocks in (%c4, %c2, %c1) threads in (%c256, %c1, %c1)
        dynamic_shared_memory_size %c0_i32
        args(%px : !llvm.ptr, %pq : !llvm.ptr, %ps : !llvm.ptr,
             %c256_i64 : i64, %c512_i64 : i64)
    %t6 = gpu.memcpy async [%t5] %qb, %dq : memref<256x512xf8E4M3FN>, memref<256x512xf8E4M3FN>
    %t7 = gpu.memcpy async [%t6] %sb, %ds : memref<256x4xf32>, memref<256x4xf32>
    %t8 = gpu.dealloc async [%t7] %dx {bufferization.manual_deallocation} : memref<256x512xbf16>
    ...                                                 // %dq, %ds
    gpu.wait [%t10]
    %q = bufferization.to_tensor %qb restrict writable : memref<256x512xf8E4M3FN> to tensor<256x512xf8E4M3FN>
    %s = bufferization.to_tensor %sb restrict writable : memref<256x4xf32> to tensor<256x4xf32>
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "GPU architecture the kernels are built for (sm_90 or sm_90a)">,
    Option<"gemm", "gemm", "std::string", /*default=*/"\"host\"",
           "Lowering of fp8q.scaled_matmul: `host` (default; left alone for "
           "the host reference loops) or `wgmma` (the Hopper TMA + wgmma "
           "kernel)">,
    Option<"gemmBlockM", "gemm-block-m", "int64_t", /*default=*/"0",
           "GEMM kernel: result rows per CTA tile (64, 128 or 192: one "
           "consumer warpgroup per 64; 256: two warpgroups of two 64-row "
           "slices). 0 with gemm-block-n and gemm-stages 0 (the default): "
           "chosen per GEMM from its static M, N and K (128x128 for large "
           "GEMMs, smaller tiles for M <= 256, 256x128 for the Wgrad form "
           "where it fills the waves as well, 128x160 or 128x192 for bf16 "
           "results where 128x128 leaves a partial last wave or an N tail; a "
           "128x128 bf16 tile takes 6 stages instead of 4 at K = 1024..2048, "
           "or up to K = 8192 on at most two waves of tiles; at K <= 2048 on "
           "two waves or more the bf16 kernels store by TMA (see "
           "gemm-tma-store), and at K <= 1024 with it 192x128 replaces "
           "128x128 where its last wave is about as full); a value fixes the "
           "tiling for every GEMM, 128 where left 0">,
    Option<"gemmBlockN", "gemm-block-n", "int64_t", /*default=*/"0",
           "GEMM kernel: result columns per CTA tile (the wgmma N: a "
           "multiple of 8 up to 256; with weight blocks it divides the "
           "group size G or, above 128, spans at most two weight blocks, BN "
           "<= G + gcd(BN, G): e.g. 144, 160, 192; the promoted sums and the "
           "wgmma partials take at most 192 registers per thread); 0: see "
           "gemm-block-m">,
    Option<"gemmStages", "gemm-stages", "int64_t", /*default=*/"0",
           "GEMM kernel: depth of the shared-memory TMA ring (1..8); 0: "
           "see gemm-block-m (4 where the tiling is fixed)">,
    Option<"gemmCtas", "gemm-ctas", "int64_t", /*default=*/"132",
           "GEMM kernel: CTAs of the persistent grid (default: the 132 SMs "
           "of an H100 SXM / H200)">,
    Option<"gemmCluster", "gemm-cluster", "int64_t", /*default=*/"1",
           "GEMM kernel: CTAs per thread-block cluster along M (1 or 2; "
           "2: the two CTAs share each B tile through TMA multicast; kernel "
           "suffix `x2`; the deferred epilogue and the TMA store as without "
           "it, not the storer warps). Grouped GEMMs always run without "
           "clusters">,
    Option<"gemmClusterN", "gemm-cluster-n", "int64_t", /*default=*/"1",
           "GEMM kernel: CTAs per thread-block cluster along N (1 or 2; "
           "2: the two CTAs share each A tile through TMA multicast; kernel "
           "suffix `xn2`). Not with gemm-cluster=2 or split-K; grouped GEMMs "
           "always run without clusters. Correct on the GPU; no faster than "
           "the same tile without it (H100: 0.93-1.04x at 256 x 128), so off "
           "by default">,
    Option<"gemmSplitK", "gemm-split-k", "int64_t", /*default=*/"0",
           "GEMM kernel: CTAs per result tile along K (1, 2 or 4; kernel "
           "suffix `k<S>`): a cluster of S CTAs computes each tile, each over "
           "its share of the K blocks, and the first adds the others' f32 "
           "sums through distributed shared memory before its epilogue. Not "
           "with clusters, the TMA store or grouped GEMMs. 0 (the "
           "default): 2 where the pass chooses the tiling (gemm-block-m) and "
           "measured it to pay (bf16 results at a static K >= 7168 whose "
           "64-row tiles leave SMs idle or have one consumer warpgroup), "
           "else 1">,
    Option<"gemmPromotion", "gemm-promotion", "std::string",
           /*default=*/"\"fma\"",
           "GEMM kernel: how a promotion adds partial * (sa * sb) to the f32 "
           "accumulator: `fma` (default; one fused multiply-add, one "
           "rounding) or `mul-add` (a rounded multiply, then a rounded add, "
           "in the order of the reference; kernel suffix `_muladd`)">,
    Option<"gemmTmaStore", "gemm-tma-store", "bool", /*default=*/"false",
           "GEMM kernel: store the staged bf16 results by TMA (one box of 64 "
           "rows x 64 columns per warpgroup and 64 columns, through an "
           "`out_map` tensor map over the result; kernel suffix `_tma`) "
           "where the kernel stages them by stmatrix (bf16 without "
           "accumulate, BLOCK_N a multiple of 64, no cluster along N, not "
           "grouped), instead of the threads' 16-byte stores and the "
           "producer's storer warps; such kernels require N % 8 == 0 at "
           "launch. Off, the pass still takes it where it chooses the tiling "
           "(gemm-block-m) and K is static and at most 2048 on two waves of "
           "tiles or more">,
    Option<"memoryModel", "memory-model", "::mlir::fp8q::Fp8qToGPUMemoryModel",
           /*default=*/"::mlir::fp8q::Fp8qToGPUMemoryModel::Copy",
           "Where the kernels' operands live",
           [{::llvm::cl::values(
             clEnumValN(::mlir::fp8q::Fp8qToGPUMemoryModel::Copy, "copy",
                        "host memory: device buffers and copies around "
                        "each launch (default)"),
             clEnumValN(::mlir::fp8q::Fp8qToGPUMemoryModel::Unified,
                        "unified", "device-accessible buffers: their "
                        "addresses are passed to the kernels directly"))}]>,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ConvertFp8qToNcclPass : Pass<"convert-fp8q-to-nccl", "::mlir::ModuleOp"> {
  let summary = "Lower fp8q.ep_rank / moe_dispatch / moe_combine to the NCCL exchange of the runtime";
  let description = [{
    Replaces every `fp8q.ep_rank`, `fp8q.moe_dispatch` and
    `fp8q.moe_combine`, with any `ranks`, by a call of its entry point in
    libFP8QCudaRuntime (include/fp8q/Runtime/NcclExchange.h;
    docs/ExpertParallel.md, docs/Runtime.md), which checks the routing and
    moves the rows between the ranks' processes with NCCL
    (ncclSend/ncclRecv in one ncclGroupStart/ncclGroupEnd; a rank sends to
    itself, so `ranks = 1` runs the same exchange on one GPU):

    * on tensors, before bufferization: the operands are taken with
      `bufferization.to_buffer` (identity layout), the results are fresh
      host `memref.alloc`s returned through `bufferization.to_tensor
      restrict writable`;
    * the callees are declared `func.func private` with
      `llvm.emit_c_interface`: `fp8q_ep_rank(i64 ranks, memref<?xi8> what)
      -> i64`, `fp8q_moe_dispatch(codes, scales, experts, recv_codes,
      recv_scales, counts, sources, i64 ranks, i64 num_experts, what)`,
      `fp8q_moe_combine_{bf16,f32}(expert_out, sources, counts, experts,
      result, i64 ranks, i64 num_experts, what)`, every memref dynamically
      shaped; `what` is a `memref.global` constant holding the op's name
      and location, which starts every run-time error message;
    * the dynamic extents are asserted first, as in the linalg lowering
      (buildDynamicExtentChecks).

    The ids, the capacity, the counts and the sources are checked by the
    runtime, on every rank alike, before any row is written (a bad input
    stops every rank with a message, none waits for the others). Used by
    `--fp8q-gpu-pipeline` (`expert-exchange=nccl`, the default); the CPU
    pipeline keeps the ranks = 1 linalg lowering.

    Example:

    ```mlir
    %r = fp8q.ep_rank {ranks = 2}
    // becomes
    // memref.global "private" constant @fp8q_ep_what_0 : memref<25xi8>
    //     = dense<...> ("fp8q.ep_rank (x.mlir:3:8)")
    %w = memref.get_global @fp8q_ep_what_0 : memref<25xi8>
    %c = memref.cast %w : memref<25xi8> to memref<?xi8>
    %ranks = arith.constant 2 : i64
    %r64 = call @fp8q_ep_rank(%ranks, %c) : (i64, memref<?xi8>) -> i64
    %r = arith.index_cast %r64 : i64 to index
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // FP8Q_CONVERSION_PASSES_TD
