//===- NcclExchange.h - Expert-parallel exchange over NCCL -------*- C++
//-*-===//
//
// Part of the fp8q project.
//
// The C entry points that `convert-fp8q-to-nccl` (the GPU pipeline) calls for
// fp8q.ep_rank, fp8q.moe_dispatch and fp8q.moe_combine, exported by
// libFP8QCudaRuntime.so (docs/Runtime.md, "Expert-parallel exchange").
//
// The lowering declares the functions with `llvm.emit_c_interface`, so the
// host code calls `_mlir_ciface_<name>` with pointers to the memref
// descriptors (MLIR's C interface): {allocated, aligned, offset, sizes[N],
// strides[N]}. The operands are host memory (the pipeline's buffers); the
// runtime checks the routing, packs the rows per destination on the host,
// moves them with ncclSend/ncclRecv between device buffers and writes the
// results into the host buffers. Every failure ends the process with one
// "fp8q-cuda-runtime: error: ..." line (exit status 1).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_RUNTIME_NCCLEXCHANGE_H
#define FP8Q_RUNTIME_NCCLEXCHANGE_H

#include "fp8q/Runtime/CudaRuntime.h"

#include <cstdint>

/// A ranked memref descriptor as MLIR's C interface passes it.
template <typename T, int Rank> struct Fp8qMemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

extern "C" {

/// fp8q.ep_rank {ranks}: this process's rank (FP8Q_EP_RANK, checked against
/// `ranks` and FP8Q_EP_RANKS). `what` names the op (a NUL-free string).
FP8Q_RUNTIME_EXPORT int64_t
_mlir_ciface_fp8q_ep_rank(int64_t ranks, Fp8qMemRef<const char, 1> *what);

/// fp8q.moe_dispatch: codes [T, K] (E4M3 bytes), scales [T, K/G], experts
/// [T, k] -> recv_codes [E/R, C, K], recv_scales [E/R, C, K/G], counts
/// [E/R], sources [E/R, C].
FP8Q_RUNTIME_EXPORT void _mlir_ciface_fp8q_moe_dispatch(
    Fp8qMemRef<uint8_t, 2> *codes, Fp8qMemRef<float, 2> *scales,
    Fp8qMemRef<int32_t, 2> *experts, Fp8qMemRef<uint8_t, 3> *recvCodes,
    Fp8qMemRef<float, 3> *recvScales, Fp8qMemRef<int32_t, 1> *counts,
    Fp8qMemRef<int32_t, 2> *sources, int64_t ranks, int64_t numExperts,
    Fp8qMemRef<const char, 1> *what);

/// fp8q.moe_combine with a bf16 expert_out [E/R, C, N] (bit patterns):
/// sources [E/R, C], counts [E/R], experts [T, k] -> result [T, k, N] bf16.
FP8Q_RUNTIME_EXPORT void _mlir_ciface_fp8q_moe_combine_bf16(
    Fp8qMemRef<uint16_t, 3> *expertOut, Fp8qMemRef<int32_t, 2> *sources,
    Fp8qMemRef<int32_t, 1> *counts, Fp8qMemRef<int32_t, 2> *experts,
    Fp8qMemRef<uint16_t, 3> *result, int64_t ranks, int64_t numExperts,
    Fp8qMemRef<const char, 1> *what);

/// fp8q.moe_combine with an f32 expert_out, rounded to bf16 (RN-even, NaN
/// to 0x7FFF) before the exchange.
FP8Q_RUNTIME_EXPORT void _mlir_ciface_fp8q_moe_combine_f32(
    Fp8qMemRef<float, 3> *expertOut, Fp8qMemRef<int32_t, 2> *sources,
    Fp8qMemRef<int32_t, 1> *counts, Fp8qMemRef<int32_t, 2> *experts,
    Fp8qMemRef<uint16_t, 3> *result, int64_t ranks, int64_t numExperts,
    Fp8qMemRef<const char, 1> *what);

} // extern "C"

#endif // FP8Q_RUNTIME_NCCLEXCHANGE_H
