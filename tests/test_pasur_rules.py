"""Pasur, rule by rule: one or more scenario tests for every rule id P1-P21 of RULES.md §1.

Each scenario deals a fixed deck order. `deal` names the front of the deck in
deal order for the first hand (the dealer is the last seat): seat 0's four
cards, seat 1's four, ..., then the four table cards, then the top of the
stock; the rest of the deck follows in canonical order. A few end-of-hand
scenarios set the zones of the last deal directly (`last_deal`), every card
still in exactly one place. The option rules are checked on their variant
rulesets, each against the default.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from interpreter import IllegalAction, load
from interpreter import cards as C
from interpreter.simulate import game_record
from tests.conftest import RULESETS, deck_with

# ---- helpers ----------------------------------------------------------------


def ruleset(name: str = "pasur"):
    return load(RULESETS / f"{name}.yaml")


def ids(text: str) -> list[int]:
    return [C.card_id(x) for x in text.split()]


def names(cards) -> str:
    """Cards as canonical text, in canonical order."""
    return " ".join(C.names(cards))


def deal(g, *hands: str, table: str, then: str = "", later=()):
    """Hand 1 from a fixed deck: hands[i] (4 cards) to seat i, `table` to the table, `then` on top of the stock."""
    assert len(hands) == g.players and all(len(h.split()) == 4 for h in hands)
    assert len(table.split()) == 4
    front = " ".join((*hands, table, then)).split()
    return g.new_state(shuffles=[deck_with(front, g), *later], seed=0)


def last_deal(g, hands: list[str], table: str, piles: dict[int, str] | None = None, rest_to: int = 0):
    """Hand 1 at its last deal (empty stock), seat 0 to act: seat i holds hands[i], the table `table`,
    side s's won pile piles[s]; every other card of the deck is in side `rest_to`'s won pile."""
    st = g.new_state(seed=0)
    z = st.zones
    piles = piles or {}
    for seat in range(g.players):
        z["hand"][seat][:] = ids(hands[seat])
    z["table"][:] = ids(table)
    z["stock"].clear()
    for side in range(g.sides):
        z["won"][side][:] = ids(piles.get(side, ""))
    placed = {c for zone in (z["hand"], z["won"]) for pile in zone for c in pile} | set(z["table"])
    z["won"][rest_to].extend(c for c in g.deck if c not in placed)
    assert sorted(all_cards(st)) == sorted(g.deck), "the arranged deal must hold every card once"
    assert st.to_act == 0 and st.counters["surs"] == [0] * g.sides
    return st


def all_cards(st) -> list[int]:
    z = st.zones
    return [c for zone in (z["hand"], z["won"]) for pile in zone for c in pile] + z["table"] + z["stock"]


def moves_with(st, card: str) -> list[str]:
    """The legal actions that play `card`."""
    return [a for a in st.legal_actions() if a.split()[1] == card]


def play(st, *actions: str) -> None:
    for a in actions:
        st.apply(a)


def play_out_hand(st) -> list[dict]:
    """Play the current hand to its end, always the first legal action; what each turn looked like."""
    hands_done = len(st.hands)
    log = []
    while len(st.hands) == hands_done and not st.over:
        log.append({
            "seat": st.to_act,
            "stock": list(st.zones["stock"]),
            "hands": [list(h) for h in st.zones["hand"]],
            "table": list(st.zones["table"]),
            "surs": list(st.counters["surs"]),
        })
        st.apply(st.legal_actions()[0])
    return log


def play_random_game(g, seed: int):
    """A whole game by random choices; the surs of each hand just before its last play."""
    st, rng = g.new_state(seed=seed), random.Random(seed)
    surs_per_hand, surs = [], None
    while not st.over:
        hands_done = len(st.hands)
        surs = list(st.counters["surs"])
        st.apply(rng.choice(st.legal_actions()))
        if len(st.hands) > hands_done:
            surs_per_hand.append(surs)
    return st, surs_per_hand


# A deck order (found once by search) whose first hand, played with the first legal
# action each time, reaches the last deal with no sur made and seat 0 able to clear
# the table (5D 5C) with AS.
LAST_DEAL_SUR_DECK = (
    "5H JH 9H 9D JS 8S QS 7H QD 10H KC JD 8C 8H QH 3D 10C AH 10D 7S 6S 10S 9S 8D 3C 2D "
    "2H 4D JC KS 6C KH 7D 5S QC AD 2S 4H KD 4S 9C 5D 2C 5C 4C 7C 6H AS 6D 3H AC 3S"
).split()


# ---- the worked example -------------------------------------------------------


def test_worked_example_legal_actions_p6_p7_p8_p9():
    """RULES.md §1 worked example: table 2C 4D 7H KS, hand 4C 9H JD KH."""
    g = ruleset()
    st = deal(g, "4C 9H JD KH", "3S 5S 6S 8S", table="2C 4D 7H KS")
    assert names(st.zones["table"]) == "KS 7H 4D 2C"
    assert st.to_act == 0
    assert st.legal_actions() == [
        "play 4C take 7H",  # 4C must take 7H (no plain "play 4C")
        "play 9H take 2C",  # 9H may take 2C
        "play JD take 7H 4D 2C",  # JD takes everything but KS
        "play KH take KS",  # KH takes KS
    ]
    with pytest.raises(IllegalAction):
        st.apply("play 4C")

    jack = st.copy()
    jack.apply("play jd take 2c 4d 7h")  # any order, any case
    assert names(jack.zones["table"]) == "KS"
    assert names(jack.zones["won"][0]) == "7H 4D JD 2C"
    assert jack.counters["surs"] == [0, 0]  # no sur: a jack (and KS stays)

    king = st.copy()
    king.apply("play KH take KS")
    assert names(king.zones["table"]) == "7H 4D 2C"
    assert names(king.zones["won"][0]) == "KS KH"


def test_a_refused_capture_says_the_rule_that_makes_the_only_move_p6_p7():
    """A new-user audit: `play 4C take 4D` was told only that `play 4C take 7H` is the move; the rule that makes
    it (4 + 7 = 11, P6) is said too. RULES.md §1's worked example."""
    st = deal(ruleset(), "4C 9H JD KH", "3S 5S 6S 8S", table="2C 4D 7H KS")
    with pytest.raises(IllegalAction) as refused:
        st.apply("play 4C take 4D")
    assert str(refused.value).endswith("with 4C the only move is 'play 4C take 7H': a numeric card takes numeric"
                                       " cards that make 11 with it (A is 1) (P6)"), str(refused.value)
    with pytest.raises(IllegalAction) as refused:
        st.apply("play KH take 7H")
    assert "the only move is 'play KH take KS': a queen takes one queen, a king one king (P8)" in str(refused.value)


