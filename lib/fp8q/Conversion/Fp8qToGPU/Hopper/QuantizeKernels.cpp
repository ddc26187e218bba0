//===- QuantizeKernels.cpp - Hopper quantization kernels ------------------===//
//
// Part of the fp8q project.
//
// The kernel bodies are emitted by QuantKernelEmitter, whose steps follow the
// kernel in execution order. Register kernels (1x128, 128x128): coordinates,
// 16-byte global loads into registers, tile amax reductions (warp shuffles,
// then shared memory across warps), scale and reciprocal, conversion to E4M3
// and 16-byte stores. Staged kernels (128x1 transposed, fused,
// tile_transpose): a loop over the CTA's tiles that copies each tile into a
// swizzled shared-memory stage with cp.async, then writes the 1x128 output
// from row strips of the stage and the transposed output from its columns.
//
// Row mapping (the 1x128 and 128x128 outputs). A CTA of 256 threads owns the
// source tile [m0, m0 + 128) x [k0, k0 + 128). A "strip" is 16 consecutive
// elements of a row: its 16 E4M3 codes fill exactly one 16-byte store.
// Thread t owns strip (t % 8) of rows t / 8 + 32 i, i = 0..3:
//
//            k0      +16     +32            +112    +128
//   row  0  | t0    | t1    | t2    | ...  | t7    |
//   row  1  | t8    | t9    | ...          | t15   |      warp 0 = rows 0-3
//   ...                                                   warp 1 = rows 4-7 ...
//   row 31  | t248  | ...                  | t255  |
//   row 32  | t0    | t1    | ...  (i = 1)           rows 32-127: i = 1..3
//
// so the 8 strips of a row (one 1x128 tile) sit in 8 consecutive lanes
// (xor-shuffles 1, 2, 4 reduce a row). The column mapping of the transposed
// output is at emitTransposedOutput.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToGPU/Hopper/QuantizeKernels.h"
#include "fp8q/Conversion/FloatBits.h"
#include "KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "convert-fp8q-to-gpu"

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;

namespace {

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//


/// Bytes of a shared-memory bank word; staged data, partial maxima and
/// row scales are all addressed in these words.
constexpr int64_t kWordBytes = 4;
/// Words of one 16-byte chunk: the unit of `cp.async` and of the swizzle.
constexpr int64_t kChunkWords = kVectorBytes / kWordBytes;
/// NOTE: shared memory serves 128 bytes (8 chunks, 32 banks) per cycle; a
/// warp's 16-byte accesses are served 8 lanes at a time, so 8 lanes must
/// touch 8 distinct chunk positions modulo 8 to run at full speed.
constexpr int64_t kBankChunks = 8;
/// Rows of a lane's transposed-write task (one 16-byte K-major code strip)
/// and the row groups of a 128-row column (the 8 lanes that hold it).
constexpr int64_t kTaskRows = kStripElements;
constexpr int64_t kTaskRowGroups = kCtaRows / kTaskRows;
/// NOTE: the stage swizzle gives each of the 8 row groups its own chunk
/// position, which makes the transposed read conflict-free.
static_assert(kTaskRowGroups == kBankChunks,
              "one chunk position per row group of the transposed read");

/// bf16 / f16 magnitude masks: one element, two packed in a 32-bit word.
constexpr int64_t kHalfAbsMask = 0x7FFF;
constexpr int64_t kHalfPairAbsMask = 0x7FFF7FFF;
constexpr int64_t kHalfMask = 0xFFFF;
constexpr int64_t kHighHalfMask = 0xFFFF0000;
constexpr int64_t kHalfBits = 16;

/// The CTA raster of the 128x1-T kernel (TileSchedule::columnGroup):
/// column tiles per group, and the fewest row tiles it is used for
/// (measured on the H200, docs/GPU.md "CTA raster").
constexpr int64_t kTransposedColumnGroup = 2;
constexpr int64_t kTransposedColumnGroupMinRowTiles = 128;

/// Name of the dynamic shared memory array of every kernel module.
constexpr StringLiteral kSharedMemoryName = "fp8q_smem";

/// Warp-shuffle xor offsets. A 1x128 row tile spans lane bits 0-2, and so do
/// the 8 row groups of a 128x1 column in the transposed write.
constexpr int32_t kRowTileShuffles[] = {1, 2, 4};
constexpr int32_t kWarpShuffles[] = {16, 8, 4, 2, 1};

StringRef getKindToken(QuantKernelKind kind) {
  switch (kind) {
  case QuantKernelKind::RowWise:
    return "quantize_1x128";
  case QuantKernelKind::Block:
    return "quantize_128x128";
  case QuantKernelKind::ColumnWiseTransposed:
    return "quantize_128x1t";
  case QuantKernelKind::BlockTransposed:
    return "quantize_128x128t";
  case QuantKernelKind::Fused:
    return "quantize_1x128_128x1t";
  case QuantKernelKind::TileTranspose:
    return "tile_transpose_1x128";
  }
  return "";
}

constexpr QuantKernelKind kAllKinds[] = {
    QuantKernelKind::RowWise, QuantKernelKind::Block,
    QuantKernelKind::ColumnWiseTransposed, QuantKernelKind::BlockTransposed,
    QuantKernelKind::Fused, QuantKernelKind::TileTranspose};
constexpr SourceElement kWideElements[] = {
    SourceElement::F32, SourceElement::BF16, SourceElement::F16};
constexpr ScaleMode kScaleModes[] = {ScaleMode::fp32, ScaleMode::pow2};

bool hasTransposedOutput(QuantKernelKind kind) {
  return kind == QuantKernelKind::ColumnWiseTransposed ||
         kind == QuantKernelKind::BlockTransposed ||
         kind == QuantKernelKind::Fused ||
         kind == QuantKernelKind::TileTranspose;
}

bool hasRowWiseOutput(QuantKernelKind kind) {
  return kind == QuantKernelKind::RowWise || kind == QuantKernelKind::Fused;
}

/// Words (4 bytes) of one staged CTA row: 128 source elements.
int64_t getStageRowWords(const QuantKernelConfig &config) {
  return kCtaCols * config.getSourceBytes() / kWordBytes;
}

/// The transposed write of the staged tile (docs/GPU.md): a warp takes one
/// 16-byte chunk of a stage row (4 words, `columnsPerWord` source columns
/// each) over all 128 rows, lane l the 16 rows 16 (l % 8) .. +15 of word
/// l / 8 of the chunk, so the 8 lanes of a word hold whole 128x1 columns.
struct TransposeGeometry {
  int64_t rowWords;
  /// Source columns in one word: 2 (bf16/f16), 1 (f32), 4 (E4M3).
  int64_t columnsPerWord;
  /// Chunks (tasks) per warp: the row's chunks over the 8 warps.
  int64_t tasksPerWarp;
};

TransposeGeometry getTransposeGeometry(const QuantKernelConfig &config) {
  TransposeGeometry g;
  g.rowWords = getStageRowWords(config);
  g.columnsPerWord = kWordBytes / config.getSourceBytes();
  g.tasksPerWarp = g.rowWords / kChunkWords / kCtaWarps;
  return g;
}

/// Shared-memory layout, in words. Block kernel: [warp maxima: 8].
/// Staged kernels:
///
///   [stage 0: 128 rows x rowWords] ... [stage S-1]   swizzled source tiles
///   [row scales: S x 128]                            (tile_transpose)
///   [warp maxima: 8]                                 (128x128-T)
struct SharedLayout {
  int64_t stageWords = 0;
  int64_t partial = 0;
  int64_t rowScale = 0;
  int64_t words = 0;
};

SharedLayout getSharedLayout(const QuantKernelConfig &config) {
  SharedLayout layout;
  if (config.kind == QuantKernelKind::Block) {
    layout.partial = 0;
    layout.words = kCtaWarps;
    return layout;
  }
  TileSchedule schedule = getTileSchedule(config);
  if (!schedule.staged)
    return layout;
  layout.stageWords = kCtaRows * getStageRowWords(config);
  layout.rowScale = schedule.stages * layout.stageWords;
  layout.words = layout.rowScale;
  if (config.kind == QuantKernelKind::TileTranspose)
    layout.words += schedule.stages * kCtaRows;
  if (config.kind == QuantKernelKind::BlockTransposed) {
    layout.partial = layout.words;
    layout.words += kCtaWarps;
  }
  return layout;
}

} // namespace

//===----------------------------------------------------------------------===//
// QuantKernelConfig
//===----------------------------------------------------------------------===//

std::optional<SourceElement> hopper::getSourceElement(Type type) {
  if (type.isF32())
    return SourceElement::F32;
  if (type.isBF16())
    return SourceElement::BF16;
  if (type.isF16())
    return SourceElement::F16;
  if (isa<Float8E4M3FNType>(type))
    return SourceElement::E4M3;
  return std::nullopt;
}

StringRef hopper::getSourceElementName(SourceElement element) {
  switch (element) {
  case SourceElement::F32:
    return "f32";
  case SourceElement::BF16:
    return "bf16";
  case SourceElement::F16:
    return "f16";
  case SourceElement::E4M3:
    return "f8e4m3fn";
  }
  return "";
}

