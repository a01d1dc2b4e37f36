"""Hokm, rule by rule: one or more scenario tests for every rule id H1-H16 of RULES.md §2.

Every scenario deals fixed deck orders. Hand 1 takes two: the first-hakem draw
(`draw_for(k)` puts the first ace at seat k) and then the real deal, built by
`deal_order` from the thirteen cards each seat is to end with (five each from
the hakem on, then four and four). `hands_for` fills the hands a scenario does
not care about with the rest of the deck in canonical order, keeping the voids
it asks for. Option rules run on their variant rulesets, each against the
default. A few match-end scenarios set the game score (`st.scores`) before the
hand is scored; every card is still dealt and played for real.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import IllegalAction, load
from interpreter import cards as C
from tests.conftest import RULESETS, deck_with, hands_round_the_table, packets_5_4_4

SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}

# ---- helpers ----------------------------------------------------------------------------------


def ruleset(name: str = "hokm", **options):
    return load(RULESETS / f"{name}.yaml", options=options or None)


def ids(text: str) -> list[int]:
    return [C.card_id(x) for x in text.split()]


def names(cards) -> str:
    """Cards as canonical text, in canonical order."""
    return " ".join(C.names(cards))


def suit_of(name: str) -> str:
    return name[-1]


def draw_for(seat: int, g) -> list[str]:
    """A first-ace draw order (H2) whose first ace falls to `seat`: seats 0, 1, 2 ... get one card each."""
    return deck_with(["2C", "3C", "4C"][:seat] + ["AC"], g)


def deal_order(hands: list[str], hakem: int) -> list[str]:
    """The deck order that leaves seat s holding hands[s]: 5 each, then 4, then 4, the hakem first (H5)."""
    return packets_5_4_4(hands, hakem, list(C.NAMES[:52]))


def hands_for(fixed: dict[int, str], void: dict[int, str] | None = None, deck=C.NAMES[:52]) -> list[str]:
    """Four 13-card hands around `fixed` (see conftest.hands_round_the_table)."""
    return hands_round_the_table(fixed, void, list(deck))


def start(g, hands: list[str], hakem: int = 0, trump: str | None = None, later=()):
    """Hand 1: the draw makes `hakem` hakem, the deal gives seat s hands[s]; `trump` is named if given."""
    st = g.new_state(shuffles=[draw_for(hakem, g), deal_order(hands, hakem), *later], seed=0)
    assert st.vars["hakem"] == hakem
    if trump is not None:
        st.apply(f"trump {trump}")
    return st


def play_out_hand(st, *first: str) -> dict:
    """Apply `first`, then the first legal action until the hand is scored; that hand's record."""
    done = len(st.hands)
    for a in first:
        st.apply(a)
    while len(st.hands) == done:
        st.apply(st.legal_actions()[0])
    return st.hands[done]


def plays_in_hand(st, hand_index: int) -> int:
    """How many cards were played in hand `hand_index` (0-based): actions between its trump and the next."""
    trumps = [i for i, (_, a) in enumerate(st.actions) if a.startswith("trump ")]
    end = trumps[hand_index + 1] if hand_index + 1 < len(trumps) else len(st.actions)
    return sum(a.startswith("play ") for _, a in st.actions[trumps[hand_index]:end])


def kot_hands(winner: int) -> list[str]:
    """Seat `winner` holds all thirteen spades: with spades trump his side takes every trick."""
    return hands_for({winner: SPADES})


def seven_one_hands(winner: int, loser: int) -> list[str]:
    """Seat `winner` holds 2H and twelve spades, seat `loser` AH 2S and no other heart: with spades trump
    and the hakem leading a heart, AH takes trick 1 and the winner's side the next seven."""
    return hands_for({winner: "2H " + SPADES.replace(" 2S", ""), loser: "AH 2S"}, void={loser: "H"})


def seven_one(g, hakem: int, winner: int, loser: int, later=()):
    """A 7-1 hand, trump named; also the hakem's lead: a heart (AH takes trick 1, whoever leads)."""
    hands = seven_one_hands(winner, loser)
    st = start(g, hands, hakem=hakem, trump="S", later=later)
    heart = next(c for c in hands[hakem].split() if suit_of(c) == "H")
    return st, f"play {heart}"


def first_trick(trump: str, trick: str, void: dict[int, str] | None = None):
    """Seat 0 is hakem, names `trump` and leads trick 1 with the first card; seats 1, 2, 3 follow in turn."""
    cards = trick.split()
    st = start(ruleset(), hands_for(dict(enumerate(cards)), void), trump=trump)
    for c in cards:
        st.apply(f"play {c}")
    return st


