"""A seeded, time-bounded mutation fuzzer for rulesets.

    python -m tests.fuzz_rulesets --seconds 60 --seed 1 [--out DIR] [--no-play] [--bots greedy,mcts:10]

It takes the bundled rulesets, applies random line deletions, line swaps, changed numbers and changed
names (now and then a duplicated line, an indent or an operator too), writes each mutant (with the bases
it extends) to a folder of its own and loads it. Every outcome must be a success or a CardrulesError
whose every problem is at a file:line:col inside the mutant or a base; anything else (another exception,
a hang) is a load-time failure, printed with the mutant's text so it can be added to tests/bad_rulesets.
A mutant that loads also plays one game with random legal actions (at most MAX_ACTIONS actions or
MAX_HANDS hands); an exception there other than a CardrulesError, a hang, a state where nobody can act, or
scoring written out for each side at load that disagrees with each value's and row's own function (checked every
SCORED_EVERY actions) is a play-time crash, reported apart (exit 1 only with --strict-play). With `--bots`,
each mutant that loads also plays a game of at most BOT_HANDS hands with each of those bots at every seat: a
bot's look ahead, deals of the unseen cards and playouts run where random play does not, and a crash there is a
play-time crash too.
"""

from __future__ import annotations

import argparse
import difflib
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from interpreter import CardrulesError, load
from interpreter.data import bundled_dir

MAX_ACTIONS = 3000
MAX_HANDS = 40
LOAD_SECONDS = 10  # longer than this is a hang
PLAY_SECONDS = 10
BOT_HANDS = 2  # hands of a bot game (--bots)
BOT_SECONDS = 20
SCORED_EVERY = 7  # a random game's actions between two checks of the scoring written out for each side
EXTENDS = re.compile(r"^extends:\s*['\"]?([^'\"\s#]+)", re.MULTILINE)
NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")
NAME = re.compile(r"(?<![\w.])[A-Za-z_]\w*")


class Hang(BaseException):
    """Raised by the alarm when a load or a game runs too long (a BaseException: nothing swallows it)."""


@dataclass
class Mutant:
    files: dict[str, str]  # file name -> text, the target first
    target: str
    changes: list[str]  # what was done, for the report

    def diff(self, originals: dict[str, str]) -> str:
        out = []
        for name, text in self.files.items():
            if text != originals[name]:
                out += difflib.unified_diff(originals[name].splitlines(), text.splitlines(), f"a/{name}",
                                            f"b/{name}", n=1, lineterm="")
        return "\n".join(out)


@dataclass
class Failure:
    stage: str  # load | play
    kind: str  # the exception's type, "hang", "stuck" or "unlocated"; in a bot game, with the bots' kind after it
    message: str
    mutant: Mutant
    where: str = ""  # the innermost frame of ours in the traceback

    @property
    def signature(self) -> tuple:
        return self.stage, self.kind, self.where or _shape(self.message)


@dataclass
class Report:
    mutants: int = 0
    loaded: int = 0
    refused: int = 0
    played: int = 0
    load_failures: list[Failure] = field(default_factory=list)
    play_failures: list[Failure] = field(default_factory=list)
    originals: dict[str, str] = field(default_factory=dict)

    def summary(self) -> str:
        return (f"{self.mutants} mutants: {self.loaded} loaded, {self.refused} refused with located errors, "
                f"{len(self.load_failures)} load-time failures; {self.played} played, "
                f"{len(self.play_failures)} play-time crashes ({len(distinct(self.play_failures))} distinct)")


# ---- mutations ---------------------------------------------------------------------------------

def _delete(lines, rng):
    i = rng.randrange(len(lines))
    n = rng.choice((1, 1, 1, 2, 3))
    gone = lines[i:i + n]
    del lines[i:i + n]
    return f"deleted line(s) {i + 1}-{i + len(gone)}: {gone[0].strip()!r}"


