"""An expression as the options in force leave it, for the rules sheet: a test that reads only options decides its
`if` (`if option.up_and_down and hand_number > 13 then 26 - hand_number else hand_number` reads `hand_number`
when up_and_down is off) and drops out of an `and`/`or`; values (`option.target`) stay as written."""

from __future__ import annotations

import operator

from .expressions import _div, _mod
from .language import Attr, Binary, Call, Cond, Lit, Member, Name, Node, SyntaxProblem, Unary, Where, children, parse

# how tightly each form binds, as the grammar nests them (grammar/expr.lark)
COND, OR, AND, NOT, COMPARE, SUM, PRODUCT, UNARY, POSTFIX = range(9)
LEVEL = {"or": OR, "and": AND, "+": SUM, "-": SUM, "*": PRODUCT, "/": PRODUCT, "%": PRODUCT}
UNKNOWN = object()  # a test the options do not decide


def with_options(text: str, options: dict) -> str:
    """`text` with the tests the options decide folded; as written where there are none (or it does not parse)."""
    node = _parsed(text)
    if node is None:
        return text
    shown, folded = _Folder(options).show(node)
    return shown if folded else text


def written(node: Node) -> str:
    """An expression's tree as text, as it would be written."""
    return _Folder({}).text(node)


def fixed_by_options(text: str, options: dict):
    """What `text` comes to where it reads only options and constants (and an option at least), else None."""
    node = _parsed(text)
    value = _Folder(options).decided(node) if node is not None else UNKNOWN
    return None if value is UNKNOWN else value


def _parsed(text: str) -> Node | None:
    """The expression's tree, or None where it does not parse (said where it is compiled)."""
    try:
        return parse(text)
    except (SyntaxProblem, RecursionError):
        return None


class _Folder:
    def __init__(self, options: dict):
        self.options, self.folded = options, False

    def show(self, node: Node) -> tuple[str, bool]:
        text = self.text(node)
        return text, self.folded

    def decided(self, n: Node):
        """The value of a test that reads options and constants only (and at least one option), else UNKNOWN."""
        value = self._value(n)
        return value if value is not UNKNOWN and _reads_option(n) else UNKNOWN

    def _value(self, n: Node):
        if isinstance(n, Lit):
            return n.value if n.kind != "card" else UNKNOWN
        if isinstance(n, Attr) and isinstance(n.obj, Name) and n.obj.name == "option":
            return self.options.get(n.name, UNKNOWN)
        if isinstance(n, Unary):
            a = self._value(n.arg)
            if a is UNKNOWN:
                return UNKNOWN
            return (not a) if n.op == "not" else -a
        if isinstance(n, Binary):
            return self._binary(n)
        if isinstance(n, Member):
            item = self._value(n.item)
            values = [self._value(o) for o in n.options]
            return UNKNOWN if item is UNKNOWN or UNKNOWN in values else item in values
        if isinstance(n, Cond):
            test = self._value(n.test)
            return UNKNOWN if test is UNKNOWN else self._value(n.then if test else n.other)
        return UNKNOWN

    def _binary(self, n: Binary):
        a, b = self._value(n.left), self._value(n.right)
        if n.op == "and" and (a is False or b is False):
            return False
        if n.op == "or" and (a is True or b is True):
            return True
        if a is UNKNOWN or b is UNKNOWN:
            return UNKNOWN
        try:
            return _OPS[n.op](a, b)
        except TypeError:
            return UNKNOWN

    # ---- printing ------------------------------------------------------------
    def text(self, n: Node) -> str:
        return self._text(n)[0]

    def _text(self, n: Node) -> tuple[str, int]:
        """The node's text and how tightly it binds."""
        if isinstance(n, Cond):
            test = self.decided(n.test)
            if test is not UNKNOWN:
                self.folded = True
                return self._text(n.then if test else n.other)
            then, level = self._text(n.then)
            if level == COND:  # `then if … else …` left bare reads as if the last else were the inner one's
                then = f"({then})"
            return f"if {self.text(n.test)} then {then} else {self.text(n.other)}", COND
        if isinstance(n, Binary) and n.op in ("and", "or"):
            return self._logic(n)
        if isinstance(n, Unary) and n.op == "not":
            arg = self.decided(n.arg)
            if arg is not UNKNOWN:
                self.folded = True
                return ("false" if arg else "true"), POSTFIX
            return "not " + self._at_least(n.arg, NOT), NOT
        if isinstance(n, Unary):
            return "-" + self._at_least(n.arg, UNARY), UNARY
        if isinstance(n, Binary):
            level = LEVEL.get(n.op, COMPARE)
            right = level + 1 if level != COMPARE else SUM
            left = level if level != COMPARE else SUM
            return f"{self._at_least(n.left, left)} {n.op} {self._at_least(n.right, right)}", level
        if isinstance(n, Member):
            return f"{self._at_least(n.item, SUM)} in ({', '.join(self.text(o) for o in n.options)})", COMPARE
        return self._atom(n), POSTFIX

    def _logic(self, n: Binary) -> tuple[str, int]:
        """`a and b` with a side the options decide dropped (or the whole decided)."""
        a, b = self.decided(n.left), self.decided(n.right)
        keep = False if n.op == "and" else True  # the side that decides it alone
        if a is not UNKNOWN or b is not UNKNOWN:
            self.folded = True
            if keep in (a, b) or UNKNOWN not in (a, b):  # one side decides it, or both are settled
                whole = keep if keep in (a, b) else (a and b if n.op == "and" else a or b)
                return ("true" if whole else "false"), POSTFIX
            return self._text(n.right if a is not UNKNOWN else n.left)
        level = LEVEL[n.op]
        return f"{self._at_least(n.left, level)} {n.op} {self._at_least(n.right, level + 1)}", level

    def _at_least(self, n: Node, level: int) -> str:
        text, own = self._text(n)
        return text if own >= level else f"({text})"

    def _atom(self, n: Node) -> str:
        if isinstance(n, Lit):
            if n.kind == "str":
                return f"'{n.value}'" if '"' in n.value else f'"{n.value}"'
            if n.kind == "bool":
                return "true" if n.value else "false"
            return str(n.value)
        if isinstance(n, Name):
            return n.name
        if isinstance(n, Attr):
            return f"{self._at_least(n.obj, POSTFIX)}.{n.name}"
        if isinstance(n, Where):
            named = f"{n.name.name} -> " if n.name is not None else ""
            return f"{self._at_least(n.cards, POSTFIX)}[{named}{self.text(n.test)}]"
        if isinstance(n, Call):
            return f"{n.func}({', '.join(self.text(a) for a in n.args)})"
        raise TypeError(f"no text for {n!r}")


def _reads_option(n: Node) -> bool:
    if isinstance(n, Attr) and isinstance(n.obj, Name) and n.obj.name == "option":
        return True
    return any(_reads_option(c) for c in children(n))


_OPS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": _div, "%": _mod, "==": operator.eq,
    "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "and": lambda a, b: a and b, "or": lambda a, b: a or b,
}
