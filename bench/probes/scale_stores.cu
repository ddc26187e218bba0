//===- scale_stores.cu - Cost of the fused quantize kernel's scale stores -===//
//
// Part of the fp8q project. A device experiment, not part of the compiler
// (bench/probes/README.md).
//
// Build (from the repository root) and run on a Hopper GPU (H200):
//
// nvcc -O3 -std=c++17 -arch=sm_90a -o scale_stores bench/probes/scale_stores.cu
// ./scale_stores [MxK,MxK,...]   (default: 4096, 16384, 65536 x 2048, 7168)
//
// The kernel is a CUDA C model of fp8q's fused "1x128 + 128x1-T" quantize of
// a bf16 [M, K] matrix: one 128 x 128 tile per CTA of 256 threads, copied
// with cp.async into XOR-swizzled shared memory; per-row and per-column amax
// (warp shuffles over the 8 lanes that share a row or column), scale =
// max(amax, 1e-4) / 448, E4M3 codes by cvt.rn.satfinite.e4m3x2.f32; it
// writes the codes q [M, K] and qt [K, M] with 16-byte stores, and the row
// and column scales. The variants differ ONLY in how the scales are stored,
// so the differences between their times are the cost of the scale stores.
//
// The real scale arrays (fp8q's default k_major layouts):
//   row scales    [M, K/128]: (row, tile col) at row * K/128 + tile col
//   column scales [K, M/128]: (col, tile row) at col * M/128 + tile row
// A tile's 128 row scales are then K/128 floats apart and its 128 column
// scales M/128 floats apart: 256 scattered 4-byte stores per tile, each to
// its own 32-byte sector.
//
// Every variant's codes are compared bit for bit with the first variant's,
// and its scales too where it writes the real values into the scale arrays.
// The program exits with 1 if anything differs, 2 on bad arguments, 3 on a
// CUDA error.
//
//===----------------------------------------------------------------------===//

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace cg = cooperative_groups;

#define CUDA_CHECK(call) checkCuda((call), #call, __LINE__)

