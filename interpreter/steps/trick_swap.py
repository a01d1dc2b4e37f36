"""Trick play where a seat may swap a card of its hand for the face-up card of a shared zone (`swap:`): the turned
card under a stock, given up for a low card of its suit.

A swap is a move of its own (`swap 7D`: the card given), made at the seat's turn before it plays a card, once a
turn; the seat then plays as it would have. A swap move is the card given plus SWAP.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from .base import Step, known_to_all
from .trick import TrickPlay

SWAP = 1 << 12  # above any card and pile mark of a play (card | pile << 6)


@dataclass(frozen=True)
class Swap:
    """`swap: {card, with, when, at}`: a card of the hand passing `card` (f(env, card)) may be given for the top
    card of the shared zone `zone`, while `when` (f(env, None), or None: always) holds; at the seat's every turn,
    or only when it leads (`lead_only`)."""

    card: object
    zone: str
    when: object = None
    lead_only: bool = False


def actor_env(st):
    """The view of the state with the seat to act in focus (its side too): what its tests read."""
    return st.seat_env(st.to_act, st.game.side_of[st.to_act])


class SwapTricks(TrickPlay):
    """A trick play with a swap: its plays are TrickPlay's, and besides them the swaps the seat may make."""

    __slots__ = ("swap",)
    verbs = ("play", "swap")
    play_random = Step.play_random  # the general loop, over `legal`: the plays and the swaps

    def __init__(self, *args, swap: Swap | None = None, **kwargs):  # None: a subclass's own moves alone
        super().__init__(*args, **kwargs)
        self.swap = swap

    def legal(self, st) -> list:
        plays = super().legal(st)
        swaps = self.swaps(st)
        return plays + swaps if swaps else plays

    def swaps(self, st) -> list:
        """The swap moves of the seat to act (none where `barred` says why, or where the play has no swap: a
        subclass's own moves alone); not a card the same as the one it would take (a deck's other copy of the
        turned card), a swap that changes nothing."""
        if self.swap is None or self.barred(st):
            return []
        seat, turn, env = st.to_act, st.trick_state.turn, actor_env(st)
        pile = st.zones[self.swap.zone]
        top = pile[0 if st.game.zones[self.swap.zone].top_first else -1]
        return [SWAP | c for c in st.zones[self.first_sources[turn]][seat] if c != top and self.swap.card(env, c)]

    def barred(self, st) -> str:
        """Why the seat to act may make no swap now whatever it holds, as the key of the words that say it: it
        swapped this turn, only a leader may, the zone is empty, `when` is false; '' when it may."""
        sw, ts = self.swap, st.trick_state
        turn = ts.turn
        if st.phase.get("swapped") == (ts.number, turn):
            return "swap_made"
        if sw.lead_only and turn:
            return "swap_leading"
        if not st.zones[sw.zone]:
            return "swap_nothing"
        if sw.when is not None and not sw.when(actor_env(st), None):
            return "swap_not_now"
        return ""

    def verb_refusal(self, st, verb: str) -> str:
        """A swap refused: why none may be made now, or that no card held may be given."""
        return (self.barred(st) or "swap_no_card") if verb == "swap" and self.swap is not None else ""

    def apply(self, st, move) -> None:
        if move < SWAP:
            super().apply(st, move)
            return
        sw, ts, seat, zones = self.swap, st.trick_state, st.to_act, st.zones
        given, hand = move & 63, self.first_sources[ts.turn]
        pile = zones[sw.zone]
        at = 0 if st.game.zones[sw.zone].top_first else -1
        taken, pile[at] = pile[at], given
        held = zones[hand][seat]
        held.remove(given)
        held.append(taken)
        st.phase["swapped"] = (ts.number, ts.turn)
        known_to_all(st, (taken,), hand, seat)  # it lay face up: all saw who took it
        known_to_all(st, (given,), sw.zone, -1)
        voids = ts.voids
        if (hand, seat) in voids:  # the card taken may be of a suit the seat showed it lacks
            del voids[hand, seat]
        if st.events is not None:
            # said as a card drawn face up; counted by step
            st.emit("swapped", seat=seat, card=taken, gave=given, zone=sw.zone, step=self.name)

    def text(self, move) -> str:
        return ("swap " if move >= SWAP else "play ") + C.NAMES[move & 63]

    def cards_named(self, move) -> tuple:
        return (move & 63,)

    def stuck_reason(self, st) -> str:
        return "no card it may play"
