"""Shelem house rules seen elsewhere (VARIANTS.md §Shelem), one test per variant file.

Each four-player test plays the same arranged hand under the variant and under
shelem.yaml and checks that the outcome differs as the house rule says. The
helpers are those of tests/test_shelem_rules.py: `last_trick` reaches the last
trick through a real auction and a real discard, lays out the eleven tricks
already played (hakem seat 0 unless said; side 0 is seats 0 and 2), and `finish`
plays the last trick for real, so the ruleset's own scoring scores the hand.
The three-player game is dealt from a fixed deck and played out for real.
"""

from __future__ import annotations

import pytest

from interpreter import IllegalAction
from interpreter import cards as C
from interpreter.sheet import sheet
from interpreter.table import Table
from tests.conftest import deck_with
from tests.test_shelem_rules import (
    ALL_COUNTING,
    LAST_TRICK,
    MADE_120,
    arrange,
    canonical,
    discard_any,
    finish,
    last_trick,
    ruleset,
    win_auction,
)

# Side 0 takes 80 of 165 with a contract of 140 (yasa in the base: -165); with 5S more, 85 of 100 (failed).
UNDER_85 = "AS AH AD AC 10S"


def test_score_bid():
    """rulesets/shelem-score-bid.yaml (VARIANTS.md: "A made contract scores exactly the bid"): a made
    contract of 100 taking 120 scores 100, not 120; failures and shelem are scored as before."""
    base = finish(last_trick("shelem", contract=100, won0=MADE_120, tricks0=8))
    house = finish(last_trick("shelem-score-bid", contract=100, won0=MADE_120, tricks0=8))
    assert base["values"]["taken"] == house["values"]["taken"] == [120, 45]
    assert base["points"] == [120, 45]
    assert house["points"] == [100, 45]
    assert finish(last_trick("shelem-score-bid", contract=120, won0=MADE_120, tricks0=8))["points"] == [120, 45]
    # a failed contract and a shelem: as in the base
    assert finish(last_trick("shelem-score-bid", contract=150, won0=MADE_120, tricks0=8))["points"] == [-150, 45]
    assert finish(last_trick("shelem-score-bid", contract=100, won0=ALL_COUNTING, tricks0=11))["points"] == [330, 0]


def test_double_loss():
    """rulesets/shelem-double-loss.yaml (VARIANTS.md: "A failed contract is doubled when the hakem took
    under 85"): 80 of a 140 contract costs 280 (the base's yasa: 165); 85 still costs the contract once."""
    base = finish(last_trick("shelem", contract=140, won0=UNDER_85, tricks0=4))
    house = finish(last_trick("shelem-double-loss", contract=140, won0=UNDER_85, tricks0=4))
    assert base["values"]["taken"] == house["values"]["taken"] == [80, 85]
    assert base["points"] == [-165, 85]
    assert house["points"] == [-280, 85]
    assert finish(last_trick("shelem-double-loss", contract=100, won0=UNDER_85, tricks0=4))["points"] == [-200, 85]
    for name in ("shelem", "shelem-double-loss"):  # 85 of 100: failed, not doubled
        assert finish(last_trick(name, contract=100, won0=UNDER_85 + " 5S", tricks0=4))["points"] == [-100, 80]
    assert finish(last_trick("shelem-double-loss", contract=100, won0=MADE_120, tricks0=8))["points"] == [120, 45]
    # the variant restates the hand's score: a shelem (all 12 tricks) still scores 330 (S11), the others 0
    assert finish(last_trick("shelem-double-loss", contract=165, won0=ALL_COUNTING, tricks0=11))["points"] == [330, 0]


@pytest.mark.parametrize("name", ["shelem", "shelem-score-bid", "shelem-shelem-165", "shelem-shelem-250",
                                  "shelem-shelem-bid"])
def test_variants_restating_the_score_keep_yasa_and_a_failed_contract(name):
    """Each variant that restates the hand's score changes only its own rule: a yasa (80 against 85) still
    costs 165 (S12) and a failed contract (85 of 100) still costs the contract (S10), as in shelem.yaml."""
    assert finish(last_trick(name, contract=140, won0=UNDER_85, tricks0=4))["points"] == [-165, 85]
    assert finish(last_trick(name, contract=100, won0=UNDER_85 + " 5S", tricks0=4))["points"] == [-100, 80]


