"""Shared helpers: fixed decks and states built from card names."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from interpreter import cards as C
from interpreter import load

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


def pytest_configure(config):
    """`play` keeps a game stopped before its end in the user's state folder, and the grammar's tables are
    kept in the cache folder: the tests' go to folders of their own, never the home folder (subprocesses
    inherit them)."""
    os.environ["XDG_STATE_HOME"] = config._cardrules_state = tempfile.mkdtemp(prefix="cardrules-state-")
    os.environ["XDG_CACHE_HOME"] = config._cardrules_cache = tempfile.mkdtemp(prefix="cardrules-cache-")
    # the tests say which language and card style they want: a person's own defaults, or a Persian locale, not
    for name in ("CARDRULES_LANG", "CARDRULES_CARDS"):
        os.environ.pop(name, None)
    if any(os.environ.get(k, "").lower().startswith("fa") for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")):
        os.environ["CARDRULES_LANG"] = "en"


def pytest_unconfigure(config):
    for folder in (getattr(config, "_cardrules_state", ""), getattr(config, "_cardrules_cache", "")):
        shutil.rmtree(folder, ignore_errors=True)


def deck_with(front: list[str], game) -> list[str]:
    """A full deck order starting with `front`, the rest in canonical order."""
    ids = [C.card_id(x) for x in front]
    assert len(set(ids)) == len(ids), "a card twice in the fixed deck"
    rest = [c for c in game.deck if c not in ids]
    return [C.NAMES[c] for c in ids + rest]


@pytest.fixture
def pasur():
    return load(RULESETS / "pasur.yaml")


def suit_key(name: str) -> str:
    """A card name's suit letter; J for the jokers (BJ, RJ)."""
    return "J" if name in ("BJ", "RJ") else name[-1]


def hands_round_the_table(fixed: dict[int, str], void: dict[int, str] | None, deck: list[str]) -> list[str]:
    """Four 13-card hands: seat s holds fixed[s]; the other cards are dealt round the table (suits that
    some seat is void in first, then in deck order), each to the next seat with room that is not void
    (`void[s]`: suit letters, J for the jokers) in its suit. Fixed cards stay, even in a `void` suit."""
    hands = {s: fixed.get(s, "").split() for s in range(4)}
    used = {c for h in hands.values() for c in h}
    assert len(used) == sum(len(h) for h in hands.values()), "a card twice"
    void = void or {}
    rest = [c for c in deck if c not in used]
    rest.sort(key=lambda c: -sum(suit_key(c) in v for v in void.values()))
    seat = 0
    for name in rest:
        for step in range(4):
            s = (seat + step) % 4
            if len(hands[s]) < 13 and suit_key(name) not in void.get(s, ""):
                hands[s].append(name)
                seat = s + 1
                break
        else:
            raise AssertionError(f"no room for {name}")
    return [" ".join(hands[s]) for s in range(4)]


def packets_5_4_4(hands: list[str], first: int, deck: list[str]) -> list[str]:
    """The deck order that leaves seat s holding hands[s]: 5 each, then 4, then 4, `first` first."""
    cards = [h.split() for h in hands]
    assert sorted(c for h in cards for c in h) == sorted(deck) and all(len(h) == 13 for h in cards)
    seats = [(first + i) % 4 for i in range(4)]
    return [c for lo, hi in ((0, 5), (5, 9), (9, 13)) for s in seats for c in cards[s][lo:hi]]


def one_at_a_time(hands: list[str], first: int, rest: list[str] | None = None) -> list[str]:
    """The deck order that deals seat s hands[s] one card at a time round the table, `first` first,
    followed by `rest` (the stock)."""
    cards = [h.split() for h in hands]
    n, k = len(cards), len(cards[0])
    assert all(len(h) == k for h in cards)
    return [cards[(first + i) % n][j] for j in range(k) for i in range(n)] + list(rest or [])


def pasur_sweeping(tmp_path: Path, effect: str):
    """Pasur with a per-side counter `swept` raised by one `after_capture` effect, written as a flow mapping
    (`if:` and `by:` keys); the game loaded."""
    path = tmp_path / "swept.yaml"
    path.write_text("extends: pasur\ncounters:\n  swept: {owner: side}\nhand:\n  - name: play\n    play:\n"
                    f"      after_capture:\n        - {{name: swept, add: swept, {effect}}}\n", encoding="utf-8")
    return load(path)


TRICK_ZONES = """\
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  trick: {visible: all}
  won: {owner: side, visible: all}
counters:
  tricks: {owner: side}
"""  # the zones and the trick counter a plain trick game names (by the steps' default names)

TWO_PLAYER_TRICKS = """\
name: two-player-tricks
players: 2
deck: {}
""" + TRICK_ZONES + """\
hand:
  - name: deal
    deal: [{to: hand, count: 3}]
  - name: tricks
    play:
      mode: trick
      leader: next(dealer)
      follow: true
      tricks: tricks
PLAY
scoring:
  - {name: tricks, points: tricks}
game:
  target: 100
"""


def two_player_tricks(tmp_path: Path, play: str):
    """A small trick game for two (3 cards each, seat 0 leads, follow suit, no trump) whose trick play also
    has the keys `play` gives, written as YAML lines indented under `play:`; the game loaded."""
    path = tmp_path / "two-player-tricks.yaml"
    path.write_text(TWO_PLAYER_TRICKS.replace("PLAY\n", play), encoding="utf-8")
    return load(path)
