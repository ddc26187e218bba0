#!/usr/bin/env bash
# Builds build/moe-e2e/: fp8q.moe_dispatch -> masked grouped GEMM ->
# fp8q.moe_combine through --fp8q-gpu-pipeline, whose exchange is the
# runtime's NCCL one (docs/ExpertParallel.md), as executables that run on a
# GPU machine with only the NVIDIA driver, NCCL 2 (libnccl.so.2), libc and,
# for the checker, Python with numpy:
#
#   scripts/device/build_moe_e2e.sh [--ranks "1 2"] [--out DIR]
#       [--build-dir DIR] [--python PY] [--pipeline-options OPTS]
#
# For every R in --ranks (default "1"): the suite of
# test/Integration/GPU/Inputs/moe_exchange_ranks.py for R ranks (random
# routing, an expert with no row, a full expert, top-3, T = 0), lowered with
# fp8-opt --fp8q-gpu-pipeline, mlir-translate and llc, linked with
# moe_e2e/moe_e2e_print.c (printMemrefI32) into moe_e2e_r<R>, and what each
# rank must print (computed here with python/fp8q/reference.py) in
# expected_r<R>/. DIR/run.sh [R ...] (default 1) runs moe_e2e_r<R> on R
# ranks (R = 1: the process itself; R > 1: scripts/device/ep_launch.py, one
# GPU per rank, CUDA_VISIBLE_DEVICES=r) and checks every rank's output with
# cpu_harness.py: exit status 0 = PASS. FP8Q_NCCL_LIBRARY picks another
# libnccl (e.g. the nvidia-nccl wheel's).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
out=
ranks_list=1
pipeline_options=format=bin
python=
llvm_bin=${FP8Q_LLVM_BIN:-/usr/lib/llvm-22/bin}

while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --build-dir) build=$2; shift 2 ;;
    --ranks) ranks_list=$2; shift 2 ;;
    --pipeline-options) pipeline_options=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "build_moe_e2e.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
out=${out:-$build/moe-e2e}
if [ -z "$python" ]; then
  for candidate in "$root/.venv/bin/python" python3; do
    if "$candidate" -c "import numpy" 2>/dev/null; then python=$candidate; break; fi
  done
fi
[ -n "$python" ] || { echo "build_moe_e2e.sh: no Python with numpy (use --python)" >&2; exit 1; }
runtime=$build/lib/libFP8QCudaRuntime.so
for needed in "$build/bin/fp8-opt" "$runtime" "$llvm_bin/mlir-translate" "$llvm_bin/llc"; do
  [ -e "$needed" ] || { echo "build_moe_e2e.sh: $needed not found" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/build" "$out/python/fp8q"
work=$out/build
cp "$runtime" "$out/"
"${CC:-cc}" -O2 -fPIC -c "$here/moe_e2e/moe_e2e_print.c" -o "$work/moe_e2e_print.o"
for r in $ranks_list; do
  PYTHONPATH=$root/python "$python" "$root/test/Integration/GPU/Inputs/moe_exchange_ranks.py" \
    --ranks "$r" --emit "$work/r$r"
  mv "$work/r$r/expected" "$out/expected_r$r"
  "$build/bin/fp8-opt" "$work/r$r/moe_exchange_${r}_ranks.mlir" \
    "--fp8q-gpu-pipeline${pipeline_options:+=$pipeline_options}" -o "$work/r$r.llvm.mlir"
  "$llvm_bin/mlir-translate" --mlir-to-llvmir "$work/r$r.llvm.mlir" -o "$work/r$r.ll"
  "$llvm_bin/llc" -O2 -filetype=obj -relocation-model=pic "$work/r$r.ll" -o "$work/r$r.o"
  "${CXX:-g++}" -o "$out/moe_e2e_r$r" "$work/r$r.o" "$work/moe_e2e_print.o" \
    -L"$out" -lFP8QCudaRuntime -Wl,-rpath,'$ORIGIN' -lm
done
cp "$root/test/Integration/CPU/Inputs/cpu_harness.py" "$here/ep_launch.py" "$out/"
cp "$root/python/fp8q/reference.py" "$out/python/fp8q/"
echo "from fp8q import reference  # noqa: F401" > "$out/python/fp8q/__init__.py"
cat > "$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# run.sh [R ...]: runs moe_e2e_r<R> on R ranks (default 1) and checks it.
cd "$(dirname "$0")" || exit 1
py=${PYTHON:-python3}
status=0
# NCCL: FP8Q_NCCL_LIBRARY, else libnccl.so.2 from the loader's path, else
# the first of the usual places (the system's, a CUDA toolkit's, PyTorch's
# nvidia-nccl wheel).
if [ -z "${FP8Q_NCCL_LIBRARY:-}" ] && ! ldconfig -p 2>/dev/null | grep -q 'libnccl\.so\.2 '; then
  for candidate in /usr/lib/x86_64-linux-gnu/libnccl.so.2 /usr/local/cuda*/lib*/libnccl.so.2 \
      /opt/*/.venv/lib/python3*/site-packages/nvidia/nccl/lib/libnccl.so.2 \
      "$("$py" -c 'import os, nvidia.nccl; print(os.path.join(list(nvidia.nccl.__path__)[0], "lib", "libnccl.so.2"))' 2>/dev/null)"; do
    if [ -e "$candidate" ]; then export FP8Q_NCCL_LIBRARY=$candidate; break; fi
  done
fi
echo "moe-e2e: NCCL ${FP8Q_NCCL_LIBRARY:-libnccl.so.2 (loader path)}"
for r in "${@:-1}"; do
  [ -x "moe_e2e_r$r" ] || { echo "moe-e2e: no moe_e2e_r$r (build with --ranks)"; status=1; continue; }
  rm -rf "out/r$r" && mkdir -p "out/r$r" || exit 1
  if [ "$r" = 1 ]; then
    ./moe_e2e_r1 > out/r1/rank0.out 2> out/r1/rank0.err || {
      echo "moe_e2e_r1: exit status $?"; cat out/r1/rank0.err; status=1; continue; }
  else
    "$py" ep_launch.py --ranks "$r" --gpu-per-rank --out-dir "out/r$r" -- "./moe_e2e_r$r" || {
      status=1; continue; }
  fi
  files=()
  for ((i = 0; i < r; ++i)); do files+=("out/r$r/rank$i.out"); done
  PYTHONPATH=python "$py" cpu_harness.py --check "expected_r$r" "${files[@]}" || status=1
done
[ $status = 0 ] && echo "moe-e2e: PASS" || echo "moe-e2e: FAIL"
exit $status
RUN
chmod +x "$out/run.sh"

if ldd "$out"/moe_e2e_r* 2>/dev/null | grep -E 'libLLVM|libMLIR|mlir_.*runner_utils|not found' >&2; then
  echo "build_moe_e2e.sh: the executables need libraries that are not in $out" >&2
  exit 1
fi
echo "build_moe_e2e.sh: built $out (ranks: $ranks_list)"
