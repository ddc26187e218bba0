//===- Passes.h - passes of the fp8q pipelines ------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_PIPELINES_PASSES_H
#define FP8Q_PIPELINES_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::fp8q {

#define GEN_PASS_DECL
#include "fp8q/Pipelines/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fp8q/Pipelines/Passes.h.inc"

} // namespace mlir::fp8q

#endif // FP8Q_PIPELINES_PASSES_H
