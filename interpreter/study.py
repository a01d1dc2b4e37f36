"""`compare`: the same seeds played under several rulesets, each measure with its interval and test.

Game measures (win rates, hands per game) are over finished games; hand measures (points per hand, how
often a scoring row scores, deals thrown in) are over all the hands played, finished games or not: their
counts summed over their hands summed. The share of games stopped at the hand bound is a measure of its own.
"""

from __future__ import annotations

import json
import os
import reprlib
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from . import stats
from .errors import CardrulesError, unknown
from .simulate import (
    MAX_HANDS,
    announced_values,
    checked_limit,
    checked_run,
    chunk_size,
    chunks,
    deadline_after,
    limit_said,
    measurable,
    role_names,
    run_tasks,
    seat_kinds,
)
from .source import WORDS_KEYS, own_changes, root_file, shown

FEW = "~"  # after an interval from too few games to trust (`_few`)
RARE_EVENTS = 10  # events in all, below which a count's interval is at least Wilson's over its denominator
SCALE = 1 << 16  # a pair's difference of game values, in 65,536ths: whole numbers sum exactly in floats

TESTS = {
    "ci_rate": "Wilson score interval",
    "ci_mean": f"percentile bootstrap over whole games ({stats.BOOTSTRAP:,} resamples; one from fewer than"
               f" {stats.MIN_BOOTSTRAP} games with data is marked {FEW}: it looks more certain than it is; a count"
               f" of fewer than {RARE_EVENTS} events, at least Wilson's over its hands)",
    "difference": f"paired sign-flip test of each seed's difference of game values (labels swapped within"
                  f" the pair; pairs where either game has no value, such as an unfinished game, left out; for"
                  f" a hand measure, each game's count less its hands times the two rulesets' common rate),"
                  f" {stats.PERMUTATIONS:,} swaps, two-sided (where no swap reaches the total, Hoeffding's bound on"
                  f" the same swaps' tail, 2 exp(-total² / 2 Σ difference²), which never undercounts); for a hand"
                  f" measure, p is never below that of a normal test of the same total with the spread per hand of"
                  f" every game, over the hands one game of a pair played beyond the other",
    "correction": f"Holm-Bonferroni over every distinct test of the study (a test that repeats another, turned"
                  f" round or not, counts once), family-wise alpha {stats.ALPHA}",
}


@dataclass
class Measure:
    name: str
    kind: str  # "rate" (of games: Wilson interval) or "mean" (bootstrap interval)
    unit: str  # what the denominator counts: "games", "finished games", "hands"
    parts: list  # per ruleset: (nums, dens) per game, or None where the ruleset lacks it
    digits: int = 2  # shown with this many decimals
    values: list = field(default_factory=list)
    ci95: list = field(default_factory=list)
    p_values: list = field(default_factory=list)
    p_adjusted: list = field(default_factory=list)
    significant: list = field(default_factory=list)
    few: list = field(default_factory=list)  # per ruleset: its interval from too few games to trust (`_few`)
    difference: list = field(default_factory=list)  # per variant: its value less the base's, over the paired games
    difference_ci95: list = field(default_factory=list)  # per variant: that difference's 95% interval
    paired_base: list = field(default_factory=list)  # per variant: the base's value over the paired games
    pairs_short: list = field(default_factory=list)  # per variant: the pairs, where fewer than either one's games
    share: bool = False  # a share of its unit (hands a row scored in): events, each a unit at most
    events: bool = False  # a count of events per unit (deals thrown in), a share's too

    def as_json(self) -> dict:
        return {"name": self.name, "values": _round(self.values), "ci95": [_round(ci) for ci in self.ci95],
                "few_games": self.few, "difference": _round(self.difference),
                "difference_ci95": [_round(ci) for ci in self.difference_ci95],
                "significant": self.significant, "p_values": _significant(self.p_values),
                "p_adjusted": _significant(self.p_adjusted), "kind": self.kind, "unit": self.unit,
                "test": TESTS["difference"] if any(p is not None for p in self.p_values) else None,
                "interval": TESTS["ci_rate" if self.kind == "rate" else "ci_mean"]}


def _round(values: list) -> list:
    return [None if v is None else round(v, 6) for v in values]


def _significant(values: list) -> list:
    """p-values to 6 significant digits: one below 0.0000005 is not 0, which no test gives."""
    return [None if v is None else float(f"{v:.6g}") for v in values]


