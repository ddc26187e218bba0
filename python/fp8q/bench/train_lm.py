#!/usr/bin/env python3
"""FP8 training through fp8q's kernels vs BF16: a small byte-level decoder LM.

The DeepSeek-V3 report (arXiv:2412.19437, section 3.3) validates its FP8
recipe by training the same model in FP8 and in BF16 and comparing the loss
(a relative gap below 0.25 %). This experiment does that at a small scale:

* data: a byte-level corpus of English text that ships with Python itself
  (the pydoc topics and the docstrings of the standard library, read with
  ``ast``; no network), split 95 / 5 into training and validation bytes;
* model: a pre-norm decoder (RMSNorm, causal attention through
  ``scaled_dot_product_attention``, SwiGLU MLP; untied byte embedding and
  output head), f32 master weights, AdamW, warm-up + cosine learning rate;
* BF16 run: ``torch.autocast(bfloat16)`` around the forward;
* FP8 run: the same, after ``fp8q.torch.convert(model)``: every Linear of the
  blocks runs the recipe through fp8q's kernels (1x128 activation tiles,
  128x128 weight blocks, FP8 Dgrad and Wgrad with the activation cached in
  FP8); embedding, head, norms and attention stay as in the BF16 run;
* same seed, same initial weights, same batches in both runs.

It prints the loss curves' summary and the step times, writes
``train_lm.json`` and ``train_lm.png`` (both curves) into ``--out`` (default
$OUT, else the current folder) and exits 1 when a run diverges (NaN).

  python -m fp8q.bench.train_lm                  # the H200 experiment (docs/Training.md)
  python -m fp8q.bench.train_lm --dry-run        # CI: a tiny model, a few steps, on the CPU

``--dry-run`` trains a 2-layer model for a few steps on the CPU, where
fp8q.torch computes with its reference numerics, and checks that both runs
learn and that the FP8 run's Linears really went through fp8q.
"""

from __future__ import annotations

import argparse
import ast
import collections
import json
import math
import os
import statistics
import sys
import sysconfig
import time
from dataclasses import asdict, dataclass

# ---------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------

# Standard-library folders whose docstrings are test fixtures or code samples
# rather than prose.
_SKIPPED_DIRS = {"test", "tests", "idlelib", "site-packages", "lib2to3", "__pycache__"}


def build_corpus(limit_bytes: int = 0) -> bytes:
    """English text from this Python installation, in a fixed order: the
    pydoc topics, then every docstring of the standard library (files and
    nodes in sorted/source order). ``limit_bytes`` > 0 stops early."""
    parts = []
    size = 0
    try:
        from pydoc_data.topics import topics  # noqa: PLC0415
        for key in sorted(topics):
            parts.append(topics[key])
            size += len(topics[key])
    except ImportError:
        pass
    root = sysconfig.get_paths()["stdlib"]
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIPPED_DIRS)
        for name in sorted(filenames):
            if limit_bytes and size >= limit_bytes:
                break
            if not name.endswith(".py"):
                continue
            try:
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    tree = ast.parse(f.read())
            except (SyntaxError, UnicodeDecodeError, ValueError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                     ast.AsyncFunctionDef)):
                    doc = ast.get_docstring(node)
                    if doc and len(doc) > 80:
                        parts.append(doc)
                        size += len(doc)
    text = "\n\n".join(parts).encode("utf-8")
    return text[:limit_bytes] if limit_bytes else text


# ---------------------------------------------------------------------------
# Model
# ---------------------------------------------------------------------------


@dataclass
class Config:
    layers: int = 8
    d_model: int = 512
    heads: int = 8
    ffn: int = 2048
    seq: int = 512
    batch: int = 16
    steps: int = 600
    warmup: int = 40
    lr: float = 1e-3
    min_lr_ratio: float = 0.1
    weight_decay: float = 0.1
    eval_every: int = 50
    eval_batches: int = 8
    seed: int = 1234


DRY_RUN = Config(layers=2, d_model=128, heads=2, ffn=256, seq=64, batch=2, steps=6,
                 warmup=2, lr=3e-3, eval_every=3, eval_batches=1)


