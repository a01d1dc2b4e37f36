"""The command line against hostile or careless input: every mistake a clean message, nothing overwritten,
nothing unbounded (cases found by fuzzing the commands)."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

import cli
import interpreter.simulate as simulate_module
from interpreter import CardrulesError, load
from interpreter.data import bundled_dir
from tests.test_cli import assert_clean, out, run

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


def assert_refused(result, *needles, code=None):
    """A non-zero exit with a message (each needle in it): no traceback, no internal error."""
    text = out(result)
    assert_clean(result)
    assert result.exit_code != 0, text
    if code is not None:
        assert result.exit_code == code, text
    for n in needles:
        assert n in text, f"{n!r} not in:\n{text}"
    assert "your moves" not in text  # refused before any play


@pytest.fixture
def record(tmp_path):
    """An unfinished game's record (bundled ruleset, seed 5)."""
    path = tmp_path / "game.json"
    result = run("play", "pasur", "--seed", 5, "--record", path, input="1\n" * 2)
    assert result.exit_code == 0, out(result)
    return path


# ---- 1. validate goes on after a bug of ours ------------------------------------------------------------

def test_validate_reports_an_internal_error_on_its_files_line_and_checks_the_others(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.yaml").write_text("name: [\n", encoding="utf-8")
    real = cli.load

    def load(name, *a, **kw):
        if name == "boom.yaml":
            raise RuntimeError("boom\nacross lines")
        return real(name, *a, **kw)

    monkeypatch.setattr(cli, "load", load)
    result = run("validate", "--games", 0, "pasur", "boom.yaml", "broken.yaml")
    assert result.exit_code == 1
    lines = out(result).splitlines()
    assert "boom.yaml: error: internal error (RuntimeError: boom across lines); please report it" in lines
    assert any(line.startswith("broken.yaml:2:1: error: YAML syntax") for line in lines), lines
    assert "Traceback" not in out(result)


# ---- 2. simulate: bounded games and processes ------------------------------------------------------------

class _Pool:
    """A stand-in for ProcessPoolExecutor that runs tasks here and remembers its size."""

    sizes: list[int] = []

    def __init__(self, max_workers, initializer=None):
        self.sizes.append(max_workers)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, fn, task):
        from concurrent.futures import Future

        f = Future()
        f.set_result(fn(task))
        return f

    def shutdown(self, wait=True, cancel_futures=False):
        pass


@pytest.fixture
def pool(monkeypatch):
    _Pool.sizes = []
    monkeypatch.setattr(simulate_module, "ProcessPoolExecutor", _Pool)
    return _Pool


def test_simulate_pool_is_no_larger_than_the_work(pool):
    result = run("simulate", "pasur", "-n", 2, "--jobs", 8, "--json")
    assert result.exit_code == 0, out(result)
    assert json.loads(result.output)["games"] == 2
    assert pool.sizes and max(pool.sizes) <= 2


@pytest.mark.parametrize("args", [
    ["-n", 1, "--jobs", 10000],
    ["-n", 1, "--jobs", 99999999999999999999],
    ["-n", 99999999999999999999999],
    ["-n", simulate_module.MAX_GAMES + 1],
])
def test_simulate_absurd_counts_are_usage_errors(args, pool, monkeypatch):
    monkeypatch.setattr(simulate_module, "chunks", lambda *a, **kw: pytest.fail("games were planned"))
    result = run("simulate", "pasur", *args)
    assert_refused(result, "range", code=2)
    assert not pool.sizes


@pytest.mark.parametrize("command, given, meant", [
    ("simulate", "--n", "'-n'"),  # click guessed '--json', the long option nearest in spelling
    ("simulate", "--games", "'-n'"),
    ("compare", "--Games", "'-n'"),
    ("coverage", "--number", "'-n'"),
    ("simulate", "--jsn", "'--json'"),  # click's own guess stands where it has one
])
def test_a_mistyped_option_suggests_the_one_meant(command, given, meant):
    result = run(command, "pasur", given, 3)
    assert result.exit_code == 2, out(result)
    assert f"No such option '{given}'" in out(result) and meant in out(result).split("No such option")[1]
    assert "'--json'" not in out(result) or meant == "'--json'"


def test_a_mistyped_option_without_a_short_one_meant_is_said_as_click_says_it():
    result = run("validate", "--jsn", "pasur")
    assert result.exit_code == 2 and "No such option '--jsn'. Did you mean '--json'?" in out(result), out(result)
    result = run("validate", "--n", "pasur")  # the number of games, as validate spells it (click guessed --json)
    assert result.exit_code == 2 and "No such option '--n'. Did you mean '--games'?" in out(result), out(result)


def test_simulate_help_states_the_bounds():
    text = run("simulate", "--help").output
    assert f"1 to {simulate_module.MAX_GAMES:,}" in text and f"1 to {simulate_module.MAX_JOBS}" in text


def test_simulate_seeds_are_not_listed_up_front(monkeypatch):
    seen = []
    real = simulate_module.chunks

    def chunks(name, options, seeds, *a):
        seen.append(seeds)
        return real(name, options, seeds, *a)

    monkeypatch.setattr(simulate_module, "chunks", chunks)
    assert run("simulate", "pasur", "-n", 2).exit_code == 0
    assert isinstance(seen[0], range)


# ---- 3. a hand that never ends ---------------------------------------------------------------------------

ENDLESS = """\
extends: hokm
name: endless
hand:
  - name: throw in
    when: true
    choose: {who: hakem, options: [redeal], sets: throw}
  - name: thrown in
    when: true
"""


@pytest.mark.parametrize("command", [
    ("simulate", "endless.yaml", "-n", 3),
    ("coverage", "endless.yaml", "-n", 2),
    ("play", "endless.yaml", "--seat", 2, "--bots", "random", "--seed", 1),
], ids=["simulate", "coverage", "play"])
def test_every_command_stops_a_hand_that_the_bots_never_end(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "endless.yaml").write_text(ENDLESS, encoding="utf-8")
    monkeypatch.setattr(simulate_module, "MAX_ACTIONS", 300)  # the real bound takes a second or more
    monkeypatch.setattr(simulate_module, "MAX_THROWN", 10**9)  # the bound on deals thrown in: the test below
    result = run(*command, input="quit\n" if command[0] == "play" else None)
    assert result.exit_code == 1
    text = out(result)
    assert re.search(r"endless\.yaml:\d+:\d+: error: a hand does not end within 300 decisions", text), text
    assert "Traceback" not in text and "internal error" not in text


def test_bots_that_throw_a_hand_in_again_and_again_are_stopped_at_the_step_that_does(tmp_path, monkeypatch):
    """Bots whose every choice throws the hand in (as bidders who all pass, where the scores make any bid a
    loss) are stopped after MAX_THROWN deals in a row, long before MAX_ACTIONS decisions of a slow bot."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "endless.yaml").write_text(ENDLESS, encoding="utf-8")
    result = run("simulate", "endless.yaml", "-n", 1)
    assert result.exit_code == 1
    assert re.search(r"endless\.yaml:7:5: error: a hand does not end in play \(seed 0\): step 'thrown in' threw it"
                     rf" in {simulate_module.MAX_THROWN} times in a row \(do the choices always lead to it\?\)",
                     out(result)), out(result)


def test_the_bound_on_a_hand_is_the_one_validate_uses():
    from interpreter.trial import MAX_ACTIONS

    assert simulate_module.MAX_ACTIONS == MAX_ACTIONS


# ---- 4. --record and --report overwrite nothing they should not ------------------------------------------

def test_play_record_refuses_the_ruleset_itself(tmp_path):
    rules = tmp_path / "mine.yaml"
    shutil.copy(RULESETS / "pasur.yaml", rules)
    before = rules.read_bytes()
    assert_refused(run("play", rules, "--seed", 1, "--record", rules, input="1\n"), "--record", "ruleset")
    assert rules.read_bytes() == before


def test_play_record_refuses_a_file_that_is_not_a_record(tmp_path):
    notes = tmp_path / "notes.json"
    notes.write_text('{"my": "notes"}\n', encoding="utf-8")
    assert_refused(run("play", "pasur", "--seed", 1, "--record", notes, input="1\n"), "--record", "not a game record")
    assert notes.read_text(encoding="utf-8") == '{"my": "notes"}\n'


def test_play_record_may_write_over_an_empty_file(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text("", encoding="utf-8")
    result = run("play", "pasur", "--seed", 2, "--record", path, input="1\n")
    assert result.exit_code == 0, out(result)
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == 2


def test_play_record_keeps_another_games_record(record):
    """A saved game is never lost to a new one: resume it, or record the new game elsewhere."""
    before = record.read_bytes()
    actions = len(json.loads(before)["actions"])
    refused = run("play", "hokm", "--seed", 2, "--record", record, input="quit\n")
    assert_refused(refused, "--record", f"already holds an unfinished game (pasur, {actions} actions)", code=2)
    assert f"cardrules play --resume {record}" in out(refused)
    assert record.read_bytes() == before
    resumed = run("play", "--resume", record, "--record", record, input="1\n")
    assert resumed.exit_code == 0, out(resumed)
    assert len(json.loads(record.read_text(encoding="utf-8"))["actions"]) > actions


def test_play_record_keeps_a_finished_games_record(record):
    data = json.loads(record.read_text(encoding="utf-8"))
    data["result"] = {"scores": [0, 0], "winner": 0}
    record.write_text(json.dumps(data), encoding="utf-8")
    before = record.read_bytes()
    assert_refused(run("play", "pasur", "--seed", 3, "--record", record, input="1\n"), "--record",
                   "already holds the record of a finished game", code=2)
    assert record.read_bytes() == before


def test_empty_record_and_report_paths_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_refused(run("play", "pasur", "--seed", 1, "--record", "", input="1\n"), "--record", code=2)
    assert_refused(run("compare", "pasur", "pasur", "-n", 1, "--report", ""), "--report", code=2)
    assert not list(tmp_path.iterdir())


def test_compare_report_into_a_folder_is_refused_before_any_game(tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "run_compare", lambda *a, **kw: pytest.fail("games were played"))
    assert_refused(run("compare", "pasur", "pasur", "-n", 1, "--report", tmp_path), "folder", code=1)


# ---- 5. play FILE --resume RECORD --------------------------------------------------------------------------

def test_resume_with_another_ruleset_is_a_usage_error(record):
    before = record.read_bytes()
    assert_refused(run("play", "hokm", "--resume", record, input="1\n"), "not the ruleset", code=2)
    assert record.read_bytes() == before


def test_resume_with_another_seed_is_a_usage_error(record):
    assert_refused(run("play", "--resume", record, "--seed", 6, input="1\n"), "--seed", code=2)


def test_resume_with_the_records_own_ruleset_and_seed_works(record):
    result = run("play", "pasur", "--resume", record, "--seed", 5, input="1\n")
    assert result.exit_code == 0, out(result)
    assert "your moves" in result.output


@pytest.mark.parametrize("game, bots", [("hokm", "greedy"), ("shelem", "greedy,random,greedy,random")])
def test_a_resumed_game_goes_on_as_it_would_have_uninterrupted(game, bots, tmp_path):
    """The bots' choices depend on the game so far, not on when the program started."""
    straight, broken = tmp_path / "straight.json", tmp_path / "broken.json"
    moves = "1\n" * 40
    assert run("play", game, "--seed", 3, "--bots", bots, "--record", straight, input=moves).exit_code == 0
    assert run("play", game, "--seed", 3, "--bots", bots, "--record", broken, input=moves[:10]).exit_code == 0
    first = json.loads(broken.read_text(encoding="utf-8"))["actions"]
    assert run("play", "--resume", broken, "--bots", bots, input=moves[10:]).exit_code == 0  # (run's default: random)
    whole = json.loads(straight.read_text(encoding="utf-8"))["actions"]
    resumed = json.loads(broken.read_text(encoding="utf-8"))["actions"]
    assert len(first) < len(resumed) and len(resumed) > 60
    assert resumed == whole


def test_a_game_resumed_in_mid_hand_shows_the_tricks_so_far(tmp_path):
    path = tmp_path / "game.json"
    assert run("play", "hokm", "--seed", 3, "--bots", "greedy", "--record", path, input="1\n" * 6).exit_code == 0
    tricks = json.loads(path.read_text(encoding="utf-8"))["actions"]
    resumed = out(run("play", "--resume", path, "--bots", "greedy", input="quit\n"))
    board = resumed.split("your moves")[0]
    assert len(tricks) > 20 and re.search(r"\ntricks: us \d+, them \d+\n", board), board


def test_a_game_resumed_in_mid_pass_says_how_many_cards_each_other_seat_has_passed(tmp_path):
    """Resumed while cards are passed, the table showed one of the passes made before the save (the last move's
    line), so the seat could not tell what the others had done (an audit of the table). The count each other
    seat has chosen, face down; never the cards. (Resumed at another seat, as the audit did, is refused now while
    a hand is under way: the person played seat 1 here, and seat 0 passed first.)"""
    path = tmp_path / "game.json"
    assert run("play", "hearts", "--seed", 5, "--bots", "random", "--seat", 1, "--record", path,
               input="1\n1\nquit\n").exit_code == 0
    passed = [a for a in json.loads(path.read_text(encoding="utf-8"))["actions"] if a["seat"] == 0]
    resumed = out(run("play", "--resume", path, "--bots", "random", input="quit\n"))
    board = resumed.split("your moves")[0]
    assert len(passed) >= 2 and f"\npass: seat 0 {len(passed)} cards face down\n" in board, board
    assert not any(a["action"].split()[1] in board.replace("♠", "S").replace("♥", "H").replace("♦", "D")
                   .replace("♣", "C").split("your hand")[0] for a in passed)


def test_resume_refuses_a_record_whose_result_its_actions_do_not_reach(record):
    data = json.loads(record.read_text(encoding="utf-8"))
    data["result"] = {"scores": [7, 0], "winner": 0}
    record.write_text(json.dumps(data), encoding="utf-8")
    refused = run("play", "--resume", record, input="1\n")
    assert_refused(refused, "game.json", "gives a result, but its actions stop before the game is over", code=1)


def test_resume_refuses_a_finished_record_whose_result_differs_from_its_replay(tmp_path):
    path = tmp_path / "done.json"
    assert run("play", "pasur", "--seed", 2, "--record", path, input="1\n" * 400).exit_code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["result"]["winner"] in (0, 1)
    data["result"]["scores"] = [s + 1 for s in data["result"]["scores"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_refused(run("play", "--resume", path, input="1\n"), "done.json", "differ from the replay's", code=1)


def test_a_record_with_a_null_result_is_an_unfinished_game(record):
    data = json.loads(record.read_text(encoding="utf-8"))
    data["result"] = None
    record.write_text(json.dumps(data), encoding="utf-8")
    assert run("play", "--resume", record, input="1\n").exit_code == 0
    assert_refused(run("play", "hokm", "--record", record, input="1\n"), "already holds an unfinished game", code=2)


# ---- 6. a seed of thousands of digits ----------------------------------------------------------------------

def test_a_record_with_a_huge_number_is_a_clean_error(record, tmp_path):
    data = json.loads(record.read_text(encoding="utf-8"))
    big = tmp_path / "big.json"
    big.write_text(json.dumps(data, indent=1).replace('"seed": 5', '"seed": 1' + "0" * 5000), encoding="utf-8")
    for result in (run("replay", big), run("play", "--resume", big, input="1\n")):
        assert_refused(result, "big.json:", "thousands of digits", code=1)


# ---- 7. messages -------------------------------------------------------------------------------------------

def test_a_folder_named_as_a_ruleset_is_called_a_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    assert_refused(run("validate", "adir"), "'adir' is a folder", code=1)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null here")
def test_a_device_named_as_a_ruleset_is_not_a_file():
    assert_refused(run("rules", "/dev/null"), "not a ruleset file", code=1)


def test_a_file_named_like_the_bundled_ruleset_it_extends_builds_on_that_one(tmp_path, monkeypatch):
    """A contract audit: a file `pasur` saying `extends: pasur` was told it extends itself (cyclic): it can only
    mean the bundled one."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pasur").write_text("extends: pasur\nname: mine\noptions: {target: 105}\n", encoding="utf-8")
    assert run("validate", "--games", 0, "pasur").exit_code == 0
    assert load(str(tmp_path / "pasur")).options["target"] == 105


def test_a_folder_named_like_a_bundled_ruleset_does_not_hide_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pasur").mkdir()
    assert run("validate", "--games", 0, "pasur").exit_code == 0


@pytest.mark.parametrize("missing", ["/home/someone/house/pasur.yaml", "house/pasur.yaml", "../rulesets/pasur"])
def test_a_missing_path_named_like_a_bundled_ruleset_is_missing(missing, tmp_path, monkeypatch):
    """Only a bare name or `rulesets/NAME` falls back to a bundled ruleset; other paths must exist."""
    monkeypatch.chdir(tmp_path)
    assert_refused(run("validate", "--games", 0, missing),
                   f"{missing}:1:1: error: no ruleset file or bundled ruleset named '{missing}'", code=1)


@pytest.mark.parametrize("typed, said", [
    ("hokmm", "(did you mean hokm or hokm-bam or hokm-3p?)"),
    ("rulesets/shelm.yaml", "(did you mean shelem or "),
    ("house/pasr.yaml", "(see `cardrules list`)"),  # another folder: its own file was meant, not a bundled one
    ("hokm.yml", "(did you mean hokm or "),  # a review: the very name, with the wrong ending, was left out
    ("pasur.json", "(did you mean pasur or "),
    ("house/rulesets/hokmm", "(see `cardrules list`)"),  # a folder of the user's own named rulesets
])
def test_a_misspelt_ruleset_name_gets_the_bundled_names_like_it(typed, said, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("validate", "--games", 0, typed)
    assert_refused(result, f"{typed}:1:1: error: no ruleset file or bundled ruleset named '{typed}' {said}", code=1)


def test_a_name_ending_in_a_slash_names_a_folder_never_a_bundled_ruleset(tmp_path, monkeypatch):
    """`simulate hokm/` once ran the bundled Hokm: a trailing slash says a folder was meant."""
    monkeypatch.chdir(tmp_path)
    assert_refused(run("simulate", "-n", 1, "hokm/"),
                   "hokm/:1:1: error: no folder 'hokm/': the bundled ruleset is named without the slash, 'hokm'",
                   code=1)
    assert_refused(run("validate", "--games", 0, "rulesets/hokm.yaml/"), "no folder 'rulesets/hokm.yaml/': the bundled"
                   " ruleset is named without the slash, 'rulesets/hokm.yaml'", code=1)
    (tmp_path / "house.yaml").write_text("extends: hokm/\nname: house\n", encoding="utf-8")
    assert_refused(run("validate", "--games", 0, "house.yaml"), "cannot find ruleset 'hokm/' to extend", code=1)
    (tmp_path / "hokm").mkdir()
    assert_refused(run("validate", "--games", 0, "hokm/"), "'hokm/' is a folder, not a ruleset file", code=1)


@pytest.mark.parametrize("name", ["pasur", "pasur.yaml", "rulesets/pasur.yaml", "./rulesets/pasur"])
def test_a_bundled_name_or_a_checkouts_rulesets_path_works_from_any_folder(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("validate", "--games", 0, name)
    assert_clean(result)
    assert result.exit_code == 0 and out(result).startswith("ok: 1 ruleset(s) valid"), out(result)


@pytest.mark.parametrize("name", ["Hokm", "HOKM.yaml", "rulesets/Hokm.yaml"])
def test_a_bundled_name_in_another_case_is_that_ruleset(name, tmp_path, monkeypatch):
    """`cardrules play Hokm` was refused, "did you mean hokm?" (an audit of an evening at the table): where no file
    of that path exists and one bundled ruleset is named so in any case, it is that one, and a record names it
    by its own name."""
    monkeypatch.chdir(tmp_path)
    assert out(run("validate", "--games", 0, name)).startswith("ok: 1 ruleset(s) valid")
    result = run("play", name, "--seed", 1, "--record", tmp_path / "r.json", input="quit\n")
    assert result.exit_code == 0 and "══ Hokm ══" in out(result), out(result)
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["ruleset"] == "hokm"


def test_a_file_in_another_case_than_a_bundled_name_wins_and_two_bundled_matches_are_none(tmp_path, monkeypatch):
    """A path that exists wins (CONTRACT.md): `Hokm.yaml` here is this file, not the bundled hokm; and a name two
    bundled rulesets match in case alone names neither."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "Hokm.yaml").write_text("extends: pasur\nname: mine\n", encoding="utf-8")
    assert load("Hokm.yaml").name == "mine" and load("Hokm").name != "mine"
    twins = tmp_path / "twins"
    twins.mkdir()
    for stem in ("ab", "AB"):
        shutil.copy(bundled_dir() / "pasur.yaml", twins / f"{stem}.yaml")
    monkeypatch.setattr("interpreter.source.bundled_dir", lambda: twins)
    assert load("ab").path.name == "ab.yaml"
    with pytest.raises(Exception, match="no ruleset file or bundled ruleset named 'Ab'"):
        load("Ab")


@pytest.mark.parametrize("name, found", [("rulesets/pasur.yaml", True), ("/home/someone/house/pasur.yaml", False)])
def test_a_record_names_a_bundled_ruleset_only_by_name_or_rulesets_path(name, found, record, tmp_path,
                                                                        monkeypatch):
    monkeypatch.chdir(tmp_path)
    rec = json.loads(record.read_text(encoding="utf-8"))
    path = tmp_path / "elsewhere.json"
    path.write_text(json.dumps(dict(rec, ruleset=name)), encoding="utf-8")
    result = run("replay", path)
    if found:
        assert_clean(result)
        assert result.exit_code == 0, out(result)
    else:
        assert_refused(result, "elsewhere.json:1:45: error:", f"'{name}'", "bundled ruleset", code=1)


@pytest.mark.parametrize("budget", ["0", "-1", "1000000000", "", "1e3"])
def test_a_bad_search_budget_says_what_a_budget_is(budget):
    result = run("simulate", "pasur", "-n", 1, "--bots", f"mcts:{budget}")
    assert_refused(result, "from 1 to 10,000,000", code=2)
    assert "only mcts" not in out(result)


def test_a_budget_on_another_bot_says_only_mcts_takes_one():
    assert_refused(run("simulate", "pasur", "-n", 1, "--bots", "random:5"), "only mcts", code=2)


@pytest.mark.parametrize("command", [["play", "pasur"], ["simulate", "pasur", "-n", 1]])
def test_empty_bots_is_refused(command):
    assert_refused(run(*command, "--bots", "", input="1\n"), "--bots", code=2)


def test_a_long_chain_of_extends_is_a_located_error(tmp_path):
    (tmp_path / "c0.yaml").write_text("extends: pasur\nname: c0\n", encoding="utf-8")
    for i in range(1, 1001):
        (tmp_path / f"c{i}.yaml").write_text(f"extends: c{i - 1}.yaml\nname: c{i}\n", encoding="utf-8")
    result = run("validate", "--games", 0, tmp_path / "c1000.yaml")
    assert_refused(result, "'extends' goes deeper than", code=1)
    assert re.search(r"c\d+\.yaml:1:10: error:", out(result)), out(result)
    assert run("validate", "--games", 0, tmp_path / "c20.yaml").exit_code == 0


def test_play_shows_a_long_typed_line_back_cut_short():
    result = run("play", "pasur", "--seed", 1, input="x" * 100_000 + "\n" + "play 7H " * 10_000 + "\n")
    assert result.exit_code == 0, out(result)
    longest = max(len(line) for line in result.output.splitlines())
    assert longest < 400, longest
    assert "…" in result.output


def test_play_shows_control_characters_typed_spelt_out_never_sent_to_the_terminal():
    """An arrow key on a terminal without line editing types ESC [ A; piped lines are shown back as typed, and
    an escape sequence or a bell went to the terminal as it was (an audit of bad input)."""
    result = run("play", "pasur", "--seed", 1, input="\x1b[31mred\x07\nquit\n")
    assert result.exit_code == 0, out(result)
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b[31mred\\x07" in result.output


def test_a_move_typed_as_the_menu_numbers_it_is_that_move():
    """The menu shows `1. play 9♣`; `1.` typed was refused as no move (a user audit), in Persian `۱.` alike."""
    for lang in ("en", "fa"):
        typed = "1.\nquit\n" if lang == "en" else "۱.\nquit\n"
        result = run("play", "hokm", "--bots", "random", "--seed", "3", "--lang", lang, input=typed)
        assert result.exit_code == 0 and "is not a legal move" not in out(result) and "مجاز نیست" not in out(result)
        assert ("you: play 9♣" if lang == "en" else "بازی") in out(result)


def test_a_hint_of_one_point_says_point():
    from interpreter import load
    from interpreter.table import Table

    table = Table(load("hokm").new_state(seed=1), 0, "en")
    assert table.hint_line([("play 7S", 1.0), ("pass", -1.04), ("play 8S", 2.5)]) == \
        "hint: play 7♠ (+1 point) · pass (−1 point) · play 8♠ (+2.5 points)"


@pytest.mark.parametrize("lang, head", [("en", "hint (ahead of the best other player): "),
                                        ("fa", "پیشنهاد (نسبت به بهترین بازیکن دیگر): ")])
def test_a_hint_with_more_than_two_sides_says_its_figure_is_over_the_best_other(lang, head):
    """With four players each for himself the figure is a margin over the best other, not points taken (an
    audit: `+3 points` read as points); two sides keep `hint: `."""
    from interpreter import load
    from interpreter.table import Table

    line = Table(load("oh-hell").new_state(seed=1), 0, lang).hint_line([("play 7S", 3.0)])
    assert line.startswith(head), line
    # where the fewest points win, a figure below zero is points behind: said (a Western player's audit)
    fewer = {"en": "; below 0 is behind, as taking fewer points is being ahead): ",  # (a looks audit: −4 read
             "fa": "؛ زیر صفر یعنی عقب‌تر، چون امتیاز کمتر یعنی جلوتر): "}[lang]  # as good beside "fewer is ahead")
    line = Table(load("hearts").new_state(seed=1), 0, lang).hint_line([("play 7S", 3.0)])
    assert line.startswith(head.removesuffix("): ") + fewer), line
    assert Table(load("hokm").new_state(seed=1), 0, lang).hint_line([("play 7S", 3.0)]).startswith(
        "hint: " if lang == "en" else "پیشنهاد: ")


@pytest.mark.parametrize("lang, head", [("en", "hint (over passing): "), ("fa", "پیشنهاد (نسبت به پاس): ")])
def test_a_raise_hint_says_its_figure_is_over_passing_and_zero_has_no_sign(lang, head):
    """S3-S5: in a rising auction a raise's figure is what it gains over passing, which the heading now says (a
    Persian reader's audit: only the help said so); the pass's own 0 shows no sign (it showed +0)."""
    from interpreter import load
    from interpreter.table import Table

    st = load("shelem").new_state(seed=1)
    assert st.legal_actions()[0].startswith(("bid", "pass"))
    line = Table(st, st.to_act, lang).hint_line([("pass", 0.0), ("bid 100", -20.8)])
    assert line.startswith(head), line
    assert "+0" not in line and "+۰" not in line and ("(0 points)" in line or "(۰ امتیاز)" in line), line


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null here")
def test_play_refuses_a_record_path_that_is_no_file_before_play_as_a_usage_error(tmp_path):
    """A folder or a device for --record was found at the first write, exit 1 with no usage line, where every
    other path play --record will not write over is a usage error (a new user's walk through the docs)."""
    assert_refused(run("play", "pasur", "--bots", "random", "--record", "/dev/null", input="quit\n"),
                   "Invalid value for --record: /dev/null: it is not a file but a device", code=2)
    assert_refused(run("play", "pasur", "--bots", "random", "--record", str(tmp_path), input="quit\n"),
                   ": it is a folder; name a file", code=2)


def test_validate_takes_a_folder_for_the_rulesets_in_it(tmp_path):
    """A CI job checks a folder of house rules: the rulesets in it and below it, each reported as a file named
    would be; a folder with none is an error, not an empty success."""
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "deep").mkdir()
    (tmp_path / "house" / "a.yaml").write_text("extends: hokm\nname: a\noptions: {bam: true}\n", encoding="utf-8")
    (tmp_path / "house" / "deep" / "b.yml").write_text("extends: pasur\nname: b\nplayers: three\n", encoding="utf-8")
    (tmp_path / "house" / "notes.txt").write_text("not a ruleset\n", encoding="utf-8")
    (tmp_path / "house" / ".github").mkdir()  # a repository's own YAML: not a ruleset
    (tmp_path / "house" / ".github" / "ci.yml").write_text("on: push\n", encoding="utf-8")
    result = run("validate", "--games", 0, tmp_path / "house")
    assert result.exit_code == 1, out(result)
    assert f"{tmp_path / 'house' / 'deep' / 'b.yml'}:3:10: error:" in out(result)
    assert "a.yaml" not in out(result) and "notes.txt" not in out(result) and "ci.yml" not in out(result)
    (tmp_path / "house" / "deep" / "b.yml").unlink()
    assert run("validate", "--games", 0, tmp_path / "house").output.strip() == "ok: 1 ruleset(s) valid"
    (tmp_path / "empty").mkdir()
    assert run("validate", tmp_path / "empty").exit_code == 1


HOUSE_RULE = "extends: hokm\nname: {}\noptions: {{bam: true}}\n"


def test_validate_follows_a_link_to_a_folder_once_and_a_link_back_up_ends(tmp_path):
    """A link to a folder inside the one named is followed, once: a link back to a folder above (`up -> ..`)
    would walk the same folders forever, and a folder the named one holds itself is named by its own path, not
    through a link to it. A link out of the folder named (`shared -> ../club`, `up -> ..`, `/`) is not followed:
    it would check what was not named, or the whole disk (name that folder too: `validate house club`)."""
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "c.yaml").write_text(HOUSE_RULE.format("c"), encoding="utf-8")
    house = tmp_path / "house"
    (house / "real").mkdir(parents=True)
    (house / "real" / "r.yaml").write_text(HOUSE_RULE.format("r"), encoding="utf-8")
    (house / "a_link").symlink_to(house / "real", target_is_directory=True)  # before `real` by name
    (house / "shared").symlink_to(tmp_path / "club", target_is_directory=True)
    (house / "real" / "up").symlink_to(house, target_is_directory=True)
    (house / "real" / "loop").symlink_to("loop")  # a link that loops on itself: no folder, no ruleset
    found, unread = cli._in_folder(str(house))
    assert found == [str(house / "real" / "r.yaml")] and not unread
    assert run("validate", "--games", 0, house).output.strip() == "ok: 1 ruleset(s) valid"
    assert run("validate", "--games", 0, house, tmp_path / "club").output.strip() == "ok: 2 ruleset(s) valid"


def test_validate_reads_no_file_a_link_leads_out_of_the_folder_to(tmp_path):
    """A link to a file out of the folder named was followed, and its values quoted in errors: a pull request's
    `evil.yaml -> ../secret.yaml` (or `/proc/self/environ`) printed a runner's token in the CI log (a hostile-ruleset
    audit). It is not followed, as a link to a folder out of it is not; a link to a file inside it is (the file
    checked once)."""
    (tmp_path / "secret.yaml").write_text("players: ghp_TOKEN\n", encoding="utf-8")
    house = tmp_path / "house"
    house.mkdir()
    (house / "r.yaml").write_text(HOUSE_RULE.format("r"), encoding="utf-8")
    (house / "evil.yaml").symlink_to(tmp_path / "secret.yaml")
    (house / "same.yaml").symlink_to(house / "r.yaml")
    assert cli._in_folder(str(house))[0] == [str(house / "r.yaml"), str(house / "same.yaml")]
    result = run("validate", "--games", 0, house)
    assert "ghp_TOKEN" not in result.output and result.output.strip() == "ok: 1 ruleset(s) valid", result.output


def test_a_ruleset_that_is_a_link_looping_on_itself_is_an_error_not_an_internal_one(tmp_path):
    """`x.yaml -> x.yaml` in a folder named to validate ended in an internal error (OSError: too many levels of
    symbolic links) from the walk: it is said unread, at the folder named."""
    house = tmp_path / "house"
    house.mkdir()
    (house / "r.yaml").write_text(HOUSE_RULE.format("r"), encoding="utf-8")
    (house / "x.yaml").symlink_to("x.yaml")
    result = run("validate", "--games", 0, house)
    assert result.exit_code == 1 and "internal error" not in result.output, result.output
    assert f"{house}:1:1: error: cannot read the ruleset 'x.yaml' in it (Too many levels of symbolic links)" \
        in result.output.splitlines()


@pytest.fixture
def deep(tmp_path):
    """A folder `deep` to fill with folders nested `levels` deep, each named `name`, a ruleset at the bottom;
    taken away level by level after the test (shutil.rmtree, and so pytest's cleanup, recurse: too deep)."""
    top = tmp_path / "deep"
    top.mkdir()
    made = []

    def nest(name: str, levels: int) -> None:
        made.append(name)
        fd = os.open(top, os.O_RDONLY)
        for _ in range(levels):  # through folder handles: a path too long to open is made all the same
            os.mkdir(name, dir_fd=fd)
            fd, up = os.open(name, os.O_RDONLY, dir_fd=fd), fd
            os.close(up)
        with os.fdopen(os.open("x.yaml", os.O_WRONLY | os.O_CREAT, dir_fd=fd), "w", encoding="utf-8") as f:
            f.write(HOUSE_RULE.format("x"))
        os.close(fd)

    yield top, nest
    for name in made:
        _unnest(top, name)


def _unnest(top: Path, name: str) -> None:
    """Take away the folders `name` nested in `top`, and the files in them, from the bottom up."""
    fd = os.open(top, os.O_RDONLY)
    while name in os.listdir(fd):
        fd, up = os.open(name, os.O_RDONLY, dir_fd=fd), fd
        os.close(up)
    while not os.path.samestat(os.fstat(fd), os.stat(top)):
        for f in os.listdir(fd):
            os.unlink(f, dir_fd=fd)
        fd, down = os.open("..", os.O_RDONLY, dir_fd=fd), fd
        os.close(down)
        os.rmdir(name, dir_fd=fd)
    os.close(fd)


def test_validate_walks_a_folder_thousands_of_levels_deep(deep):
    """A walk by recursion ended in an internal error (RecursionError) some thousand levels down."""
    top, nest = deep
    nest("a", 1500)
    result = run("validate", "--games", 0, top)
    assert_clean(result)
    assert result.output.strip() == "ok: 1 ruleset(s) valid", out(result)


def test_a_folder_too_deep_to_read_is_an_error_not_a_silent_pass(deep):
    """A folder whose path is too long to open cannot be read: its rulesets go unchecked, which validate says
    as an error at the folder named, after checking what it could read."""
    top, nest = deep
    (top / "top.yaml").write_text(HOUSE_RULE.format("top"), encoding="utf-8")
    nest("abc", os.pathconf(top, "PC_PATH_MAX") // 4 + 1)
    result = run("validate", "--games", 0, top)
    assert_refused(result, f"{top}:1:1: error: cannot read the folder 'abc/abc/", "so its rulesets"
                   " were not checked", code=1)
    assert "top.yaml" not in out(result) and "ok:" not in out(result)


@pytest.mark.parametrize("name, stem", [("حکم", "hokm"), ("Hokm for two", "hokm-2p"), ("شصت و شش", "sixty-six"),
                                        ("پاسور تا 105", "pasur-105"), ("پاسور تا ۱۰۵", "pasur-105")])
def test_a_bundled_ruleset_is_found_by_its_title_in_english_or_persian(name, stem, tmp_path, monkeypatch):
    """`cardrules play حکم` was refused (an audit of an evening at the table): a bundled ruleset's title, English
    or Persian (its `names`), names it, spaces, a zero-width non-joiner and Persian digits aside; a record names
    it by its own name."""
    monkeypatch.chdir(tmp_path)
    result = run("play", name, "--seed", 1, "--record", tmp_path / "r.json", input="quit\n")
    assert result.exit_code == 0, out(result)
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["ruleset"] == stem
    assert "no ruleset file" in out(run("validate", "--games", 0, "حکم دوازده نفره"))


def test_a_local_file_of_the_name_in_another_case_is_never_passed_over_for_a_bundled_one(tmp_path, monkeypatch):
    """`Hokm.yaml` with a house `hokm.yaml` in the folder opened the bundled hokm on a file system that tells case
    apart (the day's review): the local file is likely meant, so none is taken and the error names it. (A bare
    name, `Hokm`, is a bundled ruleset's, as ever.)"""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hokm.yaml").write_text("extends: pasur\nname: mine\n", encoding="utf-8")
    result = run("validate", "--games", 0, "Hokm.yaml")
    assert result.exit_code == 1 and "no ruleset file or bundled ruleset named 'Hokm.yaml'" in out(result), out(result)
    assert load("Hokm").name == "hokm"


@pytest.mark.parametrize("base", ["Hokm", "حکم"])
def test_extends_takes_a_bundled_name_in_any_case_or_by_title_as_file_does(base, tmp_path, monkeypatch):
    """`extends: Hokm` could not be found where `cardrules play Hokm` played (the day's review)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.yaml").write_text(f"extends: {base}\nname: v\n", encoding="utf-8")
    assert load(str(tmp_path / "v.yaml")).players == 4
    (tmp_path / "hokm.yaml").write_text("extends: pasur\nname: mine\n", encoding="utf-8")
    (tmp_path / "w.yaml").write_text("extends: Hokm.yaml\nname: w\n", encoding="utf-8")
    with pytest.raises(CardrulesError, match="cannot find ruleset 'Hokm.yaml' to extend"):
        load(str(tmp_path / "w.yaml"))  # a file of the folder in another case: likely meant, so none is taken


def test_a_bid_where_the_highest_is_made_says_only_a_pass_is_left():
    """Shelem seed 1: seat 3 bids 165, the highest; your `bid 165` was refused as 'it is not time to bid' in the
    middle of the auction (a Persian player's audit)."""
    said = " ".join(out(run("play", "shelem", "--seed", "1", input="bid 100\nbid 165\nquit\n")).split())
    assert "'bid 165' is not a legal move: the bid stands at 165, and no bid goes above it: you may only pass" in said
    assert "not time to bid" not in said


def test_the_hakems_discards_are_shown_when_the_hand_is_counted():
    """Shelem seed 5, greedy bots: seat 1 is hakem and lays four cards face down, which count as won (S9). They
    were never shown, and the points taken jumped at the hand's end with no card to check them by (a Persian
    player's audit): named with the hand's result, as the cards left in hand are where a row counts them."""
    said = out(run("play", "shelem", "--seed", "5", "--bots", "greedy", input="pass\n" + "1\n" * 40))
    end = said[said.index("hand 1 is over"):]
    assert "\n  discards: seat 1: 2♠ K♠  10♥  9♦\n" in end[:300], end[:300]  # (the 10 banked since 2026-12-07)
    assert "discards: seat 1" not in said[:said.index("hand 1 is over")]


def test_a_row_named_as_a_counter_says_its_figures_are_points():
    """Pasur's row `surs` gives 5 points a sur: 'surs: you 5' read as five surs (a Persian player's audit). A row
    named as a counter whose count is not its points says (points); the others are as they were."""
    said = out(run("play", "pasur", "--seed", "21", input="1\n" * 400))
    assert "\n  surs (points): you 5, seat 1 0\n" in said
    assert "\n  aces: " in said and "aces (points)" not in said


def test_a_row_named_as_a_value_says_its_figures_are_points():
    """Spades said `contract: us 4, them 5` (the tricks bid) through the hand and `contract: us 43, them 51` (the
    points) at its end (the Western player's audit); a Persian row with a name of its own is said by it alone."""
    said = out(run("play", "spades", "--seed", "4", input="nil\n" + "1\n" * 13))
    result = said[said.index("hand 1 is over"):]
    assert re.search(r"\n  contract \(points\): us −?\d+, them −?\d+\n", result), result
    assert not re.search(r"\n  contract: ", result)  # the tricks bid are `bids` there
    persian = out(run("play", "spades", "--seed", "4", "--lang", "fa", input="1\n" * 20))
    assert re.search("امتیاز تعهد: ما: ", persian) and "امتیاز تعهد (امتیاز)" not in persian


def test_a_capture_typed_without_its_verb_is_judged_as_the_play_it_names():
    """«دو پیک برداشتن نه پیک» (2♠ take 9♠, `play` left out) with no 2♠ in hand got no reason but the list of
    moves (a Persian player's audit); as `play 2S take 9S` does, it says the card is not held."""
    for lang, typed, said in (("en", "2S take 9S", "you have no 2♠ to play now"),
                              ("fa", "دو پیک برداشتن نه پیک", "برای بازی ندارید")):
        output = " ".join(out(run("play", "pasur", "--seed", "21", "--lang", lang, input=f"{typed}\nquit\n")).split())
        assert said in output, output[-800:]


def test_a_rulesets_control_characters_never_reach_the_terminal(tmp_path):
    """YAML's escapes put an escape sequence in a name, a doc or a key ("\\e]0;PWNED\\a" sets a terminal's title,
    "\\e[2J" clears it): validate's errors, the rules sheet, simulate's report and the table printed them raw, to an
    operator's terminal and a CI log (a hostile-ruleset audit). They are spelt out, as `\\x1b`."""
    path = tmp_path / "loud.yaml"
    path.write_text('extends: hokm\nname: "mi\\ani\\e[31m"\nscoring:\n  - name: t\n    points: tricks\n'
                    '    doc: "\\e]0;PWN\\a\\e[2J hi"\n', encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text('extends: hokm\n"\\e]0;PWNED\\a": 1\n', encoding="utf-8")
    said = [out(run("validate", "--games", 0, bad)), out(run("rules", path)),
            out(run("simulate", path, "-n", 1, "--max-hands", 1)), out(run("play", path, input="rules\nquit\ny\n"))]
    for text in said:
        assert "\x1b" not in text and "\x07" not in text, text
    assert "unknown key '\\x1b]0;PWNED\\x07'" in said[0]
    assert "\\x1b]0;PWN\\x07\\x1b[2J hi" in said[1] and said[2].startswith("mi\\x07ni\\x1b[31m:")
    assert "mi\\x07ni\\x1b[31m" in said[3]


def test_a_folder_of_links_leading_out_of_it_says_they_were_not_followed(tmp_path, monkeypatch):
    """A folder holding only links to rulesets elsewhere said it held no ruleset files, and nothing of the links
    it passed over (a house-rule maintainer's audit)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "house.yaml").write_text("extends: hokm\nname: house\n", encoding="utf-8")
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "house.yaml").symlink_to(tmp_path / "elsewhere" / "house.yaml")
    assert_refused(run("validate", "--games", 0, "repo"), "holds no ruleset files (*.yaml, *.yml) in it or below it"
                   " (links that lead out of it are not followed)", code=1)
