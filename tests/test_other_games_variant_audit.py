"""Spades, Hearts, Oh Hell, Euchre and Scopa: scenarios the other tests leave open, found by hand mutation of
rulesets/spades*.yaml, hearts*.yaml, oh-hell*.yaml, euchre*.yaml and scopa.yaml.

Each test pins one rule, of RULES.md §5 (X-ids for Spades, Y-ids for Hearts) or, for Euchre and Scopa, which
have no rule ids, of the common rules their rulesets' comments name, on fixed deck orders (or, for Scopa, a
fixed seed's first hand as tests/test_other_games.py plays it), and fails on a small change to the ruleset,
named in its docstring, that got past every fast test of its game; a few pin changes that only the CLI run of
a whole game (greedy bots) caught. The helpers are the ones each game's rule tests use. Oh Hell needs none:
every mutant of oh-hell*.yaml tried was caught, or changed nothing.
"""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter import load
from tests.conftest import deck_with
from tests.test_euchre_rules import start as euchre_start
from tests.test_hearts_house_rules import start as hearts_start
from tests.test_hearts_rules import SUITS, fill, start_play
from tests.test_other_games import _primiera
from tests.test_spades_rules import SPADES, bid_all, deal, play_out
from tests.test_spades_rules import ruleset as spades

TOP_TWELVE_SPADES = SPADES.replace(" 2S", "")  # AS KS ... 3S

# ---- Spades: X4 spades broken, X5 scoring -------------------------------------------------------------------


def spades_one_trick_to_seat_1(*bids: int):
    """Seat 0 holds the twelve top spades and 2H; seat 1 holds AH and no other heart; seats 2 and 3 have hearts.
    Spades are not broken, so seat 0 must lead 2H; AH takes it; after that seat 0, all spades, takes every
    trick: 12 tricks to seat 0, 1 to seat 1. The state at the first lead, after `bids`."""
    st = spades().new_state(shuffles=[deal({0: TOP_TWELVE_SPADES + " 2H", 1: "AH"}, void={1: "H"})])
    bid_all(st, *bids)
    return st


def test_x4_a_leader_with_one_card_besides_spades_must_lead_it():
    """X4: a spade may not be led before spades are broken "unless the leader holds only spades": seat 0, with
    twelve spades and one heart, must lead the heart. Mutant killed: `count(hand[suit != S]) <= 1` for `== 0` in
    the `spades broken` special (spades.yaml)."""
    st = spades_one_trick_to_seat_1(5, 1, 5, 2)
    assert st.to_act == 0 and st.legal_actions() == ["play 2H"]


@pytest.mark.parametrize("bids,nil,contract", [
    ((5, 1, 5, 2), [0, 0], [102, -30]),  # side 1 bid 3, took 1: -30
    ((5, 0, 5, 2), [0, -100], [102, -20]),  # seat 1's nil fails on a single trick; side 1 bid 2, took 1: -20
])
def test_x5_a_failed_contract_costs_ten_a_trick_bid_and_one_trick_fails_a_nil(bids, nil, contract):
    """X5: a failed contract scores -10 x the contract, whatever tricks the side took; a nil fails if its bidder
    takes any trick, one as well as thirteen. Seat 1 takes exactly one trick. Mutants killed (spades.yaml):
    the contract row's `else -10 * (contract - tricks)` (only the tricks short), and the nil row's
    `if tricks <= 1` for `if tricks == 0`."""
    st = spades_one_trick_to_seat_1(*bids)
    hand = play_out(st)
    assert hand["counters"]["tricks"] == [12, 1, 0, 0]
    assert hand["rows"]["nil"] == nil and hand["rows"]["contract"] == contract
    assert hand["points"] == [n + c for n, c in zip(nil, contract)]


def test_x5_a_contract_made_exactly_scores_ten_a_trick_and_is_announced_as_made():
    """X5: "made" is tricks >= contract: side 0 bids 7 + 6 and takes exactly 13: +130, no bags; side 1 (two nils,
    contract 0, no trick) scores its nils. The table's `made`/`failed` values say side 0 made its contract and
    side 1, with no contract, neither made nor failed one. Mutants killed (spades.yaml): the contract row's
    `if tricks > contract` (an exact contract fails: -130), the value `failed: if tricks <= contract`, and
    `made:` without `contract > 0 and` (both display only: they change what the table announces)."""
    st = spades().new_state(shuffles=[deal({0: SPADES})])
    bid_all(st, 7, 0, 6, 0)
    hand = play_out(st)
    assert hand["counters"]["tricks"] == [13, 0, 0, 0]
    assert hand["rows"]["contract"] == [130, 0] and hand["rows"]["nil"] == [0, 200]
    assert hand["points"] == [130, 200] and st.counters["bags"] == [0, 0]
    assert hand["values"]["made"] == [1, 0] and hand["values"]["failed"] == [0, 0]


