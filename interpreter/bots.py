"""Players that choose through the State API alone: random and greedy."""

from __future__ import annotations

import random


class RandomBot:
    """Any legal action, uniformly."""

    kind = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, st):
        """A legal move of the seat to act."""
        return self.rng.choice(st.legal_moves())


class GreedyBot(RandomBot):
    """The action that gains most now: own side's score (game + this hand so far) minus the best other's.

    Judged by the ruleset's own scoring rows; ties are broken at random.
    """

    kind = "greedy"

    def choose(self, st):
        side = st.side_to_act
        best, best_value = [], None
        for move in st.legal_moves():
            value = _value_after(st, move, side)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)


def _value_after(st, move, side) -> float:
    after = st.copy()
    after.apply_move(move)
    if after.over:
        return float("inf") if after.winner == side else float("-inf")
    now = [s + p for s, p in zip(after.scores, after.hand_points())]
    return now[side] - max(v for i, v in enumerate(now) if i != side) if len(now) > 1 else now[side]


KINDS = {"random": RandomBot, "greedy": GreedyBot}


class BotSpecError(ValueError):
    """A --bots value naming no known bot."""


def parse_spec(spec: str, players: int, person: int | None = None) -> list[str]:
    """`KIND` for every seat, or `K0,K1,...` one per seat; the person's own entry is ignored."""
    kinds = [k.strip().lower() for k in spec.split(",")] if spec else ["random"]
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise BotSpecError(f"--bots names {len(kinds)} seats; this game has {players}")
    if person is not None and 0 <= person < players:
        kinds[person] = "random"  # never asked: a person sits there
    for k in kinds:
        if k not in KINDS:
            raise BotSpecError(f"unknown bot '{k}' (bots: {', '.join(KINDS)})")
    return kinds


def make_bots(kinds: list[str], seed) -> list:
    """One bot per seat, each with its own reproducible random source."""
    return [KINDS[k](random.Random(f"{seed}/bot/{seat}")) for seat, k in enumerate(kinds)]