std::string QuantKernelConfig::getName() const {
  std::string name = ("fp8q_" + getKindToken(kind)).str();
  if (kind != QuantKernelKind::TileTranspose)
    name += ("_" + getSourceElementName(source)).str();
  name += "_" + stringifyScaleMode(scaleMode).str();
  if (scaleLayout == ScaleLayout::mn_major)
    name += "_mn";
  if (llvm::bit_cast<uint32_t>(eps) != llvm::bit_cast<uint32_t>(kDefaultEps))
    name += llvm::formatv("_eps{0:x-8}", llvm::bit_cast<uint32_t>(eps)).str();
  return name;
}

std::optional<QuantKernelConfig> QuantKernelConfig::parseName(StringRef name) {
  // An optional `_eps<8 hex digits>` suffix (the f32 bits of eps).
  float eps = kDefaultEps;
  size_t at = name.rfind("_eps");
  uint32_t bits = 0;
  if (at != StringRef::npos && name.size() == at + 12 &&
      !name.substr(at + 4).getAsInteger(16, bits)) {
    eps = llvm::bit_cast<float>(bits);
    name = name.take_front(at);
  }
  ScaleLayout scaleLayout = ScaleLayout::k_major;
  if (name.consume_back("_mn"))
    scaleLayout = ScaleLayout::mn_major;
  for (QuantKernelKind kind : kAllKinds) {
    if (kind == QuantKernelKind::TileTranspose &&
        scaleLayout != ScaleLayout::k_major)
      continue;
    for (ScaleMode mode : kScaleModes) {
      if (kind == QuantKernelKind::TileTranspose) {
        QuantKernelConfig config{kind, SourceElement::E4M3, mode};
        if (config.getName() == name) {
          config.eps = eps;
          return config;
        }
        continue;
      }
      for (SourceElement element : kWideElements) {
        QuantKernelConfig config{kind, element, mode};
        if (config.getName() == name) {
          config.eps = eps;
          config.scaleLayout = scaleLayout;
          return config;
        }
      }
    }
  }
  return std::nullopt;
}

int64_t QuantKernelConfig::getSourceBytes() const {
  switch (source) {
  case SourceElement::F32:
    return 4;
  case SourceElement::BF16:
  case SourceElement::F16:
    return 2;
  case SourceElement::E4M3:
    return 1;
  }
  return 0;
}

int64_t QuantKernelConfig::getDynamicSharedMemoryBytes() const {
  return getSharedLayout(*this).words * kWordBytes;
}

//===----------------------------------------------------------------------===//
// TileSchedule
//===----------------------------------------------------------------------===//

/// The schedules measured best on the H200 (docs/GPU.md, "Schedules"): the
/// 128x1-T and fused kernels run one tile per CTA (their occupancy keeps the
/// copies in flight), tile_transpose, which is limited by its arithmetic,
/// four tiles per CTA with the next tile's copy overlapping the work.
/// CTAs per SM of the f32 128x1-T kernel: three 64 KiB stages fit an SM's
/// shared memory; the register budget (`.minnctapersm`) keeps it so.
constexpr int64_t kTransposedF32CtasPerSm = 3;

TileSchedule hopper::getTileSchedule(const QuantKernelConfig &config) {
  TileSchedule schedule;
  switch (config.kind) {
  case QuantKernelKind::RowWise:
  case QuantKernelKind::Block:
    return schedule;
  case QuantKernelKind::ColumnWiseTransposed:
  case QuantKernelKind::BlockTransposed:
    // The 128x128-T kernel reads and writes like the 128x1-T one (its block
    // amax adds one barrier), so it shares its schedule.
    schedule = {/*staged=*/true, /*tilesPerCta=*/1, /*stages=*/1,
                /*ctasPerSm=*/4};
    // Pairs of column tiles walked down the rows: the ~528 resident CTAs
    // then write 264-row-tile runs (33 KB) of each qT row instead of 9
    // (1.2 KB at K = 7168), which the H200's DRAM writes faster (+2 to +5
    // points of copy at 65536 rows). Small sources (< 128 row tiles) keep
    // the row-major raster, which was as fast or faster there.
    schedule.columnGroup = kTransposedColumnGroup;
    schedule.columnGroupMinRowTiles = kTransposedColumnGroupMinRowTiles;
    break;
  case QuantKernelKind::Fused:
    schedule = {/*staged=*/true, /*tilesPerCta=*/1, /*stages=*/1,
                /*ctasPerSm=*/3};
    break;
  case QuantKernelKind::TileTranspose:
    schedule = {/*staged=*/true, /*tilesPerCta=*/4, /*stages=*/2,
                /*ctasPerSm=*/2};
    break;
  }
  // NOTE: a 64 KiB f32 stage: shared memory (227 KiB per SM) bounds the
  // occupancy, so the f32 kernels keep at most two stages and no register
  // budget, but for 128x1-T: without one ptxas gave it 90 registers (2 CTAs
  // per SM); a 3-CTA budget (80 registers, no spills) matches what its
  // stage allows (H200: +1.4 to +2.3 points of copy bandwidth at 4096 and
  // 16384 rows; docs/GPU.md).
  if (config.source == SourceElement::F32) {
    schedule.stages = std::min<int64_t>(schedule.stages, 2);
    schedule.ctasPerSm =
        config.kind == QuantKernelKind::ColumnWiseTransposed ||
                config.kind == QuantKernelKind::BlockTransposed
            ? kTransposedF32CtasPerSm
            : 1;
  }
  return schedule;
}

std::array<int64_t, 3> hopper::getGridSize(const QuantKernelConfig &config,
                                           int64_t m, int64_t k) {
  int64_t rowTiles = llvm::divideCeilSigned(m, kCtaRows);
  int64_t colTiles = llvm::divideCeilSigned(k, kCtaCols);
  TileSchedule schedule = getTileSchedule(config);
  if (!schedule.staged)
    return {colTiles, rowTiles, 1};
  int64_t rowChunks = llvm::divideCeilSigned(rowTiles, schedule.tilesPerCta);
  return {rowChunks * colTiles, 1, 1};
}

//===----------------------------------------------------------------------===//
// KernelInterface
//===----------------------------------------------------------------------===//

KernelInterface hopper::getKernelInterface(const QuantKernelConfig &config) {
  KernelInterface result;
  std::string sourceType = getSourceElementName(config.source).str();
  std::string codeType = getSourceElementName(SourceElement::E4M3).str();
  std::string tiles = llvm::formatv("ceil(K/{0})", kCtaCols).str();
  std::string rowTiles = llvm::formatv("ceil(M/{0})", kCtaRows).str();

  auto pointer = [&](StringRef name, StringRef role, StringRef dtype,
                     ArrayRef<std::string> shape, bool written) {
    KernelArg arg;
    arg.name = name.str();
    arg.kind = KernelArgKind::Ptr;
    arg.role = role.str();
    arg.dtype = dtype.str();
    arg.shape.assign(shape.begin(), shape.end());
    arg.written = written;
    // mn_major: the written scale arrays are the tile grid transposed.
    if (written && role.contains("scale") &&
        config.scaleLayout == ScaleLayout::mn_major) {
      std::swap(arg.shape[0], arg.shape[1]);
      arg.transposed = true;
    }
    arg.alignment =
        dtype == "f32" && role.contains("scale") ? kWordBytes : kVectorBytes;
    result.args.push_back(arg);
  };
  auto scalar = [&](StringRef name, KernelArgKind kind, StringRef role) {
    KernelArg arg;
    arg.name = name.str();
    arg.kind = kind;
    arg.role = role.str();
    result.args.push_back(arg);
  };

  bool tileTranspose = config.kind == QuantKernelKind::TileTranspose;
  if (tileTranspose) {
    pointer("q", "source", codeType, {"M", "K"}, false);
    pointer("scale", "source_scale", "f32", {"M", tiles}, false);
  } else {
    pointer("source", "source", sourceType, {"M", "K"}, false);
  }
  switch (config.kind) {
  case QuantKernelKind::RowWise:
  case QuantKernelKind::Fused:
    pointer("q", "q", codeType, {"M", "K"}, true);
    pointer("scale", "scale", "f32", {"M", tiles}, true);
    result.outputs.push_back({"q", "scale", 1, kCtaCols, false});
    break;
  case QuantKernelKind::Block:
    pointer("q", "q", codeType, {"M", "K"}, true);
    pointer("scale", "scale", "f32", {rowTiles, tiles}, true);
    result.outputs.push_back({"q", "scale", kCtaRows, kCtaCols, false});
    break;
  case QuantKernelKind::BlockTransposed:
    pointer("q", "q", codeType, {"K", "M"}, true);
    pointer("scale", "scale", "f32", {tiles, rowTiles}, true);
    result.outputs.push_back({"q", "scale", kCtaRows, kCtaCols, true});
    break;
  case QuantKernelKind::ColumnWiseTransposed:
  case QuantKernelKind::TileTranspose:
    break;
  }
  if (hasTransposedOutput(config.kind) &&
      config.kind != QuantKernelKind::BlockTransposed) {
    // The K-major results are the op's q and scale for a lone 128x1
    // quantize, q_t and scale_t next to another output pair.
    bool alone = config.kind == QuantKernelKind::ColumnWiseTransposed;
    StringRef q = alone ? "q" : "q_t", scale = alone ? "scale" : "scale_t";
    pointer(q, q, codeType, {"K", "M"}, true);
    pointer(scale, scale, "f32", {"K", rowTiles}, true);
    result.outputs.push_back({q.str(), scale.str(), kCtaRows, 1, true});
  }
  scalar("M", KernelArgKind::I64, "size");
  scalar("K", KernelArgKind::I64, "size");

  TileSchedule schedule = getTileSchedule(config);
  if (!schedule.staged)
    result.grid = {tiles, rowTiles, "1"};
  else if (schedule.tilesPerCta == 1)
    result.grid = {llvm::formatv("{0}*{1}", rowTiles, tiles).str(), "1", "1"};
  else
    result.grid = {llvm::formatv("ceil({0}/{1})*{2}", rowTiles,
                                 schedule.tilesPerCta, tiles)
                       .str(),
                   "1", "1"};
  result.block = {kCtaThreads, 1, 1};
  result.cluster = {1, 1, 1};
  result.dynamicSharedMemoryBytes = config.getDynamicSharedMemoryBytes();
  std::string rowBytes =
      config.getSourceBytes() == 1
          ? std::string("K")
          : llvm::formatv("K*{0}", config.getSourceBytes()).str();
  result.requirements = {
      "M >= 1", "K >= 1",
      llvm::formatv("{0} % {1} == 0", rowBytes, kVectorBytes).str()};
  if (!schedule.staged)
    result.requirements.push_back(
        llvm::formatv("{0} <= {1}", rowTiles, kMaxGridY).str());
  return result;
}