# ---- Hearts: Y4 on the first trick, Y7's moon announcement ---------------------------------------------------

HEARTS_BUT_TWO = " ".join(r + "H" for r in C.RANKS if r != "2")


def test_y4_no_heart_on_the_first_trick_even_after_a_forced_one():
    """Y4: nobody may play a heart on the first trick unless he holds nothing else. Seat 1 holds twelve hearts
    and the Q♠, all barred, so he may play any card and throws AH; seat 2, void in clubs, still may not play his
    one heart (2H). Mutant killed (hearts.yaml): the `hearts` special's `allowed` without its parentheses,
    `trick_number > 1 and not leading or count(played_cards[suit == H]) > 0 or ...`, which lets a heart already
    in the first trick open it to hearts (played_cards counts the trick being played)."""
    st = start_play(fill({0: SUITS["C"], 1: HEARTS_BUT_TWO + " QS", 2: "2H"}))
    st.apply("play 2C")
    assert len(st.legal_actions()) == 13  # seat 1: nothing else than hearts and the queen: anything
    st.apply("play AH")
    legal = st.legal_actions()
    assert st.to_act == 2 and "play 2H" not in legal and len(legal) == 12


def test_y7_the_moon_is_announced_only_for_all_26_points():
    """Y7: a player shoots the moon by taking all 26 points. A hand taken 16-10-0-0 (seat 0 has the Q♠) is no
    moon: nobody is announced. Mutant killed (hearts.yaml, display only): the value `moon: if taken >= 13`."""
    hand = play_out(hearts_start("hearts", fill({})))
    assert hand["values"]["taken"] == [16, 10, 0, 0]
    assert hand["values"]["moon"] == [0, 0, 0, 0] and hand["points"] == [16, 10, 0, 0]


# ---- Euchre: card order and scoring (the common North American rules) ---------------------------------------

# hearts turned: seat 0 holds the two bowers and the ace of trump, and the K♠ that seat 1's A♠ beats
MAKE_THREE = ["JH JD AH KS 9C", "AS QS 10C JC QC", "10S 9S KC AC 9D", "AD KD QD 10D JS"]
THREE_TWO = ["JH", "QC", "9D", "9H", "JD", "JC", "KC", "10D", "AH", "10C", "AC", "QD", "KS", "AS", "9S", "KD"]
# the same with A♠ and K♠ the other way round: seat 0's A♠ takes trick 4, seat 1's 10♣ the last
MAKE_FOUR = ["JH JD AH AS 9C", "KS QS 10C JC QC", "10S 9S KC AC 9D", "AD KD QD 10D JS"]
FOUR_TRICKS = ["JH", "QC", "9D", "9H", "JD", "JC", "KC", "10D", "AH", "QS", "AC", "QD", "AS", "KS", "9S", "KD"]


def euchre_hand(hands: list[str], plays: list[str], maker_seat: int = 0):
    """`hands`, 9♥ turned: `maker_seat` orders hearts up (seat 0 first, or seat 1 after seat 0 passes), plays
    with the partner; the dealer takes 9H and throws JS. Then `plays`, and the first legal card to the end.
    The tricks and the next to act after `plays`, and the hand."""
    _, st = euchre_start(hands)
    if maker_seat == 1:
        st.apply("pass")
    st.apply("order")
    st.apply("together")
    st.apply("discard JS")
    for card in plays:
        st.apply(f"play {card}")
    after = (list(st.counters["tricks"]), st.to_act)
    while not st.hands:
        st.apply(st.legal_actions()[0])
    return after, st.hands[0]


def test_euchre_an_ace_beats_the_king_of_its_suit():
    """Euchre card order: A K Q J 10 9 in a plain suit. Seat 0 leads K♠, seat 1 follows with A♠ and takes the
    trick (and leads the next). Mutant killed (euchre.yaml): `power_of: ... else if rank == A then 13` (the ace
    level with the king: the king, played first, kept the trick)."""
    (tricks, leader), _ = euchre_hand(MAKE_THREE, THREE_TWO)
    assert tricks == [3, 1] and leader == 1


