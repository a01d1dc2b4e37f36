"""Moving a whole zone: a shared one to a side's pile (the table to the last capturer), or one seat's pile
aside (the hand of a player who sits the hand out)."""

from __future__ import annotations

from .base import Step, known_to_all, moved_whole, seen_by_all


class Collect(Step):
    """Every card of `source` — a shared zone, or the pile of the seat `of` names — goes to `pile`: a shared
    zone, or the pile of the seat `seat` names (its side's, for a zone owned by sides). `of` and `seat` are
    f(env) giving a seat or -1, nobody: then nothing moves."""

    def __init__(self, name, when, source: str, pile: str, seat, of, source_owner: str, pile_owner: str):
        super().__init__(name, when)
        self.source, self.pile, self.seat, self.of = source, pile, seat, of
        self.source_owner, self.pile_owner = source_owner, pile_owner

    def start(self, st) -> None:
        giver, cards = self._place(st, self.source, self.source_owner, self.of)
        receiver, to = self._place(st, self.pile, self.pile_owner, self.seat)
        if cards is None or to is None or not cards or to is cards:
            return
        st.emit("collect", seat=receiver, giver=giver, cards=list(cards), zone=self.source, step=self.name,
                to=self.pile)
        self._note_seen(st, giver, cards, receiver)
        g = st.game
        moved_whole(st, (self.source, g.zones[self.source].pile_of(giver, g)),
                    (self.pile, g.zones[self.pile].pile_of(receiver, g)))
        to.extend(cards)
        cards.clear()

    def _note_seen(self, st, giver: int, cards: list, receiver: int) -> None:
        """Cards every seat saw where they lay are known by all to lie in the pile they went to (`known_at`):
        a turned card turned down on the kitty, a face-up card the dealer takes up."""
        g = st.game
        seen = seen_by_all(st, self.source, g.zones[self.source].pile_of(giver, g), cards)
        if seen:
            known_to_all(st, seen, self.pile, g.zones[self.pile].pile_of(receiver, g))

    @staticmethod
    def _place(st, zone: str, owner: str, seat_of) -> tuple:
        """(seat, cards) of a zone: a shared zone's (seat -1), or the pile of the seat `seat_of` names (None
        when that is nobody)."""
        if owner == "none":
            return -1, st.zones[zone]
        seat = seat_of(st.env, None)
        if seat < 0:
            return -1, None
        return seat, st.zones[zone][st.game.zones[zone].pile_of(seat, st.game)]