//===----------------------------------------------------------------------===//
// QuantKernelEmitter
//===----------------------------------------------------------------------===//

namespace {

/// One 16-element strip of a source row held by the current thread.
struct Strip {
  /// Row inside the CTA tile (i32) and in the source (i64).
  Value localRow;
  Value row;
  /// row < M.
  Value rowValid;
  /// The strip's source data as 32-bit words, zero where out of bounds.
  SmallVector<Value, 16> words;
};

/// The scale of a tile and its IEEE reciprocal.
struct TileScale {
  Value scale;
  Value reciprocal;
};

/// Emits the body of one quantization kernel, top to bottom.
///
/// Numerics (docs/Numerics.md), all exact:
/// * amax is an unsigned max over "magnitude keys", the source bits with the
///   sign cleared. For non-negative IEEE values integer order is value order,
///   and every NaN key exceeds the +Inf key, so the max is NaN-propagating
///   without a NaN test; bf16/f16 keys are compared two at a time
///   (`max.u16x2`).
/// * `amax = max(amax, eps)` uses arith.maximumf (`max.NaN.f32`), `s =
///   amax / 448` and `1 / s` are arith.divf (`div.rn.f32`, `rcp.rn.f32`:
///   IEEE round-to-nearest; the target has neither `fast` nor `ftz`), pow2
///   scales round s up to a power of two on its bits.
/// * codes are `cvt.rn.satfinite.e4m3x2.f32` of `x * (1/s)` (`mul.rn.f32`).
class QuantKernelEmitter {
public:
  QuantKernelEmitter(OpBuilder &builder, Location loc,
                     const QuantKernelConfig &config, gpu::GPUFuncOp func)
      : b(loc, builder), config(config), func(func),
        layout(getSharedLayout(config)), schedule(getTileSchedule(config)) {}

  void emit();

private:
  //===--------------------------------------------------------------------===//
  // Small building blocks
  //===--------------------------------------------------------------------===//

  /// min(max(value, 0), bound) for i64 values.
  Value clamp(Value value, int64_t bound) {
    Value upper = b.mins(value, b.i64(bound));
    return b.maxs(upper, b.i64(0));
  }
  bool isHalfSource() const {
    return config.source == SourceElement::BF16 ||
           config.source == SourceElement::F16;
  }
  int64_t sourceBytes() const { return config.getSourceBytes(); }

  /// Shared memory: the address of word `index` (i32) of fp8q_smem.
  Value sharedWord(Value index) {
    return b.address(sharedBase, b.getI32Type(), index);
  }
  Value sharedWord(Value index, int64_t offset) {
    return sharedWord(b.add(index, b.i32(offset)));
  }
  Value loadShared(Type type, Value address) {
    return b.load(type, address, kWordBytes);
  }
  void storeShared(Value value, Value address) {
    b.store(value, address, kWordBytes);
  }
  /// The element index of scale (row, col) in a scale array of `cols`
  /// columns and `rows` rows: row * cols + col, or col * rows + row for
  /// mn_major scales (the transposed array, whose consecutive rows a warp
  /// writes with one coalesced store).
  Value scaleIndex(Value row, Value cols, Value col, Value rows) {
    if (config.scaleLayout == ScaleLayout::mn_major)
      return b.add(b.mul(col, rows),
                                   row);
    return b.add(b.mul(row, cols), col);
  }
  void storeScale(Value base, Value index, Value scale) {
    Value offset = b.mul(index, b.i64(kWordBytes));
    LLVM::StoreOp::create(b, scale, b.byteAddress(base, offset), kWordBytes);
  }

  //===--------------------------------------------------------------------===//
  // Step 1: coordinates
  //===--------------------------------------------------------------------===//

  void emitPrologue();

  //===--------------------------------------------------------------------===//
  // Step 2: global loads
  //===--------------------------------------------------------------------===//

  /// The rows of strip `index` of the thread (rows rowInGroup + 32 *
  /// index), without data.
  Strip stripRows(int64_t index);
  Strip loadStrip(int64_t index);

  //===--------------------------------------------------------------------===//
  // Numerics of keys, values, scales and codes
  //===--------------------------------------------------------------------===//

  Value maxKeys(Value lhs, Value rhs, bool packed);
  Value columnKeyOfWord(Value word);
  SmallVector<Value, 16> columnKeys(const Strip &strip);
  Value stripKey(const Strip &strip);
  Value keyToF32(Value key);
  Value warpMax(Value key, ArrayRef<int32_t> offsets, bool packed);
  Value warpMaxF32(Value value, ArrayRef<int32_t> offsets);
  Value roundUpToPowerOfTwo(Value scale);
  TileScale computeScale(Value amax, Value eps);
  SmallVector<Value, 4> wordValues(Value word, Value rowScale);
  SmallVector<Value, 16> stripValues(const Strip &strip);
  SmallVector<Value, 4> encodeCodes(ArrayRef<Value> values, Value reciprocal);
  void storeCodes(Value base, Value byteOffset, ArrayRef<Value> codes,
                  Value validCount, Value aligned);

  //===--------------------------------------------------------------------===//
  // Step 3: the outputs
  //===--------------------------------------------------------------------===//

  void emitRowWiseOutput(ArrayRef<Strip> strips);
  void emitBlockOutput(ArrayRef<Strip> strips);

  //===--------------------------------------------------------------------===//
  // Staged kernels: the tile loop, cp.async staging, the outputs from the
  // staged tile
  //===--------------------------------------------------------------------===//

  void setTile(Value rowTile, Value colTile);
  Value storedChunk(Value row, Value chunk);
  Value stageChunkWord(Value stageBase, Value row, Value chunk);
  void emitTileCopy(Value rowTile, Value colTile, Value stage);
  void emitStagedLoop();
  Strip loadStagedStrip(Value stageBase, int64_t index);
  /// The lane's part of one transposed-write task.
  struct ColumnTask {
    /// The stage-row word the lane reads (i32, unswizzled) and where it is
    /// stored in the rows the lane reads.
    Value word, storedWord;
  };
  ColumnTask columnTask(int64_t task, Value firstRow, Value wordInChunk);
  SmallVector<Value, kTaskRows>
  loadColumnWords(Value stageBase, const ColumnTask &task, Value firstRow);
  TileScale emitStagedBlockScale(Value stageBase, Value firstRow,
                                 Value wordInChunk);
  void emitTransposedOutput(Value stageBase, Value rowScaleBase);

  KernelBuilder b;
  const QuantKernelConfig &config;
  gpu::GPUFuncOp func;
  SharedLayout layout;
  TileSchedule schedule;

