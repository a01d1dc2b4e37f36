"""What one seat knows, and deals of the cards it cannot see that agree with it (determinization).

Every bot decides from a `Seat`: the seat's legal moves, its view, and `sample(rng)` — a full
state in which the cards the seat cannot see are dealt at random into the places it cannot see,
keeping everything it has seen: its own cards, the public zones and cards played, how many cards
each hidden pile holds, pile tops that lie face up, and what the rules have revealed (a seat that
did not follow suit holds none of the suit led: `trick_state.voids`, noted by the trick step; which cards
went into a restocked stock: `phase["restocked"]`, noted by the shedding step; where cards were seen to go:
`phase["known_at"]`, and the places one of which a card lies in, once a card went from where it was known to lie
to a place no seat sees into without its being shown which card: `phase["known_among"]`, each dealt into one of
them in proportion to the room each has).
"""

from __future__ import annotations

import random
import reprlib
from functools import lru_cache

from .cards import SUIT
from .errors import CardrulesError
from .state import whole_number

JOKER_CLASS = 4  # cards without a suit: no follow rule ever rules them out
ALL_CLASSES = (1 << 5) - 1
DEAL_TRIES = 20  # quick random deals tried before the careful one
HOLE = -1  # a place in a zone an unseen card is dealt into (never left there)
CLASS_OF = tuple(s if s >= 0 else JOKER_CLASS for s in SUIT)  # each card's class: its suit, or the jokers'


class Seat:
    """One seat's observation of a state: only what that seat may know is read from it."""

    __slots__ = ("_st", "seat", "side", "game", "_unseen")

    def __init__(self, st, seat: int | None = None):
        self._st = st
        self.seat = st.to_act if seat is None else seat
        self.game = st.game
        if type(self.seat) is not int or not 0 <= self.seat < st.game.players:
            self.seat = whole_number(self.seat)  # numpy's integers are numbers; True, 1.0 and -1 are no seat
            if self.seat is None or not 0 <= self.seat < st.game.players:
                raise CardrulesError(f"no seat {reprlib.repr(seat if seat is not None else st.to_act)}: this"
                                     f" game's seats are 0 to {st.game.players - 1}"
                                     + (" (nobody is to act)" if seat is None else ""))
        self.side = st.game.side_of[self.seat]
        self._unseen = None

    def legal_moves(self) -> list:
        """The seat's legal moves (none when another seat is to act)."""
        st = self._st
        return st.legal_moves() if st.to_act == self.seat and not st.over else []

    def move_text(self, move) -> str:
        return self._st.move_text(move)

    @property
    def step(self):
        """The step being played (public: every seat knows where the hand is), but for one that runs unseen (a
        choice asked of its actor alone, on a weak first five): to the other seats, the step play would wait at
        had it not been asked (a copy of the state played on past it)."""
        return self.waiting()[0]

    def waiting(self) -> tuple:
        """(the step being played, the seat it waits on) as this seat may know them: `step`, and the seat that
        step would ask had the unseen one not been asked."""
        st, steps = self._st, self.game.steps
        if st.to_act == self.seat or not steps[st.step].runs_unseen:
            return steps[st.step], st.to_act
        unasked = st.copy(history=False)
        try:
            while True:  # past each step asked unseen of another seat
                unasked.to_act = -1  # nobody: the steps after it run as they would
                unasked.advance()
                if not 0 <= unasked.step < len(steps) or unasked.over or unasked.halted \
                        or len(unasked.hands) != len(st.hands):  # not past the hand
                    return steps[st.step], st.to_act
                if not steps[unasked.step].runs_unseen or unasked.to_act == self.seat:
                    return steps[unasked.step], unasked.to_act
        except CardrulesError:
            return steps[st.step], st.to_act

    def view(self) -> dict:
        return self._st.view(self.seat)

    def actions(self, since: int = 0) -> list[tuple[int, str]]:
        """Every decision from log entry `since` on as this seat saw it, (seat, text): a card put where the seat
        cannot look is not named ("discard (face down)"), and a choice asked unseen of another seat is left out.
        The referee's whole log is `State.actions`; this one may go to the seat."""
        st, steps, me = self._st, self.game.steps, self.seat
        if type(since) is not int or since < 0:
            raise CardrulesError(f"since: a log entry's index, 0 or more, not {reprlib.repr(since)}")
        seen = []
        for actor, index, move in st.log[since:]:
            text = steps[index].shown_text(st, actor, move, me)
            if text:
                seen.append((actor, text))
        return seen

    def unseen_cards(self) -> list:
        """The cards this seat cannot see, in card order: nothing of where each lies (a list of its own: `sample`
        deals from the one kept here, which a caller's change dealt empty hands from)."""
        if self._unseen is None:
            self._unseen = Unseen(self._st, self.seat)
        return list(self._unseen.cards)

    def knows_all(self) -> bool:
        """Does this seat know where every card lies (its sample is the state itself)? So where the cards it cannot
        see all lie in one seat's pile, whose order tells nothing, and no secret is dealt at random (the last deal
        of a fishing game for two, the stock gone: the other's hand is what is left)."""
        from .steps.base import Step

        unseen = self._unseen
        if unseen is None:
            unseen = self._unseen = Unseen(self._st, self.seat)
        slots = unseen.slots
        step = self.game.steps[self._st.step] if 0 <= self._st.step < len(self.game.steps) else None
        return not unseen.roles and not unseen.among and not self.game.hiding.resets and len(slots) <= 1 and all(
            s.index >= 0 and not s.under_top and s.holes is None for s in slots) and \
            (step is None or type(step).redealt is Step.redealt)

    def sample(self, rng, last: bool = False):
        """A full state that agrees with everything this seat has seen; the unseen cards at random.

        Future shuffles come from a seed drawn from `rng`, so later deals are unknown too. With `last` (no other
        sample of this seat follows), the cards are dealt into the observation's own state, not into a copy."""
        if not isinstance(rng, random.Random):
            raise CardrulesError(f"sample takes a random.Random, not {reprlib.repr(rng)}")
        unseen = self._unseen
        if unseen is None:
            unseen = self._unseen = Unseen(self._st, self.seat)
        if last:
            self._unseen = None
        return unseen.deal(rng, last)


