# --fp8q-quantize-model on the backward of stacked experts in a training
# step (Fprop Y[e] = X[e] W[e], Dgrad dX[e] = dY[e] W[e]^T, Wgrad dW[e] =
# X[e]^T dY[e]), executed through --fp8q-cpu-pipeline: the expert Wgrad must
# equal the recipe's Wgrad composed from fp8q.reference bit for bit (per
# expert: X[e]^T and dY[e]^T quantized in 1x128 tiles along the tokens,
# scaled_matmul with b_tile (1, 128), f32 out, accumulated into the incoming
# gradient where the graph has one). The results are printed as their f32
# bit patterns, so the comparison is exact.
#
# Programs: X [T, K] broadcast to the experts (quantized once), zero init;
# X computed per expert [E, T, K] with the gradient accumulated into an
# incoming one, X read as the Fprop's cached 1x128 codes through
# tile_transpose (the default, wgrad-activation=cached) and quantized again
# from f32 (wgrad-activation=requantize). Shapes: E = 3 experts, T = 256 tokens (two token tiles),
# K = 256, N = 200 (a tail of 72 columns); a token tile of X of expert 1 and
# one of dY of expert 2 are all zeros (amax = eps tiles). (The Dgrad, whose
# K is N = 200, stays unquantized with the warning; it does not feed dW.)
#
# REQUIRES: numpy
# RUN: %python %s %cpu_harness_args --work-dir %t

import argparse
import re
import subprocess
import sys

import numpy as np

from fp8q import reference as ref

E, T, K, N = 3, 256, 256, 200


def t(*shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def dense(a):
    """An exact dense literal: the raw little-endian f32 bytes in hex."""
    return f'dense<"0x{a.astype("<f4").tobytes().hex().upper()}"> : {t(*a.shape)}'


def program(x, w, d, dw_in):
    """The joint graph (forward first): X times 1.0 (a computed activation,
    bit-identical to x), the grouped Fprop, dY = d times 1.0, the grouped
    Dgrad, the Wgrad batch_matmul(X^T, dY) into zero or into dw_in."""
    broadcast = x.ndim == 2
    one = "%one = arith.constant 1.0 : f32"
    body = """  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %one : f32
    linalg.yield %s : f32"""
    if broadcast:
        xa = f"""  %ex = tensor.empty() : {t(T, K)}
  %xa = linalg.generic {{indexing_maps = [affine_map<(t, k) -> (t, k)>, affine_map<(t, k) -> (t, k)>], iterator_types = ["parallel", "parallel"]}} ins(%x : {t(T, K)}) outs(%ex : {t(T, K)}) {{
{body}
  }} -> {t(T, K)}
  %ee = tensor.empty() : {t(E, T, K)}
  %xe = linalg.generic {{indexing_maps = [affine_map<(e, t, k) -> (t, k)>, affine_map<(e, t, k) -> (e, t, k)>], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%xa : {t(T, K)}) outs(%ee : {t(E, T, K)}) {{
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }} -> {t(E, T, K)}"""
    else:
        xa = f"""  %ee = tensor.empty() : {t(E, T, K)}
  %xe = linalg.generic {{indexing_maps = [affine_map<(e, t, k) -> (e, t, k)>, affine_map<(e, t, k) -> (e, t, k)>], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%x : {t(E, T, K)}) outs(%ee : {t(E, T, K)}) {{
{body}
  }} -> {t(E, T, K)}"""
    acc = dw_in is not None
    init = "%dw_in" if acc else "%zw"
    xt = t(*x.shape)
    args = f"%x: {xt}, %w: {t(E, K, N)}, %d: {t(E, T, N)}" + (f", %dw_in: {t(E, K, N)}" if acc else "")
    return f"""
func.func @step({args}) -> ({t(E, T, N)}, {t(E, T, K)}, {t(E, K, N)}) {{
  %zero = arith.constant 0.0 : f32
  {one}
{xa}
  %ey = tensor.empty() : {t(E, T, N)}
  %zy = linalg.fill ins(%zero : f32) outs(%ey : {t(E, T, N)}) -> {t(E, T, N)}
  %y = linalg.batch_matmul ins(%xe, %w : {t(E, T, K)}, {t(E, K, N)}) outs(%zy : {t(E, T, N)}) -> {t(E, T, N)}
  %dy = linalg.generic {{indexing_maps = [affine_map<(e, t, n) -> (e, t, n)>, affine_map<(e, t, n) -> (e, t, n)>], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%d : {t(E, T, N)}) outs(%ey : {t(E, T, N)}) {{
{body}
  }} -> {t(E, T, N)}
  %et = tensor.empty() : {t(E, N, K)}
  %wt = linalg.transpose ins(%w : {t(E, K, N)}) outs(%et : {t(E, N, K)}) permutation = [0, 2, 1]
  %ed = tensor.empty() : {t(E, T, K)}
  %zd = linalg.fill ins(%zero : f32) outs(%ed : {t(E, T, K)}) -> {t(E, T, K)}
  %dx = linalg.batch_matmul ins(%dy, %wt : {t(E, T, N)}, {t(E, N, K)}) outs(%zd : {t(E, T, K)}) -> {t(E, T, K)}
  %ew = tensor.empty() : {t(E, K, N)}
  %zw = linalg.fill ins(%zero : f32) outs(%ew : {t(E, K, N)}) -> {t(E, K, N)}
  %ext = tensor.empty() : {t(E, K, T)}
  %xt = linalg.transpose ins(%xe : {t(E, T, K)}) outs(%ext : {t(E, K, T)}) permutation = [0, 2, 1]
  %dw = linalg.batch_matmul ins(%xt, %dy : {t(E, K, T)}, {t(E, T, N)}) outs({init} : {t(E, K, N)}) -> {t(E, K, N)}
  return %y, %dx, %dw : {t(E, T, N)}, {t(E, T, K)}, {t(E, K, N)}
}}
func.func @main() {{
  %x = arith.constant {dense(x)}
  %w = arith.constant {dense(w)}
  %d = arith.constant {dense(d)}
  {f"%dw_in = arith.constant {dense(dw_in)}" if acc else ""}
  %y, %dx, %dw = func.call @step(%x, %w, %d{", %dw_in" if acc else ""}) : ({xt}, {t(E, K, N)}, {t(E, T, N)}{", " + t(E, K, N) if acc else ""}) -> ({t(E, T, N)}, {t(E, T, K)}, {t(E, K, N)})
  %b0 = tensor.empty() : tensor<{E}x{K}x{N}xi32>
  %bits = linalg.generic {{indexing_maps = [affine_map<(e, k, n) -> (e, k, n)>, affine_map<(e, k, n) -> (e, k, n)>], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%dw : {t(E, K, N)}) outs(%b0 : tensor<{E}x{K}x{N}xi32>) {{
  ^bb0(%in: f32, %out: i32):
    %i = arith.bitcast %in : f32 to i32
    linalg.yield %i : i32
  }} -> tensor<{E}x{K}x{N}xi32>
  %u = tensor.cast %bits : tensor<{E}x{K}x{N}xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}}
func.func private @printMemrefI32(tensor<*xi32>) attributes {{llvm.emit_c_interface}}
"""


def run(args, mlir, passes):
    def step(cmd, data):
        proc = subprocess.run(cmd, input=data, capture_output=True)
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr.decode())
            raise SystemExit(f"failed: {' '.join(cmd[:2])}")
        return proc.stdout
    lowered = step([args.opt, "-", *passes, "--fp8q-cpu-pipeline"], mlir.encode())
    out = step([args.runner, "-e", "main", "-entry-point-result=void",
                "--shared-libs=" + args.shared_libs], lowered).decode()
    data = out.split("data =", 1)[1]
    bits = np.array([int(v) for v in re.findall(r"-?\d+", data)], dtype=np.int64)
    return bits.astype(np.uint32).view(np.float32).reshape(E, K, N)


