//===- QuantizeKernels.h - Hopper quantization kernels ----------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The memory-bound quantization kernels of the GPU path, built directly as
// gpu.func bodies (gpu/nvvm/arith/scf/vector/llvm ops). Every kernel works on
// one 128 x 128 tile of the source per CTA of 256 threads and is shape-generic:
// pointers are `!llvm.ptr` and sizes `i64` arguments, so a variant is
// compiled once and launched for any shape (also ahead of time, from the
// manifest written by fp8q-export-kernels). docs/GPU.md has the thread
// mapping; docs/Numerics.md the arithmetic, which the kernels match bit for
// bit.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOGPU_HOPPER_QUANTIZEKERNELS_H
#define FP8Q_CONVERSION_FP8QTOGPU_HOPPER_QUANTIZEKERNELS_H

#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelInterface.h"
#include "fp8q/IR/Fp8qAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::fp8q::hopper {

//===----------------------------------------------------------------------===//
// Hardware and tiling constants
//===----------------------------------------------------------------------===//

/// Rows and columns of the source tile one CTA owns. 128 = the recipe's tile
/// extent, so a CTA holds exactly one 128x128 block, 128 1x128 row tiles and
/// 128 128x1 column tiles; the grid is (cdiv(K, 128), cdiv(M, 128)).
constexpr int64_t kCtaRows = 128;
constexpr int64_t kCtaCols = 128;
/// Threads per CTA: 8 warps.
constexpr int64_t kCtaThreads = 256;
constexpr int64_t kWarpSize = 32;
constexpr int64_t kCtaWarps = kCtaThreads / kWarpSize;
/// NOTE: 16 bytes is the widest global load/store per thread (LDG.128 /
/// STG.128); every global access of the source and the codes uses it.
constexpr int64_t kVectorBytes = 16;
/// Elements of one "strip": the 16 consecutive elements of a row whose 16
/// E4M3 codes fill one 16-byte store.
constexpr int64_t kStripElements = 16;
/// Strips of a CTA row (128 / 16) and per thread (128 * 8 / 256).
constexpr int64_t kStripsPerRow = kCtaCols / kStripElements;
constexpr int64_t kStripsPerThread = kCtaRows * kStripsPerRow / kCtaThreads;
/// NOTE: gridDim.y is limited to 65535 on every CUDA GPU; the CTA row index
/// of the register kernels (1x128, 128x128) lives there, which bounds their M
/// by 65535 * 128. The staged kernels use a 1-D grid and have no such bound.
constexpr int64_t kMaxGridY = 65535;

//===----------------------------------------------------------------------===//
// Kernel variants
//===----------------------------------------------------------------------===//

/// The kernel families (docs/GPU.md, "Kernels").
enum class QuantKernelKind {
  /// fp8q.quantize, tile 1x128: codes [M, K], scales [M, cdiv(K, 128)].
  RowWise,
  /// fp8q.quantize, tile 128x128: codes [M, K], scales [cdiv(M,128),
  /// cdiv(K,128)].
  Block,
  /// fp8q.quantize, tile 128x1, transpose: codes [K, M] (K-major), scales
  /// [K, cdiv(M, 128)].
  ColumnWiseTransposed,
  /// fp8q.quantize, tile 128x128, transpose: codes [K, M], scales
  /// [cdiv(K,128), cdiv(M,128)] (the block grid transposed). A weight stored
  /// [K, N] (GPT-2's Conv1D, einsum exports) quantized into the [N, K]
  /// layout the GEMM reads; one scale per block, so the transpose is exact.
  BlockTransposed,
  /// RowWise and ColumnWiseTransposed of the same source from one read.
  Fused,
  /// fp8q.tile_transpose, tile 1x128: (codes [M, K], scales [M, cdiv(K,128)])
  /// to codes [K, M] and scales [K, cdiv(M, 128)].
  TileTranspose,
  /// fp8q.block_transpose, tile 128x128: (codes [M, K], scales
  /// [cdiv(M,128), cdiv(K,128)]) to codes [K, M] and scales [cdiv(K,128),
  /// cdiv(M,128)], an exact permutation (no arithmetic on the values).
  BlockTranspose,
};

/// The spellings of one kernel family: `name` in the `fp8q.kernel`
/// attribute and the manifest's `x-kind`, `token` in the kernel name
/// (`fp8q_<token>_...`).
struct QuantKernelKindSpelling {
  QuantKernelKind kind;
  StringLiteral name;
  StringLiteral token;
};

/// Every quantize kernel family, the one table the kernel name, the
/// `fp8q.kernel` attribute (writer and reader) and the manifest spell kinds
/// from.
constexpr QuantKernelKindSpelling kQuantKernelKinds[] = {
    {QuantKernelKind::RowWise, "rowwise", "quantize_1x128"},
    {QuantKernelKind::Block, "block", "quantize_128x128"},
    {QuantKernelKind::ColumnWiseTransposed, "colwise_t", "quantize_128x1t"},
    {QuantKernelKind::BlockTransposed, "block_t", "quantize_128x128t"},
    {QuantKernelKind::Fused, "fused", "quantize_1x128_128x1t"},
    {QuantKernelKind::TileTranspose, "tile_transpose", "tile_transpose_1x128"},
    {QuantKernelKind::BlockTranspose, "block_transpose",
     "block_transpose_128x128"},
};

