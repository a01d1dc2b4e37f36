"""Compile stage: a checked tree becomes a Game, every expression a closure.

All problems are collected and raised together, each at its file:line:col.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import actions
from . import cards as C
from .errors import RulesetError, Where
from .expressions import BOOL, CARD, CARDS, INT, STR, TypeProblem, Scope, Typed, compile_expr, const
from .language import SyntaxProblem, parse
from .source import Map, Seq
from .state import Env, State
from .steps import CapturePlay, CaptureRule, Collect, Deal, Packet

OPTION_TYPES = {bool: BOOL, int: INT, str: STR}


@dataclass(frozen=True)
class Zone:
    name: str
    owner: str  # seat | side | none
    visible: str  # owner | all | none
    fa: str = ""

    def owners(self, game) -> int:
        return game.players if self.owner == "seat" else game.sides

    def view(self, cards, seat: int, game):
        """The zone as `seat` sees it: card names, or a count where hidden."""
        if self.owner == "none":
            return C.names(cards) if self.visible == "all" else len(cards)
        mine = seat if self.owner == "seat" else game.side_of[seat]
        return [
            C.names(pile) if self.visible == "all" or (self.visible == "owner" and i == mine) else len(pile)
            for i, pile in enumerate(cards)
        ]


@dataclass(frozen=True)
class ScoreRow:
    name: str
    fa: str
    points: object


class Game:
    """A compiled ruleset: immutable, shared by every state it makes."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def new_state(self, seed=None, shuffles=None) -> State:
        """A new game: `shuffles` (deck orders) are used first, then `seed`."""
        return State(self, seed=seed, shuffles=shuffles)

    canonical = staticmethod(actions.canonical)

    @staticmethod
    def why_illegal(st, typed, text):
        return actions.why_illegal(st, typed, text)


