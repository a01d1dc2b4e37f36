"""The general blocks the new games are written with, each on a small ruleset of its own:
top() and no_card, holder(), per-game counters, packet sizes worked out in play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import IllegalAction, RulesetError, load
from interpreter import cards as C
from interpreter.table import Table
from tests.conftest import RULESETS, deck_with, pasur_sweeping, two_player_tricks

BLOCKS = """
name: blocks
players: 2
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  pile: {owner: seat, visible: top}
  trick: {visible: all}
  won: {owner: side, visible: all}
counters:
  kept: {owner: seat, per: game}
  plain: {owner: seat}
vars:
  stock_top: {type: int}
  pile_top: {type: int}
  empty_suit: {type: suit}
  empty_rank: {type: int}
  holder_of: {type: int}
  nobody: {type: int}
hand:
  - name: deal
    deal: [{to: hand, count: "hand_number + 1"}, {to: pile, count: 2}]
  - name: look
    set:
      stock_top: top(stock).rank
      pile_top: top(pile(0)).rank
      empty_suit: top(trick).suit
      empty_rank: top(trick).rank + top(trick).value + (if top(trick) == no_card then 100 else 0)
      holder_of: holder(3S)
      nobody: holder(top(stock))
      plain: plain + 1
  - name: play
    play: {mode: trick, tricks: plain}
game:
  hands: 2
  after_hand:
    kept: kept + plain