# ---- cards -------------------------------------------------------------------------------------


def test_h1_52_cards_no_jokers_13_each():
    g = ruleset()
    assert sorted(g.deck) == list(range(52))
    assert g.players == 4 and g.sides == 2
    st = start(g, kot_hands(0), trump="S")
    assert sorted(c for h in st.zones["hand"] for c in h) == list(range(52))
    assert [len(h) for h in st.zones["hand"]] == [13] * 4


@pytest.mark.parametrize("trump,trick,void,winner", [
    ("H", "AC 2H KC QC", {1: "C"}, 1),  # the trump 2 beats the ace of the suit led
    ("H", "2C AD AS 3C", {1: "C", 2: "C"}, 3),  # no suit but trump outranks another: off-suit aces lose
    ("S", "KD AD 2D 3D", None, 1),  # ace high
    ("S", "9D 10D 8D 7D", None, 1),  # 10 above 9
    ("S", "10D JD 9D 8D", None, 1),  # jack above 10
    ("S", "JD QD 9D KD", None, 3),  # king above queen above jack
    ("C", "3C 2C 4H 5H", {2: "C", 3: "C"}, 0),  # trump 3 above trump 2
])
def test_h1_rank_order_and_the_trump_2_beats_any_other_ace(trump, trick, void, winner):
    st = first_trick(trump, trick, void)
    assert st.trick_state.last_winner == winner
    assert st.counters["tricks"][winner % 2] == 1 and st.counters["tricks"][1 - winner % 2] == 0
    assert sorted(st.zones["won"][winner % 2]) == sorted(ids(trick))


# ---- choosing the first hakem ------------------------------------------------------------------


@pytest.mark.parametrize("front,hakem", [
    (["AS"], 0),
    (["2S", "AH"], 1),
    (["KS", "QS", "AD"], 2),
    (["2S", "3S", "4S", "AC"], 3),
    (["KS", "QS", "JS", "10S", "AH"], 0),  # round the table again: the 5th card is seat 0's
    (["KS", "QS", "JS", "10S", "9S", "AH"], 1),
])
def test_h2_first_ace_dealt_face_up_from_seat_0_makes_the_hakem(front, hakem):
    g = ruleset()
    draw = deck_with(front, g)
    deal = list(reversed(deck_with([], g)))  # a second, different order: the real deal
    st = g.new_state(shuffles=[draw, deal], seed=0)
    assert st.vars["hakem"] == hakem
    assert st.dealer == (hakem - 1) % 4  # H4
    assert st.to_act == hakem and st.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]
    # the draw used up its own shuffle: the hakem's five are the front of the NEXT order
    assert len(st.decks) == 2 and [C.NAMES[c] for c in st.decks[0]] == draw
    assert sorted(st.zones["hand"][hakem]) == sorted(ids(" ".join(deal[:5])))
    assert sorted([c for h in st.zones["hand"] for c in h] + st.zones["stock"]) == list(range(52))


def test_h2_the_draw_is_not_repeated_in_later_hands():
    g = ruleset()
    later = deal_order(kot_hands(0), 0)
    st = start(g, kot_hands(0), trump="S", later=[later])
    play_out_hand(st)
    assert len(st.decks) == 3  # draw, deal 1, deal 2: no second draw
    assert st.to_act == 0 and names(st.zones["hand"][0]) == names(ids(" ".join(later[:5])))  # the third order


@pytest.mark.parametrize("draws,hakem", [
    (["5S", "KS", "3H", "9D"], 1),  # highest rank takes it
    (["AH", "KS", "QD", "JC"], 0),  # the ace is highest
    (["2H", "10S", "JD", "9C"], 2),  # J above 10
    (["3S", "3H", "KD", "9D"], 2),  # a tie below the top does not matter
])
def test_h2_option_high_card_draw(draws, hakem):
    g = ruleset("hokm-draw-hakem")
    deal = list(reversed(deck_with([], g)))
    st = g.new_state(shuffles=[deck_with(draws, g), deal], seed=0)
    assert st.vars["hakem"] == hakem and st.dealer == (hakem - 1) % 4 and st.to_act == hakem
    assert len(st.decks) == 2
    assert sorted(st.zones["hand"][hakem]) == sorted(ids(" ".join(deal[:5])))


def test_h2_option_high_card_draw_ties_draw_again():
    """Seats 0 and 1 tie on kings; only they draw again, on from the same deck: seat 1's ace wins."""
    g = ruleset("hokm-draw-hakem")
    tie = deck_with(["KS", "KH", "3H", "9D", "2S", "AS"], g)
    deal = list(reversed(deck_with([], g)))
    st = g.new_state(shuffles=[tie, deal], seed=0)
    assert st.vars["hakem"] == 1 and st.dealer == 0
    assert len(st.decks) == 2  # the draw is one shuffle, the deal the next
    assert sorted(st.zones["hand"][1]) == sorted(ids(" ".join(deal[:5])))


