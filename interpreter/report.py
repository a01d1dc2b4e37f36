"""A study shown to a person: the text table of `compare`, and the self-contained HTML report."""

from __future__ import annotations

import datetime
import math
import re
import textwrap
from collections import Counter
from html import escape

from . import plots, stats
from .progress import count, counted, num
from .simulate import MAX_THROWN
from .study import FEW, TESTS, Study, hand_points, hands_per_game, quantiles

MAX_BINS = 40
WIDTH = 100  # the notes under the table, wrapped (the table's own lines run as wide as its columns)


# ---- text --------------------------------------------------------------------------------------

NO_INTERVAL = "[—]"  # a value with no interval (no resample had data)
SIGNIFICANT = 2  # a small value shows at least this many significant digits, so a rare event does not read as 0


def places(m, *values) -> int:
    """Decimals to show a measure's numbers with: its own, or more where the smallest nonzero one needs them."""
    small = [abs(v) for v in values if v]
    if not small:
        return m.digits
    return min(6, max(m.digits, SIGNIFICANT - 1 - math.floor(math.log10(min(small)))))


def fmt(value, m, digits: int | None = None) -> str:
    return num(value, places(m, value) if digits is None else digits)


def cell(m, i: int) -> str:
    return "no data" if m.values[i] is None else " ".join(value_and_interval(m, i))


def value_and_interval(m, i: int) -> tuple[str, str]:
    """A ruleset's value of a measure and its interval, `[low, high]` (or NO_INTERVAL), to the same decimals; an
    interval from too few games marked FEW."""
    lo, hi = m.ci95[i]
    digits = places(m, m.values[i], hi)  # the value sets them; its upper bound where the value is 0
    interval = NO_INTERVAL if lo is None else f"[{fmt(lo, m, digits)}, {fmt(hi, m, digits)}]"
    if lo is not None and i < len(m.few) and m.few[i]:
        interval += FEW
    return fmt(m.values[i], m, digits), interval


def p_text(p) -> str:
    if p is None:
        return "no test"
    return "p<0.001" if p < 0.001 else f"p={p:.3f}"


def text(study: Study) -> str:
    """The table of measures, one line each: every ruleset's value [95% interval], and each variant's test."""
    names = study.rulesets
    rows = [["measure", names[0]] + [x for name in names[1:] for x in (name, "")]]
    for m in study.measures:
        row = [m.name, cell(m, 0)]
        for i in range(1, len(names)):
            mark = "*" if m.significant[i - 1] else " "
            row += [cell(m, i), f"{mark} {p_text(m.p_adjusted[i - 1])}"]
        rows.append(row)
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = [_header(study), *filter(None, [_stopped(study)]), ""]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows]
    lines += ["", "hand points (what one side scores in one hand): p10 / median / p90 / mean"]
    for name, recs in zip(names, study.records):
        q = quantiles(recs)
        lines.append(f"  {name}: {num(q['p10'], 0)} / {num(q['median'], 0)} / {num(q['p90'], 0)} / {num(q['mean'], 2)}")
    said = [_wrapped(line, "  ", "    ") for line in in_words(study)]
    lines += ["", "in words:", *said, "", *(_wrapped(note, "", "  ") for note in _notes(study))]
    return "\n".join(lines)


def stopped_said(limit: dict | None, played: int, seed: int, each: str = "") -> str | None:
    """The line that says a run was stopped by --time-limit, and how to play its games again; None if it was not."""
    if not (limit and limit["stopped"]):
        return None
    seeds = f"seeds {seed}–{seed + played - 1}" if played > 1 else f"seed {seed}"
    return (f"stopped by --time-limit {limit['seconds']} after {count(played)} of"
            f" {counted(limit['games_asked'], 'game')}{each} ({seeds}): -n {played} without the limit plays these"
            " again")


def _wrapped(line: str, first: str, rest: str) -> str:
    """A sentence of the notes at most WIDTH columns a line, its later lines indented under the first."""
    return textwrap.fill(line, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False,
                         break_long_words=False)


