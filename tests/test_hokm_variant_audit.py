"""Hokm variants: scenarios the other Hokm tests leave open, found by hand mutation of rulesets/hokm*.yaml.

Each test pins one rule of RULES.md §2 (H-ids) or one house rule of VARIANTS.md as a variant file plays it, on
fixed deck orders, and fails on a small change (named in its docstring) to that variant or to the
option-guarded part of the base file it turns on. Some of those changes got past every other test; the rest
were caught only by the slow random-game checks (test_reference_pasur_hokm.py, test_conformance.py), and are
pinned here by a scenario of a second or less. The helpers are the ones the Hokm rule tests use.
"""

from __future__ import annotations

import pytest

from interpreter import cards as C
from tests import test_hokm_2p_rules as two
from tests.conftest import deck_with
from tests.test_hokm_house_rules import draw_for as draw_for_3p
from tests.test_hokm_house_rules import three_hands_order
from tests.test_hokm_rules import (
    SPADES,
    deal_order,
    hands_for,
    ids,
    kot_at,
    names,
    play_out_hand,
    ruleset,
    seven_one,
    seven_one_hands,
    start,
    suit_of,
)

TRUMPS = ["trump C", "trump D", "trump H", "trump S"]
TOP_TWELVE = SPADES.replace(" 2S", "").split()  # AS KS ... 3S


def play_avoiding(st, keep: str) -> None:
    """Play the first legal card other than `keep` (a card saved for a later trick), or `keep` if it is all."""
    legal = st.legal_actions()
    st.apply(next((a for a in legal if a != f"play {keep}"), legal[0]))


def bam_asked(st) -> None:
    """After a trick: if the bam question is asked, it comes right after the 7-0, to seat 0, who plays on."""
    if st.legal_actions() == ["bam", "stop"]:
        assert st.counters["tricks"] == [7, 0] and st.to_act == 0
        st.apply("bam")


# ---- H14 bam: the try is lost at the first trick the other side takes ------------------------------------


@pytest.mark.parametrize("spade_tricks", [7, 12])
def test_h14_bam_lost_at_trick_8_or_13_is_no_match_win_and_scores_1(spade_tricks):
    """hokm-bam.yaml (H14): the hakem's side kots, plays on and takes `spade_tricks` tricks, then loses one to
    AH: the try is lost on that trick and the hand is scored as it stands (1 point, no kot), even when only the
    13th trick is lost (12-1): only all 13 tricks win the match. Mutant killed (hokm.yaml, used by hokm-bam):
    `win_if: bam_call == "bam" and tricks >= 12` (or `== 12`)."""
    g = ruleset("hokm-bam")
    # seat 0 (hakem): the twelve top spades and 2H; seat 1: 2S and AH, no other heart
    hands = hands_for({0: " ".join(TOP_TWELVE) + " 2H", 1: "AH 2S"}, void={1: "H"})
    st = start(g, hands, hakem=0, trump="S")
    for spade in TOP_TWELVE[:spade_tricks]:
        st.apply(f"play {spade}")
        for _ in range(3):
            play_avoiding(st, "AH")
        bam_asked(st)
    assert st.counters["tricks"] == [spade_tricks, 0] and not st.hands
    st.apply("play 2H")
    st.apply("play AH")
    for _ in range(2):
        st.apply(st.legal_actions()[0])
    assert len(st.hands) == 1, "the lost trick ends the try and the hand"
    hand = st.hands[0]
    assert hand["counters"]["tricks"] == [spade_tricks, 1]
    assert hand["values"]["bam_lost"] == [1, 0] and hand["points"] == [1, 0]
    assert not st.over and st.winner is None and st.scores == [1, 0]


