"""Shelem and Ghahveh variants: scenarios the other tests leave open, found by hand mutation of
rulesets/shelem*.yaml and rulesets/ghahveh*.yaml.

Each test pins one rule of RULES.md §3 (S-ids) or §4 (G-ids), or one house rule of VARIANTS.md as a variant
file plays it, on fixed deck orders, and fails on a small change (named in its docstring) to that variant or
to the part of the base file it inherits. Each of those changes got past the fast Shelem and Ghahveh tests;
some got past every other test too, the rest were caught only by the slow random-game checks
(test_reference_shelem_ghahveh.py, which plays only shelem, shelem-330, shelem-660, shelem-2p, ghahveh and
ghahveh-1001; test_conformance.py's invariants), as each docstring says, and are pinned here by a scenario
of well under a second. The helpers are the ones the Shelem and Ghahveh rule tests use: `last_trick` (a real
auction and discard, the hand laid out to its last trick, which `finish` plays for real) and, for Shelem for
three, `arrange_3p`, its counterpart for three players.
"""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.table import Table
from tests.conftest import RULESETS
from tests.test_ghahveh_rules import eight_five, first_trick
from tests.test_ghahveh_rules import ruleset as ghahveh_ruleset
from tests.test_shelem_house_rules import UNDER_85, last_trick_no_extra
from tests.test_shelem_rules import (
    ALL_COUNTING,
    COUNTING_RANKS,
    LAST_TRICK,
    MADE_120,
    arrange,
    canonical,
    discard_any,
    finish,
    ids,
    last_trick,
    ruleset,
    win_auction,
)

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()  # H1 (S8, G5 play as Hokm): low to high

# ---- S8, G5: the rank order, pair by pair -------------------------------------------------------------


@pytest.mark.parametrize("name", ["shelem", "shelem-2p"])
def test_s8_each_rank_beats_the_one_below_it(name):
    """shelem.yaml and shelem-2p.yaml (S8: play as Hokm, H10, with H1's ranks A K Q J 10 ... 2): for each two
    neighbouring ranks, the hakem leads the lower heart to the last trick and seat 1 plays the higher one (the
    other two cards are clubs): seat 1's side takes the trick. Neighbouring pairs pin the whole order. Mutant
    killed: `order: [..., 9, J, 10, Q, K, A]` in shelem.yaml (inherited by every four- and three-player
    variant) and in shelem-2p.yaml, which restates its play step (the jack would lose to the ten); before,
    caught only by the slow reference games."""
    for low, high in zip(RANKS, RANKS[1:]):
        hand = finish(last_trick(name, contract=100, tricks0=5, last=f"{low}H {high}H 2C 3C"))
        assert hand["counters"]["tricks"] == [5, 7], (low, high)


def test_g5_each_rank_beats_the_one_below_it():
    """ghahveh.yaml (G5: play as Hokm, H1's ranks; G2: spades trump): for each two neighbouring ranks, seat 0
    leads the lower spade to the first trick and seat 1 plays the higher one (seats 2 and 3, void in spades,
    a club each): seat 1 takes the trick. Mutant killed: `order: [..., 9, J, 10, Q, K, A]` (the jack would
    lose to the ten); before, caught only by the slow reference games."""
    for low, high in zip(RANKS, RANKS[1:]):
        st = first_trick(f"{low}S {high}S 4C 5C", void={2: "S", 3: "S"})
        assert st.trick_state.last_winner == 1 and st.counters["tricks"] == [0, 1], (low, high)


# ---- README's hand_limit (a house rule, not in the sources): the limit is the number of hands ----------


def test_shelem_hand_limit_1_ends_the_game_after_the_first_hand():
    """shelem.yaml, option hand_limit (its doc: "a house rule, not in the sources: after this many hands the
    higher total wins"): with hand_limit 1, the first hand (side 0 makes 120, side 1 takes 45) ends the game,
    side 0 the winner. Mutant killed (before caught only by the slow reference games and
    test_conformance.py): `max_hands: option.hand_limit * 2`."""
    g = load(RULESETS / "shelem.yaml", options={"hand_limit": 1})
    st = g.new_state(shuffles=[canonical(g)] * 2, seed=0)
    win_auction(st, 0, 100)
    discard_any(st)
    hand = finish(arrange(st, won0=MADE_120, tricks0=8, last=LAST_TRICK))
    assert hand["totals"] == [120, 45]
    assert (st.over, st.winner) == (True, 0)


def test_ghahveh_hand_limit_1_ends_the_game_after_the_first_hand():
    """ghahveh.yaml, option hand_limit (a house rule, as in Shelem): with hand_limit 1, the 8-5 hand with bids
    2 2 2 2 (side 0 44, side 1 41) ends the game, side 0 the winner. Mutant killed (before caught only by the
    slow reference games and test_conformance.py): `max_hands: option.hand_limit * 2`."""
    st = eight_five(ghahveh_ruleset(hand_limit=1), [2, 2, 2, 2])
    assert st.hands[0]["totals"] == [44, 41]
    assert (st.over, st.winner) == (True, 0)


