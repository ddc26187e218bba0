"""Property tests of fp8q.reference against independent float64 computations.

Seeded random data of several distributions and tile shapes.  Properties:

* quantize equals the float64 oracle (oracles.quantize) bit for bit;
* the relative error of dequantize(quantize(x)) is at most 2^-4 (half an
  E4M3 ulp, plus a few f32 roundings) wherever the scaled magnitude lies in
  the E4M3 normal range, and the absolute error at most half a subnormal
  quantum (2^-10 * s) elsewhere;
* pow2 -> pow2 tile transposes reproduce every value x' for which x' / sT is
  an E4M3 value (and are within half a subnormal quantum otherwise);
* scaled_matmul is within the f32 accumulation bound of the exact float64
  product of the dequantized operands (derived in test_scaled_matmul_error_bound).
"""

import zlib

import numpy as np
import pytest

import oracles
from fp8q import reference as ref

U32 = 2.0**-24  # unit roundoff of f32
SHAPE = (293, 389)  # tails for every tile below


def make(dist, shape, seed):
    rng = np.random.default_rng(seed)
    if dist == "randn":
        x = rng.standard_normal(shape)
    elif dist == "uniform":
        x = rng.uniform(-1, 1, shape)
    elif dist == "student_t":
        x = rng.standard_t(1.5, shape)
    elif dist == "lognormal":
        x = rng.lognormal(0, 3, shape) * rng.choice([-1, 1], shape)
    elif dist == "tiny":
        x = rng.standard_normal(shape) * 1e-6
    elif dist == "mixed":
        x = (rng.standard_normal(shape) * 10.0 ** rng.uniform(-4, 4, (shape[0], 1))
             * 10.0 ** rng.uniform(-2, 2, (1, shape[1])))
    else:
        raise AssertionError(dist)
    return x.astype(np.float32)


DISTS = ["randn", "uniform", "student_t", "lognormal", "tiny", "mixed"]
TILES = [(1, 128), (128, 128), (128, 1)]


@pytest.mark.parametrize("mode", ["fp32", "pow2"])
@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("dist", DISTS)
def test_quantize_matches_oracle_and_error_bounds(dist, tile, mode):
    x = make(dist, SHAPE, zlib.crc32(repr((dist, tile, mode)).encode()))
    q, s = ref.quantize(x, tile, mode)
    q_oracle, s_oracle = oracles.quantize(x, tile, mode)
    np.testing.assert_array_equal(s, s_oracle)
    np.testing.assert_array_equal(q, q_oracle)

    s64 = oracles.expand(s, tile, x.shape)
    x64 = x.astype(np.float64)
    deq = ref.dequantize(q, s, tile).astype(np.float64)
    scaled = np.abs(x64 / s64)
    assert np.all(scaled <= 448 * (1 + 4 * U32))
    normal = scaled >= 2.0**-6
    rel = np.abs(deq[normal] - x64[normal]) / np.abs(x64[normal])
    assert rel.max() <= 2.0**-4 * (1 + 2.0**-18)
    assert rel.max() > 2.0**-6  # the bound is not vacuous
    err = np.abs(deq[~normal] - x64[~normal])
    assert np.all(err <= 2.0**-10 * s64[~normal] * (1 + 2.0**-18))


@pytest.mark.parametrize("dist", DISTS)
def test_pow2_tile_transpose_exactness(dist):
    x = make(dist, (256 + 40, 384), 100 + DISTS.index(dist))
    q, s = ref.quantize(x, (1, 128), "pow2")
    qt, st = ref.tile_transpose(q, s, 128, "pow2")
    before_t = ref.dequantize(q, s, (1, 128)).T.astype(np.float64)
    after = ref.dequantize(qt, st, (1, 128)).astype(np.float64)
    st64 = oracles.expand(st, (1, 128), qt.shape)
    ratio = before_t / st64  # exact: a power-of-two rescaling
    representable = oracles.decode_e4m3(oracles.encode_e4m3(ratio)) == ratio
    np.testing.assert_array_equal(after[representable], before_t[representable])
    err = np.abs(after - before_t)[~representable]
    assert np.all(err <= 2.0**-10 * st64[~representable])
    # Only elements tiny relative to their new tile can be inexact.
    assert np.all(np.abs(before_t[~representable]) < 2.0**-6 * st64[~representable])
    if dist in ("randn", "uniform"):
        assert representable.mean() > 0.999


@pytest.mark.parametrize("dist", DISTS)
@pytest.mark.parametrize("b_form", ["block", "rows"])
@pytest.mark.parametrize("mode", ["fp32", "pow2"])
def test_scaled_matmul_error_bound(dist, b_form, mode):
    """scaled_matmul vs the exact product of the dequantized operands.

    With exact group terms t_kb = P_kb * sa * sb (P_kb the exact partial), the
    reference computes fl(fl(P) * fl(sa * sb)) (three roundings, relative
    error <= gamma_3) and sums the nk = K/g terms left to right in f32 from
    +0.0 (nk - 1 roundings, error <= gamma_{nk-1} * sum |t^|).  Hence, without
    underflow,

        |out - sum_kb t_kb| <= gamma_{nk+2} * sum_kb |t_kb|,

    gamma_k = k u / (1 - k u), u = 2^-24.  The float64 reference product has
    its own error <= gamma64_K * sum_k |a_k b_k|, added to the bound.
    """
    group = 128
    m_size, n_size, k_size = 70, 130, 640
    a = make(dist, (m_size, k_size), 200 + DISTS.index(dist))
    b = make(dist, (n_size, k_size), 300 + DISTS.index(dist))
    qa, sa = ref.quantize(a, (1, group), mode)
    b_tile = (group, group) if b_form == "block" else (1, group)
    qb, sb = ref.quantize(b, b_tile, mode)
    out = ref.scaled_matmul(qa, sa, qb, sb, group, b_tile, "f32")

    a64 = oracles.decode_e4m3(qa) * oracles.expand(sa, (1, group), qa.shape)  # exact
    b64 = oracles.decode_e4m3(qb) * oracles.expand(sb, b_tile, qb.shape)      # exact
    exact = a64 @ b64.T
    groups = k_size // group
    abs_terms = np.zeros_like(exact)
    for kb in range(groups):
        ks = slice(kb * group, (kb + 1) * group)
        abs_terms += np.abs(a64[:, ks] @ b64[:, ks].T)
    bound = (oracles.gamma(groups + 2) * abs_terms
             + oracles.gamma(k_size, 2.0**-53) * (np.abs(a64) @ np.abs(b64).T))
    err = np.abs(out.astype(np.float64) - exact)
    ratio = err / np.maximum(bound, 1e-300)
    assert np.all(err <= bound), float(ratio.max())
    assert ratio.max() > 1e-3  # the bound is not vacuous

    out16 = ref.scaled_matmul(qa, sa, qb, sb, group, b_tile, "bf16")
    np.testing.assert_array_equal(out16, ref.round_to_bf16(out))
    c = make("randn", (m_size, n_size), 7)
    out_c = ref.scaled_matmul(qa, sa, qb, sb, group, b_tile, "f32", c)
    np.testing.assert_array_equal(out_c, c + out)
