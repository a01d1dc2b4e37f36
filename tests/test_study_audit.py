"""`compare` and `simulate` after a user's audit: columns by the rulesets' names, no bootstrap interval from a
handful of games, rounds won, small values with their digits, speed where no game ended, one name for the test,
and `--with` options instead of a file per setting."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest

import cli
from interpreter import load, report, stats
from interpreter import study as study_mod
from tests.test_cli import out as output
from tests.test_cli import run
from tests.test_study import assert_clean, run_json

ROOT = Path(__file__).resolve().parent.parent


def unwrapped(text: str) -> str:
    return " ".join(text.split())


def measure(data: dict, name: str) -> dict:
    return next(m for m in data["measures"] if m["name"] == name)


# ---- 1. columns by the rulesets' names -------------------------------------------------------------

def test_a_ruleset_given_by_path_is_called_by_its_name(tmp_path):
    """`compare hokm /tmp/x/kot4.yaml` headed its column with the path typed; simulate already said the name."""
    named = tmp_path / "x" / "kot4.yaml"
    named.parent.mkdir()
    named.write_text("extends: hokm\nname: hokm-kot4\noptions:\n  kot_at_six: reset\n", encoding="utf-8")
    stem = tmp_path / "x" / "wins.yaml"  # no name of its own: the file's stem
    stem.write_text("extends: hokm\noptions:\n  kot_at_six: wins\n", encoding="utf-8")
    page = tmp_path / "r.html"
    result = run("compare", "hokm", named, stem, "-n", 2, "--report", page)
    assert_clean(result)
    text = output(result)
    assert text.startswith("hokm vs hokm-kot4 vs wins: 2 games each")
    assert "hokm-kot4 extends hokm and changes options.kot_at_six" in unwrapped(text)
    assert str(tmp_path) not in text.replace(f"report: {page}", "")
    assert "<th>hokm-kot4</th><th>wins</th>" in page.read_text(encoding="utf-8") and str(tmp_path) not in \
        page.read_text(encoding="utf-8")
    data = run_json("compare", "hokm", named, stem, "-n", 2)
    assert data["rulesets"] == ["hokm", "hokm-kot4", "wins"]
    assert data["given"] == ["hokm", str(named), str(stem)]


def test_columns_that_would_read_alike_are_told_apart(tmp_path):
    """An A/A test is numbered; a file named as a bundled ruleset is shown as typed; options still say so."""
    assert run_json("compare", "hokm", "hokm", "-n", 1)["rulesets"] == ["hokm", "hokm #2"]
    copy = tmp_path / "hokm.yaml"
    copy.write_text((ROOT / "rulesets" / "hokm.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    names = [str(copy), "hokm", "hokm", "hokm"]
    games = [load(copy), load("hokm"), load("hokm"), load("hokm", {"rounds": 2})]
    assert study_mod.study_labels(names, games) == [str(copy), "hokm", "hokm #2", "hokm (rounds=2)"]
    data = run_json("compare", copy, "hokm", "-n", 1)
    assert data["rulesets"] == [str(copy), "hokm"]


def test_a_study_where_no_game_ended_under_options_says_so():
    """The note for a ruleset none of whose games ended loaded the column's label as a ruleset: with options
    (`pasur (target=105)`) that was no ruleset at all."""
    games = [load("pasur"), load("pasur", {"target": 105})]
    done = study_mod.compare(["pasur", "pasur"], games, [["random"] * 2] * 2, 2, max_hands=1)
    said = unwrapped(report.text(done))
    assert "pasur (target=105): no game ended within 1 hands" in said
    assert "pasur (target=105)" in report.html(done)


# ---- 2. no bootstrap interval from a handful of games ----------------------------------------------

def test_a_mean_of_few_games_has_its_interval_marked_and_a_rate_keeps_wilsons():
    """`compare hokm hokm-void-redeal -n 1` showed points per hand 0.50 [0.50, 0.50], as if certain: marked ~ now
    (`few_games` in JSON), its numbers kept as CONTRACT.md's `[low, high]` pair (nulls broke a check's sums)."""
    few = run_json("compare", "hokm", "hokm-void-redeal", "-n", stats.MIN_BOOTSTRAP - 1)
    for m in few["measures"]:
        assert all(None not in ci for ci in m["ci95"]), m["name"]  # CONTRACT.md: [low, high] pairs
        assert m["few_games"] == [m["kind"] == "mean"] * 2, m["name"]
        if m["kind"] == "mean":
            assert "fewer than 10 games with data is marked ~" in m["interval"]
    enough = run_json("compare", "hokm", "hokm-void-redeal", "-n", stats.MIN_BOOTSTRAP)
    hand = measure(enough, "points per hand, side 0")
    assert hand["ci95"][0][0] < hand["values"][0] < hand["ci95"][0][1] and hand["few_games"] == [False, False]
    text = output(run("compare", "hokm", "hokm-void-redeal", "-n", 3))
    assert re.search(r"points per hand, side 0 +\d\.\d\d \[\d\.\d\d, \d\.\d\d\]~ ", text)
    assert "~: an interval from fewer than 10 games with data, narrower than the truth" in text
    assert "]~" not in output(run("compare", "hokm", "hokm-void-redeal", "-n", 10)).split("\n\n")[1]


def test_games_with_no_data_do_not_count_towards_the_minimum():
    """Hands per game counts finished games: ten games of which nine finished are too few."""
    m = study_mod.Measure("hands per game", "mean", "finished games", [([10] * 9 + [0], [1] * 9 + [0])])
    assert study_mod._few(m, m.parts[0])
    assert not study_mod._few(m, ([10] * 10, [1] * 10))
    assert not study_mod._few(study_mod.Measure("wins", "rate", "games", []), ([1] * 3, [1] * 3))  # Wilson's


# ---- 3. rounds -------------------------------------------------------------------------------------

def test_simulate_of_a_match_says_its_points_are_the_last_rounds_and_the_rounds_won():
    data = run_json("simulate", "hokm-rounds-2", "-n", 12)
    assert data["rounds_to_win"] == 2
    finished, wins = data["finished"], data["wins"]
    for side, won in enumerate(data["mean_rounds_won"]):  # the winner has 2, the loser 0 or 1
        assert 2 * wins[side] / finished <= won <= (2 * wins[side] + finished - wins[side]) / finished
    assert sum(data["mean_rounds_won"]) > 2
    text = output(run("simulate", "hokm-rounds-2", "-n", 12))
    assert re.search(rf"side 0: {wins[0]} wins \(\d+% of those finished, 95% interval \d+%–\d+%\), mean"
                     rf" {data['mean_rounds_won'][0]:.2f} rounds won, mean", text), text
    assert "points in the last round" in text and "its points are the last round's" in text
    one = run_json("simulate", "hokm", "-n", 2)
    assert "mean_rounds_won" not in one
    assert "round" not in output(run("simulate", "hokm", "-n", 2))


def test_simulate_of_rounds_that_score_match_points_says_so():
    text = output(run("simulate", "whist-rubber", "-n", 2))
    assert "its points are the match points its rounds score" in text and "in the last round" not in text


# ---- 4. small values keep their digits -------------------------------------------------------------

@pytest.mark.parametrize("value, ci, digits, shown", [
    (0.0006, [0.0, 0.0016], 2, "0.00060 [0.00000, 0.00160]"),  # `--measure reset` read 0.00 [0.00, 0.00]
    (0.0, [0.0, 0.004], 3, "0.0000 [0.0000, 0.0040]"),  # nothing seen, but the interval reaches above 0
    (0.0, [0.0, 0.0], 2, "0.00 [0.00, 0.00]"),
    (0.5, [0.4312, 0.6], 2, "0.50 [0.43, 0.60]"),
    (1234.5, [1000.0, 1500.0], 2, "1,234.50 [1,000.00, 1,500.00]"),
    (0.0123, [None, None], 3, "0.012 [—]"),
])
def test_a_value_shows_enough_digits_not_to_read_as_zero(value, ci, digits, shown):
    m = study_mod.Measure("x", "mean", "hands", [None], digits, values=[value], ci95=[ci])
    assert report.cell(m, 0) == shown
    m.few = [True]
    assert report.cell(m, 0) == shown + "~" * (ci[0] is not None)


def test_a_rare_difference_in_words_keeps_its_digits():
    m = study_mod.Measure("value 'x'", "mean", "hands", [None, None], 2, values=[0.0004, 0.0031],
                          ci95=[[0.0, 0.001], [0.002, 0.004]], p_values=[0.001], p_adjusted=[0.001],
                          significant=[True])
    done = study_mod.Study(["a", "b"], list(range(3)), [["random"] * 2] * 2, 10, [m], [[], []])
    assert "value 'x': 0.00040 under a, 0.00310 under b (+675%), p=0.001" in report.in_words(done)[0]


# ---- 5. speed where no game ended ------------------------------------------------------------------

def test_simulate_says_games_played_a_second_where_some_or_all_were_stopped():
    none = output(run("simulate", "pasur", "-n", 2, "--max-hands", 1)).splitlines()[-1]
    assert none.startswith("  no game finished; ") and none.endswith(" games/s played, all of them stopped unfinished")
    some = output(run("simulate", "pasur", "-n", 6, "--max-hands", 5)).splitlines()[-1]
    data = run_json("simulate", "pasur", "-n", 6, "--max-hands", 5)
    assert 0 < data["unfinished"] < 6, data  # the test needs some of each
    assert some.endswith(f" games/s played (the {data['unfinished']} unfinished counted too)")
    assert output(run("simulate", "pasur", "-n", 2)).splitlines()[-1].endswith(" games/s")


# ---- 6. one name for the test ----------------------------------------------------------------------

def test_the_test_has_one_name_in_the_help_the_notes_and_the_docs():
    assert "sign-flip test" in unwrapped(output(run("compare", "--help")))
    assert "permutation" not in output(run("compare", "--help"))
    assert "sign-flip test" in study_mod.TESTS["difference"]
    for doc in ("README.md", "docs/studies.md"):
        text = unwrapped((ROOT / doc).read_text(encoding="utf-8"))
        assert "permutation test" not in text and "sign-flip test" in text, doc


# ---- 7. --with -------------------------------------------------------------------------------------

@pytest.mark.parametrize("given, options", [
    ("void_redeal=true", {"void_redeal": True}),
    ("rounds=2, kot_at_six=reset", {"rounds": 2, "kot_at_six": "reset"}),
    ("target=-3", {"target": -3}),
    ("throw_in=yes", {"throw_in": "yes"}),  # a word, as typed: the loader says what the option takes
    ("x=1.5", {"x": "1.5"}),
    ("word='a b'", {"word": "a b"}),
    ("bonus=010, at=1:30, hex=0x10, on=TRUE", {"bonus": 10, "at": "1:30", "hex": "0x10", "on": True}),  # not YAML 1.1's
])
def test_with_reads_values_as_typed(given, options):
    assert cli._settings(given) == options


@pytest.mark.parametrize("given, said", [
    ("target", "each setting is NAME=VALUE"), ("=3", "each setting is NAME=VALUE"), ("a=", "NAME=VALUE"),
    ("a=1,a=2", "option 'a' is set twice"),
])
def test_with_that_is_no_setting_is_refused(given, said):
    with pytest.raises(click.BadParameter, match=said):
        cli._settings(given)


def test_compare_with_options_adds_a_column_of_base_under_them():
    """`--with void_redeal=true` plays the games hokm-void-redeal plays, as a column labelled with its options."""
    data = run_json("compare", "hokm", "hokm-void-redeal", "--with", "void_redeal=true", "--with",
                    "rounds=2,kot_at_six=reset", "-n", 4)
    assert data["rulesets"] == ["hokm", "hokm-void-redeal", "hokm (void_redeal=true)",
                                "hokm (kot_at_six=\"reset\", rounds=2)"]
    for m in data["measures"]:
        assert m["values"][1] == m["values"][2], m["name"]
    assert measure(data, "hands per game")["values"][3] > 1.5 * measure(data, "hands per game")["values"][0]
    alone = run_json("compare", "hokm", "--with", "void_redeal=true", "-n", 4)  # no VARIANT needed
    assert alone["rulesets"] == ["hokm", "hokm (void_redeal=true)"]
    for m in alone["measures"]:  # the same games as the column beside the variant above
        assert m["values"] == measure(data, m["name"])["values"][::2], m["name"]


def test_compare_needs_a_variant_or_with():
    result = run("compare", "hokm", "-n", 1)
    assert_clean(result, code=2)
    assert "compare needs a VARIANT ruleset, or --with NAME=VALUE" in output(result)


def test_a_number_an_option_does_not_allow_says_how_a_house_rule_allows_it():
    """`--with target=165` on Shelem was refused without the way to play it that validate gives (a house-rule lab
    audit): a setting cannot declare the option again; a file that extends the ruleset can."""
    result = run("compare", "shelem", "-n", 1, "--with", "target=165")
    assert_clean(result, code=2)
    assert ("(to play target at 165, write a house rule, a file with `extends: shelem`, that declares it again:"
            " options: {target: {default: 165, values: [1200, 660, 330, 165]}})") in unwrapped(output(result))
    # a number for a word, an option the ruleset has not, a number below 1 for one whose values count from 1 (a lab
    # audit: `rounds=-1` was told to declare -1 rounds): no such advice
    for given in ("kot_at_six=5", "goal=1", "rounds=-1", "rounds=0", "rounds=99999999999"):  # (too large: a fuzz)
        said = unwrapped(output(run("compare", "hokm", "-n", 1, "--with", given)))
        assert "declares it again" not in said and "give it a default" not in said, said


@pytest.mark.parametrize("command, ruleset, given, said", [
    ("compare", "pasur", "target=72", "cardrules compare pasur pasur-72"),
    ("simulate", "rulesets/pasur.yaml", "target=11", "cardrules simulate pasur-11"),
    ("simulate", "shelem", "target=1165", "cardrules simulate shelem-1165"),
])
def test_a_value_a_bundled_house_rule_plays_is_pointed_to_it(command, ruleset, given, said):
    """`compare pasur --with target=72` was told to write a house rule that declares 72 again (a house-rule lab
    audit), though pasur-72 ships and plays it: the bundled house rule of options alone that sets them so is named,
    with the command that plays it."""
    result = run(command, ruleset, "-n", 1, "--with", given)
    assert_clean(result, code=2)
    text = unwrapped(output(result))
    assert f"(the bundled house rule {said.split()[-1]} plays {given}: name it in their place, as {said} …)" in text
    assert "declares" not in text
    for wrong in ("bam=1", "bam=true,bogus=1"):  # 1 is not true; an option the base has not: no house rule plays it
        assert "bundled house rule" not in unwrapped(output(run("simulate", "hokm", "-n", 1, "--with", wrong)))


@pytest.mark.parametrize("command", ["compare", "simulate"])
@pytest.mark.parametrize("given, said", [
    ("bogus=1", "unknown option 'bogus' (options: bam, first_hakem, kot_at_six, rounds, throw_in, void_redeal)"),
    ("kot_at_six=Reset", "option 'kot_at_six' is 'Reset', which is not one of its own values (none, wins, reset)"),
    ("void_redeal=maybe", "option 'void_redeal' is true or false, not 'maybe'"),
    ("rounds", "each setting is NAME=VALUE"),
])
def test_an_unknown_option_or_value_is_a_usage_error_naming_what_there_is(command, given, said):
    result = run(command, "hokm", "-n", 1, "--with", given)
    assert_clean(result, code=2)
    assert said in unwrapped(output(result))


def test_simulate_with_options_plays_what_a_house_rule_file_plays():
    variant = run_json("simulate", "hokm-rounds-2", "-n", 6)
    given = run_json("simulate", "hokm", "--with", "rounds=2", "-n", 6)
    keys = ("wins", "mean_points", "mean_rounds_won", "hands", "mean_hand_points")
    assert {k: variant[k] for k in keys} == {k: given[k] for k in keys}
    assert given["ruleset"] == "hokm" and given["options"] == {"rounds": 2} and variant["options"] == {}
    # the rules played, whichever way they were set (a study user's audit: a variant's own showed as {})
    assert variant["options_in_force"] == given["options_in_force"] and variant["options_in_force"]["rounds"] == 2
    assert output(run("simulate", "hokm", "--with", "rounds=2", "--with", "void_redeal=true", "-n", 1)).startswith(
        "hokm (rounds=2, void_redeal=true): 1 game")
    twice = run("simulate", "hokm", "--with", "rounds=2", "--with", "rounds=3", "-n", 1)
    assert_clean(twice, code=2)
    assert "option 'rounds' is set twice, to rounds=2 and rounds=3" in output(twice)
    assert json.loads(output(run("simulate", "hokm", "--with", "rounds=2", "--with", "rounds=2", "-n", 1,
                                 "--json")))["options"] == {"rounds": 2}


def test_a_rare_event_none_of_whose_games_saw_it_has_an_interval_above_0(tmp_path):
    """Pasur's deals thrown in, seen in none of 20 games: the interval said [0.000, 0.000], certain that it never
    happens (its true rate is about 0.03), as every resample of the games saw none (a statistics audit). A count
    of fewer than 10 events has at least Wilson's interval over its hands."""
    variant = tmp_path / "two.yaml"
    variant.write_text("extends: pasur\nname: two\nhand:\n  - name: deal\n    deal:\n"  # dealt 2 at a time: as random
                       "      - {to: hand, count: 4, at_a_time: 2}\n      - to: table\n        count: 4\n"
                       "        redeal_if: count(dealt[rank == J]) > 1 or count(dealt[rank == Q]) >= 3 or"
                       " count(dealt[rank == K]) >= 3\n        replace_if: rank == J\n", encoding="utf-8")
    done = run_json("compare", "pasur", variant, "-n", 20, "--seed", 100, "--max-hands", 30)
    thrown = measure(done, "deals thrown in per hand")
    assert thrown["values"][0] == 0 and thrown["ci95"][0][0] == 0 and 0.01 < thrown["ci95"][0][1] < 0.1, thrown
    surs = measure(done, "row 'surs': scores (share of hands)")  # a common event: the bootstrap's own interval
    assert surs["ci95"][0][0] > 0.1


