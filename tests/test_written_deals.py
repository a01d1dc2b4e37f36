"""Deals written out at load (`steps/deal.py`, `written_deal`: packets of fixed counts, dealt whole from the
dealer, that throw nothing in) deal exactly what the general `deal_packets` deals."""

from __future__ import annotations

import random

import pytest

from interpreter import _load, load
from interpreter.steps import deal as D

GAMES = ["hokm", "hokm-3p", "shelem", "shelem-2p", "ghahveh", "euchre"]  # euchre: a card turned up, said


def _games(game) -> list:
    out = []
    for seed in range(10):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        zones = []
        while not st.over and len(st.hands) < 4:
            st.apply_move(rng.choice(st.legal_moves()))
            zones.append({k: v if not v or type(v[0]) is not list else [p[:] for p in v] for k, v in st.zones.items()})
        out.append((st.log, st.events, st.scores, st.decks, zones))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_written_deal_deals_what_the_general_deal_does(name, monkeypatch):
    fast = load(name)
    assert any(type(s) is D.Deal and s.deal.__code__.co_filename == "<string>" for s in fast.steps)
    _load.cache_clear()
    try:
        with monkeypatch.context() as m:
            m.setattr(D, "written_deal", lambda step, g: None)
            slow = load(name)
    finally:
        _load.cache_clear()
    assert not any(type(s) is D.Deal and s.deal.__code__.co_filename == "<string>" for s in slow.steps)
    assert _games(fast) == _games(slow)
