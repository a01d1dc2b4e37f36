"""Games that cardrules does not bundle, written from the documentation alone by a new author (an audit):
tests/authored/. Each must stay valid and playable to its end as the language and checks change."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load
from interpreter.simulate import play_one
from tests.test_cli import assert_clean, run

AUTHORED = sorted((Path(__file__).parent / "authored").glob("*.yaml"))


@pytest.mark.parametrize("path", AUTHORED, ids=lambda p: p.stem)
def test_a_game_written_from_the_docs_is_valid_and_bots_finish_it(path):
    result = run("validate", path, "--strict")
    assert_clean(result)
    game = load(path)
    st = play_one(game, 1, ["greedy"] * game.players, max_hands=60)
    assert st.over and st.winner is not None, (len(st.hands), st.scores)
