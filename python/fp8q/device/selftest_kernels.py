"""Self-test kernels of the device scripts (NOT part of the fp8q product).

check_quantize.py and bench_quantize.py test fp8q's exported kernels. Until
the compiler exports real ones, and to validate the harness itself on the
device, ``--self-test`` builds an export directory from the hand-written
CUDA C below: same manifest schema, same argument conventions, numerics
meant to match python/fp8q/reference.py bit for bit. If check_quantize
--self-test passes, the harness (data generation, poisoning, launch,
read-back, comparison) is trustworthy; a failure of a real export is then
the kernel's.

The kernels are simple, not fast: one thread block per tile, amax by a
shared-memory tree reduction, conversion by the PTX instruction
cvt.rn.satfinite.e4m3x2.f32. Images come from nvcc (``compiler="nvcc"``) or,
for CPU-only tests, are placeholders that the mock driver of
test/Runtime/MockCuda recognises and executes on the host
(``compiler="mock"``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

#: The architecture the self-test cubin is built for.
SELFTEST_CHIP = "sm_90a"
#: Threads per block of every self-test kernel (a power of two).
THREADS = 128
#: eps of every self-test kernel (the default of fp8q.quantize).
EPS = 1e-4

CUDA_SOURCE = r"""
// Self-test quantizers of fp8q.device (not part of fp8q). One block per
// tile; see selftest_kernels.py.
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <stdint.h>

namespace {

constexpr float kE4M3Max = 448.0f;
constexpr float kEps = 1e-4f;
constexpr int kThreads = 128;
constexpr int64_t kGroup = 128;

// max that propagates NaN (fmaxf would drop it).
__device__ __forceinline__ float nanMax(float a, float b) {
  return (a != a || b != b) ? __int_as_float(0x7fffffff) : fmaxf(a, b);
}

__device__ __forceinline__ float scaleOf(float amax, bool pow2) {
  float ratio = __fdiv_rn(amax, kE4M3Max);
  if (!pow2 || !isfinite(ratio) || ratio == 0.0f)
    return ratio;
  int exponent;
  float mantissa = frexpf(ratio, &exponent);
  return mantissa == 0.5f ? ratio : ldexpf(1.0f, exponent);
}

__device__ __forceinline__ uint8_t toE4M3(float x) {
  unsigned short packed;
  // The result of the second source operand lands in the low byte.
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(packed) : "f"(0.0f), "f"(x));
  return static_cast<uint8_t>(packed & 0xff);
}

__device__ __forceinline__ float fromE4M3(uint8_t code) {
  __half_raw raw = __nv_cvt_fp8_to_halfraw(code, __NV_E4M3);
  return __half2float(__half(raw));
}

struct Bf16Source {
  const uint16_t *data;
  int64_t cols;
  __device__ float operator()(int64_t r, int64_t c) const {
    return __uint_as_float(static_cast<uint32_t>(data[r * cols + c]) << 16);
  }
};

// Element (k, m) of the transpose [K, M] of dequantize(q [M, K], s [M, K/128]).
struct DequantizedTranspose {
  const uint8_t *q;
  const float *s;
  int64_t m, k;
  __device__ float operator()(int64_t row, int64_t col) const {
    int64_t groups = (k + kGroup - 1) / kGroup;
    return __fmul_rn(fromE4M3(q[col * k + row]), s[col * groups + row / kGroup]);
  }
};

// Quantizes tile (ti, tj) of a rows x cols source with tr x tc tiles. All
// threads of the block must call it (it synchronizes).
template <typename Source>
__device__ void quantizeTile(const Source &src, int64_t rows, int64_t cols,
                             int64_t tr, int64_t tc, int64_t ti, int64_t tj,
                             bool transpose, bool pow2, uint8_t *q, float *s) {
  __shared__ float partial[kThreads];
  int64_t r0 = ti * tr, c0 = tj * tc;
  int64_t height = min(rows, r0 + tr) - r0, width = min(cols, c0 + tc) - c0;
  int64_t count = height * width;
  float amax = 0.0f;
  for (int64_t e = threadIdx.x; e < count; e += kThreads)
    amax = nanMax(amax, fabsf(src(r0 + e / width, c0 + e % width)));
  partial[threadIdx.x] = amax;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] = nanMax(partial[threadIdx.x], partial[threadIdx.x + stride]);
    __syncthreads();
  }
  amax = nanMax(partial[0], kEps);
  __syncthreads();  // partial is reused by the next tile of the block
  float scale = scaleOf(amax, pow2);
  float rcp = __fdiv_rn(1.0f, scale);
  int64_t tilesR = (rows + tr - 1) / tr, tilesC = (cols + tc - 1) / tc;
  if (threadIdx.x == 0) {
    if (transpose)
      s[tj * tilesR + ti] = scale;
    else
      s[ti * tilesC + tj] = scale;
  }
  for (int64_t e = threadIdx.x; e < count; e += kThreads) {
    int64_t r = r0 + e / width, c = c0 + e % width;
    uint8_t code = toE4M3(__fmul_rn(src(r, c), rcp));
    if (transpose)
      q[c * rows + r] = code;
    else
      q[r * cols + c] = code;
  }
}

} // namespace

