# The fp8q ops with a dynamic token count M (the rows of the activations,
# tensor<?x256xf32> as a graph exported with a dynamic batch or sequence
# gives it): each op is in a function of its own whose operands have a `?`
# M, called with tensor.cast values, with outputs from tensor.empty(M) and
# tensor.empty(ceil(M / 128)) as the quantize-model pass makes them, so M is
# only known at run time. M = 0 (nothing to compute), M = 1, M with a tail
# of a 128-row tile, M above a tile and a large M; edge values (zero tiles,
# saturating tiles, NaN, Inf, subnormal results); bit-exact against
# fp8q.reference (scaled_matmul within 1e-6 relative, as its static test),
# and identical to the static lowering of the same operands.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite, gemm_operands
from fp8q import reference as ref

K = 256
G = 128
# M = 0, 1, tail of a 128-row tile, one tile + 2 rows, large.
ROWS = (0, 1, 37, 130, 1000)


def edge_rows(rng, m, k=K):
    """[m, k] random normal data scaled per row by 10^U(-3, 3), with edge
    tiles where there are rows: an all-zero 128x128 block row, a saturating
    1x128 tile (amax 3.3e5, where x * (1 / (amax / 448)) exceeds 448), tiny
    values whose codes are E4M3 subnormals, a NaN and an Inf."""
    x = rng.standard_normal((m, k)) * np.power(10.0, rng.uniform(-3, 3, (m, 1)))
    x = x.astype(np.float32)
    if m >= 3:
        x[0, :128] = np.float32(3.3e5) * np.sign(rng.standard_normal(128))
        x[1, :] = 0.0
        x[2, 128:] = np.float32(1e-3) * rng.standard_normal(k - 128).astype(np.float32)
        x[2, 128] = np.float32(448.0)
    if m >= 130:
        x[:128, 128:] = 0.0          # a zero 128x128 tile
        x[129, 5] = np.nan           # NaN in the tail tile
        x[128, 150] = np.inf         # Inf in the tail tile
    return x


def main():
    rng = np.random.default_rng(11)
    suite = Suite("dynamic_m")
    for m in ROWS:
        x = edge_rows(rng, m)
        suite.quantize(f"M={m}", x, tile=(1, G), dynamic_m=True)
        suite.quantize(f"M={m}", x, tile=(G, G), scale_mode="pow2", dynamic_m=True)
        suite.quantize(f"M={m}", x, tile=(G, 1), transpose=True, dynamic_m=True)
    # bf16 source with a K tail (200 columns), mn_major scales.
    xb = ref.round_to_bf16(edge_rows(rng, 130, 200))
    suite.quantize("bf16 K tail", xb, "bf16", tile=(1, G), dynamic_m=True)
    suite.quantize("bf16 K tail mn_major", xb, "bf16", tile=(1, G),
                   scale_layout="mn_major", dynamic_m=True)
    suite.quantize("bf16 K tail mn_major", xb, "bf16", tile=(G, G),
                   scale_layout="mn_major", dynamic_m=True)
    # The same source, static: the dynamic lowering must agree with it.
    suite.quantize("static control", xb, "bf16", tile=(1, G))

    for m in (0, 1, 130):
        codes, scales = ref.quantize(edge_rows(rng, m), (1, G), "fp32")
        suite.dequantize(f"M={m}", codes, scales, (1, G), "bf16", dynamic_m=True)
        suite.dequantize(f"M={m} mn_major", codes, ref.scales_mn_major(scales),
                         (1, G), "f32", scale_layout="mn_major", dynamic_m=True)
        suite.tile_transpose(f"M={m}", codes, scales, G, "pow2", dynamic_m=True)

    for m in ROWS:
        qa, sa, qb, sb = gemm_operands(rng, m, 256, K, G, (G, G))
        suite.scaled_matmul(f"M={m}", qa, sa, qb, sb, G, None, "bf16",
                            dynamic_m=True)
    qa, sa, qb, sb = gemm_operands(rng, 130, 200, K, G, (G, G), spread=6.0)
    suite.scaled_matmul("N tail f32", qa, sa, qb, sb, G, None, "f32", dynamic_m=True)
    suite.scaled_matmul("N tail f32 static control", qa, sa, qb, sb, G, None, "f32")
    c = rng.standard_normal((130, 200)).astype(np.float32)
    suite.scaled_matmul("accumulate", qa, sa, qb, sb, G, None, "f32", c=c,
                        dynamic_m=True)
    suite.scaled_matmul("a mn_major", qa, sa, qb, sb, G, None, "bf16",
                        a_scale_layout="mn_major", dynamic_m=True)
    qa, sa, qb, sb = gemm_operands(rng, 37, 96, K, G, (1, G))
    suite.scaled_matmul("Wgrad", qa, sa, qb, sb, G, (1, G), "f32", dynamic_m=True)
    qa[3, 17] = 0x7F  # a NaN code
    suite.scaled_matmul("NaN code", qa, sa, qb, sb, G, (1, G), "bf16", dynamic_m=True)
    suite.main()


if __name__ == "__main__":
    main()
