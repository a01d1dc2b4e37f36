"""Draws that add up (`stack: true` on an `after_lay` entry that draws), from crazy-eights-stacking.yaml (a house
rule that adds to E3: a player a two makes draw may lay a two instead, and the next player owes the sum) and fixed
decks. Seat 0 is dealt first, one card at a time, and lays first; the starter is 3C."""

from __future__ import annotations

import random
import re

import pytest

from interpreter import cards as C
from interpreter import load, records
from interpreter.sheet import sheet
from interpreter.steps import Shed
from interpreter.table import Table
from tests.conftest import one_at_a_time

HANDS = ["2C QC AC 5S 6H",   # seat 0: a two of the starter's suit
         "2S 4C 7H 9D 10S",  # seat 1: a two to answer with, and a club it could lay were nothing owed
         "9C JS 9H 3H 8D",   # seat 2: no two
         "10D QS 10H KH KC"]
STOCK = "QD 6D 3D JC 5D 7D"


def start(game, hands=HANDS, stock=STOCK):
    front = one_at_a_time(hands, 0, ["3C"] + stock.split())
    return game.new_state(shuffles=[front + [c for c in C.NAMES[:52] if c not in front]], listen=True)


def variant(tmp_path, play: str):
    """crazy-eights-stacking.yaml with `play` (lines of its play step's keys) changed, loaded."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: crazy-eights-stacking.yaml\nname: house\nhand:\n  - name: play\n    play:\n" + play,
                    encoding="utf-8")
    return load(str(path))


def held(st, seat: int) -> list[str]:
    return C.names(st.zones["hand"][seat])


def kinds(st, *wanted) -> list[tuple]:
    return [(e["kind"], e.get("seat")) for e in st.events if e["kind"] in wanted]


def test_a_two_answered_by_a_two_makes_the_next_player_owe_four():
    st = start(load("crazy-eights-stacking"))
    st.apply("play 2C")
    assert st.to_act == 1 and len(held(st, 1)) == 5  # nothing drawn yet: seat 1 may answer
    assert sorted(st.legal_actions()) == ["draw", "play 2S"]  # not the 4C, though a club may go on a club
    st.apply("play 2S")
    assert st.to_act == 2 and st.legal_actions() == ["draw"]
    st.apply("draw")
    assert sorted(held(st, 2)) == sorted(HANDS[2].split() + ["QD", "6D", "3D", "JC"])  # two and two
    assert st.to_act == 3 and st.legal_actions() != ["draw"]
    assert kinds(st, "owed", "made_to_draw", "missed") == [("owed", 1), ("owed", 2), ("made_to_draw", 2),
                                                           ("missed", 2)]
    assert [e["n"] for e in st.events if e["kind"] == "owed"] == [2, 4]


def test_every_seats_view_says_how_many_cards_the_player_to_act_owes():
    st = start(load("crazy-eights-stacking"))
    assert st.view(0)["play"]["owed"] == 0
    st.apply("play 2C")
    assert [st.view(s)["play"]["owed"] for s in range(4)] == [2] * 4
    st.apply("play 2S")
    assert [st.view(s)["play"]["owed"] for s in range(4)] == [4] * 4
    st.apply("draw")  # taken, and the turn missed: seat 3 owes nothing
    assert st.to_act == 3 and st.view(0)["play"] == {"direction": 1, "owed": 0, "drawn": 0, "calling": False}


def test_declining_takes_the_cards_owed_and_misses_the_turn():
    st = start(load("crazy-eights-stacking"))
    st.apply("play 2C")
    st.apply("draw")  # seat 1 keeps its two
    assert sorted(held(st, 1)) == sorted(HANDS[1].split() + ["QD", "6D"])
    assert st.to_act == 2 and [C.NAMES[c] for c in st.zones["stock"][:1]] == ["3D"]
    assert kinds(st, "made_to_draw", "missed") == [("made_to_draw", 1), ("missed", 1)]
    st.apply("play 9C")  # nothing is owed now: seat 2 plays as usual
    assert st.to_act == 3


def test_a_player_with_no_two_must_draw_though_another_card_would_go():
    hands = [HANDS[0], "4C 5H 7H 9D 10S", HANDS[2], HANDS[3]]
    st = start(load("crazy-eights-stacking"), hands)
    st.apply("play 2C")
    assert st.legal_actions() == ["draw"]
    st.apply("draw")
    assert len(held(st, 1)) == 7 and st.to_act == 2


def test_without_stack_a_two_on_a_two_does_not_add_up():
    """The base, crazy-eights-action-cards.yaml: the draw is made at once, and a two answers nothing."""
    st = start(load("crazy-eights-action-cards"))
    st.apply("play 2C")
    assert len(held(st, 1)) == 7 and st.to_act == 2


def test_an_answer_must_be_a_card_the_play_lets_its_player_lay(tmp_path):
    """A jack that stacks as a two does: the J♣ (a club on a club) answers the 2C; the J♥ does not, for
    `may_play` refuses it."""
    game = variant(tmp_path, "      after_lay:\n        - {name: draw two, if: played.rank == 2 or played.rank == J}\n")
    st = start(game, [HANDS[0], "JH JC 7H 9D 10S", HANDS[2], HANDS[3]], stock="QD 6D 3D 5D 7D")
    st.apply("play 2C")
    assert sorted(st.legal_actions()) == ["draw", "play JC"]
    st.apply("play JC")
    assert st.to_act == 2 and [e["n"] for e in st.events if e["kind"] == "owed"] == [2, 4]


def test_the_answering_card_turns_the_play_round_as_it_would(tmp_path):
    """A two of spades that also turns the play round: the draw, four now, comes back to seat 0."""
    game = variant(tmp_path, "      after_lay:\n        - {name: two back, if: played == 2S, reverse: true}\n")
    st = start(game)
    st.apply("play 2C")
    st.apply("play 2S")
    assert st.to_act == 0 and st.legal_actions() == ["draw"]
    st.apply("draw")
    assert len(held(st, 0)) == 4 + 4 and st.to_act == 3  # back round: seat 0 missed, seat 3 next


def test_a_last_card_that_answers_ends_the_hand_and_nobody_draws():
    st = start(load("crazy-eights-stacking"))
    hand = st.zones["hand"][1]
    st.zones["stock"] += [c for c in hand if C.NAMES[c] != "2S"]  # seat 1 holds its two alone
    hand[:] = [C.BY_NAME["2S"]]
    st.apply("play 2C")
    st.apply("play 2S")
    assert len(st.hands) == 1 and st.hands[0]["points"][1] > 0
    assert not kinds(st, "made_to_draw", "missed")


def test_a_stacked_draw_the_stock_cannot_cover_restocks(tmp_path):
    """With `restock: true`, seat 2 owes four with one card in the stock: it draws that card, then three from
    the pile (all but its top, the 2S) shuffled into a new stock."""
    st = start(variant(tmp_path, "      restock: true\n"))
    stock, pile = st.zones["stock"], st.zones["discard"]
    pile[:0], stock[1:] = stock[1:], []  # every card of the stock but one put under the starter
    under = len(pile)  # those cards and the starter: all the pile will hold but the two twos
    st.apply("play 2C")
    st.apply("play 2S")
    st.apply("draw")
    assert len(held(st, 2)) == 5 + 4 and st.to_act == 3
    assert C.names(pile) == ["2S"] and len(stock) == under + 1 - 3  # the 2C went in too; three drawn
    assert kinds(st, "restock", "made_to_draw") == [("restock", None), ("made_to_draw", 2)]


def _a_game_with_an_answer(game):
    """The first seed from 0 whose random game has a draw answered; its state, over."""
    for seed in range(50):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        while not st.over:
            st.apply_move(rng.choice(st.legal_moves()))
        if any(e["kind"] == "answered" for e in st.events):
            return st
    raise AssertionError("no game answered a draw")


def test_a_record_of_a_stacked_game_replays_it_and_resumes_mid_answer():
    game = load("crazy-eights-stacking")
    st = _a_game_with_an_answer(game)
    again = records.replay(records.make(st, "crazy-eights-stacking"))
    assert again.actions == st.actions and again.scores == st.scores and again.over
    part = game.new_state(seed=st.seed)  # the game again, up to the first draw owed to answer
    for _, _, move in st.log:
        step = game.steps[part.step]
        if isinstance(step, Shed) and step.owed_to_answer(part):
            break
        part.apply_move(move)
    resumed = records.replay(records.make(part, "crazy-eights-stacking"))
    assert resumed.legal_actions() == part.legal_actions() and "draw" in part.legal_actions()
    assert resumed.zones == part.zones and resumed.phase["owed"] == part.phase["owed"] != (0, 0)


def test_the_table_says_what_is_owed_and_shows_the_cards_drawn_to_the_drawer_only():
    st = start(load("crazy-eights-stacking"))
    st.apply("play 2C")
    assert any("you must draw 2 cards, unless you answer it (draw two)" in x for x in Table(st, 1).events(st.events))
    assert any("seat 1 must draw 2 cards, unless they answer it (draw two)" in x
               for x in Table(st, 0).events(st.events))
    fa = Table(st, 1, "fa").events(st.events)
    assert any("مگر آن‌که پاسخش را بدهید (دو بکش)" in x for x in fa), fa
    st.apply("play 2S")
    assert [shown for _, _, shown in Table(st, 2).menu()] == ["draw (4 cards)"]
    st.apply("draw")
    drawer, other = Table(st, 2).events(st.events), Table(st, 3).events(st.events)
    assert any("you draw 4 cards: Q♦ 6♦ 3♦ J♣" in x for x in drawer), drawer
    assert any("seat 2 draws 4 cards" in x for x in other), other
    assert not any(card in x for x in other for card in ("Q♦", "6♦", "3♦", "J♣")), other


def test_the_rules_sheet_and_coverage_tell_of_stacking():
    from interpreter.coverage import coverage

    game = load("crazy-eights-stacking")
    said = sheet(game)
    assert "**draw two**: after a card with `played.rank == 2`, the next player draws `2` and misses the turn;" \
           " instead of drawing, the next player may lay a card that meets this test (and that the play lets them" \
           " lay): then the player after them owes both draws together, and may answer in turn" in said, said
    assert "**دو بکش**: پس از کارتی با \u2066`played.rank == 2`\u2069" in sheet(game, "fa")
    assert "owes both draws" not in sheet(load("crazy-eights-action-cards"))
    items, _ = coverage(game, 6, 0, ["random"] * 4, 20)
    two = next(it for it in items if it.name == "play: draw two")
    answered = re.search(r", ([\d,]+) of them answered a draw owed", two.detail)
    assert two.fired and answered and int(answered[1].replace(",", "")) > 0, two.detail


def test_a_card_that_does_not_answer_is_refused_as_no_answer():
    """The 4C may go on a club, but not while a draw is owed: the refusal says so, not `may_play`'s test."""
    from interpreter.actions import why_illegal
    from interpreter.errors import IllegalAction

    st = start(load("crazy-eights-stacking"))
    st.apply("play 2C")
    with pytest.raises(IllegalAction, match=r"4C does not answer the 2 cards owed \(draw two\): lay a card that"
                                            r" does, or draw"):
        st.apply("play 4C")
    assert "پاسخِ کشیدنِ ۲ کارت (دو بکش) نیست" in why_illegal(st, "play 4C", "play 4C", "fa")
