#!/usr/bin/env bash
#===- build_gpu_e2e.sh - the GPU end-to-end executable --------------------===//
#
# Part of the fp8q project.
#
# Builds a self-contained directory that runs an fp8q program on a GPU where
# no LLVM is installed: the program (default scripts/device/gpu_e2e/
# gpu_e2e.mlir, a @main returning i32) is lowered with
# `fp8-opt --fp8q-gpu-pipeline`, translated to LLVM IR (mlir-translate),
# compiled (llc -filetype=obj -relocation-model=pic) and linked with the C
# dump helper against libFP8QCudaRuntime.so (rpath $ORIGIN). The directory:
#
#   gpu_e2e                 the executable (needs libc, libstdc++, libcuda)
#   libFP8QCudaRuntime.so   the mgpu* runtime (opens libcuda.so.1 itself)
#   check_gpu_e2e.py        the checker (numpy) + python/fp8q/reference.py
#   expected/*.bin          the expected arrays, computed here
#   run.sh                  runs gpu_e2e (dumps to out/) and the checker
#   build/                  the intermediate files (not needed to run)
#
# With --with-model, also the bundled model graph (examples/tiny_moe_lm.mlir
# after --fp8q-quantize-model) three times: model_gpu (--fp8q-gpu-pipeline,
# 46 quantize launches, the GEMMs as host loops), model_gpu_wgmma (the same
# with gemm=wgmma: the 32 GEMMs on the GPU too, 78 launches) and model_cpu
# (--fp8q-cpu-pipeline, all host loops), whose printMemrefF32 calls dump the
# logits and the first normalized embeddings. run.sh runs all three; the
# checker wants model_gpu and model_cpu bit-identical (and equal to
# expected/model/, model_cpu's output on the build machine) and
# model_gpu_wgmma within the tensor cores' tolerance of model_cpu, measured
# against expected/model_f32/ (the unquantized model through
# --fp8q-cpu-pipeline, run here; docs/GPU.md, "The model with gemm=wgmma").
#
# Usage: build_gpu_e2e.sh [--out DIR] [--build-dir DIR] [--program FILE]
#                         [--pipeline-options OPTS] [--python PYTHON]
#                         [--with-model]
#   --out               default <build-dir>/gpu-e2e
#   --build-dir         the fp8q build (bin/fp8-opt, lib/libFP8QCudaRuntime.so);
#                       default <repo>/build
#   --pipeline-options  options of --fp8q-gpu-pipeline, e.g. format=isa or
#                       memory-model=unified
#   --python            a Python with numpy for the expected arrays
#   --with-model        add model_gpu, model_gpu_wgmma and model_cpu (see
#                       above)
#
# Then, on the GPU machine: <out>/run.sh (exit status 0 = bit-exact).
#
#===----------------------------------------------------------------------===//
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
out=
program=$here/gpu_e2e/gpu_e2e.mlir
pipeline_options=
python=
with_model=0
llvm_bin=${FP8Q_LLVM_BIN:-/usr/lib/llvm-22/bin}

while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --build-dir) build=$2; shift 2 ;;
    --program) program=$2; shift 2 ;;
    --pipeline-options) pipeline_options=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --with-model) with_model=1; shift ;;
    -h|--help) sed -n '2,48p' "$0"; exit 0 ;;
    *) echo "build_gpu_e2e.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
out=${out:-$build/gpu-e2e}
if [ -z "$python" ]; then
  for candidate in "$root/.venv/bin/python" python3; do
    if "$candidate" -c "import numpy" 2>/dev/null; then python=$candidate; break; fi
  done
