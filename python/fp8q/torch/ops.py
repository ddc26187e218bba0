"""fp8q's FP8 operations as PyTorch custom ops (``torch.ops.fp8q.*``).

Each op has three implementations registered with :mod:`torch.library`:

* CPU: :mod:`fp8q.reference` (numpy), bit for bit: the fallback that makes
  the API testable without a GPU;
* CUDA: the kernels fp8q compiled (:mod:`fp8q.torch.kernels`), launched
  through :mod:`fp8q.runtime` (its launch cache makes a repeated call with
  the same tensors one driver call), on PyTorch's current stream;
* fake (meta): shapes and dtypes only, so ``torch.compile`` traces them.

FP8 data is ``torch.float8_e4m3fn``; scales are ``float32``. Shapes follow
:func:`fp8q.reference.quantize` (scales ``[ceil(R/tr), ceil(C/tc)]``, both
transposed for the ``t`` outputs). All scales use the ``fp32`` mode (``s =
amax / 448``) and ``eps = 1e-4``, as ``--fp8q-quantize-model`` does by
default.

==========================================  ===================================================
``quantize_1x128(x) -> (q, s)``             activations: q [M, K], s [M, ceil(K/128)]
``quantize_128x128(w) -> (q, s)``           weights: q [N, K], s [ceil(N/128), ceil(K/128)]
``quantize_1x128_128x1t(x)``                fused (dY): ``(q, s, q_t, s_t)`` with the 1x128 pair
                                            and the 128x1 one transposed: q_t [K, M],
                                            s_t [K, ceil(M/128)]
``tile_transpose(q, s) -> (q_t, s_t)``      1x128 tiles of [M, K] -> of [K, M]
                                            (:func:`fp8q.reference.tile_transpose`)
``scaled_mm(a, sa, b, sb, b_rows, dtype)``  ``a @ b^T`` with 1x128 tiles of a and 128x128
                                            (``b_rows=128``) or 1x128 (``b_rows=1``, f32 out)
                                            tiles of b, K % 128 == 0; out ``bf16`` or ``f32``
==========================================  ===================================================
"""

from __future__ import annotations

from typing import Tuple

import numpy as np
import torch

from fp8q import reference as _ref
from fp8q.torch import kernels as _kernels

GROUP = 128
EPS = 1e-4
SCALE_MODE = "fp32"
FP8 = torch.float8_e4m3fn
_SOURCE_DTYPES = {torch.bfloat16: "bf16", torch.float16: "f16", torch.float32: "f32"}
_OUT_DTYPES = {torch.bfloat16: "bf16", torch.float32: "f32"}


def _cdiv(a, b):
    return (a + b - 1) // b


# ---------------------------------------------------------------------------
# Argument checks (shared by every implementation, fake included)
# ---------------------------------------------------------------------------


def _check_source(op: str, x: torch.Tensor) -> None:
    if x.dim() != 2:
        raise ValueError(f"fp8q.{op}: expected a 2-D tensor [M, K], got shape {list(x.shape)}")
    if x.dtype not in _SOURCE_DTYPES:
        raise TypeError(f"fp8q.{op}: expected a bfloat16, float16 or float32 tensor, got "
                        f"{x.dtype}")


def _check_codes(op: str, what: str, q: torch.Tensor) -> None:
    if q.dtype != FP8:
        raise TypeError(f"fp8q.{op}: {what} must be torch.float8_e4m3fn codes, got {q.dtype}")
    if q.dim() != 2:
        raise ValueError(f"fp8q.{op}: {what} must be 2-D, got shape {list(q.shape)}")


def _check_scales(op: str, what: str, s: torch.Tensor, expected) -> None:
    if s.dtype != torch.float32:
        raise TypeError(f"fp8q.{op}: {what} must be float32, got {s.dtype}")
    if tuple(s.shape) != tuple(expected):
        raise ValueError(f"fp8q.{op}: {what} has shape {list(s.shape)}, expected "
                         f"{list(expected)}")


