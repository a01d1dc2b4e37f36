"""One seat picks one of a few named options: trump, or keep/redeal, or play on/stop."""

from __future__ import annotations

from .. import cards as C
from ..state import Env
from .base import Step


class Choose(Step):
    """`who` chooses; the choice is stored in a variable (a suit, or a word)."""


    def __init__(self, name, when, who, verb: str, options: list[str], var: str, suits: bool):
        super().__init__(name, when)
        self.who, self.verb, self.options, self.var, self.suits = who, verb, options, var, suits
        self.moves = {self._text(o): (C.SUITS.index(o) if suits else o) for o in options}

    def _text(self, option: str) -> str:
        return f"{self.verb} {option}" if self.verb else option

    def start(self, st) -> None:
        st.to_act = self.who(Env(st), None) % st.game.players

    def legal(self, st) -> dict:
        return self.moves

    def apply(self, st, move) -> None:
        st.vars[self.var] = move
        st.to_act = -1