@dataclass
class Study:
    rulesets: list[str]  # each column's label: the ruleset's name, its options, told apart (`study_labels`)
    seeds: list[int]
    bots: list[list[str]]
    max_hands: int | None
    measures: list[Measure]
    records: list[list[dict]]
    seconds: float = 0.0
    tests: int = 0  # distinct tests in Holm's correction (evaluate counts them)
    identical: list = field(default_factory=list)  # per variant: the base's rules and options as written?
    changes: list = field(default_factory=list)  # per variant: what its own file changes in what it extends
    akin: list = field(default_factory=list)  # per variant: does its extends chain end where the base's does?
    given: list = field(default_factory=list)  # per ruleset: the name or path it was given by
    auctions: list = field(default_factory=list)  # per ruleset: does a hand begin with bids?
    differs: list = field(default_factory=list)  # per variant: what differs from the base as loaded (`differences`)
    bidding: list = field(default_factory=list)  # per variant: those of `differs` that are an auction's step
    indirect: list = field(default_factory=list)  # per variant: is that other than what its own file changes?
    seats: list = field(default_factory=list)  # per ruleset, per side, its seats (side 0: seats 0 and 2)
    time_limit: dict | None = None  # a time limit's seconds, the seeds asked for, and whether it stopped the run

    def same_games(self) -> list[int]:
        """For each variant, the seeds on which it played exactly the base's game (the same moves, hands, scores
        and result): its rule never came into play there, and nothing on those seeds can show what it changes."""
        return [sum(_played(a) == _played(b) for a, b in zip(self.records[0], recs)) for recs in self.records[1:]]

    def as_json(self) -> dict:
        return {
            "rulesets": self.rulesets,
            "given": [str(name) for name in self.given],
            "games": len(self.seeds),
            "seed": self.seeds[0] if self.seeds else None,
            "bots": self.bots,
            "max_hands": self.max_hands,
            "finished": [sum(r["over"] for r in recs) for recs in self.records],
            "unfinished": [sum(not r["over"] for r in recs) for recs in self.records],
            "thrown_out": [sum(bool(r.get("thrown_out")) for r in recs) for recs in self.records],  # of those
            "tests": TESTS,
            "measures": [m.as_json() for m in self.measures],
            "distributions": {
                "hands_per_game": [sorted(hands_per_game(recs).items()) for recs in self.records],
                "hand_points": [sorted(hand_points(recs).items()) for recs in self.records],
            },
            "hand_points_quantiles": [quantiles(recs) for recs in self.records],
            "same_games": self.same_games(),
            "identical": list(self.identical),
            "changes": list(self.changes),
            "differs": list(self.differs),
            "akin": list(self.akin),
            "seconds": round(self.seconds, 3),
            "time_limit": self.time_limit,
        }


def _played(record: dict) -> tuple:
    keys = ("over", "winner", "draw", "scores", "hands", "hand_points", "rows", "redeals", "moves")
    return tuple(record.get(k) for k in keys)


# ---- running -----------------------------------------------------------------------------------

def compare(names: list[str], games: list, kinds: list[list[str]], n: int, seed: int = 0, jobs: int = 1,
            engine: str = "local", address: str | None = None, max_hands: int | None = MAX_HANDS,
            progress=None, measured: tuple = (), time_limit: float | None = None) -> Study:
    """Play seeds seed..seed+n-1 under each loaded ruleset (`games`, BASE first) and measure them; `measured`:
    names of values, counters or number variables to measure as each hand ends (`--measure`). With `time_limit`
    (seconds), no game starts once it has passed: the study is of the seeds whose games were played under every
    ruleset, seed to seed+K-1 (at least one)."""
    n, seed, jobs = checked_run(n, seed, engine, jobs)
    time_limit = checked_limit(time_limit, engine)
    check_loaded(names, games)
    check_comparable(names, games)
    if not isinstance(kinds, (list, tuple)) or len(kinds) != len(names):
        raise CardrulesError(f"kinds is a list of the bots of each ruleset, {len(names)} of them, not"
                             f" {reprlib.repr(kinds)}")
    kinds = [seat_kinds(k, g.players) for k, g in zip(kinds, games)]
    check_measured(names, games, measured)
    measured = asked(games, measured)
    seeds = list(range(seed, seed + n))
    size = chunk_size(n * len(names), jobs if engine == "local" else 8) if time_limit is None else max(n, 1)
    per_ruleset = [chunks(name, g.overrides, seeds, k, max_hands, size, measured, moves=True)  # as loaded: options too
                   for name, g, k in zip(names, games, kinds)]
    started = time.perf_counter()
    deadline = deadline_after(time_limit)
    parts = run_tasks([t for ts in per_ruleset for t in ts], jobs, engine, address, progress, names, deadline)
    elapsed = time.perf_counter() - started
    records, at = [], 0
    for ts in per_ruleset:
        records.append([r for part in parts[at:at + len(ts)] for r in part])
        at += len(ts)
    seeds = seeds[:len(records[0])] if records else seeds  # with a time limit, those played
    differs = [differences(games[0], g) for g in games[1:]]
    study = Study(study_labels(names, games), seeds, kinds, max_hands, build_measures(games, records, measured),
                  records, elapsed, identical=[not d for d in differs],
                  changes=[changes_said(g) if str(g.path) != str(games[0].path) else "" for g in games[1:]],  # not
                  # a column of the base with options of its own (`--with`): what differs says those
                  akin=[root_file(games[0].tree) == root_file(g.tree) for g in games[1:]], given=list(names),
                  auctions=[has_auction(g) for g in games], differs=differs,
                  bidding=[bidding_differs(games[0], g, d) for g, d in zip(games[1:], differs)],
                  indirect=[not _extends_directly(games[0], g) for g in games[1:]],
                  seats=[[[k for k in range(g.players) if g.side_of[k] == side] for side in range(g.sides)]
                         for g in games], time_limit=limit_said(time_limit, n, len(seeds)))
    evaluate(study, seed)
    return study


