"""Studies: simulate's hand bound, compare's statistics and report, and the Ray engine (CONTRACT.md)."""

from __future__ import annotations

import html
import io
import json
import logging
import os
import re
import signal
import socket
import sys
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest

from interpreter import CardrulesError, load, report, stats
from interpreter import distributed as dist
from interpreter import study as study_mod
from interpreter.progress import Progress
from interpreter.simulate import play_one, simulate
from tests.conftest import RULESETS
from tests.test_cli import out as output
from tests.test_cli import run

NO_RAY = "Ray is not installed here: `pip install -e '.[test]'` brings it where Ray publishes wheels"


def assert_clean(result, code=0):
    text = output(result)
    assert "Traceback" not in text and "internal error" not in text, text
    assert result.exit_code == code, text


def run_json(*args) -> dict:
    result = run(*args, "--json")
    assert_clean(result)
    return json.loads(result.output)


@contextmanager
def deadline(seconds: int):
    """Fail instead of hanging: a test that waits on a cluster gets `seconds` at most."""
    def expired(*_):
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# ---- simulate: the hand bound --------------------------------------------------------------------

def test_play_one_stops_at_the_hand_bound():
    game = load("pasur")
    st = play_one(game, 3, ["random", "random"], max_hands=2)
    assert not st.over and len(st.hands) == 2
    assert play_one(game, 3, ["random", "random"]).over


def test_simulate_counts_stopped_games_as_unfinished_never_as_wins():
    data = run_json("simulate", "pasur", "-n", 6, "--max-hands", 2)
    assert data["unfinished"] == 6 and data["finished"] == 0
    assert data["wins"] == [0, 0] and data["mean_points"] == [None, None] and data["mean_hands"] is None
    assert data["hands"] == 12 and all(isinstance(x, float) for x in data["mean_hand_points"])
    text = run("simulate", "pasur", "-n", 6, "--max-hands", 2)
    assert_clean(text)
    assert "6 unfinished" in text.output and "after 2 hands" in text.output
    assert "mean points are over the 0 finished, points per hand over every hand played" in text.output
    one = output(run("simulate", "pasur", "-n", 1))
    assert " 1 win (" in one or " 0 wins (" in one, one  # one win is one win
    assert "side 0: 1 win (100% of those finished, 95% interval 21%–100%)" in one or \
        "side 0: 0 wins (0% of those finished, 95% interval 0%–79%)" in one, one  # a share and its Wilson interval


def test_simulate_totals_add_up_with_the_default_bound():
    data = run_json("simulate", "pasur", "-n", 8, "--seed", 5)
    assert data["unfinished"] == 0 and data["max_hands"] == 1000
    assert sum(data["wins"]) + data["draws"] + data["unfinished"] == data["games"] == 8


def test_simulate_jobs_and_bound_give_the_same_records():
    one = simulate("pasur", {}, 12, 2, ["random"] * 2, jobs=1, max_hands=3)
    two = simulate("pasur", {}, 12, 2, ["random"] * 2, jobs=2, max_hands=3)
    for k in ("wins", "unfinished", "hands", "mean_hand_points", "mean_points"):
        assert one[k] == two[k], k


def test_address_needs_the_ray_engine():
    result = run("simulate", "pasur", "-n", 2, "--address", "127.0.0.1:6379")
    assert_clean(result, code=2)
    assert "--engine ray" in output(result)


def test_ray_engine_without_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails, as where it is not installed
    for cmd in (["simulate", "pasur"], ["compare", "pasur", "pasur-105"]):
        result = run(*cmd, "-n", 2, "--engine", "ray")
        assert_clean(result, code=1)
        assert "pip install 'ray>=2.9' (or the extra: pip install -e '.[ray]' in a checkout" in output(result)
        assert "cardrules[ray]" not in output(result)  # no such package on PyPI: the advice would fail


def test_an_address_where_no_cluster_answers_fails_fast():
    pytest.importorskip("ray", reason=NO_RAY)
    with socket.socket() as s:  # a loopback port that was free a moment ago: nobody listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with deadline(60):
        result = run("simulate", "pasur", "-n", 2, "--engine", "ray", "--address", f"127.0.0.1:{port}")
    assert_clean(result, code=1)
    assert "no Ray cluster answers" in output(result)


def test_a_broken_ruleset_is_reported_once_before_any_task(tmp_path, monkeypatch):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: pasur.yaml\noptions:\n  target: banana\n", encoding="utf-8")
    monkeypatch.setattr(dist, "ray_map", lambda *a, **k: pytest.fail("a task started"))
    for cmd in (["simulate", bad], ["compare", "pasur", bad]):
        result = run(*cmd, "-n", 4, "--engine", "ray")
        assert_clean(result, code=1)
        assert output(result).count("error:") == 1 and "bad.yaml" in output(result)


# ---- progress -------------------------------------------------------------------------------------

class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_silent_off_a_terminal_and_shown_on_one():
    quiet = io.StringIO()
    with Progress(10, "simulating", stream=quiet, after=0) as p:
        p(10)
    assert quiet.getvalue() == ""
    term = FakeTerminal()
    with Progress(2000, "simulating", stream=term, after=0) as p:
        p(1500)
        p(500)
    assert "2,000/2,000 games" in term.getvalue() and "100.0%" in term.getvalue()


def test_coverage_tells_its_progress_game_by_game():
    """`coverage` showed nothing on a terminal for 28 s (a study user's audit): it counts each game as simulate
    does its chunks."""
    from interpreter.coverage import coverage

    term = FakeTerminal()
    with Progress(3, "covering", stream=term, after=0) as p:
        coverage(load("hokm"), 3, 0, ["random"] * 4, 2, progress=p)
    assert p.done == 3 and "covering: 3/3 games" in term.getvalue()


def test_progress_keeps_to_one_row_of_a_narrow_terminal(monkeypatch):
    """A terminal audit: the line was padded to 72 characters whatever the width, so on 60 columns each redraw
    wrapped onto a new row (23 rows for one run). It is cut to the terminal's width."""
    import os

    from interpreter import progress

    asked = []  # of the terminal it draws on (stderr), not of standard output, which may be a file (a review)
    monkeypatch.setattr(progress.os, "get_terminal_size", lambda fd: asked.append(fd) or os.terminal_size((40, 24)))

    class OnStderr(FakeTerminal):
        def fileno(self):
            return 2

    term = OnStderr()
    with Progress(2000, "simulating", stream=term, after=0) as p:
        p(1500)
        p(500)
    drawn = [line for line in term.getvalue().split("\r") if line.strip()]
    assert drawn and all(len(line.rstrip("\n")) <= 39 for line in drawn), drawn
    assert set(asked) == {term.fileno()}


def test_progress_under_a_time_limit_says_the_time_left_of_the_limit(monkeypatch):
    """The time-limit helper's own doubt: the time left was worked out towards -n alone, hours where the limit ends
    the run in a minute. Where the limit comes first it is the time left, and says so."""
    from interpreter import progress

    now = [0.0]
    monkeypatch.setattr(progress.time, "perf_counter", lambda: now[0])
    term = FakeTerminal()
    with Progress(100_000, "simulating", stream=term, after=0, seconds=60) as p:
        now[0] = 10.0
        p(100)  # 10 games a second: 9,990 s to go by -n, 50 by the limit
    assert "0:50 left (time limit)" in term.getvalue(), term.getvalue()
    term = FakeTerminal()
    with Progress(200, "simulating", stream=term, after=0, seconds=60) as p:
        now[0] = 20.0
        p(100)  # the games end first
    assert "0:10 left" in term.getvalue() and "time limit" not in term.getvalue(), term.getvalue()


def test_progress_waits_before_showing():
    term = FakeTerminal()
    with Progress(10, "simulating", stream=term, after=60) as p:
        p(10)
    assert term.getvalue() == ""


# ---- statistics -----------------------------------------------------------------------------------

