"""Trick play that draws after each trick (`play: draw:`), the trick's winner first: Briscola, written
with the general blocks (a 40-card deck, a card turned up for trump that is drawn last)."""

from __future__ import annotations

import random

from interpreter import load

BRISCOLA = """\
name: briscola
description: Briscola for two; draw after each trick, the winner first; the turned trump card is drawn last
players: 2
deck:
  remove: [8S, 9S, 10S, 8H, 9H, 10H, 8D, 9D, 10D, 8C, 9C, 10C]
  values: {A: 11, 3: 10, K: 4, Q: 3, J: 2, 2: 0, 4: 0, 5: 0, 6: 0, 7: 0}
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  turned: {visible: all}
  trick: {visible: all}
  won: {owner: side, visible: all}
vars:
  trump: {type: suit}
values:
  card_points: sum(won)
hand:
  - name: deal
    deal: [{to: hand, count: 3}, {to: turned, count: 1}]
  - name: trump
    set: {trump: top(turned).suit}
  - name: tricks
    play:
      mode: trick
      leader: next(dealer)
      follow: FOLLOW
      trump: trump
      order: [2, 4, 5, 6, 7, J, Q, K, 3, A]
      draw: {count: 1, from: [stock, turned]}
scoring:
  - {name: game, points: "if card_points > 60 then 1 else 0"}
game:
  target: 3
"""


def briscola(tmp_path, follow=False, players=2):
    path = tmp_path / "briscola.yaml"
    text = BRISCOLA.replace("FOLLOW", "true" if follow else "false").replace("players: 2", f"players: {players}")
    path.write_text(text, encoding="utf-8")
    return load(path)


def test_every_card_is_played_and_hands_stay_full_while_cards_last(tmp_path):
    """40 cards: 3 each and one turned up, then one each after every trick until the stock and the turned
    card are gone: every hand scores all 120 card points, and a trick is led from full hands while cards
    are left to draw."""
    game = briscola(tmp_path)
    for seed in range(20):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        leads = 0
        while not st.hands:
            if not st.zones["trick"] and st.zones["stock"]:
                assert [len(h) for h in st.zones["hand"]] == [3, 3]
                leads += 1
            st.apply_move(rng.choice(st.legal_moves()))
        assert leads == 17  # 33 cards to draw after the deal: 16 draws from the stock, then the turned card
        assert sum(st.hands[0]["values"]["card_points"]) == 120


def test_the_winner_draws_first_and_the_turned_card_comes_last(tmp_path):
    game = briscola(tmp_path)
    st, rng = game.new_state(seed=4), random.Random(4)
    turned, draws = st.zones["turned"][0], 0
    while st.zones["stock"]:
        before, stock = [list(h) for h in st.zones["hand"]], list(st.zones["stock"])
        closes = len(st.zones["trick"]) == 1
        st.apply_move(rng.choice(st.legal_moves()))
        if closes:
            winner = st.trick_state.last_winner
            drawn = [[c for c in st.zones["hand"][s] if c not in before[s]] for s in range(2)]
            assert drawn[winner] == [stock[0]]
            assert drawn[1 - winner] == ([stock[1]] if len(stock) > 1 else [turned])
            draws += 1
    assert draws == 17 and not st.zones["turned"]


def test_a_draw_undoes_what_not_following_showed(tmp_path):
    """With the follow rule, a seat that does not follow shows it lacks the suit led (three players: the
    trick is still open); once it draws it may hold that suit again, so search must not go on assuming
    the void."""
    game = briscola(tmp_path, follow=True, players=3)
    for seed in range(100):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.hands and not st.trick_state.voids:
            st.apply_move(rng.choice(st.legal_moves()))
        if st.hands or len(st.zones["stock"]) < 3:
            continue
        while st.zones["trick"]:  # play the trick out: then every seat draws
            st.apply_move(rng.choice(st.legal_moves()))
        assert not st.trick_state.voids, st.trick_state.voids
        return
    raise AssertionError("no seed showed a void while cards were left to draw")