fi
[ -n "$python" ] || { echo "build_gpu_e2e.sh: no Python with numpy (use --python)" >&2; exit 1; }
runtime=$build/lib/libFP8QCudaRuntime.so
for needed in "$build/bin/fp8-opt" "$runtime" "$llvm_bin/mlir-translate" "$llvm_bin/llc"; do
  [ -e "$needed" ] || { echo "build_gpu_e2e.sh: $needed not found" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/build" "$out/expected" "$out/python/fp8q"
work=$out/build
pipeline=--fp8q-gpu-pipeline${pipeline_options:+=$pipeline_options}

# Translates, compiles and links the LLVM-dialect module $work/$1.llvm.mlir
# into the executable $out/$1.
link_executable() {
  "$llvm_bin/mlir-translate" --mlir-to-llvmir "$work/$1.llvm.mlir" -o "$work/$1.ll"
  "$llvm_bin/llc" -O2 -filetype=obj -relocation-model=pic "$work/$1.ll" -o "$work/$1.o"
  "${CXX:-g++}" -o "$out/$1" "$work/$1.o" "$work/gpu_e2e_dump.o" \
    -L"$out" -lFP8QCudaRuntime -Wl,-rpath,'$ORIGIN' -lm
}

# Lower, translate, compile, link.
cp "$runtime" "$out/"
"${CC:-cc}" -O2 -fPIC -c "$here/gpu_e2e/gpu_e2e_dump.c" -o "$work/gpu_e2e_dump.o"
"$build/bin/fp8-opt" "$program" "$pipeline" -o "$work/gpu_e2e.llvm.mlir"
link_executable gpu_e2e
if [ "$with_model" = 1 ]; then
  "$build/bin/fp8-opt" "$root/examples/tiny_moe_lm.mlir" --fp8q-quantize-model -o "$work/model.fp8.mlir"
  "$build/bin/fp8-opt" "$work/model.fp8.mlir" "$pipeline" -o "$work/model_gpu.llvm.mlir"
  "$build/bin/fp8-opt" "$work/model.fp8.mlir" "--fp8q-gpu-pipeline=gemm=wgmma${pipeline_options:+ $pipeline_options}" \
    -o "$work/model_gpu_wgmma.llvm.mlir"
  "$build/bin/fp8-opt" "$work/model.fp8.mlir" --fp8q-cpu-pipeline -o "$work/model_cpu.llvm.mlir"
  "$build/bin/fp8-opt" "$root/examples/tiny_moe_lm.mlir" --fp8q-cpu-pipeline -o "$work/model_f32.llvm.mlir"
  link_executable model_gpu
  link_executable model_gpu_wgmma
  link_executable model_cpu
  link_executable model_f32
  mkdir -p "$out/expected/model" "$out/expected/model_f32"
  FP8Q_E2E_OUT="$out/expected/model" "$out/model_cpu" > /dev/null
  # The unquantized model is only needed for its logits (the scale of the
  # FP8 error that model_gpu_wgmma's tolerance is measured against).
  FP8Q_E2E_OUT="$out/expected/model_f32" "$out/model_f32" > /dev/null
  mv "$out/model_f32" "$work/"
fi

# The checker, the reference it imports, and the expected arrays.
cp "$here/gpu_e2e/check_gpu_e2e.py" "$out/"
cp "$root/python/fp8q/reference.py" "$out/python/fp8q/"
echo "from fp8q import reference  # noqa: F401" > "$out/python/fp8q/__init__.py"
"$python" "$out/check_gpu_e2e.py" --write-expected "$out/expected" > /dev/null
cat > "$out/run.sh" <<'RUN'
#!/bin/sh
# Runs the GPU end-to-end executables and checks their dumps (exit 0: PASS).
# PYTHON selects the interpreter (numpy needed); default python3. A failing
# executable does not stop the checker: the dumps it wrote are still judged,
# and the exit status is nonzero.
cd "$(dirname "$0")" || exit 1
rm -rf out && mkdir out || exit 1
status=0
FP8Q_E2E_OUT=out ./gpu_e2e || { status=$?; echo "gpu_e2e: exit status $status"; }
if [ -x model_gpu ]; then
  # The model's @main returns void: its exit status means nothing, the
  # checker judges the dumps.
  mkdir out/model_gpu out/model_cpu
  echo "model_gpu:"
  FP8Q_E2E_OUT=out/model_gpu ./model_gpu || echo "model_gpu: exit status $?"
  if [ -x model_gpu_wgmma ]; then
    mkdir out/model_gpu_wgmma
    echo "model_gpu_wgmma:"
    FP8Q_E2E_OUT=out/model_gpu_wgmma ./model_gpu_wgmma || echo "model_gpu_wgmma: exit status $?"
  fi
  echo "model_cpu:"
  FP8Q_E2E_OUT=out/model_cpu ./model_cpu || echo "model_cpu: exit status $?"
  set -- --model out
fi
"${PYTHON:-python3}" check_gpu_e2e.py --dumps out --expected expected "$@" || status=1
exit $status
RUN
chmod +x "$out/run.sh"

# Self-contained: nothing from LLVM/MLIR, nothing outside the directory but
# the system's C/C++ libraries (libcuda is opened at run time).
if ldd "$out"/gpu_e2e "$out"/model_* 2>/dev/null | grep -E 'libLLVM|libMLIR|mlir_.*runner_utils|not found' >&2; then
  echo "build_gpu_e2e.sh: the executable needs libraries that are not in $out" >&2
  exit 1
fi
# What has to travel to the GPU machine stays small (the device tool
# carries at most 64 MiB).
bytes=$(find "$out" -path "$work" -prune -o -type f -print0 | du -cb --files0-from=- | tail -1 | cut -f1)
max_bytes=$((20 * 1024 * 1024))
if [ "$bytes" -ge "$max_bytes" ]; then
  echo "build_gpu_e2e.sh: $out holds $bytes bytes to run, more than $max_bytes" >&2
  exit 1
fi
echo "build_gpu_e2e.sh: built $out ($bytes bytes to run; kernels: $(grep -o 'gpu.binary @[a-z0-9_]*' "$work/gpu_e2e.llvm.mlir" | cut -d@ -f2 | tr '\n' ' '))"
