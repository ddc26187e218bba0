//===- WeightProvenance.cpp - where a tensor's values come from -----------===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Transforms/WeightProvenance.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::fp8q;

namespace {
/// Longest chain of layout ops followed before giving up (a guard against
/// pathological graphs; real exports need a handful).
constexpr unsigned kMaxLayoutDepth = 256;
/// Layout steps named in a description before it is abbreviated.
constexpr unsigned kMaxDescribedSteps = 4;

/// Ops that load a global's data. Matched by name so that IREE's `util`
/// dialect works unregistered and no extra dialect library is linked.
bool isGlobalLoad(Operation *op) {
  return llvm::StringSwitch<bool>(op->getName().getStringRef())
      .Cases({"ml_program.global_load", "ml_program.global_load_const",
              "memref.get_global", "util.global.load"},
             true)
      .Default(false);
}

/// True for a body that only forwards (or converts between float types) the
/// elements of the inputs: `yield %in` or `yield (extf|truncf %in)`.
bool isDataMovementGeneric(linalg::GenericOp op) {
  if (op.getNumDpsInputs() == 0 || !op.hasPureTensorSemantics())
    return false;
  Block &body = op.getRegion().front();
  auto isInputArg = [&](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == &body &&
           arg.getArgNumber() < op.getNumDpsInputs();
  };
  for (Operation &inner : body.without_terminator()) {
    if (!isa<arith::ExtFOp, arith::TruncFOp>(inner) ||
        !isInputArg(inner.getOperand(0)))
      return false;
  }
  for (Value yielded : body.getTerminator()->getOperands()) {
    Operation *def = yielded.getDefiningOp();
    if (!isInputArg(yielded) && !(def && def->getBlock() == &body))
      return false;
  }
  return true;
}

/// The value the parameter data starts from, or null when `op` does not
/// define parameter data by itself.
std::optional<ParameterKind> getLeafKind(Operation *op) {
  if (isGlobalLoad(op))
    return ParameterKind::Global;
  if (op->hasTrait<OpTrait::ConstantLike>()) {
    Attribute value;
    if (matchPattern(op->getResult(0), m_Constant(&value)) &&
        isa<DenseResourceElementsAttr>(value))
      return ParameterKind::ResourceConstant;
    return ParameterKind::Constant;
  }
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    if (matchPattern(fill.getInputs()[0], m_Constant()))
      return ParameterKind::Constant;
  return std::nullopt;
}
} // namespace

bool Provenance::hasOnlyArgumentLeaves() const {
  return isParameter() && llvm::all_of(leaves, [](const ParameterLeaf &leaf) {
           return leaf.kind == ParameterKind::Argument;
         });
}

bool fp8q::getLayoutDataOperands(Operation *op, SmallVectorImpl<Value> &data) {
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case<tensor::ExtractSliceOp, tensor::ExpandShapeOp,
            tensor::CollapseShapeOp, tensor::ReshapeOp, tensor::CastOp,
            tensor::PadOp>([&](Operation *op) {
        data.push_back(op->getOperand(0));
        return true;
      })
      .Case([&](tensor::InsertSliceOp op) {
        data.append({op.getSource(), op.getDest()});
        return true;
      })
      .Case([&](tensor::ConcatOp op) {
        llvm::append_range(data, op.getInputs());
        return true;
      })
      .Case<linalg::TransposeOp, linalg::BroadcastOp, linalg::CopyOp>(
          [&](Operation *op) {
            auto linalgOp = cast<linalg::LinalgOp>(op);
            if (!linalgOp.hasPureTensorSemantics())
              return false;
            data.push_back(linalgOp.getDpsInputs()[0]);
            return true;
          })
      .Case([&](linalg::GenericOp op) {
        if (!isDataMovementGeneric(op))
          return false;
        llvm::append_range(data, op.getDpsInputs());
        return true;
      })
      .Case<arith::ExtFOp, arith::TruncFOp>([&](Operation *op) {
        if (!isa<TensorType>(op->getResult(0).getType()))
          return false;
        data.push_back(op->getOperand(0));
        return true;
      })
      .Default([&](Operation *op) {
        if (op->getName().getStringRef() != "bufferization.to_tensor")
          return false;
        data.push_back(op->getOperand(0));
        return true;
      });
}