static void checkCuda(cudaError_t error, const char *call, int line) {
  if (error == cudaSuccess)
    return;
  std::fprintf(stderr, "scale_stores.cu:%d: %s: %s\n", line, call,
               cudaGetErrorString(error));
  std::exit(3);
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

constexpr int kTile = 128;    // tile edge in elements
constexpr int kThreads = 256; // threads per CTA; one tile per CTA
constexpr int kCtasPerSm = 3; // fp8q's fused kernel runs 3 CTAs per SM
// The tile takes 32 KB of shared memory and the scales kept there at most
// 4 KB more; every variant asks for 64 KB so that shared memory, like the
// register budget of __launch_bounds__, holds every variant at 3 CTAs per SM.
constexpr int kDynamicSharedBytes = 64 * 1024;
constexpr int kChunksPerRow = kTile * 2 / 16; // 16-byte chunks per bf16 row
constexpr int kTileChunks = kTile * kChunksPerRow;
constexpr float kE4m3Max = 448.f;
constexpr float kMinAmax = 1e-4f;
// The cluster variants: 1-D clusters of 4 CTAs covering 2 x 2 tiles.
constexpr int kClusterX = 2, kClusterY = 2;
constexpr int kClusterSize = kClusterX * kClusterY;
// The finisher variant: groups of 8 tiles along a tile row (for the row
// scales) or a tile column (for the column scales).
constexpr int kGroup = 8;
constexpr int kStagedPerTile = 2 * kTile; // floats: row scales, column scales

/// How a variant stores the scales. Each computes the same scales; only
/// where and how they reach global memory differs.
enum class ScaleStores {
  /// One 4-byte store per row and per column of a tile, straight into the
  /// k_major arrays, by the lane that owns the row (column): what fp8q does.
  kMajor,
  /// No scale stores at all: the floor of the kernel's time.
  none,
  /// Only the row scales (k_major): the cost of one of the two streams.
  rowsOnly,
  /// Only the column scales (k_major).
  columnsOnly,
  /// The same stores 8 bytes wide, into a dummy array with 2 floats per
  /// scale: does the cost scale with the bytes or with the requests?
  wide8,
  /// 32 bytes per scale (a full sector, two 16-byte stores), into a dummy
  /// array with 8 floats per scale: full sectors, no partial writes.
  sector32,
  /// The tile's scales gathered in shared memory, then written contiguously
  /// in tile order by 64 lanes with 16-byte stores: its 128 row scales at
  /// tile * 128 of the row scale array, its 128 column scales at the same
  /// offset of the column scale array (1 KB per tile in all). The fewest,
  /// fullest requests a layout allows: the most a layout change could win.
  tileMajor,
  /// 4-byte stores by the same lanes as kMajor into the transposed (mn_major)
  /// arrays: the row scale of (row, tile col) at tile col * M + row, the
  /// column scale of (col, tile row) at tile row * K + col. The 4 lanes of a
  /// warp that store then write 16 consecutive bytes (fp8q's `_mn` kernels).
  mnMajor,
  /// A 2 x 2 cluster gathers its scales in the leader CTA's shared memory
  /// (DSMEM) and, after a cluster barrier, the leader writes them to the
  /// k_major arrays as 8-byte stores (2 tiles' scales of a row or column).
  clusterLeader,
  /// Each CTA stages its tile's scales (1 KB) in a global workspace and
  /// counts itself in with an atomic per group of 8 tiles; the last CTA of
  /// a group copies the group's scales to the k_major arrays, 8 consecutive
  /// floats (one full 32-byte sector) per row or column.
  lastOfEight,
};

struct KernelArgs {
  const uint16_t *x; // bf16 source [M, K]
  uint8_t *q;        // E4M3 codes [M, K]
  uint8_t *qt;       // E4M3 codes of the transpose [K, M]
  // The row and column scale arrays in the variant's layout (the dummy
  // arrays for wide8 and sector32).
  float *rowScales;
  float *colScales;
  // lastOfEight only: the staged scales (kStagedPerTile floats per tile, in
  // tile-major order) and the counters of the row and column groups, zero
  // between launches (the last CTA of a group resets its counter).
  float *stage;
  int *rowCounts;
  int *colCounts;
  int M, K;
};

__device__ __forceinline__ uint32_t sharedAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ float bf16ToFloat(uint16_t bits) {
  return __uint_as_float(static_cast<uint32_t>(bits) << 16);
}

/// Two E4M3 codes, `lo` in the low byte.
__device__ __forceinline__ uint16_t toE4m3x2(float lo, float hi) {
  uint16_t codes;
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %2, %1;"
      : "=h"(codes)
      : "f"(lo), "f"(hi));
  return codes;
}

/// The 16-byte chunk `chunk` of tile row `row` in shared memory; the XOR
/// swizzle keeps both the row reads and the column reads free of bank
/// conflicts.
__device__ __forceinline__ int swizzled(int row, int chunk) {
  return row * kChunksPerRow + (chunk ^ ((row + (row >> 4)) & 15));
}

/// L2 load (bypassing L1, which is not coherent across CTAs).
__device__ __forceinline__ float loadFromL2(const float *p) {
  float value;
  asm volatile("ld.global.cg.f32 %0, [%1];" : "=f"(value) : "l"(p));
  return value;
}

/// The amax of a row or column: `local` is the lane's, reduced over the 8
/// consecutive lanes that share the row or column.
__device__ __forceinline__ float groupAmax(float local) {
  for (int offset = 1; offset < 8; offset <<= 1)
    local = fmaxf(local, __shfl_xor_sync(~0u, local, offset));
  return local;
}

/// The scale of a group with amax `amax` (fp32 mode: max(amax, eps) / 448)
/// and its reciprocal, as fp8q computes them.
struct GroupScale {
  float scale, inverse;
};
__device__ __forceinline__ GroupScale groupScale(float amax) {
  float clamped = fmaxf(amax, kMinAmax);
  return {clamped / kE4m3Max, kE4m3Max / clamped};
}

/// 16 values times `inverse` as 16 E4M3 codes.
__device__ __forceinline__ uint4 encode16(const float (&values)[16],
                                          float inverse) {
  uint4 codes;
  uint16_t *pairs = reinterpret_cast<uint16_t *>(&codes);
  for (int j = 0; j < 8; j++)
    pairs[j] = toE4m3x2(values[2 * j] * inverse, values[2 * j + 1] * inverse);
  return codes;
}