def test_h2_default_is_first_ace_not_high_card():
    draws = ["5S", "KS", "3H", "9D", "AC"]  # a high-card draw would make seat 1 hakem
    default, option = ruleset(), ruleset("hokm-draw-hakem")
    assert default.new_state(shuffles=[deck_with(draws, default)], seed=0).vars["hakem"] == 0
    assert option.new_state(shuffles=[deck_with(draws, option)], seed=0).vars["hakem"] == 1


# ---- hakem succession ---------------------------------------------------------------------------


@pytest.mark.parametrize("hakem,winner,loser,next_hakem", [
    (0, 0, 1, 0),  # the hakem's team wins 7-1: he stays
    (2, 0, 3, 2),  # his partner's tricks count for him
    (0, 1, 0, 1),  # the hakem's team loses: the next player (a winner) is hakem
    (3, 2, 3, 0),  # ... round the table
    (1, 0, 1, 2),
])
def test_h3_hakem_stays_if_his_team_won_else_the_next_player(hakem, winner, loser, next_hakem):
    g = ruleset()
    hand2 = deck_with([], g)
    st, lead = seven_one(g, hakem, winner, loser, later=[hand2])
    hand = play_out_hand(st, lead)
    assert hand["counters"]["tricks"][winner % 2] == 7 and hand["vars"]["hakem"] == hakem
    assert st.vars["hakem"] == next_hakem
    assert st.dealer == (next_hakem - 1) % 4  # H4 in the next hand too
    assert st.to_act == next_hakem and st.legal_actions()[0] == "trump C"
    assert names(st.zones["hand"][next_hakem]) == names(ids(" ".join(hand2[:5])))  # he is dealt first


@pytest.mark.parametrize("hakem,winner,next_hakem", [(0, 0, 0), (0, 1, 1), (1, 0, 2), (3, 3, 3)])
def test_h3_succession_after_a_kot(hakem, winner, next_hakem):
    g = ruleset()
    st = start(g, kot_hands(winner), hakem=hakem, trump="S")
    play_out_hand(st)
    assert st.vars["hakem"] == next_hakem


# ---- dealing -----------------------------------------------------------------------------------


@pytest.mark.parametrize("hakem", [0, 1, 2, 3])
def test_h4_h5_five_each_from_the_hakem_trump_then_four_and_four(hakem):
    g = ruleset()
    deal = list(reversed(deck_with([], g)))
    st = g.new_state(shuffles=[draw_for(hakem, g), deal], seed=0)
    dealer = (hakem - 1) % 4
    assert st.dealer == dealer  # H4: the dealer sits just before the hakem
    order = [(hakem + i) % 4 for i in range(4)]
    assert order[-1] == dealer  # ... so he is dealt last
    # H5: the hakem names trump having seen five cards; everyone holds five
    assert st.to_act == hakem and st.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]
    for i, seat in enumerate(order):
        assert names(st.zones["hand"][seat]) == names(ids(" ".join(deal[5 * i:5 * i + 5])))
    assert len(st.zones["stock"]) == 32
    assert len(st.view(hakem)["zones"]["hand"][hakem]) == 5
    st.apply("trump d")
    assert st.vars["trump"] == SUIT["D"]
    for i, seat in enumerate(order):
        expected = deal[5 * i:5 * i + 5] + deal[20 + 4 * i:24 + 4 * i] + deal[36 + 4 * i:40 + 4 * i]
        assert names(st.zones["hand"][seat]) == names(ids(" ".join(expected)))
    assert st.zones["stock"] == []


@pytest.mark.parametrize("suit", "SHDC")
def test_h5_the_hakem_names_any_suit_and_only_he_does(suit):
    g = ruleset()
    st = start(g, kot_hands(1), hakem=2)
    assert st.to_act == 2
    with pytest.raises(IllegalAction):
        st.apply("play 2S")  # no play before trump
    st.apply(f"trump {suit}")
    assert st.vars["trump"] == SUIT[suit]


# ---- H6 option: redeal when an opponent of the hakem has no trump --------------------------------


