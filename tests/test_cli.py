"""The `cardrules` command line against CONTRACT.md (list, validate, play, simulate, replay, rules)."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import cli
from cli import main
from interpreter import cards as C
from interpreter import load, records
from interpreter.table import Table

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
BUNDLED = sorted(RULESETS.glob("*.yaml"))
FORMAT = "cardrules-record/1"
WHOLE_GAME = "1\n" * 2000  # always the first legal move: enough to finish any pasur game
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# ---- helpers ------------------------------------------------------------------------------------

def run(*args, input=None):
    """The command as a person runs it; `play` against random bots unless the test names its bots (the
    default search bot thinks for a second a move, and these tests are about the command, not the bot)."""
    args = [str(a) for a in args]
    if args[0] == "play" and "--bots" not in args:
        args += ["--bots", "random"]
    return CliRunner().invoke(main, args, input=input)


def out(result) -> str:
    """Everything the command printed, stdout and stderr (click >= 8.2 already mixes them into `output`)."""
    try:
        err = result.stderr
    except ValueError:  # click 8.1 with mix_stderr: stderr is in `output`
        err = ""
    return result.output if err in result.output else result.output + err


def assert_clean(result):
    """A user-facing outcome: no Python traceback, no 'internal error' (exit 2 from the error guard)."""
    text = out(result)
    assert "Traceback" not in text, text
    assert "internal error" not in text, text
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


def assert_ok(result):
    assert_clean(result)
    assert result.exit_code == 0, out(result)


def assert_fails(result, *needles):
    """Exit 1 with a message (each needle in it), never a traceback."""
    assert_clean(result)
    assert result.exit_code == 1, out(result)
    text = out(result)
    for n in needles:
        assert n in text, f"{n!r} not in:\n{text}"


def read_json(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def write_json(path, data) -> Path:
    path = Path(path)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def first_legal(seed: int) -> list[str]:
    """Seat 0's first moves as `play` numbers them (in playing order)."""
    return menu(load("pasur").new_state(seed=seed))


def menu(st) -> list[str]:
    """The legal actions in the order `play` lists them (canonical text)."""
    return [text for _, text, _ in Table(st, st.to_act).menu()]


def hand0(st) -> list[str]:
    return list(st.view(0)["zones"]["hand"][0])


def find_seed(pred, limit=500) -> int:
    for s in range(limit):
        if pred(load("pasur").new_state(seed=s)):
            return s
    raise AssertionError("no seed in range fits the test's precondition")


def forced_card(st) -> str | None:
    """A non-jack card in seat 0's hand that must capture (it has no plain `play C`)."""
    legal = st.legal_actions()
    for c in hand0(st):
        if c.startswith("J"):
            continue
        if f"play {c}" not in legal and any(a.startswith(f"play {c} take ") for a in legal):
            return c
    return None


def multi_take_with_ten(st) -> str | None:
    return next((a for a in st.legal_actions() if " take " in a and len(a.split()) >= 5 and "10" in a), None)