"""


@pytest.fixture
def blocks(tmp_path):
    path = tmp_path / "blocks.yaml"
    path.write_text(BLOCKS, encoding="utf-8")
    return load(path)


def order(g):
    # hand 1 (dealer 1): seat 0 gets AS 2S, seat 1 3S 4S; piles: seat 0 5S 6S, seat 1 7S 8S; the stock from 9S
    return deck_with("AS 2S 3S 4S 5S 6S 7S 8S 9S".split(), g)


def test_top_of_a_stock_is_the_next_card_dealt_of_a_pile_the_last_put_on_it(blocks):
    st = blocks.new_state(shuffles=[order(blocks)])
    assert st.vars["stock_top"] == 9 and C.NAMES[st.zones["stock"][0]] == "9S"
    assert st.vars["pile_top"] == 6 and C.names(st.zones["pile"][0]) == ["5S", "6S"]


def test_top_of_an_empty_zone_is_no_card_of_no_suit_rank_and_value_0(blocks):
    st = blocks.new_state(shuffles=[order(blocks)])
    assert st.vars["empty_suit"] == C.NO_SUIT and st.vars["empty_rank"] == 100


def test_holder_is_the_seat_holding_a_card_else_minus_1(blocks):
    st = blocks.new_state(shuffles=[order(blocks)])
    assert st.vars["holder_of"] == 1  # 3S in seat 1's hand
    assert st.vars["nobody"] == -1  # the stock is no seat's


def test_a_packet_size_worked_out_in_play(blocks):
    st = blocks.new_state(shuffles=[order(blocks)], seed=1)
    assert [len(h) for h in st.zones["hand"]] == [2, 2]  # hand_number + 1
    while len(st.hands) < 1:
        st.apply(st.legal_actions()[0])
    assert [len(h) for h in st.zones["hand"]] == [3, 3]


def test_per_game_counters_carry_over_and_per_hand_ones_start_again(blocks):
    st = blocks.new_state(seed=3)
    while len(st.hands) < 1:
        st.apply(st.legal_actions()[0])
    first = st.hands[0]["counters"]["plain"]
    assert sum(first) == 2 + 2  # one from `set`, two tricks
    assert st.counters["kept"] == first and st.counters["plain"] == [1, 1]
    while not st.over:
        st.apply(st.legal_actions()[0])
    assert sum(st.hands[1]["counters"]["plain"]) == 2 + 3
    assert st.hands[1]["counters"]["kept"] == first  # as the hand was scored; after the last, the game is over


def test_a_game_of_a_fixed_number_of_hands_ends_after_them(blocks):
    st = blocks.new_state(seed=3)
    while not st.over:
        st.apply(st.legal_actions()[0])
    assert len(st.hands) == 2
    assert st.draw == (st.scores[0] == st.scores[1])


def _variant(tmp_path, choose: str):
    path = tmp_path / "v.yaml"
    path.write_text(f"extends: hokm\nname: v\nhand:\n  - name: trump\n    choose: {choose}\n", encoding="utf-8")
    return path


def test_forbid_if_strikes_out_the_options_a_choice_may_not_take(tmp_path):
    """`choose: forbid_if` (with `choice`, the option judged, and the chooser as `seat`): a hakem who must
    name a suit he holds, other than spades (a new author's Euchre could not bar the suit turned down)."""
    game = load(_variant(tmp_path, "{who: hakem, verb: trump, options: suits, sets: trump,"
                                   " forbid_if: 'choice == S or count(hand[suit == choice]) == 0'}"))
    plain = load("hokm")
    for seed in range(8):
        st, before = game.new_state(seed=seed), plain.new_state(seed=seed)
        held = {C.SUITS[C.SUIT[c]] for c in st.zones["hand"][st.to_act]}
        assert st.legal_actions() == sorted(f"trump {s}" for s in held - {"S"})
        assert before.legal_actions() == ["trump C", "trump D", "trump H", "trump S"]


def test_forbid_if_of_a_word_choice_reads_the_word_and_the_chooser(tmp_path):
    """A word choice's `choice` is the word, and `seat` the chooser: seat 0 may not throw in (H7's step)."""
    path = tmp_path / "w.yaml"
    path.write_text("extends: hokm\nname: w\noptions: {throw_in: true}\nhand:\n  - name: throw in\n"
                    "    when: 'true'\n    choose: {who: hakem, options: [keep, redeal], sets: throw,"
                    " forbid_if: 'choice == \"redeal\" and seat == 0'}\n", encoding="utf-8")
    game = load(path)
    seen = set()
    for seed in range(12):
        st = game.new_state(seed=seed)
        seen.add(st.to_act)
        assert st.legal_actions() == (["keep"] if st.to_act == 0 else ["keep", "redeal"])
    assert 0 in seen and len(seen) > 1


def test_a_choice_with_every_option_forbidden_is_an_error_at_the_step(tmp_path):
    from interpreter.errors import RulesetError

    game = load(_variant(tmp_path, "{who: hakem, verb: trump, options: suits, sets: trump,"
                                   " forbid_if: 'choice != no_suit'}"))
    with pytest.raises(RulesetError, match="forbid_if strikes out every option"):
        game.new_state(seed=1).legal_moves()


def _shelem_bidding(tmp_path, auction: str):
    path = tmp_path / "bids.yaml"
    path.write_text(f"extends: shelem\nname: bids\nhand:\n  - name: bidding\n    auction: {auction}\n",
                    encoding="utf-8")
    return load(path)


def test_an_auctions_rules_read_the_highest_bid_so_far_and_its_bidder(tmp_path):
    """An author's audit: Tarneeb's "you may not overbid your partner" read the auction's `winner` variable, which
    is set only once the auction is over: the rule never struck a bid out, and validate said nothing. A rising
    auction's `forbid_if` (and bounds) read `high_bidder` and `high_bid`, the bids so far; the refusal says the
    rule."""
    game = _shelem_bidding(tmp_path, "{forbid_if: 'high_bidder >= 0 and side(high_bidder) == side(seat)',"
                                     " forbid_doc: you may not overbid your partner}")
    st = game.new_state(seed=2)
    first = st.to_act
    assert "bid 100" in st.legal_actions()  # nobody has bid: high_bidder is nobody
    st.apply("bid 110")
    assert "bid 115" in st.legal_actions()  # the next seat, of the other side, may outbid
    st.apply("pass")
    assert st.to_act == (first + 2) % 4 and st.legal_actions() == ["pass"]  # the first bidder's partner may not
    with pytest.raises(IllegalAction, match="forbid you every bid above it: you may only pass — you may not overbid"
                                            " your partner"):
        st.apply("bid 120")
    jumps = _shelem_bidding(tmp_path, "{forbid_if: 'high_bid > 0 and offer > high_bid + 10'}")
    st = jumps.new_state(seed=2)
    st.apply("bid 130")
    assert st.legal_actions() == ["bid 135", "bid 140", "pass"]  # no jump of more than 10 over the bid standing


def test_the_bids_so_far_are_known_only_in_a_rising_auction(tmp_path):
    path = tmp_path / "elsewhere.yaml"
    path.write_text("extends: shelem\nname: e\nhand:\n  - name: tricks\n    play: {leader: high_bidder}\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError, match="'high_bidder' is known only in a rising auction's min, max, step and"
                                           " forbid_if"):
        load(path)


TWO_PLAYS = """name: two plays
players: 2
deck: {remove: [8S, 9S, 10S, 8H, 9H, 10H, 8D, 9D, 10D, 8C, 9C, 10C]}
zones: {hand: {owner: seat, visible: owner}, table: {visible: all}, stock: {visible: none},
        won: {owner: side, visible: all}}
hand:
  - {name: deal, deal: [{to: hand, count: 3}, {to: table, count: 4}]}
  - name: play1
    play: {mode: capture, first: next(dealer), captures: [{name: m, card: true, take: one, from: rank == played.rank}]}
  - {name: deal2, shuffle: false, deal: [{to: hand, count: 3}]}
  - name: play2                     # cards laid down only: nobody captures here
    play: {mode: capture, first: next(dealer), captures: [{name: m, card: false, take: one, from: rank == played.rank}]}
  - {name: leftovers, collect: {from: table, to: won, seat: last_capturer}}
scoring: [{name: cards, points: "if count(won) > opp(count(won)) then 1 else 0"}]
game: {target: 5}
"""


def test_the_last_capturer_is_kept_through_a_hand_of_two_play_steps(tmp_path):
    """A hand split into two capture plays (a decision between deals): the second play step made the last
    capturer nobody again, and where nobody captured in it the cards left on the table went to no one."""
    import random

    path = tmp_path / "two.yaml"
    path.write_text(TWO_PLAYS, encoding="utf-8")
    game = load(path)
    checked = 0
    for seed in range(40):
        st, rng = game.new_state(seed=seed, max_hands=1), random.Random(seed)
        captured = False
        while not st.halted and not st.over:
            move = rng.choice(st.legal_moves())
            captured = captured or bool(move[1])
            st.apply_move(move)
        if captured:
            checked += 1
            assert not st.zones["table"] and sum(map(len, st.zones["won"])) == 40 - len(st.zones["stock"]), seed
    assert checked > 20


def test_an_effect_after_a_capture_sees_the_rule_and_the_cards_taken_and_adds_by_its_amount(tmp_path):
    """`after_capture` sees `rule` (the capture rule that took), `captured` (the cards) and adds `by`: here a
    counter of the numeral cards a jack sweeps up, one for each (Cirulla's ace sweep and Bastra's jack-on-jack
    needed the rule and the cards, a fishing author found)."""
    import random

    game = pasur_sweeping(tmp_path, "if: 'rule == \"jack\"', by: 'count(captured[rank <= 10])'")
    checked = 0
    for seed in range(6):
        st, rng = game.new_state(seed=seed, max_hands=1), random.Random(seed)
        expected = [0, 0]
        while not st.halted and not st.over:
            move = rng.choice(st.legal_moves())
            card, taken = move
            if taken and C.NAMES[card][:-1] == "J":
                expected[game.side_of[st.to_act]] += sum(C.NAMES[c][:-1] not in "JQK" for c in taken)
                checked += 1
            st.apply_move(move)
        assert st.counters["swept"] == expected, seed
    assert checked


def test_the_table_says_what_an_effect_added(tmp_path):
    """The table said '+1' whatever `by` added, and announced an effect that added nothing."""
    import random

    from interpreter.table import Table

    game = pasur_sweeping(tmp_path, 'by: "count(captured)"')
    said = set()
    for seed in range(4):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        while not st.over and len(st.hands) < 1:
            st.apply_move(rng.choice(st.legal_moves()))
        for e in (e for e in st.events if e["kind"] == "capture"):
            lines = Table(st, 0).events([e])
            said.add(len(e["taken"]))
            assert any(line.endswith(f"swept +{len(e['taken'])}") for line in lines), (e, lines)
    assert max(said) > 1


MOST = """extends: pasur
name: most
options: {{multi_capture: true}}
hand:
  - name: play
    play:
      captures:
        - name: eleven
          card: rank <= 10
          take: sum
          from: {from_test}
          sum: 11 - played.rank
          several: option.multi_capture
          most: true
"""


@pytest.mark.parametrize("from_test", ["rank <= 10", "rank <= 10 and hand_number > 0"])  # by tables; by expressions
def test_most_offers_only_the_largest_captures(tmp_path, from_test):
    """`most: true` with several sets at once (Bastra's 'a card takes all it can'): of the captures P12's several
    11-sets offer, those no other of the same card holds, and all of them; the same on the path that looks the
    rule up in tables and on the one that works its tests out."""
    import random

    path = tmp_path / "most.yaml"
    path.write_text(MOST.format(from_test=from_test), encoding="utf-8")
    game, base = load(path), load("pasur-multicapture")
    struck = 0
    for seed in range(60):
        st, plain, rng = game.new_state(seed=seed), base.new_state(seed=seed), random.Random(seed)
        for _ in range(24):
            if st.over:
                break
            most, every = st.legal_moves(), plain.legal_moves()
            largest = [(c, t) for c, t in every if not any(d == c and set(u) > set(t) for d, u in every)]
            assert sorted(most) == sorted(largest), seed
            struck += len(every) - len(most)
            move = rng.choice(most)
            st.apply_move(move)
            plain.apply_move(move)
    assert struck > 100


def variant(tmp_path, text: str):
    """A ruleset of `text` (a variant: it extends a bundled one), loaded."""
    path = tmp_path / "variant.yaml"
    path.write_text(text)
    return load(path)


def test_a_collect_moves_a_shared_zone_to_another_and_the_table_names_the_cards(tmp_path):
    """collect with a shared `to`: the table's leftovers go to a face-up pot instead of a side's pile."""
    g = variant(tmp_path, "extends: pasur\nname: pot\nzones:\n  pot: {visible: all}\nhand:\n  - name: leftovers\n"
                          "    collect: {from: table, to: pot, seat: null}\n")
    st = g.new_state(seed=3, listen=True)
    while not st.hands:
        st.apply_move(st.legal_moves()[0])
    moved = [e for e in st.events if e["kind"] == "collect"]
    assert moved and moved[0]["to"] == "pot" and moved[0]["seat"] == -1
    line = next(x for x in Table(st, 0).events(moved) if "goes to the pot" in x)
    assert line.startswith("  → the table goes to the pot: ")
    assert len(line.split(": ")[1].split()) == len(moved[0]["cards"])  # each card named: both lie face up


def test_a_collect_from_one_seat_to_another_says_whose_cards_go_to_whom(tmp_path):
    """collect with `of` and `seat`: a lone maker's partner hands the cards to the maker's discards."""
    g = variant(tmp_path, "extends: euchre\nname: give\nhand:\n  - name: partner sits out\n"
                          "    collect: {from: hand, of: next(next(maker)), to: discards, seat: maker}\n")
    st = g.new_state(seed=1, listen=True)
    while st.vars["maker_plays"] != "alone" or not st.trick_state.number:  # the first maker goes alone
        moves = st.legal_moves()
        text = [st.move_text(m) for m in moves]
        st.apply_move(moves[text.index("alone")] if "alone" in text else moves[0])
    assert not st.hands
    maker, partner = st.vars["maker"], (st.vars["maker"] + 2) % 4
    assert not st.zones["hand"][partner] and len(st.zones["discards"][maker]) >= 5
    # the pile they go to is named, and no verb to agree with a plural (the discards of seat 3 goes…: an audit)
    assert f"  → the hand of seat {partner}, to the discards of seat {maker}: 5 cards" in Table(
        st, (maker + 1) % 4).events(st.events)
    assert f"  → your hand, to the discards of seat {maker}: 5 cards" in Table(st, partner).events(st.events)


def test_a_variant_changes_one_entry_of_a_table_and_keeps_the_rest(tmp_path):
    g = variant(tmp_path, "extends: scopa\nname: prime\ntables:\n  primiera: {7: 22, 7D: 30}\n")
    table = g.tables["primiera"]
    assert [table[C.card_id(c)] for c in ("7S", "7D", "6H", "AC", "KD")] == [22, 30, 18, 16, 10]


def test_a_bid_that_is_a_pass_where_every_seat_bids_once(tmp_path):
    """`pass: 0` on an each-style auction: Tarneeb's pass is kept as a bid of 0 (the highest bid declares), but
    it is the action `pass`, in the menu, the bids said and the board ("seat 1 0" read oddly; a new-game
    audit); `bid 0` is still read. Only where every seat bids once, and only a whole number."""
    from tests.test_bots import HIGHEST_DECLARES

    path = tmp_path / "passing.yaml"
    path.write_text(HIGHEST_DECLARES.replace("into: bid,", "into: bid, pass: 0,") + "table: {show: [bid]}\n",
                    encoding="utf-8")
    st = load(path).new_state(seed=3)
    assert st.legal_actions()[-1] == "pass" and "bid 0" not in st.legal_actions()
    seat = st.to_act
    table = Table(st, seat)
    assert table._shown("bid", st.counters, {}, [False] * 4) == "bid: you 0, seat 1 0, seat 2 0, seat 3 0"  # not yet
    st.apply("bid 0")  # the old spelling, read
    assert st.actions[-1] == (seat, "pass") and st.counters["bid"][seat] == 0
    assert "pass" in Table(st, seat).auction_lines()[0]
    while st.acting.name == "bidding" and st.to_act >= 0:
        st.apply("bid 7" if "bid 7" in st.legal_actions() else "pass")
    board = "\n".join(Table(st, seat).board())
    assert f"you pass, seat {(seat + 1) % 4} 7" in board, board
    rising = HIGHEST_DECLARES.replace("style: each,", "style: rising, winner: declarer, contract: contract, pass: 0,")
    for text, said in ((rising, "a rising auction has its own pass"),
                       (HIGHEST_DECLARES.replace("into: bid,", "into: bid, pass: nobody,"), "must be a whole number")):
        bad = tmp_path / f"bad{len(said)}.yaml"
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(RulesetError, match=said):
            load(bad)


def test_a_refused_bid_where_one_is_a_pass_says_the_rule(tmp_path):
    """With `pass:` a pass is legal where every seat bids once, which the refusal took for a rising auction and
    left out the rule's words (a review): it quotes the auction's forbid_doc. And `pass:` must be a bid."""
    from tests.test_bots import HIGHEST_DECLARES

    path = tmp_path / "doc.yaml"
    path.write_text(HIGHEST_DECLARES.replace("into: bid,", "into: bid, pass: 0, forbid_doc: {en: 'a bid is 7 or"
                                             " more, above every bid before it'},"), encoding="utf-8")
    st = load(path).new_state(seed=3)
    with pytest.raises(IllegalAction, match="you may bid 7 to 13 or pass — a bid is 7 or more, above every bid"):
        st.apply("bid 3")
    bad = tmp_path / "outside.yaml"
    bad.write_text(HIGHEST_DECLARES.replace("into: bid,", "into: bid, pass: 14,"), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"'pass: 14' is no bid of this auction \(its bids run from 0 to 13\):"
                                           " widen min or max to take it, and refuse the bids between with forbid_if"):
        load(bad)  # the fix said (a new game author's audit: Tarneeb's pass: 0 beside bids of 7 to 13)


def test_discards_to_a_zone_kept_by_side_go_to_the_discarder_s_side(tmp_path):
    """An `exchange` whose `to` zone is kept by side (`owner: side`) puts the discards in the pile of the
    discarder's side: seat 2, on side 0, discards into pile 0 (an engine-mutation audit: unpinned)."""
    path = tmp_path / "side-discards.yaml"
    path.write_text(f"extends: {RULESETS / 'shelem.yaml'}\nname: side-discards\n"
                    "zones:\n  discards: {owner: side, visible: owner}\n", encoding="utf-8")
    st = load(path).new_state(seed=2)
    for action in ("pass", "pass", "bid 100", "pass"):
        st.apply(action)
    assert st.vars["hakem"] == 2 and st.to_act == 2
    discarded = []
    for _ in range(4):
        action = st.legal_actions()[0]
        discarded.append(C.card_id(action.split()[1]))
        st.apply(action)
    assert sorted(st.zones["discards"][0]) == sorted(discarded) and not st.zones["discards"][1]


def test_a_raise_is_at_least_the_bidder_s_own_lowest_bid(tmp_path):
    """A rising auction offers from the higher of the seat's `min` and a step above the bid to beat: with
    `min` 120 for seat 2 alone, seat 2 facing a bid of 100 may raise to 120 at the least, not 105."""
    path = tmp_path / "seat-min.yaml"
    path.write_text(f"extends: {RULESETS / 'shelem.yaml'}\nname: seat-min\nhand:\n  - name: bidding\n"
                    "    auction: {min: 'if seat == 2 then 120 else 100'}\n", encoding="utf-8")
    st = load(path).new_state(seed=2)
    st.apply("bid 100")
    assert st.legal_actions()[0] == "bid 105"  # seat 1: a step above
    st.apply("pass")
    assert st.to_act == 2 and sorted(st.legal_actions())[:2] == ["bid 120", "bid 125"]
    assert "bid 105" not in st.legal_actions()


def test_a_deal_some_at_a_time_gives_the_last_round_what_is_left_of_the_count(tmp_path):
    """`at_a_time: 2` of 13: six rounds of two and a last round of one — 13 each, no more — round the table
    from the seat after the dealer (seat 0 gets the deck's cards 0-1, 8-9, … 40-41 and 48)."""
    path = tmp_path / "pairs.yaml"
    path.write_text(f"extends: {RULESETS / 'spades.yaml'}\nname: pairs\nhand:\n  - name: deal\n"
                    "    deal: [{to: hand, count: 13, at_a_time: 2}]\n", encoding="utf-8")
    g = load(path)
    order = list(C.NAMES[:52])
    st = g.new_state(shuffles=[order])
    assert [len(h) for h in st.zones["hand"]] == [13] * 4
    wanted = [order[i] for r in range(6) for i in (8 * r, 8 * r + 1)] + [order[48]]
    assert C.names(st.zones["hand"][0]) == sorted(wanted, key=C.card_id)


def test_a_deal_thrown_in_takes_back_the_cards_it_laid_on_the_table(tmp_path):
    """A packet laid on a shared zone, then a later packet that calls for a redeal: the table is cleared with
    the hands before the cards are dealt again, so no card lies there twice."""
    path = tmp_path / "again.yaml"
    path.write_text(f"extends: {RULESETS / 'scopa.yaml'}\nname: again\nhand:\n  - name: deal\n    deal:\n"
                    "      - {to: table, count: 2}\n      - {to: hand, count: 3}\n"
                    "      - {to: table, count: 2, redeal_if: 'count(dealt[rank == K]) >= 1'}\n", encoding="utf-8")
    g = load(path)
    first = deck_with(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "AH", "2H", "KS"], g)  # a king: again
    second = deck_with(["QD", "JD", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "AH"], g)
    st = g.new_state(shuffles=[first, second])
    assert st.misdeals == 1 and C.names(st.zones["table"]) == ["7S", "AH", "JD", "QD"]
    owned = g.owned_zones
    cards = [c for name, z in st.zones.items() for c in (sum(z, []) if name in owned else z)]
    assert sorted(cards) == sorted(g.deck)


