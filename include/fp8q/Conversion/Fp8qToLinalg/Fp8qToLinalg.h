//===- Fp8qToLinalg.h - fp8q to linalg reference lowering -------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The reference lowering of the fp8q dialect: every op becomes linalg.generic
// ops on tensors computing docs/Numerics.md bit for bit. Besides the pass and
// its patterns, the building blocks are public so that other compilers (and
// the GPU path, for its host-side fallbacks) can emit the same numerics.
//
// The tensor builders below take static or dynamic extents (temporaries are
// sized from tensor.dim); they expect extents that satisfy the op's
// requirements, which the patterns assert at run time where they are dynamic
// (fp8q/Conversion/ExtentChecks.h) before calling them.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOLINALG_FP8QTOLINALG_H
#define FP8Q_CONVERSION_FP8QTOLINALG_FP8QTOLINALG_H

#include "fp8q/IR/Fp8qAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "mlir/Pass/Pass.h"

#include <optional>
#include <string>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::fp8q {

#define GEN_PASS_DECL_CONVERTFP8QTOLINALGPASS
#include "fp8q/Conversion/Passes.h.inc"

/// Adds one pattern per fp8q op (quantize, dequantize, tile_transpose,
/// block_transpose, scaled_matmul, grouped_scaled_matmul, and ep_rank,
/// moe_dispatch, moe_combine with ranks = 1) rewriting it to
/// linalg/arith/math/scf/tensor ops on tensors. A pattern fails to match (with
/// a reason) on ops that getFp8qToLinalgUnsupportedReason rejects.
void populateFp8qToLinalgPatterns(RewritePatternSet &patterns);

/// Returns why the patterns cannot lower `op`, or std::nullopt if they can.
/// Rejected: static quantized extents whose padding to whole tiles overflows
/// int64, scaled_matmul with a group size above kMaxExactGroupSize,
/// expert-parallel ops with ranks > 1 (they need the NCCL runtime), and fp8q
/// ops without a pattern. Dynamic extents are accepted.
std::optional<std::string> getFp8qToLinalgUnsupportedReason(Operation *op);

/// Largest scaled_matmul group size whose partial sums the lowering computes
/// exactly: E4M3 values are multiples of 2^-9 below 2^9, so a product is a
/// multiple of 2^-18 below 2^18 and a sum of G of them fits the 53-bit f64
/// significand while G * 2^18 <= 2^35.
constexpr int64_t kMaxExactGroupSize = int64_t{1} << 17;

//===----------------------------------------------------------------------===//
// Scalar building blocks (docs/Numerics.md, steps 1-3)
//===----------------------------------------------------------------------===//

/// Emits `2^ceil(log2(r))` for a scalar f32 `r`, exactly, from the bits of
/// `r` (the `pow2` scale):
///
/// * a power of two (zero fraction field) is returned unchanged, as are
///   zero, Inf and NaN;
/// * a normal non-power of two becomes the next power of two: the fraction
///   is cleared and the exponent incremented (2^128 overflows to Inf);
/// * a subnormal r = f * 2^-149 (integer f) becomes 2^ceil(log2 f) * 2^-149,
///   which for the largest subnormals is the smallest normal 2^-126.
///
/// The sign bit is kept (a tile scale is never negative).
Value createPow2Ceil(OpBuilder &builder, Location loc, Value r);

/// Emits the f32 -> bf16 rounding (nearest even, gradual underflow,
/// overflow to Inf, NaN to the canonical 0x7FFF) in integer arithmetic.
/// NOTE: not `arith.truncf`: on x86 hosts with AVX512-BF16 LLVM selects
/// VCVTNEPS2BF16, which flushes subnormal inputs and results to zero.
Value createF32ToBF16(OpBuilder &builder, Location loc, Value x);

/// Emits the f32 -> f16 rounding: `arith.truncf` (IEEE nearest even, also on
/// x86 F16C), with NaN replaced by the canonical 0x7FFF.
Value createF32ToF16(OpBuilder &builder, Location loc, Value x);