def test_a_refused_capture_says_the_rule_of_its_move_when_the_rule_has_no_name(tmp_path):
    """A review: the rule's doc was found by name, and a rule with none (compiled as `capture`) said nothing."""
    text = (RULESETS / "pasur.yaml").read_text(encoding="utf-8")
    unnamed = text.replace("- name: eleven         # P6: numeric cards make 11\n          doc:", "- doc:")
    assert unnamed != text
    (tmp_path / "p.yaml").write_text(unnamed.replace("# yaml-language-server", "# "), encoding="utf-8")
    g = load(tmp_path / "p.yaml")
    st = g.new_state(shuffles=[deck_with("4C 9H JD KH 3S 5S 6S 8S 2C 4D 7H KS".split(), g)], seed=0)
    with pytest.raises(IllegalAction) as refused:
        st.apply("play 4C take 4D")
    assert str(refused.value).endswith("a numeric card takes numeric cards that make 11 with it (A is 1) (P6)")


# ---- setup and dealing ------------------------------------------------------------


def test_p1_one_52_card_deck_without_jokers_two_players_or_four():
    g, g4 = ruleset(), ruleset("pasur-4p")
    assert sorted(g.deck) == list(range(52)) == sorted(g4.deck)
    assert not {"BJ", "RJ"} & set(C.names(g.deck))
    assert (g.players, g.sides) == (2, 2)
    assert (g4.players, g4.sides) == (4, 2)
    for game in (g, g4):
        st = game.new_state(seed=3)
        assert sorted(all_cards(st)) == list(range(52))


def test_p2_four_each_in_play_order_then_four_face_up_to_the_table():
    g = ruleset()
    order = deck_with("2S 3S 4S 5S 6H 7H 8H 9H AD 2D 3D 4D 10C".split(), g)
    st = g.new_state(shuffles=[order])
    deck = ids(" ".join(order))
    assert st.dealer == 1
    assert sorted(st.zones["hand"][0]) == sorted(deck[0:4])  # seat after the dealer first
    assert sorted(st.zones["hand"][1]) == sorted(deck[4:8])
    assert sorted(st.zones["table"]) == sorted(deck[8:12])
    assert st.zones["stock"] == deck[12:]
    view = st.view(1)["zones"]
    assert view["hand"] == [4, ["6H", "7H", "8H", "9H"]]  # hands face down
    assert view["table"] == ["AD", "2D", "3D", "4D"]  # the table face up
    assert view["stock"] == 40


