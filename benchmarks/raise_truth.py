"""Facing an opponent's opening bid in a rising auction: what a raise is really worth, and what bots make of it.

    python benchmarks/raise_truth.py [-n DEALS] [--reps R] [--rulesets shelem,shelem-2p] [--bots greedy,mcts:200]

Deal g from seed g: the first seat opens at the lowest bid, and the next seat raises or passes. Each choice is
played out `--reps` times on the real deal by greedy bots (the others then pass), so its real gain is the mean
margin after the raise less that after the pass. Printed per ruleset: deals where raising is better, the mean
real gain, its correlation with the counting cards the seat holds (aces twice, tens, fives: as
tests/test_bots.py counts them), the same over the deals greedy's opener would have opened on; and per bot kind
(benchmarks/strength.py's `+` settings) how many deals it raises on and the real gain of its raises a deal
(0 where it always passes)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.strength import bot_for  # noqa: E402
from interpreter import cards as C  # noqa: E402
from interpreter import load  # noqa: E402
from interpreter.bots import make_bots  # noqa: E402
from interpreter.search import points_margin  # noqa: E402
from interpreter.steps.auction import PASS, Auction  # noqa: E402


def counting_cards(hand) -> int:
    names = [C.NAMES[c][:-1] for c in hand]
    return sum(n in ("A", "10", "5") for n in names) + names.count("A")


def played_out(st, side: int, seed: int) -> float:
    """`side`'s margin once greedy bots play the hand out (every later bid a pass)."""
    game = st.game
    bots = make_bots(["greedy"] * game.players, seed)
    while not st.hands and st.redeals == 0:
        st.apply_move(PASS if isinstance(game.steps[st.step], Auction) else bots[st.to_act].choose(st))
    return points_margin(st.hands[0]["points"], side, game.lowest_wins) if st.hands else 0.0


def measure(name: str, deals: int, reps: int, kinds: list[str]) -> None:
    game = load(name)
    rows = []
    for seed in range(deals):
        st = game.new_state(seed=seed)
        opens = bot_for("greedy", random.Random(f"{seed}/open")).choose(st) is not None
        st.apply_move(min(m for m in st.legal_moves() if m is not PASS))
        side, bid = game.side_of[st.to_act], min(m for m in st.legal_moves() if m is not PASS)
        gain = 0.0
        for k in range(reps):
            raised, passed = st.copy(), st.copy()
            raised.apply_move(bid)
            passed.apply_move(PASS)
            gain += (played_out(raised, side, 7919 * k + seed) - played_out(passed, side, 7919 * k + seed)) / reps
        chosen = {kind: bot_for(kind, random.Random(f"{seed}/bot")).choose(st) is not None for kind in kinds}
        rows.append((counting_cards(st.zones["hand"][st.to_act]), gain, opens, chosen))
    for label, part in (("all deals", rows), ("deals greedy would open on", [r for r in rows if r[2]])):
        held, gains = [r[0] for r in part], [r[1] for r in part]
        tie = statistics.correlation(held, gains)
        print(f"{name}, {label}: {len(part)}; raising better in {sum(g > 0 for g in gains)}, mean real gain "
              f"{statistics.mean(gains):+.1f}, correlation with counting cards {tie:+.2f}")
        for kind in kinds:
            raises = [r[1] for r in part if r[3][kind]]
            print(f"  {kind}: raises on {len(raises)}, real gain of its raises a deal {sum(raises) / len(part):+.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=120, help="deals, from seed 0")
    ap.add_argument("--reps", type=int, default=8, help="greedy play-outs of each choice on the real deal")
    ap.add_argument("--rulesets", default="shelem,shelem-2p")
    ap.add_argument("--bots", default="greedy,greedy+meanraise")
    args = ap.parse_args()
    for name in args.rulesets.split(","):
        measure(name, args.n, args.reps, args.bots.split(","))


if __name__ == "__main__":
    main()
