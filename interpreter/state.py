"""The running game: plain data, cheap to copy, driven by the compiled steps of a hand.

Two ways in. People and records speak action text (`legal_actions`, `apply`); bots and search
use moves — small values each step makes and reads (`legal_moves`, `apply_move`) — and text is
made only when someone reads it (`move_text`, `actions`).
"""

from __future__ import annotations

import copy
import functools
import operator
import random
import re
import reprlib
import sys
from itertools import repeat, starmap
from types import MappingProxyType

from . import actions
from . import cards as C
from .errors import CardrulesError, IllegalAction, RulesetError
from .expressions import MAX_VALUE, for_side, summed_in, written_in

NOBODY = -1  # `to_act` when no decision is pending: a step is running, or the game is over
MAX_IDLE_STEPS = 10_000  # steps run without a decision before the hand is said to loop
MAX_IDLE_HANDS = 1_000  # hands in a row that end without a decision, in a game that goes on
NEVER = sys.maxsize  # `halt_at` of a game played to its end
IN_PLACE = frozenset((list, dict))  # the kinds of value in a phase that steps change in place: a copy copies them
_MISSING = object()
# generators for the deals, each seeded anew before use: a pool (a list's pop and its append are each atomic), so
# that a deal allocates no 2.5 KB generator state
_SPARE_RNGS: list = []


class SeedError(CardrulesError, TypeError):
    """A game's seed that is not a whole number (text, a fraction, true/false)."""


class SearchSeed(str):
    """Search's own text seeds (fixed deals, the same in every process); the public seed is a whole number."""


def whole_number(x) -> int | None:
    """x as a whole number — an int, or a value that is one (numpy's integers), never true or false — else None."""
    return None if isinstance(x, bool) or not hasattr(type(x), "__index__") else operator.index(x)


def whole_seed(seed) -> int | None:
    """A public seed: None (counts as 0) or a whole number (`whole_number`)."""
    if seed is None:
        return None
    number = whole_number(seed)
    if number is None:
        raise SeedError(f"a seed is a whole number (an int), not {reprlib.repr(seed)}")
    return number


def _hand_bound(max_hands) -> int:
    """A bound on a game's hands: a whole number, 1 or more."""
    number = whole_number(max_hands)
    if number is None or number < 1:
        raise CardrulesError(f"max_hands is a whole number, 1 or more, not {reprlib.repr(max_hands)}")
    return number


class Env:
    """What an expression sees: the state, and the seat, side and cards in focus."""

    __slots__ = ("st", "seat", "side", "played", "dealt", "offer", "acted")  # offer: a bid judged; acted: effects

    def __init__(self, st, seat=-1, side=-1, played=None, dealt=None):
        self.st, self.seat, self.side, self.played, self.dealt = st, seat, side, played, dealt


class TrickState:
    """A hand's trick play, shared by its trick steps: the trick's `number` (0 before the first), its `leader`
    (NOBODY before one), the `turn` in it, the suit `led` (None: none yet) and the `seats` that played to it in
    order; the `last_winner` (NOBODY: none yet), the seat that `sits_out` (NOBODY: none), the zones whose tops lie
    face up (`tops_up`), the suits a seat has shown it lacks (`voids`: (zone, seat) -> a bit a suit), and where
    the rules work them out, each card's `suits` and `powers` in the trick now (else None). A hand holds
    NO_TRICKS until its first trick play starts (`tricks_begun`)."""

    __slots__ = ("number", "leader", "turn", "led", "seats", "last_winner", "sits_out", "tops_up", "voids", "suits",
                 "powers")

    def __init__(self):
        self.number, self.leader, self.turn, self.led, self.seats = 0, NOBODY, 0, None, []
        self.last_winner = self.sits_out = NOBODY
        self.tops_up, self.voids, self.suits, self.powers = (), {}, None, None

    def copy(self) -> TrickState:
        """A copy sharing nothing play changes in place (the seats and the voids; the tuples are replaced)."""
        new = object.__new__(TrickState)
        new.number, new.leader, new.turn, new.led = self.number, self.leader, self.turn, self.led
        new.seats, new.last_winner, new.sits_out = self.seats.copy(), self.last_winner, self.sits_out
        new.tops_up, new.voids, new.suits, new.powers = self.tops_up, self.voids.copy(), self.suits, self.powers
        return new

    def values(self) -> tuple:
        """Every field, the seats and voids as a list and a dict: what two equal trick states share."""
        return (self.number, self.leader, self.turn, self.led, list(self.seats), self.last_winner, self.sits_out,
                self.tops_up, dict(self.voids), self.suits, self.powers)

    def __eq__(self, other) -> bool:
        return isinstance(other, TrickState) and self.values() == other.values()

    __hash__ = None  # changed in play: never a key

    def __getstate__(self) -> tuple:
        """Its fields, for a pickle of any protocol (slots alone pickle only from protocol 2)."""
        return tuple(getattr(self, k) for k in TrickState.__slots__)

    def __setstate__(self, fields: tuple) -> None:
        for k, v in zip(TrickState.__slots__, fields):
            setattr(self, k, v)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in zip(TrickState.__slots__, self.values()))})"


class NoTricks(TrickState):
    """The trick state of a hand before its first trick play starts: one for all, never changed, so a copy
    shares it and a pickle names it."""

    __slots__ = ()

    def __init__(self):
        for k, v in zip(TrickState.__slots__, TrickState().values()):
            object.__setattr__(self, k, tuple(v) if type(v) is list else MappingProxyType(v) if type(v) is dict else v)

    def __setattr__(self, name, value):
        raise AttributeError(f"NO_TRICKS, every hand's trick state before its trick play, never changes: {name} is"
                             " set once a trick play starts")

    def copy(self) -> NoTricks:
        return self

    def __reduce__(self) -> str:
        return "NO_TRICKS"


NO_TRICKS = NoTricks()


def tricks_begun(st) -> TrickState:
    """The hand's trick state as a trick play starts: a new one in place of NO_TRICKS at the hand's first."""
    ts = st.trick_state
    if ts is NO_TRICKS:
        ts = st.trick_state = TrickState()
    return ts


