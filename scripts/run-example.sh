#!/usr/bin/env bash
#===- run-example.sh - the main job on the bundled model graph -----------===//
#
# Compiles examples/tiny_moe_lm.mlir (a 2-layer MoE LM in linalg) with
# `fp8-opt --fp8q-quantize-model`, prints the per-contraction report, then
# runs the f32 and FP8 graphs on the CPU (--fp8q-cpu-pipeline + mlir-runner)
# and compares their logits. Needs scripts/setup.sh first.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python examples/run_example.py --check "$@"