/// The row of kQuantKernelKinds for `kind`.
const QuantKernelKindSpelling &getKindSpelling(QuantKernelKind kind);
/// The kind spelled `name` in kQuantKernelKinds, or std::nullopt.
std::optional<QuantKernelKind> symbolizeQuantKernelKind(StringRef name);

/// Element type of the data a kernel reads.
enum class SourceElement { F32, BF16, F16, E4M3 };

/// The `eps` default of the fp8q ops (their `eps` attribute).
constexpr float kDefaultEps = 1.0e-4f;

/// One kernel variant: everything that is compiled in. Sizes are runtime
/// arguments; `eps` and the scale layout are constants of the variant, like
/// the op attributes they come from (both outputs of a fused kernel share
/// them).
struct QuantKernelConfig {
  QuantKernelKind kind;
  SourceElement source;
  ScaleMode scaleMode;
  float eps = kDefaultEps;
  /// `mn_major`: every scale output is the transpose of the tile grid (the
  /// op's `scale_layout`); tile_transpose writes k_major only.
  ScaleLayout scaleLayout = ScaleLayout::k_major;

  /// The kernel (and gpu.module) name, e.g. `fp8q_quantize_1x128_bf16_fp32`,
  /// `fp8q_quantize_1x128_128x1t_f16_pow2` (fused) or
  /// `fp8q_tile_transpose_1x128_pow2`, `fp8q_block_transpose_128x128` (no
  /// source type, scale mode or eps: it only moves bytes and scales);
  /// mn_major scales append `_mn`
  /// (`fp8q_quantize_1x128_bf16_fp32_mn`), a non-default eps its f32 bit
  /// pattern, `..._fp32_eps3a83126f` for 1e-3. The name is derived from
  /// the configuration and never parsed back: the kernel module carries the
  /// configuration itself (KernelConfig.h, `fp8q.kernel`).
  std::string getName() const;

  /// Bytes of one source element (4, 2, 2 or 1).
  int64_t getSourceBytes() const;
  /// Dynamic shared memory per CTA in bytes.
  int64_t getDynamicSharedMemoryBytes() const;
};

/// How a kernel walks the 128 x 128 tiles of its source (docs/GPU.md,
/// "Schedules").
///
/// * Register kernels (`staged = false`; 1x128, 128x128, block_transpose):
///   one tile per CTA,
///   grid (cdiv(K,128), cdiv(M,128)); all loads of the tile go to registers
///   at once.
/// * Staged kernels (`staged = true`; the transposed outputs): CTA c takes
///   column tile c % cdiv(K,128) and the `tilesPerCta` consecutive row tiles
///   from (c / cdiv(K,128)) * tilesPerCta on (1-D grid). Each tile is copied
///   into one of `stages` shared-memory buffers with `cp.async`, the copy of
///   the next tile overlapping the work on the current one.
struct TileSchedule {
  bool staged = false;
  int64_t tilesPerCta = 1;
  /// Shared-memory tile buffers: 1, or 2 and more to prefetch.
  int64_t stages = 1;
  /// Resident CTAs per SM the register budget is set for
  /// (`.minnctapersm`); 0 leaves it to ptxas.
  int64_t ctasPerSm = 0;
  /// Staged kernels: the CTA raster (docs/GPU.md, "CTA raster"). 0:
  /// consecutive CTAs take consecutive column tiles of the same rows (whole
  /// source rows). G > 0: the column tiles are walked in groups of G;
  /// consecutive CTAs take the G column tiles of one row chunk, then those
  /// of the next row chunk, so the CTAs that run together write long runs
  /// of the transposed output's rows. Only for sources with at least
  /// `columnGroupMinRowTiles` row tiles (fewer: raster 0).
  int64_t columnGroup = 0;
  int64_t columnGroupMinRowTiles = 0;
};

/// Returns the schedule of `config`'s kernel.
TileSchedule getTileSchedule(const QuantKernelConfig &config);

/// Returns the source element of a tensor element type (f32, bf16, f16 or
/// f8E4M3FN), or std::nullopt.
std::optional<SourceElement> getSourceElement(Type type);
/// The manifest spelling: f32, bf16, f16, f8e4m3fn.
StringRef getSourceElementName(SourceElement element);

//===----------------------------------------------------------------------===//
// Kernel interface (KernelInterface.h)
//===----------------------------------------------------------------------===//

/// The launch grid of `config`'s kernel.
LaunchGrid getLaunchGrid(const QuantKernelConfig &config);

/// Returns the launch ABI of `config`; the single source of the kernel
/// signature built by buildQuantKernelModule and of manifest.json.
KernelInterface getKernelInterface(const QuantKernelConfig &config);

//===----------------------------------------------------------------------===//
// Kernel construction
//===----------------------------------------------------------------------===//

/// Builds `gpu.module @<name> [target] { gpu.func @<name>(...) kernel }` for
/// `config` at the builder's insertion point and returns it. The function has
/// the signature of getKernelInterface(config) (pointers as `!llvm.ptr` with
/// `llvm.noalias`, inputs `llvm.readonly`) and `known_block_size`.
gpu::GPUModuleOp buildQuantKernelModule(OpBuilder &builder, Location loc,
                                        const QuantKernelConfig &config,
                                        Attribute target);

} // namespace mlir::fp8q::hopper

#endif // FP8Q_CONVERSION_FP8QTOGPU_HOPPER_QUANTIZEKERNELS_H
