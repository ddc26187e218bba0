# -*- Python -*-
# lit configuration of the fp8q suite (FP8Q).

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "FP8Q"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "conftest.py",
                   "CMakeLists.txt", "run_lit.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fp8q_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PYTHONPATH",
                             os.path.join(config.fp8q_src_root, "python"),
                             append_path=True)

config.substitutions.append(("%fp8q_src_root", config.fp8q_src_root))
config.substitutions.append(("%fp8q_obj_root", config.fp8q_obj_root))
config.substitutions.append(("%fp8q_lib_dir", config.fp8q_lib_dir))
# The device exports of bench/CMakeLists.txt (fp8q-device-exports).
config.substitutions.append(("%fp8q_exports", config.fp8q_exports_dir))
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
# Prepend: lit.llvm defines its own %python (the interpreter running lit),
# which lacks numpy; ours must win.
config.substitutions.insert(0, ("%python", '"%s"' % config.python_executable))
config.substitutions.append(("%cmake_generator", config.cmake_generator))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%mlir_dir", config.mlir_dir))
config.substitutions.append(
    ("%fp8q_plugin", os.path.join(config.fp8q_lib_dir, "FP8QPlugin.so")))

tool_dirs = [config.fp8q_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["fp8-opt", "mlir-opt", "mlir-runner", "FileCheck", "not", "split-file"],
    tool_dirs)

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

# Python packages the Python/integration tests need.
try:
    import subprocess
    subprocess.check_call([config.python_executable, "-c",
                           "import numpy, pytest"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    config.available_features.add("numpy")
except Exception:
    lit_config.warning("numpy/pytest not importable by %s: Python tests "
                       "are UNSUPPORTED" % config.python_executable)

# torch: PyTorch is importable by the test python (fp8q.torch's tests,
# test/Torch; scripts/setup.sh installs it unless FP8Q_SKIP_TORCH=1).
try:
    subprocess.check_call([config.python_executable, "-c", "import torch, numpy, pytest"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    config.available_features.add("torch")
except Exception:
    lit_config.note("torch not importable by %s: test/Torch is UNSUPPORTED"
                    % config.python_executable)

# cuda-device: a CUDA GPU is usable here (`nvidia-smi -L` lists one). Tests
# that launch kernels on a real GPU say `REQUIRES: cuda-device`.
import subprocess
try:
    listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True,
                            text=True, timeout=30)
    if listed.returncode == 0 and "GPU " in listed.stdout:
        config.available_features.add("cuda-device")
except (OSError, subprocess.SubprocessError):
    pass

# nccl-library: the loader finds a real libnccl.so.2 (e.g. a CUDA toolkit's,
# registered with ldconfig), which the runtime's exchange opens by default.
try:
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True,
                           timeout=30)
    if "libnccl.so.2 " in cache.stdout:
        config.available_features.add("nccl-library")
except (OSError, subprocess.SubprocessError):
    pass

# libFP8QCudaRuntime (feature fp8q-cuda-runtime: it was built, cuda.h was
# found) and the mock CUDA driver of test/Runtime/MockCuda (always built),
# for FP8Q_CUDA_DRIVER_LIBRARY. Tests set that variable themselves; never
# inherit one.
if config.fp8q_cuda_runtime.upper() in ("ON", "TRUE", "1", "YES"):
    config.available_features.add("fp8q-cuda-runtime")
config.substitutions.append(
    ("%fp8q_cuda_runtime",
     os.path.join(config.fp8q_lib_dir, "libFP8QCudaRuntime.so")))
config.substitutions.append(
    ("%mock_cuda", os.path.join(config.fp8q_lib_dir, "libfp8q_mock_cuda.so")))
config.environment.pop("FP8Q_CUDA_DRIVER_LIBRARY", None)
# The mock NCCL of test/Runtime/MockNccl (always built), for
# FP8Q_NCCL_LIBRARY; the expert-parallel environment is never inherited.
config.substitutions.append(
    ("%mock_nccl", os.path.join(config.fp8q_lib_dir, "libfp8q_mock_nccl.so")))
for name in ("FP8Q_NCCL_LIBRARY", "FP8Q_EP_RANKS", "FP8Q_EP_RANK",
             "FP8Q_NCCL_ID_FILE", "FP8Q_EP_TIMEOUT", "FP8Q_MOCK_NCCL_DIR",
             "FP8Q_MOCK_NCCL_FAIL", "FP8Q_MOCK_NCCL_TIMEOUT"):
    config.environment.pop(name, None)

# CPU execution (mlir-runner) support libraries of the LLVM 22 install.
for name in ("mlir_runner_utils", "mlir_c_runner_utils"):
    config.substitutions.append(
        ("%" + name, os.path.join(config.mlir_lib_dir, "lib%s.so" % name)))
