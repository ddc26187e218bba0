#!/usr/bin/env python3
"""Exports the GEMM kernel that convert-fp8q-to-gpu picks for each static shape.

The kernel libraries (bench/gemm_kernels.mlir) fix one tiling, 128 x 128,
because their kernels serve any shape. A model graph compiled with fp8-opt
has static shapes, and the pass picks the tiling per GEMM from them
(hopper::chooseGemmTile, docs/GPU.md "Tile choice"). This tool shows what
such a user gets: it writes one function per shape (A [M, K] with 1x128
scales, B [N, K] with 128x128 blocks, bf16 out), compiles it with the
default tiling options and ``export-dir``, reads which kernel each function
launches, and writes ``plan.json`` ({"MxNxK": kernel name}) beside the
manifest; ``bench_gemm --kernel plan`` then times each shape with its kernel.
Runs where fp8-opt is (the GPU machine has none).

  python -m fp8q.bench.tile_plan --fp8-opt build/bin/fp8-opt \\
      --export-dir build/bench/gemm_plan --shapes perf,64x7168x2048,...
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from typing import Dict, List, Tuple

from fp8q.device import check_gemm

#: The conversion and pipeline options; the tiling ones are left at 0 (chosen
#: per shape).
OPTIONS = "gemm=wgmma memory-model=unified"
PLAN = "plan.json"


def shape_key(shape: Tuple[int, int, int]) -> str:
    return "x".join(map(str, shape))


def module_text(shapes: List[Tuple[int, int, int]]) -> str:
    funcs = []
    for m, n, k in shapes:
        a, sa = f"tensor<{m}x{k}xf8E4M3FN>", f"tensor<{m}x{k // 128}xf32>"
        b, sb = f"tensor<{n}x{k}xf8E4M3FN>", f"tensor<{-(-n // 128)}x{k // 128}xf32>"
        out = f"tensor<{m}x{n}xbf16>"
        funcs.append(
            f"func.func @gemm_{shape_key((m, n, k))}(%a: {a}, %sa: {sa}, %b: {b}, "
            f"%sb: {sb}, %y0: {out}) -> {out} {{\n"
            f"  %y = fp8q.scaled_matmul %a, %sa, %b, %sb outs(%y0) : "
            f"{a}, {sa}, {b}, {sb} -> {out}\n"
            f"  return %y : {out}\n}}\n")
    return "\n".join(funcs)


def launched_kernels(converted: str) -> Dict[str, str]:
    """{"MxNxK": kernel} from the output of --convert-fp8q-to-gpu."""
    plan, current = {}, None
    for line in converted.splitlines():
        func = re.search(r"func\.func @gemm_(\d+x\d+x\d+)\(", line)
        if func:
            current = func.group(1)
        launch = re.search(r"gpu\.launch_func\s.*?@(\w+)::@", line)
        if launch and current:
            plan[current] = launch.group(1)
    return plan


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fp8-opt", default="build/bin/fp8-opt")
    parser.add_argument("--export-dir", required=True)
    parser.add_argument("--shapes", default="perf",
                        help="perf (PERF.md's rows) and/or MxNxK, comma separated")
    parser.add_argument("--options", default="",
                        help="more convert-fp8q-to-gpu options, space separated "
                             "(e.g. gemm-tma-store=1)")
    args = parser.parse_args(argv)
    options = f"{OPTIONS} {args.options}".strip()
    shapes: List[Tuple[int, int, int]] = []
    for token in args.shapes.split(","):
        shapes += check_gemm.PERF_SHAPES if token == "perf" else [
            tuple(int(v) for v in token.split("x"))]
    bad = [s for s in shapes if len(s) != 3 or min(s) <= 0 or s[2] % 128]
    if bad:
        print(f"tile_plan: shapes must be MxNxK with K % 128 == 0: {bad}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "plan.mlir")
        with open(source, "w") as f:
            f.write(module_text(shapes))
        run = lambda *extra: subprocess.run(  # noqa: E731
            [args.fp8_opt, source, *extra], check=True, capture_output=True, text=True)
        try:
            converted = run(f"--convert-fp8q-to-gpu={options}").stdout
            run(f"--fp8q-gpu-pipeline={options} export-dir={args.export_dir}",
                "-o", os.devnull)
        except subprocess.CalledProcessError as error:
            print(f"tile_plan: {' '.join(error.cmd)} failed:\n{error.stderr}", file=sys.stderr)
            return 1
    plan = launched_kernels(converted)
    missing = [shape_key(s) for s in shapes if shape_key(s) not in plan]
    if missing:
        print(f"tile_plan: no kernel launch found for {missing}", file=sys.stderr)
        return 1
    with open(os.path.join(args.export_dir, PLAN), "w") as f:
        json.dump(plan, f, indent=1)
    for key, kernel in plan.items():
        print(f"{key}: {kernel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
