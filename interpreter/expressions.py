"""Check and compile stage for expressions: names resolve, types agree, AST -> Python functions.

Every compiled expression is a function `f(env, card)`: `env` is the running
state's view (see state.Env) and `card` the card under test in a card
predicate (None elsewhere). Names are resolved here, once, never during play.

Each checked node becomes a fragment of Python source over `e` (the Env) and
`c` (the card), and the whole expression one generated function, as template
engines do. The source is made from the checked tree only: numbers are written
as numbers, and every other value (a name, a table, a nested function) is bound
to a generated identifier — no text from a ruleset ever reaches the source.
"""

from __future__ import annotations

import ast
import difflib
import functools
import itertools
import operator
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from . import cards as C
from .errors import RulesetError, unknown
from .language import Attr, Binary, Call, Cond, Lit, Member, Name, Node, Unary, Where, card_meant, children

INT, BOOL, STR, CARD, SUIT, CARDS = "int", "bool", "str", "card", "suit", "cards"
KIND = {INT: "a number", BOOL: "true/false", STR: "text", CARD: "a card", SUIT: "a suit", CARDS: "cards"}  # in messages
SEVERAL_PILES = "several piles"  # the label of a seat zone read for a whole side (no one top card)
MAX_NESTING = 24  # deeper fragments become functions of their own (Python's parser limits nesting)
MAX_VALUE = 10**15  # a product (or a constant) must stay strictly between -MAX_VALUE and MAX_VALUE
MAX_FILTERS = 3  # filters inside filters: each level loops over its cards once per card of the level above
MAX_WEIGHT = 10**9  # a card's weight in a tally: a sum of a million cards of it stays below MAX_VALUE


class TypeProblem(Exception):
    """A name or type error at a node of the expression."""

    def __init__(self, message: str, node: Node):
        super().__init__(message)
        self.message, self.line, self.col = message, node.line, node.col
        self.name = node.name if isinstance(node, Name) else None  # a name of the wrong kind: another meant?


class RuntimeProblem(RulesetError):
    """A ruleset's expression that fails in play (a product out of range), at (line, col) of its text.

    `where` is its place in the file when the compiler gave compile_expr a `place`; otherwise the message
    names the place inside the expression."""

    def __init__(self, message: str, node: Node, where=None):
        self.reason, self.node, self.line, self.col = message, node, node.line, node.col
        inside = "" if where else f", at {node.line}:{node.col} of the expression"
        super().__init__(f"{message} (found in play{inside})", where)


_ids = itertools.count()


def bind(value) -> tuple[str, tuple]:
    """A fresh identifier for `value` in generated source, and its binding."""
    name = f"_v{next(_ids)}"
    return name, ((name, value),)


@dataclass(frozen=True)
class Typed:
    """A checked expression: its type, and its code — `src` over e and c with its `env` bindings,
    or a plain function `fn(e, c)`."""

    type: str
    fn: Callable | None = None
    const: bool = False
    choices: tuple = ()  # an option's listed values
    label: str = ""
    src: str | None = None
    env: tuple = ()
    depth: int = 0
    free: tuple = ()  # names of filters' cards (`hand[x -> ...]`) the source reads from around it, sorted
    never: bool = False  # false whatever the state (`x and <an option that is off>`), yet worked out for x's errors
    picked: tuple = ()  # a filter by a per-card table: (the cards filtered, the table)
    tally: tuple = ()  # a number that adds up the cards of one expression: (those cards, each card's weight by id)
    terms: tuple = ()  # a sum: (sign, term) for each of its terms in order, for tallies to add up in one pass
    role: str = ""  # a number that is a seat ("seat": dealer, a seat variable) or a side ("side"), as read
    card_attr: str = ""  # what of a card it reads as such ("rank", "suit", "value", "card"): its values, the deck's

    def code(self) -> tuple[str, tuple, int]:
        """Source, bindings and nesting of this expression (a plain function is called)."""
        if self.src is not None:
            return self.src, self.env, self.depth
        name, env = bind(self.fn)
        return f"{name}(e, c)", env, 0

    def function(self) -> Callable:
        """The expression as one function f(e, c) (a named filter card it reads comes after them)."""
        if self.src is None:
            return self.fn
        return build(self.src, self.env, self.free)


def build(src: str, env: tuple, free: tuple = ()) -> Callable:
    """Compile generated source into `f(e, c)`, or `f(e, c, *free)` where it reads named filter cards."""
    ns = dict(env)
    params = ", ".join(("e", "c", *free))
    exec(f"def f({params}):\n    return {src}\n", ns)  # noqa: S102 - source made by this module, see above
    f = ns["f"]
    if not free:
        f.source = src, env  # for code generated at load to write the expression in (`written_in`)
    return f


def written_in(fn, name: str, ns: dict) -> str:
    """`fn(e, c)` as source for other generated code where `e` and `c` are in scope: the expression's own source
    where `build` made it, its bindings renamed `<name>_0`, `<name>_1` … and put in `ns` (so that expressions of
    one shape give one source); else a call of `fn`, bound in `ns` as `name`."""
    src, env = getattr(fn, "source", (None, ()))
    bound = dict(env)
    names = re.findall(r"\b_v\d+\b", src) if src is not None else ()
    if src is None or any(n not in bound for n in names):
        ns[name] = fn
        return f"{name}(e, c)"
    renamed = {old: f"{name}_{i}" for i, old in enumerate(dict.fromkeys(names))}
    ns.update((new, bound[old]) for old, new in renamed.items())
    return "(" + re.sub(r"\b_v\d+\b", lambda m: renamed[m.group()], src) + ")"


@functools.lru_cache(maxsize=1024)
def from_other_side(src: str) -> str:
    """`src`, over the view `e` from one of two sides, made over to read the view from the other side
    (`e.st.side_envs[1 - e.side]`, whose state is the same): its side `1 - e.side`, any other use of it through
    that view."""
    return _source(_FromOtherSide().visit(ast.parse(src, mode="eval")))


class _FromOtherSide(ast.NodeTransformer):
    """`from_other_side`'s rewrite of an expression tree."""

    def visit_Attribute(self, node):
        inner = node.value
        if isinstance(inner, ast.Name) and inner.id == "e":
            if node.attr == "side":
                return ast.BinOp(ast.Constant(1), ast.Sub(), _view("side"))
            if node.attr == "st":
                return node
        return self.generic_visit(node)

    def visit_Name(self, node):
        if node.id != "e":
            return node
        return ast.Subscript(ast.Attribute(_view("st"), "side_envs", ast.Load()),
                             ast.BinOp(ast.Constant(1), ast.Sub(), _view("side")), ast.Load())


def _source(tree: ast.AST) -> str:
    """An expression tree as source to write in anywhere: in brackets, as `written_in` gives it (unparsed, it
    loses its outer ones, and `not a and b` is not `not (a and b)`)."""
    return f"({ast.unparse(tree)})"


def _view(attr: str) -> ast.Attribute:
    """`e.<attr>`."""
    return ast.Attribute(_load("e"), attr, ast.Load())


def _load(name: str) -> ast.Name:
    """The Python name `name`, read."""
    return ast.Name(name, ast.Load())


@functools.lru_cache(maxsize=1024)
def for_side(src: str, side: int, scored: bool = False) -> tuple[str, bool]:
    """Source written in (`written_in`) made over for one side's view, where generated code has the state as
    `st` and its views from each side as `envs`: the side a number, the view's state `st`, the views `envs`, the
    tests they settle folded (a view from a side, never a seat: `side >= 0` holds). With `scored` (code that runs
    while the hand's values are worked out), `st.scoring` is taken to be there. Also: does it still read `e`?"""
    return _made_over(_ForSide(side, scored).visit(ast.parse(src, mode="eval")))


@functools.lru_cache(maxsize=1024)
def for_seat(src: str) -> tuple[str, bool]:
    """Source written in (`written_in`) made over for the view from the seat to act, where generated code has the
    state as `st`, that seat as `seat` and each seat's side in `SIDE_OF`: the view's state, seat and side read
    from them. Also: does it still read `e` (what else a view holds)?"""
    return _made_over(_ForSide(None, False).visit(ast.parse(src, mode="eval")))


def _made_over(tree: ast.AST) -> tuple[str, bool]:
    """A tree made over for a view: its source, and does it still read the view `e`?"""
    return _source(tree), any(isinstance(n, ast.Name) and n.id == "e" for n in ast.walk(tree))


_COMPARED = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
             ast.Gt: operator.gt, ast.GtE: operator.ge}
