"""How strong is the search bot? It plays greedy and random in each ruleset, from both seat orders.

    python benchmarks/strength.py [-n GAMES] [--bot mcts:200] [--against greedy,random]
                                  [--rulesets pasur,hokm,...] [--max-hands 300] [--jobs J] [--selfplay]

Prints a Markdown table: the search side's win rate with a 95% confidence interval (Wilson),
games stopped unfinished after --max-hands hands (never counted as won or lost), the search side's
mean margin a hand (its hand points less the best other side's), milliseconds per
decision that had more than one legal move (processor time, one core), and — in games with an
auction — how often the search side made a contract: in a rising auction the contract it won,
where every side bids (into a counter) its own. A contract counts as made when its side scored
more than 0 in that hand.
`--selfplay` adds, per auction ruleset, games of the search bot against itself (unfinished count).
Game g of an ordering uses seed S+g; the search bot holds side 0 in one ordering and side 1 in the other.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.tasks import run_all  # noqa: E402
from interpreter import load  # noqa: E402
from interpreter.bots import make_bot  # noqa: E402
from interpreter.search import Search  # noqa: E402
from interpreter.steps.auction import Auction  # noqa: E402

OWN = object()  # a search setting left as the bot has it
RULESETS = ["pasur", "hokm", "shelem", "ghahveh", "shelem-2p"]


def contract_holders(game) -> tuple[str | None, bool]:
    """The variable naming the seat that won a rising auction, and whether every side bids its own contract."""
    winner, each = None, False
    for step in game.steps:
        if isinstance(step, Auction):
            if step.style == "rising":
                winner = step.winner
            else:
                each = True
    return winner, each


def bot_for(kind: str, rng: random.Random):
    """A --bots kind, or the search with a setting changed, to measure a choice against the default (ISMCTS
    play, PIMC bids; `+hybrid` names it): `mcts:N+ismcts` (ISMCTS throughout: one tree over a fresh deal each
    iteration), `mcts:N+pimc` (PIMC throughout, a deal per 20 iterations), `mcts:N+dealsD` (PIMC over D deals
    throughout), `mcts:N+greedy` (playouts by the greedy rule), `mcts:N+cX` (exploration constant X),
    `mcts:N+bidtrees` (bids searched by the tree like other moves, as before 2026-12-01), `mcts:N+nosense` (the
    most visited move always, not the sensible one among those the playouts cannot tell apart). `+gifts`, for greedy
    or the search: a lead that is a likely gift is not judged so (`bots.no_gift_leads`, as before 2026-12-05).
    `+randombids`, for greedy or the search: where every seat bids once, bids judged on random playouts rather
    than playouts that play the cards as players do (`search.bid_values`, as before 2026-12-05). `+silentbids`, for
    greedy or the search: partners' bids not read as news of their hands (`Search.bid_news`, as before 2026-12-06).
    `+meanraise`, for greedy or the search: in a rising auction, a raise over a bid on its mean gain, not held to a
    sure gain (`Search.sure_raise` 0, as before 2026-12-06). `+evenopening`, for greedy or the search: in a rising
    auction, an opening judged against a typical one taken as even, however surely a typical one loses in play
    (`Search.bar_openings` off, as before `search.opening_bar`, 2026-12-06). `+allparts`, for the search: a card
    that may take any part of many cards searched over every part (`Search.narrow` none, as before 2026-12-06).
    `+nobreak`, for greedy or the search: no trick left to another side's seat whose taking it costs that side more
    than it gains the mover (`bots.trick_sense`'s `ducks` off, in its play and its bids' playouts: an opponent's
    nil never ducked under so, as before 2026-12-07). `+oldleads`, for greedy or the search: a trick the side wants
    led with the strongest card outside trump, not first a card no unseen card beats (`bots.wanted_leads`, as before
    the kot-bots branch)."""
    base, *changes = kind.split("+")
    bot = make_bot(base, rng)
    if "nosense" in changes:
        bot.sense = False
        changes.remove("nosense")
    if "gifts" in changes:
        bot.gift_sense = False
        changes.remove("gifts")
    if "randombids" in changes:  # bids judged on random playouts, as before 2026-12-05 (greedy or the search)
        for search in [getattr(bot, "bidding", None), *getattr(bot, "searches", {}).values()]:
            if search is not None:
                search.bid_playout = "random"
        changes.remove("randombids")
    if "silentbids" in changes:  # partners' bids not read as news of their hands, as before 2026-12-06
        for search in [getattr(bot, "bidding", None), *getattr(bot, "searches", {}).values()]:
            if search is not None:
                search.bid_news = False
        changes.remove("silentbids")
    if "meanraise" in changes:  # a raise over a bid on its mean gain, as before 2026-12-06
        for search in [getattr(bot, "bidding", None), *getattr(bot, "searches", {}).values()]:
            if search is not None:
                search.sure_raise = 0.0
        changes.remove("meanraise")
    if "evenopening" in changes:  # an opening judged against a typical one taken as even, as before opening_bar
        for search in [getattr(bot, "bidding", None), *getattr(bot, "searches", {}).values()]:
            if search is not None:
                search.bar_openings = False
        changes.remove("evenopening")
    if "nobreak" in changes:  # no trick left to a seat whose taking it costs its side, as before 2026-12-07
        bot.duck_sense = False
        for search in [getattr(bot, "bidding", None), *getattr(bot, "searches", {}).values()]:
            if search is not None:
                search.duck_sense = False
        changes.remove("nobreak")
    if "oldleads" in changes:  # a wanted trick led with the strongest card outside trump, as before the kot-bots branch
        bot.lead_sense = False
        for search in [getattr(bot, "bidding", None), *getattr(bot, "searches", {}).values()]:
            if search is not None:
                search.lead_sense = False
        changes.remove("oldleads")
    if "allparts" in changes:  # every part of a take-some capture searched, as before 2026-12-06
        for search in getattr(bot, "searches", {}).values():
            search.narrow = None
        changes.remove("allparts")
    if changes:
        settings, deals = {}, OWN
        for c in changes:
            if c == "hybrid":
                deals = OWN
            elif c == "ismcts":
                deals = 0
            elif c == "pimc":
                deals = None
            elif c.startswith("deals"):
                deals = int(c[5:])
            elif c == "greedy":
                settings["playout"] = "greedy"
            elif c == "bidtrees":
                settings["bid_trees"] = True
            elif c.startswith("c"):
                settings["explore"] = float(c[1:])
            else:
                raise SystemExit(f"unknown search setting '{c}' in {kind}")
        settings["bid_playout"] = next(iter(bot.searches.values())).bid_playout
        settings["bid_news"] = next(iter(bot.searches.values())).bid_news
        settings["sure_raise"] = next(iter(bot.searches.values())).sure_raise
        settings["narrow"] = next(iter(bot.searches.values())).narrow
        settings["bar_openings"] = next(iter(bot.searches.values())).bar_openings
        settings["duck_sense"] = next(iter(bot.searches.values())).duck_sense
        settings["lead_sense"] = next(iter(bot.searches.values())).lead_sense
        bot.searches = {d: Search(s.iterations, rng, deals=d if deals is OWN else deals, **settings)
                        for d, s in bot.searches.items()}
    return bot


def play_game(task) -> dict:
    """One game; the search bot (`bot`) holds side `side`, `other` every other seat."""
    name, bot, other, side, seed, max_hands = task
    game = load(name)
    kinds = [bot if game.side_of[s] == side else other for s in range(game.players)]
    st = game.new_state(seed=seed)
    bots = [bot_for(k, random.Random(f"{seed}/bot/{seat}")) for seat, k in enumerate(kinds)]
    spent, decisions = 0.0, 0
    while not st.over and len(st.hands) < max_hands:
        seat = st.to_act
        if game.side_of[seat] == side and len(st.legal_moves()) > 1:
            start = time.process_time()
            move = bots[seat].choose(st)
            spent += time.process_time() - start
            decisions += 1
        else:
            move = bots[seat].choose(st)
        st.apply_move(move)
    held = made = 0
    winner_var, each = contract_holders(game)
    margin, sign = 0, -1 if game.lowest_wins else 1  # where the lowest total wins, points count against
    for hand in st.hands:
        points = [sign * p for p in hand["points"]]
        margin += points[side] - max(p for s, p in enumerate(points) if s != side)
        holder = hand["vars"].get(winner_var, -1) if winner_var else -1
        if each or (holder >= 0 and game.side_of[holder] == side):
            held += 1
            made += hand["points"][side] > 0
    return {"over": st.over, "won": st.over and st.winner == side, "hands": len(st.hands),
            "seconds": spent, "decisions": decisions, "held": held, "made": made, "margin": margin}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percent(k: int, n: int) -> str:
    if n == 0:
        return "–"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.0f}% [{100 * lo:.0f}–{100 * hi:.0f}]"


def row(name: str, bot: str, other: str, order: str, results: list[dict]) -> str:
    done = [r for r in results if r["over"]]
    won = sum(r["won"] for r in done)
    held, made = sum(r["held"] for r in results), sum(r["made"] for r in results)
    decisions = sum(r["decisions"] for r in results)
    ms = 1000 * sum(r["seconds"] for r in results) / decisions if decisions else 0.0
    hands = sum(r["hands"] for r in results)
    margin = sum(r["margin"] for r in results) / hands if hands else 0.0
    contracts = f"{percent(made, held)} of {held}" if held else "–"
    return (f"| {name} | {bot} | {other} | {order} | {len(results)} | {percent(won, len(done))} | "
            f"{len(results) - len(done)} | {hands / len(results):.1f} | {margin:+.1f} | {ms:.0f} | {contracts} |")


HEADER = ("| ruleset | search | against | search side | games | search wins (95% CI) | unfinished | hands/game "
          "| margin/hand | ms/decision | contracts made (95% CI) |\n|---|---|---|---|---|---|---|---|---|---|---|")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", "--games", type=int, default=20, help="games per ruleset, opponent and seat order")
    ap.add_argument("--bot", default="mcts:200", help="the search bot's --bots kind (default mcts:200)")
    ap.add_argument("--against", default="greedy,random", help="opponent kinds, comma-separated")
    ap.add_argument("--rulesets", default=",".join(RULESETS))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-hands", type=int, default=300, help="stop a game after this many hands (unfinished)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--selfplay", action="store_true", help="also the search bot against itself, in auction games")
    args = ap.parse_args()
    plan = []
    for name in args.rulesets.split(","):
        for other in args.against.split(","):
            for side in (0, 1):
                plan.append((name, args.bot, other, side))
        if args.selfplay and any(contract_holders(load(name))):
            plan.append((name, args.bot, args.bot, 0))
    tasks = [(name, bot, other, side, args.seed + g, args.max_hands)
             for name, bot, other, side in plan for g in range(args.games)]
    started = time.perf_counter()
    results = run_all(play_game, tasks, args.jobs)
    print(HEADER)
    for i, (name, bot, other, side) in enumerate(plan):
        order = "both (self-play)" if other == bot else ("first" if side == 0 else "second")
        print(row(name, bot, other, order, results[i * args.games:(i + 1) * args.games]), flush=True)
    print(f"\n{len(tasks)} games in {time.perf_counter() - started:.0f} s, --jobs {args.jobs}, seeds from {args.seed}")


if __name__ == "__main__":
    main()
