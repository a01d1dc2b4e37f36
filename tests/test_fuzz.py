"""A short pass of the ruleset fuzzer (tests/fuzz_rulesets.py): mutants of the bundled rulesets load or are
refused with located errors, nothing else; those that load play a random game without an error that is not
located (the engine's run-time checks), and in a shorter pass games of greedy and search bots too.
CARDRULES_FUZZ_SECONDS and CARDRULES_FUZZ_SEED vary the pass.
"""

from __future__ import annotations

import os

import pytest
from fuzz_rulesets import Mutant, Report, describe, fuzz, mutate, scoring_disagrees, try_bots, unlocated

from interpreter import CardrulesError, load

SECONDS = float(os.environ.get("CARDRULES_FUZZ_SECONDS", 20))
SEED = int(os.environ.get("CARDRULES_FUZZ_SEED", 7))
BOTS = ["greedy", "mcts:10"]


@pytest.fixture(scope="module")
def report() -> Report:
    return fuzz(SECONDS, SEED)


def test_mutants_load_or_are_refused_at_their_place(report):
    assert report.mutants > 50 and report.loaded and report.refused, report.summary()
    assert not report.load_failures, report.summary() + "\n" + describe(report.load_failures, report.originals, True)


def test_mutants_that_load_play_without_crashing(report):
    assert report.played, report.summary()
    assert not report.play_failures, report.summary() + "\n" + describe(report.play_failures, report.originals, True)


def test_mutants_that_load_play_bot_games_without_crashing():
    """Bots reach what random play does not: look aheads, deals of the unseen cards, playouts."""
    report = fuzz(SECONDS / 2.5, SEED + 1, bots=BOTS)
    assert report.played, report.summary()
    assert not report.play_failures, report.summary() + "\n" + describe(report.play_failures, report.originals, True)


def test_a_bot_game_that_crashes_is_caught_and_one_the_ruleset_stops_is_not(monkeypatch):
    import interpreter.simulate

    game, mutant = load("hokm"), Mutant({"hokm.yaml": ""}, "hokm.yaml", [])

    def crash(*args, **kwargs):
        raise TypeError("a bot's crash")

    report = Report()
    monkeypatch.setattr(interpreter.simulate, "play_one", crash)
    try_bots(game, mutant, ["greedy"], report)
    assert [(f.stage, f.kind) for f in report.play_failures] == [("play", "TypeError (greedy bots)")]

    def stopped(*args, **kwargs):
        raise CardrulesError("the ruleset's own located error")

    report = Report()
    monkeypatch.setattr(interpreter.simulate, "play_one", stopped)
    try_bots(game, mutant, ["greedy"], report)
    assert not report.play_failures


def test_the_same_seed_gives_the_same_mutants():
    import random

    originals = {"a.yaml": "name: a\nplayers: 2\nx: 1\ny: 2\n"}
    first = [mutate(originals, random.Random(3)).files for _ in range(5)]
    again = [mutate(originals, random.Random(3)).files for _ in range(5)]
    assert first == again


def test_an_unlocated_problem_is_caught(tmp_path):
    """The check itself can fail: a problem outside the mutant's text, or without a place, is named."""
    mutant = Mutant({"m.yaml": "name: m\n"}, "m.yaml", [])
    (tmp_path / "m.yaml").write_text("name: m\n", encoding="utf-8")
    try:
        load(tmp_path / "m.yaml")
    except CardrulesError as e:
        assert unlocated(e, tmp_path, mutant) is None
    far = CardrulesError("x", problems=[(None, "no place")])
    assert "no place" in unlocated(far, tmp_path, mutant)
    from interpreter.errors import Where

    beyond = CardrulesError("x", problems=[(Where(str(tmp_path / "m.yaml"), 9, 1), "past the end")])
    assert "outside the file's text" in unlocated(beyond, tmp_path, mutant)


def test_scoring_written_out_wrong_is_told(monkeypatch):
    """The fuzzer's check of the scoring written out for each side: nothing on a game as it is; what differs
    where a side's written-out rows are not the rows' own."""
    game = load("hokm")
    st = game.new_state(seed=1)
    while len(st.hands) < 1:
        assert scoring_disagrees(st) is None
        st.apply(st.legal_actions()[0])
    values = game.work_out_values
    monkeypatch.setattr(game, "row_sums", lambda st: [1, 0])
    assert "rows [1, 0] against [0, 0]" in scoring_disagrees(st)
    monkeypatch.setattr(game, "row_sums", lambda st: [0, 0])
    assert scoring_disagrees(st) is None
    monkeypatch.setattr(game, "work_out_values", lambda st, out: values(st, out).update(kot=[9, 9]))
    assert "'kot': [9, 9]" in scoring_disagrees(st)
