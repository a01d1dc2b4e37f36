"""A deck may hold a card twice (`deck: add`, as Pinochle's does): the two copies make one move, so the legal
moves stay unique and a typed card is not taken for a choice between two."""

from __future__ import annotations

import random

from click.testing import CliRunner

import cli
from interpreter import cards as C
from interpreter import load
from tests.conftest import TRICK_ZONES

DOUBLED = """\
name: doubled
description: a deck of 9 to ace twice over
players: 4
partnerships: true
deck:
  remove: [2S, 3S, 4S, 5S, 6S, 7S, 8S, 2H, 3H, 4H, 5H, 6H, 7H, 8H,
           2D, 3D, 4D, 5D, 6D, 7D, 8D, 2C, 3C, 4C, 5C, 6C, 7C, 8C]
  add: [9S, 10S, JS, QS, KS, AS, 9H, 10H, JH, QH, KH, AH, 9D, 10D, JD, QD, KD, AD, 9C, 10C, JC, QC, KC, AC]
""" + TRICK_ZONES + """\
hand:
  - name: deal
    deal: [{to: hand, count: 12, at_a_time: 3}]
  - name: tricks
    play: {mode: trick, leader: next(dealer), follow: true, trump: H, order: [9, J, Q, K, 10, A], tricks: tricks}
scoring:
  - {name: t, points: tricks}
game: {target: 100}
"""


def test_two_copies_of_a_card_are_one_legal_move(tmp_path):
    path = tmp_path / "doubled.yaml"
    path.write_text(DOUBLED, encoding="utf-8")
    game = load(path)
    doubled_seen = 0
    for seed in range(5):
        st = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not st.over and len(st.hands) < 2:
            moves = st.legal_moves()
            assert len(moves) == len(set(moves)), moves
            hand = st.zones["hand"][st.to_act]
            doubled_seen += len(hand) > len(set(hand))
            st.apply_move(rng.choice(moves))
    assert doubled_seen  # the test met hands holding both copies of a card


def test_a_card_held_twice_is_played_by_its_name(tmp_path):
    path = tmp_path / "doubled.yaml"
    path.write_text(DOUBLED, encoding="utf-8")
    out = CliRunner().invoke(cli.main, ["play", str(path), "--seed", "1", "--bots", "random"], input="9S\n").output
    assert "you: play 9♠" in out and "only move" not in out, out


def test_both_copies_of_a_card_may_be_passed(tmp_path):
    """Passing left out every copy of a card once one was chosen, so a seat could not pass its two (a review)."""
    path = tmp_path / "doubled-pass.yaml"
    path.write_text(DOUBLED.replace("  - name: tricks\n", "  - name: passing\n    pass: {count: 3, to: next(seat)}\n"
                                    "  - name: tricks\n"), encoding="utf-8")
    game = load(path)
    for seed in range(20):
        st = game.new_state(seed=seed)
        hand = st.zones["hand"][st.to_act]
        twice = next((c for c in hand if hand.count(c) == 2), None)
        if twice is None:
            continue
        st.apply_move(twice)
        assert twice in st.legal_moves()  # the other copy
        st.apply_move(twice)
        assert twice not in st.legal_moves()
        return
    raise AssertionError("no seat to act held both copies of a card")


def test_a_forced_card_held_twice_is_forced_twice_as_a_playout_draws_it(tmp_path):
    """Search's playouts draw from the step's own list, where a card held twice counts twice (as following suit
    counts it): a forced card is no exception. And a `cards:` entry names each card once, though the deck holds
    it twice."""
    path = tmp_path / "doubled.yaml"
    path.write_text(DOUBLED.replace(
        "tricks: tricks}", "tricks: tricks,\n            special: [{name: nines, cards: rank == 9, forced: true}]}"),
        encoding="utf-8")
    game = load(path)
    step = game.steps[1]
    nines = [c for c, s in step.specials.items() if s.label == "nines"]
    assert len(nines) == len(set(nines)) == 4 and all(not s.entries for s in step.specials.values())
    st = game.new_state(seed=1)
    held = st.zones["hand"][st.to_act]
    nine_s, nine_d, ace_s = (C.card_id(x) for x in ("9S", "9D", "AS"))
    held[:] = [ace_s, nine_s, nine_d, nine_s]
    assert step.legal(st) == [nine_s, nine_d, nine_s]
    assert st.legal_moves() == [nine_s, nine_d]  # the moves a player is offered: one a card


def test_no_swap_of_a_card_for_its_other_copy(tmp_path):
    """A swap gives a card for the turned one: where the turned card is the other copy of a card held, giving
    that card would change nothing, so no such swap is offered (nor counted as a move by coverage)."""
    path = tmp_path / "doubled-swap.yaml"
    path.write_text("extends: briscola-swap\nname: doubled swap\n"
                    "deck: {remove: [8S, 9S, 10S, 8H, 9H, 10H, 8D, 9D, 10D, 8C, 9C, 10C],"
                    " add: [AS, 2S, 3S, 4S, 5S, 6S, 7S, JS, QS, KS, AH, 2H, 3H, 4H, 5H, 6H, 7H, JH, QH, KH,"
                    " AD, 2D, 3D, 4D, 5D, 6D, 7D, JD, QD, KD, AC, 2C, 3C, 4C, 5C, 6C, 7C, JC, QC, KC]}\n"
                    "hand:\n  - name: tricks\n    play:\n      swap: {card: 'suit == trump', with: turned}\n",
                    encoding="utf-8")
    game = load(path)
    st = game.new_state(seed=1)
    while "swap" not in " ".join(st.legal_actions()):
        st.apply(st.legal_actions()[0])
    turned, held = st.zones["turned"][-1], st.zones["hand"][st.to_act]
    other = next(c for c in range(40) if C.SUIT[c] == C.SUIT[turned] and c != turned)
    st.holding("hand", st.to_act, [turned, other, *held[2:]])  # the turned card's other copy, and another trump
    legal = st.legal_actions()
    assert f"swap {C.NAMES[turned]}" not in legal and f"swap {C.NAMES[other]}" in legal, legal