@pytest.mark.parametrize("void_seat,redeal", [(1, True), (3, True), (2, False), (0, False)])
def test_h6_option_redeal_when_an_opponent_holds_no_trump(void_seat, redeal):
    variant, default = ruleset("hokm-void-redeal"), ruleset()
    hands = hands_for({}, void={void_seat: "H"})
    fresh = list(reversed(deck_with([], variant)))
    for g, expect_redeal in ((variant, redeal), (default, False)):
        st = start(g, hands, later=[fresh])
        st.apply("trump H")
        if expect_redeal:
            # thrown in: a new shuffle, the same hakem and dealer, trump named again
            assert len(st.decks) == 3
            assert (st.vars["hakem"], st.dealer, st.to_act) == (0, 3, 0)
            assert st.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]
            assert names(st.zones["hand"][0]) == names(ids(" ".join(fresh[:5])))
        else:
            assert len(st.decks) == 2 and st.to_act == 0
            assert all(a.startswith("play ") for a in st.legal_actions())
            assert [len(h) for h in st.zones["hand"]] == [13] * 4


def test_h6_option_no_redeal_when_both_opponents_hold_trump():
    g = ruleset("hokm-void-redeal")
    st = start(g, hands_for({}, void={1: "H"}))
    st.apply("trump S")  # seat 1 has spades, so has seat 3
    assert len(st.decks) == 2 and st.legal_actions()[0].startswith("play ")


# ---- H7 option: throw-in ------------------------------------------------------------------------

WEAK_FIVE = "2C 3C 10D 9H 10S"  # nothing above a 10


@pytest.mark.parametrize("five,asked", [
    (WEAK_FIVE, True),
    ("2C 3C JD 9H 10S", False),  # a jack is above a 10
    ("2C 3C 10D QH 10S", False),
    ("2C 3C 10D 9H KS", False),
    ("AC 3C 10D 9H 10S", False),  # the ace is high
])
def test_h7_option_throw_in_asked_only_of_a_first_five_with_nothing_above_10(five, asked):
    variant, default = ruleset("hokm-throw-in"), ruleset()
    hands = hands_for({2: five})
    for g in (variant, default):
        st = start(g, hands, hakem=2)
        assert st.to_act == 2  # the hakem decides, with only his five seen
        assert [len(h) for h in st.zones["hand"]] == [5] * 4
        if g is variant and asked:
            assert st.legal_actions() == ["keep", "redeal"]
        else:
            assert st.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]


def test_h7_option_throw_in_redeal_deals_a_new_shuffle_keep_goes_on():
    g = ruleset("hokm-throw-in")
    hands = hands_for({0: WEAK_FIVE})
    fresh = list(reversed(deck_with([], g)))  # the hakem's new five: KC QC JC 10C 9C
    st = start(g, hands, later=[fresh])
    kept = st.copy()

    st.apply("redeal")
    assert len(st.decks) == 3 and (st.vars["hakem"], st.dealer, st.to_act) == (0, 3, 0)
    assert names(st.zones["hand"][0]) == names(ids(" ".join(fresh[:5])))
    assert st.legal_actions()[0] == "trump C"  # a strong five: straight on to trump

    kept.apply("keep")
    assert len(kept.decks) == 2 and kept.legal_actions()[0] == "trump C"
    kept.apply("trump C")
    assert names(kept.zones["hand"][0]) == names(ids(hands[0]))


# ---- play --------------------------------------------------------------------------------------


def test_h8_hakem_leads_then_the_trick_winner_play_passes_in_play_order():
    g = ruleset()
    st = start(g, hands_for({2: "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D", 3: SPADES}), hakem=2, trump="S")
    assert st.to_act == 2 and st.trick_state.leader == 2
    seats = []
    for _ in range(4):
        seats.append(st.to_act)
        st.apply(st.legal_actions()[0])
    assert seats == [2, 3, 0, 1]
    assert st.trick_state.last_winner == 3  # seat 3 trumped the diamond
    assert st.to_act == 3 and st.trick_state.leader == 3 and st.trick_state.number == 2
    seats = []
    for _ in range(4):
        seats.append(st.to_act)
        st.apply(st.legal_actions()[0])
    assert seats == [3, 0, 1, 2]


def test_h8_the_winner_of_each_trick_leads_the_next():
    g = ruleset()
    st, lead = seven_one(g, hakem=0, winner=0, loser=1)
    st.apply(lead)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert st.trick_state.last_winner == 1 and st.to_act == 1  # AH took the hakem's 2H
    for _ in range(4):
        st.apply(st.legal_actions()[0])
    assert st.trick_state.last_winner == 0 and st.to_act == 0


