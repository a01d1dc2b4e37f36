"""Hokm for two, rule by rule: scenario tests for H17-H21 of RULES.md §2.

Hand 1 takes two deck orders: the first-ace draw (`draw_for(k)`: the first ace falls to seat k, cards
going to seats 0, 1, 0, ...), then the deal, built by `deal_order`: five cards to the hakem, five to the
other player, then the stock, laid out so that each turn of the draw, in which the player keeps the top
card, gives him the card the scenario names (the card after it is burned).
"""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.table import Table
from tests.conftest import RULESETS, deck_with

SPADES = [r + "S" for r in C.RANKS]


def spades_but(dealt: str) -> list[str]:
    return [c for c in SPADES if c not in dealt.split()]


def ruleset(name: str = "hokm-2p", **options):
    return load(RULESETS / f"{name}.yaml", options=options or None)


def draw_for(seat: int, g) -> list[str]:
    return deck_with(["2C", "AC"] if seat else ["AC"], g)


def deal_order(hakem_five: str, other_five: str, hakem_keeps: list[str], other_keeps: list[str]) -> list[str]:
    """Five each (hakem first), then the stock: turn t (the hakem's when t is even) keeps its named card,
    the next card (any other) is burned. Unnamed kept cards are taken from what is left."""
    named = hakem_five.split() + other_five.split() + hakem_keeps + other_keeps
    assert len(set(named)) == len(named)
    rest = [c for c in C.NAMES[:52] if c not in named]
    keeps = [list(hakem_keeps), list(other_keeps)]
    stock = []
    for t in range(21):
        mine = keeps[t % 2]
        stock.append(mine.pop(0) if mine else rest.pop(0))
        stock.append(rest.pop(0))  # burned
    assert not rest and not keeps[0] and not keeps[1]
    return hakem_five.split() + other_five.split() + stock


def start(g, hakem: int, order: list[str], trump: str | None = "S", discards=None):
    """Hand 1 up to the draw: `hakem` names `trump` and both discard (the hakem first)."""
    st = g.new_state(shuffles=[draw_for(hakem, g), order], seed=0)
    assert st.vars["hakem"] == hakem
    if trump is None:
        return st
    st.apply(f"trump {trump}")
    for card in discards or []:
        st.apply(f"discard {card}")
    return st


def keep_all(st) -> None:
    """The draw, keeping every top card."""
    while st.legal_actions() == ["burn", "keep"]:
        st.apply("keep")


def play_out_hand(st) -> dict:
    done = len(st.hands)
    while len(st.hands) == done and not st.over:
        st.apply(st.legal_actions()[0])
    return st.hands[done]


JUNK_H = "2H 3H 4H"
JUNK_O = "2D 3D"


def all_spades_to(g, hakem: int, winner: int) -> tuple:
    """The hand in which `winner` ends the draw with all thirteen spades."""
    if winner == hakem:
        order = deal_order("AS KS " + JUNK_H, "5D 6D 7D 8D 9D", spades_but("AS KS"), [])
        discards = JUNK_H.split() + ["5D", "6D"]
    else:
        order = deal_order("5D 6D 7D 8D 9D", "AS KS QS " + JUNK_O, [], spades_but("AS KS QS"))
        discards = ["5D", "6D", "7D"] + JUNK_O.split()
    return order, discards


# ---- H17: two players; the first hakem; the dealer is the other; succession ---------------------------


def test_h17_two_players_no_partners_52_cards():
    g = ruleset()
    assert g.players == 2 and g.sides == 2 and not g.partnerships and sorted(g.deck) == list(range(52))


@pytest.mark.parametrize("front,hakem", [(["AS"], 0), (["2S", "AH"], 1), (["2S", "3S", "AD"], 0),
                                         (["2S", "3S", "4S", "AC"], 1)])
def test_h17_first_ace_dealt_face_up_to_seats_0_1_0(front, hakem):
    g = ruleset()
    st = g.new_state(shuffles=[deck_with(front, g)], seed=0)
    assert st.vars["hakem"] == hakem
    assert st.dealer == 1 - hakem  # the dealer is the player who is not hakem
    assert st.to_act == hakem and st.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]


@pytest.mark.parametrize("hakem,winner", [(0, 0), (0, 1), (1, 1), (1, 0)])
def test_h17_the_hakem_stays_when_he_wins_else_the_other_player(hakem, winner):
    g = ruleset()
    order, discards = all_spades_to(g, hakem, winner)
    st = start(g, hakem, order, discards=discards)
    keep_all(st)
    play_out_hand(st)
    assert st.hands[0]["counters"]["tricks"][winner] == 7
    assert st.vars["hakem"] == winner and st.dealer == 1 - winner and st.to_act == winner


