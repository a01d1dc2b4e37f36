"""Parse stage: expression text -> small AST nodes with positions, built as Lark's LALR parser reduces
(text that fails, or nests too deeply, goes through Lark's tree with positions, for the error's place)."""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer, Tree, v_args
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from .cards import SUIT_SYMBOLS
from .data import data_file, user_folder

MAX_LENGTH = 5000  # characters in one expression
MAX_DEPTH = 100  # nested operations (or brackets) in one expression; keeps every later recursion shallow


@dataclass(frozen=True)
class Node:
    line: int
    col: int


@dataclass(frozen=True)
class Lit(Node):
    kind: str  # int, card, str, bool
    value: object


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class Attr(Node):
    obj: Node
    name: str


@dataclass(frozen=True)
class Where(Node):
    cards: Node
    test: Node
    name: Name | None = None  # `cards[x -> test]`: the card under test is x; card, rank, suit keep their meaning


@dataclass(frozen=True)
class Call(Node):
    func: str
    args: tuple


@dataclass(frozen=True)
class Unary(Node):
    op: str  # not, -
    arg: Node


@dataclass(frozen=True)
class Binary(Node):
    op: str  # + - * / % == != < <= > >= and or
    left: Node
    right: Node


@dataclass(frozen=True)
class Member(Node):
    item: Node
    options: tuple


@dataclass(frozen=True)
class Cond(Node):
    test: Node
    then: Node
    other: Node


def children(n: Node) -> list[Node]:
    """The nodes right below `n`: its fields that are nodes, then the nodes among its tuples (a call's arguments)."""
    fields = vars(n).values()
    return [v for v in fields if isinstance(v, Node)] + [
        x for v in fields if isinstance(v, tuple) for x in v if isinstance(x, Node)]


class SyntaxProblem(Exception):
    """An expression that does not parse, at (line, col) inside its text."""

    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


def _at(meta_or_token) -> dict:
    return {"line": meta_or_token.line, "col": meta_or_token.column}


@v_args(meta=True)
class _ToAst(Transformer):
    def int(self, meta, c):
        if len(c[0]) > 9:
            raise SyntaxProblem("number too large (at most 9 digits)", c[0].line, c[0].column)
        return Lit(**_at(c[0]), kind="int", value=int(c[0]))

    def card(self, meta, c):
        return Lit(**_at(c[0]), kind="card", value=str(c[0]))

    def string(self, meta, c):
        return Lit(**_at(c[0]), kind="str", value=str(c[0])[1:-1])

    def true(self, meta, c):
        return Lit(**_at(meta), kind="bool", value=True)

    def false(self, meta, c):
        return Lit(**_at(meta), kind="bool", value=False)

    def name(self, meta, c):
        return Name(**_at(c[0]), name=str(c[0]))

    def attr(self, meta, c):
        return Attr(**_at(c[1]), obj=c[0], name=str(c[1]))

    def where(self, meta, c):
        return Where(**_at(meta), cards=c[0], test=c[1])

    def where_named(self, meta, c):
        return Where(**_at(meta), cards=c[0], test=c[2], name=Name(**_at(c[1]), name=str(c[1])))

    def call(self, meta, c):
        args = tuple(c[1].children) if c[1] is not None else ()
        return Call(**_at(c[0]), func=str(c[0]), args=args)

    def neg(self, meta, c):
        return Unary(**_at(meta), op="-", arg=c[0])

    def not_(self, meta, c):
        return Unary(**_at(meta), op="not", arg=c[0])

    def binary(self, meta, c):
        return Binary(**_at(c[1]), op=str(c[1]), left=c[0], right=c[2])

    compare = binary

    def and_(self, meta, c):
        return Binary(**_at(meta), op="and", left=c[0], right=c[1])

    def or_(self, meta, c):
        return Binary(**_at(meta), op="or", left=c[0], right=c[1])

    def member(self, meta, c):
        return Member(**_at(meta), item=c[0], options=tuple(c[1].children))

    def cond(self, meta, c):
        return Cond(**_at(meta), test=c[0], then=c[1], other=c[2])


def _grammar() -> str:
    return data_file("grammar", "expr.lark").read_text(encoding="utf-8")


