"""`--time-limit SECONDS` for simulate and compare: no game starts once the limit has passed, and what was played
is the longest prefix of the seeds, so that `-n K` plays the same games again. The clock the run reads is made one
whose seconds are the games played, so that what is asserted does not depend on the machine's speed."""

from __future__ import annotations

import json
import math

import pytest

import interpreter.simulate as simulate_module
from interpreter import CardrulesError, load
from interpreter import study as study_mod
from interpreter.simulate import simulate
from tests.test_cli import out, run

TIMING = ("seconds", "games_per_sec", "time_limit")  # what may differ between a run and the same games again


class GamesClock:
    """The run's clock, in games played: a limit of L seconds passes as game L ends. Notes each game's ruleset
    and seed, in the order played (this process only: --jobs 1)."""

    def __init__(self, monkeypatch):
        self.played: list[tuple[str, int]] = []
        real = simulate_module.play_one

        def noted(game, seed, *args, **kwargs):
            st = real(game, seed, *args, **kwargs)
            self.played.append((game.name, seed))
            return st

        monkeypatch.setattr(simulate_module, "play_one", noted)
        monkeypatch.setattr(simulate_module, "clock", lambda: float(len(self.played)))

    def seeds(self, name: str) -> list[int]:
        return [seed for played, seed in self.played if played == name]


def run_json(*args, code: int = 0) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == code, out(result)
    assert "Traceback" not in out(result) and "internal error" not in out(result), out(result)
    return json.loads(result.output)


def without_timing(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in TIMING}


# ---- simulate -----------------------------------------------------------------------------------

@pytest.mark.parametrize("limit", [1.5, 7.25, 12, 30.5])
def test_simulate_stops_at_the_first_game_to_end_past_the_limit_and_plays_a_prefix_of_the_seeds(
        monkeypatch, limit):
    """Slices shrink to one seed near the limit: a game starts only while the limit has not passed."""
    clock = GamesClock(monkeypatch)
    data = simulate("pasur", {}, 200, seed=3, time_limit=limit)
    played = math.ceil(limit)
    assert data["games"] == played == len(clock.played)
    assert clock.seeds("pasur") == list(range(3, 3 + played))
    assert data["time_limit"] == {"seconds": limit, "games_asked": 200, "stopped": True}


def test_simulate_json_of_a_stopped_run_equals_minus_n_k(monkeypatch):
    clock = GamesClock(monkeypatch)
    limited = run_json("simulate", "pasur", "-n", 1000, "--seed", 4, "--time-limit", 9.5)
    assert limited["games"] == 10 and clock.seeds("pasur") == list(range(4, 14))
    assert limited["time_limit"] == {"seconds": 9.5, "games_asked": 1000, "stopped": True}
    again = run_json("simulate", "pasur", "-n", 10, "--seed", 4)
    assert again["time_limit"] is None
    assert set(limited) == set(again)  # every field kept, one added
    assert without_timing(limited) == without_timing(again)
    assert limited["finished"] + limited["unfinished"] == 10


def test_simulate_text_says_the_limit_stopped_it_and_how_to_play_the_games_again(monkeypatch):
    GamesClock(monkeypatch)
    result = run("simulate", "pasur", "-n", 1000, "--seed", 5, "--time-limit", 12)
    assert result.exit_code == 0, out(result)
    lines = result.output.splitlines()
    assert lines[0].startswith("pasur: 12 games, bots random,random, seed 5")
    assert lines[1] == "  stopped by --time-limit 12 after 12 of 1,000 games (seeds 5–16): -n 12 without the limit" \
                       " plays these again"


def test_a_limit_not_reached_plays_every_game_and_says_nothing(monkeypatch):
    GamesClock(monkeypatch)
    data = run_json("simulate", "pasur", "-n", 6, "--time-limit", 100)
    assert data["games"] == 6 and data["time_limit"] == {"seconds": 100, "games_asked": 6, "stopped": False}
    result = run("simulate", "pasur", "-n", 6, "--time-limit", 100)
    assert result.exit_code == 0 and "--time-limit" not in result.output


def test_the_first_seed_is_played_however_short_the_limit(monkeypatch):
    clock = GamesClock(monkeypatch)
    monkeypatch.setattr(simulate_module, "clock", lambda: 1e9 + len(clock.played))  # past any limit from the start
    data = run_json("simulate", "pasur", "-n", 50, "--time-limit", 0.001)
    assert data["games"] == 1 and clock.played == [("pasur", 0)]
    text = run("simulate", "pasur", "-n", 50, "--time-limit", 0.001).output
    assert "stopped by --time-limit 0.001 after 1 of 50 games (seed 0): -n 1 without the limit" in text


def test_strict_judges_the_games_played(monkeypatch):
    GamesClock(monkeypatch)
    result = run("simulate", "pasur", "-n", 100, "--max-hands", 1, "--strict", "--time-limit", 3)
    assert result.exit_code == 1, out(result)
    assert "error: 3 of 3 games unfinished (--strict)" in out(result)


