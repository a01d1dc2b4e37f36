"""Ghahveh, rule by rule: one or more scenario tests for every rule id G1-G10 of RULES.md §4.

Every scenario deals a fixed deck order built by `deal_order` from the thirteen
cards each seat is to end with (packets of 5, 4, 4 from the seat after the
dealer; in hand 1 the dealer is seat 3). `hands_for` fills hands a scenario does
not care about with the rest of the deck, keeping the voids it asks for. Hands
are played from per-seat scripts (`play_scripts`: each seat plays its next
card when its turn comes), so every trick is checked for legality by the
engine. Game-end scenarios set the game score (`st.scores`) before a hand is
scored; every card is still dealt and played.
"""

from __future__ import annotations

import pytest

from interpreter import IllegalAction, load
from interpreter import cards as C
from tests.conftest import RULESETS, hands_round_the_table, packets_5_4_4

BIDS = sorted(f"bid {n}" for n in range(2, 14))

# ---- helpers ----------------------------------------------------------------------------------


def ruleset(name: str = "ghahveh", **options):
    return load(RULESETS / f"{name}.yaml", options=options or None)


DECK = [C.NAMES[c] for c in ruleset().deck]


def ids(text: str) -> list[int]:
    return [C.card_id(x) for x in text.split()]


def names(cards) -> str:
    """Cards as canonical text, in canonical order."""
    return " ".join(C.names(cards))


def suit_of(name: str) -> str:
    """S H D C; the jokers have no suit."""
    return "" if name in ("BJ", "RJ") else name[-1]


def deal_order(hands: list[str], dealer: int = 3) -> list[str]:
    """The deck order that leaves seat s holding hands[s]: 5, 4, 4 each from the seat after the dealer (G3)."""
    return packets_5_4_4(hands, (dealer + 1) % 4, DECK)


def hands_for(fixed: dict[int, str], void: dict[int, str] | None = None) -> list[str]:
    """Four 13-card hands around `fixed` (see conftest.hands_round_the_table)."""
    return hands_round_the_table(fixed, void, DECK)


def start(g, hands: list[str], bids=None, later=()):
    """Hand 1 (dealer seat 3) from a fixed deal; the four bids, seat 0 first, if given."""
    st = g.new_state(shuffles=[deal_order(hands), *later], seed=0)
    for b in bids or ():
        st.apply(f"bid {b}")
    return st


def play_scripts(st, scripts: dict[int, str]) -> None:
    """Each seat plays the next card of its script when its turn comes, until the hand is over or the seat
    to act has nothing scripted left."""
    left = {s: text.split() for s, text in scripts.items()}
    done = len(st.hands)
    while len(st.hands) == done and left.get(st.to_act):
        st.apply(f"play {left[st.to_act].pop(0)}")


def play_out_hand(st) -> dict:
    """The first legal action until the hand is scored; that hand's record."""
    done = len(st.hands)
    while len(st.hands) == done:
        st.apply(st.legal_actions()[0])
    return st.hands[done]


def first_trick(trick: str, void: dict[int, str] | None = None):
    """Seat 0 leads trick 1 with the first card, seats 1, 2, 3 follow; everyone bids 2."""
    cards = trick.split()
    st = start(ruleset(), hands_for(dict(enumerate(cards)), void), bids=[2, 2, 2, 2])
    for c in cards:
        st.apply(f"play {c}")
    return st


# Side 0 takes tricks 1-8 (BJ, RJ, then spades led by seat 0), side 1 tricks 9-13 (seat 1's clubs).
EIGHT_FIVE_HANDS = [
    "BJ RJ AS KS QS JS 10S 9S 3C 4C 5C 6C 7C",
    "AH 3H 4H 5H 6H 7H 8H 9H AC KC QC JC 10C",
    "2S 3S 4S 5S 6S 7S 8S 10H 2C 8C 9C JH QH",
    "KH AD 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
]
EIGHT_FIVE = dict(enumerate(EIGHT_FIVE_HANDS))  # each seat plays its hand in this order


def eight_five(g, bids, before=None, later=()):
    """Hand 1 played out 8-5 to side 0; the game score set to `before` just before it is scored."""
    st = start(g, EIGHT_FIVE_HANDS, bids=bids, later=later)
    if before is not None:
        st.scores = list(before)
    play_scripts(st, EIGHT_FIVE)
    assert len(st.hands) == 1 and st.hands[0]["counters"]["tricks"] == [8, 5]
    return st


