"""The rules-language guide travels with cardrules: the warnings that cite it name `cardrules guide "…"`, which
prints the section meant wherever cardrules is installed (.ci/run proves it from the built wheel)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from click.testing import CliRunner

from cli import main
from interpreter.guide import LIMITS, guide_path, guide_text

ROOT = Path(__file__).resolve().parent.parent
CITED = re.compile(r'cardrules guide "([^"]+)"')


def guide(*args):
    return CliRunner().invoke(main, ["guide", *args])


def test_the_guide_is_docs_language_md():
    assert guide_path().resolve() == (ROOT / "docs" / "language.md").resolve()
    result = guide()
    assert result.exit_code == 0 and result.output == guide_path().read_text(encoding="utf-8")
    result = guide("--path")
    assert result.exit_code == 0 and Path(result.output.strip()) == guide_path()


def test_a_section_is_its_heading_up_to_the_next_of_its_level():
    section = guide("CANNOT  say").output  # any case, spaces as one
    assert section.startswith("## What the language cannot say yet\n")
    assert "**Shedding plays beyond cards laid together**" in section
    assert "# The rules language" not in section
    assert guide_text("the rules language") == guide_text().rstrip() + "\n"  # the top heading: all of it


def test_an_unknown_heading_names_the_headings():
    result = guide("glossary")
    assert result.exit_code == 1
    assert "the guide names 'glossary' nowhere: no heading, first cell of a table's row or text holds it (its" \
           " headings: The rules language; The sections of a ruleset; Steps of a hand; The zones steps use, and" \
           " their effects; Play modes' own keys and special cards; Expressions; Tables: a number for each card;" \
           " Games written from the blocks; Rounds; Names of the state and the limits of expressions; Functions and" \
           " names; How a game is shown: the table; Variants: extends; What the language cannot say yet)" \
           in result.output


def test_how_a_variant_merges_is_in_the_guide():
    """An authoring audit: how `extends:` merges (by name, remove, after/before, null, options) was only in the
    README, which an installed cardrules does not carry; `cardrules guide extends` prints its section."""
    section = guide("extends").output
    assert section.startswith("## Variants: extends\n")
    for said in ("merge by `name`", "remove: true", "`after: NAME` or `before: NAME`", "`key: null`",
                 "`options: {name: value}`", "An item without a name, where the base's are named, is an error"):
        assert said in section, said
    assert "## What the language cannot say yet" not in section


def test_a_key_no_heading_or_row_holds_finds_what_names_it():
    """`cardrules guide swap`: a key of a step (a clause of the trick play's row) or a name of the language
    (`round_points`, described in list items) is found where the text names it: the row's first cell and the
    clauses that name it, each paragraph or list item whole; not a word inside another (`swapped`)."""
    said = guide("swap").output
    assert said.startswith("`play` `mode: trick`: `swap: {card, with, when, at}`: at a player's turn")
    assert "| tricks: follow suit" not in said and "`sits_out`" not in said.split("\n")[0]
    points = guide("round_points").output
    assert "- `round_points` is worked out for each side" in points and "| `deal`" not in points


def test_a_key_also_a_common_word_finds_where_it_is_written_as_a_key():
    """`cardrules guide once` printed the guide's first paragraph (a card removed "once"), not the auction's
    `once: true` (a new game author's audit): where the word is written in code, those places alone."""
    said = guide_text("once")
    assert "`once: true`" in said and "takes each from the 52 once" not in said


def test_a_step_kind_finds_its_row_of_the_steps_table():
    """`cardrules guide deal` or `trick`: each step's reference is a row of the steps' table; no heading holds
    the word, so the rows whose first cell does are printed (an authoring audit)."""
    deal = guide("deal").output.splitlines()
    assert deal and all(line.startswith("| `") for line in deal)
    assert deal[0].startswith("| `deal` | collect, shuffle")
    assert guide("TRICK").output.startswith("| `play` `mode: trick` | tricks: follow suit")


def test_a_warning_cites_a_section_the_guide_has(tmp_path):
    """A face-down trick pile is a limit of the language: the warning names the command that shows it."""
    path = tmp_path / "face-down.yaml"
    path.write_text("extends: hearts\nname: trick face down\nzones:\n  trick: {visible: owner}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--games", "0", str(path)])
    assert result.exit_code == 0 and f"({LIMITS})" in result.output, result.output
    [words] = CITED.findall(result.output)
    assert guide_text(words).startswith("## What the language cannot say yet")


def test_no_message_of_the_engine_cites_a_file_of_the_repository():
    """docs/ is installed inside the package, not as docs/: a message names `cardrules guide`, never a path such
    as docs/language.md, which an installed copy has no file at. The engine's docstrings and comments
    may; the command line's docstrings are its help."""
    for path in [ROOT / "cli.py", *sorted((ROOT / "interpreter").rglob("*.py"))]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant) and path.name != "cli.py"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                assert not re.search(r"\bdocs/\w", node.value), f"{path.name}:{node.lineno}: {node.value!r}"
            for words in CITED.findall(node.value) if isinstance(node, ast.Constant) and \
                    isinstance(node.value, str) else ():
                guide_text(words)  # a cited heading the guide has


def test_a_top_level_section_has_an_entry_of_its_own():
    """An author's audit: `cardrules guide values` printed the guide's opening, a paragraph of 35 lines naming every
    section at once. Each top-level section is a list item of its own now, and what a side's value is, and how it
    is read where a seat is in focus, is said there."""
    said = guide("values").output
    assert "- `values`: named numbers worked out for each side" in said and "made(side(seat))" in said
    assert len(guide("values").output.splitlines()) < 15, said
