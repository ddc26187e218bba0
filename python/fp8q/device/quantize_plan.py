"""What check_quantize.py and bench_quantize.py do with an export's kernels.

Reads the ``op`` and ``attrs`` of each manifest kernel (schema in
python/fp8q/README_runtime.md) and turns them into a :class:`Plan`: which
argument is the input, which arguments receive which quantization, and how
python/fp8q/reference.py computes the expected result. Pure numpy; no CUDA.

Conventions (the compiler's export follows them):

* ``op == "fp8q.quantize"``: input argument ``source`` (bf16/f16/f32
  [M, K]); outputs ``q`` (f8e4m3fn) and ``scale`` (f32) quantized with
  ``attrs`` ``tile``, ``scale_mode`` ("fp32"), ``eps`` (1e-4), ``transpose``
  (false), optional ``scale_layout`` ("k_major", or "mn_major" whose scale
  argument must be ``"layout": "transposed"``); or, for a fused kernel, ``attrs.outputs``: a
  list of ``{"q": name, "scale": name, "tile", "scale_mode", "eps",
  "transpose", "scale_layout"}``.
* ``op == "fp8q.tile_transpose"``: inputs ``q``/``scale`` (1xG tiles of
  [M, K]); outputs ``q_t``/``scale_t``; ``attrs`` ``group`` (128),
  ``scale_mode``, ``eps``.
* ``op == "fp8q.block_transpose"``: inputs ``q``/``scale`` (GxG blocks of
  [M, K]); outputs ``q_t``/``scale_t`` (their exact transpose); ``attrs``
  ``group`` (128).
* An output argument with ``"layout": "transposed"`` holds the transpose of
  the reference's array; ``"valid"`` limits the comparison to a leading
  block of a padded array.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np

from fp8q import reference as ref  # noqa: E402
from fp8q.manifest import (DTYPES, MAX_GRID, MAX_THREADS_PER_BLOCK, KernelSpec,  # noqa: E402
                           dims_of, shape_of, unmet_requirements, valid_of)

#: Ops the scripts know.
QUANTIZE_OP = "fp8q.quantize"
TILE_TRANSPOSE_OP = "fp8q.tile_transpose"
BLOCK_TRANSPOSE_OP = "fp8q.block_transpose"
SOURCE_DTYPES = ("bf16", "f16", "f32")
CODE_DTYPES = ("f8e4m3fn", "u8")


class PlanError(ValueError):
    """A kernel whose manifest entry the scripts cannot interpret."""


@dataclass(frozen=True)
class Quantization:
    """One (codes, scales) output pair and the reference call producing it."""

    q: str
    scale: str
    tile: Tuple[int, int]
    scale_mode: str
    eps: float
    transpose: bool

    def label(self) -> str:
        return f"{self.tile[0]}x{self.tile[1]}{'-T' if self.transpose else ''}"


@dataclass(frozen=True)
class Plan:
    """How to feed and check one kernel.

    Attributes:
      kernel: its manifest entry.
      kind: "quantize", "tile_transpose" or "block_transpose".
      inputs: input argument names (source; or q, scale).
      outputs: the quantizations the kernel writes.
      group, scale_mode, eps: tile_transpose parameters (block_transpose:
        group, and the scale mode and eps its GxG inputs are made with).
      source_dtype: dtype of the quantize input.
      variant: short label for tables ("1x128", "128x1-T", "fused", ...).
    """

    kernel: KernelSpec
    kind: str
    inputs: Tuple[str, ...]
    outputs: Tuple[Quantization, ...]
    group: int = 128
    scale_mode: str = "fp32"
    eps: float = 1e-4
    source_dtype: str = "bf16"

    @property
    def variant(self) -> str:
        if self.kind == "tile_transpose":
            return f"tile-transpose-{self.group}"
        if self.kind == "block_transpose":
            return f"block-transpose-{self.group}"
        if len(self.outputs) > 1:
            return "fused(" + "+".join(o.label() for o in self.outputs) + ")"
        o = self.outputs[0]
        return o.label() + ("-pow2" if o.scale_mode == "pow2" else "")


#: attrs.scale_layout -> the layout its scale argument must declare.
SCALE_LAYOUTS = {"k_major": "row_major", "mn_major": "transposed"}


def _tile(value, where: str) -> Tuple[int, int]:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and
            all(isinstance(v, int) and v > 0 for v in value)):
        raise PlanError(f"{where}: tile must be [rows, cols] of positive integers, got {value!r}")
    return int(value[0]), int(value[1])


def _mode(value, where: str) -> str:
    if value not in ("fp32", "pow2"):
        raise PlanError(f"{where}: scale_mode must be fp32 or pow2, got {value!r}")
    return value


def _check_arg(kernel: KernelSpec, name: str, dtypes, where: str):
    try:
        arg = kernel.arg(name)
    except KeyError:
        raise PlanError(f"{where}: kernel {kernel.name} has no argument {name!r}") from None
    if not arg.is_pointer or arg.dtype not in dtypes or len(arg.shape) != 2:
        raise PlanError(f"{where}: argument {name} must be a 2-D pointer of "
                        f"{'/'.join(dtypes)}, got {arg.kind} {arg.dtype} rank {len(arg.shape)}")
    return arg


def plan_for(kernel: KernelSpec) -> Optional[Plan]:
    """The plan of a quantize/tile_transpose/block_transpose kernel; None
    for other ops."""
    attrs = kernel.attrs
    where = f"kernel {kernel.name}"
    if kernel.op == QUANTIZE_OP:
        source = _check_arg(kernel, "source", SOURCE_DTYPES, where)
        if "outputs" in attrs:
            specs = attrs["outputs"]
            if not isinstance(specs, list) or not specs:
                raise PlanError(f"{where}: attrs.outputs must be a non-empty list")
        else:
            specs = [dict(attrs, q="q", scale="scale")]
        outputs = []
        for i, spec in enumerate(specs):
            w = f"{where} output {i}"
            if not isinstance(spec, dict):
                raise PlanError(f"{w}: expected an object")
            q = _check_arg(kernel, spec.get("q", ""), CODE_DTYPES, w).name
            scale_arg = _check_arg(kernel, spec.get("scale", ""), ("f32",), w)
            scale = scale_arg.name
            # mn_major scales are the tile grid transposed: where the attrs
            # name the layout (fp8q's export does), the argument must agree,
            # since the checks compare through the argument's layout.
            layout = spec.get("scale_layout")
            if layout is not None and layout not in SCALE_LAYOUTS:
                raise PlanError(f"{w}: scale_layout must be k_major or mn_major, got {layout!r}")
            if layout is not None and scale_arg.layout != SCALE_LAYOUTS[layout]:
                raise PlanError(f"{w}: scale_layout {layout} needs argument {scale} with layout "
                                f"{SCALE_LAYOUTS[layout]!r}, got {scale_arg.layout!r}")
            outputs.append(Quantization(
                q=q, scale=scale, tile=_tile(spec.get("tile"), w),
                scale_mode=_mode(spec.get("scale_mode", "fp32"), w),
                eps=float(spec.get("eps", 1e-4)), transpose=bool(spec.get("transpose", False))))
        declared = attrs.get("source_dtype", source.dtype)
        if declared != source.dtype:
            raise PlanError(f"{where}: attrs.source_dtype {declared} differs from the "
                            f"source argument's dtype {source.dtype}")
        return Plan(kernel=kernel, kind="quantize", inputs=("source",), outputs=tuple(outputs),
                    source_dtype=source.dtype)
    if kernel.op == TILE_TRANSPOSE_OP:
        for name, dtypes in (("q", CODE_DTYPES), ("scale", ("f32",)), ("q_t", CODE_DTYPES),
                             ("scale_t", ("f32",))):
            _check_arg(kernel, name, dtypes, where)
        group = attrs.get("group", 128)
        if not isinstance(group, int) or group < 1:
            raise PlanError(f"{where}: attrs.group must be a positive integer")
        mode = _mode(attrs.get("scale_mode", "fp32"), where)
        eps = float(attrs.get("eps", 1e-4))
        out = Quantization(q="q_t", scale="scale_t", tile=(1, group), scale_mode=mode, eps=eps,
                           transpose=False)
        return Plan(kernel=kernel, kind="tile_transpose", inputs=("q", "scale"), outputs=(out,),
                    group=group, scale_mode=mode, eps=eps)
    if kernel.op == BLOCK_TRANSPOSE_OP:
        for name, dtypes in (("q", CODE_DTYPES), ("scale", ("f32",)), ("q_t", CODE_DTYPES),
                             ("scale_t", ("f32",))):
            _check_arg(kernel, name, dtypes, where)
        group = attrs.get("group", 128)
        if not isinstance(group, int) or group < 1:
            raise PlanError(f"{where}: attrs.group must be a positive integer")
        out = Quantization(q="q_t", scale="scale_t", tile=(group, group), scale_mode="fp32",
                           eps=1e-4, transpose=True)
        return Plan(kernel=kernel, kind="block_transpose", inputs=("q", "scale"), outputs=(out,),
                    group=group)
    return None


# ---------------------------------------------------------------------------
# Inputs and references
# ---------------------------------------------------------------------------


def to_source_bits(values: np.ndarray, dtype: str) -> Tuple[np.ndarray, np.ndarray]:
    """Rounds f32 values to the source dtype: (device array, exact f32 values)."""
    values = np.asarray(values, dtype=np.float32)
    if dtype == "bf16":
        bits = ref.f32_to_bf16_bits(values)
        return bits, ref.bf16_bits_to_f32(bits)
    if dtype == "f16":
        with np.errstate(over="ignore"):
            half = values.astype(np.float16)
        return half, half.astype(np.float32)
    return values, values


def reference_outputs(plan: Plan, inputs: Dict[str, np.ndarray]) -> Dict[str, np.ndarray]:
    """Expected outputs by argument name (in the reference's layout).

    ``inputs``: for quantize, {"source": f32 values}; for tile_transpose and
    block_transpose, {"q": uint8 codes, "scale": f32}.
    """
    out = {}
    if plan.kind == "block_transpose":
        out["q_t"], out["scale_t"] = ref.block_transpose(inputs["q"], inputs["scale"],
                                                         plan.group)
        return out
    if plan.kind == "tile_transpose":
        q_t, s_t = ref.tile_transpose(inputs["q"], inputs["scale"], plan.group,
                                      plan.scale_mode, plan.eps)
        out["q_t"], out["scale_t"] = q_t, s_t
        return out
    for o in plan.outputs:
        codes, scales = ref.quantize(inputs["source"], o.tile, o.scale_mode, o.eps, o.transpose)
        out[o.q], out[o.scale] = codes, scales
    return out


def expected_layout(plan: Plan, name: str, array: np.ndarray) -> np.ndarray:
    """The reference array as the argument stores it (layout "transposed")."""
    arg = plan.kernel.arg(name)
    return np.ascontiguousarray(array.T) if arg.layout == "transposed" else array


def check_shapes(plan: Plan, env: Dict[str, int], expected: Dict[str, np.ndarray]) -> List[str]:
    """Contradictions between manifest shapes and the reference's shapes."""
    problems = []
    for name, array in expected.items():
        arg = plan.kernel.arg(name)
        want = expected_layout(plan, name, array).shape
        valid = valid_of(arg, env)
        shape = shape_of(arg, env)
        if tuple(valid) != tuple(want):
            problems.append(f"{name}: the manifest gives {'valid extents' if arg.valid else 'shape'}"
                            f" {list(valid)}, the reference {list(want)}")
        elif any(v > s for v, s in zip(valid, shape)):
            problems.append(f"{name}: valid extents {list(valid)} exceed the shape {list(shape)}")
    return problems


def requirements_met(plan: Plan, env: Dict[str, int]) -> List[str]:
    return unmet_requirements(plan.kernel, env)


def launch_dims(plan: Plan, env: Dict[str, int]):
    k = plan.kernel
    return dims_of(k.grid, env, "grid"), dims_of(k.block, env, "block")


def launch_problems(plan: Plan, env: Dict[str, int]) -> List[str]:
    """Launch shapes that the GPU would refuse (checked without a GPU)."""
    k = plan.kernel
    grid, block = launch_dims(plan, env)
    cluster = dims_of(k.cluster, env, "cluster")
    problems = []
    for axis, (g, limit) in enumerate(zip(grid, MAX_GRID)):
        if not 0 <= g <= limit:
            problems.append(f"grid[{axis}] = {g} is outside 0..{limit}")
    if min(block) < 1 or block[0] * block[1] * block[2] > MAX_THREADS_PER_BLOCK:
        problems.append(f"block {list(block)} must have 1..{MAX_THREADS_PER_BLOCK} threads")
    if min(cluster) < 1 or any(g % c for g, c in zip(grid, cluster)):
        problems.append(f"grid {list(grid)} is not a multiple of cluster {list(cluster)}")
    return problems


# Byte counts for bandwidth tables.


def bytes_moved(plan: Plan, m: int, k: int) -> int:
    """Bytes a kernel must read and write at least: its inputs and outputs."""
    env = {"M": m, "K": k}
    total = 0
    for arg in plan.kernel.pointer_args:
        count = int(np.prod(valid_of(arg, env), dtype=np.int64))
        total += count * DTYPES[arg.dtype].itemsize
    return total


def print_table(headers, table) -> None:
    """Prints `table` (rows of strings) under `headers`, columns left-aligned
    to their widest cell, with a rule under the header line."""
    widths = [max(len(h), *(len(t[i]) for t in table)) if table else len(h)
              for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths))
    print(line)
    print("-" * len(line))
    for t in table:
        print("  ".join(v.ljust(w) for v, w in zip(t, widths)))
