"""Cards as small ints, in canonical order: suits S H D C, ranks A..K, then BJ, RJ."""

from __future__ import annotations

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS = ("BJ", "RJ")
NO_SUIT = -1

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}  # black, white
SUIT_DRAWN_AS = {0xFE0E: None, 0xFE0F: None}  # variation selectors after a suit sign (♣️: drawn as an emoji)
SUIT_SIGNS = "♠♥♦♣"

# card id -> canonical text; ranks are numbers A=1 .. K=13, jokers rank 0.
NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
RANK: tuple[int, ...] = tuple(r for _ in SUITS for r in range(1, 14)) + (0, 0)
SUIT: tuple[int, ...] = tuple(s for s in range(4) for _ in RANKS) + (NO_SUIT, NO_SUIT)
BY_NAME = {name: i for i, name in enumerate(NAMES)}
# `no_card`: what top() reads from an empty zone; an id past every card, of no suit, rank 0.
NO_CARD = len(NAMES)
RANK_OR_NONE: tuple[int, ...] = RANK + (0,)
SUIT_OR_NONE: tuple[int, ...] = SUIT + (NO_SUIT,)
# suit -> a test of whether a card is of that suit (no_suit: a joker), as `filter` takes it: a loop in C. A
# list's item by card id, which a set's membership would add a hash and a probe to for each card
OF_SUIT = {s: [cs == s for cs in SUIT + (None,)].__getitem__ for s in (NO_SUIT, *range(len(SUITS)))}  # no_card: none
RANK_NAMES = {name: i + 1 for i, name in enumerate(RANKS)}


class CardError(ValueError):
    """A card name that is not a card."""


def card_id(text: str) -> int:
    """Parse one card, accepting lower case, T for ten and suit symbols."""
    t = text.strip().upper().translate(SUIT_DRAWN_AS)
    for sym, letter in SUIT_SYMBOLS.items():
        t = t.replace(sym, letter)
    if t in ("BJ", "RJ"):
        return BY_NAME[t]
    if len(t) >= 2 and t[0] == "T":
        t = "10" + t[1:]
    if t not in BY_NAME:
        raise CardError(f"'{text}' is not a card (write ranks A 2-10 J Q K, suits S H D C, e.g. 10D)")
    return BY_NAME[t]


def rank_number(text) -> int | None:
    """A rank written in a ruleset (A, 2 .. 10 or T, J, Q, K) as its number, or None."""
    return RANK_NAMES.get(str(text).upper().replace("T", "10"))


def names(cards) -> list[str]:
    """Canonical texts of cards, in canonical order."""
    return [NAMES[c] for c in sorted(cards)]


def standard_deck(remove=(), add=(), kept=range(52)) -> list[int]:
    """The 52-card deck (or those of it `kept`) less `remove` plus `add` (names), in canonical order."""
    gone = {card_id(c) for c in remove}
    cards = [c for c in kept if c not in gone]
    cards += [card_id(c) for c in add]
    return sorted(cards)
