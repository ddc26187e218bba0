//===- Fp8qToGPU.cpp - fp8q to GPU kernels --------------------------------===//
//
// Part of the fp8q project.
//
// Host side of the GPU lowering: one pattern per op (quantize,
// tile_transpose, block_transpose, scaled_matmul with gemm=wgmma) and one for
// the fused row/column quantize, each turning the op into host buffers, device
// buffers with the copies in and out (memory model `copy`), raw pointers,
// tensor maps (the GEMM) and sizes, a gpu.launch_func of the matching Hopper
// kernel (built on first use, Hopper/QuantizeKernels.cpp and
// Hopper/ScaledMatmulKernel.cpp) and bufferization.to_tensor of the results.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToGPU/Fp8qToGPU.h"

#include "fp8q/Conversion/ExtentChecks.h"
#include "fp8q/Conversion/Fp8qToLinalg/Fp8qToLinalg.h"
#include "fp8q/Conversion/Fp8qToGPU/Hopper/QuantizeKernels.h"
#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/IR/Fp8qOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
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
#include "llvm/Support/MathExtras.h"

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
/// Alignment of the host result buffers: at least the 16 bytes of the vector
/// stores and of the GEMM's tensor maps (memory model `unified` hands them
/// to the kernels; device buffers are 256-byte aligned by cuMemAlloc).
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
  if (rows == kCtaRows && cols == kCtaCols)
    return op.getTranspose() ? QuantKernelKind::BlockTransposed
                             : QuantKernelKind::Block;
  if (rows == kCtaRows && cols == 1 && op.getTranspose())
    return QuantKernelKind::ColumnWiseTransposed;
  return std::nullopt;
}

/// Checks that the static extents of every tensor operand and result of
/// `op` give a byte size (product of the extents and the element size) that
/// fits in int64, as the buffer allocations, copies and kernel offsets need;
/// dynamic extents are not bounded here.
std::optional<std::string> checkByteSizes(Operation *op) {
  auto check = [](Value value, StringRef kind,
                  unsigned number) -> std::optional<std::string> {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return std::nullopt;
    int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    for (int64_t extent : type.getShape())
      if (!ShapedType::isDynamic(extent) &&
          llvm::MulOverflow(bytes, extent, bytes))
        return llvm::formatv("the byte size of {0} #{1} ({2}) overflows "
                             "int64",
                             kind, number, type)
            .str();
    return std::nullopt;
  };
  for (OpOperand &operand : op->getOpOperands())
    if (std::optional<std::string> reason =
            check(operand.get(), "operand", operand.getOperandNumber()))
      return reason;
  for (OpResult result : op->getResults())
    if (std::optional<std::string> reason =
            check(result, "result", result.getResultNumber()))
      return reason;
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
  int64_t rowBytes = 0;
  if (!ShapedType::isDynamic(k) &&
      llvm::MulOverflow(k, elementBytes, rowBytes))
    return llvm::formatv("the row stride of {0} (K = {1} elements of {2} "
                         "bytes) overflows int64",
                         what, k, elementBytes)
        .str();
  if (!ShapedType::isDynamic(k) && rowBytes % kVectorBytes != 0)
    return llvm::formatv(
               "expected the row stride of {0} (K = {1} elements of {2} "
               "bytes = {3} bytes) to be a multiple of {4} bytes (the GPU "
               "kernels load rows with 16-byte vectors)",
               what, k, elementBytes, rowBytes, kVectorBytes)
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
/// complements `op` (1x128 vs. 128x1 with transpose) with the same scale
/// mode, eps and scale layout (the fused kernel compiles in one of each).
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
        other.getEps() != op.getEps() ||
        other.getScaleLayout() != op.getScaleLayout() ||
        getFp8qToGPUUnsupportedReason(other))
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
// Tensor maps
//===----------------------------------------------------------------------===//

/// The byte type of the tensor maps: `ui8`, the element type of
/// hopper::getTensorMapType's box (KernelInterface.cpp says why unsigned).
Type getTensorMapByteType(MLIRContext *context) {
  return IntegerType::get(context, 8, IntegerType::Unsigned);
}

/// An unranked `memref<*xui8>` viewing the dense row-major [rows, cols]
/// E4M3 array at `pointer` (the host-side operand of
/// nvgpu.tma.create.descriptor). Built as an LLVM memref descriptor cast
/// to a memref: no memref or tensor op reinterprets f8 as bytes in MLIR 22
/// (tensor.bitcast does not bufferize).
Value buildByteView(RewriterBase &rewriter, Location loc, Value pointer,
                    OpFoldResult rows, OpFoldResult cols) {
  MLIRContext *context = rewriter.getContext();
  Type i64 = rewriter.getI64Type();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto arrayType = LLVM::LLVMArrayType::get(i64, 2);
  auto descType = LLVM::LLVMStructType::getLiteral(
      context, {ptrType, ptrType, i64, arrayType, arrayType});
  auto toI64 = [&](OpFoldResult value) -> Value {
    if (std::optional<int64_t> constant = getConstantIntValue(value))
      return LLVM::ConstantOp::create(rewriter, loc, i64, *constant);
    return arith::IndexCastUIOp::create(rewriter, loc, i64,
                                        cast<Value>(value));
  };
  Value desc = LLVM::UndefOp::create(rewriter, loc, descType);
  auto insert = [&](Value value, ArrayRef<int64_t> position) {
    desc = LLVM::InsertValueOp::create(rewriter, loc, desc, value, position);
  };
  insert(pointer, {0});
  insert(pointer, {1});
  insert(LLVM::ConstantOp::create(rewriter, loc, i64, 0), {2});
  insert(toI64(rows), {3, 0});
  insert(toI64(cols), {3, 1});
  insert(toI64(cols), {4, 0});
  insert(LLVM::ConstantOp::create(rewriter, loc, i64, 1), {4, 1});
  SmallVector<int64_t, 2> shape;
  for (OpFoldResult extent : {rows, cols})
    shape.push_back(getConstantIntValue(extent).value_or(ShapedType::kDynamic));
  Type byteType = getTensorMapByteType(context);
  auto memrefType = MemRefType::get(shape, byteType);
  Value memref =
      UnrealizedConversionCastOp::create(rewriter, loc, memrefType, desc)
          .getResult(0);
  return memref::CastOp::create(
      rewriter, loc, UnrankedMemRefType::get(byteType, 0),
      memref);
}

