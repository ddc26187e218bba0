#!/usr/bin/env bash
# Builds DeepGEMM (github.com/deepseek-ai/DeepGEMM, v2.6.1) in place on the
# GPU machine, as the peer of fp8q.bench.bench_gemm, and prints the directory
# to put on PYTHONPATH. The GPU machine has no network, so the sources travel
# as one archive: DeepGEMM's tree with its submodules' headers
# (third-party/cutlass/include, third-party/fmt/include), e.g. made from a
# recursive clone:
#
#   git clone --recursive -b v2.6.1 https://github.com/deepseek-ai/DeepGEMM
#   tar -cJf .peers/deepgemm-v2.6.1.tar.xz DeepGEMM        (.peers/ is ignored)
#
#   bench/peers/build_deepgemm.sh .peers/deepgemm-v2.6.1.tar.xz /tmp/peers
#   PYTHONPATH=/tmp/peers/DeepGEMM:python python3 -m fp8q.bench.bench_gemm ...
#
# NOTE: the extension is compiled with the system g++ (CXX=/usr/bin/g++): the
# device's default C++ compiler fails on its sources (checked 2026-12-01).
# Only the host extension is compiled here; DeepGEMM compiles its kernels at
# run time (JIT, NVRTC or nvcc from CUDA_HOME) from deep_gemm/include.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 SOURCES.tar.xz|SOURCE_DIR [DEST]" >&2
  exit 2
fi
src=$1
dest=${2:-/tmp/peers}
mkdir -p "$dest"
if [[ -d $src ]]; then
  cp -r "$src" "$dest/DeepGEMM"
elif [[ -f $src ]]; then
  tar -xJf "$src" -C "$dest"
else
  echo "error: $src: no such archive or directory" >&2
  exit 1
fi
cd "$dest/DeepGEMM"
for dir in third-party/cutlass/include/cute third-party/cutlass/include/cutlass \
           third-party/fmt/include; do
  [[ -d $dir ]] || { echo "error: $dest/DeepGEMM/$dir missing (submodule headers)" >&2; exit 1; }
done
# The JIT reads the CuTe/CUTLASS headers from the package's include folder.
ln -sfn "$PWD/third-party/cutlass/include/cutlass" deep_gemm/include/cutlass
ln -sfn "$PWD/third-party/cutlass/include/cute" deep_gemm/include/cute
CXX=/usr/bin/g++ MAX_JOBS=${MAX_JOBS:-16} DG_USE_LOCAL_VERSION=0 \
  python3 setup.py -q build_ext --inplace >build.log 2>&1 || {
    tail -40 build.log >&2
    exit 1
  }
python3 -c "import deep_gemm; print('DeepGEMM', deep_gemm.__version__, 'built')" >&2
echo "$dest/DeepGEMM"
