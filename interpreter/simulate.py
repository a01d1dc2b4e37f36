"""Bots play many games; totals depend only on the seeds, not on how many processes (or machines) ran them.

Game i of a run uses seed S+i. Seeds are played in chunks (`_chunk`), each returning one plain record per
game (`game_record`), so the same records come back from one process, a process pool or Ray tasks.
"""

from __future__ import annotations

import hashlib
import math
import os
import reprlib
import signal
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, as_completed, wait
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from .bots import RandomBot, make_bots
from .errors import CardrulesError, RulesetError, Where, playing
from .own_bots import BotError
from .state import NOBODY, whole_number, whole_seed
from .steps import Auction
from .steps.auction import PASS
from .trial import MAX_ACTIONS, unending_hand

ENGINES = ("local", "ray")  # where the games are played: here (in processes of --jobs), or on Ray

CHUNK = 25
MAX_HANDS = 1000
MAX_GAMES = 1_000_000  # in one run: every game's record is kept for the summary (about a kilobyte each)
MAX_JOBS = 256  # processes in one pool
MAX_THROWN = 100  # deals of one hand thrown in one after another by the bots' choices before play stops

clock = time.monotonic  # what a time limit is read on (a test sets a clock of its own)


def play_one(game, seed, kinds: list[str], max_hands: int | None = None):
    """One bot game from `seed`; returns its state: over, or stopped after `max_hands` hands."""
    with playing(game):
        st = game.new_state(seed=seed, max_hands=max_hands)
        bots = make_bots(kinds, seed)
        watch, log = HandWatch(st, seed, stop_thrown=True), st.log
        # random bots (the default): each one's choice among the legal moves made by the step, with the bot's own
        # generator, as its `choose` would make it, without a call to it for every decision
        rngs = [bot.rng for bot in bots] if all(type(bot) is RandomBot for bot in bots) else None
        deal, misdeals, due = None, -1, 0
        while not (st.over or st.halted):
            if st.phase is not deal or st.misdeals != misdeals or len(log) >= due:  # else the watch has nothing new
                deal, misdeals, due = watch.check()
                if st.halted:  # the bots threw the hand in again and again
                    break
            if rngs:  # the step's own loop, the rest of its moves in this deal up to the watch's bound
                st.acting.play_chosen(st, rngs, due)
            else:
                st.apply_move(chosen(bots[st.to_act], st, seed))
    return st


def chosen(bot, st, seed):
    """A bot's move; a bot of one's own that errs is said with the ruleset and the game's seed, to play that game
    again alone (a study plays several rulesets)."""
    try:
        return bot.choose(st)
    except BotError as e:
        raise BotError(f"{e.problems[0][1]} ({st.game.name}, seed {seed}, decision {len(st.log) + 1})") from None


