"""The kernel manifest of an fp8q export directory (schema version 1).

``fp8-opt --fp8q-gpu-pipeline ... --fp8q-export-kernels`` writes a directory
with ``manifest.json`` and the cubins it names; :mod:`fp8q.runtime` loads it.
The schema is documented in ``python/fp8q/README_runtime.md`` ("Manifest");
this module parses and validates it without touching CUDA, so that CPU-only
machines (CI, ``--dry-run`` of the device scripts) can check an export.

Every error is a :class:`ManifestError` whose message starts with the JSON
path of the offending entry, e.g.
``manifest.json: kernels[0].args[2].shape[1]: cannot parse 'ceil(K/'``.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

from fp8q import expr as _expr

__all__ = [
    "MANIFEST_VERSION",
    "MANIFEST_NAME",
    "DTYPES",
    "SCALAR_KINDS",
    "ManifestError",
    "DType",
    "ArgSpec",
    "TensorMapSpec",
    "KernelSpec",
    "Manifest",
    "load_manifest",
    "parse_manifest",
    "parse_chip",
    "chip_runs_on",
    "arch_family",
]

#: The schema version this module reads.
MANIFEST_VERSION = 1
#: File name of the manifest inside an export directory.
MANIFEST_NAME = "manifest.json"
#: Launch limits checked before a launch (CUDA programming guide).
MAX_THREADS_PER_BLOCK = 1024
MAX_GRID = (2**31 - 1, 65535, 65535)


class ManifestError(ValueError):
    """A manifest that does not follow the schema."""


@dataclass(frozen=True)
class DType:
    """An element type of a pointer argument.

    Attributes:
      name: manifest spelling ("bf16", "f8e4m3fn", ...).
      itemsize: bytes per element.
      torch: ``torch.dtype`` names accepted for it (first: the exact one).
      typestrs: ``__cuda_array_interface__`` typestrs accepted for it.
      numpy: numpy dtype holding its bits (for host copies).
    """

    name: str
    itemsize: int
    torch: Tuple[str, ...]
    typestrs: Tuple[str, ...]
    numpy: str


#: Element types of pointer arguments. E4M3 data may also be passed as uint8
#: codes (the reference's representation); bf16 as raw 16-bit words.
DTYPES: Dict[str, DType] = {
    d.name: d
    for d in (
        DType("f8e4m3fn", 1, ("float8_e4m3fn", "uint8"), ("|u1", "<u1", "|V1"), "uint8"),
        DType("u8", 1, ("uint8",), ("|u1", "<u1"), "uint8"),
        DType("i8", 1, ("int8",), ("|i1", "<i1"), "int8"),
        DType("bf16", 2, ("bfloat16",), ("<u2", "<V2", "|V2"), "uint16"),
        DType("f16", 2, ("float16",), ("<f2",), "float16"),
        DType("i16", 2, ("int16",), ("<i2",), "int16"),
        DType("f32", 4, ("float32",), ("<f4",), "float32"),
        DType("i32", 4, ("int32",), ("<i4",), "int32"),
        DType("u32", 4, ("uint32",), ("<u4",), "uint32"),
        DType("f64", 8, ("float64",), ("<f8",), "float64"),
        DType("i64", 8, ("int64",), ("<i8",), "int64"),
    )
}

#: Scalar argument kinds and their ctypes-style size in bytes.
SCALAR_KINDS = {"i32": 4, "i64": 8, "f32": 4}
#: Integer scalar kinds (usable in shape, grid and requirement expressions).
INTEGER_KINDS = ("i32", "i64")
#: Ranges of the integer kinds.
INTEGER_RANGES = {"i32": (-(2**31), 2**31 - 1), "i64": (-(2**63), 2**63 - 1)}

#: Tensor map options (values of the CUtensorMap* enums of cuda.h).
TMA_SWIZZLE = {"none": 0, "32B": 1, "64B": 2, "128B": 3}
TMA_L2_PROMOTION = {"none": 0, "64B": 1, "128B": 2, "256B": 3}
TMA_OOB_FILL = {"zero": 0, "nan": 1}
TMA_INTERLEAVE = {"none": 0}
TMA_DTYPE = {"u8": 0, "f8e4m3fn": 0, "i8": 0, "u16": 1, "u32": 2, "i32": 3, "i64": 5,
             "f16": 6, "f32": 7, "f64": 8, "bf16": 9}
TMA_PASS = ("pointer", "value")

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_CHIP = re.compile(r"^sm_(\d+)(\d)([af]?)$")
_RESERVED_NAMES = {"stream"}

_KERNEL_KEYS = {"name", "cubin", "op", "attrs", "args", "grid", "block", "cluster",
                "shared_bytes", "requires", "doc"}
_ARG_KEYS = {
    "ptr": {"name", "kind", "dtype", "shape", "layout", "valid", "access", "doc"},
    "i32": {"name", "kind", "doc"},
    "i64": {"name", "kind", "doc"},
    "f32": {"name", "kind", "doc"},
    "tensormap": {"name", "kind", "of", "box", "dtype", "swizzle", "l2_promotion",
                  "oob_fill", "interleave", "element_strides", "pass", "doc"},
}
_LAYOUTS = ("row_major", "transposed")
#: What a kernel does with a pointer argument's memory.
ACCESSES = ("read", "write", "read_write")
#: The arrays each op's kernels only read (README_runtime.md's conventions);
#: the others are outputs. Kernels of other ops without an ``access`` key are
#: taken to write every array.
_OP_INPUTS = {
    "fp8q.quantize": frozenset({"source"}),
    "fp8q.tile_transpose": frozenset({"q", "scale"}),
    "fp8q.scaled_matmul": frozenset({"a", "sa", "b", "sb", "c"}),
    # `out`: only the rows of the groups are written (the launcher's buffer
    # holds the others).
    "fp8q.grouped_scaled_matmul": frozenset({"a", "sa", "b", "sb", "groups", "c"}),
}
_FAMILIES = {7: "Volta/Turing", 8: "Ampere/Ada", 9: "Hopper", 10: "Blackwell",
             11: "Blackwell", 12: "Blackwell"}


def parse_chip(chip: str) -> Tuple[int, int, str]:
    """Splits "sm_90a" into (9, 0, "a"); raises ValueError for other text."""
    match = _CHIP.match(chip or "")
    if not match:
        raise ValueError(f"not a CUDA architecture name like 'sm_90a': {chip!r}")
    return int(match.group(1)), int(match.group(2)), match.group(3)


def chip_runs_on(chip: str, major: int, minor: int) -> bool:
    """Whether a cubin built for ``chip`` runs on compute capability major.minor.

    Cubins run on the same major version with an equal or higher minor
    version, except that arch-specific targets ("sm_90a") need the exact
    compute capability and family targets ("sm_100f") the same major.
    """
    cmajor, cminor, suffix = parse_chip(chip)
    if suffix == "a":
        return (major, minor) == (cmajor, cminor)
    return major == cmajor and minor >= cminor


def arch_family(major: int) -> str:
    """"Hopper" for 9 and so on (for messages)."""
    return _FAMILIES.get(major, "unknown family")


@dataclass(frozen=True)
class TensorMapSpec:
    """How to encode a TMA descriptor (CUtensorMap) of a pointer argument.

    Attributes:
      of: name of the pointer argument the map describes.
      box: box extents, outermost first, as expressions.
      dtype: element type the map is encoded with (default the argument's;
        E4M3 maps are encoded as "u8"; a narrower type than the argument's
        views its bytes: a "u8" map of a bf16 [M, N] array spans [M, 2N]).
      swizzle, l2_promotion, oob_fill, interleave: option names (TMA_*).
      element_strides: traversal strides, outermost first (default all 1).
      pass_as: "pointer" (the kernel takes a pointer to the 128-byte map in
        global memory, as MLIR's nvgpu lowering does) or "value" (a 128-byte
        ``__grid_constant__`` parameter).
    """

    of: str
    box: Tuple[_expr.Expression, ...]
    dtype: Optional[str]
    swizzle: str
    l2_promotion: str
    oob_fill: str
    interleave: str
    element_strides: Tuple[int, ...]
    pass_as: str


@dataclass(frozen=True)
class ArgSpec:
    """One kernel parameter, in launch order.

    Attributes:
      name: identifier, unique in the kernel.
      kind: "ptr", "i32", "i64", "f32" or "tensormap".
      dtype: element type name for "ptr".
      shape: dimension extents for "ptr", outermost first.
      layout: "row_major" (default) or "transposed" (the array is the
        transpose of the reference's result; for checking tools only).
      valid: leading extents holding meaningful data if the array is padded
        (default: the whole shape; for checking tools only).
      tensormap: the encoding of a "tensormap" argument.
      access: "read", "write" or "read_write" if the manifest says so;
        None: see :meth:`KernelSpec.writes`.
    """

    name: str
    kind: str
    dtype: Optional[str] = None
    shape: Tuple[_expr.Expression, ...] = ()
    layout: str = "row_major"
    valid: Optional[Tuple[_expr.Expression, ...]] = None
    tensormap: Optional[TensorMapSpec] = None
    access: Optional[str] = None

    @property
    def is_pointer(self) -> bool:
        return self.kind == "ptr"

    @property
    def is_scalar(self) -> bool:
        return self.kind in SCALAR_KINDS


@dataclass(frozen=True)
class KernelSpec:
    """One kernel of the manifest (see README_runtime.md for each field)."""

    name: str
    cubin: str
    op: str
    attrs: Mapping[str, Any]
    args: Tuple[ArgSpec, ...]
    grid: Tuple[_expr.Expression, ...]
    block: Tuple[_expr.Expression, ...]
    cluster: Tuple[_expr.Expression, ...]
    shared_bytes: _expr.Expression
    requires: Tuple[_expr.Expression, ...]
    path: str = field(default="", compare=False)

    @property
    def pointer_args(self) -> Tuple[ArgSpec, ...]:
        """The arguments passed positionally: the pointer arguments."""
        return tuple(a for a in self.args if a.is_pointer)

    @property
    def scalar_args(self) -> Tuple[ArgSpec, ...]:
        """The arguments passed by keyword: the scalars."""
        return tuple(a for a in self.args if a.is_scalar)

    def writes(self, arg: ArgSpec) -> bool:
        """Whether the kernel writes the memory of pointer argument ``arg``:
        its ``access`` key, else the op's convention (the arrays other than
        the op's inputs), else (an op without a convention) yes."""
        if arg.access is not None:
            return arg.access != "read"
        inputs = _OP_INPUTS.get(self.op)
        return inputs is None or arg.name not in inputs

    def arg(self, name: str) -> ArgSpec:
        for a in self.args:
            if a.name == name:
                return a
        raise KeyError(f"kernel {self.name} has no argument {name!r}")

    def inferable_sizes(self) -> Dict[str, Tuple[str, int]]:
        """Integer scalars that a pointer argument's shape names directly.

        Maps the scalar name to (pointer argument, dimension) of its first
        occurrence, so that ``kernel(x, y, z)`` can infer ``M`` from x.shape.
        """
        found: Dict[str, Tuple[str, int]] = {}
        for a in self.pointer_args:
            for dim, extent in enumerate(a.shape):
                name = extent.variable
                if name is not None and name not in found:
                    found[name] = (a.name, dim)
        return found

    def signature(self) -> str:
        """"name(source: bf16[M, K], ..., M: i64)" for messages."""
        parts = []
        for a in self.args:
            if a.is_pointer:
                parts.append(f"{a.name}: {a.dtype}[{', '.join(map(str, a.shape))}]")
            elif a.kind == "tensormap":
                parts.append(f"{a.name}: tensormap of {a.tensormap.of} (implicit)")
            else:
                parts.append(f"{a.name}: {a.kind}")
        return f"{self.name}({', '.join(parts)})"


@dataclass(frozen=True)
class Manifest:
    """A parsed manifest.

    Attributes:
      version: schema version (1).
      chip: the architecture every cubin was built for ("sm_90a").
      kernels: the kernels, in file order.
      directory: the export directory (cubin paths are relative to it).
    """

    version: int
    chip: str
    kernels: Tuple[KernelSpec, ...]
    directory: str = ""

    def kernel(self, name: str) -> KernelSpec:
        for k in self.kernels:
            if k.name == name:
                return k
        raise KeyError(f"no kernel {name!r} in the manifest; it has: "
                       f"{', '.join(k.name for k in self.kernels) or 'none'}")

    def cubin_path(self, kernel: KernelSpec) -> str:
        return os.path.join(self.directory, kernel.cubin)


class _Context:
    """Tracks the JSON path for error messages."""

    def __init__(self, origin: str):
        self.origin = origin

    def fail(self, path: str, message: str):
        raise ManifestError(f"{self.origin}: {path}: {message}" if path else
                            f"{self.origin}: {message}")

    def get(self, obj: Mapping, key: str, path: str, kinds, required=True, default=None):
        if key not in obj:
            if required:
                self.fail(path, f"missing required key '{key}'")
            return default
        value = obj[key]
        rejected_bool = isinstance(value, bool) and bool not in _tuple(kinds)
        if not isinstance(value, kinds) or rejected_bool:
            self.fail(f"{path}.{key}" if path else key,
                      f"expected {_kind_names(kinds)}, got {type(value).__name__} {value!r}")
        return value

    def keys(self, obj: Mapping, allowed, path: str):
        for key in obj:
            if key not in allowed and not str(key).startswith("x-"):
                self.fail(path, f"unknown key '{key}' (known: {', '.join(sorted(allowed))}; "
                                "extensions must start with 'x-')")

    def expression(self, value, path: str) -> _expr.Expression:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            self.fail(path, f"expected an integer or an expression string, got {value!r}")
        try:
            return _expr.parse(value)
        except _expr.ExpressionError as err:
            self.fail(path, str(err))


def _tuple(kinds):
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _kind_names(kinds) -> str:
    names = {dict: "an object", list: "a list", str: "a string", int: "an integer",
             float: "a number", bool: "true/false"}
    return " or ".join(names.get(k, k.__name__) for k in _tuple(kinds))


def _parse_tensormap(ctx: _Context, obj: Mapping, path: str) -> TensorMapSpec:
    of = ctx.get(obj, "of", path, str)
    box_list = ctx.get(obj, "box", path, list)
    if not 1 <= len(box_list) <= 5:
        ctx.fail(f"{path}.box", f"a tensor map has 1..5 dimensions, got {len(box_list)}")
    box = tuple(ctx.expression(v, f"{path}.box[{i}]") for i, v in enumerate(box_list))
    dtype = ctx.get(obj, "dtype", path, str, required=False)
    if dtype is not None and dtype not in TMA_DTYPE:
        ctx.fail(f"{path}.dtype", f"unknown tensor map type {dtype!r} "
                                  f"(known: {', '.join(sorted(TMA_DTYPE))})")

    def option(key, table, default):
        value = ctx.get(obj, key, path, str, required=False, default=default)
        if value not in table:
            ctx.fail(f"{path}.{key}", f"unknown value {value!r} (known: {', '.join(table)})")
        return value

    strides = ctx.get(obj, "element_strides", path, list, required=False,
                      default=[1] * len(box))
    if len(strides) != len(box) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= 8 for s in strides):
        ctx.fail(f"{path}.element_strides",
                 f"expected {len(box)} integers in 1..8, got {strides!r}")
    pass_as = ctx.get(obj, "pass", path, str, required=False, default="pointer")
    if pass_as not in TMA_PASS:
        ctx.fail(f"{path}.pass", f"expected one of {', '.join(TMA_PASS)}, got {pass_as!r}")
    return TensorMapSpec(
        of=of, box=box, dtype=dtype,
        swizzle=option("swizzle", TMA_SWIZZLE, "none"),
        l2_promotion=option("l2_promotion", TMA_L2_PROMOTION, "none"),
        oob_fill=option("oob_fill", TMA_OOB_FILL, "zero"),
        interleave=option("interleave", TMA_INTERLEAVE, "none"),
        element_strides=tuple(strides), pass_as=pass_as)