/// Emits the scale of a tile from its eps-floored f32 `amax`:
/// `amax / 448` (`fp32`, an IEEE division) or createPow2Ceil of it (`pow2`).
Value createTileScale(OpBuilder &builder, Location loc, Value amax,
                      ScaleMode mode);

//===----------------------------------------------------------------------===//
// Tensor building blocks
//===----------------------------------------------------------------------===//

/// How a 2-D tensor is quantized (the attributes of fp8q.quantize).
struct TileQuantization {
  /// Tile extents relative to the source, tails allowed.
  int64_t tileRows;
  int64_t tileCols;
  ScaleMode scaleMode;
  /// Lower bound of every tile's amax.
  float eps;
  /// Produce the codes [C, R] and scales [ceil(C/TC), ceil(R/TR)] instead.
  bool transpose;
  /// Transpose the scales once more (`scale_layout = mn_major`): the scales
  /// of consecutive rows of the codes are contiguous.
  bool mnMajorScales = false;

  /// Whether the scales are [ceil(C/TC), ceil(R/TR)] (the tile grid
  /// transposed), as `transpose` xor `mnMajorScales` make them.
  bool scalesTransposed() const { return transpose != mnMajorScales; }
};

/// Codes and scales of a quantized tensor.
struct QuantizedTensor {
  Value codes;
  Value scales;
};

/// Builds `max(max_{x in T} |x|, eps)` in f32 for every tile T of the 2-D
/// f32/bf16/f16 tensor `source` (static or dynamic extents), NaN-propagating
/// (`arith.maximumf`). The source is padded with zeros to whole tiles (which
/// changes no maximum) and reshaped to [R/TR, TR, C/TC, TC] for one reduction.
/// The result is [ceil(R/TR), ceil(C/TC)], or its transpose if
/// `config.scalesTransposed()` (the layout of the scales).
Value buildTileAmax(OpBuilder &builder, Location loc, Value source,
                    const TileQuantization &config);

/// Builds fp8q.quantize: tile amax, scale `s` and reciprocal `1 / s` per
/// tile, then `cvt_rn_satfinite_e4m3(x * rcp)` per element. The codes are
/// written into `codesInit` and the scales into `scalesInit`, whose shapes
/// must be the (possibly transposed) result shapes.
QuantizedTensor buildQuantize(OpBuilder &builder, Location loc, Value source,
                              const TileQuantization &config, Value codesInit,
                              Value scalesInit);

/// Builds fp8q.dequantize: `f32(q) * s` per element, rounded to nearest
/// even to the element type of `init` (f32, bf16 or f16). A NaN rounded to
/// bf16/f16 is the canonical 0x7FFF (what the GPU conversions produce).
/// `scales` is [ceil(R/TR), ceil(C/TC)], or its transpose if
/// `scalesTransposed` (mn_major).
Value buildDequantize(OpBuilder &builder, Location loc, Value codes,
                      Value scales, int64_t tileRows, int64_t tileCols,
                      Value init, bool scalesTransposed = false);

/// Operands and attributes of fp8q.scaled_matmul.
struct ScaledMatmulOperands {
  /// E4M3 [M, K] with scales [M, K/G] (or [K/G, M], `aScaleMnMajor`).
  Value a, aScale;
  /// E4M3 [N, K] (K-major) with scales [ceil(N/BN), K/G].
  Value b, bScale;
  /// [M, N] f32 or bf16: the result type, and C when `accumulate`.
  Value init;
  /// G, the K extent of a scale group.
  int64_t groupSize;
  /// BN, the rows of `b` sharing a scale (G for weight blocks, 1 for Wgrad).
  int64_t bTileRows;
  bool accumulate;
  /// `aScale` is [K/G, M] (`a_scale_layout = mn_major`).
  bool aScaleMnMajor = false;
};

