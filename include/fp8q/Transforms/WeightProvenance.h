//===- WeightProvenance.h - where a tensor's values come from ---*- C++ -*-===//
//
// Part of the fp8q project.
//
// A model graph exported by a frontend hides its weights behind layout ops:
// torch-mlir transposes them with linalg.generic, broadcasts them for 3-D
// Linear layers, slices them out of one flat parameter. This analysis traces
// a tensor value back through such ops to its leaves and says whether it is
// a parameter (made only of function arguments, constants or globals), an
// activation (computed), or unknown (behind an op the analysis cannot see
// through).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TRANSFORMS_WEIGHTPROVENANCE_H
#define FP8Q_TRANSFORMS_WEIGHTPROVENANCE_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <string>

namespace mlir::fp8q {

/// What a tensor value is made of, as far as quantization cares.
enum class ProvenanceKind {
  /// Only parameter leaves, through layout ops: a weight candidate.
  Parameter,
  /// Computed by arithmetic from other data: an activation.
  Activation,
  /// Behind an op the analysis cannot see through (an unregistered op, a
  /// call, the result of a region-carrying op, a loop-carried value).
  Unknown,
};

/// The kind of a parameter leaf.
enum class ParameterKind {
  /// An argument of the enclosing function.
  Argument,
  /// A constant op with inline data (`dense<...>`, splats, a constant fill),
  /// or a value computed only from constants and globals (a dequantized int8
  /// weight, a table computed at compile time).
  Constant,
  /// A constant whose data is a `dense_resource` blob (possibly elided).
  ResourceConstant,
  /// A load of a global (`ml_program.global_load[_const]`,
  /// `memref.get_global` + `bufferization.to_tensor`, `util.global.load`).
  Global,
};

/// One parameter leaf: the value the parameter data starts from.
struct ParameterLeaf {
  Value value;
  ParameterKind kind;

  bool operator==(const ParameterLeaf &other) const {
    return value == other.value;
  }
};

/// The provenance of one value.
struct Provenance {
  ProvenanceKind kind = ProvenanceKind::Unknown;
  /// Parameter: the leaves, deduplicated, in discovery order.
  SmallVector<ParameterLeaf, 1> leaves;
  /// Activation: the first computing op reached through layout ops (the
  /// activation's producer). Unknown: the op that stopped the trace.
  Operation *origin = nullptr;
  /// Unknown: why the trace stopped.
  std::string why;

  bool isParameter() const { return kind == ProvenanceKind::Parameter; }
  bool isActivation() const { return kind == ProvenanceKind::Activation; }
  bool isUnknown() const { return kind == ProvenanceKind::Unknown; }
  /// True when every leaf is a function argument. Arguments are weights or
  /// model inputs alike, so an argument-only value is a weaker weight
  /// candidate than a constant or a global.
  bool hasOnlyArgumentLeaves() const;
};

/// Collects into `data` the operands of `op` whose elements `op` only moves
/// (slices, reshapes, transposes, broadcasts, copies, concatenates, pads or
/// converts between float types) into its tensor results, and returns true;
/// returns false for every other op. Index operands and scalars (pad values)
/// are not data.
bool getLayoutDataOperands(Operation *op, SmallVectorImpl<Value> &data);

/// Memoized provenance of tensor values (see the file comment). Queries are
/// linear in the length of the layout chains they walk; every value is
/// analyzed once. The analysis holds no IR: it is valid until the IR it
/// looked at changes.
class WeightProvenance {
public:
  /// The provenance of `value`.
  const Provenance &get(Value value);

  /// A one-line description of a parameter value for reports, e.g.
  /// "argument #2 via extract_slice, expand_shape" or
  /// "dense_resource constant via transpose".
  std::string describe(Value value);

private:
  /// True when `value` is computed, by side-effect-free ops, only from
  /// constants and globals (never from arguments). Iterative, memoized.
  bool isConstantDerived(Value value);
  /// Computes the provenance of `value` with `depth` layout ops above it.
  Provenance compute(Value value, unsigned depth);
  const Provenance &lookup(Value value, unsigned depth);

  /// Stable storage: the map holds indices into `storage`.
  std::deque<Provenance> storage;
  DenseMap<Value, size_t> index;
  DenseMap<Value, bool> constantDerived;
};

} // namespace mlir::fp8q

#endif // FP8Q_TRANSFORMS_WEIGHTPROVENANCE_H
