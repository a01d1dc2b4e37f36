"""Pasur variant rules no other test pinned, found by hand mutation testing of rulesets/pasur-*.yaml.

Each test names the variant file and the rule it pins (RULES.md P-ids, VARIANTS.md §Pasur), and fails on
the mutant of that file that its docstring names. The helpers are those of tests/test_pasur_rules.py:
`deal` (a fixed first hand, the dealer the last seat) and `last_deal` (hand 1 at its last deal, seat 0 to
act).
"""

from __future__ import annotations

import pytest

from interpreter import load
from tests.conftest import RULESETS, deck_with
from tests.test_pasur_rules import deal, ids, last_deal, moves_with, names, play, ruleset

# ---- pasur-jack-again-redeal: the P3 misdeal test it restates -------------------------------------------

# The next deck order, dealt when the first table is thrown in.
GOOD = "6D 7D 8D 9D 6C 7C 8C 9C AS 2S 3S 4S".split()
HANDS = ("2C 3C 4C 5C", "2H 3H 4H 5H")


@pytest.mark.parametrize("table,thrown_in", [
    ("JS JH 7S 8S", True),  # more than one jack
    ("QS QH QD 8S", True),  # three queens
    ("KS KH KD 8S", True),  # three kings
    ("QS QH KD KC", False),  # two queens and two kings are kept
    ("QS QH 7S 8S", False),  # two queens
    ("KS KH 7S 8S", False),  # two kings
])
def test_p3_jack_again_redeal_judges_the_first_four_table_cards_as_the_base_does(table, thrown_in):
    """pasur-jack-again-redeal.yaml restates the base's deal step to add `replace_once`, and with it the P3
    judgement of the first four table cards: two jacks, three queens or three kings throw the deal in, two
    queens or two kings do not, exactly as in pasur.yaml. Kills the mutants of the variant's `redeal_if`:
    `J > 1` -> `> 2`, `Q >= 3` -> `>= 2` / `>= 4`, `K >= 3` -> `>= 2` / `>= 4`, each clause dropped, and the
    whole `redeal_if` dropped; and `replace_if: rank == J` -> `rank in (J, Q)` (the kept queens would go
    under the stock)."""
    for name in ("pasur", "pasur-jack-again-redeal"):
        g = ruleset(name)
        st = deal(g, *HANDS, table=table, later=[deck_with(GOOD, g)])
        assert st.dealer == 1, name
        if thrown_in:  # the same dealer deals the next deck order
            assert st.misdeals == 1, name
            assert names(st.zones["hand"][0]) == "6D 7D 8D 9D" and names(st.zones["table"]) == "AS 2S 3S 4S", name
        else:
            assert st.misdeals == 0, name
            assert sorted(st.zones["table"]) == sorted(ids(table)), name
            assert names(st.zones["hand"][0]) == "2C 3C 4C 5C", name


def test_p3_jack_again_redeal_two_jacks_among_the_first_four_are_a_misdeal_not_a_replacement():
    """pasur-jack-again-redeal.yaml: two jacks dealt among the first four table cards throw the deal in by P3's
    own test, whatever the next stock card is (here a plain 9S that would make a good replacement). Kills
    `count(dealt[rank == J]) > 1` -> `> 2` and the jack clause dropped."""
    g = ruleset("pasur-jack-again-redeal")
    st = deal(g, *HANDS, table="6S JH JS 8S", then="9S 10S", later=[deck_with(GOOD, g)])
    assert st.misdeals == 1
    assert names(st.zones["table"]) == "AS 2S 3S 4S"


# ---- pasur-last-card-sur: only the hand's very last card is excepted ------------------------------------

# Cards of 6 to 10 never capture on a table holding only cards of 6 to 10 (they need 5 or less), so the
# first six plays stay on the table; seat 0's jack then takes every numeric card and leaves KS.
SWEEP_HANDS = ("10S 9S 8S JH", "10H 9H 8H KH")
SWEEP_TABLE = "KS 6D 7D 8D"


