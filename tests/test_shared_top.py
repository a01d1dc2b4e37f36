"""A shared zone `visible: top`: one pile whose top card everyone sees (German Whist's stock, turned up
before each draw). The view, a seat's own reckoning, the deals search samples, the table and the rules
sheet all show that card and hide the rest; a stock's top is its first card, as `top()` and draws read."""

from __future__ import annotations

import random

from interpreter import cards as C
from interpreter import load
from interpreter.observe import Seat
from interpreter.sheet import sheet
from tests.test_table import play_session

TOP_STOCK = """\
name: top-stock
description: two players draw from a stock whose top card lies face up
players: 2
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: top}
  trick: {visible: all}
  won: {owner: seat, visible: all}
counters:
  tricks: {owner: seat}
hand:
  - name: deal
    deal: [{to: hand, count: 13}]
  - name: tricks
    play: {mode: trick, leader: next(dealer), follow: true, order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A],
           draw: {count: 1, from: stock}, tricks: tricks}
scoring:
  - {name: tricks, points: tricks}
game:
  target: 50
"""


def _game(tmp_path, text=TOP_STOCK):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path, load(path)


def test_every_seat_sees_the_stocks_first_card_and_its_count(tmp_path):
    _, game = _game(tmp_path)
    st = game.new_state(seed=4)
    stock = st.zones["stock"]
    for seat in (0, 1):
        assert st.view(seat)["zones"]["stock"] == {"top": C.NAMES[stock[0]], "count": 26}
        assert st.as_seen_by(seat).zones["stock"] == [stock[0]]  # the rest hidden from the seat's reckoning


def test_sampled_deals_keep_the_top_card_and_hide_the_rest(tmp_path):
    _, game = _game(tmp_path)
    st = game.new_state(seed=4)
    rng = random.Random(1)
    for _ in range(3):
        st.apply_move(rng.choice(st.legal_moves()))
    top, rest = st.zones["stock"][0], sorted(st.zones["stock"][1:])
    orders = set()
    for k in range(20):
        deal = Seat(st).sample(random.Random(k))
        assert deal.zones["stock"][0] == top
        assert sorted(deal.zones["stock"][1:] + deal.zones["hand"][1 - st.to_act]) == sorted(
            rest + st.zones["hand"][1 - st.to_act])
        orders.add(tuple(deal.zones["stock"]))
    assert len(orders) > 1  # the cards under the top are dealt at random


def test_the_table_and_the_rules_sheet_show_the_top_card(tmp_path):
    path, game = _game(tmp_path)
    _, out = play_session(str(path), seed=4, hands=1)
    assert "internal error" not in out
    first = C.NAMES[game.new_state(seed=4).zones["stock"][0]]
    shown = first[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[first[-1]]
    assert f"stock: {shown} (26 cards)" in out  # the top card, then how many lie there
    assert "stock**: shared; face down but for its top card" in sheet(game)


TALON = TOP_STOCK.replace("stock: {visible: top}", "stock: {visible: none}\n  talon: {visible: top}").replace(
    "deal: [{to: hand, count: 13}]", "deal: [{to: hand, count: 13}, {to: talon, count: 26}]").replace(
    "from: stock", "from: talon")


def test_a_zone_drawn_from_shows_the_card_drawn_next(tmp_path):
    """A talon filled by a deal and drawn from after each trick: its top is the card the next draw takes."""
    st = _game(tmp_path, TALON)[1].new_state(seed=4)
    talon = list(st.zones["talon"])
    assert st.view(0)["zones"]["talon"]["top"] == C.NAMES[talon[0]]
    rng = random.Random(0)
    while st.trick_state.number < 2:
        st.apply_move(rng.choice(st.legal_moves()))
    drawn = [c for seat in (0, 1) for c in st.zones["hand"][seat] if c in talon[:2]]
    assert sorted(drawn) == sorted(talon[:2])


PILE = TOP_STOCK.replace("stock: {visible: top}", "stock: {visible: none}\n  pile: {visible: top}").replace(
    "deal: [{to: hand, count: 13}]", "deal: [{to: hand, count: 10}]\n  - name: pile\n    deal: [{to: pile, count: 6}]"
    "\n    shuffle: false").replace("draw: {count: 1, from: stock}, ", "")


def test_a_shared_pile_whose_top_is_its_last_card_keeps_it_in_sampled_deals(tmp_path):
    """A pile that is not dealt from: its last card lies face up, and search's deals keep it there."""
    game = _game(tmp_path, PILE)[1]
    assert not game.zones["pile"].top_first
    st = game.new_state(seed=4)
    pile = list(st.zones["pile"])
    assert st.view(1)["zones"]["pile"] == {"top": C.NAMES[pile[-1]], "count": 6}
    for k in range(10):
        deal = Seat(st).sample(random.Random(k))
        assert deal.zones["pile"][-1] == pile[-1] and len(deal.zones["pile"]) == 6


PILES = TOP_STOCK.replace("hand: {owner: seat, visible: owner}\n  stock: {visible: top}",
                          "pile: {owner: seat, visible: top}\n  stock: {visible: none}").replace(
    "to: hand, count: 13", "to: pile, count: 5").replace("follow: true,", "from: pile, follow: false,").replace(
    ",\n           draw: {count: 1, from: stock}", "")  # each plays from a face-down pile of its own, top first


def test_a_pile_played_with_from_plays_its_top_card(tmp_path):
    """`from:` a seat's pile whose top alone shows: the top card is the one play, turned up as it plays (as
    a pile in `turns` does); the seat's other cards stay face down."""
    st = _game(tmp_path, PILES)[1].new_state(seed=2)
    seat = st.to_act
    pile = st.zones["pile"][seat]
    assert st.legal_actions() == [f"play {C.NAMES[pile[-1]]}"]
    assert st.view(seat)["zones"]["pile"][seat] == {"top": C.NAMES[pile[-1]], "count": 5}


def test_the_top_card_drawn_after_a_trick_is_known_in_the_hand_that_took_it(tmp_path):
    """German Whist: the trick's winner takes the stock's face-up top. Every seat saw who took it, yet the
    other seat's sampled deals put it anywhere it could not see (a rules author's audit: 74 deals of 200 in the
    winner's hand); and the table said nothing of it."""
    from interpreter.table import Table

    _, game = _game(tmp_path)
    for seed in range(20):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        while True:
            top, under = st.zones["stock"][0], st.zones["stock"][1]
            before = len(st.events)
            tricks = list(st.counters["tricks"])
            st.apply_move(rng.choice(st.legal_moves()))
            if st.counters["tricks"] != tricks:
                break
        winner = next(s for s in (0, 1) if st.counters["tricks"][s] != tricks[s])
        if winner == 1:
            break
    assert top in st.zones["hand"][1] and under in st.zones["hand"][0]
    assert all(top in Seat(st, 0).sample(random.Random(k)).zones["hand"][1] for k in range(40))
    # the card under the top, which the loser drew, nobody saw: the winner's deals do not know where it went
    assert under not in st.phase["known_at"]
    assert not all(under in Seat(st, 1).sample(random.Random(k)).zones["hand"][0] for k in range(40))
    said = Table(st, 0, "en").events(st.events[before:])
    assert f"  → seat 1 takes {C.NAMES[top][:-1]}{'♠♥♦♣'['SHDC'.index(C.NAMES[top][-1])]} from the stock" in said, said