def test_wilson_interval():
    lo, hi = stats.wilson(5, 10)
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634
    assert stats.wilson(0, 0) == [None, None]
    assert stats.wilson(0, 20)[0] == 0.0 and stats.wilson(20, 20)[1] == 1.0


def test_holm_adjustment():
    assert stats.holm([0.01, 0.04, 0.03, None]) == [0.03, 0.06, 0.06, None]
    assert stats.holm([]) == []


def test_percentile_and_ratio_without_data():
    assert stats.percentile([], 0.5) is None
    assert stats.percentile([1, 2, 3, 4], 0.5) == 2.5
    assert stats.ratio([1, 2], [0, 0]) is None


def test_sign_flip_p_detects_a_shift_and_not_noise():
    sampler = stats.Resampler(30, 0, permutations=999)
    shift = [2] * 30  # every pair 2 higher under the variant
    assert stats.sign_flip_p(sum(shift), [row[0] for row in sampler.flip_sums([shift])]) <= 0.002
    noise = [1, -1] * 15
    assert stats.sign_flip_p(sum(noise), [row[0] for row in sampler.flip_sums([noise])]) == 1.0


def test_a_difference_past_every_swap_gets_hoeffdings_bound_not_the_swaps_floor():
    """No swap of 5,000 reaching the total gave p = 1/5,001 however clear the difference; Holm's correction over 251
    tests or more then lifted every such p above 0.05 (a study user's audit). Past the swaps, Hoeffding's bound on
    the same test's tail (a normal tail undercounted whole differences: a review); within them, the swaps' own p."""
    shift = [3] * 60
    bank = study_mod._Bank()
    bank.add(shift)
    swapped = bank.sums(stats.Resampler(60, 0).flip_sums)
    p = study_mod._p(shift, bank, swapped)
    assert p < 1e-12 and stats.holm([p] * 300)[0] < 0.05
    wins = [1] * 42 + [-1] * 14  # ±1, 56 pairs: the exact p is 0.000234; a normal tail said 0.00015, below it
    for seed in range(5):
        games = study_mod._Bank()
        games.add(wins)
        assert study_mod._p(wins, games, games.sums(stats.Resampler(56, seed).flip_sums)) >= 1 / 5001
    mixed = [3, -1] * 30  # within the swaps' reach: their share, as before
    bank.add(mixed)
    swapped = bank.sums(stats.Resampler(60, 0).flip_sums)
    assert study_mod._p(mixed, bank, swapped) > 1 / 5001


def test_finishing_more_often_is_no_difference_in_who_wins():
    """Both sides win half the finished games under either ruleset, but one ruleset finishes 10% of its games
    and the other 75%: the win rate's test must reject no more often than its 5% (the test once compared
    ratios of sums, and called about a quarter of such studies significant; the researcher helper)."""
    import random

    rng, rejected = random.Random(7), 0
    for trial in range(100):
        n = 50
        finished = [[rng.random() < share for _ in range(n)] for share in (0.1, 0.75)]
        base, variant = (([int(f and rng.random() < 0.5) for f in fin], [int(f) for f in fin]) for fin in finished)
        diffs = study_mod._differences(study_mod.Measure("win rate", "rate", "finished games", [base, variant]), 1)
        bank = study_mod._Bank()
        if diffs:
            bank.add(diffs)
        swapped = bank.sums(stats.Resampler(n, trial, permutations=499).flip_sums)
        p = study_mod._p(diffs, bank, swapped)
        rejected += p is not None and p < 0.05
    assert rejected <= 8, rejected


@pytest.fixture(scope="module")
def pasur_records():
    names = ["pasur", "pasur-105"]
    games = [load(n) for n in names]
    return names, games, study_mod.compare(names, games, [["random"] * 2] * 2, 24, seed=1)


def test_numbers_do_not_depend_on_numpy(pasur_records, monkeypatch):
    names, games, done = pasur_records
    monkeypatch.setattr(stats, "NUMPY", None)
    plain = study_mod.Study(names, done.seeds, done.bots, done.max_hands,
                            study_mod.build_measures(games, done.records), done.records)
    study_mod.evaluate(plain, 1)
    assert [m.as_json() for m in plain.measures] == [m.as_json() for m in done.measures]


def test_compare_finds_that_longer_games_last_longer(pasur_records):
    _, _, done = pasur_records
    by_name = {m.name: m for m in done.measures}
    length = by_name["hands per game"]
    assert length.values[1] > length.values[0] and length.significant == [True]
    assert length.ci95[0][0] <= length.values[0] <= length.ci95[0][1]
    assert by_name["row 'seven clubs': points per hand (all sides)"].p_values == [None]  # always 7: no test
    assert not by_name["win rate, side 0"].significant[0]


def test_a_test_that_repeats_another_turned_round_counts_once_in_holm(pasur_records):
    """With two sides and no draws, side 1's win rate is side 0's turned round: one hypothesis, one place in
    Holm's correction (it was counted twice, which made every verdict of the study too cautious)."""
    _, _, done = pasur_records
    by_name = {m.name: m for m in done.measures}
    side1 = by_name["win rate, side 1"]
    assert side1.p_values == by_name["win rate, side 0"].p_values != [None]
    others = [m for m in done.measures if m is not side1 and m.p_values[0] is not None]
    assert [m.p_adjusted[0] for m in others] == stats.holm([m.p_values[0] for m in others])
    assert side1.p_adjusted == by_name["win rate, side 0"].p_adjusted and done.tests == len(others)


def test_comparable_rulesets_have_the_same_sides(tmp_path):
    with pytest.raises(CardrulesError, match="3 sides"):
        study_mod.check_comparable(["a", "b"], [SimpleNamespace(sides=2), SimpleNamespace(sides=3)])
    three = tmp_path / "three.yaml"
    three.write_text("extends: pasur.yaml\nname: three\nplayers: 3\n", encoding="utf-8")
    result = run("compare", "pasur", three, "-n", 2)
    assert_clean(result, code=1)
    assert "3 sides" in output(result) and "2" in output(result)


# ---- compare on the command line ------------------------------------------------------------------

def test_compare_json_has_the_contract_shape():
    data = run_json("compare", "pasur", "pasur-105", "pasur-most-cards", "-n", 6, "--seed", 3)
    assert data["rulesets"] == ["pasur", "pasur-105", "pasur-most-cards"]
    names = [m["name"] for m in data["measures"]]
    for needed in ("win rate, side 0", "win rate, side 1", "hands per game", "points per hand, side 0",
                   "row 'surs': scores (share of hands)", "row 'surs': points per hand (all sides)",
                   "deals thrown in per hand", "unfinished (stopped at the hand bound)"):
        assert needed in names
    for m in data["measures"]:
        assert len(m["values"]) == 3 and len(m["ci95"]) == 3 and len(m["significant"]) == 2
        assert all(len(ci) == 2 for ci in m["ci95"]) and all(isinstance(s, bool) for s in m["significant"])


def test_compare_the_same_ruleset_twice_differs_in_nothing():
    data = run_json("compare", "pasur", "pasur", "-n", 5)
    assert not any(s for m in data["measures"] for s in m["significant"])
    assert all(m["p_values"] == [None] for m in data["measures"])


def test_compare_survives_measures_without_data():
    data = run_json("compare", "pasur", "pasur-105", "-n", 3, "--max-hands", 1)
    length = next(m for m in data["measures"] if m["name"] == "hands per game")
    assert length["values"] == [None, None] and length["ci95"] == [[None, None], [None, None]]
    assert data["unfinished"] == [3, 3]
    one = run_json("compare", "pasur", "pasur-105", "-n", 1)
    assert one["rulesets"] == ["pasur", "pasur-105"]


def test_compare_header_pairs_each_ruleset_with_its_own_bots():
    """Hokm seats four bots and Hokm for two two: the header once sorted the lists and swapped them."""
    first = output(run("compare", "hokm", "hokm-2p", "-n", 1)).splitlines()[0]
    assert "bots random,random,random,random / random,random," in first, first
    same = output(run("compare", "pasur", "pasur-105", "-n", 1)).splitlines()[0]
    assert "bots random,random," in same and " / " not in same, same


