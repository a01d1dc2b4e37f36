"""`after_trick`: entries a trick play works out once each trick is taken (docs/language.md).

The example is Rang's sar (Court Piece): the tricks wait in the middle until one side takes two in a row, which
collects them all; written here over Hokm's deal, trump and play.
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import CardrulesError, load
from interpreter.coverage import coverage
from interpreter.sheet import sheet as rules_sheet
from interpreter.steps import TrickPlay
from interpreter.table import Table

SAR = """\
extends: hokm
name: sar
description: Hokm with Rang's sar - the tricks wait in the middle until one side takes two in a row
counters:
  sars: {owner: side}
vars:
  pending: {type: int}
  last_side: {type: int, initial: -1}
hand:
  - name: tricks
    play:
      after_trick:
        - name: sar
          doc: two tricks in a row by one side take those waiting in the middle
          set:
            sars: "if side == side(last_trick_winner) and last_side == side then sars + pending + 1 else sars"
            pending: "if side(last_trick_winner) == last_side then 0 else pending + 1"
            last_side: "if side(last_trick_winner) == last_side then -1 else side(last_trick_winner)"
"""


@pytest.fixture
def sar(tmp_path):
    path = tmp_path / "sar.yaml"
    path.write_text(SAR, encoding="utf-8")
    return path


def sars_of(winners: list[int]) -> list[int]:
    """Rang's sar worked out by hand from the sides that took each trick, in order."""
    sars, pending, last = [0, 0], 0, -1
    for side in winners:
        if side == last:
            sars[side] += pending + 1
            pending, last = 0, -1
        else:
            pending, last = pending + 1, side
    return sars


def test_the_entries_set_after_every_trick_in_order(sar):
    """Random games: each hand's sars, as the hand ends, are those the trick winners make by hand; a later
    entry of `set` reads the earlier ones' new values, and `last_side` (set last) is read as it was."""
    game = load(sar)
    assert type(game.steps[[s.name for s in game.steps].index("tricks")]) is TrickPlay  # not written out
    hands = 0
    for seed in range(6):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        winners = []
        while not st.over and len(st.hands) < 4:
            done = len(st.hands)
            st.apply_move(rng.choice(st.legal_moves()))
            winners += [game.side_of[e["winner"]] for e in st.events if e["kind"] == "trick"]
            st.events.clear()
            if len(st.hands) > done:
                assert st.hands[-1]["counters"]["sars"] == sars_of(winners), (seed, winners)
                winners, hands = [], hands + 1
    assert hands >= 20


def test_the_table_says_what_an_entry_changed_under_its_name(sar):
    game = load(sar)
    st, rng = game.new_state(seed=2, listen=True), random.Random(2)
    said = []
    while not st.hands:
        st.apply_move(rng.choice(st.legal_moves()))
        said += Table(st, 0).events(st.events)
        st.events.clear()
    sars = [line for line in said if "sar:" in line]
    assert sars and all(line.startswith("  → sar: ") and ("our sars +" in line or "their sars +" in line)
                        for line in sars), sars


def test_the_rules_sheet_and_coverage_name_each_entry(sar):
    sheet = rules_sheet(load(sar))
    assert ("after each trick is taken, **sar**: **sars** becomes `if side == side(last_trick_winner) and"
            " last_side == side then sars + pending + 1 else sars`") in sheet
    assert sheet.count("— two tricks in a row by one side take those waiting in the middle") == 1
    items, _ = coverage(load(sar), 4, 0, ["random"] * 4, 3)
    [item] = [i for i in items if i.kind == "trick effect"]
    assert item.name == "tricks: sar" and item.fired > 0 and item.where.line == 13
    # and `cardrules coverage` says it in words, not only in --json (a docs audit found it left out)
    said = CliRunner().invoke(main, ["coverage", str(sar), "-n", "4", "--max-hands", "3"]).output
    assert "trick effects:\n  tricks: sar " in said and f"acted {item.fired:,} times" in said, said


@pytest.mark.parametrize("entry, where, message", [
    ("{name: peek, if: 'count(hand(0)[suit == H]) > 1', set: {pending: 1}}", (13, 28),
     "after_trick if reads 'hand', which not every seat may see: whether the entry acts would tell them"),
    ("{name: peek, set: {sars: 'count(hand[suit == H])'}}", (13, 36),
     "counter 'sars' is set from 'hand', which not every seat may see"),
    ("{name: typo, set: {pendng: 1}}", (13, 30), "unknown variable 'pendng'"),
])
def test_an_entry_is_checked_as_every_set_is(tmp_path, entry, where, message):
    path = tmp_path / "bad.yaml"
    path.write_text(SAR.split("        - name: sar")[0] + f"        - {entry}\n", encoding="utf-8")
    with pytest.raises(CardrulesError) as met:
        load(path)
    found = [((w.line, w.col), m) for w, m in met.value.problems]
    assert any(at == where and m.startswith(message) for at, m in found), found


def test_after_trick_belongs_to_trick_play(tmp_path):
    path = tmp_path / "fish.yaml"
    path.write_text("extends: pasur\nname: fish\nhand:\n  - name: play\n    play:\n      after_trick:\n"
                    "        - {name: x, set: {}}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1 and "'after_trick' is a key of trick play, not of capture play" in result.output


def test_a_variant_changes_an_entry_by_name_and_adds_one(sar, tmp_path):
    """Entries merge by name as other named items do: `if` added to the base's sar, which keeps its set; a new
    entry appended."""
    (tmp_path / "later.yaml").write_text("extends: sar.yaml\nname: later\nhand:\n  - name: tricks\n    play:\n"
                                         "      after_trick:\n        - name: sar\n          if: trick_number > 1\n"
                                         "        - name: kept\n          set: {pending: pending}\n", encoding="utf-8")
    step = next(s for s in load(tmp_path / "later.yaml").steps if s.name == "tricks")
    assert [(name, test is not None, [var for var, _, _ in notes]) for name, test, notes in step.after_trick] == [
        ("sar", True, ["sars", "pending", "last_side"]), ("kept", False, ["pending"])]


def test_a_number_is_shown_on_the_board_once_away_from_its_start(sar):
    """`last_side` starts at −1 (none yet): 0, side 0 took the last trick, is shown as 1 is, and −1 is not (a
    number was shown only when not 0, so side 0 never showed; an author's audit)."""
    game = load(sar)
    st, rng = game.new_state(seed=2), random.Random(2)
    shown = set()
    while not st.hands:
        st.apply_move(rng.choice(st.legal_moves()))
        line = [x for x in Table(st, 0).roles(dict(st.vars)) if x.startswith("last side")]
        shown.add(line[0] if line else None)
        assert bool(line) == (st.vars["last_side"] != -1)
    assert {"last side: 0", "last side: 1", None} <= shown
