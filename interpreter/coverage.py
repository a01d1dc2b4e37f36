"""Coverage: how often each part of a ruleset fired in bot games, and which parts never did.

Steps, capture rules and effects, special cards, trumps, lay effects, scoring rows and options are counted on a private
copy of the compiled game whose steps are wrapped for counting; play outside `coverage` never pays for it.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass, field

from . import cards as C
from .bots import make_bots
from .errors import playing
from .expressions import never_holds
from .progress import counted
from .rules import reads_an_option, set_only_by_steps_off
from .simulate import HandWatch, chosen
from .source import Map, Seq, all_text, effect_label, special_label
from .state import Env
from .steps import Auction, CapturePlay, Choose, Collect, Redeal, Shed, TrickPlay
from .steps.shed import laid
from .steps.trick_lead import LeadTricks
from .steps.trick_swap import SWAP, SwapTricks
from .trial import TrumpWatch, watched

OFF_WORDS = "off with these options"  # how the detail of every part the options switch off ends
OFF = f"; {OFF_WORDS}"  # a step whose `when`, a row whose points, the options make false or 0
OFF_VALUE = " (0 with these options)"  # a value reading an option that the options make a constant 0


KINDS = ("step", "capture rule", "capture effect", "special card", "trump", "trick effect", "swap", "declaration",
         "close", "lay effect", "scoring row", "game end", "option")  # what an Item is, in the order they are said


@dataclass
class Item:
    """One part of the ruleset and how often it fired."""

    kind: str  # one of KINDS
    name: str
    fired: int
    where: object  # errors.Where
    detail: str = ""
    off: bool = False  # the options in force switch it off: it cannot fire, so never firing is no warning

    def as_dict(self) -> dict:
        return {"kind": self.kind, "name": self.name, "fired": self.fired, "where": str(self.where),
                "detail": self.detail, "off": self.off}


@dataclass
class Tally:
    steps: Counter = field(default_factory=Counter)  # step index -> times it ran
    rules: Counter = field(default_factory=Counter)  # (step index, rule name) -> captures made by it
    specials: Counter = field(default_factory=Counter)  # (step index, entry label) -> plays
    changed: Counter = field(default_factory=Counter)  # (step index, entry label) -> decisions it changed
    choices: Counter = field(default_factory=Counter)  # (step index, text) -> times chosen
    events: Counter = field(default_factory=Counter)  # (kind, step or zone) -> times
    starting: Counter = field(default_factory=Counter)  # the hand in play's step starts and events, counted
    happening: Counter = field(default_factory=Counter)  # in `steps` and `events` once the hand is scored
    rows: Counter = field(default_factory=Counter)  # row name -> hands it scored in
    values: Counter = field(default_factory=Counter)  # named value -> hands it was not 0 (for a side, or more)
    points: Counter = field(default_factory=Counter)  # row name -> points it gave
    ends: Counter = field(default_factory=Counter)  # the end that ended a game (win_if, target, hands, max_hands)
    trumps: TrumpWatch | None = None  # the trick plays' trumps written out: tricks led, and with a trump in force
    hands: int = 0


def coverage(game, n: int, seed: int, kinds: list[str], max_hands: int, progress=None) -> tuple[list[Item], dict]:
    """Play `n` bot games (seeds seed, seed+1, ...) and count what fired; (items, totals). `progress(1)` is
    called as each game ends."""
    tally = Tally(trumps=TrumpWatch(game))
    counted = watched(game, lambda st, i: st.emit("start", index=i))  # its steps say when they start
    unfinished = thrown = 0
    for s in range(seed, seed + n):
        with playing(game):
            st = counted.new_state(seed=s, listen=True)  # from the first step: what runs before the first decision
            bots = make_bots(kinds, s)
            watch = HandWatch(st, s, stop_thrown=True)  # bots that pass every deal out: the game unfinished
            while not st.over and len(st.hands) < max_hands:
                watch.check()
                if st.halted:
                    break
                _note_move(st, chosen(bots[st.to_act], st, s), tally)
        unfinished += not st.over
        thrown += st.halted and not st.over
        _note_game(st, tally, kept=st.halted and not st.over)
        if progress is not None:
            progress(1)
    ends = dict(tally.ends.most_common())
    return _items(game, tally, n), {"games": n, "hands": tally.hands, "unfinished": unfinished,
                                    "thrown_out": thrown, "ends": ends}


def _note_move(st, move, tally: Tally) -> None:
    """Count what a move fires before it is applied: the capture rule, the special card, the choice."""
    i, step = st.step, st.game.steps[st.step]
    if isinstance(step, CapturePlay):
        rule = step.rule_of(st, move)
        if rule is not None:
            tally.rules[i, rule.name] += 1
    elif isinstance(step, TrickPlay) and move < SWAP:  # a card played (no swap, declaration, close)
        tally.trumps.note(st, move)
        special = step.specials.get(move & 63)
        if special is not None:
            for part in special.parts:
                tally.specials[i, part.label] += 1
        if step.specials:
            for label in _changed_by(st, step, move & 63):
                tally.changed[i, label] += 1
    elif isinstance(step, Choose):
        tally.choices[i, step.text(move)] += 1
    elif isinstance(step, Shed) and type(move) is not int:  # draw, pass, a suit called, or cards laid together
        tally.choices[i, ("together" if laid(move) else "call") if type(move) is tuple else move] += 1
    st.apply_move(move)
    _note_events(st, tally)


def _changed_by(st, step, card: int) -> set[str]:
    """The special entries that change what the seat to act may do now: a card of theirs it holds refused
    (`allowed`) or made its only play (`forced`), or the card played off the suit led though the seat could
    follow (`free`). An entry that fires on every play (`cards: "true"`) counts only where it changes one."""
    seat, hand = st.to_act, step.first_sources[0]
    if st.game.zones[hand].owner != "seat":
        return set()
    held, led, suits = st.zones[hand][seat], st.trick_state.led, step.suits(st)
    could_follow = led is not None and step.follow and any(suits[c] == led for c in held)
    env, out = Env(st, seat, st.game.side_of[seat]), set()
    for c in held:
        for part in step.specials[c].parts if c in step.specials else ():
            if (part.allowed is not None and not part.allowed(env, c)
                    or part.forced is not None and part.forced(env, c)
                    or part.free and c == card and could_follow and suits[c] != led):
                out.add(part.label)
    return out


def _note_events(st, tally: Tally) -> None:
    """Count what happened in a hand once it is scored: not what a hand the game stops in did (the next
    hand's deal, begun when the bound on hands stops the game)."""
    for e in st.events:
        kind = e["kind"]
        if kind == "start":
            tally.starting[e["index"]] += 1
            continue
        if kind == "ended":  # the game's end, once a game: by which of its ends
            tally.ends[e["by"]] += 1
            continue
        if kind == "after_capture":  # the effects one capture fired, each counted
            tally.happening.update(("after_capture", f"{e['step']}: {name}") for name in e["effects"])
            continue
        tally.happening[kind, e.get("effect") or e.get("step") or e.get("zone") or ""] += 1  # effect: a card's act
        if kind == "hand":
            tally.steps.update(tally.starting)
            tally.events.update(tally.happening)
            tally.starting.clear()
            tally.happening.clear()
    st.events.clear()


def _note_game(st, tally: Tally, kept: bool = False) -> None:
    """The game's hands scored, and the events of the hand it stopped in: dropped (a deal the bound on hands
    began), or where the bots passed every deal out (`kept`), counted: those deals were dealt, bid on and
    thrown in, and nothing else happens in such a game."""
    _note_events(st, tally)
    if kept:
        tally.steps.update(tally.starting)
        tally.events.update(tally.happening)
    tally.starting.clear()
    tally.happening.clear()
    tally.hands += len(st.hands)
    for hand in st.hands:
        for name, points in hand["rows"].items():
            tally.rows[name] += any(points)
            tally.points[name] += sum(points)
        for name, per_side in hand.get("values", {}).items():
            tally.values[name] += any(per_side)


# ---- the report ----------------------------------------------------------------

def _items(game, tally: Tally, games: int) -> list[Item]:
    items = _step_items(game, tally) + _row_items(game, tally) + _end_items(game, tally, games)
    return items + _option_items(game, items, tally)


def _step_items(game, tally: Tally) -> list[Item]:
    out = []
    specs = game.tree.get("hand", Seq())
    for i, step in enumerate(game.steps):
        ran = tally.steps[i]
        fired, detail = ran, f"ran {ran:,} times"
        if isinstance(step, Redeal):
            fired = tally.events["redeal", step.name]
            detail += f", threw the hand in {fired:,} times"
        elif isinstance(step, Auction) and tally.events["redeal", step.name]:  # all passed: thrown in
            detail += f", threw the hand in {tally.events['redeal', step.name]:,} times (all passed)"
        elif isinstance(step, Choose):
            said = ", ".join(f"{t} {k:,}" for t in step.texts.values() if (k := tally.choices[i, t]))
            detail += f" ({said})" if said else ""
        elif isinstance(step, Shed):
            said = [f"{t} {k:,}" for t in ("draw", "call", "pass", "together") if (k := tally.choices[i, t])]
            if step.restock:  # the event names the zone drawn from
                said.append(f"restocked {tally.events['restock', step.draw_from]:,} times")
            detail += f" ({', '.join(said)})" if said else ""
        elif isinstance(step, Collect):  # a collect that runs but never finds a card to move does nothing
            fired = tally.events["collect", step.name] if ran else 0
            detail += f", collected cards {fired:,} times"
        elif hasattr(step, "packets"):
            misdeals = tally.events["misdeal", step.name]  # a misdeal event names its step
            replaced = sum(tally.events["replaced", p.zone] for p in step.packets)
            if misdeals or replaced:
                detail += f", {misdeals:,} misdeal{'s' * (misdeals != 1)}, {replaced:,} card{'s' * (replaced != 1)}" \
                          " replaced"
        if never_holds(step.when):
            detail += OFF
        elif not ran and i < len(specs):
            detail += set_only_by_steps_off(game, specs, specs[i].get("when"))
        off = detail.endswith(OFF_WORDS)
        out.append(Item("step", step.name, fired, step.where, detail, off))
        parts = []  # of a step the options switch off, every part is off with it
        spec = specs[i] if i < len(specs) else Map()
        if isinstance(step, CapturePlay):
            parts += _rule_items(i, step, spec, tally)
            parts += _capture_effect_items(step, spec, tally)
        if isinstance(step, TrickPlay):
            parts += _special_items(i, step, spec, tally) + _trump_items(i, step, tally)
            parts += _trick_effect_items(step, spec, tally)
        if isinstance(step, SwapTricks) and step.swap is not None:
            made, play = tally.events["swapped", step.name], spec.get("play", Map())
            parts.append(Item("swap", f"{step.name}: swap", made, play.where("swap").where, f"swapped {made:,} times"))
        if isinstance(step, LeadTricks):
            parts += _lead_items(step, spec.get("play", Map()), tally)
        if isinstance(step, Shed):
            parts += _lay_effect_items(step, tally)
        out += [dataclasses.replace(it, detail=f"{it.detail}; its step {OFF_WORDS}", off=True) if off else it
                for it in parts]
    return out


def _trump_items(i: int, step, tally: Tally) -> list[Item]:
    """A trick play's `trump`, counted by the tricks led with a trump suit in force: one that never gives a
    suit is warned of, as a part that never fired; one the options make no suit is off."""
    watch = tally.trumps
    if i not in watch.where:
        return []
    named, leads = watch.named[i], watch.leads[i]
    detail = f"a trump suit in force at {named:,} of {leads:,} tricks led" + (OFF if i in watch.off else "")
    return [Item("trump", f"{step.name}: trump", named, watch.where[i], detail, i in watch.off)]


def _lead_items(step, play, tally: Tally) -> list[Item]:
    """A trick play's declarations, each counted by the sets declared, and its close, by the hands closed."""
    out = []
    for k, d in enumerate(step.declarations):
        label, made = f"{step.name}: {d.name}", tally.events["declared", f"{step.name}: {d.name}"]
        out.append(Item("declaration", label, made, play["declare"].where(k).where, f"declared {made:,} times"))
    if step.close is not None:
        made = tally.events["closed", step.name]
        out.append(Item("close", f"{step.name}: close", made, play.where("close").where, f"closed {made:,} times"))
    return out


def _rule_items(i: int, step, spec, tally: Tally) -> list[Item]:
    rules = spec.get("play", Map()).get("captures", Seq())
    out = []
    for k, rule in enumerate(step.rules):
        where = rules.where(k).where if isinstance(rules, Seq) and k < len(rules) else step.where
        made = tally.rules[i, rule.name]
        out.append(Item("capture rule", f"{step.name}: {rule.name}", made, where, f"made {made:,} captures"))
    return out


def _capture_effect_items(step, spec, tally: Tally) -> list[Item]:
    effects = spec.get("play", Map()).get("after_capture", Seq())
    out = []
    for k, effect in enumerate(step.effects):
        where = effects.where(k).where if isinstance(effects, Seq) and k < len(effects) else step.where
        acted = tally.events["after_capture", f"{step.name}: {effect.name}"]
        out.append(Item("capture effect", f"{step.name}: {effect.name}", acted, where, f"acted {acted:,} times"))
    return out


def _trick_effect_items(step, spec, tally: Tally) -> list[Item]:
    """A trick play's `after_trick` entries, each counted by the tricks after which it acted."""
    entries = spec.get("play", Map()).get("after_trick", Seq())
    out = []
    for k, (name, _, _) in enumerate(step.after_trick):
        where = entries.where(k).where if isinstance(entries, Seq) and k < len(entries) else step.where
        acted = tally.events["after_trick", f"{step.name}: {name}"]
        out.append(Item("trick effect", f"{step.name}: {name}", acted, where, f"acted {acted:,} times"))
    return out


def _lay_effect_items(step, tally: Tally) -> list[Item]:
    out = []
    for effect in step.after_lay:
        label = f"{step.name}: {effect.name}"
        acted = tally.events["after_lay", label]
        detail = f"acted {acted:,} times"
        if effect.stack:  # of them, the cards laid on a draw owed, passing it on
            detail += f", {tally.events['answered', label]:,} of them answered a draw owed"
        out.append(Item("lay effect", label, acted, effect.where or step.where, detail))
    return out


def _special_items(i: int, step, spec, tally: Tally) -> list[Item]:
    entries = spec.get("play", Map()).get("special", Seq())
    out = []
    for k, entry in enumerate(entries if isinstance(entries, Seq) else ()):
        label = special_label(entry)
        plays, changed = tally.specials[i, label], tally.changed[i, label]
        cards = [C.NAMES[c] for c, s in step.specials.items() if any(p.label == label for p in s.parts)]
        out.append(Item("special card", f"{step.name}: {label}", changed, entries.where(k).where,
                        f"changed what could be played {changed:,} times; played {plays:,} times ({len(cards)}"
                        f" card{'s' * (len(cards) != 1)})"))
    return out


def _row_items(game, tally: Tally) -> list[Item]:
    rows = game.tree.get("scoring", Seq())
    out = []
    for k, row in enumerate(game.scoring):
        scored = tally.rows[row.name]
        mean = tally.points[row.name] / tally.hands if tally.hands else 0
        detail = f"scored in {scored:,} of {tally.hands:,} hands, {mean:.2f} points a hand"
        zero = getattr(row.points, "value", None) == 0
        if zero and reads_an_option(game.tree.get("values", Map()), rows[k].get("points", "") if k < len(rows) else ""):
            detail += OFF
        elif zero:  # written so: no setting of the options makes it score
            detail += "; its points are 0 whatever the options"
        out.append(Item("scoring row", row.name, scored, rows.where(k).where, detail, detail.endswith(OFF_WORDS)))
    return out


ENDS_SAID = {"target": "the target", "hands": "the number of hands", "max_hands": "max_hands"}  # a game's ends


def ends_said(ends: dict) -> list[str]:
    """How many games each end ended, a count first ('28 by the target': 'by target 28' read as a target of 28,
    a studies audit)."""
    return [f"{k:,} by {ENDS_SAID.get(by, by)}" for by, k in ends.items()]


def _end_items(game, tally: Tally, games: int) -> list[Item]:
    """The game's `win_if`, which fired in a game it ended: how many games it ended, beside how the others
    ended (by the target, by the number of hands, by max_hands, or stopped by coverage's bound on hands)."""
    spec = game.tree.get("game", Map())
    if game.win_if is None or "win_if" not in spec:
        return []
    ended = tally.ends["win_if"]
    others = ends_said({by: k for by, k in tally.ends.most_common() if by != "win_if"})
    stopped = games - sum(tally.ends.values())
    others += [f"{stopped:,} unfinished"] if stopped else []
    detail = f"ended {ended:,} of {games:,} games" + (f" (the rest: {', '.join(others)})" if others else "")
    if never_holds(game.win_if):
        detail += OFF
    elif not ended:
        detail += set_only_by_steps_off(game, game.tree.get("hand", Seq()), spec.get("win_if"))
    return [Item("game end", "win_if", ended, spec.where("win_if").where, detail, detail.endswith(OFF_WORDS))]


def _option_items(game, items: list[Item], tally: Tally) -> list[Item]:
    """Each option with the parts of the ruleset that read it; it fired if one of them did, as often as they
    did, added up (a step's runs, a rule's captures, a row's hands scored; the game's end, read at every hand's
    end, once a hand; a named value, in the hands it was not 0: a kot reset by a house rule, not every hand it
    was worked out in)."""
    hands = tally.hands
    options = game.tree.get("options", Map())
    texts = _texts_by_part(game)
    always = [k for k in texts if k[0] in ("game", "value")]  # read at every hand's end
    out = []
    for name, value in game.options.items():
        readers = [it for it in items if f"option.{name}" in texts.get((it.kind, it.name), "")]
        ends = [k for k in always if f"option.{name}" in texts[k]]
        live = [k for k in ends if not _off_with_options(game, k)]
        ended = any(k[0] == "game" for k in live)  # the game's end counts once a hand, a value where it acted
        fired = sum(it.fired for it in readers) + ended * hands + sum(tally.values[k[1]] for k in live
                                                                       if k[0] == "value")
        names = [f"{it.kind} '{it.name}'" + (OFF_VALUE if it.kind == "scoring row" and it.detail.endswith(OFF) else "")
                 for it in readers]  # a row the options make 0 reads the option, to no effect
        names += _end_readers(ends, live)
        shown = json.dumps(value, ensure_ascii=False)  # as a ruleset writes it: true, "none", 62
        detail = f"= {shown}; read by " + (", ".join(names) if names else "nothing")
        off = not fired and bool(readers or ends) and all(it.off for it in readers) and not live
        if off and "with these options" not in detail:  # every reader off (a step's `when`), unsaid: so is it
            detail += OFF
        out.append(Item("option", name, fired, options.where(name).where, detail, off))
    return out


def _end_readers(ends: list, live: list) -> list[str]:
    """The readers of an option worked out at every hand's end, as the report names them: the game's end once
    (off with these options only when every key of it that reads the option is), then each value."""
    games = [name for kind, name in ends if kind == "game"]
    out = []
    if games:
        on = any(kind == "game" for kind, _ in live)
        out.append("the game's end" if on else f"the game's end ({', '.join(games)}: off with these options)")
    return out + [f"value '{name}'" + ("" if (kind, name) in live else OFF_VALUE) for kind, name in ends
                  if kind == "value"]


GAME_ENDS_OFF = {"max_hands": "max_hands", "hands": "hands_fixed"}  # keys of `game:` whose 0 means none


def _off_with_options(game, part: tuple) -> bool:
    """Is this reader one the options in force turn off: a named value they make a constant 0, a limit on the
    hands (`max_hands`, `hands`) they make 0 (none), a `win_if` they make false? A value they make another
    constant (`bonus: option.bonus` at 10) is the option in force."""
    kind, name = part
    if kind == "game":
        if name == "win_if":
            return game.win_if is not None and never_holds(game.win_if)
        fn = getattr(game, GAME_ENDS_OFF[name], None) if name in GAME_ENDS_OFF else None
        return getattr(fn, "value", None) == 0
    return kind == "value" and getattr(game.values.get(name), "value", None) == 0


def _texts_by_part(game) -> dict:
    """All the text written under each step, capture rule and effect, special entry, lay effect, scoring row and
    the game section."""
    out = {("game", key): all_text(text) for key, text in game.tree.get("game", Map()).items()}
    for name, text in game.tree.get("values", Map()).items():
        out["value", name] = all_text(text)
    for i, spec in enumerate(game.tree.get("hand", Seq())):
        name = game.steps[i].name if i < len(game.steps) else ""
        out["step", name] = all_text(spec)
        play = spec.get("play", Map()) if isinstance(spec, Map) else Map()
        for rule in play.get("captures", Seq()):
            out["capture rule", f"{name}: {rule.get('name', 'capture')}"] = all_text(rule)
        for entry in play.get("special", Seq()):
            out["special card", f"{name}: {special_label(entry)}"] = all_text(entry)
        if isinstance(play.get("swap"), Map):
            out["swap", f"{name}: swap"] = all_text(play["swap"])
        for entry in play.get("declare", Seq()):
            if isinstance(entry, Map):
                out["declaration", f"{name}: {entry.get('name', '')}"] = all_text(entry)
        if isinstance(play.get("close"), Map):
            out["close", f"{name}: close"] = all_text(play["close"])
        for kind, key in (("capture effect", "after_capture"), ("lay effect", "after_lay"),
                          ("trick effect", "after_trick")):
            for k, effect in enumerate(play.get(key, Seq())):
                if isinstance(effect, Map):
                    out[kind, f"{name}: {effect_label(effect, k)}"] = all_text(effect)
    for row in game.tree.get("scoring", Seq()):
        out["scoring row", row.get("name", "")] = all_text(row)
    return out


def warnings(items: list[Item], games: int, label: str | None = None, off_too: bool = True) -> list[str]:
    """One located line for each part that never fired (CONTRACT.md's warnings), its detail saying where the
    options in force switch it off; without `off_too`, only for those that could fire (the rest are `notes`). A
    part at a line of a ruleset that `label` extends says so, as validate's errors do."""
    out = []
    for it in items:
        if it.fired == 0 and (off_too or not it.off):
            what = {"step": "never ran" if it.detail.startswith("ran 0") else
                    "never moved a card" if "collected cards 0 times" in it.detail else "never fired",
                    "scoring row": "never scored", "trump": "never gave a suit"}.get(it.kind, "never fired")
            out.append(f"{it.where}: warning: {it.kind} '{it.name}' {what} in {counted(games, 'game')} ({it.detail})"
                       + _of_base(it, label))
    return out


def notes(items: list[Item], label: str | None = None) -> list[str]:
    """One located line for each part the options in force switch off (it could not fire: no warning)."""
    return [f"{it.where}: note: {it.kind} '{it.name}' is off with these options ({it.detail.removesuffix(OFF)})"
            + _of_base(it, label) for it in items if it.fired == 0 and it.off]


def _of_base(it: Item, label: str | None) -> str:
    return f" (a line of a ruleset that {label} extends)" if label and it.where.file != label else ""