class State:
    """One game in progress. `legal_actions()` and `apply()` are the whole protocol."""

    __slots__ = (
        "game", "zones", "counters", "scores", "dealer", "to_act", "step", "acting", "hand_no",
        "hands", "over", "winner", "draw", "seed", "given", "decks", "log",
        "vars", "phase", "trick_state", "rounds", "redeals", "misdeals", "events", "_env", "_side_envs", "_seat_envs",
        "_legal", "_texts", "_acted_at", "_idle_hands", "_sent_back", "scoring", "halt_at", "halted",
        "halt_at_throw_in", "history",
    )

    def __init__(self, game, seed=None, shuffles=None, listen: bool = False, max_hands: int | None = None):
        self.game = game
        self.seed = seed if type(seed) is SearchSeed else whole_seed(seed)
        self.given = [_deck_order(d, game, i) for i, d in enumerate(_deck_orders(shuffles))]
        self.decks: list[tuple] = []
        self.log: list[tuple] = []  # (seat, step index, move) for every decision
        self.history = True  # the log holds every decision from the start (not a copy without its history)
        self.scores = [0] * game.sides
        self.rounds = [0] * game.sides
        self.vars = {k: v.initial for k, v in game.vars.items()}
        self.hands: list[dict] = []
        self.dealer = game.players - 1
        self.over, self.winner, self.draw = False, None, False
        self.hand_no = self.redeals = self.misdeals = self._idle_hands = 0  # misdeals: deals shuffled again
        self.events: list | None = [] if listen else None  # listening from the first step (a draw for a role)
        self.scoring = None
        self.halt_at = NEVER if max_hands is None else _hand_bound(max_hands)  # halted once this many are scored
        self.halted = False
        self.halt_at_throw_in = False  # halt when a hand is thrown in, instead of dealing again (search)
        self.counters = {k: [0] * n for k, n in game.game_counters}  # kept from hand to hand
        self._texts = None  # (the legal moves, their texts), made when read (`_text_map`)
        self.forget_views()
        self._start_hand()
        self.advance()

    def __reduce__(self):
        """Pickled as its game (loaded again where it is unpickled) and what play changes: the step waiting on
        a move by its place, the views of itself left to be made again."""
        kept = {k: getattr(self, k) for k in State.__slots__ if k not in UNPICKLED}
        kept["acting"] = None if self.acting is None else self.game.steps.index(self.acting)
        return _unpickled, (self.game, kept)

    def __copy__(self) -> State:
        """copy.copy: an independent copy (`copy()`), not one sharing the piles, log and phase that play changes."""
        return self.copy()

    def __deepcopy__(self, memo) -> State:
        """A deep copy shares the game (compiled once, never changed in play), as an unpickled state does."""
        memo[id(self.game)] = self.game
        rebuild, (game, kept) = self.__reduce__()
        return rebuild(game, copy.deepcopy(kept, memo))

    def __repr__(self) -> str:
        if self.over:
            now = "over"
        elif self.halted:
            now = "halted"
        else:
            now = f"hand {self.hand_no + 1}, " + (f"seat {self.to_act} to act" if self.to_act >= 0 else "no one to act")
        return f"<State of {self.game.name}: {now}, scores {self.scores}>"

    def forget_views(self) -> None:
        """Drop the cached views of this state (`env`, `side_envs`, `seat_env`'s), each of which holds the state:
        dropped without them, a state is freed at once instead of being left to the cyclic garbage collector (a
        finished game, a bot's look-ahead). They are made again when next read."""
        self._env = self._side_envs = self._seat_envs = None

    @property
    def env(self) -> Env:
        """The state as expressions see it, with no seat or side in focus."""
        env = self._env
        if env is None:
            env = self._env = Env(self)
        return env

    def seat_env(self, seat: int, side: int) -> Env:
        """The state as expressions see it from one seat of the side in focus (each_seat), kept for reuse."""
        envs = self._seat_envs
        if envs is None:
            envs = self._seat_envs = {}
        env = envs.get((seat, side))
        if env is None:
            env = envs[seat, side] = Env(self, seat, side)
        return env

    @property
    def side_envs(self) -> tuple:
        """The state as expressions see it, from each side in turn."""
        envs = self._side_envs
        if envs is None:
            envs = self._side_envs = self.game.side_views(self)
        return envs

    @property
    def halt_after_hand(self) -> bool:
        """Does play halt when the hand in progress is scored (search's playouts)? Set True for that; `halt_at`
        is the number of hands scored at which play halts (`new_state`'s `max_hands`)."""
        return self.halt_at <= len(self.hands) + 1

    @halt_after_hand.setter
    def halt_after_hand(self, halt: bool) -> None:
        self.halt_at = len(self.hands) + 1 if halt else NEVER

    def listen(self) -> list:
        """Start keeping a list of what happens (tricks won, hands scored …) for a table to announce."""
        if self.events is None:
            self.events = []
        return self.events

    def emit(self, kind: str, **data) -> None:
        if self.events is not None:
            self.events.append({"kind": kind, **data})

    # ---- chance -------------------------------------------------------
    def shuffle(self) -> list[int]:
        """The next deck order: from the given shuffles, then from the seed.

        Seeded deck order i depends on (seed, i) alone, so a record that gives only some of its
        shuffles replays the same game. A copy shuffles as the original would: search that must
        not know future deals gives its copies another seed.
        """
        i = len(self.decks)
        if i < len(self.given):
            order = list(self.given[i])
        else:
            try:  # a spare one seeded anew draws as a new one would (pop alone: another thread may take the last)
                rng = _SPARE_RNGS.pop()
            except IndexError:
                rng = random.Random()
            rng.seed(f"{self.seed or 0}/{i}")  # no seed counts as 0
            deck = self.game.deck
            n = len(deck)
            keys = list(starmap(rng.random, repeat((), n)))  # random keys, one a card in deck order: a uniform shuffle
            _SPARE_RNGS.append(rng)
            order = sorted(range(n), key=keys.__getitem__)  # places in the deck, in shuffled order
            if not self.game.deck_is_ids:  # else each card is its own place (a deck of the ids 0, 1, 2 …)
                order = list(operator.itemgetter(*order)(deck)) if n > 1 else [deck[k] for k in order]  # in C
        self.decks.append(tuple(order))
        return order

    # ---- the hand loop ---------------------------------------------------
    def _start_hand(self) -> None:
        g = self.game
        self.zones = g.empty_zones()
        counters = g.fresh_counters()
        for k, _ in g.game_counters:
            counters[k] = self.counters[k]
        self.counters = counters
        if g.hand_vars:
            self.vars.update(g.hand_vars_initial)
        self.phase: dict = {}  # what the current steps remember: the bids, the last capturer, the cards played
        self.trick_state = NO_TRICKS  # the hand's tricks: a TrickState of its own once they begin
        self.scoring = None
        self.step = -1
        self.acting = None  # the step at `step` once it runs: the one a decision belongs to
        self.to_act = NOBODY
        self._acted_at = len(self.log)  # the log's length when the hand began: more means someone acted
        self._sent_back = -1

    def advance(self) -> None:
        """Run steps that need no decision until someone must act or the game ends."""
        g = self.game
        steps, n, limit = g.steps, len(g.steps), MAX_IDLE_STEPS
        listening = self.events is not None  # only `listen` sets it, never a step
        nxt = g.every_step if listening else g.next_live  # else past the steps whose `when` is false whatever the game
        idle = 0
        while self.to_act < 0 and not (self.over or self.halted):
            i = self.step = nxt[self.step + 1]
            if i == n:
                self._end_hand()
                continue
            step = self.acting = steps[i]
            when = step.when
            if when is None or when(self._env or self.env, None):
                step.start(self)
            elif listening:
                self.emit("skip", step=step.name)
            idle += 1
            if idle > limit:
                raise self._looping()
        self._legal = None

    def redeal(self, step: int) -> None:
        """Throw the hand in: counters and hand variables start again, play resumes at `step`; or, with
        `halt_at_throw_in` (search's playouts, which stop there), play halts without dealing again."""
        if self.halt_at_throw_in:
            self.redeals += 1
            self.halted, self.to_act = True, NOBODY
            self.forget_views()
            return
        sent_back = self.step
        self._start_hand()
        self.redeals += 1
        self._sent_back = sent_back
        self.step = step - 1
        self.emit("redeal", step=self.game.steps[sent_back].name, dealer=self.dealer)

    def _looping(self) -> RulesetError:
        g = self.game
        if self._sent_back >= 0:
            step = g.steps[self._sent_back]
            return RulesetError(f"step '{step.name}' throws the hand in again and again: {MAX_IDLE_STEPS} steps"
                                " without anyone acting (its condition holds always, or nearly always)",
                                step.where)
        return RulesetError(f"the hand loops without anyone acting ({MAX_IDLE_STEPS} steps)", g.where_hand)

    def _idle(self) -> RulesetError:
        """Hands end one after another with no decision: at the card play that runs every hand, if there is one,
        for no card was played in it; else at the hand."""
        said = f"{MAX_IDLE_HANDS} hands in a row ended without anyone acting, and the game does not end"
        play = next((s for s in self.game.steps if s.plays_cards and s.when is None), None)
        if play is None:
            return RulesetError(f"{said}: does the hand deal and play?", self.game.where_hand)
        return RulesetError(f"{said}: step '{play.name}' runs every hand, but no card is played in it: the cards"
                            " are all played, its stop holds, or (where play goes on once a player is out) fewer than"
                            " two players hold cards, before it begins", play.where)

    def _stuck(self) -> RulesetError:
        step = self.game.steps[self.step]
        why = step.stuck_reason(self) if hasattr(step, "stuck_reason") else ""
        return RulesetError(f"step '{step.name}': seat {self.to_act} is to act but has no legal move"
                            + (f" ({why})" if why else ""), step.where)

    def _end_hand(self) -> None:
        g = self.game
        hand = g.score_hand(self)  # the values, rows, points and totals
        self.hands.append(hand)
        if self.events is not None:  # with the cards still in seats' hidden piles: the table shows those it may;
            held = {z.name: [list(p) for p in self.zones[z.name]] for z in g.zones.values()  # before `round`, `ended`
                    if z.owner == "seat" and z.visible != "all"}
            self.emit("hand", index=len(self.hands) - 1, held=held)
        g.settle(self, hand)
        hand.setdefault("rounds", list(self.rounds))
        self._idle_hands = 0 if len(self.log) > self._acted_at else self._idle_hands + 1
        if self.over or len(self.hands) >= self.halt_at:
            self.halted = not self.over
            self.forget_views()
            return
        if self._idle_hands >= MAX_IDLE_HANDS:
            raise self._idle()
        g.set_after_hand(self)  # `after_hand`, then the next dealer
        self.hand_no += 1
        self._start_hand()

    def _too_large(self) -> RulesetError:
        return RulesetError(f"a side's score reaches {max(self.scores, key=abs)}, 10^15 or more in size (numbers"
                            " stay below it): check how the scores grow (found in play)", self.game.where_totals)

    def notices_held(self) -> frozenset:
        """The names of the table's notices (`table: notices:`) whose test holds now; none once the game is over."""
        notices = self.game.notices
        if not notices or self.over:
            return frozenset()
        env = self._env or self.env
        return frozenset(name for name, test in notices if test(env, None))

    def hand_points(self) -> list[int]:
        """What each side would score if the hand were scored now (of the values, only those the rows read are
        worked out)."""
        g = self.game
        self._work_out_values(g.work_out_row_values)
        try:
            return g.row_sums(self)
        finally:
            self.scoring = None

    def hand_scored(self) -> tuple[dict, list[int]]:
        """Were the hand scored now: each named value per side ({name: [side 0's, side 1's, ...]}), and what each
        side would score (`hand_points`), from one working out of the values."""
        self._work_out_values()
        try:
            return self.scoring, self.game.row_sums(self)
        finally:
            self.scoring = None

    def _work_out_values(self, values=None) -> None:
        """Each named value (or those a function `by_side` made works out) once per side, in order (a value reads
        only those before it), for scoring."""
        self.scoring = {}  # filled as it goes: a value reads those before it here
        (self.game.work_out_values if values is None else values)(self, self.scoring)

    # ---- decisions ---------------------------------------------------------
    def legal_moves(self) -> list:
        """The moves of the seat to act, in the engine's order (do not change the list)."""
        legal = self._legal
        if legal is None:
            if self.to_act < 0:
                legal = self._legal = []
            else:
                legal = self._legal = self.acting.legal(self)
                if not legal:
                    raise self._stuck()
                if self.game.copies:  # two copies of a card make one move, not two
                    legal = self._legal = list(dict.fromkeys(legal))
        return legal

    def holding(self, zone: str, seat: int, cards: list) -> list:
        """For a look ahead: the seat's pile of `zone` is now `cards`, and its legal moves are worked out anew;
        the pile it held, returned, is to be put back with `holding` again."""
        piles = self.zones[zone]
        held, piles[seat] = piles[seat], cards
        self._legal = self._texts = None
        return held

    def text_of_legal(self, moves: list) -> list[str]:
        """The canonical text of each of `moves`, legal moves of the step in play (unchecked: a menu of thousands
        of captures is not scanned once a move, as `move_text` checks one)."""
        text = self.game.steps[self.step].text
        return [text(m) for m in moves]

    def move_text(self, move) -> str:
        """A legal move's canonical action text (a CardrulesError for what is none of `legal_moves()`: some steps'
        texts would name anything given them, `bid 1000000`)."""
        try:
            if move in self.legal_moves():
                return self.game.steps[self.step].text(move)
        except (TypeError, ValueError):  # what compares with a move by neither true nor false (an array)
            pass
        raise CardrulesError(f"{reprlib.repr(move)} is no move of this game now: give one of legal_moves()")

    def legal_actions(self) -> list[str]:
        """Legal actions as canonical text, sorted."""
        return sorted(self._text_map())

    def _text_map(self) -> dict:
        """{canonical text: move} of the legal moves, kept with the list of moves it was made from (`_texts`):
        a move applied forgets that list (`_legal`), and with it these texts."""
        legal = self.legal_moves()
        texts = self._texts
        if texts is None or texts[0] is not legal:
            text = self.game.steps[self.step].text if legal else None
            texts = self._texts = (legal, {text(m): m for m in legal} if text else {})
        return texts[1]

    def apply(self, action: str, seat: int | None = None) -> None:
        """Play one action (any accepted spelling); raise IllegalAction if it is not legal, or if `seat` is given
        and another seat is to act (a harness that checks which of its players moved)."""
        if seat is not None and self._seat_number(seat) != self.to_act and not (self.over or self.halted):
            # (no legal actions told: they are the moves of the seat to act, and would show its hand)
            raise IllegalAction(f"seat {seat} acted but it is seat {self.to_act}'s turn", action)
        self.apply_move(self.move_of(action))

    def move_of(self, action: str):
        """The legal move an action names (any accepted spelling), not played; else IllegalAction, as `apply`."""
        if self.over:
            raise IllegalAction("the game is over", action)
        if self.halted:
            n = len(self.hands)
            raise IllegalAction(f"play has halted after {n} hand{'s' * (n != 1)}, the bound set on this game", action)
        if not isinstance(action, str):
            raise IllegalAction(f"an action is text, such as 'play 7H' or 'pass', not {action!r}", action,
                                self.legal_actions())
        action = str(action)  # (a subclass of str: its text)
        longest = max(MAX_ACTION_TEXT, 8 * len(self.game.deck))  # a capture of every card names each in 4 or less
        if len(action) > longest:  # no move is so long: refused before it is read (or matched to one)
            raise IllegalAction(f"an action is at most {longest:,} characters, not {len(action):,}", action,
                                self.legal_actions())
        moves = self._text_map()
        move = moves.get(action, _MISSING)
        if move is _MISSING:
            text = actions.canonical(action)
            move = moves.get(text, _MISSING)
            if move is _MISSING:
                move = self._spelled(text)
            if move is _MISSING:
                raise IllegalAction(actions.why_illegal(self, action, text), action, self.legal_actions())
        return move

    def _spelled(self, text: str):
        """The legal move an older spelling of its action names (a step's `spellings`), else _MISSING."""
        move = self.acting.spellings.get(text, _MISSING) if self.acting is not None else _MISSING
        return move if move is not _MISSING and move in self.legal_moves() else _MISSING

    def apply_move(self, move) -> None:
        """Apply a move from `legal_moves()` (bots, search and replays); it is not checked, but one that fails (a
        card the seat does not hold, a finished game) leaves no entry in the log, where records would keep it."""
        entry = (self.to_act, self.step, move)
        self.log.append(entry)
        try:
            self.acting.apply(self, move)
        except UNPLAYED:
            self._unlogged(entry)
            raise
        if self.to_act < 0:
            self.advance()
        else:
            self._legal = None

    def _unlogged(self, entry) -> None:
        """A move whose playing failed is no decision made: its log entry goes (None: none was made)."""
        if entry is not None and self.log and self.log[-1] is entry:
            self.log.pop()

    @property
    def hand_decisions(self) -> list[tuple]:
        """(seat, step index, move) of each decision since this deal began (not those of a deal thrown in)."""
        return self.log[max(0, self._acted_at):]

    @property
    def actions(self) -> list[tuple[int, str]]:
        """Every decision so far as (seat, canonical text)."""
        steps = self.game.steps
        return [(seat, steps[i].text(m)) for seat, i, m in self.log]

    # ---- reading the state ---------------------------------------------------
    @property
    def side_to_act(self) -> int:
        return self.game.side_of[self.to_act] if self.to_act >= 0 else -1

    def view(self, seat: int) -> dict:
        """What `seat` may see: its own hand, public zones, counts of hidden ones."""
        g = self.game
        seat = self._seat_number(seat)
        zones = {}
        for z in g.zones.values():
            zones[z.name] = z.view(self.zones[z.name], seat, g, self.trick_state.tops_up)
        out = {
            "seat": seat,
            "dealer": self.dealer,
            "to_act": self.to_act if self.to_act >= 0 and not self.over else None,
            "zones": zones,
            "counters": {k: list(v) for k, v in self.counters.items()},
            "vars": self._public_vars(),
            "trick": [[s, C.NAMES[c]] for s, c in zip(self.trick_state.seats, self._trick_cards())],
            "bids": list(self.phase.get("bids", ())),
            "scores": list(self.scores),
            "rounds": list(self.rounds),
            "hands": len(self.hands),
            "over": self.over,
        }
        if not self.over and 0 <= self.step < len(g.steps):
            step = g.steps[self.step]
            shown = step.shown(self, seat)  # cards a step lets this seat look at (a stock's top)
            if shown:
                out["shown"] = C.names(shown)
            public = step.public(self) if self.acting is step else None  # a step that has begun
            if public:
                out["play"] = public
            if self.to_act >= 0:  # the decision awaited, by name, and whose, as this seat may know them: a step
                from .observe import Seat  # asked unseen of another seat, as the step play would have waited at

                awaited, out["to_act"] = Seat(self, seat).waiting()
                out["step"] = awaited.name
        out["values"], out["hand_points"] = self._values_seen_by(seat)
        if seat == self.to_act and not self.over:
            out["legal"] = self.legal_actions()
        return out

    def _values_seen_by(self, seat: int) -> tuple[dict, list[int] | None]:
        """What the hand is worth so far to this seat's eyes: the values every seat may know (`public_values`,
        a count of cards in a hidden pile too) as they are, the rest worked out from what the seat sees (the
        piles it may not look at empty); the hand's points as they are where the rows read nothing hidden, else
        None: they cannot be known (worked out from what the seat sees, every other seat had gone out)."""
        g = self.game
        seen = self.as_seen_by(seat)
        seen._work_out_values()  # each value once per side, as when the hand is scored; `seen` is thrown away
        values = dict(seen.scoring)
        if not (g.public_values or g.public_rows):
            return values, None
        actual, points = self.hand_scored()
        values.update((k, v) for k, v in actual.items() if k in g.public_values)
        return values, points if g.public_rows else None

    def _seat_number(self, seat) -> int:
        number = whole_number(seat)
        if number is None or not 0 <= number < self.game.players:
            raise CardrulesError(f"no seat {reprlib.repr(seat)}: this game's seats are 0 to {self.game.players - 1}")
        return number

    def as_seen_by(self, seat: int) -> State:
        """A copy with every pile this seat may not look at emptied, and secret variables as they start; without
        what would tell the cards (the decisions made, which name them; the seed and the deck orders; another
        seat's legal moves, of which it has none here)."""
        seat = self._seat_number(seat)
        seen = self.copy(history=False)
        seen.seed, seen.given, seen.decks = None, [], [()] * len(self.decks)  # how many shuffles is no secret
        if self.to_act != seat:
            seen._legal, seen._texts = [], None
        g = self.game
        for name in g.secret_vars:
            seen.vars[name] = g.vars[name].initial
        for z in g.zones.values():
            if z.owner == "none":
                pile = seen.zones[z.name]
                if z.visible == "top" and pile:  # everyone sees the top card
                    pile[:] = [z.top_card(pile)]
                elif z.visible != "all":  # a widow or a stock: nobody looks
                    pile.clear()
                continue
            up = z.visible == "top" and z.name in self.trick_state.tops_up  # each pile's top lies face up
            for i, pile in enumerate(seen.zones[z.name]):
                if not z.sees(i, seat, g):
                    pile[:] = [z.top_card(pile)] if up and pile else []
        return seen

    def _public_vars(self) -> dict:
        out, secret = {}, self.game.secret_vars
        for name, var in self.game.vars.items():
            if name in secret:
                continue
            value = self.vars[name]
            out[name] = C.SUITS[value] if var.type == "suit" and value >= 0 else (None if var.type == "suit" else value)
        return out

    @property
    def trick_zone(self) -> str | None:
        """The zone holding the trick in progress, while a trick step runs."""
        step = self.game.steps[self.step] if 0 <= self.step < len(self.game.steps) else None
        return getattr(step, "trick_zone", None)

    def _trick_cards(self) -> list:
        return self.zones[self.trick_zone] if self.trick_zone else []

    def copy(self, history: bool = True) -> State:
        """An independent copy (for search): the same game, nothing shared that play changes.

        Without `history` the copy does not keep the decisions made so far (its `actions` start empty).
        """
        new = object.__new__(type(self))
        g = new.game = self.game
        new.seed, new.given, new.decks = self.seed, self.given, self.decks.copy()  # lists copied by method: faster
        new.log, new.hands = self.log.copy() if history else [], self.hands.copy()
        new.history = history and self.history
        new.scores, new.rounds = self.scores.copy(), self.rounds.copy()
        new.zones = g.copy_zones(self.zones)
        new.counters = g.copy_counters(self.counters)
        new.vars = self.vars.copy()
        new.phase = phase = dict(self.phase)
        for k, v in phase.items():  # what the steps may change in place (the cards played; even empty, its own)
            if type(v) in IN_PLACE:
                phase[k] = v.copy()
        new.trick_state = self.trick_state.copy()
        new.dealer, new.to_act, new.step, new.hand_no = self.dealer, self.to_act, self.step, self.hand_no
        new.acting = self.acting
        new.over, new.winner, new.draw = self.over, self.winner, self.draw
        new.redeals, new._idle_hands, new._sent_back = self.redeals, self._idle_hands, self._sent_back
        new.misdeals = self.misdeals
        new._acted_at = self._acted_at if history else (-1 if len(self.log) > self._acted_at else 0)
        legal = self._legal  # the copy's own list: a search may change the lists it is given
        new._legal, new._texts, new.events, new.scoring = legal[:] if legal else legal, self._texts, None, None
        new.halt_at, new.halted, new.halt_at_throw_in = self.halt_at, self.halted, self.halt_at_throw_in
        new._env = new._side_envs = new._seat_envs = None
        return new

    def replayed(self, decisions: int) -> State:
        """A new state: this game as it stood after its first `decisions`, played again from its seed and deck
        orders (a game is the same given them and its decisions, as a record replays it)."""
        if not self.history:
            raise CardrulesError("this state is a copy without its history (copy(history=False)): it cannot be"
                                 " played again to an earlier decision")
        number = whole_number(decisions)
        if number is None:
            raise CardrulesError(f"a number of decisions is a whole number, not {reprlib.repr(decisions)}")
        if not 0 <= number <= len(self.log):
            raise CardrulesError(f"rewind to decision {number}: the game has made {len(self.log)}")
        decisions = number
        again = self.game.new_state(seed=self.seed, shuffles=self.given, listen=self.events is not None)
        again.halt_at, again.halt_at_throw_in = self.halt_at, self.halt_at_throw_in
        for _, _, move in self.log[:decisions]:
            again.apply_move(move)
        return again

    def rewind(self, decisions: int, again: State | None = None) -> None:
        """Take back every decision after the first `decisions`: this state becomes the game as it stood then
        (`again`, where the caller has it already from `replayed`). Its events, if it keeps them, stay the same
        list, emptied of the replay's."""
        if again is None:
            again = self.replayed(decisions)
        elif not (isinstance(again, State) and again.game is self.game and whole_number(decisions) == len(again.log)):
            raise CardrulesError(f"rewind's `again` is this game's state as replayed({reprlib.repr(decisions)}) gives"
                                 f" it, not {reprlib.repr(again)}")
        events = self.events
        for name in State.__slots__:
            setattr(self, name, getattr(again, name))
        if events is not None:
            events.clear()
            self.events = events
        self.forget_views()

    def result(self) -> dict:
        """The end of the game as records state it: scores, the rounds won where more than one is played, the
        winning side, and `draw` when there is none. An unfinished game has none: a CardrulesError says so (its
        winner None would read as a draw's, or a game ended without one)."""
        if not self.over:
            why = "was halted by its bound on hands" if self.halted else "is not over"
            raise CardrulesError(f"the game {why} (hand {self.hand_no + 1}): it has no result; its scores so far"
                                 f" are {list(self.scores)} (`scores`)")
        out = {"scores": list(self.scores)}
        if self.game.rounds > 1:
            out["rounds"] = list(self.rounds)
        out["winner"] = self.winner
        if self.draw:
            out["draw"] = True
        return out


