"""Trick play's common shape (every play from one hand, in seat order) runs specialised methods chosen at
load; they must play exactly the games the general step plays."""

from __future__ import annotations

import random

import pytest

from interpreter import _load, load
from interpreter import build_steps as B
from interpreter import cards as C
from interpreter.state import State
from interpreter.steps import TrickPlay
from interpreter.steps.trick_hand import HandTricks
from tests.conftest import RULESETS, TWO_PLAYER_TRICKS

GAMES = ["hokm", "hokm-3p", "shelem", "ghahveh", "spades", "hearts", "oh-hell", "shelem-2p"]  # 2p: pile tops


def _games(game, seeds: range, search: bool) -> list:
    """Each seed's log, scores and events (the tricks taken, as the table says them), and after each move what
    search reads of the play (the voids shown, the cards gone, the trick): by legal_moves/apply_move, or by
    play_random (search's playouts, which leave the voids out: nobody observes a playout)."""
    out = []
    for seed in seeds:
        st = game.new_state(seed=seed, listen=True)
        rng = random.Random(seed)
        seen = []
        while not st.over and len(st.hands) < 6:
            if search and st.to_act >= 0:
                st.game.steps[st.step].play_random(st, rng.random)
            else:
                st.apply_move(rng.choice(st.legal_moves()))
            ts = st.trick_state
            voids = None if search else ts.voids
            seen.append((st.to_act, voids, list(st.phase.get("gone", ())), ts.seats, ts.led))
        out.append((st.log, st.scores, [h["points"] for h in st.hands], seen, st.events))
    return out


def _general(name: str, monkeypatch):
    """The ruleset with every trick play built as the general step (loaded afresh, and not kept)."""
    _load.cache_clear()
    try:
        with monkeypatch.context() as m:
            m.setattr(B, "fits", lambda *a: False)
            return load(name)
    finally:
        _load.cache_clear()


@pytest.mark.parametrize("name", GAMES)
def test_the_common_shape_plays_the_games_the_general_step_plays(name, monkeypatch):
    fast = load(name)
    assert any(type(s) is HandTricks for s in fast.steps)
    slow = _general(name, monkeypatch)
    assert all(type(s) is TrickPlay for s in slow.steps if isinstance(s, TrickPlay))
    for search in (False, True):
        assert _games(fast, range(12), search) == _games(slow, range(12), search)


HOUSES = {  # Shelem for two changed where the bundled rulesets do not reach: what each turn's written lines do
    "a special card played from pile tops": "hand:\n  - name: tricks\n    play:\n      special:\n"
    "        - {name: hearts broken, cards: suit == H, allowed: 'not leading or count(played_cards[suit == H]) > 0'}\n",
    "turns out of seat order": "hand:\n  - name: tricks\n    play:\n      turns:\n        - {seat: 0, from: hand}\n"
    "        - {seat: 1, from: [pile1, pile2, pile3]}\n        - {seat: 1, from: hand}\n"
    "        - {seat: 0, from: [pile3, pile1, pile2]}\n",
}


