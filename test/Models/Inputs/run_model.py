#!/usr/bin/env python3
"""Runs an exported model graph on the CPU, f32 and FP8, and compares.

The graph's entry function (``--func``) takes its weights as arguments. A
``@main`` is appended that builds every argument from dense constants
(deterministic pseudo-random data, ``--seed``: tensors of rank >= 2 ~
N(0, 1/fan) with fan the larger of the last two extents, rank-1 tensors (norm
scales, biases) ~ 1 + N(0, 0.1^2) unless longer than 2^16 (a flat
parameter: N(0, 1/256)), integer tensors (token ids) uniform in
[0, --ids-max)), casts them to the argument types (``?`` extents take
``--dynamic-size``: the reduced run with small M), calls the function and
prints every result as f32. The module runs twice through
``fp8-opt --fp8q-cpu-pipeline`` and ``mlir-runner``:

* reference: the graph as exported (f32/bf16 numerics of the CPU pipeline);
* FP8: after ``fp8-opt --fp8q-quantize-model`` (the options of
  ``--quantize-options``).

Checks (exit 1 on failure):

* the FP8 module holds exactly ``--expect-gemms`` ``fp8q.scaled_matmul``
  ops (the quantized Linears of the report);
* per result, the relative Frobenius error ``||fp8 - ref|| / ||ref||`` lies in
  ``[--min-err, --max-err]``: above the floor when anything is quantized
  (E4M3 rounding must show), below the ceiling E4M3 predicts (about 2-4 %
  per quantized GEMM on the path, compounded);
* ``--retained-output I``: result I depends on retained ops only and must be
  bit-identical.
"""

import argparse
import os
import re
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
from fp8q import graph  # noqa: E402
from fp8q import reference as ref  # noqa: E402
from fp8q.graph import tensor_type  # noqa: E402

FLOAT_TYPES = ("f32", "bf16", "f16")

#: A rank-1 argument longer than this is a flat parameter holding matrices
#: (and norm scales), drawn ~ N(0, FLAT_STD^2) (1/sqrt(256), the fan of the
#: corpus' models) rather than like a norm scale.
FLAT_MIN, FLAT_STD = 1 << 16, 1.0 / 16


def fail(msg):
    sys.stderr.write(f"run_model: {msg}\n")
    raise SystemExit(1)


def run(cmd, what, **kw):
    proc = subprocess.run(cmd, capture_output=True, **kw)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode(errors="replace")[-4000:])
        fail(f"{what} failed: {' '.join(cmd)}")
    return proc


# ---------------------------------------------------------------------------
# The signature of the entry function
# ---------------------------------------------------------------------------


def signature(text, func):
    """([(dims, elem)] of the arguments, [(dims, elem)] of the results)."""
    try:
        sig = graph.signature(text, func)
        return ([graph.parse_type(t) for _, t in sig.args],
                [graph.parse_type(t) for t in sig.results])
    except graph.GraphError as error:
        fail(str(error))


# ---------------------------------------------------------------------------
# The @main of a run
# ---------------------------------------------------------------------------


def dense(values, elem):
    if elem.startswith("i"):
        body = np.asarray(values).tolist()
        return f"dense<{body}> : {tensor_type(values.shape, elem)}".replace("'", "")
    values = np.asarray(values, dtype=np.float32)
    if elem == "f32":
        bits = values.view(np.uint32).astype("<u4")
    elif elem == "bf16":
        bits = ref.f32_to_bf16_bits(values).astype("<u2")
    else:
        bits = ref.f32_to_f16_bits(values).astype("<u2")
    return f'dense<"0x{bits.tobytes().hex().upper()}"> : {tensor_type(values.shape, elem)}'


