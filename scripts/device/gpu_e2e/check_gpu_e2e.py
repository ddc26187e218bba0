#!/usr/bin/env python3
"""Checks the dumps of the GPU end-to-end program (gpu_e2e.mlir) bit for bit.

  check_gpu_e2e.py --dumps DIR [--expected DIR] [--model DIR]
                                                  compare a run's dumps
  check_gpu_e2e.py --write-expected DIR           write the expected arrays

The inputs x, w, g are rebuilt with numpy from the formulas in gpu_e2e.mlir
and must equal the dumped inputs; the expected results are computed from them
with fp8q.reference (python/fp8q/reference.py, the definition of the
numerics): the GPU quantizations (qx/sx 1x128, qw/sw 128x128, qg/sg and
qgt/sgt the fused 1x128 + 128x1 transposed pow2 kernel) and the host-loop
results (dw = dequantize, y = scaled_matmul in f32). With --expected, the
dumps are also compared with the files written by --write-expected where the
program was built (the same arrays; this shows that the reference gives the
same answer on both machines).

--model DIR compares the model executables' dumps (build_gpu_e2e.sh
--with-model): DIR/model_gpu/memref<i>.bin (GPU pipeline, gemm=host) with
DIR/model_cpu/memref<i>.bin (CPU pipeline, same machine) bit for bit, and
both with <expected>/model/ (the CPU pipeline on the build machine). If
DIR/model_gpu_wgmma exists (the GPU pipeline with gemm=wgmma: every fp8q op
on the GPU), its dumps are compared with model_cpu's within the tolerance of
the tensor cores' accumulation (docs/GPU.md, "The model with gemm=wgmma"):
the first normalized embeddings (host code before any GEMM) bit for bit; the
logits with ||gpu - cpu|| <= 0.75 ||cpu - f32|| and ||gpu - f32|| <= 1.05
||cpu - f32|| (Frobenius; f32 = the unquantized model on the CPU,
<expected>/model_f32/: the GPU deviates from the exact-FP8 reference by less
than FP8 quantization changes, and is as accurate), and the same top-1
token wherever model_cpu's top-2 margin exceeds twice the row's max |gpu -
cpu|.

Comparison: codes and integer views byte for byte; f32 and bf16 arrays bit
for bit, except that two NaNs match whatever their payloads (the GPU's
`max.NaN.f32` returns the canonical NaN, numpy keeps the input's payload);
such matches are counted and printed. Prints one line per array and
"gpu-e2e: PASS" or "gpu-e2e: FAIL"; exits 1 on any mismatch. Needs numpy only.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

_HERE = os.path.dirname(os.path.abspath(__file__))
# fp8q.reference: next to this script in a bundle (build_gpu_e2e.sh copies
# it to python/fp8q/), or in the source tree.
for _candidate in (os.path.join(_HERE, "python"),
                   os.path.join(_HERE, "..", "..", "..", "python")):
    if os.path.exists(os.path.join(_candidate, "fp8q", "reference.py")):
        sys.path.insert(0, os.path.abspath(_candidate))
        break
from fp8q import reference as ref  # noqa: E402

#: name -> (numpy dtype of the dump, shape, kind): kind "bits16"/"bits32" are
#: float data compared as bits (NaN-class aware), "bytes" exact.
ARRAYS = {
    "x": (np.uint16, (200, 384), "bits16"),
    "w": (np.float32, (256, 384), "bits32"),
    "g": (np.uint16, (136, 272), "bits16"),
    "qx": (np.uint8, (200, 384), "bytes"),
    "sx": (np.float32, (200, 3), "bits32"),
    "qw": (np.uint8, (256, 384), "bytes"),
    "sw": (np.float32, (2, 3), "bits32"),
    "qg": (np.uint8, (136, 272), "bytes"),
    "sg": (np.float32, (136, 3), "bits32"),
    "qgt": (np.uint8, (272, 136), "bytes"),
    "sgt": (np.float32, (272, 2), "bits32"),
    "dw": (np.float32, (256, 384), "bits32"),
    "y": (np.float32, (200, 256), "bits32"),
}


def _pattern(shape, a, b, c, p, h, exponent):
    """((a i + b j + c) mod p - h) * 2^exponent(i, j), in f32 (exact)."""
    i, j = np.indices(shape, dtype=np.int64)
    value = ((a * i + b * j + c) % p - h).astype(np.float32)
    return value * np.ldexp(np.float32(1.0), exponent(i, j)).astype(np.float32)


def make_inputs():
    """The inputs of gpu_e2e.mlir as f32 arrays (x, g hold bf16 values)."""
    x = _pattern((200, 384), 37, 11, 3, 251, 125,
                 lambda i, j: (i % 7) + j // 128 - 6)
    x[3, 5] = np.nan
    x[4, 200] = np.inf
    x[6, :] = np.where(np.arange(384) % 2 == 1, np.float32(-0.0),
                       np.float32(0.0))
    w = _pattern((256, 384), 13, 7, 1, 241, 120,
                 lambda i, j: 2 * (i // 128) + (j % 3) - 10)
    g = _pattern((136, 272), 5, 29, 0, 199, 99, lambda i, j: (j % 4) - 2)
    for name, array in (("x", x), ("g", g)):
        finite = np.isfinite(array)
        if not np.array_equal(ref.round_to_bf16(array)[finite], array[finite]):
            raise AssertionError(f"{name} is not exact in bf16")
    return x, w, g


def expected_arrays():
    """name -> the expected dump as an array of ARRAYS' dtype."""
    x, w, g = make_inputs()
    qx, sx = ref.quantize(x, (1, 128))
    qw, sw = ref.quantize(w, (128, 128))
    qg, sg = ref.quantize(g, (1, 128), "pow2")
    qgt, sgt = ref.quantize(g, (128, 1), "pow2", transpose=True)
    dw = ref.dequantize(qw, sw, (128, 128))
    y = ref.scaled_matmul(qx, sx, qw, sw, out_dtype="f32")
    values = {"x": ref.f32_to_bf16_bits(x), "w": w,
              "g": ref.f32_to_bf16_bits(g), "qx": qx, "sx": sx, "qw": qw,
              "sw": sw, "qg": qg, "sg": sg, "qgt": qgt, "sgt": sgt, "dw": dw,
              "y": y}
    out = {}
    for name, (dtype, shape, _) in ARRAYS.items():
        array = np.ascontiguousarray(values[name]).astype(dtype, copy=False)
        if array.shape != shape:
            raise AssertionError(f"{name}: shape {array.shape} != {shape}")
        out[name] = array
    return out


