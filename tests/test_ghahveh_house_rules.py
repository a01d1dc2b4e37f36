"""Ghahveh's house rules as variant files: Spades' nil bids and bags (VARIANTS.md, Ghahveh: "pagat calls it a
descendant of Spades. Spades' own house rules (nil bids, bags) are natural options").

- `ghahveh-nil.yaml`: a player may bid 0 (nil) besides 2 to 13 (G4); each nil scores +100 if its bidder takes
  no trick, -100 if he takes any, and his tricks count for his side's contract (G9), as Spades' X3, X5.
- `ghahveh-bags.yaml`: tricks over a made contract are bags, counted per side through the game; each time a
  side's bags reach 10 it loses 100 and 10 come off the count (G9), as Spades' X6.
- `ghahveh-spades-rules.yaml`: both.

Every scenario deals a fixed deck (packets of 5, 4, 4 from the seat after the dealer; the dealer of hand 1 is
seat 3) and plays it from per-seat scripts or by the first legal card, so that every move is checked by the
engine; each one is also played, where it can be, under `ghahveh.yaml`, to show the outcome differs.
"""

from __future__ import annotations

import pytest

from interpreter import IllegalAction, load
from interpreter import cards as C
from interpreter.table import Table
from tests.conftest import RULESETS, hands_round_the_table, packets_5_4_4
from tests.test_ghahveh_rules import EIGHT_FIVE, EIGHT_FIVE_HANDS


def ruleset(name: str = "ghahveh"):
    return load(RULESETS / f"{name}.yaml")


DECK = [C.NAMES[c] for c in ruleset().deck]


def deal_order(hands: list[str], dealer: int = 3) -> list[str]:
    """The deck order that leaves seat s holding hands[s] (G3: 5, 4, 4 each from the seat after the dealer)."""
    return packets_5_4_4(hands, (dealer + 1) % 4, DECK)


def start(g, hands: list[str], bids=(), later=()):
    """Hand 1 (dealer seat 3) from a fixed deal, then the bids, seat 0 first."""
    st = g.new_state(shuffles=[deal_order(hands), *later], seed=0)
    for b in bids:
        st.apply(f"bid {b}")
    return st


def play_scripts(st, scripts: dict[int, str]) -> dict:
    """Each seat plays the next card of its script when its turn comes, until the hand is scored; its record."""
    left = {s: text.split() for s, text in scripts.items()}
    done = len(st.hands)
    while len(st.hands) == done:
        st.apply(f"play {left[st.to_act].pop(0)}")
    return st.hands[done]


def play_out(st) -> dict:
    """The first legal action until the hand is scored; that hand's record."""
    done = len(st.hands)
    while len(st.hands) == done:
        st.apply(st.legal_actions()[0])
    return st.hands[done]


def bids_offered(st) -> list[int]:
    assert all(a.startswith("bid ") for a in st.legal_actions())
    return sorted(int(a.split()[1]) for a in st.legal_actions())


# EIGHT_FIVE: seat 0 takes tricks 1-8 (BJ, RJ, then spades), seat 1 tricks 9-13 (clubs); seats 2 and 3 none.


def sweep_hands() -> list[str]:
    """Seat 1 holds both jokers and the spades down to 4S, seat 0 3S 2S, seats 2 and 3 no spade: seat 1 takes
    all 13 tricks, whoever leads and whatever is played."""
    return hands_round_the_table({1: "BJ RJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S", 0: "3S 2S"}, {2: "S", 3: "S"},
                                 DECK)


NIL_RULESETS = ["ghahveh-nil", "ghahveh-spades-rules"]
BAGS_RULESETS = ["ghahveh-bags", "ghahveh-spades-rules"]


