"""Hokm house rules seen elsewhere (../shared/VARIANTS.md §Hokm), one variant file each, rule by rule.

Every scenario deals fixed deck orders: the first for the first hakem's draw (H2), the next for the deal.
Each test runs the variant and, where the same deck means something there, the default `hokm.yaml`, and
checks that they differ as the house rule says. Three-player Hokm has no default to compare with: its
scenarios check the counts and outcomes that four-player Hokm would not give (17 cards, play past 7
tricks, a tie that scores nobody).
"""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter.sheet import sheet
from interpreter.table import Table
from interpreter.words import Words
from tests.conftest import deck_with, hands_round_the_table, packets_5_4_4
from tests.test_hokm_rules import ids, names, play_out_hand, ruleset

SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
TRUMPS = ["trump C", "trump D", "trump H", "trump S"]


def draw_for(seat: int, g) -> list[str]:
    """A first-ace draw order (H2) whose first ace falls to `seat` (seats 0, 1, 2 ... get one card each)."""
    return deck_with(["3C", "4C", "5C"][:seat] + ["AC"], g)


def start(g, hands: list[str], hakem: int = 0, trump: str | None = None, later=()):
    """Hand 1 of four-player Hokm: `hakem` by the draw, seat s dealt hands[s] (5, 4, 4 from the hakem)."""
    deal = packets_5_4_4(hands, hakem, list(C.NAMES[:52]))
    st = g.new_state(shuffles=[draw_for(hakem, g), deal, *later], seed=0)
    assert st.vars["hakem"] == hakem
    if trump is not None:
        st.apply(f"trump {trump}")
    return st


def kot_hands(winner: int) -> list[str]:
    """Seat `winner` holds all thirteen spades: with spades trump his side takes every trick."""
    return hands_round_the_table({winner: SPADES}, None, list(C.NAMES[:52]))


# ---- first hakem: a random seat ------------------------------------------------------------------


def test_random_hakem_is_the_seat_dealt_the_ace_of_spades_every_seat_alike():
    """hokm-random-hakem.yaml (VARIANTS.md: "First hakem: first ace dealt face up (ours) or a random seat"):
    the seat dealt AS, face up from seat 0, is hakem; AS may lie at any of the 52 places, 13 for each
    seat, so each seat is hakem with the same chance. The default takes the first ace of any suit."""
    variant, default = ruleset("hokm-random-hakem"), ruleset()
    others = [x for x in C.NAMES[:52] if x != "AS"]
    seats = []
    for i in range(52):
        draw = others[:i] + ["AS"] + others[i:]
        st = variant.new_state(shuffles=[draw], seed=0)
        seats.append(st.vars["hakem"])
        assert st.dealer == (st.vars["hakem"] - 1) % 4 and st.to_act == st.vars["hakem"]  # H4, H5 as usual
        assert [C.NAMES[c] for c in st.decks[0]] == draw and len(st.decks) == 2  # the draw has its own shuffle
    assert seats == [i % 4 for i in range(52)]
    assert [seats.count(s) for s in range(4)] == [13, 13, 13, 13]
    # the same draw: AH to seat 0 first, AS to seat 1 next
    draw = deck_with(["AH", "AS"], default)
    assert default.new_state(shuffles=[draw], seed=0).vars["hakem"] == 0
    assert variant.new_state(shuffles=[draw], seed=0).vars["hakem"] == 1
    # the first ace and the high-card draw stay the option's other values
    assert ruleset("hokm-random-hakem", first_hakem="ace").new_state(shuffles=[draw], seed=0).vars["hakem"] == 0
    drawn = ruleset("hokm-random-hakem", first_hakem="draw")
    assert drawn.new_state(shuffles=[deck_with(["2S", "KH", "3D", "AS"], drawn)], seed=0).vars["hakem"] == 3


# ---- deal before trump: only the hakem's five ----------------------------------------------------