def study_labels(names: list, games: list) -> list[str]:
    """Each column's label: the ruleset's name with its options; where two files share a name, each as it was
    given (a path); where columns still read alike (one ruleset twice), the later ones numbered (`NAME #2`)."""
    labels = [named(g) for g in games]
    for label in dict.fromkeys(labels):
        alike = [i for i, x in enumerate(labels) if x == label]
        if len({str(games[i].path) for i in alike}) > 1:
            for i in alike:
                labels[i] = _with_options(shown(str(names[i]), whole=True), games[i])
    seen: set = set()
    for i, label in enumerate(labels):
        k = 1
        while labels[i] in seen:
            k += 1
            labels[i] = f"{label} #{k}"
        seen.add(labels[i])
    return labels


def named(game) -> str:
    """A ruleset's name with the options it was loaded with, if any (`NAME (target=100)`)."""
    return _with_options(game.name, game)


def _with_options(name: str, game) -> str:
    """A ruleset's name in a study, with the options it was loaded with (`NAME (target=100)`), if any: the
    same file under two sets of options is two columns."""
    given = options_said(game.overrides)
    return f"{name} ({given})" if given else name


def options_said(options: dict) -> str:
    """Options as a label and a message say them: `kot_at_six="reset", void_redeal=true`, in name order."""
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in sorted(options.items()))


def has_auction(game) -> bool:
    """Does a hand of this game begin with bids (where random bidders make every contract a lottery)?"""
    from .steps import Auction

    return any(isinstance(step, Auction) for step in game.steps)


def bidding_differs(base, game, differs: list[str]) -> list[str]:
    """What of `differs` is an auction's step of either ruleset (`hand: bidding`): a rule of the bidding."""
    from .steps import Auction

    auctions = {f"hand: {s.name}" for g in (base, game) for s in g.steps if isinstance(s, Auction)}
    return [d for d in differs if d.split(" (")[0] in auctions]


def changes_said(game) -> str:
    """What a variant's own file changes, as a house-rule author reads it: 'extends base.yaml and changes
    options.target (105), scoring: most cards'; how the game is shown (`table`) left out; '' for a ruleset that
    extends none."""
    base, changes = own_changes(game.tree)
    if not base:
        return ""
    said = []
    variant = getattr(game.tree, "variants", (None,))[0]
    for what, _ in changes:
        if what.split(".")[0] == "table":
            continue
        option = what.removeprefix("options.")
        value = game.options.get(option) if option != what else _set_to(game.tree, what)
        shown = json.dumps(value, ensure_ascii=False)
        if option != what or value is not None and len(shown) <= SHORT:
            said.append(f"{what} ({shown})")
        else:
            detail = _entry_said(variant, what)
            said.append(f"{what} ({detail})" if detail else what)
    return f"extends {base} and changes " + (", ".join(said) if said else "only how the game is shown")


def _entry_said(variant, what: str) -> str:
    """What a variant does to a named entry of a list (`hand: bidding`, `scoring: surs`): 'removed', or its
    settings where they are a few single values (`auction.min 120`); else ''."""
    key, _, name = what.partition(": ")
    entries = variant.get(key) if isinstance(variant, dict) and name else None
    entry = next((x for x in entries if isinstance(x, dict) and x.get("name") == name), None) \
        if isinstance(entries, list) else None
    if entry is None:
        return ""
    if entry.get("remove") is True:
        return "removed"
    leaves = _leaves({k: v for k, v in entry.items() if k != "name" and k not in WORDS_KEYS})
    said = ", ".join(f"{path} {json.dumps(v, ensure_ascii=False)}" for path, v in leaves or ())
    return said if leaves and len(said) <= SHORT else ""


def _leaves(node, path: str = "") -> list | None:
    """(dotted path, value) of each single value under a mapping; None where it holds a list."""
    out = []
    for k, v in node.items():
        at = f"{path}.{k}" if path else str(k)
        if isinstance(v, dict):
            inner = _leaves(v, at)
            if inner is None:
                return None
            out += inner
        elif isinstance(v, list):
            return None
        else:
            out.append((at, v))
    return out


SHORT = 40  # a value changed is said beside its key up to this long (`game.target (5)`); a longer one is not


def _set_to(tree, what: str):
    """The value a `section.key` a variant changes now has, where it is one number, word or yes/no (`game.target`:
    5); else None (a mapping, a list, a step named `hand: tricks`)."""
    section, _, key = what.partition(".")
    value = tree.get(section, {}).get(key) if key and isinstance(tree.get(section), dict) else None
    return value if isinstance(value, (bool, int, float, str)) else None