_COMPARED_BY = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


class _ForSide(ast.NodeTransformer):
    """`for_side`'s rewrite of an expression tree; with no side, `for_seat`'s."""

    def __init__(self, side: int | None, scored: bool):
        self.side, self.scored = side, scored

    def visit_Attribute(self, node):
        inner = node.value
        seat = self.side is None
        if isinstance(inner, ast.Name) and inner.id == "e":
            if node.attr == "side":
                return ast.Subscript(_load("SIDE_OF"), _load("seat"), ast.Load()) if seat else ast.Constant(self.side)
            if node.attr == "st":
                return _load("st")
            if node.attr == "seat" and seat:
                return _load("seat")
        if (not seat and node.attr == "side_envs" and isinstance(inner, ast.Attribute) and inner.attr == "st"
                and isinstance(inner.value, ast.Name) and inner.value.id == "e"):
            return _load("envs")
        return self.generic_visit(node)

    def visit_Compare(self, node):
        node = self.generic_visit(node)
        if len(node.ops) != 1:
            return node
        left, right, op = node.left, node.comparators[0], type(node.ops[0])
        if isinstance(left, ast.Constant) and isinstance(right, ast.Constant) and op in _COMPARED:
            try:
                return ast.Constant(_COMPARED[op](left.value, right.value))
            except TypeError:  # left as it is, to fail in play as it would have
                return node
        if (self.scored and op is ast.IsNot and isinstance(right, ast.Constant) and right.value is None
                and isinstance(left, ast.Attribute) and left.attr == "scoring"
                and isinstance(left.value, ast.Name) and left.value.id == "st"):
            return ast.Constant(True)
        return node

    def visit_IfExp(self, node):
        node = self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node


def summed_in(fns, name: str, ns: dict) -> str:
    """The sum of the numbers `fns` give (each f(e, c)) as source for generated code where `e` and `c` are in
    scope: as one sum where two or more count the same cards (their tallies added up in one pass, as in a sum
    written out in one expression), else each written in (`written_in`, its bindings named `<name><i>_<j>`)."""
    if len(fns) > 1:
        total = functools.reduce(lambda a, b: _summed(a, b, "+"), map(_typed_of, fns))
        if _alike_tallies(total.terms):
            src, env, _ = src_of(total)
            ns.update(env)
            return src
    return " + ".join(["0"] + [written_in(f, f"{name}{i}", ns) for i, f in enumerate(fns)])


def _typed_of(fn) -> Typed:
    """A compiled number as a checked expression again: kept where it counts cards by a table (`typed`), else
    its source, else a call of it."""
    typed = getattr(fn, "typed", None)
    if typed is not None:
        return typed
    src, env = getattr(fn, "source", (None, ()))
    return code(INT, src, env) if src is not None else Typed(INT, fn=fn)


def call(name: str, free: tuple, first: str = "e") -> str:
    """The source calling a function made by `build`: `name(e, c)`, with the named cards it reads."""
    return f"{name}({', '.join((first, 'c', *free))})"


def code(t: str, src: str, env: tuple = (), depth: int = 1, const: bool = False, free: tuple = (),
         role: str = "") -> Typed:
    return Typed(t, const=const, src=src, env=env, depth=depth, free=free, role=role)


def src_of(t: Typed) -> tuple[str, tuple, int]:
    """A child's source for a parent to embed: deep children become functions of their own."""
    src, env, depth = t.code()
    if depth < MAX_NESTING:
        return src, env, depth
    name, binding = bind(build(src, env, t.free))
    return call(name, t.free), binding, 1


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
    card_values: tuple = C.RANK_OR_NONE  # what `value` and sum() count for each card
    place: Callable | None = None  # (line, col) in the expression -> its file Where, for run-time errors
    filters: int = 0  # how many filters this scope is inside
    named: tuple = ()  # the names filters around give their cards (`hand[x -> ...]`), outermost first
    stateless: bool = False  # worked out without a game, to table a test by card: nothing may read the state
    trick: bool = False  # a trick is in play here: power() reads it
    each_seat: bool = False  # inside each_seat(…): a seat is in focus, not the side around it
    zones: frozenset = frozenset()  # every zone's name: what top() reads
    stocks: frozenset = frozenset()  # zones dealt from: their top card is their first
    seat_zones: tuple = ()  # zones owned by seats, where holder() looks
    side_owned: frozenset = frozenset()  # zones and counters kept for each side: not one seat's in each_seat()
    deck: frozenset = frozenset()  # the ruleset's cards (empty: not known here)
    seat_scope: Callable | None = None  # () -> the scope of one seat of the side in focus, for each_seat()
    seats_of: tuple = ()  # side -> its seats
    seat_env: Callable | None = None  # (env, seat) -> the env of that seat of env's side
    not_yet: dict = field(default_factory=dict)  # names the ruleset has that may not be read here -> why
    tables: dict = field(default_factory=dict)  # the ruleset's per-card tables: name -> a number per card id
    warn: Callable | None = None  # (line, col, message) in the expression: a warning, the game runs
    owners: dict[str, tuple] = field(default_factory=dict)  # each indexed name's owners: (how many, "seats"/"sides")

    def with_card(self) -> Scope:
        return replace(self, card=True, filters=self.filters + 1)

    def pure(self, names: dict, card: bool = True, named: tuple = ()) -> Scope:
        """A scope for a test worked out once per card, at load, with no game: `names` and the options, and the
        table's seats and sides for seat arithmetic."""
        return Scope(names, self.options, {}, card, players=self.players, side_of=self.side_of,
                     card_values=self.card_values, named=named, stateless=True, tables=self.tables)


NULL_SLIPS = frozenset(("nul", "nulll", "nll", "nulls", "null"))  # `null` itself quoted in a ruleset: text


def _meant(name: str, s: Scope) -> str:
    """What a name a person often writes where it is no name of the language means: an option without
    `option.`, yes and no in quotes, `seat` where a side is in focus, YAML's null misspelt ("" where none)."""
    if name in s.options:
        return f"an option is read as option.{name}"
    if name.casefold() in ("yes", "no", "on", "off"):
        return f"write true or false (or, for a word, \"{name}\" in quotes)"
    if name == "seat" and "side" in s.names and "seat" not in s.names:
        return "no seat is in focus here, but a side is: read side, as side == side(dealer)"
    if name.casefold() in NULL_SLIPS:  # YAML's null, misspelt: the key left unset
        return "did you mean null? (unquoted, as YAML writes no value)"
    return ""


def _literal(value) -> bool:
    """Is the constant written into source as itself (else bound to a name)?"""
    return isinstance(value, bool) or value is None or (isinstance(value, int) and abs(value) < 2**62)


def folded(value):
    """A constant's function; its `.value` lets the checker see it is constant."""

    def fn(e, c):
        return value

    fn.value = value
    if _literal(value):
        fn.source = repr(value), ()  # written in where generated code reads it (`written_in`), not called
    return fn


def const(t: str, value) -> Typed:
    src, env = (repr(value), ()) if _literal(value) else bind(value)
    return Typed(t, folded(value), True, src=src, env=env)


def value_of(t: Typed):
    """The value of a constant expression."""
    return t.fn.value if t.fn is not None and hasattr(t.fn, "value") else t.function()(None, None)


CONSTANTS = {
    **{r: const(INT, C.RANK_NAMES[r]) for r in ("A", "J", "Q", "K")},
    **{s: const(SUIT, i) for i, s in enumerate(C.SUITS)},
    "no_suit": const(SUIT, C.NO_SUIT),
    "no_card": const(CARD, C.NO_CARD),
}

_RANK, _RANK_ENV = bind(C.RANK)
_SUIT, _SUIT_ENV = bind(C.SUIT)
CARD_NAMES = {
    "card": replace(code(CARD, "c"), card_attr="card"),
    "rank": replace(code(INT, f"{_RANK}[c]", _RANK_ENV), card_attr="rank"),
    "suit": replace(code(SUIT, f"{_SUIT}[c]", _SUIT_ENV), card_attr="suit"),
}
CARD_ATTRS = {"rank": (INT, C.RANK_OR_NONE), "suit": (SUIT, C.SUIT_OR_NONE)}
ORDER = ("<", "<=", ">", ">=")
EQUAL = ("==", "!=")


def _div(a, b):
    return a // b if b else 0


def _mod(a, b):
    return a % b if b else 0


_HELPERS = {"/": bind(_div), "%": bind(_mod)}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": _div, "%": _mod}