def test_hakem_five_first_nobody_else_holds_a_card_while_he_names_trump():
    """hokm-hakem-five-first.yaml (VARIANTS.md: "Deal before trump: 5-4-4 to everyone (ours); only the
    hakem's 5 first"): the hakem alone is dealt 5 before trump; then 5 to each of the others and 4 and 4
    to everyone from the player after him: 13 each. The default deals 5 to everyone first (H5)."""
    variant, default = ruleset("hokm-hakem-five-first"), ruleset()
    deal = list(reversed(deck_with([], default)))
    for g, before in ((variant, [5, 0, 0, 0]), (default, [5, 5, 5, 5])):
        for hakem in (0, 2):
            st = g.new_state(shuffles=[draw_for(hakem, g), deal], seed=0)
            assert st.to_act == hakem and st.legal_actions() == TRUMPS
            assert st.dealer == (hakem - 1) % 4  # H4: the dealer sits before the hakem when anyone is asked
            assert [len(st.zones["hand"][(hakem + k) % 4]) for k in range(4)] == before
            assert names(st.zones["hand"][hakem]) == names(ids(" ".join(deal[:5])))
            st.apply("trump S")
            assert [len(h) for h in st.zones["hand"]] == [13] * 4 and st.dealer == (hakem - 1) % 4
            if g is variant:  # 5 each to the others, then 4, 4 to everyone from the player after the hakem
                packets = [deal[5:10], deal[10:15], deal[15:20]]
                for lo in (20, 24, 28, 32):  # the 4 + 4 of seats hakem + 1, + 2, + 3 and the hakem's
                    packets.append(deal[lo:lo + 4] + deal[lo + 16:lo + 20])
                expect = {(hakem + 1) % 4: packets[0] + packets[3], (hakem + 2) % 4: packets[1] + packets[4],
                          (hakem + 3) % 4: packets[2] + packets[5], hakem: deal[:5] + packets[6]}
            else:  # H5: 5 each from the hakem, then 4 and 4, the hakem first
                expect = {(hakem + k) % 4: deal[5 * k:5 * k + 5] + deal[20 + 4 * k:24 + 4 * k]
                          + deal[36 + 4 * k:40 + 4 * k] for k in range(4)}
            for seat, cards in expect.items():
                assert names(st.zones["hand"][seat]) == names(ids(" ".join(cards)))
            assert st.to_act == hakem and all(a.startswith("play ") for a in st.legal_actions())  # H8


def test_hakem_five_first_a_redeal_deals_the_hakem_alone_again():
    """hokm-hakem-five-first.yaml with the H7 throw-in and the H6 void redeal: the new deal gives the
    hakem his five alone again, and the dealer is still the player before him."""
    weak = "2C 3C 4D 5H 6S"  # nothing above a 10 (H7)
    fresh = list(reversed(deck_with([], ruleset())))
    g = ruleset("hokm-hakem-five-first", throw_in=True)
    st = g.new_state(shuffles=[draw_for(1, g), deck_with(weak.split(), g), fresh], seed=0)
    assert st.to_act == 1 and st.legal_actions() == ["keep", "redeal"]
    st.apply("redeal")
    assert len(st.decks) == 3 and (st.vars["hakem"], st.dealer, st.to_act) == (1, 0, 1)
    assert [len(h) for h in st.zones["hand"]] == [0, 5, 0, 0] and st.legal_actions() == TRUMPS
    assert names(st.zones["hand"][1]) == names(ids(" ".join(fresh[:5])))

    g = ruleset("hokm-hakem-five-first", void_redeal=True)
    # the hakem (seat 0) names hearts; seat 1, an opponent, is dealt no heart: thrown in
    cards = [h.split() for h in hands_round_the_table({}, {1: "H"}, list(C.NAMES[:52]))]
    deal = cards[0][:5] + [c for s in (1, 2, 3) for c in cards[s][:5]]  # the hakem's five, the others' five
    for lo in (5, 9):  # then 4 and 4 to everyone from seat 1, the hakem last
        deal += [c for s in (1, 2, 3) for c in cards[s][lo:lo + 4]] + cards[0][lo:lo + 4]
    st = g.new_state(shuffles=[draw_for(0, g), deal, fresh], seed=0)
    assert [len(h) for h in st.zones["hand"]] == [5, 0, 0, 0]
    st.apply("trump H")
    assert len(st.decks) == 3 and (st.vars["hakem"], st.dealer, st.to_act) == (0, 3, 0)
    assert [len(h) for h in st.zones["hand"]] == [5, 0, 0, 0] and st.legal_actions() == TRUMPS


# ---- kot: every hand 1; a kap 2 ------------------------------------------------------------------


