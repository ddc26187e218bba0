//===- QuantizeBlockTransposeKernel.cpp - the block_transpose kernel ------===//
//
// Part of the fp8q project.
//
// fp8q.block_transpose on the GPU: each CTA moves one 128x128 block of E4M3
// codes to its transposed place and copies the block's scale. No arithmetic
// touches a value (the op is a permutation), so the kernel is a shared-memory
// byte transpose; a weight is transposed once per training step.
//
//   source q [M, K]                      q_t [K, M]
//   rows m0 .. m0+127, cols k0 .. k0+127 rows k0 .. k0+127, cols m0 .. m0+127
//
//   1. load: thread t reads 16 bytes of rows t/8 + 32 i (i = 0..3), bytes
//      16 (t % 8) .. +15 (loadStrip, the register kernels' row mapping) and
//      stores the 4 words in the block tile (blockTileWord);
//   2. barrier;
//   3. write: thread t builds the 16 bytes of q_t row k0 + c, c = t/8 + 32 i,
//      columns m0 + 16 (t % 8) .. +15, from byte c % 4 of word c / 4 of the
//      16 tile rows 16 (t % 8) .. +15, and stores them (16-byte store when
//      M % 16 == 0 and the run is whole, bytes otherwise);
//   4. thread 0 copies the block's scale: scale_t[j, i] = scale[i, j].
//
//===----------------------------------------------------------------------===//

#include "QuantKernelEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;
using namespace mlir::fp8q::hopper::quantkernel;

namespace {
/// Words of one block-tile row: 128 codes.
constexpr int64_t kBlockRowWords = kCtaCols / kWordBytes;
/// NOTE: shared memory has 32 banks of one word; a block-tile row is exactly
/// 32 words, so without the rotation every row starts in bank 0.
constexpr int64_t kSharedBanks = 32;
static_assert(kBlockRowWords == kSharedBanks,
              "the rotation assumes one bank per word of a tile row");
} // namespace

/// Word `word` of row `row` lives at row * 32 + (word + row + row / 16) % 32.
/// NOTE: the rotation makes both accesses conflict-free. The load's 4-byte
/// stores (one word of a chunk per store, a warp: 8 chunks of 4
/// consecutive rows in one 16-row group) hit banks 4 chunk + row + const,
/// all 32 distinct. The write's 4-byte reads (a warp: one word of the rows
/// 16 j + u of its 8 lanes groups j, the 4 lanes of a group share it) hit
/// banks word + u + 17 j, 8 distinct.
Value QuantKernelEmitter::blockTileWord(Value row, Value word) {
  Value rotation = b.add(row, b.shru(row, b.i32(llvm::Log2_64(kTaskRows))));
  Value rotated = b.bitAnd(b.add(word, rotation), b.i32(kSharedBanks - 1));
  return b.add(b.mul(row, b.i32(kBlockRowWords)), rotated);
}

void QuantKernelEmitter::emitBlockTranspose() {
  Value tile = b.sharedView(b.dynamicSharedMemory(), 0,
                            {kCtaRows * kBlockRowWords}, b.getI32Type());

  // Step 1: the block into shared memory (rows past M read as zeros and are
  // never written out).
  constexpr int64_t kChunkWordsPerStrip = kStripElements / kWordBytes;
  for (int64_t i = 0; i < kStripsPerThread; ++i) {
    Strip strip = loadStrip(i);
    for (int64_t w = 0; w < kChunkWordsPerStrip; ++w) {
      Value word =
          b.add(b.mul(stripInRow, b.i32(kChunkWordsPerStrip)), b.i32(w));
      b.storeAt(strip.words[w], tile, blockTileWord(strip.localRow, word));
    }
  }
  gpu::BarrierOp::create(b);

  // Step 3: the transposed rows. Lane group j = t % 8 holds the 16 source
  // rows 16 j .. 16 j + 15, i.e. 16 consecutive columns of q_t.
  Value firstLocalRow = b.mul(stripInRow, b.i32(kTaskRows));
  Value firstColumn = b.add(m0, b.toI64(firstLocalRow));
  Value validCount = clamp(b.sub(sizeM, firstColumn), kTaskRows);
  Value aligned = b.cmp(arith::CmpIPredicate::eq,
                        b.bitAnd(sizeM, b.i64(kVectorBytes - 1)), b.i64(0));
  int64_t rowsPerPass = kCtaThreads / kStripsPerRow;
  for (int64_t i = 0; i < kStripsPerThread; ++i) {
    // c: the source column (q_t row) inside the block.
    Value c = b.add(rowInGroup, b.i32(i * rowsPerPass));
    Value outRow = b.add(k0, b.toI64(c));
    Value word = b.shru(c, b.i32(llvm::Log2_64(kWordBytes)));
    Value shift = b.mul(b.bitAnd(c, b.i32(kWordBytes - 1)), b.i32(8));
    SmallVector<Value, 4> packed;
    for (int64_t u = 0; u < kTaskRows; ++u) {
      Value row = b.add(firstLocalRow, b.i32(u));
      Value source = b.loadAt(tile, blockTileWord(row, word));
      Value code = b.bitAnd(b.shru(source, shift), b.i32(0xFF));
      int64_t byte = u % kWordBytes;
      Value placed = byte == 0 ? code : b.shl(code, b.i32(8 * byte));
      if (byte == 0)
        packed.push_back(placed);
      else
        packed.back() = b.bitOr(packed.back(), placed);
    }
    Value inside =
        b.bitAnd(b.cmp(arith::CmpIPredicate::slt, outRow, sizeK),
                 b.cmp(arith::CmpIPredicate::sgt, validCount, b.i64(0)));
    b.ifThen(inside, [&] {
      Value offset = b.add(b.mul(outRow, sizeM), firstColumn);
      storeCodes(colCodes, offset, packed, validCount, aligned);
    });
  }

  // Step 4: the block's scale, by one thread.
  Value first = b.cmp(arith::CmpIPredicate::eq, tid, b.i32(0));
  b.ifThen(first, [&] {
    Value from = b.add(b.mul(blockRow, colTiles), blockCol);
    Value scale = b.load(
        b.getF32Type(),
        b.byteAddress(sourceScale, b.mul(from, b.i64(kWordBytes))), kWordBytes);
    storeScale(colScales, b.add(b.mul(blockCol, rowTiles), blockRow), scale);
  });
}
