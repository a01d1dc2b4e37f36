"""Games per second (random bots, one core) and load-and-compile time per ruleset.

    python benchmarks/bench.py [--seconds S]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402
from interpreter import bundled, load  # noqa: E402
from interpreter.simulate import play_one  # noqa: E402

GAMES = ["pasur", "pasur-4p", "hokm", "ghahveh", "shelem", "shelem-2p"]


def games_per_second(name: str, seconds: float) -> tuple[float, float, float]:
    """Play seeded games until `seconds` pass: games/s, hands/s, actions/s."""
    game = load(name)
    kinds = ["random"] * game.players
    games = hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = play_one(game, games, kinds)
        games, hands, actions = games + 1, hands + len(st.hands), actions + len(st.actions)
    spent = time.perf_counter() - start
    return games / spent, hands / spent, actions / spent


def load_time(path: Path, repeat: int = 5) -> float:
    """Milliseconds to read, merge, check and compile a ruleset (no cache)."""
    best = float("inf")
    for _ in range(repeat):
        interpreter._load.cache_clear()
        start = time.perf_counter()
        load(path)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    args = ap.parse_args()
    print(f"random vs random, one core, {args.seconds:g} s each")
    print(f"{'ruleset':<16}{'games/s':>10}{'hands/s':>10}{'actions/s':>12}")
    for name in GAMES:
        g, h, a = games_per_second(name, args.seconds)
        print(f"{name:<16}{g:>10.1f}{h:>10.1f}{a:>12.0f}")
    print()
    print(f"{'ruleset':<32}{'load+compile ms':>16}")
    for path in bundled():
        print(f"{path.name:<32}{load_time(path):>16.1f}")


if __name__ == "__main__":
    main()
