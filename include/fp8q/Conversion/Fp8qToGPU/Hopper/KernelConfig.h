//===- KernelConfig.h - The configuration of an fp8q kernel -----*- C++ -*-===//
//
// Part of the fp8q project.
//
// Every fp8q kernel variant is described once: its configuration
// (QuantKernelConfig or GemmKernelConfig), from which the kernel name, the
// launch ABI (getKernelInterface: a KernelInterface, KernelInterface.h) and
// the kernel body are derived. The configuration travels with the kernel as
// the discardable attribute `fp8q.kernel` on its gpu.module (and on the
// gpu.binary the fp8q GPU pipeline serializes it into), so that later tools
// (fp8q-export-kernels) read it from the IR instead of parsing the kernel
// name. docs/GPU.md, "Kernel configuration", lists the attribute's fields.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_CONVERSION_FP8QTOGPU_HOPPER_KERNELCONFIG_H
#define FP8Q_CONVERSION_FP8QTOGPU_HOPPER_KERNELCONFIG_H

#include "fp8q/Conversion/Fp8qToGPU/Hopper/QuantizeKernels.h"
#include "fp8q/Conversion/Fp8qToGPU/Hopper/ScaledMatmulKernel.h"
#include "fp8q/IR/Fp8qDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

#include <string>
#include <variant>

namespace mlir::fp8q::hopper {

/// Any fp8q kernel variant: a quantization kernel or the GEMM.
using KernelConfig = std::variant<QuantKernelConfig, GemmKernelConfig>;

/// The discardable attribute holding a kernel module's configuration.
constexpr StringLiteral kKernelConfigAttrName = Fp8qDialect::kKernelAttrName;
/// The `kind` of the GEMM in the attribute and the manifest (`x-kind`); the
/// quantize kinds are spelled by kQuantKernelKinds.
constexpr StringLiteral kGemmKernelKindName = "gemm";

/// The kernel (and gpu.module) name of `config`, derived from it.
std::string getKernelName(const KernelConfig &config);
/// The kind spelling: kQuantKernelKinds' name, or kGemmKernelKindName.
StringRef getKernelKindName(const KernelConfig &config);
/// The launch ABI of `config`.
KernelInterface getKernelInterface(const KernelConfig &config);

/// The `fp8q.kernel` attribute of `config`: a dictionary with `kind` and
/// the fields of the configuration, e.g. for a quantize kernel
/// `{eps = 1.0e-04 : f32, kind = "rowwise", scale_layout = "k_major",
/// scale_mode = "fp32", source = "bf16"}`.
DictionaryAttr getKernelConfigAttr(MLIRContext *context,
                                   const KernelConfig &config);

/// Reads a configuration written by getKernelConfigAttr. A missing or
/// mistyped field, an unknown field or kind, or a configuration no kernel
/// can be built for is reported through `emitError`, which is called at
/// most once.
FailureOr<KernelConfig>
readKernelConfigAttr(DictionaryAttr attr,
                     function_ref<InFlightDiagnostic()> emitError);

/// Sets `fp8q.kernel` on a kernel module (gpu.module or gpu.binary).
void setKernelConfig(Operation *module, const KernelConfig &config);

} // namespace mlir::fp8q::hopper

#endif // FP8Q_CONVERSION_FP8QTOGPU_HOPPER_KERNELCONFIG_H
