#!/usr/bin/env python3
"""Checks and times the exported fp8q quantization kernels on a GPU.

Loads every kernel listed in a manifest.json written by fp8q-export-kernels
(format: docs/GPU.md), launches it through the CUDA driver (CuPy) exactly as
the manifest says, and

1. compares codes and scales bit for bit with python/fp8q/reference.py on
   random data with special tiles (NaN, +-Inf, zeros, values below eps, huge
   values), on small and odd shapes (tails, unaligned output rows);
2. times the bf16 kernels at the bandwidth shapes (back-to-back launches
   in a CUDA graph, CUDA events), checking the first 256 rows of each result against the
   reference, and reports GB/s (bytes = source read + codes and scales
   written) next to a device copy moving the same number of bytes.

Usage (on the device, from the repository root):

    PYTHONPATH=python python3 -m fp8q.bench.quantize_kernels --kernels build/bench/kernels --out $OUT

Prints a table last and writes results.json to --out.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np

from fp8q import reference as ref

DEFAULT_SMEM_LIMIT = 48 * 1024

CHECK_SHAPES = ((300, 384), (129, 256), (256, 512), (1000, 1024), (136, 200),
                (1, 128), (17, 8))
BENCH_SHAPES = ((4096, 7168), (8192, 2048), (65536, 2048))
CHECK_ROWS = 256


def cdiv(a, b):
    return -(-a // b)


def evaluate(expr, sizes):
    """A manifest expression (python/fp8q/README_runtime.md grammar; the
    subset the fp8q export uses is valid Python with `ceil`)."""
    if isinstance(expr, int):
        return expr
    return eval(expr, {"__builtins__": {}, "ceil": math.ceil}, dict(sizes))  # noqa: S307


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------


def round_to(dtype, x):
    """Rounds f32 values to the source dtype; returns (f32 values, raw array)."""
    x = np.asarray(x, dtype=np.float32)
    if dtype == "bf16":
        bits = ref.f32_to_bf16_bits(x)
        return ref.bf16_bits_to_f32(bits), bits.astype(np.uint16)
    if dtype == "f16":
        bits = ref.f32_to_f16_bits(x)
        return ref.f16_bits_to_f32(bits), bits.astype(np.uint16)
    return x.copy(), x.copy()


def make_source(rng, m, k, dtype, specials=True):
    x = rng.standard_normal((m, k), dtype=np.float32)
    x *= np.float32(2.0) ** rng.integers(-8, 8, size=(m, 1)).astype(np.float32)
    if specials and m >= 12 and k >= 8:
        huge = {"bf16": 3.0e38, "f16": 60000.0, "f32": 3.0e38}[dtype]
        x[1, 5] = np.nan                      # NaN tile (row 1 / column 5)
        x[3, 2] = np.inf                      # +Inf
        x[5, k - 1] = -np.inf                 # -Inf in the last tile
        x[7, :] = 0.0                         # all-zero row (eps floor)
        x[:, 3] = 0.0                         # all-zero column
        x[9, :] = 1e-7 * np.sign(x[9, :])     # below eps
        x[11, 0] = huge                       # huge value
        x[:, k // 2] *= np.float32(1e-6)      # tiny column
        x[10, 1] = -0.0
    return round_to(dtype, x)


# ---------------------------------------------------------------------------
# Launching
# ---------------------------------------------------------------------------


class Kernel:
    def __init__(self, cp, directory, entry):
        self.cp = cp
        self.entry = entry
        self.name = entry["name"]
        self.attrs = entry.get("attrs", {})
        self.kind = entry.get("x-kind", "")
        self.source_dtype = self.attrs.get("source_dtype", "f8e4m3fn")
        self.module = cp.RawModule(path=os.path.join(directory, entry["cubin"]))
        self.function = self.module.get_function(entry["name"])
        self.smem = int(entry.get("shared_bytes", 0))
        if self.smem > DEFAULT_SMEM_LIMIT:
            # cudaFuncSetAttribute(MaxDynamicSharedMemorySize).
            self.function.max_dynamic_shared_size_bytes = self.smem

    def check_requirements(self, sizes):
        return all(evaluate(r, sizes) for r in self.entry["requires"])

    def launch(self, buffers, sizes):
        """buffers: name -> cupy array; sizes: {"M": .., "K": ..}."""
        params = []
        for arg in self.entry["args"]:
            if arg["kind"] == "ptr":
                params.append(buffers[arg["name"]])
            else:
                params.append(np.int64(sizes[arg["name"]]))
        grid = tuple(int(evaluate(g, sizes)) for g in self.entry["grid"])
        block = tuple(int(b) for b in self.entry["block"])
        self.function(grid, block, tuple(params), shared_mem=self.smem)

    def allocate(self, sizes):
        """Poisoned output buffers (codes 0xA5, scales -7.0)."""
        cp = self.cp
        out = {}
        for arg in self.entry["args"]:
            if arg["kind"] != "ptr" or arg.get("x-access") != "write":
                continue
            shape = tuple(int(evaluate(e, sizes)) for e in arg["shape"])
            if arg["dtype"] == "f32":
                out[arg["name"]] = cp.full(shape, -7.0, dtype=cp.float32)
            else:
                out[arg["name"]] = cp.full(shape, 0xA5, dtype=cp.uint8)
        return out


# ---------------------------------------------------------------------------
# Reference and comparison
# ---------------------------------------------------------------------------


def expected(kernel, values, source_scale=None):
    """name -> expected numpy array for every written argument (from the
    manifest's op and attrs)."""
    attrs = kernel.attrs
    if kernel.entry["op"] == "fp8q.tile_transpose":
        qt, st = ref.tile_transpose(values, source_scale, attrs["group"],
                                    attrs["scale_mode"], attrs["eps"])
        return {"q_t": qt, "scale_t": st}
    outputs = attrs.get("outputs") or [dict(attrs, q="q", scale="scale")]
    result = {}
    for output in outputs:
        q, s = ref.quantize(values, tuple(output["tile"]), output["scale_mode"],
                            output["eps"], output["transpose"])
        result[output["q"]] = q
        result[output["scale"]] = s
    return result


def compare(name, got, want):
    """Returns a list of mismatch descriptions (empty if bit-exact)."""
    if got.shape != want.shape:
        return [f"{name}: shape {got.shape} != {want.shape}"]
    if got.dtype == np.float32:
        gb, wb = got.view(np.uint32), want.astype(np.float32).view(np.uint32)
        bad = (gb != wb) & ~(np.isnan(got) & np.isnan(want))
    else:
        bad = got != want
    count = int(bad.sum())
    if not count:
        return []
    idx = tuple(int(i) for i in np.argwhere(bad)[0])
    return [f"{name}: {count} mismatches, first at {idx}: got {got[idx]!r} "
            f"want {want[idx]!r}"]


# ---------------------------------------------------------------------------
# Checks and timings
# ---------------------------------------------------------------------------


def run_check(cp, kernel, rng, m, k, limit_rows=None):
    entry = kernel.entry
    sizes = {"M": m, "K": k}
    if not kernel.check_requirements(sizes):
        return None
    buffers = {}
    source_scale = None
    if entry["op"] == "fp8q.tile_transpose":
        x, _ = make_source(rng, m, k, "f32")
        q, s = ref.quantize(x, (1, 128), kernel.attrs["scale_mode"])
        values, source_scale = q, s
        buffers["q"] = cp.asarray(q)
        buffers["scale"] = cp.asarray(s)
    else:
        values, raw = make_source(rng, m, k, kernel.source_dtype)
        buffers["source"] = cp.asarray(raw)
    outputs = kernel.allocate(sizes)
    buffers.update(outputs)
    kernel.launch(buffers, sizes)
    cp.cuda.runtime.deviceSynchronize()
    if limit_rows:
        values = values[:limit_rows]
        if source_scale is not None:
            source_scale = source_scale[:limit_rows]
    want = expected(kernel, values, source_scale=source_scale)
    errors = []
    for name, w in want.items():
        g = cp.asnumpy(outputs[name])
        if limit_rows:
            transposed = any(a["name"] == name and a["shape"][0] == "K"
                             for a in entry["args"])
            g = g[:, : w.shape[1]] if transposed else g[: w.shape[0]]
        errors += compare(name, g, w)
    return errors


L2_BYTES = 50 * 1024 * 1024
ROTATION_BYTES = 4 * L2_BYTES


def time_launches(cp, launches, reps=15, batch=10):
    """Median seconds per launch of `launches[i % len]` run back to back.

    The batch is captured in a CUDA graph so that the host-side cost of a
    Python launch (tens of microseconds) does not starve the GPU; CUDA events
    around each graph launch; the rotation keeps the working set out of L2.
    """
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        for i in range(2 * len(launches)):
            launches[i % len(launches)]()
        stream.begin_capture()
        for i in range(batch):
            launches[i % len(launches)]()
        graph = stream.end_capture()
        graph.launch(stream)
        stream.synchronize()
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        times = []
        for _ in range(reps):
            start.record(stream)
            graph.launch(stream)
            stop.record(stream)
            stop.synchronize()
            times.append(cp.cuda.get_elapsed_time(start, stop) * 1e-3 / batch)
    return float(np.median(times))


def bench(cp, kernel, rng, m, k):
    """(GB/s, us, copy GB/s) of `kernel` at [m, k] and of a device copy
    moving the same bytes."""
    entry = kernel.entry
    sizes = {"M": m, "K": k}
    if entry["op"] == "fp8q.tile_transpose":
        inputs = {"q": cp.asarray(rng.integers(0, 0x7E, size=(m, k), dtype=np.uint8)),
                  "scale": cp.full((m, cdiv(k, 128)), 0.5, dtype=cp.float32)}
    else:
        _, raw = make_source(rng, m, k, kernel.source_dtype, specials=False)
        inputs = {"source": cp.asarray(raw)}
    read = sum(int(v.nbytes) for v in inputs.values())
    written = sum(int(v.nbytes) for v in kernel.allocate(sizes).values())
    copies = max(1, min(4, cdiv(ROTATION_BYTES, read + written)))
    buffer_sets = []
    for i in range(copies):
        buffers = {name: (value if i == 0 else value.copy())
                   for name, value in inputs.items()}
        buffers.update(kernel.allocate(sizes))
        buffer_sets.append(buffers)
    seconds = time_launches(
        cp, [lambda b=b: kernel.launch(b, sizes) for b in buffer_sets])
    half = (read + written) // 2
    pairs = [(cp.empty(half, dtype=cp.uint8), cp.empty(half, dtype=cp.uint8))
             for _ in range(copies)]
    copy_seconds = time_launches(
        cp, [lambda p=p: p[1].__setitem__(slice(None), p[0]) for p in pairs])
    return ((read + written) / seconds / 1e9, seconds * 1e6,
            2 * half / copy_seconds / 1e9)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", default="build/bench/kernels")
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    parser.add_argument("--skip-bench", action="store_true")
    parser.add_argument("--only", default="",
                        help="comma-separated kernel kinds to run (default all)")
    args = parser.parse_args()

    import cupy as cp

    with open(os.path.join(args.kernels, "manifest.json")) as f:
        manifest = json.load(f)
    assert manifest["version"] == 1, "manifest schema version 1 expected"
    device = cp.cuda.Device(0)
    props = cp.cuda.runtime.getDeviceProperties(0)
    pageable = cp.cuda.runtime.deviceGetAttribute(88, 0)  # PageableMemoryAccess
    print(f"device: {props['name'].decode()}, pageable memory access: {pageable}")
    rng = np.random.default_rng(1234)
    results = {"device": props["name"].decode(), "pageable_memory_access": pageable,
               "checks": [], "bench": []}

    only = set(filter(None, args.only.split(",")))
    kernels = [Kernel(cp, args.kernels, e) for e in manifest["kernels"]
               if not only or e.get("x-kind") in only]
    failures = 0
    t0 = time.time()
    for kernel in kernels:
        for m, k in CHECK_SHAPES:
            errors = run_check(cp, kernel, rng, m, k)
            if errors is None:
                continue
            failures += bool(errors)
            results["checks"].append({"kernel": kernel.name, "M": m, "K": k,
                                      "errors": errors})
            status = "ok" if not errors else "FAIL " + "; ".join(errors)
            print(f"check {kernel.name} {m}x{k}: {status}")
    print(f"checks done in {time.time() - t0:.1f} s, {failures} failing")

    rows = []
    if not args.skip_bench:
        method = ("CUDA events around a CUDA graph of 10 back-to-back launches "
                  "rotating over buffers of >= 200 MB, median of 15")
        results["timing"] = method
        # Bring the clocks up before the first timing: ~2 s of copies.
        big = cp.empty(1 << 30, dtype=cp.uint8)
        other = cp.empty_like(big)
        start = time.time()
        while time.time() - start < 2.0:
            other[...] = big
            cp.cuda.runtime.deviceSynchronize()
        del big, other
        for kernel in kernels:
            if kernel.source_dtype not in ("bf16", "f8e4m3fn") or \
                    not kernel.name.endswith("fp32"):
                continue
            for m, k in BENCH_SHAPES:
                errors = run_check(cp, kernel, rng, m, k, limit_rows=CHECK_ROWS)
                gbs, us, copy_gbs = bench(cp, kernel, rng, m, k)
                failures += bool(errors)
                results["bench"].append({"kernel": kernel.name, "M": m, "K": k,
                                         "GB/s": gbs, "us": us,
                                         "copy GB/s": copy_gbs, "errors": errors})
                rows.append((kernel.name, f"{m}x{k}", f"{us:9.1f}", f"{gbs:7.0f}",
                             f"{copy_gbs:7.0f}", f"{gbs / copy_gbs:6.2f}",
                             "ok" if not errors else "FAIL"))
        print(f"\ntiming: {method}")
        print(f"{'kernel':38} {'shape':>11} {'us':>9} {'GB/s':>7} "
              f"{'copy':>7} {'ratio':>6} check")
        for row in rows:
            print(f"{row[0]:38} {row[1]:>11} {' '.join(row[2:])}")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print(f"\n{failures} failing checks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
