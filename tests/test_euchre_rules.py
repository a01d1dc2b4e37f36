"""Euchre (rulesets/euchre.yaml): the common rules, from fixed decks. Seat 3 deals the first hand, so seat 0 is
dealt first: 3 cards to each seat, then 2 each, then the card turned up; the kitty is the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.errors import IllegalAction

EUCHRE = Path(__file__).resolve().parent.parent / "rulesets" / "euchre.yaml"


def deck(hands: list[str], turned: str, game) -> list[str]:
    """A deck order giving seat k the five cards hands[k] (written as one string) and turning up `turned`."""
    held = [h.split() for h in hands]
    front = [c for h in held for c in h[:3]] + [c for h in held for c in h[3:]] + [turned]
    ids = [C.card_id(x) for x in front]
    return [C.NAMES[c] for c in ids + [c for c in game.deck if c not in ids]]


HANDS = ["JH JD AH 9S 9C",   # seat 0: both red jacks and the ace of hearts
         "10H QS KS AS 10C",
         "QH KH 9D 10D JC",
         "AD KD QD 10S JS"]  # seat 3, the dealer


def start(hands=HANDS, turned="9H", name=EUCHRE):
    g = load(name)
    return g, g.new_state(shuffles=[deck(hands, turned, g)])


def test_the_deal_gives_five_each_and_turns_one_up():
    g, st = start()
    assert len(g.deck) == 24
    assert [len(h) for h in st.zones["hand"]] == [5, 5, 5, 5]
    assert C.names(st.zones["turned"]) == ["9H"] and len(st.zones["stock"]) == 3
    assert st.to_act == 0 and st.legal_actions() == ["order", "pass"]  # the dealer's left speaks first


def test_an_order_makes_the_turned_suit_trump_and_the_dealer_takes_the_card():
    g, st = start()
    st.apply("pass")
    st.apply("order")  # seat 1 orders hearts up
    assert st.vars["trump"] == C.SUITS.index("H") and st.vars["maker"] == 1
    assert st.to_act == 3 and "discard 9H" in st.legal_actions()  # the dealer holds the turned card now
    st.apply("discard 10S")
    assert C.names(st.zones["discards"][3]) == ["10S"] and not st.zones["turned"]
    assert st.to_act == 1 and st.legal_actions() == ["alone", "together"]


def test_when_all_pass_the_turned_suit_may_not_be_named():
    g, st = start()
    for _ in range(4):
        st.apply("pass")
    assert st.to_act == 0 and st.vars["maker"] == -1
    assert "trump H" not in st.legal_actions() and "trump no_suit" in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply("trump H")
    st.apply("trump no_suit")
    st.apply("trump D")  # seat 1 names diamonds: the round ends
    assert st.vars["trump"] == C.SUITS.index("D") and st.vars["maker"] == 1 and st.to_act == 1


def test_all_passing_twice_deals_again_from_the_next_dealer():
    g, st = start()
    for _ in range(4):
        st.apply("pass")
    for _ in range(4):
        st.apply("trump no_suit")
    assert st.dealer == 0 and len(st.decks) == 2  # a new shuffle, dealt by the next seat
    assert st.to_act == 1 and st.legal_actions() == ["order", "pass"]


def test_stick_the_dealer_makes_the_dealer_name_trump(tmp_path):
    variant = tmp_path / "stick.yaml"
    variant.write_text(f"extends: {EUCHRE}\nname: stick\noptions:\n  stick_the_dealer: true\n")
    g, st = start(name=variant)
    for _ in range(4):
        st.apply("pass")
    for _ in range(3):
        st.apply("trump no_suit")
    assert st.to_act == 3 and st.legal_actions() == ["trump C", "trump D", "trump S"]


def test_the_bowers_are_the_top_trumps_and_the_left_bower_follows_trump():
    """Hearts trump: the jack of hearts (right bower) beats the jack of diamonds (left bower), which is a heart
    here and beats the ace of hearts; a player holding the left bower and no other heart must follow with it."""
    hands = ["9S JD KS QS 9C",
             "JH 10S AS 10C QC",
             "AH QH KH 9D 10D",
             "AD KD QD JS JC"]
    g, st = start(hands)
    st.apply("order")  # seat 0 orders hearts up
    st.apply("discard 9H")  # the dealer throws the turned card straight back
    st.apply("together")
    st.apply("play 9S")
    st.apply("play AS")  # seat 1 wins the spade lead
    st.apply("play KH")  # seat 2 trumps it
    st.apply("play JS")
    assert st.counters["tricks"] == [1, 0]  # seat 2 (side 0) took it with a trump
    assert st.to_act == 2
    st.apply("play AH")  # a heart led: seat 3 has no heart; seat 0 holds only the left bower
    st.apply("play JC")
    assert st.legal_actions() == ["play JD"]
    st.apply("play JD")
    st.apply("play JH")
    assert st.counters["tricks"] == [1, 1]  # the right bower beats the left, which beat the ace


def test_a_lone_maker_plays_without_the_partner_and_a_march_alone_scores_four():
    hands = ["JH JD AH KH QH",   # seat 0 holds the five top hearts
             "10H QS KS AS 10C",
             "9D 10D JC QC KC",
             "AD KD QD 10S JS"]
    g, st = start(hands)
    st.apply("order")
    st.apply("discard 9H")
    st.apply("alone")
    assert not st.zones["hand"][2] and len(st.zones["out"]) == 5  # the partner lays the hand down
    for trick in range(5):
        if trick == 4:
            assert len(st.zones["won"][0]) == 12  # four tricks of three cards each
        assert st.to_act == 0  # seat 0 leads: the first time as the dealer's left, then by winning
        for _ in range(3):
            st.apply(st.legal_actions()[0])
    assert st.hands[-1]["rows"]["made"] == [4, 0] and st.scores == [4, 0]


def test_makers_short_of_three_tricks_are_euchred():
    hands = ["9S 9C 10C QC KC",   # seat 0 orders with nothing
             "JH JD AH KH QH",
             "10H QS KS AS AC",
             "AD KD QD 10S JS"]
    g, st = start(hands)
    st.apply("order")
    st.apply("discard 9H")
    st.apply("together")
    while len(st.hands) < 1:
        st.apply(st.legal_actions()[0])
    side0, side1 = st.hands[0]["counters"]["tricks"]
    assert side0 < 3 and st.hands[0]["rows"]["euchred"] == [0, 2] and st.hands[0]["rows"]["made"] == [0, 0]
