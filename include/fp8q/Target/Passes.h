//===- Passes.h - fp8q target passes ----------------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
// Declares the fp8q target passes and their registration
// (`registerFp8qTargetPasses`, called by fp8q::registerFp8qPasses).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TARGET_PASSES_H
#define FP8Q_TARGET_PASSES_H

#include "fp8q/Target/ExportKernels.h"

#include "mlir/Pass/Pass.h"

namespace mlir::fp8q {

#define GEN_PASS_REGISTRATION
#include "fp8q/Target/Passes.h.inc"

} // namespace mlir::fp8q

#endif // FP8Q_TARGET_PASSES_H