class HandWatch:
    """Bots can keep a hand going for ever where random play does not (a redeal they always choose, an auction
    they all pass where the rules' scores make any bid a loss): a hand still going after MAX_ACTIONS decisions,
    or thrown in MAX_THROWN times in a row, is the ruleset's error, not a hang. With `stop_thrown` (a study's
    games), a hand passed out so often by an auction stops the game instead, unfinished (`thrown_out`): bots
    that judge every bid a loss under a house rule (the lowest bid raised) are what the study finds."""

    def __init__(self, st, seed: int | None, stop_thrown: bool = False, play: str = "play"):
        self.st, self.seed, self.stop_thrown, self.play = st, seed, stop_thrown, play  # play: whose, as said
        # hands finished, and the log's length when the current hand began (a resumed game is mid-hand)
        self.hands, self.began = len(st.hands), max(0, st._acted_at)
        self.redeals = st.redeals + st.misdeals  # deals thrown in before the current hand's decisions

    def check(self) -> tuple:
        """Raise if the hand has gone on too long; called before each decision. Returns when it need be called
        again: (the deal's `phase`, the misdeals so far, the log's length at the bound on decisions). Until the
        state has a new deal (a new hand, or one thrown in: each makes a new `phase`), more misdeals or so long
        a log, a check finds nothing new, so a hot loop (`play_one`) may skip it."""
        st = self.st
        if len(st.hands) != self.hands:
            self.hands, self.began, self.redeals = len(st.hands), len(st.log), st.redeals + st.misdeals
        else:
            thrown = st.redeals + st.misdeals - self.redeals
            if thrown >= MAX_THROWN and self.stop_thrown and self._passed_out(st):  # the bots' choice: no bid
                st.halted, st.to_act = True, NOBODY
                st.forget_views()
            elif len(st.log) - self.began >= MAX_ACTIONS or thrown >= MAX_THROWN:
                seed = f" (seed {self.seed})" if self.seed is not None else ""
                where, said = unending_hand(st, thrown, self.play + seed, MAX_ACTIONS, in_a_row=thrown >= MAX_THROWN)
                raise RulesetError(said, where)
        return st.phase, st.misdeals, self.began + MAX_ACTIONS

    def _passed_out(self, st) -> bool:
        """Was the last deal thrown in by an auction all passed, whose seat now to bid in it again may bid (the
        bots' choice, not the rules' doing, as an auction where nobody may bid, or a choice with no other option)?"""
        sent_back = st._sent_back
        if not (0 <= sent_back < len(st.game.steps) and isinstance(st.game.steps[sent_back], Auction)):
            return False
        return st.acting is st.game.steps[sent_back] and st.to_act >= 0 and \
            any(move is not PASS for move in st.legal_moves())


def game_record(game, st, seed: int, measured: Sequence[str] = (), moves: bool = False) -> dict:
    """What a study needs of one game, as plain data (it travels between processes); with `moves`, a digest of
    every decision."""
    over = bool(st.over)
    log = st.log
    rows: dict[str, list[int]] = {}
    for hand in st.hands:
        for name, points in hand.get("rows", {}).items():
            scored = rows.setdefault(name, [0, 0])
            scored[0] += any(points)
            scored[1] += sum(points)
    announced = {name: sum(sum(hand["values"].get(name, ())) for hand in st.hands if hand.get("values"))
                 for name in announced_values(game)}
    return {
        "seed": seed,
        "over": over,
        "thrown_out": thrown_out(st),
        "winner": st.winner if over else None,
        "draw": st.draw and over,
        "scores": list(st.scores),
        "rounds": list(st.rounds),  # rounds won per side (0s in a game of one round)
        "hands": len(st.hands),
        "redeals": st.redeals + st.misdeals,  # deals thrown in: by a redeal step, or shuffled again (redeal_if)
        "first_dealer_side": game.side_of[st.hands[0]["dealer"]] if st.hands else None,
        "first_player_side": game.side_of[log[0][0]] if log else None,
        "hand_points": [list(h["points"]) for h in st.hands],
        "rows": rows,
        "announced": announced,  # each value the table announces, added up over the hands and sides
        "roles": roles(game, st.hands),
        "measured": {name: measured_in(game, st.hands, name) for name in measured},
        **({"moves": _digest([(s, game.steps[i].name, m) for s, i, m in log])} if moves else {}),
    }


def role_names(game) -> list[str]:
    """The variables that hold a seat (a hakem, the maker of trump): roles a study follows from hand to hand."""
    return [name for name, var in game.vars.items() if var.type == "seat"]


def roles(game, hands: list[dict]) -> dict:
    """Each role's hands (those it was held in as the hand ended): {name: [hands, points its holder's side
    scored in them, hands in which that side scored more than every other side]}."""
    out = {}
    for name in role_names(game):
        held = scored = best = 0
        for hand in hands:
            seat = hand.get("vars", {}).get(name, -1)
            if not isinstance(seat, int) or not 0 <= seat < game.players:
                continue
            side, points = game.side_of[seat], hand["points"]
            held += 1
            scored += points[side]
            best += all(points[side] > p for other, p in enumerate(points) if other != side)
        out[name] = [held, scored, best]
    return out


