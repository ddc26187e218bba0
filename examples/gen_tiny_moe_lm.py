#!/usr/bin/env python3
"""Generates examples/tiny_moe_lm.mlir: a tiny MoE language model in linalg.

The graph is what a frontend such as torch-mlir emits for a 2-layer decoder
(`nn.Linear` weights in [out, in] layout transposed by linalg.transpose):

  ids -> embedding gather -> 2 x [RMSNorm -> causal attention (2 heads)
      -> residual -> RMSNorm -> MoE FFN (router softmax, top-2 of 4 SwiGLU
      experts, evaluated densely with a top-2 mask) -> residual]
      -> RMSNorm -> output head (tied to the embedding table) -> logits

`@forward` is the model (weights are function arguments). `@main` builds
deterministic pseudo-random weights and token ids inside the IR (no large
constants), calls `@forward` and prints the logits and the first layer's
normalized embeddings, so the program runs under mlir-runner:

  fp8-opt --fp8q-cpu-pipeline tiny_moe_lm.mlir | mlir-runner -e main ...

Run this script to regenerate the .mlir after editing it.
"""

import sys

S, D, H, DH, F, E, V, LAYERS = 16, 256, 2, 128, 256, 4, 512, 2


class Emitter:
    def __init__(self):
        self.lines = []
        self.n = 0

    def tmp(self, hint="t"):
        self.n += 1
        return f"%{hint}{self.n}"

    def emit(self, text):
        self.lines.append("    " + text)


def t(*shape, ty="f32"):
    return "tensor<" + "x".join(str(s) for s in shape) + "x" + ty + ">"


def ids_map(rank, dims):
    names = [f"d{i}" for i in range(rank)]
    return "affine_map<(" + ", ".join(names) + ") -> (" + ", ".join(
        names[d] for d in dims) + ")>"


def empty(em, shape, ty="f32"):
    v = em.tmp("e")
    em.emit(f"{v} = tensor.empty() : {t(*shape, ty=ty)}")
    return v


def zeros(em, shape):
    e = empty(em, shape)
    v = em.tmp("z")
    em.emit(f"{v} = linalg.fill ins(%cst0 : f32) outs({e} : {t(*shape)}) -> {t(*shape)}")
    return v


def transpose(em, x, shape, perm):
    out_shape = [shape[p] for p in perm]
    e = empty(em, out_shape)
    v = em.tmp("tr")
    em.emit(f"{v} = linalg.transpose ins({x} : {t(*shape)}) outs({e} : {t(*out_shape)}) "
            f"permutation = [{', '.join(map(str, perm))}]")
    return v


def linear(em, x, w, m, k, n):
    """x [m,k] @ w[n,k]^T, torch-mlir style."""
    wt = transpose(em, w, [n, k], [1, 0])
    z = zeros(em, [m, n])
    v = em.tmp("mm")
    em.emit(f"{v} = linalg.matmul ins({x}, {wt} : {t(m, k)}, {t(k, n)}) outs({z} : {t(m, n)}) -> {t(m, n)}")
    return v


def elementwise(em, ins, shape, body, hint="ew"):
    """body: list of lines using %a0, %a1, ... and yielding %r."""
    rank = len(shape)
    maps = ", ".join([ids_map(rank, range(rank))] * (len(ins) + 1))
    e = empty(em, shape)
    v = em.tmp(hint)
    args = ", ".join(f"%a{i}: f32" for i in range(len(ins))) + ", %out: f32"
    iters = ", ".join(['"parallel"'] * rank)
    em.emit(f"{v} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
            f"ins({', '.join(ins)} : {', '.join(t(*shape) for _ in ins)}) outs({e} : {t(*shape)}) {{")
    em.emit(f"^bb0({args}):")
    for line in body:
        em.emit("  " + line)
    em.emit("  linalg.yield %r : f32")
    em.emit(f"}} -> {t(*shape)}")
    return v


