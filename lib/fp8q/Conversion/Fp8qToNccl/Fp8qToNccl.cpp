//===- Fp8qToNccl.cpp - Expert-parallel ops to the NCCL runtime -----------===//
//
// Part of the fp8q project.
//
// fp8q.ep_rank, fp8q.moe_dispatch and fp8q.moe_combine become calls of
// libFP8QCudaRuntime's exchange (lib/Runtime/NcclExchange.cpp). The ops are
// data-dependent all-to-alls between processes: nothing of them is a kernel,
// so the lowering only hands host buffers to the runtime, which checks the
// routing on every rank alike and moves the rows with NCCL.
//
//   %rc, %rs, %n, %src = fp8q.moe_dispatch %q, %s, %ids outs(...)
//   ==>
//   [cf.assert on the dynamic extents]
//   %qb  = bufferization.to_buffer %q read_only   (and %s, %ids)
//   %rcb = memref.alloc(...)                       (and the other results)
//   call @fp8q_moe_dispatch(casts to dynamic shapes..., %ranks, %E, %what)
//   %rc  = bufferization.to_tensor %rcb restrict writable   (and the others)
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToNccl/Fp8qToNccl.h"

#include "fp8q/Conversion/ExtentChecks.h"
#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/IR/Fp8qOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-fp8q-to-nccl"

namespace mlir::fp8q {
#define GEN_PASS_DEF_CONVERTFP8QTONCCLPASS
#include "fp8q/Conversion/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;
using namespace mlir::fp8q;

namespace {

/// Alignment of the result buffers (as the GPU lowering's).
constexpr int64_t kResultAlignment = 64;

/// Emits the pieces of one runtime call at the op being replaced.
class RuntimeCallEmitter {
public:
  RuntimeCallEmitter(PatternRewriter &rewriter, Operation *op)
      : rewriter(rewriter), op(op), loc(op->getLoc()),
        module(op->getParentOfType<ModuleOp>()) {}

  /// `tensor` as a read-only host buffer of dynamic shape.
  Value input(Value tensor) {
    auto type = cast<RankedTensorType>(tensor.getType());
    Value buffer = bufferization::ToBufferOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
        tensor, /*read_only=*/true);
    return dynamic(buffer);
  }

  /// A fresh host buffer shaped like `init` (its dynamic extents read with
  /// tensor.dim); `buffers` gets it, the call its dynamic-shape cast.
  Value output(Value init, SmallVectorImpl<Value> &buffers) {
    auto type = cast<RankedTensorType>(init.getType());
    SmallVector<Value, 3> sizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, init, dim));
    Value buffer = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
        sizes, rewriter.getI64IntegerAttr(kResultAlignment));
    buffers.push_back(buffer);
    return dynamic(buffer);
  }

  Value i64(int64_t value) {
    return arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                        value);
  }

  /// The op's name and location (describeOpForChecks), which start every
  /// run-time message: a private constant memref.global (no terminating
  /// NUL), passed as memref<?xi8>.
  Value opName() {
    std::string text = describeOpForChecks(op);
    auto type = MemRefType::get({static_cast<int64_t>(text.size())},
                                rewriter.getI8Type());
    auto data = RankedTensorType::get(type.getShape(), rewriter.getI8Type());
    SmallVector<int8_t> bytes(text.begin(), text.end());
    // The first free name of fp8q_ep_what_0, fp8q_ep_what_1, ...
    std::string name;
    for (int64_t n = 0; name.empty() || module.lookupSymbol(name); ++n)
      name = "fp8q_ep_what_" + std::to_string(n);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      memref::GlobalOp::create(
          rewriter, loc, name, rewriter.getStringAttr("private"), type,
          DenseElementsAttr::get(data, ArrayRef<int8_t>(bytes)),
          /*constant=*/true, /*alignment=*/nullptr);
    }
    Value value = memref::GetGlobalOp::create(rewriter, loc, type, name);
    return dynamic(value);
  }

  /// Declares `name` (once per module) and calls it.
  ValueRange call(StringRef name, ValueRange args, TypeRange results) {
    auto callee = module.lookupSymbol<func::FuncOp>(name);
    if (!callee) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      callee = func::FuncOp::create(
          rewriter, loc, name,
          rewriter.getFunctionType(args.getTypes(), results));
      callee.setPrivate();
      callee->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      rewriter.getUnitAttr());
    }
    return func::CallOp::create(rewriter, loc, callee, args).getResults();
  }

  /// The tensor of a result buffer written by the call.
  Value toTensor(Value buffer, Type type) {
    return bufferization::ToTensorOp::create(rewriter, loc, type, buffer,
                                             /*restrict=*/true,
                                             /*writable=*/true);
  }

