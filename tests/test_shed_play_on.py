"""Play that goes on once a player is out (`until: one_left`) and places in going out (`places`), from
crazy-eights-last-one-loses.yaml (a house rule instead of E6: play on until one player alone holds cards, who
scores them against him) and fixed decks of two cards each. Seat 0 is dealt first and lays first; the starter
is 3C."""

from __future__ import annotations

import random

from interpreter import cards as C
from interpreter import load, records
from interpreter.sheet import sheet
from interpreter.table import Table
from tests.conftest import one_at_a_time

HANDS = ["4C 5C",   # seat 0: out first
         "6C 2H",   # seat 1: draws, and is the last one left
         "9C 9H",   # seat 2: out second
         "KC QD"]   # seat 3: draws, out third
STOCK = "5H 9D 2D JS"


def two_each(tmp_path, base: str = "crazy-eights-last-one-loses", play: str = ""):
    """`base` dealt two cards each, with `play` (lines of its play step's keys) added, loaded."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}.yaml\nname: house\nhand:\n  - name: deal\n"
                    "    deal: [{to: hand, count: 2, at_a_time: 1}, {to: discard, count: 1}]\n"
                    + ("  - name: play\n    play:\n" + play if play else ""), encoding="utf-8")
    return load(str(path))


def start(game, hands=HANDS, stock=STOCK):
    front = one_at_a_time(hands, 0, ["3C"] + stock.split())
    return game.new_state(shuffles=[front + [c for c in C.NAMES[:52] if c not in front]], listen=True)


def play_out(st) -> None:
    """The hand as HANDS and STOCK make it, each move checked to be the one the seat must make."""
    for seat, action in [(0, "play 4C"), (1, "play 6C"), (2, "play 9C"), (3, "play KC"),
                         (0, "play 5C"),                        # seat 0 is out: place 1
                         (1, "draw"), (1, "play 5H"),           # 2H cannot go on 5C; 5H, drawn, can
                         (2, "play 9H"),                        # seat 2 is out: place 2
                         (3, "draw"), (3, "play 9D"),           # QD cannot go on 9H
                         (1, "draw"), (1, "play 2D"),           # seat 0, out, is passed over
                         (3, "play QD")]:                       # seat 3 is out: place 3, seat 1 is left
        assert st.to_act == seat, (seat, action)
        st.apply(action)


def test_play_goes_on_past_those_out_until_one_is_left(tmp_path):
    st = start(two_each(tmp_path))
    play_out(st)
    assert len(st.hands) == 1  # the hand ended with one left
    assert st.hands[0]["counters"]["place"] == [1, 4, 2, 3]
    assert [(e["kind"], e["seat"], e["place"]) for e in st.events if e["kind"] in ("out", "last_left")] == [
        ("out", 0, 1), ("out", 2, 2), ("out", 3, 3), ("last_left", 1, 4)]
    assert st.hands[0]["points"] == [0, 2, 0, 0]  # the last one left scores his 2H against him


def test_first_out_with_places_ends_the_hand_at_once_and_places_only_that_player(tmp_path):
    st = start(_places_only(tmp_path))
    for action in ["play 4C", "play 6C", "play 9C", "play KC", "play 5C"]:
        st.apply(action)
    assert len(st.hands) == 1 and st.hands[0]["counters"]["place"] == [1, 0, 0, 0]
    assert st.hands[0]["points"][0] == 2 + 9 + 10  # E6: the others' cards, to the player out
    assert "each player's place in going out is kept in **place**: 1 for the first\n" in sheet(st.game)


def _places_only(tmp_path):
    """Crazy Eights (the hand ends as the first is out) with places kept, two cards each."""
    path = tmp_path / "placed.yaml"
    path.write_text("extends: crazy-eights.yaml\nname: placed\ncounters:\n  place: {owner: seat}\nhand:\n"
                    "  - name: deal\n    deal: [{to: hand, count: 2, at_a_time: 1}, {to: discard, count: 1}]\n"
                    "  - name: play\n    play:\n      places: place\n", encoding="utf-8")
    return load(str(path))


def test_an_eight_laid_as_a_last_card_names_no_suit_and_play_goes_on(tmp_path):
    hands = ["8C 8H", HANDS[1], HANDS[2], HANDS[3]]
    st = start(two_each(tmp_path), hands)
    st.apply("play 8C")
    st.apply("call D")
    for action in ["draw", "draw", "play 9D"]:  # seat 1 holds no diamond: draws 5H, 9D
        st.apply(action)
    st.apply("play 9C")  # seat 2, on a nine
    st.apply("play KC")  # seat 3, on a club
    assert st.to_act == 0
    st.apply("play 8H")  # seat 0's last card: out, and no suit to name
    assert not st.phase["calling"] and st.to_act == 1 and st.vars["called"] == C.SUITS.index("H")


def test_a_record_replays_and_resumes_a_game_played_on(tmp_path):
    game = load("crazy-eights-last-one-loses")
    st, rng = game.new_state(seed=11), random.Random(11)
    while not st.over and len(st.hands) < 3:
        st.apply_move(rng.choice(st.legal_moves()))
    again = records.replay(records.make(st, "crazy-eights-last-one-loses"))
    assert again.actions == st.actions and again.scores == st.scores
    assert [h["counters"]["place"] for h in again.hands] == [h["counters"]["place"] for h in st.hands]
    for h in st.hands:  # each hand ends with one left, or blocked; the places are a ranking of those out
        placed = sorted(p for p in h["counters"]["place"] if p)
        assert placed == list(range(1, len(placed) + 1))


def test_the_table_and_the_rules_sheet_tell_of_going_out(tmp_path):
    st = start(two_each(tmp_path))
    st.events.clear()
    play_out(st)
    lines = Table(st, 1).events(st.events)
    assert "  → seat 2 is out of cards: place 2" in lines
    assert "  → you are the last one left holding cards: place 4" in lines
    fa = Table(st, 0, "fa").events(st.events)
    assert any("رتبه‌ی ۱" in x for x in fa)
    text = sheet(load("crazy-eights-last-one-loses"))
    assert "a player who lays his last card is out, and play goes on among the others" in text
    assert "1 for the first, the last one left the next" in text
    assert "when every player still holding cards has passed in turn, the hand ends" in text


def test_a_draw_owed_and_the_turn_it_costs_pass_over_a_player_who_is_out(tmp_path):
    """Stacking twos with play going on: seat 3's two is owed by seat 1, seat 0 being out; seat 1 takes it,
    misses the turn, and seat 2 plays next."""
    path = tmp_path / "stacked.yaml"
    path.write_text("extends: crazy-eights-stacking.yaml\nname: stacked\ncounters:\n  place: {owner: seat}\nhand:\n"
                    "  - name: deal\n    deal: [{to: hand, count: 2, at_a_time: 1}, {to: discard, count: 1}]\n"
                    "  - name: play\n    play:\n      until: one_left\n      places: place\n", encoding="utf-8")
    st = start(load(str(path)), ["5C 6C", "7C 9D", "4C 3H", "KC 2D"], "10D 6D 3D QS JS")
    for seat, action in [(0, "play 5C"), (1, "play 7C"), (2, "play 4C"), (3, "play KC"),
                         (0, "play 6C"),                                    # seat 0 is out
                         (1, "draw"), (1, "draw"), (1, "play 6D"), (2, "draw"), (2, "play 3D"),
                         (3, "play 2D")]:                                   # a two: owed by seat 1, not seat 0
        assert st.to_act == seat, (seat, action)
        st.apply(action)
    assert st.to_act == 1 and st.legal_actions() == ["draw"]
    st.apply("draw")
    assert sorted(C.names(st.zones["hand"][1])) == ["10D", "9D", "JS", "QS"]  # 10D drawn before
    assert [e["seat"] for e in st.events if e["kind"] in ("owed", "missed")] == [1, 1] and st.to_act == 2
