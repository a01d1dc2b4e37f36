"""Briscola (rulesets/briscola.yaml and briscola-one-hand.yaml), written only in YAML: each test pins one rule of
the file's own ids (R1-R8, in its header), on fixed deck orders. The sources: pagat
(https://www.pagat.com/aceking/briscola.html), Wikipedia (https://en.wikipedia.org/wiki/Briscola), Coletti's
rules (http://www.viniciocoletti.it/cards/briscola/regole.php) and marittimaravennate.com ("victory at 61 points").

A fixed deck deals 3 cards one at a time to the player after the dealer (who leads) and the dealer, then turns one
up for trump; the stock follows: `deal(first, dealer, turned, stock)`."""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter import load
from tests.conftest import deck_with

SUITS = "SHDC"
# Two whole deck orders: each hand played out with the first legal move every turn (`play_out`) ends 60-60 and
# 61-59.
TIED = ("QC JC 6C 4S 2H 5H 7S JH 5C KS 2D 4C 5D 3C AS 6S QS AD 3D 5S KD 6H JS 6D AC QH KH 4D 7D 3S 3H QD KC 7H 2C "
        "2S AH JD 7C 4H")
SIXTY_ONE = ("4S 6D 3D QH 6C 6H 5S KC KD JH QD 4H AH QS 2H 2S JC QC 7H AC 5C 2D AD KH AS 5D 3H 4C 2C 4D KS 6S JD 7C "
             "7S 3C 5H 3S JS 7D")


def deal(first: str, dealer: str, turned: str, stock: str = "", game: str = "briscola", **options):
    g = load(game, options or None)
    a, b = first.split(), dealer.split()
    front = [x for pair in zip(a, b) for x in pair] + [turned] + stock.split()
    st = g.new_state(shuffles=[deck_with(front, g)], listen=True)
    assert st.to_act == 0 and C.names(st.zones["hand"][0]) == sorted(a, key=C.card_id)
    return st


def from_order(order: str, game: str = "briscola"):
    g = load(game)
    return g.new_state(shuffles=[order.split()] * 8, listen=True)


def play_out(st) -> dict:
    """The first legal move every turn until a hand is scored; that hand's record."""
    n = len(st.hands)
    while len(st.hands) == n and not st.over:
        st.apply(st.legal_actions()[0])
    return st.hands[n]


def test_briscola_validates_without_warnings():
    """R5: every card, the turned one too, is drawn and played: validate has nothing to warn of."""
    for name in ("briscola", "briscola-one-hand", "briscola-best-of-five"):
        assert load(name).notes == [], name


def test_forty_cards_and_the_deal_passes():
    """R1 (pagat: the 40-card Italian pack, no 8s, 9s or 10s): 40 cards; the first dealer is seat 1, the next
    hand's seat 0."""
    g = load("briscola")
    names = C.names(g.deck)
    assert len(names) == 40 and not any(n[:-1] in ("8", "9", "10") for n in names)
    st = from_order(TIED)
    play_out(st)
    play_out(st)
    assert [h["dealer"] for h in st.hands] == [1, 0]


def test_three_cards_each_and_the_next_turned_up_for_trump():
    """R2 (pagat, in paraphrase: three cards each, then the next turned face up, its suit trump): 3 each,
    one at a time, the 7th card face up; its suit is trump."""
    st = deal("AS 3S KS", "2H 4H 5H", "7C", "6C 7S")
    assert C.names(st.zones["hand"][1]) == ["2H", "4H", "5H"]
    assert C.names(st.zones["turned"]) == ["7C"] and st.vars["trump"] == SUITS.index("C")
    assert len(st.zones["stock"]) == 33


def test_no_need_to_follow_suit():
    """R3 (pagat: no obligation to follow suit): the dealer, holding a spade, may answer a spade
    lead with any card."""
    st = deal("KS 4H 5H", "3S 2D 4D", "7C")
    assert sorted(st.legal_actions()) == ["play 4H", "play 5H", "play KS"]
    st.apply("play KS")
    assert sorted(st.legal_actions()) == ["play 2D", "play 3S", "play 4D"]


