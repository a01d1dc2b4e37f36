"""Basra (rulesets/basra.yaml and its variants), written only in YAML: each test pins one rule of the file's own
ids (B1-B10, in its header), on fixed deck orders. The sources the rules come from are cited in each docstring:
Jawaker's rules (https://www.jawaker.com/en/rules/basra), catsatcards (https://catsatcards.com/Games/Basra.html),
Wikipedia (https://en.wikipedia.org/wiki/Bastra) and cardrulesplus (https://cardrulesplus.com/games/basra/).

A fixed deck deals 4 cards to the player after the dealer (who plays first), 4 to the dealer, then 4 face up to
the table: `deal(first, dealer, table)`."""

from __future__ import annotations

import re

import pytest

from interpreter import cards as C
from interpreter import load
from tests.conftest import deck_with


def deal(first: str, dealer: str, table: str, game: str = "basra", **options):
    g = load(game, options or None)
    st = g.new_state(shuffles=[deck_with((first + " " + dealer + " " + table).split(), g)], listen=True)
    assert C.names(st.zones["hand"][st.to_act]) == sorted(first.split(), key=C.card_id)
    return st


def moves_with(st, card: str) -> list[set[str]]:
    """The cards each legal move with `card` takes (an empty set: laid without taking)."""
    out = []
    for a in st.legal_actions():
        words = a.split()
        if words[1] == card:
            out.append(set(words[3:]))
    return out


def play(st, card: str, taken: str = "") -> None:
    """Play `card` taking exactly the cards named (in any order)."""
    want = set(taken.split())
    action = next(a for a in st.legal_actions() if a.split()[1] == card and set(a.split()[3:]) == want)
    st.apply(action)


def test_basra_validates_without_warnings():
    """B3: the stock is dealt out by the refills (4 each when the hands are empty), so no card is left unplayed:
    validate has nothing to warn of (a refill was once not counted as drawing from the stock)."""
    for name in ("basra", "basra-4p", "basra-100", "basra-jack-on-jack", "basra-tie-carries", "basra-free-capture",
                 "basra-seven-groups"):
        assert load(name).notes == [], name


def test_a_numeral_takes_its_rank_and_every_set_adding_up_to_it_at_once():
    """B4 (Jawaker: "If both conditions ... are met (a card of the same value and a set of cards equal to the
    thrown card's value), the player takes all those cards"): 9♠ facing 9♣, 4♥, 5♦ and 2♠ takes the 9♣ and
    4 + 5 together, and only that; the 2♠ (no set of 9 with it) stays. It may not be laid without taking."""
    st = deal("9S 3C KS 8H", "2H 4S 6S 8S", "4H 5D 9C 2S")
    assert moves_with(st, "9S") == [{"9C", "4H", "5D"}]
    play(st, "9S", "9C 4H 5D")
    assert C.names(st.zones["table"]) == ["2S"] and st.counters["basras"] == [0, 0]


def test_a_card_that_cannot_capture_is_laid_on_the_table():
    """B4 (Wikipedia: players "add a card to the board, if they cannot fish any cards"): 3♣ facing 9♣ 4♥ 5♦
    2♠ takes nothing (no ace for 2 + 1) and is laid down."""
    st = deal("9S 3C KS 8H", "2H 4S 6S 8S", "4H 5D 9C 2S")
    assert moves_with(st, "3C") == [set()]
    play(st, "3C")
    assert "3C" in C.names(st.zones["table"])


def test_queens_and_kings_take_only_their_own_rank_and_are_in_no_sum():
    """B5 (Jawaker: "Queens and Kings have no numerical value. A Queen and King can only capture or be captured by
    similar cards"): a king takes the table's kings, not the queen; a 10 does not take a king (no number) and
    the 10 takes neither K nor Q as a sum part."""
    st = deal("KS 10C 3D 8H", "2H 4S 6S 8S", "KD QH KH 5C")
    assert moves_with(st, "KS") == [{"KD", "KH"}]
    assert moves_with(st, "10C") == [set()]
    assert moves_with(st, "3D") == [set()]


