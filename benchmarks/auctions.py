"""How bots bid in rising auctions: deals thrown in, contracts made, the winning bids.

    python benchmarks/auctions.py [--bots greedy] [-n GAMES] [--max-hands H] [--rulesets shelem,shelem-2p]

Bots of one kind (or one per seat, `--bots greedy,mcts:200,...`) play game g from seed g. For every
ruleset with a rising auction it prints a Markdown row: the deals thrown in because every seat passed
(of all deals, thrown-in ones included), how many hands' contracts were made (the declaring side scored
more than 0 in the hand), the winning bids, the processor seconds, and the processor milliseconds a bot
took over a bid (where it had more than one legal move). Only the public API is used, so
the same script measures an older checkout (run it from there).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))  # the checkout it is run from

from interpreter import load  # noqa: E402
from interpreter.bots import make_bots, parse_spec  # noqa: E402
from interpreter.steps.auction import Auction  # noqa: E402


def rising(game):
    """The rising auction's (winner, contract) variables, or None."""
    return next(((s.winner, s.contract) for s in game.steps if isinstance(s, Auction) and s.style == "rising"), None)


def measure(name: str, bots: str, games: int, max_hands: int) -> str | None:
    game = load(name)
    found = rising(game)
    if found is None:
        return None
    winner, contract = found
    kinds = parse_spec(bots, game.players)
    deals = thrown = made = hands = choices = 0
    bids: Counter = Counter()
    bidding = 0.0
    start = time.process_time()
    for seed in range(games):
        st = game.new_state(seed=seed)
        seats = make_bots(kinds, seed)
        while not st.over and len(st.hands) < max_hands:
            choosing = isinstance(game.steps[st.step], Auction) and len(st.legal_moves()) > 1
            began = time.process_time()
            move = seats[st.to_act].choose(st)
            if choosing:
                bidding += time.process_time() - began
                choices += 1
            st.apply_move(move)
        deals += len(st.hands) + st.redeals
        thrown += st.redeals
        for hand in st.hands:
            side = game.side_of[hand["vars"][winner]]
            hands += 1
            made += hand["points"][side] > 0
            bids[hand["vars"][contract]] += 1
    shown = ", ".join(f"{b} ({k})" for b, k in sorted(bids.items()))
    seconds = time.process_time() - start
    return (f"| {name} | {bots} | {thrown} of {deals} ({thrown / max(deals, 1):.0%}) | {made} of {hands}"
            f" ({made / max(hands, 1):.0%}) | {shown} | {seconds:.0f} | {1000 * bidding / max(choices, 1):.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("-n", type=int, default=3)
    ap.add_argument("--max-hands", type=int, default=20)
    ap.add_argument("--rulesets", default="shelem,shelem-2p")
    args = ap.parse_args()
    print("| ruleset | bots | deals thrown in | contracts made | winning bids (hands) | seconds | ms a bid |")
    print("|---|---|---|---|---|---|---|")
    for name in args.rulesets.split(","):
        row = measure(name, args.bots, args.n, args.max_hands)
        print(row if row else f"| {name} | {args.bots} | no rising auction | | | | |")


if __name__ == "__main__":
    main()