def _nan_mask(array, kind):
    if kind == "bits16":  # bf16 bits
        return (array & 0x7FFF) > 0x7F80
    if kind == "bits32":
        return np.isnan(array)
    return np.zeros(array.shape, dtype=bool)


def compare(name, got, want):
    """Returns (ok, line)."""
    dtype, shape, kind = ARRAYS[name]
    if got.size != want.size:
        return False, (f"{name:4s} FAIL: {got.size} elements, expected "
                       f"{want.size}")
    got = got.reshape(shape)
    bits = np.uint16 if kind == "bits16" else (
        np.uint32 if kind == "bits32" else np.uint8)
    same = got.view(bits) == want.view(bits)
    both_nan = _nan_mask(got, kind) & _nan_mask(want, kind)
    nan_payload = int(np.count_nonzero(both_nan & ~same))
    bad = ~(same | both_nan)
    count = int(np.count_nonzero(bad))
    nans = int(np.count_nonzero(_nan_mask(want, kind)))
    detail = f"{got.size} elements, {nans} NaN"
    if nan_payload:
        detail += f" ({nan_payload} with another NaN payload)"
    if count == 0:
        return True, f"{name:4s} ok   {detail}"
    first = np.argwhere(bad)[:3]
    listed = ", ".join(
        f"[{r},{c}] got {got.view(bits)[r, c]:#x} want {want.view(bits)[r, c]:#x}"
        for r, c in first)
    return False, f"{name:4s} FAIL {count} of {got.size} differ: {listed}"


#: The model's printMemrefF32 dumps: name -> (what, shape).
MODEL_ARRAYS = {"memref0": ("logits", (16, 512)),
                "memref1": ("first normalized embeddings", (16, 256))}


