"""fp8q.moe_dispatch -> grouped_scaled_matmul (masked) -> fp8q.moe_combine
over R expert-parallel ranks (``--ranks R``: one process per rank, started by
scripts/device/ep_launch.py), compiled by --fp8q-gpu-pipeline (the runtime's
NCCL exchange), against reference.moe_dispatch / moe_combine, which simulate
the R ranks in numpy. Every rank has its own tokens and routing; the cases:

* random top-2 routing over 4R experts, one expert never chosen (no row);
* top-1 over R experts (one per rank), the fullest expert filled to
  exactly the capacity, f32 GEMM output;
* top-3 over 4R experts, C = R * T (nothing can overflow), a rank whose
  tokens all go to one other rank;
* T = 0 (no token on any rank): empty dispatch and combine.

Used by test/Integration/GPU/moe-exchange-ranks-mock.test (mock CUDA driver
and mock NCCL; the same program would run on R GPUs with real NCCL).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "CPU", "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref


def tokens(rng, ranks, t, k_size):
    qs, ss = [], []
    for _ in range(ranks):
        x = rng.standard_normal((t, k_size)).astype(np.float32)
        q, s = ref.quantize(x, (1, 128), "fp32")
        qs.append(q)
        ss.append(s)
    return qs, ss


def weights(rng, experts, n_size, k_size):
    qbs, sbs = zip(*(ref.quantize(rng.standard_normal((n_size, k_size))
                                  .astype(np.float32), (128, 128), "pow2")
                     for _ in range(experts)))
    return np.stack(qbs), np.stack(sbs)


def top_k(rng, t, k, allowed):
    return np.stack([rng.permutation(allowed)[:k] for _ in range(t)]
                    ).astype(np.int32).reshape(t, k)


def main():
    ranks = 1
    if "--ranks" in sys.argv:
        ranks = int(sys.argv[sys.argv.index("--ranks") + 1])
    rng = np.random.default_rng(1700 + ranks)
    suite = Suite(f"moe_exchange_{ranks}_ranks")

    # Top-2 of 4R experts, the last one never chosen.
    e = 4 * ranks
    qa, sa = tokens(rng, ranks, 6, 256)
    qb, sb = weights(rng, e, 64, 256)
    route = [top_k(rng, 6, 2, list(range(e - 1))) for _ in range(ranks)]
    suite.moe_exchange_ranks("zero-row expert", qa, sa, route, e, 6 * ranks,
                             qb, sb, "bf16")

    # Top-1 of R experts: the fullest expert gets exactly C rows over all
    # ranks.
    e, t = ranks, 4
    qa, sa = tokens(rng, ranks, t, 128)
    qb, sb = weights(rng, e, 32, 128)
    route = [rng.integers(0, e, (t, 1)).astype(np.int32) for _ in range(ranks)]
    capacity = max(sum(int((r == ex).sum()) for r in route) for ex in range(e))
    suite.moe_exchange_ranks("full expert", qa, sa, route, e, capacity, qb, sb,
                             "f32")

    # Top-3 of 4R experts; rank 0 sends everything to the last rank.
    e, t = 4 * ranks, 5
    qa, sa = tokens(rng, ranks, t, 128)
    qb, sb = weights(rng, e, 48, 128)
    route = [top_k(rng, t, 3, list(range(e))) for _ in range(ranks)]
    route[0] = top_k(rng, t, 3, list(range(e - 4, e)))
    suite.moe_exchange_ranks("top-3", qa, sa, route, e, ranks * t, qb, sb,
                             "f32")

    # No token on any rank.
    e = 2 * ranks
    qa = [np.zeros((0, 128), np.uint8)] * ranks
    sa = [np.zeros((0, 1), np.float32)] * ranks
    qb, sb = weights(rng, e, 16, 128)
    route = [np.zeros((0, 2), np.int32)] * ranks
    suite.moe_exchange_ranks("T = 0", qa, sa, route, e, 4, qb, sb, "bf16")
    suite.main()


if __name__ == "__main__":
    main()
