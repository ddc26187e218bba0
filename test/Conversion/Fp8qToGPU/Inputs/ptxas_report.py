"""Assembles every .ptx of a directory with `ptxas -arch=<chip> -v` and prints
one line per kernel: registers, stack frame, spill stores and loads, static
shared memory, e.g.

    fp8q_quantize_1x128_bf16_fp32: 64 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 0 bytes static smem

then one line per performance advisory ptxas gives (e.g. C7514: every wgmma
of the kernel serialized because an instruction reads an accumulator before
its wgmma.wait_group), so that tests can require there be none:

    fp8q_...: ptxas advisory C7514: wgmma.mma_async instructions are serialized due to ...

Usage: ptxas_report.py PTXAS DIR [CHIP]
"""

import os
import re
import subprocess
import sys


def main():
    ptxas, directory = sys.argv[1], sys.argv[2]
    chip = sys.argv[3] if len(sys.argv) > 3 else "sm_90a"
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".ptx"):
            continue
        log = subprocess.run(
            [ptxas, f"-arch={chip}", "-v", os.path.join(directory, name),
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
