"""Special card entries of trick play that meet on one card, and a named filter that compares a trick's cards
with the card under test: a house rule of Spades forbidding undertrumping, written in YAML alone.

The house rule adds an entry for every spade to the base's own entry for spades (X4: no spade led before
spades are broken). Both hold: a card in several entries follows them all. Before, the later entry silently
replaced the earlier, and spades could be led at once.

The language guide, docs/language.md, is cited as "the guide"."""

from __future__ import annotations

import random

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.coverage import coverage
from interpreter.errors import IllegalAction
from tests.conftest import RULESETS, deck_with, two_player_tricks

SPADE = C.SUITS.index("S")
HOUSE_RULE = f"""\
extends: {RULESETS / "spades.yaml"}
name: spades-no-undertrump
hand:
  - name: tricks
    play:
      special:
        - name: no undertrumping
          cards: suit == S
          allowed: "leading or led_suit == S or count(trick[t -> t.suit == S and power(t) > power(card)]) == 0"
          doc: {{en: "no spade below a spade already in the trick, unless nothing else may be played"}}
"""


def power(card: int) -> int:
    """A spade's place in Spades' order, ace high."""
    return 14 if C.RANK[card] == 1 else C.RANK[card]


@pytest.fixture(scope="module", params=["power", "rank"])
def game(request, tmp_path_factory):
    """The house rule as written with power(), the card's strength in the trick, and with the ranks spelt out."""
    path = tmp_path_factory.mktemp("house") / f"spades-no-undertrump-{request.param}.yaml"
    text = HOUSE_RULE
    if request.param == "rank":
        rank = "(if {0}.rank == A then 14 else {0}.rank)"
        text = text.replace("power(t)", rank.format("t")).replace("power(card)", rank.format("card"))
    path.write_text(text, encoding="utf-8")
    return load(path)


def expected_plays(st) -> set[int]:
    """The plays the two rules allow, worked out here from the cards: X4 for a lead, no undertrumping after
    one; if neither leaves a card, any card; then follow suit."""
    hand, trick, gone = st.zones["hand"][st.to_act], st.zones["trick"], st.phase["gone"]
    leading = not trick
    led = None if leading else C.SUIT[trick[0]]
    broken = any(C.SUIT[c] == SPADE for c in gone)
    top = max((power(c) for c in trick if C.SUIT[c] == SPADE), default=0)
    barred = set()
    for c in hand:
        if C.SUIT[c] != SPADE:
            continue
        if leading and not broken and any(C.SUIT[x] != SPADE for x in hand):
            barred.add(c)
        if not leading and led != SPADE and power(c) < top:
            barred.add(c)
    ok = [c for c in hand if c not in barred] or list(hand)
    follow = [c for c in ok if C.SUIT[c] == led]
    return set(follow or ok)


def plays_checked(game, seeds: int, hands: int) -> dict:
    """Random games, each play's legal moves checked against `expected_plays`: how often a spade was refused
    as a lead and as an undertrump."""
    seen = {"undertrump refused": 0, "spade lead refused": 0}
    for seed in range(seeds):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and len(st.hands) < hands:
            if st.trick_zone and st.to_act >= 0 and st.acting.trick_zone == "trick":
                want = expected_plays(st)
                assert set(st.legal_moves()) == want, (seed, C.names(st.zones["trick"]))
                hand = st.zones["hand"][st.to_act]
                refused = [c for c in hand if c not in want and C.SUIT[c] == SPADE]
                if refused:
                    seen["spade lead refused" if not st.zones["trick"] else "undertrump refused"] += 1
            st.apply_move(rng.choice(st.legal_moves()))
    return seen


def test_both_entries_for_spades_hold_in_every_play(game):
    seen = plays_checked(game, 40, 2)
    assert min(seen.values()) > 10, seen  # both rules were put to the test