def test_h9_must_follow_suit_exactly_the_led_suit_cards():
    g = ruleset()
    hands = hands_for({0: "5C", 1: "7C 2H", 2: "AH"}, void={2: "C"})
    st = start(g, hands, trump="H")
    st.apply("play 5C")
    clubs = sorted(f"play {c}" for c in hands[1].split() if suit_of(c) == "C")
    assert st.legal_actions() == clubs  # not the trump 2H, not any other suit
    with pytest.raises(IllegalAction):
        st.apply("play 2H")
    st.apply("play 7C")
    # seat 2 has no club: any of its thirteen cards
    assert st.legal_actions() == sorted(f"play {c}" for c in hands[2].split())
    st.apply("play AH")


def test_h9_the_leader_may_lead_anything():
    g = ruleset()
    hands = hands_for({})
    st = start(g, hands, trump="S")
    assert st.legal_actions() == sorted(f"play {c}" for c in hands[0].split())


def test_h9_follow_suit_is_judged_on_the_suit_led_not_trump():
    g = ruleset()
    hands = hands_for({0: "2S", 1: "AD KD 3S"})
    st = start(g, hands, trump="D")
    st.apply("play 2S")
    legal = st.legal_actions()
    assert "play 3S" in legal and "play AD" not in legal  # spades led: a diamond is not allowed


@pytest.mark.parametrize("trump,trick,void,winner", [
    ("S", "2D AH AC 3D", {1: "D", 2: "D"}, 3),  # no trump: highest of the suit led, off-suit aces lose
    ("S", "AD 2S 3S KD", {1: "D", 2: "D"}, 2),  # highest trump
    ("S", "5S AD 3S KS", {1: "S"}, 3),  # trump led: highest trump
    ("H", "AD KD 2H QD", {2: "D"}, 2),  # one small trump takes the led ace
    ("C", "4H 9H AD 5H", {2: "H"}, 1),  # off-suit, not trump: cannot win
])
def test_h10_highest_trump_else_highest_of_the_suit_led(trump, trick, void, winner):
    st = first_trick(trump, trick, void)
    assert st.trick_state.last_winner == winner and st.to_act == winner
    assert st.counters["tricks"] == ([1, 0] if winner % 2 == 0 else [0, 1])


def test_h11_hand_stops_when_a_team_has_7_tricks():
    g = ruleset()
    st, lead = seven_one(g, hakem=0, winner=0, loser=1)
    hand = play_out_hand(st, lead)
    assert hand["counters"]["tricks"] == [7, 1]
    assert plays_in_hand(st, 0) == 8 * 4  # trick 9 is never played
    st = start(g, kot_hands(0), trump="S")
    for _ in range(27):
        st.apply(st.legal_actions()[0])
    assert st.counters["tricks"] == [6, 0] and len(st.hands) == 0
    st.apply(st.legal_actions()[0])  # the 7th trick
    assert len(st.hands) == 1 and st.hands[0]["counters"]["tricks"] == [7, 0]
    assert plays_in_hand(st, 0) == 7 * 4
    assert [len(h) for h in st.zones["hand"]] == [5] * 4  # the next hand is being dealt


# ---- scoring -----------------------------------------------------------------------------------


@pytest.mark.parametrize("hakem,winner,loser,points", [
    (0, 0, 1, [1, 0]),
    (0, 1, 0, [0, 1]),  # the hakem's team losing scores nothing
    (1, 3, 0, [0, 1]),
    (2, 1, 2, [0, 1]),
])
def test_h12_the_winning_team_scores_1_hand_point(hakem, winner, loser, points):
    g = ruleset()
    st, lead = seven_one(g, hakem, winner, loser)
    hand = play_out_hand(st, lead)
    assert sorted(hand["counters"]["tricks"]) == [1, 7]
    assert hand["points"] == points and st.scores == points


@pytest.mark.parametrize("hakem,winner,points", [
    (0, 0, [2, 0]),  # the hakem's team kots: 2
    (0, 2, [2, 0]),
    (1, 1, [0, 2]),
    (0, 1, [0, 3]),  # the hakem's team is shut out (hakem kot): 3
    (3, 0, [3, 0]),
    (2, 3, [0, 3]),
])
def test_h13_kot_scores_2_or_3_when_the_hakems_team_is_shut_out(hakem, winner, points):
    g = ruleset()
    st = start(g, kot_hands(winner), hakem=hakem, trump="S")
    hand = play_out_hand(st)
    assert sorted(hand["counters"]["tricks"]) == [0, 7]
    assert hand["points"] == points and st.scores == points


# ---- H14 option: bam -----------------------------------------------------------------------------


def test_h14_default_no_bam_a_kot_ends_the_hand():
    g = ruleset()
    st = start(g, kot_hands(0), trump="S")
    for _ in range(28):
        assert st.legal_actions() != ["bam", "stop"]
        st.apply(st.legal_actions()[0])
    assert len(st.hands) == 1 and not st.over and st.scores == [2, 0]


