# fp8q.dequantize of every E4M3 code under many scales (random fp32 and
# power-of-two scales, scales that put products on bf16/f16 halfway points,
# f16 overflow and subnormal products, zero, subnormal, Inf and NaN scales),
# to f32, bf16 and f16, with 1x128, 128x128 and 128x1 tiles and tails;
# bit-exact against fp8q.reference.dequantize (the NaN of a bf16/f16 result
# is the canonical 0x7FFF).
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref


def bits(*patterns):
    return np.array(patterns, np.uint32).view(np.float32)


def special_scales():
    """Scales whose products with E4M3 values probe the output rounding."""
    return np.concatenate([
        # bf16 halfway points above 1: 1 + 2^-8 (ties to 1), 1 + 3 * 2^-8.
        np.float32([1 + 2**-8, 1 + 3 * 2**-8, 1 + 2**-8 + 2**-20]),
        # f16 halfway points: 1 + 2^-11, 1 + 3 * 2^-11.
        np.float32([1 + 2**-11, 1 + 3 * 2**-11]),
        # f16 overflow (448 * 147 > 65504) and subnormal f16 products.
        np.float32([147.0, 146.2, 2**-20, 3 * 2**-26, 1e-9]),
        # bf16/f32 overflow and f32 underflow.
        np.float32([3e38, 1e-38]),
        bits(0x00000000, 0x00000001, 0x7F800000, 0x7FC00000, 0x3F800000),
    ]).astype(np.float32)


def main():
    rng = np.random.default_rng(99)
    suite = Suite("dequantize")
    all_codes = np.arange(256, dtype=np.uint8)

    # Every code under each special scale: one 1x256 row per scale, 1x128
    # tiles sharing the scale.
    scales = special_scales()
    codes = np.tile(all_codes, (scales.size, 1))
    per_tile = np.repeat(scales[:, None], 2, axis=1)
    for kind in ("f32", "bf16", "f16"):
        suite.dequantize("all codes x special scales", codes, per_tile,
                         (1, 128), kind)

    # Every code under random fp32 and pow2 scales.
    random_scales = np.concatenate([
        (np.abs(rng.standard_normal(30)) * 10.0 ** rng.uniform(-6, 6, 30)),
        np.exp2(rng.integers(-30, 30, 30)),
    ]).astype(np.float32)
    codes = np.tile(all_codes, (random_scales.size, 1))
    per_tile = np.repeat(random_scales[:, None], 2, axis=1)
    for kind in ("f32", "bf16", "f16"):
        suite.dequantize("all codes x random scales", codes, per_tile,
                         (1, 128), kind)

    # Realistic round trips with tails, for each tile shape.
    for shape, tile in (((64, 300), (1, 128)), ((200, 260), (128, 128)),
                        ((300, 96), (128, 1))):
        x = rng.standard_normal(shape).astype(np.float32) * 3.0
        for mode in ("fp32", "pow2"):
            q, s = ref.quantize(x, tile, mode)
            for kind in ("f32", "bf16", "f16"):
                suite.dequantize(f"round trip {mode}", q, s, tile, kind)
    suite.main()


if __name__ == "__main__":
    main()
