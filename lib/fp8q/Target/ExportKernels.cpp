//===- ExportKernels.cpp - AOT export of the fp8q kernels -----------------===//
//
// Part of the fp8q project.
//
// fp8q-export-kernels: collects the fp8q kernel modules (or their binaries)
// and static launches of a module, writes the kernel files and
// manifest.json. Each kernel's configuration is read from its module's
// `fp8q.kernel` attribute (KernelConfig.h), never parsed from its name, and
// the manifest is built from hopper::getKernelInterface of it, the same
// description the kernels are generated from.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Target/ExportKernels.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "fp8q-export-kernels"

namespace mlir::fp8q {
#define GEN_PASS_DEF_FP8QEXPORTKERNELSPASS
#include "fp8q/Target/Passes.h.inc"
} // namespace mlir::fp8q

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;

//===----------------------------------------------------------------------===//
// ptxas search
//===----------------------------------------------------------------------===//

namespace {
std::optional<std::string> ptxasUnder(StringRef root) {
  if (root.empty())
    return std::nullopt;
  SmallString<256> path(root);
  llvm::sys::path::append(path, "bin", "ptxas");
  if (llvm::sys::fs::can_execute(path))
    return path.str().str();
  return std::nullopt;
}
} // namespace

std::optional<std::string> fp8q::findPtxas(StringRef cudaPath) {
  if (!cudaPath.empty())
    return ptxasUnder(cudaPath);
  if (std::optional<std::string> inPath =
          llvm::sys::Process::FindInEnvPath("PATH", "ptxas"))
    return inPath;
  return ptxasUnder(NVVM::getCUDAToolkitPath());
}

//===----------------------------------------------------------------------===//
// Manifest
//===----------------------------------------------------------------------===//

