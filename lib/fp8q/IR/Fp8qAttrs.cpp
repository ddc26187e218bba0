//===- Fp8qAttrs.cpp - fp8q attributes and enums --------------------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/IR/Fp8qAttrs.h"
#include "fp8q/IR/Fp8qDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::fp8q;

#include "fp8q/IR/Fp8qEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "fp8q/IR/Fp8qAttrs.cpp.inc"

void Fp8qDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "fp8q/IR/Fp8qAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TileAttr
//===----------------------------------------------------------------------===//

/// `#fp8q.tile<ROWSxCOLS>`, parsed like a static shape.
Attribute TileAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t, 2> dims;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseGreater())
    return {};
  if (dims.size() != 2) {
    parser.emitError(loc) << "expected a 2-D tile ROWSxCOLS, got "
                          << dims.size() << " extents";
    return {};
  }
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), dims[0], dims[1]);
}

void TileAttr::print(AsmPrinter &printer) const {
  printer << "<" << getRows() << "x" << getCols() << ">";
}

LogicalResult TileAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t rows, int64_t cols) {
  for (auto [name, extent] : {std::pair{"rows", rows}, {"cols", cols}}) {
    if (extent <= 0 || !llvm::isPowerOf2_64(extent))
      return emitError() << "unsupported tile " << rows << "x" << cols
                         << ": " << name << " (" << extent
                         << ") must be a positive power of two";
  }
  return success();
}

int64_t TileAttr::getNumTiles(int64_t extent, unsigned dim) const {
  int64_t tile = dim == 0 ? getRows() : getCols();
  return llvm::divideCeil(extent, tile);
}

TileAttr TileAttr::transposed() const {
  return TileAttr::get(getContext(), getCols(), getRows());
}
