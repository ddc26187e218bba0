"""The CUDA implementations' launches against the export's manifest, without a GPU.

Each op's CUDA implementation is called with CPU tensors and its launch
intercepted: the kernel it names must be in the export directory
``FP8Q_TORCH_KERNELS`` (the lit test passes the build's), and the arrays it
passes must satisfy that kernel's manifest as fp8q.runtime checks it before a
launch: count, element types, shapes from the inferred sizes, requirements.
Also the Linear's whole forward and backward on these implementations, with
Wgrad's K = T padded to whole groups.
"""

import os

import pytest
import torch

import fp8q.manifest as mf
import fp8q.torch as ft
from fp8q.torch import ops

EXPORT = os.environ.get("FP8Q_TORCH_KERNELS")
pytestmark = pytest.mark.skipif(not EXPORT, reason="FP8Q_TORCH_KERNELS names no export")


@pytest.fixture()
def launches(monkeypatch):
    manifest = mf.load_manifest(EXPORT)
    specs = {k.name: k for k in manifest.kernels}
    seen = []

    def check(name, device, *arrays):
        assert name in specs, f"{name} is not in the export"
        spec = specs[name]
        pointers = spec.pointer_args
        assert len(arrays) == len(pointers), name
        env = {}
        for size, (source, dim) in spec.inferable_sizes().items():
            env[size] = int(arrays[[p.name for p in pointers].index(source)].shape[dim])
        assert not mf.unmet_requirements(spec, env), (name, env)
        for arg, array in zip(pointers, arrays):
            assert str(array.dtype).replace("torch.", "") in mf.DTYPES[arg.dtype].torch, \
                (name, arg.name, array.dtype)
            assert tuple(array.shape) == mf.shape_of(arg, env), (name, arg.name, array.shape)
            assert array.is_contiguous()
        seen.append((name, env))

    monkeypatch.setattr(ops, "_launch", check)
    return seen


CUDA_IMPLS = {
    "quantize_1x128": ops._quantize_1x128_cuda,
    "quantize_128x128": ops._quantize_128x128_cuda,
    "quantize_1x128_128x1t": ops._quantize_fused_cuda,
}


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.float32])
@pytest.mark.parametrize("op", sorted(CUDA_IMPLS))
def test_quantize_launches_match_manifest(launches, op, dtype):
    x = torch.randn(300, 384).to(dtype)
    outs = CUDA_IMPLS[op](x)
    fake = getattr(torch.ops.fp8q, op)(x)   # the CPU results: same shapes and dtypes
    assert [(o.shape, o.dtype) for o in outs] == [(o.shape, o.dtype) for o in fake]
    assert len(launches) == 1 and launches[0][1] == {"M": 300, "K": 384}


def test_tile_transpose_and_gemm_launches_match_manifest(launches):
    q, s = ft.quantize_1x128(torch.randn(256, 384))
    ops._tile_transpose_cuda(q, s)
    w, sw = ft.quantize_128x128(torch.randn(640, 384))
    for out in (torch.bfloat16, torch.float32):
        ops._scaled_mm_cuda(q, s, w, sw, 128, out)
    ops._scaled_mm_cuda(q, s, q, s, 1, torch.float32)
    assert [name for name, _ in launches] == [
        "fp8q_tile_transpose_1x128_fp32", "fp8q_scaled_matmul_1x128_128x128_bf16",
        "fp8q_scaled_matmul_1x128_128x128_f32", "fp8q_scaled_matmul_1x128_1x128_f32"]
    assert launches[1][1] == {"M": 256, "N": 640, "K": 384}


def test_linear_step_launches_match_manifest(launches, monkeypatch):
    # Route every op to its CUDA implementation (CPU tensors, launch checked).
    for name, impl in (("quantize_1x128", ops._quantize_1x128_cuda),
                       ("quantize_128x128", ops._quantize_128x128_cuda),
                       ("quantize_1x128_128x1t", ops._quantize_fused_cuda),
                       ("tile_transpose", ops._tile_transpose_cuda)):
        monkeypatch.setattr(ops, name, impl)
    monkeypatch.setattr(ops, "scaled_mm", lambda a, sa, b, sb, r=128, o=torch.bfloat16:
                        ops._scaled_mm_cuda(a, sa, b, sb, r, o))
    lin = ft.Linear(256, 384, dtype=torch.bfloat16)
    x = torch.randn(200, 256, dtype=torch.bfloat16, requires_grad=True)
    lin(x).sum().backward()
    names = [name for name, _ in launches]
    assert names == [
        "fp8q_quantize_128x128_bf16_fp32", "fp8q_quantize_1x128_bf16_fp32",
        "fp8q_scaled_matmul_1x128_128x128_bf16", "fp8q_quantize_1x128_128x1t_bf16_fp32",
        "fp8q_scaled_matmul_1x128_128x128_bf16", "fp8q_tile_transpose_1x128_fp32",
        "fp8q_scaled_matmul_1x128_1x128_f32"]
    # Fprop over the padded tokens, Dgrad over N, Wgrad over T padded to 256.
    assert launches[2][1] == {"M": 256, "N": 384, "K": 256}
    assert launches[4][1] == {"M": 256, "N": 256, "K": 384}
    assert launches[6][1] == {"M": 384, "N": 256, "K": 256}
