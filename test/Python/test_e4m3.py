"""E4M3 and bf16/f16 conversions of fp8q.reference.

Oracles: ``ml_dtypes`` (float8_e4m3fn, bfloat16) and the float64 midpoint
oracle of ``oracles.py``.  ml_dtypes' float32 -> float8_e4m3fn conversion is
round-to-nearest-even but does not saturate: magnitudes that round above 448
(|x| > 464, and Inf) give NaN there, while cvt.rn.satfinite gives +-448.  It
is therefore compared only where |x| <= 464; the saturating part is checked
separately.  ml_dtypes also keeps the sign of a NaN (-NaN -> 0xFF) where the
hardware always gives 0x7F.
"""

import numpy as np
import pytest

import oracles
from fp8q import reference as ref

ml_dtypes = pytest.importorskip("ml_dtypes")

F8 = ml_dtypes.float8_e4m3fn
ALL_CODES = np.arange(256, dtype=np.uint8)
NON_NAN_CODES = ALL_CODES[(ALL_CODES & 0x7F) != 0x7F]


def f32_from_bits(bits):
    return np.asarray(bits, dtype=np.uint32).view(np.float32)


def ml_dtypes_encode(x):
    with np.errstate(invalid="ignore", over="ignore"):
        return np.asarray(x, np.float32).astype(F8).view(np.uint8)


def check_encode(x):
    """Compares the reference encoder with both oracles on float32 x."""
    x = np.asarray(x, dtype=np.float32)
    got = ref.e4m3_encode_rn_satfinite(x)
    np.testing.assert_array_equal(got, oracles.encode_e4m3(x))
    # ml_dtypes keeps the sign of NaN (0xFF); cvt.rn.satfinite (and the
    # reference) always give 0x7F.
    comparable = np.abs(x) <= 464
    np.testing.assert_array_equal(got[comparable], ml_dtypes_encode(x[comparable]))
    assert np.all(got[np.isnan(x)] == 0x7F)
    return got


# ---------------------------------------------------------------------------
# The code table
# ---------------------------------------------------------------------------


def test_table_matches_ml_dtypes():
    table = ref.e4m3_table()
    expected = ALL_CODES.view(F8).astype(np.float32)
    assert table.dtype == np.float32 and table.shape == (256,)
    np.testing.assert_array_equal(np.isnan(table), np.isnan(expected))
    ok = ~np.isnan(expected)
    np.testing.assert_array_equal(table[ok], expected[ok])
    np.testing.assert_array_equal(np.signbit(table[ok]), np.signbit(expected[ok]))


def test_table_landmarks():
    table = ref.e4m3_table()
    assert np.flatnonzero(np.isnan(table)).tolist() == [0x7F, 0xFF]
    assert table[0x7E] == 448.0 and table[0xFE] == -448.0
    assert table[0x01] == 2.0**-9 and table[0x07] == 7 * 2.0**-9
    assert table[0x08] == 2.0**-6
    assert table[0x38] == 1.0
    assert table[0x00] == 0.0 and not np.signbit(table[0x00])
    assert table[0x80] == 0.0 and np.signbit(table[0x80])
    assert np.nanmax(table) == ref.E4M3_MAX
    positive = table[:0x7F]
    assert np.all(np.diff(positive) > 0)
    np.testing.assert_array_equal(table[0x80:0xFF], -positive)
    assert not table.flags.writeable


def test_decode_matches_table_and_oracle():
    got = ref.e4m3_decode(ALL_CODES)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, oracles.decode_e4m3(ALL_CODES).astype(np.float32))
    # Other integer dtypes are accepted, out-of-range values are not.
    np.testing.assert_array_equal(ref.e4m3_decode(ALL_CODES.astype(np.int32)), got)
    with pytest.raises(ValueError):
        ref.e4m3_decode(np.array([256]))
    with pytest.raises(TypeError):
        ref.e4m3_decode(np.array([1.0]))


def test_encode_decode_round_trip():
    values = ref.e4m3_decode(NON_NAN_CODES)
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(values), NON_NAN_CODES)
    assert ref.e4m3_encode_rn_satfinite(ref.e4m3_decode(ALL_CODES[[0x7F, 0xFF]])).tolist() \
        == [0x7F, 0x7F]


# ---------------------------------------------------------------------------
# Rounding: midpoints, neighbours, subnormals, specials
# ---------------------------------------------------------------------------


