"""Spades, rule by rule: scenario tests for X1-X7 of RULES.md §5.

Every hand deals 13 cards to each seat one at a time, starting after the dealer (seat 3 deals hand 1).
`deal` builds that deck order from the four hands a scenario names (`hands_round_the_table` fills the
rest, keeping the voids a scenario asks for). In most scenarios one seat holds all thirteen spades, so
its side takes every trick whatever is played, and `play_out` plays the first legal card throughout.
"""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter import load
from tests.conftest import RULESETS, hands_round_the_table, one_at_a_time

SPADES = " ".join(r + "S" for r in C.RANKS)


def ruleset(name: str = "spades", **options):
    return load(RULESETS / f"{name}.yaml", options=options or None)


def deal(fixed: dict[int, str], void: dict[int, str] | None = None, dealer: int = 3) -> list[str]:
    hands = hands_round_the_table(fixed, void, list(C.NAMES[:52]))
    return one_at_a_time(hands, (dealer + 1) % 4)


def bid_all(st, *bids: int) -> None:
    for b in bids:
        st.apply(f"bid {b}")


def play_out(st) -> dict:
    done = len(st.hands)
    while len(st.hands) == done and not st.over:
        st.apply(st.legal_actions()[0])
    return st.hands[done]


def bids_by_value(actions: list[str]) -> list[int]:
    return sorted(int(a.split()[1]) for a in actions)


# ---- X1: four in partnerships, 52 cards, ace high, spades trump -------------------------------------


def test_x1_partnerships_52_cards():
    g = ruleset()
    assert g.players == 4 and g.sides == 2 and g.side_of == (0, 1, 0, 1)
    assert sorted(g.deck) == list(range(52))


@pytest.mark.parametrize("trick,void,winner", [
    ("AH 2S KH QH", {1: "H"}, 1),  # the smallest spade beats the ace of the suit led
    ("KD AD 2D 3D", None, 1),  # ace high
    ("2C 3S 4S 3C", {1: "C", 2: "C"}, 2),  # the highest spade
])
def test_x1_spades_are_always_trump(trick, void, winner):
    cards = trick.split()
    st = ruleset().new_state(shuffles=[deal(dict(enumerate(cards)), void)])
    bid_all(st, 3, 3, 3, 3)
    for c in cards:
        st.apply(f"play {c}")
    assert st.trick_state.last_winner == winner and st.to_act == winner  # X4: the winner leads next


# ---- X2: 13 each, one at a time, after the dealer; the deal passes -------------------------------------


def test_x2_thirteen_each_one_at_a_time_starting_after_the_dealer():
    g = ruleset()
    order = list(C.NAMES[:52])
    st = g.new_state(shuffles=[order])
    assert st.dealer == 3
    for seat in range(4):
        assert C.names(st.zones["hand"][seat]) == sorted(order[seat::4], key=C.card_id)
    assert st.to_act == 0


def test_x2_the_deal_passes_to_the_next_seat():
    g = ruleset(minus_200=False)
    st = g.new_state(shuffles=[deal({0: SPADES}), list(C.NAMES[:52])])
    bid_all(st, 4, 0, 4, 0)
    play_out(st)
    assert st.dealer == 0 and st.to_act == 1
    assert C.names(st.zones["hand"][1]) == sorted(C.NAMES[0:52:4], key=C.card_id)


# ---- X3: bids 0 to 13, nil, partners together at most 13 ------------------------------------------------


def test_x3_bids_0_to_13_from_after_the_dealer_bid_0_is_nil():
    st = ruleset().new_state(shuffles=[deal({})])
    assert st.to_act == 0 and bids_by_value(st.legal_actions()) == list(range(14))
    st.apply("bid 0")  # nil
    assert st.counters["bid"] == [0, 0, 0, 0] and st.to_act == 1


@pytest.mark.parametrize("first,partner_max", [(10, 3), (13, 0), (0, 13), (6, 7)])
def test_x3_partners_bids_together_at_most_13(first, partner_max):
    st = ruleset().new_state(shuffles=[deal({})])
    bid_all(st, first)
    assert bids_by_value(st.legal_actions()) == list(range(14))  # seat 1: the other side is not limited
    bid_all(st, 12)
    assert st.to_act == 2 and bids_by_value(st.legal_actions()) == list(range(partner_max + 1))
    bid_all(st, partner_max)
    assert st.to_act == 3 and bids_by_value(st.legal_actions()) == [0, 1]  # 12 + 1 = 13


def test_x3_a_sides_contract_is_the_sum_of_its_bids():
    st = ruleset().new_state(shuffles=[deal({0: SPADES})])
    bid_all(st, 4, 2, 3, 1)
    hand = play_out(st)
    assert hand["values"]["contract"] == [7, 3]


