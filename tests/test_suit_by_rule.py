"""Trick play whose suits and powers a rule gives (`suit_of`, `power_of`): Euchre's bowers, written with
the general blocks. The jack of trump (right bower) and the other jack of its colour (left bower) are the
two highest trumps, and the left bower is a trump for following and leading, not a card of its own suit."""

from __future__ import annotations

import random

from interpreter import cards as C
from interpreter import load

EUCHRE = """\
name: euchre
description: Euchre for four in two partnerships; the jacks of trump's colour above every other trump
players: 4
partnerships: true
deck:
  remove: [2S, 3S, 4S, 5S, 6S, 7S, 8S, 2H, 3H, 4H, 5H, 6H, 7H, 8H, 2D, 3D, 4D, 5D, 6D, 7D, 8D, 2C, 3C, 4C, 5C,
           6C, 7C, 8C]
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  trick: {visible: all}
  won: {owner: side, visible: all}
counters:
  tricks: {owner: side}
vars:
  maker: {type: seat}
  trump: {type: suit}
hand:
  - name: deal
    deal: [{to: hand, count: 5}]
  - name: maker
    set: {maker: next(dealer)}
  - name: trump
    choose: {who: maker, verb: trump, options: suits, sets: trump}
  - name: tricks
    play:
      mode: trick
      leader: next(dealer)
      trump: trump
      order: [9, 10, J, Q, K, A]
      suit_of: "if rank == J and (suit in (H, D)) == (trump in (H, D)) then trump else suit"
      power_of: >-
        if rank == J and suit == trump then 30
        else if rank == J and (suit in (H, D)) == (trump in (H, D)) then 29
        else if rank == A then 14 else rank
      tricks: tricks
scoring:
  - name: makers
    points: "if side != side(maker) then 0 else if tricks == 5 then 2 else if tricks >= 3 then 1 else 0"
  - name: euchred
    points: "if side == side(maker) then 0 else if tricks >= 3 then 2 else 0"
game:
  target: 10
"""


def euchre(tmp_path):
    path = tmp_path / "euchre.yaml"
    path.write_text(EUCHRE, encoding="utf-8")
    return load(path)


def hearts_trump(game, *hands: str):
    """Seats 0-3 hold these five cards each (seat 3 deals, seat 0 names hearts and leads)."""
    dealt = [n for h in hands for n in h.split()]
    rest = [C.NAMES[c] for c in game.deck if C.NAMES[c] not in dealt]
    st = game.new_state(shuffles=[dealt + rest])
    st.apply("trump H")
    return st


def legal(st) -> set[str]:
    return {a.split()[1] for a in st.legal_actions()}


def test_the_left_bower_follows_trump_and_the_right_bower_wins(tmp_path):
    st = hearts_trump(euchre(tmp_path), "9H 9S 10S QS KS", "JD 9D 10D QD KD", "AH 9C 10C QC KC", "JH AC AD AS JC")
    st.apply("play 9H")
    assert legal(st) == {"JD"}  # the jack of diamonds is a heart now: seat 1's only one
    st.apply("play JD")
    assert legal(st) == {"AH"}
    st.apply("play AH")
    assert legal(st) == {"JH"}  # JC is black: a club; AD a diamond
    st.apply("play JH")
    assert st.trick_state.last_winner == 3 and st.counters["tricks"] == [0, 1]  # right bower over left over ace


def test_the_left_bower_beats_the_ace_of_trump_and_leads_trump(tmp_path):
    st = hearts_trump(euchre(tmp_path), "JD 9S 10S QS KS", "AH 9D 10D QD KD", "9H 9C 10C QC KC", "10H AC AD AS JC")
    st.apply("play JD")
    assert st.trick_state.led == C.SUITS.index("H")  # leading the left bower leads trump
    assert legal(st) == {"AH"}
    for card in ("AH", "9H", "10H"):
        st.apply(f"play {card}")
    assert st.trick_state.last_winner == 0


def test_the_left_bower_is_not_a_card_of_its_printed_suit(tmp_path):
    game = euchre(tmp_path)
    st = hearts_trump(game, "9D 9S 10S QS KS", "JD 10D AS 9C 10C", "QD QH 9H QC KC", "AD AC KH JS JC")
    st.apply("play 9D")
    assert legal(st) == {"10D"}  # JD is a heart: 10D is seat 1's only diamond
    st = hearts_trump(game, "9D 9S 10S QS KS", "JD AS 9C 10C KD", "QD QH 9H QC KC", "AD AC KH JS JC")
    st.apply("play 9D")
    assert legal(st) == {"KD"}
    st = hearts_trump(game, "9D 9S 10S QS KS", "JD AS 9C 10C 10H", "QD QH 9H QC KC", "AD AC KH JS JC")
    st.apply("play 9D")
    assert legal(st) == {"JD", "AS", "9C", "10C", "10H"}  # no diamond: anything


