"""Action text: what a person types, in canonical form, and why a move is refused."""

from __future__ import annotations

from . import cards as C

CARD_LISTS = ("take",)  # words after which cards form a set in canonical order


def canonical(text: str) -> str:
    """Canonical spelling of an action: lower-case verbs, canonical cards, sets sorted.

    Unknown words are kept lower-cased, so the result is simply not legal.
    """
    words = text.replace(",", " ").split()
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i].lower()
        if word in CARD_LISTS:
            group = []
            i += 1
            while i < len(words) and _is_card(words[i]):
                group.append(C.card_id(words[i]))
                i += 1
            out.append(word)
            out.extend(C.NAMES[c] for c in sorted(group))
            continue
        out.append(_token(words[i], word))
        i += 1
    return " ".join(out)


def _token(raw: str, lower: str) -> str:
    """A card, a suit letter or symbol (trump H), or a plain word."""
    if _is_card(raw):
        return C.NAMES[C.card_id(raw)]
    suit = C.SUIT_SYMBOLS.get(raw, raw.upper())
    if len(raw) == 1 and suit in C.SUITS:
        return suit
    return lower


def _is_card(word: str) -> bool:
    try:
        C.card_id(word)
    except C.CardError:
        return False
    return True


def verbs_of(legal: list[str]) -> list[str]:
    return sorted({a.split()[0] for a in legal})


def why_illegal(st, typed: str, text: str) -> str:
    """A reason a person can act on, naming what is legal instead."""
    legal = st.legal_actions()
    words = text.split()
    head = f"'{typed.strip()}' is not a legal move"
    if not words:
        return "type a move or its number"
    if len(words) >= 2 and words[0] in verbs_of(legal) and words[1] not in C.BY_NAME and len(words[1]) <= 3 \
            and words[0] in ("play", "discard"):
        return f"{head}: '{words[1]}' is not a card (ranks A 2-10 J Q K, suits S H D C, e.g. 10D)"
    if len(words) >= 2 and words[0] == "play" and words[1] in C.BY_NAME:
        card = words[1]
        same = [a for a in legal if a.split()[1:2] == [card]]
        if not same:
            if any(a.startswith("play ") for a in legal):
                return f"{head}: you have no {card} you may play now"
            return f"{head}: it is not time to play a card"
        if len(same) == 1:
            return f"{head}: with {card} the only move is '{same[0]}'"
        return f"{head}: with {card} you may: " + "; ".join(same)
    verbs = verbs_of(legal)
    if words[0] not in verbs:
        return f"{head}: now you may {' or '.join(verbs)}"
    same = [a for a in legal if a.split()[0] == words[0]]
    shown = ", ".join(same[:12]) + (", …" if len(same) > 12 else "")
    return f"{head}: you may {shown}"