namespace {
StringRef getArgKindName(KernelArgKind kind) {
  switch (kind) {
  case KernelArgKind::Ptr:
    return "ptr";
  case KernelArgKind::I64:
    return "i64";
  case KernelArgKind::F32:
    return "f32";
  case KernelArgKind::TensorMap:
    return "tensormap";
  }
  return "";
}

/// Writes the quantization of one output as manifest attrs: tile, scale_mode,
/// eps, transpose, scale_layout.
void writeQuantization(llvm::json::OStream &json,
                       const QuantKernelConfig &config,
                       const KernelOutput &output) {
  json.attributeArray("tile", [&] {
    json.value(output.tileRows);
    json.value(output.tileCols);
  });
  json.attribute("scale_mode", stringifyScaleMode(config.scaleMode));
  json.attribute("eps", static_cast<double>(config.eps));
  json.attribute("transpose", output.transpose);
  json.attribute("scale_layout", stringifyScaleLayout(config.scaleLayout));
}

/// The op-level description a loader (python/fp8q/device/quantize_plan.py)
/// derives the reference computation from.
void writeAttrs(llvm::json::OStream &json, const QuantKernelConfig &config,
                const KernelInterface &interface) {
  json.attributeObject("attrs", [&] {
    if (config.kind == QuantKernelKind::BlockTranspose) {
      json.attribute("group", kCtaCols);
      return;
    }
    if (config.kind == QuantKernelKind::TileTranspose) {
      json.attribute("group", kCtaCols);
      json.attribute("scale_mode", stringifyScaleMode(config.scaleMode));
      json.attribute("eps", static_cast<double>(config.eps));
      return;
    }
    json.attribute("source_dtype", getSourceElementName(config.source));
    if (interface.outputs.size() == 1) {
      writeQuantization(json, config, interface.outputs.front());
      return;
    }
    json.attributeArray("outputs", [&] {
      for (const KernelOutput &output : interface.outputs)
        json.object([&] {
          json.attribute("q", output.q);
          json.attribute("scale", output.scale);
          writeQuantization(json, config, output);
        });
    });
  });
}

/// A launch dimension: an integer, or its size expression.
void writeDimension(llvm::json::OStream &json, StringRef expression) {
  int64_t value;
  if (!expression.getAsInteger(10, value))
    json.value(value);
  else
    json.value(expression);
}

/// The op-level description of the GEMM (python/fp8q/device/check_gemm.py
/// derives the reference call from it).
void writeGemmAttrs(llvm::json::OStream &json,
                    const GemmKernelConfig &config) {
  json.attributeObject("attrs", [&] {
    json.attribute("group", config.groupSize);
    json.attributeArray("b_tile", [&] {
      json.value(config.bScaling == GemmBScaling::Block ? config.groupSize
                                                        : 1);
      json.value(config.groupSize);
    });
    json.attribute("out_dtype", getGemmOutElementName(config.out));
    json.attribute("accumulate", config.accumulate);
    json.attribute("a_scale_layout",
                   config.aScaleMnMajor ? "mn_major" : "k_major");
    json.attribute("promotion_interval", config.promotionInterval);
    json.attribute("promotion", getGemmPromotionName(config.promotion));
    json.attribute("block_m", config.tile.blockM);
    json.attribute("block_n", config.tile.blockN);
    json.attribute("stages", config.tile.stages);
    if (config.tile.clusterM > 1)
      json.attribute("cluster_m", config.tile.clusterM);
    if (config.tile.clusterN > 1)
      json.attribute("cluster_n", config.tile.clusterN);
    if (config.tile.splitK > 1)
      json.attribute("split_k", config.tile.splitK);
    if (config.grouping != GemmGrouping::None)
      json.attribute("layout", getGemmGroupingName(config.grouping));
  });
}

std::string getKernelName(const ExportedKernel &kernel) {
  return hopper::getKernelName(kernel.config);
}

void writeKernel(llvm::json::OStream &json, const ExportedKernel &kernel) {
  const auto *quant = std::get_if<QuantKernelConfig>(&kernel.config);
  const auto *gemm = std::get_if<GemmKernelConfig>(&kernel.config);
  KernelInterface interface = getKernelInterface(kernel.config);
  json.attribute("name", getKernelName(kernel));
  // NOTE: `cubin` is what the loader passes to cuModuleLoadData, which also
  // takes (NUL-terminated) PTX: without ptxas it names the PTX.
  json.attribute("cubin", kernel.cubin ? *kernel.cubin : *kernel.ptx);
  if (gemm) {
    json.attribute("op", gemm->grouping == GemmGrouping::None
                             ? "fp8q.scaled_matmul"
                             : "fp8q.grouped_scaled_matmul");
    writeGemmAttrs(json, *gemm);
  } else {
    json.attribute("op", quant->kind == QuantKernelKind::TileTranspose
                             ? "fp8q.tile_transpose"
                         : quant->kind == QuantKernelKind::BlockTranspose
                             ? "fp8q.block_transpose"
                             : "fp8q.quantize");
    writeAttrs(json, *quant, interface);
  }
  json.attributeArray("args", [&] {
    for (const KernelArg &arg : interface.args)
      json.object([&] {
        json.attribute("name", arg.name);
        json.attribute("kind", getArgKindName(arg.kind));
        if (arg.kind == KernelArgKind::TensorMap) {
          json.attribute("of", arg.tensorMapOf);
          json.attributeArray("box", [&] {
            for (int64_t extent : arg.box)
              json.value(extent);
          });
          json.attribute("dtype", arg.dtype);
          json.attribute("swizzle", arg.swizzle);
          json.attribute("oob_fill", "zero");
          json.attribute("pass", "value");
        }
        if (arg.kind == KernelArgKind::Ptr) {
          json.attribute("dtype", arg.dtype);
          json.attributeArray("shape", [&] {
            for (const std::string &extent : arg.shape)
              json.value(extent);
          });
          if (arg.transposed)
            json.attribute("layout", "transposed");
          json.attribute("x-access", arg.written ? "write" : "read");
          json.attribute("x-alignment", arg.alignment);
        }
        json.attribute("x-role", arg.role);
      });
  });
  json.attributeArray("grid", [&] {
    for (const std::string &extent : interface.grid.getExpressions())
      writeDimension(json, extent);
  });
  json.attributeArray("block", [&] {
    for (int64_t extent : interface.block)
      json.value(extent);
  });
  json.attributeArray("cluster", [&] {
    for (int64_t extent : interface.cluster)
      json.value(extent);
  });
  json.attribute("shared_bytes", interface.dynamicSharedMemoryBytes);
  json.attributeArray("requires", [&] {
    for (const std::string &requirement : interface.requirements)
      json.value(requirement);
  });
  json.attribute("x-kind", getKernelKindName(kernel.config));
  if (gemm)
    json.attribute("x-status", "experimental");
  if (kernel.ptx)
    json.attribute("x-ptx", *kernel.ptx);
  if (!kernel.ptxasOptions.empty())
    json.attributeArray("x-ptxas-options", [&] {
      for (const std::string &option : kernel.ptxasOptions)
        json.value(option);
    });
  json.attribute("x-format", kernel.cubin ? "cubin" : "ptx");
}
} // namespace