@pytest.mark.parametrize("hands,plays,tricks", [
    (MAKE_THREE, THREE_TWO, [3, 2]),
    (MAKE_FOUR, FOUR_TRICKS, [4, 1]),
])
def test_euchre_makers_taking_three_or_four_tricks_score_one_point(hands, plays, tricks):
    """Euchre scoring: makers who take 3 or 4 tricks score 1; the defenders nothing; it is neither a march nor a
    euchre. Side 0 makes hearts and takes 3 tricks to 2, or 4 to 1. Mutants killed (euchre.yaml): the `made`
    row's `else if tricks >= 4 then 1` (caught before only by the CLI game of
    test_the_table_announces_a_march_and_a_euchre) and `else if tricks >= 3 then 2`; the values
    `makers_euchred: ... tricks <= 3` and `march: ... tricks >= 4` (display only: what the table announces)."""
    _, hand = euchre_hand(hands, plays)
    assert hand["counters"]["tricks"] == tricks
    assert hand["rows"]["made"] == [1, 0] and hand["rows"]["euchred"] == [0, 0] and hand["points"] == [1, 0]
    assert hand["values"]["march"] == [0, 0] and hand["values"]["makers_euchred"] == [0, 0]


def test_euchre_makers_held_to_two_tricks_are_euchred_defenders_score_two():
    """Euchre scoring: makers who take fewer than 3 tricks are euchred: the defenders score 2. Seat 1 orders
    hearts up holding none; side 0 takes exactly 3 tricks, side 1 two: 2-0 to the defenders. Mutant killed
    (euchre.yaml): the `euchred` row's `tricks >= 4` (caught before only by the CLI game of
    test_the_table_announces_a_march_and_a_euchre)."""
    _, hand = euchre_hand(MAKE_THREE, THREE_TWO, maker_seat=1)
    assert hand["counters"]["tricks"] == [3, 2]
    assert hand["rows"]["euchred"] == [2, 0] and hand["rows"]["made"] == [0, 0] and hand["points"] == [2, 0]
    assert hand["values"]["makers_euchred"] == [0, 1]


def test_euchre_a_march_with_the_partner_scores_two():
    """Euchre scoring: makers who take all five tricks, playing with the partner, score 2 (a march). Seat 0
    holds the five top hearts and plays together. Mutant killed (euchre.yaml): the `made` row's `... else 1`
    for a march together (1 point)."""
    _, st = euchre_start(["JH JD AH KH QH", "10H QS KS AS 10C", "QC KC 10D JC AC", "AD KD QD JS 9S"])
    st.apply("order")
    st.apply("together")
    st.apply("discard 9H")
    while not st.hands:
        st.apply(st.legal_actions()[0])
    hand = st.hands[0]
    assert hand["counters"]["tricks"] == [5, 0]
    assert hand["rows"]["made"] == [2, 0] and hand["points"] == [2, 0]
    assert hand["values"]["march"] == [1, 0] and hand["values"]["lone_march"] == [0, 0]


def test_euchre_the_left_bower_beats_the_ace_of_trump():
    """Euchre: the left bower (the jack of trump's colour) ranks second, above the ace of trump. Hearts trump:
    seat 0 leads AH, seat 1 must follow with J♦ (his only "heart") and takes the trick. Mutants killed
    (euchre.yaml): `power_of`'s left-bower line `then 14` for `then 20` (caught before only by the CLI game of
    test_the_table_announces_a_march_and_a_euchre), and its colour test written `(suit in (H, C)) == (trump in
    (H, C))` (the J♦ then ranks as a plain jack of trump)."""
    _, st = euchre_start(["AH 9S 9C 10C QC", "JD 10S AS KC AC", "QH KH 9D 10D JC", "AD KD QD JS QS"])
    st.apply("order")
    st.apply("together")
    st.apply("discard QS")
    st.apply("play AH")
    assert st.legal_actions() == ["play JD"]
    st.apply("play JD")
    st.apply("play QH")
    st.apply("play 9H")
    assert st.counters["tricks"] == [0, 1] and st.to_act == 1


# ---- Scopa: captures, sweeps, the leftovers, the rows (the common Italian rules) -----------------------------


def scopa():
    return load("scopa")


def test_scopa_a_card_matching_two_table_cards_takes_one_of_them_of_the_players_choice():
    """Scopa: a card equal in value to a table card takes it; with two such cards the player chooses one, and
    takes only that one. 5♠ facing 5♥ and 5♦. Mutant killed (scopa.yaml): the `match` capture's `take: all`."""
    g = scopa()
    st = g.new_state(shuffles=[deck_with(["5S", "AH", "AD", "4C", "4D", "6C", "5H", "5D", "3S", "KD"], g)])
    assert sorted(a for a in st.legal_actions() if a.startswith("play 5S")) == ["play 5S take 5D", "play 5S take 5H"]
    st.apply("play 5S take 5H")
    assert C.names(st.zones["table"]) == ["3S", "5D", "KD"]  # 5♦ stays