def differences(base, game) -> list[str]:
    """What a ruleset differs in from the base, each as loaded, whatever files each extends: option values
    (`options.target (330)`), sections (`game.target`), steps and rows by name (`scoring: bonus`, with
    `added` or `removed`); how the game is shown and said left out. What a comparison of the two can show."""
    out = [f"options.{k} ({json.dumps(game.options.get(k), ensure_ascii=False)})"
           for k in sorted(set(base.options) | set(game.options)) if base.options.get(k) != game.options.get(k)]
    a, b = base.tree, game.tree
    for key in dict.fromkeys([*a, *b]):
        if key in NOT_RULES or key in WORDS_KEYS:
            continue
        x, y = a.get(key), b.get(key)
        if isinstance(x, dict) and isinstance(y, dict):  # an entry's own words (its `fa`, a `doc`) are no rule
            named = key in NAMED_BY_AUTHOR  # its keys are the author's names (a zone called `doc`), not words
            out += [f"{key}.{k}" for k in dict.fromkeys([*x, *y])
                    if (named or k not in WORDS_KEYS) and _rules(x.get(k)) != _rules(y.get(k))]
        elif _named_entries(x) is not None and _named_entries(y) is not None:
            xs, ys = _named_entries(x), _named_entries(y)
            for name in dict.fromkeys([*xs, *ys]):
                said = "" if name in xs and name in ys else " (added)" if name in ys else " (removed)"
                if said or _rules(xs[name]) != _rules(ys[name]):
                    out.append(f"{key}: {name}{said}")
            kept = [n for n in xs if n in ys]
            if kept != [n for n in ys if n in xs]:  # the same entries in another order: a step moved
                out.append(f"{key}: the order")
        elif _rules(x) != _rules(y):
            out.append(key)
    return out


def _extends_directly(base, game) -> bool:
    """Is what the variant's own file changes what it differs in from the base: it extends the base's own file,
    and neither is loaded with options of its own (`--with`)?"""
    variants = getattr(game.tree, "variants", ())
    if not variants or base.overrides or game.overrides:
        return False
    parent = variants[1].pos.file if len(variants) > 1 else getattr(game.tree, "root", "")
    own = getattr(base.tree, "variants", ())
    return Path(parent).resolve() == Path(own[0].pos.file if own else base.tree.pos.file).resolve()


def _named_entries(node) -> dict | None:
    """A list of named entries (steps, scoring rows) by name; None for anything else."""
    if isinstance(node, list) and all(isinstance(x, dict) and isinstance(x.get("name"), str) for x in node):
        return {x["name"]: x for x in node}
    return None


NOT_RULES = ("table", "options", "extends")  # how a game is shown, and what is resolved elsewhere (top level)
NAMED_BY_AUTHOR = ("zones", "counters", "vars", "values", "tables")  # their keys are the author's names


def same_rules(a, b) -> bool:
    """Are two loaded rulesets the same game as written: the same rules and option values, whatever their
    names, words and table (`differences` finds none)?"""
    return not differences(a, b)


def _rules(node):
    """A part of a ruleset without what only names or says it (its words, docs)."""
    if isinstance(node, dict):
        return {k: _rules(v) for k, v in node.items() if k not in WORDS_KEYS}
    if isinstance(node, list):
        return [_rules(v) for v in node]
    return node


def check_measured(names: list[str], games: list, measured: tuple) -> None:
    """Each `--measure` name is a value, counter, number variable or variable holding a seat of one ruleset at
    least."""
    if not isinstance(measured, (list, tuple)) or not all(isinstance(m, str) for m in measured):
        raise CardrulesError(f"measured is a list of names (values, counters or number variables), not"
                             f" {reprlib.repr(measured)}")
    for name in measured:
        if not name.strip():
            raise CardrulesError("measured needs a name: a value, counter or number variable of the rulesets")
        if any(measurable(g, name) for g in games):
            continue
        held = next((g for g in games if name in g.vars), None)  # a variable, but of a seat, a suit or a word
        if held is not None:
            raise CardrulesError(f"measured {name}: variable '{name}' of {held.name} holds a {held.vars[name].type},"
                                 " not a number or a seat")
        known = sorted({k for g in games for k in (*g.values, *g.counters, *g.vars) if measurable(g, k)})
        said = unknown("name", name, known, "the rulesets' values, counters and variables")
        raise CardrulesError(f"measured {name}: {said}")


def asked(games: list, measured) -> tuple:
    """The `--measure` names, each once, less those that every ruleset having them announces (measured already)."""
    out = []
    for name in dict.fromkeys(measured):
        having = [g for g in games if measurable(g, name)]
        if not all(name in announced_values(g) for g in having):
            out.append(name)
    return tuple(out)