# ---- ghahveh-nil ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NIL_RULESETS)
def test_ghahveh_nil_bid_0_is_offered_besides_2_to_13_but_1_is_not(name):
    """ghahveh-nil.yaml (VARIANTS.md: "nil bids"): G4's bids 2-13, and 0 (nil); 1 stays below the least bid.
    The base offers no 0."""
    base = start(ruleset(), EIGHT_FIVE_HANDS)
    assert bids_offered(base) == list(range(2, 14))
    with pytest.raises(IllegalAction):
        base.apply("bid 0")
    st = start(ruleset(name), EIGHT_FIVE_HANDS)
    for seat in range(4):  # every seat may bid nil, partners both included
        assert st.to_act == seat and bids_offered(st) == [0] + list(range(2, 14))
        with pytest.raises(IllegalAction):
            st.apply("bid 1")
        st.apply("bid 0")
    assert st.counters["bid"] == [0, 0, 0, 0]
    assert all(a.startswith("play ") for a in st.legal_actions())  # one round of bids, as G4


@pytest.mark.parametrize("name", NIL_RULESETS)
@pytest.mark.parametrize("bids,nil,contract,points", [
    # seats 2 and 3 bid nil and take no trick: +100 each; side 0 makes 4 with 8 (44), side 1 makes 3 with 5 (32)
    ([4, 3, 0, 0], [100, 100], [44, 32], [144, 132]),
    # seat 0 bids nil and takes 8: -100; his 8 tricks make his partner's 2 (20 + 6); side 1 makes 5 exactly
    ([0, 3, 2, 2], [-100, 0], [26, 50], [-74, 50]),
    # seat 0's tricks count for seat 2's 4, which seat 2 alone (no trick) would have failed
    ([0, 3, 4, 2], [-100, 0], [44, 50], [-56, 50]),
    # both of side 0 bid nil: seat 0 fails, seat 2 makes it; the contract of 0 is made with 8 (0 + 8)
    ([0, 3, 0, 2], [0, 0], [8, 50], [8, 50]),
])
def test_ghahveh_nil_scores_100_without_a_trick_minus_100_with_one(name, bids, nil, contract, points):
    """ghahveh-nil.yaml (VARIANTS.md: "nil bids"): each nil +100 / -100 by its bidder's own tricks, the side's
    contract scored by G9 with the nil bidder's tricks counted, as Spades' X5."""
    st = start(ruleset(name), EIGHT_FIVE_HANDS, bids=bids)
    hand = play_scripts(st, EIGHT_FIVE)
    assert hand["counters"]["tricks"] == [8, 5, 0, 0]  # each seat's own
    assert hand["counters"]["bid"] == bids
    assert hand["rows"]["nil"] == nil and hand["rows"]["contract points"] == contract
    assert hand["points"][0] - hand["rows"].get("bag penalty", [0, 0])[0] == points[0]
    assert hand["points"][1] - hand["rows"].get("bag penalty", [0, 0])[1] == points[1]
    if name == "ghahveh-nil":
        assert hand["points"] == points and "bag penalty" not in hand["rows"]


def test_ghahveh_nil_the_same_hand_under_the_base():
    """ghahveh-nil.yaml: the base on the same deal, with 2 for each nil (its least bid), scores G9 alone."""
    st = start(ruleset(), EIGHT_FIVE_HANDS, bids=[4, 3, 2, 2])
    hand = play_scripts(st, EIGHT_FIVE)
    assert hand["counters"]["tricks"] == [8, 5]  # per side in the base
    assert hand["points"] == [62, 50] and set(hand["rows"]) == {"contract points"}
    nil = start(ruleset("ghahveh-nil"), EIGHT_FIVE_HANDS, bids=[4, 3, 2, 2])
    assert play_scripts(nil, EIGHT_FIVE)["points"] == [62, 50]  # no nil bid, no change


