"""moe_dispatch / moe_combine: the simulated expert-parallel exchange.

The oracle of the multi-GPU test to come: each rank's dispatch result must
equal, row for row, a direct listing of the (rank, token, slot)s routed to
its experts, and the combine must invert it.
"""

import numpy as np
import pytest

from fp8q import reference as ref


def tokens(rng, ranks, t, k_size, group=128):
    """Per-rank E4M3 codes [T, K] (every code a distinct-ish pattern) and
    1 x group scales."""
    codes = [rng.integers(0, 0x7E, (t, k_size)).astype(np.uint8)
             for _ in range(ranks)]
    scales = [(2.0 ** rng.integers(-8, 8, (t, k_size // group))).astype(np.float32)
              for _ in range(ranks)]
    return codes, scales


def routing(rng, ranks, t, topk, num_experts):
    """Top-k ids without repetition within a token."""
    return [np.stack([rng.permutation(num_experts)[:topk] for _ in range(t)])
            .astype(np.int32) for _ in range(ranks)]


def expected_rows(experts, num_experts, r, ranks):
    """(local expert, global source) pairs of rank r in dispatch order."""
    local = num_experts // ranks
    t, topk = experts[0].shape
    rows = {l: [] for l in range(local)}
    for s in range(ranks):
        for tok in range(t):
            for j in range(topk):
                e = int(experts[s][tok, j])
                if r * local <= e < (r + 1) * local:
                    rows[e - r * local].append(s * t * topk + tok * topk + j)
    return rows


@pytest.mark.parametrize("ranks", [1, 2, 4])
def test_dispatch_layout(ranks):
    rng = np.random.default_rng(ranks)
    num_experts, t, topk, k_size, capacity = 8, 12, 3, 256, 40
    codes, scales = tokens(rng, ranks, t, k_size)
    experts = routing(rng, ranks, t, topk, num_experts)
    out = ref.moe_dispatch(codes, scales, experts, num_experts, capacity)
    assert len(out) == ranks
    local = num_experts // ranks
    for r, (rc, rs, counts, sources) in enumerate(out):
        assert rc.shape == (local, capacity, k_size) and rc.dtype == np.uint8
        assert rs.shape == (local, capacity, 2) and rs.dtype == np.float32
        assert counts.dtype == np.int32 and sources.dtype == np.int32
        for l, srcs in expected_rows(experts, num_experts, r, ranks).items():
            assert counts[l] == len(srcs)
            np.testing.assert_array_equal(sources[l, :len(srcs)], srcs)
            for c, src in enumerate(srcs):
                s, rest = divmod(src, t * topk)
                np.testing.assert_array_equal(rc[l, c], codes[s][rest // topk])
                np.testing.assert_array_equal(rs[l, c], scales[s][rest // topk])
            # Unused rows: zeros, sources -1.
            assert not rc[l, len(srcs):].any() and not rs[l, len(srcs):].any()
            assert (sources[l, len(srcs):] == -1).all()
    # Every (rank, token, slot) lands exactly once over all ranks.
    total = sum(int(o[2].sum()) for o in out)
    assert total == ranks * t * topk


def test_empty_and_full_experts():
    """Expert 1 gets no row, expert 0 exactly C rows (allowed), one more
    row is an error."""
    rng = np.random.default_rng(7)
    codes, scales = tokens(rng, 2, 4, 128)
    # 2 ranks, 4 experts (2 each); capacity 6. Expert 0 receives 6 rows,
    # experts 2 and 3 five each.
    experts = [np.array([[0, 2], [0, 3], [0, 2], [3, 2]], np.int32),
               np.array([[0, 3], [0, 2], [0, 3], [3, 2]], np.int32)]
    out = ref.moe_dispatch(codes, scales, experts, 4, 6)
    rc, rs, counts, sources = out[0]
    assert counts.tolist() == [6, 0]
    np.testing.assert_array_equal(sources[0], [0, 2, 4, 8, 10, 12])
    assert (sources[1] == -1).all() and not rc[1].any() and not rs[1].any()
    assert out[1][2].tolist() == [5, 5]
    experts[1][3, 0] = 0
    with pytest.raises(ValueError, match="more than capacity = 6 rows"):
        ref.moe_dispatch(codes, scales, experts, 4, 6)


def test_dispatch_errors():
    rng = np.random.default_rng(3)
    codes, scales = tokens(rng, 1, 3, 128)
    with pytest.raises(ValueError, match=r"within \[0, num_experts = 4\)"):
        ref.moe_dispatch(codes, scales, [np.array([[0], [4], [1]])], 4, 8)
    with pytest.raises(ValueError, match=r"within \[0, num_experts = 4\)"):
        ref.moe_dispatch(codes, scales, [np.array([[0], [-1], [1]])], 4, 8)
    with pytest.raises(ValueError, match="multiple of the number of ranks"):
        ref.moe_dispatch(codes * 2, scales * 2, [np.zeros((3, 1))] * 2, 3, 8)


@pytest.mark.parametrize("ranks", [1, 2, 4])
def test_round_trip(ranks):
    """dispatch -> identity expert (the decoded row scaled) -> combine gives
    every (token, slot) its own row back, on every rank."""
    rng = np.random.default_rng(10 + ranks)
    num_experts, t, topk, k_size = 8, 9, 2, 128
    codes, scales = tokens(rng, ranks, t, k_size)
    experts = routing(rng, ranks, t, topk, num_experts)
    out = ref.moe_dispatch(codes, scales, experts, num_experts, ranks * t)
    expert_out = [ref.e4m3_decode(rc) * np.repeat(rs, 128, axis=2)
                  for rc, rs, _, _ in out]
    combined = ref.moe_combine(expert_out, [o[3] for o in out],
                               [o[2] for o in out], experts, num_experts)
    for r in range(ranks):
        want = ref.e4m3_decode(codes[r]) * np.repeat(scales[r], 128, axis=1)
        assert combined[r].shape == (t, topk, k_size)
        for j in range(topk):
            np.testing.assert_array_equal(combined[r][:, j], ref.round_to_bf16(want))


def test_combine_rounds_to_bf16_and_checks():
    rng = np.random.default_rng(5)
    codes, scales = tokens(rng, 1, 2, 128)
    experts = [np.array([[1], [0]], np.int32)]
    (rc, rs, counts, sources), = ref.moe_dispatch(codes, scales, experts, 2, 2)
    out = np.full((2, 2, 3), 1.0 + 2.0 ** -10, np.float32)
    out[1, 0] = [1.0, 2.0, 3.0]
    y, = ref.moe_combine([out], [sources], [counts], experts, 2)
    assert y[0, 0].tolist() == [1.0, 2.0, 3.0]          # token 0 -> expert 1
    assert y[1, 0].tolist() == [1.0] * 3                # RN to bf16
    bad = sources.copy()
    bad[0, 0] = 0                                       # token 0, not expert 0's
    with pytest.raises(ValueError, match="must name a new"):
        ref.moe_combine([out], [bad], [counts], experts, 2)
    with pytest.raises(ValueError, match=r"within \[0, capacity = 2\]"):
        ref.moe_combine([out], [sources], [np.array([3, 0])], experts, 2)
    with pytest.raises(ValueError, match="has no expert row"):
        ref.moe_combine([out], [sources], [np.array([0, 1])], experts, 2)
