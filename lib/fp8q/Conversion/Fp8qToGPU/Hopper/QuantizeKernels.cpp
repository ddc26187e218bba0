//===- QuantizeKernels.cpp - Hopper quantization kernels ------------------===//
//
// Part of the fp8q project.
//
// The public side of the quantize kernels (QuantizeKernels.h): the config of
// a variant and its name, the tile schedule, the launch interface, and the
// kernel module builder. The kernel bodies are emitted by QuantKernelEmitter
// (QuantKernelEmitter.h, with the row mapping of the kernels).
//
//===----------------------------------------------------------------------===//

#include "QuantKernelEmitter.h"

#include "fp8q/Conversion/FloatBits.h"
#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "convert-fp8q-to-gpu"

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;
using namespace mlir::fp8q::hopper::quantkernel;

//===----------------------------------------------------------------------===//
// Shared-memory layout
//===----------------------------------------------------------------------===//

SharedLayout quantkernel::getSharedLayout(const QuantKernelConfig &config) {
  SharedLayout layout;
  if (config.kind == QuantKernelKind::Block) {
    layout.partial = 0;
    layout.words = kCtaWarps;
    return layout;
  }
  if (config.kind == QuantKernelKind::BlockTranspose) {
    layout.words = kCtaRows * kCtaCols / kWordBytes;
    return layout;
  }
  TileSchedule schedule = getTileSchedule(config);
  if (!schedule.staged)
    return layout;
  layout.stageWords = kCtaRows * getStageRowWords(config);
  layout.rowScale = schedule.stages * layout.stageWords;
  layout.words = layout.rowScale;
  if (config.kind == QuantKernelKind::TileTranspose)
    layout.words += schedule.stages * kCtaRows;
  if (config.kind == QuantKernelKind::BlockTransposed) {
    layout.partial = layout.words;
    layout.words += kCtaWarps;
  }
  return layout;
}

//===----------------------------------------------------------------------===//
// QuantKernelConfig
//===----------------------------------------------------------------------===//

std::optional<SourceElement> hopper::getSourceElement(Type type) {
  if (type.isF32())
    return SourceElement::F32;
  if (type.isBF16())
    return SourceElement::BF16;
  if (type.isF16())
    return SourceElement::F16;
  if (isa<Float8E4M3FNType>(type))
    return SourceElement::E4M3;
  return std::nullopt;
}

const QuantKernelKindSpelling &hopper::getKindSpelling(QuantKernelKind kind) {
  // kQuantKernelKinds lists every enumerator: the search cannot fail.
  return *llvm::find_if(kQuantKernelKinds,
                        [&](const QuantKernelKindSpelling &spelling) {
                          return spelling.kind == kind;
                        });
}

std::optional<QuantKernelKind>
hopper::symbolizeQuantKernelKind(StringRef name) {
  for (const QuantKernelKindSpelling &spelling : kQuantKernelKinds)
    if (spelling.name == name)
      return spelling.kind;
  return std::nullopt;
}

StringRef hopper::getSourceElementName(SourceElement element) {
  switch (element) {
  case SourceElement::F32:
    return "f32";
  case SourceElement::BF16:
    return "bf16";
  case SourceElement::F16:
    return "f16";
  case SourceElement::E4M3:
    return "f8e4m3fn";
  }
  return "";
}

std::string QuantKernelConfig::getName() const {
  std::string name = ("fp8q_" + getKindSpelling(kind).token).str();
  if (kind == QuantKernelKind::BlockTranspose)
    return name;
  if (kind != QuantKernelKind::TileTranspose)
    name += ("_" + getSourceElementName(source)).str();
  name += "_" + stringifyScaleMode(scaleMode).str();
  if (scaleLayout == ScaleLayout::mn_major)
    name += "_mn";
  if (llvm::bit_cast<uint32_t>(eps) != llvm::bit_cast<uint32_t>(kDefaultEps))
    name += llvm::formatv("_eps{0:x-8}", llvm::bit_cast<uint32_t>(eps)).str();
  return name;
}