// grid (M, ceil(K/128))
extern "C" __global__ void selftest_quantize_1x128(const uint16_t *src, uint8_t *q, float *s,
                                                   int64_t m, int64_t k) {
  quantizeTile(Bf16Source{src, k}, m, k, 1, kGroup, blockIdx.x, blockIdx.y, false, false, q, s);
}

// grid (M, ceil(K/128))
extern "C" __global__ void selftest_quantize_1x128_pow2(const uint16_t *src, uint8_t *q,
                                                        float *s, int64_t m, int64_t k) {
  quantizeTile(Bf16Source{src, k}, m, k, 1, kGroup, blockIdx.x, blockIdx.y, false, true, q, s);
}

// grid (ceil(M/128), K): 128x1 tiles, outputs transposed (q [K, M], s [K, ceil(M/128)])
extern "C" __global__ void selftest_quantize_128x1_t(const uint16_t *src, uint8_t *q, float *s,
                                                     int64_t m, int64_t k) {
  quantizeTile(Bf16Source{src, k}, m, k, kGroup, 1, blockIdx.x, blockIdx.y, true, false, q, s);
}

// grid (ceil(M/128), ceil(K/128))
extern "C" __global__ void selftest_quantize_128x128(const uint16_t *src, uint8_t *q, float *s,
                                                     int64_t m, int64_t k) {
  quantizeTile(Bf16Source{src, k}, m, k, kGroup, kGroup, blockIdx.x, blockIdx.y, false, false,
               q, s);
}

// grid (ceil(M/128), ceil(K/128)): both the 1x128 tiles and the transposed
// 128x1 tiles of one 128x128 block.
extern "C" __global__ void selftest_quantize_fused(const uint16_t *src, uint8_t *qRow,
                                                   float *sRow, uint8_t *qCol, float *sCol,
                                                   int64_t m, int64_t k) {
  Bf16Source source{src, k};
  for (int64_t i = 0; i < kGroup && blockIdx.x * kGroup + i < m; ++i)
    quantizeTile(source, m, k, 1, kGroup, blockIdx.x * kGroup + i, blockIdx.y, false, false,
                 qRow, sRow);
  for (int64_t j = 0; j < kGroup && blockIdx.y * kGroup + j < k; ++j)
    quantizeTile(source, m, k, kGroup, 1, blockIdx.x, blockIdx.y * kGroup + j, true, false,
                 qCol, sCol);
}

