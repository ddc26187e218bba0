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
for all of them and exits with 0 if every rank exited with 0, else prints each
failing rank's status and the end of its stderr and exits with 1. It kills
every rank still running after ``--timeout`` seconds (default 300), and
``--grace`` seconds (default 10) after the first rank that fails: its peers
would otherwise wait for it inside NCCL forever (H200: two ranks on one GPU,
where rank 1 finds no device and rank 0 waits in ``ncclCommInitRank``). Uses
only the standard library: it runs on the GPU machine too.
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
    parser.add_argument("--grace", type=float, default=10.0)
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
    # Why the ranks still running were killed, if they were.
    kill_reason = None
    first_failure = None
    while any(p.poll() is None for p, _, _ in procs):
        now = time.time()
        if first_failure is None:
            for rank, (p, _, _) in enumerate(procs):
                if p.poll() not in (None, 0):
                    first_failure = (rank, now)
                    break
        if now > deadline:
            kill_reason = "killed after the timeout"
        elif first_failure and now > first_failure[1] + args.grace:
            kill_reason = (f"killed {args.grace:g} s after rank {first_failure[0]} "
                           "failed")
        if kill_reason:
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
        reason = kill_reason if kill_reason and code < 0 else f"exit {code}"
        print(f"ep_launch: rank {rank} failed ({reason}):\n{tail}", end="")
    if failed:
        print(f"ep_launch: {failed} of {args.ranks} ranks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
