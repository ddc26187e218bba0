"""Which kernel cuBLAS runs for torch's block-scaled FP8 GEMMs, per shape.

A device probe, not part of the compiler (bench/probes/README.md). For each
shape it calls ``F.scaled_mm`` as ``fp8q.bench.bench_gemm`` does for its
cuBLAS peer (1x128 x 128x128 block scaling, bf16 out; with ``--wgrad`` also
1x128 x 1x128, f32 out) under ``torch.profiler`` and prints the CUDA kernels
it launched. The kernel names carry cuBLAS's configuration (e.g.
``nvjet_sm90_qqtst_128x128_128x6_1x2_h_bz_coopA_...``: tile, K block x
stages, cluster, cooperative schedule). The profiler's per-launch times come
from a few launches on a cold GPU and are not comparable with bench_gemm's.

    python3 bench/probes/cublas_kernels.py 4096x7168x16384,1024x4096x7168 \
        [--wgrad 7168x16384x4096,...]
"""
import argparse

import torch
import torch.nn.functional as F
from torch.nn.functional import ScalingType
from torch.profiler import ProfilerActivity, profile


def shapes(text):
    try:
        out = [tuple(int(v) for v in s.split("x")) for s in text.split(",") if s]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected MxNxK[,MxNxK...], got {text!r}")
    if any(len(s) != 3 or s[2] % 128 for s in out):
        raise argparse.ArgumentTypeError("shapes are MxNxK with K % 128 == 0")
    return out


def kernels(m, n, k, row_scaled_b):
    """The CUDA kernels one F.scaled_mm of this shape launches."""
    dev = "cuda"
    a = torch.randn(m, k, device=dev).to(torch.float8_e4m3fn)
    w = torch.randn(n, k, device=dev).to(torch.float8_e4m3fn)
    sa = (torch.rand(m, k // 128, device=dev) + 0.5).t().contiguous().t()
    if row_scaled_b:
        sw = (torch.rand(n, k // 128, device=dev) + 0.5).t().contiguous().t()

        def call():
            return F.scaled_mm(a, w.t(), sa, ScalingType.BlockWise1x128, sw,
                               ScalingType.BlockWise1x128, output_dtype=torch.float32)
    else:
        sw = torch.rand(n // 128, k // 128, device=dev) + 0.5

        def call():
            return F.scaled_mm(a, w.t(), sa, ScalingType.BlockWise1x128, sw.t(),
                               ScalingType.BlockWise128x128, output_dtype=torch.bfloat16)
    for _ in range(3):
        call()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(5):
            call()
        torch.cuda.synchronize()
    return [(e.key, e.count, e.device_time_total / max(e.count, 1))
            for e in prof.key_averages() if e.device_time_total > 0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("block", type=shapes, help="MxNxK,... for 1x128 x 128x128")
    parser.add_argument("--wgrad", type=shapes, default=[], help="MxNxK,... for 1x128 x 1x128")
    args = parser.parse_args()
    if args.block and any(n % 128 for _, n, _ in args.block):
        parser.error("block mode: N % 128 == 0 (cuBLAS's 128x128 scales)")
    for mode, row_scaled_b, todo in (("block", False, args.block), ("wgrad", True, args.wgrad)):
        for m, n, k in todo:
            for name, count, us in sorted(kernels(m, n, k, row_scaled_b), key=lambda e: -e[2]):
                print(f"{m}x{n}x{k} {mode} x{count} {us:.1f} us {name}")


if __name__ == "__main__":
    main()
