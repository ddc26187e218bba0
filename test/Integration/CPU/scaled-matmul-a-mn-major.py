# fp8q.scaled_matmul with a_scale_layout = mn_major (A's scales [K/G, M]) on
# operands quantized from seeded random data, against
# fp8q.reference.scaled_matmul of the [M, K/G] scales (within 1e-6 relative;
# the lowering is exact, the report counts the bit-exact values): 128x128
# weight blocks with M and N tails and 2 or 3 K groups, bf16 and f32 results,
# accumulate into bf16/f32 C, the Wgrad form (1x128 B tiles), group 64, rows
# scaled 1e-6..1e6 (scales that differ per row, so that a transposed read
# shows) and a NaN code in A (its row and group only). The bit-level
# comparison with the k_major op is test/Integration/CPU/scaled-matmul-a-mn-major.mlir.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite, gemm_operands
from fp8q import reference as ref

MN = "mn_major"


def main():
    rng = np.random.default_rng(7)
    suite = Suite("scaled_matmul_a_mn_major")
    g = 128
    # (M, N, K, group, b_tile): None is the default GxG weight blocks.
    shapes = [
        (37, 200, 384, g, None),      # M tail, N tail, 3 groups
        (130, 129, 256, g, None),     # M past one block, N = one block + 1
        (70, 96, 256, g, (1, g)),     # Wgrad form, per-row B scales
        (33, 100, 320, 64, None),     # group 64 (5 groups), 64x64 blocks
    ]
    for m, n, k, group, b_tile in shapes:
        tile = b_tile if b_tile is not None else (group, group)
        qa, sa, qb, sb = gemm_operands(rng, m, n, k, group, tile, spread=3.0)
        title = "random, rows scaled 1e-3..1e3"
        for out_kind in ("bf16", "f32"):
            suite.scaled_matmul(title, qa, sa, qb, sb, group, b_tile, out_kind,
                                a_scale_layout=MN)
        c = rng.standard_normal((m, n)).astype(np.float32) * 4.0
        suite.scaled_matmul(title, qa, sa, qb, sb, group, b_tile, "bf16",
                            c=ref.round_to_bf16(c), a_scale_layout=MN)
        suite.scaled_matmul(title, qa, sa, qb, sb, group, b_tile, "f32", c=c,
                            a_scale_layout=MN)

    qa, sa, qb, sb = gemm_operands(rng, 48, 136, 256, g, (g, g), spread=6.0)
    suite.scaled_matmul("rows scaled 1e-6..1e6", qa, sa, qb, sb, g, None, "f32",
                        a_scale_layout=MN)
    qa[7, 200] = 0x7F
    suite.scaled_matmul("NaN code", qa, sa, qb, sb, g, None, "f32",
                        a_scale_layout=MN)
    suite.main()


if __name__ == "__main__":
    main()
