# --fp8q-quantize-model on a torch-style Linear (weight [N, K] transposed by
# linalg.transpose, bias added after the matmul), executed through
# --fp8q-cpu-pipeline: the FP8 graph must compute exactly the reference
# recipe (fp8q.reference: x in 1x128 tiles, W in 128x128 blocks, f32
# scaled_matmul, then the bias), and the f32 graph the plain product.
# Shapes have an N tail (N = 200) and several K groups.
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import argparse
import os
import re
import subprocess
import sys

import numpy as np

from fp8q import reference as ref

M, K, N = 24, 384, 200


def dense(a):
    """An exact dense literal: the raw little-endian f32 bytes in hex."""
    shape = "x".join(map(str, a.shape))
    return f'dense<"0x{a.astype("<f4").tobytes().hex().upper()}"> : tensor<{shape}xf32>'


def program(x, w, b):
    def t(*s):
        return "tensor<" + "x".join(map(str, s)) + "xf32>"
    return f"""
func.func @forward(%x: {t(M, K)}, %w: {t(N, K)}, %b: {t(N)}) -> {t(M, N)} {{
  %zero = arith.constant 0.0 : f32
  %wt0 = tensor.empty() : {t(K, N)}
  %wt = linalg.transpose ins(%w : {t(N, K)}) outs(%wt0 : {t(K, N)}) permutation = [1, 0]
  %acc0 = tensor.empty() : {t(M, N)}
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : {t(M, N)}) -> {t(M, N)}
  %mm = linalg.matmul ins(%x, %wt : {t(M, K)}, {t(K, N)}) outs(%acc : {t(M, N)}) -> {t(M, N)}
  %y0 = tensor.empty() : {t(M, N)}
  %y = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}}
      ins(%mm, %b : {t(M, N)}, {t(N)}) outs(%y0 : {t(M, N)}) {{
  ^bb0(%m: f32, %bb: f32, %o: f32):
    %s = arith.addf %m, %bb : f32
    linalg.yield %s : f32
  }} -> {t(M, N)}
  return %y : {t(M, N)}
}}
func.func @main() {{
  %x = arith.constant {dense(x)}
  %w = arith.constant {dense(w)}
  %b = arith.constant {dense(b)}
  %y = func.call @forward(%x, %w, %b) : ({t(M, K)}, {t(N, K)}, {t(N)}) -> {t(M, N)}
  %yu = tensor.cast %y : {t(M, N)} to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}}
func.func private @printMemrefF32(tensor<*xf32>) attributes {{llvm.emit_c_interface}}
"""


def run(args, mlir, passes):
    lowered = subprocess.run([args.opt, "-", *passes, "--fp8q-cpu-pipeline"], input=mlir.encode(),
                             capture_output=True, check=True).stdout
    out = subprocess.run([args.runner, "-e", "main", "-entry-point-result=void",
                          "--shared-libs=" + args.shared_libs], input=lowered,
                         capture_output=True, check=True).stdout.decode()
    data = out.split("data =", 1)[1]
    return np.array([float(v) for v in re.findall(r"[-+]?\d+\.?\d*(?:e[-+]?\d+)?", data)],
                    dtype=np.float64).reshape(M, N)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--opt")
    p.add_argument("--runner")
    p.add_argument("--shared-libs")
    p.add_argument("--work-dir")
    args = p.parse_args()
    rng = np.random.default_rng(7)
    x = rng.standard_normal((M, K)).astype(np.float32)
    w = (rng.standard_normal((N, K)) / np.sqrt(K)).astype(np.float32)
    b = rng.standard_normal(N).astype(np.float32)
    mlir = program(x, w, b)

    got_f32 = run(args, mlir, [])
    got_fp8 = run(args, mlir, ["--fp8q-quantize-model"])

    exact = x.astype(np.float64) @ w.astype(np.float64).T + b
    qa, sa = ref.quantize(x, (1, 128))
    qb, sb = ref.quantize(w, (128, 128))
    want_fp8 = ref.scaled_matmul(qa, sa, qb, sb, group=128, out_dtype="f32").astype(np.float64)
    want_fp8 = (want_fp8.astype(np.float32) + b).astype(np.float64)

    # printMemrefF32 prints 6 significant digits.
    def close(got, want):
        return np.abs(got - want) <= 1e-5 * np.abs(want) + 1e-6 * np.abs(want).max()

    ok = True
    for name, got, want in (("f32 graph vs f64 product", got_f32, exact),
                            ("fp8 graph vs fp8q.reference recipe", got_fp8, want_fp8)):
        bad = ~close(got, want)
        print(f"{name}: {bad.sum()} of {bad.size} values differ")
        ok &= not bad.any()
    err = np.linalg.norm(got_fp8 - exact) / np.linalg.norm(exact)
    print(f"fp8 graph relative Frobenius error vs exact: {err:.3e}")
    # E4M3 keeps 3 mantissa bits: per-element relative error <= 2^-4, about
    # 2-3% RMS on a randn GEMM; anything outside [1e-3, 6e-2] is a bug.
    ok &= 1e-3 < err < 6e-2
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
