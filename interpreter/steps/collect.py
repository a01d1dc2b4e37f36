"""Moving a whole zone to a side's pile, e.g. the table to the last capturer."""

from __future__ import annotations

from .base import Step


class Collect(Step):

    def __init__(self, name, when, source: str, pile: str, seat, by_side: bool):
        super().__init__(name, when)
        self.source, self.pile, self.seat, self.by_side = source, pile, seat, by_side

    def start(self, st) -> None:
        seat = self.seat(st.env, None)
        cards = st.zones[self.source]
        if seat < 0 or not cards:
            return
        seat %= st.game.players
        owner = st.game.side_of[seat] if self.by_side else seat
        st.emit("collect", seat=seat, cards=list(cards), zone=self.source, step=self.name)
        st.zones[self.pile][owner].extend(cards)
        cards.clear()
