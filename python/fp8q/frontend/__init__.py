"""fp8q's front end: PyTorch models to the linalg graphs fp8-opt compiles.

:func:`fp8q.frontend.export.export` exports a ``torch.nn.Module`` with
example inputs to MLIR through torch-mlir (its FX importer, linalg on
tensors or TOSA; or torch's ONNX exporter and torch-mlir's ONNX importer),
and :mod:`fp8q.frontend.models` holds the small models of the test corpus
(``test/Models``). Needs ``python/requirements-frontend.txt`` (torch and
torch-mlir), which the rest of the package does not. See docs/Frontend.md.
"""
