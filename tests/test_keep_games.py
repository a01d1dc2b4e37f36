"""A game in progress is never lost and never silently changed: however a session ends (its output closed, the
terminal hung up, a SIGTERM), its game is kept; two sessions on one record never write over each other; a record
resumed under other rules is refused unless asked for; and a record's mistakes are said as what they are."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import records
from tests.test_cli import assert_clean, out, run

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
PROMPT = b"your move> "
KEPT = re.compile(r"the game so far is in\s+(\S+)\n\s*resume with: ")  # the path on a line of its own where long


def cardrules(*args, state: Path, **kw) -> subprocess.Popen:
    """`cardrules ARGS` in a process of its own, its unfinished games kept under `state`."""
    env = {**os.environ, "XDG_STATE_HOME": str(state), "PYTHONIOENCODING": "utf-8"}
    return subprocess.Popen([sys.executable, "-m", "cli", *map(str, args)], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kw})


class Reader:
    """A process's output read as it comes, in a thread (portable, unlike select on a pipe)."""

    def __init__(self, stream):
        self.data, self.stream = b"", stream
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        for chunk in iter(lambda: self.stream.read1(4096), b""):
            self.data += chunk

    def wait_for(self, needle: bytes, times: int = 1, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while self.data.count(needle) < times:
            assert time.monotonic() < end, f"{needle!r} never came:\n{self.data.decode(errors='replace')[-800:]}"
            time.sleep(0.02)

    def text(self) -> str:
        self.thread.join(timeout=20)
        return self.data.decode("utf-8", "replace")


def kept_game(said: str) -> dict:
    """The record the message says the game is kept in, checked to replay."""
    found = KEPT.search(said)
    assert found, said
    kept = records.read(found.group(1))
    records.replay(kept, found.group(1))
    return kept


# ---- 1. the output closed: the game kept, said on stderr, a non-zero exit -----------------------------------

def test_a_closed_output_keeps_the_game_says_where_on_stderr_and_fails(tmp_path):
    """The reader of the table went away (`cardrules play … | tee log`, tee killed): the game was lost, exit 0."""
    r, w = os.pipe()
    proc = cardrules("play", "pasur", "--bots", "greedy", "--seed", 1, state=tmp_path, stdout=w)
    os.close(w)
    try:
        seen, moved = b"", False
        while seen.count(PROMPT) < 2:  # a move made while the table is read, and the next asked for
            chunk = os.read(r, 4096)
            assert chunk, seen
            seen += chunk
            if not moved and seen.endswith(PROMPT):
                proc.stdin.write(b"1\n")
                proc.stdin.flush()
                moved = True
    finally:
        os.close(r)
    _, err = proc.communicate(b"1\n1\n", timeout=30)
    err = err.decode("utf-8", "replace")
    assert proc.returncode == 1, err
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert "the output was closed" in err, err
    kept = kept_game(err)
    assert kept["actions"] and kept["actions"][0]["seat"] == 0
    assert Path(KEPT.search(err).group(1)).parent == tmp_path / "cardrules" / "games"


# ---- 2. SIGHUP and SIGTERM stop the game as Ctrl-C does ----------------------------------------------------

STOPS = [name for name in ("SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name)]


@pytest.mark.skipif(os.name == "nt", reason="a signal to a process on Windows ends it at once")
@pytest.mark.parametrize("name", STOPS)
@pytest.mark.parametrize("recorded", [False, True])
def test_a_signal_stops_the_game_as_ctrl_c_does(name, recorded, tmp_path):
    """The terminal closed (SIGHUP), the process asked to end (SIGTERM) or Ctrl-\\ typed (SIGQUIT, an interrupted
    player's audit): the game was lost."""
    path = tmp_path / "game.json"
    proc = cardrules("play", "pasur", "--bots", "greedy", "--seed", 1, *(["--record", path] * recorded),
                     state=tmp_path)
    table = Reader(proc.stdout)
    table.wait_for(PROMPT)
    proc.stdin.write(b"1\n")
    proc.stdin.flush()
    table.wait_for(PROMPT, times=2)
    proc.send_signal(getattr(signal, name))
    proc.wait(timeout=20)
    said, err = table.text(), proc.stderr.read().decode("utf-8", "replace")
    assert proc.returncode == 128 + getattr(signal, name), said[-500:] + err
    assert "Traceback" not in err, err
    assert "stopped; the game so far is in" in " ".join(said.split())
    kept = kept_game(said)
    assert [a["seat"] for a in kept["actions"]].count(0) == 1
    assert (KEPT.search(said).group(1) == str(path)) == recorded


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this system")
def test_a_hangup_ignored_before_play_stays_ignored(tmp_path):
    """Under `nohup` a game goes on when the terminal closes: play does not undo what was asked."""
    proc = cardrules("play", "pasur", "--bots", "greedy", "--seed", 1, state=tmp_path,
                     preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    table = Reader(proc.stdout)
    table.wait_for(PROMPT)
    proc.send_signal(signal.SIGHUP)
    time.sleep(0.3)
    proc.stdin.write(b"1\nquit\n")
    proc.stdin.close()
    assert proc.wait(timeout=20) == 0
    assert "bye; the game so far is in" in table.text()


def test_play_leaves_the_signal_handlers_as_it_found_them():
    stops = [getattr(signal, name) for name in STOPS]
    before = [signal.getsignal(s) for s in stops]
    assert run("play", "pasur", "--seed", 1, input="1\nquit\n").exit_code == 0
    assert [signal.getsignal(s) for s in stops] == before


# ---- 3. two sessions on one record ---------------------------------------------------------------------------

@pytest.fixture
def record(tmp_path):
    """An unfinished game of pasur (seed 5) whose next move has several choices."""
    path = tmp_path / "two.json"
    assert run("play", "pasur", "--seed", 5, "--record", path, input="1\nquit\n").exit_code == 0
    return path


@pytest.mark.parametrize("moves", [1, 0])
def test_two_sessions_on_one_record_never_write_over_each_other(moves, record, tmp_path):
    """Both resumed the record; each wrote its own line of play over the other's, and the first was told its game
    was in the file that held the second's. Now the first to write keeps the file; the other's game goes on in
    a new file beside it, and both are told (also where the other only quits: the file it names is its game)."""
    before = records.read(record)["actions"]
    first = cardrules("play", "--resume", record, "--bots", "random", state=tmp_path)
    table = Reader(first.stdout)
    table.wait_for(PROMPT)
    second = run("play", "--resume", record, input="2\nquit\n")
    assert second.exit_code == 0, out(second)
    theirs = records.read(record)
    first.stdin.write(b"1\n" * moves + b"quit\n")
    first.stdin.close()
    assert first.wait(timeout=20) == 0
    said, err = table.text(), first.stderr.read().decode("utf-8", "replace")
    beside = tmp_path / "two-2.json"
    assert records.read(record) == theirs  # not written over
    assert KEPT.search(said).group(1) == str(beside)
    assert f"{record} was changed by another session" in err and str(beside) in err, err
    mine, n = kept_game(said)["actions"], len(before)
    assert mine[:n] == theirs["actions"][:n] == before and len(theirs["actions"]) > n
    assert mine[n]["action"] != theirs["actions"][n]["action"] if moves else mine == before


def test_a_record_removed_while_its_game_is_played_is_written_again_where_it_was(record, tmp_path):
    """The record removed mid-game was said to be "changed by another session", and the game went on in a new file
    beside it (an input audit, 2026-12-07): no other game is there to leave alone. It is written again at its
    path, and the warning says it was removed."""
    session = cardrules("play", "--resume", record, "--bots", "random", state=tmp_path)
    table = Reader(session.stdout)
    table.wait_for(PROMPT)
    record.unlink()
    session.stdin.write(b"1\nquit\n")
    session.stdin.close()
    assert session.wait(timeout=20) == 0
    said, err = table.text(), session.stderr.read().decode("utf-8", "replace")
    assert f"warning: {record} was removed since this session wrote it; the game is written there again" in err, err
    assert KEPT.search(said).group(1) == str(record) and kept_game(said)["actions"]
    assert not list(record.parent.glob("two-*.json"))


def test_a_record_is_written_over_by_the_session_that_wrote_it_last(record):
    """The check spares the usual case: one session goes on writing its own record, resumed again and again."""
    for _ in range(3):
        result = run("play", "--resume", record, input="1\nquit\n")
        assert result.exit_code == 0 and "changed by another" not in out(result), out(result)
    assert not list(record.parent.glob("two-*.json"))


# ---- 4. a record resumed under other rules -------------------------------------------------------------------

@pytest.fixture
def mine(tmp_path):
    """A ruleset of the user's own (pasur's text) and a record of a game played by it."""
    rules, path = tmp_path / "my.yaml", tmp_path / "c.json"
    shutil.copy(RULESETS / "pasur.yaml", rules)
    assert run("play", rules, "--seed", 1, "--record", path, input="1\nquit\n").exit_code == 0
    return rules, path


def to_105(text: str) -> str:
    changed = text.replace("default: 62, values", "default: 105, values")
    assert changed != text
    return changed


def test_a_record_keeps_the_fingerprint_of_its_rules(mine):
    _, path = mine
    fingerprint = json.loads(path.read_text())["play"]["rules_fingerprint"]
    assert re.fullmatch(r"[0-9a-f]{32}", fingerprint)


def test_resuming_under_changed_rules_is_refused_and_nothing_is_written(mine):
    rules, path = mine
    rules.write_text(to_105(rules.read_text(encoding="utf-8")), encoding="utf-8")
    before = path.read_bytes()
    refused = run("play", "--resume", path, input="quit\n")
    assert_clean(refused)
    assert refused.exit_code == 1
    assert "are not the ones this game was played under" in out(refused) and "--accept-changed-rules" in out(refused)
    assert "your moves" not in out(refused)
    assert path.read_bytes() == before


def test_a_game_of_a_bundled_ruleset_an_upgrade_changed_says_so(tmp_path):
    """A bundled ruleset changed by an upgrade (Hokm's H16 reset read anew): "restore the ruleset" could not be
    done; the refusal says cardrules' own ruleset changed, and how to go on. It names an edit of the record's
    `ruleset` or `options` too, which an input audit found blamed on an upgrade."""
    path = tmp_path / "h.json"
    assert run("play", "hokm", "--seed", 1, "--record", path, input="quit\n").exit_code == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    record["play"]["rules_fingerprint"] = "0" * 32  # as an older cardrules' Hokm would have it
    path.write_text(json.dumps(record), encoding="utf-8")
    refused = run("play", "--resume", path, input="quit\n")
    assert refused.exit_code == 1 and "cardrules' own ruleset has changed since, in an upgrade" in out(refused)
    assert "upgrade, or the record's 'ruleset' or 'options' were edited" in " ".join(out(refused).split())
    assert "finish it with the cardrules that began it, or go on under the rules as they are now with" \
           " --accept-changed-rules" in " ".join(out(refused).split()), out(refused)


def test_resuming_under_another_file_with_other_rules_is_refused(mine, tmp_path):
    """The audit's case: the ruleset moved, and the file named in its place plays to 105."""
    rules, path = mine
    other = tmp_path / "my105.yaml"
    other.write_text(to_105(rules.read_text(encoding="utf-8")), encoding="utf-8")
    rules.rename(tmp_path / "my.yaml.bak")
    refused = run("play", other, "--resume", path, input="quit\n")
    assert refused.exit_code == 1 and "are not the ones this game was played under" in out(refused), out(refused)
    moved = tmp_path / "moved.yaml"  # its true new place is taken
    shutil.copy(tmp_path / "my.yaml.bak", moved)
    assert run("play", moved, "--resume", path, input="quit\n").exit_code == 0


def test_replay_under_other_rules_than_the_records_warns_and_still_checks(mine):
    """A contract audit: a record replayed where its ruleset has changed (or another file, a bundled one, stands
    in its place) replayed in silence; now it warns, and the replay still checks every action and the result."""
    rules, path = mine
    same = run("replay", path)
    assert same.exit_code == 0 and "warning" not in out(same), out(same)
    rules.write_text(to_105(rules.read_text(encoding="utf-8")), encoding="utf-8")
    changed = run("replay", path)
    assert "warning: the rules of my.yaml are not the ones this game was played under" in out(changed)
    assert "replayed under the rules as they are now" in out(changed)
    assert changed.exit_code == 0, out(changed)  # one move of a game to 62 or 105 holds alike


def test_changed_rules_are_played_when_asked_for_and_the_record_then_holds_them(mine):
    rules, path = mine
    old = json.loads(path.read_text())["play"]["rules_fingerprint"]
    rules.write_text(to_105(rules.read_text(encoding="utf-8")), encoding="utf-8")
    asked = run("play", "--resume", path, "--accept-changed-rules", input="quit\n")
    assert asked.exit_code == 0, out(asked)
    assert "warning: the rules of my.yaml are not the ones" in out(asked)
    new = json.loads(path.read_text())["play"]["rules_fingerprint"]
    assert new != old
    again = run("play", "--resume", path, input="quit\n")
    assert again.exit_code == 0 and "warning" not in out(again), out(again)


def test_changed_rules_the_game_does_not_replay_under_are_refused_and_no_warning_says_otherwise(mine):
    """With --accept-changed-rules, rules under which the record's moves are no longer legal stop the resume at
    the move refused (saying the rules have changed), with no warning that the record now holds the new rules'
    fingerprint; the record keeps its own (a review)."""
    rules, path = mine
    kept = path.read_text()
    rules.write_text(rules.read_text(encoding="utf-8").replace("sum: 11 - played.rank", "sum: 12 - played.rank"),
                     encoding="utf-8")
    asked = run("play", "--resume", path, "--accept-changed-rules", input="quit\n")
    assert asked.exit_code == 1 and "under the rules as they are now" in out(asked), out(asked)
    assert "now holds its fingerprint" not in out(asked)
    assert path.read_text() == kept


def test_a_comment_or_the_layout_of_the_rules_changed_is_the_same_game(mine):
    rules, path = mine
    text = rules.read_text(encoding="utf-8").replace("\nplayers: 2 ", "\n\nplayers:    2   # two ")
    rules.write_text("# my own copy\n" + text, encoding="utf-8")
    resumed = run("play", "--resume", path, input="quit\n")
    assert resumed.exit_code == 0 and "warning" not in out(resumed), out(resumed)


def test_words_that_only_say_the_rules_changed_are_the_same_game(mine):
    """A doc, the description, a Persian label or the table's words (a new release's sentences) change no rule:
    the game resumes unwarned. Only what plays counts."""
    rules, path = mine
    text = rules.read_text(encoding="utf-8")
    text = text.replace("description: Pasur", "description: My Pasur").replace("fa: زمین", "fa: میز")
    text = text.replace('doc: {en: "P20: game points that win"', 'doc: {en: "P20: the points that win"')
    text = text.replace("    hand_number: {en: hand, fa: دور}", "    hand_number: {en: deal, fa: دست}")
    assert text != rules.read_text(encoding="utf-8")
    rules.write_text(text, encoding="utf-8")
    resumed = run("play", "--resume", path, input="quit\n")
    assert resumed.exit_code == 0 and "warning" not in out(resumed), out(resumed)


def test_accepting_changed_rules_goes_with_resume():
    refused = run("play", "pasur", "--accept-changed-rules", input="quit\n")
    assert refused.exit_code == 2 and "--accept-changed-rules goes with --resume" in out(refused)


def test_a_record_without_a_fingerprint_resumes_and_gets_one(mine):
    rules, path = mine
    data = json.loads(path.read_text())
    del data["play"]["rules_fingerprint"]
    path.write_text(json.dumps(data))
    rules.write_text(to_105(rules.read_text(encoding="utf-8")), encoding="utf-8")  # nothing to hold it to
    assert run("play", "--resume", path, input="quit\n").exit_code == 0
    assert "rules_fingerprint" in json.loads(path.read_text())["play"]


@pytest.mark.parametrize("kept", [5, "abc"])  # "abc": said to be rules changed, as replay() did not (a review)
def test_a_fingerprint_that_is_not_one_is_refused_unless_asked(mine, kept):
    _, path = mine
    data = json.loads(path.read_text())
    data["play"]["rules_fingerprint"] = kept
    path.write_text(json.dumps(data))
    refused = run("play", "--resume", path, input="quit\n")
    assert refused.exit_code == 1 and "'rules_fingerprint'" in out(refused) and "--accept-changed-rules" in out(refused)
    assert "is not a fingerprint cardrules writes" in out(refused), out(refused)
    assert run("play", "--resume", path, "--accept-changed-rules", input="quit\n").exit_code == 0


def test_replay_reads_records_with_and_without_a_fingerprint_alike_but_warns_of_changed_rules(mine):
    """The same output and exit either way; where the rules changed, a warning on stderr beside it."""
    rules, path = mine
    data = json.loads(path.read_text())
    bare = path.with_name("bare.json")
    bare.write_text(json.dumps({**data, "play": {"seat": 0, "bots": "random"}}))
    rules.write_text(to_105(rules.read_text(encoding="utf-8")), encoding="utf-8")  # replay holds no fingerprint
    for args in ([], ["--json"]):
        with_it, without = run("replay", path, *args), run("replay", bare, *args)
        assert with_it.exit_code == without.exit_code == 0
        if args:  # the object says it too, for a program reading it
            kept, bare_said = json.loads(with_it.stdout), json.loads(without.stdout)
            assert kept.pop("warning").startswith("the rules of my.yaml are not the ones")
            assert kept == bare_said
        else:
            assert with_it.stdout.replace(str(path), "R") == without.stdout.replace(str(bare), "R")
        assert "warning: the rules of my.yaml" in with_it.stderr and not without.stderr


# ---- 5. a bad `play` field is overridden by the option that sets it ------------------------------------------

BAD_PLAY = [({"bots": "nonsense"}, ["--bots", "random"]), ({"seat": 9}, ["--seat", "0"]),
            ({"lang": "de"}, ["--lang", "en"])]


def bad_play(record: Path, play: dict) -> None:
    data = json.loads(record.read_text())
    data["play"] = {**data["play"], **play}
    record.write_text(json.dumps(data))


@pytest.mark.parametrize("play, option", BAD_PLAY)
def test_an_option_given_overrides_a_bad_play_field(record, play, option):
    bad_play(record, play)
    resumed = run("play", "--resume", record, *option, input="quit\n")
    assert resumed.exit_code == 0, out(resumed)
    kept = json.loads(record.read_text())["play"]
    field = next(iter(play))
    assert kept.get(field) != play[field]


@pytest.mark.parametrize("play, option", BAD_PLAY)
def test_a_bad_play_field_names_the_option_that_overrides_it(record, play, option):
    bad_play(record, play)
    refused = CliRunner().invoke(main, ["play", "--resume", str(record)], input="quit\n")  # not run's --bots
    assert refused.exit_code == 1 and f"give {option[0]}" in out(refused), out(refused)
    assert_clean(refused)


# ---- 6. a record's mistakes said as what they are ------------------------------------------------------------

def test_an_empty_action_in_a_record_is_said_to_be_empty(record):
    data = json.loads(record.read_text())
    data["actions"].append({"seat": 0, "action": " "})
    record.write_text(json.dumps(data))
    for args in (["replay", record], ["play", "--resume", record]):
        refused = run(*args, input="quit\n")
        assert refused.exit_code == 1
        assert f"action {len(data['actions']) - 1} (' ') is refused: it is empty" in out(refused), out(refused)
        assert "type a move" not in out(refused)


@pytest.mark.parametrize("ruleset, kind", [(5, "a number"), (["shelem"], "a list"), ({}, "an object"),
                                           (True, "true or false")])
def test_a_ruleset_that_is_not_text_says_what_a_ruleset_is(record, ruleset, kind):
    data = json.loads(record.read_text())
    data["ruleset"] = ruleset
    record.write_text(json.dumps(data))
    refused = run("replay", record)
    assert refused.exit_code == 1
    assert f"'ruleset' must be a bundled ruleset's name or a ruleset file's path, not {kind}" in out(refused)


@pytest.mark.skipif(not os.path.isfile("/proc/version"), reason="no /proc/version here")
def test_a_record_path_where_no_file_can_be_written_says_so(tmp_path):
    refused = run("play", "pasur", "--seed", 1, "--record", "/proc/version", input="quit\n")
    assert refused.exit_code == 1
    assert "cannot write the record to /proc/version: no file can be written in /proc" in out(refused), out(refused)
    assert "No such file or directory" not in out(refused)


# ---- 5. what a kept game shows no one else ---------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "getuid"), reason="folders shut to other users are a POSIX mode")
def test_a_game_kept_unfinished_is_shut_to_others_and_its_own_seed_cannot_be_searched_for(tmp_path):
    """A secrets audit, 2026-12-07: a game's own seed was one of 2^31, and a seat's dealt cards single it out (a
    search of hours), so every hidden hand and deal to come; and the state folder's games were readable by every
    user. The seed is one of 2^53 now, which a double holds exactly (a record's seed of 128 bits, a contract audit
    found, is another number to a JSON reader of doubles: JavaScript, jq), and the folders made for kept games are
    the user's alone (XDG)."""
    proc = cardrules("play", "hokm", "--bots", "random", state=tmp_path)
    _, err = proc.communicate(b"quit\n", timeout=30)
    assert proc.returncode == 0, err
    kept = sorted((tmp_path / "cardrules" / "games").glob("*.json"))
    assert len(kept) == 1
    seed = json.loads(kept[0].read_text(encoding="utf-8"))["seed"]
    assert 32 < seed.bit_length() <= 53 and float(seed) == seed  # (2^-20 to fail by chance)
    for folder in (tmp_path / "cardrules", tmp_path / "cardrules" / "games"):
        assert folder.stat().st_mode & 0o077 == 0, oct(folder.stat().st_mode)