def test_p14_last_card_sur_the_dealer_s_last_card_of_an_earlier_deal_still_makes_a_sur():
    """pasur-last-card-sur.yaml (VARIANTS.md: "counted except on the very last card"): the exception is the
    last card of the hand, not of each deal. In the first deal the dealer (seat 1) clears the table with his
    last card, KH taking KS, while the stock still holds 40 cards: a sur under every ruleset (P13, P15). Kills
    the mutant that drops `empty(stock) and` from the variant's last-card test (which would refuse the
    dealer's last card of every deal)."""
    for name in ("pasur", "pasur-last-deal-sur", "pasur-last-card-sur"):
        st = deal(ruleset(name), *SWEEP_HANDS, table=SWEEP_TABLE)
        assert st.dealer == 1
        play(st, "play 10S", "play 10H", "play 9S", "play 9H", "play 8S", "play 8H")
        assert names(st.zones["table"]) == "8S 9S 10S KS 8H 9H 10H 6D 7D 8D"
        sweep = moves_with(st, "JH")
        assert len(sweep) == 1
        st.apply(sweep[0])  # P9: the jack leaves the king; no sur (P14)
        assert names(st.zones["table"]) == "KS" and st.counters["surs"] == [0, 0], name
        assert st.to_act == 1 and names(st.zones["hand"][1]) == "KH"
        st.apply("play KH take KS")  # the dealer's last card of the first deal
        assert st.zones["table"] == [] and len(st.zones["stock"]) == 32  # 4 more each were dealt
        assert st.counters["surs"] == [0, 1], name


def test_p14_last_card_sur_with_the_option_off_no_last_deal_sur_counts():
    """pasur-last-card-sur.yaml keeps the base's `option.last_deal_sur` test in its restated sur effect: loaded
    with `last_deal_sur: false` it plays P14's default, and a sur made in the last deal, even with a card
    that is not the hand's last, does not count. Kills the mutant that drops
    `and (option.last_deal_sur or not empty(stock))` from the variant's sur test."""
    for options, surs in ((None, [1, 0]), ({"last_deal_sur": False}, [0, 0])):
        st = last_deal(load(RULESETS / "pasur-last-card-sur.yaml", options=options), ["6C 7H", "5C 9S"], table="4D")
        play(st, "play 6C", "play 5C take 6C", "play 7H take 4D")  # seat 0's last card clears 4D
        assert st.zones["table"] == [] and names(st.zones["hand"][1]) == "9S"
        assert st.counters["surs"] == surs, options


# ---- pasur-72, pasur-11: the target option keeps P20's own values ------------------------------------------

# The P18 deal of tests/test_pasur_rules.py: the hand scores [15, 5].
P18_SIDE1 = "AC 9C 10C JC QC KC AH AD JD"


@pytest.mark.parametrize("name", ["pasur-72", "pasur-11"])
@pytest.mark.parametrize("target", [62, 105])
def test_p20_target_house_rules_keep_the_62_and_105_games(name, target):
    """pasur-72.yaml and pasur-11.yaml change P20's default target and add their value to the option's
    values ("the target option, whose values gain 72" / "gain 11"): P20's 62 and 105 stay choosable and
    play as P20 says. Kills the mutants that drop 62 (or 105) from either file's `values`."""
    g = load(RULESETS / f"{name}.yaml", options={"target": target})
    assert g.options["target"] == target
    for before, over in (([target - 15, 0], True), ([target - 16, 0], False)):
        st = last_deal(g, ["9S", "8S"], table="2S", piles={1: P18_SIDE1})
        st.scores = list(before)
        play(st, "play 9S take 2S", "play 8S")
        assert st.hands[0]["totals"] == [before[0] + 15, 5]
        assert st.over == over and st.winner == (0 if over else None), (name, target, before)


# ---- pasur-sur-no-cancel: every sur, however many --------------------------------------------------------


