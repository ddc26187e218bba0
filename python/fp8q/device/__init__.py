"""Device checks: run on the GPU machine against an export directory.

``python -m fp8q.device.check_quantize --export-dir DIR`` (quantize,
tile_transpose and block_transpose kernels bit for bit against
fp8q.reference),
``python -m fp8q.device.check_gemm`` (the wgmma GEMM kernels),
``python -m fp8q.device.check_conversions`` (the E4M3/bf16/f16 conversions);
``quantize_plan`` and ``selftest_kernels`` are their shared helpers
(python/fp8q/README_runtime.md, docs/GPU.md).
"""