STATE_READING_ELEVEN = """\
extends: {base}
name: eleven{name}
hand:
  - name: play
    play:
      captures:
        - name: eleven
          from: rank <= 10 and rank != 5{extra}
          several: option.multi_capture{extra}
"""


@pytest.mark.parametrize("multi", [False, True])
def test_capture_rules_that_read_the_state_capture_as_the_same_rules_read_from_tables(tmp_path, multi):
    """A capture rule whose `from` and `several` read the state (here `count(hand) >= 0`, always true) cannot
    be worked out into tables at load time; asked in play, it must offer the very captures of the same rule
    without that test, worked out into tables (Pasur's P6 with fives left out of sums, and, with the option,
    P12) — at every turn of four random games."""
    games = []
    for name, extra in (("-tables", ""), ("-reading", " and count(hand) >= 0")):
        path = tmp_path / f"eleven{name}.yaml"
        path.write_text(STATE_READING_ELEVEN.format(base=RULESETS / "pasur.yaml", name=name, extra=extra),
                        encoding="utf-8")
        games.append(load(path, options={"multi_capture": multi}))
    tables, reading = games
    assert [next(s for s in g.steps if s.name == "play").by_tables for g in games] == [True, False]
    for seed in range(4):
        a, b = tables.new_state(seed=seed), reading.new_state(seed=seed)
        rng = random.Random(seed)
        while not a.over and len(a.hands) < 2:
            legal = a.legal_actions()
            assert b.legal_actions() == legal
            action = rng.choice(legal)
            a.apply(action)
            b.apply(action)


