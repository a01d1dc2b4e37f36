"""What every step of a hand offers the state machine."""

from __future__ import annotations


class Step:
    """A stage of a hand. `start` runs on entry; a step that sets `to_act` waits for moves."""


    def __init__(self, name: str, when=None):
        self.name, self.when = name, when

    def start(self, st) -> None:
        """Enter the step; leave `st.to_act` at -1 when nothing is asked of anyone."""

    def legal(self, st) -> dict:
        return {}

    def apply(self, st, move) -> None:
        raise NotImplementedError
