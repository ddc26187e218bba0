"""Load and launch ahead-of-time compiled fp8q kernels from Python.

An export directory (``manifest.json`` plus cubins, see
``python/fp8q/README_runtime.md``) is loaded with :func:`load`; each kernel
is then called with device arrays and integer sizes::

    import fp8q.runtime as rt
    kernels = rt.load("export/")
    q = torch.empty(M, K, dtype=torch.float8_e4m3fn, device="cuda")
    s = torch.empty(M, (K + 127) // 128, dtype=torch.float32, device="cuda")
    kernels["fp8q_quantize_1x128_bf16_fp32"](x, q, s)        # M, K inferred
    ms = rt.benchmark(kernels["..."].prepare(x, q, s))       # median, L2 flushed

Arrays are torch CUDA tensors, CuPy arrays (anything with
``__cuda_array_interface__``), :class:`DeviceBuffer` or raw device pointers
(``int``; no shape checks then, so every size must be given). Before a
launch the arguments are checked against the manifest: count, dtype, shape,
contiguity, 16-byte alignment, the kernel's ``requires``, and outputs that are
read-only or overlap another argument; a launch whose outputs have no
elements (M = 0) launches nothing. The device must
be one the cubin runs on ("this kernel needs sm_90a (Hopper); found sm_80").
Every CUDA failure raises :class:`CudaError` naming the driver call.

The driver is reached through ``cuda-python`` (``cuda.bindings.driver``) when
it is installed, else through ``ctypes`` on ``libcuda.so.1``; set
``FP8Q_CUDA_BACKEND=ctypes`` or ``=cuda-python`` to choose, and
``FP8Q_CUDA_DRIVER_LIBRARY`` to open another driver library (ctypes only).
The runtime uses the primary context of its device (0 unless
:func:`set_device` says otherwise), the one PyTorch and CuPy use, so
pointers are shared freely.
"""

from __future__ import annotations

import collections
import ctypes
import dataclasses
import os
import statistics
import threading
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from fp8q import expr as _expr
from fp8q import manifest as _manifest
from fp8q.manifest import (DTYPES, INTEGER_KINDS, INTEGER_RANGES, ArgSpec, KernelSpec,
                           Manifest, ManifestError, arch_family, chip_runs_on, load_manifest)

__all__ = [
    "CudaError",
    "LaunchError",
    "ManifestError",
    "UnsupportedDeviceError",
    "Device",
    "DeviceBuffer",
    "Event",
    "Kernel",
    "KernelSet",
    "PreparedLaunch",
    "benchmark",
    "current_device",
    "load",
    "load_manifest",
    "set_device",
    "synchronize",
    "time_ms",
]

#: Environment variable choosing the driver binding ("auto", "ctypes",
#: "cuda-python").
BACKEND_ENV = "FP8Q_CUDA_BACKEND"
#: Environment variable naming the driver library for the ctypes binding.
DRIVER_LIBRARY_ENV = "FP8Q_CUDA_DRIVER_LIBRARY"
#: Pointer arguments must be aligned to this many bytes (TMA and vector
#: loads need 16).
POINTER_ALIGNMENT = 16
#: Bytes of a CUtensorMap.
TENSOR_MAP_BYTES = 128
#: Checked launches each Kernel keeps for repeated calls with the same
#: arguments (static buffers: a benchmark, an inference loop, a captured
#: graph's warm-up). NOTE: a training step's fresh activations still missed
#: it 81 % of the time on the H200 (torch's allocator does not hand out the
#: same addresses step after step), which is why fp8q.torch launches through
#: launch_trusted instead (bench/results/h200-train-lm-first.txt).
LAUNCH_CACHE_SIZE = 1024
#: Tensor maps (one per tensor address, shape and box) each KernelSet keeps
#: for reuse: encoded maps of `pass: value` arguments (host memory, dropped
#: least recently used first) and device copies of `pass: pointer` ones.
#: Past this many device copies the least recently used half is released,
#: after a synchronization of the device (a launch still in
#: flight may read a map): a training loop whose activations move every
#: step would otherwise allocate device memory without end.
TENSOR_MAP_CACHE_SIZE = 4096
#: Size-dependent results of the manifest's expressions (requirements,
#: shapes, grid, block, cluster, shared memory) each Kernel keeps, by sizes.
PLAN_CACHE_SIZE = 256
#: Buffer written before each timed repetition to evict the L2 cache
#: (H100/H200 have 50/60 MB of L2).
L2_FLUSH_BYTES = 256 * 1024 * 1024

# Driver API constants (cuda.h).
_CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16
_CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38
_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75
_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97
_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
_CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 11
_CU_JIT_ERROR_LOG_BUFFER = 5
_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4
_CU_STREAM_NON_BLOCKING = 1
_CU_EVENT_DEFAULT = 0
_CUDA_SUCCESS = 0
_CUDA_ERROR_NO_BINARY_FOR_GPU = 209
_DEFAULT_MAX_DYNAMIC_SHARED = 48 * 1024
_MAX_PORTABLE_CLUSTER = 8
_JIT_LOG_BYTES = 16 * 1024


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


class CudaError(RuntimeError):
    """A CUDA driver call failed.

    Attributes:
      call: the driver function ("cuModuleLoadData").
      code: the CUresult value.
      name: its name ("CUDA_ERROR_NO_BINARY_FOR_GPU").
    """

    def __init__(self, call: str, code: int, name: str, text: str, context: str = ""):
        self.call, self.code, self.name = call, code, name
        message = f"{call} failed: {name}: {text}"
        if context:
            message += f" ({context})"
        super().__init__(message)


class LaunchError(ValueError):
    """The arguments of a kernel call do not match its manifest entry."""


class UnsupportedDeviceError(RuntimeError):
    """The GPU cannot run the kernels (wrong architecture, no GPU, ...)."""


# ---------------------------------------------------------------------------
# Driver bindings
# ---------------------------------------------------------------------------


