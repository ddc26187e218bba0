#!/usr/bin/env python3
"""fp8q wgmma GEMM vs cuBLAS block (torch scaled_mm 1x128 x 128x128) vs DeepGEMM vs bf16.

One run, same inputs (PERF.md "How to measure"): for each shape, the fp8q
kernel (exported, launched through python/fp8q/runtime.py with torch
tensors), ``F.scaled_mm(a, w.t(), sa_outer, BlockWise1x128, sw.t(),
BlockWise128x128, output_dtype=bf16)``, DeepGEMM's ``fp8_gemm_nt`` when
``deep_gemm`` imports (built on the device by bench/peers/build_deepgemm.sh;
its per-token scales converted to its TMA-aligned layout once, outside the
timing) and bf16 ``x @ w.t()``; every result is first checked against an
f32 product of the dequantized inputs (fp8q, cuBLAS and DeepGEMM: rel.
Frobenius), then timed with triton's do_bench (median).
TFLOP/s = 2MNK/t. fp8q's launch is bound once (``Kernel.bind``) and the
timed function launches it, as a user's loop does; the host microseconds
per call are measured apart (a full bind + launch, the cached
``kernel(...)`` call, the prepared launch, cuBLAS's call), and one launch
is captured in a CUDA graph and replayed (its result must equal the eager
launch's). Table last (with --sustained, its own table after it); JSON to
$OUT/bench_gemm.json.

The kernel's manifest attrs pick the form: with ``--kernel
fp8q_scaled_matmul_1x128_1x128_f32`` (Wgrad, 1x128 scales on both operands,
f32 out) B is quantized per 1x128 row and the peer is ``F.scaled_mm`` with
BlockWise1x128 on both operands, f32 out, where this cuBLAS has that mode
(else the note says why); DeepGEMM runs its 1x128 x 1x128 kernel
(recipe (1, 1, 128), f32 out) there.

  python -m fp8q.bench.bench_gemm --export-dir build/bench/gemm_kernels            (GPU, torch)
  python -m fp8q.bench.bench_gemm --export-dir build/bench/gemm_kernels --dry-run  (no GPU)
  PYTHONPATH=/tmp/peers/DeepGEMM:python python3 -m fp8q.bench.bench_gemm \
      --export-dir build/bench/gemm_kernels --deepgemm-prewarm 8     (DeepGEMM too, JIT-compiled first)
  python -m fp8q.bench.bench_gemm --export-dir build/bench/gemm_kernels \
      --kernel fp8q_scaled_matmul_1x128_1x128_f32 --shapes 7168x2048x4096,...  (the Wgrad form)
  python -m fp8q.bench.bench_gemm --export-dir build/bench/gemm_kernels --sustained 2
      (also each GEMM back to back for 2 s, the GPU at its power limit: the
      throughput over the second half, with the SM clock, board power and
      clock-event reasons nvidia-smi reports meanwhile; see sustained())
  python -m fp8q.bench.bench_gemm --export-dir build/bench/gemm_plan --kernel plan
      (each shape with the kernel convert-fp8q-to-gpu picks for it: the
      export and plan.json of python/fp8q/bench/tile_plan.py; the note names
      the kernel)
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from fp8q.manifest import dims_of, load_manifest, unmet_requirements  # noqa: E402

from fp8q.device import check_gemm  # noqa: E402

KERNEL = "fp8q_scaled_matmul_1x128_128x128_bf16"


def host_us(fn, calls=100):
    """Host microseconds per call of fn (launches enqueue asynchronously)."""
    import time  # noqa: PLC0415

    import torch  # noqa: PLC0415
    fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    elapsed = time.perf_counter() - start
    torch.cuda.synchronize()
    return elapsed / calls * 1e6


#: nvidia-smi's clocks_event_reasons.active bits (nvml.h).
CLOCK_REASONS = {0x1: "idle", 0x2: "app clocks", 0x4: "power cap", 0x8: "hw slowdown",
                 0x20: "sw thermal", 0x40: "hw thermal", 0x80: "power brake",
                 0x100: "display clocks"}


def sustained(fn, seconds):
    """Throughput of ``fn`` launched back to back for ``seconds``.

    Timed with events over the second half of the loop only, so that the
    GPU's power controller has settled: an FP8 GEMM at full speed runs the
    H200 at its 700 W limit, where the SM clock drops 20-30 % below what a
    short burst (do_bench's median, a single launch) sees (measured
    2026-12-03, docs/GPU.md "H200 status"). While it runs, nvidia-smi (where
    it is installed) samples the SM clock, board power and clock-event
    reasons of this GPU every 50 ms. Returns (ms per call, {"host_bound":
    the host's time per call is at least 80 % of that (the loop then
    measures the launches, not the kernel), "sm_mhz", "watts": medians of
    the later half of the samples, "clock_reasons": the reasons any of them
    reported; without nvidia-smi only host_bound})."""
    import subprocess  # noqa: PLC0415

    import torch  # noqa: PLC0415
    smi = None
    uuid = getattr(torch.cuda.get_device_properties(torch.cuda.current_device()), "uuid", None)
    command = ["nvidia-smi", "--query-gpu=clocks.sm,power.draw,clocks_event_reasons.active",
               "--format=csv,noheader,nounits", "-lms", "50"]
    if uuid is not None:
        command += ["-i", f"GPU-{uuid}"]
    try:
        smi = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    except OSError:
        smi = None
    try:
        return _sustained_loop(fn, seconds, smi)
    finally:
        if smi is not None and smi.poll() is None:
            smi.kill()


def _sustained_loop(fn, seconds, smi):
    """sustained()'s loop and the reading of ``smi`` (a running nvidia-smi
    sampler, or None)."""
    import time  # noqa: PLC0415

    import torch  # noqa: PLC0415
    # The host's time per call, the queue empty: where it is most of the
    # kernel's, the loop measures the host, not the GPU.
    host_ms = host_us(fn, calls=20) / 1e3
    start = time.perf_counter()
    middle, end = torch.cuda.Event(True), torch.cuda.Event(True)
    timed = 0
    # Batches of 20 launches; the host blocks once the launch queue is full,
    # so the loop's wall time is the GPU's.
    while time.perf_counter() - start < seconds / 2:
        for _ in range(20):
            fn()
    middle.record()
    while time.perf_counter() - start < seconds or timed == 0:
        for _ in range(20):
            fn()
        timed += 20
    end.record()
    end.synchronize()
    ms = middle.elapsed_time(end) / timed
    state = {"host_bound": host_ms >= 0.8 * ms}
    if smi is not None:
        smi.terminate()
        lines = smi.communicate()[0].strip().splitlines()
        # The later half of the samples (taken at a fixed period from
        # before the loop to after it) stands for the timed half.
        # Lines that are not samples (e.g. "[N/A]" fields) are skipped.
        samples = []
        for line in lines[len(lines) // 2:]:
            try:
                mhz, watts, reasons = line.split(", ")
                samples.append((float(mhz), float(watts), int(reasons, 16)))
            except ValueError:
                continue
        if samples:
            bits = 0
            for _, _, reasons in samples:
                bits |= reasons
            middle_sample = len(samples) // 2
            state |= {"sm_mhz": sorted(v[0] for v in samples)[middle_sample],
                      "watts": sorted(v[1] for v in samples)[middle_sample],
                      "clock_reasons": [name for bit, name in CLOCK_REASONS.items()
                                        if bits & bit]}
    return ms, state


def _host_bound(row, name):
    """Whether fp8q's or peer ``name``'s sustained loop of ``row`` measured
    the host (no ratio is taken then)."""
    return row.get("fp8q_sustained_host_bound") or row.get(f"{name}_sustained_host_bound")


def deepgemm_peer(a, sa, wq, sw, m, n, b_rows, torch_out):
    """DeepGEMM's ``fp8_gemm_nt`` on the same operands, or the reason it
    cannot run (not installed, a shape it rejects). Its JIT compiles a
    kernel on the first call (nvcc; ``--deepgemm-prewarm`` compiles them
    all beforehand, in parallel), which the correctness check makes, before
    any timing.
    NOTE: DeepGEMM's NVRTC mode (DG_JIT_USE_NVRTC=1) fails with CUDA 13 on
    the H200 machine: it passes only CUDA_HOME/include, and CUDA 13 keeps
    <cuda/std/...> under include/cccl (checked 2026-12-02)."""
    import torch  # noqa: PLC0415
    try:
        import deep_gemm  # noqa: PLC0415
    except ImportError as error:
        return None, f"DeepGEMM: not installed ({error})"
    to_layout = getattr(deep_gemm, "get_mn_major_tma_aligned_tensor", None) or \
        deep_gemm._C.get_mn_major_tma_aligned_tensor
    d = torch.empty(m, n, device=a.device, dtype=torch_out)
    sfa = to_layout(sa)
    if b_rows == 1:
        sfb = to_layout(sw)

        def call():
            deep_gemm.fp8_gemm_nt((a, sfa), (wq, sfb), d, recipe=(1, 1, 128))
            return d
    else:
        def call():
            deep_gemm.fp8_gemm_nt((a, sfa), (wq, sw), d)
            return d
    return call, None


def _deepgemm_prewarm_one(shape):
    """One worker of --deepgemm-prewarm: runs DeepGEMM once on ``shape`` so
    that its JIT cache (on disk) holds the kernel; returns an error or ''."""
    import torch  # noqa: PLC0415
    m, n, k, b_rows, out_dtype = shape
    try:
        a = torch.zeros(m, k, device="cuda", dtype=torch.float8_e4m3fn)
        wq = torch.zeros(n, k, device="cuda", dtype=torch.float8_e4m3fn)
        sa = torch.ones(m, k // 128, device="cuda")
        sw = torch.ones(n if b_rows == 1 else -(-n // 128), k // 128, device="cuda")
        torch_out = torch.bfloat16 if out_dtype == "bf16" else torch.float32
        call, why = deepgemm_peer(a, sa, wq, sw, m, n, b_rows, torch_out)
        if call is not None:
            call()
            torch.cuda.synchronize()
        return why or ""
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}: {str(error)[:80]}"


def deepgemm_prewarm(shapes, jobs):
    """Compiles DeepGEMM's kernels for ``shapes`` in ``jobs`` processes."""
    import multiprocessing  # noqa: PLC0415
    import time  # noqa: PLC0415
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        errors = pool.map(_deepgemm_prewarm_one, shapes)
    failed = sum(1 for e in errors if e)
    print(f"DeepGEMM JIT prewarm: {len(shapes)} shapes, {failed} failed, "
          f"{time.perf_counter() - start:.0f} s ({jobs} processes)", file=sys.stderr, flush=True)


