"""Hearts, rule by rule: scenario tests for Y1-Y8 of RULES.md §5.

Every hand deals 13 cards to each seat one at a time, starting after the dealer (seat 3 deals hand 1);
`deal` builds that deck order from the hands a scenario names. Hand 1 passes three cards to the next
seat, so a scenario about play names the hands each seat holds after the pass and `start_play` deals
and passes so that they do (`after_pass`). HANDS_A, _B and _C are whole deals written out.
"""

from __future__ import annotations

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.table import Table
from tests.conftest import RULESETS, hands_round_the_table, one_at_a_time

SUITS = {s: " ".join(r + s for r in C.RANKS) for s in "SHDC"}


def ruleset():
    return load(RULESETS / "hearts.yaml")


def deal(hands: list[str], dealer: int = 3) -> list[str]:
    return one_at_a_time(hands, (dealer + 1) % 4)


def fill(fixed: dict[int, str], void: dict[int, str] | None = None) -> list[str]:
    return hands_round_the_table(fixed, void, list(C.NAMES[:52]))


def passes(st, seat: int) -> list[str]:
    return [f"pass {c}" for c in C.names(st.zones["hand"][seat])]


def play_trick(st, *cards: str) -> None:
    for c in cards:
        st.apply(f"play {c}")


def play_out(st) -> dict:
    done = len(st.hands)
    while len(st.hands) == done:
        st.apply(st.legal_actions()[0])
    return st.hands[done]


def after_pass(hands: list[str]) -> tuple[list[str], list[list[str]]]:
    """Dealt hands, and what each seat passes in hand 1, so that after the pass seat s holds hands[s]:
    each seat passes the first three cards of the next seat's wanted hand."""
    want = [h.split() for h in hands]
    given = [want[(s + 1) % 4][:3] for s in range(4)]  # seat s passes these to seat s+1
    dealt = [" ".join([c for c in want[s] if c not in want[s][:3]] + given[s]) for s in range(4)]
    return dealt, given


def start_play(hands: list[str]):
    """Hand 1 up to the first lead: after the pass seat s holds hands[s]."""
    dealt, given = after_pass(hands)
    st = ruleset().new_state(shuffles=[deal(dealt)])
    for s in range(4):
        for c in given[s]:
            st.apply(f"pass {c}")
    assert [" ".join(C.names(h)) for h in st.zones["hand"]] == [" ".join(C.names(C.card_id(c) for c in h.split()))
                                                                 for h in hands]
    return st


# ---- Y1, Y2: four, each for himself; 13 each one at a time; the deal passes ---------------------------


def test_y1_four_players_each_for_himself_52_cards():
    g = ruleset()
    assert g.players == 4 and g.sides == 4 and sorted(g.deck) == list(range(52))


def test_y2_thirteen_each_one_at_a_time_after_the_dealer():
    order = list(C.NAMES[:52])
    st = ruleset().new_state(shuffles=[order])
    assert st.dealer == 3 and st.to_act == 0
    for seat in range(4):
        assert C.names(st.zones["hand"][seat]) == sorted(order[seat::4], key=C.card_id)


def test_y2_the_deal_passes_to_the_next_seat():
    st = ruleset().new_state(seed=4)
    play_out(st)
    assert st.dealer == 0


# ---- Y3: passing ---------------------------------------------------------------------------------


def test_y3_every_player_chooses_three_before_any_card_is_received():
    hands = fill({})
    st = ruleset().new_state(shuffles=[deal(hands)])
    before = [list(h) for h in st.zones["hand"]]
    assert st.to_act == 0 and st.legal_actions() == sorted(passes(st, 0))
    three = C.names(st.zones["hand"][0])[:3]
    for c in three:
        st.apply(f"pass {c}")
    assert st.to_act == 1
    assert st.zones["hand"] == before  # chosen, not yet received: seat 1 cannot pass seat 0's cards on
    assert not {f"pass {c}" for c in three} & set(st.legal_actions())
    for _ in range(9):
        assert st.zones["hand"] == before
        st.apply(st.legal_actions()[0])
    assert st.trick_state.number == 1  # the pass is over, play has begun
    got = st.zones["hand"][1]
    assert all(C.card_id(c) in got and C.card_id(c) not in st.zones["hand"][0] for c in three)
    assert [len(h) for h in st.zones["hand"]] == [13] * 4


def test_y3_a_card_once_chosen_cannot_be_chosen_again():
    st = ruleset().new_state(shuffles=[deal(fill({}))])
    st.apply(st.legal_actions()[0])
    assert len(st.legal_actions()) == 12


