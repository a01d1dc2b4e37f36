"""Pasur house rules seen elsewhere (VARIANTS.md §Pasur), one test per variant file.

Each test plays the same fixed deal or arranged last deal under the variant and
under the ruleset it changes, and checks that the outcome differs as the house
rule says. The helpers (`deal`: a fixed first hand; `last_deal`: hand 1 at its
last deal, seat 0 to act, the dealer the last seat) are those of
tests/test_pasur_rules.py.
"""

from __future__ import annotations

import re

import pytest

from interpreter import load
from interpreter.errors import RulesetError
from interpreter.sheet import sheet
from interpreter.table import Table
from tests.conftest import RULESETS, deck_with
from tests.test_pasur_rules import deal, last_deal, names, play, play_out_hand, ruleset

# The P18 deal of tests/test_pasur_rules.py: side 1 holds these cards, seat 0 takes 2S and the
# leftovers with everything else; the hand scores [15, 5].
P18_SIDE1 = "AC 9C 10C JC QC KC AH AD JD"
P18_PLAYS = ("play 9S take 2S", "play 8S")
# test_surs_never_cancel's deal, front of the deck: seat 0 makes three surs, seat 1 one
FOUR_SURS = "AH 9S 8D AC 2C 3H 5S 5H AS 2S 3S 4D".split()


def p18_hand(name: str, before: list[int]):
    st = last_deal(ruleset(name), ["9S", "8S"], table="2S", piles={1: P18_SIDE1})
    st.scores = list(before)
    play(st, *P18_PLAYS)
    assert st.hands[0]["points"] == [15, 5]
    return st


def test_target_72():
    """rulesets/pasur-72.yaml (VARIANTS.md: "Target score: ... 72 and 11 in some apps"): 65 wins the
    default game but not the game to 72; 72 exactly wins it."""
    base, longer = p18_hand("pasur", [50, 0]), p18_hand("pasur-72", [50, 0])
    assert (base.over, base.winner) == (True, 0)  # 65 >= 62
    assert not longer.over  # 65 < 72: the next hand is dealt
    assert (longer.dealer, longer.to_act) == (0, 1) and [len(h) for h in longer.zones["hand"]] == [4, 4]
    assert ruleset("pasur-72").options["target"] == 72

    st = p18_hand("pasur-72", [57, 0])
    assert st.hands[0]["totals"] == [72, 5] and (st.over, st.winner) == (True, 0)
    st = p18_hand("pasur-72", [56, 0])
    assert st.hands[0]["totals"] == [71, 5] and not st.over


def test_target_11():
    """rulesets/pasur-11.yaml (VARIANTS.md: "Target score: ... 72 and 11 in some apps"): the first hand's
    15 points win at once; a 10-10 hand leaves the players tied on top, and play goes on."""
    base, short = p18_hand("pasur", [0, 0]), p18_hand("pasur-11", [0, 0])
    assert not base.over
    assert (short.over, short.winner) == (True, 0)

    # Side 1 takes seven clubs (7) and the 10 of diamonds (3); side 0 the 2 of clubs, the aces and the
    # jacks (2 + 4 + 4): 10 all.
    st = last_deal(ruleset("pasur-11"), ["9S", "8S"], table="2S", piles={1: "3C 4C 5C 6C 7C 8C 9C 10D"})
    play(st, *P18_PLAYS)
    assert st.hands[0]["totals"] == [10, 10]
    assert not st.over  # nobody reached 11: another hand
    st = last_deal(ruleset("pasur-11"), ["9S", "8S"], table="2S", piles={1: "3C 4C 5C 6C 7C 8C 9C 10D AH"})
    play(st, *P18_PLAYS)
    assert st.hands[0]["totals"] == [9, 11] and (st.over, st.winner) == (True, 1)