class Compiler:
    """Builds a Game from a structurally valid tree, collecting every problem."""

    def __init__(self, tree: Map, label: str):
        self.tree, self.label = tree, label
        self.problems: list[tuple[Where, str]] = []

    def fail(self, where, message: str) -> None:
        self.problems.append((where.where if hasattr(where, "where") else where, message))

    # ---- expressions ------------------------------------------------------
    def expr(self, parent, key, scope: Scope, want: str, default=None):
        """Compile parent[key] as an expression of type `want`; None (and a problem) on error."""
        if key not in parent:
            return default
        value, pos = parent[key], parent.where(key)
        if isinstance(value, bool) or isinstance(value, int):
            t = const(BOOL if isinstance(value, bool) else INT, value)
        else:
            try:
                t = compile_expr(parse(str(value)), scope)
            except (SyntaxProblem, TypeProblem) as e:
                self.problems.append((pos.at(e.line, e.col), e.message))
                return None
        if t.type != want:
            self.fail(pos, f"expected {_WORDS[want]}, but this is {_WORDS[t.type]}")
            return None
        return t.fn

    # ---- the ruleset --------------------------------------------------------
    def compile(self) -> Game:
        t = self.tree
        players = t.get("players", 2)
        partners = bool(t.get("partnerships", False))
        if partners and players % 2:
            self.fail(t.where("partnerships"), f"partnerships need an even number of players, not {players}")
            partners = False
        sides = players // 2 if partners else players
        side_of = tuple(s % sides for s in range(players))
        deck = self.deck()
        options = self.options()
        zones = self.zones()
        counters = self.counters()
        g = Game(
            name=t["name"], description=t.get("description", ""), names=dict(t.get("names", {})),
            players=players, sides=sides, side_of=side_of, partnerships=partners, deck=tuple(deck),
            options={k: v for k, (v, _) in options.items()}, option_docs=options,
            zones=zones, counters=counters, label=self.label, tree=t,
        )
        self.base_scope = Scope(
            names=self.state_names(g), options={k: const(OPTION_TYPES[type(v)], v) for k, (v, _) in options.items()},
            players=players, side_of=side_of,
            other_side=lambda e: [Env(e.st, side=s) for s in range(sides) if s != e.side],
        )
        g.steps = self.steps(g)
        g.scoring = self.scoring(g)
        game = t.get("game", Map())
        g.target = self.expr(game, "target", self.scope(), INT) if "game" in t else None
        if g.target is None and "game" not in t:
            self.fail(t.pos, "missing section 'game' (its 'target' says when the game ends)")
        g.next_dealer = self.expr(game, "next_dealer", self.scope(), INT, default=lambda e, c: e.st.dealer + 1)
        self.check_deal_fits(g)
        if self.problems:
            raise RulesetError("", problems=self.problems)
        return g

    def deck(self) -> list[int]:
        spec = self.tree.get("deck", Map())
        return C.standard_deck(spec.get("remove", ()), spec.get("add", ()))

    def options(self) -> dict:
        out = {}
        for name, spec in self.tree.get("options", Map()).items():
            value = spec["default"]
            allowed = spec.get("values")
            if allowed is not None and value not in allowed:
                self.fail(spec.where("default"), f"option '{name}' is {value!r}; it may be {', '.join(map(str, allowed))}")
            out[name] = (value, spec.get("doc", ""))
        return out

    def zones(self) -> dict:
        return {
            name: Zone(name, spec.get("owner", "none"), spec.get("visible", "all"), spec.get("fa", ""))
            for name, spec in self.tree.get("zones", Map()).items()
        }

    def counters(self) -> dict:
        return {name: spec.get("fa", "") for name, spec in self.tree.get("counters", Map()).items()}

    def state_names(self, g) -> dict:
        names = {
            "dealer": Typed(INT, lambda e, c: e.st.dealer),
            "players": const(INT, g.players),
            "last_capturer": Typed(INT, lambda e, c: e.st.last_capturer),
            "hand_number": Typed(INT, lambda e, c: e.st.hand_no + 1),
        }
        for z in g.zones.values():
            if z.owner == "none":
                names[z.name] = Typed(CARDS, lambda e, c, k=z.name: e.st.zones[k])
        return names

    def scope(self, seat=False, side=False, card=False, **extra) -> Scope:
        """The names visible at one place in the ruleset."""
        s = self.base_scope
        names = dict(s.names)
        g_zones = self.tree.get("zones", Map())
        if seat:
            names["seat"] = Typed(INT, lambda e, c: e.seat)
        if seat or side:
            names["side"] = Typed(INT, lambda e, c: e.side)
            names["score"] = Typed(INT, lambda e, c: e.st.scores[e.side])
        for zname, spec in g_zones.items():
            owner = spec.get("owner", "none")
            if owner == "seat" and seat:
                names[zname] = Typed(CARDS, lambda e, c, k=zname: e.st.zones[k][e.seat])
            elif owner == "side" and (seat or side):
                names[zname] = Typed(CARDS, lambda e, c, k=zname: e.st.zones[k][e.side])
        if seat or side:
            for cname in self.tree.get("counters", Map()):
                names[cname] = Typed(INT, lambda e, c, k=cname: e.st.counters[k][e.side])
        names.update(extra)
        return Scope(names, s.options, card, side and not seat, s.other_side, s.players, s.side_of)

    # ---- steps ----------------------------------------------------------------
    def steps(self, g) -> list:
        out = []
        for i, spec in enumerate(self.tree.get("hand", Seq())):
            name = spec.get("name", f"step {i + 1}")
            when = self.expr(spec, "when", self.scope(), BOOL)
            if "when" in spec and when is not None and _constant(when) is False:
                self.fail(spec.where("when"), f"step '{name}' is unreachable: its 'when' is always false")
            if "deal" in spec:
                out.append(Deal(name, when, self.packets(spec, "deal", g), self.zone_name(spec, "stock", "stock", g, spec.pos, owner="none")))
            elif "play" in spec:
                out.append(self.capture_play(name, when, spec["play"], g))
            elif "collect" in spec:
                out.append(self.collect(name, when, spec["collect"], g))
        if not out:
            self.fail(self.tree.pos, "the hand has no steps")
        return out

    def zone_name(self, spec, key, default, g, pos, owner=None) -> str:
        name = spec.get(key, default)
        where = spec.where(key) if key in spec else pos
        z = g.zones.get(name)
        if z is None:
            self.fail(where, f"unknown zone '{name}' (zones: {', '.join(g.zones) or 'none'})")
        elif owner is not None and z.owner not in (owner if isinstance(owner, tuple) else (owner,)):
            self.fail(where, f"zone '{name}' is owned by {z.owner}; here it must be owned by {owner}")
        return name

    def packets(self, parent, key, g) -> list[Packet]:
        out = []
        for p in parent[key]:
            zone = self.zone_name(p, "to", None, g, p.pos, owner=("seat", "none"))
            per_seat = zone in g.zones and g.zones[zone].owner == "seat"
            if "seats" in p and not per_seat:
                self.fail(p.where("seats"), f"'seats' is for zones owned by seats; '{zone}' is shared")
            redeal = self.expr(p, "redeal_if", self.scope(dealt=Typed(CARDS, lambda e, c: e.dealt)), BOOL)
            replace = self.expr(p, "replace_if", self.scope(card=True), BOOL)
            out.append(Packet(zone, p["count"], per_seat, p.get("seats", "all"), redeal, replace))
        return out

    def capture_play(self, name, when, spec, g) -> CapturePlay:
        played = {"played": Typed(CARD, lambda e, c: e.played)}
        hand = self.zone_name(spec, "from", "hand", g, spec.pos, owner="seat")
        table = self.zone_name(spec, "to", "table", g, spec.pos, owner="none")
        pile = self.zone_name(spec, "pile", "won", g, spec.pos, owner=("seat", "side"))
        stock = self.zone_name(spec, "stock", "stock", g, spec.pos, owner="none")
        rules = [self.capture_rule(r, played) for r in spec.get("captures", Seq())]
        effects = []
        for eff in spec.get("after_capture", Seq()):
            if eff["add"] not in g.counters:
                self.fail(eff.where("add"), f"unknown counter '{eff['add']}' (counters: {', '.join(g.counters) or 'none'})")
            effects.append((eff["add"], self.expr(eff, "if", self.scope(seat=True, **played), BOOL)))
        return CapturePlay(
            name, when,
            first=self.expr(spec, "first", self.scope(), INT, default=lambda e, c: e.st.dealer + 1),
            rules=[r for r in rules if r is not None],
            mandatory=self.expr(spec, "mandatory", self.scope(seat=True), BOOL, default=lambda e, c: True),
            refill=self.packets(spec, "refill", g) if "refill" in spec else [],
            effects=effects, hand=hand, table=table, pile=pile, stock=stock,
            pile_by_side=g.zones.get(pile, Zone(pile, "side", "all")).owner == "side",
        )

    def capture_rule(self, r, played) -> CaptureRule | None:
        name = r.get("name", "capture")
        card = self.expr(r, "card", self.scope(seat=True, card=True), BOOL)
        take_from = self.expr(r, "from", self.scope(seat=True, card=True, **played), BOOL, default=lambda e, c: True)
        total = several = None
        if r["take"] == "sum":
            if "sum" not in r:
                self.fail(r.pos, f"capture '{name}' takes a sum: say what it adds up to with 'sum:'")
            total = self.expr(r, "sum", self.scope(seat=True, **played), INT)
            several = self.expr(r, "several", self.scope(seat=True, **played), BOOL)
        if card is None or take_from is None or (r["take"] == "sum" and total is None):
            return None
        return CaptureRule(name, card, r["take"], take_from, total, several)

    def collect(self, name, when, spec, g) -> Collect:
        source = self.zone_name(spec, "from", None, g, spec.pos, owner="none")
        pile = self.zone_name(spec, "to", None, g, spec.pos, owner=("seat", "side"))
        seat = self.expr(spec, "seat", self.scope(), INT)
        by_side = pile in g.zones and g.zones[pile].owner == "side"
        return Collect(name, when, source, pile, seat or (lambda e, c: -1), by_side)

    def scoring(self, g) -> list[ScoreRow]:
        rows = []
        for r in self.tree.get("scoring", Seq()):
            fn = self.expr(r, "points", self.scope(side=True), INT)
            if fn is not None:
                rows.append(ScoreRow(r["name"], r.get("fa", ""), fn))
        return rows

    # ---- static checks -----------------------------------------------------------
    def check_deal_fits(self, g) -> None:
        """The deal must fit the deck, and refills must use up the stock exactly."""
        for i, spec in enumerate(self.tree.get("hand", Seq())):
            if "deal" not in spec:
                continue
            need = sum(_needed(p, g) for p in spec["deal"])
            if need > len(g.deck):
                self.fail(spec.where("deal"), f"the deal needs {need} cards but the deck has {len(g.deck)}")
                return
            for later in self.tree["hand"][i + 1:]:
                refill = later.get("play", Map()).get("refill")
                per = sum(_needed(p, g) for p in refill or ())
                left = len(g.deck) - need
                if refill and left % per:
                    self.fail(later["play"].where("refill"),
                              f"{left} cards stay in the stock after the deal; refills of {per} cannot share them out")
            return


def _needed(p, g) -> int:
    zone = g.zones.get(p["to"])
    if zone is None or zone.owner != "seat":
        return p["count"]
    return p["count"] * {"all": g.players, "others": g.players - 1, "dealer": 1}[p.get("seats", "all")]


def _constant(fn):
    return getattr(fn, "value", None)


_WORDS = {INT: "a number", BOOL: "a condition (true/false)", STR: "text", CARD: "a card", CARDS: "cards", "suit": "a suit"}
