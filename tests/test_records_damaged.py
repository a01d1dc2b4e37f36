"""Records damaged at random — a field dropped, a value of another type, a list shuffled or stretched — are
refused or replayed with a message, never a traceback: `replay`, `replay --json` and `play --resume` each
end with their own exit (CONTRACT.md "Game records"; a person edits records by hand)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import load, records
from interpreter.simulate import play_one

ODD = [None, True, False, 0, -1, 2, 2**70, 1.5, "", "x", "play 7H", "pass", [], [1], ["AS"], {}, {"a": 1},
       "\U0001F0A1", [[0, "pass"]], [None], -10**20]
DAMAGED = 60  # records a run makes (about 0.1 s each)


def _places(value, path=()):
    """Every place inside a record (the first few items of a list), as a path of keys and indexes."""
    if path:
        yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            yield from _places(v, path + (i,))


def damage(rec: dict, rng: random.Random) -> dict:
    """The record with one to three places changed."""
    rec = copy.deepcopy(rec)
    for _ in range(rng.choice((1, 1, 2, 3))):
        path = rng.choice(list(_places(rec)))
        parent = rec
        for k in path[:-1]:
            parent = parent[k]
        k, r = path[-1], rng.random()
        if r < 0.2 and isinstance(parent, dict):
            del parent[k]
        elif r < 0.3 and isinstance(parent, list):
            parent.insert(k, copy.deepcopy(rng.choice(ODD)))
        elif r < 0.4 and isinstance(parent[k], list):
            rng.shuffle(parent[k])
        elif r < 0.5 and type(parent[k]) is int:
            parent[k] += rng.choice((-1, 1, 52, -1000))
        else:
            parent[k] = copy.deepcopy(rng.choice(ODD))
    return rec


@pytest.fixture(scope="module")
def originals() -> list[dict]:
    made = []
    for name in ("pasur", "hokm-rounds-2", "shelem"):
        game = load(name)
        st = play_one(game, 3, ["random"] * game.players, max_hands=2)
        made.append(records.make(st, name, {"seat": 0, "bots": "random"}))
    return made


def test_a_damaged_record_is_refused_or_replayed_never_a_traceback(originals, tmp_path):
    rng, runner, crashes = random.Random(11), CliRunner(), []
    for i in range(DAMAGED):
        rec = damage(rng.choice(originals), rng)
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        for args in (["replay", path], ["replay", path, "--json"], ["play", "--resume", path]):
            res = runner.invoke(main, [str(a) for a in args], input="1\n" * 5)
            if crashed(res):
                crashes.append(f"{args[0]}: {res.output[-300:]}\n{json.dumps(rec)[:400]}")
    assert not crashes, "\n".join(crashes[:3])


def crashed(res) -> bool:
    """A bug of ours: the command's guard names it an internal error, or an exception got past the guard."""
    return "internal error" in res.output or "Traceback" in res.output or (
        res.exception is not None and not isinstance(res.exception, SystemExit))


def test_damage_changes_the_record_and_a_crash_would_be_seen(originals, tmp_path, monkeypatch):
    """The check can fail: damage changes what it is given, and a bug in reading a record counts as a crash
    while a record refused with a message does not."""
    rng = random.Random(1)
    assert all(damage(rec, rng) != rec for rec in originals)
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**originals[0], "seed": "x"}), encoding="utf-8")
    assert not crashed(CliRunner().invoke(main, ["replay", str(path)]))
    import interpreter.records

    def broken(*args, **kwargs):
        raise KeyError("a crash")

    monkeypatch.setattr(interpreter.records, "read", broken)
    assert crashed(CliRunner().invoke(main, ["replay", str(path)]))
