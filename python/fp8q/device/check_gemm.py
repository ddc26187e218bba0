#!/usr/bin/env python3
"""Check of fp8q's exported scaled_matmul (wgmma GEMM) kernels.

For every kernel of an export directory whose op is fp8q.scaled_matmul and
every shape (PERF.md's rows plus odd M/N tails), on fresh random E4M3 codes
(NaN codes excluded) and positive scales:

* the output is poisoned (0xFF bytes: NaN) before the launch; after it no
  element of [M, N] may still be NaN (tails written exactly);
* relative Frobenius error against an f32 product of the dequantized inputs
  (torch on the GPU, TF32 off), expected ~1e-3 for bf16 results (their
  rounding) and ~1e-6 for f32; limit --tol (default 5e-3);
* on small shapes also against python/fp8q/reference.py scaled_matmul
  (exact f64 partials, f32 promotion): rel. Frobenius <= --tol;
* on shapes up to 4M outputs the kernel runs again into an output inside a
  larger poisoned buffer: the result equals the first bit for bit and not
  one element around it is written (the epilogue's 16-byte stores mask
  whole chunks of 8 columns; docs/GPU.md).

The kernel's group G and b_tile (manifest attrs) pick the scale layouts:
sa [M, K/G] (uploaded as [K/G, M] where the argument is "transposed": the
`_amn` kernels); [G, G] weight blocks (sb [ceil(N/G), K/G]) or [1, G] rows
(Wgrad, sb [N, K/G]); both the reference and the dequantized product follow
them. Shapes whose K the kernel does not take (K % G) are skipped.

  check_gemm.py --export-dir DIR            run on the GPU (needs torch)
  check_gemm.py --export-dir DIR --dry-run  no GPU: manifest, launch
                                            dimensions, requirements, the
                                            numpy reference on small shapes

Exit status 1 on any failure. Prints a table last.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Dict, List, Tuple

import numpy as np

from fp8q import reference as ref  # noqa: E402
from fp8q.manifest import dims_of, load_manifest, unmet_requirements  # noqa: E402

#: PERF.md shapes (M, N, K).
PERF_SHAPES = [(128, 24576, 1536), (128, 7168, 16384), (4096, 2112, 7168),
               (4096, 24576, 1536), (4096, 32768, 512), (4096, 7168, 16384),
               (4096, 4096, 7168), (4096, 7168, 2048), (8192, 8192, 8192)]
#: Odd shapes: tails of M and N, one K block, single rows/columns.
ODD_SHAPES = [(1, 8, 128), (200, 300, 512), (129, 257, 256), (65, 136, 384),
              (1000, 1000, 1024), (7, 2112, 128)]
#: Largest M*N*K checked against the numpy reference.
REFERENCE_LIMIT = 2**31
#: Largest M*N run again inside a guarded buffer.
PLACEMENT_LIMIT = 2**22
#: Poisoned elements before and after the guarded output (16-byte multiple).
GUARD = 64
#: NOTE: 1.5e-3 is the expected bf16 rounding error; cuBLAS block is ~1.7e-3.
DEFAULT_TOL = 5e-3


def make_inputs(rng: np.random.Generator, m: int, n: int, k: int, bn: int = 128,
                group: int = 128):
    """Random E4M3 codes (no NaN) and scales of the kernel's layouts; ``bn``
    rows of B share a scale (G: weight blocks, 1: Wgrad rows), ``group``
    elements of K."""
    def codes(rows):
        q = rng.integers(0, 256, size=(rows, k), dtype=np.uint8)
        q[(q & 0x7F) == 0x7F] = 0x00  # NaN codes -> 0
        return q
    groups = k // group
    qa, qb = codes(m), codes(n)
    sa = (2.0 ** rng.uniform(-10, -4, size=(m, groups))).astype(np.float32)
    sb = (2.0 ** rng.uniform(-10, -4, size=(-(-n // bn), groups))).astype(np.float32)
    return qa, sa, qb, sb


def rel_frobenius(got: np.ndarray, want: np.ndarray) -> float:
    num = np.linalg.norm((got.astype(np.float64) - want.astype(np.float64)).ravel())
    den = np.linalg.norm(want.astype(np.float64).ravel())
    return float(num / den) if den else float(num)


def dequantized_product_torch(qa, sa, qb, sb, bn: int = 128, group: int = 128):
    """f32 product of the dequantized inputs on the GPU (TF32 off)."""
    import torch  # noqa: PLC0415
    torch.backends.cuda.matmul.allow_tf32 = False
    table = torch.from_numpy(ref.e4m3_table()).cuda()
    a = table[torch.from_numpy(qa).cuda().long()]
    b = table[torch.from_numpy(qb).cuda().long()]
    a = a * torch.from_numpy(sa).cuda().repeat_interleave(group, dim=1)
    sbe = torch.from_numpy(sb).cuda().repeat_interleave(bn, dim=0)[: qb.shape[0]]
    b = b * sbe.repeat_interleave(group, dim=1)
    return (a @ b.t()).cpu().numpy()


def check(kernels, spec, shape, rng, tol, dry_run) -> Tuple[str, str]:
    m, n, k = shape
    env = {"M": m, "N": n, "K": k}
    unmet = unmet_requirements(spec, env)
    if unmet:
        return "-", "skip (requires " + " and ".join(unmet) + ")"
    grid = dims_of(spec.grid, env, "grid")
    attrs = spec.attrs
    out_dtype = attrs.get("out_dtype", "bf16")
    accumulate = bool(attrs.get("accumulate", False))
    group = int(attrs.get("group", 128))
    b_tile = tuple(attrs.get("b_tile", (group, group)))
    bn = b_tile[0]
    small = m * n * k <= REFERENCE_LIMIT
    if dry_run:
        if small and m * n * k <= 2**24:
            qa, sa, qb, sb = make_inputs(rng, m, n, k, bn, group)
            want = ref.scaled_matmul(qa, sa, qb, sb, group=group,
                                     b_tile=b_tile, out_dtype=out_dtype)
            assert want.shape == (m, n)
        return "-", f"ok (dry run, grid {'x'.join(map(str, grid))})"

    import fp8q.runtime as rt  # noqa: PLC0415

    qa, sa, qb, sb = make_inputs(rng, m, n, k, bn, group)
    c = None
    # `_amn` kernels take A's scales as [K/G, M] (the argument's layout).
    sa_arg = np.ascontiguousarray(sa.T) if spec.arg("sa").layout == "transposed" else sa
    buffers = [rt.DeviceBuffer.from_numpy(qa, "f8e4m3fn"), rt.DeviceBuffer.from_numpy(sa_arg),
               rt.DeviceBuffer.from_numpy(qb, "f8e4m3fn"), rt.DeviceBuffer.from_numpy(sb)]
    if accumulate:
        c = rng.standard_normal((m, n)).astype(np.float32)
        if out_dtype == "bf16":
            c = ref.round_to_bf16(c)
            buffers.append(rt.DeviceBuffer.from_numpy(ref.f32_to_bf16_bits(c), "bf16"))
        else:
            buffers.append(rt.DeviceBuffer.from_numpy(c))
    out = rt.DeviceBuffer((m, n), out_dtype)
    out.fill_bytes(0xFF)  # poison: NaN
    buffers.append(out)
    kernels[spec.name](*buffers, M=m, N=n, K=k)
    rt.synchronize()
    got = out.to_numpy()
    got = ref.bf16_bits_to_f32(got) if out_dtype == "bf16" else got.astype(np.float32)
    unwritten = int(np.isnan(got).sum())
    want = dequantized_product_torch(qa, sa, qb, sb, bn, group)
    if c is not None:
        want = want + c
    err = rel_frobenius(got, want)
    notes = [f"vs f32 {err:.2e}"]
    ok = unwritten == 0 and err <= tol
    if small:
        exact = ref.scaled_matmul(qa, sa, qb, sb, group=group, b_tile=b_tile,
                                  out_dtype=out_dtype, c=c)
        err_ref = rel_frobenius(got, exact)
        notes.append(f"vs reference {err_ref:.2e}")
        ok = ok and err_ref <= tol
    if unwritten:
        notes.append(f"{unwritten} unwritten")
    if m * n <= PLACEMENT_LIMIT:
        bad = check_placement(kernels[spec.name], buffers[:-1], out.to_numpy(),
                              out_dtype, m, n, k)
        notes.append("guarded " + (", ".join(bad) if bad else "bit-exact"))
        ok = ok and not bad
    return ", ".join(notes), "ok" if ok else "FAIL"


def check_placement(kernel, inputs, want_bits, out_dtype, m, n, k) -> List[str]:
    """Runs ``kernel`` into an [M, N] output GUARD elements inside a poisoned
    buffer (passed as a raw pointer) and returns what differs from
    ``want_bits`` (the first run's raw bits) or was written around it."""
    import fp8q.runtime as rt  # noqa: PLC0415
    bits = np.int16 if out_dtype == "bf16" else np.int32
    itemsize = np.dtype(bits).itemsize
    want = want_bits.view(bits)
    backing = rt.DeviceBuffer((m * n + 2 * GUARD,), out_dtype)
    backing.fill_bytes(0xFF)
    kernel(*inputs, backing.ptr + GUARD * itemsize, M=m, N=n, K=k)
    rt.synchronize()
    raw = backing.to_numpy().view(bits)
    got = raw[GUARD:GUARD + m * n].reshape(m, n)
    problems = []
    if not np.array_equal(got, want):
        problems.append(f"{int((got != want).sum())} differ")
    around = np.concatenate([raw[:GUARD], raw[GUARD + m * n:]])
    if (around != -1).any():
        problems.append(f"{int((around != -1).sum())} written outside")
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export-dir", required=True)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--tol", type=float, default=DEFAULT_TOL)
    parser.add_argument("--shapes", default="perf,odd",
                        help="perf, odd, or MxNxK,... (comma separated)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    shapes: List[Tuple[int, int, int]] = []
    for token in args.shapes.split(","):
        if token == "perf":
            shapes += PERF_SHAPES
        elif token == "odd":
            shapes += ODD_SHAPES
        else:
            shapes.append(tuple(int(x) for x in token.split("x")))
    manifest = load_manifest(args.export_dir, check_files=not args.dry_run)
    specs = [k for k in manifest.kernels if k.op == "fp8q.scaled_matmul"]
    if not specs:
        print(f"no fp8q.scaled_matmul kernel in {args.export_dir}")
        return 1
    kernels = None
    if not args.dry_run:
        import fp8q.runtime as rt  # noqa: PLC0415
        kernels = rt.load(args.export_dir)
    rng = np.random.default_rng(args.seed)
    rows, failed = [], 0
    for spec in specs:
        for shape in shapes:
            try:
                notes, result = check(kernels, spec, shape, rng, args.tol, args.dry_run)
            except Exception as error:  # noqa: BLE001
                notes, result = f"{type(error).__name__}: {error}", "FAIL"
            failed += result == "FAIL"
            rows.append((spec.name, "x".join(map(str, shape)), notes, result))
    widths = [max(len(r[i]) for r in rows + [("kernel", "MxNxK", "error", "result")])
              for i in range(4)]
    for row in [("kernel", "MxNxK", "error", "result")] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    print(f"{len(rows) - failed} ok or skipped, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