/// The places the scale of one row (or column) of the tile may go; each
/// variant uses one. After inlining, the unused ones cost nothing.
/// The indices are a row's; a column's swap row and col, tile col and tile
/// row, M and K.
struct ScaleSlot {
  float *array;   // the global row (column) scale array
  size_t kMajor;  // k_major index: row * K/128 + tile col
  size_t mnMajor; // mn_major index: tile col * M + row
  float *staged;  // this CTA's shared memory, tile order
  float *leader;  // the cluster leader's shared memory
};

/// Stores the scale of a row (kIsRow) or a column of the tile, as the
/// variant does; called by one lane per row (column).
template <ScaleStores kStores, bool kIsRow>
__device__ __forceinline__ void storeScale(const ScaleSlot &slot, float scale) {
  using S = ScaleStores;
  constexpr S kThisStreamOnly = kIsRow ? S::rowsOnly : S::columnsOnly;
  if constexpr (kStores == S::kMajor || kStores == kThisStreamOnly) {
    slot.array[slot.kMajor] = scale;
  } else if constexpr (kStores == S::mnMajor) {
    slot.array[slot.mnMajor] = scale;
  } else if constexpr (kStores == S::wide8) {
    reinterpret_cast<float2 *>(slot.array)[slot.kMajor] =
        make_float2(scale, scale);
  } else if constexpr (kStores == S::sector32) {
    float4 value = make_float4(scale, scale, scale, scale);
    float4 *sector = reinterpret_cast<float4 *>(slot.array + slot.kMajor * 8);
    sector[0] = value;
    sector[1] = value;
  } else if constexpr (kStores == S::tileMajor || kStores == S::lastOfEight) {
    *slot.staged = scale;
  } else if constexpr (kStores == S::clusterLeader) {
    *slot.leader = scale;
  }
  // none, and the other stream of rowsOnly / columnsOnly: no store.
}

/// The tile's scales from shared memory to `rows` and `cols` (kTile floats
/// each), 16 bytes per lane: lanes 0-31 the row scales, 32-63 the column
/// scales.
__device__ __forceinline__ void copyTileScales(float *rows, float *cols,
                                               const float *sharedRows,
                                               const float *sharedCols, int t) {
  if (t < 32)
    reinterpret_cast<float4 *>(rows)[t] =
        reinterpret_cast<const float4 *>(sharedRows)[t];
  else if (t < 64)
    reinterpret_cast<float4 *>(cols)[t - 32] =
        reinterpret_cast<const float4 *>(sharedCols)[t - 32];
}