def test_compare_text_and_report(tmp_path):
    path = tmp_path / "study.html"
    result = run("compare", "pasur", "pasur-105", "-n", 5, "--report", path)
    assert_clean(result)
    assert "hands per game" in result.output and "Holm" in result.output and str(path) in result.output
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "hands per game" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in page
    assert ("<svg" in page) or ("data:image/png;base64," in page)


@pytest.mark.parametrize("name, fenced", [("study.md", True), ("study.txt", False)])
def test_a_report_to_a_markdown_or_text_file_is_the_text_table(tmp_path, name, fenced):
    path = tmp_path / name
    result = run("compare", "pasur", "pasur-105", "-n", 3, "--report", path)
    assert_clean(result)
    written = path.read_text(encoding="utf-8")
    assert "<html" not in written.lower() and "hands per game" in written and "Holm" in written
    assert written.startswith("```\n") == fenced


def test_report_without_matplotlib_draws_svg(pasur_records):
    page = report.html(pasur_records[2], use_matplotlib=False)
    assert page.count("<svg") == 5 and "Game length" in page and "<rect" in page


def test_a_report_where_no_game_finished_says_the_win_rates_have_no_data(tmp_path):
    """A studies audit: where no game finished, the report drew an empty win-rate chart, its axis below 0."""
    path = tmp_path / "study.html"
    assert_clean(run("compare", "shelem", "shelem-330", "-n", 2, "--max-hands", 1, "--report", path))
    page = path.read_text(encoding="utf-8")
    assert "Win rates (95% interval): no data" in page and "Points per hand" in page


def test_report_to_a_folder_that_does_not_exist_is_a_clear_error(tmp_path):
    result = run("compare", "pasur", "pasur-105", "-n", 2, "--report", tmp_path / "no" / "r.html")
    assert_clean(result, code=1)
    assert "cannot write the report" in output(result)


def test_compare_bad_bots_name_the_ruleset():
    result = run("compare", "pasur", "pasur-4p", "-n", 2, "--bots", "random,greedy")
    assert_clean(result, code=2)
    assert "--bots" in output(result) and "pasur-4p" in output(result)


# ---- Ray ------------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def local_ray():
    """One local Ray for the whole session (starting one takes seconds), shut down at the end."""
    ray = pytest.importorskip("ray", reason=NO_RAY)
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    with deadline(120):
        ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    yield ray
    ray.shutdown()


def test_ray_gives_the_totals_of_one_process(local_ray):
    with deadline(180):
        on_ray = run_json("simulate", "pasur", "-n", 30, "--seed", 4, "--engine", "ray")
    local = run_json("simulate", "pasur", "-n", 30, "--seed", 4, "--jobs", 1)
    for k in ("games", "wins", "mean_points", "hands", "mean_hands", "mean_hand_points", "unfinished"):
        assert on_ray[k] == local[k], k
    assert local_ray.is_initialized()  # a Ray it did not start is left running


def test_compare_on_ray_matches_local(local_ray):
    with deadline(180):
        on_ray = run_json("compare", "pasur", "pasur-105", "-n", 6, "--engine", "ray")
    local = run_json("compare", "pasur", "pasur-105", "-n", 6)
    assert on_ray["measures"] == local["measures"]


def _dies_once(task):
    marker, value = task
    if not os.path.exists(marker):
        with open(marker, "w"):
            pass
        os._exit(1)  # the worker process dies: Ray runs the task again
    return value * 2


def test_a_task_whose_worker_dies_is_retried(local_ray, tmp_path):
    local_ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers cannot import tests/
    done = []
    with deadline(180):
        out = dist.ray_map(_dies_once, [(str(tmp_path / "died"), 21), (str(tmp_path / "died"), 1)],
                           on_done=done.append)
    assert out == [42, 2] and sorted(done) == [2, 42]


def test_counts_equal_in_every_pair_are_no_evidence_of_a_rate_that_differs(tmp_path):
    """A longer game (target 72) has the same deals thrown in, seed by seed, as the base: the per-hand rate
    is lower only because of the extra hands. The paired test called that significant (p=0.002) though
    nothing counted changed; such a measure is not tested, and hands per game still shows the change."""
    longer = tmp_path / "pasur-72.yaml"
    longer.write_text("extends: pasur\nname: pasur-72\ngame: {target: 72}\n", encoding="utf-8")
    names = ["pasur", str(longer)]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 2, 20, seed=0)
    by_name = {m.name: m for m in done.measures}
    thrown = by_name["deals thrown in per hand"]
    assert thrown.parts[0][0] == thrown.parts[1][0] and thrown.parts[0][1] != thrown.parts[1][1]  # more hands
    assert thrown.p_values == [None] and thrown.significant == [False]
    assert by_name["hands per game"].significant == [True]


def test_hand_point_quantiles_are_scores_some_hand_had():
    """Hokm scores 0 or 1 (2, 3) a hand: a median of 0.5, which no hand can score, said nothing."""
    assert stats.nearest_rank([0, 1, 0, 1], 0.5) == 0 and stats.nearest_rank([0, 1, 1], 0.5) == 1
    assert stats.nearest_rank([3, 1, 2, 5, 4], 0.9) == 5 and stats.nearest_rank([], 0.5) is None
    recs = [{"hand_points": [[0, 1], [1, 0]], "over": True}]
    q = study_mod.quantiles(recs)
    assert q["median"] in (0, 1) and q["mean"] == 0.5


@pytest.mark.parametrize("name", ["house.yaml", "study.pdf", "study"])
def test_a_report_file_must_be_html_or_text_so_no_ruleset_is_written_over(tmp_path, name):
    """`--report pasur-house.yaml` once replaced the house rule with 155 KB of HTML (researcher helper)."""
    path = tmp_path / name
    path.write_text("name: mine\n", encoding="utf-8")
    result = run("compare", "pasur", "pasur-105", "-n", 1, "--report", path)
    assert result.exit_code == 2 and "a report is an HTML page (.html) or the text table" in result.output
    assert path.read_text(encoding="utf-8") == "name: mine\n"


@pytest.mark.parametrize("name", ["notes.md", "notes.txt", "page.html"])
def test_a_report_is_written_over_only_where_cardrules_wrote_it(tmp_path, name):
    """`--report notes.md` replaced a person's notes with the table (a house-rule lab audit): a file of theirs
    is refused as a ruleset is; a report written before is written over, each kind."""
    path = tmp_path / name
    path.write_text("notes\n", encoding="utf-8")
    result = run("compare", "hokm", "hokm-kap", "-n", 1, "--report", path)
    assert result.exit_code == 2 and "is a file of yours, not a report cardrules wrote" in result.output
    assert path.read_text(encoding="utf-8") == "notes\n"
    path.unlink()
    for _ in range(2):
        assert_clean(run("compare", "hokm", "hokm-kap", "-n", 1, "--report", path))
    assert "hokm vs hokm-kap" in path.read_text(encoding="utf-8")


def test_a_hand_measure_is_a_rate_over_all_hands_and_its_test_is_of_that_rate():
    """Points per hand is every hand's points over every hand: its value and its test are of that one rate.
    Each game's residual from the rulesets' common rate is what the test weighs: a game whose hands score as
    the other ruleset's do adds nothing, however long it is."""
    base = ([1 * 4] * 10, [4] * 10)  # ten games of 4 hands, 1 point a hand
    mixed = ([8, 0] * 5, [4, 40] * 5)  # short games score 2 a hand, long ones nothing: 40 over 220 hands
    same_rate_longer = ([1 * 8] * 10, [8] * 10)  # 1 point a hand over games twice as long
    m = study_mod.Measure("points per hand", "mean", "hands", [base, mixed, same_rate_longer])
    assert [stats.ratio(*p) for p in m.parts] == [1.0, 40 / 220, 1.0]
    assert study_mod._differences(m, 2) is None or not any(study_mod._differences(m, 2))
    assert sum(study_mod._differences(m, 1)) < 0  # the variant's hands score less


