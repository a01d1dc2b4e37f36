"""The shedding play's keys beyond Crazy Eights' defaults (docs/language.md: `play` `mode: shed`), each from a house
rule written as a variant of rulesets/crazy-eights.yaml and a fixed deck. Seat 0 is dealt first, 5 cards each one at a
time; then the starter, then the stock from its front."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import cards as C
from interpreter import load
from interpreter.errors import IllegalAction
from tests.conftest import one_at_a_time

HANDS = ["3C 4D 5S 6H 8S",   # seat 0 holds a club for the starter, and an eight
         "4S 5H 7H AD 10S",  # seat 1: nothing for a club but its eights, none
         "9D JS 9H QH 8D",
         "10D QS 10H KH KC"]


def variant(tmp_path, play: str, extra: str = "") -> object:
    """crazy-eights.yaml with its play step's keys changed (YAML flow mapping `play`), loaded."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: crazy-eights.yaml\nname: house\n{extra}hand:\n  - name: play\n    play: {play}\n",
                    encoding="utf-8")
    return load(str(path))


def start(game, starter="2C", stock="QD 6D 3D JC"):
    front = one_at_a_time(HANDS, 0, [starter] + stock.split())
    return game.new_state(shuffles=[front + [c for c in C.NAMES[:52] if c not in front]])


def test_stop_when_is_checked_after_a_draw(tmp_path):
    """A hand that ends when a player holds 7 cards ends on the draw that makes them 7, not at the next lay."""
    st = start(variant(tmp_path, "{stop_when: 'count(hand) >= 7'}"))
    st.apply("play 3C")
    st.apply("draw")  # seat 1: 6 cards, still nothing to lay
    assert st.to_act == 1 and st.legal_actions() == ["draw"]
    st.apply("draw")  # 7 cards: play stops
    assert len(st.hands) == 1 and st.hands[0]["decisions"] == (0, 3)  # the lay and two draws
    assert st.hand_no == 1 and [len(h) for h in st.zones["hand"]] == [5, 5, 5, 5]  # the next hand is dealt


def test_stop_when_is_checked_as_play_begins(tmp_path):
    """A stop that holds before anyone lays a card: no card is played in any hand, which validate reports at the
    play step (a ruleset whose hands end with nobody acting)."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: crazy-eights.yaml\nname: house\nhand:\n  - name: play\n    play: "
                    "{stop_when: 'count(discard) >= 1'}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    assert "error: step 'play' runs every hand, but no card was played in it" in result.output


def test_draw_any_time_draws_though_a_card_could_be_laid(tmp_path):
    st = start(variant(tmp_path, "{draw_any_time: true}"))
    assert st.legal_actions() == ["draw", "play 3C", "play 8S"]
    st.apply("draw")
    st.apply("draw")  # as often as he likes
    assert [C.NAMES[c] for c in st.zones["hand"][0][-2:]] == ["QD", "6D"] and st.to_act == 0
    assert [st.view(s)["play"]["drawn"] for s in range(4)] == [2] * 4  # every seat saw two cards drawn
    st.apply("play 8S")
    assert st.to_act == 0 and st.view(1)["play"]["calling"] and st.view(1)["play"]["drawn"] == 2
    st.apply("call H")
    assert st.view(0)["play"] == {"direction": 1, "owed": 0, "drawn": 0, "calling": False}  # seat 1's turn


def test_draw_most_then_pass(tmp_path):
    """Draw one (a house rule): seat 1 draws one card that does not fit and must pass."""
    st = start(variant(tmp_path, "{draw_most: 1}"))
    st.apply("play 3C")
    st.apply("draw")  # QD: no club, no three
    assert st.to_act == 1 and st.legal_actions() == ["pass"]
    st.apply("pass")
    assert st.to_act == 2


def test_called_without_calls_holds_the_last_cards_suit(tmp_path):
    """Eights are not wild here (no `calls`, and may_play without the eight): `called` is each card's suit."""
    game = variant(tmp_path, "{calls: null, may_play: 'suit == called or rank == top(discard).rank'}")
    st = start(game)
    assert st.legal_actions() == ["play 3C"]  # the eight of spades is no longer wild
    st.apply("play 3C")
    assert st.vars["called"] == C.SUITS.index("C")
    with pytest.raises(IllegalAction):
        st.apply("call S")