std::string fp8q::buildKernelManifest(StringRef chip,
                                      ArrayRef<ExportedKernel> kernels,
                                      ArrayRef<ExportedLaunch> launches) {
  SmallVector<ExportedKernel> sorted(kernels);
  llvm::sort(sorted, [](const ExportedKernel &lhs, const ExportedKernel &rhs) {
    return getKernelName(lhs) < getKernelName(rhs);
  });
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::json::OStream json(os, /*IndentSize=*/1);
  json.object([&] {
    json.attribute("version", kKernelManifestVersion);
    json.attribute("chip", chip);
    json.attribute("doc",
                   "fp8q GPU kernels written by fp8q-export-kernels; "
                   "shape-generic (M and K are arguments); format: "
                   "python/fp8q/README_runtime.md, kernels: docs/GPU.md");
    json.attributeArray("kernels", [&] {
      for (const ExportedKernel &kernel : sorted)
        json.object([&] { writeKernel(json, kernel); });
    });
    json.attributeArray("x-launches", [&] {
      for (const ExportedLaunch &launch : launches)
        json.object([&] {
          json.attribute("kernel", launch.kernel);
          json.attributeObject("sizes", [&] {
            json.attribute("M", launch.m);
            json.attribute("K", launch.k);
          });
          json.attributeArray("grid", [&] {
            for (int64_t extent : launch.grid)
              json.value(extent);
          });
          json.attribute("loc", launch.location);
        });
    });
  });
  os << "\n";
  return text;
}

//===----------------------------------------------------------------------===//
// Fp8qExportKernelsPass
//===----------------------------------------------------------------------===//

namespace {
struct Fp8qExportKernelsPass
    : fp8q::impl::Fp8qExportKernelsPassBase<Fp8qExportKernelsPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Writes `data` to `dir`/`name`; emits an error on failure.
  LogicalResult writeFile(StringRef name, StringRef data);
  /// Serializes a kernel module lowered to NVVM: PTX, and a cubin when
  /// `ptxas` is set.
  LogicalResult exportModule(gpu::GPUModuleOp module, ExportedKernel &kernel,
                             const std::optional<std::string> &ptxas,
                             std::string &chip);
  /// Writes the objects of a serialized kernel module.
  LogicalResult exportBinary(gpu::BinaryOp binary, ExportedKernel &kernel,
                             std::string &chip);
  /// The configuration of a kernel module from its `fp8q.kernel`, checked
  /// against its name; emits an error on failure.
  FailureOr<KernelConfig> readConfig(Operation *module, StringRef name);
  SmallVector<ExportedLaunch>
  collectLaunches(const llvm::StringMap<KernelConfig> &configs);
};

LogicalResult Fp8qExportKernelsPass::writeFile(StringRef name, StringRef data) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (!error) {
    os << data;
    os.close();
    error = os.error();
  }
  if (error)
    return emitError(getOperation().getLoc())
           << "fp8q-export-kernels: cannot write '" << path
           << "': " << error.message();
  return success();
}