def test_p3_a_table_jack_goes_under_the_stock_and_is_replaced_by_the_next_card():
    g = ruleset()
    st = deal(g, "2S 3S 4S 5S", "2H 3H 4H 5H", table="6S JH 7S 8S", then="9S 10S")
    assert names(st.zones["table"]) == "6S 7S 8S 9S"
    assert C.NAMES[st.zones["stock"][-1]] == "JH"  # at the bottom of the stock
    assert C.NAMES[st.zones["stock"][0]] == "10S"
    assert len(st.zones["stock"]) == 40


def test_p3_a_replacement_jack_is_replaced_too():
    g = ruleset()
    st = deal(g, "2S 3S 4S 5S", "2H 3H 4H 5H", table="6S JH 7S 8S", then="JS 9S")
    assert names(st.zones["table"]) == "6S 7S 8S 9S"
    assert [C.NAMES[c] for c in st.zones["stock"][-2:]] == ["JH", "JS"]  # in that order


def test_p3_replacement_cards_are_not_judged_again():
    g = ruleset()
    st = deal(g, "2S 3S 4S 5S", "2H 3H 4H 5H", table="QS QH JD 8S", then="QD 9S")
    assert names(st.zones["table"]) == "8S QS QH QD"  # three queens, but one came as a replacement
    assert names(st.zones["hand"][0]) == "2S 3S 4S 5S"  # no reshuffle


@pytest.mark.parametrize("table", [
    "JS JH 7S 8S",  # more than one jack
    "QS QH QD 8S",  # three queens
    "KS KH KD 8S",  # three kings
    "KS KH KD KC",  # four kings
])
def test_p3_a_bad_table_is_reshuffled_by_the_same_dealer(table):
    g = ruleset()
    good = deck_with("6D 7D 8D 9D 6C 7C 8C 9C AS 2S 3S 4S".split(), g)
    st = deal(g, "2C 3C 4C 5C", "2H 3H 4H 5H", table=table, later=[good])
    assert st.dealer == 1  # the same dealer
    assert names(st.zones["hand"][0]) == "6D 7D 8D 9D"  # dealt from the next deck order
    assert names(st.zones["hand"][1]) == "6C 7C 8C 9C"
    assert names(st.zones["table"]) == "AS 2S 3S 4S"
    assert st.misdeals == 1 and st.redeals == 0  # a deal shuffled again, which studies count as thrown in
    assert game_record(g, st, 0)["redeals"] == 1


@pytest.mark.parametrize("table", ["QS QH KD KC", "QS QH KD 8S", "KS KH 7S 8S"])
def test_p3_two_queens_or_two_kings_are_kept(table):
    g = ruleset()
    st = deal(g, "2C 3C 4C 5C", "2H 3H 4H 5H", table=table)
    assert sorted(st.zones["table"]) == sorted(ids(table))
    assert names(st.zones["hand"][0]) == "2C 3C 4C 5C"


def test_p3_jacks_in_the_players_hands_are_not_judged():
    g = ruleset()
    st = deal(g, "JS JH JD 5C", "2H 3H 4H 5H", table="6S 7S 8S 9S")
    assert names(st.zones["hand"][0]) == "JS JH JD 5C"
    assert names(st.zones["table"]) == "6S 7S 8S 9S"


def test_p4_player_after_dealer_starts_and_the_deal_passes_on():
    g = ruleset()
    hand2 = deck_with("6H 7H 8H 9H 6D 7D 8D 9D 2C 3C 4C 5C".split(), g)
    st = deal(g, "2S 3S 4S 5S", "6S 7S 8S 9S", table="2H 3H 4H 5H", later=[hand2])
    assert (st.dealer, st.to_act) == (1, 0)
    log = play_out_hand(st)
    assert [t["seat"] for t in log] == [0, 1] * 24  # turns alternate, seat 0 first

    assert len(st.hands) == 1 and not st.over
    assert (st.dealer, st.to_act) == (0, 1)  # seat 0 deals hand 2, seat 1 plays first
    assert names(st.zones["hand"][1]) == "6H 7H 8H 9H"  # and is dealt first
    assert names(st.zones["hand"][0]) == "6D 7D 8D 9D"
    assert names(st.zones["table"]) == "2C 3C 4C 5C"
    log = play_out_hand(st)
    assert [t["seat"] for t in log] == [1, 0] * 24

    assert len(st.hands) == 2 and not st.over
    assert (st.dealer, st.to_act) == (1, 0)  # and back to seat 1