def _parse_arg(ctx: _Context, obj, path: str) -> ArgSpec:
    if not isinstance(obj, dict):
        ctx.fail(path, f"expected an object, got {obj!r}")
    name = ctx.get(obj, "name", path, str)
    if not _IDENTIFIER.match(name) or name in _RESERVED_NAMES:
        ctx.fail(f"{path}.name", f"{name!r} is not a usable identifier")
    kind = ctx.get(obj, "kind", path, str)
    if kind not in _ARG_KEYS:
        ctx.fail(f"{path}.kind", f"unknown kind {kind!r} (known: {', '.join(_ARG_KEYS)})")
    ctx.keys(obj, _ARG_KEYS[kind], path)
    if kind in SCALAR_KINDS:
        return ArgSpec(name=name, kind=kind)
    if kind == "tensormap":
        return ArgSpec(name=name, kind=kind, tensormap=_parse_tensormap(ctx, obj, path))
    dtype = ctx.get(obj, "dtype", path, str)
    if dtype not in DTYPES:
        ctx.fail(f"{path}.dtype", f"unknown dtype {dtype!r} (known: {', '.join(DTYPES)})")
    shape_list = ctx.get(obj, "shape", path, list)
    shape = tuple(ctx.expression(v, f"{path}.shape[{i}]") for i, v in enumerate(shape_list))
    layout = ctx.get(obj, "layout", path, str, required=False, default="row_major")
    if layout not in _LAYOUTS:
        ctx.fail(f"{path}.layout", f"expected one of {', '.join(_LAYOUTS)}, got {layout!r}")
    valid = None
    if "valid" in obj:
        valid_list = ctx.get(obj, "valid", path, list)
        if len(valid_list) != len(shape):
            ctx.fail(f"{path}.valid", f"has {len(valid_list)} entries for a rank-{len(shape)} shape")
        valid = tuple(ctx.expression(v, f"{path}.valid[{i}]") for i, v in enumerate(valid_list))
    access = ctx.get(obj, "access", path, str, required=False, default=None)
    if access is not None and access not in ACCESSES:
        ctx.fail(f"{path}.access", f"expected one of {', '.join(ACCESSES)}, got {access!r}")
    return ArgSpec(name=name, kind=kind, dtype=dtype, shape=shape, layout=layout, valid=valid,
                   access=access)


