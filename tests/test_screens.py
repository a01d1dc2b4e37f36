"""Snapshots: one whole hand of each game as `cardrules play` shows it through a pipe (docs/table.md shows them).

`UPDATE_SNAPSHOTS=1 python -m pytest tests/test_screens.py` writes them anew after a deliberate change;
read the diff before committing it.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest

from interpreter import load
from interpreter.bots import make_bot, make_bots
from interpreter.display import Session
from interpreter.screen import Screen
from interpreter.steps import Auction

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
SCREENS = [("pasur", 4, "en"), ("hokm", 7, "en"), ("shelem", 3, "en"), ("shelem-2p", 2, "en"),
           ("ghahveh", 5, "en"), ("hokm", 7, "fa")]


def capture(game: str, seed: int, lang: str = "en") -> str:
    """The first hand as a person sees it who types moves as text: the greedy bot's choice; in an auction
    the lowest bid while nobody has bid, else a pass; against greedy bots."""
    st = load(game).new_state(seed=seed, listen=True)
    me = make_bot("greedy", random.Random(f"{seed}/person/bot/0"))  # a stream of its own, apart from the bots'
    out = io.StringIO()

    def read() -> str:
        if st.hands:
            return ""
        step = st.game.steps[st.step]
        if isinstance(step, Auction):
            bids = sorted((a for a in st.legal_actions() if a != "pass"), key=lambda a: int(a.split()[1]))
            first = st.phase.get("high") is None or step.style == "each"
            return (bids[0] if bids and first else "pass") + "\n"
        return st.move_text(me.choose(st)) + "\n"

    bots = make_bots(["greedy"] * st.game.players, seed)
    random.seed(seed)
    Session(st, 0, bots, Screen(out, colour=False, rtl=lang == "fa"), read, lang=lang, echo=True).run()
    return out.getvalue()


@pytest.mark.parametrize("game, seed, lang", SCREENS)
def test_one_hand_looks_as_it_did(game, seed, lang):
    path = SNAPSHOTS / f"{game}-{lang}.txt"
    text = capture(game, seed, lang)
    if os.environ.get("UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_the_table_guide_shows_the_snapshots():
    """The guide's screens (docs/table.md) are these snapshots: each whole, and the short Hokm one a beginning of
    its own."""
    readme = (SNAPSHOTS.parent.parent / "docs" / "table.md").read_text(encoding="utf-8")
    for path in sorted(SNAPSHOTS.glob("*.txt")):
        assert path.read_text(encoding="utf-8").rstrip("\n") in readme, path.name
    table = readme[readme.index("# At the table"):]
    excerpt = table[table.index("```text\n") + 8:table.index("\n…\n```")]
    assert (SNAPSHOTS / "hokm-en.txt").read_text(encoding="utf-8").startswith(excerpt + "\n")
