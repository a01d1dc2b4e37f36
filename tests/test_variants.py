"""House rules as files: how a variant's `hand:` steps merge with its base's (README: Writing a house rule)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter import CardrulesError, bundled, load
from interpreter import cards as C

HEARTS_TRUMP = """\
extends: hokm
name: hokm-hearts
description: Hokm where hearts are always trump
hand:
  - name: trump          # the base's step chooses; this one sets: the step is replaced, in its place
    set: {trump: H}
  - name: no throw
    after: dealer        # a new step, placed
    set: {throw: '"keep"'}
"""


def test_a_step_given_another_kind_is_replaced_in_place_and_a_new_step_goes_where_it_says(tmp_path):
    path = tmp_path / "hokm-hearts.yaml"
    path.write_text(HEARTS_TRUMP, encoding="utf-8")
    game, base = load(path), load("hokm")
    names = [s.name for s in game.steps]
    assert names == [s.name for s in base.steps][:3] + ["no throw"] + [s.name for s in base.steps][3:]
    st = game.new_state(seed=1)
    assert st.vars["trump"] == C.SUITS.index("H") and st.vars["throw"] == "keep"
    assert all(a.startswith("play ") for a in st.legal_actions())  # nobody is asked to name trump


def test_new_points_without_words_of_their_own_drop_the_bases_words(tmp_path):
    """The base's `doc` described the old rule: a row given new points and no doc shows none (a step given a
    new kind likewise); a change that leaves the rule's content alone keeps it."""
    path = tmp_path / "clubs.yaml"
    path.write_text("extends: pasur\nname: clubs\ndescription: eight clubs\nscoring:\n"
                    "  - name: seven clubs\n    points: 'if count(won[suit == C]) >= 8 then 7 else 0'\n"
                    "  - name: aces\n    fa: آس\n", encoding="utf-8")
    rows = {r["name"]: r for r in load(path).tree["scoring"]}
    assert "doc" not in rows["seven clubs"] and rows["aces"]["doc"]["en"] == "P18: 1 for each ace"


def test_a_new_item_named_almost_as_the_bases_is_a_warning_from_validate(tmp_path):
    """A misspelt row or step name makes a new item, which is allowed: validate says so at the name, as a
    warning, and still passes. A new name unlike the base's is no warning, nor is any bundled ruleset."""
    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "typo.yaml"
    path.write_text("extends: hokm\nname: typo\nscoring:\n  - name: hand pionts\n    points: hand_number\n"
                    "  - name: bonus\n    points: 0\nhand:\n  - name: trmup\n    set: {trump: H}\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", "--games", "1", str(path)])
    assert out.exit_code == 0, out.output
    warnings = [line for line in out.output.splitlines() if ": warning: " in line]
    assert warnings == [
        f"{path}:4:11: warning: 'hand pionts' is a new scoring row, not the base's 'hand points': to change that"
        " scoring row, spell its name as the base does",
        f"{path}:9:11: warning: 'trmup' is a new step, not the base's 'trump': to change that step, spell its"
        " name as the base does",
    ], out.output
    assert not [n for p in bundled() for n in load(p).notes]


@pytest.mark.parametrize("base, key, name, meant", [
    ("hokm", "hand", "Deal", "deal"),            # case: names are case-sensitive keys
    ("pasur", "scoring", "Aces", "aces"),        # an ace would count 3
    ("pasur", "hand", "dael", "deal"),            # two letters swapped in a short name
    ("hokm", "hand", "trunp", "trump"),           # a letter changed (in a name of 5 letters or more)
])
def test_a_new_item_named_but_for_case_or_a_slip_of_a_letter_is_a_warning(tmp_path, base, key, name, meant):
    """A short name misspelt by a letter, or spelt in other case, once slipped by difflib's cutoff: the
    variant then added a step (or row) beside the base's, which the author meant to change, unsaid."""
    body = "    deal: [{to: hand, count: 13}]\n" if key == "hand" else "    points: hand_number\n"
    path = tmp_path / "slip.yaml"
    path.write_text(f"extends: {base}\nname: slip\n{key}:\n  - name: {name}\n{body}", encoding="utf-8")
    assert [(w.line, m) for w, m in load(path).notes] == [
        (4, f"'{name}' is a new {'step' if key == 'hand' else 'scoring row'}, not the base's '{meant}': to change"
            f" that {'step' if key == 'hand' else 'scoring row'}, spell its name as the base does")]


def test_a_new_item_named_by_a_base_items_persian_name_is_a_warning(tmp_path):
    """The Persian rules sheet calls Hokm's trump step «حکم»: a step of that name is a new one, not the
    trump step, and validate says which name changes it."""
    path = tmp_path / "fa.yaml"
    path.write_text("extends: hokm\nname: fa\nhand:\n  - name: حکم\n    set: {trump: H}\n", encoding="utf-8")
    assert [m for _, m in load(path).notes] == [
        "'حکم' is a new step, not the base's 'trump' (its Persian name is 'حکم'): to change that step, give it"
        " the name 'trump'"]


def test_only_a_new_name_near_a_bases_is_warned(tmp_path):
    """New words a house rule uses stay new: `queens`, `bag` (not Hokm's `bam`: a letter changed in a short name
    makes another word), `last card`; `ace` beside Pasur's `aces` is warned of."""
    path = tmp_path / "new.yaml"
    path.write_text("extends: pasur\nname: new\nscoring:\n  - name: queens\n    points: hand_number\n"
                    "  - name: bag\n    points: 0\n  - name: last card\n    points: 0\n"
                    "  - name: ace\n    points: hand_number\n", encoding="utf-8")
    assert [m for _, m in load(path).notes] == ["'ace' is a new scoring row, not the base's 'aces': to change"
                                                 " that scoring row, spell its name as the base does"]
    path = tmp_path / "bag.yaml"
    path.write_text("extends: hokm\nname: new\nhand:\n  - name: bag\n    set: {throw: '\"keep\"'}\n", encoding="utf-8")
    assert load(path).notes == []  # a step, beside Hokm's step 'bam'