def test_every_midpoint_ties_to_even_and_its_neighbours():
    grid = oracles.e4m3_positive_grid()
    mids = ((grid[:-1] + grid[1:]) / 2).astype(np.float32)
    assert np.all(mids.astype(np.float64) == (grid[:-1] + grid[1:]) / 2)  # exact
    lower = np.arange(126)
    even = np.where(lower % 2 == 0, lower, lower + 1)
    below = np.nextafter(mids, np.float32(0))
    above = np.nextafter(mids, np.float32(np.inf))
    for sign in (1, -1):
        bit = 0x80 if sign < 0 else 0
        np.testing.assert_array_equal(check_encode(sign * mids), even | bit)
        np.testing.assert_array_equal(check_encode(sign * below), lower | bit)
        np.testing.assert_array_equal(check_encode(sign * above), (lower + 1) | bit)


def test_named_rounding_cases():
    cases = {
        1.0625: 0x38,        # 1 + 1/16: tie between 1.0 (0x38) and 1.125 -> even 0x38
        1.1875: 0x3A,        # tie between 1.125 (0x39) and 1.25 (0x3A) -> 0x3A
        2.0**-10: 0x00,      # half the smallest subnormal -> 0
        3 * 2.0**-10: 0x02,  # tie between 1 and 2 quanta -> 2
        15 * 2.0**-10: 0x08,  # tie between 7 * 2^-9 and 2^-6 -> 0x08
        2.0**-6 * 17 / 16: 0x08,  # tie above the smallest normal -> 0x08
        240.0: 0x77,         # 240 exact
        432.0: 0x7E,         # tie between 416 (0x7D) and 448 (0x7E) -> 0x7E
        448.0: 0x7E,
        464.0: 0x7E,         # halfway to the (non-existent) 480: even -> 448
    }
    x = np.array(list(cases), dtype=np.float32)
    np.testing.assert_array_equal(check_encode(x), list(cases.values()))
    np.testing.assert_array_equal(check_encode(-x), [c | 0x80 for c in cases.values()])


def test_saturation_and_specials():
    big = np.array([448.00003, 463.99997, 464.00003, 480, 1e4, 3.4028235e38, np.inf],
                   dtype=np.float32)
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(big), 0x7E)
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(-big), 0xFE)
    np.testing.assert_array_equal(oracles.encode_e4m3(big), 0x7E)
    nans = f32_from_bits([0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FFFFFFF])
    assert np.all(np.isnan(nans))
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(nans), 0x7F)
    zeros = np.array([0.0, -0.0], np.float32)
    assert ref.e4m3_encode_rn_satfinite(zeros).tolist() == [0x00, 0x80]


def test_float32_subnormals_and_tiny_values():
    rng = np.random.default_rng(1)
    sub_bits = np.concatenate([
        np.arange(1, 64), 0x7FFFFF - np.arange(64), rng.integers(1, 0x800000, 20000)])
    subnormals = f32_from_bits(sub_bits)
    got = check_encode(subnormals)
    assert np.all(got == 0)
    assert np.all(check_encode(-subnormals) == 0x80)
    # Everything from 2^-20 up to the E4M3 normal range, densely.
    lo, hi = np.float32(2.0**-20).view(np.uint32), np.float32(2.0**-5).view(np.uint32)
    tiny = f32_from_bits(np.arange(lo, hi, 37, dtype=np.uint32))
    check_encode(tiny)
    check_encode(-tiny)


def test_dense_sample_of_minus_600_to_600():
    top = int(np.float32(600.0).view(np.uint32))
    bits = np.arange(0, top + 1, 509, dtype=np.uint32)  # prime stride: all mantissa residues
    x = f32_from_bits(bits)
    check_encode(x)
    check_encode(-x)
    # Everything above 448 saturates.
    over = x[x > 448]
    assert over.size > 1000
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(over), 0x7E)


def test_all_short_mantissa_patterns_and_neighbours():
    # Every float32 whose low 13 mantissa bits are zero (2^19 patterns: all
    # exponents, both signs, Inf and NaNs included), and the patterns one
    # ulp either side: covers every E4M3 midpoint of every binade.
    base = np.arange(1 << 19, dtype=np.uint64) << np.uint64(13)
    bits = np.concatenate([base, base + 1, base - 1]) & np.uint64(0xFFFFFFFF)
    x = f32_from_bits(bits.astype(np.uint32))
    check_encode(x)


