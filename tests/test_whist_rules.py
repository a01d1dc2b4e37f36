"""Whist (rulesets/whist.yaml and its variants), written only in YAML: each test pins one rule of the file's own ids
(W1-W7, in its header), on fixed deck orders. The sources: pagat (https://www.pagat.com/whist/whist.html),
Wikipedia (https://en.wikipedia.org/wiki/Whist), Cassell's Book of In-door Amusements and Enquire Within.

The first dealer is seat 3; a fixed deck deals 13 cards one at a time from seat 0, the dealer's last card (the last
of the 52) face up for trump: `deal({seat: cards}, turned)` fills the hands round the table."""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter import load
from tests.conftest import hands_round_the_table, one_at_a_time


def deal(fixed: dict[int, str], turned: str, game: str = "whist", scores=(0, 0), **options):
    """Seat s holds fixed[s] and the dealer (seat 3) `turned`, dealt face up; the rest round the table."""
    g = load(game, options or None)
    fixed = dict(fixed)
    fixed[3] = (fixed.get(3, "") + " " + turned).strip()
    hands = [h.split() for h in hands_round_the_table(fixed, None, C.names(g.deck))]
    hands[3].remove(turned)
    hands[3].append(turned)                      # the dealer's 13th card, the last dealt
    st = g.new_state(shuffles=[one_at_a_time([" ".join(h) for h in hands], 0)], listen=True)
    st.scores = list(scores)
    assert st.dealer == 3 and st.to_act == 0
    return st


def play_out(st) -> dict:
    """The first legal move every turn until the hand is scored; its record."""
    n = len(st.hands)
    while len(st.hands) == n and not st.over:
        st.apply(st.legal_actions()[0])
    return st.hands[n]


# Side 0 (seats 0, 2) holds the ace, king and queen of hearts (trump) and low cards; side 1 the rest of the
# hearts and the high cards of the other suits: played out with the first legal move, side 1 takes 11 tricks.
STRONG_1 = {0: "AH KH 5D 7D 8D 9D 10D 2C 3C 4C 5C 6C 7C", 1: "JH 10H 9H 8H 7H 6H 5H AS KS QS JS AD KD",
            2: "QH 2S 3S 4S 5S 6S 7S 8S 9S 10S 2D 3D 4D", 3: "3H 2H QD JD AC KC QC JC 10C 9C 8C 6D"}


def test_whist_validates_without_warnings():
    """W1-W7: every file validates with nothing to warn of."""
    for name in ("whist", "whist-american", "whist-long", "whist-no-honours", "whist-rubber"):
        assert load(name).notes == [], name


def test_four_players_in_partnerships_and_the_deal_passes_left():
    """W1 (pagat: four players, partners opposite, 52 cards): sides are seats 0 and 2 against 1 and 3; the deal
    passes to the next seat each hand."""
    g = load("whist")
    assert len(g.deck) == 52
    st = g.new_state(seed=3)
    play_out(st)
    play_out(st)
    assert [h["dealer"] for h in st.hands] == [3, 0]


def test_the_dealers_last_card_is_turned_for_trump_and_taken_into_hand():
    """W2 (pagat: the dealer's last card is turned face up and its suit is trump; the dealer takes it up): 13 each;
    the 4♥ is dealt face up, every seat sees it, hearts are trump, and the dealer holds it."""
    st = deal({}, "4H")
    assert [len(h) for h in st.zones["hand"]] == [13] * 4 and st.zones["turned"] == []
    assert "4H" in C.names(st.zones["hand"][3]) and st.view(1)["vars"]["trump"] == "H"
    assert [e["kind"] for e in st.events[:2]] == ["dealt", "collect"]
    assert C.names(st.events[0]["cards"]) == ["4H"] and st.events[1]["seat"] == 3


