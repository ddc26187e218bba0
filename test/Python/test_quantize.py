"""Edge cases of quantize / dequantize / tile_transpose and the layout helpers."""

import numpy as np
import pytest

import oracles
from fp8q import reference as ref

ml_dtypes = pytest.importorskip("ml_dtypes")

EPS32 = np.float32(1e-4)


def row(values, width=128):
    """A 1 x width float32 row: `values` first, zeros after."""
    x = np.zeros((1, width), np.float32)
    x[0, :len(values)] = values
    return x


# ---------------------------------------------------------------------------
# Scales
# ---------------------------------------------------------------------------


def test_all_zero_tile_uses_eps():
    x = np.zeros((2, 256), np.float32)
    x[1, 5] = -0.0
    for mode in ("fp32", "pow2"):
        q, s = ref.quantize(x, (1, 128), mode)
        assert q.shape == (2, 256) and s.shape == (2, 2)
        expected = EPS32 / np.float32(448)
        if mode == "pow2":
            expected = np.float32(oracles.pow2_ceil(expected))
        assert np.all(s == expected)
        assert np.count_nonzero(q) == 1 and q[1, 5] == 0x80  # -0.0 keeps its sign


def test_amax_below_eps():
    x = row([1e-6, -3e-5, 2e-5])
    q, s = ref.quantize(x, (1, 128))
    s_eps = EPS32 / np.float32(448)
    assert s[0, 0] == s_eps
    rcp = np.float32(1) / s_eps
    np.testing.assert_array_equal(q, oracles.encode_e4m3(x * rcp))
    assert q[0, 1] == oracles.encode_e4m3(np.float32(-3e-5) * rcp)
    # Larger eps makes every code smaller; eps is only a floor.
    q_big, s_big = ref.quantize(x, (1, 128), eps=1.0)
    assert s_big[0, 0] == np.float32(1) / np.float32(448)
    assert np.all(np.abs(ref.e4m3_decode(q_big)) <= np.abs(ref.e4m3_decode(q)))


def test_fp32_scale_is_ieee_division():
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((64, 128)) * 10.0 ** rng.uniform(-3, 3, (64, 1))).astype(np.float32)
    _, s = ref.quantize(x, (1, 128))
    amax = np.max(np.abs(x), axis=1, keepdims=True).astype(np.float64)
    np.testing.assert_array_equal(s, (np.maximum(amax, float(EPS32)) / 448.0).astype(np.float32))


def test_pow2_scales():
    amax = np.array([448.0, 449.0, 447.0, 1.0, 2.0**-20, 3.0e30, 7 * 2.0**-10, 0.0,
                     np.inf, np.nan], np.float32)
    s = ref.compute_scale(amax, "pow2")
    assert s.dtype == np.float32
    for a, got in zip(amax[:7], s[:7]):
        r = np.float32(np.float64(a) / 448.0)
        assert got == oracles.pow2_ceil(r)
        assert r <= got < 2 * r
    assert s[0] == 1.0 and s[1] == 2.0 and s[2] == 1.0 and s[6] == 2.0**-16
    assert s[7] == 0.0 and np.isinf(s[8]) and np.isnan(s[9])
    # pow2 scales are the fp32 scale rounded up to a power of two.
    fp32 = ref.compute_scale(amax[:7], "fp32")
    assert np.all((fp32 <= s[:7]) & (s[:7] < 2 * fp32))
    mant, _ = np.frexp(s[:7])
    assert np.all(mant == 0.5)


def test_pow2_scale_is_ceil_of_exact_ratio():
    # r = f32(amax / 448) is rounded, but never down onto a power of two, so
    # s = 2^ceil(log2(amax / 448)) exactly, also just above 448 * 2^k.
    base = (448 * 2.0 ** np.arange(-119, 120)).astype(np.float32)
    amax = np.concatenate([base, np.nextafter(base, np.float32(np.inf)),
                           np.nextafter(base, np.float32(0))])
    s = ref.compute_scale(amax, "pow2").astype(np.float64)
    exact = amax.astype(np.float64) / 448
    np.testing.assert_array_equal(s, [oracles.pow2_ceil(r) for r in exact])
    rng = np.random.default_rng(14)
    amax = (10.0 ** rng.uniform(-30, 30, 10000)).astype(np.float32)
    s = ref.compute_scale(amax, "pow2").astype(np.float64)
    exact = amax.astype(np.float64) / 448
    np.testing.assert_array_equal(s, [oracles.pow2_ceil(r) for r in exact])