class _KnownErrors:
    """Names of common CUresults, for drivers (or stubs) that cannot say."""

    NAMES = {
        1: ("CUDA_ERROR_INVALID_VALUE", "invalid argument"),
        2: ("CUDA_ERROR_OUT_OF_MEMORY", "out of memory"),
        3: ("CUDA_ERROR_NOT_INITIALIZED", "initialization error"),
        34: ("CUDA_ERROR_STUB_LIBRARY", "CUDA driver is a stub library"),
        100: ("CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"),
        101: ("CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"),
        200: ("CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"),
        201: ("CUDA_ERROR_INVALID_CONTEXT", "invalid device context"),
        209: ("CUDA_ERROR_NO_BINARY_FOR_GPU",
              "no kernel image is available for execution on the device"),
        218: ("CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"),
        400: ("CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"),
        500: ("CUDA_ERROR_NOT_FOUND", "named symbol not found"),
        700: ("CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"),
        701: ("CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "too many resources requested for launch"),
        719: ("CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"),
    }


class _CtypesDriver:
    """The driver API through ctypes on libcuda.so.1 (handles are ints)."""

    name = "ctypes"

    def __init__(self):
        path = os.environ.get(DRIVER_LIBRARY_ENV) or "libcuda.so.1"
        try:
            self.lib = ctypes.CDLL(path)
        except OSError as err:
            raise UnsupportedDeviceError(
                f"no CUDA driver found: cannot load {path} ({err}); install the NVIDIA "
                f"driver or set {DRIVER_LIBRARY_ENV}") from None
        self.path = path
        c_int, c_uint, c_void_p, c_size_t = ctypes.c_int, ctypes.c_uint, ctypes.c_void_p, ctypes.c_size_t
        c_u64, P = ctypes.c_uint64, ctypes.POINTER
        signatures = {
            "cuInit": [c_uint],
            "cuDriverGetVersion": [P(c_int)],
            "cuGetErrorName": [c_int, P(ctypes.c_char_p)],
            "cuGetErrorString": [c_int, P(ctypes.c_char_p)],
            "cuDeviceGetCount": [P(c_int)],
            "cuDeviceGet": [P(c_int), c_int],
            "cuDeviceGetName": [ctypes.c_char_p, c_int, c_int],
            "cuDeviceGetAttribute": [P(c_int), c_int, c_int],
            "cuDevicePrimaryCtxRetain": [P(c_void_p), c_int],
            "cuCtxGetCurrent": [P(c_void_p)],
            "cuCtxPushCurrent_v2": [c_void_p],
            "cuCtxPopCurrent_v2": [P(c_void_p)],
            "cuCtxSynchronize": [],
            "cuModuleLoadDataEx": [P(c_void_p), c_void_p, c_uint, P(c_int), P(c_void_p)],
            "cuModuleUnload": [c_void_p],
            "cuModuleGetFunction": [P(c_void_p), c_void_p, ctypes.c_char_p],
            "cuFuncSetAttribute": [c_void_p, c_int, c_int],
            "cuLaunchKernel": [c_void_p, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint,
                               c_void_p, c_void_p, c_void_p],
            "cuLaunchKernelEx": [c_void_p, c_void_p, c_void_p, c_void_p],
            "cuStreamCreate": [P(c_void_p), c_uint],
            "cuStreamDestroy_v2": [c_void_p],
            "cuStreamSynchronize": [c_void_p],
            "cuEventCreate": [P(c_void_p), c_uint],
            "cuEventDestroy_v2": [c_void_p],
            "cuEventRecord": [c_void_p, c_void_p],
            "cuEventSynchronize": [c_void_p],
            "cuEventElapsedTime_v2": [P(ctypes.c_float), c_void_p, c_void_p],
            "cuEventElapsedTime": [P(ctypes.c_float), c_void_p, c_void_p],
            "cuMemAlloc_v2": [P(c_u64), c_size_t],
            "cuMemFree_v2": [c_u64],
            "cuMemGetInfo_v2": [P(c_size_t), P(c_size_t)],
            "cuMemcpyHtoD_v2": [c_u64, c_void_p, c_size_t],
            "cuMemcpyDtoH_v2": [c_void_p, c_u64, c_size_t],
            "cuMemcpyDtoDAsync_v2": [c_u64, c_u64, c_size_t, c_void_p],
            "cuMemsetD8Async": [c_u64, ctypes.c_ubyte, c_size_t, c_void_p],
            "cuTensorMapEncodeTiled": [c_void_p, c_int, c_uint, c_void_p, P(c_u64), P(c_u64),
                                       P(c_uint), P(c_uint), c_int, c_int, c_int, c_int],
        }
        self.fn: Dict[str, Any] = {}
        for name, argtypes in signatures.items():
            fn = getattr(self.lib, name, None)
            if fn is None:
                continue
            fn.argtypes = argtypes
            fn.restype = c_int
            self.fn[name] = fn
        if "cuEventElapsedTime_v2" in self.fn:
            self.fn["cuEventElapsedTime"] = self.fn["cuEventElapsedTime_v2"]
        # Fast path of launches: the raw functions, arguments converted once.
        self.launch_raw = self.fn.get("cuLaunchKernel")
        self.context_raw = self.fn.get("cuCtxGetCurrent")

    def _call(self, name: str, *args, context: str = ""):
        fn = self.fn.get(name)
        if fn is None:
            raise UnsupportedDeviceError(
                f"the CUDA driver {self.path} has no {name}; a driver for CUDA 12.0 or "
                "newer is needed")
        result = fn(*args)
        if result != _CUDA_SUCCESS:
            self.raise_error(name.replace("_v2", ""), result, context)

    def raise_error(self, call: str, code: int, context: str = ""):
        name = text = None
        n, t = ctypes.c_char_p(), ctypes.c_char_p()
        if "cuGetErrorName" in self.fn and self.fn["cuGetErrorName"](code, ctypes.byref(n)) == 0:
            name = n.value.decode()
        if "cuGetErrorString" in self.fn and self.fn["cuGetErrorString"](code, ctypes.byref(t)) == 0:
            text = t.value.decode()
        known = _KnownErrors.NAMES.get(code, (f"CUDA error {code}", "unknown error"))
        raise CudaError(call, code, name or known[0], text or known[1], context)

    # Every method below returns plain Python values; handles are ints.

    def init(self) -> int:
        fn = self.fn.get("cuInit")
        if fn is None:
            raise UnsupportedDeviceError(f"no CUDA driver found: {self.path} has no cuInit")
        return fn(0)

    def device_count(self) -> int:
        count = ctypes.c_int()
        self._call("cuDeviceGetCount", ctypes.byref(count))
        return count.value

    def device_get(self, ordinal: int) -> int:
        device = ctypes.c_int()
        self._call("cuDeviceGet", ctypes.byref(device), ordinal)
        return device.value

    def device_name(self, device: int) -> str:
        buffer = ctypes.create_string_buffer(256)
        self._call("cuDeviceGetName", buffer, 255, device)
        return buffer.value.decode(errors="replace")

    def device_attribute(self, attribute: int, device: int) -> int:
        value = ctypes.c_int()
        self._call("cuDeviceGetAttribute", ctypes.byref(value), attribute, device)
        return value.value

    def primary_context(self, device: int) -> int:
        ctx = ctypes.c_void_p()
        self._call("cuDevicePrimaryCtxRetain", ctypes.byref(ctx), device)
        return ctx.value or 0

    def current_context(self) -> int:
        ctx = ctypes.c_void_p()
        self._call("cuCtxGetCurrent", ctypes.byref(ctx))
        return ctx.value or 0

    def push_context(self, ctx: int):
        self._call("cuCtxPushCurrent_v2", ctypes.c_void_p(ctx))

    def pop_context(self):
        popped = ctypes.c_void_p()
        self._call("cuCtxPopCurrent_v2", ctypes.byref(popped))

    def context_synchronize(self):
        self._call("cuCtxSynchronize")

    def module_load(self, image: bytes) -> Tuple[int, int, str]:
        """Returns (module, CUresult, JIT error log); module 0 on failure."""
        module = ctypes.c_void_p()
        log = ctypes.create_string_buffer(_JIT_LOG_BYTES)
        options = (ctypes.c_int * 2)(_CU_JIT_ERROR_LOG_BUFFER, _CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        values = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p).value, _JIT_LOG_BYTES)
        image = _nul_terminated(image)
        data = ctypes.create_string_buffer(image, len(image))
        result = self.fn["cuModuleLoadDataEx"](ctypes.byref(module), data, 2, options, values)
        return (module.value or 0), result, log.value.decode(errors="replace").strip()

    def module_unload(self, module: int):
        self._call("cuModuleUnload", ctypes.c_void_p(module))

    def module_function(self, module: int, name: str) -> int:
        function = ctypes.c_void_p()
        self._call("cuModuleGetFunction", ctypes.byref(function), ctypes.c_void_p(module),
                   name.encode(), context=f"kernel {name!r}")
        return function.value or 0

    def function_set_attribute(self, function: int, attribute: int, value: int):
        self._call("cuFuncSetAttribute", ctypes.c_void_p(function), attribute, value)

    def launch(self, function: int, grid, block, smem: int, stream: int, params: int,
               context: str = ""):
        result = self.launch_raw(function, grid[0], grid[1], grid[2], block[0], block[1],
                                 block[2], smem, stream, params, None)
        if result != _CUDA_SUCCESS:
            self.raise_error("cuLaunchKernel", result, context)

    def launch_cluster(self, function: int, grid, block, cluster, smem: int, stream: int,
                       params: int, context: str = ""):
        attribute = _LaunchAttribute()
        attribute.id = _CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attribute.x, attribute.y, attribute.z = cluster
        config = _LaunchConfig(*grid, *block, smem, stream, ctypes.addressof(attribute), 1)
        self._call("cuLaunchKernelEx", ctypes.byref(config), ctypes.c_void_p(function),
                   ctypes.c_void_p(params), None, context=context)

    def stream_create(self) -> int:
        stream = ctypes.c_void_p()
        self._call("cuStreamCreate", ctypes.byref(stream), _CU_STREAM_NON_BLOCKING)
        return stream.value or 0

    def stream_destroy(self, stream: int):
        self._call("cuStreamDestroy_v2", ctypes.c_void_p(stream))

    def stream_synchronize(self, stream: int, context: str = ""):
        self._call("cuStreamSynchronize", ctypes.c_void_p(stream), context=context)

    def event_create(self) -> int:
        event = ctypes.c_void_p()
        self._call("cuEventCreate", ctypes.byref(event), _CU_EVENT_DEFAULT)
        return event.value or 0

    def event_destroy(self, event: int):
        self._call("cuEventDestroy_v2", ctypes.c_void_p(event))

    def event_record(self, event: int, stream: int):
        self._call("cuEventRecord", ctypes.c_void_p(event), ctypes.c_void_p(stream))

    def event_synchronize(self, event: int):
        self._call("cuEventSynchronize", ctypes.c_void_p(event))

    def event_elapsed_ms(self, start: int, end: int) -> float:
        ms = ctypes.c_float()
        self._call("cuEventElapsedTime", ctypes.byref(ms), ctypes.c_void_p(start),
                   ctypes.c_void_p(end))
        return ms.value

    def mem_alloc(self, nbytes: int) -> Tuple[int, int]:
        """Returns (pointer, CUresult)."""
        ptr = ctypes.c_uint64()
        result = self.fn["cuMemAlloc_v2"](ctypes.byref(ptr), nbytes)
        return ptr.value, result

    def mem_free(self, ptr: int):
        self._call("cuMemFree_v2", ptr)

    def mem_info(self) -> Tuple[int, int]:
        free, total = ctypes.c_size_t(), ctypes.c_size_t()
        self._call("cuMemGetInfo_v2", ctypes.byref(free), ctypes.byref(total))
        return free.value, total.value

    def copy_to_device(self, dst: int, src_address: int, nbytes: int):
        self._call("cuMemcpyHtoD_v2", dst, ctypes.c_void_p(src_address), nbytes)

    def copy_to_host(self, dst_address: int, src: int, nbytes: int):
        self._call("cuMemcpyDtoH_v2", ctypes.c_void_p(dst_address), src, nbytes)

    def copy_device(self, dst: int, src: int, nbytes: int, stream: int):
        self._call("cuMemcpyDtoDAsync_v2", dst, src, nbytes, ctypes.c_void_p(stream))

    def memset8(self, ptr: int, value: int, nbytes: int, stream: int):
        self._call("cuMemsetD8Async", ptr, value, nbytes, ctypes.c_void_p(stream))

    def encode_tensor_map(self, dtype: int, address: int, dims, strides, box, element_strides,
                          interleave: int, swizzle: int, l2: int, oob: int,
                          context: str = "") -> bytes:
        rank = len(dims)
        out = (ctypes.c_uint64 * (TENSOR_MAP_BYTES // 8))()
        self._call("cuTensorMapEncodeTiled", ctypes.byref(out), dtype, rank,
                   ctypes.c_void_p(address), (ctypes.c_uint64 * rank)(*dims),
                   (ctypes.c_uint64 * max(rank - 1, 1))(*(strides or [0])),
                   (ctypes.c_uint * rank)(*box), (ctypes.c_uint * rank)(*element_strides),
                   interleave, swizzle, l2, oob, context=context)
        return bytes(out)


def _nul_terminated(image: bytes) -> bytes:
    """The module image with a terminating NUL.

    cuModuleLoadData takes no size: a cubin or fatbinary is measured from
    its header, but PTX is read as a NUL-terminated string, and a PTX file
    does not end with one (without it the driver reads past the buffer).
    """
    return image if image.endswith(b"\0") else image + b"\0"


class _LaunchAttribute(ctypes.Structure):
    """CUlaunchAttribute with the clusterDim member (cuda.h layout)."""

    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_char * 4), ("x", ctypes.c_uint),
                ("y", ctypes.c_uint), ("z", ctypes.c_uint), ("rest", ctypes.c_char * 52)]