def side1_sweep_hands():
    """Seat 1 holds both jokers and the spades down to 4S, seat 0 3S 2S: side 1 takes all 13 tricks."""
    return hands_for({1: "BJ RJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S", 0: "3S 2S"}, void={2: "S", 3: "S"})


# ---- G1 ----------------------------------------------------------------------------------------


def test_g1_deck_52_cards_without_2d_2h_with_both_jokers():
    g = ruleset()
    deck = C.names(g.deck)
    assert len(deck) == 52 == len(set(deck))
    assert "2D" not in deck and "2H" not in deck
    assert "BJ" in deck and "RJ" in deck
    assert "2S" in deck and "2C" in deck
    assert set(deck) == set(C.NAMES[:52]) - {"2D", "2H"} | {"BJ", "RJ"}
    assert (g.players, g.sides) == (4, 2)
    st = g.new_state(seed=5)
    assert [len(h) for h in st.zones["hand"]] == [13] * 4
    assert sorted(c for h in st.zones["hand"] for c in h) == sorted(g.deck)


# ---- G2 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("trick,void,winner", [
    ("AS BJ 2S KS", None, 1),  # BJ above the ace of trump
    ("AS BJ RJ KS", None, 2),  # RJ above BJ
    ("5H BJ RJ AS", {3: "H"}, 2),  # the jokers win off-suit, RJ above BJ
    ("AH 2S KH QH", {1: "H"}, 1),  # spades are trump: the 2 beats the ace led
    ("AH 3C KH QH", {1: "HS"}, 0),  # a club discard does not
    ("2C KS 3S AC", {1: "C", 2: "C"}, 1),  # highest spade
    ("3D 2S BJ AD", {1: "D", 2: "D"}, 2),  # BJ above trump
])
def test_g2_spades_always_trump_rj_highest_then_bj_then_as(trick, void, winner):
    st = first_trick(trick, void)
    assert st.trick_state.last_winner == winner and st.to_act == winner
    assert st.counters["tricks"] == ([1, 0] if winner % 2 == 0 else [0, 1])
    assert sorted(st.zones["won"][winner % 2]) == sorted(ids(trick))


def test_g2_no_trump_is_chosen():
    st = start(ruleset(), EIGHT_FIVE_HANDS)
    assert all(a.startswith("bid ") for a in st.legal_actions())
    for _ in range(4):
        st.apply("bid 2")
    assert all(a.startswith("play ") for a in st.legal_actions())


# ---- G3 ----------------------------------------------------------------------------------------


def test_g3_first_dealer_is_seat_3_and_deals_5_4_4_from_seat_0():
    g = ruleset()
    order = DECK[::-1]
    st = g.new_state(shuffles=[order], seed=0)
    assert st.dealer == 3
    for i, seat in enumerate((0, 1, 2, 3)):
        expected = order[5 * i:5 * i + 5] + order[20 + 4 * i:24 + 4 * i] + order[36 + 4 * i:40 + 4 * i]
        assert names(st.zones["hand"][seat]) == names(ids(" ".join(expected)))
    assert st.zones["stock"] == []
    assert "hakem" not in st.vars  # no hakem


def test_g3_the_dealer_deals_again_while_his_team_is_not_ahead():
    g = ruleset()
    hand2 = DECK[::-1]
    st = eight_five(g, [4, 3, 2, 3], later=[hand2])  # 62 to -60: the dealer's side (1) is behind
    assert st.hands[0]["totals"] == [62, -60]
    assert st.dealer == 3 and st.to_act == 0
    assert names(st.zones["hand"][0]) == names(ids(" ".join(hand2[0:5] + hand2[20:24] + hand2[36:40])))


def test_g3_the_deal_passes_on_once_his_team_is_ahead_then_that_dealer_keeps_it():
    g = ruleset()
    hand2_hands = side1_sweep_hands()
    hand2 = deal_order(hand2_hands, dealer=0)
    hand3 = DECK[::-1]
    st = g.new_state(shuffles=[deal_order(side1_sweep_hands()), hand2, hand3], seed=0)
    for _ in range(4):
        st.apply("bid 2")
    hand = play_out_hand(st)
    assert hand["counters"]["tricks"] == [0, 13] and hand["totals"] == [-40, 49]
    # side 1 (the dealer's) is ahead: seat 0 deals; seat 1 is dealt first, bids first, leads
    assert st.dealer == 0 and st.to_act == 1
    assert [names(h) for h in st.zones["hand"]] == [names(ids(h)) for h in hand2_hands]
    for _ in range(4):
        st.apply("bid 2")
    assert st.to_act == 1  # G5
    hand = play_out_hand(st)
    assert hand["totals"] == [-80, 98]
    # seat 0's side is behind: seat 0 deals again
    assert st.dealer == 0 and st.to_act == 1


