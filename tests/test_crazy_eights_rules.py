"""Crazy Eights (rulesets/crazy-eights.yaml), rule by rule: scenario tests for E1-E7 of the ruleset's header,
from fixed decks. Seat 3 deals the first hand, so seat 0 is dealt first: 5 cards each, one at a time; the next
card is the starter, turned up on `discard`; the rest is the `stock`, dealt and drawn from its front.

`deck` builds that order from the hands a scenario names (by their place in the deal: the first hand is the
first player's, whoever deals), the starter and the front of the stock.
"""

from __future__ import annotations

import json
import random

import pytest

from interpreter import cards as C
from interpreter import load, records
from interpreter.errors import IllegalAction
from interpreter.table import Table
from tests.conftest import RULESETS, one_at_a_time

S, H, D, CL = (C.SUITS.index(s) for s in "SHDC")
CALLS = ["call C", "call D", "call H", "call S"]


def ruleset():
    return load(RULESETS / "crazy-eights.yaml")


def deck(hands: list[str], starter: str, stock: str = "") -> list[str]:
    """The deck order dealing hands[k] to the k-th seat after the dealer, turning up `starter`, with the stock
    starting `stock` and then every other card in the canonical order."""
    front = one_at_a_time(hands, 0, [starter] + stock.split())
    assert len(set(front)) == len(front), "a card twice"
    return front + [c for c in C.NAMES[:52] if c not in front]


def start(hands: list[str], starter: str, stock: str = "", listen: bool = False):
    return ruleset().new_state(shuffles=[deck(hands, starter, stock)], listen=listen)


def in_order(pile) -> list[str]:
    """A pile's cards as they lie (C.names sorts them)."""
    return [C.NAMES[c] for c in pile]


def play(st, *moves: str) -> None:
    for m in moves:
        st.apply(m)


# ---- the going-out hand: seat 0 lays 3C 4D 5S 6H and goes out with 8S, in five turns ------------------------------
# Seat 1 can play nothing on 3C and draws QD, 6D, 3D; it keeps AD 10S QD 6D (1 + 10 + 10 + 6 = 27). Seat 2
# keeps 8D (50), seat 3 keeps KC (10): seat 0 scores 27 + 50 + 10 = 87.
OUT_HANDS = ["3C 4D 5S 6H 8S",
             "4S 5H 7H AD 10S",
             "9D JS 9H QH 8D",
             "10D QS 10H KH KC"]
OUT_STARTER, OUT_STOCK = "2C", "QD 6D 3D"
OUT_MOVES = ["play 3C", "draw", "draw", "draw", "play 3D", "play 9D", "play 10D",
             "play 4D", "play 4S", "play JS", "play QS",
             "play 5S", "play 5H", "play 9H", "play 10H",
             "play 6H", "play 7H", "play QH", "play KH",
             "play 8S"]
OUT_POINTS = 27 + 50 + 10  # 87


# ---- the blocked hand: every spade and eight is laid, the last eight calls spades, the stock is drawn out ---------
# 15 cards laid in turn (seat 3 lays 8S and calls spades; seats 0, 1, 2 lay 8H, 8D, 8C and call spades); then
# seat 3 holds no spade and no eight, draws the whole stock (31 cards, none a spade or an eight) and passes, and
# so do seats 0, 1 and 2. Each seat keeps the one card it was dealt besides its spades and eights (seat 3 two).
def blocked_hands(kept: list[str]) -> list[str]:
    return [f"2S 6S JS 8H {kept[0]}",
            f"3S 7S QS 8D {kept[1]}",
            f"4S 9S KS 8C {kept[2]}",
            f"5S 10S 8S {kept[3]}"]


BLOCKED_MOVES = ["play 2S", "play 3S", "play 4S", "play 5S",
                 "play 6S", "play 7S", "play 9S", "play 10S",
                 "play JS", "play QS", "play KS", "play 8S", "call S",
                 "play 8H", "call S", "play 8D", "call S", "play 8C", "call S"]
# Every heart, diamond and club but the eights: (1 + 2 + ... + 7 + 9 + 10 + 10 + 10 + 10) = 77 a suit.
NOT_SPADES_OR_EIGHTS = 3 * 77