def test_h14_option_bam_all_13_tricks_win_the_match():
    g = ruleset("hokm-bam")
    st = start(g, kot_hands(0), trump="S")
    for _ in range(28):
        st.apply(st.legal_actions()[0])
    assert st.counters["tricks"] == [7, 0] and not st.hands
    assert st.to_act == 0 and st.legal_actions() == ["bam", "stop"]  # the winner of the last trick asks
    st.apply("bam")
    while not st.over:
        assert st.to_act >= 0 and st.legal_actions()[0].startswith("play ")
        st.apply(st.legal_actions()[0])
    assert st.over and st.winner == 0 and len(st.hands) == 1
    assert st.hands[0]["counters"]["tricks"] == [13, 0]


def test_h14_option_bam_wins_the_whole_match_even_when_rounds_are_played():
    g = ruleset("hokm-bam", rounds=2)
    st = start(g, kot_hands(1), hakem=0, trump="S")  # the hakem's team is shut out: seat 1 may go on
    for _ in range(28):
        st.apply(st.legal_actions()[0])
    assert st.to_act == 1 and st.legal_actions() == ["bam", "stop"]
    st.apply("bam")
    while not st.over:
        st.apply(st.legal_actions()[0])
    assert st.winner == 1 and st.rounds == [0, 2] and st.hands[0]["counters"]["tricks"] == [0, 13]


def test_h14_option_bam_stop_scores_the_kot_and_the_game_goes_on():
    g = ruleset("hokm-bam")
    st = start(g, kot_hands(0), trump="S")
    for _ in range(28):
        st.apply(st.legal_actions()[0])
    st.apply("stop")
    assert len(st.hands) == 1 and not st.over
    assert st.hands[0]["counters"]["tricks"] == [7, 0] and st.scores == [2, 0]


def test_h14_option_bam_a_lost_trick_ends_the_try_no_match_win():
    g = ruleset("hokm-bam")
    # seat 0: the seven top spades and six low hearts; seat 2 the other spades; seat 1 AH
    hands = hands_for({0: "AS KS QS JS 10S 9S 8S 2H 3H 4H 5H 6H 7H", 1: "AH", 2: "7S 6S 5S 4S 3S 2S"},
                      void={1: "S", 3: "S"})
    st = start(g, hands, trump="S")
    for spade in "AS KS QS JS 10S 9S 8S".split():
        st.apply(f"play {spade}")
        for _ in range(3):
            st.apply(st.legal_actions()[0])
    assert st.counters["tricks"] == [7, 0] and st.legal_actions() == ["bam", "stop"]
    st.apply("bam")
    st.apply("play 2H")
    st.apply("play AH")
    for _ in range(2):
        st.apply(st.legal_actions()[0])
    assert len(st.hands) == 1 and not st.over  # the try failed: the hand is over, the match is not
    assert st.hands[0]["counters"]["tricks"] == [7, 1]


def test_h14_option_bam_is_offered_only_after_a_kot():
    g = ruleset("hokm-bam")
    st, lead = seven_one(g, hakem=0, winner=0, loser=1)
    done = len(st.hands)
    st.apply(lead)
    while len(st.hands) == done:
        assert st.legal_actions() != ["bam", "stop"]
        st.apply(st.legal_actions()[0])
    assert st.hands[0]["counters"]["tricks"] == [7, 1]


# ---- H15: rounds -----------------------------------------------------------------------------------

# (seat with all the spades, hakem) for each hand of a three-round match; every hand is a kot
ROUND_HANDS = [(0, 0)] * 4 + [(1, 0), (1, 1), (1, 1), (0, 1), (0, 2), (0, 2)]


def rounds_match(g):
    """Play the ROUND_HANDS kots (or as many as the game lasts); the state."""
    orders = [draw_for(0, g)] + [deal_order(kot_hands(w), h) for w, h in ROUND_HANDS]
    st = g.new_state(shuffles=orders, seed=0)
    for _, h in ROUND_HANDS:
        if st.over:
            break
        assert st.vars["hakem"] == h and st.to_act == h
        play_out_hand(st, "trump S")
    return st


def test_h15_default_one_round_to_7_hand_points():
    st = rounds_match(ruleset())
    assert [h["totals"] for h in st.hands] == [[2, 0], [4, 0], [6, 0], [8, 0]]  # 6 is not enough
    assert st.over and st.winner == 0 and st.scores == [8, 0]