//===----------------------------------------------------------------------===//
// WeightProvenance
//===----------------------------------------------------------------------===//

namespace {
/// The values `op` computes its results from: its operands and, for ops with
/// regions (linalg bodies), the values the regions capture from above.
SmallVector<Value> getInputsOf(Operation *op) {
  SmallVector<Value> inputs(op->getOperands());
  if (op->getNumRegions() != 0) {
    llvm::SetVector<Value> captured;
    for (Region &region : op->getRegions())
      getUsedValuesDefinedAbove(region, captured);
    inputs.append(captured.begin(), captured.end());
  }
  return inputs;
}

/// Ops whose results depend only on their inputs: registered, free of
/// memory effects, no calls, and no regions other than linalg bodies.
bool isPureCompute(Operation *op) {
  return op->isRegistered() && !isa<CallOpInterface>(op) &&
         (op->getNumRegions() == 0 || isa<linalg::LinalgOp>(op)) &&
         isMemoryEffectFree(op);
}
} // namespace

bool WeightProvenance::isConstantDerived(Value root) {
  // Iterative post-order walk over the inputs, so that long activation
  // chains cannot overflow the stack; every value is decided once.
  SmallVector<std::pair<Value, bool>> stack = {{root, false}};
  while (!stack.empty()) {
    auto [value, expanded] = stack.back();
    if (constantDerived.count(value)) {
      stack.pop_back();
      continue;
    }
    Operation *op = value.getDefiningOp();
    std::optional<ParameterKind> leaf =
        op ? getLeafKind(op) : std::optional<ParameterKind>();
    SmallVector<Value> inputs;
    // A tensor.empty carries no data: as the init of an op that does not
    // read it, it does not make the result depend on anything.
    bool isEmpty = isa_and_nonnull<tensor::EmptyOp>(op);
    bool known = leaf || !op || isEmpty;
    if (!known && !getLayoutDataOperands(op, inputs)) {
      if (isPureCompute(op))
        inputs = getInputsOf(op);
      else
        known = true;
    }
    if (known) {
      // Leaves are constant data unless they are arguments (no op).
      constantDerived[value] = leaf.has_value() || isEmpty;
      stack.pop_back();
      continue;
    }
    if (!expanded) {
      stack.back().second = true;
      for (Value input : inputs)
        if (!constantDerived.count(input))
          stack.push_back({input, false});
      continue;
    }
    constantDerived[value] = llvm::all_of(
        inputs, [&](Value input) { return constantDerived.lookup(input); });
    stack.pop_back();
  }
  return constantDerived.lookup(root);
}

const Provenance &WeightProvenance::get(Value value) {
  return lookup(value, /*depth=*/0);
}

const Provenance &WeightProvenance::lookup(Value value, unsigned depth) {
  auto it = index.find(value);
  if (it != index.end())
    return storage[it->second];
  Provenance result = compute(value, depth);
  index[value] = storage.size();
  storage.push_back(std::move(result));
  return storage.back();
}

