"""Reference numerics of fp8q: fine-grained FP8 (E4M3) quantization.

This module is the executable definition that every fp8q lowering (the
reference linalg lowering and the GPU kernels) is checked against.  It is pure
numpy, runs on the CPU and favours exactness over speed; every function states
the precision of each step.  The recipe is the fine-grained FP8 scheme of the
DeepSeek-V3 technical report (arXiv:2412.19437, section 3.3); the contract is
the "Numerics" section of the project's DESIGN.md.

Definitions
===========

E4M3 (MLIR ``f8E4M3FN``)
    1 sign bit, 4 exponent bits (bias 7), 3 mantissa bits.  No infinities;
    ``S.1111.111`` (0x7F, 0xFF) is NaN.  Largest finite magnitude 448 (0x7E),
    smallest normal 2^-6 (0x08), smallest subnormal 2^-9 (0x01).  The 256
    values are tabulated by :func:`e4m3_table` from the bit fields.

Conversion f32 -> E4M3 (:func:`e4m3_encode_rn_satfinite`)
    The semantics of PTX ``cvt.rn.satfinite.e4m3x2.f32``: round to nearest,
    ties to even code, on the E4M3 grid (subnormals included); magnitudes whose
    rounding would exceed 448 (every finite ``|x| > 448`` and +-Inf) saturate
    to +-448; NaN becomes the canonical NaN 0x7F; the sign of zero is kept.
    The f32 -> bf16 / f16 roundings use RN-even and give the canonical NaN
    0x7FFF like ``cvt.rn.bf16.f32`` / ``cvt.rn.f16.f32``.  All three were
    checked bit for bit against an H200 for all 2^32 float32 inputs.

Quantize one tile T of f32 values x (:func:`quantize`), all in f32 arithmetic:
    1. ``amax = max(max_{x in T} |x|, eps)``, NaN-propagating.
    2. ``s = amax / 448`` (mode ``"fp32"``) or ``s = 2^ceil(log2(f32(amax /
       448)))`` (mode ``"pow2"``).
    3. ``rcp = 1 / s``; ``q = cvt_rn_satfinite_e4m3(f32(x * rcp))``.

Dequantize (:func:`dequantize`)
    ``x' = f32(f32(q) * s)``, optionally rounded (RN-even) to bf16 or f16.

Tile transpose (:func:`tile_transpose`)
    Dequantize with 1xG tiles, transpose, quantize with 1xG tiles.

Block transpose (:func:`block_transpose`)
    ``qT[c, r] = q[r, c]``, ``sT[j, i] = s[i, j]`` for GxG blocks: exact, and
    equal to quantizing the transposed source in GxG blocks.

Scaled matmul (:func:`scaled_matmul`)
    ``out[m, n] = sum_kb f32(partial[m, n, kb] * f32(sa[m, kb] * sb[n', kb]))``
    accumulated in f32 in increasing kb, where ``partial`` is the exact sum of
    the group's E4M3 products rounded once to f32.

Grouped scaled matmul (:func:`grouped_scaled_matmul`)
    One :func:`scaled_matmul` per group g of rows (contiguous: offsets;
    masked: counts) against the group's weight ``qb[g]``; rows in no group
    keep the destination's values.

Special values (all follow from the definitions above)
    * A NaN anywhere in a tile makes ``amax``, ``s`` and ``rcp`` NaN, so the
      tile's scale is NaN and every code of the tile is 0x7F.
    * A +-Inf in a NaN-free tile makes ``amax = s = Inf`` and ``rcp = +0``:
      finite elements become +-0 codes (0x00 / 0x80, sign kept) and the
      infinite ones ``Inf * 0 = NaN``, i.e. 0x7F.  The scale is +Inf.
    * ``eps`` floors ``amax``: an all-zero tile gets ``s = eps / 448`` and
      zero codes (sign of zero kept).

Array conventions: E4M3 data is a ``uint8`` array of codes, row-major; scales
are ``float32``; bf16/f16 results are returned as ``float32`` arrays holding
exactly representable bf16/f16 values (use :func:`f32_to_bf16_bits` for the
16-bit patterns).
"""

from __future__ import annotations

import math
import os
from typing import Optional, Tuple, Union

import numpy as np

__all__ = [
    "E4M3_MAX",
    "E4M3_MAX_CODE",
    "E4M3_NAN_CODE",
    "E4M3_MIN_NORMAL",
    "E4M3_MIN_SUBNORMAL",
    "MAX_EXACT_GROUP",
    "BF16_NAN_BITS",
    "F16_NAN_BITS",
    "e4m3_table",
    "e4m3_decode",
    "e4m3_encode_rn_satfinite",
    "tile_amax",
    "compute_scale",
    "quantize",
    "dequantize",
    "tile_transpose",
    "block_transpose",
    "scaled_matmul",
    "moe_dispatch",
    "moe_combine",
    "f32_to_bf16_bits",
    "bf16_bits_to_f32",
    "round_to_bf16",
    "f32_to_f16_bits",
    "f16_bits_to_f32",
    "round_to_f16",
    "scales_mn_major",
    "scales_from_mn_major",
    "write_tensor",
    "read_tensor",
    "to_torch_float8",
    "from_torch_float8",
]

#: Largest finite E4M3 magnitude, 1.75 * 2^8.
E4M3_MAX = 448.0
#: Code of +448; -448 is ``E4M3_MAX_CODE | 0x80``.
E4M3_MAX_CODE = 0x7E
#: The canonical NaN produced by the conversion (0xFF is the other NaN code).
E4M3_NAN_CODE = 0x7F
#: Smallest positive normal E4M3 value.
E4M3_MIN_NORMAL = 2.0**-6
#: Smallest positive subnormal E4M3 value.
E4M3_MIN_SUBNORMAL = 2.0**-9

#: The canonical bf16 NaN produced by :func:`f32_to_bf16_bits`.
BF16_NAN_BITS = 0x7FFF

#: The canonical f16 NaN produced by :func:`f32_to_f16_bits`.
F16_NAN_BITS = 0x7FFF

#: Largest group size for which :func:`scaled_matmul` computes group partial
#: sums exactly in float64 (see its docstring for the derivation).
MAX_EXACT_GROUP = 1 << 17

_SCALE_MODES = ("fp32", "pow2")
_F32_ONE = np.float32(1.0)
_F32_E4M3_MAX = np.float32(E4M3_MAX)

