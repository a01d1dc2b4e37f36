"""Cross-check cardrules against an independent reference (tests/reference/pasur_hokm.py) for every bundled
Pasur and Hokm ruleset, the way outside checkers do: random games from the reference, written as
CONTRACT.md records with explicit deck orders, replayed by cardrules, compared at every prefix (state
stepped on from a replayed record), by a fresh `records.replay` at several prefixes, and through the CLI.

Where RULES.md leaves a point open (reference.READINGS), both now take the same reading, stated in the
README; the tests at the end pin each one.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from interpreter import records
from tests.reference import pasur_hokm as ref

ROOT = Path(__file__).resolve().parent.parent
OURS = sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml") if p.stem.startswith(("pasur", "hokm")))
# House rules seen elsewhere (docs/VARIANTS.md) that the reference, written from RULES.md, does not play: their
# scenario tests (tests/test_*_house_rules.py, tests/test_pasur_jacks_to_dealer.py,
# tests/test_pasur_jack_takes_part.py) and the conformance invariants check them instead.
HOUSE_RULES = {"pasur-sur-no-cancel", "pasur-sur-cancels-at-once", "pasur-last-card-sur", "pasur-jack-again-redeal",
               "pasur-jacks-to-dealer", "pasur-jack-takes-part",
               "pasur-3p", "pasur-3p-most-clubs", "hokm-random-hakem", "hokm-hakem-five-first", "hokm-one-point",
               "hokm-kap", "hokm-3p"}
BUNDLED = [n for n in OURS if n not in HOUSE_RULES]
GAMES = 15


# ----------------------------------------------------------------------------------------- generating games

def deck_orders(rng: random.Random, k: int | None = None, rig=None):
    """k random deck orders (a list), or endless ones (a generator) when k is None."""
    def endless():
        while True:
            deck = list(ref.DECK)
            rng.shuffle(deck)
            yield rig(deck, rng) if rig else deck

    return list(itertools.islice(endless(), k)) if k is not None else endless()


def _place(deck: list[str], cards: list[str], at: int) -> list[str]:
    """`deck` with `cards` moved to positions at, at+1, … (the rest keep their order)."""
    rest = [c for c in deck if c not in cards]
    return rest[:at] + cards + rest[at:]


def pasur_rig(players: int):
    """Deck orders that now and then make the P3 cases happen: a table with two jacks, three queens or
    three kings (misdeal), one jack, one jack whose replacement is a jack too, or one jack and two queens
    whose replacement is a third queen (not judged again)."""
    at = 4 * players

    def rig(deck, rng):
        case = rng.randrange(10)
        suits = list(ref.SUITS)
        rng.shuffle(suits)
        if case == 0:
            return _place(deck, ["J" + suits[0], "J" + suits[1]], at + rng.randrange(3))
        if case == 1:
            return _place(deck, ["Q" + s for s in suits[:3]], at)
        if case == 2:
            return _place(deck, ["K" + s for s in suits[:3]], at + 1)
        if case == 3:
            return _place(deck, ["J" + suits[0]], at + rng.randrange(4))
        if case == 4:  # the jack is the last table card and the next stock cards are jacks too
            return _place(deck, ["J" + s for s in suits[:1 + rng.randrange(1, 4)]], at + 3)
        if case == 5:
            return _place(deck, ["Q" + suits[0], "J" + suits[1], "Q" + suits[2], "7H", "Q" + suits[3]], at)
        return deck

    return rig


HAKEM_SIDE_PLACES = {*range(0, 5), *range(10, 15), *range(20, 24), *range(28, 32), *range(36, 40), *range(44, 48)}


def hokm_rig(deck, rng):
    """Now and then a deal (H5: 5, 4, 4, hakem first) that gives the hakem's side two whole suits, so that
    with one of them trump they take every trick: bams made (H14)."""
    if rng.random() > 0.12:
        return deck
    two = rng.sample(ref.SUITS, 2)
    ours = iter([c for c in deck if ref.suit(c) in two])
    theirs = iter([c for c in deck if ref.suit(c) not in two])
    return [next(ours) if i in HAKEM_SIDE_PLACES else next(theirs) for i in range(52)]


def hokm_choice(game: ref.Hokm, rng: random.Random, style: dict) -> str:
    """Random, or (in a biased hand) one side plays to win every trick and the other to lose them: kots,
    bams and sixes happen often enough to be checked. A trump an opponent is void in is named now and
    then, so that a void redeal (H6) happens."""
    legal = game.legal()
    if game.phase == "trump" and isinstance(game, ref.Hokm2p):  # two players: one may play to take every trick
        style["strong"] = rng.choice([None, 0, 1])
        return rng.choice(legal)
    if game.phase == "trump":  # a new deal: pick how this hand is played
        style["strong"] = strong = rng.choice([None, 0, 1])
        side = game.side(game.hakem)
        ours = game.full_hands[side] + game.full_hands[side + 2]
        whole = [s for s in ref.SUITS if sum(ref.suit(c) == s for c in ours) == 13]
        if whole and rng.random() < 0.8:
            style["strong"] = side
            return "trump " + rng.choice(whole)
        opponents = [(game.hakem + 1) % 4, (game.hakem + 3) % 4]
        void = [s for s in ref.SUITS if any(all(ref.suit(c) != s for c in game.full_hands[o]) for o in opponents)]
        if void and rng.random() < 0.4:
            return "trump " + rng.choice(void)
        if strong is not None:
            held = game.full_hands[strong] + game.full_hands[strong + 2]
            return "trump " + max(ref.SUITS, key=lambda s: sum(ref.suit(c) == s for c in held))
        return rng.choice(legal)
    if game.phase == "bam":
        return "bam" if rng.random() < 0.7 else "stop"
    strong = style.get("strong")
    if game.phase != "play" or strong is None:
        return rng.choice(legal)

    def power(card, led):
        return ref.suit(card) == game.trump, led is None or ref.suit(card) == led, ref.hokm_strength(card)

    led = ref.suit(game.trick[0][1]) if game.trick else None
    ranked = sorted(legal, key=lambda a: power(a.split()[1], led))
    winning = max(game.trick, key=lambda e: power(e[1], led))[0] if game.trick else None
    if game.side(game.to_act) == strong and (winning is None or game.side(winning) != strong):
        return ranked[-1]
    return ranked[0]


def view(game) -> dict:
    """The reference state in the shape compared with `replay --json`."""
    out = {"over": game.over, "scores": list(game.scores),
           "hands": [{"points": h["points"], "totals": h["totals"]} for h in game.hands]}
    if isinstance(game, ref.Hokm):
        out["rounds"] = list(game.rounds)
    if not game.over:
        out["to_act"] = game.to_act
        out["legal"] = game.legal()
    return out


def engine_view(summary: dict, with_rounds: bool) -> dict:
    assert ("rounds" in summary) == with_rounds, "CONTRACT: `rounds` is added where more than one round is played"
    out = {"over": summary["over"], "scores": summary["scores"],
           "hands": [{"points": h["points"], "totals": h["totals"]} for h in summary["hands"]]}
    if with_rounds:
        out["rounds"] = summary["rounds"]
    if not summary["over"]:
        out["to_act"] = summary.get("to_act")
        out["legal"] = summary.get("legal")
    return out


def play(name: str, seed: int, options=None, readings=ref.CARDRULES, max_actions=5000, stop_after=None):
    """A random game by the reference: (record, views after each prefix, events). With `stop_after`, the
    record stops right after the action at which that event first happens."""
    rng = random.Random(f"{name}/{seed}")
    kind, base = ref.VARIANTS[name]
    players = {**base, **(options or {})}.get("players", 2 if kind == "pasur" else 4)
    rig = pasur_rig(players) if kind == "pasur" else hokm_rig if players == 4 else None
    game = ref.make(name, options, deck_orders(rng, rig=rig), readings)
    views, actions, style = [view(game)], [], {}
    while not game.over and len(actions) < max_actions:
        action = rng.choice(game.legal()) if kind == "pasur" else hokm_choice(game, rng, style)
        actions.append({"seat": game.to_act, "action": action})
        game.apply(action)
        views.append(view(game))
        if stop_after and game.events[stop_after]:
            break
    record = {"format": "cardrules-record/1", "ruleset": name, "options": dict(options or {}), "seed": seed,
              "shuffles": game.shuffles_used, "actions": actions}
    if game.over:
        record["result"] = {"scores": list(game.scores), "winner": game.winner}
    return record, views, game.events


def with_rounds(record) -> bool:
    kind, base = ref.VARIANTS[record["ruleset"]]
    return kind == "hokm" and {**base, **record.get("options", {})}.get("rounds", 1) > 1


def compare(record, views, prefixes=1, rng=None):
    """Every prefix by stepping one replayed state on; a fresh replay at a few prefixes and at the end."""
    rounds = with_rounds(record)
    actions = record["actions"]
    start = {key: v for key, v in record.items() if key != "result"}
    state = records.replay({**start, "actions": []}, ".")
    for i in range(len(actions) + 1):
        got = engine_view(records.summary(state), rounds)
        assert got == _trim(views[i], rounds), _explain(record, i, got, views[i])
        if i < len(actions):
            state.apply(actions[i]["action"])
    rng = rng or random.Random(0)
    cuts = sorted({0, len(actions), *(rng.randrange(len(actions) + 1) for _ in range(prefixes))})
    for k in cuts:
        part = {key: v for key, v in record.items() if key != "result" or k == len(actions)}
        part["actions"] = actions[:k]
        got = engine_view(records.summary(records.replay(part, ".")), rounds)
        assert got == _trim(views[k], rounds), _explain(record, k, got, views[k])


def _trim(v: dict, rounds: bool) -> dict:
    return v if rounds else {k: x for k, x in v.items() if k != "rounds"}


def _explain(record, i, got, want) -> str:
    diff = {k: {"cardrules": got.get(k), "reference": want.get(k)} for k in want if got.get(k) != want.get(k)}
    last = record["actions"][max(0, i - 4):i]
    return (f"{record['ruleset']} {record['options']} seed {record['seed']}: disagreement after {i} actions "
            f"(last: {last}): {json.dumps(diff)}")


# ----------------------------------------------------------------------------------------- random games

def test_every_bundled_pasur_and_hokm_ruleset_has_a_reference():
    """Every Pasur and Hokm ruleset has a reference game, but the house rules listed as such, each of which is
    a house rule of docs/VARIANTS.md (its first comment says so)."""
    assert BUNDLED == sorted(ref.VARIANTS)
    for name in HOUSE_RULES:
        assert "VARIANTS.md" in (ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8").split("\n", 2)[1]


@pytest.mark.parametrize("name", BUNDLED)
def test_random_games_agree_with_the_reference(name):
    events = Counter()
    for seed in range(GAMES):
        record, views, ev = play(name, seed)
        assert views[-1]["over"], f"{name} seed {seed}: the reference game did not end"
        compare(record, views, rng=random.Random(seed))
        events += ev
    _assert_covered(name, events)


# Option mixes (record `options` over a variant), as outside checkers may send.
MIXES = [
    ("pasur-4p", {"multi_capture": True, "most_cards_bonus": 3, "sur_cards": "numeric", "target": 105}),
    ("pasur-4p", {"last_deal_sur": True}),
    ("pasur-multicapture", {"last_deal_sur": True, "most_cards_bonus": 3}),
    ("hokm", {"first_hakem": "draw", "throw_in": True, "void_redeal": True, "bam": True, "rounds": 2}),
    ("hokm-kot-at-six-reset", {"rounds": 2, "bam": True}),
    ("hokm-kot-at-six-wins", {"rounds": 3}),
    ("hokm-no-trump", {"void_redeal": True, "throw_in": True, "bam": True}),
]


@pytest.mark.parametrize(("name", "options"), MIXES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(MIXES)])
def test_option_mixes_agree_with_the_reference(name, options):
    for seed in range(3):
        record, views, _ = play(name, 100 + seed, options)
        compare(record, views, rng=random.Random(seed))


# What the seeded games above must have exercised, so that the agreement means something.
COVERAGE = {
    "pasur": ["misdeal", "jack under", "jack replaced by jack", "sur", "sur not counted"],
    "pasur-4p": ["misdeal", "jack under", "sur", "sur not counted"],
    "pasur-multicapture": ["multi-set capture", "sur"],
    "pasur-last-deal-sur": ["sur"],
    "pasur-numeric-sur": ["sur", "sur not counted"],
    "hokm": ["kot", "hakem kot"],
    "hokm-draw-hakem": ["draw tie"],
    "hokm-void-redeal": ["void redeal"],
    "hokm-throw-in": ["throw-in keep", "throw-in redeal"],
    "hokm-bam": ["bam", "stop", "bam made", "bam failed"],
    "hokm-rounds-2": ["round won"],
    "hokm-rounds-3": ["round won"],
    "hokm-kot-at-six-wins": ["kot from six"],
    "hokm-kot-at-six-reset": ["kot from six"],
    "hokm-2p": ["kot", "hakem kot", "keep", "burn"],
    "hokm-2p-bam": ["bam", "stop", "bam made"],
    "hokm-2p-rounds-2": ["round won"],
    "hokm-2p-rounds-3": ["round won"],
    "hokm-2p-kot-at-six-reset": ["kot from six"],
}


def _assert_covered(name, events):
    missing = [e for e in COVERAGE.get(name, []) if not events[e]]
    assert not missing, f"{name}: the seeded games never had {missing} ({dict(events)})"


# ----------------------------------------------------------------------------------------- the real CLI

@pytest.mark.parametrize("name", BUNDLED)
def test_replay_json_through_the_cli(name, tmp_path):
    record, views, _ = play(name, 1000)
    cut = len(record["actions"]) // 2
    partial = {k: v for k, v in record.items() if k != "result"}
    partial["actions"] = record["actions"][:cut]
    rounds = with_rounds(record)
    for rec, want in ((record, views[-1]), (partial, views[cut])):
        path = tmp_path / "game.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        result = CliRunner().invoke(cli.main, ["replay", str(path), "--json"])
        assert result.exit_code == 0, result.output
        got = engine_view(json.loads(result.output), rounds)
        assert got == _trim(want, rounds), _explain(rec, len(rec["actions"]), got, want)


# ----------------------------------------------------------------------------------------- disagreements
# Points where RULES.md does not settle the matter: each test pins the reading both sides now take.

def first_game_with(name, event, options=None, seeds=range(200), where=lambda view: True):
    """The first seeded reference game (own readings) in which `event` happens (and the reference's view
    right after it satisfies `where`), cut right after it."""
    for seed in seeds:
        record, views, events = play(name, seed, options, readings=ref.OWN, stop_after=event)
        if events[event] and where(views[-1]):
            return record, views
    raise AssertionError(f"no seeded {name} game has {event}")


def _engine(record) -> dict:
    return engine_view(records.summary(records.replay(record, ".")), with_rounds(record))


def test_draw_for_hakem_ties_redraw_among_the_tied_players_only():
    first = ["KS", "KH", "5D", "6C", "2S", "3S"]  # seats 0 and 1 tie on kings; then 2S to 0, 3S to 1
    second = ["2D", "3D", "4D", "AS"]  # had everyone drawn again from a new shuffle: AS to seat 3
    shuffles = [first + [c for c in ref.DECK if c not in first], second + [c for c in ref.DECK if c not in second]]
    shuffles += deck_orders(random.Random(1), 3)
    record = {"format": "cardrules-record/1", "ruleset": "hokm-draw-hakem", "shuffles": shuffles, "actions": []}
    game = ref.make("hokm-draw-hakem", {}, shuffles)
    assert game.to_act == 1
    got = _engine(record)
    assert got["to_act"] in (0, 1), f"cardrules makes seat {got['to_act']} hakem after a 0/1 tie"


def test_kot_at_six_wins_the_round_not_the_match():
    record, views = first_game_with("hokm-kot-at-six-wins", "kot from six", {"rounds": 2},
                                    where=lambda view: not view["over"])
    assert _engine(record) == views[-1]
