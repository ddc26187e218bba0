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

namespace mlir::fp8q {

/// Registers every fp8q pipeline and the pipeline passes
/// (fp8q-check-lowered-to-llvm). Called by registerFp8qPasses.
void registerFp8qPipelines();

} // namespace mlir::fp8q

#endif // FP8Q_PIPELINES_PIPELINES_H
