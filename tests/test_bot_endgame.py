"""The greedy bot where it knows every card, and where it lays a card down taking nothing (a Pasur, Scopa and Basra
player's audit: greedy lost about 3 points a Pasur hand, 12 a Basra hand, in last deals it could see whole, and laid
a jack on an empty table as often as a random player did)."""

from __future__ import annotations

import random

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.bots import GreedyBot, least_reach, solved
from interpreter.observe import Seat
from interpreter.search import points_margin
from tests.test_cli import out, run
from tests.test_pasur_rules import last_deal


def _exact_end(st, hand: int) -> list:
    """Each side's points once hand `hand` ends, every seat playing as best for its own side: every line tried."""
    if len(st.hands) > hand:
        return st.hands[hand]["points"]
    side, best = st.side_to_act, None
    for move in st.legal_moves():
        after = st.copy(history=False)
        after.apply_move(move)
        points = _exact_end(after, hand)
        if best is None or points_margin(points, side, False) > points_margin(best, side, False):
            best = points
    return best


def _best_moves(st) -> set:
    """The moves of the seat to act that end the hand best for its side, every line tried."""
    side, hand = st.side_to_act, len(st.hands)
    margins = {}
    for move in st.legal_moves():
        after = st.copy(history=False)
        after.apply_move(move)
        margins[move] = points_margin(_exact_end(after, hand), side, False)
    top = max(margins.values())
    return {m for m, v in margins.items() if v == top}


def _last_deals(name: str, seeds: range):
    """States of random games of `name` at decisions of their first hand's last deal, where the seat to act knows
    every card: (seed, state)."""
    g = load(name)
    for seed in seeds:
        st, rng = g.new_state(seed=seed), random.Random(seed)
        while not st.hands:
            if len(st.legal_moves()) > 1 and Seat(st).knows_all():
                yield seed, st.copy()
            st.apply_move(rng.choice(st.legal_moves()))


@pytest.mark.parametrize("name", ["pasur", "basra", "scopa"])
def test_greedy_plays_a_last_deal_it_sees_whole_as_every_line_tried_says(name):
    """In a fishing game for two, the stock gone, the other's hand is the cards left unseen: greedy's move is one
    that every line played out finds best (it judged one reply ahead: the table the last capturer takes, and the
    majorities, went to the other side)."""
    checked = 0
    for seed, st in _last_deals(name, range(6)):
        bot = GreedyBot(random.Random(seed))
        assert bot.choose(st.copy()) in _best_moves(st), (name, seed, len(st.log))
        checked += 1
    assert checked >= 20


def test_solved_keeps_every_best_move_and_leaves_the_state_alone():
    """`solved` returns the moves every line finds best, not one of them, and plays its lines on copies."""
    for _, st in _last_deals("pasur", range(3)):
        before = (st.copy().zones, list(st.log))
        assert set(solved(st, st.legal_moves())) == _best_moves(st)
        assert (st.zones, st.log) == before


def test_a_seat_knows_every_card_only_in_the_last_deal_of_a_game_for_two():
    """Before the last deal the stock hides cards; in Pasur for four the unseen cards are shared among the other
    hands, so a seat knows where each lies only once one other seat alone holds cards."""
    g = load("pasur")
    st, rng, known = g.new_state(seed=4), random.Random(4), []
    while not st.hands:
        known.append((len(st.zones["stock"]), Seat(st).knows_all()))
        st.apply_move(rng.choice(st.legal_moves()))
    assert {k for stock, k in known if stock} == {False} and {k for stock, k in known if not stock} == {True}
    four = load("pasur-4p")
    st, rng = four.new_state(seed=4), random.Random(4)
    while not st.hands:
        others = sum(1 for seat, held in enumerate(st.zones["hand"]) if held and seat != st.to_act)
        assert Seat(st).knows_all() == (not st.zones["stock"] and others <= 1), (len(st.log), others)
        st.apply_move(rng.choice(st.legal_moves()))


def test_of_cards_laid_alike_greedy_keeps_the_one_that_takes_most_later():
    """Laying a card down on an empty table, a jack (which takes any card but a king or a queen) is kept and a
    five (which takes a six alone) laid: least_reach keeps the lay of the card that would take fewest of the cards
    unseen."""
    g = load("pasur")
    st = last_deal(g, ["JS 5D", "KH QH"], table="")
    st.zones["stock"][:] = [st.zones["won"][0].pop() for _ in range(8)]  # cards unseen again: not the last deal
    lays = [m for m in st.legal_moves() if not m[1]]
    unseen = Seat(st).unseen_cards()
    assert [C.NAMES[m[0]] for m in least_reach(st, st.acting, lays, unseen)] == ["5D"]


def test_a_hand_whose_lines_shuffle_or_run_long_is_not_played_out(tmp_path):
    """Crazy Eights for two with restocking: the stock gone, every card's place is known, but a line that draws
    restocks the stock by a shuffle (its cards not known), and draws until a card may be laid make lines longer
    than Python's stack: greedy's game ended in a RecursionError (a review). Such a hand's end is judged as
    before."""
    path = tmp_path / "two.yaml"
    path.write_text("extends: crazy-eights-restock\nname: two\nplayers: 2\n", encoding="utf-8")
    result = run("simulate", path, "-n", 3, "--bots", "greedy")
    assert result.exit_code == 0 and "internal error" not in out(result), out(result)
