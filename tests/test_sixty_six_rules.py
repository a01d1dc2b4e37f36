"""Sixty-six (rulesets/sixty-six.yaml), written only in YAML: each test pins one rule of the file's own ids (K1-K11,
in its header), on fixed deck orders. The sources: Wikipedia (https://en.wikipedia.org/wiki/Sixty-six_(card_game)),
catsatcards (https://catsatcards.com/Games/Sixty-Six.html), Foster's Complete Hoyle, symuli
(http://symuli.com/other/card-game-66/) and universalium's encyclopedia entry.

A fixed deck deals 3 cards to the player after the dealer (who leads), 3 to the dealer, 3 more each, then turns one
up for trump; the stock follows: `deal(first, dealer, turned, stock)`."""

from __future__ import annotations

import random

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.table import Table
from tests.conftest import deck_with

SUITS = "SHDC"


def deal(first: str, dealer: str, turned: str, stock: str = ""):
    g = load("sixty-six")
    a, b = first.split(), dealer.split()
    front = a[:3] + b[:3] + a[3:] + b[3:] + [turned] + stock.split()
    st = g.new_state(shuffles=[deck_with(front, g)], listen=True)
    assert st.to_act == 0 and sorted(C.names(st.zones["hand"][0])) == sorted(a)
    return st


def total(st, seat: int) -> int:
    return st.view(seat)["values"]["total"][seat]


def test_validates_without_warnings():
    """K1-K11: every part of the ruleset can fire, and validate has nothing to warn of."""
    assert load("sixty-six").notes == []


def test_twenty_four_cards_and_the_deal():
    """K1, K2 (Wikipedia: 24 cards, 9 to A; six each in threes, the next turned for trump): 6 each, the 13th card face
    up, its suit trump, 11 left in the stock."""
    g = load("sixty-six")
    assert sorted({n[:-1] for n in C.names(g.deck)}) == sorted(["9", "10", "J", "Q", "K", "A"]) and len(g.deck) == 24
    st = deal("AS 10S KS QH JH 9H", "AD 10D KD QC JC 9C", "9D")
    assert sorted(C.names(st.zones["hand"][1])) == sorted(["AD", "10D", "KD", "QC", "JC", "9C"])
    assert C.names(st.zones["turned"]) == ["9D"] and st.vars["trump"] == SUITS.index("D")
    assert len(st.zones["stock"]) == 11


@pytest.mark.parametrize("lead,answer,winner", [
    ("KS", "10S", 1),   # the 10 ranks above the king
    ("AS", "9D", 1),    # the lowest trump beats the ace led
    ("10S", "AH", 0),   # an ace of another suit (not trump) never wins
    ("JS", "QS", 1),    # Q above J
])
def test_ace_ten_ranking_and_trump(lead, answer, winner):
    """K3 (Wikipedia: A 10 K Q J 9; the higher trump, else the higher card of the suit led): the player after the
    dealer leads; the trick goes to the winner, who leads the next."""
    rest0, rest1 = "9H JH QH KH 9C".split(), "JC QC KC AC 10C".split()
    first = " ".join([lead] + [c for c in rest0 if c not in (lead, answer)][:5])
    second = " ".join([answer] + rest1[:5])
    st = deal(first, second, "JD")
    st.apply(f"play {lead}")
    st.apply(f"play {answer}")
    assert sorted(C.names(st.zones["won"][winner])) == sorted([lead, answer]) and st.to_act == winner


def test_no_need_to_follow_and_the_winner_draws_first():
    """K4 (catsatcards: not required to follow suit or trump while the stock lasts; the winner draws first): the
    dealer may answer a spade with anything; the winner draws the stock's top card, the other the next."""
    st = deal("KS 9H JH QH 9C JC", "10S AH 10H KC QC AC", "JD", "AD 9S")
    st.apply("play KS")
    assert sorted(st.legal_actions()) == sorted(f"play {c}" for c in "10S AH 10H KC QC AC".split())
    st.apply("play 10S")
    assert "AD" in C.names(st.zones["hand"][1]) and "9S" in C.names(st.zones["hand"][0])
    assert [len(h) for h in st.zones["hand"]] == [6, 6] and st.to_act == 1