@pytest.mark.parametrize("hakem,winner,default_points", [
    (0, 2, [2, 0]),  # the hakem's side kots: 2 by default
    (0, 1, [0, 3]),  # the hakem's side is shut out: 3 by default
])
def test_one_point_every_hand_won_scores_1_even_a_kot(hakem, winner, default_points):
    """hokm-one-point.yaml (VARIANTS.md: "Kot: 2/3 (ours); some apps score every hand 1"): a kot (7-0)
    scores 1 hand point like any hand won; the default scores it 2, or 3 against the hakem (H13)."""
    side = winner % 2
    for name, points in (("hokm", default_points), ("hokm-one-point", [int(s == side) for s in range(2)])):
        st = start(ruleset(name), kot_hands(winner), hakem=hakem, trump="S")
        hand = play_out_hand(st)
        assert hand["counters"]["tricks"][side] == 7 and hand["counters"]["tricks"][1 - side] == 0
        assert hand["values"]["kot"][side] == 1  # still a kot: bam (H14) and the table go by it
        assert hand["points"] == points and st.scores == points


def test_one_point_a_7_5_hand_scores_1_as_by_default():
    """hokm-one-point.yaml: a hand won with the other side taking tricks scores 1, as H12 says."""
    # seat 1 holds AH and 2S and no other heart: AH takes trick 1, then seat 0's spades the next seven
    hands = hands_round_the_table({0: "2H " + SPADES.replace(" 2S", ""), 1: "AH 2S"}, {1: "H"},
                                  list(C.NAMES[:52]))
    for name in ("hokm", "hokm-one-point"):
        st = start(ruleset(name), hands, hakem=0, trump="S")
        hand = play_out_hand(st, "play 2H")
        assert hand["counters"]["tricks"] == [7, 1] and hand["points"] == [1, 0]


@pytest.mark.parametrize("hakem,winner,default_points,kap_points", [
    (0, 2, [2, 0], [2, 0]),  # the hakem's side: 2 either way
    (0, 1, [0, 3], [0, 2]),  # the hakem's side shut out: 3 by default, a kap is still 2
    (3, 0, [3, 0], [2, 0]),
])
def test_kap_a_7_0_scores_2_whichever_side_makes_it(hakem, winner, default_points, kap_points):
    """hokm-kap.yaml (VARIANTS.md: "some call a 7-0 'kap'"): a kap scores 2, with no 3 for shutting out
    the hakem's side; the default's kot scores 3 then (H13)."""
    for name, points in (("hokm", default_points), ("hokm-kap", kap_points)):
        st = start(ruleset(name), kot_hands(winner), hakem=hakem, trump="S")
        hand = play_out_hand(st)
        assert sorted(hand["counters"]["tricks"]) == [0, 7]
        assert hand["points"] == points and st.scores == points


# ---- three players --------------------------------------------------------------------------------


def three_hands_order(hands: list[str], hakem: int) -> list[str]:
    """The deck order that leaves seat s holding hands[s] in three-player Hokm: 5, 4, 4, 4 from the hakem."""
    cards = [h.split() for h in hands]
    seats = [(hakem + i) % 3 for i in range(3)]
    return [c for lo, hi in ((0, 5), (5, 9), (9, 13), (13, 17)) for s in seats for c in cards[s][lo:hi]]


def tricks_after_each_trick(st) -> list[list[int]]:
    """Play the first legal action until the hand is scored; the trick tally after each trick."""
    done, tallies, count = len(st.hands), [], 0
    while len(st.hands) == done:
        st.apply(st.legal_actions()[0])
        tricks = st.hands[done]["counters"]["tricks"] if len(st.hands) > done else list(st.counters["tricks"])
        if sum(tricks) > count:
            count = sum(tricks)
            tallies.append(list(tricks))
    return tallies


def test_3p_51_cards_17_each_hakem_five_first():
    """hokm-3p.yaml (VARIANTS.md: "Three players: remove one 2; 17 cards each; each plays for himself"):
    no 2C; the hakem names trump from his first five, then 4, 4 and 4 each: 17 cards, each for himself."""
    g = ruleset("hokm-3p")
    assert g.players == 3 and g.sides == 3 and not g.partnerships
    assert len(g.deck) == 51 and C.card_id("2C") not in g.deck
    deal = [C.NAMES[c] for c in g.deck]
    st = g.new_state(shuffles=[draw_for(2, g), deal], seed=0)
    assert (st.vars["hakem"], st.dealer, st.to_act) == (2, 1, 2)
    assert [len(h) for h in st.zones["hand"]] == [5, 5, 5] and st.legal_actions() == TRUMPS
    assert names(st.zones["hand"][2]) == names(ids(" ".join(deal[:5])))
    st.apply("trump D")
    assert [len(h) for h in st.zones["hand"]] == [17, 17, 17] and not st.zones["stock"]
    assert st.to_act == 2