def test_p5_two_players_six_deals_use_all_52_cards():
    g = ruleset()
    st = deal(g, "2S 3S 4S 5S", "6S 7S 8S 9S", table="2H 3H 4H 5H")
    log = play_out_hand(st)
    assert len(log) == 48
    starts = [t for t in log if all(len(h) == 4 for h in t["hands"])]
    assert [len(t["stock"]) for t in starts] == [40, 32, 24, 16, 8, 0]  # 4 + 6 x 8
    seen = {c for t in log for h in t["hands"] for c in h} | set(log[0]["table"])
    assert seen == set(range(52))
    # a refill: 4 to each from the front of the stock, seat 0 first; nothing to the table
    before, after = log[7], log[8]
    assert [len(h) for h in before["hands"]] == [0, 1]
    assert after["hands"] == [before["stock"][0:4], before["stock"][4:8]]
    assert after["stock"] == before["stock"][8:]
    assert set(after["table"]) <= set(before["table"]) | set(before["hands"][1])  # only seat 1's last card


def test_p5_four_players_three_deals_use_all_52_cards():
    g = ruleset("pasur-4p")
    st = deal(g, "2S 3S 4S 5S", "6S 7S 8S 9S", "2D 3D 4D 5D", "6D 7D 8D 9D", table="2H 3H 4H 5H")
    log = play_out_hand(st)
    assert len(log) == 48
    assert [t["seat"] for t in log] == [0, 1, 2, 3] * 12
    starts = [t for t in log if all(len(h) == 4 for h in t["hands"])]
    assert [len(t["stock"]) for t in starts] == [32, 16, 0]  # 4 + 3 x 16
    seen = {c for t in log for h in t["hands"] for c in h} | set(log[0]["table"])
    assert seen == set(range(52))


# ---- capturing ----------------------------------------------------------------------


@pytest.mark.parametrize("table,card,takes", [
    ("4D 3S AH 10H", "7C", ["3S AH", "4D"]),  # the rules' example: a 4, or a 3 and an ace
    ("AS 2H 3D 8C", "5C", ["AS 2H 3D"]),  # three cards at once
    ("10H 9S 2D 5H", "AC", ["10H"]),  # an ace counts 1
    ("AH 9S 2D 5H", "10S", ["AH"]),
    ("3S 5H 6D 9C", "7C", []),  # nothing makes 11: plain play only
    ("6S 6H 5D 9C", "5C", ["6S", "6H"]),  # two single choices
])
def test_p6_a_numeric_card_takes_one_set_making_11(table, card, takes):
    g = ruleset()
    st = deal(g, f"{card} KS KH KD", "2C 3C 4C JC", table=table)
    expected = [f"play {card} take {t}" for t in takes] or [f"play {card}"]
    assert moves_with(st, card) == sorted(expected)


def test_p6_the_capture_takes_exactly_the_chosen_set():
    g = ruleset()
    st = deal(g, "7C KS KH KD", "2C 3C 4C JC", table="4D 3S AH 10H")
    st.apply("play 7C take AH 3S")
    assert names(st.zones["won"][0]) == "3S AH 7C"
    assert names(st.zones["table"]) == "10H 4D"


NUMERIC = [c for c in range(52) if C.RANK[c] <= 10]


@settings(max_examples=150, deadline=None)
@given(hs.lists(hs.sampled_from(NUMERIC), min_size=1, max_size=11, unique=True))
def test_p6_a_numeric_card_may_take_every_set_of_numeric_table_cards_making_11_and_no_other(cards):
    """P6 on any table: the sets a numeric card may take are exactly those a count of every subset finds."""
    card, table = cards[0], cards[1:]
    held = [card] + [c for c in (C.card_id(x) for x in "KS KH KD".split()) if c != card]
    state = last_deal(ruleset(), [names(held), "JC"], names(table))
    numeric = [c for c in table if C.RANK[c] <= 10]
    sets = [s for n in range(1, len(numeric) + 1) for s in itertools.combinations(sorted(numeric), n)
            if sum(C.RANK[c] for c in s) == 11 - C.RANK[card]]
    expected = [f"play {C.NAMES[card]} take {names(s)}" for s in sets] or [f"play {C.NAMES[card]}"]
    assert moves_with(state, C.NAMES[card]) == sorted(expected)


