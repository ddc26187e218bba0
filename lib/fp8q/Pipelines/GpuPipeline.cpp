//===- GpuPipeline.cpp - --fp8q-gpu-pipeline ------------------------------===//
//
// Part of the fp8q project.
//
// fp8q programs (and the linalg code around them) to the LLVM dialect with
// the kernels as gpu.binary: host code that mlir-runner or an AOT loader can
// launch, kernels as cubins (or PTX when ptxas is missing). The ops with a
// GPU kernel become launches (with the copies between host and device
// memory, by default), the other fp8q ops host loops with the reference
// numerics, like on the CPU pipeline; host buffers are freed by ownership
// based deallocation.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Pipelines/GpuPipeline.h"
#include "fp8q/Pipelines/Pipelines.h"

#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelConfig.h"
#include "fp8q/Conversion/Passes.h"
#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/Pipelines/Passes.h"
#include "fp8q/Target/Passes.h"
#include "fp8q/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "fp8q-gpu-pipeline"

using namespace mlir;
using namespace mlir::fp8q;

namespace {

/// The kernel binary formats the pipeline produces (`format`): the names
/// gpu-module-to-binary takes, plus `auto`.
constexpr StringLiteral kFormats[] = {"auto", "bin", "isa", "fatbin"};

/// Rejects pipeline options that cannot give the output asked for, before
/// any pass changes the module. Added first by the pipeline; not a
/// user-facing pass.
/// NOTE: gpu-module-to-binary only prints "Invalid format specified." for
/// an unknown format and then succeeds without serializing anything, and a
/// `cuda-path` without ptxas would fall back to PTX: both exited with 0.
struct GpuPipelineOptionsCheckPass
    : PassWrapper<GpuPipelineOptionsCheckPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuPipelineOptionsCheckPass)

  GpuPipelineOptionsCheckPass(std::string format, std::string cudaPath)
      : format(std::move(format)), cudaPath(std::move(cudaPath)) {}
  StringRef getArgument() const override {
    return "fp8q-gpu-pipeline-options-check";
  }
  StringRef getDescription() const override {
    return "Reject --fp8q-gpu-pipeline options that cannot be honoured";
  }

  void runOnOperation() override {
    Location loc = getOperation().getLoc();
    if (!llvm::is_contained(kFormats, format)) {
      InFlightDiagnostic error = emitError(loc)
                                 << "fp8q-gpu-pipeline: unknown format '"
                                 << format << "'; expected one of ";
      llvm::interleaveComma(kFormats, error);
      return signalPassFailure();
    }
    // A toolkit given explicitly must have ptxas when cubins are asked for
    // (`auto` included: the PTX fallback is for a toolkit not found).
    if (!cudaPath.empty() && format != "isa" && !findPtxas(cudaPath)) {
      emitError(loc) << "fp8q-gpu-pipeline: cuda-path '" << cudaPath
                     << "' has no bin/ptxas, which format=" << format
                     << " needs (give the CUDA toolkit's root, or "
                        "format=isa for PTX)";
      return signalPassFailure();
    }
  }

  std::string format;
  std::string cudaPath;
};

/// Warns that the kernels are PTX only. Added by the pipeline when `format`
/// is `auto` and no ptxas was found; not a user-facing pass.
struct PtxOnlyWarningPass
    : PassWrapper<PtxOnlyWarningPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PtxOnlyWarningPass)

  explicit PtxOnlyWarningPass(std::string cudaPath)
      : cudaPath(std::move(cudaPath)) {}
  StringRef getArgument() const override { return "fp8q-ptx-only-warning"; }
  StringRef getDescription() const override {
    return "Warn that the GPU kernels are serialized as PTX";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (module.getOps<gpu::GPUModuleOp>().empty())
      return;
    // Emitted on the location only: attached to the module, the diagnostic
    // would print the whole module.
    InFlightDiagnostic warning = emitWarning(module.getLoc())
                                 << "fp8q-gpu-pipeline: ptxas not found (";
    if (cudaPath.empty())
      warning << "searched $PATH, $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH";
    else
      warning << "searched " << cudaPath << "/bin";
    warning << "); the kernels are serialized as PTX (format=isa), which the "
               "CUDA driver compiles when the module is loaded";
  }

  std::string cudaPath;
};

