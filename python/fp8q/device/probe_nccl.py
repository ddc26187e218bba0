"""What NCCL allows on one GPU: ``python -m fp8q.device.probe_nccl``.

Expert parallelism (docs/ExpertParallel.md) moves its rows with NCCL. On a
machine with one GPU this probe answers what a test there can do, through
ctypes on the libnccl that PyTorch ships (else the system's):

* a 1-rank communicator (``ncclCommInitAll`` with one device) sends a
  dispatch-sized payload to itself inside ``ncclGroupStart``/``End`` and
  receives it unchanged;
* two ranks on the same GPU (``ncclCommInitAll`` with devices [0, 0]) are
  refused (NCCL allows one rank per GPU and communicator), so a multi-rank
  exchange needs as many GPUs as ranks.

Prints one line per step; exit status 1 if the self exchange fails.
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys

NCCL_UINT8 = 1


def _libnccl() -> ctypes.CDLL:
    import torch  # noqa: PLC0415

    here = os.path.join(os.path.dirname(torch.__file__), "..", "nvidia", "nccl", "lib")
    for pattern in (os.path.join(here, "libnccl.so*"), "/usr/lib/x86_64-linux-gnu/libnccl.so*",
                    "/usr/local/cuda*/lib*/libnccl.so*"):
        found = sorted(glob.glob(pattern))
        if found:
            return ctypes.CDLL(found[0])
    raise OSError("no libnccl.so found (PyTorch's nvidia-nccl wheel or the system's)")


def main() -> int:
    import torch  # noqa: PLC0415

    if not torch.cuda.is_available():
        print("probe_nccl: no CUDA device (this probe runs on a GPU machine)", file=sys.stderr)
        return 1
    try:
        nccl = _libnccl()
    except OSError as err:
        print(f"probe_nccl: {err}", file=sys.stderr)
        return 1
    nccl.ncclGetErrorString.restype = ctypes.c_char_p
    version = ctypes.c_int()
    nccl.ncclGetVersion(ctypes.byref(version))
    print(f"NCCL {version.value} ({nccl._name}); device: {torch.cuda.get_device_name()}")

    def call(what: str, result: int) -> int:
        print(f"{what}: {result} ({nccl.ncclGetErrorString(result).decode()})", flush=True)
        return result

    torch.zeros(1, device="cuda")  # the primary context
    comms = (ctypes.c_void_p * 1)()
    if call("ncclCommInitAll(1 rank, device 0)",
            nccl.ncclCommInitAll(comms, 1, (ctypes.c_int * 1)(0))):
        return 1
    n = (7168 + 4 * 7168 // 128) * 4096  # 4096 dispatched rows of K = 7168: codes + scales
    src = torch.randint(0, 255, (n,), dtype=torch.uint8, device="cuda")
    dst = torch.zeros_like(src)
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    failed = call("ncclGroupStart", nccl.ncclGroupStart())
    failed |= call("ncclSend to self", nccl.ncclSend(ctypes.c_void_p(src.data_ptr()),
                                                      ctypes.c_size_t(n), NCCL_UINT8, 0,
                                                      comms[0], stream))
    failed |= call("ncclRecv from self", nccl.ncclRecv(ctypes.c_void_p(dst.data_ptr()),
                                                        ctypes.c_size_t(n), NCCL_UINT8, 0,
                                                        comms[0], stream))
    failed |= call("ncclGroupEnd", nccl.ncclGroupEnd())
    torch.cuda.synchronize()
    same = bool(torch.equal(src, dst))
    print(f"1-rank exchange of {n} bytes: {'received unchanged' if same else 'DIFFERS'}")
    two = (ctypes.c_void_p * 2)()
    shared = call("ncclCommInitAll(2 ranks, devices [0, 0])",
                  nccl.ncclCommInitAll(two, 2, (ctypes.c_int * 2)(0, 0)))
    print(f"two ranks on one GPU: {'allowed' if shared == 0 else 'refused'}")
    return 0 if same and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