# ---- H18: five each, trump, discards ------------------------------------------------------------------


@pytest.mark.parametrize("hakem", [0, 1])
def test_h18_five_each_the_hakem_first_and_he_names_trump(hakem):
    g = ruleset()
    order = deal_order("AS KS QS JS 10S", "2H 3H 4H 5H 6H", [], [])
    st = start(g, hakem, order, trump=None)
    assert C.names(st.zones["hand"][hakem]) == ["AS", "10S", "JS", "QS", "KS"]
    assert C.names(st.zones["hand"][1 - hakem]) == ["2H", "3H", "4H", "5H", "6H"]
    assert len(st.zones["stock"]) == 42
    st.apply("trump H")
    assert st.vars["trump"] == 1


def test_h18_the_hakem_discards_three_the_other_two_face_down():
    g = ruleset()
    order = deal_order("AS KS QS JS 10S", "2H 3H 4H 5H 6H", [], [])
    st = start(g, 0, order)
    assert st.to_act == 0 and sorted(st.legal_actions()) == sorted(f"discard {c}" for c in "AS KS QS JS 10S".split())
    for c in ("JS", "10S", "QS"):
        st.apply(f"discard {c}")
    assert st.to_act == 1 and len(st.legal_actions()) == 5
    step = st.game.steps[st.step]
    st.apply("discard 2H")
    assert step.shown_text(st, 1, C.card_id("2H"), 0) == "discard (face down)"
    assert step.shown_text(st, 1, C.card_id("2H"), 1) == "discard 2H"
    st.apply("discard 3H")
    assert [len(d) for d in st.zones["discards"]] == [3, 2]
    assert st.view(1)["zones"]["discards"] == [3, ["2H", "3H"]]  # nobody else sees them
    assert st.view(0)["zones"]["discards"] == [["10S", "JS", "QS"], 2]
    assert [len(h) for h in st.zones["hand"]] == [2, 3]


# ---- H19: the draw ------------------------------------------------------------------------------------


def test_h19_keep_the_top_card_and_the_next_is_burned():
    g = ruleset()
    order = deal_order("AS KS QS JS 10S", "2H 3H 4H 5H 6H", ["9S"], [])
    st = start(g, 0, order, discards=["JS", "10S", "QS", "2H", "3H"])
    assert st.to_act == 0 and st.legal_actions() == ["burn", "keep"]
    top, nxt = order[10], order[11]
    assert top == "9S"
    assert st.view(0)["shown"] == ["9S"] and "shown" not in st.view(1)  # only he looks at it
    st.apply("keep")
    assert C.card_id("9S") in st.zones["hand"][0]
    assert C.names(st.zones["burned"][0]) == [nxt]
    assert st.view(1)["zones"]["burned"][0] == 1  # face down to the other player
    assert st.to_act == 1 and len(st.zones["stock"]) == 40


def test_h19_the_table_shows_a_player_the_card_he_burned_and_his_discards_but_not_the_others():
    """H18, H19: "he sees" the burned card; `cardrules play` shows his own burned and discarded cards."""
    g = ruleset()
    order = deal_order("AS KS QS JS 10S", "2H 3H 4H 5H 6H", ["9S"], [])
    st = start(g, 0, order, discards=["JS", "10S", "QS", "2H", "3H"])
    st.apply("keep")
    mine, theirs = Table(st, 0), Table(st, 1)
    burned = mine.w.card(C.card_id(order[11]))
    assert f"burned: {burned}" in mine.status()
    assert "discards: 10♠ J♠ Q♠" in mine.status()
    assert not any(burned in line or "10♠" in line for line in theirs.status())


def test_h19_burn_the_top_card_and_keep_the_next():
    g = ruleset()
    order = deal_order("AS KS QS JS 10S", "2H 3H 4H 5H 6H", ["9S"], [])
    st = start(g, 0, order, discards=["JS", "10S", "QS", "2H", "3H"])
    nxt = order[11]
    st.apply("burn")
    assert C.names(st.zones["burned"][0]) == ["9S"]
    assert C.card_id(nxt) in st.zones["hand"][0] and C.card_id("9S") not in st.zones["hand"][0]
    assert st.to_act == 1


@pytest.mark.parametrize("hakem", [0, 1])
def test_h19_twenty_one_turns_the_hakem_first_thirteen_cards_each(hakem):
    g = ruleset()
    order = deal_order("AS KS QS JS 10S", "2H 3H 4H 5H 6H", [], [])
    st = start(g, hakem, order, discards=["JS", "10S", "QS", "2H", "3H"])
    turns = []
    while st.legal_actions() == ["burn", "keep"]:
        turns.append(st.to_act)
        st.apply("burn" if len(turns) % 3 else "keep")
    assert turns == [(hakem + t) % 2 for t in range(21)]  # alternating, the hakem first: 11 turns to 10
    assert [len(h) for h in st.zones["hand"]] == [13, 13] and st.zones["stock"] == []
    assert sorted(map(len, st.zones["burned"])) == [10, 11]
    assert st.to_act == hakem and all(a.startswith("play ") for a in st.legal_actions())  # H20


