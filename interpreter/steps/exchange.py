"""The widow: a seat takes a zone into hand (if it names one), then discards cards one by one."""

from __future__ import annotations

from .. import cards as C
from ..state import NOBODY
from .base import Step, known_to_all, moved_unseen, seen_by_all


class Exchange(Step):
    """A move is the card discarded."""

    verbs = ("discard",)

    def __init__(self, name, when, *, who, take, hand, discard, to, to_by_side, add):
        super().__init__(name, when)
        self.who, self.take, self.hand, self.discard = who, take, hand, discard
        self.to, self.to_by_side, self.add = to, to_by_side, add

    def start(self, st) -> None:
        seat = self.who(st.env, None) % st.game.players
        if self.take is not None:
            taken = st.zones[self.take]
            if st.events is not None:
                st.emit("take", seat=seat, zone=self.take, into=self.hand, cards=list(taken))
            seen = seen_by_all(st, self.take, -1, taken)  # a face-up card taken up: all know it is in the hand
            st.zones[self.hand][seat].extend(taken)
            if seen:
                known_to_all(st, seen, self.hand, seat)
            taken.clear()
        st.phase["discards_left"] = self.discard
        st.to_act = seat

    def legal(self, st) -> list:
        return st.zones[self.hand][st.to_act][:]

    def text(self, move) -> str:
        return "discard " + C.NAMES[move]

    def cards_named(self, move) -> tuple:
        return (move,)

    def shown_text(self, st, seat: int, move, viewer: int) -> str:
        g = st.game
        owner = g.side_of[seat] if self.to_by_side else seat
        if viewer == seat or g.zones[self.to].sees(owner, viewer, g):
            return self.text(move)
        return "discard (face down)"

    def stuck_reason(self, st) -> str:
        return f"its '{self.hand}' is empty"

    def apply(self, st, card) -> None:
        seat = st.to_act
        st.zones[self.hand][seat].remove(card)
        owner = st.game.side_of[seat] if self.to_by_side else seat
        st.zones[self.to][owner].append(card)
        g = st.game
        if (st.phase.get("known_at") or st.phase.get("known_among")) and \
                not all(g.zones[self.to].sees(owner, v, g) for v in range(g.players)):
            # a face-down discard: which card went is not known, but a card known in the hand lies in one of the two
            moved_unseen(st, self.hand, seat, seat, (self.to, owner), (card,))
        st.phase["discards_left"] -= 1
        if st.phase["discards_left"] == 0:
            if self.add:
                st.counters[self.add][st.game.side_of[seat]] += 1
            st.to_act = NOBODY