def check_loaded(names: list[str], games: list) -> None:
    """The games are the rulesets `names` name, loaded (with options of their own, if any)."""
    from . import locate
    from .rules import Game

    if not isinstance(names, (list, tuple)) or not all(isinstance(n, (str, os.PathLike)) for n in names):
        raise CardrulesError(f"names is a list of the rulesets' names or paths, not {reprlib.repr(names)}")
    if not isinstance(games, (list, tuple)) or not all(isinstance(g, Game) for g in games):
        raise CardrulesError(f"games are the loaded rulesets (load(name)), one for each of names, not"
                             f" {reprlib.repr(games)}")
    if len(games) != len(names):
        raise CardrulesError(f"games are the loaded rulesets, one for each of names ({len(names)}), not"
                             f" {reprlib.repr(games)}")
    for name, game in zip(names, games):
        named = str(locate(str(name)).resolve())
        if str(getattr(game, "path", None)) != named:
            raise CardrulesError(f"games: '{name}' names {named}, but its game is loaded from {game.path}")


def check_comparable(names: list[str], games: list) -> None:
    base = games[0]
    for name, game in zip(names[1:], games[1:]):
        if game.sides != base.sides:
            raise CardrulesError(f"cannot compare {name} with {names[0]}: it has {game.sides} sides, "
                                 f"{names[0]} has {base.sides}")


# ---- measures ----------------------------------------------------------------------------------

def build_measures(games: list, records: list[list[dict]], measured: tuple = ()) -> list[Measure]:
    sides = games[0].sides
    defs = [(f"win rate, side {s}", "rate", "finished games", _win(s)) for s in range(sides)]
    for key, label in (("first_dealer_side", "the side that dealt the first hand"),
                       ("first_player_side", "the side that acted first")):
        if _varies(records, key):
            defs.append((f"win rate, {label}", "rate", "finished games", _win_of(key)))
    if any(r["draw"] for recs in records for r in recs):
        defs.append(("draw rate", "rate", "finished games", lambda r: (r["draw"], r["over"])))
    defs.append(("unfinished (stopped at the hand bound)", "rate", "games",
                 lambda r: (not r["over"] and not r.get("thrown_out"), 1)))
    if any(r.get("thrown_out") for recs in records for r in recs):
        defs.append(("unfinished (every deal thrown in, on and on)", "rate", "games",
                     lambda r: (bool(r.get("thrown_out")), 1)))
    defs.append(("hands per game", "mean", "finished games", lambda r: (r["hands"] if r["over"] else 0, r["over"])))
    defs += [(f"points per hand, side {s}", "mean", "hands", _hand_points(s)) for s in range(sides)]
    measures = [Measure(name, kind, unit, [_parts(recs, fn) for recs in records], 3 if kind == "rate" else 2)
                for name, kind, unit, fn in defs]
    measures += _role_measures(games, records)
    measures += _row_measures(games, records)
    measures += _announced_measures(games, records)
    measures += _asked_measures(games, records, measured)
    measures.append(Measure("deals thrown in per hand", "mean", "hands",
                            [_parts(recs, lambda r: (r["redeals"], r["hands"])) for recs in records], 3, events=True))
    return measures


def _win(side: int):
    return lambda r: (r["over"] and r["winner"] == side, r["over"])


def _win_of(key: str):
    def fn(r):
        counted = r["over"] and r[key] is not None
        return (counted and r["winner"] == r[key], counted)
    return fn


def _hand_points(side: int):
    return lambda r: (sum(p[side] for p in r["hand_points"]), r["hands"])


def _varies(records, key) -> bool:
    """Whether `key` takes more than one side: a constant one would repeat that side's win rate."""
    return len({r[key] for recs in records for r in recs if r[key] is not None}) > 1


def _role_measures(games, records) -> list[Measure]:
    """Each role (a variable holding a seat: a hakem) held in some hand: its side's points per hand, and how often
    that side scored the most, over the hands it was held in."""
    out = []
    for name in dict.fromkeys(name for g in games for name in role_names(g)):
        held = [name in role_names(g) for g in games]
        if not any(r["roles"][name][0] for recs, ok in zip(records, held) if ok for r in recs):
            continue
        for what, i, digits in ((f"points per hand, {name}'s side", 1, 2),
                                (f"hands won by {name}'s side (it scored the most)", 2, 3)):
            def fn(r, name=name, i=i):
                return (r["roles"][name][i], r["roles"][name][0])
            out.append(Measure(what, "mean", f"hands with a {name}",
                               [_parts(recs, fn) if ok else None for recs, ok in zip(records, held)], digits,
                               share=i == 2))
    return out