class Slot:
    """A place the seat cannot see into: `count` cards of pile `index` (-1: a shared zone), under a known top."""

    __slots__ = ("zone", "index", "count", "under_top", "allowed", "pooled", "holes")

    def __init__(self, zone: str, index: int, count: int, under_top: bool, allowed: int, pooled: int = 0,
                 holes: tuple | None = None):
        self.zone, self.index, self.count, self.under_top, self.allowed = zone, index, count, under_top, allowed
        self.pooled = pooled  # how many of its cards come from the restocked pool (`restocked_pool`)
        self.holes = holes  # where in the zone they lie, between cards known there (None: all of it, or the rest)


class Hiding:
    """What a game hides from a seat, worked out once at load (`Game.hiding`): the secret variables an
    observation starts again, the secret roles each deal draws, and for each seat the zones that may hide cards
    from it, in zone order, each with the piles it cannot look at (None for a shared zone, whose hidden cards
    depend on the cards in it)."""

    __slots__ = ("resets", "roles", "zones")

    def __init__(self, g):
        secret = sorted(g.secret_vars)
        self.resets = tuple((name, g.vars[name].initial) for name in secret if g.vars[name].type != "seat")
        # a secret role is some seat, not nobody, which would stop a step it acts in: each deal draws one
        self.roles = tuple(name for name in secret if g.vars[name].type == "seat")
        self.zones = tuple(tuple(h for h in (_hiding(z, seat, g) for z in g.zones.values()) if h[1] != ())
                           for seat in range(g.players))


def _hiding(z, seat: int, g) -> tuple:
    """(zone, the numbers of its piles `seat` cannot look at; None for a shared zone not shown to all)."""
    if z.owner == "none":
        return z, (() if z.visible == "all" else None)
    return z, tuple(i for i in range(z.owners(g)) if not z.sees(i, seat, g))


