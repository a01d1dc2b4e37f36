"""The table as text for a person at one seat, in English or Persian."""

from __future__ import annotations

from . import cards as C

WORDS = {
    "en": {
        "hand": "hand", "seat": "seat", "you": "you", "dealer": "dealer", "score": "score",
        "this_hand": "this hand so far", "cards": "cards", "legal": "your moves", "to_act": "to act",
        "over": "game over", "winner": "winner", "side": "side", "hand_no": "hand",
        "prompt": "your move (number or text, 'help', 'quit')", "rounds": "rounds won",
        "bids": "bids", "trick": "trick", "leads": "led by", "face_down": "face down",
        "draw": "a draw", "shown": "you look at",
    },
    "fa": {
        "hand": "دست", "seat": "صندلی", "you": "شما", "dealer": "پخش‌کننده", "score": "امتیاز",
        "this_hand": "امتیاز این دست تا اینجا", "cards": "کارت", "legal": "حرکت‌های شما", "to_act": "نوبت",
        "over": "پایان بازی", "winner": "برنده", "side": "تیم", "hand_no": "دست",
        "prompt": "حرکت شما (شماره یا متن، help، quit)", "rounds": "دورهای برده",
        "bids": "قول‌ها", "trick": "دست", "leads": "شروع‌کننده", "face_down": "به پشت",
        "draw": "مساوی", "shown": "کارتی که می‌بینید",
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
    head = [f"{title}", f"{word('hand_no', lang)} {len(st.hands) + 1}",
            f"{word('dealer', lang)}: {_seat(st.dealer, seat, lang)}"] + _roles(st, seat, lang)
    lines = ["== " + " · ".join(head) + " =="]
    lines += _auction(st, seat, lang) + _trick(st, seat, lang)
    if v.get("shown"):
        lines.append(f"{word('shown', lang)}: " + " ".join(v["shown"]))
    for z in g.zones.values():
        if z.name == st.trick_zone:
            continue
        lines += _zone_lines(g, z, v["zones"][z.name], seat, lang)
    for cname, values in v["counters"].items():
        c = g.counters[cname]
        label = c.fa if lang == "fa" and c.fa else cname
        who = (lambda s: _seat(s, seat, lang)) if c.owner == "seat" else (lambda s: _side_label(g, s, seat, lang))
        lines.append(f"{label}: " + ", ".join(f"{who(s)} {x}" for s, x in enumerate(values)))
    for name, values in v["values"].items():
        if any(values):
            lines.append(f"{name}: " + _per_side(g, values, seat, lang))
    if g.rounds > 1:
        lines.append(f"{word('rounds', lang)}: " + _per_side(g, st.rounds, seat, lang))
    lines.append(f"{word('score', lang)}: " + _per_side(g, v["scores"], seat, lang))
    if not st.over and "hand_points" in v:
        lines.append(f"{word('this_hand', lang)}: " + _per_side(g, v["hand_points"], seat, lang))
    return "\n".join(lines)


def _seat(s: int, me: int, lang: str) -> str:
    return word("you", lang) if s == me else f"{word('seat', lang)} {s}"


def _roles(st, seat: int, lang: str) -> list[str]:
    """Variables that are set: hakem, trump, contract, choices."""
    out = []
    for var in st.game.vars.values():
        value = st.vars[var.name]
        label = var.fa if lang == "fa" and var.fa else var.name
        if var.type == "seat" and value >= 0:
            out.append(f"{label}: {_seat(value, seat, lang)}")
        elif var.type == "suit" and value >= 0:
            out.append(f"{label}: {C.SUITS[value]} {C.SUIT_SIGNS[value]} ({SUIT_WORDS[lang].split()[value]})")
        elif var.type in ("int", "word") and value:
            out.append(f"{label}: {value}")
    return out


def _auction(st, seat: int, lang: str) -> list[str]:
    bids = st.phase.get("bids")
    if not bids or st.phase.get("trick_no"):
        return []
    said = [f"{_seat(s, seat, lang)} {b}" for s, b in enumerate(bids) if b is not None]
    return [f"{word('bids', lang)}: " + (", ".join(said) if said else "—")]


def _trick(st, seat: int, lang: str) -> list[str]:
    zone = st.trick_zone
    if zone is None or "leader" not in st.phase:
        return []
    ph = st.phase
    plays = [f"{_seat(s, seat, lang)} {C.NAMES[c]}" for s, c in zip(ph["trick_seats"], st.zones[zone])]
    head = f"{word('trick', lang)} {ph['trick_no']}, {word('leads', lang)}: {_seat(ph['leader'], seat, lang)}"
    return [head + (": " + ", ".join(plays) if plays else "")]


def _zone_lines(g, z, shown, seat: int, lang: str) -> list[str]:
    name = _zone_title(z, lang)
    if z.owner == "none":
        return [] if shown in (0, []) and z.visible != "all" else [f"{name}: {_cards(shown, lang)}"]
    out = []
    for s, pile in enumerate(shown):
        who = _seat(s, seat, lang) if z.owner == "seat" else _side_label(g, s, seat, lang)
        if isinstance(pile, dict):
            top = pile["top"] or word("face_down", lang)
            out.append(f"{name} ({who}): {top} [{pile['count']}]" if pile["count"] else f"{name} ({who}): —")
        else:
            out.append(f"{name} ({who}): {_cards(pile, lang)}")
    return out


def _per_side(g, values, seat, lang) -> str:
    return ", ".join(f"{_side_label(g, s, seat, lang)} {x}" for s, x in enumerate(values))


def _cards(shown, lang) -> str:
    if isinstance(shown, int):
        return f"{shown} {word('cards', lang)}"
    return " ".join(shown) if shown else "—"


def moves(legal: list[str]) -> str:
    return "\n".join(f"  {i}. {a}" for i, a in enumerate(legal, 1))
