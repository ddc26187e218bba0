"""Tests of fp8q.expr, fp8q.manifest and fp8q.runtime (run by python-runtime.test).

The runtime tests run on the mock CUDA driver of test/Runtime/MockCuda
(FP8Q_CUDA_DRIVER_LIBRARY, ctypes binding), which plays an sm_90 GPU and
executes mock_add_i64 on the host; cases that need another mock
configuration run in a subprocess.
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from fp8q import expr
from fp8q.manifest import ManifestError, chip_runs_on, load_manifest, parse_manifest

MOCK = os.environ.get("FP8Q_TEST_MOCK_CUDA", "")
needs_mock = pytest.mark.skipif(not os.path.exists(MOCK), reason="mock CUDA driver not built")


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text, env, value", [
    ("ceil(K/128)", {"K": 200}, 2),
    ("ceil(K/128)", {"K": 256}, 2),
    ("K // 128", {"K": 255}, 1),
    ("ceil(M*K/4096)", {"M": 3, "K": 200}, 1),
    ("min(M, 64) + max(K, 1, 7)", {"M": 100, "K": 3}, 71),
    ("-(M - 10) * 2", {"M": 4}, 12),
    ("floor(7/2) + 7 % 4", {}, 6),
    (42, {}, 42),
])
def test_expression_values(text, env, value):
    assert expr.evaluate_int(expr.parse(text), env, "test") == value


@pytest.mark.parametrize("text, env, value", [
    ("K*2 % 16 == 0", {"K": 200}, True),
    ("K*2 % 16 == 0", {"K": 100}, False),
    ("M >= 1 and not K < 128", {"M": 1, "K": 128}, True),
    ("M == 0 or K != 0", {"M": 1, "K": 0}, False),
])
def test_conditions(text, env, value):
    assert expr.parse(text).evaluate(env) is value


@pytest.mark.parametrize("text, message", [
    ("ceil(K/", "unexpected end"),
    ("__import__('os')", "unexpected"),
    ("K ** 2", "unexpected '*'"),
    ("1 < K < 2", "chained comparisons"),
    ("sqrt(K)", "unknown function 'sqrt'"),
    ("ceil", "needs arguments"),
    ("K.real", "unexpected '.'"),
    ("", "empty expression"),
    ("(" * 100 + "1" + ")" * 100, "nested deeper"),
])
def test_expression_rejects(text, message):
    with pytest.raises(expr.ExpressionError, match=message.replace("(", r"\(").replace("*", r"\*")):
        expr.parse(text)


def test_expression_evaluation_errors():
    with pytest.raises(expr.ExpressionError, match="not an integer"):
        expr.evaluate_int(expr.parse("K/128"), {"K": 200}, "shape")
    with pytest.raises(expr.ExpressionError, match="needs K"):
        expr.parse("K + 1").evaluate({})
    with pytest.raises(expr.ExpressionError, match="divides by zero"):
        expr.parse("M / K").evaluate({"M": 1, "K": 0})


# ---------------------------------------------------------------------------
# Manifest validation
# ---------------------------------------------------------------------------


def kernel(**overrides):
    k = {"name": "mock_add_i64", "cubin": "k.cubin", "op": "test.add",
         "args": [{"name": "x", "kind": "ptr", "dtype": "i64", "shape": ["N"]},
                  {"name": "y", "kind": "ptr", "dtype": "i64", "shape": ["N"]},
                  {"name": "N", "kind": "i64"}],
         "grid": ["ceil(N/128)", 1, 1], "block": [128, 1, 1]}
    k.update(overrides)
    return k


def manifest(*kernels, **top):
    data = {"version": 1, "chip": "sm_90a", "kernels": list(kernels) or [kernel()]}
    data.update(top)
    return data


def test_manifest_accepts_the_example_and_defaults():
    m = parse_manifest(manifest(), check_files=False)
    k = m.kernels[0]
    assert [a.name for a in k.pointer_args] == ["x", "y"]
    assert [str(c) for c in k.cluster] == ["1", "1", "1"]
    assert k.inferable_sizes() == {"N": ("x", 0)}
    assert k.signature() == "mock_add_i64(x: i64[N], y: i64[N], N: i64)"


@pytest.mark.parametrize("data, message", [
    (manifest(version=2), "version: schema version 2 is not supported"),
    (manifest(chip="hopper"), "chip: not a CUDA architecture name"),
    (manifest(kernel(shared_byte=0)), "kernels[0]: unknown key 'shared_byte'"),
    (manifest(kernel(cubin="../k.cubin")), "kernels[0].cubin: '../k.cubin' must be a path inside"),
    (manifest(kernel(grid=["ceil(N/128)", 1])), "kernels[0].grid: expected 3 entries"),
    (manifest(kernel(grid=["ceil(M/128)", 1, 1])), "kernels[0].grid[0]: 'ceil(M/128)' uses M"),
    (manifest(kernel(requires=["N %"])), "kernels[0].requires[0]: cannot parse"),
    (manifest(kernel(), kernel()), "kernels[1].name: duplicate kernel name"),
    (manifest(kernel(args=[{"name": "x", "kind": "ptr", "dtype": "f7", "shape": [1]}])),
     "kernels[0].args[0].dtype: unknown dtype 'f7'"),
    (manifest(kernel(args=[{"name": "stream", "kind": "i64"}])),
     "kernels[0].args[0].name: 'stream' is not a usable identifier"),
    (manifest(kernel(args=[{"name": "t", "kind": "tensormap", "of": "x", "box": [1]}])),
     "kernels[0].args[0].of: 'x' is not a pointer argument"),
])
def test_manifest_errors_name_the_entry(data, message):
    with pytest.raises(ManifestError, match=message.replace("[", r"\[").replace("]", r"\]")
                       .replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        parse_manifest(data, check_files=False)


def test_manifest_files(tmp_path):
    (tmp_path / "manifest.json").write_text(json.dumps(manifest()))
    with pytest.raises(ManifestError, match="k.cubin does not exist"):
        load_manifest(str(tmp_path))
    (tmp_path / "k.cubin").write_bytes(b"FP8QMOCK\0")
    assert load_manifest(str(tmp_path)).kernels[0].name == "mock_add_i64"
    (tmp_path / "manifest.json").write_text("{")
    with pytest.raises(ManifestError, match="invalid JSON"):
        load_manifest(str(tmp_path))


@pytest.mark.parametrize("chip, cc, ok", [
    ("sm_90a", (9, 0), True), ("sm_90a", (10, 0), False), ("sm_90", (9, 0), True),
    ("sm_80", (8, 6), True), ("sm_86", (8, 0), False), ("sm_80", (9, 0), False),
    ("sm_100f", (10, 3), True),
])
def test_chip_compatibility(chip, cc, ok):
    assert chip_runs_on(chip, *cc) is ok


# ---------------------------------------------------------------------------
# Runtime on the mock driver
# ---------------------------------------------------------------------------


def export(tmp_path, *kernels, chip="sm_90a", image=b"FP8QMOCK\0"):
    (tmp_path / "k.cubin").write_bytes(image)
    (tmp_path / "manifest.json").write_text(json.dumps(manifest(*kernels, chip=chip)))
    return str(tmp_path)


@pytest.fixture
def rt():
    if not os.path.exists(MOCK):
        pytest.skip("mock CUDA driver not built")
    os.environ["FP8Q_CUDA_DRIVER_LIBRARY"] = MOCK
    os.environ["FP8Q_CUDA_BACKEND"] = "ctypes"
    import fp8q.runtime as runtime  # noqa: PLC0415

    return runtime


class FakeCudaArray:
    """An object with __cuda_array_interface__ (like a CuPy array)."""

    def __init__(self, buffer, shape=None, typestr="<i8", strides=None, offset=0):
        self.__cuda_array_interface__ = {
            "shape": tuple(shape or buffer.shape), "typestr": typestr,
            "data": (buffer.ptr + offset, False), "strides": strides, "version": 3}


def test_launch_passes_arguments_in_order(rt, tmp_path):
    kernels = rt.load(export(tmp_path))
    x = rt.DeviceBuffer.from_numpy(np.arange(300, dtype=np.int64))
    y = rt.DeviceBuffer.from_numpy(np.full(300, 7, dtype=np.int64))
    launch = kernels["mock_add_i64"](x, y)  # N inferred from x
    assert launch.grid == (3, 1, 1) and launch.sizes == {"N": 300}
    np.testing.assert_array_equal(y.to_numpy(), np.arange(300) + 7)
    launch()  # a prepared launch runs again
    np.testing.assert_array_equal(y.to_numpy(), 2 * np.arange(300) + 7)
    kernels["mock_add_i64"](x.ptr, y.ptr, N=300)  # raw pointers need N
    np.testing.assert_array_equal(y.to_numpy(), 3 * np.arange(300) + 7)
    kernels["mock_add_i64"](FakeCudaArray(x), FakeCudaArray(y))
    np.testing.assert_array_equal(y.to_numpy(), 4 * np.arange(300) + 7)


def test_argument_checks(rt, tmp_path):
    kernels = rt.load(export(tmp_path, kernel(requires=["N % 2 == 0"])))
    k = kernels["mock_add_i64"]
    x = rt.DeviceBuffer.from_numpy(np.arange(10, dtype=np.int64))
    y32 = rt.DeviceBuffer.from_numpy(np.arange(10, dtype=np.int32))
    odd = rt.DeviceBuffer.from_numpy(np.arange(9, dtype=np.int64))
    cases = [
        ((x,), {}, "takes 2 array argument"),
        ((x, y32), {}, "argument y: expected i64 elements, got i32"),
        ((x, x), {"N": 8}, r"argument x: expected shape \[N\] = \[8\] with N=8, got \[10\]"),
        ((odd, odd), {}, r"requires N % 2 == 0, which does not hold for N=9"),
        ((x.ptr, x.ptr), {}, "give N="),
        ((x, x), {"M": 3}, "has no scalar argument 'M'"),
        ((x, x), {"N": 2.5}, "N must be an integer"),
        ((x.ptr + 8, x.ptr), {"N": 2}, "argument x: address 0x[0-9a-f]+ is not 16-byte aligned"),
        ((FakeCudaArray(x, shape=(5,), strides=(16,)), FakeCudaArray(x, shape=(5,))), {},
         "argument x must be contiguous"),
        (("x", x), {}, "cannot pass a str"),
    ]
    for arrays, sizes, message in cases:
        with pytest.raises(rt.LaunchError, match=message):
            k(*arrays, **sizes)
    with pytest.raises(KeyError, match="no kernel 'nope'"):
        kernels["nope"]


def test_launch_configuration_checks(rt, tmp_path):
    kernels = rt.load(export(tmp_path, kernel(block=[2048, 1, 1]),
                             kernel(name="mock_shared", shared_bytes="N * 1024")))
    x = rt.DeviceBuffer.from_numpy(np.arange(4, dtype=np.int64))
    y = rt.DeviceBuffer.from_numpy(np.arange(4, dtype=np.int64))
    with pytest.raises(rt.LaunchError, match=r"block \[2048, 1, 1\] must have 1...1024 threads"):
        kernels["mock_add_i64"](x, y)
    big = rt.DeviceBuffer.from_numpy(np.zeros(1000, dtype=np.int64))
    big2 = rt.DeviceBuffer.from_numpy(np.zeros(1000, dtype=np.int64))
    with pytest.raises(rt.LaunchError, match="1024000 bytes of shared memory; .* allows 232448"):
        kernels["mock_shared"](big, big2)


def test_cluster_and_tensor_map_launch(rt, tmp_path, capfd):
    os.environ["FP8Q_MOCK_CUDA_LOG"] = "1"
    tm = kernel(name="mock_tma", args=[
        {"name": "a", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["M", "K"]},
        {"name": "a_map", "kind": "tensormap", "of": "a", "box": [64, 128], "dtype": "u8",
         "swizzle": "128B"},
        {"name": "a_by_value", "kind": "tensormap", "of": "a", "box": [1, 128],
         "pass": "value"},
        {"name": "M", "kind": "i64"}, {"name": "K", "kind": "i64"}],
        grid=["ceil(M/64)", 1, 1], cluster=[2, 1, 1])
    kernels = rt.load(export(tmp_path, tm))
    a = rt.DeviceBuffer((256, 512), "f8e4m3fn")
    launch = kernels["mock_tma"](a)
    assert launch.grid == (4, 1, 1)
    kernels["mock_tma"](a)  # equal maps share their device copy
    assert len(kernels._tensor_maps) == 1
    err = capfd.readouterr().err
    assert "tensor map type 0 dims 512 256 strides 512 box 128/1 64/1 interleave 0 swizzle 3" in err
    assert "launch mock_tma grid 4x1x1 block 128x1x1 cluster 2x1x1 smem 0" in err
    odd = rt.DeviceBuffer((130, 512), "f8e4m3fn")
    with pytest.raises(rt.LaunchError, match=r"grid \[3, 1, 1\] is not a multiple of cluster"):
        kernels["mock_tma"](odd)


def test_byte_map_of_a_wider_array(rt, tmp_path, capfd):
    # A u8 map of a bf16 array views its bytes (the GEMM's out_map with
    # gemm-tma-store): [M, N] bf16 encodes as [M, 2N] bytes.
    os.environ["FP8Q_MOCK_CUDA_LOG"] = "1"
    tm = kernel(name="mock_tma", args=[
        {"name": "out", "kind": "ptr", "dtype": "bf16", "shape": ["M", "N"]},
        {"name": "out_map", "kind": "tensormap", "of": "out", "box": [64, 128], "dtype": "u8",
         "swizzle": "128B", "pass": "value"},
        {"name": "M", "kind": "i64"}, {"name": "N", "kind": "i64"}],
        grid=["ceil(M/64)", 1, 1])
    kernels = rt.load(export(tmp_path, tm))
    kernels["mock_tma"](rt.DeviceBuffer((100, 72), "bf16"))
    err = capfd.readouterr().err
    assert "tensor map type 0 dims 144 100 strides 144 box 128/1 64/1 interleave 0 swizzle 3" in err


def test_tensor_map_cache_is_bounded(rt, tmp_path, monkeypatch):
    # Arrays that move from call to call (a training loop's activations)
    # need new tensor maps; their device copies stay within
    # TENSOR_MAP_CACHE_SIZE (the least recently used half is released), and
    # a prepared launch keeps the copy it holds.
    monkeypatch.setattr(rt, "TENSOR_MAP_CACHE_SIZE", 8)
    tm = kernel(name="mock_tma", args=[
        {"name": "a", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["M", "K"]},
        {"name": "a_map", "kind": "tensormap", "of": "a", "box": [64, 128], "dtype": "u8",
         "swizzle": "128B"},
        {"name": "M", "kind": "i64"}, {"name": "K", "kind": "i64"}],
        grid=["ceil(M/64)", 1, 1])
    kernels = rt.load(export(tmp_path, tm))
    arrays = [rt.DeviceBuffer((64, 128), "f8e4m3fn") for _ in range(20)]
    held = kernels["mock_tma"](arrays[0])
    for a in arrays[1:]:
        kernels["mock_tma"](a)
        assert len(kernels._tensor_maps) <= 8
    assert len(kernels._tensor_maps) >= 4
    held()  # its map copy was released from the cache, not freed
    kernels["mock_tma"](arrays[0])  # a released map is encoded again
    assert len(kernels._tensor_maps) <= 8


def test_by_value_maps_need_no_device_copy(rt, tmp_path, monkeypatch):
    # `pass: value` maps (fp8q's GEMM kernels) are kernel parameters: encoded
    # into host memory, kept by what they encode, never copied to the device,
    # so a launch under CUDA-graph capture is fine; a `pass: pointer` map
    # needs a device copy, which capture forbids.
    monkeypatch.setattr(rt, "TENSOR_MAP_CACHE_SIZE", 4)
    monkeypatch.setattr(rt, "_torch_capturing", lambda: True)
    args = [{"name": "a", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["M", "K"]},
            {"name": "a_map", "kind": "tensormap", "of": "a", "box": [1, 128],
             "pass": "value"},
            {"name": "M", "kind": "i64"}, {"name": "K", "kind": "i64"}]
    kernels = rt.load(export(tmp_path, kernel(name="mock_tma", args=args, grid=["M", 1, 1])))
    arrays = [rt.DeviceBuffer((4, 256), "f8e4m3fn") for _ in range(6)]
    for a in arrays:
        kernels["mock_tma"](a)
    assert len(kernels._tensor_maps) == 0 and len(kernels._host_maps) == 4
    for a in arrays[-4:]:  # the four most recent are kept
        assert any(key[1] == a.ptr for key in kernels._host_maps)
    (tmp_path / "p").mkdir()
    (tmp_path / "r").mkdir()
    args[1] = dict(args[1], **{"pass": "pointer"})
    pointer = rt.load(export(tmp_path / "p", kernel(name="mock_tma", args=args,
                                                      grid=["M", 1, 1])))
    with pytest.raises(rt.LaunchError, match="while a CUDA graph is being captured"):
        pointer["mock_tma"](arrays[0])
    args[1] = dict(args[1], **{"pass": "register"})
    with pytest.raises(Exception, match=r"pass.*expected one of pointer, value"):
        rt.load(export(tmp_path / "r", kernel(name="mock_tma", args=args, grid=["M", 1, 1])))


def test_repeated_calls_reuse_the_checked_launch(rt, tmp_path, capfd):
    os.environ["FP8Q_MOCK_CUDA_LOG"] = "1"
    tm = kernel(name="mock_tma", args=[
        {"name": "a", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["M", "K"]},
        {"name": "a_map", "kind": "tensormap", "of": "a", "box": [1, 128], "pass": "value"},
        {"name": "M", "kind": "i64"}, {"name": "K", "kind": "i64"}],
        grid=["M", 1, 1])
    k = rt.load(export(tmp_path, tm))["mock_tma"]
    a = rt.DeviceBuffer((4, 256), "f8e4m3fn")
    b = rt.DeviceBuffer((4, 256), "f8e4m3fn")
    first = k(a)
    again = k(a)  # same address, shape, dtype, sizes and stream: no new check or map
    err = capfd.readouterr().err
    assert err.count("tensor map type") == 1 and err.count("launch mock_tma grid 4x1x1") == 2
    assert again.grid == first.grid and again._keep_alive[0] is None  # arrays not held
    k(b)  # another address: checked and encoded again
    k(a.ptr, M=4, K=256)  # raw pointers are checked on every call (a's by-value
    k(a.ptr, M=4, K=256)  # map is kept from the first call: not encoded again)
    err = capfd.readouterr().err
    assert err.count("tensor map type") == 1 and err.count("launch mock_tma") == 3
    k(a, M=4)  # the sizes are part of the key; a wrong size is still an error
    with pytest.raises(rt.LaunchError, match=r"expected shape \[M, K\] = \[2, 256\]"):
        k(a, M=2)
    held = [rt.DeviceBuffer((1, 128), "f8e4m3fn") for _ in range(rt.LAUNCH_CACHE_SIZE + 8)]
    for buffer in held:  # bounded: the least recently used launches are dropped
        k(buffer)
    assert len(k._launches) == rt.LAUNCH_CACHE_SIZE


def test_timing_and_buffers(rt, tmp_path):
    kernels = rt.load(export(tmp_path))
    x = rt.DeviceBuffer.from_numpy(np.arange(64, dtype=np.int64))
    y = rt.DeviceBuffer((64,), "i64")
    y.fill_bytes(0)
    launch = kernels["mock_add_i64"].bind(x, y)
    times = rt.benchmark(launch, warmup=2, rep=5, flush_l2=False, return_mode="all")
    assert len(times) == 5 and all(t >= 0 for t in times)
    assert rt.time_ms(launch) >= 0
    np.testing.assert_array_equal(y.to_numpy(), 8 * np.arange(64))
    z = rt.DeviceBuffer((64,), "i64")
    y.copy_to(z)
    np.testing.assert_array_equal(z.to_numpy(), 8 * np.arange(64))
    with pytest.raises(ValueError, match="a int64 array cannot hold bf16"):
        rt.DeviceBuffer.from_numpy(np.zeros(4, dtype=np.int64), "bf16")


def test_module_image_is_nul_terminated(rt, tmp_path):
    # PTX is a NUL-terminated string for cuModuleLoadData (no size is passed);
    # a PTX file has no NUL, so the runtime must add one.
    ptx = b".version 8.0\n.target sm_90\n.address_size 64\n"
    kernels = rt.load(export(tmp_path, image=ptx))
    driver = rt.current_device().driver
    load, images = driver.fn["cuModuleLoadDataEx"], []

    def spy(module, data, *rest):
        images.append(data.raw)
        return load(module, data, *rest)

    driver.fn["cuModuleLoadDataEx"] = spy
    try:
        x = rt.DeviceBuffer.from_numpy(np.arange(4, dtype=np.int64))
        y = rt.DeviceBuffer.from_numpy(np.zeros(4, dtype=np.int64))
        kernels["mock_add_i64"](x, y)
    finally:
        driver.fn["cuModuleLoadDataEx"] = load
    assert images == [ptx + b"\0"]
    np.testing.assert_array_equal(y.to_numpy(), np.arange(4))


def test_outputs_may_not_alias_or_be_read_only(rt, tmp_path):
    access = kernel(args=[{"name": "x", "kind": "ptr", "dtype": "i64", "shape": ["N"],
                           "access": "read"},
                          {"name": "y", "kind": "ptr", "dtype": "i64", "shape": ["N"],
                           "access": "read_write"},
                          {"name": "N", "kind": "i64"}])
    k = rt.load(export(tmp_path, access))["mock_add_i64"]
    x = rt.DeviceBuffer.from_numpy(np.arange(8, dtype=np.int64))
    overlap = r"argument y \[0x[0-9a-f]+, 0x[0-9a-f]+\) overlaps argument x .*must not alias"
    with pytest.raises(rt.LaunchError, match=overlap):
        k(x, x)
    with pytest.raises(rt.LaunchError, match=overlap):  # raw pointers: extents from N
        k(x.ptr, x.ptr + 16, N=4)
    read_only = FakeCudaArray(x)
    read_only.__cuda_array_interface__["data"] = (x.ptr, True)
    y = rt.DeviceBuffer.from_numpy(np.zeros(8, dtype=np.int64))
    with pytest.raises(rt.LaunchError,
                       match="argument y is written by mock_add_i64, but the array is read-only"):
        k(x, read_only)
    k(read_only, y)  # a read-only input is fine
    k(x.ptr, x.ptr + 32, N=4)  # adjacent halves do not overlap
    np.testing.assert_array_equal(x.to_numpy(), [0, 1, 2, 3, 4, 6, 8, 10])
    np.testing.assert_array_equal(y.to_numpy(), np.arange(8))


def test_access_defaults_follow_the_op_conventions():
    directory = os.path.join(os.path.dirname(__file__), "fake-export")
    m = load_manifest(directory, check_files=False)
    written = {k.name: [a.name for a in k.pointer_args if k.writes(a)] for k in m.kernels}
    assert written["fp8q_quantize_1x128_bf16_fp32"] == ["q", "scale"]
    assert written["fp8q_quantize_fused_bf16_fp32"] == ["q_row", "scale_row", "q_col",
                                                        "scale_col"]
    assert written["fp8q_tile_transpose_128_pow2"] == ["q_t", "scale_t"]
    gemm = [k for k in m.kernels if k.op == "fp8q.scaled_matmul"][0]
    assert [a.name for a in gemm.pointer_args if gemm.writes(a)] == ["out"]
    with pytest.raises(ManifestError, match=r"args\[0\].access: expected one of read, write, "
                                            "read_write, got 'in'"):
        parse_manifest(manifest(kernel(args=[{"name": "x", "kind": "ptr", "dtype": "i64",
                                              "shape": ["N"], "access": "in"},
                                             {"name": "N", "kind": "i64"}])),
                       check_files=False)


def test_unmet_requirement_is_named_before_shapes(rt, tmp_path):
    # y's shape [N/128, 128] is an integer only if N % 128 == 0: the
    # requirement, not the shape expression, must explain a bad N.
    grouped = kernel(args=[{"name": "x", "kind": "ptr", "dtype": "i64", "shape": ["N"]},
                           {"name": "y", "kind": "ptr", "dtype": "i64", "shape": ["N/128", 128]},
                           {"name": "N", "kind": "i64"}],
                     requires=["N % 128 == 0"])
    k = rt.load(export(tmp_path, grouped))["mock_add_i64"]
    x = rt.DeviceBuffer.from_numpy(np.arange(256, dtype=np.int64))
    y = rt.DeviceBuffer.from_numpy(np.zeros(256, dtype=np.int64))
    message = r"mock_add_i64 requires N % 128 == 0, which does not hold for N=200"
    with pytest.raises(rt.LaunchError, match=message):
        k(x.ptr, y.ptr, N=200)
    with pytest.raises(rt.LaunchError, match=message):
        k(rt.DeviceBuffer((200,), "i64"), y.ptr)
    k(x.ptr, y.ptr, N=256)
    np.testing.assert_array_equal(y.to_numpy(), np.arange(256))
    # The sizes' plan is cached: a good N, then a bad one, then the good one
    # again are each judged by their own sizes.
    assert len(k._plans) == 1
    with pytest.raises(rt.LaunchError, match=message):
        k(x.ptr, y.ptr, N=200)
    with pytest.raises(rt.LaunchError, match=r"argument y: expected shape \[N/128, 128\] "
                                             r"= \[2, 128\] with N=256, got \[384\]"):
        k(x, rt.DeviceBuffer((384,), "i64"), N=256)
    k(x.ptr, y.ptr, N=256)
    assert len(k._plans) == 1


def test_trusted_launch_reads_sizes_from_shapes(rt, tmp_path):
    # launch_trusted: raw addresses and shapes (fp8q.torch's path); the
    # sizes come from the shapes, the requirements and the plan still hold.
    grouped = kernel(args=[{"name": "x", "kind": "ptr", "dtype": "i64", "shape": ["N"]},
                           {"name": "y", "kind": "ptr", "dtype": "i64", "shape": ["N/128", 128]},
                           {"name": "N", "kind": "i64"}],
                     requires=["N % 128 == 0"])
    k = rt.load(export(tmp_path, grouped))["mock_add_i64"]
    x = rt.DeviceBuffer.from_numpy(np.arange(256, dtype=np.int64) * 3)
    y = rt.DeviceBuffer.from_numpy(np.zeros(256, dtype=np.int64))
    k.launch_trusted([x.ptr, y.ptr], [(256,), (2, 128)], 0)
    rt.synchronize()
    np.testing.assert_array_equal(y.to_numpy(), np.arange(256) * 3)
    with pytest.raises(rt.LaunchError, match=r"requires N % 128 == 0, which does not hold "
                                             r"for N=200"):
        k.launch_trusted([x.ptr, y.ptr], [(200,), (2, 128)], 0)
    with pytest.raises(rt.LaunchError, match=r"argument y: address 0x[0-9a-f]+ is not "
                                             r"16-byte aligned"):
        k.launch_trusted([x.ptr, y.ptr + 8], [(256,), (2, 128)], 0)
    with pytest.raises(rt.LaunchError, match=r"takes 2 array argument\(s\), got 1"):
        k.launch_trusted([x.ptr], [(256,)], 0)


GEMM_EXPORT = os.environ.get("FP8Q_TEST_GEMM_EXPORT", "")


@pytest.mark.skipif(not os.path.exists(os.path.join(GEMM_EXPORT, "manifest.json")),
                    reason="FP8Q_TEST_GEMM_EXPORT names no GEMM export")
def test_trusted_launch_rebinds_addresses_and_tensor_maps(rt):
    # launch_trusted binds the parameters once per shapes and writes each
    # call's addresses and tensor maps into them: three GEMMs of the same
    # shapes on different arrays, launched in turn twice, must each give
    # its own product (the mock GEMM fails a launch whose by-value map does
    # not encode its A / B argument, and computes the reference numerics).
    from fp8q import reference as ref  # noqa: PLC0415

    gemm = rt.load(GEMM_EXPORT)["fp8q_scaled_matmul_1x128_128x128_f32"]
    m, n, k = 130, 136, 256
    rng = np.random.default_rng(7)
    cases = []
    for _ in range(3):
        qa = rng.integers(0, 0x7f, (m, k), dtype=np.uint8)  # finite E4M3 codes
        qb = rng.integers(0, 0x7f, (n, k), dtype=np.uint8)
        sa = rng.uniform(0.5, 2, (m, k // 128)).astype(np.float32)
        sb = rng.uniform(0.5, 2, ((n + 127) // 128, k // 128)).astype(np.float32)
        arrays = [rt.DeviceBuffer.from_numpy(qa, "f8e4m3fn"), rt.DeviceBuffer.from_numpy(sa),
                  rt.DeviceBuffer.from_numpy(qb, "f8e4m3fn"), rt.DeviceBuffer.from_numpy(sb),
                  rt.DeviceBuffer((m, n), "f32")]
        expected = ref.scaled_matmul(qa, sa, qb, sb, 128, (128, 128), "f32")
        cases.append((arrays, expected))
    for _ in range(2):
        for arrays, expected in cases:
            arrays[4].fill_bytes(0xFF)  # NaN: a launch that writes nothing fails
            gemm.launch_trusted([a.ptr for a in arrays], [a.shape for a in arrays], 0)
            rt.synchronize()
            np.testing.assert_array_equal(arrays[4].to_numpy(), expected)
    assert len(gemm._trusted_launches) == 1
    launch = next(iter(gemm._trusted_launches.values()))
    assert [len(cache) for *_, cache in launch._maps] == [3, 3]


def test_trusted_cluster_launch(rt, tmp_path, capfd):
    # A cluster launch of launch_trusted goes through cuLaunchKernelEx.
    os.environ["FP8Q_MOCK_CUDA_LOG"] = "1"
    k = rt.load(export(tmp_path, kernel(cluster=[2, 1, 1], grid=["ceil(N/64)", 1, 1])))
    x = rt.DeviceBuffer.from_numpy(np.arange(256, dtype=np.int64))
    y = rt.DeviceBuffer.from_numpy(np.zeros(256, dtype=np.int64))
    capfd.readouterr()
    k["mock_add_i64"].launch_trusted([x.ptr, y.ptr], [(256,), (256,)], 0)
    rt.synchronize()
    assert "launch mock_add_i64 grid 4x1x1 block 128x1x1 cluster 2x1x1" in capfd.readouterr().err
    np.testing.assert_array_equal(y.to_numpy(), np.arange(256))


def test_empty_output_is_an_empty_launch(rt, tmp_path, capfd):
    os.environ["FP8Q_MOCK_CUDA_LOG"] = "1"
    tm = kernel(name="mock_tma", args=[
        {"name": "a", "kind": "ptr", "dtype": "f8e4m3fn", "shape": ["M", "K"]},
        {"name": "a_map", "kind": "tensormap", "of": "a", "box": [64, 128], "dtype": "u8"},
        {"name": "M", "kind": "i64"}, {"name": "K", "kind": "i64"}],
        grid=["ceil(M/64)", 1, 1], requires=["M >= 1", "K % 128 == 0"])
    k = rt.load(export(tmp_path, tm))["mock_tma"]
    capfd.readouterr()
    launch = k(rt.DeviceBuffer((0, 256), "f8e4m3fn"))
    assert launch.empty and launch.grid == (0, 1, 1) and launch.sizes == {"M": 0, "K": 256}
    launch()
    err = capfd.readouterr().err
    assert "tensor map" not in err and "launch" not in err, err
    with pytest.raises(rt.LaunchError, match=r"requires K % 128 == 0, which does not hold for "
                                             r"M=0, K=200"):
        k(rt.DeviceBuffer((0, 200), "f8e4m3fn"))
    launch = k(rt.DeviceBuffer((64, 256), "f8e4m3fn"))
    assert not launch.empty and "launch mock_tma grid 1x1x1" in capfd.readouterr().err


def _run_isolated(code, **env):
    """Runs `code` in a fresh interpreter on the mock driver; returns stderr+stdout."""
    full = dict(os.environ)
    full.update(FP8Q_CUDA_DRIVER_LIBRARY=MOCK, FP8Q_CUDA_BACKEND="ctypes")
    full.update(env)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full)
    return done.returncode, done.stdout + done.stderr


LAUNCH_ONE = """
import numpy as np, fp8q.runtime as rt
ks = rt.load({directory!r})
x = rt.DeviceBuffer.from_numpy(np.arange(4, dtype=np.int64))
try:
    ks["mock_add_i64"](x, x)
