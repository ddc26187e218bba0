"""fp8q.torch.Linear on the CPU: exactly the recipe composed from fp8q.reference,
within FP8 error of an f32 nn.Linear, FP8 codes saved for backward, the
weight quantized once per version, torch.compile, and its errors."""

import numpy as np
import pytest
import torch

import fp8q.reference as ref
import fp8q.torch as ft


def make(tokens, k, n, dtype, seed=0, bias=True):
    torch.manual_seed(seed)
    lin = ft.Linear(k, n, bias=bias, dtype=dtype)
    x = torch.randn(tokens, k, dtype=dtype, requires_grad=True)
    dy = torch.randn(tokens, n, dtype=dtype)
    return lin, x, dy


def round_to(values, dtype):
    return torch.from_numpy(np.asarray(values, np.float32)).to(dtype).float().numpy()


def recipe(x, w, b, dy, dtype):
    """The training recipe written with fp8q.reference only (numpy), with the
    partial 128x1 tiles of the reference where 128 does not divide T."""
    x, w, dy = (t.detach().float().numpy() for t in (x, w, dy))
    tokens = x.shape[0]
    out = "bf16" if dtype == torch.bfloat16 else "f32"
    qx, sx = ref.quantize(x, (1, 128))
    qw, sw = ref.quantize(w, (128, 128))
    y = ref.scaled_matmul(qx, sx, qw, sw, 128, None, out)
    if b is not None:
        y = round_to(round_to(y, dtype) + b.detach().float().numpy(), dtype)
    qdy, sdy = ref.quantize(dy, (1, 128))
    qwt, swt = ref.quantize(w, (128, 128), transpose=True)
    dx = ref.scaled_matmul(qdy, sdy, qwt, swt, 128, None, out)
    qdyt, sdyt = ref.quantize(dy, (128, 1), transpose=True)
    qxt, sxt = ref.tile_transpose(qx, sx, 128, "fp32")
    pad = -tokens % 128  # zero codes fill the last group along T
    qdyt, qxt = (np.pad(c, ((0, 0), (0, pad))) for c in (qdyt, qxt))
    dw = ref.scaled_matmul(qdyt, sdyt, qxt, sxt, 128, (1, 128), "f32")
    return y, dx, dw


@pytest.mark.parametrize("tokens", [256, 200])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_linear_is_the_reference_recipe(tokens, dtype):
    lin, x, dy = make(tokens, 256, 384, dtype)
    y = lin(x)
    y.backward(dy)
    ey, edx, edw = recipe(x, lin.weight, lin.bias, dy, dtype)
    np.testing.assert_array_equal(y.detach().float().numpy(), round_to(ey, dtype))
    np.testing.assert_array_equal(x.grad.float().numpy(), round_to(edx, dtype))
    np.testing.assert_array_equal(lin.weight.grad.float().numpy(), round_to(edw, dtype))
    np.testing.assert_array_equal(lin.bias.grad.numpy() if dtype == torch.float32 else
                                  lin.bias.grad.float().numpy(),
                                  dy.float().sum(0).to(dtype).float().numpy())


def rel(a, b):
    return float((a.detach().float() - b.detach().float()).norm() / b.detach().float().norm())


def test_frozen_weight_gives_dgrad_only():
    lin, x, dy = make(200, 256, 128, torch.bfloat16)
    lin.weight.requires_grad_(False)
    lin(x).backward(dy)
    _, edx, _ = recipe(x, lin.weight, lin.bias, dy, torch.bfloat16)
    np.testing.assert_array_equal(x.grad.float().numpy(), round_to(edx, torch.bfloat16))
    assert lin.weight.grad is None and lin.bias.grad is not None


def test_linear_within_fp8_error_of_f32():
    lin, x, dy = make(384, 512, 256, torch.bfloat16, seed=1)
    x32 = x.detach().float().requires_grad_()
    w32 = lin.weight.detach().float().requires_grad_()
    y32 = torch.nn.functional.linear(x32, w32, lin.bias.detach().float())
    y32.backward(dy.float())
    y = lin(x)
    y.backward(dy)
    # E4M3 has 3 mantissa bits: one quantized operand is ~2-3% off, two ~4%.
    errors = rel(y, y32), rel(x.grad, x32.grad), rel(lin.weight.grad, w32.grad)
    assert all(0.005 < e < 0.06 for e in errors), errors