UNPICKLED = ("game", "_env", "_side_envs", "_seat_envs", "_texts")  # made again, or the game's own


def _unpickled(game, kept: dict) -> State:
    st = object.__new__(game.state_class)
    st.game = game
    for k, v in kept.items():
        setattr(st, k, v)
    st.acting = None if kept["acting"] is None else game.steps[kept["acting"]]
    st._texts = None
    st.forget_views()
    return st


def best_total(game, scores) -> int:
    """The best of the totals: the highest, or the lowest where the lowest wins."""
    return min(scores) if game.lowest_wins else max(scores)


def alone_on_top(game, scores) -> int | None:
    """The side alone on top; None when sides tie there."""
    best = best_total(game, scores)
    return scores.index(best) if scores.count(best) == 1 else None


def on_top(game, scores) -> list[int]:
    """The sides with the best total: the highest, or the lowest where the lowest wins."""
    best = best_total(game, scores)
    return [side for side, score in enumerate(scores) if score == best]


def _deck_orders(shuffles) -> list:
    """The given deck orders: a list (or tuple) of them, or none."""
    if shuffles is None:
        return []
    if not isinstance(shuffles, (list, tuple)):
        raise CardrulesError(f"shuffles must be a list of deck orders, not {type(shuffles).__name__}")
    return shuffles


