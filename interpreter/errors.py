"""One error type for everything a user can get wrong, each with a place."""

from __future__ import annotations

import difflib
import re
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True)
class Where:
    """A place in a source file: 1-based line and column."""

    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class CardrulesError(Exception):
    """Base of every error the user can cause; carries one or more located messages."""

    def __init__(self, message: str, where: Where | None = None, problems=None, notes=()):
        self.problems: list[tuple[Where | None, str]] = list(problems or [(where, message)])
        self.notes: list[tuple[Where | None, str]] = list(notes)  # warnings that may tell why (a step misspelt)
        super().__init__(self.render())

    def __reduce__(self):  # pickled as what it holds: rebuilt from its text, the text would be said twice
        return _rebuilt, (type(self), self.__dict__)

    def render(self) -> str:
        return spelt("\n".join(
            [f"{w}: warning: {m}" if w else f"warning: {m}" for w, m in self.notes]
            + [f"{w}: error: {m}" if w else f"error: {m}" for w, m in self.problems]
        ))


def _rebuilt(kind: type, held: dict) -> CardrulesError:
    """An error unpickled: its fields as they were, its text made from them again."""
    error = kind.__new__(kind)
    error.__dict__.update(held)
    Exception.__init__(error, error.render())
    return error


class RulesetError(CardrulesError):
    """A ruleset that cannot be loaded or compiled."""


class IllegalAction(CardrulesError, ValueError):
    """An action that is not legal now, or not an action at all: `action` as given, `reason` why it is refused,
    and `legal`, the legal actions now (sorted canonical text; none once play is over or halted)."""

    def __init__(self, reason: str, action=None, legal=()):
        self.action, self.reason, self.legal = action, reason, list(legal)
        super().__init__(reason)


class RecordError(CardrulesError):
    """A game record that is malformed or does not replay."""


def unknown(what: str, name, known, plural: str | None = None) -> str:
    """`unknown zone 'trik' (did you mean trick?)`, or the names that are known when none is close."""
    known = list(dict.fromkeys(str(k) for k in known))  # a name known twice (a counter and a row) offered once
    close = difflib.get_close_matches(str(name), known, n=3, cutoff=0.6)
    if close:
        return f"unknown {what} '{printable(name)}' (did you mean {' or '.join(map(printable, close))}?)"
    return f"unknown {what} '{printable(name)}' ({plural or what + 's'}: {', '.join(map(printable, known)) or 'none'})"


CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # the C0 and C1 control characters but a tab and a line's end
ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # those, a tab and a line's end too (one typed line, shown back)


def spelt(text: str, lines: bool = True) -> str:
    """Text with its control characters spelt out (`\\x1b`, `\\x07`): what a ruleset or a record quotes (an escape
    sequence that sets a terminal's title or clears it, a bell) never reaches a terminal or a CI log as a command.
    Without `lines`, a tab and a line's end are spelt out too."""
    found = CONTROL if lines else ANY_CONTROL
    return found.sub(lambda m: f"\\x{ord(m.group()):02x}", text) if found.search(text) else text


def printable(name) -> str:
    """A name as a message prints it: characters that print as nothing (a zero-width space, a control
    character) spelt out as \\u200b, so that two names that look alike are told apart."""
    return "".join(c if c in _PRINTED or unicodedata.category(c)[0] not in "CZ" else
                   f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}" for c in str(name))


_PRINTED = " \u200c\u200d"  # a space; the (non-)joiners Persian words are written with (نیم‌فاصله)


def in_base(problems: list, label: str, tree=None) -> list:
    """Problems at lines of the rulesets `label` extends say so, and name what the files that extend that
    line's file change (from `tree`, the merged ruleset, when there is one): the cause is likely among them."""
    return [(w, f"{m}{BASE_LINE}{label} extends{_changes_said(tree, w.file, label)})"
             if w is not None and w.file != label else m) for w, m in problems]


BASE_LINE = " (a line of a ruleset that "  # what in_base adds begins so


def as_base_says(message: str) -> str:
    """A problem's message without what in_base added: as the base file, checked itself, says it."""
    cut = message.rfind(BASE_LINE)
    return message[:cut] if cut >= 0 and message.endswith(")") else message


def _changes_said(tree, file: str, label: str) -> str:
    """', which changes players (line 4); base2.yaml changes hand: deal (line 7)': what each variant over
    `file` writes, the file `label` first."""
    from .source import changed_by

    said = []
    for variant, changes in changed_by(tree, file) if tree is not None else ():
        if changes:
            shown = ", ".join(f"{what} (line {line})" for what, line in changes[:MAX_CHANGES_SAID])
            more = len(changes) - MAX_CHANGES_SAID
            shown += f" and {more} more" if more > 0 else ""
            said.append(f", which changes {shown}" if variant == label else f"; {variant} changes {shown}")
    return "".join(said)


MAX_CHANGES_SAID = 3  # per file, in a problem at a base's line


@contextmanager
def playing(game):
    """Errors a game meets in play, placed as load places them: a base's line says it is the base's."""
    try:
        yield
    except RulesetError as e:
        if any(w is not None and w.file != game.label for w, _ in e.problems):
            raise RulesetError("", problems=in_base(e.problems, game.label, game.tree)) from None
        raise