def compile_expr(node: Node, scope: Scope, place: Callable | None = None, warn: Callable | None = None) -> Typed:
    """Type-check `node` in `scope` and return it with its function; constants are folded.

    `place(line, col)` gives the file's Where of a place in the expression, for errors found in play;
    `warn(line, col, message)` is told of what is worth a warning there."""
    if place is not None:
        scope = replace(scope, place=place)
    if warn is not None:
        scope = replace(scope, warn=warn)
    try:
        t = _compile(node, scope)
    except TypeProblem as e:
        raise _kind_meant(e, scope) from None
    if t.const:
        return replace(const(t.type, value_of(t)), choices=t.choices, label=t.label)
    fn = t.function()
    if t.never:
        fn.never = True  # for coverage: off with these options
    if t.tally or t.terms:
        fn.typed = t  # a sum of such functions adds their tallies up in one pass (`summed_in`)
    return replace(t, fn=fn)


_NOT_KIND = {text: kind for kind, text in KIND.items()}


def _kind_meant(e: TypeProblem, s: Scope) -> TypeProblem:
    """A name of the wrong kind where a name of the right one is spelt much alike (`opp(trick)`, the zone, for
    the counter `tricks`): the one meant, after the message."""
    m = re.search(r"must be (.+?), not (.+)$", e.message)
    want = _NOT_KIND.get(m.group(1)) if m else None
    name = e.name
    if want is None or name is None or "did you mean" in e.message:
        return e
    close = difflib.get_close_matches(name, [k for k, t in s.names.items() if t.type == want and k != name], n=1,
                                      cutoff=0.6)
    if close:
        e.message = f"{e.message} (did you mean {close[0]}?)"
        e.args = (e.message,)
    return e


def never_holds(fn) -> bool:
    """Is a compiled condition false whatever the game: folded to false by the options, or `x and <an option
    test that is false>` (still worked out in play, for x's errors)?"""
    return getattr(fn, "value", True) is False or getattr(fn, "never", False)


def _compile(n: Node, s: Scope) -> Typed:
    handler = _HANDLERS.get(type(n))
    return handler(n, s)


def _join(t: str, template: str, parts: list[Typed], const: bool = False) -> Typed:
    """A node whose source puts its children's sources into `template` ({0}, {1} …)."""
    srcs, env, depth, free = [], (), 0, set()
    for p in parts:
        src, penv, pdepth = src_of(p)
        srcs.append(src)
        env += penv
        depth = max(depth, pdepth)
        free.update(p.free)
    return code(t, template.format(*srcs), env, depth + 1, const, tuple(sorted(free)))


def _lit(n: Lit, s: Scope) -> Typed:
    if n.kind == "card":
        return const(CARD, C.BY_NAME[n.value])
    return const({"int": INT, "str": STR, "bool": BOOL}[n.kind], n.value)


def _name(n: Name, s: Scope) -> Typed:
    if s.card and n.name == "value":
        name, env = bind(s.card_values)
        return replace(code(INT, f"{name}[c]", env), card_attr="value")
    if s.card and n.name in CARD_NAMES:
        return CARD_NAMES[n.name]
    if n.name in s.names:
        return s.names[n.name]
    if n.name in CONSTANTS:
        return CONSTANTS[n.name]
    if n.name in CARD_NAMES or n.name == "value" and s.named:
        if s.named:
            named = s.named[-1] if n.name == "card" else f"{s.named[-1]}.{n.name}"
            raise TypeProblem(f"'{n.name}' reads the card under test, which this filter names: write {named}", n)
        raise TypeProblem(f"'{n.name}' names a card's attribute: use it inside a filter, e.g. won[{n.name} == ...]", n)
    if n.name == "option":
        raise TypeProblem("write option.NAME, e.g. option.target", n)
    if n.name in s.not_yet:
        raise TypeProblem(s.not_yet[n.name], n)
    if n.name in s.indexed and s.each_seat and n.name not in s.seat_zones:  # a side's, read for one seat
        if n.name in s.side_owned:  # a zone or counter: its seat's own is another ruleset's keeping
            raise TypeProblem(f"'{n.name}' is kept for each side, and inside each_seat(…) a seat is in focus: each"
                              f" of the side's seats would count the side's {n.name} again; keep it for each seat"
                              f" (owner: seat; a side then reads its seats' sum), or write {n.name}(side) outside"
                              f" each_seat(…)", n)
        raise TypeProblem(f"'{n.name}' is kept for each side, and inside each_seat(…) a seat is in focus, not the"
                          f" side: say whose, as {n.name}(side)", n)
    if n.name in s.indexed and "seat" in s.names:  # a side's value where a seat is in focus (a bid's rules)
        raise TypeProblem(f"'{n.name}' is worked out for each side, and here a seat is in focus, not a side: say"
                          f" whose, as {n.name}(side(seat))", n)
    if n.name in s.indexed:  # kept per seat or side, and nobody is in focus here
        example = f", e.g. {n.name}(dealer)" if n.name in s.seat_zones else ""
        raise TypeProblem(f"'{n.name}' is kept for each seat or side, and none is in focus here: say whose,"
                          f" as {n.name}(…){example}", n)
    if n.name in s.tables:  # `sum(won, points)`: a table's number is for a card
        raise TypeProblem(f"'{n.name}' is a table, a number for each card: give it the card, as {n.name}(card)", n)
    if n.name in ONE_PLACE:
        raise TypeProblem(ONE_PLACE[n.name], n)
    meant = _meant(n.name, s)
    if meant:
        raise TypeProblem(f"unknown name '{n.name}': {meant}", n)
    known = sorted({k for k in s.names if isinstance(k, str)} - {ACTED} | set(CONSTANTS) |  # (a zone named 7:
                   (set(CARD_NAMES) if s.card else set()))  # refused by then, and no name to suggest)
    card = card_meant(n.name)  # `TS`, `qh`, `SA`: a card written otherwise, unless a name of the ruleset is near
    if card and (n.name.isupper() or not difflib.get_close_matches(n.name, known, n=1, cutoff=0.8)):
        raise TypeProblem(card, n)
    spelt = CARD_WORDS.get(n.name.casefold().removesuffix("s"))
    if spelt and not difflib.get_close_matches(n.name, known, n=1, cutoff=0.8):  # a near name of the ruleset's first
        raise TypeProblem(f"unknown name '{n.name}': write {spelt}", n)
    words = difflib.get_close_matches(n.name, ("true", "false"), n=1, cutoff=0.75)  # where a name may stand
    if words and not difflib.get_close_matches(n.name, known, n=1, cutoff=0.75):  # `flase` (a keyword: the parser)
        raise TypeProblem(f"unknown name '{n.name}' (did you mean {words[0]}?)", n)
    raise TypeProblem(unknown("name", n.name, known, "known here"), n)


ONE_PLACE = {  # names of one place, read elsewhere
    "round_winner": "'round_winner' is known only in game: round_points, as a round ends (the side that won it);"
                    " elsewhere no round has just ended",
    "captured": "'captured' is known only in a capture play's after_capture effects (their if, by and side), as a"
                " capture is made (the cards it took); elsewhere no capture has just been made",
    "rule": "'rule' is known only in a capture play's after_capture effects (their if, by and side), as a capture"
            " is made (the capture rule that made it); elsewhere no capture has just been made",
    "offer": "'offer' is known only in an auction's forbid_if (the bid it judges); elsewhere no bid is being judged",
    "high_bid": "'high_bid' is known only in a rising auction's min, max, step and forbid_if (the highest bid so"
                " far); once it is over, its 'contract' variable holds the bid that won",
    "high_bidder": "'high_bidder' is known only in a rising auction's min, max, step and forbid_if (whose the"
                   " highest bid so far is); once it is over, its 'winner' variable holds the bidder",
    "choice": "'choice' is known only in a choose step's forbid_if (the option it judges); elsewhere no option is"
              " being judged"}
CARD_WORDS = {"ace": "A for an ace", "king": "K for a king", "queen": "Q for a queen", "jack": "J for a jack",
              "spade": "S for ♠", "heart": "H for ♥", "diamond": "D for ♦", "club": "C for ♣"}  # words, as typed


