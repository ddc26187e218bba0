//===- ScaledMatmulKernel.cpp - Hopper fine-grained FP8 GEMM --------------===//
//
// Part of the fp8q project.
//
// A persistent grid of at most `ctas` CTAs loops over the BM x BN tiles of
// the result (default 128 x 128; tile t, t + gridDim.x, ...; grouped
// raster, see kRasterGroupRows). A CTA has BM/64 consumer warpgroups
// (wgmma; at BM = 256 two, each with two 64-row slices: rows 64w and
// 64w + 128) and one producer warpgroup (TMA); the ring of S stages runs on
// across tiles (iteration i = tile-in-CTA * K/128 + kt: stage i % S, phase
// (i / S) % 2), so the producer loads the next tile while the consumers
// finish the last one:
//
//   producer (1 thread)              consumers (warpgroup w: rows 64w..64w+63)
//   for tile, kt: wait empty[s]      for tile: for kt: wait full[s]
//           expect_tx full[s]                wgmma m64nBNk32 x (P/32), fresh
//           TMA A[kt], B[kt] -> s                accumulator per interval P
//                                            arrive empty[s]
//                                            acc += partial * (sa * sb)
//                                            (sb: per CTA, or per column
//                                             for 1x128 B, Wgrad)
//                                    epilogue: (+ C), bf16 RN / f32:
//                                    bf16 through the staging area,
//                                    16-byte row-contiguous stores (else
//                                    pair stores, masked ones on edges)
//
// The bf16 epilogue without C at BN = 128 is deferred into the next tile's
// first pair (emitDeferredEpilogueTileLoop) and written to the staging area
// by stmatrix; with epilogueStorers (static K <= 1024) warps 1-3 of the
// producer warpgroup then store it (emitStorer: mbarriers staged[w] and
// drained[w] after the ring's), the consumers go on.
//
// With 2-CTA clusters along M (clusterM = 2, option gemm-cluster) the loop
// runs over pairs of vertically adjacent tiles; each producer loads its A
// tile and half of the shared B tile, multicast into both CTAs' stage, and
// the stage's empty barrier (in dynamic shared memory) takes one arrival per
// consumer warp of both CTAs. Along N (clusterN = 2, gemm-cluster-n) the
// pairs are horizontally adjacent and A is the shared, multicast tile.
//
// Promotion intervals P of 32 and 64 split a stage; P = 128j (j stages,
// up to the group size G) keeps the tensor-core accumulator across j
// stages before one promotion (G = P = K: the no-promotion experiment).
// With P = 128 (the recipe), the wgmma of K block u + 1
// is issued before block u is promoted, so the promotion overlaps the
// tensor cores (emitOverlappedKLoop: pairs of blocks, the second carried
// complete into the next pair). With two slices per warpgroup each slice's
// wgmma is waited for before its promotion (emitBlockStep; no registers for
// a second partial), and the two warpgroups overlap each other; likewise
// above BN = 128. A BN that does not divide the weight block (144, 160,
// 192) spans two of them: two block scales per K group, picked per
// 8-column group of the fragment, the pick a constant in one copy of the
// K loop per column split where there are at most 4 (emitConsumer).
//
// Shared memory, one stage s of the ring (128-byte swizzle, 1024-aligned):
//
//   +-------------------------------+  A[s]: BM rows x 128 K-bytes
//   | row 0   k0 ........ k127      |  (TMA box [BM, 128] of the i8 map,
//   | ...                           |   rows past M zero-filled)
//   +-------------------------------+  B[s]: BN rows x 128 K-bytes
//   | ...                           |
//   +-------------------------------+
//   after the S stages, bf16 results where it fits: the epilogue's staging
//   area, one slice of rows (BM, or 128 at BM = 256) of BN bf16 + 16 bytes
//   (f32 + 32 bytes with accumulate; getEpilogueStagingPitch); then,
//   1x128 B only:
//   f32 colScale[warpgroup][p % B][BN] =
//   sb[n0 + n, g] (p: promotion, B: 3 buffers with the overlapped
//   promotion, else 2); then, with split-K, its splitK mbarriers (i64)
//
// Each region is a typed memref.view of gpu.dynamic_shared_memory, declared
// 1024-byte aligned (the stages as bytes, the column scales as f32).
// The mbarriers full[S] and empty[S] (and the storers' staged[2],
// drained[2]) are one nvgpu.mbarrier.group (static shared memory, 8 bytes
// each); with clusters the S cluster empty barriers, which inline PTX
// addresses, are the kernel's workgroup attribution (static shared memory
// too, in the padding before the 1024-byte aligned dynamic array); the TMA
// copies are nvgpu.tma.async.load
// into [BM, 128] / [BN, 128] views of a stage, with the kernel's tensor map
// parameters as !nvgpu.tensormap.descriptor values.
// NOTE: the wgmma stays nvvm.wgmma.mma_async with descriptors computed from
// the stage's address: a promotion interval starts from a fresh tensor-core
// accumulator (scale-d = 0 on its first wgmma), which nvgpu.warpgroup.mma
// (always scale-d = 1 onto its accumulator operand) cannot express, and
// nvgpu.warpgroup.generate.descriptor's result feeds only that op.
//
// Accumulator fragment of m64nNk32 (f32), thread t of a warpgroup, warp
// w = t / 32, lane l: value 4j + {0,1} at row 16w + l/4, columns
// 8j + 2(l%4) + {0,1}; value 4j + {2,3} at row 16w + l/4 + 8.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToGPU/Hopper/ScaledMatmulKernel.h"
#include "KernelBuilder.h"
#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#include <numeric>

#define DEBUG_TYPE "convert-fp8q-to-gpu"

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;

namespace {

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// NOTE: 128-byte swizzled tiles must start on a 1024-byte boundary (the
/// swizzle pattern repeats every 8 rows of 128 bytes). The kernel declares
/// its dynamic shared array 1024-byte aligned
/// (KernelInterface::dynamicSharedMemoryAlignment: `.extern .shared .align
/// 1024`), which the CUDA driver honours, and the stages start at its
/// first byte; ptxas pads the static shared memory before it (the
/// mbarriers) to that alignment.
constexpr int64_t kSwizzleAtomBytes = 1024;
/// NOTE: sm_90 gives a CTA at most 227 KB of shared memory, static and
/// (opt-in) dynamic together.
constexpr int64_t kMaxSharedBytes = 227 * 1024;
/// Bytes of one mbarrier object.
constexpr int64_t kMbarrierBytes = 8;
/// NOTE: wgmma shared-memory descriptor fields (PTX ISA, "Matrix Descriptor
/// Format"): start address, leading and stride byte offsets in 16-byte
/// units, and the swizzle mode in bits 62-63 (1 = 128-byte swizzle).
constexpr int64_t kDescUnitBytes = 16;
constexpr int64_t kDescAddressMask = 0x3FFF;
constexpr int64_t kDescLeadingShift = 16;
constexpr int64_t kDescStrideShift = 32;
constexpr int64_t kDescSwizzleShift = 62;
constexpr int64_t kDescSwizzle128B = 1;
/// NOTE: with the 128-byte swizzle and K-major operands the leading byte
/// offset is unused (one swizzle row spans the whole K extent of a stage);
/// the stride byte offset is the distance between 8-row core-matrix groups.
constexpr int64_t kDescUnusedLeading = 1;
constexpr int64_t kDescStrideBytes = 8 * kGemmBlockK;
/// Suspend-time hint of mbarrier.try_wait (ns).
constexpr int64_t kTryWaitTicks = 0x989680;
/// Rows of one wgmma accumulator fragment per warp, and the row distance of
/// the two rows a thread holds.
constexpr int64_t kFragmentWarpRows = 16;
constexpr int64_t kFragmentRowStep = 8;
/// Lanes sharing one accumulator row.
constexpr int64_t kFragmentLanesPerRow = 4;
constexpr int64_t kWarpLanes = 32;
/// Result columns per chunk of the staged epilogue: 8 bf16 are one 16-byte
/// store.
constexpr int64_t kStagedChunk = 8;
/// NOTE: gridDim.x < 2^31 on every CUDA GPU since sm_30.
constexpr int64_t kMaxGridXBlocks = (int64_t{1} << 31) - 1;
/// Result tiles are visited in groups of this many tile rows (M), all tile
/// columns of a group before the next group, so that the CTAs running at
/// the same time share A and B tiles in L2.
constexpr int64_t kRasterGroupRows = 8;

} // namespace

//===----------------------------------------------------------------------===//
// GemmKernelConfig
//===----------------------------------------------------------------------===//

StringRef hopper::getGemmOutElementName(GemmOutElement element) {
  return element == GemmOutElement::BF16 ? "bf16" : "f32";
}

StringRef hopper::getGemmPromotionName(GemmPromotion promotion) {
  return promotion == GemmPromotion::FMA ? "fma" : "mul-add";
}

StringRef hopper::getGemmGroupingName(GemmGrouping grouping) {
  switch (grouping) {
  case GemmGrouping::None:
    return "none";
  case GemmGrouping::Contiguous:
    return "contiguous";
  case GemmGrouping::Masked:
    return "masked";
  }
  llvm_unreachable("unknown GemmGrouping");
}

std::string GemmKernelConfig::getName() const {
  std::string name =
      llvm::formatv("fp8q_scaled_matmul_1x128_{0}_{1}",
                    bScaling == GemmBScaling::Block ? "128x128" : "1x128",
                    getGemmOutElementName(out));
  if (accumulate)
    name += "_acc";
  if (aScaleMnMajor)
    name += "_amn";
  if (grouping != GemmGrouping::None)
    name += ("_grouped_" + getGemmGroupingName(grouping)).str();
  if (epilogueStorers)
    name += "_sw";
  if (tmaStore)
    name += "_tma";
  if (groupSize != kGemmBlockK)
    name += llvm::formatv("_g{0}", groupSize).str();
  if (promotionInterval != kGemmBlockK)
    name += llvm::formatv("_pi{0}", promotionInterval).str();
  if (!(tile == GemmTileConfig()))
    name += llvm::formatv("_m{0}n{1}s{2}c{3}", tile.blockM, tile.blockN,
                          tile.stages, tile.ctas)
                .str();
  if (tile.clusterM > 1)
    name += llvm::formatv("x{0}", tile.clusterM).str();
  if (tile.clusterN > 1)
    name += llvm::formatv("xn{0}", tile.clusterN).str();
  if (tile.splitK > 1)
    name += llvm::formatv("k{0}", tile.splitK).str();
  if (promotion == GemmPromotion::MulAdd)
    name += "_muladd";
  return name;
}

LaunchGrid hopper::getLaunchGrid(const GemmKernelConfig &config) {
  LaunchGrid grid;
  if (config.grouping != GemmGrouping::None) {
    // The tiles of a grouped GEMM depend on the offsets or counts: a fixed
    // persistent grid; CTAs left without a tile return.
    grid.rowTile = 1;
    grid.columnSize = "N";
    grid.columnTile = 1;
    grid.flat = true;
    grid.fixedCtas = config.tile.ctas;
    return grid;
  }
  // With clusters along M (N) a grid row (column) is a cluster's clusterM
  // tile rows (clusterN tile columns); with split-K each tile takes a
  // cluster of splitK CTAs. The grid is a whole number of clusters.
  grid.rowTile = config.tile.blockM * config.tile.clusterM;
  grid.columnSize = "N";
  grid.columnTile = config.tile.blockN * config.tile.clusterN;
  grid.flat = true;
  grid.maxCtas = config.tile.ctas;
  grid.clusterCtas = config.getClusterCtas();
  return grid;
}

int64_t GemmKernelConfig::getEpilogueStagingBytes() const {
  // NOTE: H200 (bench/results/h200-bench-gemm-wgrad-staging.txt): staged,
  // the f32 Wgrad kernel was 0.95x the one storing from registers.
  if (out == GemmOutElement::F32)
    return 0;
  // NOTE: one slice at a time (emitStagedSlice): with two slices per
  // warpgroup the area holds half the tile, and 256 x 128 keeps 4 stages.
  int64_t staging = getSliceRows() * (tmaStore ? tile.blockN * getOutBytes()
                                               : getEpilogueStagingPitch());
  // Split-K: the staging area and the sums' slot share their bytes.
  int64_t others = tile.stages * getStageBytes() + getColumnScaleBytes() +
                   getSplitKBarrierBytes() + getStaticSharedMemoryBytes();
  return others + std::max(staging, getSplitKSlotBytes()) <= kMaxSharedBytes
             ? staging
             : 0;
}

int64_t GemmKernelConfig::getDynamicSharedMemoryBytes() const {
  return tile.stages * getStageBytes() +
         std::max(getEpilogueStagingBytes(), getSplitKSlotBytes()) +
         getColumnScaleBytes() + getSplitKBarrierBytes();
}

int64_t GemmKernelConfig::getStaticSharedMemoryBytes() const {
  // The ring's full and empty barriers; the storers' staged and drained
  // ones for each consumer warpgroup; the cluster's empty ones.
  // NOTE: the cluster's sit in the static area's padding (at most 28 of
  // its 128 slots): 6 stages of 128 x 128 and the epilogue's staging area
  // leave exactly 1024 bytes of the 227 KiB, which they exceeded by 48 in
  // the dynamic array.
  int64_t barriers = 2 * tile.stages + (epilogueStorers ? 4 : 0);
  int64_t bytes = barriers * kMbarrierBytes + getClusterBarrierBytes();
  return llvm::alignTo(bytes, kSwizzleAtomBytes);
}

SmallVector<int64_t> GemmKernelConfig::getColumnSplits() const {
  SmallVector<int64_t> splits;
  if (!spansWeightBlocks())
    return splits;
  int64_t step = std::gcd(tile.blockN, groupSize);
  for (int64_t phase = 0; phase < groupSize; phase += step) {
    int64_t split = std::min(tile.blockN, groupSize - phase) / kWgmmaNStep;
    if (!llvm::is_contained(splits, split))
      splits.push_back(split);
  }
  return splits;
}

bool GemmKernelConfig::defersEpilogue() const {
  // NOTE: H200 (bench/results/h200-deferred-epilogue.txt, call 3): the
  // bf16 128 x 128 kernel with it against the one without, three
  // alternating rounds: faster on 11 of 12 shapes (median 1.02x, up to
  // 1.07x at 4096x7168x2048), 0.99x at 4096x32768x512 (4 K blocks per
  // tile; one kernel serves every K); the _acc and Wgrad forms spilled 36
  // and 68 bytes with it.
  return isRecipeBF16() && tile.blockM == 128 && tile.blockN == 128 &&
         tile.clusterN == 1 && tile.splitK == 1 &&
         overlapsPromotion();
}

bool GemmKernelConfig::dispatchesColumnSplit() const {
  if (!spansWeightBlocks())
    return false;
  return static_cast<int64_t>(getColumnSplits().size()) <=
         kMaxColumnSplitVariants;
}

namespace {
/// The tile choice's candidates, in order of preference: fewer, larger
/// tiles read each operand byte fewer times; 6 stages keep the smaller
/// tiles' TMA ring as deep in bytes. The first is the default 128 x 128.
constexpr GemmTileConfig kTileCandidates[] = {
    {128, 128, 4, 0}, {128, 64, 6, 0}, {64, 128, 4, 0}, {64, 64, 6, 0}};

/// The persistent grid of `ctas` CTAs over the result tiles of an m x n
/// GEMM with `tile`: how many tiles, and how many waves (tiles per CTA, the
/// busiest CTA's).
struct TileWaves {
  int64_t tiles, waves;
  TileWaves(int64_t m, int64_t n, const GemmTileConfig &tile, int64_t ctas)
      : tiles(llvm::divideCeil(m, tile.blockM) *
              llvm::divideCeil(n, tile.blockN)),
        waves(llvm::divideCeil(tiles, ctas)) {}
  /// The share of the persistent grid's CTA slots that hold a tile.
  double getEfficiency(int64_t ctas) const {
    return double(tiles) / double(waves * ctas);
  }
};

/// Tiles (or CTAs) that make a wave of a grid of `ctas` CTAs full enough for
/// the tile choice: three quarters of it.
int64_t fullWaveTiles(int64_t ctas) { return llvm::divideCeil(3 * ctas, 4); }

/// `form` with `replacement` in place of its chosen tile `tile`: the grid
/// (`ctas`) of `tile`, the clusters of the options (`form.tile`), so that
/// getInvalidReason() judges the kernel the lowering would build.
GemmKernelConfig withReplacementTile(const GemmKernelConfig &form,
                                     const GemmTileConfig &replacement,
                                     const GemmTileConfig &tile) {
  GemmKernelConfig config = form;
  config.tile = replacement;
  config.tile.ctas = tile.ctas;
  config.tile.clusterM = form.tile.clusterM;
  config.tile.clusterN = form.tile.clusterN;
  return config;
}

/// Whether `tile` has the default tile's 128 x 128 shape and `form` is the
/// recipe's bf16 result: the combination the wide tiles and the deeper ring
/// were measured on.
bool isRecipeBF16Square(const GemmTileConfig &tile,
                        const GemmKernelConfig &form) {
  const GemmTileConfig &square = kTileCandidates[0];
  return form.isRecipeBF16() && tile.blockM == square.blockM &&
         tile.blockN == square.blockN;
}

/// Stages of the deeper ring (deepenGemmRing).
constexpr int64_t kDeepRingStages = 6;

/// Whether `tile` is the deeper ring's: the recipe's bf16 128 x 128 tile
/// with kDeepRingStages (chosen by deepenGemmRing or given by the tiling
/// options; one kernel either way).
bool isDeepRing(const GemmTileConfig &tile, const GemmKernelConfig &form) {
  return isRecipeBF16Square(tile, form) && tile.stages == kDeepRingStages;
}

/// The 128 x 128 tile `tile` or a wider one for the bf16 recipe form
/// `form` (chooseGemmTile); other tiles and forms are returned as they are.
GemmTileConfig widenGemmTile(int64_t m, int64_t n, const GemmTileConfig &tile,
                             const GemmKernelConfig &form) {
  // NOTE: H200 (bench/results/h200-bench-gemm-wide-n.txt): against the
  // 128x128 kernel, 128x160 ran 1.50x at 4096x576x7168 and 1.06x at
  // 1024x7168x2048, 128x192 1.13x at 128x24576x1536 and 1.09x at
  // 4096x2112x7168; where the waves are alike they ran 0.93-1.01x (no
  // overlapped promotion: BN/2 registers too many for its pairs).
  static constexpr GemmTileConfig kWideTiles[] = {{128, 160, 4, 0},
                                                  {128, 192, 4, 0}};
  constexpr double kWideTileGain = 1.05;
  if (!isRecipeBF16Square(tile, form))
    return tile;
  // The columns the busiest CTA of the persistent grid computes.
  auto busiest = [&](const GemmTileConfig &candidate) {
    return TileWaves(m, n, candidate, tile.ctas).waves * candidate.blockN;
  };
  GemmTileConfig best = tile;
  double bestColumns = double(busiest(tile)) / kWideTileGain;
  for (GemmTileConfig candidate : kWideTiles) {
    candidate.ctas = tile.ctas;
    GemmKernelConfig config = form;
    config.tile = candidate;
    if (config.getInvalidReason() || !config.dispatchesColumnSplit())
      continue;
    if (double(busiest(candidate)) <= bestColumns) {
      best = candidate;
      bestColumns = double(busiest(candidate));
    }
  }
  return best;
}
} // namespace

