//===- ExtentChecks.cpp - Run-time extent checks of fp8q ops --------------===//
//
// Part of the fp8q project.
//
// Each op's requirements are listed once as "extent `dim` of `value` equals
// ceil(extent `refDim` of `ref` / divisor)", the same relations its verifier
// checks where both sides are static; the emitter turns those with a dynamic
// side into tensor.dim, arith.ceildivui, arith.cmpi and cf.assert.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/ExtentChecks.h"

#include "fp8q/IR/Fp8qOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::fp8q;

namespace {
/// One operand extent as the message names it: "extent 1 of a".
struct Extent {
  Value value;
  int64_t dim;
  StringRef name;
};

/// `extent` == ceil(`ref` / `divisor`) + `addend`; `refText` names the
/// right-hand side ("M", "K / 128", "E + 1", ...).
struct Requirement {
  Extent extent;
  Extent ref;
  int64_t divisor;
  std::string refText;
  int64_t addend = 0;
};

/// The requirements of one op, and the divisibility of a dynamic extent
/// (scaled_matmul's K by the group size).
struct Requirements {
  SmallVector<Requirement> equalities;
  std::optional<std::pair<Extent, int64_t>> multipleOf;
};

bool isDynamic(const Extent &extent) {
  return cast<RankedTensorType>(extent.value.getType())
      .isDynamicDim(extent.dim);
}

std::string ceilText(StringRef what, int64_t divisor) {
  if (divisor == 1)
    return what.str();
  return llvm::formatv("ceil({0} / {1})", what, divisor).str();
}

/// Requirements of a quantize-like op: codes like the [R, C] source
/// (swapped with `transpose`), scales [ceil(R/TR), ceil(C/TC)] (swapped by
/// `transpose` and by `mnMajor`).
void addQuantizedLayout(Requirements &reqs, Extent rows, Extent cols,
                        int64_t tileRows, int64_t tileCols,
                        std::optional<std::pair<Value, StringRef>> codes,
                        Value scales, StringRef scalesName, bool transpose,
                        bool mnMajor) {
  Extent src[2] = {rows, cols};
  int64_t tile[2] = {tileRows, tileCols};
  StringRef what[2] = {"R", "C"};
  for (int64_t dim = 0; dim < 2; ++dim) {
    int64_t codeDim = transpose ? 1 - dim : dim;
    int64_t scaleDim = (transpose != mnMajor) ? 1 - dim : dim;
    if (codes)
      reqs.equalities.push_back({{codes->first, codeDim, codes->second},
                                 src[dim],
                                 1,
                                 what[dim].str()});
    reqs.equalities.push_back({{scales, scaleDim, scalesName},
                               src[dim],
                               tile[dim],
                               ceilText(what[dim], tile[dim])});
  }
}

Requirements getRequirements(Operation *op) {
  Requirements reqs;
  if (auto quantize = dyn_cast<QuantizeOp>(op)) {
    Value source = quantize.getSource();
    addQuantizedLayout(
        reqs, {source, 0, "source"}, {source, 1, "source"},
        quantize.getTile().getRows(), quantize.getTile().getCols(),
        std::make_pair(quantize.getQInit(), StringRef("q_init")),
        quantize.getScaleInit(), "scale_init", quantize.getTranspose(),
        quantize.getScaleLayout() == ScaleLayout::mn_major);
  } else if (auto dequantize = dyn_cast<DequantizeOp>(op)) {
    Value q = dequantize.getQ();
    addQuantizedLayout(reqs, {q, 0, "q"}, {q, 1, "q"},
                       dequantize.getTile().getRows(),
                       dequantize.getTile().getCols(),
                       std::make_pair(dequantize.getInit(), StringRef("init")),
                       dequantize.getScale(), "scale", /*transpose=*/false,
                       dequantize.getScaleLayout() == ScaleLayout::mn_major);
  } else if (auto transpose = dyn_cast<TileTransposeOp>(op)) {
    Value q = transpose.getQ();
    int64_t group = transpose.getTile().getCols();
    Extent m{q, 0, "q"}, k{q, 1, "q"};
    addQuantizedLayout(reqs, m, k, 1, group, std::nullopt, transpose.getScale(),
                       "scale", /*transpose=*/false, /*mnMajor=*/false);
    // The results: the codes and 1xG scales of q transposed.
    addQuantizedLayout(
        reqs, k, m, 1, group,
        std::make_pair(transpose.getQInit(), StringRef("q_init")),
        transpose.getScaleInit(), "scale_init",
        /*transpose=*/false, /*mnMajor=*/false);
    // The extents of q are M and K.
    for (Requirement &req : reqs.equalities)
      req.refText = ceilText(req.ref.dim == 0 ? "M" : "K", req.divisor);
  } else if (auto transpose = dyn_cast<BlockTransposeOp>(op)) {
    Value q = transpose.getQ();
    int64_t g = transpose.getTile().getRows();
    Extent r{q, 0, "q"}, c{q, 1, "q"};
    addQuantizedLayout(reqs, r, c, g, g, std::nullopt, transpose.getScale(),
                       "scale", /*transpose=*/false, /*mnMajor=*/false);
    // The results: q's codes and scales, both transposed.
    addQuantizedLayout(
        reqs, r, c, g, g,
        std::make_pair(transpose.getQInit(), StringRef("q_init")),
        transpose.getScaleInit(), "scale_init",
        /*transpose=*/true, /*mnMajor=*/false);
  } else if (auto matmul = dyn_cast<ScaledMatmulOp>(op)) {
    Value a = matmul.getA(), b = matmul.getB();
    int64_t group = matmul.getGroupSize();
    int64_t bTileRows = matmul.getEffectiveBTile().getRows();
    Extent m{a, 0, "a"}, k{a, 1, "a"}, n{b, 0, "b"};
    bool aMnMajor = matmul.getAScaleLayout() == ScaleLayout::mn_major;
    std::string groups = llvm::formatv("K / {0}", group).str();
    reqs.equalities = {
        {{b, 1, "b"}, k, 1, "K"},
        {{matmul.getAScale(), aMnMajor ? 1 : 0, "a_scale"}, m, 1, "M"},
        {{matmul.getAScale(), aMnMajor ? 0 : 1, "a_scale"}, k, group, groups},
        {{matmul.getBScale(), 0, "b_scale"},
         n,
         bTileRows,
         ceilText("N", bTileRows)},
        {{matmul.getBScale(), 1, "b_scale"}, k, group, groups},
        {{matmul.getInit(), 0, "init"}, m, 1, "M"},
        {{matmul.getInit(), 1, "init"}, n, 1, "N"}};
    if (isDynamic(k))
      reqs.multipleOf = std::make_pair(k, group);
  } else if (auto grouped = dyn_cast<GroupedScaledMatmulOp>(op)) {
    Value a = grouped.getA(), b = grouped.getB();
    int64_t group = grouped.getGroupSize();
    bool masked = grouped.isMasked();
    int64_t kDim = masked ? 2 : 1;
    Extent e{b, 0, "b"}, n{b, 1, "b"}, k{a, kDim, "a"};
    std::string groups = llvm::formatv("K / {0}", group).str();
    reqs.equalities = {
        {{b, 2, "b"}, k, 1, "K"},
        {{grouped.getBScale(), 0, "b_scale"}, e, 1, "E"},
        {{grouped.getBScale(), 1, "b_scale"}, n, group, ceilText("N", group)},
        {{grouped.getBScale(), 2, "b_scale"}, k, group, groups},
        {{grouped.getAScale(), kDim, "a_scale"}, k, group, groups},
        {{grouped.getInit(), kDim, "init"}, n, 1, "N"}};
    for (int64_t dim = 0; dim < kDim; ++dim) {
      Extent rows{a, dim, "a"};
      StringRef what = masked ? (dim == 0 ? "E" : "C") : "M";
      reqs.equalities.push_back(
          {{grouped.getAScale(), dim, "a_scale"}, rows, 1, what.str()});
      reqs.equalities.push_back(
          {{grouped.getInit(), dim, "init"}, rows, 1, what.str()});
    }
    if (masked) {
      reqs.equalities.push_back({{a, 0, "a"}, e, 1, "E"});
      reqs.equalities.push_back(
          {{grouped.getGroups(), 0, "groups"}, e, 1, "E"});
    } else {
      reqs.equalities.push_back(
          {{grouped.getGroups(), 0, "groups"}, e, 1, "E + 1", 1});
    }
    if (isDynamic(k))
      reqs.multipleOf = std::make_pair(k, group);
  } else if (auto dispatch = dyn_cast<MoeDispatchOp>(op)) {
    Value codes = dispatch.getCodes();
    int64_t group = dispatch.getGroupSize();
    Extent t{codes, 0, "codes"}, k{codes, 1, "codes"};
    std::string groups = llvm::formatv("K / {0}", group).str();
    reqs.equalities = {
        {{dispatch.getScales(), 0, "scales"}, t, 1, "T"},
        {{dispatch.getScales(), 1, "scales"}, k, group, groups},
        {{dispatch.getExperts(), 0, "experts"}, t, 1, "T"},
        {{dispatch.getRecvCodesInit(), 2, "recv_codes"}, k, 1, "K"},
        {{dispatch.getRecvScalesInit(), 2, "recv_scales"}, k, group, groups}};
    if (isDynamic(k))
      reqs.multipleOf = std::make_pair(k, group);
  } else if (auto combine = dyn_cast<MoeCombineOp>(op)) {
    Value experts = combine.getExperts();
    reqs.equalities = {
        {{combine.getInit(), 0, "init"}, {experts, 0, "experts"}, 1, "T"},
        {{combine.getInit(), 1, "init"}, {experts, 1, "experts"}, 1, "k"},
        {{combine.getInit(), 2, "init"},
         {combine.getExpertOut(), 2, "expert_out"},
         1,
         "N"}};
  }
  return reqs;
}

} // namespace

