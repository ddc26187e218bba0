# fp8q.quantize on hand-made tiles: all-zero and negative-zero tiles, amax
# below eps, E4M3 halfway points (with s = 1, so x * rcp is exact), values
# that saturate, E4M3-subnormal results, NaN and +-Inf tiles, special values
# in tail tiles and transposed outputs; bit-exact against
# fp8q.reference.quantize in both scale modes.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))

import numpy as np

from cpu_harness import Suite
from fp8q import reference as ref

NAN, INF = np.float32(np.nan), np.float32(np.inf)
GROUP = 128


def rows_of(values, fill=0.0, anchor=None):
    """Packs `values` into 1x128 tiles (rows), padding with `fill`; with
    `anchor`, element 0 of every row is `anchor` (fixing the tile amax)."""
    per_row = GROUP - (anchor is not None)
    values = np.asarray(values, np.float32)
    count = -(-values.size // per_row)
    padded = np.full(count * per_row, fill, np.float32)
    padded[: values.size] = values
    body = padded.reshape(count, per_row)
    if anchor is None:
        return body
    return np.hstack([np.full((count, 1), anchor, np.float32), body])


def halfway_points():
    """E4M3 grid values, midpoints and the f32 values next to them, both
    signs, all within 448."""
    grid = np.unique(ref.e4m3_table()[np.isfinite(ref.e4m3_table())])
    grid = grid[grid >= 0]
    mids = ((grid[:-1].astype(np.float64) + grid[1:]) / 2).astype(np.float32)
    values = np.concatenate([grid, mids, np.nextafter(mids, np.float32(0)),
                             np.nextafter(mids, np.float32(np.inf))])
    return np.concatenate([values, -values])


def saturating_amax(rng, count):
    """amax values a for which f32(a * f32(1 / f32(a / 448))) > 448."""
    found = []
    while len(found) < count:
        a = np.float32(rng.uniform(1e-3, 1e6))
        with np.errstate(all="ignore"):
            y = a * (np.float32(1) / (a / np.float32(448)))
        if y > np.float32(448):
            found.append(a)
    return np.array(found, np.float32)


def special_tiles():
    """One 1x128 tile per row: zeros, -0, below eps, NaN, Inf, mixtures."""
    rows = []
    def row(*head, fill=1.0):
        r = np.full(GROUP, fill, np.float32)
        r[: len(head)] = head
        rows.append(r)
    row(fill=0.0)                                  # all +0
    row(-0.0, 0.0, -0.0, fill=-0.0)                # signed zeros
    row(3e-5, -7e-5, 0.0, -0.0, fill=1e-6)         # amax below eps
    row(NAN)                                       # one NaN
    row(NAN, INF, -INF, 0.0, -0.0)                 # NaN wins over Inf
    row(INF, -2.0, 0.0, -0.0, 1e-30)               # +Inf: finite -> +-0
    row(-INF, 5.0, -5.0)                           # -Inf: amax +Inf
    row(INF, -INF)                                 # two infinities
    row(448.0, -448.0, 447.9, 1e-3, fill=-1.0)     # s = 1 in fp32 mode
    row(3.4028235e38, -1.0, fill=1e30)             # f32 max amax
    row(1e-40, -1e-42, fill=0.0)                   # f32 subnormals < eps
    return np.stack(rows)


def main():
    rng = np.random.default_rng(7)
    suite = Suite("quantize_edge_cases")
    tiles = special_tiles()
    halfway = rows_of(halfway_points(), anchor=448.0)   # s = 1 (fp32)
    halfway_pow2 = rows_of(halfway_points(), anchor=300.0)  # s = 1 (pow2)
    subnormal = rows_of(np.exp2(rng.uniform(-11, -5.5, 500)).astype(np.float32)
                        * rng.choice([-1, 1], 500), anchor=448.0)
    amax = saturating_amax(rng, 64)
    saturating = np.stack([np.where(np.arange(GROUP) % 2 == 0, a, -a * 0.5)
                           for a in amax]).astype(np.float32)
    for mode in ("fp32", "pow2"):
        suite.quantize("special tiles", tiles, "f32", (1, GROUP), mode)
        suite.quantize("special tiles", ref.round_to_bf16(tiles), "bf16",
                       (1, GROUP), mode)
        suite.quantize("special tiles transposed", tiles, "f32", (GROUP, 1),
                       mode, transpose=True)
        suite.quantize("saturating amax", saturating, "f32", (1, GROUP), mode)
        suite.quantize("E4M3-subnormal results", subnormal, "f32", (1, GROUP),
                       mode)
    suite.quantize("halfway points, s = 1", halfway, "f32", (1, GROUP), "fp32")
    suite.quantize("halfway points, s = 1", halfway_pow2, "f32", (1, GROUP),
                   "pow2")

    # Special values inside tail tiles of 128x128 blocks, and f16 Inf.
    block = rng.standard_normal((200, 300)).astype(np.float32)
    block[150, 290] = NAN     # tile (1, 2), a tail in both dimensions
    block[10, 270] = -INF     # tile (0, 2), a column tail
    block[199, 5] = -0.0
    for mode in ("fp32", "pow2"):
        suite.quantize("NaN/Inf in tail blocks", block, "f32", (128, 128), mode)
        suite.quantize("NaN/Inf in tail blocks transposed", block, "f32",
                       (128, 128), mode, transpose=True)
    half = ref.round_to_f16(rng.standard_normal((4, 160)) * 100)
    half[1, 3], half[2, 150] = INF, -INF
    suite.quantize("f16 with Inf", half, "f16", (1, GROUP), "pow2")
    suite.main()


if __name__ == "__main__":
    main()
