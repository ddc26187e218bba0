"""Exports a torch.nn.Module to the MLIR that ``fp8-opt`` compiles.

    from fp8q.frontend.export import ExportOptions, export
    text = export(model, (ids,), ExportOptions(weights="arguments"))

or from the command line, for the models of :mod:`fp8q.frontend.models` or
any ``module:function`` returning ``(model, inputs)``:

    python -m fp8q.frontend.export llama -o llama.mlir
    python -m fp8q.frontend.export my_pkg.my_mod:build --dtype bf16 \\
        --dynamic 0:0:tokens --weights elided -o model.mlir

Exporters (``--exporter``):

* ``linalg`` (default): torch.export, then torch-mlir's FX importer and its
  ``torch-backend-to-linalg-on-tensors-backend-pipeline``: ``func.func`` on
  tensors with linalg, tensor, arith and math ops, which MLIR 22 parses as
  it is;
* ``tosa``: the same importer, lowered to TOSA (``tosa.matmul``, weights
  behind ``tosa.transpose`` / ``tosa.reshape``, constants as ``tosa.const``);
* ``onnx``: ``torch.onnx.export`` to an ONNX model, torch-mlir's ONNX
  importer (``torch.operator "onnx.*"``), ``convert-torch-onnx-to-torch``
  and the same linalg backend pipeline;
* ``iree``: IREE's path (``iree-turbine``'s ``aot.export``, then
  ``iree-compile --compile-to=input``, IREE's own torch-to-linalg input
  conversion), weights as arguments only; the ``util.func`` on
  ``!hal.buffer_view`` that IREE wraps the model in is mapped back to a
  ``func.func`` on tensors (``hal.tensor.import``/``export`` dropped,
  ``util.return`` -> ``return``).

Weights (``--weights``):

* ``arguments`` (default): every parameter and buffer becomes a function
  argument after the inputs, in ``named_parameters()`` then
  ``named_buffers()`` order (tied parameters once); the text stays tiny and
  the graph runs on any weights;
* ``constants``: ``dense_resource`` constants with their data (ONNX: the
  initializers);
* ``elided``: the same ``dense_resource`` constants without their blobs
  (the shape of a production export without its data: it compiles, it
  cannot run).

``--dtype bf16|f16|f32`` converts the model and the floating-point inputs
first; ``--dynamic INPUT:DIM:NAME`` (repeatable) exports that dimension as
``?`` (torch.export's ``Dim``; two inputs sharing a name share the extent).

``--main`` appends a ``@main`` that fills every argument deterministically
(:mod:`fp8q.driver`: matrices U(-a, a) with ``a`` = ``--main-amplitude``, norm
gains near one, token ids in [0, ``--main-int-max``)), calls the function and
prints its results with ``printMemrefF32``: a program that runs under
``mlir-runner -e main`` (static shapes only). The bundled example
examples/tiny_moe_lm.mlir is written so (scripts/export-corpus.sh).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence, Tuple

EXPORTERS = ("linalg", "tosa", "onnx", "iree")
WEIGHTS = ("arguments", "constants", "elided")
DTYPES = ("f32", "bf16", "f16")


class ExportError(RuntimeError):
    """An export that cannot be done as asked (bad option, unsupported
    model), with a message naming what and why."""


@dataclass
class ExportOptions:
    exporter: str = "linalg"
    weights: str = "arguments"
    dtype: Optional[str] = None
    #: input index -> {dimension: symbol name}
    dynamic: Dict[int, Dict[int, str]] = field(default_factory=dict)
    func_name: str = "forward"
    #: keep the importer's source locations (file:line of the Python code)
    debug_info: bool = False

    def validate(self, num_inputs: int) -> None:
        if self.exporter not in EXPORTERS:
            raise ExportError(f"invalid exporter '{self.exporter}': expected one of "
                              f"{', '.join(EXPORTERS)}")
        if self.weights not in WEIGHTS:
            raise ExportError(f"invalid weights '{self.weights}': expected one of "
                              f"{', '.join(WEIGHTS)}")
        if self.dtype is not None and self.dtype not in DTYPES:
            raise ExportError(f"invalid dtype '{self.dtype}': expected one of {', '.join(DTYPES)}")
        for index in self.dynamic:
            if not 0 <= index < num_inputs:
                raise ExportError(f"invalid dynamic input {index}: the model has "
                                  f"{num_inputs} input(s)")


def _torch_dtype(name: str):
    import torch
    return {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}[name]


def _weights(model) -> Tuple[Sequence[str], Sequence[Any]]:
    names, values = [], []
    for name, p in model.named_parameters():
        names.append(name)
        values.append(p.detach())
    for name, b in model.named_buffers():
        names.append(name)
        values.append(b.detach())
    return names, values


def _weights_as_arguments(model, num_inputs: int):
    """A module whose forward takes (inputs..., weights...) and runs
    ``model`` on them (``torch.func.functional_call``), holding no parameter
    itself, so torch.export lifts nothing to a constant."""
    import torch

    names, values = _weights(model)

    class WeightsAsArguments(torch.nn.Module):
        def __init__(self):
            super().__init__()
            # Not a submodule: its parameters must not be registered here.
            object.__setattr__(self, "wrapped", model)

        def forward(self, *args):
            inputs, state = args[:num_inputs], dict(zip(names, args[num_inputs:]))
            return torch.func.functional_call(self.wrapped, state, tuple(inputs),
                                              tie_weights=True, strict=False)

    return WeightsAsArguments(), tuple(values)


def _dynamic_shapes(options: ExportOptions, num_args: int, varargs: bool):
    """torch.export's dynamic_shapes: one entry per positional argument, or
    one tuple for the ``*args`` of the weights-as-arguments wrapper."""
    if not options.dynamic:
        return None
    from torch.export import Dim

    dims: Dict[str, Any] = {}
    specs = []
    for i in range(num_args):
        spec = options.dynamic.get(i)
        if spec is None:
            specs.append(None)
            continue
        specs.append({d: dims.setdefault(n, Dim(n, min=2, max=1 << 16)) for d, n in spec.items()})
    return (tuple(specs),) if varargs else tuple(specs)


def _print(module, options: ExportOptions) -> str:
    kwargs = {"enable_debug_info": options.debug_info}
    if options.weights == "elided":
        kwargs["large_elements_limit"] = 16
        kwargs["large_resource_limit"] = 16
    try:
        return module.operation.get_asm(**kwargs)
    except TypeError:  # older bindings: no large_resource_limit
        kwargs.pop("large_resource_limit", None)
        return module.operation.get_asm(**kwargs)


def _export_fx(model, inputs, options: ExportOptions):
    from torch_mlir import fx

    args = tuple(inputs)
    if options.weights == "arguments":
        model, weights = _weights_as_arguments(model, len(inputs))
        args = args + weights
    output_type = {"linalg": "linalg-on-tensors", "tosa": "tosa"}[options.exporter]
    return fx.export_and_import(model, *args, output_type=output_type,
                                func_name=options.func_name,
                                dynamic_shapes=_dynamic_shapes(options, len(args),
                                                               options.weights == "arguments"),
                                import_symbolic_shape_expressions=False)


def _export_onnx(model, inputs, options: ExportOptions):
    import onnx
    import torch
    from torch_mlir import ir
    from torch_mlir.compiler_utils import run_pipeline_with_repro_report
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras import onnx_importer

    names = [f"input{i}" for i in range(len(inputs))]
    dynamic_axes = {names[i]: {d: n for d, n in spec.items()} for i, spec in options.dynamic.items()}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.onnx")
        torch.onnx.export(model, tuple(inputs), path, input_names=names, output_names=["output"],
                          dynamic_axes=dynamic_axes or None, dynamo=False,
                          export_params=options.weights != "arguments",
                          keep_initializers_as_inputs=options.weights == "arguments",
                          do_constant_folding=False)
        onnx_model = onnx.shape_inference.infer_shapes(onnx.load(path))
    context = ir.Context()
    torch_d.register_dialect(context)
    info = onnx_importer.ModelInfo(onnx_model)
    module = info.create_module(context=context).operation
    onnx_importer.NodeImporter.define_function(info.main_graph, module).import_all()
    run_pipeline_with_repro_report(
        module,
        "builtin.module(func.func(convert-torch-onnx-to-torch), torch-lower-to-backend-contract,"
        " func.func(cse, canonicalize), torch-backend-to-linalg-on-tensors-backend-pipeline)",
        "lowering the ONNX import to linalg")
    # The importer names the function after the graph; use the requested name.
    text_module = ir.Module.parse(str(module), context)
    for op in text_module.body.operations:
        if op.operation.name == "func.func":
            op.attributes["sym_name"] = ir.StringAttr.get(options.func_name, context)
    return text_module


def _iree_to_func(text: str, func_name: str) -> str:
    """The ``<name>$async`` util.func of IREE's input-phase output as a
    func.func on tensors: its arguments become the tensors that
    ``hal.tensor.import`` produced, its result the value that
    ``hal.tensor.barrier`` joined. Raises ExportError on any other shape."""
    import re

    m = re.search(r"^( *)util\.func public @(\S+)\$async\(.*?\{\n(.*?)^\1\}\n", text, re.M | re.S)
    if not m:
        raise ExportError("iree: no util.func @...$async in iree-compile's output")
    indent, body = m.group(1), m.group(3)
    args, lines, results = [], [], {}
    results_types = None
    for line in body.splitlines():
        imp = re.match(r"\s*(%\S+) = hal\.tensor\.import .*-> (tensor<[^>]*>)\s*$", line)
        if imp:
            args.append(f"{imp.group(1)}: {imp.group(2)}")
            continue
        bar = re.match(r"\s*(%\S+) = hal\.tensor\.barrier join\((.*)\) => .*$", line)
        if bar:
            results[bar.group(1)] = bar.group(2)
            continue
        exp = re.match(r"\s*(%\S+) = hal\.tensor\.export (%\S+) .*$", line)
        if exp:
            results[exp.group(1)] = results.get(exp.group(2))
            continue
        ret = re.match(r"(\s*)util\.return (.*)$", line)
        if ret:
            joined = [results.get(v.split(":")[0].strip()) for v in ret.group(2).split(",")]
            if any(j is None for j in joined):
                raise ExportError("iree: a result that is not a joined tensor")
            values = [j.split(" : ")[0] for j in joined]
            types = [j.split(" : ")[1] for j in joined]
            lines.append(f"{ret.group(1)}return {', '.join(values)} : {', '.join(types)}")
            results_types = types
            continue
        if "hal." in line or "util." in line:
            raise ExportError(f"iree: cannot map '{line.strip()}' to upstream MLIR")
        lines.append(line)
    if results_types is None:
        raise ExportError("iree: no util.return in the util.func")
    header = (f"{indent}func.func @{func_name}({', '.join(args)}) -> "
              f"({', '.join(results_types)}) {{")
    return "module {\n" + header + "\n" + "\n".join(lines) + f"\n{indent}}}\n}}\n"


def _export_iree(model, inputs, options: ExportOptions) -> str:
    from iree.compiler import tools as iree_tools
    from iree.turbine import aot

    if options.weights != "arguments":
        raise ExportError("iree: only --weights arguments (IREE keeps constants as "
                          "util.global / stream parameters)")
    if options.dynamic:
        raise ExportError("iree: dynamic dimensions are not supported by this exporter")
    wrapped, weights = _weights_as_arguments(model, len(inputs))
    exported = aot.export(wrapped, args=tuple(inputs) + weights)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "model.mlir")
        exported.save_mlir(path)
        text = iree_tools.compile_file(path, extra_args=["--compile-to=input"],
                                       output_format=iree_tools.OutputFormat.MLIR_TEXT,
                                       output_mlir_debuginfo=options.debug_info)
    if isinstance(text, bytes):
        text = text.decode()
    return _iree_to_func(text, options.func_name)


def export(model, inputs: Sequence[Any], options: Optional[ExportOptions] = None) -> str:
    """The MLIR text of ``model`` applied to ``inputs`` (see the module
    docstring for the options)."""
    import torch

    options = options or ExportOptions()
    options.validate(len(inputs))
    model = model.eval()
    inputs = list(inputs)
    if options.dtype is not None:
        dtype = _torch_dtype(options.dtype)
        model = model.to(dtype)
        inputs = [x.to(dtype) if torch.is_floating_point(x) else x for x in inputs]
    with torch.no_grad():
        if options.exporter == "iree":
            return _export_iree(model, inputs, options)
        if options.exporter == "onnx":
            module = _export_onnx(model, inputs, options)
        else:
            module = _export_fx(model, inputs, options)
    return _print(module, options)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def _load_model(spec: str):
    from fp8q.frontend import models

    if spec in models.NAMES:
        model, inputs, dynamic = models.build(spec)
        return model, inputs, dynamic
    if ":" not in spec:
        raise ExportError(f"unknown model '{spec}': expected one of {', '.join(models.NAMES)} "
                          "or module:function")
    module_name, func = spec.split(":", 1)
    built = getattr(importlib.import_module(module_name), func)()
    return built[0], tuple(built[1]), {}


def _parse_dynamic(items):
    out: Dict[int, Dict[int, str]] = {}
    for item in items:
        parts = item.split(":")
        if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit() or not parts[2]:
            raise ExportError(f"invalid --dynamic '{item}': expected INPUT:DIM:NAME")
        out.setdefault(int(parts[0]), {})[int(parts[1])] = parts[2]
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m fp8q.frontend.export",
                                description="Export a PyTorch model to MLIR for fp8-opt.")
    p.add_argument("model", help="a model of fp8q.frontend.models, or module:function "
                   "returning (model, example_inputs)")
    p.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    p.add_argument("--exporter", choices=EXPORTERS, default="linalg")
    p.add_argument("--weights", choices=WEIGHTS, default="arguments")
    p.add_argument("--dtype", choices=DTYPES)
    p.add_argument("--dynamic", action="append", default=[], metavar="INPUT:DIM:NAME",
                   help="export dimension DIM of input INPUT as dynamic (repeatable); "
                   "default: the model's own dynamic dimensions")
    p.add_argument("--static", action="store_true", help="ignore the model's dynamic dimensions")
    p.add_argument("--func-name", default=None,
                   help="the exported function's name (default: forward, or train_step "
                   "with --train)")
    p.add_argument("--debug-info", action="store_true", help="keep source locations")
    p.add_argument("--header", default="", help="a comment line to put first")
    p.add_argument("--main", action="store_true",
                   help="append a @main that fills the arguments deterministically, calls "
                   "the function and prints its results (fp8q.driver; static shapes only)")
    p.add_argument("--main-int-max", type=int, default=512, metavar="N",
                   help="with --main: integer inputs (token ids) lie in [0, N) (default 512, "
                   "the vocabulary of fp8q.frontend.models)")
    p.add_argument("--main-amplitude", type=float, default=0.035, metavar="A",
                   help="with --main: matrices are uniform in [-A, A] (default 0.035)")
    p.add_argument("--train", action="store_true",
                   help="export a training step instead: forward, one-hot cross-entropy "
                   "loss against a targets input and backward in one function "
                   "(fp8q.frontend.training; --exporter linalg, weights as arguments, "
                   "static shapes); --func-name defaults to train_step")
    p.add_argument("--map-iree", action="store_true",
                   help="MODEL is iree-compile --compile-to=input output: only map its "
                   "util.func to a func.func (no torch needed)")
    args = p.parse_args(argv)
    if args.func_name is None:
        args.func_name = "train_step" if args.train else "forward"
    if args.train and (args.exporter != "linalg" or args.weights != "arguments"
                       or args.dynamic or args.map_iree):
        sys.stderr.write("fp8q.frontend.export: error: --train exports with --exporter "
                         "linalg, --weights arguments and static shapes only\n")
        return 1
    if args.main and (args.main_int_max < 1 or not args.main_amplitude > 0):
        sys.stderr.write("fp8q.frontend.export: error: --main-int-max and --main-amplitude "
                         "must be positive\n")
        return 1
    if args.map_iree:
        try:
            with open(args.model) as f:
                text = _iree_to_func(f.read(), args.func_name)
            if args.main:
                text = _with_main(text, args)
        except (OSError, ExportError) as e:
            sys.stderr.write(f"fp8q.frontend.export: error: {e}\n")
            return 1
        args.dynamic = []
        return _write(text, args)
    try:
        requested = _parse_dynamic(args.dynamic)
        try:
            model, inputs, dynamic = _load_model(args.model)
        except ImportError as e:
            raise ExportError(f"cannot import the exporters ({e}): install "
                              "python/requirements-frontend.txt into the interpreter "
                              "running this (see docs/Frontend.md)") from None
        if requested:
            dynamic = requested
        elif args.static:
            dynamic = {}
        options = ExportOptions(exporter=args.exporter, weights=args.weights, dtype=args.dtype,
                                dynamic=dynamic, func_name=args.func_name,
                                debug_info=args.debug_info)
        try:
            if args.train:
                from fp8q.frontend.training import export_training_step

                if args.dtype:
                    model = model.to(_torch_dtype(args.dtype))
                text = export_training_step(model, inputs, func_name=args.func_name)
            else:
                text = export(model, inputs, options)
        except ExportError:
            raise
        except Exception as e:  # torch.export, torch-mlir or IREE failures
            raise ExportError(f"exporting '{args.model}' with --exporter {args.exporter} "
                              f"failed: {type(e).__name__}: {e}") from None
        if args.main:
            text = _with_main(text, args)
    except ExportError as e:
        sys.stderr.write(f"fp8q.frontend.export: error: {e}\n")
        return 1
    return _write(text, args)


def _with_main(text: str, args) -> str:
    """The exported module with fp8q.driver's @main."""
    from fp8q import driver, graph

    try:
        sig = graph.signature(text, args.func_name)
        if any(d is None for _, t in sig.args for d in graph.parse_type(t)[0]):
            raise ExportError("--main needs static shapes: the export has dynamic "
                              "dimensions (use --static)")
        fill = driver.Fill(int_max=args.main_int_max, amplitude=args.main_amplitude)
        return driver.wrap(text, args.func_name, [], fill)[0]
    except graph.GraphError as e:
        raise ExportError(f"--main: {e}") from None


def _write(text: str, args) -> int:
    if args.header:
        text = "".join(f"// {line}\n" for line in args.header.splitlines()) + text
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