def test_shelem_165():
    """rulesets/shelem-shelem-165.yaml (VARIANTS.md: "Shelem worth +165 to the hakem and -165 to the
    defenders"): all 12 tricks score 165 and -165, not 330 and 0; eleven tricks score as before."""
    base = finish(last_trick("shelem", contract=100, won0=ALL_COUNTING, tricks0=11))
    house = finish(last_trick("shelem-shelem-165", contract=100, won0=ALL_COUNTING, tricks0=11))
    assert house["counters"]["tricks"] == [12, 0] and house["values"]["shelem"] == [1, 0]
    assert base["points"] == [330, 0]
    assert house["points"] == [165, -165]
    assert finish(last_trick("shelem-shelem-165", contract=150, won0=ALL_COUNTING, tricks0=10))["points"] == [160, 5]


def test_shelem_250():
    """rulesets/shelem-shelem-250.yaml (VARIANTS.md: "Shelem worth ...; or a 250 bonus"): all 12 tricks
    score the 165 taken plus 250, 415 (the base: 330); eleven tricks score as before."""
    base = finish(last_trick("shelem", contract=100, won0=ALL_COUNTING, tricks0=11))
    house = finish(last_trick("shelem-shelem-250", contract=100, won0=ALL_COUNTING, tricks0=11))
    assert base["points"] == [330, 0]
    assert house["points"] == [415, 0]
    assert finish(last_trick("shelem-shelem-250", contract=150, won0=ALL_COUNTING, tricks0=10))["points"] == [160, 5]


@pytest.mark.parametrize("name,target", [("shelem-1165", 1165), ("shelem-1000", 1000)])
def test_targets_1165_and_1000(name, target):
    """rulesets/shelem-1165.yaml and shelem-1000.yaml (VARIANTS.md: "Targets 1165, 1000, 660"): a made
    120 that brings side 0 to the target wins there, not in the game to 1200; 5 short plays on."""
    assert ruleset(name).options["target"] == target
    before = [target - 120, 0]
    base = last_trick("shelem", contract=100, won0=MADE_120, tricks0=8, before=before)
    house = last_trick(name, contract=100, won0=MADE_120, tricks0=8, before=before)
    assert finish(base)["totals"] == finish(house)["totals"] == [target, 45]
    assert not base.over
    assert (house.over, house.winner) == (True, 0)
    short = last_trick(name, contract=100, won0=MADE_120, tricks0=8, before=[target - 125, 0])
    assert finish(short)["totals"] == [target - 5, 45] and not short.over


def last_trick_no_extra(name: str, *, hakem: int = 0, contract: int = 100, **layout):
    """`last_trick` for a variant that takes the base's `extra` counter away (`arrange` sets it): the hand is
    laid out with a stand-in counter, taken away again before play goes on; events kept for the table."""
    g = ruleset(name)
    st = g.new_state(shuffles=[canonical(g)], seed=0, listen=True)
    win_auction(st, hakem, contract)
    discard_any(st)
    assert "extra" not in st.counters
    st.counters["extra"] = [0, 0]
    layout.setdefault("last", LAST_TRICK)
    arrange(st, **layout)
    del st.counters["extra"]
    return st


def test_discards_last_trick():
    """rulesets/shelem-discards-last-trick.yaml (VARIANTS.md: "Discards go to whoever takes the last
    trick (as in Rook)"): seat 1 takes the last trick with KH, so side 1 gets the hakem's discards AS 10S
    5S KS, their 25 and the 5 of their extra trick; when the hakem takes it, nothing changes."""
    layout = dict(contract=100, discards="AS 10S 5S KS", tricks0=1, last="2H KH 3H 4H")
    name = "shelem-discards-last-trick"
    base = finish(last_trick("shelem", **layout))
    house = finish(last_trick_no_extra(name, **layout))
    assert base["counters"]["tricks"] == house["counters"]["tricks"] == [1, 11]
    assert base["values"]["taken"] == [35, 130]  # side 0: its trick, the discards' trick and 25
    assert house["values"]["taken"] == [5, 160]
    assert sum(house["values"]["taken"]) == 165
    assert base["points"] == [-165, 130] and house["points"] == [-165, 160]
    assert house["values"]["discards_won"] == [0, 1]

    layout["last"] = "KH 2H 3H 4H"  # the hakem takes the last trick: the discards stay his side's
    base = finish(last_trick("shelem", **layout))
    house = finish(last_trick_no_extra(name, **layout))
    assert base["values"]["taken"] == house["values"]["taken"] == [40, 125]
    assert house["values"]["discards_won"] == [1, 0]