# ---- S11 with S10: a shelem is not also a made contract ------------------------------------------------


@pytest.mark.parametrize("name", ["shelem", "shelem-2p"])
def test_s10_s11_a_shelem_is_announced_as_shelem_not_also_as_a_made_contract(name):
    """shelem.yaml (S10, S11: a side that takes all 12 tricks scores the shelem's 330 *instead of* the points
    of its contract): the hand's values, which the table announces, say shelem and nothing else; the table's
    result has no line of a contract made. Mutant killed: `made` without its `tricks < 12 and` (the points stay
    330, but the hand is announced both as a shelem and as a made contract)."""
    st = last_trick(name, hakem=0, contract=100, won0=ALL_COUNTING, tricks0=11)
    st.listen()
    hand = finish(st)
    assert hand["counters"]["tricks"] == [12, 0] and hand["points"] == [330, 0]
    values = hand["values"]
    assert (values["shelem"], values["made"], values["failed"], values["yasa"]) == ([1, 0], [0, 0], [0, 0], [0, 0])
    table = Table(st, 1)
    said, who = "\n".join(table.events(st.events)), table.w.side(0, 1)  # side 0's result, said to seat 1
    assert table.w.announce("shelem", who, False) in said and table.w.announce("made", who, False) not in said


# ---- shelem-discards-last-trick: every counting card of the discards goes with the last trick ------------


def test_discards_last_trick_an_ace_among_the_discards_counts_10_for_the_last_tricks_side():
    """shelem-discards-last-trick.yaml (VARIANTS.md: "Discards go to whoever takes the last trick"; S9: an ace is
    10): the hakem discards AS 10S 5S 2S (an ace, no king) and seat 1 takes the last trick: side 1 gets the
    discards' 25 and the 5 of their trick. The variant's own test discards AS with KS, so an ace taken for a
    king there counts the same. Mutant killed: the discards' `rank in (10, A)` -> `rank in (10, K)` in the
    variant's `taken` (before caught only by test_conformance.py's S9 invariant, 165 a hand)."""
    layout = dict(contract=100, discards="AS 10S 5S 2S", tricks0=1, last="2H KH 3H 4H")
    house = finish(last_trick_no_extra("shelem-discards-last-trick", **layout))
    assert house["counters"]["tricks"] == [1, 11]
    assert house["values"]["discards_won"] == [0, 1]
    assert house["values"]["taken"] == [5, 160] and house["points"] == [-165, 160]
    base = finish(last_trick("shelem", **layout))  # the base: the discards stay the hakem's side's
    assert base["values"]["taken"] == [35, 130]


# ---- shelem-shelem-bid: a failed shelem bid costs 330, yasa or not --------------------------------------


def test_shelem_bid_failed_with_yasa_still_costs_330():
    """shelem-shelem-bid.yaml (VARIANTS.md: a separate "shelem" bid above 160; the file: "failed, it costs 330,
    yasa or not"): a shelem bid whose side takes only 80 of 165 (fewer than the opponents: the base's yasa,
    S12) scores -330, not -165. The variant's own test fails the bid at 160 taken, where yasa and a plain
    failure agree. Mutant killed: `else if contract == 330 then -330` -> `contract > 330` (a failed shelem
    bid falls to the base's rows: yasa -165; before caught only by test_conformance.py)."""
    hand = finish(last_trick("shelem-shelem-bid", contract=330, won0=UNDER_85, tricks0=4))
    assert hand["values"]["taken"] == [80, 85] and hand["values"]["yasa"] == [1, 0]
    assert hand["points"] == [-330, 85]


# ---- Shelem for three: the hand laid out to its last trick ----------------------------------------------


def arrange_3p(*, hakem: int = 0, contract: int = 95, won: dict[int, str], tricks: list[int], last: str,
               discards: str = "2S 3S 4S 6S 7S 8S"):
    """Shelem for three (shelem-3p.yaml) after a real auction (`hakem` bids `contract`, the others pass) and a
    real discard, laid out as `arrange` does for four: the hakem's discards are `discards`; seat s has won
    tricks[s] tricks holding the counting cards won[s] (made up to 3 cards a trick with plain cards), the
    counting cards nobody is given going to the last seat with tricks; the three cards of the last trick
    are in the hands, the i-th held by the i-th seat from the hakem, who leads it."""
    g = ruleset("shelem-3p")
    st = g.new_state(shuffles=[canonical(g)], seed=0)
    while st.vars["hakem"] < 0:
        st.apply(f"bid {contract}" if st.to_act == hakem else "pass")
    for _ in range(6):
        st.apply(st.legal_actions()[0])
    assert (st.vars["hakem"], st.to_act) == (hakem, hakem)
    z = st.zones
    for zone in ("hand", "discards", "won"):
        for pile in z[zone]:
            pile.clear()
    z["trick"].clear()
    last_cards, discarded = ids(last), ids(discards)
    for i, card in enumerate(last_cards):
        z["hand"][(hakem + i) % 3].append(card)
    z["discards"][hakem][:] = discarded
    given = {s: ids(won.get(s, "")) for s in range(3)}
    used = set(last_cards) | set(discarded) | {c for cards in given.values() for c in cards}
    counting = [c for c in g.deck if C.RANK[c] in COUNTING_RANKS and c not in used]
    plain = [c for c in g.deck if C.RANK[c] not in COUNTING_RANKS and c not in used]
    rest_to = max(s for s in range(3) if tricks[s])
    given[rest_to] += counting
    for s in range(3):
        need = 3 * tricks[s] - len(given[s])
        assert need >= 0, s
        z["won"][s][:] = given[s] + plain[:need]
        del plain[:need]
    assert not plain and sum(tricks) == 14
    st.counters["tricks"][:] = tricks
    st.counters["extra"][:] = [int(s == hakem) for s in range(3)]
    st.vars["trump"] = C.SUIT[last_cards[0]]
    st.trick_state.number = 15
    placed = [c for zone in ("hand", "discards", "won") for pile in z[zone] for c in pile]
    assert sorted(placed) == sorted(g.deck), "the arranged hand must hold every card once"
    return st


