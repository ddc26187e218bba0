"""A deterministic driver for a model graph: the ``@main`` that fills every
argument of the entry function, calls it and prints its results.

The fill is an integer hash of each element's index (the same bits on every
machine and pipeline, no constants in the text): matrices U(-a, a) (``a`` =
Fill.amplitude, by default 0.035: std 0.02, GPT-2's initialisation), so are
vectors added to activations (biases: vector_role), other vectors (norm
gains) 1 + U(-0.1, 0.1), integer inputs (token ids) in [0, Fill.int_max).
Weights that an exporter elided (``arith.constant dense_resource<__elided__>``)
become arguments first. Each result is printed with ``printMemrefF32`` (f32;
bf16/f16 results are widened), so the program runs under ``mlir-runner -e
main`` and its dumps are what the GPU bundles' ``printMemrefF32`` stand-in
writes.

Used by the GPU end-to-end packager (scripts/device/model_e2e.py) and by the
front end's ``--main`` (python -m fp8q.frontend.export), which writes the
bundled example examples/tiny_moe_lm.mlir. Needs no torch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fp8q import graph
from fp8q.graph import GraphError, parse_type

_ELIDED = re.compile(
    r"^([ \t]*)(%[\w.$-]+) = arith\.constant dense_resource<__elided__> : "
    r"(tensor<[^>]*>)[ \t]*$", re.M)

#: Norm gains are 1 + U(-GAIN_AMPLITUDE, GAIN_AMPLITUDE).
GAIN_AMPLITUDE = 0.1
#: A rank-1 argument longer than this is a flat parameter holding matrices
#: (as in test/Models/Inputs/run_model.py): filled like a matrix.
FLAT_MIN = 1 << 16


@dataclass(frozen=True)
class Fill:
    """The pattern of @main's arguments."""
    #: integer inputs (token ids) lie in [0, int_max)
    int_max: int = 1000
    #: matrices and biases are U(-amplitude, amplitude)
    amplitude: float = 0.035


_USE_OP = re.compile(r"^\s*(?:(%[\w.$-]+)(?::\d+)? = )?([\w.]+)")
_ARITH = re.compile(r"\barith\.(addf|subf|mulf|divf)\b")


def vector_role(body, name, depth=0):
    """"bias" when the vector ``name`` is added to an activation (a Linear's
    or a LayerNorm's bias: filled around zero), else "gain" (a norm scale:
    filled around one). Follows broadcasts and reshapes to the first op
    that computes with the vector: an additive generic, or the init of a
    contraction."""
    use = re.compile(re.escape(name) + r"(?![\w.$-])")
    lines = body.split("\n")
    for i, line in enumerate(lines):
        if not use.search(line) or re.match(r"\s*" + re.escape(name) + r"\b.* = ", line):
            continue
        m = _USE_OP.match(line)
        if not m:
            continue
        result, op = m.group(1), m.group(2)
        if depth < 4 and result and op in ("linalg.broadcast", "tensor.expand_shape",
                                           "tensor.collapse_shape", "tensor.cast"):
            return vector_role(body, result, depth + 1)
        if op == "linalg.generic":
            region = []
            for inner in lines[i + 1:]:
                if inner.lstrip().startswith("} ->"):
                    break
                region.append(inner)
            found = _ARITH.search("\n".join(region))
            if not found:  # a broadcast written as a generic
                return vector_role(body, result, depth + 1) if result and depth < 4 else "gain"
            return "bias" if found.group(1) in ("addf", "subf") else "gain"
        outs = line.find("outs(")
        if op.startswith("linalg.") and outs >= 0 and use.search(line, outs):
            return "bias"  # the init of a contraction
        return "gain"
    return "gain"


