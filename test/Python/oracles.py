"""Independent float64 oracles for the fp8q reference tests.

These re-derive the reference numerics a second way (value grids and float64
arithmetic instead of integer bit manipulation) so the tests do not check the
reference against itself.
"""

import math

import numpy as np


def e4m3_positive_grid():
    """The 127 non-negative finite E4M3 values in code order 0x00..0x7E.

    Built from the format definition, independently of fp8q.reference:
    subnormals k * 2^-9 (k = 0..7), then (1 + m/8) * 2^(e-7) for e = 1..15.
    """
    values = [k * 2.0**-9 for k in range(8)]
    for e in range(1, 16):
        for m in range(8):
            if e == 15 and m == 7:
                break
            values.append((1 + m / 8) * 2.0 ** (e - 7))
    grid = np.array(values, dtype=np.float64)
    assert grid.shape == (127,) and grid[-1] == 448.0
    assert np.all(np.diff(grid) > 0)
    return grid


_GRID = e4m3_positive_grid()
_MIDPOINTS = (_GRID[:-1] + _GRID[1:]) / 2  # exact in float64


def encode_e4m3(x):
    """RN-even, satfinite f32 -> E4M3 by comparison with exact midpoints.

    Codes are the grid indices (plus 0x80 for a set sign bit); a value equal
    to a midpoint goes to the even index; |x| > 448 (and Inf) gives 0x7E; NaN
    gives 0x7F.
    """
    with np.errstate(invalid="ignore"):
        x = np.asarray(x, dtype=np.float32).astype(np.float64)
    a = np.abs(x)
    # Index of the first midpoint >= a: the candidate codes are idx, idx+1.
    idx = np.searchsorted(_MIDPOINTS, a, side="left")
    idx_c = np.minimum(idx, len(_MIDPOINTS) - 1)
    on_mid = (idx < len(_MIDPOINTS)) & (a == _MIDPOINTS[idx_c])
    # Below the midpoint idx -> code idx; exactly on it -> the even of idx, idx+1.
    code = np.where(on_mid & (idx % 2 == 1), idx + 1, idx)
    code = np.minimum(code, 126)
    code = code | (np.signbit(x).astype(np.int64) << 7)
    code = np.where(np.isnan(x), 0x7F, code)
    return code.astype(np.uint8)


def decode_e4m3(codes):
    """Float64 values of E4M3 codes (NaN for 0x7F / 0xFF)."""
    codes = np.asarray(codes, dtype=np.int64)
    mag = codes & 0x7F
    vals = np.where(mag == 0x7F, np.nan, _GRID[np.minimum(mag, 126)])
    return np.where(codes & 0x80, -vals, vals)


def pow2_ceil(r):
    """2^ceil(log2(r)) for a positive finite float, exactly (via math.frexp)."""
    m, e = math.frexp(float(r))
    return math.ldexp(1.0, e - 1) if m == 0.5 else math.ldexp(1.0, e)


def quantize(x, tile, scale_mode="fp32", eps=1e-4):
    """Quantization recomputed with float64 arithmetic.

    Each float32 operation of the definition is done in float64 and rounded
    to float32: for division of float32 operands and for float32 products
    that double rounding is innocuous (53 >= 2 * 24 + 2), so the result must
    equal the reference bit for bit.
    """
    x = np.asarray(x, dtype=np.float32)
    rows, cols = x.shape
    tr, tc = tile
    gr, gc = -(-rows // tr), -(-cols // tc)
    scales = np.empty((gr, gc), np.float32)
    codes = np.empty((rows, cols), np.uint8)
    eps32 = float(np.float32(eps))
    for i in range(gr):
        for j in range(gc):
            block = x[i * tr:(i + 1) * tr, j * tc:(j + 1) * tc].astype(np.float64)
            amax = max(float(np.max(np.abs(block))), eps32)
            ratio = float(np.float32(amax / 448.0))
            s = ratio if scale_mode == "fp32" else pow2_ceil(ratio)
            s = np.float32(s)
            rcp = np.float32(1.0 / float(s))
            scaled = (block * float(rcp)).astype(np.float32)
            scales[i, j] = s
            codes[i * tr:(i + 1) * tr, j * tc:(j + 1) * tc] = encode_e4m3(scaled)
    return codes, scales


def expand(scales, tile, shape):
    """Per-tile array -> per-element array (float64)."""
    full = np.repeat(np.repeat(np.asarray(scales, np.float64), tile[0], 0), tile[1], 1)
    return full[:shape[0], :shape[1]]


def gamma(k, u=2.0**-24):
    """Higham's gamma_k = k u / (1 - k u)."""
    return k * u / (1 - k * u)