class _Built(Transformer):
    """`_ToAst` for the parser that keeps every token and calls these as it reduces, without a tree: each
    gives (node, line, column where its text starts, its height as a tree of `_parser`'s), so that nodes
    placed where their text starts (`and`, a filter) get the place `_ToAst` gives them from the tree, and
    trees too deep are left to `_parse_tree` to refuse in their place."""

    def int(self, c):
        t = c[0]
        if len(t) > 9:
            raise SyntaxProblem("number too large (at most 9 digits)", t.line, t.column)
        return Lit(t.line, t.column, "int", int(t)), t.line, t.column, 1

    def card(self, c):
        t = c[0]
        return Lit(t.line, t.column, "card", str(t)), t.line, t.column, 1

    def string(self, c):
        t = c[0]
        return Lit(t.line, t.column, "str", str(t)[1:-1]), t.line, t.column, 1

    def true(self, c):
        t = c[0]
        return Lit(t.line, t.column, "bool", True), t.line, t.column, 1

    def false(self, c):
        t = c[0]
        return Lit(t.line, t.column, "bool", False), t.line, t.column, 1

    def name(self, c):
        t = c[0]
        return Name(t.line, t.column, str(t)), t.line, t.column, 1

    def attr(self, c):
        obj, _, t = c
        return Attr(t.line, t.column, obj[0], str(t)), obj[1], obj[2], obj[3] + 1

    def where(self, c):
        cards, _, test, _ = c
        return Where(cards[1], cards[2], cards[0], test[0]), cards[1], cards[2], max(cards[3], test[3]) + 1

    def where_named(self, c):
        cards, _, t, _, test, _ = c
        node = Where(cards[1], cards[2], cards[0], test[0], Name(t.line, t.column, str(t)))
        return node, cards[1], cards[2], max(cards[3], test[3]) + 1

    def call(self, c):
        t, args = c[0], c[2]
        if args is None:
            return Call(t.line, t.column, str(t), ()), t.line, t.column, 1
        return Call(t.line, t.column, str(t), args[0]), t.line, t.column, args[3] + 1

    def args(self, c):
        items = c[::2]  # an expression, a comma, an expression ...
        return tuple(x[0] for x in items), items[0][1], items[0][2], max(x[3] for x in items) + 1

    def neg(self, c):
        t, arg = c
        return Unary(t.line, t.column, "-", arg[0]), t.line, t.column, arg[3] + 1

    def not_(self, c):
        t, arg = c
        return Unary(t.line, t.column, "not", arg[0]), t.line, t.column, arg[3] + 1

    def binary(self, c):
        a, t, b = c
        return Binary(t.line, t.column, str(t), a[0], b[0]), a[1], a[2], max(a[3], b[3]) + 1

    compare = binary

    def and_(self, c):
        a, _, b = c
        return Binary(a[1], a[2], "and", a[0], b[0]), a[1], a[2], max(a[3], b[3]) + 1

    def or_(self, c):
        a, _, b = c
        return Binary(a[1], a[2], "or", a[0], b[0]), a[1], a[2], max(a[3], b[3]) + 1

    def member(self, c):
        item, options = c[0], c[3]
        return Member(item[1], item[2], item[0], options[0]), item[1], item[2], max(item[3], options[3]) + 1

    def cond(self, c):
        t, test, then, other = c[0], c[1], c[3], c[5]
        return Cond(t.line, t.column, test[0], then[0], other[0]), t.line, t.column, \
            max(test[3], then[3], other[3]) + 1

    def atom(self, c):  # ( expr ): its text starts at the bracket; `_parser`'s tree has no node for it
        t, inner, _ = c
        return inner[0], t.line, t.column, inner[3]


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The parser of trees with positions, walked by `_ToAst`: for the places of errors."""
    return _lark("tree", propagate_positions=True)


@lru_cache(maxsize=1)
def _building_parser() -> Lark:
    """The parser that builds the AST as it reduces (`_Built`): half the time of a tree then a walk."""
    return _lark("built", keep_all_tokens=True, transformer=_Built())


def _lark(kind: str, **options) -> Lark:
    """An LALR parser of the grammar, its tables kept between runs in the user's cache folder by Lark's
    `cache` (working them out is most of a command's start after its imports). The file's name holds a digest
    of the grammar and of Lark's and Python's versions; Lark checks its own digest on reading, and works out
    again, and writes anew, a file that is stale or damaged."""
    grammar = _grammar()
    folder = cache_folder()
    if folder is None:
        return Lark(grammar, parser="lalr", **options)
    key = hashlib.sha256(f"{kind}\0{grammar}\0{lark_version}\0{sys.version_info[:2]}".encode()).hexdigest()
    path = folder / f"expr-{kind}-{key[:20]}.lark"
    if not path.exists():
        _clear_stale(folder, kind)
    return Lark(grammar, parser="lalr", cache=str(path), **options)


STALE_DAYS = 30  # a table file written this long ago is the grammar's, Lark's or Python's of before


def _clear_stale(folder: Path, kind: str) -> None:
    """Delete this parser's table files last written over STALE_DAYS ago, as the file of this grammar, Lark and
    Python is about to be written: those of older versions would stay for ever. A file another version still in
    use reads is written again when that version next starts (once a month at most)."""
    too_old = time.time() - STALE_DAYS * 86400
    try:
        for old in folder.glob(f"expr-{kind}-*.lark"):
            if old.stat().st_mtime < too_old:
                old.unlink()
    except OSError:
        pass  # gone already, or not ours to delete or list: it does no harm


def cache_folder() -> Path | None:
    """cardrules' folder in the user's cache ($XDG_CACHE_HOME, else ~/.cache), made if need be; None if it
    cannot be."""
    base = user_folder("XDG_CACHE_HOME", ".cache")
    if base is None or base == Path(os.sep, ".cache"):
        return None  # no home found, or a home of "/"
    folder = base / "cardrules"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder


@lru_cache(maxsize=4096)
def parse(text: str) -> Node:
    """Parse expression text into an AST, or raise SyntaxProblem."""
    if not text.strip():
        raise SyntaxProblem("empty expression", 1, 1)
    _check_size(text)
    try:
        node, _, _, height = _building_parser().parse(text)
    except (UnexpectedInput, SyntaxProblem, VisitError, TypeError, ValueError):
        pass  # said by the tree's parse below, with its place
    else:
        if height <= MAX_DEPTH and isinstance(node, Node):
            return node
    return _parse_tree(text)


def _parse_tree(text: str) -> Node:
    """`parse` by a tree with positions and a walk over it: the same AST, and each error in its place."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        line, col = (e.line, e.column) if e.line > 0 else (1, 1)
        if isinstance(e, UnexpectedEOF) or getattr(getattr(e, "token", None), "type", "") == "$END":
            lines = text.rstrip().split("\n")
            line, col = len(lines), len(lines[-1]) + 1  # just after the end
        _not_a_card(text)
        _not_whole(text)
        _card_otherwise(text, e)
        _not_a_name_before_arrow(text, e)
        raise SyntaxProblem(_describe(e, text), line, col) from None
    _check_depth(tree)
    try:
        tree = _ToAst().transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, SyntaxProblem):
            raise e.orig_exc from None
        raise
    if isinstance(tree, Node):
        return tree
    raise SyntaxProblem("not an expression", 1, 1)