# ---------------------------------------------------------------------------
# E4M3 table
# ---------------------------------------------------------------------------


def _build_e4m3_table() -> np.ndarray:
    """Tabulates the value of each of the 256 E4M3 codes from its bit fields.

    Normal codes (exponent field e in 1..15) are ``(8 + m) * 2^(e - 10)``,
    i.e. ``1.m * 2^(e - 7)``; subnormal codes (e == 0) are ``m * 2^-9``.
    Every value is exact in float32 and float64.
    """
    values = np.empty(256, dtype=np.float64)
    for code in range(256):
        sign = -1.0 if code & 0x80 else 1.0
        exponent = (code >> 3) & 0xF
        mantissa = code & 0x7
        if exponent == 0xF and mantissa == 0x7:
            values[code] = math.nan
        elif exponent == 0:
            values[code] = sign * math.ldexp(mantissa, -9)
        else:
            values[code] = sign * math.ldexp(8 + mantissa, exponent - 10)
    return values


_E4M3_F64 = _build_e4m3_table()
_E4M3_F64.flags.writeable = False
_E4M3_F32 = _E4M3_F64.astype(np.float32)
_E4M3_F32.flags.writeable = False


def e4m3_table() -> np.ndarray:
    """Returns the values of the 256 E4M3 codes as a read-only float32 array.

    Entry ``c`` is the value of code ``c``; entries 0x7F and 0xFF are NaN,
    entry 0x80 is -0.0.
    """
    return _E4M3_F32


# ---------------------------------------------------------------------------
# Argument checking helpers
# ---------------------------------------------------------------------------


def _as_f32(x, what: str) -> np.ndarray:
    """Converts a floating-point array-like to float32 (RN-even if narrowing).

    float16 and bfloat16 (ml_dtypes) values convert exactly; float64 values
    are rounded to nearest even, which is part of the definition of every
    function here ("the source is f32").
    """
    arr = np.asarray(x)
    if arr.dtype == np.float32:
        return arr
    if arr.dtype.kind in "iub":
        raise TypeError(f"{what}: expected a floating-point array, got {arr.dtype}")
    return arr.astype(np.float32)


def _as_codes(q, what: str) -> np.ndarray:
    """Checks that ``q`` holds E4M3 codes (uint8, or integers in 0..255)."""
    arr = np.asarray(q)
    if arr.dtype == np.uint8:
        return arr
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{what}: E4M3 codes must be uint8, got {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 255):
        raise ValueError(f"{what}: E4M3 codes must lie in 0..255")
    return arr.astype(np.uint8)


def _check_2d(arr: np.ndarray, what: str) -> None:
    if arr.ndim != 2:
        raise ValueError(f"{what}: expected a 2-D array, got shape {arr.shape}")


def _check_tile(tile, what: str = "tile") -> Tuple[int, int]:
    try:
        rows, cols = (int(t) for t in tile)
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a pair (rows, cols), got {tile!r}") from None
    if rows < 1 or cols < 1:
        raise ValueError(f"{what} must be positive, got {tile!r}")
    return rows, cols


def _check_scale_mode(scale_mode: str) -> str:
    if scale_mode not in _SCALE_MODES:
        raise ValueError(
            f"scale_mode must be one of {_SCALE_MODES}, got {scale_mode!r}")
    return scale_mode


def _check_eps(eps) -> np.float32:
    eps32 = np.float32(eps)
    if not np.isfinite(eps32) or eps32 < 0:
        raise ValueError(f"eps must be finite and >= 0, got {eps!r}")
    return eps32


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _scale_grid(shape: Tuple[int, int], tile: Tuple[int, int]) -> Tuple[int, int]:
    return _ceil_div(shape[0], tile[0]), _ceil_div(shape[1], tile[1])


def _expand_tiles(per_tile: np.ndarray, tile: Tuple[int, int],
                  shape: Tuple[int, int]) -> np.ndarray:
    """Broadcasts a per-tile array [ceil(R/tr), ceil(C/tc)] to shape [R, C]."""
    full = np.repeat(np.repeat(per_tile, tile[0], axis=0), tile[1], axis=1)
    return full[: shape[0], : shape[1]]


# ---------------------------------------------------------------------------
# E4M3 conversion
# ---------------------------------------------------------------------------


def e4m3_decode(codes) -> np.ndarray:
    """Decodes E4M3 codes to float32 (exact; 0x7F/0xFF decode to NaN).

    Args:
      codes: array-like of uint8 codes (integers in 0..255 are accepted).

    Returns:
      A float32 array of the same shape.
    """
    return _E4M3_F32[_as_codes(codes, "e4m3_decode")]


