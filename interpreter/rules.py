"""Compile stage: a checked tree becomes a Game, every expression a closure.

All problems are collected and raised together, each at its file:line:col.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from . import cards as C
from .actions import canonical
from .bounds import never_said
from .errors import CardrulesError, RulesetError, Where, printable, unknown
from .expressions import (
    BOOL,
    CARD,
    CARD_NAMES,
    CARDS,
    CONSTANTS,
    FUNCTION_NAMES,
    INT,
    MAX_VALUE,
    SEVERAL_PILES,
    STR,
    SUIT,
    Scope,
    Typed,
    TypeProblem,
    bind,
    code,
    compile_expr,
    const,
    never_holds,
    number_said,
)
from .language import Attr, Binary, Call, Cond, Lit, Member, Name, SyntaxProblem, Unary, children, parse
from .observe import Hiding
from .source import WORDS_KEYS, Map, Seq, bool_word, expressions_at, named_at, not_a_value, texts, word_read_as_bool
from .state import (
    Env,
    State,
    assigner,
    by_side,
    hand_scorer,
    maker,
    row_summer,
    settler,
    side_viewer,
    state_class,
    zone_clearer,
    zone_copier,
)
from .words import (
    BOARD_WORDS,
    COMMANDS,
    LAST_WORD,
    RESERVED_WORDS,
    RULES_WORD,
    SAVE_WORDS,
    SCORE_WORD,
    WORDS,
    joined,
    typed_form,
)

OPTION_TYPES = {bool: BOOL, int: INT, str: STR}
MAX_DECK = 520  # cards in a deck at most: ten packs (a six-pack shoe is 312)
MAX_VALUE_CHAIN = 8  # values worked out from values, at most this deep (each may read the one before twice)
VAR_TYPES = {"seat": INT, "int": INT, "suit": SUIT, "bool": BOOL, "word": STR}
SUIT_NAMES = {"none": C.NO_SUIT, **{s: i for i, s in enumerate(C.SUITS)}}


@dataclass(frozen=True)
class Zone:
    name: str
    owner: str  # seat | side | none
    visible: str  # owner | all | none | top
    fa: str = ""
    top_first: bool = False  # a stock (dealt from its front): its top card is its first

    def top_card(self, pile):
        """The pile's top card, None if it is empty."""
        return (pile[0] if self.top_first else pile[-1]) if pile else None

    def owners(self, game) -> int:
        return game.players if self.owner == "seat" else game.sides

    def pile_of(self, seat: int, game) -> int:
        """The number of `seat`'s pile (its side's, in a zone owned by sides); -1 in a shared zone, or for nobody."""
        return -1 if self.owner == "none" or seat < 0 else game.side_of[seat] if self.owner == "side" else seat

    def sees(self, pile: int, seat: int, game) -> bool:
        """May `seat` look at every card of this zone's pile number `pile`?"""
        if self.visible == "all":
            return True
        return self.visible == "owner" and self.owner != "none" and pile == self.pile_of(seat, game)

    def view(self, cards, seat: int, game, tops_up=()):
        """The zone as `seat` sees it: card names, or a count where hidden."""
        if self.owner == "none":
            if self.visible == "top":  # a shared pile's top card lies face up
                top = self.top_card(cards)
                return {"top": C.NAMES[top] if top is not None else None, "count": len(cards)}
            return C.names(cards) if self.visible == "all" else len(cards)
        if self.visible == "top":
            up = self.name in tops_up
            return [{"top": C.NAMES[p[-1]] if up and p else None, "count": len(p)} for p in cards]
        return [C.names(p) if self.sees(i, seat, game) else len(p) for i, p in enumerate(cards)]


@dataclass(frozen=True)
class Counter:
    name: str
    owner: str  # side | seat
    fa: str = ""
    per_game: bool = False  # kept from hand to hand (bags), not started again at 0 each hand


@dataclass(frozen=True)
class Var:
    name: str
    type: str
    initial: object
    per_hand: bool
    fa: str = ""
    visible: str = ""  # all, none, or '' (every seat, unless set from what some seat may not see)


@dataclass(frozen=True)
class ScoreRow:
    name: str
    fa: str
    points: object


class Options(dict):
    """A game's option values, read only: every `load` of the same file and options shares the game, so a value
    changed here was what later loads read, while play went on by the values compiled in (an API audit)."""

    def _refused(self, *_args, **_kwargs):
        raise CardrulesError("a game's options are read only: load(name, options) makes the game with others")

    __setitem__ = __delitem__ = __ior__ = update = pop = popitem = clear = setdefault = _refused

    def __reduce__(self):  # copied and pickled as a dict is, not key by key through __setitem__
        return Options, (dict(self),)


