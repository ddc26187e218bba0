"""scaled_matmul: the definition, exactness of partials, NaNs, shapes, errors."""

from fractions import Fraction

import numpy as np
import pytest

import oracles
from fp8q import reference as ref


def random_codes(rng, shape, nan=False):
    codes = rng.integers(0, 256, shape).astype(np.uint8)
    if not nan:
        codes[(codes & 0x7F) == 0x7F] = 0x7E
    return codes


def slow_scaled_matmul(qa, sa, qb, sb, group, bn, c=None):
    """Scalar transcription of the definition (Fraction partials, f32 scalars)."""
    m_size, k_size = qa.shape
    n_size = qb.shape[0]
    va = oracles.decode_e4m3(qa)
    vb = oracles.decode_e4m3(qb)
    out = np.zeros((m_size, n_size), np.float32)
    for m in range(m_size):
        for n in range(n_size):
            acc = np.float32(0.0)
            for kb in range(k_size // group):
                ks = range(kb * group, (kb + 1) * group)
                exact = sum(Fraction(float(va[m, k])) * Fraction(float(vb[n, k])) for k in ks)
                partial = np.float32(float(exact))  # exact as a double, rounded once
                scale = np.float32(sa[m, kb]) * np.float32(sb[n // bn, kb])
                acc = np.float32(acc + np.float32(partial * scale))
            if c is not None:
                acc = np.float32(np.float32(c[m, n]) + acc)
            out[m, n] = acc
    return out


@pytest.mark.parametrize("bn", [1, 2, 128])
def test_matches_scalar_definition(bn):
    rng = np.random.default_rng(20)
    m_size, n_size, group, k_size = 3, 5, 128, 384
    qa = random_codes(rng, (m_size, k_size))
    qb = random_codes(rng, (n_size, k_size))
    sa = (2.0 ** rng.uniform(-12, 4, (m_size, 3))).astype(np.float32)
    sb = (2.0 ** rng.uniform(-12, 4, (-(-n_size // bn), 3))).astype(np.float32)
    c = rng.standard_normal((m_size, n_size)).astype(np.float32) * 1e3
    for addend in (None, c):
        expected = slow_scaled_matmul(qa, sa, qb, sb, group, bn, addend)
        got = ref.scaled_matmul(qa, sa, qb, sb, group, (bn, group), "f32", addend)
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, expected)
        got16 = ref.scaled_matmul(qa, sa, qb, sb, group, (bn, group), "bf16", addend)
        np.testing.assert_array_equal(got16, ref.round_to_bf16(expected))


def test_partials_are_exact():
    # Row 0 of B alternates +-448 (then 2^-9, 0), so against the all-448
    # rows of A the 448^2 products cancel exactly and leave the tiny tail;
    # a running f32 sum would lose 2^-18.  Row 1 gives the largest partial,
    # 4096 * 448^2 = 49 * 2^24.
    group = 4096
    qa = np.full((2, group), 0x7E, np.uint8)
    qb = np.full((2, group), 0x7E, np.uint8)
    qb[0, 1::2] = 0xFE
    qa[0, -2:] = 0x01               # 2^-9
    qb[0, -2:] = [0x01, 0x00]       # 2^-9, 0
    ones = np.ones((2, 1), np.float32)
    out = ref.scaled_matmul(qa, ones, qb, ones, group, (1, group), "f32")
    assert out[0, 0] == 2.0**-18             # (4094 cancelling) + 2^-9 * 2^-9
    assert out[1, 0] == 448.0 * 2.0**-9      # (4094 cancelling) + 448 * 2^-9
    assert out[1, 1] == group * 448.0**2
    # The partial 4094 * 448^2 + 2 * 448 * 2^-9 is exact in float64 and is
    # rounded once to f32 (where the 1.75 is lost).
    exact = 4094 * 448.0**2 + 2 * 448.0 * 2.0**-9
    assert out[0, 1].astype(np.float64) == np.float64(np.float32(exact)) != exact


def test_accumulation_is_f32_in_kb_order():
    # partial * scale terms of 1, 2^-24, 2^-24 (kb order): f32 left-to-right
    # gives 1 (each 2^-24 tie rounds to even 1); any other order or a wider
    # accumulator gives 1 + 2^-23.
    group = 32
    qa = np.zeros((1, 3 * group), np.uint8)
    qa[0, [0, group, 2 * group]] = 0x38  # 1.0
    qb = qa.copy()
    sa = np.array([[1.0, 2.0**-12, 2.0**-12]], np.float32)
    sb = np.array([[1.0, 2.0**-12, 2.0**-12]], np.float32)
    out = ref.scaled_matmul(qa, sa, qb, sb, group, (1, group), "f32")
    assert out[0, 0] == 1.0
    sa_rev = sa[:, ::-1].copy()
    qa_rev = np.concatenate([qa[:, 2 * group:], qa[:, group:2 * group], qa[:, :group]], 1)
    out_rev = ref.scaled_matmul(qa_rev, sa_rev, qa_rev, sa_rev, group, (1, group), "f32")
    assert out_rev[0, 0] == np.float32(1 + 2.0**-23)


def test_nan_codes_propagate_per_group():
    rng = np.random.default_rng(21)
    group = 128
    qa = random_codes(rng, (4, 256))
    qb = random_codes(rng, (6, 256))
    qa[1, 130] = 0x7F
    qb[:, 128:] = 0x00  # zeros against the NaN: still NaN
    qb[4, 3] = 0xFF
    sa = np.ones((4, 2), np.float32)
    sb = np.ones((1, 2), np.float32)
    out = ref.scaled_matmul(qa, sa, qb, sb, group)
    nan = np.isnan(out)
    expected = np.zeros_like(nan)
    expected[1, :] = True
    expected[:, 4] = True
    np.testing.assert_array_equal(nan, expected)


def test_b_tile_forms_agree_and_tails():
    rng = np.random.default_rng(22)
    group = 128
    m_size, n_size, k_size = 7, 200, 512
    qa = random_codes(rng, (m_size, k_size))
    qb = random_codes(rng, (n_size, k_size))
    sa = rng.uniform(0.001, 0.01, (m_size, 4)).astype(np.float32)
    sb_block = rng.uniform(0.001, 0.01, (2, 4)).astype(np.float32)  # ceil(200/128)
    block = ref.scaled_matmul(qa, sa, qb, sb_block, group)  # default b_tile (g, g)
    sb_rows = np.repeat(sb_block, 128, 0)[:n_size]
    rows = ref.scaled_matmul(qa, sa, qb, sb_rows, group, (1, group))
    np.testing.assert_array_equal(block, rows)
    assert block.shape == (m_size, n_size)


def test_shape_errors():
    group = 128
    qa = np.zeros((4, 256), np.uint8)
    qb = np.zeros((6, 256), np.uint8)
    sa = np.ones((4, 2), np.float32)
    sb = np.ones((1, 2), np.float32)
    with pytest.raises(ValueError, match=r"K = 200 .*not a multiple of the group size 128"):
        ref.scaled_matmul(qa[:, :200], sa, qb[:, :200], sb, group)
    with pytest.raises(ValueError, match=r"qa \(4, 256\) and qb \(6, 128\)"):
        ref.scaled_matmul(qa, sa, qb[:, :128], sb, group)
    with pytest.raises(ValueError, match=r"sa has shape \(4, 1\), expected \(4, 2\)"):
        ref.scaled_matmul(qa, sa[:, :1], qb, sb, group)
    with pytest.raises(ValueError, match=r"sb has shape \(1, 2\), expected \(6, 2\)"):
        ref.scaled_matmul(qa, sa, qb, sb, group, (1, group))
    with pytest.raises(ValueError, match=r"sb has shape \(6, 2\), expected \(1, 2\)"):
        ref.scaled_matmul(qa, sa, qb, np.ones((6, 2), np.float32), group)
    with pytest.raises(ValueError, match="must span the group size"):
        ref.scaled_matmul(qa, sa, qb, sb, group, (128, 64))
    with pytest.raises(ValueError, match=r"c has shape \(6, 4\), expected \(4, 6\)"):
        ref.scaled_matmul(qa, sa, qb, sb, group, c=np.zeros((6, 4), np.float32))
    with pytest.raises(ValueError, match="out_dtype"):
        ref.scaled_matmul(qa, sa, qb, sb, group, out_dtype="f16")
    with pytest.raises(ValueError, match="2-D"):
        ref.scaled_matmul(qa[0], sa, qb, sb, group)
    with pytest.raises(ValueError, match="exceeds"):
        ref.scaled_matmul(qa, sa, qb, sb, ref.MAX_EXACT_GROUP * 2)
    with pytest.raises(TypeError):
        ref.scaled_matmul(qa.astype(np.float32), sa, qb, sb, group)