  // Arguments (global address space) and sizes.
  Value source, sourceScale, rowCodes, rowScales, colCodes, colScales;
  Value sizeM, sizeK, eps;
  // Coordinates.
  Value tid, lane, warp, stripInRow, rowInGroup;
  Value blockCol, blockRow, m0, k0, colTiles, rowTiles;
  Value stripCol, stripValidCols;
  Value sharedBase;
};

void QuantKernelEmitter::emitPrologue() {
  // Arguments, in the order of getKernelInterface.
  auto globalPointer = [&](Value arg) -> Value {
    return LLVM::AddrSpaceCastOp::create(
        b, LLVM::LLVMPointerType::get(b.getContext(), kGlobalAddressSpace),
        arg);
  };
  unsigned next = 0;
  source = globalPointer(func.getArgument(next++));
  if (config.kind == QuantKernelKind::TileTranspose)
    sourceScale = globalPointer(func.getArgument(next++));
  if (hasRowWiseOutput(config.kind) || config.kind == QuantKernelKind::Block) {
    rowCodes = globalPointer(func.getArgument(next++));
    rowScales = globalPointer(func.getArgument(next++));
  }
  if (hasTransposedOutput(config.kind)) {
    colCodes = globalPointer(func.getArgument(next++));
    colScales = globalPointer(func.getArgument(next++));
  }
  sizeM = func.getArgument(next++);
  sizeK = func.getArgument(next++);
  eps = b.f32(config.eps);

  // Thread coordinates (i32) and the CTA's tile origin (i64).
  tid = b.toI32(gpu::ThreadIdOp::create(b, gpu::Dimension::x));
  lane = b.bitAnd(tid, b.i32(kWarpSize - 1));
  warp = b.shru(tid, b.i32(llvm::Log2_64(kWarpSize)));
  stripInRow = b.bitAnd(tid, b.i32(kStripsPerRow - 1));
  rowInGroup =
      b.shru(tid, b.i32(llvm::Log2_64(kStripsPerRow)));
  auto tileCount = [&](Value extent, int64_t tile) -> Value {
    Value bumped = b.add(extent, b.i64(tile - 1));
    return b.shru(bumped, b.i64(llvm::Log2_64(tile)));
  };
  colTiles = tileCount(sizeK, kCtaCols);
  rowTiles = tileCount(sizeM, kCtaRows);
  if (!schedule.staged) {
    blockCol = b.toI64(gpu::BlockIdOp::create(b, gpu::Dimension::x));
    blockRow = b.toI64(gpu::BlockIdOp::create(b, gpu::Dimension::y));
    setTile(blockRow, blockCol);
  }

  if (layout.words > 0)
    sharedBase = LLVM::AddressOfOp::create(
        b, LLVM::LLVMPointerType::get(b.getContext(), kSharedAddressSpace),
        kSharedMemoryName);
}

Strip QuantKernelEmitter::stripRows(int64_t index) {
  Strip strip;
  int64_t rowsPerPass = kCtaThreads / kStripsPerRow;
  strip.localRow =
      b.add(rowInGroup, b.i32(index * rowsPerPass));
  strip.row = b.add(m0, b.toI64(strip.localRow));
  strip.rowValid =
      b.cmp(arith::CmpIPredicate::slt, strip.row, sizeM);
  return strip;
}

/// Loads strip `index` (rows rowInGroup + 32 * index) with 16-byte loads.
/// NOTE: the row stride is a multiple of 16 bytes (a launch requirement), so
/// a 16-byte chunk is either entirely inside the row or entirely past K;
/// chunks past K or rows past M read as zeros, which change no maximum.
Strip QuantKernelEmitter::loadStrip(int64_t index) {
  Strip strip = stripRows(index);

  int64_t bytes = sourceBytes();
  int64_t chunkElements = kVectorBytes / bytes;
  int64_t chunks = kStripElements * bytes / kVectorBytes;
  Value rowStart = b.mul(strip.row, sizeK);
  Value first = b.add(rowStart, stripCol);
  auto vectorType =
      VectorType::get({kVectorBytes / kWordBytes}, b.getI32Type());
  Value zeros = arith::ConstantOp::create(
      b, vectorType,
      DenseElementsAttr::get(vectorType, b.getI32IntegerAttr(0)));
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    Value inRow =
        b.cmp(arith::CmpIPredicate::sgt, stripValidCols,
                              b.i64(chunk * chunkElements));
    Value valid = b.bitAnd(strip.rowValid, inRow);
    Value element =
        b.add(first, b.i64(chunk * chunkElements));
    Value offset = b.mul(element, b.i64(bytes));
    Value data = b.ifThenElse(
        valid, vectorType,
        [&] {
          return LLVM::LoadOp::create(b, vectorType,
                                      b.byteAddress(source, offset),
                                      kVectorBytes, /*isVolatile=*/false,
                                      /*isNonTemporal=*/false,
                                      /*isInvariant=*/true);
        },
        zeros);
    for (int64_t word = 0; word < kVectorBytes / kWordBytes; ++word)
      strip.words.push_back(vector::ExtractOp::create(b, data, word));
  }
  return strip;
}

/// Elementwise max of two key words: two packed 16-bit keys (`max.u16x2`)
/// or one 32-bit key.
Value QuantKernelEmitter::maxKeys(Value lhs, Value rhs, bool packed) {
  if (!packed)
    return b.maxu(lhs, rhs);
  auto pairType = VectorType::get({2}, b.getI16Type());
  Value lhsPair = LLVM::BitcastOp::create(b, pairType, lhs);
  Value rhsPair = LLVM::BitcastOp::create(b, pairType, rhs);
  Value maxPair = b.maxu(lhsPair, rhsPair);
  return LLVM::BitcastOp::create(b, b.getI32Type(), maxPair);
}

/// The magnitude key(s) of one source word: the bits with the sign cleared.
Value QuantKernelEmitter::columnKeyOfWord(Value word) {
  int64_t mask = isHalfSource() ? kHalfPairAbsMask : f32bits::kAbsMask;
  return b.bitAnd(word, b.i32(mask));
}

/// The keys of a strip's 16 columns (bf16/f16/f32 strips of the 1x128 and
/// 128x128 outputs): 8 packed words for bf16/f16 sources, 16 words for f32.
SmallVector<Value, 16> QuantKernelEmitter::columnKeys(const Strip &strip) {
  SmallVector<Value, 16> keys;
  for (Value word : strip.words)
    keys.push_back(columnKeyOfWord(word));
  return keys;
}

/// The max key over a whole strip, as one unpacked 32-bit key.
Value QuantKernelEmitter::stripKey(const Strip &strip) {
  SmallVector<Value, 16> keys = columnKeys(strip);
  bool packed = isHalfSource();
  Value key = keys.front();
  for (Value next : ArrayRef<Value>(keys).drop_front())
    key = maxKeys(key, next, packed);
  if (!packed)
    return key;
  Value low = b.bitAnd(key, b.i32(kHalfMask));
  Value high = b.shru(key, b.i32(kHalfBits));
  return b.maxu(low, high);
}

/// The f32 value of an unpacked magnitude key.
Value QuantKernelEmitter::keyToF32(Value key) {
  switch (config.source) {
  case SourceElement::BF16: {
    Value bits = b.shl(key, b.i32(kHalfBits));
    return b.bitcast(b.getF32Type(), bits);
  }
  case SourceElement::F16: {
    Value bits = b.trunc(b.getI16Type(), key);
    Value half = b.bitcast(b.getF16Type(), bits);
    return b.extf(b.getF32Type(), half);
  }
  case SourceElement::F32:
  case SourceElement::E4M3:
    return b.bitcast(b.getF32Type(), key);
  }
  return {};
}

/// Max of `key` over the lanes reached by xor-ing the lane id with
/// `offsets`. Every lane of the warp must execute it.
Value QuantKernelEmitter::warpMax(Value key, ArrayRef<int32_t> offsets,
                                  bool packed) {
  for (int32_t offset : offsets) {
    Value other =
        gpu::ShuffleOp::create(b, key, offset, kWarpSize, gpu::ShuffleMode::XOR)
            .getShuffleResult();
    key = maxKeys(key, other, packed);
  }
  return key;
}

/// NaN-propagating max (arith.maximumf) of an f32 `value` over the lanes
/// reached by xor-ing the lane id with `offsets`.
Value QuantKernelEmitter::warpMaxF32(Value value, ArrayRef<int32_t> offsets) {
  for (int32_t offset : offsets) {
    Value other = gpu::ShuffleOp::create(b, value, offset, kWarpSize,
                                         gpu::ShuffleMode::XOR)
                      .getShuffleResult();
    value = b.maximumf(value, other);
  }
  return value;
}

/// `2^ceil(log2(s))` on the bits of a scale s >= 0, exactly
/// (docs/Numerics.md): zero, powers of two, +Inf and NaN are kept; a normal
/// s becomes 2^(exponent + 1) (+Inf past the largest exponent); a subnormal
/// s = f * 2^-149 becomes 2^bitlength(f - 1) * 2^-149, which is f itself
/// for a power of two and at most 2^-126, the smallest normal.
Value QuantKernelEmitter::roundUpToPowerOfTwo(Value scale) {
  Value bits = b.bitcast(b.getI32Type(), scale);
  Value fraction =
      b.bitAnd(bits, b.i32(f32bits::kFractionMask));
  Value exponent = b.bitAnd(b.shru(bits, b.i32(f32bits::kFractionBits)),
      b.i32(f32bits::kExponentMask));
  Value sign = b.bitAnd(bits, b.i32(f32bits::kSignMask));
  auto equals = [&](Value lhs, int64_t rhs) -> Value {
    return b.cmp(arith::CmpIPredicate::eq, lhs,
                                 b.i32(rhs));
  };
  Value keep = b.bitOr(equals(fraction, 0),
                                    equals(exponent, f32bits::kExponentMask));
  Value exponentUp =
      b.shl(b.add(exponent, b.i32(1)),
                            b.i32(f32bits::kFractionBits));
  Value normal = b.bitOr(sign, exponentUp);
  Value fractionMinusOne = b.sub(fraction, b.i32(1));
  Value leadingZeros = LLVM::CountLeadingZerosOp::create(
      b, b.getI32Type(), fractionMinusOne, b.getIntegerAttr(b.getI1Type(), 0));
  Value bitLength =
      b.sub(b.i32(f32bits::kBits), leadingZeros);
  Value subnormal = b.bitOr(sign, b.shl(b.i32(1), bitLength));
  Value rounded =
      b.select(equals(exponent, 0), subnormal, normal);
  Value result = b.select(keep, bits, rounded);
  return b.bitcast(b.getF32Type(), result);
}