def test_y3_a_passed_card_is_seen_by_its_passer_alone_until_every_seat_has_chosen():
    """Y3: every player chooses before any passed card is received; the receiver is told them then, in the
    order its hand is shown (they are chosen here from the end of the hand, the highest first)."""
    st = ruleset().new_state(shuffles=[deal(fill({}))], listen=True)
    receiver = Table(st, 1)  # hand 1: seat 0 passes to seat 1
    receiver.heading()  # the table has said which hand this is
    passing = st.step
    lines, chosen = [], {seat: [] for seat in range(4)}
    while st.step == passing:
        actor, move = st.to_act, st.legal_moves()[-1]
        step = st.game.steps[st.step]
        assert [step.shown_text(st, actor, move, viewer) == f"pass {C.NAMES[move]}" for viewer in range(4)] == \
            [viewer == actor for viewer in range(4)]
        lines.append(receiver.move_line(actor, move))
        chosen[actor].append(move)
        st.apply_move(move)
    shown = [receiver.w.card(c) for c in chosen[0]]
    assert not any(card in line for line in lines for card in shown), lines  # not while choosing
    told = receiver.events(st.events)
    assert told == [f"  → seat 0 passes you {receiver.w.cards(sorted(chosen[0], key=receiver.key))}"], told
    assert sorted(chosen[0], key=receiver.key) != chosen[0]  # the order told is not the order chosen


def directions(st, hands: int) -> list[dict]:
    """Who passed to whom in each of the next `hands` hands ({} for a hand without a pass)."""
    events = st.listen()
    out = []
    for _ in range(hands):
        events.clear()
        play_out(st)
        out.append({e["seat"]: e["to"] for e in events if e["kind"] == "pass"})
    return out


def test_y3_left_right_across_none_then_again():
    st = ruleset().new_state(seed=1)
    next_seat = {s: (s + 1) % 4 for s in range(4)}
    prev_seat = {s: (s - 1) % 4 for s in range(4)}
    across = {s: (s + 2) % 4 for s in range(4)}
    assert directions(st, 5) == [next_seat, prev_seat, across, {}, next_seat]


def test_y3_the_choosing_goes_round_from_the_player_after_the_dealer():
    """Y3: the passers choose in turn from the dealer's left, each after the one before has chosen all three:
    from seat 0 in hand 1 (seat 3 deals), from seat 1 in hand 2 (seat 0 deals)."""

    def choosers(st) -> list[int]:
        seats = []
        while st.acting.name == "passing":
            seats.append(st.to_act)
            st.apply(st.legal_actions()[0])
        return seats

    st = ruleset().new_state(seed=1)
    assert st.dealer == 3 and choosers(st) == [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3
    play_out(st)
    assert st.dealer == 0 and choosers(st) == [1] * 3 + [2] * 3 + [3] * 3 + [0] * 3


# ---- Y4: the holder of 2C leads it; nothing of points on the first trick -------------------------------

HANDS_A = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2S",
    "QS AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 2D",
    "AC 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "AS KS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H 3H",
]
HANDS_B = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD",
    "AC KH QH JH 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    "JS KS AS QS AH 10H 9H 8H 7H 6H 5H 4H 3H",
    "2H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
]
HANDS_C = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD",
    "AC AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H",
    SUITS["S"],
    "2H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
]


@pytest.mark.parametrize("hands", [HANDS_A, HANDS_B, HANDS_C])
def test_the_written_deals_are_whole_decks(hands):
    cards = " ".join(hands).split()
    assert sorted(map(C.card_id, cards)) == list(range(52)) and all(len(h.split()) == 13 for h in hands)


def test_y4_the_holder_of_the_two_of_clubs_leads_it():
    hands = fill({2: "2C 3D 4D"})
    st = start_play(hands)
    assert st.to_act == 2 and st.legal_actions() == ["play 2C"]


def test_y4_no_heart_or_queen_of_spades_on_the_first_trick():
    st = start_play(HANDS_A)
    st.apply("play 2C")
    assert st.legal_actions() == ["play 2D"]  # seat 1 holds QS and hearts, and one diamond
    st.apply("play 2D")
    st.apply("play AC")
    assert sorted(st.legal_actions()) == sorted(f"play {c}" for c in HANDS_A[3].split() if c.endswith("S"))


def test_y4_unless_the_player_holds_nothing_else():
    hands = [HANDS_A[0], "QS AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H", HANDS_A[2],
             "AS KS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H 2D"]
    st = start_play(hands)
    st.apply("play 2C")
    assert len(st.legal_actions()) == 13 and "play QS" in st.legal_actions()


