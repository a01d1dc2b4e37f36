"""Passing cards: every seat chooses cards for another seat; nobody receives before all have chosen."""

from __future__ import annotations

from .. import cards as C
from ..errors import RulesetError
from ..state import NOBODY, Env
from .base import Step, moved_unseen


class PassCards(Step):
    """Seats in play order from `first` each choose `count` cards of their `source` zone, one card per
    action (a seat holding none passes none; one holding some, but fewer, is an error). When every seat has
    chosen, each seat's cards go to the `into` zone of the seat `to` names — worked out, with the passer as
    `seat`, when the step starts.
    A move is the card; `pass 2C` as text, seen only by the passer until the cards are handed over."""

    verbs = ("pass",)
    idle_fault = ("passed", "no seat held a card to pass when it began")

    def __init__(self, name, when, *, first, count: int, to, source: str, into: str):
        super().__init__(name, when)
        self.first, self.count, self.to, self.source, self.into = first, count, to, source, into

    def start(self, st) -> None:
        g = st.game
        n = g.players
        first = self.first(st.env, None) % n
        to = tuple(self.to(Env(st, s, g.side_of[s]), None) % n for s in range(n))
        for seat, receiver in enumerate(to):
            if seat == receiver:
                raise RulesetError(f"step '{self.name}': seat {seat} would pass its cards to itself (hand"
                                   f" {st.hand_no + 1}); to skip passing in a hand, give the step a 'when'", self.where)
        shared = shared_receiver(to)
        if shared:
            raise RulesetError(f"step '{self.name}': {shared} (hand {st.hand_no + 1}): each seat passes to a different"
                               " seat", self.where)
        for seat, hand in enumerate(st.zones[self.source]):
            if 0 < len(hand) < self.count:
                raise RulesetError(f"step '{self.name}': seat {seat} is to pass {self.count} cards but holds"
                                   f" {len(hand)} in '{self.source}' (hand {st.hand_no + 1})", self.where)
        order = tuple((first + i) % n for i in range(n))
        st.phase.update(passing=((),) * n, pass_to=to, pass_order=order, pass_turn=-1)
        self._next_passer(st)

    def _next_passer(self, st) -> None:
        """Point `to_act` at the next seat that has cards to choose; pass them all when none is left."""
        ph = st.phase
        order, k = ph["pass_order"], ph["pass_turn"] + 1
        while k < len(order) and not st.zones[self.source][order[k]]:
            k += 1
        ph["pass_turn"] = k
        if k < len(order):
            st.to_act = order[k]
            return
        self._hand_over(st)

    def _hand_over(self, st) -> None:
        ph, zones = st.phase, st.zones
        before = ph.get("known_among") or {}  # every seat passes at once: a card spreads from where it was noted
        for seat, cards in enumerate(ph["passing"]):
            hand = zones[self.source][seat]
            for c in cards:
                hand.remove(c)
            if cards:
                # which cards went, the others did not see: a card known in the hand lies in it or the one passed to
                moved_unseen(st, self.source, seat, seat, (self.into, ph["pass_to"][seat]), cards, before)
        known = dict(ph.get("known_at", {}))
        for seat, cards in enumerate(ph["passing"]):
            zones[self.into][ph["pass_to"][seat]].extend(cards)
            known.update({c: (self.into, ph["pass_to"][seat], seat) for c in cards})  # the passer knows
            if cards:
                st.emit("pass", seat=seat, to=ph["pass_to"][seat], cards=list(cards))
        ph["known_at"] = known
        st.to_act = NOBODY

    def legal(self, st) -> list:
        seat = st.to_act
        left = list(st.zones[self.source][seat])
        for c in st.phase["passing"][seat]:  # one copy each: a card the deck holds twice may be passed twice
            left.remove(c)
        return left

    def text(self, move) -> str:
        return "pass " + C.NAMES[move]

    def shown_text(self, st, seat: int, move, viewer: int) -> str:
        """Only the passer sees the card chosen: the receiver gets it, and sees it, once all have chosen."""
        return self.text(move) if viewer == seat else "pass (face down)"

    def redealt(self, st, seat: int, rng) -> None:
        """Cards other seats have chosen are theirs to know: choose as many again from their new hands."""
        ph = st.phase
        if "passing" not in ph:
            return
        passing = list(ph["passing"])
        for other, chosen in enumerate(passing):
            if other != seat and chosen:
                passing[other] = tuple(rng.sample(st.zones[self.source][other], len(chosen)))
        ph["passing"] = tuple(passing)

    def apply(self, st, card) -> None:
        seat, ph = st.to_act, st.phase
        passing = list(ph["passing"])
        passing[seat] = passing[seat] + (card,)
        ph["passing"] = tuple(passing)
        if len(passing[seat]) < min(self.count, len(st.zones[self.source][seat])):
            return
        self._next_passer(st)


def shared_receiver(to: tuple) -> str:
    """Two seats that pass to one seat, said (and a seat that then receives nothing), or '' when `to` is one-to-one."""
    for receiver in sorted(set(to)):
        senders = [seat for seat, r in enumerate(to) if r == receiver]
        if len(senders) > 1:
            left = next(seat for seat in range(len(to)) if seat not in to)
            return (f"seats {senders[0]} and {senders[1]} would both pass their cards to seat {receiver}, and seat"
                    f" {left} would receive none")
    return ""
