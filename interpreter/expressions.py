"""Check and compile stage for expressions: names resolve, types agree, AST -> closures.

Every compiled expression is a function `f(env, card)`: `env` is the running
state's view (see state.Env) and `card` the card under test in a card
predicate (None elsewhere). Names are resolved here, once, never during play.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from . import cards as C
from .errors import RulesetError
from .language import Attr, Binary, Call, Cond, Lit, Member, Name, Node, Unary, Where

INT, BOOL, STR, CARD, SUIT, CARDS = "int", "bool", "str", "card", "suit", "cards"
MAX_VALUE = 10**15  # a product (or a constant) must stay strictly between -MAX_VALUE and MAX_VALUE
MAX_FILTERS = 3  # filters inside filters: each level loops over its cards once per card of the level above


class TypeProblem(Exception):
    """A name or type error at a node of the expression."""

    def __init__(self, message: str, node: Node):
        super().__init__(message)
        self.message, self.line, self.col = message, node.line, node.col


class RuntimeProblem(RulesetError):
    """A ruleset's expression that fails in play (a product out of range), at (line, col) of its text.

    `where` is its place in the file when the compiler gave compile_expr a `place`; otherwise the message
    names the place inside the expression."""

    def __init__(self, message: str, node: Node, where=None):
        self.reason, self.node, self.line, self.col = message, node, node.line, node.col
        inside = "" if where else f", at {node.line}:{node.col} of the expression"
        super().__init__(f"{message} (found in play{inside})", where)


@dataclass(frozen=True)
class Typed:
    type: str
    fn: Callable
    const: bool = False
    choices: tuple = ()  # an option's listed values
    label: str = ""


@dataclass
class Scope:
    """The names an expression may use where it stands in the ruleset."""

    names: dict[str, Typed] = field(default_factory=dict)
    options: dict[str, Typed] = field(default_factory=dict)
    indexed: dict[str, Typed] = field(default_factory=dict)  # name(owner): zones, counters, score
    card: bool = False  # rank, suit, card name the card under test
    per_side: bool = False  # opp(...) is allowed
    other_side: Callable | None = None  # env -> envs of the other sides
    players: int = 2
    side_of: tuple = ()
    card_values: tuple = C.RANK  # what `value` and sum() count for each card
    place: Callable | None = None  # (line, col) in the expression -> its file Where, for run-time errors
    filters: int = 0  # how many filters this scope is inside

    def with_card(self) -> Scope:
        return replace(self, card=True, filters=self.filters + 1)


class _Folded:
    """A constant's closure; `.value` lets the checker see it is constant."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __call__(self, e, c):
        return self.value


def const(t: str, value) -> Typed:
    return Typed(t, _Folded(value), True)


CONSTANTS = {
    **{r: const(INT, C.RANK_NAMES[r]) for r in ("A", "J", "Q", "K")},
    **{s: const(SUIT, i) for i, s in enumerate(C.SUITS)},
    "no_suit": const(SUIT, C.NO_SUIT),
}

CARD_NAMES = {
    "card": Typed(CARD, lambda e, c: c),
    "rank": Typed(INT, lambda e, c: C.RANK[c]),
    "suit": Typed(SUIT, lambda e, c: C.SUIT[c]),
}

CARD_ATTRS = {"rank": (INT, C.RANK), "suit": (SUIT, C.SUIT)}

ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}
ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
EQUAL = {"==": operator.eq, "!=": operator.ne}


def _div(a, b):
    return a // b if b else 0


def _mod(a, b):
    return a % b if b else 0


ARITH.update({"/": _div, "%": _mod})


def compile_expr(node: Node, scope: Scope, place: Callable | None = None) -> Typed:
    """Type-check `node` in `scope` and return its closure; constants are folded.

    `place(line, col)` gives the file's Where of a place in the expression, for errors found in play."""
    if place is not None:
        scope = replace(scope, place=place)
    t = _compile(node, scope)
    if t.const and not isinstance(t.fn, _Folded):
        return Typed(t.type, _Folded(t.fn(None, None)), True)
    return t