def test_a_jack_takes_the_whole_table_and_it_is_no_basra():
    """B6, B7 (catsatcards: "If a Jack is played and there is at least one other card on the table, the player
    captures his Jack and all cards on the board. However, he does not score a Basra"): J♠ facing 4♥ Q♦ K♣ 9♣
    takes all four, figures too, and no basra is scored."""
    st = deal("JS 3C 2D 8H", "2H 4S 6S 8S", "4H QD KC 9C")
    assert moves_with(st, "JS") == [{"4H", "QD", "KC", "9C"}]
    play(st, "JS", "4H QD KC 9C")
    assert st.zones["table"] == [] and st.counters["basras"] == [0, 0]
    assert sorted(C.names(st.zones["won"][0])) == sorted(["JS", "4H", "QD", "KC", "9C"])


def test_a_jack_on_an_empty_table_is_merely_laid():
    """B6 (catsatcards: "If there are no other cards in the center layout, the Jack is simply left in the center
    of the table"): the first player clears the table with 10♠ (4 + 6, 3 + 7: a basra); the dealer's jack then
    takes nothing and lies there."""
    st = deal("10S 3C 2D 8H", "JD 4S 6S 8S", "4H 6D 3H 7S")
    play(st, "10S", "4H 6D 3H 7S")
    assert moves_with(st, "JD") == [set()]
    play(st, "JD")
    assert C.names(st.zones["table"]) == ["JD"]


@pytest.mark.parametrize("table,basra", [
    ("2S 3H 4C AH", 1),    # numerals adding up to 10: a basra
    ("2S 3H 4C 5H", 0),    # 14: more than 10, no basra
    ("2S 3H QC AH", 0),    # a queen on the table: no basra, though the numerals add up to 6
])
def test_the_seven_of_diamonds_takes_the_whole_table_and_is_a_basra_only_on_numerals_up_to_ten(table, basra):
    """B6, B7 (Jawaker: "J cards and the 7 of Diamonds capture all cards on the table ... a Basra occurs if the
    7 of Diamonds is used when all cards on the table are numerals, and their values add up to 10 or less";
    catsatcards likewise): 7♦ takes every table card, whatever they add up to; it scores a basra only when they
    are numerals adding up to 10 or less."""
    st = deal("7D 9C 2D 8H", "2H 4S 6S 8S", table)
    assert moves_with(st, "7D") == [set(table.split())]
    play(st, "7D", table)
    assert st.zones["table"] == [] and st.counters["basras"] == [basra, 0]


@pytest.mark.parametrize("table,basra", [
    ("AS 2S 7C 8C", 1),    # 1 + 8 = 2 + 7 = 9: two groups of 9 (Wikipedia's example)
    ("2S 3H 4C 5H", 1),    # 2 + 5 = 3 + 4 = 7
    ("3S 4H 8C 9H", 0),    # 3 + 9 = 4 + 8 = 12: equal groups, but not below 10
    ("2S 3H 4C AH", 1),    # adding up to 10: a basra as without the option
    ("AS AC QC 8C", 0),    # a queen on the table: never a basra with the 7 of diamonds
])
def test_with_seven_groups_the_seven_of_diamonds_clears_a_table_of_equal_groups_below_ten(table, basra):
    """B7, Wikipedia's Jordanian Basra (basra-seven-groups.yaml): the 7 of diamonds also makes a basra when the
    table "can be divided into two or more groups which score an equal number of points, less than 10"; without
    the option, only a table of numerals adding up to 10 or less is one."""
    for game, expected in (("basra-seven-groups", basra), ("basra", int(table == "2S 3H 4C AH"))):
        st = deal("7D 9C 2D 8H", "2H 4S 6S 8S", table, game=game)
        play(st, "7D", table)
        assert st.counters["basras"] == [expected, 0], game