def reference_wgrad(x, d, dw_in, cached):
    """The recipe's Wgrad per expert from fp8q.reference. With `cached` X
    [E, T, K] comes from the Fprop's 1x128 codes of [E*T, K] through
    tile_transpose (128x1 tiles of [K, E*T]; expert e in columns e*T ..)."""
    out = np.empty((E, K, N), np.float32)
    if cached:
        qf, sf = ref.quantize(x.reshape(E * T, K), (1, 128))
        qxt, sxt = ref.tile_transpose(qf, sf, 128, "fp32")
    for e in range(E):
        if cached:
            qa = qxt[:, e * T:(e + 1) * T]
            sa = sxt[:, e * T // 128:(e + 1) * T // 128]
        else:
            xe = x if x.ndim == 2 else x[e]
            qa, sa = ref.quantize(np.ascontiguousarray(xe.T), (1, 128))  # X^T [K, T]
        qb, sb = ref.quantize(np.ascontiguousarray(d[e].T), (1, 128))    # dY^T [N, T]
        c = None if dw_in is None else dw_in[e]
        out[e] = ref.scaled_matmul(qa, sa, qb, sb, group=128, b_tile=(1, 128),
                                   out_dtype="f32", c=c)
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--opt")
    p.add_argument("--runner")
    p.add_argument("--shared-libs")
    p.add_argument("--work-dir")
    args = p.parse_args()
    rng = np.random.default_rng(11)
    w = (rng.standard_normal((E, K, N)) / 16).astype(np.float32)
    d = rng.standard_normal((E, T, N)).astype(np.float32)
    d[2, :128, :] = 0.0
    ok = True
    x_per_expert = rng.standard_normal((E, T, K)).astype(np.float32)
    x_per_expert[1, 128:, :] = 0.0
    dw_in = rng.standard_normal((E, K, N)).astype(np.float32)
    cases = (
        ("broadcast X, zero init", rng.standard_normal((T, K)).astype(np.float32), None, ""),
        ("per-expert X (cached FP8 X), accumulate", x_per_expert, dw_in, ""),
        ("per-expert X (requantized), accumulate", x_per_expert, dw_in,
         "wgrad-activation=requantize"),
    )
    for case, x, dw_in, options in cases:
        broadcast = x.ndim == 2
        cached = not broadcast and not options
        mlir = program(x, w, d, dw_in)
        flag = "--fp8q-quantize-model" + (f"={options}" if options else "")
        quantized = subprocess.run([args.opt, "-", flag], input=mlir.encode(),
                                   capture_output=True, check=True).stdout.decode()
        gemms = quantized.count("fp8q.scaled_matmul")
        transposes = quantized.count("fp8q.tile_transpose")
        got = run(args, mlir, [flag])
        want = reference_wgrad(x, d, dw_in, cached)
        same = got.view(np.uint32) == want.view(np.uint32)
        exact = np.einsum("tk,etn->ekn" if broadcast else "etk,etn->ekn",
                          x.astype(np.float64), d.astype(np.float64))
        if dw_in is not None:
            exact += dw_in
        err = np.linalg.norm(got - exact) / np.linalg.norm(exact)
        print(f"{case}: {gemms} Wgrad GEMMs, {transposes} tile_transpose; {(~same).sum()} of "
              f"{same.size} values differ from fp8q.reference; relative error vs f64 {err:.3e}")
        ok &= gemms == E and transposes == int(cached) and same.all() and 1e-3 < err < 6e-2
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
