"""Exhaustive hardware check of the reference conversions (needs a Hopper GPU).

Runs the PTX conversions ``cvt.rn.satfinite.e4m3x2.f32``,
``cvt.rn.bf16.f32`` and ``cvt.rn.f16.f32`` on all 2^32 float32 bit patterns (through CuPy and
NVRTC) and compares every result with :func:`fp8q.reference.
e4m3_encode_rn_satfinite`, :func:`fp8q.reference.f32_to_bf16_bits` and
:func:`fp8q.reference.f32_to_f16_bits`.
NaN inputs are reported separately (the reference canonicalises them).

Not collected by pytest (no GPU on the development machines); run it as
``PYTHONPATH=python python3 -m fp8q.device.check_conversions`` on a
machine with CuPy and an sm_89+ GPU.
"""

import multiprocessing as mp
import sys
import time

import numpy as np

from fp8q.reference import (e4m3_encode_rn_satfinite, f32_to_bf16_bits,
                             f32_to_f16_bits)

_KERNELS = r"""
extern "C" __global__ void cvt_all(unsigned char *e4m3, unsigned short *bf16,
                                   unsigned short *f16) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x +
                              threadIdx.x;
       i < (1ull << 32); i += stride) {
    float f = __uint_as_float((unsigned int)i);
    unsigned short pair, b, h;
    asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;"
        : "=h"(pair) : "f"(0.0f), "f"(f));
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(b) : "f"(f));
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
    e4m3[i] = (unsigned char)(pair & 0xFF);
    bf16[i] = b;
    f16[i] = h;
  }
}
"""

_CHUNK = 1 << 24
_HW_E4M3 = None
_HW_BF16 = None
_HW_F16 = None


def _compare_chunk(index):
    start = index * _CHUNK
    bits = np.arange(start, start + _CHUNK, dtype=np.uint64).astype(np.uint32)
    values = bits.view(np.float32)
    is_nan = np.isnan(values)
    ref_e4m3 = e4m3_encode_rn_satfinite(values)
    ref_bf16 = f32_to_bf16_bits(values)
    ref_f16 = f32_to_f16_bits(values)
    hw_e4m3 = _HW_E4M3[start:start + _CHUNK]
    hw_bf16 = _HW_BF16[start:start + _CHUNK]
    hw_f16 = _HW_F16[start:start + _CHUNK]
    result = {}
    for name, ref, hw in (("e4m3", ref_e4m3, hw_e4m3), ("bf16", ref_bf16, hw_bf16),
                          ("f16", ref_f16, hw_f16)):
        bad = (ref != hw) & ~is_nan
        nan_bad = (ref != hw) & is_nan
        examples = [(int(bits[i]), int(hw[i]), int(ref[i]))
                    for i in np.flatnonzero(bad)[:5]]
        nan_seen = {}
        for i in np.flatnonzero(is_nan)[:: max(1, int(is_nan.sum()) // 64) or 1]:
            nan_seen[int(bits[i])] = int(hw[i])
        result[name] = (int(bad.sum()), int(nan_bad.sum()), examples,
                        sorted(set(nan_seen.values())))
    return result


def main():
    global _HW_E4M3, _HW_BF16, _HW_F16
    import cupy as cp

    dev = cp.cuda.Device(0)
    print("device:", cp.cuda.runtime.getDeviceProperties(dev.id)["name"].decode(),
          "cc", dev.compute_capability, "cupy", cp.__version__, "numpy", np.__version__)
    kernel = cp.RawKernel(_KERNELS, "cvt_all")
    e4m3 = cp.empty(1 << 32, dtype=cp.uint8)
    bf16 = cp.empty(1 << 32, dtype=cp.uint16)
    f16 = cp.empty(1 << 32, dtype=cp.uint16)
    t0 = time.time()
    kernel((132 * 32,), (256,), (e4m3, bf16, f16))
    cp.cuda.Device().synchronize()
    _HW_E4M3 = cp.asnumpy(e4m3)
    _HW_BF16 = cp.asnumpy(bf16)
    _HW_F16 = cp.asnumpy(f16)
    del e4m3, bf16, f16
    print(f"gpu conversions of 2^32 patterns: {time.time() - t0:.1f} s")

    t0 = time.time()
    totals = {"e4m3": [0, 0, [], set()], "bf16": [0, 0, [], set()],
              "f16": [0, 0, [], set()]}
    with mp.get_context("fork").Pool(min(16, mp.cpu_count())) as pool:
        for res in pool.imap_unordered(_compare_chunk, range((1 << 32) // _CHUNK)):
            for name, (bad, nan_bad, examples, nan_codes) in res.items():
                tot = totals[name]
                tot[0] += bad
                tot[1] += nan_bad
                tot[2].extend(examples[: max(0, 10 - len(tot[2]))])
                tot[3].update(nan_codes)
    print(f"reference comparison: {time.time() - t0:.1f} s")
    ok = True
    for name, (bad, nan_bad, examples, nan_codes) in totals.items():
        print(f"{name}: non-NaN mismatches {bad}; NaN-input mismatches {nan_bad}; "
              f"hardware NaN outputs seen ({len(nan_codes)} distinct) "
              f"{[hex(c) for c in sorted(nan_codes)][:24]}")
        for bits, hw, ref in examples:
            print(f"  x=0x{bits:08x} ({np.uint32(bits).view(np.float32)!r}) "
                  f"hw=0x{hw:x} ref=0x{ref:x}")
        ok &= bad == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