@pytest.mark.parametrize("g", [ruleset("hokm-rounds-2"), ruleset(rounds=2)], ids=["variant", "option"])
def test_h15_option_rounds_first_to_win_2_rounds_scores_start_again(g):
    st = rounds_match(g)
    totals = [h["totals"] for h in st.hands]
    assert totals == [[2, 0], [4, 0], [6, 0], [8, 0],  # round 1 to side 0
                      [0, 3], [0, 5], [0, 7],  # round 2 to side 1, from 0-0
                      [3, 0], [5, 0], [7, 0]]  # round 3 to side 0, from 0-0
    assert [h["rounds"] for h in st.hands] == [[0, 0]] * 3 + [[1, 0]] * 3 + [[1, 1]] * 3 + [[2, 1]]
    assert st.over and st.winner == 0 and st.rounds == [2, 1]


def test_h15_option_rounds_after_a_round_the_scores_are_back_to_0():
    g = ruleset("hokm-rounds-2")
    orders = [draw_for(0, g)] + [deal_order(kot_hands(0), 0)] * 5
    st = g.new_state(shuffles=orders, seed=0)
    for _ in range(4):
        play_out_hand(st, "trump S")
    assert st.rounds == [1, 0] and st.scores == [0, 0] and not st.over
    play_out_hand(st, "trump S")
    assert st.scores == [2, 0] and st.rounds == [1, 0]


def test_h15_replay_json_reports_rounds(tmp_path):
    g = ruleset("hokm-rounds-2")
    st = rounds_match(g)
    record = {
        "format": "cardrules-record/1",
        "ruleset": "hokm-rounds-2",
        "seed": 0,
        "shuffles": [[C.NAMES[c] for c in d] for d in st.decks],
        "actions": [{"seat": s, "action": a} for s, a in st.actions],
    }
    path = tmp_path / "rounds.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["over"] is True and out["rounds"] == [2, 1]
    assert [h["rounds"] for h in out["hands"]][3] == [1, 0]
    assert out["hands"][3]["totals"] == [8, 0]


# ---- H16 options: kot at six --------------------------------------------------------------------------


def kot_at(g, before: list[int], winner: int, hakem: int = 0):
    """Hand 1 is a kot for `winner`'s side; the game score stands at `before` as it is scored."""
    st = start(g, kot_hands(winner), hakem=hakem, trump="S")
    st.scores = list(before)
    play_out_hand(st)
    return st


def test_h16_default_none_a_kot_at_6_just_scores():
    st = kot_at(ruleset(rounds=2), [6, 3], winner=0)
    assert st.hands[0]["totals"] == [8, 3]
    assert not st.over and st.rounds == [1, 0] and st.scores == [0, 0]  # one round of two
    st = kot_at(ruleset(), [3, 6], winner=0, hakem=1)  # side 1 at 6 is kotted: 3 points, no reset
    assert st.scores == [6, 6] and st.vars["hakem"] == 2


def test_h16_option_wins_a_team_at_6_that_kots_wins_the_round():
    g = ruleset("hokm-kot-at-six-wins")
    st = kot_at(g, [6, 3], winner=0)
    assert st.over and st.winner == 0
    # RULES.md: the round, not the match: with two rounds to win, play goes on
    st = kot_at(ruleset("hokm-kot-at-six-wins", rounds=2), [6, 3], winner=0)
    assert not st.over and st.rounds == [1, 0] and st.scores == [0, 0]


@pytest.mark.parametrize("before,winner,hakem,tricks", [
    ([5, 3], 0, 0, "kot"),  # at 5, not 6
    ([6, 3], 0, 0, "7-1"),  # at 6 but no kot
    ([3, 6], 0, 0, "kot"),  # the kot is against the team at 6
])
def test_h16_option_wins_needs_a_kot_by_the_team_at_6(before, winner, hakem, tricks):
    g = ruleset("hokm-kot-at-six-wins", rounds=2)
    if tricks == "kot":
        st = kot_at(g, before, winner, hakem)
    else:
        st, lead = seven_one(g, hakem, winner, 1 - winner)
        st.scores = list(before)
        play_out_hand(st, lead)
    assert not st.over


@pytest.mark.parametrize("hakem,winner,reset_hakem", [
    (0, 0, 1),  # the kotting hakem (on the team at 6) hands over to the next player, on the kotted team
    (2, 2, 3),
    (1, 0, 1),  # the kotted team holds the hakem and keeps it
    (3, 2, 3),
])
def test_h16_option_reset_a_team_at_6_that_kots_resets_to_1_and_the_kotted_team_to_6_and_hakem(hakem, winner,
                                                                                                 reset_hakem):
    """H16: "a team at 6 that kots the other ... resets to 6-1 with the losing team as hakem"; the source says
    who holds the 6: «تیم بازنده ۶ و تیم مقابل ۱», the losing team 6, the other 1."""
    default = kot_at(ruleset(), [6, 3], winner, hakem)
    assert default.over and default.winner == 0  # 6 + 2 or 3 by default
    st = kot_at(ruleset("hokm-kot-at-six-reset"), [6, 3], winner, hakem)
    assert st.hands[0]["totals"] == [1, 6] and st.scores == [1, 6] and not st.over
    assert st.vars["hakem"] == reset_hakem
    assert st.dealer == (reset_hakem - 1) % 4 and st.to_act == reset_hakem


