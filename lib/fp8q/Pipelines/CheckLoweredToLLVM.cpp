//===- CheckLoweredToLLVM.cpp - fail on ops left outside LLVM -------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Pipelines/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "fp8q-check-lowered-to-llvm"

namespace mlir::fp8q {
#define GEN_PASS_DEF_FP8QCHECKLOWEREDTOLLVMPASS
#include "fp8q/Pipelines/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;

namespace {
/// True for the ops a fully lowered module may contain; with `gpuHost`, also
/// the GPU ops that the translation to LLVM IR lowers.
bool isLoweredToLLVM(Operation *op, bool gpuHost) {
  if (gpuHost && isa<gpu::BinaryOp, gpu::LaunchFuncOp>(op))
    return true;
  return isa<ModuleOp>(op) ||
         isa_and_nonnull<LLVM::LLVMDialect>(op->getDialect());
}

struct Fp8qCheckLoweredToLLVMPass
    : fp8q::impl::Fp8qCheckLoweredToLLVMPassBase<Fp8qCheckLoweredToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    // First occurrence and count of every op name left over, in walk order.
    llvm::MapVector<OperationName, std::pair<Operation *, int64_t>> leftovers;
    getOperation()->walk([&](Operation *op) {
      if (isLoweredToLLVM(op, gpuHost))
        return;
      auto [it, inserted] =
          leftovers.try_emplace(op->getName(), std::make_pair(op, 0));
      ++it->second.second;
    });
    for (auto &[name, first] : leftovers)
      first.first->emitOpError()
          << "was not lowered to the LLVM dialect (" << first.second
          << " such op" << (first.second == 1 ? "" : "s") << ")";
    LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << leftovers.size()
                            << " kinds of ops left\n");
    if (!leftovers.empty())
      signalPassFailure();
  }
};
} // namespace
