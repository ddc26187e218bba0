//===- ScaledMatmulKernel.h - Hopper fine-grained FP8 GEMM ------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The compute-bound kernel of fp8q.scaled_matmul on Hopper (sm_90a): TMA
// loads of E4M3 tiles into a multi-stage shared-memory ring guarded by
// mbarriers, `wgmma.mma_async.m64nNk32.f32.e4m3.e4m3` into a fresh register
// accumulator per promotion interval, promotion to f32 registers with the
// group scales on CUDA cores, and a masked epilogue (bf16 RN or f32,
// optionally + C). The kernel is shape-generic (M, N, K are `i64`
// arguments, A and B come as TMA descriptors) and persistent (each CTA
// loops over result tiles). docs/GPU.md, "Scaled matmul kernel", has the
// layout, the pipeline and its H200 status (correctness and speed against
// cuBLAS).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOGPU_HOPPER_SCALEDMATMULKERNEL_H
#define FP8Q_CONVERSION_FP8QTOGPU_HOPPER_SCALEDMATMULKERNEL_H

#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelInterface.h"
#include "fp8q/Conversion/Fp8qToGPU/Hopper/QuantizeKernels.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

#include <algorithm>
#include <optional>
#include <string>

namespace mlir::fp8q::hopper {

//===----------------------------------------------------------------------===//
// Hardware constants
//===----------------------------------------------------------------------===//

/// NOTE: a wgmma instruction is issued by one warpgroup (4 warps, 128
/// threads) and computes an m64 x nN x k32 tile for E4M3 inputs.
constexpr int64_t kWarpgroupThreads = 128;
constexpr int64_t kWgmmaM = 64;
constexpr int64_t kWgmmaK = 32;
/// NOTE: wgmma's N is a multiple of 8 up to 256.
constexpr int64_t kWgmmaNStep = 8;
constexpr int64_t kWgmmaMaxN = 256;
/// The K extent of one pipeline stage: one 128-byte row of E4M3 codes, which
/// is exactly the span of the 128-byte TMA/wgmma swizzle, and the recipe's
/// group size.
constexpr int64_t kGemmBlockK = 128;
/// Static K up to which convert-fp8q-to-gpu gives the deferred bf16
/// epilogue to the producer's storer warps (GemmKernelConfig::
/// epilogueStorers), with the tiling left to it.
constexpr int64_t kEpilogueStorersMaxK = 1024;
/// Static K from which the tile choice gives split-K (splitGemmTile): the
/// smallest K measured to pay (7168: 28 K blocks per CTA; at 2048 every
/// split lost; between not measured).
constexpr int64_t kSplitKMinK = 7168;
/// Static K up to which it gives the TMA-store epilogue (prefersTmaStore).
constexpr int64_t kTmaStoreMaxK = 2048;
/// NOTE: the TMA box extent is at most 256 elements per dimension.
constexpr int64_t kTmaMaxBox = 256;
/// bf16 columns of a TMA store box (GemmKernelConfig::tmaStore): one
/// 128-byte row of the 128-byte swizzle (its span), 64 rows deep.
constexpr int64_t kTmaStoreBoxColumns = 64;
/// Bytes of a TMA store box's row (its 64 bf16 columns) and of the box.
constexpr int64_t kTmaStoreRowBytes = kTmaStoreBoxColumns * 2;
constexpr int64_t kTmaStoreBoxBytes = kWgmmaM * kTmaStoreRowBytes;
/// Consumer warpgroups of a CTA at most: one per 64 rows up to BLOCK_M =
/// 192 (GemmKernelConfig::getConsumerWarpgroups).
constexpr int64_t kMaxConsumerWarpgroups = 3;
/// The tile of two consumer warpgroups with two 64-row slices each.
constexpr int64_t kSlicedBlockM = 256;
/// f32 accumulator registers per consumer thread at most
/// (GemmKernelConfig::getAccumulatorRegisters: 192 for 128 x 128 with its
/// pair loop, 256 x 128 and 128 x 192; of the 232 a consumer has after
/// setmaxnreg). NOTE: ptxas spilled 140-236 bytes with 216 (three sets of
/// 72 at BLOCK_N = 144) and 600-1220 with 240-288.
constexpr int64_t kMaxAccumulatorRegisters = 192;
/// Registers a consumer keeps beside its accumulators at least (addresses,
/// scales, loop state; GemmKernelConfig::getMaxAccumulatorRegisters).
constexpr int64_t kAccumulatorHeadroom = 32;
/// Copies of the consumers' K loop at most, one per column split of a
/// BLOCK_N that spans two weight blocks (GemmKernelConfig::
/// dispatchesColumnSplit). NOTE: H200, BLOCK_N = 144 compiled for each of
/// its 8 splits ran 0.86x the 128x128 kernel at 4096x7168x16384 and no
/// faster than 160 (4 splits) at 4096x576x7168
/// (bench/results/h200-bench-gemm-plan-wide-n.txt).
constexpr int64_t kMaxColumnSplitVariants = 4;
/// NOTE: 64K 32-bit registers per SM, at most 255 per thread.
constexpr int64_t kRegisterFile = 65536;
constexpr int64_t kMaxThreadRegisters = 255;
/// Registers per thread of the producer warpgroup after setmaxnreg (PTX:
/// a multiple of 8 in 24..256); it only issues TMA copies. With three
/// consumer warpgroups it keeps kMinProducerRegisters, so that each consumer
/// gets 160 (512 x 128 = 128 x 32 + 384 x 160).
constexpr int64_t kProducerRegisters = 40;
constexpr int64_t kMinProducerRegisters = 32;
/// ptxas' most aggressive register-usage level (its default is 5), as
/// DeepGEMM compiles its kernels; see GemmKernelConfig::getPtxasOptions.
constexpr const char *kPtxasRegisterUsageLevel = "--register-usage-level=10";
/// NOTE: the streaming multiprocessors of an H100 SXM and an H200: one
/// persistent CTA per SM fills the chip.
constexpr int64_t kHopperSMs = 132;

//===----------------------------------------------------------------------===//
// Kernel variants
//===----------------------------------------------------------------------===//

/// How B is scaled.
enum class GemmBScaling {
  /// 128x128 weight blocks: b_scale [ceil(N/128), K/128] (Fprop, Dgrad).
  Block,
  /// 1x128 rows: b_scale [N, K/128] (Wgrad).
  Row,
};

/// Element type of the result.
enum class GemmOutElement { BF16, F32 };

/// How a promotion adds `partial * scale` to the f32 accumulator.
enum class GemmPromotion {
  /// One fused multiply-add (`fma.rn.f32`): one rounding per K group, the
  /// reference's two roundings minus the product's (docs/GPU.md,
  /// "Promotion rounding"). The default: half the CUDA-core instructions.
  FMA,
  /// A multiply then an add (`mul.rn.f32`, `add.rn.f32`), each rounded, in
  /// the order of reference.scaled_matmul.
  MulAdd,
};

/// One GEMM, or G GEMMs of row segments of A against their own weights
/// (fp8q.grouped_scaled_matmul, MoE experts).
enum class GemmGrouping {
  /// fp8q.scaled_matmul.
  None,
  /// Rows [offsets[g], offsets[g + 1]) of A [M, K] against b[g] (tokens
  /// sorted by expert).
  Contiguous,
  /// Rows [g C, g C + counts[g]) of A [G C, K] against b[g] (a fixed
  /// capacity C per group).
  Masked,
};

/// The CTA tiling and pipeline of the kernel (tuning knobs; defaults are the
/// DeepGEMM-like 128 x 128 tile, 4 stages, 2 consumer warpgroups + 1
/// producer warpgroup, one persistent CTA per SM of an H200).
struct GemmTileConfig {
  /// Rows of A per CTA: 64, 128 or 192 (one consumer warpgroup per 64
  /// rows) or 256 (two consumer warpgroups of two 64-row slices each).
  int64_t blockM = 128;
  /// Rows of B (columns of the result) per CTA: the wgmma N (multiple of 8,
  /// at most 256). With Block scaling either a divisor of the group size G
  /// (a tile sees one weight block per K group) or a width above 128 whose
  /// tiles span at most two weight blocks (128 < BN <= G + gcd(BN, G):
  /// 144, 160, 192 for G = 128; 256 too, but its accumulators exceed
  /// kMaxAccumulatorRegisters), whose promotion picks one of two block
  /// scales per 8-column group (GemmKernelConfig::spansWeightBlocks).
  int64_t blockN = 128;
  /// Shared-memory ring depth (each stage: BM x 128 + BN x 128 bytes).
  int64_t stages = 4;
  /// Persistent grid: at most this many CTAs, each looping over result
  /// tiles (the SM count of the target; any positive value is correct).
  int64_t ctas = kHopperSMs;
  /// CTAs per thread-block cluster along M (1 or 2). With 2, the two CTAs
  /// of a cluster compute the tiles of two adjacent tile rows and one tile
  /// column: each loads its own A tile and half of the shared B tile, which
  /// TMA multicasts into both, so B is read from L2 once per pair.
  int64_t clusterM = 1;
  /// CTAs per thread-block cluster along K (1, 2 or 4): split-K. The CTAs
  /// of a cluster compute the same result tile, rank r over its share of
  /// the K blocks (whole promotion intervals, in order), and rank 0 adds
  /// the other ranks' f32 sums, read from their shared memory (distributed
  /// shared memory), in rank order before its epilogue. For GEMMs with
  /// fewer tiles than SMs or tiles of one consumer warpgroup at long K
  /// (splitGemmTile). Not with clusterM > 1 or clusterN > 1.
  int64_t splitK = 1;
  /// CTAs per thread-block cluster along N (1 or 2). With 2, the two CTAs
  /// of a cluster compute the tiles of one tile row and two adjacent tile
  /// columns: each loads its own B tile and half of the shared A tile,
  /// which TMA multicasts into both, so A is read from L2 once per pair
  /// (DeepGEMM's configuration at 256 x 128). Not with clusterM > 1.
  int64_t clusterN = 1;