# ---- E1 -----------------------------------------------------------------------------------------------------------


def test_e1_four_players_each_for_himself_52_cards():
    g = ruleset()
    assert g.players == 4 and g.sides == 4 and sorted(g.deck) == list(range(52))


# ---- E2: the deal and the starter ---------------------------------------------------------------------------------


def test_e2_five_each_one_at_a_time_from_the_seat_after_the_dealer_then_the_starter_then_the_stock():
    """Dealt from the canonical order AS 2S 3S ...: seat 0 gets the 1st, 5th, 9th, ... card; the 21st card, 8H,
    is the starter (an eight turned up counts as its own suit, hearts: nobody names a suit); the stock is the
    other 31 cards in their order."""
    order = list(C.NAMES[:52])
    st = ruleset().new_state(shuffles=[order])
    assert st.dealer == 3
    for seat in range(4):
        assert in_order(st.zones["hand"][seat]) == order[seat:20:4]
    assert in_order(st.zones["hand"][0]) == ["AS", "5S", "9S", "KS", "4H"]
    assert in_order(st.zones["discard"]) == ["8H"]
    assert in_order(st.zones["stock"]) == order[21:] and len(st.zones["stock"]) == 31
    assert st.vars["called"] == H  # the eight starter's own suit
    assert st.to_act == 0  # the seat after the dealer plays first (E3)
    assert st.legal_actions() == ["play 4H"]  # the only heart; an eight starter is no wild suit, and no call is asked


def test_e2_the_starter_names_the_suit_to_follow():
    st = start(OUT_HANDS, OUT_STARTER, OUT_STOCK)
    assert st.vars["called"] == CL and in_order(st.zones["discard"]) == ["2C"]
    assert in_order(st.zones["stock"])[:3] == ["QD", "6D", "3D"]
    view = st.view(2)
    assert view["vars"]["called"] == "C"
    assert view["zones"]["discard"] == {"top": "2C", "count": 1}
    assert view["zones"]["stock"] == 31  # face down: only its size shows


# ---- E3: what may be laid -----------------------------------------------------------------------------------------

E3_HANDS = ["7H 2D 8C KS 3C",    # on 7D: 7H (its rank), 2D (its suit), 8C (any eight); not KS nor 3C
            "5S 9C 8H 4D KH",
            "JC JD JH JS 2H",
            "QC QD QH QS 3H"]


def test_e3_suit_or_rank_of_the_top_or_any_eight_legal_actions_sorted():
    st = start(E3_HANDS, "7D")
    assert st.to_act == 0
    assert st.legal_actions() == ["play 2D", "play 7H", "play 8C"]
    assert st.legal_actions() == sorted(st.legal_actions())
    assert st.view(0)["legal"] == ["play 2D", "play 7H", "play 8C"]


def test_e3_an_unmatching_card_is_refused_and_nothing_changes():
    st = start(E3_HANDS, "7D")
    for card in ("KS", "3C", "AS"):  # held but matching nothing, and not held at all
        with pytest.raises(IllegalAction) as refused:
            st.apply(f"play {card}")
        assert f"'play {card}' is not a legal move" in str(refused.value)
    assert str(refused.value).endswith("'play AS' is not a legal move: you have no AS to play now")
    for move in ("draw", "pass", "call S"):  # a seat that can play may not draw, pass or name a suit
        with pytest.raises(IllegalAction) as refused:
            st.apply(move)
        why = {"draw": "you draw only when no card of yours may be laid; ",  # E4
               "pass": "it is not time to pass; ", "call S": "it is not time to call a suit; "}[move]
        assert str(refused.value).endswith(f"'{move}' is not a legal move: {why}you may play 7H, play 2D, play 8C")
    assert st.to_act == 0 and len(st.zones["hand"][0]) == 5 and in_order(st.zones["discard"]) == ["7D"]