def _compile(n: Node, s: Scope) -> Typed:
    handler = _HANDLERS.get(type(n))
    return handler(n, s)


def _lit(n: Lit, s: Scope) -> Typed:
    if n.kind == "card":
        return const(CARD, C.BY_NAME[n.value])
    return const({"int": INT, "str": STR, "bool": BOOL}[n.kind], n.value)


def _name(n: Name, s: Scope) -> Typed:
    if s.card and n.name == "value":
        values = s.card_values
        return Typed(INT, lambda e, c: values[c])
    if s.card and n.name in CARD_NAMES:
        return CARD_NAMES[n.name]
    if n.name in s.names:
        return s.names[n.name]
    if n.name in CONSTANTS:
        return CONSTANTS[n.name]
    if n.name in CARD_NAMES:
        raise TypeProblem(f"'{n.name}' names a card's attribute: use it inside a filter, e.g. won[{n.name} == ...]", n)
    if n.name == "option":
        raise TypeProblem("write option.NAME, e.g. option.target", n)
    raise TypeProblem(f"unknown name '{n.name}'{_suggest(n.name, s)}", n)


def _suggest(name: str, s: Scope) -> str:
    known = sorted(set(s.names) | set(CONSTANTS) | (set(CARD_NAMES) if s.card else set()))
    close = [k for k in known if k.lower().startswith(name[:2].lower())]
    return f" (did you mean {', '.join(close)}?)" if close else f" (known here: {', '.join(known)})"


def _attr(n: Attr, s: Scope) -> Typed:
    if isinstance(n.obj, Name) and n.obj.name == "option":
        if n.name not in s.options:
            known = ", ".join(sorted(s.options)) or "none"
            raise TypeProblem(f"unknown option '{n.name}' (options: {known})", n)
        return s.options[n.name]
    obj = _compile(n.obj, s)
    if obj.type != CARD:
        raise TypeProblem(f"'.{n.name}' needs a card, not {obj.type}", n)
    if n.name not in CARD_ATTRS and n.name != "value":
        raise TypeProblem(f"a card has no '{n.name}' (it has: rank, suit, value)", n)
    t, table = CARD_ATTRS[n.name] if n.name != "value" else (INT, s.card_values)
    f = obj.fn
    return Typed(t, lambda e, c: table[f(e, c)], obj.const)


def _where(n: Where, s: Scope) -> Typed:
    if s.filters >= MAX_FILTERS:
        raise TypeProblem(f"filters nested too deeply: at most {MAX_FILTERS} inside one another", n)
    cards = _compile(n.cards, s)
    _expect(cards, CARDS, n.cards, "a filter [...] applies to cards")
    test = _compile(n.test, s.with_card())
    _expect(test, BOOL, n.test, "a filter's condition")
    cf, tf = cards.fn, test.fn
    table = _card_table(n.test, s)
    if table is not None:  # the test reads only the card: look it up
        return Typed(CARDS, lambda e, c: [x for x in cf(e, c) if table[x]])
    return Typed(CARDS, lambda e, c: [x for x in cf(e, c) if tf(e, x)])


def _card_table(test: Node, s: Scope):
    """The test's answer for every card, when it depends on nothing but the card (and options)."""
    pure = Scope({}, s.options, {}, True, card_values=s.card_values)
    try:
        fn = _compile(test, pure).fn
    except TypeProblem:
        return None
    try:
        return tuple(bool(fn(None, c)) for c in range(len(C.NAMES)))
    except RuntimeProblem as e:  # found while filling the table: a load-time error after all
        raise TypeProblem(e.reason, e.node) from None


def _expect(t: Typed, want: str, node: Node, what: str) -> None:
    if t.type != want:
        raise TypeProblem(f"{what} must be {want}, not {t.type}", node)


def _unary(n: Unary, s: Scope) -> Typed:
    a = _compile(n.arg, s)
    f = a.fn
    if n.op == "not":
        _expect(a, BOOL, n.arg, "'not' takes a condition; it")
        return Typed(BOOL, lambda e, c: not f(e, c), a.const)
    _expect(a, INT, n.arg, "'-' takes a number; it")
    return Typed(INT, lambda e, c: -f(e, c), a.const)