def test_a_misspelt_special_entry_or_capture_rule_inside_a_step_is_a_warning(tmp_path):
    """Lists inside a changed step merge by name too: 'spade broken' would add a rule beside the base's, not
    change it (the warning once stopped at the step's own list)."""
    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "near.yaml"
    path.write_text("extends: spades\nname: near\nhand:\n  - name: tricks\n    play:\n      special:\n"
                    "        - {name: spade broken, cards: suit == S, allowed: true}\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", "--games", "1", str(path)])
    assert f"{path}:7:18: warning: 'spade broken' is a new special entry, not the base's 'spades broken'" \
        in out.output, out.output
    path = tmp_path / "near-capture.yaml"
    path.write_text("extends: pasur\nname: near\nhand:\n  - name: play\n    play:\n      captures:\n"
                    "        - {name: jacks, card: rank == J, take: all}\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", "--games", "1", str(path)])
    assert f"{path}:7:18: warning: 'jacks' is a new capture rule, not the base's 'jack'" in out.output, out.output


def test_new_items_named_alike_are_no_misspelling_of_each_other(tmp_path):
    """Only the base's names are what a new item may have meant: two new rules 'rule one a' and 'rule one b'
    once warned that the second was not 'the base's' first."""
    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "alike.yaml"
    path.write_text("extends: spades\nname: alike\nhand:\n  - name: tricks\n    play:\n      special:\n"
                    "        - {name: rule one a, card: AS, allowed: trick_number > 2}\n"
                    "        - {name: rule one b, card: KS, allowed: trick_number > 2}\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", "--games", "1", str(path)])
    assert out.exit_code == 0 and "warning" not in out.output, out.output


def test_a_special_entry_given_other_cards_drops_the_doc_of_the_old_rule(tmp_path):
    """X4's words ('no spade led until …') no longer describe an entry for hearts; a changed condition alone
    keeps them only with words of its own."""
    from interpreter.sheet import sheet as rules_sheet

    path = tmp_path / "hearts-broken.yaml"
    path.write_text("extends: spades\nname: hearts broken\nhand:\n  - name: tricks\n    play:\n      special:\n"
                    "        - {name: spades broken, cards: suit == H}\n", encoding="utf-8")
    sheet = rules_sheet(load(path))
    assert "suit == H" in sheet and "no spade led until" not in sheet
    assert "no spade led until" in rules_sheet(load("spades"))


def test_a_step_changed_only_in_its_special_entries_keeps_its_words(tmp_path):
    """Adding a special entry (with words of its own) leaves the step's doc true: the sheet still says how
    tricks are played (hearts-queen-breaks once showed a bare 'tricks'); changing the step itself drops it."""
    from interpreter.sheet import sheet as rules_sheet

    words = "the player after the dealer leads; follow suit if you can"
    path = tmp_path / "entry.yaml"
    path.write_text("extends: spades\nname: entry\nhand:\n  - name: tricks\n    play:\n      special:\n"
                    "        - {name: ace rule, card: AS, allowed: not leading}\n", encoding="utf-8")
    assert words in rules_sheet(load(path))
    path = tmp_path / "leader.yaml"
    path.write_text("extends: spades\nname: leader\nhand:\n  - name: tricks\n    play:\n      leader: dealer\n",
                    encoding="utf-8")
    assert words not in rules_sheet(load(path))


