"""Runs fp8q programs on the CPU and compares them with the numpy reference.

A test script builds a :class:`Suite` of cases. Each case becomes one MLIR
function whose inputs are embedded as dense constants (hex, so every bit is
exact) and which prints each result as raw bits: E4M3 codes, and the IEEE
bits of f32/bf16/f16 values, all widened to i32 and printed with
``printMemrefI32``. ``main`` calls the cases in order. The module goes through
``fp8-opt --fp8q-cpu-pipeline`` and ``mlir-runner``; the printed bits are
compared with :mod:`fp8q.reference`:

* codes: bit-exact;
* f32/bf16/f16 values: bit-exact, except that any NaN matches any NaN;
* ``scaled_matmul``: ``|got - want| <= rtol * |want|`` (rtol 1e-6; NaN and
  Inf must match), and the number of bit-exact elements is reported.

:meth:`Suite.main` exits with status 1 and a report of the first mismatches
when anything differs, so a lit ``RUN:`` line of the script fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

import numpy as np

from fp8q import reference as ref

#: Relative tolerance of scaled_matmul results (see the module docstring).
MATMUL_RTOL = 1e-6

#: MLIR element type names of the array kinds.
_MLIR_TYPE = {"f32": "f32", "bf16": "bf16", "f16": "f16", "e4m3": "f8E4M3FN",
              "i32": "i32"}


# ---------------------------------------------------------------------------
# Bits of the array kinds
# ---------------------------------------------------------------------------


def to_bits(values: np.ndarray, kind: str) -> np.ndarray:
    """The raw bits of ``values`` (float32 array, or uint8 codes) as ``kind``."""
    if kind == "e4m3":
        return np.asarray(values, dtype=np.uint8)
    if kind == "i32":
        return np.asarray(values, dtype=np.int32).view(np.uint32)
    values = np.asarray(values, dtype=np.float32)
    if kind == "f32":
        return values.view(np.uint32)
    if kind == "bf16":
        bits = ref.f32_to_bf16_bits(values)
        if not np.array_equal(ref.bf16_bits_to_f32(bits), values, equal_nan=True):
            raise ValueError("bf16 input holds values that are not bf16")
        return bits
    if kind == "f16":
        with np.errstate(over="ignore"):
            half = values.astype(np.float16)
        if not np.array_equal(half.astype(np.float32), values, equal_nan=True):
            raise ValueError("f16 input holds values that are not f16")
        return half.view(np.uint16)
    raise ValueError(f"unknown kind {kind}")


def bits_to_f32(bits: np.ndarray, kind: str) -> np.ndarray:
    """Float32 values of raw ``kind`` bits (codes are decoded)."""
    if kind == "e4m3":
        return ref.e4m3_decode(bits.astype(np.uint8))
    if kind == "f32":
        return bits.astype(np.uint32).view(np.float32)
    if kind == "bf16":
        return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32)
    if kind == "f16":
        return bits.astype(np.uint16).view(np.float16).astype(np.float32)
    raise ValueError(f"unknown kind {kind}")


def tensor_type(shape: Sequence[int], kind: str, dynamic: Optional[int] = None) -> str:
    """The tensor type of ``shape``; dimension ``dynamic`` (if any) is ``?``."""
    dims = ["?" if i == dynamic else str(d) for i, d in enumerate(shape)]
    return "tensor<" + "x".join(dims) + "x" + _MLIR_TYPE[kind] + ">"


def dense(values: np.ndarray, kind: str) -> str:
    """A dense constant holding ``values`` bit for bit."""
    bits = np.ascontiguousarray(to_bits(values, kind))
    if bits.size == 0:
        return f"dense<> : {tensor_type(bits.shape, kind)}"
    data = bits.astype(bits.dtype.newbyteorder("<")).tobytes().hex().upper()
    return f'dense<"0x{data}"> : {tensor_type(bits.shape, kind)}'


def f32_attr(value: float) -> str:
    """An f32 attribute given by its bits (exact)."""
    return "0x%08X : f32" % np.float32(value).view(np.uint32)


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


@dataclass
class Output:
    """One printed result and what it must equal."""
    name: str
    kind: str          # "e4m3" (codes), "f32", "bf16", "f16"
    expected: np.ndarray  # codes (uint8) or float32 values
    tolerance: Optional[float] = None  # relative; None: bit-exact


@dataclass
class Case:
    title: str
    body: List[str] = field(default_factory=list)
    outputs: List[Output] = field(default_factory=list)
    #: Module-level functions the case calls (the ops with a dynamic M).
    functions: List[str] = field(default_factory=list)
    #: With several expert-parallel ranks: what rank r prints (else
    #: ``outputs`` on every rank).
    rank_outputs: Optional[List[List[Output]]] = None


@dataclass
class Operand:
    """An operand of an fp8q op in a case: an SSA value of the case (None for
    an output buffer made with tensor.empty), its static shape and kind, and
    with a dynamic M the dimension that becomes ``?`` and, for outputs, the
    tile that divides M in it (ceil(M / tile))."""
    value: Optional[str]
    shape: Tuple[int, ...]
    kind: str
    dynamic: Optional[int] = None
    tile: int = 1


class _Emitter:
    """Builds the body of one case function (SSA names are unique)."""

    def __init__(self, case: Case, case_name: str = "case"):
        self.case = case
        self.case_name = case_name
        self.count = 0

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"%{stem}{self.count}"

    def line(self, text: str) -> None:
        self.case.body.append("  " + text)

    def constant(self, values: np.ndarray, kind: str) -> str:
        name = self.fresh("c")
        self.line(f"{name} = arith.constant {dense(values, kind)}")
        return name

    def empty(self, shape: Sequence[int], kind: str) -> str:
        name = self.fresh("e")
        self.line(f"{name} = tensor.empty() : {tensor_type(shape, kind)}")
        return name

    def elementwise(self, value: str, shape: Tuple[int, int], in_type: str,
                    out_type: str, body: Sequence[str]) -> str:
        """A 2-D linalg.generic mapping `value` element by element; `body`
        computes `%r : out_type` from the element `%a : in_type`."""
        rows, cols = shape
        empty = self.fresh("e")
        result = self.fresh("m")
        identity = "affine_map<(i, j) -> (i, j)>"
        self.line(f"{empty} = tensor.empty() : tensor<{rows}x{cols}x{out_type}>")
        self.line(f"{result} = linalg.generic {{indexing_maps = [{identity}, {identity}], "
                  f"iterator_types = [\"parallel\", \"parallel\"]}} "
                  f"ins({value} : tensor<{rows}x{cols}x{in_type}>) "
                  f"outs({empty} : tensor<{rows}x{cols}x{out_type}>) {{")
        self.line(f"^bb0(%a: {in_type}, %o: {out_type}):")
        for text in body:
            self.line("  " + text)
        self.line(f"  linalg.yield %r : {out_type}")
        self.line(f"}} -> tensor<{rows}x{cols}x{out_type}>")
        return result

    def op(self, ins: Sequence[Operand], outs: Sequence[Operand],
           make_line, dynamic: bool) -> List[str]:
        """Emits one fp8q op and returns its results (static types).

        ``make_line(ins, in_types, outs, out_types, results)`` writes the op
        from SSA names and type strings. Static: on the case's values. With
        ``dynamic``: in a function of its own whose operands have a dynamic
        M (the ``dynamic`` dimension of each Operand), called with
        tensor.cast values and its results cast back, so that M is only
        known at run time (as in a graph exported with a dynamic batch); the
        output buffers are tensor.empty(ceil(M / tile)) with M the extent of
        the first input, as the quantize-model pass makes them."""
        results = [self.fresh("r") for _ in outs]
        if not dynamic:
            out_names = [o.value if o.value else self.empty(o.shape, o.kind)
                         for o in outs]
            self.line(make_line([i.value for i in ins],
                                [tensor_type(i.shape, i.kind) for i in ins],
                                out_names,
                                [tensor_type(o.shape, o.kind) for o in outs],
                                results))
            return results
        name = f"@{self.case_name}_op{len(self.case.functions)}"
        args = list(ins) + [o for o in outs if o.value]
        arg_types = [tensor_type(a.shape, a.kind, a.dynamic) for a in args]
        out_types = [tensor_type(o.shape, o.kind, o.dynamic) for o in outs]
        lines = [f"func.func private {name}("
                 + ", ".join(f"%arg{i}: {t}" for i, t in enumerate(arg_types))
                 + ") -> (" + ", ".join(out_types) + ") {",
                 "  %zero = arith.constant 0 : index",
                 f"  %m = tensor.dim %arg0, %zero : {arg_types[0]}"]
        out_names = []
        passed = len(ins)
        for index, out in enumerate(outs):
            if out.value:
                out_names.append(f"%arg{passed}")
                passed += 1
                continue
            extent = "%m"
            if out.tile != 1:
                lines.append(f"  %t{index} = arith.constant {out.tile} : index")
                lines.append(f"  %m{index} = arith.ceildivui %m, %t{index} : index")
                extent = f"%m{index}"
            lines.append(f"  %o{index} = tensor.empty({extent}) : {out_types[index]}")
            out_names.append(f"%o{index}")
        inner = [f"%y{index}" for index in range(len(outs))]
        lines.append("  " + make_line([f"%arg{i}" for i in range(len(ins))],
                                      arg_types[:len(ins)], out_names, out_types,
                                      inner))
        lines.append(f"  return {', '.join(inner)} : {', '.join(out_types)}")
        lines.append("}")
        self.case.functions.append("\n".join(lines))
        casts = []
        for arg, arg_type in zip(args, arg_types):
            cast = self.fresh("d")
            self.line(f"{cast} = tensor.cast {arg.value} : "
                      f"{tensor_type(arg.shape, arg.kind)} to {arg_type}")
            casts.append(cast)
        dyn = [self.fresh("y") for _ in outs]
        self.line(f"{', '.join(dyn)} = call {name}({', '.join(casts)}) : "
                  f"({', '.join(arg_types)}) -> ({', '.join(out_types)})")
        for result, value, out, out_type in zip(results, dyn, outs, out_types):
            self.line(f"{result} = tensor.cast {value} : {out_type} to "
                      f"{tensor_type(out.shape, out.kind)}")
        return results

    def print_bits(self, value: str, shape: Tuple[int, int], kind: str) -> None:
        """Prints a 2-D tensor as its raw bits widened to i32."""
        rows, cols = shape
        element = _MLIR_TYPE[kind]
        if kind == "f32":
            convert = ["%r = arith.bitcast %a : f32 to i32"]
        elif kind == "i32":
            convert = ["%z = arith.constant 0 : i32", "%r = arith.ori %a, %z : i32"]
        else:
            width = 8 if kind == "e4m3" else 16
            convert = [f"%n = arith.bitcast %a : {element} to i{width}",
                       f"%r = arith.extui %n : i{width} to i32"]
        bits = self.elementwise(value, shape, element, "i32", convert)
        flat = self.fresh("flat")
        self.line(f"{flat} = tensor.collapse_shape {bits} [[0, 1]] : "
                  f"tensor<{rows}x{cols}xi32> into tensor<{rows * cols}xi32>")
        unranked = self.fresh("u")
        self.line(f"{unranked} = tensor.cast {flat} : tensor<{rows * cols}xi32> "
                  f"to tensor<*xi32>")
        self.line(f"call @printMemrefI32({unranked}) : (tensor<*xi32>) -> ()")


def gemm_operands(rng: np.random.Generator, m: int, n: int, k: int, group: int,
                  b_tile, spread: float = 0.0):
    """Quantized A [m, k] (1 x group, fp32 scales) and B [n, k] (b_tile, pow2
    scales) of random normal data whose rows are scaled by 10^U(-spread,
    spread): the operands of the scaled_matmul tests."""
    a = rng.standard_normal((m, k)) * np.power(10.0, rng.uniform(-spread, spread, (m, 1)))
    b = rng.standard_normal((n, k)) * np.power(10.0, rng.uniform(-spread, spread, (n, 1)))
    qa, sa = ref.quantize(a.astype(np.float32), (1, group), "fp32")
    qb, sb = ref.quantize(b.astype(np.float32), b_tile, "pow2")
    return qa, sa, qb, sb


def pow2_ceil_reference(r: np.ndarray) -> np.ndarray:
    """``2^ceil(log2 |r|)`` with r's sign for float32 ``r``, exactly, for
    every input including subnormals (the oracle of the pow2 scale rounding,
    independent of its bit-level implementation): ``frexp`` gives
    ``r = m * 2^e`` with ``m`` in [0.5, 1); ``r`` is kept when ``|m| == 0.5``
    and otherwise becomes ``2^e``. Zero, Inf and NaN are kept."""
    r = np.asarray(r, dtype=np.float32)
    with np.errstate(all="ignore"):
        mantissa, exponent = np.frexp(r)
        power = np.ldexp(np.ones_like(r), exponent) * np.sign(r)
        keep = (np.abs(mantissa) == np.float32(0.5)) | ~np.isfinite(r) | (r == 0)
        return np.where(keep, r, power).astype(np.float32)


def _shape(array: np.ndarray) -> Tuple[int, int]:
    return tuple(int(d) for d in array.shape)  # type: ignore[return-value]


class Suite:
    """A list of cases that run as one MLIR module."""

    def __init__(self, name: str):
        self.name = name
        self.cases: List[Case] = []

    # -- case builders ------------------------------------------------------

    def quantize(self, title: str, x: np.ndarray, kind: str = "f32",
                 tile=(1, 128), scale_mode: str = "fp32", eps: float = 1e-4,
                 transpose: bool = False, scale_layout: str = "k_major",
                 dynamic_m: bool = False) -> None:
        """fp8q.quantize of ``x`` (float32 values exactly representable in
        ``kind``), checked bit-exact against reference.quantize (whose scales
        are transposed for ``scale_layout="mn_major"``). ``dynamic_m``: the
        rows of ``x`` are a run-time extent (_Emitter.op)."""
        x = np.asarray(x, dtype=np.float32)
        codes, scales = ref.quantize(x, tile, scale_mode, eps, transpose)
        if scale_layout == "mn_major":
            scales = ref.scales_mn_major(scales)
        elif scale_layout != "k_major":
            raise ValueError(f"unknown scale layout {scale_layout}")
        case = Case(f"quantize {title}: {kind} {_shape(x)} tile {tile} "
                    f"{scale_mode} eps {eps:g}{' transpose' if transpose else ''}"
                    f"{' ' + scale_layout if scale_layout != 'k_major' else ''}"
                    f"{' dynamic M' if dynamic_m else ''}")
        e = _Emitter(case, f"case{len(self.cases)}")
        source = e.constant(x, kind)
        attrs = [f"tile = #fp8q.tile<{tile[0]}x{tile[1]}>",
                 f"scale_mode = #fp8q.scale_mode<{scale_mode}>",
                 f"eps = {f32_attr(eps)}"]
        if transpose:
            attrs.append("transpose")
        if scale_layout != "k_major":
            attrs.append(f"scale_layout = #fp8q.scale_layout<{scale_layout}>")
        # The dimension of the codes and of the scales that M (the source
        # rows) becomes.
        codes_m = 1 if transpose else 0
        scales_m = codes_m if scale_layout == "k_major" else 1 - codes_m
        dyn = (lambda dim: dim) if dynamic_m else (lambda dim: None)
        q, s = e.op(
            [Operand(source, x.shape, kind, dyn(0))],
            [Operand(None, codes.shape, "e4m3", dyn(codes_m)),
             Operand(None, scales.shape, "f32", dyn(scales_m), tile[0])],
            lambda i, it, o, ot, r: (
                f"{r[0]}, {r[1]} = fp8q.quantize {i[0]} outs({o[0]}, {o[1]}) "
                f"{{{', '.join(attrs)}}} : {it[0]} -> {ot[0]}, {ot[1]}"),
            dynamic_m)
        e.print_bits(q, _shape(codes), "e4m3")
        e.print_bits(s, _shape(scales), "f32")
        case.outputs = [Output("codes", "e4m3", codes),
                        Output("scales", "f32", scales)]
        self.cases.append(case)

    def dequantize(self, title: str, codes: np.ndarray, scales: np.ndarray,
                   tile=(1, 128), out_kind: str = "f32",
                   scale_layout: str = "k_major", dynamic_m: bool = False) -> None:
        """fp8q.dequantize, checked bit-exact against reference.dequantize.
        ``scales`` are in the op's ``scale_layout`` (mn_major: the transpose
        of the reference's)."""
        codes = np.asarray(codes, dtype=np.uint8)
        scales = np.asarray(scales, dtype=np.float32)
        if scale_layout == "mn_major":
            want = ref.dequantize(codes, ref.scales_from_mn_major(scales), tile,
                                  out_kind)
        elif scale_layout == "k_major":
            want = ref.dequantize(codes, scales, tile, out_kind)
        else:
            raise ValueError(f"unknown scale layout {scale_layout}")
        case = Case(f"dequantize {title}: {_shape(codes)} tile {tile} -> {out_kind}"
                    f"{' ' + scale_layout if scale_layout != 'k_major' else ''}"
                    f"{' dynamic M' if dynamic_m else ''}")
        e = _Emitter(case, f"case{len(self.cases)}")
        q = e.constant(codes, "e4m3")
        s = e.constant(scales, "f32")
        layout = (f", scale_layout = #fp8q.scale_layout<{scale_layout}>"
                  if scale_layout != "k_major" else "")
        dyn = (lambda dim: dim) if dynamic_m else (lambda dim: None)
        x, = e.op(
            [Operand(q, codes.shape, "e4m3", dyn(0)),
             Operand(s, scales.shape, "f32",
                     dyn(0 if scale_layout == "k_major" else 1))],
            [Operand(None, codes.shape, out_kind, dyn(0))],
            lambda i, it, o, ot, r: (
                f"{r[0]} = fp8q.dequantize {i[0]}, {i[1]} outs({o[0]}) "
                f"{{tile = #fp8q.tile<{tile[0]}x{tile[1]}>{layout}}} : "
                f"{it[0]}, {it[1]} -> {ot[0]}"),
            dynamic_m)
        e.print_bits(x, _shape(codes), out_kind)
        case.outputs = [Output("values", out_kind, want)]
        self.cases.append(case)

    def tile_transpose(self, title: str, codes: np.ndarray, scales: np.ndarray,
                       group: int = 128, scale_mode: str = "fp32",
                       eps: float = 1e-4, dynamic_m: bool = False) -> None:
        """fp8q.tile_transpose, checked bit-exact against the reference."""
        codes = np.asarray(codes, dtype=np.uint8)
        scales = np.asarray(scales, dtype=np.float32)
        q_t, s_t = ref.tile_transpose(codes, scales, group, scale_mode, eps)
        case = Case(f"tile_transpose {title}: {_shape(codes)} group {group} "
                    f"{scale_mode} eps {eps:g}{' dynamic M' if dynamic_m else ''}")
        e = _Emitter(case, f"case{len(self.cases)}")
        q = e.constant(codes, "e4m3")
        s = e.constant(scales, "f32")
        dyn = (lambda dim: dim) if dynamic_m else (lambda dim: None)
        qt, st = e.op(
            [Operand(q, codes.shape, "e4m3", dyn(0)),
             Operand(s, scales.shape, "f32", dyn(0))],
            [Operand(None, q_t.shape, "e4m3", dyn(1)),
             Operand(None, s_t.shape, "f32", dyn(1), group)],
            lambda i, it, o, ot, r: (
                f"{r[0]}, {r[1]} = fp8q.tile_transpose {i[0]}, {i[1]} "
                f"outs({o[0]}, {o[1]}) {{tile = #fp8q.tile<1x{group}>, "
                f"scale_mode = #fp8q.scale_mode<{scale_mode}>, "
                f"eps = {f32_attr(eps)}}} : {it[0]}, {it[1]} -> {ot[0]}, {ot[1]}"),
            dynamic_m)
        e.print_bits(qt, _shape(q_t), "e4m3")
        e.print_bits(st, _shape(s_t), "f32")
        case.outputs = [Output("codes", "e4m3", q_t), Output("scales", "f32", s_t)]
        self.cases.append(case)

    def block_transpose(self, title: str, x: np.ndarray, group: int = 128,
                        scale_mode: str = "fp32", eps: float = 1e-4,
                        codes: Optional[np.ndarray] = None,
                        scales: Optional[np.ndarray] = None) -> None:
        """fp8q.quantize of ``x`` in GxG blocks, then fp8q.block_transpose,
        checked bit-exact against reference.quantize(x.T) in GxG blocks (the
        op's defining identity) and against reference.block_transpose.
        ``codes``/``scales``: transpose these instead (no quantize in the
        module), against reference.block_transpose only."""
        tile = (group, group)
        given = codes is not None
        if not given:
            x = np.asarray(x, dtype=np.float32)
            codes, scales = ref.quantize(x, tile, scale_mode, eps)
            want_q, want_s = ref.quantize(np.ascontiguousarray(x.T), tile,
                                          scale_mode, eps)
        codes = np.asarray(codes, dtype=np.uint8)
        scales = np.asarray(scales, dtype=np.float32)
        q_t, s_t = ref.block_transpose(codes, scales, group)
        if not given and not (np.array_equal(q_t, want_q) and
                              np.array_equal(s_t.view(np.uint32),
                                             want_s.view(np.uint32))):
            raise AssertionError(f"block_transpose {title}: reference "
                                 "block_transpose(quantize(x)) differs from "
                                 "quantize(x^T)")
        case = Case(f"block_transpose {title}: {_shape(codes)} group {group}"
                    f"{'' if given else f' {scale_mode} eps {eps:g}'}")
        e = _Emitter(case, f"case{len(self.cases)}")
        if given:
            q = e.constant(codes, "e4m3")
            s = e.constant(scales, "f32")
        else:
            source = e.constant(x, "f32")
            q, s = e.op(
                [Operand(source, x.shape, "f32")],
                [Operand(None, codes.shape, "e4m3"),
                 Operand(None, scales.shape, "f32")],
                lambda i, it, o, ot, r: (
                    f"{r[0]}, {r[1]} = fp8q.quantize {i[0]} outs({o[0]}, {o[1]}) "
                    f"{{tile = #fp8q.tile<{group}x{group}>, "
                    f"scale_mode = #fp8q.scale_mode<{scale_mode}>, "
                    f"eps = {f32_attr(eps)}}} : {it[0]} -> {ot[0]}, {ot[1]}"),
                False)
        qt, st = e.op(
            [Operand(q, codes.shape, "e4m3"), Operand(s, scales.shape, "f32")],
            [Operand(None, q_t.shape, "e4m3"), Operand(None, s_t.shape, "f32")],
            lambda i, it, o, ot, r: (
                f"{r[0]}, {r[1]} = fp8q.block_transpose {i[0]}, {i[1]} "
                f"outs({o[0]}, {o[1]}) {{tile = #fp8q.tile<{group}x{group}>}} "
                f": {it[0]}, {it[1]} -> {ot[0]}, {ot[1]}"),
            False)
        e.print_bits(qt, _shape(q_t), "e4m3")
        e.print_bits(st, _shape(s_t), "f32")
        case.outputs = [Output("codes", "e4m3", q_t), Output("scales", "f32", s_t)]
        self.cases.append(case)

    def scaled_matmul(self, title: str, qa, sa, qb, sb, group: int = 128,
                      b_tile=None, out_kind: str = "bf16",
                      c: Optional[np.ndarray] = None,
                      a_scale_layout: str = "k_major",
                      dynamic_m: bool = False) -> None:
        """fp8q.scaled_matmul (with ``accumulate`` when ``c`` is given),
        checked against reference.scaled_matmul within MATMUL_RTOL. ``sa`` is
        in the reference's [M, K/G] layout; with ``a_scale_layout="mn_major"``
        the op gets its transpose [K/G, M] and the attribute."""
        qa, qb = np.asarray(qa, np.uint8), np.asarray(qb, np.uint8)
        sa, sb = np.asarray(sa, np.float32), np.asarray(sb, np.float32)
        want = ref.scaled_matmul(qa, sa, qb, sb, group, b_tile, out_kind, c)
        if a_scale_layout == "mn_major":
            sa = ref.scales_mn_major(sa)
        elif a_scale_layout != "k_major":
            raise ValueError(f"unknown scale layout {a_scale_layout}")
        shape = (qa.shape[0], qb.shape[0])
        case = Case(f"scaled_matmul {title}: M={qa.shape[0]} N={qb.shape[0]} "
                    f"K={qa.shape[1]} group {group} b_tile {b_tile} -> {out_kind}"
                    f"{' accumulate' if c is not None else ''}"
                    f"{' a_scale ' + a_scale_layout if a_scale_layout != 'k_major' else ''}"
                    f"{' dynamic M' if dynamic_m else ''}")
        e = _Emitter(case, f"case{len(self.cases)}")
        a, a_s = e.constant(qa, "e4m3"), e.constant(sa, "f32")
        b, b_s = e.constant(qb, "e4m3"), e.constant(sb, "f32")
        init = e.constant(c, out_kind) if c is not None else None
        attrs = [f"group_size = {group}"]
        if group < 128:  # the default promotion interval must divide G
            attrs.append(f"promotion_interval = {group}")
        if b_tile is not None:
            attrs.append(f"b_tile = #fp8q.tile<{b_tile[0]}x{b_tile[1]}>")
        if c is not None:
            attrs.append("accumulate")
        if a_scale_layout != "k_major":
            attrs.append(f"a_scale_layout = #fp8q.scale_layout<{a_scale_layout}>")
        dyn = (lambda dim: dim) if dynamic_m else (lambda dim: None)
        y, = e.op(
            [Operand(a, qa.shape, "e4m3", dyn(0)),
             Operand(a_s, sa.shape, "f32",
                     dyn(0 if a_scale_layout == "k_major" else 1)),
             Operand(b, qb.shape, "e4m3"), Operand(b_s, sb.shape, "f32")],
            [Operand(init, shape, out_kind, dyn(0))],
            lambda i, it, o, ot, r: (
                f"{r[0]} = fp8q.scaled_matmul {i[0]}, {i[1]}, {i[2]}, {i[3]} "
                f"outs({o[0]}) {{{', '.join(attrs)}}} : {it[0]}, {it[1]}, "
                f"{it[2]}, {it[3]} -> {ot[0]}"),
            dynamic_m)
        e.print_bits(y, shape, out_kind)
        case.outputs = [Output("result", out_kind, want, MATMUL_RTOL)]
        self.cases.append(case)

    def grouped_scaled_matmul(self, title: str, qa, sa, qb, sb, groups,
                              layout: str = "contiguous", out_kind: str = "bf16",
                              init: Optional[np.ndarray] = None,
                              accumulate: bool = False,
                              dynamic_m: bool = False) -> None:
        """fp8q.grouped_scaled_matmul, checked against
        reference.grouped_scaled_matmul within MATMUL_RTOL (rows in a group)
        and bit for bit (the rows in no group keep ``init``; the default
        init is zeros). ``dynamic_m``: M (contiguous) or C (masked) is a
        run-time extent."""
        qa, qb = np.asarray(qa, np.uint8), np.asarray(qb, np.uint8)
        sa, sb = np.asarray(sa, np.float32), np.asarray(sb, np.float32)
        groups = np.asarray(groups, np.int32)
        shape = qa.shape[:-1] + (qb.shape[1],)
        if init is None:
            init = np.zeros(shape, np.float32)
        want = ref.grouped_scaled_matmul(qa, sa, qb, sb, groups, layout,
                                         out_dtype=out_kind, init=init,
                                         accumulate=accumulate)
        case = Case(f"grouped_scaled_matmul {title}: {layout} a {qa.shape} "
                    f"b {qb.shape} groups {groups.tolist()} -> {out_kind}"
                    f"{' accumulate' if accumulate else ''}"
                    f"{' dynamic M' if dynamic_m else ''}")
        e = _Emitter(case, f"case{len(self.cases)}")
        a, a_s = e.constant(qa, "e4m3"), e.constant(sa, "f32")
        b, b_s = e.constant(qb, "e4m3"), e.constant(sb, "f32")
        g = e.fresh("g")
        data = groups.astype("<i4").tobytes().hex().upper()
        e.line(f'{g} = arith.constant dense<"0x{data}"> : tensor<{groups.size}xi32>')
        c = e.constant(init, out_kind)
        attrs = [f"layout = #fp8q.group_layout<{layout}>"]
        if accumulate:
            attrs.append("accumulate")
        row_dim = 1 if layout == "masked" else 0
        dyn = (lambda dim: dim) if dynamic_m else (lambda dim: None)
        y, = e.op(
            [Operand(a, qa.shape, "e4m3", dyn(row_dim)),
             Operand(a_s, sa.shape, "f32", dyn(row_dim)),
             Operand(b, qb.shape, "e4m3"), Operand(b_s, sb.shape, "f32"),
             Operand(g, groups.shape, "i32")],
            [Operand(c, shape, out_kind, dyn(row_dim))],
            lambda i, it, o, ot, r: (
                f"{r[0]} = fp8q.grouped_scaled_matmul {i[0]}, {i[1]}, {i[2]}, "
                f"{i[3]}, {i[4]} outs({o[0]}) {{{', '.join(attrs)}}} : "
                f"{it[0]}, {it[1]}, {it[2]}, {it[3]}, {it[4]} -> {ot[0]}"),
            dynamic_m)
        flat = (int(np.prod(shape[:-1])), shape[-1])
        if len(shape) == 3:
            collapsed = e.fresh("flat")
            e.line(f"{collapsed} = tensor.collapse_shape {y} [[0, 1], [2]] : "
                   f"{tensor_type(shape, out_kind)} into {tensor_type(flat, out_kind)}")
            y = collapsed
        e.print_bits(y, flat, out_kind)
        case.outputs = [Output("result", out_kind, want.reshape(flat), MATMUL_RTOL)]
        self.cases.append(case)

    def moe_exchange(self, title: str, qa, sa, experts, num_experts: int,
                     capacity: int, qb, sb, out_kind: str = "bf16") -> None:
        """fp8q.moe_dispatch (ranks = 1) -> grouped_scaled_matmul (masked)
        -> fp8q.moe_combine on the tokens ``qa`` [T, K] / ``sa`` and the
        routing ``experts`` [T, k], with the expert weights ``qb`` [E, N, K]
        / ``sb``. The dispatch's four results are checked bit for bit
        against reference.moe_dispatch, the GEMM and the combine (bf16)
        within MATMUL_RTOL against the reference GEMM on the reference
        layout and reference.moe_combine."""
        qa, qb = np.asarray(qa, np.uint8), np.asarray(qb, np.uint8)
        sa, sb = np.asarray(sa, np.float32), np.asarray(sb, np.float32)
        experts = np.asarray(experts, np.int32)
        (rc, rs, counts, sources), = ref.moe_dispatch(
            [qa], [sa], [experts], num_experts, capacity)
        y = ref.grouped_scaled_matmul(rc, rs, qb, sb, counts, "masked",
                                      out_dtype=out_kind)
        combined, = ref.moe_combine([y], [sources], [counts], [experts],
                                    num_experts)
        t, k_size = qa.shape
        topk, n_size = experts.shape[1], qb.shape[1]
        e_count, groups = num_experts, k_size // 128
        case = Case(f"moe exchange {title}: T {t} K {k_size} top-{topk} of "
                    f"{e_count} experts, capacity {capacity}, N {n_size} "
                    f"-> {out_kind}")
        em = _Emitter(case, f"case{len(self.cases)}")
        a, a_s = em.constant(qa, "e4m3"), em.constant(sa, "f32")
        route = em.constant(experts, "i32")
        b, b_s = em.constant(qb, "e4m3"), em.constant(sb, "f32")
        recv = [((e_count, capacity, k_size), "e4m3"),
                ((e_count, capacity, groups), "f32"), ((e_count,), "i32"),
                ((e_count, capacity), "i32")]
        inits = [em.empty(shape, kind) for shape, kind in recv]
        res = [em.fresh("d") for _ in recv]
        types = [tensor_type(shape, kind) for shape, kind in recv]
        em.line(f"{', '.join(res)} = fp8q.moe_dispatch {a}, {a_s}, {route} "
                f"outs({', '.join(inits)}) {{ranks = 1, num_experts = "
                f"{e_count}, capacity = {capacity}}} : "
                f"{tensor_type(qa.shape, 'e4m3')}, {tensor_type(sa.shape, 'f32')}, "
                f"{tensor_type(experts.shape, 'i32')} -> {', '.join(types)}")
        out_shape = (e_count, capacity, n_size)
        gemm = em.fresh("y")
        em.line(f"{gemm} = fp8q.grouped_scaled_matmul {res[0]}, {res[1]}, {b}, "
                f"{b_s}, {res[2]} outs({em.constant(np.zeros(out_shape), out_kind)}) "
                f"{{layout = #fp8q.group_layout<masked>}} : {types[0]}, "
                f"{types[1]}, {tensor_type(qb.shape, 'e4m3')}, "
                f"{tensor_type(sb.shape, 'f32')}, {types[2]} -> "
                f"{tensor_type(out_shape, out_kind)}")
        comb_shape = (t, topk, n_size)
        comb = em.fresh("o")
        em.line(f"{comb} = fp8q.moe_combine {gemm}, {res[3]}, {res[2]}, {route} "
                f"outs({em.empty(comb_shape, 'bf16')}) {{ranks = 1, "
                f"num_experts = {e_count}}} : {tensor_type(out_shape, out_kind)}, "
                f"{types[3]}, {types[2]}, {tensor_type(experts.shape, 'i32')} -> "
                f"{tensor_type(comb_shape, 'bf16')}")
        printed = [(res[0], recv[0][0], "e4m3"), (res[1], recv[1][0], "f32"),
                   (res[2], recv[2][0], "i32"), (res[3], recv[3][0], "i32"),
                   (gemm, out_shape, out_kind), (comb, comb_shape, "bf16")]
        for value, shape, kind in printed:
            self._print_flat(em, value, shape, kind)
        case.outputs = [
            Output("recv_codes", "e4m3", rc.reshape(-1, k_size)),
            Output("recv_scales", "f32", rs.reshape(-1, groups)),
            Output("counts", "i32", counts.reshape(1, -1)),
            Output("sources", "i32", sources),
            Output("expert GEMM", out_kind, y.reshape(-1, n_size), MATMUL_RTOL),
            Output("combined", "bf16", combined.reshape(-1, n_size), MATMUL_RTOL)]
        self.cases.append(case)

    def moe_exchange_ranks(self, title: str, qa, sa, experts, num_experts: int,
                           capacity: int, qb, sb, out_kind: str = "bf16") -> None:
        """:meth:`moe_exchange` over R = len(qa) ranks (run with ``--ranks
        R``: one process per rank): rank r's tokens are ``qa[r]`` [T, K] /
        ``sa[r]`` with routing ``experts[r]`` [T, k]; ``qb`` [E, N, K] /
        ``sb`` are all experts' weights, of which rank r takes its E/R. The
        program is the same on every rank (SPMD): it picks its inputs and
        weights with ``fp8q.ep_rank``. Rank r's dispatch results are checked
        bit for bit against reference.moe_dispatch's r-th, its GEMM and
        combine within MATMUL_RTOL against the reference on that layout and
        reference.moe_combine."""
        ranks = len(qa)
        qa = [np.asarray(x, np.uint8) for x in qa]
        sa = [np.asarray(x, np.float32) for x in sa]
        experts = [np.asarray(x, np.int32) for x in experts]
        qb, sb = np.asarray(qb, np.uint8), np.asarray(sb, np.float32)
        dispatched = ref.moe_dispatch(qa, sa, experts, num_experts, capacity)
        local = num_experts // ranks
        ys = [ref.grouped_scaled_matmul(rc, rs, qb[r * local:(r + 1) * local],
                                        sb[r * local:(r + 1) * local], counts,
                                        "masked", out_dtype=out_kind)
              for r, (rc, rs, counts, _) in enumerate(dispatched)]
        combined = ref.moe_combine(ys, [d[3] for d in dispatched],
                                   [d[2] for d in dispatched], experts,
                                   num_experts)
        t, k_size = qa[0].shape
        topk, n_size = experts[0].shape[1], qb.shape[1]
        groups = k_size // 128
        case = Case(f"moe exchange {title}: {ranks} rank{'s' if ranks > 1 else ''}, T {t} K {k_size} "
                    f"top-{topk} of {num_experts} experts, capacity "
                    f"{capacity}, N {n_size} -> {out_kind}")
        em = _Emitter(case, f"case{len(self.cases)}")
        rank = em.fresh("rank")
        em.line(f"{rank} = fp8q.ep_rank {{ranks = {ranks}}}")

        def mine(stacked, kind, rows=None):
            """Rank r's part of a constant: [r] of a stack along a new
            leading dimension (rows None, the dimension dropped), or the
            rows [r * rows, (r + 1) * rows)."""
            stacked = np.asarray(stacked)
            inner = stacked.shape[1:]
            if stacked.size == 0:
                # NOTE: a slice at offset 0 of an empty extent does not
                # verify ("out-of-bounds: 0 >= 0"); there is no data anyway.
                return em.empty(inner if rows is None else (rows,) + inner, kind)
            value = em.constant(stacked, kind)
            offset = rank
            if rows is not None:
                size = em.fresh("n")
                em.line(f"{size} = arith.constant {rows} : index")
                offset = em.fresh("o")
                em.line(f"{offset} = arith.muli {rank}, {size} : index")
            out_shape = inner if rows is None else (rows,) + inner
            name = em.fresh("s")
            zeros = ", ".join(["0"] * len(inner))
            sizes = ", ".join(str(d) for d in ((1 if rows is None else rows),) + inner)
            ones = ", ".join(["1"] * (len(inner) + 1))
            em.line(f"{name} = tensor.extract_slice {value}[{offset}, {zeros}] "
                    f"[{sizes}] [{ones}] : {tensor_type(stacked.shape, kind)} to "
                    f"{tensor_type(out_shape, kind)}")
            return name

        a, a_s = mine(np.stack(qa), "e4m3"), mine(np.stack(sa), "f32")
        route = mine(np.stack(experts), "i32")
        b, b_s = mine(qb, "e4m3", local), mine(sb, "f32", local)
        recv = [((local, capacity, k_size), "e4m3"),
                ((local, capacity, groups), "f32"), ((local,), "i32"),
                ((local, capacity), "i32")]
        inits = [em.empty(shape, kind) for shape, kind in recv]
        res = [em.fresh("d") for _ in recv]
        types = [tensor_type(shape, kind) for shape, kind in recv]
        em.line(f"{', '.join(res)} = fp8q.moe_dispatch {a}, {a_s}, {route} "
                f"outs({', '.join(inits)}) {{ranks = {ranks}, num_experts = "
                f"{num_experts}, capacity = {capacity}}} : "
                f"{tensor_type(qa[0].shape, 'e4m3')}, {tensor_type(sa[0].shape, 'f32')}, "
                f"{tensor_type(experts[0].shape, 'i32')} -> {', '.join(types)}")
        out_shape = (local, capacity, n_size)
        b_type = tensor_type((local,) + qb.shape[1:], "e4m3")
        sb_type = tensor_type((local,) + sb.shape[1:], "f32")
        gemm = em.fresh("y")
        em.line(f"{gemm} = fp8q.grouped_scaled_matmul {res[0]}, {res[1]}, {b}, "
                f"{b_s}, {res[2]} outs({em.constant(np.zeros(out_shape), out_kind)}) "
                f"{{layout = #fp8q.group_layout<masked>}} : {types[0]}, "
                f"{types[1]}, {b_type}, {sb_type}, {types[2]} -> "
                f"{tensor_type(out_shape, out_kind)}")
        comb_shape = (t, topk, n_size)
        comb = em.fresh("o")
        em.line(f"{comb} = fp8q.moe_combine {gemm}, {res[3]}, {res[2]}, {route} "
                f"outs({em.empty(comb_shape, 'bf16')}) {{ranks = {ranks}, "
                f"num_experts = {num_experts}}} : {tensor_type(out_shape, out_kind)}, "
                f"{types[3]}, {types[2]}, {tensor_type(experts[0].shape, 'i32')} -> "
                f"{tensor_type(comb_shape, 'bf16')}")
        printed = [(res[0], recv[0][0], "e4m3"), (res[1], recv[1][0], "f32"),
                   (res[2], recv[2][0], "i32"), (res[3], recv[3][0], "i32"),
                   (gemm, out_shape, out_kind), (comb, comb_shape, "bf16")]
        for value, shape, kind in printed:
            self._print_flat(em, value, shape, kind)
        case.rank_outputs = [
            [Output("recv_codes", "e4m3", rc.reshape(-1, k_size)),
             Output("recv_scales", "f32", rs.reshape(-1, groups)),
             Output("counts", "i32", counts.reshape(1, -1)),
             Output("sources", "i32", sources),
             Output("expert GEMM", out_kind, y.reshape(-1, n_size), MATMUL_RTOL),
             Output("combined", "bf16", c.reshape(-1, n_size), MATMUL_RTOL)]
            for (rc, rs, counts, sources), y, c in zip(dispatched, ys, combined)]
        case.outputs = case.rank_outputs[0]
        self.cases.append(case)

    @staticmethod
    def _print_flat(em, value, shape, kind) -> None:
        """Prints a rank-1, 2 or 3 tensor as 2-D bits (print_bits)."""
        flat = (int(np.prod(shape[:-1])), shape[-1])
        view = value
        if len(shape) == 1:
            view = em.fresh("v")
            em.line(f"{view} = tensor.expand_shape {value} [[0, 1]] "
                    f"output_shape [1, {shape[0]}] : "
                    f"{tensor_type(shape, kind)} into {tensor_type((1,) + shape, kind)}")
            flat = (1, shape[0])
        elif len(shape) == 3:
            view = em.fresh("v")
            em.line(f"{view} = tensor.collapse_shape {value} [[0, 1], [2]] : "
                    f"{tensor_type(shape, kind)} into {tensor_type(flat, kind)}")
        em.print_bits(view, flat, kind)

    def e4m3_encode(self, title: str, y: np.ndarray) -> None:
        """The software f32 -> E4M3 conversion on arbitrary f32 values (needs
        ``--fp8q-test-e4m3-conversion``), bit-exact against the reference."""
        y = np.asarray(y, dtype=np.float32).reshape(1, -1)
        case = Case(f"e4m3 encode {title}: {y.size} values")
        e = _Emitter(case)
        q = e.elementwise(e.constant(y, "f32"), _shape(y), "f32", "f8E4M3FN",
                          ["%r = arith.truncf %a : f32 to f8E4M3FN"])
        e.print_bits(q, _shape(y), "e4m3")
        case.outputs = [Output("codes", "e4m3", ref.e4m3_encode_rn_satfinite(y))]
        self.cases.append(case)

    def e4m3_decode(self, title: str, codes: np.ndarray) -> None:
        """The software E4M3 -> f32 conversion (needs
        ``--fp8q-test-e4m3-conversion``), bit-exact against the reference."""
        codes = np.asarray(codes, dtype=np.uint8).reshape(1, -1)
        case = Case(f"e4m3 decode {title}: {codes.size} codes")
        e = _Emitter(case)
        x = e.elementwise(e.constant(codes, "e4m3"), _shape(codes), "f8E4M3FN",
                          "f32", ["%r = arith.extf %a : f8E4M3FN to f32"])
        e.print_bits(x, _shape(codes), "f32")
        case.outputs = [Output("values", "f32", ref.e4m3_decode(codes))]
        self.cases.append(case)

    def pow2_ceil(self, title: str, r: np.ndarray) -> None:
        """The exact pow2 scale rounding on arbitrary f32 values (needs
        ``--fp8q-test-e4m3-conversion``), bit-exact against
        :func:`pow2_ceil_reference`."""
        r = np.asarray(r, dtype=np.float32).reshape(1, -1)
        case = Case(f"pow2 ceil {title}: {r.size} values")
        e = _Emitter(case)
        scales = e.elementwise(e.constant(r, "f32"), _shape(r), "f32", "f32",
                               ["%r = math.ceil %a {fp8q_test_pow2_ceil} : f32"])
        e.print_bits(scales, _shape(r), "f32")
        case.outputs = [Output("scales", "f32", pow2_ceil_reference(r))]
        self.cases.append(case)

    # -- program ------------------------------------------------------------

    def module(self, exit_status: bool = False) -> str:
        """The module; with ``exit_status``, ``@main`` returns 0 as an i32
        (an executable's exit status, scripts/device/build_moe_e2e.sh)."""
        lines = ["// Generated by test/Integration/CPU/Inputs/cpu_harness.py "
                 f"(suite {self.name}).",
                 "func.func private @printMemrefI32(tensor<*xi32>)"]
        for index, case in enumerate(self.cases):
            lines.append(f"// {case.title}")
            lines.extend(case.functions)
            lines.append(f"func.func @case{index}() {{")
            lines.extend(case.body)
            lines.append("  return")
            lines.append("}")
        lines.append("func.func @main() -> i32 {" if exit_status
                     else "func.func @main() {")
        for index in range(len(self.cases)):
            lines.append(f"  call @case{index}() : () -> ()")
        if exit_status:
            lines.append("  %status = arith.constant 0 : i32")
            lines.append("  return %status : i32")
        else:
            lines.append("  return")
        lines.append("}")
        return "\n".join(lines) + "\n"

    # -- running and checking -----------------------------------------------

    def main(self, argv: Optional[Sequence[str]] = None) -> None:
        parser = argparse.ArgumentParser(description=f"fp8q CPU suite {self.name}")
        parser.add_argument("--opt", required=False, help="fp8-opt")
        parser.add_argument("--runner", required=False, help="mlir-runner")
        parser.add_argument("--shared-libs", required=False,
                            help="comma-separated runner utility libraries")
        parser.add_argument("--work-dir", required=False,
                            help="directory for the generated files")
        parser.add_argument("--opt-flags", default="",
                            help="extra fp8-opt flags before the pipeline")
        parser.add_argument("--pipeline", default="--fp8q-cpu-pipeline",
                            help="the fp8-opt pipeline option (the GPU "
                                 "pipeline's with a CUDA runtime library, e.g. "
                                 "on the mock driver)")
        parser.add_argument("--ranks", type=int, default=1,
                            help="expert-parallel ranks: run the program in "
                                 "as many processes (scripts/device/"
                                 "ep_launch.py) and check each rank's output")
        parser.add_argument("--emit", metavar="DIR",
                            help="only write the program (DIR/<name>.mlir, "
                                 "@main returning 0) and what each rank must print "
                                 "(save_expected), for a run elsewhere")
        args = parser.parse_args(argv)
        if args.emit:
            os.makedirs(args.emit, exist_ok=True)
            with open(os.path.join(args.emit, f"{self.name}.mlir"), "w") as f:
                f.write(self.module(exit_status=True))
            self.save_expected(os.path.join(args.emit, "expected"), args.ranks)
            sys.exit(0)
        if not (args.opt and args.runner and args.shared_libs and args.work_dir):
            parser.error("--opt, --runner, --shared-libs and --work-dir are "
                         "needed (unless --emit)")
        sys.exit(self.run(args))

    def run(self, args) -> int:
        os.makedirs(args.work_dir, exist_ok=True)
        source = os.path.join(args.work_dir, f"{self.name}.mlir")
        lowered = os.path.join(args.work_dir, f"{self.name}.llvm.mlir")
        with open(source, "w") as f:
            f.write(self.module())
        start = time.time()
        opt_cmd = [args.opt, *args.opt_flags.split(), args.pipeline,
                   source, "-o", lowered]
        if _run(opt_cmd) is None:
            return 1
        run_cmd = [args.runner, lowered, "-e", "main",
                   "-entry-point-result=void", f"--shared-libs={args.shared_libs}"]
        ranks = getattr(args, "ranks", 1)
        outputs = _run_ranks(run_cmd, ranks, args.work_dir) if ranks > 1 \
            else [_run(run_cmd)]
        if any(output is None for output in outputs):
            return 1
        elapsed = time.time() - start
        return check_printed(self.name, [case.title for case in self.cases],
                             self.expected(len(outputs)), outputs,
                             f"compile+run {elapsed:.1f} s", f"the program in {source}")

    def expected(self, ranks: int) -> List[List[List[Output]]]:
        """What each rank prints: [rank][case] -> outputs."""
        return [[case.rank_outputs[rank] if case.rank_outputs else case.outputs
                 for case in self.cases] for rank in range(ranks)]

    def save_expected(self, directory: str, ranks: int) -> None:
        """Writes what each of ``ranks`` ranks must print to ``directory``
        (expected.json and one .npy per array), for :func:`check_saved`
        where the program runs without this harness (scripts/device)."""
        os.makedirs(directory, exist_ok=True)
        table = {"name": self.name, "titles": [c.title for c in self.cases],
                 "ranks": []}
        for rank, cases in enumerate(self.expected(ranks)):
            rank_table = []
            for index, outs in enumerate(cases):
                entries = []
                for number, out in enumerate(outs):
                    file = f"r{rank}_c{index}_{number}.npy"
                    np.save(os.path.join(directory, file), np.asarray(out.expected))
                    entries.append({"name": out.name, "kind": out.kind,
                                    "tolerance": out.tolerance, "file": file})
                rank_table.append(entries)
            table["ranks"].append(rank_table)
        with open(os.path.join(directory, "expected.json"), "w") as f:
            json.dump(table, f, indent=1)