def _check_size(text: str) -> None:
    """Refuse very long text and deeply nested brackets before parsing, at the character that crosses the limit."""
    if len(text) > MAX_LENGTH:
        raise SyntaxProblem(f"expression too long: more than {MAX_LENGTH} characters", *_line_col(text, MAX_LENGTH))
    depth = 0
    for i, ch in enumerate(text):
        depth += ch in "(["
        depth -= ch in ")]"
        if depth > MAX_DEPTH:
            raise SyntaxProblem(_TOO_DEEP, *_line_col(text, i))


_TOO_DEEP = f"expression nested too deeply: more than {MAX_DEPTH} levels (a chain of + or * counts one per term)"


_CARD_LIKE = re.compile(r"(?<![\w.])(\d+)([SHDCshdc])(?!\w)")  # a number and a suit letter
CARD_HELP = "(ranks A 2-10 J Q K, suits S H D C, e.g. 10D; jokers BJ RJ)"


def _not_a_card(text: str) -> None:
    """Text that does not parse and holds a number with a suit that is no card (`11H`): say that instead."""
    for m in _CARD_LIKE.finditer(text):
        if not 2 <= int(m.group(1)) <= 10:
            raise SyntaxProblem(f"'{m.group(0)}' is not a card {CARD_HELP}", *_line_col(text, m.start()))


_QUOTED = re.compile(r'"[^"]*"|\'[^\']*\'')  # a word in quotes
_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")  # 1.5