def test_surs_never_cancel():
    """rulesets/pasur-sur-no-cancel.yaml (VARIANTS.md: "Sur cancellation: net at scoring (ours); ...; no
    cancellation at all"): seat 0 makes 3 surs and seat 1 one. By default that is 2 net surs for side 0
    and none for side 1; here each side scores every sur it made."""
    hands, table = ("AH 9S 8D AC", "2C 3H 5S 5H"), "AS 2S 3S 4D"
    plays = ("play AH take AS 2S 3S 4D",  # sur
             "play 2C", "play 9S take 2C",  # sur
             "play 3H", "play 8D take 3H",  # sur
             "play 5S", "play AC", "play 5H take 5S AC")  # seat 1's sur
    points = {}
    for name in ("pasur", "pasur-sur-no-cancel"):
        st = deal(ruleset(name), *hands, table=table)
        play(st, *plays)
        assert st.counters["surs"] == [3, 1] and st.zones["stock"]
        points[name] = st.hand_points()
    assert points["pasur"] == [2 + 2 + 10, 1]  # AH AS, 2C, 2 net surs; AC
    assert points["pasur-sur-no-cancel"] == [2 + 2 + 15, 1 + 5]


def test_last_deal_sur_but_not_on_the_last_card():
    """rulesets/pasur-last-card-sur.yaml (VARIANTS.md: "Sur in the last deal: not counted (ours); counted
    except on the very last card"). In the last deal (seat 1 deals, seat 0 plays first), seat 1 clears the
    table with its first card, then again with the hand's very last card."""
    surs, points = {}, {}
    for name in ("pasur", "pasur-last-deal-sur", "pasur-last-card-sur"):
        st = last_deal(ruleset(name), ["4D 6C", "7H 5C"], table="")
        assert st.dealer == 1
        play(st, "play 4D", "play 7H take 4D")  # a sur, with seat 1 still holding 5C
        assert st.zones["table"] == []
        surs[name] = [list(st.counters["surs"])]
        play(st, "play 6C", "play 5C take 6C")  # a sur with the last card of the hand: the hand is over
        surs[name].append(st.hands[0]["counters"]["surs"])
        points[name] = st.hands[0]["rows"]["surs"]
    assert surs["pasur"] == [[0, 0], [0, 0]]  # P14: no sur in the last deal
    assert surs["pasur-last-deal-sur"] == [[0, 1], [0, 2]]  # every sur counts
    assert surs["pasur-last-card-sur"] == [[0, 1], [0, 1]]  # all but the last card's
    assert points == {"pasur": [0, 0], "pasur-last-deal-sur": [0, 10], "pasur-last-card-sur": [0, 5]}


def test_last_card_sur_with_the_first_player_s_last_card_counts():
    """rulesets/pasur-last-card-sur.yaml: the first player's last card is not the hand's last card."""
    for name, expected in (("pasur", [0, 0]), ("pasur-last-card-sur", [1, 0])):
        st = last_deal(ruleset(name), ["6C 7H", "5C 9S"], table="4D")
        play(st, "play 6C", "play 5C take 6C", "play 7H take 4D")  # seat 0's last card clears 4D
        assert st.zones["table"] == [] and names(st.zones["hand"][1]) == "9S"  # the hand goes on
        assert st.counters["surs"] == expected, name


def test_last_card_sur_keeps_the_base_s_other_sur_rules():
    """rulesets/pasur-last-card-sur.yaml restates the base's sur test to add its own: the rest must hold as in
    pasur.yaml — a queen or king taking the last card is a sur by default (P15), only a numeric card with
    `sur_cards: numeric`, and a jack never (P14) — on the fixed deal of tests/test_pasur_rules.py."""
    from interpreter import load
    from tests.conftest import RULESETS
    from tests.test_pasur_rules import SUR_HANDS, SUR_PLAYS, SUR_TABLE

    for options, surs in ((None, [3, 0]), ({"sur_cards": "numeric"}, [1, 0])):
        for name in ("pasur", "pasur-last-card-sur"):
            st = deal(load(RULESETS / f"{name}.yaml", options=options), *SUR_HANDS, table=SUR_TABLE)
            play(st, *SUR_PLAYS)
            assert st.zones["table"] == [] and st.counters["surs"] == surs, (name, options)
    st = deal(ruleset("pasur-last-card-sur"), "JH 6S 7S 8S", "2C 3C 4C 5C", table="AS 2S 3S 4D")
    st.apply("play JH take AS 2S 3S 4D")
    assert st.zones["table"] == [] and st.counters["surs"] == [0, 0]
    numeric = load(RULESETS / "pasur-last-card-sur.yaml", options={"sur_cards": "numeric"})
    st = last_deal(numeric, ["10H 6C", "5C 9S"], table="AD")  # a 10 is numeric: its sweep is a sur
    st.apply("play 10H take AD")
    assert st.zones["table"] == [] and st.counters["surs"] == [1, 0]


