"""Where the table's lines go: plain text, or coloured on a terminal (red ♥ and ♦ cards).

Every line is made as plain text first; colour is laid over it on a terminal, so what a pipe
receives is exactly what a terminal shows, less the colour. `NO_COLOR` (any value) turns colour off.
"""

from __future__ import annotations

import codecs
import os

from .errors import spelt
from .words import LRM, RLM

# The table's signs in plain ASCII, for an output that cannot encode them (a Windows console, a legacy locale):
# a card keeps its notation (10♠ → 10S); the rest of the text that will not encode becomes '?'.
PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "═": "=", "─": "-", "…": "...", "→": "->", "←": "<-", "·": "|",
         "−": "-", "×": "x", "—": "-", "–": "-", "≥": ">=", "≤": "<=", "’": "'", "«": '"', "»": '"',
         LRM: "", RLM: "", "\u2066": "", "\u2069": "", "\ufe0f": "", "\ufe0e": "", "\ufeff": ""}  # emoji selectors


def _plain(error: UnicodeEncodeError) -> tuple[str, int]:
    return "".join(PLAIN.get(ch, "?") for ch in error.object[error.start:error.end]), error.end


codecs.register_error("cardrules-plain", _plain)


# what a Persian table prints: its letters (Persian's own yeh, keheh, gaf, che, pe, zhe, beside Arabic's), the
# Persian digits, the joiner that is no space, the direction marks: a code page that lacks one prints it as '?'
PERSIAN_SHOWN = "حکم یکگچپژ ۰۱۲۳۴۵۶۷۸۹ \u200c" + LRM + RLM


def can_show(stream, text: str) -> bool:
    """Can `stream` encode `text` as it stands (a stream without an encoding takes anything)?"""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def plain_where_needed(stream) -> None:
    """An output that cannot encode the card signs writes them in ASCII instead of failing on the first line.
    An ASCII one is named `cardrules-ascii` (the same codec): click takes an output it sees as ASCII for one
    misconfigured and writes UTF-8 to it instead, which a truly ASCII terminal shows as noise."""
    if not can_show(stream, "♠♥♦♣═─…→·−") and hasattr(stream, "reconfigure"):
        ascii_named = codecs.lookup(stream.encoding).name == "ascii"
        stream.reconfigure(errors="cardrules-plain", **({"encoding": ASCII_NAMED} if ascii_named else {}))


ASCII_NAMED = "cardrules-ascii"


def _ascii_by_another_name(name: str):
    if name.replace("_", "-") != ASCII_NAMED:  # codecs asks by the name normalised: cardrules_ascii
        return None
    a = codecs.lookup("ascii")
    return codecs.CodecInfo(a.encode, a.decode, a.streamreader, a.streamwriter, a.incrementalencoder,
                            a.incrementaldecoder, name=ASCII_NAMED)


codecs.register(_ascii_by_another_name)

RED_CARDS = r"(?:10|[2-9AJQK])[♥♦]|\bRJ\b"
STYLES = (
    (RED_CARDS, "bold red"),
    (r"(?:10|[2-9AJQK])[♠♣]|\bBJ\b", "bold"),
    (r"^\S*──.*$", "bold cyan"),
    (r"^\S*══.*$", "bold yellow"),
)


def wants_colour(stream) -> bool:
    """Colour on a terminal, unless NO_COLOR is set or the terminal is dumb."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


class OutputClosed(Exception):
    """The screen's output went away (its reader ended, the terminal closed): nothing more can be shown."""


class Screen:
    """Writes lines; in Persian each line starts with a right-to-left mark so it reads from the right. Where
    the output fails, OutputClosed is raised once, and later lines go nowhere (`closed`)."""

    def __init__(self, stream, colour: bool | None = None, rtl: bool = False):
        self.stream, self.rtl, self.closed = stream, rtl, False
        self.colour = wants_colour(stream) if colour is None else colour
        self.console = None
        if self.colour:
            try:
                from rich.console import Console
            except ImportError:  # colour is a nicety: without rich, plain text
                self.colour = False
            else:
                self.console = Console(file=stream, highlight=False, markup=False, emoji=False,
                                       soft_wrap=True, force_terminal=True)

    @property
    def columns(self) -> int | None:
        """The terminal's width, when the lines go to a terminal that says it (else None: a pipe takes any
        width, and a terminal whose size was never set says 0); a width set in COLUMNS first, as `list` and
        `rules` read it."""
        isatty = getattr(self.stream, "isatty", None)
        if not (isatty and isatty()):
            return None
        given = os.environ.get("COLUMNS", "")
        if given.isdigit() and int(given) > 0:
            return int(given)
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (OSError, ValueError, AttributeError):
            return None
        return columns if columns > 0 else None

    def line(self, text: str = "") -> None:
        for part in text.split("\n"):
            self._write(part, end="\n")

    def prompt(self, text: str) -> None:
        self._write(text, end="")

    def _write(self, text: str, end: str) -> None:
        if self.closed:
            return
        try:
            self._show(text, end)
        except OSError as e:  # a broken pipe, or the terminal's EIO once it is gone
            self.closed = True
            raise OutputClosed(str(e)) from e

    def _show(self, text: str, end: str) -> None:
        text = spelt(text)  # a ruleset's words with an escape sequence in them never command the terminal
        if self.rtl and text:
            text = RLM + text
        if self.console is None:
            self.stream.write(text + end)
            self.stream.flush()
            return
        from rich.text import Text

        styled = Text(text)
        for pattern, style in STYLES:
            styled.highlight_regex(pattern, style)
        self.console.print(styled, end=end)