@pytest.mark.parametrize("before,dealer", [
    ([89, 0], 3),  # 49 all: not strictly ahead, the dealer deals again
    ([90, 0], 3),  # 50 to 49
    ([88, 0], 0),  # 48 to 49: ahead, the deal passes
])
def test_g3_ahead_means_strictly_ahead_on_the_totals_after_the_hand(before, dealer):
    g = ruleset()
    st = start(g, side1_sweep_hands(), bids=[2, 2, 2, 2])
    st.scores = list(before)
    hand = play_out_hand(st)
    assert hand["points"] == [-40, 49]
    assert st.dealer == dealer


# ---- G4 ----------------------------------------------------------------------------------------


def test_g4_each_seat_bids_once_2_to_13_from_the_seat_after_the_dealer():
    g = ruleset()
    st = start(g, EIGHT_FIVE_HANDS)
    seats = []
    for bid in (13, 2, 7, 5):
        assert st.legal_actions() == BIDS
        for bad in ("bid 1", "bid 14", "pass", "bid 0"):
            with pytest.raises(IllegalAction):
                st.apply(bad)
        seats.append(st.to_act)
        st.apply(f"bid {bid}")
    assert seats == [0, 1, 2, 3]
    assert st.counters["bid"] == [13, 2, 7, 5]
    assert st.to_act == 0 and all(a.startswith("play ") for a in st.legal_actions())  # no second round


# ---- G5 ----------------------------------------------------------------------------------------