def test_p7_capture_is_mandatory_but_any_card_may_be_played():
    """RULES.md P7: a 5 against 6, 4, 2 takes either the 6 or the 4 and 2."""
    g = ruleset()
    st = deal(g, "5C 8S KS KH", "2C 3C 4C JC", table="6H 4D 2S 9C")
    assert moves_with(st, "5C") == ["play 5C take 2S 4D", "play 5C take 6H"]
    assert moves_with(st, "8S") == ["play 8S"]  # a card with no capture may still be played
    with pytest.raises(IllegalAction):
        st.apply("play 5C")
    with pytest.raises(IllegalAction):
        st.apply("play 5C take 4D")  # 9, not 11
    st.apply("play 8S")
    assert names(st.zones["table"]) == "2S 8S 6H 4D 9C"


def test_p8_queen_takes_one_queen_king_one_king_face_cards_never_sum():
    g = ruleset()
    st = deal(g, "QH KH AC 9S", "2C 3C 4C 5C", table="QS QD KC 10D")
    assert st.legal_actions() == [
        "play 9S",  # nothing makes 11 (the face cards count for nothing)
        "play AC take 10D",  # not the king, not a queen
        "play KH take KC",
        "play QH take QD",  # one queen or the other, never both
        "play QH take QS",
    ]
    st.apply("play QH take QS")
    assert names(st.zones["won"][0]) == "QS QH"
    assert names(st.zones["table"]) == "10D QD KC"


def test_p8_no_match_for_a_face_card_means_a_plain_play():
    g = ruleset()
    st = deal(g, "QH KH AC 8D", "2C 4C 6C 7C", table="KS KD 5H 3C")
    assert st.legal_actions() == [
        "play 8D take 3C",
        "play AC",  # a king is not a 10
        "play KH take KD",
        "play KH take KS",
        "play QH",  # no queen on the table
    ]


def test_p9_jack_sweeps_numerics_and_jacks_but_not_queens_and_kings():
    g = ruleset()
    st = deal(g, "8S JH JC 7S", "2D 4D 10S 10C", table="QS KD 9H 3C")
    play(st, "play 8S take 3C", "play 2D take 9H")
    assert names(st.zones["table"]) == "QS KD"
    assert moves_with(st, "JH") == ["play JH"]  # only queens and kings: the jack takes nothing
    st.apply("play JH")
    st.apply("play 4D")
    assert names(st.zones["table"]) == "QS JH 4D KD"
    assert moves_with(st, "JC") == ["play JC take JH 4D"]  # not plain: P7
    assert moves_with(st, "7S") == ["play 7S take 4D"]  # a jack on the table is no number either
    st.apply("play JC take JH 4D")
    assert names(st.zones["table"]) == "QS KD"
    assert st.counters["surs"] == [0, 0]


def test_p9_jack_on_an_empty_table_takes_nothing():
    g = ruleset()
    st = deal(g, "AH 6S 7S 8S", "JS 2C 3C 4C", table="AS 2S 3S 4D")
    st.apply("play AH take AS 2S 3S 4D")
    assert st.zones["table"] == []
    assert moves_with(st, "JS") == ["play JS"]
    st.apply("play JS")
    assert names(st.zones["table"]) == "JS"


def test_p10_a_card_that_captures_nothing_stays_face_up_on_the_table():
    g = ruleset()
    st = deal(g, "7C KS KH KD", "2C 3C 4C JC", table="QS 5H 6D 9C")
    assert moves_with(st, "7C") == ["play 7C"]
    st.apply("play 7C")
    assert names(st.zones["table"]) == "QS 5H 6D 7C 9C"
    assert st.zones["won"] == [[], []]
    assert "7C" in st.view(1)["zones"]["table"]
    assert names(st.zones["hand"][0]) == "KS KH KD"


def test_p11_capturing_and_captured_cards_go_to_the_capturers_pile():
    g = ruleset()
    st = deal(g, "7C KS KH KD", "AD 3C 4C JC", table="4D 3S AH 10H")
    st.apply("play 7C take 3S AH")
    assert names(st.zones["won"][0]) == "3S AH 7C"
    assert st.zones["won"][1] == []
    st.apply("play AD take 10H")
    assert names(st.zones["won"][1]) == "10H AD"
    assert names(st.zones["won"][0]) == "3S AH 7C"
    assert names(st.zones["table"]) == "4D"


MULTI_CASES = [
    # table, the 5's takes by default, the extra takes with multi-capture
    ("6H 6D 4C 2S", ["2S 4C", "6D", "6H"], ["6H 6D", "2S 6H 4C", "2S 6D 4C", "2S 6H 6D 4C"]),
    # overlapping sets (both use 2S) never combine
    ("6H 4C 4D 2S", ["2S 4C", "2S 4D", "6H"], ["2S 6H 4C", "2S 6H 4D"]),
]