@pytest.mark.parametrize("lead,answer,winner", [
    ("KS", "3S", 1),   # the 3 ranks above the king
    ("2S", "AH", 0),   # an ace of another suit (not trump) never wins
    ("AS", "2C", 1),   # the lowest trump beats the ace led
    ("JC", "7C", 0),   # trump against trump: J above 7
    ("7S", "JS", 1),   # J above 7 in the suit led
])
def test_the_highest_trump_else_the_highest_of_the_suit_led_wins(lead, answer, winner):
    """R4 (pagat: A 3 K Q J 7 6 5 4 2; the highest trump wins the trick, else the highest card of the
    suit led): the trick's cards go to the winner, who leads the next."""
    st = deal(f"{lead} 4H 5H", f"{answer} 4D 5D", "6C")
    st.apply(f"play {lead}")
    st.apply(f"play {answer}")
    assert sorted(C.names(st.zones["won"][winner])) == sorted([lead, answer])
    assert st.zones["won"][1 - winner] == [] and st.to_act == winner


def test_the_winner_draws_first_then_the_other():
    """R5 (pagat: the trick's winner draws the stock's top card, then the loser the next): the
    dealer wins the first trick and draws 6C; the leader draws 7S; the winner leads, with 14 card points won."""
    st = deal("KS 4H 5H", "3S 2D 4D", "7C", "6C 7S")
    st.apply("play KS")
    st.apply("play 3S")
    assert "6C" in C.names(st.zones["hand"][1]) and "7S" in C.names(st.zones["hand"][0])
    assert st.view(0)["values"]["card_total"] == [0, 14]      # R6: K 4 + 3 10, counted as won
    assert [len(h) for h in st.zones["hand"]] == [3, 3] and st.to_act == 1


def test_the_turned_card_is_drawn_last_by_the_loser_and_trump_stays():
    """R5, R2 (pagat: the loser of that trick takes the face-up trump; Coletti: the last 3 cards are played out):
    hands are full (3 each) before every trick while cards are left to draw; the trick that empties the stock
    gives its last card to the winner and the turned card to the loser; trump stays the turned card's suit, and
    the last 3 tricks are played from the hands."""
    st = deal("KS 4H 5H", "3S 2D 4D", "7C")
    trump, turned, seen = st.vars["trump"], C.names(st.zones["turned"])[0], False
    while not st.hands:
        if st.zones["trick"] == [] and st.zones["stock"]:
            assert [len(h) for h in st.zones["hand"]] == [3, 3]
        if len(st.zones["stock"]) == 1 and len(st.zones["trick"]) == 1:
            last = C.names(st.zones["stock"])[0]
            st.apply(st.legal_actions()[0])
            winner = st.to_act
            assert last in C.names(st.zones["hand"][winner]) and turned in C.names(st.zones["hand"][1 - winner])
            assert st.zones["turned"] == [] and st.vars["trump"] == trump
            seen = True
            continue
        st.apply(st.legal_actions()[0])
    assert seen and sum(len(w) for w in st.zones["won"]) in (0, 40)


@pytest.mark.parametrize("order", [TIED, SIXTY_ONE])
def test_card_points_add_up_to_120(order):
    """R6 (pagat: ace 11, three 10, king 4, horse 3, jack 2: 120 in the pack): the two players' card
    points after a hand add up to 120, each the sum of its won cards' values."""
    points = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
    assert sum(points.get(n[:-1], 0) for n in C.names(load("briscola").deck)) == 120
    st, moves = from_order(order), 0
    while not st.hands:
        st.apply(st.legal_actions()[0])
        moves += 1
    assert sum(st.hands[0]["values"]["card_total"]) == 120 and moves == 40


def test_sixty_one_wins_a_hand():
    """R7 (marittimaravennate.com: "Deck's victory at 61 points"): a hand played out 61-59 is
    one hand won for the 61."""
    hand = play_out(from_order(SIXTY_ONE))
    totals = hand["values"]["card_total"]
    assert sorted(totals) == [59, 61]
    assert hand["rows"]["hand won"] == [int(t >= 61) for t in totals]