LogicalResult Fp8qExportKernelsPass::exportModule(
    gpu::GPUModuleOp module, ExportedKernel &kernel,
    const std::optional<std::string> &ptxas, std::string &chip) {
  std::string name = getKernelName(kernel);
  if (!module.getOps<gpu::GPUFuncOp>().empty())
    return emitError(module.getLoc())
           << "fp8q-export-kernels: kernel module '" << name
           << "' is not lowered to NVVM yet; export after convert-gpu-to-nvvm "
              "(e.g. --fp8q-gpu-pipeline=export-dir=DIR)";
  auto target = llvm::find_if(module.getTargetsAttr(), [](Attribute attr) {
    return isa<NVVM::NVVMTargetAttr>(attr);
  });
  if (!module.getTargetsAttr() || target == module.getTargetsAttr().end())
    return emitError(module.getLoc()) << "fp8q-export-kernels: kernel module '"
                                      << name << "' has no #nvvm.target";
  auto nvvmTarget = cast<NVVM::NVVMTargetAttr>(*target);
  chip = nvvmTarget.getChip().str();
  if (nvvmTarget.hasCmdOptions())
    if (auto list = dyn_cast<ArrayAttr>(nvvmTarget.getCmdOptions()->getValue()))
      for (auto option : list.getAsRange<StringAttr>())
        kernel.ptxasOptions.push_back(option.str());

  std::string ptx;
  // NOTE: TargetOptions keeps a function_ref: the callback must outlive it.
  auto capturePtx = [&](StringRef isa) { ptx = isa.str(); };
  gpu::CompilationTarget format =
      ptxas ? gpu::CompilationTarget::Binary : gpu::CompilationTarget::Assembly;
  gpu::TargetOptions options(
      ptxas ? StringRef(cudaPath) : StringRef(), /*librariesToLink=*/{},
      /*cmdOptions=*/{}, /*elfSection=*/{}, format,
      /*getSymbolTableCallback=*/{}, /*initialLlvmIRCallback=*/{},
      /*linkedLlvmIRCallback=*/{}, /*optimizedLlvmIRCallback=*/{}, capturePtx);
  // The serializer is an external model: present only when the NVVM target
  // extension is registered (fp8-opt registers every extension).
  auto serializer = dyn_cast<gpu::TargetAttrInterface>(nvvmTarget);
  if (!serializer)
    return emitError(module.getLoc())
           << "fp8q-export-kernels: #nvvm.target cannot serialize here "
              "(register NVVM::registerNVVMTargetInterfaceExternalModels)";
  std::optional<SmallVector<char, 0>> object =
      serializer.serializeToObject(module, options);
  if (!object)
    return emitError(module.getLoc())
           << "fp8q-export-kernels: cannot serialize '" << name << "'";
  if (ptx.empty() && format == gpu::CompilationTarget::Assembly)
    ptx.assign(object->begin(), object->end());
  kernel.ptx = name + ".ptx";
  if (failed(writeFile(*kernel.ptx, ptx)))
    return failure();
  if (format == gpu::CompilationTarget::Binary) {
    kernel.cubin = name + ".cubin";
    return writeFile(*kernel.cubin, StringRef(object->data(), object->size()));
  }
  return success();
}

LogicalResult Fp8qExportKernelsPass::exportBinary(gpu::BinaryOp binary,
                                                  ExportedKernel &kernel,
                                                  std::string &chip) {
  std::string name = getKernelName(kernel);
  for (Attribute attr : binary.getObjectsAttr()) {
    auto object = dyn_cast<gpu::ObjectAttr>(attr);
    if (!object)
      continue;
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
    if (!target)
      continue;
    chip = target.getChip().str();
    StringRef data = object.getObject().getValue();
    switch (object.getFormat()) {
    case gpu::CompilationTarget::Binary:
      kernel.cubin = name + ".cubin";
      if (failed(writeFile(*kernel.cubin, data)))
        return failure();
      break;
    case gpu::CompilationTarget::Assembly:
      kernel.ptx = name + ".ptx";
      if (failed(writeFile(*kernel.ptx, data)))
        return failure();
      break;
    default:
      return binary.emitError()
             << "fp8q-export-kernels: '" << name
             << "' is serialized as neither a cubin nor PTX (use "
                "gpu-module-to-binary format=bin or isa)";
    }
  }
  return success();
}

FailureOr<KernelConfig> Fp8qExportKernelsPass::readConfig(Operation *module,
                                                          StringRef name) {
  auto attr = module->getAttrOfType<DictionaryAttr>(kKernelConfigAttrName);
  if (!attr)
    return module->emitError()
           << "fp8q-export-kernels: kernel module '" << name << "' has no '"
           << kKernelConfigAttrName
           << "' attribute (the configuration convert-fp8q-to-gpu writes on "
              "each kernel module; a gpu.binary keeps it when serialized by "
              "--fp8q-gpu-pipeline)";
  FailureOr<KernelConfig> config = readKernelConfigAttr(attr, [&] {
    return module->emitError()
           << "fp8q-export-kernels: kernel module '" << name << "': ";
  });
  if (failed(config))
    return failure();
  // NOTE: the name is derived from the configuration (tests, the runtime
  // and the mock driver key on it), so a mismatch is a broken module.
  std::string expected = hopper::getKernelName(*config);
  if (expected != name)
    return module->emitError() << "fp8q-export-kernels: kernel module '" << name
                               << "' carries the configuration of '" << expected
                               << "' in '" << kKernelConfigAttrName << "'";
  return config;
}