def make_inputs(args, rng, opts):
    values = []
    for dims, elem in args:
        shape = tuple(opts.dynamic_size if d is None else d for d in dims)
        if elem.startswith("i"):
            values.append(rng.integers(0, opts.ids_max, shape, dtype=np.int64))
            continue
        if elem not in FLOAT_TYPES:
            fail(f"unsupported element type {elem}")
        if len(shape) == 1 and shape[0] > FLAT_MIN:
            v = FLAT_STD * rng.standard_normal(shape)  # one flat parameter
        elif len(shape) == 1:
            v = 1.0 + 0.1 * rng.standard_normal(shape)  # norm scales, biases
        else:
            fan = max(shape[-1], shape[-2])
            v = rng.standard_normal(shape) / np.sqrt(fan)
        v = v.astype(np.float32)
        if elem == "bf16":
            v = ref.round_to_bf16(v)
        elif elem == "f16":
            v = ref.round_to_f16(v)
        values.append(v)
    return values


def main_func(func, args, results, values):
    lines = ["func.func @main() {"]
    names = []
    for i, ((dims, elem), v) in enumerate(zip(args, values)):
        lines.append(f"  %in{i} = arith.constant {dense(v, elem)}")
        static = tensor_type(v.shape, elem)
        want = tensor_type(dims, elem)
        if static != want:
            lines.append(f"  %arg{i} = tensor.cast %in{i} : {static} to {want}")
            names.append(f"%arg{i}")
        else:
            names.append(f"%in{i}")
    arg_types = ", ".join(tensor_type(d, e) for d, e in args)
    res_types = ", ".join(tensor_type(d, e) for d, e in results)
    outs = ", ".join(f"%r{i}" for i in range(len(results)))
    call = f"func.call @{func}({', '.join(names)}) : ({arg_types}) -> ({res_types})"
    lines.append(f"  {outs} = {call}" if results else f"  {call}")
    lines.append("  %c0 = arith.constant 0 : index")
    for i, (dims, elem) in enumerate(results):
        val = f"%r{i}"
        if elem != "f32":
            rank = len(dims)
            sizes = []
            for d, ext in enumerate(dims):
                if ext is None:
                    lines.append(f"  %ci{i}_{d} = arith.constant {d} : index")
                    lines.append(f"  %dim{i}_{d} = tensor.dim {val}, %ci{i}_{d} : "
                                 f"{tensor_type(dims, elem)}")
                    sizes.append(f"%dim{i}_{d}")
            ids = ", ".join(f"d{k}" for k in range(rank))
            amap = f"affine_map<({ids}) -> ({ids})>"
            f32 = tensor_type(dims, "f32")
            lines.append(f"  %e{i} = tensor.empty({', '.join(sizes)}) : {f32}")
            iters = ", ".join(['"parallel"'] * rank)
            lines.append(f"  %w{i} = linalg.generic {{indexing_maps = [{amap}, {amap}], "
                         f"iterator_types = [{iters}]}} "
                         f"ins({val} : {tensor_type(dims, elem)}) outs(%e{i} : {f32}) {{")
            lines.append(f"  ^bb0(%a: {elem}, %o: f32):")
            lines.append("    %x = arith.extf %a : " + elem + " to f32")
            lines.append("    linalg.yield %x : f32")
            lines.append(f"  }} -> {f32}")
            val = f"%w{i}"
        lines.append(f"  %u{i} = tensor.cast {val} : {tensor_type(dims, 'f32')} to tensor<*xf32>")
        lines.append(f"  call @printMemrefF32(%u{i}) : (tensor<*xf32>) -> ()")
    lines.append("  return")
    lines.append("}")
    lines.append("func.func private @printMemrefF32(tensor<*xf32>) attributes "
                 "{llvm.emit_c_interface}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


def parse_memrefs(text):
    arrays = []
    for block in text.split("Unranked Memref")[1:]:
        sizes = [int(v) for v in re.search(r"sizes = \[([^\]]*)\]", block).group(1).split(",") if v.strip()]
        data = block.split("data =", 1)[1]
        values = re.findall(r"[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|nan|inf)", data)
        arrays.append(np.array([float(v) for v in values]).reshape(sizes))
    return arrays


def execute(opts, path):
    lowered = run([opts.fp8_opt, path, "--fp8q-cpu-pipeline"], "the CPU pipeline").stdout
    out = run([opts.runner, "-e", "main", "-entry-point-result=void", "-O0",
               f"--shared-libs={opts.shared_libs}"], "mlir-runner", input=lowered).stdout
    return parse_memrefs(out.decode())


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("graph")
    p.add_argument("--func", default="forward")
    p.add_argument("--fp8-opt", required=True)
    p.add_argument("--runner", required=True)
    p.add_argument("--shared-libs", required=True)
    p.add_argument("--work-dir", required=True)
    p.add_argument("--quantize-options", default="")
    p.add_argument("--dynamic-size", type=int, default=8)
    p.add_argument("--ids-max", type=int, default=256)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--expect-gemms", type=int, required=True)
    p.add_argument("--min-err", type=float, default=3e-3)
    p.add_argument("--max-err", type=float, default=0.12)
    p.add_argument("--retained-output", type=int, action="append", default=[])
    opts = p.parse_args()

    os.makedirs(opts.work_dir, exist_ok=True)
    text = open(opts.graph).read()
    args, results = signature(text, opts.func)
    if not results:
        fail(f"@{opts.func} returns nothing to compare")
    values = make_inputs(args, np.random.default_rng(opts.seed), opts)
    prog = os.path.join(opts.work_dir, "prog.mlir")
    try:
        program = graph.with_main(text, main_func(opts.func, args, results, values))
    except graph.GraphError as error:
        fail(str(error))
    with open(prog, "w") as f:
        f.write(program)

    start = time.perf_counter()
    fp8 = os.path.join(opts.work_dir, "prog.fp8.mlir")
    option = f"--fp8q-quantize-model={opts.quantize_options}" if opts.quantize_options \
        else "--fp8q-quantize-model"
    run([opts.fp8_opt, prog, option, "-o", fp8], "--fp8q-quantize-model")
    gemms = len(re.findall(r"\bfp8q\.scaled_matmul\b", open(fp8).read()))
    ref_out = execute(opts, prog)
    fp8_out = execute(opts, fp8)
    ok = True
    if gemms != opts.expect_gemms:
        print(f"FAIL: {gemms} fp8q.scaled_matmul ops, expected {opts.expect_gemms}")
        ok = False
    if len(ref_out) != len(results) or len(fp8_out) != len(results):
        fail(f"expected {len(results)} printed results, got {len(ref_out)} and {len(fp8_out)}")
    for i, (r, q) in enumerate(zip(ref_out, fp8_out)):
        if r.shape != q.shape:
            fail(f"result {i}: shapes differ: {r.shape} vs {q.shape}")
        if not np.all(np.isfinite(r)) or not np.all(np.isfinite(q)):
            print(f"FAIL: result {i} holds NaN or Inf")
            ok = False
            continue
        err = float(np.linalg.norm(q - r) / max(np.linalg.norm(r), 1e-30))
        line = (f"result {i} {'x'.join(map(str, r.shape))}: FP8 vs reference relative "
                f"Frobenius error {err:.3e}")
        if r.ndim >= 1 and r.shape[-1] > 1:
            top1 = float(np.mean(r.argmax(-1) == q.argmax(-1)))
            line += f", top-1 agreement {100 * top1:.1f}%"
        print(line)
        if i in opts.retained_output:
            same = np.array_equal(r, q)
            print(f"result {i} retained, identical: {same}")
            ok &= same
        elif not opts.min_err <= err <= opts.max_err:
            print(f"FAIL: result {i}: error {err:.3e} outside [{opts.min_err:g}, {opts.max_err:g}]")
            ok = False
    print(f"{gemms} fp8q.scaled_matmul, {time.perf_counter() - start:.1f} s")
    print("check:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