class Game:
    """A compiled ruleset: built once at load, shared by every state it makes, never changed in play."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def new_state(self, seed=None, shuffles=None, listen: bool = False, max_hands: int | None = None) -> State:
        """A new game: `shuffles` (deck orders) are used first, then `seed`; `listen` keeps its events. With
        `max_hands`, play halts once that many hands are scored (`halted`, the game not over: a study's bound),
        and the state then holds no view of itself, so that it is freed at once when dropped."""
        return self.state_class(self, seed=seed, shuffles=shuffles, listen=listen, max_hands=max_hands)

    @property
    def path(self):
        """The ruleset's file, resolved (the first of the files `load` read), or None for a game built otherwise."""
        stamps = self.__dict__.get("stamps")
        return stamps[0][0] if stamps else None

    def __copy__(self) -> Game:  # as Python copies an object (pickling below would give the shared game back)
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        return new

    def __deepcopy__(self, memo) -> Game:
        new = memo[id(self)] = object.__new__(Game)
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    def __reduce__(self):
        """Pickled by where it was loaded from and the fingerprint of its rules, and loaded again there (its
        compiled code is not pickled): rules changed since are refused, as a record's are."""
        if self.path is None:
            raise TypeError("a game not loaded from a file cannot be pickled")
        d = self.__dict__
        if "fingerprint" not in d:
            from .records import fingerprint

            d["fingerprint"] = fingerprint(self)  # once: the game never changes
        return _loaded, (str(self.path), dict(d.get("overrides") or {}) or None, d["fingerprint"])

    def __repr__(self) -> str:
        d = self.__dict__
        options = f", options {d['overrides']}" if d.get("overrides") else ""
        return f"<Game {d.get('name', '?')}: {d.get('players', '?')} players{options}>"


def _loaded(path: str, options: dict | None, rules: str | None = None) -> Game:
    """A pickled game, loaded again (a file of it changed since is read anew, as `load` reads it); one whose rules
    are no longer those it was pickled with (`rules`, their fingerprint) is refused: its states would play on
    under other rules, or fail."""
    from . import load
    from .records import fingerprint

    game = load(path, options)
    d = game.__dict__
    if rules is not None and "fingerprint" not in d:
        d["fingerprint"] = fingerprint(game)
    if rules is not None and d["fingerprint"] != rules:
        raise CardrulesError(f"{path}: its rules have changed since this game was pickled, and a state of it would"
                             " play on under other rules: load the ruleset anew and start a new game (a record"
                             " replays under the rules it names)")
    return game


class Compiler:
    """Builds a Game from a structurally valid tree, collecting every problem."""

    def __init__(self, tree: Map, label: str):
        self.tree, self.label = tree, label
        self.problems: list[tuple[Where, str]] = []
        self.cautions: list[tuple[Where, str]] = []  # warnings: the game runs, but perhaps not as meant
        self.broken: set[str] = set()  # where reported expressions lie: checks of what they read skip them
        self.building: int | None = None  # the hand step being built, while it is
        self.clashes: frozenset = frozenset()  # names of the language a zone, counter … takes (`check_names_distinct`)
        self.compiled: list[tuple] = []  # (hand step or None, key, text) of every expression written as text
        self.vars_named: set[str] = set()  # the variables steps set by naming them (a role, a choice's `sets` …)
        self.gone: list[tuple[Where, str]] = []  # a needed section a variant took away: what else fails follows it

    def fail(self, where, message: str) -> None:
        self.problems.append((_located(where), message))

    def check_trick_names(self, g) -> None:
        """`winning_seat`, `led_suit`, `leading`, `trick_number`, `last_trick_winner` and `plays()` read the tricks
        of the hand: in a ruleset whose steps play no tricks (nor, for plays(), lay cards) they never change, which
        is worth a warning at the first expression that reads one."""
        unkept = () if any(hasattr(step, "winning_seat") for step in g.steps) else tuple(TRICK_ONLY)
        unkept += () if any(step.keeps_plays for step in g.steps) else ("plays",)
        if not unkept:
            return
        for where, text in expressions_at(self.tree):
            read = names_read(text, unkept)
            if read:
                said = next((f"{name} is always {TRICK_ONLY[name]}" for name in TRICK_ONLY if name in read),
                            "plays() is always empty")
                why = "a capture play's cards are not played to tricks" if "plays" in unkept else \
                    "a shedding play's cards are not played to tricks"
                self.caution(where, f"no step of this ruleset plays tricks, so {said} ({why})")
                return

    def caution(self, where, message: str) -> None:
        said = (_located(where), message)
        if said not in self.cautions:  # an expression compiled twice (for two owners) warns once
            self.cautions.append(said)

    def once_each(self, items, what: str, label=None) -> None:
        """Each named item of a list (steps, scoring rows, capture rules, special entries) has its own name: a
        variant changes items by name, and a second item of a name would be passed over by it (a row's points
        lost). `label(item)`: an item's name where it may go without one (a special entry: its card)."""
        first: dict = {}
        for item in items:
            name = (label(item) if label else item.get("name")) if isinstance(item, Map) else None
            if not isinstance(name, str):
                continue
            if name in first:
                at, here = first[name].where, named_at(item).where
                said = f"line {at.line}" if at.file == here.file else str(at)
                self.fail(here, f"{what} '{name}' is named twice (first at {said}): each {what} needs a name of"
                                " its own")
            else:
                first[name] = named_at(item)

    # ---- expressions ------------------------------------------------------
    def expr(self, parent, key, scope: Scope, want: str, default=None, role: str = ""):
        """Compile parent[key] as an expression of type `want`; None (and a problem) on error. With `role`
        ("side"), a number read as the other role (a seat) is an error where sides have several seats."""
        if key not in parent:
            return default
        value, pos = parent[key], parent.where(key)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**9:
            self.fail(pos, "number too large (at most 9 digits)")
            return None
        if isinstance(value, bool) or isinstance(value, int):
            t = const(BOOL if isinstance(value, bool) else INT, value)
        else:
            try:
                text = str(value)
                self.compiled.append((self.building, key, text))
                t = compile_expr(parse(text), scope, place=lambda line, col: pos.at(line, col, text),
                                 warn=lambda line, col, message: self.caution(pos.at(line, col, text), message))
            except (SyntaxProblem, TypeProblem) as e:
                if not names_read(text, self.clashes):  # else the clash, said already, is the cause
                    self.problems.append((pos.at(e.line, e.col, str(value)), e.message))
                self.broken.add(str(pos))
                return None
        if t.type != want and names_read(value, self.clashes):
            return None
        if t.type != want:
            self.fail(pos, f"expected {f'a {role}' if role and want == INT else _WORDS[want]}, but this is"
                           f" {_WORDS[t.type]}")  # a seat (`who: trump`), not "a number"
            return None
        if role and t.role and t.role != role and len(set(scope.side_of)) < len(scope.side_of):
            first = " and ".join(str(p) for p, side in enumerate(scope.side_of) if side == 0)
            self.fail(pos, f"expected a seat, but this is a side: a side has several seats here (side 0 is seats"
                           f" {first}); name a seat (dealer, a seat variable, next(...))" if role == "seat" else
                      f"expected a {role}, but this is a {t.role}: a side has several seats here (write"
                      f" side({value}) for the side of that seat)")
            return None
        return t.fn

    def never_by_bounds(self, parent, key, hands: bool = False) -> str:
        """Why condition parent[key] (one that compiled) is false whatever the play, by the bounds of the numbers
        it compares (`hand_number < 0`: hand_number is 1 or more); "" where they do not settle it. With `hands`,
        a step's `when`: where the game's `hands` is a number written out, hand_number is at most that, and a
        condition only that makes false is said with the game's length."""
        text = parent.get(key)
        if not isinstance(text, str):
            return ""
        node, players = parse(text), self.scope().players
        why = never_said(node, players)
        most = self.tree.get("game", Map()).get("hands") if hands else None  # (one from options may be set longer)
        if why or not isinstance(most, int) or isinstance(most, bool) or most <= 0:
            return why
        why = never_said(node, players, most)
        return f"{why}: the game lasts {most} hand{'s' * (most != 1)}" if why else ""

    # ---- the ruleset --------------------------------------------------------
    def check_names_distinct(self) -> frozenset:
        """Zones, counters, variables and values share one space of names with the rules language's own: a name
        used twice would hide one of them (a counter `trump` beside the variable, a variable `count`). Returns the
        names of the language so taken: an expression that reads one is not said wrong too (`expr`)."""
        seen: dict = {}
        clash = set()
        for section, kind in (("zones", "zone"), ("counters", "counter"), ("vars", "variable"), ("values", "value"),
                              ("tables", "table")):
            spec = self.tree.get(section, Map())
            for name in spec if isinstance(spec, Map) else ():
                where = spec.key_at.get(name, spec.where(name))
                where = getattr(where, "where", where)
                if not isinstance(name, str) or not READABLE_NAME.fullmatch(name):
                    self.fail(where, f"{_shown_value(name)} cannot be read in an expression: name the {kind} with"
                                     " letters, digits and _, beginning with a letter or _ (hand_points), and not"
                                     " one of if, then, else, and, or, not, in, true, false")
                elif name in LANGUAGE_NAMES or name in C.BY_NAME:  # a card written (10D) is the card
                    self.fail(where, f"'{name}' is a name of the rules language: give the {kind} another name")
                    clash.add(name)
                elif name in seen:
                    first, at = seen[name]
                    if at.file == self.label and where.file != self.label:  # blame the file being checked
                        (first, at), (kind, where) = (kind, where), (first, at)
                    place = f"line {at.line}" if at.file == where.file else f"{at.file.rsplit('/', 1)[-1]}:{at.line}"
                    self.fail(where, f"'{name}' names a {first} already (at {place}): give the {kind} another name")
                else:
                    seen[name] = (kind, where)
        return frozenset(clash)

    def check_known_before_play(self, game: Map, g) -> None:
        """The game's end — `target`, `hands`, `max_hands` — is a number known before play, as `rounds` is (an
        option, or worked out from options): one that reads the play (`hand_number`, a variable) may move away
        as fast as the scores rise, and validate's trial games could not tell that the game ends."""
        for key, fn in (("target", g.target), ("hands", g.hands_fixed), ("max_hands", g.max_hands)):
            if fn is not None and key in game and not hasattr(fn, "value"):
                self.fail(game.where(key), f"'{key}' must be a number known before play (a number, or one worked out"
                                           " from options): one that reads the play may move as the game goes, and"
                                           " the game not end")

    def compile(self) -> Game:
        from .build_steps import build_steps

        self.clashes = self.check_names_distinct()

        t = self.tree
        gone = self.taken_away("players", "its number of players")
        players = t.get("players", 2)
        partners = bool(t.get("partnerships", False))
        if partners and (players % 2 or players < 4) and not gone:
            self.fail(t.where("partnerships"),
                      f"partnerships need an even number of players, at least 4, not {players}")
            partners = False
        sides = players // 2 if partners else players
        side_of = tuple(s % sides for s in range(players))
        options = self.options()
        self.check_ranks()
        self.check_removed()
        deck = tuple(self.deck())
        self.check_deck_size(deck)
        g = Game(
            name=t["name"], description=t.get("description", ""), names=dict(t.get("names", {})),
            players=players, sides=sides, side_of=side_of, partnerships=partners, deck=deck,
            options=Options({k: v for k, (v, _) in options.items()}), option_docs=options,
            zones=self.zones(), counters=self.counters(), vars=self.vars(), label=self.label, tree=t,
            card_values=self.card_values(), tables=self.tables(),
        )
        self.g = g
        self.base_scope = Scope(
            names=self.state_names(g), options=self.option_names(options),
            indexed=self.indexed(g, owners := self.owners(g)), owners=owners, players=players, side_of=side_of,
            card_values=g.card_values,
            other_side=lambda e: [o for o in e.st.side_envs if o.side != e.side],
            zones=frozenset(g.zones), stocks=self.stocks(),
            seat_zones=tuple(z.name for z in g.zones.values() if z.owner == "seat"), deck=frozenset(g.deck),
            side_owned=frozenset(x.name for x in [*g.zones.values(), *g.counters.values()] if x.owner == "side"),
            seats_of=tuple(tuple(p for p in range(players) if side_of[p] == s) for s in range(sides)),
            seat_env=_seat_env, tables=g.tables,
        )
        self.values, self.value_fns = {}, {}
        self.compile_values()
        g.steps = build_steps(self, g)
        never = [getattr(s.when, "value", True) is False for s in g.steps] + [False]  # a step whose when is false
        g.next_live = tuple(next(j for j in range(i, len(never)) if not never[j]) for i in range(len(never)))
        g.every_step = tuple(range(len(never)))  # the next step of each, when listening (each skip is said)
        g.scoring = self.scoring()
        g.values = self.value_fns
        g.row_values = self.values_for_rows(g)
        g.work_out_values, g.work_out_row_values = by_side(g.values.items(), g.sides), by_side(g.row_values, g.sides)
        rows = tuple((row.name, row.points) for row in g.scoring)  # each row's points, f(side env), by name
        g.score_rows, g.row_sums = by_side(rows, g.sides, summed=True), row_summer([f for _, f in rows], g.sides)
        self.check_trick_names(g)
        g.copies = len(set(g.deck)) < len(g.deck)  # a deck that holds a card twice
        g.owned_zones = frozenset(z.name for z in g.zones.values() if z.owner != "none")
        g.zone_piles = tuple((z.name, z.owners(g) if z.owner != "none" else 0) for z in g.zones.values())
        g.empty_zones = maker((name, "[]", k) if k else (name, "", 0) for name, k in g.zone_piles)
        g.copy_zones = zone_copier(g.zone_piles)
        g.clear_zones = zone_clearer(g.zone_piles)
        g.deck_is_ids = tuple(g.deck) == tuple(range(len(g.deck)))  # each card in deck order is its place
        g.side_views = side_viewer(g.sides)
        g.counter_sizes = tuple((k, players if c.owner == "seat" else sides) for k, c in g.counters.items()
                                if not c.per_game)
        g.game_counters = tuple((k, players if c.owner == "seat" else sides) for k, c in g.counters.items()
                                if c.per_game)
        g.hand_vars = tuple(k for k, v in g.vars.items() if v.per_hand)
        g.fresh_counters = maker((k, "0", n) for k, n in g.counter_sizes)
        g.copy_counters = zone_copier(tuple((k, 0) for k, _ in g.counter_sizes + g.game_counters))  # as a hand has them
        g.hand_vars_initial = {k: g.vars[k].initial for k in g.hand_vars}
        g.where_hand = t.where("hand").where if "hand" in t else t.pos.where
        self.compile_game(g)
        self.compile_notices(g)
        self.note_plays_if_read(g)
        g.secret_vars = self.secret_vars(g)
        self.note_public_values(g)
        g.hiding = Hiding(g)  # what each seat's observation leaves out
        self.check_trump_is_told(g)
        self.check_option_words_compared(g)
        self.mark_bids_that_steer(g)
        self.check_counters_are_public(g)
        self.check_seat_reads_its_own(g)
        self.check_said_in_the_open(g)
        self.check_deal_fits(g)
        self.check_dealt_zones_read(g)
        self.check_table(g)
        self.check_vars_set(g)
        self.check_var_initials(g)
        if self.problems:  # with a needed section gone, the base's rules it leaves unmet follow from it: unsaid
            raise RulesetError("", problems=self.said_with_gone())
        for step in g.steps:
            step.ready(g)
        g.state_class = state_class(g)
        g.set_after_hand = assigner([*g.after_hand, ("dealer", g.next_dealer, "seat")], g)
        g.score_hand, g.settle = hand_scorer(g), settler(g)
        g.cautions = self.cautions
        return g

    def compile_notices(self, g) -> None:
        """`table: notices:`, each a test of the hand (`broken: count(played_cards[suit == H]) > 0`) that
        the table says in its name's words the moment it comes to hold: compiled as a rule is, though no rule
        reads it (g.notices, (name, test) in the file's order)."""
        table = self.tree.get("table")
        notices = table.get("notices") if isinstance(table, Map) else None
        made = []
        for name in notices if isinstance(notices, Map) else ():
            test = self.expr(notices, name, self.scope(), BOOL)
            if test is not None:
                made.append((str(name), test))
            if hasattr(test, "value"):  # true or false whatever the play (the options in force may make it so)
                self.caution(notices.where(name), f"table notices: '{printable(name)}' "
                             + ("always holds, so it never comes to hold: never said (the board lists it)"
                                if test.value else "never holds: never said"))
        g.notices = tuple(made)

    def note_plays_if_read(self, g) -> None:
        """Trick play notes each card played, and by whom, only for a rule that reads them (`played_cards`,
        `plays(seat)`): in the rest, a play does less."""
        if not any(names_read(text, PLAYS_READ) for _, _, text in self.compiled):
            for step in g.steps:
                if hasattr(step, "notes_plays"):
                    step.notes_plays = False

    def check_vars_set(self, g) -> None:
        """A variable an expression of the rules reads that nothing sets (no `set:`, no step naming it) and given
        no `initial` keeps its starting value: a row that reads it scores alike every hand. Said as a warning,
        judged as written: a step that names it as the variable it sets (a role, a choice's `sets`) sets it."""
        set_keys = {k for mapping in self.set_mappings() for k in mapping}
        spec = self.tree.get("vars", Map())
        for name, var in g.vars.items():
            if name in self.vars_named or name in set_keys or "initial" in spec.get(name, ()):
                continue
            if any(names_read(text, {name}) for _, _, text in self.compiled):
                start = {"seat": "nobody", "bool": "false", "word": '""', "suit": "no suit"}.get(var.type, "0")
                self.caution(spec.key_at.get(name, spec.where(name)),
                             f"variable '{name}' is read, but nothing sets it: it stays {start} (its start) in every"
                             " hand; set it in a step (`set:`, a choice's `sets:`) or give it an `initial`")

    def check_var_initials(self, g) -> None:
        """A variable's `initial:` must be a value of its `type:` (a fuzz of house rules: `initial: "abc"` for an int
        broke play with an internal error, a seat of `"north"` broke the table, `"no"` for a bool counted as true,
        a suit `Z` became no suit). Each is an error at the value."""
        for name, spec in self.tree.get("vars", Map()).items():
            if isinstance(spec, Map) and "initial" in spec:
                why = _initial_problem(spec.get("type", "int"), spec.get("initial"), g.players)
                if why:
                    shown = json.dumps(spec.get("initial"), ensure_ascii=False)
                    self.fail(spec.where("initial"), f"variable '{printable(name)}': initial {printable(shown)} {why}")

    def compile_game(self, g) -> None:
        t = self.tree
        game = t.get("game", Map())
        if "game" not in t and not self.taken_away("game", "its end (a target, a number of hands or a win_if)"):
            self.fail(t.pos, "missing section 'game' (its 'target', 'hands' or 'win_if' says when the game ends)")
        if "game" in t and not {"target", "hands", "win_if"} & set(game):
            self.fail(t.key_at.get("game", game.pos), "the game names no end: give its 'target' (a score that wins),"
                                                       " its 'hands' (how many hands it lasts) or its 'win_if' (a"
                                                       " condition that ends it)")
        g.target = self.expr(game, "target", self.scope(), INT)
        g.hands_fixed = self.expr(game, "hands", self.scope(), INT)
        g.lowest_wins = game.get("winner", "highest") == "lowest"
        g.next_dealer = self.expr(game, "next_dealer", self.scope(), INT, default=lambda e, c: e.st.dealer + 1,
                                  role="seat")
        rounds = self.expr(game, "rounds", self.scope(), INT)
        g.rounds = getattr(rounds, "value", None) if "rounds" in game else 1
        if g.rounds is None:
            self.fail(game.where("rounds"), "'rounds' must be a number known before play (e.g. option.rounds)")
            g.rounds = 1
        ended = {"points": code(INT, 'e.st.phase["points"][e.side]')}
        g.win_if = self.expr(game, "win_if", self.scope(side=True, **ended), BOOL)
        alone = "win_if" in game and not {"target", "hands"} & set(game)  # the game's only end
        if g.win_if is not None and (why := self.never_by_bounds(game, "win_if")):
            (self.fail if alone else self.caution)(game.where("win_if"), f"'win_if' never holds, so it never ends the"
                                                                          f" game ({why})")
        elif alone and never_holds(g.win_if):
            self.fail(self.set_at(game, "win_if"), "the game names no end: its only end is 'win_if', which these"
                                                   " options make false: give the game a 'target' or its 'hands'")
        elif getattr(g.win_if, "value", None) is True:
            self.caution(self.set_at(game, "win_if"), "'win_if' always holds, so the game ends after its first hand")
        g.totals = self.expr(game, "totals", self.scope(side=True, **ended), INT)
        winner = {"round_winner": code(INT, 'e.st.phase["round_winner"]', role="side")}
        g.round_points = self.expr(game, "round_points", self.scope(side=True, **winner), INT)
        g.where_round_points = game.where("round_points").where if "round_points" in game else None
        g.where_totals = (game.where("totals").where if "totals" in game  # where a score out of range is said
                          else t.where("scoring").where if "scoring" in t else g.where_hand)
        g.after_hand = self.assignments(game, "after_hand", between_hands=True)
        self.check_judged_before_after_hand(game, g)
        g.max_hands = self.expr(game, "max_hands", self.scope(), INT)
        self.check_known_before_play(game, g)
        self.check_bounds(game, g)

    def check_judged_before_after_hand(self, game, g) -> None:
        """`win_if` reading a running total `after_hand` keeps (`kots: kots + …`): it is judged before `after_hand`
        runs (and `after_hand` does not run after the last hand), so it sees the total as the hand before left it —
        a warning, naming the fix. A role `after_hand` passes on (the next hakem) is read as the hand left it."""
        after = game.get("after_hand")
        if "win_if" not in game or not hasattr(after, "keys"):
            return
        totals = {n for n, v in g.vars.items() if v.type == "int"} | set(g.counters)  # a number: not a role
        kept = {str(k) for k, v in after.items() if str(k) in totals and str(k) in names_read(v, {str(k)})}
        late = sorted(names_read(game["win_if"], kept))
        if late:
            said = ", ".join(f"'{n}'" for n in late)
            self.caution(game.where("win_if"), f"'win_if' reads {said}, which 'after_hand' sets: win_if is judged"
                                               " first (and after_hand does not run after the game's last hand), so"
                                               " it sees the value one hand late; set it in a step at the hand's end"
                                               " (a 'set:' step) to judge the hand just played")

    def check_bounds(self, game, g) -> None:
        """Numbers of the game's end known at load that cannot mean what they say."""
        target = getattr(g.target, "value", None)
        if target is not None and target <= 0:
            self.fail(self.set_at(game, "target"), f"'target' is {target}: every side has reached it before the"
                                                   " first hand (a target is a score above 0; a game of one hand is"
                                                   " 'hands: 1')")
        if "rounds" in game and g.rounds is not None and g.rounds < 1:
            self.fail(self.set_at(game, "rounds"), f"'rounds' is {g.rounds}: a game is played in 1 round or more")
            g.rounds = 1
        elif g.rounds > 1 and g.target is None and g.hands_fixed is None:
            self.caution(self.set_at(game, "rounds"), f"'rounds' is {g.rounds}, but a round is won by reaching the"
                                                      " target, and this game has none: its first win_if ends the"
                                                      " match")
        hands = getattr(g.hands_fixed, "value", None)
        if hands is not None and hands < 0:
            self.fail(self.set_at(game, "hands"), f"'hands' is {hands}: give a number of hands, or 0 for none"
                                                  " (then a target ends the game)")
        elif hands == 0 and g.target is None and g.win_if is None and g.max_hands is None:
            self.fail(self.set_at(game, "hands"), no_end_in_hands(0))
        elif hands and "rounds" in game and g.rounds is not None and g.rounds > 1:
            at = [_located(self.set_at(game, key)) for key in ("hands", "rounds")]  # the one the file checked writes
            self.fail(next((w for w in at if w.file == self.label), at[0]),
                      self.hands_and_rounds(hands, g.rounds, g.target is not None))
        limit = getattr(g.max_hands, "value", None)
        if limit is not None and limit < 0:
            self.fail(self.set_at(game, "max_hands"), f"'max_hands' is {limit}: give a number of hands, or 0 for"
                                                      " no limit")

    @staticmethod
    def hands_and_rounds(hands: int, rounds: int, target: bool) -> str:
        """`hands` with `rounds` above 1: the two cannot both hold, for a round is won by reaching the target
        (the scores then start again at 0) and the game by winning `rounds` of them, while `hands` ends the game
        after that many hands in all, whoever has won rounds."""
        why = "each won by reaching the target" if target else "each won by reaching a target, which this game has not"
        return (f"'hands: {hands}' ends the game after {hands} hands in all, won by the best total then, while"
                f" 'rounds: {rounds}' makes it a match won by the first side to win {rounds} rounds ({why}): the"
                " rounds won would count for nothing: give the game one of them")

    def set_at(self, spec, key):
        """Where the value of `spec[key]` is set: the option's default when the key reads only `option.NAME`
        (a house rule sets it there), else the key's own place."""
        m = re.fullmatch(r"\s*option\.(\w+)\s*", str(spec[key])) if isinstance(spec[key], str) else None
        options = self.tree.get("options", Map())
        if m and isinstance(options.get(m.group(1)), Map):
            return options[m.group(1)].where("default")
        return spec.where(key)

    def assignments(self, parent, key, between_hands: bool = False) -> list:
        """(name, fn, kind) for each `name: expression`: kind `seat` (the dealer and seat variables: they
        wrap round the table), `seat or nobody` (a seat variable that may be set to -1 as written: -1 stays
        nobody, other values wrap), `value` (other variables) or `counter` (one value per owner, worked out with
        each owner in focus). Between hands, only counters kept for the game may be set."""
        out = []
        spec = parent.get(key, Map())
        counters = self.g.counters
        for var in spec:
            where = spec.key_at.get(var, spec.where(var))
            if var in counters and var not in self.g.vars:
                c = counters[var]
                if between_hands and not c.per_game:
                    self.fail(where, f"counter '{var}' starts again at 0 each hand: declare it with"
                                     " 'per: game' to carry it to the next hand")
                    continue
                scope = self.scope(seat=True) if c.owner == "seat" else self.scope(side=True)
                fn = self.expr(spec, var, scope, INT)
                if fn is not None:
                    out.append((var, _held_below_limit(fn, var, getattr(where, "where", where)), "counter"))
                continue
            if var != "dealer" and var not in self.g.vars:
                kept = [k for k, c in counters.items() if c.per_game] if between_hands else []
                also = f"; counters kept for the game: {', '.join(kept)}" if kept else ""
                said = unknown("variable", var, ["dealer", *self.g.vars]) + also
                if not between_hands and "did you mean" not in said and \
                        difflib.get_close_matches(str(var), list(counters), cutoff=0.6):  # a counter misspelt
                    said = unknown("variable or counter", var, list(counters))
                self.fail(where, said)
                continue
            if between_hands and var != "dealer" and self.g.vars[var].per_hand and not self._read_later(spec, var):
                self.fail(where, f"variable '{var}' starts again each hand (per: hand), so a value set between"
                                 " hands is lost: declare it with 'per: game' to carry it to the next hand")
                continue
            vtype = INT if var == "dealer" else VAR_TYPES[self.g.vars[var].type]
            seat = var == "dealer" or self.g.vars[var].type == "seat"
            fn = self.expr(spec, var, self.scope(), vtype, role="seat" if seat else "")
            if fn is not None:
                kind = "seat" if seat else "value"
                branches = results(spec[var]) or ()
                if kind == "seat" and var != "dealer" and any(_minus_one(n) for n in branches):
                    roles = self.seat_roles()
                    if not all(_named_seat(n, roles) for n in branches):
                        self.fail(where, f"'{var}' is set to -1 (nobody) by one branch and worked out by seat"
                                         " arithmetic by another, where -1 would be the seat before 0: name that"
                                         " seat with prev() or next() (prev(dealer) for dealer - 1)")
                        continue
                    kind = "seat or nobody"  # -1 written is nobody, not the last seat
                elif vtype is INT and kind == "value":
                    fn = _held_below_limit(fn, var, getattr(where, "where", where))
                out.append((var, fn, kind))
        return out

    def _read_later(self, after: Map, var: str) -> bool:
        """Is `var`, set in `after_hand`, read before the next hand starts it again: by a later entry there, or by
        `next_dealer` (a value kept for a moment)?"""
        keys = list(after)
        later = [after[k] for k in keys[keys.index(var) + 1:]] + [self.tree.get("game", Map()).get("next_dealer")]
        reading = self.with_values_reading({var})
        return any(isinstance(t, str) and names_read(t, reading) for t in later)

    def with_values_reading(self, names: set) -> set:
        """`names`, and the values worked out from any of them (a value reads only the values above it)."""
        out = set(names)
        for name, text in self.tree.get("values", Map()).items():
            if isinstance(text, str) and names_read(text, out):
                out.add(name)
        return out

    def set_mappings(self) -> list:
        """Every `set:` of the ruleset, as written: the hand's steps', a trick play's close's and `after_trick`
        entries', then `after_hand`."""
        sets = [spec["set"] for spec in self.tree.get("hand", ()) if isinstance(spec.get("set"), Map)]
        closes = [p["close"] for p in self.hand_parts("play") if isinstance(p.get("close"), Map)]
        sets += [c["set"] for c in closes if isinstance(c.get("set"), Map)]
        sets += [e["set"] for e in self.hand_parts("play", "after_trick") if isinstance(e.get("set"), Map)]
        after = self.tree.get("game", Map()).get("after_hand")
        return sets + ([after] if isinstance(after, Map) else [])

    def seat_roles(self) -> frozenset:
        """Names of seats that are -1, nobody, until someone holds them: seat variables and the last winners."""
        return frozenset(k for k, v in self.g.vars.items() if v.type == "seat") | frozenset(ROLES)

    def deck(self) -> list[int]:
        spec = self.tree.get("deck", Map())
        ranks = self.deck_ranks()
        kept = [c for c in range(52) if ranks is None or C.RANK[c] in ranks]  # the ranks the deck holds, every suit
        return C.standard_deck(spec.get("remove", ()), spec.get("add", ()), kept)

    def deck_ranks(self) -> frozenset | None:
        """The rank numbers `deck: ranks` keeps (those written as ranks), or None: every rank."""
        ranks = self.tree.get("deck", Map()).get("ranks")
        if not isinstance(ranks, Seq):
            return None
        return frozenset(r for r in map(C.rank_number, ranks) if r is not None)

    def check_deck_size(self, deck: tuple) -> None:
        """A deck of more than MAX_DECK cards (ten packs) is an error at its `add`: a deck of 19,000 took
        validate 38 s and every game minutes."""
        if len(deck) > MAX_DECK:
            spec = self.tree.get("deck", Map())
            self.fail(spec.where("add") if "add" in spec else spec.pos.where,
                      f"the deck holds {len(deck):,} cards: a deck is at most {MAX_DECK} (ten packs)")

    def check_ranks(self) -> None:
        """`deck: ranks`: each a rank, written once."""
        ranks = self.tree.get("deck", Map()).get("ranks")
        if not isinstance(ranks, Seq):
            return
        first = {}
        for i, rank in enumerate(ranks):
            r = C.rank_number(rank) if not isinstance(rank, bool) else None
            if r is None:
                self.fail(ranks.where(i), f"{_shown_value(rank)} is not a rank (A 2-10 J Q K)")
            elif r in first:
                self.fail(ranks.where(i), f"the rank '{rank}' is listed twice (first as '{first[r]}'): give each"
                                          " rank once")
            first.setdefault(r, rank)

    def check_removed(self) -> None:
        """`deck: remove` takes cards from the 52: a card listed twice there (the second takes nothing: another
        was meant?), or one the 52 lack (a joker, which only `add` brings), is an error at that entry."""
        deck = self.tree.get("deck", Map())
        removed, ranks = deck.get("remove", ()), self.deck_ranks()
        if not isinstance(removed, Seq):
            return
        ranks_file = deck.where("ranks").file if ranks is not None else None
        first = {}
        for i, name in enumerate(removed):
            card = C.BY_NAME.get(str(name).upper())
            if card is None:
                continue  # not a card: the schema says so
            if card in first:
                at, here = first[card], removed.where(i)
                line = f"line {at.line}" if at.file == here.file else f"{Path(at.file).name}:{at.line}"
                self.fail(here, f"card '{name}' is removed twice (first at {line}): the second takes nothing"
                                " away; was another card meant?")
            elif card >= 52:
                self.fail(removed.where(i), f"card '{name}' is not among the 52 cards 'remove' takes from: a joker"
                                            " is in the deck only when 'add' puts it there")
            elif ranks is not None and C.RANK[card] not in ranks and removed.where(i).file == ranks_file:
                self.fail(removed.where(i), f"card '{name}' is not in the deck: 'ranks' leaves its rank out (a base's"
                                            " 'remove' may name such cards; this file's takes nothing by it)")
            first.setdefault(card, removed.where(i))

    def card_values(self) -> tuple:
        """Each card's `value` (what sums count): its rank number unless `deck: values:` says otherwise."""
        spec = self.tree.get("deck", Map()).get("values", Map())
        by_rank, given = {}, {}
        for rank, v in spec.items():
            r = C.rank_number(rank)
            if r is None:
                self.fail(spec.key_at.get(rank, spec.where(rank)), f"'{rank}' is not a rank (A 2-10 J Q K)")
                continue
            if r in given:
                self.fail(spec.key_at.get(rank, spec.where(rank)), f"'{rank}' names the rank '{given[r]}' names,"
                                                                   " which has its value already: give each rank once")
                continue
            given[r], by_rank[r] = rank, v
        return per_card(by_rank, {}, lambda c: C.RANK[c])

    def tables(self) -> dict[str, tuple]:
        """Each named per-card table as a number per card id (and 0 for no_card): a card's own entry, else its
        rank's, else 0."""
        deck = set(self.deck())
        out = {}
        for name, spec in self.tree.get("tables", Map()).items():
            if name in LANGUAGE_NAMES:  # said by check_names_distinct; read as the language's, not the table
                continue
            by_rank, by_card = {}, {}
            for key, v in spec.items():
                problem = self.table_entry(key, v, deck, by_rank, by_card)
                if problem:
                    self.fail(spec.key_at.get(key, spec.where(key)), f"table '{name}': {problem}")
            out[name] = per_card(by_rank, by_card, lambda c: 0)
        return out

    @staticmethod
    def table_entry(key, value, deck: set, by_rank: dict, by_card: dict) -> str | None:
        """Enter one `key: value` of a table (a card, or a rank); what is wrong with the key, or None."""
        text = str(key).upper()
        if text in C.BY_NAME:
            card = C.BY_NAME[text]
            if card not in deck:
                return f"{text} is not in this ruleset's deck"
            if card in by_card:
                return f"'{key}' names a card given already: give each card once"
            by_card[card] = value
            return None
        r = C.rank_number(key)
        if r is None:
            return f"'{key}' is neither a rank (A 2-10 J Q K) nor a card (7D, BJ)"
        if r in by_rank:
            return f"'{key}' names a rank given already: give each rank once"
        if not any(C.RANK[c] == r for c in deck):
            return f"no card of rank '{key}' is in this ruleset's deck"
        by_rank[r] = value
        return None

    def options(self) -> dict:
        out = {}
        for name, spec in self.tree.get("options", Map()).items():
            value = spec["default"]
            allowed = spec.get("values")
            value, allowed = self._words_read_as_bool(name, spec, value, allowed)
            for i, v in enumerate(allowed or ()):
                if type(v) is not type(allowed[0]):  # `values: [62, seventy]`: no game could be set to both
                    self.fail(allowed.where(i), f"option '{name}' lists values of two kinds: {_shown_value(v)} is"
                              f" {_KIND[type(v)]}, {_shown_value(allowed[0])} {_KIND[type(allowed[0])]}; give"
                              " values of one kind")
            if allowed is not None and value not in allowed:
                self.fail(spec.where("default"), not_a_value(name, value, allowed, spec))
                if allowed and all(type(a) is type(allowed[0]) for a in allowed):
                    value = allowed[0]  # read as its values are, so that what reads it is not wrong twice
            out[name] = (value, spec.get("doc", ""))
        return out

    def _words_read_as_bool(self, name: str, spec, value, allowed) -> tuple:
        """An option whose values are words, given yes, no, on or off unquoted (as its default or among its values),
        which YAML reads as true or false: an error at each, and the option read on as the words written."""
        if not any(type(v) is str for v in allowed or ()):
            return value, allowed
        word = bool_word(spec.where("default"), value)
        if word:
            self.fail(spec.where("default"), word_read_as_bool(name, f"default: {word}", value))
        mended = Seq(allowed, pos=allowed.pos)
        mended.at = allowed.at
        for i, v in enumerate(allowed):
            if bool_word(allowed.where(i), v):
                mended[i] = bool_word(allowed.where(i), v)
                self.fail(allowed.where(i), word_read_as_bool(name, mended[i], v))
        return word or value, mended

    def option_names(self, options: dict) -> dict:
        specs = self.tree.get("options", Map())
        out = {}
        for k, (v, _) in options.items():
            out[k] = replace(const(OPTION_TYPES[type(v)], v), choices=tuple(specs[k].get("values", ())),
                             label=f"option '{k}'")
        return out

    def zones(self) -> dict:
        stocks = self.stocks()
        return {
            name: Zone(name, spec.get("owner", "none"), spec.get("visible", "all"), spec.get("fa", ""),
                       name in stocks)
            for name, spec in self.tree.get("zones", Map()).items()
        }

    def counters(self) -> dict:
        return {name: Counter(name, spec.get("owner", "side"), spec.get("fa", ""), spec.get("per", "hand") == "game")
                for name, spec in self.tree.get("counters", Map()).items()}

    def stocks(self) -> frozenset:
        """The zones cards are dealt or drawn from (deals, refills, picks, draws after a trick or in a shedding
        play): top() reads their first card."""
        out = set()
        for spec in self.tree.get("hand", Seq()):
            if not isinstance(spec, Map):
                continue
            if "deal" in spec:
                out.add(spec.get("stock", "stock"))
            for kind, key in (("play", "stock"), ("pick", "from")):
                if isinstance(spec.get(kind), Map) and (kind == "pick" or "refill" in spec[kind]):
                    out.add(spec[kind].get(key, "stock"))
            play = spec["play"] if isinstance(spec.get("play"), Map) else Map()
            if play.get("mode") == "shed" and "draw_from" in play:
                out.add(play["draw_from"])  # a shedding play draws from the front
            draw = play.get("draw")
            if isinstance(draw, Map):
                source = draw.get("from", "stock")
                out.update(source if isinstance(source, list) else [source])
        return frozenset(str(z) for z in out)

    def vars(self) -> dict:
        out = {}
        for name, spec in self.tree.get("vars", Map()).items():
            vtype, initial = spec.get("type", "int"), spec.get("initial")
            if vtype == "suit":
                initial = SUIT_NAMES.get(str(initial if initial is not None else "none"), C.NO_SUIT)
            elif initial is None:
                initial = {"seat": -1, "int": 0, "bool": False, "word": ""}[vtype]
            out[name] = Var(name, vtype, initial, spec.get("per", "hand") == "hand", spec.get("fa", ""),
                            spec.get("visible", ""))
        return out

    # ---- scopes -------------------------------------------------------------------
    def state_names(self, g) -> dict:
        led, led_env = bind(_led)
        winning, winning_env = bind(_winning_seat)
        names = {
            "dealer": code(INT, "e.st.dealer", role="seat"),
            "players": const(INT, g.players),
            "last_capturer": code(INT, 'e.st.phase.get("last_capturer", -1)', role="seat"),
            "hand_number": code(INT, "(e.st.hand_no + 1)"),
            "trick_number": code(INT, "e.st.trick_state.number"),
            "last_trick_winner": code(INT, "e.st.trick_state.last_winner", role="seat"),
            "played_cards": code(CARDS, 'e.st.phase.get("gone", ())'),
            "led_suit": code(SUIT, f"{led}(e.st.trick_state)", led_env),
            "leading": code(BOOL, "(e.st.trick_state.leader >= 0 and e.st.trick_state.led is None)"),
            "winning_seat": code(INT, f"{winning}(e.st)", winning_env, role="seat"),
        }
        for z in g.zones.values():
            if z.owner == "none":
                k, env = bind(z.name)
                names[z.name] = code(CARDS, f"e.st.zones[{k}]", env)
        for v in g.vars.values():
            k, env = bind(v.name)
            names[v.name] = code(VAR_TYPES[v.type], f"e.st.vars[{k}]", env, role="seat" if v.type == "seat" else "")
            words = self.word_values(v) if v.type == "word" else None
            if words:  # `mode == "suits"` would be always false: said at load, as for an option
                names[v.name] = replace(names[v.name], choices=words, label=f"variable '{v.name}'")
        return names

    def word_values(self, var) -> tuple | None:
        """Every word a word variable may hold, when the ruleset says them all: its initial word, the options
        of the choices that set it and the quoted words `set:` gives it; None when a `set:` works one out."""
        words = [var.initial]
        for spec in self.tree.get("hand", ()):
            choose = spec.get("choose")
            if isinstance(choose, Map) and choose.get("sets") == var.name:
                listed = choose.get("options", ())
                words += [str(o) for o in (listed if isinstance(listed, Seq) else [listed])]
        for mapping in self.set_mappings():
            if var.name in mapping:
                said = _quoted_words(mapping[var.name])
                if said is None:
                    return None
                words += said
        return tuple(dict.fromkeys(words))

    def indexed(self, g, owners: dict) -> dict:
        """`zone(owner)` and `counter(owner)` for any seat or side; `score(side)`. {0} is the owner, counted round
        the table by `owners` (`Compiler.owners`)."""
        out = {"score": code(INT, "e.st.scores[{0} % " + str(g.sides) + "]"),
               "rounds_won": code(INT, "e.st.rounds[{0} % " + str(g.sides) + "]")}
        for z in g.zones.values():
            if z.owner != "none":
                k, env = bind(z.name)
                out[z.name] = code(CARDS, k.join(("e.st.zones[", "][{0} % " + str(owners[z.name][0]) + "]")), env)
        for cn in g.counters.values():
            k, env = bind(cn.name)
            out[cn.name] = code(INT, k.join(("e.st.counters[", "][{0} % " + str(owners[cn.name][0]) + "]")), env)
        return out

    @staticmethod
    def owners(g) -> dict:
        """How many owners each of `indexed`'s names has, and what they are: (count, "seats" or "sides")."""
        def of(owner: str) -> tuple[int, str]:  # as a zone counts its piles (`Zone.owners`)
            return (g.players, "seats") if owner == "seat" else (g.sides, "sides")

        out = {"score": of("side"), "rounds_won": of("side")}
        out.update((z.name, of(z.owner)) for z in g.zones.values() if z.owner != "none")
        out.update((cn.name, of(cn.owner)) for cn in g.counters.values())
        return out

    def scope(self, seat=False, side=False, card=False, trick=False, **extra) -> Scope:
        """The names visible at one place in the ruleset."""
        s, g = self.base_scope, self.g
        names = dict(s.names)
        if seat:
            names["seat"] = code(INT, "e.seat", role="seat")
        if side and not seat:
            seat_scope = lambda: self.scope(seat=True, **extra)  # noqa: E731 - each_seat() reads one seat
        else:
            seat_scope = None
        if seat or side:
            names["side"] = code(INT, "e.side", role="side")
            names["score"] = code(INT, "e.st.scores[e.side]")
            names["rounds_won"] = code(INT, "e.st.rounds[e.side]")
            for z in g.zones.values():
                if z.owner != "none":
                    names[z.name] = self._owned(z.name, z.owner, "zones", CARDS, seat)
            for cn in g.counters.values():
                names[cn.name] = self._owned(cn.name, cn.owner, "counters", INT, seat)
        if side:
            names.update(self.values)
        names.update(extra)
        return replace(s, names=names, card=card, per_side=side and not seat, seat_scope=seat_scope, trick=trick)

    def _owned(self, name: str, owner: str, kind: str, t: str, seat: bool) -> Typed:
        """A zone or counter of the seat (or side) in focus; a seat's, summed over a side's seats."""
        k, env = bind(name)
        if owner == "side":
            return code(t, f"e.st.{kind}[{k}][e.side]", env)
        if seat:
            return code(t, f"e.st.{kind}[{k}][e.seat]", env)
        side_of = self.g.side_of
        by_side = tuple(tuple(p for p in range(self.g.players) if side_of[p] == s) for s in range(self.g.sides))
        if by_side[0] and len(set(map(len, by_side))) == 1:  # as many seats a side: each side's i-th, written out
            parts, senv = [], ()
            for i in range(len(by_side[0])):
                name, b = bind(tuple(seats[i] for seats in by_side))
                parts.append(f"e.st.{kind}[{k}][{name}[e.side]]")
                senv += b
            if t == CARDS:
                return replace(code(t, "[" + ", ".join(f"*{p}" for p in parts) + "]", env + senv),
                               label=SEVERAL_PILES)
            return code(t, "(" + " + ".join(parts) + ")", env + senv)
        seats, senv = bind(by_side)
        if t == CARDS:
            return replace(code(t, f"[x for p in {seats}[e.side] for x in e.st.{kind}[{k}][p]]", env + senv),
                           label=SEVERAL_PILES)
        return code(t, f"sum([e.st.{kind}[{k}][p] for p in {seats}[e.side]])", env + senv)

    def compile_values(self) -> None:
        """Named per-side values (`taken: ...`), usable in scoring and with opp()."""
        spec = self.tree.get("values", Map())
        depth: dict[str, int] = {}
        place = {name: at for at, name in enumerate(spec)}
        for name in spec:
            depth[name] = 1 + max((depth[v] for v in names_read(spec[name], depth)), default=0)
            if depth[name] > MAX_VALUE_CHAIN:
                self.fail(spec.where(name), f"value '{name}' is worked out from a chain of {depth[name]} values"
                                            f" (at most {MAX_VALUE_CHAIN})")
                depth[name] = 0
            scope = replace(self.scope(side=True), not_yet=ValuesBelow(spec, place, name))
            fn = self.expr(spec, name, scope, INT) or (lambda e, c: 0)  # broken: said once
            f, env = bind(fn)
            k, kenv = bind(name)
            self.value_fns[name] = fn
            self.base_scope.owners[name] = (self.g.sides, "sides")  # `kot(2)` with two sides: said, as for `tricks`
            if hasattr(fn, "value"):  # constant (an option turns its rule off): what reads it folds too
                self.values[name] = self.base_scope.indexed[name] = const(INT, fn.value)
                continue
            cached = f"e.st.scoring[{k}]"  # while a hand is scored, each value is worked out once per side
            self.values[name] = code(INT, f"({cached}[e.side] if e.st.scoring is not None else {f}(e, c))",
                                     env + kenv)
            sides = str(self.g.sides)
            self.base_scope.indexed[name] = code(
                INT, f"({cached}[{{0}} % {sides}] if e.st.scoring is not None"
                     f" else {f}(e.st.side_envs[{{0}} % {sides}], None))", env + kenv)

    def scoring(self) -> list[ScoreRow]:
        rows = []
        self.once_each(self.tree.get("scoring", Seq()), "scoring row")
        for r in self.tree.get("scoring", Seq()):
            fn = self.expr(r, "points", self.scope(side=True), INT)
            if fn is not None:
                rows.append(ScoreRow(r["name"], r.get("fa", ""), fn))
            points = r.get("points") if hasattr(r, "get") else None
            written = str(points).strip() if isinstance(points, (int, str)) and not isinstance(points, bool) else ""
            if re.fullmatch(r"-?[0-9]+", written) and int(written) and self._points_summed():  # `points: 10`
                points = int(written)
                self.caution(r.where("points"), f"scoring row '{r['name']}' gives every side {points} every hand,"
                                                " whatever the play: a row's points read the hand (as 10 * a"
                                                " counter, or if … then 10 else 0)")
        return rows

    def _points_summed(self) -> bool:
        """Does a hand's points go to each side's score as they are (no `totals`, or `score + points`)? Else a row
        of a number alone may count: a `totals` rule may weigh the points (a bonus only the side that made its bid
        keeps)."""
        game = self.tree.get("game")
        totals = game.get("totals") if isinstance(game, Map) else None
        if totals is None:
            return True
        try:
            node = parse(str(totals))
        except SyntaxProblem:
            return False
        sides = (node.left, node.right) if isinstance(node, Binary) and node.op == "+" else ()
        return all(isinstance(x, Name) for x in sides) and {x.name for x in sides} == {"score", "points"}

    def note_public_values(self, g) -> None:
        """The values every seat may know as the hand stands, reading no hidden card nor secret (how many cards
        a pile holds is seen by all: `empty(hand)`), and whether the rows read only such: a seat's view gives these
        as they are, and works out the rest from what that seat sees."""
        g.public_values = frozenset(k for k, text in self.tree.get("values", Map()).items()
                                    if reads_hidden(g, text) is None)
        g.public_rows = all(reads_hidden(g, r.get("points")) is None for r in self.tree.get("scoring", Seq()))

    def values_for_rows(self, g) -> tuple:
        """(name, fn) of the values the scoring rows read and those these are worked out from, in order: what
        `State.hand_points` works out (the rest are for the table and the records)."""
        spec = self.tree.get("values", Map())
        need = set()
        for r in self.tree.get("scoring", Seq()):
            need |= names_read(r.get("points"), g.values)
        for name in reversed(list(spec)):  # a value reads only the values above it
            if name in need:
                need |= names_read(spec[name], g.values)
        return tuple((k, f) for k, f in g.values.items() if k in need)

    # ---- static checks -----------------------------------------------------------
    def check_deal_fits(self, g) -> None:
        """Each shuffle's deals must fit the deck, and refills must use up the stock exactly.

        A packet whose size is worked out in play (`count: hand_number`) is not judged, nor what follows
        it until the next shuffle: it takes what is left when the stock runs short. A deal from another
        zone than the shuffled stock (`stock: turned`) is not counted against the deck, nor one to a zone the
        ruleset lacks (said where it is named)."""
        from .build_steps import zones_known

        need, stock, shuffled = 0, None, None
        for spec, step in zip(self.tree.get("hand", Seq()), g.steps):
            if "deal" in spec:
                if spec.get("shuffle", True):
                    need, stock, shuffled = 0, step.stock_zone, spec
                elif step.stock_zone != stock:  # dealt from another zone (a card turned up): not the stock's count
                    continue
                if need is not None:
                    need = _needed(step.packets, g, need) if zones_known(step.packets, g) else None
                if need is not None and need > len(g.deck):
                    self.fail(spec.where("deal"), f"the deal needs {need} cards but the deck has {len(g.deck)}")
                    return
            refill = spec.get("play", Map()).get("refill")
            if refill and need is not None and getattr(step, "refill", None) \
                    and zones_known(step.refill, g):  # a capture play's (else said), to zones known
                per = _needed(step.refill, g, 0)
                left = len(g.deck) - need
                if per and left % per:
                    self.fail(spec["play"].where("refill"),
                              f"{left} cards stay in the stock after the deal; refills of {per} cannot share them out")
        refilled = any(getattr(step, "refill", None) and getattr(step, "stock", None) == stock for step in g.steps)
        if (shuffled is not None and need is not None and need < len(g.deck) and not refilled
                and not self._read_elsewhere(stock)):
            self.caution(shuffled.where("deal"), f"{len(g.deck) - need} cards stay in the {stock} after the deal, and"
                         f" no rule reads or draws from it: they are never played (remove them from the deck, as"
                         f" deck: {{remove: [...]}}, or deal them)")

    def check_dealt_zones_read(self, g) -> None:
        """Cards dealt each hand to a shared zone (a widow) that no rule reads, takes or deals on from are never
        played (a house rule that took away the step taking the widow): a warning at the packet."""
        warned = set()
        for step in g.steps:
            for packet in getattr(step, "packets", ()):
                zone = g.zones.get(packet.zone)
                if zone is None or zone.owner != "none" or packet.zone in warned or packet.zone == step.stock_zone:
                    continue
                if not self._read_elsewhere(packet.zone) and not any(_names_zone(s, packet.zone) for s in g.steps):
                    warned.add(packet.zone)
                    self.caution(packet.where, f"cards are dealt to the {packet.zone} each hand, and no rule reads,"
                                               " takes or deals on from it: they are never played (remove the"
                                               " packet, or a step that takes them)")

    def _read_elsewhere(self, zone: str) -> bool:
        """Does anything but the deals name `zone`: a step drawing, picking or refilling from it, a value, a row,
        a rule of the game?"""
        word = re.compile(rf"\b{re.escape(zone)}\b")

        def names(node) -> bool:
            if isinstance(node, dict):
                return any(k not in WORDS_KEYS and (word.search(str(k)) or names(v)) for k, v in node.items()
                           if k not in ("deal", "zones"))
            if isinstance(node, list):
                return any(names(v) for v in node)
            return isinstance(node, str) and bool(word.search(node))

        return names({k: v for k, v in self.tree.items() if k not in ("table", "zones", "options")})

    def said_with_gone(self) -> list:
        """The problems to say: where a needed section was taken away, that, and the other mistakes of the file that
        took it away (not the base's rules it leaves unmet); else all."""
        if not self.gone:
            return self.problems
        own = self.gone[0][0].file
        return [p for p in self.problems if p in self.gone or p[0].file == own]

    def taken_away(self, key: str, needs: str) -> bool:
        """A section every ruleset needs, taken away by a variant (`game: null`): an error at that line (not a
        missing section at the file's first line, nor a default put in its place: `players: null` played two)."""
        where = getattr(self.tree, "removed", {}).get(("section", key))
        if key in self.tree or where is None:
            return False
        self.fail(where, f"'{key}: null' takes the base's '{key}' away, and every ruleset needs {needs}: change what"
                         f" differs, or leave '{key}' out to keep the base's")
        self.gone.append(self.problems[-1])
        return True

    def _unknown_in_table(self, key: str, what: str, name: str, names: list, listed: Seq, i: int) -> None:
        """The i-th name `table: {key}` lists is unknown: where a variant removed that step or row, say so there."""
        removed, where = getattr(self.tree, "removed", {}), listed.where(i)
        gone = next((removed[k, name] for k in ("step", "scoring row") if (k, name) in removed), None)
        if gone is None:
            self.fail(where, f"table {key}: " + unknown(what, name, names, "names"))
            return
        kept = ", ".join(str(n) for n in listed if str(n) in names)
        self.fail(gone, f"'{name}' is removed here, but the table's {key} still names it (line {where.where.line} of"
                        f" {where.where.file}): give the table's {key} anew without it (table: {{{key}: [{kept}]}})")

    def check_table(self, g) -> None:
        """`table:` names things of the ruleset: `show` a counter, value, zone, variable or row; `announce` a
        value (said for each side where not zero) or a step (said when a hand skips it); its `notices` read
        only what every seat may see."""
        table = self.tree.get("table")
        if not isinstance(table, Map):
            return
        rows = [r.name for r in g.scoring]
        known = {"show": ("counter, value, zone, variable or row", [*g.counters, *g.values, *g.zones, *g.vars, *rows]),
                 "announce": ("value or step", [*g.values, *(s.name for s in g.steps)])}
        for key in (k for k in table if k in known):  # in the file's order
            what, names = known[key]
            listed = table.get(key)
            for i, name in enumerate(listed if isinstance(listed, Seq) else ()):
                if str(name) in map(str, listed[:i]):  # (a fuzz of house rules: shown and said twice)
                    self.caution(listed.where(i), f"table {key}: '{printable(str(name))}' is listed twice, and would"
                                                  " be said twice: list it once")
                elif str(name) not in names:
                    self._unknown_in_table(key, what, str(name), names, listed, i)
                elif key == "announce" and name not in g.values:
                    self.check_skip_is_public(g, str(name), listed.where(i))
                elif key == "show" and name in g.secret_vars:
                    self.fail(listed.where(i), f"table show: variable '{name}' is set from what not every seat may"
                                               " see, so no seat is shown it; declare it 'visible: all' if the"
                                               " rules have it announced")
        notices = table.get("notices")
        for name in notices if isinstance(notices, Map) else ():
            secret = reads_hidden(g, notices[name]) if isinstance(notices[name], str) else None
            if secret:
                self.fail(notices.where(name), f"table notices: '{printable(name)}' reads '{secret}', which not every"
                                               " seat may see: the table says a notice to every seat")
        self.check_words_named(g, table.get("words"))
        self.check_values_named_apart(g, table.get("words"))
        self.check_words_past(g, table.get("words"))
        self.check_words_typed(g, table.get("words"))
        self.check_words_said(g, table)

    def check_words_named(self, g, words) -> None:
        """A word of `table: words:` names something the table says: a name or word of the ruleset (a notice, a
        step, a value, a move's word, an option's value …), or one of the table's own. One named nowhere else but
        much like such a name is a misspelling (`trump_out` for the notice `trumps_out`), which the table never
        says: a warning that names the one meant. (One like nothing is let be: it may be a word the table says
        that this check does not know.)"""
        if not isinstance(words, Map):
            return
        said = set(WORDS["en"]) | set(WORDS["fa"]) | set(C.SUITS) | {v for step in g.steps for v in step.verbs}
        said |= _words_of({k: v for k, v in g.tree.items() if k != "table"}) | _words_of(
            {k: v for k, v in g.tree.get("table", Map()).items() if k != "words"})
        verbs = {v for step in g.steps for v in step.verbs}
        for name in words:
            if str(name) in said or str(name) in WORDS_KEYS or str(name).split(" ")[0] in verbs:  # a whole move
                continue
            at = _located(words.key_at.get(name) or words.where(name))
            if at is not None and at.file != self.label:  # a base's word for what a variant took away: its own
                continue  # checks say so (past:, typed:, said:)
            spec = words[name]
            own = [k for k in spec if _located(spec.where(k)).file == self.label] if isinstance(spec, Map) else [0]
            if all(spec.get(k) is None for k in own):  # `burn: {past: null}`: a base's word dropped, nothing said
                continue
            close = difflib.get_close_matches(str(name), sorted(said), n=2, cutoff=0.8)
            if close:
                self.caution(at,
                             f"table words: '{printable(name)}' names nothing of this ruleset, so the table never"
                             f" says it (did you mean {' or '.join(close)}?)")

    def check_values_named_apart(self, g, words) -> None:
        """Two values the words name alike in a language (`kot` and `kot_by_hakem`, both "kot (7-0)") cannot
        be told apart on the rules sheet or at the table: a warning at the second, where this file names it."""
        if not isinstance(words, Map):
            return
        for lang in ("en", "fa"):
            named: dict[str, str] = {}
            for name in (n for n in g.values if n in words):
                spec = words[name]
                label = spec.get(lang) if isinstance(spec, Map) else spec if lang == "en" else None
                if not isinstance(label, str) or not label.strip():
                    continue
                first = named.setdefault(" ".join(label.split()).casefold(), name)
                at = _located(spec.where(lang) if isinstance(spec, Map) else words.where(name))  # the label's place
                if first != name and (at is None or at.file == self.label):
                    self.caution(at, f"table words: the values '{first}' and '{name}' are both called"
                                     f" '{printable(label)}' ({lang}): the rules sheet and the table cannot tell them"
                                     " apart; name each its own way")

    def check_words_past(self, g, words) -> None:
        """A word's `past:` gives the past of a verb the move log says (`keep: {past: {fa: [نگه داشت, نگه
        داشتید]}}`): on any other word (a misspelt verb, `round`, a whole move such as `bid 0`) the log never says
        it, and an empty form leaves the log's sentence without its verb. Both are errors, at the `past:` and at
        the empty form. A `past:` inherited from a base, for a verb whose step the variant took away, is a warning:
        never said, but not the variant's mistake."""
        if not isinstance(words, Map):
            return
        verbs = sorted({verb for step in g.steps for verb in step.verbs})
        for name, spec, forms in _word_forms(words, "past"):
            for lang, i, where, form in forms:
                if not _said(form):
                    self.fail(where, f"'table.words.{printable(name)}.past.{lang}' item {i + 1} is empty: give the"
                                     f" past said of {'a seat' if i == 0 else 'you'} (of a seat, then of you: fa:"
                                     " [نگه داشت, نگه داشتید])")
            self._on_a_verb(spec, name, "past", verbs, "is not a verb of this ruleset's moves, so the move log"
                                                       " never says it in the past")

    def check_words_typed(self, g, words) -> None:
        """A word's `typed:` gives other words a person may type for a verb or choice of the moves (`order: {typed:
        {en: [pick up]}}`): on any other word nothing is ever read as it; a form that says nothing, one that is a
        number (a move's number in the list), a table command or another move's word, or one given twice, would
        never be read as the word. Each is an error at its place; a `typed:` from a base, for a move the variant
        took away, is a warning."""
        if not isinstance(words, Map):
            return
        verbs = sorted({verb for step in g.steps for verb in step.verbs})
        commands = [*RESERVED_WORDS, *BOARD_WORDS, SCORE_WORD, LAST_WORD, RULES_WORD, *SAVE_WORDS,
                    *COMMANDS["fa"]]  # Persian too
        taken = {v.lower(): v for v in verbs} | {w: w for w in commands}
        persian = {joined(w): w for w in COMMANDS["fa"]}  # as the table reads them: with or without the space
        for name, spec, forms in _word_forms(words, "typed"):
            for lang, i, where, form in forms:
                at = f"'table.words.{printable(name)}.typed.{lang}' item {i + 1}"
                said = typed_form(form)  # as the table reads it: Persian digits as digits, any case and spacing
                first = said.split()[0] if said else ""
                other = taken.get(said, first if first in SAVE_WORDS else name)  # `save …` says how games are kept
                other = persian.get(joined(said), other)  # a Persian command typed without its space (a review)
                problem = _typed_problem(form, said, other, name, verbs, commands)
                if problem:
                    self.fail(where, f"{at} {problem}")
                else:
                    taken[said] = name
            self._on_a_verb(spec, name, "typed", verbs, "is not a verb or choice of this ruleset's moves, so"
                                                        " nothing typed is read as it")

    def _on_a_verb(self, spec, name, key: str, verbs: list, why: str) -> None:
        """A word's `past:` or `typed:` goes only on a verb (or a choice) of the ruleset's moves: elsewhere, an error
        (a warning where a base gives it) that says `why` and the verbs it may have meant."""
        if name in verbs:
            return
        close = _close(str(name), verbs)
        hint = f"did you mean {' or '.join(close)}?" if close else f"its verbs: {', '.join(verbs) or 'none'}"
        kind = "verb" if key == "past" else "word"
        said = f"table words: '{printable(name)}' {why}: {key}: goes only on a {kind} its moves say ({hint})"
        self._word_misplaced(spec, name, key, said, "no longer has that move")

    def check_words_said(self, g, table) -> None:
        """A word's `said:` gives the sentence a hand's result says for a value `announce` names, of another seat
        or side and of yours, `{who}` where the seat or side goes (`kot: {said: {fa: ["{who} کُت کرد", "ما کُت
        کردیم"]}}`): on any other word it is never said, an empty form prints a blank line at the table, and any
        other `{…}` prints as written. Each is an error, at the `said:` or at the form. A `said:` inherited from
        a base, for a value the variant no longer announces, is a warning: never said, but not the variant's
        mistake."""
        words = table.get("words")
        if not isinstance(words, Map):
            return
        listed = table.get("announce")
        announced = [str(n) for n in (listed if isinstance(listed, Seq) else ()) if n in g.values]
        counted = _counted_by_captures(g)  # a capture's one more to its side's counter is said too
        for name, spec, forms in _word_forms(words, "said"):
            for lang, i, where, form in forms:
                whose = "another seat or side" if i == 0 else "your seat or side"
                if not _said(form):
                    self.fail(where, f"'table.words.{printable(name)}.said.{lang}' item {i + 1} is empty: give the"
                                     f" sentence said of {whose} (of another, with {{who}} where it goes, then of"
                                     " yours: fa: [\"{who} کُت کرد\", ما کُت کردیم])")
                    continue
                for other in re.findall(r"\{[^{}]*\}", str(form)):
                    if other != "{who}":
                        self.fail(where, f"'table.words.{printable(name)}.said.{lang}' item {i + 1} says"
                                         f" {printable(other)}, which is printed as it stands: only {{who}} is filled"
                                         " in (with the seat or side the value is announced for)")
            if str(name) in counted and not _may_add_one(g, str(name)):
                self.caution(_located(spec.key_at.get("said") or spec.where("said")),
                             f"table words: '{printable(name)}' is said only where a capture adds one to it, and its"
                             " captures never add one (their `by` gives other numbers): the table says the change"
                             " as a count instead (give by: 1, or drop said:)")
            if str(name) in announced or str(name) in counted:
                self._said_of_old_name(spec, name)
                continue
            close = _close(str(name), announced + counted)
            counters = f"; or the counters a capture adds to: {', '.join(counted)}" if counted else ""
            text = (f"table words: '{printable(name)}' is not a value this ruleset announces, so the table never says"
                    " it: said: goes only on a value table announce: names, or a counter a capture adds one to ("
                    + (f"did you mean {' or '.join(close)}?" if close
                       else f"the values it announces: {', '.join(announced) or 'none'}{counters}") + ")")
            self._word_misplaced(spec, name, "said", text, "no longer announces it")

    def _said_of_old_name(self, spec, name) -> None:
        """A value this file names anew (`kot: {en: kap (7-0)}`) whose sentence in that language is still its
        base's: the table would announce the old name. A warning at the new name."""
        said = spec.get("said")
        for lang in ("en", "fa") if isinstance(said, Map) else ():
            label_at = _located(spec.key_at.get(lang) or spec.where(lang)) if lang in spec else None
            said_at = _located(said.key_at.get(lang) or said.where(lang)) if lang in said else None
            if label_at is not None and said_at is not None and label_at.file == self.label != said_at.file \
                    and not _says_name(spec[lang], said[lang]):
                self.caution(label_at, f"table words: '{printable(name)}' is named anew here ({lang}:"
                                       f" {printable(spec[lang])}), but its sentence (said: {lang}) is the base's,"
                                       f" which says the old name: give its said: here too (or drop it:"
                                       f" {printable(name)}: {{said: {{{lang}: null}}}})")

    def _word_misplaced(self, spec, name, key: str, said: str, gone: str) -> None:
        """A word's `past:`, `typed:` or `said:` that is never used: an error where this file gives it, a warning
        where a base does (the variant took away what it was for), saying how to drop it."""
        at = _located(spec.key_at.get(key) or spec.where(key))
        if at is not None and at.file != self.label:
            self.caution(at, said + f"; {self.label} {gone} (to drop its {key} there: {printable(name)}:"
                                    f" {{{key}: null}})")
        else:
            self.fail(at, said)

    def secret_vars(self, g) -> frozenset:
        """Variables set from what not every seat may see (a count of the trumps in one side's hands), or from
        such a variable, or by a choice or `set:` that runs unseen, unless declared `visible: all` (announced);
        and those declared `visible: none`: no seat's view, nor the table, shows them. A step runs unseen when
        its `when` reads such a thing (a choice asked of the hakem only on a weak first five): whether it ran
        is its actor's to know. Worked out together until neither grows. Other choices and bids are made in
        the open."""
        sets = self.set_mappings()
        values = self.tree.get("values", {})
        secret = {k for k, v in g.vars.items() if v.visible == "none"}
        while True:
            also = frozenset(secret)
            for step, spec in zip(g.steps, self.tree.get("hand", ())):
                if not step.runs_unseen and self.sound(spec, "when") and \
                        _hidden_read(g, values, spec.get("when"), also=also):
                    step.runs_unseen = True
            more = {var for spec in sets for var, text in spec.items() if var in g.vars and var not in secret
                    and not g.vars[var].visible and _hidden_read(g, values, text, also=also)}
            more |= {k for step, spec in zip(g.steps, self.tree.get("hand", ())) if step.runs_unseen
                     for k in _written_by(spec) if k in g.vars and k not in secret and not g.vars[k].visible}
            if not more:
                self.check_unseen_runs_are_hidden(g)
                return frozenset(secret)
            secret |= more

    def check_option_words_compared(self, g) -> None:
        """An option of words whose rules tell its values apart only by comparing it with words written out
        (`option.x == "self"`, `!=`, `in (...)`): the values no rule names all play alike, as the rules' `else`.
        One such is that `else`; where two or more are, each after the first listed is a warning at the value,
        as playing as that one, unless the option's doc names it (a value meant to change nothing, said so).
        An option read any other way (beside another option, set into a variable, in a text that does not parse)
        is not judged."""
        specs = self.tree.get("options", Map())
        words = {k for k, spec in specs.items() if isinstance(spec, Map) and isinstance(spec.get("values"), Seq)
                 and isinstance(g.options.get(k), str) and all(isinstance(v, str) for v in spec["values"])}
        if not words:
            return
        compared, loose = {k: set() for k in words}, set()
        for key, node in self.tree.items():
            if key == "options":
                continue
            for _, text in expressions_at(node) if isinstance(node, (Map, Seq)) else ():
                _words_compared(text, words, compared, loose)
        for k in sorted(words - loose):
            if not compared[k]:
                continue  # read by no rule: said elsewhere
            values = specs[k]["values"]
            unnamed = [v for v in dict.fromkeys(values) if v not in compared[k]]
            if len(unnamed) < 2:
                continue
            kept, doc = unnamed[0], " ".join(texts(specs[k].get("doc", "")))
            named = ", ".join(repr(v) for v in sorted(compared[k]))
            for i, v in enumerate(values):
                if v in unnamed[1:] and not re.search(rf"(?<!\w){re.escape(v)}(?!\w)", doc):
                    self.caution(values.where(i), f"no rule compares option '{k}' with '{v}' (they compare it with"
                                                  f" {named}), so '{v}' plays as '{kept}' does: give it a rule"
                                                  f" (option.{k} == \"{v}\"), drop the value, or, if it is meant to"
                                                  " play so, say so in the option's doc")

    def check_trump_is_told(self, g) -> None:
        """A trick play's trump read from a variable no seat is shown (set from cards some seat cannot see, and
        not declared `visible: all`): tricks are won by a trump nobody was told. A warning at each `set:` of it
        that reads the hidden cards, else at the play's `trump`. (A secret kept for one seat, a choice only its
        chooser knows, is often meant: only a trump is judged.)"""
        values, told = self.tree.get("values", {}), set()
        for spec in self.tree.get("hand", ()):
            play = spec.get("play") if isinstance(spec, Map) else None
            if not isinstance(play, Map) or play.get("mode") != "trick" or not self.sound(play, "trump"):
                continue
            var = read_through(values, play.get("trump"), g.secret_vars - {k for k, v in g.vars.items()
                                                                          if v.visible == "none"})
            if var is None or var in told or var not in g.vars:
                continue
            told.add(var)
            fix = ("set it from cards every seat sees (a card turned up into a zone with visible: all), or"
                   " declare it visible: all under vars: to announce it")
            sets = [(m, m[var]) for m in self.set_mappings() if var in m]
            hidden = [(m, _hidden_read(g, values, text, also=g.secret_vars)) for m, text in sets]
            hidden = [(m, name) for m, name in hidden if name]
            for m, name in hidden:
                self.caution(m.where(var), f"variable '{var}' is set from '{name}', which not every seat may see,"
                                           f" so no seat is shown it, and step '{spec.get('name')}' plays it as"
                                           f" trump: tricks would be won by a trump nobody was told; {fix}")
            if not hidden:
                self.caution(play.where("trump"), f"trump '{play['trump']}' reads '{var}', which no seat is shown"
                                                  " (it is set from what not every seat may see): tricks would be"
                                                  f" won by a trump nobody was told; {fix}")

    def mark_bids_that_steer(self, g) -> None:
        """An auction where every seat bids once into a counter that a step's rule reads — directly, through a
        value, or through a variable a `set:` fills from it (the highest bidder declares and leads) — steers
        the play: bots cannot score one play-out for every bid. Scoring alone reading the bids does not."""
        from .steps import Auction

        setting = {i for i, spec in enumerate(self.tree.get("hand", ())) if "set" in spec}
        rules = [(j, key, text) for j, key, text in self.compiled if j is not None]  # the steps' expressions
        for i, step in enumerate(g.steps):
            if not (isinstance(step, Auction) and step.style == "each"):
                continue
            read, grown = {step.into}, True
            while grown:  # values and variables worked out from the bids
                before = len(read)
                read = self.with_values_reading(read)
                read |= {key for j, key, text in rules if j in setting and key != "when" and names_read(text, read)}
                grown = len(read) > before
            step.bids_steer = any(j != i and not (j in setting and key != "when") and names_read(text, read)
                                  for j, key, text in rules)

    def check_unseen_runs_are_hidden(self, g) -> None:
        """Only a choice (and a `set:`, which no seat sees) keeps a run unseen: what another step does is shown to
        every seat, and with it that the step ran. Warned of at its `when`."""
        for step, spec in zip(g.steps, self.tree.get("hand", ())):
            if step.runs_unseen and not any(k in spec for k in ("choose", "set")):
                self.caution(spec.where("when"), f"step '{step.name}' runs only when what not every seat may see"
                                                 " allows it, and what it does is shown to every seat: that tells"
                                                 " them (only a choice is hidden so)")

    def check_counters_are_public(self, g) -> None:
        """Every seat sees every counter (views, the table), so a counter may not be set, nor an effect after a
        capture raise one, from what not every seat may see: a variable may be, which no seat is then shown."""
        values = self.tree.get("values", {})
        for spec in self.set_mappings():
            for name, text in spec.items():
                secret = _hidden_read(g, values, text, also=g.secret_vars) if name in g.counters and \
                    self.sound(spec, name) else None
                if secret:
                    self.fail(spec.where(name), f"counter '{name}' is set from '{secret}', which not every seat may"
                                                " see, and every seat sees the counters: set a variable instead"
                                                " (one per side if need be), which no seat is shown")
        for effect in self.hand_parts("play", "after_capture"):
            for key in ("if", "by", "side") if isinstance(effect, Map) else ():
                secret = self.sound(effect, key) and _hidden_read(g, values, effect.get(key), also=g.secret_vars)
                if secret:
                    self.fail(effect.where(key), f"after_capture {key} reads '{secret}', which not every seat"
                                                 " may see, and every seat sees the counter it raises")
        for entry in self.hand_parts("play", "declare"):
            secret = self.sound(entry, "points") and _hidden_read(g, values, entry.get("points"), also=g.secret_vars)
            if secret:
                self.fail(entry.where("points"), f"declaration points read '{secret}', which not every seat may see,"
                                                 " and every seat sees the counter they go into")
        for effect in self.hand_parts("play", "after_lay"):
            for key in ("if", "draw", "skip") if isinstance(effect, Map) else ():
                secret = self.sound(effect, key) and _hidden_read(g, values, effect.get(key), also=g.secret_vars)
                if secret:
                    self.fail(effect.where(key), f"after_lay {key} reads '{secret}', which not every seat may see,"
                                                 " and every seat sees what the card laid does")

    def sound(self, part, key) -> bool:
        """Did the expression at part[key] compile? What one already reported reads is not judged again (a
        misspelt function would make `empty(stock)` seem to read the stock's cards); the same text elsewhere is."""
        return key not in part or str(part.where(key)) not in self.broken

    def check_seat_reads_its_own(self, g) -> None:
        """What a seat is offered (its bids' bounds, the options a choice strikes out, the cards a special entry
        allows or forces) may read only what that seat sees."""
        for kind, items, keys in (("choose", None, ("forbid_if",)), ("auction", None, ("forbid_if", "min", "max")),
                                  ("play", "special", ("allowed", "forced")), ("play", None, ("may_play", "together")),
                                  ("play", "captures", ("card", "from", "sum", "several")),
                                  ("play", None, ("mandatory",))):
            for part in self.hand_parts(kind, items):
                for key in keys:
                    unseen = self.sound(part, key) and unseen_by_seat(g, part.get(key))
                    if unseen:
                        label = f"{'special' if items == 'special' else 'capture'} {key}" if items else f"{kind} {key}"
                        self.fail(part.where(key), f"{label} reads '{unseen}', which the seat to act may not"
                                                   " see: what it is offered would tell it")
        plays = self.hand_parts("play")
        swaps = [("swap", p["swap"], ("card", "when")) for p in plays if isinstance(p.get("swap"), Map)]
        swaps += [("declaration", d, ("when",)) for d in self.hand_parts("play", "declare")]
        swaps += [("close", p["close"], ("when",)) for p in plays if isinstance(p.get("close"), Map)]
        for label, part, key in ((label, sw, key) for label, sw, keys in swaps for key in keys):
            unseen = self.sound(part, key) and unseen_by_seat(g, part.get(key))
            if unseen:
                self.fail(part.where(key), f"{label} {key} reads '{unseen}', which the seat to act may not see: the"
                                           f" {label}s it is offered would tell it")

    def hand_parts(self, kind: str, items: str | None = None) -> list:
        """The `kind` mappings of the hand's steps (every `choose:`); with `items`, the mappings listed under
        that key of them (every effect of every `play:`'s `after_capture`)."""
        parts = [spec[kind] for spec in self.tree.get("hand", ()) if isinstance(spec, Map)
                 and isinstance(spec.get(kind), Map)]
        if items is None:
            return parts
        return [x for part in parts for x in part.get(items, ()) if isinstance(x, Map)]

    def check_said_in_the_open(self, g) -> None:
        """What every seat learns as play goes on — a contract that falls to a seat when all pass, whether a round
        of choices goes on, whose cards a collect moves and which, who sits the tricks out — may not be worked out
        from what not every seat may see (`OPEN_KEYS`)."""
        values = self.tree.get("values", {})
        for kind, sub, keys, why in OPEN_KEYS:
            for part in self.hand_parts(kind):
                part = part.get(sub) if sub else part
                for key in keys if isinstance(part, Map) else ():
                    text = part.get(key)
                    if key == "leader" and isinstance(text, str):  # the holder of a card named leads
                        text = HOLDER_OF_A_CARD.sub("0", text)
                    also = _secrets_told_by(g, key)
                    secret = self.sound(part, key) and _hidden_read(g, values, text, also=also)
                    if secret:
                        label = f"{sub} {key}" if sub else key
                        self.fail(part.where(key), f"{label} reads '{secret}', which not every seat may see: {why}")
        for entry in self.hand_parts("play", "after_trick"):
            secret = self.sound(entry, "if") and _hidden_read(g, values, entry.get("if"), also=g.secret_vars)
            if secret:
                self.fail(entry.where("if"), f"after_trick if reads '{secret}', which not every seat may see: whether"
                                             " the entry acts would tell them")

    def check_skip_is_public(self, g, step: str, where) -> None:
        """A skipped step is said to every seat, so its `when` must read only what every seat may see."""
        spec = next((s for s in self.tree.get("hand", ()) if s.get("name") == step), {})
        secret = _hidden_read(g, self.tree.get("values", {}), spec.get("when"), also=g.secret_vars)
        if secret:
            self.fail(where, f"table announce: step '{step}' is skipped by a test that reads '{secret}', which not"
                             " every seat may see: saying it was skipped would tell them")


def reads_hidden(g, text) -> str | None:
    """A name the expression `text` reads that not every seat may see (a hidden zone, a secret variable), or
    None: for what the table says to every seat."""
    return _hidden_read(g, g.tree.get("values", {}), text, also=g.secret_vars)


TRICK_ONLY = {"winning_seat": "−1", "led_suit": "no_suit", "leading": "false", "trick_number": "0",
              "last_trick_winner": "−1"}  # names of the state that only trick play sets: what they are without it
PLAYS_READ = frozenset({"played_cards", "plays"})  # the names that read the cards played this hand
STATE_WORDS = ("dealer", "players", "last_capturer", "hand_number", "trick_number", "last_trick_winner",
               "played_cards", "led_suit", "leading", "winning_seat")
# what a place has in view; functions of their own kind
FOCUS_WORDS = ("seat", "side", "score", "rounds_won", "round_winner", "value", "played", "offer", "choice", "captured",
               "rule", "dealt", "option", "each_seat", "top", "high_bid", "high_bidder")
LANGUAGE_NAMES = frozenset(STATE_WORDS + FOCUS_WORDS) | set(CONSTANTS) | set(CARD_NAMES) | FUNCTION_NAMES | {
    "if", "then", "else", "and", "or", "not", "in", "true", "false"}


def unseen_by_seat(g, text) -> str | None:
    """A name an expression judged for one seat (`seat` in focus: a bid's bounds, a choice's forbid_if) reads
    that this seat may not see, or None: another seat's hidden pile, a pile below its top, a face-down shared
    zone, a secret variable, holder(). The seat's own piles (`hand`, `hand(seat)`) and counts are its own."""
    own = {z for z, zone in g.zones.items() if zone.owner != "none" and zone.visible == "owner"}
    hidden = _hidden_names(g, g.secret_vars) - own
    for n in _nodes(text, counts_seen=True, tops=_tops_up(g)):
        if isinstance(n, Call) and n.func in own and not (len(n.args) == 1 and isinstance(n.args[0], Name)
                                                          and n.args[0].name == "seat"):
            return n.func  # another seat's pile
        if isinstance(n, Name) and n.name in hidden or isinstance(n, Call) and n.func in hidden:
            return n.name if isinstance(n, Name) else n.func
    return None


def _tops_up(g) -> frozenset:
    """The shared zones whose top card lies face up for every seat (`visible: top`)."""
    return frozenset(z for z, zone in g.zones.items() if zone.visible == "top" and zone.owner == "none")


def _hidden_names(g, also) -> set:
    """What tells of cards some seat may not see: a zone not face up for all, holder() while a seat's cards
    are hidden, and the names in `also` (secret variables)."""
    hidden = {z for z, zone in g.zones.items() if zone.visible != "all"} | set(also)
    if any(zone.owner == "seat" and zone.visible != "all" for zone in g.zones.values()):
        hidden.add("holder")
    return hidden


# (step kind, sub-mapping or None, keys, what reading a hidden card there would give away)
OPEN_KEYS = (("auction", "all_pass", ("winner", "bid"), "the contract would tell them"),
             ("choose", None, ("until",), "whether the round of choices goes on would tell them"),
             ("collect", None, ("of", "seat"), "whose cards move would tell them"),
             ("collect", None, ("cards",), "which cards move would tell them"),
             ("play", None, ("sits_out",), "who sits out would tell them"),
             ("play", None, ("calls",), "whether the player names a suit would tell them"),
             ("play", None, ("stop_when",), "whether play stops would tell them"),
             ("play", "draw", ("when",), "whether the cards are drawn would tell them"),
             ("play", None, ("trump", "power_of", "suit_of"), "who takes each trick would tell them"),
             ("play", None, ("leader",), "who leads would tell them (the holder of a card named, as"
              " `holder(2C)`, may lead: that tells where one card lies, as the rules say)"))


def _secrets_told_by(g, key: str) -> frozenset:
    """The secret variables a key of `OPEN_KEYS` may not read: a trick's trump none (one set from hidden cards is
    warned of instead, `check_trump_is_told`); how it is ranked and who leads, none declared visible: none (meant
    secret by the ruleset); the others, all."""
    if key == "trump":
        return frozenset()
    if key in ("power_of", "suit_of", "leader"):
        return g.secret_vars - {k for k, v in g.vars.items() if v.visible == "none"}
    return g.secret_vars


CARD_NAMED = "|".join(sorted(C.BY_NAME, key=len, reverse=True))  # a card written out (10S before 1…)
HOLDER_OF_A_CARD = re.compile(rf"\bholder\(\s*(?:{CARD_NAMED})\s*\)")  # a rule may name who holds one card


def per_card(by_rank: dict, by_card: dict, default) -> tuple:
    """A number for each card id, then no_card's 0: the card's own (`by_card`), else its rank's (the 52 ranked
    cards, `by_rank`), else `default(card)`."""
    return tuple(by_card[c] if c in by_card else by_rank.get(C.RANK[c], default(c)) if c < 52 else default(c)
                 for c in range(len(C.NAMES))) + (0,)


def _words_compared(text: str, options: set, compared: dict, loose: set) -> None:
    """Note the words each of `options` is compared with in `text` (`option.x == "a"`, `!=`, `in ("a", "b")`);
    an option read there any other way, or in a text that does not parse, goes into `loose`."""
    named = {k for k in options if re.search(rf"\boption\.{re.escape(k)}\b", text)}
    nodes = list(_nodes(text, False)) if named else []  # parents before their children
    if named and not nodes:  # it does not parse
        loose |= named

    def judged(n):
        return option_of(n) if option_of(n) in options else None

    def word(n):
        return n.value if isinstance(n, Lit) and n.kind == "str" else None

    seen = set()  # the option nodes read in a comparison with words
    for n in nodes:
        if isinstance(n, Binary) and n.op in ("==", "!="):
            for a, b in ((n.left, n.right), (n.right, n.left)):
                if judged(a) and word(b) is not None:
                    compared[judged(a)].add(word(b))
                    seen.add(id(a))
        if isinstance(n, Member) and judged(n.item) and all(word(o) is not None for o in n.options):
            compared[judged(n.item)].update(word(o) for o in n.options)
            seen.add(id(n.item))
        if judged(n) and id(n) not in seen:
            loose.add(judged(n))


def _hidden_read(g, values, text, also: frozenset = frozenset()) -> str | None:
    """A name `text` reads that tells of cards some seat may not see (`_hidden_names`), or a value that reads
    one of them."""
    return read_through(values, text, _hidden_names(g, also), counts_seen=True, tops=_tops_up(g))


def sets_var(spec, var: str) -> bool:
    """Does a step, as written, set this variable (`set:`, or the variable named alone: a choice's `sets`, a
    role)?"""
    return isinstance(spec, dict) and (var in (spec.get("set") or {}) or any(t.strip() == var for t in texts(spec)))


def read_through(values, text, names, counts_seen: bool = False, seen: frozenset = frozenset(),
                 tops: frozenset = frozenset()) -> str | None:
    """A name of `names` that `text` reads, directly or through the named values it reads (that value's name),
    else None."""
    for name in sorted(names_read(text, set(names) | set(values), counts_seen, tops)):
        if name in names:
            return name
        if name not in seen and read_through(values, values[name], names, counts_seen, seen | {name}, tops):
            return name
    return None


class ValuesBelow(Mapping):
    """The values the value `name` of `spec` may not read (itself and those below it) -> why, each said only when
    read (`place`: each value's place in `spec`): a scope's `not_yet`, made for every value without a dict of all
    those below it (thousands of values would make that a square of them)."""

    def __init__(self, spec, place: dict, name: str):
        self.spec, self.place, self.name, self.at = spec, place, name, place[name]

    def __contains__(self, v) -> bool:
        return self.place.get(v, -1) >= self.at

    def __getitem__(self, v) -> str:
        if v not in self:
            raise KeyError(v)
        name = self.name
        if v == name:
            return f"value '{name}' is worked out from itself"
        if name not in names_read(self.spec[v], {name}):
            return f"value '{v}' comes below '{name}': a value may use only the values above it (move it up)"
        return (f"values '{name}' and '{v}' read each other: a value may use only the values above it, so one of"
                " them must be worked out without the other")

    def __iter__(self):
        return (v for v, k in self.place.items() if k >= self.at)

    def __len__(self) -> int:
        return len(self.place) - self.at


def set_only_by_steps_off(game, specs, when) -> str:
    """Why a step's `when` that reads a variable may never hold: the variable is set only by steps the options
    turn off (a step played on a call that only a step the options turn off makes), so it keeps its start. As
    written: a step that names the variable alone (a choice's `sets`, a role) counts as setting it."""
    after, values = game.tree.get("game", Map()).get("after_hand"), game.tree.get("values", Map())
    for var in sorted(game.vars, key=str):
        if not read_through(values, when, {var}) or isinstance(after, Map) and var in after:
            continue
        setters = [(k, spec) for k, spec in enumerate(specs) if sets_var(spec, var)]
        if setters and all(never_holds(game.steps[k].when) for k, _ in setters if k < len(game.steps)):
            named = ", ".join(f"'{spec.get('name', k + 1)}'" for k, spec in setters)
            return (f"; its condition reads {var}, which only step{'s' * (len(setters) > 1)} {named}"
                    f" set{'s' * (len(setters) == 1)}, off with these options")
    return ""


def names_read(text, known, counts_seen: bool = False, tops: frozenset = frozenset()) -> set[str]:
    """The names of `known` (values, zones, names of the state) an expression reads (none if it does not
    parse: said elsewhere). With `counts_seen`, a whole zone only counted (`count(hand(hakem))`, `empty(stock)`)
    is not read: every seat sees how many cards each zone holds; nor is the top of a zone of `tops`, whose top
    card lies face up (`top(discard)`)."""
    if not isinstance(text, str):
        return set()
    return {name for name in _names_in(text, counts_seen, tops) if name in known}


def names_in(text) -> frozenset:
    """Every name and function an expression reads (none if it is no text or does not parse)."""
    return _names_in(text, False) if isinstance(text, str) else frozenset()


def reads_own(g, text) -> bool:
    """Does an expression worked out for each side (a `stop_when`) read anything that side has of its own: a
    counter, a pile owned by a seat or side, its score, its rounds won, `side` or `seat`, directly or through the
    named values it reads? Else it is the same for every side. A counter or pile of a seat named (`tricks(0)`,
    `hand(hakem)`) is no side's own."""
    own = {"side", "seat", "score", "rounds_won", *g.counters}
    own |= {z.name for z in g.zones.values() if z.owner in ("seat", "side")}
    return _reads_bare(text, frozenset(own), g.tree.get("values", {}), frozenset())


def _reads_bare(text, own: frozenset, values, seen: frozenset) -> bool:
    """Does `text` read a name of `own` as a bare name (not called with an owner), or a value that does?"""
    if not isinstance(text, str):
        return False
    for n in _nodes(text, False):
        if not isinstance(n, Name):
            continue
        if n.name in own:
            return True
        if n.name in values and n.name not in seen and _reads_bare(values[n.name], own, values, seen | {n.name}):
            return True
    return False


def reads_an_option(values, text) -> bool:
    """Does an expression read an option, directly or through the named values it reads?"""
    return read_through(values, text, {"option"}) is not None


def option_of(n) -> str | None:
    """The option a node of an expression reads (`option.target`: 'target'), else None."""
    return n.name if isinstance(n, Attr) and isinstance(n.obj, Name) and n.obj.name == "option" else None


def options_read(text) -> frozenset:
    """The options an expression reads (none if it does not parse: said elsewhere)."""
    return frozenset(k for k in map(option_of, _nodes(text, False)) if k)


def reads_only_options(text) -> bool:
    """Does an expression read nothing but options and constants (so that it is known at load, whatever the
    options' values)?"""
    return reads_only(text, frozenset())


def reads_only(text, names: frozenset) -> bool:
    """Does an expression read nothing but `names` (functions too), options and constants (cards named too)?"""
    if not isinstance(text, str):
        return True
    return not (_names_in(text, False) - names - {"option"} - set(CONSTANTS) - set(CARD_NAMES))


@lru_cache(maxsize=4096)
def _names_in(text: str, counts_seen: bool, tops: frozenset = frozenset()) -> frozenset:
    """Every name and function an expression reads, as `names_read` counts them (a load asks for each
    expression's many times, of different sets of names)."""
    out = set()
    for n in _nodes(text, counts_seen, tops):
        if isinstance(n, Name):
            out.add(n.name)
        if isinstance(n, Call):
            out.add(n.func)
    return frozenset(out)


def _nodes(text, counts_seen: bool, tops: frozenset = frozenset()):
    """Every node of an expression's tree (none if it does not parse: said elsewhere); with `counts_seen`, not
    a zone only counted, nor the face-up top of a zone of `tops`, but the seat whose zone it is."""
    if not isinstance(text, str):
        return
    try:
        todo = [parse(text)]
    except SyntaxProblem:
        return
    while todo:
        n = todo.pop()
        if counts_seen and isinstance(n, Call) and len(n.args) == 1 and isinstance(n.args[0], (Name, Call)) \
                and (n.func in ("count", "empty") or n.func == "top" and _zone_named(n.args[0]) in tops):
            zone = n.args[0]  # a zone counted, or one whose top card lies face up: seen by all
            todo.extend(zone.args if isinstance(zone, Call) else ())  # the seat whose zone it is, not its cards
            continue
        yield n
        todo.extend(children(n))


def every_node(text):
    """Every node of an expression's tree (none if it does not parse: said elsewhere)."""
    return _nodes(text, counts_seen=False)


def _zone_named(n) -> str:
    return n.name if isinstance(n, Name) else n.func


def _seat_env(e, seat: int) -> Env:
    """The state from one seat of the side in focus (each_seat)."""
    return e.st.seat_env(seat, e.side)


def _winning_seat(st) -> int:
    """The seat whose card is winning the trick in progress; -1 when no trick is being played or no card is in it."""
    step = st.acting
    return step.winning_seat(st) if hasattr(step, "winning_seat") else -1


def _led(ts) -> int:
    """The suit led (`ts` a TrickState), no_suit while none is."""
    led = ts.led
    return C.NO_SUIT if led is None else led


def _names_zone(step, zone: str) -> bool:
    """Does a step take or read `zone` by an attribute of its own (a play's source, a deal's stock), beyond its
    packets?"""
    if getattr(step, "stock_zone", None) == zone:
        return True
    for name, value in vars(step).items() if hasattr(step, "__dict__") else ():
        if name != "packets" and (value == zone or isinstance(value, (tuple, list, frozenset, set))
                                  and any(v == zone for v in value if isinstance(v, str))):
            return True
    return False


def _needed(packets, g, need: int | None) -> int | None:
    """Cards dealt after `packets`, from `need` dealt before; None when a packet's size is known only in play."""
    for p in packets:
        if p.count is None or need is None:
            return None
        need += p.count * (len(p.receivers_from(g.players - 1, g.players)) if p.per_seat else 1)
    return need


_WORDS = {INT: "a number", BOOL: "a condition (true/false)", STR: "text", CARD: "a card", CARDS: "cards",
          SUIT: "a suit"}


def no_end_in_hands(hands: int) -> str:
    """A game with nothing else to end it whose number of hands is not above 0 (at load, or in validate's
    trial where `hands` reads the state)."""
    return f"'hands' is {hands}: with no target the game ends only after a number of hands above 0"


def _counted_by_captures(g) -> list[str]:
    """The counters a capture's effects add to (`after_capture`: a sur), in the steps' order."""
    from .steps.capture import CaptureEffect

    return list(dict.fromkeys(e.counter for s in g.steps for e in getattr(s, "effects", None) or ()
                              if isinstance(e, CaptureEffect)))


def _may_add_one(g, counter: str) -> bool:
    """May some capture's effect add one to `counter` (`by` left out, or a `by` not every branch of which is a
    number written out other than 1)?"""
    for spec in g.tree.get("hand", ()):
        play = spec.get("play") if hasattr(spec, "get") else None
        for eff in play.get("after_capture", ()) if hasattr(play, "get") else ():
            if hasattr(eff, "get") and eff.get("add") == counter:
                by = eff.get("by", 1)
                try:
                    results = _results(parse(str(by))) if not isinstance(by, int) else {by}
                except SyntaxProblem:
                    return True
                if results is None or 1 in results:
                    return True
    return False


def _results(node) -> set | None:
    """The whole numbers an expression may give where each of its branches is one written out; else None."""
    if isinstance(node, Lit) and node.kind == "int":
        return {node.value}
    if isinstance(node, Cond):
        then, other = _results(node.then), _results(node.other)
        return None if then is None or other is None else then | other
    return None


def _initial_problem(vtype: str, initial, players: int) -> str:
    """Why `initial` is no start of a variable of `vtype` ('' where it is one)."""
    number = isinstance(initial, int) and not isinstance(initial, bool)
    if vtype == "int" and not number:
        return "is not a whole number, which an int variable starts at"
    if vtype == "bool" and not isinstance(initial, bool):
        return "is not true or false, which a bool variable starts at"
    if vtype == "seat" and not (number and -1 <= initial < players):
        return f"is not a seat: give 0 to {players - 1}, or -1 for nobody"
    if vtype == "suit" and str(initial) not in SUIT_NAMES:
        return f"is not a suit: give {', '.join(C.SUITS)} or none"
    if vtype == "word" and not isinstance(initial, str):
        return "is not a word: put it in quotes, as a word variable holds words"
    return ""


def _typed_problem(form, said: str, other, name, verbs: list, commands: list) -> str:
    """Why a `typed:` form would never be read as `name` at the table ('' where it would): the rest of the
    message after the form's place."""
    if not _said(form):
        return f"is empty: give a word a person may type for {printable(name)}"
    if said.rstrip(".").lstrip("-").isdigit():  # `1.` too, as the menu shows a number
        return "is a number, which the table reads as the move of that number in the list: give words"
    if canonical(said).split()[0] in C.BY_NAME:
        return (f"({printable(form)}) begins with a card's name, which the table reads as the card: give words"
                " that name no card")
    if other == name:
        return ""
    whose = ("a table command" if other in commands else f"read as another move's word ({printable(other)})"
             if other in verbs else f"another word's form ({printable(other)})")
    return f"({printable(form)}) is already {whose}, so it would never be read as {printable(name)}"


def _word_forms(words: Map, key: str):
    """For each word giving `key` (`past:`, `typed:`, `said:`) as a mapping: (name, its entry, [(language, i, where the
    i-th form stands, the form)])."""
    for name, spec in words.items():
        given = spec.get(key) if isinstance(spec, Map) else None
        if isinstance(given, Map):
            yield name, spec, [(lang, i, forms.where(i), form) for lang, forms in given.items()
                               for i, form in enumerate(forms if isinstance(forms, Seq) else ())]


def _said(form) -> bool:
    """Does a word's form say something: not empty, nor only spaces and marks that print as nothing?"""
    return any(not c.isspace() and unicodedata.category(c) != "Cf" for c in str(form if form is not None else ""))


def _words_of(node) -> set[str]:
    """Every key and every word of every text in a ruleset's tree: the names a table word may be for."""
    out: set[str] = set()
    if isinstance(node, dict):
        for k, v in node.items():
            out.add(str(k))
            out |= _words_of(v)
    elif isinstance(node, list):
        for v in node:
            out |= _words_of(v)
    elif isinstance(node, str):
        out.add(node)
        out |= set(re.findall(r"\w+", node))
    return out


def _close(name: str, names: list) -> list:
    return difflib.get_close_matches(name, names, n=2, cutoff=0.6)


def _says_name(label, forms) -> bool:
    """Do the sentences say the label's first word, as a whole word (`kot` of «kot (7-0)», «کُت» of «کُت‌کننده»;
    an article passed over: `slam` of «a slam»)? Then a label restated as it was, or changed after its first
    word, leaves them right."""
    words = [w for w in re.split(r"[\s\u200c(]+", str(label).strip()) if w and w.lower() not in ARTICLES]
    if not words or not isinstance(forms, Seq):
        return False
    whole = re.compile(rf"(?<![\w\u064b-\u065f]){re.escape(words[0])}(?![\w\u064b-\u065f])", re.IGNORECASE)
    return all(whole.search(str(f)) for f in forms)


ARTICLES = ("a", "an", "the")


def _located(where):
    """A problem's place: a node's position as a Where, or the Where given."""
    return where.where if hasattr(where, "where") else where


_KIND = {bool: "a true/false value", int: "a whole number", str: "a word"}
# a name an expression can read (the grammar's NAME): a zone, counter, variable, value or table is named so
READABLE_NAME = re.compile(r"(?!(?:if|then|else|and|or|not|in|true|false)$)[A-Za-z_][A-Za-z0-9_]*")


def _held_below_limit(fn, var: str, where):
    """A number variable's (or a counter's) new value, held below 10^15 as products are: one that reaches it (a sum
    doubled each hand) is the ruleset's error at the `set:`, found in play, not a number that grows past what is
    kept exactly."""
    def held(e, c):
        x = fn(e, c)
        if -MAX_VALUE < x < MAX_VALUE:
            return x
        raise RulesetError(f"number too large: '{var}' would be set to {number_said(x)}, which reaches 10^15 (numbers"
                           " stay below 10^15; found in play)", where)

    return held


def _shown_value(v) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else repr(v) if isinstance(v, str) else str(v)


def results(value) -> list | None:
    """What an expression gives, as a whole or as the branches of its `if`s, as nodes (a number as YAML
    writes it is a literal); None if it does not parse (said elsewhere)."""
    if isinstance(value, int):
        return [Lit(1, 1, "bool" if isinstance(value, bool) else "int", value)]
    try:
        todo = [parse(str(value))]
    except SyntaxProblem:
        return None
    out = []
    while todo:
        n = todo.pop()
        if isinstance(n, Cond):
            todo += [n.other, n.then]
        else:
            out.append(n)
    return out


ROLES = ("last_trick_winner", "last_capturer", "winning_seat")  # seats that are -1, nobody, until there is one


def _minus_one(n) -> bool:
    """-1 as written: nobody, where a seat is meant."""
    return isinstance(n, Unary) and n.op == "-" and isinstance(n.arg, Lit) and n.arg.value == 1 or \
        isinstance(n, Lit) and n.value == -1


def _role(n, roles) -> bool:
    """A seat that is -1, nobody, until someone holds it: a seat variable, a last winner, `holder(...)`."""
    return isinstance(n, Name) and n.name in roles or isinstance(n, Call) and n.func == "holder"


def _named_seat(n, roles) -> bool:
    """A seat given by name, not worked out: a role, the dealer, `next`/`prev`, a number, -1 (nobody)."""
    return _role(n, roles) or isinstance(n, Name) and n.name == "dealer" \
        or isinstance(n, Call) and n.func in ("next", "prev") or isinstance(n, Lit) or _minus_one(n)


def nobody_means(value, roles) -> bool | None:
    """May -1 from this seat expression mean nobody? True when it gives -1 as written or a role and works no
    seat out by arithmetic; False when it names no role; None when it does both, where -1 could be nobody or
    the seat before 0."""
    branches = results(value)
    if not branches or not any(_minus_one(n) or _role(n, roles) for n in branches):
        return False
    return True if all(_named_seat(n, roles) for n in branches) else None


def _quoted_words(text) -> list | None:
    """The quoted words an expression gives as a whole or as the branches of `if`; None if it works one out."""
    branches = results(str(text))
    if branches is None or not all(isinstance(n, Lit) and n.kind == "str" for n in branches):
        return None
    return [n.value for n in branches]


def _written_by(spec) -> list:
    """The variables a step's `set:` or choice writes."""
    written = list(spec["set"]) if isinstance(spec.get("set"), Map) else []
    choose = spec.get("choose") if isinstance(spec.get("choose"), Map) else {}
    return written + [choose.get("sets"), choose.get("chooser")]