def test_discards_last_trick_count_for_nobody_until_the_last_trick_is_taken():
    """shelem-discards-last-trick.yaml: before the last trick is taken the discards count for nobody, not for
    the side of the latest trick's winner (the points taken shown jumped by 15 from trick to trick); the
    base's `extra` counter is gone from the sheet; the hand's result says which side the discards went to."""
    name = "shelem-discards-last-trick"
    g = ruleset(name)
    assert "extra" not in g.counters and "extra trick" not in sheet(g, "en")
    st = last_trick_no_extra(name, contract=100, discards="AS 10S 5S KS", tricks0=1, last="2H KH 3H 4H")
    st.trick_state.last_winner = 1  # seat 1 took trick 11: side 1 leads into the last trick
    for seat in range(4):  # side 0: one trick; side 1: ten tricks and every counting card but the discards
        assert st.view(seat)["values"]["taken"] == [5, 125], seat
        assert st.view(seat)["values"]["discards_won"] == [0, 0], seat
    st.apply("play 2H")
    st.apply("play KH")  # seat 1 now holds the trick, not yet taken
    assert st.view(1)["values"]["taken"] == [5, 125]
    events_before = len(st.events)
    finish(st)
    lines = Table(st, 0).events(st.events[events_before:])
    assert "  points taken: us 5, them 160" in lines
    assert "  the discards went to them with the last trick" in lines
    fa = Table(st, 0, "fa").events(st.events[events_before:])
    assert "  کارت‌های خوابیده با دست آخر به حریف رسید" in fa


def test_shelem_bid():
    """rulesets/shelem-shelem-bid.yaml (VARIANTS.md: "Bids stop at 160 with a separate "shelem" bid above
    it"): the bids are 100-160 and 330 (shelem); a made shelem bid scores 330, a failed one -330 where
    the base's top bid, 165, costs 165."""
    house, base = ruleset("shelem-shelem-bid"), ruleset("shelem")
    st = house.new_state(seed=0)
    assert st.to_act == 0
    assert st.legal_actions() == sorted([f"bid {b}" for b in range(100, 161, 5)] + ["bid 330", "pass"])
    assert "bid 165" in base.new_state(seed=0).legal_actions()
    with pytest.raises(IllegalAction):
        st.apply("bid 165")
    st.apply("bid 160")
    assert st.legal_actions() == ["bid 330", "pass"]  # the only bid above 160 is shelem
    st.apply("bid 330")
    assert st.legal_actions() == ["pass"]
    for _ in range(3):
        st.apply("pass")
    assert (st.vars["hakem"], st.vars["contract"]) == (1, 330)

    made = finish(last_trick("shelem-shelem-bid", contract=330, won0=ALL_COUNTING, tricks0=11))
    assert made["points"] == [330, 0]
    failed = finish(last_trick("shelem-shelem-bid", contract=330, won0=ALL_COUNTING, tricks0=10))
    top = finish(last_trick("shelem", contract=165, won0=ALL_COUNTING, tricks0=10))
    assert failed["values"]["taken"] == top["values"]["taken"] == [160, 5]
    assert top["points"] == [-165, 5]
    assert failed["points"] == [-330, 5]
    # numeric contracts score as in the base
    assert finish(last_trick("shelem-shelem-bid", contract=160, won0=ALL_COUNTING, tricks0=10))["points"] == [160, 5]


# ---- Shelem for three ----------------------------------------------------------------------------

# The first dealer is seat 2: seat 0's 15 cards, seat 1's, the widow's 6, then the dealer's 15.
HAKEM3 = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S AH KH 2H"
SEAT1_3 = "QH JH 10H 9H AD KD QD JD 10D 9D 8D 7D 6D 5D 4D"
WIDOW3 = "2S 3H 4H 5H 3D 2D"
SEAT2_3 = "6H 7H 8H AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C"