def thrown_out(st) -> bool:
    """Was the game stopped because its bots threw the hand in MAX_THROWN times in a row (`HandWatch`)?"""
    return bool(st.halted and not st.over and len(st.hands) < st.halt_at)


def _digest(decisions: list) -> str:
    """A digest of a game's decisions (seat, step's name, move), alike in any process."""
    return hashlib.blake2b(repr(decisions).encode(), digest_size=16).hexdigest()


def at_hand_end(hand: dict, name: str) -> int:
    """A value, counter (all sides or seats added up) or variable of a hand's record, as the hand ended; 0 where
    the ruleset has none of that name."""
    for kind in ("values", "counters"):
        if name in (hand.get(kind) or {}):
            return sum(hand[kind][name])
    return int(hand.get("vars", {}).get(name, 0))


def measured_in(game, hands: list, name: str):
    """What `--measure NAME` keeps of a game's hands: its count added up over them; for a variable that holds a
    seat, in how many hands each seat held it as the hand ended."""
    if measurable(game, name) == "seat":
        held = [hand.get("vars", {}).get(name) for hand in hands]
        return [held.count(seat) for seat in range(game.players)]
    return sum(at_hand_end(hand, name) for hand in hands)


def measurable(game, name: str) -> str | None:
    """What `compare --measure NAME` reads in this ruleset (a value, a counter, a number variable, a variable
    that holds a seat: who holds it); None if it has no such name, or a variable of a suit or a word."""
    if name in game.values:
        return "value"
    if name in game.counters:
        return "counter"
    if name in game.vars and game.vars[name].type in ("int", "bool"):
        return "variable"
    if name in game.vars and game.vars[name].type == "seat":
        return "seat"
    return None


def announced_values(game) -> list[str]:
    """The named values the ruleset's table announces (a kot, a moon shot, a contract made): what a study of a
    house rule counts beside the scoring rows."""
    return [str(x) for x in game.tree.get("table", {}).get("announce", ()) if str(x) in game.values]


def _chunk(task: tuple, on_game=None) -> list[dict]:
    """Play one chunk of seeds: (ruleset, options, seeds, bot kinds, max hands) -> one record per seed."""
    from . import load

    name, options, seeds, kinds, max_hands, measured, stamps, moves = task  # measured: what `--measure` reads
    game = load(name, options or None)
    if [digest for _, digest in game.stamps] != [digest for _, digest in stamps]:  # its files' text as the run
        # found it, or not: one run, one ruleset (compared by text alone: a worker's copy may lie elsewhere)
        raise RulesetError(f"the ruleset file {game.path} (or one it extends) was written anew during the"
                           " run: its games would mix two rulesets; run it again", Where(str(name)))
    out = []
    for seed in seeds:
        out.append(game_record(game, play_one(game, seed, kinds, max_hands), seed, measured, moves))
        if on_game:
            on_game(1)
    return out


def worker_name(name) -> str:
    """A ruleset name that works in another process: a file by its absolute path, a bundled name as is."""
    path = Path(str(name))
    return str(path.resolve()) if path.is_file() else str(name)


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about four tasks per worker for an even finish, at most CHUNK."""
    return max(1, min(CHUNK, -(-games // (4 * max(workers, 2)))))


def chunks(name, options, seeds: Sequence[int], kinds, max_hands, size: int = CHUNK, measured=(),
           moves: bool = False) -> list[tuple]:
    """The tasks that play `seeds` (a list or a range) of one ruleset, as its files are now; with `moves`, each
    game's record keeps a digest of its moves (a study tells the games a variant played as the base did)."""
    from . import load

    stamps = load(name, options or None).stamps
    name = worker_name(name)
    return [(name, options or {}, seeds[i:i + size], kinds, max_hands, tuple(measured), stamps, moves)
            for i in range(0, len(seeds), size)]