def _binary(n: Binary, s: Scope) -> Typed:
    a, b = _compile(n.left, s), _compile(n.right, s)
    fa, fb, k = a.fn, b.fn, a.const and b.const
    if n.op in ("and", "or"):
        _expect(a, BOOL, n.left, f"'{n.op}' joins conditions; its left side")
        _expect(b, BOOL, n.right, f"'{n.op}' joins conditions; its right side")
        if n.op == "and":
            return Typed(BOOL, lambda e, c: fa(e, c) and fb(e, c), k)
        return Typed(BOOL, lambda e, c: fa(e, c) or fb(e, c), k)
    if n.op in EQUAL:
        if a.type != b.type:
            raise TypeProblem(f"cannot compare {a.type} with {b.type}", n)
        _check_choice(a, b, n.right)
        _check_choice(b, a, n.left)
        op = EQUAL[n.op]
        return Typed(BOOL, lambda e, c: op(fa(e, c), fb(e, c)), k)
    if n.op == "+" and a.type == CARDS and b.type == CARDS:
        return Typed(CARDS, lambda e, c: list(fa(e, c)) + list(fb(e, c)), k)
    if a.type != INT or b.type != INT:
        bad = a.type if a.type != INT else b.type
        raise TypeProblem(f"'{n.op}' needs numbers, not {bad}", n)
    if n.op in ORDER:
        op = ORDER[n.op]
        return Typed(BOOL, lambda e, c: op(fa(e, c), fb(e, c)), k)
    op = ARITH[n.op]
    if k:
        return _folded_number(op(fa(None, None), fb(None, None)), n)
    if n.op == "*":
        return Typed(INT, _product(fa, fb, n, s))
    return Typed(INT, lambda e, c: op(fa(e, c), fb(e, c)))


def _folded_number(value: int, n: Node) -> Typed:
    if not -MAX_VALUE < value < MAX_VALUE:
        raise TypeProblem(f"number too large: {_size(value)} (numbers stay below 10^15)", n)
    return const(INT, value)


def _size(value: int) -> str:
    digits = len(str(abs(value)))
    return f"{value}" if digits <= 30 else f"a number of {digits} digits"


def _product(fa, fb, n: Binary, s: Scope):
    """`a * b`, checked in play: a product at or beyond 10^15 is the ruleset's error, at this '*'."""
    where = s.place(n.line, n.col) if s.place else None

    def product(e, c):
        a, b = fa(e, c), fb(e, c)
        r = a * b
        if -MAX_VALUE < r < MAX_VALUE:
            return r
        raise RuntimeProblem(f"number too large: {_size(a)} * {_size(b)} reaches 10^15", n, where)

    return product


def _check_choice(option: Typed, other: Typed, node: Node) -> None:
    """`option.x == "typo"` would be always false: say so."""
    if option.choices and other.const:
        value = other.fn(None, None)
        if value not in option.choices:
            values = ", ".join(map(str, option.choices))
            raise TypeProblem(f"option '{option.label}' is never {value!r} (its values: {values})", node)


def _member(n: Member, s: Scope) -> Typed:
    item = _compile(n.item, s)
    opts = [_compile(o, s) for o in n.options]
    for o, node in zip(opts, n.options):
        if o.type != item.type:
            raise TypeProblem(f"cannot look for {item.type} among {o.type}", node)
    f = item.fn
    if all(o.const for o in opts):
        values = frozenset(o.fn(None, None) for o in opts)
        return Typed(BOOL, lambda e, c: f(e, c) in values, item.const)
    fns = [o.fn for o in opts]
    return Typed(BOOL, lambda e, c: f(e, c) in [g(e, c) for g in fns])


def _cond(n: Cond, s: Scope) -> Typed:
    t, a, b = _compile(n.test, s), _compile(n.then, s), _compile(n.other, s)
    _expect(t, BOOL, n.test, "the condition after 'if'")
    if a.type != b.type:
        raise TypeProblem(f"'then' gives {a.type} but 'else' gives {b.type}", n.other)
    ft, fa, fb = t.fn, a.fn, b.fn
    return Typed(a.type, lambda e, c: fa(e, c) if ft(e, c) else fb(e, c), t.const and a.const and b.const)