def bench_shape(kernel, m, n, k, b_rows=128, out_dtype="bf16", a_scales_mn_major=False,
                deepgemm=True, sustained_s=0.0):
    """One row of the table; ``b_rows`` rows of B share a scale (128: weight
    blocks, cuBLAS block as the peer; 1: the Wgrad form, 1x128 on both
    operands, cuBLAS with 1x128 scales on both where it has that mode).
    ``a_scales_mn_major``: the kernel takes A's scales as [K/128, M] (an
    `_amn` kernel), the storage cuBLAS reads them in too. ``sustained_s`` >
    0: each GEMM is also timed back to back for that long (sustained())."""
    import torch  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    from torch.nn.functional import ScalingType  # noqa: PLC0415
    try:
        from triton.testing import do_bench  # noqa: PLC0415
    except ImportError:
        do_bench = None
    torch.backends.cuda.matmul.allow_tf32 = False
    dev = "cuda"
    x = torch.randn(m, k, device=dev)
    w = torch.randn(n, k, device=dev)
    # 1x128 / 128x128 quantization (fp32 scales), as the recipe does.
    sa = (x.view(m, k // 128, 128).abs().amax(-1).clamp(min=1e-4) / 448).float()
    a = (x.view(m, k // 128, 128) / sa[..., None]).view(m, k).to(torch.float8_e4m3fn)
    if b_rows == 1:
        sw = (w.view(n, k // 128, 128).abs().amax(-1).clamp(min=1e-4) / 448).float()
        wq = (w.view(n, k // 128, 128) / sw[..., None]).view(n, k)
    else:
        nb = -(-n // 128)
        wp = torch.nn.functional.pad(w, (0, 0, 0, nb * 128 - n))
        sw = (wp.view(nb, 128, k // 128, 128).abs().amax((1, 3)).clamp(min=1e-4) / 448).float()
        wq = (wp.view(nb, 128, k // 128, 128) / sw[:, None, :, None]).view(nb * 128, k)[:n]
    wq = wq.to(torch.float8_e4m3fn).contiguous()
    sa = sa.contiguous()
    sw = sw.contiguous()
    torch_out = torch.bfloat16 if out_dtype == "bf16" else torch.float32
    out = torch.full((m, n), float("nan"), device=dev, dtype=torch_out)  # poison
    deq_a = a.float() * sa.repeat_interleave(128, 1)
    deq_w = wq.float() * sw.repeat_interleave(b_rows, 0)[:n].repeat_interleave(128, 1)
    want = deq_a @ deq_w.t()

    def rel(got):
        return float((got.float() - want).norm() / want.norm())

    sa_arg = sa.t().contiguous() if a_scales_mn_major else sa

    # Bound once, as a user's loop would (kernel(...) with the same tensors
    # reuses this check too): the timed function is the launch alone.
    fp8q = kernel.bind(a, sa_arg, wq, sw, out, M=m, N=n, K=k)

    fp8q()
    torch.cuda.synchronize()
    row = {"M": m, "N": n, "K": k, "fp8q_err": rel(out),
           "fp8q_unwritten": int(out.float().isnan().sum())}
    first = out.clone()
    # Host time per launch (enqueue only; 100 launches stay far below the
    # driver's queue depth): a full check (bind + launch), the cached call
    # kernel(...), the prepared launch; and the peer's call.
    row["host_us_bind"] = host_us(lambda: kernel.bind(a, sa_arg, wq, sw, out, M=m, N=n,
                                                      K=k)())
    row["host_us_call"] = host_us(lambda: kernel(a, sa_arg, wq, sw, out, M=m, N=n, K=k))
    row["host_us_launch"] = host_us(fp8q)
    # CUDA graphs: kernel(...) called while torch captures binds to the
    # capture stream; the replay must write what the eager launch wrote.
    graph = torch.cuda.CUDAGraph()
    out.fill_(float("nan"))
    with torch.cuda.graph(graph):
        kernel(a, sa_arg, wq, sw, out, M=m, N=n, K=k)
    graph.replay()
    torch.cuda.synchronize()
    row["graph_replay_equal"] = bool(torch.equal(out, first))
    timers = {"fp8q": fp8q, "bf16": lambda: x.bfloat16() @ w.bfloat16().t()}
    xb, wb = x.bfloat16(), w.bfloat16()
    timers["bf16"] = lambda: xb @ wb.t()
    if m % 4 == 0 and n % 128 == 0:
        sa_outer = sa.t().contiguous().t()
        if b_rows == 1:
            sw_outer = sw.t().contiguous().t()

            def cublas():
                return F.scaled_mm(a, wq.t(), sa_outer, ScalingType.BlockWise1x128,
                                   sw_outer, ScalingType.BlockWise1x128,
                                   output_dtype=torch_out)
        else:
            def cublas():
                return F.scaled_mm(a, wq.t(), sa_outer, ScalingType.BlockWise1x128, sw.t(),
                                   ScalingType.BlockWise128x128, output_dtype=torch.bfloat16)
        try:
            row["cublas_err"] = rel(cublas())
            timers["cublas_block"] = cublas
            row["cublas_host_us"] = host_us(cublas)
        except Exception as error:  # noqa: BLE001 (a mode this cuBLAS lacks)
            row["note"] = f"cuBLAS: {type(error).__name__}: {str(error)[:80]}"
    if deepgemm:
        try:
            call, why = deepgemm_peer(a, sa, wq, sw, m, n, b_rows, torch_out)
            if call is not None:
                row["deepgemm_err"] = rel(call())
                timers["deepgemm"] = call
        except Exception as error:  # noqa: BLE001 (a shape it rejects)
            why = f"DeepGEMM: {type(error).__name__}: {str(error)[:80]}"
        if why:
            row["note"] = (row.get("note", "") + "; " + why).lstrip("; ")
    flops = 2.0 * m * n * k
    for name, fn in timers.items():
        if do_bench is not None:
            ms = do_bench(fn, return_mode="median")
        else:
            start, end = torch.cuda.Event(True), torch.cuda.Event(True)
            for _ in range(3):
                fn()
            start.record()
            for _ in range(20):
                fn()
            end.record()
            torch.cuda.synchronize()
            ms = start.elapsed_time(end) / 20
        row[name + "_tflops"] = flops / ms / 1e9
    if sustained_s > 0:
        # After every peer's short timing, in the same order: each loop
        # starts from the state the previous one left (at the power limit).
        for name, fn in timers.items():
            ms, state = sustained(fn, sustained_s)
            row[name + "_sustained_tflops"] = flops / ms / 1e9
            for key, value in state.items():
                row[f"{name}_sustained_{key}"] = value
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export-dir", required=True)
    parser.add_argument("--kernel", default=KERNEL)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-deepgemm", action="store_true",
                        help="leave DeepGEMM out even where deep_gemm imports")
    parser.add_argument("--deepgemm-prewarm", type=int, default=0, metavar="JOBS",
                        help="compile DeepGEMM's kernels for every shape first, in JOBS "
                             "processes (its JIT runs nvcc once per kernel)")
    parser.add_argument("--sustained", type=float, default=0.0, metavar="SECONDS",
                        help="also run each GEMM back to back for SECONDS and report its "
                             "throughput over the second half, with the SM clock and board "
                             "power (the GPU at its power limit); 0: off")
    parser.add_argument("--shapes", default="perf",
                        help="perf (PERF.md's rows) and/or MxNxK, comma separated")
    args = parser.parse_args(argv)
    if args.sustained < 0:
        parser.error(f"--sustained takes seconds >= 0, got {args.sustained:g}")
    shapes = []
    for token in args.shapes.split(","):
        shapes += check_gemm.PERF_SHAPES if token == "perf" else [
            tuple(int(v) for v in token.split("x"))]
    manifest = load_manifest(args.export_dir, check_files=not args.dry_run)
    if args.kernel == "plan":
        with open(os.path.join(args.export_dir, "plan.json")) as f:
            plan = json.load(f)
        missing = [f"{m}x{n}x{k}" for m, n, k in shapes if f"{m}x{n}x{k}" not in plan]
        if missing:
            parser.error(f"plan.json of {args.export_dir} has no kernel for {', '.join(missing)}")
    else:
        plan = {f"{m}x{n}x{k}": args.kernel for m, n, k in shapes}
    specs = {name: manifest.kernel(name) for name in set(plan.values())}
    kernels = {}
    if not args.dry_run:
        import fp8q.runtime as rt  # noqa: PLC0415
        loaded = rt.load(args.export_dir)
        kernels = {name: loaded[name] for name in specs}
    forms = {(s.attrs.get("b_tile", (128, 128))[0], s.attrs.get("out_dtype", "bf16"))
             for s in specs.values()}
    if len(forms) != 1:
        parser.error("the plan's kernels must share one form (b_tile, out_dtype)")
    attrs = next(iter(specs.values())).attrs
    b_rows = int(attrs.get("b_tile", (128, 128))[0])
    out_dtype = attrs.get("out_dtype", "bf16")
    if args.deepgemm_prewarm and not args.dry_run and not args.no_deepgemm:
        deepgemm_prewarm([(m, n, k, b_rows, out_dtype) for m, n, k in shapes],
                         args.deepgemm_prewarm)
    rows = []
    for m, n, k in shapes:
        env = {"M": m, "N": n, "K": k}
        name = plan[f"{m}x{n}x{k}"]
        spec, kernel = specs[name], kernels.get(name)
        unmet = unmet_requirements(spec, env)
        if args.dry_run or unmet:
            grid = dims_of(spec.grid, env, "grid") if not unmet else "-"
            rows.append({"M": m, "N": n, "K": k, "note": "skip " + " and ".join(unmet)
                         if unmet else f"dry run, grid {grid}"})
            if args.kernel == "plan":
                rows[-1]["note"] += " " + name
            continue
        try:
            rows.append(bench_shape(kernel, m, n, k, b_rows=b_rows, out_dtype=out_dtype,
                                    a_scales_mn_major=spec.arg("sa").layout == "transposed",
                                    deepgemm=not args.no_deepgemm,
                                    sustained_s=args.sustained))
        except Exception as error:  # noqa: BLE001
            rows.append({"M": m, "N": n, "K": k, "note": f"{type(error).__name__}: {error}"})
        if args.kernel == "plan":
            rows[-1]["kernel"] = name
            rows[-1]["note"] = (rows[-1].get("note", "") + " " + name).strip()
        print(f"done {m}x{n}x{k}: " + ", ".join(
            f"{key} {value:.0f}" for key, value in rows[-1].items() if key.endswith("_tflops")),
            file=sys.stderr, flush=True)
    out_dir = os.environ.get("OUT")
    if out_dir and not args.dry_run:
        with open(os.path.join(out_dir, "bench_gemm.json"), "w") as f:
            json.dump(rows, f, indent=1)
    header = ("M", "N", "K", "fp8q", "cuBLAS block", "DeepGEMM", "bf16", "fp8q/cuBLAS",
              "fp8q/DeepGEMM", "fp8q err", "cuBLAS err", "DeepGEMM err",
              "host us: bind / call / launch / cuBLAS", "graph", "note")
    print(" | ".join(header))
    for r in rows:
        f, c, d, b = (r.get(x + "_tflops") for x in ("fp8q", "cublas_block", "deepgemm", "bf16"))
        print(" | ".join(str(v) for v in (
            r["M"], r["N"], r["K"], f"{f:.0f}" if f else "-", f"{c:.0f}" if c else "-",
            f"{d:.0f}" if d else "-", f"{b:.0f}" if b else "-",
            f"{f / c:.2f}" if f and c else "-", f"{f / d:.2f}" if f and d else "-",
            f"{r['fp8q_err']:.2e}" if "fp8q_err" in r else "-",
            f"{r['cublas_err']:.2e}" if "cublas_err" in r else "-",
            f"{r['deepgemm_err']:.2e}" if "deepgemm_err" in r else "-",
            " / ".join(f"{r[x]:.1f}" if x in r else "-" for x in (
                "host_us_bind", "host_us_call", "host_us_launch", "cublas_host_us")),
            {True: "ok", False: "DIFFERS"}.get(r.get("graph_replay_equal"), "-"),
            r.get("note", ""))))
    if args.sustained > 0:
        print(f"sustained ({args.sustained:g} s back to back, second half): TFLOP/s "
              "(SM MHz, W), ratios")
        print(" | ".join(("M", "N", "K", "fp8q", "cuBLAS block", "DeepGEMM", "bf16",
                          "fp8q/cuBLAS", "fp8q/DeepGEMM", "clock-event reasons")))
        for r in rows:
            cells, reasons = [], set()
            for name in ("fp8q", "cublas_block", "deepgemm", "bf16"):
                t = r.get(name + "_sustained_tflops")
                mhz, watts = (r.get(f"{name}_sustained_{x}") for x in ("sm_mhz", "watts"))
                reasons.update(r.get(f"{name}_sustained_clock_reasons", []))
                mark = "*" if r.get(f"{name}_sustained_host_bound") else ""
                cells.append("-" if t is None else f"{t:.0f}{mark}" if mhz is None
                             else f"{t:.0f}{mark} ({mhz:.0f}, {watts:.0f})")
            f, c, d = (r.get(x + "_sustained_tflops") for x in ("fp8q", "cublas_block", "deepgemm"))
            print(" | ".join(str(v) for v in (
                r["M"], r["N"], r["K"], *cells,
                f"{f / c:.2f}" if f and c and not _host_bound(r, "cublas_block") else "-",
                f"{f / d:.2f}" if f and d and not _host_bound(r, "deepgemm") else "-",
                ", ".join(sorted(reasons)) or "-")))
        print("* host-bound: the call's host time is at least 80 % of the time per call "
              "(no ratio taken)")
    bad = [r for r in rows if r.get("fp8q_err", 0) > check_gemm.DEFAULT_TOL
           or r.get("fp8q_unwritten") or r.get("graph_replay_equal") is False]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
