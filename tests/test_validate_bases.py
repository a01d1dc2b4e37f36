"""validate over house rules that extend a broken base in the same run: the base's own errors are said once, at
its lines, and each file over it says one line at its `extends:` instead of them again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main

BOGUS = "error: unknown key 'bogus_key' in 'options.target' (allowed: default, doc, fa, values)"
LEN = "error: unknown function 'len' (functions: "
OWN = "error: its base '{}' has errors of its own, said at {}"


def validate(*args):
    return CliRunner().invoke(main, ["validate", "--games", "0", *map(str, args)])


def lines(result) -> list[str]:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result.output.splitlines()


def broken_base(folder, name="base.yaml"):
    """A base with a mistake of its own at line 3, column 24."""
    (folder / name).write_text("extends: hokm\noptions:\n  target: {default: 7, bogus_key: 1}\n", encoding="utf-8")
    return folder / name


def house(folder, name, base):
    (folder / name).write_text(f"extends: {base}\nname: {name[:-5]}\n", encoding="utf-8")
    return folder / name


def test_each_file_over_a_broken_base_says_one_line_at_its_extends(tmp_path):
    """A folder of two house rules over one broken base: three lines, not the base's mistake three times."""
    base, a, b = broken_base(tmp_path), house(tmp_path, "a.yaml", "base.yaml"), house(tmp_path, "b.yaml", "base.yaml")
    assert lines(validate(tmp_path)) == [
        f"{a}:1:10: " + OWN.format("base.yaml", "that file's lines"),
        f"{b}:1:10: " + OWN.format("base.yaml", "that file's lines"),
        f"{base}:3:24: {BOGUS}",
    ]


@pytest.mark.parametrize("base_first", [False, True])
def test_the_base_may_be_named_before_or_after_the_file_over_it(tmp_path, monkeypatch, base_first):
    """Files named one by one are said in the order named, the base's error once, without the words that say it
    is another file's base."""
    monkeypatch.chdir(tmp_path)
    broken_base(tmp_path), house(tmp_path, "a.yaml", "base.yaml")
    child = ["a.yaml:1:10: " + OWN.format("base.yaml", "that file's lines")]
    said = [f"base.yaml:3:24: {BOGUS}"]
    named = ["base.yaml", "a.yaml"] if base_first else ["a.yaml", "base.yaml"]
    assert lines(validate(*named)) == (said + child if base_first else child + said)


def test_an_error_the_file_causes_at_a_bases_line_is_still_said_in_full(tmp_path, monkeypatch):
    """The base's own mistake (a function it calls that is none) is said at its line once; the mistake the house
    rule makes there (a number variable made a word, read by the base's `streak * 2`) is the house rule's, said
    in full."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "base.yaml").write_text(
        "extends: hokm\nname: base\nvars:\n  streak: {type: int}\nscoring:\n  - name: streak row\n"
        "    points: 'streak * 2'\n  - name: broken row\n    points: 'len(streak)'\n", encoding="utf-8")
    (tmp_path / "a.yaml").write_text("extends: base.yaml\nname: a\nvars:\n  streak: {type: word}\n", encoding="utf-8")
    said = lines(validate(tmp_path / "a.yaml", tmp_path / "base.yaml"))
    assert said[:2] == [
        f"{tmp_path / 'a.yaml'}:1:10: " + OWN.format("base.yaml", "that file's lines"),
        f"{tmp_path / 'base.yaml'}:7:21: error: '*' needs numbers, not text (a line of a ruleset that"
        f" {tmp_path / 'a.yaml'} extends, which changes vars.streak (line 4))",
    ]
    assert len(said) == 3 and said[2].startswith(f"{tmp_path / 'base.yaml'}:9:14: {LEN}") and said[2].endswith(")")
    assert sum(LEN in line for line in said) == 1


def test_a_base_not_in_the_run_is_said_at_its_line_by_each_file_over_it(tmp_path, monkeypatch):
    """Where the base is not checked in the run, nothing says its error but the file over it: said in full there,
    as before; a file over a base that the run checks, beside it, says the one line."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "other").mkdir(), (tmp_path / "run").mkdir()
    broken_base(tmp_path / "other"), house(tmp_path / "other", "a.yaml", "base.yaml")
    broken_base(tmp_path / "run"), house(tmp_path / "run", "c.yaml", "base.yaml")
    assert lines(validate("other/a.yaml", "run")) == [
        f"other/base.yaml:3:24: {BOGUS} (a line of a ruleset that other/a.yaml extends)",
        f"run/base.yaml:3:24: {BOGUS}",  # found first: the folder's files in the order of their names
        "run/c.yaml:1:10: " + OWN.format("base.yaml", "that file's lines"),
    ]


def test_a_base_two_files_up(tmp_path, monkeypatch):
    """top.yaml extends mid.yaml, which extends the broken base.yaml: with all three in the run, the base says its
    error; with the base left out, mid.yaml says it (at the base's line) and top.yaml, over mid.yaml, the one line."""
    monkeypatch.chdir(tmp_path)
    broken_base(tmp_path), house(tmp_path, "mid.yaml", "base.yaml"), house(tmp_path, "top.yaml", "mid.yaml")
    top = "top.yaml:1:10: " + OWN.format("mid.yaml", "the lines of base.yaml")
    assert lines(validate(".")) == [
        f"base.yaml:3:24: {BOGUS}",
        "mid.yaml:1:10: " + OWN.format("base.yaml", "that file's lines"),
        top,
    ]
    assert lines(validate("top.yaml", "mid.yaml")) == [
        top, f"base.yaml:3:24: {BOGUS} (a line of a ruleset that mid.yaml extends)"]


def test_json_keeps_each_files_errors_whole(tmp_path):
    """--json is read a file at a time: each file's entry holds every error met in it, the base's included (at
    the base's line and file); the lines printed without --json say the base's error once."""
    broken_base(tmp_path), house(tmp_path, "a.yaml", "base.yaml")
    result = CliRunner().invoke(main, ["validate", "--games", "0", "--json", str(tmp_path)])
    assert result.exit_code == 1, result.output
    files = {Path(f["file"]).name: f for f in json.loads(result.output)["files"]}
    assert [(e["file"], e["line"], e["col"], e["message"]) for e in files["a.yaml"]["errors"]] == [
        (str(tmp_path / "base.yaml"), 3, 24, f"{BOGUS[7:]} (a line of a ruleset that {tmp_path / 'a.yaml'} extends)")]
    assert not files["a.yaml"]["ok"] and not files["base.yaml"]["ok"]
    assert sum(BOGUS in line for line in lines(validate(tmp_path))) == 1


def test_a_bases_warning_is_said_once_not_under_each_file_over_it(tmp_path):
    """The same for warnings: a base whose capture rule compares the table card with itself, under two house rules,
    was warned of three times; once now, at the base's line, and the files stay valid (with --strict, the base's
    warning still fails the run)."""
    rule = '{name: pair, card: "rank in (Q, K)", take: one, from: rank == card.rank}'
    (tmp_path / "base.yaml").write_text("extends: pasur\nname: base\nhand:\n  - name: play\n    play:\n"
                                        f"      captures:\n        - {rule}\n", encoding="utf-8")
    house(tmp_path, "a.yaml", "base.yaml"), house(tmp_path, "b.yaml", "base.yaml")
    result = validate(tmp_path)
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(warned) == 1 and warned[0].startswith(f"{tmp_path / 'base.yaml'}:7:70: warning: `rank == card.rank`")
    assert "(a line of a ruleset that" not in result.output, result.output
    assert validate(tmp_path, "--strict").exit_code == 1