def test_three_players_four_deals_of_12():
    """rulesets/pasur-3p.yaml (VARIANTS.md: "Three players: dealt as two-player with three hands (4 deals
    of 12)"): 4 cards to each of three players and 4 to the table, then 4 more each when every hand is
    empty: the stock lasts four deals, and three players score apart."""
    st = deal(ruleset("pasur-3p"), "2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D", table="6S 7S 8S 9S")
    assert (st.dealer, st.to_act) == (2, 0)
    assert names(st.zones["hand"][2]) == "2D 3D 4D 5D" and names(st.zones["table"]) == "6S 7S 8S 9S"
    assert len(st.zones["stock"]) == 36
    log = play_out_hand(st)
    deals = [turn["stock"] for turn in log if all(len(h) == 4 for h in turn["hands"])]
    assert [len(s) for s in deals] == [36, 24, 12, 0]  # the 4th deal is the last
    assert len(log) == 48
    hand = st.hands[0]
    assert len(hand["points"]) == 3
    assert sum(hand["points"]) == 20 + sum(hand["rows"]["surs"])  # P18, plus the surs scored

    two = deal(ruleset("pasur"), "2S 3S 4S 5S", "2H 3H 4H 5H", table="2D 3D 4D 5D")
    deals = [turn["stock"] for turn in play_out_hand(two) if all(len(h) == 4 for h in turn["hands"])]
    assert [len(s) for s in deals] == [40, 32, 24, 16, 8, 0]  # two players: six deals


def test_three_players_surs_net_against_the_most_any_other_made():
    """rulesets/pasur-3p.yaml: seat 0 makes two surs, seat 2 one: seat 0 scores one net sur, seat 2 none."""
    st = deal(ruleset("pasur-3p"), "AH 9S 6C 8H", "2C 5S 6S QD", "3D 6D 4D 7D", table="AS 2S 3S 4H")
    play(st,
         "play AH take AS 2S 3S 4H",  # sur, seat 0
         "play 2C", "play 3D", "play 6C take 2C 3D",  # sur, seat 0
         "play 5S", "play 6D take 5S")  # sur, seat 2
    assert st.counters["surs"] == [2, 0, 1] and st.zones["stock"]
    # seat 0: AH AS, 2C and one sur net of seat 2's; seat 2's sur is cancelled; seat 1 made none
    assert st.hand_points() == [2 + 2 + 5, 0, 0]


def test_three_players_most_clubs_score_7_a_tie_none():
    """rulesets/pasur-3p-most-clubs.yaml (VARIANTS.md: "Clubs: 7 points for "7 or more" (ours) vs. a strict
    plurality where a tie scores nothing (the same thing with 2 sides; differs with 3 players)"). Seat 0
    takes 2S and the leftovers with every card the others do not hold."""
    cases = [
        # (side 1's pile, side 2's pile, clubs row in pasur-3p, in pasur-3p-most-clubs)
        ("3C 4C 5C 6C 7C", "8C 9C 10C JC", [0, 0, 0], [0, 7, 0]),  # 4, 5, 4 clubs: the most, not seven
        ("3C 4C 5C 6C 7C", "8C 9C 10C JC QC", [0, 0, 0], [0, 0, 0]),  # 3, 5, 5: tied on top, nobody
        ("3C 4C 5C 6C 7C 8C 9C", "10C", [0, 7, 0], [0, 7, 0]),  # seven clubs: both agree
    ]
    for side1, side2, base, plurality in cases:
        rows = {}
        for name in ("pasur-3p", "pasur-3p-most-clubs"):
            st = last_deal(ruleset(name), ["9S", "8S", "7S"], table="2S", piles={1: side1, 2: side2})
            play(st, "play 9S take 2S", "play 8S", "play 7S")
            rows[name] = st.hands[0]["rows"]["seven clubs"]
        assert rows == {"pasur-3p": base, "pasur-3p-most-clubs": plurality}, (side1, side2)


