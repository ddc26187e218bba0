//===- QuantizeStagedKernels.cpp - the staged (transposing) kernels -------===//
//
// Part of the fp8q project.
//
// The staged kernels (128x1 transposed, 128x128 transposed, fused 1x128 +
// 128x1-T, tile_transpose): a loop over the CTA's tiles copies each tile
// into a swizzled shared-memory stage with cp.async, then writes the 1x128
// output from row strips of the stage and the transposed output from its
// columns (the column mapping is at emitTransposedOutput).
//
//===----------------------------------------------------------------------===//

#include "QuantKernelEmitter.h"

#include "fp8q/Conversion/FloatBits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-fp8q-to-gpu"

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;
using namespace mlir::fp8q::hopper::quantkernel;

/// Sets the tile the CTA works on (row and column tile indices, i64) and
/// derives its origin and the thread's strip column.
void QuantKernelEmitter::setTile(Value rowTile, Value colTile) {
  blockRow = rowTile;
  blockCol = colTile;
  m0 = b.mul(blockRow, b.i64(kCtaRows));
  k0 = b.mul(blockCol, b.i64(kCtaCols));
  Value stripOffset = b.mul(b.toI64(stripInRow), b.i64(kStripElements));
  stripCol = b.add(k0, stripOffset);
  stripValidCols = clamp(b.sub(sizeK, stripCol), kStripElements);
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
  return b.bitXor(b.bitXor(chunk, stripTerm), rowTerm);
}

