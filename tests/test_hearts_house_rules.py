"""Hearts house rules (RULES.md §5: "the usual house rules as options"), one test or more per variant file.

Each scenario deals the same fixed deck under the variant and under hearts.yaml and checks that the outcome
differs as the house rule says, and only there. The helpers are those of tests/test_hearts_rules.py: a
scenario names the hands each seat holds after hand 1's pass, and `start` deals and passes so that they do.
"""

from __future__ import annotations

import pytest

from interpreter import IllegalAction, load
from interpreter import cards as C
from interpreter.sheet import sheet
from tests.conftest import RULESETS
from tests.test_hearts_rules import HANDS_B, SUITS, after_pass, deal, fill, play_out, play_trick

CLUBS_BUT_ACE = " ".join(r + "C" for r in C.RANKS if r != "A")


def ruleset(name: str = "hearts"):
    return load(RULESETS / f"{name}.yaml")


def start(name: str, hands: list[str]):
    """Hand 1 of `name` up to the first lead: after the pass seat s holds hands[s]."""
    dealt, given = after_pass(hands)
    st = ruleset(name).new_state(shuffles=[deal(dealt)])
    for s in range(4):
        for c in given[s]:
            st.apply(f"pass {c}")
    return st


def taker_of(events: list[dict], card: str) -> int:
    """The seat that took the trick holding `card`."""
    return next(e["winner"] for e in events if e["kind"] == "trick" and C.card_id(card) in e["cards"])


# ---- hearts-omnibus: the J♦ scores -10 to its taker (Y7) -------------------------------------------------


def test_omnibus_the_jack_of_diamonds_scores_minus_10_to_its_taker():
    """hearts-omnibus.yaml: a hand played the same way scores the same hearts and Q♠ under both rulesets; the
    player who took the J♦ (seat 2, in a trick with no heart) scores -10 more, and only under Omnibus."""
    hands = fill({})
    results = {}
    for name in ("hearts", "hearts-omnibus"):
        st = start(name, hands)
        events = st.listen()
        results[name] = play_out(st)
        assert taker_of(events, "JD") == 2
    base, house = results["hearts"], results["hearts-omnibus"]
    assert base["values"]["taken"] == house["values"]["taken"] == [16, 10, 0, 0]
    assert base["points"] == [16, 10, 0, 0]
    assert house["rows"]["jack of diamonds"] == [0, 0, -10, 0]
    assert house["points"] == [16, 10, -10, 0]


def test_omnibus_a_moon_shot_with_the_jack_still_gives_the_shooter_minus_10():
    """hearts-omnibus.yaml: seat 0 holds every club and takes every trick, the J♦ too: the moon scores as in
    Y7 (0 to him, 26 to each other player) and the J♦ gives him -10 on top of it."""
    hands = fill({0: SUITS["C"]})
    base, house = play_out(start("hearts", hands)), play_out(start("hearts-omnibus", hands))
    assert base["values"]["moon"] == house["values"]["moon"] == [1, 0, 0, 0]
    assert base["points"] == [0, 26, 26, 26]
    assert house["points"] == [-10, 26, 26, 26]


def test_omnibus_the_moon_does_not_need_the_jack():
    """hearts-omnibus.yaml: seat 1 takes trick 1 with the A♣ and the J♦ seat 2 throws on it; seat 0 takes
    every other trick, all 13 hearts and the Q♠: he has still shot the moon (0, the others 26), and
    seat 1 scores 26 - 10 for the J♦."""
    hands = fill({0: CLUBS_BUT_ACE + " AS", 1: "AC 2S", 2: "JD"})
    results = {}
    for name in ("hearts", "hearts-omnibus"):
        st = start(name, hands)
        play_trick(st, "2C", "AC", "JD")
        st.apply(st.legal_actions()[0])  # seat 3: no club, no heart or Q♠ on the first trick
        assert st.to_act == 1
        play_trick(st, "2S")  # seat 0 must follow with his only spade, the ace, and takes the rest with clubs
        results[name] = play_out(st)
    base, house = results["hearts"], results["hearts-omnibus"]
    assert base["values"]["taken"] == house["values"]["taken"] == [26, 0, 0, 0]
    assert base["points"] == [0, 26, 26, 26]
    assert house["points"] == [0, 16, 26, 26]