def test_everyone_must_follow_suit_if_able():
    """W3 (pagat: players must follow suit if able): a diamond led, each seat holding diamonds may play only
    diamonds; the highest diamond wins and its player leads next."""
    st = deal(STRONG_1, "4H")
    st.apply("play 10D")
    assert sorted(st.legal_actions()) == ["play AD", "play KD"]
    st.apply("play KD")
    assert sorted(st.legal_actions()) == ["play 2D", "play 3D", "play 4D"]
    st.apply("play 2D")
    assert sorted(st.legal_actions()) == ["play 6D", "play JD", "play QD"]
    st.apply("play QD")
    assert st.to_act == 1 and st.counters["tricks"] == [0, 1]


def test_a_void_player_may_trump_and_the_trump_wins():
    """W3 (pagat: a player unable to follow may play any card; the highest trump wins): clubs led, seat 1 (no
    clubs) may play any of its 13 cards and trumps with the 5♥, beating the dealer's A♣."""
    st = deal(STRONG_1, "4H")
    st.apply("play 2C")
    assert len(st.legal_actions()) == 13
    st.apply("play 5H")
    st.apply("play 2S")                                   # seat 2: no clubs either
    st.apply("play AC")
    assert st.to_act == 1 and st.counters["tricks"] == [0, 1]


def test_odd_tricks_score_a_point_each():
    """W4 (pagat: the side taking more than six tricks scores a point for each trick over six): side 1 takes 11 of
    the 13 tricks and scores 5; side 0 nothing."""
    hand = play_out(deal(STRONG_1, "4H", target=7))
    assert hand["counters"]["tricks"] == [2, 11]
    assert hand["rows"]["odd tricks"] == [0, 5] and hand["values"]["odd_tricks"] == [0, 5]


@pytest.mark.parametrize("fixed,held,points", [
    ({0: "AH KH", 2: "QH JH"}, [4, 0], [4, 0]),           # all four between the partners: 4
    ({0: "AH", 2: "KH QH", 1: "JH"}, [3, 1], [2, 0]),     # three: 2; the other side's one: nothing
    ({0: "AH KH", 1: "QH JH"}, [2, 2], [0, 0]),           # divided: nothing
])
def test_honours_score_four_for_all_four_and_two_for_three(fixed, held, points):
    """W5 (pagat, Cassell's: the ace, king, queen and jack of trump held by a side between its partners score 4,
    three of them 2): the honours row after the hand, whatever the tricks (target 10, so nobody reaches game)."""
    hand = play_out(deal(fixed, "4H", target=10))
    assert hand["values"]["honours_held"] == held and hand["rows"]["honours"] == points


def test_no_honours_without_the_option_nor_in_american_whist():
    """W5 (pagat: American whist and much modern play do not score honours): all four honours score nothing."""
    for game, options in (("whist", {"honours": False}), ("whist-no-honours", {}), ("whist-american", {})):
        hand = play_out(deal({0: "AH KH", 2: "QH JH"}, "4H", game=game, **options))
        assert hand["values"]["honours_held"] == [4, 0] and hand["rows"]["honours"] == [0, 0], game


def test_no_honours_for_a_side_one_point_from_game():
    """W5 (Enquire Within: at short whist honours count except at the score of four): with all four honours, a
    side on 3 scores them; on 4 it does not."""
    fixed = {0: "AH KH", 2: "QH JH"}
    on_three = play_out(deal(fixed, "4H", scores=(3, 0)))
    on_four = play_out(deal(fixed, "4H", scores=(4, 0)))
    assert on_three["rows"]["honours"][0] == 4 and on_four["rows"]["honours"][0] == 0


def test_tricks_count_before_honours():
    """W5 (pagat: tricks are scored before honours, so honours do not count when the other side's tricks take it
    to game): to 7, side 0's three honours score 2 while side 1's 5 odd tricks leave it short of game (0 + 5), and
    nothing when they take it there (2 + 5)."""
    short = play_out(deal(STRONG_1, "4H", target=7, scores=(0, 0)))
    to_game = play_out(deal(STRONG_1, "4H", target=7, scores=(0, 2)))
    assert short["values"]["honours_held"] == [3, 1] and short["rows"]["honours"] == [2, 0]
    assert to_game["rows"]["honours"] == [0, 0] and to_game["totals"] == [0, 7]