def _parse_dims(ctx: _Context, obj, key: str, path: str, default=None):
    value = ctx.get(obj, key, path, list, required=default is None, default=default)
    if len(value) != 3:
        ctx.fail(f"{path}.{key}", f"expected 3 entries (x, y, z), got {len(value)}")
    return tuple(ctx.expression(v, f"{path}.{key}[{i}]") for i, v in enumerate(value))


def _parse_kernel(ctx: _Context, obj, path: str) -> KernelSpec:
    if not isinstance(obj, dict):
        ctx.fail(path, f"expected an object, got {obj!r}")
    ctx.keys(obj, _KERNEL_KEYS, path)
    name = ctx.get(obj, "name", path, str)
    if not _IDENTIFIER.match(name):
        ctx.fail(f"{path}.name", f"{name!r} is not a kernel symbol name")
    cubin = ctx.get(obj, "cubin", path, str)
    normalized = os.path.normpath(cubin)
    if os.path.isabs(cubin) or normalized.startswith(".."):
        ctx.fail(f"{path}.cubin", f"{cubin!r} must be a path inside the export directory")
    op = ctx.get(obj, "op", path, str)
    attrs = ctx.get(obj, "attrs", path, dict, required=False, default={})
    args_list = ctx.get(obj, "args", path, list)
    args = tuple(_parse_arg(ctx, a, f"{path}.args[{i}]") for i, a in enumerate(args_list))

    names = [a.name for a in args]
    for i, n in enumerate(names):
        if n in names[:i]:
            ctx.fail(f"{path}.args[{i}].name", f"duplicate argument name {n!r}")
    integers = {a.name for a in args if a.kind in INTEGER_KINDS}
    pointers = {a.name: a for a in args if a.is_pointer}

    def check_names(e: _expr.Expression, where: str):
        unknown = sorted(n for n in e.names if n not in integers)
        if unknown:
            ctx.fail(where, f"'{e.text}' uses {', '.join(unknown)}, which "
                            f"{'is not an integer argument' if len(unknown) == 1 else 'are not integer arguments'}"
                            f" (integer arguments: {', '.join(sorted(integers)) or 'none'})")

    for i, a in enumerate(args):
        for j, e in enumerate(a.shape):
            check_names(e, f"{path}.args[{i}].shape[{j}]")
        for j, e in enumerate(a.valid or ()):
            check_names(e, f"{path}.args[{i}].valid[{j}]")
        if a.kind == "tensormap":
            target = pointers.get(a.tensormap.of)
            if target is None:
                ctx.fail(f"{path}.args[{i}].of",
                         f"{a.tensormap.of!r} is not a pointer argument of {name}")
            if len(a.tensormap.box) != len(target.shape):
                ctx.fail(f"{path}.args[{i}].box",
                         f"has {len(a.tensormap.box)} entries but {target.name} has rank "
                         f"{len(target.shape)}")
            for j, e in enumerate(a.tensormap.box):
                check_names(e, f"{path}.args[{i}].box[{j}]")

    grid = _parse_dims(ctx, obj, "grid", path)
    block = _parse_dims(ctx, obj, "block", path)
    cluster = _parse_dims(ctx, obj, "cluster", path, default=[1, 1, 1])
    shared = ctx.expression(ctx.get(obj, "shared_bytes", path, (int, str), required=False,
                                    default=0), f"{path}.shared_bytes")
    for key, dims in (("grid", grid), ("block", block), ("cluster", cluster)):
        for j, e in enumerate(dims):
            check_names(e, f"{path}.{key}[{j}]")
    check_names(shared, f"{path}.shared_bytes")
    requires_list = ctx.get(obj, "requires", path, list, required=False, default=[])
    requires = []
    for j, r in enumerate(requires_list):
        if not isinstance(r, str):
            ctx.fail(f"{path}.requires[{j}]", f"expected a condition string, got {r!r}")
        e = ctx.expression(r, f"{path}.requires[{j}]")
        check_names(e, f"{path}.requires[{j}]")
        requires.append(e)
    return KernelSpec(name=name, cubin=cubin, op=op, attrs=attrs, args=args, grid=grid,
                      block=block, cluster=cluster, shared_bytes=shared,
                      requires=tuple(requires), path=path)


