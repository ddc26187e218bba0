//===- Fp8qToGPU.h - fp8q to GPU kernels ------------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
// The GPU lowering of the fp8q quantization ops and (gemm=wgmma) the scaled
// GEMM: each fp8q.quantize / fp8q.tile_transpose / fp8q.scaled_matmul on
// tensors becomes a gpu.launch_func of a kernel built in a gpu.module (the
// kernels themselves are in Hopper/QuantizeKernels.h and
// Hopper/ScaledMatmulKernel.h), with bufferization.to_buffer / to_tensor at
// the boundary. By default the
// tensors stay in host memory and each launch moves its operands through
// device buffers (gpu.alloc, gpu.memcpy, gpu.dealloc on one stream). The
// patterns and the support check are public so other compilers can reuse
// them without the pass.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOGPU_FP8QTOGPU_H
#define FP8Q_CONVERSION_FP8QTOGPU_FP8QTOGPU_H

#include "fp8q/Conversion/Fp8qToGPU/Hopper/ScaledMatmulKernel.h"

#include "mlir/IR/Attributes.h"
#include "mlir/Pass/Pass.h"

#include <optional>
#include <string>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::fp8q {

/// Where the buffers handed to the kernels live (docs/GPU.md, "Host
/// memory").
enum class Fp8qToGPUMemoryModel {
  /// The program's tensors are host memory (malloc). Each launch allocates
  /// device buffers for its operands (`gpu.alloc`), copies the inputs to the
  /// device, launches, copies the results back into host buffers and frees
  /// the device buffers, all on one stream that the host waits for. Correct
  /// on every CUDA GPU; costs a round trip over the host link per launch.
  Copy,
  /// The program's buffers are device-accessible already (managed memory,
  /// a system with pageable memory access (HMM, Grace Hopper), or a caller
  /// that passes device memrefs): their addresses go to the kernels as they
  /// are and the launch is synchronous. No copies.
  Unified,
};

#define GEN_PASS_DECL_CONVERTFP8QTOGPUPASS
#include "fp8q/Conversion/Passes.h.inc"

/// What the lowering targets.
struct Fp8qToGPUOptions {
  /// The `#nvvm.target` attached to every kernel module
  /// (see getFp8qNVVMTarget).
  Attribute target;
  /// How the kernels' operands reach the device.
  Fp8qToGPUMemoryModel memoryModel = Fp8qToGPUMemoryModel::Copy;
  /// Lower fp8q.scaled_matmul to the Hopper wgmma kernel (`gemm=wgmma`);
  /// otherwise it is left alone (`gemm=host`).
  bool gemmWgmma = false;
  /// Tiling and pipeline depth of the GEMM kernel (with gemmAutoTile: of
  /// the GEMMs whose M or N is dynamic, and of the grouped GEMMs; `ctas`
  /// always).
  hopper::GemmTileConfig gemmTile;
  /// Choose each fp8q.scaled_matmul's tiling from its static M and N
  /// (hopper::chooseGemmTile): the pass options leave the tiling open.
  bool gemmAutoTile = false;
  /// With gemmAutoTile, give split-K where the tile choice measured it to
  /// pay (hopper::splitGemmTile; option gemm-split-k = 0, the default);
  /// else gemmTile.splitK everywhere.
  bool gemmAutoSplitK = false;
  /// The GEMM kernels' promotion rounding (option gemm-promotion).
  hopper::GemmPromotion gemmPromotion = hopper::GemmPromotion::FMA;
  /// Store the staged bf16 results by TMA wherever the kernel allows it
  /// (option gemm-tma-store; hopper::GemmKernelConfig::tmaStore); without
  /// it the tile choice still takes it where measured to pay
  /// (hopper::prefersTmaStore).
  bool gemmTmaStore = false;
};

/// Returns why `chip` cannot run the fp8q kernels, or std::nullopt if it can.
/// The kernels need E4M3 conversions (sm_89+) and are tuned for Hopper; the
/// accepted chips are sm_90 and sm_90a.
std::optional<std::string> getUnsupportedChipReason(StringRef chip);

/// Returns the `#nvvm.target` the kernels of `chip` are built for (chip,
/// PTX ISA features, -O3; neither `fast` nor `ftz`, which the numerics
/// forbid). `chip` must be supported.
Attribute getFp8qNVVMTarget(MLIRContext *context, StringRef chip);

/// Adds the lowering patterns: one per op (quantize, tile_transpose,
/// scaled_matmul when `options.gemmWgmma`) plus the
/// fusion of a 1x128 and a transposed 128x1 quantize of the same source into
/// one launch (higher benefit). Patterns fail to match, with a reason, on ops
/// that getFp8qToGPUUnsupportedReason rejects. They expect to run inside a
/// `builtin.module`, where they create the kernel `gpu.module`s.
void populateFp8qToGPUPatterns(RewritePatternSet &patterns,
                               const Fp8qToGPUOptions &options);

/// Returns why the patterns cannot lower the fp8q op `op` (a sentence that
/// names the offending value), or std::nullopt if they can. Ops other than
/// quantize, tile_transpose and (with `gemmWgmma`) scaled_matmul are "not
/// lowered by this pass".
std::optional<std::string>
getFp8qToGPUUnsupportedReason(Operation *op,
                              const Fp8qToGPUOptions &options = {});

/// The GEMM kernel variant of a scaled_matmul (valid only when
/// getFp8qToGPUUnsupportedReason accepts the op).
hopper::GemmKernelConfig getGemmKernelConfig(Operation *scaledMatmul,
                                             const Fp8qToGPUOptions &options);

} // namespace mlir::fp8q

#endif // FP8Q_CONVERSION_FP8QTOGPU_FP8QTOGPU_H
