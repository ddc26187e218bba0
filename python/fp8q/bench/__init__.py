"""Benchmarks run on the GPU machine: ``python -m fp8q.bench.bench_quantize``,
``python -m fp8q.bench.bench_gemm``, ``python -m fp8q.bench.accuracy_table``
and the first CuPy checker ``python -m fp8q.bench.quantize_kernels``
(docs/Measurements.md says which results file each wrote).
"""