//===----------------------------------------------------------------------===//
// LaunchEmitter
//===----------------------------------------------------------------------===//

/// Emits the host side of one kernel launch, step by step: the kernel (built
/// once per module), the host input buffers, host result allocations, then
/// the guarded launch (device buffers and copies, raw pointers, sizes,
/// gpu.launch_func), and the result tensors.
///
/// With the `copy` memory model a launch is one stream of work that the host
/// waits for, so the results are complete host memory when the launch ends:
///
/// ```
///   %t = gpu.wait async                         stream
///   gpu.alloc + gpu.memcpy (device <- host)     each input
///   gpu.alloc                                   each output
///   [nvgpu.tma.create.descriptor]               GEMM: on the device A and B
///   gpu.launch_func async                       kernel(device pointers, sizes)
///   gpu.memcpy (host <- device)                 each output
///   gpu.dealloc                                 each device buffer
///   gpu.wait [%t]                               host waits, stream destroyed
/// ```
class LaunchEmitter {
public:
  LaunchEmitter(RewriterBase &rewriter, Location loc, Operation *anchor,
                const Fp8qToGPUOptions &options)
      : rewriter(rewriter), loc(loc), anchor(anchor), options(options) {}

  /// Step 1: the source buffer and its extents M, K.
  void setSource(Value tensor);
  /// Step 1b: another input (tile_transpose's scales, the GEMM's operands)
  /// as a buffer.
  Value addInput(Value tensor);
  /// Step 2: a host result buffer of `type`, whose extents are the given
  /// expressions of M and K.
  Value allocate(RankedTensorType type, ArrayRef<OpFoldResult> extents);
  OpFoldResult getM() const { return sizeM; }
  OpFoldResult getK() const { return sizeK; }
  OpFoldResult ceilDiv(OpFoldResult extent, int64_t tile);
  /// `extent` * `factor`, folded when `extent` is a constant.
  OpFoldResult multiply(OpFoldResult extent, int64_t factor);
  /// Step 3: launches `config` on the inputs (in the order of setSource and
  /// addInput) and `outputs` (host result buffers, in kernel argument
  /// order), skipping empty sources and asserting the size requirements
  /// that are not static.
  void launch(const QuantKernelConfig &config, ArrayRef<Value> outputs);
  /// Step 3 (GEMM): launches the scaled_matmul kernel `config` on the
  /// inputs (a, sa, b, sb, [c], in the order of setSource and addInput) and
  /// the host result buffer `out`, with the tensor maps of A and B encoded
  /// on the buffers the kernel reads, and (M, N, K); persistent grid
  /// min(cdiv(M, BM) * cdiv(N, BN), ctas), skipped when M or N is zero.
  /// A grouped GEMM (config.grouping) also takes the rows of B (G N) and
  /// the sizes after M, N, K (G, and C when masked).
  struct GroupedSizes {
    OpFoldResult weightRows;
    SmallVector<OpFoldResult, 2> sizes;
  };
  void launchGemm(const hopper::GemmKernelConfig &config, Value out,
                  OpFoldResult sizeN, const GroupedSizes *grouped = nullptr);
  /// The kernel writes only part of the outputs: their host buffers hold
  /// the rest, and the `copy` memory model copies them to the device
  /// before the launch as well.
  void keepOutputContents() { outputsCopiedIn = true; }
  /// `memref` as a raw `!llvm.ptr` kernel argument.
  Value getPointer(Value memref);
  /// Step 4: the tensor of a result buffer.
  Value toTensor(Value memref, Type type);

private:
  gpu::GPUFuncOp getOrCreateKernel(const QuantKernelConfig &config);
  Value toBuffer(Value tensor);
  Value toIndex(OpFoldResult value);
  Value toI64(OpFoldResult value);
  void assertDynamicRequirements(const QuantKernelConfig &config, Value gridY);
  /// The launch grid `grid` for the rows M and `columns` (K or N) as index
  /// values: (x, y), y null for a 1-D grid. The same formula as the
  /// manifest's grid (LaunchGrid::getExpressions).
  std::pair<Value, Value> buildGrid(const LaunchGrid &grid,
                                    OpFoldResult columns);
  /// The launch itself: grid (gridX, gridY or 1, 1), `threads` x 1 x 1 threads,
  /// `sharedBytes` of dynamic shared memory, `args` in the kernel's order;
  /// asynchronous after `dependency` if there is one (then returns its
  /// token); in clusters of `clusterX` x 1 x 1 CTAs when clusterX > 1.
  /// Shared by the quantize and GEMM launches.
  Value emitLaunchFunc(gpu::GPUFuncOp kernel, Value gridX, Value gridY,
                       int64_t threads, int64_t sharedBytes,
                       ArrayRef<Value> args, Value dependency,
                       int64_t clusterX = 1);
  /// Emits the launch on `buffers` (the inputs, then the outputs, as the
  /// kernel reads and writes them), asynchronous after `dependency` if there
  /// is one; returns the launch's token (null when synchronous).
  using LaunchBuilder =
      function_ref<Value(ArrayRef<Value> buffers, Value dependency)>;
  /// The launch on the inputs and `outputs` in the memory model of the
  /// options: the host buffers themselves (`unified`) or device copies
  /// (`copy`, emitCopyingLaunch).
  void emitLaunch(ArrayRef<Value> outputs, LaunchBuilder build);
  /// Memory model `copy`: device buffers, copies, `build` on the device
  /// buffers, copies back, frees, wait.
  void emitCopyingLaunch(ArrayRef<Value> outputs, LaunchBuilder build);
  /// The tensor map `map` (a TensorMap parameter of the kernel ABI) of the
  /// dense row-major array at `pointer` (an `!llvm.ptr`) as [rows,
  /// rowBytes] bytes (an E4M3 operand: rowBytes = K), as a `!llvm.ptr`
  /// kernel argument.
  Value createTensorMap(Value pointer, OpFoldResult rows, OpFoldResult rowBytes,
                        const KernelArg &map);
  /// A device buffer shaped like the host buffer `like`, allocated on the
  /// stream after `token` (updated).
  Value allocateOnDevice(Value like, Value &token);