# ---- H20: play -----------------------------------------------------------------------------------------


def test_h20_the_hakem_leads_follow_suit_trump_wins():
    g = ruleset()
    hakem_keeps = ["QH"] + [f"{r}S" for r in "2 3 4 5 6 7 8 9 10 J".split()]
    other_keeps = ["3H", "QS", "KS", "AS", "6D", "7D", "8D", "9D", "10D", "JD"]
    order = deal_order("AH 2C 3C 4C 5C", "KH 2D 3D 4D 5D", hakem_keeps, other_keeps)
    st = start(g, 0, order, trump="S", discards=["3C", "4C", "5C", "4D", "5D"])
    keep_all(st)
    assert C.names(st.zones["hand"][0]) == sorted(["AH", "2C"] + hakem_keeps, key=C.card_id)
    assert st.to_act == 0  # the hakem leads
    st.apply("play QH")
    assert st.legal_actions() == ["play 3H", "play KH"]  # follow suit
    st.apply("play KH")
    assert st.to_act == 1  # KH took it; the winner leads
    st.apply("play 2D")
    assert len(st.legal_actions()) == 12  # no diamond: anything
    st.apply("play 2S")
    assert st.trick_state.last_winner == 0 and st.to_act == 0  # the trump wins


def test_h20_the_hand_ends_at_seven_tricks():
    g = ruleset()
    order, discards = all_spades_to(g, 0, 0)
    st = start(g, 0, order, discards=discards)
    keep_all(st)
    hand = play_out_hand(st)
    assert hand["counters"]["tricks"] == [7, 0]


# ---- H21: scoring and the game ------------------------------------------------------------------------


@pytest.mark.parametrize("hakem,winner,points", [(0, 0, 2), (1, 1, 2), (0, 1, 3), (1, 0, 3)])
def test_h21_a_kot_scores_2_or_3_against_the_hakem(hakem, winner, points):
    g = ruleset()
    order, discards = all_spades_to(g, hakem, winner)
    st = start(g, hakem, order, discards=discards)
    keep_all(st)
    hand = play_out_hand(st)
    assert hand["counters"]["tricks"][winner] == 7 and hand["counters"]["tricks"][1 - winner] == 0
    assert hand["points"][winner] == points and hand["points"][1 - winner] == 0


def test_h21_seven_to_one_scores_one():
    """The other player holds AS alone among the spades; the hakem leads 2S, AS takes trick 1,
    then the hakem's twelve spades take seven."""
    g = ruleset()
    order = deal_order("KS QS " + JUNK_H, "AS 5D 6D 7D 8D", spades_but("AS KS QS"), [])
    discards = JUNK_H.split() + ["5D", "6D"]
    st = start(g, 0, order, discards=discards)
    keep_all(st)
    assert len([c for c in st.zones["hand"][0] if C.SUIT[c] == 0]) == 12
    st.apply("play 2S")
    st.apply("play AS")
    hand = play_out_hand(st)
    assert hand["counters"]["tricks"][0] == 7 and hand["counters"]["tricks"][1] >= 1
    assert hand["points"] == [1, 0]


def test_h21_the_game_is_to_seven():
    g = ruleset()
    order, discards = all_spades_to(g, 0, 0)
    st = start(g, 0, order, discards=discards)
    keep_all(st)
    st.scores = [5, 6]
    play_out_hand(st)
    assert st.over and st.winner == 0 and st.scores == [7, 6]


def test_h21_options_h14_h16_apply_as_in_the_four_player_game():
    g = ruleset("hokm-2p-bam")
    order, discards = all_spades_to(g, 0, 0)
    st = start(g, 0, order, discards=discards)
    keep_all(st)
    while st.legal_actions() != ["bam", "stop"]:
        st.apply(st.legal_actions()[0])
    st.apply("bam")  # H14: all 13 tricks win the match at once
    play_out_hand(st)
    assert st.over and st.winner == 0
    assert ruleset("hokm-2p-rounds-2").rounds == 2
    reset = ruleset("hokm-2p-kot-at-six-reset")
    order, discards = all_spades_to(reset, 0, 1)
    st = start(reset, 0, order, discards=discards)
    keep_all(st)
    st.scores = [2, 6]
    play_out_hand(st)  # H16 reset: the player at 6 kots the hakem: he goes to 1, the kotted hakem to 6 and stays
    assert st.scores == [6, 1] and st.vars["hakem"] == 0
