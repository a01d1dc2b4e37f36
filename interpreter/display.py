"""The table as text for a person at one seat, in English or Persian."""

from __future__ import annotations

WORDS = {
    "en": {
        "hand": "hand", "seat": "seat", "you": "you", "dealer": "dealer", "score": "score",
        "this_hand": "this hand so far", "cards": "cards", "legal": "your moves", "to_act": "to act",
        "over": "game over", "winner": "winner", "side": "side", "hand_no": "hand",
        "prompt": "your move (number or text, 'help', 'quit')",
    },
    "fa": {
        "hand": "دست", "seat": "صندلی", "you": "شما", "dealer": "پخش‌کننده", "score": "امتیاز",
        "this_hand": "امتیاز این دست تا اینجا", "cards": "کارت", "legal": "حرکت‌های شما", "to_act": "نوبت",
        "over": "پایان بازی", "winner": "برنده", "side": "تیم", "hand_no": "دست",
        "prompt": "حرکت شما (شماره یا متن، help، quit)",
    },
}

SUIT_WORDS = {"en": "spades hearts diamonds clubs", "fa": "پیک دل خشت خاج"}


def word(key: str, lang: str) -> str:
    return WORDS.get(lang, WORDS["en"]).get(key, key)


def _side_label(game, side: int, me: int, lang: str) -> str:
    seats = [s for s in range(game.players) if game.side_of[s] == side]
    mine = game.side_of[me] == side
    who = "+".join(str(s) for s in seats)
    seat = word("seat", lang)
    label = f"{word('side', lang)} {side} ({seat} {who})" if game.partnerships else f"{seat} {who}"
    return f"{label} [{word('you', lang)}]" if mine else label


def _zone_title(zone, lang: str) -> str:
    return zone.fa if lang == "fa" and zone.fa else zone.name


def render(st, seat: int, lang: str = "en") -> str:
    """The whole table as `seat` sees it."""
    g, v = st.game, st.view(seat)
    title = g.names.get(lang) or g.names.get("en") or g.name
    lines = [f"== {title} · {word('hand_no', lang)} {len(st.hands) + 1} · {word('dealer', lang)}: "
             f"{word('seat', lang)} {st.dealer} =="]
    for z in g.zones.values():
        shown = v["zones"][z.name]
        name = _zone_title(z, lang)
        if z.owner == "none":
            lines.append(f"{name}: {_cards(shown, lang)}")
        elif z.owner == "seat":
            for s, pile in enumerate(shown):
                who = word("you", lang) if s == seat else f"{word('seat', lang)} {s}"
                lines.append(f"{name} ({who}): {_cards(pile, lang)}")
        else:
            for s, pile in enumerate(shown):
                lines.append(f"{name} — {_side_label(g, s, seat, lang)}: {_cards(pile, lang)}")
    for cname, values in v["counters"].items():
        label = g.counters[cname] if lang == "fa" and g.counters[cname] else cname
        lines.append(f"{label}: " + ", ".join(f"{_side_label(g, s, seat, lang)} {x}" for s, x in enumerate(values)))
    lines.append(f"{word('score', lang)}: " + _per_side(g, v["scores"], seat, lang))
    if not st.over:
        lines.append(f"{word('this_hand', lang)}: " + _per_side(g, v["hand_points"], seat, lang))
    return "\n".join(lines)


def _per_side(g, values, seat, lang) -> str:
    return ", ".join(f"{_side_label(g, s, seat, lang)} {x}" for s, x in enumerate(values))


def _cards(shown, lang) -> str:
    if isinstance(shown, int):
        return f"{shown} {word('cards', lang)}"
    return " ".join(shown) if shown else "—"


def moves(legal: list[str]) -> str:
    return "\n".join(f"  {i}. {a}" for i, a in enumerate(legal, 1))