def _attr(n: Attr, s: Scope) -> Typed:
    if isinstance(n.obj, Name) and n.obj.name == "option":
        if n.name not in s.options:
            raise TypeProblem(unknown("option", n.name, sorted(s.options, key=str)), n)
        return s.options[n.name]
    obj = _compile(n.obj, s)
    if obj.type != CARD:
        raise TypeProblem(f"'.{n.name}' needs a card, not {KIND[obj.type]}", n)
    if n.name not in CARD_ATTRS and n.name != "value":
        raise TypeProblem(f"a card has no '{n.name}' (it has: rank, suit, value)", n)
    if obj.src == "c" and n.name in CARD_ATTRS:  # the card in focus, always one: `card.rank` reads as `rank` does
        return CARD_NAMES[n.name]
    t, table = CARD_ATTRS[n.name] if n.name != "value" else (INT, s.card_values)
    name, env = bind(table)
    out = _join(t, name + "[{0}]", [obj], obj.const)
    return _fold(replace(out, env=out.env + env, card_attr=n.name))


def _where(n: Where, s: Scope) -> Typed:
    _not_too_deep(n, s)
    cards = _compile(n.cards, s)
    _expect(cards, CARDS, n.cards, "a filter [...] applies to cards")
    if n.name is not None:
        return _named_where(n, s, cards)
    test = _compile(n.test, s.with_card())
    _expect(test, BOOL, n.test, "a filter's condition")
    table = _card_table(n.test, s)
    if table is not None:  # the test reads only the card: look it up
        return _looked_up(cards, table)
    return _join(CARDS, "[c for c in {0} if {1}]", [cards, test])  # the loop's c is the card under test


def _not_too_deep(n: Node, s: Scope) -> None:
    """A filter (or a number over cards) inside too many others: at most MAX_FILTERS."""
    if s.filters >= MAX_FILTERS:
        raise TypeProblem(f"filters nested too deeply: at most {MAX_FILTERS} inside one another", n)


def _named_where(n: Where, s: Scope, cards: Typed) -> Typed:
    """`cards[x -> test]`: the card under test is x, so `card`, `rank`, `suit` and `value` keep naming the
    card under test around the filter (a special card, an outer filter's card): `trick[t -> t.rank > rank]`."""
    name, var = n.name.name, f"_k{s.filters}"  # one Python name per depth: an inner filter reads the outer's
    if name in s.named:
        raise TypeProblem(f"'{name}' already names the card of a filter around this one: give this one another",
                          n.name)
    if name in s.names or name in CONSTANTS or name in CARD_NAMES or name in s.indexed or name in s.not_yet \
            or name in FUNCTIONS or name in _ON_NODES or name in s.tables or name in ("value", "option"):
        raise TypeProblem(f"'{name}' already means something here: give the filter's card a name of its own",
                          n.name)
    inner = replace(s, filters=s.filters + 1, named=s.named + (name,),
                    names={**s.names, name: replace(code(CARD, var, free=(var,)), card_attr="card")})
    test = _compile(n.test, inner)
    _expect(test, BOOL, n.test, "a filter's condition")
    table = _card_table(n.test, s, name)
    if table is not None:  # the test reads only its own card: look it up
        return _looked_up(cards, table)
    out = _join(CARDS, "[" + var + " for " + var + " in {0} if {1}]", [cards, test])
    return replace(out, free=tuple(f for f in out.free if f != var))


def _looked_up(cards: Typed, table: tuple) -> Typed:
    name, env = bind(table)
    out = _join(CARDS, "[c for c in {0} if " + name + "[c]]", [cards])
    return replace(out, env=out.env + env, picked=(cards, table))


def _card_table(test: Node, s: Scope, name: str | None = None, kind=bool):
    """The test's answer for every card (as `kind`: a number's, with int), when it depends on nothing but the
    card under test (and options), named `name` in a filter that names its card."""
    pure = s.pure({}) if name is None else s.pure({name: CARD_NAMES["card"]}, card=False, named=(name,))
    try:
        fn = _compile(test, pure).function()
    except TypeProblem:
        return None
    try:
        return tuple(kind(fn(None, c)) for c in range(len(C.NAMES)))
    except RuntimeProblem as e:  # found while filling the table: a load-time error after all
        raise TypeProblem(e.reason, e.node) from None


def _expect(t: Typed, want: str, node: Node, what: str) -> None:
    if t.type != want:
        raise TypeProblem(f"{what} must be {KIND[want]}, not {KIND[t.type]}", node)


def _fold(t: Typed) -> Typed:
    """A constant part of an expression becomes its value, so that play never works it out."""
    return const(t.type, value_of(t)) if t.const else t


def _unary(n: Unary, s: Scope) -> Typed:
    a = _compile(n.arg, s)
    if n.op == "not":
        _expect(a, BOOL, n.arg, "'not' takes a condition; it")
        return _fold(_join(BOOL, "(not {0})", [a], a.const))
    _expect(a, INT, n.arg, "'-' takes a number; it")
    return _fold(_join(INT, "(-{0})", [a], a.const))


def _logic(op: str, a: Typed, b: Typed) -> Typed:
    """`a and b`, `a or b` with a constant side folded (option tests cost nothing in play), keeping
    Python's order: a constant left side decides it or drops out; a constant right side drops out only
    where it changes nothing (`x and true`, `x or false`), so `x` is still worked out (and may still stop
    the game with its error) where it was."""
    if a.const:
        value = value_of(a)
        return const(BOOL, value) if value == (op == "or") else _plain(b)
    if b.const and value_of(b) != (op == "or"):
        return _plain(a)
    never = (a.never or b.never or b.const) if op == "and" else (a.never and b.never)  # b.const: false, here
    return replace(_join(BOOL, "({0} " + op + " {1})", [a, b]), never=never)


def _plain(t: Typed) -> Typed:
    """A part standing for a larger expression: no longer an option itself, so not checked as one."""
    return replace(t, choices=(), label="")


def _bool_option(a: Typed, b: Typed) -> str:
    """Where a true/false option is compared with a word, why it may be true/false: YAML's unquoted yes/no/on/off."""
    option = next((t for t in (a, b) if t.label and t.type == BOOL), None)
    if option is None or STR not in (a.type, b.type):
        return ""
    return (f" ({option.label} is true or false: YAML reads yes, no, on and off unquoted as true and false;"
            " write its values and default in quotes to make them words)")


def _binary(n: Binary, s: Scope) -> Typed:
    a, b = _compile(n.left, s), _compile(n.right, s)
    k = a.const and b.const
    if n.op in ("and", "or"):
        _expect(a, BOOL, n.left, f"'{n.op}' joins conditions; its left side")
        _expect(b, BOOL, n.right, f"'{n.op}' joins conditions; its right side")
        return _logic(n.op, a, b)
    if n.op in EQUAL or n.op in ORDER:
        _check_roles(n, a, b, s)
        _check_itself(n, a, b, s)
    if n.op in EQUAL:
        if a.type != b.type:
            raise TypeProblem(f"cannot compare {KIND[a.type]} with {KIND[b.type]}{_bool_option(a, b)}", n)
        _check_choice(a, b, n.right)
        _check_choice(b, a, n.left)
        for attr, value in ((a, n.right), (b, n.left)):
            missing = _not_in_deck(attr, value, s)
            if missing:
                said = f"{_written(n.left)} {n.op} {_written(n.right)}"
                raise TypeProblem(f"{missing}: `{said}` is always {'false' if n.op == '==' else 'true'}", value)
        return _fold(_join(BOOL, "({0} " + n.op + " {1})", [a, b], k))
    if n.op == "+" and a.type == CARDS and b.type == CARDS:
        return _fold(_join(CARDS, "[*{0}, *{1}]", [a, b], k))
    if a.type != INT or b.type != INT:
        bad = a.type if a.type != INT else b.type
        raise TypeProblem(f"'{n.op}' needs numbers, not {KIND[bad]}", n)
    if n.op in ORDER:
        _check_bound(n, a, b, s)
        return _fold(_join(BOOL, "({0} " + n.op + " {1})", [a, b], k))
    if k:
        return _folded_number(_ARITH[n.op](value_of(a), value_of(b)), n)
    if n.op in _HELPERS:
        name, env = _HELPERS[n.op]
        out = _join(INT, name + "({0}, {1})", [a, b])
        wraps = n.op == "%" and b.const and value_of(b) == s.players  # round the table: a seat still
        return replace(out, env=out.env + env, role=a.role if wraps else "")
    if n.op == "*":
        name, env = bind(_product(n, s))
        out = _join(INT, name + "({0}, {1})", [a, b])
        return replace(out, env=out.env + env, tally=_scaled(a, b))
    if n.op in ("+", "-"):  # a seat or side moved on by a number is one still (`dealer + 1`); two, a distance
        return replace(_summed(a, b, n.op), role=a.role if not b.role else b.role if not a.role and n.op == "+"
                       else "")
    return _join(INT, "({0} " + n.op + " {1})", [a, b])