/// Steps 1-3 of the numerics for one tile: `amax = max(amax, eps)`, the scale
/// `s` (fp32: amax / 448; pow2: rounded up to a power of two) and `1 / s`.
TileScale QuantKernelEmitter::computeScale(Value amax, Value tileEps) {
  Value floored = b.maximumf(amax, tileEps);
  Value scale = b.divf(floored, b.f32(kE4M3Max));
  if (config.scaleMode == ScaleMode::pow2)
    scale = roundUpToPowerOfTwo(scale);
  Value reciprocal = b.divf(b.f32(1.0f), scale);
  return {scale, reciprocal};
}

/// The elements of one 32-bit source word as f32, in memory order (exact
/// widening; E4M3 codes are dequantized with `rowScale`: f32(q) * s).
SmallVector<Value, 4> QuantKernelEmitter::wordValues(Value word,
                                                     Value rowScale) {
  Type f32 = b.getF32Type();
  switch (config.source) {
  case SourceElement::F32:
    return {b.bitcast(f32, word)};
  case SourceElement::BF16: {
    // A bf16 is the high half of the f32 with the same value.
    Value low = b.shl(word, b.i32(kHalfBits));
    Value high = b.bitAnd(word, b.i32(kHighHalfMask));
    return {b.bitcast(f32, low),
            b.bitcast(f32, high)};
  }
  case SourceElement::F16: {
    SmallVector<Value, 4> values;
    for (int64_t part = 0; part < 2; ++part) {
      Value shifted =
          b.shru(word, b.i32(part * kHalfBits));
      Value bits = b.trunc(b.getI16Type(), shifted);
      Value half = b.bitcast(b.getF16Type(), bits);
      values.push_back(b.extf(f32, half));
    }
    return values;
  }
  case SourceElement::E4M3: {
    // cvt.rn.f16x2.e4m3x2 is exact; so is f16 -> f32.
    SmallVector<Value, 4> values;
    auto codePair = VectorType::get({2}, b.getI8Type());
    auto halfPair = VectorType::get({2}, b.getF16Type());
    for (int64_t pair = 0; pair < 2; ++pair) {
      Value shifted =
          b.shru(word, b.i32(pair * kHalfBits));
      Value bits = b.trunc(b.getI16Type(), shifted);
      Value codes = LLVM::BitcastOp::create(b, codePair, bits);
      Value halves = NVVM::ConvertF8x2ToF16x2Op::create(
          b, halfPair, codes, /*relu=*/false, b.getType<Float8E4M3FNType>());
      for (int64_t i = 0; i < 2; ++i) {
        Value half = vector::ExtractOp::create(b, halves, i);
        Value value = b.extf(f32, half);
        values.push_back(b.mulf(value, rowScale));
      }
    }
    return values;
  }
  }
  return {};
}

SmallVector<Value, 16> QuantKernelEmitter::stripValues(const Strip &strip) {
  SmallVector<Value, 16> values;
  for (Value word : strip.words)
    llvm::append_range(values, wordValues(word, /*rowScale=*/Value()));
  return values;
}

/// Step 4: `cvt.rn.satfinite.e4m3x2.f32(x * rcp)` for 16 values, packed into
/// four 32-bit words in memory order.
/// NOTE: the convert op puts its first operand in the high byte, so the
/// element at the lower address goes second.
SmallVector<Value, 4> QuantKernelEmitter::encodeCodes(ArrayRef<Value> values,
                                                      Value reciprocal) {
  SmallVector<Value, 8> pairs;
  for (size_t i = 0; i < values.size(); i += 2) {
    Value low = b.mulf(values[i], reciprocal);
    Value high = b.mulf(values[i + 1], reciprocal);
    Value pair = NVVM::ConvertF32x2ToF8x2Op::create(
        b, b.getI16Type(), high, low, NVVM::FPRoundingMode::RN,
        NVVM::SaturationMode::SATFINITE, /*relu=*/false,
        b.getType<Float8E4M3FNType>());
    pairs.push_back(b.zext(b.getI32Type(), pair));
  }
  SmallVector<Value, 4> words;
  for (size_t i = 0; i < pairs.size(); i += 2) {
    Value high = b.shl(pairs[i + 1], b.i32(kHalfBits));
    words.push_back(b.bitOr(pairs[i], high));
  }
  return words;
}

