"""What the known bounds of the game's numbers settle about a condition: (source, expected) tables, and a property
that what they call false is false in play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import cards as C
from interpreter.bounds import never_said
from interpreter.expressions import BOOL, CARDS, INT, Scope, Typed, compile_expr
from interpreter.language import parse

HAND = "where `hand_number` is 1 or more"


@pytest.mark.parametrize("text, said", [
    ("hand_number < 0", f"`hand_number < 0`, {HAND}"),
    ("hand_number == 0", f"`hand_number == 0`, {HAND}"),  # hands counted from 0
    ("0 >= hand_number", f"`0 >= hand_number`, {HAND}"),
    ("count(table) < 0", "`count(table) < 0`, where `count(table)` is 0 or more"),
    ("abs(score - 5) < 0", "`abs(score - 5) < 0`, where `abs(score - 5)` is 0 or more"),
    ("groups(table) < 0", "`groups(table) < 0`, where `groups(table)` is 0 or more"),
    ("trick_number < 0 or hand_number <= 0",
     "`trick_number < 0` and `hand_number <= 0`, where `trick_number` is 0 or more and `hand_number` is 1 or more"),
    ("hand_number < 1 and dealer == 0", f"`hand_number < 1`, {HAND}"),  # one side false: the `and` is
    ("not (hand_number >= 1)", f"`hand_number >= 1` always holds, {HAND}"),
    ("hand_number % 4 == 4", "`hand_number % 4 == 4`, where `hand_number % 4` is 0 to 3"),
    ("hand_number / 2 < 0", "`hand_number / 2 < 0`, where `hand_number / 2` is 0 or more"),
    ("-hand_number > 0", "`-hand_number > 0`, where `-hand_number` is at most -1"),
    ("players * hand_number < players", "`players * hand_number < players`, where `players * hand_number` is 4 or"
     " more"),
    ("(if dealer == 0 then 1 else 2) > 2", "`(if dealer == 0 then 1 else 2) > 2`, where `if dealer == 0 then 1 else"
     " 2` is 1 to 2"),
    # not settled: may hold, or reads a number with no known bound, or needs two comparisons taken together
    ("hand_number % 4 == 3", ""),
    ("hand_number < 2", ""),
    ("hand_number / 2 < 1", ""),
    ("score < 0", ""),
    ("option.target < 0", ""),
    ("hand_number - count(stock) > 0", ""),
    ("hand_number < 0 or dealer == 0", ""),
    ("hand_number > 3 and hand_number < 2", ""),  # false, but only the two together say so: not guessed
    ("hand_number >= 1", ""),  # always true: the step always runs, which is no fault
    ("false", ""),  # a constant is the compiler's to fold, and an error at a step
])
def test_what_the_bounds_settle(text, said):
    assert never_said(parse(text), 4) == said


def _numbers():
    """Random numbers over what has a known bound (hand_number, trick_number, a count), what has none (`n`, an
    option) and small numbers written out."""
    names = st.sampled_from(["hand_number", "trick_number", "count(table)", "players", "n", "option.k"])
    atoms = st.one_of(names, names, st.integers(-3, 4).map(str))
    return st.recursive(atoms, lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "%"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, inner).map(lambda t: f"(if n > 0 then {t[0]} else {t[1]})"),
        inner.map(lambda t: f"(-{t})"),
        inner.map(lambda t: f"abs({t})"),
    ), max_leaves=3)


def _conditions():
    """Random conditions, most of them comparing a number with a small one written out, where a bound tells."""
    other = st.one_of(st.integers(-3, 5).map(str), _numbers())
    compare = st.tuples(_numbers(), st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), other).map(
        lambda t: f"({t[0]} {t[1]} {t[2]})")
    return st.recursive(compare, lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        inner.map(lambda t: f"(not {t})"),
    ), max_leaves=3)


@settings(max_examples=1000, deadline=None)
@given(_conditions(), st.integers(1, 40), st.integers(0, 13), st.integers(0, 8), st.integers(-30, 30),
       st.integers(-30, 30))
def test_a_condition_the_bounds_call_false_is_false_in_play(text, hand, trick, cards, n, k):
    """Whatever the hand (1 and up), the trick (0 and up), the cards counted, `n` and the option."""
    if not never_said(parse(text), 4):
        return
    table = [C.card_id("2C")] * cards
    scope = Scope(names={"hand_number": Typed(INT, lambda e, c: hand), "trick_number": Typed(INT, lambda e, c: trick),
                         "table": Typed(CARDS, lambda e, c: table), "n": Typed(INT, lambda e, c: n),
                         "players": Typed(INT, lambda e, c: 4)},
                  options={"k": Typed(INT, lambda e, c: k)}, players=4)
    compiled = compile_expr(parse(text), scope)
    assert compiled.type == BOOL
    assert compiled.fn(None, None) is False, text