def test_a_rule_that_changes_no_hand_is_not_found_to_change_how_often_hands_score(tmp_path):
    """A sur worth 10, not 5: random bots play the same hands under both rules, but games end sooner after
    surs. Each game's own rate, averaged over games, found surs more frequent (p=0.002 on 1,000 seeds, a study
    reviewer); over all hands, the rate is the same and the test finds nothing, while what a sur gives
    doubles."""
    path = tmp_path / "pasur-big-sur.yaml"
    path.write_text('extends: pasur\nname: pasur-big-sur\nscoring:\n  - name: surs\n'
                    '    points: "10 * max(0, surs - opp(surs))"\n', encoding="utf-8")
    names = ["pasur", str(path)]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 2, 1000, seed=0)
    by_name = {m.name: m for m in done.measures}
    share = by_name["row 'surs': scores (share of hands)"]
    assert abs(share.values[0] - share.values[1]) < 0.005 and share.p_values[0] > 0.2, share.p_values
    assert by_name["row 'surs': points per hand (all sides)"].significant == [True]
    assert by_name["hands per game"].significant == [True]


def test_a_variant_whose_rule_never_comes_into_play_says_so():
    """Greedy bots seldom made a kot, so hokm-bam played hokm's very game on every seed, and the study read as
    "bam changes nothing" (a study reviewer). The text, the report and the JSON now say how many seeds played
    the base's game exactly. (Since greedy leads its sure cards first (docs/bots.md, "Kots") it kots, and the bam
    comes into play on 2 of these 6 seeds; the kot-at-six "wins" house rule, which a kot's points reach anyway,
    never does.)"""
    names = ["hokm", "hokm-kot-at-six-wins", "hokm-draw-hakem"]
    done = study_mod.compare(names, [load(n) for n in names], [["greedy"] * 4] * 3, 6, seed=0)
    same = done.same_games()  # the first hakem drawn may be the first ace's, and the game then the same
    assert same[0] == 6 and same[1] < 6 and done.as_json()["same_games"] == same
    said = unwrapped(report.text(done))
    assert "hokm-kot-at-six-wins played exactly hokm's game on 6 of 6 seeds: its rule never came into play" in said
    assert f"hokm-draw-hakem played exactly hokm's game on {same[1]} of 6 seeds." in said or same[1] == 0
    assert "hokm-kot-at-six-wins played exactly hokm&#x27;s game on 6 of 6 seeds" in report.html(done)
    # said in words in the text too, not only in the report: what does not differ, and how little 6 games show
    assert "  hokm-kot-at-six-wins: no measure differs significantly from hokm." in said
    assert "  hokm-kot-at-six-wins: who wins does not differ beyond chance (side 0 wins" in said
    assert re.search(r"  6 games each: no difference can show \(the least p so few games can give is [0-9.]+, over \d+"
                     r" tests\); a few hundred games tell more\.", said), said
    bam = study_mod.compare(["hokm", "hokm-bam"], [load("hokm"), load("hokm-bam")], [["greedy"] * 4] * 2, 6, seed=0)
    assert bam.same_games()[0] < 6  # a kot made, and the bam asked


def test_a_variant_that_is_the_base_as_written_says_so(tmp_path):
    """A house rule that sets an option to its default is the base's game: said as such, not blamed on the
    bots (a house-rule lab audit); a rule that changes the game is not called the same."""
    path = tmp_path / "pasur-noop.yaml"
    path.write_text("extends: pasur\nname: pasur-noop\noptions:\n  most_cards_bonus: 0\n", encoding="utf-8")
    names = ["pasur", str(path), "pasur-105"]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 3, 4, seed=0)
    assert done.identical == done.as_json()["identical"] == [True, False]
    said = unwrapped(report.text(done))
    assert "pasur-noop is pasur's game as written (the same rules and option values): it cannot change anything." \
        in said  # called by its name, not the path typed (a studies audit)
    assert "pasur-105 is pasur's game" not in said
    assert done.changes == done.as_json()["changes"] == [
        "extends pasur and changes options.most_cards_bonus (0)", "extends pasur.yaml and changes options.target (105)"]
    assert "  pasur-105 extends pasur.yaml and changes options.target (105)." in said
    assert done.akin == done.as_json()["akin"] == [True, True]  # both end their chains at the bundled pasur.yaml
    assert "extend no common ruleset" not in said


def test_two_games_with_no_common_base_are_said_to_be_two_games(tmp_path):
    """`compare hokm spades` measured one game against another as if it were a house rule (a house-rule lab
    audit): it still does, and says so; a copy of the base's file, which extends nothing, is another game too."""
    copy = tmp_path / "my-pasur.yaml"
    copy.write_text((RULESETS / "pasur.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    names = ["pasur", "scopa", str(copy)]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 3, 2, seed=0)
    assert done.akin == [False, False]
    said = unwrapped(report.text(done))
    assert ("  scopa and pasur extend no common ruleset: this compares two games, not a house rule with its game"
            " (a house rule is a file that says `extends: pasur`).") in said
    assert f"  {copy} and pasur extend no common ruleset" in said


def test_what_a_house_rule_changes_is_said_by_name(tmp_path):
    path = tmp_path / "kot4.yaml"
    path.write_text("extends: hokm\nname: kot4\nscoring:\n  - name: hand points\n    points: 'if tricks >= 7 then 4"
                    " else 0'\ntable:\n  show: [tricks]\n", encoding="utf-8")
    assert study_mod.changes_said(load(path)) == ('extends hokm and changes scoring: hand points (points "if tricks >='
                                                  ' 7 then 4 else 0")')  # a short setting said beside it
    assert study_mod.changes_said(load("hokm")) == ""


def test_a_step_or_row_a_house_rule_changes_is_said_with_what_it_sets_or_removed(tmp_path):
    """A studies audit: a row removed was said as "changes scoring: surs", and a bidding step given a new minimum
    as "changes hand: bidding", with nothing of what it became."""
    (tmp_path / "no-sur.yaml").write_text("extends: pasur\nscoring: [{name: surs, remove: true}]\n",
                                          encoding="utf-8")
    (tmp_path / "min120.yaml").write_text("extends: shelem\nhand:\n  - name: bidding\n    auction: {min: 120}\n",
                                          encoding="utf-8")
    assert study_mod.changes_said(load(tmp_path / "no-sur.yaml")) == "extends pasur and changes scoring: surs (removed)"
    assert study_mod.changes_said(load(tmp_path / "min120.yaml")) == \
        "extends shelem and changes hand: bidding (auction.min 120)"


def test_a_game_key_a_house_rule_changes_is_said_with_its_new_value(tmp_path):
    """`game: {target: 5}` is said as `game.target (5)`, as an option is with its value (a lab audit: compare
    said only "changes game.target"); a long expression is said by its key alone."""
    path = tmp_path / "hokm-5.yaml"
    path.write_text("extends: hokm\ngame:\n  target: 5\n  next_dealer: 'if hand_number > 3 then next(dealer)"
                    " else prev(hakem)'\n", encoding="utf-8")
    assert study_mod.changes_said(load(path)) == "extends hokm and changes game.target (5), game.next_dealer"


def test_a_house_rule_that_only_says_an_option_or_row_anew_changes_no_rule():
    """hokm-kap writes kot_at_six's doc anew, not its value: compare said it "changes options.kot_at_six
    ("none")", which a reader takes for a change of the rule (an audit of compare)."""
    assert study_mod.changes_said(load("hokm-kap")) == "extends hokm.yaml and changes scoring: hand points"


def test_a_p_value_below_a_thousandth_is_html_in_the_report():
    """"p<0.001" was written into the page as it is: a '<' that opens no tag is an HTML parse error, and a tool
    that strips tags loses the p-value (an audit of compare)."""
    names = ["hokm", "hokm-rounds-3"]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 4] * 2, 20, seed=0, max_hands=12)
    least = min((m for m in done.measures if m.p_adjusted[0] is not None), key=lambda m: m.p_adjusted[0])
    assert least.p_values[0] < 0.001  # the games stopped at the bound: a clear difference, however many tests
    least.p_adjusted[0] = least.p_values[0]  # below a thousandth as adjusted too, so the page has one to show
    page = report.html(done, use_matplotlib=False)
    assert "p&lt;0.001" in page and "p<0.001" not in page


