"""Oh Hell house rules (RULES.md §5: "the usual house rules as options"), one variant file each.

Each scenario deals the same fixed decks under the variant and under oh-hell.yaml, bids and plays the same,
and checks that the outcome differs as the house rule says, and only there. The helpers are those of
tests/test_oh_hell_rules.py: `hand_order` gives each seat the cards a scenario names (seat 3 deals hand 1,
the deal passing round the table), then turns a card up for trump.
"""

from __future__ import annotations

import pytest

from interpreter import IllegalAction, load
from interpreter import cards as C
from interpreter.sheet import sheet
from tests.conftest import RULESETS
from tests.test_oh_hell_rules import SUIT, bid_all, hand_order, play_out_hand

HAND_1 = hand_order(["AS", "KS", "2H", "3H"], turned="4S")  # trump spades: seat 0's AS takes the trick
CANONICAL = list(C.NAMES[:52])


def ruleset(name: str = "oh-hell"):
    return load(RULESETS / f"{name}.yaml")


def play(st, *cards: str) -> None:
    for c in cards:
        st.apply(f"play {c}")


# ---- oh-hell-no-hook: the dealer may make the bids add up to k (Z3) ---------------------------------------


@pytest.mark.parametrize("bids,hooked,free", [
    ((0, 0, 0), ["bid 0"], ["bid 0", "bid 1"]),
    ((1, 0, 0), ["bid 1"], ["bid 0", "bid 1"]),
])
def test_no_hook_the_dealer_may_make_the_bids_add_up_to_k(bids, hooked, free):
    """oh-hell-no-hook.yaml: in hand 1 the rules keep the dealer from the bid that makes the four add up to 1;
    the house rule lets him bid it."""
    base, house = ruleset().new_state(shuffles=[HAND_1]), ruleset("oh-hell-no-hook").new_state(shuffles=[HAND_1])
    for st in (base, house):
        bid_all(st, *bids)
        assert st.to_act == 3 == st.dealer
    assert base.legal_actions() == hooked
    assert house.legal_actions() == free
    forbidden = next(a for a in free if a not in hooked)
    with pytest.raises(IllegalAction):
        base.apply(forbidden)
    house.apply(forbidden)
    assert sum(house.counters["bid"]) == 1  # the bids add up to k
    play(house, "AS", "KS", "2H", "3H")
    assert house.hands[0]["counters"]["bid"] == list(bids) + [int(forbidden.split()[1])]


def test_no_hook_in_a_later_hand():
    """oh-hell-no-hook.yaml: hand 2 (dealer seat 0), bids 0, 1, 0: the rules forbid the dealer's 1, the house
    rule allows every bid from 0 to 2."""
    decks = [HAND_1, hand_order(["AS KS", "AH KH", "AD KD", "AC KC"], dealer=0)]
    legal = {}
    for name in ("oh-hell", "oh-hell-no-hook"):
        st = ruleset(name).new_state(shuffles=decks)
        play_out_hand(st)
        bid_all(st, 0, 1, 0)
        assert st.to_act == 0 == st.dealer
        legal[name] = st.legal_actions()
    assert legal["oh-hell"] == ["bid 0", "bid 2"]
    assert legal["oh-hell-no-hook"] == ["bid 0", "bid 1", "bid 2"]


# ---- oh-hell-up-and-down: 1 … 13 … 1 cards, 25 hands (Z2, Z6) ----------------------------------------------


def cards_dealt(name: str) -> tuple[list[int], object]:
    """Play a whole game from the canonical deck order, the first legal move each time: the cards each
    player held at the start of each hand, and the final state."""
    st = ruleset(name).new_state(shuffles=[CANONICAL] * 25)
    dealt = []
    while not st.over:
        dealt.append(len(st.zones["hand"][0]))
        assert [len(h) for h in st.zones["hand"]] == [dealt[-1]] * 4
        play_out_hand(st)
    return dealt, st


def test_up_and_down_deals_1_to_13_then_back_down_to_1_in_25_hands():
    """oh-hell-up-and-down.yaml: the rules end after hand 13 (13 cards); the house rule goes on down, 12
    cards in hand 14 … 1 in hand 25, and ends after hand 25 with a winner or a draw as Z6 says."""
    base, base_st = cards_dealt("oh-hell")
    house, house_st = cards_dealt("oh-hell-up-and-down")
    assert base == list(range(1, 14)) and len(base_st.hands) == 13
    assert house == list(range(1, 14)) + list(range(12, 0, -1)) and len(house_st.hands) == 25
    assert house_st.over and (house_st.draw or house_st.winner == house_st.scores.index(max(house_st.scores)))