def test_p16_sur_no_cancel_every_one_of_four_surs_scores_5():
    """pasur-sur-no-cancel.yaml: seat 0 makes four surs (three in the first deal, one in the second), seat 1
    one; each side scores 5 for every sur it made (20 and 5), where the base nets them (15 and 0). Kills a
    capped row, e.g. `5 * surs` -> `5 * min(surs, 3)`, which the 3-against-1 test of
    test_pasur_house_rules.py lets pass."""
    hands, table = ("AH 9S 8D AC", "2C 3H 5S 5H"), "AS 2S 3S 4D"
    second = "2D 6D 10H 10S 3D 9H 9D 8H"  # the second deal: seat 0's four, then seat 1's
    plays = ("play AH take AS 2S 3S 4D",  # sur
             "play 2C", "play 9S take 2C",  # sur
             "play 3H", "play 8D take 3H",  # sur
             "play 5S", "play AC", "play 5H take 5S AC",  # seat 1's sur
             "play 2D", "play 3D", "play 6D take 2D 3D")  # seat 0's fourth sur, in the second deal
    points = {}
    for name in ("pasur", "pasur-sur-no-cancel"):
        st = deal(ruleset(name), *hands, table=table, then=second)
        play(st, *plays)
        assert st.counters["surs"] == [4, 1] and st.zones["table"] == [] and len(st.zones["stock"]) == 32
        points[name] = st.hand_points()
    assert points["pasur"] == [2 + 2 + 15, 1]  # AH AS, 2C, three net surs; AC
    assert points["pasur-sur-no-cancel"] == [2 + 2 + 20, 1 + 5]


# ---- every variant: the options it does not name keep pasur.yaml's defaults, in play ---------------------

VARIANTS = sorted(p.stem for p in RULESETS.glob("pasur-*.yaml"))
# What each variant changes among the options (RULES.md P12, P14, P15, P19, P20); the rest must play as
# pasur.yaml's defaults.
CHANGES = {
    "pasur-105": {"target": 105}, "pasur-11": {"target": 11}, "pasur-72": {"target": 72},
    "pasur-multicapture": {"multi_capture": True}, "pasur-last-deal-sur": {"last_deal_sur": True},
    "pasur-last-card-sur": {"last_deal_sur": True}, "pasur-numeric-sur": {"sur_cards": "numeric"},
    "pasur-most-cards": {"most_cards_bonus": 3},
}
DEFAULTS = {"target": 62, "multi_capture": False, "last_deal_sur": False, "sur_cards": "any", "most_cards_bonus": 0}
# Two cards for each other seat that neither capture nor get captured in the scenarios below.
OTHERS = ["9S 10S", "9H 10H", "8D 9D"]


def rules_of(name: str) -> dict:
    return {**DEFAULTS, **CHANGES.get(name, {})}


def arranged(g, seat0: str, table: str, stock: int = 0, side1: str = ""):
    """`last_deal` for any number of players, seat 0 holding `seat0`, each other seat two idle cards, side 1's
    pile `side1` and every other card in seat 0's; with `stock` cards moved from seat 0's pile back to the
    stock (so that it is not the last deal)."""
    st = last_deal(g, [seat0, *OTHERS[: g.players - 1]], table=table, piles={1: side1})
    for _ in range(stock):
        st.zones["stock"].append(st.zones["won"][0].pop())
    return st


def test_every_pasur_variant_is_checked_here():
    assert set(CHANGES) <= set(VARIANTS) and len(VARIANTS) == 16  # jacks-to-dealer, jack-takes-part: no option