def test_a_study_in_which_no_game_ends_says_what_to_try():
    """Random bidders never bring Shelem to its target: `simulate` and `compare` printed all dashes and 'no
    data' without a word on why (a study reviewer)."""
    result = run("simulate", "shelem", "-n", 2, "--max-hands", 5)
    assert_clean(result)
    assert "no game ended: these bots (random) may never reach the end" in output(result)
    result = run("compare", "shelem", "shelem-1000", "-n", 2, "--max-hands", 5)
    assert_clean(result)
    assert "shelem-1000: no game ended within 5 hands" in output(result) and "try --bots greedy" in output(result)
    finished = run("simulate", "pasur", "-n", 2)
    assert "no game ended" not in output(finished)
    greedy = run("simulate", "shelem", "-n", 1, "--max-hands", 2, "--bots", "greedy")  # not told to use greedy
    assert "a higher --max-hands lets games go on longer" in output(greedy) and "try --bots" not in output(greedy)
    short = run("simulate", "pasur", "-n", 2, "--max-hands", 1)  # no auction: the bound, not the bidders
    assert "2 unfinished, no winner (2 stopped after 1 hand)" in output(short) and "random bidders" not in output(short)
    assert "did not reach the end within 1 hand; a higher --max-hands" in output(short)
    most = run("simulate", "hokm", "-n", 10, "--max-hands", 9)  # one game ends: the rest were said of no one
    assert "most games did not end (9 of 10): these bots (random) did not reach the end within 9 hands" in output(most)
    written = Path(__file__).parent / "authored" / "tarneeb.yaml"  # a game written from the docs
    tarneeb = run("simulate", written, "-n", 4, "--max-hands", 20)
    assert "try --bots greedy" in output(tarneeb), output(tarneeb)


def test_what_the_table_announces_is_measured_beside_the_rows():
    """A house rule of Hokm's kot is studied by how often a kot happens, which no scoring row says alone (a
    house-rule lab audit): every value the table announces is a measure, per hand with all sides added up."""
    from interpreter.simulate import game_record

    game = load("hokm")
    st = play_one(game, 3, ["random"] * 4, max_hands=40)
    record = game_record(game, st, 3)
    kots = sum(sum(h["values"]["kot"]) for h in st.hands)
    assert kots == 1 and sum(record["announced"].values()) == kots  # seed 3: one kot in 11 hands, by its kind
    assert record["announced"] == {"kot_by_hakem": 0, "kot_on_hakem": 1, "bam_lost": 0,  # against the hakem's side
                                   "reset": 0}
    done = study_mod.compare(["hokm", "spades"], [load("hokm"), load("spades")], [["random"] * 4] * 2, 3, seed=0,
                             max_hands=5)
    measured = {m.name: m for m in done.measures}
    assert measured["announced 'kot_on_hakem': per hand (all sides)"].values[1] is None  # Spades announces no kot
    assert measured["announced 'made': per hand (all sides)"].values[0] is None
    assert "announced 'made': per hand (all sides)" in report.text(done)


def test_a_value_counter_or_variable_can_be_measured_as_each_hand_ends():
    """`compare --measure contract` studies Shelem's contract levels, which no row or announcement says (a
    house-rule lab audit): the measure is the name's value in each hand's record, per hand."""
    from interpreter.simulate import game_record

    game = load("shelem")
    st = play_one(game, 2, ["greedy"] * 4, max_hands=3)
    contracts = [h["vars"]["contract"] for h in st.hands]
    assert len(contracts) == 3 and all(c >= 100 for c in contracts)
    record = game_record(game, st, 2, ("contract", "taken", "tricks"))
    assert record["measured"] == {"contract": sum(contracts),
                                  "taken": sum(sum(h["values"]["taken"]) for h in st.hands),
                                  "tricks": sum(sum(h["counters"]["tricks"]) for h in st.hands)}
    result = run("compare", "shelem", "shelem-330", "-n", "2", "--max-hands", "2", "--measure", "contract", "--json")
    assert_clean(result)
    names = [m["name"] for m in json.loads(result.output)["measures"]]
    assert "variable 'contract' as a hand ends: per hand" in names
    # a usage error, as a bad value of any other option is (exit 2; it was 1: a user audit)
    assert_clean(run("compare", "shelem", "shelem-330", "-n", "1", "--measure", "contrct"), code=2)
    assert "Invalid value for --measure: contrct: unknown name 'contrct' (did you mean contract?)" in \
        run("compare", "shelem", "shelem-330", "-n", "1", "--measure", "contrct").output
    assert "--measure: trump: variable 'trump' of shelem holds a suit, not a number or a seat" in \
        run("compare", "shelem", "shelem-330", "-n", "1", "--measure", "trump").output
    assert "Invalid value for --measure: needs a name" in \
        run("compare", "shelem", "shelem-330", "-n", "1", "--measure", " ").output
    assert "(did you mean hakem?)" in run("compare", "shelem", "shelem-330", "-n", "1", "--measure", "hakm").output
    twice = run("compare", "hokm", "hokm-bam", "-n", "1", "--max-hands", "1", "--measure", "kot_on_hakem",
                "--measure", "tricks", "--measure", "tricks", "--json")
    names = [m["name"] for m in json.loads(twice.output)["measures"]]
    assert "announced 'kot_on_hakem': per hand (all sides)" in names
    assert not any("value 'kot_on_hakem'" in n for n in names)
    assert names.count("counter 'tricks' as a hand ends: per hand (all owners added up)") == 1


def test_a_games_record_names_the_side_that_acted_first_not_the_dealers():
    """Pasur (P4): the player after the dealer plays first, and the dealer the hand's last card; the record's
    first_player_side is the first player's side, not the last's nor the dealer's."""
    import random

    from interpreter.simulate import game_record

    game = load("pasur")
    st, rng = game.new_state(seed=3), random.Random(3)
    while not st.hands:  # the first hand played and scored
        st.apply_move(rng.choice(st.legal_moves()))
    record = game_record(game, st, 3)
    first, dealer = st.log[0][0], st.hands[0]["dealer"]
    assert first == (dealer + 1) % 2 and st.log[-1][0] == dealer
    assert record["first_player_side"] == game.side_of[first] != record["first_dealer_side"] == game.side_of[dealer]


@pytest.mark.parametrize("given, said", [
    ({"n": 1.5}, "n, the number of games, is a whole number from 0 to 1,000,000, not 1.5"),
    ({"n": -2}, "n, the number of games, is a whole number from 0 to 1,000,000, not -2"),
    ({"seed": "x"}, "a seed is a whole number (an int), not 'x'"),
    ({"engine": "bogus"}, "engine is one of local, ray, not 'bogus'"),
])
def test_the_librarys_compare_says_what_each_argument_must_be(given, said):
    """compare() took its count, seed and engine as they came (a bare TypeError from range(), an unknown engine
    as the local one), as simulate() did (an audit of the library)."""
    names = ["hokm", "hokm-kap"]
    args = {"names": names, "games": [load(n) for n in names], "kinds": [["random"] * 4] * 2, "n": 2, "seed": 0,
            **given}
    with pytest.raises(CardrulesError, match=re.escape(said)):
        study_mod.compare(**args)