def test_three_players_most_clubs_row_is_said_most_clubs():
    """pasur-3p-most-clubs.yaml: its clubs row keeps the base's name (`seven clubs`), but the table and the
    rules sheet say it as it scores, "most clubs" (بیشترین خاج), not "seven clubs" (هفت خاج)."""
    said = {}
    for name in ("pasur-3p", "pasur-3p-most-clubs"):
        g = ruleset(name)
        st = last_deal(g, ["9S", "8S", "7S"], table="2S", piles={1: "3C 4C 5C 6C 7C 8C 9C", 2: "10C"})
        play(st, "play 9S take 2S", "play 8S", "play 7S")
        said[name] = (Table(st, 0).hand_result(0)[1], Table(st, 0, "fa").hand_result(0)[1],
                      sheet(g, "en"), sheet(g, "fa"))
    en, fa, sheet_en, sheet_fa = said["pasur-3p-most-clubs"]
    assert en == "  most clubs: you 0, seat 1 7, seat 2 0"
    assert fa.startswith("  بیشترین خاج: ") and "هفت خاج" not in fa
    assert "**most clubs**" in sheet_en and "**seven clubs**" not in sheet_en
    assert "**بیشترین خاج**" in sheet_fa and "**هفت خاج**" not in sheet_fa
    en, fa, sheet_en, sheet_fa = said["pasur-3p"]  # the base is still seven clubs
    assert en == "  seven clubs: you 0, seat 1 7, seat 2 0" and fa.startswith("  هفت خاج: ")
    assert "**seven clubs**" in sheet_en


def test_a_jack_dealt_in_place_of_a_table_jack_throws_the_deal_in():
    """rulesets/pasur-jack-again-redeal.yaml (VARIANTS.md: "Opening table: ... or when a replacement card is
    again a jack"): the base replaces JH with JS and JS with 9S (P3); the house rule deals again, from the
    next deck order, as soon as the card in JH's place is a jack too. A single jack is still replaced."""
    hands, table = ("2S 3S 4S 5S", "2H 3H 4H 5H"), "6S JH 7S 8S"
    later = [deck_with("2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D".split(), ruleset())]
    base = deal(ruleset(), *hands, table=table, then="JS 9S", later=later)
    assert names(base.zones["table"]) == "6S 7S 8S 9S" and base.misdeals == 0
    again = deal(ruleset("pasur-jack-again-redeal"), *hands, table=table, then="JS 9S", later=later)
    assert again.misdeals == 1  # thrown in: the second deck order was dealt
    assert names(again.zones["hand"][0]) == "2C 3C 4C 5C" and names(again.zones["table"]) == "2D 3D 4D 5D"
    once = deal(ruleset("pasur-jack-again-redeal"), *hands, table=table, then="9S JS", later=later)
    assert names(once.zones["table"]) == "6S 7S 8S 9S" and once.misdeals == 0


def test_the_table_says_why_a_second_jack_throws_the_deal_in():
    """pasur-jack-again-redeal at the table: the replacement jack is named as the reason for the new deal."""
    from interpreter.table import Table

    g = ruleset("pasur-jack-again-redeal")
    front = "2S 3S 4S 5S 2H 3H 4H 5H 6S JH 7S 8S JS 9S".split()
    later = deck_with("2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D".split(), g)
    st = g.new_state(shuffles=[deck_with(front, g), later], seed=0, listen=True)
    lines = [x.strip() for x in Table(st, 0).events(st.events)]
    assert "J♠ took its place and must go too: the cards are shuffled and dealt again" in lines