def two_player_bam_hand(g, spade_tricks: int):
    """Hokm for two: the hakem (seat 0) ends the draw with the twelve top spades and 2H, the other player with
    AH and twelve clubs and diamonds (no spade, no other heart). Spades trump; the hakem leads `spade_tricks`
    spades, playing on (bam) after the 7th, then 2H, which AH takes. The state after that trick."""
    order = two.deal_order("AS KS 5C 6C 7C", "AH 9D 10D 5D 6D", TOP_TWELVE[2:] + ["2H"],
                           "2C 3C 4C 8C 9C 10C JC QC KC AC".split())
    st = two.start(g, 0, order, discards=["5C", "6C", "7C", "5D", "6D"])
    two.keep_all(st)
    assert names(st.zones["hand"][0]) == names(ids(" ".join(TOP_TWELVE) + " 2H"))
    assert C.card_id("AH") in st.zones["hand"][1] and not any(C.SUIT[c] == 0 for c in st.zones["hand"][1])
    for spade in TOP_TWELVE[:spade_tricks]:
        st.apply(f"play {spade}")
        play_avoiding(st, "AH")
        bam_asked(st)
    assert st.counters["tricks"] == [spade_tricks, 0]
    st.apply("play 2H")
    st.apply("play AH")
    return st


@pytest.mark.parametrize("spade_tricks", [7, 12])
def test_h21_h14_two_player_bam_lost_ends_the_hand_at_once_no_match_win(spade_tricks):
    """hokm-2p-bam.yaml (H21, H14): after a 7-0 the hakem plays on; the first trick the other player takes ends
    the try and the hand (scored as it stands: 1 point, no kot), and is no match win, even at 12-1. Mutants
    killed (hokm-2p.yaml, used by hokm-2p-bam): the bam's `stop_when: tricks >= 13` (play on to the end after
    a lost trick), `win_if: bam_call == "bam" and tricks >= 7`, and `win_if: ... tricks == 12`."""
    st = two_player_bam_hand(two.ruleset("hokm-2p-bam"), spade_tricks)
    assert len(st.hands) == 1, "the lost trick ends the try and the hand"
    hand = st.hands[0]
    assert hand["counters"]["tricks"] == [spade_tricks, 1]
    assert hand["values"]["bam_lost"] == [1, 0] and hand["points"] == [1, 0]
    assert not st.over and st.winner is None and st.scores == [1, 0]
    assert st.vars["hakem"] == 0  # H17: the hakem won the hand and stays


# ---- H14 for three: any player who kots may play on ------------------------------------------------------


@pytest.mark.parametrize("kotter", [0, 1, 2])
def test_3p_bam_is_offered_to_whichever_player_kots(kotter):
    """hokm-3p.yaml with bam (H14 for three): a kot by any of the three players, seat 2 too, is followed by the
    bam question to him. Mutant killed: `when: option.bam and kot(0) + kot(1) > 0` in hokm-3p's bam call."""
    g = ruleset("hokm-3p", bam=True)
    strong = SPADES + " AH KH QH JH"  # every trump and the top hearts
    rest = [C.NAMES[c] for c in g.deck if C.NAMES[c] not in strong.split()]
    others = iter([" ".join(rest[:17]), " ".join(rest[17:])])
    hands = [strong if s == kotter else next(others) for s in range(3)]
    hakem = (kotter + 1) % 3  # the hakem is shut out: a kot worth 3
    st = g.new_state(shuffles=[draw_for_3p(hakem, g), three_hands_order(hands, hakem)], seed=0)
    assert st.vars["hakem"] == hakem
    st.apply("trump S")
    while st.legal_actions() != ["bam", "stop"]:
        assert not st.hands, "the kot was scored without the bam question"
        st.apply(st.legal_actions()[0])
    assert st.to_act == kotter and st.counters["tricks"][kotter] == 7 and sum(st.counters["tricks"]) == 7
    st.apply("stop")
    hand = st.hands[0]
    assert hand["points"] == [3 if s == kotter else 0 for s in range(3)] and not st.over


# ---- H2 house rule: the random first hakem is drawn once --------------------------------------------------


