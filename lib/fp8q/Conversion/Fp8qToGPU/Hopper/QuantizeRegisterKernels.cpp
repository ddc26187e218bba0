//===- QuantizeRegisterKernels.cpp - the 1x128 and 128x128 kernels --------===//
//
// Part of the fp8q project.
//
// The register kernels: each thread loads its strips of the CTA tile into
// registers (the row mapping is in QuantKernelEmitter.cpp), reduces the
// 1x128 tile amax over 8 lanes or the 128x128 block amax over the CTA, and
// writes codes and scales from registers.
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

Strip QuantKernelEmitter::stripRows(int64_t index) {
  Strip strip;
  int64_t rowsPerPass = kCtaThreads / kStripsPerRow;
  strip.localRow = b.add(rowInGroup, b.i32(index * rowsPerPass));
  strip.row = b.add(m0, b.toI64(strip.localRow));
  strip.rowValid = b.cmp(arith::CmpIPredicate::slt, strip.row, sizeM);
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
    Value inRow = b.cmp(arith::CmpIPredicate::sgt, stripValidCols,
                        b.i64(chunk * chunkElements));
    Value valid = b.bitAnd(strip.rowValid, inRow);
    Value element = b.add(first, b.i64(chunk * chunkElements));
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

/// 1x128 tiles: each row tile lives in 8 consecutive lanes; three xor
/// shuffles give every lane the tile amax, the codes are written from
/// registers and the first lane of the tile writes its scale.
void QuantKernelEmitter::emitRowWiseOutput(ArrayRef<Strip> strips) {
  Value aligned = b.cmp(arith::CmpIPredicate::eq,
                        b.bitAnd(sizeK, b.i64(kVectorBytes - 1)), b.i64(0));
  Value firstStrip = b.cmp(arith::CmpIPredicate::eq, stripInRow, b.i32(0));
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
  Value blockKey = ctaMaxKey(key);
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
  Value firstThread = b.cmp(arith::CmpIPredicate::eq, tid, b.i32(0));
  b.ifThen(firstThread, [&] {
    storeScale(rowScales, scaleIndex(blockRow, colTiles, blockCol, rowTiles),
               tile.scale);
  });
}