def _row_measures(games, records) -> list[Measure]:
    """Each scoring row of any ruleset compared: how often it scores, and its points. A ruleset without the row
    scores nothing by it (0, tested as any value: the row a house rule adds, or takes away, is what it changes)."""
    names = list(dict.fromkeys(row.name for g in games for row in g.scoring))
    out = []
    for name in names:
        for what, i, kind in (("scores (share of hands)", 0, "mean"), ("points per hand (all sides)", 1, "mean")):
            def fn(r, name=name, i=i):
                return (r["rows"].get(name, (0, 0))[i], r["hands"])
            out.append(Measure(f"row '{name}': {what}", kind, "hands", [_parts(recs, fn) for recs in records], 3 - i,
                               share=i == 0))
    return out


def _announced_measures(games, records) -> list[Measure]:
    """Each value a ruleset's table announces (a kot, a moon shot), per hand, all sides added up."""
    names = dict.fromkeys(name for g in games for name in announced_values(g))
    return [_hand_measure(f"announced '{name}': per hand (all sides)", "announced", name, records,
                          [name in announced_values(g) for g in games], 3) for name in names]


def _asked_measures(games, records, measured: tuple) -> list[Measure]:
    """Each `--measure` name as each hand ends, per hand (a value or counter with its sides or owners added up)."""
    out = []
    for name in measured:
        kinds = [measurable(g, name) for g in games]
        if "seat" in kinds:  # who holds it: a measure a seat
            out += _seat_measures(name, records, [k == "seat" for k in kinds], max(g.players for g in games))
            continue
        found = set(filter(None, kinds))
        what = found.pop() if len(found) == 1 else "name"  # a value here, a counter there: said of neither
        summed = {"value": " (all sides added up)", "counter": " (all owners added up)",
                  "name": " (owners added up)"}.get(what, "")
        out.append(_hand_measure(f"{what} '{name}' as a hand ends: per hand{summed}", "measured", name, records,
                                 [bool(k) for k in kinds], 2))
    return out


def _seat_measures(name: str, records, has: list, players: int) -> list[Measure]:
    """A variable that holds a seat (`--measure hakem`): for each seat, the share of hands it held it as the hand
    ended (is the first hakem drawn fairly?); no data for a ruleset without it."""
    def share(seat: int):
        def fn(r):
            held = r.get("measured", {}).get(name) or ()
            return (held[seat] if seat < len(held) else 0, r["hands"])  # a game of fewer seats: never that one
        return fn
    return [Measure(f"variable '{name}' is seat {seat} as a hand ends: share of hands", "mean", "hands",
                    [_parts(recs, share(seat)) if ok else None for recs, ok in zip(records, has)], 3, share=True)
            for seat in range(players)]


def _hand_measure(label: str, key: str, name: str, records, has: list, digits: int) -> Measure:
    """A count each game record keeps under record[key][name], per hand; no data for a ruleset without it."""
    def fn(r):
        return (r.get(key, {}).get(name, 0), r["hands"])
    return Measure(label, "mean", "hands", [_parts(recs, fn) if ok else None for recs, ok in zip(records, has)],
                   digits, events=True)


def _parts(recs: list[dict], fn) -> tuple[list[int], list[int]]:
    pairs = [fn(r) for r in recs]
    return [int(a) for a, _ in pairs], [int(b) for _, b in pairs]


# ---- statistics --------------------------------------------------------------------------------

def evaluate(study: Study, seed: int) -> None:
    """Values, intervals, p-values and Holm's verdicts, in place."""
    sampler = stats.Resampler(len(study.seeds), seed)
    bank = _Bank()
    pairs = {}  # (measure, variant): the base's and the variant's parts over the seeds both have a value for
    for k, m in enumerate(study.measures):
        for part in m.parts:
            if part is not None:  # a rate's too, for the interval of a variant's difference from the base
                bank.add(part[0]), bank.add(part[1])
        for i, part in enumerate(m.parts[1:], 1):
            pairs[k, i] = _paired(m, m.parts[0], part)
            for vector in pairs[k, i] or ():
                bank.add(vector)
    boot = bank.sums(sampler.boot_sums)
    for k, m in enumerate(study.measures):
        m.values = [stats.ratio(*p) if p else None for p in m.parts]
        m.ci95 = [_interval(m, p, bank, boot) for p in m.parts]
        m.few = [_few(m, p) for p in m.parts]
        means = [_paired_means(pairs[k, i]) for i in range(1, len(m.parts))]
        m.difference = [None if None in (b, v) else v - b for b, v in means]
        m.paired_base = [b for b, _ in means]
        m.pairs_short = [_pairs_short(m, pairs[k, i], m.parts[0], m.parts[i]) for i in range(1, len(m.parts))]
        m.difference_ci95 = [_difference_interval(pairs[k, i], bank, boot) for i in range(1, len(m.parts))]
    _test(study, sampler)


def _interval(m: Measure, part, bank, boot) -> list:
    if part is None:
        return [None, None]
    num, den = part
    if m.kind == "rate":
        return stats.wilson(sum(num), sum(den))
    low, high = stats.bootstrap_ci(bank.column(boot, num), bank.column(boot, den))
    events, hands = sum(num), sum(den)
    if low is not None and (m.share or m.events) and events < RARE_EVENTS and events <= hands and min(num) >= 0:
        wide = stats.wilson(events, hands)  # a rare event: resamples of games that saw none of it give [0, 0]
        return [min(low, wide[0]), max(high, wide[1])]
    return [low, high]