@pytest.mark.parametrize("game,target", [("whist", 5), ("whist-american", 7), ("whist-long", 10)])
def test_the_game_ends_when_a_side_reaches_the_target(game, target):
    """W6 (pagat: short whist 5, American 7, long whist 10): played out, the game ends at the first hand that
    takes a side to the target, and that side wins."""
    st = load(game).new_state(seed=11)
    while not st.over:
        st.apply(st.legal_actions()[0])
    totals = [h["totals"] for h in st.hands]
    assert max(totals[-1]) >= target and totals[-1][st.winner] == max(totals[-1])
    assert all(max(t) < target for t in totals[:-1])


def test_a_rubber_is_two_games_won():
    """W7 (pagat, Cassell's: the rubber is the best of three games): with whist-rubber the winner has won two
    games, the loser at most one."""
    st = load("whist-rubber").new_state(seed=2)
    while not st.over:
        st.apply(st.legal_actions()[0])
    rounds = st.result()["rounds"]
    assert rounds[st.winner] == 2 and rounds[1 - st.winner] <= 1


# Deals as seat 3 deals them (its last card turned for trump), each played out with the first legal move: the side
# named scores the points, whoever deals (the deal turns round the table with the dealer: `rubber`).
DEALERS_5 = ["AS 4S JS QS KS 3H 7H 8H 2D 5D AC 2C 4C", "8S 9S 10S AH 4H 5H QH 4D QD 6C 8C QC KC",  # the dealer's
             "7S 2H 9H JH 3D 6D 8D 9D JD 3C 5C 7C 9C", "2S 3S 5S 6S 6H 10H KH AD 7D 10D KD 10C JC"]  # side 5
ELDERS_5 = ["4S 7S JS QS AH 7H 10H AD 3D 4D 7D JD KC", "2S 3S 6S 5H 6H 9H QH 6D 8D 5C 6C 9C 10C",
            "8S 10S KS 2H 4H 8H KH 2D 10D AC 3C 4C JC", "AS 5S 9S 3H JH 5D 9D QD KD 2C 7C 8C QC"]    # the other side 5
DEALERS_4 = ["4S 5S 9S JS AH 3H 5H 6H QH 6D 9D KD 10C", "AS 2S 8S 4H 9H 10H AD 2D 8D JD 4C 6C 7C",  # the dealer's
             "3S 6S 7S 10S 2H 7H 8H JH KH 3C 5C 9C QC", "QS KS 3D 4D 5D 7D 10D QD AC 2C 8C JC KC"]  # side 4
ELDERS_1 = ["AS 2S 5S 6S 8S KS 3D 8D JD KD 3C 7C JC", "JS QS 2H 3H 5H 8H 4D 9D 10D AC 4C 6C KC",
            "4S 7S 9S 10S 6H 9H JH 2D 2C 5C 8C 9C QC", "3S AH 4H 7H 10H QH KH AD 5D 6D 7D QD 10C"]   # the other side 1


def rubber(deals: list, game: str = "whist-rubber", **options):
    """A game whose hand n is `deals[n]` turned round the table to its dealer, seat (3 + n) % 4, played out."""
    decks = []
    for n, deal in enumerate(deals):
        hands = [deal[(seat - n) % 4] for seat in range(4)]
        decks.append(one_at_a_time(hands, n % 4))            # from the dealer's left
    st = load(game, options or None).new_state(shuffles=decks)
    while not st.over:
        st.apply(st.legal_actions()[0])
    assert len(st.hands) == len(deals)
    return st


