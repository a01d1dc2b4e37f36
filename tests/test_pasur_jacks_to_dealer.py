"""rulesets/pasur-jacks-to-dealer.yaml (VARIANTS.md: "Opening table: ... One app gives opening-table jacks to the
dealer instead"), a house rule that changes P3, and `collect`'s `cards:` test that says it.

The fixed deals are those of tests/test_pasur_rules.py (`deal`): seat 0's four cards, seat 1's four, the four
table cards, then the top of the stock; seat 1 deals the first hand, so side 1 is the dealer's side.
"""

from __future__ import annotations

import random

import pytest

from interpreter import load
from interpreter.observe import Seat
from interpreter.sheet import sheet
from interpreter.table import Table
from tests.conftest import RULESETS, deck_with
from tests.test_pasur_rules import deal, names, play_out_hand, ruleset

HANDS = ("2S 3S 4S 5S", "2H 3H 4H 5H")
JACKS = "JS JH JD JC"


def jacks_to_dealer():
    return ruleset("pasur-jacks-to-dealer")


@pytest.mark.parametrize("table, jacks, rest", [
    ("6S JH 7S 8S", "JH", "6S 7S 8S"),          # one jack: the base sends it under the stock (P3)
    ("JS 6S JH 8S", "JS JH", "6S 8S"),          # two jacks: the base deals again (P3)
    ("JS JH JD JC", JACKS, ""),                 # every jack: the table is left empty
])
def test_the_opening_tables_jacks_go_to_the_dealers_pile_and_nothing_takes_their_place(table, jacks, rest):
    st = deal(jacks_to_dealer(), *HANDS, table=table, then="9S 10S")
    assert st.dealer == 1 and st.misdeals == 0  # no deal thrown in
    assert names(st.zones["won"][1]) == jacks and not st.zones["won"][0]
    assert names(st.zones["table"]) == rest
    assert names(st.zones["hand"][0]) == HANDS[0] and names(st.zones["hand"][1]) == HANDS[1]
    assert len(st.zones["stock"]) == 40 and names(st.zones["stock"][:2]) == "9S 10S"  # none came from the stock


def test_the_base_replaces_the_one_jack_and_redeals_two():
    """The same deals under pasur.yaml, for contrast (P3)."""
    st = deal(ruleset(), *HANDS, table="6S JH 7S 8S", then="9S 10S")
    assert names(st.zones["table"]) == "6S 7S 8S 9S" and not any(st.zones["won"])
    later = [deck_with("2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D".split(), ruleset())]
    st = deal(ruleset(), *HANDS, table="JS 6S JH 8S", later=later)
    assert st.misdeals == 1 and names(st.zones["table"]) == "2D 3D 4D 5D"


@pytest.mark.parametrize("table, opening", [("6S JH 7S 8S", "JH"), ("JS 6S JH 8S", "JS JH")])
def test_the_dealers_jacks_score_for_the_dealers_side_at_the_hands_end(table, opening):
    """P18: each jack is a point to the side whose pile holds it; the opening jacks lie in the dealer's side's pile
    from the start, so they are among its points. The refills still deal 4 each, six deals in all (P5)."""
    st = deal(jacks_to_dealer(), *HANDS, table=table, then="9S 10S")
    log = play_out_hand(st)
    rows = st.hands[0]["rows"]["jacks"]
    assert sum(rows) == 4  # every jack scored once, the dealer's among them
    assert rows[1] >= len(opening.split())
    assert sorted({len(turn["stock"]) for turn in log}, reverse=True) == [40, 32, 24, 16, 8, 0]


def test_four_opening_jacks_are_four_points_to_the_dealers_side():
    """Every jack went to the dealer at the deal, so none is left to anyone else: the jacks row is 0 to 4."""
    st = deal(jacks_to_dealer(), *HANDS, table=JACKS, then="9S 10S")
    play_out_hand(st)
    assert st.hands[0]["rows"]["jacks"] == [0, 4]


@pytest.mark.parametrize("table", ["QS QH QD 8S", "KS KH KD JH", "QS QH QD JH"])
def test_three_queens_or_three_kings_still_throw_the_deal_in(table):
    """P3's other half stays: the next deck order is dealt, by the same dealer, and a jack among them is not
    taken first."""
    g = jacks_to_dealer()
    later = [deck_with("6D 7D 8D 9D 6C 7C 8C 9C AS 2S 3S 4S".split(), g)]
    st = deal(g, "2C 3C 4C 5C", "2H 3H 4H 5H", table=table, later=later)
    assert st.misdeals == 1 and st.dealer == 1
    assert names(st.zones["table"]) == "AS 2S 3S 4S" and not any(st.zones["won"])


