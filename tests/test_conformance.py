"""Random playouts over every bundled ruleset: the invariants every game must keep."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter import bundled, load
from interpreter import records as rec
from interpreter.bots import make_bots

GAMES = 200
MAX_ACTIONS = 20_000
RULESETS = [p.name for p in bundled()]


def all_cards(st) -> Counter:
    """Every card in every zone, once per place it lies."""
    out: Counter = Counter()
    for cards in st.zones.values():
        for pile in cards if cards and isinstance(cards[0], list) else [cards]:
            out.update(pile)
    return out


def hand_total_ok(name: str, hand: dict, game) -> bool:
    """The points a hand hands out, as the rules of the family say."""
    pts = hand["points"]
    if name.startswith("pasur"):
        surs, rows = hand["counters"]["surs"], hand["rows"]
        net = max(surs) - min(surs)  # two sides
        bonus = game.options.get("most_cards_bonus", 0)
        card_points = sum(pts) - sum(rows["surs"]) - sum(rows["most cards"])
        return (card_points == 20  # P18
                and sorted(rows["surs"]) == [0, 5 * net]  # P16
                and sorted(rows["most cards"]) in ([0, 0], [0, bonus]))  # P19
    return True


def play_random(game, seed: int):
    """A whole game by random bots, checking the invariants after every action."""
    st = game.new_state(seed=seed)
    bots = make_bots(["random"] * game.players, seed)
    deck = Counter(game.deck)
    for _ in range(MAX_ACTIONS):
        assert all_cards(st) == deck, "cards not conserved"
        if st.over:
            return st
        legal = st.legal_actions()
        assert 0 <= st.to_act < game.players
        assert legal, "nobody can act but the game is not over"
        assert legal == sorted(set(legal)), "legal actions not sorted and unique"
        text, move = bots[st.to_act].choose(st)
        st.apply_move(text, move)
    raise AssertionError(f"game did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_keep_the_invariants(name):
    game = load(name)
    for seed in range(GAMES):
        st = play_random(game, seed)
        assert st.winner is not None and st.scores[st.winner] == max(st.scores)
        assert st.scores.count(max(st.scores)) == 1
        totals = [0] * game.sides
        for hand in st.hands:
            totals = [t + p for t, p in zip(totals, hand["points"])]
            assert hand["totals"] == totals
            assert hand_total_ok(name, hand, game), hand
        assert totals == st.scores


@pytest.mark.parametrize("name", RULESETS)
def test_same_seed_same_game_and_records_replay(name):
    game = load(name)
    for seed in random.Random(name).sample(range(10_000), 20):
        a, b = play_random(game, seed), play_random(game, seed)
        record = rec.make(a, name)
        assert record == rec.make(b, name)
        again = rec.replay(record, ".")
        assert rec.summary(again) == rec.summary(a)
        assert again.actions == a.actions
        by_seed = dict(record, shuffles=[])
        assert rec.summary(rec.replay(by_seed, ".")) == rec.summary(a)
