"""Bots decide as they did: the decisions of a few seeded bot games, kept in snapshots/bot_games.json.

Speed work on the engine, the observation or search must leave every decision as it was; a change to how
bots play changes these on purpose. `UPDATE_SNAPSHOTS=1 python -m pytest tests/test_bot_decisions.py`
writes them anew after a deliberate change; read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from interpreter import load
from interpreter.simulate import play_one

KEPT = Path(__file__).resolve().parent / "snapshots" / "bot_games.json"
GREEDY = ["hokm", "hokm-2p", "pasur", "pasur-4p", "shelem", "shelem-2p", "ghahveh", "hearts", "spades",
          "scopa", "crazy-eights", "euchre", "oh-hell", "basra", "briscola", "whist", "sixty-six"]
SEARCH = ["hokm", "pasur", "shelem", "ghahveh", "hearts"]
GAMES = [(name, "greedy", 2) for name in GREEDY] + [(name, "mcts:20", 1) for name in SEARCH]


def decisions(name: str, kind: str, hands: int) -> list[str]:
    """Seed 1's game with `kind` at every seat, stopped after `hands` hands: each decision as 'seat action',
    then the scores."""
    game = load(name)
    st = play_one(game, 1, [kind] * game.players, max_hands=hands)
    return [f"{seat} {text}" for seat, text in st.actions] + [f"scores {st.scores}"]


def _kept() -> dict:
    return json.loads(KEPT.read_text(encoding="utf-8")) if KEPT.exists() else {}


@pytest.mark.parametrize("name, kind, hands", GAMES)
def test_bots_decide_as_they_did(name, kind, hands):
    key = f"{name} {kind} {hands} hands"
    now = decisions(name, kind, hands)
    if os.environ.get("UPDATE_SNAPSHOTS"):
        kept = _kept()
        kept[key] = now
        KEPT.parent.mkdir(exist_ok=True)
        KEPT.write_text(json.dumps(dict(sorted(kept.items())), indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    was = _kept().get(key)
    assert was is not None, f"no decisions kept for '{key}': run with UPDATE_SNAPSHOTS=1 once"
    first = next((i for i, (a, b) in enumerate(zip(now, was)) if a != b), min(len(now), len(was)))
    assert now == was, (f"'{key}' decides otherwise from decision {first}: now {now[first:first + 3]},"
                        f" was {was[first:first + 3]}")