def check_model(model_dir, expected_dir):
    """Compares model_gpu's dumps with model_cpu's (and the build machine's)."""
    ok = True
    for name, (what, shape) in MODEL_ARRAYS.items():
        arrays = {}
        for run in ("model_gpu", "model_cpu"):
            path = os.path.join(model_dir, run, name + ".bin")
            arrays[run] = (np.fromfile(path, dtype=np.uint32)
                           if os.path.exists(path) else None)
        if expected_dir:
            path = os.path.join(expected_dir, "model", name + ".bin")
            arrays["build machine"] = np.fromfile(path, dtype=np.uint32)
        gpu = arrays.pop("model_gpu")
        size = int(np.prod(shape))
        if gpu is None or gpu.size != size:
            print(f"model {name} ({what}) FAIL: model_gpu dumped "
                  f"{'nothing' if gpu is None else gpu.size}, expected {size}")
            ok = False
            continue
        for other, array in arrays.items():
            if array is None or array.size != size:
                print(f"model {name} ({what}) FAIL: {other} dump missing")
                ok = False
                continue
            differ = int(np.count_nonzero(gpu != array))
            label = "model_cpu" if other == "model_cpu" else other + " (cpu)"
            if differ:
                worst = float(np.nanmax(np.abs(gpu.view(np.float32) -
                                               array.view(np.float32))))
                print(f"model {name} ({what}) FAIL: gpu vs {label}: {differ} "
                      f"of {size} differ (max |diff| {worst:g})")
                ok = False
            else:
                print(f"model {name} ({what}) ok   gpu == {label}: {size} f32 "
                      "bit-identical")
    return ok


#: Limits on the wgmma model's logits (docs/GPU.md, "The model with
#: gemm=wgmma"): ||gpu - cpu|| / ||cpu - f32|| (the GPU's deviation from the
#: exact-FP8 reference, in units of the FP8 quantization error; any
#: accumulation difference re-rounds the requantized activations, which
#: saturates near 0.6, and exceeds 0.9 only for a GEMM coarser than E4M3)
#: and ||gpu - f32|| / ||cpu - f32|| (the GPU model as accurate as the
#: reference).
WGMMA_DEVIATION_RATIO = 0.75
WGMMA_ACCURACY_RATIO = 1.05


def _load_f32(path, size):
    """The f32 dump at `path`, or None if it is missing or has another size."""
    if not os.path.exists(path):
        return None
    array = np.fromfile(path, dtype=np.float32)
    return array if array.size == size else None


def check_model_wgmma(model_dir, expected_dir):
    """Compares model_gpu_wgmma's dumps with model_cpu's within tolerance."""
    ok = True
    run_dir = os.path.join(model_dir, "model_gpu_wgmma")
    cpu_dir = os.path.join(model_dir, "model_cpu")
    what, shape = MODEL_ARRAYS["memref1"]
    size = int(np.prod(shape))
    gpu = _load_f32(os.path.join(run_dir, "memref1.bin"), size)
    cpu = _load_f32(os.path.join(cpu_dir, "memref1.bin"), size)
    if gpu is None or cpu is None:
        print(f"wgmma memref1 ({what}) FAIL: dump missing")
        ok = False
    elif gpu.tobytes() != cpu.tobytes():
        print(f"wgmma memref1 ({what}) FAIL: not bit-identical to model_cpu")
        ok = False
    else:
        print(f"wgmma memref1 ({what}) ok   gpu == model_cpu: {size} f32 "
              "bit-identical")

    what, shape = MODEL_ARRAYS["memref0"]
    size = int(np.prod(shape))
    gpu = _load_f32(os.path.join(run_dir, "memref0.bin"), size)
    cpu = _load_f32(os.path.join(cpu_dir, "memref0.bin"), size)
    f32 = (_load_f32(os.path.join(expected_dir, "model_f32", "memref0.bin"),
                     size) if expected_dir else None)
    if gpu is None or cpu is None or f32 is None:
        print(f"wgmma memref0 ({what}) FAIL: dump missing (gpu, cpu or the "
              "f32 model's)")
        return False
    ok &= judge_logits(f"wgmma memref0 ({what})", gpu.reshape(shape),
                       cpu.reshape(shape), f32.reshape(shape))
    return ok


