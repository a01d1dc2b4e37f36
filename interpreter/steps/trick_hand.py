"""Trick play in its common shape, chosen at load: every play comes from one hand zone, seat after seat
round the table from the leader, with no bower rules (`suit_of`, `power_of`) and no draw after a trick.

The rules are TrickPlay's; these methods leave out the branches that shape never takes (pile tops,
several sources, turns out of seat order), which is most of the work of a play in the general step.
Playouts (`play_random`) work `apply` into their loop, as search plays thousands of them a decision.
"""

from __future__ import annotations

from ..cards import OF_SUIT
from ..state import NOBODY
from .trick import SUIT, TrickPlay


def fits(turns, by_rule: bool, draw) -> bool:
    """Do a trick play's turns, bower rules and draw make the common shape?"""
    hand = turns[0].sources[0]
    return not by_rule and draw is None and all(
        not t.tops and t.sources == (hand,) and t.offset == i for i, t in enumerate(turns))


class HandTricks(TrickPlay):
    """TrickPlay for a step that `fits`."""

    __slots__ = ("hand",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.hand = self.first_sources[0]

    def legal(self, st) -> list:
        seat, led = st.to_act, st.phase["led"]
        cards = st.zones[self.hand][seat]
        if self.specials and not self.specials.keys().isdisjoint(cards):
            return self._special_rules(st, seat, cards, led)[:]
        if led is not None and self.follow:
            return list(filter(OF_SUIT[led], cards)) or cards[:]
        return cards[:]

    def apply(self, st, card) -> None:
        seat, ph, zones = st.to_act, st.phase, st.zones
        hand = zones[self.hand]
        hand[seat].remove(card)
        zones[self.trick_zone].append(card)
        ph["trick_seats"].append(seat)
        if self.notes_plays:
            ph["gone"].append(card)
            ph["gone_by"].append(seat)
        led = ph["led"]
        if led is None:
            suit = SUIT[card]
            ph["led"] = suit if suit >= 0 and not self.declare_trump else self._led_suit(st, card)
        elif SUIT[card] != led and self.follow:
            self._note_void(st, seat, self.hand, card, led)
        t = ph["turn"] = ph["turn"] + 1
        if t == self.n_turns:
            self._close_trick(st)
            return
        nxt = (ph["leader"] + t) % st.game.players
        if hand[nxt]:
            st.to_act = nxt
            return
        self._seat_turn(st)

    def _close_trick(self, st) -> None:
        """TrickPlay._close_trick, the winner leading the next trick at once from the hand he still has."""
        winner = self._take_trick(st)
        zones, ph = st.zones, st.phase
        if self._stopped(st):
            st.to_act = NOBODY
        elif zones[self.hand][winner]:
            ph["trick_no"] += 1
            ph["leader"], ph["turn"], ph["led"], ph["trick_seats"] = winner, 0, None, []
            st.to_act = winner
        elif self._cards_left(st):
            self._new_trick(st, winner)
        else:
            st.to_act = NOBODY

    def play_random(self, st, r) -> None:
        """TrickPlay.play_random with `apply` worked into the loop (search's playouts): the same plays, state
        and log, but for the suits seats show they lack (`voids`), which only a seat's observation reads: nobody
        observes a playout, which is scored and dropped."""
        ph, index, hands, redeals = st.phase, st.step, len(st.hands), st.redeals
        if not (st.to_act >= 0 and st.acting is self):
            return
        n, n_turns, follow, close = st.game.players, self.n_turns, self.follow, self._close_trick
        declares, notes = self.declare_trump, self.notes_plays
        specials, held, trick = self.specials, st.zones[self.hand], st.zones[self.trick_zone]
        logged, gone, gone_by, seats = st.log.append, ph["gone"].append, ph["gone_by"].append, ph["trick_seats"]
        while True:
            seat = st.to_act
            cards = held[seat]
            led = ph["led"]
            if specials and not specials.keys().isdisjoint(cards):
                plays = self._special_rules(st, seat, cards, led)
            elif follow and led is not None:
                plays = list(filter(OF_SUIT[led], cards)) or cards
            else:
                plays = cards
            card = plays[int(r() * len(plays))]
            logged((seat, index, card))
            cards.remove(card)
            trick.append(card)
            seats.append(seat)
            if notes:
                gone(card)
                gone_by(seat)
            suit = SUIT[card]
            if led is None:
                ph["led"] = suit if suit >= 0 and not declares else self._led_suit(st, card)
            t = ph["turn"] = ph["turn"] + 1
            if t != n_turns:
                nxt = (ph["leader"] + t) % n
                if held[nxt]:
                    st.to_act = nxt
                    continue
                self._seat_turn(st)
            else:
                close(st)
            seats = ph["trick_seats"]  # a new trick's
            if st.to_act < 0:
                st.advance()
                if not (st.to_act >= 0 and st.acting is self and len(st.hands) == hands and st.redeals == redeals):
                    break
        st._legal = st._texts = None