def _check_itself(n: Binary, a: Typed, b: Typed, s: Scope) -> None:
    """A value compared with itself (`rank == card.rank`, where the card in focus is `card`): always true or
    always false, a warning at the operator. `played`, where the scope knows it, is likely the card meant."""
    if s.warn is None or a.const or b.const or a.src is None or b.src is None:
        return
    seen: list = []  # the values bound in either side, each once: two reads of one table, bound apart, read alike
    if _unbound(a, seen) != _unbound(b, seen):
        return
    left, right = _written(n.left), _written(n.right)
    said = f"`{left} {n.op} {right}`" if "…" not in left + right else f"`{n.op}` here"
    always = "true" if n.op in ("==", "<=", ">=") else "false"
    focus = s.card and any(w in ("rank", "suit", "value", "card") or w.startswith("card.") for w in (left, right))
    hint = ("; the card played is `played`" if "played" in s.names else "") if focus else ""
    s.warn(n.line, n.col, f"{said} compares a value with itself: it is always {always}" + (
        f" (here `card` and a bare `rank` or `suit` are both the card the test is asked of{hint})" if focus else ""))


_BOUND = re.compile(r"\b_v\d+\b")


def _unbound(t: Typed, seen: list) -> str:
    """An expression's source with each bound name (`bind`) put as the place of its value in `seen` (added to it
    if new): two bindings of equal values read alike."""
    values = dict(t.env)

    def place(m) -> str:
        if m[0] not in values:
            return m[0]
        value = values[m[0]]
        k = next((i for i, v in enumerate(seen) if v is value or _same(v, value)), None)
        if k is None:
            seen.append(value)
            k = len(seen) - 1
        return f"<{k}>"

    return _BOUND.sub(place, t.src)


def _same(x, y) -> bool:
    """Equal values (a function is equal to itself alone); never an error."""
    try:
        return type(x) is type(y) and bool(x == y)
    except Exception:  # noqa: BLE001 - a value whose == fails is simply not the same
        return False


def _check_roles(n: Binary, a: Typed, b: Typed, s: Scope) -> None:
    """A side compared with a seat (`side == hakem`) where sides have several seats: side 1 is seats 1 and 3, so
    the test holds for one of a side's seats only. Where each plays for himself a seat is its side."""
    if {a.role, b.role} != {"seat", "side"} or len(set(s.side_of)) == len(s.side_of):
        return
    seat = n.right if b.role == "seat" else n.left
    whose = f"side({seat.name})" if isinstance(seat, Name) else "side(…) of the seat"
    first = " and ".join(str(p) for p, side in enumerate(s.side_of) if side == 0)
    raise TypeProblem(f"'{n.op}' compares a side with a seat: a side has several seats here (side 0 is seats"
                      f" {first}); compare sides, with {whose}", n)


def _summed(a: Typed, b: Typed, op: str) -> Typed:
    """`a + b`, `a - b` as one sum of terms, in which tallies of the same cards add up in one pass:
    `5 * count(won[rank == 5]) + 10 * count(won[rank in (10, A)])` is the sum over `won` of each card's weight,
    5 for a five and 10 for a ten or an ace, not two filters and two products."""
    terms = (a.terms or ((1, a),)) + ((1 if op == "+" else -1, b),)
    alike = _alike_tallies(terms)
    if not alike:
        return replace(_join(INT, "({0} " + op + " {1})", [a, b]), terms=terms)
    parts, template = [], []
    for i, (sign, t) in enumerate(terms):
        group = alike.get(i)
        if group is not None:
            if group.first != i:
                continue  # added up with the group's first term
            sign, t = 1, _tallied(group.cards, group.weights)
        hole = "{" + str(len(parts)) + "}"
        template.append((hole if sign > 0 else f"(-{hole})") if not parts else (" + " if sign > 0 else " - ") + hole)
        parts.append(t)
    out = _join(INT, "(" + "".join(template) + ")", parts)
    return replace(out, terms=terms, tally=parts[0].tally if len(parts) == 1 else ())


@dataclass(eq=False)
class _Tallies:
    """Tallied terms of a sum over the same cards: their weights added up (signed), the first term's index."""

    cards: Typed
    key: tuple
    weights: tuple
    first: int
    terms: int = 1


def _alike_tallies(terms: tuple) -> dict:
    """{index of a term: its group} for the tallied terms that share their cards with another, each group's
    weights within MAX_WEIGHT."""
    groups: list[_Tallies] = []
    of_term = {}
    for i, (sign, t) in enumerate(terms):
        if not t.tally:
            continue
        cards, weights = t.tally
        key = _cards_key(cards)
        group = next((g for g in groups if g.key == key), None)
        if group is None:
            group = _Tallies(cards, key, tuple(sign * w for w in weights), i)
            groups.append(group)
        else:
            group.weights = tuple(x + sign * w for x, w in zip(group.weights, weights))
            group.terms += 1
        of_term[i] = group
    return {i: g for i, g in of_term.items() if g.terms > 1 and max(map(abs, g.weights)) < MAX_WEIGHT}


def _tallied(cards: Typed, weights: tuple) -> Typed:
    """The sum of the weights of `cards`, in one pass."""
    out, env = _weighed(cards, weights, "c")
    return replace(out, env=out.env + env, tally=(cards, weights))


def _weighed(cards: Typed, weights: tuple, each: str) -> tuple:
    """(the sum of `weights` of `cards`, its binding): where every weight is a byte (0 to 255), by the cards as
    bytes translated through the weights (no loop of Python's: a hand's points are summed at its end and in
    every look ahead), else card by card."""
    if all(type(w) is int and 0 <= w < 256 for w in weights) and len(weights) <= 256:
        name, env = bind(bytes(weights).ljust(256, b"\0"))  # card ids are below 256
        return _join(INT, "sum(bytes({0}).translate(" + name + "))", [cards]), env
    name, env = bind(weights)
    return _join(INT, f"sum([{name}[{each}] for {each} in {{0}}])", [cards]), env


def _scaled(a: Typed, b: Typed) -> tuple:
    """The tally of `a * b` where one side is a constant and the other a tally (weights within MAX_WEIGHT)."""
    for k, t in ((a, b), (b, a)):
        if k.const and t.tally:
            factor = value_of(k)
            cards, weights = t.tally
            if max(map(abs, weights)) * abs(factor) < MAX_WEIGHT:
                return cards, tuple(w * factor for w in weights)
    return ()


def _cards_key(cards: Typed) -> tuple:
    """What tells two cards expressions alike: the source, its bound names numbered in order, and what each
    is bound to (compared by ==, a function by identity)."""
    src, env, _ = cards.code()
    bound = dict(env)
    names = list(dict.fromkeys(re.findall(r"\b_v\d+\b", src)))
    canon = re.sub(r"\b_v\d+\b", lambda m: f"_b{names.index(m.group())}", src)
    return canon, [bound.get(n) for n in names], cards.free


def _folded_number(value: int, n: Node) -> Typed:
    if not -MAX_VALUE < value < MAX_VALUE:
        raise TypeProblem(f"number too large: {number_said(value)} (numbers stay below 10^15)", n)
    return const(INT, value)


def number_said(value: int) -> str:
    """A number as an error says it: in full, or by its count of digits where that is long."""
    digits = len(str(abs(value)))
    return f"{value}" if digits <= 30 else f"a number of {digits} digits"


def _product(n: Binary, s: Scope):
    """`a * b`, checked in play: a product at or beyond 10^15 is the ruleset's error, at this '*'."""
    where = s.place(n.line, n.col) if s.place else None

    def product(a, b):
        r = a * b
        if -MAX_VALUE < r < MAX_VALUE:
            return r
        raise RuntimeProblem(f"number too large: {number_said(a)} * {number_said(b)} reaches 10^15", n, where)

    return product


def _check_choice(option: Typed, other: Typed, node: Node) -> None:
    """`option.x == "typo"` (or `word_variable == "typo"`) would be always false: say so. Only a word written
    out is judged: another option's value (`throw == option.stop_on`) is a house rule's to change."""
    if option.choices and other.const and not other.label:
        value = value_of(other)
        if value not in option.choices:
            values = ", ".join(str(c) if c != "" else '""' for c in option.choices)  # "": a word not yet set
            raise TypeProblem(f"{option.label} is never {value!r} (its values: {values})", node)


