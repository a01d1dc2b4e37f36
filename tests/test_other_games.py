"""The language reaches beyond the Persian games: Scopa, written with the same building blocks."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.simulate import play_one
from tests.conftest import deck_with

SCOPA = Path(__file__).resolve().parent.parent / "rulesets" / "scopa.yaml"


def test_scopa_deck_has_forty_cards_valued_one_to_ten():
    g = load(SCOPA)
    assert len(g.deck) == 40
    assert sorted(set(g.card_values[c] for c in g.deck)) == list(range(1, 11))


def test_a_rank_match_comes_before_sums():
    """A 5 facing 5, 2 and 3 must take the 5 (the `exclusive` match), never 2+3."""
    g = load(SCOPA)
    st = g.new_state(shuffles=[deck_with(["5S", "AH", "AD", "4C", "4D", "6C", "5H", "2S", "3S", "KD"], g)])
    assert [a for a in st.legal_actions() if a.startswith("play 5S")] == ["play 5S take 5H"]


def test_face_cards_count_their_own_values_in_sums():
    """K is worth 10: a king takes 7 + 3 when no king lies on the table."""
    g = load(SCOPA)
    st = g.new_state(shuffles=[deck_with(["KS", "AH", "AD", "4C", "4D", "6C", "7H", "3S", "2D", "JD"], g)])
    assert "play KS take 3S 7H" in st.legal_actions()


def test_random_scopa_games_end_with_cards_conserved():
    g = load(SCOPA)
    for seed in range(20):
        st = play_one(g, seed, ["random", "random"])
        assert st.over and max(st.scores) >= 11
        for hand in st.hands:
            rows = hand["rows"]
            assert sum(rows["settebello"]) == 1
            assert sum(rows["cards"]) <= 1 and sum(rows["coins"]) <= 1
        cards = Counter(c for pile in st.zones["won"] for c in pile)
        assert sum(cards.values()) <= 40


def _primiera(won: list[list[str]]) -> tuple[list[int], list[int]]:
    """Scopa's primiera sums and points for these piles, each side's cards given by name."""
    g = load(SCOPA)
    st = g.new_state(seed=0)
    st.zones["won"] = [[C.card_id(x) for x in pile] for pile in won]
    rows = {row.name: row.points for row in g.scoring}
    return ([g.values["primiera_sum"](e, None) for e in st.side_envs],
            [rows["primiera"](e, None) for e in st.side_envs])


def test_the_primiera_adds_the_best_card_of_each_suit():
    """Three sevens and a five (21 + 21 + 21 + 15 = 78) beat a seven and three sixes (21 + 18 + 18 + 18 = 75);
    lower cards beside a suit's best add nothing."""
    sums, points = _primiera([["7S", "7H", "7D", "5C", "2C", "KS"], ["7C", "6S", "6H", "6D", "5S", "4H"]])
    assert sums == [78, 75] and points == [1, 0]


def test_a_side_lacking_a_suit_has_no_primiera_and_a_tie_scores_nothing():
    assert _primiera([["7S", "7H", "7D", "6S"], ["2S", "2H", "2D", "2C"]]) == ([0, 48], [0, 1])
    assert _primiera([["7S", "AH", "JD", "2C"], ["7H", "AS", "QC", "2D"]]) == ([59, 59], [0, 0])


def test_scopa_hand_result_shows_the_counts_its_rows_compare():
    """A Scopa hand's result showed each row's point but not the counts behind it, and a tied row (coins
    5 to 5) not at all (a table audit): the ruleset shows the cards and coins taken and the primiera sums,
    through the hand and at its end. All 40 cards are taken by the hand's end."""
    from click.testing import CliRunner

    from cli import main

    result = CliRunner().invoke(main, ["play", "scopa", "--bots", "greedy", "--seed", "1"], input="1\n" * 200)
    lines = result.output.splitlines()
    end = lines.index("── hand 1 is over ──")
    said = {x.split(":")[0].strip(): x for x in lines[end + 1:end + 8]}
    counts = [int(n) for n in re.findall(r"(?:you|seat 1) (\d+)", said["cards taken"])]
    assert sum(counts) == 40, said["cards taken"]
    assert "coins (diamonds) taken" in said and "primiera sum" in said


def test_the_primiera_ranks_a_three_above_a_two():
    """The primiera table: 3 is 13, 2 is 12. 7, 6 and 5 of three suits each, and a 3 against a 2 in the
    fourth: 21 + 18 + 15 + 13 = 67 against 66, and the three wins the row."""
    assert _primiera([["7S", "6H", "5D", "3C"], ["7H", "6S", "5C", "2D"]]) == ([67, 66], [1, 0])


@pytest.mark.parametrize("suit", "SHDC")
def test_lacking_any_one_suit_leaves_no_primiera(suit):
    """A side with sevens in three suits but nothing of the fourth has no primiera, whichever suit it lacks."""
    sevens = [f"7{s}" for s in "SHDC" if s != suit]
    sums, _ = _primiera([sevens, ["2S", "2H", "2D", "2C"]])
    assert sums == [0, 48]


@pytest.mark.parametrize("kings,redealt", [(2, False), (3, True)])
def test_three_kings_on_the_table_deal_again_two_do_not(kings, redealt):
    """The deal: 3 each, then 4 face up; three kings or more on the table and the cards are dealt again."""
    g = load(SCOPA)
    table = ["KS", "KH", "KD"][:kings] + ["2S", "3S", "4S"][: 4 - kings]
    st = g.new_state(shuffles=[deck_with(["AS", "AH", "AD", "5S", "5H", "5D"] + table, g)], seed=1)
    assert (st.misdeals + st.redeals > 0) == redealt
    if not redealt:
        assert C.names(st.zones["table"]) == sorted(table, key=C.card_id)


def test_the_coins_row_counts_diamonds_not_cards():
    """1 for the most diamonds (coins): a side with fewer cards but more diamonds takes it."""
    g = load(SCOPA)
    st = g.new_state(seed=0)
    st.zones["won"] = [[C.card_id(x) for x in pile] for pile in (["2D", "3D", "4D"], ["2S", "3S", "4S", "5S", "AD"])]
    coins = next(row.points for row in g.scoring if row.name == "coins")
    assert [coins(e, None) for e in st.side_envs] == [1, 0]


@pytest.mark.parametrize("lift,over", [(0, True), (-1, False)])
def test_eleven_points_win(lift, over):
    """The game is to 11: a side that lands on 11 itself wins; 10 plays on. Seed 4's first hand, first legal
    move each turn, scores 5 to 0."""
    g = load(SCOPA)
    st = g.new_state(seed=4)
    st.scores = [6 + lift, 0]
    while not st.hands:
        st.apply(st.legal_actions()[0])
    assert st.hands[0]["points"] == [5, 0]
    assert st.scores == [11 + lift, 0] and st.over == over and st.winner == (0 if over else None)
