//===- Fp8qToGPU.cpp - fp8q to GPU kernels --------------------------------===//
//
// Part of the fp8q project.
//
// Host side of the GPU lowering: one pattern per op (quantize,
// tile_transpose) and one for the fused row/column quantize, each turning the
// op into buffers, raw pointers and sizes, a gpu.launch_func of the matching
// Hopper kernel (built on first use, Hopper/QuantizeKernels.cpp) and
// bufferization.to_tensor of the results.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToGPU/Fp8qToGPU.h"

#include "fp8q/Conversion/Fp8qToGPU/Hopper/QuantizeKernels.h"
#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/IR/Fp8qOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "convert-fp8q-to-gpu"

namespace mlir::fp8q {
#define GEN_PASS_DEF_CONVERTFP8QTOGPUPASS
#include "fp8q/Conversion/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;

namespace {

/// The chips the kernels are built and tuned for, with the PTX ISA version
/// they are emitted in.
/// NOTE: `cvt.rn.satfinite.e4m3x2.f32` needs sm_89 and PTX 7.8; sm_90a needs
/// PTX 8.0.
struct SupportedChip {
  StringLiteral chip;
  StringLiteral features;
};
constexpr SupportedChip kSupportedChips[] = {{"sm_90", "+ptx80"},
                                             {"sm_90a", "+ptx80"}};
/// LLVM optimization level of the kernels.
constexpr int kKernelOptLevel = 3;
/// Alignment of the result buffers: at least the 16 bytes of the vector
/// stores.
constexpr int64_t kResultAlignment = 64;

//===----------------------------------------------------------------------===//
// Support checks
//===----------------------------------------------------------------------===//

std::string tileName(TileAttr tile) {
  return llvm::formatv("{0}x{1}", tile.getRows(), tile.getCols()).str();
}

/// The kernel kind of a quantize op's (tile, transpose), if any.
std::optional<QuantKernelKind> getQuantizeKind(QuantizeOp op) {
  TileAttr tile = op.getTile();
  int64_t rows = tile.getRows(), cols = tile.getCols();
  if (rows == 1 && cols == kCtaCols && !op.getTranspose())
    return QuantKernelKind::RowWise;
  if (rows == kCtaRows && cols == kCtaCols && !op.getTranspose())
    return QuantKernelKind::Block;
  if (rows == kCtaRows && cols == 1 && op.getTranspose())
    return QuantKernelKind::ColumnWiseTransposed;
  return std::nullopt;
}

/// Checks the shape requirements of a kernel on a static [M, K] source of
/// `elementBytes`-byte elements; `config`'s schedule says whether gridDim.y
/// bounds M (register kernels) or not (staged kernels).
std::optional<std::string> checkSourceShape(ArrayRef<int64_t> shape,
                                            int64_t elementBytes,
                                            const QuantKernelConfig &config,
                                            StringRef what) {
  int64_t m = shape[0], k = shape[1];
  if (!ShapedType::isDynamic(k) && (k * elementBytes) % kVectorBytes != 0)
    return llvm::formatv(
               "expected the row stride of {0} (K = {1} elements of {2} "
               "bytes = {3} bytes) to be a multiple of {4} bytes (the GPU "
               "kernels load rows with 16-byte vectors)",
               what, k, elementBytes, k * elementBytes, kVectorBytes)
        .str();
  if (!getTileSchedule(config).staged && !ShapedType::isDynamic(m) &&
      llvm::divideCeil(m, kCtaRows) > kMaxGridY)
    return llvm::formatv("expected at most {0} rows in {1} (got M = {2}): the "
                         "GPU grid has at most {3} CTAs of {4} rows along M",
                         kMaxGridY * kCtaRows, what, m, kMaxGridY, kCtaRows)
        .str();
  return std::nullopt;
}

int64_t elementBytes(Type type) {
  return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
}

//===----------------------------------------------------------------------===//
// Fusion partners
//===----------------------------------------------------------------------===//

/// The first quantize of the same source, in the same block, that
/// complements `op` (1x128 vs. 128x1 with transpose) with the same scale mode
/// and eps (the fused kernel compiles in one of each).
QuantizeOp findComplement(QuantizeOp op) {
  std::optional<QuantKernelKind> kind = getQuantizeKind(op);
  if (kind != QuantKernelKind::RowWise &&
      kind != QuantKernelKind::ColumnWiseTransposed)
    return {};
  QuantKernelKind wanted = kind == QuantKernelKind::RowWise
                               ? QuantKernelKind::ColumnWiseTransposed
                               : QuantKernelKind::RowWise;
  QuantizeOp best;
  for (Operation *user : op.getSource().getUsers()) {
    auto other = dyn_cast<QuantizeOp>(user);
    if (!other || other == op || other->getBlock() != op->getBlock() ||
        other.getSource() != op.getSource() ||
        getQuantizeKind(other) != wanted ||
        other.getScaleMode() != op.getScaleMode() ||
        other.getEps() != op.getEps() || getFp8qToGPUUnsupportedReason(other))
      continue;
    if (!best || other->isBeforeInBlock(best))
      best = other;
  }
  return best;
}

/// The quantize fused with `op`: its complement, if `op` is the complement's
/// complement too (so that every op is in at most one pair).
QuantizeOp findFusionPartner(QuantizeOp op) {
  QuantizeOp partner = findComplement(op);
  if (partner && findComplement(partner) == op)
    return partner;
  return {};
}

//===----------------------------------------------------------------------===//
// LaunchEmitter
//===----------------------------------------------------------------------===//

/// Emits the host side of one kernel launch, step by step: the kernel (built
/// once per module), the source buffer, result allocations, raw pointers,
/// sizes, the guarded gpu.launch_func, and the result tensors.
class LaunchEmitter {
public:
  LaunchEmitter(RewriterBase &rewriter, Location loc, Operation *anchor,
                const Fp8qToGPUOptions &options)
      : rewriter(rewriter), loc(loc), anchor(anchor), options(options) {}

