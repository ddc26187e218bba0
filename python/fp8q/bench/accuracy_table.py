#!/usr/bin/env python3
"""Accumulation precision of fp8q's wgmma GEMM: promotion every 128 vs none.

The experiment of the DeepSeek-V3 report (section 3.3.2, "Increasing
Accumulation Precision"), run with our own kernels (build/bench/accuracy_kernels):
for K in 512 .. 16384 and two data sets (randn; uniform-positive U(0, 1)),
A [M, K] and B [N, K] are quantized to E4M3 with ONE scale per tensor
(amax / 448), so that both kernels see the same codes and the same scales
and differ only in how they accumulate:

* ``promote128``: fp8q_scaled_matmul_1x128_128x128_f32 (the recipe: a fresh
  tensor-core accumulation per 128 K elements, promoted to f32 registers);
* ``none``: fp8q_scaled_matmul_1x128_128x128_f32_g<K>_pi<K> (one tensor-core
  accumulation over all of K, scaled once at the end);
* for reference, cuBLAS on the same codes and scales (torch._scaled_mm,
  per-tensor scales, f32 out) with use_fast_accum False and True.

Errors against the float64 product of the dequantized codes (exact up to
f64 rounding), over all M x N outputs:

* ``max rel``  = max_ij |C - R| / |R|  (elementwise; meaningful for the
  positive data, where no output is near zero);
* ``max/max``  = max_ij |C - R| / max_ij |R|;
* ``frob``     = ||C - R||_F / ||R||_F.

  accuracy_table.py --export-dir build/bench/accuracy_kernels [--m 1024 --n 1024]

Prints a Markdown table; JSON to $OUT/accuracy_table.json when $OUT is set.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

KS = [512, 1024, 2048, 4096, 8192, 16384]
PROMOTE = "fp8q_scaled_matmul_1x128_128x128_f32"
#: E4M3's largest finite value.
E4M3_MAX = 448.0


def errors(got, want):
    """(max rel, max/max, frob) of ``got`` against ``want`` (float64)."""
    diff = (got.double() - want).abs()
    max_rel = float((diff / want.abs()).max())
    max_max = float(diff.max() / want.abs().max())
    frob = float(diff.norm() / want.norm())
    return max_rel, max_max, frob


def run(kernels, m, n, k, dist, seed):
    import torch  # noqa: PLC0415
    import fp8q.runtime as rt  # noqa: PLC0415

    gen = torch.Generator(device="cuda").manual_seed(seed)
    if dist == "randn":
        x = torch.randn(m, k, device="cuda", generator=gen)
        w = torch.randn(n, k, device="cuda", generator=gen)
    else:
        x = torch.rand(m, k, device="cuda", generator=gen)
        w = torch.rand(n, k, device="cuda", generator=gen)
    sx = (x.abs().max() / E4M3_MAX).float()
    sw = (w.abs().max() / E4M3_MAX).float()
    qx = (x / sx).to(torch.float8_e4m3fn)
    qw = (w / sw).to(torch.float8_e4m3fn)
    want = (qx.double() @ qw.double().t()) * (sx.double() * sw.double())

    rows = {}
    for name, group in (("promote128", 128), ("none", k)):
        kernel = PROMOTE if group == 128 else f"{PROMOTE}_g{k}_pi{k}"
        sa = torch.full((m, k // group), float(sx), device="cuda")
        sb = torch.full((-(-n // group), k // group), float(sw), device="cuda")
        out = torch.full((m, n), float("nan"), device="cuda")
        kernels[kernel](qx, sa, qw, sb, out, M=m, N=n, K=k)
        rt.synchronize()
        if torch.isnan(out).any():
            raise RuntimeError(f"{kernel}: outputs left unwritten")
        rows[name] = errors(out, want)
    for fast in (False, True):
        got = torch._scaled_mm(qx, qw.t(), scale_a=sx, scale_b=sw,
                               out_dtype=torch.float32, use_fast_accum=fast)
        rows["cublas_fast" if fast else "cublas"] = errors(got, want)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export-dir", required=True)
    parser.add_argument("--m", type=int, default=1024)
    parser.add_argument("--n", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    import fp8q.runtime as rt  # noqa: PLC0415
    kernels = rt.load(args.export_dir)
    results = []
    print("| data | K | promote every 128: max rel / max/max / frob "
          "| no promotion: max rel / max/max / frob "
          "| cuBLAS: frob | cuBLAS fast accum: frob |")
    print("|---|---|---|---|---|---|")
    for dist in ("randn", "uniform"):
        for k in KS:
            rows = run(kernels, args.m, args.n, k, dist, args.seed + k)
            results.append({"data": dist, "K": k, "M": args.m, "N": args.n,
                            **{name: dict(zip(("max_rel", "max_max", "frob"), v))
                               for name, v in rows.items()}})
            fmt = lambda v: " / ".join(f"{x:.2e}" for x in v)  # noqa: E731
            print(f"| {dist} | {k} | {fmt(rows['promote128'])} | {fmt(rows['none'])} "
                  f"| {rows['cublas'][2]:.2e} | {rows['cublas_fast'][2]:.2e} |")
    out = os.environ.get("OUT")
    if out:
        with open(os.path.join(out, "accuracy_table.json"), "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