FISHING = """\
name: fishing
players: 2
deck: {{values: {{K: {king}}}}}
zones:
  hand: {{owner: seat, visible: owner}}
  table: {{visible: all}}
  stock: {{visible: none}}
  won: {{owner: side, visible: all}}
hand:
  - name: deal
    deal: [{{to: hand, count: 4}}, {{to: table, count: 4}}]
  - name: play
    play:
      mode: capture
      first: next(dealer)
      refill: [{{to: hand, count: 4}}]
      mandatory: true
      captures:
        - {{name: sum, card: rank <= 13, take: sum, from: rank <= 13{extra}, sum: played.rank, exclusive: true}}
        - {{name: suit, card: rank <= 13, take: one, from: suit == played.suit}}
scoring:
  - {{name: cards, points: count(won)}}
game:
  target: 500
"""
READS_THE_STATE = " and count(hand) >= 0"  # always true, but the rule cannot be worked out into tables


def fishing(tmp_path, king: int = 13, extra: str = ""):
    path = tmp_path / f"fishing-{king}-{bool(extra)}.yaml"
    path.write_text(FISHING.format(king=king, extra=extra), encoding="utf-8")
    game = load(path)
    assert next(s for s in game.steps if s.name == "play").by_tables == (not extra)
    return game


@pytest.mark.parametrize("extra", ["", READS_THE_STATE])
def test_an_exclusive_rule_that_cannot_capture_leaves_the_next_rule_its_turn(tmp_path, extra):
    """docs/language.md: "an `exclusive` rule silences later ones when it can capture" — only then. Facing 2S 4D QH KC,
    a 5 finds cards to add up but no set making 5, so the suit rule is asked and takes 2S; a 6 makes one (2S
    4D) and the suit rule is silent. Alike whether the rules are worked out into tables or asked in play."""
    g = fishing(tmp_path, extra=extra)
    st = g.new_state(shuffles=[deck_with(["5S", "6S", "9H", "10C", "AH", "3H", "7H", "8H", "2S", "4D", "QH",
                                          "KC"], g)])
    assert st.to_act == 0 and sorted(C.names(st.zones["hand"][0])) == sorted(["5S", "6S", "9H", "10C"])
    legal = st.legal_actions()
    assert [a for a in legal if a.startswith("play 5S")] == ["play 5S take 2S"]
    assert [a for a in legal if a.startswith("play 6S")] == ["play 6S take 2S 4D"]


