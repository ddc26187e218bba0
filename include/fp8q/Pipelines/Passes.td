//===- Passes.td - passes of the fp8q pipelines ------------*- tablegen -*-===//
//
// Part of the fp8q project.
//
// Passes that exist for the end-to-end pipelines (Pipelines.h) rather than
// as transformations of their own.
//
//===----------------------------------------------------------------------===//

#ifndef FP8Q_PIPELINES_PASSES_TD
#define FP8Q_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

def Fp8qCheckLoweredToLLVMPass
    : Pass<"fp8q-check-lowered-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Fail unless the module is entirely in the LLVM dialect";
  let description = [{
    The last pass of `--fp8q-cpu-pipeline`. Conversions to LLVM are partial:
    an op that no pattern knows (a vector op, `linalg.softmax`, a GPU op,
    an `arith.truncf` to f8...) would otherwise stay in the output and only
    fail later, inside `mlir-runner` or the translation to LLVM IR. This pass
    turns that into a compile-time error: it emits one error per kind of
    non-LLVM op left (at its first occurrence, with the count) and fails.

    Input requirements: none. Accepted: `builtin.module` and every op of the
    `llvm` dialect.

    Example: the module

    ```mlir
    llvm.func @main() {
      %0 = arith.constant 1.0 : f32
      llvm.return
    }
    ```

    fails with `'arith.constant' op was not lowered to the LLVM dialect
    (1 such op)`.

    With `gpu-host`, `gpu.binary` and `gpu.launch_func` are accepted too: GPU
    host code in the LLVM dialect keeps them, and `mlir-translate` turns
    them into the module loads and launches of the `mgpu*` runtime (the last
    pass of `--fp8q-gpu-pipeline`).
  }];
  let options = [
    Option<"gpuHost", "gpu-host", "bool", /*default=*/"false",
           "Also accept gpu.binary and gpu.launch_func (GPU host code)">,
  ];
}

def Fp8qLowerHostAssertsPass
    : Pass<"fp8q-lower-host-asserts", "::mlir::ModuleOp"> {
  let summary = "Lower host cf.assert to a message on stderr and abort()";
  let description = [{
    Part of the host lowering of `--fp8q-cpu-pipeline` and
    `--fp8q-gpu-pipeline`, before `convert-cf-to-llvm`. Upstream lowers
    `cf.assert` to `puts(msg)` and `abort()`: `puts` writes to stdout,
    which is buffered when it is a pipe or a file, and `abort()` does not
    flush it, so the message of a failed check (the run-time extent checks
    of the fp8q lowerings, the GPU launch requirements) is lost. This pass
    writes the message and a newline unbuffered to file descriptor 2 with
    POSIX `write`, then calls `abort()`.

    Input requirements: none. Every `cf.assert` outside a `gpu.module` is
    rewritten into a `cf.cond_br` to a block of `llvm` ops; the message
    becomes a private `llvm.mlir.global` constant (one per distinct
    message).

    Example:

    ```mlir
    cf.assert %ok, "fp8q.scaled_matmul (x.mlir:3:8): extent 0 of a_scale must equal M (from extent 0 of a)"
    ```

    becomes

    ```mlir
      cf.cond_br %ok, ^bb2, ^bb1
    ^bb1:
      %msg = llvm.mlir.addressof @fp8q_assert_msg_0 : !llvm.ptr
      %n = llvm.call @write(%fd2, %msg, %len) : (i32, !llvm.ptr, i64) -> i64
      llvm.call @abort() : () -> ()
      llvm.unreachable
    ^bb2:
    ```
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def Fp8qTensorMapsByValuePass
    : Pass<"fp8q-tensor-maps-by-value", "::mlir::ModuleOp"> {
  let summary = "Encode TMA tensor maps on the host and pass them to kernels by value";
  let description = [{
    Host side of the by-value (`__grid_constant__`) tensor maps of the fp8q
    GEMM kernels (docs/GPU.md, "Scaled matmul kernel"). A kernel parameter
    with `llvm.byval = T` takes the T at the pointer the caller passes, as
    an LLVM call would; `gpu.launch_func`'s translation knows nothing of
    `byval` and would pass the pointer itself. This pass makes each such
    launch operand the value: `llvm.load %ptr : T` before the launch. An
    `nvgpu.tma.create.descriptor` whose map reaches only such operands
    (through `builtin.unrealized_conversion_cast` to `!llvm.ptr`, as
    convert-fp8q-to-gpu builds the launch) is encoded into a 128-byte
    aligned stack slot of the function by `mgpuTensorMapEncodeTiledHost`
    (docs/Runtime.md) instead of being copied to device memory
    (upstream's `mgpuTensorMapEncodeTiledMemref`): the launch then needs no
    synchronous copy and can be captured in a CUDA graph.

    Input requirements: the kernels lowered to `llvm.func` (the parameter
    types of a `gpu.func` kernel must match the launch operands), the host
    not yet (run before `convert-nvgpu-to-nvvm` on the host). A byval
    operand that is not a pointer, and a map that is both passed by value
    and used otherwise, are errors. Launches of kernels without `byval`
    parameters and other descriptors are left alone.

    Example (`T` = `!llvm.array<16 x i64>`):

    ```mlir
    %m = nvgpu.tma.create.descriptor %view box[%c128, %c128] : memref<*xui8> -> !desc
    %p = builtin.unrealized_conversion_cast %m : !desc to !llvm.ptr
    gpu.launch_func @k::@k ... args(%a : !llvm.ptr, %p : !llvm.ptr, ...)
    ```

    becomes

    ```mlir
    %slot = llvm.alloca %c1 x !llvm.array<16 x i64> {alignment = 128 : i64}  // entry block
    llvm.call @mgpuTensorMapEncodeTiledHost(%slot, %rank, %desc, %dtype, ..., %box)
    %v = llvm.load %slot : !llvm.ptr -> !llvm.array<16 x i64>
    gpu.launch_func @k::@k ... args(%a : !llvm.ptr, %v : !llvm.array<16 x i64>, ...)
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
  ];
}

#endif // FP8Q_PIPELINES_PASSES_TD