def test_search_plays_a_game_that_draws(tmp_path):
    from interpreter.bots import make_bots, parse_spec

    game = briscola(tmp_path, follow=True)
    st = game.new_state(seed=1)
    bots = make_bots(parse_spec("mcts:20", 2), seed=1)
    while not st.hands:
        move = bots[st.to_act].choose(st)
        assert move in st.legal_moves()
        st.apply_move(move)
    assert sum(st.hands[0]["values"]["card_points"]) == 120


GERMAN_WHIST = """\
name: german-whist
description: German Whist for two; 13 tricks for the cards of the stock, whose top lies face up, then 13 that score
players: 2
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: top}
  trick: {visible: all}
  won: {owner: seat, visible: all}
counters:
  early: {owner: seat}
  tricks: {owner: seat}
vars:
  trump: {type: suit}
hand:
  - name: deal
    deal: [{to: hand, count: 13}]
  - name: trump
    set: {trump: top(stock).suit}
  - name: early tricks
    play: {mode: trick, leader: next(dealer), follow: true, trump: trump,
           order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], draw: {count: 1, from: stock}, stop_when: empty(stock),
           tricks: early}
  - name: late tricks
    play: {mode: trick, leader: last_trick_winner, follow: true, trump: trump,
           order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], tricks: tricks}
scoring:
  - {name: tricks, points: "if tricks > opp(tricks) then tricks - opp(tricks) else 0"}
game:
  target: 50
"""


def test_stop_when_sees_the_stock_after_the_tricks_draw(tmp_path):
    """German Whist: the 13th trick's draw empties the stock, and that ends the first part: 13 tricks each."""
    path = tmp_path / "german-whist.yaml"
    path.write_text(GERMAN_WHIST, encoding="utf-8")
    game = load(path)
    for seed in range(5):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.hands:
            st.apply_move(rng.choice(st.legal_moves()))
        counters = st.hands[0]["counters"]
        assert sum(counters["early"]) == 13 and sum(counters["tricks"]) == 13, counters


def test_the_table_counts_each_parts_tricks_as_its_counter_does(tmp_path):
    """Each trick's line says the step's own counter: the first part's 'early' tricks, then the 'tricks' that
    score, as the hand's result shows them (the table once added both parts up under the name 'tricks')."""
    import io
    import re

    from interpreter.bots import make_bots
    from interpreter.display import Session
    from interpreter.screen import Screen

    path = tmp_path / "german-whist.yaml"
    path.write_text(GERMAN_WHIST, encoding="utf-8")
    st = load(path).new_state(seed=1, listen=True)
    out = io.StringIO()
    session = Session(st, 0, make_bots(["random"] * 2, 1), Screen(out, colour=False),
                      lambda: "" if st.hands else "1\n")
    session.run()
    played = out.getvalue().split("hand 1 is over")[0]
    said = re.findall(r"→ trick (\d+) goes to .* · (\w+): you (\d+), seat 1 (\d+)", played)
    assert [int(n) for n, *_ in said] == list(range(1, 27))
    assert {word for _, word, *_ in said[:13]} == {"early"} and {word for _, word, *_ in said[13:]} == {"tricks"}
    counters = st.hands[0]["counters"]
    assert [int(x) for x in said[12][2:]] == counters["early"] and [int(x) for x in said[-1][2:]] == counters["tricks"]


def test_each_seat_draws_as_many_cards_as_the_draw_count_says(tmp_path):
    """`draw: {count: 2}`: after a trick each seat, the winner first, draws two cards — a hand of three that
    played one holds four — while the stock lasts (an engine-mutation audit found the count unpinned)."""
    path = tmp_path / "briscola2.yaml"
    path.write_text(BRISCOLA.replace("FOLLOW", "false").replace("draw: {count: 1", "draw: {count: 2"),
                    encoding="utf-8")
    st = load(path).new_state(seed=1)
    stock = len(st.zones["stock"])
    for _ in range(2):
        st.apply(st.legal_actions()[0])
    assert [len(h) for h in st.zones["hand"]] == [4, 4] and len(st.zones["stock"]) == stock - 4