def parse_manifest(data: Any, directory: str = "", origin: str = MANIFEST_NAME,
                   check_files: bool = True) -> Manifest:
    """Validates parsed JSON ``data`` as a manifest of ``directory``."""
    ctx = _Context(origin)
    if not isinstance(data, dict):
        ctx.fail("", "the manifest must be a JSON object")
    ctx.keys(data, {"version", "chip", "kernels", "doc"}, "top level")
    version = ctx.get(data, "version", "", int)
    if version != MANIFEST_VERSION:
        ctx.fail("version", f"schema version {version} is not supported "
                            f"(this fp8q.runtime reads version {MANIFEST_VERSION})")
    chip = ctx.get(data, "chip", "", str)
    try:
        parse_chip(chip)
    except ValueError as err:
        ctx.fail("chip", str(err))
    kernels_list = ctx.get(data, "kernels", "", list)
    kernels = tuple(_parse_kernel(ctx, k, f"kernels[{i}]")
                    for i, k in enumerate(kernels_list))
    seen = set()
    for k in kernels:
        if k.name in seen:
            ctx.fail(f"{k.path}.name", f"duplicate kernel name {k.name!r}")
        seen.add(k.name)
        if check_files and not os.path.isfile(os.path.join(directory, k.cubin)):
            ctx.fail(f"{k.path}.cubin", f"{os.path.join(directory, k.cubin)} does not exist")
    return Manifest(version=version, chip=chip, kernels=kernels, directory=directory)