def test_only_rates_and_shares_change_by_percentage_points_and_only_events_widen(tmp_path):
    """A review: a row named "market share" had its points per hand said in percentage points (the name was read,
    not the measure's kind), and a game of exactly one hand got a Wilson interval on its hands per game."""
    base, variant = tmp_path / "base.yaml", tmp_path / "variant.yaml"
    for path, points in ((base, 1), (variant, 3)):
        path.write_text(f"extends: crazy-eights\nname: {path.stem}\nscoring:\n  - name: market share\n"
                        f"    points: if side == 0 then {points} else 0\n", encoding="utf-8")
    said = output(run("compare", base, variant, "-n", 100, "--max-hands", 20))
    assert "under variant (+200%;" in said.replace("\n", " ") and "200.0 percentage points" not in said, said
    done = run_json("compare", "briscola-one-hand", "briscola", "-n", 9)
    assert measure(done, "hands per game")["ci95"][0] == [1.0, 1.0]  # every game one hand: no event to widen


def test_a_change_of_many_times_the_base_is_said_as_a_multiple(tmp_path):
    """A lab audit: a measure from a small base said its change as `+41056%`, a figure nobody reads; from ten times
    the base up, the change is the multiple (`50 times as much`), below it the share as before."""
    from interpreter.report import _relative

    assert _relative(411.56, 1.0) == "412 times as much" and _relative(12.5, 1.0) == "12.5 times as much"
    assert _relative(9.0, 1.0) == "+800%" and _relative(0.5, 1.0) == "-50%" and _relative(-20.0, -1.0) == "-1900%"
    base, variant = tmp_path / "base.yaml", tmp_path / "variant.yaml"
    for path, points in ((base, 1), (variant, 50)):
        path.write_text(f"extends: crazy-eights\nname: {path.stem}\nscoring:\n  - name: market share\n"
                        f"    points: if side == 0 then {points} else 0\n", encoding="utf-8")
    said = " ".join(output(run("compare", base, variant, "-n", 40, "--max-hands", 20)).split())
    assert "1.00 under base, 50.00 under variant (50.0 times as much; difference +49.00" in said, said