namespace {
/// The 128 x 128 tile `tile` of the recipe's bf16 form `form`, or 192 x 128
/// (three consumer warpgroups, 4 stages) where that was measured to pay: a
/// static `k` of at most kThreeConsumerMaxK, the TMA store taken with it
/// (prefersTmaStore) and its last wave not much emptier than 128 x 128's
/// (the share of the grid's CTA slots holding a tile at least 1/1.05 of
/// 128 x 128's). Other tiles and forms are returned as they are.
GemmTileConfig lengthenGemmTile(int64_t m, int64_t n, int64_t k,
                                const GemmTileConfig &tile,
                                const GemmKernelConfig &form) {
  // NOTE: H200 (bench/results/h200-s15.txt, call 4, two alternating
  // rounds): 192 x 128 with the TMA store ran 1.08-1.11x the best 128 x 128
  // kernel at K = 512 (4096x32768, 4096x7168, 8192x8192), 1.04x at K = 1024
  // (4096x7168, 8192x7168), 0.99x at 4096x4096x1024 (704 tiles: the sixth
  // wave a third full), 1.02x at 4096x24576x1536 and 0.98-0.99x at K =
  // 2048. Without the TMA store it ran 1.02x the storers at
  // 4096x32768x512 (call 3) and 0.88-0.93x at K >= 7168.
  static constexpr GemmTileConfig kThreeConsumerTile = {192, 128, 4, 0};
  constexpr int64_t kThreeConsumerMaxK = 1024;
  constexpr double kThreeConsumerGain = 1.05;
  if (!isRecipeBF16Square(tile, form) || k <= 0 || k > kThreeConsumerMaxK)
    return tile;
  GemmKernelConfig config =
      withReplacementTile(form, kThreeConsumerTile, tile);
  if (config.getInvalidReason() || !prefersTmaStore(m, n, k, config))
    return tile;
  if (kThreeConsumerGain *
          TileWaves(m, n, config.tile, tile.ctas).getEfficiency(tile.ctas) <
      TileWaves(m, n, tile, tile.ctas).getEfficiency(tile.ctas))
    return tile;
  return config.tile;
}

/// The 128 x 128 tile `tile` of the recipe's bf16 form `form`, or 256 x
/// 128 (two 64-row slices per consumer warpgroup, 3 stages) where its tiles
/// make one full wave of the persistent grid (at least three quarters of
/// its CTAs, at most all: one tile per CTA where 128 x 128 gives most CTAs
/// two), M is at least kOneWaveMinM and the static K at least kOneWaveMinK,
/// where that was measured to pay; else none.
std::optional<GemmTileConfig> fillOneWave(int64_t m, int64_t n, int64_t k,
                                          const GemmTileConfig &tile,
                                          const GemmKernelConfig &form) {
  // NOTE: H100 (bench/results/h100-s19.txt, calls 1, 3 and 4, two to four
  // alternating rounds): against the pass's 128 x 128 kernel (6 stages at
  // K <= 8192 on two waves, else 4), 1.03-1.06x at 1024x4096x7168 and
  // 2048x2048x7168, 1.02x at 1024x4096x16384 and 2048x2048x16384; 0.97-1.01x
  // at K <= 4096 and at 512x8192x{4096, 7168} (M = 512, two rows of tiles).
  static constexpr GemmTileConfig kOneWaveTile = {256, 128, 3, 0};
  constexpr int64_t kOneWaveMinM = 1024;
  constexpr int64_t kOneWaveMinK = 7168;
  if (!isRecipeBF16Square(tile, form) || m < kOneWaveMinM ||
      k < kOneWaveMinK)
    return std::nullopt;
  GemmKernelConfig config = withReplacementTile(form, kOneWaveTile, tile);
  if (config.getInvalidReason())
    return std::nullopt;
  TileWaves waves(m, n, config.tile, tile.ctas);
  if (waves.waves != 1 || waves.tiles < fullWaveTiles(tile.ctas))
    return std::nullopt;
  return config.tile;
}

/// The chosen tile `tile` of an m x n x k GEMM with a deeper ring where
/// that was measured to pay: the 128 x 128 tile of the recipe's bf16 form
/// takes 6 stages instead of 4 when K is static, at least kDeepRingMinK,
/// and either at most kDeepRingMaxK or at most kDeepRingFewWavesMaxK with
/// at most two waves of tiles on the persistent grid; other tiles, forms
/// and a dynamic K (`k` 0) keep theirs.
GemmTileConfig deepenGemmRing(int64_t m, int64_t n, int64_t k,
                              const GemmTileConfig &tile,
                              const GemmKernelConfig &form) {
  // NOTE: H200 (bench/results/h200-s11.txt, calls 1-3, two or three
  // alternating rounds each): against 4 stages, 6 ran 1.00-1.08x at K =
  // 1024-2048 (4096x7168x1024, 4096x7168x2048, 4096x24576x1536,
  // 2048x7168x2048, 256x7168x2048) and 1.04-1.08x at 1024x4096x7168 (two
  // waves), but 0.98x at 4096x32768x512, 0.997-1.00x at the other K =
  // 7168 shapes and 0.98x at 4096x36864x7168, 8192x8192x8192 and (call 1)
  // 4096x7168x16384. The Wgrad form lost 2-4 % at 6 stages.
  constexpr int64_t kDeepRingMinK = 1024;
  constexpr int64_t kDeepRingMaxK = 2048;
  constexpr int64_t kDeepRingFewWavesMaxK = 8192;
  if (!isRecipeBF16Square(tile, form) ||
      tile.stages != kTileCandidates[0].stages)
    return tile;
  bool fewWaves = TileWaves(m, n, tile, tile.ctas).waves <= 2;
  if (k < kDeepRingMinK ||
      k > (fewWaves ? kDeepRingFewWavesMaxK : kDeepRingMaxK))
    return tile;
  GemmKernelConfig config = form;
  config.tile = tile;
  config.tile.stages = kDeepRingStages;
  if (config.getInvalidReason())
    return tile;
  return config.tile;
}
} // namespace

SmallVector<StringRef> GemmKernelConfig::getPtxasOptions() const {
  if (epilogueStorers || isDeepRing(tile, *this))
    return {};
  return {kPtxasRegisterUsageLevel};
}

GemmTileConfig hopper::chooseGemmTile(int64_t m, int64_t n, int64_t k,
                                      const GemmKernelConfig &form) {
  int64_t ctas = form.tile.ctas;
  // NOTE: H200 (bench/results/h200-bench-gemm-m256.txt): in the Wgrad form
  // two 64-row slices per consumer warpgroup ran 1.05-1.06x the 128 x 128
  // tile where both fill their last wave alike, and lost where the larger
  // tile's last wave is emptier (7168x2048: 0.93x, 7168x576: 0.80x); with
  // weight blocks they lose to the 128 x 128 tile's overlapped promotion
  // but on one wave (fillOneWave).
  static constexpr GemmTileConfig kWgradTile = {256, 128, 3, 0};
  constexpr double kWgradTileGain = 1.05;
  int64_t wanted = fullWaveTiles(ctas);
  auto waveEfficiency = [&](const GemmTileConfig &tile) {
    return TileWaves(m, n, tile, ctas).getEfficiency(ctas);
  };
  if (form.bScaling == GemmBScaling::Row &&
      TileWaves(m, n, kWgradTile, ctas).tiles >= wanted &&
      kWgradTileGain * waveEfficiency(kWgradTile) >=
          waveEfficiency(kTileCandidates[0])) {
    GemmTileConfig tile = kWgradTile;
    tile.ctas = ctas;
    return tile;
  }
  std::optional<GemmTileConfig> best;
  int64_t bestTiles = -1;
  for (GemmTileConfig candidate : kTileCandidates) {
    if (m <= kWgmmaM && candidate.blockM > kWgmmaM)
      continue;
    candidate.ctas = ctas;
    int64_t tiles = TileWaves(m, n, candidate, ctas).tiles;
    if (tiles >= wanted) {
      if (std::optional<GemmTileConfig> oneWave =
              fillOneWave(m, n, k, candidate, form))
        return *oneWave;
      return deepenGemmRing(
          m, n, k,
          lengthenGemmTile(m, n, k, widenGemmTile(m, n, candidate, form),
                           form),
          form);
    }
    if (tiles > bestTiles) {
      best = candidate;
      bestTiles = tiles;
    }
  }
  return deepenGemmRing(m, n, k, widenGemmTile(m, n, *best, form), form);
}

GemmTileConfig hopper::splitGemmTile(int64_t m, int64_t n, int64_t k,
                                     const GemmKernelConfig &config) {
  // NOTE: H200 (bench/results/h200-s16.txt, call 1, two alternating rounds
  // against the pass's choice before): 64 x 64 with two CTAs per tile ran
  // 1.17-1.22x at 64x4096x7168 (200-204 against 167-171 TFLOP/s: 128 CTAs
  // instead of 64), 128 x 64 with two 1.07-1.12x at 128x4096x7168 (359-362
  // against 324-335: two consumer warpgroups instead of 64 x 64's one, on
  // as many SMs). At K = 2048 every split lost (0.45-0.87x: 8 K blocks per
  // CTA do not pay for the reduction), so did 128 x 128 with two in place
  // of 128 x 64 at 256x4096x7168 (0.89-0.93x) and any split over four CTAs
  // (0.19-0.85x).
  static constexpr GemmTileConfig kSplitTiles[] = {{128, 64, 6, 0, 1, 2},
                                                   {64, 64, 6, 0, 1, 2}};
  const GemmTileConfig &tile = config.tile;
  if (!config.isRecipeBF16() || tile.blockM != kWgmmaM || tile.splitK != 1 ||
      tile.getMulticastCtas() != 1 || k < kSplitKMinK)
    return tile;
  int64_t wanted = fullWaveTiles(tile.ctas);
  for (GemmTileConfig candidate : kSplitTiles) {
    if (m <= kWgmmaM && candidate.blockM > kWgmmaM)
      continue;
    candidate.ctas = tile.ctas;
    int64_t ctas =
        TileWaves(m, n, candidate, tile.ctas).tiles * candidate.splitK;
    if (ctas < wanted || ctas > tile.ctas)
      continue;
    GemmKernelConfig split = config;
    split.tile = candidate;
    if (!split.getInvalidReason())
      return candidate;
  }
  return tile;
}

bool hopper::prefersTmaStore(int64_t m, int64_t n, int64_t k,
                             const GemmKernelConfig &config) {
  // NOTE: H200 (bench/results/h200-s15.txt, call 2, two alternating rounds
  // of the 25-shape plan): the TMA store ran 1.04-1.07x where K <= 2048 and
  // the grid runs many waves (4096x24576x1536, 4096x7168x1024 against the
  // storers, 4096x7168x2048, 2048x7168x2048), 1.00x at 4096x32768x512
  // against the storers, 0.95-0.99x at 256x7168x2048 (one wave: nothing to
  // overlap its store with) and 0.98-1.03x at K >= 7168.
  if (k <= 0 || k > kTmaStoreMaxK || n % 8 != 0)
    return false;
  return config.canUseTmaStore() &&
         TileWaves(m, n, config.tile, config.tile.ctas).waves >= 2;
}

std::optional<std::string> GemmKernelConfig::getInvalidReason() const {
  // One consumer warpgroup per 64 rows up to three, or two warpgroups of
  // two 64-row slices each (getSlices).
  if (tile.blockM != kWgmmaM && tile.blockM != 2 * kWgmmaM &&
      tile.blockM != 3 * kWgmmaM && tile.blockM != kSlicedBlockM)
    return llvm::formatv("BLOCK_M ({0}) must be {1}, {2}, {3} or {4}",
                         tile.blockM, kWgmmaM, 2 * kWgmmaM, 3 * kWgmmaM,
                         kSlicedBlockM)
        .str();
  if (tile.blockN < kWgmmaNStep || tile.blockN % kWgmmaNStep != 0 ||
      tile.blockN > kWgmmaMaxN)
    return llvm::formatv("BLOCK_N ({0}) must be a multiple of {1} up to {2}",
                         tile.blockN, kWgmmaNStep, kWgmmaMaxN)
        .str();
  // NOTE: tile starts are multiples of BN, so a tile's first column lies
  // n0 % G = a multiple of gcd(BN, G) into its weight block: the tile
  // reaches at most G - gcd + BN columns from that block's start. Spanning
  // widths are taken above 128 only, where the promotion waits for each
  // block (overlapsPromotion): the narrower ones (96, 112) would run the
  // pair loop with both blocks' scales carried, which no GPU has checked.
  if (bScaling == GemmBScaling::Block && groupSize % tile.blockN != 0 &&
      (tile.blockN <= kGemmBlockK ||
       tile.blockN > groupSize + std::gcd(tile.blockN, groupSize)))
    return llvm::formatv("BLOCK_N ({0}) must divide the {1}-row weight block "
                         "or span at most two of them with more than {2} "
                         "columns ({2} < BLOCK_N <= {1} + gcd(BLOCK_N, {1}), "
                         "e.g. 144, 160, 192)",
                         tile.blockN, groupSize, kGemmBlockK)
        .str();
  if (tile.stages < 1 || tile.stages > 8)
    return llvm::formatv("stages ({0}) must be in 1..8", tile.stages).str();
  if (tile.ctas < 1 || tile.ctas > kMaxGridXBlocks)
    return llvm::formatv("CTAs ({0}) must be in 1..{1}", tile.ctas,
                         kMaxGridXBlocks)
        .str();
  if (tile.clusterM != 1 && tile.clusterM != 2)
    return llvm::formatv("the cluster along M ({0} CTAs) must be 1 or 2",
                         tile.clusterM)
        .str();
  if (tile.clusterN != 1 && tile.clusterN != 2)
    return llvm::formatv("the cluster along N ({0} CTAs) must be 1 or 2",
                         tile.clusterN)
        .str();
  if (tile.clusterM > 1 && tile.clusterN > 1)
    return std::string("a cluster runs along M or along N, not both");
  // NOTE: each CTA's part of the shared tile starts on a 1024-byte swizzle
  // atom (8 rows of 128 bytes).
  if (tile.blockN % (tile.clusterM * 8) != 0)
    return llvm::formatv("BLOCK_N ({0}) must be a multiple of {1} with "
                         "{2}-CTA clusters along M",
                         tile.blockN, tile.clusterM * 8, tile.clusterM)
        .str();
  if (tile.blockM % (tile.clusterN * 8) != 0)
    return llvm::formatv("BLOCK_M ({0}) must be a multiple of {1} with "
                         "{2}-CTA clusters along N",
                         tile.blockM, tile.clusterN * 8, tile.clusterN)
        .str();
  if (tile.splitK != 1 && tile.splitK != 2 && tile.splitK != 4)
    return llvm::formatv("split-K ({0} CTAs per tile) must be 1, 2 or 4",
                         tile.splitK)
        .str();
  if (tile.splitK > 1 && tile.getMulticastCtas() > 1)
    return std::string("split-K runs without clusters along M or N");
  if (tile.ctas < getClusterCtas())
    return llvm::formatv("CTAs ({0}) must be at least the cluster's {1}",
                         tile.ctas, getClusterCtas())
        .str();
  int64_t sharedBytes =
      getDynamicSharedMemoryBytes() + getStaticSharedMemoryBytes();
  if (sharedBytes > kMaxSharedBytes)
    return llvm::formatv("the {0} stages of {1}x128 + {2}x128 bytes need "
                         "{3} bytes of shared memory (at most {4} per CTA)",
                         tile.stages, tile.blockM, tile.blockN, sharedBytes,
                         kMaxSharedBytes)
        .str();
  if (getAccumulatorRegisters() > getMaxAccumulatorRegisters())
    return llvm::formatv("the {0}x{1} tile needs {2} accumulator registers "
                         "per consumer thread (the promoted sums and the "
                         "wgmma partials live beside them, {3} each); at "
                         "most {4} fit",
                         tile.blockM, tile.blockN, getAccumulatorRegisters(),
                         getFragmentValues(), getMaxAccumulatorRegisters())
        .str();
  if (grouping != GemmGrouping::None && bScaling != GemmBScaling::Block)
    return std::string("grouped GEMMs take 128x128 weight blocks");
  if (grouping != GemmGrouping::None && getClusterCtas() > 1)
    return std::string("grouped GEMMs run without clusters (a cluster's "
                       "tiles would straddle groups)");
  if (groupSize < kGemmBlockK || groupSize % kGemmBlockK != 0)
    return llvm::formatv("group size ({0}) must be a multiple of {1}",
                         groupSize, kGemmBlockK)
        .str();
  bool subBlock = promotionInterval < kGemmBlockK &&
                  promotionInterval >= kWgmmaK &&
                  kGemmBlockK % promotionInterval == 0;
  bool wholeBlocks = promotionInterval >= kGemmBlockK &&
                     promotionInterval % kGemmBlockK == 0 &&
                     groupSize % promotionInterval == 0;
  if (!subBlock && !wholeBlocks)
    return llvm::formatv("promotion interval ({0}) must be 32, 64, or a "
                         "multiple of {1} dividing the group size ({2})",
                         promotionInterval, kGemmBlockK, groupSize)
        .str();
  // NOTE: an interval over several stages keeps its partial across them;
  // two slices would hold two partials beside their two accumulators.
  if (getSlices() > 1 && promotionInterval > kGemmBlockK)
    return llvm::formatv("BLOCK_M = {0} takes a promotion interval of at "
                         "most {1} (got {2})",
                         tile.blockM, kGemmBlockK, promotionInterval)
        .str();
  if (tmaStore && !canUseTmaStore())
    return llvm::formatv("the TMA-store epilogue takes bf16 results without "
                         "C staged by stmatrix, BLOCK_N a multiple of {0}, "
                         "no storer warps, no clusters along N, no split-K, "
                         "not grouped",
                         kTmaStoreBoxColumns)
        .str();
  if (epilogueStorers && !canUseEpilogueStorers())
    return std::string("epilogue storers take the deferred bf16 epilogue "
                       "(bf16 results without C, 128x128 weight blocks, a "
                       "128 x 128 tile without clusters or split-K, "
                       "not grouped)");
  return std::nullopt;
}

