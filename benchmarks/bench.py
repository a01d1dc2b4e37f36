"""cardrules against hand-written engines of the same rules (random bots, one core), and load-and-compile time.

    python benchmarks/bench.py [--seconds S] [--games pasur,hokm,...] [--jobs] [--parts]

For each game, cardrules and the matching yardstick (benchmarks/handwritten/, plain Python, one file per game)
play seeded games with the same policy: a random.Random(seed) picks uniformly among the legal moves. The two
take turns in short slices, each for S seconds in all, so that a change in the machine's load hits both alike.
A third line times cardrules through the loop `cardrules simulate` plays (`play_one`, random bots): what a study
of random games gets.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402
from benchmarks.handwritten import ghahveh, hokm, pasur, shelem, shelem_2p  # noqa: E402
from interpreter import bundled, language, load, rules, state  # noqa: E402
from interpreter.search import _one_hand, _playout_bids, _random_playout  # noqa: E402
from interpreter.simulate import play_one  # noqa: E402

YARDSTICKS = {"pasur": pasur, "hokm": hokm, "ghahveh": ghahveh, "shelem": shelem, "shelem-2p": shelem_2p}
DEFAULT_GAMES = ["pasur", "pasur-4p", "hokm", "ghahveh", "shelem", "shelem-2p"]
HAND_LIMITED = {"ghahveh", "shelem", "shelem-2p"}
MAX_HANDS = 100  # the bound on a bot game's hands, for the games whose random bidders never reach the target
SLICES = 5


def engine_playout(game, seed: int) -> tuple[int, int]:
    """One cardrules game from `seed` by uniform random choice: (hands, actions). Its fastest public path:
    moves without sorting their text. Random bidders seldom reach Ghahveh's or Shelem's target: play halts
    after MAX_HANDS hands (`max_hands`, which also frees the state at once), as the yardsticks' hand limit of 100
    ends theirs."""
    st = game.new_state(seed=seed, max_hands=MAX_HANDS)
    rng = random.Random(seed)
    while not (st.over or st.halted):
        st.apply_move(rng.choice(st.legal_moves()))
    return len(st.hands), len(st.log)


def yardstick_playout(module, seed: int) -> tuple[int, int]:
    """One yardstick game from `seed` by the same policy, its hand_limit the ruleset's default (100), and the
    same bound: (hands, actions)."""
    game = module.new_game(seed)
    rng = random.Random(seed)
    actions = 0
    while not game.over and game.hands < MAX_HANDS:
        game.apply(rng.choice(game.legal()))
        actions += 1
    return game.hands, actions


class Meter:
    """Plays games with seeds 0, 1, 2, ... for as long as it is told; counts games, hands, actions, time."""

    def __init__(self, playout):
        self.playout = playout
        self.games = self.hands = self.actions = 0
        self.spent = 0.0

    def run(self, seconds: float) -> None:
        start = time.process_time()  # CPU time: other processes on the machine do not count
        while time.process_time() - start < seconds:
            h, a = self.playout(self.games)
            self.games, self.hands, self.actions = self.games + 1, self.hands + h, self.actions + a
        self.spent += time.process_time() - start

    def rates(self) -> tuple[float, float, float]:
        return self.games / self.spent, self.hands / self.spent, self.actions / self.spent


def simulate_playout(game, seed: int) -> tuple[int, int]:
    """One game as `cardrules simulate` plays it by default (random bots, each with its own random numbers
    seeded from the game's seed, the watch on hands that never end), bounded as the others: (hands, actions)."""
    st = play_one(game, seed, ["random"] * game.players, max_hands=MAX_HANDS)
    return len(st.hands), len(st.log)


def measure(name: str, seconds: float) -> tuple[Meter, Meter, Meter | None]:
    """cardrules through its API, through `simulate`'s loop and, if there is one, the yardstick, in alternating
    slices of seconds / SLICES."""
    game = load(name)
    ours = Meter(lambda seed: engine_playout(game, seed))
    simulated = Meter(lambda seed: simulate_playout(game, seed))
    module = YARDSTICKS.get(name)
    theirs = Meter(lambda seed: yardstick_playout(module, seed)) if module else None
    for _ in range(SLICES):
        ours.run(seconds / SLICES)
        simulated.run(seconds / SLICES)
        if theirs:
            theirs.run(seconds / SLICES)
    return ours, simulated, theirs


def search_costs(seconds: float) -> tuple[float, float]:
    """From a Hokm state in the middle of a hand (four tricks played): µs per copy, and playouts per second
    (a copy without its history, random moves to the end of the hand), by the search bot's own playout."""
    game = load("hokm")
    st = game.new_state(seed=3)
    rng = random.Random(1)
    while st.trick_state.number < 5:  # four tricks played
        st.apply_move(rng.choice(st.legal_moves()))
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds / 4:
        st.copy()
        n += 1
    copy_us = (time.process_time() - start) / n * 1e6
    bids, hand = _playout_bids(game), len(st.hands)
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        _random_playout(_one_hand(st.copy(history=False)), hand, rng, bids)  # the search bot's own playout
        n += 1
    return copy_us, n / (time.process_time() - start)


def yardstick_playouts(seconds: float) -> float:
    """The hand-written Hokm the same way: from mid-hand (16 cards played), a copy of its lists and random
    moves to the end of the hand (and its next deal, which it cannot skip), as many as fit: playouts/s."""
    game, rng = hokm.new_game(3), random.Random(1)
    while game.naming or sum(len(h) for h in game.hand) > 52 - 16:
        game.apply(rng.choice(game.legal()))

    def copy(g):
        new = hokm.Hokm.__new__(hokm.Hokm)
        new.__dict__.update(g.__dict__)
        new.hand, new.trick, new.tricks = [h[:] for h in g.hand], g.trick[:], g.tricks[:]
        new.scores, new.shuffles = g.scores[:], g.shuffles[:]
        return new

    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        g = copy(game)
        hands = g.hands
        while g.hands == hands and not g.over:
            g.apply(rng.choice(g.legal()))
        n += 1
    return n / (time.process_time() - start)


def parts(name: str, seconds: float) -> dict:
    """Where a hand's time goes, call by call in the same random loop (each call timed with perf_counter,
    which adds a little to each): {part: (calls a hand, µs a call)} for legal moves, plays, the plays that
    close a trick (the trick zone empties) and the play that ends a hand (its scoring and the next deal)."""
    game = load(name)

    def start(seed):
        st = game.new_state(seed=seed)
        zone = lambda: st.trick_zone  # noqa: E731 - the trick zone while a trick step runs
        return (st.legal_moves, st.apply_move, lambda: len(st.hands), lambda: len(st.zones[zone()]) if zone() else -1,
                lambda: st.over)

    return _timed_parts(start, seconds)


def yardstick_parts(name: str, seconds: float) -> dict | None:
    """`parts` of the hand-written engine of the game (None if there is none): the same loop and parts."""
    module = YARDSTICKS.get(name)
    if module is None:
        return None

    def start(seed):
        game = module.new_game(seed)
        trick = lambda: len(game.trick) if hasattr(game, "trick") else -1  # noqa: E731 - made with the trick play
        return game.legal, game.apply, lambda: game.hands, trick, lambda: game.over

    return _timed_parts(start, seconds)


def _timed_parts(start, seconds: float) -> dict:
    """Seeded random games by `start(seed)` -> (legal, apply, hands, trick length or -1, over), timed a call at a
    time for `seconds` of CPU: {part: (calls a hand, µs a call)}."""
    clock = time.perf_counter
    spent = dict.fromkeys(("legal moves", "plays", "trick-closing plays", "hand-ending plays"), 0.0)
    calls = dict.fromkeys(spent, 0)
    hands, seed, begun = 0, 0, time.process_time()
    while time.process_time() - begun < seconds:
        legal, apply, count, trick, over = start(seed)
        rng = random.Random(seed)
        while not over() and count() < MAX_HANDS:
            t0 = clock()
            moves = legal()
            t1 = clock()
            move = rng.choice(moves)
            before, held = count(), trick()
            t2 = clock()
            apply(move)
            t3 = clock()
            spent["legal moves"] += t1 - t0
            calls["legal moves"] += 1
            if count() != before:
                part = "hand-ending plays"
            elif held > 0 and trick() >= 0 and trick() <= held:
                part = "trick-closing plays"
            else:
                part = "plays"
            spent[part] += t3 - t2
            calls[part] += 1
        hands += count()
        seed += 1
    return {k: (calls[k] / hands, spent[k] / calls[k] * 1e6 if calls[k] else 0.0) for k in spent}


JOBS_GAMES = 2000  # enough that starting two processes is not most of the time


def jobs_speedup(name: str = "pasur", games: int = JOBS_GAMES) -> tuple[float, float]:
    """Wall seconds for `simulate NAME -n games` with --jobs 1 and --jobs 2."""
    from interpreter.simulate import simulate

    times = []
    for jobs in (1, 2):
        start = time.perf_counter()
        simulate(name, {}, games, 0, ["random"] * load(name).players, jobs)
        times.append(time.perf_counter() - start)
    return times[0], times[1]


def load_time(path: Path, repeat: int = 5) -> float:
    """Milliseconds to read, merge, check and compile a ruleset (no cache)."""
    best = float("inf")
    for _ in range(repeat):
        interpreter._load.cache_clear()
        language.parse.cache_clear()  # expressions a load has parsed before, and the names they read
        rules._names_in.cache_clear()
        state._compiled.cache_clear()  # the generated functions' code
        start = time.perf_counter()
        load(path)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per engine per game (default 5)")
    ap.add_argument("--games", default=",".join(DEFAULT_GAMES),
                    help=f"comma-separated rulesets (default {','.join(DEFAULT_GAMES)}); "
                         f"yardsticks exist for {', '.join(YARDSTICKS)}")
    ap.add_argument("--jobs", action="store_true", help="also time simulate with --jobs 1 and --jobs 2")
    ap.add_argument("--parts", action="store_true", help="also show where a hand's time goes, call by call")
    args = ap.parse_args()
    names = [n.strip() for n in args.games.split(",") if n.strip()]
    print(f"random vs random, one core, {args.seconds:g} s per engine per game; "
          "ratio = cardrules hands/s / yardstick hands/s; 'simulate': cardrules through the loop of"
          " `cardrules simulate` (random bots, each with random numbers of its own: other games, the same policy)")
    print(f"{'game':<12}{'engine':<11}{'games/s':>10}{'hands/s':>10}{'actions/s':>11}{'ratio':>8}")
    for name in names:
        ours, simulated, theirs = measure(name, args.seconds)
        yardstick = theirs.rates() if theirs else None
        for label, meter in ((name, ours), ("  simulate", simulated)):
            g, h, a = meter.rates()
            ratio = f"{h / yardstick[1]:>8.2f}" if yardstick else ""
            print(f"{label:<12}{'cardrules':<11}{g:>10.1f}{h:>10.1f}{a:>11.0f}{ratio}")
        if yardstick is None:
            print(f"{'':<12}{'yardstick':<11}{'(none)':>10}")
            continue
        yg, yh, ya = yardstick
        print(f"{'':<12}{'yardstick':<11}{yg:>10.1f}{yh:>10.1f}{ya:>11.0f}")
    if HAND_LIMITED & set(names):
        print(f"\n{', '.join(sorted(HAND_LIMITED & set(names)))}: random bidders almost never reach the target, so "
              f"nearly every game stops at {MAX_HANDS} hands; games/s only measures that bound: read hands/s.")
    if args.parts:
        print("\nwhere a hand's time goes (calls a hand × µs a call = µs a hand):")
        for name in names:
            both = ((name, parts(name, args.seconds)), ("yardstick", yardstick_parts(name, args.seconds)))
            for label, shares in both:
                if shares is not None:
                    said = " · ".join(f"{k} {n:.1f} × {us:.1f} = {n * us:.0f}" for k, (n, us) in shares.items() if n)
                    print(f"{label:<12}{said} · in all {sum(n * us for n, us in shares.values()):.0f} µs")
    copy_us, playouts = search_costs(args.seconds)
    print(f"\nsearch, from a Hokm state in mid-hand: copy {copy_us:.1f} µs; {playouts:,.0f} playouts/s"
          " (copy without history, random moves to the hand's end)")
    print(f"the hand-written Hokm the same way: {yardstick_playouts(args.seconds):,.0f} playouts/s"
          " (a copy of its lists, random moves to the hand's end and its next deal)")
    if args.jobs:
        one, two = jobs_speedup()
        print(f"simulate pasur -n {JOBS_GAMES}: --jobs 1 {one:.1f} s, --jobs 2 {two:.1f} s ({one / two:.2f}x)"
              " (wall time: meaningful only on an otherwise idle machine)")
    print()
    print(f"{'ruleset':<32}{'load+compile ms':>16}")
    for path in bundled():
        print(f"{path.name:<32}{load_time(path):>16.1f}")


if __name__ == "__main__":
    main()