  /// CTAs whose stages TMA multicast fills: clusterM x clusterN (one of
  /// them is 1).
  int64_t getMulticastCtas() const { return clusterM * clusterN; }

  bool operator==(const GemmTileConfig &other) const {
    return blockM == other.blockM && blockN == other.blockN &&
           stages == other.stages && ctas == other.ctas &&
           clusterM == other.clusterM && splitK == other.splitK &&
           clusterN == other.clusterN;
  }
};

/// One kernel variant: everything compiled in. M, N, K are arguments.
struct GemmKernelConfig {
  GemmBScaling bScaling = GemmBScaling::Block;
  GemmOutElement out = GemmOutElement::BF16;
  /// Result = C + A*B (C read from the `c` argument).
  bool accumulate = false;
  /// A's scales are [K/G, M] (the op's `a_scale_layout = mn_major`).
  bool aScaleMnMajor = false;
  /// K elements per scale group (the op's group_size): a multiple of 128.
  int64_t groupSize = kGemmBlockK;
  /// K elements accumulated by the tensor cores before promotion (the op's
  /// promotion_interval): 32 or 64, or a multiple of 128 dividing the group
  /// size (group_size = promotion_interval = K is the no-promotion
  /// accuracy experiment).
  int64_t promotionInterval = kGemmBlockK;
  /// The promotion's rounding (pass option gemm-promotion).
  GemmPromotion promotion = GemmPromotion::FMA;
  GemmTileConfig tile;
  /// Grouped GEMMs (Block scaling only): B is G weights [G N, K] with
  /// scales [G ceil(N/G_K), K/G_K], and a `groups` argument gives each
  /// group's rows of A.
  GemmGrouping grouping = GemmGrouping::None;
  /// The staged epilogue's global stores by warps 1-3 of the producer
  /// warpgroup (the consumers write the staging area and go on to the next
  /// tile's K loop); only where canUseEpilogueStorers().
  bool epilogueStorers = false;
  /// The staged bf16 epilogue stores each warpgroup's 64 staged rows by TMA
  /// (cp.async.bulk.tensor, one box of 64 rows x 64 columns per 64 columns
  /// of the tile, through the `out_map` tensor map over the result's bytes)
  /// instead of the consumers' 16-byte stores; only where canUseTmaStore().
  /// The launch then needs N % 8 == 0 (the map's row pitch, 2N bytes, a
  /// multiple of 16).
  bool tmaStore = false;