def test_an_announced_value_seen_rarely_has_at_least_wilsons_interval():
    """A lab audit: the widening for fewer than 10 events was given to deals thrown in and shares, not to announced
    values: a kot by the hakem seen in none of 20 games of Hokm said [0.000, 0.000], certain it never happens."""
    done = run_json("compare", "hokm", "hokm-bam", "-n", 20)
    kot = measure(done, "announced 'kot_by_hakem': per hand (all sides)")
    hands = sum(n * k for n, k in done["distributions"]["hands_per_game"][0])
    assert kot["values"][0] == 0 and kot["ci95"][0][1] >= stats.wilson(0, hands)[1] > 0.01, kot


def test_a_game_measures_difference_is_of_the_pairs_its_test_takes():
    """A lab audit: with most of pasur-105's games stopped at 7 hands, hands per game's difference was its 10
    finished games less all 200 of pasur's (+1.62 [+1.53, +1.72]), while the test paired the 10: the difference
    and its interval are of those pairs now, whatever the two columns' own values."""
    done = run_json("compare", "pasur", "pasur-105", "-n", 60, "--max-hands", 7)
    hands = measure(done, "hands per game")
    finished = [(a["hands"], b["hands"]) for a, b in zip(*_records("pasur", "pasur-105", 60, 7)) if a["over"] and
                b["over"]]
    paired = sum(b for _, b in finished) / len(finished) - sum(a for a, _ in finished) / len(finished)
    assert 0 < len(finished) < 60 and hands["difference"][0] == pytest.approx(paired, abs=1e-6), (hands, finished)
    low, high = hands["difference_ci95"][0]
    assert low <= paired <= high and hands["values"][1] - hands["values"][0] != pytest.approx(paired), hands


