"""fp8q.torch.Linear: an nn.Linear trained in the DeepSeek-V3 FP8 recipe.

For ``y = x W^T + b`` with x flattened to ``[T, K]`` (T tokens), W ``[N, K]``:

=========  ====================================================================================
forward    qx, sx = quantize_1x128(x); qW, sW = quantize_128x128(W) (once per weight version);
           y = scaled_mm(qx, sx, qW, sW) in x's dtype (1x128 x 128x128); + b in high precision.
           Saved for backward: qx, sx (FP8 codes + scales, not x) and qW, sW.
dgrad      qdy, sdy, qdyT, sdyT = quantize_1x128_128x1t(dy);
           dx = scaled_mm(qdy, sdy, qW^T, sW^T) (the weight's 128x128 blocks transposed: exact)
wgrad      qxT, sxT = tile_transpose(qx, sx) (the cached forward codes -> 1x128 along T);
           dW = scaled_mm(qdyT, sdyT, qxT, sxT, b_rows=1) in f32 (1x128 x 1x128 along T),
           returned in W's dtype (autograd accumulates it into W.grad)
bias       db = sum of dy over T in f32, returned in b's dtype
=========  ====================================================================================

These are the decisions ``fp8-opt --fp8q-quantize-model`` takes for a training
step with its defaults (fp32 scales, ``wgrad-activation=cached``;
docs/QuantizeModel.md, "Training steps").

Token counts T that 128 does not divide: the Wgrad's K is T, which the GEMM
needs in whole groups of 128. x (forward) and dy (backward) are padded with
zero rows to the next multiple of 128. This is exact: a zero row adds no term
to any product, leaves every tile's amax (along K in 1x128 tiles, along T in
the 128x1 ones) unchanged, and its own 1x128 tiles are dropped from the
outputs; the result equals the recipe with partial 128x1 tiles at the end of
T (:func:`fp8q.reference.quantize`'s tails), as tested.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

import torch
import torch.nn.functional as F
from torch import nn

from fp8q.torch import ops

GROUP = ops.GROUP


def backend(tensor: torch.Tensor) -> str:
    """What runs fp8q.torch's ops on ``tensor``: ``"cuda-kernels"`` (fp8q's
    exported kernels through fp8q.runtime) or ``"reference"`` (the numpy
    reference, CPU tensors)."""
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"fp8q.torch.backend: expected a torch.Tensor, got {type(tensor)}")
    if tensor.device.type == "cuda":
        return "cuda-kernels"
    if tensor.device.type == "cpu":
        return "reference"
    raise ValueError(f"fp8q.torch has no backend for {tensor.device.type} tensors "
                     "(CPU: the reference, CUDA: fp8q's kernels)")


def _pad_rows(t: torch.Tensor, rows: int) -> torch.Tensor:
    return t if rows == t.shape[0] else F.pad(t, (0, 0, 0, rows - t.shape[0]))


class _Fp8LinearFunction(torch.autograd.Function):
    """The recipe's three GEMMs (module docstring). Inputs: x2d [T, K], the
    weight, its block quantization (qw, sw; computed by the caller so that
    a module can reuse it within a step), the bias (or None)."""

    @staticmethod
    def forward(ctx, x, weight, qw, sw, bias):
        tokens = x.shape[0]
        padded = _cdiv(tokens, GROUP) * GROUP
        qx, sx = ops.quantize_1x128(_pad_rows(x, padded))
        out_dtype = x.dtype if x.dtype in (torch.bfloat16, torch.float32) else torch.float32
        y = ops.scaled_mm(qx, sx, qw, sw, GROUP, out_dtype)[:tokens].to(x.dtype)
        if bias is not None:
            y = y + bias.to(y.dtype)
        ctx.save_for_backward(qx, sx, qw, sw)
        ctx.tokens = tokens
        ctx.x_dtype = x.dtype
        ctx.w_dtype = weight.dtype
        ctx.has_bias = bias is not None
        ctx.b_dtype = bias.dtype if bias is not None else None
        return y

    @staticmethod
    def backward(ctx, dy):
        qx, sx, qw, sw = ctx.saved_tensors
        tokens = ctx.tokens
        padded = qx.shape[0]
        dy = dy.contiguous()
        if dy.dtype != ctx.x_dtype:
            dy = dy.to(ctx.x_dtype)
        dx = dw = db = None
        if ctx.needs_input_grad[1]:  # dY for Dgrad and Wgrad, read once
            qdy, sdy, qdy_t, sdy_t = ops.quantize_1x128_128x1t(_pad_rows(dy, padded))
        elif ctx.needs_input_grad[0]:  # a frozen weight: Dgrad only
            qdy, sdy = ops.quantize_1x128(_pad_rows(dy, padded))
        if ctx.needs_input_grad[0]:
            qw_t, sw_t = ops.transpose_blocks(qw, sw)
            out_dtype = ctx.x_dtype if ctx.x_dtype in (torch.bfloat16, torch.float32) \
                else torch.float32
            dx = ops.scaled_mm(qdy, sdy, qw_t, sw_t, GROUP, out_dtype)[:tokens].to(ctx.x_dtype)
        if ctx.needs_input_grad[1]:
            qx_t, sx_t = ops.tile_transpose(qx, sx)
            dw = ops.scaled_mm(qdy_t, sdy_t, qx_t, sx_t, 1, torch.float32).to(ctx.w_dtype)
        if ctx.has_bias and ctx.needs_input_grad[4]:
            db = dy.float().sum(0).to(ctx.b_dtype)
        return dx, dw, None, None, db


def _cdiv(a, b):
    return (a + b - 1) // b


def linear(x: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None,
           weight_fp8=None) -> torch.Tensor:
    """``F.linear`` in the FP8 recipe. ``weight_fp8`` = ``(q, s)``, the weight's
    128x128 quantization if already computed (else quantized here)."""
    _check_linear(x, weight, bias)
    x = _autocast_input(x)
    if weight_fp8 is None:
        weight_fp8 = ops.quantize_128x128(weight.detach())
    qw, sw = weight_fp8
    lead = x.shape[:-1]
    y = _Fp8LinearFunction.apply(x.reshape(-1, x.shape[-1]), weight, qw, sw, bias)
    return y.reshape(*lead, weight.shape[0])


def _autocast_input(x: torch.Tensor) -> torch.Tensor:
    """Under ``torch.autocast`` the input is cast to the autocast dtype, as
    ``nn.Linear`` would be (bf16 activations with f32 master weights: the
    recipe's FP8 GEMMs then read bf16 and write bf16)."""
    device_type = x.device.type
    if device_type in ("cuda", "cpu") and torch.is_autocast_enabled(device_type):
        dtype = torch.get_autocast_dtype(device_type)
        if dtype in (torch.bfloat16, torch.float16) and x.dtype != dtype:
            return x.to(dtype)
    return x


def _check_linear(x, weight, bias) -> None:
    if weight.dim() != 2:
        raise ValueError(f"fp8q.torch.linear: weight must be 2-D, got {list(weight.shape)}")
    out_features, in_features = weight.shape
    for what, value in (("in_features", in_features), ("out_features", out_features)):
        if value % GROUP:
            raise ValueError(
                f"fp8q.torch.linear: {what} ({value}) must be a multiple of {GROUP} (the "
                f"1x128 / 128x128 tiles of the recipe; fp8q.torch.convert leaves such "
                f"layers in high precision)")
    if x.dim() < 1 or x.shape[-1] != in_features:
        raise ValueError(f"fp8q.torch.linear: input of shape {list(x.shape)} does not end in "
                         f"in_features = {in_features}")
    for what, t in (("input", x), ("weight", weight)) + ((("bias", bias),) if bias is not None
                                                         else ()):
        if t.dtype not in (torch.bfloat16, torch.float16, torch.float32):
            raise TypeError(f"fp8q.torch.linear: {what} must be bfloat16, float16 or float32, "
                            f"got {t.dtype}")
    if x.device != weight.device:
        raise ValueError(f"fp8q.torch.linear: input on {x.device}, weight on {weight.device}")
    if x.numel() == 0:
        raise ValueError(f"fp8q.torch.linear: empty input of shape {list(x.shape)}")


class Linear(nn.Linear):
    """Drop-in for :class:`torch.nn.Linear` computing its three GEMMs in FP8.

    Parameters (``weight``, ``bias``) stay in the given ``dtype`` (e.g. bf16,
    or f32 master weights): the FP8 copies exist only inside a step.
    ``in_features`` and ``out_features`` must be multiples of 128 (else
    ``ValueError``); any token count works (see the module docstring). CPU
    tensors run the numpy reference, CUDA tensors fp8q's kernels
    (:func:`backend`).

    The weight's quantization is computed once per weight version: the
    forwards of gradient-accumulation micro-batches between two optimizer
    steps reuse it (``weight._version`` changes when the optimizer updates
    the weight in place). Not under ``torch.compile`` or CUDA-graph capture,
    which quantize in every forward (the quantization is then part of the
    graph).
    """

    def __init__(self, in_features: int, out_features: int, bias: bool = True,
                 device=None, dtype=None) -> None:
        for what, value in (("in_features", in_features), ("out_features", out_features)):
            if value % GROUP:
                raise ValueError(
                    f"fp8q.torch.Linear: {what} ({value}) must be a multiple of {GROUP} (the "
                    f"1x128 / 128x128 tiles of the recipe); keep this layer an nn.Linear")
        super().__init__(in_features, out_features, bias=bias, device=device, dtype=dtype)
        self._fp8_weight_cache = None

    def _weight_fp8(self):
        weight = self.weight
        # NOTE: under torch.compile and CUDA-graph capture the quantization
        # must be part of the traced/captured work (a cache hit would leave it
        # out, and a replay after an optimizer step would use stale blocks).
        if (torch.compiler.is_compiling() or torch.is_inference_mode_enabled()
                or (weight.is_cuda and torch.cuda.is_current_stream_capturing())):
            return ops.quantize_128x128(weight.detach())
        key = (weight._version, weight.data_ptr(), weight.device, weight.dtype,
               tuple(weight.shape))
        cache = self._fp8_weight_cache
        if cache is None or cache[0] != key:
            cache = (key, ops.quantize_128x128(weight.detach()))
            self._fp8_weight_cache = cache
        return cache[1]

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        _check_linear(input, self.weight, self.bias)
        return linear(input, self.weight, self.bias, self._weight_fp8())

    def extra_repr(self) -> str:
        return super().extra_repr() + ", fp8=1x128 x 128x128"

    def _apply(self, fn, recurse=True):
        self._fp8_weight_cache = None
        return super()._apply(fn, recurse)


#: Module-name components that stay in high precision by default: the output
#: head, the MoE router/gate, embeddings (the recipe's retained components).
RETAINED_NAMES = ("lm_head", "head", "output", "router", "gate", "classifier", "score")
_EMBED = re.compile(r"embed|wte|wpe", re.IGNORECASE)


def default_filter(name: str, module: nn.Linear, tied: bool = False) -> bool:
    """The layers :func:`convert` swaps by default (True = to FP8).

    Kept in high precision: a last name component in :data:`RETAINED_NAMES`
    (``lm_head``, ``head``, ``output``, ``router``, ``gate`` (the MoE gate;
    ``gate_proj`` of a gated MLP is converted), ``classifier``, ``score``),
    any name with ``embed``/``wte``/``wpe`` in it, a weight tied to an
    ``nn.Embedding`` (``tied``), and in/out features not multiples of 128.
    """
    last = name.rsplit(".", 1)[-1].lower()
    if last in RETAINED_NAMES or _EMBED.search(name):
        return False
    if tied:
        return False
    return module.in_features % GROUP == 0 and module.out_features % GROUP == 0


def convert(model: nn.Module, filter: Optional[Callable[[str, nn.Linear], bool]] = None
            ) -> nn.Module:
    """Swaps the model's ``nn.Linear`` layers for :class:`Linear`, in place.

    ``filter(name, module) -> bool`` chooses the layers (True = convert);
    default: :func:`default_filter`. Layers whose features are not multiples
    of 128 are never converted. The new modules share the old ones'
    parameters (optimizers built before keep working, tying is kept);
    hooks registered on the old modules are not carried over. ``model``
    itself is never replaced (pass its parent). Returns ``model``.
    """
    embedding_weights = {id(m.weight) for m in model.modules() if isinstance(m, nn.Embedding)}
    swaps = []
    for name, module in model.named_modules():
        if not name or type(module) is not nn.Linear:  # subclasses (ours included) are left alone
            continue
        if filter is None:
            chosen = default_filter(name, module, id(module.weight) in embedding_weights)
        else:
            chosen = bool(filter(name, module))
        if chosen and (module.in_features % GROUP or module.out_features % GROUP):
            chosen = False
        if chosen:
            swaps.append((name, module))
    for name, module in swaps:
        parent_name, _, child = name.rpartition(".")
        parent = model.get_submodule(parent_name) if parent_name else model
        new = Linear(module.in_features, module.out_features, bias=module.bias is not None,
                     device="meta", dtype=module.weight.dtype)
        new.weight = module.weight
        new.bias = module.bias
        new.train(module.training)
        setattr(parent, child, new)
    return model
