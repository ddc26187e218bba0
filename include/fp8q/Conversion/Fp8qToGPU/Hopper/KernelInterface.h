//===- KernelInterface.h - The launch ABI of an fp8q kernel -----*- C++ -*-===//
//
// Part of the fp8q project.
//
// The launch ABI every fp8q kernel is described by, whatever its family: the
// parameters (KernelArg), the (codes, scales) results, the launch grid as one
// formula over the sizes (LaunchGrid), the block, cluster and dynamic shared
// memory, and the requirements a launcher checks. getKernelInterface of a
// QuantKernelConfig (QuantizeKernels.h) or a GemmKernelConfig
// (ScaledMatmulKernel.h) fills it; the kernel builders derive the kernel
// signature from it, convert-fp8q-to-gpu the launch, fp8q-export-kernels
// manifest.json (docs/GPU.md, "Kernel manifest").
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOGPU_HOPPER_KERNELINTERFACE_H
#define FP8Q_CONVERSION_FP8QTOGPU_HOPPER_KERNELINTERFACE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <string>

namespace mlir::fp8q::hopper {

/// How a kernel parameter is passed.
enum class KernelArgKind {
  Ptr,
  I64,
  F32,
  /// A TMA descriptor (CUtensorMap) of a pointer argument, encoded by the
  /// launcher and passed by value: its 128 bytes are a `const
  /// __grid_constant__` kernel parameter (`.param .align 64 .b8 name[128]`)
  /// whose generic address the kernel gives TMA, so a launch needs no
  /// device copy of the map (and can be captured in a CUDA graph).
  TensorMap,
};

/// A CUtensorMap: 128 bytes, 64-byte aligned (cuda.h: `alignas(64)
/// cuuint64_t opaque[16]`).
constexpr int64_t kTensorMapWords = 16;
constexpr int64_t kTensorMapBytes = 8 * kTensorMapWords;
constexpr int64_t kTensorMapAlignment = 64;

/// One kernel parameter. Pointers are device addresses of row-major,
/// contiguous arrays (of the shape given; a `transposed` scale array is
/// the transpose of the op's k_major scales).
struct KernelArg {
  std::string name;
  KernelArgKind kind;
  /// source, source_scale, q, scale, q_t, scale_t, size.
  std::string role;
  /// Pointers only: element type and shape (size expressions, docs/GPU.md).
  std::string dtype;
  SmallVector<std::string, 2> shape;
  bool written = false;
  /// Pointers only: the array holds the transpose of the tile grid
  /// (mn_major scales; manifest `"layout": "transposed"`).
  bool transposed = false;
  /// Alignment the pointer must have, in bytes.
  int64_t alignment = 0;
  /// TensorMap only: the pointer argument it describes, the box (outermost
  /// first), the element type it is encoded with and the swizzle name.
  std::string tensorMapOf;
  SmallVector<int64_t, 2> box;
  std::string swizzle;
};

/// One (codes, scales) result of a kernel.
struct KernelOutput {
  std::string q, scale;
  int64_t tileRows, tileCols;
  bool transpose;
};

/// The launch grid of a kernel variant, one formula for every fp8q kernel
/// over the row count M and the column count C (K for the quantize kernels,
/// N for the GEMM). The launch op of convert-fp8q-to-gpu, the manifest's
/// grid expressions and the grid of a static launch in the manifest
/// (`x-launches`) are all computed from it, so they cannot disagree:
///
///   rows    = ceil(M / rowTile)        (row tiles)
///   chunks  = ceil(rows / rowTilesPerCta)   (rows when rowTilesPerCta = 1)
///   columns = ceil(C / columnTile)
///   2-D:  (columns, chunks, 1)
///   flat: (chunks * columns, 1, 1), or min(chunks * columns, maxCtas)
///         with a persistent cap (maxCtas > 0)
///   fixed: (fixedCtas, 1, 1) whatever the sizes (fixedCtas > 0: the
///         grouped GEMMs, whose tiles depend on their group offsets)
struct LaunchGrid {
  int64_t rowTile;
  int64_t rowTilesPerCta = 1;
  /// The size the columns are counted in: "K" or "N".
  StringLiteral columnSize = "K";
  int64_t columnTile;
  /// The row chunks are folded into grid.x (1-D grid); else grid.y.
  bool flat = false;
  /// Persistent kernels: at most this many CTAs (flat grids only); 0: no
  /// cap.
  int64_t maxCtas = 0;
  /// Flat persistent grids of clusters: the grid is this many times
  /// min(chunks * columns, maxCtas / clusterCtas) CTAs (rowTile then
  /// spans the cluster's tile rows).
  int64_t clusterCtas = 1;
  /// A fixed 1-D grid of this many CTAs; 0: the formula above.
  int64_t fixedCtas = 0;