def _check_scaled_mm(a, sa, b, sb, b_rows: int, out_dtype: torch.dtype) -> None:
    op = "scaled_mm"
    _check_codes(op, "a", a)
    _check_codes(op, "b", b)
    (m, k), (n, kb) = a.shape, b.shape
    if k != kb:
        raise ValueError(f"fp8q.scaled_mm: a {list(a.shape)} and b {list(b.shape)} must have "
                         "the same K (dimension 1; b is stored K-major as [N, K])")
    if k % GROUP or k == 0:
        raise ValueError(f"fp8q.scaled_mm: K ({k}) must be a positive multiple of the group "
                         f"size {GROUP}")
    if b_rows not in (1, GROUP):
        raise ValueError(f"fp8q.scaled_mm: b_rows must be 128 (weight blocks) or 1 (Wgrad), "
                         f"got {b_rows}")
    if out_dtype not in _OUT_DTYPES:
        raise TypeError(f"fp8q.scaled_mm: out_dtype must be torch.bfloat16 or torch.float32, "
                        f"got {out_dtype}")
    if b_rows == 1 and out_dtype != torch.float32:
        raise TypeError("fp8q.scaled_mm: the Wgrad form (b_rows=1) has float32 output")
    _check_scales(op, "sa", sa, (m, k // GROUP))
    _check_scales(op, "sb", sb, (_cdiv(n, b_rows), k // GROUP))


# ---------------------------------------------------------------------------
# CPU: the numpy reference, bit for bit
# ---------------------------------------------------------------------------


def _np_f32(x: torch.Tensor) -> np.ndarray:
    return x.detach().to(device="cpu", dtype=torch.float32).contiguous().numpy()


def _np_codes(q: torch.Tensor) -> np.ndarray:
    return q.detach().contiguous().view(torch.uint8).cpu().numpy()


def _t_codes(codes: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(codes, dtype=np.uint8)).view(FP8)


def _t_f32(values: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(values, dtype=np.float32))


def _ref_quantize(x, tile, transpose=False):
    q, s = _ref.quantize(_np_f32(x), tile, SCALE_MODE, EPS, transpose)
    return _t_codes(q), _t_f32(s)


# ---------------------------------------------------------------------------
# CUDA: the exported kernels
# ---------------------------------------------------------------------------


def _launch(name: str, device: torch.device, *arrays) -> None:
    # NOTE: the ops made these arrays and checked their shapes and types
    # (test/Torch/test_cuda_plumbing.py holds every launch to the manifest
    # as fp8q.runtime's checked call would), so they take the runtime's
    # trusted launch: no per-array checks and no launch cached per address,
    # which a training step's fresh activations would miss (H200: the
    # checked call cost 250-800 us of host time per launch there).
    kernel = _kernels.kernel(name)
    if kernel._device is None:  # the runtime's first launch picks the tensors' GPU
        with torch.cuda.device(device):
            kernel._ensure_loaded()
    if device.index != kernel._device.ordinal:
        raise RuntimeError(
            f"fp8q: the tensors are on {device} but fp8q.runtime uses "
            f"{kernel._device.describe()}; it serves one GPU per process (the GPU of the "
            "first tensors it sees; fp8q.runtime.set_device chooses it beforehand)")
    kernel.launch_trusted([a.data_ptr() for a in arrays], [a.shape for a in arrays],
                          _current_stream(device.index))


def _current_stream(index: int) -> int:
    """PyTorch's current stream on device ``index`` as a CUstream handle."""
    return torch.cuda.current_stream(index).cuda_stream


try:  # the raw handle without a Stream object (what Inductor's code calls)
    from torch._C import _cuda_getCurrentRawStream as _current_stream  # noqa: F811
except ImportError:  # pragma: no cover (other PyTorch builds)
    pass


def _empty_like_quantize(x, rows, cols, srows, scols):
    return (torch.empty(rows, cols, dtype=FP8, device=x.device),
            torch.empty(srows, scols, dtype=torch.float32, device=x.device))


# ---------------------------------------------------------------------------
# The ops
# ---------------------------------------------------------------------------


@torch.library.custom_op("fp8q::quantize_1x128", mutates_args=(), device_types="cpu")
def _quantize_1x128(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    _check_source("quantize_1x128", x)
    return _ref_quantize(x, (1, GROUP))


@_quantize_1x128.register_kernel("cuda")
def _quantize_1x128_cuda(x):
    _check_source("quantize_1x128", x)
    x = x.contiguous()
    m, k = x.shape
    q, s = _empty_like_quantize(x, m, k, m, _cdiv(k, GROUP))
    _launch(f"fp8q_quantize_1x128_{_SOURCE_DTYPES[x.dtype]}_fp32", x.device, x, q, s)
    return q, s


@_quantize_1x128.register_fake
def _(x):
    _check_source("quantize_1x128", x)
    m, k = x.shape
    return _empty_like_quantize(x, m, k, m, _cdiv(k, GROUP))


@torch.library.custom_op("fp8q::quantize_128x128", mutates_args=(), device_types="cpu")
def _quantize_128x128(w: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    _check_source("quantize_128x128", w)
    return _ref_quantize(w, (GROUP, GROUP))


@_quantize_128x128.register_kernel("cuda")
def _quantize_128x128_cuda(w):
    _check_source("quantize_128x128", w)
    w = w.contiguous()
    n, k = w.shape
    q, s = _empty_like_quantize(w, n, k, _cdiv(n, GROUP), _cdiv(k, GROUP))
    _launch(f"fp8q_quantize_128x128_{_SOURCE_DTYPES[w.dtype]}_fp32", w.device, w, q, s)
    return q, s


@_quantize_128x128.register_fake
def _(w):
    _check_source("quantize_128x128", w)
    n, k = w.shape
    return _empty_like_quantize(w, n, k, _cdiv(n, GROUP), _cdiv(k, GROUP))


@torch.library.custom_op("fp8q::quantize_1x128_128x1t", mutates_args=(), device_types="cpu")
def _quantize_fused(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor,
                                              torch.Tensor]:
    _check_source("quantize_1x128_128x1t", x)
    q, s = _ref_quantize(x, (1, GROUP))
    q_t, s_t = _ref_quantize(x, (GROUP, 1), transpose=True)
    return q, s, q_t, s_t


def _fused_empty(x):
    m, k = x.shape
    q, s = _empty_like_quantize(x, m, k, m, _cdiv(k, GROUP))
    q_t, s_t = _empty_like_quantize(x, k, m, k, _cdiv(m, GROUP))
    return q, s, q_t, s_t


@_quantize_fused.register_kernel("cuda")
def _quantize_fused_cuda(x):
    _check_source("quantize_1x128_128x1t", x)
    x = x.contiguous()
    out = _fused_empty(x)
    _launch(f"fp8q_quantize_1x128_128x1t_{_SOURCE_DTYPES[x.dtype]}_fp32", x.device, x, *out)
    return out


@_quantize_fused.register_fake
def _(x):
    _check_source("quantize_1x128_128x1t", x)
    return _fused_empty(x)


def _check_tile_transpose(q, s):
    _check_codes("tile_transpose", "q", q)
    _check_scales("tile_transpose", "s", s, (q.shape[0], _cdiv(q.shape[1], GROUP)))


def _tile_transpose_empty(q):
    m, k = q.shape
    return _empty_like_quantize(q, k, m, k, _cdiv(m, GROUP))


@torch.library.custom_op("fp8q::tile_transpose", mutates_args=(), device_types="cpu")
def _tile_transpose(q: torch.Tensor, s: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    _check_tile_transpose(q, s)
    q_t, s_t = _ref.tile_transpose(_np_codes(q), _np_f32(s), GROUP, SCALE_MODE, EPS)
    return _t_codes(q_t), _t_f32(s_t)


@_tile_transpose.register_kernel("cuda")
def _tile_transpose_cuda(q, s):
    _check_tile_transpose(q, s)
    q, s = q.contiguous(), s.contiguous()
    out = _tile_transpose_empty(q)
    _launch("fp8q_tile_transpose_1x128_fp32", q.device, q, s, *out)
    return out


@_tile_transpose.register_fake
def _(q, s):
    _check_tile_transpose(q, s)
    return _tile_transpose_empty(q)


@torch.library.custom_op("fp8q::scaled_mm", mutates_args=(), device_types="cpu")
def _scaled_mm(a: torch.Tensor, sa: torch.Tensor, b: torch.Tensor, sb: torch.Tensor,
               b_rows: int, out_dtype: torch.dtype) -> torch.Tensor:
    _check_scaled_mm(a, sa, b, sb, b_rows, out_dtype)
    out = _ref.scaled_matmul(_np_codes(a), _np_f32(sa), _np_codes(b), _np_f32(sb), GROUP,
                             (b_rows, GROUP), _OUT_DTYPES[out_dtype])
    # bf16 results are f32 arrays holding bf16 values: the cast is exact.
    return _t_f32(out).to(out_dtype)


@_scaled_mm.register_kernel("cuda")
def _scaled_mm_cuda(a, sa, b, sb, b_rows, out_dtype):
    _check_scaled_mm(a, sa, b, sb, b_rows, out_dtype)
    a, sa, b, sb = (t.contiguous() for t in (a, sa, b, sb))
    out = torch.empty(a.shape[0], b.shape[0], dtype=out_dtype, device=a.device)
    tile = "128x128" if b_rows == GROUP else "1x128"
    _launch(f"fp8q_scaled_matmul_1x128_{tile}_{_OUT_DTYPES[out_dtype]}", a.device,
            a, sa, b, sb, out)
    return out


@_scaled_mm.register_fake
def _(a, sa, b, sb, b_rows, out_dtype):
    _check_scaled_mm(a, sa, b, sb, b_rows, out_dtype)
    return torch.empty(a.shape[0], b.shape[0], dtype=out_dtype, device=a.device)


# ---------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------


def _eager_cuda(*tensors) -> bool:
    """Whether to call the CUDA implementations directly rather than through
    the dispatcher: plain CUDA tensors outside torch.compile (whose fake and
    functional tensors are subclasses, and which must see the custom ops).
    NOTE: the dispatcher's custom-op path cost about 500 us of host time per
    call on the H200 (torch 2.11), several times the kernels' own time in a
    small model's training step."""
    return (not torch.compiler.is_compiling()
            and all(type(t) is torch.Tensor and t.is_cuda for t in tensors))


def quantize_1x128(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    """Activation quantization, 1x128 tiles: ``(q [M, K], s [M, ceil(K/128)])``."""
    if _eager_cuda(x):
        return _quantize_1x128_cuda(x)
    return torch.ops.fp8q.quantize_1x128(x)


def quantize_128x128(w: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    """Weight quantization, 128x128 blocks: ``(q [N, K], s [ceil(N/128), ceil(K/128)])``."""
    if _eager_cuda(w):
        return _quantize_128x128_cuda(w)
    return torch.ops.fp8q.quantize_128x128(w)


def quantize_1x128_128x1t(x: torch.Tensor):
    """The fused quantization of dY: ``(q, s, q_t, s_t)``, 1x128 tiles of x
    and 128x1 tiles stored transposed (``q_t [K, M]``, ``s_t [K, ceil(M/128)]``)."""
    if _eager_cuda(x):
        return _quantize_fused_cuda(x)
    return torch.ops.fp8q.quantize_1x128_128x1t(x)


def tile_transpose(q: torch.Tensor, s: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    """1x128 tiles of ``[M, K]`` -> 1x128 tiles of ``[K, M]`` (fp32 scales)."""
    if _eager_cuda(q, s):
        return _tile_transpose_cuda(q, s)
    return torch.ops.fp8q.tile_transpose(q, s)


def scaled_mm(a, sa, b, sb, b_rows: int = GROUP, out_dtype: torch.dtype = torch.bfloat16):
    """``a @ b^T`` with fused dequantization (:func:`fp8q.reference.scaled_matmul`)."""
    if _eager_cuda(a, sa, b, sb):
        return _scaled_mm_cuda(a, sa, b, sb, b_rows, out_dtype)
    return torch.ops.fp8q.scaled_mm(a, sa, b, sb, b_rows, out_dtype)


def transpose_blocks(q: torch.Tensor, s: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    """The 128x128-block quantization of ``w^T`` from that of ``w``.

    A 128x128 block has the same amax, scale and codes transposed, so this
    is exactly ``quantize_128x128(w.t())`` (tested), without reading w again.
    """
    return (q.view(torch.uint8).t().contiguous().view(FP8), s.t().contiguous())