def test_a_run_of_games_says_the_warning_too(tmp_path):
    """A researcher who goes straight to compare or simulate is told of the misspelt step on stderr; the JSON
    on stdout stays one object."""
    import json

    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "typo.yaml"
    path.write_text("extends: hokm\nname: typo\nhand:\n  - name: trmup\n    set: {trump: H}\n", encoding="utf-8")
    for args in (["simulate", str(path), "-n", "1", "--json", "--max-hands", "2"],
                 ["compare", "hokm", str(path), "-n", "2", "--json", "--max-hands", "2"],
                 ["coverage", str(path), "-n", "1", "--max-hands", "2"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert f"{path}:4:11: warning: 'trmup' is a new step" in result.stderr, (args, result.stderr)
        if "--json" in args:
            json.loads(result.stdout)


def test_an_option_given_to_load_is_refused_at_its_declaration():
    """load(..., options=...) from Python or a record: a bad value is an error at the line that declares the
    option (the ruleset's first line said nothing)."""
    with pytest.raises(CardrulesError) as bad:
        load("hokm", options={"rounds": 9})
    where, message = bad.value.problems[0]
    assert where.line == 15 and "option 'rounds' is 9" in message


def test_editors_check_each_file_against_the_schema_its_first_line_names():
    """A whole ruleset against ruleset.schema.json, a variant (extends) against variant.schema.json, which is
    made from the first (interpreter.schema.variant_schema) and kept in step with it."""
    import json

    import jsonschema
    import yaml

    from interpreter import bundled
    from interpreter.schema import schema_path, variant_schema

    whole = json.loads(schema_path().read_text(encoding="utf-8"))
    variant = json.loads(schema_path(variant=True).read_text(encoding="utf-8"))
    assert variant == variant_schema(whole), "grammar/variant.schema.json is behind the ruleset schema: run" \
        " python -c 'import interpreter.schema as s; s.write_variant_schema()'"
    for path in bundled():
        text = path.read_text(encoding="utf-8")
        tree = yaml.safe_load(text)
        named = "variant" if "extends" in tree else "ruleset"
        assert text.startswith(f"# yaml-language-server: $schema=../grammar/{named}.schema.json\n"), path.name
        schema = variant if "extends" in tree else whole
        assert not list(jsonschema.Draft202012Validator(schema).iter_errors(tree)), path.name


def test_the_readme_house_rule_passes_the_variant_schema():
    import json

    import jsonschema
    import yaml

    from interpreter.schema import schema_path

    house = yaml.safe_load("extends: pasur.yaml\nname: pasur-house\noptions:\n  target: 105\n  most_cards_bonus: 3\n"
                           "hand:\n  - {name: void, remove: true}\n  - {name: tricks, play: {follow: false}}\n")
    variant = json.loads(schema_path(variant=True).read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft202012Validator(variant).iter_errors(house))


def test_null_takes_a_base_key_away(tmp_path):
    """`add: null` in a variant's step removes the base's `add` (Shelem's discards no longer count as an extra
    trick for the hakem's side); null for a key the base does not have is refused at that key."""
    path = tmp_path / "mine.yaml"
    path.write_text("extends: shelem\nname: mine\nhand:\n  - name: widow\n    exchange: {add: null}\n",
                    encoding="utf-8")
    widow = next(s for s in load(path).steps if s.name == "widow")
    assert widow.add is None and next(s for s in load("shelem").steps if s.name == "widow").add == "extra"
    typo = tmp_path / "typo.yaml"
    typo.write_text("extends: shelem\nname: typo\nhand:\n  - name: widow\n    exchange: {adds: null}\n",
                    encoding="utf-8")
    with pytest.raises(CardrulesError, match="'adds: null' takes a key of the base away, but the ruleset this file"
                                             " extends has no 'adds' here"):
        load(typo)


def _variant(tmp_path, base: str, step: str, key: str, items: str):
    path = tmp_path / f"{base}-house.yaml"
    path.write_text(f"extends: {base}\nname: {base}-house\ndescription: a house rule\nhand:\n  - name: {step}\n"
                    f"    play:\n      {key}:\n{items}", encoding="utf-8")
    return path


def _entries(game) -> dict:
    """Each special card's entries, by label, in the game's first trick play."""
    step = next(s for s in game.steps if hasattr(s, "specials"))
    return {C.NAMES[c]: [p.label for p in s.parts] for c, s in step.specials.items()}


def test_an_unnamed_special_entry_changes_the_bases_entry_for_its_card_and_keeps_the_others(tmp_path):
    """G6/G7 in a house rule: BJ forced by trick 8 changes BJ's entry; RJ's (not before BJ) stays."""
    game = load(_variant(tmp_path, "ghahveh", "tricks", "special",
                         "        - {card: BJ, free: true, forced: trick_number >= 8}\n"))
    assert _entries(game) == {"BJ": ["BJ"], "RJ": ["RJ"]}
    for seed in range(30):  # G7 kept: RJ never comes before BJ
        st = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not st.over and len(st.hands) < 2:
            st.apply_move(rng.choice(st.legal_moves()))
            gone = st.phase.get("gone", [])
            if C.card_id("RJ") in gone:
                assert C.card_id("BJ") in gone, st.actions[-1]


def test_a_new_unnamed_special_entry_joins_the_bases_named_ones(tmp_path):
    """X4 stays when a house rule adds an entry for AS without a name."""
    game = load(_variant(tmp_path, "spades", "tricks", "special", "        - {card: AS, allowed: not leading}\n"))
    entries = _entries(game)
    assert entries["AS"] == ["spades broken", "AS"] and entries["KS"] == ["spades broken"]


def test_a_special_entry_without_a_name_is_removed_by_its_card(tmp_path):
    game = load(_variant(tmp_path, "ghahveh", "tricks", "special", "        - {card: RJ, remove: true}\n"))
    assert _entries(game) == {"BJ": ["BJ"]}


def test_an_unnamed_capture_rule_in_a_variant_would_drop_the_bases_named_ones_and_is_an_error(tmp_path):
    ten = "        - {card: rank == 10, take: one, from: rank == 10}\n"
    path = _variant(tmp_path, "pasur", "play", "captures", ten)
    with pytest.raises(CardrulesError, match=r"this capture rule has no name: .*'eleven', 'pair', 'jack'") as e:
        load(path)
    assert e.value.problems[0][0].line == 8


def test_a_list_replacing_a_bases_unnamed_items_says_so(tmp_path):
    base = tmp_path / "base.yaml"
    text = (Path(__file__).parent.parent / "rulesets" / "pasur.yaml").read_text(encoding="utf-8")
    named = "        - name: eleven         # P6: numeric cards make 11\n          doc:"
    unnamed = text.replace(named, "        - doc:")
    assert unnamed != text
    base.write_text(unnamed, encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: base.yaml\nname: house\nhand:\n  - name: play\n    play:\n      captures:\n"
                    "        - {card: rank == 10, take: one, from: rank == 10}\n", encoding="utf-8")
    assert any("not all named, so these replace them all" in m for _, m in load(path).notes)


def test_a_variants_steps_replacing_a_bases_unnamed_steps_say_so(tmp_path):
    """A whole ruleset's steps may go unnamed, but a variant's steps merge with its base's by name: where the
    base's are not all named, the variant's replace them all, with a warning (as capture rules do)."""
    base = tmp_path / "base.yaml"
    text = (Path(__file__).parent.parent / "rulesets" / "spades.yaml").read_text(encoding="utf-8")
    unnamed = text.replace("  - name: deal                 # X2: 13 each, one at a time, starting after the dealer\n"
                           "    fa:", "  - fa:", 1)
    assert unnamed != text
    base.write_text(unnamed, encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: base.yaml\nname: house\nhand:\n  - name: tricks\n    play: {leader: dealer}\n",
                    encoding="utf-8")
    with pytest.raises(CardrulesError, match="missing key 'mode'") as e:
        load(path)
    assert "the base's steps are not all named, so these replace them all" in e.value.notes[0][1], e.value.notes
    assert str(e.value).splitlines()[0].endswith(f"warning: {e.value.notes[0][1]}")  # said first, as a warning


PASUR_DEAL = ("extends: pasur\nname: house\nhand: [{name: deal, deal: [{to: hand, count: 4}, {to: table, count: 4,"
              " replace_if: rank == J%s}]}]\n")


def _line_of(ruleset: str, text: str) -> int:
    lines = (Path(__file__).parent.parent / "rulesets" / ruleset).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def test_a_list_of_unnamed_items_restated_without_a_key_of_the_bases_is_warned_at_the_variants_list(tmp_path):
    """Pasur's deal restated without the packets' `redeal_if` replaces the base's packets whole, which have no
    names to merge by: the reshuffle on too many jacks, queens or kings is gone unsaid, so `validate` warns at
    the variant's list, naming the key and the base's line; the file stays valid."""
    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "house.yaml"
    path.write_text(PASUR_DEAL % ", replace_once: true", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--games", "0", str(path)])
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warned == [f"{path}:3:27: warning: 'deal' replaces the base's packets whole (they have no names): redeal_if"
                      f" of the base's packet at pasur.yaml:{_line_of('pasur.yaml', '- to: table')} is dropped;"
                      " restate it to keep it, or give it as null to drop it"]


def test_a_list_of_unnamed_items_that_keeps_every_key_of_the_bases_is_not_warned(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(PASUR_DEAL % ", redeal_if: 'count(dealt[rank == J]) > 2'", encoding="utf-8")
    assert not any("replaces the base's" in m for _, m in load(path).notes)


def test_a_key_given_as_null_in_a_list_of_unnamed_items_is_dropped_on_purpose_unwarned(tmp_path):
    """`redeal_if: null` in the restated table packet says the base's reshuffle is dropped on purpose: no
    warning, and the merged packet has no `redeal_if` (a table of two jacks is kept)."""
    path = tmp_path / "house.yaml"
    path.write_text(PASUR_DEAL % ", redeal_if: null", encoding="utf-8")
    g = load(path)
    assert not any("replaces the base's" in m for _, m in g.notes)
    assert "redeal_if" not in g.tree["hand"][0]["deal"][1]


def test_a_key_given_with_a_colon_and_no_value_is_a_null_too(tmp_path):
    """`{replace_if: }` is YAML's null, as `replace_if: null`: it drops the base's key (only a key with no colon
    after it, what a comma in an unquoted value leaves, is read as a mistake)."""
    path = tmp_path / "house.yaml"
    path.write_text(PASUR_DEAL.replace(" replace_if: rank == J%s", " replace_if: ") , encoding="utf-8")
    g = load(path)
    assert "replace_if" not in g.tree["hand"][0]["deal"][1]


def test_a_key_given_as_null_that_no_base_item_had_is_an_error_at_it(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(PASUR_DEAL % ", redeal_iff: null", encoding="utf-8")
    with pytest.raises(CardrulesError, match=r"'redeal_iff: null' takes a key of the base's packets away, but"
                                             r" none of them has 'redeal_iff' \(is it misspelt\?\)") as e:
        load(path)
    assert e.value.problems[0][0].line == 3


@pytest.mark.parametrize("text, key", [
    ("extends: pasur\nname: house\nnames: {en: Pasur (jack picks, and steals), fa: x}\n", "'and steals)' in 'names'"),
    (PASUR_DEAL % ", redeal_if: rank in (J, Q)", "'Q)' in 'hand.deal' item 2")])
def test_a_comma_in_an_unquoted_value_is_said_so_not_read_as_a_key_taken_away(tmp_path, text, key):
    """In `{…}` a comma ends a value, and YAML reads what follows as a key with no value: that is no `key: null`
    dropping a base's key (an author's audit: "'and steals): null' takes a key of the base away"), but an
    unknown key, said with the hint to quote the value, as in a ruleset of its own."""
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardrulesError, match=rf"unknown key {re.escape(key)} \(in {{…}} a comma ends a value: quote"):
        load(path)


def test_keys_dropped_from_several_unnamed_items_are_each_named_with_their_lines(tmp_path):
    base = tmp_path / "base.yaml"
    text = (Path(__file__).parent.parent / "rulesets" / "pasur.yaml").read_text(encoding="utf-8")
    base.write_text(text.replace("- {to: hand, count: 4}   #", "- {to: hand, count: 4, at_a_time: 2}   #"),
                    encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: base.yaml\nname: house\nhand:\n  - name: deal\n    deal:\n      - {to: hand, count: 4}\n"
                    "      - {to: table, count: 4}\n", encoding="utf-8")
    notes = [m for _, m in load(path).notes if "replaces the base's" in m]
    hand, table = _line_of("pasur.yaml", "- {to: hand, count: 4}"), _line_of("pasur.yaml", "- to: table")
    assert notes == [f"'deal' replaces the base's packets whole (they have no names): at_a_time of the base's packet at"
                     f" base.yaml:{hand}; redeal_if of the base's packet at base.yaml:{table}; replace_if of the base's"
                     f" packet at base.yaml:{table} are dropped; restate them to keep them, or give them as null to"
                     " drop them"]


def test_a_misspelt_step_that_does_not_stand_alone_says_what_it_was_likely_meant_to_change(tmp_path):
    """`tricsk` with only a leader is a new, incomplete step: the error says first, in a warning, that it is not
    `tricks`."""
    path = tmp_path / "leader.yaml"
    path.write_text("extends: hokm\nname: leader\nhand:\n  - name: tricsk\n    play:\n      leader: hakem + 2\n",
                    encoding="utf-8")
    with pytest.raises(CardrulesError) as e:
        load(path)
    (first, said), = e.value.notes
    assert first.line == 4 and "'tricsk' is a new step, not the base's 'tricks'" in said
    assert str(e.value).splitlines()[0] == f"{first}: warning: {said}"
    assert any("missing key 'mode'" in m for _, m in e.value.problems)


def test_removing_a_step_the_bases_table_announces_is_an_error_at_the_removal(tmp_path):
    path = tmp_path / "no-pass.yaml"
    path.write_text("extends: hearts\nname: no-pass\nhand:\n  - {name: passing, remove: true}\n", encoding="utf-8")
    with pytest.raises(CardrulesError) as e:
        load(path)
    (where, said), = e.value.problems
    assert (where.file, where.line) == (str(path), 4), where
    assert "'passing' is removed here, but the table's announce still names it" in said
    assert "(table: {announce: [moon]})" in said
    path.write_text(path.read_text() + "table:\n  announce: [moon]\n", encoding="utf-8")
    assert "passing" not in [s.name for s in load(path).steps]


def test_an_unnamed_special_entry_goes_by_its_card_however_it_is_spelt(tmp_path):
    game = load(_variant(tmp_path, "ghahveh", "tricks", "special", "        - {card: bj, forced: trick_number >= 8}\n"))
    assert list(_entries(game)) == ["BJ", "RJ"] and len(_entries(game)["BJ"]) == 1


def test_an_option_a_variant_left_unread_is_a_warning(tmp_path):
    """`game: {target: 30}` on Pasur: the game ends at 30, but the sheet still offered `target: 62 (may be 62,
    105)`, and setting it changed nothing; only `coverage` said so (a house-rule author's audit). A variant
    that declares the option again (hokm-3p's kot_at_six) means it, and is not warned."""
    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "short.yaml"
    path.write_text("extends: pasur\nname: short\ngame: {target: 30}\n", encoding="utf-8")
    notes = [m for _, m in load(path).notes]
    assert notes == ["option 'target' (of pasur.yaml) is read by no rule here: this file replaced what read it,"
                     " so setting the option changes nothing"]
    out = CliRunner().invoke(main, ["validate", "--games", "1", str(path)])
    assert out.exit_code == 0 and f"{path}:1:1: warning: option 'target' (of pasur.yaml)" in out.output
    assert not load("hokm-3p").notes
    path.write_text("extends: pasur\nname: short\noptions:\n  target: 105\ngame: {target: 30}\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", "--games", "1", str(path)])  # set here: said where (an author's
    assert out.exit_code == 0 and f"{path}:4:11: warning: option 'target' (of pasur.yaml)" in out.output  # audit)
    path.write_text("extends: pasur\nname: short\ngame: {target: 30}\n", encoding="utf-8")
    from interpreter.sheet import sheet

    said = sheet(load(path), "en")  # the sheet no longer offers it as a rule with the base's doc
    assert "- **target**: 62 (may be 62 or 105) — read by no rule of this ruleset: setting it changes nothing" in said
    assert "read by no rule" not in sheet(load("pasur"), "en")


def test_an_option_no_rule_ever_read_is_the_warning_of_the_file_that_declares_it(tmp_path):
    """A new option read by no rule is a slip of the file that declares it, at its declaration; a variant of that
    file, which changed nothing that read it, is not blamed for it (a new-game audit)."""
    base = tmp_path / "base.yaml"
    base.write_text("extends: hokm\nname: base\noptions:\n  lenient: {default: false, doc: may revoke}\n",
                    encoding="utf-8")
    notes = load(base).notes
    assert [(w.line, w.col, m) for w, m in notes] == [
        (4, 12, "option 'lenient' is read by no rule: setting it changes nothing (a rule reads it as option.lenient)")]
    variant = tmp_path / "variant.yaml"
    variant.write_text("extends: base.yaml\nname: variant\noptions: {rounds: 2}\n", encoding="utf-8")
    assert not load(variant).notes


def test_an_option_a_notice_reads_is_read(tmp_path):
    """An option only a table's notice reads changes what the table says: no warning that setting it changes
    nothing, and the sheet keeps its doc (they said it was read by no rule); the table's words are no rule."""
    from interpreter.sheet import sheet

    path = tmp_path / "loud.yaml"
    path.write_text("extends: hokm\nname: loud\noptions:\n  loud: {default: true, doc: say the last trick}\n"
                    "table:\n  notices:\n    near: option.loud and trick_number >= 12\n"
                    "  words:\n    near: {en: option.loud}\n", encoding="utf-8")
    assert not load(path).notes
    assert "read by no rule" not in sheet(load(path), "en")
    path.write_text(path.read_text(encoding="utf-8").replace("option.loud and ", ""), encoding="utf-8")
    assert [m for _, m in load(path).notes] == [
        "option 'loud' is read by no rule: setting it changes nothing (a rule reads it as option.loud)"]


def test_a_capture_from_a_pile_that_shows_only_its_top_is_warned_of(tmp_path):
    """Secrets (docs/language.md: what the language cannot say yet): a capture's text names every card it takes, so
    the cards under a pile's top that were dealt face down would show in the capturing player's moves.
    validate says so at the zone; the game still runs (a house-rule author's audit, Pishti)."""
    from tests.test_cli import out, run

    path = tmp_path / "face-down-pile.yaml"
    path.write_text("extends: pasur\nname: face-down pile\nzones:\n  table: {visible: top}\n", encoding="utf-8")
    result = run("validate", path)
    text = out(result)
    assert result.exit_code == 0, text
    assert f"{path}:4:3: warning: 'table' shows only its top, and a capture (step 'play') names every card" in text


def test_a_capture_from_a_face_down_table_is_warned_of(tmp_path):
    """The same for a table that lies face down (`visible: none`): every card taken is named (secrets audit)."""
    path = tmp_path / "blind.yaml"
    path.write_text("extends: pasur\nname: blind\nzones:\n  table: {visible: none}\n", encoding="utf-8")
    assert [(w.line, m[:60]) for w, m in load(path).notes] == [
        (4, "'table' lies face down, and a capture (step 'play') names ev")]


def test_a_problem_at_a_bases_line_names_what_each_variant_over_it_changes(tmp_path):
    """A house rule that breaks a line of its base (here a zone the base's steps use, removed two files up)
    is reported at that line, which the author cannot edit: the message names what each file that extends
    it changes, and where, the file checked first."""
    (tmp_path / "no-won.yaml").write_text("extends: pasur\nname: a\nzones:\n  won: null\n  taken: {owner: side,"
                                          " visible: all}\n", encoding="utf-8")
    top = tmp_path / "top.yaml"
    top.write_text("extends: no-won.yaml\nname: b\noptions:\n  target: 31\n", encoding="utf-8")
    with pytest.raises(CardrulesError) as met:
        load(top)
    messages = [m for w, m in met.value.problems if Path(w.file).name == "pasur.yaml"]
    assert messages and all(m.endswith(f"(a line of a ruleset that {top} extends, which changes options.target"
                                       f" (line 4); {tmp_path / 'no-won.yaml'} changes zones.won (line 4),"
                                       " zones.taken (line 5))") for m in messages), messages


@pytest.mark.parametrize("extra, warned", [
    ("", True),                                                  # read by the row, set by nothing
    ("    initial: true\n", False),                              # a constant the author chose
])
def test_a_variable_read_but_never_set_is_a_warning(tmp_path, extra, warned):
    """A bonus row that reads a variable no step sets scores alike every hand, and validate said nothing (the
    house-rule audit's 'hearts bonus'); a variable set by a step, or given its value, is no warning."""
    path = tmp_path / "bonus.yaml"
    path.write_text("extends: hokm\nname: bonus\nvars:\n  hearts_called:\n    type: bool\n" + extra +
                    "scoring:\n  - name: hearts bonus\n    points: 'if hearts_called and tricks >= 7 then 1 else 0'\n",
                    encoding="utf-8")
    notes = [(w.line, m) for w, m in load(path).notes]
    assert notes == ([(4, "variable 'hearts_called' is read, but nothing sets it: it stays false (its start) in every"
                          " hand; set it in a step (`set:`, a choice's `sets:`) or give it an `initial`")]
                     if warned else [])


def test_a_variable_set_by_a_step_is_no_warning(tmp_path):
    path = tmp_path / "bonus.yaml"
    path.write_text("extends: hokm\nname: bonus\nvars:\n  hearts_called: {type: bool}\nhand:\n"
                    "  - name: hearts\n    after: trump\n    set: {hearts_called: trump == H}\n"
                    "scoring:\n  - name: hearts bonus\n    points: 'if hearts_called and tricks >= 7 then 1 else 0'\n",
                    encoding="utf-8")
    assert load(path).notes == []


def test_a_variable_read_by_its_bare_name_and_no_longer_set_is_a_warning(tmp_path):
    """Removing the step that names trump leaves `trump` read (the trick play's `trump: trump`) and never set;
    a text that was the bare name counted as setting it, so validate said nothing (a user audit)."""
    path = tmp_path / "no-trump-step.yaml"
    path.write_text("extends: hokm\nname: v\nhand:\n  - name: trump\n    remove: true\n", encoding="utf-8")
    assert [m for _, m in load(path).notes] == [
        "variable 'trump' is read, but nothing sets it: it stays no suit (its start) in every hand; set it in a step"
        " (`set:`, a choice's `sets:`) or give it an `initial`"
        f" (a line of a ruleset that {path} extends, which changes hand: trump (line 4))"]  # at hokm.yaml's line
    assert load("hokm").notes == []


def test_a_trick_zone_not_face_up_is_warned_of(tmp_path):
    """Cards played to a trick are named to every seat: a trick zone declared face down says otherwise, and
    validate says so at the zone (secrets audit)."""
    path = tmp_path / "face-down-trick.yaml"
    path.write_text("extends: hokm\nname: blind\nzones:\n  trick: {visible: none}\n", encoding="utf-8")
    assert [(w.line, m[:63]) for w, m in load(path).notes] == [
        (4, "'trick' holds the trick in progress but is not face up (visible")]


def test_a_hand_variable_set_after_the_hand_and_read_before_the_next_is_allowed(tmp_path):
    """after_hand may set a variable that starts again each hand when something reads it before the next
    hand starts it again (here next_dealer): a value kept for a moment, not lost (the review)."""
    path = tmp_path / "lead.yaml"
    path.write_text("extends: hokm\nname: lead\nvars:\n  lead: {type: seat}\ngame:\n  after_hand:\n"
                    "    lead: next(hakem)\n  next_dealer: prev(lead)\n", encoding="utf-8")
    assert load(path).notes == []


def test_an_order_listing_ranks_the_deck_lacks_is_warned_of(tmp_path):
    """A 40-card game's order written with 8, 9 and 10 passed silently, where a table naming a rank the deck lacks
    is an error (a new-game audit, Sueca): harmless, but perhaps another deck was meant."""
    path = tmp_path / "forty.yaml"
    path.write_text("name: forty\nplayers: 2\ndeck: {remove: [8S, 9S, 10S, 8H, 9H, 10H, 8D, 9D, 10D, 8C, 9C, 10C]}\n"
                    "zones:\n  hand: {owner: seat, visible: owner}\n  stock: {visible: none}\n"
                    "  trick: {visible: all}\n  won: {owner: seat, visible: all}\ncounters:\n  tricks: {owner: seat}\n"
                    "hand:\n  - name: deal\n    deal: [{to: hand, count: 20}]\n"
                    "  - name: tricks\n    play: {mode: trick, leader: next(dealer), tricks: tricks,\n"
                    "           order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]}\n"
                    "scoring:\n  - {name: tricks, points: tricks}\ngame: {target: 10, next_dealer: next(dealer)}\n",
                    encoding="utf-8")
    assert [m for _, m in load(path).notes] == ["the order lists ranks 8, 9, 10, which no card of this ruleset's deck"
                                                 " has"]


def test_a_hand_variable_read_after_the_hand_through_a_value_is_allowed(tmp_path):
    """The same, read through a value (a review): not lost either."""
    path = tmp_path / "lead2.yaml"
    path.write_text("extends: hokm\nname: lead2\nvars:\n  lead: {type: seat}\nvalues:\n  lead_side: side(lead)\n"
                    "game:\n  after_hand:\n    lead: next(hakem)\n"
                    "  next_dealer: 'if lead_side(0) == 0 then 1 else 2'\n", encoding="utf-8")
    load(path)


def test_an_option_may_switch_following_suit_off(tmp_path):
    """`follow` takes an expression of options, decided at load (a new-game audit: it took only true or false, so
    a house rule could not switch it). Lenient, a seat that could follow may play any card."""
    path = tmp_path / "lenient.yaml"
    path.write_text("extends: hokm\nname: lenient\noptions:\n  lenient: {default: false, doc: any card at any"
                    " time}\nhand:\n  - name: tricks\n    play: {follow: not option.lenient}\n", encoding="utf-8")
    for lenient in (False, True):
        game = load(path, options={"lenient": lenient})
        st, rng, free = game.new_state(seed=3), random.Random(3), 0
        while not st.hands:
            trick = st.zones["trick"] if game.steps[st.step].name == "tricks" else []
            hand = st.zones["hand"][st.to_act]
            suits = {C.SUIT[c] for c in hand}
            if trick and C.SUIT[trick[0]] in suits and len(suits) > 1:  # could follow, and could play another suit
                free += sorted(st.legal_moves()) == sorted(hand)
                assert lenient or all(C.SUIT[c] == C.SUIT[trick[0]] for c in st.legal_moves())
            st.apply_move(rng.choice(st.legal_moves()))
        assert (free > 5) == lenient, free


@pytest.mark.parametrize("follow, lenient", [("option.lenient or trick_number > 3", True),
                                             ("option.lenient and trick_number > 3", False)])
def test_follow_that_reads_the_game_is_refused_whatever_the_options(tmp_path, follow, lenient):
    """An option's value may fold `or`/`and` away: such a `follow` loaded with one value and was refused with the
    other, so "valid" held for one setting only (a review)."""
    path = tmp_path / "half.yaml"
    path.write_text(f"extends: hokm\nname: half\noptions:\n  lenient: {{default: {str(lenient).lower()}, doc: x}}\n"
                    f"hand:\n  - name: tricks\n    play: {{follow: '{follow}'}}\n", encoding="utf-8")
    for value in (True, False):
        with pytest.raises(CardrulesError, match="'follow' is decided when the ruleset loads"):
            load(path, options={"lenient": value})


def test_the_sheet_says_an_option_is_read_by_no_rule_whichever_file_removed_its_reader(tmp_path):
    """A variant of a variant whose middle file removed the step reading an option: validate blames the middle
    file, not this one, but the rules sheet must still say that the option changes nothing (a review)."""
    from interpreter.sheet import sheet

    (tmp_path / "b.yaml").write_text("extends: hokm\nname: b\nhand:\n  - {name: void, remove: true}\n",
                                     encoding="utf-8")
    (tmp_path / "c.yaml").write_text("extends: b.yaml\nname: c\n", encoding="utf-8")
    said = [line for line in sheet(load(tmp_path / "c.yaml"), "en").splitlines() if "void redeal" in line]
    assert said == ["- **void redeal**: off — read by no rule of this ruleset: setting it changes nothing"], said
    assert not load(tmp_path / "c.yaml").notes and load(tmp_path / "b.yaml").notes


def test_trick_names_in_a_game_of_no_tricks_are_warned_of(tmp_path):
    """`plays()` and `winning_seat` read the hand's tricks: in a fishing game they are always empty and −1, which
    validate now says at the first expression that reads one (an audit of the new names)."""
    path = tmp_path / "fishing.yaml"
    path.write_text("extends: pasur\nname: fishing\nscoring:\n  - {name: played, points: \"count(plays(0))\"}\n",
                    encoding="utf-8")
    (where, said), = [n for n in load(path).notes if "tricks" in n[1]]
    assert (where.line, where.col) == (4, 28) and "plays() is always empty" in said, (where, said)
    assert not [n for n in load("hokm").notes if "tricks" in n[1]]


def test_words_for_people_that_say_plays_are_no_expression(tmp_path):
    """The warning reads expressions, not docs: a fishing game whose doc says who 'plays (first)' is not warned."""
    path = tmp_path / "said.yaml"
    path.write_text("extends: pasur\nname: said\ndescription: the dealer's left plays (first)\n", encoding="utf-8")
    assert not [n for n in load(path).notes if "tricks" in n[1]]


def test_turns_that_give_a_seat_no_play_are_warned_of(tmp_path):
    """Turns for three of four seats: a Hokm hand can end (7 tricks) before the hands run unevenly, so the game
    runs and validates, but one seat never plays (a new-game audit, Bridge)."""
    path = tmp_path / "three-turns.yaml"
    path.write_text("extends: hokm\nname: three-turns\nhand:\n  - name: tricks\n    play:\n      turns:"
                    " [{seat: 0, from: hand}, {seat: 1, from: hand}, {seat: 2, from: hand}]\n", encoding="utf-8")
    assert [(str(w), m) for w, m in load(path).notes] == [
        (f"{path}:6:14", "the turns give no play to the seat 3 places after the leader, so it never plays to a trick"
                         " (each turn is one play, by the seat `seat` places after the leader)")]
    assert not load("hokm").notes and not load("euchre").notes


def test_a_bases_item_given_before_or_after_moves_there(tmp_path):
    """`before:`/`after:` on an item the base has moves it (and changes it key by key, if it gives keys): a step
    and a scoring row moved (only the order is judged here)."""
    path = tmp_path / "hokm-moved.yaml"
    path.write_text("extends: hokm\nname: hokm-moved\nhand:\n  - {name: void, before: trump}\n", encoding="utf-8")
    names = [s.name for s in load(path).steps]
    base = [s.name for s in load("hokm").steps]
    assert base.index("void") > base.index("trump")
    assert names.index("void") == names.index("trump") - 1 and sorted(names) == sorted(base)
    path = tmp_path / "spades-moved.yaml"
    path.write_text("extends: spades\nname: spades-moved\nscoring:\n  - {name: bag penalty, before: contract}\n",
                    encoding="utf-8")
    assert [r.name for r in load(path).scoring] == ["bag penalty", "contract", "nil"]


def test_cards_a_deal_leaves_in_a_stock_nothing_reads_are_a_warning(tmp_path):
    """A house-rule author's Shelem for three (players: 3) left 12 cards undealt in the stock all game, valid
    and silent: a warning at the deal says how many never play. A stock a rule draws from (Hokm for two's
    keep-or-burn, Pasur's refills) is no warning, nor is any bundled ruleset (the test of bundled rulesets)."""
    from click.testing import CliRunner

    from cli import main

    path = tmp_path / "three.yaml"
    path.write_text("extends: shelem\nname: three\nplayers: 3\npartnerships: false\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", "--games", "1", str(path)])
    assert out.exit_code == 0, out.output
    assert "shelem.yaml:45:7: warning: 12 cards stay in the stock after the deal, and no rule reads or draws from" \
        " it: they are never played (remove them from the deck, as deck: {remove: [...]}, or deal them)" in out.output
    for name in ("hokm-2p", "pasur"):
        assert "never played" not in CliRunner().invoke(main, ["validate", "--games", "0", name]).output


def test_a_seat_taken_modulo_the_sides_is_no_longer_a_seat(tmp_path):
    """A seat moved on by a number is a seat still (`next_dealer: side(dealer) + 1` is refused as a side where a
    seat is meant), and wrapped round the table (`% 4`) too; but a seat modulo 2 is a number, not a seat, so
    `side == (hakem + 1) % 2` (the hakem's opponents, in a game of four) is no side compared with a seat."""
    path = tmp_path / "opponents.yaml"
    path.write_text("extends: hokm\nname: v\nscoring:\n  - name: hand points\n"
                    '    points: "if side == (hakem + 1) % 2 and tricks >= 7 then 1 else 0"\n', encoding="utf-8")
    assert load(path).notes == []
    path.write_text("extends: hokm\nname: v\ngame:\n  next_dealer: (side(dealer) + 1) % 4\n", encoding="utf-8")
    with pytest.raises(CardrulesError, match="expected a seat, but this is a side"):
        load(path)


SET_BASE = """\
name: base
players: 2
deck: {}
zones: {hand: {owner: seat, visible: owner}, stock: {}}
vars: {a: {type: int}, b: {type: int}, c: {type: int}}
hand:
  - {name: s, set: {a: 1, b: a + 1}}
scoring: [{name: r, points: a}]
game: {hands: 1}
"""


@pytest.mark.parametrize("entries, merged, values", [
    ("{c: b + 1, a: 5}", {"a": 5, "b": "a + 1", "c": "b + 1"}, {"a": 5, "b": 6, "c": 7}),  # b kept, in its place
    ("{c: b + 1, b: null}", {"a": 1, "c": "b + 1"}, {"a": 1, "b": 0, "c": 1}),  # b dropped
])
def test_a_set_redefined_keeps_the_bases_entries_it_does_not_name(tmp_path, entries, merged, values):
    """docs/language.md, Variants: a step's `set:` merges key by key; the base's entries stay in their places and
    are worked out in that order, the new ones after them, until given `null` (an author's audit: a Hokm
    variant's `set: {hakem: next(dealer)}` kept Hokm's `dealer: prev(hakem)`, and the hakem never moved)."""
    (tmp_path / "base.yaml").write_text(SET_BASE, encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: base.yaml\nname: house\nhand:\n  - name: s\n    set: {entries}\n", encoding="utf-8")
    game = load(path)
    assert dict(game.tree["hand"][0]["set"]) == merged
    assert list(game.tree["hand"][0]["set"]) == list(merged)
    assert game.new_state(seed=1).vars == values


@pytest.mark.parametrize("entries, merged", [
    ("{hakem: next(dealer)}", {"dealer": "prev(hakem)", "hakem": "next(dealer)"}),
    ("{hakem: next(dealer), dealer: null}", {"hakem": "next(dealer)"}),
])
def test_the_docs_example_of_a_set_redefined_in_a_variant(tmp_path, entries, merged):
    """The example under Variants: extends, as the docs say it merges."""
    path = tmp_path / "moving.yaml"
    path.write_text(f"extends: hokm\nname: moving\nhand:\n  - name: dealer\n    set: {entries}\n", encoding="utf-8")
    step = next(s for s in load(path).tree["hand"] if s["name"] == "dealer")
    assert dict(step["set"]) == merged
