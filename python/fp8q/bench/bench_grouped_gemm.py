#!/usr/bin/env python3
"""fp8q grouped GEMM (MoE experts) vs a loop of cuBLAS block calls vs DeepGEMM's grouped GEMMs.

One run, same inputs (PERF.md "How to measure"), for MoE expert GEMMs of
DeepSeek-V3's sizes on one GPU's experts (expert parallelism, 8 local
experts): the fp8q grouped kernels of an export (``_grouped_contiguous`` and
``_grouped_masked``, launched through python/fp8q/runtime.py, bound once),
one ``F.scaled_mm`` (cuBLAS, BlockWise1x128 x BlockWise128x128) per
non-empty expert in a loop (what a framework without a grouped kernel runs),
and DeepGEMM's ``m_grouped_fp8_gemm_nt_contiguous`` / ``_masked`` where
``deep_gemm`` imports (bench/peers/build_deepgemm.sh). Every result is first
checked on the rows of the groups against an f32 product of the dequantized
inputs (rel. Frobenius), then timed with triton's do_bench (median).
TFLOP/s = 2 * (rows in groups) * N * K / t.

The contiguous cases pad each expert's rows to 128 (DeepGEMM's alignment
for this layout; fp8q takes any offsets) so that the three run on the same
rows; the masked case is decode: a fixed capacity per expert and uneven
counts (one expert empty).

  python -m fp8q.bench.bench_grouped_gemm --export-dir build/bench/gemm_kernels
  python -m fp8q.bench.bench_grouped_gemm --export-dir build/bench/gemm_kernels --dry-run
  PYTHONPATH=/tmp/peers/DeepGEMM:python python3 -m fp8q.bench.bench_grouped_gemm \\
      --export-dir build/bench/gemm_kernels      (DeepGEMM too)

NOTE: written in a session without device time; its first run is the
grouped kernels' first benchmark (docs/GPU.md, "Grouped GEMMs").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Dict, List

import numpy as np

from fp8q.manifest import load_manifest, unmet_requirements

CONTIGUOUS = "fp8q_scaled_matmul_1x128_128x128_bf16_grouped_contiguous"
MASKED = "fp8q_scaled_matmul_1x128_128x128_bf16_grouped_masked"
#: Tokens routed to each of 8 local experts (uneven, one expert nearly idle).
PREFILL_TOKENS = [896, 1280, 130, 1024, 768, 1152, 640, 1920]
#: Decode: tokens per expert out of a capacity of 256 (one expert empty).
DECODE_COUNTS = [130, 256, 12, 200, 77, 256, 0, 181]
DECODE_CAPACITY = 256
#: (title, layout, N, K): the experts' up (gate + up) and down projections.
CASES = [
    ("prefill up", "contiguous", 4096, 7168),
    ("prefill down", "contiguous", 7168, 2048),
    ("decode up", "masked", 4096, 7168),
    ("decode down", "masked", 7168, 2048),
]
ALIGN = 128


def layout_rows(layout: str) -> Dict[str, np.ndarray]:
    """Rows of each group: contiguous offsets (groups padded to ALIGN) or
    masked counts, and the row mask of the groups."""
    if layout == "contiguous":
        padded = [-(-t // ALIGN) * ALIGN for t in PREFILL_TOKENS]
        starts = np.concatenate([[0], np.cumsum(padded)[:-1]])
        m = int(sum(padded))
        in_group = np.zeros(m, dtype=bool)
        m_indices = np.full(m, -1, dtype=np.int32)
        for g, (s, t) in enumerate(zip(starts, PREFILL_TOKENS)):
            in_group[s:s + t] = True
            m_indices[s:s + t] = g
        # fp8q: group g owns [starts[g], starts[g] + tokens[g]); the padding
        # rows between groups belong to none (they keep the result's values).
        return {"m": m, "starts": starts, "tokens": np.asarray(PREFILL_TOKENS),
                "in_group": in_group, "m_indices": m_indices}
    g = len(DECODE_COUNTS)
    counts = np.asarray(DECODE_COUNTS, dtype=np.int32)
    in_group = (np.arange(DECODE_CAPACITY)[None, :] < counts[:, None]).reshape(-1)
    return {"m": g * DECODE_CAPACITY, "counts": counts, "in_group": in_group}


def bench_case(kernel, title, layout, n, k, deepgemm=True):
    import torch  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    from torch.nn.functional import ScalingType  # noqa: PLC0415
    from triton.testing import do_bench  # noqa: PLC0415
    torch.backends.cuda.matmul.allow_tf32 = False
    dev = "cuda"
    rows = layout_rows(layout)
    m, g = rows["m"], 8
    x = torch.randn(m, k, device=dev)
    sa = (x.view(m, k // 128, 128).abs().amax(-1).clamp(min=1e-4) / 448).float().contiguous()
    a = (x.view(m, k // 128, 128) / sa[..., None]).view(m, k).to(torch.float8_e4m3fn)
    w = torch.randn(g, n, k, device=dev) * 0.05
    nb = -(-n // 128)
    wp = F.pad(w, (0, 0, 0, nb * 128 - n))
    sw = (wp.view(g, nb, 128, k // 128, 128).abs().amax((2, 4)).clamp(min=1e-4) / 448).float()
    wq = (wp.view(g, nb, 128, k // 128, 128) / sw[:, :, None, :, None]).view(g, nb * 128, k)[:, :n]
    wq = wq.to(torch.float8_e4m3fn).contiguous()
    sw = sw.contiguous()
    in_group = torch.from_numpy(rows["in_group"]).to(dev)
    valid = int(rows["in_group"].sum())
    deq_a = a.float() * sa.repeat_interleave(128, 1)
    deq_w = wq.float() * sw.repeat_interleave(128, 1)[:, :n].repeat_interleave(128, 2)
    if layout == "contiguous":
        group_of = torch.from_numpy(rows["m_indices"]).to(dev).long()
    else:
        group_of = torch.arange(m, device=dev) // DECODE_CAPACITY
    want = torch.zeros(m, n, device=dev)
    for e in range(g):
        sel = in_group & (group_of == e)
        if sel.any():
            want[sel] = deq_a[sel] @ deq_w[e].t()

    def rel(got):
        diff = (got.float() - want)[in_group]
        return float(diff.norm() / want[in_group].norm())

    out = torch.zeros(m, n, device=dev, dtype=torch.bfloat16)
    if layout == "contiguous":
        starts, tokens = rows["starts"], rows["tokens"]
        offsets = torch.tensor(np.concatenate([starts, [m]]), dtype=torch.int32, device=dev)
        # Contiguous offsets cannot skip the padding between groups: group g
        # is [offsets[g], offsets[g+1]) = its tokens plus its padding rows
        # (computed, not compared; DeepGEMM computes them too).
        fp8q = kernel.bind(a, sa, wq.view(g * n, k), sw.view(g * nb, k // 128), offsets, out,
                           M=m, N=n, K=k, G=g)
    else:
        counts = torch.from_numpy(rows["counts"]).to(dev)
        fp8q = kernel.bind(a, sa, wq.view(g * n, k), sw.view(g * nb, k // 128), counts, out,
                           M=m, N=n, K=k, G=g, C=DECODE_CAPACITY)
    fp8q()
    torch.cuda.synchronize()
    row = {"case": title, "layout": layout, "M": m, "rows": valid, "N": n, "K": k,
           "fp8q_err": rel(out)}
    timers = {"fp8q": fp8q}

    # cuBLAS block, one call per non-empty expert on its rows (M rounded up
    # to 16 inside the group's padding or capacity; the operands of each
    # call, with its scales in the MN-major storage cuBLAS reads, prepared
    # outside the timing).
    calls = []
    for e in range(g):
        idx = torch.nonzero(in_group & (group_of == e)).flatten()
        if len(idx):
            first = int(idx[0])
            end = min(first + -(-len(idx) // 16) * 16, m)
            calls.append((first, end, a[first:end], sa[first:end].t().contiguous().t(),
                          wq[e].t(), sw[e].t()))

    def cublas():  # the timed loop: the calls alone
        return [F.scaled_mm(a_e, w_e, sa_e, ScalingType.BlockWise1x128, sw_e,
                            ScalingType.BlockWise128x128, output_dtype=torch.bfloat16)
                for _, _, a_e, sa_e, w_e, sw_e in calls]

    def cublas_result():
        result = torch.zeros(m, n, device=dev, dtype=torch.bfloat16)
        for (first, end, *_), part in zip(calls, cublas()):
            result[first:end] = part
        return result
    try:
        row["cublas_err"] = rel(cublas_result())
        timers["cublas_loop"] = cublas
    except Exception as error:  # noqa: BLE001
        row["note"] = f"cuBLAS: {type(error).__name__}: {str(error)[:80]}"

    if deepgemm:
        try:
            import deep_gemm  # noqa: PLC0415
            to_layout = getattr(deep_gemm, "get_mn_major_tma_aligned_tensor", None) or \
                deep_gemm._C.get_mn_major_tma_aligned_tensor
            d = torch.zeros(m, n, device=dev, dtype=torch.bfloat16)
            if layout == "contiguous":
                m_indices = torch.from_numpy(rows["m_indices"]).to(dev)
                sfa = to_layout(sa)

                def dg():
                    deep_gemm.m_grouped_fp8_gemm_nt_contiguous((a, sfa), (wq, sw), d, m_indices)
                    return d
            else:
                a3 = a.view(g, DECODE_CAPACITY, k)
                sfa = to_layout(sa.view(g, DECODE_CAPACITY, k // 128))
                d3 = d.view(g, DECODE_CAPACITY, n)
                counts = torch.from_numpy(rows["counts"]).to(dev)

                def dg():
                    deep_gemm.m_grouped_fp8_gemm_nt_masked((a3, sfa), (wq, sw), d3, counts,
                                                           DECODE_CAPACITY)
                    return d
            row["deepgemm_err"] = rel(dg())
            timers["deepgemm"] = dg
        except Exception as error:  # noqa: BLE001 (not installed, an API it lacks)
            row["note"] = (row.get("note", "") + f"; DeepGEMM: {type(error).__name__}: "
                           f"{str(error)[:80]}").lstrip("; ")
    flops = 2.0 * valid * n * k
    for name, fn in timers.items():
        ms = do_bench(fn, return_mode="median")
        row[name + "_tflops"] = flops / ms / 1e9
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export-dir", required=True)
    parser.add_argument("--dry-run", action="store_true",
                        help="no GPU: the kernels, layouts and requirements only")
    parser.add_argument("--no-deepgemm", action="store_true")
    args = parser.parse_args(argv)
    manifest = load_manifest(args.export_dir, check_files=not args.dry_run)
    specs = {name: manifest.kernel(name) for name in (CONTIGUOUS, MASKED)}
    kernels = None
    if not args.dry_run:
        import fp8q.runtime as rt  # noqa: PLC0415
        kernels = rt.load(args.export_dir)
    results: List[dict] = []
    for title, layout, n, k in CASES:
        name = CONTIGUOUS if layout == "contiguous" else MASKED
        rows = layout_rows(layout)
        env = {"M": rows["m"], "N": n, "K": k, "G": 8}
        if layout == "masked":
            env["C"] = DECODE_CAPACITY
        unmet = unmet_requirements(specs[name], env)
        if args.dry_run or unmet:
            results.append({"case": title, "layout": layout, "M": rows["m"],
                            "rows": int(rows["in_group"].sum()), "N": n, "K": k,
                            "note": ("skip " + " and ".join(unmet)) if unmet
                            else f"dry run ({name})"})
            continue
        try:
            results.append(bench_case(kernels[name], title, layout, n, k,
                                      deepgemm=not args.no_deepgemm))
        except Exception as error:  # noqa: BLE001
            results.append({"case": title, "layout": layout, "M": rows["m"], "N": n, "K": k,
                            "note": f"{type(error).__name__}: {error}"})
    out_dir = os.environ.get("OUT")
    if out_dir and not args.dry_run:
        with open(os.path.join(out_dir, "bench_grouped_gemm.json"), "w") as f:
            json.dump(results, f, indent=1)
    header = ("case", "rows", "N", "K", "fp8q", "cuBLAS loop", "DeepGEMM", "fp8q/cuBLAS",
              "fp8q/DeepGEMM", "fp8q err", "cuBLAS err", "DeepGEMM err", "note")
    print(" | ".join(header))
    for r in results:
        f, c, d = (r.get(x + "_tflops") for x in ("fp8q", "cublas_loop", "deepgemm"))
        print(" | ".join(str(v) for v in (
            r["case"], r.get("rows", "-"), r["N"], r["K"],
            f"{f:.0f}" if f else "-", f"{c:.0f}" if c else "-", f"{d:.0f}" if d else "-",
            f"{f / c:.2f}" if f and c else "-", f"{f / d:.2f}" if f and d else "-",
            *(f"{r[x]:.2e}" if x in r else "-" for x in ("fp8q_err", "cublas_err",
                                                        "deepgemm_err")),
            r.get("note", ""))))
    bad = [r for r in results if r.get("fp8q_err", 0) > 5e-3 or
           ("note" in r and not args.dry_run and "fp8q_tflops" not in r)]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