# ---- hearts-moon-self: the shooter scores -26, the others 0 (Y7) ---------------------------------------------


def test_moon_self_the_shooter_scores_minus_26_and_the_others_nothing():
    """hearts-moon-self.yaml: seat 0 holds every club and takes all 26 points: the rules give him 0 and each
    other player 26; the house rule gives him -26 and the others 0. A hand without a moon scores the same."""
    hands = fill({0: SUITS["C"]})
    base, house = play_out(start("hearts", hands)), play_out(start("hearts-moon-self", hands))
    assert base["values"]["taken"] == house["values"]["taken"] == [26, 0, 0, 0]
    assert base["points"] == [0, 26, 26, 26]
    assert house["points"] == [-26, 0, 0, 0]
    no_moon = fill({})
    assert play_out(start("hearts", no_moon))["points"] == play_out(start("hearts-moon-self", no_moon))["points"] \
        == [16, 10, 0, 0]


def test_moon_self_no_longer_ends_the_game_by_pushing_the_others_past_100():
    """hearts-moon-self.yaml: at 90-80-80-80, a moon under the rules gives the others 26 each: they pass 100
    and the game ends, the shooter lowest. Under the house rule he drops to 64, nobody reaches 100, play
    goes on."""
    hands = fill({0: SUITS["C"]})
    base, house = start("hearts", hands), start("hearts-moon-self", hands)
    for st in (base, house):
        st.scores = [90, 80, 80, 80]
        play_out(st)
    assert base.scores == [90, 106, 106, 106] and base.over and base.winner == 0
    assert house.scores == [64, 80, 80, 80] and not house.over


# ---- hearts-queen-breaks: the Q♠ breaks hearts (Y5) ---------------------------------------------------------


def test_queen_breaks_hearts_may_be_led_once_the_queen_has_been_played():
    """hearts-queen-breaks.yaml: at trick 2 no heart or Q♠ has been played, so seat 1 may lead no heart under
    either ruleset (the house rule's refusal names the Q♠ too). Seat 2 takes trick 2 with the Q♠, no heart
    played: under the house rule he may lead a heart at trick 3; under the rules (Y5) only a spade."""
    leads = {}
    for name, says in (("hearts", "until a heart has been played"),
                       ("hearts-queen-breaks", "until a heart or the Q♠ has been played")):
        st = start(name, HANDS_B)
        play_trick(st, "2C", "AC", "AS", "2D")
        assert st.to_act == 1 and not [a for a in st.legal_actions() if a.endswith("H")]
        with pytest.raises(IllegalAction, match=says):
            st.apply("play KH")
        play_trick(st, "2S", "QS", "3D", "3C")
        assert st.to_act == 2
        leads[name] = sorted(st.legal_actions())
    hearts = [f"play {r}H" for r in "A 10 9 8 7 6 5 4 3".split()]
    assert leads["hearts"] == ["play JS", "play KS"]
    assert leads["hearts-queen-breaks"] == sorted(hearts + ["play JS", "play KS"])


def test_each_variant_sets_its_option_and_says_so_in_the_rules_sheet():
    base = ruleset().options
    assert base == {"jack_of_diamonds": False, "moon_shot": "others", "queen_breaks": False}
    for name, option, value in (("hearts-omnibus", "jack_of_diamonds", True), ("hearts-moon-self", "moon_shot", "self"),
                                ("hearts-queen-breaks", "queen_breaks", True)):
        g = ruleset(name)
        assert g.options == dict(base, **{option: value})
        assert "house rule" in sheet(g, "en") and "قاعده‌ی خانگی" in sheet(g, "fa")
