"""Bots play many games; totals depend only on the seed, not on how many processes ran them."""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

from .bots import make_bots

CHUNK = 25


def play_one(game, seed, kinds: list[str]):
    """One complete bot game from `seed`; returns the final state."""
    st = game.new_state(seed=seed)
    bots = make_bots(kinds, seed)
    while not st.over:
        st.apply_move(bots[st.to_act].choose(st))
    return st


def _chunk(args) -> list[tuple]:
    from . import load

    name, options, seeds, kinds = args
    game = load(name, options or None)
    out = []
    for seed in seeds:
        st = play_one(game, seed, kinds)
        out.append((st.winner, tuple(st.scores), len(st.hands), tuple(_hand_sums(st))))
    return out


def _hand_sums(st) -> list[int]:
    return [sum(h["points"][s] for h in st.hands) for s in range(st.game.sides)]


def simulate(name: str, options: dict, n: int, seed: int, kinds: list[str], jobs: int = 1, progress=None) -> dict:
    """Play `n` games with seeds seed, seed+1, ...; `progress(k)` is told of each finished chunk."""
    from . import load

    game = load(name, options or None)
    seeds = list(range(seed, seed + n))
    chunks = [(name, options, seeds[i:i + CHUNK], kinds) for i in range(0, n, CHUNK)]
    started = time.perf_counter()
    results: list[tuple] = []
    if jobs <= 1:
        for c in chunks:
            results.extend(_chunk(c))
            if progress:
                progress(len(c[2]))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part, c in zip(pool.map(_chunk, chunks), chunks):
                results.extend(part)
                if progress:
                    progress(len(c[2]))
    elapsed = time.perf_counter() - started
    return _summary(game, results, elapsed)


def _summary(game, results, elapsed: float) -> dict:
    sides = game.sides
    n = len(results)
    hands = sum(r[2] for r in results)
    wins = [sum(1 for r in results if r[0] == s) for s in range(sides)]
    return {
        "ruleset": game.name,
        "games": n,
        "wins": wins,
        "mean_points": [round(sum(r[1][s] for r in results) / n, 3) if n else 0 for s in range(sides)],
        "hands": hands,
        "mean_hands": round(hands / n, 3) if n else 0,
        "mean_hand_points": [round(sum(r[3][s] for r in results) / hands, 3) if hands else 0 for s in range(sides)],
        "games_per_sec": round(n / elapsed, 2) if elapsed > 0 else None,
        "seconds": round(elapsed, 3),
    }