@pytest.mark.parametrize("extra", ["", READS_THE_STATE])
def test_a_card_worth_0_is_never_part_of_a_sum(tmp_path, extra):
    """docs/language.md: sum sets are "made of cards worth more than 0": with kings worth 0, a 5 facing 2S 3S KC KD
    takes 2S and 3S, not the kings with them."""
    g = fishing(tmp_path, king=0, extra=extra)
    st = g.new_state(shuffles=[deck_with(["5D", "9H", "10C", "JC", "AH", "2H", "4H", "6H", "2S", "3S", "KC",
                                          "KD"], g)])
    assert [a for a in st.legal_actions() if a.startswith("play 5D")] == ["play 5D take 2S 3S"]


@pytest.mark.parametrize("extra", ["", READS_THE_STATE])
def test_a_set_two_rules_offer_is_one_move(tmp_path, extra):
    """Two capture rules that offer the same set (a sum of 5 and a rank match, both taking 5D for 5S) make
    one move of it, not two — a bot choosing among the moves would weigh it twice — whether the rules are
    worked out into tables or asked in play."""
    path = tmp_path / "both.yaml"
    path.write_text(FISHING.format(king=13, extra=extra).replace("exclusive: true", "exclusive: false")
                    .replace("from: suit == played.suit", "from: rank == played.rank"), encoding="utf-8")
    game = load(path)
    st = game.new_state(shuffles=[deck_with(["5S", "9H", "10C", "JC", "AH", "2H", "4H", "6H", "5D", "8C",
                                             "QH", "KD"], game)])
    moves = st.legal_moves()
    assert [m for m in moves if st.move_text(m) == "play 5S take 5D"] == [(C.card_id("5S"), (C.card_id("5D"),))]
    assert len(moves) == len(set(moves))