def test_random_hakem_draws_only_the_first_hakem_then_h3():
    """hokm-random-hakem.yaml (VARIANTS.md "a random seat"; "H3 after the first hand as usual"): the ace-of-spades
    draw makes the first hakem only; after a hand his side loses, the next player is hakem (H3), with no new
    draw: the third deck order is hand 2's deal. Mutant killed: the random hakem step's `when:` without
    `hakem < 0` (a new draw every hand)."""
    g = ruleset("hokm-random-hakem")
    hand2 = deck_with(["AS"], g)  # were it drawn from again, AS would make seat 0 hakem
    draw = [x for x in deck_with([], g) if x != "AS"]
    draw.insert(1, "AS")  # AS to seat 1: the first hakem
    st, lead = seven_one_with_draw(g, draw, hakem=1, winner=0, loser=1, later=[hand2])
    hand = play_out_hand(st, lead)
    assert hand["vars"]["hakem"] == 1 and hand["counters"]["tricks"] == [7, 1]
    assert st.vars["hakem"] == 2 and st.dealer == 1 and st.to_act == 2  # H3, H4
    assert len(st.decks) == 3 and st.legal_actions() == TRUMPS
    assert names(st.zones["hand"][2]) == names(ids(" ".join(hand2[:5])))  # dealt from the third order


def seven_one_with_draw(g, draw, hakem, winner, loser, later=()):
    """As test_hokm_rules.seven_one, with a given first-hakem draw order."""
    hands = seven_one_hands(winner, loser)
    st = g.new_state(shuffles=[draw, deal_order(hands, hakem), *later], seed=0)
    assert st.vars["hakem"] == hakem
    st.apply("trump S")
    heart = next(c for c in hands[hakem].split() if suit_of(c) == "H")
    return st, f"play {heart}"


# ---- H16 reset for two: the hakem at 6 who kots the other player hands him the hakem -------------------------


def test_h21_h16_two_player_reset_when_the_hakem_at_6_kots_the_other_player():
    """hokm-2p-kot-at-six-reset.yaml (H21, H16 reset): the hakem (seat 0) stands at 6 and kots the other player:
    the score resets to 1-6, the kotted player's 6 (the source's words), and he becomes hakem. The other test
    covers a kotted hakem. Mutant killed (hokm-2p.yaml): the reset branch of `after_hand` keeping the hakem
    (`then hakem else hakem`)."""
    g = two.ruleset("hokm-2p-kot-at-six-reset")
    order, discards = two.all_spades_to(g, 0, 0)
    st = two.start(g, 0, order, discards=discards)
    two.keep_all(st)
    st.scores = [6, 3]
    hand = two.play_out_hand(st)
    assert hand["counters"]["tricks"] == [7, 0] and hand["values"]["reset"] == [1, 0]
    assert hand["totals"] == [1, 6] and st.scores == [1, 6] and not st.over
    assert st.vars["hakem"] == 1 and st.dealer == 0 and st.to_act == 1


# ---- no trump with the H6 void redeal --------------------------------------------------------------------


def test_no_trump_with_void_redeal_no_trump_named_is_no_void():
    """hokm-no-trump.yaml with void_redeal (H6): when the hakem names no trump there is no trump to be void in,
    so play starts; a suit named with an opponent void in it is still thrown in. Mutant killed: hokm.yaml's
    void redeal without its `trump != no_suit and` guard."""
    g = ruleset("hokm-no-trump", void_redeal=True)
    hands = hands_for({}, void={1: "H"})
    fresh = list(reversed(deck_with([], g)))
    st = start(g, hands, later=[fresh])
    st.apply("trump no_suit")
    assert len(st.decks) == 2 and [len(h) for h in st.zones["hand"]] == [13] * 4
    assert st.to_act == 0 and all(a.startswith("play ") for a in st.legal_actions())
    st = start(g, hands, later=[fresh])
    st.apply("trump H")  # seat 1 holds no heart: dealt again
    assert len(st.decks) == 3 and st.legal_actions() == TRUMPS + ["trump no_suit"]


