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
   results are widened; python/fp8q/driver.py). Dynamic dimensions take the
   `--dim` values in order. Matrices are uniform in [-0.035, 0.035] (std 0.02, GPT-2's initialisation),
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
import shutil
import subprocess
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.abspath(os.path.join(_HERE, "..", ".."))
LLVM_BIN = os.environ.get("FP8Q_LLVM_BIN", "/usr/lib/llvm-22/bin")

# fp8q.graph and fp8q.driver: next to this script in a bundle (build copies
# them), or in the source tree.
for _candidate in (os.path.join(_HERE, "python"), os.path.join(_ROOT, "python")):
    if os.path.exists(os.path.join(_candidate, "fp8q", "graph.py")):
        sys.path.insert(0, _candidate)
        break
from fp8q import driver, graph  # noqa: E402


class ModelError(Exception):
    """A build that cannot be done: said in one line, exit status 1."""


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
        text, shapes, lifted = driver.wrap(f.read(), args.entry, list(args.dim),
                                           driver.Fill(int_max=args.int_max))
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
    for module in ("reference.py", "graph.py", "driver.py"):
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
