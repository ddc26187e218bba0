#!/usr/bin/env python3
"""Launches the GEMM of each peer a few times on one shape, for Nsight Compute.

The same operands as fp8q.bench.bench_gemm (1x128 activation tiles, 128x128
weight blocks, bf16 out): fp8q's exported kernel (bound once), cuBLAS block
(``F.scaled_mm``) and DeepGEMM's ``fp8_gemm_nt`` where it imports. Each peer
runs ``--launches`` times after one warm-up, with a synchronize between
peers, so that ``ncu -k regex:NAME --launch-skip 1 --launch-count 1`` catches
one steady launch of the kernel it names:

  ncu --clock-control none --section SpeedOfLight --section WarpStateStats \\
      -k regex:fp8q_scaled_matmul --launch-skip 1 --launch-count 1 \\
      python3 -m fp8q.bench.profile_gemm --export-dir build/bench/gemm_kernels 4096 7168 16384

Kernel names: fp8q `fp8q_scaled_matmul_*`, DeepGEMM `sm90_fp8_gemm_1d2d_impl`,
cuBLAS `nvjet_*` or `sm90_xmma_*` (whatever this cuBLAS picks).
"""

from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export-dir", required=True)
    parser.add_argument("--kernel", default="fp8q_scaled_matmul_1x128_128x128_bf16")
    parser.add_argument("--launches", type=int, default=3)
    parser.add_argument("--peers", default="fp8q,cublas,deepgemm")
    parser.add_argument("m", type=int)
    parser.add_argument("n", type=int)
    parser.add_argument("k", type=int)
    args = parser.parse_args(argv)

    import torch  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    from torch.nn.functional import ScalingType  # noqa: PLC0415

    from fp8q.bench import bench_gemm  # noqa: PLC0415
    import fp8q.runtime as rt  # noqa: PLC0415

    m, n, k = args.m, args.n, args.k
    x = torch.randn(m, k, device="cuda")
    w = torch.randn(n, k, device="cuda")
    sa = (x.view(m, k // 128, 128).abs().amax(-1).clamp(min=1e-4) / 448).float().contiguous()
    a = (x.view(m, k // 128, 128) / sa[..., None]).view(m, k).to(torch.float8_e4m3fn)
    nb = -(-n // 128)
    wp = F.pad(w, (0, 0, 0, nb * 128 - n))
    sw = (wp.view(nb, 128, k // 128, 128).abs().amax((1, 3)).clamp(min=1e-4) / 448).float()
    wq = (wp.view(nb, 128, k // 128, 128) / sw[:, None, :, None]).view(nb * 128, k)[:n]
    wq = wq.to(torch.float8_e4m3fn).contiguous()
    sw = sw.contiguous()
    out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)

    calls = {}
    peers = args.peers.split(",")
    if "fp8q" in peers:
        calls["fp8q"] = rt.load(args.export_dir)[args.kernel].bind(a, sa, wq, sw, out,
                                                                    M=m, N=n, K=k)
    if "cublas" in peers:
        sa_outer = sa.t().contiguous().t()
        calls["cublas"] = lambda: F.scaled_mm(a, wq.t(), sa_outer, ScalingType.BlockWise1x128,
                                              sw.t(), ScalingType.BlockWise128x128,
                                              output_dtype=torch.bfloat16)
    if "deepgemm" in peers:
        call, why = bench_gemm.deepgemm_peer(a, sa, wq, sw, m, n, 128, torch.bfloat16)
        if call is None:
            print(why, file=sys.stderr)
        else:
            calls["deepgemm"] = call
    for name, fn in calls.items():
        for _ in range(1 + args.launches):
            fn()
        torch.cuda.synchronize()
        print(f"{name}: {1 + args.launches} launches", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