def test_sixty_all_wins_nothing_and_play_goes_on():
    """R7 (pagat, Wikipedia: 60-60 is a draw): a hand played out 60-60 scores nothing for either, and the game
    goes on."""
    st = from_order(TIED)
    hand = play_out(st)
    assert hand["values"]["card_total"] == [60, 60] and hand["rows"]["hand won"] == [0, 0]
    assert not st.over and st.scores == [0, 0]


def test_two_hands_won_win_the_game():
    """R8: the first to win 2 hands wins (best of three); in briscola-best-of-five, 3."""
    for wins, game in ((2, "briscola"), (3, "briscola-best-of-five")):
        st = load(game).new_state(seed=5)
        while not st.over:
            st.apply(st.legal_actions()[0])
        assert st.scores[st.winner] == wins and max(st.scores[1 - st.winner], 0) < wins
        assert all(sum(h["points"]) <= 1 for h in st.hands)


def test_one_hand_game_is_decided_by_card_points_and_sixty_all_is_a_draw():
    """R8 (briscola-one-hand.yaml; Wikipedia: one hand, more than 60 wins, 60-60 a tie): the tied deck ends the
    game in a draw after its one hand; the 61-59 deck gives it to the 61."""
    st = from_order(TIED, "briscola-one-hand")
    while not st.over:
        st.apply(st.legal_actions()[0])
    assert len(st.hands) == 1 and st.draw and st.winner is None
    st = from_order(SIXTY_ONE, "briscola-one-hand")
    while not st.over:
        st.apply(st.legal_actions()[0])
    totals = st.hands[0]["values"]["card_total"]
    assert len(st.hands) == 1 and not st.draw and totals[st.winner] == 61


# ---- R9, briscola-swap.yaml: the 7 of trump (the 2 under a low turned card) swapped for the turned card ----------

def test_the_seven_of_trump_is_swapped_for_a_high_turned_card_before_playing():
    """R9 (pagat, Wikipedia: the holder of the 7 of trump may exchange it for the turned card): a move of its own,
    `swap 7C`, at the player's turn; the turned ace goes into the hand, the 7 lies face up in its place, trump
    stays clubs, and the same player then plays a card, the ace among them."""
    st = deal("7C 4H 5H", "3S 2D 4D", "AC", "6C 7S", game="briscola-swap")
    assert st.legal_actions() == ["play 4H", "play 5H", "play 7C", "swap 7C"]
    st.apply("swap 7C")
    assert C.names(st.zones["turned"]) == ["7C"] and "AC" in C.names(st.zones["hand"][0])
    assert st.to_act == 0 and st.vars["trump"] == SUITS.index("C")
    assert st.legal_actions() == ["play 4H", "play 5H", "play AC"]  # once a turn: the 7 is gone anyway
    said = [e for e in st.events if e["kind"] == "swapped"]
    assert said == [{"kind": "swapped", "seat": 0, "card": C.card_id("AC"), "gave": C.card_id("7C"), "zone": "turned",
                     "step": "tricks"}]


def test_the_two_of_trump_is_swapped_for_a_low_turned_card_and_the_seven_is_not():
    """R9 (Wikipedia: where the turned card is a 7 or lower, the 2 of trump takes it): under a turned 6 the dealer's
    2 of trump may be swapped, after the leader's card too (a swap is made at any turn), and the 7 may not."""
    st = deal("KS 4H 5H", "2C 7C 4D", "6C", "6H 7S", game="briscola-swap")
    assert not any(a.startswith("swap") for a in st.legal_actions())
    st.apply("play KS")
    assert "swap 2C" in st.legal_actions() and "swap 7C" not in st.legal_actions()
    st.apply("swap 2C")
    assert C.names(st.zones["turned"]) == ["2C"] and "6C" in C.names(st.zones["hand"][1])


