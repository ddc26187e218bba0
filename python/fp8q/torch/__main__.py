"""``python -m fp8q.torch check DIR | where``: the kernel export checks of
:mod:`fp8q.torch.kernels` (``check`` validates an export directory for
fp8q.torch without CUDA; ``where`` prints the directory CUDA tensors use)."""

import sys

from fp8q.torch.kernels import main

sys.exit(main())