def _not_in_deck(attr: Typed, node: Node, s: Scope) -> str:
    """Where `attr` reads a card's rank, suit, value or the card itself and `node` writes out a value (a literal:
    14, 10D, or a rank's or suit's letter) that no card of the ruleset's deck has, why it never matches; else "".
    An attribute read of a card that may be no card (`top(table).rank`) may also be its rank 0, its no suit."""
    deck = _deck_values(attr, node, s)
    if deck is None:
        return ""
    value, have = deck
    kind = attr.card_attr
    if kind == "card":
        if value in s.deck or value == C.NO_CARD:
            return ""
        return f"{C.NAMES[value]} is not a card of this ruleset's deck"
    if value in have:
        return ""
    if kind == "suit":
        listed = " ".join(C.SUITS[x] for x in sorted(x for x in have if x >= 0))
        return f"no card of this ruleset's deck has suit {_written(node)} (its suits: {listed})"
    return f"no card of this ruleset's deck has {kind} {_written(node)} {_values_said(kind, have)}"


def _deck_values(attr: Typed, node: Node, s: Scope) -> tuple | None:
    """(the value `node` writes out, the values of `attr` over the deck and no card) where `attr` reads a card's
    rank, suit, value or the card itself and `node` is a literal (14, 10D, a rank's or suit's letter); else None."""
    if not attr.card_attr or not s.deck or not (
            isinstance(node, Lit) or isinstance(node, Name) and node.name in CONSTANTS and node.name not in s.names):
        return None
    value = value_of(_compile(node, s))
    if attr.card_attr == "card":
        return value, s.deck
    table = {"rank": C.RANK_OR_NONE, "suit": C.SUIT_OR_NONE, "value": s.card_values}[attr.card_attr]
    return value, {table[c] for c in s.deck} | {table[C.NO_CARD]}


def _values_said(kind: str, have: set) -> str:
    """The ranks or values the deck's cards have, as a message lists them in brackets."""
    if kind == "rank":
        return f"(ranks are numbers: {', '.join(_ranks_said(sorted(x for x in have if x > 0)))})"
    return f"(its values: {', '.join(_runs(sorted(have)))})"


_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}  # `13 < rank` is `rank > 13`
_BOUND_SAID = {"<": "below", "<=": "at or below", ">": "above", ">=": "at or above"}


def _check_bound(n: Binary, a: Typed, b: Typed, s: Scope) -> None:
    """`rank > 13`, `value < 0`: a card's rank or value bounded by a literal that no card of the deck passes
    (always false), or that every card passes (always true), is a warning at the literal. Not an error, as `==`
    with a value no card has is: a bound is often written for a wider deck (a variant's deck leaves a base's
    bound past its ends), and a test that always holds changes nothing."""
    for attr, node, op in ((a, n.right, n.op), (b, n.left, _FLIPPED[n.op])):
        deck = _deck_values(attr, node, s) if attr.card_attr in ("rank", "value") else None
        if deck is None or s.warn is None:
            continue
        value, have = deck
        passing = {x for x in have if _COMPARED_BY[op](x, value)}
        if passing and passing != have:
            continue
        said = f"`{_written(n.left)} {n.op} {_written(n.right)}` is always {'true' if passing else 'false'}"
        who = "every card" if passing else "no card"
        s.warn(node.line, node.col, f"{who} of this ruleset's deck has {attr.card_attr} {_BOUND_SAID[op]}"
                                    f" {_written(node)} {_values_said(attr.card_attr, have)}: {said}")


def _ranks_said(ranks: list) -> list:
    """Rank numbers as a message lists them: A=1, 2-10, J=11 (a run of three or more numerals as one)."""
    named = [f"{C.RANKS[r - 1]}={r}" for r in ranks if r in (1, 11, 12, 13)]
    return named[:1] * (1 in ranks) + _runs([r for r in ranks if 1 < r < 11]) + named[1 in ranks:]


def _runs(numbers: list) -> list:
    """Sorted numbers as a message lists them, a run of three or more as one: 0-13, 15."""
    out, start = [], 0
    for i in range(1, len(numbers) + 1):
        if i == len(numbers) or numbers[i] != numbers[i - 1] + 1:
            run = numbers[start:i]
            out += [f"{run[0]}-{run[-1]}"] if len(run) > 2 else [str(x) for x in run]
            start = i
    return out


def _written(n: Node) -> str:
    """A short part of an expression as written: a name, a literal, `x.rank`; else '…'."""
    if isinstance(n, Lit):
        return repr(n.value) if n.kind == "str" else str(n.value).lower() if n.kind == "bool" else str(n.value)
    if isinstance(n, Name):
        return n.name
    if isinstance(n, Attr):
        return f"{_written(n.obj)}.{n.name}" if isinstance(n.obj, Name) else f"….{n.name}"
    return "…"


def _member(n: Member, s: Scope) -> Typed:
    item = _compile(n.item, s)
    opts = [_compile(o, s) for o in n.options]
    for o, node in zip(opts, n.options):
        if o.type != item.type:
            raise TypeProblem(f"cannot look for {KIND[item.type]} among {KIND[o.type]}", node)
        _check_choice(item, o, node)
    missing = [(node, said) for node in n.options if (said := _not_in_deck(item, node, s))]
    if missing:
        listed = ", ".join(_written(o) for o in n.options)
        written = f"{_written(n.item)} in ({listed})"
        if len(missing) == len(n.options):  # always false: an error, as an option's value no option has
            raise TypeProblem(f"{missing[0][1]}: `{written}` is always false", missing[0][0])
        for node, said in missing:  # the others may match: a warning at each that never does
            if s.warn is not None:
                s.warn(node.line, node.col, f"{said}: it never matches in `{written}`")
    if all(o.const for o in opts):
        name, env = bind(frozenset(value_of(o) for o in opts))
        out = _join(BOOL, "({0} in " + name + ")", [item], item.const)
        return _fold(replace(out, env=out.env + env))
    holes = ", ".join(f"{{{i + 1}}}" for i in range(len(opts)))
    return _join(BOOL, "({0} in (" + holes + ",))", [item, *opts])


def _cond(n: Cond, s: Scope) -> Typed:
    t, a, b = _compile(n.test, s), _compile(n.then, s), _compile(n.other, s)
    _expect(t, BOOL, n.test, "the condition after 'if'")
    if a.type != b.type:
        raise TypeProblem(f"'then' gives {KIND[a.type]} but 'else' gives {KIND[b.type]}", n.other)
    if t.const:
        return _plain(a if value_of(t) else b)
    if a.const and b.const and value_of(a) == value_of(b) and not _multiplies(n.test):
        return _plain(a)  # the same either way (a bonus option of 0): the test cannot fail, so it goes
    return replace(_join(a.type, "({1} if {0} else {2})", [t, a, b]), role=a.role if a.role == b.role else "")


def _multiplies(n: Node) -> bool:
    """Does the expression hold a product, the one part that may fail in play (too large)?"""
    return isinstance(n, Binary) and n.op == "*" or any(_multiplies(c) for c in children(n))


def _call(n: Call, s: Scope) -> Typed:
    if n.func in s.indexed:
        return _indexed(n, s)
    if n.func in s.tables:
        return _table(n, s)
    if n.func in _ON_NODES:
        return _ON_NODES[n.func](n, s)
    spec = FUNCTIONS.get(n.func)
    if spec is None:
        known = set(FUNCTIONS) | set(_ON_NODES) | set(s.indexed) | set(s.tables)
        if ACTED not in s.names:  # read among a capture's effects only
            known.discard("acted")
        raise TypeProblem(unknown("function", n.func, sorted(k for k in known if isinstance(k, str))), n)
    first = [_compile(n.args[0], s)] if n.args else []
    if n.func in _OVER_CARDS and len(n.args) > 2 and first[0].type == CARDS:  # blame the extra, not the x
        raise TypeProblem(f"{n.func}() of cards takes the cards and the number for each card, {n.func}(cards, x):"
                          f" {len(n.args)} arguments given", n.args[2])
    if n.func in _OVER_CARDS and len(n.args) == 2 and first[0].type == CARDS:
        return _over_cards(n, s, first[0])
    args = first + [_compile(a, s) for a in n.args[1:]]
    return spec(n, s, args)


def _arity(n: Call, args, want: tuple) -> None:
    if len(args) != len(want):
        raise TypeProblem(f"{n.func}() takes {len(want)} argument(s), got {len(args)}", n)
    for a, w, node in zip(args, want, n.args):
        _expect(a, w, node, f"{n.func}()'s argument")