/// Quantizes one 128 x 128 tile per CTA. kCluster: the grid is launched in
/// 1-D clusters of 4 CTAs, each cluster taking a 2 x 2 block of tiles.
template <ScaleStores kStores, bool kCluster>
__global__ void __launch_bounds__(kThreads, kCtasPerSm)
    quantizeTile(KernelArgs a) {
  static_assert(kStores != ScaleStores::clusterLeader || kCluster,
                "gathering in a leader needs a cluster launch");
  extern __shared__ __align__(1024) uint4 smem[];
  // After the tile: the scales kept in shared memory (tileMajor,
  // lastOfEight: [128] per stream; clusterLeader, in the leader: row scales
  // [kClusterY][128][kClusterX], column scales [kClusterX][128][kClusterY]).
  constexpr int kSharedScales = (kCluster ? kClusterSize : 1) * kTile;
  float *sharedRows = reinterpret_cast<float *>(smem + kTileChunks);
  float *sharedCols = sharedRows + kSharedScales;

  const int tilesK = a.K / kTile, tilesM = a.M / kTile;
  int tileRow, tileCol, clusterX = 0, clusterY = 0;
  if constexpr (kCluster) {
    // Clusters in row-major order over the 2 x 2 blocks of tiles; rank r of
    // a cluster takes tile (r / 2, r % 2) of its block.
    int cluster = blockIdx.x / kClusterSize, rank = blockIdx.x % kClusterSize;
    int clustersPerRow = tilesK / kClusterX;
    clusterX = rank % kClusterX;
    clusterY = rank / kClusterX;
    tileRow = cluster / clustersPerRow * kClusterY + clusterY;
    tileCol = cluster % clustersPerRow * kClusterX + clusterX;
  } else {
    tileRow = blockIdx.x / tilesK;
    tileCol = blockIdx.x % tilesK;
  }
  const int row0 = tileRow * kTile, col0 = tileCol * kTile;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;

  // DSMEM may only be written once the target CTA has started: arrive on the
  // cluster barrier now, wait for the others just before the remote writes
  // (the copy below overlaps the wait).
  if constexpr (kStores == ScaleStores::clusterLeader)
    asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");

  // The tile into shared memory: 8 x 16 bytes per thread.
  const uint16_t *source = a.x + (size_t)row0 * a.K + col0;
  for (int i = 0; i < kTileChunks / kThreads; i++) {
    int chunk = t + i * kThreads, row = chunk >> 4, part = chunk & 15;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                     sharedAddress(smem + swizzled(row, part))),
                 "l"(source + (size_t)row * a.K + part * 8));
  }
  asm volatile("cp.async.commit_group;\n\tcp.async.wait_group 0;" ::: "memory");
  __syncthreads();

  float *leaderRows = sharedRows, *leaderCols = sharedCols;
  if constexpr (kStores == ScaleStores::clusterLeader) {
    asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
    cg::cluster_group cluster = cg::this_cluster();
    leaderRows = cluster.map_shared_rank(sharedRows, 0);
    leaderCols = cluster.map_shared_rank(sharedCols, 0);
  }

  // Rows -> q: 8 lanes per row, 16 elements (two chunks) each; a warp does
  // 4 rows per step, rows warp * 16 + 0..15.
  for (int i = 0; i < 4; i++) {
    int row = warp * 16 + (lane >> 3) + 4 * i, part = lane & 7;
    uint4 lo = smem[swizzled(row, 2 * part)];
    uint4 hi = smem[swizzled(row, 2 * part + 1)];
    const uint16_t *loBits = reinterpret_cast<const uint16_t *>(&lo);
    const uint16_t *hiBits = reinterpret_cast<const uint16_t *>(&hi);
    float values[16], amax = 0.f;
    for (int j = 0; j < 8; j++) {
      values[j] = bf16ToFloat(loBits[j]);
      values[j + 8] = bf16ToFloat(hiBits[j]);
    }
    for (int j = 0; j < 16; j++)
      amax = fmaxf(amax, fabsf(values[j]));
    GroupScale scale = groupScale(groupAmax(amax));
    *reinterpret_cast<uint4 *>(a.q + (size_t)(row0 + row) * a.K + col0 +
                               part * 16) = encode16(values, scale.inverse);
    if (part == 0) {
      ScaleSlot slot{a.rowScales, (size_t)(row0 + row) * tilesK + tileCol,
                     (size_t)tileCol * a.M + row0 + row, sharedRows + row,
                     leaderRows + (clusterY * kTile + row) * kClusterX +
                         clusterX};
      storeScale<kStores, /*kIsRow=*/true>(slot, scale.scale);
    }
  }

  // Columns -> qt: 8 lanes per column, 16 rows each; a warp does 4 columns
  // per step, columns warp * 16 + 0..15.
  for (int i = 0; i < 4; i++) {
    int col = warp * 16 + 4 * i + (lane >> 3), part = lane & 7;
    float values[16], amax = 0.f;
    for (int j = 0; j < 16; j++) {
      int row = part * 16 + j;
      const uint16_t *chunk =
          reinterpret_cast<const uint16_t *>(smem + swizzled(row, col >> 3));
      values[j] = bf16ToFloat(chunk[col & 7]);
      amax = fmaxf(amax, fabsf(values[j]));
    }
    GroupScale scale = groupScale(groupAmax(amax));
    *reinterpret_cast<uint4 *>(a.qt + (size_t)(col0 + col) * a.M + row0 +
                               part * 16) = encode16(values, scale.inverse);
    if (part == 0) {
      ScaleSlot slot{a.colScales, (size_t)(col0 + col) * tilesM + tileRow,
                     (size_t)tileRow * a.K + col0 + col, sharedCols + col,
                     leaderCols + (clusterX * kTile + col) * kClusterY +
                         clusterY};
      storeScale<kStores, /*kIsRow=*/false>(slot, scale.scale);
    }
  }

  if constexpr (kStores == ScaleStores::tileMajor) {
    __syncthreads();
    size_t tile = (size_t)tileRow * tilesK + tileCol;
    copyTileScales(a.rowScales + tile * kTile, a.colScales + tile * kTile,
                   sharedRows, sharedCols, t);
  }

  if constexpr (kStores == ScaleStores::lastOfEight) {
    __shared__ int isLast[2]; // of the row group, of the column group
    __syncthreads();
    float *staged =
        a.stage + ((size_t)tileRow * tilesK + tileCol) * kStagedPerTile;
    copyTileScales(staged, staged + kTile, sharedRows, sharedCols, t);
    __syncthreads();
    // Row group: tiles (tileRow, rowGroup * 8 + 0..7); column group: tiles
    // (colGroup * 8 + 0..7, tileCol).
    const int rowGroup = tileCol / kGroup, colGroup = tileRow / kGroup;
    int *rowCount = a.rowCounts + tileRow * (tilesK / kGroup) + rowGroup;
    int *colCount = a.colCounts + tileCol * (tilesM / kGroup) + colGroup;
    if (t == 0) {
      __threadfence(); // this CTA's staged scales before its counts
      isLast[0] = atomicAdd(rowCount, 1) == kGroup - 1;
      isLast[1] = atomicAdd(colCount, 1) == kGroup - 1;
      __threadfence(); // the group's staged scales after its counts
    }
    __syncthreads();
    // Thread t copies tile (t % 8) of the group, rows (columns) t / 8 + 32 i:
    // 8 consecutive lanes write the 8 scales of one row (column), one
    // 32-byte sector.
    const int member = t % kGroup;
    if (isLast[0]) {
      int memberCol = rowGroup * kGroup + member;
      const float *from =
          a.stage + ((size_t)tileRow * tilesK + memberCol) * kStagedPerTile;
      for (int row = t / kGroup; row < kTile; row += kThreads / kGroup)
        a.rowScales[(size_t)(row0 + row) * tilesK + memberCol] =
            loadFromL2(from + row);
      if (t == 0)
        *rowCount = 0;
    }
    if (isLast[1]) {
      int memberRow = colGroup * kGroup + member;
      const float *from =
          a.stage + ((size_t)memberRow * tilesK + tileCol) * kStagedPerTile +
          kTile;
      for (int col = t / kGroup; col < kTile; col += kThreads / kGroup)
        a.colScales[(size_t)(col0 + col) * tilesM + memberRow] =
            loadFromL2(from + col);
      if (t == 0)
        *colCount = 0;
    }
  }

  if constexpr (kStores == ScaleStores::clusterLeader) {
    static_assert(kClusterX == 2 && kClusterY == 2 &&
                      kClusterY * kTile == kThreads &&
                      kClusterX * kTile == kThreads,
                  "the leader writes one float2 per thread and stream");
    cg::cluster_group cluster = cg::this_cluster();
    cluster.sync(); // every CTA's scales are in the leader's shared memory
    if (cluster.block_rank() == 0) {
      // The leader's tile is the block's top-left one. Thread t writes the
      // 2 scales of row t % 128 of tile row tileRow + t / 128 (2 tile
      // columns), then of column t % 128 of tile column tileCol + t / 128.
      const float2 *rows = reinterpret_cast<const float2 *>(sharedRows);
      const float2 *cols = reinterpret_cast<const float2 *>(sharedCols);
      int block = t / kTile, within = t % kTile;
      *reinterpret_cast<float2 *>(
          a.rowScales + (size_t)(row0 + block * kTile + within) * tilesK +
          tileCol) = rows[t];
      *reinterpret_cast<float2 *>(
          a.colScales + (size_t)(col0 + block * kTile + within) * tilesM +
          tileRow) = cols[t];
    }
  }
}

