//===- CpuPipeline.h - fp8q to LLVM for the CPU -----------------*- C++ -*-===//
//
// Part of the fp8q project.
//
// `--fp8q-cpu-pipeline`: a module of fp8q ops and ordinary tensor model code
// to the LLVM dialect, ready for `mlir-runner` (docs/CPU.md).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_PIPELINES_CPUPIPELINE_H
#define FP8Q_PIPELINES_CPUPIPELINE_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::fp8q {

/// Options of `--fp8q-cpu-pipeline`.
struct CpuPipelineOptions : public PassPipelineOptions<CpuPipelineOptions> {
  PassOptions::Option<bool> deallocate{
      *this, "deallocate",
      llvm::cl::desc("Free the buffers that bufferization allocates "
                     "(buffer-deallocation-pipeline)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> cWrappers{
      *this, "c-wrappers",
      llvm::cl::desc("Emit `_mlir_ciface_` C wrappers for every function "
                     "(llvm-request-c-wrappers), for calls through a C ABI"),
      llvm::cl::init(false)};
};

/// Appends the CPU pipeline to `pm` (a module pass manager):
///
///  1. convert-fp8q-to-linalg, canonicalize;
///  2. one-shot-bufferize (function boundaries, identity layouts), then the
///     buffer-deallocation-pipeline unless `deallocate=false`, and
///     convert-bufferization-to-memref;
///  3. convert-linalg-to-loops, expand-strided-metadata, lower-affine,
///     convert-scf-to-cf;
///  4. finalize-memref-to-llvm, convert-math-to-llvm, convert-math-to-libm,
///     arith-expand{include-bf16}, convert-arith-to-llvm,
///     convert-index-to-llvm, convert-cf-to-llvm, convert-func-to-llvm,
///     convert-ub-to-llvm, reconcile-unrealized-casts;
///  5. fp8q-check-lowered-to-llvm, which fails on anything left over.
///
/// The context must have the upstream bufferization and LLVM-conversion
/// interface models registered (registerFp8qAndUpstreamDialects does).
void buildFp8qCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options);

/// Registers `--fp8q-cpu-pipeline` with the global pipeline registry.
void registerFp8qCpuPipeline();

} // namespace mlir::fp8q

#endif // FP8Q_PIPELINES_CPUPIPELINE_H
