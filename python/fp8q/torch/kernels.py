"""The GPU kernels of fp8q.torch: where they come from and what they must be.

fp8q.torch launches kernels that fp8q itself compiled from
``python/fp8q/torch/kernels.mlir`` (the compiler's training recipe, fp32
scales) through :mod:`fp8q.runtime`. The *export directory* (``manifest.json``
and the cubins it names) is found, in this order:

1. :func:`set_kernel_dir` (``fp8q.torch.set_kernel_dir(path)``);
2. the environment variable ``FP8Q_TORCH_KERNELS``;
3. ``kernels/`` inside this package (a wheel may ship the export there);
4. the build tree of a source checkout, ``build/bench/torch_kernels``
   (written by ``cmake --build build --target fp8q-device-exports``);
5. compiled on first use with ``fp8-opt`` (``$FP8Q_OPT``, else ``fp8-opt``
   on ``PATH``, else ``build/bin/fp8-opt`` of the checkout) into
   ``$FP8Q_CACHE_DIR`` (default ``~/.cache/fp8q``)/``torch_kernels-<key>``,
   where ``<key>`` hashes kernels.mlir, the pipeline options and the fp8-opt
   binary (its size and modification time), so a new compiler or source
   compiles again and an unchanged one is reused.

Every directory is checked against :data:`REQUIRED` (the kernel names and
array signatures this package calls) when loaded, so a stale or foreign
export is refused with the missing names instead of failing at a launch.

``python -m fp8q.torch check DIR`` runs that check without CUDA (CI runs it
on the build's export); ``python -m fp8q.torch where`` prints the directory
that would be used; ``python -m fp8q.torch compile [CACHE_DIR]`` compiles
(or finds in the cache) the export of step 5 and prints its directory.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
from typing import Dict, List, Optional, Tuple

from fp8q import manifest as _manifest

#: The source of the kernels, shipped with the package.
SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels.mlir")
#: The fp8-opt pipeline options that export them (as bench/CMakeLists.txt):
#: the GEMM tiling fixed (kernels.mlir's shapes are examples; the kernels
#: serve every shape).
PIPELINE_OPTIONS = ("gemm=wgmma memory-model=unified gemm-block-m=128 gemm-block-n=128 "
                    "gemm-stages=4")
ENV_DIR = "FP8Q_TORCH_KERNELS"

_SRC_DTYPES = ("bf16", "f16", "f32")


def _quantize_sig(kind: str, dtype: str) -> Tuple[str, ...]:
    if kind == "1x128_128x1t":
        return (dtype, "f8e4m3fn", "f32", "f8e4m3fn", "f32")
    return (dtype, "f8e4m3fn", "f32")


#: kernel name -> dtypes of its pointer arguments in launch order.
REQUIRED: Dict[str, Tuple[str, ...]] = {}
for _dt in _SRC_DTYPES:
    for _kind in ("1x128", "128x128", "1x128_128x1t"):
        REQUIRED[f"fp8q_quantize_{_kind}_{_dt}_fp32"] = _quantize_sig(_kind, _dt)
REQUIRED["fp8q_tile_transpose_1x128_fp32"] = ("f8e4m3fn", "f32", "f8e4m3fn", "f32")
REQUIRED["fp8q_scaled_matmul_1x128_128x128_bf16"] = ("f8e4m3fn", "f32", "f8e4m3fn", "f32", "bf16")
REQUIRED["fp8q_scaled_matmul_1x128_128x128_f32"] = ("f8e4m3fn", "f32", "f8e4m3fn", "f32", "f32")
REQUIRED["fp8q_scaled_matmul_1x128_1x128_f32"] = ("f8e4m3fn", "f32", "f8e4m3fn", "f32", "f32")


class KernelDirError(RuntimeError):
    """No usable export directory (none found, or one missing kernels)."""


_lock = threading.Lock()
_explicit_dir: Optional[str] = None
_loaded = None  # (directory, fp8q.runtime.KernelSet)


def set_kernel_dir(path: Optional[str]) -> None:
    """Uses the export directory ``path`` from now on (``None``: search again).

    The directory is checked now (manifest and :data:`REQUIRED`), without
    CUDA; a bad one raises :class:`KernelDirError`.
    """
    global _explicit_dir, _loaded
    with _lock:
        if path is not None:
            path = os.path.abspath(os.fspath(path))
            check_export(path)
        _explicit_dir = path
        _loaded = None
        _by_name.clear()


def check_export(directory: str) -> List[str]:
    """Validates an export directory for fp8q.torch; returns its kernel names.

    Raises :class:`KernelDirError` naming the directory and what is wrong.
    """
    try:
        manifest = _manifest.load_manifest(directory)
    except (OSError, _manifest.ManifestError) as err:
        raise KernelDirError(f"{directory} is not an fp8q export directory: {err}") from err
    specs = {spec.name: spec for spec in manifest.kernels}
    problems = []
    for name, dtypes in REQUIRED.items():
        spec = specs.get(name)
        if spec is None:
            problems.append(f"missing kernel {name}")
            continue
        got = tuple(arg.dtype for arg in spec.pointer_args)
        if got != dtypes:
            problems.append(f"kernel {name} takes arrays of {list(got)}, expected {list(dtypes)}")
    if problems:
        raise KernelDirError(
            f"{directory} cannot serve fp8q.torch: {'; '.join(problems)} (export "
            f"python/fp8q/torch/kernels.mlir: cmake --build build --target "
            f"fp8q-device-exports writes build/bench/torch_kernels)")
    return sorted(specs)


def _package_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _checkout_dirs() -> List[str]:
    """Export directories of a source checkout (python/fp8q/torch -> root)."""
    root = os.path.dirname(_package_root())
    return [os.path.join(root, "build", "bench", "torch_kernels")]


def _find_fp8_opt() -> Optional[str]:
    explicit = os.environ.get("FP8Q_OPT")
    if explicit:
        return explicit
    found = shutil.which("fp8-opt")
    if found:
        return found
    candidate = os.path.join(os.path.dirname(_package_root()), "build", "bin", "fp8-opt")
    return candidate if os.path.exists(candidate) else None


def cache_key(fp8_opt: str) -> str:
    """The key of a compiled export: kernels.mlir, the options, the compiler."""
    digest = hashlib.sha256()
    with open(SOURCE, "rb") as f:
        digest.update(f.read())
    digest.update(PIPELINE_OPTIONS.encode())
    st = os.stat(fp8_opt)
    digest.update(f"{os.path.realpath(fp8_opt)}:{st.st_size}:{st.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def compile_kernels(fp8_opt: str, cache_dir: Optional[str] = None) -> str:
    """Exports kernels.mlir with ``fp8_opt`` into the cache; returns the directory.

    An export already cached under the same key is reused.
    """
    cache_dir = cache_dir or os.environ.get("FP8Q_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "fp8q")
    target = os.path.join(cache_dir, f"torch_kernels-{cache_key(fp8_opt)}")
    if os.path.exists(os.path.join(target, "manifest.json")):
        return target
    os.makedirs(cache_dir, exist_ok=True)
    partial = f"{target}.tmp{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    command = [fp8_opt, SOURCE, f"--fp8q-gpu-pipeline={PIPELINE_OPTIONS} export-dir={partial}",
               "-o", os.devnull]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(partial, ignore_errors=True)
        raise KernelDirError(f"compiling the fp8q.torch kernels failed: {' '.join(command)}\n"
                             f"{done.stderr.strip()}")
    try:
        os.replace(partial, target)
    except OSError:  # another process finished first
        shutil.rmtree(partial, ignore_errors=True)
    return target


def find_kernel_dir(compile_if_missing: bool = True) -> str:
    """The export directory fp8q.torch uses (see the module docstring)."""
    if _explicit_dir is not None:
        return _explicit_dir
    env = os.environ.get(ENV_DIR)
    if env:
        return os.path.abspath(env)
    for candidate in [os.path.join(os.path.dirname(SOURCE), "kernels")] + _checkout_dirs():
        if os.path.exists(os.path.join(candidate, "manifest.json")):
            return candidate
    fp8_opt = _find_fp8_opt() if compile_if_missing else None
    if fp8_opt is None:
        raise KernelDirError(
            "fp8q.torch found no GPU kernels: set FP8Q_TORCH_KERNELS (or call "
            "fp8q.torch.set_kernel_dir) to an export directory, e.g. build/bench/torch_kernels "
            "of an fp8q build (cmake --build build --target fp8q-device-exports), or make "
            "fp8-opt available (FP8Q_OPT or PATH) to compile them on first use")
    return compile_kernels(fp8_opt)


def kernel_set():
    """The loaded :class:`fp8q.runtime.KernelSet` (found, checked, cached)."""
    global _loaded
    with _lock:
        if _loaded is None:
            directory = find_kernel_dir()
            check_export(directory)
            from fp8q import runtime  # noqa: PLC0415 (CUDA only when used)
            _loaded = (directory, runtime.load(directory))
        return _loaded[1]


def kernel(name: str):
    """The runtime kernel ``name`` of the loaded export."""
    found = _by_name.get(name)
    if found is None:
        found = _by_name[name] = kernel_set()[name]
    return found


#: kernel()'s results (kernel_set takes a lock); emptied with _loaded.
_by_name: Dict[str, object] = {}


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) == 2 and argv[0] == "check":
        try:
            names = check_export(argv[1])
        except KernelDirError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        print(f"{argv[1]}: {len(REQUIRED)} kernels fp8q.torch needs, all present "
              f"({len(names)} in the manifest)")
        return 0
    if argv[:1] == ["compile"] and len(argv) <= 2:
        fp8_opt = _find_fp8_opt()
        if fp8_opt is None:
            print("error: no fp8-opt (set FP8Q_OPT or put it on PATH)", file=sys.stderr)
            return 1
        try:
            directory = compile_kernels(fp8_opt, argv[1] if len(argv) == 2 else None)
            check_export(directory)
        except KernelDirError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        print(directory)
        return 0
    if argv == ["where"]:
        try:
            print(find_kernel_dir(compile_if_missing=False))
        except KernelDirError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        return 0
    print("usage: python -m fp8q.torch check DIR | where | compile [CACHE_DIR]",
          file=sys.stderr)
    return 2