def _deck_order(order, game, i: int) -> list[int]:
    """A given deck order as card ids (names or whole numbers), checked to be a permutation of the game's deck."""
    if not isinstance(order, (list, tuple)):
        raise CardrulesError(f"shuffle {i}: a deck order is a list of cards, not {type(order).__name__}")
    try:
        ids = [C.card_id(x) if isinstance(x, str) else _card_number(x) for x in order]  # names, or ids
    except C.CardError as e:
        raise CardrulesError(f"shuffle {i}: {e}") from None
    if sorted(ids) != sorted(game.deck):
        raise CardrulesError(f"shuffle {i}: not a permutation of this ruleset's {len(game.deck)}-card deck")
    return ids


def _card_number(x) -> int:
    """A card given by its id: a whole number (not true or false, not 2.5)."""
    number = whole_number(x)
    if number is None:
        raise C.CardError(f"{x!r} is not a card (a card's name, such as 10D, or its number)")
    return number


def generated(params: str, lines: list[str], result: str, ns: dict) -> object:
    """A function made once at load from source the engine writes out of counts, indexes and flags (`lines`,
    then `return result`); every key, class or function it needs is bound in `ns` as a name, never spelt in the
    source. Rulesets of one shape write the same source: it is compiled once a process."""
    body = "".join(f"    {line}\n" for line in lines)
    exec(_compiled(f"def made({params}):\n{body}    return {result}\n"), ns)  # noqa: S102 - see above
    return ns["made"]


