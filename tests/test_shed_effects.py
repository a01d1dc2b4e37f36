"""Cards that act when laid (`after_lay` of a shedding play), from crazy-eights-action-cards.yaml (a house rule
that adds to E3: a two makes the next player draw two and miss the turn, a queen skips the next player, an ace
turns the play round) and fixed decks. Seat 0 is dealt first, one card at a time, and lays first."""

from __future__ import annotations

from interpreter import cards as C
from interpreter import load
from interpreter.table import Table
from tests.conftest import one_at_a_time

HANDS = ["2C QC AC 5S 6H",   # seat 0: a two, a queen and an ace of the starter's suit
         "4S 5H 7H 9D 10S",
         "9C JS 9H 3H 8D",
         "10D QS 10H KH KC"]


def start(game, hands=HANDS, stock="QD 6D 3D JC"):
    front = one_at_a_time(hands, 0, ["3C"] + stock.split())  # 3C: the starter
    return game.new_state(shuffles=[front + [c for c in C.NAMES[:52] if c not in front]], listen=True)


def held(st, seat: int) -> list[str]:
    return C.names(st.zones["hand"][seat])


def test_a_two_makes_the_next_player_draw_two_and_miss_the_turn():
    st = start(load("crazy-eights-action-cards"))
    st.apply("play 2C")
    assert sorted(held(st, 1)) == sorted(["4S", "5H", "7H", "9D", "10S", "QD", "6D"])  # the stock's first two
    assert st.to_act == 2 and [C.NAMES[c] for c in st.zones["stock"][:2]] == ["3D", "JC"]
    kinds = [(e["kind"], e.get("seat")) for e in st.events if e["kind"] in ("made_to_draw", "missed")]
    assert kinds == [("made_to_draw", 1), ("missed", 1)]


def test_a_queen_skips_the_next_player():
    st = start(load("crazy-eights-action-cards"))
    st.apply("play QC")
    assert st.to_act == 2 and len(held(st, 1)) == 5


def test_an_ace_turns_the_play_round_until_another_ace():
    st = start(load("crazy-eights-action-cards"))
    st.apply("play AC")
    assert st.to_act == 3  # back round the table
    st.apply("play KC")
    assert st.to_act == 2
    st.apply("play 9C")
    assert st.to_act == 1


def test_the_table_shows_that_play_goes_the_other_way_while_it_does():
    st = start(load("crazy-eights-action-cards"))
    assert "play goes the other way round the table" not in Table(st, 0).status()
    st.apply("play AC")
    assert "play goes the other way round the table" in Table(st, 0).status()
    assert "بازی در جهتِ برعکس می‌چرخد" in Table(st, 0, "fa").status()


def test_every_seats_view_says_which_way_play_goes_and_no_draw_is_owed_without_stacking():
    st = start(load("crazy-eights-action-cards"))
    assert [st.view(s)["play"]["direction"] for s in range(4)] == [1] * 4
    st.apply("play AC")
    assert [st.view(s)["play"] for s in range(4)] == [{"direction": -1, "owed": 0, "drawn": 0, "calling": False}] * 4
    st = start(load("crazy-eights-action-cards"))
    st.apply("play 2C")  # the two's draw is taken at once: nothing is left to answer
    assert st.view(2)["play"]["owed"] == 0 and "play" not in load("hokm").new_state(seed=1).view(0)