def test_random_games_end_and_every_trick_goes_to_its_strongest_card(tmp_path):
    """Against an independent judge of the trick: bowers first, then trump by rank, then the suit led."""
    game = euchre(tmp_path)

    def judge(cards: list[int], trump: int) -> int:
        def bower(c):  # 2: the right bower, 1: the left, 0: no bower
            jack, same_colour = C.RANK[c] == 11, (C.SUIT[c] in (1, 2)) == (trump in (1, 2))
            return 2 if jack and C.SUIT[c] == trump else (1 if jack and same_colour else 0)

        def suit(c):
            return trump if bower(c) else C.SUIT[c]

        led = suit(cards[0])

        def key(c):
            power = (bower(c), "9 10 J Q K A".split().index(C.RANKS[C.RANK[c] - 1]))
            return (2, power) if suit(c) == trump else ((1, power) if suit(c) == led else (0, power))

        return max(range(len(cards)), key=lambda i: key(cards[i]))

    for seed in range(30):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        while not st.over:
            st.apply_move(rng.choice(st.legal_moves()))
        tricks = [e for e in st.events if e["kind"] == "trick"]
        assert tricks
        for e, hand in zip(tricks, [h for h in st.hands for _ in range(5)]):
            trump = hand["vars"]["trump"]
            assert e["seats"][judge(e["cards"], trump)] == e["winner"], (e, trump)


def test_the_rules_sheet_says_the_rule_for_suits_and_powers(tmp_path):
    from interpreter.sheet import sheet

    text = sheet(euchre(tmp_path))
    assert "a card's suit in a trick (to follow, to lead, to trump): `if rank == J and" in text
    assert "a card's power within its suit (the highest wins): `if rank == J and suit == trump then 30" in text
    assert "ranks low to high" not in text  # power_of, not the order, says how cards rank


def test_help_at_the_table_gives_no_rank_order_that_a_rule_overrides(tmp_path):
    from interpreter.table import Table

    st = hearts_trump(euchre(tmp_path), "9H 9S 10S QS KS", "JD 9D 10D QD KD", "AH 9C 10C QC KC", "JH AC AD AS JC")
    now = Table(st, 0).help()[-1]
    assert now.startswith("now (tricks):") and "low to high" not in now, now


def test_a_power_out_of_range_is_told_at_power_of(tmp_path):
    from interpreter.trial import trial

    path = tmp_path / "big.yaml"
    path.write_text(EUCHRE.replace("then 30\n", "then 130\n"), encoding="utf-8")
    problems = trial(load(path), seconds=60)
    assert len(problems) == 1, problems
    where, text = problems[0]
    lines = EUCHRE.splitlines()
    assert (where.line, lines[where.line - 1].strip()) == (next(i for i, x in enumerate(lines, 1) if "power_of:" in x),
                                                           "power_of: >-"), (where, text)
    assert "power_of gives 130 for J" in text and "a number from 0 to 99" in text


def test_power_ranks_a_card_as_the_trick_does_bowers_and_all(tmp_path):
    """power(card), for special entries: the right bower above the left above the ace of trump; a card of
    another suit below them all once hearts are led; before a lead, each card counts as led."""
    st = hearts_trump(euchre(tmp_path), "9H 9S 10S QS KS", "JD 9D 10D QD KD", "AH 9C 10C QC KC", "JH AC AD AS JC")
    step = st.acting

    def power(name):
        return step.power_now(st, C.card_id(name))

    assert power("AS") > power("KS") and power("AC") > power("KC")  # nothing led: each card its own suit's
    st.apply("play 9H")
    assert power("JH") > power("JD") > power("AH") > power("9H") > power("AS") == power("AD") == 0


def test_without_trump_a_card_of_no_suit_beats_nothing(tmp_path):
    """A card of no suit (a joker) that is not above every suit (`top`) in a trick without trump: no trump, and
    not of the suit led, it is worth nothing against any card of the suit led (not taken for trump, whose
    'no suit' it shares)."""
    from interpreter.steps import TrickPlay

    path = tmp_path / "no-trump.yaml"
    path.write_text("extends: ghahveh\nname: no-trump\nhand:\n  - name: tricks\n    play:\n      trump: no_suit\n"
                    "      top: []\n", encoding="utf-8")
    game = load(path)
    step = next(s for s in game.steps if isinstance(s, TrickPlay))
    jokers = [c for c in game.deck if C.SUIT[c] < 0]
    assert len(jokers) == 2
    for led in range(4):
        strength = step._strength(C.NO_SUIT, led)
        assert all(strength[j] < strength[c] for j in jokers for c in game.deck if C.SUIT[c] == led)