/// gpu-module-to-binary that keeps the `fp8q.kernel` configuration of each
/// kernel module on the gpu.binary it becomes (upstream's pass drops the
/// module's discardable attributes), so that fp8q-export-kernels also runs
/// after the pipeline. Added by the pipeline; not a user-facing pass.
struct SerializeKernelModulesPass
    : PassWrapper<SerializeKernelModulesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SerializeKernelModulesPass)

  explicit SerializeKernelModulesPass(
      const GpuModuleToBinaryPassOptions &options)
      : serialize(ModuleOp::getOperationName()) {
    serialize.addPass(createGpuModuleToBinaryPass(options));
  }
  SerializeKernelModulesPass(const SerializeKernelModulesPass &other)
      : PassWrapper(other), serialize(other.serialize) {}
  StringRef getArgument() const override {
    return "fp8q-serialize-kernel-modules";
  }
  StringRef getDescription() const override {
    return "gpu-module-to-binary keeping each kernel's fp8q.kernel attribute";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    serialize.getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::StringMap<Attribute> configs;
    for (auto kernelModule : module.getOps<gpu::GPUModuleOp>())
      if (Attribute config =
              kernelModule->getAttr(Fp8qDialect::kKernelAttrName))
        configs[kernelModule.getName()] = config;
    if (failed(runPipeline(serialize, module)))
      return signalPassFailure();
    for (auto binary : module.getOps<gpu::BinaryOp>()) {
      auto found = configs.find(binary.getName());
      if (found != configs.end())
        binary->setAttr(Fp8qDialect::kKernelAttrName, found->second);
    }
  }

  OpPassManager serialize;
};

/// The configuration of an fp8q kernel module (its `fp8q.kernel`
/// attribute; std::nullopt for a module without one), or failure after a
/// diagnostic when the attribute is malformed.
FailureOr<std::optional<hopper::KernelConfig>>
readModuleKernelConfig(gpu::GPUModuleOp module) {
  auto attr =
      module->getAttrOfType<DictionaryAttr>(Fp8qDialect::kKernelAttrName);
  if (!attr)
    return std::optional<hopper::KernelConfig>();
  FailureOr<hopper::KernelConfig> config =
      hopper::readKernelConfigAttr(attr, [&] { return module.emitError(); });
  if (failed(config))
    return failure();
  return std::optional<hopper::KernelConfig>(*config);
}

/// Gives the dynamic shared memory of a lowered kernel module external
/// linkage, and for an fp8q kernel module the alignment its launch ABI asks
/// for (KernelInterface::dynamicSharedMemoryAlignment, from the module's
/// `fp8q.kernel` configuration). Added by the pipeline after
/// convert-gpu-to-nvvm; not a user-facing pass.
/// NOTE: convert-gpu-to-nvvm lowers `gpu.dynamic_shared_memory` to an
/// internal zero-sized `addr_space = 3` array; the NVPTX backend of LLVM 22
/// demotes an internal shared global used by one kernel into that kernel as
/// a 1-byte static `.shared` variable (ptxas: "1 bytes smem"), so the
/// accesses past it would not be in the dynamic shared memory the launch
/// allocates. An external one is `.extern .shared .align 16 .b8 name[]`,
/// PTX's dynamic shared memory.
struct ExternDynamicSharedMemoryPass
    : PassWrapper<ExternDynamicSharedMemoryPass,
                  OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExternDynamicSharedMemoryPass)
  StringRef getArgument() const override {
    return "fp8q-extern-dynamic-shared-memory";
  }
  StringRef getDescription() const override {
    return "Give the zero-sized shared arrays (dynamic shared memory) of a "
           "lowered kernel module external linkage";
  }
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    FailureOr<std::optional<hopper::KernelConfig>> config =
        readModuleKernelConfig(module);
    if (failed(config))
      return signalPassFailure();
    int64_t alignment =
        *config
            ? hopper::getKernelInterface(**config).dynamicSharedMemoryAlignment
            : 0;
    for (auto global : module.getOps<LLVM::GlobalOp>()) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (global.getAddrSpace() != kSharedAddressSpace || !array ||
          array.getNumElements() != 0 ||
          global.getLinkage() != LLVM::Linkage::Internal)
        continue;
      global.setLinkage(LLVM::Linkage::External);
      if (static_cast<uint64_t>(alignment) > global.getAlignment().value_or(0))
        global.setAlignment(alignment);
    }
  }
  /// NVVM's shared address space.
  static constexpr unsigned kSharedAddressSpace = 3;
};

/// Makes the tensor-map parameters of a lowered fp8q kernel by-value grid
/// constants (hopper::setGridConstantTensorMaps, from the module's
/// `fp8q.kernel` configuration); modules without one are left alone. Added
/// by the pipeline after convert-gpu-to-nvvm; not a user-facing pass.
struct GridConstantTensorMapsPass
    : PassWrapper<GridConstantTensorMapsPass, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GridConstantTensorMapsPass)
  StringRef getArgument() const override {
    return "fp8q-grid-constant-tensor-maps";
  }
  StringRef getDescription() const override {
    return "Pass the tensor maps of lowered fp8q kernels by value "
           "(llvm.byval, nvvm.grid_constant)";
  }
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    FailureOr<std::optional<hopper::KernelConfig>> config =
        readModuleKernelConfig(module);
    if (failed(config))
      return signalPassFailure();
    if (!*config)
      return;
    hopper::KernelInterface interface = hopper::getKernelInterface(**config);
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      if (func->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()) &&
          failed(hopper::setGridConstantTensorMaps(func, interface)))
        return signalPassFailure();
  }
};