def no_end(kinds: str = "", bound: int | None = None, auction: bool = True) -> str:
    """Why no game may have ended, and what to try, for the bots used (compare, simulate and coverage say it
    alike): random bidders rarely reach a target, in a game with an auction; otherwise the bound on hands
    (`bound`, when given) came first."""
    who = f" ({kinds})" if kinds else ""
    if auction and (not kinds or "random" in kinds.split(",")):
        return f"these bots{who} may never reach the end (random bidders rarely do); try --bots greedy"
    within = f" within {count(bound)} hand{'s' * (bound != 1)}" if bound else " in time"
    return f"these bots{who} did not reach the end{within}; a higher --max-hands lets games go on longer"


def _unended(study: Study) -> list[str]:
    """A ruleset none of whose games ended: its game measures have no data, and the bots may be why; and one whose
    games the bots stopped by throwing every deal in."""
    within = f" within {count(study.max_hands)} hands" if study.max_hands else ""
    auctions = study.auctions or [True] * len(study.rulesets)
    out = [f"{name}: no game ended{within}: {no_end(','.join(sorted(set(kinds))), auction=auction)}"
           for name, recs, kinds, auction in zip(study.rulesets, study.records, study.bots, auctions)
           if recs and not any(r["over"] or r.get("thrown_out") for r in recs)]
    for name, recs in zip(study.rulesets, study.records):
        thrown = sum(1 for r in recs if r.get("thrown_out"))
        if thrown:
            out.append(f"{name}: {count(thrown)} of {count(len(recs))} games unfinished, stopped {thrown_out_said()}.")
    return out


def thrown_out_said() -> str:
    """Why a study's games stopped where the bots passed every deal out (simulate.HandWatch)."""
    return (f"where the bots passed the hand out {MAX_THROWN} times in a row, no bid looking worth making to them"
            " under these rules")


def _same(study: Study) -> list[str]:
    """A variant that played the base's very game on some seeds: said, since its rule never came into play
    there (a rule the bots never choose, such as a bam they never call, reads as changing nothing)."""
    out = []
    n, base = len(study.seeds), study.rulesets[0]
    identical = study.identical or [False] * len(study.rulesets[1:])
    for i, (name, same, twin) in enumerate(zip(study.rulesets[1:], study.same_games(), identical), 1):
        if twin and _other_bots(study, i):  # bots compared, not rules
            out.append(f"{name} is {base}'s game as written, played by other bots ({_bots(study, i)} against"
                       f" {_bots(study, 0)}): what differs is the bots' doing.")
        elif twin:
            out.append(f"{name} is {base}'s game as written (the same rules and option values): it cannot change"
                       " anything.")
        elif same:
            whole = "" if same < n else (": its rule never came into play with these bots, or makes no difference"
                                         " where it did, and nothing here can show what it changes (`cardrules"
                                         " coverage` shows what fires)")
            out.append(f"{name} played exactly {base}'s game on {count(same)} of {count(n)} seeds{whole}.")
    return out


def _other_bots(study: Study, i: int) -> bool:
    """Does ruleset `i` play with other bots than the base's?"""
    return len(study.bots) > i and study.bots[i] != study.bots[0]


def _bots(study: Study, i: int) -> str:
    """Ruleset `i`'s bots, a kind a seat, as the header says them."""
    return ",".join(study.bots[i])


def _header(study: Study) -> str:
    seeds = study.seeds
    span = (f"seeds {seeds[0]} to {seeds[-1]}" if len(seeds) > 1 else f"seed {seeds[0]}") if seeds else "no seeds"
    bots = [",".join(k) for k in study.bots]  # each ruleset's seats, in the rulesets' order; once if all alike
    bots = bots[:1] if len(set(bots)) == 1 else bots
    games = "1 game" if len(seeds) == 1 else f"{count(len(seeds))} games"
    return (f"{' vs '.join(study.rulesets)}: {games} each ({span}), bots {' / '.join(bots)}, "
            f"at most {count(study.max_hands) if study.max_hands else 'unbounded'} hands a game")


def _stopped(study: Study) -> str | None:
    """The line that says a time limit stopped the study, if one did."""
    return stopped_said(study.time_limit, len(study.seeds), study.seeds[0] if study.seeds else 0, " each")