def scopa_first_hand(seed: int):
    """Seed `seed`'s first hand, the first legal move each turn: the hand, its events and the hand's dealer."""
    st = scopa().new_state(seed=seed)
    dealer, events = st.dealer, st.listen()
    while not st.hands:
        st.apply(st.legal_actions()[0])
    return st.hands[0], events, dealer, st


def test_scopa_the_leftovers_go_to_the_last_player_to_capture():
    """Scopa: at the end of the hand the cards left on the table go to the player who captured last, not to the
    dealer. Seed 4: seat 1 deals, seat 0 captures last and takes the four cards left: 29 cards to 11, and the
    `cards_taken`/`coins_taken` values count each side's cards and diamonds. Mutants killed (scopa.yaml): the
    leftovers' `seat: dealer` (25 to 15), and the value `coins_taken: count(won[suit == H])` (display only)."""
    hand, events, dealer, _ = scopa_first_hand(4)
    won = [[], []]
    for e in events:
        if e["kind"] == "capture":
            won[e["seat"]] += [e["card"], *e["taken"]]
        elif e["kind"] == "collect" and e["step"] == "leftovers":
            last = next(x["seat"] for x in reversed(events) if x["kind"] == "capture")
            assert e["seat"] == last == 0 != dealer == 1 and len(e["cards"]) == 4
            won[e["seat"]] += e["cards"]
    assert hand["values"]["cards_taken"] == [len(w) for w in won] == [29, 11]
    assert hand["values"]["coins_taken"] == [sum(C.SUIT[c] == 2 for c in w) for w in won] == [6, 4]


def test_scopa_a_sweep_on_the_last_play_is_no_scopa():
    """Scopa: taking every table card is a scopa, but not on the very last play of the hand. Seed 5: the 36th
    and last play, Q♠ taking 5♠ and 4♣, empties the table: no scopa is scored. Mutant killed (scopa.yaml): the
    `scopa` effect's `if: empty(table)` alone."""
    hand, events, _, st = scopa_first_hand(5)
    captures = [e for e in events if e["kind"] == "capture"]
    assert st.actions[-1][1] == "play QS take 5S 4C" and captures[-1]["seat"] == 1
    assert not any(e["kind"] == "collect" and e["cards"] for e in events)  # nothing left on the table
    assert hand["counters"]["scope"] == [0, 0] and hand["rows"]["scope"] == [0, 0]


def test_scopa_a_sweep_in_the_last_deal_counts_before_the_last_play():
    """Scopa: only the very last play's sweep is no scopa; one earlier in the last deal counts. Seed 93: the
    32nd of 36 plays, seat 1's 6♦ taking 5♠ and A♥, empties the table with the stock empty: a scopa. Mutant
    killed (scopa.yaml): no scopa once the stock is empty (`not empty(stock)`, as the ruleset had it)."""
    hand, events, _, st = scopa_first_hand(93)
    sweep = [e for e in events if e["kind"] == "capture"][-1]
    assert st.actions[31] == (1, "play 6D take 5S AH") and len(st.actions) == 36
    assert sweep["seat"] == 1 and sweep["added"] == ["scope"] and hand["counters"]["scope"] == [0, 1]


def scopa_rows(won: list[list[str]]) -> dict[str, list[int]]:
    """Each Scopa row's points for these piles (each side's cards by name), as tests/test_other_games.py's
    primiera helper works them out."""
    g = scopa()
    st = g.new_state(seed=0)
    st.zones["won"] = [[C.card_id(x) for x in pile] for pile in won]
    return {row.name: [row.points(e, None) for e in st.side_envs] for row in g.scoring}


def test_scopa_the_settebello_is_the_seven_of_diamonds():
    """Scopa: 1 point for the 7♦ (settebello). Side 0 took the 7♦, side 1 the 7♠. Mutant killed (scopa.yaml):
    the `settebello` row counting `card == 7S`."""
    assert scopa_rows([["7D", "2C"], ["7S", "3C"]])["settebello"] == [1, 0]


@pytest.mark.parametrize("won,sums,points", [
    ([["7S", "6H", "5D", "4C"], ["7H", "6S", "5C", "3D"]], [68, 67], [1, 0]),  # a 4 (14) beats a 3 (13)
    ([["7S", "6H", "5D", "KC"], ["7H", "6S", "5C", "JD"]], [64, 64], [0, 0]),  # a king is a figure: 10, as a jack
])
def test_scopa_the_primiera_values_of_a_four_and_a_king(won, sums, points):
    """Scopa's primiera table: 4 is worth 14, a king 10 like every figure. Mutants killed (scopa.yaml): the
    primiera table's `4: 12` and `K: 9`."""
    assert _primiera(won) == (sums, points)
