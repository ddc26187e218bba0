#!/usr/bin/env bash
#===- test.sh - run every fp8q test ------------------------------------===//
#
# Builds what is stale and runs the whole lit suite (check-fp8q): dialect,
# transforms, conversions, CPU integration, Python reference, plugin and
# CMake-package tests. Ends with "FP8Q tests: P passed, F failed, ...".
#
#===----------------------------------------------------------------------===//
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build "${FP8Q_BUILD_DIR:-build}" --target check-fp8q