def _records(base: str, variant: str, n: int, max_hands: int) -> list:
    """The game records compare's loop makes of seeds 0 … n-1 under each ruleset (random bots)."""
    from interpreter.simulate import game_record, play_one

    out = []
    for name in (base, variant):
        game = load(name)
        out.append([game_record(game, play_one(game, seed, ["random"] * game.players, max_hands), seed)
                    for seed in range(n)])
    return out


def test_no_measure_without_data_is_marked_few_nor_a_p_value_zero():
    """A lab audit: a measure no game had data for (hands per game where none finished) was flagged `few_games`,
    so the `~` legend stood under a table with no `~`; and a p-value below 0.0000005 was written 0.0 in JSON,
    which no test gives."""
    m = study_mod.Measure("hands per game", "mean", "finished games", [([0] * 5, [0] * 5)])
    assert not study_mod._few(m, m.parts[0])
    text = output(run("compare", "ghahveh", "ghahveh-nil", "-n", 12, "--max-hands", 2))  # none finished
    assert "]~" not in text and "~: an interval from fewer than" not in text, text
    done = run_json("compare", "pasur", "pasur-105", "-n", 40)
    p = measure(done, "hands per game")["p_values"][0]
    assert 0 < p < 0.001, p
    assert 0 < stats.sign_flip_bound(2_000, 2_000) < 1e-300  # a review: Hoeffding's bound once fell to 0.0 too