def test_an_ordinary_seven_takes_as_a_numeral_not_the_table():
    """B4, B6: only the 7 of diamonds sweeps; 7♣ facing 2♠ 5♥ 4♣ 9♦ takes 2 + 5 and nothing else."""
    st = deal("7C 9H 2D 8H", "2H 4S 6S 8S", "2S 5H 4C 9D")
    assert moves_with(st, "7C") == [{"2S", "5H"}]


def test_clearing_the_table_with_a_numeral_is_a_basra_worth_ten():
    """B7, B9 (Jawaker: "A Basra occurs when a player collects all the cards on the table with a card other than
    a J or 7 of Diamonds. The player scores a 10 point bonus for this"): 10♠ facing 4♥ 6♦ 3♥ 7♠ takes 4 + 6 and
    3 + 7, empties the table and scores a basra; the hand played out (first legal move each turn) scores the
    basras row at 10 for each of the side's basras, the first one among them."""
    st = deal("10S 3C 2D 8H", "JD 4S 6S 8S", "4H 6D 3H 7S")
    play(st, "10S", "4H 6D 3H 7S")
    assert st.counters["basras"] == [1, 0]
    capture = [e for e in st.events if e["kind"] == "capture"][-1]
    assert capture["added"] == ["basras"] and capture["sides"] == [0]
    while not st.hands:
        st.apply(st.legal_actions()[0])
    hand = st.hands[0]
    assert hand["counters"]["basras"][0] >= 1
    assert hand["rows"]["basras"] == [10 * n for n in hand["counters"]["basras"]]


def test_a_queen_clearing_the_table_is_a_basra():
    """B5, B7 (catsatcards: capturing "every card currently on the board" with any card but a jack or the 7♦ is
    a basra): 5♠ takes both fives (each a set adding up to 5), leaving two queens; the dealer's Q♣ takes them
    both and empties the table: a basra for side 1."""
    st = deal("5S 3C 2D 8H", "QC 4S 6S 8S", "QD QH 5C 5H")
    play(st, "5S", "5C 5H")
    assert st.counters["basras"] == [0, 0] and C.names(st.zones["table"]) == ["QH", "QD"]
    assert moves_with(st, "QC") == [{"QD", "QH"}]
    play(st, "QC", "QD QH")
    assert st.zones["table"] == [] and st.counters["basras"] == [0, 1]


def test_the_table_jack_and_seven_of_diamonds_go_under_the_stock_and_are_replaced():
    """B2 (Jawaker: "If the cards on the table include any Jacks or the 7 of Diamonds, the dealer returns these
    cards to the undealt pack and replaces them by dealing new cards"): J♥ and 7♦ dealt to the table go to the
    bottom of the stock; the next cards, 2♠ and 5♣, take their places."""
    st = deal("9S 3C KS 8H", "2H 4S 6S 8S", "JH 4H 7D 9C 2S 5C")
    assert C.names(st.zones["table"]) == sorted(["4H", "9C", "2S", "5C"], key=C.card_id)
    assert set(C.names(st.zones["stock"][-2:])) == {"JH", "7D"}
    assert len(st.zones["stock"]) == 40


def rows_for(won: list[list[str]], basras: list[int], game: str = "basra", held: int = 0, **options):
    """Each scoring row's points for these piles (each side's cards by name) and basra counts."""
    g = load(game, options or None)
    st = g.new_state(seed=0)
    st.zones["won"] = [[C.card_id(x) for x in pile] for pile in won]
    st.counters["basras"] = list(basras)
    st.counters["held"] = [held, held]
    return {row.name: [row.points(e, None) for e in st.side_envs] for row in g.scoring}


