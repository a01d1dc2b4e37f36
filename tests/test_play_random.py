"""Search's playouts (`Step.play_random`): a step's own loop makes the moves, and leaves the state, that
choosing from `legal_moves()` and `apply_move` one move at a time would — from decisions (150 a ruleset,
spread over a few seeds' games) of every bundled ruleset, and in trick play whose suits a rule gives
(Euchre's bowers) or that draws after each trick (Briscola)."""

from __future__ import annotations

import random

import pytest

from interpreter import bundled, load
from interpreter.state import TrickState
from interpreter.steps.trick_hand import HandTricks
from tests.test_suit_by_rule import EUCHRE
from tests.test_trick_draw import briscola


def _snapshot(st, voids: bool = True) -> tuple:
    """What a playout must leave as the plain loop would; without `voids`, all but the suits seats showed they lack,
    which only a seat's observation reads (nobody observes a playout: the common shape's loop leaves them out)."""
    trick = {k: getattr(st.trick_state, k) for k in TrickState.__slots__ if voids or k != "voids"}
    return (st.log, st.zones, st.counters, st.vars, st.phase, trick, st.scores, st.to_act, st.step, st.over,
            len(st.hands), [h["points"] for h in st.hands])


def _one_by_one(st, r) -> None:
    """The moves through the state's own protocol, one at a time: of the legal moves, those the step's playouts
    pick among (`playout_moves`: a shedding play lays a card when one may go)."""
    step, hands, redeals = st.acting, len(st.hands), st.redeals
    while st.to_act >= 0 and st.acting is step and len(st.hands) == hands and st.redeals == redeals:
        chosen = step.playout_moves(st)
        moves = [m for m in st.legal_moves() if m in chosen]
        st.apply_move(moves[int(r() * len(moves))])


def _compare(game, seeds=range(6), sitting: list | None = None) -> int:
    """Play each seed's game at random; at every decision, the step's fast loop on one copy and the plain
    loop on another, from the same random numbers, must agree (150 in all, as many from each seed's game).
    Returns how many loops were compared; notes in `sitting` whether a seat sat out each one's trick play."""
    compared = 0
    for k, seed in enumerate(seeds, 1):
        st = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not st.over and len(st.hands) < 3 and compared < 150 * k // len(seeds):
            fast, slow = st.copy(), st.copy()
            voids = type(st.acting) is not HandTricks  # the general step's playouts still note them
            fast.acting.play_random(fast, random.Random(compared).random)
            _one_by_one(slow, random.Random(compared).random)
            assert _snapshot(fast, voids) == _snapshot(slow, voids), (game.name, seed, len(st.log))
            if sitting is not None:
                sitting.append(st.trick_state.sits_out >= 0)
            compared += 1
            st.apply_move(rng.choice(st.legal_moves()))
    return compared


@pytest.mark.parametrize("path", bundled(), ids=lambda p: p.stem)
def test_fast_playouts_play_as_one_move_at_a_time(path):
    assert _compare(load(path), range(3)) > 20


def test_fast_playouts_with_suits_by_rule(tmp_path):
    path = tmp_path / "euchre.yaml"
    path.write_text(EUCHRE)
    assert _compare(load(path)) > 20


EUCHRE_PLAIN_JACKS = """\
extends: euchre
name: euchre without bowers
hand:
  - name: tricks
    play: {suit_of: null, power_of: null, order: [9, 10, J, Q, K, A]}
"""


def test_fast_playouts_pass_a_seat_that_sits_out(tmp_path):
    """The common shape's loop (every play from the hand, seat after seat) keeps the turn as it goes: a lone
    maker's partner, who holds no card, is passed by as the plain loop passes him."""
    path = tmp_path / "euchre.yaml"
    path.write_text(EUCHRE_PLAIN_JACKS)
    game = load(path)
    assert type(game.steps[-1]) is HandTricks
    alone = []
    assert _compare(game, range(12), alone) > 20
    assert sum(alone) >= 10, "too few playouts with a seat sitting out: the test does not reach them"


@pytest.mark.parametrize("follow", [False, True])
def test_fast_playouts_with_draws_after_tricks(tmp_path, follow):
    assert _compare(briscola(tmp_path, follow=follow)) > 20


def test_a_different_random_number_changes_the_playout():
    """The comparison can tell two playouts apart: other random numbers, another game."""
    st = load("hokm").new_state(seed=1)
    a, b = st.copy(), st.copy()
    a.acting.play_random(a, random.Random(1).random)
    _one_by_one(b, random.Random(2).random)
    assert _snapshot(a) != _snapshot(b)


def test_a_playout_stops_when_the_hand_is_thrown_in(tmp_path):
    """A redeal sends the hand back to a step that asks the same seat again: the deal being played out is
    gone, so the loop stops there, as search's playout does (its result counts nothing for that deal)."""
    path = tmp_path / "throw-in-always.yaml"
    path.write_text("extends: hokm.yaml\nname: throw-in-always\noptions:\n  throw_in: true\n"
                    "hand:\n  - name: throw in\n    when: true\n", encoding="utf-8")
    st = load(path).new_state(seed=1)
    assert st.legal_actions() == ["keep", "redeal"]
    for k in range(20):
        det = st.copy()
        det.acting.play_random(det, random.Random(k).random)
        assert len(det.log) == 1 and det.redeals == (1 if det.actions[0][1] == "redeal" else 0)