def check_printed(name: str, titles: List[str],
                  expected: List[List[List[Output]]], outputs: List[str],
                  timing: str = "", where: str = "the program") -> int:
    """Compares the printMemrefI32 output of each rank with ``expected``
    ([rank][case] -> outputs); prints a report, returns 0 if all match."""
    ranks = len(outputs)
    failures = 0
    wanted = 0
    for rank, output in enumerate(outputs):
        printed = parse_printed(output)
        rank_wanted = sum(len(outs) for outs in expected[rank])
        wanted += rank_wanted
        if len(printed) != rank_wanted:
            print(f"FAIL: expected {rank_wanted} printed arrays, got "
                  f"{len(printed)}{f' on rank {rank}' if ranks > 1 else ''}; "
                  f"see {where}")
            return 1
        arrays = iter(printed)
        for title, outs in zip(titles, expected[rank]):
            results = [compare(out, next(arrays)) for out in outs]
            case_ok = all(ok for ok, _ in results)
            failures += sum(not ok for ok, _ in results)
            suffix = f" [rank {rank}]" if ranks > 1 else ""
            print(("ok   " if case_ok else "FAIL ") + title + suffix)
            for out, (_, text) in zip(outs, results):
                print(f"       {out.name}: {text}")
    print(f"{name}: {len(titles)} cases, {wanted} outputs, "
          f"{failures} mismatching{', ' + timing if timing else ''}")
    if failures:
        print(f"FAIL: see {where}")
        return 1
    print("ALL PASSED")
    return 0


