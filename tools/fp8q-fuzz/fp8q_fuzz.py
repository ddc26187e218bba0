#!/usr/bin/env python3
"""fp8q-fuzz: mutation fuzzing of fp8-opt (parser, verifier and passes).

Takes valid fp8q IR (the seed corpus next to this script, or the files and
directories given), mutates it and runs ``fp8-opt`` with one of several pass
sets (parse and verify only, canonicalize, --fp8q-quantize-model, the
reference lowering, the CPU pipeline, convert-fp8q-to-gpu and the GPU
pipeline with PTX kernels). Every run must end within the timeout with exit
code 0, or 1 with an ``error:`` diagnostic; a signal, an LLVM crash banner, an
AddressSanitizer/UndefinedBehaviorSanitizer report, a hang or a failure
without a diagnostic is a finding. Findings are printed (and, with --save,
written as ``finding-N.mlir`` plus the command) and make the exit code 1.

Mutations: structure-aware ones (tensor extents to 0, 1, ?, odd or huge
values; tile attributes; eps, group_size, promotion_interval; transpose and
scale layouts; element types; lines spliced between seeds) and blind ones
(truncation, byte flips, token deletion, line duplication, number
substitution, binary junk), one to three per run. Deterministic for a seed.

    tools/fp8q-fuzz/fp8q_fuzz.py --fp8-opt build/bin/fp8-opt --runs 500
    tools/fp8q-fuzz/fp8q_fuzz.py --fp8-opt build-asan/bin/fp8-opt --max-seconds 120

Ends with ``fuzz: N runs, A accepted, R rejected with a diagnostic, F crashes
or hangs`` (the line the lit tests check).
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time
from typing import List, Optional, Tuple

#: stderr text that marks a crash even when the exit code is 0 or 1 (the
#: sanitizers exit with the code their *_OPTIONS give; see SANITIZER_ENV).
CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump", "Assertion",
                 "LLVM ERROR", "UNREACHABLE", "ERROR: AddressSanitizer",
                 "ERROR: LeakSanitizer", "runtime error:",
                 "UndefinedBehaviorSanitizer")
#: Sanitizer settings for the runs unless the environment sets them: stop at
#: the first report with a distinctive exit code. Leaks are not checked:
#: libMLIR.so (not instrumented) keeps its singletons until exit; nor is
#: user poisoning, which LLVM's allocators do only in the instrumented copies
#: of their inline code (see scripts/test-sanitizers.sh).
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=0:allow_user_poisoning=0:exitcode=86",
    "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1:exitcode=87",
}
#: fp8-opt flag sets; each run picks one.
DEFAULT_PASS_SETS = [
    [],
    ["-canonicalize"],
    ["--fp8q-quantize-model"],
    ["--convert-fp8q-to-linalg"],
    ["--fp8q-cpu-pipeline"],
    ["--convert-fp8q-to-gpu"],
    ["--fp8q-gpu-pipeline=format=isa"],
    ["--fp8q-gpu-pipeline=format=isa gemm=wgmma"],
]
NUMBERS = ["0", "-1", "1", "3", "96", "127", "128", "129", "256", "65536",
           "2147483648", "4611686018427387904", "9223372036854775807",
           "99999999999999999999", "?"]
EXTENTS = ["0", "1", "?", "3", "127", "129", "4096", "65537",
           "4611686018427387904"]
TYPES = ["f32", "bf16", "f16", "i8", "i32", "f8E5M2", "f8E4M3FN", "f64",
         "index"]
TILES = ["1x128", "128x1", "128x128", "1x64", "64x64", "1x1", "2x256",
         "1x3", "0x128", "128"]
EPS = ["0.0", "-1.0", "1.0e-45", "1.0e+38", "0x7F800000", "0x7FC00000",
       "1.0e-30"]
#: Relative frequency of each mutation of mutate_once, in order.
MUTATION_WEIGHTS = [4, 2, 3, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1]
ATTR_VALUES = {
    "group_size": ["0", "1", "64", "96", "256", "-128", "9223372036854775807"],
    "promotion_interval": ["0", "1", "32", "256", "100", "-4"],
}


def load_cases(paths: List[str]) -> List[str]:
    """Test cases from files and directories: split at `// -----`, with the
    comments (RUN/CHECK lines) removed so that mutations hit IR."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, f) for f in os.listdir(path)
                            if f.endswith(".mlir"))
        else:
            files.append(path)
    cases = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for case in re.split(r"^// -----.*$", text, flags=re.M):
            case = re.sub(r"//.*", "", case).strip()
            if case:
                cases.append(case + "\n")
    return cases