def run_tasks(tasks: list[tuple], jobs: int = 1, engine: str = "local", address: str | None = None,
              progress=None, given: Sequence[str] = (), deadline: float | None = None) -> list[list[dict]]:
    """Each task's records, in the order of `tasks`; `progress(k)` hears of each chunk of k games done. An
    error in play names a ruleset file as `given` named it, not by the whole path the tasks carry. With a
    `deadline` (a time on `clock`), the tasks are one a ruleset, all of the same seeds, played in slices
    (`Slices`) until it passes: each task's records are then those of the seeds played, a prefix of them."""
    try:
        if deadline is not None:
            return _run_until(tasks, deadline, jobs, progress)
        return _run_tasks(tasks, jobs, engine, address, progress)
    except CardrulesError as e:
        _as_given(e, given)
        raise


def _as_given(e: CardrulesError, given: Sequence[str]) -> None:
    """The error's files as the command named them: a file given by name as given, and where every file was given
    by a path from the working folder, a file it extends under that folder by its path from there (as validate
    names them)."""
    whole = {worker_name(name): str(name) for name in given}
    relative = not any(os.path.isabs(str(name)) for name in given)

    def shown(path: str) -> str:
        if path in whole:
            return whole[path]
        if not (relative and os.path.isabs(path)):
            return path
        inside = os.path.relpath(path)
        return path if inside.startswith("..") else inside  # a file under the working folder, by its path from there

    def said(message: str) -> str:
        for path, name in whole.items():
            message = message.replace(path, name)
        return message

    e.problems = [(replace(w, file=shown(w.file)) if w else w, said(m)) for w, m in e.problems]
    e.args = (e.render(),)


def _run_tasks(tasks, jobs, engine, address, progress) -> list[list[dict]]:
    def done(records):
        if progress:
            progress(len(records))

    if engine == "ray":
        from .distributed import ray_map

        return ray_map(_chunk, tasks, address=address, cpus=jobs if jobs > 1 else None, on_done=done)
    if jobs <= 1:
        return [_chunk(task, progress) for task in tasks]
    return _pool_map(tasks, jobs, done)


def pool_stopped() -> bool:
    """Was a process pool of this process stopped by an interrupt? Its threads may then never end: an interrupt
    raised inside the pool's own code (handing tasks over) can leave a lock of its queues held, and Python's exit
    waits on those threads for ever. A program that is ending (the command line) should leave by os._exit.
    Asking forgets it: a later interrupt of another kind is not taken for one."""
    stopped, _STOPPED[0] = _STOPPED[0], False
    return stopped


_STOPPED = [False]


def _pool_map(tasks, jobs, done) -> list[list[dict]]:
    """No more processes than tasks; the first failure, or Ctrl-C, stops every task (`_pool`)."""
    out: list = [None] * len(tasks)
    with _pool(min(jobs, len(tasks))) as pool:
        with _stops_held():  # the first task starts the workers
            futures = {pool.submit(_chunk, tasks[0]): 0} if tasks else {}
        futures.update((pool.submit(_chunk, task), i) for i, task in enumerate(tasks) if i)
        for future in as_completed(futures):
            out[futures[future]] = future.result()
            done(out[futures[future]])
    return out


@contextmanager
def _pool(workers: int):
    """A pool of `workers` processes. The workers ignore Ctrl-C (a traceback each, else): this process stops them
    on the first failure or Ctrl-C, from the first task handed over (tens of thousands of them take seconds to hand
    over, and a worker started then would never hear of it)."""
    pool = ProcessPoolExecutor(max_workers=max(1, workers), initializer=_deaf_to_ctrl_c)
    try:
        yield pool
        pool.shutdown()
    except BaseException as e:  # the games still under way no longer count: stop them rather than wait
        _STOPPED[0] = _STOPPED[0] or isinstance(e, KeyboardInterrupt)
        running = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in running:
            process.terminate()
        raise


