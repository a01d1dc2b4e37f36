"""Spades house rules (RULES.md §5: "the usual house rules as options"), one variant file each.

Each scenario deals the same fixed decks under the variant and under spades.yaml, bids the same and plays
the same, and checks that the outcome differs as the house rule says, and only there. The helpers are those
of tests/test_spades_rules.py: in most scenarios one seat holds all thirteen spades, so its side takes every
trick whatever is played.
"""

from __future__ import annotations

from interpreter.sheet import sheet
from tests.test_spades_rules import SPADES, bid_all, deal, play_out, ruleset

# ---- spades-nil-50: a nil is worth 50 (X5) ---------------------------------------------------------------


def test_nil_50_a_made_nil_scores_50_and_a_failed_one_costs_50():
    """spades-nil-50.yaml: seat 2 holds every spade and takes every trick. Seat 1's nil is made, seat 2's
    fails: +100 and -100 under the rules, +50 and -50 under the house rule; the contracts score the same
    (seat 2's tricks still count for side 0's 4)."""
    hands = {}
    for name in ("spades", "spades-nil-50"):
        st = ruleset(name).new_state(shuffles=[deal({2: SPADES})])
        bid_all(st, 4, 0, 0, 3)
        hands[name] = play_out(st)
    base, house = hands["spades"], hands["spades-nil-50"]
    assert base["counters"]["tricks"] == house["counters"]["tricks"] == [0, 0, 13, 0]
    assert base["rows"]["contract"] == house["rows"]["contract"] == [49, -30]
    assert base["rows"]["nil"] == [-100, 100]
    assert house["rows"]["nil"] == [-50, 50]
    assert base["points"] == [-51, 70]
    assert house["points"] == [-1, 20]


def test_nil_50_two_nils_of_one_side():
    """spades-nil-50.yaml: seat 0 holds every spade; seats 1 and 3 both bid nil and take nothing: 100 each
    under the rules, 50 each under the house rule; seat 0's failed nil costs 50."""
    hands = {}
    for name in ("spades", "spades-nil-50"):
        st = ruleset(name).new_state(shuffles=[deal({0: SPADES})])
        bid_all(st, 0, 0, 3, 0)
        hands[name] = play_out(st)
    assert hands["spades"]["rows"]["nil"] == [-100, 200]
    assert hands["spades-nil-50"]["rows"]["nil"] == [-50, 100]


# ---- spades-no-bags: no bag penalty, no bags carried (X6) ----------------------------------------------------


def three_hands(name: str) -> tuple[list[dict], object]:
    """tests/test_spades_rules.py's X6 scenario: side 0 takes 7 bags, side 1 9, then side 0 4 more."""
    g = ruleset(name)
    st = g.new_state(shuffles=[deal({0: SPADES}), deal({1: SPADES}, dealer=0), deal({0: SPADES}, dealer=1)])
    hands = []
    for bids in ((3, 3, 3, 0), (2, 2, 2, 2), (5, 5, 4, 0)):
        bid_all(st, *bids)
        hands.append(play_out(st))
    return hands, st


def test_no_bags_ten_bags_cost_nothing_and_are_not_carried():
    """spades-no-bags.yaml: 7 bags, then 4 more: under the rules side 0 loses 100 in hand 3 and carries 1;
    under the house rule it loses nothing and carries none. Each overtrick still scores 1 in both."""
    base, base_st = three_hands("spades")
    house, house_st = three_hands("spades-no-bags")
    for b, h in zip(base, house):
        assert b["rows"]["contract"] == h["rows"]["contract"]  # X5: 10 a trick bid, 1 a bag, as before
        assert h["rows"]["bag penalty"] == [0, 0]
        assert h["counters"]["bags"] == [0, 0]  # nothing carried in from an earlier hand
    assert base[2]["rows"]["bag penalty"] == [-100, 0] and base_st.counters["bags"] == [1, 9]
    assert base[2]["points"][0] == 90 + 4 - 100
    assert house[2]["points"][0] == 90 + 4
    assert house_st.counters["bags"] == [0, 0]
    assert base_st.scores[0] - house_st.scores[0] == -100


def test_no_bags_thirteen_bags_at_once_cost_nothing():
    """spades-no-bags.yaml: all four bid nil and seat 0 takes every trick: side 0's contract 0 has 13 bags,
    100 off under the rules (3 carried), nothing under the house rule; the table shows no bags carried."""
    hands, states = {}, {}
    for name in ("spades", "spades-no-bags"):
        st = ruleset(name).new_state(shuffles=[deal({0: SPADES})])
        bid_all(st, 0, 0, 0, 0)
        hands[name], states[name] = play_out(st), st
    base, house = hands["spades"], hands["spades-no-bags"]
    assert base["rows"]["contract"] == house["rows"]["contract"] == [13, 0]
    assert base["rows"]["bag penalty"] == [-100, 0] and states["spades"].counters["bags"] == [3, 0]
    assert house["rows"]["bag penalty"] == [0, 0] and states["spades-no-bags"].counters["bags"] == [0, 0]
    assert base["values"]["bags_carried"] == [3, 0] and house["values"]["bags_carried"] == [0, 0]
    assert house["points"] == [13, 200] and base["points"] == [-87, 200]


def test_each_variant_sets_its_option_and_says_so_in_the_rules_sheet():
    base = ruleset().options
    assert base["nil_value"] == 100 and base["bag_penalty"] is True
    for name, option, value in (("spades-nil-50", "nil_value", 50), ("spades-no-bags", "bag_penalty", False)):
        g = ruleset(name)
        assert g.options == dict(base, **{option: value})
        assert "house rule" in sheet(g, "en") and "قاعده‌ی خانگی" in sheet(g, "fa")
