"""Moving a whole zone: a shared one to a side's pile (the table to the last capturer), or one seat's pile
aside (the hand of a player who sits the hand out)."""

from __future__ import annotations

from .base import Step


class Collect(Step):
    """Every card of `source` — a shared zone, or the pile of the seat `of` names — goes to `pile`: a shared
    zone, or the pile of the seat `seat` names (its side's, for a zone owned by sides); a seat of -1 is
    nobody, and nothing moves."""

    def __init__(self, name, when, source: str, pile: str, seat, of, source_owner: str, pile_owner: str):
        super().__init__(name, when)
        self.source, self.pile, self.seat, self.of = source, pile, seat, of
        self.source_owner, self.pile_owner = source_owner, pile_owner

    def start(self, st) -> None:
        cards, giver = self._cards(st)
        if cards is None or not cards:
            return
        if self.pile_owner == "none":
            st.emit("collect", seat=-1, giver=giver, cards=list(cards), zone=self.source, step=self.name,
                    to=self.pile)
            st.zones[self.pile].extend(cards)
        else:
            seat = self.seat(st.env, None)
            if seat < 0:
                return
            seat %= st.game.players
            st.emit("collect", seat=seat, giver=giver, cards=list(cards), zone=self.source, step=self.name,
                    to=self.pile)
            st.zones[self.pile][self._index(st, seat, self.pile_owner)].extend(cards)
        cards.clear()

    def _cards(self, st) -> tuple:
        """The cards to move (None: nobody's) and the seat they come from (-1: a shared zone)."""
        if self.source_owner == "none":
            return st.zones[self.source], -1
        seat = self.of(st.env, None)
        if seat < 0:
            return None, -1
        seat %= st.game.players
        return st.zones[self.source][self._index(st, seat, self.source_owner)], seat

    @staticmethod
    def _index(st, seat: int, owner: str) -> int:
        return st.game.side_of[seat] if owner == "side" else seat