def fill_op(name, type_, dims, seed, out, role="gain", fill=Fill()):
    """Appends to ``out`` the MLIR that defines %name (a static tensor) with
    the pattern of ``fill``; a rank-1 vector is filled by its ``role``
    (vector_role)."""
    rank = len(dims)
    _, elem = parse_type(type_)
    static = f"tensor<{''.join(f'{d}x' for d in dims)}{elem}>"
    ids = ", ".join(f"d{i}" for i in range(rank))
    amap = f"affine_map<({ids}) -> ({ids})>"
    iters = ", ".join(['"parallel"'] * rank)
    out.append(f"    {name}_e = tensor.empty() : {static}")
    out.append(f"    {name}_s = linalg.generic {{indexing_maps = [{amap}], "
               f"iterator_types = [{iters}]}} outs({name}_e : {static}) {{")
    out.append(f"    ^bb0(%o: {elem}):")
    # Linear index in i64, then a 32-bit multiplicative hash.
    out.append("      %lin0 = arith.constant 0 : i64")
    prev = "%lin0"
    for i, d in enumerate(dims):
        out.append(f"      %x{i} = linalg.index {i} : index")
        out.append(f"      %y{i} = arith.index_cast %x{i} : index to i64")
        out.append(f"      %n{i} = arith.constant {d} : i64")
        out.append(f"      %m{i} = arith.muli {prev}, %n{i} : i64")
        out.append(f"      %l{i} = arith.addi %m{i}, %y{i} : i64")
        prev = f"%l{i}"
    out.append(f"      %seed = arith.constant {seed * 7919 + 12345} : i64")
    out.append("      %mul = arith.constant 2654435761 : i64")
    out.append("      %mask = arith.constant 4294967295 : i64")
    out.append(f"      %h0 = arith.addi {prev}, %seed : i64")
    out.append("      %h1 = arith.muli %h0, %mul : i64")
    out.append("      %h2 = arith.andi %h1, %mask : i64")
    out.append("      %c8 = arith.constant 8 : i64")
    out.append("      %h = arith.shrui %h2, %c8 : i64")
    if elem.startswith("i"):
        out.append(f"      %range = arith.constant {fill.int_max} : i64")
        out.append("      %v64 = arith.remui %h, %range : i64")
        if elem == "i64":
            out.append("      linalg.yield %v64 : i64")
        else:
            out.append(f"      %v = arith.trunci %v64 : i64 to {elem}")
            out.append(f"      linalg.yield %v : {elem}")
    else:
        # u in [0, 1) from 24 bits; matrices and biases U(-a, a), gains
        # 1 + U(-0.1, 0.1). (Biases near one would add a common offset to
        # every activation that a norm then cancels: the FP8 error of the
        # offset would swamp the signal, unlike a trained model's.)
        if rank >= 2 or role == "bias" or dims[0] > FLAT_MIN:
            amplitude, offset = fill.amplitude, 0.0
        else:
            amplitude, offset = GAIN_AMPLITUDE, 1.0
        out.append("      %hf = arith.uitofp %h : i64 to f32")
        out.append("      %inv = arith.constant 5.9604644775390625e-08 : f32")
        out.append("      %u = arith.mulf %hf, %inv : f32")
        out.append("      %half = arith.constant 0.5 : f32")
        out.append("      %c = arith.subf %u, %half : f32")
        out.append(f"      %amp = arith.constant {2 * amplitude!r} : f32")
        out.append("      %a = arith.mulf %c, %amp : f32")
        out.append(f"      %off = arith.constant {offset!r} : f32")
        out.append("      %v32 = arith.addf %a, %off : f32")
        if elem == "f32":
            out.append("      linalg.yield %v32 : f32")
        elif elem in ("bf16", "f16"):
            out.append(f"      %v = arith.truncf %v32 : f32 to {elem}")
            out.append(f"      linalg.yield %v : {elem}")
        else:
            raise GraphError(f"argument {name}: element type {elem} not "
                             "supported by the driver")
    out.append(f"    }} -> {static}")
    if static != type_:
        out.append(f"    {name} = tensor.cast {name}_s : {static} to {type_}")
    else:
        out.append(f"    {name} = tensor.cast {name}_s : {static} to {static}")


def resolve(dims, dim_values, what):
    resolved = []
    for d in dims:
        if d is None:
            if not dim_values:
                raise GraphError(f"{what} has a dynamic dimension: give its "
                                 "value with --dim")
            resolved.append(dim_values.pop(0))
        else:
            resolved.append(d)
    return resolved