def test_3p_a_kot_by_another_player_scores_3_and_he_becomes_hakem():
    """hokm-3p.yaml: the first 7 tricks to one player, the others none, end the hand: a kot, 3 points when
    the hakem is shut out (H13); the winner becomes hakem (H3 for three)."""
    g = ruleset("hokm-3p")
    seat1 = SPADES + " AH KH QH JH"  # every trump
    rest = [C.NAMES[c] for c in g.deck if C.NAMES[c] not in seat1.split()]
    hands = [" ".join(rest[:17]), seat1, " ".join(rest[17:])]
    for hakem, points, next_hakem in ((0, [0, 3, 0], 1), (1, [0, 2, 0], 1)):
        st = g.new_state(shuffles=[draw_for(hakem, g), three_hands_order(hands, hakem)], seed=0)
        st.apply("trump S")
        assert tricks_after_each_trick(st)[-1] == [0, 7, 0]  # stopped at the kot, 10 tricks unplayed
        assert st.hands[0]["points"] == points and st.scores == points
        assert st.vars["hakem"] == next_hakem


def test_3p_bam_after_a_kot_plays_on_and_all_17_tricks_win_the_match():
    """hokm-3p.yaml with bam (H14 for three): after a kot the winner is asked to play on; all 17 tricks win the
    match at once, while `stop` scores the kot as it stands (3 to a player who shut the hakem out)."""
    g = ruleset("hokm-3p", bam=True)
    seat1 = SPADES + " AH KH QH JH"  # every trump and the top hearts: seat 1 takes every trick
    rest = [C.NAMES[c] for c in g.deck if C.NAMES[c] not in seat1.split()]
    hands = [" ".join(rest[:17]), seat1, " ".join(rest[17:])]
    for call, over, points in (("bam", True, [0, 3, 0]), ("stop", False, [0, 3, 0])):
        st = g.new_state(shuffles=[draw_for(0, g), three_hands_order(hands, 0)], seed=0)
        st.apply("trump S")
        while st.counters["tricks"][1] < 7:
            st.apply(st.legal_actions()[0])
        assert st.to_act == 1 and st.legal_actions() == ["bam", "stop"]  # asked after the kot, not scored yet
        st.apply(call)
        while not st.hands:
            st.apply(st.legal_actions()[0])
        tricks = st.hands[0]["counters"]["tricks"]
        assert tricks == ([0, 17, 0] if call == "bam" else [0, 7, 0])
        assert st.over == over and st.winner == (1 if over else None) and st.hands[0]["points"] == points


def test_3p_a_bam_lost_on_the_last_trick_is_no_kot_and_is_said():
    """hokm-3p.yaml with bam: the hakem kots, plays on and takes 16 tricks, but the 17th goes to another with a
    higher diamond: the try is lost (bam_lost), the hand scores 1 (not a kot's 2) and the result says so."""
    g = ruleset("hokm-3p", bam=True)
    seat1 = SPADES + " AH KH QH 2D"  # every trump, the top hearts, and a diamond that loses the last trick
    rest = [C.NAMES[c] for c in g.deck if C.NAMES[c] not in seat1.split()]
    hands = [" ".join(rest[:17]), seat1, " ".join(rest[17:])]
    st = g.new_state(shuffles=[draw_for(1, g), three_hands_order(hands, 1)], seed=0)  # seat 1, hakem, leads
    st.apply("trump S")
    leads = iter((SPADES + " AH KH QH 2D").split())
    while not st.hands:
        if st.legal_actions() == ["bam", "stop"]:
            st.apply("bam")
        elif st.to_act == 1 and not st.zones["trick"]:
            st.apply(f"play {next(leads)}")
        else:
            st.apply(st.legal_actions()[0])
    hand = st.hands[0]
    assert hand["counters"]["tricks"][1] == 16 and sum(hand["counters"]["tricks"]) == 17
    assert hand["values"]["bam_lost"] == [0, 1, 0] and hand["points"] == [0, 1, 0] and not st.over
    assert ("  seat 1 tried a bam and lost: another player took a trick, so the kot does not count"
            in Table(st, 0).hand_result(0))