@pytest.mark.parametrize("table,single,several", MULTI_CASES)
def test_p12_one_11_set_by_default_several_disjoint_sets_with_multicapture(table, single, several):
    default, multi = ruleset(), ruleset("pasur-multicapture")
    hands = ("5S KS KH KD", "2C 3C 7C JC")
    st = deal(default, *hands, table=table)
    assert moves_with(st, "5S") == sorted(f"play 5S take {t}" for t in single)
    st = deal(multi, *hands, table=table)
    assert moves_with(st, "5S") == sorted(f"play 5S take {t}" for t in single + several)


def test_p12_a_multicapture_that_clears_the_table_is_a_sur():
    st = deal(ruleset("pasur-multicapture"), "5S KS KH KD", "2C 3C 7C JC", table="6H 6D 4C 2S")
    st.apply("play 5S take 6H 6D 4C 2S")
    assert st.zones["table"] == []
    assert st.counters["surs"] == [1, 0]
    with pytest.raises(IllegalAction):  # and without the option it is not a move at all
        deal(ruleset(), "5S KS KH KD", "2C 3C 7C JC", table="6H 6D 4C 2S").apply("play 5S take 6H 6D 4C 2S")


# ---- sur ------------------------------------------------------------------------------

SUR_HANDS = ("AH QH KH 7H", "QD KD 5S 6S")
SUR_TABLE = "AS 2S 3S 4D"
SUR_PLAYS = ("play AH take AS 2S 3S 4D", "play QD", "play QH take QD", "play KD", "play KH take KD")


def test_p13_clearing_the_table_is_a_sur_worth_5():
    g = ruleset()
    st = deal(g, *SUR_HANDS, table=SUR_TABLE)
    other = st.copy()
    other.apply("play 7H take 4D")  # takes, but leaves cards: no sur
    assert other.counters["surs"] == [0, 0]

    st.apply(SUR_PLAYS[0])  # a numeric card takes all four
    assert st.zones["table"] == [] and st.counters["surs"] == [1, 0]
    assert st.hand_points() == [2 + 5, 0]  # two aces and a sur
    play(st, *SUR_PLAYS[1:])  # a queen, then a king, alone on the table
    assert st.counters["surs"] == [3, 0]
    assert st.hand_points() == [2 + 15, 0]


def test_p14_a_jack_sweep_is_never_a_sur():
    for name in ("pasur", "pasur-last-deal-sur", "pasur-numeric-sur"):
        st = deal(ruleset(name), "JH 6S 7S 8S", "2C 3C 4C 5C", table="AS 2S 3S 4D")
        st.apply("play JH take AS 2S 3S 4D")
        assert st.zones["table"] == []
        assert st.counters["surs"] == [0, 0], name


def test_p14_a_sur_in_the_last_deal_counts_only_with_the_option():
    """P14 on a real game: first legal action each time up to the 6th deal, then AS clears 5D 5C."""
    results = {}
    for name in ("pasur", "pasur-last-deal-sur"):
        st = ruleset(name).new_state(shuffles=[LAST_DEAL_SUR_DECK])
        for _ in range(40):  # five deals of 8 plays
            st.apply(st.legal_actions()[0])
        assert st.zones["stock"] == [] and [len(h) for h in st.zones["hand"]] == [4, 4]  # the last deal
        assert st.counters["surs"] == [0, 0] and st.to_act == 0
        assert names(st.zones["table"]) == "5D 5C"
        st.apply("play AS take 5D 5C")
        assert st.zones["table"] == []
        results[name] = list(st.counters["surs"])
        play_out_hand(st)
        results[name + " points"] = st.hands[0]["points"]
    assert results["pasur"] == [0, 0]
    assert results["pasur-last-deal-sur"] == [1, 0]
    default, counted = results["pasur points"], results["pasur-last-deal-sur points"]
    assert counted == [default[0] + 5, default[1]]


def test_p14_the_last_deal_of_four_players_is_the_third():
    for options, surs in ((None, [0, 0]), ({"last_deal_sur": True}, [1, 0])):
        st = last_deal(load(RULESETS / "pasur-4p.yaml", options=options), ["7H", "2C", "3C", "4C"], table="4D")
        st.apply("play 7H take 4D")
        assert st.zones["table"] == [] and st.counters["surs"] == surs


