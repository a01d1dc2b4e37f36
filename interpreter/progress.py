"""A quiet progress line for long runs, and the number formats the study commands share."""

from __future__ import annotations

import io
import os
import sys
import threading
import time


def count(n: int) -> str:
    """A count: 1,234."""
    return f"{n:,}"


def counted(n: int, noun: str) -> str:
    """A count of a noun: 1 game, 1,234 games."""
    return f"{n:,} {noun}{'s' * (n != 1)}"


def num(x, digits: int = 2) -> str:
    """A measured number: fixed decimals, thousands grouped; '-' when there is none; never '-0.00' (a small
    negative mean rounds to zero, said without its sign)."""
    if x is None:
        return "-"
    said = f"{x:,.{digits}f}"
    return said[1:] if said.startswith("-") and not said.strip("-0.,") else said


def duration(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


class Progress:
    """`k/n games, %, time left` on a terminal's stderr, shown only once a run has taken `after` seconds.

    Elsewhere (a pipe, a file, a test) it stays silent. Use as a context manager; call it with each
    finished chunk's size.
    """

    def __init__(self, total: int, label: str, unit: str = "games", stream=None, after: float = 1.0,
                 seconds: float | None = None):
        self.total, self.label, self.unit, self.after = total, label, unit, after
        self.seconds = seconds  # a time limit: the time left is at most what is left of it
        self.stream = stream if stream is not None else sys.stderr
        self.live = _is_terminal(self.stream)
        self.done = 0
        self.started = time.perf_counter()
        self.shown = False
        self.last_draw = 0.0
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def __call__(self, k: int) -> None:
        with self.lock:
            self.done += k
            self._maybe_draw(force=self.finished)

    def _maybe_draw(self, force: bool = False) -> None:
        now = time.perf_counter()
        if self.live and now - self.started >= self.after and (force or now - self.last_draw >= 0.1):
            self.last_draw = now
            self._draw(now)

    def _tick(self) -> None:
        """Redraw while nothing finishes, so a slow first chunk still shows that the run is alive."""
        while not self.stop.wait(0.5):
            with self.lock:
                if not self.stop.is_set():
                    self._maybe_draw()

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def _draw(self, now: float) -> None:
        spent = now - self.started
        line = f"{self.label}: {count(self.done)}/{count(self.total)} {self.unit}"
        if self.done and spent > 0:
            rate = self.done / spent
            share = 100 * self.done / self.total if self.total else 100.0
            left = (self.total - self.done) / rate
            limited = self.seconds is not None and self.seconds - spent < left
            left = max(0.0, self.seconds - spent) if limited else left
            line += f"  {share:.1f}%  {num(rate, 1)} {self.unit}/s  {duration(left)} left" + " (time limit)" * limited
        else:
            line += f"  {duration(spent)} so far"
        width = max(20, self._columns() - 1)  # one row, or each redraw wraps onto a new one
        self.stream.write("\r" + line[:width].ljust(min(width, 79)))
        self.stream.flush()
        self.shown = True

    def _columns(self) -> int:
        """The width of the terminal the line is drawn on (its own stream's, not standard output's, which may be
        a file); 80 where it cannot be told."""
        try:
            return os.get_terminal_size(self.stream.fileno()).columns or 80
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return 80

    def __enter__(self):
        if self.live:
            threading.Thread(target=self._tick, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        with self.lock:
            if self.shown:
                self.stream.write("\n")
                self.stream.flush()


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