def test_ghahveh_nil_the_jokers_still_rule_a_nil_bidders_play():
    """ghahveh-nil.yaml: G7 is unchanged: a nil bidder holding BJ must still play it by the 10th trick, even
    on the lead of a suit he holds, and BJ takes that trick unless RJ comes to it: his nil fails."""
    hands = [
        "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S AH",
        "2C 3H 4H 5H 6H 7H 8H 9H 10H BJ KH QH JH",
        "2S 3D 4D 5D 6D 7D 8D 9D 10D AD JD QD KD",
        "AC 3C 4C 5C 6C 7C 8C 9C 10C RJ JC QC KC",
    ]
    st = start(ruleset("ghahveh-nil"), hands, bids=[13, 0, 2, 2])  # seat 1: nil, with BJ in hand
    for lead in "AS KS QS JS 10S 9S 8S 7S 6S".split():  # seat 0 wins nine spade tricks; seat 1 keeps BJ
        st.apply(f"play {lead}")
        for _ in range(3):
            st.apply(next(a for a in st.legal_actions() if a not in ("play BJ", "play RJ")))
    assert st.trick_state.number == 10 and st.to_act == 0 and st.counters["tricks"] == [9, 0, 0, 0]
    st.apply("play AH")
    assert st.legal_actions() == ["play BJ"]  # G7, though he holds hearts
    st.apply("play BJ")
    st.apply(st.legal_actions()[0])  # seat 2, void in hearts: a diamond
    assert "play RJ" in st.legal_actions()  # seat 3: RJ could come now, and would save the nil; it does not
    st.apply(next(a for a in st.legal_actions() if a != "play RJ"))
    assert st.trick_state.last_winner == 1 and st.counters["tricks"] == [9, 1, 0, 0]
    hand = play_out(st)
    assert hand["rows"]["nil"][1] == -100


# ---- ghahveh-bags -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BAGS_RULESETS)
def test_ghahveh_bags_are_counted_through_the_game_and_ten_cost_100(name):
    """ghahveh-bags.yaml (VARIANTS.md: "bags"): side 1 takes all 13 tricks on a contract of 4 twice: 9 bags,
    then 18, which cost 100 and leave 8. Under the base the same two hands score 49 each."""
    totals = {}
    for game in ("ghahveh", name):
        later = [deal_order(sweep_hands(), dealer=0)]
        st = start(ruleset(game), sweep_hands(), bids=[2, 2, 2, 2], later=later)
        first = play_out(st)
        assert first["points"] == [-40, 49]  # G9: contract 4 failed; contract 4 made with 9 over
        assert st.dealer == 0  # G3: side 1 is ahead, the deal passes
        for _ in range(4):
            st.apply("bid 2")
        second = play_out(st)
        totals[game] = second["totals"]
        if game == "ghahveh":
            assert "bags" not in st.counters and second["points"] == [-40, 49]
        else:
            assert first["rows"]["bag penalty"] == [0, 0] and first["values"]["overtricks"] == [0, 9]
            assert first["values"]["bags_carried"] == [0, 9]
            assert second["rows"]["bag penalty"] == [0, -100] and second["points"] == [-40, 49 - 100]
            assert second["values"]["bags_carried"] == [0, 8]
            assert st.counters["bags"] == [0, 8]  # 18 less the 10 paid for; side 0 failed: no bags
    assert totals == {"ghahveh": [-80, 98], name: [-80, -2]}


@pytest.mark.parametrize("name", BAGS_RULESETS)
def test_ghahveh_bags_below_ten_cost_nothing_and_a_failed_contract_has_none(name):
    """ghahveh-bags.yaml: the 8-5 hand with bids 2 2 5 2: side 0 made 7 with 8 (1 bag), side 1 made 4 with 5
    (1 bag); then bids 5 2 5 2: side 0 fails 10 (no bag). The points are G9's; only the count changes."""
    later = [deal_order(EIGHT_FIVE_HANDS, dealer=3)]
    st = start(ruleset(name), EIGHT_FIVE_HANDS, bids=[2, 2, 5, 2], later=later)
    hand = play_scripts(st, EIGHT_FIVE)
    assert hand["points"] == [71, 41] and hand["rows"]["bag penalty"] == [0, 0]
    assert st.counters["bags"] == [1, 1]
    assert st.dealer == 3  # G3: the dealer's side is behind, he deals again
    for b in (5, 2, 5, 2):
        st.apply(f"bid {b}")
    hand = play_scripts(st, EIGHT_FIVE)
    assert hand["points"] == [-100, 41] and st.counters["bags"] == [1, 2]


