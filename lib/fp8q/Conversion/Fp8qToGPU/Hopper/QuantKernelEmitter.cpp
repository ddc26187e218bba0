//===- QuantKernelEmitter.cpp - the steps every quantize kernel runs ------===//
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
// output is at emitTransposedOutput; that of block_transpose at
// emitBlockTranspose (QuantizeBlockTransposeKernel.cpp).
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

void QuantKernelEmitter::emitPrologue() {
  // Arguments, in the order of getKernelInterface.
  auto globalPointer = [&](Value arg) -> Value {
    return LLVM::AddrSpaceCastOp::create(
        b, LLVM::LLVMPointerType::get(b.getContext(), kGlobalAddressSpace),
        arg);
  };
  unsigned next = 0;
  source = globalPointer(func.getArgument(next++));
  if (config.kind == QuantKernelKind::TileTranspose ||
      config.kind == QuantKernelKind::BlockTranspose)
    sourceScale = globalPointer(func.getArgument(next++));
  if (hasRowWiseOutput(config.kind) || config.kind == QuantKernelKind::Block) {
    rowCodes = globalPointer(func.getArgument(next++));
    rowScales = globalPointer(func.getArgument(next++));
  }
  if (hasTransposedOutput(config.kind) ||
      config.kind == QuantKernelKind::BlockTranspose) {
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
  rowInGroup = b.shru(tid, b.i32(llvm::Log2_64(kStripsPerRow)));
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

  if (layout.words == 0)
    return;
  Value shared = b.dynamicSharedMemory();
  if (layout.stageWords > 0)
    stages = b.sharedView(shared, 0, {schedule.stages * layout.stageWords},
                          b.getI32Type());
  if (config.kind == QuantKernelKind::TileTranspose)
    rowScaleStages = b.sharedView(shared, layout.rowScale * kWordBytes,
                                  {schedule.stages * kCtaRows}, b.getF32Type());
  if (config.kind == QuantKernelKind::Block ||
      config.kind == QuantKernelKind::BlockTransposed)
    warpMaxima = b.sharedView(shared, layout.partial * kWordBytes, {kCtaWarps},
                              b.getI32Type());
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

Value QuantKernelEmitter::ctaMaxKey(Value warpKey) {
  Value firstLane = b.cmp(arith::CmpIPredicate::eq, lane, b.i32(0));
  b.ifThen(firstLane, [&] { b.storeAt(warpKey, warpMaxima, warp); });
  gpu::BarrierOp::create(b);
  Value key = b.loadAt(warpMaxima, b.index(0));
  for (int64_t w = 1; w < kCtaWarps; ++w)
    key = b.maxu(key, b.loadAt(warpMaxima, b.index(w)));
  return key;
}

/// `2^ceil(log2(s))` on the bits of a scale s >= 0, exactly
/// (docs/Numerics.md): zero, powers of two, +Inf and NaN are kept; a normal
/// s becomes 2^(exponent + 1) (+Inf past the largest exponent); a subnormal
/// s = f * 2^-149 becomes 2^bitlength(f - 1) * 2^-149, which is f itself
/// for a power of two and at most 2^-126, the smallest normal.
Value QuantKernelEmitter::roundUpToPowerOfTwo(Value scale) {
  Value bits = b.bitcast(b.getI32Type(), scale);
  Value fraction = b.bitAnd(bits, b.i32(f32bits::kFractionMask));
  Value exponent = b.bitAnd(b.shru(bits, b.i32(f32bits::kFractionBits)),
                            b.i32(f32bits::kExponentMask));
  Value sign = b.bitAnd(bits, b.i32(f32bits::kSignMask));
  auto equals = [&](Value lhs, int64_t rhs) -> Value {
    return b.cmp(arith::CmpIPredicate::eq, lhs, b.i32(rhs));
  };
  Value keep =
      b.bitOr(equals(fraction, 0), equals(exponent, f32bits::kExponentMask));
  Value exponentUp =
      b.shl(b.add(exponent, b.i32(1)), b.i32(f32bits::kFractionBits));
  Value normal = b.bitOr(sign, exponentUp);
  Value fractionMinusOne = b.sub(fraction, b.i32(1));
  Value leadingZeros = LLVM::CountLeadingZerosOp::create(
      b, b.getI32Type(), fractionMinusOne, b.getIntegerAttr(b.getI1Type(), 0));
  Value bitLength = b.sub(b.i32(f32bits::kBits), leadingZeros);
  Value subnormal = b.bitOr(sign, b.shl(b.i32(1), bitLength));
  Value rounded = b.select(equals(exponent, 0), subnormal, normal);
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
    return {b.bitcast(f32, low), b.bitcast(f32, high)};
  }
  case SourceElement::F16: {
    SmallVector<Value, 4> values;
    for (int64_t part = 0; part < 2; ++part) {
      Value shifted = b.shru(word, b.i32(part * kHalfBits));
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
      Value shifted = b.shru(word, b.i32(pair * kHalfBits));
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
  Value full =
      b.cmp(arith::CmpIPredicate::eq, validCount, b.i64(kStripElements));
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
    Value present = b.cmp(arith::CmpIPredicate::sgt, validCount, b.i64(byte));
    b.ifThen(present, [&] {
      Value word = codes[byte / kWordBytes];
      Value shifted = b.shru(word, b.i32(8 * (byte % kWordBytes)));
      Value code = b.trunc(b.getI8Type(), shifted);
      Value offset = b.add(byteOffset, b.i64(byte));
      LLVM::StoreOp::create(b, code, b.byteAddress(base, offset), 1);
    });
  }
}

void QuantKernelEmitter::emit() {
  LLVM_DEBUG(llvm::dbgs() << "building kernel " << config.getName()
                          << (schedule.staged ? " (staged)" : "") << "\n");
  emitPrologue();
  if (config.kind == QuantKernelKind::BlockTranspose) {
    emitBlockTranspose();
    gpu::ReturnOp::create(b);
    return;
  }
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