def e4m3_encode_rn_satfinite(x) -> np.ndarray:
    """Converts float32 values to E4M3 codes like ``cvt.rn.satfinite.e4m3x2.f32``.

    Rules, for every float32 input (subnormals included):

    * Finite values round to the nearest E4M3 value; an exact halfway point
      goes to the neighbour with the even code (mantissa LSB 0).  The grid
      includes the subnormals ``m * 2^-9``; magnitudes up to 2^-10 inclusive
      round to zero.
    * Saturation: if the rounded magnitude would exceed 448 the result is
      +-448 (0x7E / 0xFE).  448 is the largest grid point and the next
      (hypothetical) one is 480, so this is exactly "every finite |x| > 448";
      values in (448, 464] round to 448 anyway, larger ones saturate.
      +-Inf saturate to +-448 as well.
    * NaN (any sign, any payload) gives the canonical NaN 0x7F.
    * The sign is kept, including for zero: -0.0 and negative values that
      round to zero give 0x80.

    The implementation works on the integer bits of the float32 input, so it
    is exact; it involves no floating-point arithmetic.  It was compared with
    the PTX instruction on an H200 (sm_90) for all 2^32 float32 inputs, with
    no difference (``test/Python/gpu_check_conversions.py``).

    Args:
      x: array-like of floating-point values; non-float32 input is first
        converted to float32 (exact for f16/bf16, RN-even for f64).

    Returns:
      A uint8 array of codes of the same shape.
    """
    x = np.asarray(_as_f32(x, "e4m3_encode_rn_satfinite"), order="C")
    bits = x.view(np.uint32)
    negative = (bits >> np.uint32(31)).astype(np.int32)
    magnitude = (bits & np.uint32(0x7FFFFFFF)).astype(np.int32)
    is_nan = magnitude > 0x7F800000

    # |x| = significand * 2^(exponent - 150) with a 24-bit significand
    # (float32 subnormals have exponent field 0, which means exponent 1).
    exponent = magnitude >> 23
    significand = magnitude & 0x7FFFFF
    significand = np.where(exponent == 0, significand, significand | 0x800000)
    exponent = np.maximum(exponent, 1)

    # The E4M3 quantum at |x| is 2^(exponent - 130) for |x| >= 2^-6 (exponent
    # field >= 121): keep 3 of the 23 fraction bits, i.e. drop 20 bits.  Below
    # 2^-6 the quantum is fixed at 2^-9: drop 20 + (121 - exponent) bits.
    # Dropping 25 or more bits of a 24-bit significand always rounds to zero,
    # so the shift is clamped to 26 to keep it in range.
    shift = 20 + np.clip(121 - exponent, 0, 6)
    kept = significand >> shift
    dropped = significand & ((1 << shift) - 1)
    half = 1 << (shift - 1)
    round_up = (dropped > half) | ((dropped == half) & ((kept & 1) == 1))
    # For |x| >= 2^-6, `kept` is 8..15 (the implicit bit plus 3 mantissa bits)
    # and the code is 8 * (exponent - 121) + kept; a carry out of the
    # mantissa (kept + 1 == 16) correctly bumps the exponent.  Below 2^-6 the
    # code is just the number of 2^-9 quanta, 0..8 (8 is the smallest normal).
    code = ((np.maximum(exponent - 121, 0) << 3) + kept + round_up)

    code = np.minimum(code, E4M3_MAX_CODE)  # satfinite (also for +-Inf)
    code = code | (negative << 7)
    code = np.where(is_nan, E4M3_NAN_CODE, code)
    return code.astype(np.uint8)


# ---------------------------------------------------------------------------
# bf16 / f16 rounding
# ---------------------------------------------------------------------------


def f32_to_bf16_bits(x) -> np.ndarray:
    """Rounds float32 values to bf16 (RN-even) and returns the uint16 bits.

    Finite values round to nearest even on the bf16 grid (subnormals
    included); values beyond the largest bf16 after rounding become +-Inf
    (IEEE overflow, no saturation); +-Inf stay +-Inf.  Every NaN (any sign,
    any payload) becomes the canonical bf16 NaN 0x7FFF, which is what
    ``cvt.rn.bf16.f32`` produces on sm_90 (checked on an H200 for all 2^32
    inputs, with every non-NaN result equal too).
    """
    x = np.asarray(_as_f32(x, "f32_to_bf16_bits"), order="C")
    bits = x.view(np.uint32)
    lsb = (bits >> np.uint32(16)) & np.uint32(1)
    rounded = (bits + np.uint32(0x7FFF) + lsb) >> np.uint32(16)
    is_nan = (bits & np.uint32(0x7FFFFFFF)) > np.uint32(0x7F800000)
    return np.where(is_nan, np.uint32(BF16_NAN_BITS), rounded).astype(np.uint16)


def bf16_bits_to_f32(bits) -> np.ndarray:
    """Widens bf16 bit patterns (uint16) to float32 values (exact)."""
    bits = np.asarray(bits)
    if bits.dtype != np.uint16:
        raise TypeError(f"bf16_bits_to_f32: expected uint16 bits, got {bits.dtype}")
    return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32)


def round_to_bf16(x) -> np.ndarray:
    """Rounds float32 values to bf16 (RN-even), returned as float32 values."""
    return bf16_bits_to_f32(f32_to_bf16_bits(x))


def f32_to_f16_bits(x) -> np.ndarray:
    """Rounds float32 values to IEEE binary16 (RN-even) and returns uint16 bits.

    Uses numpy's float32 -> float16 conversion (IEEE RN-even with gradual
    underflow; overflow to +-Inf), then replaces every NaN by the canonical
    f16 NaN 0x7FFF, which is what ``cvt.rn.f16.f32`` produces on sm_90.
    """
    x = _as_f32(x, "f32_to_f16_bits")
    with np.errstate(over="ignore", invalid="ignore"):
        bits = x.astype(np.float16).view(np.uint16)
    return np.where(np.isnan(x), np.uint16(F16_NAN_BITS), bits).astype(np.uint16)


def f16_bits_to_f32(bits) -> np.ndarray:
    """Widens IEEE binary16 bit patterns (uint16) to float32 values (exact)."""
    bits = np.asarray(bits)
    if bits.dtype != np.uint16:
        raise TypeError(f"f16_bits_to_f32: expected uint16 bits, got {bits.dtype}")
    return bits.view(np.float16).astype(np.float32)


def round_to_f16(x) -> np.ndarray:
    """Rounds float32 values to IEEE binary16 (RN-even), returned as float32."""
    return f16_bits_to_f32(f32_to_f16_bits(x))


_OUT_ROUNDING = {
    "f32": lambda v: v,
    "bf16": round_to_bf16,
    "f16": round_to_f16,
}


def _rounder(out_dtype: str, allowed):
    if out_dtype not in allowed:
        raise ValueError(f"out_dtype must be one of {tuple(allowed)}, got {out_dtype!r}")
    return _OUT_ROUNDING[out_dtype]


# ---------------------------------------------------------------------------
# Quantize / dequantize
# ---------------------------------------------------------------------------


def tile_amax(x, tile) -> np.ndarray:
    """Returns ``max |x|`` of each tile, NaN-propagating, as float32.

    Tiles cover the 2-D array from (0, 0); the last row/column of tiles may
    be partial and then only uses the elements present.  The result has shape
    ``[ceil(R / tile[0]), ceil(C / tile[1])]``.  A tile containing a NaN gives
    NaN; otherwise a tile containing +-Inf gives +Inf.  No ``eps`` is applied.
    """
    x = _as_f32(x, "tile_amax")
    _check_2d(x, "tile_amax: x")
    tr, tc = _check_tile(tile)
    rows, cols = x.shape
    grid_r, grid_c = _scale_grid(x.shape, (tr, tc))
    magnitude = np.abs(x)
    if grid_r * tr != rows or grid_c * tc != cols:
        # Padding with +0 leaves every max unchanged: each tile keeps at least
        # one present element and |x| >= +0 (NaN still propagates).
        padded = np.zeros((grid_r * tr, grid_c * tc), dtype=np.float32)
        padded[:rows, :cols] = magnitude
        magnitude = padded
    if magnitude.size == 0:
        return np.zeros((grid_r, grid_c), dtype=np.float32)
    return magnitude.reshape(grid_r, tr, grid_c, tc).max(axis=(1, 3))