class Slices:
    """The seeds of a run with a time limit, handed out in order, a slice at a time, each slice played under every
    ruleset (a task each): none once the deadline has passed, but always the first. A slice is of one seed until a
    game has been played, then of as many as a worker plays in half the time left at the speed seen so far, at most
    `chunk_size`'s: near the deadline a slice is one seed, and a run ends soon after it, having thrown no game away.
    """

    def __init__(self, tasks: list[tuple], deadline: float, workers: int):
        self.tasks, self.deadline, self.workers = tasks, deadline, max(1, workers)
        self.seeds = tasks[0][2] if tasks else ()
        self.normal = chunk_size(len(self.seeds) * len(tasks), workers)
        self.handed = self.played = 0  # seeds handed out, games played
        self.started = clock()

    def next(self) -> list[tuple] | None:
        """The next slice's tasks, one a ruleset; None when every seed is handed out or the deadline has passed."""
        if self.handed >= len(self.seeds):
            return None
        now = clock()
        if self.handed and now >= self.deadline:
            return None
        part = self.seeds[self.handed:self.handed + self._size(now)]
        self.handed += len(part)
        return [task[:2] + (part,) + task[3:] for task in self.tasks]

    def _size(self, now: float) -> int:
        """Seeds in the next slice."""
        if not self.played:
            return 1
        elapsed = now - self.started
        if elapsed <= 0:
            return self.normal
        seconds = elapsed * self.workers / self.played  # a game's, in one worker
        rounds = -(-len(self.tasks) // self.workers)  # a slice's tasks in turn, where fewer workers than them
        return max(1, min(self.normal, math.floor((self.deadline - now) / (2 * seconds * rounds))))


def _run_until(tasks, deadline, jobs, progress) -> list[list[dict]]:
    """Each task's records of the seeds `Slices` hands out: in this process, or in a pool of `jobs`."""
    slices = Slices(tasks, deadline, jobs)
    if jobs <= 1:
        out: list[list[dict]] = [[] for _ in tasks]
        while (part := slices.next()) is not None:
            for records, task in zip(out, part):
                records += _chunk(task, progress)
                slices.played += len(task[2])
        return out
    return _pool_until(slices, jobs, progress)


def _pool_until(slices: Slices, jobs: int, progress) -> list[list[dict]]:
    """`Slices` played in a pool, a slice handed out while fewer tasks than `jobs` are running; each slice handed
    out is played whole, so the seeds played are a prefix, and those are all that were handed out."""
    rulesets = len(slices.tasks)
    parts: dict = {}  # (slice, ruleset): its records
    running: dict = {}
    with _pool(min(jobs, len(slices.seeds) * rulesets)) as pool:
        while True:
            while len(running) < jobs and (part := slices.next()) is not None:
                k = slices.handed
                with _stops_held():  # the first task starts the workers
                    running.update((pool.submit(_chunk, task), (k, r)) for r, task in enumerate(part))
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                records = parts[running.pop(future)] = future.result()
                slices.played += len(records)
                if progress:
                    progress(len(records))
    return [[r for key in sorted(parts) if key[1] == i for r in parts[key]] for i in range(rulesets)]


STOPS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))
KEYED = tuple(getattr(signal, name) for name in ("SIGQUIT",) if hasattr(signal, name))  # Ctrl-\ typed, as Ctrl-C is


@contextmanager
def _stops_held():
    """A hangup or SIGTERM held back while the workers are forked, and delivered after: a worker stopped before
    its start (`_deaf_to_ctrl_c`) would run the main process's own handler for it (a library's that raises
    SystemExit, in a copy of this process). Where signals cannot be held (not POSIX), nothing is."""
    hold = getattr(signal, "pthread_sigmask", None)
    if hold is None or not STOPS:
        yield
        return
    before = hold(signal.SIG_BLOCK, STOPS + KEYED)
    try:
        yield
    finally:
        hold(signal.SIG_SETMASK, before)