//===----------------------------------------------------------------------===//
// Host
//===----------------------------------------------------------------------===//

constexpr int kWarmups = 3;
constexpr int kRepetitions = 25;
constexpr size_t kFlushBytes = size_t(256) << 20; // several times the L2
constexpr int kWideFloats = 8; // floats per scale of the dummy arrays

/// What a variant's scales are checked against (the first variant's).
enum class ScaleCheck {
  reference, // it is the reference
  codesOnly, // not the real scale arrays: only the codes are compared
  kMajor,    // the same arrays
  mnMajor,   // the transposed arrays
  tileMajor, // per tile, in tile order, 128 row (column) scales
};

struct Variant {
  const char *name;
  void (*kernel)(KernelArgs);
  bool cluster;     // launched in clusters of 4 CTAs (2 x 2 tiles)
  bool dummyScales; // stores to the dummy arrays (wide8, sector32)
  ScaleCheck check;
};

template <ScaleStores kStores, bool kCluster = false>
static Variant makeVariant(const char *name, ScaleCheck check) {
  return {name, quantizeTile<kStores, kCluster>, kCluster,
          kStores == ScaleStores::wide8 || kStores == ScaleStores::sector32,
          check};
}

struct Shape {
  int M, K;
};

/// Device memory for one shape.
struct Buffers {
  uint16_t *x, *copy;
  uint8_t *q, *qt;
  float *rowScales, *colScales;
  float *wideRows, *wideCols; // dummy arrays, kWideFloats per scale
  float *stage;
  int *rowCounts, *colCounts;