# a shuffled game (seed 0): the hakem, seat 2, loses to seat 1, who takes his 7th trick with trick 10
CLINCH_DRAW = ("9S JD AC AH 8H 10S JS 7H 8C 4H 8D QC KS AS 3C JC 10H 4S 5C 6C 8S 6D 7D JH 9D 5S QD QH 4D 5H AD 2S 9H"
               " 10D KH 9C KC 7C QS 6S 6H 5D 3D 3S 10C 3H 4C 2D 7S 2H KD")
CLINCH_DEAL = ("9S 10C 7D 8C 7S 3H 2H JS 5H KH 6H KC AH AD JD 3D 8D 10H AC 2D 8H QH 9D 4S KD 4C 5D 2S QS 9H 5C"
               " 3S KS 6D 3C QC 10D AS JC 4D 6C 10S JH 5S 4H 9C 6S 7H 8S QD 7C")
# another (seed 4): all 17 tricks, 5-6-6
TIE_DRAW = ("9D 9C KD 2S 8H 7C AH JH 10S 9S 2D JS AS 8D QS 6C 10D QC 5S 4C 7D AD 5C 10H 6D JD 2H 3D 8S 5D 3H 7H"
            " 4D KH QH QD KS 3C 9H 6S AC 10C 3S 8C 4H 5H KC 4S 6H 7S JC")
TIE_DEAL = ("9H AH 3D 5H KH JS QD 10H KS 8D 9D 8S 10C QC 2H 4D 7C 8C 4H 3H 9S 6D KD 6C 5S 6S 10D KC 4C 7D JC 6H"
            " 3C 5C 8H JH 7S AC 4S JD 5D 3S 9C 10S AD 2S QS 7H QH AS 2D")


def test_3p_play_goes_on_past_7_tricks_until_nobody_can_catch_the_leader():
    """hokm-3p.yaml: 7 tricks do not end the hand (H11 for four); it ends with the trick after which one
    player has more tricks than either other can still reach. He scores 1 and becomes hakem."""
    g = ruleset("hokm-3p")
    st = g.new_state(shuffles=[CLINCH_DRAW.split(), CLINCH_DEAL.split()], seed=0)
    assert st.vars["hakem"] == 2
    st.apply(st.legal_actions()[0])  # trump
    tallies = tricks_after_each_trick(st)
    assert tallies[-1] == [2, 8, 4] and len(tallies) == 14  # 3 tricks unplayed
    seventh = next(n for n, t in enumerate(tallies, 1) if max(t) == 7)
    assert seventh < len(tallies)  # seat 1 had 7 tricks, and play went on

    def decided(t, n):
        return any(t[s] > max(t[o] for o in range(3) if o != s) + 17 - n for s in range(3))

    assert decided(tallies[-1], 14) and not any(decided(t, n) for n, t in enumerate(tallies[:-1], 1))
    assert st.hands[0]["points"] == [0, 1, 0] and st.vars["hakem"] == 1


def test_3p_a_tie_on_top_after_17_tricks_scores_nobody_and_the_next_player_is_hakem():
    """hokm-3p.yaml: two players tied on the most tricks after all 17: no hand points; the hakem did not
    win, so the next player becomes hakem."""
    g = ruleset("hokm-3p")
    st = g.new_state(shuffles=[TIE_DRAW.split(), TIE_DEAL.split()], seed=0)
    assert st.vars["hakem"] == 0
    st.apply(st.legal_actions()[0])
    tallies = tricks_after_each_trick(st)
    assert len(tallies) == 17 and tallies[-1] == [5, 6, 6]
    assert st.hands[0]["points"] == [0, 0, 0] and st.scores == [0, 0, 0]
    assert st.vars["hakem"] == 1 and not st.over


