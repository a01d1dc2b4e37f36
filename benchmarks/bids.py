"""How bots bid where every seat bids once into a counter: the contract each side bid against the tricks it took.

    python benchmarks/bids.py [--bots greedy] [-n GAMES] [--max-hands H] [--seed S] [--rulesets spades,ghahveh,oh-hell]

Bots of one kind (or one per seat, `--bots greedy,mcts:200,...`) play game g from seed S+g, up to H hands each.
For every ruleset whose auction has every seat bid once into a counter, it prints a Markdown row over the sides'
hands (a side's contract: its seats' bids added up; its tricks: the trick counter's, its seats' added up): the
mean contract, the mean tricks taken, the mean of tricks less contract and of its size, how many contracts were
made (tricks at least the contract) and how many exactly, how many seat bids were the least allowed
and how many were 0 (a nil); of the nils, how many were made (their seat took no trick) and failed, how many
were bid on a hand holding two or more of the trick order's top card (aces), and in how many side hands both
partners bid 0 (a double nil); and the processor milliseconds a bid (of bids with more than one legal move).
Only the public API is used, so the same script measures an older checkout (run it from there).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))  # the checkout it is run from

from interpreter import load  # noqa: E402
from interpreter.bots import make_bots, parse_spec  # noqa: E402
from interpreter.steps.auction import Auction  # noqa: E402
from interpreter.steps.trick import TrickPlay  # noqa: E402


def each_auction(game):
    """The auction where every seat bids once into a counter, and the trick step counting tricks; or None."""
    auction = next((s for s in game.steps if isinstance(s, Auction) and s.style == "each" and s.into), None)
    trick = next((s for s in game.steps if isinstance(s, TrickPlay) and s.tricks), None)
    return (auction, trick) if auction and trick else None


def measure(name: str, bots: str, games: int, max_hands: int, seed0: int) -> str | None:
    game = load(name)
    found = each_auction(game)
    if found is None:
        return None
    auction, trick = found
    kinds = parse_spec(bots, game.players)
    rows, least, zeros, seat_bids, spent, decisions = [], 0, 0, 0, 0.0, 0
    nils = {"made": 0, "failed": 0, "aces": 0, "double": 0}
    top = max(trick.power)
    for seed in range(seed0, seed0 + games):
        st = game.new_state(seed=seed)
        seats = make_bots(kinds, seed)
        while not st.over and len(st.hands) < max_hands:
            moves = st.legal_moves()
            if isinstance(game.steps[st.step], Auction) and len(moves) > 1:
                start = time.process_time()
                move = seats[st.to_act].choose(st)
                spent += time.process_time() - start
                decisions += 1
                least += move == min(moves)
                zeros += move == 0
                held = st.zones[trick.first_sources[0]][st.to_act]
                nils["aces"] += move == 0 and sum(trick.power[c] == top for c in held) >= 2
                seat_bids += 1
            else:
                move = seats[st.to_act].choose(st)
            st.apply_move(move)
        for hand in st.hands:
            bid, tricks = hand["counters"][auction.into], hand["counters"][trick.tricks]
            for side in range(game.sides):
                own = [s for s in range(game.players) if game.side_of[s] == side]
                contract = sum(bid[s] for s in own)
                took = sum(tricks[s] for s in own) if len(tricks) == game.players else tricks[side]
                rows.append((contract, took))
                nils["double"] += len(own) > 1 and all(bid[s] == 0 for s in own)
                if len(tricks) == game.players:  # a seat's own tricks: its nil made or failed
                    nils["made"] += sum(bid[s] == 0 and not tricks[s] for s in own)
                    nils["failed"] += sum(bid[s] == 0 and tricks[s] > 0 for s in own)
    n = max(len(rows), 1)
    contract = sum(c for c, _ in rows) / n
    took = sum(t for _, t in rows) / n
    over = sum(t - c for c, t in rows) / n
    size = sum(abs(t - c) for c, t in rows) / n
    made = sum(t >= c for c, t in rows)
    exact = sum(t == c for c, t in rows)
    ms = 1000 * spent / max(decisions, 1)
    return (f"| {name} | {bots} | {len(rows)} | {contract:.2f} | {took:.2f} | {over:+.2f} | {size:.2f} | "
            f"{made} ({made / n:.0%}) | {exact} ({exact / n:.0%}) | {least} of {seat_bids} | {zeros} | "
            f"{nils['made']} / {nils['failed']} | {nils['aces']} | {nils['double']} | {ms:.0f} |")


HEADER = ("| ruleset | bots | side hands | mean contract | mean tricks | tricks − contract | its size "
          "| contracts made | exactly | least bids | bids of 0 | nils made / failed | nils with 2+ aces "
          "| double nils | ms/bid |\n" + "|---" * 15 + "|")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("-n", "--games", type=int, default=3)
    ap.add_argument("--max-hands", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rulesets", default="spades,ghahveh,oh-hell")
    args = ap.parse_args()
    print(HEADER)
    for name in args.rulesets.split(","):
        line = measure(name, args.bots, args.games, args.max_hands, args.seed)
        if line:
            print(line, flush=True)


if __name__ == "__main__":
    main()