def state_class(g) -> type:
    """The class of a game's states: State, or where a step's decisions are written out at load
    (`Step.written_out`, the first such step's), a subclass whose `legal_moves` and `apply_move` have that step's
    lines written in, and State's own for any other step: a call or two fewer, every decision."""
    step = next((s for s in g.steps if s.written_out is not None), None)
    if step is None:
        return State
    legal, play, ns = step.written_out
    own = "legal = st._legal = list(dict.fromkeys(plays))" if g.copies else "legal = st._legal = plays"
    legal_moves = generated("st", [  # another step's: State.legal_moves written in
        "legal = st._legal", "if legal is None:", "    seat = st.to_act", "    if seat < 0:",
        "        legal = st._legal = []", "    elif st.acting is not step:", "        plays = st.acting.legal(st)",
        "        if not plays:", "            raise st._stuck()", "        " + own, "    else:",
        *("        " + line for line in legal), "        if not plays:", "            raise st._stuck()",
        "        " + own], "legal", ns)
    if "LOGGED" not in ns:  # the step's own log entries, where its written-out lines did not make them
        ns["LOGGED"] = logged(step, g)
    ns["UNPLAYED"] = UNPLAYED
    apply_move = generated("st, card", [  # another step's: State.apply_move written in
        "try:", "    if st.acting is not step:", "        entry = (st.to_act, st.step, card)",
        "        st.log.append(entry)", "        st.acting.apply(st, card)", "    else:", "        seat = st.to_act",
        "        entry = LOGGED[seat][card]", "        st.log.append(entry)", *("        " + line for line in play),
        "except UNPLAYED:", "    st._unlogged(locals().get('entry'))", "    raise",  # (none, where LOGGED failed)
        "if st.to_act < 0:", "    st.advance()", "else:", "    st._legal = None"], "None", ns)
    legal_moves.__doc__, apply_move.__doc__ = State.legal_moves.__doc__, State.apply_move.__doc__
    return type("State", (State,), {"__slots__": (), "legal_moves": legal_moves, "apply_move": apply_move,
                                    "__module__": __name__, "__qualname__": "State"})