KernelInterface hopper::getKernelInterface(const GemmKernelConfig &config) {
  KernelInterface result;
  std::string out = getGemmOutElementName(config.out).str();
  auto pointer = [&](StringRef name, StringRef role, StringRef dtype,
                     SmallVector<std::string, 2> shape, bool written,
                     int64_t alignment) {
    KernelArg arg;
    arg.name = name.str();
    arg.kind = KernelArgKind::Ptr;
    arg.role = role.str();
    arg.dtype = dtype.str();
    arg.shape = std::move(shape);
    arg.written = written;
    arg.alignment = alignment;
    result.args.push_back(arg);
  };
  // A u8 map over the bytes of `of`, boxes of `rows` x `rowBytes`.
  auto tensorMap = [&](StringRef name, StringRef of, int64_t rows,
                       int64_t rowBytes) {
    KernelArg arg;
    arg.name = name.str();
    arg.kind = KernelArgKind::TensorMap;
    arg.role = "tensormap";
    arg.tensorMapOf = of.str();
    arg.box = {rows, rowBytes};
    arg.dtype = "u8";
    arg.swizzle = "128B";
    result.args.push_back(arg);
  };
  std::string groups = llvm::formatv("K/{0}", config.groupSize).str();
  pointer("a", "a", "f8e4m3fn", {"M", "K"}, false, 16);
  tensorMap("a_map", "a", config.getARowsPerCta(), kGemmBlockK);
  if (config.aScaleMnMajor) {
    pointer("sa", "a_scale", "f32", {groups, "M"}, false, 4);
    result.args.back().transposed = true;
  } else {
    pointer("sa", "a_scale", "f32", {"M", groups}, false, 4);
  }
  // Grouped: the G weights [G, N, K] as one [G N, K] array (one tensor map
  // over all of them), their scales alike.
  bool grouped = config.grouping != GemmGrouping::None;
  std::string weightRows = grouped ? "G*N" : "N";
  pointer("b", "b", "f8e4m3fn", {weightRows, "K"}, false, 16);
  tensorMap("b_map", "b", config.getBRowsPerCta(), kGemmBlockK);
  std::string blockRows =
      llvm::formatv("ceil(N/{0})", config.groupSize).str();
  pointer("sb", "b_scale", "f32",
          {config.bScaling == GemmBScaling::Row ? std::string("N")
           : grouped ? "G*" + blockRows
                     : blockRows,
           groups},
          false, 4);
  // Offsets [G + 1] (contiguous) or counts [G] (masked) of the rows of A.
  if (config.grouping == GemmGrouping::Contiguous)
    pointer("groups", "groups", "i32", {"G+1"}, false, 4);
  if (config.grouping == GemmGrouping::Masked)
    pointer("groups", "groups", "i32", {"G"}, false, 4);
  if (config.accumulate)
    pointer("c", "c", out, {"M", "N"}, false, config.getOutBytes());
  pointer("out", "out", out, {"M", "N"}, true, config.getOutBytes());
  // The result's bytes [M, 2N], boxes of 64 rows x 128 bytes.
  if (config.tmaStore)
    tensorMap("out_map", "out", kWgmmaM, kTmaStoreRowBytes);
  SmallVector<StringRef, 5> sizes = {"M", "N", "K"};
  if (grouped)
    sizes.push_back("G");
  if (config.grouping == GemmGrouping::Masked)
    sizes.push_back("C");
  for (StringRef size : sizes) {
    KernelArg arg;
    arg.name = size.str();
    arg.kind = KernelArgKind::I64;
    arg.role = "size";
    result.args.push_back(arg);
  }
  result.grid = getLaunchGrid(config);
  result.block = {config.getThreads(), 1, 1};
  result.cluster = {config.getClusterCtas(), 1, 1};
  result.dynamicSharedMemoryBytes = config.getDynamicSharedMemoryBytes();
  // The 128-byte swizzle needs the stages on 1024-byte boundaries
  // (kSwizzleAtomBytes).
  result.dynamicSharedMemoryAlignment = kSwizzleAtomBytes;
  result.requirements = {"M >= 1", "N >= 1",
                         llvm::formatv("K >= {0}", config.groupSize).str(),
                         llvm::formatv("K % {0} == 0", config.groupSize).str()};
  if (grouped)
    result.requirements.push_back("G >= 1");
  // NOTE: the rows of the M x N tile grid and B's G N rows are TMA
  // coordinates (i32).
  if (grouped)
    result.requirements.push_back("G*N < 2147483648");
  if (config.grouping == GemmGrouping::Masked)
    result.requirements.push_back("M == G*C");
  // The out_map's row pitch (2N bytes) must be a multiple of 16.
  if (config.tmaStore)
    result.requirements.push_back("N % 8 == 0");
  return result;
}

//===----------------------------------------------------------------------===//
// ScaledMatmulKernelEmitter
//===----------------------------------------------------------------------===//

namespace {

/// The scales of one K group for a consumer thread's accumulator fragment.
/// Block: `row0`/`row1` are sa[r, g] * sb[n-block, g] of the thread's two
/// rows, `blockScale` is sb[n-block, g] and `columns` is null. Row (1x128
/// B): `row0`/`row1` are sa[r, g] and `columns` is the byte offset (i32) of
/// the warpgroup's staged sb[n0 .. n0+BN, g] in the column-scale view, read
/// per column by promote(). `blockScale` and `columns` are the tile's, the
/// same for every slice. Tiles spanning two weight blocks
/// (GemmKernelConfig::spansWeightBlocks): `row0`/`row1`/`blockScale` are
/// the first block's, `row0High`/`row1High`/`blockScaleHigh` the second's
/// (sb[n-block + 1, g], the last block's past N); else those are null.
struct PromotionScales {
  Value row0, row1;
  Value columns;
  Value blockScale;
  Value row0High, row1High;
  Value blockScaleHigh;
};

/// Emits the kernel body in hardware order, one documented step per method:
/// prologue (coordinates, shared memory, barriers), the role split, the
/// producer's TMA loop, the consumers' wgmma + promotion loop, the
/// epilogue.
class ScaledMatmulKernelEmitter {
public:
  ScaledMatmulKernelEmitter(OpBuilder &builder, Location loc,
                            const GemmKernelConfig &config, gpu::GPUFuncOp func)
      : b(loc, builder), config(config), func(func) {}

  void emit();

private:
  //===--------------------------------------------------------------------===//
  // Small building blocks
  //===--------------------------------------------------------------------===//

  Value arg(StringRef name) {
    for (auto [i, a] : llvm::enumerate(interface.args))
      if (a.name == name)
        return func.getArgument(i);
    return {};
  }
  /// Shared memory: the address of stage byte `byteOffset` (i32).
  Value shared(Value byteOffset) {
    return b.sharedAddress(stageBytes, byteOffset);
  }
  Value stageOffset(Value stage) {
    return b.mul(stage, b.i32(config.getStageBytes()));
  }
  /// The address of byte `byteOffset` (i32) of the column scales.
  /// NOTE: addressed in bytes through a pointer, not with memref.load: the
  /// element indices of memref.load cost the 1x128-B kernel a 4-byte spill
  /// at its 168 registers.
  Value columnScaleAddress(Value byteOffset) {
    return b.byteAddress(b.sharedAddress(columnScales, b.i32(0)), byteOffset);
  }
  /// The index in `barriers` of stage `stage`'s (i32) full and empty
  /// barrier.
  Value fullBarrier(Value stage) { return barrierIndex(stage, 0); }
  Value emptyBarrier(Value stage) {
    return barrierIndex(stage, config.tile.stages);
  }
  Value barrierIndex(Value stage, int64_t first) {
    return b.toIndex(b.add(stage, b.i32(first)));
  }
  /// Sets the ring iteration (i64) of the current tile's first K block,
  /// from which getRingSlot counts: every K loop (producer and consumers)
  /// calls it before its first getRingSlot.
  void beginTileRing(Value firstIteration) {
    ringFirst = firstIteration;
    if (llvm::isPowerOf2_64(config.tile.stages))
      return;
    Value stages = b.i64(config.tile.stages);
    ringStage0 = b.trunc(b.getI32Type(), b.remu(firstIteration, stages));
    ringLap0 = b.trunc(b.getI32Type(), b.divu(firstIteration, stages));
  }
  /// The stage (i32) and phase parity (i1) of ring iteration `iteration`
  /// (i64), at or after the current tile's first (beginTileRing).
  /// NOTE: with a stage count that is not a power of two the i64 division
  /// of the iteration in the K loop cost the 128 x 128 Wgrad kernel with 6
  /// stages 12 bytes of ptxas spills; it is done once per tile instead, and
  /// the K loop divides the block's i32 offset from the tile's first stage
  /// (iteration - ringFirst is that tile's K block: LLVM folds the
  /// subtraction of firstIteration + kt).
  std::pair<Value, Value> getRingSlot(Value iteration) {
    assert(ringFirst && "getRingSlot before beginTileRing");
    if (llvm::isPowerOf2_64(config.tile.stages)) {
      Value stages = b.i64(config.tile.stages);
      Value stage = b.trunc(b.getI32Type(), b.remu(iteration, stages));
      Value parity = b.trunc(b.getI1Type(), b.divu(iteration, stages));
      return {stage, parity};
    }
    Value stages = b.i32(config.tile.stages);
    Value local =
        b.add(ringStage0, b.trunc(b.getI32Type(), b.sub(iteration, ringFirst)));
    Value stage = b.remu(local, stages);
    Value parity =
        b.trunc(b.getI1Type(), b.add(ringLap0, b.divu(local, stages)));
    return {stage, parity};
  }
  /// Blocks until the phase with `parity` (i1) of barrier `index` has
  /// completed.
  void wait(Value index, Value parity) {
    nvgpu::MBarrierTryWaitParityOp::create(b, barriers, parity,
                                           b.index(kTryWaitTicks), index);
  }
  /// `value` (i32) through an empty inline asm with side effects: what is
  /// computed from the copy stays where it is emitted (LLVM neither hoists
  /// nor merges a side-effecting asm), where the same computation from
  /// `value` itself would be hoisted out of the tile loop and kept in
  /// registers across the K loop.
  Value pinnedCopy(Value value) {
    return LLVM::InlineAsmOp::create(
               b, b.getI32Type(), value, "mov.b32 $0, $1;", "=r,r",
               /*has_side_effects=*/true, /*is_align_stack=*/false,
               LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
               ArrayAttr())
        .getResult(0);
  }
  /// Inline PTX with side effects, no results.
  void ptx(StringRef text, StringRef constraints, ValueRange operands) {
    LLVM::InlineAsmOp::create(
        b, TypeRange(), operands, text, constraints,
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
        ArrayAttr());
  }
  /// Clusters: the shared address (i32) of stage `stage`'s (i32) cluster
  /// empty barrier.
  Value clusterEmptyBarrier(Value stage) {
    return LLVM::PtrToIntOp::create(b, b.getI32Type(),
                                    b.sharedAddress(clusterBarriers, stage));
  }
  /// Split-K: the shared address (i32) of its mbarrier `i` (i32; full[r -
  /// 1] for i = r - 1 < S - 1, free for i = S - 1).
  Value splitBarrier(Value i) {
    return LLVM::PtrToIntOp::create(b, b.getI32Type(),
                                    b.sharedAddress(splitBarriers, i));
  }
  Value splitBarrier(int64_t i) { return splitBarrier(b.i32(i)); }
  /// Clusters: the producer's wait for the phase with `parity` (i1) of
  /// stage `stage`'s cluster empty barrier.
  /// NOTE: the default semantics (acquire, CTA scope), as CUTLASS's
  /// ClusterBarrier: the peer's reads of the stage are wgmma operand reads
  /// that completed (wgmma.wait_group) before its arrival. `.acquire.cluster`
  /// here and `.release.cluster` on the arrival compile to MEMBAR.ALL.GPU
  /// fences, which made the kernel 2.2x slower (H200, 4096x7168x16384).
  void waitClusterEmpty(Value stage, Value parity) {
    ptx(llvm::formatv("{{\n\t.reg .pred done;\n\tfp8q_wait:\n\t"
                      "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], "
                      "$1, {0};\n\t@!done bra fp8q_wait;\n\t}",
                      kTryWaitTicks)
            .str(),
        "r,r", {clusterEmptyBarrier(stage), b.zext(b.getI32Type(), parity)});
  }
  /// The [rows, 128] ui8 view of the stage bytes from `byteOffset` (i32),
  /// the destination of a TMA copy with tensor map `map`.
  Value tmaDestination(Value map, Value byteOffset) {
    auto type = cast<nvgpu::TensorMapDescriptorType>(map.getType());
    MemRefType box = type.getTensor();
    return b.sharedView(dynamicShared, b.toIndex(byteOffset), box.getShape(),
                        box.getElementType());
  }
  /// Whether this thread is its warpgroup's first (the TMA store's issuer).
  Value isWarpgroupLeader() {
    return b.cmp(arith::CmpIPredicate::eq,
                 b.remu(tid, b.i32(kWarpgroupThreads)), b.i32(0));
  }
  /// The index of the tensor map parameter `name` in the GEMM ABI.
  unsigned tensorMapIndex(StringRef name) const {
    for (auto [i, a] : llvm::enumerate(interface.args))
      if (a.kind == KernelArgKind::TensorMap && a.name == name)
        return i;
    llvm_unreachable("no such tensor map in the GEMM ABI");
  }
  /// The generic address of the tensor map parameter `name`.
  Value tensorMapAddress(StringRef name) {
    return getTensorMapParamAddress(b, b.getLoc(), func, tensorMapIndex(name));
  }
  /// The tensor map parameter `name` as the nvgpu descriptor it is, its
  /// generic address taken where it is used (getTensorMapParamAddress).
  Value tensorMap(StringRef name) {
    const KernelArg &arg = interface.args[tensorMapIndex(name)];
    return UnrealizedConversionCastOp::create(
               b, getTensorMapType(b.getContext(), arg), tensorMapAddress(name))
        .getResult(0);
  }

  //===--------------------------------------------------------------------===//
  // Steps
  //===--------------------------------------------------------------------===//

  /// Step 1: thread/warpgroup coordinates, the tile counts, the views of
  /// the dynamic shared memory and the mbarriers.
  void emitPrologue();
  /// Step 1': the persistent tile loop shared by the producer and the
  /// consumers: sets ctaRow0/ctaCol0 (and rowEnd, bRow0, sbBase) for tile
  /// blockIdx.x + j * gridDim.x and calls `body` with the first ring
  /// iteration j * K/128 (i64).
  void emitTileLoop(function_ref<void(Value firstIteration)> body);
  /// Step 1' with values carried from tile to tile: `body` gets the
  /// carried values (`init` before the first tile) and returns the next
  /// ones; returns those after the last tile. Not for grouped GEMMs.
  SmallVector<Value> emitTileLoop(
      ValueRange init,
      function_ref<SmallVector<Value>(Value firstIteration, ValueRange carried)>
          body);
  /// Step 1'' (grouped): the same over the tiles of every group in turn.
  void emitGroupedTileLoop(function_ref<void(Value firstIteration)> body);
  /// Grouped: the first and the end row (i64) of group `g` (i64) in A.
  std::pair<Value, Value> getGroupRows(Value g);
  /// Grouped: the result tiles and the row tiles of the group of rows
  /// [first, end) (i64).
  std::pair<Value, Value> getGroupTiles(Value first, Value end);
  /// Grouped: the result tiles of group `g` (i64).
  Value getGroupTileCount(Value g) {
    auto [first, end] = getGroupRows(g);
    return getGroupTiles(first, end).first;
  }
  /// Step 2: thread 0 initializes the full (1 arrival + TMA bytes) and
  /// empty (every consumer thread; clusters: every consumer warp of the
  /// cluster) barriers of each stage; fence; CTA barrier (clusters: and
  /// cluster barrier).
  void emitBarrierInit();
  /// Clusters: barrier.cluster.arrive + wait (aligned) by every thread.
  void emitClusterSync();
  /// Step 3: the producer warpgroup: one thread streams the A and B tiles
  /// of every K block into the ring.
  void emitProducer();
  /// Step 4: a consumer warpgroup: per tile, the K loop of wgmma and
  /// promotion, then the epilogue. Tiles spanning two weight blocks set
  /// the tile's column split first and, where it dispatches, run the copy
  /// of the K loop compiled for it (scf.index_switch).
  void emitConsumer();
  /// Step 4 with the epilogue deferred (GemmKernelConfig::defersEpilogue):
  /// each tile's epilogue runs in the next tile's K loop, after that tile's
  /// first wgmma group is waited for and its stage released, while the
  /// second is on the tensor cores (emitOverlappedKLoop); the last tile's
  /// after the loop.
  void emitDeferredEpilogueTileLoop();
  /// Step 4': the K loop of one tile from ring iteration `firstIteration`;
  /// returns the promoted accumulators (BN/2 values per slice, slice after
  /// slice).
  SmallVector<Value> emitKLoop(Value firstIteration);
  /// `scf.for iv = lb to ub step step` carrying `init`; `body` updates the
  /// carried values in place. Returns the loop's results.
  SmallVector<Value> emitAccumulatorLoop(
      Value lb, Value ub, int64_t step, ValueRange init,
      function_ref<void(Value iv, SmallVectorImpl<Value> &acc)> body);
  /// Step 4'a: one K block `kt` (i64) with promotions every P <= 128, slice
  /// after slice.
  void emitBlockStep(Value firstIteration, Value kt,
                     SmallVectorImpl<Value> &acc);
  /// Step 4'b: P/128 K blocks from `kt` onto one tensor-core accumulator,
  /// then one promotion.
  void emitMultiBlockStep(Value firstIteration, Value kt,
                          SmallVectorImpl<Value> &acc);
  /// Step 4'c: the K blocks [0, paired = 2 floor(K/256)) with P = 128, in
  /// pairs: each block's promotion runs while the warpgroup's next wgmma
  /// group is on the tensor cores (the last block of a pair is promoted
  /// after the first wgmma of the next pair is issued). Returns the
  /// accumulator.
  SmallVector<Value> emitOverlappedKLoop(Value firstIteration,
                                         SmallVector<Value> acc, Value paired);
  /// Step 4'': waits for ring iteration `iteration` (i32) and returns the
  /// byte offsets of the warpgroup's A rows and of B in its stage.
  std::pair<Value, Value> waitStage(Value iteration);
  /// Releases the stage of ring iteration `iteration` to the producer.
  void releaseStage(Value iteration);
  /// Step 4a: the descriptor address field (i32, 16-byte units) of the
  /// operand at stage byte offset `offset` (i32).
  Value descriptorAddress(Value offset);
  /// Step 4a': the wgmma descriptor of the 64-row (A) or BN-row (B) operand
  /// whose address field is `address`, advanced by `kBytes` along K.
  Value descriptor(Value address, int64_t kBytes);
  /// Step 4b: the wgmma instructions over K bytes [firstK, lastK) of the
  /// stage, into a fresh accumulator (`partial` null) or onto `partial`,
  /// committed as one group; with `wait`, waits for every group. Returns
  /// the accumulator struct (not to be read before its group completes).
  Value emitMma(Value aOffset, Value bOffset, int64_t firstK, int64_t lastK,
                Value partial, bool wait = true);
  /// Step 4c: the scales of group `group` (i64) for the thread's
  /// accumulator fragment in slice `slice`: Block, one per row (sa[r, g] *
  /// sb[n-block, g], f32 multiply); Row, sa[r, g] of the two rows and
  /// sb[n, g] of every column. `promotion` (i32) counts the promotions of
  /// the CTA. For a slice after the first, `first` is the first slice's:
  /// its weight-block scale or staged column scales are taken over (the
  /// slices share the tile's columns), not loaded or staged again.
  PromotionScales loadScales(Value group, Value promotion, int64_t slice = 0,
                             const PromotionScales *first = nullptr);
  /// Step 4c': Row only: the warpgroup copies sb[n0 .. n0+BN, g] into its
  /// shared buffer `promotion` % getColumnScaleBuffers() (one column per
  /// thread, 0 past N) and syncs on its named barrier; returns the buffer's
  /// byte offset in the column-scale view.
  Value stageColumnScales(Value group, Value groups, Value promotion);
  /// Step 4c' helper: the byte offset (i32) of the warpgroup's column-scale
  /// buffer for promotion `promotion` (i64).
  Value columnScaleBase(Value promotion);
  /// Step 4c' helper: sb[col, group] (f32), or 0 for col >= N.
  Value loadColumnScaleOrZero(Value col, Value group, Value groups);
  /// Step 4c'': Row only: the staged sb of the thread's two columns 8j +
  /// 2(l%4) + {0,1} of fragment column group `j`.
  std::pair<Value, Value> loadColumnScales(Value columns, int64_t j);
  /// Step 4d: acc[i] = acc[i] + partial[i] * scale(i): one fused
  /// multiply-add (GemmPromotion::FMA), or a separate f32 multiply and add
  /// (no contraction) as the reference rounds (MulAdd); Row forms compute
  /// scale(i) = f32(sa[row of i] * sb[column of i]) here.
  void promote(MutableArrayRef<Value> acc, Value partial,
               const PromotionScales &scales);
  /// Step 5: the epilogue: + C, bf16 RN or f32; through the staging area
  /// where there is one (bf16 results), N % 8 == 0 and out (and C) are
  /// 16-byte aligned; else
  /// from registers: on a tile inside M and N (and N even) unmasked stores
  /// of column pairs, else element stores masked by M and N.
  void emitEpilogue(ArrayRef<Value> acc);
  /// Step 5 after a tile's K loop: the epilogue of `acc`; with split-K
  /// (GemmTileConfig::splitK) ranks 1.. hand their sums to rank 0, which
  /// adds them in rank order and runs the epilogue.
  void emitTileEnd(ArrayRef<Value> acc);
  /// Split-K: blocks until the phase with `parity` (i1) of the mbarrier at
  /// shared address `barrier` (i32) has completed, with acquire semantics
  /// at cluster scope (a peer CTA's arrival released it).
  void waitSplitBarrier(Value barrier, Value parity);
  /// Split-K: arrives, with release semantics at cluster scope, on the
  /// mbarrier at shared address `barrier` (i32) of the cluster's CTA of
  /// rank `rank` (i32).
  void arriveRemote(Value barrier, Value rank);
  /// Step 5': the epilogue from registers.
  void emitRegisterEpilogue(ArrayRef<Value> acc);
  /// Step 5'': the staged epilogue: the warpgroup writes its fragment into
  /// its 64 rows of the staging area (rounded to bf16 there, or f32 when C
  /// is to be added), then each thread reads back chunks of 8 consecutive
  /// columns of a row and stores them with 16-byte accesses (+ C and RN to
  /// bf16 for the f32 chunks), chunks past M or N skipped.
  void emitStagedStores(ArrayRef<Value> acc);
  /// Step 5'' for the fragment `acc` of slice `slice`: the staging area
  /// holds one slice of every warpgroup (getSliceRows() rows).
  void emitStagedSlice(ArrayRef<Value> acc, int64_t slice);
  /// Step 5'' for bf16 results without C: the fragment rounded to bf16 and
  /// written by stmatrix, read back in 16-byte chunks and stored by
  /// predicated 16-byte stores (no branch per chunk).
  void emitStagedBF16Slice(ArrayRef<Value> acc, int64_t slice);
  /// Named barrier 1 + w over the warpgroup's 128 threads (barrier 0 is the
  /// CTA-wide one).
  void syncWarpgroup();
  /// Step 5a: the unmasked pair stores of an interior tile.
  void emitPairStores(ArrayRef<Value> acc);
  /// Step 5b: the masked element stores of an edge tile.
  void emitMaskedStores(ArrayRef<Value> acc);
  /// The result row of fragment value `i` and column of its pair's first.
  /// Value `i` counts over the slices' accumulators, slice after slice.
  Value fragmentRow(int64_t i);
  Value fragmentColumn(int64_t i);
  /// The thread's first result row (i64) in slice `slice`.
  Value sliceRow(int64_t slice);
  /// Sets the tile (ctaRow0, ctaCol0) the epilogue and the fragment
  /// coordinates (fragRow0, fragCol0) refer to.
  void setTileOrigin(Value row0, Value col0) {
    ctaRow0 = row0;
    ctaCol0 = col0;
    fragRow0 = b.add(ctaRow0, b.toI64(rowInCta));
    fragCol0 = b.add(ctaCol0, b.toI64(colInCta));
  }

