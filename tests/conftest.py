"""Shared helpers: fixed decks and states built from card names."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import cards as C
from interpreter import load

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


def deck_with(front: list[str], game) -> list[str]:
    """A full deck order starting with `front`, the rest in canonical order."""
    ids = [C.card_id(x) for x in front]
    assert len(set(ids)) == len(ids), "a card twice in the fixed deck"
    rest = [c for c in game.deck if c not in ids]
    return [C.NAMES[c] for c in ids + rest]


@pytest.fixture
def pasur():
    return load(RULESETS / "pasur.yaml")
