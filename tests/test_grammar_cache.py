"""The grammar's parse tables, kept in the user's cache folder between runs (interpreter/language.py `_lark`)."""

from __future__ import annotations

import pytest

from interpreter import language

TEXT = 'if tricks >= 7 and opp(tricks) == 0 then 2 else hand[x -> x.rank > 10 or suit == "H"].count'


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """Parsers made anew, with the cache folder under tmp_path; the usual ones again afterwards."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    language._parser.cache_clear()
    language._building_parser.cache_clear()
    language.parse.cache_clear()
    yield tmp_path / "cache" / "cardrules"
    language._parser.cache_clear()
    language._building_parser.cache_clear()
    language.parse.cache_clear()


def built():
    language._parser.cache_clear()
    language._building_parser.cache_clear()
    return language._building_parser().parse(TEXT)[0], language._parser().parse(TEXT)


def test_tables_are_kept_once_and_read_back(fresh):
    first = built()
    kept = sorted(p.name for p in fresh.iterdir())
    assert len(kept) == 2 and all(name.endswith(".lark") for name in kept), kept  # nothing left aside
    stamps = {p.name: p.stat().st_mtime_ns for p in fresh.iterdir()}
    assert built() == first  # read back: the same AST and the same tree
    assert {p.name: p.stat().st_mtime_ns for p in fresh.iterdir()} == stamps  # not written again


def test_a_damaged_file_is_worked_out_again(fresh):
    first = built()
    for p in fresh.iterdir():
        p.write_bytes(p.read_bytes()[:100])
    assert built() == first


def test_no_cache_folder_still_parses(monkeypatch, tmp_path, fresh):
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # the folder cannot be made under a file
    assert language.cache_folder() is None
    assert language.parse(TEXT) == language._parse_tree(TEXT)


def test_no_home_makes_no_folder_here(monkeypatch, tmp_path, fresh):
    """Without a home, "~" stays as it is: the cache is not made in the current folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setattr("os.path.expanduser", lambda path: path)
    assert language.cache_folder() is None
    assert language.parse(TEXT) == language._parse_tree(TEXT)
    assert not (tmp_path / "~").exists()