def make_model(cfg: Config):
    import torch  # noqa: PLC0415
    from torch import nn  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415

    class RMSNorm(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.weight = nn.Parameter(torch.ones(dim))

        def forward(self, x):
            xf = x.float()
            xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)
            return (xf * self.weight).to(x.dtype)

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            d, f = cfg.d_model, cfg.ffn
            self.attn_norm = RMSNorm(d)
            self.q = nn.Linear(d, d, bias=False)
            self.k = nn.Linear(d, d, bias=False)
            self.v = nn.Linear(d, d, bias=False)
            self.o = nn.Linear(d, d, bias=False)
            self.mlp_norm = RMSNorm(d)
            self.gate_proj = nn.Linear(d, f, bias=False)
            self.up = nn.Linear(d, f, bias=False)
            self.down = nn.Linear(f, d, bias=False)

        def forward(self, x):
            b, t, d = x.shape
            h = self.attn_norm(x)

            def heads(y):
                return y.view(b, t, cfg.heads, d // cfg.heads).transpose(1, 2)
            a = F.scaled_dot_product_attention(heads(self.q(h)), heads(self.k(h)),
                                               heads(self.v(h)), is_causal=True)
            x = x + self.o(a.transpose(1, 2).reshape(b, t, d))
            h = self.mlp_norm(x)
            return x + self.down(F.silu(self.gate_proj(h)) * self.up(h))

    class DecoderLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(256, cfg.d_model)
            self.blocks = nn.ModuleList(Block() for _ in range(cfg.layers))
            self.norm = RMSNorm(cfg.d_model)
            self.lm_head = nn.Linear(cfg.d_model, 256, bias=False)
            for name, p in self.named_parameters():
                if p.dim() == 2:
                    std = 0.02 / math.sqrt(2 * cfg.layers) if name.endswith(("o.weight", "down.weight")) else 0.02
                    nn.init.normal_(p, std=std)

        def forward(self, ids):
            x = self.embed(ids)
            for block in self.blocks:
                x = block(x)
            return self.lm_head(self.norm(x))

    return DecoderLM()


# ---------------------------------------------------------------------------
# Training
# ---------------------------------------------------------------------------


def batches(data, cfg: Config, count: int, seed: int, device):
    """``count`` batches of random windows (deterministic in ``seed``)."""
    import numpy as np  # noqa: PLC0415
    import torch  # noqa: PLC0415
    rng = np.random.default_rng(seed)
    for _ in range(count):
        starts = rng.integers(0, len(data) - cfg.seq - 1, size=cfg.batch)
        window = np.stack([data[s:s + cfg.seq + 1] for s in starts]).astype(np.int64)
        t = torch.from_numpy(window).to(device)
        yield t[:, :-1], t[:, 1:]


def lr_at(step: int, cfg: Config) -> float:
    if step < cfg.warmup:
        return cfg.lr * (step + 1) / cfg.warmup
    progress = (step - cfg.warmup) / max(1, cfg.steps - cfg.warmup)
    cosine = 0.5 * (1 + math.cos(math.pi * progress))
    return cfg.lr * (cfg.min_lr_ratio + (1 - cfg.min_lr_ratio) * cosine)


def convert_torchao(model):
    """The peer of the fp8 run: the same Linears (fp8q.torch's default filter)
    through torchao's blockwise FP8 training path
    (``torchao.prototype.blockwise_fp8_training``: 1x128 / 128x128 tiles,
    triton quantization, cuBLAS block-scaled GEMMs; see
    :func:`fp8q.bench.bench_torch_linear.torchao_linear`). Returns the
    swapped names."""
    from torch import nn  # noqa: PLC0415
    from fp8q.bench.bench_torch_linear import torchao_linear  # noqa: PLC0415
    import fp8q.torch as fq  # noqa: PLC0415

    swapped = []
    for name, module in list(model.named_modules()):
        if type(module) is nn.Linear and fq.default_filter(name, module):
            if module.bias is not None:
                raise SystemExit("torchao's Float8BlockwiseLinear takes no bias")
            parent_name, _, child = name.rpartition(".")
            parent = model.get_submodule(parent_name) if parent_name else model
            setattr(parent, child, torchao_linear(module.weight))
            swapped.append(name)
    return swapped


def train(mode: str, cfg: Config, train_data, val_data, device, log):
    """One run; returns its record (losses per step, evals, step times)."""
    import torch  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    torch.manual_seed(cfg.seed)
    model = make_model(cfg).to(device)
    converted = []
    if mode == "fp8":
        import fp8q.torch as fq  # noqa: PLC0415
        fq.convert(model)
        converted = [name for name, m in model.named_modules() if isinstance(m, fq.Linear)]
        expected = 7 * cfg.layers
        if len(converted) != expected:
            raise SystemExit(f"fp8q.torch.convert swapped {len(converted)} Linears, "
                             f"expected the {expected} of the blocks")
        backends = {fq.backend(p) for p in model.parameters()}
        log(f"fp8: {len(converted)} Linears through fp8q ({', '.join(sorted(backends))})")
    elif mode == "torchao":
        converted = convert_torchao(model)
        expected = 7 * cfg.layers
        if len(converted) != expected:
            raise SystemExit(f"torchao: swapped {len(converted)} Linears, expected {expected}")
        log(f"torchao: {len(converted)} Linears through torchao's Float8BlockwiseLinear")
    decay = [p for p in model.parameters() if p.dim() == 2]
    rest = [p for p in model.parameters() if p.dim() != 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": cfg.weight_decay},
                             {"params": rest, "weight_decay": 0.0}],
                            lr=cfg.lr, betas=(0.9, 0.95), eps=1e-8)
    autocast = torch.autocast(device_type=device.type, dtype=torch.bfloat16)
    val = list(batches(val_data, cfg, cfg.eval_batches, cfg.seed + 1, device))

    def evaluate():
        model.eval()
        with torch.no_grad(), autocast:
            total = sum(F.cross_entropy(model(x).float().view(-1, 256), y.reshape(-1)).item()
                        for x, y in val)
        model.train()
        return total / len(val)

    record = {"mode": mode, "loss": [], "eval": [], "step_ms": [], "converted": converted}
    cuda = device.type == "cuda"
    for step, (x, y) in enumerate(batches(train_data, cfg, cfg.steps, cfg.seed, device)):
        for group in opt.param_groups:
            group["lr"] = lr_at(step, cfg)
        if cuda:
            start, end = torch.cuda.Event(True), torch.cuda.Event(True)
            start.record()
        t0 = time.perf_counter()
        with autocast:
            logits = model(x)
        loss = F.cross_entropy(logits.float().view(-1, 256), y.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if cuda:
            end.record()
            end.synchronize()
            record["step_ms"].append(start.elapsed_time(end))
        else:
            record["step_ms"].append((time.perf_counter() - t0) * 1e3)
        value = loss.item()
        record["loss"].append(value)
        if not math.isfinite(value):
            log(f"{mode}: step {step}: loss {value}: diverged")
            record["diverged"] = step
            return record
        if (step + 1) % cfg.eval_every == 0 or step + 1 == cfg.steps:
            record["eval"].append((step + 1, evaluate()))
            log(f"{mode}: step {step + 1}: train {value:.4f} val {record['eval'][-1][1]:.4f} "
                f"({record['step_ms'][-1]:.1f} ms/step)")
    return record


def summarize(runs, cfg: Config):
    """The comparison: final validation loss, training loss averaged over the
    last 10 % of steps, their relative FP8-vs-BF16 gaps, median step time."""
    tail = max(1, cfg.steps // 10)
    out = {}
    for mode, r in runs.items():
        skip = min(5, len(r["step_ms"]) - 1)
        out[mode] = {
            "final_val": r["eval"][-1][1] if r["eval"] else float("nan"),
            "train_tail": statistics.fmean(r["loss"][-tail:]),
            "step_ms_median": statistics.median(r["step_ms"][skip:]),
        }
    if "bf16" in out and "fp8" in out:
        for key in ("final_val", "train_tail"):
            out["gap_" + key] = (out["fp8"][key] - out["bf16"][key]) / out["bf16"][key]
    if "bf16" in out and "torchao" in out:
        for key in ("final_val", "train_tail"):
            out["torchao_gap_" + key] = ((out["torchao"][key] - out["bf16"][key])
                                         / out["bf16"][key])
    if "bf16" in out and "bf16-repeat" in out:
        # The noise floor: the same BF16 run again (same seed and batches;
        # the GPU's reductions are not deterministic).
        for key in ("final_val", "train_tail"):
            out["repeat_gap_" + key] = ((out["bf16-repeat"][key] - out["bf16"][key])
                                        / out["bf16"][key])
    return out


def _smooth(values, window: int = 25):
    """Trailing moving average (the first points average what exists)."""
    out, total = [], 0.0
    for i, v in enumerate(values):
        total += v
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out


def plot(runs, cfg: Config, path: str):
    """Top: training loss (moving average of 25 steps) and validation loss of
    both runs; bottom: the FP8 run's relative difference to BF16 in %."""
    try:
        import matplotlib  # noqa: PLC0415
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        return False
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7.5, 6.5), dpi=120, sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    colors = {"bf16": "tab:blue", "fp8": "tab:red", "bf16-repeat": "tab:cyan",
              "torchao": "tab:green"}
    labels = {"bf16": "BF16", "fp8": "FP8 (fp8q kernels)", "bf16-repeat": "BF16 again",
              "torchao": "FP8 (torchao blockwise)"}
    smooth = {}
    for mode, r in runs.items():
        smooth[mode] = _smooth(r["loss"])
        steps = range(1, len(r["loss"]) + 1)
        top.plot(steps, smooth[mode], color=colors[mode], linewidth=1.2,
                 label=labels[mode] + " train (avg 25)")
        if r["eval"]:
            at, values = zip(*r["eval"])
            top.plot(at, values, "o--", color=colors[mode], markersize=3, linewidth=0.8,
                     label=labels[mode] + " val")
    top.set_ylabel("cross-entropy (nats/byte)")
    top.set_ylim(top=min(4.0, top.get_ylim()[1]))
    top.set_title(f"Byte-level LM, {cfg.layers} layers, d={cfg.d_model}, "
                  f"{cfg.batch}x{cfg.seq} tokens/step: FP8 vs BF16")
    top.legend(fontsize=8)
    top.grid(alpha=0.3)
    if "bf16" in runs and "fp8" in runs:
        n = min(len(smooth["bf16"]), len(smooth["fp8"]))
        gap = [100 * (f - b) / b for f, b in zip(smooth["fp8"][:n], smooth["bf16"][:n])]
        bottom.plot(range(1, n + 1), gap, color="tab:purple", linewidth=1.0,
                    label="train (avg 25)")
        ev_b, ev_f = dict(runs["bf16"]["eval"]), dict(runs["fp8"]["eval"])
        common = sorted(set(ev_b) & set(ev_f))
        bottom.plot(common, [100 * (ev_f[s] - ev_b[s]) / ev_b[s] for s in common], "o--",
                    color="black", markersize=3, linewidth=0.8, label="val")
        if "bf16-repeat" in runs:
            again = smooth["bf16-repeat"][:n]
            bottom.plot(range(1, n + 1), [100 * (a - b) / b for a, b in
                                          zip(again, smooth["bf16"][:n])],
                        color="tab:cyan", linewidth=0.8,
                        label="BF16 again vs BF16, train (noise)")
        if "torchao" in runs:
            peer = smooth["torchao"][:n]
            bottom.plot(range(1, n + 1), [100 * (a - b) / b for a, b in
                                          zip(peer, smooth["bf16"][:n])],
                        color="tab:green", linewidth=0.8,
                        label="torchao FP8 vs BF16, train")
        bottom.axhline(0, color="gray", linewidth=0.6)
        for y in (-0.25, 0.25):
            bottom.axhline(y, color="gray", linewidth=0.6, linestyle=":")
        bottom.set_ylim(-2, 2)
        bottom.set_ylabel("FP8 vs BF16 (%)")
        bottom.legend(fontsize=8)
        bottom.grid(alpha=0.3)
    bottom.set_xlabel("step")
    fig.tight_layout()
    fig.savefig(path)
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true",
                        help="a tiny model for a few steps on the CPU (CI)")
    parser.add_argument("--modes", default="bf16,fp8",
                        help="runs, comma separated: bf16, fp8, torchao (the peer: torchao's "
                             "blockwise FP8 Linear), bf16-repeat (BF16 again: "
                             "the run-to-run noise of the same step)")
    parser.add_argument("--steps", type=int)
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    parser.add_argument("--profile", type=int, default=0, metavar="STEPS",
                        help="instead of the experiment: STEPS steps of each mode under "
                             "cProfile (host time by function), after 3 warm-up steps")
    parser.add_argument("--replot", metavar="JSON",
                        help="only draw train_lm.png into --out from a results file")
    args = parser.parse_args(argv)
    if args.replot:
        with open(args.replot) as f:
            results = json.load(f)
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, "train_lm.png")
        if not plot(results["runs"], Config(**results["config"]), path):
            parser.error("--replot needs matplotlib")
        print(path)
        return 0

    import numpy as np  # noqa: PLC0415
    import torch  # noqa: PLC0415
    cfg = DRY_RUN if args.dry_run else Config()
    if args.steps:
        cfg.steps = args.steps
    modes = [m for m in args.modes.split(",") if m]
    unknown = set(modes) - {"bf16", "fp8", "bf16-repeat", "torchao"}
    if unknown:
        parser.error(f"unknown mode(s) {', '.join(sorted(unknown))}: expected bf16, fp8, "
                     "bf16-repeat, torchao")
    if args.dry_run and "torchao" in modes:
        parser.error("mode torchao needs a CUDA GPU (torchao's triton kernels), not --dry-run")
    if args.dry_run:
        device = torch.device("cpu")
    elif torch.cuda.is_available():
        device = torch.device("cuda")
    else:
        parser.error("no CUDA device: run with --dry-run for the CPU check")

    def log(message):
        print(message, flush=True)

    corpus = build_corpus(limit_bytes=200_000 if args.dry_run else 0)
    data = np.frombuffer(corpus, dtype=np.uint8)
    split = int(len(data) * 0.95)
    train_data, val_data = data[:split], data[split:]
    params = sum(p.numel() for p in make_model(cfg).parameters())
    log(f"corpus: {len(corpus)} bytes ({split} train); model: {params / 1e6:.1f} M parameters; "
        f"{cfg.steps} steps of {cfg.batch} x {cfg.seq} tokens on {device}")
    if args.profile:
        import cProfile  # noqa: PLC0415
        import pstats  # noqa: PLC0415
        cfg.steps, cfg.eval_every = 3 + args.profile, 10 ** 9
        for mode in modes:
            profiler = cProfile.Profile()
            original = batches

            def profiled(*a, **k):
                for i, item in enumerate(original(*a, **k)):
                    if i == 3:
                        profiler.enable()
                    yield item
                profiler.disable()
            globals()["batches"] = profiled
            # The backward runs on autograd's device thread, which cProfile
            # does not see: fp8q.torch's launches are timed by a wrapper.
            launches = collections.defaultdict(lambda: [0, 0.0])
            ops = None
            if mode == "fp8" and device.type == "cuda":
                from fp8q.torch import ops  # noqa: PLC0415
                real_launch = ops._launch

                def timed_launch(name, *a, _real=real_launch):
                    t0 = time.perf_counter()
                    _real(name, *a)
                    entry = launches[name]
                    entry[0] += 1
                    entry[1] += time.perf_counter() - t0
                ops._launch = timed_launch
            try:
                record = train(mode, cfg, train_data, val_data, device, log)
            finally:
                globals()["batches"] = original
                if ops is not None:
                    ops._launch = real_launch
            steps = len(record["step_ms"])
            for name, (count, seconds) in sorted(launches.items(), key=lambda kv: -kv[1][1]):
                print(f"launch {name}: {count / steps:.0f} per step, "
                      f"{seconds / count * 1e6:.1f} us host each")
            print(f"== {mode}: median step {statistics.median(record['step_ms'][3:]):.1f} ms "
                  f"(GPU events around the whole step)")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    runs = {mode: train(mode, cfg, train_data, val_data, device, log) for mode in modes}
    summary = summarize(runs, cfg)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "train_lm.json"), "w") as f:
        json.dump({"config": asdict(cfg), "corpus_bytes": len(corpus), "parameters": params,
                   "device": torch.cuda.get_device_name() if device.type == "cuda" else "cpu",
                   "summary": summary, "runs": runs}, f, indent=1)
    plotted = plot(runs, cfg, os.path.join(args.out, "train_lm.png"))
    print("mode | final val loss | train loss (last 10%) | median step ms")
    for mode in modes:
        s = summary[mode]
        print(f"{mode} | {s['final_val']:.4f} | {s['train_tail']:.4f} | {s['step_ms_median']:.1f}")
    if "gap_final_val" in summary:
        print(f"FP8 vs BF16 relative gap: val {summary['gap_final_val'] * 100:+.3f} %, "
              f"train {summary['gap_train_tail'] * 100:+.3f} %")
    if "torchao_gap_final_val" in summary:
        print(f"torchao FP8 vs BF16 relative gap: val "
              f"{summary['torchao_gap_final_val'] * 100:+.3f} %, "
              f"train {summary['torchao_gap_train_tail'] * 100:+.3f} %")
    if "repeat_gap_final_val" in summary:
        print(f"BF16 again vs BF16 (noise): val {summary['repeat_gap_final_val'] * 100:+.3f} %, "
              f"train {summary['repeat_gap_train_tail'] * 100:+.3f} %")
    if not plotted:
        print("(matplotlib missing: no plot)")
    failed = [m for m, r in runs.items() if "diverged" in r]
    if args.dry_run:
        # Both runs must learn: the loss of the last steps below the first's
        # (random bytes: ln 256 = 5.55 nats).
        for mode, r in runs.items():
            if not r["loss"][-1] < r["loss"][0]:
                print(f"{mode}: the loss did not fall ({r['loss'][0]:.3f} -> {r['loss'][-1]:.3f})")
                failed.append(mode)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