  /// Step 1: the source buffer and its extents M, K.
  void setSource(Value tensor);
  /// Step 2: a result buffer of `type`, whose extents are the given
  /// expressions of M and K.
  Value allocate(RankedTensorType type, ArrayRef<OpFoldResult> extents);
  OpFoldResult getM() const { return sizeM; }
  OpFoldResult getK() const { return sizeK; }
  OpFoldResult ceilDiv(OpFoldResult extent, int64_t tile);
  /// Step 3: `memref` as a raw `!llvm.ptr` kernel argument.
  Value getPointer(Value memref);
  /// Step 4: launches `config` with `pointers` and (M, K),
  /// skipping empty sources and asserting the size requirements that are not
  /// static.
  void launch(const QuantKernelConfig &config, ArrayRef<Value> pointers);
  /// Step 5: the tensor of a result buffer.
  Value toTensor(Value memref, Type type);

  Value getSourceBuffer() const { return sourceBuffer; }

private:
  gpu::GPUFuncOp getOrCreateKernel(const QuantKernelConfig &config);
  Value toIndex(OpFoldResult value);
  Value toI64(OpFoldResult value);
  void assertDynamicRequirements(const QuantKernelConfig &config, Value gridY);

  RewriterBase &rewriter;
  Location loc;
  Operation *anchor;
  const Fp8qToGPUOptions &options;
  Value sourceBuffer;
  OpFoldResult sizeM, sizeK;
  int64_t sourceBytes = 0;
};

void LaunchEmitter::setSource(Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  sourceBuffer = bufferization::ToBufferOp::create(rewriter, loc, memrefType,
                                                   tensor, /*read_only=*/true);
  auto extent = [&](int64_t dim) -> OpFoldResult {
    if (!type.isDynamicDim(dim))
      return rewriter.getIndexAttr(type.getDimSize(dim));
    return tensor::DimOp::create(rewriter, loc, tensor, dim).getResult();
  };
  sizeM = extent(0);
  sizeK = extent(1);
  sourceBytes = elementBytes(type.getElementType());
}

OpFoldResult LaunchEmitter::ceilDiv(OpFoldResult extent, int64_t tile) {
  if (tile == 1)
    return extent;
  if (std::optional<int64_t> value = getConstantIntValue(extent))
    return rewriter.getIndexAttr(llvm::divideCeil(*value, tile));
  Value tileValue = arith::ConstantIndexOp::create(rewriter, loc, tile);
  return arith::CeilDivUIOp::create(rewriter, loc, cast<Value>(extent),
                                    tileValue)
      .getResult();
}

Value LaunchEmitter::allocate(RankedTensorType type,
                              ArrayRef<OpFoldResult> extents) {
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  SmallVector<Value, 2> dynamicSizes;
  for (auto [dim, extent] : llvm::enumerate(extents))
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(
          getValueOrCreateConstantIndexOp(rewriter, loc, extent));
  return memref::AllocOp::create(rewriter, loc, memrefType, dynamicSizes,
                                 rewriter.getI64IntegerAttr(kResultAlignment));
}

Value LaunchEmitter::getPointer(Value memref) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, memref);
  Value integer = arith::IndexCastUIOp::create(rewriter, loc,
                                               rewriter.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
      integer);
}