  Buffers(size_t elements, size_t tiles) {
    const size_t scales = elements / kTile, groups = tiles / kGroup;
    x = allocate<uint16_t>(elements);
    copy = allocate<uint16_t>(elements);
    q = allocate<uint8_t>(elements);
    qt = allocate<uint8_t>(elements);
    rowScales = allocate<float>(scales);
    colScales = allocate<float>(scales);
    wideRows = allocate<float>(scales * kWideFloats);
    wideCols = allocate<float>(scales * kWideFloats);
    stage = allocate<float>(tiles * kStagedPerTile);
    rowCounts = allocate<int>(groups);
    colCounts = allocate<int>(groups);
    CUDA_CHECK(cudaMemset(rowCounts, 0, groups * sizeof(int)));
    CUDA_CHECK(cudaMemset(colCounts, 0, groups * sizeof(int)));
  }
  ~Buffers() {
    for (void *allocation : allocations)
      CUDA_CHECK(cudaFree(allocation));
  }
  Buffers(const Buffers &) = delete;
  Buffers &operator=(const Buffers &) = delete;

private:
  std::vector<void *> allocations;

  template <class T> T *allocate(size_t count) {
    void *allocation;
    CUDA_CHECK(cudaMalloc(&allocation, count * sizeof(T)));
    allocations.push_back(allocation);
    return static_cast<T *>(allocation);
  }
};

/// A variant's results, copied back; the scales as bits (compared exactly).
struct Outputs {
  std::vector<uint8_t> q, qt;
  std::vector<uint32_t> rowScales, colScales;
};

