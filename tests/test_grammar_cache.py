"""The grammar's parse tables, kept in the user's cache folder between runs (interpreter/language.py `_lark`)."""

from __future__ import annotations

import os

import pytest

from interpreter import language

TEXT = 'if tricks >= 7 and opp(tricks) == 0 then 2 else hand[x -> x.rank > 10 or suit == "H"].count'


def forget():
    """Drop the parsers and the parses made, so that the next are made anew."""
    for made in (language._parser, language._building_parser, language.parse):
        made.cache_clear()


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """Parsers made anew, with the cache folder under tmp_path; the usual ones again afterwards."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    forget()
    yield tmp_path / "cache" / "cardrules"
    forget()


def built():
    forget()
    return language._building_parser().parse(TEXT)[0], language._parser().parse(TEXT)


def test_tables_are_kept_once_and_read_back(fresh):
    first = built()
    kept = sorted(p.name for p in fresh.iterdir())
    assert len(kept) == 2 and all(name.endswith(".lark") for name in kept), kept  # nothing left aside
    for p in fresh.iterdir():
        os.utime(p, (0, 0))
    assert built() == first  # read back: the same AST and the same tree
    assert all(p.stat().st_mtime == 0 for p in fresh.iterdir())  # not written again


def test_a_damaged_file_is_worked_out_again_and_written_anew(fresh):
    first = built()
    for p in fresh.iterdir():
        p.write_bytes(p.read_bytes()[:100])
    assert built() == first
    assert all(p.stat().st_size > 10_000 for p in fresh.iterdir())  # whole again (a pickle's size varies a little)


def test_a_relative_cache_home_is_ignored(monkeypatch, tmp_path, fresh):
    """The XDG spec: a relative path in $XDG_CACHE_HOME is invalid; ~/.cache is used instead."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert language.cache_folder() == tmp_path / "home" / ".cache" / "cardrules"
    assert not (tmp_path / "relative").exists()


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
    monkeypatch.setattr("os.path.expanduser", lambda path: "/")  # an empty $HOME: not the root's .cache either
    assert language.cache_folder() is None
    assert language.parse(TEXT) == language._parse_tree(TEXT)
    assert not (tmp_path / "~").exists()


def test_the_files_of_older_versions_are_deleted_once_a_month_old(fresh):
    """Writing the tables of this grammar, Lark and Python deletes this parser's files last written over
    STALE_DAYS ago (an older grammar's or version's); a recent one, perhaps another Python's in use, stays."""
    fresh.mkdir(parents=True)
    stale, recent = fresh / "expr-tree-0123456789abcdef0123.lark", fresh / "expr-tree-fedcba98765432100000.lark"
    other = fresh / "notes.txt"
    for p in (stale, recent, other):
        p.write_bytes(b"old")
    month = language.STALE_DAYS * 86400
    os.utime(stale, (0, 0))
    os.utime(other, (0, 0))
    os.utime(recent, (language.time.time() - month + 3600,) * 2)
    built()
    assert not stale.exists()
    assert recent.exists() and other.exists()
    assert len(list(fresh.glob("expr-*.lark"))) == 3  # the recent one and this version's two


def test_only_writing_a_file_clears_and_only_files_of_its_own_kind(fresh):
    """Reading this version's tables deletes nothing; writing one kind's leaves the other kind's files be."""
    built()
    stale_tree = fresh / "expr-tree-0123456789abcdef0123.lark"
    stale_built = fresh / "expr-built-0123456789abcdef0123.lark"
    for p in (stale_tree, stale_built):
        p.write_bytes(b"old")
        os.utime(p, (0, 0))
    built()  # both of this version's files are there: read back, nothing cleared
    assert stale_tree.exists() and stale_built.exists()
    for p in fresh.glob("expr-tree-*.lark"):
        if p != stale_tree:
            p.unlink()  # this version's tree tables gone: they are written again
    forget()
    language._parser()
    assert not stale_tree.exists() and stale_built.exists()