/// "fp8q.quantize (file.mlir:3:8)": the op and, where known, its source
/// position (the first file position in its location, which may be fused or
/// named, as exporters make them), which starts every message.
std::string fp8q::describeOpForChecks(Operation *op) {
  std::string text = op->getName().getStringRef().str();
  if (auto fileLoc = op->getLoc()->findInstanceOf<FileLineColLoc>())
    text += llvm::formatv(" ({0}:{1}:{2})", fileLoc.getFilename().getValue(),
                          fileLoc.getLine(), fileLoc.getColumn())
                .str();
  return text;
}

void fp8q::buildDynamicExtentChecks(OpBuilder &builder, Operation *op) {
  Requirements reqs = getRequirements(op);
  Location loc = op->getLoc();
  std::string prefix = describeOpForChecks(op);
  auto indexConstant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  auto extentValue = [&](const Extent &extent) -> Value {
    auto type = cast<RankedTensorType>(extent.value.getType());
    if (!type.isDynamicDim(extent.dim))
      return indexConstant(type.getDimSize(extent.dim));
    return tensor::DimOp::create(builder, loc, extent.value, extent.dim);
  };

  if (reqs.multipleOf) {
    auto [extent, divisor] = *reqs.multipleOf;
    Value rest = arith::RemUIOp::create(builder, loc, extentValue(extent),
                                        indexConstant(divisor));
    Value ok = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                     rest, indexConstant(0));
    cf::AssertOp::create(
        builder, loc, ok,
        llvm::formatv("{0}: K (extent {1} of {2}) must be a multiple of the "
                      "group size {3}",
                      prefix, extent.dim, extent.name, divisor)
            .str());
  }
  for (const Requirement &req : reqs.equalities) {
    if (!isDynamic(req.extent) && !isDynamic(req.ref))
      continue;
    Value expected = extentValue(req.ref);
    if (req.divisor != 1)
      expected = arith::CeilDivUIOp::create(builder, loc, expected,
                                            indexConstant(req.divisor));
    if (req.addend != 0)
      expected = arith::AddIOp::create(builder, loc, expected,
                                       indexConstant(req.addend));
    Value ok = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                     extentValue(req.extent), expected);
    cf::AssertOp::create(
        builder, loc, ok,
        llvm::formatv("{0}: extent {1} of {2} must equal {3} (from extent {4} "
                      "of {5})",
                      prefix, req.extent.dim, req.extent.name, req.refText,
                      req.ref.dim, req.ref.name)
            .str());
  }
}
