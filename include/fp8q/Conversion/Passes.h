//===- Passes.h - fp8q conversion passes ------------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
// Declares every fp8q conversion pass and their registration
// (`registerFp8qConversionPasses`, called by fp8q::registerFp8qPasses).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_PASSES_H
#define FP8Q_CONVERSION_PASSES_H

#include "fp8q/Conversion/Fp8qToGPU/Fp8qToGPU.h"
#include "fp8q/Conversion/Fp8qToLinalg/Fp8qToLinalg.h"
#include "fp8q/Conversion/Fp8qToNccl/Fp8qToNccl.h"

#include "mlir/Pass/Pass.h"

namespace mlir::fp8q {

#define GEN_PASS_REGISTRATION
#include "fp8q/Conversion/Passes.h.inc"

} // namespace mlir::fp8q

#endif // FP8Q_CONVERSION_PASSES_H