def test_of_two_cards_equally_strong_the_first_played_takes_the_trick(tmp_path):
    """`power_of` may give two cards one power (here J and Q, 11 each): the first of them played wins."""
    g = two_player_tricks(tmp_path, '      power_of: "if rank == Q then 11 else rank"\n')
    for lead, follow, winner in (("JS", "QS", 0), ("QS", "JS", 0)):
        st = g.new_state(shuffles=[deck_with([lead, "2D", "3D", follow, "4D", "5D"], g)])
        st.apply(f"play {lead}")
        st.apply(f"play {follow}")
        assert st.trick_state.last_winner == winner and st.counters["tricks"] == [1, 0]


def test_a_game_of_one_round_counts_no_rounds(tmp_path):
    """Rounds are counted where more than one is played (H15's option): a game of one round ends with its
    hands' rounds at 0 and no round announced."""
    st = load("hokm").new_state(seed=1, listen=True)
    rng = random.Random(1)
    while not st.over:
        st.apply_move(rng.choice(st.legal_moves()))
    assert all(h["rounds"] == [0, 0] for h in st.hands) and st.rounds == [0, 0]
    assert not any(e["kind"] == "round" for e in st.events)


def test_a_hand_limit_ends_a_match_of_rounds_at_once(tmp_path):
    """`max_hands` in a match (`rounds` above 1): the first hand at or past the limit that awards a round (to the
    side on top) ends the match — the most rounds won wins, a tie is a draw. It went on instead, every later hand
    awarding a round to whoever led (a validate audit)."""
    endings = set()
    for limit in (3, 10):
        path = tmp_path / f"limit{limit}.yaml"
        path.write_text(f"extends: hokm-rounds-3\nname: limit\ngame: {{max_hands: {limit}}}\n", encoding="utf-8")
        g = load(path)
        for seed in range(15):
            st, rng = g.new_state(seed=seed), random.Random(seed)
            while not st.over:
                st.apply_move(rng.choice(st.legal_moves()))
            won = [sum(h["rounds"]) for h in st.hands]  # rounds awarded so far, hand by hand
            ends = next(i for i, n in enumerate(won) if max(st.hands[i]["rounds"]) == 3
                        or i + 1 >= limit and n > (won[i - 1] if i else 0))
            assert len(st.hands) == ends + 1
            most = max(st.rounds)
            alone = st.rounds.count(most) == 1
            assert (st.winner, st.draw) == ((st.rounds.index(most), False) if alone else (None, True))
            endings.add((limit, st.draw))
    assert endings == {(3, False), (10, False), (10, True)}  # rounds 1-1 at the limit: a draw


def test_a_joker_in_a_draw_for_the_highest_card_is_placed_by_top(tmp_path):
    """A joker has no rank, so a draw's order of ranks left it at the bottom: a deck's BJ, which wins every trick,
    lost the draw for the leader to a 2 without a word. `top` places it above every rank, as a trick play's does
    (and without it the order is refused: tests/bad_rulesets/draw_order_leaves_out_jokers.yaml)."""
    text = (Path(__file__).parent / "bad_rulesets" / "draw_order_leaves_out_jokers.yaml").read_text(encoding="utf-8")
    ranks = "order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]"
    assert ranks in text
    path = tmp_path / "jokers.yaml"
    path.write_text(text.replace(ranks, ranks + ", top: [BJ, RJ]"), encoding="utf-8")
    game = load(path)

    def drawn(first: str, second: str) -> int:
        rest = [c for c in game.deck if C.NAMES[c] not in (first, second)]
        return game.new_state(seed=1, shuffles=[[C.BY_NAME[first], C.BY_NAME[second], *rest]]).vars["leader"]

    assert drawn("BJ", "AS") == 0 and drawn("2C", "BJ") == 1
    assert drawn("BJ", "RJ") == 1 and drawn("RJ", "AS") == 0  # low to high: RJ above BJ
