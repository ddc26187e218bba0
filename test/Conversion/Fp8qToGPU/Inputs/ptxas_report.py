"""Assembles every .ptx of a directory with `ptxas -arch=<chip> -v` and prints
one line per kernel: registers, stack frame, spill stores and loads, static
shared memory, e.g.

    fp8q_quantize_1x128_bf16_fp32: 64 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 0 bytes static smem

then one line per performance advisory ptxas gives (e.g. C7514: every wgmma
of the kernel serialized because an instruction reads an accumulator before
its wgmma.wait_group), so that tests can require there be none:

    fp8q_...: ptxas advisory C7514: wgmma.mma_async instructions are serialized due to ...

Each PTX is assembled as the export assembled it: -O3 and the options its
kernel lists in the directory's manifest.json (`x-ptxas-options`).

Usage: ptxas_report.py PTXAS DIR [CHIP]
"""

import json
import os
import re
import subprocess
import sys


def ptxas_options(directory):
    """Kernel name -> its extra ptxas options, from DIR/manifest.json (an
    export always writes one: without it the PTX would be assembled with
    other options than the cubin that ships)."""
    path = os.path.join(directory, "manifest.json")
    if not os.path.exists(path):
        sys.exit(f"ptxas_report.py: {path} not found (DIR must be an export)")
    with open(path) as f:
        manifest = json.load(f)
    return {kernel["name"]: kernel.get("x-ptxas-options", [])
            for kernel in manifest.get("kernels", [])}


def main():
    ptxas, directory = sys.argv[1], sys.argv[2]
    chip = sys.argv[3] if len(sys.argv) > 3 else "sm_90a"
    options = ptxas_options(directory)
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".ptx"):
            continue
        log = subprocess.run(
            [ptxas, f"-arch={chip}", "--opt-level", "3", "-v",
             *options.get(name[:-4], []), os.path.join(directory, name),
             "-o", os.devnull],
            check=True, capture_output=True, text=True).stderr
        registers = re.search(r"Used (\d+) registers", log).group(1)
        frame = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                          r"(\d+) bytes spill loads", log)
        smem = re.search(r"(\d+) bytes smem", log)
        print(f"{name[:-4]}: {registers} registers, {frame.group(1)} bytes stack "
              f"frame, {frame.group(2)} bytes spill stores, {frame.group(3)} "
              f"bytes spill loads, {smem.group(1) if smem else 0} bytes static "
              f"smem")
        for code, text in re.findall(
                r"\((C\d{4})\) Potential Performance Loss: (.*)", log):
            print(f"{name[:-4]}: ptxas advisory {code}: {text.strip()}")


if __name__ == "__main__":
    main()