def test_after_closing_follow_and_head_else_trump():
    """K5, K9 (symuli: once the stock is gone the players 'must follow the suit led (winning the trick when
    possible), they must trump'): after a close, a spade lead must be headed by a higher spade where one is held;
    else followed; a void player must trump; with neither, anything goes. No card is drawn after the trick."""
    st = deal("KS 9H JH QH 9C JC", "AS 9S AH 10H KC QC", "JD", "AD 10D")
    st.apply("close")
    assert st.vars["closed"] is True and st.vars["closer"] == 0
    st.apply("play KS")
    assert st.legal_actions() == ["play AS"]                   # heads the king
    st.apply("play AS")
    assert [len(h) for h in st.zones["hand"]] == [5, 5]        # K9: no more drawing
    st.apply("play 9S")                                        # seat 1 leads its last spade
    assert sorted(st.legal_actions()) == ["play 9C", "play 9H", "play JC", "play JH", "play QH"]  # void, no trump


def test_void_in_the_suit_led_must_trump():
    """K5: a void player holding a trump must trump; one that cannot beat the card led still follows."""
    st = deal("KS 9H JH QH 9C JC", "9S AH 10H KC QC 9D", "JD", "AD 10D")
    st.apply("close")
    st.apply("play 9H")
    assert sorted(st.legal_actions()) == ["play 10H", "play AH"]   # follows and heads
    st.apply("play AH")
    st.apply("play KC")
    assert st.legal_actions() == ["play 9C", "play JC"]            # cannot head the king: follows
    st.apply("play JC")
    st.apply("play 10H")
    assert sorted(st.legal_actions()) == ["play JH", "play QH"]    # cannot head: follows


def test_void_trumps():
    """K5: no card of the suit led, a trump held: the trump."""
    st = deal("KS 9H JH QH 9C JC", "9D AH 10H KC QC AC", "JD", "AD 10D")
    st.apply("close")
    st.apply("play KS")
    assert st.legal_actions() == ["play 9D"]


def strict_plays(st) -> list[str]:
    """K5 worked out here from the hand: the cards of the suit led that beat the card led, else of the suit led,
    else trumps, else any."""
    hand, led = st.zones["hand"][st.to_act], st.zones["trick"][0]
    trump, order = st.vars["trump"], ["9", "J", "Q", "K", "10", "A"]

    def beats(c):
        if C.SUIT[c] == C.SUIT[led]:
            return order.index(C.NAMES[c][:-1]) > order.index(C.NAMES[led][:-1])
        return C.SUIT[c] == trump and C.SUIT[led] != trump

    for test in (lambda c: C.SUIT[c] == C.SUIT[led] and beats(c), lambda c: C.SUIT[c] == C.SUIT[led],
                 lambda c: C.SUIT[c] == trump):
        picked = [c for c in hand if test(c)]
        if picked:
            return sorted(f"play {C.NAMES[c]}" for c in picked)
    return sorted(f"play {C.NAMES[c]}" for c in hand)


def test_strict_play_once_the_stock_is_exhausted():
    """K5, K4 (symuli: 'once the stock is gone, with the turned up trump taken by the loser of the sixth trick'):
    over random games, the second player's plays are free while the stock or the turned card lasts and the hand is
    not closed, and K5's afterwards."""
    g, checked = load("sixty-six"), 0
    for seed in range(40):
        st, rng = g.new_state(seed=seed), random.Random(seed)
        while not st.hands:
            moves = st.legal_actions()
            if st.zones["trick"] and not any(m.split()[0] != "play" for m in moves):
                strict = st.vars["closed"] or not st.zones["stock"] and not st.zones["turned"]
                hand = sorted(f"play {C.NAMES[c]}" for c in st.zones["hand"][st.to_act])
                assert sorted(moves) == (strict_plays(st) if strict else hand)
                checked += strict
            st.apply(rng.choice(moves))
    assert checked > 100


def test_card_points_and_the_last_trick():
    """K6 (Foster: A 11, 10 10, K 4, Q 3, J 2; the last trick 10 only when every card is played): a hand whose 12
    tricks are all played has 120 card points, and 10 for the last trick to its winner; a hand stopped or closed
    before, none."""
    g = load("sixty-six")
    seen = 0
    for seed in range(60):
        st, rng = g.new_state(seed=seed), random.Random(seed)
        while not st.hands:
            st.apply(rng.choice(st.legal_actions()))
        values = st.hands[0]["values"]
        if sum(values["taken"]) == 12:
            seen += 1
            assert sum(values["card_total"]) == 120 and sorted(values["last_trick"]) == [0, 10]
        else:
            assert values["last_trick"] == [0, 0]
    assert seen > 0


