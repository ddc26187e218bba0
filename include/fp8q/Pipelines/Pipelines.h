//===- Pipelines.h - fp8q end-to-end pipelines ------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The pipelines fp8q registers. Each pipeline has its own header; this one
// gathers them.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_PIPELINES_PIPELINES_H
#define FP8Q_PIPELINES_PIPELINES_H

#include "fp8q/Pipelines/GpuPipeline.h"

#endif // FP8Q_PIPELINES_PIPELINES_H