def test_y4_after_the_first_trick_hearts_and_the_queen_may_be_played():
    st = start_play(HANDS_A)
    play_trick(st, "2C", "2D", "AC", "3S")
    assert st.to_act == 2  # AC took it
    st.apply("play 3D")
    assert "play 2H" in st.legal_actions()  # seat 3, void in diamonds, may discard a heart
    play_trick(st, "2H", "2S")
    assert len(st.legal_actions()) == 12  # seat 1: QS and every heart


# ---- Y5: hearts broken --------------------------------------------------------------------------------


def test_y5_no_heart_led_before_hearts_are_broken():
    st = start_play(HANDS_B)
    play_trick(st, "2C", "AC", "AS", "2D")
    assert st.to_act == 1
    assert sorted(st.legal_actions()) == sorted(f"play {r}S" for r in "2 3 4 5 6 7 8 9 10".split())


def test_y5_a_heart_played_to_an_earlier_trick_breaks_hearts():
    st = start_play(HANDS_B)
    play_trick(st, "2C", "AC", "AS", "2D", "2S", "JS", "2H", "3C")  # seat 3 discards 2H on trick 2
    assert st.to_act == 2  # JS took trick 2
    leads = st.legal_actions()
    assert "play AH" in leads and "play KS" in leads


def test_y5_unless_the_leader_holds_only_hearts():
    st = start_play(HANDS_C)
    play_trick(st, "2C", "AC")
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.to_act == 1 and len(st.legal_actions()) == 12
    assert all(a.endswith("H") for a in st.legal_actions())


# ---- Y6: the highest card of the suit led wins; no trump ----------------------------------------------


def test_y6_highest_of_the_suit_led_wins_no_trump():
    st = start_play(HANDS_B)
    play_trick(st, "2C", "AC", "AS", "2D")
    assert st.trick_state.last_winner == 1 and st.to_act == 1  # AS is not of the suit led
    assert ruleset().steps[-1].trump is None


# ---- Y7: points, shooting the moon ------------------------------------------------------------------


def test_y7_a_heart_is_one_point_the_queen_of_spades_thirteen():
    for seed in range(3):
        st = ruleset().new_state(seed=seed)
        events = st.listen()
        hand = play_out(st)
        taken = [0] * 4
        for e in events:
            if e["kind"] == "trick":
                taken[e["winner"]] += sum(C.SUIT[c] == 1 for c in e["cards"]) + 13 * (C.card_id("QS") in e["cards"])
        assert sum(taken) == 26
        moon = 26 in taken
        assert hand["points"] == ([0 if t == 26 else 26 for t in taken] if moon else taken)


def test_y7_shooting_the_moon():
    # seat 0 holds every club: it leads 2C and wins all thirteen tricks (nobody else can follow)
    hands = fill({0: SUITS["C"]})
    st = start_play(hands)
    hand = play_out(st)
    assert hand["values"]["taken"] == [26, 0, 0, 0]
    assert hand["points"] == [0, 26, 26, 26]


# ---- Y8: the end at 100, the lowest total wins -----------------------------------------------------------


def test_y8_the_game_ends_when_someone_reaches_100_and_the_lowest_wins():
    hands = fill({0: SUITS["C"]})
    st = start_play(hands)
    st.scores = [10, 80, 60, 50]
    play_out(st)
    assert st.scores == [10, 106, 86, 76]
    assert st.over and st.winner == 0


def test_y8_below_100_the_game_goes_on():
    hands = fill({0: SUITS["C"]})
    st = start_play(hands)
    st.scores = [10, 70, 60, 50]
    play_out(st)
    assert st.scores == [10, 96, 86, 76] and not st.over


@pytest.mark.parametrize("before,over", [(74, True), (73, False)])
def test_y8_exactly_100_ends_the_game(before, over):
    """Y8: the game ends after the hand in which someone "reaches 100": 100 itself does, 99 does not."""
    hands = fill({0: SUITS["C"]})
    st = start_play(hands)
    st.scores = [10, before, 60, 50]
    play_out(st)
    assert st.scores == [10, before + 26, 86, 76] and st.over == over and st.winner == (0 if over else None)


def test_y8_a_tie_for_lowest_plays_another_hand():
    hands = fill({0: SUITS["C"]})
    st = start_play(hands)
    st.scores = [30, 80, 4, 10]
    play_out(st)
    assert st.scores == [30, 106, 30, 36]
    assert not st.over and st.winner is None and len(st.hands) == 1


