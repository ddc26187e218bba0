#!/usr/bin/env python3
"""A stand-in for fp8-opt that fails the way FAKE_OPT_MODE says, to show
that fp8q-fuzz reports each kind of finding."""
import os
import signal
import sys
import time

sys.stdin.read()
mode = os.environ.get("FAKE_OPT_MODE", "ok")
if mode == "segv":
    os.kill(os.getpid(), signal.SIGSEGV)
if mode == "hang":
    time.sleep(60)
if mode == "asan":
    sys.stderr.write("==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1\n")
    sys.exit(86)
if mode == "ubsan-exit1":
    sys.stderr.write("Fp8qToGPU.cpp:1:1: runtime error: signed integer overflow\n")
    sys.exit(1)
if mode == "silent":
    sys.exit(1)
if mode == "error":
    sys.stderr.write("<stdin>:1:1: error: expected operation name\n")
    sys.exit(1)
sys.exit(0)
