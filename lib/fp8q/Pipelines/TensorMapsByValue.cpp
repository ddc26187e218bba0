//===- TensorMapsByValue.cpp - by-value tensor maps on the host -----------===//
//
// Part of the fp8q project.
//
// The host side of kernels that take TMA tensor maps as by-value grid
// constants (Passes.td, fp8q-tensor-maps-by-value): launch operands of
// `llvm.byval` parameters become the values they point at, and the maps they
// come from are encoded into host stack memory.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Pipelines/Passes.h"

#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelInterface.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "fp8q-tensor-maps-by-value"

namespace mlir::fp8q {
#define GEN_PASS_DEF_FP8QTENSORMAPSBYVALUEPASS
#include "fp8q/Pipelines/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;

namespace {

/// The runtime function that encodes a map into host memory
/// (include/fp8q/Runtime/CudaRuntime.h).
constexpr StringLiteral kEncodeHostFunction = "mgpuTensorMapEncodeTiledHost";
/// Alignment of the host stack slot of a map: cuda.h (CUDA 13) declares
/// CUtensorMap `alignas(128)`; the parameter itself needs 64.
constexpr int64_t kHostTensorMapAlignment = 128;

/// CUtensorMapDataType of cuda.h for the element type of a map's box; the
/// 1-byte types (ui8, i8, f8) are all UINT8 (the map moves bytes).
std::optional<int64_t> getTensorMapDataType(Type element) {
  constexpr int64_t kUint8 = 0, kUint16 = 1, kUint32 = 2, kInt32 = 3,
                    kFloat16 = 6, kFloat32 = 7, kBfloat16 = 9;
  if (element.isF16())
    return kFloat16;
  if (element.isBF16())
    return kBfloat16;
  if (element.isF32())
    return kFloat32;
  if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() == 8)
    return kUint8;
  if (element.isInteger(16))
    return kUint16;
  if (element.isUnsignedInteger(32))
    return kUint32;
  if (element.isInteger(32))
    return kInt32;
  return std::nullopt;
}

/// `nvgpu.tma.create.descriptor` -> the map encoded into a 128-byte aligned
/// stack slot (allocated in the function's entry block, so that a launch
/// in a loop reuses it) by mgpuTensorMapEncodeTiledHost; the result is the
/// slot's address.
struct EncodeTensorMapOnHost
    : ConvertOpToLLVMPattern<nvgpu::TmaCreateDescriptorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nvgpu::TmaCreateDescriptorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    nvgpu::TensorMapDescriptorType desc = op.getTensorMap().getType();
    std::optional<int64_t> dataType =
        getTensorMapDataType(desc.getTensor().getElementType());
    if (!dataType)
      return rewriter.notifyMatchFailure(op, "no tensor map data type for "
                                             "the box's element type");
    auto func = op->getParentOfType<FunctionOpInterface>();
    if (!func || func.getFunctionBody().empty())
      return rewriter.notifyMatchFailure(op, "not in a function body");
    auto ptr = LLVM::LLVMPointerType::get(context);
    Type i64 = rewriter.getI64Type();
    auto constant = [&](int64_t value) -> Value {
      return LLVM::ConstantOp::create(rewriter, loc, i64, value);
    };
    int64_t rank = adaptor.getBoxDimensions().size();
    Value slot, box;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
      Value one = constant(1);
      slot = LLVM::AllocaOp::create(
          rewriter, loc, ptr, fp8q::hopper::getTensorMapValueType(context), one,
          kHostTensorMapAlignment);
      box = LLVM::AllocaOp::create(rewriter, loc, ptr, i64, constant(rank),
                                   /*alignment=*/8);
    }
    for (auto [i, extent] : llvm::enumerate(adaptor.getBoxDimensions())) {
      Value address = LLVM::GEPOp::create(rewriter, loc, ptr, i64, box,
                                          ArrayRef<LLVM::GEPArg>{(int32_t)i});
      LLVM::StoreOp::create(rewriter, loc, extent, address);
    }
    // The unranked memref as (rank, pointer to its ranked descriptor).
    SmallVector<Value, 4> memref = getTypeConverter()->promoteOperands(
        loc, op.getTensor(), adaptor.getTensor(), rewriter);
    SmallVector<Value, 9> args = {slot,
                                  memref[0],
                                  memref[1],
                                  constant(*dataType),
                                  constant((int64_t)desc.getInterleave()),
                                  constant((int64_t)desc.getSwizzle()),
                                  constant((int64_t)desc.getL2promo()),
                                  constant((int64_t)desc.getOob()),
                                  box};
    SmallVector<Type, 9> types =
        llvm::map_to_vector(args, [](Value value) { return value.getType(); });
    auto module = op->getParentOfType<ModuleOp>();
    FailureOr<LLVM::LLVMFuncOp> encode =
        LLVM::lookupOrCreateFn(rewriter, module, kEncodeHostFunction, types,
                               LLVM::LLVMVoidType::get(context));
    if (failed(encode))
      return failure();
    LLVM::CallOp::create(rewriter, loc, *encode, args);
    LLVM_DEBUG(llvm::dbgs() << "encoding on the host: " << op << "\n");
    rewriter.replaceOp(op, slot);
    return success();
  }
};