@pytest.mark.parametrize("name", VARIANTS)
def test_p12_p14_p15_p19_each_variant_plays_the_default_of_every_option_it_does_not_change(name):
    """Each pasur-*.yaml changes the options its header names and no other: P12 (one 11-set), P14 (no sur in
    the last deal), P15 (a queen's sweep is a sur) and P19 (no most-cards bonus) play as in pasur.yaml
    unless the variant is the one that changes them. Kills mutants that add `last_deal_sur: true`,
    `multi_capture: true`, `sur_cards: numeric` or `most_cards_bonus: 3` to a variant that does not name it
    (e.g. pasur-3p.yaml, pasur-3p-most-clubs.yaml, pasur-sur-no-cancel.yaml, pasur-jack-again-redeal.yaml)."""
    g, rules = ruleset(name), rules_of(name)
    zero = [0] * g.sides

    # P12: 5S against 6H 6D 4C 2S takes one 11-set (three ways), or with multi-capture several disjoint ones
    st = arranged(g, "5S KS", table="6H 6D 4C 2S", stock=4 * g.players)
    takes = {a.split(" take ")[1] for a in moves_with(st, "5S")}
    assert {"2S 4C", "6D", "6H"} <= takes
    assert ("2S 6H 6D 4C" in takes) == rules["multi_capture"], takes

    # P15: a queen taking the table's only card, not in the last deal, is a sur unless only numerics make one
    st = arranged(g, "QH 2C", table="QD", stock=4 * g.players)
    st.apply("play QH take QD")
    assert st.zones["table"] == []
    assert st.counters["surs"][0] == (rules["sur_cards"] == "any")

    # P14: a numeric sur in the last deal (with seat 0's first card, never the hand's last)
    st = arranged(g, "7H 6C", table="4D")
    st.apply("play 7H take 4D")
    assert st.zones["table"] == [] and st.counters["surs"][0] == rules["last_deal_sur"]

    # P19: seat 0 ends with more cards than any other side; the bonus row is the option's
    st = arranged(g, "7H 6C", table="4D")
    while len(st.hands) == 0:
        st.apply(st.legal_actions()[0])
    most = st.hands[0]["rows"]["most cards"]
    assert most == [rules["most_cards_bonus"], *zero[1:]]


# Side 1 holds seven clubs and 10D (10 points); seat 0 captures 4D with 7H and gets every other card: 2C,
# the aces and the jacks (10 points, and the most cards).
TARGET_SIDE1 = "3C 4C 5C 6C 7C 8C 9C 10D"


@pytest.mark.parametrize("name", VARIANTS)
def test_p20_each_variant_plays_to_its_own_target(name):
    """P20 on every variant: seat 0 reaching the variant's target exactly, alone on top, wins; one point short
    plays on. Kills a variant given another target (e.g. `target: 105` added to pasur-4p.yaml or
    pasur-3p.yaml, or the target lines of pasur-105/-72/-11 changed)."""
    g, rules = ruleset(name), rules_of(name)
    target = rules["target"]
    points = None
    for short, over in ((None, None), (0, True), (1, False)):
        st = arranged(g, "7H 6D", table="4D", side1=TARGET_SIDE1)
        if points is not None:
            st.scores = [target - points[0] - short, *[0] * (g.sides - 1)]
        while len(st.hands) == 0:
            st.apply(st.legal_actions()[0])
        if points is None:  # the hand's points alone, from 0
            points = st.hands[0]["points"]
            assert points[:2] == [10 + rules["most_cards_bonus"], 10] and max(points[2:], default=0) == 0
            continue
        assert st.hands[0]["totals"] == [target - short, *points[1:]]
        assert (st.over, st.winner) == ((True, 0) if over else (False, None)), (name, short)


# ---- pasur-numeric-sur: a 10 is numeric ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["pasur", "pasur-numeric-sur", "pasur-last-card-sur"])
def test_p15_numeric_sur_a_ten_clearing_the_table_is_a_sur(name):
    """pasur-numeric-sur.yaml (P15: "the walkthrough's strict reading allows only numeric captures"; P6: the
    numeric cards are A, 2 ... 10): a 10 taking the table's only card, an ace, before the last deal is a sur
    under the strict reading as under the default. Kills the mutant of pasur.yaml's sur test that reads
    `played.rank <= 10` as `played.rank < 10`, a line only the `sur_cards: numeric` option reaches (the
    existing test pins it for pasur-last-card-sur's restated test only)."""
    for options in (None, {"sur_cards": "numeric"}):
        st = arranged(load(RULESETS / f"{name}.yaml", options=options), "10H 2C", table="AD", stock=8)
        st.apply("play 10H take AD")
        assert st.zones["table"] == [] and st.counters["surs"] == [1, 0], options