def test_pow2_vs_fp32_quantization():
    x = row(np.linspace(-3, 5, 128))
    q32, s32 = ref.quantize(x, (1, 128), "fp32")
    qp2, sp2 = ref.quantize(x, (1, 128), "pow2")
    assert s32[0, 0] == np.float32(5) / np.float32(448)
    assert sp2[0, 0] == 2.0**-6  # 5 / 448 = 0.011 -> 2^-6 = 0.0156
    assert ref.e4m3_decode(q32)[0, -1] == 448.0
    assert ref.e4m3_decode(qp2)[0, -1] == 320.0  # 5 * 64, exact
    np.testing.assert_array_equal(qp2, oracles.encode_e4m3(x * np.float32(64)))


# ---------------------------------------------------------------------------
# Codes
# ---------------------------------------------------------------------------


def test_exact_halfway_points_after_scaling():
    # amax = 56 -> pow2 scale 2^-3, rcp = 8: x * rcp is exact, and the chosen
    # values land exactly on E4M3 midpoints (or one f32 ulp off them).
    grid = oracles.e4m3_positive_grid()
    mids = (grid[:-1] + grid[1:]) / 2
    pick = np.arange(0, 120, 7)  # a spread of midpoints, subnormal to 400
    vals = np.concatenate([[56.0], mids[pick] / 8]).astype(np.float32)
    x = row(vals)
    q, s = ref.quantize(x, (1, 128), "pow2")
    assert s[0, 0] == 0.125
    got = q[0, 1:len(vals)]
    even = np.where(pick % 2 == 0, pick, pick + 1)
    np.testing.assert_array_equal(got, even)
    # fp32 mode with amax = 448 * 2^k also has an exact power-of-two scale.
    x2 = row(np.concatenate([mids[pick], [448.0]]).astype(np.float32) * np.float32(4))
    q2, s2 = ref.quantize(x2, (1, 128), "fp32")
    assert s2[0, 0] == 4.0
    np.testing.assert_array_equal(q2[0, :len(pick)], even)


def test_saturation_of_the_amax_element():
    # Find amax values for which f32(amax * f32(1 / f32(amax / 448))) > 448:
    # the conversion must saturate them to 448, never produce NaN.
    rng = np.random.default_rng(6)
    a = rng.uniform(1, 2, 100000).astype(np.float32)
    s = a / np.float32(448)
    over = a * (np.float32(1) / s) > np.float32(448)
    assert np.any(over)
    amax = a[over][0]
    q, _ = ref.quantize(row([amax, -amax, 1.0]), (1, 128))
    assert q[0, 0] == 0x7E and q[0, 1] == 0xFE
    # And every code of any finite tile is finite and within +-448.
    x = (rng.standard_normal((32, 128)) * 1e3).astype(np.float32)
    q, _ = ref.quantize(x, (1, 128))
    assert np.all((q & 0x7F) <= 0x7E)
    assert np.all(np.max(q & 0x7F, axis=1) >= 0x7D)


def test_subnormal_codes():
    # amax 448 -> s = 1 (fp32 mode): small entries land in the E4M3 subnormals.
    x = row([448.0, 2.0**-9, 3 * 2.0**-9, -5 * 2.0**-9, 2.0**-10, 1.5 * 2.0**-9, 2.0**-11])
    q, s = ref.quantize(x, (1, 128))
    assert s[0, 0] == 1.0
    assert q[0, :7].tolist() == [0x7E, 0x01, 0x03, 0x85, 0x00, 0x02, 0x00]


def test_negative_zero_and_signs():
    x = row([-0.0, 0.0, -1.0, 1.0, -1e-30])
    q, _ = ref.quantize(x, (1, 128))
    # amax 1 -> s = 1/448: +-1 map to +-448, -1e-30 rounds to -0.
    assert q[0, :5].tolist() == [0x80, 0x00, 0xFE, 0x7E, 0x80]