  KernelBuilder b;
  const GemmKernelConfig &config;
  gpu::GPUFuncOp func;
  KernelInterface interface = getKernelInterface(config);

  Value tid, warpgroup;
  Value uniformWarpgroup; // the same, broadcast from lane 0 (i32)
  // Shared memory (the layout of the file header): the dynamic shared
  // memory, its views of the S stages as bytes and of the column scales
  // (f32, 1x128 B only); the 2S mbarriers (full[s] = s, empty[s] = S + s).
  Value dynamicShared, stageBytes, columnScales, barriers;
  // The epilogue's staging area as bytes (null where it does not fit).
  Value staging;
  // Multicast clusters (clusterM or clusterN > 1): the stages' cluster
  // empty barriers (i64 [S], in dynamic shared memory); clusters of any
  // kind: the CTA's rank in its cluster (i32); the consumer thread's lane
  // (i32).
  Value clusterBarriers, clusterRank, lane;
  Value ctaRow0, ctaCol0; // i64 first row / column of the current tile
  // i64, of the current tile: the end of its rows (M; grouped: the end of
  // its group's rows), B's first row (ctaCol0; grouped: g N + ctaCol0) and
  // the first of its weight's block scales (0; grouped: g ceil(N/G) K/G).
  Value rowEnd, bRow0, sbBase;
  // numK: the CTA's K blocks per tile (index; K/128 without split-K).
  Value sizeM, sizeN, sizeK, numK;
  // Split-K: the CTA's first K block (i64), the f32 sums' slot (bytes)
  // and the mbarriers (i64 [S]: full[r - 1] for rank r, then free); null
  // without split-K. The rank is clusterRank.
  Value kBlock0, splitSlot, splitBarriers;
  /// The K block (i64) of the CTA's K block `kt` (i64) of a tile: kt
  /// without split-K.
  Value kBlockOf(Value kt) { return kBlock0 ? b.add(kBlock0, kt) : kt; }
  Value tilesM, tilesN;     // i64 tile rows / columns of the result
  Value rowInCta, colInCta; // i32 fragment coordinates in the tile
  Value fragRow0;           // i64 first row of the thread (consumers)
  Value fragCol0;           // i64 first column of the thread (consumers)
  // spansWeightBlocks(): the last weight block's index (i64), and the
  // current tile's 8-column groups in its first weight block (i32), or
  // that number as a constant in a K loop compiled for it.
  Value lastWeightBlock, columnSplit;
  std::optional<int64_t> constantSplit;
  // Emits the previous tile's epilogue where the K loop reaches it (set
  // while emitDeferredEpilogueTileLoop emits a tile's K loop, else null).
  function_ref<void()> deferredEpilogue;
  // The tile loop's (emitTileLoop) current tile of this CTA (i64, 0, 1, ...).
  Value tileInCta;
  // usesStorerWarps(): the index (i64) of the epilogue being emitted among
  // the CTA's epilogues (its tile's tileInCta).
  Value epilogueIndex;
  // beginTileRing: the current tile's first ring iteration (i64) and, for
  // a stage count that is not a power of two, its stage and lap (i32).
  Value ringFirst, ringStage0, ringLap0;

  /// Whether warps 1-3 of the producer warpgroup store the staged
  /// epilogue's rows (the consumers write the staging area and go on).
  bool usesStorerWarps() const { return config.epilogueStorers; }
  /// The storer warps' barriers: staged[w] (the consumers of warpgroup w
  /// have written their rows of the staging area) and drained[w] (the
  /// storers have read them), after the ring's 2S.
  Value stagedBarrier(int64_t w) { return b.index(2 * config.tile.stages + w); }
  Value drainedBarrier(int64_t w) {
    return b.index(2 * config.tile.stages + 2 + w);
  }
  /// Step 3': the storer warps' loop over the CTA's tiles.
  void emitStorer();
  /// Whether the staged epilogue applies (N % 8 == 0, 16-byte aligned
  /// arrays: CTA-uniform).
  Value emitStagedCondition();
  /// Copies rows [64 w, 64 w + 64) of the staging area to the result at
  /// the tile corner stored in row 64 w's padding (the storers).
  void emitStagingCopy(Value t, int64_t threads, Value w);
  /// The tile loop's bounds (emitTileLoop): this CTA's cluster's first
  /// unit and the step between its units (index), the units along M and N
  /// (i64: tile rows / clusterM, tile columns / clusterN, rounded up) and
  /// their product (index).
  struct TileLoopBounds {
    Value first, step, unitRowsM, unitColsN, units;
  };
  TileLoopBounds getTileLoopBounds();
  /// The units (i64) this CTA walks in the tile loop without groups:
  /// ceil((units - first) / step), 0 past the units.
  Value ctaTileCount();
  /// How `threads` threads walk a warpgroup's 64 staged rows (from row
  /// `firstRow`, i32) in 16-byte chunks for the result rows from
  /// `rowsStart` (i64) and columns from `col0` (i64): thread `t` (i32) keeps
  /// chunk t % (BN/8) and steps rowStep = threads / (BN/8) rows, so each
  /// chunk's addresses are one add from the last. Rows from `rowEnd` (i64)
  /// on are not stored, nor rows past the 64 where `within64`.
  struct ChunkWalk {
    int64_t rowStep;
    Value from;      // i32 shared address of the thread's first chunk
    Value to;        // i64 global address of it
    Value toStep;    // i64 bytes between two of the thread's chunks
    Value rowLeft;   // i64 rowLimit - the thread's first row
    Value inColumns; // i1 the chunk is below N
  };
  ChunkWalk getChunkWalk(Value t, int64_t threads, Value base, Value firstRow,
                         Value rowsStart, Value col0, Value rowEnd,
                         bool within64);
};

void ScaledMatmulKernelEmitter::emitPrologue() {
  tid = b.toI32(gpu::ThreadIdOp::create(b, gpu::Dimension::x));
  warpgroup = b.divu(tid, b.i32(kWarpgroupThreads));
  // NOTE: broadcast from lane 0 (shfl.sync.idx): ptxas then knows this
  // copy is warp-uniform and computes the A operand's wgmma descriptors
  // from it in uniform registers, without a per-thread descriptor moved
  // over (R2UR) before every wgmma (GemmKernelConfig::
  // usesUniformDescriptors says where). Only the descriptors use it.
  uniformWarpgroup = warpgroup;
  if (config.usesUniformDescriptors())
    uniformWarpgroup = gpu::ShuffleOp::create(b, warpgroup, b.i32(0),
                                              b.i32(kWarpLanes),
                                              gpu::ShuffleMode::IDX)
                           .getShuffleResult();
  sizeM = arg("M");
  sizeN = arg("N");
  sizeK = arg("K");
  // NOTE: a 1-D grid in clusters of clusterM, clusterN or splitK x 1 x 1:
  // the CTAs of a cluster are consecutive in blockIdx.x.
  if (int64_t ctas = config.getClusterCtas(); ctas > 1)
    clusterRank = b.remu(b.toI32(gpu::BlockIdOp::create(b, gpu::Dimension::x)),
                         b.i32(ctas));
  Value blocks = b.divu(sizeK, b.i64(kGemmBlockK));
  if (int64_t split = config.tile.splitK; split > 1) {
    // Rank r takes the K blocks of promotion intervals [r P / S, (r + 1) P
    // / S) of the P in K (none where P < S: its sums stay 0).
    Value rank = b.zext(b.getI64Type(), clusterRank);
    int64_t span = config.getBlocksPerPromotion();
    Value intervals = b.divu(blocks, b.i64(span));
    auto boundary = [&](Value r) {
      return b.mul(b.divu(b.mul(r, intervals), b.i64(split)), b.i64(span));
    };
    kBlock0 = boundary(rank);
    blocks = b.sub(boundary(b.add(rank, b.i64(1))), kBlock0);
  }
  numK = b.indexCastU(b.getIndexType(), blocks);
  auto ceilDiv = [&](Value extent, int64_t tile) {
    return b.divu(b.add(extent, b.i64(tile - 1)), b.i64(tile));
  };
  tilesM = ceilDiv(sizeM, config.tile.blockM);
  tilesN = ceilDiv(sizeN, config.tile.blockN);

  dynamicShared = b.dynamicSharedMemory();
  int64_t ringBytes = config.tile.stages * config.getStageBytes();
  stageBytes = b.sharedView(dynamicShared, 0, {ringBytes}, b.getI8Type());
  int64_t offset = ringBytes;
  if (int64_t bytes = config.getEpilogueStagingBytes())
    staging = b.sharedView(dynamicShared, offset, {bytes}, b.getI8Type());
  // Split-K: rank 0 stages its results where the other ranks leave their
  // sums for it.
  if (int64_t bytes = config.getSplitKSlotBytes())
    splitSlot = b.sharedView(dynamicShared, offset, {bytes}, b.getI8Type());
  offset += std::max(config.getEpilogueStagingBytes(),
                     config.getSplitKSlotBytes());
  if (int64_t scaleBytes = config.getColumnScaleBytes()) {
    columnScales =
        b.sharedView(dynamicShared, offset, {scaleBytes / 4}, b.getF32Type());
    offset += scaleBytes;
  }
  if (int64_t bytes = config.getSplitKBarrierBytes())
    splitBarriers =
        b.sharedView(dynamicShared, offset, {bytes / 8}, b.getI64Type());
  // The cluster's empty barriers (addressed by inline PTX: mapa, remote
  // arrivals): a workgroup attribution, static shared memory beside the
  // mbarrier group.
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  if (int64_t bytes = config.getClusterBarrierBytes()) {
    auto type = MemRefType::get({bytes / kMbarrierBytes}, b.getI64Type(),
                                MemRefLayoutAttrInterface(), workgroup);
    clusterBarriers = func.addWorkgroupAttribution(type, func.getLoc());
    func.setWorkgroupAttributionAttr(func.getNumWorkgroupAttributions() - 1,
                                     LLVM::LLVMDialect::getAlignAttrName(),
                                     b.getI64IntegerAttr(kMbarrierBytes));
  }
  barriers = nvgpu::MBarrierCreateOp::create(
      b, nvgpu::MBarrierGroupType::get(
             b.getContext(), workgroup,
             2 * config.tile.stages + (usesStorerWarps() ? 4 : 0)));
}

void ScaledMatmulKernelEmitter::emitTileLoop(
    function_ref<void(Value firstIteration)> body) {
  if (config.grouping != GemmGrouping::None)
    return emitGroupedTileLoop(body);
  emitTileLoop(ValueRange(), [&](Value firstIteration, ValueRange) {
    body(firstIteration);
    return SmallVector<Value>();
  });
}

SmallVector<Value> ScaledMatmulKernelEmitter::emitTileLoop(
    ValueRange init,
    function_ref<SmallVector<Value>(Value firstIteration, ValueRange carried)>
        body) {
  assert(config.grouping == GemmGrouping::None &&
         "grouped GEMMs walk their own tile loop");
  // The loop runs over units of clusterM vertically or clusterN
  // horizontally adjacent tiles (one tile without clusters): cluster c
  // takes units c, c + clusters, ... and its CTA of rank r the unit's tile
  // row (column) r. Along M, where the tile rows do not fill the last
  // unit, that CTA's tile is past the last tile row: it loads zeros for
  // its peer's sake and stores nothing. Along N it computes its peer's
  // tile, the last tile column, instead (past N its block scales would be
  // read past sb's rows) and stores nothing: its row end is 0. With split-K
  // every CTA of a cluster walks the cluster's tiles.
  int64_t cluster = config.tile.clusterM;
  int64_t clusterN = config.tile.clusterN;
  auto [first, step, unitRowsM, unitColsN, units] = getTileLoopBounds();
  auto loop = scf::ForOp::create(b, first, units, step, init);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value tile = b.toI64(loop.getInductionVar());
  // Grouped raster: kRasterGroupRows tile rows (fewer in the last group),
  // walked column by column.
  int64_t rasterRows = std::max<int64_t>(1, kRasterGroupRows / cluster);
  Value groupTiles = b.mul(unitColsN, b.i64(rasterRows));
  Value firstRow = b.mul(b.divu(tile, groupTiles), b.i64(rasterRows));
  Value rows = b.minu(b.sub(unitRowsM, firstRow), b.i64(rasterRows));
  Value inGroup = b.remu(tile, groupTiles);
  Value tileM = b.add(firstRow, b.remu(inGroup, rows));
  Value tileN = b.divu(inGroup, rows);
  if (cluster > 1)
    tileM = b.add(b.mul(tileM, b.i64(cluster)), b.toI64(clusterRank));
  rowEnd = sizeM;
  if (clusterN > 1) {
    tileN = b.add(b.mul(tileN, b.i64(clusterN)), b.toI64(clusterRank));
    Value past = b.cmp(arith::CmpIPredicate::uge, tileN, tilesN);
    tileN = b.minu(tileN, b.sub(tilesN, b.i64(1)));
    rowEnd = arith::SelectOp::create(b, past, b.i64(0), sizeM);
  }
  ctaRow0 = b.mul(tileM, b.i64(config.tile.blockM));
  ctaCol0 = b.mul(tileN, b.i64(config.tile.blockN));
  bRow0 = ctaCol0;
  sbBase = b.i64(0);
  Value inCta = b.divu(b.sub(loop.getInductionVar(), first), step);
  tileInCta = b.toI64(inCta);
  SmallVector<Value> yield =
      body(b.toI64(b.mul(inCta, numK)), loop.getRegionIterArgs());
  // Without carried values scf.for has its implicit terminator.
  if (!init.empty())
    scf::YieldOp::create(b, yield);
  return SmallVector<Value>(loop.getResults());
}

std::pair<Value, Value> ScaledMatmulKernelEmitter::getGroupRows(Value g) {
  Value groups = arg("groups");
  auto load = [&](Value index) {
    Value value = LLVM::LoadOp::create(
        b, b.getI32Type(), b.byteAddress(groups, b.mul(index, b.i64(4))), 4);
    return b.zext(b.getI64Type(), value);
  };
  if (config.grouping == GemmGrouping::Contiguous)
    return {load(g), load(b.add(g, b.i64(1)))};
  Value first = b.mul(g, arg("C"));
  return {first, b.add(first, load(g))};
}

std::pair<Value, Value> ScaledMatmulKernelEmitter::getGroupTiles(Value first,
                                                                 Value end) {
  // NOTE: offsets and counts were checked on the host before the launch
  // (0 <= first <= end <= M); the maximum keeps a bad pair from wrapping.
  Value rows = b.sub(b.maxu(end, first), first);
  Value rowTiles = b.divu(b.add(rows, b.i64(config.tile.blockM - 1)),
                          b.i64(config.tile.blockM));
  return {b.mul(rowTiles, tilesN), rowTiles};
}

void ScaledMatmulKernelEmitter::emitGroupedTileLoop(
    function_ref<void(Value firstIteration)> body) {
  // The tiles of group g follow those of groups 0..g-1; within a group,
  // tile j is row tile j % rowTiles and column tile j / rowTiles (the CTAs
  // running together share B[g]'s column tiles). Every thread counts the
  // tiles (G loads) and walks the groups forward with the tile index.
  Value numGroups = arg("G");
  auto count = scf::ForOp::create(b, b.index(0), b.toIndex(numGroups),
                                  b.index(1), ValueRange{b.i64(0)});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(count.getBody());
    Value g = b.toI64(count.getInductionVar());
    scf::YieldOp::create(
        b, b.add(count.getRegionIterArgs()[0], getGroupTileCount(g)));
  }
  Value tiles = b.toIndex(count.getResult(0));
  Value first = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value step = gpu::GridDimOp::create(b, gpu::Dimension::x);
  // Carried: the group of the last tile and the tiles before that group.
  auto loop = scf::ForOp::create(b, first, tiles, step,
                                 ValueRange{b.i64(0), b.i64(0)});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value tile = b.toI64(loop.getInductionVar());
  // Advance to the group of `tile`: while tile >= before + tiles(g).
  Type i64 = b.getI64Type();
  auto walk = scf::WhileOp::create(
      b, TypeRange{i64, i64}, loop.getRegionIterArgs(),
      [&](OpBuilder &nested, Location, ValueRange args) {
        OpBuilder::InsertionGuard whileGuard(b);
        b.setInsertionPoint(nested.getInsertionBlock(),
                            nested.getInsertionPoint());
        Value g = args[0], tilesBefore = args[1];
        // NOTE: g < G always holds for tile < total; the test keeps the
        // loads in bounds whatever the offsets (the scf.if reads group g
        // only when g < G).
        Value inGroups = b.cmp(arith::CmpIPredicate::ult, g, numGroups);
        Value past = b.ifThenElse(
            inGroups, b.getI1Type(),
            [&] {
              Value end = b.add(tilesBefore, getGroupTileCount(g));
              return b.cmp(arith::CmpIPredicate::uge, tile, end);
            },
            b.i1(false));
        scf::ConditionOp::create(b, past, ValueRange{g, tilesBefore});
      },
      [&](OpBuilder &nested, Location, ValueRange args) {
        OpBuilder::InsertionGuard whileGuard(b);
        b.setInsertionPoint(nested.getInsertionBlock(),
                            nested.getInsertionPoint());
        scf::YieldOp::create(
            b, ValueRange{b.add(args[0], b.i64(1)),
                          b.add(args[1], getGroupTileCount(args[0]))});
      });
  Value g = walk.getResult(0), tilesBefore = walk.getResult(1);
  auto [firstRow, endRow] = getGroupRows(g);
  Value rowTiles = getGroupTiles(firstRow, endRow).second;
  Value inGroup = b.sub(tile, tilesBefore);
  ctaRow0 = b.add(firstRow, b.mul(b.remu(inGroup, rowTiles),
                                  b.i64(config.tile.blockM)));
  ctaCol0 = b.mul(b.divu(inGroup, rowTiles), b.i64(config.tile.blockN));
  rowEnd = endRow;
  bRow0 = b.add(b.mul(g, sizeN), ctaCol0);
  Value blockRows = b.divu(b.add(sizeN, b.i64(config.groupSize - 1)),
                           b.i64(config.groupSize));
  sbBase = b.mul(b.mul(g, blockRows), b.divu(sizeK, b.i64(config.groupSize)));
  Value tileInCta = b.divu(b.sub(loop.getInductionVar(), first), step);
  body(b.toI64(b.mul(tileInCta, numK)));
  scf::YieldOp::create(b, ValueRange{g, tilesBefore});
}