MAX_ACTION_TEXT = 2000  # no action of any game is longer (a capture of every card on the table is some 200)
# what a move that is none of the legal ones raises as it is played (`apply_move` checks nothing): a card not held
# (list.remove), a finished game (no step acting, or one that acts no more), a card out of range
UNPLAYED = (ValueError, AttributeError, IndexError, KeyError, TypeError, NotImplementedError)


def logged(step, g) -> tuple:
    """The log's entry (seat, step index, move) for each seat and each move of a written-out step, made once: a
    play then logs a tuple made at load, not a new one (fewer objects made, fewer collections of the cyclic
    garbage collector). Its moves are cards, each perhaps marked with its pile (card | pile << 6)."""
    k, moves = g.steps.index(step), 64 * max(len(t.sources) for t in step.turns)
    return tuple(tuple((seat, k, move) for move in range(moves)) for seat in range(g.players))


@functools.lru_cache(maxsize=512)
def _compiled(source: str):
    return compile(source, "<string>", "exec")


def maker(entries) -> object:
    """A function that returns a new dict of new lists: `entries` are (key, list made by repeating
    `item`, times), item '[]' or '0'."""
    ns, parts = {}, []
    for i, (key, item, times) in enumerate(entries):
        ns[f"_k{i}"] = key
        parts.append(f"_k{i}: [{', '.join([item] * times)}]")
    return generated("", [], f"{{{', '.join(parts)}}}", ns)


def zone_copier(zone_piles) -> object:
    """A function that copies a state's zones, each pile a new list: `zone_piles` are (zone, piles), piles 0
    for a shared zone. Generated, as `maker` is: a copy is made for every look ahead."""
    ns, lines, parts = {}, [], []
    for i, (key, piles) in enumerate(zone_piles):
        ns[f"_k{i}"] = key
        lines.append(f"z{i} = zones[_k{i}]")
        copies = ", ".join(f"z{i}[{j}].copy()" for j in range(piles))  # by method: faster than a slice
        parts.append(f"_k{i}: [{copies}]" if piles else f"_k{i}: z{i}.copy()")
    return generated("zones", lines, f"{{{', '.join(parts)}}}", ns)