def _notes(study: Study) -> list[str]:
    finished = ", ".join(f"{n} {count(sum(r['over'] for r in recs))}" for n, recs in zip(study.rulesets, study.records))
    few = any(any(m.few) for m in study.measures)
    return [
        f"[low, high]: 95% interval; for rates of games the {TESTS['ci_rate']}, otherwise a {TESTS['ci_mean']};"
        " a difference's (in words), of the seeds resampled together for both rulesets: the games are paired.",
        *[f"{FEW}: an interval from fewer than {stats.MIN_BOOTSTRAP} games with data, narrower than the truth (a"
          " resample of a few games is nearly those games): a rough guide only."] * few,
        f"* differs from {study.rulesets[0]}: {TESTS['difference']}; p shown after Holm-Bonferroni over "
        f"{count(study.tests)} distinct tests (one that repeats another, turned round, counts once; "
        f"significant when below {stats.ALPHA}); no test where a measure has no data, "
        f"is the same in every pair of games, or counts the same in every pair and differs only by the hands "
        f"played (hands per game shows that).",
        f"Game measures are over finished games ({finished} of {count(len(study.seeds))}); hand measures are "
        f"over every hand played: their counts summed, over the hands summed.",
        *_who_is_who(study),
    ]


def _who_is_who(study: Study) -> list[str]:
    """Which seats each side is, where a side has several; and the side that dealt the first hand where it
    was the same in every game (its win rate is then side K's, and not shown apart)."""
    out = []
    said = {}  # each way of seating the sides, with the rulesets seated so
    for name, sides in zip(study.rulesets, study.seats):
        if any(len(seats) > 1 for seats in sides):
            said.setdefault("; ".join(f"side {k} is seats {' and '.join(map(str, seats))}"
                                      for k, seats in enumerate(sides)), []).append(name)
        else:
            said.setdefault("each side is one seat", []).append(name)
    if len(said) > 1:  # rulesets seated otherwise: each way named with its rulesets
        out += [f"Sides in {', '.join(names)}: {way}." for way, names in said.items()]
    elif said and next(iter(said)) != "each side is one seat":
        out.append(f"Sides: {next(iter(said))}.")
    first = {r.get("first_dealer_side") for recs in study.records for r in recs}
    if len(first) == 1 and None not in first and len(said) == 1:
        out.append(f"Side {first.pop()} dealt the first hand of every game.")
    return out


# ---- charts ------------------------------------------------------------------------------------

def who_wins(m) -> bool:
    """Is the measure one of who wins: a side's win rate, the first dealer's or first actor's, the draws?"""
    return m.name.startswith("win rate") or m.name == "draw rate"


def charts(study: Study) -> list[plots.Chart]:
    names = study.rulesets
    out = [_measure_chart(study, "Win rates (95% interval)", "share of finished games", "",
                          who_wins,
                          lambda m: m.name.replace("win rate, ", ""))]
    out.append(_histogram("Game length", "hands per game (finished games)",
                          [hands_per_game(r) for r in study.records], names))
    out.append(_histogram("Hand points", "what one side scores in one hand",
                          [hand_points(r) for r in study.records], names))
    rows = _measure_chart(study, "How often each scoring row scores (95% interval)", "share of hands", "scoring row",
                          lambda m: m.name.endswith("scores (share of hands)"),
                          lambda m: m.name.split("'")[1])
    if rows.categories:
        out.append(rows)
    out.append(_measure_chart(study, "Points per hand (95% interval)", "points", "",
                              lambda m: m.name.startswith("points per hand, side"),
                              lambda m: m.name.replace("points per hand, ", "")))
    return out


def _measure_chart(study, title, ylabel, xlabel, pick, label) -> plots.Chart:
    """The measures `pick` chooses, a bar each per ruleset with its interval; none with a value (no game
    finished, for win rates), a chart with no data (said so, not drawn empty)."""
    chosen = [m for m in study.measures if pick(m)]
    n = len(study.rulesets)
    if all(v is None for m in chosen for v in m.values):
        chosen = []
    return plots.Chart(title, ylabel, xlabel, [label(m) for m in chosen], list(study.rulesets),
                       [[m.values[i] for m in chosen] for i in range(n)],
                       [[m.ci95[i] for m in chosen] for i in range(n)])