def test_a_marriage_counts_once_a_trick_is_won_and_its_card_is_led():
    """K7 (universalium: a marriage shown when leading one of its cards scores 20, 40 in trump, annulled if its
    holder wins no trick): the leader declares K and Q of spades for 20 and must lead one of them; the 20 counts
    only once it wins a trick."""
    st = deal("KS QS 9H 9C JC 10D", "AS 10S AH 10H KC AC", "9D", "AD KD QD JD QC JH")
    assert "declare QS KS" in st.legal_actions()
    st.apply("declare KS QS")                                  # typed in any order
    assert st.counters["marriages"] == [20, 0]
    assert sorted(st.legal_actions()) == ["close", "play KS", "play QS"]   # one of them must be led
    from interpreter.actions import why_illegal
    assert why_illegal(st, "play 9H", "play 9H").startswith(  # said so (it said "you have no 9♥ to play")
        "'play 9H' is not a legal move: you declared QS KS, so you lead one of them, not 9H")
    st.apply("play KS")
    st.apply("play AS")                                        # seat 1 wins
    assert total(st, 0) == 0                                   # not yet: no trick won
    st.apply("play 10H")
    st.apply("play 9H")
    assert total(st, 0) == 0
    st.apply("play KC")
    st.apply("play 10D")                                       # seat 0 trumps: 14, and the marriage counts
    assert total(st, 0) == 14 + 20


def test_the_marriage_in_trump_is_40_and_a_set_once():
    """K7: the king and queen of trump make 40; once shown, the set is not offered again."""
    st = deal("KD QD 9H 9C JC QC", "AS 10S AH 10H KC AC", "JD", "9D AD 10D KS QS JH")
    st.apply("declare QD KD")
    assert st.counters["marriages"] == [40, 0]
    assert not any(m.startswith("declare") for m in st.legal_actions())
    st.apply("play QD")
    st.apply("play AS")                                        # seat 0 wins with trump
    assert total(st, 0) == 40 + 3 + 11
    assert not any(m.startswith("declare") for m in st.legal_actions())


def test_the_nine_of_trump_for_the_turned_card_after_a_trick():
    """K8 (symuli: only by a player who has the lead and has won at least one trick): the 9 of trump is offered for
    the turned card only once its holder has won a trick, when leading."""
    st = deal("9D AS 9H 9C JC QC", "KS 10S AH 10H KC AC", "JD", "JS QS 10D KD")
    assert "swap 9D" not in st.legal_actions()                  # no trick won yet
    st.apply("play AS")
    st.apply("play KS")
    assert "swap 9D" in st.legal_actions()
    st.apply("swap 9D")
    assert "JD" in C.names(st.zones["hand"][0]) and C.names(st.zones["turned"]) == ["9D"]


def test_66_ends_the_hand_at_once_and_three_game_points():
    """K10, K11 (Wikipedia: the first to 66 wins the hand, 3 game points when the loser took no trick): two tricks
    of an ace and a ten (42) and the trump marriage (40) make 82: the hand ends as the marriage is shown, before
    its card is led; the loser took no trick: 3 game points."""
    st = deal("AH AD KS QS 9C JC", "10H 10D 9H 9D JH JD", "9S", "QC KC AC 10C QD KD")
    st.apply("play AH")
    st.apply("play 10H")
    st.apply("play AD")
    st.apply("play 10D")
    assert total(st, 0) == 42
    st.apply("declare QS KS")
    hand = st.hands[0]
    assert hand["values"]["total"] == [82, 0] and hand["points"] == [3, 0]


def test_a_closer_short_of_66_before_the_other_won_a_trick_gives_it_three():
    """K9, K10, K11 (symuli: to close is a commitment to reach 66; Berner-Mayer 1895: a player who closes "before
    his opponent has won a trick, and fails to count sixty-six", gives him three): seat 0 closes at once and plays
    its cards out without 66: seat 1 scores 3 game points, though it takes tricks after the close."""
    st = deal("KS 9H JH QH 9C JC", "AS 9S AH 10H KC QC", "JD", "AD 10D")
    st.apply("close")
    assert st.counters["tricks_at_close"] == [0, 0] and st.counters["points_at_close"] == [0, 0]
    while not st.hands:
        st.apply(st.legal_actions()[0])
    hand = st.hands[0]
    assert hand["values"]["total"][0] < 66 and hand["values"]["taken"][1] > 0 and hand["points"] == [0, 3]