def test_up_and_down_hand_14_deals_12_turns_a_trump_and_bids_go_to_12():
    """oh-hell-up-and-down.yaml: hand 14 (dealer seat 0) deals 12 cards each and turns the 2♠ for trump; bids
    go from 0 to 12, and the dealer's hook is judged against 12: after three bids of 0 he may not bid 12.
    Holding all twelve trumps he takes every trick, and his 11 scores nothing. The rules' game is over
    after hand 13."""
    hands = [" ".join(r + s for r in C.RANKS if r != "2") for s in "SHDC"]
    decks = [CANONICAL] * 13 + [hand_order(hands, dealer=0, turned="2S")]
    base = ruleset().new_state(shuffles=decks)
    st = ruleset("oh-hell-up-and-down").new_state(shuffles=decks)
    for game in (base, st):
        for _ in range(13):
            play_out_hand(game)
    assert base.over and len(base.hands) == 13
    assert not st.over and st.dealer == 0 and st.to_act == 1
    assert [" ".join(C.names(h)) for h in st.zones["hand"]] == hands
    assert C.names(st.zones["turned"]) == ["2S"] and st.vars["trump"] == SUIT["S"]
    assert sorted(st.legal_actions(), key=lambda a: int(a.split()[1])) == [f"bid {k}" for k in range(13)]
    bid_all(st, 0, 0, 0)
    assert "bid 12" not in st.legal_actions() and "bid 11" in st.legal_actions()
    st.apply("bid 11")
    hand = play_out_hand(st)
    assert hand["counters"]["tricks"] == [12, 0, 0, 0]
    assert hand["points"] == [0, 10, 10, 10]


# ---- oh-hell-trick-points: 1 a trick, 10 more for exactly the bid (Z5) ----------------------------------------


def test_trick_points_a_missed_bid_still_scores_its_tricks():
    """oh-hell-trick-points.yaml, hand 1: seat 0 bids 0 and takes the trick with the A♠: nothing under the
    rules, 1 under the house rule; seat 2's exact 0 scores 10 under both; missed bids without a trick 0."""
    hands = {}
    for name in ("oh-hell", "oh-hell-trick-points"):
        st = ruleset(name).new_state(shuffles=[HAND_1])
        bid_all(st, 0, 1, 0, 1)
        play(st, "AS", "KS", "2H", "3H")
        hands[name] = st.hands[0]
    assert hands["oh-hell"]["counters"]["tricks"] == [1, 0, 0, 0]
    assert hands["oh-hell"]["points"] == [0, 0, 10, 0]
    assert hands["oh-hell-trick-points"]["points"] == [1, 0, 10, 0]


def test_trick_points_exact_bids_score_as_before_and_extra_tricks_count():
    """oh-hell-trick-points.yaml, hand 2 (trump spades): seat 0 bids 1 and takes 1 (11 under both), seat 1's 0
    is exact (10), seat 2 bids 0 and trumps the second trick (0, or 1 for the trick), seat 3's 2 fails."""
    decks = [HAND_1, hand_order(["AH 3C", "KH QD", "2H 4S", "AD 5C"], dealer=0, turned="2S")]
    hands = {}
    for name in ("oh-hell", "oh-hell-trick-points"):
        st = ruleset(name).new_state(shuffles=decks)
        play_out_hand(st)
        bid_all(st, 0, 0, 2, 1)  # seats 1, 2, 3, then the dealer
        play(st, "KH", "2H", "AD", "AH", "3C", "QD", "4S", "5C")
        hands[name] = st.hands[1]
    assert hands["oh-hell"]["counters"]["tricks"] == [1, 0, 1, 0]
    assert hands["oh-hell"]["counters"]["bid"] == [1, 0, 0, 2]
    assert hands["oh-hell"]["points"] == [11, 10, 0, 0]
    assert hands["oh-hell-trick-points"]["points"] == [11, 10, 1, 0]


def test_each_variant_sets_its_option_and_says_so_in_the_rules_sheet():
    base = ruleset().options
    assert base == {"hook": True, "up_and_down": False, "scoring": "exact"}
    for name, option, value in (("oh-hell-no-hook", "hook", False), ("oh-hell-up-and-down", "up_and_down", True),
                                ("oh-hell-trick-points", "scoring", "per_trick")):
        g = ruleset(name)
        assert g.options == dict(base, **{option: value})
        assert "house rule" in sheet(g, "en") and "قاعده‌ی خانگی" in sheet(g, "fa")
