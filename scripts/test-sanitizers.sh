#!/usr/bin/env bash
#===- test-sanitizers.sh - ASan/UBSan build, selected tests, short fuzz ---===//
#
# Builds fp8q's own code with GCC's AddressSanitizer and
# UndefinedBehaviorSanitizer in a second build directory (libMLIR.so and
# libLLVM.so are the Debian packages' and stay uninstrumented), then runs
#   1. the lit tests of the verifier, passes, pipelines, bad input and the
#      CUDA runtime on the mock driver (a subset: the whole suite is
#      scripts/test.sh's job),
#   2. fp8q.runtime's tests and the mock GEMM check with the instrumented mock
#      driver inside Python (libasan preloaded: Python is not instrumented),
#   3. a short run of the fuzzer (tools/fp8q-fuzz) on the instrumented fp8-opt.
# Any sanitizer report fails the job (-fno-sanitize-recover; the fuzzer
# treats a report as a finding). Prints the time each step took.
#
# Needs what scripts/setup.sh installs and its .venv; installs the sanitizer
# runtimes and llvm-symbolizer (libasan8 libubsan1 llvm-22) if missing.
# Environment: FP8Q_ASAN_BUILD_DIR (default build-asan), FP8Q_JOBS
# (default nproc), FP8Q_FUZZ_SECONDS (default 45).
#
#===----------------------------------------------------------------------===//
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${FP8Q_ASAN_BUILD_DIR:-build-asan}
LLVM_PREFIX=/usr/lib/llvm-22
PYTHON=$PWD/.venv/bin/python
JOBS=${FP8Q_JOBS:-$(nproc)}
FUZZ_SECONDS=${FP8Q_FUZZ_SECONDS:-45}
# NOTE: vptr needs RTTI, which LLVM's headers are built without. -O0 keeps
# the build (most of the job's time) short; the tests spend their time in
# the uninstrumented libMLIR.so anyway.
SANITIZE="-fsanitize=address,undefined -fno-sanitize=vptr"
FLAGS="$SANITIZE -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g1"

# The sanitizer runtimes (g++ normally brings them) and llvm-symbolizer for
# readable reports, on a fresh Debian 12 machine.
PACKAGES=(libasan8 libubsan1 llvm-22)
source scripts/lib/apt.sh
apt_install_missing sanitizers "${PACKAGES[@]}"

# NOTE: allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs
# in the (instrumented) copies of its inline code in fp8q's objects but not
# in libMLIR.so's, so memory libMLIR.so hands out would read as poisoned.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0:exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=87}
if [[ -x $LLVM_PREFIX/bin/llvm-symbolizer ]]; then
  export ASAN_SYMBOLIZER_PATH=$LLVM_PREFIX/bin/llvm-symbolizer
fi

job_start=$SECONDS
step_start=$SECONDS
step() {
  echo "sanitizers: $1 took $((SECONDS - step_start)) s"
  step_start=$SECONDS
}

mkdir -p "$BUILD_DIR"
cmake -G Ninja -S . -B "$BUILD_DIR" \
  -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
  -DFP8Q_PYTHON_EXECUTABLE="$PYTHON" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O0 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O0 -DNDEBUG" \
  -DCMAKE_CXX_FLAGS="$FLAGS" -DCMAKE_C_FLAGS="$FLAGS" \
  -DCMAKE_EXE_LINKER_FLAGS="$SANITIZE" -DCMAKE_SHARED_LINKER_FLAGS="$SANITIZE" \
  >"$BUILD_DIR/configure.log" 2>&1 || { cat "$BUILD_DIR/configure.log"; exit 1; }
targets=(fp8-opt fp8q_mock_cuda)
ninja -C "$BUILD_DIR" -t targets all >"$BUILD_DIR/targets.txt"
if grep -q '^fp8q-runtime-check:' "$BUILD_DIR/targets.txt"; then
  targets+=(FP8QCudaRuntime fp8q-runtime-check)
fi
cmake --build "$BUILD_DIR" -j "$JOBS" --target "${targets[@]}"
step "build (${targets[*]})"

# 1. lit: the tests whose tools were built (the plugin, the C API and
# mlir-runner programs are left to the normal suite).
tests=(Dialect Transforms Conversion/Fp8qToLinalg Conversion/Fp8qToNccl Conversion/Fp8qToGPU/invalid.mlir
       Conversion/Fp8qToGPU/dynamic.mlir Conversion/Fp8qToGPU/quantize.mlir
       Conversion/Fp8qToGPU/scaled-matmul-wgmma.mlir
       Conversion/Fp8qToGPU/scaled-matmul-wgmma-invalid.mlir
       Pipelines/cpu-pipeline.mlir Pipelines/cpu-pipeline-invalid.mlir
       Pipelines/gpu-pipeline.mlir Pipelines/gpu-pipeline-options.mlir
       Tools/fp8-opt Tools/fp8q-fuzz)
if [[ " ${targets[*]} " == *" fp8q-runtime-check "* ]]; then
  tests+=(Runtime/runtime-errors.test Runtime/mock-driver.test)
fi
"$LLVM_PREFIX/bin/lit" -q --filter-out 'plugin' \
  "${tests[@]/#/$BUILD_DIR/test/}"
step "lit (${#tests[@]} paths)"

# 2. The mock driver inside Python: the runtime's tests and the GEMM check
# (where a PTX image without its NUL was read past its end).
mock=$BUILD_DIR/lib/libfp8q_mock_cuda.so
libasan=$(g++ -print-file-name=libasan.so)
env LD_PRELOAD="$libasan" FP8Q_TEST_MOCK_CUDA="$mock" PYTHONPATH="$PWD/python" \
  "$PYTHON" -m pytest -q -p no:cacheprovider test/Runtime/Inputs/test_runtime.py
# The GEMM kernels are the regular build's export (bench/CMakeLists.txt:
# scripts/test.sh, which CI runs first, builds it; the instrumented build
# does not export).
gemm_exports=${FP8Q_BUILD_DIR:-build}/bench/gemm_kernels
if [[ ! -f $gemm_exports/manifest.json ]]; then
  echo "sanitizers: $gemm_exports/manifest.json missing: build the regular tree first (scripts/setup.sh)" >&2
  exit 1
fi
env LD_PRELOAD="$libasan" FP8Q_CUDA_DRIVER_LIBRARY="$mock" PYTHONPATH="$PWD/python" \
  "$PYTHON" test/Runtime/Inputs/check_gemm_numpy.py \
  --export-dir "$gemm_exports" --shapes 129x257x256,2x136x256 | tail -1
step "python on the mock driver"

# 3. Fuzzing the instrumented fp8-opt.
"$PYTHON" tools/fp8q-fuzz/fp8q_fuzz.py --fp8-opt "$BUILD_DIR/bin/fp8-opt" \
  --runs 100000 --max-seconds "$FUZZ_SECONDS" --seed "${FP8Q_FUZZ_SEED:-1}" \
  --save "$BUILD_DIR/fuzz-findings"
step "fuzz (${FUZZ_SECONDS} s)"

echo "sanitizers: passed in $((SECONDS - job_start)) s"