def _paired(m: Measure, base, part) -> tuple | None:
    """The base's and a variant's (nums, dens) for the difference of the two: a game measure's over the seeds
    where both games have a value (both finished), as its test takes them; a hand measure's over every game.
    None where either ruleset lacks the measure."""
    if base is None or part is None:
        return None
    (nb, db), (nv, dv) = base, part
    if m.unit != "hands":
        both = [bool(b and d) for b, d in zip(db, dv)]
        nb, db, nv, dv = ([x if ok else 0 for x, ok in zip(v, both)] for v in (nb, db, nv, dv))
    return nv, dv, nb, db


def _paired_means(paired) -> tuple:
    """The base's and the variant's values over the paired games (`_paired`), each None where it has none."""
    if paired is None:
        return None, None
    nv, dv, nb, db = (sum(x) for x in paired)
    return (nb / db if db else None), (nv / dv if dv else None)


def _pairs_short(m: Measure, paired, base, part) -> int | None:
    """A game measure's pairs (`_paired`: the seeds whose games both have a value), where fewer than the games with
    a value under the base or the variant: the change and difference are of those; else None."""
    if m.unit == "hands" or paired is None:
        return None
    pairs = sum(1 for d in paired[1] if d)  # the variant's games kept in pairs
    return pairs if pairs < max(sum(1 for d in base[1] if d), sum(1 for d in part[1] if d)) else None


def _difference_interval(paired, bank, boot) -> list:
    """A variant's value less the base's, as a 95% interval: each bootstrap resample draws the same seeds for
    both (the games are paired by seed), so the interval is of the paired difference, narrower than the two
    rulesets' own intervals side by side suggest (they may overlap where the difference is clear). A game
    measure's is over the pairs whose games both have a value, as its test is."""
    if paired is None:
        return [None, None]
    columns = [bank.column(boot, x) for x in paired]
    return stats.percentiles([a / b - c / d for a, b, c, d in zip(*columns) if b and d])


def _few(m: Measure, part) -> bool:
    """Is a mean's bootstrap interval from fewer than MIN_BOOTSTRAP games with data, so narrower than the truth
    (a resample of a few games is nearly the games themselves)? Marked so, its numbers kept (CONTRACT.md: a
    `[low, high]` pair)."""
    return m.kind == "mean" and part is not None and 0 < sum(1 for d in part[1] if d) < stats.MIN_BOOTSTRAP


def _test(study: Study, sampler) -> None:
    """The paired sign-flip test of each variant's measures against the base's, then Holm's verdicts."""
    tested = {(k, i): _differences(m, i) for k, m in enumerate(study.measures) for i in range(1, len(m.parts))}
    flips = _Bank()
    for diffs in tested.values():
        if diffs:
            flips.add(diffs)
    swapped = flips.sums(sampler.flip_sums)
    hypotheses: dict = {}  # one p-value a distinct hypothesis
    for k, m in enumerate(study.measures):
        m.p_values = [_p(tested[k, i], flips, swapped, _spread_p(m, i, tested[k, i])) for i in range(1, len(m.parts))]
        for i, p in enumerate(m.p_values, 1):
            if p is not None:
                hypotheses.setdefault(_hypothesis(tested[k, i]), p)
    adjusted = dict(zip(hypotheses, stats.holm(list(hypotheses.values()))))
    study.tests = len(hypotheses)
    for k, m in enumerate(study.measures):
        m.p_adjusted = [None if p is None else adjusted[_hypothesis(tested[k, i])]
                        for i, p in enumerate(m.p_values, 1)]
        m.significant = [p is not None and p < stats.ALPHA for p in m.p_adjusted]


def _hypothesis(diffs: list[int]) -> tuple:
    """Tests whose differences agree seed by seed, or agree once negated, test one hypothesis and count once
    in Holm's correction: with two sides and no draws, side 1's win rate is side 0's turned round."""
    first = next(d for d in diffs if d)
    return tuple(diffs) if first > 0 else tuple(-d for d in diffs)