/// The `llvm.byval` type of parameter `index` of the lowered kernel `kernel`,
/// or null.
Type getByValType(LLVM::LLVMFuncOp kernel, unsigned index) {
  auto attr = kernel.getArgAttrOfType<TypeAttr>(
      index, LLVM::LLVMDialect::getByValAttrName());
  return attr ? attr.getValue() : Type();
}

struct Fp8qTensorMapsByValuePass
    : fp8q::impl::Fp8qTensorMapsByValuePassBase<Fp8qTensorMapsByValuePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Launch operands of byval parameters -> loads; the maps they come from.
    llvm::SetVector<Operation *> hostMaps;
    WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
      Operation *callee =
          SymbolTable::lookupNearestSymbolFrom(launch, launch.getKernel());
      if (auto gpuFunc = dyn_cast_or_null<gpu::GPUFuncOp>(callee)) {
        for (unsigned i = 0; i < gpuFunc.getNumArguments(); ++i)
          if (gpuFunc.getArgAttr(i, LLVM::LLVMDialect::getByValAttrName())) {
            launch.emitOpError()
                << "launches kernel " << launch.getKernel()
                << " with by-value parameters that is not lowered to an "
                   "llvm.func yet; run fp8q-tensor-maps-by-value after the "
                   "kernel lowering";
            return WalkResult::interrupt();
          }
        return WalkResult::advance();
      }
      auto kernel = dyn_cast_or_null<LLVM::LLVMFuncOp>(callee);
      if (!kernel)
        return WalkResult::advance();
      OpBuilder builder(launch);
      for (unsigned i = 0; i < launch.getNumKernelOperands(); ++i) {
        Type type =
            i < kernel.getNumArguments() ? getByValType(kernel, i) : Type();
        if (!type)
          continue;
        Value operand = launch.getKernelOperand(i);
        if (!isa<LLVM::LLVMPointerType>(operand.getType())) {
          launch.emitOpError()
              << "operand " << i << " of by-value kernel "
              << "parameter must be a pointer, got " << operand.getType();
          return WalkResult::interrupt();
        }
        if (auto cast = operand.getDefiningOp<UnrealizedConversionCastOp>();
            cast && cast->getNumOperands() == 1)
          if (auto map = cast.getOperand(0)
                             .getDefiningOp<nvgpu::TmaCreateDescriptorOp>())
            hostMaps.insert(map);
        Value value =
            LLVM::LoadOp::create(builder, launch.getLoc(), type, operand);
        launch->setOperand(
            launch.getKernelOperands().getBeginOperandIndex() + i, value);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    // A map encoded on the host must not reach anything but those loads.
    for (Operation *map : hostMaps) {
      for (Operation *user : map->getResult(0).getUsers()) {
        Operation *other = nullptr;
        if (!isa<UnrealizedConversionCastOp>(user))
          other = user;
        else
          for (Operation *use : user->getResult(0).getUsers())
            if (!isa<LLVM::LoadOp>(use))
              other = use;
        if (other) {
          map->emitOpError()
              << "is passed to a kernel by value and also used by " << *other;
          return signalPassFailure();
        }
      }
    }
    if (hostMaps.empty())
      return;

    LLVMTypeConverter converter(&getContext());
    converter.addConversion([](nvgpu::TensorMapDescriptorType type) -> Type {
      return LLVM::LLVMPointerType::get(type.getContext());
    });
    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalOp<nvgpu::TmaCreateDescriptorOp>(
        [&](Operation *op) { return !hostMaps.contains(op); });
    RewritePatternSet patterns(&getContext());
    patterns.add<EncodeTensorMapOnHost>(converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
