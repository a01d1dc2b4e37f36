"""Trick play where the leader, before its card, may declare a set of cards it holds for points (`declare:`) or
close the play (`close:`): moves of their own, besides the plays (and the swaps, `trick_swap`).

A declaration shows a set of the leader's cards to every seat (`declare KS QS`) and adds its points to a counter,
once a hand for each set; a close (`close`) turns a variable on, which the draw and the rules of play may read.
A declare move is DECLARE | entry << 6 | set; a close is CLOSE.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from ..state import NOBODY, assigner
from .base import known_to_all
from .trick_swap import SWAP, SwapTricks, actor_env

DECLARE, CLOSE = 2 * SWAP, 3 * SWAP  # a move's kind is move >> 12: 0 a play, 1 a swap, 2 a declaration, 3 a close


def kind_of(move) -> int:
    """0 a play, 1 a swap, 2 a declaration, 3 a close."""
    return move >> 12


@dataclass(frozen=True)
class Declaration:
    """One `declare:` entry: each of `sets` (card ids, in card order) held whole by the leader may be shown for
    `points` (f(env, card): the set's first card, the declarer in focus) added to counter `into` (kept per seat
    or per side: `by_seat`), once a hand a set, while `when` (f(env, None), or None: always) holds; with `lead`,
    the declarer's card to the trick is then one of the set."""

    name: str
    sets: tuple
    points: object
    into: str
    by_seat: bool
    when: object = None
    lead: bool = False


@dataclass(frozen=True)
class Close:
    """`close: {sets, by, when, set}`: the leader may turn the variable `sets` on (once: while it is off), noting
    its seat in the seat variable `by` (or None), while `when` (f(env, None), or None) holds; then `set`'s
    variables and counters are worked out as the close finds the hand (`notes`: (var, fn, kind), as a `set:`
    step's), for the rules to read later (the points each had when the stock was closed)."""

    sets: str
    by: str | None = None
    when: object = None
    notes: tuple = ()


def must_lead(st) -> frozenset | None:
    """The cards of which the trick's lead must be one, a declaration with `lead` made at it; else None."""
    lead = st.phase.get("lead_with")
    return lead[1] if lead is not None and lead[0] == st.trick_state.number else None


