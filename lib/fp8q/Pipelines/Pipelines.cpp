//===- Pipelines.cpp - fp8q end-to-end pipelines --------------------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Pipelines/Pipelines.h"

void mlir::fp8q::registerFp8qPipelines() {
  registerFp8qPipelinesPasses();
  registerFp8qCpuPipeline();
  registerFp8qGpuPipeline();
}
