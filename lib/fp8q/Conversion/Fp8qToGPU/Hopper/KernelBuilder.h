//===- KernelBuilder.h - the builder the Hopper kernel emitters share ----===//
//
// Part of the fp8q project.
//
// The kernel emitters (QuantKernelEmitter, ScaledMatmulKernelEmitter) build
// their bodies op by op. KernelBuilder is an ImplicitLocOpBuilder with short
// names for what they build most: integer and float constants, the integer
// and float arithmetic of index computations and numerics, comparisons,
// casts, structured `scf.if`, global memory through LLVM pointers (the
// kernels' arguments) and shared memory through typed memref views of
// `gpu.dynamic_shared_memory`. Anything else is built the usual way
// (`NVVM::...Op::create(b, ...)`), since KernelBuilder is a builder.
//
// Each helper creates exactly the op its name says, in the order the
// arguments are evaluated: a kernel written with it emits the same IR as one
// written with the `create` calls (the exported PTX is byte-identical).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_LIB_CONVERSION_FP8QTOGPU_HOPPER_KERNELBUILDER_H
#define FP8Q_LIB_CONVERSION_FP8QTOGPU_HOPPER_KERNELBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::fp8q::hopper {

/// NVVM address spaces.
constexpr unsigned kGlobalAddressSpace = 1;
constexpr unsigned kSharedAddressSpace = 3;

class KernelBuilder : public ImplicitLocOpBuilder {
public:
  using ImplicitLocOpBuilder::ImplicitLocOpBuilder;

  //===--------------------------------------------------------------------===//
  // Constants
  //===--------------------------------------------------------------------===//

