"""Safe integer expressions of kernel manifests.

Shapes, grids and requirements in a ``manifest.json`` (see
``python/fp8q/README_runtime.md``) are integers or small expressions over the
kernel's integer arguments, e.g. ``"ceil(K/128)"``, ``"ceil(M*K/4096)"`` or
``"K*2 % 16 == 0"``.  This module parses them with a small recursive-descent
parser; nothing is ever passed to :func:`eval`.

Grammar (usual precedence, left-associative)::

    expr       := or_expr
    or_expr    := and_expr ("or" and_expr)*
    and_expr   := not_expr ("and" not_expr)*
    not_expr   := "not" not_expr | comparison
    comparison := sum [("==" | "!=" | "<" | "<=" | ">" | ">=") sum]
    sum        := term (("+" | "-") term)*
    term       := unary (("*" | "/" | "//" | "%") unary)*
    unary      := ("-" | "+") unary | atom
    atom       := INTEGER | NAME | NAME "(" expr ("," expr)* ")" | "(" expr ")"

Arithmetic is exact: ``/`` is true (rational) division, ``//`` floors, ``%``
is Python's modulo, and the functions ``ceil``, ``floor``, ``min`` and
``max`` work on rationals, so ``ceil(K/128)`` is the number of 128-wide
groups.  A shape or grid entry must evaluate to an integer; a requirement to
a truth value.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import FrozenSet, Mapping, Union

__all__ = ["Expression", "ExpressionError", "parse", "evaluate_int"]

#: Longest expression text accepted (manifests hold short formulas).
MAX_EXPRESSION_CHARS = 512
#: Deepest nesting accepted (parentheses, unary operators, calls).
MAX_NESTING = 64

Number = Union[int, Fraction]
Value = Union[int, Fraction, bool]

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z_0-9]*)|(//|==|!=|<=|>=|[-+*/%()<>,]))")
_KEYWORDS = {"and", "or", "not"}
_FUNCTIONS = {"ceil", "floor", "min", "max"}
_COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}


class ExpressionError(ValueError):
    """A manifest expression that does not parse or cannot be evaluated."""


def _floor(x: Number) -> int:
    return x.__floor__() if isinstance(x, Fraction) else int(x)


def _ceil(x: Number) -> int:
    return x.__ceil__() if isinstance(x, Fraction) else int(x)


def _normalize(x: Number) -> Number:
    """Returns an int for integral rationals (so results print as ints)."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x.numerator)
    return x


class Expression:
    """A parsed expression; evaluate it with :meth:`evaluate`.

    Attributes:
      text: the source text.
      names: the variable names it uses.
    """

    __slots__ = ("text", "names", "_tree")

    def __init__(self, text: Union[str, int]):
        if isinstance(text, bool) or not isinstance(text, (str, int)):
            raise ExpressionError(f"expected an integer or an expression string, got {text!r}")
        if isinstance(text, int):
            self.text = str(text)
            self._tree: tuple = ("int", text)
            self.names: FrozenSet[str] = frozenset()
            return
        if len(text) > MAX_EXPRESSION_CHARS:
            raise ExpressionError(f"expression longer than {MAX_EXPRESSION_CHARS} characters")
        self.text = text
        parser = _Parser(text)
        self._tree = parser.parse()
        self.names = frozenset(parser.names)

    def __repr__(self) -> str:
        return f"Expression({self.text!r})"

    def __str__(self) -> str:
        return self.text

    @property
    def is_constant(self) -> bool:
        return not self.names

    @property
    def variable(self):
        """The variable name if the expression is just one name, else None."""
        return self._tree[1] if self._tree[0] == "name" else None

    def evaluate(self, env: Mapping[str, Value]) -> Value:
        """Evaluates with the variables in ``env``; exact arithmetic."""
        missing = sorted(n for n in self.names if n not in env)
        if missing:
            raise ExpressionError(
                f"'{self.text}' needs {', '.join(missing)}, which "
                f"{'is' if len(missing) == 1 else 'are'} not given")
        try:
            return _eval(self._tree, env)
        except ZeroDivisionError:
            raise ExpressionError(
                f"'{self.text}' divides by zero with {_show_env(self.names, env)}") from None


def _show_env(names, env) -> str:
    return ", ".join(f"{n}={env[n]}" for n in sorted(names)) or "no variables"


def parse(text: Union[str, int]) -> Expression:
    """Parses an integer or expression text (see the module docstring)."""
    return Expression(text)


def evaluate_int(expr: Expression, env: Mapping[str, Value], what: str) -> int:
    """Evaluates ``expr`` and checks that the result is an integer."""
    value = expr.evaluate(env)
    if isinstance(value, bool):
        raise ExpressionError(f"{what}: '{expr.text}' is a condition, not a number")
    value = _normalize(value)
    if not isinstance(value, int):
        raise ExpressionError(
            f"{what}: '{expr.text}' = {value} is not an integer with "
            f"{_show_env(expr.names, env)} (use ceil() or //)")
    return value