def _not_whole(text: str) -> None:
    """Text that does not parse and holds a number with a fraction (`1.5`): numbers are whole, and say so."""
    m = _DECIMAL.search(_QUOTED.sub(lambda q: " " * len(q.group(0)), text))  # not one inside a word: "1.5"
    if m:
        raise SyntaxProblem(f"'{m.group(0)}': numbers in rules are whole numbers (points and counts); score in"
                            " smaller units (3 for 1.5 with every other value doubled), or divide with / (which"
                            " rounds down)", *_line_col(text, m.start()))


CARD_FORM = "rank A 2-10 J Q K, then suit S H D C, in upper case; jokers BJ RJ"  # how an expression writes a card
_CARD_OTHERWISE = re.compile(r"(10|[2-9AJQKT])([SHDC])|([SHDC])(10|[2-9AJQKT])")  # upper case, T for 10 too
_NO_SUIT = re.compile(r"(10|[2-9])([A-Za-z])")  # a rank, then a letter
_WORD = re.compile(rf"[\w{''.join(SUIT_SYMBOLS)}]+")


def card_meant(word: str) -> str | None:
    """What is wrong with a word that looks like a card written otherwise than an expression writes cards (`TS`,
    `10s`, `A♠`, `SA`, `10X`), and the card meant; None for a word that looks like no card."""
    letters = "".join(SUIT_SYMBOLS.get(ch, ch) for ch in word)
    if word.upper() in ("BJ", "RJ") and word != word.upper():
        return f"'{word}' is no name: a joker is written in upper case: {word.upper()}"
    m = _CARD_OTHERWISE.fullmatch(letters.upper())
    if m is None:
        return _no_suit(word)
    rank, suit = (m[1], m[2]) if m[1] else (m[4], m[3])
    card = ("10" if rank == "T" else rank) + suit
    what = "is no name" if letters == word and word[0].isalpha() else "is no card"
    if letters != word:
        return f"'{word}' {what}: write the suit as a letter{', after the rank' * bool(m[3])}: {card}"
    if rank == "T":
        return f"'{word}' {what}: a card is written {card} in an expression ({CARD_FORM})"
    if m[3]:
        return f"'{word}' {what}: a card is written rank first: {card}"
    if letters != letters.upper():
        return f"'{word}' {what}: a card is written in upper case: {card}"
    return None


def _no_suit(word: str) -> str | None:
    """`10X`: a rank, then a letter that is no suit (`2x`, perhaps meant as 2 * x)."""
    m = _NO_SUIT.fullmatch(word)
    if m is None or m[2].upper() in "SHDC":
        return None
    rank, letter = m[1], m[2]
    times = f"; to multiply, write {rank} * {letter}" if letter.islower() else ""
    return (f"'{letter}' is no suit: a card is written {rank}S, {rank}H, {rank}D or {rank}C in an expression"
            f" ({CARD_FORM}){times}")


def _card_otherwise(text: str, e: UnexpectedInput) -> None:
    """Text that does not parse where a word looks like a card written otherwise (`10s`, `A♠`, `10X`): say how
    cards are written, at the word."""
    at = getattr(e, "pos_in_stream", None)
    if at is None:
        return
    word = next((m for m in _WORD.finditer(text) if m.start() <= at < m.end()), None)
    said = card_meant(word.group()) if word else None
    if said:
        raise SyntaxProblem(said, *_line_col(text, word.start()))


def _not_a_name_before_arrow(text: str, e: UnexpectedInput) -> None:
    """`hand[(x) -> ...]` reads as a minus and a '>': say what '->' wants instead."""
    tok = getattr(e, "token", None)
    at = getattr(tok, "start_pos", None)
    if str(tok) == ">" and at and text[at - 1] == "-":
        raise SyntaxProblem("'->' names the card of a filter and follows a name alone: cards[x -> test]",
                            *_line_col(text, at - 1))