def test_3p_the_table_says_a_tie_on_top_and_a_hand_stopped_early():
    """hokm-3p.yaml: the hand's result names a tie on top (each tied player: nobody scores, the hakem
    passes) and a hand stopped because nobody could catch up, in English and Persian; a kot is a kot."""
    g = ruleset("hokm-3p")
    st = g.new_state(shuffles=[TIE_DRAW.split(), TIE_DEAL.split()], seed=0, listen=True)
    st.apply(st.legal_actions()[0])
    assert tricks_after_each_trick(st)[-1] == [5, 6, 6]
    hand = st.hands[0]
    assert hand["values"]["tie"] == [0, 1, 1] and hand["values"]["out_of_reach"] == [0, 0, 0]
    lines = Table(st, 0).events(st.events)
    assert [x for x in lines if "tie" in x] == ["  seat 1 tied for the most tricks: nobody scores",
                                                "  seat 2 tied for the most tricks: nobody scores"]
    assert not any("catch up" in x for x in lines)
    fa = Table(st, 0, "fa").events(st.events)
    assert "  صندلی ۱ در بیشترین دست مساوی شد (بی‌امتیاز)" in fa

    st = g.new_state(shuffles=[CLINCH_DRAW.split(), CLINCH_DEAL.split()], seed=0, listen=True)
    st.apply(st.legal_actions()[0])
    assert tricks_after_each_trick(st)[-1] == [2, 8, 4]  # after 14 tricks
    hand = st.hands[0]
    assert hand["values"]["out_of_reach"] == [0, 1, 0] and hand["values"]["tie"] == [0, 0, 0]
    lines = Table(st, 0).events(st.events)
    assert "  play stopped early: the others can no longer catch up with seat 1" in lines
    assert not any("tied for" in x for x in lines)
    fa = Table(st, 0, "fa").events(st.events)
    assert "  بازی زود تمام شد: دیگران به صندلی ۱ نمی‌رسند" in fa

    seat1 = SPADES + " AH KH QH JH"  # a kot, stopped by its own rule: said as a kot only
    rest = [C.NAMES[c] for c in g.deck if C.NAMES[c] not in seat1.split()]
    hands = [" ".join(rest[:17]), seat1, " ".join(rest[17:])]
    st = g.new_state(shuffles=[draw_for(0, g), three_hands_order(hands, 0)], seed=0, listen=True)
    st.apply("trump S")
    assert tricks_after_each_trick(st)[-1] == [0, 7, 0]
    hand = st.hands[0]
    assert hand["values"]["kot"] == [0, 1, 0]
    assert hand["values"]["out_of_reach"] == hand["values"]["tie"] == [0, 0, 0]
    assert "  seat 1 made a hakem-kot (7-0 against the hakem)" in Table(st, 0).events(st.events)  # seat 0 hakem


def test_the_kot_is_said_with_its_score_in_persian_too():
    """hokm.yaml's `table: words:` (and hokm-2p.yaml's): a kot's result says (7-0) in both languages, not a
    bare کُت in Persian, and names the side that shut the other out (the kotter: «کُت‌کننده»; said as a sentence,
    «حریف کُت کرد»), since «کُت — حریف» reads as the other side kotted; hokm-kap says its kap the same way."""
    st = start(ruleset("hokm"), kot_hands(1), hakem=0, trump="S")
    play_out_hand(st)
    # against the hakem's side (seat 0's): a hakem-kot, H13's 3 points, said as one (a Persian player's audit)
    assert "  a hakem-kot by them (7-0 against the hakem's side)" in Table(st, 0).hand_result(0)  # English too
    assert "  حریف حاکم\u200cکُت کرد (۷ به ۰ بر تیم حاکم)" in Table(st, 0, "fa").hand_result(0)  # its `said:`
    assert Words(ruleset("hokm-2p"), "fa").name("kot") == "کُت‌کننده (۷ به ۰)"
    assert Words(ruleset("hokm-kap"), "fa").name("kot") == "کاپ‌کننده (۷ به ۰)"


def test_rules_sheet_wording_of_the_house_rules():
    """The rules sheets say the house rules as they are: hokm-kap's kot-at-six option speaks of a kap's 2
    points (not "a kot's 2 or 3"); hokm-random-hakem gives each seat a 1 in 4 chance; hokm-3p has no 2♣."""
    kap = {lang: sheet(ruleset("hokm-kap"), lang) for lang in ("en", "fa")}
    assert "a kap's 2 points reach anyway" in kap["en"] and "2 or 3 points" not in kap["en"]
    assert "با ۲ امتیاز کاپ" in kap["fa"] and "۲ یا ۳ امتیاز" not in kap["fa"]
    assert "a kot's 2 or 3 points" in sheet(ruleset("hokm"), "en")  # the base's own rule
    random_hakem = {lang: sheet(ruleset("hokm-random-hakem"), lang) for lang in ("en", "fa")}
    assert "(each seat has a 1 in 4 chance)" in random_hakem["en"] and "13 in 52" not in random_hakem["en"]
    assert "(شانس هر بازیکن ۱ از ۴ است)" in random_hakem["fa"] and "۱۳ از ۵۲" not in random_hakem["fa"]
    g = ruleset("hokm-3p")
    assert "without the 2♣" in g.description and "2C" not in sheet(g, "en")