  /// `fp8q_scaled_matmul_1x128_128x128_bf16` (Block) or
  /// `fp8q_scaled_matmul_1x128_1x128_f32` (Row); then `_acc` with
  /// accumulate, `_amn` with mn_major A scales, `_grouped_contiguous` or
  /// `_grouped_masked` for grouped GEMMs, `_sw` with epilogueStorers,
  /// `_tma` with tmaStore,
  /// `_g<G>` for a group size
  /// other than 128, `_pi<P>` for a
  /// promotion interval other than 128 and `_m<BM>n<BN>s<S>c<C>[x<X>]` for
  /// a non-default tiling (`x2`: 2-CTA clusters along M; `xn2`: along N;
  /// `k<S>`: split-K over S CTAs), then `_muladd` for the
  /// multiply-then-add promotion. Derived from the configuration, never parsed
  /// back (the kernel module carries the configuration: KernelConfig.h).
  std::string getName() const;

  /// Options for ptxas (the `ptxas-cmd-options` flag of the kernel module's
  /// #nvvm.target; manifest.json lists them as `x-ptxas-options`):
  /// kPtxasRegisterUsageLevel, except for kernels with epilogue storers and
  /// the 128 x 128 bf16 recipe kernel with 6 stages, which keep ptxas'
  /// default. NOTE: H200 (bench/results/h200-s12.txt, two calls, alternating
  /// rounds): with it ptxas issues the consumers' scale loads before their
  /// stage wait; 1.005-1.04x on the K-loop-bound shapes (4096x7168x16384
  /// 1.01-1.04x), 1.00-1.04x with the small and wide tiles, 1.02-1.04x in
  /// the Wgrad form; 0.975-0.996x with storers (K <= 1024) and 0.956-1.04x
  /// with the 6-stage ring (its short-K shapes; 256x7168x2048 0.96x and
  /// 1.01x).
  SmallVector<StringRef> getPtxasOptions() const;