def test_nan_tile():
    x = np.ones((2, 256), np.float32)
    x[0, 130] = np.nan
    q, s = ref.quantize(x, (1, 128))
    assert np.isnan(s[0, 1]) and np.all(~np.isnan(s[[0, 1, 1], [0, 0, 1]]))
    assert np.all(q[0, 128:] == 0x7F)
    assert np.all(q[0, :128] == 0x7E) and np.all(q[1] == 0x7E)
    # The same with a 128x128 tile: the whole block is NaN.
    xb = np.ones((130, 130), np.float32)
    xb[127, 0] = -np.nan
    qb, sb = ref.quantize(xb, (128, 128), "pow2")
    assert np.isnan(sb[0, 0]) and np.all(np.isfinite(sb.ravel()[1:]))
    assert np.all(qb[:128, :128] == 0x7F) and np.all(qb[128:, :] != 0x7F)
    # Dequantized, the tile is NaN.
    assert np.all(np.isnan(ref.dequantize(qb, sb, (128, 128))[:128, :128]))


def test_inf_tile():
    x = row([np.inf, -np.inf, 1.0, -2.0, 0.0, -0.0, 448.0])
    q, s = ref.quantize(x, (1, 128))
    assert np.isinf(s[0, 0]) and s[0, 0] > 0
    assert q[0, :7].tolist() == [0x7F, 0x7F, 0x00, 0x80, 0x00, 0x80, 0x00]
    # NaN wins over Inf in the same tile.
    q2, s2 = ref.quantize(row([np.inf, np.nan, 1.0]), (1, 128))
    assert np.isnan(s2[0, 0]) and np.all(q2 == 0x7F)


def test_eps_zero_and_invalid_eps():
    q, s = ref.quantize(np.zeros((1, 4), np.float32), (1, 4), eps=0.0)
    assert s[0, 0] == 0 and np.all(q == 0x7F)  # documented: 0 * Inf = NaN
    for bad in (-1.0, np.nan, np.inf):
        with pytest.raises(ValueError, match="eps"):
            ref.quantize(np.zeros((1, 4), np.float32), (1, 4), eps=bad)


