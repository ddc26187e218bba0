#!/usr/bin/env python3
"""Bit-exact check of fp8q's exported quantize / tile_transpose /
block_transpose kernels.

Loads an export directory (manifest.json + cubins from ``fp8-opt
--fp8q-gpu-pipeline ... --fp8q-export-kernels``), runs every kernel whose op
is fp8q.quantize, fp8q.tile_transpose or fp8q.block_transpose (its input
codes: the GxG quantization of the case) on seeded random inputs (normal,
uniform, heavy-tailed) and edge cases (zero tiles, amax below eps, E4M3
halfway points, saturation, subnormal results, bf16 subnormal inputs, NaN,
+-Inf, -0, tails of M and K), and compares the E4M3 codes and the scales
bit for bit with python/fp8q/reference.py. Outputs are poisoned (0xFF
bytes: code 0xFF, scale NaN) before each launch, so unwritten elements
show up. Prints a table and exits 1 on any mismatch or error.

  check_quantize.py --export-dir DIR          check a real export (GPU)
  check_quantize.py --self-test               build the harness's own CUDA C
                                              kernels with nvcc and check them
  check_quantize.py ... --dry-run             no GPU: validate the manifest,
                                              run the reference on every case
                                              and check shapes and launches

Runs with numpy only (device memory through fp8q.runtime); PyTorch is not
needed. ``--backend`` picks fp8q.runtime's driver binding.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from fp8q.device import quantize_plan as qp  # noqa: E402
from fp8q.device import selftest_kernels  # noqa: E402
from fp8q import reference as ref  # noqa: E402
from fp8q.manifest import ManifestError, load_manifest, shape_of  # noqa: E402

#: Most mismatches listed per output.
MAX_LISTED = 5


# ---------------------------------------------------------------------------
# Test cases
# ---------------------------------------------------------------------------


@dataclass
class Case:
    name: str
    m: int
    k: int
    make: Callable[[np.random.Generator, int, int], np.ndarray]


def _randn(rng, m, k):
    # Per-row magnitudes over 16 decades: scales far from 1.
    row_scale = 10.0 ** rng.uniform(-8, 8, size=(m, 1))
    return (rng.standard_normal((m, k)) * row_scale).astype(np.float32)


def _uniform(rng, m, k):
    return rng.uniform(-100.0, 100.0, size=(m, k)).astype(np.float32)


def _heavy_tailed(rng, m, k):
    return rng.standard_t(1.5, size=(m, k)).astype(np.float32)


def _e4m3_midpoints() -> np.ndarray:
    """Points halfway between consecutive positive finite E4M3 values."""
    values = ref.e4m3_table()[: ref.E4M3_MAX_CODE + 1].astype(np.float64)
    return ((values[:-1] + values[1:]) / 2).astype(np.float32)


def _edge_finite(rng, m, k):
    """Each 1x128 tile is one special case (cycled along the tiles)."""
    x = np.zeros((m, k), dtype=np.float32)
    mids = _e4m3_midpoints()
    tiny_grid = np.array([j * 2.0**-11 for j in range(-40, 41)], dtype=np.float32)
    cases = [
        lambda n: np.zeros(n),                                           # all +0
        lambda n: -np.zeros(n),                                          # all -0
        lambda n: np.where(rng.random(n) < 0.5, -0.0, 1e-30),            # amax < eps
        lambda n: rng.uniform(-5e-5, 5e-5, n),                           # amax < eps
        lambda n: np.concatenate([[448.0], rng.choice(mids, n - 1) *      # halfway points
                                  rng.choice([-1.0, 1.0], n - 1)]),      #  (scale 1)
        lambda n: np.concatenate([[-448.0], rng.choice(tiny_grid, n - 1)]),  # subnormal codes
        lambda n: np.concatenate([[1.0], rng.uniform(-1, 1, n - 1) * 1e-39]),  # bf16 subnormals
        lambda n: rng.uniform(-1, 1, n) * 1e-39,                         # all subnormal
        lambda n: np.concatenate([[448.0 * 3.7], rng.uniform(-1, 1, n - 1) * 448 * 3.7]),
        lambda n: rng.uniform(-1, 1, n) * 3.0e38,                        # near bf16 max
        lambda n: rng.standard_normal(n) * 10.0 ** rng.uniform(-30, 30),
        lambda n: np.concatenate([[2.0**-6 * 448], rng.choice(mids, n - 1) * 2.0**-6]),
    ]
    tile = 128
    index = 0
    for r in range(m):
        for c0 in range(0, k, tile):
            n = min(tile, k - c0)
            values = np.asarray(cases[index % len(cases)](n), dtype=np.float64)
            rng.shuffle(values)
            x[r, c0:c0 + n] = values[:n].astype(np.float32)
            index += 1
    return x


def _edge_nan_inf(rng, m, k):
    x = rng.standard_normal((m, k)).astype(np.float32)
    specials = [np.nan, np.inf, -np.inf]
    for i in range(max(4, m * k // 4096)):
        x[rng.integers(m), rng.integers(k)] = specials[i % 3]
    x[0, 0] = np.nan          # NaN and Inf in one tile
    x[0, 1] = np.inf
    x[min(1, m - 1), :] = -np.inf  # a row of -Inf
    return x


def cases(size: str) -> List[Case]:
    """The inputs, in rising order of strangeness. M is a multiple of 16 (so
    that transposed FP8 rows are 16-byte aligned, as kernels require) but not
    of 128 where that makes partial tiles, except in "m-tail" and "tails";
    kernels whose ``requires`` exclude a shape skip it."""
    small = [
        Case("randn", 272, 1024, _randn),
        Case("uniform", 144, 384, _uniform),
        Case("heavy-tailed", 96, 512, _heavy_tailed),
        Case("edge-finite", 256, 1024, _edge_finite),
        Case("edge-nan-inf", 144, 512, _edge_nan_inf),
        Case("one-tile", 16, 128, _uniform),
        Case("m-tail", 257, 1024, _randn),
        Case("tails", 3, 200, _randn),
    ]
    if size == "small":
        return small
    return small + [Case("randn-large", 4096, 7168, _randn),
                    Case("heavy-tailed-large", 8192, 2048, _heavy_tailed)]


# ---------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------


#: The bits of a poisoned (unwritten) scale: a NaN that no kernel produces
#: (computed NaNs are positive), so it never counts as an expected NaN.
POISON_SCALE_BITS = 0xFFFFFFFF


def _scale_bits_equal(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """Same bits, or both NaN (payloads differ between numpy and the GPU);
    the poison pattern never matches."""
    got = np.asarray(got, dtype=np.float32)
    want = np.asarray(want, dtype=np.float32)
    same_bits = got.view(np.uint32) == want.view(np.uint32)
    written = got.view(np.uint32) != np.uint32(POISON_SCALE_BITS)
    return (same_bits | (np.isnan(got) & np.isnan(want))) & written


def compare(name: str, got: np.ndarray, want: np.ndarray, is_scale: bool) -> Tuple[int, List[str]]:
    """Mismatch count and descriptions of the first few."""
    if got.shape != want.shape:
        return want.size, [f"{name}: shape {got.shape} != expected {want.shape}"]
    equal = _scale_bits_equal(got, want) if is_scale else got == want
    bad = np.argwhere(~equal)
    notes = []
    for index in bad[:MAX_LISTED]:
        i = tuple(int(v) for v in index)
        if is_scale:
            notes.append(f"{name}{list(i)}: got {float(got[i])!r} (0x{got.view(np.uint32)[i]:08x}), "
                         f"expected {float(want[i])!r} (0x{want.view(np.uint32)[i]:08x})")
        else:
            notes.append(f"{name}{list(i)}: got 0x{got[i]:02x} ({float(ref.e4m3_decode(got[i]))}), "
                         f"expected 0x{want[i]:02x} ({float(ref.e4m3_decode(want[i]))})")
    return int(bad.shape[0]), notes


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


@dataclass
class Row:
    kernel: str
    variant: str
    case: str
    shape: str
    checked: int = 0
    mismatches: int = 0
    result: str = ""
    notes: Tuple[str, ...] = ()


def make_inputs(plan: qp.Plan, values: np.ndarray):
    """(device inputs by name, reference inputs by name)."""
    if plan.kind == "quantize":
        device, exact = qp.to_source_bits(values, plan.source_dtype)
        return {"source": device}, {"source": exact}
    _, exact = qp.to_source_bits(values, "bf16")
    # tile_transpose reads 1xG tiles, block_transpose GxG blocks (a weight).
    tile = (plan.group, plan.group) if plan.kind == "block_transpose" else (1, plan.group)
    codes, scales = ref.quantize(exact, tile, plan.scale_mode, plan.eps)
    return {"q": codes, "scale": scales}, {"q": codes, "scale": scales}


def run_case(plan: qp.Plan, case: Case, seed: int, dry_run: bool, kernels) -> Row:
    row = Row(plan.kernel.name, plan.variant, case.name, f"{case.m}x{case.k}")
    env = {"M": case.m, "K": case.k}
    unmet = qp.requirements_met(plan, env)
    if unmet:
        row.result = "skip (requires " + " and ".join(unmet) + ")"
        return row
    rng = np.random.default_rng([seed, case.m, case.k, sum(map(ord, case.name))])
    values = case.make(rng, case.m, case.k)
    device_inputs, ref_inputs = make_inputs(plan, values)
    expected = qp.reference_outputs(plan, ref_inputs)
    problems = qp.check_shapes(plan, env, expected) + qp.launch_problems(plan, env)
    grid, _ = qp.launch_dims(plan, env)
    if problems:
        row.result, row.notes = "FAIL (manifest)", tuple(problems)
        row.mismatches = 1
        return row
    row.checked = sum(a.size for a in expected.values())
    if dry_run:
        row.result = f"ok (dry run, grid {'x'.join(map(str, grid))})"
        return row

    import fp8q.runtime as rt  # noqa: PLC0415

    kernel = kernels[plan.kernel.name]
    buffers = {}
    for arg in plan.kernel.pointer_args:
        shape = shape_of(arg, env)
        if arg.name in device_inputs:
            data = device_inputs[arg.name]
            if tuple(data.shape) != tuple(shape):
                raise qp.PlanError(f"input {arg.name}: the manifest shape {list(shape)} differs "
                                   f"from the reference's {list(data.shape)}")
            buffers[arg.name] = rt.DeviceBuffer.from_numpy(data, dtype=arg.dtype)
        else:
            buffers[arg.name] = rt.DeviceBuffer(shape, arg.dtype)
            buffers[arg.name].fill_bytes(0xFF)  # poison: code 0xFF, scale NaN
    kernel(*[buffers[a.name] for a in plan.kernel.pointer_args], M=case.m, K=case.k)
    rt.synchronize()
    notes = []
    for name, want in expected.items():
        arg = plan.kernel.arg(name)
        got = buffers[name].to_numpy()
        want = qp.expected_layout(plan, name, want)
        valid = tuple(slice(0, v) for v in want.shape)
        is_scale = arg.dtype == "f32"
        count, listed = compare(name, got[valid].view(np.float32) if is_scale else got[valid],
                                want, is_scale)
        row.mismatches += count
        notes += listed
    row.notes = tuple(notes)
    row.result = "ok" if row.mismatches == 0 else "FAIL"
    return row


def print_table(rows: List[Row]) -> None:
    headers = ("kernel", "variant", "case", "M x K", "checked", "mismatches", "result")
    table = [(r.kernel, r.variant, r.case, r.shape, str(r.checked), str(r.mismatches), r.result)
             for r in rows]
    qp.print_table(headers, table)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    selftest_kernels.add_source_arguments(parser, "check")
    parser.add_argument("--dry-run", action="store_true",
                        help="no GPU: validate the manifest and the reference calls only")
    parser.add_argument("--shapes", choices=("small", "large"), default="small",
                        help="small: tails and edge cases (default); large: adds 4096x7168 "
                             "and 8192x2048")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kernel", action="append", help="check only this kernel (repeatable)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="fp8q-selftest-") as scratch:
        directory = selftest_kernels.kernel_directory(args, scratch)
        try:
            manifest = load_manifest(directory)
        except ManifestError as err:
            print(f"check_quantize: invalid manifest: {err}", file=sys.stderr)
            return 1
        plans, rows = [], []
        for spec in manifest.kernels:
            if args.kernel and spec.name not in args.kernel:
                continue
            try:
                plan = qp.plan_for(spec)
            except qp.PlanError as err:
                rows.append(Row(spec.name, "?", "-", "-", mismatches=1,
                                result="FAIL (manifest)", notes=(str(err),)))
                continue
            if plan is None:
                print(f"check_quantize: skipping {spec.name} (op {spec.op} is not checked here)")
                continue
            plans.append(plan)
        if not plans and not rows:
            print("check_quantize: no quantize/tile_transpose kernels in the export",
                  file=sys.stderr)
            return 1

        kernels = None
        header = f"check_quantize: {directory} ({manifest.chip}, {len(plans)} kernels)"
        if not args.dry_run:
            import fp8q.runtime as rt  # noqa: PLC0415

            kernels = rt.KernelSet(manifest)
            device = rt.current_device()
            header += f" on {device.describe()} via {device.backend}"
        print(header + (" [dry run]" if args.dry_run else ""))
        start = time.time()
        for plan in plans:
            for case in cases(args.shapes):
                try:
                    rows.append(run_case(plan, case, args.seed, args.dry_run, kernels))
                except Exception as err:  # noqa: BLE001 (report and go on)
                    rows.append(Row(plan.kernel.name, plan.variant, case.name,
                                    f"{case.m}x{case.k}", mismatches=1,
                                    result=f"ERROR ({type(err).__name__})",
                                    notes=(str(err),) + tuple(
                                        traceback.format_exc().strip().splitlines()[-3:-1])))
        for r in rows:
            for note in r.notes:
                print(f"  {r.kernel} / {r.case}: {note}")
        print()
        print_table(rows)
        failed = sum(1 for r in rows if r.mismatches or r.result.startswith(("FAIL", "ERROR")))
        skipped = sum(1 for r in rows if r.result.startswith("skip"))
        print(f"\ncheck_quantize: {len(rows) - failed - skipped} ok, {failed} failed, "
              f"{skipped} skipped ({time.time() - start:.1f} s)")
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