int64_t QuantKernelConfig::getSourceBytes() const {
  switch (source) {
  case SourceElement::F32:
    return 4;
  case SourceElement::BF16:
  case SourceElement::F16:
    return 2;
  case SourceElement::E4M3:
    return 1;
  }
  return 0;
}

int64_t QuantKernelConfig::getDynamicSharedMemoryBytes() const {
  return getSharedLayout(*this).words * kWordBytes;
}

//===----------------------------------------------------------------------===//
// TileSchedule
//===----------------------------------------------------------------------===//

/// The schedules measured best on the H200 (docs/GPU.md, "Schedules"): the
/// 128x1-T and fused kernels run one tile per CTA (their occupancy keeps the
/// copies in flight), tile_transpose, which is limited by its arithmetic,
/// four tiles per CTA with the next tile's copy overlapping the work.
/// CTAs per SM of the f32 128x1-T kernel: three 64 KiB stages fit an SM's
/// shared memory; the register budget (`.minnctapersm`) keeps it so.
constexpr int64_t kTransposedF32CtasPerSm = 3;
/// CTAs per SM of the 16-bit 1x128 kernels with mn_major scales. NOTE:
/// without a budget ptxas sizes them for 4 CTAs (64 registers) and spills 8
/// bytes; a 3-CTA budget gives them 72 registers and no spills.
constexpr int64_t kRowWiseMnMajorCtasPerSm = 3;

TileSchedule hopper::getTileSchedule(const QuantKernelConfig &config) {
  TileSchedule schedule;
  switch (config.kind) {
  case QuantKernelKind::RowWise:
    if (config.scaleLayout == ScaleLayout::mn_major &&
        config.source != SourceElement::F32)
      schedule.ctasPerSm = kRowWiseMnMajorCtasPerSm;
    return schedule;
  case QuantKernelKind::Block:
  case QuantKernelKind::BlockTranspose:
    return schedule;
  case QuantKernelKind::ColumnWiseTransposed:
  case QuantKernelKind::BlockTransposed:
    // The 128x128-T kernel reads and writes like the 128x1-T one (its block
    // amax adds one barrier), so it shares its schedule.
    schedule = {/*staged=*/true, /*tilesPerCta=*/1, /*stages=*/1,
                /*ctasPerSm=*/4};
    // Pairs of column tiles walked down the rows: the ~528 resident CTAs
    // then write 264-row-tile runs (33 KB) of each qT row instead of 9
    // (1.2 KB at K = 7168), which the H200's DRAM writes faster (+2 to +5
    // points of copy at 65536 rows). Small sources (< 128 row tiles) keep
    // the row-major raster, which was as fast or faster there.
    schedule.columnGroup = kTransposedColumnGroup;
    schedule.columnGroupMinRowTiles = kTransposedColumnGroupMinRowTiles;
    break;
  case QuantKernelKind::Fused:
    schedule = {/*staged=*/true, /*tilesPerCta=*/1, /*stages=*/1,
                /*ctasPerSm=*/3};
    break;
  case QuantKernelKind::TileTranspose:
    schedule = {/*staged=*/true, /*tilesPerCta=*/4, /*stages=*/2,
                /*ctasPerSm=*/2};
    break;
  }
  // NOTE: a 64 KiB f32 stage: shared memory (227 KiB per SM) bounds the
  // occupancy, so the f32 kernels keep at most two stages and no register
  // budget, but for 128x1-T: without one ptxas gave it 90 registers (2 CTAs
  // per SM); a 3-CTA budget (80 registers, no spills) matches what its
  // stage allows (H200: +1.4 to +2.3 points of copy bandwidth at 4096 and
  // 16384 rows; docs/GPU.md).
  if (config.source == SourceElement::F32) {
    schedule.stages = std::min<int64_t>(schedule.stages, 2);
    schedule.ctasPerSm = config.kind == QuantKernelKind::ColumnWiseTransposed ||
                                 config.kind == QuantKernelKind::BlockTransposed
                             ? kTransposedF32CtasPerSm
                             : 1;
  }
  return schedule;
}