def check_saved(directory: str, output_files: List[str]) -> int:
    """:func:`check_printed` against :meth:`Suite.save_expected`'s files, on
    the outputs of rank 0, 1, ... in ``output_files``."""
    with open(os.path.join(directory, "expected.json")) as f:
        table = json.load(f)
    if len(output_files) != len(table["ranks"]):
        print(f"FAIL: {len(output_files)} outputs for {len(table['ranks'])} ranks")
        return 1
    expected = [[[Output(e["name"], e["kind"],
                         np.load(os.path.join(directory, e["file"])),
                         e["tolerance"]) for e in case] for case in rank]
                for rank in table["ranks"]]
    outputs = []
    for path in output_files:
        with open(path) as f:
            outputs.append(f.read())
    return check_printed(table["name"], table["titles"], expected, outputs,
                         where=", ".join(output_files))


def _run(cmd: List[str]) -> Optional[str]:
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    if result.returncode != 0:
        print(f"FAIL: command exited with {result.returncode}: {' '.join(cmd)}")
        print(result.stderr[-4000:])
        return None
    return result.stdout


def _run_ranks(cmd: List[str], ranks: int, work_dir: str) -> List[Optional[str]]:
    """Runs ``cmd`` once per rank (scripts/device/ep_launch.py); the stdout
    of every rank, or [None] if one failed."""
    launcher = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "..", "..", "..", "..", "scripts", "device",
                            "ep_launch.py")
    out_dir = os.path.join(work_dir, "ranks")
    result = subprocess.run([sys.executable, launcher, "--ranks", str(ranks),
                             "--out-dir", out_dir, "--", *cmd],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    if result.returncode != 0:
        print(f"FAIL: {ranks} ranks of: {' '.join(cmd)}")
        print(result.stdout[-4000:])
        return [None]
    outputs = []
    for rank in range(ranks):
        with open(os.path.join(out_dir, f"rank{rank}.out")) as f:
            outputs.append(f.read())
    return outputs


_PRINTED = re.compile(r"sizes = \[(\d+)\][^\n]*data =\s*\n?\[([^\]]*)\]")


def parse_printed(text: str) -> List[np.ndarray]:
    """The arrays printed by printMemrefI32 (rank 1), as uint32 bits."""
    arrays = []
    for match in _PRINTED.finditer(text):
        size = int(match.group(1))
        body = match.group(2).strip()
        values = np.array([int(v) for v in body.split(",")] if body else [],
                          dtype=np.int64)
        if size == 0:
            # NOTE: printMemrefI32 prints one (uninitialized) element of an
            # empty rank-1 memref.
            values = values[:0]
        if values.size != size:
            raise ValueError(f"printed {values.size} values for size {size}")
        arrays.append((values & 0xFFFFFFFF).astype(np.uint32))
    return arrays


def compare(out: Output, got_bits: np.ndarray) -> Tuple[bool, str]:
    """Compares printed bits with an expected output; returns (ok, report)."""
    expected = np.asarray(out.expected)
    shape = expected.shape
    if got_bits.size != expected.size:
        return False, f"MISMATCH: {got_bits.size} values printed, {expected.size} expected"
    got_bits = got_bits.reshape(shape)
    if out.kind in ("e4m3", "i32"):
        want_bits = to_bits(expected, out.kind).astype(np.uint32)
        bad = got_bits != want_bits
        describe = lambda idx: (f"got 0x{int(got_bits[idx]):02X} "
                                f"want 0x{int(want_bits[idx]):02X}")
        exact = int((~bad).sum())
    else:
        got = bits_to_f32(got_bits, out.kind)
        want = expected.astype(np.float32)
        want_bits = to_bits(want, out.kind).astype(np.uint32)
        both_nan = np.isnan(got) & np.isnan(want)
        exact_mask = (got_bits == want_bits) | both_nan
        exact = int(exact_mask.sum())
        if out.tolerance is None:
            bad = ~exact_mask
        else:
            with np.errstate(all="ignore"):
                close = np.abs(got - want) <= out.tolerance * np.abs(want)
            bad = ~(exact_mask | close)
        describe = lambda idx: (f"got {got[idx]!r} (0x{int(got_bits[idx]):X}) "
                                f"want {want[idx]!r} (0x{int(want_bits[idx]):X})")
    count = int(bad.sum())
    if count == 0:
        rule = "bit-exact" if out.tolerance is None else f"rtol {out.tolerance:g}"
        return True, f"{expected.size} values OK ({rule}; {exact} bit-exact)"
    lines = [f"MISMATCH in {count} of {expected.size} values:"]
    for idx in list(zip(*np.nonzero(bad)))[:10]:
        lines.append(f"  at {tuple(int(i) for i in idx)}: {describe(idx)}")
    return False, "\n       ".join(lines)


if __name__ == "__main__":
    # python cpu_harness.py --check DIR RANK0_OUTPUT [RANK1_OUTPUT ...]
    if len(sys.argv) < 4 or sys.argv[1] != "--check":
        sys.exit("usage: cpu_harness.py --check EXPECTED_DIR RANK0_OUT [RANK1_OUT ...]")
    sys.exit(check_saved(sys.argv[2], sys.argv[3:]))
