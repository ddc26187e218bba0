"""bench_gemm's back-to-back timing (``--sustained``) without a GPU.

A stand-in ``torch`` (events on the host clock) and a stand-in
``nvidia-smi`` on PATH (a script printing fixed samples) exercise
sustained(): the timed half, the host-bound mark, the parsing of the
sampler's lines and the sampler's end when the timed function raises.
"""

import os
import stat
import subprocess
import sys
import time
import types

import pytest

from fp8q.bench import bench_gemm


class _Event:
    def __init__(self, *args):
        self.at = None

    def record(self):
        self.at = time.perf_counter()

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


def test_sustained_reads_the_sampler(fake_torch, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(_sampler(tmp_path, SAMPLES)))
    ms, state = bench_gemm.sustained(lambda: time.sleep(0.002), 0.2)
    # The host sleeps in every call: the loop measures the host.
    assert ms >= 2.0
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