def test_e3_a_held_card_that_does_not_match_is_refused_by_the_rule():
    st = start(E3_HANDS, "7D")
    with pytest.raises(IllegalAction) as refused:
        st.apply("play KS")
    assert str(refused.value).endswith("'play KS' is not a legal move: KS may not be played now: lay a card of the"
                                       " suit to follow or of the top card's rank, or any eight")  # may_play_doc


def test_e3_a_refusal_without_the_rule_in_words_quotes_the_rule_as_written(tmp_path):
    (tmp_path / "bare.yaml").write_text("extends: crazy-eights\nname: bare\nhand:\n  - name: play\n    play:\n"
                                        "      may_play_doc: null\n", encoding="utf-8")
    st = load(tmp_path / "bare.yaml").new_state(shuffles=[deck(E3_HANDS, "7D", "")])
    with pytest.raises(IllegalAction) as refused:
        st.apply("play KS")
    assert str(refused.value).endswith("'play KS' is not a legal move: KS may be played only when rank == 8 or"
                                       " suit == called or rank == top(discard).rank")


def test_e3_an_eight_asks_the_same_player_to_name_a_suit():
    st = start(E3_HANDS, "7D")
    st.apply("play 8C")
    assert st.to_act == 0 and st.legal_actions() == CALLS
    assert st.vars["called"] == D  # nothing named yet
    with pytest.raises(IllegalAction) as refused:
        st.apply("play 7H")  # naming the suit comes first
    assert str(refused.value).endswith("'play 7H' is not a legal move: it is not time to play a card; you may call S,"
                                       " call H, call D, call C")
    with pytest.raises(IllegalAction) as refused:
        st.apply("pass")
    assert str(refused.value).endswith("you may call S, call H, call D, call C")
    st.apply("call S")
    assert st.vars["called"] == S and st.to_act == 1
    assert st.view(2)["vars"]["called"] == "S"
    assert [text for _, text in st.actions] == ["play 8C", "call S"]


def test_e3_after_an_eight_the_suit_named_is_followed_not_the_eights_own():
    """Seat 1 holds 5S 9C 8H 4D KH on 8C with spades named: 5S (the suit named) and 8H (an eight); not 9C (the
    eight's own suit), 4D (the starter's suit), KH."""
    st = start(E3_HANDS, "7D")
    play(st, "play 8C", "call S")
    assert st.legal_actions() == ["play 5S", "play 8H"]
    for card in ("9C", "4D", "KH"):
        with pytest.raises(IllegalAction):
            st.apply(f"play {card}")
    st.apply("play 5S")
    assert st.vars["called"] == S and st.to_act == 2  # a card that names nothing: its own suit is followed
    assert st.legal_actions() == ["play JS"]


def test_e3_a_card_of_the_tops_rank_changes_the_suit_to_follow():
    st = start(E3_HANDS, "7D")
    play(st, "play 7H")  # the rank of the top: hearts are followed now
    assert st.vars["called"] == H and st.to_act == 1
    assert st.legal_actions() == ["play 8H", "play KH"]


def test_e3_an_eight_as_the_last_card_ends_the_hand_with_no_call():
    st = start(OUT_HANDS, OUT_STARTER, OUT_STOCK)
    play(st, *OUT_MOVES[:-1])
    assert st.to_act == 0 and in_order(st.zones["hand"][0]) == ["8S"]
    assert st.legal_actions() == ["play 8S"]
    st.apply("play 8S")
    assert len(st.hands) == 1  # the hand is over: nobody is asked to name a suit
    assert [text for _, text in st.actions][-1] == "play 8S" and not any(t.startswith("call") for _, t in st.actions)
    assert st.hands[0]["vars"]["called"] == S  # the eight's own suit: nothing was named
    assert st.dealer == 0 and st.to_act == 1 and "call S" not in st.legal_actions()  # the next hand


# ---- E4: drawing --------------------------------------------------------------------------------------------------


def test_e4_no_draw_while_a_card_may_be_played():
    st = start(OUT_HANDS, OUT_STARTER, OUT_STOCK)
    assert st.legal_actions() == ["play 3C", "play 8S"]  # the stock is full, but seat 0 can play
    with pytest.raises(IllegalAction):
        st.apply("draw")
    assert len(st.zones["stock"]) == 31


