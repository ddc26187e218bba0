#!/usr/bin/env python3
"""A Linear's training step in PyTorch: fp8q.torch vs torchao's blockwise FP8 vs bf16.

One run, same inputs and weights (PERF.md "How to measure"). Per shape
(T tokens, K in, N out), the forward and backward of one bias-free Linear
(``y = x W^T``; then ``dx``, ``dW`` from a fixed ``dy``) in bf16 through:

* ``bf16``: ``torch.nn.Linear`` (cuBLAS bf16 GEMMs), the baseline;
* ``fp8q``: ``fp8q.torch.Linear`` (fp8q's exported kernels: the recipe's
  1x128 / 128x128 quantization, Dgrad on the transposed weight blocks, Wgrad
  on the cached FP8 activation; docs/Torch.md);
* ``torchao``: torchao's ``Float8BlockwiseLinear``
  (``torchao.prototype.blockwise_fp8_training``: the same tilings, triton
  quantization, cuBLAS block-scaled GEMMs through ``F.scaled_mm``) when
  ``torchao`` imports; ``torchao-triton`` the same with its triton GEMMs.
  Its autograd function takes the weight in the input's dtype, so the
  weight is passed through ``.to(bfloat16)`` (a no-op here: the weights are
  bf16), as autocast would pass it to ``nn.Linear``.

Reported per layer: the step's GPU time (CUDA events around ``reps``
fwd+bwd steps, median of ``trials``; no host sync inside), and the relative
Frobenius errors of ``y``, ``dx``, ``dW`` against an f32 computation from the
same bf16 x, W, dy. Then the host time of single fp8q ops (the Python call,
kernels launched on tiny inputs so that the GPU never holds the host back),
next to torchao's quantization and a torch ``mm`` call.

  python -m fp8q.bench.bench_torch_linear                 (CUDA; $OUT/bench_torch_linear.json)
  python -m fp8q.bench.bench_torch_linear --host-only     (CUDA: the host times only)
  python -m fp8q.bench.bench_torch_linear --dry-run       (CPU: fp8q's reference backend)

The TE (Transformer Engine) peer is not here: it does not install from a
wheel on the GPU machine (no network there, a CUDA build).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from typing import Callable, Dict, List, Optional, Tuple

import torch

from fp8q.bench.bench_gemm import host_us

#: (T, K, N): DeepSeek-V3-sized Linears and the training experiment's.
SHAPES = [(4096, 7168, 7168), (8192, 7168, 2048), (8192, 2048, 7168), (8192, 512, 2048)]
DRY_RUN_SHAPES = [(256, 256, 384)]


def _rel(a: torch.Tensor, ref: torch.Tensor) -> float:
    return float((a.detach().float() - ref).norm() / ref.norm())


def torchao_linear(weight: torch.nn.Parameter, triton: bool = False) -> torch.nn.Module:
    """A bias-free Linear on ``weight`` through torchao's blockwise FP8
    training path (``fp8_blockwise_mm``: 1x128 / 128x128 tiles, triton
    quantization; cuBLAS block-scaled GEMMs, or torchao's triton GEMMs with
    ``triton``). Its autograd function takes the weight in the input's dtype,
    so the weight goes through ``.to(x.dtype)``, as autocast passes it to
    ``nn.Linear``. Raises ImportError where torchao is missing."""
    from torchao.prototype.blockwise_fp8_training.linear import (  # noqa: PLC0415
        Float8BlockwiseLinear, fp8_blockwise_mm)
    # Float8BlockwiseLinear's own checks (SM90, 128 | features).
    Float8BlockwiseLinear.from_float(
        torch.nn.Linear(weight.shape[1], weight.shape[0], bias=False, device="meta"))

    class TorchaoLinear(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = weight

        def forward(self, x):
            return fp8_blockwise_mm.apply(x, self.weight.to(x.dtype), 128, x.dtype, triton)

    return TorchaoLinear()


def _torchao_layer(weight: torch.Tensor, triton: bool):
    """(torchao's Linear on a copy of ``weight``, "") or (None, why not)."""
    try:
        return torchao_linear(torch.nn.Parameter(weight.detach().clone()), triton), ""
    except Exception as err:  # noqa: BLE001  (not installed, built for another torch, no SM90)
        return None, f"{type(err).__name__}: {err}"


def layers_for(weight: torch.Tensor, dry_run: bool):
    """(name, module or None, note) for every implementation."""
    import fp8q.torch as ft  # noqa: PLC0415
    n, k = weight.shape
    bf16 = torch.nn.Linear(k, n, bias=False, device=weight.device, dtype=weight.dtype)
    fp8q = ft.Linear(k, n, bias=False, device=weight.device, dtype=weight.dtype)
    with torch.no_grad():
        bf16.weight.copy_(weight)
        fp8q.weight.copy_(weight)
    out = [("bf16", bf16, ""), ("fp8q", fp8q, "")]
    if not dry_run:
        for name, triton in (("torchao", False), ("torchao-triton", True)):
            layer, note = _torchao_layer(weight, triton)
            out.append((name, layer, note))
    return out


def step_errors(layer, x, dy, ref) -> Dict[str, float]:
    xg = x.detach().clone().requires_grad_(True)
    layer.weight.grad = None
    y = layer(xg)
    y.backward(dy)
    return {"y_err": _rel(y, ref["y"]), "dx_err": _rel(xg.grad, ref["dx"]),
            "dw_err": _rel(layer.weight.grad, ref["dw"])}


def time_steps(layer, x, dy, reps: int, trials: int) -> float:
    """Median ms per fwd+bwd step (CUDA events around ``reps`` steps)."""
    xg = x.detach().clone().requires_grad_(True)

    def step():
        xg.grad = None
        layer.weight.grad = None
        layer(xg).backward(dy)

    for _ in range(3):
        step()
    torch.cuda.synchronize()
    samples = []
    for _ in range(trials):
        start, end = torch.cuda.Event(True), torch.cuda.Event(True)
        start.record()
        for _ in range(reps):
            step()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / reps)
    return statistics.median(samples)


