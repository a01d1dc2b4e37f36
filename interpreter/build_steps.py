"""Compile stage, continued: each step of `hand:` becomes a step object."""

from __future__ import annotations

import dataclasses
import difflib
import itertools

from . import cards as C
from .errors import RulesetError, printable, unknown
from .expressions import (
    ACTED,
    BOOL,
    CARD,
    CARDS,
    INT,
    STR,
    SUIT,
    Typed,
    TypeProblem,
    code,
    compile_expr,
    const,
    folded,
    never_holds,
)
from .guide import LIMITS
from .language import Call, Lit, SyntaxProblem, parse
from .rules import Zone, every_node, names_read, nobody_means, options_read, reads_only, reads_only_options, results
from .source import STEP_KINDS, Map, Seq, effect_label, named_at, option_values, special_label, yaml_word
from .state import Env
from .steps import (
    MAX_BIDS,
    Assign,
    Auction,
    CapturePlay,
    CaptureRule,
    Choose,
    Collect,
    Deal,
    Draw,
    Exchange,
    Packet,
    PassCards,
    Pick,
    Redeal,
    Shed,
    Special,
    TrickPlay,
    Turn,
)
from .steps.capture import MAX_WAYS, CaptureEffect
from .steps.passing import shared_receiver
from .steps.shed import LayEffect
from .steps.trick import TOP, missed_said, places_missed
from .steps.trick_hand import HandTricks, fits
from .steps.trick_lead import Close, Declaration, LeadTricks
from .steps.trick_swap import Swap, SwapTricks
from .words import RESERVED_WORDS