def compute_scale(amax, scale_mode: str = "fp32") -> np.ndarray:
    """Computes the float32 scale from the (eps-floored) tile amax.

    ``"fp32"``: ``s = f32(amax / 448)``, an IEEE float32 division.

    ``"pow2"``: ``s = 2^ceil(log2(r))`` with ``r = f32(amax / 448)``, computed
    exactly from ``r = m * 2^e`` (``frexp``, ``m`` in [0.5, 1)): ``s = r`` if
    ``m == 0.5`` (r is a power of two) and ``s = 2^e`` otherwise.  NaN, +Inf
    and zero pass through (``amax`` is never negative).  Since ``r`` is
    rounded first, ``s`` would be the power of two just below the exact
    ``amax / 448`` if the division rounded down onto a power of two; that
    cannot happen for normal ``r``: the float32 just above ``448 * 2^k`` is
    ``448 * 2^k * (1 + 2^-21 / 7)``, and ``2^-21 / 7 > 2^-24`` rounds up.
    So for normal ``r`` this is exactly ``2^ceil(log2(amax / 448))``.
    """
    _check_scale_mode(scale_mode)
    amax = _as_f32(amax, "compute_scale")
    with np.errstate(all="ignore"):
        ratio = amax / _F32_E4M3_MAX
        if scale_mode == "fp32":
            return ratio
        mantissa, exponent = np.frexp(ratio)
        power = np.ldexp(np.ones_like(ratio), exponent)
        scale = np.where(mantissa == np.float32(0.5), ratio, power)
        special = ~np.isfinite(ratio) | (ratio == 0)
        return np.where(special, ratio, scale).astype(np.float32)


def quantize(x, tile=(1, 128), scale_mode: str = "fp32", eps: float = 1e-4,
             transpose: bool = False) -> Tuple[np.ndarray, np.ndarray]:
    """Quantizes a 2-D array to E4M3 codes with one float32 scale per tile.

    For each tile (see :func:`tile_amax` for the tiling and tails), all in
    float32 arithmetic:

    1. ``amax = max(tile_amax, f32(eps))``, NaN-propagating;
    2. ``s = compute_scale(amax, scale_mode)``;
    3. ``rcp = f32(1 / s)`` (IEEE division);
    4. ``q = e4m3_encode_rn_satfinite(f32(x * rcp))``.

    Consequences: a NaN anywhere in a tile makes its scale NaN and every code
    of the tile 0x7F.  A +-Inf in a NaN-free tile gives ``s = +Inf`` and
    ``rcp = +0``: finite elements become signed zero codes (0x00 / 0x80) and
    the infinite ones ``Inf * 0 = NaN`` -> 0x7F.  An all-zero tile (or one
    whose amax is below eps) uses ``s = eps / 448`` (rounded up to a power of
    two in pow2 mode).  With ``eps == 0`` an all-zero tile has ``s = 0``,
    ``rcp = Inf`` and all codes NaN (0 * Inf); keep eps positive.  Tiny eps
    (below about 448 * 2^-128) can make ``rcp`` overflow to Inf likewise.

    Args:
      x: 2-D floating-point array [R, C] (f32, f16, or bf16 values; other
        float types are first rounded to f32).
      tile: (rows, cols) of a tile, e.g. (1, 128) for activations,
        (128, 128) for weights, (128, 1) for the Wgrad activation operand.
      scale_mode: ``"fp32"`` or ``"pow2"``.
      eps: lower bound of amax (float32); must be finite and >= 0.
      transpose: if true, quantize exactly as with ``transpose=False`` (the
        tile is relative to ``x``) but return both outputs transposed: codes
        [C, R] with ``q_T[j, i] = q[i, j]`` and scales
        [ceil(C/tc), ceil(R/tr)] (the scale array transposed), both
        C-contiguous.  With tile (128, 1) this is the K-major layout of the
        Wgrad operand.

    Returns:
      ``(codes, scales)``: uint8 codes [R, C] and float32 scales
      [ceil(R/tr), ceil(C/tc)] (transposed if ``transpose``).
    """
    x = _as_f32(x, "quantize")
    _check_2d(x, "quantize: x")
    tile = _check_tile(tile)
    _check_scale_mode(scale_mode)
    eps32 = _check_eps(eps)

    with np.errstate(all="ignore"):
        amax = np.maximum(tile_amax(x, tile), eps32)  # np.maximum keeps NaN
        scales = compute_scale(amax, scale_mode)
        rcp = _F32_ONE / scales
        scaled = x * _expand_tiles(rcp, tile, x.shape)
    codes = e4m3_encode_rn_satfinite(scaled)
    if transpose:
        return np.ascontiguousarray(codes.T), np.ascontiguousarray(scales.T)
    return codes, scales


def _check_scales_for(codes: np.ndarray, scales, tile, what: str) -> np.ndarray:
    scales = _as_f32(scales, what)
    _check_2d(scales, f"{what}: scales")
    expected = _scale_grid(codes.shape, tile)
    if scales.shape != expected:
        raise ValueError(
            f"{what}: scales have shape {scales.shape}, but codes of shape "
            f"{codes.shape} with tile {tile} need {expected}")
    return scales


def dequantize(q_codes, scales, tile=(1, 128), out_dtype: str = "f32") -> np.ndarray:
    """Dequantizes E4M3 codes: ``x' = f32(f32(q) * s)`` per tile.

    The float32 product is then rounded RN-even to bf16 or f16 if
    ``out_dtype`` asks for it (returned as float32 values).  NaN codes or
    NaN scales give NaN; an Inf scale gives +-Inf (or NaN for a zero code).

    Args:
      q_codes: uint8 codes [R, C].
      scales: float32 scales [ceil(R/tr), ceil(C/tc)].
      tile: (tr, tc), relative to ``q_codes`` (pass the transposed tile for
        arrays produced with ``quantize(..., transpose=True)``).
      out_dtype: ``"f32"``, ``"bf16"`` or ``"f16"``.

    Returns:
      float32 array [R, C].
    """
    codes = _as_codes(q_codes, "dequantize")
    _check_2d(codes, "dequantize: q_codes")
    tile = _check_tile(tile)
    scales = _check_scales_for(codes, scales, tile, "dequantize")
    rounding = _rounder(out_dtype, ("f32", "bf16", "f16"))
    with np.errstate(all="ignore"):
        values = _E4M3_F32[codes] * _expand_tiles(scales, tile, codes.shape)
    return rounding(values)


