//===- ExtentChecks.h - Run-time extent checks of fp8q ops ------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The verifiers of the fp8q ops check the extents that relate their operands
// (scales per tile, outputs like the sources, K shared by the GEMM operands)
// where they are static. With a dynamic extent the check moves to run time:
// both lowerings (Fp8qToLinalg, Fp8qToGPU) emit it as a `cf.assert` before
// the op's computation or launch, so that a wrong extent stops the program
// with a message instead of reading or writing out of bounds.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_EXTENTCHECKS_H
#define FP8Q_CONVERSION_EXTENTCHECKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::fp8q {

/// Emits at the builder's insertion point one `cf.assert` per extent
/// requirement of `op` (fp8q.quantize, dequantize, tile_transpose,
/// block_transpose or scaled_matmul on ranked tensors) that involves a dynamic
/// extent:
///
/// * quantize: q_init like the source (transposed with `transpose`),
///   scale_init [ceil(R/TR), ceil(C/TC)] (transposed by `transpose` and by
///   `scale_layout = mn_major`);
/// * dequantize: init like q, scale like quantize's;
/// * tile_transpose: scale [M, ceil(K/G)], q_init [K, M], scale_init
///   [K, ceil(M/G)];
/// * block_transpose: scale [ceil(R/G), ceil(C/G)], q_init [C, R],
///   scale_init [ceil(C/G), ceil(R/G)];
/// * scaled_matmul: b's K equal to a's, K a multiple of the group size G,
///   a_scale [M, K/G] (mn_major: [K/G, M]), b_scale [ceil(N/BR), K/G],
///   init [M, N];
/// * grouped_scaled_matmul: b's K equal to a's, K a multiple of G, b_scale
///   [E, ceil(N/G), K/G]; contiguous: offsets [E + 1], a_scale [M, K/G],
///   init [M, N]; masked: counts [E], a [E, C, K], a_scale [E, C, K/G],
///   init [E, C, N]. (The offsets' and counts' values are data: see
///   buildGroupIndexCheck in Fp8qToLinalg.h.)
/// * moe_dispatch: scales [T, K/G], experts [T, *], recv_codes [*, *, K],
///   recv_scales [*, *, K/G], K a multiple of G (T from codes);
/// * moe_combine: init [T, k, N] with T, k from experts and N from
///   expert_out.
///
/// The message names the op, its location, the operand and extent, and the
/// extent it must equal, e.g. `fp8q.scaled_matmul (x.mlir:3:8): a_scale
/// extent 0 must equal M (extent 0 of a)`. Requirements between static
/// extents are the verifier's and emit nothing; an op with only static
/// extents gets no assert. The `cf.assert` lowers (convert-cf-to-llvm) to
/// printing the message and `abort()`.
void buildDynamicExtentChecks(OpBuilder &builder, Operation *op);

/// The start of every run-time check message: the op's name and, where
/// known, its source position, e.g. `fp8q.scaled_matmul (x.mlir:3:8)`.
std::string describeOpForChecks(Operation *op);

} // namespace mlir::fp8q

#endif // FP8Q_CONVERSION_EXTENTCHECKS_H
