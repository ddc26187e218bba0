//===- QuantizeModelConfig.cpp - settings of fp8q-quantize-model ----------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Transforms/QuantizeModelConfig.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::fp8q;

//===----------------------------------------------------------------------===//
// Op names
//===----------------------------------------------------------------------===//

namespace {
/// The reserved `pow2-scales` entry selecting attention outputs.
constexpr llvm::StringLiteral kAttentionOutputEntry = "attention-output";

/// Appends the selection keys of `loc` (see getOpSelectionKeys) to `keys`.
void collectLocationKeys(Location loc, SmallVectorImpl<std::string> &keys) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    keys.push_back(name.getName().str());
    collectLocationKeys(name.getChildLoc(), keys);
  } else if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    keys.push_back(llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                                 file.getLine(), file.getColumn())
                       .str());
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      collectLocationKeys(inner, keys);
  } else if (auto site = dyn_cast<CallSiteLoc>(loc)) {
    collectLocationKeys(site.getCallee(), keys);
    collectLocationKeys(site.getCaller(), keys);
  } else if (auto opaque = dyn_cast<OpaqueLoc>(loc)) {
    collectLocationKeys(opaque.getFallbackLocation(), keys);
  }
}

/// The first NameLoc name (preferred) or file location in `loc`.
void findLabel(Location loc, std::string &name, std::string &file) {
  if (!name.empty())
    return;
  if (auto nameLoc = dyn_cast<NameLoc>(loc)) {
    name = nameLoc.getName().str();
  } else if (auto fileLoc = dyn_cast<FileLineColLoc>(loc)) {
    if (file.empty())
      file = llvm::formatv(
                 "{0}:{1}:{2}",
                 llvm::sys::path::filename(fileLoc.getFilename().getValue()),
                 fileLoc.getLine(), fileLoc.getColumn())
                 .str();
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      findLabel(inner, name, file);
  } else if (auto site = dyn_cast<CallSiteLoc>(loc)) {
    findLabel(site.getCallee(), name, file);
    findLabel(site.getCaller(), name, file);
  } else if (auto opaque = dyn_cast<OpaqueLoc>(loc)) {
    findLabel(opaque.getFallbackLocation(), name, file);
  }
}
} // namespace

SmallVector<std::string, 2> fp8q::getOpSelectionKeys(Operation *op) {
  SmallVector<std::string, 2> keys;
  collectLocationKeys(op->getLoc(), keys);
  if (auto name = op->getAttrOfType<StringAttr>("name"))
    keys.push_back(name.getValue().str());
  return keys;
}

std::string fp8q::getOpLabel(Operation *op) {
  std::string name, file;
  findLabel(op->getLoc(), name, file);
  if (!name.empty())
    return name;
  if (!file.empty())
    return file;
  if (auto attr = op->getAttrOfType<StringAttr>("name"))
    return attr.getValue().str();
  return "<unknown>";
}

//===----------------------------------------------------------------------===//
// OpPatternList
//===----------------------------------------------------------------------===//

FailureOr<OpPatternList> OpPatternList::parse(ArrayRef<std::string> patterns,
                                              std::string &error) {
  OpPatternList list;
  for (const std::string &text : patterns) {
    if (text.empty()) {
      error = "empty pattern";
      return failure();
    }
    auto regex = std::make_shared<llvm::Regex>(text);
    std::string why;
    if (!regex->isValid(why)) {
      error = llvm::formatv("invalid regular expression '{0}': {1}", text, why)
                  .str();
      return failure();
    }
    list.patterns.push_back({text, std::move(regex)});
  }
  return list;
}

StringRef OpPatternList::findMatch(Operation *op) const {
  if (patterns.empty())
    return {};
  SmallVector<std::string, 2> keys = getOpSelectionKeys(op);
  for (const Pattern &pattern : patterns)
    for (const std::string &key : keys)
      if (pattern.regex->match(key))
        return pattern.text;
  return {};
}

//===----------------------------------------------------------------------===//
// QuantizeModelConfig
//===----------------------------------------------------------------------===//