def load_manifest(directory: str, check_files: bool = True) -> Manifest:
    """Reads and validates ``directory/manifest.json`` (no CUDA needed)."""
    directory = os.fspath(directory)
    path = os.path.join(directory, MANIFEST_NAME)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        raise ManifestError(f"{path}: no such file (is {directory} an fp8q export "
                            "directory?)") from None
    except json.JSONDecodeError as err:
        raise ManifestError(f"{path}: invalid JSON: {err}") from None
    return parse_manifest(data, directory, origin=path, check_files=check_files)


def shape_of(arg: ArgSpec, env: Mapping[str, int]) -> Tuple[int, ...]:
    """The concrete shape of a pointer argument for integer arguments ``env``."""
    return tuple(_expr.evaluate_int(e, env, f"shape of {arg.name}") for e in arg.shape)


def valid_of(arg: ArgSpec, env: Mapping[str, int]) -> Tuple[int, ...]:
    """The meaningful leading extents of a pointer argument."""
    if arg.valid is None:
        return shape_of(arg, env)
    return tuple(_expr.evaluate_int(e, env, f"valid extent of {arg.name}") for e in arg.valid)


def dims_of(exprs, env: Mapping[str, int], what: str) -> Tuple[int, ...]:
    return tuple(_expr.evaluate_int(e, env, what) for e in exprs)


def unmet_requirements(kernel: KernelSpec, env: Mapping[str, int]) -> List[str]:
    """The requirement texts of ``kernel`` that ``env`` violates."""
    unmet = []
    for r in kernel.requires:
        value = r.evaluate(env)
        if not isinstance(value, bool):
            raise _expr.ExpressionError(f"requirement '{r.text}' is not a condition")
        if not value:
            unmet.append(r.text)
    return unmet
