"""Search's playouts from a fixed state, N times: the work that `benchmarks/instructions.sh` counts.

    python benchmarks/playouts.py GAME N [mid|hands|yardstick]

From the first decision of the game's trick play (seed 3), or with `mid` from the start of the fifth trick, N
random playouts to the hand's end, each on a copy without history, as the search bot plays them. With `hands`:
N hands of random games instead, as `bench.py` plays them (seeds 0, 1, ...; a random.Random(seed) picks each
move through `legal_moves` and `apply_move`), stopping when the N-th hand is scored. With `yardstick`: the same
N hands by the hand-written engine of the game (benchmarks/handwritten/), by the same policy.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter import load  # noqa: E402
from interpreter.search import _one_hand, _playout_bids, _random_playout  # noqa: E402
from interpreter.steps.trick import TrickPlay  # noqa: E402


def random_hands(game, n: int) -> None:
    """N hands of seeded random games, through the public path."""
    hands, seed = 0, 0
    while hands < n:
        st, rng = game.new_state(seed=seed), random.Random(seed)
        played = st.hands
        while not st.over and hands + len(played) < n:
            st.apply_move(rng.choice(st.legal_moves()))
        hands, seed = hands + len(played), seed + 1


def yardstick_hands(name: str, n: int) -> None:
    """N hands of seeded random games of the hand-written engine, as bench.py plays them."""
    from benchmarks.bench import YARDSTICKS

    if name not in YARDSTICKS:
        sys.exit(f"{name}: no hand-written engine (there are: {', '.join(YARDSTICKS)})")
    hands, seed = 0, 0
    while hands < n:
        game, rng = YARDSTICKS[name].new_game(seed), random.Random(seed)
        while not game.over and hands + game.hands < n:
            game.apply(rng.choice(game.legal()))
        hands, seed = hands + game.hands, seed + 1


def main() -> None:
    name, n = sys.argv[1], int(sys.argv[2])
    if sys.argv[3:] == ["yardstick"]:
        yardstick_hands(name, n)
        return
    game = load(name)
    if sys.argv[3:] == ["hands"]:
        random_hands(game, n)
        return
    if not any(isinstance(step, TrickPlay) for step in game.steps):
        sys.exit(f"{name}: no trick play to start the playouts from")
    st, rng = game.new_state(seed=3), random.Random(1)
    while not isinstance(st.acting, TrickPlay) or st.to_act < 0:
        st.apply_move(rng.choice(st.legal_moves()))
    if sys.argv[3:] == ["mid"]:
        while st.trick_state.number < 5:  # four tricks played
            st.apply_move(rng.choice(st.legal_moves()))
    bids, hand = _playout_bids(game), len(st.hands)
    for _ in range(n):
        _random_playout(_one_hand(st.copy(history=False)), hand, rng, bids)


if __name__ == "__main__":
    main()
