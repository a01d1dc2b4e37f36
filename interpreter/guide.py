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
    `deal`). LookupError, naming the headings, where none does."""
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
    if not out:
        raise LookupError(f"no heading of the guide, nor the first cell of a row of its tables, holds '{words}' (its"
                          f" headings: {'; '.join(headings)})")
    return "\n".join(out).rstrip() + "\n"