  /// Consumer (MMA) warpgroups: blockM / 64 up to three (BLOCK_M = 192:
  /// 160 registers each, room for a slice's sum and one partial); two at
  /// BLOCK_M = 256, each with two slices (four would leave each fewer
  /// registers than a partial and its accumulator need).
  int64_t getConsumerWarpgroups() const {
    return tile.blockM == kSlicedBlockM
               ? 2
               : std::min<int64_t>(tile.blockM / kWgmmaM,
                                   kMaxConsumerWarpgroups);
  }
  /// 64-row slices of the tile per consumer warpgroup: 2 at BLOCK_M = 256
  /// (warpgroup w takes rows 64w + 128s, s = 0, 1), else 1. Each slice
  /// has its own accumulator; the slices share the stage's B tile.
  int64_t getSlices() const {
    return tile.blockM / kWgmmaM / getConsumerWarpgroups();
  }
  /// Rows between a warpgroup's slices (the consumers' rows per slice).
  int64_t getSliceRows() const { return getConsumerWarpgroups() * kWgmmaM; }
  /// f32 values of one slice's accumulator fragment per thread (m64nBN:
  /// 64 x BN over 128 threads); a thread holds getSlices() of them.
  int64_t getFragmentValues() const { return tile.blockN / 2; }
  /// Whether a tile's columns may span two weight blocks (Block scaling,
  /// BLOCK_N not dividing the group size): each K group then has two block
  /// scales per tile, sb[n0 / G, g] for the tile's columns below the next
  /// multiple of G and sb[n0 / G + 1, g] for the rest, picked per 8-column
  /// group of the fragment (the split falls on a multiple of gcd(BN, G)).
  bool spansWeightBlocks() const {
    return bScaling == GemmBScaling::Block && groupSize % tile.blockN != 0;
  }
  /// spansWeightBlocks(): the 8-column groups of the fragment in the first
  /// weight block, min(BN, G - n0 % G) / 8, over every tile start n0 (a
  /// multiple of BN), distinct values in decreasing order.
  SmallVector<int64_t> getColumnSplits() const;
  /// Whether the consumers' K loop is compiled once per column split
  /// (getColumnSplits(), at most kMaxColumnSplitVariants of them) and the
  /// tile's split picks one, so that the promotion's choice between the two
  /// block scales is a constant; else the choice is a select per 8-column
  /// group and row at run time.
  bool dispatchesColumnSplit() const;
  /// Whether the A operand's wgmma descriptors derive from a warp-uniform
  /// copy of the warpgroup index (broadcast by shfl.sync), which ptxas keeps
  /// in uniform registers: 1.5 % faster (median of 25 shapes, H200) for bf16
  /// results with one slice, about 1 % for the Wgrad form with two, and for
  /// the recipe's bf16 form with two slices at up to 3 stages (H200,
  /// bench/results/h200-s12.txt, call 3: 0.94-1.01x the plan's 128 x 128
  /// kernel against 0.86-0.93x without; its K block 254 -> 237 SASS
  /// instructions with usesDescriptorBase and preloadsSliceScales; H100,
  /// bench/results/h100-s19.txt: 1.01-1.12x that kernel without). Not for
  /// the others: their register allocation then spills (f32 results with
  /// one slice 8-16 bytes, weight blocks with two slices otherwise 4-124;
  /// the recipe's bf16 form with two slices 4 bytes at 4 stages).
  bool usesUniformDescriptors() const {
    if (getSlices() == 1)
      return out == GemmOutElement::BF16;
    return bScaling == GemmBScaling::Row ||
           (isRecipeBF16() && tile.stages <= 3);
  }
  /// Whether a K block's scales of both slices (BLOCK_M = 256) are loaded
  /// before its stage wait, so that slice 1's are in flight during slice
  /// 0's wgmma and promotion: ptxas otherwise issued them after slice 0's
  /// promotion, just before slice 1's used them. The recipe's bf16 form
  /// only (weight blocks, promotion every 128, no C, k_major A scales), no
  /// groups, no clusters: 0 spills at 3 and 4 stages; the grouped, f32 and
  /// mn_major kernels spilled 4-76 bytes that way, the 2-CTA cluster one 4.
  /// H100, with usesDescriptorBase: 0.99-1.04x the kernel before.
  bool preloadsSliceScales() const {
    return getSlices() == 2 && isRecipeBF16() &&
           promotionInterval == kGemmBlockK && !aScaleMnMajor &&
           tile.getMulticastCtas() == 1;
  }
  /// Whether the K loop builds the wgmma descriptors from the stage area's
  /// address field, computed once, plus the stage's offset / 16, with the
  /// leading-offset bits added into the low word: 24 fewer instructions per
  /// pair of K blocks in the 128 x 128 bf16 kernel's K loop (SASS: 228
  /// against 252), the same speed (H100: 1.00x over 30 shapes; the loop is
  /// not issue-bound). Not in the Wgrad form (1x128 rows of B): its 2-CTA
  /// cluster kernel then spilled 12 bytes at its 168 registers.
  bool usesDescriptorBase() const { return bScaling != GemmBScaling::Row; }
  /// Whether this is the recipe's bf16 form: weight blocks, bf16 results
  /// without C, one GEMM (not grouped); the form most tuning choices were
  /// measured on.
  bool isRecipeBF16() const {
    return bScaling == GemmBScaling::Block && out == GemmOutElement::BF16 &&
           !accumulate && grouping == GemmGrouping::None;
  }
  /// Threads per CTA: consumers + one producer warpgroup.
  int64_t getThreads() const {
    return (getConsumerWarpgroups() + 1) * kWarpgroupThreads;
  }
  /// Whether the promotion of a K block overlaps the wgmma of the next:
  /// promotion every 128 (the recipe's form, Fprop/Dgrad and Wgrad). The
  /// intervals of 32 and 64 and those over several stages wait for each
  /// interval's wgmma before promoting.
  /// With two slices per warpgroup there is no room for the second partial
  /// (2 x BN/2 accumulator registers + 2 partials): each slice's wgmma is
  /// waited for before its promotion, and the two warpgroups' wgmma and
  /// promotions interleave.
  /// Likewise above BLOCK_N = 128: three partial-sized register sets (the
  /// sum, the carried partial, the one in flight) of BN/2 values each do
  /// not fit beside the rest (ptxas spilled 140-236 bytes at BN = 144,
  /// 600-1220 at 160 and 192).
  /// The three sets must also fit a consumer's registers beside
  /// kAccumulatorHeadroom: not with three consumer warpgroups (160 each),
  /// where the other two warpgroups' wgmma run under each one's waiting
  /// promotion instead.
  bool overlapsPromotion() const {
    return promotionInterval == kGemmBlockK && getSlices() == 1 &&
           tile.blockN <= kGemmBlockK &&
           3 * getFragmentValues() + kAccumulatorHeadroom <=
               getConsumerRegisters();
  }
  /// Whether each tile's epilogue is deferred into the next tile's K loop:
  /// it runs after the next tile's first wgmma group is waited for (its
  /// stage released) while the second is on the tensor cores, the last
  /// tile's after the tile loop. Where it was measured to gain: the bf16
  /// result without C, 128x128 weight blocks, a 128 x 128 tile without
  /// clusters along N (a unit's row end would have to be carried) or
  /// split-K (rank 0's epilogue waits for the other ranks' sums), not
  /// grouped, the overlapped promotion (its first pair has a free register
  /// set for the previous tile's sum). With clusters along M since the
  /// twentieth session (correct; the cluster itself loses 5-14 %).
  bool defersEpilogue() const;
  /// Whether epilogueStorers may be set: the deferred epilogue of bf16
  /// results staged by stmatrix (defersEpilogue, storesStagedBF16ByMatrix),
  /// without clusters (not run on a GPU with them).
  bool canUseEpilogueStorers() const {
    return defersEpilogue() && storesStagedBF16ByMatrix() &&
           tile.getMulticastCtas() == 1 && getEpilogueStagingBytes() > 0;
  }
  /// Whether tmaStore may be set: bf16 results staged by stmatrix
  /// (storesStagedBF16ByMatrix) in a staging area that fits, BN a multiple
  /// of the box's 64 columns, without storer warps or split-K, not grouped
  /// (a box clips at M and N only, not at a group's last row).
  bool canUseTmaStore() const {
    return storesStagedBF16ByMatrix() && !epilogueStorers &&
           grouping == GemmGrouping::None && tile.splitK == 1 &&
           tile.blockN % kTmaStoreBoxColumns == 0 &&
           getEpilogueStagingBytes() > 0;
  }
  /// f32 registers per consumer thread for the accumulators: the promoted
  /// sum of every slice and the wgmma partials live beside them (two with
  /// the overlapped promotion, one otherwise), BN/2 each.
  int64_t getAccumulatorRegisters() const {
    return (getSlices() + (overlapsPromotion() ? 2 : 1)) * getFragmentValues();
  }
  /// Accumulator registers per consumer thread at most:
  /// kMaxAccumulatorRegisters, and kAccumulatorHeadroom fewer than a
  /// consumer has (160 with three consumer warpgroups: 128).
  int64_t getMaxAccumulatorRegisters() const {
    return std::min<int64_t>(kMaxAccumulatorRegisters,
                             getConsumerRegisters() - kAccumulatorHeadroom);
  }
  /// Column-scale buffers per consumer warpgroup (1x128 B only): the
  /// buffer written for promotion p must not be one a thread of the
  /// warpgroup may still read. Waiting loop: p-2 at the latest (2 buffers);
  /// overlapped, where block p is staged before block p-1 is promoted: p-2
  /// may still be read too (3 buffers).
  int64_t getColumnScaleBuffers() const {
    return overlapsPromotion() ? 3 : 2;
  }
  /// Registers per thread the CTA is launched with: the register file (64K
  /// per SM) over the threads, rounded down to ptxas' granularity of 8.
  int64_t getLaunchRegisters() const {
    return std::min<int64_t>(kRegisterFile / getThreads() / 8 * 8,
                             kMaxThreadRegisters);
  }
  /// With two or more consumer warpgroups the producer gives registers to
  /// them with setmaxnreg (one consumer already has the 255 maximum).
  bool reallocatesRegisters() const { return getConsumerWarpgroups() >= 2; }
  /// Registers per producer thread after setmaxnreg.
  int64_t getProducerRegisters() const {
    return getConsumerWarpgroups() == kMaxConsumerWarpgroups
               ? kMinProducerRegisters
               : kProducerRegisters;
  }
  /// Registers per consumer thread after setmaxnreg: the launch pool less
  /// the producer's share, rounded down to 8.
  int64_t getConsumerRegisters() const {
    int64_t pool = getLaunchRegisters() * getThreads() -
                   getProducerRegisters() * kWarpgroupThreads;
    return std::min<int64_t>(
        pool / (getConsumerWarpgroups() * kWarpgroupThreads) / 8 * 8,
        kMaxThreadRegisters / 8 * 8);
  }
  /// Bytes of one pipeline stage (A tile + B tile).
  int64_t getStageBytes() const {
    return (tile.blockM + tile.blockN) * kGemmBlockK;
  }
  /// Bytes of the column-scale buffers (Row scaling only, else 0): per
  /// consumer warpgroup getColumnScaleBuffers() f32[BN] copies of
  /// sb[n0 .. n0+BN, g], used in turn by promotion.
  int64_t getColumnScaleBytes() const {
    return bScaling == GemmBScaling::Row
               ? getConsumerWarpgroups() * getColumnScaleBuffers() *
                     tile.blockN * 4
               : 0;
  }
  /// CTAs per cluster: clusterM x clusterN x splitK (at most one of them
  /// is not 1).
  int64_t getClusterCtas() const {
    return tile.getMulticastCtas() * tile.splitK;
  }
  /// Split-K: bytes of a CTA's f32 sums of its tile, BM x BN x 4, which
  /// ranks 1.. write for rank 0 to read (in the epilogue staging area's
  /// place: rank 0 stages, the others never do), else 0.
  int64_t getSplitKSlotBytes() const {
    return tile.splitK > 1 ? tile.blockM * tile.blockN * 4 : 0;
  }
  /// Split-K: bytes of its mbarriers (full[r - 1] for ranks r = 1..S-1 on
  /// rank 0, free on ranks 1..S-1; every CTA has them all), else 0.
  int64_t getSplitKBarrierBytes() const {
    return tile.splitK > 1 ? tile.splitK * 8 : 0;
  }
  /// Bytes of the cluster's empty barriers (multicast clusters only, else
  /// 0): one mbarrier per stage in static shared memory, which the
  /// consumers of both CTAs release (mbarrier.arrive on a shared::cluster
  /// address).
  int64_t getClusterBarrierBytes() const {
    return tile.getMulticastCtas() > 1 ? tile.stages * 8 : 0;
  }
  /// Rows of A one CTA loads per stage: BM, or BM / clusterN with TMA
  /// multicast (the a_map box).
  int64_t getARowsPerCta() const { return tile.blockM / tile.clusterN; }
  /// Rows of B one CTA loads per stage: BN, or BN / clusterM with TMA
  /// multicast (the b_map box).
  int64_t getBRowsPerCta() const { return tile.blockN / tile.clusterM; }
  /// Bytes of one staged value: the result element (bf16, rounded before
  /// staging) without `accumulate`; f32 with it (C is added in f32 to the
  /// staged sum, 16 bytes of C at a time, before the rounding).
  int64_t getEpilogueStagingElementBytes() const {
    return accumulate ? 4 : getOutBytes();
  }
  /// Bytes between two rows of the epilogue's staging area: BN staged
  /// values and 8 values of padding (16 bytes for bf16, 32 for f32; a
  /// warp's pair stores of its 8 rows then fall on distinct banks, the
  /// fewest wavefronts).
  int64_t getEpilogueStagingPitch() const {
    int64_t bytes = getEpilogueStagingElementBytes();
    return tile.blockN * bytes + 8 * bytes;
  }
  /// Whether the staged epilogue writes bf16 results (no `accumulate`) with
  /// stmatrix and stores them by predicated 16-byte stores, each thread
  /// keeping one 8-column chunk of its rows: BN/8 must divide the 128
  /// threads of a warpgroup (BN = 8, 16, 32, 64, 128, 256); the wider tiles
  /// (144-192) keep the pair stores and per-chunk branches, and so do 2-CTA
  /// clusters along N (a unit's row end differs per tile) and two slices
  /// per warpgroup (ptxas spilled 4 bytes with it). Clusters along M take
  /// it (0 spills at 4 stages; at 6 with the deferred epilogue ptxas
  /// spills 8 bytes in the bf16 kernel, 12 with mn_major scales, 4-8 with
  /// the TMA store).
  bool storesStagedBF16ByMatrix() const {
    return out == GemmOutElement::BF16 && !accumulate &&
           tile.clusterN == 1 && getSlices() == 1 &&
           tile.blockN % 8 == 0 && 128 % (tile.blockN / 8) == 0;
  }
  /// Bytes of the epilogue's staging area (one slice: getSliceRows() rows
  /// of the pitch; with tmaStore the rows unpadded, BN x 2 bytes, as the
  /// boxes' 128-byte swizzle lays them out), or 0:
  /// for f32 results (a warp's f32 pair stores already write whole 32-byte
  /// sectors) and where it does not fit in shared memory beside the ring;
  /// the kernel then stores from registers (pairs inside, elements on
  /// edges).
  int64_t getEpilogueStagingBytes() const;
  /// Dynamic shared memory per CTA in bytes (stages, epilogue staging or
  /// split-K slot, column scales, split-K barriers).
  int64_t getDynamicSharedMemoryBytes() const;
  /// Static shared memory per CTA in bytes: the mbarriers (the ring's 2 x
  /// stages and the storers' 4, `nvgpu.mbarrier.create`; the cluster's, a
  /// workgroup attribution of the kernel), rounded up to the 1024-byte
  /// alignment of the dynamic array after them.
  int64_t getStaticSharedMemoryBytes() const;
  /// 128-wide K blocks (pipeline stages) per scale group.
  int64_t getBlocksPerGroup() const { return groupSize / kGemmBlockK; }
  /// 128-wide K blocks per promotion (1 for intervals of 32, 64, 128).
  int64_t getBlocksPerPromotion() const {
    return std::max<int64_t>(1, promotionInterval / kGemmBlockK);
  }
  /// Bytes of one result element.
  int64_t getOutBytes() const { return out == GemmOutElement::BF16 ? 2 : 4; }
  /// Why this tiling cannot be built, or std::nullopt.
  std::optional<std::string> getInvalidReason() const;
};

/// The tiling the lowering picks for a GEMM whose result is `m` x `n` (both
/// static) and whose K is `k` when the pass options leave the tiling open
/// (`gemm-block-m`, `gemm-block-n` and `gemm-stages` all 0, the default): the
/// first of 128x128 (4 stages), 128x64 (6), 64x128 (4), 64x64 (6) whose result
/// tiles fill at least three quarters of `ctas` (one wave of the persistent
/// grid), the 64-row ones only and first when m <= 64 (a 128-row tile would
/// be half padding); when none does, the one with the most tiles. Large
/// GEMMs keep 128x128; at M = 64..256 smaller tiles occupy more SMs
/// (H200: up to 1.5x the 128x128 tile's speed, docs/GPU.md "Tile choice").
/// The Wgrad form (`bScaling` Row) takes 256x128 (3 stages: two 64-row
/// slices per consumer warpgroup) first where it fills that wave and its
/// last wave is not much emptier than the 128x128 tile's (the share of the
/// grid's CTA slots holding a tile at least 1/1.05 of 128x128's).
/// Where the choice is 128x128 and `form` is the recipe's bf16 result
/// (weight blocks, no accumulate), 256x128 (3 stages) replaces it where its
/// tiles make one full wave (3/4 of the CTAs or more, none left over), M >=
/// 1024 and the static K >= 7168 (e.g. 1024x4096x7168: one tile per CTA
/// instead of two); else a wider tile of 128x160 or 128x192 (4
/// stages; its K loop compiled per column split) replaces it when the
/// busiest CTA's columns, waves x BLOCK_N, are at most 1/1.05 of 128x128's
/// (N tails and partial last waves: 4096x576, 4096x2112, 128x24576,
/// 1024x7168). A 128x128 tile in that form then takes 6 stages instead of
/// 4 when `k`, the static K (0: dynamic), is 1024..2048, or 1024..8192
/// with at most two waves of tiles on the grid; where `k` is at most 1024
/// and the TMA store is taken (prefersTmaStore), 192 x 128 (three consumer
/// warpgroups, 4 stages) replaces it when its share of the grid's CTA
/// slots holding a tile is at least 1/1.05 of 128 x 128's. `form` gives
/// the GEMM's form and the grid (`form.tile.ctas`); its tile is otherwise
/// ignored.
GemmTileConfig chooseGemmTile(int64_t m, int64_t n, int64_t k,
                              const GemmKernelConfig &form);

/// The tiling `config.tile` (chosen by chooseGemmTile for a GEMM whose
/// result is `m` x `n` and whose K is `k`, 0: dynamic) or, where split-K was
/// measured to pay, one with GemmTileConfig::splitK = 2: in the recipe's
/// bf16 form, without clusters, at a static K of at least kSplitKMinK, where
/// the choice is a 64-row tile (one consumer warpgroup; too few tiles for
/// larger ones), the first of 128x64 (6 stages; only for m > 64) and 64x64
/// (6) whose tiles, two CTAs each, make between three quarters of
/// `config.tile.ctas` and `ctas` CTAs. Other tilings and forms are returned
/// as they are.
GemmTileConfig splitGemmTile(int64_t m, int64_t n, int64_t k,
                             const GemmKernelConfig &config);

/// Whether the lowering, with the tiling left to it, gives the TMA-store
/// epilogue (GemmKernelConfig::tmaStore) to a GEMM whose result is `m` x `n`
/// (both static) and whose K is `k` (0: dynamic), in `config`'s form and
/// tiling (no storer warps yet): where the kernel can take it
/// (canUseTmaStore, `n` a multiple of 8), `k` is at most kTmaStoreMaxK and
/// the persistent grid runs at least two waves of tiles (a CTA's boxes then
/// drain while it computes its next tile). It replaces the epilogue storers
/// there.
bool prefersTmaStore(int64_t m, int64_t n, int64_t k,
                     const GemmKernelConfig &config);

/// The manifest spelling of the result type: bf16 or f32.
StringRef getGemmOutElementName(GemmOutElement element);
/// The spelling of the promotion (pass option, kernel configuration): "fma"
/// or "mul-add".
StringRef getGemmPromotionName(GemmPromotion promotion);
/// "none", "contiguous" or "masked".
StringRef getGemmGroupingName(GemmGrouping grouping);

/// The launch grid of `config`'s kernel: persistent, min(tiles, ctas) x 1 x
/// 1.
LaunchGrid getLaunchGrid(const GemmKernelConfig &config);

/// Returns the launch ABI of `config` (the single source of the kernel
/// signature and of manifest.json): a, a_map, sa, b, b_map, sb, [c], out,
/// M, N, K; grid min(tiles, ctas) x 1 x 1.
KernelInterface getKernelInterface(const GemmKernelConfig &config);

/// Builds `gpu.module @<name> [target] { gpu.func @<name>(...) kernel }` for
/// `config` at the builder's insertion point and returns it. `config` must
/// be valid (getInvalidReason() empty; callers diagnose it first).
gpu::GPUModuleOp buildScaledMatmulKernelModule(OpBuilder &builder,
                                               Location loc,
                                               const GemmKernelConfig &config,
                                               Attribute target);

} // namespace mlir::fp8q::hopper

#endif // FP8Q_CONVERSION_FP8QTOGPU_HOPPER_SCALEDMATMULKERNEL_H