/// Sets `out` to the value that `value` (of option `option`) names among
/// the two `choices`, or fails with "invalid OPTION 'VALUE': expected 'A' or
/// 'B'".
template <typename E>
static LogicalResult
parseChoice(StringRef option, StringRef value,
            std::initializer_list<std::pair<StringRef, E>> choices, E &out,
            std::string &error) {
  for (const auto &[name, choice] : choices)
    if (value == name) {
      out = choice;
      return success();
    }
  SmallVector<std::string, 2> quoted;
  for (const auto &choice : choices)
    quoted.push_back(("'" + choice.first + "'").str());
  error = llvm::formatv("invalid {0} '{1}': expected {2}", option, value,
                        llvm::join(quoted, " or "))
              .str();
  return failure();
}

FailureOr<QuantizeModelConfig>
QuantizeModelConfig::fromOptions(const Fp8qQuantizeModelPassOptions &options,
                                 std::string &error) {
  QuantizeModelConfig config;
  int64_t g = options.groupSize;
  if (g < kMinGroupSize || !llvm::isPowerOf2_64(g)) {
    error = llvm::formatv("invalid group-size {0}: expected a power of two "
                          ">= {1}",
                          g, kMinGroupSize)
                .str();
    return failure();
  }
  config.groupSize = g;

  if (failed(parseChoice<GemmOutputType>(
          "output-type", options.outputType,
          {{"f32", GemmOutputType::F32}, {"bf16", GemmOutputType::BF16}},
          config.outputType, error)) ||
      failed(parseChoice<ScaleLayout>(
          "activation-scale-layout", options.activationScaleLayout,
          {{"k-major", ScaleLayout::k_major},
           {"mn-major", ScaleLayout::mn_major}},
          config.activationScaleLayout, error)) ||
      failed(parseChoice<WgradActivation>(
          "wgrad-activation", options.wgradActivation,
          {{"cached", WgradActivation::Cached},
           {"requantize", WgradActivation::Requantize}},
          config.wgradActivation, error)) ||
      failed(parseChoice<DgradWeight>(
          "dgrad-weight", options.dgradWeight,
          {{"reuse", DgradWeight::Reuse},
           {"requantize", DgradWeight::Requantize}},
          config.dgradWeight, error)))
    return failure();

  // A count option that must be at least 1.
  auto parsePositive = [&](StringRef option, int64_t value, StringRef what,
                           int64_t &out) -> LogicalResult {
    if (value < 1) {
      error =
          llvm::formatv("invalid {0} {1}: expected a positive number of {2}",
                        option, value, what)
              .str();
      return failure();
    }
    out = value;
    return success();
  };
  if (failed(parsePositive("gating-max-outputs", options.gatingMaxOutputs,
                           "experts", config.gatingMaxOutputs)) ||
      failed(parsePositive("expert-parallel-ranks", options.expertParallelRanks,
                           "ranks", config.expertParallelRanks)))
    return failure();

  // Each list is compiled on its own so that the message names the option.
  auto parseList = [&](StringRef option, ArrayRef<std::string> patterns,
                       OpPatternList &out) -> LogicalResult {
    std::string why;
    FailureOr<OpPatternList> list = OpPatternList::parse(patterns, why);
    if (failed(list)) {
      error = llvm::formatv("invalid {0}: {1}", option, why).str();
      return failure();
    }
    out = std::move(*list);
    return success();
  };
  SmallVector<std::string> pow2Patterns;
  for (const std::string &entry : options.pow2Scales) {
    if (entry == kAttentionOutputEntry)
      config.pow2AttentionOutput = true;
    else
      pow2Patterns.push_back(entry);
  }
  if (failed(
          parseList("force-retain", options.forceRetain, config.forceRetain)) ||
      failed(parseList("force-quantize", options.forceQuantize,
                       config.forceQuantize)) ||
      failed(parseList("pow2-scales", pow2Patterns, config.pow2Scales)))
    return failure();

  config.reportPath = options.report;
  return config;
}