def test_p15_default_any_capture_makes_a_sur_numeric_option_only_numeric_cards():
    numeric = ruleset("pasur-numeric-sur")
    st = deal(numeric, *SUR_HANDS, table=SUR_TABLE)
    st.apply(SUR_PLAYS[0])
    assert st.counters["surs"] == [1, 0]  # a numeric sur still counts
    st.apply(SUR_PLAYS[1])
    st.apply(SUR_PLAYS[2])  # a queen takes the last queen
    assert st.zones["table"] == [] and st.counters["surs"] == [1, 0]
    play(st, *SUR_PLAYS[3:])  # a king takes the last king
    assert st.zones["table"] == [] and st.counters["surs"] == [1, 0]

    st = deal(ruleset(), *SUR_HANDS, table=SUR_TABLE)
    play(st, *SUR_PLAYS)
    assert st.counters["surs"] == [3, 0]  # default: any non-jack capture


def test_p16_surs_cancel_one_for_one():
    """Seat 0 makes 3 surs, seat 1 makes 1: 2 net surs (10 points) for side 0, nothing for side 1."""
    g = ruleset()
    st = deal(g, "AH 9S 8D AC", "2C 3H 5S 5H", table="AS 2S 3S 4D")
    play(st,
         "play AH take AS 2S 3S 4D",  # sur
         "play 2C", "play 9S take 2C",  # sur
         "play 3H", "play 8D take 3H",  # sur
         "play 5S", "play AC", "play 5H take 5S AC")  # seat 1's sur
    assert st.counters["surs"] == [3, 1]
    assert st.zones["stock"]  # not the last deal
    # side 0: AH AS (2) + 2C (2) + 2 net surs (10); side 1: AC (1) and no sur points
    assert st.hand_points() == [14, 1]


# ---- end of a hand ----------------------------------------------------------------------

LAST_CAPTURE_HANDS = ["5S 7H", "KD 3S"]
LAST_CAPTURE_PLAYS = ("play 5S", "play KD take KS", "play 7H take 4D", "play 3S")


@pytest.mark.parametrize("name", ["pasur", "pasur-last-deal-sur"])
def test_p17_leftovers_go_to_the_last_capturer_and_are_no_sur(name):
    """Seat 1 captures, then seat 0 captures last; seat 1 plays the last card. 10D 5S 3S are left."""
    st = last_deal(ruleset(name), LAST_CAPTURE_HANDS, table="KS 4D 10D", rest_to=0)
    play(st, *LAST_CAPTURE_PLAYS[:3])
    assert names(st.zones["table"]) == "5S 10D"
    st.apply(LAST_CAPTURE_PLAYS[3])
    # side 1 holds KS KD only (0 points); the 10D 5S 3S went to seat 0 with everything else,
    # and clearing the leftovers was no sur (it would be +5 with the last-deal option)
    assert st.hands[0]["points"] == [20, 0]


def test_p17_leftovers_go_to_no_one_if_nobody_captured():
    st = last_deal(ruleset(), ["5S", "3S"], table="KS 10D", rest_to=0)
    play(st, "play 5S", "play 3S")
    assert st.hands[0]["points"] == [20 - 3, 0]  # nobody gets the 10D


@pytest.mark.parametrize("side1,points", [
    # six clubs against seven (2C among them): 7 for the seven
    ("AC 9C 10C JC QC KC AH AD JD", [7 + 3 + 2 + 1 + 2, 3 + 2]),
    ("AC 8C 9C 10C JC QC KC AH AD JD", [3 + 2 + 1 + 2, 7 + 3 + 2]),
])
def test_p18_hand_scoring_table_gives_out_20_points(side1, points):
    """Seven clubs 7, 10D 3, 2C 2, each ace 1, each jack 1. Side 0 takes every card side 1 does not hold."""
    st = last_deal(ruleset(), ["9S", "8S"], table="2S", piles={1: side1}, rest_to=0)
    play(st, "play 9S take 2S", "play 8S")
    assert st.hands[0]["points"] == points
    assert sum(points) == 20


def test_p18_every_hand_without_surs_gives_out_exactly_20_points():
    g = ruleset()
    checked = 0
    for seed in range(6):
        st, surs = play_random_game(g, seed)
        for hand, (a, b) in zip(st.hands, surs, strict=True):
            assert sum(hand["points"]) == 20 + 5 * abs(a - b)  # P16: only net surs score
            checked += a == b
    assert checked > 0