private:
  Value dynamic(Value buffer) {
    auto type = cast<MemRefType>(buffer.getType());
    SmallVector<int64_t, 3> shape(type.getRank(), ShapedType::kDynamic);
    return memref::CastOp::create(
        rewriter, loc, MemRefType::get(shape, type.getElementType()), buffer);
  }

  PatternRewriter &rewriter;
  Operation *op;
  Location loc;
  ModuleOp module;
};

/// fp8q.ep_rank -> fp8q_ep_rank(ranks, what) (the rank from FP8Q_EP_RANK,
/// checked against ranks).
struct EpRankLowering : OpRewritePattern<EpRankOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EpRankOp op,
                                PatternRewriter &rewriter) const override {
    RuntimeCallEmitter emit(rewriter, op);
    Value what = emit.opName();
    Value rank = emit.call(kEpRankFunction, {emit.i64(op.getRanks()), what},
                           {rewriter.getI64Type()})[0];
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, rewriter.getIndexType(),
                                                    rank);
    return success();
  }
};

/// fp8q.moe_dispatch -> fp8q_moe_dispatch(codes, scales, experts,
/// recv_codes, recv_scales, counts, sources, ranks, num_experts, what).
struct MoeDispatchLowering : OpRewritePattern<MoeDispatchOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MoeDispatchOp op,
                                PatternRewriter &rewriter) const override {
    LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << op.getNumExperts()
                            << " experts over " << op.getRanks()
                            << " ranks, capacity " << op.getCapacity() << "\n");
    buildDynamicExtentChecks(rewriter, op);
    RuntimeCallEmitter emit(rewriter, op);
    SmallVector<Value, 10> args = {emit.input(op.getCodes()),
                                   emit.input(op.getScales()),
                                   emit.input(op.getExperts())};
    SmallVector<Value, 4> buffers;
    for (Value init : op.getDpsInits())
      args.push_back(emit.output(init, buffers));
    args.push_back(emit.i64(op.getRanks()));
    args.push_back(emit.i64(op.getNumExperts()));
    args.push_back(emit.opName());
    emit.call(kMoeDispatchFunction, args, {});
    SmallVector<Value, 4> results;
    for (auto [buffer, result] : llvm::zip(buffers, op.getResults()))
      results.push_back(emit.toTensor(buffer, result.getType()));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// fp8q.moe_combine -> fp8q_moe_combine_{bf16,f32}(expert_out, sources,
/// counts, experts, result, ranks, num_experts, what).
struct MoeCombineLowering : OpRewritePattern<MoeCombineOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MoeCombineOp op,
                                PatternRewriter &rewriter) const override {
    buildDynamicExtentChecks(rewriter, op);
    RuntimeCallEmitter emit(rewriter, op);
    SmallVector<Value, 8> args = {
        emit.input(op.getExpertOut()), emit.input(op.getSources()),
        emit.input(op.getCounts()), emit.input(op.getExperts())};
    SmallVector<Value, 1> buffers;
    args.push_back(emit.output(op.getInit(), buffers));
    args.push_back(emit.i64(op.getRanks()));
    args.push_back(emit.i64(op.getNumExperts()));
    args.push_back(emit.opName());
    bool bf16 = op.getExpertOut().getType().getElementType().isBF16();
    emit.call(bf16 ? kMoeCombineBf16Function : kMoeCombineF32Function, args,
              {});
    rewriter.replaceOp(op, emit.toTensor(buffers[0], op.getType()));
    return success();
  }
};

struct ConvertFp8qToNcclPass
    : fp8q::impl::ConvertFp8qToNcclPassBase<ConvertFp8qToNcclPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<EpRankOp, MoeDispatchOp, MoeCombineOp>(op))
        ops.push_back(op);
    });
    RewritePatternSet patterns(&getContext());
    populateFp8qToNcclPatterns(patterns);
    // Only the collected ops, nothing folded: the patterns add declarations
    // and globals to the module, which a walk would be iterating.
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false).setStrictness(
        GreedyRewriteStrictness::ExistingOps);
    bool changed = false;
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config,
                                       &changed)))
      return signalPassFailure();
    WalkResult left = getOperation()->walk([&](Operation *op) {
      if (!isa<EpRankOp, MoeDispatchOp, MoeCombineOp>(op))
        return WalkResult::advance();
      op->emitOpError() << "was not lowered to the NCCL runtime";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

void fp8q::populateFp8qToNcclPatterns(RewritePatternSet &patterns) {
  patterns.add<EpRankLowering, MoeDispatchLowering, MoeCombineLowering>(
      patterns.getContext());
}
