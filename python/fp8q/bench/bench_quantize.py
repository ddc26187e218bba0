#!/usr/bin/env python3
"""Bandwidth of fp8q's exported quantize kernels against torch and a copy.

For bf16 inputs of shapes M x K (M in 4096..65536, K in 2048..7168) times,
in one run: every fp8q.quantize / tile_transpose / block_transpose kernel of
an export directory (1x128, 128x1 transposed, fused, 128x128, tile
transpose, block transpose, ...), a
straightforward torch eager implementation of the 1x128 recipe, and a
device-to-device copy of the bf16 input (torch ``copy_``). Each is timed with
``triton.testing.do_bench(..., return_mode="median")`` (L2 flushed before
each repetition) or, without Triton, with CUDA events and the same flush
(fp8q.runtime.benchmark).

Bytes of a kernel = what it must read and write: the source (or the codes
and scales of a tile transpose) plus every FP8 and scale output. The copy
moves 2 x the bf16 bytes (read + write), and "% copy" is a kernel's GB/s over
the copy's GB/s at the same shape. "% same-bytes copy" compares with a copy
that moves exactly the kernel's bytes (a bf16 buffer of half of them, read
and written), so that a kernel moving fewer bytes than the bf16 copy is not
held to the copy's larger, better-amortized transfer. The table is printed
last; with $OUT set, the results are also written to $OUT/bench_quantize.json.

  bench_quantize.py --export-dir DIR     time a real export (GPU)
  bench_quantize.py --self-test          time the harness's own CUDA C kernels
                                         (validates the harness, not fp8q)
  bench_quantize.py ... --dry-run        no GPU: validate the manifest, the
                                         plans, launch shapes and byte counts,
                                         and the reference on a small shape
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from typing import Dict, List, Optional, Tuple

import numpy as np

from fp8q.device import quantize_plan as qp  # noqa: E402
from fp8q.device import selftest_kernels  # noqa: E402
from fp8q import reference as ref  # noqa: E402
from fp8q.manifest import ManifestError, load_manifest, shape_of  # noqa: E402

#: Default shapes: M x K.
DEFAULT_SHAPES = [(m, k) for m in (4096, 16384, 65536) for k in (2048, 7168)]
#: Small shape on which --dry-run runs the reference (and torch, if present).
DRY_RUN_SHAPE = (256, 512)
#: E4M3 range and the eps of the recipe, for the torch eager baseline.
E4M3_MAX = 448.0
EPS = 1e-4
GROUP = 128

_TORCH_DTYPES = {"bf16": "bfloat16", "f16": "float16", "f32": "float32",
                 "f8e4m3fn": "float8_e4m3fn", "u8": "uint8", "i8": "int8", "i32": "int32",
                 "i64": "int64", "f64": "float64", "i16": "int16"}


def parse_shapes(text: str) -> List[Tuple[int, int]]:
    shapes = []
    for item in text.split(","):
        try:
            m, k = item.lower().split("x")
            shapes.append((int(m), int(k)))
        except ValueError:
            raise argparse.ArgumentTypeError(f"bad shape {item!r}; use MxK,MxK,...") from None
    return shapes


def torch_quantize_1x128(x):
    """The 1x128 recipe in plain torch: amax per 128 channels, f32 scale,
    scaled cast to float8_e4m3fn (a baseline, not a reference)."""
    import torch  # noqa: PLC0415

    m, k = x.shape
    tiles = x.float().view(m, k // GROUP, GROUP)
    amax = tiles.abs().amax(dim=-1, keepdim=True).clamp(min=EPS)
    scale = amax / E4M3_MAX
    q = (tiles * (1.0 / scale)).to(torch.float8_e4m3fn)
    return q.view(m, k), scale.view(m, k // GROUP)


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------


class Timer:
    """do_bench (Triton) or fp8q.runtime.benchmark, both median of
    L2-flushed repetitions."""

    def __init__(self, kind: str, warmup_ms: float, rep_ms: float):
        self.kind = kind
        self.warmup_ms, self.rep_ms = warmup_ms, rep_ms
        if kind == "auto":
            try:
                import triton.testing  # noqa: F401,PLC0415

                # do_bench times on torch's CUDA, which the mock driver is not.
                self.kind = "do_bench" if _torch_cuda() is not None else "events"
            except ImportError:
                self.kind = "events"

    def __call__(self, fn, stream=None) -> float:
        if self.kind == "do_bench":
            import triton.testing  # noqa: PLC0415

            return float(triton.testing.do_bench(fn, warmup=self.warmup_ms, rep=self.rep_ms,
                                                 return_mode="median"))
        import fp8q.runtime as rt  # noqa: PLC0415

        once = rt.time_ms(fn, stream)  # estimate, like do_bench, to fill the budgets
        warmup = max(1, int(self.warmup_ms / max(once, 1e-3)))
        rep = max(5, min(1000, int(self.rep_ms / max(once, 1e-3))))
        return float(rt.benchmark(fn, warmup=warmup, rep=rep, stream=stream,
                                  return_mode="median"))


# ---------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------


def load_plans(directory: str, only: Optional[List[str]]):
    manifest = load_manifest(directory)
    plans, skipped = [], []
    for spec in manifest.kernels:
        if only and spec.name not in only:
            continue
        plan = qp.plan_for(spec)
        if plan is None:
            skipped.append(f"{spec.name} (op {spec.op})")
        else:
            plans.append(plan)
    return manifest, plans, skipped


def dry_run(plans, shapes) -> Tuple[List[dict], int]:
    """Checks every plan without a GPU; returns table rows and the failure count."""
    rows, failures = [], 0
    m0, k0 = DRY_RUN_SHAPE
    rng = np.random.default_rng(0)
    values = rng.standard_normal((m0, k0)).astype(np.float32)
    torch_note = _torch_cpu_check(values)
    for plan in plans:
        env = {"M": m0, "K": k0}
        try:
            if plan.kind == "quantize":
                inputs = {"source": qp.to_source_bits(values, plan.source_dtype)[1]}
            else:
                codes, scales = ref.quantize(values, _input_tile(plan), plan.scale_mode, plan.eps)
                inputs = {"q": codes, "scale": scales}
            problems = qp.check_shapes(plan, env, qp.reference_outputs(plan, inputs))
        except Exception as err:  # noqa: BLE001
            problems = [f"{type(err).__name__}: {err}"]
        for problem in problems:
            print(f"bench_quantize: {plan.kernel.name}: {problem}", file=sys.stderr)
        failures += bool(problems)
        for m, k in shapes:
            env = {"M": m, "K": k}
            unmet = qp.requirements_met(plan, env)
            grid, block = qp.launch_dims(plan, env)
            refused = [] if unmet else qp.launch_problems(plan, env)
            for problem in refused:
                print(f"bench_quantize: {plan.kernel.name} at {m}x{k}: {problem}",
                      file=sys.stderr)
            failures += bool(refused)
            status = "FAIL (manifest)" if problems or refused else (
                "skip (requires " + " and ".join(unmet) + ")" if unmet else "ok (dry run)")
            rows.append({"shape": f"{m}x{k}", "name": plan.kernel.name, "variant": plan.variant,
                         "bytes": qp.bytes_moved(plan, m, k),
                         "grid": "x".join(map(str, grid)), "status": status})
    print(f"bench_quantize: torch eager baseline: {torch_note}")
    return rows, failures


def _torch_cpu_check(values: np.ndarray) -> str:
    """Compares the torch eager baseline with the reference on the CPU."""
    try:
        import torch  # noqa: PLC0415
    except ImportError:
        return "torch not installed, not checked"
    bits, exact = qp.to_source_bits(values, "bf16")
    x = torch.from_numpy(bits.view(np.int16)).view(torch.bfloat16)
    q, s = torch_quantize_1x128(x)
    codes, scales = ref.quantize(exact, (1, GROUP))
    same = np.array_equal(q.view(torch.uint8).numpy(), codes) and np.array_equal(
        s.numpy().view(np.uint32), scales.view(np.uint32))
    return "matches the reference on the CPU" if same else (
        "differs from the reference on the CPU (it is a speed baseline only)")


# ---------------------------------------------------------------------------
# GPU run
# ---------------------------------------------------------------------------


def _alloc(torch, plan, name: str, env, device):
    arg = plan.kernel.arg(name)
    dtype = getattr(torch, _TORCH_DTYPES[arg.dtype])
    return torch.empty(shape_of(arg, env), dtype=dtype, device=device)


def _torch_cuda():
    """torch if it is installed and has a CUDA device (not on the mock driver)."""
    try:
        import torch  # noqa: PLC0415
    except ImportError:
        return None
    return torch if torch.cuda.is_available() else None


def run(manifest, plans, shapes, timer: Timer) -> List[dict]:
    import fp8q.runtime as rt  # noqa: PLC0415

    torch = _torch_cuda()
    rows = []
    kernels = rt.KernelSet(manifest)
    for m, k in shapes:
        env = {"M": m, "K": k}
        shape = f"{m}x{k}"
        if torch is not None:
            device = torch.device("cuda", rt.current_device().ordinal)
            x = torch.randn(m, k, device=device, dtype=torch.bfloat16)
            stream = torch.cuda.current_stream(device)
            copy_target = torch.empty_like(x)
            copy_ms = timer(lambda: copy_target.copy_(x), stream)
            copy_bytes = 2 * x.numel() * x.element_size()
        else:
            rng = np.random.default_rng(0)
            bits, _ = qp.to_source_bits(rng.standard_normal((m, k)).astype(np.float32), "bf16")
            x = rt.DeviceBuffer.from_numpy(bits, dtype="bf16")
            stream = None
            copy_target = rt.DeviceBuffer((m, k), "bf16")
            copy_ms = timer(lambda: x.copy_to(copy_target, stream), stream)
            copy_bytes = 2 * x.nbytes
        copy_gbs = copy_bytes / copy_ms / 1e6
        same_bytes = {}  # bytes moved -> GB/s of a copy moving exactly them

        def same_bytes_copy(nbytes: int) -> Optional[float]:
            if torch is None:
                return None
            if nbytes not in same_bytes:
                elements = max(1, nbytes // 4)  # bf16 elements: read + write = nbytes
                src = torch.randn(elements, device=device, dtype=torch.bfloat16)
                dst = torch.empty_like(src)
                ms = timer(lambda: dst.copy_(src), stream)
                same_bytes[nbytes] = 4 * elements / ms / 1e6
                del src, dst
            return same_bytes[nbytes]
        rows.append({"shape": shape, "name": "copy (torch copy_)" if torch else "copy (driver)",
                     "variant": "copy", "bytes": copy_bytes, "ms": copy_ms, "gbs": copy_gbs,
                     "pct_copy": 100.0, "status": "ok"})
        if torch is not None and k % GROUP == 0:
            eager_ms = timer(lambda: torch_quantize_1x128(x), stream)
            eager_bytes = m * k * 2 + m * k + 4 * m * (k // GROUP)
            rows.append({"shape": shape, "name": "torch eager 1x128", "variant": "1x128",
                         "bytes": eager_bytes, "ms": eager_ms,
                         "gbs": eager_bytes / eager_ms / 1e6,
                         "pct_copy": 100.0 * eager_bytes / eager_ms / 1e6 / copy_gbs,
                         "status": "ok"})
        for plan in plans:
            row = {"shape": shape, "name": plan.kernel.name, "variant": plan.variant,
                   "bytes": qp.bytes_moved(plan, m, k)}
            unmet = qp.requirements_met(plan, env)
            if unmet:
                rows.append(dict(row, status="skip (requires " + " and ".join(unmet) + ")"))
                continue
            try:
                args = _arguments(torch, rt, plan, env, x)
                launch = kernels[plan.kernel.name].bind(*args, stream=stream, M=m, K=k)
                launch()
                launch.synchronize()
                ms = timer(launch, stream)
                gbs = row["bytes"] / ms / 1e6
                same = same_bytes_copy(row["bytes"])
                extra = {} if same is None else {"same_copy_gbs": same,
                                                 "pct_same_copy": 100.0 * gbs / same}
                rows.append(dict(row, ms=ms, gbs=gbs, pct_copy=100.0 * gbs / copy_gbs,
                                 status="ok", **extra))
            except Exception as err:  # noqa: BLE001 (report and go on)
                rows.append(dict(row, status=f"ERROR ({type(err).__name__}: {err})"))
        del x, copy_target
        if torch is not None:
            torch.cuda.empty_cache()
    return rows


def _input_tile(plan):
    """The tiles of a transpose kernel's input codes: GxG blocks for
    block_transpose (a weight), 1xG for tile_transpose."""
    if plan.kind == "block_transpose":
        return (plan.group, plan.group)
    return (1, plan.group)


def _arguments(torch, rt, plan, env, x):
    """The kernel's arrays: the input and fresh outputs."""
    if torch is None:  # numpy inputs through DeviceBuffer (small shapes only)
        given = {"source": x}
        if plan.kind in ("tile_transpose", "block_transpose"):
            codes, scales = ref.quantize(
                ref.bf16_bits_to_f32(x.to_numpy()), _input_tile(plan), plan.scale_mode, plan.eps)
            given = {"q": rt.DeviceBuffer.from_numpy(codes, plan.kernel.arg("q").dtype),
                     "scale": rt.DeviceBuffer.from_numpy(scales, "f32")}
        return [given[a.name] if a.name in given else
                rt.DeviceBuffer(shape_of(a, env), a.dtype) for a in plan.kernel.pointer_args]
    device = x.device
    if plan.kind == "block_transpose":
        # Any codes do (the kernel moves bytes): the low bytes of x; scales 1.
        m, k = x.shape
        q = x.view(torch.uint8)[:, :k].contiguous()
        s = torch.ones(((m + plan.group - 1) // plan.group, (k + plan.group - 1) // plan.group),
                       dtype=torch.float32, device=device)
        given = {"q": q if plan.kernel.arg("q").dtype == "u8" else q.view(torch.float8_e4m3fn),
                 "scale": s}
    elif plan.kind == "tile_transpose":
        q, s = torch_quantize_1x128(x)
        given = {"q": q.view(torch.uint8) if plan.kernel.arg("q").dtype == "u8" else q,
                 "scale": s.contiguous()}
    else:
        source_dtype = getattr(torch, _TORCH_DTYPES[plan.source_dtype])
        given = {"source": x if x.dtype == source_dtype else x.to(source_dtype)}
    return [given[a.name] if a.name in given else _alloc(torch, plan, a.name, env, device)
            for a in plan.kernel.pointer_args]


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def print_table(rows: List[dict], dry: bool) -> None:
    if dry:
        headers = ("shape", "kernel", "variant", "MB moved", "grid", "status")
        table = [(r["shape"], r["name"], r["variant"], f"{r['bytes'] / 1e6:.1f}", r["grid"],
                  r["status"]) for r in rows]
    else:
        headers = ("shape", "kernel", "variant", "MB moved", "median us", "GB/s", "% copy",
                   "% same-bytes copy", "status")
        table = [(r["shape"], r["name"], r["variant"], f"{r['bytes'] / 1e6:.1f}",
                  f"{r['ms'] * 1e3:.1f}" if "ms" in r else "-",
                  f"{r['gbs']:.0f}" if "gbs" in r else "-",
                  f"{r['pct_copy']:.1f}" if "pct_copy" in r else "-",
                  f"{r['pct_same_copy']:.1f}" if "pct_same_copy" in r else "-",
                  r["status"]) for r in rows]
    qp.print_table(headers, table)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    selftest_kernels.add_source_arguments(parser, "time")
    parser.add_argument("--dry-run", action="store_true",
                        help="no GPU: validate manifest, plans, shapes and byte counts")
    parser.add_argument("--shapes", type=parse_shapes,
                        default=DEFAULT_SHAPES, help="MxK,MxK,... (default: M in 4096, 16384, "
                        "65536 times K in 2048, 7168)")
    parser.add_argument("--timer", choices=("auto", "do_bench", "events"), default="auto",
                        help="auto: triton.testing.do_bench if Triton is installed, else events")
    parser.add_argument("--warmup-ms", type=float, default=25.0)
    parser.add_argument("--rep-ms", type=float, default=100.0)
    parser.add_argument("--kernel", action="append", help="time only this kernel (repeatable)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="fp8q-selftest-") as scratch:
        directory = selftest_kernels.kernel_directory(args, scratch)
        try:
            manifest, plans, skipped = load_plans(directory, args.kernel)
        except (ManifestError, qp.PlanError) as err:
            print(f"bench_quantize: invalid export: {err}", file=sys.stderr)
            return 1
        for note in skipped:
            print(f"bench_quantize: skipping {note}: not a quantize kernel")
        if not plans:
            print("bench_quantize: no quantize/tile_transpose kernels in the export",
                  file=sys.stderr)
            return 1
        info = {"export": directory, "chip": manifest.chip, "self_test": args.self_test,
                "python": platform.python_version(), "timer": None, "device": None}
        start = time.time()
        if args.dry_run:
            rows, failures = dry_run(plans, args.shapes)
            print(f"bench_quantize: {directory} ({manifest.chip}, {len(plans)} kernels) "
                  "[dry run]\n")
        else:
            import fp8q.runtime as rt  # noqa: PLC0415

            device = rt.current_device()
            timer = Timer(args.timer, args.warmup_ms, args.rep_ms)
            info.update(timer=timer.kind, device=device.describe(), backend=device.backend)
            try:
                import torch  # noqa: PLC0415

                info["torch"] = torch.__version__
            except ImportError:
                info["torch"] = None
            print(f"bench_quantize: {directory} ({manifest.chip}, {len(plans)} kernels) on "
                  f"{device.describe()} via {device.backend}, timer {timer.kind}, torch "
                  f"{info['torch'] or 'absent (no eager baseline)'}\n")
            rows = run(manifest, plans, args.shapes, timer)
            failures = sum(1 for r in rows if r["status"].startswith(("ERROR", "FAIL")))
        out = os.environ.get("OUT")
        if out:
            os.makedirs(out, exist_ok=True)
            path = os.path.join(out, "bench_quantize.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump({"info": info, "rows": rows}, f, indent=1)
            print(f"bench_quantize: wrote {path}")
        print(f"bench_quantize: {len(rows)} rows, {failures} failed "
              f"({time.time() - start:.1f} s)\n")
        print_table(rows, args.dry_run)
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