def test_the_table_names_the_jacks_given_to_the_dealer():
    g = jacks_to_dealer()
    front = (*HANDS, "6S JH 7S JC")
    st = g.new_state(shuffles=[deck_with(" ".join(front).split(), g)], seed=0, listen=True)
    assert "  → from the table, to the captured cards of seat 1: J♥ J♣" in Table(st, 0).events(st.events)
    assert "  → from the table, to your captured cards: J♥ J♣" in Table(st, 1).events(st.events)
    assert any("از زمین به برداشته‌های صندلی ۱ رسید" in x for x in Table(st, 0, "fa").events(st.events))


def test_the_rules_sheet_says_which_cards_go():
    assert ("the cards of the **table** where `rank == J` go to the **captured cards** of `dealer` (nobody, if that is"
            " no one)" in sheet(jacks_to_dealer(), "en"))
    assert "کارت‌های **زمین** با ⁦`rank == J`⁩ به ⁦`dealer`⁩ می‌رسد" in sheet(jacks_to_dealer(), "fa")


HIDDEN_PILE = """\
extends: pasur-jacks-to-dealer
name: house
hand:
  - name: table jacks
    collect: {to: stock, seat: null}
"""


def test_cards_seen_on_the_table_stay_known_where_they_went(tmp_path):
    """Jacks taken from the face-up table into the face-down stock: every seat saw them go, so a bot's deal of
    the cards it cannot see keeps them in the stock, never in the other player's hand; the cards left on the
    table stay as they lay."""
    path = tmp_path / "house.yaml"
    path.write_text(HIDDEN_PILE, encoding="utf-8")
    g = load(path)
    front = " ".join((*HANDS, "JS 6S JH 8S 9S 10S")).split()
    st = g.new_state(shuffles=[deck_with(front, g)], seed=0, listen=True)
    assert names(st.zones["table"]) == "6S 8S" and names(st.zones["stock"][-2:]) == "JS JH"
    assert "  → from the table, to the stock: J♠ J♥" in Table(st, 0).events(st.events)
    for k in range(30):
        dealt = Seat(st, 0).sample(random.Random(k))
        assert {"JS", "JH"} <= set(names(dealt.zones["stock"]).split())
        assert not {"JS", "JH"} & set(names(dealt.zones["hand"][1]).split())


@pytest.mark.parametrize("dealer, moved", [(1, "JH"), (0, "")])
def test_the_test_may_read_the_game(tmp_path, dealer, moved):
    """`cards:` reads the game as other card tests do: here the jacks go only when seat 1 deals (it deals hand 1)."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: pasur-jacks-to-dealer\nname: house\nhand:\n  - name: table jacks\n"
                    f"    collect: {{cards: rank == J and dealer == {dealer}}}\n", encoding="utf-8")
    st = deal(load(path), *HANDS, table="6S JH 7S 8S", then="9S 10S")
    assert names(st.zones["won"][1]) == moved
    assert len(st.zones["table"]) == 4 - len(moved.split())


def test_in_partnerships_the_jacks_go_to_our_or_their_captured_cards(tmp_path):
    """Pasur for four keeps one pile of captures for each side (P21): the table says the dealer's side's, ours or
    theirs, not a seat's."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {RULESETS / 'pasur-4p.yaml'}\nname: house\nhand:\n  - name: deal\n    deal:\n"
                    "      - {to: hand, count: 4}\n      - {to: table, count: 4, redeal_if: null, replace_if: null}\n"
                    "  - name: table jacks\n    after: deal\n"
                    "    collect: {from: table, cards: rank == J, to: won, seat: dealer}\n", encoding="utf-8")
    g = load(path)
    front = "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C 6S JH 7S JC".split()
    st = g.new_state(shuffles=[deck_with(front, g)], seed=0, listen=True)
    assert st.dealer == 3 and names(st.zones["won"][1]) == "JH JC"
    assert "  → from the table, to their captured cards: J♥ J♣" in Table(st, 0).events(st.events)
    assert "  → from the table, to our captured cards: J♥ J♣" in Table(st, 1).events(st.events)
    assert any("از زمین به برداشته‌های ما رسید" in x for x in Table(st, 1, "fa").events(st.events))
