"""The rules-language guide, docs/language.md, as `cardrules guide` shows it.

The guide travels inside the installed package (pyproject.toml installs docs/language.md as the package data
interpreter.docs, data.py finds it), so a message that sends a reader to it names a command that works
wherever cardrules is installed: `cardrules guide "cannot say"` prints the section, `cardrules guide --path`
the file.
"""

from __future__ import annotations

import re
from pathlib import Path

from .data import data_file

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def guide_path() -> Path:
    """The installed guide (a source checkout's own docs/language.md, run from it)."""
    return data_file("docs", "language.md")


def cite(words: str) -> str:
    """How a message sends its reader to the guide's section whose heading holds `words`."""
    return f'cardrules guide "{words}"'


LIMITS = f"what the language cannot say yet: {cite('cannot say')}"  # the section a warning of a limit cites


def guide_text(words: str | None = None) -> str:
    """The whole guide, or each section whose heading holds `words` (any case), up to the next heading of
    its level or above; where no heading does, each row of its tables whose first cell does (a step's kind,
    `deal`); where none does either, what names them (`_mentions`). LookupError, naming the headings, where
    nothing does."""
    text = guide_path().read_text(encoding="utf-8")
    if not words:
        return text
    lines, out, level, fence = text.splitlines(), [], 0, False
    want = " ".join(words.split()).casefold()
    headings = []
    for line in lines:
        if line.lstrip().startswith("```"):
            fence = not fence
        head = None if fence else HEADING.match(line)
        if head:
            depth, title = len(head.group(1)), head.group(2)
            headings.append(title)
            if level and depth <= level:
                level = 0
            if not level and want in " ".join(title.split()).casefold():
                level = depth
        if level:
            out.append(line)
    if not out:  # else the rows of the guide's tables whose first cell holds them (a step's kind: `deal`)
        out = [line for line in lines if line.startswith("|") and not line.startswith("|-")
               and want in " ".join(line.split("|")[1].replace("`", "").split()).casefold()]
    if not out:  # else what names them: a paragraph, a list item, a table row's clauses (`swap`, `round_points`),
        out = _mentions(lines, want, as_code=True) or _mentions(lines, want)  # as a key or name written in code first
    if not out:
        raise LookupError(f"the guide names '{words}' nowhere: no heading, first cell of a table's row or text holds"
                          f" it (its headings: {'; '.join(headings)})")
    return "\n".join(out).rstrip() + "\n"


def _mentions(lines: list[str], want: str, as_code: bool = False) -> list[str]:
    """The blocks of the guide that name `want` as a word (any case): a paragraph or list item whole, and of a
    table row, its first cell and the clauses (parts between semicolons outside brackets) that name it; a blank
    line after each. With `as_code`, only where a code span begins with it (`once: true`): a key, not the word."""
    named = re.compile(rf"`{re.escape(want)}(?![\w])[^`]*`" if as_code else rf"(?<![\w.]){re.escape(want)}(?![\w])",
                       re.IGNORECASE)
    out = []
    for block in _blocks(lines):
        if block.startswith("|"):
            cells = block.split("|")
            clauses = [c.strip() for c in _clauses("|".join(cells[2:-1])) if named.search(c)]
            said = [f"{cells[1].strip()}: " + "; ".join(clauses)] if clauses else []
        else:
            said = [block] if named.search(block) else []
        out += [x + "\n" for x in said]
    return out


def _blocks(lines: list[str]) -> list[str]:
    """The guide's paragraphs, list items (with the lines under them), code blocks and table rows, in order."""
    out, block, fence = [], [], False
    for line in lines:
        starts = not fence and (not line.strip() or line.startswith(("|", "- ", "#")))
        if line.lstrip().startswith("```"):
            fence = not fence
        if starts and block:
            out.append("\n".join(block))
            block = []
        if line.strip() or fence:
            block.append(line)
        if line.startswith("|"):  # a row is a block of its own
            out.append(line)
            block = []
    return out + (["\n".join(block)] if block else [])


def _clauses(text: str) -> list[str]:
    """`text` split at each semicolon outside brackets and backticks."""
    out, depth, code, start = [], 0, False, 0
    for i, ch in enumerate(text):
        if ch == "`":
            code = not code
        elif not code and ch in "([{":
            depth += 1
        elif not code and ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == ";" and not depth and not code:
            out.append(text[start:i])
            start = i + 1
    return out + [text[start:]]