void ScaledMatmulKernelEmitter::emitBarrierInit() {
  Value isFirst = b.cmp(arith::CmpIPredicate::eq, tid, b.i32(0));
  b.ifThen(isFirst, [&] {
    int64_t consumers = config.getConsumerWarpgroups() * kWarpgroupThreads;
    for (int64_t s = 0; s < config.tile.stages; ++s) {
      nvgpu::MBarrierInitOp::create(b, barriers, b.index(1),
                                    fullBarrier(b.i32(s)), Value());
      nvgpu::MBarrierInitOp::create(b, barriers, b.index(consumers),
                                    emptyBarrier(b.i32(s)), Value());
    }
    // Clusters: stage s may be refilled when every consumer warp of every
    // CTA of the cluster has released it (one arrival per warp and CTA).
    for (int64_t s = 0; s < config.getClusterBarrierBytes() / kMbarrierBytes;
         ++s)
      ptx("mbarrier.init.shared::cta.b64 [$0], $1;", "r,r",
          {clusterEmptyBarrier(b.i32(s)),
           b.i32(config.getConsumerWarpgroups() * kWarpgroupThreads /
                 kWarpLanes * config.tile.getMulticastCtas())});
    // Split-K: rank 0's full[r - 1] completes when every consumer thread of
    // rank r has written its sums, rank r's free when every consumer thread
    // of rank 0 has read them.
    for (int64_t i = 0; i < config.getSplitKBarrierBytes() / kMbarrierBytes;
         ++i)
      ptx("mbarrier.init.shared::cta.b64 [$0], $1;", "r,r",
          {splitBarrier(i), b.i32(consumers)});
    if (usesStorerWarps()) {
      for (int64_t w = 0; w < 2; ++w) {
        nvgpu::MBarrierInitOp::create(b, barriers, b.index(kWarpgroupThreads),
                                      stagedBarrier(w), Value());
        nvgpu::MBarrierInitOp::create(b, barriers,
                                      b.index(kWarpgroupThreads - kWarpLanes),
                                      drainedBarrier(w), Value());
      }
    }
    // NOTE: makes the initialized barriers visible to the async (TMA) proxy
    // and to the cluster (fence.mbarrier_init.release.cluster).
    NVVM::FenceMbarrierInitOp::create(b);
  });
  gpu::BarrierOp::create(b);
  // Clusters: no CTA multicasts into a peer or arrives on its barriers
  // before the peer has initialized them.
  if (config.getClusterCtas() > 1)
    emitClusterSync();
}

void ScaledMatmulKernelEmitter::emitClusterSync() {
  auto aligned = b.getUnitAttr();
  NVVM::ClusterArriveOp::create(b, aligned);
  NVVM::ClusterWaitOp::create(b, aligned);
}

