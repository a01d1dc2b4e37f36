"""Oh Hell, rule by rule: scenario tests for Z1-Z6 of RULES.md §5.

Hand k deals k cards to each seat one at a time, starting after the dealer (seat 3 deals hand 1), then
turns the next card up for trump. `hand_order` builds the deck order that gives each seat the cards a
scenario names; the rest of the deck follows in canonical order.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import cards as C
from interpreter import load
from interpreter import records as rec
from interpreter.errors import IllegalAction
from interpreter.simulate import play_one
from tests.conftest import RULESETS, one_at_a_time

SUIT = {"S": 0, "H": 1, "D": 2, "C": 3}


def ruleset():
    return load(RULESETS / "oh-hell.yaml")


def hand_order(hands: list[str], dealer: int = 3, turned: str | None = None) -> list[str]:
    """Seat s is dealt hands[s] (one at a time after `dealer`); `turned` is turned up; the rest follows."""
    used = " ".join(hands).split() + ([turned] if turned else [])
    rest = [c for c in C.NAMES[:52] if c not in used]
    return one_at_a_time(hands, (dealer + 1) % 4, ([turned] if turned else []) + rest)


def bid_all(st, *bids: int) -> None:
    for b in bids:
        st.apply(f"bid {b}")


def play_out_hand(st) -> dict:
    done = len(st.hands)
    while len(st.hands) == done:
        st.apply(st.legal_actions()[0])
    return st.hands[done]


# ---- Z1: four players, each for himself, 52 cards, ace high -------------------------------------


def test_z1_four_players_each_for_himself_52_cards():
    g = ruleset()
    assert g.players == 4 and g.sides == 4 and not g.partnerships
    assert sorted(g.deck) == list(range(52))


def test_z1_ace_high():
    g = ruleset()
    st = g.new_state(shuffles=[hand_order(["KD", "AD", "2D", "QD"], turned="2C")])
    bid_all(st, 0, 1, 0, 1)
    for card in ("KD", "AD", "2D", "QD"):
        st.apply(f"play {card}")
    assert st.hands[0]["counters"]["tricks"] == [0, 1, 0, 0]


# ---- Z2: hand k deals k each, one at a time, after the dealer; a turned-up trump ---------------------


def test_z2_hand_1_one_card_each_after_the_dealer_then_the_trump_is_turned_up():
    g = ruleset()
    order = hand_order(["5S", "6H", "7D", "8C"], turned="9H")
    st = g.new_state(shuffles=[order])
    assert st.dealer == 3 and st.to_act == 0
    assert [C.names(h) for h in st.zones["hand"]] == [["5S"], ["6H"], ["7D"], ["8C"]]
    assert C.names(st.zones["turned"]) == ["9H"] and st.vars["trump"] == SUIT["H"]
    assert len(st.zones["stock"]) == 52 - 5
    assert st.view(2)["zones"]["turned"] == ["9H"]  # face up: everyone sees it


def test_z2_hand_k_deals_k_one_at_a_time_and_the_deal_passes():
    g = ruleset()
    first = hand_order(["5S", "6H", "7D", "8C"], turned="9H")
    hands = ["AS KS", "AH KH", "AD KD", "AC KC"]
    second = hand_order(hands, dealer=0, turned="2S")
    st = g.new_state(shuffles=[first, second])
    play_out_hand(st)
    assert st.dealer == 0 and st.to_act == 1  # the deal passed; the player after the dealer bids first
    assert second[:8] == ["AH", "AD", "AC", "AS", "KH", "KD", "KC", "KS"]  # one at a time from seat 1
    assert [" ".join(C.names(h)) for h in st.zones["hand"]] == hands
    assert C.names(st.zones["turned"]) == ["2S"] and st.vars["trump"] == SUIT["S"]


def test_z2_hand_13_deals_every_card_and_has_no_trump():
    g = ruleset()
    st = g.new_state(seed=11)
    for _ in range(12):
        play_out_hand(st)
    assert len(st.hands) == 12 and st.dealer == (3 + 12) % 4
    assert [len(h) for h in st.zones["hand"]] == [13] * 4
    assert st.zones["stock"] == [] and st.zones["turned"] == []
    assert st.vars["trump"] == C.NO_SUIT
    assert st.to_act == 0 and sorted(st.legal_actions(), key=lambda a: int(a.split()[1])) == [
        f"bid {k}" for k in range(14)]


# ---- Z3: bidding 0 to k once each; the dealer may not make the bids add up to k -------------------------


def test_z3_each_bids_once_from_after_the_dealer_0_to_k():
    g = ruleset()
    st = g.new_state(shuffles=[hand_order(["5S", "6H", "7D", "8C"], turned="9H")])
    assert st.to_act == 0 and st.legal_actions() == ["bid 0", "bid 1"]
    bid_all(st, 1)
    assert st.to_act == 1 and st.legal_actions() == ["bid 0", "bid 1"]


@pytest.mark.parametrize("bids,dealer_may", [
    ((0, 0, 0), ["bid 0"]),  # bid 1 would make the bids add up to 1
    ((1, 0, 0), ["bid 1"]),  # bid 0 would
    ((1, 1, 0), ["bid 0", "bid 1"]),  # already over: anything goes
])
def test_z3_the_dealer_may_not_make_the_bids_add_up_to_k(bids, dealer_may):
    g = ruleset()
    st = g.new_state(shuffles=[hand_order(["5S", "6H", "7D", "8C"], turned="9H")])
    bid_all(st, *bids)
    assert st.to_act == 3 == st.dealer
    assert st.legal_actions() == dealer_may


def test_z3_the_hook_in_a_later_hand():
    g = ruleset()
    first = hand_order(["5S", "6H", "7D", "8C"], turned="9H")
    st = g.new_state(shuffles=[first, hand_order(["AS KS", "AH KH", "AD KD", "AC KC"], dealer=0)])
    play_out_hand(st)
    bid_all(st, 0, 1, 0)  # seats 1, 2, 3; the dealer (seat 0) may not bid 1
    assert st.to_act == 0 and st.legal_actions() == ["bid 0", "bid 2"]


# ---- Z4: the player after the dealer leads; follow suit; trump wins -------------------------------------


def test_z4_follow_suit_highest_trump_wins_the_winner_leads():
    g = ruleset()
    first = hand_order(["5S", "6H", "7D", "8C"], turned="9H")
    # hand 2, dealer 0, trump spades (2S turned): seat 1 leads
    hands = ["AH 3C", "KH QD", "2H 4S", "AD 5C"]
    st = g.new_state(shuffles=[first, hand_order(hands, dealer=0, turned="2S")])
    play_out_hand(st)
    bid_all(st, 0, 0, 0, 0)
    assert st.to_act == 1  # the player after the dealer leads
    st.apply("play KH")
    assert st.legal_actions() == ["play 2H"]  # seat 2 must follow hearts
    st.apply("play 2H")
    assert st.legal_actions() == ["play 5C", "play AD"]  # seat 3 has no heart: anything
    st.apply("play AD")
    st.apply("play AH")
    assert st.trick_state.last_winner == 0 and st.to_act == 0  # the highest heart; the winner leads
    st.apply("play 3C")
    st.apply("play QD")
    st.apply("play 4S")  # seat 2 has no club: the trump wins
    st.apply("play 5C")
    assert st.hands[1]["counters"]["tricks"] == [1, 0, 1, 0]


def test_z4_no_trump_in_a_hand_without_a_turned_card():
    """Hand 13: seat 0 holds every heart, the others a suit each; a led 2H wins against any ace."""
    g = ruleset()
    suits = [" ".join(r + s for r in C.RANKS) for s in "HSDC"]
    st = g.new_state(shuffles=[list(C.NAMES[:52])] * 12 + [hand_order(suits, dealer=3)])
    for _ in range(12):
        play_out_hand(st)
    bid_all(st, 0, 0, 0, 0)
    assert st.vars["trump"] == C.NO_SUIT and st.to_act == 0
    for card in ("2H", "AS", "AD", "AC"):
        st.apply(f"play {card}")
    assert st.trick_state.last_winner == 0 and st.to_act == 0


# ---- Z5: exactly the bid scores 10 + bid -----------------------------------------------------------------


def test_z5_exactly_the_bid_scores_ten_plus_the_bid():
    g = ruleset()
    st = g.new_state(shuffles=[hand_order(["AS", "KS", "2H", "3H"], turned="4S")])
    bid_all(st, 1, 1, 0, 1)  # seat 0's AS takes the only trick
    for card in ("AS", "KS", "2H", "3H"):
        st.apply(f"play {card}")
    hand = st.hands[0]
    assert hand["counters"]["tricks"] == [1, 0, 0, 0]
    assert hand["points"] == [11, 0, 10, 0]  # made 1: 11; made 0: 10; missed: nothing


# ---- Z6: after hand 13 the highest total wins; tied on top: a draw ----------------------------------------


def test_z6_the_game_ends_after_hand_13_and_the_highest_total_wins():
    g = ruleset()
    st = g.new_state(seed=0)
    for k in range(1, 13):
        play_out_hand(st)
        assert not st.over and len(st.hands) == k
    st.scores = [0, 40, 10, 0]  # before hand 13 is scored
    play_out_hand(st)
    assert st.over and len(st.hands) == 13
    top = max(st.scores)
    assert st.scores.count(top) == 1 and st.winner == st.scores.index(top) and not st.draw


def drawn_game():
    """A game of random bots that ends tied on top (seed found by search, fixed here)."""
    g = ruleset()
    st = play_one(g, 5, ["random"] * 4)
    assert st.over and st.draw
    return st


def test_z6_players_tied_on_top_share_a_draw():
    st = drawn_game()
    assert st.winner is None and st.draw and len(st.hands) == 13
    assert st.scores.count(max(st.scores)) == 2
    assert st.result() == {"scores": st.scores, "winner": None, "draw": True}


def test_z6_a_drawn_game_round_trips_through_a_record_and_replay_json(tmp_path):
    st = drawn_game()
    record = rec.make(st, "oh-hell")
    assert record["result"]["winner"] is None and record["result"]["draw"] is True
    path = tmp_path / "drawn.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["over"] and out["winner"] is None and out["draw"] is True and out["scores"] == st.scores
    assert len(out["hands"]) == 13
    # a record that claims a winner for a drawn game does not replay
    path.write_text(json.dumps(dict(record, result={"scores": st.scores, "winner": 0})), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1 and "winner" in result.output
    path.write_text(json.dumps(dict(record, result={"scores": st.scores, "winner": None})), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1 and "draw" in result.output


def test_z6_a_won_game_replays_with_draw_false():
    g = ruleset()
    st = play_one(g, 0, ["random"] * 4)
    assert st.over and not st.draw and st.winner is not None
    assert "draw" not in st.result()
    assert rec.summary(st)["draw"] is False


def test_a_bid_the_hook_forbids_is_refused_with_the_rule():
    """Z3: in the first hand (one card) three bids of 0 leave the dealer 0 only; 'bid 1' is refused with the
    rule that forbids it, not the bare 'you may bid 0' (a table audit)."""
    st = load("oh-hell").new_state(seed=0)
    for _ in range(3):
        st.apply("bid 0")
    assert st.to_act == 3 and st.legal_actions() == ["bid 0"]
    with pytest.raises(IllegalAction) as refused:
        st.apply("bid 1")
    assert "you may bid 0 — " in str(refused.value)
    assert "the dealer may not make the bids add up to the number of cards each holds (Z3)" in str(refused.value)
    st = load("oh-hell").new_state(seed=0)  # below every open bid: 0, 0 and 1 leave the dealer 1 only
    for bid in ("bid 0", "bid 0", "bid 1"):
        st.apply(bid)
    with pytest.raises(IllegalAction) as refused:
        st.apply("bid 0")
    assert "you may bid 1 — " in str(refused.value) and "(Z3)" in str(refused.value)


def test_the_table_says_the_last_hand_has_no_trump():
    """Z2: hand 13 deals every card, so none is turned up and there is no trump; the table said nothing of
    trump there (a table audit), and now says so in play and when the hand is over."""
    import random

    from interpreter.table import Table

    st, rng = load("oh-hell").new_state(seed=2), random.Random(2)
    while len(st.hands) < 12 or st.legal_actions()[0].startswith("bid"):
        st.apply_move(rng.choice(st.legal_moves()))
    assert st.vars["trump"] == C.NO_SUIT
    assert "trump: none (no card left to turn up)" in Table(st, 0).status()[0]
    bidding = load("oh-hell").new_state(seed=2)  # and before the bids, which are made knowing it
    while len(bidding.hands) < 12:
        bidding.apply_move(rng.choice(bidding.legal_moves()))
    assert bidding.legal_actions()[0].startswith("bid")
    assert "trump: none (no card left to turn up)" in Table(bidding, bidding.to_act).status()[0]
    hand_12 = load("oh-hell").new_state(seed=2)
    assert not any("none" in line for line in Table(hand_12, 0).status())  # a hand that turns a card up
