"""Moving a whole zone: a shared one to a side's pile (the table to the last capturer), or one seat's pile
aside (the hand of a player who sits the hand out); or only the cards of a face-up zone that meet a test (the
jacks of the table to the dealer)."""

from __future__ import annotations

from .base import Step, known_to_all, moved_whole, seen_by_all


class Collect(Step):
    """Every card of `source` — a shared zone, or the pile of the seat `of` names — goes to `pile`: a shared
    zone, or the pile of the seat `seat` names (its side's, for a zone owned by sides). `of` and `seat` are
    f(env) giving a seat or -1, nobody: then nothing moves. `picked` (`cards:`, f(env, card)): only the cards that
    meet it move, in the order they lay, from a zone every seat sees."""

    def __init__(self, name, when, source: str, pile: str, seat, of, source_owner: str, pile_owner: str,
                 picked=None):
        super().__init__(name, when)
        self.source, self.pile, self.seat, self.of = source, pile, seat, of
        self.source_owner, self.pile_owner = source_owner, pile_owner
        self.picked = picked

    def start(self, st) -> None:
        giver, cards = self._place(st, self.source, self.source_owner, self.of)
        receiver, to = self._place(st, self.pile, self.pile_owner, self.seat)
        if cards is None or to is None or not cards or to is cards:
            return
        if self.picked is not None:
            self._move_picked(st, giver, cards, receiver, to)
            return
        st.emit("collect", seat=receiver, giver=giver, cards=list(cards), zone=self.source, step=self.name,
                to=self.pile)
        self._note_seen(st, giver, cards, receiver)
        g = st.game
        moved_whole(st, (self.source, g.zones[self.source].pile_of(giver, g)),
                    (self.pile, g.zones[self.pile].pile_of(receiver, g)))
        to.extend(cards)
        cards.clear()

    def _move_picked(self, st, giver: int, cards: list, receiver: int, to: list) -> None:
        """Only the cards that meet `picked` go, in the order they lay; the rest stay as they lay. They lay face
        up, so every seat knows where they went (the pile's other cards stay where they were known to lie)."""
        env, test = st.env, self.picked
        moved, kept = [], []
        for c in cards:
            (moved if test(env, c) else kept).append(c)
        if not moved:
            return
        st.emit("collect", seat=receiver, giver=giver, cards=list(moved), zone=self.source, step=self.name,
                to=self.pile, picked=True)
        self._note_seen(st, giver, moved, receiver)
        to.extend(moved)
        cards[:] = kept

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