def test_who_wins_is_not_called_unchanged_where_another_sides_win_rate_differs(tmp_path):
    """Crazy Eights where seat 2 scores 3 points a hand: seat 2's win rate rises significantly, and the text
    went on to say that who wins does not differ beyond chance, reading seat 0's alone (a statistics audit)."""
    bonus = tmp_path / "bonus.yaml"
    bonus.write_text("extends: crazy-eights\nname: bonus\nscoring:\n  - name: seat bonus\n"
                     "    points: if side == 2 then 3 else 0\n", encoding="utf-8")
    result = run("compare", "crazy-eights", bonus, "-n", 300, "--max-hands", 40)
    said = unwrapped(output(result))
    assert re.search(r"win rate, side 2: 0\.\d+ under crazy-eights, 0\.\d+ under bonus \(\+\d+\.\d percentage points;"
                     r" difference"
                     r" \+0\.\d+ \[\+0\.\d+, \+0\.\d+\]\), p=", said)  # the paired difference's interval
    assert "who wins does not differ beyond chance" not in said
    assert "(-0%)" not in said and "(+0%)" not in said  # a change shown with the decimals that keep it from 0%


def test_who_wins_is_not_called_unchanged_where_the_first_dealers_win_rate_differs(tmp_path):
    """Hokm with the hakem drawn, the hakem's side 1 point a hand: the first dealer's and first actor's win rates
    change significantly, and the text said who wins does not differ, reading the sides' rates alone (a
    statistics audit: for a Hokm club the hakem's side is the who-wins that matters)."""
    bonus = tmp_path / "bonus.yaml"
    bonus.write_text("extends: hokm-draw-hakem\nname: bonus\nscoring:\n  - name: hakem bonus\n"
                     "    points: if side == side(hakem) then 1 else 0\n", encoding="utf-8")
    said = unwrapped(output(run("compare", "hokm-draw-hakem", bonus, "-n", 300, "--max-hands", 40)))
    assert re.search(r"win rate, the side that acted first: 0\.\d+ under hokm-draw-hakem, 0\.\d+ under bonus", said)
    assert "who wins does not differ beyond chance" not in said


def test_a_game_is_called_the_same_only_where_its_moves_are_the_same():
    """Hokm and hokm-draw-hakem on seed 95: a different first hakem, other moves, the same hand points; the
    study counted the seed as one on which the variant played the base's very game (a statistics audit)."""
    names = ["hokm", "hokm-draw-hakem"]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 4] * 2, 1, seed=95)
    base, variant = done.records[0][0], done.records[1][0]
    assert (base["hand_points"], base["scores"]) == (variant["hand_points"], variant["scores"])
    assert base["moves"] != variant["moves"] and done.same_games() == [0]


def test_a_variant_changing_a_key_named_like_words_or_the_table_is_not_the_same_game(tmp_path):
    """A house-rule author's audit: `compare` called Hokm with no trump among the hakem's choices 'hokm's game as
    written: it cannot change anything' (a choose step's `options:` was dropped as if it were the top's
    options), and a change to Pasur's zone named `table` would have been hidden as the table's look; words and
    the table's look still make no game of their own."""
    from interpreter.study import same_rules

    assert not same_rules(load("hokm"), load("hokm-no-trump"))
    seen = tmp_path / "seen.yaml"
    seen.write_text("extends: pasur\nzones:\n  table: {visible: none}\n", encoding="utf-8")
    assert not same_rules(load("pasur"), load(str(seen)))
    words = tmp_path / "words.yaml"
    words.write_text("extends: pasur\nname: words\nnames: {en: Four Leaves}\nzones:\n  table: {fa: وسط}\n"
                     "table:\n  words:\n    table: {en: the middle}\n", encoding="utf-8")
    assert same_rules(load("pasur"), load(str(words)))


def unwrapped(text: str) -> str:
    """The text report with each sentence of "in words" on one line again (wrapped at 100 columns, its later
    lines indented four spaces)."""
    return text.replace("\n    ", " ")