void ScaledMatmulKernelEmitter::emitProducer() {
  if (usesStorerWarps())
    b.ifThen(b.cmp(arith::CmpIPredicate::uge,
                   b.remu(tid, b.i32(kWarpgroupThreads)), b.i32(kWarpLanes)),
             [&] { emitStorer(); });
  Value lane0 = b.cmp(arith::CmpIPredicate::eq,
                      b.remu(tid, b.i32(kWarpgroupThreads)), b.i32(0));
  b.ifThen(lane0, [&] {
    emitTileLoop([&](Value firstIteration) {
      beginTileRing(firstIteration);
      Value row0 = b.toIndex(ctaRow0);
      Value col0 = b.toIndex(bRow0);
      auto loop = scf::ForOp::create(b, b.index(0), numK, b.index(1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value ktIndex = loop.getInductionVar();
      auto [stage, parity] =
          getRingSlot(b.add(firstIteration, b.toI64(ktIndex)));
      // NOTE: a fresh mbarrier reports the phase before its first as
      // complete, so waiting for parity 1 - p lets the first round through.
      Value emptyParity = b.bitXor(parity, b.i1(true));
      if (config.tile.getMulticastCtas() > 1)
        waitClusterEmpty(stage, emptyParity);
      else
        wait(emptyBarrier(stage), emptyParity);
      nvgpu::MBarrierArriveExpectTxOp::create(
          b, barriers, b.index(config.getStageBytes()), fullBarrier(stage),
          Value());
      Value k0 = b.mul(b.toIndex(kBlockOf(b.toI64(ktIndex))),
                       b.index(kGemmBlockK));
      Value aMap = tensorMap("a_map");
      Value bMap = tensorMap("b_map");
      // Clusters along M (N): this CTA's part of the B (A) tile, rows
      // [r BN/X, (r+1) BN/X) ([r BM/X, ...)), multicast into the same stage
      // of every CTA of the cluster (each CTA's full barrier expects the
      // whole stage).
      Value aPart = stageOffset(stage);
      Value bPart = b.i32(config.tile.blockM * kGemmBlockK);
      Value aMulticast, bMulticast;
      int64_t cluster = config.tile.getMulticastCtas();
      auto part = [&](Value &offset, Value &coordinate, int64_t rows) {
        Value first = b.mul(clusterRank, b.i32(rows));
        offset = b.add(offset, b.mul(first, b.i32(kGemmBlockK)));
        coordinate = b.add(coordinate, b.toIndex(first));
        return arith::ConstantIntOp::create(b, (int64_t{1} << cluster) - 1,
                                            16)
            .getResult();
      };
      if (config.tile.clusterM > 1)
        bMulticast = part(bPart, col0, config.getBRowsPerCta());
      if (config.tile.clusterN > 1)
        aMulticast = part(aPart, row0, config.getARowsPerCta());
      Value aTile = tmaDestination(aMap, aPart);
      Value bTile = tmaDestination(bMap, b.add(stageOffset(stage), bPart));
      // Coordinates innermost first: (k, row). Rows past M (N) are
      // zero-filled (the maps' OOB_ZERO).
      nvgpu::TmaAsyncLoadOp::create(b, aTile, barriers, aMap,
                                    ValueRange{k0, row0}, fullBarrier(stage),
                                    aMulticast, /*predicate=*/Value());
      nvgpu::TmaAsyncLoadOp::create(b, bTile, barriers, bMap,
                                    ValueRange{k0, col0}, fullBarrier(stage),
                                    bMulticast, /*predicate=*/Value());
    });
  });
}

Value ScaledMatmulKernelEmitter::descriptorAddress(Value offset) {
  // NOTE: every offset here is a multiple of 16 (stages, warpgroup rows and
  // slices are multiples of 1024 bytes), so the field of base + offset is
  // the base's field plus offset / 16; below 228 KiB no sum leaves the 14
  // bits. The base's field is loop-invariant (LLVM hoists it out of the
  // tile and K loops), so per K block only the stage's offset is shifted
  // and added: the field of the whole address, shifted and masked per
  // block, cost ptxas two more uniform instructions per operand
  // (GemmKernelConfig::usesDescriptorBase says where the hoisted form is
  // used).
  auto field = [&](Value offset) {
    Value address =
        LLVM::PtrToIntOp::create(b, b.getI32Type(), shared(offset));
    return b.bitAnd(b.shru(address, b.i32(4)), b.i32(kDescAddressMask));
  };
  if (!config.usesDescriptorBase())
    return field(offset);
  return b.add(field(b.i32(0)), b.shru(offset, b.i32(4)));
}

Value ScaledMatmulKernelEmitter::descriptor(Value address, int64_t kBytes) {
  // NOTE: the address field counts 16-byte units of a shared address below
  // 228 KiB (< 2^14 units), and a stage's K bytes stay inside it: adding
  // kBytes / 16 to the field of the stage's address never carries out of
  // its 14 bits. With usesDescriptorBase the low word is the field plus
  // the leading-offset bits (disjoint from it) in one add and the high
  // word a constant: ptxas builds each k32 step's descriptor with one
  // uniform add, where it also OR-ed the leading offset into each when the
  // i64 word was the zero-extended field OR-ed with all the constant bits.
  int64_t lowBits = kDescUnusedLeading << kDescLeadingShift;
  int64_t highBits =
      (kDescSwizzle128B << kDescSwizzleShift) |
      ((kDescStrideBytes / kDescUnitBytes) << kDescStrideShift);
  if (!config.usesDescriptorBase()) {
    Value field = b.add(address, b.i32(kBytes / kDescUnitBytes));
    return b.bitOr(b.toI64(field), b.i64(lowBits | highBits));
  }
  Value low = b.add(address, b.i32(lowBits + kBytes / kDescUnitBytes));
  return b.bitOr(b.toI64(low), b.i64(highBits));
}

Value ScaledMatmulKernelEmitter::emitMma(Value aOffset, Value bOffset,
                                         int64_t firstK, int64_t lastK,
                                         Value partial, bool wait) {
  MLIRContext *ctx = b.getContext();
  int64_t regs = config.getFragmentValues();
  auto structType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(regs, b.getF32Type()));
  Value acc = partial ? partial : LLVM::UndefOp::create(b, structType);
  Value aAddress = descriptorAddress(aOffset);
  Value bAddress = descriptorAddress(bOffset);
  NVVM::WgmmaFenceAlignedOp::create(b);
  for (int64_t k = firstK; k < lastK; k += kWgmmaK) {
    // NOTE: the first wgmma of an interval ignores the accumulator (scale-d
    // = 0): a fresh tensor-core accumulation per promotion interval.
    auto scaleD = !partial && k == firstK ? NVVM::WGMMAScaleOut::zero
                                          : NVVM::WGMMAScaleOut::one;
    acc = NVVM::WgmmaMmaAsyncOp::create(
        b, structType, acc, descriptor(aAddress, k), descriptor(bAddress, k),
        NVVM::MMAShapeAttr::get(ctx, kWgmmaM, config.tile.blockN, kWgmmaK),
        NVVM::WGMMATypes::e4m3, NVVM::WGMMATypes::e4m3, NVVM::WGMMATypes::f32,
        scaleD, NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one,
        NVVM::MMALayout::row, NVVM::MMALayout::col, NVVM::MMAIntOverflowAttr());
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b);
  if (wait)
    NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
  return acc;
}

PromotionScales
ScaledMatmulKernelEmitter::loadScales(Value group, Value promotion,
                                      int64_t slice,
                                      const PromotionScales *first) {
  assert((slice == 0) == (first == nullptr) &&
         "the first slice's scales come with every later slice");
  Value groups = b.divu(sizeK, b.i64(config.groupSize));
  Value sa = arg("sa"), sb = arg("sb");
  Value lastRow = b.sub(sizeM, b.i64(1));
  auto rowScale = [&](Value row) {
    // sa[row, group], or sa[group, row] for mn_major scales (the rows of a
    // fragment are then adjacent addresses).
    auto load = [&](Value row) {
      Value index = config.aScaleMnMajor ? b.add(b.mul(group, sizeM), row)
                                         : b.add(b.mul(row, groups), group);
      Value offset = b.mul(index, b.i64(4));
      return LLVM::LoadOp::create(b, b.getF32Type(), b.byteAddress(sa, offset),
                                  4)
          .getResult();
    };
    // Rows past M are zero-filled by TMA and their results not stored: with
    // one slice they read row M-1's scale; with two (k_major scales) they
    // take 0 without a load. NOTE: there the four rows' addresses are then
    // one base plus uniform offsets (clamped rows each needed a 64-bit
    // offset of their own, which ptxas spilled at 256 rows).
    if (config.getSlices() == 1 || config.aScaleMnMajor)
      return load(b.minu(row, lastRow));
    Value inRows = b.cmp(arith::CmpIPredicate::ult, row, sizeM);
    return b.ifThenElse(
        inRows, b.getF32Type(), [&] { return load(row); },
        arith::ConstantFloatOp::create(b, b.getF32Type(), APFloat(0.0f)));
  };
  Value row = sliceRow(slice);
  Value s0 = rowScale(row);
  Value s1 = rowScale(b.add(row, b.i64(kFragmentRowStep)));
  if (config.bScaling == GemmBScaling::Row)
    return {s0, s1,
            first ? first->columns
                  : stageColumnScales(group, groups, promotion),
            Value()};
  Value bScale = first ? first->blockScale : Value();
  Value bScaleHigh = first ? first->blockScaleHigh : Value();
  auto loadBlockScale = [&](Value block) -> Value {
    Value index = b.add(b.mul(block, groups), group);
    if (config.grouping != GemmGrouping::None)
      index = b.add(sbBase, index);
    return LLVM::LoadOp::create(b, b.getF32Type(),
                                b.byteAddress(sb, b.mul(index, b.i64(4))), 4);
  };
  if (!bScale) {
    // GxG weight blocks: the tile's first columns are in block n0 / G (all
    // of them where BLOCK_N divides G).
    Value block = b.divu(ctaCol0, b.i64(config.groupSize));
    bScale = loadBlockScale(block);
    // The rest in the next one; past N (the tile's last columns, zero-filled
    // by TMA and not stored) the last block's, to stay inside sb.
    if (config.spansWeightBlocks())
      bScaleHigh =
          loadBlockScale(b.minu(b.add(block, b.i64(1)), lastWeightBlock));
  }
  PromotionScales scales{b.mulf(s0, bScale), b.mulf(s1, bScale), Value(),
                         bScale};
  if (bScaleHigh) {
    scales.row0High = b.mulf(s0, bScaleHigh);
    scales.row1High = b.mulf(s1, bScaleHigh);
    scales.blockScaleHigh = bScaleHigh;
  }
  return scales;
}

Value ScaledMatmulKernelEmitter::loadColumnScaleOrZero(Value col, Value group,
                                                       Value groups) {
  // Columns past N (the N tail) get scale 0: B's rows there are zero-filled
  // by TMA and their results are not stored.
  Type f32 = b.getF32Type();
  Value inCols = b.cmp(arith::CmpIPredicate::ult, col, sizeN);
  auto ifOp = scf::IfOp::create(b, f32, inCols, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value index = b.add(b.mul(col, groups), group);
  Value offset = b.mul(index, b.i64(4));
  Value scale =
      LLVM::LoadOp::create(b, f32, b.byteAddress(arg("sb"), offset), 4);
  scf::YieldOp::create(b, scale);
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(b, Value(arith::ConstantFloatOp::create(
                              b, b.getF32Type(), APFloat(0.0f))));
  return ifOp.getResult(0);
}

Value ScaledMatmulKernelEmitter::columnScaleBase(Value promotion) {
  int64_t buffers = config.getColumnScaleBuffers();
  Value turn = b.trunc(b.getI32Type(), b.remu(promotion, b.i64(buffers)));
  Value slot = b.add(b.mul(warpgroup, b.i32(buffers)), turn);
  return b.mul(slot, b.i32(config.tile.blockN * 4));
}

Value ScaledMatmulKernelEmitter::stageColumnScales(Value group, Value groups,
                                                   Value promotion) {
  // 1x128 rows of B: every accumulator column n needs sb[n, g]. The thread's
  // BN/4 columns held in registers across the wgmma (with the partial and
  // the accumulator) exceed the 168 registers that 384 threads allow, and
  // per-column global loads put BN/4 loop-invariant addresses in registers;
  // so the warpgroup stages the CTA's BN column scales in shared memory.
  // NOTE: the buffers are used in turn by promotion (counted across
  // tiles). With B buffers the one written for promotion p was last read in
  // promotion p-B. Waiting loop (B = 2): every thread finished promotion
  // p-2 before this warpgroup's barrier of p-1. Overlapped (B = 3): block p
  // is staged before block p-1 is promoted, and promotion p-2 runs after
  // the barrier of p-1, so only p-3 is certainly done.
  Value base = columnScaleBase(promotion);
  Value inGroup = b.remu(tid, b.i32(kWarpgroupThreads));
  for (int64_t first = 0; first < config.tile.blockN;
       first += kWarpgroupThreads) {
    Value n = b.add(inGroup, b.i32(first));
    auto copyOne = [&] {
      Value col = b.add(ctaCol0, b.toI64(n));
      Value at = b.add(base, b.mul(n, b.i32(4)));
      b.store(loadColumnScaleOrZero(col, group, groups), columnScaleAddress(at),
              4);
    };
    if (first + kWarpgroupThreads <= config.tile.blockN)
      copyOne();
    else
      b.ifThen(b.cmp(arith::CmpIPredicate::ult, n, b.i32(config.tile.blockN)),
               copyOne);
  }
  // NOTE: only this warpgroup reads its buffer.
  syncWarpgroup();
  return base;
}

std::pair<Value, Value>
ScaledMatmulKernelEmitter::loadColumnScales(Value columns, int64_t j) {
  Value at =
      b.add(columns, b.mul(b.add(colInCta, b.i32(j * kWgmmaNStep)), b.i32(4)));
  Type f32 = b.getF32Type();
  Value first = b.load(f32, columnScaleAddress(at), 4);
  Value second = b.load(f32, columnScaleAddress(b.add(at, b.i32(4))), 4);
  return {first, second};
}

void ScaledMatmulKernelEmitter::promote(MutableArrayRef<Value> acc,
                                        Value partial,
                                        const PromotionScales &scales) {
  std::pair<Value, Value> columns;
  // The scales of column group j's two rows.
  std::pair<Value, Value> rows = {scales.row0, scales.row1};
  for (int64_t i = 0, e = acc.size(); i < e; ++i) {
    int64_t j = i / 4;
    if (scales.columns && i % 4 == 0)
      columns = loadColumnScales(scales.columns, j);
    if (scales.row0High && i % 4 == 0) {
      // Column group j is in the tile's second weight block from the split
      // on: known here where the K loop was compiled per split.
      if (constantSplit) {
        rows = j < *constantSplit
                   ? std::pair(scales.row0, scales.row1)
                   : std::pair(scales.row0High, scales.row1High);
      } else {
        Value first = b.cmp(arith::CmpIPredicate::ult, b.i32(j), columnSplit);
        rows = {arith::SelectOp::create(b, first, scales.row0, scales.row0High),
                arith::SelectOp::create(b, first, scales.row1,
                                        scales.row1High)};
      }
    }
    Value value = LLVM::ExtractValueOp::create(b, partial, i);
    // Values 4j+0, 4j+1 are on the first row, 4j+2, 4j+3 eight rows below;
    // values 4j+c and 4j+2+c are in column 8j + 2(l%4) + c.
    Value scale = (i % 4) < 2 ? rows.first : rows.second;
    if (scales.columns) {
      // scale = f32(sa[r, g] * sb[n, g]), rounded as the reference does.
      Value column = (i % 2) == 0 ? columns.first : columns.second;
      scale = b.mulf(scale, column);
    }
    if (config.promotion == GemmPromotion::FMA) {
      acc[i] = LLVM::FMAOp::create(b, value, scale, acc[i]);
      continue;
    }
    Value scaled = b.mulf(value, scale);
    acc[i] = b.addf(acc[i], scaled);
  }
}

std::pair<Value, Value> ScaledMatmulKernelEmitter::waitStage(Value iteration) {
  auto [stage, parity] = getRingSlot(iteration);
  wait(fullBarrier(stage), parity);
  Value aOffset = b.add(stageOffset(stage),
                        b.mul(uniformWarpgroup, b.i32(kWgmmaM * kGemmBlockK)));
  Value bOffset =
      b.add(stageOffset(stage), b.i32(config.tile.blockM * kGemmBlockK));
  return {aOffset, bOffset};
}

void ScaledMatmulKernelEmitter::releaseStage(Value iteration) {
  // The stage has been read by every wgmma of this thread's warpgroup.
  Value stage = getRingSlot(iteration).first;
  if (config.tile.getMulticastCtas() == 1) {
    nvgpu::MBarrierArriveOp::create(
        b, nvgpu::MBarrierTokenType::get(b.getContext()), barriers,
        emptyBarrier(stage));
    return;
  }
  // Clusters: lane 0 of each warp (after the warp's wgmma.wait_group, which
  // all its lanes passed together) arrives on the stage's empty barrier of
  // every CTA of the cluster, its own included: each producer multicasts
  // into all of them.
  std::string text = "{\n\t.reg .pred lead;\n\t.reg .b32 at;\n\t"
                     "setp.eq.u32 lead, $1, 0;\n\t";
  for (int64_t rank = 0; rank < config.tile.getMulticastCtas(); ++rank)
    text += llvm::formatv("mapa.shared::cluster.u32 at, $0, {0};\n\t"
                          "@lead mbarrier.arrive.shared::cluster.b64 _, "
                          "[at];\n\t",
                          rank)
                .str();
  text += "}";
  ptx(text, "r,r", {clusterEmptyBarrier(stage), lane});
}

SmallVector<Value> ScaledMatmulKernelEmitter::emitAccumulatorLoop(
    Value lb, Value ub, int64_t step, ValueRange init,
    function_ref<void(Value iv, SmallVectorImpl<Value> &acc)> body) {
  auto loop = scf::ForOp::create(b, lb, ub, b.index(step), init);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> acc(loop.getRegionIterArgs());
  body(loop.getInductionVar(), acc);
  scf::YieldOp::create(b, acc);
  return SmallVector<Value>(loop.getResults());
}

SmallVector<Value> ScaledMatmulKernelEmitter::emitKLoop(Value firstIteration) {
  beginTileRing(firstIteration);
  // One accumulator of BN/2 values per slice, slice after slice.
  int64_t regs = config.getFragmentValues() * config.getSlices();
  Value zero = arith::ConstantFloatOp::create(b, b.getF32Type(), APFloat(0.0f));
  SmallVector<Value> init(regs, zero);
  if (config.promotionInterval > kGemmBlockK)
    return emitAccumulatorLoop(
        b.index(0), numK, config.getBlocksPerPromotion(), init,
        [&](Value kt, SmallVectorImpl<Value> &acc) {
          emitMultiBlockStep(firstIteration, b.toI64(kt), acc);
        });
  auto single = [&](Value kt, SmallVectorImpl<Value> &acc) {
    emitBlockStep(firstIteration, b.toI64(kt), acc);
  };
  if (!config.overlapsPromotion())
    return emitAccumulatorLoop(b.index(0), numK, 1, init, single);
  // Pairs of K blocks, then the last block (odd K/128) alone.
  Value paired = b.mul(b.divu(numK, b.index(2)), b.index(2));
  SmallVector<Value> acc = emitOverlappedKLoop(firstIteration, init, paired);
  return emitAccumulatorLoop(paired, numK, 1, acc, single);
}

void ScaledMatmulKernelEmitter::emitBlockStep(Value firstIteration, Value kt,
                                              SmallVectorImpl<Value> &acc) {
  Value iteration = b.add(firstIteration, kt);
  // The scale loads are issued before the wait so they overlap the TMA.
  Value group = b.divu(kBlockOf(kt), b.i64(config.getBlocksPerGroup()));
  PromotionScales scales = loadScales(group, iteration);
  PromotionScales first = scales;
  int64_t interval = config.promotionInterval;
  int64_t slices = config.getSlices();
  int64_t regs = config.getFragmentValues();
  std::optional<PromotionScales> preloaded;
  if (config.preloadsSliceScales())
    preloaded = loadScales(group, iteration, 1, &first);
  auto [aOffset, bOffset] = waitStage(iteration);
  // Slice after slice, interval after interval: each partial is waited for
  // and promoted before the next is issued (one partial's registers). The
  // next slice's scales are loaded while a slice's last wgmma group runs,
  // or before the stage wait (GemmKernelConfig::preloadsSliceScales).
  for (int64_t slice = 0; slice < slices; ++slice) {
    Value aSlice =
        b.add(aOffset, b.i32(slice * config.getSliceRows() * kGemmBlockK));
    MutableArrayRef<Value> sum(acc.begin() + slice * regs, regs);
    for (int64_t k = 0; k < kGemmBlockK; k += interval) {
      bool last = k + interval == kGemmBlockK;
      Value partial = emitMma(aSlice, bOffset, k, k + interval, Value(),
                              /*wait=*/false);
      std::optional<PromotionScales> next;
      if (last && slice + 1 < slices)
        next = preloaded ? *preloaded
                         : loadScales(group, iteration, slice + 1, &first);
      NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
      if (last && slice + 1 == slices)
        releaseStage(iteration);
      promote(sum, partial, scales);
      if (next)
        scales = *next;
    }
  }
}

void ScaledMatmulKernelEmitter::emitMultiBlockStep(
    Value firstIteration, Value kt, SmallVectorImpl<Value> &acc) {
  int64_t span = config.getBlocksPerPromotion();
  Value iteration = b.add(firstIteration, kt);
  Value group = b.divu(kBlockOf(kt), b.i64(config.getBlocksPerGroup()));
  // One slice (getInvalidReason).
  PromotionScales scales =
      loadScales(group, b.divu(iteration, b.i64(span)));
  // One tensor-core accumulation across `span` stages.
  auto [aOffset, bOffset] = waitStage(iteration);
  Value partial = emitMma(aOffset, bOffset, 0, kGemmBlockK, Value());
  releaseStage(iteration);
  auto inner = scf::ForOp::create(b, b.index(1), b.index(span), b.index(1),
                                  ValueRange{partial});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(inner.getBody());
    Value next = b.add(iteration, b.toI64(inner.getInductionVar()));
    auto [a, bb] = waitStage(next);
    Value sum =
        emitMma(a, bb, 0, kGemmBlockK, inner.getRegionIterArgs().front());
    releaseStage(next);
    scf::YieldOp::create(b, sum);
  }
  promote(acc, inner.getResult(0), scales);
}

SmallVector<Value>
ScaledMatmulKernelEmitter::emitOverlappedKLoop(Value firstIteration,
                                               SmallVector<Value> acc,
                                               Value paired) {
  // NOTE: no wgmma accumulator in flight crosses the loop's back edge (a
  // phi there would copy registers the tensor cores are still writing, and
  // ptxas serializes every wgmma of the kernel: C7514). What crosses it is
  // the second block's partial, complete (wait 0) but not yet promoted: the
  // next pair's first wgmma group is issued before it is promoted. With
  // pairs the partials alternate between two register sets, so the carried
  // one stays in place. Three partial-sized sets are live at a time (the
  // sum, the carried partial, the one in flight).
  struct Block {
    Value partial;
    PromotionScales scales;
  };
  auto issue = [&](Value kt) {
    Value iteration = b.add(firstIteration, kt);
    Value group = b.divu(kBlockOf(kt), b.i64(config.getBlocksPerGroup()));
    // One slice (overlapsPromotion).
    PromotionScales scales = loadScales(group, iteration);
    auto [aOffset, bOffset] = waitStage(iteration);
    Value partial = emitMma(aOffset, bOffset, 0, kGemmBlockK, Value(),
                            /*wait=*/false);
    return Block{partial, scales};
  };
  // Waits until `inFlight` groups remain: block kt is done.
  auto complete = [&](Value kt, int64_t inFlight) {
    NVVM::WgmmaWaitGroupSyncOp::create(b, inFlight);
    releaseStage(b.add(firstIteration, kt));
  };
  // NOTE: Row forms recompute the carried block's column-scale buffer
  // from its ring iteration rather than carry it (one register fewer
  // across the loop: the Wgrad kernel spilled 16 bytes with it).
  assert(!config.spansWeightBlocks() &&
         "tiles spanning two weight blocks are wider than the pair loop's");
  auto carried = [](const Block &block) {
    return SmallVector<Value, 3>{block.partial, block.scales.row0,
                                 block.scales.row1};
  };
  auto blockFrom = [&](ValueRange values, Value kt) {
    Value columns;
    if (config.bScaling == GemmBScaling::Row)
      columns = columnScaleBase(b.add(firstIteration, kt));
    return Block{values[0],
                 PromotionScales{values[1], values[2], columns, Value()}};
  };
  int64_t regs = acc.size();
  Value hasPair = b.cmp(arith::CmpIPredicate::uge, numK, b.index(2));
  auto ifOp = scf::IfOp::create(b, TypeRange(ValueRange(acc)), hasPair,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  if (deferredEpilogue)
    deferredEpilogue();
  scf::YieldOp::create(b, acc);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  // The first pair: block 0 promoted while block 1 runs; block 1 carried.
  // The previous tile's deferred epilogue runs while block 1 is on the
  // tensor cores, block 0's stage released (before the release the
  // producer could not refill the ring during it: 0.96x at 4 K blocks per
  // tile).
  Block first = issue(b.i64(0));
  Block second = issue(b.i64(1));
  complete(b.i64(0), /*inFlight=*/1);
  if (deferredEpilogue)
    deferredEpilogue();
  promote(acc, first.partial, first.scales);
  complete(b.i64(1), /*inFlight=*/0);
  SmallVector<Value> init(acc);
  llvm::append_range(init, carried(second));
  auto loop = scf::ForOp::create(b, b.index(2), paired, b.index(2), init);
  {
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(loop.getBody());
    ValueRange args = loop.getRegionIterArgs();
    SmallVector<Value> sum(args.begin(), args.begin() + regs);
    Value kt = b.toI64(loop.getInductionVar());
    Block previous = blockFrom(args.drop_front(regs), b.sub(kt, b.i64(1)));
    Block next = issue(kt);
    promote(sum, previous.partial, previous.scales);
    Block after = issue(b.add(kt, b.i64(1)));
    complete(kt, /*inFlight=*/1);
    promote(sum, next.partial, next.scales);
    complete(b.add(kt, b.i64(1)), /*inFlight=*/0);
    SmallVector<Value> yield(sum);
    llvm::append_range(yield, carried(after));
    scf::YieldOp::create(b, yield);
  }
  ValueRange results = loop.getResults();
  SmallVector<Value> sum(results.begin(), results.begin() + regs);
  Block last = blockFrom(results.drop_front(regs),
                         b.toI64(b.sub(paired, b.index(1))));
  promote(sum, last.partial, last.scales);
  scf::YieldOp::create(b, sum);
  return SmallVector<Value>(ifOp.getResults());
}

void ScaledMatmulKernelEmitter::emitConsumer() {
  // Coordinates of the thread's accumulator fragment in the tile.
  Value inGroup = b.remu(tid, b.i32(kWarpgroupThreads));
  Value warp = b.divu(inGroup, b.i32(kWarpLanes));
  lane = b.remu(inGroup, b.i32(kWarpLanes));
  rowInCta = b.add(b.add(b.mul(warpgroup, b.i32(kWgmmaM)),
                         b.mul(warp, b.i32(kFragmentWarpRows))),
                   b.divu(lane, b.i32(kFragmentLanesPerRow)));
  colInCta = b.mul(b.remu(lane, b.i32(kFragmentLanesPerRow)), b.i32(2));
  if (config.spansWeightBlocks()) {
    Value blocks = b.divu(b.add(sizeN, b.i64(config.groupSize - 1)),
                          b.i64(config.groupSize));
    lastWeightBlock = b.sub(blocks, b.i64(1));
  }
  if (config.defersEpilogue())
    return emitDeferredEpilogueTileLoop();
  emitTileLoop([&](Value firstIteration) {
    setTileOrigin(ctaRow0, ctaCol0);
    if (!config.spansWeightBlocks())
      return emitTileEnd(emitKLoop(firstIteration));
    // The tile's 8-column groups in its first weight block (tile-uniform;
    // one of getColumnSplits(), which enumerates this over the tile starts).
    Value phase = b.remu(ctaCol0, b.i64(config.groupSize));
    Value split = b.divu(b.minu(b.sub(b.i64(config.groupSize), phase),
                                b.i64(config.tile.blockN)),
                         b.i64(kWgmmaNStep));
    columnSplit = b.trunc(b.getI32Type(), split);
    if (!config.dispatchesColumnSplit())
      return emitTileEnd(emitKLoop(firstIteration));
    // One copy of the K loop per split (the last one the default case).
    SmallVector<int64_t> splits = config.getColumnSplits();
    int64_t regs = config.getFragmentValues() * config.getSlices();
    SmallVector<Type> types(regs, b.getF32Type());
    auto switchOp = scf::IndexSwitchOp::create(
        b, types, b.toIndex(split), ArrayRef(splits).drop_back(),
        splits.size() - 1);
    auto emitCase = [&](Region &region, int64_t value) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&region.emplaceBlock());
      constantSplit = value;
      scf::YieldOp::create(b, emitKLoop(firstIteration));
      constantSplit.reset();
    };
    for (auto [region, value] :
         llvm::zip(switchOp.getCaseRegions(), ArrayRef(splits).drop_back()))
      emitCase(region, value);
    emitCase(switchOp.getDefaultRegion(), splits.back());
    emitTileEnd(SmallVector<Value>(switchOp.getResults()));
  });
}

void ScaledMatmulKernelEmitter::emitDeferredEpilogueTileLoop() {
  // Carried across tiles: whether there is a previous tile, its first row
  // and column, and its promoted accumulator (complete values: no wgmma
  // accumulator in flight crosses the back edge).
  int64_t regs = config.getFragmentValues() * config.getSlices();
  Value zero = arith::ConstantFloatOp::create(b, b.getF32Type(), APFloat(0.0f));
  SmallVector<Value> init{b.i1(false), b.i64(0), b.i64(0)};
  init.append(regs, zero);
  auto epilogueOf = [&](ValueRange tile, Value index) {
    epilogueIndex = index;
    Value row0 = ctaRow0, col0 = ctaCol0, frag0 = fragRow0, frag1 = fragCol0;
    setTileOrigin(tile[1], tile[2]);
    // NOTE: CTA-uniform, so the epilogue's warpgroup barriers are reached
    // by every thread of the warpgroup or by none.
    b.ifThen(tile[0], [&] {
      emitEpilogue(SmallVector<Value>(tile.drop_front(3)));
    });
    ctaRow0 = row0;
    ctaCol0 = col0;
    fragRow0 = frag0;
    fragCol0 = frag1;
  };
  SmallVector<Value> last = emitTileLoop(
      init, [&](Value firstIteration, ValueRange previous) {
        setTileOrigin(ctaRow0, ctaCol0);
        Value index = b.sub(tileInCta, b.i64(1));
        auto deferred = [&] { epilogueOf(previous, index); };
        deferredEpilogue = deferred;
        SmallVector<Value> sum = emitKLoop(firstIteration);
        deferredEpilogue = nullptr;
        SmallVector<Value> yield{b.i1(true), ctaRow0, ctaCol0};
        llvm::append_range(yield, sum);
        return yield;
      });
  epilogueOf(last, b.sub(ctaTileCount(), b.i64(1)));
}

Value ScaledMatmulKernelEmitter::sliceRow(int64_t slice) {
  if (slice == 0)
    return fragRow0;
  return b.add(fragRow0, b.i64(slice * config.getSliceRows()));
}

Value ScaledMatmulKernelEmitter::fragmentRow(int64_t i) {
  // Values 4j+0, 4j+1 are on the first row, 4j+2, 4j+3 eight rows below.
  int64_t regs = config.getFragmentValues();
  Value row = sliceRow(i / regs);
  if (i % 4 < 2)
    return row;
  return b.add(row, b.i64(kFragmentRowStep));
}

