"""Cards laid together in one move (`together: CARD_TEST` on a shedding play, `played` the first card laid), from
crazy-eights-same-rank.yaml (a house rule that adds to E3: a player may lay all the cards of one rank together; the
last one laid is the top) and fixed decks. Seat 0 is dealt first, one card at a time, and lays first; the starter
is 3C, so clubs and threes may go first."""

from __future__ import annotations

import io
import json
import random
import re

import pytest

from interpreter import cards as C
from interpreter import load, records
from interpreter.actions import canonical, why_illegal
from interpreter.bots import GreedyBot, shed_sense
from interpreter.display import Session
from interpreter.errors import IllegalAction, RulesetError
from interpreter.observe import Seat
from interpreter.screen import Screen
from interpreter.sheet import sheet
from interpreter.steps.shed import laid
from interpreter.table import Table
from tests.conftest import one_at_a_time

HANDS = ["7C 7H 7S 8D KD",   # seat 0: a seven of the starter's suit, two sevens to lay with it; an eight
         "9H 4C 10S JH 5H",
         "9C JS 9S 3H 6D",
         "10D QS 10H KH KC"]
STOCK = "QD 6H 3D JC 5D 7D"


def start(game, hands=HANDS, stock=STOCK, starter="3C"):
    front = one_at_a_time(hands, 0, [starter] + stock.split())
    return game.new_state(shuffles=[front + [c for c in C.NAMES[:52] if c not in front]], listen=True)


