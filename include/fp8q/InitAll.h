//===- InitAll.h - the one registration point of fp8q -----------*- C++ -*-===//
//
// Part of the fp8q project.
//
// fp8-opt, the mlir-opt plugin and embedding compilers register fp8q through
// these functions only, so that every entry point sees the same dialects,
// interface models and passes.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_INITALL_H
#define FP8Q_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::fp8q {

/// Registers the fp8q dialect (and the interface models fp8q ops and the GPU
/// pipeline's buffer deallocation rely on) into `registry`. This is what an
/// embedding compiler needs to parse and verify fp8q IR.
void registerFp8qDialects(DialectRegistry &registry);

/// Registers every fp8q pass and pass pipeline with the global registry so
/// that they are available as `--<flag>` options and in textual pipelines.
/// Idempotent.
void registerFp8qPasses();

/// Registers fp8q plus every upstream dialect, interface extension and
/// translation a model graph and its CPU/GPU lowering need (what `fp8-opt`
/// loads). Embedders with their own upstream registration only need
/// registerFp8qDialects.
void registerFp8qAndUpstreamDialects(DialectRegistry &registry);

/// Registers every upstream MLIR pass and then the fp8q ones (`fp8-opt`).
void registerFp8qAndUpstreamPasses();

} // namespace mlir::fp8q

#endif // FP8Q_INITALL_H