def _histogram(title: str, xlabel: str, counters: list[Counter], names: list[str]) -> plots.Chart:
    values = [v for c in counters for v in c]
    if not values:
        return plots.Chart(title, "share", xlabel, [], names, [[] for _ in names])
    lo, hi = min(values), max(values)
    width = bin_width(hi - lo + 1)
    start = math.floor(lo / width) * width
    bins = list(range(start, hi + 1, width))
    labels = [str(b) if width == 1 else f"{b}{' to ' if b < 0 else '–'}{b + width - 1}" for b in bins]  # -180 to -161
    shares = []
    for c in counters:
        total = sum(c.values())
        per_bin = Counter({b: 0 for b in bins})
        for v, k in c.items():
            per_bin[start + (v - start) // width * width] += k
        shares.append([per_bin[b] / total if total else None for b in bins])
    return plots.Chart(title, "share", xlabel, labels, names, shares)


def bin_width(span: int) -> int:
    """1 up to MAX_BINS values; otherwise a round width giving at most MAX_BINS bins."""
    for width in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / width <= MAX_BINS:
            return width
    return 10 ** math.ceil(math.log10(span / MAX_BINS))


# ---- HTML --------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
table { border-collapse: collapse; font-size: 13px; margin: 1em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 4px 8px; text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
td.sig { background: #fff3cd; font-weight: 600; }
.ci { color: #666; font-size: 12px; }
.p { color: #666; font-size: 11px; display: block; }
figure { margin: 1.5em 0; }
.notes { color: #444; font-size: 13px; }
"""


def html(study: Study, use_matplotlib: bool = True) -> str:
    """One self-contained page: summary, charts (PNG from matplotlib, else inline SVG), the table, the method."""
    title = f"cardrules compare: {' vs '.join(study.rulesets)}"
    body = [f"<h1>{escape(title)}</h1>", f"<p>{escape(_header(study))}.</p>",
            *(f"<p>{escape(said)}.</p>" for said in filter(None, [_stopped(study)])),
            "<h2>What differs</h2>", _findings(study), "<h2>Charts</h2>"]
    body += [_figure(c, use_matplotlib) for c in charts(study)]
    body += ["<h2>All measures</h2>", _table(study), "<h2>Method</h2>",
             '<div class="notes">' + "".join(f"<p>{escape(n)}</p>" for n in _notes(study)) + "</div>",
             f'<p class="notes">Written {datetime.date.today().isoformat()} by cardrules.</p>']
    return (f"{PAGE_HEAD}{escape(title)}</title><style>{STYLE}</style></head><body>\n" + "\n".join(body)
            + "\n</body></html>\n")


PAGE_HEAD = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>'
WRITTEN = re.compile(rf"({re.escape(PAGE_HEAD)}cardrules compare: |(```\n)?.+ vs .+: [\d,]+ games? each \()")


def written_here(start: str) -> bool:
    """Does a file beginning so hold a report of ours: the page (`html`), or the table (`text`, perhaps fenced
    for Markdown), which begins with `_header`?"""
    return WRITTEN.match(start) is not None


def in_words(study: Study) -> list[str]:
    """What differs, as a player would say it: each significant measure with both values and the change; who
    wins, where it does not differ; a study too small to show much; the seeds a variant played as the base;
    a ruleset none of whose games ended; a variant of another game than the base's."""
    base_name, out = study.rulesets[0], []
    for i, name in enumerate(study.rulesets[1:], 1):
        if i <= len(study.changes) and study.changes[i - 1]:
            out.append(f"{name} {study.changes[i - 1]}.")  # what the house rule changes, before what it did
        if i <= len(study.indirect) and study.indirect[i - 1] and (i > len(study.akin) or study.akin[i - 1]):
            out.append(f"Against {base_name}, {name} {_differs_said(study.differs[i - 1], _other_bots(study, i))}.")
        if i <= len(study.akin) and not study.akin[i - 1]:
            out.append(f"{name} and {base_name} extend no common ruleset: this compares two games, not a house"
                       f" rule with its game (a house rule is a file that says `extends: {base_name}`).")
        if i <= len(study.bidding) and study.bidding[i - 1]:
            out.append(f"{name} changes the bidding ({', '.join(study.bidding[i - 1])}): what is bid under it is the"
                       " bots' bidding as much as the rule's, so run it again with other bots before a finding of it"
                       " stands.")
        found = []
        for m in study.measures:
            if m.significant[i - 1]:
                base, var = m.values[0], m.values[i]
                digits = places(m, base, var)
                points = m.kind == "rate" or m.share  # (a change from 0 is said in points too)
                change = _change_of_pairs(m, i, points) if var is not None else []
                change += _difference_said(m, i, digits)
                said = f" ({'; '.join(change)})" if change else ""
                found.append(f"{m.name}: {fmt(base, m, digits)} under {base_name}, {fmt(var, m, digits)} under"
                             f" {name}{said}, {p_text(m.p_adjusted[i - 1])}")
        out += found or [f"{name}: no measure differs significantly from {base_name}."]
        sides = [m for m in study.measures if who_wins(m)]  # (the first dealer's too: a club asks who wins so)
        wins = next((m for m in sides if m.name == "win rate, side 0"), None)
        # no test, where the wins agree seed by seed (the same games) or too few games finished: then chance
        # is said of only where a test was made, and no side's differs
        tested = wins is not None and (wins.p_values[i - 1] is not None or wins.values[0] == wins.values[i])
        if tested and not any(m.significant[i - 1] for m in sides) and None not in (wins.values[0], wins.values[i]):
            out.append(f"{name}: who wins does not differ beyond chance (side 0 wins {wins.values[0]:.0%} of the"
                       f" finished games under {base_name}, {wins.values[i]:.0%} under {name}).")
    if len(study.seeds) < SMALL_STUDY:
        n = len(study.seeds)
        games = "1 game" if n == 1 else f"{count(n)} games"
        least = 2.0 ** (1 - n) * max(1, study.tests)  # the least p n games' sign swaps give, after Holm's factor
        out.append(f"{games} each: no difference can show (the least p so few games can give is {min(least, 1):.2g},"
                   f" over {count(max(1, study.tests))} tests); a"
                   " few hundred games tell more." if least > stats.ALPHA else
                   f"{games} each: only a large difference can show; a few hundred games tell more.")
    return out + _same(study) + _unended(study) + _bounded(study)


BOUNDED_SHARE = 0.1  # games stopped at the hand bound, past which the measures of finished games are said to mislead


def _bounded(study: Study) -> list[str]:
    """A ruleset some of whose games ended but many stopped at the hand bound: its measures of finished games
    are of the shorter games only (hands per game falls short of the truth), and its share unfinished is the
    bound's doing as much as the rule's (a study user's audit: both were said as the house rule's findings)."""
    out = []
    for name, recs in zip(study.rulesets, study.records):
        stopped = sum(1 for r in recs if not r["over"] and not r.get("thrown_out"))
        if recs and stopped < len(recs) and stopped >= BOUNDED_SHARE * len(recs) and study.max_hands:
            out.append(f"{name}: {count(stopped)} of {count(len(recs))} games stopped at the bound of"
                       f" {count(study.max_hands)} hands: its measures of finished games (wins, hands per game,"
                       " points) are of the shorter games only, and how many stopped is the bound's doing as much as"
                       " the rules'; a higher --max-hands tells more.")
    return out


DIFFERS_SHOWN = 8  # what a variant differs in from the base, said in words up to so many (the JSON has all)


def _differs_said(differs: list[str], other_bots: bool = False) -> str:
    """`differs in options.target (330), scoring: bonus`: what a variant differs in from the base, at most
    DIFFERS_SHOWN of them; or that it differs in no rule (the same game: what it played shows only chance, or
    with `other_bots`, the bots' doing)."""
    if not differs:
        return "differs in no rule: the same game, played by other bots" if other_bots else \
            "differs in no rule: the same game"
    more = len(differs) - DIFFERS_SHOWN
    return "differs in " + ", ".join(differs[:DIFFERS_SHOWN]) + (f" and {count(more)} more" if more > 0 else "")


def _difference_said(m, i: int, digits: int) -> list[str]:
    """`difference +3.73 [+3.50, +3.98]`: variant `i`'s value less the base's and its paired 95% interval (the
    two rulesets' own intervals may overlap where the difference is clear: the games are paired by seed)."""
    lo, hi = m.difference_ci95[i - 1] if i - 1 < len(m.difference_ci95) else (None, None)
    paired = m.difference[i - 1] if i - 1 < len(m.difference) else None
    if lo is None or paired is None:
        return []
    digits = max(digits, places(m, paired, hi - lo))  # its own figures: a difference of 0.0039 is not "0.00"
    def signed(x):
        return ("+" if round(x, digits) > 0 else "") + fmt(x, m, digits)
    return [f"difference {signed(paired)} [{signed(lo)}, {signed(hi)}]"]


def _change_of_pairs(m, i: int, points: bool) -> list[str]:
    """Variant `i`'s change from the base as `_change_said` words it, over the games its difference is of
    (`difference`: a game measure's over the seeds whose games both finished); from the two values where there is
    no difference. None from a base of 0 but in points."""
    base, var = m.values[0], m.values[i]
    paired = m.difference[i - 1] if i - 1 < len(m.difference) else None
    if paired is not None and m.paired_base[i - 1] is not None:
        base, var = m.paired_base[i - 1], m.paired_base[i - 1] + paired
    if not (base or points):
        return []
    short = m.pairs_short[i - 1] if i - 1 < len(m.pairs_short) else None  # the change is not of the two values
    return [_change_said(m, base, var) + (f" over the {count(short)} seeds both finished" if short else "")]


def _change_said(m, base: float, var: float) -> str:
    """A measure's change as a player reads it: a rate's or a share's in percentage points (a win rate 0.457 to
    0.540 is +8.3 points, where +18% read as the points themselves: a statistics audit), another's as a share
    of the base."""
    if m.kind == "rate" or m.share:
        change = (var - base) * 100
        digits = next((d for d in range(1, 4) if round(abs(change), d)), 3)  # never +0.0 for a change
        return f"{change:+.{digits}f} percentage points"
    return _relative(var, base)


TIMES_FROM = 10  # a change of this many times the base or more is said as a multiple: 41x, not +4,056%


def _relative(var: float, base: float) -> str:
    """The change as a share of the base, with as many decimals as keep a change from reading as 0%; from a small
    base to a value TIMES_FROM times as large or more, as the multiple (`41 times as much`)."""
    share = (var - base) / abs(base)
    if base > 0 and var >= TIMES_FROM * base:
        times = var / base
        return f"{times:,.0f} times as much" if times >= 100 else f"{times:.1f} times as much"
    digits = next((d for d in range(4) if round(abs(share) * 100, d)), 3)
    return f"{share:+.{digits}%}"


SMALL_STUDY = 30  # fewer games a ruleset than this, and the study says how little it can show


def _findings(study: Study) -> str:
    return "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in in_words(study)) + "</ul>"


def _figure(chart: plots.Chart, use_matplotlib: bool) -> str:
    if not chart.categories:
        return f"<figure><figcaption>{escape(chart.title)}: no data</figcaption></figure>"
    image = plots.png(chart) if use_matplotlib else None
    inner = (f'<img alt="{escape(chart.title)}" src="data:image/png;base64,{image}">' if image
             else plots.svg(chart))
    return f"<figure>{inner}</figure>"


def _table(study: Study) -> str:
    head = "".join(f"<th>{escape(n)}</th>" for n in study.rulesets)
    rows = [f"<tr><th>measure</th>{head}</tr>"]
    for m in study.measures:
        cells = [f"<td>{escape(m.name)} <span class='ci'>({escape(m.unit)})</span></td>", _td(m, 0)]
        cells += [_td(m, i) for i in range(1, len(study.rulesets))]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table>" + "\n".join(rows) + "</table>"


def _td(m, i: int) -> str:
    if m.values[i] is None:
        return "<td>no data</td>"
    value, interval = value_and_interval(m, i)
    inner = f"{value} <span class='ci'>{escape(interval)}</span>"
    if i == 0:
        return f"<td>{inner}</td>"
    sig = m.significant[i - 1]  # marked * as in the text table (and shaded, which printing may lose)
    mark, p = "* " if sig else "", escape(p_text(m.p_adjusted[i - 1]))  # p<0.001: a '<' in HTML is &lt;
    return f"<td{' class=sig' if sig else ''}>{mark}{inner}<span class='p'>{p}</span></td>"
