#!/usr/bin/env python3
"""Runs one process per expert-parallel rank (fp8q.moe_dispatch / moe_combine
through the runtime's NCCL exchange, docs/ExpertParallel.md).

    ep_launch.py --ranks R --out-dir DIR [--gpu-per-rank] [--timeout S] -- CMD...

starts R copies of CMD at once, rank r with

* ``FP8Q_EP_RANKS=R``, ``FP8Q_EP_RANK=r``;
* ``FP8Q_NCCL_ID_FILE=DIR/nccl-id`` (removed first: rank 0 writes the NCCL
  unique id there and refuses a file left from an earlier run);
* with ``--gpu-per-rank``, ``CUDA_VISIBLE_DEVICES=r`` (NCCL needs one GPU per
  rank: two ranks on one GPU are refused);

and writes its stdout and stderr to ``DIR/rank<r>.out`` / ``.err``. It waits
for all of them (killing all after ``--timeout`` seconds, default 300) and
exits with 0 if every rank exited with 0, else prints each failing rank's
status and the end of its stderr and exits with 1. Uses only the standard
library: it runs on the GPU machine too.
"""

import argparse
import os
import subprocess
import sys
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, required=True)
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--gpu-per-rank", action="store_true")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if args.ranks < 1 or not command:
        parser.error("need --ranks >= 1 and a command after --")
    os.makedirs(args.out_dir, exist_ok=True)
    id_file = os.path.join(args.out_dir, "nccl-id")
    if os.path.exists(id_file):
        os.remove(id_file)
    procs = []
    for rank in range(args.ranks):
        env = dict(os.environ, FP8Q_EP_RANKS=str(args.ranks),
                   FP8Q_EP_RANK=str(rank), FP8Q_NCCL_ID_FILE=id_file)
        if args.gpu_per_rank:
            env["CUDA_VISIBLE_DEVICES"] = str(rank)
        out = open(os.path.join(args.out_dir, f"rank{rank}.out"), "w")
        err = open(os.path.join(args.out_dir, f"rank{rank}.err"), "w")
        procs.append((subprocess.Popen(command, env=env, stdout=out, stderr=err),
                      out, err))
    deadline = time.time() + args.timeout
    timed_out = False
    while any(p.poll() is None for p, _, _ in procs):
        if time.time() > deadline:
            timed_out = True
            for p, _, _ in procs:
                if p.poll() is None:
                    p.kill()
            break
        time.sleep(0.02)
    failed = 0
    for rank, (p, out, err) in enumerate(procs):
        code = p.wait()
        out.close()
        err.close()
        if code == 0:
            continue
        failed += 1
        with open(os.path.join(args.out_dir, f"rank{rank}.err")) as f:
            tail = f.read()[-2000:]
        reason = "killed after the timeout" if timed_out and code < 0 else f"exit {code}"
        print(f"ep_launch: rank {rank} failed ({reason}):\n{tail}", end="")
    if failed:
        print(f"ep_launch: {failed} of {args.ranks} ranks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
