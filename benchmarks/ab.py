"""Two checkouts' engines side by side: hands a second of random games, each in its own process, in turn.

    python benchmarks/ab.py GAME DIR_A DIR_B [--seconds S] [--rounds N]

DIR_A and DIR_B are checkouts of this repository (e.g. `git worktree add /tmp/base HEAD~3 --detach`). Each
round runs one process per checkout for S seconds of CPU, A then B, so that a change in the machine's load hits
both alike; the best and the median of the rounds are compared. The loop is bench.py's: seeded games, a
random.Random(seed) choosing among the legal moves, at most 100 hands a game (`max_hands`, where the checkout's
engine has it).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

ONE_RUN = r"""
import random, sys, time
sys.path.insert(0, sys.argv[1])
from interpreter import load
game, seconds = load(sys.argv[2]), float(sys.argv[3])
try:  # bench.py's bound where the engine has it (an older checkout: the same bound, kept by the loop)
    game.new_state(max_hands=100)
    bound = {"max_hands": 100}
except TypeError:
    bound = {}
hands = seed = 0
start = time.process_time()
while time.process_time() - start < seconds:
    st, rng = game.new_state(seed=seed, **bound), random.Random(seed)
    while not st.over and not getattr(st, "halted", False) and len(st.hands) < 100:
        st.apply_move(rng.choice(st.legal_moves()))
    hands, seed = hands + len(st.hands), seed + 1
print(hands / (time.process_time() - start))
"""


def hands_per_second(checkout: str, game: str, seconds: float) -> float:
    done = subprocess.run([sys.executable, "-c", ONE_RUN, checkout, game, str(seconds)], capture_output=True,
                          text=True, check=False)
    if done.returncode:
        sys.exit(f"{checkout}: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else 'failed'}")
    return float(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("a", metavar="DIR_A")
    ap.add_argument("b", metavar="DIR_B")
    ap.add_argument("--seconds", type=float, default=1.5, help="CPU seconds a process (default 1.5)")
    ap.add_argument("--rounds", type=int, default=5, help="processes per checkout (default 5)")
    args = ap.parse_args()
    runs: dict[str, list[float]] = {args.a: [], args.b: []}
    for _ in range(args.rounds):
        for checkout in (args.a, args.b):
            runs[checkout].append(hands_per_second(checkout, args.game, args.seconds))
    for checkout, rates in runs.items():
        print(f"{checkout:<30} best {max(rates):9.0f}  median {statistics.median(rates):9.0f} hands/s")
    a, b = runs[args.a], runs[args.b]
    print(f"B/A: best {max(b) / max(a):.3f}, median {statistics.median(b) / statistics.median(a):.3f}")


if __name__ == "__main__":
    main()
