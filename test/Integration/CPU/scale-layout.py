# fp8q.quantize and fp8q.dequantize with scale_layout = mn_major on the CPU:
# seeded random data of several distributions, tiles (1x128, 128x128, 128x1
# with transpose, a small 4x8), scale modes and source types with tails in
# both dimensions, and hand-made special tiles (zeros, below eps, NaN, +-Inf,
# f32 max, subnormals, NaN/Inf in tail blocks); codes bit-exact against
# fp8q.reference.quantize and scales bit-exact against the transpose of its
# (k_major) scales. Dequantize reads mn_major scales: bit-exact against
# fp8q.reference.dequantize of the transposed-back scales, to f32/bf16/f16.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref

NAN, INF = np.float32(np.nan), np.float32(np.inf)
MN = "mn_major"


def as_kind(x, kind):
    """Rounds float values to the source type (RN-even), as float32."""
    x = np.asarray(x, dtype=np.float32)
    if kind == "bf16":
        return ref.round_to_bf16(x)
    if kind == "f16":
        return ref.round_to_f16(x)
    return x


def special_tiles():
    """130x200 f32 with one special row per 1x128 tile of the first rows and
    tails in both dimensions (128x1 and 128x128 tiles see them too)."""
    x = np.full((130, 200), 1.0, np.float32)
    x[0, :] = 0.0                                   # all +0
    x[1, :128] = -0.0                               # signed zeros
    x[2, :128] = 1e-6                               # amax below eps
    x[3, 5] = NAN                                   # one NaN
    x[4, :5] = [NAN, INF, -INF, 0.0, -0.0]          # NaN wins over Inf
    x[5, 130] = INF                                 # +Inf in a tail tile
    x[6, 140] = -INF                                # -Inf in a tail tile
    x[7, :128] = 448.0                              # s = 1 in fp32 mode
    x[8, 3] = 3.4028235e38                          # f32 max amax
    x[9, 128:] = 1e-40                              # f32 subnormals < eps
    x[128:, 128:] = 0.0                             # a zero 128x128 tail
    x[129, 7] = 3e38                                # huge in the row tail
    return x


def main():
    rng = np.random.default_rng(4321)
    suite = Suite("scale_layout")
    configs = [
        # shape, kind, tile, scale mode, transpose
        ((130, 300), "f32", (1, 128), "fp32", False),
        ((37, 300), "bf16", (1, 128), "pow2", False),
        ((200, 300), "f16", (128, 128), "fp32", False),
        ((300, 130), "bf16", (128, 128), "pow2", False),
        ((130, 200), "f32", (128, 1), "fp32", True),
        ((256, 96), "bf16", (128, 1), "pow2", True),
        ((33, 65), "f16", (4, 8), "fp32", True),
    ]
    for shape, kind, tile, mode, transpose in configs:
        normal = rng.standard_normal(shape)
        per_row = normal * np.power(10.0, rng.uniform(-8, 8, (shape[0], 1)))
        per_col = normal * np.power(10.0, rng.uniform(-8, 8, (1, shape[1])))
        for name, data in (("normal", normal), ("rows scaled 1e-8..1e8", per_row),
                           ("columns scaled 1e-8..1e8", per_col)):
            if kind == "f16":
                data = data / max(1.0, np.abs(data).max() / 6e4)
            suite.quantize(name, as_kind(data, kind), kind, tile, mode,
                           transpose=transpose, scale_layout=MN)

    tiles = special_tiles()
    for mode in ("fp32", "pow2"):
        suite.quantize("special tiles", tiles, "f32", (1, 128), mode,
                       scale_layout=MN)
        suite.quantize("special tiles", ref.round_to_bf16(tiles), "bf16",
                       (1, 128), mode, scale_layout=MN)
        suite.quantize("special tiles transposed", tiles, "f32", (128, 1),
                       mode, transpose=True, scale_layout=MN)
        suite.quantize("special tiles", tiles, "f32", (128, 128), mode,
                       scale_layout=MN)
        suite.quantize("special tiles transposed", tiles, "f32", (128, 128),
                       mode, transpose=True, scale_layout=MN)
    suite.quantize("eps dominates", as_kind(rng.standard_normal((16, 256)) * 1e-3,
                                            "bf16"),
                   "bf16", (1, 128), "pow2", eps=0.5, scale_layout=MN)

    # dequantize: the codes and (transposed) scales of a quantization, and
    # random codes under special scales.
    x = rng.standard_normal((130, 300)).astype(np.float32) * 50
    for tile in ((1, 128), (128, 128), (128, 1)):
        codes, scales = ref.quantize(x, tile, "fp32")
        for out_kind in ("f32", "bf16", "f16"):
            suite.dequantize("quantized normal", codes, ref.scales_mn_major(scales),
                             tile, out_kind, scale_layout=MN)
    codes = rng.integers(0, 256, (130, 200), dtype=np.uint8)
    grid = (2, 2)   # 130x200 in 128x128 tiles
    scales = np.array([[0.5, 3e38], [1e-38, 147.0]], np.float32)
    assert scales.shape == grid
    for out_kind in ("f32", "bf16", "f16"):
        suite.dequantize("random codes, special scales", codes,
                         ref.scales_mn_major(scales), (128, 128), out_kind,
                         scale_layout=MN)
    row_scales = np.exp2(rng.integers(-30, 30, (130, 2))).astype(np.float32)
    row_scales[3, 1] = INF
    row_scales[4, 0] = NAN
    suite.dequantize("random codes, 1x128", codes, ref.scales_mn_major(row_scales),
                     (1, 128), "bf16", scale_layout=MN)
    suite.main()


if __name__ == "__main__":
    main()
