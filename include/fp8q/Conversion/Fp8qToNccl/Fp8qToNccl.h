//===- Fp8qToNccl.h - Expert-parallel ops to the NCCL runtime ---*- C++ -*-===//
//
// Part of the fp8q project.
//
// fp8q.ep_rank, fp8q.moe_dispatch and fp8q.moe_combine (any `ranks`) to calls
// of libFP8QCudaRuntime's expert-parallel exchange
// (include/fp8q/Runtime/NcclExchange.h), which moves the rows with NCCL.
// Used by --fp8q-gpu-pipeline (option expert-exchange=nccl, the default).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTONCCL_FP8QTONCCL_H
#define FP8Q_CONVERSION_FP8QTONCCL_FP8QTONCCL_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::fp8q {

#define GEN_PASS_DECL_CONVERTFP8QTONCCLPASS
#include "fp8q/Conversion/Passes.h.inc"

/// The runtime entry points the patterns call (declared by the patterns
/// with `llvm.emit_c_interface`: the host code calls `_mlir_ciface_<name>`).
constexpr StringLiteral kEpRankFunction = "fp8q_ep_rank";
constexpr StringLiteral kMoeDispatchFunction = "fp8q_moe_dispatch";
constexpr StringLiteral kMoeCombineBf16Function = "fp8q_moe_combine_bf16";
constexpr StringLiteral kMoeCombineF32Function = "fp8q_moe_combine_f32";

/// Adds one pattern per expert-parallel op (ep_rank, moe_dispatch,
/// moe_combine) rewriting it, on tensors, to a call of its runtime entry
/// point on host buffers: the operands through `bufferization.to_buffer`,
/// the results fresh `memref.alloc`s returned by `bufferization.to_tensor
/// restrict writable`, the dynamic extents asserted first
/// (buildDynamicExtentChecks). The ops must be inside a builtin.module (the
/// patterns add function declarations and the op-name strings there).
void populateFp8qToNcclPatterns(RewritePatternSet &patterns);

} // namespace mlir::fp8q

#endif // FP8Q_CONVERSION_FP8QTONCCL_FP8QTONCCL_H
