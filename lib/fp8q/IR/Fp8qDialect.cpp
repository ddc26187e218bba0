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

/// Discardable `fp8q.*` attributes on foreign ops: `fp8q.retain` must be a
/// `#fp8q.retain<reason>`, `fp8q.unquantized` a non-empty string (the reason
/// a contraction was left in high precision), `fp8q.kernel` a dictionary
/// with a string `kind` on a kernel module.
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
  if (attr.getName() == kUnquantizedAttrName) {
    auto reason = dyn_cast<StringAttr>(attr.getValue());
    if (!reason || reason.getValue().empty())
      return op->emitError() << "expected '" << kUnquantizedAttrName
                             << "' to be a non-empty string (the reason), got "
                             << attr.getValue();
    return success();
  }
  if (attr.getName() == kKernelAttrName) {
    // The fields are checked by their reader (fp8q-export-kernels): the
    // kernel configurations belong to the conversion, not to the dialect.
    StringRef opName = op->getName().getStringRef();
    if (opName != "gpu.module" && opName != "gpu.binary")
      return op->emitError() << "'" << kKernelAttrName
                             << "' belongs on a gpu.module or gpu.binary";
    auto config = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!config || !config.getAs<StringAttr>("kind"))
      return op->emitError() << "expected '" << kKernelAttrName
                             << "' to be a dictionary with a string 'kind', "
                                "got "
                             << attr.getValue();
    return success();
  }
  return op->emitError() << "unknown fp8q discardable attribute '"
                         << attr.getName().getValue()
                         << "'; the known ones are '" << kRetainAttrName
                         << "', '" << kUnquantizedAttrName << "' and '"
                         << kKernelAttrName << "'";
}