# ---- kap: a hand won with the other side taking tricks is still 1 ----------------------------------------


@pytest.mark.parametrize("hakem,winner,loser,points", [(0, 0, 1, [1, 0]), (0, 1, 0, [0, 1])])
def test_kap_a_7_1_hand_scores_1(hakem, winner, loser, points):
    """hokm-kap.yaml (H12 stands; only the 7-0 changes): a 7-1 hand scores 1 hand point, whichever side wins.
    Mutant killed (without the slow random-game invariants): `else if opp(tricks) > 0 then 2 else 2`."""
    st, lead = seven_one(ruleset("hokm-kap"), hakem, winner, loser)
    hand = play_out_hand(st, lead)
    assert sorted(hand["counters"]["tricks"]) == [1, 7] and hand["points"] == points


# ---- three players: a tie on top that includes the hakem ---------------------------------------------------

# a shuffled game (random.Random(5), the first legal card each turn): the hakem, seat 2, ties seat 0 on 6 tricks
HAKEM_TIE_DRAW = ("QS 6H 10S KD 5C 2D 6C JD QC KC JC KH 3C 7D 3D 6D 5H 9H 2H 8H 7H 5S 3S AD KS 9D 6S 9S AH 9C QD AS"
                  " 10D 7S QH 8C 5D JH 8S JS 4S 3H 4D 2S 8D 4C 7C 10H 10C 4H AC")
HAKEM_TIE_DEAL = ("4D KC 10D 6C KH 9C 2H 10C 4S 3S 7D 8S 6H 7C 7S 8H AH 5H JD KS QS AC 9S JC 3D 6D 2D 3H 6S 8C 8D 5D"
                  " 9D 10H 3C 5C 4C AS QD KD QC 9H 5S 4H 10S JS AD JH 2S 7H QH")


def test_3p_a_hakem_tied_on_top_does_not_stay_hakem():
    """hokm-3p.yaml (H3 for three: "the hakem stays when he wins the hand ... after a tie, the next player"):
    the hakem, tied on the most tricks after all 17, has not won the hand: nobody scores and the next player
    becomes hakem. Mutant killed: `if tricks(side(hakem)) >= max(...) then hakem` in hokm-3p's `after_hand`."""
    g = ruleset("hokm-3p")
    st = g.new_state(shuffles=[HAKEM_TIE_DRAW.split(), HAKEM_TIE_DEAL.split()], seed=0)
    assert st.vars["hakem"] == 2
    while not st.hands:
        st.apply(st.legal_actions()[0])
    hand = st.hands[0]
    assert hand["counters"]["tricks"] == [6, 5, 6] and hand["points"] == [0, 0, 0]
    assert st.vars["hakem"] == 0 and st.dealer == 2 and st.to_act == 0


def test_3p_a_bam_lost_early_is_said_as_a_lost_bam_not_as_play_stopped_early():
    """hokm-3p.yaml with bam (H14 for three) and its table: the hakem kots, plays on, takes 12 tricks and loses
    the 13th: the hand ends there, 1 point, and the result says "bam tried and lost", not "play stopped early"
    (that is said only when nobody can catch the leader without a bam). Mutant killed: `out_of_reach` without
    its `bam_call != "bam" and`."""
    g = ruleset("hokm-3p", bam=True)
    seat1 = SPADES + " AH KH QH 2D"  # every trump, the top hearts, and a diamond that loses
    rest = [C.NAMES[c] for c in g.deck if C.NAMES[c] not in seat1.split()]
    hands = [" ".join(rest[:17]), seat1, " ".join(rest[17:])]
    st = g.new_state(shuffles=[draw_for_3p(1, g), three_hands_order(hands, 1)], seed=0)
    st.apply("trump S")
    for lead in SPADES.split()[:12] + ["2D"]:
        if st.legal_actions() == ["bam", "stop"]:
            st.apply("bam")
        assert st.to_act == 1
        st.apply(f"play {lead}")
        for _ in range(2):
            st.apply(st.legal_actions()[0])
    hand = st.hands[0]
    assert sorted(hand["counters"]["tricks"]) == [0, 1, 12] and hand["counters"]["tricks"][1] == 12
    assert hand["values"]["bam_lost"] == [0, 1, 0] and hand["values"]["out_of_reach"] == [0, 0, 0]
    assert hand["points"] == [0, 1, 0] and not st.over