def _replace_span(text: str, spans: List[Tuple[int, int]], rng: random.Random,
                  values: List[str]) -> Optional[str]:
    if not spans:
        return None
    a, b = rng.choice(spans)
    return text[:a] + rng.choice(values) + text[b:]


def _spans(pattern: str, text: str, group: int = 0) -> List[Tuple[int, int]]:
    return [m.span(group) for m in re.finditer(pattern, text)]


def mutate_once(text: str, cases: List[str], rng: random.Random) -> str:
    """One mutation of `text` (unchanged if the chosen one does not apply)."""
    # The structure-aware mutations (0-7) keep more inputs parsable, so that
    # they reach the verifier and the passes; the blind ones mostly test the
    # parser.
    kind = rng.choices(range(13), weights=MUTATION_WEIGHTS)[0]
    out: Optional[str] = None
    if kind == 0:  # a tensor extent
        dims = [m.span() for m in re.finditer(r"(?<=[<x])(\d+|\?)(?=x)", text)]
        out = _replace_span(text, dims, rng, EXTENTS)
    elif kind == 1:  # add or drop a dimension
        spans = _spans(r"tensor<", text)
        if spans:
            a, b = rng.choice(spans)
            if rng.randrange(2):
                out = text[:b] + rng.choice(["1x", "2x", "?x"]) + text[b:]
            else:
                out = text[:b] + re.sub(r"^(\d+|\?)x", "", text[b:], count=1)
    elif kind == 2:  # a tile attribute
        out = _replace_span(text, _spans(r"(?<=tile<)[^>]*", text), rng, TILES)
    elif kind == 3:  # eps
        out = _replace_span(text, _spans(r"(?<=eps = )[-0-9.e+x]+", text),
                            rng, EPS)
        if out is None and "fp8q.quantize" in text:
            out = text.replace("{tile", "{eps = " + rng.choice(EPS) +
                               " : f32, tile", 1)
    elif kind == 4:  # group_size / promotion_interval
        name = rng.choice(sorted(ATTR_VALUES))
        out = _replace_span(text, _spans(r"(?<=%s = )-?\d+" % name, text), rng,
                            ATTR_VALUES[name])
        if out is None:
            spans = _spans(r"fp8q\.scaled_matmul[^\n]*outs\([^)]*\)", text)
            if spans:
                a, b = rng.choice(spans)
                out = (text[:b] + " {%s = %s : i64}" %
                       (name, rng.choice(ATTR_VALUES[name])) + text[b:])
    elif kind == 5:  # transpose / scale layouts
        if "transpose" in text and rng.randrange(2):
            out = text.replace(", transpose", "", 1).replace("transpose, ", "", 1)
        else:
            swapped = {"mn_major": "k_major", "k_major": "mn_major"}
            spans = _spans(r"mn_major|k_major", text)
            if spans:
                a, b = rng.choice(spans)
                out = text[:a] + swapped[text[a:b]] + text[b:]
    elif kind == 6:  # element type
        out = _replace_span(text, _spans(r"\bf32\b|\bbf16\b|\bf16\b|f8E4M3FN",
                                         text), rng, TYPES)
    elif kind == 7:  # splice a line from another case
        other = rng.choice(cases).splitlines(keepends=True)
        lines = text.splitlines(keepends=True)
        if other and lines:
            lines.insert(rng.randrange(len(lines)), rng.choice(other))
            out = "".join(lines)
    elif kind == 8:  # delete a token
        out = _replace_span(text, _spans(r"[^\s]+", text), rng, [""])
    elif kind == 9:  # duplicate or delete a line
        lines = text.splitlines(keepends=True)
        if lines:
            i = rng.randrange(len(lines))
            if rng.randrange(2):
                lines.insert(i, lines[i])
            else:
                del lines[i]
            out = "".join(lines)
    elif kind == 10:  # any number
        out = _replace_span(text, _spans(r"\d+", text), rng, NUMBERS)
    elif kind == 11:  # truncate
        out = text[:rng.randrange(len(text) + 1)]
    else:  # flip characters
        chars = list(text)
        for _ in range(rng.randrange(1, 6)):
            if chars:
                chars[rng.randrange(len(chars))] = chr(rng.randrange(32, 127))
        out = "".join(chars)
    return text if out is None else out


