//===- KernelInterface.cpp - The launch ABI of an fp8q kernel -------------===//
//
// Part of the fp8q project.
//
// What every kernel's launch ABI shares (KernelInterface.h): the grid
// formula's manifest expressions and evaluation, and the kernel signature
// attributes the builders set from the interface.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Conversion/Fp8qToGPU/Hopper/KernelInterface.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::fp8q;
using namespace mlir::fp8q::hopper;

//===----------------------------------------------------------------------===//
// LaunchGrid
//===----------------------------------------------------------------------===//

std::array<std::string, 3> LaunchGrid::getExpressions() const {
  if (fixedCtas > 0)
    return {std::to_string(fixedCtas), "1", "1"};
  std::string rows = llvm::formatv("ceil(M/{0})", rowTile).str();
  if (rowTilesPerCta > 1)
    rows = llvm::formatv("ceil({0}/{1})", rows, rowTilesPerCta).str();
  std::string columns =
      llvm::formatv("ceil({0}/{1})", columnSize, columnTile).str();
  if (!flat)
    return {columns, rows, "1"};
  std::string ctas = rows + "*" + columns;
  if (maxCtas > 0)
    ctas = llvm::formatv("min({0}, {1})", ctas, maxCtas / clusterCtas).str();
  if (clusterCtas > 1)
    ctas = llvm::formatv("{0}*{1}", clusterCtas, ctas).str();
  return {ctas, "1", "1"};
}

std::array<int64_t, 3> LaunchGrid::evaluate(int64_t m, int64_t size) const {
  if (fixedCtas > 0)
    return {fixedCtas, 1, 1};
  int64_t rows = llvm::divideCeilSigned(llvm::divideCeilSigned(m, rowTile),
                                        rowTilesPerCta);
  int64_t columns = llvm::divideCeilSigned(size, columnTile);
  if (!flat)
    return {columns, rows, 1};
  int64_t ctas = rows * columns;
  if (maxCtas > 0)
    ctas = std::min(ctas, maxCtas / clusterCtas);
  return {clusterCtas * ctas, 1, 1};
}

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

nvgpu::TensorMapDescriptorType
hopper::getTensorMapType(MLIRContext *context, const KernelArg &arg) {
  assert(arg.kind == KernelArgKind::TensorMap && arg.dtype == "u8" &&
         arg.swizzle == "128B" && "only 128-byte swizzled u8 maps exist");
  // NOTE: ui8, not i8 or f8: convert-nvgpu-to-nvvm in MLIR 22 maps ui8 to
  // CU_TENSOR_MAP_DATA_TYPE_UINT8 but has no case for signless i8 (nor f8):
  // those reach an llvm_unreachable, which in release builds encodes the map
  // as bf16 (2-byte elements).
  auto box = MemRefType::get(
      arg.box, IntegerType::get(context, 8, IntegerType::Unsigned),
      AffineMap(),
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup));
  return nvgpu::TensorMapDescriptorType::get(
      context, box, nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
}

LLVM::LLVMArrayType hopper::getTensorMapValueType(MLIRContext *context) {
  return LLVM::LLVMArrayType::get(IntegerType::get(context, 64),
                                  kTensorMapWords);
}

Value hopper::getTensorMapParamAddress(OpBuilder &builder, Location loc,
                                       gpu::GPUFuncOp func, unsigned index) {
  std::string ptx = llvm::formatv("mov.b64 $0, {0}_param_{1};\n\t"
                                  "cvta.param.u64 $0, $0;",
                                  func.getName(), index)
                        .str();
  return LLVM::InlineAsmOp::create(
             builder, loc, LLVM::LLVMPointerType::get(builder.getContext()),
             ValueRange(), ptx, /*constraints=*/"=l",
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
             ArrayAttr())
      .getResult(0);
}

//===----------------------------------------------------------------------===//
// Kernel signature
//===----------------------------------------------------------------------===//

void hopper::setKernelSignatureAttrs(gpu::GPUFuncOp func,
                                     const KernelInterface &interface) {
  Builder builder(func.getContext());
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                builder.getUnitAttr());
  func.setKnownBlockSizeAttr(
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(interface.block[0]),
                                    static_cast<int32_t>(interface.block[1]),
                                    static_cast<int32_t>(interface.block[2])}));
  for (auto [i, arg] : llvm::enumerate(interface.args)) {
    if (arg.kind == KernelArgKind::TensorMap) {
      func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(getTensorMapValueType(func.getContext())));
      func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      builder.getI64IntegerAttr(kTensorMapAlignment));
      continue;
    }
    if (arg.kind != KernelArgKind::Ptr)
      continue;
    func.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(),
                    builder.getUnitAttr());
    func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    builder.getI64IntegerAttr(arg.alignment));
    if (!arg.written)
      func.setArgAttr(i, LLVM::LLVMDialect::getReadonlyAttrName(),
                      builder.getUnitAttr());
  }
}

LogicalResult
hopper::setGridConstantTensorMaps(LLVM::LLVMFuncOp func,
                                  const KernelInterface &interface) {
  if (func.getNumArguments() != interface.args.size())
    return func.emitError() << "expected " << interface.args.size()
                            << " kernel parameters (the fp8q launch ABI), got "
                            << func.getNumArguments();
  Builder builder(func.getContext());
  for (auto [i, arg] : llvm::enumerate(interface.args)) {
    if (arg.kind != KernelArgKind::TensorMap)
      continue;
    if (!isa<LLVM::LLVMPointerType>(func.getArgument(i).getType()))
      return func.emitError() << "tensor map parameter " << i << " ('"
                              << arg.name << "') is not a pointer";
    func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(getTensorMapValueType(func.getContext())));
    func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    builder.getI64IntegerAttr(kTensorMapAlignment));
    func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                    builder.getUnitAttr());
  }
  return success();
}
