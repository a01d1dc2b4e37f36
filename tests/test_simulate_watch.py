"""`simulate` stops a hand its bots never end (simulate.HandWatch). Its loop (`play_one`) looks at the watch only
when something the watch reads has changed — a new deal, a misdeal, the bound on decisions reached — and must
stop a game at the same decision, with the same words, as a look before every decision."""

from __future__ import annotations

import pytest

import interpreter.bots as bots
import interpreter.simulate as simulate_module
from interpreter import load
from interpreter.errors import RulesetError
from interpreter.simulate import HandWatch, play_one, playing
from tests.test_cli_inputs import ENDLESS  # Hokm whose hakem always throws the hand in

DECIDED: list = []  # (seat, the log's length) of every decision the bots below are asked for


class NotedBot(bots.RandomBot):
    """A random bot that notes each decision it is asked for."""

    def choose(self, st):
        DECIDED.append((st.to_act, len(st.log)))
        return super().choose(st)


class MisdealingBot(NotedBot):
    """As if each of its moves led to a deal thrown in as it was dealt (a misdeal: the deal's phase stays)."""

    def choose(self, st):
        move = super().choose(st)
        st.misdeals += 1
        return move


def every_decision(game, seed: int, kinds: list[str], max_hands: int):
    """`play_one` as it was: the watch looked at before every decision."""
    with playing(game):
        st = game.new_state(seed=seed, max_hands=max_hands)
        players = bots.make_bots(kinds, seed)
        watch = HandWatch(st, seed)
        while not (st.over or st.halted):
            watch.check()
            st.apply_move(players[st.to_act].choose(st))
    return st


def outcome(play, game, seed: int) -> tuple:
    """What the bots decided, and the error that stopped the game (or the game's scores)."""
    DECIDED.clear()
    try:
        st = play(game, seed, ["random"] * game.players, max_hands=30)
        end = ("scores", tuple(st.scores))
    except RulesetError as e:
        end = ("error", str(e))
    return list(DECIDED), end


@pytest.mark.parametrize("ruleset, bot, actions, thrown, stops", [
    ("endless", NotedBot, None, None, "threw it in 100 times in a row"),  # deals thrown in, each a new phase
    ("endless", NotedBot, 300, 10**9, "within 300 decisions"),  # the bound on decisions
    ("hokm", NotedBot, 40, None, "within 40 decisions"),  # hands of more decisions: the count starts each hand
    ("hokm", MisdealingBot, None, 7, "its deal was thrown in 7 times in a row"),  # misdeals in the same deal
    ("hokm", NotedBot, None, None, None),  # nothing to stop
], ids=["throw-ins", "decisions", "decisions-per-hand", "misdeals", "none"])
def test_play_one_stops_a_game_where_a_look_before_every_decision_does(ruleset, bot, actions, thrown, stops,
                                                                         tmp_path, monkeypatch):
    if ruleset == "endless":
        (tmp_path / "endless.yaml").write_text(ENDLESS, encoding="utf-8")
        ruleset = tmp_path / "endless.yaml"
    if actions is not None:
        monkeypatch.setattr(simulate_module, "MAX_ACTIONS", actions)
    if thrown is not None:
        monkeypatch.setattr(simulate_module, "MAX_THROWN", thrown)
    monkeypatch.setitem(bots.KINDS, "random", bot)
    game = load(ruleset)
    for seed in range(3):
        skipping, looking = outcome(play_one, game, seed), outcome(every_decision, game, seed)
        assert skipping == looking
        decided, (how, said) = skipping
        assert decided, "no decision made"
        if stops is None:
            assert how == "scores"
        else:
            assert how == "error" and stops in said, said
