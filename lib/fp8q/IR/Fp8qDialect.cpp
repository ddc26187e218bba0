//===- Fp8qDialect.cpp - fp8q dialect -------------------------------------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/IR/Fp8qDialect.h"
#include "fp8q/IR/Fp8qAttrs.h"
#include "fp8q/IR/Fp8qOps.h"

using namespace mlir;
using namespace mlir::fp8q;

#include "fp8q/IR/Fp8qDialect.cpp.inc"

void Fp8qDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "fp8q/IR/Fp8qOps.cpp.inc"
      >();
}

/// Discardable `fp8q.*` attributes on foreign ops: only `fp8q.retain` exists,
/// and its value must be a `#fp8q.retain<reason>`.
LogicalResult Fp8qDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  if (attr.getName() == kRetainAttrName) {
    if (!isa<RetainReasonAttr>(attr.getValue()))
      return op->emitError() << "expected '" << kRetainAttrName
                             << "' to be a #fp8q.retain<reason> attribute "
                                "(embedding, output_head, gating, norm, "
                                "attention, user), got "
                             << attr.getValue();
    return success();
  }
  return op->emitError() << "unknown fp8q discardable attribute '"
                         << attr.getName().getValue() << "'; the only one is '"
                         << kRetainAttrName << "'";
}