SIDE0 = "JS JH AS AH AD 2C 2S 3S 4S 5S 6S 7S 8S 9S 10S QS KS 2H 3H 4H 5H 6H 7H 8H 9H 10H QH".split()  # 27 cards
SIDE1 = [C.NAMES[c] for c in load("basra").deck if C.NAMES[c] not in SIDE0]  # the other 25


def test_the_end_of_hand_scoring_table():
    """B9 (Jawaker: "The player who has the majority of the cards (27 or more) gets 30 points. One point is added
    for each Jack and Ace"; cardrulesplus: 2 for the 2♣, 3 for the 10♦; 10 for each basra): side 0 took
    27 cards with two jacks, three aces and the 2♣, and two basras; side 1 the other 25 with two jacks, an ace
    and the 10♦, and one basra."""
    assert len(SIDE0) == 27 and len(SIDE1) == 25
    rows = rows_for([SIDE0, SIDE1], [2, 1])
    assert rows == {"most cards": [30, 0], "jacks": [2, 2], "aces": [3, 1], "two of clubs": [2, 0],
                    "ten of diamonds": [0, 3], "basras": [20, 10]}
    assert [sum(r[s] for r in rows.values()) for s in (0, 1)] == [57, 16]


def test_cards_tied_26_26_score_no_thirty():
    """B9 (Jawaker: the 30 goes to the majority, "27 or more"): with 26 cards each, nobody scores it."""
    tied = [SIDE0[:26], SIDE1 + SIDE0[26:]]
    assert rows_for(tied, [0, 0])["most cards"] == [0, 0]


def test_a_fixed_deal_played_out_scores_its_table():
    """B8, B9: a hand from a fixed deck order (the canonical order), first legal move each turn: every card is
    taken (the leftovers to the last capturer, B8), and the rows are what the cards each side took say: 30 to
    the most, 1 a jack, 1 an ace, 2 the 2♣, 3 the 10♦, 10 a basra — counted here from the captures seen."""
    g = load("basra")
    st = g.new_state(shuffles=[deck_with([], g)], listen=True)
    while not st.hands:
        st.apply(st.legal_actions()[0])
    won: list[list[int]] = [[], []]
    basras = [0, 0]
    for e in st.events:
        if e["kind"] == "capture":
            won[g.side_of[e["seat"]]] += [e["card"], *e["taken"]]
            basras = [b + sum(n for c, n, s in zip(e["added"], e["amounts"], e["sides"]) if s == side)
                      for side, b in enumerate(basras)]
        elif e["kind"] == "collect":
            won[g.side_of[e["seat"]]] += e["cards"]
    names = [C.names(p) for p in won]
    assert sorted(c for p in won for c in p) == sorted(g.deck)
    count = [len(p) for p in won]
    expected = {
        "most cards": [30 if count[s] > count[1 - s] else 0 for s in (0, 1)],
        "jacks": [sum(x[0] == "J" for x in p) for p in names],
        "aces": [sum(x[0] == "A" for x in p) for p in names],
        "two of clubs": [2 * ("2C" in p) for p in names],
        "ten of diamonds": [3 * ("10D" in p) for p in names],
        "basras": [10 * b for b in basras],
    }
    hand = st.hands[0]
    assert hand["rows"] == expected and hand["values"]["cards_taken"] == count
    assert hand["rows"] == {"most cards": [0, 30], "jacks": [1, 3], "aces": [2, 2], "two of clubs": [0, 2],
                            "ten of diamonds": [3, 0], "basras": [0, 0]}  # this deal's own, pinned


