#!/usr/bin/env python3
"""Counts the decisions of a --fp8q-quantize-model report, for FileCheck.

Reads the report (a file, or stdin with '-') and prints, always in this
order and always all of them (zero counts included), so a test's CHECK-NEXT
lines pin every decision:

    contractions: 13
    quantized: 8
    retained(attention): 4
    retained(gating): 0
    retained(output_head): 1
    retained(user): 0
    retained(other): 0
    unquantized: 0

then one `unquantized reason: <reason>` line per unquantized contraction
(sorted), one `retained reason: <reason> | <text>` line per retained
contraction other than attention (sorted), and the report's
`# retained non-contraction ops:` and summary lines as they are.

Exit status 1 when the input holds no report (no summary line).
"""

import sys

KNOWN_RETAINED = ("attention", "gating", "output_head", "user")


def main(argv):
    path = argv[1] if len(argv) > 1 else "-"
    text = sys.stdin.read() if path == "-" else open(path).read()
    counts = {"quantized": 0, "unquantized": 0, "other": 0}
    counts.update({r: 0 for r in KNOWN_RETAINED})
    unquantized, retained, tail = [], [], []
    summary = None
    for line in text.splitlines():
        if line.startswith("# retained non-contraction ops:") or line.startswith("# ") and \
                "dynamic extents" in line:
            tail.append(line)
            continue
        if line.startswith("quantized ") and " of " in line:
            summary = line
            continue
        cells = [c.strip() for c in line.split("|")]
        if len(cells) < 6 or not cells[0].startswith("@"):
            continue
        decision, reason = cells[4], " | ".join(cells[5:])
        if decision == "quantized":
            counts["quantized"] += 1
        elif decision == "unquantized":
            counts["unquantized"] += 1
            unquantized.append(reason)
        elif decision.startswith("retained(") and decision.endswith(")"):
            kind = decision[len("retained("):-1]
            counts[kind if kind in KNOWN_RETAINED else "other"] += 1
            if kind != "attention":
                retained.append(f"{kind} | {reason}")
        else:
            counts["other"] += 1
    if summary is None:
        sys.stderr.write("report_counts: no report summary line in the input\n")
        return 1
    print("contractions:", sum(counts.values()))
    print("quantized:", counts["quantized"])
    for kind in KNOWN_RETAINED[:2] + ("output_head", "user"):
        print(f"retained({kind}):", counts[kind])
    print("retained(other):", counts["other"])
    print("unquantized:", counts["unquantized"])
    for reason in sorted(unquantized):
        print("unquantized reason:", reason)
    for reason in sorted(retained):
        print("retained reason:", reason)
    for line in tail:
        print(line)
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