def test_g5_the_seat_after_the_dealer_leads_and_play_follows_hokm():
    g = ruleset()
    hands = hands_for({0: "5H", 1: "9H 2S"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    assert st.to_act == 0 and st.trick_state.leader == 0
    st.apply("play 5H")
    hearts = sorted(f"play {c}" for c in hands[1].split() if suit_of(c) == "H")
    jokers = sorted(f"play {c}" for c in hands[1].split() if c == "BJ")
    assert st.legal_actions() == sorted(hearts + jokers)  # follow suit: no 2S
    seats = [0]
    for _ in range(3):
        seats.append(st.to_act)
        st.apply(st.legal_actions()[0])
    assert seats == [0, 1, 2, 3]  # in play order


# ---- G6 ----------------------------------------------------------------------------------------


def test_g6_a_joker_may_be_played_even_when_one_can_follow_suit():
    g = ruleset()
    hands = hands_for({0: "5H", 1: "BJ 7H 8H", 2: "RJ 9H"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    st.apply("play 5H")
    hearts = [f"play {c}" for c in hands[1].split() if suit_of(c) == "H"]
    assert st.legal_actions() == sorted(hearts + ["play BJ"])
    st.apply("play BJ")
    hearts = [f"play {c}" for c in hands[2].split() if suit_of(c) == "H"]
    assert st.legal_actions() == sorted(hearts + ["play RJ"])  # BJ is out (G7)
    st.apply("play RJ")
    st.apply(st.legal_actions()[0])
    assert st.trick_state.last_winner == 2  # RJ beats everything, BJ everything but RJ


def test_g6_a_player_whose_only_spades_are_jokers_is_void_in_spades():
    g = ruleset()
    hands = hands_for({0: "5S", 1: "BJ RJ"}, void={1: "S"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    st.apply("play 5S")
    # void in spades: any card (RJ still waits for BJ, G7)
    assert st.legal_actions() == sorted(f"play {c}" for c in hands[1].split() if c != "RJ")
    assert len(st.legal_actions()) == 12


def test_g6_a_joker_holder_with_spades_follows_spades_or_plays_the_joker():
    g = ruleset()
    hands = hands_for({0: "5S", 1: "BJ 9S"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    st.apply("play 5S")
    spades = [f"play {c}" for c in hands[1].split() if suit_of(c) == "S"]
    assert st.legal_actions() == sorted(spades + ["play BJ"])


# ---- G7 ----------------------------------------------------------------------------------------


def test_g7_rj_not_before_bj():
    g = ruleset()
    hands = hands_for({0: "RJ 5H", 1: "6H", 2: "BJ 7H"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    assert "play RJ" not in st.legal_actions()  # leading
    with pytest.raises(IllegalAction):
        st.apply("play RJ")
    st.apply("play 5H")
    st.apply("play 6H")
    st.apply("play BJ")  # BJ is out, in trick 1
    st.apply(st.legal_actions()[0])
    assert st.trick_state.last_winner == 2 and st.to_act == 2
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.to_act == 0 and "play RJ" in st.legal_actions()  # a later trick: now RJ may come


def test_g7_rj_not_before_bj_also_when_void():
    g = ruleset()
    hands = hands_for({0: "5H", 1: "RJ", 3: "BJ"}, void={1: "H"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    st.apply("play 5H")
    assert st.legal_actions() == sorted(f"play {c}" for c in hands[1].split() if c != "RJ")


def test_g7_a_bj_earlier_in_the_same_trick_counts():
    g = ruleset()
    hands = hands_for({0: "BJ", 1: "RJ 9S"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    st.apply("play BJ")
    assert "play RJ" in st.legal_actions()
    st.apply("play RJ")
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.trick_state.last_winner == 1


# Seat 1 holds BJ and hearts; seat 0 leads nine spade tricks, then AH on the 10th.
BJ_FOLLOWS_HANDS = [
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S AH",
    "2C 3H 4H 5H 6H 7H 8H 9H 10H BJ KH QH JH",
    "2S 3D 4D 5D 6D 7D 8D 9D 10D AD JD QD KD",
    "AC 3C 4C 5C 6C 7C 8C 9C 10C RJ JC QC KC",
]
# Seat 0 holds BJ and spades and leads all of the first nine tricks.
BJ_LEADS_HANDS = [
    "AS KS QS JS 10S 9S 8S 7S 6S BJ 5S 4S 3S",
    "2S AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    "AC AD 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C RJ JC QC KC",
]


def eight_tricks(hands):
    """Play the first eight cards of each hand as scripted (eight tricks, all to seat 0): trick 9 is next."""
    st = start(ruleset(), hands, bids=[2, 2, 2, 2])
    play_scripts(st, {s: " ".join(h.split()[:8]) for s, h in enumerate(hands)})
    assert st.trick_state.number == 9 and st.to_act == 0
    return st


def test_g7_bj_is_forced_on_the_10th_trick_when_not_leading():
    st = eight_tricks(BJ_FOLLOWS_HANDS)
    st.apply("play 6S")  # trick 9: seat 1 is void in spades and may still keep BJ
    assert "play BJ" in st.legal_actions() and len(st.legal_actions()) == 5
    play_scripts(st, {s: BJ_FOLLOWS_HANDS[s].split()[8] for s in (1, 2, 3)})
    assert st.trick_state.number == 10 and st.to_act == 0 and st.counters["tricks"] == [9, 0]
    st.apply("play AH")
    assert st.legal_actions() == ["play BJ"]  # though he holds KH QH JH of the suit led
    with pytest.raises(IllegalAction):
        st.apply("play KH")
    st.apply("play BJ")
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.trick_state.last_winner == 1


def test_g7_bj_is_forced_on_the_10th_trick_when_leading():
    st = eight_tricks(BJ_LEADS_HANDS)
    assert "play BJ" in st.legal_actions() and "play 6S" in st.legal_actions()  # trick 9: not yet
    play_scripts(st, {s: h.split()[8] for s, h in enumerate(BJ_LEADS_HANDS)})
    assert st.trick_state.number == 10 and st.to_act == 0 and st.trick_state.leader == 0
    assert st.legal_actions() == ["play BJ"]  # though he holds 5S 4S 3S
    st.apply("play BJ")
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.to_act == 3 and "play RJ" in st.legal_actions()  # and with BJ out, RJ may follow


# ---- G8 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("joker_lead", ["trump", "none", "the variant file"])
def test_g8_a_led_joker_makes_spades_the_suit_led(joker_lead):
    g = ruleset() if joker_lead == "trump" else ruleset(joker_lead="none") if joker_lead == "none" else \
        ruleset("ghahveh-joker-lead-free")
    hands = hands_for({0: "BJ", 1: "9S 5H RJ", 2: "AH"}, void={2: "S"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    st.apply("play BJ")
    everything = sorted(f"play {c}" for c in hands[1].split())
    spades = sorted(f"play {c}" for c in hands[1].split() if suit_of(c) in ("S", ""))
    if joker_lead == "trump":  # the default: seat 1 must follow spades (or play RJ)
        assert st.legal_actions() == spades and "play 5H" not in spades
    else:  # the option: anything may follow
        assert st.legal_actions() == everything
    st.apply("play 9S")
    assert st.legal_actions() == sorted(f"play {c}" for c in hands[2].split())  # seat 2 is void
    st.apply("play AH")
    st.apply(st.legal_actions()[0])
    assert st.trick_state.last_winner == 0


def test_g8_a_led_rj_makes_spades_the_suit_led_too():
    g = ruleset()
    hands = hands_for({0: "BJ RJ", 1: "9S 5H"})
    st = start(g, hands, bids=[2, 2, 2, 2])
    for _ in range(4):
        st.apply(st.legal_actions()[0] if st.to_act else "play BJ")
    assert st.trick_state.last_winner == 0
    st.apply("play RJ")
    held = C.names(st.zones["hand"][1])
    assert "5H" in held
    assert st.legal_actions() == sorted(f"play {c}" for c in held if suit_of(c) == "S")


# ---- G9 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("bids,points", [
    ([4, 3, 2, 3], [62, -60]),  # contract 6, took 8: 60 + 2; contract 6, took 5: -60
    ([6, 2, 2, 3], [80, 50]),  # both contracts made exactly
    ([7, 2, 2, 2], [-90, 41]),  # 9 bid, 8 taken: -90; 4 bid, 5 taken: 40 + 1
    ([2, 2, 2, 2], [44, 41]),
    ([11, 10, 2, 3], [-130, -130]),
])
def test_g9_contract_is_the_sum_of_the_bids_minus_10x_or_10x_plus_overtricks(bids, points):
    st = eight_five(ruleset(), bids)
    hand = st.hands[0]
    assert hand["counters"]["bid"] == bids
    assert hand["points"] == points and st.scores == points


def test_g9_all_13_tricks_are_played():
    st = start(ruleset(), EIGHT_FIVE_HANDS, bids=[2, 2, 2, 2])
    play_scripts(st, {s: " ".join(h.split()[:12]) for s, h in enumerate(EIGHT_FIVE_HANDS)})
    assert st.counters["tricks"] == [8, 4] and not st.hands  # made contracts do not stop the hand
    play_scripts(st, {s: h.split()[12] for s, h in enumerate(EIGHT_FIVE_HANDS)})
    assert st.hands[0]["counters"]["tricks"] == [8, 5]


# ---- G10 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,before,over,winner", [
    ("ghahveh", [439, 0], True, 0),  # 501 exactly
    ("ghahveh", [438, 0], False, None),  # 500
    ("ghahveh", [450, 570], True, 0),  # both past 501: 512 beats 510
    ("ghahveh", [440, 600], True, 1),  # 502 against 540
    ("ghahveh", [450, 572], False, None),  # 512 all: another hand
    ("ghahveh", [600, 722], False, None),  # 662 all
    ("ghahveh-1001", [439, 0], False, None),  # 501 is not enough
    ("ghahveh-1001", [938, 0], False, None),  # 1000
    ("ghahveh-1001", [939, 0], True, 0),  # 1001
    ("ghahveh-1001", [950, 1071], True, 0),  # 1012 against 1011
    ("ghahveh-1001", [950, 1080], True, 1),  # 1012 against 1020
    ("ghahveh-1001", [950, 1072], False, None),  # 1012 all
])
def test_g10_game_to_501_or_1001_the_higher_wins_a_tie_plays_on(name, before, over, winner):
    """The 8-5 hand with bids 4 3 2 3 scores [62, -60] on top of `before`."""
    st = eight_five(ruleset(name), [4, 3, 2, 3], before)
    totals = [before[0] + 62, before[1] - 60]
    assert st.hands[0]["totals"] == totals
    assert (st.over, st.winner) == (over, winner)
    if not over:  # another hand is dealt and bid
        assert len(st.hands) == 1 and st.legal_actions() == BIDS