def test_y3_the_menu_says_which_card_of_three_is_chosen_for_whom():
    st = ruleset().new_state(shuffles=[deal(fill({}))], listen=True)
    table = Table(st, 0)
    assert table.menu_lines(table.menu())[0] == "your moves (pass 1 of 3 to seat 1):"
    st.apply("pass " + C.NAMES[st.legal_moves()[0]])
    chosen = table.w.card(st.phase["passing"][0][0])
    assert table.menu_lines(table.menu())[0] == f"your moves (pass 2 of 3 to seat 1, after {chosen}):"


def test_y7_shooting_the_moon_is_announced_with_the_shooter():
    """Y7: the hand result says who took all 26 (random hands until one does)."""
    import random

    for seed in range(400):
        st = ruleset().new_state(seed=seed, listen=True)
        table, rng = Table(st, 0), random.Random(seed)
        while not st.over and not st.hands:
            st.apply_move(rng.choice(st.legal_moves()))
        shooters = [s for s, t in enumerate(st.hands[0]["values"]["taken"]) if t == 26]
        if shooters:
            break
    lines = table.events(st.events)
    shooter = "you" if shooters[0] == 0 else f"seat {shooters[0]}"
    assert f"  {shooter} shot the moon (all the hearts and the Q♠)" in lines, lines


def test_y3_the_fourth_hand_is_said_to_have_no_passing():
    """Y3: every fourth hand has no passing; the table says so (the ruleset announces the skipped step),
    and only then."""
    import random

    st = ruleset().new_state(seed=2, listen=True)
    table, rng = Table(st, 0), random.Random(2)
    said = {}  # hand number -> what the table said while it began
    while not st.over and len(st.hands) < 5:
        hand = len(st.hands)
        st.apply_move(rng.choice(st.legal_moves()))
        said.setdefault(len(st.hands), []).extend(table.events(st.events))
        st.events.clear()
    told = {n for n, lines in said.items() if "  no passing this hand" in lines}
    assert told == {3}, said.get(3)  # said as hand 4 (index 3) begins, after hand 3's result
    assert hand >= 4
    lines = said[3]  # hand 3's result, then hand 4's heading, then what hand 4 skipped
    result = next(i for i, x in enumerate(lines) if "hand 3 is over" in x)
    heading = next(i for i, x in enumerate(lines) if x.startswith("── Hearts · hand 4"))
    assert result < heading < lines.index("  no passing this hand"), lines


def test_the_table_shows_the_points_each_player_has_taken():
    """Y7: through the hand the board shows the points taken so far (a heart 1, the queen 13), which a player
    counts; it showed only the tricks (a table audit)."""
    import random

    st, rng = load("hearts").new_state(seed=5), random.Random(5)
    while sum(st.view(0)["values"]["taken"]) < 13:
        st.apply_move(rng.choice(st.legal_moves()))
    taken = st.view(0)["values"]["taken"]
    line = next(x for x in Table(st, 0).status() if x.startswith("points taken:") or " · points taken:" in x)
    assert f"you {taken[0]}, seat 1 {taken[1]}, seat 2 {taken[2]}, seat 3 {taken[3]}" in line, line


def test_a_refused_card_is_refused_for_the_rule_a_player_looks_for_first():
    """A heart in the first trick breaks two rules where clubs are led and the player holds clubs (follow suit,
    and Y4's no heart in the first trick): the table named Y4, where a player looks for the suit led first; and
    on the lead, for the 2♣ that must be played (a player's audit)."""
    import random

    from interpreter.actions import why_illegal

    def heart_refused(st) -> str | None:
        heart = next((C.NAMES[c] for c in st.zones["hand"][st.to_act] if C.NAMES[c].endswith("H")), None)
        return heart and why_illegal(st, f"play {heart}", f"play {heart}", table=True)

    game, followed = load("hearts"), 0
    for seed in range(40):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while st.legal_actions() != ["play 2C"]:  # the passes, then the lead of the first trick
            st.apply(rng.choice(st.legal_actions()))
        said = heart_refused(st)
        assert said is None or said.endswith("you must play 2♣ now: the 2♣ leads the first trick (Y4)"), said
        st.apply("play 2C")
        held = [C.NAMES[c] for c in st.zones["hand"][st.to_act]]
        if any(n.endswith("C") for n in held) and any(n.endswith("H") for n in held):
            said = heart_refused(st)
            assert said.endswith("you must follow ♣ clubs"), said
            followed += 1
    assert followed >= 5