# ---- H16 reset: the team at 6 may be either side -----------------------------------------------------------


@pytest.mark.parametrize("hakem,winner,next_hakem", [
    (1, 1, 2),  # the hakem's side (at 6) kots side 0: the hakem passes to the next player, on side 0
    (3, 3, 0),
    (0, 1, 0),  # side 0 holds the hakem and is kotted: he stays
    (2, 3, 2),
])
def test_h16_reset_when_side_1_is_the_team_at_6_that_kots(hakem, winner, next_hakem):
    """hokm-kot-at-six-reset.yaml (H16 reset): side 1 stands at 6 and kots side 0: the score resets to 6-1, the
    kotted side 0's 6, and side 0 takes the hakem, against H3's choice. The other tests put side 0 at 6. Mutant killed:
    `after_hand`'s `if reset(0) > 0 then` (for `reset(0) + reset(1) > 0`)."""
    st = kot_at(ruleset("hokm-kot-at-six-reset"), [3, 6], winner, hakem)
    hand = st.hands[0]
    assert hand["counters"]["tricks"] == [0, 7] and hand["values"]["reset"] == [0, 1]
    assert hand["totals"] == [6, 1] and st.scores == [6, 1] and not st.over
    assert st.vars["hakem"] == next_hakem and st.dealer == (next_hakem - 1) % 4 and st.to_act == next_hakem
    default = kot_at(ruleset(), [3, 6], winner, hakem)  # by default the kot wins: 6 + 2 or 3
    assert default.over and default.winner == 1


# ---- H14 bam: who leads the try, and H9 still holds in it --------------------------------------------------


def test_h14_bam_the_kotter_leads_on_and_must_be_followed():
    """hokm-bam.yaml (H14, with H8 and H9): seat 1 shuts out the hakem's side and plays on; he, the winner of the
    7th trick, leads the 8th (not the hakem), and the others must follow his suit in the bam tricks as in any
    trick. All 13 tricks win the match. Mutants killed (hokm.yaml's bam play, before caught only by the slow
    reference games): `leader: hakem`, and `follow: false`."""
    g = ruleset("hokm-bam")
    seat1 = " ".join(TOP_TWELVE) + " AH"  # twelve spades and AH; the hakem holds 2S, the last spade
    hands = hands_for({1: seat1, 0: "2S 2D"})
    st = start(g, hands, hakem=0, trump="S")
    st.apply("play 2D")
    st.apply("play 3S")  # seat 1 has no diamond: he trumps
    for _ in range(2):
        st.apply(st.legal_actions()[0])
    for spade in TOP_TWELVE[:6]:
        assert st.to_act == 1
        st.apply(f"play {spade}")
        for _ in range(3):
            st.apply(st.legal_actions()[0])
    assert st.counters["tricks"] == [0, 7] and st.to_act == 1 and st.legal_actions() == ["bam", "stop"]
    st.apply("bam")
    assert st.to_act == 1, "the winner of the last trick leads the bam, not the hakem"
    st.apply("play AH")
    hearts = sorted(f"play {c}" for c in C.names(st.zones["hand"][2]) if suit_of(c) == "H")
    assert hearts and st.legal_actions() == hearts  # H9: follow suit in the bam too
    while not st.over:
        if st.to_act == 1 and not st.zones["trick"]:
            st.apply(f"play {next(c for c in TOP_TWELVE if C.card_id(c) in st.zones['hand'][1])}")
        else:
            st.apply(st.legal_actions()[0])
    assert st.winner == 1 and st.hands[0]["counters"]["tricks"] == [0, 13]