LaunchGrid hopper::getLaunchGrid(const QuantKernelConfig &config) {
  TileSchedule schedule = getTileSchedule(config);
  LaunchGrid grid;
  grid.rowTile = kCtaRows;
  grid.columnTile = kCtaCols;
  // Register kernels: one tile per CTA, (cdiv(K, 128), cdiv(M, 128), 1).
  // Staged kernels: cdiv(cdiv(M, 128), T) * cdiv(K, 128) CTAs on a 1-D grid
  // (T row tiles per CTA).
  grid.flat = schedule.staged;
  grid.rowTilesPerCta = schedule.staged ? schedule.tilesPerCta : 1;
  return grid;
}

//===----------------------------------------------------------------------===//
// KernelInterface
//===----------------------------------------------------------------------===//

KernelInterface hopper::getKernelInterface(const QuantKernelConfig &config) {
  KernelInterface result;
  std::string sourceType = getSourceElementName(config.source).str();
  std::string codeType = getSourceElementName(SourceElement::E4M3).str();
  std::string tiles = llvm::formatv("ceil(K/{0})", kCtaCols).str();
  std::string rowTiles = llvm::formatv("ceil(M/{0})", kCtaRows).str();

  auto pointer = [&](StringRef name, StringRef role, StringRef dtype,
                     ArrayRef<std::string> shape, bool written) {
    KernelArg arg;
    arg.name = name.str();
    arg.kind = KernelArgKind::Ptr;
    arg.role = role.str();
    arg.dtype = dtype.str();
    arg.shape.assign(shape.begin(), shape.end());
    arg.written = written;
    // mn_major: the written scale arrays are the tile grid transposed.
    if (written && role.contains("scale") &&
        config.scaleLayout == ScaleLayout::mn_major) {
      std::swap(arg.shape[0], arg.shape[1]);
      arg.transposed = true;
    }
    arg.alignment =
        dtype == "f32" && role.contains("scale") ? kWordBytes : kVectorBytes;
    result.args.push_back(arg);
  };
  auto scalar = [&](StringRef name, KernelArgKind kind, StringRef role) {
    KernelArg arg;
    arg.name = name.str();
    arg.kind = kind;
    arg.role = role.str();
    result.args.push_back(arg);
  };

  bool tileTranspose = config.kind == QuantKernelKind::TileTranspose;
  if (tileTranspose) {
    pointer("q", "source", codeType, {"M", "K"}, false);
    pointer("scale", "source_scale", "f32", {"M", tiles}, false);
  } else if (config.kind == QuantKernelKind::BlockTranspose) {
    pointer("q", "source", codeType, {"M", "K"}, false);
    pointer("scale", "source_scale", "f32", {rowTiles, tiles}, false);
  } else {
    pointer("source", "source", sourceType, {"M", "K"}, false);
  }
  switch (config.kind) {
  case QuantKernelKind::RowWise:
  case QuantKernelKind::Fused:
    pointer("q", "q", codeType, {"M", "K"}, true);
    pointer("scale", "scale", "f32", {"M", tiles}, true);
    result.outputs.push_back({"q", "scale", 1, kCtaCols, false});
    break;
  case QuantKernelKind::Block:
    pointer("q", "q", codeType, {"M", "K"}, true);
    pointer("scale", "scale", "f32", {rowTiles, tiles}, true);
    result.outputs.push_back({"q", "scale", kCtaRows, kCtaCols, false});
    break;
  case QuantKernelKind::BlockTransposed:
    pointer("q", "q", codeType, {"K", "M"}, true);
    pointer("scale", "scale", "f32", {tiles, rowTiles}, true);
    result.outputs.push_back({"q", "scale", kCtaRows, kCtaCols, true});
    break;
  case QuantKernelKind::BlockTranspose:
    pointer("q_t", "q_t", codeType, {"K", "M"}, true);
    pointer("scale_t", "scale_t", "f32", {tiles, rowTiles}, true);
    result.outputs.push_back({"q_t", "scale_t", kCtaRows, kCtaCols, true});
    break;
  case QuantKernelKind::ColumnWiseTransposed:
  case QuantKernelKind::TileTranspose:
    break;
  }
  if (hasTransposedOutput(config.kind) &&
      config.kind != QuantKernelKind::BlockTransposed) {
    // The K-major results are the op's q and scale for a lone 128x1
    // quantize, q_t and scale_t next to another output pair.
    bool alone = config.kind == QuantKernelKind::ColumnWiseTransposed;
    StringRef q = alone ? "q" : "q_t", scale = alone ? "scale" : "scale_t";
    pointer(q, q, codeType, {"K", "M"}, true);
    pointer(scale, scale, "f32", {"K", rowTiles}, true);
    result.outputs.push_back({q.str(), scale.str(), kCtaRows, 1, true});
  }
  scalar("M", KernelArgKind::I64, "size");
  scalar("K", KernelArgKind::I64, "size");

  TileSchedule schedule = getTileSchedule(config);
  result.grid = getLaunchGrid(config);
  result.block = {kCtaThreads, 1, 1};
  result.cluster = {1, 1, 1};
  result.dynamicSharedMemoryBytes = config.getDynamicSharedMemoryBytes();
  std::string rowBytes =
      config.getSourceBytes() == 1
          ? std::string("K")
          : llvm::formatv("K*{0}", config.getSourceBytes()).str();
  result.requirements = {
      "M >= 1", "K >= 1",
      llvm::formatv("{0} % {1} == 0", rowBytes, kVectorBytes).str()};
  if (!schedule.staged)
    result.requirements.push_back(
        llvm::formatv("{0} <= {1}", rowTiles, kMaxGridY).str());
  return result;
}