/// The kernels (gpu.module) to the NVVM dialect.
void addKernelLowering(OpPassManager &pm) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  // The GEMM's mbarriers (a memref.global in shared memory) and TMA copies.
  kernels.addPass(createConvertNVGPUToNVVMPass());
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(std::make_unique<ExternDynamicSharedMemoryPass>());
  kernels.addPass(std::make_unique<GridConstantTensorMapsPass>());
  // NOTE: wgmma.mma_async, mbarrier.try_wait.parity and the TMA copy are
  // inline PTX (BasicPtxBuilderOpInterface): convert-nvvm-to-llvm expands
  // them.
  kernels.addPass(createConvertNVVMToLLVMPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
}

/// The host code to the LLVM dialect, with the passes of the CPU pipeline
/// for the host loops (fp8q reference lowering, model code); gpu-to-llvm
/// keeps gpu.launch_func (translated to CUDA driver calls with the
/// gpu.binary later).
void addHostLowering(OpPassManager &pm) {
  // The GEMM's tensor maps: encoded on the host and passed by value
  // (mgpuTensorMapEncodeTiledHost); other nvgpu.tma.create.descriptor ops
  // become mgpuTensorMapEncodeTiledMemref (a device copy).
  pm.addPass(createFp8qTensorMapsByValuePass());
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  fp8q::addHostToLLVMConversions(pm);
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

} // namespace

void fp8q::buildFp8qGpuPipeline(OpPassManager &pm,
                                const GpuPipelineOptions &options) {
  // The options first: a bad format or CUDA path fails before anything
  // changes the module.
  pm.addPass(std::make_unique<GpuPipelineOptionsCheckPass>(options.format,
                                                           options.cudaPath));
  // TOSA input (buddy-mlir style graphs) to linalg on tensors; nothing
  // happens to a module without TOSA ops.
  pm.addPass(createFp8qImportTosaPass());
  // fp8q ops to kernel launches on tensors (transposes folded into quantize
  // first, which also exposes the fused row/column quantize).
  pm.addPass(createCanonicalizerPass());
  ConvertFp8qToGPUPassOptions conversion;
  conversion.chip = options.chip;
  conversion.gemm = options.gemm;
  conversion.memoryModel = options.memoryModel;
  conversion.gemmBlockM = options.gemmBlockM;
  conversion.gemmBlockN = options.gemmBlockN;
  conversion.gemmStages = options.gemmStages;
  conversion.gemmCtas = options.gemmCtas;
  conversion.gemmCluster = options.gemmCluster;
  conversion.gemmClusterN = options.gemmClusterN;
  conversion.gemmSplitK = options.gemmSplitK;
  conversion.gemmPromotion = options.gemmPromotion;
  conversion.gemmTmaStore = options.gemmTmaStore;
  pm.addPass(createConvertFp8qToGPUPass(conversion));
  // The expert-parallel ops to the runtime's NCCL exchange (with
  // expert-exchange=host, ranks = 1 becomes host loops below).
  if (options.expertExchange == ExpertExchange::Nccl)
    pm.addPass(createConvertFp8qToNcclPass());
  // The fp8q ops without a GPU kernel (dequantize, scaled_matmul with
  // gemm=host, grouped_scaled_matmul) to host loops with the reference
  // numerics.
  pm.addPass(createConvertFp8qToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  // Tensors to host buffers, freed by ownership-based deallocation. The
  // device buffers of the launches are marked
  // `bufferization.manual_deallocation` (freed by their gpu.dealloc), and
  // gpu.launch_func / gpu.wait need the external models of
  // registerGPUHostBufferDeallocationExternalModels.
  fp8q::addHostBufferization(pm, options.deallocate);
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());

  addKernelLowering(pm);
  if (!options.exportDir.empty()) {
    Fp8qExportKernelsPassOptions exportOptions;
    exportOptions.dir = options.exportDir;
    exportOptions.cudaPath = options.cudaPath;
    pm.addPass(createFp8qExportKernelsPass(exportOptions));
  }
  addHostLowering(pm);

  // NOTE: the NVVM serializer reports an error for a toolkit path that does
  // not exist even when it needs no tool (PTX), so the path is only passed
  // on when ptxas was found there.
  bool havePtxas = findPtxas(options.cudaPath).has_value();
  LLVM_DEBUG(llvm::dbgs() << "ptxas found: " << havePtxas << "\n");
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  if (options.format == "auto") {
    binary.compilationTarget = havePtxas ? "bin" : "isa";
    if (!havePtxas)
      pm.addPass(std::make_unique<PtxOnlyWarningPass>(options.cudaPath));
  }
  if (havePtxas || binary.compilationTarget != "isa")
    binary.toolkitPath = options.cudaPath;
  pm.addPass(std::make_unique<SerializeKernelModulesPass>(binary));
  Fp8qCheckLoweredToLLVMPassOptions check;
  check.gpuHost = true;
  pm.addPass(createFp8qCheckLoweredToLLVMPass(check));
}

void fp8q::registerFp8qGpuPipeline() {
  PassPipelineRegistration<GpuPipelineOptions>(
      "fp8q-gpu-pipeline",
      "fp8q programs to LLVM-dialect host code plus the fp8q kernels as "
      "gpu.binary (cubin, or PTX without ptxas)",
      buildFp8qGpuPipeline);
}
