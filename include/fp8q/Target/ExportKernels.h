//===- ExportKernels.h - AOT export of the fp8q kernels ---------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The ahead-of-time export of the GPU kernels: cubin/PTX files plus
// manifest.json (format in docs/GPU.md). The manifest builder and the ptxas
// search are public so that other tools produce the same files.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TARGET_EXPORTKERNELS_H
#define FP8Q_TARGET_EXPORTKERNELS_H

#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelConfig.h"

#include "mlir/Pass/Pass.h"

#include <array>
#include <optional>
#include <string>
#include <variant>

namespace mlir::fp8q {

#define GEN_PASS_DECL_FP8QEXPORTKERNELSPASS
#include "fp8q/Target/Passes.h.inc"

/// The manifest schema version written by buildKernelManifest: version 1 of
/// fp8q.runtime's schema (python/fp8q/README_runtime.md, "Manifest"); fp8q
/// specifics are `x-` extensions (docs/GPU.md).
constexpr int64_t kKernelManifestVersion = 1;

/// Returns the ptxas the NVVM target's serializer will run, or std::nullopt:
/// `cudaPath`/bin/ptxas if `cudaPath` is set (and only there), else the
/// first of $PATH, then $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH (each /bin/ptxas)
/// — the order of MLIR 22's NVPTXSerializer.
std::optional<std::string> findPtxas(StringRef cudaPath);

/// One exported kernel: its variant and the files written for it (relative
/// to the manifest; std::nullopt when not produced).
struct ExportedKernel {
  /// The kernel variant (read from the module's `fp8q.kernel`).
  hopper::KernelConfig config;
  std::optional<std::string> cubin;
  std::optional<std::string> ptx;
  /// The options ptxas assembled the PTX with beyond the chip and -O3 (the
  /// `ptxas-cmd-options` flag of the module's #nvvm.target), which whoever
  /// assembles the PTX again needs for the same cubin.
  SmallVector<std::string> ptxasOptions;
};

/// One launch with static sizes found in the compiled program.
struct ExportedLaunch {
  std::string kernel;
  int64_t m;
  int64_t k;
  /// The kernel's LaunchGrid evaluated for (m, k).
  std::array<int64_t, 3> grid;
  std::string location;
};

/// Returns manifest.json for `kernels` compiled for `chip`. Each kernel has
/// a cubin or, without one, PTX.
std::string buildKernelManifest(StringRef chip,
                                ArrayRef<ExportedKernel> kernels,
                                ArrayRef<ExportedLaunch> launches);

} // namespace mlir::fp8q

#endif // FP8Q_TARGET_EXPORTKERNELS_H
