"""Trial games: `validate` plays a few bounded random games, so that "valid" means the game runs and ends.

The engine itself stops, at the ruleset line responsible, a step where nobody can act, a trick with no
card and a hand that loops without a decision. Random players rarely finish a bidding game (they bid
wildly and score ever lower), so when no trial game ends, the trial asks instead whether the target can
be reached at all at the pace the trial hands scored. A trial game that reaches the target and then sits
tied on top for the rest of the trial is a fault even when the other trial games end: the sides can stay
tied for ever (capped totals, say). One whose scores stood still over the second half of the trial is a warning
(a house rule that scores only in some hands cannot end once past them; one that scores only on a rare event
random play missed can).
"""

from __future__ import annotations

import copy
import random
import signal
import sys
import threading
import time
from collections import Counter
from contextlib import contextmanager

from .cards import NO_SUIT
from .errors import RulesetError, Where
from .rules import names_in, names_read, no_end_in_hands, read_through, set_only_by_steps_off
from .source import option_values, yaml_word
from .state import alone_on_top, state_class
from .steps.trick_swap import SWAP
from .unparse import with_options

MAX_ACTIONS = 20_000  # in one trial game
MAX_HANDS = 60  # in one trial game: enough to see the pace of scoring
MAX_HANDS_TO_END = 10_000  # a target farther away than this many hands at the best pace seen is unreachable
# Every trial game asked for is played: each is bounded by its hands and actions, so the verdict is the same on
# any machine. The clock is only a safety limit for a game pathologically slow to play: the processor time this
# process spent (not the wall clock, which a busy machine stretches), some 100 times what the slowest bundled
# game needs.
SAFETY_SECONDS = 60.0
SAFETY_SECONDS_PER_GAME = 3.0


def safety_seconds(games: int) -> float:
    """The processor time a trial of `games` games may take before it is cut short."""
    return SAFETY_SECONDS + SAFETY_SECONDS_PER_GAME * games


def trial(game, games: int = 3, seed: int = 0, seconds: float | None = None) -> list[tuple[Where, str]]:
    """Play `games` random games (cut short after `seconds` of processor time, by default the safety limit);
    the problems found, each at its ruleset place."""
    return trial_games(game, games, seed, seconds)[0]