def test_ctrl_c_still_aborts_a_run_with_a_limit(monkeypatch):
    clock = GamesClock(monkeypatch)
    real = simulate_module.play_one

    def interrupted(*args, **kwargs):
        if len(clock.played) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate_module, "play_one", interrupted)
    result = run("simulate", "pasur", "-n", 100, "--time-limit", 50)
    assert result.exit_code == 130 and "Aborted!" in out(result)


def test_jobs_2_with_a_real_limit_plays_a_prefix_that_minus_n_k_plays_again():
    """A real clock, so only what holds on any machine: at least one game, fewer than asked, and the same figures
    as the first K seeds played in one process."""
    limited = run_json("simulate", "pasur", "-n", 200_000, "--jobs", 2, "--seed", 7, "--time-limit", 0.5)
    games = limited["games"]
    assert 1 <= games < 200_000 and limited["time_limit"] == {"seconds": 0.5, "games_asked": 200_000, "stopped": True}
    again = simulate("pasur", {}, games, seed=7)
    assert without_timing(limited) == without_timing(again)


# ---- compare ------------------------------------------------------------------------------------

def test_compare_counts_a_seed_only_with_its_games_under_every_ruleset(monkeypatch):
    """Each slice of seeds is played under both rulesets: a limit of 9 games passes during seed 4's pair."""
    clock = GamesClock(monkeypatch)
    limited = run_json("compare", "pasur", "pasur-105", "-n", 500, "--time-limit", 9)
    assert limited["games"] == 5 and limited["seed"] == 0
    assert clock.seeds("pasur") == clock.seeds("pasur-105") == [0, 1, 2, 3, 4]
    assert limited["time_limit"] == {"seconds": 9, "games_asked": 500, "stopped": True}
    assert [f + u for f, u in zip(limited["finished"], limited["unfinished"])] == [5, 5]
    again = run_json("compare", "pasur", "pasur-105", "-n", 5)
    assert again["time_limit"] is None and set(limited) == set(again)
    assert without_timing(limited) == without_timing(again)


def test_compare_text_and_report_say_the_limit_stopped_it(monkeypatch, tmp_path):
    GamesClock(monkeypatch)
    report = tmp_path / "study.txt"
    result = run("compare", "pasur", "pasur-105", "-n", 300, "--seed", 2, "--time-limit", 6, "--report", report)
    assert result.exit_code == 0, out(result)
    said = "stopped by --time-limit 6 after 3 of 300 games each (seeds 2–4): -n 3 without the limit plays these again"
    lines = result.output.splitlines()
    assert lines[0].startswith("pasur vs pasur-105: 3 games each (seeds 2 to 4)") and lines[1] == said
    assert said in report.read_text(encoding="utf-8").splitlines()


def test_compare_with_jobs_2_and_a_real_limit():
    names = ["pasur", "pasur-105"]
    games = [load(name) for name in names]
    kinds = [["random"] * 2] * 2
    limited = study_mod.compare(names, games, kinds, 100_000, seed=1, jobs=2, time_limit=0.5).as_json()
    k = limited["games"]
    assert 1 <= k < 100_000 and limited["time_limit"]["stopped"]
    again = study_mod.compare(names, games, kinds, k, seed=1).as_json()
    assert without_timing(limited) == without_timing(again)


# ---- what it takes ------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["simulate", "pasur"], ["compare", "pasur", "pasur-105"]])
@pytest.mark.parametrize("given, said", [("0", "0 is not a positive number of seconds"), ("-1", "-1 is not a positive"),
                                         ("-0.5", "-0.5 is not a positive"), ("nan", "nan is not a positive"),
                                         ("inf", "inf is not a positive"), ("abc", "'abc' is not a valid float"),
                                         ("", "'' is not a valid float")])
def test_the_limit_is_a_positive_number_of_seconds(command, given, said):
    result = run(*command, "-n", 2, f"--time-limit={given}")
    assert result.exit_code == 2, out(result)
    assert f"Invalid value for '--time-limit': {said}" in out(result) and "Traceback" not in out(result)


@pytest.mark.parametrize("command", [["simulate", "pasur"], ["compare", "pasur", "pasur-105"]])
def test_the_limit_is_refused_with_ray_before_any_game(command):
    result = run(*command, "-n", 2, "--time-limit", 5, "--engine", "ray")
    assert result.exit_code == 2, out(result)
    assert "--time-limit works with --engine local only" in out(result)


@pytest.mark.parametrize("limit, engine", [(0, "local"), (-3, "local"), (float("nan"), "local"), ("5", "local"),
                                           (True, "local"), (5, "ray")])
def test_the_python_api_checks_the_limit(limit, engine):
    with pytest.raises(CardrulesError, match="time_limit"):
        simulate("pasur", {}, 2, time_limit=limit, engine=engine)