/// Stores 16 codes at `base + byteOffset`: one 16-byte store when `aligned`
/// and all 16 are valid (the common case), else byte stores of the first
/// `validCount` (tails, rows whose stride is not a multiple of 16 bytes).
void QuantKernelEmitter::storeCodes(Value base, Value byteOffset,
                                    ArrayRef<Value> codes, Value validCount,
                                    Value aligned) {
  Value full = b.cmp(arith::CmpIPredicate::eq, validCount,
                                     b.i64(kStripElements));
  Value fast = b.bitAnd(aligned, full);
  auto ifOp = scf::IfOp::create(b, fast, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  auto vectorType =
      VectorType::get({kVectorBytes / kWordBytes}, b.getI32Type());
  Value vector = vector::FromElementsOp::create(b, vectorType, codes);
  LLVM::StoreOp::create(b, vector, b.byteAddress(base, byteOffset),
                        kVectorBytes);
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  for (int64_t byte = 0; byte < kStripElements; ++byte) {
    Value present = b.cmp(arith::CmpIPredicate::sgt,
                                          validCount, b.i64(byte));
    b.ifThen(present, [&] {
      Value word = codes[byte / kWordBytes];
      Value shifted =
          b.shru(word, b.i32(8 * (byte % kWordBytes)));
      Value code = b.trunc(b.getI8Type(), shifted);
      Value offset = b.add(byteOffset, b.i64(byte));
      LLVM::StoreOp::create(b, code, b.byteAddress(base, offset), 1);
    });
  }
}

/// 1x128 tiles: each row tile lives in 8 consecutive lanes; three xor
/// shuffles give every lane the tile amax, the codes are written from
/// registers and the first lane of the tile writes its scale.
void QuantKernelEmitter::emitRowWiseOutput(ArrayRef<Strip> strips) {
  Value aligned = b.cmp(arith::CmpIPredicate::eq,
      b.bitAnd(sizeK, b.i64(kVectorBytes - 1)), b.i64(0));
  Value firstStrip = b.cmp(arith::CmpIPredicate::eq,
                                           stripInRow, b.i32(0));
  for (const Strip &strip : strips) {
    Value key = warpMax(stripKey(strip), kRowTileShuffles, /*packed=*/false);
    TileScale tile = computeScale(keyToF32(key), eps);
    SmallVector<Value, 4> codes =
        encodeCodes(stripValues(strip), tile.reciprocal);
    Value offset = b.add(b.mul(strip.row, sizeK), stripCol);
    b.ifThen(strip.rowValid, [&] {
      storeCodes(rowCodes, offset, codes, stripValidCols, aligned);
      b.ifThen(firstStrip, [&] {
        storeScale(rowScales, scaleIndex(strip.row, colTiles, blockCol, sizeM),
                   tile.scale);
      });
    });
  }
}

/// 128x128 blocks: the thread's max over its 4 strips, a full-warp
/// xor-shuffle reduction, then the 8 warp maxima through shared memory.
void QuantKernelEmitter::emitBlockOutput(ArrayRef<Strip> strips) {
  Value key = stripKey(strips.front());
  for (const Strip &strip : strips.drop_front())
    key = b.maxu(key, stripKey(strip));
  key = warpMax(key, kWarpShuffles, /*packed=*/false);
  Value firstLane =
      b.cmp(arith::CmpIPredicate::eq, lane, b.i32(0));
  b.ifThen(firstLane,
         [&] { storeShared(key, sharedWord(warp, layout.partial)); });
  gpu::BarrierOp::create(b);
  Value blockKey =
      loadShared(b.getI32Type(), sharedWord(b.i32(layout.partial)));
  for (int64_t w = 1; w < kCtaWarps; ++w)
    blockKey = b.maxu(blockKey,
        loadShared(b.getI32Type(), sharedWord(b.i32(layout.partial + w))));
  TileScale tile = computeScale(keyToF32(blockKey), eps);

  Value aligned = b.cmp(arith::CmpIPredicate::eq,
      b.bitAnd(sizeK, b.i64(kVectorBytes - 1)), b.i64(0));
  for (const Strip &strip : strips) {
    SmallVector<Value, 4> codes =
        encodeCodes(stripValues(strip), tile.reciprocal);
    Value offset = b.add(b.mul(strip.row, sizeK), stripCol);
    b.ifThen(strip.rowValid, [&] {
      storeCodes(rowCodes, offset, codes, stripValidCols, aligned);
    });
  }
  Value firstThread =
      b.cmp(arith::CmpIPredicate::eq, tid, b.i32(0));
  b.ifThen(firstThread, [&] {
    storeScale(rowScales, scaleIndex(blockRow, colTiles, blockCol, rowTiles),
               tile.scale);
  });
}

/// Sets the tile the CTA works on (row and column tile indices, i64) and
/// derives its origin and the thread's strip column.
void QuantKernelEmitter::setTile(Value rowTile, Value colTile) {
  blockRow = rowTile;
  blockCol = colTile;
  m0 = b.mul(blockRow, b.i64(kCtaRows));
  k0 = b.mul(blockCol, b.i64(kCtaCols));
  Value stripOffset =
      b.mul(b.toI64(stripInRow), b.i64(kStripElements));
  stripCol = b.add(k0, stripOffset);
  stripValidCols =
      clamp(b.sub(sizeK, stripCol), kStripElements);
}

/// Where 16-byte chunk `chunk` of stage row `row` (i32) is stored in the row:
///
///   chunk ^ ((chunk >> 3) & (chunksPerStrip - 1)) ^ ((row >> 4) & 7)
///
/// Stage rows are dense (`cp.async` needs 16-byte aligned destinations), so
/// the XOR swizzle keeps the three access patterns free of bank conflicts.
/// NOTE: a warp's 16-byte accesses are served 8 lanes at a time, which must
/// hit 8 distinct chunk positions modulo 8 (kBankChunks); 4-byte accesses
/// need 32 distinct banks:
///
///   cp.async      8 lanes: chunks 8a..8a+7 of one row; both XORs permute them
///   row strips    8 lanes: chunk j of the 8 strips s of one row, s * cps + j
///   (1x128 path)  (cps = chunks per strip); the (chunk >> 3) term moves the
///                 strips that share a position to the free ones (bf16, j=0):
///                   strip s   0  1  2  3  4  5  6  7
///                   chunk     0  2  4  6  8 10 12 14
///                   stored    0  2  4  6  9 11 13 15   (mod 8: 0 2 4 6 1 3 5
///                   7)
///   transposed    lane l: word l / 8 of chunk c in row 16 (l % 8) + r; the
///   read          (row >> 4) term gives the 8 row groups 8 chunk positions:
///                   row group  0: | c |   |   | ...     banks 4 (c ^ 0) + 0..3
///                   row group  1: |   | c |   | ...     banks 4 (c ^ 1) + 0..3
///                   ...                                  (32 distinct banks)
Value QuantKernelEmitter::storedChunk(Value row, Value chunk) {
  int64_t chunksPerStrip = kStripElements * sourceBytes() / kVectorBytes;
  Value stripTerm = b.bitAnd(b.shru(chunk, b.i32(llvm::Log2_64(kBankChunks))),
      b.i32(chunksPerStrip - 1));
  Value rowTerm = b.bitAnd(b.shru(row, b.i32(llvm::Log2_64(kTaskRows))),
      b.i32(kTaskRowGroups - 1));
  return b.bitXor(b.bitXor(chunk, stripTerm),
                               rowTerm);
}

/// The shared word index of chunk `chunk` of stage row `row` (i32).
Value QuantKernelEmitter::stageChunkWord(Value stageBase, Value row,
                                         Value chunk) {
  Value rowWord =
      b.mul(row, b.i32(getStageRowWords(config)));
  return b.add(b.add(stageBase, rowWord),
      b.mul(storedChunk(row, chunk), b.i32(kChunkWords)));
}

/// Step 2 of the staged kernels: every thread issues `cp.async.cg` copies of
/// 16 bytes (its chunks tid + 256 j of the tile, row-major, so a warp copies
/// 512 contiguous source bytes) into stage buffer `stage` (i32); chunks past
/// K and rows past M are zero-filled (source size 0), which changes no
/// maximum. tile_transpose also copies the tile's 128 input row scales
/// (4-byte `cp.async.ca`). The caller commits the group.
void QuantKernelEmitter::emitTileCopy(Value rowTile, Value colTile,
                                      Value stage) {
  Value rowOrigin = b.mul(rowTile, b.i64(kCtaRows));
  Value colOrigin = b.mul(colTile, b.i64(kCtaCols));
  Value stageBase =
      b.mul(stage, b.i32(layout.stageWords));

  int64_t bytes = sourceBytes();
  int64_t chunksPerRow = kCtaCols * bytes / kVectorBytes;
  int64_t chunkElements = kVectorBytes / bytes;
  int64_t copiesPerThread = kCtaRows * chunksPerRow / kCtaThreads;
  for (int64_t copy = 0; copy < copiesPerThread; ++copy) {
    Value index = b.add(tid, b.i32(copy * kCtaThreads));
    Value row =
        b.shru(index, b.i32(llvm::Log2_64(chunksPerRow)));
    Value chunk = b.bitAnd(index, b.i32(chunksPerRow - 1));
    Value sourceRow = b.add(rowOrigin, b.toI64(row));
    Value sourceCol = b.add(colOrigin,
        b.mul(b.toI64(chunk), b.i64(chunkElements)));
    Value valid = b.bitAnd(b.cmp(arith::CmpIPredicate::slt, sourceRow, sizeM),
        b.cmp(arith::CmpIPredicate::slt, sourceCol, sizeK));
    Value element = b.add(b.mul(sourceRow, sizeK), sourceCol);
    Value offset = b.mul(element, b.i64(bytes));
    Value from = b.select(valid,
                                         b.byteAddress(source, offset), source);
    Value size =
        b.select(valid, b.i32(kVectorBytes), b.i32(0));
    NVVM::CpAsyncOp::create(
        b, sharedWord(stageChunkWord(stageBase, row, chunk)), from,
        kVectorBytes, NVVM::LoadCacheModifierKind::CG, size);
  }

  if (config.kind != QuantKernelKind::TileTranspose)
    return;
  Value scaleThread = b.cmp(arith::CmpIPredicate::ult, tid,
                                            b.i32(kCtaRows));
  b.ifThen(scaleThread, [&] {
    Value sourceRow = b.add(rowOrigin, b.toI64(tid));
    Value valid =
        b.cmp(arith::CmpIPredicate::slt, sourceRow, sizeM);
    Value index = b.add(b.mul(sourceRow, colTiles), colTile);
    Value offset = b.mul(index, b.i64(kWordBytes));
    Value from = b.select(valid, b.byteAddress(sourceScale, offset), sourceScale);
    Value size =
        b.select(valid, b.i32(kWordBytes), b.i32(0));
    Value slot = b.add(b.mul(stage, b.i32(kCtaRows)), tid);
    NVVM::CpAsyncOp::create(b, sharedWord(slot, layout.rowScale), from,
                            kWordBytes, NVVM::LoadCacheModifierKind::CA, size);
  });
}

/// The tile loop of the staged kernels (docs/GPU.md, "Schedules"). CTA c
/// takes column tile c % cdiv(K,128) and row tiles r0 .. r0 + n - 1, r0 =
/// (c / cdiv(K,128)) * T, n = min(T, cdiv(M,128) - r0); with S stages and
/// D = S - 1 copies ahead:
///
///   copy tiles 0..D-1 into stages 0..D-1, one commit group each
///   for i = 0 .. n-1:
///     cp.async.wait_group D-1   -- this thread's copies of tile i landed
///     barrier                   -- everyone's did; everyone left tile i-1
///     copy tile i+D into stage (i+D) % S    (commit, maybe an empty group)
///     outputs of tile i from stage i % S    (1x128 and/or transposed)
///
/// Stage (i+D) % S = (i-1) % S is the one tile i-1 used, which the barrier
/// has released. With one stage (D = 0) each iteration is: barrier (only
/// with T > 1), copy tile i, wait, barrier, outputs. With a column group G
/// (TileSchedule::columnGroup) the raster is: CTA c in group g = c / (G * R)
/// (R = cdiv(cdiv(M,128), T) row chunks, the last group w = min(G, ...)
/// wide) takes column tile g G + l % w and row chunk l / w, l = c - g G R.
void QuantKernelEmitter::emitStagedLoop() {
  Value cta = b.toI64(b.indexCastU(b.getI32Type(), gpu::BlockIdOp::create(b, gpu::Dimension::x)));
  Value colTile = b.remu(cta, colTiles);
  Value rowChunk = b.divu(cta, colTiles);
  if (schedule.columnGroup != 0) {
    // Groups of G column tiles (the last one narrower), each walked row
    // chunk by row chunk.
    int64_t group = schedule.columnGroup;
    Value rowChunks = rowTiles;
    if (schedule.tilesPerCta > 1)
      rowChunks = b.divu(b.add(rowTiles,
                                b.i64(schedule.tilesPerCta - 1)),
          b.i64(schedule.tilesPerCta));
    Value groupCtas = b.mul(rowChunks, b.i64(group));
    Value groupIndex = b.divu(cta, groupCtas);
    Value local = b.sub(cta, b.mul(groupIndex, groupCtas));
    Value firstCol = b.mul(groupIndex, b.i64(group));
    Value width = b.minu(b.i64(group), b.sub(colTiles, firstCol));
    Value groupedCol = b.add(firstCol, b.remu(local, width));
    Value groupedRow = b.divu(local, width);
    Value grouped = b.cmp(arith::CmpIPredicate::uge, rowTiles,
        b.i64(schedule.columnGroupMinRowTiles));
    colTile = b.select(grouped, groupedCol, colTile);
    rowChunk = b.select(grouped, groupedRow, rowChunk);
  }
  Value firstRowTile =
      b.mul(rowChunk, b.i64(schedule.tilesPerCta));
  Value count =
      b.minu(b.i64(schedule.tilesPerCta),
                             b.sub(rowTiles, firstRowTile));
  int64_t ahead = schedule.stages - 1;
  auto copyTile = [&](Value i, Value stage) {
    emitTileCopy(b.add(firstRowTile, i), colTile, stage);
  };
  for (int64_t d = 0; d < ahead; ++d) {
    Value exists =
        b.cmp(arith::CmpIPredicate::ult, b.i64(d), count);
    b.ifThen(exists, [&] { copyTile(b.i64(d), b.i32(d)); });
    NVVM::CpAsyncCommitGroupOp::create(b);
  }

  auto loop = scf::ForOp::create(b, b.i64(0), count, b.i64(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value iteration = loop.getInductionVar();
  auto stageOf = [&](Value i) -> Value {
    Value narrow = b.trunc(b.getI32Type(), i);
    return b.remu(narrow, b.i32(schedule.stages));
  };
  if (ahead == 0) {
    // With one tile per CTA nothing used the stage before.
    if (schedule.tilesPerCta > 1)
      gpu::BarrierOp::create(b);
    copyTile(iteration, b.i32(0));
    NVVM::CpAsyncCommitGroupOp::create(b);
    NVVM::CpAsyncWaitGroupOp::create(b, 0);
    gpu::BarrierOp::create(b);
  } else {
    NVVM::CpAsyncWaitGroupOp::create(b, ahead - 1);
    gpu::BarrierOp::create(b);
    Value next = b.add(iteration, b.i64(ahead));
    Value nextExists =
        b.cmp(arith::CmpIPredicate::ult, next, count);
    b.ifThen(nextExists, [&] { copyTile(next, stageOf(next)); });
    NVVM::CpAsyncCommitGroupOp::create(b);
  }

  setTile(b.add(firstRowTile, iteration), colTile);
  Value stage = stageOf(iteration);
  Value stageBase =
      b.mul(stage, b.i32(layout.stageWords));
  if (hasRowWiseOutput(config.kind)) {
    for (int64_t i = 0; i < kStripsPerThread; ++i)
      emitRowWiseOutput({loadStagedStrip(stageBase, i)});
  }
  if (hasTransposedOutput(config.kind)) {
    Value rowScaleBase = b.add(b.mul(stage, b.i32(kCtaRows)),
        b.i32(layout.rowScale));
    emitTransposedOutput(stageBase, rowScaleBase);
  }
}

/// Strip `index` of the thread (rows rowInGroup + 32 * index, as in
/// loadStrip) from the staged tile: one 16-byte shared load per chunk.
Strip QuantKernelEmitter::loadStagedStrip(Value stageBase, int64_t index) {
  Strip strip = stripRows(index);
  int64_t chunksPerStrip = kStripElements * sourceBytes() / kVectorBytes;
  auto vectorType = VectorType::get({kChunkWords}, b.getI32Type());
  for (int64_t j = 0; j < chunksPerStrip; ++j) {
    Value chunk = b.add(b.mul(stripInRow, b.i32(chunksPerStrip)),
        b.i32(j));
    Value word = stageChunkWord(stageBase, strip.localRow, chunk);
    Value data =
        LLVM::LoadOp::create(b, vectorType, sharedWord(word), kVectorBytes);
    for (int64_t w = 0; w < kChunkWords; ++w)
      strip.words.push_back(vector::ExtractOp::create(b, data, w));
  }
  return strip;
}

/// The lane's part of transposed-write task `task` (see
/// emitTransposedOutput): chunk c = warp + 8 task of the stage rows, the
/// word of the row it reads (word l / 8 of the chunk) and where that word is
/// stored in its 16 rows. All 16 rows of a lane share (row >> 4) & 7 =
/// rowGroup, hence one stored position of the chunk.
QuantKernelEmitter::ColumnTask
QuantKernelEmitter::columnTask(int64_t task, Value firstRow,
                               Value wordInChunk) {
  ColumnTask result;
  Value chunk = b.add(warp, b.i32(task * kCtaWarps));
  result.word = b.add(b.mul(chunk, b.i32(kChunkWords)), wordInChunk);
  result.storedWord = b.add(b.mul(storedChunk(firstRow, chunk),
                            b.i32(kChunkWords)),
      wordInChunk);
  return result;
}

/// The 16 stage words of `task` the lane holds (rows firstRow .. +15).
SmallVector<Value, kTaskRows>
QuantKernelEmitter::loadColumnWords(Value stageBase, const ColumnTask &task,
                                    Value firstRow) {
  int64_t rowWords = getStageRowWords(config);
  SmallVector<Value, kTaskRows> words;
  for (int64_t r = 0; r < kTaskRows; ++r) {
    Value row = b.add(firstRow, b.i32(r));
    Value index = b.add(stageBase,
        b.add(b.mul(row, b.i32(rowWords)),
            task.storedWord));
    words.push_back(loadShared(b.getI32Type(), sharedWord(index)));
  }
  return words;
}

/// The scale of the staged 128x128 block (128x128-T kernel): every lane
/// folds the keys of all its task words (the 8 warps' tasks cover the whole
/// tile), then a full-warp xor-shuffle reduction and the 8 warp maxima
/// through shared memory, as in emitBlockOutput.
TileScale QuantKernelEmitter::emitStagedBlockScale(Value stageBase,
                                                   Value firstRow,
                                                   Value wordInChunk) {
  TransposeGeometry g = getTransposeGeometry(config);
  bool packed = isHalfSource();
  Value key;
  for (int64_t t = 0; t < g.tasksPerWarp; ++t) {
    ColumnTask task = columnTask(t, firstRow, wordInChunk);
    for (Value word : loadColumnWords(stageBase, task, firstRow)) {
      Value next = columnKeyOfWord(word);
      key = key ? maxKeys(key, next, packed) : next;
    }
  }
  key = warpMax(key, kWarpShuffles, packed);
  if (packed)
    key = b.maxu(b.bitAnd(key, b.i32(kHalfMask)),
        b.shru(key, b.i32(kHalfBits)));
  Value firstLane =
      b.cmp(arith::CmpIPredicate::eq, lane, b.i32(0));
  b.ifThen(firstLane,
         [&] { storeShared(key, sharedWord(warp, layout.partial)); });
  gpu::BarrierOp::create(b);
  Value blockKey =
      loadShared(b.getI32Type(), sharedWord(b.i32(layout.partial)));
  for (int64_t w = 1; w < kCtaWarps; ++w)
    blockKey = b.maxu(blockKey,
        loadShared(b.getI32Type(), sharedWord(b.i32(layout.partial + w))));
  // NOTE: with several tiles per CTA the next tile's maxima would overwrite
  // these before every warp read them; the schedule keeps one tile per CTA.
  assert(schedule.tilesPerCta == 1 && "one block per CTA (warp maxima reuse)");
  return computeScale(keyToF32(blockKey), eps);
}

/// 128x1 tiles (or one 128x128 block) and the K-major write, from the staged
/// tile. A warp task is one 16-byte chunk c of the stage rows (4 words =
/// 4-16 source columns) over all 128 rows; lane l reads word l / 8 of the
/// chunk in the 16 rows 16 (l % 8) .. +15 (16 shared loads), so the 8 lanes
/// of a word hold its whole 128-row columns:
///
///   stage rows   word 4c   4c+1   4c+2   4c+3
///     0 - 15   |  l0    |  l8   |  l16 |  l24 |   qT row k (a column of
///    16 - 31   |  l1    |  l9   |  l17 |  l25 |   word p) gets 128 codes:
///     ...                                         lanes 8q .. 8q+7 write
///   112 - 127  |  l7    |  l15  |  l23 |  l31 |   16 bytes each, one line
///
/// Column maxima (128x1): over the thread's 16 rows, then xor 1, 2, 4 (no
/// shared memory, no barrier). Each lane computes the scale and reciprocal
/// of its 1-4 columns; lanes 8q write the scales. The 128x128-T kernel uses
/// the block's one scale (emitStagedBlockScale) for every column, written by
/// thread 0. A store instruction writes, per column of the words, 4 rows of
/// qT x 128 contiguous bytes (whole lines).
void QuantKernelEmitter::emitTransposedOutput(Value stageBase,
                                              Value rowScaleBase) {
  TransposeGeometry g = getTransposeGeometry(config);
  bool packed = isHalfSource();
  bool dequantize = config.source == SourceElement::E4M3;
  int64_t keyWords = dequantize ? g.columnsPerWord : 1;

  Value rowGroup = b.bitAnd(lane, b.i32(kTaskRowGroups - 1));
  Value wordInChunk =
      b.shru(lane, b.i32(llvm::Log2_64(kTaskRowGroups)));
  Value firstRow = b.mul(rowGroup, b.i32(kTaskRows));
  Value outputColumn = b.add(m0, b.toI64(firstRow));
  Value validRows =
      clamp(b.sub(sizeM, outputColumn), kTaskRows);
  Value aligned = b.cmp(arith::CmpIPredicate::eq,
      b.bitAnd(sizeM, b.i64(kVectorBytes - 1)), b.i64(0));
  Value writer =
      b.cmp(arith::CmpIPredicate::eq, rowGroup, b.i32(0));
  std::optional<TileScale> blockScale;
  if (config.kind == QuantKernelKind::BlockTransposed)
    blockScale = emitStagedBlockScale(stageBase, firstRow, wordInChunk);
  SmallVector<Value, kTaskRows> rowScales;
  if (dequantize) {
    auto scaleVector = VectorType::get({kChunkWords}, b.getF32Type());
    Value first = b.add(rowScaleBase, firstRow);
    for (int64_t r = 0; r < kTaskRows; r += kChunkWords) {
      Value data = LLVM::LoadOp::create(b, scaleVector, sharedWord(first, r),
                                        kVectorBytes);
      for (int64_t i = 0; i < kChunkWords; ++i)
        rowScales.push_back(vector::ExtractOp::create(b, data, i));
    }
  }
  auto fold = [&](Value &key, Value next) {
    if (!key)
      key = next;
    else if (dequantize)
      key = b.maximumf(key, next);
    else
      key = maxKeys(key, next, packed);
  };

  for (int64_t t = 0; t < g.tasksPerWarp; ++t) {
    ColumnTask task = columnTask(t, firstRow, wordInChunk);
    SmallVector<Value, kTaskRows> words =
        loadColumnWords(stageBase, task, firstRow);
    auto outputRow = [&](int64_t c) -> Value {
      Value column = b.add(b.mul(task.word, b.i32(g.columnsPerWord)),
          b.i32(c));
      return b.add(k0, b.toI64(column));
    };

    // The 16 rows' values (E4M3 sources: dequantized with their row
    // scales) and the scales of the word's columns.
    SmallVector<SmallVector<Value, 4>, kTaskRows> rows;
    SmallVector<TileScale, 4> scales;
    if (blockScale) {
      scales.assign(g.columnsPerWord, *blockScale);
    } else {
      SmallVector<Value, 4> keys(keyWords);
      for (auto [r, data] : llvm::enumerate(words)) {
        if (!dequantize) {
          fold(keys[0], columnKeyOfWord(data));
          continue;
        }
        rows.push_back(wordValues(data, rowScales[r]));
        // |v| by clearing the sign bit (LLVM turns it into fabs; the GPU
        // lowering rejects llvm.intr.fabs itself).
        for (auto [c, value] : llvm::enumerate(rows.back())) {
          Value bits = b.bitcast(b.getI32Type(), value);
          fold(keys[c], b.bitcast(b.getF32Type(),
                                                 columnKeyOfWord(bits)));
        }
      }
      for (Value &key : keys)
        key = dequantize ? warpMaxF32(key, kRowTileShuffles)
                         : warpMax(key, kRowTileShuffles, packed);
      for (int64_t c = 0; c < g.columnsPerWord; ++c) {
        Value amax;
        if (dequantize)
          amax = keys[c];
        else if (packed)
          amax = keyToF32(
              c == 0 ? b.bitAnd(keys[0], b.i32(kHalfMask))
                     : b.shru(keys[0], b.i32(kHalfBits)));
        else
          amax = keyToF32(keys[0]);
        scales.push_back(computeScale(amax, eps));
      }
      // The first lane of each word stores its columns' scales.
      b.ifThen(writer, [&] {
        for (int64_t c = 0; c < g.columnsPerWord; ++c) {
          Value k = outputRow(c);
          Value inside =
              b.cmp(arith::CmpIPredicate::slt, k, sizeK);
          b.ifThen(inside, [&] {
            storeScale(colScales, scaleIndex(k, rowTiles, blockRow, sizeK),
                       scales[c].scale);
          });
        }
      });
    }

    // Codes: one 16-byte K-major strip per column.
    if (!dequantize)
      for (Value data : words)
        rows.push_back(wordValues(data, Value()));
    for (int64_t c = 0; c < g.columnsPerWord; ++c) {
      SmallVector<Value, kTaskRows> values;
      for (auto &row : rows)
        values.push_back(row[c]);
      SmallVector<Value, 4> codes = encodeCodes(values, scales[c].reciprocal);
      Value k = outputRow(c);
      Value inside =
          b.cmp(arith::CmpIPredicate::slt, k, sizeK);
      b.ifThen(inside, [&] {
        Value offset = b.add(b.mul(k, sizeM), outputColumn);
        storeCodes(colCodes, offset, codes, validRows, aligned);
      });
    }
  }

  if (blockScale) {
    // The block's scale: element (column tile, row tile) of the transposed
    // grid [cdiv(K,128), cdiv(M,128)].
    Value firstThread =
        b.cmp(arith::CmpIPredicate::eq, tid, b.i32(0));
    b.ifThen(firstThread, [&] {
      storeScale(colScales, scaleIndex(blockCol, rowTiles, blockRow, colTiles),
                 blockScale->scale);
    });
  }
}

void QuantKernelEmitter::emit() {
  LLVM_DEBUG(llvm::dbgs() << "building kernel " << config.getName()
                          << (schedule.staged ? " (staged)" : "") << "\n");
  emitPrologue();
  if (schedule.staged) {
    emitStagedLoop();
    gpu::ReturnOp::create(b);
    return;
  }
  SmallVector<Strip, kStripsPerThread> strips;
  for (int64_t i = 0; i < kStripsPerThread; ++i)
    strips.push_back(loadStrip(i));
  if (hasRowWiseOutput(config.kind))
    emitRowWiseOutput(strips);
  if (config.kind == QuantKernelKind::Block)
    emitBlockOutput(strips);
  gpu::ReturnOp::create(b);
}

} // namespace

//===----------------------------------------------------------------------===//
// buildQuantKernelModule
//===----------------------------------------------------------------------===//

gpu::GPUModuleOp hopper::buildQuantKernelModule(OpBuilder &builder,
                                                Location loc,
                                                const QuantKernelConfig &config,
                                                Attribute target) {
  std::string name = config.getName();
  auto module = gpu::GPUModuleOp::create(builder, loc, name,
                                         builder.getArrayAttr({target}));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());

  if (config.getDynamicSharedMemoryBytes() > 0) {
    // NOTE: an external, zero-sized shared array is PTX's dynamic shared
    // memory (`.extern .shared .align 16 .b8 fp8q_smem[]`).
    LLVM::GlobalOp::create(
        builder, loc, LLVM::LLVMArrayType::get(builder.getI8Type(), 0),
        /*isConstant=*/false, LLVM::Linkage::External, kSharedMemoryName,
        /*value=*/Attribute(), /*alignment=*/kVectorBytes, kSharedAddressSpace);
  }

  KernelInterface interface = getKernelInterface(config);
  MLIRContext *context = builder.getContext();
  SmallVector<Type, 9> argTypes;
  for (const KernelArg &arg : interface.args) {
    switch (arg.kind) {
    case KernelArgKind::Ptr:
    case KernelArgKind::TensorMap:
      argTypes.push_back(LLVM::LLVMPointerType::get(context));
      break;
    case KernelArgKind::I64:
      argTypes.push_back(builder.getI64Type());
      break;
    case KernelArgKind::F32:
      argTypes.push_back(builder.getF32Type());
      break;
    }
  }
  auto func = gpu::GPUFuncOp::create(builder, loc, name,
                                     builder.getFunctionType(argTypes, {}));
  TileSchedule schedule = getTileSchedule(config);
  if (schedule.ctasPerSm > 0) {
    // `.minnctapersm`: ptxas keeps the registers within the budget of
    // ctasPerSm resident CTAs (the stages are sized for that many).
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  builder.getI32IntegerAttr(schedule.ctasPerSm));
  }
  setKernelSignatureAttrs(func, interface);

  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(&func.getBody().front());
  QuantKernelEmitter(bodyBuilder, loc, config, func).emit();
  return module;
}

void hopper::setKernelSignatureAttrs(gpu::GPUFuncOp func,
                                     const KernelInterface &interface) {
  Builder builder(func.getContext());
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                builder.getUnitAttr());
  func.setKnownBlockSizeAttr(
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(interface.block[0]),
                                    static_cast<int32_t>(interface.block[1]),
                                    static_cast<int32_t>(interface.block[2])}));
  for (auto [i, arg] : llvm::enumerate(interface.args)) {
    if (arg.kind != KernelArgKind::Ptr)
      continue;
    func.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(),
                    builder.getUnitAttr());
    func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    builder.getI64IntegerAttr(arg.alignment));
    if (!arg.written)
      func.setArgAttr(i, LLVM::LLVMDialect::getReadonlyAttrName(),
                      builder.getUnitAttr());
  }
}
