"""What the known bounds of the game's numbers settle about a condition before play: `hand_number < 0` never holds.

Only what is sure counts: a whole number written out, `players`, `hand_number` (1 and up), `trick_number`, a
count, `groups(…)` and `abs(…)` (0 and up), and what a minus sign, `+`, `-`, `*`, `/`, `%` and `if … then … else`
make of them. Any other number (an option, a score, a variable) may be any number, and a comparison that reads
one is left alone."""

from __future__ import annotations

import math
from typing import NamedTuple

from .language import Binary, Call, Cond, Lit, Name, Node, Unary
from .unparse import written

INF = math.inf
LEAST = {"hand_number": 1, "trick_number": 0}  # the language's own numbers that have a least value
NOT_BELOW_ZERO = ("count", "groups", "abs")  # functions whose number is never below 0
COMPARES = ("==", "!=", "<", "<=", ">", ">=")


class Span(NamedTuple):
    """The least and the most a number may be (infinite: no bound)."""

    low: float
    high: float


ANY = Span(-INF, INF)


def never_said(node: Node, players: int, hands: int | None = None) -> str:
    """Why condition `node` is false whatever the play, as a message says it in brackets (`hand_number < 0`,
    where hand_number is 1 or more); "" where the bounds do not settle it false. `hands`: the most hands the game
    may last, where that is known at load (`hand_number` is at most that)."""
    known = {name: Span(least, INF) for name, least in LEAST.items()}
    known["players"] = Span(players, players)
    if hands:
        known["hand_number"] = Span(1, hands)
    holds, why = _truth(node, known)
    if holds is not False:
        return ""
    sides = dict.fromkeys(f"`{written(n)}` is {_said(s)}" for c in why for n in (c.left, c.right)
                          if (s := _span(n, known)).low != s.high)
    said = [f"`{written(c)}`" + (" always holds" if _truth(c, known)[0] else "") for c in why]  # under a `not`
    return " and ".join(said) + (f", where {' and '.join(sides)}" if sides else "")


def _span(node: Node, known: dict) -> Span:
    """The least and the most the number `node` may be (`known`: the spans of the names that have one)."""
    if isinstance(node, Lit):
        return Span(node.value, node.value) if node.kind == "int" else ANY
    if isinstance(node, Name):
        return known.get(node.name, ANY)
    if isinstance(node, Call):
        return Span(0, INF) if node.func in NOT_BELOW_ZERO else ANY
    if isinstance(node, Unary) and node.op == "-":
        inner = _span(node.arg, known)
        return Span(-inner.high, -inner.low)
    if isinstance(node, Cond):
        a, b = _span(node.then, known), _span(node.other, known)
        return Span(min(a.low, b.low), max(a.high, b.high))
    if isinstance(node, Binary) and node.op in _ARITH:
        return _ARITH[node.op](_span(node.left, known), _span(node.right, known))
    return ANY


def _said(s: Span) -> str:
    """A span in words: `1 or more`, `at most 3`, `0 to 3`."""
    if s.high == INF:
        return f"{s.low} or more"
    return f"at most {s.high}" if s.low == -INF else f"{s.low} to {s.high}"


def _truth(node: Node, known: dict) -> tuple[bool | None, tuple]:
    """Is the condition sure to hold (True), sure not to (False), or unknown (None); and the comparisons that
    settle it."""
    if isinstance(node, Unary) and node.op == "not":
        holds, why = _truth(node.arg, known)
        return (None if holds is None else not holds), why
    if isinstance(node, Binary) and node.op in ("and", "or"):
        return _joined(node, known)
    if isinstance(node, Binary) and node.op in COMPARES:
        holds = _compared(node.op, _span(node.left, known), _span(node.right, known))
        return holds, (node,)
    return None, ()


def _joined(node: Binary, known: dict) -> tuple[bool | None, tuple]:
    """`a and b`, `a or b`: settled where one side settles it alone (false in an `and`), or both are settled."""
    (a, why_a), (b, why_b) = _truth(node.left, known), _truth(node.right, known)
    alone = node.op == "or"  # the value one side gives the whole
    if a is alone or b is alone:
        return alone, why_a if a is alone else why_b
    if a is None or b is None:
        return None, ()
    return (not alone), why_a + why_b


def _compared(op: str, a: Span, b: Span) -> bool | None:
    """Does `a op b` hold for every pair of numbers in the spans (True), for none (False), or it depends (None)?"""
    always, never = {
        "<": (a.high < b.low, a.low >= b.high), "<=": (a.high <= b.low, a.low > b.high),
        ">": (a.low > b.high, a.high <= b.low), ">=": (a.low >= b.high, a.high < b.low),
        "==": (a.low == a.high == b.low == b.high, a.high < b.low or b.high < a.low),
        "!=": (a.high < b.low or b.high < a.low, a.low == a.high == b.low == b.high),
    }[op]
    return True if always else False if never else None


def _times(a: Span, b: Span) -> Span:
    ends = [_product(x, y) for x in a for y in b]
    return Span(min(ends), max(ends))


def _product(x: float, y: float) -> float:
    """x * y, where 0 times no bound is 0 (a side that is 0 makes the product 0)."""
    return 0 if x == 0 or y == 0 else x * y


def _quotient(a: Span, b: Span) -> Span:
    """`a / k` by a number k written out, rounded down as in play (0 where k is 0)."""
    if b.low != b.high or b.low == 0:
        return ANY if b.low != b.high else Span(0, 0)
    k = b.low
    ends = [(x if k > 0 else -x) if math.isinf(x) else x // k for x in a]
    return Span(min(ends), max(ends))


def _remainder(a: Span, b: Span) -> Span:
    """`a % k` by a number k written out: 0 to k - 1 (k - 1 to 0 where k is below 0; 0 where k is 0, as `%` by 0
    gives in play)."""
    if b.low != b.high:
        return ANY
    k = b.low
    return Span(0, k - 1) if k > 0 else Span(k + 1, 0) if k < 0 else Span(0, 0)


_ARITH = {
    "+": lambda a, b: Span(a.low + b.low, a.high + b.high),
    "-": lambda a, b: Span(a.low - b.high, a.high - b.low),
    "*": _times,
    "/": _quotient,
    "%": _remainder,
}