def test_with_two_players_a_skip_gives_the_same_player_another_turn(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text("extends: crazy-eights-2p.yaml\nname: two\nhand:\n  - name: play\n    play:\n      after_lay:\n"
                    "        - {name: skip, if: played.rank == Q, skip: 1}\n", encoding="utf-8")
    hands = ["2C QC AC 5S 6H 7S 8H", "4S 5H 7H 9D 10S JD KD"]
    st = start(load(str(path)), hands)
    st.apply("play QC")
    assert st.to_act == 0 and len(held(st, 0)) == 6


def test_what_a_card_that_calls_owes_comes_after_the_call(tmp_path):
    """An eight that also makes the next player draw: its player names the suit first; then the next player
    draws and misses the turn."""
    path = tmp_path / "eight.yaml"
    path.write_text("extends: crazy-eights.yaml\nname: eight\nhand:\n  - name: play\n    play:\n      after_lay:\n"
                    "        - {name: eight draws, if: played.rank == 8, draw: 1}\n", encoding="utf-8")
    hands = ["8S QC AC 5S 6H"] + HANDS[1:]
    st = start(load(str(path)), hands)
    st.apply("play 8S")
    assert st.to_act == 0 and len(held(st, 1)) == 5  # calling: nothing drawn yet
    st.apply("call H")
    assert st.to_act == 2 and len(held(st, 1)) == 6 and "QD" in held(st, 1)


def test_a_last_card_ends_the_hand_before_it_acts(tmp_path):
    """E6: laying one's last card ends the hand; a two laid last makes nobody draw."""
    path = tmp_path / "one.yaml"
    path.write_text("extends: crazy-eights-action-cards.yaml\nname: one\nhand:\n  - name: deal\n"
                    "    deal: [{to: hand, count: 1}, {to: discard, count: 1}]\n", encoding="utf-8")
    st = start(load(str(path)), ["2C", "4S", "9C", "10D"])
    st.apply("play 2C")
    assert len(st.hands) == 1 and st.hands[0]["points"][0] > 0
    assert not any(e["kind"] in ("made_to_draw", "missed") for e in st.events)


def test_the_table_names_the_cards_drawn_to_their_player_only():
    st = start(load("crazy-eights-action-cards"))
    st.apply("play 2C")
    drawer, other = Table(st, 1).events(st.events), Table(st, 2).events(st.events)
    assert any("you draw 2 cards: Q♦ 6♦" in line for line in drawer), drawer
    assert any("seat 1 draws 2 cards" in line for line in other), other
    assert not any("Q♦" in line or "6♦" in line for line in other), other
    assert any("you miss your turn" in line for line in drawer)


def test_coverage_counts_each_card_that_acted():
    """Each `after_lay` entry is a part of the ruleset coverage counts (the times a card laid acted by it): in
    three random games every one acts."""
    from interpreter.coverage import coverage

    game = load("crazy-eights-action-cards")
    items, _ = coverage(game, 3, 0, ["random"] * 4, 20)
    acted = {it.name: it.fired for it in items if it.kind == "lay effect"}
    assert set(acted) == {"play: draw two", "play: skip", "play: reverse"} and all(acted.values()), acted


def test_a_draw_the_stock_cannot_cover_restocks_or_says_nothing_is_left(tmp_path):
    """With `restock: true` the next player draws the stock's last card, then one from the pile shuffled into a
    new stock (all but its top, the two just laid); without it, a player made to draw from an empty stock draws
    nothing, is told so, and still misses the turn."""
    path = tmp_path / "restock.yaml"
    path.write_text("extends: crazy-eights-action-cards.yaml\nname: restock\nhand:\n  - name: play\n    play:\n"
                    "      restock: true\n", encoding="utf-8")
    st = start(load(str(path)))
    stock, pile = st.zones["stock"], st.zones["discard"]
    pile[:0], stock[1:] = stock[1:], []  # every card of the stock but one put under the starter
    restocked = len(pile)  # those cards and the starter: all the pile will hold but the 2C laid on top
    st.apply("play 2C")
    assert len(held(st, 1)) == 7 and st.to_act == 2
    assert C.names(pile) == ["2C"] and len(stock) == restocked - 1  # one of them drawn
    assert any(e["kind"] == "restock" for e in st.events)
    st = start(load("crazy-eights-action-cards"))
    st.zones["discard"][:0], st.zones["stock"][:] = st.zones["stock"], []
    st.apply("play 2C")
    assert len(held(st, 1)) == 5 and st.to_act == 2
    assert any("seat 1 must draw, but nothing is left to draw" in line for line in Table(st, 0).events(st.events))


def test_a_draw_the_stock_covers_only_in_part_says_so():
    """E5: a two makes the next player draw 2; with one card left in the stock (no restock) that player draws
    it, and the table says it was all there was of the 2 owed (it said "must draw 1 card" after the draw; a table
    audit)."""
    st = start(load("crazy-eights-action-cards"))
    st.zones["discard"][:0], st.zones["stock"][1:] = st.zones["stock"][1:], []
    st.apply("play 2C")
    assert len(held(st, 1)) == 6
    [said] = [line for line in Table(st, 0).events(st.events) if "draws" in line]
    assert said.endswith("seat 1 draws 1 card (of 2 owed: nothing more is left to draw)"), said