class _LaunchConfig(ctypes.Structure):
    """CUlaunchConfig (cuda.h layout)."""

    _fields_ = [("gridDimX", ctypes.c_uint), ("gridDimY", ctypes.c_uint),
                ("gridDimZ", ctypes.c_uint), ("blockDimX", ctypes.c_uint),
                ("blockDimY", ctypes.c_uint), ("blockDimZ", ctypes.c_uint),
                ("sharedMemBytes", ctypes.c_uint), ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.c_void_p), ("numAttrs", ctypes.c_uint)]


assert ctypes.sizeof(_LaunchAttribute) == 72 and ctypes.sizeof(_LaunchConfig) == 56


class _CudaPythonDriver(_CtypesDriver):
    """The driver API through cuda-python (``cuda.bindings.driver``).

    Same interface as the ctypes binding. The tensor-map encoder is taken
    from the same driver library through ctypes (a pure host function).
    """

    name = "cuda-python"

    def __init__(self, driver_module):
        self.d = driver_module
        self.path = "cuda-python"
        self.fn = {}
        try:  # the same libcuda.so.1 that cuda-python loaded
            lib = ctypes.CDLL("libcuda.so.1")
            fn = lib.cuTensorMapEncodeTiled
            P, c_uint = ctypes.POINTER, ctypes.c_uint
            fn.argtypes = [ctypes.c_void_p, ctypes.c_int, c_uint, ctypes.c_void_p,
                           P(ctypes.c_uint64), P(ctypes.c_uint64), P(c_uint), P(c_uint),
                           ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
            fn.restype = ctypes.c_int
            self.fn["cuTensorMapEncodeTiled"] = fn
            # Launch_trusted's fast path calls the same driver through ctypes
            # (cuda-python's wrappers cost several microseconds a launch);
            # handles are the same addresses in both bindings.
            launch = lib.cuLaunchKernel
            launch.argtypes = [ctypes.c_void_p] + [c_uint] * 7 + [ctypes.c_void_p] * 3
            launch.restype = ctypes.c_int
            context = lib.cuCtxGetCurrent
            context.argtypes = [P(ctypes.c_void_p)]
            context.restype = ctypes.c_int
            self.launch_raw, self.context_raw = launch, context
        except (OSError, AttributeError):
            pass

    def _check(self, call: str, out, context: str = ""):
        result = out[0] if isinstance(out, tuple) else out
        code = int(result)
        if code != _CUDA_SUCCESS:
            self.raise_error(call, code, context)
        if isinstance(out, tuple):
            return out[1] if len(out) == 2 else out[1:]
        return None

    def raise_error(self, call: str, code: int, context: str = ""):
        name = text = None
        try:
            err, value = self.d.cuGetErrorName(self.d.CUresult(code))
            if int(err) == 0:
                name = value.decode()
            err, value = self.d.cuGetErrorString(self.d.CUresult(code))
            if int(err) == 0:
                text = value.decode()
        except Exception:  # noqa: BLE001 (best effort: fall back to the table)
            pass
        known = _KnownErrors.NAMES.get(code, (f"CUDA error {code}", "unknown error"))
        raise CudaError(call, code, name or known[0], text or known[1], context)

    def init(self) -> int:
        return int(self.d.cuInit(0)[0])

    def device_count(self) -> int:
        return self._check("cuDeviceGetCount", self.d.cuDeviceGetCount())

    def device_get(self, ordinal: int) -> int:
        return int(self._check("cuDeviceGet", self.d.cuDeviceGet(ordinal)))

    def device_name(self, device: int) -> str:
        name = self._check("cuDeviceGetName", self.d.cuDeviceGetName(256, self.d.CUdevice(device)))
        return name.split(b"\0", 1)[0].decode(errors="replace")

    def device_attribute(self, attribute: int, device: int) -> int:
        return self._check("cuDeviceGetAttribute", self.d.cuDeviceGetAttribute(
            self.d.CUdevice_attribute(attribute), self.d.CUdevice(device)))

    def primary_context(self, device: int) -> int:
        ctx = self._check("cuDevicePrimaryCtxRetain",
                          self.d.cuDevicePrimaryCtxRetain(self.d.CUdevice(device)))
        self._contexts = getattr(self, "_contexts", {})
        self._contexts[int(ctx)] = ctx
        return int(ctx)

    def current_context(self) -> int:
        return int(self._check("cuCtxGetCurrent", self.d.cuCtxGetCurrent()))

    def push_context(self, ctx: int):
        self._check("cuCtxPushCurrent", self.d.cuCtxPushCurrent(self._contexts[ctx]))

    def pop_context(self):
        self._check("cuCtxPopCurrent", self.d.cuCtxPopCurrent())

    def context_synchronize(self):
        self._check("cuCtxSynchronize", self.d.cuCtxSynchronize())

    def module_load(self, image: bytes) -> Tuple[int, int, str]:
        out = self.d.cuModuleLoadData(_nul_terminated(image))
        code = int(out[0])
        return (int(out[1]) if code == 0 else 0), code, ""

    def module_unload(self, module: int):
        self._check("cuModuleUnload", self.d.cuModuleUnload(self.d.CUmodule(module)))

    def module_function(self, module: int, name: str) -> int:
        return int(self._check("cuModuleGetFunction", self.d.cuModuleGetFunction(
            self.d.CUmodule(module), name.encode()), context=f"kernel {name!r}"))

    def function_set_attribute(self, function: int, attribute: int, value: int):
        self._check("cuFuncSetAttribute", self.d.cuFuncSetAttribute(
            self.d.CUfunction(function), self.d.CUfunction_attribute(attribute), value))

    def launch(self, function: int, grid, block, smem: int, stream: int, params: int,
               context: str = ""):
        self._check("cuLaunchKernel", self.d.cuLaunchKernel(
            self.d.CUfunction(function), grid[0], grid[1], grid[2], block[0], block[1], block[2],
            smem, self.d.CUstream(stream), params, 0), context)

    def launch_cluster(self, function: int, grid, block, cluster, smem: int, stream: int,
                       params: int, context: str = ""):
        d = self.d
        attribute = d.CUlaunchAttribute()
        attribute.id = d.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attribute.value.clusterDim.x, attribute.value.clusterDim.y, \
            attribute.value.clusterDim.z = cluster
        config = d.CUlaunchConfig()
        config.gridDimX, config.gridDimY, config.gridDimZ = grid
        config.blockDimX, config.blockDimY, config.blockDimZ = block
        config.sharedMemBytes = smem
        config.hStream = d.CUstream(stream)
        config.attrs = [attribute]
        config.numAttrs = 1
        self._check("cuLaunchKernelEx", d.cuLaunchKernelEx(config, d.CUfunction(function),
                                                           params, 0), context)

    def stream_create(self) -> int:
        return int(self._check("cuStreamCreate", self.d.cuStreamCreate(_CU_STREAM_NON_BLOCKING)))

    def stream_destroy(self, stream: int):
        self._check("cuStreamDestroy", self.d.cuStreamDestroy(self.d.CUstream(stream)))

    def stream_synchronize(self, stream: int, context: str = ""):
        self._check("cuStreamSynchronize", self.d.cuStreamSynchronize(self.d.CUstream(stream)),
                    context)

    def event_create(self) -> int:
        event = self._check("cuEventCreate", self.d.cuEventCreate(_CU_EVENT_DEFAULT))
        self._events = getattr(self, "_events", {})
        self._events[int(event)] = event
        return int(event)

    def event_destroy(self, event: int):
        self._check("cuEventDestroy", self.d.cuEventDestroy(self._events.pop(event)))

    def event_record(self, event: int, stream: int):
        self._check("cuEventRecord", self.d.cuEventRecord(self._events[event],
                                                          self.d.CUstream(stream)))

    def event_synchronize(self, event: int):
        self._check("cuEventSynchronize", self.d.cuEventSynchronize(self._events[event]))

    def event_elapsed_ms(self, start: int, end: int) -> float:
        return float(self._check("cuEventElapsedTime", self.d.cuEventElapsedTime(
            self._events[start], self._events[end])))

    def mem_alloc(self, nbytes: int) -> Tuple[int, int]:
        out = self.d.cuMemAlloc(nbytes)
        code = int(out[0])
        return (int(out[1]) if code == 0 else 0), code

    def mem_free(self, ptr: int):
        self._check("cuMemFree", self.d.cuMemFree(self.d.CUdeviceptr(ptr)))

    def mem_info(self) -> Tuple[int, int]:
        free, total = self._check("cuMemGetInfo", self.d.cuMemGetInfo())
        return int(free), int(total)

    def copy_to_device(self, dst: int, src_address: int, nbytes: int):
        self._check("cuMemcpyHtoD", self.d.cuMemcpyHtoD(self.d.CUdeviceptr(dst), src_address,
                                                        nbytes))

    def copy_to_host(self, dst_address: int, src: int, nbytes: int):
        self._check("cuMemcpyDtoH", self.d.cuMemcpyDtoH(dst_address, self.d.CUdeviceptr(src),
                                                        nbytes))

    def copy_device(self, dst: int, src: int, nbytes: int, stream: int):
        self._check("cuMemcpyDtoDAsync", self.d.cuMemcpyDtoDAsync(
            self.d.CUdeviceptr(dst), self.d.CUdeviceptr(src), nbytes, self.d.CUstream(stream)))

    def memset8(self, ptr: int, value: int, nbytes: int, stream: int):
        self._check("cuMemsetD8Async", self.d.cuMemsetD8Async(
            self.d.CUdeviceptr(ptr), value, nbytes, self.d.CUstream(stream)))


def _make_driver():
    choice = os.environ.get(BACKEND_ENV, "auto").strip().lower()
    if choice not in ("auto", "ctypes", "cuda-python"):
        raise ValueError(f"{BACKEND_ENV}={choice!r}: expected auto, ctypes or cuda-python")
    if choice == "cuda-python" or (choice == "auto" and not os.environ.get(DRIVER_LIBRARY_ENV)):
        try:
            from cuda.bindings import driver as cuda_driver  # noqa: PLC0415
        except ImportError:
            try:
                from cuda import cuda as cuda_driver  # noqa: PLC0415 (cuda-python 11.x/12.0-12.5)
            except ImportError:
                cuda_driver = None
        if cuda_driver is not None:
            return _CudaPythonDriver(cuda_driver)
        if choice == "cuda-python":
            raise ImportError(f"{BACKEND_ENV}=cuda-python, but cuda-python is not installed")
    return _CtypesDriver()


# ---------------------------------------------------------------------------
# Device and context
# ---------------------------------------------------------------------------


class Device:
    """The GPU the runtime uses and its primary context.

    Attributes:
      ordinal, name, major, minor: the device and its compute capability.
      arch: "sm_90".
      multiprocessors, l2_bytes, max_shared_optin: properties used by
        launches and benchmarks.
      backend: "ctypes" or "cuda-python".
    """

    def __init__(self, driver, ordinal: int):
        self.driver = driver
        self.backend = driver.name
        result = driver.init()
        if result == 34:
            raise UnsupportedDeviceError(
                "no CUDA driver found: the CUDA toolkit's link stub was loaded instead of the "
                "driver (cuInit: CUDA_ERROR_STUB_LIBRARY)")
        if result == 100:
            raise UnsupportedDeviceError("no CUDA device found (cuInit: CUDA_ERROR_NO_DEVICE)")
        if result != _CUDA_SUCCESS:
            driver.raise_error("cuInit", result)
        count = driver.device_count()
        if count == 0:
            raise UnsupportedDeviceError("no CUDA device found")
        if not 0 <= ordinal < count:
            raise UnsupportedDeviceError(
                f"CUDA device {ordinal} does not exist: {count} device(s) are visible")
        self.ordinal = ordinal
        self.handle = driver.device_get(ordinal)
        self.name = driver.device_name(self.handle)
        attr = lambda a: driver.device_attribute(a, self.handle)  # noqa: E731
        self.major = attr(_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
        self.minor = attr(_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
        self.multiprocessors = attr(_CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
        self.l2_bytes = attr(_CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)
        self.max_shared_optin = attr(_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
        self.context = driver.primary_context(self.handle)

    @property
    def arch(self) -> str:
        return f"sm_{self.major}{self.minor}"

    def describe(self) -> str:
        return f"{self.name}, {self.arch}, device {self.ordinal}"

    def __repr__(self) -> str:
        return f"<fp8q.runtime.Device {self.describe()} via {self.backend}>"

    def activate(self) -> "_ContextGuard":
        """Context manager making the primary context current if it is not."""
        return _ContextGuard(self)


class _ContextGuard:
    __slots__ = ("device", "pushed")

    def __init__(self, device: Device):
        self.device = device
        self.pushed = False

    def __enter__(self):
        if self.device.driver.current_context() != self.device.context:
            self.device.driver.push_context(self.device.context)
            self.pushed = True
        return self.device

    def __exit__(self, *exc):
        if self.pushed:
            self.device.driver.pop_context()
        return False


_lock = threading.Lock()
_device: Optional[Device] = None
_requested_ordinal: Optional[int] = None


def set_device(ordinal: int) -> None:
    """Chooses the GPU before the runtime first uses one (default: 0, or the
    current PyTorch device if PyTorch has initialized CUDA)."""
    global _requested_ordinal
    with _lock:
        if _device is not None and _device.ordinal != ordinal:
            raise RuntimeError(f"fp8q.runtime already uses {_device.describe()}")
        _requested_ordinal = int(ordinal)


def current_device() -> Device:
    """The runtime's device, initializing the driver on first use."""
    global _device
    if _device is not None:
        return _device
    with _lock:
        if _device is None:
            ordinal = _requested_ordinal
            if ordinal is None:
                ordinal = _torch_current_device()
            _device = Device(_make_driver(), ordinal)
    return _device


def _torch_current_device() -> int:
    torch = _torch_if_loaded()
    if torch is not None:
        try:
            if torch.cuda.is_initialized():
                return int(torch.cuda.current_device())
        except Exception:  # noqa: BLE001 (torch without CUDA)
            pass
    return 0


def _torch_if_loaded():
    """PyTorch if the program imported it (never imports it itself)."""
    import sys  # noqa: PLC0415

    return sys.modules.get("torch")


def synchronize() -> None:
    """Waits for all work on the runtime's device."""
    device = current_device()
    with device.activate():
        device.driver.context_synchronize()


# ---------------------------------------------------------------------------
# Device memory
# ---------------------------------------------------------------------------


def _format_bytes(n: int) -> str:
    value, unit = float(n), "bytes"
    for candidate in ("KiB", "MiB", "GiB", "TiB"):
        if value < 1024:
            break
        value, unit = value / 1024, candidate
    return f"{n} bytes" if unit == "bytes" else f"{n} bytes ({value:.1f} {unit})"


class DeviceBuffer:
    """Device memory owned by the runtime, with an element type and a shape.

    Works without PyTorch: the device scripts use it to move numpy arrays.
    Freed when garbage-collected or by :meth:`free`.
    """

    def __init__(self, shape: Sequence[int], dtype: str):
        if dtype not in DTYPES:
            raise ValueError(f"unknown dtype {dtype!r} (known: {', '.join(DTYPES)})")
        self.shape = tuple(int(s) for s in shape)
        self.dtype = dtype
        count = 1
        for s in self.shape:
            if s < 0:
                raise ValueError(f"negative extent in shape {self.shape}")
            count *= s
        self.nbytes = count * DTYPES[dtype].itemsize
        self.device = current_device()
        self.ptr = 0
        if self.nbytes:
            with self.device.activate():
                ptr, result = self.device.driver.mem_alloc(self.nbytes)
            if result == 2:
                free, total = self.device.driver.mem_info()
                raise CudaError("cuMemAlloc", result, "CUDA_ERROR_OUT_OF_MEMORY",
                                f"out of memory allocating {_format_bytes(self.nbytes)} on "
                                f"{self.device.describe()}; {_format_bytes(free)} free of "
                                f"{_format_bytes(total)}")
            if result != _CUDA_SUCCESS:
                self.device.driver.raise_error("cuMemAlloc", result,
                                               f"allocating {_format_bytes(self.nbytes)}")
            self.ptr = ptr

    @classmethod
    def from_numpy(cls, array, dtype: Optional[str] = None) -> "DeviceBuffer":
        """Copies a host array to a new buffer. ``dtype`` defaults to the
        manifest name of the array's dtype; give it for bf16 (uint16 bits)
        and E4M3 (uint8 codes)."""
        import numpy as np  # noqa: PLC0415

        array = np.ascontiguousarray(array)
        if dtype is None:
            by_numpy = {"uint8": "u8", "int8": "i8", "uint16": "bf16", "float16": "f16",
                        "int16": "i16", "float32": "f32", "int32": "i32", "uint32": "u32",
                        "float64": "f64", "int64": "i64"}
            dtype = by_numpy.get(array.dtype.name)
            if dtype is None:
                raise ValueError(f"no device dtype for numpy {array.dtype}; pass dtype=")
        if DTYPES[dtype].itemsize != array.dtype.itemsize:
            raise ValueError(f"a {array.dtype} array cannot hold {dtype} elements")
        buffer = cls(array.shape, dtype)
        buffer.copy_from(array)
        return buffer

    def copy_from(self, array) -> None:
        """Copies a host array of the same byte size into the buffer."""
        import numpy as np  # noqa: PLC0415

        array = np.ascontiguousarray(array)
        if array.nbytes != self.nbytes:
            raise ValueError(f"copy of {array.nbytes} bytes into a buffer of {self.nbytes}")
        if self.nbytes:
            with self.device.activate():
                self.device.driver.copy_to_device(self.ptr, array.ctypes.data, self.nbytes)

    def to_numpy(self):
        """Copies the buffer to a new host array (bf16 as uint16 bits, E4M3 as
        uint8 codes); waits for the device first."""
        import numpy as np  # noqa: PLC0415

        out = np.empty(self.shape, dtype=DTYPES[self.dtype].numpy)
        if self.nbytes:
            with self.device.activate():
                self.device.driver.context_synchronize()
                self.device.driver.copy_to_host(out.ctypes.data, self.ptr, self.nbytes)
        return out

    def copy_to(self, other: "DeviceBuffer", stream: Any = None) -> None:
        """Copies this buffer into ``other`` (same byte size) on ``stream``."""
        if other.nbytes != self.nbytes:
            raise ValueError(f"copy of {self.nbytes} bytes into a buffer of {other.nbytes}")
        if self.nbytes:
            with self.device.activate():
                self.device.driver.copy_device(other.ptr, self.ptr, self.nbytes,
                                               _stream_handle(stream))

    def fill_bytes(self, value: int, stream: Any = None) -> None:
        """Sets every byte to ``value`` (e.g. 0xFF to poison outputs)."""
        if self.nbytes:
            with self.device.activate():
                self.device.driver.memset8(self.ptr, value & 0xFF, self.nbytes,
                                           _stream_handle(stream))

    def free(self) -> None:
        if self.ptr:
            ptr, self.ptr = self.ptr, 0
            with self.device.activate():
                self.device.driver.mem_free(ptr)

    def __del__(self):
        try:
            self.free()
        except Exception:  # noqa: BLE001 (interpreter shutdown)
            pass

    def __repr__(self) -> str:
        return f"<DeviceBuffer {self.dtype}{list(self.shape)} at 0x{self.ptr:x}>"


# ---------------------------------------------------------------------------
# Events and timing
# ---------------------------------------------------------------------------


class Event:
    """A CUDA event with timing."""

    def __init__(self):
        self.device = current_device()
        with self.device.activate():
            self.handle = self.device.driver.event_create()

    def record(self, stream: int = 0) -> "Event":
        with self.device.activate():
            self.device.driver.event_record(self.handle, _stream_handle(stream))
        return self

    def synchronize(self) -> None:
        with self.device.activate():
            self.device.driver.event_synchronize(self.handle)

    def elapsed_ms(self, end: "Event") -> float:
        """Milliseconds from this event to ``end`` (both recorded)."""
        end.synchronize()
        with self.device.activate():
            return self.device.driver.event_elapsed_ms(self.handle, end.handle)

    def __del__(self):
        try:
            with self.device.activate():
                self.device.driver.event_destroy(self.handle)
        except Exception:  # noqa: BLE001 (interpreter shutdown)
            pass


def time_ms(fn: Callable[[], Any], stream: Any = None) -> float:
    """Runs ``fn`` once between two events on ``stream``; milliseconds."""
    handle = _stream_handle(stream)
    start, end = Event().record(handle), Event()
    fn()
    end.record(handle)
    return start.elapsed_ms(end)


_flush_buffer: Optional[DeviceBuffer] = None


def benchmark(fn: Callable[[], Any], warmup: int = 10, rep: int = 100, stream: Any = None,
              flush_l2: bool = True, return_mode: str = "median"):
    """Times ``fn`` (which must enqueue its work on ``stream``) with events.

    Each of ``rep`` repetitions is timed on its own, after ``flush_l2``
    overwrote a 256 MiB buffer to evict the L2 cache (which also keeps the
    GPU busy while the host enqueues ``fn``, hiding launch overhead), like
    ``triton.testing.do_bench``. Returns the median (or "mean", "min",
    "max", or "all": the list) in milliseconds.
    """
    global _flush_buffer
    handle = _stream_handle(stream)
    if flush_l2 and _flush_buffer is None:
        _flush_buffer = DeviceBuffer((L2_FLUSH_BYTES,), "u8")
    for _ in range(warmup):
        fn()
    starts = [Event() for _ in range(rep)]
    ends = [Event() for _ in range(rep)]
    for start, end in zip(starts, ends):
        if flush_l2:
            _flush_buffer.fill_bytes(0, handle)
        start.record(handle)
        fn()
        end.record(handle)
    times = [s.elapsed_ms(e) for s, e in zip(starts, ends)]
    if return_mode == "all":
        return times
    reducers = {"median": statistics.median, "mean": statistics.mean, "min": min, "max": max}
    if return_mode not in reducers:
        raise ValueError(f"return_mode must be one of {', '.join(reducers)} or all")
    return reducers[return_mode](times)


def _stream_handle(stream: Any) -> int:
    """A CUstream handle from None (legacy default stream), an int, a torch
    stream (``cuda_stream``), a CuPy stream (``ptr``) or a cuda-python
    CUstream."""
    if stream is None:
        return 0
    if isinstance(stream, int):
        return stream
    for attribute in ("cuda_stream", "ptr", "handle"):
        value = getattr(stream, attribute, None)
        if isinstance(value, int):
            return value
    try:
        return int(stream)
    except (TypeError, ValueError):
        raise TypeError(f"cannot use {stream!r} as a CUDA stream") from None


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------


class _Array:
    """What the runtime knows about one array argument."""

    __slots__ = ("ptr", "shape", "dtype_ok", "dtype_desc", "contiguous", "where", "is_torch",
                 "read_only")

    def __init__(self, ptr, shape, dtype_ok, dtype_desc, contiguous, where, is_torch=False,
                 read_only=False):
        self.ptr, self.shape, self.dtype_ok = ptr, shape, dtype_ok
        self.dtype_desc, self.contiguous, self.where = dtype_desc, contiguous, where
        self.is_torch, self.read_only = is_torch, read_only


def _describe_array(value: Any, spec: ArgSpec, device: Device) -> _Array:
    dtype = DTYPES[spec.dtype]
    if isinstance(value, DeviceBuffer):
        same = value.dtype == spec.dtype or DTYPES[value.dtype].itemsize == dtype.itemsize and \
            {value.dtype, spec.dtype} <= {"u8", "f8e4m3fn"}
        return _Array(value.ptr, value.shape, same, value.dtype, True, None)
    if isinstance(value, bool) or value is None:
        raise LaunchError(f"argument {spec.name}: expected a device array or pointer, got {value!r}")
    if isinstance(value, int):
        return _Array(value, None, True, "raw pointer", True, None)
    module = type(value).__module__
    if module.startswith("torch") and hasattr(value, "data_ptr"):
        torch_dtype = str(value.dtype).replace("torch.", "")
        where = None
        if not value.is_cuda:
            where = f"is on {value.device}"
        elif value.device.index != device.ordinal:
            where = f"is on {value.device}, but the runtime uses cuda:{device.ordinal}"
        strides, expected = tuple(value.stride()), _contiguous_strides(tuple(value.shape))
        contiguous = all(st == ex for st, ex, n in zip(strides, expected, value.shape) if n != 1)
        return _Array(value.data_ptr(), tuple(value.shape), torch_dtype in dtype.torch,
                      f"torch.{torch_dtype}", contiguous, where, is_torch=True)
    interface = getattr(value, "__cuda_array_interface__", None)
    if interface is not None:
        shape = tuple(interface["shape"])
        typestr = interface["typestr"]
        strides = interface.get("strides")
        itemsize = int(typestr[2:]) if typestr[2:].isdigit() else 0
        contiguous = strides is None or all(
            st == ex * itemsize for st, ex, n in zip(strides, _contiguous_strides(shape), shape)
            if n != 1)
        ptr, read_only = interface["data"]
        return _Array(int(ptr), shape, typestr in dtype.typestrs, f"typestr {typestr}",
                      contiguous, None, read_only=bool(read_only))
    raise LaunchError(f"argument {spec.name}: cannot pass a {type(value).__name__}; expected a "
                      "torch CUDA tensor, an object with __cuda_array_interface__, a "
                      "DeviceBuffer or a device pointer (int)")


def _contiguous_strides(shape: Tuple[int, ...]) -> Tuple[int, ...]:
    strides, running = [], 1
    for extent in reversed(shape):
        strides.append(running)
        running *= max(extent, 1)
    return tuple(reversed(strides))


# ---------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------


def _describe_launch(name: str, grid, block, cluster, shared_bytes: int) -> str:
    """``kernel NAME (grid GxGxG, block BxBxB[, cluster ...], N bytes of ...)``."""
    text = (f"kernel {name} (grid {'x'.join(map(str, grid))}, block "
            f"{'x'.join(map(str, block))}")
    if any(c != 1 for c in cluster):
        text += f", cluster {'x'.join(map(str, cluster))}"
    return text + f", {shared_bytes} bytes of dynamic shared memory)"


class PreparedLaunch:
    """A checked, fully bound launch; calling it launches again (cheaply).

    Attributes:
      kernel: the :class:`Kernel`.
      sizes: the integer arguments.
      grid, block, cluster, shared_bytes: the launch configuration.
      stream: the CUstream handle.
    """

    def __init__(self, kernel: "Kernel", sizes, grid, block, cluster, shared_bytes, stream,
                 values, keep_alive, empty: bool = False):
        self.kernel, self.sizes = kernel, sizes
        self.grid, self.block, self.cluster = grid, block, cluster
        self.shared_bytes, self.stream = shared_bytes, stream
        self._values = values
        self._keep_alive = keep_alive
        self._params = (ctypes.c_void_p * max(len(values), 1))(
            *[ctypes.addressof(v) for v in values])
        self._params_address = ctypes.addressof(self._params)
        #: Nothing to do: an output without elements (M = 0) or an empty grid.
        self.empty = empty or any(g == 0 for g in grid)
        self._is_cluster = any(c != 1 for c in cluster)
        self._context = f"launching {self.describe()}"

    def detached(self) -> "PreparedLaunch":
        """The same launch without references to the caller's arrays (what
        :meth:`Kernel.__call__` caches): valid while the memory at the bound
        addresses keeps the bound shapes, as with raw pointers."""
        copy = object.__new__(PreparedLaunch)
        copy.__dict__.update(self.__dict__)
        copy._keep_alive = (None, self._keep_alive[1])
        return copy

    def describe(self) -> str:
        return _describe_launch(self.kernel.name, self.grid, self.block, self.cluster,
                                self.shared_bytes)

    def __call__(self) -> None:
        if self.empty:
            return
        device = self.kernel._device
        function = self.kernel._function
        with device.activate():
            if self._is_cluster:
                device.driver.launch_cluster(function, self.grid, self.block, self.cluster,
                                             self.shared_bytes, self.stream,
                                             self._params_address, self._context)
            else:
                device.driver.launch(function, self.grid, self.block, self.shared_bytes,
                                     self.stream, self._params_address, self._context)

    def synchronize(self) -> None:
        """Waits for the launch's stream; asynchronous faults raise here."""
        device = self.kernel._device
        with device.activate():
            device.driver.stream_synchronize(self.stream, context=f"after {self.describe()}")


class _TrustedArray:
    """What _tensor_map reads of an array in launch_trusted: its address."""
    __slots__ = ("ptr",)

    def __init__(self, ptr: int):
        self.ptr = ptr


class _TrustedLaunch:
    """What :meth:`Kernel.launch_trusted` binds once per shapes.

    The kernel parameters are ctypes values whose addresses an array of
    pointers holds (the driver's ``kernelParams``): a call writes the
    arrays' addresses into the pointer values and points each tensor-map
    slot at the 128-byte map of its array's address (``pass: value`` maps,
    kept per slot by address; a ``pass: pointer`` map is looked up through
    the kernel set's device copies), then calls ``cuLaunchKernel`` through
    ctypes. The driver copies the parameters during the call, so the next
    call may rewrite them; a lock keeps two threads from interleaving.
    NOTE: through PreparedLaunch (a ctypes parameter array, a description
    string and the cuda-python wrappers per launch) an fp8q.torch op cost
    43-78 us of host time on the H200; through this path (a few dict
    lookups and one foreign call) 20-38 us, most of it PyTorch's own
    (bench/results/h200-torch-host-time.txt).
    """

    #: Tensor maps kept per slot (addresses of a training step's arrays).
    MAPS_PER_SLOT = 256

    def __init__(self, kernel: "Kernel", plan: "_Plan", env, device: Device):
        spec = kernel.spec
        self.kernel, self.plan, self.env, self.device = kernel, plan, env, device
        self.empty = plan.empty or any(g == 0 for g in plan.grid)
        self.lock = threading.Lock()
        driver = device.driver
        self._launch_raw = getattr(driver, "launch_raw", None)
        self._context_raw = getattr(driver, "context_raw", None)
        self._simple = (self._launch_raw is not None and self._context_raw is not None
                        and all(c == 1 for c in plan.cluster))
        values, pointer_values, maps = [], [], []
        pointer_index = {arg.name: i for i, arg in enumerate(spec.pointer_args)}
        for arg in spec.args:
            if arg.is_pointer:
                value = ctypes.c_uint64(0)
                pointer_values.append(value)
            elif arg.kind == "i64":
                value = ctypes.c_int64(env[arg.name])
            elif arg.kind == "i32":
                value = ctypes.c_int32(env[arg.name])
            else:  # a tensor map: its slot is pointed at the map of each call
                value = (ctypes.c_ubyte * TENSOR_MAP_BYTES)()
                if not self.empty:
                    maps.append((len(values), pointer_index[arg.tensormap.of], arg,
                                 plan.tensor_maps[arg.name], collections.OrderedDict()))
            values.append(value)
        self._values, self._pointer_values, self._maps = values, pointer_values, maps
        self._params = (ctypes.c_void_p * max(len(values), 1))(
            *[ctypes.addressof(v) for v in values])
        self._params_address = ctypes.addressof(self._params)
        self._context = ctypes.c_void_p()
        self._context_pointer = ctypes.pointer(self._context)

    def __call__(self, pointers: Sequence[int], stream: int) -> None:
        if len(pointers) != len(self._pointer_values):
            raise LaunchError(f"{self.kernel.name} takes {len(self._pointer_values)} array "
                              f"argument(s), got {len(pointers)} addresses")
        if any(ptr % POINTER_ALIGNMENT for ptr in pointers):
            for arg, ptr in zip(self.kernel.spec.pointer_args, pointers):
                if ptr % POINTER_ALIGNMENT:
                    raise LaunchError(f"argument {arg.name}: address 0x{ptr:x} is not "
                                      f"{POINTER_ALIGNMENT}-byte aligned")
        if self.empty:
            return
        with self.lock:
            for value, ptr in zip(self._pointer_values, pointers):
                value.value = ptr
            for index, source, arg, layout, cache in self._maps:
                address = pointers[source]
                entry = cache.get(address)
                if entry is None:
                    entry = self._encode(arg, layout, address)
                    if len(cache) >= self.MAPS_PER_SLOT:
                        cache.popitem(last=False)
                    cache[address] = entry
                self._params[index] = entry[1]
                self._values[index] = entry[0]
            if self._simple:
                self._launch_simple(stream)
            else:  # clusters (cuLaunchKernelEx), or a driver without the raw calls
                PreparedLaunch(self.kernel, self.env, self.plan.grid, self.plan.block,
                               self.plan.cluster, self.plan.smem, stream, list(self._values),
                               (None, None))()

    def _encode(self, arg: ArgSpec, layout, address: int):
        """(the parameter value, its address, what must stay alive) of the
        tensor map ``arg`` for an array at ``address``."""
        keep_alive: list = []
        value = self.kernel.kernel_set._tensor_map(
            arg, self.kernel.spec, {arg.tensormap.of: _TrustedArray(address)}, layout,
            self.device, keep_alive)
        # pass: pointer: the value is a u64 holding the address of a device
        # copy, which keep_alive holds (and this entry with it).
        return value, ctypes.addressof(value), keep_alive

    def _launch_simple(self, stream: int) -> None:
        device, plan = self.device, self.plan
        if self._context_raw(self._context_pointer) != _CUDA_SUCCESS or \
                self._context.value != device.context:
            with device.activate():
                result = self._raw(stream)
        else:
            result = self._raw(stream)
        if result != _CUDA_SUCCESS:
            device.driver.raise_error(
                "cuLaunchKernel", result,
                "launching " + _describe_launch(self.kernel.name, plan.grid, plan.block,
                                                plan.cluster, plan.smem))

    def _raw(self, stream: int) -> int:
        grid, block = self.plan.grid, self.plan.block
        return self._launch_raw(self.kernel._function, grid[0], grid[1], grid[2], block[0],
                                block[1], block[2], self.plan.smem, stream,
                                self._params_address, None)


@dataclasses.dataclass(frozen=True)
class _Plan:
    """A kernel's size-dependent launch facts for one set of sizes."""
    empty: bool
    expected: Dict[str, Tuple[int, ...]]
    grid: Tuple[int, ...]
    block: Tuple[int, ...]
    cluster: Tuple[int, ...]
    smem: int
    #: Per tensor-map argument: KernelSet._tensor_map_layout's result.
    tensor_maps: Dict[str, Any]


class Kernel:
    """A kernel of a :class:`KernelSet`; call it to launch.

    ``kernel(*arrays, stream=None, **sizes)``: the positional arguments are
    the manifest's pointer arguments in order; ``sizes`` are its integer and
    float scalars (integers named by a shape, like ``M`` in ``[M, K]``, are
    inferred from the arrays when not given). ``stream`` defaults to
    PyTorch's current stream if any argument is a torch tensor, else the
    legacy default stream.
    """

    def __init__(self, kernel_set: "KernelSet", spec: KernelSpec):
        self.kernel_set = kernel_set
        self.spec = spec
        self.name = spec.name
        self._function = 0
        self._device: Optional[Device] = None
        self._opted_in_smem = _DEFAULT_MAX_DYNAMIC_SHARED
        #: Checked launches by _launch_key, least recently used first.
        self._launches: "collections.OrderedDict[Any, PreparedLaunch]" = \
            collections.OrderedDict()
        #: _Plan by the sizes (env), least recently used first.
        self._plans: "collections.OrderedDict[Any, _Plan]" = collections.OrderedDict()
        #: launch_trusted's bound launches by the arrays' shapes.
        self._trusted_launches: Dict[Any, "_TrustedLaunch"] = {}

    def __repr__(self) -> str:
        return f"<fp8q.runtime.Kernel {self.spec.signature()}>"

    def _ensure_loaded(self) -> Device:
        if self._function:
            return self._device
        device = current_device()
        self._device = device
        self._function = self.kernel_set._function(self.spec, device)
        return device

    def bind(self, *arrays, stream: Any = None, **sizes) -> PreparedLaunch:
        """Checks the arguments and returns the launch without running it."""
        spec = self.spec
        device = self._ensure_loaded()
        pointers = spec.pointer_args
        if len(arrays) != len(pointers):
            raise LaunchError(
                f"{spec.name} takes {len(pointers)} array argument(s) "
                f"({', '.join(a.name for a in pointers)}), got {len(arrays)}; "
                f"signature: {spec.signature()}")
        described = {}
        for value, arg in zip(arrays, pointers):
            described[arg.name] = _describe_array(value, arg, device)
        env = self._sizes(sizes, described)

        for arg in pointers:
            a = described[arg.name]
            if a.where:
                raise LaunchError(f"argument {arg.name} {a.where}")
            if not a.dtype_ok:
                raise LaunchError(f"argument {arg.name}: expected {arg.dtype} elements, got "
                                  f"{a.dtype_desc}")
            if not a.contiguous:
                raise LaunchError(f"argument {arg.name} must be contiguous (row-major)")
            if a.ptr % POINTER_ALIGNMENT:
                raise LaunchError(f"argument {arg.name}: address 0x{a.ptr:x} is not "
                                  f"{POINTER_ALIGNMENT}-byte aligned")
        plan = self._plan(env)
        empty, expected = plan.empty, plan.expected
        for arg in pointers:
            a = described[arg.name]
            if a.shape is not None and tuple(a.shape) != expected[arg.name]:
                raise LaunchError(
                    f"argument {arg.name}: expected shape "
                    f"[{', '.join(map(str, arg.shape))}] = {list(expected[arg.name])} with "
                    f"{_show_sizes(env)}, got {list(a.shape)}")
        self._check_outputs(described, expected)
        grid, block, cluster, smem = plan.grid, plan.block, plan.cluster, plan.smem

        values, keep_alive = self._param_values(plan, described, env, sizes, device)
        torch_args = any(a.is_torch for a in described.values())
        handle = _default_stream(stream, torch_args, device)
        return PreparedLaunch(self, env, grid, block, cluster, smem, handle, values,
                              (arrays, keep_alive), empty=empty)

    prepare = bind

    def launch_trusted(self, pointers: Sequence[int], shapes: Sequence[Sequence[int]],
                       stream: int) -> None:
        """Launches with raw device addresses, skipping the per-array checks.

        For callers that made the arrays themselves and know they match the
        manifest (fp8q.torch's ops: element types, contiguity, shapes, no
        aliasing): ``pointers`` are the pointer arguments' addresses in
        order, ``shapes`` their shapes (the sizes are read from them as
        :meth:`__call__` infers them), ``stream`` a CUstream handle. The
        requirements, the launch limits and the tensor maps are handled as
        in :meth:`bind`, from the per-sizes plan. The kernel parameters are
        bound once per shapes (:class:`_TrustedLaunch`); a call writes its
        addresses into them, looks its tensor maps up by address (encoding
        a new one on a miss) and launches: nothing is cached per address
        but the maps. Wrong arrays here are undefined behaviour on the GPU:
        use :meth:`__call__` for anything else.
        """
        try:
            key = tuple(shapes)
            launch = self._trusted_launches.get(key)
        except TypeError:  # shapes given as lists
            key = tuple(tuple(shape) for shape in shapes)
            launch = self._trusted_launches.get(key)
        if launch is None:
            launch = self._trusted_launch(pointers, shapes)
            if len(self._trusted_launches) >= PLAN_CACHE_SIZE:
                self._trusted_launches.clear()
            self._trusted_launches[key] = launch
        launch(pointers, stream)

    def _trusted_launch(self, pointers, shapes) -> "_TrustedLaunch":
        """The bound launch of launch_trusted for these shapes (checked)."""
        spec = self.spec
        device = self._ensure_loaded()
        names = self._trusted_names()
        pointer_args = spec.pointer_args
        if len(pointers) != len(pointer_args) or len(shapes) != len(pointer_args):
            raise LaunchError(f"{spec.name} takes {len(pointer_args)} array argument(s), got "
                              f"{len(pointers)} addresses and {len(shapes)} shapes")
        if any(arg.kind == "f32" for arg in spec.args):
            raise LaunchError(f"{spec.name}: launch_trusted cannot pass f32 arguments (they "
                              "are not in any shape); use the checked call")
        env = {name: int(shapes[index][dim]) for name, (index, dim) in names.items()}
        return _TrustedLaunch(self, self._plan(env), env, device)

    def _param_values(self, plan: "_Plan", described, env, sizes, device: Device):
        """The kernel parameters in order (ctypes values) and what must stay
        alive while they are used (tensor-map buffers)."""
        values, keep_alive = [], []
        for arg in self.spec.args:
            if arg.is_pointer:
                values.append(ctypes.c_uint64(described[arg.name].ptr))
            elif arg.kind == "i64":
                values.append(ctypes.c_int64(env[arg.name]))
            elif arg.kind == "i32":
                values.append(ctypes.c_int32(env[arg.name]))
            elif arg.kind == "f32":
                values.append(ctypes.c_float(sizes[arg.name]))
            elif plan.empty:  # never launched; an empty array has no tensor map
                values.append((ctypes.c_ubyte * TENSOR_MAP_BYTES)())
            else:
                values.append(self.kernel_set._tensor_map(
                    arg, self.spec, described, plan.tensor_maps[arg.name], device, keep_alive))
        return values, keep_alive

    def _trusted_names(self) -> Dict[str, Tuple[int, int]]:
        """Each scalar argument: (pointer-argument index, dimension) that
        gives it, for launch_trusted (every scalar must be inferable)."""
        names = getattr(self, "_trusted", None)
        if names is None:
            index = {a.name: i for i, a in enumerate(self.spec.pointer_args)}
            inferable = self.spec.inferable_sizes()
            missing = [a.name for a in self.spec.scalar_args if a.name not in inferable]
            if missing:
                raise LaunchError(f"{self.spec.name}: launch_trusted needs every size in an "
                                  f"array's shape; {', '.join(missing)} is not")
            names = {name: (index[arg], dim) for name, (arg, dim) in inferable.items()
                     if name in {a.name for a in self.spec.scalar_args}}
            self._trusted = names
        return names

    def _plan(self, env: Dict[str, Any]) -> "_Plan":
        """What the manifest's expressions give for these sizes, checked
        (requirements, launch limits); evaluated once per sizes (the
        expressions are exact rational arithmetic: most of a bind's host
        time before this cache)."""
        key = tuple(sorted(env.items()))
        plan = self._plans.get(key)
        if plan is not None:
            self._plans.move_to_end(key)
            return plan
        spec = self.spec
        # NOTE: the requirements come before the shapes, which may only be
        # integers when they hold ("K/128" needs K % 128 == 0).
        empty = self._outputs_empty(env)
        unmet = _manifest.unmet_requirements(spec, _nonzero_sizes(spec, env) if empty else env)
        if unmet:
            raise LaunchError(f"{spec.name} requires {' and '.join(unmet)}, which "
                              f"{'does' if len(unmet) == 1 else 'do'} not hold for "
                              f"{_show_sizes(env)}")
        expected = {arg.name: _manifest.shape_of(arg, env) for arg in spec.pointer_args}
        grid = _manifest.dims_of(spec.grid, env, "grid")
        block = _manifest.dims_of(spec.block, env, "block")
        cluster = _manifest.dims_of(spec.cluster, env, "cluster")
        smem = _expr.evaluate_int(spec.shared_bytes, env, "shared_bytes")
        self._check_launch(grid, block, cluster, smem, env)
        tensor_maps = {} if empty else {
            arg.name: KernelSet._tensor_map_layout(arg, spec, env)
            for arg in spec.args if arg.kind == "tensormap"}
        plan = _Plan(empty, expected, grid, block, cluster, smem, tensor_maps)
        self._plans[key] = plan
        if len(self._plans) > PLAN_CACHE_SIZE:
            self._plans.popitem(last=False)
        return plan

    def __call__(self, *arrays, stream: Any = None, **sizes) -> PreparedLaunch:
        self._ensure_loaded()
        key = self._launch_key(arrays, stream, sizes)
        launch = self._launches.get(key) if key is not None else None
        if launch is None:
            launch = self.bind(*arrays, stream=stream, **sizes)
            if key is not None:
                # The cache must not keep a caller's arrays alive (a training
                # loop would hold every step's activations): only what the
                # launch owns (tensor-map buffers) stays referenced.
                cached = launch.detached()
                self._launches[key] = cached
                if len(self._launches) > LAUNCH_CACHE_SIZE:
                    self._launches.popitem(last=False)
        else:
            self._launches.move_to_end(key)
        launch()
        return launch

    def _launch_key(self, arrays, stream, sizes):
        """What a checked launch depends on: each array's address, shape,
        dtype and strides, the sizes and the stream; None where an argument
        is not a kind the key describes (then every call is checked)."""
        parts = []
        torch_args = False
        for value in arrays:
            if isinstance(value, DeviceBuffer):
                parts.append((value.ptr, value.shape, value.dtype))
            elif type(value).__module__.startswith("torch") and hasattr(value, "data_ptr"):
                torch_args = True
                parts.append((value.data_ptr(), tuple(value.shape), value.dtype,
                              tuple(value.stride()), value.device))
            else:
                return None  # raw pointers, array interfaces: checked every time
        try:
            handle = _default_stream(stream, torch_args, self._device)
        except Exception:  # noqa: BLE001 (bind reports a bad stream clearly)
            return None
        return (tuple(parts), tuple(sorted(sizes.items())), handle)

    def _sizes(self, sizes: Mapping[str, Any], described) -> Dict[str, Any]:
        spec = self.spec
        known = {a.name: a for a in spec.scalar_args}
        for name in sizes:
            if name not in known:
                raise LaunchError(f"{spec.name} has no scalar argument {name!r}; scalars: "
                                  f"{', '.join(known) or 'none'}")
        env: Dict[str, Any] = {}
        inferable = spec.inferable_sizes()
        for name, arg in known.items():
            if name in sizes:
                value = sizes[name]
                if arg.kind in INTEGER_KINDS:
                    if isinstance(value, bool) or not isinstance(value, int):
                        raise LaunchError(f"{name} must be an integer, got {value!r}")
                    low, high = INTEGER_RANGES[arg.kind]
                    if not low <= value <= high:
                        raise LaunchError(f"{name} = {value} does not fit in {arg.kind}")
                elif not isinstance(value, (int, float)) or isinstance(value, bool):
                    raise LaunchError(f"{name} must be a number, got {value!r}")
                env[name] = value
            elif name in inferable and described[inferable[name][0]].shape is not None:
                source, dim = inferable[name]
                shape = described[source].shape
                if dim >= len(shape):
                    raise LaunchError(f"argument {source}: expected rank "
                                      f"{len(spec.arg(source).shape)}, got shape {list(shape)}")
                env[name] = int(shape[dim])
            else:
                raise LaunchError(f"{spec.name}: give {name}= (it cannot be inferred from the "
                                  "arguments)")
        return env

    def _outputs_empty(self, env: Mapping[str, Any]) -> bool:
        """Whether every array the kernel writes has no elements (M = 0):
        then the launch does nothing."""
        outputs = [a for a in self.spec.pointer_args if self.spec.writes(a)]
        if not outputs:
            return False
        for arg in outputs:
            try:
                shape = _manifest.shape_of(arg, env)
            except _expr.ExpressionError:
                return False
            if all(extent != 0 for extent in shape):
                return False
        return True

    def _check_outputs(self, described, expected) -> None:
        """Outputs must be writable and must not overlap another array."""
        spec = self.spec
        spans = {}
        for arg in spec.pointer_args:
            count = 1
            for extent in expected[arg.name]:
                count *= extent
            if count > 0:
                start = described[arg.name].ptr
                spans[arg.name] = (start, start + count * DTYPES[arg.dtype].itemsize)
        for arg in spec.pointer_args:
            if not spec.writes(arg):
                continue
            if described[arg.name].read_only:
                raise LaunchError(f"argument {arg.name} is written by {spec.name}, but the "
                                  "array is read-only")
            if arg.name not in spans:
                continue
            start, end = spans[arg.name]
            for other in spec.pointer_args:
                if other.name == arg.name or other.name not in spans:
                    continue
                other_start, other_end = spans[other.name]
                if start < other_end and other_start < end:
                    raise LaunchError(
                        f"argument {arg.name} [0x{start:x}, 0x{end:x}) overlaps argument "
                        f"{other.name} [0x{other_start:x}, 0x{other_end:x}): {spec.name} writes "
                        f"{arg.name}, so it must not alias another argument (pass a separate "
                        "output array)")

    def _check_launch(self, grid, block, cluster, smem, env):
        spec, device = self.spec, self._device
        where = f"{spec.name} with {_show_sizes(env)}"
        for axis, (g, limit) in enumerate(zip(grid, _manifest.MAX_GRID)):
            if not 0 <= g <= limit:
                raise LaunchError(f"{where}: grid[{axis}] = {g} is outside 0..{limit}")
        threads = block[0] * block[1] * block[2]
        if min(block) < 1 or threads > _manifest.MAX_THREADS_PER_BLOCK:
            raise LaunchError(f"{where}: block {list(block)} must have 1..."
                              f"{_manifest.MAX_THREADS_PER_BLOCK} threads")
        if min(cluster) < 1 or any(g % c for g, c in zip(grid, cluster)):
            raise LaunchError(f"{where}: grid {list(grid)} is not a multiple of cluster "
                              f"{list(cluster)}")
        if smem < 0 or smem > device.max_shared_optin:
            raise LaunchError(f"{where}: {smem} bytes of shared memory; {device.describe()} "
                              f"allows {device.max_shared_optin} per block")
        if smem > self._opted_in_smem:
            with device.activate():
                device.driver.function_set_attribute(
                    self._function, _CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem)
            self._opted_in_smem = smem
        if cluster[0] * cluster[1] * cluster[2] > _MAX_PORTABLE_CLUSTER:
            with device.activate():
                device.driver.function_set_attribute(
                    self._function, _CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1)


def _nonzero_sizes(spec: KernelSpec, env: Mapping[str, Any]) -> Dict[str, Any]:
    """``env`` with zero extents taken as 1: the requirements of an empty
    launch, so that ``M >= 1`` does not reject it but ``K % 128 == 0``
    still does."""
    integers = {a.name for a in spec.scalar_args if a.kind in INTEGER_KINDS}
    return {k: (1 if k in integers and v == 0 else v) for k, v in env.items()}


def _show_sizes(env: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in env.items()) or "no sizes"


def _default_stream(stream: Any, torch_args: bool, device: Device) -> int:
    if stream is not None:
        return _stream_handle(stream)
    torch = _torch_if_loaded()
    if torch_args and torch is not None:
        return int(torch.cuda.current_stream(device.ordinal).cuda_stream)
    return 0


class KernelSet:
    """The kernels of an export directory, by name: ``kernels[name](...)``.

    Modules are loaded on the first launch of one of their kernels, after
    checking that the GPU is one the manifest's ``chip`` runs on.
    """

    def __init__(self, manifest: Manifest):
        self.manifest = manifest
        self._kernels = {k.name: Kernel(self, k) for k in manifest.kernels}
        self._modules: Dict[str, int] = {}
        self._tensor_maps: "collections.OrderedDict[bytes, DeviceBuffer]" = \
            collections.OrderedDict()
        #: Encoded maps of `pass: value` arguments (host memory), by what
        #: they encode; the least recently used goes past
        #: TENSOR_MAP_CACHE_SIZE.
        self._host_maps: "collections.OrderedDict[tuple, ctypes.Array]" = \
            collections.OrderedDict()

    def __getitem__(self, name: str) -> Kernel:
        try:
            return self._kernels[name]
        except KeyError:
            raise KeyError(f"no kernel {name!r} in {self.manifest.directory}; it has: "
                           f"{', '.join(self._kernels) or 'none'}") from None

    def __contains__(self, name: str) -> bool:
        return name in self._kernels

    def __iter__(self) -> Iterator[Kernel]:
        return iter(self._kernels.values())

    def __len__(self) -> int:
        return len(self._kernels)

    def names(self) -> List[str]:
        return list(self._kernels)

    def check_device(self, device: Optional[Device] = None) -> Device:
        """Raises UnsupportedDeviceError unless the GPU runs ``chip``."""
        device = device or current_device()
        chip = self.manifest.chip
        if not chip_runs_on(chip, device.major, device.minor):
            major = _manifest.parse_chip(chip)[0]
            raise UnsupportedDeviceError(
                f"this kernel needs {chip} ({arch_family(major)}); found {device.arch} "
                f"({device.name}, device {device.ordinal})")
        return device

    def _function(self, spec: KernelSpec, device: Device) -> int:
        self.check_device(device)
        module = self._modules.get(spec.cubin)
        path = self.manifest.cubin_path(spec)
        if module is None:
            with open(path, "rb") as f:
                image = f.read()
            with device.activate():
                module, result, log = device.driver.module_load(image)
            if result != _CUDA_SUCCESS:
                context = f"loading {path} for kernel {spec.name} on {device.describe()}"
                if result == _CUDA_ERROR_NO_BINARY_FOR_GPU:
                    context += f"; the manifest says the cubin is for {self.manifest.chip}"
                if log:
                    context += f"; the CUDA JIT said: {log}"
                device.driver.raise_error("cuModuleLoadData", result, context)
            self._modules[spec.cubin] = module
        with device.activate():
            return device.driver.module_function(module, spec.name)

    @staticmethod
    def _tensor_map_layout(arg: ArgSpec, spec: KernelSpec, env):
        """The size-dependent part of a tensor map: element type, dimensions
        and byte strides (innermost first, as the driver lists them), box.
        A map of a narrower element type than its array's views the array's
        bytes: its innermost dimension is the row's bytes over the map's
        element size (a u8 map of a bf16 [M, N] array: [M, 2N])."""
        tm = arg.tensormap
        target = spec.arg(tm.of)
        shape = list(_manifest.shape_of(target, env))
        dtype = tm.dtype or target.dtype
        itemsize = DTYPES[dtype].itemsize if dtype in DTYPES else DTYPES[target.dtype].itemsize
        if target.dtype in DTYPES and shape:
            shape[-1] = shape[-1] * DTYPES[target.dtype].itemsize // itemsize
        box = _manifest.dims_of(tm.box, env, f"box of {arg.name}")
        dims = list(reversed(shape))
        strides, running = [], itemsize  # bytes, for dims[1:]
        for extent in reversed(shape[1:]):
            running *= extent
            strides.append(running)
        return dtype, dims, strides, list(reversed(box))

    def _tensor_map(self, arg: ArgSpec, spec: KernelSpec, described, layout, device: Device,
                    keep_alive: list):
        tm = arg.tensormap
        dtype, dims, strides, box = layout
        address = described[tm.of].ptr
        if tm.pass_as == "value":
            # The kernel parameter is the map itself (__grid_constant__): the
            # launch copies its 128 bytes, nothing goes to device memory, and
            # a launch under CUDA-graph capture is fine. Maps are kept by
            # what they encode, which saves the driver call on repeats.
            key = (device.ordinal, address, tuple(dims), tuple(strides), tuple(box), tm)
            value = self._host_maps.get(key)
            if value is not None:
                self._host_maps.move_to_end(key)
                return value
        with device.activate():
            encoded = device.driver.encode_tensor_map(
                _manifest.TMA_DTYPE[dtype], address, dims, strides,
                box, list(reversed(tm.element_strides)),
                _manifest.TMA_INTERLEAVE[tm.interleave], _manifest.TMA_SWIZZLE[tm.swizzle],
                _manifest.TMA_L2_PROMOTION[tm.l2_promotion], _manifest.TMA_OOB_FILL[tm.oob_fill],
                context=f"tensor map {arg.name} of {tm.of} in {spec.name}")
        if tm.pass_as == "value":
            value = (ctypes.c_ubyte * TENSOR_MAP_BYTES).from_buffer_copy(encoded)
            if len(self._host_maps) >= TENSOR_MAP_CACHE_SIZE:
                self._host_maps.popitem(last=False)
            self._host_maps[key] = value
            return value
        # pass: pointer (manifests of other exporters; fp8q's kernels take
        # their maps by value): a device copy of the map.
        copy = self._tensor_maps.get(encoded)
        if copy is not None:
            self._tensor_maps.move_to_end(encoded)
        else:
            if _torch_capturing():
                # NOTE: the map is copied to device memory synchronously
                # (cuMemcpyHtoD), which stream capture forbids; kernels
                # taking their maps by value (pass: value) need no copy.
                raise LaunchError(
                    f"{spec.name}: argument {arg.name} needs a new tensor map (a new address "
                    f"of {tm.of}) while a CUDA graph is being captured; launch it once with "
                    "the same arrays before the capture (static buffers), or run it eagerly")
            import numpy as np  # noqa: PLC0415

            if len(self._tensor_maps) >= TENSOR_MAP_CACHE_SIZE:
                self._release_tensor_maps()
            copy = DeviceBuffer.from_numpy(np.frombuffer(encoded, dtype=np.uint8))
            self._tensor_maps[encoded] = copy
        keep_alive.append(copy)
        return ctypes.c_uint64(copy.ptr)


    def _release_tensor_maps(self):
        """Drops the least recently used half of the tensor-map copies.
        NOTE: the devices of the dropped copies are synchronized first, so
        that no launch in flight reads a map whose memory is freed; a copy
        that a prepared launch (``Kernel.bind``) holds stays allocated until
        that launch goes."""
        dropped = [self._tensor_maps.popitem(last=False)[1]
                   for _ in range(len(self._tensor_maps) - TENSOR_MAP_CACHE_SIZE // 2)]
        for device in {id(copy.device): copy.device for copy in dropped}.values():
            with device.activate():
                device.driver.context_synchronize()
        del dropped


def _torch_capturing() -> bool:
    """Whether PyTorch (if loaded) is capturing a CUDA graph on its current
    stream."""
    import sys  # noqa: PLC0415
    torch = sys.modules.get("torch")
    if torch is None:
        return False
    try:
        return bool(torch.cuda.is_current_stream_capturing())
    except Exception:  # noqa: BLE001 (no CUDA in this torch)
        return False


def load(directory: str) -> KernelSet:
    """Loads an export directory (manifest checked now, CUDA used lazily)."""
    return KernelSet(load_manifest(directory))