Value LaunchEmitter::toTensor(Value memref, Type type) {
  return bufferization::ToTensorOp::create(rewriter, loc, type, memref,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

gpu::GPUFuncOp
LaunchEmitter::getOrCreateKernel(const QuantKernelConfig &config) {
  auto module = anchor->getParentOfType<ModuleOp>();
  std::string name = config.getName();
  if (auto existing = module.lookupSymbol<gpu::GPUModuleOp>(name))
    return existing.lookupSymbol<gpu::GPUFuncOp>(name);
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToEnd(module.getBody());
  gpu::GPUModuleOp kernelModule =
      buildQuantKernelModule(builder, module.getLoc(), config, options.target);
  return kernelModule.lookupSymbol<gpu::GPUFuncOp>(name);
}

Value LaunchEmitter::toIndex(OpFoldResult value) {
  return getValueOrCreateConstantIndexOp(rewriter, loc, value);
}

Value LaunchEmitter::toI64(OpFoldResult value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return arith::ConstantIntOp::create(rewriter, loc, *constant, 64);
  return arith::IndexCastUIOp::create(rewriter, loc, rewriter.getI64Type(),
                                      cast<Value>(value));
}

/// `cf.assert` of the launch requirements that depend on dynamic sizes (the
/// static ones were diagnosed before lowering).
void LaunchEmitter::assertDynamicRequirements(const QuantKernelConfig &config,
                                              Value gridY) {
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  if (!getConstantIntValue(sizeK)) {
    Value rowBytes = arith::MulIOp::create(rewriter, loc, toIndex(sizeK),
                                           constant(sourceBytes));
    Value rest =
        arith::RemUIOp::create(rewriter, loc, rowBytes, constant(kVectorBytes));
    Value aligned = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, rest, constant(0));
    cf::AssertOp::create(
        rewriter, loc, aligned,
        llvm::formatv("{0}: the source row stride (K * {1} bytes) must be a "
                      "multiple of {2} bytes",
                      config.getName(), sourceBytes, kVectorBytes)
            .str());
  }
  if (!getConstantIntValue(sizeM) && !getTileSchedule(config).staged) {
    Value fits = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ule,
                                       gridY, constant(kMaxGridY));
    cf::AssertOp::create(rewriter, loc, fits,
                         llvm::formatv("{0}: M must be at most {1}",
                                       config.getName(), kMaxGridY * kCtaRows)
                             .str());
  }
}

