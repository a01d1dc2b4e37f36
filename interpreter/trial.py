"""Trial games: `validate` plays a few bounded random games, so that "valid" means the game runs and ends.

The engine itself stops, at the ruleset line responsible, a step where nobody can act, a trick with no
card and a hand that loops without a decision. Random players rarely finish a bidding game (they bid
wildly and score ever lower), so when no trial game ends, the trial asks instead whether the target can
be reached at all at the pace the trial hands scored.
"""

from __future__ import annotations

import random
import time

from .errors import RulesetError, Where

MAX_ACTIONS = 20_000  # in one trial game
MAX_HANDS = 60  # in one trial game: enough to see the pace of scoring
MAX_HANDS_TO_END = 10_000  # a target farther away than this many hands at the best pace seen is unreachable


def trial(game, games: int = 3, seed: int = 0, seconds: float = 1.0) -> list[tuple[Where, str]]:
    """Play up to `games` random games within `seconds`; the problems found, each at its ruleset place."""
    return trial_games(game, games, seed, seconds)[0]


def trial_games(game, games: int = 3, seed: int = 0, seconds: float = 1.0) -> tuple[list, int]:
    """The problems found, and how many games were played out to their bounds before time ran out."""
    deadline = time.perf_counter() + seconds
    try:
        endless = _endless(game, seed)
    except RulesetError as e:
        return list(e.problems), 0
    if endless:  # before any game is played: playing on without end would meet some other trouble first
        return endless, 0
    ended = hands = played = 0
    best = None  # the most one side's score rose in one hand (its points, or as `totals` has it)
    for i in range(games):
        try:
            st = _play(game, seed + i, deadline)
        except RulesetError as e:
            return list(e.problems), played
        if not st.over and not st.hands and len(st.log) >= MAX_ACTIONS:
            return [(game.where_hand, f"a hand does not end within {MAX_ACTIONS:,} decisions of random play")], played
        ended += st.over
        hands += len(st.hands)
        before = [0] * game.sides
        for hand in st.hands:
            rises = [t - b for t, b in zip(hand["totals"], before)]
            best = max(best if best is not None else rises[0], *rises)
            before = hand["totals"]
        played += st.over or len(st.hands) >= MAX_HANDS or len(st.log) >= MAX_ACTIONS  # not cut short
        if time.perf_counter() > deadline:
            break
    if not ended and not hands and time.perf_counter() > deadline:
        return [(game.where_hand, f"no hand ended within the trial's {seconds:g} s of random play: a hand loops"
                                  " (or is far too slow to play)")], played
    if ended or not hands:
        return [], played
    return _unreachable(game, st, hands, best), played


def _play(game, seed: int, deadline: float):
    st = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not st.over and len(st.log) < MAX_ACTIONS and len(st.hands) < MAX_HANDS:
        if len(st.log) % 16 == 0 and time.perf_counter() > deadline:
            break
        st.apply_move(rng.choice(st.legal_moves()))
    return st


def _endless(game, seed: int) -> list[tuple[Where, str]]:
    """A game without a target (or a test of its own) ends after its fixed number of hands, which must be
    above 0."""
    if game.target is not None or game.win_if is not None or game.max_hands is not None:
        return []
    st = game.new_state(seed=seed)
    fixed = game.hands_fixed(st.env, None) if game.hands_fixed is not None else 1
    if fixed > 0:
        return []
    spec = game.tree.get("game", {})
    where = spec.where("hands").where if "hands" in spec else game.where_hand
    return [(where, f"'hands' is {fixed}: with no target the game ends only after a number of hands above 0")]


def _unreachable(game, st, hands: int, best: int) -> list[tuple[Where, str]]:
    """No trial game ended: can a side reach the target at all, at the best pace seen? (A game without a
    target ends after more hands than the trial plays, or by a test it cannot judge.)"""
    if game.target is None:
        return []
    spec = game.tree.get("game", {})
    target = game.target(st.env, None)
    where = spec.where("target").where if "target" in spec else game.where_hand
    check = "the scoring and the game's totals" if game.totals is not None else "the scoring"
    if best <= 0:
        if where.file != game.label:  # the target is the base's: the file's own scoring is the likely cause
            where = _own_scoring(game) or where
        return [(where, f"no side's score rose in {hands:,} hands of random play: the target {target:,} is never"
                        f" reached (check {check})")]
    if target / best > MAX_HANDS_TO_END:
        return [(where, f"a score rose at most {best:,} points a hand in {hands:,} hands of random play: reaching"
                        f" the target {target:,} would take more than {MAX_HANDS_TO_END:,} hands")]
    return []


def _own_scoring(game) -> Where | None:
    """Where the file being checked itself says how scores move: its totals, else its first scoring row."""
    t = game.tree
    places = [t["game"].where("totals").where] if "totals" in t.get("game", {}) else []
    rows = t.get("scoring", ())
    places += [rows.where(i).where for i in range(len(rows))] if hasattr(rows, "where") else []
    return next((w for w in places if w.file == game.label), None)