def test_backward_saves_fp8_codes_not_the_activation():
    lin, x, dy = make(256, 256, 128, torch.bfloat16)
    saved = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t):
        y = lin(x.reshape(2, 128, 256))
    assert {t.dtype for t in saved} == {torch.float8_e4m3fn, torch.float32}
    assert [tuple(t.shape) for t in saved] == [(256, 256), (256, 2), (128, 256), (1, 2)]
    y.backward(dy.reshape(2, 128, 128))
    assert x.grad.shape == x.shape


def test_weight_quantized_once_per_version():
    lin, x, _ = make(128, 128, 128, torch.bfloat16, bias=False)
    calls = []
    real = ft.ops.quantize_128x128
    try:
        ft.ops.quantize_128x128 = lambda w: calls.append(1) or real(w)
        lin(x).sum().backward()
        lin(x).sum().backward()          # a second micro-batch: same weight
        assert len(calls) == 1
        torch.optim.SGD(lin.parameters(), lr=0.1).step()   # in-place update
        y = lin(x)
        assert len(calls) == 2
    finally:
        ft.ops.quantize_128x128 = real
    fresh = ft.linear(x, lin.weight)
    assert torch.equal(y, fresh)


def test_f32_master_weights_with_bf16_activations():
    # Parameters in f32, activations in bf16: y and dx in bf16 (the input's
    # dtype), dW and db in f32, the weight quantized from its f32 values.
    lin, _, _ = make(1, 256, 128, torch.float32)
    x = torch.randn(130, 256, dtype=torch.bfloat16, requires_grad=True)
    y = lin(x)
    y.float().sum().backward()
    assert (y.dtype, x.grad.dtype) == (torch.bfloat16, torch.bfloat16)
    assert (lin.weight.grad.dtype, lin.bias.grad.dtype) == (torch.float32, torch.float32)
    ey, _, _ = recipe(x, lin.weight, None, torch.ones(130, 128), torch.bfloat16)
    expected = (torch.from_numpy(ey).to(torch.bfloat16) + lin.bias.detach().to(torch.bfloat16))
    assert torch.equal(y, expected)


def test_autocast_casts_the_input_like_nn_linear():
    # Under autocast (CPU: bf16) an f32 input is cast to bf16 first, as
    # nn.Linear's is: the result equals the bf16 input's, in bf16, and the
    # input's gradient comes back in f32 through the cast.
    lin, _, _ = make(1, 256, 128, torch.float32)
    x = torch.randn(130, 256, requires_grad=True)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = lin(x)
    assert y.dtype == torch.bfloat16
    assert torch.equal(y, lin(x.detach().to(torch.bfloat16)))
    y.float().sum().backward()
    assert x.grad.dtype == torch.float32
    # Without autocast the f32 input stays f32.
    assert lin(x).dtype == torch.float32


def test_leading_dimensions_and_no_bias():
    lin, _, _ = make(1, 128, 256, torch.float32, bias=False)
    x = torch.randn(3, 5, 128)
    y = lin(x)
    assert y.shape == (3, 5, 256)
    assert torch.equal(y.reshape(15, 256), lin(x.reshape(15, 128)))


def test_torch_compile_matches_eager():
    lin, x, dy = make(200, 256, 128, torch.bfloat16)

    def step(inp):
        return (lin(inp).float() * dy.float()).sum()

    loss = step(x)
    loss.backward()
    eager = (loss.detach(), x.grad.clone(), lin.weight.grad.clone(), lin.bias.grad.clone())
    x.grad = None
    lin.zero_grad(set_to_none=True)
    compiled = torch.compile(step, backend="aot_eager", fullgraph=True)
    loss = compiled(x)
    loss.backward()
    for a, b in zip(eager, (loss.detach(), x.grad, lin.weight.grad, lin.bias.grad)):
        assert torch.equal(a, b)


def test_errors():
    with pytest.raises(ValueError, match=r"in_features \(100\) must be a multiple of 128"):
        ft.Linear(100, 128)
    with pytest.raises(ValueError, match=r"out_features \(10\) must be a multiple of 128"):
        ft.Linear(128, 10)
    lin = ft.Linear(128, 128)
    with pytest.raises(ValueError, match=r"input of shape \[4, 64\] does not end in "
                                         "in_features = 128"):
        lin(torch.zeros(4, 64))
    with pytest.raises(TypeError, match="input must be bfloat16, float16 or float32, got "
                                        "torch.float64"):
        lin(torch.zeros(4, 128, dtype=torch.float64))
    with pytest.raises(ValueError, match="empty input"):
        lin(torch.zeros(0, 128))