# ---------------------------------------------------------------------------
# Tiles, tails, transposes, dtypes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("tile", [(1, 128), (128, 128), (128, 1), (3, 70), (1, 1)])
@pytest.mark.parametrize("mode", ["fp32", "pow2"])
def test_tails_equal_per_tile_quantization(tile, mode):
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((130, 200)) * rng.uniform(0.01, 100, (130, 1))).astype(np.float32)
    q, s = ref.quantize(x, tile, mode)
    tr, tc = tile
    assert s.shape == (-(-130 // tr), -(-200 // tc))
    for i in range(0, s.shape[0], max(1, s.shape[0] // 5)):
        for j in range(0, s.shape[1], max(1, s.shape[1] // 5)):
            block = x[i * tr:(i + 1) * tr, j * tc:(j + 1) * tc]
            qb, sb = ref.quantize(block, block.shape, mode)
            assert sb.shape == (1, 1) and sb[0, 0] == s[i, j]
            np.testing.assert_array_equal(qb, q[i * tr:(i + 1) * tr, j * tc:(j + 1) * tc])
    # The last (partial) tiles too.
    block = x[(s.shape[0] - 1) * tr:, (s.shape[1] - 1) * tc:]
    qb, sb = ref.quantize(block, block.shape, mode)
    assert sb[0, 0] == s[-1, -1]
    np.testing.assert_array_equal(qb, q[(s.shape[0] - 1) * tr:, (s.shape[1] - 1) * tc:])
    qo, so = oracles.quantize(x, tile, mode)
    np.testing.assert_array_equal(q, qo)
    np.testing.assert_array_equal(s, so)


@pytest.mark.parametrize("tile", [(1, 128), (128, 1), (128, 128), (5, 3)])
def test_transpose_flag(tile):
    rng = np.random.default_rng(8)
    x = rng.standard_normal((300, 260)).astype(np.float32)
    q, s = ref.quantize(x, tile, "fp32")
    qt, st = ref.quantize(x, tile, "fp32", transpose=True)
    assert qt.shape == (260, 300) and st.shape == (s.shape[1], s.shape[0])
    assert qt.flags.c_contiguous and st.flags.c_contiguous
    np.testing.assert_array_equal(qt, q.T)
    np.testing.assert_array_equal(st, s.T)
    # The transposed pair dequantizes with the transposed tile.
    np.testing.assert_array_equal(ref.dequantize(qt, st, tile[::-1]),
                                  ref.dequantize(q, s, tile).T)


def test_input_dtypes():
    rng = np.random.default_rng(9)
    x = rng.standard_normal((4, 256)).astype(np.float32)
    for other in (np.float16, ml_dtypes.bfloat16):
        xo = x.astype(other)
        q1, s1 = ref.quantize(xo, (1, 128))
        q2, s2 = ref.quantize(xo.astype(np.float32), (1, 128))
        np.testing.assert_array_equal(q1, q2)
        np.testing.assert_array_equal(s1, s2)
    with pytest.raises(TypeError):
        ref.quantize(np.ones((2, 2), np.int32), (1, 2))


def test_argument_errors():
    x = np.ones((4, 8), np.float32)
    with pytest.raises(ValueError, match="2-D"):
        ref.quantize(np.ones(8, np.float32), (1, 8))
    with pytest.raises(ValueError, match="tile"):
        ref.quantize(x, (0, 8))
    with pytest.raises(ValueError, match="tile"):
        ref.quantize(x, 8)
    with pytest.raises(ValueError, match="scale_mode"):
        ref.quantize(x, (1, 8), "e8m0")
    q, s = ref.quantize(x, (1, 8))
    with pytest.raises(ValueError, match=r"scales have shape \(4, 1\).*need \(2, 1\)"):
        ref.dequantize(q, s, (2, 8))
    with pytest.raises(ValueError, match="out_dtype"):
        ref.dequantize(q, s, (1, 8), "f64")


def test_empty_input():
    q, s = ref.quantize(np.zeros((0, 5), np.float32), (1, 128))
    assert q.shape == (0, 5) and s.shape == (0, 1)


# ---------------------------------------------------------------------------
# Dequantize
# ---------------------------------------------------------------------------


def test_dequantize_definition():
    rng = np.random.default_rng(10)
    x = (rng.standard_normal((200, 300)) * 30).astype(np.float32)
    q, s = ref.quantize(x, (128, 128))
    out = ref.dequantize(q, s, (128, 128))
    assert out.dtype == np.float32 and out.shape == x.shape
    expected = ref.e4m3_decode(q) * oracles.expand(s, (128, 128), q.shape).astype(np.float32)
    np.testing.assert_array_equal(out, expected)
    # f32 product vs the exact float64 product: one rounding.
    exact = oracles.decode_e4m3(q) * oracles.expand(s, (128, 128), q.shape)
    np.testing.assert_array_equal(out, exact.astype(np.float32))
    np.testing.assert_array_equal(ref.dequantize(q, s, (128, 128), "bf16"), ref.round_to_bf16(out))
    np.testing.assert_array_equal(ref.dequantize(q, s, (128, 128), "f16"), ref.round_to_f16(out))
    assert np.all(ref.f32_to_bf16_bits(ref.dequantize(q, s, (128, 128), "bf16")).view(np.uint16)
                  == ref.f32_to_bf16_bits(out))


# ---------------------------------------------------------------------------
# Tile transpose
# ---------------------------------------------------------------------------


def test_tile_transpose_definition_and_shapes():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((200, 384)).astype(np.float32)
    q, s = ref.quantize(x, (1, 128), "fp32")
    qt, st = ref.tile_transpose(q, s, 128, "fp32")
    assert qt.shape == (384, 200) and st.shape == (384, 2)
    xd = ref.dequantize(q, s, (1, 128))
    q2, s2 = ref.quantize(xd.T, (1, 128), "fp32")
    np.testing.assert_array_equal(qt, q2)
    np.testing.assert_array_equal(st, s2)
    with pytest.raises(ValueError, match="scales have shape"):
        ref.tile_transpose(q, s[:, :2], 64)


def test_block_transpose_is_quantize_of_the_transpose():
    # Ragged tails in both extents, both scale modes, group 64 too: the
    # transposed blocks are the same blocks, so codes and scales are equal.
    rng = np.random.default_rng(13)
    for (r, c), group in (((300, 200), 128), ((130, 257), 128), ((96, 200), 64)):
        x = (rng.standard_normal((r, c)) * 10.0 ** rng.uniform(-3, 3, (r, 1))).astype(np.float32)
        for mode in ("fp32", "pow2"):
            q, s = ref.quantize(x, (group, group), mode)
            qt, st = ref.block_transpose(q, s, group)
            q2, s2 = ref.quantize(np.ascontiguousarray(x.T), (group, group), mode)
            np.testing.assert_array_equal(qt, q2)
            np.testing.assert_array_equal(st.view(np.uint32), s2.view(np.uint32))
            # transpose=True is the same layout.
            q3, s3 = ref.quantize(x, (group, group), mode, transpose=True)
            np.testing.assert_array_equal(qt, q3)
    with pytest.raises(ValueError, match="scales have shape"):
        ref.block_transpose(q, s[:, :1], 64)


def test_tile_transpose_pow2_is_exact():
    # Every 128x128 block has magnitudes within a factor 2 ([1, 2) times a
    # per-block power of two), so no element is tiny relative to its new
    # 128x1 tile and the pow2 -> pow2 transpose must be lossless.
    rng = np.random.default_rng(12)
    mag = rng.uniform(1, 2, (256, 384)) * np.where(rng.random((256, 384)) < 0.5, -1, 1)
    block_scale = 2.0 ** rng.integers(-8, 8, (2, 3))
    x = (mag * np.repeat(np.repeat(block_scale, 128, 0), 128, 1)).astype(np.float32)
    q, s = ref.quantize(x, (1, 128), "pow2")
    qt, st = ref.tile_transpose(q, s, 128, "pow2")
    before = ref.dequantize(q, s, (1, 128))
    after = ref.dequantize(qt, st, (1, 128))
    np.testing.assert_array_equal(after, before.T)
    # Transposing back is lossless as well.
    qb, sb = ref.tile_transpose(qt, st, 128, "pow2")
    np.testing.assert_array_equal(ref.dequantize(qb, sb, (1, 128)), before)
    np.testing.assert_array_equal(qb, q)


def test_tile_transpose_pow2_loses_only_tiny_elements():
    # The documented limit: an element below 2^-6 * sT in its new tile can
    # lose low mantissa bits.  Row 0 is tiny (amax floored to eps = 1e-4,
    # pow2 scale 2^-22: its values are the exact codes 224 and 256), row 1
    # is large (scale 1).
    x = np.zeros((2, 128), np.float32)
    x[0, :] = 7 * 2.0**-17
    x[1, :] = 448.0
    x[0, 1] = 1.0 * 2.0**-14
    q, s = ref.quantize(x, (1, 128), "pow2")
    assert s[0, 0] == 2.0**-22 and s[1, 0] == 1.0
    before = ref.dequantize(q, s, (1, 128))
    np.testing.assert_array_equal(before, x)  # exact to start with
    qt, st = ref.tile_transpose(q, s, 128, "pow2")  # new tiles: 1 x 2 (a tail)
    after = ref.dequantize(qt, st, (1, 128))
    assert st.shape == (128, 1) and np.all(st == 1.0)
    # Both 7 * 2^-17 and 2^-14 lie below half the subnormal quantum 2^-9 of
    # the new scale 1, so they round to 0.
    assert after[0, 0] == 0.0 and after[1, 0] == 0.0
    assert np.all(after[:, 1] == 448.0)


# ---------------------------------------------------------------------------
# Layout and I/O helpers
# ---------------------------------------------------------------------------


def test_scales_mn_major_round_trip():
    s = np.arange(12, dtype=np.float32).reshape(4, 3)  # [M, K/g]
    t = ref.scales_mn_major(s)
    assert t.shape == (3, 4) and t.flags.c_contiguous
    assert t[2, 1] == s[1, 2]
    back = ref.scales_from_mn_major(t)
    np.testing.assert_array_equal(back, s)
    assert back.flags.c_contiguous


def test_write_read_tensor(tmp_path):
    rng = np.random.default_rng(13)
    q, s = ref.quantize(rng.standard_normal((3, 256)).astype(np.float32), (1, 128))
    for name, arr in (("q.bin", q), ("s.npy", s), ("t", ref.f32_to_bf16_bits(s))):
        path = tmp_path / name
        ref.write_tensor(path, arr)
        assert path.exists()
        got = ref.read_tensor(path)
        assert got.dtype == arr.dtype
        np.testing.assert_array_equal(got, arr)
    # The payload is the raw row-major bytes at the end of the file.
    raw = (tmp_path / "q.bin").read_bytes()
    assert raw.endswith(q.tobytes())


def test_torch_helpers_without_torch():
    try:
        import torch  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="PyTorch"):
            ref.to_torch_float8(np.zeros(3, np.uint8))
        return
    codes = np.arange(256, dtype=np.uint8)
    np.testing.assert_array_equal(ref.from_torch_float8(ref.to_torch_float8(codes)), codes)