@pytest.fixture(scope="module")
def bad_move_seed() -> int:
    """Seat 0 acts first with a card that must capture and a capture of several cards including a ten."""
    return find_seed(lambda st: st.to_act == 0 and forced_card(st) and multi_take_with_ten(st))


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A whole game played through the CLI as seat 0, with its record and its output."""
    folder = tmp_path_factory.mktemp("finished")
    path = folder / "game.json"
    result = run("play", "pasur", "--seed", 3, "--record", path, input=WHOLE_GAME)
    assert_ok(result)
    return path, read_json(path), result.output


@pytest.fixture(scope="module")
def interrupted(tmp_path_factory):
    """A game whose input ends after three moves of seat 0."""
    folder = tmp_path_factory.mktemp("interrupted")
    path = folder / "game.json"
    result = run("play", "pasur", "--seed", 5, "--record", path, input="1\n" * 3)
    return path, result


# ---- list -----------------------------------------------------------------------------------------

def test_list_wraps_its_lines_only_on_a_terminal():
    """A new-user audit: 81 of 82 lines of `list` ran past 80 columns; piped, each ruleset stays one line (the
    contract's one-line description, for scripts)."""
    import cli

    line = f"{'hokm-3p.yaml':<32} " + "word " * 40 + " (extends hokm.yaml)"
    assert cli._listed(line, 0) == line
    wrapped = cli._listed(line, 80).splitlines()
    assert len(wrapped) > 1 and all(len(x) <= 80 for x in wrapped)
    assert wrapped[0].startswith("hokm-3p.yaml ") and all(x.startswith(" " * 33 + "w") or "extends" in x
                                                          for x in wrapped[1:])
    assert " ".join(" ".join(wrapped).split()) == " ".join(line.split())


def test_list_shows_every_bundled_ruleset_with_description_and_base():
    result = run("list")
    assert_ok(result)
    lines = result.output.splitlines()
    assert len(BUNDLED) >= 2
    for path in BUNDLED:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        line = next((x for x in lines if re.match(rf"\s*{re.escape(path.name)}\s", x)), None)
        assert line is not None, f"{path.name} not listed:\n{result.output}"
        assert data["description"] in line
        if data.get("extends"):
            assert "extends" in line and data["extends"] in line, line
        else:
            assert "extends" not in line, line


# ---- validate -------------------------------------------------------------------------------------

def test_validate_bundled_files_by_path():
    """By absolute path: a base and variants that extend it (test_bad_rulesets validates every bundled file)."""
    paths = [RULESETS / name for name in ("pasur.yaml", "hokm-3p.yaml", "shelem-2p.yaml")]
    result = run("validate", *paths)
    assert_ok(result)
    assert result.output.startswith("ok: 3 ruleset(s) valid"), out(result)


@pytest.mark.parametrize("name", ["pasur", "pasur.yaml", "pasur-4p", "pasur-105.yaml"])
def test_validate_bundled_names_from_any_folder(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_ok(run("validate", name))


def test_validate_several_names_at_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_ok(run("validate", "pasur", "pasur.yaml", "pasur-multicapture"))
    # a name given twice is one ruleset: it said '3 ruleset(s) valid' (a new user's audit)
    assert run("validate", "--games", "0", "pasur", "hokm", "pasur").output.strip() == "ok: 2 ruleset(s) valid"
    same = run("validate", "--games", "0", "pasur", str(RULESETS / "pasur.yaml"), "hokm", "./hokm")  # a review
    assert same.output.strip().endswith("ok: 2 ruleset(s) valid"), same.output


def test_validate_a_house_rule_file_extending_a_bundled_ruleset(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text(
        "extends: pasur.yaml\nname: house\ndescription: house rules\noptions:\n  target: 105\n", encoding="utf-8")
    assert_ok(run("validate", "house.yaml"))


def test_validate_a_path_that_exists_wins_over_the_bundled_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pasur.yaml").write_text("name: [\n", encoding="utf-8")
    result = run("validate", "pasur.yaml")
    assert_fails(result, "pasur.yaml:")
    assert re.search(r"pasur\.yaml:\d+:\d+: error: ", result.output), result.output


def test_validate_problems_are_file_line_col_lines(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.yaml").write_text("name: [\n", encoding="utf-8")
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    (tmp_path / "binary.yaml").write_bytes(bytes(range(256)))
    (tmp_path / "unknown.yaml").write_text("extends: pasur.yaml\nname: x\noptions:\n  nosuch: 1\n", encoding="utf-8")
    result = run("validate", "broken.yaml", "empty.yaml", "binary.yaml", "unknown.yaml")
    assert_fails(result)
    for name in ("broken.yaml", "empty.yaml", "binary.yaml", "unknown.yaml"):
        assert re.search(rf"^{re.escape(name)}:\d+:\d+: error: \S", result.output, re.M), result.output


def test_validate_unknown_name_fails_cleanly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_fails(run("validate", "no-such-game"), "no-such-game")


# ---- play: whole games --------------------------------------------------------------------------------

def test_play_whole_game_from_piped_numbers(finished):
    _, record, output = finished
    assert "game over" in output
    assert record["result"]["scores"] == [int(x) for x in re.findall(r"\d+", output.splitlines()[-1])[-2:]]


def test_play_is_reproducible_with_seed():
    a = run("play", "pasur", "--seed", 11, input=WHOLE_GAME)
    b = run("play", "pasur", "--seed", 11, input=WHOLE_GAME)
    assert_ok(a)
    assert a.output == b.output


def test_play_bundled_name_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "pasur.yaml", "--seed", 1, input="1\n" * 2)
    assert_ok(result)
    assert "your moves" in result.output


def test_play_record_format(finished):
    path, record, _ = finished
    assert record["format"] == FORMAT
    assert record["ruleset"] == "pasur"
    assert record["seed"] == 3
    deck = sorted(C.NAMES[c] for c in load("pasur").deck)
    assert len(deck) == 52 and record["shuffles"]
    for order in record["shuffles"]:
        assert sorted(order) == deck  # each a full permutation, cards in canonical spelling
    assert record["actions"], record
    seats = set()
    for a in record["actions"]:
        assert set(a) == {"seat", "action"}, a
        assert isinstance(a["seat"], int) and isinstance(a["action"], str)
        seats.add(a["seat"])
    assert seats == {0, 1}
    assert record["actions"][0]["seat"] == 0  # dealer is seat 1, so seat 0 acts first
    result = record["result"]
    assert set(result) >= {"scores", "winner"}
    assert len(result["scores"]) == 2
    assert result["winner"] == max(range(2), key=lambda s: result["scores"][s])
    assert max(result["scores"]) >= 62


def test_play_record_matches_the_python_api(finished):
    _, record, _ = finished
    st = load("pasur").new_state(seed=3)
    for a in record["actions"]:
        assert st.to_act == a["seat"]
        assert a["action"] in st.legal_actions()  # canonical text, as the engine lists it
        st.apply(a["action"])
    assert st.over
    made = records.make(st, "pasur")
    assert made["result"] == record["result"]
    assert made["shuffles"] == record["shuffles"]


def test_play_record_replays(finished):
    path, record, _ = finished
    assert_ok(run("replay", path))
    summary = json.loads(run("replay", path, "--json").output)
    assert summary["over"] is True
    assert summary["scores"] == record["result"]["scores"]


# ---- play: typed moves ------------------------------------------------------------------------------

def _spellings(action: str) -> list[str]:
    """Odd but accepted spellings of a canonical `play C take ...` action."""
    words = action.split()
    cards = [w for w in words if w not in ("play", "take")]
    ten = [c.replace("10", "T") for c in cards]
    sym = [c[:-1] + SUIT_SYMBOLS[c[-1]] for c in cards]
    return [
        f"PLAY {cards[0].lower()} TAKE {' '.join(c.lower() for c in cards[1:])}",
        f"Play {ten[0]} take {' '.join(reversed(ten[1:]))}",
        f"play {sym[0]} take {' '.join(reversed(sym[1:]))}",
        f"  play   {ten[0].lower()}   TAKE  {' '.join(c.lower() for c in reversed(ten[1:]))}  ",
    ]


def dealt(front: list[str]) -> list[str]:
    """A full pasur deck order starting with `front` (seat 0's 4 cards, seat 1's 4, the table's 4)."""
    rest = [c for c in load("pasur").new_state(seed=0).decks[0] if C.NAMES[c] not in front]
    return front + [C.NAMES[c] for c in rest]


def test_play_accepts_example_spelling_from_brief(tmp_path):
    deck = dealt(["4C", "5S", "KH", "9D", "2H", "3H", "AD", "6D", "7H", "8S", "3C", "QS"])
    st = load("pasur").new_state(seed=1, shuffles=[deck])
    assert "play 4C take 7H" in st.legal_actions()
    path = write_json(tmp_path / "r.json", records.make(st, "pasur"))
    result = run("play", "pasur", "--resume", path, input="PLAY 4c TAKE 7h\n")
    assert_ok(result)
    assert read_json(path)["actions"][0] == {"seat": 0, "action": "play 4C take 7H"}


@pytest.mark.parametrize("k", range(4))
def test_play_accepts_odd_spellings(k, bad_move_seed, tmp_path):
    action = multi_take_with_ten(load("pasur").new_state(seed=bad_move_seed))
    typed = _spellings(action)[k]
    path = tmp_path / "r.json"
    result = run("play", "pasur", "--seed", bad_move_seed, "--record", path, input=typed + "\n")
    assert_ok(result)
    assert "is not a legal move" not in result.output, result.output
    assert read_json(path)["actions"][0] == {"seat": 0, "action": action}


def _signed(card: str) -> str:
    """A card as the table shows it: 10H as 10♥."""
    return card[:-1] + "♠♥♦♣"["SHDC".index(card[-1])]


def test_play_bad_moves_are_refused_with_reason_and_list_and_nothing_is_lost(bad_move_seed, tmp_path):
    st = load("pasur").new_state(seed=bad_move_seed)
    legal = st.legal_actions()
    hand = hand0(st)
    forced = forced_card(st)
    wrong_take = next(c for c in st.view(0)["zones"]["table"]
                      if f"play {forced} take {c}" not in legal)
    not_held = next(f"{r}C" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10") if f"{r}C" not in hand)
    attempts = [
        ("play ZZ", ["'play ZZ' is not a legal move"]),
        (f"play {not_held}", [f"no {_signed(not_held)}"]),  # the card as the menu shows it
        (f"play {forced} take {wrong_take}", [f"with {_signed(forced)}"]),   # a capture the rules do not allow
        (str(len(legal) + 1), [f"1 to {len(legal)}"]),
        ("0", [f"1 to {len(legal)}"]),
        ("dance", ["not a legal move"]),
    ]
    path = tmp_path / "r.json"
    typed = "".join(a + "\n" for a, _ in attempts) + "1\n"
    result = run("play", "pasur", "--seed", bad_move_seed, "--record", path, input=typed)
    assert_ok(result)
    chunks = result.output.split("> ")  # one chunk after each prompt: the typed line, the answer, the moves
    table = Table(st, 0)
    listing = "\n".join(table.menu_lines(table.menu()))
    assert listing in chunks[0]
    for i, (_, needles) in enumerate(attempts, 1):
        answer = chunks[i]
        for n in needles:
            assert n in answer, f"attempt {attempts[i - 1][0]!r}: {n!r} not in:\n{answer}"
        assert listing in answer, f"the legal list is not shown again after {attempts[i - 1][0]!r}:\n{answer}"
    # nothing is lost: the first legal move was then played, and the game went on
    record = read_json(path)
    assert record["actions"][0] == {"seat": 0, "action": menu(st)[0]}
    assert len(record["actions"]) >= 2 and record["actions"][1]["seat"] == 1
    assert_ok(run("replay", path))


def test_play_unknown_card_reason_names_the_problem(bad_move_seed):
    result = run("play", "pasur", "--seed", bad_move_seed, input="play ZZ\n")
    assert_ok(result)
    refusal = result.output.split("> ")[1].splitlines()[1]  # after the typed line, echoed
    assert "card" in refusal.lower(), refusal


def test_play_help_and_empty_lines_lose_nothing(tmp_path):
    path = tmp_path / "r.json"
    legal = first_legal(4)
    result = run("play", "pasur", "--seed", 4, "--record", path, input="\nhelp\n?\n2\n")
    assert_ok(result)
    assert read_json(path)["actions"][0] == {"seat": 0, "action": legal[1]}


def test_play_quit_stops_and_keeps_the_record(tmp_path):
    path = tmp_path / "r.json"
    result = run("play", "pasur", "--seed", 4, "--record", path, input="1\nquit\n1\n1\n")
    assert_ok(result)
    record = read_json(path)
    assert [a for a in record["actions"] if a["seat"] == 0] == [{"seat": 0, "action": first_legal(4)[0]}]
    assert "result" not in record


# ---- play: records of interrupted games, resume ---------------------------------------------------------

def test_play_interrupted_record_is_written_and_replays(interrupted):
    path, result = interrupted
    assert_ok(result)
    assert path.is_file()
    assert str(path) in result.output  # tells where the game so far is
    record = read_json(path)
    assert record["format"] == FORMAT and "result" not in record
    assert len([a for a in record["actions"] if a["seat"] == 0]) == 3
    assert_ok(run("replay", path))
    summary = json.loads(run("replay", path, "--json").output)
    assert summary["over"] is False
    assert summary["to_act"] == 0
    assert summary["legal"] and summary["legal"] == sorted(summary["legal"])


def test_play_record_survives_input_ending_at_once(tmp_path):
    path = tmp_path / "r.json"
    assert_ok(run("play", "pasur", "--seed", 8, "--record", path, input=""))
    record = read_json(path)
    assert record["actions"] == [] and record["seed"] == 8 and len(record["shuffles"]) >= 1
    assert_ok(run("replay", path))


# ---- play without --record: a game stopped before its end is kept ---------------------------------------------

def kept_games(folder) -> list[Path]:
    return sorted((Path(folder) / "cardrules" / "games").glob("*.json"))


def test_the_persian_resume_line_gives_a_command_that_copies_clean(tmp_path, monkeypatch):
    """The resume command on a Persian table is printed whole, to copy: no bidi mark is glued to `cardrules`
    (copied with it, the shell answered "\u200ecardrules: command not found"; a table audit)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    result = run("play", "hokm", "--seed", 7, "--lang", "fa", input="quit\n")
    assert_ok(result)
    [line] = [x for x in out(result).splitlines() if "--resume" in x]
    command = line[line.index("cardrules"):].replace("\u200e", "").replace("\u200f", "")
    assert line.split()[-4:-1] == ["cardrules", "play", "--resume"], line  # `cardrules` a word of its own
    assert shlex.split(command)[:3] == ["cardrules", "play", "--resume"]


@pytest.mark.parametrize("stop", ["", "quit\n"])
def test_play_without_record_keeps_a_stopped_game_and_says_how_to_go_on(stop, tmp_path, monkeypatch):
    """Input ending, or quit, mid-game with no --record loses nothing: the game so far is written to the
    user's state folder, named on screen with the command that resumes it, and resumes to the end."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    result = run("play", "pasur", "--seed", 4, input="1\n" + stop)
    assert_ok(result)
    [path] = kept_games(tmp_path)
    assert path.name.startswith("pasur-")
    assert f"the game so far is in\n  {path}\n  resume with: cardrules play --resume {path}\n" in out(result)
    record = read_json(path)
    assert record["ruleset"] == "pasur" and record["seed"] == 4 and "result" not in record
    assert [a for a in record["actions"] if a["seat"] == 0] == [{"seat": 0, "action": first_legal(4)[0]}]
    finished = run("play", "--resume", path, input=WHOLE_GAME)
    assert_ok(finished)
    assert "game over" in finished.output and "result" in read_json(path)
    assert kept_games(tmp_path) == [path]  # the resumed game goes on in the file it was kept in


def test_resume_with_no_path_goes_on_with_the_game_last_kept(tmp_path, monkeypatch):
    """`play --resume` alone: the game last kept unfinished; `play FILE --resume`, the last of that ruleset; a
    kept game since played to its end is passed over, and with none left the usage error says where it looked."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    def refused(result, said: str) -> bool:
        return result.exit_code == 2 and said in result.output

    assert refused(run("play", "--resume"), "no game is kept unfinished in")
    assert_ok(run("play", "pasur", "--seed", 4, input="1\n"))
    [pasur] = kept_games(tmp_path)
    os.utime(pasur, (1, 1))  # kept long ago
    assert_ok(run("play", "hokm", "--seed", 7, "--bots", "random", input="quit\n"))
    [hokm] = [p for p in kept_games(tmp_path) if p != pasur]
    (hokm.parent / "zz.json").symlink_to(tmp_path / "gone.json")  # a link to nothing there: passed over
    os.mkfifo(hokm.parent / "zy.json")  # and a pipe, newer than any record (a records audit: it was waited on)
    assert "══ Hokm ══" in out(run("play", "--resume", input="quit\n"))  # the newer
    assert read_json(hokm)["play"]["bots"] and os.path.getmtime(hokm) > 1  # the hokm game, written again
    assert_ok(run("play", "pasur", "--resume", input=WHOLE_GAME))
    assert "result" in read_json(pasur)  # FILE chose the older game, now played to its end
    os.utime(hokm, (1, 1))
    os.utime(pasur, (2, 2))  # the finished game is the newer: passed over
    assert_ok(run("play", "--resume", "--seat", "0", input="quit\n"))
    assert os.path.getmtime(hokm) > 2
    assert refused(run("play", "pasur", "--resume"), "no game of pasur is kept unfinished")
    assert refused(run("play", "--resume", "pasur"), "no game of pasur is kept unfinished")  # no such record
    os.utime(hokm, (3, 3))
    assert "══ Hokm ══" in out(run("play", "--resume", "hokm", input="quit\n"))


GRAB_ANY_PART = """\
name: grab
description: any part of the table (fourteen cards on it make 16,383 moves, past the bound)
players: 2
zones:
  hand: {owner: seat, visible: owner}
  table: {visible: all}
  stock: {visible: none}
  won: {owner: side, visible: all}
hand:
  - name: deal
    deal:
      - {to: hand, count: 4}
      - {to: table, count: 14}
  - name: play
    play:
      mode: capture
      first: next(dealer)
      captures:
        - {name: any, card: true, take: some}
scoring:
  - {name: cards, points: count(won)}
game:
  target: 100
  next_dealer: next(dealer)
"""


@pytest.mark.parametrize("recorded", [False, True])
def test_a_rulesets_error_found_in_play_keeps_the_game_so_far(recorded, tmp_path, monkeypatch):
    """Principle 4, nothing lost: an error of the ruleset met only in play (validate's trial games would find it;
    play does not run them) stops the game with the error at its line, and says where the game so far is kept,
    to go on once the ruleset is mended (an author's audit: a game died and was not kept)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    ruleset = tmp_path / "grab.yaml"
    ruleset.write_text(GRAB_ANY_PART, encoding="utf-8")
    record = tmp_path / "game.json"
    result = run("play", ruleset, "--seed", 1, *(["--record", record] if recorded else []), input="1\n")
    assert result.exit_code == 1 and "Traceback" not in out(result)
    assert f"{ruleset}:14:5: error: step 'play': a card could capture more than 10,000 different sets" in out(result)
    [path] = [record] if recorded else kept_games(tmp_path / "state")
    assert f"stopped by the ruleset's error above; the game so far is in {path}" in out(result)
    assert (path.parent / read_json(path)["ruleset"]).resolve() == ruleset.resolve()  # the game it was
    assert (record.exists(), bool(kept_games(tmp_path / "state"))) == (recorded, not recorded)
    said = f"resume, once the ruleset is mended, with: cardrules play --resume {path} --accept-changed-rules"
    assert said in out(result)
    ruleset.write_text(GRAB_ANY_PART.replace("take: some", "take: one"), encoding="utf-8")  # mended
    resumed = run(*said.split("with: cardrules ")[1].split(), input="quit\n")
    assert resumed.exit_code == 0 and "the ruleset has been changed since" in out(resumed), out(resumed)


def test_play_keeps_nothing_for_a_finished_game_or_one_with_a_record(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert_ok(run("play", "pasur", "--seed", 4, input=WHOLE_GAME))
    assert_ok(run("play", "pasur", "--seed", 4, "--record", tmp_path / "r.json", input="quit\n"))
    assert kept_games(tmp_path) == []


def test_a_kept_game_of_a_ruleset_file_names_it_by_its_whole_path(tmp_path, monkeypatch):
    """Kept far from the ruleset, the record names it from the root, and resumes from any folder."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    house = tmp_path / "house.yaml"
    house.write_text("extends: pasur\noptions:\n  target: 62\n", encoding="utf-8")
    assert_ok(run("play", house, "--seed", 2, input=""))
    [path] = kept_games(tmp_path / "state")
    assert read_json(path)["ruleset"] == house.resolve().as_posix()
    monkeypatch.chdir(tmp_path / "state")
    assert_ok(run("play", "--resume", path, input=WHOLE_GAME))


def test_a_relative_state_home_is_ignored(tmp_path, monkeypatch):
    """The XDG spec: a relative path in $XDG_STATE_HOME is invalid; ~/.local/state is used instead."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert_ok(run("play", "pasur", "--seed", 4, input="quit\n"))
    assert len(kept_games(tmp_path / "home" / ".local" / "state")) == 1
    assert not (tmp_path / "relative").exists()


def test_with_no_home_a_stopped_game_is_kept_in_the_current_folder_not_under_a_tilde(tmp_path, monkeypatch):
    """Where no home folder is found (`~` stays as it is), the game goes to ./cardrules-games, not ./~/...:
    a folder named `~` is one a shell's `rm -r ~` would read as the home."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)
    assert_ok(run("play", "pasur", "--seed", 4, input="quit\n"))
    assert len(list((tmp_path / "cardrules-games").glob("*.json"))) == 1
    assert not (tmp_path / "~").exists()


def test_with_no_home_and_the_current_folder_gone_the_kept_game_folder_is_still_named(monkeypatch):
    """Path.cwd() fails where the current folder was deleted: the folder is named relative, and keeping the
    game then fails, if it does, inside the keeper, which says so (no traceback)."""
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)

    def gone():
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(cli.Path, "cwd", staticmethod(gone))
    assert cli.unfinished_folder() == cli.Path("cardrules-games")


def test_a_stopped_game_the_state_folder_cannot_keep_is_kept_in_the_current_folder(tmp_path, monkeypatch):
    """A records audit: where the state folder could not be written, the game was lost, with exit status 0.
    It is kept in ./cardrules-games instead, the state folder's failure said."""
    blocked = tmp_path / "state"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocked))
    monkeypatch.chdir(tmp_path)
    result = run("play", "pasur", "--seed", 4, input="1\nquit\n")
    assert_ok(result)
    said = out(result)
    assert "warning: the unfinished game could not be kept in" in said and "so it is kept in" in said
    [kept] = (tmp_path / "cardrules-games").glob("pasur-*.json")
    assert f"resume with: cardrules play --resume {kept}" in said.replace("\n  ", " ")
    assert len(json.loads(kept.read_text(encoding="utf-8"))["actions"]) >= 1
    # and `--resume` alone finds it there (it looked in the state folder alone: an interrupted player's audit)
    resumed = run("play", "--resume", input="quit\n")
    assert_ok(resumed)
    assert "resumed" in out(resumed) and str(kept) in out(resumed).replace("\n  ", " "), out(resumed)


def test_a_kept_game_resumed_into_a_record_of_its_own_leaves_no_copy_behind(tmp_path, monkeypatch):
    """`--resume --record mine.json` went on in mine.json but left the kept copy, which a later bare `--resume`
    took up again: two copies of one game, the older picked (an interrupted player's audit). The copy goes once
    the record holds the game; a record of the player's own, resumed into another, is left as it is."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    assert_ok(run("play", "pasur", "--seed", 4, input="1\nquit\n"))
    [kept] = (tmp_path / "state" / "cardrules" / "games").glob("pasur-*.json")
    actions = json.loads(kept.read_text(encoding="utf-8"))["actions"]
    assert_ok(run("play", "--resume", "--record", "mine.json", input="quit\n"))
    assert not kept.exists() and json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))["actions"] == actions
    none = run("play", "--resume")
    assert none.exit_code == 2 and "no game is kept unfinished in" in none.output, none.output
    assert_ok(run("play", "--resume", "mine.json", "--record", "copy.json", input="quit\n"))
    assert (tmp_path / "mine.json").exists() and (tmp_path / "copy.json").exists()


def test_list_kept_shows_the_games_kept_unfinished_the_last_first(tmp_path, monkeypatch):
    """No command showed the games kept, and a bare --resume took only the last (an interrupted player's audit):
    `list --kept` shows each, the last written first, with the path that resumes it."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    none = run("list", "--kept")
    assert_ok(none)
    assert out(none).startswith("no game is kept unfinished in"), out(none)
    assert_ok(run("play", "pasur", "--seed", 4, input="1\nquit\n"))
    kept = next((tmp_path / "cardrules" / "games").glob("pasur-*.json"))
    os.utime(kept, (1, 1))  # written long before the next
    assert_ok(run("play", "hokm", "--seed", 4, input="quit\n"))
    lines = out(run("list", "--kept")).splitlines()
    assert len(lines) == 2 and " hokm " in lines[0] and lines[1].endswith(f"  {kept}"), lines
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d  pasur +\d+ actions?  ", lines[1]), lines


def test_a_bare_resume_of_a_game_that_cannot_go_on_says_how_to_take_up_another(tmp_path, monkeypatch):
    """An input audit, 2026-12-07: the game last kept was of a ruleset since deleted, and a bare --resume took it
    again and again, without a word of the games kept before it. The error says they are there, and how."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert_ok(run("play", "hokm", "--seed", 4, input="quit\n"))
    [older] = (tmp_path / "state" / "cardrules" / "games").glob("hokm-*.json")
    os.utime(older, (1, 1))
    (tmp_path / "mine.yaml").write_text("extends: hokm\nname: mine\n", encoding="utf-8")
    assert_ok(run("play", tmp_path / "mine.yaml", "--seed", 4, input="quit\n"))
    (tmp_path / "mine.yaml").unlink()
    said = run("play", "--resume")
    assert said.exit_code == 1 and "no ruleset file or bundled ruleset named" in out(said), out(said)
    assert "(this is the game last kept; 1 other game kept unfinished: `cardrules list --kept` lists them," \
           " `cardrules play --resume PATH` goes on with one)" in " ".join(out(said).split()), out(said)


def test_a_kept_copy_another_session_played_on_in_is_not_removed(tmp_path, monkeypatch):
    """A review: the kept copy was removed once the new record held the game, even where another session had
    written more moves to it since this one read it: it is removed only while it is as this session read it."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    assert_ok(run("play", "pasur", "--seed", 4, input="1\nquit\n"))
    [kept] = (tmp_path / "state" / "cardrules" / "games").glob("pasur-*.json")
    write, others = records.Keeper.write, [kept]

    def meanwhile(keeper, st):  # the other session writes to the kept copy as this one first writes its record
        for other in others:
            other.write_text(other.read_text(encoding="utf-8") + " ", encoding="utf-8")
        others.clear()
        write(keeper, st)

    monkeypatch.setattr(records.Keeper, "write", meanwhile)
    assert_ok(run("play", "--resume", "--record", "mine.json", input="quit\n"))
    assert kept.exists() and (tmp_path / "mine.json").exists()


def test_a_game_stopped_again_while_it_is_kept_leaves_no_empty_file(tmp_path, monkeypatch):
    """A review: the name claimed at once (two games stopped in one second) was left as an empty file where a
    second Ctrl-C or a signal came during the write."""
    monkeypatch.setattr(cli, "_keeping_folders", lambda: [(tmp_path, False)])

    def stopped(keeper, st):
        raise KeyboardInterrupt

    monkeypatch.setattr(records.Keeper, "write", stopped)
    with pytest.raises(KeyboardInterrupt):
        cli.KeepUnfinished("hokm", {}, load("hokm").new_state(seed=1))()
    assert list(tmp_path.iterdir()) == []


def test_list_kept_quotes_a_path_to_paste(tmp_path, monkeypatch):
    """A review: a game of `my house.yaml` was listed by a path with a space, which pasted after --resume named
    two files; it is quoted as the table quotes the path it gives."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my house.yaml").write_text("extends: pasur\nname: my house\n", encoding="utf-8")
    assert_ok(run("play", "my house.yaml", "--seed", 4, input="quit\n"))
    [line] = out(run("list", "--kept")).splitlines()
    assert line.endswith(".json'") and "  '" in line, line
    path = line[line.index("  '") + 3:-1]
    assert_ok(run("play", "--resume", path, input="quit\n"))


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="gives a folder to another user: root")
def test_games_another_user_left_in_the_current_folder_are_not_taken_up(tmp_path, monkeypatch):
    """A review: from a shared folder (/tmp), a bare --resume and list --kept read ./cardrules-games whoever made
    it, so another user's planted game was taken up as one's own."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "state").write_text("a file: games go to ./cardrules-games", encoding="utf-8")
    assert_ok(run("play", "pasur", "--seed", 4, input="1\nquit\n"))
    assert len(out(run("list", "--kept")).splitlines()) == 1
    os.chown(tmp_path / "cardrules-games", 65534, 65534)
    assert out(run("list", "--kept")).startswith("no game is kept unfinished")


def test_play_with_options_keeps_them_in_the_record_and_resumes_under_them(tmp_path, monkeypatch):
    """`play` took no `--with`, so a house rule set by option (hokm-kap's kap at six, reset) could be played at the
    table only from a file of its own (a table audit). The options go into the record (CONTRACT.md's `options`),
    and a resumed game plays under them; `--with` beside `--resume` is a usage error."""
    monkeypatch.chdir(tmp_path)
    assert_ok(run("play", "hokm-kap", "--with", "kot_at_six=reset", "--seed", 1, "--record", "r.json", input="quit\n"))
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["options"] == {"kot_at_six": "reset"}
    assert_ok(run("play", "--resume", "r.json", input="quit\n"))
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["options"] == {"kot_at_six": "reset"}
    assert_ok(run("replay", "r.json"))
    both = run("play", "--resume", "r.json", "--with", "bam=true", input="quit\n")
    assert both.exit_code == 2 and "--with goes with a new game" in both.output, both.output
    wrong = run("play", "hokm", "--with", "kot_at_six=resett", input="quit\n")
    assert wrong.exit_code == 2 and "(did you mean reset?)" in wrong.output, wrong.output


def test_the_last_place_to_keep_a_game_is_the_users_own_and_shut_to_others(tmp_path, monkeypatch):
    """A review: the temporary folder is shared, and a record holds every deck order (every hidden hand): the
    folder there is the user's own, made shut to others, and one another could have made first is not used."""
    monkeypatch.setattr(cli.tempfile, "gettempdir", lambda: str(tmp_path))
    folder, private = cli._keeping_folders()[-1]
    assert private and folder.parent == tmp_path and folder.name.startswith("cardrules-games-")
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)
    with pytest.raises(OSError, match="shut to others"):
        cli._own_private(folder)
    folder.chmod(0o700)
    cli._own_private(folder)
    (tmp_path / "link").symlink_to(folder)
    with pytest.raises(OSError, match="not a folder of this user's own"):
        cli._own_private(tmp_path / "link")


def test_two_games_stopped_in_the_same_second_are_kept_in_two_files(tmp_path, monkeypatch):
    """An interrupted player's audit: two games stopped in the same second (a terminal's two tabs closed at
    once) chose the same free name, each before the other wrote it: one game overwrote the other, and both were
    told the one path. A name is claimed as it is chosen: here the second game is kept while the first writes."""
    monkeypatch.setattr(cli.time, "strftime", lambda *a: "20261207-091021")
    monkeypatch.setattr(cli, "_keeping_folders", lambda: [(tmp_path, False)])
    game = load("hokm")
    first, second = (cli.KeepUnfinished("hokm", {}, game.new_state(seed=seed)) for seed in (3, 4))
    write, kept, stopping = records.Keeper.write, [], [second]

    def writing(keeper, st):
        if stopping:  # the other session stops now, between the first's choice of a name and its write
            kept.append(stopping.pop()())
        write(keeper, st)

    monkeypatch.setattr(records.Keeper, "write", writing)
    kept.append(first())
    assert sorted(Path(p).name for p in kept) == ["hokm-20261207-091021-2.json", "hokm-20261207-091021.json"]
    assert sorted(json.loads(Path(p).read_text(encoding="utf-8"))["seed"] for p in kept) == [3, 4]


def test_play_fails_when_a_stopped_game_can_be_kept_nowhere(tmp_path, monkeypatch):
    """Not a success: every folder it may be kept in said, and exit status 1."""
    blocked = tmp_path / "state"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setattr(cli, "_keeping_folders", lambda: [(blocked / "a", False), (blocked / "b", True)])
    result = run("play", "pasur", "--seed", 4, input="quit\n")
    assert result.exit_code == 1, out(result)
    assert out(result).count("warning: the unfinished game could not be kept in") == 2
    assert "resume with" not in out(result)


def test_a_resumed_hand_recalls_what_came_first_first(tmp_path):
    """Resumed after a trick: the widow taken is recalled before the tricks won so far (a table audit found
    them the other way round)."""
    path = tmp_path / "r.json"
    assert_ok(run("play", "shelem", "--seed", 1, "--record", path, input="1\n1\nquit\n"))
    lines = run("play", "--resume", path, input="quit\n").output.splitlines()
    widow = next(i for i, x in enumerate(lines) if "the widow goes to" in x)
    tricks = next(i for i, x in enumerate(lines) if x.startswith("tricks: "))
    assert lines[widow - 1].startswith("── Shelem · hand 1") and widow < tricks


class _CtrlCAfterInput(io.BytesIO):
    """Standard input that raises KeyboardInterrupt (Ctrl-C) once its lines are used up."""

    def read1(self, size=-1):
        data = super().read1(size)
        if not data and size != 0:
            raise KeyboardInterrupt
        return data

    read = read1


def test_play_record_survives_ctrl_c(tmp_path):
    path = tmp_path / "r.json"
    result = run("play", "pasur", "--seed", 1, "--record", path, input=_CtrlCAfterInput(b"1\n1\n1\n"))
    assert_clean(result)
    assert result.exit_code != 0
    record = read_json(path)
    assert len([a for a in record["actions"] if a["seat"] == 0]) == 3
    assert not list(tmp_path.glob("*.tmp"))
    assert_ok(run("replay", path))


@pytest.mark.parametrize("where", ["missing/r.json", "."])
def test_play_record_path_that_cannot_be_written_is_a_clear_error(where, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "pasur", "--seed", 1, "--record", where, input="1\n")
    assert_clean(result)
    assert result.exit_code != 0


def test_play_output_into_a_closed_pipe_is_quiet():
    proc = subprocess.Popen([sys.executable, "-m", "cli", "play", "pasur", "--seed", "2", "--bots", "random"],
                            cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(WHOLE_GAME.encode())
    proc.stdin.close()
    assert proc.stdout.readline().startswith("══".encode())
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    proc.wait(timeout=30)
    assert "internal error" not in err and "Traceback" not in err and "BrokenPipeError" not in err, err


CUT_SHORT = """import sys, cli
def echo(message=None, err=False, **kwargs):
    if not err:  # the reader of standard output went away at the first line (`| head -c 0`)
        raise BrokenPipeError(32, "Broken pipe")
cli.echo = echo
cli.main(sys.argv[1:])
"""


@pytest.mark.parametrize("command, code", [
    (["validate", "--games", "0", "tests/bad_rulesets/deal_too_big.yaml", "rulesets/hokm.yaml"], 1),  # cut short
    (["validate", "rulesets/hokm.yaml"], 0),  # every file checked, valid: only the last line ('ok: …') went unread
    (["replay", "{record}"], 1),
    (["list"], 0),  # a listing cut short is what `| head` asked for
    (["rules", "hokm"], 0),
])
def test_a_verdict_cut_short_by_a_closed_pipe_is_no_pass(command, code, tmp_path):
    """`cardrules validate FILES | head -n 1` under `set -o pipefail` exited 0 once head closed the pipe, so a CI
    step passed with broken rulesets (CONTRACT.md: otherwise exit 1), and the files after went unchecked
    (a house-rule repository's maintainer's audit). Once every file is checked, the verdict stands (a review)."""
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"format": "cardrules-record/1", "ruleset": "pasur", "seed": 1, "actions": []}))
    command = [word.format(record=record) for word in command]
    proc = subprocess.run([sys.executable, "-c", CUT_SHORT, *command], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == code, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_an_output_that_cannot_encode_the_suits_gets_them_in_ascii(encoding):
    """A Windows console or a legacy locale: `play` failed on its first line (══) with an internal error, and
    `rules` on its first … (a new user's audit). Cards keep their notation: 10♠ is written 10S."""
    def cardrules(*args):
        done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, input=b"", capture_output=True,
                              timeout=60, env={**os.environ, "PYTHONIOENCODING": encoding})
        return done.returncode, done.stdout.decode(encoding, "replace"), done.stderr.decode(encoding, "replace")

    code, out, err = cardrules("play", "hokm", "--seed", "7", "--bots", "greedy")
    assert code == 0 and not err and out.startswith("== Hokm ==\n"), err or out[:200]
    assert "your hand: 7S 10S JS QS KS  QH KH  2D  AC 4C 7C 8C 10C" in out
    code, out, err = cardrules("rules", "hokm")  # (click writes UTF-8 where it judges ascii a misconfiguration)
    assert code == 0 and not err and out.startswith("# Hokm\n"), err
    code, out, err = cardrules("play", "hokm", "--lang", "fa")  # Persian would be all question marks
    assert code == 1 and "cannot show Persian" in err


@pytest.mark.parametrize("encoding, latin", [("ascii", "?"), ("cp1252", "\u00e9")])
def test_a_move_the_input_encoding_cannot_read_is_read_as_utf8_or_refused(encoding, latin):
    """Where the locale says ASCII, a suit sign typed (UTF-8 from the terminal) stopped the game with an internal
    error and nothing kept (an audit of the contract): it is read as UTF-8, what terminals send; a byte that is
    not UTF-8 either is refused as any bad move is, and the game goes on. Where it says cp1252 (a Windows pipe),
    the sign's three bytes were read as three letters of cp1252, and the move refused (a second audit): a line
    of UTF-8 is read as UTF-8 whatever the locale; one that is not, as the locale reads it."""
    typed = "play 9\u2663\n".encode() + b"play 9\xe9\nquit\n"  # the club sign in UTF-8, then a byte of Latin-1
    done = subprocess.run([sys.executable, "-m", "cli", "play", "hokm", "--seed", "3", "--bots", "random"],
                          cwd=ROOT, input=typed, capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": encoding})
    out, err = done.stdout.decode(encoding, "replace"), done.stderr.decode(encoding, "replace")
    assert done.returncode == 0 and not err, err
    assert "you: play 9C" in out
    assert f"'play 9{latin}' is not a legal move: '9{latin}' is not a card" in out
    assert "bye; the game so far is in" in out


@pytest.mark.parametrize("codec, mark, newline", [("utf-16-le", b"\xff\xfe", "\r\n"), ("utf-16-be", b"\xfe\xff", "\n")])
def test_moves_typed_in_utf16_are_read(codec, mark, newline):
    """A file of moves PowerShell 5's `>` or Notepad wrote is UTF-16 with its byte order mark: redirected into
    `play`, every line was refused as `'\\x00' is not a legal move` (noticed by the terminals' audit)."""
    typed = mark + newline.join(["play 9\u2663", "status", "quit", ""]).encode(codec)
    done = subprocess.run([sys.executable, "-m", "cli", "play", "hokm", "--seed", "3", "--bots", "random"],
                          cwd=ROOT, input=typed, capture_output=True, timeout=60)
    out = done.stdout.decode()
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert "you: play 9\u2663" in out and "'status' is not a legal move" in out and "bye; the game so far is in" in out
    assert "\\x00" not in out and "\x00" not in out


def test_a_typed_line_of_megabytes_is_read_in_part_and_the_next_line_after_it():
    """An input audit, 2026-12-07: a line of 50 MB took 35 s and 290 MB to be refused. The table reads the first
    4,000 characters of a line (no move is a quarter as long) and drops the rest; the next line is read whole."""
    stdin = io.TextIOWrapper(io.BytesIO(("play " + "AS " * 400_000 + "\nquit\n").encode()), encoding="utf-8")
    read = cli._typed_lines(stdin)
    first = read()
    assert first.startswith("play AS AS") and len(first) == cli.LINE_READ
    assert read() == "quit\n" and read() == ""


def _resume_and_check(args, interrupted, tmp_path):
    src, _ = interrupted
    path = tmp_path / "r.json"
    shutil.copy(src, path)
    before = read_json(path)["actions"]
    result = run(*[path if a == "PATH" else a for a in args], input=WHOLE_GAME)
    assert_ok(result)
    assert "game over" in result.output
    record = read_json(path)
    assert record["actions"][:len(before)] == before
    assert len(record["actions"]) > len(before)
    assert set(record["result"]) >= {"scores", "winner"}
    assert_ok(run("replay", path))


def test_play_resume_continues_an_interrupted_game(interrupted, tmp_path):
    _resume_and_check(["play", "pasur", "--resume", "PATH"], interrupted, tmp_path)


def test_play_resume_without_file(interrupted, tmp_path):
    _resume_and_check(["play", "--resume", "PATH"], interrupted, tmp_path)


# ---- play --resume: the seat and bots kept in the record ----------------------------------------------------

def play_as_given(*args, input=None):
    """`play` exactly as given: without `--bots`, the record's bots or the default (unlike `run`)."""
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def table_of(record: dict) -> dict:
    """The record's `play` without the fingerprint of its rules, which it must hold (cardrules writes it)."""
    play = dict(record["play"])
    assert re.fullmatch(r"[0-9a-f]{32}", play.pop(records.FINGERPRINT))
    return play


@pytest.fixture
def seated(tmp_path):
    """A hokm game left after two moves of a person at seat 2 against random bots."""
    path = tmp_path / "s2.json"
    result = run("play", "hokm", "--seed", 9, "--seat", 2, "--bots", "random", "--record", path,
                 input="1\n1\nquit\n")
    assert_ok(result)
    return path


def test_play_record_keeps_the_seat_and_bots_after_the_contract_fields(seated):
    record = read_json(seated)
    assert table_of(record) == {"seat": 2, "bots": "random"}
    assert list(record)[:6] == ["format", "ruleset", "options", "seed", "shuffles", "actions"]


def test_play_resume_seats_the_person_where_the_record_says(seated, monkeypatch):
    monkeypatch.setattr("cli.DEFAULT_BOTS", "no such bot")  # used, it would be refused
    before = len(read_json(seated)["actions"])
    result = play_as_given("play", "--resume", seated, input="1\n")
    assert_ok(result)
    assert "you sit at seat 2" in result.output
    record = read_json(seated)
    assert len(record["actions"]) > before and table_of(record) == {"seat": 2, "bots": "random"}
    summary = json.loads(run("replay", seated, "--json").output)
    assert summary["to_act"] == 2  # the bots played on until the person's turn came again


def test_play_resume_command_line_seat_and_bots_win(seated):
    """At a hand's start (the record's actions cut there); while a hand is under way another seat is refused."""
    write_json(seated, dict(read_json(seated), actions=[]))
    result = play_as_given("play", "--resume", seated, "--seat", 1, "--bots", "greedy", input="1\n")
    assert_ok(result)
    assert "you sit at seat 1" in result.output
    assert table_of(read_json(seated)) == {"seat": 1, "bots": "greedy"}


def test_play_resume_at_another_seat_in_mid_hand_is_refused(seated, tmp_path):
    """`--resume … --seat 1` in mid-hand showed seat 1's hidden cards to the person who had played seat 2's (an
    audit of an evening at the table): a usage error says why and how to go on, and nothing is written. At the
    record's own seat play goes on; at the start of a hand, or with the game over, another seat is allowed."""
    before = seated.read_bytes()
    result = play_as_given("play", "--resume", seated, "--seat", 1, input="1\n")
    assert result.exit_code == 2 and "your hand" not in result.output, out(result)
    said = " ".join(out(result).split())
    assert "--seat 1: this game was played at seat 2, and hand 1 is under way" in said, said
    assert f"Finish the hand at seat 2 (cardrules play --resume {seated}, without --seat)" in said, said
    assert seated.read_bytes() == before
    assert "you sit at seat 2" in out(play_as_given("play", "--resume", seated, "--seat", 2, input="quit\n"))
    path = tmp_path / "hand.json"  # a hand played out, the record cut where the next one starts
    assert_ok(run("play", "hokm", "--seed", 9, "--seat", 2, "--record", path, input="1\n" * 13 + "quit\n"))
    record = read_json(path)
    st = load("hokm").new_state(seed=9)
    played = 0
    while not st.hands:  # the actions of the first hand
        st.apply(record["actions"][played]["action"])
        played += 1
    assert not st.hand_decisions and len(record["actions"]) > played
    write_json(path, dict(record, actions=record["actions"][:played]))
    assert "you sit at seat 1" in out(play_as_given("play", "--resume", path, "--seat", 1, input="quit\n"))
    over = tmp_path / "over.json"
    assert_ok(run("play", "pasur", "--seed", 2, "--record", over, input=WHOLE_GAME))
    assert "already over" in out(play_as_given("play", "--resume", over, "--seat", 1, input="quit\n"))


def test_play_resume_at_another_seat_after_quitting_at_ones_first_decision_is_refused(tmp_path):
    """Quit at one's first decision of a hand (the hakem naming trump, its cards shown), no decision made in it:
    `--resume … --seat 1` went on at seat 1, the person knowing seat 0's cards (the day's review)."""
    path = tmp_path / "first.json"
    assert_ok(run("play", "hokm", "--seat", 0, "--seed", 1, "--bots", "random", "--record", path, input="quit\n"))
    assert not read_json(path)["actions"]
    result = play_as_given("play", "--resume", path, "--seat", 1, input="quit\n")
    assert result.exit_code == 2 and "this game was played at seat 0, and hand 1 is under way" in " ".join(
        out(result).split()), out(result)


def test_a_record_keeps_bots_it_can_be_resumed_with_from_another_seat(tmp_path):
    """`--bots foo,random,random,random` plays: the person's own entry is ignored. The record once kept it as
    typed, so `--resume … --seat 1`, which needs a bot at seat 0, refused the record cardrules had written
    (a contract audit); it keeps the next seat's kind there instead, and every other spec as given."""
    path = tmp_path / "foo.json"
    assert_ok(run("play", "hokm", "--seed", 9, "--bots", "foo,random,greedy,random", "--record", path,
                  input="quit\n"))
    assert table_of(read_json(path)) == {"seat": 0, "bots": "random,random,greedy,random"}
    write_json(path, dict(read_json(path), actions=[]))  # at the hand's start, where the seat may change
    result = play_as_given("play", "--resume", path, "--seat", 1, input="quit\n")
    assert_ok(result)
    assert "you sit at seat 1" in result.output


def test_play_resume_of_a_record_without_the_field_sits_at_seat_0_against_the_default(seated, monkeypatch):
    old = {k: v for k, v in read_json(seated).items() if k != "play"}
    write_json(seated, old)
    monkeypatch.setattr("cli.DEFAULT_BOTS", "random")  # the search bot would think too long for a test
    result = play_as_given("play", "--resume", seated, input="1\n")
    assert_ok(result)
    assert "you sit at seat 0" in result.output
    assert table_of(read_json(seated)) == {"seat": 0, "bots": "random"}


@pytest.mark.parametrize("play, fixed_by", [
    ("random", None), ([], None), (2, None), ({"seat": 4}, "--seat"), ({"seat": -1}, "--seat"),
    ({"seat": True}, "--seat"), ({"seat": 1.5}, "--seat"), ({"seat": "2"}, "--seat"), ({"bots": 3}, "--bots"),
    ({"bots": ""}, "--bots"), ({"bots": "robot"}, "--bots"), ({"bots": "random,random"}, "--bots"),
    ({"seat": 0, "bots": "mcts:0"}, "--bots")])
def test_play_resume_with_a_malformed_play_field_is_a_clean_error(play, fixed_by, seated):
    """Refused where it stands, naming the option that overrides the field; that option given, it wins (the
    docs/cli.md says so: it was refused even then, an audit found)."""
    record = dict(read_json(seated), play=play)
    for args in ([], ["--bots", "random"], ["--seat", 1]):
        write_json(seated, record)
        before = seated.read_bytes()
        result = play_as_given("play", "--resume", seated, *args, input="1\n")
        if args and args[0] == fixed_by:
            assert_ok(result)
            continue
        assert_fails(result, f"{seated}:", "'play'", *([f"give {fixed_by}"] if fixed_by else []))
        assert "your moves" not in result.output
        assert seated.read_bytes() == before


@pytest.mark.parametrize("play", [{"seat": 2, "bots": "random"}, "not an object"])
def test_replay_ignores_the_play_field(play, seated, tmp_path):
    without = write_json(tmp_path / "without.json", {k: v for k, v in read_json(seated).items() if k != "play"})
    with_field = write_json(tmp_path / "with.json", dict(read_json(without), play=play))
    for args in ([], ["--json"]):
        a, b = run("replay", without, *args), run("replay", with_field, *args)
        assert_ok(a)
        assert_ok(b)
        assert b.output.replace("with.json", "without.json") == a.output


def test_play_record_with_relative_ruleset_replays_from_another_folder(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "games").mkdir()
    shutil.copy(RULESETS / "pasur.yaml", tmp_path / "rules" / "mine.yaml")
    monkeypatch.chdir(tmp_path)
    assert_ok(run("play", "rules/mine.yaml", "--seed", 1, "--record", "games/r.json", input="1\n" * 2))
    assert_ok(run("replay", "games/r.json"))
    monkeypatch.chdir(tmp_path / "games")
    assert_ok(run("replay", "r.json"))


# ---- play: bots, seats, language ------------------------------------------------------------------------

def test_play_greedy_bots_whole_game():
    result = run("play", "pasur", "--seed", 2, "--bots", "greedy", input=WHOLE_GAME)
    assert_ok(result)
    assert "game over" in result.output


def test_play_bots_per_seat_spec_ignores_the_persons_entry():
    greedy = run("play", "pasur", "--seed", 2, "--bots", "greedy", input=WHOLE_GAME)
    per_seat = run("play", "pasur", "--seed", 2, "--bots", "random,greedy", input=WHOLE_GAME)
    random_ = run("play", "pasur", "--seed", 2, "--bots", "random", input=WHOLE_GAME)
    per_seat_random = run("play", "pasur", "--seed", 2, "--bots", "greedy,random", input=WHOLE_GAME)
    for r in (greedy, per_seat, random_, per_seat_random):
        assert_ok(r)
        assert "game over" in r.output
    assert per_seat.output == greedy.output
    assert per_seat_random.output == random_.output
    assert greedy.output != random_.output


def test_play_bots_persons_entry_may_be_anything():
    greedy = run("play", "pasur", "--seed", 2, "--bots", "greedy", input=WHOLE_GAME)
    human = run("play", "pasur", "--seed", 2, "--bots", "human,greedy", input=WHOLE_GAME)
    assert_ok(human)
    assert human.output == greedy.output


def test_play_at_another_seat():
    result = run("play", "pasur", "--seed", 2, "--seat", 1, "--bots", "greedy", input=WHOLE_GAME)
    assert_ok(result)
    assert "seat 0:" in result.output and "game over" in result.output


@pytest.mark.parametrize("spec", ["nobot", "random,nobot", "random,greedy,random", ","])
def test_play_bad_bots_value_is_a_clear_error(spec):
    result = run("play", "pasur", "--seed", 1, "--bots", spec, input="1\n")
    assert_clean(result)
    assert result.exit_code != 0
    text = out(result)
    assert "--bots" in text and "Error" in text, text
    assert "your moves" not in text  # refused before the game starts


def test_play_bad_seat_is_a_clear_error():
    result = run("play", "pasur", "--seat", 2, input="1\n")
    assert_clean(result)
    assert result.exit_code != 0 and "--seat" in out(result)


def test_play_unknown_ruleset_fails_cleanly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_fails(run("play", "no-such-game", input="1\n"), "no-such-game")


def test_play_in_persian():
    result = run("play", "pasur", "--seed", 2, "--lang", "fa", input=WHOLE_GAME)
    assert_ok(result)
    for label in ("پاسور", "صندلی", "حرکت‌های شما", "پایان بازی"):
        assert label in result.output, label
    assert "your moves" not in result.output and "game over" not in result.output


# ---- simulate ---------------------------------------------------------------------------------------

def _sim(*args):
    result = run("simulate", "pasur", *args)
    assert_ok(result)
    return json.loads(result.output)


def test_simulate_json():
    data = _sim("-n", 30, "--seed", 4, "--json")
    assert data["games"] == 30
    assert len(data["wins"]) == 2 and sum(data["wins"]) == 30
    assert len(data["mean_points"]) == 2 and all(isinstance(x, int | float) for x in data["mean_points"])
    assert max(data["mean_points"]) >= 62 / 2
    assert isinstance(data["games_per_sec"], int | float) and data["games_per_sec"] > 0


def test_simulate_says_where_a_share_of_games_stopped_at_the_bound_leans_its_figures():
    """31 of 200 Basra games stopped at 4 hands: the wins and hands per game are of the finished, shorter games;
    compare said so from 10% stopped, simulate only from half (a statistics audit)."""
    said = out(run("simulate", "basra", "-n", 200, "--max-hands", 4))
    assert "  the wins and hands per game are of the finished games, the shorter ones: 31 of 200 stopped at the" \
           " bound; a higher --max-hands tells more" in said, said
    assert "the shorter ones" not in out(run("simulate", "basra", "-n", 20, "--max-hands", 30))


def test_simulate_jobs_do_not_change_results():
    one = _sim("-n", 30, "--seed", 4, "--json", "--jobs", 1)
    two = _sim("-n", 30, "--seed", 4, "--json", "--jobs", 2)
    assert one["wins"] == two["wins"]
    assert one["mean_points"] == two["mean_points"]


def test_simulate_same_seed_same_results():
    a, b = _sim("-n", 10, "--seed", 1, "--json"), _sim("-n", 10, "--seed", 1, "--json")
    assert (a["wins"], a["mean_points"]) == (b["wins"], b["mean_points"])


def test_simulate_greedy_bots():
    data = _sim("-n", 4, "--seed", 1, "--json", "--bots", "greedy")
    assert data["games"] == 4 and sum(data["wins"]) == 4


def test_simulate_per_seat_bots_in_partnership_game():
    result = run("simulate", "pasur-4p", "-n", 3, "--json", "--bots", "random,greedy,random,greedy")
    assert_ok(result)
    data = json.loads(result.output)
    assert data["games"] == 3 and len(data["wins"]) == 2 and len(data["mean_points"]) == 2


def test_simulate_text_summary(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "pasur.yaml", "-n", 3)
    assert_ok(result)
    text = result.output
    assert "side 0" in text and "side 1" in text and "wins" in text and "games/s" in text


@pytest.mark.parametrize("spec", ["nobot", "random,random,random"])
def test_simulate_bad_bots_is_a_clear_error(spec):
    result = run("simulate", "pasur", "-n", 2, "--bots", spec)
    assert_clean(result)
    assert result.exit_code != 0 and "--bots" in out(result)


# ---- replay -----------------------------------------------------------------------------------------

def test_replay_json_when_over(finished):
    path, record, _ = finished
    result = run("replay", path, "--json")
    assert_ok(result)
    data = json.loads(result.output)
    assert data["over"] is True
    assert data["scores"] == record["result"]["scores"]
    assert data["hands"]
    running = [0, 0]
    for h in data["hands"]:
        assert len(h["points"]) == 2 and len(h["totals"]) == 2
        running = [a + b for a, b in zip(running, h["points"], strict=True)]
        assert h["totals"] == running
    assert data["hands"][-1]["totals"] == data["scores"]


def test_replay_json_when_not_over_matches_the_api(tmp_path):
    st = load("pasur").new_state(seed=9)
    for _ in range(5):
        st.apply(st.legal_actions()[-1])
    path = write_json(tmp_path / "r.json", records.make(st, "pasur"))
    result = run("replay", path, "--json")
    assert_ok(result)
    data = json.loads(result.output)
    assert data["over"] is False
    assert data["to_act"] == st.to_act
    assert data["legal"] == st.legal_actions() == sorted(st.legal_actions())
    assert data["scores"] == list(st.scores)
    assert data["hands"] == []


def _break_action(record: dict, index: int, action: str) -> dict:
    bad = json.loads(json.dumps(record))
    bad["actions"][index]["action"] = action
    bad.pop("result", None)
    return bad


def test_replay_illegal_action_names_index_reason_and_legal(finished, tmp_path):
    _, record, _ = finished
    st = load("pasur").new_state(seed=3)
    for a in record["actions"][:4]:
        st.apply(a["action"])
    legal = st.legal_actions()
    path = write_json(tmp_path / "bad.json", _break_action(record, 4, "play ZZ"))
    result = run("replay", path)
    assert_fails(result, "action 4", "play ZZ", "not a legal move")
    for a in legal:
        assert a in out(result)


def test_replay_illegal_action_card_not_held(finished, tmp_path):
    _, record, _ = finished
    st = load("pasur").new_state(seed=3)
    held = hand0(st)
    table = st.view(0)["zones"]["table"]
    card = next(c for c in ("2C", "3C", "4C", "5C", "6C", "2D", "3D") if c not in held + table)
    path = write_json(tmp_path / "bad.json", _break_action(record, 0, f"play {card}"))
    assert_fails(run("replay", path), "action 0", f"no {card}", *st.legal_actions())


def test_replay_action_by_the_wrong_seat(finished, tmp_path):
    _, record, _ = finished
    bad = json.loads(json.dumps(record))
    bad["actions"][0]["seat"] = 1
    bad.pop("result")
    assert_fails(run("replay", write_json(tmp_path / "bad.json", bad)), "action 0", "seat")


def test_replay_action_after_the_end(finished, tmp_path):
    _, record, _ = finished
    bad = json.loads(json.dumps(record))
    bad["actions"].append({"seat": 0, "action": "play 2C"})
    n = len(record["actions"])
    assert_fails(run("replay", write_json(tmp_path / "bad.json", bad)), f"action {n}", "over")


@pytest.mark.parametrize("change", ["scores", "winner", "both"])
def test_replay_result_that_disagrees(finished, tmp_path, change):
    _, record, _ = finished
    scores, winner = record["result"]["scores"], record["result"]["winner"]
    wrong = {"scores": {"scores": [1, 2]},
             "winner": {"scores": scores, "winner": 1 - winner},
             "both": {"scores": list(reversed(scores)), "winner": 1 - winner}}[change]
    result = run("replay", write_json(tmp_path / "bad.json", dict(record, result=wrong)))
    assert_fails(result, "differ")


def test_replay_result_on_unfinished_game_disagrees(interrupted, tmp_path):
    path, _ = interrupted
    bad = read_json(path)
    bad["result"] = {"scores": [62, 0], "winner": 0}
    assert_fails(run("replay", write_json(tmp_path / "bad.json", bad)))


def test_replay_record_with_seed_only(finished, tmp_path):
    _, record, _ = finished
    lean = {k: v for k, v in record.items() if k != "shuffles"}
    assert_ok(run("replay", write_json(tmp_path / "lean.json", lean)))
    minimal = {"ruleset": "pasur", "seed": record["seed"], "actions": record["actions"][:6]}
    result = run("replay", write_json(tmp_path / "minimal.json", minimal), "--json")
    assert_ok(result)
    assert json.loads(result.output)["over"] is False


def test_replay_record_with_part_of_the_shuffles(finished, tmp_path):
    _, record, _ = finished
    part = dict(record, shuffles=record["shuffles"][:1])
    assert_ok(run("replay", write_json(tmp_path / "part.json", part)))


def test_replay_record_with_options(tmp_path):
    st = load("pasur", {"target": 105}).new_state(seed=1)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    rec = records.make(st, "pasur")
    assert rec["options"] == {"target": 105}
    assert_ok(run("replay", write_json(tmp_path / "r.json", rec)))


def test_replay_relative_ruleset_resolves_against_the_records_folder(finished, tmp_path, monkeypatch):
    _, record, _ = finished
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(RULESETS / "pasur.yaml", folder / "mine.yaml")
    path = write_json(folder / "r.json", dict(record, ruleset="mine.yaml"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert_ok(run("replay", path))
    assert_ok(run("replay", "../games/r.json"))


def test_replay_relative_ruleset_falls_back_to_the_current_folder(finished, tmp_path, monkeypatch):
    _, record, _ = finished
    (tmp_path / "rules").mkdir()
    (tmp_path / "games").mkdir()
    shutil.copy(RULESETS / "pasur.yaml", tmp_path / "rules" / "mine.yaml")
    write_json(tmp_path / "games" / "r.json", dict(record, ruleset="rules/mine.yaml"))
    monkeypatch.chdir(tmp_path)
    assert_ok(run("replay", "games/r.json"))


def test_replay_bundled_ruleset_name_from_any_folder(finished, tmp_path, monkeypatch):
    _, record, _ = finished
    monkeypatch.chdir(tmp_path)
    assert_ok(run("replay", write_json(tmp_path / "r.json", dict(record, ruleset="pasur.yaml"))))


def _malformed(record: dict) -> dict:
    deck = record["shuffles"][0]
    dup = [deck[1]] + deck[1:]
    return {
        "not_json": "{nope",
        "empty": "",
        "a_list": "[]",
        "no_ruleset": {k: v for k, v in record.items() if k != "ruleset"},
        "unknown_ruleset": dict(record, ruleset="no-such-game.yaml"),
        "empty_ruleset": dict(record, ruleset=""),
        "blank_ruleset": dict(record, ruleset="  "),
        "shuffle_duplicate": dict(record, shuffles=[dup]),
        "shuffle_short": dict(record, shuffles=[deck[:-1]]),
        "shuffle_long": dict(record, shuffles=[deck + ["2C"]]),
        "shuffle_bad_card": dict(record, shuffles=[["XX"] + deck[1:]]),
        "shuffle_not_list": dict(record, shuffles=[7]),
        "shuffles_not_list": dict(record, shuffles="AS"),
        "actions_not_list": dict(record, actions="play 2C"),
        "action_not_object": dict(record, actions=[1]),
        "action_without_text": dict(record, actions=[{"seat": 0}]),
        "seed_text": dict(record, seed="x"),
        "bad_format": dict(record, format="other/9"),
        "unknown_option": dict(record, options={"nosuch": 1}),
        "bad_option_value": dict(record, options={"target": "far"}),
        "options_list": dict(record, options=[1]),
        "result_list": dict(record, result=[1, 2]),
    }


@pytest.mark.parametrize("case", list(_malformed({"shuffles": [["AS", "2S"]]})))
def test_replay_malformed_record_fails_with_a_message(case, finished, tmp_path):
    _, record, _ = finished
    content = _malformed(record)[case]
    path = tmp_path / f"{case}.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        write_json(path, content)
    result = run("replay", path)
    assert_fails(result)
    assert out(result).strip(), "no message"
    assert_fails(run("replay", path, "--json"))


def test_replay_missing_record_file(tmp_path):
    assert_fails(run("replay", tmp_path / "nothing.json"), "nothing.json")


def test_replay_record_path_is_a_folder(tmp_path):
    """It said 'cannot read record: Is a directory', where validate says what a folder is not (a new user's
    walk through the docs)."""
    assert_fails(run("replay", tmp_path), f"'{tmp_path}' is a folder, not a record file")


def test_replay_of_a_ruleset_says_a_record_was_wanted(tmp_path):
    """`replay rulesets/pasur.yaml` said only 'not JSON: expecting value'; text that is not JSON at all and no
    ruleset gets no hint."""
    result = run("replay", ROOT / "rulesets" / "pasur-105.yaml")
    assert_fails(result, "pasur-105.yaml:1:1: error: not JSON: expecting value (this reads as a ruleset; a record"
                         " is the JSON `play --record` writes)")
    path = tmp_path / "r.json"
    path.write_text("{'seed': 1}\n")
    assert "reads as a ruleset" not in run("replay", path).output


def test_replay_binary_record_file(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(bytes(range(256)))
    assert_fails(run("replay", path), "bin.json")


# ---- rules ------------------------------------------------------------------------------------------

def test_rules_sheet(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("rules", "pasur.yaml")
    assert_ok(result)
    assert "Pasur" in result.output
    assert "target" in result.output  # the options are listed
    assert len(result.output.splitlines()) > 10


def test_rules_sheet_of_a_variant_shows_its_setting():
    result = run("rules", "pasur-105")
    assert_ok(result)
    assert "105" in result.output


def test_rules_sheet_in_persian():
    result = run("rules", "pasur", "--lang", "fa")
    assert_ok(result)
    assert "پاسور" in result.output
    assert result.output != run("rules", "pasur").output


def test_rules_unknown_ruleset_fails_cleanly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_fails(run("rules", "no-such-game"), "no-such-game")


def test_rules_bad_lang_is_refused():
    result = run("rules", "pasur", "--lang", "xx")
    assert_clean(result)
    assert result.exit_code != 0


def test_ctrl_c_at_the_table_says_where_the_game_so_far_is_kept(tmp_path, monkeypatch):
    """Ctrl-C stops the game without a traceback or click's bare 'Aborted!', naming the record."""
    from interpreter import display

    def interrupt(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(display.Session, "run", interrupt)
    path = tmp_path / "game.json"
    result = run("play", "pasur", "--seed", 1, "--record", path)
    assert_clean(result)
    assert result.exit_code == 130
    said = " ".join(out(result).split())  # the path on a line of its own where the line would run past 78
    assert f"stopped; the game so far is in {path}" in said and "Aborted" not in out(result)
    assert records.read(path)["seed"] == 1


@pytest.mark.parametrize("name", ["", "  "])
def test_a_record_naming_an_empty_ruleset_is_told_so_at_the_record(name, finished, tmp_path):
    """An empty 'ruleset' once gave ':1:1: error: '' is a folder' (contract helper)."""
    _, record, _ = finished
    path = write_json(tmp_path / "r.json", dict(record, ruleset=name))
    result = run("replay", path)
    assert_fails(result)
    text = path.read_text(encoding="utf-8")
    at = text.index('"ruleset"') + len('"ruleset": ')  # the value, where the file is written on one line
    assert text.count("\n") <= 1 and text[at] == '"', text[:at + 1]
    assert out(result).strip() == f"{path}:1:{at + 1}: error: the record names no 'ruleset' (a ruleset file's" \
                                  " path or a bundled name)"


def test_the_persian_resume_command_works_pasted_with_its_direction_marks(tmp_path, monkeypatch):
    """The Persian table wraps the record's path in direction marks, which a terminal copies with it; pasted
    back, `--resume` found no such file (a user audit). The marks are dropped from every argument."""
    monkeypatch.chdir(tmp_path)
    result = run("play", "hokm", "--seed", 4, "--lang", "fa", "--record", "fa-h.json", input="1\nخروج\n")
    assert_ok(result)
    said = result.output.rsplit("--resume ", 1)[1].split()[0]  # the path as the table printed it
    assert "\u200e" in said or "\u200f" in said
    assert_ok(run("play", "--resume", said, input="quit\n"))


def test_a_resumed_game_says_where_play_goes_on_or_that_it_was_over(tmp_path):
    """--resume in mid-hand says where play resumes (`resumed: hand 1, trick 2`); on a finished game it says the
    game was already over before its result (an audit: the result alone, exit 0, read as a game just played)."""
    path = tmp_path / "game.json"
    assert_ok(run("play", "hokm", "--seed", 3, "--bots", "greedy", "--record", path, input="1\n" * 3 + "quit\n"))
    said = out(run("play", "--resume", path, input="quit\n"))
    assert re.search(r"^resumed: hand 1, trick \d+$", said, re.M), said
    fa = out(run("play", "--resume", path, "--lang", "fa", input="quit\n"))
    assert re.search(r"ادامه‌ی بازی از: دور ۱، دست [۰-۹]+$", fa, re.M), fa
    assert_ok(run("play", "--resume", path, input=WHOLE_GAME))
    again = run("play", "--resume", path, "--lang", "en", input="")
    assert_ok(again)
    lines = out(again).splitlines()
    assert "resumed: this game was already over" in lines
    assert lines.index("resumed: this game was already over") < next(i for i, x in enumerate(lines)
                                                                      if x.startswith("══ game over"))
    fresh = out(run("play", "hokm", "--seed", 3, "--record", tmp_path / "new.json", input="quit\n"))
    assert not re.search(r"^resumed: ", fresh, re.M)


def test_a_record_with_no_decision_yet_is_resumed_as_one(tmp_path):
    """--resume of a record whose actions are still empty (saved before anyone acted) says it resumed, as any
    other: a new game's table would look the same, and the person could not tell the record was read."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "cardrules-record/1", "ruleset": "hokm", "seed": 3, "actions": []}))
    said = out(run("play", "--resume", path, input="quit\n"))
    assert re.search(r"^resumed: hand 1, trump$", said, re.M), said


def test_a_rules_sheet_wraps_on_a_terminal_inside_its_list_items():
    """`cardrules rules` on a terminal of 80 columns: no line longer, a list item's later lines indented under it
    (Markdown reads them as the same item); piped (0 columns) or on a very narrow terminal, the lines whole."""
    text = out(run("rules", "hokm"))
    assert max(len(line) for line in text.splitlines()) > 200  # piped: one line an item
    shown = cli._sheet_lines(text, 80)
    assert max(len(line) for line in shown.splitlines()) <= 80
    assert " ".join(shown.split()) == " ".join(text.split())  # the same words, only the breaks move
    item = next(i for i, line in enumerate(shown.splitlines()) if line.startswith("- **kot at six**"))
    assert shown.splitlines()[item + 1].startswith("  ") and not shown.splitlines()[item + 1].startswith("   ")
    assert cli._sheet_lines(text, 0) == text and cli._sheet_lines(text, 30) == text


def test_undo_writes_the_record_back_and_a_resume_plays_the_game_as_undone(tmp_path):
    """`undo` with --record: the record holds the fewer actions (those before the move taken back), the game as it
    stood then; resumed, it goes on as that game: another move there makes the same game as if it had been
    typed in the first place (the bots' moves seeded by the decisions so far)."""
    undone, before, straight = tmp_path / "undone.json", tmp_path / "before.json", tmp_path / "straight.json"
    # Shelem seed 5: two bids of yours, the lowest each time (a bid shows no card: undo takes it back)
    result = run("play", "shelem", "--seed", "5", "--record", undone, input="2\n2\nundo\nquit\n")
    assert_ok(result)
    assert "undone: your bid" in result.output
    assert_ok(run("play", "shelem", "--seed", "5", "--record", before, input="2\nquit\n"))
    kept = read_json(undone)["actions"]
    assert kept == read_json(before)["actions"]  # as it stood before the second move
    assert read_json(undone)["shuffles"] == read_json(before)["shuffles"]
    three = tmp_path / "three.json"
    assert_ok(run("play", "shelem", "--seed", "5", "--record", three, input="2\n2\nquit\n"))
    assert len(read_json(three)["actions"]) > len(kept)  # what the record held before the undo
    resumed = run("play", "--resume", undone, input="3\nquit\n")
    assert_ok(resumed)
    assert "resumed: hand 1" in resumed.output
    assert_ok(run("play", "shelem", "--seed", "5", "--record", straight, input="2\n3\nquit\n"))
    assert read_json(undone)["actions"] == read_json(straight)["actions"]
    assert len(read_json(undone)["actions"]) > len(kept)
    assert_ok(run("replay", undone))


def test_a_persian_sheets_code_span_is_not_cut_where_it_fits_on_a_line():
    """A Persian rules sheet holds each code span left to right apart from the line (an isolate): wrapping cut
    inside one, which a terminal then lays out in two broken halves. Kept whole where it fits on a line."""
    from interpreter.words import LRI, PDI, wrap

    span = LRI + "`empty(table) and rule`" + PDI
    lines = wrap("قاعده " + span + " است قاعده", 26)  # greedy, the first line would end inside it, after 'and'
    assert any(span in line for line in lines), lines


@pytest.mark.parametrize("game,args,typed,said", [
    ("shelem-2p", ["--seed", "0"], "3\nundo\n", "undone: your "),  # a bid; one's own face-down piles not seen
    ("hearts", ["--seed", "1"], "1\n" * 10 + "undo\n", "played, and taking it back"),  # the others' cards played
    ("hokm-2p", ["--seed", "1", "--seat", "1"], "discard 7S JH\nundo\n",
     "you have seen cards the others have not"),  # the stock's top shown to you
])
def test_undo_is_refused_for_cards_seen_since_by_you_alone_or_played_by_others(game, args, typed, said):
    """A review of undo: it was refused wherever a seat's own piles held a card not seen before — Shelem for
    two's face-down piles (never seen: every undo refused) — and allowed after Hokm for two showed the seat the
    stock's next card. Refused now where the seat has seen a card the others have not, or where others have
    played cards since (a Persian player's audit: taken back, a Hearts trick's cards would go back to hands you
    know them in)."""
    output = " ".join(out(run("play", game, *args, "--bots", "random", input=typed + "quit\n")).split())
    assert said in output, output[-1500:]
    assert ("undone: your " in output) == (said == "undone: your ")


def test_a_choice_taken_back_or_resumed_says_the_choices_made_before_it_in_the_round():
    """A review of undo: Euchre's order-up round, taken back (or resumed) at seat 1's turn, showed the turned
    card and the hand but not seat 0's pass before it, which the board never says again."""
    said = out(run("play", "euchre", "--seed", "15", "--seat", "1", "--bots", "random", input="pass\nundo\nquit\n"))
    # (seed 15: no card is played before your next move, which a move taken back must not have seen)
    after = said[said.index("undone: your pass"):]
    assert "  seat 0: pass" in after[:after.index("your moves:")], after


def test_a_sheet_of_tricks_without_following_says_special_rules_may_bind(tmp_path):
    """Briscola needs no following; a house rule's special entry that allows a card only sometimes makes "any card
    may be played" untrue alone: the sheet says the special cards' rules below bind (an authoring audit)."""
    path = tmp_path / "late.yaml"
    path.write_text("extends: briscola\nname: late\nhand:\n  - name: tricks\n    play:\n      special:\n"
                    '        - {name: late, cards: "true",\n'
                    '           allowed: "leading or not empty(stock) or suit == led_suit"}\n',
                    encoding="utf-8")
    said = out(run("rules", str(path)))
    assert "any card may be played, but as the special cards' rules below say" in said
    assert "- any card may be played\n" in out(run("rules", "briscola"))


@pytest.mark.parametrize("command", [["simulate", "hokm", "-n", "1000000", "--jobs", "2"],
                                     ["compare", "hokm", "hokm-kap", "-n", "1000000", "--jobs", "2"]])
def test_ctrl_c_stops_a_run_in_two_processes_at_once_without_a_traceback(command):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while a million games are handed to two
    worker processes: the run stops within seconds, says 'Aborted!' alone, exits 130 (a lab audit: it could go on
    for ever, the interrupt landing while tasks were handed over, and the workers each printed a traceback)."""
    proc = subprocess.Popen([sys.executable, "-m", "cli", *command], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as a terminal's
    # (a shell's background job, as CI may be run, ignores SIGINT, and Python then never hears of Ctrl-C)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")  # where the kernel lists them
    waited = time.monotonic()
    while children.exists() and time.monotonic() - waited < 60 and proc.poll() is None:  # until both workers
        if len(children.read_text().split()) >= 2:  # run (a loaded machine starts them late)
            break
        time.sleep(0.1)
    time.sleep(1.0 if children.exists() else 2.5)  # games handed over and played
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("the run did not stop") from None
    assert proc.returncode == 130 and err.decode().strip() == "Aborted!" and not out


@pytest.mark.parametrize("module", ["click", "interpreter", "interpreter.table"])
def test_ctrl_c_while_the_commands_are_imported_says_aborted_without_a_traceback(module):
    """Ctrl-C in the first fifth of a second, while cli's imports still run (a table audit: it printed an import's
    traceback): 'Aborted!' and the end by SIGINT a shell expects. The interrupt is made to land inside the import
    of `module`, as a finder ahead of Python's raising it."""
    code = ("import sys\n"
            "class Interrupt:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            f"        if name == {module!r}:\n"
            "            raise KeyboardInterrupt\n"
            "sys.meta_path.insert(0, Interrupt())\n"
            "import cli\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.stderr == "Aborted!\n" and done.returncode == -signal.SIGINT, done.stderr


def test_sigterm_to_a_run_in_two_processes_stops_its_workers_too():
    """SIGTERM to the main process alone (`kill PID`, a job scheduler): it exited, and its two workers went on
    playing, then hung for ever holding its output (a lab audit). Now it stops as Ctrl-C does: 'Aborted!', exit
    128 + SIGTERM, no worker left."""
    proc = subprocess.Popen([sys.executable, "-m", "cli", "simulate", "hokm", "-n", "1000000", "--jobs", "2"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    if not children.exists():
        pytest.skip("the kernel does not list a process's children here")
    waited, workers = time.monotonic(), []
    while time.monotonic() - waited < 60 and proc.poll() is None and len(workers) < 2:
        workers = children.read_text().split()
        time.sleep(0.1)
    assert len(workers) >= 2, "the workers did not start"
    time.sleep(1.0)  # games handed over and played
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("the run did not stop") from None
    assert proc.returncode == 128 + signal.SIGTERM and err.decode().strip() == "Aborted!" and not out
    gone = time.monotonic()
    while any(Path(f"/proc/{pid}").exists() and "zombie" not in _state_of(pid) for pid in workers):
        if time.monotonic() - gone > 10:
            os.killpg(proc.pid, signal.SIGKILL)
            raise AssertionError(f"workers {workers} still run")
        time.sleep(0.1)


def _state_of(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0].lower()
    except (OSError, IndexError):
        return "zombie"  # gone


def test_a_run_under_nohup_goes_on_through_a_hangup():
    """A review: once workers set SIGHUP and SIGTERM back to their default, a run under `nohup` (SIGHUP ignored)
    lost both workers when the terminal closed and ended with an internal error. A signal ignored stays so."""
    def ignoring_hangups():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    proc = subprocess.Popen([sys.executable, "-m", "cli", "simulate", "hokm", "-n", "1000000", "--jobs", "2"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=ignoring_hangups)
    try:
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        if not children.exists():
            pytest.skip("the kernel does not list a process's children here")
        waited = time.monotonic()
        while time.monotonic() - waited < 60 and proc.poll() is None and len(children.read_text().split()) < 2:
            time.sleep(0.1)
        time.sleep(1.0)
        os.killpg(proc.pid, signal.SIGHUP)  # the terminal closed: the whole group hears it
        time.sleep(2.0)
        assert proc.poll() is None, proc.communicate()[1].decode()
        assert len(children.read_text().split()) >= 2
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def test_each_command_has_a_line_in_the_readme_and_a_section_in_docs_cli_md():
    """The README's commands table is a line a command, linking its section of docs/cli.md, which holds the
    details (the table's rows once ran to a page each); a command added without either fails here."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Commands\n"):readme.index("\n## ", readme.index("## Commands\n") + 1)]
    rows = [line for line in table.splitlines() if line.startswith("| [`cardrules ")]
    details = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert sorted(re.match(r"\| \[`cardrules (\w+)", row).group(1) for row in rows) == sorted(main.commands)
    for name in main.commands:
        assert f"\n## `cardrules {name}`\n" in details, name
        [row] = [row for row in rows if row.startswith(f"| [`cardrules {name}")]
        assert f"](docs/cli.md#cardrules-{name})" in row and len(row) < 200, row


def test_the_readmes_first_two_commands_install_and_play_then_install_and_test():
    """CONTRACT.md: the README's first two commands are one that installs and plays a game, one that installs
    and runs the whole test suite, which .ci/run runs (nothing weaker). A venv line put first (a reader's
    audit asked for one) broke it once."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", readme, re.S)
    commands = [line.strip() for block in blocks for line in block.splitlines()
                if line.strip() and not line.strip().startswith("#")]
    first, second = commands[:2]
    assert first.startswith("pip install") and " && cardrules play " in first, first
    assert second == "pip install -e '.[test]' && python -m pytest -q", second
    assert second in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def _cardrules_shell(command: str, **env) -> subprocess.CompletedProcess:
    """`cardrules …` run by a shell as a person types it (redirections and all), in a process of its own."""
    return subprocess.run(["bash", "-c", command.replace("cardrules", f'"{sys.executable}" -m cli', 1)],
                          capture_output=True, text=True, cwd=ROOT, env={**os.environ, **env}, timeout=120)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["cardrules simulate hokm -n 2 > /dev/full", "cardrules --help > /dev/full",
                                     "cardrules --version > /dev/full", "cardrules list > /dev/full"])
def test_an_output_that_takes_nothing_more_is_said_not_called_a_bug(command):
    """A terminal audit: a full disk was 'internal error (OSError …); please report it', and --help a traceback."""
    done = _cardrules_shell(command)
    assert done.returncode == 1 and done.stderr == "error: cannot write the output: No space left on device\n", \
        done.stderr


@pytest.mark.parametrize("command", ["cardrules list >&-", "cardrules simulate hokm -n 2 --json >&-",
                                     "cardrules --help >&-"])
def test_a_closed_output_is_said_and_is_no_success(command):
    """A terminal audit: `simulate --json >&-` wrote nothing and exited 0; `list >&-` was an internal error."""
    done = _cardrules_shell(command)
    assert done.returncode == 1 and "standard output is closed" in done.stderr, done.stderr
    assert "internal error" not in done.stderr


def test_persian_is_refused_on_a_code_page_that_lacks_its_letters():
    """A terminal audit: Windows' Arabic code page (cp1256) encodes «حکم» but not Persian's own yeh nor its
    digits, which came out as '?' (124 in a short game): refused before anything is printed, as on latin-1."""
    done = _cardrules_shell("cardrules rules hokm --lang fa", PYTHONIOENCODING="cp1256")
    assert done.returncode == 1 and "cannot show Persian" in done.stderr and done.stdout == "", done.stderr


def test_validate_json_is_ascii_whatever_the_output_can_show(tmp_path):
    """A terminal audit: validate --json alone wrote non-ASCII text, which an output of another encoding changed
    (a file named `????.yaml`); every --json is ASCII, its text in \\u escapes."""
    house = tmp_path / "خانه.yaml"
    house.write_text("extends: hokm\nname: house\noptions:\n  target: {default: \"7♠\"}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--games", "0", "--json", str(house)])
    assert result.stdout.isascii(), result.stdout
    assert json.loads(result.stdout)["files"][0]["file"].endswith("خانه.yaml")


def test_a_byte_order_mark_before_the_first_line_typed_is_dropped():
    """A terminal audit: input piped from PowerShell or a file saved by Notepad begins with a byte order mark,
    and the first line (`quit` too) was refused as '\\ufeffquit'."""
    result = run("play", "hokm", "--seed", 2, input="\ufeff1\n\ufeffquit\n")
    assert "not a legal move" not in out(result) and "bye" in out(result), out(result)[-600:]


@pytest.mark.parametrize("command", ["cardrules rules hokm", "cardrules list", "cardrules simulate --help"])
def test_every_command_writes_plain_ascii_to_an_ascii_output(command):
    """A terminal audit: only play wrote its signs in ASCII (10S, ==) on an ASCII output; click took such an
    output for a misconfigured one and wrote UTF-8 to it, noise on a truly ASCII terminal."""
    done = _cardrules_shell(command, PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and done.stdout.isascii() and done.stdout.strip(), done.stderr
    refused = _cardrules_shell("cardrules rules hokm --lang fa", PYTHONIOENCODING="ascii")
    assert "this output's encoding (ascii) cannot show Persian" in refused.stderr, refused.stderr


def test_save_names_the_record_being_written_and_is_read_in_persian(tmp_path):
    """A review: the `save` words were tried only without a record: with --record they name the file written as
    the game goes and the command that goes on with it; `ذخیره` at the Persian table says the same in Persian."""
    path = tmp_path / "kept.json"
    said = out(run("play", "hokm", "--seed", 2, "--record", path, input="save\nquit\n")).replace("\n  ", " ")
    assert f"the game is written as you play, to {path}: quit when you like, and `cardrules play --resume {path}`" \
        in said, said[-700:]
    said = out(run("play", "hokm", "--seed", 2, "--lang", "fa", input="ذخیره\nخروج\n"))
    assert "ذخیره‌ی جداگانه‌ای نیست" in said and "حرکت مجاز نیست" not in said, said[-700:]
    assert "FILE" not in said and "--record\u200e مسیر" in said, said[-700:]  # no English word (a Persian audit)


def test_a_roles_share_of_hands_has_an_interval_and_its_article(tmp_path):
    """"does going first help?" (a teacher's audit): the role's share of hands its side won had no interval, where
    the win rates have one, and read "with a opener"."""
    result = run("simulate", "hokm", "-n", 10)
    line = next(x for x in result.output.splitlines() if x.startswith("  hakem's side"))
    assert re.search(r"% of the [\d,]+ hands with a hakem \(95% interval \d+%–\d+%\)$", line), line
    (tmp_path / "opener.yaml").write_text("extends: hokm\nname: opener\nvars:\n  opener: {type: seat}\n"
                                          "hand:\n  - {name: opens, before: trump, set: {opener: hakem}}\n",
                                          encoding="utf-8")
    result = run("simulate", tmp_path / "opener.yaml", "-n", 5)
    assert "hands with an opener (95% interval" in result.output, result.output


def test_an_interval_of_a_small_share_keeps_its_ends_apart():
    """A ruleset author's audit: `scored the most in 0.4% of the 41,087 hands … (95% interval 0%–0%)`, an interval
    rounded past its estimate. Its ends get the decimals that keep them apart."""
    assert cli._interval_said(0.0031, 0.0046) == "0.3%–0.5%" and cli._interval_said(0.02, 0.09) == "2%–9%"
    assert cli._interval_said(0.12341, 0.12343) == "12.34%–12.34%" and cli._interval_said(0.0, 0.0) == "0%–0%"


PERSIAN_HEAD = "══ حکم ══"


def test_a_persian_player_sets_the_language_once(monkeypatch):
    """A Persian player typed --lang fa at every game (an audit of what people meet): CARDRULES_LANG, else a
    Persian locale (the first of LC_ALL, LC_MESSAGES and LANG set), makes it the default of `play` and `rules`;
    --lang still wins, and a value neither en nor fa is a usage error that names the variable."""
    for name in ("CARDRULES_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    assert PERSIAN_HEAD not in out(run("play", "hokm", "--seed", 3, input="quit\n"))
    monkeypatch.setenv("CARDRULES_LANG", "fa")
    assert PERSIAN_HEAD in out(run("play", "hokm", "--seed", 3, input="quit\n"))
    assert PERSIAN_HEAD not in out(run("play", "hokm", "--seed", 3, "--lang", "en", input="quit\n"))
    assert out(run("rules", "hokm")).startswith("# حکم")
    monkeypatch.setenv("CARDRULES_LANG", "de")
    bad = run("play", "hokm", "--seed", 3, input="quit\n")
    assert bad.exit_code == 2 and 'CARDRULES_LANG="de": must be one of en, fa' in bad.output, bad.output
    monkeypatch.delenv("CARDRULES_LANG")
    monkeypatch.setenv("LANG", "fa_IR.UTF-8")
    assert PERSIAN_HEAD in out(run("play", "hokm", "--seed", 3, input="quit\n"))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # the first set wins
    assert PERSIAN_HEAD not in out(run("play", "hokm", "--seed", 3, input="quit\n"))
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    monkeypatch.setenv("LANG", "fa_IR.UTF-8")
    assert out(run("rules", "hokm")).startswith("# Hokm")
    monkeypatch.setenv("LANGUAGE", "fa:en")  # GNU's list, first where the locale is not C
    assert out(run("rules", "hokm")).startswith("# حکم")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert out(run("rules", "hokm")).startswith("# Hokm")


def test_a_resumed_game_keeps_its_language_and_cards_whatever_the_defaults(tmp_path, monkeypatch):
    """A game played in English with card signs stays so when resumed under CARDRULES_LANG=fa and
    CARDRULES_CARDS=words (a resumed game keeps its own); a new game takes both."""
    monkeypatch.delenv("CARDRULES_LANG", raising=False)
    path = tmp_path / "game.json"
    assert_ok(run("play", "hokm", "--seed", 3, "--record", path, input="quit\n"))
    monkeypatch.setenv("CARDRULES_LANG", "fa")
    monkeypatch.setenv("CARDRULES_CARDS", "words")
    resumed = out(run("play", "--resume", path, input="quit\n"))
    assert "your hand: " in resumed and "♠" in resumed and PERSIAN_HEAD not in resumed, resumed
    new = out(run("play", "hokm", "--seed", 3, input="quit\n"))
    assert "حکم چهارنفره" in new and "♠" not in new and "پیک" in new, new
    monkeypatch.setenv("CARDRULES_CARDS", "pictures")
    assert "CARDRULES_CARDS=" in run("play", "hokm", "--seed", 3, input="quit\n").output


def test_a_record_kept_before_the_table_only_values_were_left_out_resumes(tmp_path):
    """A Hokm game kept by cardrules before 2026-12-07 holds a fingerprint that counted the values only the table
    reads — as they were then: kept between 2026-12-05 and 2026-12-06, the rules held `bam_lost` but not yet
    `kot_by_hakem` and `kot_on_hakem` (a review found such a record still refused). Resumed, it goes on; a
    fingerprint of other rules is still refused."""
    from interpreter import records as rec

    path = tmp_path / "game.json"
    assert_ok(run("play", "hokm", "--seed", 3, "--record", path, input="quit\n"))
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["play"][rec.FINGERPRINT] == rec.fingerprint(load("hokm"))
    tree = rec._rules_tree(load("hokm"))
    then = {k: v for k, v in tree["values"].items() if k not in ("kot_by_hakem", "kot_on_hakem")}
    record["play"][rec.FINGERPRINT] = rec._digest({**tree, "values": then})  # as cardrules wrote it then
    assert record["play"][rec.FINGERPRINT] != rec.fingerprint(load("hokm"))
    path.write_text(json.dumps(record), encoding="utf-8")
    resumed = run("play", "--resume", path, input="quit\n")
    assert_ok(resumed)
    assert "not the ones this game was played under" not in resumed.output
    record["play"][rec.FINGERPRINT] = rec.fingerprint(load("shelem"))
    path.write_text(json.dumps(record), encoding="utf-8")
    refused = run("play", "--resume", path, input="quit\n")
    assert refused.exit_code == 1 and "not the ones this game was played under" in refused.output


def test_persian_asked_for_by_the_variable_on_an_output_that_cannot_show_it_names_the_variable():
    """CARDRULES_LANG=fa on an ASCII output: the refusal said only "cannot show Persian", where the person typed no
    --lang (a review); it names the variable and --lang en. A Persian locale there falls back to English."""
    def cardrules(*args, **env):
        done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, input=b"", capture_output=True,
                              timeout=60, env={**os.environ, "PYTHONIOENCODING": "ascii", **env})
        return done.returncode, done.stdout.decode("ascii", "replace"), done.stderr.decode("ascii", "replace")

    code, out, err = cardrules("rules", "hokm", CARDRULES_LANG="fa")
    assert code == 1 and "cannot show Persian, which CARDRULES_LANG=fa asks for" in err and "--lang en" in err, err
    code, out, err = cardrules("rules", "hokm", LANG="fa_IR.UTF-8", LC_ALL="", LC_MESSAGES="", CARDRULES_LANG="")
    assert code == 0 and out.startswith("# Hokm\n"), err