KINDS = STEP_KINDS  # one of these keys makes an item of `hand:` a step of that kind
BUILDERS = {"pass": "pass_cards"}  # a kind whose builder method cannot bear its name
SEAT_ONLY = frozenset({"seat", "side", "players", "next", "prev", "opp", "abs", "max", "min"})  # no play read
ACE_HIGH = (2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A")


def build_steps(cc, g) -> list:
    """Every step of a hand, in order; problems go to the compiler."""
    specs = cc.tree.get("hand", Seq())
    cc.once_each(specs, "step")
    index = {spec.get("name"): i for i, spec in enumerate(specs) if "name" in spec}
    b = _Builder(cc, g, index)
    out = []
    for i, spec in enumerate(specs):
        cc.building = i  # the expressions compiled now are this step's (what reads an auction's bids)
        name = spec.get("name", f"step {i + 1}")
        when = cc.expr(spec, "when", cc.scope(), BOOL)
        if "when" in spec and when is not None and _never(cc, spec):
            cc.fail(spec.where("when"), f"step '{name}' is unreachable: its 'when' is always false")
        elif "when" in spec and when is not None and _never_set(cc, spec):
            said = "; ".join(f"option '{k}' may be {_either(vals)}" for k, vals in
                             _option_values(cc, spec["when"]).items())
            cc.fail(spec.where("when"), f"step '{name}' is unreachable: its 'when' is false under every allowed"
                                        f" setting of the options it reads ({said})")
        elif "when" in spec and when is not None and (why := cc.never_by_bounds(spec, "when", hands=True)):
            cc.caution(spec.where("when"), f"step '{name}' never runs: its 'when' never holds ({why})")
        kind = next(k for k in KINDS if k in spec)
        step = getattr(b, BUILDERS.get(kind, kind))(name, when, spec[kind], spec)
        step.where = spec.pos.where
        out.append(step)
    cc.building = None
    if not out and not cc.taken_away("hand", "its steps"):
        cc.fail(cc.tree.pos, "the hand has no steps")
    _check_trick_zones(cc, specs, out)
    _check_holder_dealt(cc, g, specs, out)
    return out


SEAT_KEYS = ("leader", "who", "first")  # a step's keys that name the seat to act: a trick's leader, a chooser …


def _check_holder_dealt(cc, g, specs, steps) -> None:
    """A seat to act written `holder(CARD)` (a trick's leader, a choice's `who`, an auction's `first` …), on a step
    without a `when`, where the deal just before it leaves some cards to zones no seat owns (a widow, the stock)
    and no step between moves a card: the card may lie there, and the seat be nobody — in a hand random trial
    games may seldom deal."""
    for i, spec in enumerate(specs):
        kind = next((spec[k] for k in KINDS if k in spec), None) if steps[i].when is None else None
        for key in SEAT_KEYS if isinstance(kind, Map) else ():
            card = _held_card(kind.get(key))
            left = _left_to_nobody(g, steps[:i], card) if card is not None else None
            if left:
                cc.fail(kind.where(key), f"{key} '{kind[key]}' may be nobody: the deal gives the seats"
                                         f" {left[0]} of the {len(g.deck)} cards, so {C.NAMES[card]} may lie in"
                                         f" {left[1]}, which no seat holds (deal it to the seats, or give the step"
                                         " a 'when' that holds only when a seat holds it)")


def _held_card(text) -> int | None:
    """The card of a seat written `holder(CARD)`, alone or as a branch of `if … then … else …` whose tests read
    no holder() (`if hand_number == 1 then holder(AS) else next(dealer)`: nobody in a first hand too; a test of
    who holds it, `holder(AS) >= 0`, may guard the branch), else None."""
    branches = results(text) if isinstance(text, str) else None
    held = [n for n in branches or () if isinstance(n, Call) and n.func == "holder" and len(n.args) == 1 and
            isinstance(n.args[0], Lit) and n.args[0].kind == "card"]
    if not held or sum(isinstance(n, Call) and n.func == "holder" for n in every_node(text)) > len(held):
        return None
    return C.card_id(held[0].args[0].value)


def _left_to_nobody(g, before, card: int) -> tuple | None:
    """(cards dealt to the seats, the zones the rest lie in) where the deals after the last shuffle before a step
    may leave `card` (every copy) in no seat's zone: fixed packets, no redeal or replacement, and no step between
    that moves a card. None where that is not known at load."""
    packets, stock = [], None
    for step in reversed(before):
        if isinstance(step, (Assign, Choose, Auction, PassCards)):
            continue  # moves no card, or only from one seat's zone to another's
        if not isinstance(step, Deal) or step.when is not None or packets and step.stock_zone != stock:
            return None
        stock, packets = step.stock_zone, list(step.packets) + packets
        if step.shuffle:
            break
    else:
        return None
    if any(p.count is None or p.redeal_if or p.replace_if for p in packets) or not zones_known(packets, g):
        return None
    copies, dealt = g.deck.count(card), [_dealt(p, g) for p in packets]
    seats = sum(n for p, n in zip(packets, dealt) if p.per_seat)
    if not copies or len(g.deck) - seats < copies:  # a card not in the deck is said where it is named
        return None
    zones = list(dict.fromkeys(p.zone for p in packets if not p.per_seat))
    if len(g.deck) > sum(dealt):
        zones.append(stock)
    return (seats, " or ".join(f"'{z}'" for z in zones)) if zones else None


def zones_known(packets, g) -> bool:
    """Does each packet deal to a zone of the ruleset? An unknown one is said where it is named, once: checks of
    where the cards go (the deal's size, where a card may lie, whether a zone is shared) pass such a deal over."""
    return all(p.zone in g.zones for p in packets)


def _dealt(packet, g) -> int:
    """The cards a packet deals: its count to each seat it deals to, or once to a shared zone."""
    return packet.count * (len(packet.receivers_from(g.players - 1, g.players)) if packet.per_seat else 1)


def _check_trick_zones(cc, specs, steps) -> None:
    """A zone that holds the trick in progress is never dealt to; one not face up is warned of: every card
    played to a trick is named to every seat."""
    tricks = {s.trick_zone for s in steps if hasattr(s, "trick_zone")}
    for spec in specs:
        for p in spec.get("deal", ()) if isinstance(spec.get("deal"), list) else ():
            if isinstance(p, Map) and p.get("to") in tricks:
                cc.fail(p.where("to"), f"'{p['to']}' holds the trick in progress: cards are not dealt to it")
    zones = cc.tree.get("zones", Map())
    for name in sorted(t for t in tricks if t in cc.g.zones and cc.g.zones[t].visible != "all"):
        cc.caution(zones.key_at.get(name, zones.where(name)),
                   f"'{name}' holds the trick in progress but is not face up (visible: all): every card played to"
                   f" a trick is named to every seat all the same ({LIMITS})")


# a rising auction's bids so far, read in its bounds and forbid_if: the highest bid (0 before any) and its bidder
HEARD = {"high_bid": code(INT, '(e.st.phase.get("high") or 0)'),
         "high_bidder": code(INT, 'e.st.phase.get("high_seat", -1)', role="seat")}


class _Builder:
    def __init__(self, cc, g, index):
        self.cc, self.g, self.index = cc, g, index

    # ---- helpers -----------------------------------------------------------
    def zone(self, spec, key, default, owner=None) -> str:
        name = spec.get(key, default)
        where = spec.where(key) if key in spec else spec.pos
        z = self.g.zones.get(name)
        if z is None:
            message = unknown("zone", name, self.g.zones)
            if key not in spec and default is not None:  # a zone the step names by itself
                message += (f"; without `{key}:` this step uses the zone '{default}': declare it under 'zones',"
                            f" or name another with `{key}: ZONE`")
            self.cc.fail(where, message)
        elif owner is not None and z.owner not in (owner if isinstance(owner, tuple) else (owner,)):
            want = " or ".join(owner) if isinstance(owner, tuple) else owner
            self.cc.fail(where, f"zone '{name}' is owned by {z.owner}; here it must be owned by {want}")
        return name

    def by_side(self, zone: str) -> bool:
        return self.g.zones.get(zone, Zone(zone, "side", "all")).owner == "side"

    def var(self, spec, key, vtype=None, default=None) -> str | None:
        """The variable `key` names, which the step sets."""
        name = spec.get(key, default)
        if name is None:
            return None
        self.cc.vars_named.add(name)
        if name not in self.g.vars:
            self.cc.fail(spec.where(key) if key in spec else spec.pos,
                         unknown("variable", name, self.g.vars) + "; declare it under 'vars'")
        elif vtype and self.g.vars[name].type not in vtype:
            kind = self.g.vars[name].type
            self.cc.fail(spec.where(key), f"variable '{name}' is {_a(kind)}; here it must be {_a(vtype[0])}")
        return name

    def counter(self, spec, key, owner=None) -> str | None:
        name = spec.get(key)
        if name is None:
            return None
        c = self.g.counters.get(name)
        if c is None:
            self.cc.fail(spec.where(key), unknown("counter", name, self.g.counters))
        elif owner and c.owner != owner:
            self.cc.fail(spec.where(key), f"counter '{name}' is kept per {c.owner}; here it must be per {owner}")
        return name

    def step_index(self, spec, key, own: str, default_kind="deal") -> int:
        """The step a redeal goes back to (`to:`, an auction's `all_pass:`), else the first deal; `own` is the
        name of the step that throws the hand in (the step being built)."""
        specs = self.cc.tree.get("hand", Seq())
        if key in spec:
            target = spec[key]
            if target not in self.index:
                self.cc.fail(spec.where(key), unknown("step", target, self.index))
                return 0
            if self.index[target] > self.cc.building:
                self.cc.fail(spec.where(key), f"a redeal goes back, but step '{target}' comes after '{own}': the"
                                              " hand would go on with no cards dealt (name a deal before it)")
                return 0
            self.deals_anew(specs, self.index[target], spec.where(key))
            return self.index[target]
        return next((i for i, s in enumerate(specs) if default_kind in s), 0)

    def deals_anew(self, specs, at: int, where) -> None:
        """A redeal gathers every card: a deal that shuffles them must come at step `at` or after it."""
        deal = next((s for s in specs[at:] if isinstance(s, Map) and "deal" in s), None)
        if deal is None:
            self.cc.fail(where, f"a redeal gathers every card and goes back to step '{specs[at].get('name')}', after"
                                " which no deal comes: the hand would go on with no cards (send it to a deal, or"
                                " to a step before one)")
        elif deal.get("shuffle", True) is False:
            self.cc.fail(where, f"a redeal gathers every card and goes back to step '{specs[at].get('name')}', whose"
                                f" first deal, '{deal.get('name')}', does not shuffle: it would find no cards to"
                                " deal (send the redeal to a deal that shuffles)")

    def note_number_as_seat(self, spec, key) -> None:
        """A seat named by a variable declared a number (`leader: contract`): a bid of 11 would be seat 11 counted
        round the table, likely not what was meant — a warning, naming the seat variable or arithmetic to write."""
        name = str(spec.get(key, "")).strip()
        var = self.g.vars.get(name)
        if var is not None and var.type == "int":
            self.cc.caution(spec.where(key), f"{key} '{name}' is a number variable, not a seat: its value is counted"
                                             f" round the table as a seat (with {self.g.players} players, 11 is seat"
                                             f" {11 % self.g.players}); name a seat variable (type: seat), or write"
                                             " the seat arithmetic meant")

    def seat_expr(self, spec, key, default, fix: str = "give the step a 'when' that holds only when it names a seat"):
        """The seat a step's `who`, `first` or `leader` names. Where the expression names a role (a seat
        variable, `last_trick_winner`, `holder(...)`) and works no seat out by arithmetic, -1 is nobody: the
        step stops with an error at the key, where seat arithmetic would have wrapped it to the last seat."""
        fn = self.cc.expr(spec, key, self.cc.scope(), INT, default=default, role="seat")
        self.note_number_as_seat(spec, key)
        written = getattr(fn, "value", None) if fn is not default else None
        if isinstance(written, int) and not 0 <= written < self.g.players:  # written so: never a seat
            said = "nobody (-1)" if written == -1 else "no seat"
            self.cc.fail(spec.where(key), f"{key} '{spec[key]}' is {said}: name a seat (0 to"
                                          f" {self.g.players - 1}, or one by a rule: dealer, next(dealer) …)")
            return None
        if fn is None or fn is default or not nobody_means(spec[key], self.cc.seat_roles()):
            return fn  # no role, or one beside seat arithmetic: the seat wraps round the table
        text, where = str(spec[key]), spec.where(key).where
        held = " (holder() is nobody while the card is in no seat's hand: is it always dealt?)" \
            if "holder(" in text else ""

        def role(e, c):
            seat = fn(e, c)
            if seat == -1:
                raise RulesetError(f"{key} '{text}' is nobody (-1) in hand {e.st.hand_no + 1}: {fix}{held}", where)
            return seat

        return role

    def order(self, spec, key="order") -> tuple:
        """Card power from a rank order (low to high) and cards above every suit."""
        ranks = spec.get(key, Seq(ACE_HIGH))
        power = [0] * len(C.NAMES)
        seen = set()
        for i, r in enumerate(ranks):
            rank = C.rank_number(r)
            where = ranks.where(i) if isinstance(ranks, Seq) and i in ranks.at else spec.where(key)
            if rank is None or rank in seen:
                self.cc.fail(where, f"'{r}' is not a rank (A 2-10 J Q K)" if rank is None
                             else f"rank '{r}' is listed twice in the order")
                continue
            seen.add(rank)
            for c in range(52):
                if C.RANK[c] == rank:
                    power[c] = i + 1
        in_deck = {C.RANK[c] for c in self.g.deck if C.SUIT[c] >= 0}
        left_out, absent = sorted(in_deck - seen), sorted(seen - in_deck)
        if absent and key in spec:  # harmless, but perhaps another deck was meant
            names = ("rank " if len(absent) == 1 else "ranks ") + ", ".join(C.RANKS[r - 1] for r in absent)
            self.cc.caution(spec.where(key), f"the order lists {names}, which no card of this ruleset's deck has")
        if left_out:
            names = ("rank " if len(left_out) == 1 else "ranks ") + ", ".join(C.RANKS[r - 1] for r in left_out)
            self.cc.fail(spec.where(key) if key in spec else spec.pos,
                         f"the order leaves out {names} of the deck: those cards would have no power")
        for i, name in enumerate(spec.get("top", ())):
            card = C.card_id(name)
            if card not in self.g.deck:
                self.cc.fail(spec["top"].where(i), _not_in_deck(card))
            power[card] = TOP + i
        return tuple(power)

    # ---- steps ---------------------------------------------------------------
    def deal(self, name, when, packets, spec):
        return Deal(name, when, self.packets(packets, spec.get("shuffle", True) is not False),
                    self.zone(spec, "stock", "stock", owner="none"),
                    spec.get("shuffle", True))

    def packets(self, packets, reshuffles: bool = False) -> list[Packet]:
        """A deal's packets; `reshuffles`: the deal shuffles, so that a packet may throw it in (`redeal_if`,
        `replace_once`), which a deal that goes on from the stock or a refill could not deal again."""
        cc, out = self.cc, []
        for p in packets:
            zone = self.zone(p, "to", None, owner=("seat", "none"))
            per_seat = zone in self.g.zones and self.g.zones[zone].owner == "seat"
            shared = not per_seat and zone in self.g.zones  # an unknown zone is neither: said once, as unknown
            if "seats" in p and shared:
                cc.fail(p.where("seats"), f"'seats' is for zones owned by seats; '{zone}' is shared")
            for key in ("redeal_if", "replace_if", "replace_once"):
                if key in p and per_seat:
                    cc.fail(p.where(key), f"'{key}' judges cards dealt to a shared zone (a table); '{zone}' is"
                                          " owned by seats")
            for key in ("redeal_if", "replace_once") if not reshuffles else ():
                if key in p and shared:
                    cc.fail(p.where(key), f"'{key}' throws the deal in, but this deal does not shuffle (it goes on"
                                          " from the stock, or refills): nothing could deal the cards again")
            redeal = cc.expr(p, "redeal_if", cc.scope(dealt=code(CARDS, "e.dealt")), BOOL)
            replace = cc.expr(p, "replace_if", cc.scope(card=True), BOOL)
            if replace is not None and p.get("replace_once") is not True and \
                    self.reads_no_card(p, "replace_if", cc.scope(card=True)):
                cc.fail(p.where("replace_if"), "'replace_if' reads nothing of the card dealt: where it holds, every"
                                               " card dealt and each dealt in its place goes back, until the stock"
                                               " runs out; test the card (rank == J)")
            count = cc.expr(p, "count", cc.scope(), INT) or (lambda e, c: 0)
            fixed = getattr(count, "value", None)
            if fixed is not None and fixed < 1:
                cc.fail(p.where("count"), f"a packet deals at least 1 card, not {fixed}")
            by = p.get("at_a_time", 0)
            if by and shared:
                cc.fail(p.where("at_a_time"), f"'at_a_time' is for zones owned by seats; '{zone}' is shared")
            if "replace_once" in p and "replace_if" not in p:
                cc.fail(p.where("replace_once"), "'replace_once' says what happens when the card dealt in place of"
                                                 " one `replace_if` sends back must go too: give the packet a"
                                                 " `replace_if`")
            once = p.get("replace_once", False) is True
            if "dealer" in p and shared:
                cc.fail(p.where("dealer"), f"'dealer' says whom a packet to seats counts from; '{zone}' is shared")
            out.append(Packet(zone, fixed, per_seat, p.get("seats", "all"), redeal, replace, once,
                              count_fn=None if fixed is not None else count, at_a_time=by,
                              where=p.where("count").where if "count" in p else None,
                              dealer=self.seat_expr(p, "dealer", None) if "dealer" in p else None))
        return out

    def draw(self, name, when, spec, _):
        var = self.var(spec, "role", ("seat",))
        until = self.cc.expr(spec, "until", self.cc.scope(card=True), BOOL, default=lambda e, c: True)
        mode = spec.get("mode", "first")
        if "top" in spec and mode != "highest":
            self.cc.fail(spec.where("top"), "'top' ranks cards above every rank in a draw for the highest card: a"
                                            " draw for the first card that meets 'until' has no use for it"
                                            " (mode: highest?)")
        order = self.order(spec)
        if mode == "highest":  # a joker drawn would be below every card, whatever the rules say of it
            self.jokers_ranked(spec, order, set(), "{it} would lose every draw for the highest card, below even the"
                                                   " lowest rank (list jokers under 'top', above every rank)")
        return Draw(name, when, var, mode, until, order)

    def set(self, name, when, spec, _):
        return Assign(name, when, self.cc.assignments(_as_parent(spec), "values"))

    def choose(self, name, when, spec, _):
        listed = spec.get("options", ())
        for i, o in enumerate(listed if isinstance(listed, Seq) else ()):
            if isinstance(o, bool):
                self.cc.fail(listed.where(i), f"this option reads as {str(o).lower()} (YAML takes yes, no, on and"
                                              " off for true and false): write the word in quotes, as \"yes\"")
            elif str(o).lower() in RESERVED_WORDS or str(o).isdigit():
                self.cc.fail(listed.where(i), f"a choice may not be called '{o}': at the table that is a command or"
                                              " a number from the menu, so it could not be typed as the choice")
            elif len(str(o).split()) != 1 or str(o) != str(o).strip():  # (a fuzz: '', 'redeal ', 'x y' were moves)
                self.cc.fail(listed.where(i), f"a choice is one word a person types, not '{printable(str(o))}'"
                                              " (empty, or with spaces: write it as one word, as keep or no_trump)")
        verb = spec.get("verb")
        if verb is not None and (not isinstance(verb, str) or len(verb.split()) != 1 or verb != verb.strip()
                                 or verb.lower() in RESERVED_WORDS or verb.isdigit()):
            self.cc.fail(spec.where("verb"), f"'verb' is one word each move says before its option (trump), not"
                                             f" '{printable(str(verb))}': not empty, no spaces, no number and no"
                                             " table command")
        if not isinstance(listed, Seq) and str(listed) != "suits":  # `options: suit`: one option, no choice
            hint = " (did you mean suits?)" if difflib.get_close_matches(str(listed), ["suits"], cutoff=0.6) else ""
            self.cc.fail(spec.where("options"), f"'options' lists the choices, or is 'suits' for every suit: the one"
                                                f" word '{printable(listed)}' would be a choice of one{hint}")
        raw = [str(o) for o in listed] if isinstance(listed, Seq) else [str(listed)]
        options = [x for o in raw for x in (C.SUITS if o == "suits" else [o])]  # `suits`: every suit, in its place
        into = self.g.vars.get(str(spec.get("sets")))
        suits = "suits" in raw or bool(options) and into is not None and into.type == "suit" and \
            all(o in C.SUITS or o == "no_suit" for o in options)  # `no_suit`: no trump
        if suits:
            self._suit_options(spec, listed, raw, options)
        for i, o in enumerate(raw if isinstance(listed, Seq) and not suits else ()):
            if o in raw[:i]:  # (a fuzz: `keep` listed twice was two moves of one text)
                self.cc.fail(listed.where(i), f"the choice '{printable(o)}' is listed twice: each choice once")
        var = self.var(spec, "sets", ("suit",) if suits else ("word",))
        who = self.seat_expr(spec, "who", lambda e, c: e.st.dealer + 1)
        choice = code(SUIT, "e.offer") if suits else \
            dataclasses.replace(code(STR, "e.offer"), choices=tuple(options), label="the choice")  # a typo: said
        judged = self.cc.scope(seat=True, choice=choice)
        forbid = self.cc.expr(spec, "forbid_if", judged, BOOL)
        until = self.cc.expr(spec, "until", self.cc.scope(), BOOL)
        chooser = self.var(spec, "chooser", ("seat",))
        if "chooser" in spec and "until" not in spec:
            self.cc.fail(spec.where("chooser"), "'chooser' holds the seat whose choice met 'until': without an"
                                                " 'until', one seat chooses, the one 'who' names")
        passing = spec.get("pass")
        if passing is not None and str(passing) not in options:
            self.cc.fail(spec.where("pass"), f"'pass' names the option that passes, one of"
                         f" the options ({', '.join(options)}), not '{passing}'")
        elif passing is not None and "pass" in options and str(passing) != "pass":
            self.cc.fail(spec.where("pass"), f"'{passing}' would be the action pass, which the option 'pass' is"
                         " already: two options of one choice need two actions")
        return Choose(name, when, who or (lambda e, c: 0), spec.get("verb", ""), options, var, suits, forbid,
                      until=until, chooser=chooser, passing=None if passing is None else str(passing))

    def _suit_options(self, spec, listed, raw: list[str], options: list[str]) -> None:
        """A suit choice offers suits and `no_suit` (no trump), each once: any other word is an error at it."""
        where = listed.where if isinstance(listed, Seq) else (lambda i: spec.where("options"))
        for i, o in enumerate(raw):
            if o not in C.SUITS and o not in ("suits", "no_suit"):
                self.cc.fail(where(i), f"a choice of suit offers suits (S H D C, or all of them: suits) and no_suit"
                                       f" (no trump), not '{o}'")
        twice = sorted({o for o in options if options.count(o) > 1})
        if twice:
            self.cc.fail(where(0), f"a choice of suit offers {', '.join(twice)} more than once")

    def redeal(self, name, when, spec, _):
        cond = self.cc.expr(spec, "if", self.cc.scope(), BOOL, default=lambda e, c: True)
        return Redeal(name, when, cond or (lambda e, c: False), self.step_index(spec, "to", name))

    def auction(self, name, when, spec, _):
        style = spec.get("style", "rising")
        heard = HEARD if style == "rising" else {}  # the bids so far: the highest, and whose it is
        cc, sc = self.cc, self.cc.scope(seat=True, **heard)  # the bounds see the bidder: `seat`, its counters
        into = self.counter(spec, "into", owner="seat") if style == "each" else None
        if style == "each" and into is None:
            cc.fail(spec.pos, "an auction with style 'each' needs 'into': a counter kept per seat")
        if style == "rising" and "into" in spec:  # else never read, and the bids never kept there
            cc.fail(spec.where("into"), "'into' is for an auction of style 'each', where each seat's bid goes to a"
                                        " counter kept per seat; a rising auction keeps its highest bid in its"
                                        " 'contract' variable, its bidder in 'winner'")
        for key in ("winner", "contract") if style == "each" else ():
            if key in spec:
                cc.fail(spec.where(key), f"'{key}' is for a rising auction; in style 'each' every seat's bid goes"
                                         " to the counter 'into' names")
        for key in ("winner", "contract") if style == "rising" else ():
            if key not in spec:
                cc.fail(spec.pos, f"a rising auction names its '{key}' variable (e.g. {key}: "
                                  f"{'hakem' if key == 'winner' else 'contract'})")
        low, high = cc.expr(spec, "min", sc, INT), cc.expr(spec, "max", sc, INT)
        step = cc.expr(spec, "step", sc, INT, default=folded(1))  # a constant: with constant bounds, read once
        lo, hi, by = getattr(low, "value", None), getattr(high, "value", None), getattr(step, "value", 1)
        if lo is not None and hi is not None and lo > hi:
            cc.fail(spec.where("min"), f"the lowest bid ({lo}) is above the highest ({hi}): nobody could bid")
        elif by is not None and by < 1:
            cc.fail(spec.where("step"), f"the bids go up by {by}: a step of 1 or more is needed")
        elif lo is not None and hi is not None and (hi - lo) // by + 1 > MAX_BIDS:
            cc.fail(spec.where("max"), f"{(hi - lo) // by + 1:,} bids from {lo} to {hi}: at most {MAX_BIDS:,}"
                                       " bids are offered at once (raise the step or narrow the range)")
        elif lo is not None and hi is not None and by and (hi - lo) % by:
            top = hi - (hi - lo) % by
            cc.caution(spec.where("min"), f"the bids go from {lo} by {by}, so the highest bid is {top:,}: the 'max' of"
                                          f" {hi:,} is never a bid (a 'min' of {hi - (hi - lo) // by * by:,} or {top:,}"
                                          f" as 'max' keeps the two in step)")
        if style == "rising":
            self.note_result_read(spec)
        return Auction(
            name, when, style=style, first=self.seat_expr(spec, "first", lambda e, c: e.st.dealer + 1),
            low=low, step=step, high=high,
            winner=self.var(spec, "winner", ("seat",)) if style == "rising" else None,
            contract=self.var(spec, "contract", ("int",)) if style == "rising" else None,
            into=into,
            redeal_to=self.step_index(spec if isinstance(spec.get("all_pass"), str) else {}, "all_pass", name),
            forbid=cc.expr(spec, "forbid_if", cc.scope(seat=True, offer=code(INT, "e.offer"), **heard), BOOL),
            forced=self.forced_bidder(spec, style), passing=self.passing_bid(spec, style),
            once=self.one_round(spec, style),
        )

    def note_result_read(self, spec) -> None:
        """A rising auction's bounds or forbid_if reading its own `winner` or `contract` variable, which it sets only
        once it is over: during the bidding they hold what they held before (a warning, naming the bids so far)."""
        result = {str(spec.get("winner")): "high_bidder", str(spec.get("contract")): "high_bid"}
        for key in ("min", "max", "step", "forbid_if"):
            for var in sorted(names_read(spec.get(key), result)):
                self.cc.caution(spec.where(key), f"'{var}' is set only once the auction is over: during the bidding"
                                                 f" it holds what it held before; write '{result[var]}' for the bids"
                                                 " so far (high_bidder: whose the highest bid is; high_bid: that bid)")

    def one_round(self, spec, style: str) -> bool:
        """`once: true`: a rising auction of one round (each style bids once anyway)."""
        if spec.get("once") and style != "rising":
            self.cc.fail(spec.where("once"), "'once' is for a rising auction: in style 'each' every seat bids once"
                                             " anyway")
        return bool(spec.get("once", False))

    def passing_bid(self, spec, style: str):
        """`pass: N` (each style): the bid N is the action `pass` (a pass kept as 0 for the rules that read the
        bids); else None."""
        if "pass" not in spec:
            return None
        if style != "each":  # a whole number: the schema says so
            self.cc.fail(spec.where("pass"), "'pass' names the bid that is a pass where every seat bids once"
                                             " (style: each); a rising auction has its own pass")
            return None
        low, high = spec.get("min"), spec.get("max")
        if isinstance(low, int) and isinstance(high, int) and not low <= spec["pass"] <= high:
            self.cc.fail(spec.where("pass"), f"'pass: {spec['pass']}' is no bid of this auction (its bids run from"
                                             f" {low} to {high}): widen min or max to take it, and refuse the bids"
                                             " between with forbid_if; or bid in a rising auction with once: true,"
                                             " which has a pass of its own")
            return None
        return spec["pass"]

    def forced_bidder(self, spec, style: str):
        """`all_pass: {winner: SEAT, bid: N}`: if all pass, that seat takes the contract at that bid; else None."""
        forced = spec.get("all_pass")
        if not isinstance(forced, Map):
            return None
        if style != "rising":
            self.cc.fail(spec.where("all_pass"), "'all_pass' is for a rising auction, where everyone may pass")
        bid = self.cc.expr(forced, "bid", self.cc.scope(), INT)
        low, high = spec.get("min"), spec.get("max")  # the bids as written: numbers, or rules
        value = getattr(bid, "value", None)
        if value is not None and isinstance(low, int) and isinstance(high, int) and not low <= value <= high:
            self.cc.caution(forced.where("bid"), f"all pass, and the contract falls at {value}, a bid nobody could"
                                                 f" make in this auction (its bids run from {low} to {high})")
        fix = "name a seat that is someone whenever all pass (the dealer, next(dealer) …)"
        return self.seat_expr(forced, "winner", None, fix), bid

    def exchange(self, name, when, spec, _):
        to = self.zone(spec, "to", None, owner=("seat", "side"))
        return Exchange(
            name, when, who=self.seat_expr(spec, "who", None) or (lambda e, c: 0),
            take=self.zone(spec, "take", None, owner="none") if "take" in spec else None,
            hand=self.zone(spec, "into", "hand", owner="seat"),
            discard=spec.get("discard", 0), to=to, to_by_side=self.by_side(to), add=self.counter(spec, "add", "side"),
        )

    def collect(self, name, when, spec, step):
        source, pile = self.zone(spec, "from", None), self.zone(spec, "to", None)
        if source not in self.g.zones or pile not in self.g.zones:  # said already
            return Collect(name, when, source, pile, None, None, "none", "none")
        owners = self.g.zones[source].owner, self.g.zones[pile].owner
        for key, owner, zone, what in (("of", owners[0], source, "whose cards go"),
                                       ("seat", owners[1], pile, "that receives them")):
            if owner != "none" and key not in spec:
                self.cc.fail(step.where("collect"), f"'{zone}' is owned by {owner}s: give '{key}', the seat {what}")
            elif owner == "none" and key in spec:
                self.cc.fail(spec.where(key), f"'{key}' names the seat {what}; '{zone}' is shared")
        if source == pile and owners[0] == "none":
            self.cc.fail(spec.where("to"), f"the cards would go from '{source}' to '{pile}' itself")
        return Collect(name, when, source, pile, self.seat_or_nobody(spec, "seat"), self.seat_or_nobody(spec, "of"),
                       *owners, picked=self.collected_cards(spec, source))

    def collected_cards(self, spec, source: str):
        """`cards:`, the test a card of `source` meets to move (f(env, card)), or None: the whole zone moves. Only
        from a zone every seat sees: which cards left a hidden pile would be a secret the bots' deals of the
        unseen cards could not keep."""
        if "cards" not in spec:
            return None
        if self.g.zones[source].visible != "all":
            self.cc.fail(spec.where("cards"), f"'cards' picks which cards of '{source}' move, but '{source}' is"
                                              " not face up for every seat (visible: all): which cards left a"
                                              " hidden pile would have to stay secret, and bots' deals of the"
                                              " unseen cards could not keep that secret; make the zone face up"
                                              f" (visible: all), count those cards where they lie (a scoring row"
                                              f" reading {source}[...]), or collect the whole zone")
            return None
        return _tabled(self.cc, spec, "cards", self.cc.expr(spec, "cards", self.cc.scope(card=True), BOOL))

    def seat_or_nobody(self, spec, key):
        """A seat that may be nobody (`of`, `seat`, `sits_out`), worked out as f(env): -1 as written, or a role
        nobody holds, is nobody (-1); any other seat wraps round the table. One branch -1 beside another worked
        out by seat arithmetic is refused, as in `set` (-1 could be the seat before 0). None if not given."""
        fn = self.cc.expr(spec, key, self.cc.scope(), INT)
        if fn is None:
            return None
        nobody = nobody_means(spec[key], self.cc.seat_roles())
        if nobody is None:
            self.cc.fail(spec.where(key), f"'{key}' is -1 (nobody) by one branch and worked out by seat arithmetic"
                                          " by another, where -1 would be the seat before 0: name that seat with"
                                          " prev() or next() (next(next(dealer)) for dealer + 2)")
            return None
        n = self.g.players
        if nobody:
            return lambda e, c: -1 if (seat := fn(e, c)) == -1 else seat % n
        return lambda e, c: fn(e, c) % n

    def pick(self, name, when, spec, _):
        burn = self.zone(spec, "burn", None, owner=("seat", "none"))
        return Pick(name, when, first=self.seat_expr(spec, "first", lambda e, c: e.st.dealer + 1),
                    source=self.zone(spec, "from", "stock", owner="none"),
                    keep=self.zone(spec, "keep", "hand", owner="seat"), burn=burn,
                    burn_by_seat=self.g.zones.get(burn, Zone(burn, "none", "none")).owner == "seat")

    def pass_cards(self, name, when, spec, _):
        cc = self.cc
        source = self.zone(spec, "from", "hand", owner="seat")
        to = cc.expr(spec, "to", cc.scope(seat=True), INT)
        if to is not None:
            self.check_pass_to(spec, to)
        return PassCards(name, when, first=self.seat_expr(spec, "first", lambda e, c: e.st.dealer + 1),
                         count=spec["count"], to=to or (lambda e, c: 0),
                         source=source, into=self.zone(spec, "into", None, owner="seat") if "into" in spec else source)

    def check_pass_to(self, spec, to) -> None:
        """A pass's `to` that reads only the passer's seat (and options, players): known at load, it must send each
        seat's cards to another seat, no two to the same one. One that reads the play is checked as it starts."""
        if not reads_only(spec["to"], SEAT_ONLY):
            return
        n, side_of = self.g.players, self.g.side_of
        try:
            dest = tuple(to(Env(None, s, side_of[s]), None) % n for s in range(n))
        except Exception:  # noqa: BLE001 - not to be worked out without a game (said in play, if at all)
            return
        own = next((s for s in range(n) if dest[s] == s), None)
        if own is not None:
            self.cc.fail(spec.where("to"), f"'to' gives seat {own} its own cards: each seat passes to another (to skip"
                                           " passing in some hands, give the step a 'when')")
        elif shared_receiver(dest):
            self.cc.fail(spec.where("to"), f"'to': {shared_receiver(dest)}: each seat passes to a different seat")

    def play(self, name, when, spec, _):
        mode = spec["mode"]
        for key in spec:
            if key in PLAY_KEYS and mode not in PLAY_KEYS[key]:
                self.cc.fail(spec.key_at.get(key, spec.where(key)),
                             f"'{key}' is a key of {PLAY_KEYS[key][0]} play, not of {mode} play")
        if mode == "shed":
            return self.shed_play(name, when, spec)
        return self.capture_play(name, when, spec) if mode == "capture" else self.trick_play(name, when, spec)

    # ---- shedding play ----------------------------------------------------------
    def shed_play(self, name, when, spec) -> Shed:
        cc = self.cc
        tested = cc.scope(seat=True, card=True)
        draw_from = self.zone(spec, "draw_from", None, owner="none") if "draw_from" in spec else None
        for key in ("draw_most", "draw_any_time", "restock", "pass_after_draw"):
            if key in spec and draw_from is None:
                cc.fail(spec.key_at.get(key, spec.where(key)), f"'{key}' is about drawing: give 'draw_from', the"
                                                                " zone a player draws from")
        calls = cc.expr(spec, "calls", tested, BOOL)
        called = self.var(spec, "called", ("suit",))
        if "calls" in spec and "called" not in spec:
            cc.fail(spec.where("calls"), "'calls' goes with 'called': 'calls' tests the cards after which the player"
                                         " names a suit, 'called' is the suit variable that holds it")
        hand, pile = self.shed_zones(name, spec, draw_from)
        return Shed(name, when, first=self.seat_expr(spec, "first", lambda e, c: e.st.dealer + 1),
                    hand=hand, pile=pile,
                    may_play=cc.expr(spec, "may_play", tested, BOOL, default=lambda e, c: True),
                    draw_from=draw_from, draw_most=spec.get("draw_most"),
                    draw_any_time=bool(spec.get("draw_any_time", False)),
                    pass_after_draw=bool(spec.get("pass_after_draw", False)),
                    calls=calls, call_var=called, stop=cc.expr(spec, "stop_when", cc.scope(side=True), BOOL),
                    restock=bool(spec.get("restock", False)), after_lay=self.lay_effects(spec, draw_from),
                    play_on=spec.get("until", "first_out") == "one_left",
                    places=self.counter(spec, "places", owner="seat"),
                    **self.together(spec))

    def together(self, spec) -> dict:
        """The cards that may be laid with the first in one move (`together`, a card test; `played` is the first
        card, its player in focus), and where the key is, for its errors in play."""
        cc = self.cc
        test = cc.expr(spec, "together", cc.scope(seat=True, card=True, played=code(CARD, "e.played")), BOOL)
        where = spec.key_at.get("together", spec.where("together")).where if "together" in spec else None
        return {"together": test, "together_where": where}

    def lay_effects(self, spec, draw_from) -> tuple:
        """What cards laid do to the next players (`after_lay`): each entry's test and its draw, skip, reverse,
        stack; `played` is the card laid, its player in focus."""
        cc, out = self.cc, []
        entries = spec.get("after_lay", Seq())
        cc.once_each(entries, "effect")
        laid = cc.scope(seat=True, played=code(CARD, "e.played"))
        for k, eff in enumerate(entries):
            if not isinstance(eff, Map):
                continue
            if not (eff.get("reverse") is True or any(eff.get(key, 0) != 0 for key in ("draw", "skip"))):
                cc.fail(eff.pos, "an 'after_lay' entry says what its card does: 'draw' (the next player draws that"
                                 " many cards and misses the turn), 'skip' (that many players miss their turn) or"
                                 " 'reverse: true' (play turns round)")
            if "draw" in eff and draw_from is None:
                cc.fail(eff.where("draw"), "'draw' makes the next player draw: give the play 'draw_from', the zone"
                                           " drawn from")
            if eff.get("stack") is True and "draw" not in eff:
                cc.fail(eff.key_at.get("stack", eff.where("stack")), "'stack' lets the next player answer a draw"
                        " with a card like the one laid: give the entry 'draw', the cards the next player draws")
            for key, most in (("draw", len(self.g.deck)), ("skip", self.g.players)):  # as LayEffect.amount, at load
                written = eff.get(key)
                if type(written) is int and not 0 <= written <= most:
                    cc.fail(eff.where(key), f"after_lay '{effect_label(eff, k)}': its {key} is {written}: it is a"
                                            f" number from 0 to {most}")
            out.append(LayEffect(effect_label(eff, k), cc.expr(eff, "if", laid, BOOL, default=lambda e, c: True),
                                 draw=cc.expr(eff, "draw", laid, INT), skip=cc.expr(eff, "skip", laid, INT),
                                 reverse=eff.get("reverse") is True, stack=eff.get("stack") is True,
                                 where=entries.where(k).where))
        return tuple(out)

    def shed_zones(self, name, spec, draw_from) -> tuple[str, str]:
        """A shedding play's hand (its owner sees it) and the pile it lays on (face down: a warning; not drawn
        from)."""
        cc = self.cc
        hand, pile = self.zone(spec, "from", "hand", owner="seat"), self.zone(spec, "to", "discard", owner="none")
        self.seen_by_owner(spec.where("from") if "from" in spec else spec.pos, hand, "a shedding play lays",
                           verb="lay")
        laid = self.g.zones.get(pile)
        if laid is not None and laid.visible == "none":
            zones = cc.tree["zones"]
            cc.caution(zones.key_at.get(pile, zones.where(pile)),
                       f"'{pile}' lies face down, and a shedding play (step '{name}') names every card laid on it: each"
                       f" is named in its player's move and to every seat ({LIMITS})")
        if draw_from is not None and draw_from == pile:
            cc.fail(spec.where("draw_from"), f"'{pile}' is the pile cards are laid on: a player draws from another"
                                             " zone (the stock)")
        return hand, pile

    # ---- capture play ---------------------------------------------------------
    def capture_play(self, name, when, spec) -> CapturePlay:
        cc = self.cc
        played = {"played": code(CARD, "e.played")}
        pile = self.zone(spec, "pile", "won", owner=("seat", "side"))
        cc.once_each(spec.get("captures", Seq()), "capture rule")
        cc.once_each(spec.get("after_capture", Seq()), "effect")
        rules = [self.capture_rule(r, played) for r in spec.get("captures", Seq())]
        effects = []
        names = tuple(str(r.get("name", "capture")) for r in spec.get("captures", Seq()) if isinstance(r, Map))
        rule = dataclasses.replace(code(STR, "e.offer"), choices=names, label="the capture rule")
        after = cc.scope(seat=True, **played, captured=code(CARDS, "e.dealt"), rule=rule)
        labels = [effect_label(eff, k) for k, eff in enumerate(spec.get("after_capture", Seq()))]
        for k, eff in enumerate(spec.get("after_capture", Seq())):
            acted = dataclasses.replace(code(BOOL, "False"), choices=tuple(labels[:k]))  # the effects before it
            label, seen = labels[k], dataclasses.replace(after, names={**after.names, ACTED: acted})
            effects.append(CaptureEffect(label, self.counter(eff, "add", "side"), cc.expr(eff, "if", seen, BOOL),
                                         cc.expr(eff, "by", seen, INT), self.effect_side(eff, seen, label)))
        reads_rule = any("rule" in names_read(eff.get(k), {"rule"}) for eff in spec.get("after_capture", Seq())
                         for k in ("if", "by", "side"))
        table = self.zone(spec, "to", "table", owner="none")
        if table in self.g.zones and self.g.zones[table].visible != "all":
            zones, top = cc.tree["zones"], self.g.zones[table].visible == "top"
            cc.caution(zones.key_at.get(table, zones.where(table)),
                       f"'{table}' {'shows only its top' if top else 'lies face down'}, and a capture (step"
                       f" '{name}') names every card it takes: the cards {'under the top ' if top else ''}that"
                       " were dealt face down are named in the capturing player's moves and in every seat's"
                       f" account of the capture ({LIMITS})")
        mandatory = cc.expr(spec, "mandatory", cc.scope(seat=True), BOOL, default=lambda e, c: True)
        if "mandatory" in spec and getattr(mandatory, "value", None) is not True:  # not given: compulsory
            self.unbounded_sums(spec, table)
        return CapturePlay(
            name, when,
            first=self.seat_expr(spec, "first", lambda e, c: e.st.dealer + 1),
            rules=[r for r in rules if r is not None],
            mandatory=mandatory,
            refill=self.packets(spec["refill"]) if "refill" in spec else [],
            effects=[e for e in effects if e.counter in self.g.counters], effects_read_rule=reads_rule,
            hand=self.capture_hand(spec), table=table,
            pile=pile, stock=self.zone(spec, "stock", "stock", owner="none"), pile_by_side=self.by_side(pile),
        )

    def capture_hand(self, spec) -> str:
        hand = self.zone(spec, "from", "hand", owner="seat")
        self.seen_by_owner(spec.where("from") if "from" in spec else spec.pos, hand, "a capture play plays")
        return hand

    def unbounded_sums(self, spec, table: str) -> None:
        """Where capturing is not compulsory, cards laid may pile up on the table, and a sum rule taking several
        sets at once meets more sets than a move can list: a warning at each such rule whose card test does not
        read the table (a rule that bounds it, as past so many cards another rule takes over, does)."""
        for r in spec.get("captures", Seq()):
            if not isinstance(r, Map) or r.get("take") != "sum" or r.get("several", False) is False:
                continue
            if table not in names_read(r.get("card"), {table}):
                self.cc.caution(r.key_at.get("several", r.where("several")),
                                f"capture '{r.get('name', 'capture')}' may take several sets at once where capturing is"
                                " not compulsory: cards laid may pile up on the table until a card has more than"
                                f" {MAX_WAYS:,} captures to choose among, which stops the game with an error (players"
                                " who only lay cards reach it); bound it in its card: test (`and count(table[rank <="
                                " 10]) <= 13`), with another rule past the bound")

    def effect_side(self, eff, scope, label: str):
        """The side whose counter an effect changes (`side:`, f(env) -> side), else None: the capturer's. A side
        worked out of range is an error at the key, in play."""
        fn = self.cc.expr(eff, "side", scope, INT, role="side")
        if fn is None:
            return None
        sides, where = self.g.sides, eff.where("side").where
        range_said = f"the sides are 0 to {sides - 1} (side(seat + 1) is the next seat's)"
        fixed = getattr(fn, "value", None)
        if isinstance(fixed, int) and not 0 <= fixed < sides:  # known at load
            self.cc.fail(where, f"side {fixed}: {range_said}")
            return None

        def side(e, c):
            s = fn(e, c)
            if not 0 <= s < sides:
                raise RulesetError(f"after_capture '{label}': its side works out to {s} in hand {e.st.hand_no + 1}:"
                                   f" {range_said}", where)
            return s

        return side

    def capture_rule(self, r, played) -> CaptureRule | None:
        cc = self.cc
        name = r.get("name", "capture")
        tested = cc.scope(seat=True, card=True)
        tested = dataclasses.replace(tested, not_yet={**tested.not_yet, "played": "in 'card:' the card under test is"
                                                      " the played card: write card, rank, suit or value"})
        card = _tabled(cc, r, "card", cc.expr(r, "card", tested, BOOL))
        take_from = _tabled(cc, r, "from", cc.expr(r, "from", cc.scope(seat=True, card=True, **played), BOOL,
                                                   default=lambda e, c: True))
        total = several = None
        if r["take"] == "sum":
            if "sum" not in r:
                cc.fail(r.pos, f"capture '{name}' takes a sum: say what it adds up to with 'sum:'")
            total = cc.expr(r, "sum", cc.scope(seat=True, **played), INT)
            several = cc.expr(r, "several", cc.scope(seat=True, **played), BOOL)
        for key in ("sum", "several", "most") if r["take"] != "sum" else ():
            if key in r:  # else silently unused
                why = SOME_HAS.get(key, "") if r["take"] == "some" else ""
                cc.fail(r.key_at.get(key, r.where(key)), f"capture '{name}' takes {r['take']}: '{key}' is only for"
                                                         f" take: sum{why}")
        if r["take"] == "sum" and "most" in r and "several" not in r:
            cc.fail(r.key_at.get("most", r.where("most")), f"capture '{name}': 'most' keeps the sets no other holds,"
                                                           " which only several sets at once make: give 'several'")
        if card is None or take_from is None or (r["take"] == "sum" and total is None):
            return None
        total_table = _by_played(cc, r, "sum", total)
        self.check_sum_reachable(r, name, getattr(card, "table", None), total_table)
        return CaptureRule(name, card, r["take"], take_from, total, several, bool(r.get("exclusive", False)),
                           self.g.card_values, card_table=getattr(card, "table", None),
                           from_grid=_grid(take_from), total_table=total_table,
                           several_value=getattr(several, "value", None), most=bool(r.get("most", False)))

    def check_sum_reachable(self, r, name: str, card_table, total_table) -> None:
        """A sum below every card's value (`sum: 0`) is made by no set of cards: the rule never takes one."""
        deck, values = self.g.deck, self.g.card_values
        if total_table is None or not deck or not values:
            return
        played = [c for c in set(deck) if card_table is None or card_table[c]]
        lowest = min(values[c] for c in deck)
        if played and all(total_table[c] < lowest for c in played):
            totals = sorted({total_table[c] for c in played})
            said = totals[0] if len(totals) == 1 else f"at most {totals[-1]}"
            self.cc.caution(r.where("sum"), f"capture '{name}' takes cards adding up to {said}, less than any"
                                            f" card's value ({lowest}): it never takes a card")

    # ---- trick play --------------------------------------------------------------
    def trick_play(self, name, when, spec) -> TrickPlay:
        cc = self.cc
        pile = self.zone(spec, "pile", "won", owner=("seat", "side"))
        hand = self.zone(spec, "from", "hand", owner="seat")
        turns = self.turns(spec, hand)
        tricks = self.counter(spec, "tricks")  # per side, or per seat (a side's tricks: its seats' sum)
        self.check_by_rule(spec)
        specials = []
        cc.once_each(spec.get("special", Seq()), "special entry", special_label)
        for sp in spec.get("special", Seq()):
            sc = cc.scope(seat=True, card=True, trick=True)
            free, allowed, forced = bool(sp.get("free", False)), cc.expr(sp, "allowed", sc, BOOL), \
                cc.expr(sp, "forced", sc, BOOL)
            label = special_label(sp)
            cards = self.special_cards(sp)
            shared = len(cards) > 1 and all(self.reads_no_card(sp, key, sc) for key in ("allowed", "forced"))
            specials += [Special(card, free, allowed, forced, label, shared=shared) for card in cards]
        draw, by_rule = self.trick_draw(spec, turns), "suit_of" in spec or "power_of" in spec
        swap = self.trick_swap(spec, turns)
        declarations, close = self.trick_declarations(spec, turns), self.trick_close(spec)
        after_trick = self.after_trick(spec)
        written = fits(turns, by_rule, draw) and not after_trick
        kind = HandTricks if written else TrickPlay  # the common shape, specialised
        extra = {"swap": swap} if swap else {}
        if declarations or close:
            kind, extra = LeadTricks, {**extra, "declarations": declarations, "close": close}
        elif swap:
            kind = SwapTricks
        return kind(
            name, when, **extra,
            leader=self.seat_expr(spec, "leader", lambda e, c: e.st.dealer + 1),
            sits_out=self.sits_out(spec),
            trump=cc.expr(spec, "trump", cc.scope(), SUIT), power=self.powerless_jokers(spec, specials),
            specials=specials,
            turns=turns, suitless_lead=cc.expr(spec, "suitless_lead", cc.scope(), SUIT),
            declare_trump=self.var(spec, "declare_trump", ("suit",)),
            stop=cc.expr(spec, "stop_when", cc.scope(side=True), BOOL),
            tricks=tricks, tricks_by_seat=tricks in self.g.counters and self.g.counters[tricks].owner == "seat",
            pile=pile, pile_by_side=self.by_side(pile),
            trick_zone=self.zone(spec, "trick", "trick", owner="none"), follow=self.fixed(spec, "follow", True),
            draw=draw,
            suit_of=cc.expr(spec, "suit_of", cc.scope(card=True), SUIT),
            power_of=cc.expr(spec, "power_of", cc.scope(card=True), INT),
            power_where=spec.where("power_of").where if "power_of" in spec else None,
            trump_var=spec["trump"] if isinstance(spec.get("trump"), str) and spec["trump"] in self.g.vars else None,
            draw_when=cc.expr(spec["draw"], "when", cc.scope(), BOOL) if isinstance(spec.get("draw"), Map) else None,
            after_trick=after_trick,
        )

    def after_trick(self, spec) -> tuple:
        """`after_trick` entries: (name, f(env) or None, [(var, fn, kind)]), the `if` and the `set` worked out
        once each trick is taken, in order."""
        cc, out = self.cc, []
        cc.once_each(spec.get("after_trick", Seq()), "after_trick entry")
        for k, entry in enumerate(spec.get("after_trick", Seq())):
            out.append((effect_label(entry, k), cc.expr(entry, "if", cc.scope(), BOOL),
                        tuple(cc.assignments(entry, "set"))))
        return tuple(out)

    def powerless_jokers(self, spec, specials) -> tuple:
        """A trick play's card power by its order, checking that each joker of the deck has some: a place above
        every suit (`top`), or `suit_of`/`power_of`; a joker a special entry names may be meant to win nothing
        (a card played to follow no suit)."""
        power = self.order(spec)
        if "suit_of" in spec or "power_of" in spec:
            return power
        self.jokers_ranked(spec, power, {sp.card for sp in specials}, "{it} would have no power (list jokers under"
                                                                      " 'top', above every suit, or give them a"
                                                                      " power by 'power_of')")
        return power

    def jokers_ranked(self, spec, power: tuple, exempt: set, why: str) -> None:
        """Each joker of the deck has a place in a card order (a trick play's, a draw's for the highest card):
        a joker has no rank, so an order of ranks leaves it out, and only `top` places it. `why` says what a
        joker left out would do ({it}: it, or they)."""
        jokers = sorted({c for c in self.g.deck if C.SUIT[c] < 0 and power[c] == 0 and c not in exempt})
        if jokers:
            names = ", ".join(C.NAMES[c] for c in jokers)
            self.cc.fail(spec.where("order") if "order" in spec else spec.pos,
                         f"the order leaves out the deck's {'joker' if len(jokers) == 1 else 'jokers'} {names}: a"
                         " joker has no rank, so " + why.format(it="it" if len(jokers) == 1 else "they"))

    @staticmethod
    def reads_no_card(parent, key: str, scope) -> bool:
        """Does parent[key] compile without the card under test, so that it judges every card alike (absent,
        or already refused: said elsewhere)?"""
        text = parent.get(key)
        if not isinstance(text, str):
            return True
        try:
            compile_expr(parse(text), dataclasses.replace(scope, card=False))
        except (SyntaxProblem, TypeProblem):
            return False
        return True

    def sits_out(self, spec) -> tuple | None:
        """A trick play's `sits_out`: (its seat or nobody, where it is written), or None. Not with `draw`: a seat
        sitting out would draw cards it never plays."""
        if "sits_out" in spec and "draw" in spec:
            self.cc.fail(spec.where("sits_out"), "a seat that sits out would draw after each trick and never"
                                                 " play the cards: 'sits_out' cannot go with 'draw'")
        fn = self.seat_or_nobody(spec, "sits_out")
        return (fn, spec.where("sits_out").where) if fn is not None else None

    def fixed(self, spec, key: str, default: bool) -> bool:
        """A yes or no decided when the ruleset loads: true, false, or an expression that reads only options (and
        constants), whatever their values: `option.lenient or trick_number > 3` is refused with any option."""
        fn = self.cc.expr(spec, key, self.cc.scope(), BOOL)
        if fn is None:
            return default
        if not reads_only_options(spec[key]) or not hasattr(fn, "value"):
            self.cc.fail(spec.where(key), f"'{key}' is decided when the ruleset loads: true, false, or an"
                                          " expression of options (option.NAME), not of the game in play")
            return default
        return fn.value

    def check_by_rule(self, spec) -> None:
        """`suit_of`/`power_of` are worked out as a trick starts: a trump the first lead declares comes too late,
        and the suit led and the trick's cards are not there yet."""
        ruled = [k for k in ("suit_of", "power_of") if k in spec]
        if ruled and "declare_trump" in spec:
            self.cc.fail(spec.key_at.get(ruled[0], spec.where(ruled[0])),
                         f"'{ruled[0]}' is worked out as each trick starts, before the first lead declares trump:"
                         " it cannot go with 'declare_trump'")
        unplayed = ("led_suit", "leading", "winning_seat", str(spec.get("trick", "trick")))  # nothing is led yet
        for key in ruled:
            read = sorted(names_read(spec[key], unplayed))
            if read:
                self.cc.fail(spec.where(key), f"'{key}' is worked out as each trick starts, before a card is led:"
                                              f" '{read[0]}' cannot tell it anything then")
        if "trump" in spec and isinstance(spec["trump"], str) and names_read(spec["trump"], ("winning_seat",)):
            self.cc.fail(spec.where("trump"), "'trump' decides which card is winning the trick: it cannot read"
                                              " 'winning_seat'")

    def trick_draw(self, spec, turns) -> tuple | None:
        """`draw: {count, from}`: after each trick, each seat draws from the first shared zone that has cards."""
        if "draw" not in spec:
            return None
        d = spec["draw"]
        raw = d.get("from", "stock")
        if isinstance(raw, Seq):
            zones = [self.zone(Map({"from": z}, pos=raw.where(i)), "from", None, owner="none")
                     for i, z in enumerate(raw)]
        else:
            zones = [self.zone(d, "from", "stock", owner="none")]
        self.from_one_hand(spec, turns, "draw", "fills")
        return d.get("count", 1), tuple(zones)

    def trick_swap(self, spec, turns) -> Swap | None:
        """`swap: {card, with, when, at}`: a card of the hand given for the face-up card of a shared zone."""
        if "swap" not in spec:
            return None
        sw, cc = spec["swap"], self.cc
        zone = self.zone(sw, "with", None, owner="none")
        if zone == spec.get("trick", "trick"):
            cc.fail(sw.where("with"), f"'{zone}' is the trick being played: a swap takes a card that lies apart from"
                                      " play (the turned card), not one played to the trick")
        if zone in self.g.zones and self.g.zones[zone].visible == "none":
            cc.fail(sw.where("with"), f"a swap takes the card it is given for face up, and zone '{zone}' shows no"
                                      " card (visible: none): give it visible: all, or top")
        self.from_one_hand(spec, turns, "swap", "puts the card taken into")
        card = cc.expr(sw, "card", cc.scope(seat=True, card=True), BOOL)
        when = cc.expr(sw, "when", cc.scope(seat=True), BOOL)
        return Swap(card, zone, when, sw.get("at", "turn") == "lead") if card is not None else None

    def trick_declarations(self, spec, turns) -> tuple:
        """`declare:`: the sets of held cards a leader may show for points, each entry's sets of the deck's cards
        that meet `cards`, one set for each suit or rank (`each`) or one of them all."""
        entries, cc = spec.get("declare", Seq()), self.cc
        if not entries:
            return ()
        cc.once_each(entries, "declaration")
        self.from_one_hand(spec, turns, "declare", "shows cards of")
        out, seen = [], {}
        for d in entries:
            name, into = str(d.get("name", "")), self.counter(d, "into")
            cards = self.picked_cards(d, "cards", "a declaration's 'cards' picks its sets once, at load: it may"
                                                  " read the card under test (rank, suit, value), not the game's"
                                                  " state; put a test on the state in 'when'")
            if cards is None:  # refused, or broken: said
                continue
            each = d.get("each", "set")
            key = {"suit": C.SUIT, "rank": C.RANK}.get(each)
            groups = [tuple(g) for _, g in itertools.groupby(sorted(cards, key=lambda c: (key[c], c)),
                                                             key=key.__getitem__)] if key else [tuple(sorted(cards))]
            if cards == []:
                cc.fail(d.where("cards"), f"declaration '{name}': no card of the deck meets its 'cards' test, so it"
                                          " offers no set")
            twice = next((g for g in groups if g in seen), None)
            if twice:
                cc.fail(d.where("cards") if "cards" in d else named_at(d).where,
                        f"declaration '{name}' offers {' '.join(C.NAMES[c] for c in twice)}, as declaration"
                        f" '{seen[twice]}' does: a move names the cards it shows, so each set belongs to one"
                        " declaration")
            seen.update((g, name) for g in groups if g not in seen)
            points = cc.expr(d, "points", cc.scope(seat=True, card=True), INT)
            when = cc.expr(d, "when", cc.scope(seat=True), BOOL)
            if points is not None and into in self.g.counters and groups and groups[0]:
                out.append(Declaration(name, tuple(groups), points, into, self.g.counters[into].owner == "seat",
                                       when, bool(d.get("lead", False))))
        if len(out) > 63 or any(len(d.sets) > 63 for d in out):
            cc.fail(spec.where("declare"), "a trick play offers at most 63 declarations of at most 63 sets each")
            return ()
        return tuple(out)

    def trick_close(self, spec) -> Close | None:
        """`close: {sets, by, when, set}`: a leader's move that turns a variable on (the stock closed), and notes
        what the rules read later as the close found the hand."""
        if "close" not in spec:
            return None
        cl, cc = spec["close"], self.cc
        flag = self.var(cl, "sets", ("bool",))
        by = self.var(cl, "by", ("seat",))
        when = cc.expr(cl, "when", cc.scope(seat=True), BOOL)
        own = [k for k in (cl.get("set") or {}) if k in (flag, by)] if isinstance(cl.get("set"), dict) else []
        for k in own:  # the close's own variables are its to set
            cc.fail(cl["set"].where(k), f"a close's 'set' may not set '{k}', which the close itself sets"
                                        f" ({'sets' if k == flag else 'by'}): it would undo or misname the close")
        notes = tuple(cc.assignments(cl, "set")) if "set" in cl and not own else ()
        return Close(flag, by, when, notes) if flag in self.g.vars else None

    def picked_cards(self, parent, key: str, state_refused: str) -> list[int] | None:
        """The deck's cards that meet the card test parent[key] (every card, without one), picked at load; None
        where the test does not compile or reads the game's state (said)."""
        if key not in parent:
            return list(dict.fromkeys(self.g.deck))
        test = _tabled(self.cc, parent, key, self.cc.expr(parent, key, self.cc.scope(card=True), BOOL))
        if test is None:
            return None
        if not hasattr(test, "table") and not hasattr(test, "value"):
            self.cc.fail(parent.where(key), state_refused)
            return None
        return list(dict.fromkeys(c for c in self.g.deck if test(None, c)))  # a card held twice: once

    def from_one_hand(self, spec, turns, key: str, does: str) -> None:
        """A trick play's `key` (a draw, a swap, a declaration) works on the hand every turn plays from: an error
        at the key where the turns play from pile tops or several hands."""
        if any(t.tops or len(t.sources) > 1 or t.sources != turns[0].sources for t in turns):
            self.cc.fail(spec.key_at.get(key, spec.where(key)), f"'{key}' {does} the hand every turn plays from: it"
                                                                " needs turns that all play from one hand")

    def special_cards(self, sp) -> list[int]:
        """The cards a `special` entry is for: one `card`, or every card of the deck matching `cards`."""
        if "cards" in sp:
            return self.picked_cards(sp, "cards", "a special entry's 'cards' picks its cards once, at load: it may"
                                                  " read the card under test (rank, suit, value), not the game's"
                                                  " state; put a test on the state in 'allowed'") or []
        if "card" not in sp:
            self.cc.fail(sp.pos, "a special entry names its 'card' (e.g. BJ) or its 'cards' (e.g. suit == H)")
            return []
        try:
            card = C.card_id(str(sp["card"]))
        except C.CardError as e:
            self.cc.fail(sp.where("card"), str(e))
            return []
        if card not in self.g.deck:
            self.cc.fail(sp.where("card"), _not_in_deck(card))
        return [card]

    def seen_by_owner(self, where, zone: str, plays: str, top: bool = False, verb: str = "play") -> None:
        """A zone a player plays from is one its owner sees (else his moves would name the cards hidden from him,
        and he could play any of them); with `top`, one showing only its top, which he plays."""
        seen = self.g.zones.get(zone)
        allowed = ("owner", "all", "top") if top else ("owner", "all")
        if seen is not None and seen.visible not in allowed:
            self.cc.fail(where, f"zone '{zone}' is visible: {seen.visible}, so its owner does not see the cards he"
                                f" may {verb}; {plays} from a zone its owner sees (visible: owner or all"
                                f"{', or top: its top card is played' if top else ''})")

    def turns(self, spec, hand) -> tuple:
        if "turns" not in spec:  # each seat plays from `from:`; a pile whose top alone shows plays its top
            self.seen_by_owner(spec.where("from") if "from" in spec else spec.pos, hand, "a trick play plays",
                               top=True)
            zone = self.g.zones.get(hand)
            return tuple(Turn(i, (hand,), zone is not None and zone.visible == "top") for i in range(self.g.players))
        out = []
        for t in spec["turns"]:
            sources = t["from"] if isinstance(t["from"], list) else [t["from"]]
            raw = t["from"]
            places = [raw.where(i) if isinstance(raw, Seq) else t.where("from") for i in range(len(sources))]
            names = tuple(self.zone(_one(z, p), "z", None, owner="seat") for z, p in zip(sources, places))
            for z, p in zip(names, places):
                self.seen_by_owner(p, z, "a trick play plays", top=True)
            if t.get("seat", 0) >= self.g.players:
                self.cc.fail(t.where("seat"), f"seat {t['seat']} places after the leader: there are only"
                                              f" {self.g.players} players (0 to {self.g.players - 1})")
            tops = len(names) > 1 or any(self.g.zones.get(z) and self.g.zones[z].visible == "top" for z in names)
            out.append(Turn(t.get("seat", 0), names, tops))
        missed = places_missed(out, self.g.players)
        if missed and out:  # the game may run (a hand ends before the seats' cards run unevenly), but not as meant
            never = "it never plays" if len(missed) == 1 else "they never play"
            self.cc.caution(spec.where("turns"), f"the turns give no play to {missed_said(missed)}, so {never} to a"
                                                 " trick (each turn is one play, by the seat `seat` places after the"
                                                 " leader)")
        return tuple(out)


# the play keys of some modes only (the others, such as `from`, serve every mode)
PLAY_KEYS = {**dict.fromkeys(("stock", "refill", "mandatory", "captures", "after_capture"), ("capture",)),
             **dict.fromkeys(("to", "first"), ("capture", "shed")),
             **dict.fromkeys(("leader", "trump", "order", "top", "follow", "special", "suitless_lead",
                              "declare_trump", "tricks", "trick", "turns", "draw", "suit_of",
                              "power_of", "sits_out", "swap", "declare", "close", "after_trick"), ("trick",)),
             "pile": ("capture", "trick"),
             "stop_when": ("trick", "shed"),
             **dict.fromkeys(("may_play", "may_play_doc", "draw_from", "draw_most", "draw_any_time", "pass_after_draw",
                              "restock", "calls", "called", "after_lay", "until", "places", "together"), ("shed",))}


SOME_HAS = {  # what take: some already says, where a key of take: sum is given to it
    "several": " (take: some offers every set of the cards 'from:' allows, unions of sets and all)",
    "most": " (with take: some the one set no other holds is every card 'from:' allows: write take: all)",
}


def _tabled(cc, spec, key, fn):
    """A card test that reads only the card (and the played card) becomes a table lookup."""
    if fn is None or key not in spec or isinstance(spec[key], bool):
        return fn
    from .expressions import TypeProblem, compile_expr
    from .language import parse
    from .state import Env

    base = cc.base_scope
    played = {"played": code(CARD, "e.played")}
    cards = range(len(C.NAMES))
    for names in ({}, played):
        try:
            pure = compile_expr(parse(str(spec[key])), base.pure(names))
        except TypeProblem:
            continue
        if not names:
            return _by_card(tuple(bool(pure.fn(None, c)) for c in cards))
        return _by_both(tuple(tuple(bool(pure.fn(Env(None, played=p), c)) for c in cards) for p in cards))
    return fn


def _by_card(table: tuple):
    def fn(e, c):
        return table[c]

    fn.table = table
    return fn


def _by_both(grid: tuple):
    def fn(e, c):
        return grid[e.played][c]

    fn.grid = grid
    return fn


def _grid(fn):
    """A test on (played card, card) as a table by played card, if it is one."""
    if hasattr(fn, "grid"):
        return fn.grid
    if hasattr(fn, "table"):
        return (fn.table,) * len(C.NAMES)
    if hasattr(fn, "value"):
        return ((bool(fn.value),) * len(C.NAMES),) * len(C.NAMES)
    return None


def _by_played(cc, spec, key, fn):
    """A number that depends on the played card alone, as a table by played card."""
    if fn is None or key not in spec:
        return None
    if hasattr(fn, "value"):
        return (fn.value,) * len(C.NAMES)
    from .expressions import TypeProblem, compile_expr
    from .language import parse
    from .state import Env

    base = cc.base_scope
    try:
        pure = compile_expr(parse(str(spec[key])), base.pure({"played": code(CARD, "e.played")}, card=False))
    except TypeProblem:
        return None
    return tuple(pure.fn(Env(None, played=p), None) for p in range(len(C.NAMES)))


def _never(cc, spec) -> bool:
    """A `when` that is false whatever the options say: the step can never run."""
    fn = _when_with(cc, spec, {k: Typed(t.type, lambda e, c, f=t.fn: f(e, c)) for k, t in cc.scope().options.items()})
    return getattr(fn, "value", None) is False


def _when_with(cc, spec, options: dict):
    """The step's `when` compiled with these options' values in the scope, by a probe compiler (its problems
    are said once, by the step's own compile)."""
    scope = cc.scope()
    scope.options = options
    return type(cc)(cc.tree, cc.label).expr(spec, "when", scope, BOOL)


MAX_OPTION_SETTINGS = 64  # a `when` is tried under at most this many settings of the options it reads


def _option_values(cc, text) -> dict:
    """The options an expression reads, each with every value it may be set to (a list of values, or true and
    false); {} if one read is open-ended (a number with no list) or the settings are too many to try."""
    specs, out, settings = cc.tree.get("options", Map()), {}, 1
    for k in sorted(options_read(text)):
        spec = specs.get(k)
        if not isinstance(spec, Map):
            return {}
        values = option_values(spec)
        if not values or type(cc.g.options.get(k)) is not type(values[0]):
            return {}
        out[k] = tuple(dict.fromkeys(values))
        settings *= len(out[k])
    return out if settings <= MAX_OPTION_SETTINGS else {}


def _never_set(cc, spec) -> bool:
    """A `when` false under every setting of the options it reads (each from its list of values, or a yes-no
    one): the step can never run, though no one setting shows it."""
    values = _option_values(cc, spec["when"])
    if not values:
        return False
    base = cc.scope().options
    for setting in itertools.product(*values.values()):
        options = dict(base)
        for k, v in zip(values, setting):
            options[k] = dataclasses.replace(const(base[k].type, v), choices=base[k].choices, label=base[k].label)
        fn = _when_with(cc, spec, options)
        if fn is None or not never_holds(fn):
            return False
    return True


def _either(values) -> str:
    """Values said as alternatives: 1, 2 or 3."""
    said = [yaml_word(v) for v in values]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"


def _not_in_deck(card: int) -> str:
    return f"card '{C.NAMES[card]}' is not in the deck (add it under 'deck: add')"


def _one(value, pos) -> Map:
    m = Map({"z": value}, pos=pos)
    m.at["z"] = pos
    return m


def _as_parent(spec: Map) -> Map:
    wrapper = Map({"values": spec}, pos=spec.pos)
    wrapper.at["values"] = spec.pos
    return wrapper


def _a(word: str) -> str:
    """The word with its article: a suit, an int."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