def test_a_played_card_is_known_to_all_where_it_lies():
    """Cards laid face up are seen by every seat: a bot's deal of the unseen cards leaves them in the pile,
    under its top."""
    from interpreter.observe import Unseen

    st = start(load("crazy-eights"))
    for move in ("play 3C", "draw", "draw", "draw", "play 3D"):
        st.apply(move)
    unseen = Unseen(st, st.to_act)
    assert not [s for s in unseen.slots if s.zone == "discard"]
    assert not set(st.zones["discard"]) & set(unseen.cards)


def test_restock_shuffles_the_pile_under_its_top_into_the_stock_and_replays():
    """crazy-eights-restock (a house rule): when the stock runs out, the pile but its top becomes the stock in the
    order of the next deck order the game takes (a shuffle), and a record of the game replays it."""
    import random

    from interpreter import records as rec

    game = load("crazy-eights-restock")
    for seed in range(40):
        st, r = game.new_state(seed=seed, listen=True), random.Random(seed)
        while not st.over and not any(e["kind"] == "restock" for e in st.events):
            before = (list(st.zones["discard"]), len(st.decks))
            st.apply_move(r.choice(st.legal_moves()))
        if not st.over:
            break
    else:
        pytest.fail("no game of 40 restocked")
    pile, decks = before
    assert st.zones["discard"] == pile[-1:] and len(st.decks) == decks + 1  # the top stays; one more shuffle
    drawn = st.zones["hand"][st.log[-1][0]][-1]  # the first card of the new stock went to the drawer
    order = [c for c in st.decks[-1] if c in pile[:-1]]
    assert [drawn] + st.zones["stock"] == order and {e["count"] for e in st.events if e["kind"] == "restock"} == \
        {len(pile) - 1}
    record = rec.make(st, "crazy-eights-restock.yaml")
    again = rec.replay(record, ".")
    assert again.actions == st.actions and again.zones == st.zones


def test_bots_deal_the_restocked_cards_only_to_the_stock_and_to_those_who_drew_them():
    """Every seat saw which cards went into the new stock: a bot's deals of the cards it cannot see keep them
    there, or in the hands of those who drew from it since (as many as each holds: public, for every card leaves
    a hand face up), and put none of the other unseen cards in the stock; where each lies stays unknown."""
    import random

    from interpreter.observe import Seat

    game = load("crazy-eights-restock")
    for seed in range(60):
        st, r = game.new_state(seed=seed), random.Random(seed)
        while not st.over and not ("restocked" in st.phase and 0 < len(st.zones["stock"]) < 20):
            st.apply_move(r.choice(st.legal_moves()))
        pool = st.phase.get("restocked", (0, ()))[1]
        held = [sum(c in pool for c in hand) for hand in st.zones["hand"]]
        if not st.over and sum(held) > held[st.to_act]:  # another seat holds cards it drew from the new stock
            break
    else:
        pytest.fail("no game of 60 restocked and drew")
    me, rng, hands = st.to_act, random.Random(1), set()
    for _ in range(50):
        deal = Seat(st).sample(rng)
        assert set(deal.zones["stock"]) <= pool and len(deal.zones["stock"]) == len(st.zones["stock"])
        assert [sum(c in pool for c in hand) for hand in deal.zones["hand"]] == held
        assert deal.zones["hand"][me] == st.zones["hand"][me]
        hands.add(tuple(tuple(sorted(h)) for h in deal.zones["hand"]))
    assert len(hands) > 1  # which restocked cards the others drew is theirs to know


def test_a_draw_breaks_a_run_of_passes():
    """Draw one (a house rule): four players in turn draw a card that does not fit and pass. Each draw ends the
    run of passes, so the hand goes on: it is blocked only when four pass with nothing left to draw."""
    game = load("crazy-eights-draw-one")
    hands = ["3S 4S 5S 6S 7S", "3H 4H 5H 6H 7H", "3D 4D 5D 6D 7D", "9S 10S JS QS KS"]  # no club, two or eight
    front = one_at_a_time(hands, 0, ["2C", "9H", "10H", "9D", "10D"])
    st = game.new_state(shuffles=[front + [c for c in C.NAMES[:52] if c not in front]])
    for seat in range(4):
        assert st.to_act == seat and st.legal_actions() == ["draw"]
        st.apply("draw")
        assert st.legal_actions() == ["pass"]
        st.apply("pass")
    assert not st.hands and st.to_act == 0 and st.phase["passes"] == 1