def test_a_rubber_won_two_games_to_none_with_two_trebles_is_a_bumper_of_eight():
    """W8 (The Laws of Whist 8-9: a treble when the adversaries have not scored, 2 rubber points; a Hoyle: "the
    largest rubber possible is eight points, called a bumper"): side 1 wins 5-0 and 5-0, 3 + 3 + 2."""
    st = rubber([DEALERS_5, ELDERS_5])
    assert [h["totals"] for h in st.hands] == [[0, 5], [0, 5]]
    assert [h["round_points"] for h in st.hands] == [[0, 3], [0, 5]]
    assert st.result() == {"scores": [0, 8], "rounds": [0, 2], "winner": 1}


def test_a_rubber_of_three_games_scores_singles_doubles_and_trebles_by_the_losers_score():
    """W8 (Bennet's points at short whist: a single 5 to 3 or 4, a double 5 to 1 or 2, a treble 5 to love, 2 for the
    rubber; his example: won 5 to 4, lost 1 to 5, won 5 to love: 6 to 2, a balance of 4): the same three games."""
    st = rubber([DEALERS_4, DEALERS_5, ELDERS_1, ELDERS_5, ELDERS_5])
    assert [h["totals"] for h in st.hands] == [[0, 4], [5, 4], [1, 0], [1, 5], [5, 0]]
    assert [h.get("round_points") for h in st.hands] == [None, [1, 0], None, [0, 2], [5, 0]]
    assert st.result() == {"scores": [6, 2], "rounds": [2, 1], "winner": 0}
    assert st.scores[0] - st.scores[1] == 4                    # the value of the rubber


def test_long_whist_has_no_treble():
    """W8 (Hoyle's Games Improved: short whist adds the treble to long whist's single and double; Cassell's: long
    whist's line is at five): to 10, games won 10-0 and 10-0 are doubles: 2 + 2 + 2 for the rubber."""
    st = rubber([ELDERS_5, DEALERS_5, ELDERS_5, DEALERS_5], "whist-long", rubber=True)
    assert [h["totals"] for h in st.hands] == [[5, 0], [10, 0], [5, 0], [10, 0]]
    assert st.result() == {"scores": [6, 0], "rounds": [2, 0], "winner": 0}


def test_one_game_is_scored_in_its_own_points():
    """W6, W8: without the rubber the game's scores are its points, as the last hand left them (not game points)."""
    st = rubber([DEALERS_5], "whist")
    assert st.hands[0]["totals"] == [0, 5] and st.hands[0]["round_points"] == [0, 5]
    assert st.result() == {"scores": [0, 5], "winner": 1}


def test_replay_and_the_table_tell_the_rubber_points(tmp_path):
    """W8: `replay --json` gives the rubber points as the scores and each game's round_points with the hand that
    ended it; the table says them with the game won and at game over; the rules sheet says the rule."""
    import json

    from click.testing import CliRunner

    from cli import main
    from interpreter import records
    from interpreter.sheet import sheet
    from interpreter.table import Table

    st = rubber([DEALERS_4, DEALERS_5, ELDERS_1, ELDERS_5, ELDERS_5])
    path = tmp_path / "rubber.json"
    records.write(path, st, "whist-rubber")
    out = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["scores"] == [6, 2] and summary["winner"] == 0
    assert [h.get("round_points") for h in summary["hands"]] == [None, [1, 0], None, [0, 2], [5, 0]]
    assert "As each round ends" in sheet(st.game) and "round_winner" in sheet(st.game)
    table = Table(st, 0)
    assert table._on_round({"side": 1, "points": [0, 2]}) == ["game to them · rubber points: us 0, them 2"]
    assert table.game_over()[1] == "══ game over: you won 6 to 2 (rubber points; games won: us 2, them 1) ══"
    assert "؛ " in Table(st, 0, "fa").game_over()[1] and "; " not in Table(st, 0, "fa").game_over()[1]  # its own sign
