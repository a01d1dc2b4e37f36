"""`State.hand_points` (what bots weigh: each side's points were the hand scored now) works out only the values
the scoring rows read, and those they are worked out from: the same points as with every value worked out."""

from __future__ import annotations

import random

import pytest
from fuzz_rulesets import scoring_disagrees

from interpreter import bundled, load


def all_values_points(st) -> list[int]:
    """The rows' sums with every named value worked out first, as the hand's end does."""
    st._work_out_values()
    try:
        return [sum(row.points(e, None) for row in st.game.scoring) for e in st.side_envs]
    finally:
        st.scoring = None


def decisions(path):
    """States of two random games of the ruleset (two hands each), about a third of their decisions: (seed,
    state) at each, the state to be read, not changed. Asserts that there were enough."""
    game, checked = load(path), 0
    for seed in range(2):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and len(st.hands) < 2:
            if st.to_act >= 0 and rng.random() < 0.3:
                yield seed, st
                checked += 1
            st.apply_move(rng.choice(st.legal_moves()))
    assert checked > 5


@pytest.mark.parametrize("path", bundled(), ids=lambda p: p.stem)
def test_hand_points_agree_with_every_value_worked_out(path):
    for seed, st in decisions(path):
        assert st.hand_points() == all_values_points(st), (path.stem, seed, len(st.log))


def test_values_only_the_table_shows_are_left_out():
    spades = load("spades")
    assert [k for k, _ in spades.row_values] == ["contract", "overtricks"]
    assert set(spades.values) == {"contract", "overtricks", "made", "failed", "nil_made", "nil_failed", "bags_carried"}


@pytest.mark.parametrize("path", bundled(), ids=lambda p: p.stem)
def test_values_written_out_for_each_side_agree_with_each_worked_out_alone(path):
    """Scoring works each side's values out by code written out for that side at load (`for_side`: the side a
    number, `opp(x)` written in for the other side): the same as each value's own function gives from that
    side's view, with nothing worked out before it. And the rows' sums the same as each row's own function's."""
    for seed, st in decisions(path):
        assert scoring_disagrees(st) is None, (path.stem, seed, len(st.log))
