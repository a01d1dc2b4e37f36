"""The draw from a face-down stock: look at the top card, keep it or burn it, until the stock is empty."""

from __future__ import annotations

from ..state import NOBODY
from .base import Step

KEEP, BURN = "keep", "burn"  # the moves, spelled as their action text


class Pick(Step):
    """Players take turns, from `first` in play order, while `source` holds cards. The player looks at
    the top card and keeps it — then the next card is burned — or burns it — then he keeps the next.
    Kept cards go to his `keep` zone; burned ones to `burn` (his own pile, or a shared one).
    A move is KEEP or BURN."""

    MOVES = [KEEP, BURN]
    verbs = (KEEP, BURN)

    def __init__(self, name, when, *, first, source: str, keep: str, burn: str, burn_by_seat: bool):
        super().__init__(name, when)
        self.first, self.source, self.keep, self.burn, self.burn_by_seat = first, source, keep, burn, burn_by_seat

    def start(self, st) -> None:
        if st.zones[self.source]:
            st.to_act = self.first(st.env, None) % st.game.players

    def legal(self, st) -> list:
        return self.MOVES.copy()  # the state's own list: a caller that changes it changes no other game

    def text(self, move) -> str:
        return move

    def shown(self, st, seat: int) -> list:
        stock = st.zones[self.source]
        return [stock[0]] if seat == st.to_act and stock else []

    def apply(self, st, move) -> None:
        seat, stock = st.to_act, st.zones[self.source]
        top = stock.pop(0)
        after = stock.pop(0) if stock else None
        kept, burned = (top, after) if move == KEEP else (after, top)
        if kept is not None:
            st.zones[self.keep][seat].append(kept)
        if burned is not None:
            pile = st.zones[self.burn]
            (pile[seat] if self.burn_by_seat else pile).append(burned)
        if st.events is not None:
            st.emit("pick", seat=seat, move=move, kept=kept, burned=burned, keep=self.keep, burn=self.burn)
        st.to_act = (seat + 1) % st.game.players if stock else NOBODY
