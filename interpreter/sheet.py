"""A ruleset as a readable rules sheet, generated from the same data that runs."""

from __future__ import annotations

from . import cards as C

HEADINGS = {
    "en": {"players": "Players", "partners": "partners sit opposite (seats i and i+2)", "deck": "Deck",
           "options": "Options", "zones": "Zones", "hand": "A hand", "scoring": "Scoring (per side, each hand)",
           "game": "The game", "target": "ends when a side reaches, alone on top", "dealer": "next dealer",
           "default": "default"},
    "fa": {"players": "بازیکنان", "partners": "یارها روبه‌روی هم می‌نشینند", "deck": "دسته کارت",
           "options": "گزینه‌ها", "zones": "جاها", "hand": "یک دست", "scoring": "امتیازها (هر تیم، هر دست)",
           "game": "بازی", "target": "پایان وقتی تیمی به این برسد و تنها بالاترین باشد", "dealer": "پخش‌کنندهٔ بعدی",
           "default": "پیش‌فرض"},
}


def sheet(game, lang: str = "en") -> str:
    h = HEADINGS.get(lang, HEADINGS["en"])
    t = game.tree
    title = game.names.get(lang) or game.names.get("en") or game.name
    out = [f"# {title}", "", game.description, ""]
    players = f"{h['players']}: {game.players}"
    out += [players + (f"; {h['partners']}" if game.partnerships else ""), ""]
    out += [f"{h['deck']}: {len(game.deck)} — " + _deck_words(t.get("deck", {})), ""]
    if game.option_docs:
        out.append(f"## {h['options']}")
        for name, (value, doc) in game.option_docs.items():
            out.append(f"- {name} = {value!r}" + (f": {doc}" if doc else ""))
        out.append("")
    out.append(f"## {h['zones']}")
    for z in game.zones.values():
        label = f"{z.name} ({z.fa})" if z.fa else z.name
        out.append(f"- {label}: owned by {z.owner}, visible to {z.visible}")
    out += ["", f"## {h['hand']}"]
    for i, step in enumerate(t.get("hand", []), 1):
        out.append(f"{i}. {_step_words(step)}")
    out += ["", f"## {h['scoring']}"]
    for row in t.get("scoring", []):
        label = row["name"] + (f" ({row['fa']})" if row.get("fa") else "")
        out.append(f"- {label}: {row['points']}")
    game_spec = t.get("game", {})
    out += ["", f"## {h['game']}"]
    if "target" in game_spec:
        out.append(f"- {h['target']}: {game_spec['target']}")
    if "next_dealer" in game_spec:
        out.append(f"- {h['dealer']}: {game_spec['next_dealer']}")
    extra = {"rounds": "rounds to win", "win_if": "a side wins at once if", "totals": "new total after a hand",
             "max_hands": "hand limit (then the higher total wins)",
             "hands": "the game ends after this many hands (the best total wins; tied on it: a draw)",
             "winner": "which total wins"}
    for key, words in extra.items():
        if key in game_spec:
            out.append(f"- {words}: {game_spec[key]}")
    for var, value in game_spec.get("after_hand", {}).items():
        out.append(f"- after each hand, {var} becomes {value}")
    return "\n".join(out) + "\n"


def _deck_words(deck) -> str:
    words = ["the standard 52 cards"]
    if deck.get("remove"):
        words.append("less " + " ".join(C.NAMES[C.card_id(c)] for c in deck["remove"]))
    if deck.get("add"):
        words.append("plus " + " ".join(C.NAMES[C.card_id(c)] for c in deck["add"]))
    return ", ".join(words)