def tile_transpose(q_codes, scales, group: int = 128, scale_mode: str = "fp32",
                   eps: float = 1e-4) -> Tuple[np.ndarray, np.ndarray]:
    """Re-quantizes 1xG-tiled data along the other dimension.

    Defined as ``quantize(dequantize(q, s, (1, G), "f32").T, (1, G),
    scale_mode, eps)``: (q [M, K], s [M, ceil(K/G)]) becomes
    (qT [K, M], sT [K, ceil(M/G)]), each row of qT quantized in groups of G
    along M.  This turns the 1x128 activation tiles of the forward pass into
    the 128x1 (K-major) tiles that Wgrad needs.

    Exactness: with fp32 scales the values are in general rounded a second
    time.  With power-of-two scales on both sides every rescaling is by a
    power of two, so a value ``x' = e * s`` (``e`` an E4M3 value) is
    reproduced exactly iff ``x' / sT = e * (s / sT)`` is itself an E4M3
    value.  That always holds where the new scale is not larger than the
    old one (``s / sT >= 1``; the scaled value cannot exceed 448 because
    ``|x'| <= amax <= 448 * sT``).  Where ``sT > s`` the value is scaled
    down and is exact unless it drops below the normal range 2^-6 and its
    low mantissa bits fall under the subnormal quantum 2^-9; that needs
    ``|x'| < 2^-6 * sT``, i.e. (as ``amax > 224 * sT`` unless eps
    dominates) an element more than 2^13 times smaller than the amax of its
    new tile.  So "lossless with pow2 scales" means: lossless except for
    elements that are tiny relative to their new tile.

    Args:
      q_codes: uint8 codes [M, K].
      scales: float32 scales [M, ceil(K/G)].
      group: G, the tile length.
      scale_mode, eps: as for :func:`quantize`, used for the new tiles.

    Returns:
      ``(qT, sT)``: uint8 [K, M] and float32 [K, ceil(M/G)].
    """
    group = int(group)
    if group < 1:
        raise ValueError(f"group must be positive, got {group}")
    values = dequantize(q_codes, scales, (1, group), "f32")
    return quantize(np.ascontiguousarray(values.T), (1, group), scale_mode, eps)


def block_transpose(q_codes, scales, group: int = 128
                    ) -> Tuple[np.ndarray, np.ndarray]:
    """Transposes GxG-block codes and their scale grid, exactly.

    ``(q [R, C], s [ceil(R/G), ceil(C/G)])`` becomes ``(qT [C, R], sT
    [ceil(C/G), ceil(R/G)])`` with ``qT[c, r] = q[r, c]`` and ``sT[j, i] =
    s[i, j]``: a permutation, nothing is rounded.  For ``(q, s) =
    quantize(x, (G, G), mode, eps)`` it equals ``quantize(x.T, (G, G), mode,
    eps)`` bit for bit (tails included): a square block of ``x.T`` holds the
    elements of one block of ``x``, hence the same amax, scale and codes.
    This is how the Dgrad reuses the forward's quantized weight.

    Args:
      q_codes: uint8 codes [R, C].
      scales: float32 scales [ceil(R/G), ceil(C/G)].
      group: G, the block edge.

    Returns:
      ``(qT, sT)``: uint8 [C, R] and float32 [ceil(C/G), ceil(R/G)].
    """
    group = int(group)
    if group < 1:
        raise ValueError(f"group must be positive, got {group}")
    codes = _as_codes(q_codes, "block_transpose")
    _check_2d(codes, "block_transpose: q_codes")
    scales = _check_scales_for(codes, scales, (group, group), "block_transpose")
    return np.ascontiguousarray(codes.T), np.ascontiguousarray(scales.T)


# ---------------------------------------------------------------------------
# Scaled matmul
# ---------------------------------------------------------------------------


