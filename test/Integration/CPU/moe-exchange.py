# fp8q.moe_dispatch -> fp8q.grouped_scaled_matmul (masked) -> fp8q.moe_combine
# with ranks = 1 on the CPU against fp8q.reference.moe_dispatch /
# grouped_scaled_matmul / moe_combine: random top-k routing, an expert
# that receives no row, an expert filled to exactly its capacity, top-1
# and top-3, bf16 and f32 GEMM outputs. The dispatch results (codes,
# scales, counts, sources) are bit-exact; the GEMM and the combined rows
# within 1e-6 relative (bit-exact by design). The run-time errors are in
# moe-exchange-errors.mlir.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref


def tokens(rng, t, k_size):
    x = rng.standard_normal((t, k_size)).astype(np.float32)
    return ref.quantize(x, (1, 128), "fp32")


def weights(rng, experts, n_size, k_size):
    qbs, sbs = zip(*(ref.quantize(rng.standard_normal((n_size, k_size))
                                  .astype(np.float32), (128, 128), "pow2")
                     for _ in range(experts)))
    return np.stack(qbs), np.stack(sbs)


def top_k(rng, t, k, experts, never=()):
    allowed = [e for e in range(experts) if e not in never]
    return np.stack([rng.permutation(allowed)[:k] for _ in range(t)]).astype(np.int32)


def main():
    rng = np.random.default_rng(17)
    suite = Suite("moe_exchange")

    # Top-2 of 4 experts, expert 3 never chosen (zero rows), capacity 24.
    qa, sa = tokens(rng, 20, 256)
    qb, sb = weights(rng, 4, 136, 256)
    suite.moe_exchange("zero-row expert", qa, sa, top_k(rng, 20, 2, 4, never=(3,)),
                       4, 24, qb, sb, "bf16")
    suite.moe_exchange("zero-row expert", qa, sa, top_k(rng, 20, 2, 4, never=(3,)),
                       4, 24, qb, sb, "f32")

    # Top-1: expert 1 gets exactly C = 7 rows, expert 0 the other 5.
    qa, sa = tokens(rng, 12, 128)
    qb, sb = weights(rng, 2, 64, 128)
    route = np.array([[0]] * 5 + [[1]] * 7, np.int32)[rng.permutation(12)]
    suite.moe_exchange("full expert", qa, sa, route, 2, 7, qb, sb, "bf16")

    # Top-3 of 8 experts, the dense-experts capacity T.
    qa, sa = tokens(rng, 9, 384)
    qb, sb = weights(rng, 8, 200, 384)
    suite.moe_exchange("top-3 of 8", qa, sa, top_k(rng, 9, 3, 8), 8, 9, qb, sb,
                       "f32")
    suite.main()


if __name__ == "__main__":
    main()