def zone_clearer(zone_piles) -> object:
    """A function that empties every pile of a state's zones, in place. Generated, as `zone_copier` is: every
    deal gathers the cards in."""
    ns, lines = {}, []
    for i, (key, piles) in enumerate(zone_piles):
        ns[f"_k{i}"] = key
        if piles:
            lines += [f"z = zones[_k{i}]"] + [f"z[{j}].clear()" for j in range(piles)]
        else:
            lines.append(f"zones[_k{i}].clear()")
    return generated("zones", lines, "None", ns)


def by_side(named, sides: int, summed: bool = False) -> object:
    """A function (st, out) -> out that works out each (name, f) of `named` once per side, in order, into `out`
    as a list by side, each put in before the next is worked out (a value reads those above it from
    `st.scoring`). Generated at load, each expression's source written in where it has one: the look ahead
    asks for a hand's points for every move it weighs. With `summed`, it returns (out, each side's sum of the
    values): a hand's rows by name and its points."""
    each = range(sides)
    ns, lines = {}, [f"t{side} = 0" for side in each] * summed
    for i, (name, fn) in enumerate(named):
        ns[f"K{i}"] = name
        src = written_in(fn, f"F{i}", ns)
        for side in each:
            lines += _viewed_by(side, src, scored=True, out=f"x{side} = ") + [f"t{side} += x{side}"] * summed
        lines.append(f"out[K{i}] = [{', '.join(f'x{side}' for side in each)}]")
    result = f"out, [{', '.join(f't{side}' for side in each)}]" if summed else "out"
    return generated("st, out", ["c = None", *views_for(lines), *lines], result, ns)


def _viewed_by(side: int, src: str, scored: bool = False, out: str = "", end: str = "") -> list[str]:
    """The line `<out><src><end>` for the view from `side` (`envs[side]`), `src` made over for it (`for_side`),
    after the line that binds that view as `e` where the source still reads it."""
    made, reads_e = for_side(src, side, scored)
    return [f"e = envs[{side}]"] * reads_e + [f"{out}{made}{end}"]


def views_for(lines: list[str]) -> list[str]:
    """The line before `lines` (each side's, written in by `for_side`) that gives them the state's views from each
    side as `envs`, where they read them (a fresh copy's views are made when first asked for)."""
    return ["envs = st._side_envs or st.side_envs"] * any(re.search(r"\benvs\b", line) for line in lines)


ROWS_A_LINE = 64  # rows summed in one line of generated code: a longer sum nests too deep to write out or compile


def row_summer(rows, sides: int) -> object:
    """A function (st) -> each side's sum of the scoring rows (`rows`, f(side env)), the values they read worked
    out already, ROWS_A_LINE rows a line. Generated as `by_side` is."""
    ns: dict = {}
    parts = [summed_in(rows[i:i + ROWS_A_LINE], f"R{i}_", ns) for i in range(0, max(len(rows), 1), ROWS_A_LINE)]
    lines = [line for side in range(sides) for k, part in enumerate(parts)
             for line in _viewed_by(side, part, scored=True, out=f"t{side} {'+' * bool(k)}= ")]
    totals = f"[{', '.join(f't{side}' for side in range(sides))}]"
    return generated("st", ["c = None", *views_for(lines), *lines], totals, ns)


def side_viewer(sides: int) -> object:
    """A function that makes a state's views from each side (`State.side_envs`): a fresh copy in search makes
    them again for every hand it scores. Generated, as `maker` is, from the number of sides; it fills the slots
    itself, which costs less than calling Env once a side."""
    lines = [f"e{s} = new(Env); e{s}.st = st; e{s}.seat = -1; e{s}.side = {s}; e{s}.played = e{s}.dealt = None"
             for s in range(sides)]
    return generated("st", lines, f"({''.join(f'e{s}, ' for s in range(sides))})", {"new": object.__new__, "Env": Env})


def hand_scorer(g) -> object:
    """(st) -> the hand's record: the scoring of State._end_hand written out at load. The named values and the
    rows are worked out (`by_side`), and the hand's points; each side's new total is its `totals` (the source
    written in, once per side) or its score plus its points, checked below 10^15."""
    each = range(g.sides)
    ns = {"VALUES": g.work_out_values, "ROWS": g.score_rows, "COUNTERS": g.copy_counters, "M": MAX_VALUE}
    lines = ["scoring = st.scoring = {}", "VALUES(st, scoring)", "rows, points = ROWS(st, {})",
             'st.phase["points"] = tuple(points)']
    if g.totals is not None:  # every side's total worked out from the scores before any is changed
        total = written_in(g.totals, "TOTAL", ns)
        each_total = [line for side in each for line in _viewed_by(side, total, scored=True, out=f"s{side} = ")]
        lines += ["c = None", *views_for(each_total), *each_total]
    else:
        lines += ["old = st.scores"] + [f"s{side} = old[{side}] + points[{side}]" for side in each]
    totals = ", ".join(f"s{side}" for side in each)
    lines += [f"st.scores = [{totals}]", f"if not ({' and '.join(f'-M < s{side} < M' for side in each)}):",
              "    raise st._too_large()"]
    return generated("st", lines, '{"points": points, "totals": [' + totals + '], "counters":'
                     ' COUNTERS(st.counters), "rows": rows, "values": scoring, "vars": dict(st.vars), "dealer":'
                     ' st.dealer, "decisions": (max(0, st._acted_at), len(st.log))}', ns)


