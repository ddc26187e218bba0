"""Reading and extending model graphs as text: the entry function's
signature and a ``@main`` appended inside the module.

Shared by the tools that drive an exported graph without its framework: the
corpus tests' CPU runs (test/Models/Inputs/run_model.py) and the GPU
end-to-end packager (scripts/device/model_e2e.py). Only ranked tensor
arguments and results are understood; anything else is a GraphError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TENSOR = re.compile(r"tensor<((?:[0-9?]+x)*)([a-z0-9A-Z]+)>")


class GraphError(Exception):
    """A graph these helpers cannot read, said in one line."""


def parse_type(text):
    """'tensor<1x?x768xf32>' -> ([1, None, 768], 'f32')."""
    m = _TENSOR.fullmatch(text.strip())
    if not m:
        raise GraphError(f"unsupported argument or result type '{text.strip()}' "
                         "(only ranked tensors)")
    dims = [None if d == "?" else int(d) for d in m.group(1).split("x") if d]
    return dims, m.group(2)


def tensor_type(dims, elem):
    """The inverse of parse_type."""
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x"
                               for d in dims) + elem + ">"


def balanced(text, start):
    """The index after the bracket that closes text[start]."""
    pairs = {"(": ")", "<": ">", "{": "}", "[": "]"}
    stack = []
    for i in range(start, len(text)):
        c = text[i]
        if c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
    raise GraphError("unbalanced brackets")


def split_top(text):
    """Splits at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for c in text:
        if c in "(<{[":
            depth += 1
        elif c in ")>}]":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur)
    return parts


@dataclass
class Signature:
    """The entry function: its arguments (SSA name, type text), result type
    texts, and where its text lies: `params` is the span inside the argument
    parentheses, `body` the span of the body's braces."""
    args: list
    results: list
    params: tuple
    body: tuple


def signature(text, func):
    """The Signature of `func.func @func` in `text`."""
    m = re.search(r"func\.func\s+(?:public\s+|private\s+)?@" + re.escape(func)
                  + r"\(", text)
    if not m:
        raise GraphError(f"no func.func @{func} in the graph")
    end = balanced(text, m.end() - 1)
    args = []
    for part in split_top(text[m.end():end - 1]):
        name, _, rest = part.partition(":")
        ty = re.match(r"\s*(tensor<[^>]*>)", rest)
        if not ty:
            raise GraphError(f"unsupported argument '{part.strip()}' (only "
                             "ranked tensors)")
        args.append((name.strip(), ty.group(1)))
    rest = text[end:]
    results = []
    head = rest.lstrip()
    if head.startswith("->"):
        head = head[2:].lstrip()
        if head.startswith("("):
            parts = split_top(head[1:balanced(head, 0) - 1])
        else:
            parts = [head]
        for part in parts:
            ty = re.match(r"\s*(tensor<[^>]*>)", part)
            if not ty:
                raise GraphError(f"unsupported result '{part.strip()[:40]}' "
                                 "(only ranked tensors)")
            results.append(ty.group(1))
    open_brace = text.index("{", end)
    return Signature(args, results, (m.end(), end - 1),
                     (open_brace, balanced(text, open_brace)))


def with_main(text, main):
    """The graph's module with `main` (function text) added inside it."""
    body = text.split("{-#", 1)[0]
    resources = text[len(body):]
    stripped = body.rstrip()
    if re.search(r"^module\b", body, re.M):
        if not stripped.endswith("}"):
            raise GraphError("cannot find the end of the module")
        return stripped[:-1] + main + "}\n" + resources
    return stripped + "\n" + main + resources
