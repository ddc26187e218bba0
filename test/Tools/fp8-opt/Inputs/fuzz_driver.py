#!/usr/bin/env python3
"""Feeds fp8-opt many broken inputs and checks it never crashes or hangs.

Inputs: the valid fp8q test files given on the command line, mutated by
truncation, byte flips, token deletion/duplication, number substitution
(zero, negative, huge, non-power-of-two extents), type swaps and random
binary junk. Every run must end with exit code 0 or 1 within the timeout
and without an LLVM crash banner. Deterministic: the seed is fixed.
"""

import argparse
import random
import re
import subprocess
import sys

CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump", "Assertion",
                 "LLVM ERROR", "UNREACHABLE")
NUMBERS = ["0", "-1", "1", "3", "96", "127", "129", "4611686018427387904",
           "9223372036854775807", "99999999999999999999", "?"]
TYPES = ["f32", "bf16", "f16", "i8", "f8E5M2", "f8E4M3FN", "f64", "index"]


def mutate(text: str, rng: random.Random) -> bytes:
    kind = rng.randrange(7)
    if kind == 0:  # truncate
        return text[: rng.randrange(len(text))].encode()
    if kind == 1:  # flip bytes
        data = bytearray(text.encode())
        for _ in range(rng.randrange(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 2:  # replace a number
        spans = [m.span() for m in re.finditer(r"\d+", text)]
        a, b = rng.choice(spans)
        return (text[:a] + rng.choice(NUMBERS) + text[b:]).encode()
    if kind == 3:  # swap an element type
        spans = [m.span() for m in re.finditer(
            r"f32|bf16|f16|f8E4M3FN", text)]
        a, b = rng.choice(spans)
        return (text[:a] + rng.choice(TYPES) + text[b:]).encode()
    if kind == 4:  # delete a token
        spans = [m.span() for m in re.finditer(r"[^\s]+", text)]
        a, b = rng.choice(spans)
        return (text[:a] + text[b:]).encode()
    if kind == 5:  # duplicate a line
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "".join(lines).encode()
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fp8-opt", required=True)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    # Drop RUN/CHECK comments so mutations hit IR, and split at `// -----`.
    corpus = []
    for path in args.inputs:
        with open(path) as f:
            text = re.sub(r"//.*", "", f.read())
        corpus += [c for c in re.split(r"\n\s*\n", text) if "fp8q" in c]
    passes = [[], ["-canonicalize"], ["--mlir-print-op-generic"]]
    failures = outcomes = 0
    counts = {0: 0, 1: 0}
    for i in range(args.runs):
        data = mutate(rng.choice(corpus), rng)
        cmd = [args.fp8_opt, "-", "-o", "/dev/null"] + rng.choice(passes)
        try:
            proc = subprocess.run(cmd, input=data, capture_output=True,
                                  timeout=20)
        except subprocess.TimeoutExpired:
            print(f"HANG on run {i}: {cmd}\n{data!r}")
            failures += 1
            continue
        err = proc.stderr.decode(errors="replace")
        crashed = proc.returncode not in (0, 1) or any(
            m in err for m in CRASH_MARKERS)
        if not crashed and proc.returncode == 1 and "error" not in err:
            crashed = True  # a failure must come with a diagnostic
        if crashed:
            failures += 1
            print(f"CRASH (exit {proc.returncode}) on run {i}: {cmd}\n"
                  f"input: {data!r}\nstderr:\n{err}")
        else:
            counts[proc.returncode] += 1
        outcomes += 1
    print(f"fuzz: {args.runs} runs, {counts[0]} accepted, {counts[1]} "
          f"rejected with a diagnostic, {failures} crashes or hangs")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