def refused_play(game, lead: bool) -> tuple:
    """A state where the seat to act holds a spade one of the two rules refuses, and that spade."""
    for seed in range(200):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and len(st.hands) < 1:
            if st.trick_zone and st.to_act >= 0 and bool(st.zones["trick"]) != lead:
                legal = st.legal_moves()
                spades = [c for c in st.zones["hand"][st.to_act] if C.SUIT[c] == SPADE and c not in legal]
                if spades and any(C.SUIT[c] == SPADE for c in legal) == (not lead):
                    return st, spades[0]
            st.apply_move(rng.choice(st.legal_moves()))
    raise AssertionError("no such state in 200 games")


@pytest.mark.parametrize("lead, reason", [
    (True, "no spade led until a spade has been played"),
    (False, "no spade below a spade already in the trick"),
])
def test_a_refused_spade_is_explained_by_the_entry_that_refuses_it(game, lead, reason):
    st, spade = refused_play(game, lead)
    with pytest.raises(IllegalAction, match=reason):
        st.apply(f"play {C.NAMES[spade]}")


def test_coverage_counts_a_spade_for_both_entries(game):
    items, _ = coverage(game, 3, 0, ["random"] * 4, 5)
    special = {it.name: it for it in items if it.kind == "special card"}
    assert special["tricks: spades broken"].fired > 0 and special["tricks: no undertrumping"].fired > 0
    plays = [special[k].detail.split("; ")[1] for k in ("tricks: spades broken", "tricks: no undertrumping")]
    assert plays[0] == plays[1] and plays[0].startswith("played ")  # a spade played counts for both
    assert "13 cards" in special["tricks: spades broken"].detail
    assert "13 cards" in special["tricks: no undertrumping"].detail


def test_the_language_guides_house_rule_is_this_one(tmp_path):
    """The language guide's example of a special entry (docs/language.md), as written there, plays as the
    reference above says."""
    readme = (RULESETS.parent / "docs" / "language.md").read_text(encoding="utf-8")
    start = readme.index("extends: spades.yaml")
    path = tmp_path / "readme-no-undertrump.yaml"
    path.write_text("name: readme\n" + readme[start:readme.index("```", start)], encoding="utf-8")
    plays_checked(load(path), 5, 1)


def test_a_forced_card_is_named_when_no_card_is_allowed(tmp_path):
    """Where no card a seat holds is `allowed`, anything may be played and a `forced` card still must be; a
    refusal said 'you have no KS you may play now' to a seat holding KS (it judged `forced` among no cards)."""
    path = tmp_path / "v.yaml"
    path.write_text("""extends: hokm
hand:
  - name: tricks
    play:
      mode: trick
      leader: hakem
      trump: trump
      order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]
      stop_when: tricks >= 7
      tricks: tricks
      special:
        - {cards: "rank != 0", allowed: "false"}
        - {card: 2C, forced: "true"}
""", encoding="utf-8")
    st = load(path).new_state(seed=2)
    st.apply("trump H")
    assert st.legal_actions() == ["play 2C"] and "KS" in [C.NAMES[c] for c in st.zones["hand"][st.to_act]]
    with pytest.raises(IllegalAction, match="you must play 2C now"):
        st.apply("play KS")


@pytest.mark.parametrize("first,second,held,plays", [
    ("free: true", "allowed: 'true'", "AS 3H 4C", ["play 3H", "play AS"]),  # free when one entry makes it free
    ("forced: 'true'", "forced: 'false'", "AS 3H 4C", ["play AS"]),  # forced when one entry forces it
    ("allowed: 'true'", "allowed: 'false'", "AS 3D 4C", ["play 3D", "play 4C"]),  # allowed when both allow it
])
def test_a_card_in_two_entries_is_free_or_forced_by_either_and_allowed_by_both(tmp_path, first, second, held,
                                                                                 plays):
    """The guide's "special": a card in several entries follows them all — free when one makes it free, forced
    when one forces it, allowed when each allows it. Seat 0 leads 2H; seat 1 holds AS and two other cards."""
    g = two_player_tricks(tmp_path, "      order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]\n      special:\n"
                                    f"        - {{name: first, card: AS, {first}}}\n"
                                    f"        - {{name: second, card: AS, {second}}}\n")
    st = g.new_state(shuffles=[deck_with(["2H", "5D", "6D", *held.split()], g)])
    assert C.names(st.zones["hand"][1]) == held.split()
    st.apply("play 2H")
    assert st.legal_actions() == plays