def test_e4_draw_one_at_a_time_until_a_card_may_be_played_then_play_it():
    """Seat 1 (4S 5H 7H AD 10S) has nothing for 3C: it draws QD, then 6D (still nothing), then 3D, and must lay
    a card now (no more drawing)."""
    st = start(OUT_HANDS, OUT_STARTER, OUT_STOCK)
    st.apply("play 3C")
    assert st.to_act == 1 and st.legal_actions() == ["draw"]
    st.apply("draw")
    assert st.to_act == 1 and st.legal_actions() == ["draw"]
    assert "QD" in in_order(st.zones["hand"][1]) and len(st.zones["hand"][1]) == 6
    st.apply("draw")
    assert st.to_act == 1 and st.legal_actions() == ["draw"]
    st.apply("draw")
    assert st.to_act == 1 and st.legal_actions() == ["play 3D"]  # the drawn card, and only it
    assert in_order(st.zones["hand"][1]) == ["4S", "5H", "7H", "AD", "10S", "QD", "6D", "3D"]
    assert in_order(st.zones["stock"])[:2] == ["AS", "2S"] and len(st.zones["stock"]) == 28
    st.apply("play 3D")
    assert st.to_act == 2 and st.vars["called"] == D


def test_e4_a_drawn_card_is_seen_by_the_drawer_alone():
    st = start(OUT_HANDS, OUT_STARTER, OUT_STOCK, listen=True)
    tables = [Table(st, seat) for seat in range(4)]
    for t in tables:
        t.heading()
    play(st, "play 3C", "draw")
    assert "QD" in st.view(1)["zones"]["hand"][1]
    for seat in (0, 2, 3):
        view = st.view(seat)
        assert view["zones"]["hand"][1] == 6  # a count: the cards are hidden
        assert "QD" not in json.dumps(view)
    told = ["\n".join(t.events(st.events)) for t in tables]
    assert "you draw Q♦" in told[1] and not any("Q♦" in told[s] for s in (0, 2, 3))
    assert [text for _, text in st.actions] == ["play 3C", "draw"]  # the action names no card


# ---- E5, E6: a blocked hand ---------------------------------------------------------------------------------------


def test_e5_with_the_stock_empty_a_player_who_cannot_play_passes():
    st = start(blocked_hands(["AH", "KD", "5C", "9H QC"]), "AS")
    play(st, *BLOCKED_MOVES)
    assert st.to_act == 3 and st.vars["called"] == S and st.legal_actions() == ["draw"]
    for _ in range(30):
        st.apply("draw")
        assert st.to_act == 3 and st.legal_actions() == ["draw"]
    st.apply("draw")
    assert not st.zones["stock"] and len(st.zones["hand"][3]) == 33
    assert st.to_act == 3 and st.legal_actions() == ["pass"]
    with pytest.raises(IllegalAction):
        st.apply("draw")
    for seat in (3, 0, 1):
        assert st.to_act == seat and st.legal_actions() == ["pass"]
        st.apply("pass")
        assert not st.hands  # three passes in a row: not blocked yet
    assert st.to_act == 2 and st.legal_actions() == ["pass"]


def test_e5_e6_all_four_pass_the_hand_is_blocked_and_the_fewest_alone_scores_the_others_excess():
    """Left in hand: seat 0 AH (1), seat 1 KD (10), seat 2 5C (5), seat 3 every other heart, diamond and club
    but the eights (231 - 1 - 10 - 5 = 215). Seat 0 alone holds the fewest: it scores (10 - 1) + (5 - 1) +
    (215 - 1) = 227, which ends the game (E7)."""
    st = start(blocked_hands(["AH", "KD", "5C", "9H QC"]), "AS")
    play(st, *BLOCKED_MOVES, *["draw"] * 31, *["pass"] * 4)
    assert len(st.hands) == 1
    hand = st.hands[0]
    seat3 = NOT_SPADES_OR_EIGHTS - 1 - 10 - 5  # 215
    assert hand["rows"] == {"going out": [0, 0, 0, 0], "blocked": [(10 - 1) + (5 - 1) + (seat3 - 1), 0, 0, 0]}
    assert hand["points"] == [227, 0, 0, 0] and st.scores == [227, 0, 0, 0]
    assert st.over and st.winner == 0  # E7: 227 reaches 100


