# fp8q.grouped_scaled_matmul on the CPU against
# fp8q.reference.grouped_scaled_matmul: contiguous layout with uneven groups
# (an empty group, a group of 130 rows = one 128 tile + 2, a group of 1 row,
# padding rows before and after the groups, which must keep init bit for
# bit), masked layout with counts 0 .. C, bf16 and f32 outputs, accumulate,
# N tails within a weight block, zero tiles, large scale ranges, NaN codes
# and a dynamic token count. Within 1e-6 relative (bit-exact by design).
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref


def operands(rng, rows_shape, groups, n, k, spread=0.0):
    """Activation codes with 1x128 fp32 scales of shape rows_shape + [k],
    and per-group weights [groups, n, k] in 128x128 blocks (pow2 scales)."""
    a = rng.standard_normal(rows_shape + (k,))
    a *= np.power(10.0, rng.uniform(-spread, spread, rows_shape + (1,)))
    flat = a.reshape(-1, k).astype(np.float32)
    qa, sa = ref.quantize(flat, (1, 128), "fp32")
    qa = qa.reshape(rows_shape + (k,))
    sa = sa.reshape(rows_shape + (k // 128,))
    qbs, sbs = [], []
    for _ in range(groups):
        w = rng.standard_normal((n, k)) * np.power(10.0, rng.uniform(-spread, spread))
        qb, sb = ref.quantize(w.astype(np.float32), (128, 128), "pow2")
        qbs.append(qb)
        sbs.append(sb)
    return qa, sa, np.stack(qbs), np.stack(sbs)


def main():
    rng = np.random.default_rng(15)
    suite = Suite("grouped_scaled_matmul")

    # Contiguous: 4 experts, sizes 130 (not a multiple of 128), 0 (empty),
    # 1, 60; 3 padding rows in front, 6 behind. N = 200 (a block tail).
    offsets = [3, 133, 133, 134, 194]
    qa, sa, qb, sb = operands(rng, (200,), 4, 200, 256)
    init = ref.round_to_bf16(rng.standard_normal((200, 200)).astype(np.float32))
    suite.grouped_scaled_matmul("uneven groups", qa, sa, qb, sb, offsets,
                                out_kind="bf16", init=init)
    suite.grouped_scaled_matmul("uneven groups", qa, sa, qb, sb, offsets,
                                out_kind="f32", init=init, accumulate=True)
    # One group only, all rows; every group empty.
    suite.grouped_scaled_matmul("one group", qa[:70], sa[:70], qb[:1], sb[:1],
                                [0, 70], out_kind="f32")
    suite.grouped_scaled_matmul("all empty", qa[:20], sa[:20], qb, sb,
                                [20, 20, 20, 20, 20], out_kind="bf16",
                                init=init[:20])

    # Scales spanning 1e-6 .. 1e6, a zero tile and NaN codes (one in A, one
    # in a weight of group 2: only group 2's rows become NaN).
    qa, sa, qb, sb = operands(rng, (96,), 3, 136, 384, spread=6.0)
    qa[10, 128:256] = 0
    suite.grouped_scaled_matmul("scaled 1e-6..1e6, zero tile", qa, sa, qb, sb,
                                [0, 40, 41, 96], out_kind="f32")
    qa[50, 7] = 0x7F
    qb[2, 100, 3] = 0xFF
    suite.grouped_scaled_matmul("NaN codes", qa, sa, qb, sb, [0, 40, 41, 96],
                                out_kind="bf16")

    # Masked: 3 experts of capacity 40, counts 40 (full), 0 (empty), 13.
    qa, sa, qb, sb = operands(rng, (3, 40), 3, 130, 256)
    init = rng.standard_normal((3, 40, 130)).astype(np.float32)
    suite.grouped_scaled_matmul("capacity 40", qa, sa, qb, sb, [40, 0, 13],
                                "masked", out_kind="f32", init=init)
    suite.grouped_scaled_matmul("capacity 40", qa, sa, qb, sb, [40, 0, 13],
                                "masked", out_kind="bf16",
                                init=ref.round_to_bf16(init), accumulate=True)

    # Dynamic token count (M, C known at run time only).
    qa, sa, qb, sb = operands(rng, (150,), 2, 128, 128)
    suite.grouped_scaled_matmul("dynamic", qa, sa, qb, sb, [0, 129, 150],
                                out_kind="f32", dynamic_m=True)
    qa, sa, qb, sb = operands(rng, (2, 17), 2, 64, 128)
    suite.grouped_scaled_matmul("dynamic", qa, sa, qb, sb, [5, 17], "masked",
                                out_kind="bf16", dynamic_m=True)
    suite.main()


if __name__ == "__main__":
    main()