def wrap(text, entry, dims, fill=Fill()):
    """(module text with a @main, [result shapes], number of lifted
    constants). ``dims`` gives the dynamic dimensions' values in argument
    order; ``fill`` the pattern of the arguments."""
    sig = graph.signature(text, entry)
    # The entry function's elided constants become trailing arguments.
    body_start, body_end = sig.body
    body = text[body_start:body_end]
    lifted = [(m.group(2), m.group(3)) for m in _ELIDED.finditer(body)]
    body = _ELIDED.sub("", body)
    params = text[sig.params[0]:sig.params[1]]
    extra = ", ".join(f"{n}: {t}" for n, t in lifted)
    if extra:
        params = f"{params}, {extra}" if params.strip() else extra
    text = (text[:sig.params[0]] + params + text[sig.params[1]:body_start]
            + body + text[body_end:])
    entry_body = body
    all_args, results = sig.args + lifted, sig.results
    # Shapes: dynamic dims in argument order take the --dim values; a
    # dimension used twice (M in several arguments) must be given again.
    dim_values = list(dims)
    body, names = [], []
    for i, (name, type_) in enumerate(all_args):
        arg_dims, _ = parse_type(type_)
        static = resolve(arg_dims, dim_values, f"argument {name}")
        local = f"%in{i}"
        role = vector_role(entry_body, name) if len(static) == 1 else "gain"
        fill_op(local, type_, static, i + 1, body, role, fill)
        names.append(local)
    if dim_values:
        raise GraphError(f"{len(dim_values)} --dim value(s) left over")
    call_types = ", ".join(t for _, t in all_args)
    result_types = ", ".join(results)
    outs = ", ".join(f"%r{i}" for i in range(len(results)))
    body.append(f"    {outs} = func.call @{entry}({', '.join(names)}) : "
                f"({call_types}) -> ({result_types})")
    shapes = []
    for i, type_ in enumerate(results):
        rdims, elem = parse_type(type_)
        value = f"%r{i}"
        if elem != "f32":
            if elem not in ("bf16", "f16"):
                raise GraphError(f"result {i}: element type {elem} cannot be "
                                 "dumped as f32")
            rank = len(rdims)
            ids = ", ".join(f"d{k}" for k in range(rank))
            amap = f"affine_map<({ids}) -> ({ids})>"
            iters = ", ".join(['"parallel"'] * rank)
            wide = type_.replace(elem + ">", "f32>")
            body.append(f"    %w{i}_dims = tensor.empty"
                        f"({', '.join(f'%dim{i}_{k}' for k, d in enumerate(rdims) if d is None)})"
                        f" : {wide}")
            for k, d in enumerate(rdims):
                if d is None:
                    body.insert(len(body) - 1,
                                f"    %ci{i}_{k} = arith.constant {k} : index")
                    body.insert(len(body) - 1,
                                f"    %dim{i}_{k} = tensor.dim {value}, "
                                f"%ci{i}_{k} : {type_}")
            body.append(f"    %w{i} = linalg.generic {{indexing_maps = [{amap}, "
                        f"{amap}], iterator_types = [{iters}]}} ins({value} : "
                        f"{type_}) outs(%w{i}_dims : {wide}) {{")
            body.append(f"    ^bb0(%a: {elem}, %o: f32):")
            body.append(f"      %e = arith.extf %a : {elem} to f32")
            body.append("      linalg.yield %e : f32")
            body.append(f"    }} -> {wide}")
            value, type_ = f"%w{i}", wide
        body.append(f"    %u{i} = tensor.cast {value} : {type_} to tensor<*xf32>")
        body.append(f"    func.call @printMemrefF32(%u{i}) : (tensor<*xf32>) -> ()")
        shapes.append([d for d in rdims])
    main = "\n".join(["  func.func @main() {"] + body + [
        "    return", "  }",
        "  func.func private @printMemrefF32(tensor<*xf32>) "
        "attributes {llvm.emit_c_interface}", ""])
    return graph.with_main(text, main), shapes, len(lifted)
