#!/usr/bin/env python3
"""Generates build/bench/kernels.mlir: every fp8q GPU kernel variant, plus the
device test shapes as static launches.

The kernels are shape-generic, so the variants come from functions on
dynamically shaped tensors (one per source dtype x scale mode x kernel kind);
the static functions record the benchmark shapes in the manifest's
"launches". The build runs it and exports the result to build/bench/kernels
(target fp8q-device-exports, bench/CMakeLists.txt).

`--variants-only` leaves out the static shapes (the ptxas lit test's input).
"""

import sys

DTYPES = ("bf16", "f16", "f32")
MODES = ("fp32", "pow2")
# Scale layouts (the op's scale_layout) and the function-name suffix.
LAYOUTS = (("k_major", ""), ("mn_major", "_mn"))
# Device test shapes: bandwidth (large) and tails (small, odd).
SHAPES = ((4096, 7168), (8192, 2048), (65536, 2048), (300, 384), (129, 256))

F8 = "f8E4M3FN"


def cdiv(a, b):
    return -(-a // b)


def dim(v):
    return "?" if v is None else str(v)


def t(m, k, dtype):
    return f"tensor<{dim(m)}x{dim(k)}x{dtype}>"


def quantize(name, src, tile, transpose, mode, m, k, layout):
    """One fp8q.quantize; returns (mlir lines, result types)."""
    tr, tc = tile
    qm, qk = (k, m) if transpose else (m, k)
    sm = None if m is None else cdiv(m, tr)
    sk = None if k is None else cdiv(k, tc)
    if transpose:
        sm, sk = sk, sm
    if layout == "mn_major":
        sm, sk = sk, sm
    qt, st = t(qm, qk, F8), t(sm, sk, "f32")
    lines = []
    dyn_q = [d for d, v in (("%dq0", qm), ("%dq1", qk)) if v is None]
    dyn_s = [d for d, v in (("%ds0", sm), ("%ds1", sk)) if v is None]
    lines.append(f"  %{name}_q0 = tensor.empty({', '.join(dyn_q)}) : {qt}")
    lines.append(f"  %{name}_s0 = tensor.empty({', '.join(dyn_s)}) : {st}")
    attrs = [f"tile = #fp8q.tile<{tr}x{tc}>", f"scale_mode = #fp8q.scale_mode<{mode}>"]
    if transpose:
        attrs.append("transpose")
    if layout == "mn_major":
        attrs.append("scale_layout = #fp8q.scale_layout<mn_major>")
    lines.append(
        f"  %{name}_q, %{name}_s = fp8q.quantize {src} outs(%{name}_q0, %{name}_s0) "
        f"{{{', '.join(attrs)}}}")
    lines.append(f"      : {src_type[src]} -> {qt}, {st}")
    return lines, [qt, st], [f"%{name}_q", f"%{name}_s"]


src_type = {}


def function(fname, dtype, mode, m, k, kinds, layout="k_major"):
    src_type["%x"] = t(m, k, dtype)
    body, results, values = [], [], []
    if m is None:
        body.append("  %c0 = arith.constant 0 : index")
        body.append("  %c1 = arith.constant 1 : index")
        body.append("  %c128 = arith.constant 128 : index")
        body.append(f"  %M = tensor.dim %x, %c0 : {src_type['%x']}")
        body.append(f"  %K = tensor.dim %x, %c1 : {src_type['%x']}")
        body.append("  %Mt = arith.ceildivui %M, %c128 : index")
        body.append("  %Kt = arith.ceildivui %K, %c128 : index")
    for kind in kinds:
        tile, transpose = {"rowwise": ((1, 128), False), "block": ((128, 128), False),
                           "block_t": ((128, 128), True),
                           "colwise_t": ((128, 1), True)}[kind]
        lines, types, vals = quantize(kind, "%x", tile, transpose, mode, m, k, layout)
        if m is None:
            # Fill the dynamic extents of the empties.
            qdims = {"%dq0": "%K" if transpose else "%M", "%dq1": "%M" if transpose else "%K"}
            sdims = {("rowwise", "%ds0"): "%M", ("rowwise", "%ds1"): "%Kt",
                     ("block", "%ds0"): "%Mt", ("block", "%ds1"): "%Kt",
                     ("block_t", "%ds0"): "%Kt", ("block_t", "%ds1"): "%Mt",
                     ("colwise_t", "%ds0"): "%K", ("colwise_t", "%ds1"): "%Mt"}
            for key, val in qdims.items():
                lines[0] = lines[0].replace(key, val)
            if layout == "mn_major":  # the scale grid transposed
                sdims = {(kd, d): sdims[(kd, "%ds1" if d == "%ds0" else "%ds0")]
                         for kd, d in sdims}
            for d in ("%ds0", "%ds1"):
                lines[1] = lines[1].replace(d, sdims[(kind, d)])
        body += lines
        results += types
        values += vals
    out = [f"func.func @{fname}(%x: {src_type['%x']}) -> ({', '.join(results)}) {{"]
    out += body
    out.append(f"  return {', '.join(values)} : {', '.join(results)}")
    out.append("}")
    return out


def tile_transpose_function(fname, mode, m, k):
    qt = t(m, k, F8)
    st = t(m, None if k is None else cdiv(k, 128), "f32")
    qtt = t(k, m, F8)
    stt = t(k, None if m is None else cdiv(m, 128), "f32")
    out = [f"func.func @{fname}(%q: {qt}, %s: {st}) -> ({qtt}, {stt}) {{"]
    if m is None:
        out.append("  %c0 = arith.constant 0 : index")
        out.append("  %c1 = arith.constant 1 : index")
        out.append("  %c128 = arith.constant 128 : index")
        out.append(f"  %M = tensor.dim %q, %c0 : {qt}")
        out.append(f"  %K = tensor.dim %q, %c1 : {qt}")
        out.append("  %Mt = arith.ceildivui %M, %c128 : index")
        out.append(f"  %qt0 = tensor.empty(%K, %M) : {qtt}")
        out.append(f"  %st0 = tensor.empty(%K, %Mt) : {stt}")
    else:
        out.append(f"  %qt0 = tensor.empty() : {qtt}")
        out.append(f"  %st0 = tensor.empty() : {stt}")
    out.append(f"  %qt, %st = fp8q.tile_transpose %q, %s outs(%qt0, %st0) "
               f"{{tile = #fp8q.tile<1x128>, scale_mode = #fp8q.scale_mode<{mode}>}}")
    out.append(f"      : {qt}, {st} -> {qtt}, {stt}")
    out.append(f"  return %qt, %st : {qtt}, {stt}")
    out.append("}")
    return out


def block_transpose_function(fname, m, k):
    q = t(m, k, F8)
    s = t(None if m is None else cdiv(m, 128), None if k is None else cdiv(k, 128), "f32")
    qt = t(k, m, F8)
    st = t(None if k is None else cdiv(k, 128), None if m is None else cdiv(m, 128), "f32")
    out = [f"func.func @{fname}(%q: {q}, %s: {s}) -> ({qt}, {st}) {{"]
    if m is None:
        out.append("  %c0 = arith.constant 0 : index")
        out.append("  %c1 = arith.constant 1 : index")
        out.append("  %c128 = arith.constant 128 : index")
        out.append(f"  %M = tensor.dim %q, %c0 : {q}")
        out.append(f"  %K = tensor.dim %q, %c1 : {q}")
        out.append("  %Mt = arith.ceildivui %M, %c128 : index")
        out.append("  %Kt = arith.ceildivui %K, %c128 : index")
        out.append(f"  %qt0 = tensor.empty(%K, %M) : {qt}")
        out.append(f"  %st0 = tensor.empty(%Kt, %Mt) : {st}")
    else:
        out.append(f"  %qt0 = tensor.empty() : {qt}")
        out.append(f"  %st0 = tensor.empty() : {st}")
    out.append("  %qt, %st = fp8q.block_transpose %q, %s outs(%qt0, %st0) "
               "{tile = #fp8q.tile<128x128>}")
    out.append(f"      : {q}, {s} -> {qt}, {st}")
    out.append(f"  return %qt, %st : {qt}, {st}")
    out.append("}")
    return out


def main():
    variants_only = "--variants-only" in sys.argv[1:]
    lines = ["// Generated by bench/gen_kernels_mlir.py; do not edit.",
             "// Every fp8q GPU kernel variant (dynamic shapes) and the device test",
             "// shapes (static, bf16) as launches.", ""]
    for layout, suffix in LAYOUTS:
        for dtype in DTYPES:
            for mode in MODES:
                # rowwise + colwise_t of one source fuse; block and the singles
                # come from separate functions.
                lines += function(f"fused_{dtype}_{mode}{suffix}", dtype, mode, None, None,
                                  ["rowwise", "colwise_t"], layout)
                for kind in ("rowwise", "block", "block_t", "colwise_t"):
                    lines += function(f"{kind}_{dtype}_{mode}{suffix}", dtype, mode, None,
                                      None, [kind], layout)
                lines.append("")
    for mode in MODES:
        lines += tile_transpose_function(f"tile_transpose_{mode}", mode, None, None)
    lines += block_transpose_function("block_transpose", None, None)
    lines.append("")
    if variants_only:
        sys.stdout.write("\n".join(lines) + "\n")
        return
    for m, k in SHAPES:
        lines += function(f"fused_bf16_{m}x{k}", "bf16", "fp32", m, k,
                          ["rowwise", "colwise_t"])
        lines += function(f"fused_bf16_{m}x{k}_mn", "bf16", "fp32", m, k,
                          ["rowwise", "colwise_t"], "mn_major")
        for kind in ("rowwise", "block", "block_t", "colwise_t"):
            lines += function(f"{kind}_bf16_{m}x{k}", "bf16", "fp32", m, k, [kind])
        lines += tile_transpose_function(f"tile_transpose_{m}x{k}", "pow2", m, k)
        lines += block_transpose_function(f"block_transpose_{m}x{k}", m, k)
        lines.append("")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