def scaled_matmul(qa, sa, qb, sb, group: int = 128,
                  b_tile: Optional[Tuple[int, int]] = None,
                  out_dtype: str = "bf16", c=None) -> np.ndarray:
    """Block-scaled FP8 GEMM ``out = A @ B^T`` (both operands K-major).

    With ``nk = K / g`` groups along K and ``n' = n // bn`` the scale row of
    B's row n::

        partial[m, n, kb] = f32(exact sum_{k in group kb} qa[m, k] * qb[n, k])
        scale[m, n, kb]   = f32(sa[m, kb] * sb[n', kb])
        acc = +0.0;  for kb = 0 .. nk-1:  acc = f32(acc + f32(partial * scale))
        if c is given:   acc = f32(f32(c) + acc)
        out = acc, or RN-even(acc) to bf16

    Each step rounds separately: the scale multiply and the accumulation are
    not fused (no FMA).  NaN codes make their group's partial NaN.

    Exactness of ``partial``: E4M3 values are integer multiples of 2^-9 with
    magnitude <= 448 < 2^9, so every product is a multiple of 2^-18 of
    magnitude < 2^18 and every partial sum of g products a multiple of 2^-18
    below g * 2^18; float64 holds all of them exactly (in any summation
    order) while g * 2^18 <= 2^35, i.e. for g <= 2^17 (``MAX_EXACT_GROUP``).

    Args:
      qa: uint8 codes [M, K].
      sa: float32 scales [M, K/g] (1 x g tiles of A).
      qb: uint8 codes [N, K] (B stored K-major, i.e. B^T row-major).
      sb: float32 scales [ceil(N/bn), K/g].
      group: g, the K group size; K must be a multiple of g.
      b_tile: (bn, g), the tile of B; default (g, g) (weight blocks);
        (1, g) gives per-row scales sb [N, K/g] (Wgrad).
      out_dtype: ``"bf16"`` (returned as float32 holding bf16 values) or
        ``"f32"``.
      c: optional [M, N] addend (f32 or bf16 values), added after the
        accumulation.

    Returns:
      float32 array [M, N].
    """
    group = int(group)
    if group < 1:
        raise ValueError(f"scaled_matmul: group must be positive, got {group}")
    if group > MAX_EXACT_GROUP:
        raise ValueError(
            f"scaled_matmul: group {group} exceeds {MAX_EXACT_GROUP}, the largest "
            "size whose partial sums are exact in float64")
    rounding = _rounder(out_dtype, ("bf16", "f32"))

    qa = _as_codes(qa, "scaled_matmul: qa")
    qb = _as_codes(qb, "scaled_matmul: qb")
    _check_2d(qa, "scaled_matmul: qa")
    _check_2d(qb, "scaled_matmul: qb")
    (m_size, k_size), (n_size, kb_size) = qa.shape, qb.shape
    if k_size != kb_size:
        raise ValueError(
            f"scaled_matmul: qa {qa.shape} and qb {qb.shape} must have the same "
            "K (dimension 1; B is stored K-major as [N, K])")
    if k_size % group:
        raise ValueError(
            f"scaled_matmul: K = {k_size} (qa {qa.shape}) is not a multiple of "
            f"the group size {group}")
    groups = k_size // group

    if b_tile is None:
        b_tile = (group, group)
    bn, bg = _check_tile(b_tile, "b_tile")
    if bg != group:
        raise ValueError(
            f"scaled_matmul: b_tile {tuple(b_tile)} must span the group size "
            f"{group} along K")

    sa = _as_f32(sa, "scaled_matmul: sa")
    sb = _as_f32(sb, "scaled_matmul: sb")
    if sa.shape != (m_size, groups):
        raise ValueError(
            f"scaled_matmul: sa has shape {sa.shape}, expected {(m_size, groups)} "
            f"for qa {qa.shape} with group {group}")
    sb_expected = (_ceil_div(n_size, bn), groups)
    if sb.shape != sb_expected:
        raise ValueError(
            f"scaled_matmul: sb has shape {sb.shape}, expected {sb_expected} for "
            f"qb {qb.shape} with b_tile {(bn, bg)}")
    if c is not None:
        c = _as_f32(c, "scaled_matmul: c")
        if c.shape != (m_size, n_size):
            raise ValueError(
                f"scaled_matmul: c has shape {c.shape}, expected {(m_size, n_size)}")

    a_values = _E4M3_F64[qa]
    b_values = _E4M3_F64[qb]
    a_nan = np.isnan(a_values).reshape(m_size, groups, group).any(axis=2)
    b_nan = np.isnan(b_values).reshape(n_size, groups, group).any(axis=2)
    # Zero the NaNs for the matmul and restore them explicitly, so that NaN
    # propagation does not depend on the BLAS (which may skip zero operands).
    a_values = np.nan_to_num(a_values, nan=0.0)
    b_values = np.nan_to_num(b_values, nan=0.0)
    sb_rows = np.repeat(sb, bn, axis=0)[:n_size]  # [N, groups]

    acc = np.zeros((m_size, n_size), dtype=np.float32)
    with np.errstate(all="ignore"):
        for kb in range(groups):
            ks = slice(kb * group, (kb + 1) * group)
            partial = (a_values[:, ks] @ b_values[:, ks].T).astype(np.float32)
            partial[a_nan[:, kb][:, None] | b_nan[:, kb][None, :]] = np.nan
            scale = sa[:, kb][:, None] * sb_rows[:, kb][None, :]
            acc = acc + partial * scale
        if c is not None:
            acc = c + acc
    return rounding(acc)


def _group_rows_contiguous(offsets, m_size: int, groups: int) -> list:
    offsets = np.asarray(offsets)
    if offsets.shape != (groups + 1,):
        raise ValueError(
            f"grouped_scaled_matmul: offsets has shape {offsets.shape}, expected "
            f"{(groups + 1,)} for {groups} groups")
    offsets = [int(o) for o in offsets]
    if offsets[0] < 0 or offsets[-1] > m_size or any(
            lo > hi for lo, hi in zip(offsets, offsets[1:])):
        raise ValueError(
            f"grouped_scaled_matmul: offsets {offsets} must be nondecreasing "
            f"and within [0, M = {m_size}]")
    return [slice(offsets[g], offsets[g + 1]) for g in range(groups)]


def grouped_scaled_matmul(qa, sa, qb, sb, groups, layout: str = "contiguous",
                          group: int = 128, out_dtype: str = "bf16",
                          init=None, accumulate: bool = False) -> np.ndarray:
    """Grouped block-scaled FP8 GEMM (``fp8q.grouped_scaled_matmul``).

    G groups, each with its own weight ``qb[g]`` [N, K] (K-major) and 128x128
    block scales ``sb[g]`` [ceil(N/group), K/group]; every row that belongs
    to group g is the row of :func:`scaled_matmul` of that row against
    ``qb[g]`` (bit for bit); every other row is ``init``'s row, unchanged.

    ``layout="contiguous"``: ``qa`` [M, K], ``sa`` [M, K/group], ``groups``
    the G + 1 offsets (group g owns rows ``offsets[g]:offsets[g+1]``; rows
    outside ``offsets[0]:offsets[G]`` are padding), result [M, N].

    ``layout="masked"``: ``qa`` [G, C, K], ``sa`` [G, C, K/group],
    ``groups`` the G counts (rows ``c < counts[g]`` of group g are valid),
    result [G, C, N].

    Args:
      init: [M, N] / [G, C, N] values of the destination (default zeros):
        the rows in no group, and C when ``accumulate``.
      accumulate: add ``init`` after the K loop (as ``scaled_matmul``'s c).
    Offsets that decrease or leave [0, M], and counts outside [0, C], raise
    ValueError (the lowerings stop the program on them).

    Returns:
      float32 array (bf16 values for ``out_dtype="bf16"``).
    """
    if layout not in ("contiguous", "masked"):
        raise ValueError(
            f"grouped_scaled_matmul: layout must be 'contiguous' or 'masked', "
            f"got {layout!r}")
    rounding = _rounder(out_dtype, ("bf16", "f32"))
    qa = _as_codes(qa, "grouped_scaled_matmul: qa")
    qb = _as_codes(qb, "grouped_scaled_matmul: qb")
    sa = _as_f32(sa, "grouped_scaled_matmul: sa")
    sb = _as_f32(sb, "grouped_scaled_matmul: sb")
    if qb.ndim != 3 or sb.ndim != 3 or qb.shape[0] != sb.shape[0]:
        raise ValueError(
            f"grouped_scaled_matmul: qb {qb.shape} and sb {sb.shape} must be 3-D "
            "[G, N, K] and [G, ceil(N/group), K/group]")
    num_groups, n_size = qb.shape[0], qb.shape[1]
    masked = layout == "masked"
    if qa.ndim != (3 if masked else 2) or sa.ndim != qa.ndim:
        raise ValueError(
            f"grouped_scaled_matmul: qa {qa.shape} and sa {sa.shape} must be "
            f"{3 if masked else 2}-D for the {layout} layout")
    out_shape = qa.shape[:-1] + (n_size,)
    if init is None:
        init = np.zeros(out_shape, dtype=np.float32)
    init = _as_f32(init, "grouped_scaled_matmul: init")
    if init.shape != out_shape:
        raise ValueError(
            f"grouped_scaled_matmul: init has shape {init.shape}, expected "
            f"{out_shape}")
    out = init.copy()
    if masked:
        counts = np.asarray(groups)
        if qa.shape[0] != num_groups or counts.shape != (num_groups,):
            raise ValueError(
                f"grouped_scaled_matmul: qa {qa.shape} and counts {counts.shape} "
                f"must have {num_groups} groups")
        capacity = qa.shape[1]
        if np.any(counts < 0) or np.any(counts > capacity):
            raise ValueError(
                f"grouped_scaled_matmul: counts {counts.tolist()} must be within "
                f"[0, C = {capacity}]")
        for g in range(num_groups):
            rows = slice(0, int(counts[g]))
            c = init[g, rows] if accumulate else None
            out[g, rows] = scaled_matmul(qa[g, rows], sa[g, rows], qb[g], sb[g],
                                         group, out_dtype="f32", c=c)
    else:
        for g, rows in enumerate(_group_rows_contiguous(groups, qa.shape[0],
                                                        num_groups)):
            c = init[rows] if accumulate else None
            out[rows] = scaled_matmul(qa[rows], sa[rows], qb[g], sb[g], group,
                                      out_dtype="f32", c=c)
    # Rows in no group keep init's values; rounding them again is exact
    # (they already are bf16/f32 values of the destination type).
    return rounding(out)