def _eval(node: tuple, env: Mapping[str, Value]) -> Value:
    kind = node[0]
    if kind == "int":
        return node[1]
    if kind == "name":
        value = env[node[1]]
        if isinstance(value, float):
            raise ExpressionError(f"variable {node[1]} = {value} is not an integer")
        return value
    if kind == "neg":
        return _normalize(-_number(_eval(node[1], env)))
    if kind == "not":
        return not _truth(_eval(node[1], env))
    if kind in ("and", "or"):
        left = _truth(_eval(node[1], env))
        if kind == "and":
            return left and _truth(_eval(node[2], env))
        return left or _truth(_eval(node[2], env))
    if kind == "call":
        args = [_number(_eval(a, env)) for a in node[2]]
        name = node[1]
        if name == "ceil":
            return _ceil(args[0])
        if name == "floor":
            return _floor(args[0])
        return _normalize(min(args) if name == "min" else max(args))
    left = _number(_eval(node[1], env))
    right = _number(_eval(node[2], env))
    if kind in _COMPARISONS:
        return {"==": left == right, "!=": left != right, "<": left < right,
                "<=": left <= right, ">": left > right, ">=": left >= right}[kind]
    if kind == "+":
        return _normalize(left + right)
    if kind == "-":
        return _normalize(left - right)
    if kind == "*":
        return _normalize(left * right)
    if kind == "/":
        return _normalize(Fraction(left) / Fraction(right))
    if kind == "//":
        return _floor(Fraction(left) / Fraction(right))
    if kind == "%":
        return _normalize(Fraction(left) % Fraction(right))
    raise AssertionError(f"unknown node {kind}")


def _number(value: Value) -> Number:
    if isinstance(value, bool):
        raise ExpressionError("a condition is used as a number")
    return value


def _truth(value: Value) -> bool:
    if not isinstance(value, bool):
        raise ExpressionError(f"the number {value} is used as a condition")
    return value


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = self._tokenize(text)
        self.pos = 0
        self.depth = 0
        self.names = set()

    def _tokenize(self, text: str):
        tokens = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            match = _TOKEN.match(text, pos)
            if not match:
                raise ExpressionError(
                    f"cannot parse '{text}': unexpected '{text[pos:].strip()[0]}' "
                    f"at offset {pos}")
            number, name, op = match.groups()
            if number is not None:
                tokens.append(("int", int(number)))
            elif name is not None:
                tokens.append(("kw", name) if name in _KEYWORDS else ("name", name))
            else:
                tokens.append(("op", op))
            pos = match.end()
        return tokens

    def _fail(self, message: str):
        raise ExpressionError(f"cannot parse '{self.text}': {message}")

    def _peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else ("end", None)

    def _accept(self, kind, value=None) -> bool:
        token = self._peek()
        if token[0] == kind and (value is None or token[1] == value):
            self.pos += 1
            return True
        return False

    def _expect(self, kind, value):
        if not self._accept(kind, value):
            token = self._peek()
            found = "the end" if token[0] == "end" else f"'{token[1]}'"
            self._fail(f"expected '{value}', found {found}")

    def parse(self) -> tuple:
        if not self.tokens:
            self._fail("empty expression")
        tree = self._or()
        if self.pos != len(self.tokens):
            self._fail(f"unexpected '{self._peek()[1]}'")
        return tree

    def _nested(self, parse_fn):
        self.depth += 1
        if self.depth > MAX_NESTING:
            self._fail(f"nested deeper than {MAX_NESTING}")
        try:
            return parse_fn()
        finally:
            self.depth -= 1

    def _or(self):
        node = self._and()
        while self._accept("kw", "or"):
            node = ("or", node, self._and())
        return node

    def _and(self):
        node = self._not()
        while self._accept("kw", "and"):
            node = ("and", node, self._not())
        return node

    def _not(self):
        if self._accept("kw", "not"):
            return ("not", self._nested(self._not))
        return self._comparison()

    def _comparison(self):
        node = self._sum()
        token = self._peek()
        if token[0] == "op" and token[1] in _COMPARISONS:
            self.pos += 1
            node = (token[1], node, self._sum())
            after = self._peek()
            if after[0] == "op" and after[1] in _COMPARISONS:
                self._fail("chained comparisons are not supported")
        return node

    def _sum(self):
        node = self._term()
        while True:
            token = self._peek()
            if token[0] == "op" and token[1] in ("+", "-"):
                self.pos += 1
                node = (token[1], node, self._term())
            else:
                return node

    def _term(self):
        node = self._unary()
        while True:
            token = self._peek()
            if token[0] == "op" and token[1] in ("*", "/", "//", "%"):
                self.pos += 1
                node = (token[1], node, self._unary())
            else:
                return node

    def _unary(self):
        if self._accept("op", "-"):
            return ("neg", self._nested(self._unary))
        if self._accept("op", "+"):
            return self._nested(self._unary)
        return self._atom()

    def _atom(self):
        token = self._peek()
        if token[0] == "int":
            self.pos += 1
            return token
        if token[0] == "name":
            self.pos += 1
            name = token[1]
            if self._accept("op", "("):
                if name not in _FUNCTIONS:
                    self._fail(f"unknown function '{name}' (known: {', '.join(sorted(_FUNCTIONS))})")
                args = [self._nested(self._or)]
                while self._accept("op", ","):
                    args.append(self._nested(self._or))
                self._expect("op", ")")
                if name in ("ceil", "floor") and len(args) != 1:
                    self._fail(f"{name}() takes one argument")
                return ("call", name, tuple(args))
            if name in _FUNCTIONS:
                self._fail(f"function '{name}' needs arguments")
            self.names.add(name)
            return ("name", name)
        if self._accept("op", "("):
            node = self._nested(self._or)
            self._expect("op", ")")
            return node
        if token[0] == "end":
            self._fail("unexpected end")
        self._fail(f"unexpected '{token[1]}'")