MUST_TRUMP = """\
extends: hokm
name: must-trump
hand:
  - name: tricks
    play:
      special:
        - name: must trump
          cards: "true"
          allowed: >-
            leading or suit == led_suit or suit == trump or count(hand[suit == trump]) == 0
            or side(winning_seat) == side(seat)
"""


def _winning(st) -> int:
    """Whose card wins the trick so far by H10, worked out here: the highest trump, else the highest of the suit
    led (A high)."""
    cards, seats = st.zones["trick"], st.trick_state.seats
    trump, led = st.vars["trump"], C.SUIT[cards[0]]

    def strength(c):
        rank = 14 if C.RANK[c] == 1 else C.RANK[c]
        return rank + 100 if C.SUIT[c] == trump else rank + 50 if C.SUIT[c] == led else 0

    best = max(range(len(cards)), key=lambda i: (strength(cards[i]), -i))
    return seats[best]


def test_winning_seat_lets_a_partner_who_is_winning_spare_the_trumps(tmp_path):
    """`winning_seat` (the guide: state names): Belote's "void in the suit led, you must trump, unless your partner
    is winning the trick" (a new-game audit found no way to say it). Random Hokm under that house rule: a seat
    void in the suit led that holds a trump may play only trumps when an opponent's card is winning, anything
    when its partner's is."""
    path = tmp_path / "must-trump.yaml"
    path.write_text(MUST_TRUMP, encoding="utf-8")
    game = load(path)
    seen = {"forced": 0, "spared": 0}
    for seed in range(40):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and len(st.hands) < 2:
            trick = st.zones["trick"] if st.game.steps[st.step].name == "tricks" else []
            if trick:
                hand, led, trump = st.zones["hand"][st.to_act], C.SUIT[trick[0]], st.vars["trump"]
                trumps = [c for c in hand if C.SUIT[c] == trump]
                if trumps and not any(C.SUIT[c] == led for c in hand) and led != trump:
                    partner_wins = _winning(st) % 2 == st.to_act % 2
                    expected = sorted(hand) if partner_wins else sorted(trumps)
                    assert sorted(st.legal_moves()) == expected, (seed, C.names(trick), C.names(hand))
                    seen["spared" if partner_wins else "forced"] += 1
            st.apply_move(rng.choice(st.legal_moves()))
    assert seen["forced"] > 20 and seen["spared"] > 20, seen


HIGH = """\
extends: hokm
name: high
values:
  high: "each_seat(count(plays(seat)[suit == trump and rank == max(played_cards[suit == trump], rank)]))"
scoring:
  - {name: high, points: "if high > 0 then 1 else 0"}
"""


def test_plays_tells_which_side_played_a_card(tmp_path):
    """`plays(seat)` (the guide: functions): the cards a seat played to tricks this hand — Auction Pitch's High, a
    point to the side that played the highest trump in play (a new-game audit found no way to say who played a
    card). Each hand's row, worked out here from the hand's decisions."""
    path = tmp_path / "high.yaml"
    path.write_text(HIGH, encoding="utf-8")
    game = load(path)
    tricks = {i for i, step in enumerate(game.steps) if step.name in ("tricks", "bam")}
    scored = 0
    for seed in range(6):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and len(st.hands) < 8:
            st.apply_move(rng.choice(st.legal_moves()))
        for hand in st.hands:
            lo, hi = hand["decisions"]
            plays = [(seat, card) for seat, step, card in st.log[lo:hi] if step in tricks]
            trumps = [(C.RANK[c], seat) for seat, c in plays if C.SUIT[c] == hand["vars"]["trump"]]
            expected = [0, 0]
            if trumps:
                expected[max(trumps)[1] % 2] = 1
                scored += 1
            assert hand["rows"]["high"] == expected, (seed, plays)
    assert scored > 20