class Unseen:
    """The state with every card the seat cannot see taken out, and where those cards may go."""

    def __init__(self, st, seat: int):
        g = st.game
        hiding = g.hiding
        known = st.copy(history=False)  # past moves may name cards the seat did not see (face-down discards)
        known.decks = [()] * len(st.decks)  # the count of shuffles is public, the orders are not
        known.given = []  # deck orders given up front would tell the future
        known.seed = None
        for name, initial in hiding.resets:  # a secret the seat cannot know starts as it starts
            known.vars[name] = initial
        self.roles = hiding.roles
        if st.to_act != seat:
            known._legal = None  # another seat's moves show its cards
        ph, ts = st.phase, st.trick_state
        tops_up, voids = ts.tops_up, ts.voids
        named = _named_by_moves(st) if st.to_act == seat else set()  # its own moves show it these cards
        if 0 <= st.step < len(g.steps) and not st.over:  # and a step may let it look at some (a stock's top)
            named.update(g.steps[st.step].shown(st, seat))
        known_at = ph.get("known_at", {})  # card -> (zone, pile, the seat that knows it lies there; -1: all)
        slots, cards, constrained = [], [], False
        pool = restocked_pool(st)
        for z, unseen in hiding.zones[seat]:
            piles = known.zones[z.name]
            if unseen is None:
                if z.visible == "top" and len(piles) > 1:  # the top card lies face up: the rest go under it
                    hidden = [c for c in (piles[1:] if z.top_first else piles[:-1])
                              if c not in named and known_at.get(c) != (z.name, -1, -1)]  # but cards all saw laid
                elif z.visible != "top" and piles:  # but for cards all saw put under it
                    hidden = [c for c in piles if c not in named and known_at.get(c) != (z.name, -1, -1)]
                else:
                    continue
                if hidden:
                    holes = None
                    if len(hidden) < len(piles) and z.visible != "top":  # what is known keeps its place (a card
                        gone = set(hidden)  # all saw put under the stock, the top the seat is shown), the unseen
                        holes = tuple(k for k, c in enumerate(piles) if c in gone)  # dealt into the places between
                        piles[:] = [HOLE if c in gone else c for c in piles]
                    else:
                        piles[:] = [c for c in piles if c not in hidden]
                    under = z.visible == "top" and not z.top_first
                    slots.append(Slot(z.name, -1, len(hidden), under, ALL_CLASSES, _in_pool(hidden, pool), holes))
                    cards += hidden
                continue
            under_top = z.visible == "top" and z.name in tops_up
            for i in unseen:
                pile = piles[i]
                if not pile:
                    continue
                hidden = [c for c in (pile[:-1] if under_top else pile) if c not in named]
                if known_at and not under_top:  # cards this seat knows lie here (it passed them; all saw them go) stay
                    hidden = [c for c in hidden
                              if known_at.get(c, ())[:2] != (z.name, i) or known_at[c][2] not in (seat, -1)]
                if len(hidden) == len(pile):  # the whole pile (the usual case: another seat's hand)
                    pile.clear()
                elif hidden:
                    gone = set(hidden)
                    pile[:] = [c for c in pile if c not in gone]
                if hidden:
                    allowed = ALL_CLASSES & ~voids.get((z.name, i), 0) if z.owner == "seat" else ALL_CLASSES
                    constrained = constrained or allowed != ALL_CLASSES
                    slots.append(Slot(z.name, i, len(hidden), under_top, allowed, _in_pool(hidden, pool)))
                    cards += hidden
        self.known, self.slots, self.seat = known, slots, seat
        self.cards = sorted(cards)  # in card order: nothing of where they really lie
        if constrained and not _feasible(_class_counts(self.cards), [s.count for s in slots], slots):
            for s in slots:  # the noted voids cannot all hold (a ruleset refills hands mid-play): drop them
                s.allowed = ALL_CLASSES
            constrained = False
        self.constrained = constrained
        self.places = places_for(slots) if constrained else None
        # the restocked pool's cards kept to their places (not beside noted voids: dealt freely, lest they clash)
        self.pool = pool if pool and not constrained and any(s.pooled for s in slots) else None
        among = ph.get("known_among")
        self.among = _among(st, seat, among, slots, cards) if among and not self.pool else None

    def deal(self, rng, last: bool = False):
        """A state with the unseen cards dealt at random into their places (`last`: into `known` itself, which
        is then used up)."""
        st = self.known if last else self.known.copy()
        st.seed = rng.getrandbits(48)
        r = rng.random
        cards = sorted(self.cards, key=lambda _: r())  # a shuffle, twice as fast as rng.shuffle
        placed = None
        if self.among:
            placed, cards, room = self._place_among(cards, rng)
        else:
            room = [s.count for s in self.slots]
        if self.pool:
            parts = _deal_pooled(cards, self.slots, self.pool)
        elif self.constrained:
            parts = _deal_constrained(cards, self.slots, rng, self.places, room)
        else:
            parts = _deal_in_order(cards, room)
        if placed is not None:  # each among the slot's others at random (where the order tells: a stock's)
            for fixed, part in zip(placed, parts):
                for card in fixed:
                    part.insert(rng.randrange(len(part) + 1), card)
        zones = st.zones
        for slot, part in zip(self.slots, parts):
            pile = zones[slot.zone] if slot.index < 0 else zones[slot.zone][slot.index]
            if slot.holes is not None:
                for k, card in zip(slot.holes, part):
                    pile[k] = card
            elif slot.under_top:
                pile[:0] = part
            else:
                pile.extend(part)
        for name in self.roles:
            st.vars[name] = rng.randrange(st.game.players)
        if 0 <= st.step < len(st.game.steps):
            st.game.steps[st.step].redealt(st, self.seat, rng)
        return st


    def _place_among(self, cards: list, rng) -> tuple:
        """Each card known to lie in one of several places (`among`) into one of them, picked in proportion to
        the room each has left (`_try_deal`): a card known in a hand one card was discarded from face down lies
        among the discards as often as any other card of that hand. Then (the cards placed in each slot, the rest
        of `cards`, the room left in each slot); where noted voids leave the rest no deal, the cards go freely."""
        full = [s.count for s in self.slots]
        fixed = dict(self.among)
        rest = [c for c in cards if c not in fixed]
        for _ in range(DEAL_TRIES):
            placed = _try_deal(list(fixed), full, fixed, rng)
            if placed is None:  # cannot happen while the places were kept right
                break
            room = [n - len(part) for n, part in zip(full, placed)]
            if not self.constrained or _feasible(_class_counts(rest), room, self.slots):
                return placed, rest, room
        return [[] for _ in full], cards, full