def test_a_run_where_no_game_ended_or_of_one_game_is_said_in_words(tmp_path, monkeypatch):
    """A studies audit: with no game finished, simulate said "mean - points" and "- hands per game"; compare of
    one game said "1 games each (seeds 0 to 0)"; a bare name of a file in the current folder, written without
    its .yaml, was offered only bundled look-alikes."""
    said = output(run("simulate", "hokm", "-n", "2", "--max-hands", "1"))
    assert "no finished game's points" in said and "no game finished;" in said and " - " not in said
    said = output(run("compare", "hokm", "hokm-bam", "-n", "1"))
    assert "hokm vs hokm-bam: 1 game each (seed 0)," in said and "1 games" not in said
    (tmp_path / "hokm-5.yaml").write_text("extends: hokm\ngame: {target: 5}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    said = run("simulate", "hokm-5", "-n", "1").output
    assert "did you mean the file ./hokm-5.yaml? a bare name is a bundled ruleset's" in said


def test_games_whose_bots_throw_every_deal_in_are_unfinished_not_an_error(tmp_path):
    """With the lowest bid at 150, greedy judges no opening worth making (bots.md) and every deal is thrown in:
    simulate and compare stopped with "threw it in 100 times in a row", a ruleset's error, where a study of the
    house rule should find just that. The games are unfinished, counted as thrown out and said so."""
    path = tmp_path / "min150.yaml"
    path.write_text("extends: shelem\nname: min150\nhand:\n  - name: bidding\n    auction: {min: 150}\n",
                    encoding="utf-8")
    out = json.loads(output(run("simulate", path, "-n", 1, "--bots", "greedy", "--json")))
    assert out["unfinished"] == out["thrown_out"] == 1 and out["hands"] == 0 and out["redeals"] == 100
    said = output(run("simulate", path, "-n", 1, "--bots", "greedy"))
    assert "1 unfinished, no winner (1 stopped where the bots passed the hand out 100 times in a row" in said
    assert "no game ended" not in said
    said = output(run("compare", "shelem", path, "-n", 1, "--bots", "greedy", "--max-hands", 2))
    assert "unfinished (every deal thrown in, on and on)" in said
    assert "min150: 1 of 1 games unfinished, stopped where the bots passed the hand out" in " ".join(said.split())
    out = json.loads(output(run("compare", "shelem", path, "-n", 1, "--bots", "greedy", "--max-hands", 2, "--json")))
    assert out["unfinished"] == [1, 1] and out["thrown_out"] == [0, 1]


def test_an_auction_where_nobody_may_bid_is_the_rulesets_error_not_the_bots_choice(tmp_path):
    """A review: an auction whose rules let no seat bid passes out every deal whatever the bots choose; the stop
    that counts the bots' passing out as a study's finding took it for theirs. It is the ruleset's error, as
    validate says."""
    path = tmp_path / "nobid.yaml"
    path.write_text("extends: shelem\nname: nobid\nhand:\n  - name: bidding\n    auction: {forbid_if: 'offer > 0'}\n",
                    encoding="utf-8")
    result = run("simulate", path, "-n", 1)
    assert result.exit_code == 1 and "step 'bidding' threw it in 100 times in a row" in result.output


def test_a_pool_stopped_by_an_interrupt_is_told_once():
    """The command line leaves by os._exit after an interrupted pool, whose threads may never end (a SIGTERM while
    tasks were handed over hung Python's exit); a review: the mark stayed set, and a later interrupt of another
    kind in the same process (a library user's, a test's) was taken for one. Asking forgets it."""
    from interpreter import simulate as sim

    def interrupt(_games):
        raise KeyboardInterrupt

    assert not sim.pool_stopped()
    with pytest.raises(KeyboardInterrupt):
        simulate("hokm", {}, 8, 0, ["random"], jobs=2, progress=interrupt)
    assert sim.pool_stopped() and not sim.pool_stopped()


# ---- roles: a variable that holds a seat (a hakem), followed from hand to hand ----------------------------------

def test_a_role_counts_its_sides_points_and_the_hands_it_scored_the_most_in():
    """Hokm's hakem: in a hand it holds, its side's points, and whether that side scored more than the other
    (H12-H13: only the side that takes 7 tricks scores); a hand with no hakem yet is not counted."""
    from interpreter.simulate import roles

    game = load("hokm")
    hands = [{"vars": {"hakem": 0}, "points": [1, 0]},  # the hakem's side (0) wins the hand
             {"vars": {"hakem": 0}, "points": [0, 2]},  # the other side kots it
             {"vars": {"hakem": 3}, "points": [0, 1]},  # a hakem at seat 3 is side 1's
             {"vars": {"hakem": -1}, "points": [1, 0]}]  # none named: not a hand of the role
    assert roles(game, hands) == {"hakem": [3, 1 + 0 + 1, 2]}
    assert roles(load("pasur"), hands) == {}  # no variable holds a seat


def test_simulate_and_compare_say_how_the_hakems_side_fares():
    """The summary's shares are the records' hands, and compare's two measures the same numbers."""
    records = [play_one(load("hokm"), seed, ["greedy"] * 4, 3) for seed in range(4)]
    held = scored = won = 0
    for st in records:
        for hand in st.hands:
            side = hand["vars"]["hakem"] % 2
            held, scored = held + 1, scored + hand["points"][side]
            won += hand["points"][side] > hand["points"][1 - side]
    out = run_json("simulate", "hokm", "-n", 4, "--bots", "greedy", "--max-hands", 3)
    assert out["roles"] == {"hakem": {"hands": held, "mean_hand_points": round(scored / held, 3),
                                      "hands_won": round(won / held, 3)}}
    assert "hakem's side: mean" in output(run("simulate", "hokm", "-n", 4, "--bots", "greedy", "--max-hands", 3))
    compared = run_json("compare", "hokm", "hokm-one-point", "-n", 4, "--bots", "greedy", "--max-hands", 3)
    measures = {m["name"]: m["values"] for m in compared["measures"]}
    assert measures["points per hand, hakem's side"][0] == pytest.approx(scored / held)
    assert measures["hands won by hakem's side (it scored the most)"][0] == pytest.approx(won / held)
    compared = run_json("compare", "pasur", "pasur-4p", "-n", 1, "--max-hands", 1)["measures"]
    assert not any("'s side" in m["name"] for m in compared)


def test_a_worker_stopped_before_its_start_never_runs_the_main_processs_handler():
    """A SIGTERM that reaches a worker forked but not yet started ran the main process's own handler in that copy
    (a library's that raises SystemExit: a test run's worker took it for its own end and said so, an internal
    error). The stops are held while workers are forked and reach a worker once its start made them end it."""
    import os
    import signal

    from interpreter.simulate import _deaf_to_ctrl_c, _stops_held

    def raising(*_):
        raise SystemExit(15)

    before = signal.signal(signal.SIGTERM, raising)
    try:
        with _stops_held():
            assert signal.SIGTERM in signal.pthread_sigmask(signal.SIG_BLOCK, [])
            pid = os.fork()
            if pid == 0:  # the worker: stopped at once, before its start
                try:
                    os.kill(os.getpid(), signal.SIGTERM)
                    _deaf_to_ctrl_c()
                finally:
                    os._exit(3)  # the handler of the main process ran (or the stop never came)
        assert signal.SIGTERM not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM, status
    finally:
        signal.signal(signal.SIGTERM, before)


def test_a_measure_a_ruleset_has_no_data_for_is_not_tested():
    """A house rule whose bots pass out every deal plays no hand: its per-hand measures have no value, yet they
    were tested against the base, marked significant, and the summary's `None - float` ended `compare` with an
    internal error (a house-rule lab audit: `shelem-330` against bids opening at 150, greedy bots)."""
    thrown = study_mod.Measure("deals thrown in per hand", "mean", "hands", [([1, 0, 2] * 4, [5, 4, 6] * 4),
                                                                              ([3, 2, 3] * 4, [0, 0, 0] * 4)])
    done = study_mod.Study(["a", "b"], list(range(12)), [["greedy"]] * 2, None, [thrown], [[], []])
    study_mod.evaluate(done, 0)
    assert thrown.values[1] is None and thrown.p_values == [None] and thrown.significant == [False]


def test_what_a_variant_differs_in_from_the_base_is_said_where_its_file_extends_another(tmp_path):
    """`compare shelem-330 my.yaml`, my.yaml extending shelem-shelem-165 with target 330, said only what my.yaml
    changes in its own base (the target, the same as shelem-330's), never the shelem's score that tells the two
    apart (a house-rule lab audit); a `--with` column said what the base's own file changes."""
    mine = tmp_path / "my.yaml"
    mine.write_text("extends: shelem-shelem-165\nname: my\noptions:\n  target: 330\n", encoding="utf-8")
    assert study_mod.differences(load("shelem-330"), load(mine)) == ["scoring: hand score"]
    reset = load("hokm", {"kot_at_six": "reset"})
    assert study_mod.differences(load("hokm"), reset) == ['options.kot_at_six ("reset")']
    assert study_mod.differences(load("hokm"), load("hokm")) == []
    moved = tmp_path / "moved.yaml"  # a step moved, not changed; then a zone's Persian name alone (a review)
    moved.write_text("extends: hokm-kap\nname: moved\nhand:\n  - name: bam call\n    before: trump\n", encoding="utf-8")
    assert study_mod.differences(load("hokm-kap"), load(moved)) == ["hand: the order"]
    words = tmp_path / "words.yaml"
    words.write_text("extends: pasur\nname: words\nzones:\n  hand: {fa: دستم}\n", encoding="utf-8")
    assert study_mod.differences(load("pasur"), load(words)) == []
    said = output(run("compare", "shelem-330", mine, "-n", 1, "--max-hands", 1))
    assert "my extends shelem-shelem-165 and changes options.target (330)." in said
    assert "Against shelem-330, my differs in scoring: hand score." in said
    direct = output(run("compare", "hokm", "hokm-kap", "-n", 1, "--max-hands", 1))
    assert "hokm-kap extends hokm.yaml and changes scoring: hand points." in direct and "Against" not in direct
    column = output(run("compare", "shelem-330", "--with", "hand_limit=5", "-n", 1, "--max-hands", 1))
    assert "Against shelem-330, shelem-330 (hand_limit=5) differs in options.hand_limit (5)." in column
    assert "extends shelem" not in column


def test_an_svg_charts_legend_and_labels_stay_on_the_page():
    """Four columns with long labels (`--with` options): the legend ran off the chart's left edge, the base's
    entry out of sight, and the bars' labels were cut to 18 characters, 'the side that dea…' (a house-rule lab
    audit). The legend takes rows of its own; a label takes the room of its bars, over two lines if need be."""
    from interpreter import plots

    names = ["hokm", "hokm-kot-at-six-reset", 'hokm (first_hakem="draw", void_redeal=true)',
             'hokm (kot_at_six="reset", throw_in=true)']
    chart = plots.Chart("win rate", "share", "", ["side 0", "the side that dealt the first hand"], names,
                        [[0.5, 0.4]] * 4, [[[0.4, 0.6], [0.3, 0.5]]] * 4)
    drawn = plots.svg(chart)
    boxes = [float(x) for x in re.findall(r'<rect x="([-\d.]+)" y="\d+" width="10"', drawn)]
    assert len(boxes) == 4 and all(0 <= x < plots.WIDTH for x in boxes)
    said = re.findall(r'<text x="([\d.]+)" y="\d+">([^<]*)</text>', drawn)
    assert [html.unescape(name) for _, name in said] == names
    assert all(float(x) + plots.CHAR_W * len(html.unescape(name)) <= plots.WIDTH for x, name in said)
    assert ">the side that dealt the first hand<" in drawn and "…" not in drawn
    bins = [f"{b} to {b + 49}" if b < 0 else f"{b}–{b + 49}" for b in range(-600, 900, 50)]  # 30 of them (a review)
    histogram = plots.svg(plots.Chart("hand points", "share", "", bins, ["a"], [[0.1] * 30]))
    assert "…" not in histogram and ">-600 to<" in histogram and ">-551<" in histogram


def test_a_study_says_which_seats_each_side_is_and_a_first_dealer_always_the_same():
    """'side 0' said nothing of its seats, and in Shelem, where the same side deals the first hand of every
    game, the rows by who dealt first were left out without a word of which side that is (a house-rule lab
    audit)."""
    said = output(run("compare", "shelem", "shelem-330", "-n", 2, "--max-hands", 1))
    assert "Sides: side 0 is seats 0 and 2; side 1 is seats 1 and 3." in said
    assert "Side 1 dealt the first hand of every game." in said and "the side that dealt the first hand" not in said
    alone = output(run("compare", "pasur", "pasur-105", "-n", 2, "--max-hands", 1))
    assert "Sides" not in alone
    both = output(run("compare", "pasur-4p", "pasur", "-n", 2, "--max-hands", 1))  # each ruleset seated its way
    assert "Sides in pasur-4p: side 0 is seats 0 and 2; side 1 is seats 1 and 3." in both
    assert "Sides in pasur: each side is one seat." in both


def test_a_variable_that_holds_a_seat_is_measured_by_who_holds_it():
    """Is the first-ace draw fair to seat 0? `--measure hakem` was refused as a seat, not a number (a house-rule
    lab audit): for each seat, the share of hands in which it held the variable as the hand ended."""
    from interpreter.simulate import game_record

    game = load("hokm")
    st = play_one(game, 3, ["random"] * 4, max_hands=6)
    record = game_record(game, st, 3, ("hakem",))
    held = [h["vars"]["hakem"] for h in st.hands]
    assert record["measured"]["hakem"] == [held.count(seat) for seat in range(4)] and sum(held.count(k) for k in
                                                                                           range(4)) == len(st.hands)
    out = run_json("compare", "hokm", "hokm-random-hakem", "-n", 20, "--max-hands", 4, "--measure", "hakem")
    shares = [m for m in out["measures"] if m["name"].startswith("variable 'hakem' is seat ")]
    assert [m["name"] for m in shares] == [f"variable 'hakem' is seat {k} as a hand ends: share of hands"
                                          for k in range(4)]
    for column in range(2):
        assert abs(sum(m["values"][column] for m in shares) - 1) < 1e-6  # every hand has its hakem


def test_a_mean_that_rounds_to_zero_is_said_without_a_sign():
    """`mean -0.00 per hand` (a study user's audit): a negative mean too small for two decimals is 0.00."""
    from interpreter.progress import num

    assert [num(-0.001), num(-0.0), num(0.004), num(-0.006), num(-1234.567), num(None)] == \
        ["0.00", "0.00", "0.00", "-0.01", "-1,234.57", "-"]


def test_a_row_a_house_rule_adds_is_tested_against_the_base_scoring_nothing_by_it(tmp_path):
    """`row 'kot bonus': no data` under Hokm, untested: a ruleset without the row scores 0 by it (a study user's
    audit), and the row the house rule adds is what the study is for."""
    (tmp_path / "bonus.yaml").write_text(
        "extends: hokm\nname: kot bonus\nscoring:\n  - name: kot bonus\n    points: 'if kot == 1 then 1 else 0'\n",
        encoding="utf-8")
    names = ["hokm", str(tmp_path / "bonus.yaml")]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 4] * 2, 40, seed=0)
    row = next(m for m in done.measures if m.name == "row 'kot bonus': points per hand (all sides)")
    assert row.values[0] == 0 and row.values[1] > 0 and row.p_values[0] is not None, row  # the variant's test