def test_random_bit_patterns():
    rng = np.random.default_rng(2)
    x = f32_from_bits(rng.integers(0, 1 << 32, 1 << 20, dtype=np.uint64).astype(np.uint32))
    check_encode(x)


def test_encode_input_types_and_shapes():
    x = np.linspace(-500, 500, 4 * 6 * 5, dtype=np.float32).reshape(4, 6, 5)
    got = ref.e4m3_encode_rn_satfinite(x)
    assert got.shape == x.shape and got.dtype == np.uint8
    np.testing.assert_array_equal(got, oracles.encode_e4m3(x))
    # Non-contiguous views, f16 and bf16 inputs convert exactly.
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(x[:, ::2, 1:]), got[:, ::2, 1:])
    h = x.astype(np.float16)
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(h),
                                  ref.e4m3_encode_rn_satfinite(h.astype(np.float32)))
    b = x.astype(ml_dtypes.bfloat16)
    np.testing.assert_array_equal(ref.e4m3_encode_rn_satfinite(b),
                                  ref.e4m3_encode_rn_satfinite(b.astype(np.float32)))
    assert ref.e4m3_encode_rn_satfinite(np.float32(1.0)).shape == ()
    with pytest.raises(TypeError):
        ref.e4m3_encode_rn_satfinite(np.array([1, 2], np.int32))


# ---------------------------------------------------------------------------
# bf16 / f16
# ---------------------------------------------------------------------------


def test_bf16_rounding_matches_ml_dtypes():
    rng = np.random.default_rng(3)
    bits = np.concatenate([
        rng.integers(0, 1 << 32, 1 << 20, dtype=np.uint64),
        # Exact bf16 ties (low half 0x8000) with both parities, and neighbours.
        (rng.integers(0, 1 << 16, 1 << 14, dtype=np.uint64) << np.uint64(16)) + 0x8000,
        (rng.integers(0, 1 << 16, 1 << 14, dtype=np.uint64) << np.uint64(16)) + 0x7FFF,
        (rng.integers(0, 1 << 16, 1 << 14, dtype=np.uint64) << np.uint64(16)) + 0x8001,
        np.array([0x7F7FFFFF, 0x7F7F8000, 0x7F7F7FFF, 0x00000001, 0x80008000, 0x00018000]),
    ]).astype(np.uint32)
    x = f32_from_bits(bits)
    got = ref.f32_to_bf16_bits(x)
    assert got.dtype == np.uint16
    with np.errstate(invalid="ignore", over="ignore"):
        expected = x.astype(ml_dtypes.bfloat16).view(np.uint16)
    finite_or_inf = ~np.isnan(x)
    np.testing.assert_array_equal(got[finite_or_inf], expected[finite_or_inf])
    assert np.all(got[np.isnan(x)] == ref.BF16_NAN_BITS)
    # Overflow after rounding gives Inf, as IEEE RN does.
    assert ref.f32_to_bf16_bits(f32_from_bits([0x7F7FFFFF, 0xFF7F8000])).tolist() == [
        0x7F80, 0xFF80]
    r = ref.round_to_bf16(x)
    assert r.dtype == np.float32
    np.testing.assert_array_equal(r.view(np.uint32)[finite_or_inf] & 0xFFFF, 0)
    np.testing.assert_array_equal(ref.bf16_bits_to_f32(got), r)


def test_f16_rounding():
    rng = np.random.default_rng(4)
    x = f32_from_bits(rng.integers(0, 1 << 32, 1 << 18, dtype=np.uint64).astype(np.uint32))
    x = np.concatenate([x, np.array([65504, 65519.996, 65520, 2.0**-25, 3 * 2.0**-25,
                                     np.nan, -np.inf], np.float32)])
    bits = ref.f32_to_f16_bits(x)
    finite = ~np.isnan(x)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(bits[finite], x[finite].astype(np.float16).view(np.uint16))
    assert np.all(bits[~finite] == ref.F16_NAN_BITS)
    np.testing.assert_array_equal(ref.round_to_f16(x), ref.f16_bits_to_f32(bits))
    # Half-way cases, checked against float64 arithmetic.
    assert ref.round_to_f16(np.float32(2.0**-25)) == 0.0          # tie -> even (0)
    assert ref.round_to_f16(np.float32(3 * 2.0**-25)) == 2.0**-23  # tie -> even (2 quanta)
    assert ref.round_to_f16(np.float32(65519.996)) == 65504.0
    assert np.isinf(ref.round_to_f16(np.float32(65520.0)))