def bench_shape(t: int, k: int, n: int, device: str, reps: int, trials: int,
                dry_run: bool, done: Callable[[dict], None] = lambda row: None) -> List[dict]:
    """The rows of one shape; ``done(row)`` is called as each is complete."""
    g = torch.Generator(device="cpu").manual_seed(t * 7 + k * 3 + n)
    x = torch.randn(t, k, generator=g).to(device, torch.bfloat16)
    w = (torch.randn(n, k, generator=g) / k ** 0.5).to(device, torch.bfloat16)
    dy = (torch.randn(t, n, generator=g) * 1e-2).to(device, torch.bfloat16)
    xf, wf, dyf = x.float(), w.float(), dy.float()
    ref = {"y": xf @ wf.T, "dx": dyf @ wf, "dw": dyf.T @ xf}
    rows = []
    base = None  # bf16's ms (the first layer)
    for name, layer, note in layers_for(w, dry_run):
        row = {"layer": name, "T": t, "K": k, "N": n}
        if layer is None:
            row["note"] = note
            rows.append(row)
            done(row)
            continue
        try:
            row.update(step_errors(layer, x, dy, ref))
            if not dry_run:
                ms = time_steps(layer, x, dy, reps, trials)
                row["ms"] = ms
                row["tflops"] = 3 * 2 * t * k * n / (ms * 1e-3) / 1e12
        except Exception as err:  # noqa: BLE001  (one line per failing layer, then go on)
            row["note"] = f"{type(err).__name__}: {err}"
        if name == "bf16":
            base = row.get("ms")
        if base and row.get("ms"):
            row["speedup_vs_bf16"] = base / row["ms"]
        rows.append(row)
        done(row)
    return rows