ONE_ROUND = """\
extends: shelem
name: one-round
hand:
  - name: bidding
    auction: {once: true}
"""


def test_a_rising_auction_of_one_round_lets_each_seat_speak_once(tmp_path):
    """`auction: {once: true}` (the guide: auction): Auction Pitch's bidding, each player once in turn, above the
    last bid or pass; the highest bid wins when all have spoken. The bids of each auction, from the log."""
    path = tmp_path / "one-round.yaml"
    path.write_text(ONE_ROUND, encoding="utf-8")
    game = load(path)
    bidding = next(i for i, step in enumerate(game.steps) if step.name == "bidding")
    won = thrown = 0
    for seed in range(30):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while st.step <= bidding and not st.redeals:  # the first auction, to its end or its throw-in
            st.apply_move(rng.choice(st.legal_moves()))
        bids = [(seat, move) for seat, step, move in st.log if step == bidding]
        assert [seat for seat, _ in bids] == [(st.dealer + 1 + k) % 4 for k in range(4)], bids  # once each, in turn
        made = [(move, seat) for seat, move in bids if move is not None]
        if made:
            assert st.vars["hakem"] == max(made)[1] and st.vars["contract"] == max(made)[0]
            won += 1
        else:
            thrown += 1
    assert won > 10, (won, thrown)
    st = game.new_state(seed=1)
    for _ in range(4):
        st.apply("pass")
    assert st.redeals == 1 and st.step == bidding and st.to_act == (st.dealer + 1) % 4  # all passed: dealt again
    st.apply("bid 100")
    assert "bid 100" not in st.legal_actions() and "pass" in st.legal_actions()  # above the last bid, or pass
    st.apply("bid 105")
    st.apply("pass")
    st.apply("pass")  # the first bidder, outbid, has spoken: he does not speak again
    assert st.vars["hakem"] == (st.dealer + 2) % 4 and st.vars["contract"] == 105 and st.step > bidding
    from interpreter.sheet import sheet

    assert "one round only: each player speaks once" in sheet(game, "en")


def test_an_entry_for_several_cards_judges_each_card_by_its_own_test_when_the_test_reads_the_card(tmp_path):
    """A test that reads no card is judged once a decision for all the entry's cards; one that reads the card,
    card by card: only the low spades may be led here (ace low), whatever else is held."""
    path = tmp_path / "low-spades.yaml"
    path.write_text(f"""\
extends: {RULESETS / "spades.yaml"}
name: spades-low-leads
hand:
  - name: tricks
    play:
      special:
        - name: spades broken
          cards: suit == S
          allowed: "not leading or rank < 7"
""", encoding="utf-8")
    game = load(path)
    step = tricks_step(game)
    assert not any(s.shared for s in step.specials.values())  # the entry for spades now reads the card
    assert all(s.shared for s in tricks_step(load("spades")).specials.values())
    for seed in range(30):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and len(st.hands) < 1:
            if st.acting is step and st.to_act >= 0 and not st.zones["trick"]:
                held = st.zones["hand"][st.to_act]
                assert set(st.legal_moves()) == {c for c in held if C.SUIT[c] != SPADE or C.RANK[c] < 7} \
                    or all(C.SUIT[c] == SPADE and C.RANK[c] >= 7 for c in held)
            st.apply_move(rng.choice(st.legal_moves()))


def tricks_step(game):
    return next(s for s in game.steps if s.name == "tricks")