class LeadTricks(SwapTricks):
    """A trick play whose leader may declare sets of cards and close: its plays and swaps are SwapTricks', and
    besides them, at a lead, the declarations and the close the leader may make."""

    __slots__ = ("declarations", "close", "note_close")

    def __init__(self, *args, declarations: tuple = (), close: Close | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.declarations, self.close = declarations, close
        self.verbs = ("play",) + ("swap",) * (self.swap is not None) + ("declare",) * bool(declarations) \
            + ("close",) * (close is not None)
        self.note_close = None

    def ready(self, g) -> None:
        super().ready(g)
        notes = self.close.notes if self.close is not None else ()
        self.note_close = assigner(notes, g) if notes else None  # (st) -> None: `set` worked out at the close

    def legal(self, st) -> list:
        moves = super().legal(st)
        if st.trick_state.turn or self.tops[0]:
            return moves
        lead = must_lead(st)
        if lead is not None:  # a declaration's card must be led
            led = [m for m in moves if m >= SWAP or m in lead]
            moves = led if any(m < SWAP for m in led) else moves  # a set card given up in a swap: any card
        return moves + self.declares(st) + self.closes(st)

    def declares(self, st) -> list:
        """The declarations the leader may make now: one a turn, of each set it holds whole not yet declared."""
        ph, seat = st.phase, st.to_act
        if not self.declarations or ph.get("declared_at") == st.trick_state.number:
            return []
        held, done = st.zones[self.first_sources[0]][seat], ph.get("declared", ())
        env = actor_env(st)
        out = []
        for e, d in enumerate(self.declarations):
            if d.when is not None and not d.when(env, None):
                continue
            out += [DECLARE | e << 6 | k for k, cards in enumerate(d.sets)
                    if (e, k) not in done and all(c in held for c in cards)]
        return out

    def refusal(self, st, card: int) -> tuple:
        """TrickPlay's, and besides it, a held card refused because a declaration's card must be led now:
        ('declared lead', the cards declared)."""
        lead = must_lead(st)
        held = st.zones[self.first_sources[0]][st.to_act]
        if not st.trick_state.turn and lead is not None and card in held and card not in lead:
            return ("declared lead", sorted(lead))
        return super().refusal(st, card)

    def verb_refusal(self, st, verb: str) -> str:
        """A declaration or a close refused: why (only a leader, before its card; one declaration a turn; no set
        held; closed already; not now); a swap's as SwapTricks says it."""
        if verb not in ("declare", "close"):
            return super().verb_refusal(st, verb)
        if verb == "close" and self.close is None or verb == "declare" and not self.declarations:
            return ""  # a move this play has not: the moves there are say enough
        if st.trick_state.turn:
            return verb + "_leading"
        if verb == "close":
            return "close_done" if st.vars[self.close.sets] else "close_not_now"
        return "declare_made" if st.phase.get("declared_at") == st.trick_state.number else "declare_none"

    def declare_refusal(self, st, cards: list) -> tuple:
        """Why the set of `cards` (ids, as typed) may not be declared now, as the key of the words that say it and
        what they name: a turn that is not a lead, or a declaration made this turn (`verb_refusal`'s); a card not
        held ('declare_not_held', card); no entry's set ('declare_no_set', entry names); each entry that has it
        has had it declared this hand ('declare_done',); its entry's `when` false ('declare_not_now',)."""
        ph, ts = st.phase, st.trick_state
        if not self.declarations or self.tops[0]:
            return ("",)
        if ts.turn or ph.get("declared_at") == ts.number:
            return (self.verb_refusal(st, "declare"),)
        held = list(st.zones[self.first_sources[0]][st.to_act])
        for c in cards:  # a card named twice must be held twice (a deck's two copies)
            if c not in held:
                return ("declare_not_held", c)
            held.remove(c)
        found = [(e, k) for e, d in enumerate(self.declarations) for k, s in enumerate(d.sets)
                 if sorted(s) == sorted(cards)]
        if not found:
            return ("declare_no_set", tuple(dict.fromkeys(d.name for d in self.declarations)))
        done = ph.get("declared", ())
        return ("declare_done",) if all(f in done for f in found) else ("declare_not_now",)

    def playout_moves(self, st) -> list:
        """A random playout's moves: never a close, a wager whose worth a random rest of the hand cannot tell (a
        playout that closed at one lead in seven judged every lead poorly); the search's tree never tries it."""
        moves = self.legal(st)
        return [m for m in moves if kind_of(m) != 3] or moves

    def closes(self, st) -> list:
        """The close, where the leader may close now."""
        cl = self.close
        if cl is None or st.vars[cl.sets]:
            return []
        return [CLOSE] if cl.when is None or cl.when(actor_env(st), None) else []

    def apply(self, st, move) -> None:
        kind = move >> 12
        if kind < 2:
            super().apply(st, move)
            return
        if kind == 2:
            self._declare(st, move)
        else:
            self._close(st)
        if self._stopped(st):  # the points of a declaration may end the play at once
            st.to_act = NOBODY

    def _declare(self, st, move) -> None:
        ph, seat, g = st.phase, st.to_act, st.game
        e, k = move >> 6 & 63, move & 63
        d = self.declarations[e]
        cards = d.sets[k]
        side = g.side_of[seat]
        points = d.points(st.seat_env(seat, side), cards[0])
        st.counters[d.into][seat if d.by_seat else side] += points
        ph["declared"] = (*ph.get("declared", ()), (e, k))
        ph["declared_at"] = st.trick_state.number
        if d.lead:
            ph["lead_with"] = (st.trick_state.number, frozenset(cards))
        known_to_all(st, cards, self.first_sources[0], seat)  # shown: all know they lie in that hand
        if st.events is not None:
            st.emit("declared", seat=seat, name=d.name, cards=list(cards), points=points, counter=d.into,
                    step=f"{self.name}: {d.name}")  # step: the part, as coverage counts it

    def _close(self, st) -> None:
        cl, seat = self.close, st.to_act
        st.vars[cl.sets] = True
        if cl.by is not None:
            st.vars[cl.by] = seat
        if self.note_close is not None:
            self.note_close(st)
        if st.events is not None:
            st.emit("closed", seat=seat, var=cl.sets, step=self.name)

    def text(self, move) -> str:
        kind = move >> 12
        if kind == 2:
            return "declare " + " ".join(C.NAMES[c] for c in self.declared_cards(move))
        return "close" if kind == 3 else super().text(move)

    def declared_cards(self, move) -> tuple:
        """The cards a declare move shows."""
        return self.declarations[move >> 6 & 63].sets[move & 63]

    def cards_named(self, move) -> tuple:
        kind = move >> 12
        if kind == 2:
            return self.declared_cards(move)
        return () if kind == 3 else super().cards_named(move)
