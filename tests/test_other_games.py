"""The language reaches beyond the Persian games: Scopa, written with the same building blocks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

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
