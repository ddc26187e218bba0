//===- Fp8qOps.h - fp8q operations ------------------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_IR_FP8QOPS_H
#define FP8Q_IR_FP8QOPS_H

#include "fp8q/IR/Fp8qAttrs.h"
#include "fp8q/IR/Fp8qDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "fp8q/IR/Fp8qOps.h.inc"

#endif // FP8Q_IR_FP8QOPS_H