def _among(st, seat: int, among: dict, slots: list, cards: list) -> list | None:
    """The unseen cards this seat knows to lie in one of several places (`known_among`), each with the slots of
    those places that may hold it (by the voids noted): [(card, slot numbers)], or None. The notes are kept
    right as cards move (a card seen leaving is no longer unseen; a pile moved whole takes its notes along):
    where the cards truly lie is never read here, which would tell the seat what it cannot see."""
    where = {(s.zone, s.index): j for j, s in enumerate(slots)}
    hidden = set(cards)
    out = []
    for card, (places, knower) in sorted(among.items()):
        if card not in hidden or knower not in (seat, -1):
            continue
        js = tuple(where[p] for p in places if p in where and slots[where[p]].allowed >> CLASS_OF[card] & 1)
        if js:
            out.append((card, js))
    return out or None


def _named_by_moves(st) -> set:
    """The cards the seat to act's legal moves name (`play 5H take 3S`): that seat knows where they lie,
    even in a zone it may not look at (a hand played blind, a face-down table)."""
    named = st.game.steps[st.step].cards_named
    return {c for m in st.legal_moves() for c in named(m)}


def restocked_pool(st) -> frozenset | None:
    """The cards every seat saw go into a restocked stock (`restocked`), while the play that restocked goes on:
    each lies in the stock or in the hand of a seat that drew it — how many in each is public, as every card
    leaves a hand face up in that play. None where the deck holds a card twice (which copy went is not told)."""
    step, pool = st.phase.get("restocked", (None, None))
    return pool if step == st.step and not st.game.copies else None


def _in_pool(hidden: list, pool) -> int:
    return sum(c in pool for c in hidden) if pool else 0


def _deal_pooled(cards: list, slots: list, pool: frozenset) -> list[list]:
    """Shuffled cards into slots, each taking as many of the pool's cards as it holds (`pooled`)."""
    inside = [c for c in cards if c in pool]
    outside = [c for c in cards if c not in pool]
    parts, a, b = [], 0, 0
    for s in slots:
        rest = s.count - s.pooled
        parts.append(inside[a:a + s.pooled] + outside[b:b + rest])
        a, b = a + s.pooled, b + rest
    return parts


def _deal_in_order(cards: list, room: list) -> list[list]:
    parts, at = [], 0
    for n in room:
        parts.append(cards[at:at + n])
        at += n
    return parts


