//===- Passes.td - fp8q target passes ----------------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
// Passes that produce artifacts leaving the compiler (kernel binaries and
// their launch manifest).
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_TARGET_PASSES_TD
#define FP8Q_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

def Fp8qExportKernelsPass : Pass<"fp8q-export-kernels", "::mlir::ModuleOp"> {
  let summary = "Write the fp8q GPU kernels (cubin, PTX) and manifest.json to a directory";
  let description = [{
    Exports every fp8q kernel of the module for ahead-of-time launching (the
    Python runtime loads them without MLIR). For each kernel `<name>` it
    writes `<name>.cubin` and `<name>.ptx` into `dir`, then
    `dir/manifest.json` in version 1 of fp8q.runtime's schema
    (python/fp8q/README_runtime.md) with the fp8q extensions of docs/GPU.md:
    kernel names, op and attributes (tile, scale mode, eps, transpose), the
    parameter list (order, kind ptr/i64, dtype, shape expressions, role),
    grid/block/cluster formulas, dynamic shared memory, launch requirements,
    and the launches with static sizes found in the module.

    Input: a module after `convert-fp8q-to-gpu` whose kernel `gpu.module`s
    are lowered to NVVM (the pass serializes them itself: PTX always, a cubin
    when `ptxas` is found — see `cuda-path`), or after `--fp8q-gpu-pipeline`
    (the `gpu.binary` objects are written as they are: a cubin or PTX).
    `--fp8q-gpu-pipeline=export-dir=DIR` runs it at the right point. Each
    kernel's configuration is read from the `fp8q.kernel` attribute of its
    `gpu.module` or `gpu.binary` (written by `convert-fp8q-to-gpu`, kept on
    the binaries by the pipeline's serialization), never parsed from the
    kernel name; a module or binary without a valid one, or whose name is
    not the one its configuration gives, is an error. The IR is not
    changed.

    Example:

    ```sh
    fp8-opt model.mlir --fp8q-gpu-pipeline=export-dir=out -o /dev/null
    ls out   # fp8q_quantize_1x128_bf16_fp32.{cubin,ptx} ... manifest.json
    ```
  }];
  let options = [
    Option<"dir", "dir", "std::string", /*default=*/"\"\"",
           "Directory to write the kernels and manifest.json into (created)">,
    Option<"cudaPath", "cuda-path", "std::string", /*default=*/"\"\"",
           "CUDA toolkit whose bin/ptxas assembles the cubins (default: "
           "$PATH, $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH); an error if it has "
           "no bin/ptxas">,
  ];
}

#endif // FP8Q_TARGET_PASSES_TD
