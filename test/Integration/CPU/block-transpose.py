# fp8q.block_transpose of 128x128-block (and 64x64) codes: the module
# quantizes W in GxG blocks and block-transposes the result; codes and
# scales must equal quantize(W^T) in GxG blocks bit for bit (the identity
# the Dgrad's reuse of the forward's weight rests on). Random weights with
# ragged tails in both extents, both scale modes, an all-zero block, values
# that saturate, subnormal codes, a NaN and an Inf; and hand-made codes
# (every byte value) against reference.block_transpose.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite


def main():
    rng = np.random.default_rng(12)
    suite = Suite("block_transpose")
    for (r, c), group in (((256, 384), 128), ((300, 200), 128),
                          ((130, 257), 128), ((96, 200), 64), ((1, 5), 128)):
        w = (rng.standard_normal((r, c)) *
             np.power(10.0, rng.uniform(-3, 3, (r, 1)))).astype(np.float32)
        for mode in ("fp32", "pow2"):
            suite.block_transpose("random", w, group, mode)

    # Special blocks of a [300, 200] weight: block (0, 0) all zero (eps
    # scale, zero codes of both signs); block (1, 0) with one element 3e4
    # times the others, so they fall to subnormal codes (or flush to zero);
    # block (0, 1) values near the f32 maximum over the scale (the amax
    # element lands on 448, neighbours round up to it and saturate); block
    # (2, 1) (the ragged corner) with a NaN; block (2, 0) with an Inf; block
    # (1, 1) with a third of its rows at its amax (x * (1/s) around 448:
    # the saturating conversion).
    w = rng.standard_normal((300, 200)).astype(np.float32)
    w[:128, :128] = 0.0
    w[0:128:2, 0:128:3] = -0.0
    w[130, 7] = 3.0e4
    w[:128, 128:] *= 1.0e30
    w[128:256:3, 128:] = -1234.5
    w[290, 150] = np.nan
    w[260, 3] = np.inf
    for mode in ("fp32", "pow2"):
        suite.block_transpose("special blocks", w, 128, mode)
        suite.block_transpose("special blocks, eps 0.25", w, 128, mode,
                              eps=0.25)

    # Codes and scales that no quantize produces: every byte (NaN codes
    # included), NaN/Inf/negative scales; the op only permutes them.
    codes = rng.integers(0, 256, (200, 300), dtype=np.uint8)
    scales = rng.standard_normal((2, 3)).astype(np.float32)
    scales[0, 1] = np.nan
    scales[1, 2] = -np.inf
    suite.block_transpose("arbitrary codes", None, 128, codes=codes,
                          scales=scales)
    suite.main()


if __name__ == "__main__":
    main()
