"""The quick structure check (`schema.fits`) says yes exactly where jsonschema finds no error: on every
bundled ruleset, every broken one, and random damage done to bundled trees. Loading trusts its yes and
skips jsonschema, so a yes it gave wrongly would let a malformed ruleset through to the compiler."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import interpreter
from interpreter.errors import RulesetError
from interpreter.schema import _validator, fits
from interpreter.source import load_tree

BAD = Path(__file__).resolve().parent / "bad_rulesets"
DAMAGE = [None, 4.0, True, False, 0, 1, -1, 10**12, "", "x", "S", [], {}, [1], {"zzz": 1}, {"name": "x"}]


def plain(value):
    """A tree as plain dicts and lists, to damage without touching the loaded one."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def clean(tree) -> bool:
    return not any(True for _ in _validator().iter_errors(tree))


def tree_of(path: Path):
    return load_tree(path, str(path), anywhere=True)


@pytest.mark.parametrize("path", interpreter.bundled(), ids=lambda p: p.stem)
def test_bundled_trees_fit(path):
    tree = tree_of(path)
    assert fits(tree) and clean(tree)


def test_broken_rulesets_agree():
    """Every broken ruleset that reads as YAML: the quick check and jsonschema agree (and some do not fit)."""
    unfit = 0
    for path in sorted(BAD.glob("*.yaml")):
        try:
            tree = tree_of(path)
        except RulesetError:
            continue
        assert fits(tree) == clean(tree), path.name
        unfit += not fits(tree)
    assert unfit >= 30


TREES = {name: plain(tree_of(interpreter.locate(name))) for name in ("pasur", "hokm", "shelem", "euchre")}


def paths(tree, at=()):
    """Every place in the tree: a key of a mapping or an index of a list, with its parent."""
    items = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for k, v in items:
        yield tree, k, at + (k,)
        yield from paths(v, at + (k,))


PLACES = {name: [p for _, _, p in paths(tree)] for name, tree in TREES.items()}


@settings(max_examples=300, deadline=None)
@given(hs.sampled_from(sorted(TREES)), hs.data())
def test_damaged_trees_agree(name, data):
    """A value replaced, a key removed or a key added anywhere: fits() is jsonschema's verdict."""
    tree = plain(TREES[name])
    for _ in range(data.draw(hs.integers(1, 3))):
        at = data.draw(hs.sampled_from(PLACES[name]))
        parent = tree
        try:
            for k in at[:-1]:
                parent = parent[k]
            parent[at[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier damage took the place away
        how = data.draw(hs.sampled_from(["replace", "remove", "add"]))
        if how == "replace":
            parent[at[-1]] = data.draw(hs.sampled_from(DAMAGE))
        elif how == "remove":
            del parent[at[-1]]
        elif isinstance(parent, dict):
            key = data.draw(hs.sampled_from(["zzz", 7, "name", "deal", "play", "choose"]))
            parent[key] = data.draw(hs.sampled_from(DAMAGE))
    assert fits(tree) == clean(tree)


def test_a_step_of_two_kinds_does_not_fit():
    """A step that is both a deal and a trick play fits each kind's shape alone: oneOf, not anyOf."""
    tree = plain(TREES["hokm"])
    steps = tree["hand"]
    deal = next(s for s in steps if "deal" in s)
    play = next(s for s in steps if "play" in s)
    play["deal"] = deal["deal"]
    assert not clean(tree)
    assert not fits(tree)


@pytest.mark.parametrize("value", ["x", "y", 3])
def test_a_keyword_it_does_not_know_leaves_the_verdict_to_jsonschema(value):
    """Inside oneOf, a branch it cannot judge must not count as a `no`: "x" fits both branches here, which
    oneOf refuses. It says `fits` only where jsonschema agrees."""
    import jsonschema

    schema = {"oneOf": [{"type": "string", "not": {"const": "y"}}, {"type": "string"}]}
    agrees = not list(jsonschema.Draft202012Validator(schema).iter_errors(value))
    assert not fits(value, schema) or agrees