/// The shared word index of chunk `chunk` of stage row `row` (i32).
Value QuantKernelEmitter::stageChunkWord(Value stageBase, Value row,
                                         Value chunk) {
  Value rowWord = b.mul(row, b.i32(getStageRowWords(config)));
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
  Value stageBase = b.mul(stage, b.i32(layout.stageWords));

  int64_t bytes = sourceBytes();
  int64_t chunksPerRow = kCtaCols * bytes / kVectorBytes;
  int64_t chunkElements = kVectorBytes / bytes;
  int64_t copiesPerThread = kCtaRows * chunksPerRow / kCtaThreads;
  for (int64_t copy = 0; copy < copiesPerThread; ++copy) {
    Value index = b.add(tid, b.i32(copy * kCtaThreads));
    Value row = b.shru(index, b.i32(llvm::Log2_64(chunksPerRow)));
    Value chunk = b.bitAnd(index, b.i32(chunksPerRow - 1));
    Value sourceRow = b.add(rowOrigin, b.toI64(row));
    Value sourceCol =
        b.add(colOrigin, b.mul(b.toI64(chunk), b.i64(chunkElements)));
    Value valid = b.bitAnd(b.cmp(arith::CmpIPredicate::slt, sourceRow, sizeM),
                           b.cmp(arith::CmpIPredicate::slt, sourceCol, sizeK));
    Value element = b.add(b.mul(sourceRow, sizeK), sourceCol);
    Value offset = b.mul(element, b.i64(bytes));
    Value from = b.select(valid, b.byteAddress(source, offset), source);
    Value size = b.select(valid, b.i32(kVectorBytes), b.i32(0));
    NVVM::CpAsyncOp::create(
        b, b.sharedAddress(stages, stageChunkWord(stageBase, row, chunk)), from,
        kVectorBytes, NVVM::LoadCacheModifierKind::CG, size);
  }

  if (config.kind != QuantKernelKind::TileTranspose)
    return;
  Value scaleThread = b.cmp(arith::CmpIPredicate::ult, tid, b.i32(kCtaRows));
  b.ifThen(scaleThread, [&] {
    Value sourceRow = b.add(rowOrigin, b.toI64(tid));
    Value valid = b.cmp(arith::CmpIPredicate::slt, sourceRow, sizeM);
    Value index = b.add(b.mul(sourceRow, colTiles), colTile);
    Value offset = b.mul(index, b.i64(kWordBytes));
    Value from =
        b.select(valid, b.byteAddress(sourceScale, offset), sourceScale);
    Value size = b.select(valid, b.i32(kWordBytes), b.i32(0));
    Value slot = b.add(b.mul(stage, b.i32(kCtaRows)), tid);
    NVVM::CpAsyncOp::create(b, b.sharedAddress(rowScaleStages, slot), from,
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
  Value cta = b.toI64(b.indexCastU(
      b.getI32Type(), gpu::BlockIdOp::create(b, gpu::Dimension::x)));
  Value colTile = b.remu(cta, colTiles);
  Value rowChunk = b.divu(cta, colTiles);
  if (schedule.columnGroup != 0) {
    // Groups of G column tiles (the last one narrower), each walked row
    // chunk by row chunk.
    int64_t group = schedule.columnGroup;
    Value rowChunks = rowTiles;
    if (schedule.tilesPerCta > 1)
      rowChunks = b.divu(b.add(rowTiles, b.i64(schedule.tilesPerCta - 1)),
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
  Value firstRowTile = b.mul(rowChunk, b.i64(schedule.tilesPerCta));
  Value count =
      b.minu(b.i64(schedule.tilesPerCta), b.sub(rowTiles, firstRowTile));
  int64_t ahead = schedule.stages - 1;
  auto copyTile = [&](Value i, Value stage) {
    emitTileCopy(b.add(firstRowTile, i), colTile, stage);
  };
  for (int64_t d = 0; d < ahead; ++d) {
    Value exists = b.cmp(arith::CmpIPredicate::ult, b.i64(d), count);
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
    Value nextExists = b.cmp(arith::CmpIPredicate::ult, next, count);
    b.ifThen(nextExists, [&] { copyTile(next, stageOf(next)); });
    NVVM::CpAsyncCommitGroupOp::create(b);
  }

  setTile(b.add(firstRowTile, iteration), colTile);
  Value stage = stageOf(iteration);
  Value stageBase = b.mul(stage, b.i32(layout.stageWords));
  if (hasRowWiseOutput(config.kind)) {
    for (int64_t i = 0; i < kStripsPerThread; ++i)
      emitRowWiseOutput({loadStagedStrip(stageBase, i)});
  }
  if (hasTransposedOutput(config.kind)) {
    Value rowScaleBase = b.mul(stage, b.i32(kCtaRows));
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
    Value chunk = b.add(b.mul(stripInRow, b.i32(chunksPerStrip)), b.i32(j));
    Value word = stageChunkWord(stageBase, strip.localRow, chunk);
    Value data = b.loadVectorAt(vectorType, stages, word, kVectorBytes);
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
  result.storedWord = b.add(
      b.mul(storedChunk(firstRow, chunk), b.i32(kChunkWords)), wordInChunk);
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
    Value index =
        b.add(stageBase, b.add(b.mul(row, b.i32(rowWords)), task.storedWord));
    words.push_back(b.loadAt(stages, index));
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
    key =
        b.maxu(b.bitAnd(key, b.i32(kHalfMask)), b.shru(key, b.i32(kHalfBits)));
  Value blockKey = ctaMaxKey(key);
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
  Value wordInChunk = b.shru(lane, b.i32(llvm::Log2_64(kTaskRowGroups)));
  Value firstRow = b.mul(rowGroup, b.i32(kTaskRows));
  Value outputColumn = b.add(m0, b.toI64(firstRow));
  Value validRows = clamp(b.sub(sizeM, outputColumn), kTaskRows);
  Value aligned = b.cmp(arith::CmpIPredicate::eq,
                        b.bitAnd(sizeM, b.i64(kVectorBytes - 1)), b.i64(0));
  Value writer = b.cmp(arith::CmpIPredicate::eq, rowGroup, b.i32(0));
  std::optional<TileScale> blockScale;
  if (config.kind == QuantKernelKind::BlockTransposed)
    blockScale = emitStagedBlockScale(stageBase, firstRow, wordInChunk);
  SmallVector<Value, kTaskRows> rowScales;
  if (dequantize) {
    auto scaleVector = VectorType::get({kChunkWords}, b.getF32Type());
    Value first = b.add(rowScaleBase, firstRow);
    for (int64_t r = 0; r < kTaskRows; r += kChunkWords) {
      Value data = b.loadVectorAt(scaleVector, rowScaleStages,
                                  b.add(first, b.i32(r)), kVectorBytes);
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
      Value column = b.add(b.mul(task.word, b.i32(g.columnsPerWord)), b.i32(c));
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
          fold(keys[c], b.bitcast(b.getF32Type(), columnKeyOfWord(bits)));
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
          amax = keyToF32(c == 0 ? b.bitAnd(keys[0], b.i32(kHalfMask))
                                 : b.shru(keys[0], b.i32(kHalfBits)));
        else
          amax = keyToF32(keys[0]);
        scales.push_back(computeScale(amax, eps));
      }
      // The first lane of each word stores its columns' scales.
      b.ifThen(writer, [&] {
        for (int64_t c = 0; c < g.columnsPerWord; ++c) {
          Value k = outputRow(c);
          Value inside = b.cmp(arith::CmpIPredicate::slt, k, sizeK);
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
      Value inside = b.cmp(arith::CmpIPredicate::slt, k, sizeK);
      b.ifThen(inside, [&] {
        Value offset = b.add(b.mul(k, sizeM), outputColumn);
        storeCodes(colCodes, offset, codes, validRows, aligned);
      });
    }
  }

  if (blockScale) {
    // The block's scale: element (column tile, row tile) of the transposed
    // grid [cdiv(K,128), cdiv(M,128)].
    Value firstThread = b.cmp(arith::CmpIPredicate::eq, tid, b.i32(0));
    b.ifThen(firstThread, [&] {
      storeScale(colScales, scaleIndex(blockCol, rowTiles, blockRow, colTiles),
                 blockScale->scale);
    });
  }
}
