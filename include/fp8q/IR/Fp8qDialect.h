//===- Fp8qDialect.h - fp8q dialect -----------------------------*- C++ -*-===//
//
// Part of the fp8q project.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_IR_FP8QDIALECT_H
#define FP8Q_IR_FP8QDIALECT_H

#include "mlir/IR/Dialect.h"

#include "fp8q/IR/Fp8qDialect.h.inc"

#endif // FP8Q_IR_FP8QDIALECT_H