void LaunchEmitter::launch(const QuantKernelConfig &config,
                           ArrayRef<Value> pointers) {
  std::optional<int64_t> staticM = getConstantIntValue(sizeM);
  std::optional<int64_t> staticK = getConstantIntValue(sizeK);
  if ((staticM && *staticM == 0) || (staticK && *staticK == 0))
    return; // Nothing to compute: the results are empty.
  gpu::GPUFuncOp kernel = getOrCreateKernel(config);

  // Grid of 256-thread CTAs: (cdiv(K, 128), cdiv(M, 128), 1) for the
  // register kernels, cdiv(cdiv(M, 128), T) * cdiv(K, 128) for the staged
  // ones (T row tiles per CTA).
  TileSchedule schedule = getTileSchedule(config);
  Value gridX = toIndex(ceilDiv(sizeK, kCtaCols));
  Value gridY = toIndex(ceilDiv(sizeM, kCtaRows));
  assertDynamicRequirements(config, gridY);
  if (schedule.staged) {
    Value chunks = gridY;
    if (schedule.tilesPerCta > 1)
      chunks = rewriter.createOrFold<arith::CeilDivUIOp>(
          loc, gridY,
          arith::ConstantIndexOp::create(rewriter, loc, schedule.tilesPerCta));
    gridX = rewriter.createOrFold<arith::MulIOp>(loc, chunks, gridX);
    gridY = arith::ConstantIndexOp::create(rewriter, loc, 1);
  }

  // Arguments in the order of hopper::getKernelInterface.
  SmallVector<Value, 9> args(pointers);
  args.push_back(toI64(sizeM));
  args.push_back(toI64(sizeK));

  // An empty grid is not a valid launch: guard dynamic sizes.
  OpBuilder::InsertionGuard guard(rewriter);
  if (!staticM || !staticK) {
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value rows = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt,
                                       toIndex(sizeM), zero);
    Value cols = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt,
                                       toIndex(sizeK), zero);
    Value nonEmpty = arith::AndIOp::create(rewriter, loc, rows, cols);
    auto ifOp = scf::IfOp::create(rewriter, loc, nonEmpty,
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  }
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, kCtaThreads);
  Value sharedBytes = arith::ConstantIntOp::create(
      rewriter, loc, config.getDynamicSharedMemoryBytes(), 32);
  gpu::LaunchFuncOp::create(
      rewriter, loc, kernel, gpu::KernelDim3{gridX, gridY, one},
      gpu::KernelDim3{threads, one, one}, sharedBytes, args);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// The (codes, scales) buffers of one quantize result pair.
struct ResultBuffers {
  Value codes, scales;
};

/// Allocates the buffers of `op`'s results (shapes from the source extents).
ResultBuffers allocateQuantizeResults(LaunchEmitter &emitter, QuantizeOp op) {
  TileAttr tile = op.getTile();
  OpFoldResult m = emitter.getM(), k = emitter.getK();
  OpFoldResult rowTiles = emitter.ceilDiv(m, tile.getRows());
  OpFoldResult colTiles = emitter.ceilDiv(k, tile.getCols());
  SmallVector<OpFoldResult, 2> codeExtents{m, k};
  SmallVector<OpFoldResult, 2> scaleExtents{rowTiles, colTiles};
  if (op.getTranspose()) {
    std::swap(codeExtents[0], codeExtents[1]);
    std::swap(scaleExtents[0], scaleExtents[1]);
  }
  return {emitter.allocate(op.getQ().getType(), codeExtents),
          emitter.allocate(op.getScale().getType(), scaleExtents)};
}

QuantKernelConfig getConfig(QuantKernelKind kind, QuantizeOp op) {
  Type element = op.getSource().getType().getElementType();
  return {kind, *getSourceElement(element), op.getScaleMode(),
          op.getEps().convertToFloat()};
}

/// fp8q.quantize (1x128, 128x128, or 128x1 with transpose) -> one launch.
struct QuantizeOpLowering : OpRewritePattern<QuantizeOp> {
  QuantizeOpLowering(MLIRContext *context, const Fp8qToGPUOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(QuantizeOp op,
                                PatternRewriter &rewriter) const override {
    if (std::optional<std::string> reason = getFp8qToGPUUnsupportedReason(op))
      return rewriter.notifyMatchFailure(op, *reason);
    if (findFusionPartner(op))
      return rewriter.notifyMatchFailure(op, "lowered with its fusion partner");
    LaunchEmitter emitter(rewriter, op.getLoc(), op, options);
    emitter.setSource(op.getSource());
    ResultBuffers results = allocateQuantizeResults(emitter, op);
    QuantKernelConfig config = getConfig(*getQuantizeKind(op), op);
    emitter.launch(config, {emitter.getPointer(emitter.getSourceBuffer()),
                            emitter.getPointer(results.codes),
                            emitter.getPointer(results.scales)});
    rewriter.replaceOp(
        op, {emitter.toTensor(results.codes, op.getQ().getType()),
             emitter.toTensor(results.scales, op.getScale().getType())});
    return success();
  }

  const Fp8qToGPUOptions &options;
};

/// A 1x128 quantize and a 128x1 transposed quantize of the same source ->
/// one launch of the fused kernel, which reads the source once. Rooted at
/// the later op of the pair; the launch goes where the earlier one was.
struct FusedQuantizeLowering : OpRewritePattern<QuantizeOp> {
  FusedQuantizeLowering(MLIRContext *context, const Fp8qToGPUOptions &options)
      : OpRewritePattern(context, /*benefit=*/2), options(options) {}