def _line_col(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _check_depth(tree: Tree) -> None:
    """Refuse a parse tree deeper than MAX_DEPTH (walked without recursion), at the node that crosses it."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise SyntaxProblem(_TOO_DEEP, *_place(node))
        stack.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))


def _place(node: Tree) -> tuple[int, int]:
    """Where a node is written: its operator for a binary operation, else where it starts."""
    ops = [c for c in node.children if isinstance(c, Token) and c.type in ("ADD", "MUL", "COMPARE")]
    at = ops[0] if ops else node.meta
    return at.line, at.column


def _describe(e: UnexpectedInput, text: str = "") -> str:
    if isinstance(e, UnexpectedCharacters):
        hint = _CHARACTER_HINTS.get(e.char, "")
        turned = text[e.pos_in_stream:e.pos_in_stream + 2] if isinstance(e.pos_in_stream, int) else ""
        if turned in _TURNED:  # `=>`, `=<`: the comparison written back to front
            hint = f" (to compare, write '{_TURNED[turned]}')"
        if not hint and e.char.isalpha():  # a letter outside a-z: a Persian name, say
            hint = (" (names in expressions are written in the letters a-z, digits and _: give it such a name, and"
                    " its Persian one with fa:)")
        return f"unexpected character '{e.char}'{hint}"
    expected = set(getattr(e, "expected", ()) or ())
    if isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END"):
        return "expression ends too soon" + _wanted(expected)
    if isinstance(e, UnexpectedToken):
        tok: Token = e.token
        before = text[:tok.start_pos] if isinstance(tok.start_pos, int) else ""
        return f"unexpected '{tok}'" + (_misspelt(tok, expected) or _exponent(before, tok) or _wanted(expected) or
                                        _awaited(before, expected))
    return "syntax error"


_KEYWORDS = {"THEN": "then", "ELSE": "else", "AND": "and", "OR": "or", "IN": "in"}


def _misspelt(tok: Token, expected: set) -> str:
    """A word where a keyword may stand, spelt near it (`if x thn y`): the keyword meant."""
    if tok.type != "NAME":
        return ""
    words = [_KEYWORDS[t] for t in sorted(expected) if t in _KEYWORDS]
    close = difflib.get_close_matches(str(tok), words, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _exponent(before: str, tok: Token) -> str:
    """`1e3`: a number in a power of ten, which the language does not read: the number in digits."""
    digits = re.search(r"(?<![\w.])(\d+)$", before)
    power = re.fullmatch(r"[eE](\d{1,2})", str(tok))
    if not (digits and power):
        return ""
    return f" (numbers are written in whole digits: {int(digits.group(1)) * 10 ** int(power.group(1))})"


_CLOSERS = {"RPAR": ")", "RSQB": "]", "THEN": "then", "ELSE": "else"}
_TURNED = {"=>": ">=", "=<": "<="}
_CHARACTER_HINTS = {"=": " (to compare, write '==')", "&": " (write 'and')", "|": " (write 'or')",
                    "!": " (write 'not', or '!=' to compare)",
                    # a word processor's or a phone's signs for the ASCII ones the language reads
                    **dict.fromkeys("“”„«»‘’‚", " (text is written in straight quotes: \"...\" or '...')"),
                    "≥": " (write '>=')", "≤": " (write '<=')", "≠": " (write '!=')", "×": " (write '*')",
                    "÷": " (write '/')", "−": " (write '-', the ASCII minus)", "–": " (write '-', the ASCII minus)"}


_IF_WORDS = re.compile(r"(?<![\w.])(if|then|else)(?!\w)|[()\[\]]")


def _awaited(before: str, expected: set) -> str:
    """Where several closers fit (`if x > 3 1`: then, else, a bracket), the one the text before the token still
    waits for: the innermost `if` without its `then`, or its `else`, at the same depth of brackets."""
    waiting = [[]]  # per depth of brackets: the `if`s open, each 'then' or 'else' as the word it waits for
    for m in _IF_WORDS.finditer(before):
        word = m.group(0)
        if word in "([":
            waiting.append([])
        elif word in ")]":
            waiting.pop() if len(waiting) > 1 else None
        elif word == "if":
            waiting[-1].append("then")
        elif waiting[-1]:
            if word == "then" and waiting[-1][-1] == "then":
                waiting[-1][-1] = "else"
            elif word == "else" and waiting[-1][-1] == "else":
                waiting[-1].pop()
    want = waiting[-1][-1] if waiting[-1] else ""
    return f": expected '{want}'" if want and want.upper() in expected else ""


def _wanted(expected: set) -> str:
    """Name what would close the expression, when one closer is all that fits."""
    closers = [_CLOSERS[t] for t in sorted(expected) if t in _CLOSERS]
    return f": expected '{closers[0]}'" if len(closers) == 1 else ""