def _deaf_to_ctrl_c() -> None:
    """A worker's start: Ctrl-C at the terminal reaches the whole process group, and the main process stops it;
    a hangup or SIGTERM, which the main process may have turned into a stop of its own, ends a worker at once
    (the main process stopping it sends SIGTERM), but one ignored (`nohup`) stays ignored. Held back while the
    worker was forked (`_stops_held`), they reach it from here on."""
    for sig in (signal.SIGINT, *KEYED):  # typed at the terminal, they reach the whole process group
        signal.signal(sig, signal.SIG_IGN)
    for sig in STOPS:
        if signal.getsignal(sig) != signal.SIG_IGN:
            signal.signal(sig, signal.SIG_DFL)
    if STOPS and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS + KEYED)


def simulate(name: str, options: dict | None, n: int, seed: int = 0, kinds="random", jobs: int = 1, progress=None,
             max_hands: int | None = MAX_HANDS, engine: str = "local", address: str | None = None,
             time_limit: float | None = None) -> dict:
    """Play `n` games with seeds seed, seed+1, ...; the summary of `summarize`. `kinds`: a bot kind per
    seat, or one kind for every seat (as `--bots` takes them); by default random bots from seed 0, as the command's.
    With `time_limit` (seconds), no game starts once it has passed: the summary is of the games of the seeds played,
    seed to seed+K-1 (at least one), and its `time_limit` says so (`limit_said`); without, that is None."""
    from . import load

    n, seed, jobs = checked_run(n, seed, engine, jobs)
    time_limit = checked_limit(time_limit, engine)
    game = load(name, options or None)  # a broken ruleset is reported here, once, before any game
    kinds = seat_kinds(kinds, game.players)
    size = chunk_size(n, jobs if engine == "local" else 8) if time_limit is None else max(n, 1)
    tasks = chunks(name, options, range(seed, seed + n), kinds, max_hands, size)
    started = time.perf_counter()
    deadline = deadline_after(time_limit)
    records = [r for part in run_tasks(tasks, jobs, engine, address, progress, [name], deadline) for r in part]
    out = summarize(game, records, time.perf_counter() - started)
    out["max_hands"], out["bots"], out["options"] = max_hands, kinds, dict(game.overrides)
    out["options_in_force"] = dict(game.options)  # every option's value, the file's own and --with's: the rules
    out["time_limit"] = limit_said(time_limit, n, len(records))
    return out


