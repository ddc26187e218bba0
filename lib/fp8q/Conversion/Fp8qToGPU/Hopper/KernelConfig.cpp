//===- KernelConfig.cpp - The configuration of an fp8q kernel -------------===//
//
// Part of the fp8q project.
//
// The `fp8q.kernel` attribute: the one writer (getKernelConfigAttr, called
// where a kernel module is built) and the one reader (readKernelConfigAttr,
// used by fp8q-export-kernels) of a kernel's configuration in the IR.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelConfig.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;

//===----------------------------------------------------------------------===//
// Spellings
//===----------------------------------------------------------------------===//

namespace {
/// Field names of the attribute.
constexpr StringLiteral kKind = "kind";
// Quantize kernels.
constexpr StringLiteral kSource = "source";
constexpr StringLiteral kScaleMode = "scale_mode";
constexpr StringLiteral kScaleLayout = "scale_layout";
constexpr StringLiteral kEps = "eps";
// GEMM.
constexpr StringLiteral kBScaling = "b_scaling";
constexpr StringLiteral kOut = "out";
constexpr StringLiteral kAccumulate = "accumulate";
constexpr StringLiteral kAScaleLayout = "a_scale_layout";
constexpr StringLiteral kGroupSize = "group_size";
constexpr StringLiteral kPromotionInterval = "promotion_interval";
/// "fma" or "mul-add"; absent: fma.
constexpr StringLiteral kPromotion = "promotion";
constexpr StringLiteral kBlockM = "block_m";
constexpr StringLiteral kBlockN = "block_n";
constexpr StringLiteral kStages = "stages";
constexpr StringLiteral kCtas = "ctas";
/// CTAs per cluster along M; absent: 1.
constexpr StringLiteral kClusterM = "cluster_m";
/// CTAs per cluster along N; absent: 1.
constexpr StringLiteral kClusterN = "cluster_n";
constexpr StringLiteral kSplitK = "split_k";
/// Grouped GEMMs only ("contiguous" or "masked"); absent: one GEMM.
constexpr StringLiteral kGrouping = "grouping";
/// The staged epilogue stored by the producer warpgroup's warps 1-3;
/// absent: false.
constexpr StringLiteral kEpilogueStorers = "epilogue_storers";
/// The staged epilogue stored by TMA (an `out_map` argument); absent: false.
constexpr StringLiteral kTmaStore = "tma_store";

constexpr SourceElement kSourceElements[] = {
    SourceElement::F32, SourceElement::BF16, SourceElement::F16,
    SourceElement::E4M3};

StringRef getBScalingName(GemmBScaling scaling) {
  return scaling == GemmBScaling::Block ? "block" : "row";
}
} // namespace

std::string hopper::getKernelName(const KernelConfig &config) {
  return std::visit([](const auto &variant) { return variant.getName(); },
                    config);
}

StringRef hopper::getKernelKindName(const KernelConfig &config) {
  if (const auto *quant = std::get_if<QuantKernelConfig>(&config))
    return getKindSpelling(quant->kind).name;
  return kGemmKernelKindName;
}