# A weak hakem for seat 0: no counting card, four low cards a suit; the widow is as plain.
WEAK3 = "2S 3S 4S 6S 2H 3H 4H 6H 2D 3D 4D 6D 3C 4C 6C"
WEAK_WIDOW3 = "7S 7H 7D 7C 8S 8H"
STRONG1_3 = "AS KS QS JS 10S 9S 5S AH KH QH JH 10H 9H 5H 8D"
STRONG2_3 = "AD KD QD JD 10D 9D 5D AC KC QC JC 10C 9C 5C 8C"


def three_player_hand(hands=(HAKEM3, SEAT1_3, SEAT2_3), widow=WIDOW3):
    g = ruleset("shelem-3p")
    front = " ".join((hands[0], hands[1], widow, hands[2])).split()
    assert len(front) == 51
    return g, g.new_state(shuffles=[deck_with(front, g)], seed=0)


def taken_by_hand(cards, tricks: int, extra: int) -> int:
    """S9 worked out in Python: 5 a trick (the discards one more), 5 a five, 10 a ten or ace."""
    return 5 * (tricks + extra) + sum(5 if C.RANK[c] == 5 else 10 if C.RANK[c] in (1, 10) else 0 for c in cards)


def test_three_players():
    """rulesets/shelem-3p.yaml (VARIANTS.md: "Three players: remove 2C; 15 each; 6-card widow; minimum bid
    95"): 51 cards, 15 each and 6 to the widow; bids 95 to 180; the hakem discards 6; 15 tricks of three;
    180 points a hand; all 15 tricks are a shelem worth 360, each opponent scoring 0."""
    g, st = three_player_hand()
    assert len(g.deck) == 51 and C.card_id("2C") not in g.deck
    assert st.dealer == 2 and st.to_act == 0
    assert [len(h) for h in st.zones["hand"]] == [15, 15, 15] and len(st.zones["widow"]) == 6
    assert st.legal_actions() == sorted([f"bid {b}" for b in range(95, 181, 5)] + ["pass"])
    st.apply("bid 95")
    st.apply("pass")
    st.apply("pass")  # two passes after a bid end the auction
    assert (st.vars["hakem"], st.vars["contract"]) == (0, 95)
    assert len(st.zones["hand"][0]) == 21
    for card in ("2H", "3H", "4H", "5H", "3D", "2D"):  # six discards, one at a time
        st.apply(f"discard {card}")
    assert len(st.zones["hand"][0]) == 15 and len(st.zones["discards"][0]) == 6
    # the hakem leads his 13 spades (trump), then AH and KH; nobody else holds a spade
    for lead in "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AH KH".split():
        st.apply(f"play {lead}")
        for _ in range(2):
            st.apply(st.legal_actions()[0])
    hand = st.hands[-1]
    assert hand["counters"]["tricks"] == [15, 0, 0]
    assert hand["values"]["taken"] == [180, 0, 0]  # 16 tricks of 5 and the 100 in fives, tens, aces
    assert hand["values"]["shelem"] == [1, 0, 0]
    assert hand["points"] == [360, 0, 0]


