"""grouped_scaled_matmul: per-group scaled_matmul, empty groups, padding, errors."""

import numpy as np
import pytest

from fp8q import reference as ref


def random_codes(rng, shape):
    codes = rng.integers(0, 256, shape).astype(np.uint8)
    codes[(codes & 0x7F) == 0x7F] = 0x7E
    return codes


def random_scales(rng, shape):
    return (2.0 ** rng.uniform(-10, 2, shape)).astype(np.float32)


def weights(rng, groups, n_size, k_size):
    qb = random_codes(rng, (groups, n_size, k_size))
    sb = random_scales(rng, (groups, -(-n_size // 128), k_size // 128))
    return qb, sb


@pytest.mark.parametrize("out_dtype", ["bf16", "f32"])
def test_contiguous_is_scaled_matmul_per_group(out_dtype):
    rng = np.random.default_rng(1)
    k_size, n_size = 256, 200
    # Uneven sizes: 130 (not a multiple of 128), 0 (empty), 1, 69; 7 padding
    # rows before and 5 after the groups.
    offsets = np.array([7, 137, 137, 138, 207], np.int32)
    m_size = 212
    qa = random_codes(rng, (m_size, k_size))
    sa = random_scales(rng, (m_size, 2))
    qb, sb = weights(rng, 4, n_size, k_size)
    init = ref.round_to_bf16(rng.standard_normal((m_size, n_size)).astype(np.float32))
    out = ref.grouped_scaled_matmul(qa, sa, qb, sb, offsets, "contiguous",
                                    out_dtype=out_dtype, init=init)
    for g in range(4):
        rows = slice(offsets[g], offsets[g + 1])
        want = ref.scaled_matmul(qa[rows], sa[rows], qb[g], sb[g], out_dtype=out_dtype)
        np.testing.assert_array_equal(out[rows], want)
    # Padding rows keep init, bit for bit.
    np.testing.assert_array_equal(out[:7], init[:7])
    np.testing.assert_array_equal(out[207:], init[207:])


def test_contiguous_accumulate_adds_init_only_in_groups():
    rng = np.random.default_rng(2)
    qa = random_codes(rng, (10, 128))
    sa = random_scales(rng, (10, 1))
    qb, sb = weights(rng, 2, 16, 128)
    init = rng.standard_normal((10, 16)).astype(np.float32)
    offsets = [0, 4, 8]
    out = ref.grouped_scaled_matmul(qa, sa, qb, sb, offsets, out_dtype="f32",
                                    init=init, accumulate=True)
    want = ref.scaled_matmul(qa[4:8], sa[4:8], qb[1], sb[1], out_dtype="f32", c=init[4:8])
    np.testing.assert_array_equal(out[4:8], want)
    np.testing.assert_array_equal(out[8:], init[8:])


def test_masked_rows_beyond_count_keep_init():
    rng = np.random.default_rng(3)
    groups, capacity, k_size, n_size = 3, 20, 384, 130
    qa = random_codes(rng, (groups, capacity, k_size))
    sa = random_scales(rng, (groups, capacity, 3))
    qb, sb = weights(rng, groups, n_size, k_size)
    counts = np.array([20, 0, 7], np.int32)
    out = ref.grouped_scaled_matmul(qa, sa, qb, sb, counts, "masked", out_dtype="f32")
    for g in range(groups):
        want = ref.scaled_matmul(qa[g, :counts[g]], sa[g, :counts[g]], qb[g], sb[g],
                                 out_dtype="f32")
        np.testing.assert_array_equal(out[g, :counts[g]], want)
        assert not out[g, counts[g]:].any()  # default init: zeros


def test_each_group_uses_its_own_weight():
    # Same rows, different weights: the groups' results must differ.
    rng = np.random.default_rng(4)
    qa = random_codes(rng, (1, 128))
    qa = np.repeat(qa, 2, axis=0)
    sa = np.ones((2, 1), np.float32)
    qb, sb = weights(rng, 2, 8, 128)
    out = ref.grouped_scaled_matmul(qa, sa, qb, sb, [0, 1, 2], out_dtype="f32")
    assert not np.array_equal(out[0], out[1])
    np.testing.assert_array_equal(
        out[1], ref.scaled_matmul(qa[1:], sa[1:], qb[1], sb[1], out_dtype="f32")[0])


def test_nan_codes_stay_in_their_group():
    rng = np.random.default_rng(5)
    qa = random_codes(rng, (6, 128))
    qa[1, 3] = 0x7F
    sa = np.ones((6, 1), np.float32)
    qb, sb = weights(rng, 2, 4, 128)
    out = ref.grouped_scaled_matmul(qa, sa, qb, sb, [0, 3, 6], out_dtype="bf16")
    assert np.isnan(out[1]).all()
    assert not np.isnan(np.delete(out, 1, axis=0)).any()


@pytest.mark.parametrize("offsets, match", [
    ([0, 5, 3], "nondecreasing"),
    ([-1, 2, 3], "within"),
    ([0, 2, 11], "within"),
    ([0, 2], "shape"),
])
def test_invalid_offsets(offsets, match):
    qa = np.zeros((10, 128), np.uint8)
    sa = np.ones((10, 1), np.float32)
    qb = np.zeros((2, 4, 128), np.uint8)
    sb = np.ones((2, 1, 1), np.float32)
    with pytest.raises(ValueError, match=match):
        ref.grouped_scaled_matmul(qa, sa, qb, sb, offsets)


@pytest.mark.parametrize("counts", [[5, 21], [-1, 0]])
def test_invalid_counts(counts):
    qa = np.zeros((2, 20, 128), np.uint8)
    sa = np.ones((2, 20, 1), np.float32)
    qb = np.zeros((2, 4, 128), np.uint8)
    sb = np.ones((2, 1, 1), np.float32)
    with pytest.raises(ValueError, match=r"within \[0, C = 20\]"):
        ref.grouped_scaled_matmul(qa, sa, qb, sb, counts, "masked")


def test_invalid_layout_and_ranks():
    qa = np.zeros((2, 20, 128), np.uint8)
    sa = np.ones((2, 20, 1), np.float32)
    qb = np.zeros((2, 4, 128), np.uint8)
    sb = np.ones((2, 1, 1), np.float32)
    with pytest.raises(ValueError, match="layout"):
        ref.grouped_scaled_matmul(qa, sa, qb, sb, [1, 1], "dense")
    with pytest.raises(ValueError, match="2-D for the contiguous layout"):
        ref.grouped_scaled_matmul(qa, sa, qb, sb, [0, 1, 2])
