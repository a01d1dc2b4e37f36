"""The pieces the bots' look ahead is built from: whether the unseen cards can be dealt as a seat's
observation requires (Hall's condition, against trying every deal), a trick's winner, a side's margin,
a state's copy, and its views from each side."""

from __future__ import annotations

import functools
import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import bundled, load
from interpreter.observe import Slot, _feasible
from interpreter.search import points_margin
from interpreter.state import NO_TRICKS, Env
from interpreter.steps.trick import first_strongest


def can_deal(left: list, room: list, allowed: list) -> bool:
    """By trying every way: can `left[k]` cards of each class go into slots with `room` that take `allowed`?"""
    cards = [k for k, n in enumerate(left) for _ in range(n)]
    if len(cards) > sum(room):
        return False

    @functools.cache
    def place(i: int, room: tuple) -> bool:  # the cards from i on, into the room left
        if i == len(cards):
            return True
        return any(place(i + 1, room[:j] + (r - 1,) + room[j + 1:])
                   for j, r in enumerate(room) if r and allowed[j] >> cards[i] & 1)

    return place(0, tuple(room))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=5, max_size=5),
       st.lists(st.tuples(st.integers(0, 4), st.integers(0, 31)), min_size=1, max_size=4))
def test_a_deal_that_keeps_the_voids_is_found_possible_exactly_when_one_exists(left, slots):
    room, allowed = [r for r, _ in slots], [a for _, a in slots]
    made = [Slot("hand", j, r, False, a) for j, (r, a) in enumerate(slots)]
    assert _feasible(left, room, made) == can_deal(left, room, allowed)


def test_a_trick_goes_to_the_first_of_its_strongest_cards():
    strength = {10: 3, 11: 7, 12: 7, 13: 1}
    assert first_strongest([10, 11, 12, 13], strength) == 1  # 11 and 12 tie: the first played
    assert first_strongest([13, 10], strength) == 1
    assert first_strongest([12], strength) == 0


def test_a_margin_is_over_the_best_other_side_and_counts_against_where_the_lowest_wins():
    assert points_margin([30, 10, 25], 0, False) == 5
    assert points_margin([30, 10, 25], 1, False) == -20
    assert points_margin([30, 10, 25], 1, True) == 15  # 10 against the lowest other, 25
    assert points_margin((4, 9), 1, True) == -5
    assert points_margin([12], 0, True) == -12


def test_a_copy_has_every_pile_counter_and_list_of_its_own():
    for name in bundled():
        game = load(name)
        state, rng = game.new_state(seed=5), random.Random(5)
        for _ in range(12):
            if state.over:
                break
            state.apply_move(rng.choice(state.legal_moves()))
        copy = state.copy()
        assert copy.zones == state.zones and list(copy.zones) == list(state.zones), name
        piles = [(z, p) for z, v in copy.zones.items() for p in (v if z in game.owned_zones else [v])]
        originals = [p for z, v in state.zones.items() for p in (v if z in game.owned_zones else [v])]
        assert not any(a is b for (_, a), b in itertools.product(piles, originals)), name
        assert copy.counters == state.counters and copy.phase == state.phase, name
        assert copy.trick_state == state.trick_state, name
        if state.trick_state is not NO_TRICKS:  # else shared: it never changes
            assert copy.trick_state is not state.trick_state, name
            assert copy.trick_state.seats is not state.trick_state.seats, name
            assert copy.trick_state.voids is not state.trick_state.voids, name
        assert not any(copy.counters[k] is v for k, v in state.counters.items()), name
        assert not any(copy.phase[k] is v for k, v in state.phase.items() if type(v) is list), name


def test_the_views_from_each_side_are_those_an_env_of_each_side_makes():
    """`side_viewer` fills Env's slots itself: a slot Env comes to set must be set there too."""
    missing = object()
    for name in ("hokm", "pasur-3p", "shelem-3p"):
        state = load(name).new_state(seed=1)
        views = state.side_envs
        assert len(views) == state.game.sides and state.side_envs is views, name
        for side, view in enumerate(views):
            made = Env(state, -1, side)
            assert type(view) is Env and view.st is state, name
            assert {k: getattr(view, k, missing) for k in Env.__slots__} == \
                   {k: getattr(made, k, missing) for k in Env.__slots__}, name