@pytest.mark.parametrize("game,score,over", [("basra", 100, False), ("basra", 101, True), ("basra-100", 100, True)])
def test_the_game_is_to_101(game, score, over):
    """B10 (cardrulesplus: "first to 101"; Wikipedia's 100 is basra-100.yaml): a side that ends a
    hand on the target wins; one point short plays on."""
    g = load(game)
    st = g.new_state(shuffles=[deck_with([], g)])
    while not st.hands:
        st.apply(st.legal_actions()[0])
    first = st.hands[0]["points"]  # [6, 37], as the pinned deal above scores
    assert first == [6, 37]
    st2 = g.new_state(shuffles=[deck_with([], g)])
    st2.scores = [0, score - 37]
    while not st2.hands:
        st2.apply(st2.legal_actions()[0])
    assert st2.scores == [6, score] and st2.over == over and st2.winner == (1 if over else None)


@pytest.mark.parametrize("game,basras", [("basra", 0), ("basra-jack-on-jack", 3)])
def test_a_jack_on_a_lone_jack(game, basras):
    """B7 and its house rule (basra-jack-on-jack.yaml: a jack taking a lone jack is three basras, 30 points; the
    sources basra.yaml cites score a jack's sweep as no basra at all, the default): after a basra each (10♠ on
    4 + 6 and 3 + 7, 6♠ on 4 + 2), the first player lays J♠ on the empty table and the dealer's J♦ takes it."""
    st = deal("10S JS 2D 8H", "JD 4S 6S 8S", "4H 6D 3H 7S", game=game)
    play(st, "10S", "4H 6D 3H 7S")
    play(st, "4S")
    play(st, "2D")
    play(st, "6S", "4S 2D")  # the dealer clears the table: a basra for side 1
    play(st, "JS")
    play(st, "JD", "JS")
    assert st.counters["basras"] == [1, 1 + basras]


def test_a_jack_taking_more_than_a_lone_jack_is_no_basra_even_with_the_house_rule():
    """B7, house rule: only a jack on a lone jack scores; J♦ taking J♠ and 8♠ scores nothing."""
    st = deal("10S JS 2D 8H", "JD 4S 6S 8S", "4H 6D 3H 7S", game="basra-jack-on-jack")
    play(st, "10S", "4H 6D 3H 7S")
    play(st, "8S")
    play(st, "2D")
    play(st, "JD", "8S 2D")
    assert st.counters["basras"] == [1, 0]


def test_a_tied_thirty_is_carried_to_the_next_hand():
    """B9 as Wikipedia gives it (basra-tie-carries.yaml: "In the event of a tie, each having 26 cards ... the
    initial 30 points are held in abeyance and added to the 30 points of the next round"): with 30 held, the
    next hand's most cards score 60; the default ruleset never holds any."""
    assert rows_for([SIDE0, SIDE1], [0, 0], game="basra-tie-carries", held=30)["most cards"] == [60, 0]
    for game, held in (("basra-tie-carries", [30, 30]), ("basra", [0, 0])):
        g = load(game)
        found = False
        for seed in range(200):
            st = g.new_state(seed=seed)
            while not st.hands:
                st.apply(st.legal_actions()[0])
            taken = st.hands[0]["values"]["cards_taken"]
            if taken == [26, 26]:
                assert st.hands[0]["rows"]["most cards"] == [0, 0]
                assert st.counters["held"] == held
                while len(st.hands) < 2:
                    st.apply(st.legal_actions()[0])
                second = st.hands[1]
                more = [s for s in (0, 1) if second["values"]["cards_taken"][s] > 26]
                assert sum(second["rows"]["most cards"]) == (30 + held[0] if more else 0)
                found = True
                break
        assert found, game


def test_four_players_in_partnerships_pool_their_captures():
    """B1 (Wikipedia: four "in two player teams"; pagat: "partners keep the cards they have captured together"):
    basra-4p.yaml deals 4 to each of four and 4 to the table, and seats 0 and 2 capture into one pile."""
    g = load("basra-4p")
    assert g.players == 4 and g.sides == 2 and list(g.side_of) == [0, 1, 0, 1]
    st = g.new_state(seed=5)
    assert [len(h) for h in st.zones["hand"]] == [4, 4, 4, 4] and len(st.zones["table"]) == 4
    while not st.hands:
        st.apply(st.legal_actions()[0])
    assert sum(st.hands[0]["values"]["cards_taken"]) == 52