class Places:
    """Where each card may be dealt among slots that rule out some suits (their `allowed` classes): the slots of
    each card class (`eligible`), and of each card and how many those are (`of_card`, `narrowness`: lists by
    card id). The same for every observation whose slots allow alike (`places_for`)."""

    __slots__ = ("eligible", "of_card", "narrowness")

    def __init__(self, allowed: tuple):
        self.eligible = eligible = [[j for j, a in enumerate(allowed) if a >> k & 1] for k in range(5)]
        self.of_card = [eligible[k] for k in CLASS_OF]
        self.narrowness = [len(e) for e in self.of_card]


@lru_cache(maxsize=1024)
def _places(allowed: tuple) -> Places:
    return Places(allowed)


def places_for(slots: list) -> Places:
    """The Places of slots with these allowed classes (worked out once a process for each such list)."""
    return _places(tuple(s.allowed for s in slots))


def _deal_constrained(cards: list, slots: list, rng, places: Places, room: list) -> list[list]:
    """Shuffled cards into slots that rule out some suits: the most restricted cards first, each to a
    slot that may hold it, chosen in proportion to the room left; a careful deal if that gets stuck."""
    order = sorted(cards, key=places.narrowness.__getitem__)
    for _ in range(DEAL_TRIES):
        parts = _try_deal(order, room, places.of_card, rng)
        if parts is not None:
            return parts
        rng.shuffle(cards)
        order = sorted(cards, key=places.narrowness.__getitem__)
    return _careful_deal(order, slots, places.eligible, rng, room)


def _try_deal(order: list, room: list, of_card: dict, rng) -> list[list] | None:
    """Each card to one of the slots that may hold it, picked in proportion to the room left; None where a card
    finds no room."""
    room = room[:]
    parts: list[list] = [[] for _ in room]
    bits = rng.getrandbits
    for card in order:
        choices = of_card[card]
        total = 0
        for j in choices:
            total += room[j]
        if total == 0:
            return None
        k = total.bit_length()  # a number below total, drawn as rng.randrange(total) draws it, without its calls
        r = bits(k)
        while r >= total:
            r = bits(k)
        for j in choices:
            r -= room[j]
            if r < 0:
                break
        parts[j].append(card)
        room[j] -= 1
    return parts


def _careful_deal(order: list, slots: list, eligible: list, rng, room: list) -> list[list]:
    """Place each card where the rest can still be placed (Hall's condition over suit classes)."""
    room = room[:]
    parts: list[list] = [[] for _ in slots]
    left = _class_counts(order)
    for card in order:
        k = CLASS_OF[card]
        left[k] -= 1
        choices = [j for j in eligible[k] if room[j] > 0]
        rng.shuffle(choices)
        for j in choices:
            room[j] -= 1
            if _feasible(left, room, slots):
                parts[j].append(card)
                break
            room[j] += 1
        else:  # cannot happen when the start was feasible
            raise AssertionError("no deal agrees with the seat's observation")
    return parts


def _class_counts(cards) -> list[int]:
    counts = [0] * 5
    for c in cards:
        counts[CLASS_OF[c]] += 1
    return counts


def _feasible(left: list, room: list, slots: list) -> bool:
    """Can `left[k]` cards of each class go into slots with `room`, each slot taking only its allowed classes?

    Hall's condition: every set of classes needs no more cards than the slots that take one of them have room
    for. Only sets of the classes with cards left need checking (a class with none adds room, not need): they
    are taken in rising order, each set's need from that of the set less its lowest class."""
    classes = 0
    for k in range(5):
        if left[k]:
            classes |= 1 << k
    by_mask: dict = {}  # the classes a slot may take, of those with cards left -> the room of such slots
    for r, s in zip(room, slots):
        if r:
            mask = s.allowed & classes
            by_mask[mask] = by_mask.get(mask, 0) + r
    if len(by_mask) == 1 and classes in by_mask:  # every slot with room takes every class left
        return sum(left) <= by_mask[classes]
    rooms = tuple(by_mask.items())
    need = [0] * 32  # cards of the set's classes left, by set
    subset = classes & -classes
    while subset:
        low = subset & -subset
        need[subset] = n = need[subset ^ low] + left[low.bit_length() - 1]
        have = 0
        for mask, r in rooms:
            if mask & subset:
                have += r
        if n > have:
            return False
        subset = (subset - classes) & classes  # the next set of these classes, in rising order
    return True