@pytest.mark.parametrize("weak,hakem,contract,points", [
    (False, 1, 95, 150),  # made: the 150 taken
    (False, 1, 150, 150),  # made exactly: S10 "at least the contract"
    (False, 1, 155, -155),  # failed at 150 (90 or more): minus the contract
    (True, 0, 95, -180),  # yasa: under 90 of 180
])
def test_three_players_made_failed_and_yasa(weak, hakem, contract, points):
    """rulesets/shelem-3p.yaml: a fixed deal, everyone playing his first legal card (the hakem's lead names
    trump); each player scores his own points; the hakem's are made, failed or yasa (under 90: -180)."""
    g, st = three_player_hand((WEAK3, STRONG1_3, STRONG2_3), WEAK_WIDOW3) if weak else three_player_hand()
    for seat in range(3):
        st.apply(f"bid {contract}" if seat == hakem else "pass")
    assert (st.vars["hakem"], st.vars["contract"]) == (hakem, contract)
    z = st.zones
    while sum(len(h) for h in z["hand"]) > 1:
        st.apply(st.legal_actions()[0])
    won = [list(pile) for pile in z["won"]]
    last = list(z["trick"]) + list(z["hand"][st.to_act])
    discards = list(z["discards"][hakem])
    before = list(st.counters["tricks"])
    st.apply(st.legal_actions()[0])  # the last card: the hand is scored
    hand = st.hands[-1]
    tricks, extra = hand["counters"]["tricks"], hand["counters"]["extra"]
    assert sum(tricks) == 15 and extra == [int(s == hakem) for s in range(3)]
    (winner,) = [s for s in range(3) if tricks[s] != before[s]]
    won[winner] += last
    taken = [taken_by_hand(won[s] + (discards if s == hakem else []), tricks[s], extra[s]) for s in range(3)]
    assert hand["values"]["taken"] == taken and sum(taken) == 180
    assert hand["points"] == [points if s == hakem else taken[s] for s in range(3)]
    outcome = {"made": points == taken[hakem], "failed": points == -contract, "yasa": points == -180}
    for value, held in outcome.items():  # what the table announces (S10, S12)
        assert hand["values"][value] == [int(held and s == hakem) for s in range(3)], value


# A hand of Shelem for three (the default deal, seat 0 hakem at 95) where the hakem takes exactly 90 of 180
HAKEM3_DISCARDS_90 = "5S 8S 3S 4S 7S QS"
HAKEM3_PLAYS_90 = (
    "2H 9H 7H 10H 8H 5H 7D KC 3D AD 10C 2D 5D 9C 9S "
    "4D 6H JS 8C 3H 10D 10S 8D 5C AS 9D QC 6S QH AC "
    "KD 7C KS 6D JC 4H 2S JD 4C KH JH 6C AH QD 3C").split()


def test_three_players_exactly_90_is_failed_not_yasa():
    """rulesets/shelem-3p.yaml (S12 for three: yasa is under 90 of 180): a hakem who takes exactly 90 has
    failed his 95 (minus the contract), not fallen to yasa (-180), and the table says so."""
    from interpreter.table import Table

    g, st = three_player_hand()
    st.listen()
    for action in ["bid 95", "pass", "pass"] + [f"discard {c}" for c in HAKEM3_DISCARDS_90.split()]:
        st.apply(action)
    for card in HAKEM3_PLAYS_90:
        st.apply(f"play {card}")
    hand = st.hands[-1]
    assert hand["values"]["taken"] == [90, 85, 5]
    assert (hand["values"]["failed"], hand["values"]["yasa"]) == ([1, 0, 0], [0, 0, 0])
    assert hand["points"] == [-95, 85, 5]
    said = "\n".join(Table(st, 1).events(st.events))
    assert "seat 0 did not make the contract" in said and "yasa" not in said


def test_forced_opener():
    """rulesets/shelem-forced-opener.yaml (VARIANTS.md: "the opener forced to bid 100 instead of a redeal
    when all pass"): four passes throw the base's hand in (S5); under the house rule the opener, the player
    after the dealer, is hakem with a contract of 100 and takes the widow, and the table says why."""
    from interpreter.table import Table

    base = ruleset("shelem").new_state(seed=5)
    for _ in range(4):
        base.apply("pass")
    assert base.redeals == 1 and base.phase["bids"] == (None,) * 4  # dealt again, a new auction
    st = ruleset("shelem-forced-opener").new_state(seed=5, listen=True)
    opener = (st.dealer + 1) % 4
    assert st.to_act == opener
    for _ in range(4):
        st.apply("pass")
    assert st.redeals == 0 and (st.vars["hakem"], st.vars["contract"]) == (opener, 100)
    assert st.to_act == opener and st.legal_actions()[0].startswith("discard ")  # S6: the widow is his
    said = "\n".join(Table(st, 1).events(st.events))
    assert "all passed, so hakem: seat 0 · contract: 100" in said


def test_three_players_sheet_says_the_2_of_clubs_as_a_card():
    """shelem-3p.yaml: its description and deal say the card removed as the table says cards, 2♣, not 2C."""
    g = ruleset("shelem-3p")
    assert "without the 2♣," in g.description
    text = sheet(g, "en")
    assert "2C" not in text and "without the 2♣, 15 cards to each" in text