# ---- X4: the lead, following, spades broken ------------------------------------------------------------


def test_x4_the_player_after_the_dealer_leads_and_must_follow_suit():
    st = ruleset().new_state(shuffles=[deal({0: "KH", 1: "2H 2C"})])
    bid_all(st, 3, 3, 3, 3)
    assert st.to_act == 0
    st.apply("play KH")
    assert all(a.endswith("H") for a in st.legal_actions())


def test_x4_no_spade_led_before_spades_are_broken():
    st = ruleset().new_state(shuffles=[deal({0: "AS 2H", 1: "3H 2S"}, void={2: "H"})])
    bid_all(st, 3, 3, 3, 3)
    leads = st.legal_actions()
    assert "play AS" not in leads and "play 2H" in leads
    assert all(not a.endswith("S") for a in leads)
    st.apply("play 2H")
    assert "play 2S" not in st.legal_actions()  # seat 1 holds a heart: he must follow
    st.apply("play 3H")
    spade = next(a for a in st.legal_actions() if a.endswith("S"))
    st.apply(spade)  # seat 2, void in hearts, trumps in: spades are broken
    st.apply(st.legal_actions()[0])
    leader = st.to_act
    assert leader == 2
    assert any(a.endswith("S") for a in st.legal_actions())  # a spade may now be led


def test_x4_a_leader_holding_only_spades_may_lead_one():
    st = ruleset().new_state(shuffles=[deal({0: SPADES})])
    bid_all(st, 3, 3, 3, 3)
    assert sorted(st.legal_actions()) == sorted(f"play {c}" for c in SPADES.split())


# ---- X5: scoring a hand -------------------------------------------------------------------------------


def test_x5_made_contract_scores_ten_each_and_one_a_bag_failed_minus_ten_each():
    st = ruleset().new_state(shuffles=[deal({0: SPADES})])
    bid_all(st, 4, 2, 3, 1)  # side 0 takes all 13 tricks
    hand = play_out(st)
    tricks = hand["counters"]["tricks"]
    assert tricks[0] == 13 and sum(tricks) == 13
    assert hand["rows"]["contract"] == [70 + 6, -30]
    assert hand["points"] == [76, -30]


def test_x5_nil_made_and_failed_and_a_nil_bidders_tricks_count_for_the_contract():
    st = ruleset().new_state(shuffles=[deal({2: SPADES})])  # seat 2 takes every trick
    bid_all(st, 4, 0, 0, 3)  # seat 1 nil (makes it), seat 2 nil (fails)
    hand = play_out(st)
    assert hand["counters"]["tricks"] == [0, 0, 13, 0]
    assert hand["rows"]["nil"] == [-100, 100]
    # side 0's contract 4 is made with its nil bidder's 13 tricks: 40 + 9 bags; side 1 failed 3
    assert hand["rows"]["contract"] == [49, -30]
    assert hand["points"] == [-51, 70]


# ---- X6: bags carry over; ten of them cost 100 -------------------------------------------------------


def test_x6_bags_accumulate_and_ten_cost_100():
    g = ruleset(minus_200=False)
    st = g.new_state(shuffles=[deal({0: SPADES}), deal({1: SPADES}, dealer=0), deal({0: SPADES}, dealer=1)])
    bid_all(st, 3, 3, 3, 0)  # side 0: contract 6, takes 13: 7 bags
    first = play_out(st)
    assert first["rows"]["bag penalty"] == [0, 0] and st.counters["bags"] == [7, 0]
    bid_all(st, 2, 2, 2, 2)  # hand 2 (dealer 0): side 1 takes 13 with contract 4: 9 bags
    second = play_out(st)
    assert second["rows"]["bag penalty"] == [0, 0] and st.counters["bags"] == [7, 9]
    bid_all(st, 5, 5, 4, 0)  # hand 3 (dealer 1, seat 2 bids first): side 0 contract 9, 4 more bags: 11
    third = play_out(st)
    assert third["rows"]["bag penalty"] == [-100, 0]
    assert third["points"][0] == 90 + 4 - 100
    assert st.counters["bags"] == [1, 9]  # ten taken off


def test_x6_thirteen_bags_at_once_cost_100_and_leave_three():
    st = ruleset().new_state(shuffles=[deal({0: SPADES})])
    bid_all(st, 0, 0, 0, 0)  # seat 0's nil fails, the others are made; side 0's contract 0 takes 13: 13 bags
    hand = play_out(st)
    assert hand["rows"]["bag penalty"] == [-100, 0] and hand["rows"]["nil"] == [-100 + 100, 200]
    assert st.counters["bags"] == [3, 0]