//===----------------------------------------------------------------------===//
// buildQuantKernelModule
//===----------------------------------------------------------------------===//

gpu::GPUModuleOp hopper::buildQuantKernelModule(OpBuilder &builder,
                                                Location loc,
                                                const QuantKernelConfig &config,
                                                Attribute target) {
  std::string name = config.getName();
  auto module = gpu::GPUModuleOp::create(builder, loc, name,
                                         builder.getArrayAttr({target}));
  // The configuration travels with the kernel: its readers take it from
  // here, never from the name.
  setKernelConfig(module, config);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());

  KernelInterface interface = getKernelInterface(config);
  MLIRContext *context = builder.getContext();
  SmallVector<Type, 9> argTypes;
  for (const KernelArg &arg : interface.args) {
    switch (arg.kind) {
    case KernelArgKind::Ptr:
    case KernelArgKind::TensorMap:
      argTypes.push_back(LLVM::LLVMPointerType::get(context));
      break;
    case KernelArgKind::I64:
      argTypes.push_back(builder.getI64Type());
      break;
    case KernelArgKind::F32:
      argTypes.push_back(builder.getF32Type());
      break;
    }
  }
  auto func = gpu::GPUFuncOp::create(builder, loc, name,
                                     builder.getFunctionType(argTypes, {}));
  TileSchedule schedule = getTileSchedule(config);
  if (schedule.ctasPerSm > 0) {
    // `.minnctapersm`: ptxas keeps the registers within the budget of
    // ctasPerSm resident CTAs (the stages are sized for that many).
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  builder.getI32IntegerAttr(schedule.ctasPerSm));
  }
  setKernelSignatureAttrs(func, interface);

  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(&func.getBody().front());
  QuantKernelEmitter(bodyBuilder, loc, config, func).emit();
  return module;
}