  LogicalResult matchAndRewrite(QuantizeOp op,
                                PatternRewriter &rewriter) const override {
    QuantizeOp partner = findFusionPartner(op);
    if (!partner)
      return rewriter.notifyMatchFailure(op, "no fusion partner");
    if (op->isBeforeInBlock(partner))
      return rewriter.notifyMatchFailure(op, "fused when the partner is seen");
    QuantizeOp rowOp = op, colOp = partner;
    if (getQuantizeKind(op) != QuantKernelKind::RowWise)
      std::swap(rowOp, colOp);
    LLVM_DEBUG(llvm::dbgs()
               << "fusing " << rowOp << "\n  and " << colOp << "\n");

    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(partner);
    LaunchEmitter emitter(rewriter, partner.getLoc(), op, options);
    emitter.setSource(op.getSource());
    ResultBuffers rows = allocateQuantizeResults(emitter, rowOp);
    ResultBuffers cols = allocateQuantizeResults(emitter, colOp);
    QuantKernelConfig config = getConfig(QuantKernelKind::Fused, op);
    emitter.launch(config, {emitter.getPointer(emitter.getSourceBuffer()),
                            emitter.getPointer(rows.codes),
                            emitter.getPointer(rows.scales),
                            emitter.getPointer(cols.codes),
                            emitter.getPointer(cols.scales)});
    SmallVector<Value, 2> rowResults{
        emitter.toTensor(rows.codes, rowOp.getQ().getType()),
        emitter.toTensor(rows.scales, rowOp.getScale().getType())};
    SmallVector<Value, 2> colResults{
        emitter.toTensor(cols.codes, colOp.getQ().getType()),
        emitter.toTensor(cols.scales, colOp.getScale().getType())};
    rewriter.replaceOp(rowOp, rowResults);
    rewriter.replaceOp(colOp, colResults);
    return success();
  }

