"""bench_gemm's back-to-back timing (``--sustained``) without a GPU.

A stand-in ``torch`` (events on a stand-in GPU clock), stand-in clocks
that advance by what each call says it costs, and a stand-in
``nvidia-smi`` on PATH (a script printing fixed samples) exercise
sustained(): the timed half, the host-bound mark, the parsing of the
sampler's lines and the sampler's end when the timed function raises.

The host-bound mark compares two times; on the real clocks a loaded
machine (CI runs the tests in parallel) skews them apart, so the tests
that check it run on the stand-in clocks.
"""

import os
import stat
import subprocess
import sys
import time
import types

import pytest

from fp8q.bench import bench_gemm


class _Clocks:
    """A host clock (replaces time.perf_counter) and a GPU clock (read by
    the stand-in events) that advance only when a call costs time."""

    def __init__(self):
        self.host = 0.0
        self.gpu = 0.0

    def perf_counter(self):
        return self.host

    def call(self, host_ms, gpu_ms):
        """A call that costs the host ``host_ms`` and the GPU ``gpu_ms``."""
        def fn():
            self.host += host_ms / 1e3
            self.gpu += gpu_ms / 1e3
        return fn


_clocks = None


class _Event:
    def __init__(self, *args):
        self.at = None

    def record(self):
        self.at = _clocks.gpu if _clocks else time.perf_counter()

    def synchronize(self):
        pass

    def elapsed_time(self, other):
        return (other.at - self.at) * 1e3


def _fake_torch():
    cuda = types.SimpleNamespace(
        Event=_Event, synchronize=lambda: None, current_device=lambda: 0,
        get_device_properties=lambda index: types.SimpleNamespace(uuid="0000"))
    return types.SimpleNamespace(cuda=cuda)


@pytest.fixture
def fake_torch(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", _fake_torch())


@pytest.fixture
def clocks(fake_torch, monkeypatch):
    """Stand-in clocks for the host (time.perf_counter) and the events."""
    global _clocks
    _clocks = _Clocks()
    monkeypatch.setattr(time, "perf_counter", _clocks.perf_counter)
    yield _clocks
    _clocks = None


def _sampler(directory, lines):
    """A stand-in nvidia-smi in ``directory`` that prints ``lines``."""
    path = directory / "nvidia-smi"
    body = "".join(f"echo '{line}'\n" for line in lines)
    path.write_text("#!/bin/sh\n" + body + "sleep 5\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return directory


# Four idle samples, then (the later half) three at the power cap and a line
# whose fields nvidia-smi could not read.
SAMPLES = ["1980, 80.1, 0x0000000000000001"] * 4 + [
    "1395, 688.0, 0x0000000000000004",
    "[N/A], [N/A], [N/A]",
    "1410, 690.5, 0x0000000000000004",
    "1425, 692.0, 0x0000000000000004"]


def test_sustained_reads_the_sampler(clocks, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(_sampler(tmp_path, SAMPLES)))
    # Each call costs the host and the GPU 2 ms; it also sleeps 2 ms of
    # real time so that the sampler (a real process) prints its lines.
    step = clocks.call(2.0, 2.0)

    def fn():
        step()
        time.sleep(0.002)

    ms, state = bench_gemm.sustained(fn, 0.2)
    # The host takes as long as the kernel: the loop measures the host.
    assert ms == pytest.approx(2.0)
    assert state["host_bound"] is True
    # The later half of the lines: the three power-capped samples.
    assert state["sm_mhz"] == 1410
    assert state["watts"] == 690.5
    assert state["clock_reasons"] == ["power cap"]


def test_sustained_without_nvidia_smi(fake_torch, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    calls = []
    ms, state = bench_gemm.sustained(lambda: calls.append(1), 0.05)
    assert ms > 0 and len(calls) >= 41
    assert set(state) == {"host_bound"}


def test_sustained_kernel_bound(clocks, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    # The host enqueues in 0.3 ms a kernel that runs 2 ms: the GPU's time.
    ms, state = bench_gemm.sustained(clocks.call(0.3, 2.0), 0.2)
    assert ms == pytest.approx(2.0)
    assert state == {"host_bound": False}


def test_sustained_host_bound_at_80_percent(clocks, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    # 80 % is the mark: 1.7 ms of host per 2 ms of kernel is host-bound,
    # 1.5 ms is not.
    assert bench_gemm.sustained(clocks.call(1.7, 2.0), 0.2)[1]["host_bound"]
    assert not bench_gemm.sustained(clocks.call(1.5, 2.0), 0.2)[1]["host_bound"]


def test_sustained_stops_the_sampler_on_error(fake_torch, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(_sampler(tmp_path, SAMPLES)))
    started = []
    popen = subprocess.Popen

    def recording(*args, **kwargs):
        started.append(popen(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr("subprocess.Popen", recording)
    calls = []

    def failing():
        calls.append(1)
        if len(calls) > 3:
            raise RuntimeError("launch failed")

    with pytest.raises(RuntimeError, match="launch failed"):
        bench_gemm.sustained(failing, 1.0)
    assert len(started) == 1
    assert started[0].wait(timeout=2) is not None


def test_host_bound_takes_no_ratio():
    row = {"fp8q_sustained_host_bound": False, "cublas_block_sustained_host_bound": True,
           "deepgemm_sustained_host_bound": False}
    assert bench_gemm._host_bound(row, "cublas_block")
    assert not bench_gemm._host_bound(row, "deepgemm")
    row["fp8q_sustained_host_bound"] = True
    assert bench_gemm._host_bound(row, "deepgemm")


if __name__ == "__main__":
    sys.exit(pytest.main([os.path.abspath(__file__), "-q"]))