def _swap(lines, rng):
    i = rng.randrange(len(lines))
    j = min(len(lines) - 1, i + 1) if rng.random() < 0.5 else rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return f"swapped lines {i + 1} and {j + 1}"


def _number(lines, rng):
    spots = [(i, m) for i, line in enumerate(lines) for m in NUMBER.finditer(line.split("#")[0])]
    if not spots:
        return _swap(lines, rng)
    i, m = rng.choice(spots)
    old = int(m.group())
    new = rng.choice([0, 1, -1, 2, 3, 7, 13, 52, 100, 999999999, 1000000000, 10**20, old + 1, old - 1,
                      old * 10, rng.randint(-5, 60)])
    lines[i] = lines[i][:m.start()] + str(new) + lines[i][m.end():]
    return f"line {i + 1}: number {old} -> {new}"


def _name(lines, rng):
    spots = [(i, m) for i, line in enumerate(lines) for m in NAME.finditer(line.split("#")[0])]
    if not spots:
        return _swap(lines, rng)
    vocabulary = sorted({m.group() for _, m in spots})
    i, m = rng.choice(spots)
    old = m.group()
    new = rng.choice(vocabulary) if rng.random() < 0.8 else old[:-1] or "x"
    lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    return f"line {i + 1}: name {old} -> {new}"


def _duplicate(lines, rng):
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return f"duplicated line {i + 1}"


def _indent(lines, rng):
    i = rng.randrange(len(lines))
    lines[i] = lines[i][2:] if lines[i].startswith("  ") and rng.random() < 0.5 else "  " + lines[i]
    return f"re-indented line {i + 1}"


OPERATOR = re.compile(r"(?<=\s)(\+|-|\*|/|%|==|!=|<=|>=|<|>|and|or|in)(?=\s)")


def _operator(lines, rng):
    spots = [(i, m) for i, line in enumerate(lines) for m in OPERATOR.finditer(line.split("#")[0])]
    if not spots:
        return _swap(lines, rng)
    i, m = rng.choice(spots)
    new = rng.choice(("+", "-", "*", "/", "%", "==", "!=", "<", ">=", "and", "or", "in", "not"))
    lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    return f"line {i + 1}: operator {m.group()} -> {new}"


# the brief's four kinds weigh most; duplicated lines, indents and operators add variety
MUTATIONS = (_delete, _delete, _swap, _swap, _number, _number, _name, _name, _duplicate, _indent, _operator)


def chain(name: str, originals: dict[str, str]) -> list[str]:
    """The file and the bundled files it extends, the file first."""
    out = [name]
    while True:
        m = EXTENDS.search(originals[out[-1]])
        base = m and (m.group(1) if m.group(1).endswith(".yaml") else m.group(1) + ".yaml")
        if not base or base not in originals or base in out:
            return out
        out.append(base)


def mutate(originals: dict[str, str], rng: random.Random) -> Mutant:
    target = rng.choice(sorted(originals))
    names = chain(target, originals)
    files = {n: originals[n] for n in names}
    victim = target if len(names) == 1 or rng.random() < 0.7 else rng.choice(names[1:])
    lines = files[victim].split("\n")
    changes = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if len(lines) > 1:
            changes.append(f"{victim}: " + rng.choice(MUTATIONS)(lines, rng))
    files[victim] = "\n".join(lines)
    return Mutant(files, target, changes)


# ---- running one mutant ------------------------------------------------------------------------

def _alarm(seconds: float):
    def ring(signum, frame):
        raise Hang(f"still running after {seconds} s")

    if hasattr(signal, "setitimer") and _main_thread():
        signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, seconds)