def test_no_swap_once_the_stock_is_empty_and_the_turned_card_taken_last_is_the_swapped_one():
    """R9 (while the stock lasts), R5: the card given for the turned one is the last drawn, by the loser of the
    trick that empties the stock; with the stock empty no swap is offered."""
    st = deal("7C 4H 5H", "3S 2D 4D", "AC", game="briscola-swap")
    st.apply("swap 7C")
    while st.zones["stock"]:
        st.apply(next(a for a in st.legal_actions() if not a.startswith("swap")))
    loser = 1 - st.trick_state.last_winner
    assert st.zones["turned"] == [] and C.card_id("7C") in st.zones["hand"][loser]
    while not st.hands:
        assert not any(a.startswith("swap") for a in st.legal_actions())
        st.apply(st.legal_actions()[0])


def test_a_swap_is_kept_in_a_record_and_the_base_offers_none(tmp_path):
    """A swap replays from its action text; the base game (no R9) offers no swap on the same deal."""
    assert "swap 7C" not in deal("7C 4H 5H", "3S 2D 4D", "AC").legal_actions()
    st = deal("7C 4H 5H", "3S 2D 4D", "AC", "6C 7S", game="briscola-swap")
    st.apply("swap 7C")
    st.apply("play AC")
    again = load("briscola-swap").new_state(shuffles=st.decks)
    for seat, action in st.actions:
        assert again.to_act == seat
        again.apply(action)
    assert again.zones == st.zones


def test_a_swap_refused_says_why():
    """R9 at the table: a second swap in one turn, a card the rule does not let go, and a swap once the turned card
    is drawn are each refused with their reason, not "not time to swap"."""
    from interpreter.actions import why_illegal

    st = deal("7C 4H 5H", "3S 2D 4D", "AC", "6C 7S", game="briscola-swap")
    assert why_illegal(st, "swap 4H", "swap 4H") == ("'swap 4H' is not a legal move: you may swap 7C, play 4H, play 5H,"
                                                     " play 7C")  # a swap is offered: the moves are listed
    st.apply("swap 7C")
    assert why_illegal(st, "swap AC", "swap AC", table=True) == ("'swap AC' is not a legal move: a swap is made once"
                                                                 " a turn, and you have made yours; see your moves"
                                                                 " below")
    st.apply("play 4H")
    assert why_illegal(st, "swap 3S", "swap 3S", table=True).startswith(
        "'swap 3S' is not a legal move: you hold no card the rules let you swap")
    while st.zones["stock"]:
        st.apply(st.legal_actions()[0])
    assert why_illegal(st, "swap 2D", "swap 2D", table=True).startswith(
        "'swap 2D' is not a legal move: there is no card to swap for")  # the turned card was drawn last


def test_a_swap_at_lead_only_is_offered_to_the_leader_alone(tmp_path):
    """`swap: {at: lead}` (as Sixty-six has it): the dealer, answering a lead, holds the 7 of trump but may not
    swap it, and is told why."""
    from interpreter.actions import why_illegal

    path = tmp_path / "lead-swap.yaml"
    path.write_text("extends: briscola-swap\nhand:\n  - name: tricks\n    play:\n      swap: {at: lead}\n",
                    encoding="utf-8")
    st = deal("KS 4H 5H", "7C 3S 4D", "AC", "6C 7S", game=str(path))
    st.apply("play KS")
    assert "swap 7C" not in st.legal_actions()
    assert why_illegal(st, "swap 7C", "swap 7C", table=True).startswith(
        "'swap 7C' is not a legal move: a swap is made only when leading")
    st.apply("play 3S")  # the dealer wins with the 3 and leads: now it may
    assert st.to_act == 1 and "swap 7C" in st.legal_actions()


def test_the_card_a_swap_takes_is_known_to_lie_in_the_swappers_hand():
    """R9: all saw the turned ace go into the leader's hand: every deal the other player's bot makes of the cards
    it cannot see keeps it there, and the 7 given lies face up in its place."""
    import random

    from interpreter.observe import Seat

    st = deal("7C 4H 5H", "3S 2D 4D", "AC", "6C 7S", game="briscola-swap")
    st.apply("swap 7C")
    rng, seat = random.Random(1), Seat(st, 1)
    for _ in range(30):
        sample = seat.sample(rng)
        assert C.card_id("AC") in sample.zones["hand"][0] and C.names(sample.zones["turned"]) == ["7C"]