def reduce_last(em, x, shape, kind):
    """Reduces the last dim of x; kind = 'sum' | 'max' | 'sumsq'."""
    rank = len(shape)
    out_shape = shape[:-1]
    e = empty(em, out_shape)
    init = em.tmp("ri")
    fill = "%cst0" if kind != "max" else "%cstninf"
    em.emit(f"{init} = linalg.fill ins({fill} : f32) outs({e} : {t(*out_shape)}) -> {t(*out_shape)}")
    v = em.tmp("red")
    iters = ", ".join(['"parallel"'] * (rank - 1) + ['"reduction"'])
    em.emit(f"{v} = linalg.generic {{indexing_maps = [{ids_map(rank, range(rank))}, {ids_map(rank, range(rank - 1))}], "
            f"iterator_types = [{iters}]}} "
            f"ins({x} : {t(*shape)}) outs({init} : {t(*out_shape)}) {{")
    em.emit("^bb0(%a: f32, %acc: f32):")
    if kind == "sum":
        em.emit("  %r = arith.addf %a, %acc : f32")
    elif kind == "sumsq":
        em.emit("  %sq = arith.mulf %a, %a : f32")
        em.emit("  %r = arith.addf %sq, %acc : f32")
    else:
        em.emit("  %r = arith.maximumf %a, %acc : f32")
    em.emit("  linalg.yield %r : f32")
    em.emit(f"}} -> {t(*out_shape)}")
    return v


def broadcast_last(em, x, shape):
    """x has shape[:-1]; returns it broadcast along the last dim."""
    e = empty(em, shape)
    v = em.tmp("bc")
    em.emit(f"{v} = linalg.broadcast ins({x} : {t(*shape[:-1])}) outs({e} : {t(*shape)}) dimensions = [{len(shape) - 1}]")
    return v


def rmsnorm(em, x, gamma):
    ss = reduce_last(em, x, [S, D], "sumsq")
    ssb = broadcast_last(em, ss, [S, D])
    gb = em.tmp("gb")
    e = empty(em, [S, D])
    em.emit(f"{gb} = linalg.broadcast ins({gamma} : {t(D)}) outs({e} : {t(S, D)}) dimensions = [0]")
    return elementwise(em, [x, ssb, gb], [S, D], [
        f"%mean = arith.divf %a1, %cstD : f32",
        "%me = arith.addf %mean, %cstepsn : f32",
        "%rs = math.rsqrt %me : f32",
        "%n = arith.mulf %a0, %rs : f32",
        "%r = arith.mulf %n, %a2 : f32"], hint="rms")


def softmax_last(em, x, shape):
    mx = reduce_last(em, x, shape, "max")
    mxb = broadcast_last(em, mx, shape)
    ex = elementwise(em, [x, mxb], shape, ["%d = arith.subf %a0, %a1 : f32", "%r = math.exp %d : f32"], hint="exp")
    sm = reduce_last(em, ex, shape, "sum")
    smb = broadcast_last(em, sm, shape)
    return elementwise(em, [ex, smb], shape, ["%r = arith.divf %a0, %a1 : f32"], hint="sm")


def heads(em, x):
    """[S, D] -> [H, S, DH]"""
    v = em.tmp("hx")
    em.emit(f"{v} = tensor.expand_shape {x} [[0], [1, 2]] output_shape [{S}, {H}, {DH}] : {t(S, D)} into {t(S, H, DH)}")
    return transpose(em, v, [S, H, DH], [1, 0, 2])


