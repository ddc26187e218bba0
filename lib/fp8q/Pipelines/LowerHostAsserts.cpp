//===- LowerHostAsserts.cpp - cf.assert to stderr and abort() -------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Pipelines/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "fp8q-lower-host-asserts"

namespace mlir::fp8q {
#define GEN_PASS_DEF_FP8QLOWERHOSTASSERTSPASS
#include "fp8q/Pipelines/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;

namespace {
/// The file descriptor of stderr.
constexpr int32_t kStderrFd = 2;

/// Declares `name` with `type` in `module` unless it exists.
void declareFunction(OpBuilder &builder, ModuleOp module, StringRef name,
                     LLVM::LLVMFunctionType type) {
  if (module.lookupSymbol(name))
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  LLVM::LLVMFuncOp::create(builder, module.getLoc(), name, type);
}

struct Fp8qLowerHostAssertsPass
    : fp8q::impl::Fp8qLowerHostAssertsPassBase<Fp8qLowerHostAssertsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    module.walk([&](cf::AssertOp op) {
      if (!op->getParentOfType<gpu::GPUModuleOp>())
        asserts.push_back(op);
    });
    if (asserts.empty())
      return;
    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
    auto ptr = LLVM::LLVMPointerType::get(context);
    declareFunction(builder, module, "write",
                    LLVM::LLVMFunctionType::get(i64, {i32, ptr, i64}));
    declareFunction(
        builder, module, "abort",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {}));

    SymbolTable symbols(module);
    llvm::StringMap<LLVM::GlobalOp> messages;
    for (cf::AssertOp op : asserts) {
      Location loc = op.getLoc();
      std::string text = (op.getMsg() + "\n").str();
      LLVM::GlobalOp &global = messages[text];
      if (!global) {
        builder.setInsertionPointToStart(module.getBody());
        auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), text.size());
        global = LLVM::GlobalOp::create(
            builder, loc, type, /*isConstant=*/true, LLVM::Linkage::Private,
            "fp8q_assert_msg", builder.getStringAttr(text));
        symbols.insert(global); // Renamed if taken.
      }

      // Split the block at the assert: ^before -> ^fail | ^after.
      Block *before = op->getBlock();
      Block *after = before->splitBlock(op);
      Block *fail = builder.createBlock(after);
      builder.setInsertionPointToStart(fail);
      Value message = LLVM::AddressOfOp::create(builder, loc, global);
      Value fd = LLVM::ConstantOp::create(builder, loc, i32, kStderrFd);
      Value length = LLVM::ConstantOp::create(builder, loc, i64, text.size());
      LLVM::CallOp::create(builder, loc, TypeRange{i64},
                           SymbolRefAttr::get(context, "write"),
                           ValueRange{fd, message, length});
      LLVM::CallOp::create(builder, loc, TypeRange{},
                           SymbolRefAttr::get(context, "abort"), ValueRange{});
      LLVM::UnreachableOp::create(builder, loc);
      builder.setInsertionPointToEnd(before);
      cf::CondBranchOp::create(builder, loc, op.getArg(), after, ValueRange{},
                               fail, ValueRange{});
      op.erase();
    }
    LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << asserts.size()
                            << " asserts lowered\n");
  }
};
} // namespace