def _indexed(n: Call, s: Scope) -> Typed:
    """`hand(seat)`, `won(side)`, `tricks(side)`, `score(side)`: a zone or counter of one owner.

    An indexed name's `src` is a template with {0} for the owner; without one, its fn(e, owner) is called.
    """
    args = [_compile(a, s) for a in n.args]
    _arity(n, args, (INT,))
    _owner_in_range(n, args[0], s)
    t = s.indexed[n.func]
    if t.const:  # the same for every owner
        return t
    if t.src is not None:
        out = _join(t.type, t.src, args)
        return replace(out, env=out.env + t.env)
    name, env = bind(t.fn)
    out = _join(t.type, name + "(e, {0})", args)
    return replace(out, env=out.env + env)


def _owner_in_range(n: Call, owner: Typed, s: Scope) -> None:
    """A warning for `bid(3)` where 3 seats play: an owner's number counts round the table (seat 3 is seat 0),
    which a rule written for more seats, extended to fewer, reads without a word."""
    owners, kind = s.owners.get(n.func, (0, ""))
    if not (owner.const and owner.type == INT and owners and s.warn):
        return
    k = value_of(owner)
    if not 0 <= k < owners:
        s.warn(n.line, n.col, f"{n.func}({k}) reads {n.func}({k % owners}): there are {owners} {kind} here,"
                              f" numbered 0 to {owners - 1}, and a number counts round the table")


def _table(n: Call, s: Scope) -> Typed:
    """`name(card)`: the card's number in the ruleset's table `name` (0 for `no_card`)."""
    args = [_compile(a, s) for a in n.args]
    _arity(n, args, (CARD,))
    table = s.tables[n.func]
    if args[0].const:
        return const(INT, table[value_of(args[0])])
    name, env = bind(table)
    out = _join(INT, name + "[{0}]", args)
    return replace(out, env=out.env + env)


# `or (0,)`: 0 for no cards, cheaper than default=0
_OVER_CARDS = {"sum": "sum({0})", "max": "max({0} or (0,))", "min": "min({0} or (0,))"}


def _over_cards(n: Call, s: Scope, cards: Typed) -> Typed:
    """`sum(cards, x)`, `max(cards, x)`, `min(cards, x)`: the number x worked out for each card in turn — `card`,
    `rank`, `suit` and `value` name it, as in a filter — added up, or the largest or smallest (0 for no cards)."""
    _not_too_deep(n, s)
    each = _compile(n.args[1], s.with_card())
    _expect(each, INT, n.args[1], f"{n.func}()'s number for each card")
    table = _card_table(n.args[1], s, kind=int)
    if table is not None:  # the number reads only the card: look it up
        if n.func == "sum":
            out, env = _weighed(cards, table, "c")
        else:
            name, env = bind(table)
            out = _join(INT, _OVER_CARDS[n.func].format("[" + name + "[c] for c in {0}]"), [cards])
        return replace(out, env=out.env + env)
    return _join(INT, _OVER_CARDS[n.func].format("[{1} for c in {0}]"), [cards, each])  # the loop's c: each card


def _count(n, s, args):
    _arity(n, args, (CARDS,))
    out = _join(INT, "len({0})", args)
    if not args[0].picked:  # the cards themselves: len() costs nothing to add up
        return out
    cards, table = args[0].picked  # the count of the cards the table picks: their tally of 1s
    weights = tuple(int(bool(x)) for x in table)
    out, env = _weighed(cards, weights, "c")
    return replace(out, env=out.env + env, tally=(cards, weights))


def _sum(n, s, args):
    if len(args) == 2:  # sum(cards, x) is taken before: here the first is not cards
        _expect(args[0], CARDS, n.args[0], "sum()'s first argument")
    _arity(n, args, (CARDS,))
    out, env = _weighed(args[0], s.card_values, "x")
    return replace(out, env=out.env + env)


def _empty(n, s, args):
    _arity(n, args, (CARDS,))
    return _join(BOOL, "(not {0})", args)


def _groups(n, s, args):
    _arity(n, args, (CARDS,))
    name, env = bind(s.card_values)
    where = s.place(n.line, n.col) if s.place else None

    def groups(values: list[int]) -> int:
        try:
            return equal_groups(values)
        except TooManySplits:
            raise RuntimeProblem(f"groups() of these {len(values)} cards tries more than {GROUPS_TRIES:,} ways to"
                                 " split them (cards of many different worths): read it of fewer cards", n,
                                 where) from None

    fname, fenv = bind(groups)
    out = _join(INT, fname + "([" + name + "[x] for x in {0}])", args)
    return replace(out, env=out.env + env + fenv)


GROUPS_TRIES = 200_000  # ways to split cards into groups `groups()` tries at most (a table of a few dozen cards)


class TooManySplits(Exception):
    """`equal_groups` gave up: more than GROUPS_TRIES ways to try."""


def equal_groups(values: list[int]) -> int:
    """`groups(cards)`: the most groups of equal sum the cards' values split into, every card in one (1 for
    cards that split no further, 0 for none): 1+8 and 2+7 make A 2 7 8 two groups of 9. Cards worth 0 join any
    group (all worth 0: each card a group of its own); cards with a value below 0 among them are one group.
    Past GROUPS_TRIES ways tried, TooManySplits (52 cards of 13 worths no sums share could take minutes)."""
    n, total = len(values), sum(values)
    if total == 0 or min(values) < 0:
        return n if total == 0 and min(values, default=0) >= 0 else min(n, 1)
    held = Counter(v for v in values if v)
    worths = tuple(sorted(held, reverse=True))
    counts = tuple(held[v] for v in worths)
    tries = [GROUPS_TRIES]
    for k in range(min(n, total), 1, -1):
        if total % k == 0 and worths[0] <= total // k and _splits(worths, counts, total // k, set(), tries):
            return k
    return 1


