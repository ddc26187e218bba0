# fp8q.tile_transpose of 1xG-tiled codes (from quantizing random data, and
# hand-made tiles with NaN, Inf scales, zeros and tiny values), with tails in
# M and K, groups 128 and 64, both scale modes and several eps; codes and
# scales bit-exact against fp8q.reference.tile_transpose.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref


def main():
    rng = np.random.default_rng(2412)
    suite = Suite("tile_transpose")
    for (m, k), group in (((256, 384), 128), ((200, 300), 128),
                          ((130, 256), 128), ((96, 200), 64)):
        x = (rng.standard_normal((m, k)) *
             np.power(10.0, rng.uniform(-3, 3, (m, 1)))).astype(np.float32)
        for source_mode in ("fp32", "pow2"):
            q, s = ref.quantize(x, (1, group), source_mode)
            for mode in ("fp32", "pow2"):
                suite.tile_transpose(f"from {source_mode} tiles", q, s, group,
                                     mode)

    # Special tiles: a NaN code, a NaN scale, an Inf scale, zero codes, tiny
    # values below eps, and a large eps.
    q, s = ref.quantize(rng.standard_normal((160, 256)).astype(np.float32))
    q[3, 17] = 0x7F            # NaN code: its new tile (column 17) goes NaN
    s[10, 1] = np.nan          # NaN scale: row 10, columns 128..255
    s[20, 0] = np.inf          # Inf scale: nonzero codes -> Inf, zero -> NaN
    q[30, :] = 0x80            # a row of -0 codes
    s[40, :] = 1e-12           # values far below eps
    for mode in ("fp32", "pow2"):
        suite.tile_transpose("special tiles", q, s, 128, mode)
        suite.tile_transpose("special tiles, eps 0.25", q, s, 128, mode,
                             eps=0.25)
    suite.main()


if __name__ == "__main__":
    main()