def _step_words(step) -> str:
    name = step.get("name", "")
    when = f" (when {step['when']})" if "when" in step else ""
    if "deal" in step:
        parts = []
        for p in step["deal"]:
            text = f"{p['count']} to {p['to']}" + (f", {p['at_a_time']} at a time" if "at_a_time" in p else "")
            if p.get("seats", "all") != "all":
                text += f" ({p['seats']})"
            if "redeal_if" in p:
                text += f"; redeal if {p['redeal_if']}"
            if "replace_if" in p:
                text += f"; a card with {p['replace_if']} goes under the stock and is replaced"
            parts.append(text)
        how = "shuffle and deal" if step.get("shuffle", True) else "deal on from the stock"
        return f"{name}{when}: {how} — " + "; then ".join(parts)
    if "play" in step and step["play"]["mode"] == "trick":
        return f"{name}{when}: " + _trick_words(step["play"])
    if "play" in step:
        p = step["play"]
        lines = [f"{name}{when}: {p['mode']} play, first {p.get('first', 'after the dealer')}"]
        for r in p.get("captures", []):
            extra = f" adding up to {r['sum']}" if "sum" in r else ""
            lines.append(f"   - {r.get('name', 'capture')}: a card with {r['card']} takes {r['take']}"
                         f" of the cards with {r.get('from', 'anything')}{extra}")
        for e in p.get("after_capture", []):
            lines.append(f"   - after a capture, +1 {e['add']}" + (f" if {e['if']}" if "if" in e else ""))
        return "\n".join(lines)
    if "collect" in step:
        c = step["collect"]
        return f"{name}{when}: {c['from']} goes to the {c['to']} of seat {c['seat']}"
    for kind, words in _KIND_WORDS.items():
        if kind in step:
            return f"{name}{when}: {words(step[kind])}"
    return name


def _trick_words(p) -> str:
    parts = [f"tricks, {p.get('leader', 'next(dealer)')} leads first, then each trick's winner"]
    if p.get("follow", True):
        parts.append("follow suit if you can")
    if "trump" in p:
        parts.append(f"trump: {p['trump']}")
    if "declare_trump" in p:
        parts.append("the first card led names trump")
    parts.append("ranks low to high: " + " ".join(map(str, p.get("order", []))))
    if p.get("top"):
        parts.append("above every suit: " + " ".join(p["top"]))
    for sp in p.get("special", []):
        rules = [k for k in ("free", "allowed", "forced") if k in sp]
        which = sp.get("card") or f"cards with {sp.get('cards')}"
        parts.append(f"{which}: " + ", ".join(f"{k} {sp[k]}" for k in rules))
    if "suitless_lead" in p:
        parts.append(f"a led card of no suit asks for {p['suitless_lead']}")
    if "turns" in p:
        parts.append("each trick: " + ", ".join(f"seat +{t.get('seat', 0)} from {t['from']}" for t in p["turns"]))
    if "stop_when" in p:
        parts.append(f"stop when a side has {p['stop_when']}")
    return "; ".join(parts)


def _auction_words(a) -> str:
    forbid = f"; no bid (offer) when {a['forbid_if']}" if "forbid_if" in a else ""
    if a.get("style") == "each":
        return (f"each seat from {a.get('first', 'next(dealer)')} bids once, {a['min']} to {a['max']}, into {a['into']}"
                + forbid)
    return (f"auction from {a.get('first', 'next(dealer)')}: bids {a['min']} to {a['max']} by {a.get('step', 1)},"
            f" a pass is final; the last bidder is {a.get('winner')} with the {a.get('contract')};"
            f" if all pass, deal again" + forbid)


_KIND_WORDS = {
    "draw": lambda d: (f"deal face up from seat 0; the first card with {d.get('until', 'anything')} makes its"
                       f" seat {d['role']}" if d.get("mode", "first") == "first"
                       else f"each seat draws a card; the highest is {d['role']} (ties draw again)"),
    "set": lambda s: "; ".join(f"{k} becomes {v}" for k, v in s.items()),
    "choose": lambda c: f"{c['who']} chooses {c.get('verb', '')} {c['options']} ({c['sets']})".replace("  ", " "),
    "redeal": lambda r: f"if {r.get('if', 'true')}, throw the cards in and deal again from '{r.get('to', 'the deal')}'",
    "auction": _auction_words,
    "exchange": lambda x: ((f"{x['who']} takes the {x['take']} into {x.get('into', 'hand')} and discards"
                            if "take" in x else f"{x['who']} discards") + f" {x['discard']} to {x['to']}"),
    "pick": lambda p: (f"from {p.get('first', 'next(dealer)')}, in turn until the {p.get('from', 'stock')} is empty:"
                       f" look at its top card and keep it into {p.get('keep', 'hand')} (the next goes to"
                       f" {p['burn']}) or burn it to {p['burn']} (and keep the next)"),
    "pass": lambda p: (f"every seat chooses {p['count']} cards of its {p.get('from', 'hand')} for seat {p['to']};"
                       f" nobody receives before all have chosen"),
}