# ---------------------------------------------------------------------------
# Expert parallelism: dispatch and combine (simulated exchange)
# ---------------------------------------------------------------------------


def _check_routing(per_rank_experts, num_experts: int, what: str):
    """The per-rank routing as int64 [T, k] arrays, one T for all ranks."""
    if len(per_rank_experts) < 1:
        raise ValueError(f"{what}: expected at least one rank")
    ranks = len(per_rank_experts)
    if num_experts < 1 or num_experts % ranks != 0:
        raise ValueError(
            f"{what}: num_experts ({num_experts}) must be a positive multiple "
            f"of the number of ranks ({ranks})")
    experts = [np.asarray(e) for e in per_rank_experts]
    if any(e.ndim != 2 or e.shape != experts[0].shape for e in experts):
        raise ValueError(
            f"{what}: every rank's experts must be [T, k] with the same T and "
            f"k, got {[e.shape for e in experts]}")
    if experts[0].shape[1] < 1:
        raise ValueError(f"{what}: expected at least one expert per token")
    return [e.astype(np.int64) for e in experts]


def moe_dispatch(per_rank_codes, per_rank_scales, per_rank_experts,
                 num_experts: int, capacity: int, group: int = 128) -> list:
    """Expert-parallel dispatch of FP8 tokens (``fp8q.moe_dispatch``).

    Simulates the exchange among R = ``len(per_rank_codes)`` ranks, each
    with T tokens: codes [T, K] (uint8 E4M3), 1 x ``group`` scales
    [T, K/group] and top-k expert ids [T, k] (global, in [0, E)). Rank r
    owns experts [r * E_local, (r + 1) * E_local), E_local = E / R.

    Over the source ranks s, tokens t and slots j in that order (s
    outermost), each (s, t, j) whose expert e belongs to rank r is
    appended to local expert l = e - r * E_local of rank r: its code and
    scale rows are token t of rank s, its source s * T * k + t * k + j.

    Returns one tuple per rank: ``(recv_codes [E_local, C, K] uint8,
    recv_scales [E_local, C, K/group] float32, counts [E_local] int32,
    sources [E_local, C] int32)`` with zeros (and source -1) in the rows
    c >= counts[l]. An expert id outside [0, E) or more than ``capacity``
    rows for one expert raises ValueError (the lowerings stop the program).
    """
    what = "moe_dispatch"
    experts = _check_routing(per_rank_experts, num_experts, what)
    ranks = len(experts)
    codes = [_as_codes(c, f"{what}: codes") for c in per_rank_codes]
    scales = [_as_f32(x, f"{what}: scales") for x in per_rank_scales]
    if len(codes) != ranks or len(scales) != ranks:
        raise ValueError(f"{what}: expected codes, scales and experts for "
                         f"each of the {ranks} ranks")
    tokens, topk = experts[0].shape
    k_size = codes[0].shape[1] if codes[0].ndim == 2 else -1
    for c, x in zip(codes, scales):
        if (c.shape != (tokens, k_size) or k_size % group != 0
                or x.shape != (tokens, k_size // group)):
            raise ValueError(
                f"{what}: codes {c.shape} and scales {x.shape} must be "
                f"[T = {tokens}, K] and [T, K/{group}] with K a multiple of "
                f"{group}")
    if capacity < 1:
        raise ValueError(f"{what}: capacity ({capacity}) must be >= 1")
    for e in experts:
        if np.any((e < 0) | (e >= num_experts)):
            raise ValueError(f"{what}: expert ids {e.tolist()} must be within "
                             f"[0, num_experts = {num_experts})")
    local = num_experts // ranks
    out = []
    for r in range(ranks):
        recv_codes = np.zeros((local, capacity, k_size), np.uint8)
        recv_scales = np.zeros((local, capacity, k_size // group), np.float32)
        counts = np.zeros(local, np.int32)
        sources = np.full((local, capacity), -1, np.int32)
        for s in range(ranks):
            for t in range(tokens):
                for j in range(topk):
                    l = int(experts[s][t, j]) - r * local
                    if not 0 <= l < local:
                        continue
                    c = int(counts[l])
                    if c == capacity:
                        raise ValueError(
                            f"{what}: more than capacity = {capacity} rows "
                            f"routed to expert {r * local + l}")
                    recv_codes[l, c] = codes[s][t]
                    recv_scales[l, c] = scales[s][t]
                    sources[l, c] = s * tokens * topk + t * topk + j
                    counts[l] = c + 1
        out.append((recv_codes, recv_scales, counts, sources))
    return out


def moe_combine(per_rank_expert_out, per_rank_sources, per_rank_counts,
                per_rank_experts, num_experts: int) -> list:
    """Expert-parallel combine (``fp8q.moe_combine``), the inverse exchange.

    ``per_rank_expert_out[r]`` [E_local, C, N] (float32 values, e.g. the
    grouped GEMM's result on rank r's dispatched rows), and rank r's
    ``sources`` [E_local, C] and ``counts`` [E_local] from
    :func:`moe_dispatch`; ``per_rank_experts[r]`` [T, k] the routing.

    Returns one [T, k, N] float32 array (bf16 values) per rank: element
    [t, j] of rank r is the row ``expert_out[o][l, c]`` of the rank o
    owning e = experts_r[t, j] (l = e mod E_local) whose source is
    r * T * k + t * k + j, rounded to nearest even to bf16. No reduction
    over j. Counts outside [0, C], or sources that do not place every
    (rank, token, slot) exactly once in the expert the routing names, raise
    ValueError.
    """
    what = "moe_combine"
    experts = _check_routing(per_rank_experts, num_experts, what)
    ranks = len(experts)
    outs = [_as_f32(o, f"{what}: expert_out") for o in per_rank_expert_out]
    sources = [np.asarray(x, np.int64) for x in per_rank_sources]
    counts = [np.asarray(x, np.int64) for x in per_rank_counts]
    if len(outs) != ranks or len(sources) != ranks or len(counts) != ranks:
        raise ValueError(f"{what}: expected expert_out, sources, counts and "
                         f"experts for each of the {ranks} ranks")
    local = num_experts // ranks
    tokens, topk = experts[0].shape
    if outs[0].ndim != 3:
        raise ValueError(f"{what}: expert_out must be [E_local, C, N], got "
                         f"{outs[0].shape}")
    capacity, n_size = outs[0].shape[1], outs[0].shape[2]
    for o, x, c in zip(outs, sources, counts):
        if (o.shape != (local, capacity, n_size)
                or x.shape != (local, capacity) or c.shape != (local,)):
            raise ValueError(
                f"{what}: expert_out {o.shape}, sources {x.shape} and counts "
                f"{c.shape} must be [{local}, C, N], [{local}, C], [{local}]")
        if np.any((c < 0) | (c > capacity)):
            raise ValueError(f"{what}: counts {c.tolist()} must be within "
                             f"[0, capacity = {capacity}]")
    total = tokens * topk
    result = np.zeros((ranks, tokens, topk, n_size), np.float32)
    placed = np.zeros((ranks, tokens, topk), bool)
    for o in range(ranks):
        for l in range(local):
            for c in range(int(counts[o][l])):
                src = int(sources[o][l, c])
                r, rest = divmod(src, total) if src >= 0 else (-1, 0)
                t, j = divmod(rest, topk)
                if (not 0 <= r < ranks or placed[r, t, j]
                        or experts[r][t, j] != o * local + l):
                    raise ValueError(
                        f"{what}: source {src} in slot ({l}, {c}) of rank {o} "
                        "must name a new (rank, token, slot) routed to that "
                        "expert")
                placed[r, t, j] = True
                result[r, t, j] = outs[o][l, c]
    if not placed.all():
        missing = np.argwhere(~placed)[0].tolist()
        raise ValueError(f"{what}: (rank, token, slot) {missing} has no "
                         "expert row")
    return [round_to_bf16(result[r]) for r in range(ranks)]


# ---------------------------------------------------------------------------
# Layout and I/O helpers for the GPU path
# ---------------------------------------------------------------------------


def scales_mn_major(scales) -> np.ndarray:
    """Returns the [K/g, M] C-contiguous (MN-major) copy of [M, K/g] scales.

    In this layout the scales of one K group for consecutive rows are
    adjacent, which is how a GEMM kernel loads them per k-block.
    """
    scales = _as_f32(scales, "scales_mn_major")
    _check_2d(scales, "scales_mn_major")
    return np.ascontiguousarray(scales.T)


def scales_from_mn_major(scales_t) -> np.ndarray:
    """Inverse of :func:`scales_mn_major`: [K/g, M] back to [M, K/g]."""
    scales_t = _as_f32(scales_t, "scales_from_mn_major")
    _check_2d(scales_t, "scales_from_mn_major")
    return np.ascontiguousarray(scales_t.T)


def write_tensor(path: Union[str, os.PathLike], array) -> None:
    """Writes an array as a C-contiguous ``.npy`` file (NPY format v1+).

    The file is the NPY header followed by the raw row-major bytes, so C/C++
    launchers can read it after skipping the header.  E4M3 data is written
    as uint8 codes, scales as float32, bf16 data as uint16 bits.  The path is
    used as given (no ``.npy`` suffix is appended).
    """
    with open(path, "wb") as f:
        np.save(f, np.ascontiguousarray(array), allow_pickle=False)


def read_tensor(path: Union[str, os.PathLike]) -> np.ndarray:
    """Reads an array written by :func:`write_tensor`."""
    with open(path, "rb") as f:
        return np.load(f, allow_pickle=False)


def _import_torch():
    try:
        import torch  # noqa: PLC0415 (optional dependency)
    except ImportError as err:
        raise ImportError("this helper needs PyTorch, which is not installed") from err
    return torch


def to_torch_float8(codes):
    """Wraps uint8 E4M3 codes as a ``torch.float8_e4m3fn`` tensor (bit copy).

    Requires PyTorch (imported lazily).
    """
    torch = _import_torch()
    codes = np.ascontiguousarray(_as_codes(codes, "to_torch_float8"))
    return torch.from_numpy(codes).view(torch.float8_e4m3fn)


def from_torch_float8(tensor) -> np.ndarray:
    """Returns the uint8 codes of a ``torch.float8_e4m3fn`` tensor (bit copy)."""
    torch = _import_torch()
    if tensor.dtype != torch.float8_e4m3fn:
        raise TypeError(f"expected a torch.float8_e4m3fn tensor, got {tensor.dtype}")
    return tensor.detach().contiguous().view(torch.uint8).cpu().numpy()