  Value i32(int64_t value) {
    return arith::ConstantIntOp::create(*this, value, 32);
  }
  Value i64(int64_t value) {
    return arith::ConstantIntOp::create(*this, value, 64);
  }
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(*this, value);
  }
  Value i1(bool value) { return arith::ConstantIntOp::create(*this, value, 1); }
  Value f32(float value) {
    return arith::ConstantFloatOp::create(*this, getF32Type(), APFloat(value));
  }

  //===--------------------------------------------------------------------===//
  // Integer arithmetic (two's complement; `u` = unsigned)
  //===--------------------------------------------------------------------===//

  Value add(Value lhs, Value rhs) {
    return arith::AddIOp::create(*this, lhs, rhs);
  }
  Value sub(Value lhs, Value rhs) {
    return arith::SubIOp::create(*this, lhs, rhs);
  }
  Value mul(Value lhs, Value rhs) {
    return arith::MulIOp::create(*this, lhs, rhs);
  }
  Value divu(Value lhs, Value rhs) {
    return arith::DivUIOp::create(*this, lhs, rhs);
  }
  Value remu(Value lhs, Value rhs) {
    return arith::RemUIOp::create(*this, lhs, rhs);
  }
  Value minu(Value lhs, Value rhs) {
    return arith::MinUIOp::create(*this, lhs, rhs);
  }
  Value maxu(Value lhs, Value rhs) {
    return arith::MaxUIOp::create(*this, lhs, rhs);
  }
  Value mins(Value lhs, Value rhs) {
    return arith::MinSIOp::create(*this, lhs, rhs);
  }
  Value maxs(Value lhs, Value rhs) {
    return arith::MaxSIOp::create(*this, lhs, rhs);
  }
  Value bitAnd(Value lhs, Value rhs) {
    return arith::AndIOp::create(*this, lhs, rhs);
  }
  Value bitOr(Value lhs, Value rhs) {
    return arith::OrIOp::create(*this, lhs, rhs);
  }
  Value bitXor(Value lhs, Value rhs) {
    return arith::XOrIOp::create(*this, lhs, rhs);
  }
  Value shl(Value lhs, Value rhs) {
    return arith::ShLIOp::create(*this, lhs, rhs);
  }
  Value shru(Value lhs, Value rhs) {
    return arith::ShRUIOp::create(*this, lhs, rhs);
  }
  Value cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(*this, predicate, lhs, rhs);
  }
  Value select(Value cond, Value whenTrue, Value whenFalse) {
    return arith::SelectOp::create(*this, cond, whenTrue, whenFalse);
  }

  //===--------------------------------------------------------------------===//
  // Float arithmetic (IEEE round-to-nearest: no fast-math flags)
  //===--------------------------------------------------------------------===//

  Value addf(Value lhs, Value rhs) {
    return arith::AddFOp::create(*this, lhs, rhs);
  }
  Value mulf(Value lhs, Value rhs) {
    return arith::MulFOp::create(*this, lhs, rhs);
  }
  Value divf(Value lhs, Value rhs) {
    return arith::DivFOp::create(*this, lhs, rhs);
  }
  /// NaN-propagating maximum (`max.NaN.f32`).
  Value maximumf(Value lhs, Value rhs) {
    return arith::MaximumFOp::create(*this, lhs, rhs);
  }

  //===--------------------------------------------------------------------===//
  // Casts
  //===--------------------------------------------------------------------===//

  Value trunc(Type type, Value value) {
    return arith::TruncIOp::create(*this, type, value);
  }
  Value zext(Type type, Value value) {
    return arith::ExtUIOp::create(*this, type, value);
  }
  Value indexCastU(Type type, Value value) {
    return arith::IndexCastUIOp::create(*this, type, value);
  }
  Value bitcast(Type type, Value value) {
    return arith::BitcastOp::create(*this, type, value);
  }
  Value extf(Type type, Value value) {
    return arith::ExtFOp::create(*this, type, value);
  }
  /// An index as i32 (unsigned cast).
  Value toI32(Value index) { return indexCastU(getI32Type(), index); }
  /// An index (unsigned cast) or a narrower integer (zero-extended) as i64.
  Value toI64(Value value) {
    if (value.getType().isIndex())
      return indexCastU(getI64Type(), value);
    return zext(getI64Type(), value);
  }

  //===--------------------------------------------------------------------===//
  // Structured control flow
  //===--------------------------------------------------------------------===//

  /// `scf.if cond { body() }`.
  void ifThen(Value cond, function_ref<void()> body) {
    auto ifOp = scf::IfOp::create(*this, cond, /*withElseRegion=*/false);
    InsertionGuard guard(*this);
    setInsertionPointToStart(&ifOp.getThenRegion().front());
    body();
  }
  /// `scf.if cond -> type { yield thenValue() } else { yield elseValue }`.
  Value ifThenElse(Value cond, Type type, function_ref<Value()> thenValue,
                   Value elseValue) {
    auto ifOp = scf::IfOp::create(*this, TypeRange{type}, cond,
                                  /*withElseRegion=*/true);
    {
      InsertionGuard guard(*this);
      setInsertionPointToStart(&ifOp.getThenRegion().front());
      scf::YieldOp::create(*this, thenValue());
      setInsertionPointToStart(&ifOp.getElseRegion().front());
      scf::YieldOp::create(*this, elseValue);
    }
    return ifOp.getResult(0);
  }

  //===--------------------------------------------------------------------===//
  // Memory through LLVM pointers
  //===--------------------------------------------------------------------===//

  /// `base + offset` elements of `elementType` (i8: a byte offset).
  Value address(Value base, Type elementType, Value offset) {
    return LLVM::GEPOp::create(*this, base.getType(), elementType, base,
                               ValueRange{offset});
  }
  /// `base + byteOffset`.
  Value byteAddress(Value base, Value byteOffset) {
    return address(base, getI8Type(), byteOffset);
  }
  Value load(Type type, Value address, unsigned alignment) {
    return LLVM::LoadOp::create(*this, type, address, alignment);
  }
  void store(Value value, Value address, unsigned alignment) {
    LLVM::StoreOp::create(*this, value, address, alignment);
  }

  //===--------------------------------------------------------------------===//
  // Shared memory through memrefs
  //===--------------------------------------------------------------------===//

  /// The CTA's dynamic shared memory as bytes: `gpu.dynamic_shared_memory :
  /// memref<?xi8, #gpu.address_space<workgroup>>`.
  Value dynamicSharedMemory() {
    auto workgroup =
        gpu::AddressSpaceAttr::get(getContext(), gpu::AddressSpace::Workgroup);
    auto type = MemRefType::get({ShapedType::kDynamic}, getI8Type(),
                                MemRefLayoutAttrInterface(), workgroup);
    return gpu::DynamicSharedMemoryOp::create(*this, type);
  }
  /// A typed region of the shared bytes `bytes`: `memref.view` of `shape` x
  /// `elementType` at `byteOffset` (index).
  Value sharedView(Value bytes, Value byteOffset, ArrayRef<int64_t> shape,
                   Type elementType) {
    auto bytesType = cast<MemRefType>(bytes.getType());
    auto type = MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                                bytesType.getMemorySpace());
    return memref::ViewOp::create(*this, type, bytes, byteOffset, ValueRange{});
  }
  Value sharedView(Value bytes, int64_t byteOffset, ArrayRef<int64_t> shape,
                   Type elementType) {
    return sharedView(bytes, index(byteOffset), shape, elementType);
  }
  /// Element `i` (an i32 or i64, taken as unsigned) of a 1-D memref.
  Value loadAt(Value memref, Value i) {
    return memref::LoadOp::create(*this, memref, ValueRange{toIndex(i)});
  }
  void storeAt(Value value, Value memref, Value i) {
    memref::StoreOp::create(*this, value, memref, ValueRange{toIndex(i)});
  }
  /// `type` from element `i` of a 1-D memref, `alignment` bytes aligned
  /// (16: one ld.shared.v4).
  Value loadVectorAt(VectorType type, Value memref, Value i,
                     unsigned alignment) {
    return vector::LoadOp::create(*this, type, memref, ValueRange{toIndex(i)},
                                  /*nontemporal=*/false,
                                  llvm::MaybeAlign(alignment));
  }
  /// The shared-memory address of element `i` of a 1-D view, for the NVVM
  /// ops that take pointers.
  Value sharedAddress(Value view, Value i) {
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(*this, view);
    Value pointer = LLVM::IntToPtrOp::create(
        *this, LLVM::LLVMPointerType::get(getContext(), kSharedAddressSpace),
        indexCastU(getI64Type(), base));
    return address(pointer, cast<MemRefType>(view.getType()).getElementType(),
                   i);
  }
  /// An i32/i64 (unsigned) as an index.
  Value toIndex(Value value) {
    if (value.getType().isIndex())
      return value;
    return indexCastU(getIndexType(), value);
  }
};

} // namespace mlir::fp8q::hopper

#endif // FP8Q_LIB_CONVERSION_FP8QTOGPU_HOPPER_KERNELBUILDER_H