Provenance WeightProvenance::compute(Value value, unsigned depth) {
  Provenance result;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<FunctionOpInterface>(owner) &&
        arg.getOwner()->isEntryBlock()) {
      result.kind = ProvenanceKind::Parameter;
      result.leaves.push_back({value, ParameterKind::Argument});
      return result;
    }
    result.origin = owner;
    result.why = llvm::formatv("block argument of '{0}'",
                               owner ? owner->getName().getStringRef()
                                     : StringRef("a detached block"))
                     .str();
    return result;
  }

  Operation *op = value.getDefiningOp();
  result.origin = op;
  if (std::optional<ParameterKind> leaf = getLeafKind(op)) {
    result.kind = ProvenanceKind::Parameter;
    result.leaves.push_back({value, *leaf});
    return result;
  }
  if (!op->isRegistered()) {
    result.why = llvm::formatv("produced by unregistered op '{0}'",
                               op->getName().getStringRef())
                     .str();
    return result;
  }
  if (isa<tensor::EmptyOp>(op)) {
    result.why = "an uninitialized tensor.empty";
    return result;
  }

  SmallVector<Value, 2> data;
  if (getLayoutDataOperands(op, data)) {
    if (depth >= kMaxLayoutDepth) {
      result.why = llvm::formatv("more than {0} layout ops", kMaxLayoutDepth);
      return result;
    }
    // Activation beats Unknown beats Parameter: one computed input makes the
    // whole value computed. References into the deque stay valid.
    const Provenance *activation = nullptr, *unknown = nullptr;
    for (Value operand : data) {
      const Provenance &in = lookup(operand, depth + 1);
      if (in.isActivation() && !activation)
        activation = &in;
      else if (in.isUnknown() && !unknown)
        unknown = &in;
      for (const ParameterLeaf &leaf : in.leaves)
        if (!llvm::is_contained(result.leaves, leaf))
          result.leaves.push_back(leaf);
    }
    if (const Provenance *stop = activation ? activation : unknown) {
      result.kind = stop->kind;
      result.origin = stop->origin;
      result.why = stop->why;
      result.leaves.clear();
    } else {
      result.kind = ProvenanceKind::Parameter;
    }
    return result;
  }

  if (isa<CallOpInterface>(op)) {
    result.why =
        llvm::formatv("result of call '{0}'", op->getName().getStringRef())
            .str();
    return result;
  }
  if (op->getNumRegions() != 0 && !isa<linalg::LinalgOp>(op)) {
    result.why =
        llvm::formatv("result of region op '{0}'", op->getName().getStringRef())
            .str();
    return result;
  }
  if (isConstantDerived(value)) {
    result.kind = ProvenanceKind::Parameter;
    result.leaves.push_back({value, ParameterKind::Constant});
    return result;
  }
  result.kind = ProvenanceKind::Activation;
  return result;
}

std::string WeightProvenance::describe(Value value) {
  SmallVector<StringRef> steps;
  SmallVector<Value, 2> data;
  Value leaf = value;
  while (Operation *op = leaf.getDefiningOp()) {
    data.clear();
    if (!getLayoutDataOperands(op, data) || data.empty())
      break;
    StringRef step = op->getName().stripDialect();
    if (steps.empty() || steps.back() != step)
      steps.push_back(step);
    // Follow the first operand that is parameter data.
    leaf = data.front();
    for (Value operand : data)
      if (get(operand).isParameter()) {
        leaf = operand;
        break;
      }
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto arg = dyn_cast<BlockArgument>(leaf)) {
    os << "argument #" << arg.getArgNumber();
  } else if (Operation *op = leaf.getDefiningOp()) {
    switch (getLeafKind(op).value_or(ParameterKind::Constant)) {
    case ParameterKind::Global:
      os << "global";
      for (StringRef attrName : {"global", "name"})
        if (auto symbol = op->getAttrOfType<FlatSymbolRefAttr>(attrName))
          os << " @" << symbol.getValue();
      break;
    case ParameterKind::ResourceConstant:
      os << "dense_resource constant";
      break;
    default:
      if (!op->hasTrait<OpTrait::ConstantLike>() && !isa<linalg::FillOp>(op))
        os << "computed from constants by ";
      os << op->getName().getStringRef();
      break;
    }
  }
  // Steps were collected walking up; name them in data-flow order, the ones
  // closest to the leaf first.
  for (auto [i, step] : llvm::enumerate(llvm::reverse(steps))) {
    if (i == kMaxDescribedSteps) {
      os << ", ...";
      break;
    }
    os << (i == 0 ? " via " : ", ") << step;
  }
  return text;
}