def judge_logits(label, gpu, cpu, f32):
    """Judges a GPU result (`gemm=wgmma`) against the exact-FP8 CPU reference
    `cpu` and the unquantized model `f32` (arrays of one shape, the last axis
    the vocabulary or feature axis): the deviation and accuracy ratios within
    WGMMA_DEVIATION_RATIO / WGMMA_ACCURACY_RATIO, and the same top-1 along the
    last axis wherever `cpu`'s top-2 margin exceeds twice the row's largest
    deviation. Prints one line per criterion; returns True when all hold."""
    shape = cpu.shape
    gpu, cpu, f32 = (np.asarray(a, dtype=np.float64) for a in (gpu, cpu, f32))
    if not np.all(np.isfinite(gpu)):
        print(f"{label} FAIL: {int(np.sum(~np.isfinite(gpu)))} non-finite values")
        return False
    ok = True
    diff = gpu - cpu
    quant = np.linalg.norm(cpu - f32)
    deviation = np.linalg.norm(diff) / quant
    accuracy = np.linalg.norm(gpu - f32) / quant
    passed = (deviation <= WGMMA_DEVIATION_RATIO and
              accuracy <= WGMMA_ACCURACY_RATIO)
    print(f"{label} {'ok  ' if passed else 'FAIL'} "
          f"||gpu - cpu|| / ||cpu - f32|| = {deviation:.4f} (limit "
          f"{WGMMA_DEVIATION_RATIO}), ||gpu - f32|| / ||cpu - f32|| = "
          f"{accuracy:.4f} (limit {WGMMA_ACCURACY_RATIO}); ||gpu - cpu|| / "
          f"||cpu|| = {np.linalg.norm(diff) / np.linalg.norm(cpu):.2e}, "
          f"||cpu - f32|| / ||cpu|| = {quant / np.linalg.norm(cpu):.2e}, "
          f"max |gpu - cpu| = {np.max(np.abs(diff)):.3e}")
    ok &= passed
    rows = int(np.prod(shape[:-1]))
    gpu, cpu, diff = (a.reshape(rows, shape[-1]) for a in (gpu, cpu, diff))
    top_gpu, top_cpu = gpu.argmax(axis=1), cpu.argmax(axis=1)
    ordered = np.sort(cpu, axis=1)
    margin = (ordered[:, -1] - ordered[:, -2] if shape[-1] > 1
              else np.full(rows, np.inf))
    tie = margin <= 2 * np.max(np.abs(diff), axis=1)
    agree = top_gpu == top_cpu
    bad = ~agree & ~tie
    passed = not bad.any()
    detail = "" if agree.all() else (
        f"; differ at rows {np.flatnonzero(~agree).tolist()} (near ties: "
        f"{np.flatnonzero(~agree & tie).tolist()})")
    print(f"{label} {'ok  ' if passed else 'FAIL'} top-1 "
          f"agrees on {int(agree.sum())} of {rows} rows{detail}")
    ok &= passed
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dumps", help="directory with the run's <name>.bin")
    parser.add_argument("--expected",
                        help="directory written by --write-expected")
    parser.add_argument("--model", metavar="DIR",
                        help="compare DIR/model_gpu with DIR/model_cpu")
    parser.add_argument("--write-expected", metavar="DIR",
                        help="write the expected <name>.bin files to DIR")
    args = parser.parse_args(argv)
    want = expected_arrays()
    if args.write_expected:
        os.makedirs(args.write_expected, exist_ok=True)
        for name, array in want.items():
            array.tofile(os.path.join(args.write_expected, name + ".bin"))
        print(f"gpu-e2e: wrote {len(want)} expected arrays to "
              f"{args.write_expected}")
        return 0
    if not args.dumps:
        parser.error("--dumps or --write-expected is required")

    ok = True
    if args.expected:
        for name, array in want.items():
            stored = np.fromfile(os.path.join(args.expected, name + ".bin"),
                                 dtype=ARRAYS[name][0])
            if stored.tobytes() != array.tobytes():
                print(f"{name:4s} FAIL: the stored expected array differs "
                      "from the reference computed here")
                ok = False
        if ok:
            print(f"expected arrays of the build machine = reference here "
                  f"({len(want)} arrays)")
    for name in ARRAYS:
        path = os.path.join(args.dumps, name + ".bin")
        if not os.path.exists(path):
            print(f"{name:4s} FAIL: {path} missing")
            ok = False
            continue
        got = np.fromfile(path, dtype=ARRAYS[name][0])
        passed, line = compare(name, got, want[name])
        ok &= passed
        print(line)
    if args.model:
        ok &= check_model(args.model, args.expected)
        if os.path.isdir(os.path.join(args.model, "model_gpu_wgmma")):
            ok &= check_model_wgmma(args.model, args.expected)
    print("gpu-e2e: PASS" if ok else "gpu-e2e: FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
