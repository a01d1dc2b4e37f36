"""Trick play: follow suit, trump, special cards, and piles that play as partners."""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from ..state import Env
from .base import Step


@dataclass(frozen=True)
class Special:
    """A card with its own rules: `free` may be played even when one could follow suit;
    `allowed` must hold for it to be played; `forced` makes it its holder's only play."""

    card: int
    free: bool
    allowed: object = None
    forced: object = None


@dataclass(frozen=True)
class Turn:
    """One play of a trick: the seat `offset` places after the leader plays from `sources`."""

    offset: int
    sources: tuple  # zone names; from several, only their top cards are playable
    tops: bool


class TrickPlay(Step):
    """Tricks until the hand is played out or `stop` holds for a side."""


    def __init__(self, name, when, *, leader, trump, power, specials, turns, suitless_lead,
                 declare_trump, stop, tricks, pile, pile_by_side, trick_zone, follow):
        super().__init__(name, when)
        self.leader, self.trump, self.power = leader, trump, power
        self.specials = {s.card: s for s in specials}
        self.turns, self.suitless_lead, self.declare_trump = turns, suitless_lead, declare_trump
        self.stop, self.tricks, self.pile, self.pile_by_side = stop, tricks, pile, pile_by_side
        self.trick_zone, self.follow = trick_zone, follow
        self.sources = frozenset(z for t in turns for z in t.sources)

    # ---- entering -------------------------------------------------------
    def start(self, st) -> None:
        ph = st.phase
        ph.setdefault("trick_no", 0)
        ph.setdefault("gone", ())
        ph.setdefault("last_winner", -1)
        ph.setdefault("tops_up", ())
        if self._stopped(st) or not self._cards_left(st):
            st.to_act = -1
            return
        self._new_trick(st, self.leader(Env(st), None) % st.game.players)

    def _new_trick(self, st, leader: int) -> None:
        ph = st.phase
        ph.update(trick_no=ph["trick_no"] + 1, leader=leader, turn=0, led=None, trick_seats=())
        self._seat_turn(st)

    def _seat_turn(self, st) -> None:
        """Point `to_act` at the next play that has a card to play; close the trick when none is left."""
        ph, n = st.phase, st.game.players
        while ph["turn"] < len(self.turns):
            turn = self.turns[ph["turn"]]
            seat = (ph["leader"] + turn.offset) % n
            if turn.tops and turn.sources[0] not in ph["tops_up"]:
                ph["tops_up"] = ph["tops_up"] + turn.sources
            if any(st.zones[z][seat] for z in turn.sources):
                st.to_act = seat
                return
            ph["turn"] += 1
        self._close_trick(st)

    # ---- what may be played -------------------------------------------------
    def _available(self, st, seat: int, turn: Turn) -> list[tuple[int, str]]:
        if not turn.tops:
            zone = turn.sources[0]
            return [(c, zone) for c in st.zones[zone][seat]]
        return [(st.zones[z][seat][-1], z) for z in turn.sources if st.zones[z][seat]]

    def legal(self, st) -> dict:
        seat = st.to_act
        turn = self.turns[st.phase["turn"]]
        cards = self._available(st, seat, turn)
        led = st.phase["led"]
        if not self.specials:  # the common case: follow suit if you can
            follow = [(c, z) for c, z in cards if C.SUIT[c] == led] if self.follow and led is not None else None
            return {f"play {C.NAMES[c]}": (c, z) for c, z in (follow or cards)}
        env = Env(st, seat, st.game.side_of[seat])
        ok = [(c, z) for c, z in cards if self._allowed(env, c)] or cards
        forced = [(c, z) for c, z in ok if c in self.specials and self.specials[c].forced
                  and self.specials[c].forced(env, c)]
        if forced:
            ok = forced
        elif self.follow and st.phase["led"] is not None:
            led = st.phase["led"]
            follow = [(c, z) for c, z in ok if C.SUIT[c] == led and not self._free(c)]
            if follow:
                ok = follow + [(c, z) for c, z in ok if self._free(c)]
        return {f"play {C.NAMES[c]}": (c, z) for c, z in ok}

    def _allowed(self, env, card) -> bool:
        sp = self.specials.get(card)
        return sp is None or sp.allowed is None or sp.allowed(env, card)

    def _free(self, card) -> bool:
        sp = self.specials.get(card)
        return sp is not None and sp.free

    # ---- playing -------------------------------------------------------------
    def apply(self, st, move) -> None:
        card, zone = move
        seat, ph = st.to_act, st.phase
        st.zones[zone][seat].remove(card)
        st.zones[self.trick_zone].append(card)
        ph["trick_seats"] = ph["trick_seats"] + (seat,)
        ph["gone"] = ph["gone"] + (card,)
        if ph["led"] is None:
            ph["led"] = self._led_suit(st, card)
        ph["turn"] += 1
        self._seat_turn(st)

    def _led_suit(self, st, card: int) -> int:
        suit = C.SUIT[card]
        if self.declare_trump and st.vars.get(self.declare_trump, C.NO_SUIT) == C.NO_SUIT and suit >= 0:
            st.vars[self.declare_trump] = suit
        if suit < 0 and self.suitless_lead is not None:
            return self.suitless_lead(Env(st), None)
        return suit if suit >= 0 else None

    def _close_trick(self, st) -> None:
        ph, g = st.phase, st.game
        trick = st.zones[self.trick_zone]
        trump = self.trump(Env(st), None) if self.trump else C.NO_SUIT
        led = ph["led"]
        best = max(range(len(trick)), key=lambda i: self._strength(trick[i], trump, led))
        winner = ph["trick_seats"][best]
        owner = g.side_of[winner] if self.pile_by_side else winner
        st.zones[self.pile][owner].extend(trick)
        trick.clear()
        if self.tricks:
            st.counters[self.tricks][g.side_of[winner]] += 1
        ph["last_winner"] = winner
        if self._stopped(st) or not self._cards_left(st):
            st.to_act = -1
            return
        self._new_trick(st, winner)

    def _strength(self, card: int, trump: int, led) -> int:
        top = self.power[card]
        if top >= 1000:  # a card above every suit
            return top
        suit = C.SUIT[card]
        if suit == trump and trump >= 0:
            return 500 + top
        if suit == led:
            return 100 + top
        return 0

    def _stopped(self, st) -> bool:
        if self.stop is None:
            return False
        return any(self.stop(Env(st, side=s), None) for s in range(st.game.sides))

    def _cards_left(self, st) -> bool:
        return any(any(st.zones[z]) for z in self.sources)