def _call(n: Call, s: Scope) -> Typed:
    if n.func in s.indexed:
        return _indexed(n, s)
    spec = FUNCTIONS.get(n.func)
    if spec is None:
        known = ", ".join(sorted(set(FUNCTIONS) | set(s.indexed)))
        raise TypeProblem(f"unknown function '{n.func}' (functions: {known})", n)
    args = [_compile(a, s) for a in n.args]
    return spec(n, s, args)


def _arity(n: Call, args, want: tuple) -> None:
    if len(args) != len(want):
        raise TypeProblem(f"{n.func}() takes {len(want)} argument(s), got {len(args)}", n)
    for a, w, node in zip(args, want, n.args):
        _expect(a, w, node, f"{n.func}()'s argument")


def _indexed(n: Call, s: Scope) -> Typed:
    """`hand(seat)`, `won(side)`, `tricks(side)`, `score(side)`: a zone or counter of one owner."""
    args = [_compile(a, s) for a in n.args]
    _arity(n, args, (INT,))
    t, f, get = s.indexed[n.func], args[0].fn, s.indexed[n.func].fn
    return Typed(t.type, lambda e, c: get(e, f(e, c)))


def _count(n, s, args):
    _arity(n, args, (CARDS,))
    f = args[0].fn
    return Typed(INT, lambda e, c: len(f(e, c)))


def _sum(n, s, args):
    _arity(n, args, (CARDS,))
    f, values = args[0].fn, s.card_values
    return Typed(INT, lambda e, c: sum(values[x] for x in f(e, c)))


def _empty(n, s, args):
    _arity(n, args, (CARDS,))
    f = args[0].fn
    return Typed(BOOL, lambda e, c: not f(e, c))


def _has(n, s, args):
    _arity(n, args, (CARDS, CARD))
    f, g = args[0].fn, args[1].fn
    return Typed(BOOL, lambda e, c: g(e, c) in f(e, c))


def _extreme(pick):
    def build(n, s, args):
        if not args:
            raise TypeProblem(f"{n.func}() needs at least one number", n)
        for a, node in zip(args, n.args):
            _expect(a, INT, node, f"{n.func}()'s argument")
        fns = [a.fn for a in args]
        return Typed(INT, lambda e, c: pick(g(e, c) for g in fns), all(a.const for a in args))

    return build


def _abs(n, s, args):
    _arity(n, args, (INT,))
    f = args[0].fn
    return Typed(INT, lambda e, c: abs(f(e, c)), args[0].const)


def _opp(n, s, args):
    if not s.per_side:
        raise TypeProblem("opp() compares sides: use it in scoring, where a side is being scored", n)
    _arity(n, args, (INT,))
    f, others = args[0].fn, s.other_side
    return Typed(INT, lambda e, c: max((f(o, c) for o in others(e)), default=0))


def _next(n, s, args):
    _arity(n, args, (INT,))
    f, p = args[0].fn, s.players
    return Typed(INT, lambda e, c: (f(e, c) + 1) % p)


def _prev(n, s, args):
    _arity(n, args, (INT,))
    f, p = args[0].fn, s.players
    return Typed(INT, lambda e, c: (f(e, c) - 1) % p)


def _side(n, s, args):
    _arity(n, args, (INT,))
    f, sides = args[0].fn, s.side_of
    return Typed(INT, lambda e, c: sides[f(e, c) % len(sides)])


FUNCTIONS = {
    "count": _count,
    "sum": _sum,
    "empty": _empty,
    "has": _has,
    "max": _extreme(max),
    "min": _extreme(min),
    "abs": _abs,
    "opp": _opp,
    "next": _next,
    "prev": _prev,
    "side": _side,
}

_HANDLERS = {
    Lit: _lit,
    Name: _name,
    Attr: _attr,
    Where: _where,
    Unary: _unary,
    Binary: _binary,
    Member: _member,
    Cond: _cond,
    Call: _call,
}
