"""Steps that steer the hand: assign roles, redeal, draw for a role."""

from __future__ import annotations

from ..errors import RulesetError
from ..state import assigner
from .base import Step
from .deal import MAX_REDEALS


class Assign(Step):
    """Set variables (roles such as hakem or dealer) from expressions, in order."""

    moves_cards = False

    def __init__(self, name, when, assignments):
        super().__init__(name, when)
        self.assignments = assignments  # [(var, fn, kind)], as state.assigner takes them

    def ready(self, g) -> None:
        self.assign = assigner(self.assignments, g)  # (st) -> None: the roles set, written out

    def start(self, st) -> None:
        self.assign(st)


class Redeal(Step):
    """When the condition holds, throw the cards in and go back to step `to` (it shuffles anew)."""

    moves_cards = False

    def __init__(self, name, when, condition, to: int):
        super().__init__(name, when)
        self.condition, self.to = condition, to

    def start(self, st) -> None:
        if self.condition(st.env, None):
            st.redeal(self.to)


class Draw(Step):
    """Deal face up, one card at a time in play order from seat 0, to choose a role.

    `first`: the first seat dealt a card matching `until` takes the role.
    `highest`: one card each, in seat order; the highest by the rank order takes it. Seats
    tied on top draw again, alone, on from the same deck.
    """

    moves_cards = False

    def __init__(self, name, when, var: str, mode: str, until, order: tuple):
        super().__init__(name, when)
        self.var, self.mode, self.until, self.order = var, mode, until, order

    def start(self, st) -> None:
        for _ in range(MAX_REDEALS):
            deck = st.shuffle()
            n = st.game.players
            if self.mode == "first":
                seat, dealt = self._first(st, deck, n)
                to = [i % n for i in range(dealt)]
            else:
                seat, to = self._highest(deck, list(range(n)))
                dealt = len(to)
            if seat is not None:
                st.vars[self.var] = seat
                st.emit("draw", role=self.var, seat=seat, cards=deck[:dealt], first=0, to=to)  # from seat 0 on
                return
        raise RulesetError(f"step '{self.name}': no seat drawn for '{self.var}' in {MAX_REDEALS} shuffles",
                           self.where)

    def _first(self, st, deck, n):
        env = st.env
        for i, card in enumerate(deck):
            if self.until(env, card):
                return i % n, i + 1
        return None, 0

    def _highest(self, deck, seats: list[int]):
        """Draw rounds until one seat's card ranks alone on top: (seat, the seat each card dealt went to), or
        (None, ...)."""
        pos, to = 0, []
        while pos + len(seats) <= len(deck):
            power = [self.order[c] for c in deck[pos: pos + len(seats)]]
            pos += len(seats)
            to += seats
            top = max(power)
            seats = [s for s, p in zip(seats, power) if p == top]
            if len(seats) == 1:
                return seats[0], to
        return None, to  # the deck ran out: shuffle and draw again