def test_e6_a_blocked_hand_with_a_tie_for_the_fewest_scores_nothing():
    """Seats 0 and 1 each keep an ace (1 point): tied for the fewest, nobody scores; the game goes on."""
    st = start(blocked_hands(["AH", "AD", "5C", "9H QC"]), "AS")
    play(st, *BLOCKED_MOVES, *["draw"] * 31, *["pass"] * 4)
    assert len(st.hands) == 1
    assert st.hands[0]["rows"] == {"going out": [0, 0, 0, 0], "blocked": [0, 0, 0, 0]}
    assert st.scores == [0, 0, 0, 0] and not st.over
    assert st.dealer == 0 and st.to_act == 1  # E1: the next hand, dealt by the next seat


# ---- E6: going out ------------------------------------------------------------------------------------------------


def test_e6_going_out_scores_the_cards_left_in_the_others_hands():
    """Left: seat 1 AD 10S QD 6D (1 + 10 + 10 + 6 = 27), seat 2 8D (50), seat 3 KC (10): 87 to seat 0."""
    st = start(OUT_HANDS, OUT_STARTER, OUT_STOCK)
    play(st, *OUT_MOVES[:-1])
    assert in_order(st.zones["hand"][1]) == ["AD", "10S", "QD", "6D"]
    assert in_order(st.zones["hand"][2]) == ["8D"] and in_order(st.zones["hand"][3]) == ["KC"]
    st.apply("play 8S")
    hand = st.hands[0]
    assert hand["rows"] == {"going out": [OUT_POINTS, 0, 0, 0], "blocked": [0, 0, 0, 0]}
    assert hand["points"] == [87, 0, 0, 0] and st.scores == [87, 0, 0, 0]
    assert not st.over  # 87 is short of 100


def test_e6_the_penalty_table_values_a_hand():
    """A hand's points as its owner sees them: seat 0's 3C 4D 5S 6H 8S = 3 + 4 + 5 + 6 + 50; seat 3's 10D QS 10H
    KH KC = 5 * 10."""
    st = start(OUT_HANDS, OUT_STARTER, OUT_STOCK)
    assert st.view(0)["values"]["left"][0] == 68
    assert st.view(3)["values"]["left"][3] == 50


# ---- E7: the game to 100 ------------------------------------------------------------------------------------------


def test_e7_the_game_ends_after_the_hand_in_which_someone_reaches_100():
    """The going-out deal five times: the deal passes each hand, so the first player (the one who goes out for
    87) is seat 0, 1, 2, 3, then seat 0 again, who reaches 174."""
    order = deck(OUT_HANDS, OUT_STARTER, OUT_STOCK)
    st = ruleset().new_state(shuffles=[order] * 5)
    for hand in range(5):
        assert st.dealer == (3 + hand) % 4 and st.to_act == hand % 4 and not st.over
        play(st, *OUT_MOVES)
        assert len(st.hands) == hand + 1
        assert st.hands[hand]["points"] == [87 if s == hand % 4 else 0 for s in range(4)]
    assert [h["totals"] for h in st.hands] == [[87, 0, 0, 0], [87, 87, 0, 0], [87, 87, 87, 0], [87, 87, 87, 87],
                                               [174, 87, 87, 87]]
    assert st.over and st.winner == 0 and st.result() == {"scores": [174, 87, 87, 87], "winner": 0}
    assert st.legal_actions() == []


# ---- E6 over a random game ----------------------------------------------------------------------------------------


def penalty(card: int) -> int:
    """E6, written again here: an eight 50, a picture 10, an ace 1, any other card its number."""
    rank = C.NAMES[card][:-1]
    return {"8": 50, "K": 10, "Q": 10, "J": 10, "A": 1}.get(rank) or int(rank)


