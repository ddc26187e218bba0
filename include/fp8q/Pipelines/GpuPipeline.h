//===- GpuPipeline.h - fp8q to LLVM and kernels for the GPU -----*- C++ -*-===//
//
// Part of the fp8q project.
//
// `--fp8q-gpu-pipeline`: fp8q programs (and the linalg code around them) to
// LLVM-dialect host code plus the fp8q kernels as gpu.binary (docs/GPU.md).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_PIPELINES_GPUPIPELINE_H
#define FP8Q_PIPELINES_GPUPIPELINE_H

#include "fp8q/Conversion/Fp8qToGPU/Fp8qToGPU.h"

#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::fp8q {

/// `expert-exchange`: the lowering of the expert-parallel ops.
enum class ExpertExchange { Nccl, Host };

/// Options of `--fp8q-gpu-pipeline`.
struct GpuPipelineOptions : PassPipelineOptions<GpuPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("GPU architecture of the kernels "
                                          "(sm_90 or sm_90a)"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Kernel binary format: `bin` (cubin, needs ptxas), "
                     "`isa` (PTX), `fatbin`, or `auto` (cubin when ptxas is "
                     "found, else PTX with a warning); another value is an "
                     "error"),
      llvm::cl::init("auto")};
  Option<std::string> cudaPath{
      *this, "cuda-path",
      llvm::cl::desc("CUDA toolkit whose bin/ptxas assembles the kernels "
                     "(default: $PATH, then $CUDA_ROOT, $CUDA_HOME, "
                     "$CUDA_PATH); an error if it has no bin/ptxas and the "
                     "format is not `isa`"),
      llvm::cl::init("")};
  Option<std::string> gemm{
      *this, "gemm",
      llvm::cl::desc("fp8q.scaled_matmul lowering: host (default) or wgmma "
                     "(Hopper TMA + wgmma kernel)"),
      llvm::cl::init("host")};
  Option<int64_t> gemmBlockM{
      *this, "gemm-block-m",
      llvm::cl::desc("GEMM kernel: result rows per CTA tile; 0 (default) "
                     "with gemm-block-n and gemm-stages 0: chosen per GEMM "
                     "from its shape (convert-fp8q-to-gpu)"),
      llvm::cl::init(0)};
  Option<int64_t> gemmBlockN{
      *this, "gemm-block-n",
      llvm::cl::desc("GEMM kernel: result columns per CTA tile; 0: see "
                     "gemm-block-m (convert-fp8q-to-gpu)"),
      llvm::cl::init(0)};
  Option<int64_t> gemmStages{
      *this, "gemm-stages",
      llvm::cl::desc("GEMM kernel: TMA ring depth; 0: see gemm-block-m "
                     "(convert-fp8q-to-gpu)"),
      llvm::cl::init(0)};
  Option<int64_t> gemmCtas{
      *this, "gemm-ctas",
      llvm::cl::desc("GEMM kernel: CTAs of the persistent grid "
                     "(convert-fp8q-to-gpu)"),
      llvm::cl::init(132)};
  Option<int64_t> gemmCluster{
      *this, "gemm-cluster",
      llvm::cl::desc("GEMM kernel: CTAs per cluster along M, 1 or 2 "
                     "(convert-fp8q-to-gpu)"),
      llvm::cl::init(1)};
  Option<int64_t> gemmClusterN{
      *this, "gemm-cluster-n",
      llvm::cl::desc("GEMM kernel: CTAs per cluster along N, 1 or 2 "
                     "(convert-fp8q-to-gpu)"),
      llvm::cl::init(1)};
  Option<int64_t> gemmSplitK{
      *this, "gemm-split-k",
      llvm::cl::desc("GEMM kernel: CTAs per result tile along K, 1, 2 or 4; "
                     "0: chosen with the tiling (convert-fp8q-to-gpu)"),
      llvm::cl::init(0)};
  Option<std::string> gemmPromotion{
      *this, "gemm-promotion",
      llvm::cl::desc("GEMM kernel: promotion rounding, fma (default) or "
                     "mul-add (convert-fp8q-to-gpu)"),
      llvm::cl::init("fma")};
  Option<bool> gemmTmaStore{
      *this, "gemm-tma-store",
      llvm::cl::desc("GEMM kernel: store the staged bf16 results by TMA "
                     "(convert-fp8q-to-gpu)"),
      llvm::cl::init(false)};
  Option<std::string> exportDir{
      *this, "export-dir",
      llvm::cl::desc("If set, also write every kernel's cubin and PTX plus "
                     "manifest.json to this directory (fp8q-export-kernels)"),
      llvm::cl::init("")};
  Option<Fp8qToGPUMemoryModel> memoryModel{
      *this, "memory-model",
      llvm::cl::desc("Where the kernels' operands live (convert-fp8q-to-gpu)"),
      llvm::cl::init(Fp8qToGPUMemoryModel::Copy),
      llvm::cl::values(
          clEnumValN(Fp8qToGPUMemoryModel::Copy, "copy",
                     "host memory: device buffers and copies around each "
                     "launch (default)"),
          clEnumValN(Fp8qToGPUMemoryModel::Unified, "unified",
                     "device-accessible buffers: their addresses are passed "
                     "to the kernels directly"))};
  Option<bool> deallocate{
      *this, "deallocate",
      llvm::cl::desc("Free the host buffers that bufferization allocates "
                     "(buffer-deallocation-pipeline)"),
      llvm::cl::init(true)};
  Option<ExpertExchange> expertExchange{
      *this, "expert-exchange",
      llvm::cl::desc("How fp8q.ep_rank / moe_dispatch / moe_combine run"),
      llvm::cl::init(ExpertExchange::Nccl),
      llvm::cl::values(
          clEnumValN(ExpertExchange::Nccl, "nccl",
                     "the runtime's NCCL exchange, any ranks "
                     "(convert-fp8q-to-nccl; default)"),
          clEnumValN(ExpertExchange::Host, "host",
                     "ranks = 1 only: host loops (convert-fp8q-to-linalg), "
                     "no NCCL needed"))};
};

/// Adds `--fp8q-gpu-pipeline` to `pm` (anchored on builtin.module):
/// canonicalize; convert-fp8q-to-gpu; one-shot-bufferize (function
/// boundaries, identity layouts) and buffer deallocation; the kernels to
/// NVVM; optionally fp8q-export-kernels; the host code to the LLVM dialect
/// (gpu-to-llvm keeps `gpu.launch_func`, translated to CUDA driver calls
/// later); and gpu-module-to-binary (cubin or PTX, see `format`).
void buildFp8qGpuPipeline(OpPassManager &pm, const GpuPipelineOptions &options);

/// Registers `--fp8q-gpu-pipeline`.
void registerFp8qGpuPipeline();

} // namespace mlir::fp8q

#endif // FP8Q_PIPELINES_GPUPIPELINE_H
