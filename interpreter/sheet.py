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
    out += ["", f"## {h['game']}", f"- {h['target']}: {game_spec.get('target')}"]
    if "next_dealer" in game_spec:
        out.append(f"- {h['dealer']}: {game_spec['next_dealer']}")
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
            text = f"{p['count']} to {p['to']}"
            if p.get("seats", "all") != "all":
                text += f" ({p['seats']})"
            if "redeal_if" in p:
                text += f"; redeal if {p['redeal_if']}"
            if "replace_if" in p:
                text += f"; a card with {p['replace_if']} goes under the stock and is replaced"
            parts.append(text)
        return f"{name}{when}: shuffle and deal — " + "; then ".join(parts)
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
    return name