def attention(em, x, wq, wk, wv, wo):
    q = heads(em, linear(em, x, wq, S, D, D))
    k = heads(em, linear(em, x, wk, S, D, D))
    vv = heads(em, linear(em, x, wv, S, D, D))
    kt = transpose(em, k, [H, S, DH], [0, 2, 1])
    z = zeros(em, [H, S, S])
    sc = em.tmp("qk")
    em.emit(f"{sc} = linalg.batch_matmul ins({q}, {kt} : {t(H, S, DH)}, {t(H, DH, S)}) outs({z} : {t(H, S, S)}) -> {t(H, S, S)}")
    # scale and causal mask
    e = empty(em, [H, S, S])
    msk = em.tmp("mask")
    em.emit(f"{msk} = linalg.generic {{indexing_maps = [{ids_map(3, range(3))}, {ids_map(3, range(3))}], "
            f"iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}} ins({sc} : {t(H, S, S)}) outs({e} : {t(H, S, S)}) {{")
    em.emit("^bb0(%a: f32, %o: f32):")
    em.emit("  %i = linalg.index 1 : index")
    em.emit("  %j = linalg.index 2 : index")
    em.emit("  %s = arith.mulf %a, %cstqk : f32")
    em.emit("  %future = arith.cmpi ugt, %j, %i : index")
    em.emit("  %r = arith.select %future, %cstninf, %s : f32")
    em.emit("  linalg.yield %r : f32")
    em.emit(f"}} -> {t(H, S, S)}")
    p = softmax_last(em, msk, [H, S, S])
    z2 = zeros(em, [H, S, DH])
    pv = em.tmp("pv")
    em.emit(f"{pv} = linalg.batch_matmul ins({p}, {vv} : {t(H, S, S)}, {t(H, S, DH)}) outs({z2} : {t(H, S, DH)}) -> {t(H, S, DH)}")
    o = transpose(em, pv, [H, S, DH], [1, 0, 2])
    oc = em.tmp("oc")
    em.emit(f"{oc} = tensor.collapse_shape {o} [[0], [1, 2]] : {t(S, H, DH)} into {t(S, D)}")
    return linear(em, oc, wo, S, D, D)


def moe(em, x, router, experts):
    logits = linear(em, x, router, S, D, E)
    p = softmax_last(em, logits, [S, E])
    # top-2 mask: keep p >= second largest of the row.
    m1 = reduce_last(em, p, [S, E], "max")
    m1b = broadcast_last(em, m1, [S, E])
    rest = elementwise(em, [p, m1b], [S, E], [
        "%is = arith.cmpf oeq, %a0, %a1 : f32", "%r = arith.select %is, %cstninf, %a0 : f32"], hint="rest")
    m2 = reduce_last(em, rest, [S, E], "max")
    m2b = broadcast_last(em, m2, [S, E])
    gate = elementwise(em, [p, m2b], [S, E], [
        "%keep = arith.cmpf oge, %a0, %a1 : f32", "%r = arith.select %keep, %a0, %cst0 : f32"], hint="gate")
    acc = zeros(em, [S, D])
    for e_idx, (wg, wu, wd) in enumerate(experts):
        g = linear(em, x, wg, S, D, F)
        u = linear(em, x, wu, S, D, F)
        h = elementwise(em, [g, u], [S, F], [
            "%ng = arith.negf %a0 : f32", "%eg = math.exp %ng : f32", "%den = arith.addf %eg, %cst1 : f32",
            "%silu = arith.divf %a0, %den : f32", "%r = arith.mulf %silu, %a1 : f32"], hint="swiglu")
        y = linear(em, h, wd, S, F, D)
        # gate column e_idx broadcast over D
        ge = em.tmp("ge")
        em.emit(f"{ge} = tensor.extract_slice {gate}[0, {e_idx}] [{S}, 1] [1, 1] : {t(S, E)} to {t(S)}")
        gb = broadcast_last(em, ge, [S, D])
        acc = elementwise(em, [acc, y, gb], [S, D], [
            "%w = arith.mulf %a1, %a2 : f32", "%r = arith.addf %a0, %w : f32"], hint="macc")
    return acc


def add(em, a, b):
    return elementwise(em, [a, b], [S, D], ["%r = arith.addf %a0, %a1 : f32"], hint="res")


def layer_args(l):
    names = [f"%l{l}_attn_norm", f"%l{l}_wq", f"%l{l}_wk", f"%l{l}_wv", f"%l{l}_wo", f"%l{l}_ffn_norm",
             f"%l{l}_router"]
    types = [t(D), t(D, D), t(D, D), t(D, D), t(D, D), t(D), t(E, D)]
    for e in range(E):
        names += [f"%l{l}_e{e}_gate", f"%l{l}_e{e}_up", f"%l{l}_e{e}_down"]
        types += [t(F, D), t(F, D), t(D, F)]
    return names, types