  /// The grid as manifest size expressions over M and K/N, e.g.
  /// {"ceil(K/128)", "ceil(M/128)", "1"}.
  std::array<std::string, 3> getExpressions() const;
  /// The grid for `m` rows and `columns` columns.
  std::array<int64_t, 3> evaluate(int64_t m, int64_t columns) const;
};

/// The launch ABI of a kernel variant.
struct KernelInterface {
  /// Parameters in order: pointers (inputs, then outputs), then the sizes M
  /// and K (i64).
  SmallVector<KernelArg, 9> args;
  SmallVector<KernelOutput, 2> outputs;
  /// The grid (a formula over the sizes); block and cluster are constants.
  LaunchGrid grid;
  std::array<int64_t, 3> block;
  std::array<int64_t, 3> cluster;
  int64_t dynamicSharedMemoryBytes;
  /// The alignment the dynamic shared memory is declared with (`.extern
  /// .shared .align N`, which the CUDA driver honours); 16 is what
  /// `gpu.dynamic_shared_memory` lowers with, the fp8q GPU pipeline raises
  /// it to this (not part of manifest.json).
  int64_t dynamicSharedMemoryAlignment = 16;
  /// Boolean size expressions a launcher must check.
  SmallVector<std::string, 4> requirements;
};

/// The nvgpu type of a TensorMap parameter: its box as a `ui8` memref in
/// workgroup memory, the 128-byte swizzle, zero fill past the tensor. The
/// launch (`nvgpu.tma.create.descriptor`) and the kernel
/// (`nvgpu.tma.async.load`) both take it from here.
nvgpu::TensorMapDescriptorType getTensorMapType(MLIRContext *context,
                                                const KernelArg &arg);

/// The LLVM type a TensorMap parameter is passed as (`llvm.byval`):
/// `!llvm.array<16 x i64>`, the layout of cuda.h's CUtensorMap.
LLVM::LLVMArrayType getTensorMapValueType(MLIRContext *context);

/// The generic address of TensorMap parameter `index` of kernel `func`
/// (an `!llvm.ptr` for `nvgpu.tma.async.load` / `cp.async.bulk.tensor`),
/// computed where it is emitted: inline PTX `mov.b64 %r, <kernel>_param_<i>;
/// cvta.param.u64 %r, %r;`.
/// NOTE: not the argument itself: NVPTXLowerArgs converts a by-value grid
/// constant's address to a generic one once, at the kernel entry, and that
/// 64-bit value then stays live in every warp role; the Wgrad GEMM spilled
/// 8 bytes for it (ptxas -v). The parameter name is the NVPTX backend's
/// (`<function>_param_<index>`); ptxas rejects the PTX if it ever differs.
Value getTensorMapParamAddress(OpBuilder &builder, Location loc,
                               gpu::GPUFuncOp func, unsigned index);

/// Marks `func` as a kernel with `interface`'s block size and annotates its
/// pointer parameters: `noalias` (distinct buffers, so LLVM may reorder
/// accesses), the ABI alignment, and `readonly` for inputs (which lets them
/// become `ld.global.nc`); TensorMap parameters are `llvm.byval` (the
/// pointer is the address of the 128 bytes the launch passes) with
/// alignment 64. Shared by every fp8q kernel builder.
void setKernelSignatureAttrs(gpu::GPUFuncOp func,
                             const KernelInterface &interface);

/// Marks the TensorMap parameters of `func`, the kernel of `interface`
/// lowered to the LLVM dialect, as by-value grid constants: `llvm.byval`
/// (getTensorMapValueType), `llvm.align = 64` and `nvvm.grid_constant`.
/// The NVPTX backend then declares them `.param .align 64 .b8 name[128]`
/// and turns their address into a generic one (`cvta.param`), which
/// `cp.async.bulk.tensor` takes as its tensor map.
/// NOTE: convert-gpu-to-nvvm (MLIR 22) drops `llvm.byval` from gpu.func
/// arguments, and the NVVM dialect accepts `nvvm.grid_constant` only on
/// the arguments of an llvm.func kernel: the fp8q GPU pipeline calls this
/// after the kernel lowering. Fails if `func` does not have the
/// interface's parameter count or a TensorMap parameter is not a pointer.
LogicalResult setGridConstantTensorMaps(LLVM::LLVMFuncOp func,
                                        const KernelInterface &interface);

} // namespace mlir::fp8q::hopper

#endif // FP8Q_CONVERSION_FP8QTOGPU_HOPPER_KERNELINTERFACE_H