@pytest.mark.parametrize("seed", [3, 8])
def test_a_persian_table_says_basra_in_persian(seed):
    """`cardrules play basra --lang fa`: three hands of play, the captures, the basras and each hand's scoring rows
    are said in Persian; only cards and the file's rule ids (B4 …) are written in Latin letters."""
    from tests.test_persian_words import CARD, ENGLISH, RULE_IDS, play_fa, shown_lines

    lines = shown_lines(play_fa("basra", seed, hands=3))
    assert any("بصره" in x for x in lines)
    english = [x for x in lines if ENGLISH.search(x)]
    assert not english, "\n".join(english[:10])
    latin = [x for x in lines if re.search(r"[A-Za-z]", CARD.sub("", RULE_IDS.sub("", x)))]
    assert not latin, "\n".join(latin[:10])


def test_play_renders_a_hand_typed_through_the_cli():
    """`cardrules play basra`, driven through click's runner with typed moves (a card alone is its one move, a
    number picks from the menu): the table, the hand, the moves and a hand's scoring rows are shown."""
    from click.testing import CliRunner

    from cli import main

    result = CliRunner().invoke(main, ["play", "basra", "--bots", "greedy", "--seed", "3"],
                                input="4S\n" + "1\n" * 200)
    out = result.output
    assert "══ Basra ══" in out and "table, dealt face up: 8♥ Q♥ 4♦ Q♣" in out
    assert "you: play 4♠ take 4♦" in out
    end = out.index("── hand 1 is over ──")
    said = [x.split(":")[0].strip() for x in out[end:].splitlines()[1:9]]
    assert said == ["cards taken", "most cards", "jacks", "aces", "two of clubs", "ten of diamonds", "basras (points)",
                    "this hand"]


def test_with_free_captures_a_card_may_take_some_of_what_it_could_or_be_laid():
    """B4 as Jawaker has it (basra-free-capture.yaml: "A player is allowed to capture some or all of the cards on
    the table"): the 9♠ facing 9♣, 4♥, 5♦ and 2♠ may take the 9♣ alone, 4 + 5 alone, both, or nothing; a queen
    facing a queen may be laid beside it. The default takes both at once (above)."""
    st = deal("9S 3C QS 8H", "2H 4S 6S 8S", "4H 5D 9C QD", game="basra-free-capture")
    assert sorted(map(sorted, moves_with(st, "9S"))) == [[], ["4H", "5D"], ["4H", "5D", "9C"], ["9C"]]
    assert sorted(map(sorted, moves_with(st, "QS"))) == [[], ["QD"]]
    play(st, "9S", "9C")
    assert C.names(st.zones["table"]) == ["4H", "5D", "QD"]


def test_free_capture_on_a_crowded_table_takes_the_rank_and_never_stops_the_game():
    """basra-free-capture.yaml's own rule: players who only lay pile up the table (an API audit: 29 cards after 25
    moves, when the game stopped with "more than 10,000 different sets"); past 13 numerals a numeral takes the
    cards of its rank only, so every move list can be made, 400 moves of laying in."""
    st = load("basra-free-capture").new_state(seed=1)
    crowded = 0
    for _ in range(400):
        moves = st.legal_actions()
        numerals = [c for c in st.zones["table"] if C.RANK[c] <= 10]
        if len(numerals) > 13:
            crowded += 1
            for card in {a.split()[1] for a in moves} - {"7D"}:
                rank = C.RANK[C.card_id(card)]
                taken = [set(a.split()[3:]) for a in moves if a.split()[1] == card and "take" in a]
                assert rank > 10 or all(C.RANK[C.card_id(x)] == rank for t in taken for x in t)
        st.apply(moves[0])  # the first in order: a card laid, not a capture
    assert crowded > 20