# ---- X7: the game ------------------------------------------------------------------------------------


def test_x7_500_alone_on_top_wins():
    st = ruleset().new_state(shuffles=[deal({0: SPADES})])
    bid_all(st, 4, 2, 3, 1)
    st.scores = [430, 100]
    play_out(st)  # +76
    assert st.over and st.winner == 0 and st.scores == [506, 70]


@pytest.mark.parametrize("before,over", [(424, True), (423, False)])
def test_x7_exactly_500_is_enough(before, over):
    """X7: "500 or more": a side that lands on 500 itself wins; 499 plays on."""
    st = ruleset().new_state(shuffles=[deal({0: SPADES}), deal({})])
    bid_all(st, 4, 2, 3, 1)
    st.scores = [before, 100]
    play_out(st)  # +76
    assert st.scores[0] == before + 76 and st.over == over and st.winner == (0 if over else None)


@pytest.mark.parametrize("before,over", [(-170, True), (-169, False)])
def test_x7_exactly_minus_200_loses(before, over):
    """X7 option: "−200 or below" loses at once: −200 itself does; −199 plays on."""
    st = ruleset().new_state(shuffles=[deal({0: SPADES}), deal({})])
    bid_all(st, 4, 2, 3, 1)  # side 1 fails 3: -30
    st.scores = [0, before]
    play_out(st)
    assert st.scores == [76, before - 30] and st.over == over and st.winner == (0 if over else None)


def test_x7_option_minus_200_loses_at_once_on_by_default():
    for name, over in (("spades", True), ("spades-no-minus-200", False)):
        st = ruleset(name).new_state(shuffles=[deal({0: SPADES}), deal({})])
        bid_all(st, 4, 2, 3, 1)  # side 1 fails 3: -30
        st.scores = [0, -180]
        play_out(st)
        assert st.scores == [76, -210]
        assert st.over == over and st.winner == (0 if over else None)


def test_x7_both_at_minus_200_the_higher_wins():
    st = ruleset().new_state(shuffles=[deal({0: SPADES})])
    bid_all(st, 0, 6, 0, 6)  # side 0: nils -100 and +100, 13 bags (13 - 100); side 1 fails 12 (-120)
    st.scores = [-150, -90]
    hand = play_out(st)
    assert hand["points"] == [-87, -120] and st.scores == [-237, -210]
    assert st.over and st.winner == 1


def test_x7_both_at_the_same_score_below_minus_200_play_on():
    """X7 option: a side at −200 or below loses to the other — but two sides level there have no winner
    between them, and the game goes on (as a tie on top at 500 does)."""
    st = ruleset().new_state(shuffles=[deal({0: SPADES}), deal({})])
    bid_all(st, 4, 2, 3, 1)
    st.scores = [-286, -180]
    play_out(st)  # +76 and -30
    assert st.scores == [-210, -210] and not st.over and st.winner is None


def test_the_table_says_why_a_game_ended_at_minus_200():
    """X7: a side at −200 or below loses at once. The game-over line said only the score (`you lost −267 to
    198`; a table audit); the ruleset's win_doc now follows it, where the game ended by that rule."""
    from click.testing import CliRunner

    from cli import main

    result = CliRunner().invoke(main, ["play", "spades", "--bots", "greedy", "--seed", "3"], input="4\n" + "1\n" * 400)
    lines = result.output.splitlines()
    over = next(i for i, x in enumerate(lines) if x.startswith("══ game over"))
    lost = lines[over].split("you lost −")[1].split()[0]  # the bots' play decides by how much
    assert int(lost) >= 200 and lines[over + 1] == "  a side at −200 or below loses at once (X7)", lines[over:]


def test_x5_a_nil_made_or_failed_is_said_at_the_hands_end():
    """X5: a failed nil showed only as a score line ('nil: us −100'); the table says which side's nil failed or
    was made, as it says a contract made or failed (a player's audit)."""
    import random

    from interpreter.table import Table

    game = load("spades")
    said = {"our nil bid was made (no trick taken)": 0, "our nil bid failed (a trick taken)": 0}
    for seed in range(30):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        while not st.hands:
            legal = st.legal_actions()
            st.apply("bid 0" if "bid 0" in legal and st.to_act == 0 else rng.choice(legal))
        lines = Table(st, 0, "en").events(st.events)
        nil = st.hands[0]["counters"]["tricks"][0]
        key = "our nil bid was made (no trick taken)" if nil == 0 else "our nil bid failed (a trick taken)"
        assert f"  {key}" in lines, lines
        said[key] += 1
    assert all(said.values()), said
