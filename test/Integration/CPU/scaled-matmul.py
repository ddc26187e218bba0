# fp8q.scaled_matmul on operands quantized from seeded random data: 128x128
# weight blocks (with N tails), 1x128 Wgrad operands, group 64, bf16 and f32
# outputs, accumulate into bf16/f32 C, M and N tails, a NaN code, and large
# scale ranges; within 1e-6 relative of fp8q.reference.scaled_matmul (the
# lowering is exact by design, so the report also counts bit-exact values).
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite, gemm_operands
from fp8q import reference as ref


def main():
    rng = np.random.default_rng(3)
    suite = Suite("scaled_matmul")
    g = 128
    # (M, N, K, group, b_tile): None is the default GxG weight blocks.
    shapes = [
        (64, 256, 512, g, None),      # whole blocks
        (37, 200, 384, g, None),      # M tail, N tail within a block row
        (5, 130, 256, g, None),       # N = one block + 2 rows
        (70, 96, 256, g, (1, g)),     # Wgrad form, per-row B scales
        (33, 100, 320, 64, None),     # group 64, 64x64 blocks, N tail
    ]
    for m, n, k, group, b_tile in shapes:
        tile = b_tile if b_tile is not None else (group, group)
        qa, sa, qb, sb = gemm_operands(rng, m, n, k, group, tile)
        title = "random"
        for out_kind in ("bf16", "f32"):
            suite.scaled_matmul(title, qa, sa, qb, sb, group, b_tile, out_kind)
        c = rng.standard_normal((m, n)).astype(np.float32) * 4.0
        suite.scaled_matmul(title, qa, sa, qb, sb, group, b_tile, "bf16",
                            c=ref.round_to_bf16(c))
        suite.scaled_matmul(title, qa, sa, qb, sb, group, b_tile, "f32", c=c)

    # Rows spanning 1e-6 .. 1e6, and a NaN code in A and in B.
    qa, sa, qb, sb = gemm_operands(rng, 48, 136, 256, g, (g, g), spread=6.0)
    suite.scaled_matmul("rows scaled 1e-6..1e6", qa, sa, qb, sb, g, None, "f32")
    qa[7, 200] = 0x7F
    qb[100, 3] = 0xFF
    suite.scaled_matmul("NaN codes", qa, sa, qb, sb, g, None, "bf16")
    suite.scaled_matmul("NaN codes", qa, sa, qb, sb, g, None, "f32")
    suite.main()


if __name__ == "__main__":
    main()
