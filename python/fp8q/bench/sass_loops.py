#!/usr/bin/env python3
"""Counts the SASS instructions of the GEMM kernels' K loops.

A static measure to set beside the timings: for each kernel of the given
cubins (files, or directories of an export), the loops whose body holds a
wgmma (`HGMMA`/`QGMMA`: a backward branch and the instructions from its
target to it), smallest first, with their instruction count, wgmma count,
the promotion's FFMA/FMUL, the uniform-datapath instructions (`U...`) and the
rest per wgmma. The smallest are the K loops: in the 128-row kernels the
loop of single blocks (an odd last K block), then the pair loop; in the
256-row ones the loop of K blocks. Larger ones also hold a tile's prologue
or epilogue. docs/GPU.md ("Descriptors in the K loop") quotes the pair
loop's numbers.

  python -m fp8q.bench.sass_loops build/bench/gemm_kernels
  python -m fp8q.bench.sass_loops --cuobjdump /path/to/cuobjdump a.cubin

`cuobjdump` comes with the CUDA toolkit's full install, or from PyPI
(`pip install nvidia-cuda-cuobjdump`, which puts it under
`nvidia/cu13/bin` of site-packages); found on PATH or there unless
`--cuobjdump` names it.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from typing import Dict, List, Optional, Sequence, Tuple

#: An instruction line of `cuobjdump -sass`: /*0a30*/  OPCODE ... ;
_INSTRUCTION = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
#: A kernel's header line.
_FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
#: A branch and its target address.
_BRANCH = re.compile(r"\bBRA(?:\.[A-Z0-9_.]+)?\s+(0x[0-9a-f]+)")
#: A predicate guard (@P0, @!UP1, @PT).
_GUARD = re.compile(r"^@!?U?P[T0-9]+\s+")


@dataclasses.dataclass
class Loop:
    """A loop holding a wgmma: its body's instruction counts."""
    start: int
    end: int
    instructions: int
    wgmma: int
    ffma: int
    fmul: int
    uniform: int

    @property
    def other(self) -> int:
        """Instructions besides the promotion's FFMA and FMUL."""
        return self.instructions - self.ffma - self.fmul


def opcode(text: str) -> str:
    """The opcode of an instruction without guard and modifiers."""
    return _GUARD.sub("", text).split()[0].split(".")[0]


def parse_sass(text: str) -> Dict[str, List[Tuple[int, str]]]:
    """Kernel name -> [(address, instruction)] of `cuobjdump -sass` output."""
    kernels: Dict[str, List[Tuple[int, str]]] = {}
    current: Optional[List[Tuple[int, str]]] = None
    for line in text.splitlines():
        header = _FUNCTION.match(line)
        if header:
            current = kernels.setdefault(header.group(1), [])
            continue
        instruction = _INSTRUCTION.match(line)
        if instruction and current is not None:
            current.append((int(instruction.group(1), 16),
                            instruction.group(2)))
    return kernels


def wgmma_loops(instructions: Sequence[Tuple[int, str]]) -> List[Loop]:
    """The loops of one kernel whose body holds a wgmma, smallest first."""
    index = {address: i for i, (address, _) in enumerate(instructions)}
    loops = []
    for i, (address, text) in enumerate(instructions):
        branch = _BRANCH.search(text)
        if not branch:
            continue
        target = int(branch.group(1), 16)
        if target > address or target not in index:
            continue
        body = [opcode(t) for _, t in instructions[index[target]:i + 1]]
        counts = collections.Counter(body)
        wgmma = counts["HGMMA"] + counts["QGMMA"]
        if not wgmma:
            continue
        loops.append(Loop(target, address, len(body), wgmma, counts["FFMA"],
                          counts["FMUL"],
                          sum(n for op, n in counts.items()
                              if op.startswith("U"))))
    return sorted(loops, key=lambda loop: (loop.instructions, loop.start))


def find_cuobjdump(explicit: Optional[str]) -> str:
    """The cuobjdump to run: `explicit`, PATH, or the PyPI package's."""
    if explicit:
        if not os.access(explicit, os.X_OK):
            raise FileNotFoundError(f"--cuobjdump {explicit}: not an "
                                    "executable file")
        return explicit
    found = shutil.which("cuobjdump")
    if found:
        return found
    # NOTE: the PyPI package's releases are 13.2.51-13.5.37; the first and
    # the last (checked) install it as nvidia/cu13/bin/cuobjdump.
    for path in sorted(glob.glob(os.path.join(
            sysconfig.get_paths()["purelib"], "nvidia/cu*/bin/cuobjdump"))):
        if os.access(path, os.X_OK):
            return path
    raise FileNotFoundError(
        "cuobjdump not found on PATH nor in this Python's site-packages: "
        "install the CUDA toolkit's, or `pip install nvidia-cuda-cuobjdump`, "
        "or pass --cuobjdump")


def cubins(paths: Sequence[str]) -> List[str]:
    """The cubins named or inside the named directories, sorted."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            found += sorted(glob.glob(os.path.join(path, "*.cubin")))
        elif os.path.isfile(path):
            found.append(path)
        else:
            raise FileNotFoundError(f"{path}: no such file or directory")
    if not found:
        raise FileNotFoundError("no .cubin among " + ", ".join(paths))
    return found


def report(path: str, cuobjdump: str, loops: int) -> List[str]:
    """Report lines for the kernels of one cubin."""
    result = subprocess.run([cuobjdump, "-sass", path], capture_output=True,
                            text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{cuobjdump} -sass {path} failed: "
                           f"{result.stderr.strip()}")
    lines = []
    for name, instructions in parse_sass(result.stdout).items():
        found = wgmma_loops(instructions)
        lines.append(f"{name}: {len(instructions)} instructions, "
                     f"{len(found)} wgmma loops")
        for loop in found[:loops]:
            lines.append(
                f"  loop 0x{loop.start:x}-0x{loop.end:x}: "
                f"{loop.instructions} instructions, {loop.wgmma} wgmma, "
                f"{loop.ffma} FFMA, {loop.fmul} FMUL, {loop.uniform} uniform, "
                f"{loop.other} other ({loop.other / loop.wgmma:.1f} per wgmma)")
    return lines


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+",
                        help="cubins, or directories of an export")
    parser.add_argument("--cuobjdump", help="the cuobjdump to run")
    parser.add_argument("--loops", type=int, default=2,
                        help="loops shown per kernel, smallest first "
                        "(default 2)")
    args = parser.parse_args(argv)
    if args.loops < 1:
        parser.error("--loops must be at least 1")
    try:
        tool = find_cuobjdump(args.cuobjdump)
        for path in cubins(args.paths):
            print(os.path.basename(path))
            for line in report(path, tool, args.loops):
                print("  " + line)
    except (FileNotFoundError, RuntimeError) as error:
        print(f"sass_loops: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