def _splits(worths: tuple, counts: tuple, size: int, failed: set, tries: list) -> bool:
    """Can the cards left (`counts` of each of `worths`, largest first) make groups each adding up to `size`?
    A group is made round the largest card left (groups are alike, so which one is no matter); a set of
    cards left that cannot is remembered in `failed`; `tries`: as groups_round counts them."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return True
    if counts in failed:
        return False
    left = list(counts)
    left[first] -= 1
    for rest in groups_round(worths, left, first, size - worths[first], tries):
        if _splits(worths, rest, size, failed, tries):
            return True
    failed.add(counts)
    return False


def groups_round(worths: tuple, left: list, i: int, need: int, tries: list | None = None):
    """Each way to add up to `need` from the cards `left` of worths[i:] (how many of each, by worth, each worth
    above 0): the cards then left, as a tuple (`left` itself is as it was once the ways are all given). Each
    count of a worth tried takes one of the `tries` left (none left: TooManySplits)."""
    if need == 0:
        yield tuple(left)
        return
    if i == len(worths):
        return
    v, have = worths[i], left[i]
    for take in range(min(have, need // v), -1, -1):
        if tries is not None:
            tries[0] -= 1
            if tries[0] < 0:
                raise TooManySplits
        left[i] = have - take
        yield from groups_round(worths, left, i + 1, need - take * v, tries)
    left[i] = have


def _has(n, s, args):
    _arity(n, args, (CARDS, CARD))
    return _join(BOOL, "({1} in {0})", args)


def _extreme(pick: str):
    def build_call(n, s, args):
        if not args:
            raise TypeProblem(f"{n.func}() needs at least one number", n)
        if len(args) == 1 and args[0].type == CARDS:
            raise TypeProblem(f"{n.func}() of cards needs the number to take for each card: {n.func}(cards, x),"
                              f" e.g. {n.func}(won, value)", n)
        for a, node in zip(args, n.args):
            _expect(a, INT, node, f"{n.func}()'s argument")
        if len(args) == 1:
            return args[0]
        holes = ", ".join(f"{{{i}}}" for i in range(len(args)))
        return _join(INT, pick + "(" + holes + ")", args, all(a.const for a in args))

    return build_call


def _abs(n, s, args):
    _arity(n, args, (INT,))
    return _join(INT, "abs({0})", args, args[0].const)


def _opp(n, s, args):
    if not s.per_side:
        raise TypeProblem("opp() compares sides: use it in scoring, where a side is being scored", n)
    _arity(n, args, (INT,))
    if args[0].const:  # the same for every side (none other: 0)
        return const(INT, value_of(args[0]) if max(s.side_of, default=0) >= 1 else 0)
    inner, _, _ = args[0].code()
    free = args[0].free
    fname, fenv = bind(build(inner, args[0].env, free))
    oname, oenv = bind(s.other_side)
    every = f"max([{call(fname, free, 'o')} for o in {oname}(e)], default=0)"
    if max(s.side_of, default=0) == 1:  # two sides: the other one is read directly, its source written in
        src, env, depth = src_of(args[0])
        other = from_other_side(src)
        return code(INT, f"({other} if e.side >= 0 else {every})", fenv + oenv + env, depth + 1, free=free)
    return code(INT, every, fenv + oenv, free=free)


def _next(n, s, args):
    _arity(n, args, (INT,))
    return replace(_join(INT, "(({0} + 1) % " + str(s.players) + ")", args), role="seat")  # a seat, always


def _prev(n, s, args):
    _arity(n, args, (INT,))
    return replace(_join(INT, "(({0} - 1) % " + str(s.players) + ")", args), role="seat")


def _side(n, s, args):
    """`side(x)`: the side of seat x. Seat arithmetic wraps round the table (`side(seat + 2)`, `side(dealer -
    1)`); a seat named as such (`last_capturer`, a seat variable, `holder(card)`) may be -1, nobody (no capture
    yet, a role not given, a card no seat holds), whose side is -1: none."""
    _arity(n, args, (INT,))
    sides = tuple(s.side_of)
    named = isinstance(n.args[0], Name) or isinstance(n.args[0], Call) and n.args[0].func == "holder"
    if named and not re.search(r"\w\(", src_of(args[0])[0]):  # a seat read, not worked out: read twice, no call
        name, env = bind(sides)
        out = _join(INT, f"({name}[{{0}} % {len(sides)}] if {{0}} >= 0 else -1)", args * 2)
    elif named:
        name, env = bind(lambda seat: sides[seat % len(sides)] if seat >= 0 else -1)
        out = _join(INT, name + "({0})", args)
    else:
        name, env = bind(sides)
        out = _join(INT, name + "[{0} % " + str(len(sides)) + "]", args)
    return replace(out, env=out.env + env, role="side")


def _top(n: Call, s: Scope) -> Typed:
    """`top(zone)`: the zone's top card, `no_card` when it is empty. A stock (a zone deals come from) is
    dealt from its first card; any other zone's top is the last card put on it."""
    zone = n.args[0] if len(n.args) == 1 else None
    name = zone.name if isinstance(zone, Name) else zone.func if isinstance(zone, Call) else None
    if name not in s.zones:
        zones = sorted(z for z in s.zones if isinstance(z, str))
        said = f"{unknown('zone', name, zones)}: " if name is not None and name not in s.names else ""
        raise TypeProblem(f"{said}top() reads a zone: e.g. top(stock), top(pile1(seat))", zone or n)
    arg = _compile(zone, s)
    if arg.label == SEVERAL_PILES:
        raise TypeProblem(f"top() reads one pile: '{name}' here is the piles of a side's seats together;"
                          f" name one seat, e.g. top({name}(dealer))", zone)
    helper, env = bind(_first_card if name in s.stocks else _last_card)
    out = _join(CARD, helper + "({0})", [arg])
    return replace(out, env=out.env + env)


def _first_card(cards):
    return cards[0] if cards else C.NO_CARD


def _last_card(cards):
    return cards[-1] if cards else C.NO_CARD


def _holder(n, s, args):
    """`holder(card)`: the seat holding the card in a zone owned by seats (-1: nobody)."""
    _arity(n, args, (CARD,))
    if s.stateless:
        raise TypeProblem("holder() reads where the cards are: not known without a game", n)
    card = value_of(args[0]) if args[0].const else None
    if card == C.NO_CARD:
        raise TypeProblem("holder(no_card) would find nobody: no_card is no card (an empty zone's top)", n)
    if card is not None and s.deck and card not in s.deck:
        raise TypeProblem(f"{C.NAMES[card]} is not in this ruleset's deck: holder() would find nobody", n)
    helper, env = bind(_holder_in(s.seat_zones))
    out = _join(INT, helper + "(e.st, {0})", args)
    return replace(out, env=out.env + env)


def _holder_in(zones: tuple):
    def holder(st, card):
        for z in zones:
            for seat, pile in enumerate(st.zones[z]):
                if card in pile:
                    return seat
        return -1

    return holder


def _plays(n, s, args):
    """`plays(seat)`: the cards the seat has played to tricks this hand, in the order played (seen by all)."""
    _arity(n, args, (INT,))
    if s.stateless:
        raise TypeProblem("plays() reads the tricks played: not known without a game", n)
    helper, env = bind(_plays_of)
    out = _join(CARDS, helper + "(e.st.phase, {0})", args)
    return replace(out, env=out.env + env)


def _plays_of(phase: dict, seat: int) -> list:
    return [c for c, s in zip(phase.get("gone", ()), phase.get("gone_by", ())) if s == seat]


def _power(n, s, args):
    """`power(card)`: the card's strength in the trick in play — higher beats lower — as the trick step ranks it
    (trump above the suit led above the rest; a card above every suit keeps its place); a card counts as led
    while nothing is. A number to compare with another card's, nothing more."""
    _arity(n, args, (CARD,))
    if not s.trick:
        raise TypeProblem("power() is a card's strength in the trick in play: use it in a trick play's special"
                          " entries (allowed, forced)", n)
    helper, env = bind(_power_now)
    out = _join(INT, helper + "(e.st, {0})", args)
    return replace(out, env=out.env + env)


def _power_now(st, card: int) -> int:
    return st.acting.power_now(st, card)


def _each_seat(n: Call, s: Scope) -> Typed:
    """`each_seat(x)`: x summed over the seats of the side being scored, each seat in focus in turn."""
    if s.seat_scope is None:
        raise TypeProblem("each_seat() adds up over the seats of a side: use it where a side is in focus (scoring,"
                          " values, stop_when, a per-side counter)", n)
    if len(n.args) != 1:
        raise TypeProblem(f"each_seat() takes 1 argument(s), got {len(n.args)}", n)
    inner = s.seat_scope()  # filters around keep their cards: the card under test, the cards they name
    own = {k: v for k, v in inner.names.items() if k not in s.side_owned}  # a side's tricks, read for each seat,
    inner = replace(inner, names={**own, **{k: s.names[k] for k in s.named}}, named=s.named,  # would add up twice
                    card=s.card or inner.card, filters=s.filters, place=s.place, each_seat=True, warn=s.warn)
    arg = _compile(n.args[0], inner)
    _expect(arg, INT, n.args[0], "each_seat()'s argument")
    fname, fenv = bind(arg.function())
    seats, senv = bind(s.seats_of)
    focus, eenv = bind(s.seat_env)
    each = call(fname, arg.free, f"{focus}(e, p)")
    return code(INT, f"sum([{each} for p in {seats}[e.side]])", fenv + senv + eenv, free=arg.free)


ACTED = "acted()"  # the scope's entry, where effects are judged: the effects listed before the one judged


def _acted(n: Call, s: Scope) -> Typed:
    """`acted("sur")`: did that effect of this capture act (its test held)? One listed before the effect judged,
    named in quotes: a house rule builds on the base's effect without restating its test."""
    earlier = s.names.get(ACTED)
    if earlier is None:
        raise TypeProblem("acted() tells whether an effect of this capture acted: it is read in an after_capture"
                          " effect's if, by or side", n)
    if len(n.args) != 1 or not isinstance(n.args[0], Lit) or n.args[0].kind != "str":
        raise TypeProblem('acted() takes the name of an effect listed before this one, in quotes: acted("sur")', n)
    name = n.args[0].value
    if name not in earlier.choices:
        listed = ", ".join(f'"{x}"' for x in earlier.choices) or "none"
        raise TypeProblem(f'acted("{name}"): no effect of that name is listed before this one (those before it:'
                          f" {listed}); effects act in the order listed", n.args[0])
    ref, env = bind(name)
    return code(BOOL, f"({ref} in e.acted)", env)


_ON_NODES = {"top": _top, "each_seat": _each_seat, "acted": _acted}  # functions that read their argument or scope

FUNCTIONS = {
    "holder": _holder,
    "count": _count,
    "sum": _sum,
    "empty": _empty,
    "has": _has,
    "groups": _groups,
    "max": _extreme("max"),
    "min": _extreme("min"),
    "abs": _abs,
    "opp": _opp,
    "next": _next,
    "prev": _prev,
    "side": _side,
    "power": _power,
    "plays": _plays,
}
FUNCTION_NAMES = frozenset(FUNCTIONS) | frozenset(_ON_NODES)  # every function of the language, by name

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
