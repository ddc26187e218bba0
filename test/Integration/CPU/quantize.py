# fp8q.quantize on seeded random data of several distributions, sizes, tiles
# (1x128, 128x128, 128x1, a small 4x8), scale modes, eps values, source
# types (f32, bf16, f16) and transposed outputs (128x128 too), with tails in both
# dimensions; codes and scales bit-exact against fp8q.reference.quantize.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref


def as_kind(x, kind):
    """Rounds float values to the source type (RN-even), as float32."""
    x = np.asarray(x, dtype=np.float32)
    if kind == "bf16":
        return ref.round_to_bf16(x)
    if kind == "f16":
        return ref.round_to_f16(x)
    return x


def distributions(rng, shape):
    """name -> float32 array of the given shape."""
    rows = shape[0]
    normal = rng.standard_normal(shape)
    heavy = rng.lognormal(0.0, 3.0, shape) * rng.choice([-1.0, 1.0], shape)
    outliers = normal.copy()
    outliers.flat[rng.integers(0, normal.size, max(1, normal.size // 200))] *= 1e3
    per_row = normal * np.power(10.0, rng.uniform(-8, 8, (rows, 1)))
    return {
        "normal": normal,
        "uniform(-1000,1000)": rng.uniform(-1000, 1000, shape),
        "lognormal(sigma 3)": heavy,
        "normal with outliers": outliers,
        "rows scaled 1e-8..1e8": per_row,
    }


def main():
    rng = np.random.default_rng(1234)
    suite = Suite("quantize")
    configs = [
        # shape, kind, tile, scale mode, transpose
        ((64, 384), "f32", (1, 128), "fp32", False),
        ((37, 300), "bf16", (1, 128), "pow2", False),
        ((200, 300), "f16", (128, 128), "fp32", False),
        ((256, 384), "bf16", (128, 128), "pow2", False),
        ((200, 300), "bf16", (128, 128), "fp32", True),
        ((256, 130), "f16", (128, 128), "pow2", True),
        ((130, 200), "f32", (128, 1), "fp32", True),
        ((256, 96), "bf16", (128, 1), "pow2", True),
        ((50, 70), "f32", (1, 128), "pow2", True),
        ((33, 65), "f16", (4, 8), "fp32", True),
    ]
    for shape, kind, tile, mode, transpose in configs:
        for name, data in distributions(rng, shape).items():
            if kind == "f16":
                # Keep f16 sources finite (max 65504).
                data = data / max(1.0, np.abs(data).max() / 6e4)
            suite.quantize(name, as_kind(data, kind), kind, tile, mode,
                           transpose=transpose)

    # eps: a large floor (most tiles take it), and the smallest accepted.
    small = as_kind(rng.standard_normal((16, 256)) * 1e-3, "bf16")
    suite.quantize("eps dominates", small, "bf16", (1, 128), "fp32", eps=0.5)
    suite.quantize("eps dominates", small, "bf16", (1, 128), "pow2", eps=0.5)
    tiny = (rng.standard_normal((8, 128)) * 1e-33).astype(np.float32)
    suite.quantize("tiny values, smallest eps", tiny, "f32", (1, 128), "fp32",
                   eps=1e-30)
    suite.quantize("tiny values, smallest eps", tiny, "f32", (1, 128), "pow2",
                   eps=1e-30)
    suite.main()


if __name__ == "__main__":
    main()