def constants(em):
    em.emit("%cst0 = arith.constant 0.0 : f32")
    em.emit("%cst1 = arith.constant 1.0 : f32")
    em.emit("%cstninf = arith.constant 0xFF800000 : f32")
    em.emit(f"%cstD = arith.constant {float(D)} : f32")
    em.emit("%cstepsn = arith.constant 1.0e-6 : f32")
    em.emit(f"%cstqk = arith.constant {1.0 / DH ** 0.5!r} : f32")


def forward():
    em = Emitter()
    args, types = ["%ids", "%embed"], [t(S, ty="i64"), t(V, D)]
    for l in range(LAYERS):
        n, ty = layer_args(l)
        args += n
        types += ty
    args.append("%final_norm")
    types.append(t(D))
    constants(em)
    # embedding gather
    e = empty(em, [S, D])
    x = em.tmp("emb")
    em.emit(f"{x} = linalg.generic {{indexing_maps = [{ids_map(2, [0])}, {ids_map(2, [0, 1])}], "
            f"iterator_types = [\"parallel\", \"parallel\"]}} ins(%ids : {t(S, ty='i64')}) outs({e} : {t(S, D)}) {{")
    em.emit("^bb0(%id: i64, %o: f32):")
    em.emit("  %row = arith.index_cast %id : i64 to index")
    em.emit("  %col = linalg.index 1 : index")
    em.emit(f"  %r = tensor.extract %embed[%row, %col] : {t(V, D)}")
    em.emit("  linalg.yield %r : f32")
    em.emit(f"}} -> {t(S, D)}")
    first_norm = None
    for l in range(LAYERS):
        hn = rmsnorm(em, x, f"%l{l}_attn_norm")
        if first_norm is None:
            first_norm = hn
        a = attention(em, hn, f"%l{l}_wq", f"%l{l}_wk", f"%l{l}_wv", f"%l{l}_wo")
        x = add(em, x, a)
        hn2 = rmsnorm(em, x, f"%l{l}_ffn_norm")
        experts = [(f"%l{l}_e{i}_gate", f"%l{l}_e{i}_up", f"%l{l}_e{i}_down") for i in range(E)]
        m = moe(em, hn2, f"%l{l}_router", experts)
        x = add(em, x, m)
    xf = rmsnorm(em, x, "%final_norm")
    logits = linear(em, xf, "%embed", S, D, V)  # tied head
    em.emit(f"return {logits}, {first_norm} : {t(S, V)}, {t(S, D)}")
    sig = ", ".join(f"{a}: {ty}" for a, ty in zip(args, types))
    head = f"  func.func @forward({sig}) -> ({t(S, V)}, {t(S, D)}) {{"
    return [head] + em.lines + ["  }"], args, types


