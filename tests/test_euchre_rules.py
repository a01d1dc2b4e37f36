"""Euchre (rulesets/euchre.yaml): the common rules, from fixed decks. Seat 3 deals the first hand, so seat 0 is
dealt first: 3 cards to each seat, then 2 each, then the card turned up; the kitty is the rest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.errors import IllegalAction

EUCHRE = Path(__file__).resolve().parent.parent / "rulesets" / "euchre.yaml"


def deck(hands: list[str], turned: str, game) -> list[str]:
    """A deck order giving seat k the five cards hands[k] (written as one string) and turning up `turned`."""
    held = [h.split() for h in hands]
    front = [c for h in held for c in h[:3]] + [c for h in held for c in h[3:]] + [turned]
    ids = [C.card_id(x) for x in front]
    return [C.NAMES[c] for c in ids + [c for c in game.deck if c not in ids]]


HANDS = ["JH JD AH 9S 9C",   # seat 0: both red jacks and the ace of hearts
         "10H QS KS AS 10C",
         "QH KH 9D 10D JC",
         "AD KD QD 10S JS"]  # seat 3, the dealer


def start(hands=HANDS, turned="9H", name=EUCHRE):
    g = load(name)
    return g, g.new_state(shuffles=[deck(hands, turned, g)])


def test_the_deal_gives_five_each_and_turns_one_up():
    g, st = start()
    assert len(g.deck) == 24
    assert [len(h) for h in st.zones["hand"]] == [5, 5, 5, 5]
    assert C.names(st.zones["turned"]) == ["9H"] and len(st.zones["stock"]) == 3
    assert st.to_act == 0 and st.legal_actions() == ["order", "pass"]  # the dealer's left speaks first


def test_an_order_makes_the_turned_suit_trump_and_the_dealer_takes_the_card():
    g, st = start()
    st.apply("pass")
    st.apply("order")  # seat 1 orders hearts up, and says at once whether it plays alone
    assert st.vars["trump"] == C.SUITS.index("H") and st.vars["maker"] == 1
    assert st.to_act == 1 and st.legal_actions() == ["alone", "together"]
    st.apply("together")
    assert st.to_act == 3 and "discard 9H" in st.legal_actions()  # the dealer holds the turned card now
    st.apply("discard 10S")
    assert C.names(st.zones["discards"][3]) == ["10S"] and not st.zones["turned"]
    assert st.to_act == 0  # the dealer's left leads


def test_when_all_pass_the_turned_suit_may_not_be_named():
    g, st = start()
    for _ in range(4):
        st.apply("pass")
    assert st.to_act == 0 and st.vars["maker"] == -1
    assert not st.zones["turned"] and len(st.zones["stock"]) == 4  # turned down as the first round ends
    assert "trump H" not in st.legal_actions() and "pass" in st.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        st.apply("trump H")
    assert "the rules strike it out here (the turned card's suit may no longer be named" in str(refused.value)
    assert "dealer" not in str(refused.value)  # stick the dealer is off: its rule is not cited (a table audit)
    st.apply("pass")
    st.apply("trump D")  # seat 1 names diamonds: the round ends
    assert st.vars["trump"] == C.SUITS.index("D") and st.vars["maker"] == 1 and st.to_act == 1
    assert st.legal_actions() == ["alone", "together"]
    st.apply("together")
    assert not st.zones["turned"] and len(st.zones["stock"]) == 4 and st.to_act == 0  # turned down, not taken


def test_the_card_turned_down_is_named_at_the_table():
    """Every seat saw the turned card, so the table names it as it goes face down on the kitty (it said
    '1 card'; a table audit)."""
    from interpreter.table import Table

    g = load(EUCHRE)
    st = g.new_state(shuffles=[deck(HANDS, "9H", g)], listen=True)
    table = Table(st, 0)
    table.heading()
    for move in ["pass"] * 5 + ["trump D", "together"]:
        st.apply(move)
    assert "  → the turned card goes to the kitty: 9♥" in table.events(st.events)


def test_all_passing_twice_deals_again_from_the_next_dealer():
    from interpreter.table import Table

    g = load(EUCHRE)
    st = g.new_state(shuffles=[deck(HANDS, "9H", g)], listen=True)
    table = Table(st, 0)
    table.heading()
    for _ in range(4):
        st.apply("pass")
    st.apply("pass")
    assert not any("no suit" in line for line in table.roles(st.vars))  # a pass in the round names no trump
    for _ in range(3):
        st.apply("pass")
    assert st.dealer == 0 and len(st.decks) == 2  # a new shuffle, dealt by the next seat
    assert st.to_act == 1 and st.legal_actions() == ["order", "pass"]
    assert "all passed: the cards are dealt again · dealer: you" in table.events(st.events)


@pytest.mark.parametrize("variant", ["option", "bundled"])
def test_stick_the_dealer_makes_the_dealer_name_trump(tmp_path, variant):
    """The option, and the bundled euchre-stick-the-dealer.yaml that sets it: after all pass twice but the
    dealer, the dealer may not pass; the turned suit (hearts) stays barred."""
    path = EUCHRE.parent / "euchre-stick-the-dealer.yaml"
    if variant == "option":
        path = tmp_path / "stick.yaml"
        path.write_text(f"extends: {EUCHRE}\nname: stick\noptions:\n  stick_the_dealer: true\n")
    g, st = start(name=path)
    for _ in range(4):
        st.apply("pass")
    for _ in range(3):
        st.apply("pass")
    assert st.to_act == 3 and st.legal_actions() == ["trump C", "trump D", "trump S"]
    if variant == "bundled":  # its own words for the rule (the base's say only the turned suit)
        with pytest.raises(IllegalAction) as refused:
            st.apply("pass")
        assert "nor may the dealer pass, once the others have" in str(refused.value)


def test_a_bare_suit_struck_out_is_refused_with_the_rule():
    """At the table `H` alone names trump as `trump H` does, and where the rules strike hearts out it is refused
    with the same reason (it said only "now you may pass or trump"; a table audit)."""
    import io

    from interpreter.display import Refusal, Session
    from interpreter.screen import Screen

    g, st = start()
    for _ in range(4):
        st.apply("pass")
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "")
    for typed in ("H", "trump H"):
        with pytest.raises(Refusal) as refused:
            session.understand(typed, session.table.menu())
        assert "the rules strike it out here (the turned card's suit may no longer be named)" in str(refused.value)
    assert session.understand("D", session.table.menu()) == ["trump D"]


def test_a_pass_in_the_second_round_is_the_action_pass(tmp_path):
    """The contract's `pass`: naming no suit in the second round is `pass` in the legal actions, in records and
    in replay (it was `trump no_suit`, which the table showed as `pass`, so a record written by hand with
    `pass` was refused; a contract audit). A record spelling it `trump no_suit` still replays."""
    from interpreter import records

    g, st = start()
    for _ in range(5):
        st.apply("pass")
    assert [text for _, text in st.actions] == ["pass"] * 5
    for spelled in ("pass", "trump no_suit"):
        record = tmp_path / f"{spelled.replace(' ', '-')}.json"
        record.write_text(json.dumps({"format": "cardrules-record/1", "ruleset": "euchre", "seed": 0,
                                      "actions": [{"seat": s % 4, "action": a} for s, a in
                                                  enumerate(["pass"] * 4 + [spelled, "pass"])]}), encoding="utf-8")
        replayed = records.replay(records.read(record))
        assert [text for _, text in replayed.actions][4:] == ["pass", "pass"], spelled
    variant = tmp_path / "stick.yaml"  # the old spelling names the pass only where passing is legal
    variant.write_text(f"extends: {EUCHRE}\nname: stick\noptions:\n  stick_the_dealer: true\n")
    _, stuck = start(name=variant)
    for _ in range(7):
        stuck.apply("pass")
    assert stuck.to_act == 3 and "pass" not in stuck.legal_actions()
    for spelled in ("pass", "trump no_suit"):
        with pytest.raises(IllegalAction):
            stuck.apply(spelled)


def test_the_bowers_are_the_top_trumps_and_the_left_bower_follows_trump():
    """Hearts trump: the jack of hearts (right bower) beats the jack of diamonds (left bower), which is a heart
    here and beats the ace of hearts; a player holding the left bower and no other heart must follow with it."""
    hands = ["9S JD KS QS 9C",
             "JH 10S AS 10C QC",
             "AH QH KH 9D 10D",
             "AD KD QD JS JC"]
    g, st = start(hands)
    st.apply("order")  # seat 0 orders hearts up
    st.apply("together")
    st.apply("discard 9H")  # the dealer throws the turned card straight back
    st.apply("play 9S")
    st.apply("play AS")  # seat 1 wins the spade lead
    st.apply("play KH")  # seat 2 trumps it
    st.apply("play JS")
    assert st.counters["tricks"] == [1, 0]  # seat 2 (side 0) took it with a trump
    assert st.to_act == 2
    st.apply("play AH")  # a heart led: seat 3 has no heart; seat 0 holds only the left bower
    st.apply("play JC")
    assert st.legal_actions() == ["play JD"]
    st.apply("play JD")
    st.apply("play JH")
    assert st.counters["tricks"] == [1, 1]  # the right bower beats the left, which beat the ace


def test_a_lone_maker_plays_without_the_partner_and_a_march_alone_scores_four():
    hands = ["JH JD AH KH QH",   # seat 0 holds the five top hearts
             "10H QS KS AS 10C",
             "9D 10D JC QC KC",
             "AD KD QD 10S JS"]
    g, st = start(hands)
    st.apply("order")
    st.apply("alone")
    st.apply("discard 9H")
    assert not st.zones["hand"][2] and len(st.zones["out"]) == 5  # the partner lays the hand down
    for trick in range(5):
        if trick == 4:
            assert len(st.zones["won"][0]) == 12  # four tricks of three cards each
        assert st.to_act == 0  # seat 0 leads: the first time as the dealer's left, then by winning
        for _ in range(3):
            st.apply(st.legal_actions()[0])
    assert st.hands[-1]["rows"]["made"] == [4, 0] and st.scores == [4, 0]


@pytest.mark.parametrize("before,over", [(6, True), (5, False)])
def test_ten_points_win_the_game(before, over):
    """The game is to 10 points: a march alone (4) from 6 reaches 10 and wins; from 5 it is 9 and play goes on."""
    hands = ["JH JD AH KH QH", "10H QS KS AS 10C", "9D 10D JC QC KC", "AD KD QD 10S JS"]
    g, st = start(hands)
    st.scores = [before, 0]
    st.apply("order")
    st.apply("alone")
    st.apply("discard 9H")
    while len(st.hands) < 1:
        st.apply(st.legal_actions()[0])
    assert st.scores == [before + 4, 0] and st.over == over and st.winner == (0 if over else None)


def test_makers_short_of_three_tricks_are_euchred():
    hands = ["9S 9C 10C QC KC",   # seat 0 orders with nothing
             "JH JD AH KH QH",
             "10H QS KS AS AC",
             "AD KD QD 10S JS"]
    g, st = start(hands)
    st.apply("order")
    st.apply("together")
    st.apply("discard 9H")
    while len(st.hands) < 1:
        st.apply(st.legal_actions()[0])
    side0, side1 = st.hands[0]["counters"]["tricks"]
    assert side0 < 3 and st.hands[0]["rows"]["euchred"] == [0, 2] and st.hands[0]["rows"]["made"] == [0, 0]


def test_the_table_names_the_turned_card_the_dealer_takes_and_counts_a_hand_laid_down():
    """Everyone saw the turned card, so taking it names it; a lone maker's partner lays the hand down face
    down, so the others hear how many cards, not which (rule 7 of the project: secrets stay secret)."""
    from interpreter.table import Table

    g = load(EUCHRE)
    st = g.new_state(shuffles=[deck(HANDS, "9H", g)], listen=True)
    st.apply("pass")
    st.apply("order")
    st.apply("alone")  # seat 1 alone: seat 3, the dealer, picks up, discards and lays its hand down
    st.apply("discard 10S")
    lines = Table(st, 0).events(st.events)
    assert "  → the turned card goes to seat 3: 9♥" in lines
    assert "  → seat 3 lays the hand down (out of play): 5 cards" in lines
    assert not any("10♠" in line for line in lines)  # the dealer's discard lies face down


STRONG = ["JH JD AH KH QH", "10H QS KS AS 10C", "QC KC 10D JC AC", "AD KD QD JS 9S"]  # seat 0: the top five
WEAK = ["9S 10S 9C 10C 9D", "10H QS KS AS QC", "KC 10D JC AC AD", "KD QD JS QH KH"]  # seat 0: nothing


@pytest.mark.parametrize("hands, expected", [(STRONG, "order"), (WEAK, "pass")])
def test_greedy_orders_up_by_the_hand_it_holds(hands, expected):
    """An order up gains nothing at once: greedy asks its small search, as in an auction, where it once chose
    at random (it ordered up half the time, and the makers were euchred in two hands of three)."""
    from interpreter.bots import make_bots

    g = load(EUCHRE)
    for seed in range(3):
        st = g.new_state(shuffles=[deck(hands, "9H", g)])
        bot = make_bots(["greedy"] * 4, seed)[0]
        assert st.move_text(bot.choose(st)) == expected


def test_when_the_dealers_left_sits_out_the_next_player_leads():
    """Seat 2 goes alone: its partner, seat 0 (the dealer's left, who would lead), lays the hand down; seat 1
    leads, and the table says so."""
    from interpreter.table import Table

    g, st = start()
    st.apply("pass")
    st.apply("pass")
    st.apply("order")
    st.apply("alone")
    st.apply("discard 10S")
    assert not st.zones["hand"][0] and st.to_act == 1
    assert Table(st, 1).trick_lines() == ["trick 1: you lead"]
    assert Table(st, 0).trick_lines() == ["trick 1: seat 1 leads"]
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert len(st.zones["trick"]) == 0 and sum(st.counters["tricks"]) == 1  # three cards made the trick


def test_the_table_announces_a_march_and_a_euchre():
    """The makers' result is said as players say it: a march (all five tricks, 2 points), a lone march (4),
    euchred (under three tricks: the defenders score 2); the table once showed only the rows' points
    (`made: us 0, them 2`; a table audit). Seed 7 deals such a game with greedy bots (seed 11 did before their
    playouts named trump as the suit held most)."""
    from click.testing import CliRunner

    from cli import main

    result = CliRunner().invoke(main, ["play", "euchre", "--bots", "greedy", "--seed", "7", "--seat", "2"],
                                input="1\n" * 300)
    lines = result.output.splitlines()
    assert "  a march by them (all five tricks)" in lines
    assert "  we were euchred as makers (under three tricks)" in lines
