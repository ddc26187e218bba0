#!/usr/bin/env python3
"""Check of fp8q's exported grouped GEMM kernels (fp8q.grouped_scaled_matmul).

For every kernel of an export directory whose op is
fp8q.grouped_scaled_matmul (its manifest attrs give the layout) and every
case below, on fresh random E4M3 codes (NaN codes excluded), positive 1x128
activation scales and pow2 128x128 weight-block scales:

* the result buffer starts as random values (init): the rows in no group
  (padding, rows past a masked group's count) must keep them bit for bit;
* the rows of the groups are compared with
  python/fp8q/reference.grouped_scaled_matmul (exact f64 partials, f32
  promotion): relative Frobenius error <= --tol (default 5e-3; the tensor
  cores' partial sums are not exact, see check_gemm);
* contiguous cases: uneven groups with an empty one, a group of one row,
  groups that are not multiples of 128 rows, padding rows before and after;
  masked cases: counts 0, 1, C and in between.

  check_grouped_gemm.py --export-dir DIR   run on the GPU (fp8q.runtime)

Exit status 1 on any failure. Prints a table last.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Tuple

import numpy as np

from fp8q import reference as ref
from fp8q.manifest import load_manifest

DEFAULT_TOL = 5e-3

#: (title, rows per group, padding before, padding after), contiguous.
CONTIGUOUS_CASES = [
    ("uneven + empty", [300, 0, 1, 128, 517, 64, 0, 190], 5, 11),
    ("one big group", [2048, 0, 0, 0, 0, 0, 0, 0], 0, 0),
    ("all empty", [0] * 8, 16, 0),
]
#: (title, counts), masked, capacity C.
MASKED_CASES = [
    ("counts 0..C", [0, 1, 37, 128, 129, 200, 255, 256]),
    ("all empty", [0] * 8),
]
MASKED_CAPACITY = 256


def make_operands(rng, rows: int, groups: int, n: int, k: int):
    def codes(shape):
        q = rng.integers(0, 256, size=shape, dtype=np.uint8)
        q[(q & 0x7F) == 0x7F] = 0  # no NaN codes
        return q
    qa = codes((rows, k))
    sa = rng.uniform(0.5, 2.0, size=(rows, k // 128)).astype(np.float32)
    qb = codes((groups, n, k))
    sb = np.exp2(rng.integers(-3, 4, size=(groups, -(-n // 128), k // 128))).astype(np.float32)
    return qa, sa, qb, sb


def rel_frobenius(got: np.ndarray, want: np.ndarray) -> float:
    denom = float(np.linalg.norm(want.astype(np.float64)))
    diff = float(np.linalg.norm(got.astype(np.float64) - want.astype(np.float64)))
    return diff / denom if denom else diff


def to_f32(values: np.ndarray, dtype: str) -> np.ndarray:
    return ref.bf16_bits_to_f32(values) if dtype == "bf16" else values.astype(np.float32)


def check(kernels, spec, case, rng, tol, n: int, k: int) -> Tuple[str, str]:
    import fp8q.runtime as rt  # noqa: PLC0415

    layout = spec.attrs.get("layout", "contiguous")
    out_dtype = spec.attrs.get("out_dtype", "bf16")
    accumulate = bool(spec.attrs.get("accumulate", False))
    if layout == "contiguous":
        _, sizes, before, after = case
        g = len(sizes)
        offsets = np.concatenate([[0], np.cumsum(sizes)]) + before
        m = int(offsets[-1]) + after
        groups = offsets.astype(np.int32)
        sizes_env = {"M": m, "N": n, "K": k, "G": g}
    else:
        _, counts = case
        g, c = len(counts), MASKED_CAPACITY
        m = g * c
        groups = np.asarray(counts, dtype=np.int32)
        sizes_env = {"M": m, "N": n, "K": k, "G": g, "C": c}
    qa, sa, qb, sb = make_operands(rng, m, g, n, k)
    init = ref.round_to_bf16(rng.standard_normal((m, n)).astype(np.float32))
    init_bits = ref.f32_to_bf16_bits(init) if out_dtype == "bf16" else init
    buffers = [rt.DeviceBuffer.from_numpy(qa, "f8e4m3fn"), rt.DeviceBuffer.from_numpy(sa),
               rt.DeviceBuffer.from_numpy(qb.reshape(g * n, k), "f8e4m3fn"),
               rt.DeviceBuffer.from_numpy(sb.reshape(-1, k // 128)),
               rt.DeviceBuffer.from_numpy(groups)]
    if accumulate:
        buffers.append(rt.DeviceBuffer.from_numpy(init_bits, out_dtype))
    out = rt.DeviceBuffer.from_numpy(init_bits, out_dtype)
    buffers.append(out)
    kernels[spec.name](*buffers, **sizes_env)
    rt.synchronize()
    got = to_f32(out.to_numpy(), out_dtype)
    if layout == "contiguous":
        want = ref.grouped_scaled_matmul(qa, sa, qb, sb, groups, "contiguous",
                                         out_dtype=out_dtype, init=init,
                                         accumulate=accumulate)
        in_group = np.zeros(m, dtype=bool)
        for first, end in zip(offsets[:-1], offsets[1:]):
            in_group[first:end] = True
    else:
        want = ref.grouped_scaled_matmul(
            qa.reshape(g, c, k), sa.reshape(g, c, -1), qb, sb, groups, "masked",
            out_dtype=out_dtype, init=init.reshape(g, c, n),
            accumulate=accumulate).reshape(m, n)
        in_group = (np.arange(c)[None, :] < groups[:, None]).reshape(-1)
    kept = got[~in_group]
    changed = int(np.sum(kept.view(np.uint32) != init[~in_group].view(np.uint32)))
    err = rel_frobenius(got[in_group], want[in_group]) if in_group.any() else 0.0
    ok = changed == 0 and err <= tol and not np.isnan(got[in_group]).any()
    notes = f"{int(in_group.sum())} rows vs reference {err:.2e}, {changed} other values changed"
    return notes, "ok" if ok else "FAIL"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export-dir", required=True)
    parser.add_argument("--tol", type=float, default=DEFAULT_TOL)
    parser.add_argument("--n", type=int, default=520, help="N (a block tail by default)")
    parser.add_argument("--k", type=int, default=512)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    manifest = load_manifest(args.export_dir)
    specs = [s for s in manifest.kernels if s.op == "fp8q.grouped_scaled_matmul"]
    if not specs:
        print(f"no fp8q.grouped_scaled_matmul kernel in {args.export_dir}")
        return 1
    import fp8q.runtime as rt  # noqa: PLC0415
    kernels = rt.load(args.export_dir)
    rng = np.random.default_rng(args.seed)
    rows: List[Tuple[str, str, str, str]] = []
    failed = 0
    for spec in specs:
        layout = spec.attrs.get("layout", "contiguous")
        for case in CONTIGUOUS_CASES if layout == "contiguous" else MASKED_CASES:
            try:
                notes, result = check(kernels, spec, case, rng, args.tol, args.n, args.k)
            except Exception as error:  # noqa: BLE001
                notes, result = f"{type(error).__name__}: {error}", "FAIL"
            failed += result == "FAIL"
            rows.append((spec.name, case[0], notes, result))
    header = ("kernel", "case", "error", "result")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(4)]
    for row in [header] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    print(f"{len(rows) - failed} ok, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