/// Builds fp8q.scaled_matmul: exact group sums rounded to f32, times
/// `f32(sa * sb)`, accumulated over the groups in f32 in increasing order,
/// plus C once if `accumulate`, rounded to the element type of `init` (NaN
/// to bf16 gives the canonical 0x7FFF).
Value buildScaledMatmul(OpBuilder &builder, Location loc,
                        const ScaledMatmulOperands &operands);

/// Operands and attributes of fp8q.grouped_scaled_matmul.
struct GroupedScaledMatmulOperands {
  /// E4M3 rows with 1xG scales: [M, K] / [M, K/G] (contiguous) or
  /// [E, C, K] / [E, C, K/G] (masked).
  Value a, aScale;
  /// E4M3 [E, N, K] (one K-major weight per group) with GxG block scales
  /// [E, ceil(N/G), K/G].
  Value b, bScale;
  /// i32 offsets [E + 1] (contiguous) or counts [E] (masked).
  Value groups;
  /// [M, N] or [E, C, N], f32 or bf16: the result type, the rows in no
  /// group, and C when `accumulate`.
  Value init;
  /// G, the K extent of a scale group.
  int64_t groupSize;
  bool masked;
  bool accumulate;
};

class GroupedScaledMatmulOp;

/// The operands and attributes of `op`.
GroupedScaledMatmulOperands
getGroupedScaledMatmulOperands(GroupedScaledMatmulOp op);

/// Builds fp8q.grouped_scaled_matmul: each row that belongs to group e is
/// buildScaledMatmul's row against `b[e]`, bit for bit; the other rows are
/// `init`'s. The rows are mapped to their group by an i32 vector (-1: none)
/// computed from the offsets or counts, and `b` and its scales are read at
/// max(group, 0) with tensor.extract: whatever the offsets or counts, nothing
/// is read or written out of bounds. Their validity is checked separately
/// (buildGroupIndexCheck).
Value buildGroupedScaledMatmul(OpBuilder &builder, Location loc,
                               const GroupedScaledMatmulOperands &operands);

/// Emits a `cf.assert` that the offsets (contiguous: 0 <= offsets[0] <= ...
/// <= offsets[E] <= M) or counts (masked: 0 <= counts[e] <= C) of `operands`
/// are valid, with a message naming `what` (the op and its location).
/// Nothing is emitted for constant offsets or counts that are valid for
/// static extents (the quantize-model pass's dense experts).
void buildGroupIndexCheck(OpBuilder &builder, Location loc,
                          const GroupedScaledMatmulOperands &operands,
                          StringRef what);

class MoeDispatchOp;
class MoeCombineOp;

/// The results of fp8q.moe_dispatch, in its result order.
struct MoeDispatchResults {
  Value recvCodes, recvScales, counts, sources;
};

/// Builds fp8q.moe_dispatch with `ranks = 1` (this process owns every
/// expert): checks the expert ids (cf.assert), routes the T*k (token, slot)s
/// in order into per-expert slots (an scf.for on the i32 counts and
/// sources), checks that no expert exceeds the capacity (cf.assert), and
/// gathers the code and scale rows through the sources (zeros in unused
/// slots). Nothing is read or written out of bounds whatever the ids.
/// `op` must have ranks = 1 (getFp8qToLinalgUnsupportedReason).
MoeDispatchResults buildLocalMoeDispatch(OpBuilder &builder, MoeDispatchOp op);

/// Builds fp8q.moe_combine with `ranks = 1`: checks the counts, inverts the
/// sources into one slot per (token, slot), checks that every (token, slot)
/// has exactly one, in the expert `experts` names (cf.assert), and gathers
/// the expert output rows, rounded to bf16.
Value buildLocalMoeCombine(OpBuilder &builder, MoeCombineOp op);

} // namespace mlir::fp8q

#endif // FP8Q_CONVERSION_FP8QTOLINALG_FP8QTOLINALG_H