def test_three_players_14_of_15_tricks_is_no_shelem():
    """shelem-3p.yaml (S11 for three: a shelem is all 15 tricks, worth 360): the hakem takes 14 tricks and every
    counting card, seat 1 the last trick (5 points): the hakem has made his 95 with 175 (his points taken), the
    others keep theirs, and nobody has a shelem. Mutant killed: `shelem` at `tricks >= 14` (360 for the hakem
    and 0 for seat 1; before caught only by test_conformance.py)."""
    st = arrange_3p(contract=95, won={}, tricks=[14, 0, 0], last="2H KH 3H")
    hand = finish(st)
    assert hand["counters"]["tricks"] == [14, 1, 0]
    assert hand["values"]["taken"] == [175, 5, 0]
    assert hand["values"]["shelem"] == [0, 0, 0] and hand["values"]["made"] == [1, 0, 0]
    assert hand["points"] == [175, 5, 0]


def test_three_players_all_15_tricks_is_a_shelem_not_also_a_made_contract():
    """shelem-3p.yaml (S10, S11 for three): all 15 tricks score 360 and the others 0, announced as a shelem
    only. Mutant killed: the variant's `made` without its `tricks < 15 and` (the hand also announced as a
    made contract)."""
    st = arrange_3p(contract=95, won={}, tricks=[14, 0, 0], last="KH 2H 3H")
    st.listen()
    hand = finish(st)
    assert hand["counters"]["tricks"] == [15, 0, 0] and hand["values"]["taken"] == [180, 0, 0]
    values = hand["values"]
    assert (values["shelem"], values["made"], values["failed"], values["yasa"]) == (
        [1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0])
    assert hand["points"] == [360, 0, 0]
    said = "\n".join(Table(st, 1).events(st.events))
    assert "  seat 0 made a shelem (all the tricks)" in said and "made the contract" not in said


def test_three_players_85_of_180_is_yasa():
    """shelem-3p.yaml (S12 for three, the file: "yasa is taking fewer points than the other two together (under
    90 of 180)"): a hakem who takes 85 has fallen to yasa, -180 (not minus his contract, 95), and his contract
    is announced as yasa, not as failed. The file's other tests take 90 (failed) and far less (yasa). Mutants
    killed: the variant's `yasa` at `taken < 85` (85 scores -95) and `failed` at `taken >= 85` (85 announced
    both as yasa and as failed). The first was caught before only by test_conformance.py, the second by no
    test."""
    st = arrange_3p(contract=95, won={0: "AS AH AD AC 10S 10H"}, tricks=[3, 6, 5], last="KH 2H 3H")
    hand = finish(st)
    assert hand["counters"]["tricks"] == [4, 6, 5]
    assert hand["values"]["taken"][0] == 85 and sum(hand["values"]["taken"]) == 180
    assert (hand["values"]["yasa"], hand["values"]["failed"]) == ([1, 0, 0], [0, 0, 0])
    assert hand["points"][0] == -180 and hand["points"][1:] == hand["values"]["taken"][1:]


# ---- G9: a contract made exactly is made, not failed -----------------------------------------------------


def test_g9_a_contract_made_exactly_is_not_announced_as_failed():
    """ghahveh.yaml (G9: a team that takes fewer tricks than its contract fails; otherwise it makes it): the
    8-5 hand with bids 4 3 4 2: side 0 takes its contract of 8 exactly, side 1 its 5; both made (80 and 50),
    neither announced as failed. Mutant killed: `failed` at `tricks <= contract` (the points stay, but the
    table says "contract failed" for both sides)."""
    st = eight_five(ghahveh_ruleset(), [4, 3, 4, 2])
    hand = st.hands[0]
    assert hand["values"]["contract"] == [8, 5]
    assert (hand["values"]["made"], hand["values"]["failed"]) == ([1, 1], [0, 0])
    assert hand["points"] == [80, 50]
    said = "\n".join(Table(st, 0).hand_result(0))
    assert "we made our contract" in said and "the contract bid by them was made" in said
    assert "not make" not in said and "failed" not in said

