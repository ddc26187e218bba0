#!/usr/bin/env python3
"""Runs a model graph (linalg on tensors, as a front end exports it) end to
end on the GPU with `gemm=wgmma` and judges it against the CPU reference.

  model_e2e.py build MODEL.mlir --out DIR [--entry forward] [--dim N ...]
                [--build-dir build] [--int-max 1000] [--quantize-options OPTS]
  DIR/run.sh                      on the GPU machine (exit 0: PASS)
  model_e2e.py check DIR          what run.sh calls after the run

`build` (where fp8-opt and LLVM are) makes a self-contained DIR:

1. The graph gets a driver. Weights that the exporter elided
   (`arith.constant dense_resource<__elided__>`) become arguments of the
   entry function (so `--fp8q-quantize-model` sees them as weights, as with
   an export that passes weights as arguments), and a generated `@main`
   fills every argument with a deterministic pattern (an integer hash of the
   element's index: the same bits on every machine and pipeline), calls the
   entry function and dumps each result with `printMemrefF32` (f32; bf16/f16
   results are widened). Dynamic dimensions take the `--dim` values in order.
   Matrices are uniform in [-0.035, 0.035] (std 0.02, GPT-2's initialisation),
   so are vectors added to activations (biases: vector_role) and flat
   parameters (vectors longer than 2^16), other vectors
   1 + U(-0.1, 0.1) (norm gains stay near one), integer inputs
   (token ids) in [0, --int-max).
2. `--fp8q-quantize-model` (its report is kept in DIR/report.txt), then
   three executables as in build_gpu_e2e.sh (mlir-translate, llc, linked
   against libFP8QCudaRuntime.so and the dump helper): model_gpu_wgmma
   (`--fp8q-gpu-pipeline=gemm=wgmma`: the quantizations and the GEMMs on the
   GPU), model_cpu (the quantized graph through `--fp8q-cpu-pipeline`, the
   exact-FP8 reference) and model_f32 (the unquantized graph on the CPU).
   model_cpu and model_f32 run here; their dumps are DIR/expected/.
3. `check` compares DIR/out/ (model_gpu_wgmma's dumps) with them through
   check_gpu_e2e.judge_logits: the GPU deviates from the exact-FP8 reference
   by less than FP8 quantization changes the result (||gpu - cpu|| <= 0.75
   ||cpu - f32||), is as accurate (||gpu - f32|| <= 1.05 ||cpu - f32||), and
   gives the same top-1 along the last axis except at near ties.

Needs numpy for `check`; `build` needs the fp8q build (bin/fp8-opt,
lib/libFP8QCudaRuntime.so) and /usr/lib/llvm-22/bin (mlir-translate, llc).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.abspath(os.path.join(_HERE, "..", ".."))
LLVM_BIN = os.environ.get("FP8Q_LLVM_BIN", "/usr/lib/llvm-22/bin")

_ELIDED = re.compile(
    r"^([ \t]*)(%[\w.$-]+) = arith\.constant dense_resource<__elided__> : "
    r"(tensor<[^>]*>)[ \t]*$", re.M)

# fp8q.graph: next to this script in a bundle (build copies it), or in the
# source tree.
for _candidate in (os.path.join(_HERE, "python"), os.path.join(_ROOT, "python")):
    if os.path.exists(os.path.join(_candidate, "fp8q", "graph.py")):
        sys.path.insert(0, _candidate)
        break
from fp8q import graph  # noqa: E402
from fp8q.graph import parse_type  # noqa: E402


#: A rank-1 argument longer than this is a flat parameter holding matrices
#: (as in test/Models/Inputs/run_model.py): filled like a matrix.
FLAT_MIN = 1 << 16


class ModelError(Exception):
    """A graph the driver cannot wrap: said in one line, exit status 1."""


_USE_OP = re.compile(r"^\s*(?:(%[\w.$-]+)(?::\d+)? = )?([\w.]+)")
_ARITH = re.compile(r"\barith\.(addf|subf|mulf|divf)\b")


def vector_role(body, name, depth=0):
    """"bias" when the vector ``name`` is added to an activation (a Linear's
    or a LayerNorm's bias: filled around zero), else "gain" (a norm scale:
    filled around one). Follows broadcasts and reshapes to the first op
    that computes with the vector: an additive generic, or the init of a
    contraction."""
    use = re.compile(re.escape(name) + r"(?![\w.$-])")
    lines = body.split("\n")
    for i, line in enumerate(lines):
        if not use.search(line) or re.match(r"\s*" + re.escape(name) + r"\b.* = ", line):
            continue
        m = _USE_OP.match(line)
        if not m:
            continue
        result, op = m.group(1), m.group(2)
        if depth < 4 and result and op in ("linalg.broadcast", "tensor.expand_shape",
                                           "tensor.collapse_shape", "tensor.cast"):
            return vector_role(body, result, depth + 1)
        if op == "linalg.generic":
            region = []
            for inner in lines[i + 1:]:
                if inner.lstrip().startswith("} ->"):
                    break
                region.append(inner)
            found = _ARITH.search("\n".join(region))
            if not found:  # a broadcast written as a generic
                return vector_role(body, result, depth + 1) if result and depth < 4 else "gain"
            return "bias" if found.group(1) in ("addf", "subf") else "gain"
        outs = line.find("outs(")
        if op.startswith("linalg.") and outs >= 0 and use.search(line, outs):
            return "bias"  # the init of a contraction
        return "gain"
    return "gain"


def fill_op(name, type_, dims, seed, int_max, out, role="gain"):
    """The MLIR that defines %name (a static tensor) with the pattern; a
    rank-1 vector is filled by its ``role`` (vector_role)."""
    rank = len(dims)
    _, elem = parse_type(type_)
    static = f"tensor<{''.join(f'{d}x' for d in dims)}{elem}>"
    ids = ", ".join(f"d{i}" for i in range(rank))
    amap = f"affine_map<({ids}) -> ({ids})>"
    iters = ", ".join(['"parallel"'] * rank)
    out.append(f"    {name}_e = tensor.empty() : {static}")
    out.append(f"    {name}_s = linalg.generic {{indexing_maps = [{amap}], "
               f"iterator_types = [{iters}]}} outs({name}_e : {static}) {{")
    out.append(f"    ^bb0(%o: {elem}):")
    # Linear index in i64, then a 32-bit multiplicative hash.
    out.append("      %lin0 = arith.constant 0 : i64")
    prev = "%lin0"
    for i, d in enumerate(dims):
        out.append(f"      %x{i} = linalg.index {i} : index")
        out.append(f"      %y{i} = arith.index_cast %x{i} : index to i64")
        out.append(f"      %n{i} = arith.constant {d} : i64")
        out.append(f"      %m{i} = arith.muli {prev}, %n{i} : i64")
        out.append(f"      %l{i} = arith.addi %m{i}, %y{i} : i64")
        prev = f"%l{i}"
    out.append(f"      %seed = arith.constant {seed * 7919 + 12345} : i64")
    out.append("      %mul = arith.constant 2654435761 : i64")
    out.append("      %mask = arith.constant 4294967295 : i64")
    out.append(f"      %h0 = arith.addi {prev}, %seed : i64")
    out.append("      %h1 = arith.muli %h0, %mul : i64")
    out.append("      %h2 = arith.andi %h1, %mask : i64")
    out.append("      %c8 = arith.constant 8 : i64")
    out.append("      %h = arith.shrui %h2, %c8 : i64")
    if elem.startswith("i"):
        out.append(f"      %range = arith.constant {int_max} : i64")
        out.append("      %v64 = arith.remui %h, %range : i64")
        if elem == "i64":
            out.append("      linalg.yield %v64 : i64")
        else:
            out.append(f"      %v = arith.trunci %v64 : i64 to {elem}")
            out.append(f"      linalg.yield %v : {elem}")
    else:
        # u in [0, 1) from 24 bits; matrices and biases U(-a, a), gains
        # 1 + U(-0.1, 0.1). (Biases near one would add a common offset to
        # every activation that a norm then cancels: the FP8 error of the
        # offset would swamp the signal, unlike a trained model's.)
        if rank >= 2 or role == "bias" or dims[0] > FLAT_MIN:
            amplitude, offset = 0.035, 0.0
        else:
            amplitude, offset = 0.1, 1.0
        out.append("      %hf = arith.uitofp %h : i64 to f32")
        out.append("      %inv = arith.constant 5.9604644775390625e-08 : f32")
        out.append("      %u = arith.mulf %hf, %inv : f32")
        out.append("      %half = arith.constant 0.5 : f32")
        out.append("      %c = arith.subf %u, %half : f32")
        out.append(f"      %amp = arith.constant {2 * amplitude!r} : f32")
        out.append("      %a = arith.mulf %c, %amp : f32")
        out.append(f"      %off = arith.constant {offset!r} : f32")
        out.append("      %v32 = arith.addf %a, %off : f32")
        if elem == "f32":
            out.append("      linalg.yield %v32 : f32")
        elif elem in ("bf16", "f16"):
            out.append(f"      %v = arith.truncf %v32 : f32 to {elem}")
            out.append(f"      linalg.yield %v : {elem}")
        else:
            raise ModelError(f"argument {name}: element type {elem} not "
                             "supported by the driver")
    out.append(f"    }} -> {static}")
    if static != type_:
        out.append(f"    {name} = tensor.cast {name}_s : {static} to {type_}")
    else:
        out.append(f"    {name} = tensor.cast {name}_s : {static} to {static}")


def resolve(dims, dim_values, what):
    resolved = []
    for d in dims:
        if d is None:
            if not dim_values:
                raise ModelError(f"{what} has a dynamic dimension: give its "
                                 "value with --dim")
            resolved.append(dim_values.pop(0))
        else:
            resolved.append(d)
    return resolved


def wrap(text, entry, dims, int_max):
    """(wrapped module text, [result shapes], number of lifted constants)."""
    sig = graph.signature(text, entry)
    # The entry function's elided constants become trailing arguments.
    body_start, body_end = sig.body
    body = text[body_start:body_end]
    lifted = [(m.group(2), m.group(3)) for m in _ELIDED.finditer(body)]
    body = _ELIDED.sub("", body)
    params = text[sig.params[0]:sig.params[1]]
    extra = ", ".join(f"{n}: {t}" for n, t in lifted)
    if extra:
        params = f"{params}, {extra}" if params.strip() else extra
    text = (text[:sig.params[0]] + params + text[sig.params[1]:body_start]
            + body + text[body_end:])
    entry_body = body
    all_args, results = sig.args + lifted, sig.results
    # Shapes: dynamic dims in argument order take the --dim values; a
    # dimension used twice (M in several arguments) must be given again.
    dim_values = list(dims)
    body, names = [], []
    for i, (name, type_) in enumerate(all_args):
        arg_dims, _ = parse_type(type_)
        static = resolve(arg_dims, dim_values, f"argument {name}")
        local = f"%in{i}"
        role = vector_role(entry_body, name) if len(static) == 1 else "gain"
        fill_op(local, type_, static, i + 1, int_max, body, role)
        names.append(local)
    if dim_values:
        raise ModelError(f"{len(dim_values)} --dim value(s) left over")
    call_types = ", ".join(t for _, t in all_args)
    result_types = ", ".join(results)
    outs = ", ".join(f"%r{i}" for i in range(len(results)))
    body.append(f"    {outs} = func.call @{entry}({', '.join(names)}) : "
                f"({call_types}) -> ({result_types})")
    shapes = []
    for i, type_ in enumerate(results):
        rdims, elem = parse_type(type_)
        value = f"%r{i}"
        if elem != "f32":
            if elem not in ("bf16", "f16"):
                raise ModelError(f"result {i}: element type {elem} cannot be "
                                 "dumped as f32")
            rank = len(rdims)
            ids = ", ".join(f"d{k}" for k in range(rank))
            amap = f"affine_map<({ids}) -> ({ids})>"
            iters = ", ".join(['"parallel"'] * rank)
            wide = type_.replace(elem + ">", "f32>")
            body.append(f"    %w{i}_dims = tensor.empty"
                        f"({', '.join(f'%dim{i}_{k}' for k, d in enumerate(rdims) if d is None)})"
                        f" : {wide}")
            for k, d in enumerate(rdims):
                if d is None:
                    body.insert(len(body) - 1,
                                f"    %ci{i}_{k} = arith.constant {k} : index")
                    body.insert(len(body) - 1,
                                f"    %dim{i}_{k} = tensor.dim {value}, "
                                f"%ci{i}_{k} : {type_}")
            body.append(f"    %w{i} = linalg.generic {{indexing_maps = [{amap}, "
                        f"{amap}], iterator_types = [{iters}]}} ins({value} : "
                        f"{type_}) outs(%w{i}_dims : {wide}) {{")
            body.append(f"    ^bb0(%a: {elem}, %o: f32):")
            body.append(f"      %e = arith.extf %a : {elem} to f32")
            body.append("      linalg.yield %e : f32")
            body.append(f"    }} -> {wide}")
            value, type_ = f"%w{i}", wide
        body.append(f"    %u{i} = tensor.cast {value} : {type_} to tensor<*xf32>")
        body.append(f"    func.call @printMemrefF32(%u{i}) : (tensor<*xf32>) -> ()")
        shapes.append([d for d in rdims])
    main = "\n".join(["  func.func @main() {"] + body + [
        "    return", "  }",
        "  func.func private @printMemrefF32(tensor<*xf32>) "
        "attributes {llvm.emit_c_interface}", ""])
    return graph.with_main(text, main), shapes, len(lifted)


def run(cmd, **kwargs):
    subprocess.run(cmd, check=True, **kwargs)


def build(args):
    build_dir = os.path.abspath(args.build_dir)
    fp8_opt = os.path.join(build_dir, "bin", "fp8-opt")
    runtime = os.path.join(build_dir, "lib", "libFP8QCudaRuntime.so")
    for needed in (fp8_opt, runtime, os.path.join(LLVM_BIN, "llc"),
                   os.path.join(LLVM_BIN, "mlir-translate")):
        if not os.path.exists(needed):
            raise ModelError(f"{needed} not found")
    out = os.path.abspath(args.out)
    shutil.rmtree(out, ignore_errors=True)
    work = os.path.join(out, "build")
    os.makedirs(work)
    with open(args.model) as f:
        text, shapes, lifted = wrap(f.read(), args.entry, list(args.dim),
                                    args.int_max)
    wrapped = os.path.join(work, "model.mlir")
    with open(wrapped, "w") as f:
        f.write(text)
    # Dynamic result dims are known only at run time; record the static ones.
    quantized = os.path.join(work, "model.fp8.mlir")
    report = os.path.join(out, "report.txt")
    options = f"report={report}"
    if args.quantize_options:
        options += " " + args.quantize_options
    run([fp8_opt, wrapped, f"--fp8q-quantize-model={options}", "-o", quantized])
    pipelines = {
        "model_gpu_wgmma": (quantized, "--fp8q-gpu-pipeline=gemm=wgmma"),
        "model_cpu": (quantized, "--fp8q-cpu-pipeline"),
        "model_f32": (wrapped, "--fp8q-cpu-pipeline"),
    }
    dump_o = os.path.join(work, "gpu_e2e_dump.o")
    run([os.environ.get("CC", "cc"), "-O2", "-fPIC", "-c",
         os.path.join(_HERE, "gpu_e2e", "gpu_e2e_dump.c"), "-o", dump_o])
    shutil.copy(runtime, out)
    for name, (source, pipeline) in pipelines.items():
        llvm_mlir = os.path.join(work, name + ".llvm.mlir")
        run([fp8_opt, source, pipeline, "-o", llvm_mlir])
        run([os.path.join(LLVM_BIN, "mlir-translate"), "--mlir-to-llvmir",
             llvm_mlir, "-o", os.path.join(work, name + ".ll")])
        run([os.path.join(LLVM_BIN, "llc"), "-O2", "-filetype=obj",
             "-relocation-model=pic", os.path.join(work, name + ".ll"), "-o",
             os.path.join(work, name + ".o")])
        binary = os.path.join(out if name == "model_gpu_wgmma" else work, name)
        run([os.environ.get("CXX", "g++"), "-o", binary,
             os.path.join(work, name + ".o"), dump_o, f"-L{out}",
             "-lFP8QCudaRuntime", "-Wl,-rpath,$ORIGIN", "-lm"])
    for name in ("model_cpu", "model_f32"):
        dumps = os.path.join(out, "expected", name)
        os.makedirs(dumps)
        run([os.path.join(work, name)], env=dict(os.environ, FP8Q_E2E_OUT=dumps),
            stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "meta.json"), "w") as f:
        json.dump({"model": os.path.relpath(os.path.abspath(args.model), _ROOT),
                   "entry": args.entry, "dims": args.dim,
                   "lifted_constants": lifted, "results": shapes}, f, indent=1)
    shutil.copy(os.path.abspath(__file__), out)
    shutil.copy(os.path.join(_HERE, "gpu_e2e", "check_gpu_e2e.py"), out)
    os.makedirs(os.path.join(out, "python", "fp8q"))
    for module in ("reference.py", "graph.py"):
        shutil.copy(os.path.join(_ROOT, "python", "fp8q", module),
                    os.path.join(out, "python", "fp8q"))
    with open(os.path.join(out, "python", "fp8q", "__init__.py"), "w") as f:
        f.write("from fp8q import reference  # noqa: F401\n")
    with open(os.path.join(out, "run.sh"), "w") as f:
        f.write("#!/bin/sh\n# Runs model_gpu_wgmma and judges its dumps "
                "(exit 0: PASS). PYTHON: numpy interpreter.\n"
                "cd \"$(dirname \"$0\")\" || exit 1\n"
                "rm -rf out && mkdir out || exit 1\n"
                "FP8Q_E2E_OUT=out ./model_gpu_wgmma || echo \"model_gpu_wgmma: "
                "exit status $?\"\n"
                "exec \"${PYTHON:-python3}\" model_e2e.py check .\n")
    os.chmod(os.path.join(out, "run.sh"), 0o755)
    size = sum(os.path.getsize(os.path.join(d, f))
               for d, _, files in os.walk(out) if not d.startswith(work)
               for f in files)
    print(f"model_e2e: built {out} ({size} bytes to run, "
          f"{lifted} elided constants lifted to arguments)")


def check(args):
    import numpy as np
    sys.path.insert(0, args.dir)
    sys.path.insert(0, os.path.join(args.dir, "python"))
    from check_gpu_e2e import judge_logits
    with open(os.path.join(args.dir, "meta.json")) as f:
        meta = json.load(f)
    ok = True
    for i, shape in enumerate(meta["results"]):
        arrays = {}
        for run_name, path in (
                ("gpu", os.path.join(args.dir, "out", f"memref{i}.bin")),
                ("cpu", os.path.join(args.dir, "expected", "model_cpu",
                                     f"memref{i}.bin")),
                ("f32", os.path.join(args.dir, "expected", "model_f32",
                                     f"memref{i}.bin"))):
            arrays[run_name] = (np.fromfile(path, dtype=np.float32)
                                if os.path.exists(path) else None)
        if any(a is None for a in arrays.values()):
            missing = [k for k, a in arrays.items() if a is None]
            print(f"result {i} FAIL: no dump from {', '.join(missing)}")
            ok = False
            continue
        sizes = {a.size for a in arrays.values()}
        if len(sizes) != 1:
            print(f"result {i} FAIL: dump sizes differ {sorted(sizes)}")
            ok = False
            continue
        last = shape[-1] if shape and shape[-1] else arrays["cpu"].size
        view = (-1, last)
        ok &= judge_logits(f"result {i} ({'x'.join(map(str, shape))})",
                           arrays["gpu"].reshape(view),
                           arrays["cpu"].reshape(view),
                           arrays["f32"].reshape(view))
    print(f"model-e2e ({meta['model']}): {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="wrap, compile and package a graph")
    b.add_argument("model")
    b.add_argument("--out", required=True)
    b.add_argument("--entry", default="forward")
    b.add_argument("--dim", type=int, action="append", default=[],
                   help="value of the next dynamic dimension (argument order)")
    b.add_argument("--build-dir", default=os.path.join(_ROOT, "build"))
    b.add_argument("--int-max", type=int, default=1000,
                   help="integer inputs (token ids) lie in [0, INT_MAX)")
    b.add_argument("--quantize-options", default="",
                   help="extra options of --fp8q-quantize-model")
    c = sub.add_parser("check", help="judge a run's dumps")
    c.add_argument("dir")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            build(args)
            return 0
        return check(args)
    except (ModelError, graph.GraphError) as error:
        print(f"model_e2e: error: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"model_e2e: error: {' '.join(map(str, error.cmd))} failed "
              f"(exit status {error.returncode})", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