Value ScaledMatmulKernelEmitter::fragmentColumn(int64_t i) {
  // Values 4j+c and 4j+2+c are in column 8j + 2(l%4) + c.
  i %= config.getFragmentValues();
  return b.add(fragCol0, b.i64((i / 4) * kWgmmaNStep + (i % 2)));
}

void ScaledMatmulKernelEmitter::emitEpilogue(ArrayRef<Value> acc) {
  if (!staging)
    return emitRegisterEpilogue(acc);
  auto ifOp = scf::IfOp::create(b, emitStagedCondition(),
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  emitStagedStores(acc);
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  emitRegisterEpilogue(acc);
}

void ScaledMatmulKernelEmitter::waitSplitBarrier(Value barrier, Value parity) {
  ptx(llvm::formatv("{{\n\t.reg .pred done;\n\tfp8q_split_wait:\n\t"
                    "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 "
                    "done, [$0], $1, {0};\n\t@!done bra fp8q_split_wait;\n\t}",
                    kTryWaitTicks)
          .str(),
      "r,r", {barrier, b.zext(b.getI32Type(), parity)});
}

void ScaledMatmulKernelEmitter::arriveRemote(Value barrier, Value rank) {
  ptx("{\n\t.reg .b32 at;\n\tmapa.shared::cluster.u32 at, $0, $1;\n\t"
      "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [at];\n\t}",
      "r,r", {barrier, rank});
}

void ScaledMatmulKernelEmitter::emitTileEnd(ArrayRef<Value> acc) {
  int64_t split = config.tile.splitK;
  if (split == 1)
    return emitEpilogue(acc);
  // The slot holds a thread's sums as 16-byte chunks, chunk c of thread t
  // (a consumer's tid) at (c T + t) 16 for the T consumer threads: a
  // warp's accesses are 512 contiguous bytes. Every rank's thread t holds
  // the same fragment of the tile.
  int64_t threads = config.getConsumerWarpgroups() * kWarpgroupThreads;
  int64_t chunkStride = threads * 16;
  Type f32 = b.getF32Type();
  Value parity = b.trunc(b.getI1Type(), tileInCta);
  Value slot = LLVM::PtrToIntOp::create(
      b, b.getI32Type(), b.sharedAddress(splitSlot, b.i32(0)));
  Value own = b.add(slot, b.mul(tid, b.i32(16)));
  Value free = splitBarrier(split - 1);
  Value isFirst = b.cmp(arith::CmpIPredicate::eq, clusterRank, b.i32(0));
  auto ifOp = scf::IfOp::create(b, isFirst, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  // Rank 0: rank r's sums once its consumers have written them for this
  // tile, read from its shared memory; then rank r may write the next.
  SmallVector<Value> sum(acc);
  auto v4 = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                             SmallVector<Type>(4, f32));
  for (int64_t r = 1; r < split; ++r) {
    waitSplitBarrier(splitBarrier(r - 1), parity);
    Value peer = b.i32(r);
    Value remote =
        LLVM::InlineAsmOp::create(
            b, b.getI32Type(), ValueRange{own, peer},
            "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r",
            /*has_side_effects=*/false, /*is_align_stack=*/false,
            LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
            ArrayAttr())
            .getResult(0);
    for (int64_t c = 0, e = sum.size() / 4; c < e; ++c) {
      Value chunk =
          LLVM::InlineAsmOp::create(
              b, v4, ValueRange{b.add(remote, b.i32(c * chunkStride))},
              "ld.shared::cluster.v4.f32 {$0, $1, $2, $3}, [$4];",
              "=f,=f,=f,=f,r", /*has_side_effects=*/true,
              /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
              LLVM::AsmDialectAttr(), ArrayAttr())
              .getResult(0);
      for (int64_t q = 0; q < 4; ++q)
        sum[4 * c + q] = b.addf(sum[4 * c + q],
                                LLVM::ExtractValueOp::create(b, chunk, q));
    }
    arriveRemote(free, peer);
  }
  emitEpilogue(sum);
  // Ranks 1..: once rank 0 has read the previous tile's sums, this tile's
  // into the slot, then rank 0's full[rank - 1].
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  waitSplitBarrier(free, b.bitXor(parity, b.i1(true)));
  for (int64_t c = 0, e = acc.size() / 4; c < e; ++c)
    ptx("st.shared.v4.f32 [$0], {$1, $2, $3, $4};", "r,f,f,f,f",
        {b.add(own, b.i32(c * chunkStride)), acc[4 * c], acc[4 * c + 1],
         acc[4 * c + 2], acc[4 * c + 3]});
  arriveRemote(splitBarrier(b.sub(clusterRank, b.i32(1))), b.i32(0));
}

Value ScaledMatmulKernelEmitter::emitStagedCondition() {
  // NOTE: with N % 8 == 0 a chunk of 8 columns is wholly inside or outside
  // N, and each row (N * 2 or N * 4 bytes) starts 16-byte aligned when the
  // arrays do; CTA-uniform, so the barriers inside are reached by all.
  Value alignedN =
      b.cmp(arith::CmpIPredicate::eq, b.bitAnd(sizeN, b.i64(kStagedChunk - 1)),
            b.i64(0));
  Value addresses = LLVM::PtrToIntOp::create(b, b.getI64Type(), arg("out"));
  if (Value c = arg("c"))
    addresses = b.bitOr(addresses,
                        LLVM::PtrToIntOp::create(b, b.getI64Type(), c));
  Value alignedArrays = b.cmp(arith::CmpIPredicate::eq,
                              b.bitAnd(addresses, b.i64(15)), b.i64(0));
  return b.bitAnd(alignedN, alignedArrays);
}

void ScaledMatmulKernelEmitter::emitStorer() {
  // Threads 32-127 of the producer warpgroup (warp 0 issues the TMA
  // copies), only where the consumers stage their results. The CTA's tiles
  // come in the consumers' order; each one's first row and column are in
  // the padding of its staging rows (emitStagedBF16Slice).
  Value t = b.sub(b.remu(tid, b.i32(kWarpgroupThreads)), b.i32(kWarpLanes));
  int64_t threads = kWarpgroupThreads - kWarpLanes;
  b.ifThen(emitStagedCondition(), [&] {
    auto loop = scf::ForOp::create(
        b, b.index(0), b.indexCastU(b.getIndexType(), ctaTileCount()),
        b.index(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    // Epilogue e of warpgroup w: staged[w] completes its phase e.
    Value parity =
        b.trunc(b.getI1Type(), b.toI64(loop.getInductionVar()));
    for (int64_t w = 0; w < 2; ++w) {
      wait(stagedBarrier(w), parity);
      emitStagingCopy(t, threads, b.i32(w));
      nvgpu::MBarrierArriveOp::create(
          b, nvgpu::MBarrierTokenType::get(b.getContext()), barriers,
          drainedBarrier(w));
    }
  });
}

void ScaledMatmulKernelEmitter::emitStagingCopy(Value t, int64_t threads,
                                                Value w) {
  Type i32 = b.getI32Type();
  int64_t pitch = config.getEpilogueStagingPitch();
  Value base = LLVM::PtrToIntOp::create(b, i32,
                                        b.sharedAddress(staging, b.i32(0)));
  Value firstRow = b.mul(w, b.i32(kWgmmaM));
  // The tile's first row and column, from the padding of row 64 w.
  Value corner = b.add(base, b.add(b.mul(firstRow, b.i32(pitch)),
                                   b.i32(config.tile.blockN * 2)));
  auto i64x2 = VectorType::get({2}, b.getI64Type());
  Value origin2 = b.load(
      i64x2, LLVM::IntToPtrOp::create(
                 b, LLVM::LLVMPointerType::get(b.getContext(),
                                               kSharedAddressSpace),
                 corner),
      16);
  Value tileRow0 = LLVM::ExtractElementOp::create(b, origin2, b.i32(0));
  Value tileCol0 = LLVM::ExtractElementOp::create(b, origin2, b.i32(1));
  Value rowsStart = b.add(tileRow0, b.toI64(firstRow));
  // The loop below steps past the 64 rows (6 x 11 > 64).
  ChunkWalk walk = getChunkWalk(t, threads, base, firstRow, rowsStart,
                                tileCol0, sizeM, /*within64=*/true);
  // A loop (not unrolled): the storers have the producer's 40 registers.
  Value policy =
      LLVM::InlineAsmOp::create(
          b, b.getI64Type(), ValueRange(),
          "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;", "=l",
          /*has_side_effects=*/false, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
          ArrayAttr())
          .getResult(0);
  int64_t steps = llvm::divideCeil(kWgmmaM, walk.rowStep);
  auto loop = scf::ForOp::create(b, b.index(0), b.index(steps), b.index(1),
                                 ValueRange{walk.to, walk.from, walk.rowLeft});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  ValueRange args = loop.getRegionIterArgs();
  Value store = b.bitAnd(
      walk.inColumns, b.cmp(arith::CmpIPredicate::sgt, args[2], b.i64(0)));
  // NOTE: x..w are set first, so that the predicated load does not make
  // ptxas keep their previous values alive (it spilled them).
  ptx("{\n\t.reg .pred p;\n\t.reg .b32 x, y, z, w;\n\t"
      "mov.b32 x, 0;\n\tmov.b32 y, 0;\n\tmov.b32 z, 0;\n\tmov.b32 w, 0;\n\t"
      "setp.ne.b32 p, $2, 0;\n\t"
      "@p ld.shared.v4.b32 {x, y, z, w}, [$1];\n\t"
      "@p st.global.L2::cache_hint.v4.b32 [$0], {x, y, z, w}, $3;\n\t}",
      "l,r,r,l", {args[0], args[1], b.zext(i32, store), policy});
  scf::YieldOp::create(
      b, ValueRange{b.add(args[0], walk.toStep),
                    b.add(args[1], b.i32(walk.rowStep * pitch)),
                    b.sub(args[2], b.i64(walk.rowStep))});
}

ScaledMatmulKernelEmitter::TileLoopBounds
ScaledMatmulKernelEmitter::getTileLoopBounds() {
  TileLoopBounds bounds;
  bounds.first = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  bounds.step = gpu::GridDimOp::create(b, gpu::Dimension::x);
  if (int64_t ctas = config.getClusterCtas(); ctas > 1) {
    bounds.first = b.divu(bounds.first, b.index(ctas));
    bounds.step = b.divu(bounds.step, b.index(ctas));
  }
  auto units = [&](Value tiles, int64_t cluster) {
    if (cluster == 1)
      return tiles;
    return b.divu(b.add(tiles, b.i64(cluster - 1)), b.i64(cluster));
  };
  bounds.unitRowsM = units(tilesM, config.tile.clusterM);
  bounds.unitColsN = units(tilesN, config.tile.clusterN);
  bounds.units = b.indexCastU(b.getIndexType(),
                              b.mul(bounds.unitRowsM, bounds.unitColsN));
  return bounds;
}

Value ScaledMatmulKernelEmitter::ctaTileCount() {
  assert(config.grouping == GemmGrouping::None &&
         "grouped GEMMs walk their own tile loop");
  TileLoopBounds bounds = getTileLoopBounds();
  Value first = b.toI64(bounds.first);
  Value step = b.toI64(bounds.step);
  Value units = b.toI64(bounds.units);
  Value left = b.sub(b.maxu(units, first), first);
  return b.divu(b.add(left, b.sub(step, b.i64(1))), step);
}

ScaledMatmulKernelEmitter::ChunkWalk
ScaledMatmulKernelEmitter::getChunkWalk(Value t, int64_t threads, Value base,
                                        Value firstRow, Value rowsStart,
                                        Value col0, Value rowEnd,
                                        bool within64) {
  int64_t pitch = config.getEpilogueStagingPitch();
  int64_t chunksPerRow = config.tile.blockN / kStagedChunk;
  assert(threads % chunksPerRow == 0 && "a chunk per thread");
  ChunkWalk walk;
  walk.rowStep = threads / chunksPerRow;
  // out + (rowsStart N + col0) * 2: the warpgroup's first result row.
  Value origin = b.byteAddress(
      arg("out"), b.mul(b.add(b.mul(rowsStart, sizeN), col0), b.i64(2)));
  Value rowLimit = b.sub(rowEnd, rowsStart); // rows of this warpgroup left
  if (within64)
    rowLimit = arith::MinSIOp::create(b, rowLimit, b.i64(kWgmmaM));
  Value columnLimit = b.sub(sizeN, col0); // columns of the tile left
  Value row = b.divu(t, b.i32(chunksPerRow));
  Value chunk = b.remu(t, b.i32(chunksPerRow));
  Value column = b.toI64(b.mul(chunk, b.i32(kStagedChunk)));
  walk.inColumns = b.cmp(arith::CmpIPredicate::slt, column, columnLimit);
  walk.from = b.add(base, b.add(b.mul(b.add(firstRow, row), b.i32(pitch)),
                                b.mul(chunk, b.i32(kStagedChunk * 2))));
  walk.to = LLVM::PtrToIntOp::create(
      b, b.getI64Type(),
      b.byteAddress(origin, b.mul(b.add(b.mul(b.toI64(row), sizeN), column),
                                  b.i64(2))));
  walk.toStep = b.mul(sizeN, b.i64(walk.rowStep * 2));
  walk.rowLeft = b.sub(rowLimit, b.toI64(row));
  return walk;
}

void ScaledMatmulKernelEmitter::syncWarpgroup() {
  NVVM::BarrierOp::create(b, TypeRange{}, b.add(warpgroup, b.i32(1)),
                          b.i32(kWarpgroupThreads),
                          NVVM::BarrierReductionAttr(), Value());
}

void ScaledMatmulKernelEmitter::emitStagedStores(ArrayRef<Value> acc) {
  int64_t regs = config.getFragmentValues();
  for (int64_t slice = 0; slice < config.getSlices(); ++slice)
    emitStagedSlice(acc.slice(slice * regs, regs), slice);
}

void ScaledMatmulKernelEmitter::emitStagedBF16Slice(ArrayRef<Value> acc,
                                                    int64_t slice) {
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  int64_t pitch = config.getEpilogueStagingPitch();
  Value base = LLVM::PtrToIntOp::create(b, i32,
                                        b.sharedAddress(staging, b.i32(0)));
  // Every thread of the warpgroup (storer warps: every storer) has read
  // back its previous slice or tile: drained[w] completed the phase of the
  // previous epilogue (e - 1; a fresh barrier passes parity 1).
  if (usesStorerWarps()) {
    Value parity = b.trunc(b.getI1Type(), b.add(epilogueIndex, b.i64(1)));
    for (int64_t w = 0; w < 2; ++w)
      b.ifThen(b.cmp(arith::CmpIPredicate::eq, warpgroup, b.i32(w)),
               [&] { wait(drainedBarrier(w), parity); });
  } else {
    // TMA store: the warpgroup's previous boxes have been read out of the
    // staging area (the bulk groups are the issuing thread's).
    if (config.tmaStore)
      b.ifThen(isWarpgroupLeader(),
               [&] { ptx("cp.async.bulk.wait_group.read 0;", "", {}); });
    syncWarpgroup();
  }
  // stmatrix .x4 of 8-column groups j, j + 1: matrices {rows 0-7 of j, rows
  // 8-15 of j, rows 0-7 of j + 1, rows 8-15 of j + 1} of the warp's 16 rows;
  // lane l gives the address of row l % 8 of matrix l / 8. The last group
  // alone (BN % 16 == 8) takes .x2 (lanes 0-15).
  Value inGroup = b.remu(tid, b.i32(kWarpgroupThreads));
  Value warp = b.divu(inGroup, b.i32(kWarpLanes));
  // Lane l's row among the warp's 16: l % 8, + 8 for the odd matrices.
  auto laneRow = [&] {
    return b.add(b.bitAnd(lane, b.i32(7)),
                 b.mul(b.bitAnd(b.shru(lane, b.i32(3)), b.i32(1)),
                       b.i32(kFragmentRowStep)));
  };
  // The address of lane l for groups j, j + 1 (j even).
  std::function<Value(int64_t)> addressOf;
  // TMA store: the shared address of the warpgroup's first box.
  Value boxesBase;
  if (config.tmaStore) {
    // The warpgroup's rows as BN/64 boxes of 64 rows x 128 bytes, each
    // row's eight 16-byte chunks swizzled (chunk c at c ^ (row % 8), the
    // 128-byte swizzle of the boxes' 1024-byte-aligned rows). Lane l's
    // chunk is (j % 8) + l / 16 with j even, so its swizzled index is
    // (j % 8) ^ (l / 16 ^ row % 8), and row % 8 is l % 8.
    int64_t boxChunks = kTmaStoreBoxColumns / kWgmmaNStep;
    boxesBase =
        b.add(base, b.mul(warpgroup, b.i32(kWgmmaM * config.tile.blockN * 2)));
    Value rowInSlice = b.add(b.mul(warp, b.i32(kFragmentWarpRows)), laneRow());
    Value rowBase =
        b.add(boxesBase, b.mul(rowInSlice, b.i32(kTmaStoreRowBytes)));
    Value lanePart = b.shl(
        b.bitXor(b.shru(lane, b.i32(4)), b.bitAnd(lane, b.i32(7))), b.i32(4));
    addressOf = [&, rowBase, lanePart, boxChunks](int64_t j) {
      return b.add(b.add(rowBase, b.i32((j / boxChunks) * kTmaStoreBoxBytes)),
                   b.bitXor(lanePart, b.i32((j % boxChunks) * 16)));
    };
  } else {
    Value rowInStage = b.add(b.add(b.mul(warpgroup, b.i32(kWgmmaM)),
                                   b.mul(warp, b.i32(kFragmentWarpRows))),
                             laneRow());
    Value matrixAddress =
        b.add(base, b.add(b.mul(rowInStage, b.i32(pitch)),
                          b.mul(b.shru(lane, b.i32(4)), b.i32(16))));
    addressOf = [&, matrixAddress](int64_t j) {
      return b.add(matrixAddress, b.i32(j * kWgmmaNStep * 2));
    };
  }
  auto packed = [&](int64_t i) {
    Value pair = LLVM::UndefOp::create(b, VectorType::get({2}, f32));
    for (int64_t k = 0; k < 2; ++k)
      pair = LLVM::InsertElementOp::create(b, pair, acc[i + k], b.i32(k));
    pair = LLVM::FPTruncOp::create(
        b, VectorType::get({2}, b.getBF16Type()), pair);
    return LLVM::BitcastOp::create(b, i32, pair).getResult();
  };
  int64_t groups = config.tile.blockN / kWgmmaNStep;
  for (int64_t j = 0; j < groups; j += 2) {
    Value address = addressOf(j);
    if (j + 1 < groups) {
      ptx("stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};",
          "r,r,r,r,r",
          {address, packed(4 * j), packed(4 * j + 2), packed(4 * j + 4),
           packed(4 * j + 6)});
    } else {
      ptx("stmatrix.sync.aligned.m8n8.x2.shared.b16 [$0], {$1, $2};",
          "r,r,r", {address, packed(4 * j), packed(4 * j + 2)});
    }
  }
  if (usesStorerWarps()) {
    // The tile's first row and column for the storers, in the padding of
    // the warpgroup's first staging row.
    b.ifThen(b.cmp(arith::CmpIPredicate::eq, inGroup, b.i32(0)), [&] {
      Value corner = b.add(
          base, b.add(b.mul(warpgroup, b.i32(kWgmmaM * pitch)),
                      b.i32(config.tile.blockN * 2)));
      auto i64x2 = VectorType::get({2}, b.getI64Type());
      Value pair = LLVM::UndefOp::create(b, i64x2);
      pair = LLVM::InsertElementOp::create(b, pair, ctaRow0, b.i32(0));
      pair = LLVM::InsertElementOp::create(b, pair, ctaCol0, b.i32(1));
      b.store(pair,
              LLVM::IntToPtrOp::create(
                  b,
                  LLVM::LLVMPointerType::get(b.getContext(),
                                             kSharedAddressSpace),
                  corner),
              16);
    });
  }
  if (config.tmaStore) {
    // The rows are visible to the TMA unit (the async proxy) once every
    // writer has fenced and the warpgroup has synced; one thread then
    // stores the boxes (rows past M and columns past N are clipped).
    ptx("fence.proxy.async.shared::cta;", "", {});
    syncWarpgroup();
    b.ifThen(isWarpgroupLeader(), [&] {
      Value map = tensorMapAddress("out_map");
      Value y =
          b.trunc(b.getI32Type(),
                  b.add(b.add(ctaRow0, b.i64(slice * config.getSliceRows())),
                        b.toI64(b.mul(warpgroup, b.i32(kWgmmaM)))));
      for (int64_t box = 0; box * kTmaStoreBoxColumns < config.tile.blockN;
           ++box) {
        Value x = b.trunc(
            b.getI32Type(),
            b.mul(b.add(ctaCol0, b.i64(box * kTmaStoreBoxColumns)), b.i64(2)));
        ptx("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
            "[$0, {$1, $2}], [$3];",
            "l,r,r,r",
            {map, x, y, b.add(boxesBase, b.i32(box * kTmaStoreBoxBytes))});
      }
      ptx("cp.async.bulk.commit_group;", "", {});
    });
    return;
  }
  syncWarpgroup();
  if (usesStorerWarps()) {
    // The rows are the storers' (staged[w] completes phase e).
    for (int64_t w = 0; w < 2; ++w)
      b.ifThen(b.cmp(arith::CmpIPredicate::eq, warpgroup, b.i32(w)), [&] {
        nvgpu::MBarrierArriveOp::create(
            b, nvgpu::MBarrierTokenType::get(b.getContext()), barriers,
            stagedBarrier(w));
      });
    return;
  }
  // Read back in chunks of 8 columns (16 bytes), each stored where its row
  // is below the tile's row end and its columns below N (BN / 8 divides
  // the warpgroup's 128 threads: storesStagedBF16ByMatrix).
  Value firstRow = b.mul(warpgroup, b.i32(kWgmmaM));
  Value sliceRow0 = b.add(ctaRow0, b.i64(slice * config.getSliceRows()));
  Value rowsStart = b.add(sliceRow0, b.toI64(firstRow));
  ChunkWalk walk = getChunkWalk(inGroup, kWarpgroupThreads, base, firstRow,
                                rowsStart, ctaCol0, rowEnd, /*within64=*/false);
  // NOTE: H200 (bench/results/h200-s10-epilogue.txt): the L2 evict_first
  // policy on these stores (the result is written once; the operand tiles
  // stay in L2) ran 1.01-1.03x at K <= 2048, 1.00x above.
  Value to = walk.to;
  for (int64_t u = 0; u * walk.rowStep < kWgmmaM; ++u) {
    Value store = b.bitAnd(walk.inColumns,
                           b.cmp(arith::CmpIPredicate::sgt, walk.rowLeft,
                                 b.i64(u * walk.rowStep)));
    ptx("{\n\t.reg .pred p;\n\t.reg .b32 x, y, z, w;\n\t.reg .b64 q;\n\t"
        "createpolicy.fractional.L2::evict_first.b64 q, 1.0;\n\t"
        "setp.ne.b32 p, $2, 0;\n\t"
        "ld.shared.v4.b32 {x, y, z, w}, [$1];\n\t"
        "@p st.global.L2::cache_hint.v4.b32 [$0], {x, y, z, w}, q;\n\t}",
        "l,r,r",
        {to, b.add(walk.from, b.i32(u * walk.rowStep * pitch)),
         b.zext(i32, store)});
    to = b.add(to, walk.toStep);
  }
}

void ScaledMatmulKernelEmitter::emitStagedSlice(ArrayRef<Value> acc,
                                                int64_t slice) {
  if (config.storesStagedBF16ByMatrix())
    return emitStagedBF16Slice(acc, slice);
  Type f32 = b.getF32Type();
  int64_t pitch = config.getEpilogueStagingPitch();
  Value base = b.sharedAddress(staging, b.i32(0));
  // Every thread of the warpgroup has read back its previous slice or tile.
  syncWarpgroup();
  // The fragment in pairs: value 4j + {0,1} at (row, 8j + column), 4j +
  // {2,3} eight rows below; rounded to the result type here unless C is
  // still to be added (then f32). The warpgroup's rows of the staging area
  // are 64w.. 64w + 63 for every slice.
  Value out = arg("out"), c = arg("c");
  int64_t bytes = config.getOutBytes();
  Type element =
      config.out == GemmOutElement::BF16 ? Type(b.getBF16Type()) : f32;
  int64_t stagedBytes = config.getEpilogueStagingElementBytes();
  Type staged = config.accumulate ? f32 : element;
  Value thread = b.byteAddress(
      base, b.add(b.mul(rowInCta, b.i32(pitch)),
                  b.mul(colInCta, b.i32(stagedBytes))));
  for (int64_t i = 0, e = acc.size(); i < e; i += 2) {
    int64_t offset = ((i % 4) < 2 ? 0 : kFragmentRowStep * pitch) +
                     (i / 4) * kWgmmaNStep * stagedBytes;
    Value pair = LLVM::UndefOp::create(b, VectorType::get({2}, f32));
    for (int64_t lane = 0; lane < 2; ++lane)
      pair = LLVM::InsertElementOp::create(b, pair, acc[i + lane], b.i32(lane));
    if (!config.accumulate)
      pair = LLVM::FPTruncOp::create(b, VectorType::get({2}, staged), pair);
    b.store(pair, b.byteAddress(thread, b.i32(offset)), 2 * stagedBytes);
  }
  syncWarpgroup();
  // Read back: chunk q = t + 128 u (u = 0, 1, ...) of the warpgroup's 64
  // rows x BN/8 chunks is row q / (BN/8), columns 8 (q % (BN/8)) + 0..7: a
  // warp covers whole row segments, so its stores are row-contiguous.
  auto chunkOf = [&](Type type) {
    return VectorType::get({kStagedChunk}, type);
  };
  int64_t chunksPerRow = config.tile.blockN / kStagedChunk;
  int64_t chunks = kWgmmaM * chunksPerRow;
  // NOTE: above BN = 160 (one slice), from a pinned copy of the thread
  // index: the chunks' rows and staging offsets (BN / 8 chunks per row)
  // computed from tid itself were hoisted out of the tile loop, and the
  // 128 x 192 kernel spilled 12 bytes of them; pinned, it ran 1.03-1.05x
  // (H200, bench/results/h200-s11.txt, call 5). Elsewhere hoisting is the
  // better trade: pinned, 128 x 160 (no spill to remove) ran 0.96x at
  // 1024x7168x2048 (the read-back recomputed in each short-K epilogue),
  // and with two slices (BLOCK_M = 256), whose second fragment is live
  // while the first is read back, the bf16 kernel spilled 16 bytes.
  constexpr int64_t kPinnedReadBackAboveN = 160;
  Value readThread =
      config.getSlices() == 1 && config.tile.blockN > kPinnedReadBackAboveN
          ? pinnedCopy(tid)
          : tid;
  Value inGroup = b.remu(readThread, b.i32(kWarpgroupThreads));
  Value firstRow = b.mul(warpgroup, b.i32(kWgmmaM));
  Value sliceRow0 = b.add(ctaRow0, b.i64(slice * config.getSliceRows()));
  for (int64_t first = 0; first < chunks; first += kWarpgroupThreads) {
    Value q = b.add(inGroup, b.i32(first));
    auto storeChunk = [&] {
      Value rowInSlice = b.add(firstRow, b.divu(q, b.i32(chunksPerRow)));
      Value chunk = b.remu(q, b.i32(chunksPerRow));
      Value row = b.add(sliceRow0, b.toI64(rowInSlice));
      Value col = b.add(ctaCol0, b.toI64(b.mul(chunk, b.i32(kStagedChunk))));
      Value inRows = b.cmp(arith::CmpIPredicate::ult, row, rowEnd);
      Value inCols = b.cmp(arith::CmpIPredicate::ult, col, sizeN);
      Value inside = b.bitAnd(inRows, inCols);
      b.ifThen(inside, [&] {
        Value from = b.byteAddress(
            base, b.add(b.mul(rowInSlice, b.i32(pitch)),
                        b.mul(chunk, b.i32(kStagedChunk * stagedBytes))));
        Value offset = b.mul(b.add(b.mul(row, sizeN), col), b.i64(bytes));
        if (!config.accumulate) {
          // Already rounded: one 16-byte copy.
          b.store(b.load(chunkOf(staged), from, 16),
                  b.byteAddress(out, offset), 16);
          return;
        }
        auto half = VectorType::get({kStagedChunk / 2}, f32);
        Value low = b.load(half, from, 16);
        Value high = b.load(half, b.byteAddress(from, b.i32(16)), 16);
        Value value = LLVM::ShuffleVectorOp::create(
            b, low, high, ArrayRef<int32_t>{0, 1, 2, 3, 4, 5, 6, 7});
        Value prior = b.load(chunkOf(element), b.byteAddress(c, offset), 16);
        if (element != f32)
          prior = LLVM::FPExtOp::create(b, chunkOf(f32), prior);
        // C is added once, in f32, after the K loop.
        value = LLVM::FAddOp::create(b, prior, value);
        if (element != f32)
          value = LLVM::FPTruncOp::create(b, chunkOf(element), value);
        b.store(value, b.byteAddress(out, offset), 16);
      });
    };
    if (first + kWarpgroupThreads <= chunks)
      storeChunk();
    else
      b.ifThen(b.cmp(arith::CmpIPredicate::ult, q, b.i32(chunks)),
               storeChunk);
  }
}

void ScaledMatmulKernelEmitter::emitRegisterEpilogue(ArrayRef<Value> acc) {
  auto fits = [&](Value first, int64_t extent, Value size) {
    return b.cmp(arith::CmpIPredicate::ule, b.add(first, b.i64(extent)), size);
  };
  // NOTE: pair stores need an even N (row starts stay pair-aligned).
  Value evenN =
      b.cmp(arith::CmpIPredicate::eq, b.bitAnd(sizeN, b.i64(1)), b.i64(0));
  Value interior = b.bitAnd(b.bitAnd(fits(ctaRow0, config.tile.blockM, rowEnd),
                                     fits(ctaCol0, config.tile.blockN, sizeN)),
                            evenN);
  auto ifOp = scf::IfOp::create(b, interior, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  emitPairStores(acc);
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  emitMaskedStores(acc);
}

void ScaledMatmulKernelEmitter::emitPairStores(ArrayRef<Value> acc) {
  Value out = arg("out"), c = arg("c");
  int64_t bytes = config.getOutBytes();
  Type f32 = b.getF32Type();
  Type element =
      config.out == GemmOutElement::BF16 ? Type(b.getBF16Type()) : f32;
  auto pairOf = [](Type type) { return VectorType::get({2}, type); };
  for (int64_t i = 0, e = acc.size(); i < e; i += 2) {
    Value index = b.add(b.mul(fragmentRow(i), sizeN), fragmentColumn(i));
    Value offset = b.mul(index, b.i64(bytes));
    Value pair = LLVM::UndefOp::create(b, pairOf(f32));
    for (int64_t lane = 0; lane < 2; ++lane)
      pair = LLVM::InsertElementOp::create(b, pair, acc[i + lane], b.i32(lane));
    if (config.accumulate) {
      Value prior = LLVM::LoadOp::create(b, pairOf(element),
                                         b.byteAddress(c, offset), 2 * bytes);
      if (element != f32)
        prior = LLVM::FPExtOp::create(b, pairOf(f32), prior);
      // C is added once, in f32, after the K loop.
      pair = LLVM::FAddOp::create(b, prior, pair);
    }
    if (element != f32)
      pair = LLVM::FPTruncOp::create(b, pairOf(element), pair);
    LLVM::StoreOp::create(b, pair, b.byteAddress(out, offset), 2 * bytes);
  }
}

void ScaledMatmulKernelEmitter::emitMaskedStores(ArrayRef<Value> acc) {
  Value out = arg("out"), c = arg("c");
  int64_t bytes = config.getOutBytes();
  Type outType = config.out == GemmOutElement::BF16 ? Type(b.getBF16Type())
                                                    : Type(b.getF32Type());
  for (int64_t i = 0, e = acc.size(); i < e; ++i) {
    Value row = fragmentRow(i);
    Value col = fragmentColumn(i);
    Value inRows = b.cmp(arith::CmpIPredicate::ult, row, rowEnd);
    Value inCols = b.cmp(arith::CmpIPredicate::ult, col, sizeN);
    Value valid = b.bitAnd(inRows, inCols);
    b.ifThen(valid, [&] {
      Value index = b.add(b.mul(row, sizeN), col);
      Value offset = b.mul(index, b.i64(bytes));
      Value value = acc[i];
      if (config.accumulate) {
        Value prior =
            LLVM::LoadOp::create(b, outType, b.byteAddress(c, offset), bytes);
        if (outType != b.getF32Type())
          prior = b.extf(b.getF32Type(), prior);
        // C is added once, in f32, after the K loop.
        value = b.addf(prior, value);
      }
      if (outType != b.getF32Type())
        value = arith::TruncFOp::create(b, outType, value);
      LLVM::StoreOp::create(b, value, b.byteAddress(out, offset), bytes);
    });
  }
}

void ScaledMatmulKernelEmitter::emit() {
  emitPrologue();
  emitBarrierInit();
  Value isProducer = b.cmp(arith::CmpIPredicate::eq, warpgroup,
                           b.i32(config.getConsumerWarpgroups()));
  auto ifOp = scf::IfOp::create(b, isProducer, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    // NOTE: setmaxnreg moves registers from the producer warpgroup (one
    // issuing thread) to the consumers, which hold the partial and the
    // promoted accumulator; both counts keep the CTA within the registers it
    // was launched with (e.g. 384 x 168 = 128 x 40 + 256 x 232).
    bool reallocate = config.reallocatesRegisters();
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    if (reallocate)
      NVVM::SetMaxRegisterOp::create(b, config.getProducerRegisters(),
                                     NVVM::SetMaxRegisterAction::decrease);
    emitProducer();
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    if (reallocate)
      NVVM::SetMaxRegisterOp::create(b, config.getConsumerRegisters(),
                                     NVVM::SetMaxRegisterAction::increase);
    emitConsumer();
    // TMA store: the last boxes have been read out of shared memory before
    // the CTA (and its shared memory) ends.
    if (config.tmaStore)
      b.ifThen(isWarpgroupLeader(),
               [&] { ptx("cp.async.bulk.wait_group 0;", "", {}); });
  }
  // Clusters: no CTA exits while a peer may still arrive on its barriers
  // (or, split-K, read its sums).
  if (config.getClusterCtas() > 1)
    emitClusterSync();
  gpu::ReturnOp::create(b);
}

} // namespace

//===----------------------------------------------------------------------===//
// buildScaledMatmulKernelModule
//===----------------------------------------------------------------------===//

namespace {
/// `target` with `ptxasOptions` appended to its `ptxas-cmd-options` flag
/// (an #nvvm.target; other targets, or no options, as they are).
Attribute withPtxasOptions(Attribute target, ArrayRef<StringRef> ptxasOptions) {
  auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
  if (!nvvm || ptxasOptions.empty())
    return target;
  MLIRContext *context = target.getContext();
  // NOTE: the attribute reads this flag (NVVMTargetAttr::getCmdOptions, as
  // the export and the serializer do) but has no setter: its name is
  // written here. getCmdOptions dereferences the flags: hasCmdOptions first.
  constexpr StringLiteral kFlag = "ptxas-cmd-options";
  SmallVector<Attribute> options;
  if (nvvm.hasCmdOptions())
    if (auto list = dyn_cast<ArrayAttr>(nvvm.getCmdOptions()->getValue()))
      llvm::append_range(options, list.getValue());
  NamedAttrList flags;
  if (DictionaryAttr existing = nvvm.getFlags())
    flags.append(existing.getValue());
  for (StringRef option : ptxasOptions)
    options.push_back(StringAttr::get(context, option));
  flags.set(kFlag, ArrayAttr::get(context, options));
  return NVVM::NVVMTargetAttr::get(context, nvvm.getO(), nvvm.getTriple(),
                                   nvvm.getChip(), nvvm.getFeatures(),
                                   flags.getDictionary(context), nvvm.getLink(),
                                   nvvm.getVerifyTarget());
}
} // namespace

gpu::GPUModuleOp
hopper::buildScaledMatmulKernelModule(OpBuilder &builder, Location loc,
                                      const GemmKernelConfig &config,
                                      Attribute target) {
  // The emitter relies on every invariant getInvalidReason states (e.g. no
  // pair loop for tiles spanning two weight blocks); its callers diagnose
  // invalid configurations first.
  assert(!config.getInvalidReason() && "building an invalid GEMM kernel");
  std::string name = config.getName();
  LLVM_DEBUG(llvm::dbgs() << "building " << name << "\n");
  auto module = gpu::GPUModuleOp::create(
      builder, loc, name,
      builder.getArrayAttr(
          {withPtxasOptions(target, config.getPtxasOptions())}));
  // The configuration travels with the kernel: its readers take it from
  // here, never from the name.
  setKernelConfig(module, config);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  KernelInterface interface = getKernelInterface(config);
  MLIRContext *context = builder.getContext();
  SmallVector<Type> argTypes;
  for (const KernelArg &arg : interface.args)
    argTypes.push_back(arg.kind == KernelArgKind::I64
                           ? Type(builder.getI64Type())
                           : Type(LLVM::LLVMPointerType::get(context)));
  auto func = gpu::GPUFuncOp::create(builder, loc, name,
                                     builder.getFunctionType(argTypes, {}));
  setKernelSignatureAttrs(func, interface);
  // NOTE: setmaxnreg.inc waits until the CTA's pool holds the registers it
  // asks for, and the pool is what the CTA was launched with: pinning the
  // launch count (.maxnreg; ptxas then allocates exactly it for a kernel
  // with setmaxnreg) keeps producer + consumers within it. Without the pin
  // ptxas may launch with fewer (122 for BLOCK_N = 64) and the consumers'
  // increase would never complete.
  if (config.reallocatesRegisters())
    func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                  builder.getI32IntegerAttr(config.getLaunchRegisters()));
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(&func.getBody().front());
  ScaledMatmulKernelEmitter(bodyBuilder, loc, config, func).emit();
  return module;
}