@pytest.mark.parametrize("side1_cards,bonus", [(25, [3, 0]), (26, [0, 0]), (27, [0, 3])])
def test_p19_most_cards_bonus_counts_the_leftovers_a_tie_gives_none(side1_cards, bonus):
    """Seat 0 captures 2 cards and then gets the 3 leftovers; side 1 already holds `side1_cards`."""
    points = {}
    for name in ("pasur", "pasur-most-cards"):
        g = ruleset(name)
        rest = [c for c in g.deck if c not in ids("9S 8S 2S 5H 6H")]
        side1 = " ".join(C.NAMES[c] for c in rest[:side1_cards])
        st = last_deal(g, ["9S", "8S"], table="2S 5H 6H", piles={1: side1}, rest_to=0)
        play(st, "play 9S take 2S", "play 8S")  # 5H 6H 8S left for seat 0
        points[name] = st.hands[0]["points"]
    default, with_bonus = points["pasur"], points["pasur-most-cards"]
    assert [b - a for a, b in zip(default, with_bonus, strict=True)] == bonus


# ---- the game ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name,before,over,winner", [
    ("pasur", [47, 0], True, 0),  # 62 exactly
    ("pasur", [46, 0], False, None),  # 61
    ("pasur", [50, 58], True, 0),  # both reach 62: 65 beats 63
    ("pasur", [40, 60], True, 1),  # 55 against 65
    ("pasur", [50, 60], False, None),  # 65 all: another hand
    ("pasur-105", [47, 0], False, None),  # 62 is not enough
    ("pasur-105", [89, 0], False, None),  # 104
    ("pasur-105", [90, 0], True, 0),  # 105
])
def test_p20_game_ends_when_one_side_alone_has_the_most_at_the_target(name, before, over, winner):
    """The hand scores [15, 5] (the P18 deal) on top of the totals `before`."""
    st = last_deal(ruleset(name), ["9S", "8S"], table="2S", piles={1: "AC 9C 10C JC QC KC AH AD JD"})
    st.scores = list(before)
    play(st, "play 9S take 2S", "play 8S")
    assert st.hands[0]["totals"] == [before[0] + 15, before[1] + 5]
    assert (st.over, st.winner) == (over, winner)
    if not over:  # the next hand is dealt: seat 0 deals, seat 1 plays
        assert (st.dealer, st.to_act) == (0, 1)
        assert [len(h) for h in st.zones["hand"]] == [4, 4]


@pytest.mark.parametrize("name,target", [("pasur", 62), ("pasur-105", 105)])
def test_p20_whole_games_stop_at_the_first_hand_with_a_single_leader_at_the_target(name, target):
    g = ruleset(name)
    passed_62 = False
    for seed in range(4):
        st, _ = play_random_game(g, seed)
        totals = [h["totals"] for h in st.hands]
        for t in totals[:-1]:
            assert not (max(t) >= target and t.count(max(t)) == 1), (seed, totals)
            passed_62 |= max(t) >= 62
        last = totals[-1]
        assert max(last) >= target and last.count(max(last)) == 1
        assert st.scores == last and st.winner == last.index(max(last))
    if target > 62:
        assert passed_62  # the 62 rule would have ended some of these games earlier


def test_p21_four_players_partners_pool_captures_and_surs():
    g = ruleset("pasur-4p")
    st = deal(g, "AH AC 6S 7S", "2C 5S 8H 9H", "9S 10S QH QS", "5H 6H 7D 8D", table="AS 2S 3S 4D")
    assert (st.dealer, st.to_act) == (3, 0)
    assert len(st.zones["won"]) == 2 and len(st.counters["surs"]) == 2
    seats = []
    for action in ("play AH take AS 2S 3S 4D",  # seat 0: sur
                   "play 2C", "play 9S take 2C",  # seat 2: sur, for the same side
                   "play 5H", "play AC", "play 5S take 5H AC"):  # seat 1: sur
        seats.append(st.to_act)
        st.apply(action)
    assert seats == [0, 1, 2, 3, 0, 1]
    assert names(st.zones["won"][0]) == "AS 2S 3S 9S AH 4D 2C"  # seats 0 and 2
    assert names(st.zones["won"][1]) == "5S 5H AC"  # seats 1 and 3
    assert st.counters["surs"] == [2, 1]
    assert st.hand_points() == [2 + 2 + 5, 1]  # AH AS, 2C, one net sur; AC


def test_p21_four_players_leftovers_go_to_the_last_capturers_side():
    g = ruleset("pasur-4p")
    st = last_deal(g, ["5S", "KD", "7H", "3S"], table="KS 4D 10D", rest_to=1)
    play(st, "play 5S", "play KD take KS", "play 7H take 4D", "play 3S")
    # seat 2 (side 0) captured last: 10D 5S 3S are side 0's, with 7H 4D
    assert st.hands[0]["points"] == [3, 17]