def _differences(m: Measure, i: int) -> list[int] | None:
    """Seed by seed, scaled to whole numbers so that every sum is exact: for a game measure, variant `i`'s game
    value minus the base's (num / den of each game) where both games have one (both finished), 0 where either
    has none; for a hand measure, each game's residual from the two rulesets' common rate (its count less its
    hands times that rate), the variant's less the base's. Or None, no test: no data (a ruleset whose games
    have no hand, or none finished, to measure); every pair agreeing
    (nothing could tell them apart); or only the denominators differing: the counts agree game by game (the
    same deals thrown in), and the figures differ only because one ruleset's games have more hands (or fewer
    finished), which `hands per game` and the unfinished games measure.

    A hand measure is a rate over all hands, and its test is of that rate: under "no difference" both
    rulesets' hands share one rate, and each game's residual from it is 0 on average however the game's
    length depends on its hands (Wald's identity). Each game's own rate, averaged over games, is not: where
    a rule ends games sooner after the hands it counts (a sur worth more), short games full of those hands
    weigh as much as long ones, and a rule that changes no hand seemed to change how often they come."""
    base, part = m.parts[0], m.parts[i]
    if base is None or part is None:
        return None
    (nb, db), (nv, dv) = base, part
    if not any(db) or not any(dv):  # a ruleset with nothing to measure (no hand played: every deal thrown in)
        return None
    if m.unit == "hands":
        rate = _common_rate(base, part)
        diffs = [round(((c - rate * d) - (a - rate * b)) * SCALE) for a, b, c, d in zip(nb, db, nv, dv)]
    else:
        diffs = [round((a / b - c / d) * SCALE) if b and d else 0 for a, b, c, d in zip(nv, dv, nb, db)]
    return diffs if nb != nv and any(diffs) else None


def _common_rate(base: tuple, part: tuple) -> float:
    """A hand measure's rate over the hands of both rulesets together: what each hand is worth if the rule
    changed nothing."""
    return stats.ratio(base[0] + part[0], base[1] + part[1]) or 0.0


def _p(diffs: list[int] | None, flips, swapped, floor: float = 0.0) -> float | None:
    """The paired sign-flip test: if the rule changed nothing, each seed's difference were as likely
    negated; p is the share of random negations whose total is at least as far from 0 as the one seen, or
    `floor` where that is larger (a hand measure's spread test, `_spread_p`).
    For a game measure, pairs where either game has no value (a game unfinished) take no part, so that a
    measure of finished games compares like with like; a hand measure's residuals take every game."""
    if diffs is None:
        return None
    total, flipped = sum(diffs), flips.column(swapped, diffs)
    p = stats.sign_flip_p(total, flipped)
    if p * (1 + len(flipped)) <= 1:  # no swap as far out: past the swaps' resolution (1 in 5,001, which Holm's
        # correction over many tests would lift above any threshold), Hoeffding's bound on the same test's tail
        p = min(p, stats.sign_flip_bound(total, sum(d * d for d in diffs)))
    return max(floor, p)


def _spread_p(m: Measure, i: int, diffs: list[int] | None) -> float:
    """A hand measure's second test (0 for a game measure, or where no game is longer than its pair's).

    The sign flips weigh the differences seen: for a rare count where one ruleset's games run longer, those
    are many small ones (the longer game's extra hands less their due at the common rate) against a few large
    ones (the counts in them), and where chance brought fewer than due, the flips see too little spread and
    call the total significant. This test takes the spread from every game of both rulesets instead: the
    variance per hand of the residuals (Wald's second identity: a game's squared residual is on average the
    hands it played times that variance) over the hands only one game of each pair played, at least the
    difference of their lengths; the total's two-sided normal p-value. The larger p of the two stands: each
    test holds where the other may not, so the larger holds wherever either does."""
    if diffs is None or m.unit != "hands":
        return 0.0
    (nb, db), (nv, dv) = m.parts[0], m.parts[i]
    counts, hands, rate = nb + nv, db + dv, _common_rate(m.parts[0], m.parts[i])
    per_hand = sum((c - rate * h) ** 2 for c, h in zip(counts, hands)) / (sum(hands) or 1)
    unshared = sum(abs(b - v) for b, v in zip(db, dv))
    return stats.normal_p(sum(diffs) / SCALE, per_hand * unshared)


class _Bank:
    """Distinct per-game vectors, so that shared ones (all ones, finished games) are summed once."""

    def __init__(self):
        self.index: dict[tuple, int] = {}

    def add(self, vector) -> None:
        self.index.setdefault(tuple(vector), len(self.index))

    def sums(self, fn) -> list[list[float]]:
        return fn([list(v) for v in self.index])

    def column(self, sums, vector) -> list[float]:
        j = self.index[tuple(vector)]
        return [row[j] for row in sums]


# ---- distributions -----------------------------------------------------------------------------

def hands_per_game(recs: list[dict]) -> Counter:
    return Counter(r["hands"] for r in recs if r["over"])


def hand_points(recs: list[dict]) -> Counter:
    """What one side scored in one hand, over every side and hand."""
    return Counter(p for r in recs for hand in r["hand_points"] for p in hand)


def quantiles(recs: list[dict]) -> dict:
    """What one side scores in one hand: the 10th, 50th and 90th percentiles (each a score some hand had)
    and the mean."""
    values = [p for r in recs for hand in r["hand_points"] for p in hand]
    return {"p10": stats.nearest_rank(values, 0.1), "median": stats.nearest_rank(values, 0.5),
            "p90": stats.nearest_rank(values, 0.9), "mean": round(sum(values) / len(values), 6) if values else None}
