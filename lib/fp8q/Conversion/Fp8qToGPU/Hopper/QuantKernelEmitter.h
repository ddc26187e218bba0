//===- QuantKernelEmitter.h - the quantize kernels' emitter ---------------===//
//
// Part of the fp8q project.
//
// Private to lib/fp8q/Conversion/Fp8qToGPU/Hopper: the constants and shared
// memory layout of the quantize kernels, and QuantKernelEmitter, which emits
// one kernel body. Its steps live by kernel family:
//
//   QuantKernelEmitter.cpp        coordinates, the numerics of keys, scales
//                                 and codes, and emit() (what every kernel
//                                 runs)
//   QuantizeRegisterKernels.cpp   1x128 and 128x128: strips in registers
//   QuantizeStagedKernels.cpp     128x1-T, 128x128-T, fused 1x128 + 128x1-T,
//                                 tile_transpose: cp.async-staged tiles and
//                                 the transposed write
//   QuantizeBlockTransposeKernel.cpp
//                                 block_transpose: a byte transpose of one
//                                 128x128 block through shared memory
//
// QuantizeKernels.cpp holds the public side (QuantizeKernels.h): configs,
// names, schedules, the launch interface and the module builder.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_LIB_CONVERSION_FP8QTOGPU_HOPPER_QUANTKERNELEMITTER_H
#define FP8Q_LIB_CONVERSION_FP8QTOGPU_HOPPER_QUANTKERNELEMITTER_H

#include "KernelBuilder.h"

#include "fp8q/Conversion/Fp8qToGPU/Hopper/QuantizeKernels.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::fp8q::hopper::quantkernel {

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

/// Warp-shuffle xor offsets. A 1x128 row tile spans lane bits 0-2, and so do
/// the 8 row groups of a 128x1 column in the transposed write.
constexpr int32_t kRowTileShuffles[] = {1, 2, 4};
constexpr int32_t kWarpShuffles[] = {16, 8, 4, 2, 1};

inline bool hasTransposedOutput(QuantKernelKind kind) {
  return kind == QuantKernelKind::ColumnWiseTransposed ||
         kind == QuantKernelKind::BlockTransposed ||
         kind == QuantKernelKind::Fused ||
         kind == QuantKernelKind::TileTranspose;
}

inline bool hasRowWiseOutput(QuantKernelKind kind) {
  return kind == QuantKernelKind::RowWise || kind == QuantKernelKind::Fused;
}

/// Words (4 bytes) of one staged CTA row: 128 source elements.
inline int64_t getStageRowWords(const QuantKernelConfig &config) {
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

inline TransposeGeometry getTransposeGeometry(const QuantKernelConfig &config) {
  TransposeGeometry g;
  g.rowWords = getStageRowWords(config);
  g.columnsPerWord = kWordBytes / config.getSourceBytes();
  g.tasksPerWarp = g.rowWords / kChunkWords / kCtaWarps;
  return g;
}

/// Shared-memory layout, in words of the dynamic shared memory; each region
/// is a typed `memref.view` of it (QuantKernelEmitter::emitPrologue). Block
/// kernel: [warp maxima: 8]. block_transpose: [the 128x128 code block: 128
/// rows x 32 words] (emitBlockTranspose). Staged kernels:
///
///   [stage 0: 128 rows x rowWords] ... [stage S-1]   swizzled source tiles
///                                                    (i32 view `stages`)
///   [row scales: S x 128]                            (tile_transpose; f32)
///   [warp maxima: 8]                                 (128x128-T; i32)
struct SharedLayout {
  int64_t stageWords = 0;
  int64_t partial = 0;
  int64_t rowScale = 0;
  int64_t words = 0;
};

SharedLayout getSharedLayout(const QuantKernelConfig &config);

//===----------------------------------------------------------------------===//
// QuantKernelEmitter
//===----------------------------------------------------------------------===//

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

  /// The element index of scale (row, col) in a scale array of `cols`
  /// columns and `rows` rows: row * cols + col, or col * rows + row for
  /// mn_major scales (the transposed array, whose consecutive rows a warp
  /// writes with one coalesced store).
  Value scaleIndex(Value row, Value cols, Value col, Value rows) {
    if (config.scaleLayout == ScaleLayout::mn_major)
      return b.add(b.mul(col, rows), row);
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
  /// The max over the CTA's 8 warps of `warpKey` (each warp's already
  /// reduced key): lane 0 of each warp stores it in the warp-maxima words
  /// (layout.partial), a CTA barrier, then every thread folds the 8 words.
  Value ctaMaxKey(Value warpKey);
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

  //===--------------------------------------------------------------------===//
  // block_transpose (QuantizeBlockTransposeKernel.cpp)
  //===--------------------------------------------------------------------===//

  /// The shared word of block row `row`, word `word` (both i32): rows of 32
  /// words, each rotated by row + row / 16 words.
  Value blockTileWord(Value row, Value word);
  void emitBlockTranspose();

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
  // Shared memory (memref views of the dynamic shared memory, SharedLayout):
  // the stage words (i32), tile_transpose's row scales (f32), the warp
  // maxima of the 128x128 kernels (i32).
  Value stages, rowScaleStages, warpMaxima;
};

} // namespace mlir::fp8q::hopper::quantkernel

#endif // FP8Q_LIB_CONVERSION_FP8QTOGPU_HOPPER_QUANTKERNELEMITTER_H