@pytest.mark.parametrize("name", BAGS_RULESETS)
@pytest.mark.parametrize("carried,penalty,left", [(9, -100, 0), (8, 0, 9)])
def test_ghahveh_bags_exactly_ten_cost_100(name, carried, penalty, left):
    """ghahveh-bags.yaml: "each time a side's bags reach 10": 9 carried and 1 bag more cost 100 and leave
    none; 8 and 1 are 9, which cost nothing yet (the 8-5 hand: side 0 makes 7 with 8)."""
    st = start(ruleset(name), EIGHT_FIVE_HANDS, bids=[2, 2, 5, 2])
    st.counters["bags"] = [carried, 0]
    hand = play_scripts(st, EIGHT_FIVE)
    assert hand["rows"]["bag penalty"] == [penalty, 0] and hand["points"] == [71 + penalty, 41]
    assert st.counters["bags"] == [left, 1]


@pytest.mark.parametrize("name", BAGS_RULESETS)
def test_ghahveh_bags_the_table_says_the_penalty_apart_from_the_bags_carried(name):
    """ghahveh-bags.yaml: the row is the bag penalty, not "bags" (the counter's word: "bags: them −100" read
    as a count of bags); the hand's result shows the bags carried on after the hand, in both languages."""
    later = [deal_order(sweep_hands(), dealer=0)]
    st = start(ruleset(name), sweep_hands(), bids=[2, 2, 2, 2], later=later)
    play_out(st)
    for _ in range(4):
        st.apply("bid 2")
    play_out(st)
    first, second = Table(st, 0).hand_result(0), Table(st, 0).hand_result(1)
    assert "  bags carried: us 0, them 9" in first and not any("penalty" in x for x in first)
    assert "  bags carried: us 0, them 8" in second and "  bag penalty: us 0, them −100" in second
    assert not any(x.startswith("  bags:") for x in first + second)
    fa = Table(st, 0, "fa").hand_result(1)
    assert "  جریمه‌ی اضافه‌ها: ما: ۰، حریف: \u200e−۱۰۰\u200e\u200f" in fa and "  اضافه‌های مانده: ما: ۰، حریف: ۸" in fa
    for _ in range(4):  # hand 3: the bags carried in, shown in play (not while bidding: the bids say it)
        st.apply("bid 2")
    assert "bags carried: us 0, them 8" in " · ".join(Table(st, 0).status())


# ---- ghahveh-spades-rules ---------------------------------------------------------------------------------


def test_ghahveh_spades_rules_a_double_nil_side_can_take_13_bags_at_once():
    """ghahveh-spades-rules.yaml (VARIANTS.md: "nil bids, bags"): both rules at once. Side 1 bids nil twice and
    seat 1 takes all 13 tricks: nils -100 and +100, a contract of 0 made with 13 (13 points, 13 bags), which
    cost 100 once and leave 3 (as Spades' X6). ghahveh-nil alone scores the same hand 13."""
    points = {}
    for name in ("ghahveh-nil", "ghahveh-spades-rules"):
        st = start(ruleset(name), sweep_hands(), bids=[2, 0, 2, 0])
        hand = play_out(st)
        assert hand["counters"]["tricks"] == [0, 13, 0, 0]
        assert hand["rows"]["nil"] == [0, 0] and hand["rows"]["contract points"] == [-40, 13]
        points[name] = hand["points"]
        if name == "ghahveh-spades-rules":
            assert hand["rows"]["bag penalty"] == [0, -100] and st.counters["bags"] == [0, 3]
    assert points == {"ghahveh-nil": [-40, 13], "ghahveh-spades-rules": [-40, -87]}
    with pytest.raises(IllegalAction):  # and the base has no nil at all
        start(ruleset(), sweep_hands(), bids=[2, 0])