  RewriterBase &rewriter;
  Location loc;
  Operation *anchor;
  const Fp8qToGPUOptions &options;
  /// Host buffers of the inputs: the source first.
  SmallVector<Value, 5> inputs;
  OpFoldResult sizeM, sizeK;
  int64_t sourceBytes = 0;
  /// keepOutputContents().
  bool outputsCopiedIn = false;
};

/// Identity layout: a strided tensor is copied into a dense buffer by
/// bufferization, as the kernels and gpu.memcpy need.
Value LaunchEmitter::toBuffer(Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  return bufferization::ToBufferOp::create(rewriter, loc, memrefType, tensor,
                                           /*read_only=*/true);
}

Value LaunchEmitter::addInput(Value tensor) {
  inputs.push_back(toBuffer(tensor));
  return inputs.back();
}

void LaunchEmitter::setSource(Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  addInput(tensor);
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

OpFoldResult LaunchEmitter::multiply(OpFoldResult extent, int64_t factor) {
  if (std::optional<int64_t> value = getConstantIntValue(extent))
    return rewriter.getIndexAttr(*value * factor);
  Value factorValue = arith::ConstantIndexOp::create(rewriter, loc, factor);
  return arith::MulIOp::create(rewriter, loc, toIndex(extent), factorValue)
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

/// The map is built from a ui8 view (buildByteView, getTensorMapByteType),
/// which the kernel reads as E4M3 bytes (or writes as bf16 pairs).
Value LaunchEmitter::createTensorMap(Value pointer, OpFoldResult rows,
                                     OpFoldResult rowBytes,
                                     const KernelArg &map) {
  MLIRContext *context = rewriter.getContext();
  Value unranked = buildByteView(rewriter, loc, pointer, rows, rowBytes);
  auto descType = getTensorMapType(context, map);
  SmallVector<Value, 2> box;
  for (int64_t extent : map.box)
    box.push_back(arith::ConstantIndexOp::create(rewriter, loc, extent));
  Value desc = nvgpu::TmaCreateDescriptorOp::create(rewriter, loc, descType,
                                                    unranked, box);
  // The lowered descriptor is the device address of the 128-byte map.
  return UnrealizedConversionCastOp::create(
             rewriter, loc, LLVM::LLVMPointerType::get(context), desc)
      .getResult(0);
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

std::pair<Value, Value> LaunchEmitter::buildGrid(const LaunchGrid &grid,
                                                 OpFoldResult columns) {
  if (grid.fixedCtas > 0)
    return {arith::ConstantIndexOp::create(rewriter, loc, grid.fixedCtas),
            Value()};
  Value columnTiles = toIndex(ceilDiv(columns, grid.columnTile));
  Value rows = toIndex(ceilDiv(sizeM, grid.rowTile));
  if (grid.rowTilesPerCta > 1)
    rows = rewriter.createOrFold<arith::CeilDivUIOp>(
        loc, rows,
        arith::ConstantIndexOp::create(rewriter, loc, grid.rowTilesPerCta));
  if (!grid.flat)
    return {columnTiles, rows};
  Value ctas = rewriter.createOrFold<arith::MulIOp>(loc, rows, columnTiles);
  if (grid.maxCtas > 0)
    ctas = rewriter.createOrFold<arith::MinUIOp>(
        loc, ctas,
        arith::ConstantIndexOp::create(rewriter, loc,
                                       grid.maxCtas / grid.clusterCtas));
  if (grid.clusterCtas > 1)
    ctas = rewriter.createOrFold<arith::MulIOp>(
        loc, ctas,
        arith::ConstantIndexOp::create(rewriter, loc, grid.clusterCtas));
  return {ctas, Value()};
}

Value LaunchEmitter::emitLaunchFunc(gpu::GPUFuncOp kernel, Value gridX,
                                    Value gridY, int64_t threads,
                                    int64_t sharedBytes, ArrayRef<Value> args,
                                    Value dependency, int64_t clusterX) {
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  if (!gridY)
    gridY = one;
  Value blockX = arith::ConstantIndexOp::create(rewriter, loc, threads);
  Value shared = arith::ConstantIntOp::create(rewriter, loc, sharedBytes, 32);
  Type tokenType;
  SmallVector<Value, 1> dependencies;
  if (dependency) {
    tokenType = gpu::AsyncTokenType::get(rewriter.getContext());
    dependencies.push_back(dependency);
  }
  std::optional<gpu::KernelDim3> cluster;
  if (clusterX > 1)
    cluster = gpu::KernelDim3{
        arith::ConstantIndexOp::create(rewriter, loc, clusterX), one, one};
  auto launchOp = gpu::LaunchFuncOp::create(
      rewriter, loc, kernel, gpu::KernelDim3{gridX, gridY, one},
      gpu::KernelDim3{blockX, one, one}, shared, args, tokenType, dependencies,
      cluster);
  return launchOp.getAsyncToken();
}

Value LaunchEmitter::allocateOnDevice(Value like, Value &token) {
  auto type = cast<MemRefType>(like.getType());
  SmallVector<Value, 2> dynamicSizes;
  for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(rewriter, loc, like, dim));
  auto alloc = gpu::AllocOp::create(
      rewriter, loc, type, gpu::AsyncTokenType::get(rewriter.getContext()),
      ValueRange{token}, dynamicSizes, /*symbolOperands=*/ValueRange{},
      /*hostShared=*/false);
  // NOTE: device memory is freed by the gpu.dealloc of this launch: ownership
  // based buffer deallocation must neither free it with memref.dealloc nor
  // reject the gpu.dealloc.
  alloc->setAttr(bufferization::BufferizationDialect::kManualDeallocation,
                 rewriter.getUnitAttr());
  token = alloc.getAsyncToken();
  return alloc.getMemref();
}

void LaunchEmitter::emitCopyingLaunch(ArrayRef<Value> outputs,
                                      LaunchBuilder build) {
  Type tokenType = gpu::AsyncTokenType::get(rewriter.getContext());
  // One stream, created by the first gpu.wait; every step depends on the
  // previous one, so they run in order on it.
  Value token = gpu::WaitOp::create(rewriter, loc, tokenType, ValueRange{})
                    .getAsyncToken();
  SmallVector<Value, 7> deviceBuffers;
  for (Value input : inputs) {
    Value device = allocateOnDevice(input, token);
    token = gpu::MemcpyOp::create(rewriter, loc, tokenType, ValueRange{token},
                                  device, input)
                .getAsyncToken();
    deviceBuffers.push_back(device);
  }
  for (Value output : outputs) {
    Value device = allocateOnDevice(output, token);
    if (outputsCopiedIn)
      token = gpu::MemcpyOp::create(rewriter, loc, tokenType, ValueRange{token},
                                    device, output)
                  .getAsyncToken();
    deviceBuffers.push_back(device);
  }

  token = build(deviceBuffers, token);

  for (auto [output, device] :
       llvm::zip(outputs, ArrayRef(deviceBuffers).drop_front(inputs.size())))
    token = gpu::MemcpyOp::create(rewriter, loc, tokenType, ValueRange{token},
                                  output, device)
                .getAsyncToken();
  for (Value device : deviceBuffers) {
    auto dealloc = gpu::DeallocOp::create(rewriter, loc, tokenType,
                                          ValueRange{token}, device);
    dealloc->setAttr(bufferization::BufferizationDialect::kManualDeallocation,
                     rewriter.getUnitAttr());
    token = dealloc.getAsyncToken();
  }
  // The host waits for the stream (and destroys it): the results are in the
  // host buffers from here on.
  gpu::WaitOp::create(rewriter, loc, Type(), ValueRange{token});
}

void LaunchEmitter::emitLaunch(ArrayRef<Value> outputs, LaunchBuilder build) {
  switch (options.memoryModel) {
  case Fp8qToGPUMemoryModel::Copy:
    emitCopyingLaunch(outputs, build);
    return;
  case Fp8qToGPUMemoryModel::Unified: {
    SmallVector<Value, 7> buffers(inputs.begin(), inputs.end());
    llvm::append_range(buffers, outputs);
    build(buffers, /*dependency=*/Value());
    return;
  }
  }
}

void LaunchEmitter::launch(const QuantKernelConfig &config,
                           ArrayRef<Value> outputs) {
  std::optional<int64_t> staticM = getConstantIntValue(sizeM);
  std::optional<int64_t> staticK = getConstantIntValue(sizeK);
  if ((staticM && *staticM == 0) || (staticK && *staticK == 0))
    return; // Nothing to compute: the results are empty.
  gpu::GPUFuncOp kernel = getOrCreateKernel(config);
  LLVM_DEBUG(llvm::dbgs() << "launching " << config.getName() << " at " << loc
                          << "\n");

  // Grid of 256-thread CTAs (hopper::getLaunchGrid): (cdiv(K, 128),
  // cdiv(M, 128), 1) for the register kernels, cdiv(cdiv(M, 128), T) *
  // cdiv(K, 128) for the staged ones (T row tiles per CTA).
  std::pair<Value, Value> grid = buildGrid(getLaunchGrid(config), sizeK);
  Value gridX = grid.first, gridY = grid.second;
  assertDynamicRequirements(config, gridY);

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
  emitLaunch(outputs, [&](ArrayRef<Value> buffers, Value dependency) {
    // Arguments in the order of hopper::getKernelInterface: the pointers
    // (inputs, then outputs), then M and K.
    SmallVector<Value, 9> args;
    for (Value buffer : buffers)
      args.push_back(getPointer(buffer));
    args.push_back(toI64(sizeM));
    args.push_back(toI64(sizeK));
    return emitLaunchFunc(kernel, gridX, gridY, kCtaThreads,
                          config.getDynamicSharedMemoryBytes(), args,
                          dependency);
  });
}

void LaunchEmitter::launchGemm(const GemmKernelConfig &config, Value out,
                               OpFoldResult sizeN,
                               const GroupedSizes *grouped) {
  std::optional<int64_t> staticM = getConstantIntValue(sizeM);
  std::optional<int64_t> staticN = getConstantIntValue(sizeN);
  if ((staticM && *staticM == 0) || (staticN && *staticN == 0))
    return;
  auto module = anchor->getParentOfType<ModuleOp>();
  std::string name = config.getName();
  auto kernelModule = module.lookupSymbol<gpu::GPUModuleOp>(name);
  if (!kernelModule) {
    OpBuilder builder(module.getContext());
    builder.setInsertionPointToEnd(module.getBody());
    kernelModule = buildScaledMatmulKernelModule(builder, module.getLoc(),
                                                 config, options.target);
  }
  auto kernel = kernelModule.lookupSymbol<gpu::GPUFuncOp>(name);
  LLVM_DEBUG(llvm::dbgs() << "launching " << name << " at " << loc << "\n");
  // Persistent grid: min(tiles, ctas) CTAs loop over the result tiles.
  Value gridX = buildGrid(getLaunchGrid(config), sizeN).first;
  OpBuilder::InsertionGuard guard(rewriter);
  if (!staticM || !staticN) {
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value rows = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt,
                                       toIndex(sizeM), zero);
    Value cols = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt,
                                       toIndex(sizeN), zero);
    auto ifOp = scf::IfOp::create(
        rewriter, loc, arith::AndIOp::create(rewriter, loc, rows, cols),
        /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  }
  emitLaunch(out, [&](ArrayRef<Value> buffers, Value dependency) {
    // NOTE: a tensor map holds the global address of its tensor, so it is
    // encoded on the buffers the kernel reads: the device copies with
    // memory model `copy`.
    Value a = getPointer(buffers[0]), b = getPointer(buffers[2]);
    // Arguments in the order of the kernel ABI (docs/GPU.md): a, a_map, sa,
    // b, b_map, sb, [c], out, then M, N, K.
    KernelInterface interface = getKernelInterface(config);
    SmallVector<Value, 12> args{
        a,
        createTensorMap(a, sizeM, sizeK, interface.args[1]),
        getPointer(buffers[1]),
        b,
        createTensorMap(b, grouped ? grouped->weightRows : sizeN, sizeK,
                        interface.args[4]),
        getPointer(buffers[3])};
    for (Value buffer : buffers.drop_front(4))
      args.push_back(getPointer(buffer)); // [groups], [c], out
    // [out_map]: the result's bytes, [M, N * 2].
    if (config.tmaStore) {
      // args.back() is `out`; the map's KernelArg is the next in the ABI.
      args.push_back(createTensorMap(args.back(), sizeM,
                                     multiply(sizeN, config.getOutBytes()),
                                     interface.args[args.size()]));
    }
    args.push_back(toI64(sizeM));
    args.push_back(toI64(sizeN));
    args.push_back(toI64(sizeK));
    if (grouped)
      for (OpFoldResult size : grouped->sizes)
        args.push_back(toI64(size)); // G, [C]
    return emitLaunchFunc(kernel, gridX, /*gridY=*/Value(), config.getThreads(),
                          config.getDynamicSharedMemoryBytes(), args,
                          dependency, config.getClusterCtas());
  });
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
  if (op.getScaleLayout() == ScaleLayout::mn_major)
    std::swap(scaleExtents[0], scaleExtents[1]);
  return {emitter.allocate(op.getQ().getType(), codeExtents),
          emitter.allocate(op.getScale().getType(), scaleExtents)};
}

QuantKernelConfig getConfig(QuantKernelKind kind, QuantizeOp op) {
  Type element = op.getSource().getType().getElementType();
  return {kind, *getSourceElement(element), op.getScaleMode(),
          op.getEps().convertToFloat(), op.getScaleLayout()};
}

/// A pattern of this lowering: fails the match on an op
/// getFp8qToGPUUnsupportedReason rejects, else calls `lower`.
template <typename OpT>
struct Fp8qToGPUPattern : OpRewritePattern<OpT> {
  Fp8qToGPUPattern(MLIRContext *context, const Fp8qToGPUOptions &options,
                   PatternBenefit benefit = 1)
      : OpRewritePattern<OpT>(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const final {
    if (std::optional<std::string> reason =
            getFp8qToGPUUnsupportedReason(op, options))
      return rewriter.notifyMatchFailure(op, *reason);
    return lower(op, rewriter);
  }
  virtual LogicalResult lower(OpT op, PatternRewriter &rewriter) const = 0;

  /// A copy: the patterns may outlive the caller's options.
  Fp8qToGPUOptions options;
};

/// fp8q.quantize (1x128, 128x128, or 128x1 with transpose) -> one launch.
struct QuantizeOpLowering : Fp8qToGPUPattern<QuantizeOp> {
  using Fp8qToGPUPattern::Fp8qToGPUPattern;

  LogicalResult lower(QuantizeOp op,
                      PatternRewriter &rewriter) const override {
    if (findFusionPartner(op))
      return rewriter.notifyMatchFailure(op, "lowered with its fusion partner");
    buildDynamicExtentChecks(rewriter, op);
    LaunchEmitter emitter(rewriter, op.getLoc(), op, options);
    emitter.setSource(op.getSource());
    ResultBuffers results = allocateQuantizeResults(emitter, op);
    QuantKernelConfig config = getConfig(*getQuantizeKind(op), op);
    emitter.launch(config, {results.codes, results.scales});
    rewriter.replaceOp(
        op, {emitter.toTensor(results.codes, op.getQ().getType()),
             emitter.toTensor(results.scales, op.getScale().getType())});
    return success();
  }
};

/// A 1x128 quantize and a 128x1 transposed quantize of the same source ->
/// one launch of the fused kernel, which reads the source once. Rooted at
/// the later op of the pair; the launch goes where the earlier one was.
struct FusedQuantizeLowering : Fp8qToGPUPattern<QuantizeOp> {
  FusedQuantizeLowering(MLIRContext *context, const Fp8qToGPUOptions &options)
      : Fp8qToGPUPattern(context, options, /*benefit=*/2) {}

  LogicalResult lower(QuantizeOp op,
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

    // The extent checks of each op go where the op was: the later op's
    // outputs may be defined after the launch. (The kernel writes the
    // buffers sized from the source, so no launch depends on them.)
    buildDynamicExtentChecks(rewriter, op);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(partner);
    buildDynamicExtentChecks(rewriter, partner);
    LaunchEmitter emitter(rewriter, partner.getLoc(), op, options);
    emitter.setSource(op.getSource());
    ResultBuffers rows = allocateQuantizeResults(emitter, rowOp);
    ResultBuffers cols = allocateQuantizeResults(emitter, colOp);
    QuantKernelConfig config = getConfig(QuantKernelKind::Fused, op);
    emitter.launch(config, {rows.codes, rows.scales, cols.codes, cols.scales});
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
};

/// A transpose op (q [M, K], scale) -> (q_t [K, M], scale_t) as one launch
/// of `config`; `scaleRows` is scale_t's row count, its columns are
/// ceil(M/128).
template <typename OpT>
LogicalResult
lowerTranspose(OpT op, PatternRewriter &rewriter,
               const Fp8qToGPUOptions &options, const QuantKernelConfig &config,
               function_ref<OpFoldResult(LaunchEmitter &)> scaleRows) {
  buildDynamicExtentChecks(rewriter, op);
  LaunchEmitter emitter(rewriter, op.getLoc(), op, options);
  emitter.setSource(op.getQ());
  emitter.addInput(op.getScale());
  OpFoldResult m = emitter.getM(), k = emitter.getK();
  Value codes = emitter.allocate(op.getQT().getType(), {k, m});
  Value scales =
      emitter.allocate(op.getScaleT().getType(),
                       {scaleRows(emitter), emitter.ceilDiv(m, kCtaRows)});
  emitter.launch(config, {codes, scales});
  rewriter.replaceOp(op, {emitter.toTensor(codes, op.getQT().getType()),
                          emitter.toTensor(scales, op.getScaleT().getType())});
  return success();
}

/// fp8q.tile_transpose (1x128) -> one launch; scale_t [K, ceil(M/128)].
struct TileTransposeOpLowering : Fp8qToGPUPattern<TileTransposeOp> {
  using Fp8qToGPUPattern::Fp8qToGPUPattern;

  LogicalResult lower(TileTransposeOp op,
                      PatternRewriter &rewriter) const override {
    QuantKernelConfig config{QuantKernelKind::TileTranspose,
                             SourceElement::E4M3, op.getScaleMode(),
                             op.getEps().convertToFloat()};
    return lowerTranspose(op, rewriter, options, config,
                          [](LaunchEmitter &e) { return e.getK(); });
  }
};

/// fp8q.block_transpose (128x128) -> one launch: the codes and the scale
/// grid transposed, scale_t [ceil(K/128), ceil(M/128)].
struct BlockTransposeOpLowering : Fp8qToGPUPattern<BlockTransposeOp> {
  using Fp8qToGPUPattern::Fp8qToGPUPattern;

  LogicalResult lower(BlockTransposeOp op,
                      PatternRewriter &rewriter) const override {
    QuantKernelConfig config{QuantKernelKind::BlockTranspose,
                             SourceElement::E4M3, ScaleMode::fp32};
    return lowerTranspose(op, rewriter, options, config, [](LaunchEmitter &e) {
      return e.ceilDiv(e.getK(), kCtaCols);
    });
  }
};

/// fp8q.scaled_matmul -> one launch of the Hopper GEMM kernel (gemm=wgmma).
/// A and B also go to the kernel as TMA descriptors, encoded on the host
/// from ui8 views of the buffers the kernel reads (LaunchEmitter::launchGemm).
struct ScaledMatmulOpLowering : Fp8qToGPUPattern<ScaledMatmulOp> {
  using Fp8qToGPUPattern::Fp8qToGPUPattern;

  LogicalResult lower(ScaledMatmulOp op,
                      PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    GemmKernelConfig config = getGemmKernelConfig(op, options);
    buildDynamicExtentChecks(rewriter, op);
    LaunchEmitter emitter(rewriter, loc, op, options);
    emitter.setSource(op.getA());
    emitter.addInput(op.getAScale());
    emitter.addInput(op.getB());
    emitter.addInput(op.getBScale());
    if (config.accumulate)
      emitter.addInput(op.getInit());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    OpFoldResult n =
        bType.isDynamicDim(0)
            ? OpFoldResult(
                  tensor::DimOp::create(rewriter, loc, op.getB(), 0)
                      .getResult())
            : OpFoldResult(rewriter.getIndexAttr(bType.getDimSize(0)));
    auto outType = cast<RankedTensorType>(op.getInit().getType());
    Value out = emitter.allocate(outType, {emitter.getM(), n});
    emitter.launchGemm(config, out, n);
    rewriter.replaceOp(op, emitter.toTensor(out, outType));
    return success();
  }
};

/// fp8q.grouped_scaled_matmul (gemm=wgmma) -> the grouped GEMM kernel:
/// the offsets or counts checked on the host as the reference lowering
/// checks them, A (masked: [G C, K]), B [G N, K] and the scales as 2-D
/// arrays, and the result buffer initialized with `init` (the kernel writes
/// only the rows of the groups).
struct GroupedScaledMatmulOpLowering
    : Fp8qToGPUPattern<GroupedScaledMatmulOp> {
  using Fp8qToGPUPattern::Fp8qToGPUPattern;

  LogicalResult lower(GroupedScaledMatmulOp op,
                      PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    GemmKernelConfig config = getGemmKernelConfig(op, options);
    buildDynamicExtentChecks(rewriter, op);
    GroupedScaledMatmulOperands operands = getGroupedScaledMatmulOperands(op);
    buildGroupIndexCheck(rewriter, loc, operands, describeOpForChecks(op));
    // [X, Y, Z] -> [X Y, Z].
    auto rows = [&](Value tensor) -> Value {
      if (cast<RankedTensorType>(tensor.getType()).getRank() == 2)
        return tensor;
      return tensor::CollapseShapeOp::create(
          rewriter, loc, tensor, ArrayRef<ReassociationIndices>{{0, 1}, {2}});
    };
    auto extent = [&](Value tensor, int64_t dim) -> OpFoldResult {
      return tensor::getMixedSizes(rewriter, loc, tensor)[dim];
    };
    Value init = rows(op.getInit());
    LaunchEmitter emitter(rewriter, loc, op, options);
    emitter.setSource(rows(op.getA()));
    emitter.addInput(rows(op.getAScale()));
    Value b = rows(op.getB());
    emitter.addInput(b);
    emitter.addInput(rows(op.getBScale()));
    emitter.addInput(op.getGroups());
    if (config.accumulate)
      emitter.addInput(init);
    LaunchEmitter::GroupedSizes sizes;
    sizes.weightRows = extent(b, 0);
    sizes.sizes.push_back(extent(op.getB(), 0)); // G
    if (op.isMasked())
      sizes.sizes.push_back(extent(op.getA(), 1)); // C
    OpFoldResult n = extent(op.getB(), 1);
    auto outType = cast<RankedTensorType>(init.getType());
    Value out = emitter.allocate(outType, {emitter.getM(), n});
    // The rows in no group are init's.
    Value initBuffer = bufferization::ToBufferOp::create(
        rewriter, loc,
        MemRefType::get(outType.getShape(), outType.getElementType()), init,
        /*read_only=*/true);
    memref::CopyOp::create(rewriter, loc, initBuffer, out);
    emitter.keepOutputContents();
    emitter.launchGemm(config, out, n, &sizes);
    Value result = emitter.toTensor(out, outType);
    if (op.isMasked())
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, op.getInit().getType(), result,
          ArrayRef<ReassociationIndices>{{0, 1}, {2}});
    rewriter.replaceOp(op, result);
    return success();
  }
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

GemmKernelConfig fp8q::getGemmKernelConfig(Operation *scaledMatmul,
                                           const Fp8qToGPUOptions &options) {
  GemmKernelConfig config;
  if (auto grouped = dyn_cast<GroupedScaledMatmulOp>(scaledMatmul)) {
    config.grouping = grouped.isMasked() ? GemmGrouping::Masked
                                         : GemmGrouping::Contiguous;
    config.out = cast<RankedTensorType>(grouped.getInit().getType())
                         .getElementType()
                         .isF32()
                     ? GemmOutElement::F32
                     : GemmOutElement::BF16;
    config.accumulate = grouped.getAccumulate();
    config.groupSize = grouped.getGroupSize();
    config.promotionInterval = grouped.getPromotionInterval();
    config.promotion = options.gemmPromotion;
    config.tile = options.gemmTile;
    // NOTE: a cluster's tiles would straddle groups (gemm-cluster,
    // gemm-cluster-n and gemm-split-k apply to single GEMMs).
    config.tile.clusterM = 1;
    config.tile.clusterN = 1;
    config.tile.splitK = 1;
    return config;
  }
  auto op = cast<ScaledMatmulOp>(scaledMatmul);
  config.bScaling = op.getEffectiveBTile().getRows() == 1 ? GemmBScaling::Row
                                                          : GemmBScaling::Block;
  config.out = cast<RankedTensorType>(op.getInit().getType())
                       .getElementType()
                       .isF32()
                   ? GemmOutElement::F32
                   : GemmOutElement::BF16;
  config.accumulate = op.getAccumulate();
  config.aScaleMnMajor = op.getAScaleLayout() == ScaleLayout::mn_major;
  config.groupSize = op.getGroupSize();
  config.promotionInterval = op.getPromotionInterval();
  config.promotion = options.gemmPromotion;
  config.tile = options.gemmTile;
  auto result = cast<RankedTensorType>(op.getInit().getType());
  auto a = cast<RankedTensorType>(op.getA().getType());
  if (options.gemmAutoTile && result.hasStaticShape())
    config.tile =
        chooseGemmTile(result.getDimSize(0), result.getDimSize(1),
                       a.isDynamicDim(1) ? 0 : a.getDimSize(1), config);
  config.tile.clusterM = options.gemmTile.clusterM;
  config.tile.clusterN = options.gemmTile.clusterN;
  config.tile.splitK = options.gemmTile.splitK;
  // Split-K where the option leaves it to the tile choice (0, the default).
  if (options.gemmAutoSplitK && options.gemmAutoTile &&
      result.hasStaticShape())
    config.tile = splitGemmTile(result.getDimSize(0), result.getDimSize(1),
                                a.isDynamicDim(1) ? 0 : a.getDimSize(1),
                                config);
  // The TMA store: wherever the kernel can take it with the option (the
  // out_map needs N % 8 == 0: a static N that is not keeps the threads'
  // stores, a dynamic one is checked where the map is encoded), where it
  // was measured to pay with the tiling left to the pass.
  if (options.gemmTmaStore)
    config.tmaStore = config.canUseTmaStore() &&
                      (result.isDynamicDim(1) || result.getDimSize(1) % 8 == 0);
  else if (options.gemmAutoTile && result.hasStaticShape())
    config.tmaStore =
        prefersTmaStore(result.getDimSize(0), result.getDimSize(1),
                        a.isDynamicDim(1) ? 0 : a.getDimSize(1), config);
  if (config.tmaStore)
    return config;
  // NOTE: H200 (bench/results/h200-s10-storer.txt): the producer's storer
  // warps ran 1.07x at K = 512 and 1.02x at K = 1024 and lost 3-5 % from K
  // = 1536 on; storers that sleep between their polls lost as much there
  // (h200-s12.txt, call 1), so it is not their spinning waits.
  if (options.gemmAutoTile && result.hasStaticShape() &&
      !a.isDynamicDim(1) && a.getDimSize(1) <= kEpilogueStorersMaxK &&
      config.canUseEpilogueStorers())
    config.epilogueStorers = true;
  return config;
}

namespace {
/// The GEMM kernel's limits, for fp8q.scaled_matmul and
/// fp8q.grouped_scaled_matmul (`bTile`: 128x128 blocks for the latter).
std::optional<std::string>
getGemmUnsupportedReason(Operation *op, TileAttr bTile,
                         const Fp8qToGPUOptions &options) {
  auto matmul = dyn_cast<ScaledMatmulOp>(op);
  auto grouped = dyn_cast<GroupedScaledMatmulOp>(op);
  int64_t group = matmul ? matmul.getGroupSize() : grouped.getGroupSize();
  if (group % kGemmBlockK != 0)
    return llvm::formatv("unsupported group_size {0} on the GPU path: the "
                         "wgmma kernel takes groups of a multiple of {1} K "
                         "elements",
                         group, kGemmBlockK)
        .str();
  if (bTile.getRows() != group && bTile.getRows() != 1)
    return llvm::formatv("unsupported b_tile {0} on the GPU path: the wgmma "
                         "kernel covers GxG weight blocks and 1xG rows "
                         "(Wgrad), G = group_size = {1}",
                         tileName(bTile), group)
        .str();
  int64_t interval =
      matmul ? matmul.getPromotionInterval() : grouped.getPromotionInterval();
  bool subBlock = interval >= kWgmmaK && interval < kGemmBlockK &&
                  kGemmBlockK % interval == 0;
  if (!subBlock && interval % kGemmBlockK != 0)
    return llvm::formatv("unsupported promotion_interval {0} on the GPU "
                         "path: the wgmma kernel promotes every 32 or 64 K "
                         "elements, or after a multiple of {1}",
                         interval, kGemmBlockK)
        .str();
  auto aType = cast<RankedTensorType>(op->getOperand(0).getType());
  int64_t k = aType.getDimSize(aType.getRank() - 1);
  if (ShapedType::isDynamic(k))
    return std::string("expected a static K on the GPU path (the wgmma "
                       "kernel's K loop is checked at compile time)");
  if (k == 0 || k % kGemmBlockK != 0)
    return llvm::formatv("expected K ({0}) to be a positive multiple of {1} "
                         "on the GPU path (one TMA box and scale group per "
                         "128 K elements)",
                         k, kGemmBlockK)
        .str();
  GemmKernelConfig config = getGemmKernelConfig(op, options);
  if (std::optional<std::string> reason = config.getInvalidReason())
    return "unsupported GEMM kernel configuration: " + *reason;
  return std::nullopt;
}
} // namespace

std::optional<std::string>
fp8q::getFp8qToGPUUnsupportedReason(Operation *op,
                                    const Fp8qToGPUOptions &options) {
  if (auto matmul = dyn_cast<ScaledMatmulOp>(op)) {
    if (!options.gemmWgmma)
      return std::string("left to the host (gemm=host)");
    if (std::optional<std::string> reason = checkByteSizes(op))
      return reason;
    return getGemmUnsupportedReason(op, matmul.getEffectiveBTile(), options);
  }
  if (auto grouped = dyn_cast<GroupedScaledMatmulOp>(op)) {
    if (!options.gemmWgmma)
      return std::string("left to the host (gemm=host)");
    if (std::optional<std::string> reason = checkByteSizes(op))
      return reason;
    int64_t group = grouped.getGroupSize();
    return getGemmUnsupportedReason(
        op, TileAttr::get(op->getContext(), group, group), options);
  }
  if (isa<QuantizeOp, TileTransposeOp, BlockTransposeOp>(op))
    if (std::optional<std::string> reason = checkByteSizes(op))
      return reason;
  if (auto quantize = dyn_cast<QuantizeOp>(op)) {
    if (!getQuantizeKind(quantize))
      return llvm::formatv(
                 "unsupported tile {0}{1} on the GPU path: the kernels cover "
                 "1x128, 128x128 (with or without transpose) and 128x1 "
                 "with transpose",
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
  if (auto transpose = dyn_cast<BlockTransposeOp>(op)) {
    TileAttr tile = transpose.getTile();
    if (tile.getRows() != kCtaRows || tile.getCols() != kCtaCols)
      return llvm::formatv("unsupported tile {0} on the GPU path: the kernel "
                           "covers 128x128",
                           tileName(tile))
          .str();
    QuantKernelConfig config{QuantKernelKind::BlockTranspose,
                             SourceElement::E4M3, ScaleMode::fp32};
    return checkSourceShape(transpose.getQ().getType().getShape(), 1, config,
                            "q");
  }
  return std::string("not lowered by convert-fp8q-to-gpu");
}

void fp8q::populateFp8qToGPUPatterns(RewritePatternSet &patterns,
                                     const Fp8qToGPUOptions &options) {
  patterns
      .add<QuantizeOpLowering, FusedQuantizeLowering, TileTransposeOpLowering,
           BlockTransposeOpLowering, ScaledMatmulOpLowering,
           GroupedScaledMatmulOpLowering>(
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
    if (gemm != "host" && gemm != "wgmma") {
      emitError(module.getLoc())
          << "convert-fp8q-to-gpu: unknown gemm lowering '" << gemm
          << "' (expected host or wgmma)";
      return signalPassFailure();
    }
    if (gemmPromotion != getGemmPromotionName(GemmPromotion::FMA) &&
        gemmPromotion != getGemmPromotionName(GemmPromotion::MulAdd)) {
      emitError(module.getLoc())
          << "convert-fp8q-to-gpu: unknown gemm-promotion '" << gemmPromotion
          << "' (expected fma or mul-add)";
      return signalPassFailure();
    }
    Fp8qToGPUOptions options{getFp8qNVVMTarget(&getContext(), chip),
                             memoryModel};
    options.gemmWgmma = gemm == "wgmma";
    options.gemmTmaStore = gemmTmaStore;
    options.gemmPromotion =
        gemmPromotion == getGemmPromotionName(GemmPromotion::FMA)
            ? GemmPromotion::FMA
            : GemmPromotion::MulAdd;
    // All three 0 (the default): each GEMM's tiling is chosen from its
    // shape; otherwise the given ones with the 128x128, 4-stage defaults
    // for those left at 0.
    options.gemmAutoTile = gemmBlockM == 0 && gemmBlockN == 0 && gemmStages == 0;
    GemmTileConfig defaults;
    options.gemmTile = {gemmBlockM ? gemmBlockM : defaults.blockM,
                        gemmBlockN ? gemmBlockN : defaults.blockN,
                        gemmStages ? gemmStages : defaults.stages, gemmCtas,
                        gemmCluster, gemmSplitK ? gemmSplitK : 1,
                        gemmClusterN};
    options.gemmAutoSplitK = gemmSplitK == 0;
    // The tiling alone (the Wgrad form allows every BLOCK_N; the weight
    // block form is checked per op).
    GemmKernelConfig tiling;
    tiling.bScaling = GemmBScaling::Row;
    tiling.tile = options.gemmTile;
    if (std::optional<std::string> reason = tiling.getInvalidReason()) {
      emitError(module.getLoc())
          << "convert-fp8q-to-gpu: invalid GEMM tiling: " << *reason;
      return signalPassFailure();
    }
    auto isLowered = [&](Operation *op) {
      return isa<QuantizeOp, TileTransposeOp, BlockTransposeOp>(op) ||
             (options.gemmWgmma &&
              isa<ScaledMatmulOp, GroupedScaledMatmulOp>(op));
    };
    // Diagnose every unsupported op before touching the IR.
    bool unsupported = false;
    module.walk([&](Operation *op) {
      if (!isLowered(op))
        return;
      if (std::optional<std::string> reason =
              getFp8qToGPUUnsupportedReason(op, options)) {
        op->emitOpError() << *reason;
        unsupported = true;
      }
    });
    if (unsupported)
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    populateFp8qToGPUPatterns(patterns, options);
    walkAndApplyPatterns(module, std::move(patterns));

    bool leftover = false;
    module.walk([&](Operation *op) {
      if (isLowered(op)) {
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