def _quiet():
    if hasattr(signal, "setitimer") and _main_thread():
        signal.setitimer(signal.ITIMER_REAL, 0)


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _ours(exc: BaseException) -> str:
    """The innermost frame in the engine or the fuzzed code: where a crash comes from."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "interpreter" in f.filename]
    f = frames[-1] if frames else None
    return f"{Path(f.filename).name}:{f.lineno} {f.name}" if f else ""


def _failed(e: BaseException) -> str:
    """A failure's kind: a hang, or the exception's type."""
    return "hang" if isinstance(e, Hang) else type(e).__name__


def _shape(message: str) -> str:
    return re.sub(r"\d+", "N", message.split("\n")[0])[:100]


def unlocated(err: CardrulesError, folder: Path, mutant: Mutant) -> str | None:
    """Why a problem of `err` is not at a file:line:col inside the mutant or a base; None if all are."""
    allowed = {str(folder / n): t for n, t in mutant.files.items()}
    for p in bundled_dir().glob("*.yaml"):
        allowed.setdefault(str(p), p.read_text(encoding="utf-8"))
    for where, message in err.problems:
        if where is None:
            return f"no place: {message}"
        text = allowed.get(where.file)
        if text is None:
            return f"a file that is neither the mutant nor a base: {where}: {message}"
        lines = text.split("\n")
        if not 1 <= where.line <= len(lines) or not 1 <= where.col <= len(lines[where.line - 1]) + 1:
            return f"outside the file's text: {where}: {message}"
    return None


def try_load(mutant: Mutant, folder: Path, report: Report):
    for name, text in mutant.files.items():
        (folder / name).write_text(text, encoding="utf-8")
    _alarm(LOAD_SECONDS)
    try:
        game = load(str(folder / mutant.target))
    except CardrulesError as e:
        _quiet()
        why = unlocated(e, folder, mutant)
        if why:
            report.load_failures.append(Failure("load", "unlocated", why, mutant))
        else:
            report.refused += 1
        return None
    except (Exception, Hang) as e:
        _quiet()
        kind = _failed(e)
        report.load_failures.append(Failure("load", kind, str(e)[:300], mutant, _ours(e)))
        return None
    _quiet()
    report.loaded += 1
    return game


def try_bots(game, mutant: Mutant, kinds: list[str], report: Report) -> None:
    """A game of at most BOT_HANDS hands with each bot kind at every seat: only a CardrulesError may stop it."""
    from interpreter.simulate import play_one

    for kind in kinds:
        _alarm(BOT_SECONDS)
        try:
            play_one(game, 1, [kind] * game.players, max_hands=BOT_HANDS)
        except CardrulesError:
            pass
        except (Exception, Hang) as e:
            _quiet()
            failed = _failed(e)
            report.play_failures.append(Failure("play", f"{failed} ({kind} bots)", str(e)[:300], mutant, _ours(e)))
        finally:
            _quiet()


def try_play(game, mutant: Mutant, rng: random.Random, report: Report) -> None:
    report.played += 1
    _alarm(PLAY_SECONDS)
    try:
        st = game.new_state(seed=1)
        for n in range(MAX_ACTIONS):
            if st.over or len(st.hands) >= MAX_HANDS:
                break
            legal = st.legal_actions()
            if not legal:
                _quiet()
                report.play_failures.append(Failure("play", "stuck", f"seat {st.to_act} to act, no legal action",
                                                    mutant))
                return
            said = scoring_disagrees(st) if n % SCORED_EVERY == 0 else None
            if said:
                _quiet()
                report.play_failures.append(Failure("play", "scoring disagrees", said, mutant))
                return
            st.apply(rng.choice(legal))
    except CardrulesError:
        pass  # the engine refused the ruleset in play, with its own message: fine
    except (Exception, Hang) as e:
        _quiet()
        kind = _failed(e)
        report.play_failures.append(Failure("play", kind, str(e)[:300], mutant, _ours(e)))
    finally:
        _quiet()


def scoring_disagrees(st) -> str | None:
    """Each side's values and row sums as the hand's scoring works them out (code written out for each side at
    load), against each value's and row's own function from that side's view with nothing worked out before;
    what differs, or None."""
    g = st.game
    st._work_out_values()
    try:
        written, rows = st.scoring, g.row_sums(st)
    finally:
        st.scoring = None
    alone = {name: [fn(e, None) for e in st.side_envs] for name, fn in g.values.items()}
    plain = [sum(row.points(e, None) for row in g.scoring) for e in st.side_envs]
    if written != alone or rows != plain:
        return f"values {written} against {alone}, rows {rows} against {plain}"
    return None


def fuzz(seconds: float, seed: int, play: bool = True, bots: list[str] | None = None) -> Report:
    """Mutate and load (and play, and with `bots` play bot games) until `seconds` have passed; the same seed
    gives the same mutants."""
    rng = random.Random(seed)
    originals = {p.name: p.read_text(encoding="utf-8") for p in sorted(bundled_dir().glob("*.yaml"))}
    report = Report(originals=originals)
    deadline = time.monotonic() + seconds
    with tempfile.TemporaryDirectory(prefix="cardrules-fuzz-") as tmp:
        while time.monotonic() < deadline:
            mutant = mutate(originals, rng)
            folder = Path(tmp) / f"m{report.mutants}"  # a new path each time: load() caches by path
            folder.mkdir()
            report.mutants += 1
            game = try_load(mutant, folder, report)
            if game is not None and play:
                try_play(game, mutant, random.Random(report.mutants), report)
                if bots:
                    try_bots(game, mutant, bots, report)
            shutil.rmtree(folder)
    return report


# ---- reporting ---------------------------------------------------------------------------------

def distinct(failures: list[Failure]) -> dict[tuple, list[Failure]]:
    groups: dict[tuple, list[Failure]] = {}
    for f in failures:
        groups.setdefault(f.signature, []).append(f)
    return groups


def describe(failures: list[Failure], originals: dict[str, str], full_text: bool) -> str:
    """One block per distinct failure: how often, the smallest mutant's changes and diff (or whole text)."""
    out = []
    for (stage, kind, where), group in distinct(failures).items():
        f = min(group, key=lambda x: len(x.mutant.diff(originals)))
        out.append(f"== {stage}-time {kind} x{len(group)} at {where}: {f.message}")
        out.append("   changes: " + "; ".join(f.mutant.changes))
        if full_text:
            for name, text in f.mutant.files.items():
                out.append(f"--- {name} ---\n{text}")
        else:
            out.append(f.mutant.diff(originals))
    return "\n".join(out)