@pytest.mark.parametrize("house", HOUSES)
def test_other_shapes_written_out_play_the_games_the_general_step_plays(house, tmp_path, monkeypatch):
    for name in ("shelem.yaml", "shelem-2p.yaml"):
        (tmp_path / name).write_text((RULESETS / name).read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: shelem-2p.yaml\nname: house\n" + HOUSES[house], encoding="utf-8")
    fast = load(str(path))
    assert any(type(s) is HandTricks for s in fast.steps)
    slow = _general(str(path), monkeypatch)
    for search in (False, True):
        assert _games(fast, range(10), search) == _games(slow, range(10), search)


SPECIALS = (  # Ghahveh's special cards and more, of every kind the written-out rules of special cards take
    "hand:\n  - name: tricks\n    play:\n      special:\n"
    "        - {card: BJ, free: true, forced: trick_number >= 10}\n"
    "        - {card: RJ, free: true, allowed: 'has(played_cards, BJ)'}\n"
    "        - {name: low clubs, cards: 'suit == C and rank in (2, 3, 4)', forced: trick_number == 3}\n"  # one test
    "        - {card: 7D, free: true}\n"  # free, and of a suit
    "        - {name: fives, cards: rank == 5, allowed: rank != 5 or trick_number > 2}\n"  # reads the card
    "        - {name: first trick, cards: 'suit in (S, H, D)', allowed: trick_number > 1 or leading}\n"
    "        - {name: high clubs, cards: 'suit == C and rank in (5, 6, 7, 8, 9, 10, J, Q, K, A)',"
    " allowed: trick_number > 1 or leading}\n"  # the cards but low clubs and jokers: refused in the first trick
)


def test_special_cards_written_out_play_the_games_the_general_step_plays(tmp_path, monkeypatch):
    """Refused cards (by a test of their entry, or of their own), every card refused (then any may be played),
    forced cards (one, or an entry's several), free cards with a suit or without, cards in several entries."""
    (tmp_path / "ghahveh.yaml").write_text((RULESETS / "ghahveh.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: ghahveh.yaml\nname: house\n" + SPECIALS, encoding="utf-8")
    fast = load(str(path))
    step = next(s for s in fast.steps if type(s) is HandTricks)
    assert len(step.entry_tests) == 2 and len(step.own_tests) > 4 and not step.free_unsuited
    assert any(step.specials[c].shared for c in step.forcers)
    slow = _general(str(path), monkeypatch)
    for search in (False, True):
        assert _games(fast, range(10), search) == _games(slow, range(10), search)


def test_bower_rules_keep_the_general_step():
    assert all(type(s) is TrickPlay for s in load("euchre").steps if isinstance(s, TrickPlay))


def _strings(code) -> set:
    """The text constants of a function's code, nested code included."""
    out = set()
    for c in code.co_consts:
        if isinstance(c, str):
            out.add(c)
        elif hasattr(c, "co_consts"):
            out |= _strings(c)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_the_generated_play_spells_no_name_from_the_ruleset(name):
    """The legal plays, the play, the close of a trick, the playouts and the step's start are source made at load
    of counts and flags: the ruleset's zones, counters and variables are bound as names, never written into it."""
    g = load(name)
    step = next(s for s in g.steps if type(s) is HandTricks)
    ruleset_names = set(g.zones) | set(g.counters) | set(g.vars)
    made = type(g.new_state(seed=0))  # the state's own methods, with the play written in
    for fn in (step.legal, step.apply, step.play_random, step.start, made.legal_moves, made.apply_move):
        assert fn.__code__.co_filename == "<string>"
        assert not _strings(fn.__code__) & ruleset_names


def test_rulesets_of_one_shape_share_the_compiled_play():
    """The source is made of counts and flags only, so a house rule that changes neither compiles nothing anew:
    its trick play runs the same code, with its own zones and functions bound."""
    base, house = load("hokm"), load("hokm-kap")
    a, b = (next(s for s in g.steps if type(s) is HandTricks) for g in (base, house))
    assert a.apply.__code__ is b.apply.__code__ and a.play_random.__code__ is b.play_random.__code__
    assert a.apply.__globals__["step"] is a and b.apply.__globals__["step"] is b


def test_the_state_has_the_written_out_trick_play_in_its_own_methods(monkeypatch):
    """A game whose trick play is written out makes states whose legal_moves and apply_move have its lines in
    them (a call fewer each, a play), copies included; with the general step, states are plain State. The
    games they play are the same (above)."""
    st = load("hokm").new_state(seed=1)
    assert type(st) is not State and isinstance(st, State)
    assert type(st).legal_moves.__code__.co_filename == type(st).apply_move.__code__.co_filename == "<string>"
    assert type(st.copy(history=False)) is type(st)
    assert type(_general("hokm", monkeypatch).new_state(seed=1)) is State


def test_a_trick_of_suitless_cards_alone_plays_as_the_general_step_plays(tmp_path, monkeypatch):
    """A joker led names no suit here (no `suitless_lead`), so a trick of the two jokers closes with none led:
    the written-out close reads its strengths for that case too (it once looked them up by the suit led alone
    and stopped with a TypeError). (Jokers with no power must be named by special entries, which add no rule
    here: else validate refuses them.)"""
    removed = ", ".join(n for n in C.NAMES[:52] if n not in ("AS", "KS", "AH", "KH"))  # four cards and two jokers
    path = tmp_path / "jokers.yaml"
    path.write_text(TWO_PLAYER_TRICKS.replace("deck: {}", f"deck: {{remove: [{removed}], add: [BJ, RJ]}}")
                    .replace("PLAY\n", "      trump: S\n      order: [K, A]\n"
                                        "      special: [{card: BJ}, {card: RJ}]\n"), encoding="utf-8")
    fast, slow = load(path), _general(str(path), monkeypatch)
    assert any(type(s) is HandTricks for s in fast.steps)
    fast_games = _games(fast, range(40), False)
    jokers = {C.card_id("BJ"), C.card_id("RJ")}
    plays = [[m for _, _, m in log] for log, *_ in fast_games]
    assert any({a, b} == jokers for p in plays for a, b in zip(p[0::2], p[1::2]))  # such a trick was played
    assert fast_games == _games(slow, range(40), False)
    assert _games(fast, range(40), True) == _games(slow, range(40), True)