def init_fn():
    """@init_weight(seed, scale) -> pseudo-random [R, C] via sin hashing."""
    out = []
    for (r, c) in sorted({(D, D), (E, D), (F, D), (D, F), (V, D)}):
        out += [
            f"  func.func private @rand_{r}x{c}(%seed: f32, %scale: f32) -> {t(r, c)} {{",
            f"    %e = tensor.empty() : {t(r, c)}",
            f"    %w = linalg.generic {{indexing_maps = [{ids_map(2, [0, 1])}], iterator_types = [\"parallel\", \"parallel\"]}} outs(%e : {t(r, c)}) {{",
            "    ^bb0(%o: f32):",
            "      %i = linalg.index 0 : index",
            "      %j = linalg.index 1 : index",
            "      %ii = arith.index_cast %i : index to i32",
            "      %jj = arith.index_cast %j : index to i32",
            "      %fi = arith.sitofp %ii : i32 to f32",
            "      %fj = arith.sitofp %jj : i32 to f32",
            "      %a = arith.constant 12.9898 : f32",
            "      %b = arith.constant 78.233 : f32",
            "      %k = arith.constant 43758.5453 : f32",
            "      %x0 = arith.mulf %fi, %a : f32",
            "      %x1 = arith.mulf %fj, %b : f32",
            "      %x2 = arith.addf %x0, %x1 : f32",
            "      %x3 = arith.addf %x2, %seed : f32",
            "      %s = math.sin %x3 : f32",
            "      %h = arith.mulf %s, %k : f32",
            "      %fl = math.floor %h : f32",
            "      %fr = arith.subf %h, %fl : f32",
            "      %half = arith.constant 0.5 : f32",
            "      %c = arith.subf %fr, %half : f32",
            "      %r = arith.mulf %c, %scale : f32",
            "      linalg.yield %r : f32",
            f"    }} -> {t(r, c)}",
            f"    return %w : {t(r, c)}",
            "  }"]
    out += [
        f"  func.func private @ones_{D}() -> {t(D)} {{",
        "    %one = arith.constant 1.0 : f32",
        f"    %e = tensor.empty() : {t(D)}",
        f"    %o = linalg.fill ins(%one : f32) outs(%e : {t(D)}) -> {t(D)}",
        f"    return %o : {t(D)}",
        "  }"]
    return out


def main_fn(args, types):
    lines = ["  func.func @main() {"]
    seed = 0
    call_args = []
    for a, ty in zip(args, types):
        if a == "%ids":
            lines += [
                f"    %ids_e = tensor.empty() : {ty}",
                f"    %ids = linalg.generic {{indexing_maps = [{ids_map(1, [0])}], iterator_types = [\"parallel\"]}} outs(%ids_e : {ty}) {{",
                "    ^bb0(%o: i64):",
                "      %i = linalg.index 0 : index",
                "      %ii = arith.index_cast %i : index to i64",
                "      %m = arith.constant 97 : i64",
                "      %p = arith.muli %ii, %m : i64",
                f"      %v = arith.constant {V} : i64",
                "      %r = arith.remui %p, %v : i64",
                "      linalg.yield %r : i64",
                f"    }} -> {ty}"]
            call_args.append("%ids")
            continue
        name = "%w_" + a[1:]
        if ty == t(D):
            lines.append(f"    {name} = func.call @ones_{D}() : () -> {ty}")
        else:
            shape = ty[len("tensor<"):-len("xf32>")]
            r, c = map(int, shape.split("x"))
            seed += 1
            scale = 1.0 if a == "%embed" else 2.0 / c ** 0.5 * 1.7
            lines.append(f"    %seed{seed} = arith.constant {seed * 0.61803:.5f} : f32")
            lines.append(f"    %scale{seed} = arith.constant {scale:.6f} : f32")
            lines.append(f"    {name} = func.call @rand_{r}x{c}(%seed{seed}, %scale{seed}) : (f32, f32) -> {ty}")
        call_args.append(name)
    lines.append(f"    %logits, %norm0 = func.call @forward({', '.join(call_args)}) : ({', '.join(types)}) -> ({t(S, V)}, {t(S, D)})")
    lines += [
        f"    %lu = tensor.cast %logits : {t(S, V)} to tensor<*xf32>",
        f"    %nu = tensor.cast %norm0 : {t(S, D)} to tensor<*xf32>",
        "    call @printMemrefF32(%lu) : (tensor<*xf32>) -> ()",
        "    call @printMemrefF32(%nu) : (tensor<*xf32>) -> ()",
        "    return",
        "  }",
        "  func.func private @printMemrefF32(tensor<*xf32>) attributes {llvm.emit_c_interface}"]
    return lines


def main():
    fwd, args, types = forward()
    text = ["// Generated by examples/gen_tiny_moe_lm.py: a tiny 2-layer MoE language",
            "// model in linalg on tensors, as a torch-mlir-like frontend emits it.",
            "module {"] + fwd + init_fn() + main_fn(args, types) + ["}"]
    out = sys.argv[1] if len(sys.argv) > 1 else "tiny_moe_lm.mlir"
    with open(out, "w") as f:
        f.write("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