def trial_games(game, games: int = 3, seed: int = 0, seconds: float | None = None,
                notes: list | None = None) -> tuple[list, int]:
    """The problems found, and how many games were played out to their bounds before the safety limit (`seconds`
    of processor time, by default `safety_seconds(games)`) ran out: fewer than `games` only then; with
    `notes`, what is worth a warning there too (a trump that never gave a suit, a card play whose `when` held
    yet no card was played in it)."""
    seconds = safety_seconds(games) if seconds is None else seconds
    deadline = time.process_time() + seconds
    trumps = TrumpWatch(game) if notes is not None else None
    whens = WhenWatch(game) if notes is not None else None
    news = NoticeWatch(game) if notes is not None else None
    try:
        endless = _endless(game, seed)
    except RulesetError as e:
        return list(e.problems), 0
    if endless:  # before any game is played: playing on without end would meet some other trouble first
        return endless, 0
    ended = hands = played = 0
    best = None  # the most one side's score rose in one hand (its points, or as `totals` has it)
    late = None  # the same over the second half of the games played to the hand bound
    net = None  # the most one side's score rose over that second half, all its hands taken together
    tied = None  # a game played to the bound that sat tied on top at the target: (hand reached, hands)
    always_tied = None  # every game played to the bound was tied on top after every hand
    still = None  # (the game's number, its state): the first game played to the bound whose scores then stood still
    decided = set()  # the steps that took a decision in some trial game
    moved: dict = {}  # of a step that plays (passes) cards: True once a move of it named a card, else its verbs seen
    rose = []  # (where a side's points would have taken its score, where `totals` put it) for each rise
    unended = []  # each side's totals after each hand, of each game that did not end
    for i in range(games):
        try:
            with _stopped_past(deadline):
                st = _play(whens.game if whens is not None else game, seed + i, deadline, trumps, news)
        except RulesetError as e:
            return list(e.problems), played
        except _OutOfTime:  # one move ran past the limit (a costly expression): the game is cut short
            deadline = -1.0  # (the alarm's clock may run a tick ahead of process_time: past it, whatever that says)
            break
        decided.update(step for _, step, _ in st.log)
        _note_plays(game, st, moved)
        if whens is not None:
            whens.count(st)
        if not st.over and not st.hands and len(st.log) >= MAX_ACTIONS:
            return [unending_hand(st, st.redeals + st.misdeals, "random play")], played
        ended += st.over
        hands += len(st.hands)
        before = [0] * game.sides
        for k, hand in enumerate(st.hands):
            rises = [t - b for t, b in zip(hand["totals"], before)]
            rose += [(b + p, t) for t, b, p in zip(hand["totals"], before, hand["points"]) if p > 0]
            best = max(best if best is not None else rises[0], *rises)
            if not st.over and len(st.hands) >= MAX_HANDS and k >= MAX_HANDS // 2:
                late = max(late if late is not None else rises[0], *rises)
            before = hand["totals"]
        if not st.over and len(st.hands) >= MAX_HANDS:
            halfway = st.hands[MAX_HANDS // 2 - 1]["totals"]
            net = max(net if net is not None else -MAX_HANDS_TO_END, *(
                (t - h) / (len(st.hands) - MAX_HANDS // 2) for t, h in zip(st.hands[-1]["totals"], halfway)))
            tied = tied or _tied_on_top(game, st)
            always_tied = always_tied is not False and all(_tie_on_top(game, h["totals"]) for h in st.hands)
            if still is None and _stood_still(st):
                still = i + 1, st
        if not st.over:
            unended.append([hand["totals"] for hand in st.hands])
        played += st.over or len(st.hands) >= MAX_HANDS or len(st.log) >= MAX_ACTIONS  # not cut short
        if time.process_time() > deadline:
            break
    if trumps is not None:
        notes.extend(trumps.warnings())
        notes.extend(whens.warnings(decided))
        notes.extend(news.warnings())
    if not ended and not hands and time.process_time() > deadline:
        return [(game.where_hand, f"no hand ended within the trial's {seconds:g} s of random play: a hand loops"
                                  " (or is far too slow to play)")], played
    idle = _idle_play(game, moved) if hands else []
    if ended and not tied:  # a game stuck tied on top is a fault even where other games end; one standing still
        if notes is not None:  # may be a rare way to score that random play missed: a warning (--strict fails)
            notes.extend(_still_short(game, still, ended))
        return idle, played
    if not hands:
        return idle, played
    if notes is not None and not ended and game.target is None and not _ends_by_count(game, st):
        notes.extend(_never_won(game, hands))
    fresh = _fresh_totals(game, st)
    if fresh:
        return idle + fresh, played
    if not all(game.steps[i].plays_cards for i in decided) or _another_end(game, st):
        net = None  # random bids and choices make scores fall as no player would: the net pace misleads
    capped = _capped(game, st, rose) if best > 0 else []  # else no score rose at all: `_unreachable` says so
    if best > 0 and not capped and not ended:
        capped = _held_short(game, st)
    if capped:
        return idle + capped, played
    found = _unreachable(game, st, hands, best, late, tied or (always_tied and (0, MAX_HANDS)), net)
    if not found and not ended and not _ends_by_count(game, st):
        found = _ceiling(game, st, unended)
    return idle + found, played


def _stood_still(st) -> bool:
    """Was the game, played to the hand bound, scored nothing at all over its second half: every side's total
    (and rounds won) as it was after hand MAX_HANDS // 2?"""
    kept = {(tuple(h["totals"]), tuple(h.get("rounds", ()))) for h in st.hands[MAX_HANDS // 2 - 1:]}
    return not st.over and len(st.hands) >= MAX_HANDS and len(kept) == 1


def _still_short(game, still, ended: int) -> list[tuple[Where, str]]:
    """A trial game whose scores stood still, short of the target, over the second half of the trial, while
    others ended: a sign that the game can reach a state it never ends from (points only in the first hand,
    say), or that it scores only on a rare event random play missed (the first kot wins): a warning, which
    `validate --strict` makes fail. A game ended by its number of hands (`hands`, `max_hands`) ends all the
    same. A `win_if` is no excuse: one that did not fire in 30 hands of such a game did not end it either."""
    if still is None or game.target is None or _ends_by_count(game, still[1]):
        return []
    number, st = still
    target, totals = game.target(st.env, None), st.hands[-1]["totals"]
    if max(totals) >= target:
        return []  # at the target, yet not over: the ties and the rules of its own are judged elsewhere
    spec = game.tree.get("game", {})
    where = spec.where("target").where if "target" in spec else game.where_hand
    if where.file != game.label:
        where = _own_scoring(game) or where  # the target is the base's: the file's own scoring is the likely cause
    check = "the scoring and the game's totals" if game.totals is not None else "the scoring"
    others = f"{ended:,} other trial game{'s' * (ended > 1)} ended"
    return [(where, f"in trial game {number} of random play no side's score moved from hand {MAX_HANDS // 2} to"
                    f" hand {len(st.hands)} (the scores stood at {', '.join(f'{t:,}' for t in totals)}), short of"
                    f" the target {target:,}, though {others}: the game may come to a state it never ends from,"
                    f" or score only on something random play seldom does (check {check})")]


def _never_won(game, hands: int) -> list[tuple[Where, str]]:
    """A game whose one end is its `win_if`, which held in none of the trial's hands: perhaps it never can (a
    warning, which `validate --strict` makes fail: random play may miss what players reach)."""
    return [(_win_if_at(game), f"no trial game ended: 'win_if', the game's only end, held in none of {hands:,} hands"
                               " of random play; check that it can hold, or give the game a 'target' or a"
                               " 'max_hands' as well")]


def _win_if_at(game) -> Where:
    spec = game.tree.get("game", {})
    return spec.where("win_if").where if "win_if" in spec else game.where_hand


def _ends_by_count(game, st) -> bool:
    """Does the game end after a number of hands (`hands`, `max_hands`), whatever the scores?"""
    env = st.env
    return (game.hands_fixed is not None and game.hands_fixed(env, None) > 0
            or game.max_hands is not None and game.max_hands(env, None) > 0)


def cut_short(game, played: int, games: int) -> tuple[Where, str]:
    """The trial cut short by its safety limit with `played` of `games` played out, and nothing found in them:
    no verdict, which validate says as an error (at the hand), not as a pass."""
    return game.where_hand, (f"the trial games took longer than validate's safety limit of"
                             f" {safety_seconds(games):g} s of processor time: {played:,} of the {games:,} asked"
                             f" for were played out, the other {games - played:,} not, so the ruleset is not shown"
                             f" to run (random play this slow is a fault of its own; else ask for fewer with"
                             f" --games)")


def _capped(game, st, rose: list) -> list[tuple[Where, str]]:
    """No trial game ended, and `totals` holds the scores under the target: every rise that would have passed
    the highest total of the trial hands stopped exactly there (`if score + points > 30 then 30 else score +
    points` with a target of 31)."""
    if game.target is None or game.totals is None or game.rounds > 1 or not rose:
        return []
    target, top = game.target(st.env, None), max(t for _, t in rose)
    cut = [t for want, t in rose if want > top]
    if not cut or top >= target or any(t != top for t in cut):
        return []
    where = game.tree["game"].where("totals").where
    return [(where, f"'totals' keeps the scores at {top:,} or under: each time a side's points in the trial hands"
                    f" would have taken it higher, the totals held it at {top:,}, short of the target {target:,}: the"
                    " game never ends")]


HELD_READS = frozenset(("score", "points", "option", "min", "max", "abs"))  # what a `totals` probed may read


def _held_short(game, st) -> list[tuple[Where, str]]:
    """No trial game ended, and `totals` (reading only the score, the hand's points and the options) takes no
    side to the target from any score below it, however many points a hand brings (`min(score + points, 1000)`
    with a target of 1,200): asked of the rules themselves, since random bidders' scores fall and may never come
    near such a cap."""
    text = game.tree.get("game", {}).get("totals")
    if game.target is None or game.totals is None or game.rounds > 1 or not names_in(text) <= HELD_READS:
        return []
    target = game.target(st.env, None)
    if target <= 0:
        return []
    far, probe = 10 * target + 1000, st.copy()
    for score in {0, target // 2, max(0, target - 20), target - 1}:
        for points in {1, 5, 10, 20, target - score, far}:
            probe.phase = {**probe.phase, "points": (points,) * game.sides}
            probe.scores = [score] * game.sides
            try:
                if max(game.totals(env, None) for env in probe.side_envs) >= target:
                    return []
            except Exception:  # noqa: BLE001 - a state the rules never meant to score: no finding
                return []
    return [(game.tree["game"].where("totals").where,
             f"'totals' keeps the scores short of the target {target:,}: from no score below it does a hand of up"
             f" to {far:,} points take a side there, so no side can reach it: the game never ends")]


def _fresh_totals(game, st) -> list[tuple[Where, str]]:
    """No trial game ended, and `totals` reads nothing kept from one hand to the next: each hand's totals start
    afresh (`totals: points`, a slip for `score + points`), so the target must be reached within one hand."""
    spec = game.tree.get("game", {})
    text = spec.get("totals") if game.totals is not None and game.target is not None else None
    if not isinstance(text, str):
        return []
    carried = {"score", "hand_number"} | {k for k, _ in game.game_counters}
    carried |= {k for k, v in game.vars.items() if not v.per_hand}
    values = game.tree.get("values", {})
    rows = game.tree.get("scoring", ())
    amounts = carried - {k for k, v in game.vars.items() if v.type != "int"}  # a seat kept from hand to hand is no sum
    if any(isinstance(row, dict) and read_through(values, row.get("points"), amounts) for row in rows):
        carried.add("points")  # a scoring row carries the score on: `points` does too
    if read_through(values, text, carried):
        return []
    target = game.target(st.env, None)
    most = max((t for hand in st.hands for t in hand["totals"]), default=0)
    return [(spec.where("totals").where, f"no trial game ended, and 'totals' reads nothing kept from one hand to the"
                                         f" next (score, hand_number, a counter or variable kept per game): each"
                                         f" hand's totals start afresh, so a side must reach the target {target:,}"
                                         f" within one hand, and the most in {len(st.hands):,} trial hands was"
                                         f" {most:,} (to add the hands up: score + points)")]


def _another_end(game, st) -> bool:
    """Can the game end otherwise than by reaching its target once: a test of its own, a number of hands, a
    limit — or is it played in rounds, whose scores start again at 0 (hands 30 and 60 may be rounds apart)?"""
    return game.rounds > 1 or game.win_if is not None or _ends_by_count(game, st)


def _note_plays(game, st, moved: dict) -> None:
    """Into `moved`, for each step of card play (or passing) in the game's log: True where a move named a card,
    else the verbs of the moves made in it (draw, pass)."""
    steps = game.steps
    for _, i, move in st.log:
        step, seen = steps[i], moved.get(i)
        if seen is True or not step.idle_fault:
            continue
        if step.cards_named(move):
            moved[i] = True
        else:
            moved.setdefault(i, set()).add(step.text(move).split()[0])


def _idle_play(game, moved: dict) -> list[tuple[Where, str]]:
    """Card play (or passing) that runs every hand (no `when`) yet had no card played (passed) in any trial hand:
    the cards were all played, or its stop held, before it began: most often a new step where a change of the
    base's was meant (`Step.idle_fault`); or its seats only drew or passed: no card ever met its rule."""
    out = []
    for i, step in enumerate(game.steps):
        if not step.idle_fault or step.when is not None or moved.get(i) is True:
            continue
        why = step.idle_fault[1] + _renamed(game, step) if i not in moved else (  # (it ran: no step misnamed)
            f"every move made in it was {' or '.join(map(repr, sorted(moved[i])))} (does its rule for which cards"
            " may be played ever hold?)")
        out.append((step.where, f"step '{step.name}' runs every hand, but no card was {step.idle_fault[0]} in it in"
                                f" any trial hand: {why}"))
    return out


def _renamed(game, step) -> str:
    """In a ruleset that extends another, a step of its own that is idle may be a new step where a change of the
    base's was meant: say how to change one."""
    if getattr(game.tree, "base", None) is None or step.where is None or step.where.file != game.label:
        return ""
    return " (to change a step of the ruleset this one extends, give it that step's name)"


class WhenWatch:
    """The card plays (or passing) with a `when` (`Step.idle_fault`), and the finished trial hands each ran in, its
    `when` holding: one that ran in some yet had no card played in any is a warning. A step run only in some hands
    may be idle in some of them, but idle in all most often follows a play that takes every card (its stop never
    holds). They are watched on a copy of the game whose watched steps say when they start (the shared game is
    left alone)."""

    def __init__(self, game):
        self.steps = [i for i, step in enumerate(game.steps) if step.idle_fault and step.when is not None]
        self.started: set = set()  # (step index, hand number) in the game in play
        self.ran: Counter = Counter()  # step index -> finished trial hands it ran in
        self.game = game if not self.steps else \
            watched(game, lambda st, i: self.started.add((i, len(st.hands))), self.steps)

    def count(self, st) -> None:
        """After a trial game: the hands it finished that each watched step ran in."""
        self.ran.update(i for i, hand in self.started if hand < len(st.hands))
        self.started.clear()

    def warnings(self, decided: set) -> list[tuple[Where, str]]:
        out = []
        for i in self.steps:
            step = self.game.steps[i]
            if self.ran[i] and i not in decided:
                done, why, ran = *step.idle_fault, self.ran[i]
                hands = f"{ran:,} trial hands" if ran > 1 else "1 trial hand"
                out.append((step.where, f"step '{step.name}' ran in {hands} (its 'when' held),"
                                        f" but no card was {done} in it in any of them: {why}"
                                        f"{_renamed(self.game, step)}"))
        return out


def watched(game, started, indexes=None):
    """A copy of the game whose steps (those of `indexes`, else every one) call `started(st, index)` as they
    start: validate's and coverage's watch on the steps (the shared, cached game is left alone)."""
    g = copy.copy(game)
    g.steps = [copy.copy(step) for step in game.steps]
    for step in g.steps:
        step.ready(g)  # what a step made at load (a generated play, its start) is bound to it: the copy makes its own
    for i in range(len(g.steps)) if indexes is None else indexes:
        g.steps[i].start = _saying_start(g.steps[i].start, i, started)
    g.state_class = state_class(g)  # a step's decisions written out at load: the copy's
    return g


def _saying_start(start, index: int, started):
    def saying(st):
        started(st, index)
        return start(st)

    return saying


class _OutOfTime(BaseException):
    """The safety limit passed during a move (a BaseException: no handler of the engine's catches it)."""


@contextmanager
def _stopped_past(deadline: float):
    """Past `deadline` (processor time) the code running is stopped, wherever it is (`_OutOfTime`): a move is
    checked against the limit only between moves, and one costly expression (`groups()` of many cards) could run
    on for many minutes. By a processor-time alarm, where the platform has one and this is the main thread; one
    that goes off in a finalizer (which cannot raise: Python would print it and go on) goes off again at once."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise _OutOfTime

    def unraisable(info) -> None:  # the alarm met in a finalizer, which cannot raise: again, at once, outside it
        if isinstance(info.exc_value, _OutOfTime):
            signal.setitimer(signal.ITIMER_PROF, 0.001)
        else:
            hook(info)

    before, hook = signal.signal(signal.SIGPROF, stop), sys.unraisablehook
    sys.unraisablehook = unraisable
    signal.setitimer(signal.ITIMER_PROF, max(deadline - time.process_time(), 0.001))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, before)
        sys.unraisablehook = hook


def unending_hand(st, thrown: int, play: str, limit: int = MAX_ACTIONS, in_a_row: bool = False) -> tuple[Where, str]:
    """Where and why a hand went on for `limit` decisions of `play` (or, `in_a_row`, was thrown in `thrown` times
    one after another): at the step that threw it in, when one did, else at the hand."""
    said = f"a hand does not end {'in' if in_a_row else f'within {limit:,} decisions of'} {play}"
    times = f"{thrown:,} times{' in a row' * in_a_row}"
    if thrown and st._sent_back >= 0:
        step = st.game.steps[st._sent_back]
        return step.where, f"{said}: step '{step.name}' threw it in {times} (do the choices always lead to it?)"
    return st.game.where_hand, f"{said}: its deal was thrown in {times}" if in_a_row else said


def _play(game, seed: int, deadline: float, trumps: TrumpWatch | None = None, news: NoticeWatch | None = None):
    """One random trial game; the table's notices worked out after every move, as the table would (an error
    found in play there is the ruleset's too)."""
    from .simulate import HandWatch  # (simulate builds on this module)

    st = game.new_state(seed=seed)
    rng = random.Random(seed)
    news = news or NoticeWatch(game)
    watch = HandWatch(st, seed, play="random play")  # a later hand that never ends (thrown in again and again), as
    # simulate finds it; a first hand that never ends is told by the trial's bounds (its decisions, its time)
    while not st.over and len(st.log) < MAX_ACTIONS and len(st.hands) < MAX_HANDS:
        if st.hands:
            watch.check()
        news.note(st)  # as the table opens, and after each move
        if len(st.log) % 16 == 0 and time.process_time() > deadline:
            break
        move = rng.choice(st.legal_moves())
        if trumps is not None:
            trumps.note(st, move)
        st.apply_move(move)
    return st


class NoticeWatch:
    """The table's notices (`table: notices:`) worked out as the table does, after every move: in how many trial
    hands each held from the deal (no news: the table says a notice only once it comes to hold in a hand), and
    in how many it came to hold. One that held from the deal yet never came to hold is never said: a warning."""

    def __init__(self, game):
        self.game, self.hand, self.held = game, None, frozenset()
        self.dealt: Counter = Counter()
        self.came: Counter = Counter()

    def note(self, st) -> None:
        if not self.game.notices:
            return
        holding = st.notices_held()  # as the table works them out
        if (st.seed, st.hand_no) != self.hand:  # a new hand (of this game or the next): what holds is no news
            self.hand = st.seed, st.hand_no
            self.dealt.update(holding)
        else:
            self.came.update(holding - self.held)
        self.held = holding

    def warnings(self) -> list[tuple[Where, str]]:
        notices = self.game.tree.get("table", {}).get("notices")
        out = []
        for name, _ in self.game.notices:
            if self.dealt[name] and not self.came[name]:
                hands = f"{self.dealt[name]:,} trial hands" if self.dealt[name] > 1 else "1 trial hand"
                out.append((notices.key_at.get(name, notices.where(name)).where,
                            f"table notices: '{name}' held as the cards were dealt in {hands} and never came to hold"
                            " during one, so the table never said it in the trial games (what holds from the deal is"
                            " no news; board lists it)"))
        return out


MIN_LEADS = 10  # tricks led with no trump in force before a trump written to give one is warned of
TRICK_NAMES = frozenset({"led_suit", "leading", "winning_seat", "played_cards"})  # what changes within a trick


class TrumpWatch:
    """The trick plays whose `trump` reads a zone (`top(turned).suit`), by step index, each at its `trump` line:
    how many tricks each led, and how many with a trump suit in force as the card was led; `off`, those the
    options make no suit. One that never gave a suit reads, most often, a zone an earlier step empties: the game
    runs, silently without trump (validate's trial games and coverage both count them). A trump that reads the
    trick in play (the trick, the suit led, who is winning) is not judged at the lead: the engine works it out as
    the trick closes; nor one kept in a variable, which a house rule may leave no suit on purpose."""

    def __init__(self, game):
        self.where, self.off, self.leads, self.named = {}, set(), Counter(), Counter()
        zones = set(game.zones)
        for i, (spec, step) in enumerate(zip(game.tree.get("hand", ()), game.steps)):
            play = spec.get("play") if hasattr(spec, "get") else None
            trump = play.get("trump") if hasattr(play, "get") else None
            if getattr(step, "trump", None) is None or step.declare_trump or not isinstance(trump, str):
                continue
            if not names_read(trump, zones - {step.trick_zone}) or names_read(trump, TRICK_NAMES | {step.trick_zone}):
                continue
            self.where[i] = play.where("trump").where
            if with_options(trump, game.options).strip() == "no_suit":
                self.off.add(i)

    def note(self, st, move) -> None:
        """Before `move`: a card led to a trick of a step watched counts. The trump is worked out as the engine
        would; one that fails here is left to the play to say."""
        step = st.acting
        if st.step not in self.where or type(move) is not int or move >= SWAP or st.zones[step.trick_zone]:
            return
        try:
            named = step.trump_now(st) != NO_SUIT
        except RulesetError:
            return
        self.leads[st.step] += 1
        self.named[st.step] += named

    def warnings(self) -> list[tuple[Where, str]]:
        return [(where, f"trump never gave a suit in the {self.leads[i]:,} tricks led in the trial games: a trick"
                        " play works its trump out again at each trick, so one that reads a zone an earlier step"
                        " empties (`top(turned).suit` once the card is taken up) gives none; keep the suit in a"
                        " variable, set before the card moves")
                for i, where in self.where.items()
                if i not in self.off and self.leads[i] >= MIN_LEADS and not self.named[i]]


def _endless(game, seed: int) -> list[tuple[Where, str]]:
    """A game without a target (or a test of its own) ends after its fixed number of hands, which must be
    above 0 (load refuses a constant one; this is for a `hands` that reads the state). One whose only end is
    a `win_if` that reads a variable only steps the options switch off set (`set_only_by_steps_off`) has none:
    said before any trial game is played."""
    no_limit = game.max_hands is None or getattr(game.max_hands, "value", None) == 0  # 0: none, by the options
    if game.target is None and game.hands_fixed is None and no_limit and game.win_if is not None:
        off = set_only_by_steps_off(game, game.tree.get("hand", ()), game.tree.get("game", {}).get("win_if"))
        if off:
            return [(_win_if_at(game), f"the game names no end: its only end, 'win_if', never holds{off}; give the"
                                       " game a 'target' or its 'hands'")]
    if game.target is not None or game.win_if is not None or game.max_hands is not None:
        return []
    st = game.new_state(seed=seed)
    fixed = game.hands_fixed(st.env, None) if game.hands_fixed is not None else 1
    if fixed > 0:
        return []
    spec = game.tree.get("game", {})
    where = spec.where("hands").where if "hands" in spec else game.where_hand
    return [(where, no_end_in_hands(fixed))]


def _tied_on_top(game, st) -> tuple[int, int] | None:
    """(the hand the target was reached, the hands played) when the sides on top sat tied at or beyond the
    target from then on, so that no side was ever alone on top to win; else None."""
    if game.target is None or game.hands_fixed is not None:
        return None
    target, reached = game.target(st.env, None), None
    for k, hand in enumerate(st.hands):
        totals = hand["totals"]
        if max(totals) < target:
            reached = None
        elif not _tie_on_top(game, totals):
            return None  # alone on top at the target, yet the game went on: a rule of its own decides
        elif reached is None:
            reached = k
    if reached is None or len(st.hands) - reached < MAX_HANDS // 4:
        return None
    return reached + 1, len(st.hands)


def _tie_on_top(game, totals) -> bool:
    """Are two sides or more tied for the best total?"""
    return len(totals) > 1 and alone_on_top(game, totals) is None


def _unreachable(game, st, hands: int, best: int, late=None, tied=None, net=None) -> list[tuple[Where, str]]:
    """No trial game ended: can a side reach the target at all, at the best pace seen, and do scores still
    rise late in the trial games? Do the sides on top stay tied at the target? Where every decision was a
    card played (no bids, no choices, which random players make badly), `net` is the best pace of a side's
    score over the second half of the games played to the bound, all its hands taken together: the
    target must be reachable at that pace too. (A game without a target ends after more hands than the
    trial plays, or by a test it cannot judge.)"""
    if game.target is None:
        return []
    target = game.target(st.env, None)
    where, check = _target_said(game, own=best <= 0 or tied or (late is not None and late <= 0)
                                or net is not None and net <= 0)
    if tied and tied[0]:
        return [(where, f"the target {target:,} was reached in hand {tied[0]} of random play, yet the game went on"
                        f" to hand {tied[1]}: the sides on top stay tied, and a game ends only when one side alone"
                        f" is on top (check {check})")]
    if best <= 0:
        return [(where, f"no side's score rose in {hands:,} hands of random play: the target {target:,} is never"
                        f" reached (check {check})")]
    if net is not None and net <= 0:
        return [(where, f"every side's score fell (or stood still) over the last {MAX_HANDS // 2} hands of random"
                        f" card play taken together, short of the target {target:,}: the target is never reached"
                        f" (check {check})")]
    if net is not None and target / net > MAX_HANDS_TO_END:
        return [(where, f"a score rose at most {net:,.2f} points a hand over the last {MAX_HANDS // 2} hands of"
                        f" random card play taken together: reaching the target {target:,} would take more than"
                        f" {MAX_HANDS_TO_END:,} hands")]
    if late is not None and late <= 0:
        return [(where, f"no side's score rose in the last {MAX_HANDS // 2} hands of random play, short of the"
                        f" target {target:,}: scores stop rising (check {check})")]
    if tied:
        return [(where, f"the sides on top were tied after each of {tied[1]} hands of every trial game played that"
                        f" far: no side is ever alone on top, as a game must be to end (check {check})")]
    if target / best > MAX_HANDS_TO_END:
        return [(where, f"a score rose at most {best:,} points a hand in {hands:,} hands of random play: reaching"
                        f" the target {target:,} would take more than {MAX_HANDS_TO_END:,} hands")]
    return []


CEILING_STAYS = 10  # hands that ended with a side at the highest total seen, none ever passing it: a ceiling
CEILING_FALLS = 3  # of them, how many the side fell from: points taken at the top, not a rare score awaited


def _ceiling(game, st, unended: list) -> list[tuple[Where, str]]:
    """No trial game ended, and the scores have a ceiling short of the target: sides stood at the highest total
    seen again and again (CEILING_STAYS times, with a hand to play after) and fell from it (CEILING_FALLS
    times), yet no side ever passed it — a scoring that takes points away from a side that gets near the top
    (`if score >= 5 then -5 else 1`, target 7). Random bidders' scores, which fall, reach their highest once or
    so; a score that only ever rises, rarely, stands at its highest without falling from it."""
    if game.target is None:
        return []
    top = max((t for totals in unended for hand in totals[:-1] for t in hand), default=None)
    stays = falls = 0
    for totals in unended:
        for hand, after in zip(totals, totals[1:]):
            at_top = [side for side, t in enumerate(hand) if t == top]
            stays += len(at_top)
            falls += sum(after[side] < top for side in at_top)
    target = game.target(st.env, None)
    if top is None or top >= target or stays < CEILING_STAYS or falls < CEILING_FALLS:
        return []
    where, check = _target_said(game, own=True)
    won = " (nor did any trial game end by its win_if)" if game.win_if is not None else ""
    return [(where, f"no side's score passed {top:,} in {sum(map(len, unended)):,} hands of random play, though a"
                    f" side stood at {top:,} after {stays:,} of them and fell from it {falls:,} times: the target"
                    f" {target:,} is never reached{won} (check {check}: does it take points from a side near the"
                    " top?)")]


def _target_said(game, own: bool) -> tuple[Where, str]:
    """Where a target never reached is said — at the target; with `own` (the scores, not the target, are at
    fault), where the target is a base's, at the file's own scoring, the likely cause — and what to check."""
    spec = game.tree.get("game", {})
    where = spec.where("target").where if "target" in spec else game.where_hand
    if own and where.file != game.label:
        where = _own_scoring(game) or where
    return where, "the scoring and the game's totals" if game.totals is not None else "the scoring"


def _own_scoring(game) -> Where | None:
    """Where the file being checked itself says how scores move: its totals, else its first scoring row."""
    t = game.tree
    places = [t["game"].where("totals").where] if "totals" in t.get("game", {}) else []
    rows = t.get("scoring", ())
    places += [rows.where(i).where for i in range(len(rows))] if hasattr(rows, "where") else []
    return next((w for w in places if w.file == game.label), None)


OPTION_SECONDS = 10.0  # processor time for the one trial game under an option's other value (none cut short is judged)


def option_trials(game, load_with, seed: int = 0) -> list[tuple[Where, str]]:
    """One bounded random game under each other value of each option the ruleset lists (a fuzz of house rules: a
    value no step handles, `first_hakem: coin`, validated, and `--with first_hakem=coin` stopped every game):
    what stops play there (a step where nobody can act, a seat that is nobody, a hand that loops), each said with
    the value that brings it. One game judges no pace of scoring: the trial games under the file's own values do.
    `load_with(options)` loads the same file with those options; an option's first failing value is said."""
    problems: list = []
    for name, values in _other_values(game):
        for value in values:
            found = _stops_play(load_with, {name: value}, seed)
            if found:
                said = f"with option {name} set to {yaml_word(value)}: "
                problems += [(where, said + message) for where, message in found]
                break
    return problems


def _stops_play(load_with, options: dict, seed: int) -> list[tuple[Where, str]]:
    """What stops one bounded random game under `options` (its load refused too), else nothing."""
    try:
        game = load_with(options)
        deadline = time.process_time() + OPTION_SECONDS
        with _stopped_past(deadline):
            st = _play(game, seed, deadline)
    except RulesetError as e:
        return list(e.problems)
    except _OutOfTime:  # too slow to judge in the time given: not this check's to say
        return []
    if not st.over and not st.hands and len(st.log) >= MAX_ACTIONS:
        return [unending_hand(st, st.redeals + st.misdeals, "random play")]
    return []


def _other_values(game) -> list[tuple[str, list]]:
    """Each option with its values other than the one the game was loaded with: those it lists, or true and
    false."""
    out = []
    for name, spec in (game.tree.get("options") or {}).items():
        others = [v for v in option_values(spec) or () if v != game.options.get(name)]
        if others:
            out.append((str(name), others))
    return out