def test_a_game_measures_change_in_words_is_of_the_pairs_its_difference_takes():
    """The sixty-fourth session's note: with most of pasur-105's games stopped, the change in words (+41%) was
    worked out from the two columns' own values (7.68 over 22 finished games against 5.43 over 100), beside a
    paired difference of +2.77 over those 22 pairs, whose base is not 5.43: the change is of the pairs now."""
    text = output(run("compare", "pasur", "pasur-105", "-n", 100, "--max-hands", 8)).replace("\n   ", "")
    said = re.search(r"hands per game: ([\d.]+) under pasur, ([\d.]+) under pasur-105 \(([+-]\d+)% over the (\d+)"
                     r" seeds both finished; difference", text)  # which games it is of, said (a review)
    assert said, text
    finished = [(a["hands"], b["hands"]) for a, b in zip(*_records("pasur", "pasur-105", 100, 8)) if a["over"] and
                b["over"]]
    base = sum(a for a, _ in finished) / len(finished)
    paired = sum(b for _, b in finished) / len(finished) - base
    own = float(said[2]) / float(said[1]) - 1
    assert int(said[3]) == round(100 * paired / base) and abs(int(said[3]) - round(100 * own)) > 5, (said[0], base)
    assert int(said[4]) == len(finished)


def test_a_small_difference_in_words_keeps_its_own_digits():
    """A house-rule lab audit, 2026-12-07: points per hand 0.51 and 0.50, p=0.001, said `difference 0.00 [-0.01,
    0.00]`: a difference of 0.0039 shown as none, its interval as reaching 0. The difference takes the digits its
    own size and its interval's width need."""
    m = study_mod.Measure("points per hand, side 1", "mean", "hands", [None, None], 2, values=[0.5089, 0.5050],
                          ci95=[[0.49, 0.53], [0.48, 0.53]], p_values=[0.001], p_adjusted=[0.001],
                          significant=[True])
    m.difference, m.difference_ci95, m.paired_base = [-0.0039], [[-0.0062, -0.0020]], [0.5089]
    done = study_mod.Study(["a", "b"], list(range(3)), [["random"] * 2] * 2, 10, [m], [[], []])
    said = report.in_words(done)[0]
    assert "difference -0.0039 [-0.0062, -0.0020]" in said, said


def test_simulate_says_the_deals_thrown_in():
    """A house-rule lab audit, 2026-12-07: under Shelem with bids from 120, three deals of four were thrown in, said
    only in `--json`'s `redeals`. The text says how many, and per hand played; a run with none says nothing."""
    said = output(run("simulate", "hokm-throw-in", "-n", 20)).splitlines()
    thrown = json.loads(output(run("simulate", "hokm-throw-in", "-n", 20, "--json")))
    line = f"  {thrown['redeals']} deals thrown in and dealt again, "
    assert thrown["redeals"] > 1 and any(x.startswith(line) and x.endswith(" per hand played") for x in said), said
    assert not any("thrown in and dealt again" in x for x in output(run("simulate", "hokm", "-n", 5)).splitlines())
