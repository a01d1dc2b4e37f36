"""One seat picks one of a few named options: trump, or keep/redeal, or play on/stop."""

from __future__ import annotations

from .. import cards as C
from ..state import NOBODY, Env
from .base import Step, not_forbidden


class Choose(Step):
    """`who` chooses; the choice is stored in a variable (a suit, or a word). A move is the value. `forbid`
    (with `choice`, the option judged, and the chooser in focus) strikes options out.

    With `until`, the choice goes round the table from `who`, each seat choosing in turn into the same
    variable, until `until` holds after a choice or every seat has chosen; `chooser` (a seat variable) then
    holds the seat whose choice met it, or nobody (-1).

    The option `passing` names is the action `pass`; spelled as the verb and the option, as records written
    before it was a pass spell it, it is still understood (`spellings`)."""

    moves_cards = False

    def __init__(self, name, when, who, verb: str, options: list[str], var: str, suits: bool, forbid=None,
                 until=None, chooser: str | None = None, passing: str | None = None):
        super().__init__(name, when)
        self.who, self.verb, self.options, self.var, self.suits = who, verb, options, var, suits
        self.forbid, self.until, self.chooser = forbid, until, chooser
        # a suit choice's move is the suit, or NO_SUIT for `no_suit` (no trump)
        moves = {o: (C.SUITS.index(o) if o in C.SUITS else C.NO_SUIT) if suits else o for o in options}
        self.texts = {moves[o]: "pass" if o == passing else self._text(o) for o in options}
        self.spellings = {self._text(passing): moves[passing]} if passing in moves else {}
        self.moves = list(self.texts)
        self.verbs = tuple(dict.fromkeys(w for text in self.texts.values() for w in text.split()[:1]))

    def _text(self, option: str) -> str:
        return f"{self.verb} {option}" if self.verb else option

    def start(self, st) -> None:
        st.to_act = self.who(st.env, None) % st.game.players
        if self.until is not None:
            st.phase["chosen"] = 0  # seats that have chosen in this round of the table

    def legal(self, st) -> list:
        if self.forbid is None:
            return list(self.moves)  # the state's own list: a caller that changes it changes no other game
        seat = st.to_act
        return not_forbidden(self.forbid, Env(st, seat, st.game.side_of[seat]), self.moves)

    def stuck_reason(self, st) -> str:
        return "forbid_if strikes out every option"

    def shown_text(self, st, seat: int, move, viewer: int) -> str:
        """A choice asked only on what the chooser sees (a redeal offered on a weak first hand: the step runs
        unseen) is "" to the others: not even asked."""
        return "" if self.runs_unseen and viewer != seat else self.text(move)

    def may_hide(self) -> bool:
        return self.runs_unseen

    def text(self, move) -> str:
        return self.texts[move]

    def apply(self, st, move) -> None:
        st.vars[self.var] = move
        if self.until is None:
            st.to_act = NOBODY
            return
        seat, ph = st.to_act, st.phase
        ph["chosen"] += 1
        met = self.until(st.env, None)
        if met or ph["chosen"] >= st.game.players:
            if self.chooser is not None:
                st.vars[self.chooser] = seat if met else NOBODY
            st.to_act = NOBODY
        else:
            st.to_act = (seat + 1) % st.game.players
