"""What docs/language.md says of the steps' plainer workings, proved: what `trick_number` counts, the order of a
`set` step's entries, `follow`'s default and a choice's `verb` (an author's audit: the docs were silent)."""

from __future__ import annotations

import random

import pytest

from interpreter import cards as C
from interpreter import load

TRICKS = """\
name: counted
description: one trick, then the rest, trick_number noted around them
players: 2
deck: {}
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  trick: {visible: all}
  won: {owner: seat, visible: all}
counters: {tricks: {owner: seat}}
vars:
  before: {type: int, visible: all}
  after_one: {type: int, visible: all}
  after_all: {type: int, visible: all}
values: {now: trick_number}
hand:
  - {name: deal, deal: [{to: hand, count: 26}]}
  - {name: before, set: {before: trick_number}}
  - {name: first trick, play: {mode: trick, leader: next(dealer), tricks: tricks, stop_when: trick_number >= 1}}
  - {name: after one, set: {after_one: trick_number}}
  - {name: the rest, play: {mode: trick, leader: last_trick_winner, tricks: tricks}}
  - {name: after all, set: {after_all: trick_number}}
scoring: [{name: tricks, points: tricks}]
game: {hands: 2}
"""


def _played_out(path, seed: int = 1):
    st = load(path).new_state(seed=seed)
    rng = random.Random(seed)
    while not st.over:
        st.apply_move(rng.choice(st.legal_moves()))
    return st


def test_trick_number_is_1_during_and_after_the_first_trick_and_counts_on_across_the_hands_plays(tmp_path):
    """0 before the first trick begins, 1 from its start (its lead awaited); `stop_when: trick_number >= 1` stops
    after one trick (1 after it); the next play's first trick is the second, and it counts on to 26; the second
    hand starts again at 0 (`before` is noted in it last)."""
    path = tmp_path / "counted.yaml"
    path.write_text(TRICKS, encoding="utf-8")
    st = load(path).new_state(seed=1)
    assert st.game.steps[st.step].name == "first trick" and st.vars["before"] == 0
    for _ in range(2):  # the first trick, both cards
        assert st.view(0)["values"]["now"] == [1, 1]
        st.apply_move(st.legal_moves()[0])
    assert st.game.steps[st.step].name == "the rest" and st.vars["after_one"] == 1
    assert st.view(0)["values"]["now"] == [2, 2]
    assert [len(held) for held in st.zones["hand"]] == [25, 25]
    assert _played_out(path).vars == {"before": 0, "after_one": 1, "after_all": 26}


@pytest.mark.parametrize("entries, a, b", [("{a: 5, b: a + 1}", 5, 6),  # b reads a's new value
                                           ("{b: a + 1, a: 5}", 5, 1)])  # b reads a as it was
def test_a_set_steps_entries_are_worked_out_one_after_another(tmp_path, entries, a, b):
    path = tmp_path / "set.yaml"
    path.write_text("name: set\nplayers: 2\ndeck: {}\nzones: {hand: {owner: seat, visible: owner}, stock: {}}\n"
                    "vars: {a: {type: int}, b: {type: int}}\n"
                    f"hand:\n  - {{name: s, set: {entries}}}\n"
                    "scoring: [{name: r, points: 'if side == 0 then a else b'}]\ngame: {hands: 1}\n", encoding="utf-8")
    st = load(path).new_state(seed=1)
    assert st.over and st.vars == {"a": a, "b": b}


def test_follow_defaults_to_true(tmp_path):
    """A trick play that does not say `follow` makes a player who holds the suit led follow it."""
    path = tmp_path / "counted.yaml"
    path.write_text(TRICKS, encoding="utf-8")
    st, rng, could = load(path).new_state(seed=3), random.Random(3), 0
    while not st.over:
        trick, hand = st.zones["trick"], st.zones["hand"][st.to_act]
        led = [c for c in hand if trick and C.SUIT[c] == C.SUIT[trick[0]]]
        if led:
            could += 1
            assert sorted(st.legal_moves()) == sorted(led)
        st.apply_move(rng.choice(st.legal_moves()))
    assert could > 10


@pytest.mark.parametrize("verb, actions", [("", ["trump S", "trump H", "trump D", "trump C"]),
                                           ("\n    choose: {verb: null}", ["S", "H", "D", "C"])])
def test_a_choices_verb_is_the_word_each_move_says_before_its_option(tmp_path, verb, actions):
    """Hokm's `choose: {verb: trump, options: suits}` makes the moves `trump S` …; without a verb, `S` …"""
    path = tmp_path / "verbs.yaml"
    path.write_text(f"extends: hokm\nname: verbs\nhand:\n  - name: trump{verb}\n", encoding="utf-8")
    st = load(path).new_state(seed=1)
    while st.game.steps[st.step].name != "trump":
        st.apply_move(st.legal_moves()[0])
    assert sorted(st.legal_actions()) == sorted(actions)
