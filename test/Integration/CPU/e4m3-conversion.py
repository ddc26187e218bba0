# The software f32 <-> f8E4M3FN conversions of convert-fp8q-to-linalg,
# exposed through the test pass --fp8q-test-e4m3-conversion, on every E4M3
# value and halfway point, the saturation, subnormal and special-value
# boundaries and random f32 bit patterns; bit-exact against
# fp8q.reference.e4m3_encode_rn_satfinite / e4m3_decode. Also the exact pow2
# scale rounding on normal and subnormal f32 values (unreachable through
# fp8q.quantize, whose eps keeps r normal), against a frexp oracle.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t \
# RUN:   --opt-flags=--fp8q-test-e4m3-conversion

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref


def f32_bits(*patterns):
    return np.array(patterns, dtype=np.uint32).view(np.float32)


def grid_and_halfway_points():
    """Every finite E4M3 value, the midpoints between neighbours and the f32
    values one ulp either side of each midpoint, with both signs."""
    grid = np.unique(ref.e4m3_table()[np.isfinite(ref.e4m3_table())])
    grid = grid[grid >= 0]
    # 480 is where 0x7F would be without NaN: the midpoint 464 is the last
    # value that still rounds to 448.
    extended = np.append(grid, np.float32(480.0))
    mids = ((extended[:-1].astype(np.float64) + extended[1:]) / 2).astype(np.float32)
    up = np.nextafter(mids, np.float32(np.inf))
    down = np.nextafter(mids, np.float32(0))
    values = np.concatenate([grid, mids, up, down])
    return np.concatenate([values, -values])


def boundaries():
    """Saturation, underflow and special values."""
    tiny = [2.0**-10, 2.0**-11, 2.0**-9 * 1.5, 2.0**-6, 2.0**-6 * (1 - 2**-4)]
    big = [448.0, 449.0, 463.99997, 464.0, 464.00003, 479.0, 480.0, 500.0,
           1e6, 3.4028235e38]
    values = np.array(tiny + big, dtype=np.float32)
    with np.errstate(over="ignore"):  # FLT_MAX's successor is Inf
        values = np.concatenate([values, np.nextafter(values, np.float32(0)),
                                 np.nextafter(values, np.float32(np.inf))])
    specials = f32_bits(
        0x00000000, 0x80000000,  # +-0
        0x00000001, 0x80000001,  # smallest f32 subnormals
        0x007FFFFF, 0x807FFFFF,  # largest f32 subnormals
        0x00800000, 0x80800000,  # smallest f32 normals
        0x7F800000, 0xFF800000,  # +-Inf
        0x7FC00000, 0xFFC00000,  # quiet NaNs
        0x7F800001, 0xFF800001,  # signalling NaNs
        0x7FFFFFFF, 0x7FA5A5A5)  # NaN payloads
    return np.concatenate([values, -values, specials])


def pow2_inputs(rng):
    """Positive f32 values for the pow2 rounding: every power of two
    (subnormal ones included) and its neighbours, random normal and
    subnormal bit patterns, the largest finite values, 0, Inf and NaN."""
    powers = np.ldexp(np.float32(1), np.arange(-149, 128)).astype(np.float32)
    with np.errstate(over="ignore"):
        around = np.concatenate([powers, np.nextafter(powers, np.float32(0)),
                                 np.nextafter(powers, np.float32(np.inf))])
    subnormal = rng.integers(1, 2**23, 3000, dtype=np.uint64)
    normal = rng.integers(2**23, 0x7F800000, 3000, dtype=np.uint64)
    patterns = np.concatenate([subnormal, normal]).astype(np.uint32)
    specials = f32_bits(0x00000000, 0x00000001, 0x00000002, 0x00000003,
                        0x007FFFFF, 0x00400001, 0x00800001, 0x7F7FFFFF,
                        0x7F000001, 0x7F800000, 0x7FC00000)
    return np.concatenate([around, patterns.view(np.float32), specials])


def main():
    rng = np.random.default_rng(20241227)
    suite = Suite("e4m3_conversion")
    suite.e4m3_decode("all codes", np.arange(256, dtype=np.uint8))
    suite.e4m3_encode("grid and halfway points", grid_and_halfway_points())
    suite.e4m3_encode("saturation, underflow, specials", boundaries())
    suite.e4m3_encode("random f32 bit patterns",
                      rng.integers(0, 2**32, 40000, dtype=np.uint64)
                      .astype(np.uint32).view(np.float32))
    magnitudes = np.exp2(rng.uniform(-12, 9.5, 30000)).astype(np.float32)
    signs = rng.choice(np.array([-1, 1], np.float32), magnitudes.size)
    suite.e4m3_encode("log-uniform in [2^-12, 2^9.5]", magnitudes * signs)
    suite.pow2_ceil("specials and boundaries", pow2_inputs(rng))
    suite.main()


if __name__ == "__main__":
    main()