def bench_host() -> List[dict]:
    import fp8q.torch as ft  # noqa: PLC0415
    x = torch.randn(128, 128, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(128, 128, device="cuda", dtype=torch.bfloat16)
    qx, sx = ft.quantize_1x128(x)
    qw, sw = ft.quantize_128x128(w)
    cases: List[Tuple[str, Callable[[], object]]] = [
        ("fp8q quantize_1x128", lambda: ft.quantize_1x128(x)),
        ("fp8q quantize_128x128", lambda: ft.quantize_128x128(w)),
        ("fp8q quantize_1x128_128x1t", lambda: ft.quantize_1x128_128x1t(x)),
        ("fp8q tile_transpose", lambda: ft.tile_transpose(qx, sx)),
        ("fp8q scaled_mm (fprop, bf16)", lambda: ft.scaled_mm(qx, sx, qw, sw)),
        ("torch mm (bf16, cuBLAS)", lambda: torch.mm(x, w)),
    ]
    try:
        from torchao.prototype.blockwise_fp8_training.kernels import (  # noqa: PLC0415
            triton_fp8_blockwise_act_quant_lhs)
        cases.append(("torchao act_quant_lhs (triton)",
                      lambda: triton_fp8_blockwise_act_quant_lhs(x, 128)))
    except Exception:  # noqa: BLE001
        pass
    rows = []
    for name, fn in cases:
        try:
            rows.append({"op": name, "host_us": host_us(fn, calls=300)})
        except Exception as err:  # noqa: BLE001
            rows.append({"op": name, "note": f"{type(err).__name__}: {err}"})
    return rows


def _print_row(r: dict) -> None:
    print(" | ".join([r["layer"], str(r["T"]), str(r["K"]), str(r["N"]),
                      _fmt(r.get("ms"), ".3f"), _fmt(r.get("tflops"), ".0f"),
                      _fmt(r.get("speedup_vs_bf16"), ".2f"), _fmt(r.get("y_err"), ".2e"),
                      _fmt(r.get("dx_err"), ".2e"), _fmt(r.get("dw_err"), ".2e"),
                      r.get("note", "")]), flush=True)


def _fmt(value: Optional[float], spec: str) -> str:
    return "-" if value is None else format(value, spec)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true",
                        help="CPU: fp8q's reference backend and bf16 on a small shape, errors only")
    parser.add_argument("--shapes", help="T,K,N;T,K,N;... (default: DeepSeek-V3 sizes)")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--kernels", help="fp8q.torch export directory")
    parser.add_argument("--host-only", action="store_true",
                        help="only the host time per op (no Linear steps: torchao's triton "
                             "GEMMs take minutes to autotune on first use)")
    args = parser.parse_args(argv)
    if args.shapes:
        try:
            shapes = [tuple(int(v) for v in s.split(",")) for s in args.shapes.split(";")]
            if any(len(s) != 3 or min(s) <= 0 for s in shapes):
                raise ValueError
        except ValueError:
            parser.error(f"--shapes: expected T,K,N;T,K,N... with positive integers, "
                         f"got {args.shapes!r}")
    else:
        shapes = DRY_RUN_SHAPES if args.dry_run else SHAPES
    device = "cpu" if args.dry_run else "cuda"
    if device == "cuda" and not torch.cuda.is_available():
        print("bench_torch_linear: no CUDA device (use --dry-run on the CPU)", file=sys.stderr)
        return 1
    if args.kernels:
        import fp8q.torch as ft  # noqa: PLC0415
        ft.set_kernel_dir(args.kernels)
    print(f"torch {torch.__version__}; device: "
          f"{torch.cuda.get_device_name() if device == 'cuda' else 'cpu'}", flush=True)
    header = ("layer", "T", "K", "N", "ms/step", "TFLOP/s", "vs bf16", "y err", "dx err",
              "dW err", "note")
    print(" | ".join(header), flush=True)
    rows = []
    for t, k, n in [] if args.host_only else shapes:
        # Each row as soon as it is measured (bench_shape's torchao rows can
        # take minutes; a run cut by a timeout keeps what it measured).
        rows += bench_shape(t, k, n, device, args.reps, args.trials, args.dry_run, _print_row)
    host = [] if args.dry_run else bench_host()
    for r in host:
        print(f"host {r['op']}: {_fmt(r.get('host_us'), '.1f')} us/call {r.get('note', '')}")
    out_dir = os.environ.get("OUT")
    if out_dir and not args.dry_run:
        with open(os.path.join(out_dir, "bench_torch_linear.json"), "w") as f:
            json.dump({"steps": rows, "host": host, "torch": torch.__version__}, f, indent=1)
    failed = [r for r in rows if r["layer"] in ("bf16", "fp8q") and "note" in r]
    if args.dry_run:
        # FP8 (e4m3, 1x128 / 128x128 scales) on N(0, 1) data is 2-6 % off the f32
        # product; bf16 about 0.2 %. Outside these bands the dry run fails.
        bands = {"bf16": (1e-4, 1e-2), "fp8q": (1e-2, 8e-2)}
        for r in rows:
            low, high = bands[r["layer"]]
            for key in ("y_err", "dx_err", "dw_err"):
                if not low <= r.get(key, -1.0) <= high:
                    print(f"bench_torch_linear: {r['layer']} {key} {r.get(key)} outside "
                          f"[{low}, {high}]", file=sys.stderr)
                    failed.append(r)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
