"""torch.ops.fp8q.* on the CPU: bit for bit the numpy reference (fp8q.reference)."""

import numpy as np
import pytest
import torch

import fp8q.reference as ref
import fp8q.torch as ft

DTYPES = (torch.bfloat16, torch.float16, torch.float32)


def codes(q):
    assert q.dtype == torch.float8_e4m3fn
    return q.view(torch.uint8).numpy()


def bits(s):
    assert s.dtype == torch.float32
    return s.numpy().view(np.uint32)


def same(q, s, rq, rs):
    np.testing.assert_array_equal(codes(q), rq)
    np.testing.assert_array_equal(bits(s), np.asarray(rs, np.float32).view(np.uint32))


def f32(x):
    return x.float().numpy()


def edge_input(dtype, rows=130, cols=300, seed=0):
    """Random data with edge-case tiles: zeros, subnormal-range values, a tile
    that saturates (tiny values next to a huge one), NaN and Inf, wide range."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(rows, cols, generator=g) * torch.exp(torch.randn(rows, 1, generator=g) * 3)
    x[0] = 0.0                                 # zero tiles: s = eps / 448
    x[1, :128] = -0.0
    x[2] = torch.randn(cols, generator=g) * 1e-30  # f32 subnormal scale, below eps
    x[3, 5] = 3.0e4                            # one huge value, small ones round to 0
    x[4, 7] = float("nan")                     # NaN: scale NaN, whole tile 0x7F
    x[5, 130 % cols] = float("inf")                   # Inf: scale Inf, others +-0, the Inf 0x7F
    x[6, 260 % cols] = -float("inf")
    x[7] = torch.randn(cols, generator=g) * 1e-7   # tiny but above subnormal
    return x.to(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_quantize_1x128_matches_reference(dtype):
    x = edge_input(dtype)
    q, s = ft.quantize_1x128(x)
    assert q.shape == (130, 300) and s.shape == (130, 3)
    same(q, s, *ref.quantize(f32(x), (1, 128)))
    # The edge cases did what the definition says.
    assert np.all(codes(q)[4, :128] == 0x7F) and np.isnan(s.numpy()[4, 0])
    assert np.isinf(s.numpy()[5, 1]) and codes(q)[5, 130] == 0x7F
    assert s[0, 0] == np.float32(1e-4) / np.float32(448)


@pytest.mark.parametrize("dtype", DTYPES)
def test_quantize_128x128_matches_reference(dtype):
    w = edge_input(dtype, rows=300, cols=200, seed=1)
    q, s = ft.quantize_128x128(w)
    assert s.shape == (3, 2)
    same(q, s, *ref.quantize(f32(w), (128, 128)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_fused_quantize_matches_reference(dtype):
    x = edge_input(dtype, rows=200, cols=256, seed=2)
    q, s, q_t, s_t = ft.quantize_1x128_128x1t(x)
    assert q_t.shape == (256, 200) and s_t.shape == (256, 2)
    same(q, s, *ref.quantize(f32(x), (1, 128)))
    same(q_t, s_t, *ref.quantize(f32(x), (128, 1), transpose=True))


def test_tile_transpose_matches_reference():
    x = edge_input(torch.bfloat16, rows=260, cols=384, seed=3)
    q, s = ft.quantize_1x128(x)
    q_t, s_t = ft.tile_transpose(q, s)
    assert q_t.shape == (384, 260) and s_t.shape == (384, 3)
    same(q_t, s_t, *ref.tile_transpose(codes(q), s.numpy(), 128, "fp32"))


def test_transpose_blocks_is_the_quantization_of_the_transpose():
    w = edge_input(torch.float32, rows=300, cols=200, seed=4)
    q_t, s_t = ft.transpose_blocks(*ft.quantize_128x128(w))
    q2, s2 = ft.quantize_128x128(w.t().contiguous())
    same(q_t, s_t, codes(q2), s2.numpy())


def random_codes(rows, cols, seed):
    g = np.random.default_rng(seed)
    c = g.integers(0, 256, size=(rows, cols), dtype=np.uint8)
    c[(c & 0x7F) == 0x7F] = 0x3C  # no NaN codes in the GEMM inputs
    return c


def t_codes(c):
    return torch.from_numpy(c).view(torch.float8_e4m3fn)


@pytest.mark.parametrize("form", ["fprop_bf16", "fprop_f32", "wgrad"])
def test_scaled_mm_matches_reference(form):
    m, n, k = 70, 300, 384
    b_rows = 1 if form == "wgrad" else 128
    out = torch.bfloat16 if form == "fprop_bf16" else torch.float32
    rng = np.random.default_rng(5)
    qa, qb = random_codes(m, k, 6), random_codes(n, k, 7)
    sa = rng.uniform(0.5, 2, size=(m, 3)).astype(np.float32)
    sb = rng.uniform(0.5, 2, size=(-(-n // b_rows), 3)).astype(np.float32)
    y = ft.scaled_mm(t_codes(qa), torch.from_numpy(sa), t_codes(qb), torch.from_numpy(sb),
                     b_rows, out)
    assert y.dtype == out and y.shape == (m, n)
    expected = ref.scaled_matmul(qa, sa, qb, sb, 128, (b_rows, 128),
                                 "bf16" if out == torch.bfloat16 else "f32")
    np.testing.assert_array_equal(y.float().numpy(), expected)


def test_scaled_mm_errors():
    a = t_codes(random_codes(4, 200, 0))
    with pytest.raises(ValueError, match=r"K \(200\) must be a positive multiple of the group "
                                         "size 128"):
        ft.scaled_mm(a, torch.ones(4, 2), a, torch.ones(1, 2))
    a = t_codes(random_codes(4, 256, 0))
    with pytest.raises(ValueError, match=r"sb has shape \[4, 2\], expected \[1, 2\]"):
        ft.scaled_mm(a, torch.ones(4, 2), a, torch.ones(4, 2))
    with pytest.raises(TypeError, match="a must be torch.float8_e4m3fn codes"):
        ft.scaled_mm(a.view(torch.uint8), torch.ones(4, 2), a, torch.ones(1, 2))
    with pytest.raises(TypeError, match=r"the Wgrad form \(b_rows=1\) has float32 output"):
        ft.scaled_mm(a, torch.ones(4, 2), a, torch.ones(4, 2), 1, torch.bfloat16)
    with pytest.raises(TypeError, match="out_dtype must be"):
        ft.scaled_mm(a, torch.ones(4, 2), a, torch.ones(1, 2), 128, torch.float16)


def test_quantize_errors():
    with pytest.raises(ValueError, match=r"expected a 2-D tensor \[M, K\], got shape \[2, 3, 4\]"):
        ft.quantize_1x128(torch.zeros(2, 3, 4))
    with pytest.raises(TypeError, match="expected a bfloat16, float16 or float32 tensor, got "
                                        "torch.int32"):
        ft.quantize_128x128(torch.zeros(4, 4, dtype=torch.int32))
    q, s = ft.quantize_1x128(torch.ones(4, 256))
    with pytest.raises(ValueError, match=r"s has shape \[4, 1\], expected \[4, 2\]"):
        ft.tile_transpose(q, s[:, :1])


def test_backend():
    assert ft.backend(torch.zeros(1)) == "reference"
    with pytest.raises(ValueError, match="no backend for meta tensors"):
        ft.backend(torch.zeros(1, device="meta"))


def test_ops_are_registered_with_fake_implementations():
    # torch.library's own consistency check: schema, fake vs real, autograd
    # registration, on representative inputs.
    x = torch.randn(256, 256, dtype=torch.bfloat16)
    for op, args in ((torch.ops.fp8q.quantize_1x128.default, (x,)),
                     (torch.ops.fp8q.quantize_128x128.default, (x,)),
                     (torch.ops.fp8q.quantize_1x128_128x1t.default, (x,))):
        torch.library.opcheck(op, args, test_utils=("test_schema", "test_faketensor"))
    q, s = ft.quantize_1x128(x)
    # (test_schema perturbs the inputs arithmetically, which float8 tensors
    # do not support on the CPU.)
    torch.library.opcheck(torch.ops.fp8q.tile_transpose.default, (q, s),
                          test_utils=("test_faketensor",))
    w, sw = ft.quantize_128x128(x)
    torch.library.opcheck(torch.ops.fp8q.scaled_mm.default,
                          (q, s, w, sw, 128, torch.bfloat16),
                          test_utils=("test_faketensor",))
