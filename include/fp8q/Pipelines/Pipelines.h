//===- Pipelines.h - fp8q end-to-end pipelines ------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The pipelines fp8q registers (`--fp8q-cpu-pipeline`,
// `--fp8q-gpu-pipeline`) and the passes that exist for them. Each pipeline
// has its own header; this one gathers them and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_PIPELINES_PIPELINES_H
#define FP8Q_PIPELINES_PIPELINES_H

#include "fp8q/Pipelines/CpuPipeline.h"
#include "fp8q/Pipelines/GpuPipeline.h"
#include "fp8q/Pipelines/Passes.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::fp8q {

/// Adds the bufferization both pipelines share: one-shot-bufferize with
/// identity-layout memrefs at function boundaries (callers pass plain
/// row-major buffers), with `deallocate` ownership-based buffer
/// deallocation, and bufferization.clone to memref.alloc + copy.
void addHostBufferization(OpPassManager &pm, bool deallocate);

/// Adds the host-side conversions to the LLVM dialect that both pipelines
/// share, on bufferized code whose loops are already in `cf`: memref, math
/// (libm for what has no intrinsic), arith with bf16 truncation expanded to
/// integer RN-even arithmetic, index, cf, func and ub. Callers add their own
/// conversions (gpu-to-llvm, ...) and reconcile-unrealized-casts after it.
void addHostToLLVMConversions(OpPassManager &pm);

/// Registers every fp8q pipeline and the pipeline passes
/// (fp8q-check-lowered-to-llvm). Called by registerFp8qPasses.
void registerFp8qPipelines();

} // namespace mlir::fp8q

#endif // FP8Q_PIPELINES_PIPELINES_H