/// Median time in ms of `launch` (which returns a cudaError_t), each
/// repetition after a memset that flushes L2.
template <class Launch> static float medianMs(Launch launch, void *flush) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < kWarmups; i++)
    CUDA_CHECK(launch());
  std::vector<float> times;
  for (int i = 0; i < kRepetitions; i++) {
    CUDA_CHECK(cudaMemsetAsync(flush, i, kFlushBytes));
    CUDA_CHECK(cudaEventRecord(start));
    CUDA_CHECK(launch());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// Whether `got` holds the reference scales `ref` (k_major) in the layout
/// that `check` names.
static bool scalesMatch(ScaleCheck check, const Outputs &got,
                        const Outputs &ref, Shape shape) {
  const size_t M = shape.M, K = shape.K, tilesM = M / kTile, tilesK = K / kTile;
  switch (check) {
  case ScaleCheck::reference:
  case ScaleCheck::codesOnly:
    return true;
  case ScaleCheck::kMajor:
    return got.rowScales == ref.rowScales && got.colScales == ref.colScales;
  case ScaleCheck::mnMajor:
    for (size_t row = 0; row < M; row++)
      for (size_t tileCol = 0; tileCol < tilesK; tileCol++)
        if (got.rowScales[tileCol * M + row] !=
            ref.rowScales[row * tilesK + tileCol])
          return false;
    for (size_t col = 0; col < K; col++)
      for (size_t tileRow = 0; tileRow < tilesM; tileRow++)
        if (got.colScales[tileRow * K + col] !=
            ref.colScales[col * tilesM + tileRow])
          return false;
    return true;
  case ScaleCheck::tileMajor:
    for (size_t tileRow = 0; tileRow < tilesM; tileRow++)
      for (size_t tileCol = 0; tileCol < tilesK; tileCol++)
        for (size_t i = 0; i < kTile; i++) {
          size_t tile = (tileRow * tilesK + tileCol) * kTile;
          if (got.rowScales[tile + i] !=
                  ref.rowScales[(tileRow * kTile + i) * tilesK + tileCol] ||
              got.colScales[tile + i] !=
                  ref.colScales[(tileCol * kTile + i) * tilesM + tileRow])
            return false;
        }
    return true;
  }
  return false;
}

/// Deterministic bf16 values in [-64, 64), magnitudes spread over 8 binades
/// so that tiles, rows and columns get different scales.
static std::vector<uint16_t> makeInput(size_t elements) {
  std::vector<uint16_t> values(elements);
  uint32_t state = 12345;
  for (uint16_t &value : values) {
    state = state * 1664525u + 1013904223u;
    float f = ((state >> 8) & 0xffff) / 65536.f - 0.5f;
    f *= float(1 << ((state >> 26) & 7));
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    value = uint16_t(bits >> 16);
  }
  return values;
}

/// Parses "MxK,MxK,..."; exits with 2 on a malformed or unsupported shape.
static std::vector<Shape> parseShapes(const char *list) {
  std::vector<Shape> shapes;
  const std::string all(list);
  size_t begin = 0;
  while (begin <= all.size()) {
    size_t end = all.find(',', begin);
    if (end == std::string::npos)
      end = all.size();
    const std::string item = all.substr(begin, end - begin);
    const char *start = item.c_str();
    char *mEnd, *kEnd;
    long M = std::strtol(start, &mEnd, 10), K = 0;
    bool parsed = mEnd != start && *mEnd == 'x';
    if (parsed) {
      K = std::strtol(mEnd + 1, &kEnd, 10);
      parsed = kEnd != mEnd + 1 && *kEnd == '\0';
    }
    // 1024 = 8 tiles: the cluster and finisher variants take whole groups
    // of 8 tiles (and 2 x 2 blocks) in both directions.
    if (!parsed || M <= 0 || K <= 0 || M % 1024 || K % 1024 || M > (1 << 20) ||
        K > (1 << 20)) {
      std::fprintf(stderr,
                   "scale_stores: bad shape '%s': expected MxK, M and K "
                   "multiples of 1024 up to 1048576 (the cluster and "
                   "finisher variants take whole groups of 8 tiles)\n",
                   item.c_str());
      std::exit(2);
    }
    shapes.push_back({int(M), int(K)});
    begin = end + 1;
  }
  return shapes;
}

/// Times and checks every variant on one shape; returns whether all
/// matched the reference.
static bool runShape(Shape shape, const std::vector<Variant> &variants,
                     void *flush) {
  const int M = shape.M, K = shape.K;
  const size_t elements = size_t(M) * K, scales = elements / kTile,
               tiles = elements / (kTile * kTile);
  Buffers buffers(elements, tiles);
  std::vector<uint16_t> input = makeInput(elements);
  CUDA_CHECK(cudaMemcpy(buffers.x, input.data(), elements * 2,
                        cudaMemcpyHostToDevice));

  // The reference: a device copy of the bf16 source (bytes read + written).
  float copyMs = medianMs(
      [&] {
        return cudaMemcpyAsync(buffers.copy, buffers.x, elements * 2,
                               cudaMemcpyDeviceToDevice);
      },
      flush);
  double copyGbs = 4.0 * elements / copyMs / 1e6;
  std::printf("%6dx%-5d %-52s %8.1f us %7.0f GB/s\n", M, K,
              "copy (cudaMemcpy D2D)", copyMs * 1e3, copyGbs);

  // Nominal bytes of every variant: bf16 read, two code arrays and two
  // scale arrays written.
  const double bytes = 4.0 * elements + 8.0 * elements / kTile;
  Outputs ref;
  bool allSame = true;
  for (const Variant &variant : variants) {
    CUDA_CHECK(cudaFuncSetAttribute(variant.kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    kDynamicSharedBytes));
    CUDA_CHECK(cudaMemset(buffers.q, 0, elements));
    CUDA_CHECK(cudaMemset(buffers.qt, 0, elements));
    CUDA_CHECK(cudaMemset(buffers.rowScales, 0, scales * 4));
    CUDA_CHECK(cudaMemset(buffers.colScales, 0, scales * 4));
    KernelArgs args{buffers.x,
                    buffers.q,
                    buffers.qt,
                    variant.dummyScales ? buffers.wideRows : buffers.rowScales,
                    variant.dummyScales ? buffers.wideCols : buffers.colScales,
                    buffers.stage,
                    buffers.rowCounts,
                    buffers.colCounts,
                    M,
                    K};
    // Every launch carries a cluster dimension (1 for the plain variants),
    // as in the runs quoted in docs/GPU.md.
    cudaLaunchAttribute attribute{};
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = variant.cluster ? kClusterSize : 1;
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(unsigned(tiles));
    config.blockDim = dim3(kThreads);
    config.dynamicSmemBytes = kDynamicSharedBytes;
    config.attrs = &attribute;
    config.numAttrs = 1;
    float ms = medianMs(
        [&] { return cudaLaunchKernelEx(&config, variant.kernel, args); },
        flush);
    CUDA_CHECK(cudaDeviceSynchronize());

    Outputs got{std::vector<uint8_t>(elements), std::vector<uint8_t>(elements),
                std::vector<uint32_t>(scales), std::vector<uint32_t>(scales)};
    CUDA_CHECK(
        cudaMemcpy(got.q.data(), buffers.q, elements, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(got.qt.data(), buffers.qt, elements,
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(got.rowScales.data(), buffers.rowScales, scales * 4,
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(got.colScales.data(), buffers.colScales, scales * 4,
                          cudaMemcpyDeviceToHost));
    const char *result;
    bool differs = false;
    if (variant.check == ScaleCheck::reference) {
      ref = std::move(got);
      result = "reference";
    } else if (got.q != ref.q || got.qt != ref.qt) {
      result = "CODES DIFFER";
      differs = true;
    } else if (!scalesMatch(variant.check, got, ref, shape)) {
      result = "SCALES DIFFER";
      differs = true;
    } else {
      result = variant.check == ScaleCheck::codesOnly ? "codes same" : "same";
    }
    allSame &= !differs;
    double gbs = bytes / ms / 1e6;
    std::printf("%6dx%-5d %-52s %8.1f us %7.0f GB/s %6.1f %%copy  %s\n", M, K,
                variant.name, ms * 1e3, gbs, 100 * gbs / copyGbs, result);
  }
  return allSame;
}

int main(int argc, char **argv) {
  if (argc > 2) {
    std::fprintf(stderr, "usage: scale_stores [MxK,MxK,...]\n");
    return 2;
  }
  std::vector<Shape> shapes =
      argc == 2
          ? parseShapes(argv[1])
          : std::vector<Shape>{{4096, 2048},  {4096, 7168},  {16384, 2048},
                               {16384, 7168}, {65536, 2048}, {65536, 7168}};

  using S = ScaleStores;
  using C = ScaleCheck;
  const std::vector<Variant> variants = {
      makeVariant<S::kMajor>("4-byte scale stores, k_major layouts (as fp8q)",
                             C::reference),
      makeVariant<S::none>("no scale stores", C::codesOnly),
      makeVariant<S::rowsOnly>("row scales only", C::codesOnly),
      makeVariant<S::columnsOnly>("column scales only", C::codesOnly),
      makeVariant<S::wide8>("8 bytes per scale (dummy array)", C::codesOnly),
      makeVariant<S::sector32>("32 bytes per scale, full sectors (dummy array)",
                               C::codesOnly),
      makeVariant<S::tileMajor>("1 KB per tile, contiguous (tile-major)",
                                C::tileMajor),
      makeVariant<S::mnMajor>("mn_major layouts (scale arrays transposed)",
                              C::mnMajor),
      // The cost of the cluster launch alone (co-scheduling), no barrier.
      makeVariant<S::kMajor, true>("cluster 2x2 launch, 4-byte stores, no sync",
                                   C::kMajor),
      makeVariant<S::clusterLeader, true>(
          "cluster 2x2, scales gathered in the leader (DSMEM)", C::kMajor),
      makeVariant<S::lastOfEight>(
          "staged per tile + last of 8 CTAs writes full sectors", C::kMajor),
      // The first variant again: the spread between the two is the noise.
      makeVariant<S::kMajor>("4-byte scale stores (again)", C::kMajor),
  };

  cudaDeviceProp properties;
  CUDA_CHECK(cudaGetDeviceProperties(&properties, 0));
  std::printf("# %s; median of %d after %d warm-ups, L2 flushed; "
              "GB/s of 4*M*K + 8*M*K/128 bytes\n",
              properties.name, kRepetitions, kWarmups);
  void *flush;
  CUDA_CHECK(cudaMalloc(&flush, kFlushBytes));
  bool allSame = true;
  for (Shape shape : shapes)
    allSame &= runShape(shape, variants, flush);
  CUDA_CHECK(cudaFree(flush));
  return allSame ? 0 : 1;
}
