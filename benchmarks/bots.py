"""How fast the bots play: hands and decisions a second of bot games, one core, as `simulate` plays them.

    python benchmarks/bots.py [--bots greedy] [--games hokm,pasur,...] [--seconds S] [--max-hands H]

Plays seeded games (seeds 0, 1, ...) with `--bots` at every seat, each stopped after `--max-hands` hands, for
at least S seconds of CPU a game, and prints hands/s and decisions/s. The greedy bot's time goes to its look
ahead (a copy and the hand's points for each move) and, in an auction, to its bidding playouts; the search
bot's (`mcts`, `mcts:N`) to its playouts. To compare two commits, run it at each in turn on an idle machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter import load  # noqa: E402
from interpreter.simulate import play_one  # noqa: E402

DEFAULT_GAMES = ["pasur", "hokm", "ghahveh", "shelem"]


def measure(name: str, bots: str, seconds: float, max_hands: int) -> tuple[int, float, float]:
    """(games, hands/s, decisions/s) of `bots` games of `name`, played for at least `seconds` of CPU."""
    game = load(name)
    games = hands = decisions = 0
    start = time.process_time()
    while games == 0 or time.process_time() - start < seconds:
        st = play_one(game, games, [bots] * game.players, max_hands=max_hands)
        games, hands, decisions = games + 1, hands + len(st.hands), decisions + len(st.log)
    spent = time.process_time() - start
    return games, hands / spent, decisions / spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="greedy", help="the bot at every seat (default greedy)")
    ap.add_argument("--games", default=",".join(DEFAULT_GAMES), help="rulesets, comma-separated")
    ap.add_argument("--seconds", type=float, default=10.0, help="CPU seconds a game, at least (default 10)")
    ap.add_argument("--max-hands", type=int, default=10, help="hands a game, at most (default 10)")
    args = ap.parse_args()
    print(f"{args.bots} at every seat, one core, games of at most {args.max_hands} hands")
    print(f"{'game':12}{'games':>7}{'hands/s':>10}{'decisions/s':>13}")
    for name in args.games.split(","):
        games, hands, decisions = measure(name, args.bots, args.seconds, args.max_hands)
        print(f"{name:12}{games:7d}{hands:10.1f}{decisions:13.1f}")


if __name__ == "__main__":
    main()