def settler(g) -> object:
    """(st, hand) -> None: has a side won the round, or the game, or has the game ended in a draw?
    Written out at load for the game's ending rules: `win_if` (its source written in, once per side), a fixed
    number of hands, a target, a hand limit (a constant compared as such), one round or several."""
    each = range(g.sides)
    ns = {"NOBODY": NOBODY, "ROUND": round_scorer(g), "match_points": match_points}
    lines = []
    if g.win_if is not None:
        won = written_in(g.win_if, "WIN", ns)
        tests = [line for side in each for line in _viewed_by(side, won, out="if ", end=":")
                 + [f"    {line}" for line in _finished(g, str(side), '"win_if"')] + ["    return"]]
        lines += ["c = None", *views_for(tests), *tests]
    ns.update(ALONE=alone_on_top, G=g)
    lines += ["scores = st.scores"]
    alone = ["side = ALONE(G, scores)"]
    fixed = _hands_reached(g.hands_fixed, "FIXED", ns)
    if fixed is not None:
        lines += alone + [f"if {fixed}:", '    st.emit("ended", by="hands")', "    if side is not None:"] \
            + [f"        {line}" for line in _finished(g, "side")] \
            + ["    else:  # the sides tied on top share a draw",
               *[f"        {line}" for line in _round_scored(g, "NOBODY") + _match_scored(g)],
               "        st.over, st.winner, st.draw, st.to_act = True, None, True, NOBODY", "    return"]
        alone = []
    ends, by = [], []  # the tests, and the end each is ('target', 'max_hands')
    if g.target is not None:
        target = getattr(g.target, "value", None)
        if target is None:
            ns["TARGET"] = g.target
        ends.append(f"max(scores) >= {'TARGET(st._env or st.env, None)' if target is None else int(target)}")
        by.append("target")
    limit = _hands_reached(g.max_hands, "LIMIT", ns)
    if limit is not None:
        ends.append(limit)
        by.append("max_hands")
    if not ends:
        return generated("st, hand", lines, "None", ns)
    ending = [f"if not ({' or '.join(ends)}):", "    return"]
    constant = "TARGET" not in ns and "LIMIT" not in ns  # ends that compare constants: tested before who is on top
    alone += ["if side is None:", "    return"]
    lines += ending + alone if constant else alone + ending
    ended = f'"target" if {ends[0]} else "max_hands"' if len(by) > 1 else f'"{by[0]}"'
    if g.rounds <= 1:
        return generated("st, hand", lines + _finished(g, "side", ended), "None", ns)
    match_scored = [f"    {line}" for line in _match_scored(g)]
    lines += ["st.rounds[side] += 1", 'hand["rounds"] = list(st.rounds)', *_round_scored(g, "side"),
              'st.emit("round", side=side, points=hand.get("round_points"))', f"if st.rounds[side] >= {g.rounds}:",
              f"    st.emit(\"ended\", by={ended})", *match_scored,
              "    st.over, st.winner, st.to_act = True, side, NOBODY"]
    if limit is not None:  # the hand limit ends the match: the most rounds won (this one counted), a tie a draw
        lines += [f"elif {limit}:", '    st.emit("ended", by="max_hands")', *match_scored,
                  "    most = max(st.rounds)", "    if st.rounds.count(most) == 1:",
                  "        st.over, st.winner, st.to_act = True, st.rounds.index(most), NOBODY", "    else:",
                  "        st.over, st.winner, st.draw, st.to_act = True, None, True, NOBODY"]
    lines += ["else:", f"    st.scores = [0] * {g.sides}"]
    return generated("st, hand", lines, "None", ns)


def _finished(g, side: str, by: str = "") -> list[str]:
    """The game won by `side`: every round of it, where it has rounds; with `by` (code for a word: win_if,
    target, max_hands), the end that did it told by an event `ended`, which coverage counts."""
    rounds = [f"st.rounds[{side}] = {g.rounds}", 'hand["rounds"] = list(st.rounds)'] if g.rounds > 1 else []
    told = [f'st.emit("ended", by={by})'] if by else []
    return told + rounds + _round_scored(g, side) + _match_scored(g) + [
        f"st.over, st.winner, st.to_act = True, {side}, NOBODY"]


def _round_scored(g, side: str) -> list[str]:
    """The round just ended (won by `side`, or drawn: NOBODY) scored by `round_points`; nothing where the game
    has no `round_points`."""
    return [f"ROUND(st, hand, {side})"] if g.round_points is not None else []


def _match_scored(g) -> list[str]:
    """The game over: its scores are the match points, where rounds score `round_points`."""
    return ["st.scores = match_points(st.hands)"] if g.round_points is not None else []


def round_scorer(g):
    """(st, hand, side) -> None: each side's `round_points` for the round just ended, won by `side` (or NOBODY),
    noted in the hand's record as its `round_points`: the match points are their sum (`match_points`). Worked
    out with each side in focus, before a next round starts the scores again."""
    points = g.round_points
    if points is None:
        return None

    def score_round(st, hand: dict, side: int) -> None:
        st.phase["round_winner"] = side
        hand["round_points"] = [points(e, None) for e in (st._side_envs or st.side_envs)]
        largest = max(match_points(st.hands), key=abs)
        if not -MAX_VALUE < largest < MAX_VALUE:
            raise RulesetError(f"a side's match points reach {largest}, 10^15 or more in size (numbers stay below"
                               " it): check what a round scores (found in play)", g.where_round_points)

    return score_round


def match_points(hands: list) -> list[int]:
    """Each side's match points: the sum of the `round_points` of the rounds ended in `hands`."""
    rounds = [h["round_points"] for h in hands if "round_points" in h]
    return [sum(column) for column in zip(*rounds)]


def _hands_reached(fn, name: str, ns: dict) -> str | None:
    """The test that a game's number of hands (`hands`, `max_hands`: 0 is none) is played; None where never."""
    if fn is None:
        return None
    value = getattr(fn, "value", None)
    if value is not None:
        return f"{int(value)} <= len(st.hands)" if value > 0 else None
    ns[name] = fn
    return f"0 < {name}(st._env or st.env, None) <= len(st.hands)"


def assigner(assignments, g) -> object:
    """A function (st) -> None that sets variables from expressions (`assignments`: (var, fn, kind)), in order:
    roles (kind `seat`) wrap round the table, a `seat or nobody` other than -1 too; a counter gets one value per
    owner, each worked out with that owner in focus. Generated at load, each expression's source written in, as
    `by_side` is: an Assign step's roles, and the variables set after every hand."""
    ns, lines = {"Env": Env, "SIDE_OF": g.side_of}, ["e = st._env or st.env", "c = None"]
    for i, (var, fn, kind) in enumerate(assignments):
        ns[f"K{i}"] = var
        if kind == "counter":  # one value per owner, each worked out with that owner in focus
            ns[f"F{i}"] = fn
            seats = f"[Env(st, p, SIDE_OF[p]) for p in range({g.players})]"
            owners = "(st._side_envs or st.side_envs)" if g.counters[var].owner == "side" else seats
            lines.append(f"st.counters[K{i}][:] = [F{i}(o, None) for o in {owners}]")
            continue
        lines.append(f"x = {written_in(fn, f'F{i}', ns)}")
        if kind == "seat":
            lines.append(f"x %= {g.players}")
        elif kind == "seat or nobody":
            lines += ["if x != -1:", f"    x %= {g.players}"]
        lines.append("st.dealer = x" if var == "dealer" else f"st.vars[K{i}] = x")
    return generated("st", lines, "None", ns)