  const Fp8qToGPUOptions &options;
};

/// fp8q.tile_transpose (1x128) -> one launch.
struct TileTransposeOpLowering : OpRewritePattern<TileTransposeOp> {
  TileTransposeOpLowering(MLIRContext *context, const Fp8qToGPUOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(TileTransposeOp op,
                                PatternRewriter &rewriter) const override {
    if (std::optional<std::string> reason = getFp8qToGPUUnsupportedReason(op))
      return rewriter.notifyMatchFailure(op, *reason);
    LaunchEmitter emitter(rewriter, op.getLoc(), op, options);
    emitter.setSource(op.getQ());
    auto scaleTensorType = cast<RankedTensorType>(op.getScale().getType());
    auto scaleMemrefType = MemRefType::get(scaleTensorType.getShape(),
                                           scaleTensorType.getElementType());
    Value inputScales = bufferization::ToBufferOp::create(
        rewriter, op.getLoc(), scaleMemrefType, op.getScale(),
        /*read_only=*/true);
    OpFoldResult m = emitter.getM(), k = emitter.getK();
    Value codes = emitter.allocate(op.getQT().getType(), {k, m});
    Value scales = emitter.allocate(op.getScaleT().getType(),
                                    {k, emitter.ceilDiv(m, kCtaRows)});
    QuantKernelConfig config{QuantKernelKind::TileTranspose,
                             SourceElement::E4M3, op.getScaleMode(),
                             op.getEps().convertToFloat()};
    emitter.launch(config,
                   {emitter.getPointer(emitter.getSourceBuffer()),
                    emitter.getPointer(inputScales), emitter.getPointer(codes),
                    emitter.getPointer(scales)});
    rewriter.replaceOp(op,
                       {emitter.toTensor(codes, op.getQT().getType()),
                        emitter.toTensor(scales, op.getScaleT().getType())});
    return success();
  }

  const Fp8qToGPUOptions &options;
};

} // namespace

//===----------------------------------------------------------------------===//
// Public entry points
//===----------------------------------------------------------------------===//

std::optional<std::string> fp8q::getUnsupportedChipReason(StringRef chip) {
  for (const SupportedChip &supported : kSupportedChips)
    if (supported.chip == chip)
      return std::nullopt;
  SmallVector<StringRef> names;
  for (const SupportedChip &supported : kSupportedChips)
    names.push_back(supported.chip);
  return llvm::formatv("unsupported chip '{0}': the fp8q GPU kernels are "
                       "built for Hopper ({1})",
                       chip, llvm::join(names, ", "))
      .str();
}

Attribute fp8q::getFp8qNVVMTarget(MLIRContext *context, StringRef chip) {
  StringRef features;
  for (const SupportedChip &supported : kSupportedChips)
    if (supported.chip == chip)
      features = supported.features;
  return NVVM::NVVMTargetAttr::get(context, kKernelOptLevel,
                                   "nvptx64-nvidia-cuda", chip, features);
}

std::optional<std::string> fp8q::getFp8qToGPUUnsupportedReason(Operation *op) {
  if (auto quantize = dyn_cast<QuantizeOp>(op)) {
    if (!getQuantizeKind(quantize))
      return llvm::formatv(
                 "unsupported tile {0}{1} on the GPU path: the kernels cover "
                 "1x128, 128x128 and 128x1 with transpose",
                 tileName(quantize.getTile()),
                 quantize.getTranspose() ? " with transpose" : "")
          .str();
    RankedTensorType type = quantize.getSource().getType();
    std::optional<SourceElement> element =
        getSourceElement(type.getElementType());
    if (!element)
      return std::string("unsupported source element type");
    QuantKernelConfig config{*getQuantizeKind(quantize), *element,
                             quantize.getScaleMode()};
    return checkSourceShape(type.getShape(),
                            elementBytes(type.getElementType()), config,
                            "the source");
  }
  if (auto transpose = dyn_cast<TileTransposeOp>(op)) {
    if (transpose.getTile().getCols() != kCtaCols)
      return llvm::formatv("unsupported tile {0} on the GPU path: the kernel "
                           "covers 1x128",
                           tileName(transpose.getTile()))
          .str();
    QuantKernelConfig config{QuantKernelKind::TileTranspose,
                             SourceElement::E4M3, transpose.getScaleMode()};
    return checkSourceShape(transpose.getQ().getType().getShape(), 1, config,
                            "q");
  }
  return std::string("not lowered by convert-fp8q-to-gpu");
}

void fp8q::populateFp8qToGPUPatterns(RewritePatternSet &patterns,
                                     const Fp8qToGPUOptions &options) {
  patterns
      .add<QuantizeOpLowering, FusedQuantizeLowering, TileTransposeOpLowering>(
          patterns.getContext(), options);
}

//===----------------------------------------------------------------------===//
// ConvertFp8qToGPUPass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertFp8qToGPUPass
    : fp8q::impl::ConvertFp8qToGPUPassBase<ConvertFp8qToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (std::optional<std::string> reason = getUnsupportedChipReason(chip)) {
      emitError(module.getLoc()) << "convert-fp8q-to-gpu: " << *reason;
      return signalPassFailure();
    }
    // Diagnose every unsupported op before touching the IR.
    bool unsupported = false;
    module.walk([&](Operation *op) {
      if (!isa<QuantizeOp, TileTransposeOp>(op))
        return;
      if (std::optional<std::string> reason =
              getFp8qToGPUUnsupportedReason(op)) {
        op->emitOpError() << *reason;
        unsupported = true;
      }
    });
    if (unsupported)
      return signalPassFailure();

    Fp8qToGPUOptions options{getFp8qNVVMTarget(&getContext(), chip)};
    RewritePatternSet patterns(&getContext());
    populateFp8qToGPUPatterns(patterns, options);
    walkAndApplyPatterns(module, std::move(patterns));

    bool leftover = false;
    module.walk([&](Operation *op) {
      if (isa<QuantizeOp, TileTransposeOp>(op)) {
        op->emitOpError() << "was not lowered to a GPU kernel";
        leftover = true;
      }
    });
    if (leftover)
      return signalPassFailure();
    if (!module.getOps<gpu::GPUModuleOp>().empty())
      module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      UnitAttr::get(&getContext()));
  }
};
} // namespace