/// The gpu.launch_func ops of fp8q quantize kernels whose M and K are
/// constants.
SmallVector<ExportedLaunch> Fp8qExportKernelsPass::collectLaunches(
    const llvm::StringMap<KernelConfig> &configs) {
  SmallVector<ExportedLaunch> launches;
  getOperation().walk([&](gpu::LaunchFuncOp launch) {
    StringRef name = launch.getKernelModuleName().getValue();
    auto found = configs.find(name);
    if (found == configs.end())
      return;
    const auto *config = std::get_if<QuantKernelConfig>(&found->second);
    if (!config)
      return;
    KernelInterface interface = getKernelInterface(*config);
    std::optional<int64_t> m, k;
    for (auto [arg, operand] :
         llvm::zip(interface.args, launch.getKernelOperands())) {
      APInt value;
      if (arg.kind != KernelArgKind::I64 ||
          !matchPattern(operand, m_ConstantInt(&value)))
        continue;
      if (arg.name == "M")
        m = value.getSExtValue();
      if (arg.name == "K")
        k = value.getSExtValue();
    }
    if (!m || !k)
      return;
    std::string location;
    if (auto fileLoc = dyn_cast<FileLineColLoc>(launch.getLoc()))
      location = llvm::formatv("{0}:{1}:{2}", fileLoc.getFilename().getValue(),
                               fileLoc.getLine(), fileLoc.getColumn())
                     .str();
    launches.push_back(
        {name.str(), *m, *k, interface.grid.evaluate(*m, *k), location});
  });
  return launches;
}

void Fp8qExportKernelsPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (dir.empty()) {
    emitError(module.getLoc())
        << "fp8q-export-kernels: the `dir` option is required";
    return signalPassFailure();
  }
  if (std::error_code error = llvm::sys::fs::create_directories(dir)) {
    emitError(module.getLoc()) << "fp8q-export-kernels: cannot create '" << dir
                               << "': " << error.message();
    return signalPassFailure();
  }

  std::optional<std::string> ptxas = findPtxas(cudaPath);
  if (!cudaPath.empty() && !ptxas) {
    emitError(module.getLoc())
        << "fp8q-export-kernels: cuda-path '" << cudaPath
        << "' has no bin/ptxas (give the CUDA toolkit's root, or leave "
           "cuda-path out to search $PATH, $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH)";
    return signalPassFailure();
  }
  LLVM_DEBUG(llvm::dbgs() << "ptxas: " << (ptxas ? *ptxas : "(none)") << "\n");
  SmallVector<ExportedKernel> kernels;
  llvm::StringMap<KernelConfig> configs;
  std::string chip;
  bool ptxOnly = false;
  for (Operation &op : module.getBody()->getOperations()) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol || !isa<gpu::GPUModuleOp, gpu::BinaryOp>(op))
      continue;
    FailureOr<KernelConfig> config = readConfig(&op, symbol.getName());
    if (failed(config))
      return signalPassFailure();
    ExportedKernel kernel{*config, std::nullopt, std::nullopt};
    configs.try_emplace(symbol.getName(), *config);
    LogicalResult result =
        isa<gpu::GPUModuleOp>(op)
            ? exportModule(cast<gpu::GPUModuleOp>(op), kernel, ptxas, chip)
            : exportBinary(cast<gpu::BinaryOp>(op), kernel, chip);
    if (failed(result))
      return signalPassFailure();
    ptxOnly |= !kernel.cubin;
    kernels.push_back(kernel);
  }
  if (ptxOnly)
    emitWarning(module.getLoc())
        << "fp8q-export-kernels: "
        << (ptxas ? "some kernels are serialized as PTX only"
                  : "ptxas not found")
        << "; manifest.json lists PTX only for them (the "
           "CUDA driver JIT-compiles PTX at load time)";
  std::string manifest =
      buildKernelManifest(chip, kernels, collectLaunches(configs));
  if (failed(writeFile("manifest.json", manifest)))
    return signalPassFailure();
  markAllAnalysesPreserved();
}
} // namespace