def test_a_closer_short_of_66_after_the_other_won_a_trick_gives_it_two():
    """K11: seat 1 wins the first trick (A♥ on 9♥, 11 points), then seat 0, leading after winning the second,
    closes and falls short: seat 1 scores 2; the close noted each one's tricks and points as it found them."""
    st = deal("9H AD JH QH 9C JC", "AH 10D 9S 10H KC QC", "JD", "KD QD AS 10S 9D KH QS KS AC 10C JS")
    st.apply("play 9H")
    st.apply("play AH")  # seat 1: 11
    st.apply("play 10D")
    st.apply("play AD")  # seat 0: 21
    st.apply("close")
    assert st.vars["closer"] == 0
    assert st.counters["tricks_at_close"] == [1, 1] and st.counters["points_at_close"] == [21, 11]
    while not st.hands:
        st.apply(st.legal_actions()[0])
    hand = st.hands[0]
    assert hand["values"]["total"][0] < 66 and hand["points"] == [0, 2]


def test_game_points_by_the_losers_points_and_the_game_to_seven():
    """K11 (Wikipedia: 1 game point, 2 when the loser has under 33, 3 when the loser took no trick; 7 win): every hand
    of random games scores its winner by that rule — in a closed hand by the loser's tricks and points at the close,
    and a failed closer's opponent 2, or 3 if it had no trick at the close — and the game ends at 7."""
    g = load("sixty-six")
    for seed in range(20):
        st, rng = g.new_state(seed=seed), random.Random(seed)
        at_close = {}  # hand index: (tricks, points) of each side as the close was made, read off the table's view
        while not st.over:
            action = rng.choice(st.legal_actions())
            if action == "close":
                view = st.view(0)
                at_close[len(st.hands)] = ([len(pile) // 2 for pile in view["zones"]["won"]], view["values"]["total"])
            st.apply(action)
        for k, hand in enumerate(st.hands):
            values, closed = hand["values"], hand["vars"]["closed"]
            winner = values["won_hand"].index(1)
            loser = 1 - winner
            taken, points = values["taken"], values["total"]
            if closed:  # as the close found the hand
                taken, points = at_close[k]
                assert [list(taken), list(points)] == [hand["counters"]["tricks_at_close"],
                                                       hand["counters"]["points_at_close"]]
            if closed and hand["vars"]["closer"] != winner:
                expected = 3 if taken[winner] == 0 else 2
            elif taken[loser] == 0:
                expected = 3
            else:
                expected = 2 if points[loser] < 33 else 1
            assert hand["points"][winner] == expected and hand["points"][loser] == 0
        assert max(st.scores) >= 7


def test_the_table_says_a_marriage_and_a_close_in_both_languages():
    """K7, K9: the table names the marriage's cards and points, and the close, to both players, in English and
    Persian."""
    for lang, marriage, close in (("en", "seat 0 shows a marriage, Q♠ K♠: 20 to marriages", "seat 0 closes"),
                                  ("fa", "عروسی نشان داد", "بست")):
        st = deal("KS QS 9H 9C JC QC", "AS 10S AH 10H KC AC", "JD", "9D AD 10D KD QD JH")
        table = Table(st, 1, lang)
        st.apply("declare KS QS")
        st.apply("close")
        lines = "\n".join(table.events(st.events))
        assert marriage in lines and close in lines


def test_a_random_playout_never_closes_though_a_player_may():
    """K9 is a wager a random rest of the hand cannot judge: the close is a legal move, but the search's random
    playouts pick among the others (`playout_moves`), as the search's tree never tries it."""
    st = deal("KS 9H JH QH 9C JC", "AS 9S AH 10H KC QC", "JD", "AD 10D")
    assert "close" in st.legal_actions()
    step, texts = st.acting, set(st.legal_actions())
    playout = {st.move_text(m) for m in step.playout_moves(st)}
    assert playout == texts - {"close"}
    rng, close = random.Random(5), next(m for m in st.legal_moves() if st.move_text(m) == "close")
    for _ in range(20):  # whole random playouts from here: nobody ever closes
        copy = st.copy()
        step.play_random(copy, rng.random)
        played = [m for _, i, m in copy.log[len(st.log):] if i == st.step]
        assert len(played) >= 5 and close not in played


def test_a_declaration_or_close_refused_says_why():
    """A review: `close` when already closed said "it is not time to close"; a declaration refused said nothing
    of why. Each says its rule, in both languages."""
    from interpreter.actions import why_illegal

    st = deal("KS 9H JH QH 9C JC", "AS 9S AH 10H KC QC", "JD", "AD 10D")
    st.apply("close")
    said = {verb: why_illegal(st, verb, verb, table=True) for verb in ("close", "declare QH KH")}
    assert said["close"].startswith("'close' is not a legal move: the close was made already this hand")
    assert "you do not hold K♥" in said["declare QH KH"]  # its set not held: the card missing
    st.apply("play KS")
    assert "only the player to lead closes, before leading" in why_illegal(st, "close", "close", table=True)
    assert "only the player to lead declares" in why_illegal(st, "declare QC KC", "declare QC KC", table=True)
    assert "فقط بازیکنی که شروع می‌کند، پیش از شروع، می‌بندد" in why_illegal(st, "close", "close", lang="fa", table=True)


def test_a_declaration_refused_names_the_set_typed_and_why():
    """A user audit: at the table `declare 7S KS` was taken for two moves ("one move a turn here, so type one card
    of the 2") and `declare QC KS` was refused as 'declare KS'. A set typed is one move: refused, the refusal
    names it as typed, and why: a card of it not held, not a set this play declares, declared already."""
    import io

    from interpreter.actions import why_illegal
    from interpreter.display import Refusal, Session
    from interpreter.screen import Screen

    st = deal("KS QS 9H 9C JC KD", "AS 10S AH 10H KC AC", "9D", "AD QD JD 10D QC JH")
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "")
    said = {}
    for typed in ("declare 7S KS", "declare QC KS", "declare 9H KS", "declare KD QS KS"):
        with pytest.raises(Refusal) as refused:
            session.understand(typed, session.table.menu())
        said[typed] = str(refused.value)
    assert said["declare 7S KS"].startswith("'declare 7S KS' is not a legal move: you do not hold 7♠"), said
    assert said["declare QC KS"].startswith("'declare QC KS' is not a legal move: you do not hold Q♣"), said
    assert said["declare 9H KS"].startswith("'declare 9H KS' is not a legal move: K♠ 9♥ is not a set to declare"
                                            " (here: marriage)"), said
    assert "one move a turn" not in " ".join(said.values())
    st.apply("declare QS KS")
    assert why_illegal(st, "declare KS QS", "declare QS KS").startswith(
        "'declare KS QS' is not a legal move: one declaration a turn, and you have made yours")


def test_a_swap_typed_where_the_play_has_none_is_refused_plainly(tmp_path):
    """A house rule without the 9's exchange (`swap: null`): typing a swap is refused by the moves there are; the
    refusal asked the absent swap why, and failed."""
    from interpreter.actions import why_illegal

    path = tmp_path / "no-swap.yaml"
    path.write_text("extends: sixty-six\nname: no-swap\nhand:\n  - name: tricks\n    play:\n      swap: null\n",
                    encoding="utf-8")
    st = load(path).new_state(seed=3)
    assert not any(a.startswith("swap") for a in st.legal_actions())
    assert why_illegal(st, "swap 9D", "swap 9D", table=True) == (
        "'swap 9D' is not a legal move: now you may close or declare or play")


def test_a_close_typed_where_the_play_has_none_is_refused_plainly(tmp_path):
    """`close: null`: typing `close` at a lead is refused by the moves there are (the refusal read the absent
    close's variable, and failed)."""
    from interpreter.actions import why_illegal

    path = tmp_path / "no-close.yaml"
    path.write_text("extends: sixty-six\nname: no-close\nhand:\n  - name: tricks\n    play:\n      close: null\n",
                    encoding="utf-8")
    st = load(path).new_state(seed=3)
    assert "close" not in st.legal_actions()
    assert why_illegal(st, "close", "close", table=True) == "'close' is not a legal move: now you may declare or play"


def test_the_sheet_says_what_the_close_notes():
    """K9, K11: the rules sheet says the close and what it notes for the game points, in both languages."""
    from interpreter.sheet import sheet

    assert ("**closed** becomes true, and **closer** names the closer; as it closes, **tricks at close** becomes"
            " `taken`, **points at close** becomes `total`") in sheet(load("sixty-six"), "en")
    assert "هنگام بستن، **دست‌ها هنگام بستن** می‌شود" in sheet(load("sixty-six"), "fa")


def test_the_table_says_why_play_stopped_before_the_cards_ran_out():
    """K10 (a table audit: a hand ended at 66 in mid-stock without a word): the trump marriage takes seat 0 to 82
    and play stops at once; the table says so, for whom, with the points the stop reads, in both languages."""
    st = deal("AH AD KS QS 9C JC", "10H 10D 9H 9D JH JD", "9S", "QC KC AC 10C QD KD")
    for move in ("play AH", "play 10H", "play AD", "play 10D", "declare QS KS"):
        st.apply(move)
    stopped = [e for e in st.events if e["kind"] == "stopped"]
    assert len(stopped) == 1 and stopped[0]["sides"] == [0] and stopped[0]["hand"] == 0
    assert "  → play stops (you) · points: you 82, seat 1 0" in Table(st, 0).events(list(st.events))
    assert "  → play stops (seat 0) · points: you 0, seat 0 82" in Table(st, 1).events(list(st.events))
    said = "بازیِ این دور تمام شد، چون شرط پایانش برای شما برقرار شد · "  # why it ended, and for whom
    assert any(said in line for line in Table(st, 0, "fa").events(list(st.events)))


def test_the_hand_result_says_why_the_game_points_are_what_they_are():
    """K7, K10, K11 (a Western games audit: a result of 3 game points said nothing of why, nor that a marriage
    shown by a player with no trick never counted): the reasons, from the ruleset's own announced values."""
    st = deal("AH AD KS QS 9C JC", "10H 10D 9H 9D JH JD", "9S", "QC KC AC 10C QD KD")
    for move in ("play AH", "play 10H", "play AD", "play 10D", "declare QS KS"):
        st.apply(move)
    said = "\n".join(Table(st, 0).hand_result(0))
    assert "  you reached 66\n  you win 3: the other took no trick" in said, said
    assert "seat 0 reached 66" in "\n".join(Table(st, 1).hand_result(0))
    st = deal("KS 9H JH QH 9C JC", "AS 9S AH 10H KC QC", "JD", "AD 10D")
    st.apply("close")
    while not st.hands:
        st.apply(st.legal_actions()[0])
    said = "\n".join(Table(st, 0).hand_result(0))
    assert "you closed the stock before the other won a trick and did not reach 66: the other wins 3" \
        in " ".join(said.split()), said
    persian = " ".join(" ".join(Table(st, 0, "fa").hand_result(0)).split())
    assert "شما پیش از آنکه حریفتان دستی ببرد دسته را بستید" in persian, persian
    st = deal("9H AD JH QH 9C JC", "AH 10D 9S 10H KC QC", "JD", "KD QD AS 10S 9D KH QS KS AC 10C JS")
    for move in ("play 9H", "play AH", "play 10D", "play AD", "close"):  # closed after the other won a trick
        st.apply(move)
    while not st.hands:
        st.apply(st.legal_actions()[0])
    said = " ".join(" ".join(Table(st, 0).hand_result(0)).split())
    assert "you closed the stock and did not reach 66: the other wins 2" in said and "wins 3" not in said, said
    st = deal("QH KH 9S 9C JC JS", "AH AD AC 10H 10D 10C", "9D", "QC KC")  # a marriage shown, no trick won:
    st.apply("declare QH KH")  # seat 0 plays its lowest card (a trump last), seat 1 its highest
    st.apply("play QH")
    while not st.hands:
        plays = [a for a in st.legal_actions() if a.startswith("play")]
        low = [(a.split()[1].endswith("D"), "9 J Q K 10 A".split().index(a.split()[1][:-1]), a) for a in plays]
        st.apply(min(low)[2] if st.to_act == 0 else max(low)[2])
    assert st.hands[0]["counters"]["marriages"][0] == 20 and st.hands[0]["values"]["taken"][0] == 0
    assert "your marriage points do not count: you won no trick" in "\n".join(Table(st, 0).hand_result(0))


def test_the_sheets_swap_example_is_a_nine_of_trump():
    """K8 (a Western games audit: the sheet's example was `swap AS`, a card the swap never takes): the example is
    a card the swap's test lets go, read in a game begun, where trump is named."""
    from interpreter.sheet import sheet

    text = sheet(load("sixty-six"), "en")
    example = text.split("(`swap ", 1)[1].split("`", 1)[0]
    assert example[0] == "9" and example[1] in SUITS, example