def test_sur_cancels_at_once():
    """rulesets/pasur-sur-cancels-at-once.yaml (VARIANTS.md: "Sur cancellation: net at scoring (ours); a new
    sur cancels one of the opponent's at once"): the deal of test_surs_never_cancel. Seat 0's three surs
    stand until seat 1's sur takes one away at once, its own not kept: [2, 0] where ours keeps [3, 1]. The
    points are P16's net either way, and the table says what the sur took away."""
    front = FOUR_SURS
    first = ("play AH take AS 2S 3S 4D", "play 2C", "play 9S take 2C", "play 3H", "play 8D take 3H")
    then = ("play 5S", "play AC", "play 5H take 5S AC")
    base = deal(ruleset("pasur"), "AH 9S 8D AC", "2C 3H 5S 5H", table="AS 2S 3S 4D")
    g = ruleset("pasur-sur-cancels-at-once")
    st = g.new_state(shuffles=[deck_with(front, g)], seed=0, listen=True)
    play(base, *first)
    play(st, *first)
    assert st.counters["surs"] == base.counters["surs"] == [3, 0]  # no sur of seat 1's to cancel: each kept
    play(base, *then)
    play(st, *then)
    assert base.counters["surs"] == [3, 1]
    assert st.counters["surs"] == [2, 0]  # seat 1's sur took one of seat 0's away, and was not kept
    assert st.hand_points() == base.hand_points() == [2 + 2 + 10, 1]
    lines = [x.strip() for x in Table(st, 0).events(st.events)]
    assert lines.count("→ you made a sur") == 3 and "→ seat 1: your surs −1" in lines, lines  # the sur's `said:`
    fa = [x.strip() for x in Table(st, 1, "fa").events(st.events)]
    assert "← شما: سور صندلی ۰ \u200e−۱\u200e\u200f" in fa, fa
    assert fa.count("← صندلی ۰ سور زد") == 3, fa


def test_acted_names_an_effect_listed_before_and_is_read_only_among_effects(tmp_path):
    """`acted("sur")` builds on the base's effect without restating its test; a name not listed before the
    effect (a later one, a misspelt one), one not in quotes, or acted() outside the effects is refused at it."""
    effects = ("extends: {base}\nhand:\n  - name: play\n    play:\n      after_capture:\n"
               "        - {{name: twice, add: surs, if: '{test}'}}\n")
    path = tmp_path / "house.yaml"
    for test, said in (('acted(\"surs\")', 'acted("surs"): no effect of that name is listed before this one (those'
                                            ' before it: "sur")'),
                       ('acted(\"twice\")', 'acted("twice"): no effect of that name is listed before this one'),
                       ("acted(sur)", 'acted() takes the name of an effect listed before this one, in quotes')):
        path.write_text(effects.format(base=RULESETS / "pasur.yaml", test=test), encoding="utf-8")
        with pytest.raises(RulesetError, match=re.escape(said)):
            load(path)
    path.write_text(f"extends: {RULESETS / 'pasur.yaml'}\nscoring:\n  - {{name: surs, points: 'if acted(\"sur\")"
                    " then 1 else 0'}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"acted\(\) tells whether an effect of this capture acted"):
        load(path)


def test_an_effect_on_another_sides_counter_in_the_sheet_and_its_errors(tmp_path):
    """The effect on the other side's counter is written in the rules sheet; a seat given for a side, where
    sides have two seats, is refused at load; a side worked out of range stops play with a located error."""
    assert "after a capture, −1 **surs** of side `side(seat + 1)` when" in sheet(ruleset("pasur-sur-cancels-at-once"))
    effect = ("extends: {base}\nhand:\n  - name: play\n    play:\n      after_capture:\n"
              "        - {{name: sur, add: surs, side: '{side}'}}\n")
    path = tmp_path / "house.yaml"
    path.write_text(effect.format(base=RULESETS / "pasur-4p.yaml", side="dealer"), encoding="utf-8")
    refused = r"house.yaml:6:40: error: expected a side, but this is a seat: .* \(write side\(dealer\)"
    with pytest.raises(RulesetError, match=refused):
        load(path)
    for seat in ("next(seat)", "if seat == dealer then prev(seat) else next(seat)"):  # worked out, still seats
        path.write_text(effect.format(base=RULESETS / "pasur-4p.yaml", side=seat), encoding="utf-8")
        with pytest.raises(RulesetError, match=r"error: expected a side, but this is a seat"):
            load(path)
    path.write_text(effect.format(base=RULESETS / "pasur.yaml", side="5"), encoding="utf-8")  # known at load
    with pytest.raises(RulesetError, match=r"house.yaml:6:40: error: side 5: the sides are 0 to 1"):
        load(path)
    path.write_text(effect.format(base=RULESETS / "pasur.yaml", side="seat + 2"), encoding="utf-8")
    st = load(path).new_state(shuffles=[deck_with(FOUR_SURS, load(path))], seed=0)
    with pytest.raises(RulesetError, match=r"house.yaml:6:40: .*its side works out to 2 in hand 1"):
        play(st, "play AH take AS 2S 3S 4D")
