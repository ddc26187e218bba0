"""``python -m fp8q.torch check DIR | where | compile [CACHE_DIR]``: the kernel export checks of
:mod:`fp8q.torch.kernels` (``check`` validates an export directory for
fp8q.torch without CUDA; ``where`` prints the directory CUDA tensors use; ``compile`` compiles
kernels.mlir with fp8-opt into the cache)."""

import sys

from fp8q.torch.kernels import main

sys.exit(main())