// grid (K, ceil(M/128)): (q [M, K], s [M, K/128]) -> (qT [K, M], sT [K, M/128])
extern "C" __global__ void selftest_tile_transpose(const uint8_t *q, const float *s,
                                                   uint8_t *qT, float *sT, int64_t m,
                                                   int64_t k) {
  quantizeTile(DequantizedTranspose{q, s, m, k}, k, m, 1, kGroup, blockIdx.x, blockIdx.y,
               false, false, qT, sT);
}
"""

_SOURCE_ARGS = [
    {"name": "source", "kind": "ptr", "dtype": "bf16", "shape": ["M", "K"]},
]
_SIZES = [{"name": "M", "kind": "i64"}, {"name": "K", "kind": "i64"}]
_ROW = [{"name": "q", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["M", "K"]},
        {"name": "scale", "kind": "ptr", "dtype": "f32", "shape": ["M", "ceil(K/128)"]}]
_COL_T = [{"name": "q", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["K", "M"]},
          {"name": "scale", "kind": "ptr", "dtype": "f32", "shape": ["K", "ceil(M/128)"]}]
_REQUIRES = ["K*2 % 16 == 0"]


def _quantize(name, tile, args, grid, scale_mode="fp32", transpose=False, outputs=None):
    attrs = {"tile": tile, "scale_mode": scale_mode, "eps": EPS, "transpose": transpose,
             "source_dtype": "bf16"}
    if outputs is not None:
        attrs = {"source_dtype": "bf16", "outputs": outputs}
    return {"name": name, "cubin": "selftest.cubin", "op": "fp8q.quantize", "attrs": attrs,
            "args": _SOURCE_ARGS + args + _SIZES, "grid": grid, "block": [THREADS, 1, 1],
            "cluster": [1, 1, 1], "shared_bytes": 0, "requires": _REQUIRES}


def manifest() -> dict:
    """The manifest of the self-test export (schema version 1)."""
    kernels = [
        _quantize("selftest_quantize_1x128", [1, 128], _ROW, ["M", "ceil(K/128)", 1]),
        _quantize("selftest_quantize_1x128_pow2", [1, 128], _ROW, ["M", "ceil(K/128)", 1],
                  scale_mode="pow2"),
        _quantize("selftest_quantize_128x1_t", [128, 1], _COL_T, ["ceil(M/128)", "K", 1],
                  transpose=True),
        _quantize("selftest_quantize_128x128", [128, 128],
                  [_ROW[0], dict(_ROW[1], shape=["ceil(M/128)", "ceil(K/128)"])],
                  ["ceil(M/128)", "ceil(K/128)", 1]),
        _quantize("selftest_quantize_fused", None,
                  [dict(_ROW[0], name="q_row"), dict(_ROW[1], name="scale_row"),
                   dict(_COL_T[0], name="q_col"), dict(_COL_T[1], name="scale_col")],
                  ["ceil(M/128)", "ceil(K/128)", 1],
                  outputs=[
                      {"q": "q_row", "scale": "scale_row", "tile": [1, 128],
                       "scale_mode": "fp32", "eps": EPS, "transpose": False},
                      {"q": "q_col", "scale": "scale_col", "tile": [128, 1],
                       "scale_mode": "fp32", "eps": EPS, "transpose": True}]),
        {"name": "selftest_tile_transpose", "cubin": "selftest.cubin",
         "op": "fp8q.tile_transpose",
         "attrs": {"group": 128, "scale_mode": "fp32", "eps": EPS},
         "args": [{"name": "q", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["M", "K"]},
                  {"name": "scale", "kind": "ptr", "dtype": "f32", "shape": ["M", "ceil(K/128)"]},
                  {"name": "q_t", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["K", "M"]},
                  {"name": "scale_t", "kind": "ptr", "dtype": "f32",
                   "shape": ["K", "ceil(M/128)"]}] + _SIZES,
         "grid": ["K", "ceil(M/128)", 1], "block": [THREADS, 1, 1], "cluster": [1, 1, 1],
         "shared_bytes": 0, "requires": []},
    ]
    return {"version": 1, "chip": SELFTEST_CHIP,
            "doc": "self-test kernels of fp8q.device (not fp8q output)", "kernels": kernels}


def _compile_nvcc(out_path: str) -> None:
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.path.exists(nvcc):
        raise RuntimeError("--self-test needs nvcc (CUDA toolkit) to build its kernels; use "
                           "--selftest-compiler=mock with the mock driver on CPU-only machines")
    source = out_path + ".cu"
    with open(source, "w", encoding="utf-8") as f:
        f.write(CUDA_SOURCE)
    arch = SELFTEST_CHIP[3:]
    command = [nvcc, "-cubin", f"-gencode=arch=compute_{arch},code=sm_{arch}", "-O3",
               "-std=c++17", "-o", out_path, source]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"nvcc failed ({' '.join(command)}):\n{done.stdout}{done.stderr}")


def build_export(directory: str, compiler: str = "nvcc") -> str:
    """Writes the self-test export (manifest.json + selftest.cubin) to
    ``directory``. ``compiler``: "nvcc" (a real sm_90a cubin) or "mock" (a
    placeholder image for the mock driver). Returns the directory."""
    os.makedirs(directory, exist_ok=True)
    cubin = os.path.join(directory, "selftest.cubin")
    if compiler == "nvcc":
        _compile_nvcc(cubin)
    elif compiler == "mock":
        with open(cubin, "wb") as f:
            f.write(b"FP8QMOCK self-test kernels\0")
    else:
        raise ValueError(f"unknown self-test compiler {compiler!r} (nvcc or mock)")
    with open(os.path.join(directory, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest(), f, indent=1)
    return directory


def add_source_arguments(parser, verb: str) -> None:
    """The options both device scripts take for where their kernels come
    from: ``--export-dir`` or ``--self-test`` (one required),
    ``--selftest-compiler`` and ``--backend``. ``verb`` says what the script
    does with the kernels ("check", "time")."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--export-dir", help="export directory with manifest.json")
    source.add_argument("--self-test", action="store_true",
                        help=f"{verb} the harness's own CUDA C kernels (selftest_kernels.py)")
    parser.add_argument("--selftest-compiler", choices=("nvcc", "mock"), default="nvcc",
                        help="build the self-test images with nvcc, or as placeholders for the "
                             "mock driver of test/Runtime (CPU-only tests)")
    parser.add_argument("--backend", choices=("auto", "ctypes", "cuda-python"),
                        help="fp8q.runtime driver binding (default: FP8Q_CUDA_BACKEND or auto)")


def kernel_directory(args, scratch: str) -> str:
    """Applies ``--backend`` and returns the directory of the kernels: the
    export, or the self-test images built in ``scratch`` (placeholders with
    ``--dry-run``)."""
    if args.backend:
        os.environ["FP8Q_CUDA_BACKEND"] = args.backend
    if not args.self_test:
        return args.export_dir
    return build_export(scratch, "mock" if args.dry_run else args.selftest_compiler)