def variant(tmp_path, base: str, play: str, name: str = "house"):
    """`base` with `play` (lines of its play step's keys) added, loaded."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: {base}\nname: {name}\nhand:\n  - name: play\n    play:\n" + play, encoding="utf-8")
    return load(str(path))


def together(tmp_path, base: str, test: str = "rank == played.rank"):
    return variant(tmp_path, base, f"      together: {test}\n")


def held(st, seat: int) -> list[str]:
    return C.names(st.zones["hand"][seat])


def pile(st) -> list[str]:
    return [C.NAMES[c] for c in st.zones["discard"]]  # in the order laid (C.names sorts)


def test_the_moves_lay_every_order_of_every_choice_of_the_cards_that_go_with_a_first_card():
    st = start(load("crazy-eights-same-rank"))
    assert st.legal_actions() == ["play 7C", "play 7C 7H", "play 7C 7H 7S", "play 7C 7S", "play 7C 7S 7H",
                                  "play 8D"]  # 7H and 7S may not go first (not clubs), but may go on the 7C
    assert (C.card_id("7C"), C.card_id("7S"), C.card_id("7H")) in st.legal_moves()
    assert C.card_id("7C") in st.legal_moves()  # a card alone is still an int
    without = start(load("crazy-eights"))
    assert without.legal_actions() == ["play 7C", "play 8D"]


def test_four_of_a_rank_that_may_each_go_first_make_64_moves():
    hands = ["8C 8H 8S 8D KD"] + HANDS[1:]
    st = start(load("crazy-eights-same-rank"), hands)
    moves = st.legal_moves()
    assert len(moves) == 64 == len(set(moves))  # each eight first, then every order of every choice of the others
    assert sum(len(laid(m)) == 4 for m in moves) == 24


def test_the_action_text_keeps_the_order_laid_and_any_card_spelling_applies():
    assert canonical("play 7s 7h") == "play 7S 7H" and canonical("play 7h 7s") == "play 7H 7S"  # not sorted
    assert canonical("play t♥ 10s") == "play 10H 10S"
    st = start(load("crazy-eights-same-rank"))
    st.apply("play 7♣ 7s 7h")
    assert st.actions == [(0, "play 7C 7S 7H")]


def test_the_last_card_laid_is_the_top_and_every_card_is_noted_as_laid():
    game = load("crazy-eights-same-rank")
    st = start(game)
    st.apply("play 7C 7S 7H")
    assert pile(st) == ["3C", "7C", "7S", "7H"] and held(st, 0) == ["8D", "KD"]
    assert C.SUITS[st.vars["called"]] == "H" and st.to_act == 1  # the top's suit is the suit to follow
    assert st.view(2)["zones"]["discard"] == {"top": "7H", "count": 4}
    assert [C.NAMES[c] for c in st.phase["gone"]] == ["7C", "7S", "7H"] and st.phase["gone_by"] == [0, 0, 0]
    assert all(st.phase["known_at"][C.card_id(c)] == ("discard", -1, -1) for c in ("7C", "7S", "7H"))
    assert "play 9H" in st.legal_actions() and "play 4C" not in st.legal_actions()  # hearts now, not clubs
    other = start(game)
    other.apply("play 7C 7H 7S")
    assert C.SUITS[other.vars["called"]] == "S" and "play 10S" in other.legal_actions()


def test_each_card_laid_acts_in_turn_so_their_effects_add_up(tmp_path):
    game = together(tmp_path, "crazy-eights-action-cards.yaml")
    twos = start(game, ["2C 2H 4S 5S 6S"] + HANDS[1:])
    twos.apply("play 2C 2H")
    assert len(held(twos, 1)) == 9 and twos.to_act == 2  # two twos: four cards, and the turn missed
    assert [e["kind"] for e in twos.events if e["kind"] in ("after_lay", "made_to_draw", "missed")] == \
        ["after_lay", "after_lay", "made_to_draw", "missed"]
    queens = start(game, ["QC QH 4S 5S 6S"] + HANDS[1:])
    queens.apply("play QC QH")
    assert queens.to_act == 3 and [e["seat"] for e in queens.events if e["kind"] == "missed"] == [1, 2]
    aces = start(game, ["AC AH 4S 5S 6S"] + HANDS[1:])
    aces.apply("play AC AH")
    assert aces.phase["direction"] == 1 and aces.to_act == 1  # turned round twice
    assert [e["kind"] for e in aces.events].count("reversed") == 2
    one = start(game, ["AC AH 4S 5S 6S"] + HANDS[1:])
    one.apply("play AC")
    assert one.phase["direction"] == -1 and one.to_act == 3


def test_only_the_top_card_names_a_suit(tmp_path):
    eights = start(load("crazy-eights-same-rank"), ["8C 8H 4S 5S 6S"] + HANDS[1:])
    eights.apply("play 8C 8H")
    assert eights.to_act == 0 and eights.legal_actions() == ["call C", "call D", "call H", "call S"]
    eights.apply("call D")  # one call, for the top card
    assert C.SUITS[eights.vars["called"]] == "D" and eights.to_act == 1
    assert [e["kind"] for e in eights.events].count("call") == 1
    by_suit = together(tmp_path, "crazy-eights.yaml", "suit == played.suit")
    under = start(by_suit, ["8C 2C 4S 5S 6S"] + HANDS[1:])
    under.apply("play 8C 2C")  # the eight lies under the two: nothing is called
    assert under.to_act == 1 and C.SUITS[under.vars["called"]] == "C" and not under.phase["calling"]
    on_top = start(by_suit, ["8C 2C 4S 5S 6S"] + HANDS[1:])
    on_top.apply("play 2C 8C")
    assert on_top.to_act == 0 and on_top.phase["calling"]


def test_a_player_who_lays_his_last_cards_together_goes_out():
    hands = ["KC 7C 7H 7S 7D", "KH 4C 10S JH 5H", "9H JS 3S 3H 6D", "9S QS 10H 2H KS"]
    st = start(load("crazy-eights-same-rank"), hands, stock="QD 6H 3D JC 5D 4D")
    for action in ("play KC", "play KH", "play 9H", "play 9S"):
        st.apply(action)
    assert st.to_act == 0 and "play 7S 7C 7H 7D" in st.legal_actions()  # spades now: the 7S goes first
    st.apply("play 7S 7C 7H 7D")
    assert len(st.hands) == 1 and st.hands[0]["rows"]["going out"] == [29 + 22 + 32, 0, 0, 0]  # what the others hold


def test_under_a_draw_owed_the_first_card_answers_and_the_others_add_their_draws(tmp_path):
    game = together(tmp_path, "crazy-eights-stacking.yaml")
    hands = ["2C QC AC 5S 6H", "2S 2H 4C 4S 9D", "9C JS 9H 3H 8D", "10D QS 10H KH KC"]
    st = start(game, hands, stock="QD 6D 3D JC 5D 7D")
    st.apply("play 2C")
    assert st.legal_actions() == ["draw", "play 2H", "play 2H 2S", "play 2S", "play 2S 2H"]  # no 4C 4S: no answer
    with pytest.raises(IllegalAction, match=r"4C does not answer the 2 cards owed \(draw two\)"):
        st.apply("play 4C 4S")
    st.apply("play 2S 2H")
    assert st.to_act == 2 and [e["n"] for e in st.events if e["kind"] == "owed"] == [2, 6]
    assert [e["seat"] for e in st.events if e["kind"] == "answered"] == [1]  # the first card answered
    st.apply("draw")
    assert len(held(st, 2)) == 11 and st.to_act == 3


def test_a_card_that_does_not_go_with_the_first_is_refused_with_the_rule():
    st = start(load("crazy-eights-same-rank"))
    with pytest.raises(IllegalAction, match=r"8D may be laid with 7C only when rank == played\.rank"):
        st.apply("play 7C 8D")
    with pytest.raises(IllegalAction, match=r"7H may not be played now: lay a card of the suit to follow"):
        st.apply("play 7H 7C")  # the first card must go as a card alone would
    with pytest.raises(IllegalAction, match=r"you have no 7D to play now"):
        st.apply("play 7C 7D")
    with pytest.raises(IllegalAction, match=r"7C is named twice"):  # held once: not "you have no 7C"
        st.apply("play 7C 7C")
    assert "را فقط وقتی می‌توان با" in why_illegal(st, "play 7C 8D", "play 7C 8D", "fa")
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "")
    with pytest.raises(Exception, match=r"8♦ may be laid with 7♣ only when"):  # one move, not one per card
        session.understand("7c 8d", session.table.menu())
    assert session.understand("7c 7h", session.table.menu()) == ["play 7C 7H"]
    assert st.actions == []


def test_the_table_shows_the_cards_laid_together_and_the_top():
    st = start(load("crazy-eights-same-rank"))
    menu = [shown for _, _, shown in Table(st, 0).menu()]
    assert menu == ["play 8♦", "play 7♣", "play 7♣ 7♠ (7♠ on top)", "play 7♣ 7♥ (7♥ on top)",
                    "play 7♣ 7♠ 7♥ (7♥ on top)", "play 7♣ 7♥ 7♠ (7♠ on top)"], menu  # each first card, then by size
    move = (C.card_id("7C"), C.card_id("7S"), C.card_id("7H"))
    assert Table(st, 1).move_line(0, move) == "  seat 0: play 7♣ 7♠ 7♥ (7♥ on top)"
    assert "روی بقیه" in Table(st, 1, "fa").move_line(0, move)
    assert Table(st, 1).move_line(0, C.card_id("7C")) == "  seat 0: play 7♣"


def test_a_record_of_a_game_with_cards_laid_together_replays_and_resumes():
    game = load("crazy-eights-same-rank")
    fixed = start(game)
    fixed.apply("play 7C 7S 7H")  # not the cards' canonical order: the record keeps the order laid
    fixed.apply("play 9H")
    rec = records.make(fixed, "crazy-eights-same-rank")
    assert [a["action"] for a in rec["actions"]] == ["play 7C 7S 7H", "play 9H"]
    assert pile(records.replay(json.loads(json.dumps(rec)))) == ["3C", "7C", "7S", "7H", "9H"]
    for seed in range(50):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and len(st.hands) < 2:
            st.apply_move(rng.choice(st.legal_moves()))
        cut = next((k for k, (_, _, m) in enumerate(st.log) if len(laid(m)) > 1), None)
        if cut is not None:
            break
    rec = records.make(st, "crazy-eights-same-rank")
    assert any(len(a["action"].split()) > 2 and a["action"].startswith("play ") for a in rec["actions"])
    again = records.replay(json.loads(json.dumps(rec)))
    assert again.actions == st.actions and again.zones == st.zones and again.scores == st.scores
    part = game.new_state(seed=st.seed)
    for _, _, move in st.log[:cut + 1]:
        part.apply_move(move)
    resumed = records.replay(records.make(part, "crazy-eights-same-rank"))
    assert resumed.actions == part.actions and resumed.zones == part.zones
    assert resumed.legal_actions() == part.legal_actions()


def test_the_greedy_bot_lays_the_most_cards_it_can():
    st = start(load("crazy-eights-same-rank"))
    step = st.game.steps[st.step]
    assert [st.move_text(m) for m in shed_sense(st, step, st.legal_moves())] == ["play 7C 7H 7S", "play 7C 7S 7H"]
    no_eight = start(load("crazy-eights-same-rank"), ["7C 7H 7S 4S KD"] + HANDS[1:])  # (an eight's 50 points in
    # hand would count first: the bot sheds them by the scoring rows before `shed_sense` breaks ties)
    assert len(laid(GreedyBot(random.Random(0)).decide(Seat(no_eight)))) == 3


def test_the_rules_sheet_and_coverage_tell_of_cards_laid_together():
    from interpreter.coverage import coverage

    game = load("crazy-eights-same-rank")
    assert "a player may lay other cards with `rank == played.rank` (`played` is the first card; `play 7H 7S`," \
           " in the order laid)" in sheet(game)
    assert "کارت‌های دیگری با \u2066`rank == played.rank`\u2069 هم بگذارد" in sheet(game, "fa")
    assert "`together`" not in sheet(load("crazy-eights")) and "in the order laid" not in sheet(load("crazy-eights"))
    assert "the last one laid is the top, which alone may name a suit" in sheet(game)
    items, _ = coverage(game, 6, 0, ["random"] * 4, 20)
    play = next(it for it in items if it.kind == "step" and it.name == "play")
    assert re.search(r"together [\d,]+\)", play.detail), play.detail


def test_more_cards_than_a_move_may_lay_together_is_a_located_error(tmp_path):
    game = together(tmp_path, "crazy-eights-2p.yaml", "true")  # seven cards each: six may go with any first
    st = game.new_state(seed=1)
    with pytest.raises(RulesetError) as bad:
        st.legal_moves()
    where, message = bad.value.problems[0]
    assert (where.line, where.col) == (6, 7) and "could lay 7 cards together" in message
    assert "a move lays at most 5" in message


def test_the_tables_help_says_cards_after_play_are_one_move_here():
    """The help said "after a verb, several cards are several moves", wrong where `together` lays them in one
    (a review); where cards are discarded it still says so (and since a Persian table audit, only there: one card a
    turn makes nothing of several cards typed)."""
    st = start(load("crazy-eights-same-rank"))
    en, fa = "\n".join(Table(st, 0).help()), "\n".join(Table(st, 0, "fa").help())
    assert "after play, several cards are one move, laid in the order typed, the last on top" in en
    assert "several cards are several moves" not in en and "یک حرکت است" in fa
    assert "several cards are several moves" in "\n".join(Table(load("shelem").new_state(seed=1), 0).help())
    assert "several cards are several moves" not in "\n".join(Table(start(load("crazy-eights")), 0).help())


def test_the_rules_sheet_names_no_suit_call_where_no_card_calls(tmp_path):
    """"which alone may name a suit" was said of a play where no card names one (a review)."""
    game = variant(tmp_path, "crazy-eights-same-rank.yaml",
                   "      calls: null\n      may_play: 'suit == called or rank == top(discard).rank'\n")
    assert "in the order laid): each acts in turn, and the last one laid is the top" in sheet(game)
    assert "alone may name a suit" not in sheet(game) and "فقط همان می‌تواند خالی" not in sheet(game, "fa")


CLUBS = ["2C QC AC 5C 6C"] + HANDS[1:]  # seat 0: five clubs, the two, queen and ace act (action cards)
ALL_CLUBS = "play 2C QC AC 5C 6C"
EFFECTS = ("after_lay", "reversed", "answered", "owed", "made_to_draw", "missed")


def test_a_move_that_ends_the_hand_tells_of_no_effect_of_the_cards_under_its_top(tmp_path):
    """The two, queen and ace under the 6C owe nothing once their player is out and the hand over: the table said
    "play turns round" all the same (a review). It fails if the cards under the top tell what they do before the
    move is seen to end the hand."""
    st = start(together(tmp_path, "crazy-eights-action-cards.yaml", "suit == played.suit"), CLUBS)
    st.apply(ALL_CLUBS)
    assert len(st.hands) == 1 and not [e for e in st.events if e["kind"] in EFFECTS]
    assert "turns round" not in "\n".join(Table(st, 1).events(st.events))


def test_playing_on_the_cards_under_the_top_of_a_last_move_still_act_and_are_told(tmp_path):
    """With `until: one_left` a last card acts like any other (docs/language.md): so do the cards under it."""
    game = variant(tmp_path, "crazy-eights-action-cards.yaml",
                   "      until: one_left\n      together: suit == played.suit\n")
    st = start(game, CLUBS)
    st.apply(ALL_CLUBS)
    kinds = [e["kind"] for e in st.events if e["kind"] in EFFECTS + ("out",)]
    assert kinds == ["out", "after_lay", "after_lay", "after_lay", "reversed", "made_to_draw", "missed"]
    assert not st.hands and st.to_act == 2 and len(held(st, 3)) == 7  # back round: seat 3 draws two and misses