except (rt.UnsupportedDeviceError, rt.CudaError) as err:
    print(type(err).__name__ + ": " + str(err))
"""


@needs_mock
def test_wrong_architecture_is_named(tmp_path):
    directory = export(tmp_path)
    code, out = _run_isolated(LAUNCH_ONE.format(directory=directory), FP8Q_MOCK_CUDA_CC="80")
    assert "UnsupportedDeviceError: this kernel needs sm_90a (Hopper); found sm_80 " \
           "(Mock GPU sm_80, device 0)" in out, out


@needs_mock
def test_cuda_errors_name_the_call(tmp_path):
    # An sm_80 ELF cubin in a manifest that claims sm_90: the driver refuses it.
    elf = bytearray(64)
    elf[0:4], elf[7], elf[8] = b"\x7fELF", 0x41, 8
    elf[48:52] = ((80 << 8) | 4).to_bytes(4, "little")
    directory = export(tmp_path, chip="sm_90", image=bytes(elf))
    code, out = _run_isolated(LAUNCH_ONE.format(directory=directory))
    assert "CudaError: cuModuleLoadData failed: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image " \
           "is available for execution on the device (loading" in out, out
    assert "the manifest says the cubin is for sm_90" in out, out


@needs_mock
def test_no_device_and_no_driver():
    code, out = _run_isolated("import fp8q.runtime as rt\ntry:\n rt.current_device()\n"
                              "except rt.UnsupportedDeviceError as e: print(e)",
                              FP8Q_MOCK_CUDA_DEVICES="0")
    assert "no CUDA device found (cuInit: CUDA_ERROR_NO_DEVICE)" in out, out
    code, out = _run_isolated("import fp8q.runtime as rt\ntry:\n rt.current_device()\n"
                              "except rt.UnsupportedDeviceError as e: print(e)",
                              FP8Q_CUDA_DRIVER_LIBRARY="/nonexistent/libcuda.so.1")
    assert "no CUDA driver found: cannot load /nonexistent/libcuda.so.1" in out, out
    code, out = _run_isolated("import fp8q.runtime as rt\nb = rt.DeviceBuffer((1 << 31,), 'u8')",
                              FP8Q_MOCK_CUDA_MEMORY="1048576")
    assert "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY: out of memory allocating 2147483648 " \
           "bytes (2.0 GiB) on Mock GPU sm_90, sm_90, device 0; 1048576 bytes (1.0 MiB) free" in out