def test_h16_option_reset_when_both_teams_stand_at_6():
    assert kot_at(ruleset(), [6, 6], winner=0).winner == 0  # 6 + 2 = 8 by default
    st = kot_at(ruleset("hokm-kot-at-six-reset"), [6, 6], winner=0)
    assert not st.over and st.scores == [1, 6] and st.vars["hakem"] == 1


def test_h16_option_reset_the_table_says_why_the_score_went_back():
    """A score going from 6 to 1 after a kot that would have won needs a word at the table, in both languages."""
    from interpreter.table import Table

    st = kot_at(ruleset("hokm-kot-at-six-reset"), [6, 3], winner=0)
    assert "  we kotted from 6: we go to 1, the kotted side to 6 (H16)" not in Table(st, 1).hand_result(0)
    assert "  a kot from 6 by them: they go to 1, and we to 6 (H16)" in Table(st, 1).hand_result(0)  # the kotted
    assert "  حریف در ۶ کُت کرد: امتیازش ۱ و امتیاز ما ۶ می‌شود (H16)" in Table(st, 3, "fa").hand_result(0)
    assert "  we kotted from 6: we go to 1, the kotted side to 6 (H16)" in Table(st, 0).hand_result(0)
    assert "  ما در ۶ کُت کردیم: امتیاز ما ۱ و امتیاز طرفِ کُت‌شده ۶ می‌شود (H16)" in Table(st, 2, "fa").hand_result(0)
    assert "kotted from 6" not in Table(kot_at(ruleset(), [3, 3], winner=0), 0).hand_result(0)
    # and the score sheet says why the score is not the sum of the hands (a player at the table)
    assert Table(st, 0).score_sheet()[1] == "  hand 1: us 2, them 0 · score: us 1, them 6 · kot by the hakem's" \
                                            " side (7-0) · reset"
    assert Table(kot_at(ruleset(), [0, 0], winner=0), 0).score_sheet()[1] == "  hand 1: us 2, them 0 · score: us 2," \
                                                                             " them 0"


@pytest.mark.parametrize("before,winner,kot", [
    ([5, 3], 0, True),  # the kotting team is at 5, not 6
    ([6, 3], 0, False),  # the team at 6 wins 7-1: no kot
    ([3, 6], 0, True),  # the team at 6 is kotted: it scores as usual
])
def test_h16_option_reset_only_for_a_team_at_6_that_kots(before, winner, kot):
    for name in ("hokm", "hokm-kot-at-six-reset"):
        g = ruleset(name)
        if kot:
            st = kot_at(g, before, winner)
        else:
            st, lead = seven_one(g, 0, winner, 1 - winner)
            st.scores = list(before)
            play_out_hand(st, lead)
        points = st.hands[0]["points"]
        assert st.hands[0]["totals"] == [before[0] + points[0], before[1] + points[1]], name


# ---- a house rule: no trump (VARIANTS.md: Saras / Naras) ----------------------------------------


@pytest.mark.parametrize("trick,void,winner", [
    ("AC 2H KC QC", {1: "C"}, 0),  # no trump: a heart played on clubs wins nothing
    ("KD AH AS QD", {1: "D", 2: "D"}, 0),  # off-suit aces lose to the king led
    ("9S 10S JS 8S", None, 2),  # the highest of the suit led
])
def test_house_rule_the_hakem_may_name_no_trump(trick, void, winner):
    """hokm-no-trump.yaml: the hakem may choose `trump no_suit`; then each trick goes to the highest card of the
    suit led (H10 without trumps)."""
    g = ruleset("hokm-no-trump")
    cards = trick.split()
    st = start(g, hands_for(dict(enumerate(cards)), void))
    assert "trump no_suit" in st.legal_actions() and len(st.legal_actions()) == 5
    st.apply("trump no_suit")
    assert st.vars["trump"] == C.NO_SUIT
    for c in cards:
        st.apply(f"play {c}")
    assert st.trick_state.last_winner == winner
    assert "trump no_suit" not in ruleset().new_state(seed=0).legal_actions()  # Hokm itself: a suit, always