def test_a_study_with_many_games_stopped_at_the_bound_says_what_that_does_to_its_findings():
    """`hands per game: 5.38 under pasur, 7.79 under pasur-105`, said as the house rule's finding while 77% of
    pasur-105's games stopped at --max-hands 8 (a study user's audit): the caution is said with it."""
    names = ["pasur", "pasur-105"]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 2, 30, seed=0, max_hands=8)
    said = report.in_words(done)
    stopped = [line for line in said if "games stopped at the bound of 8 hands" in line]
    assert len(stopped) == 1 and stopped[0].startswith("pasur-105: ") and "are of the shorter games only" in stopped[0]
    assert not [line for line in report.in_words(study_mod.compare(names, [load(n) for n in names],
                [["random"] * 2] * 2, 10, seed=0, max_hands=100)) if "stopped at the bound" in line]


def test_a_variants_difference_has_a_paired_interval():
    """Each ruleset's own interval may overlap another's where the paired test finds a clear difference, which
    confuses (a study user's audit): the difference itself gets an interval, of the seeds resampled for both."""
    names = ["pasur", "pasur-105"]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 2, 40, seed=0)
    m = next(m for m in done.measures if m.name == "points per hand, side 0")
    (lo, hi), diff = m.difference_ci95[0], m.values[1] - m.values[0]
    own = (m.ci95[0][1] - m.ci95[0][0]) + (m.ci95[1][1] - m.ci95[1][0])
    assert lo <= diff <= hi and hi - lo < own  # paired: narrower than the two intervals side by side
    games = next(m for m in done.measures if m.name == "hands per game")
    assert games.difference_ci95[0][0] > 0 and m.as_json()["difference_ci95"] == [[round(lo, 6), round(hi, 6)]]


def test_simulate_says_which_bots_play_for_each_side():
    """`side 0: 20 wins`: which bot won was for the reader to work out from the seats (a tournament audit)."""
    text = output(run("simulate", "hokm", "-n", 2, "--bots", "greedy,random,greedy,random", "--max-hands", 10))
    assert "\n  side 0 (seats 0 + 2: greedy, greedy): " in text and "\n  side 1 (seats 1 + 3: random, random): " in text
    assert "\n  side 0: " in output(run("simulate", "hokm", "-n", 2, "--max-hands", 10))  # all alike: as it was


def test_simulate_names_no_side_where_every_side_has_the_same_bots():
    """`greedy,greedy,random,random` puts one of each on either side: naming the seats says nothing (a review)."""
    text = output(run("simulate", "hokm", "-n", 2, "--bots", "greedy,greedy,random,random", "--max-hands", 10))
    assert "\n  side 0: " in text and "seats 0 + 2" not in text


def test_so_few_games_that_no_difference_can_show_are_said_so():
    """5 games: "only a large difference can show", though none could (the least p of 5 paired games is 1/16,
    above 0.05: a club organiser's audit, +3 points every hand not significant); nor can 7 games over 7 tests,
    once Holm's correction multiplies the least p (a review). A study large enough says only a large one can."""
    names = ["pasur", "pasur-105"]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 2, 5, seed=0)
    least = min(1, done.tests / 16)
    said = f"  5 games each: no difference can show (the least p so few games can give is {least:.2g},"
    assert said + f" over {done.tests} tests); a few hundred games tell more." in unwrapped(report.text(done))
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 2] * 2, 12, seed=0)
    assert "  12 games each: only a large difference can show; a few hundred games tell more." in \
        unwrapped(report.text(done))


def test_a_variant_that_changes_the_bidding_says_its_findings_are_the_bots_bidding_too():
    """A house-rule lab audit, 2026-12-07: Shelem with bids from 120 against Shelem, with greedy bots, said its
    contracts rose by 20 and three deals in four were thrown in, as the rule's findings, where the bots bid the
    lowest bid almost always. A variant whose auction step differs says what is bid is the bots' doing too."""
    names = ["shelem", "shelem-shelem-bid", "shelem-1000"]
    done = study_mod.compare(names, [load(n) for n in names], [["random"] * 4] * 3, 3, seed=0, max_hands=3)
    said = [line for line in report.in_words(done) if "changes the bidding" in line]
    assert said == ["shelem-shelem-bid changes the bidding (hand: bidding): what is bid under it is the bots' bidding"
                    " as much as the rule's, so run it again with other bots before a finding of it stands."], said