def mutate(text: str, cases: List[str], rng: random.Random) -> bytes:
    if rng.randrange(50) == 0:  # binary junk
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    for _ in range(rng.randrange(1, 4)):
        text = mutate_once(text, cases, rng)
    return text.encode()


def classify(returncode: int, stderr: str) -> Optional[str]:
    """None for an acceptable outcome, else why the run is a finding."""
    for marker in CRASH_MARKERS:
        if marker in stderr:
            return f"'{marker}' in stderr (exit {returncode})"
    if returncode not in (0, 1):
        return f"exit {returncode}"
    if returncode == 1 and "error" not in stderr:
        return "exit 1 without a diagnostic"
    return None


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fp8-opt", required=True, help="the fp8-opt to test")
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds per run before it counts as a hang")
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="stop after this many seconds (the runs done "
                             "are reported)")
    parser.add_argument("--pass-sets", default=None,
                        help="';'-separated alternatives of space-separated "
                             "fp8-opt flags (default: the eight sets above)")
    parser.add_argument("--save", default=None,
                        help="directory to write the findings' inputs to")
    parser.add_argument("--verbose", action="store_true",
                        help="print each run's command and outcome")
    parser.add_argument("inputs", nargs="*",
                        help="seed files or directories (default: corpus/)")
    args = parser.parse_args()

    cases = load_cases(args.inputs or [os.path.join(here, "corpus")])
    if not cases:
        parser.error("no seed cases in the inputs")
    passes = DEFAULT_PASS_SETS
    if args.pass_sets is not None:
        passes = [alt.split() for alt in args.pass_sets.split(";")]
    env = dict(os.environ)
    for key, value in SANITIZER_ENV.items():
        env.setdefault(key, value)

    rng = random.Random(args.seed)
    counts = {0: 0, 1: 0}
    findings = runs = 0
    start = time.monotonic()
    for i in range(args.runs):
        if args.max_seconds is not None and time.monotonic() - start > args.max_seconds:
            break
        data = mutate(rng.choice(cases), cases, rng)
        cmd = [args.fp8_opt, "-", "-o", os.devnull] + rng.choice(passes)
        runs += 1
        try:
            proc = subprocess.run(cmd, input=data, capture_output=True,
                                  timeout=args.timeout, env=env)
            err = proc.stderr.decode(errors="replace")
            why = classify(proc.returncode, err)
        except subprocess.TimeoutExpired:
            err, why = "", f"HANG (no exit within {args.timeout:g} s)"
        if args.verbose:
            print(f"run {i}: {' '.join(cmd[3:]) or '(parse)'}: {why or 'ok'}")
        if why is None:
            counts[proc.returncode] += 1
            continue
        findings += 1
        print(f"FINDING on run {i}: {why}\ncommand: {' '.join(cmd)}\n"
              f"input: {data!r}\nstderr:\n{err[-4000:]}")
        if args.save:
            os.makedirs(args.save, exist_ok=True)
            base = os.path.join(args.save, f"finding-{i}")
            with open(base + ".mlir", "wb") as f:
                f.write(data)
            with open(base + ".cmd", "w", encoding="utf-8") as f:
                f.write(" ".join(cmd[:1] + [base + ".mlir"] + cmd[2:]) + "\n")
    print(f"fuzz: {runs} runs, {counts[0]} accepted, {counts[1]} rejected "
          f"with a diagnostic, {findings} crashes or hangs")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