def test_e6_every_hand_of_a_random_game_scores_the_cards_left_as_e6_says():
    """Random moves, seed 5: four hands, two going out and two blocked. Each hand's rows, from the cards left
    when it ends (counted here with E6's table): going out, the others' points; blocked, the fewest alone
    scores the others' excess over its own."""
    st = ruleset().new_state(seed=5)
    rng = random.Random(5)
    kinds = []
    while not st.over:
        seat, move = st.to_act, rng.choice(st.legal_actions())
        left = [list(h) for h in st.zones["hand"]]
        done = len(st.hands)
        st.apply(move)
        if len(st.hands) == done:
            continue
        if move.startswith("play "):
            left[seat].remove(C.card_id(move.split()[1]))
        points = [sum(penalty(c) for c in h) for h in left]
        out, blocked = [0] * 4, [0] * 4
        if not left[seat]:
            kinds.append("out")
            out[seat] = sum(points) - points[seat]
        else:
            kinds.append("blocked")
            assert move == "pass" and [text for _, text in st.actions[-4:]] == ["pass"] * 4
            low = min(points)
            if points.count(low) == 1:
                blocked[points.index(low)] = sum(points) - 4 * low
        assert st.hands[done]["rows"] == {"going out": out, "blocked": blocked}, (done, points)
    assert kinds == ["blocked", "out", "blocked", "out"]
    assert st.scores == [sum(col) for col in zip(*(h["points"] for h in st.hands))]


# ---- records ------------------------------------------------------------------------------------------------------


def test_a_game_of_random_moves_is_recorded_and_replays_to_the_same_result(tmp_path):
    g = ruleset()
    st = g.new_state(seed=5)
    rng = random.Random(5)
    while not st.over:
        st.apply(rng.choice(st.legal_actions()))
    texts = [text for _, text in st.actions]
    assert {"draw", "pass"} <= set(texts) and any(t.startswith("call ") for t in texts)  # shedding's own moves
    assert len(st.hands) == 4 and any(any(h["rows"]["blocked"]) for h in st.hands)  # blocked hands among them
    path = tmp_path / "eights.json"
    records.write(path, st, "crazy-eights")
    rec = records.read(path)
    assert rec["ruleset"] == "crazy-eights" and rec["result"] == st.result()
    again = records.replay(rec, path)
    assert again.over and again.scores == st.scores and again.winner == st.winner
    assert again.actions == st.actions
    assert [h["points"] for h in again.hands] == [h["points"] for h in st.hands]


def test_a_draw_refused_while_a_card_may_be_laid_says_why():
    """E4: a player draws only when no card may be laid; `draw` typed then was refused with the list of moves
    alone (a player's audit)."""
    import random

    from interpreter.actions import why_illegal

    st, rng = load("crazy-eights").new_state(seed=7), random.Random(7)
    while not any(a.startswith("play ") for a in st.legal_actions()):
        st.apply(rng.choice(st.legal_actions()))
    assert "draw" not in st.legal_actions()
    said = why_illegal(st, "draw", "draw", table=True)
    assert said == "'draw' is not a legal move: you draw only when no card of yours may be laid; see your moves below"
    assert why_illegal(st, "draw", "draw").startswith("'draw' is not a legal move: you draw only when no card of yours"
                                                      " may be laid; you may play")  # the API, with no menu after


def test_e3_a_variant_that_changes_the_rule_without_words_loses_the_bases_words(tmp_path):
    """A house rule with no eights wild kept the base's 'or any eight' in refusals and the sheet (a review): the
    base's may_play_doc described the old rule, so it goes, as a step's doc does."""
    (tmp_path / "tame.yaml").write_text("extends: crazy-eights\nname: tame\nhand:\n  - name: play\n    play:\n"
                                        "      may_play: suit == called or rank == top(discard).rank\n",
                                        encoding="utf-8")
    st = load(tmp_path / "tame.yaml").new_state(shuffles=[deck(E3_HANDS, "7D", "")])
    with pytest.raises(IllegalAction) as refused:
        st.apply("play KS")
    assert str(refused.value).endswith("'play KS' is not a legal move: KS may be played only when suit == called"
                                       " or rank == top(discard).rank")
