"""fp8q.torch: DeepSeek-V3 fine-grained FP8 training in PyTorch.

``fp8q.torch.convert(model)`` swaps a model's ``nn.Linear`` layers for
:class:`Linear`, whose Fprop, Dgrad and Wgrad GEMMs run in FP8 the way
``fp8-opt --fp8q-quantize-model`` compiles a training step (1x128 activation
tiles, 128x128 weight blocks, the cached FP8 activation turned into 128x1
tiles for the Wgrad). CUDA tensors run fp8q's own kernels (exported by the
build, or compiled on first use: :mod:`fp8q.torch.kernels`); CPU tensors run
the numpy reference :mod:`fp8q.reference` bit for bit. The ops are
``torch.ops.fp8q.*`` custom ops (:mod:`fp8q.torch.ops`) with fake
implementations, so ``torch.compile`` traces them. docs/Torch.md.
"""

from fp8q.torch import ops
from fp8q.torch.kernels import KernelDirError, set_kernel_dir
from fp8q.torch.linear import Linear, backend, convert, default_filter, linear
from fp8q.torch.ops import (quantize_1x128, quantize_1x128_128x1t, quantize_128x128,
                            scaled_mm, tile_transpose, transpose_blocks)

__all__ = [
    "KernelDirError", "Linear", "backend", "convert", "default_filter", "kernel_dir", "linear",
    "ops", "quantize_1x128", "quantize_1x128_128x1t", "quantize_128x128", "scaled_mm",
    "set_kernel_dir", "tile_transpose", "transpose_blocks",
]


def kernel_dir(compile_if_missing: bool = False) -> str:
    """The export directory CUDA tensors would use (:mod:`fp8q.torch.kernels`)."""
    from fp8q.torch.kernels import find_kernel_dir  # noqa: PLC0415
    return find_kernel_dir(compile_if_missing)