def checked_limit(seconds, engine: str) -> float | None:
    """A run's time limit as it takes it: None, or a positive number of seconds, with the local engine (a run on
    Ray hands every task out at once); else an error that says what it must be."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < math.inf:
        raise CardrulesError(f"time_limit, the seconds to play for, is a positive number, not {reprlib.repr(seconds)}")
    if engine != "local":
        raise CardrulesError("time_limit works with the local engine only, not with Ray")
    return seconds


def deadline_after(seconds: float | None) -> float | None:
    """The time on `clock` when a time limit of `seconds` from now will have passed; None for none."""
    return None if seconds is None else clock() + seconds


def limit_said(seconds: float | None, asked: int, played: int) -> dict | None:
    """What `--json` says of a time limit: its seconds, the games (seeds) asked for, and whether it stopped the run
    short of them (`games` is then those played); None where there was none."""
    if seconds is None:
        return None
    return {"seconds": int(seconds) if float(seconds).is_integer() else seconds, "games_asked": asked,
            "stopped": played < asked}


def seat_kinds(kinds, players: int) -> list[str]:
    """The bots of a call from Python, a kind (a text) or a list of kinds, as one kind a seat; else an error that
    says what they must be."""
    from .bots import BotSpecError, parse_spec

    kinds = [kinds] if isinstance(kinds, str) else kinds
    if not isinstance(kinds, (list, tuple)) or not kinds or not all(isinstance(k, str) for k in kinds):
        raise CardrulesError(f"kinds is a bot kind or a list of them, one a seat ('random', 'greedy', 'mcts'),"
                             f" not {reprlib.repr(kinds)}")
    try:
        return parse_spec(",".join(kinds), players, given="kinds")
    except BotSpecError as e:  # its text alone is the message (the command line puts it after --bots)
        raise CardrulesError(str(e)) from None


def checked_run(n, seed, engine: str, jobs=1) -> tuple[int, int, int]:
    """A study's games, seed and processes as it takes them — n and seed whole numbers (n from 0 to MAX_GAMES; no seed
    counts as 0), jobs one from 1 to MAX_JOBS, as `--jobs` — and its engine one there is, or an error that says
    what each must be."""
    games = whole_number(n)
    if games is None or not 0 <= games <= MAX_GAMES:
        raise CardrulesError(f"n, the number of games, is a whole number from 0 to {MAX_GAMES:,}, not"
                             f" {reprlib.repr(n)}")
    processes = whole_number(jobs)
    if processes is None or not 1 <= processes <= MAX_JOBS:
        raise CardrulesError(f"jobs, the processes to play in, is a whole number from 1 to {MAX_JOBS}, not"
                             f" {reprlib.repr(jobs)}")
    if engine not in ENGINES:
        raise CardrulesError(f"engine is one of {', '.join(ENGINES)}, not {reprlib.repr(engine)}")
    return games, whole_seed(seed) or 0, processes


def summarize(game, records: list[dict], elapsed: float) -> dict:
    """Wins count finished games only; game means are over finished games, hand means over every hand.

    A mean with nothing to average (no finished game, no hand) is None.
    """
    sides = game.sides
    finished = [r for r in records if r["over"]]
    hands = sum(r["hands"] for r in records)
    hand_sums = [sum(p[s] for r in records for p in r["hand_points"]) for s in range(sides)]
    return {
        "ruleset": game.name,
        "games": len(records),
        "finished": len(finished),
        "unfinished": len(records) - len(finished),
        "thrown_out": sum(1 for r in records if r.get("thrown_out")),  # of those: every deal thrown in, on and on
        "wins": [sum(1 for r in finished if r["winner"] == s) for s in range(sides)],
        "draws": sum(1 for r in finished if r["draw"]),
        "mean_points": [_mean([r["scores"][s] for r in finished]) for s in range(sides)],  # the last round's
        **({"rounds_to_win": game.rounds,
            "mean_rounds_won": [_mean([r["rounds"][s] for r in finished]) for s in range(sides)]}
           if game.rounds > 1 else {}),
        "hands": hands,
        "mean_hands": _mean([r["hands"] for r in finished]),
        "mean_hand_points": [round(hand_sums[s] / hands, 3) if hands else None for s in range(sides)],
        "redeals": sum(r["redeals"] for r in records),
        "roles": _roles_summed(game, records),
        "games_per_sec": round(len(records) / elapsed, 2) if elapsed > 0 else None,  # played: stopped ones too
        "seconds": round(elapsed, 3),
    }


def _roles_summed(game, records: list[dict]) -> dict:
    """Each role held in some hand: {name: {hands, mean_hand_points of its holder's side, share of those hands
    its side scored the most}}."""
    out = {}
    for name in role_names(game):
        held, scored, best = (sum(r["roles"][name][i] for r in records) for i in range(3))
        if held:
            out[name] = {"hands": held, "mean_hand_points": round(scored / held, 3),
                         "hands_won": round(best / held, 3)}
    return out


def _mean(values: list) -> float:
    return round(sum(values) / len(values), 3) if values else None