KernelInterface hopper::getKernelInterface(const KernelConfig &config) {
  return std::visit(
      [](const auto &variant) { return getKernelInterface(variant); }, config);
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

DictionaryAttr hopper::getKernelConfigAttr(MLIRContext *context,
                                           const KernelConfig &config) {
  Builder b(context);
  SmallVector<NamedAttribute, 16> fields;
  auto add = [&](StringRef name, Attribute value) {
    fields.push_back(b.getNamedAttr(name, value));
  };
  add(kKind, b.getStringAttr(getKernelKindName(config)));
  if (const auto *quant = std::get_if<QuantKernelConfig>(&config)) {
    add(kSource, b.getStringAttr(getSourceElementName(quant->source)));
    add(kScaleMode, b.getStringAttr(stringifyScaleMode(quant->scaleMode)));
    add(kScaleLayout,
        b.getStringAttr(stringifyScaleLayout(quant->scaleLayout)));
    add(kEps, b.getF32FloatAttr(quant->eps));
    return b.getDictionaryAttr(fields);
  }
  const auto &gemm = std::get<GemmKernelConfig>(config);
  add(kBScaling, b.getStringAttr(getBScalingName(gemm.bScaling)));
  add(kOut, b.getStringAttr(getGemmOutElementName(gemm.out)));
  add(kAccumulate, b.getBoolAttr(gemm.accumulate));
  add(kAScaleLayout,
      b.getStringAttr(stringifyScaleLayout(
          gemm.aScaleMnMajor ? ScaleLayout::mn_major : ScaleLayout::k_major)));
  add(kGroupSize, b.getI64IntegerAttr(gemm.groupSize));
  add(kPromotionInterval, b.getI64IntegerAttr(gemm.promotionInterval));
  if (gemm.promotion != GemmPromotion::FMA)
    add(kPromotion, b.getStringAttr(getGemmPromotionName(gemm.promotion)));
  add(kBlockM, b.getI64IntegerAttr(gemm.tile.blockM));
  add(kBlockN, b.getI64IntegerAttr(gemm.tile.blockN));
  add(kStages, b.getI64IntegerAttr(gemm.tile.stages));
  add(kCtas, b.getI64IntegerAttr(gemm.tile.ctas));
  if (gemm.tile.clusterM != 1)
    add(kClusterM, b.getI64IntegerAttr(gemm.tile.clusterM));
  if (gemm.tile.clusterN != 1)
    add(kClusterN, b.getI64IntegerAttr(gemm.tile.clusterN));
  if (gemm.tile.splitK != 1)
    add(kSplitK, b.getI64IntegerAttr(gemm.tile.splitK));
  if (gemm.grouping != GemmGrouping::None)
    add(kGrouping, b.getStringAttr(getGemmGroupingName(gemm.grouping)));
  if (gemm.epilogueStorers)
    add(kEpilogueStorers, b.getBoolAttr(true));
  if (gemm.tmaStore)
    add(kTmaStore, b.getBoolAttr(true));
  return b.getDictionaryAttr(fields);
}

void hopper::setKernelConfig(Operation *module, const KernelConfig &config) {
  module->setAttr(kKernelConfigAttrName,
                  getKernelConfigAttr(module->getContext(), config));
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {
/// Reads the fields of one `fp8q.kernel` dictionary; the first problem is
/// reported, later reads then return defaults.
class FieldReader {
public:
  FieldReader(DictionaryAttr attr, function_ref<InFlightDiagnostic()> emitError)
      : attr(attr), emitError(emitError) {}

  bool failed() const { return hasFailed; }

  /// Reports `message` (the first report only).
  void fail(const Twine &message) {
    if (!hasFailed)
      emitError() << "'" << kKernelConfigAttrName << "': " << message;
    hasFailed = true;
  }

  /// The field `name` of type `AttrT`, or null (reported).
  template <typename AttrT> AttrT get(StringRef name, StringRef typeName) {
    read.push_back(name);
    Attribute value = attr.get(name);
    auto typed = dyn_cast_or_null<AttrT>(value);
    if (!typed)
      fail(Twine("expected ") + typeName + " field '" + name + "'");
    return typed;
  }

  /// A string field that is one of `names`; returns its index.
  size_t getChoice(StringRef name, ArrayRef<StringRef> names) {
    auto value = get<StringAttr>(name, "string");
    if (!value)
      return 0;
    const auto *found = llvm::find(names, value.getValue());
    if (found == names.end()) {
      fail(Twine("field '") + name + "' is '" + value.getValue() +
           "', expected one of " + llvm::join(names, ", "));
      return 0;
    }
    return found - names.begin();
  }

  /// A string field naming one of `choices`: its value (the first one,
  /// after failing, when the field is missing or names none of them).
  template <typename E>
  E getEnum(StringRef name,
            std::initializer_list<std::pair<StringRef, E>> choices) {
    SmallVector<StringRef, 4> names;
    for (const auto &choice : choices)
      names.push_back(choice.first);
    return (choices.begin() + getChoice(name, names))->second;
  }

  /// Whether the (optional) field `name` is present.
  bool has(StringRef name) const { return static_cast<bool>(attr.get(name)); }

  int64_t getInt(StringRef name) {
    auto value = get<IntegerAttr>(name, "integer");
    return value ? value.getInt() : 0;
  }

  /// Reports fields that were never read.
  void checkNoOtherFields() {
    for (NamedAttribute field : attr)
      if (!llvm::is_contained(read, field.getName().getValue()))
        return fail(Twine("unknown field '") + field.getName().getValue() +
                    "'");
  }

private:
  DictionaryAttr attr;
  function_ref<InFlightDiagnostic()> emitError;
  SmallVector<StringRef, 11> read;
  bool hasFailed = false;
};

/// A scale layout field (the quantize kernels' and the GEMM's A scales).
ScaleLayout readScaleLayout(FieldReader &reader, StringRef field) {
  return reader.getEnum<ScaleLayout>(
      field,
      {{stringifyScaleLayout(ScaleLayout::k_major), ScaleLayout::k_major},
       {stringifyScaleLayout(ScaleLayout::mn_major), ScaleLayout::mn_major}});
}

FailureOr<KernelConfig> readQuantConfig(FieldReader &reader,
                                        QuantKernelKind kind) {
  QuantKernelConfig config{kind, SourceElement::E4M3, ScaleMode::fp32};
  SmallVector<StringRef, 4> sources;
  for (SourceElement element : kSourceElements)
    sources.push_back(getSourceElementName(element));
  config.source = kSourceElements[reader.getChoice(kSource, sources)];
  config.scaleMode = reader.getEnum<ScaleMode>(
      kScaleMode, {{stringifyScaleMode(ScaleMode::fp32), ScaleMode::fp32},
                   {stringifyScaleMode(ScaleMode::pow2), ScaleMode::pow2}});
  config.scaleLayout = readScaleLayout(reader, kScaleLayout);
  if (auto eps = reader.get<FloatAttr>(kEps, "f32")) {
    if (!eps.getType().isF32())
      reader.fail(Twine("expected f32 field '") + kEps + "'");
    config.eps = static_cast<float>(eps.getValueAsDouble());
  }
  reader.checkNoOtherFields();
  if (reader.failed())
    return failure();
  bool readsCodes = kind == QuantKernelKind::TileTranspose ||
                    kind == QuantKernelKind::BlockTranspose;
  StringRef name = getKindSpelling(kind).name;
  if (readsCodes != (config.source == SourceElement::E4M3)) {
    reader.fail(Twine("a '") + name + "' kernel reads " +
                (readsCodes ? "f8e4m3fn" : "f32, bf16 or f16") + ", not '" +
                getSourceElementName(config.source) + "'");
    return failure();
  }
  if (readsCodes && config.scaleLayout != ScaleLayout::k_major) {
    reader.fail(Twine("a '") + name + "' kernel writes k_major scales only");
    return failure();
  }
  return KernelConfig(config);
}

FailureOr<KernelConfig> readGemmConfig(FieldReader &reader) {
  GemmKernelConfig config;
  config.bScaling = reader.getEnum<GemmBScaling>(
      kBScaling,
      {{getBScalingName(GemmBScaling::Block), GemmBScaling::Block},
       {getBScalingName(GemmBScaling::Row), GemmBScaling::Row}});
  config.out = reader.getEnum<GemmOutElement>(
      kOut,
      {{getGemmOutElementName(GemmOutElement::BF16), GemmOutElement::BF16},
       {getGemmOutElementName(GemmOutElement::F32), GemmOutElement::F32}});
  if (auto accumulate = reader.get<BoolAttr>(kAccumulate, "bool"))
    config.accumulate = accumulate.getValue();
  config.aScaleMnMajor =
      readScaleLayout(reader, kAScaleLayout) ==
      ScaleLayout::mn_major;
  config.groupSize = reader.getInt(kGroupSize);
  config.promotionInterval = reader.getInt(kPromotionInterval);
  if (reader.has(kPromotion))
    config.promotion = reader.getEnum<GemmPromotion>(
        kPromotion,
        {{getGemmPromotionName(GemmPromotion::FMA), GemmPromotion::FMA},
         {getGemmPromotionName(GemmPromotion::MulAdd),
          GemmPromotion::MulAdd}});
  config.tile.blockM = reader.getInt(kBlockM);
  config.tile.blockN = reader.getInt(kBlockN);
  config.tile.stages = reader.getInt(kStages);
  config.tile.ctas = reader.getInt(kCtas);
  if (reader.has(kClusterM))
    config.tile.clusterM = reader.getInt(kClusterM);
  if (reader.has(kClusterN))
    config.tile.clusterN = reader.getInt(kClusterN);
  if (reader.has(kSplitK))
    config.tile.splitK = reader.getInt(kSplitK);
  if (reader.has(kGrouping))
    config.grouping = reader.getEnum<GemmGrouping>(
        kGrouping, {{getGemmGroupingName(GemmGrouping::Contiguous),
                     GemmGrouping::Contiguous},
                    {getGemmGroupingName(GemmGrouping::Masked),
                     GemmGrouping::Masked}});
  if (reader.has(kEpilogueStorers))
    if (auto storers = reader.get<BoolAttr>(kEpilogueStorers, "bool"))
      config.epilogueStorers = storers.getValue();
  if (reader.has(kTmaStore))
    if (auto tma = reader.get<BoolAttr>(kTmaStore, "bool"))
      config.tmaStore = tma.getValue();
  reader.checkNoOtherFields();
  if (reader.failed())
    return failure();
  if (std::optional<std::string> reason = config.getInvalidReason()) {
    reader.fail(Twine("no GEMM kernel can be built: ") + *reason);
    return failure();
  }
  return KernelConfig(config);
}
} // namespace

FailureOr<KernelConfig>
hopper::readKernelConfigAttr(DictionaryAttr attr,
                             function_ref<InFlightDiagnostic()> emitError) {
  FieldReader reader(attr, emitError);
  auto kind = reader.get<StringAttr>(kKind, "string");
  if (!kind)
    return failure();
  if (kind.getValue() == kGemmKernelKindName)
    return readGemmConfig(reader);
  if (std::optional<QuantKernelKind> quant =
          symbolizeQuantKernelKind(kind.getValue()))
    return readQuantConfig(reader, *quant);
  SmallVector<StringRef, 7> kinds;
  for (const QuantKernelKindSpelling &spelling : kQuantKernelKinds)
    kinds.push_back(spelling.name);
  kinds.push_back(kGemmKernelKindName);
  reader.fail(Twine("unknown kind '") + kind.getValue() + "' (expected " +
              llvm::join(kinds, ", ") + ")");
  return failure();
}
