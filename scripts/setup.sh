#!/usr/bin/env bash
#===- setup.sh - install dependencies, configure and build fp8q ---------===//
#
# Works on a fresh Debian 12 machine: installs the LLVM/MLIR 22 packages,
# cmake, ninja and a Python venv (.venv) with the test packages when they are
# missing, then configures build/ with Ninja and builds everything.
#
# PyTorch (torch==2.15.0 from PyPI, with its CUDA wheels: about 3 GB) goes
# into .venv too, for fp8q.torch and its tests (test/Torch); FP8Q_SKIP_TORCH=1
# leaves it out (those tests are then UNSUPPORTED).
#
# Environment: FP8Q_BUILD_DIR (default build), FP8Q_JOBS (default nproc),
# FP8Q_SKIP_TORCH.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${FP8Q_BUILD_DIR:-build}
LLVM_PREFIX=/usr/lib/llvm-22
PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          cmake ninja-build g++ python3 python3-venv)

source scripts/lib/apt.sh
apt_install_missing setup "${PACKAGES[@]}"

if [[ ! -x .venv/bin/python ]]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check \
  -r python/requirements.txt
TORCH_VERSION=2.15.0
if [[ "${FP8Q_SKIP_TORCH:-0}" == 1 ]]; then
  echo "setup: FP8Q_SKIP_TORCH=1: not installing torch (test/Torch is skipped)"
elif ! .venv/bin/python -c "import torch, sys; sys.exit(not torch.__version__.startswith('$TORCH_VERSION'))" 2>/dev/null; then
  echo "setup: installing torch==$TORCH_VERSION into .venv (about 3 GB with its CUDA wheels)"
  .venv/bin/python -m pip install -q --disable-pip-version-check "torch==$TORCH_VERSION"
fi

cmake -G Ninja -S . -B "$BUILD_DIR" \
  -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
  -DFP8Q_PYTHON_EXECUTABLE="$PWD/.venv/bin/python"
cmake --build "$BUILD_DIR" -j "${FP8Q_JOBS:-$(nproc)}"