def save(failures: list[Failure], out: Path) -> None:
    """Each distinct failure's smallest mutant, its files in a folder of their own."""
    for k, group in enumerate(distinct(failures).values()):
        f = group[0]
        folder = out / re.sub(r"[^\w.-]+", "-", f"{f.stage}-{k:03d}-{f.kind}")
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in f.mutant.files.items():
            (folder / name).write_text(text, encoding="utf-8")
        (folder / "CHANGES.txt").write_text(f"{f.message}\n{f.where}\n" + "\n".join(f.mutant.changes) + "\n",
                                            encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-play", action="store_true", help="only load the mutants")
    ap.add_argument("--strict-play", action="store_true", help="exit 1 on play-time crashes too")
    ap.add_argument("--out", type=Path, help="save each distinct failure's mutant here")
    ap.add_argument("--bots", default="", help="also play each mutant that loads with these bots (greedy,mcts:10)")
    args = ap.parse_args(argv)
    bots = [k.strip() for k in args.bots.split(",") if k.strip()]
    report = fuzz(args.seconds, args.seed, play=not args.no_play, bots=bots)
    print(report.summary())
    if report.load_failures:
        print("\nLOAD-TIME FAILURES (add each to tests/bad_rulesets):")
        print(describe(report.load_failures, report.originals, full_text=True))
    if report.play_failures:
        print("\nPLAY-TIME CRASHES:")
        print(describe(report.play_failures, report.originals, full_text=False))
    if args.out:
        save(report.load_failures + report.play_failures, args.out)
    return 1 if report.load_failures or (args.strict_play and report.play_failures) else 0


if __name__ == "__main__":
    sys.exit(main())
