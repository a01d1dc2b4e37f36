"""The greedy bot against itself without one of its judgements: is the judgement worth its time?

    python benchmarks/greedy_ab.py RULESET FEATURE [-n SEEDS] [--max-hands H] [--jobs J]

FEATURE names a function of interpreter/bots.py that `OFF` knows how to switch off (`solved`: the hand's end
played out where every card is known; `least_reach`: of cards laid alike, the one that takes least later;
`to_partner`: a card of worth given to a trick the side is sure of; `ruffed_suits`: no best card led into a suit
another side may ruff; `covering`: a partner's trick made sure with a card of the suit led; `kept_under`: no card
over a partner's trick, nor a trump on it, while another may go; `REPLY_CARDS`: a fishing game's reply weighed
over every card unseen, off 12 of them drawn at random, as before the sixty-fifth session; `taken_unwanted`: a
trick the mover wants to lose and every card takes, the weakest while a seat is to play after, off the strongest), or
`names_held` (playouts name trump as the suit held most, interpreter/search.py's NAMES_HELD; off, at random: its
bids are judged on typical declarers' margins of its own, kept apart).
Seeds 0..n-1 are each played once a side, the full bot holding that side (with more than two sides, one seat) and
the rest of the table the bot without FEATURE. Prints the full bot's mean margin a hand (its hand points less the
other side's, or the others' mean; turned round where the lowest total wins, so above 0 is better) with a 95%
interval over the games, the games it won of those that ended, and the margin with its interval over the seeds,
each seed's games averaged (paired: the deal's luck cancels, a narrower interval).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter.bots as B  # noqa: E402
import interpreter.search as S  # noqa: E402
from interpreter import load  # noqa: E402

OFF = {"solved": lambda st, moves: None, "least_reach": lambda st, step, moves, unseen: moves, "names_held": None,
       "to_partner": lambda st, step, move, masters=(): B._risked(st, step, move),
       "ruffed_suits": lambda st, step, top, trump: frozenset(),
       "covering": lambda st, step, taking, top_card: [], "kept_under": lambda moves, under: moves,
       "REPLY_CARDS": 12, "taken_unwanted": lambda st, step, moves, strength: B._extreme(moves, strength, max)}
APART: tuple = ({}, {})  # the typical declarers' margins and opening bars of bots whose playouts name at random


def without(feature: str) -> type:
    """The greedy bot with `feature` switched off while it decides."""

    class Without(B.GreedyBot):
        def decide(self, seat):
            if feature == "names_held":
                kept = S.NAMES_HELD, S._BASES, S._BARS
                S.NAMES_HELD, (S._BASES, S._BARS) = False, APART
                try:
                    return super().decide(seat)
                finally:
                    S.NAMES_HELD, S._BASES, S._BARS = kept
            kept = getattr(B, feature)
            setattr(B, feature, OFF[feature])
            try:
                return super().decide(seat)
            finally:
                setattr(B, feature, kept)

    return Without


def one_game(task: tuple) -> tuple:
    """(the full bot's summed margin, hands played, whether it won: None where play stopped at the bound)."""
    name, seed, side, hands, feature = task
    g = load(name)
    kinds = [B.GreedyBot if g.side_of[p] == side else without(feature) for p in range(g.players)]
    bots = [kind(random.Random(f"{seed}/{p}")) for p, kind in enumerate(kinds)]
    st = g.new_state(seed=seed, max_hands=hands)
    while not (st.over or st.halted):
        st.apply_move(bots[st.to_act].choose(st))
    margins = [_margin(h["points"], side, g.lowest_wins) for h in st.hands]
    return sum(margins), len(margins), (st.winner == side) if st.over else None


def _margin(points: list, side: int, lowest_wins: bool) -> float:
    """The full bot's side's hand points less the other side's; with more sides, less the others' mean (less their
    best would be below 0 for bots alike); turned round where the lowest total wins: above 0 is better."""
    others = [p for s, p in enumerate(points) if s != side]
    margin = points[side] - sum(others) / len(others)
    return -margin if lowest_wins else margin


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("feature", choices=sorted(OFF))
    ap.add_argument("-n", type=int, default=100, help="seeds, each played from both sides")
    ap.add_argument("--max-hands", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    sides = load(args.ruleset).sides
    tasks = [(args.ruleset, s, side, args.max_hands, args.feature) for s in range(args.n) for side in range(sides)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(one_game, tasks)
    per_hand = [m / max(1, h) for m, h, _ in results]
    mean = sum(per_hand) / len(per_hand)
    spread = math.sqrt(sum((x - mean) ** 2 for x in per_hand) / max(1, len(per_hand) - 1))
    ended, within = [w for _, _, w in results if w is not None], 1.96 * spread / math.sqrt(len(per_hand))
    print(f"{args.ruleset}, greedy against greedy without {args.feature}: {len(results)} games,"
          f" {sum(h for _, h, _ in results)} hands; margin a hand {mean:+.2f} ± {within:.2f};"
          f" games won {sum(ended)} of {len(ended)} ended; {_paired(per_hand, sides)}")


def _paired(per_hand: list, sides: int) -> str:
    """The margin a hand with its 95% interval over the seeds, each seed's games (one a seat order) averaged: the
    deal's luck, the same in both, cancels."""
    seeds = [sum(per_hand[i:i + sides]) / sides for i in range(0, len(per_hand), sides)]
    if len(seeds) < 2:
        return "too few seeds to pair"
    mean = sum(seeds) / len(seeds)
    spread = math.sqrt(sum((x - mean) ** 2 for x in seeds) / (len(seeds) - 1))
    return f"paired by seed {mean:+.2f} ± {1.96 * spread / math.sqrt(len(seeds)):.2f}"


if __name__ == "__main__":
    main()
