"""The Python API as a library user meets it (docs/api.md): a copy is independent, a mistake is a
CardrulesError with a message, never a Python error from inside, and records replay as the CLI does."""

from __future__ import annotations

import json
import random
import re
from enum import IntEnum
from pathlib import Path

import pytest

import interpreter
from interpreter import CardrulesError, IllegalAction, RecordError, ReplayFailure, RulesetError, SeedError, load
from interpreter import cards as C
from interpreter import records as rec
from interpreter.simulate import simulate
from interpreter.state import SearchSeed
from interpreter.study import compare


def hokm_at_play():
    st = load("hokm").new_state(seed=3)
    st.apply("trump C")
    return st


def test_a_search_that_empties_a_copys_moves_leaves_the_game_alone():
    st = hokm_at_play()
    moves = list(st.legal_moves())
    cp = st.copy(history=False)
    while cp.legal_moves():
        cp.legal_moves().pop()
    assert st.legal_moves() == moves
    st.apply(st.legal_actions()[0])  # still legal, and played


@pytest.mark.parametrize("action", [None, 1, b"trump H", ["trump", "H"]])
def test_an_action_that_is_not_text_is_refused_as_an_illegal_action(action):
    st = load("hokm").new_state(seed=3)
    with pytest.raises(IllegalAction, match="an action is text"):
        st.apply(action)


def test_options_that_are_not_a_mapping_are_a_ruleset_error():
    with pytest.raises(RulesetError, match="options are a mapping"):
        load("hokm", options=[("rounds", 2)])


def test_an_api_refusal_lists_the_moves_in_the_notation_and_the_table_with_suit_signs():
    st = hokm_at_play()
    with pytest.raises(IllegalAction) as refused:
        st.apply("foo")
    assert "play 3S" in str(refused.value) and "♠" not in str(refused.value)
    from interpreter.actions import why_illegal

    assert why_illegal(st, "foo", "foo", table=True).endswith("see your moves below")  # the table's menu follows
    missing = next(C.NAMES[c] for c in range(52) if c not in st.zones["hand"][st.to_act] and C.SUIT[c] == 0)
    assert "♠" in why_illegal(st, f"play {missing}", f"play {missing}", table=True)
    assert "♠" not in why_illegal(st, f"play {missing}", f"play {missing}")


def test_a_word_that_is_no_card_among_several_is_named():
    """`discard 3S 4S ZZ 7S` was told "with 3♠ the only move is 'discard 3♠'" (records audit): the word that is
    no card is named."""
    st = load("shelem").new_state(seed=9)
    while not st.legal_actions()[0].startswith("discard"):
        st.apply_move(st.legal_moves()[0])
    card = st.legal_actions()[0].split()[1]
    with pytest.raises(IllegalAction, match="'ZZ' is not a card"):
        st.apply(f"discard {card} ZZ")


@pytest.mark.parametrize("seed", [1.5, [1, 2], True, "abc", "7"])
def test_a_seed_is_a_whole_number(seed):
    """Text was taken silently, and a game seeded with it could not be kept as a record."""
    with pytest.raises(SeedError, match=r"a seed is a whole number \(an int\), not "):
        load("hokm").new_state(seed=seed)
    assert issubclass(SeedError, CardrulesError) and issubclass(SeedError, TypeError)


def test_max_hands_halts_a_game_where_the_loop_bounding_it_stopped_and_frees_it_at_once():
    """`new_state(max_hands=N)` halts play once N hands are scored, with the hands, log and scores a loop that
    stops at N hands sees; the halted state holds no view of itself, so dropping it frees it without Python's
    cyclic garbage collector (a bounded study's games were left to it, at a cost of 5-10% in Shelem)."""
    import gc
    import random

    game = load("shelem")
    st, rng = game.new_state(seed=4, max_hands=3), random.Random(4)
    free, rng_free = game.new_state(seed=4), random.Random(4)
    while not (st.over or st.halted):
        st.apply_move(rng.choice(st.legal_moves()))
    while len(free.hands) < 3:
        free.apply_move(rng_free.choice(free.legal_moves()))
    assert st.halted and not st.over and len(st.hands) == 3 and st.legal_moves() == [] and st.to_act < 0
    assert st.log == free.log and st.scores == free.scores and st.hands == free.hands
    assert all(type(entry) is tuple and len(entry) == 3 for entry in st.log)
    cls = type(st)
    gc.disable()  # a state left in a reference cycle stays among the objects the collector tracks till it runs
    try:
        alive = sum(type(o) is cls for o in gc.get_objects())
        del st
        assert sum(type(o) is cls for o in gc.get_objects()) == alive - 1
    finally:
        gc.enable()


def test_a_search_deal_halts_where_its_hand_is_thrown_in_and_a_game_deals_again():
    """Search plays a deal to the end of its hand (`_one_hand`): where all pass and the hand is thrown in
    (Shelem's S3-S5 redeal), the copy halts there, not shuffled and dealt again for nothing; the game itself
    and a plain copy deal the next hand."""
    from interpreter.search import _one_hand
    from interpreter.steps.auction import PASS

    st = load("shelem").new_state(seed=5)
    deal, plain = _one_hand(st.copy()), st.copy()
    for s in (st, deal, plain):
        while s.redeals == 0 and not s.halted:
            s.apply_move(PASS)
    assert deal.redeals == 1 and deal.halted and deal.to_act < 0 and deal.legal_moves() == []
    assert len(deal.decks) == 1 and not deal.hands
    for s in (st, plain):
        assert s.redeals == 1 and not s.halted and len(s.decks) == 2 and s.legal_moves()


@pytest.mark.parametrize("bound", [0, -1, 2.5, True, "3"])
def test_max_hands_is_a_whole_number_of_one_or_more(bound):
    with pytest.raises(CardrulesError, match="max_hands is a whole number, 1 or more"):
        load("hokm").new_state(seed=1, max_hands=bound)


def test_a_seed_that_is_a_whole_number_of_another_type_deals_as_the_int():
    game = load("hokm")
    st = game.new_state(seed=IntEnum("Seeds", {"THREE": 3}).THREE)
    assert type(st.seed) is int and st.decks == game.new_state(seed=3).decks


def test_a_game_seeded_by_search_with_text_is_not_written_as_a_record_that_cannot_be_read(tmp_path):
    st = load("hokm").new_state(seed=SearchSeed("table-42"))
    with pytest.raises(RecordError, match="a record's seed is a whole number"):
        rec.write(tmp_path / "r.json", st, "hokm")
    assert not (tmp_path / "r.json").exists()


@pytest.mark.parametrize("seat", [4, -1, "0", None])
def test_a_view_of_a_seat_the_game_does_not_have_is_refused(seat):
    with pytest.raises(CardrulesError, match="no seat"):
        load("hokm").new_state(seed=3).view(seat)


def test_a_view_names_the_step_waiting_on_a_decision_but_one_asked_unseen():
    """A front end shows every seat what is awaited (`step`: the ruleset's name of it), but not a step whose
    asking tells what the actor holds (hokm-throw-in's, asked on a weak first five): that is the actor's alone;
    the others see the step play would have waited at had it not been asked, whatever the hand (no key left
    out, which would tell it too: a review)."""
    st = load("hokm").new_state(seed=1)
    assert [st.view(s)["step"] for s in range(4)] == ["trump"] * 4
    st.apply(st.legal_actions()[0])
    assert st.view(3)["step"] == "tricks"
    g = load("hokm-throw-in")
    asked = [st for st in map(g.new_state, range(40)) if g.steps[st.step].name == "throw in"]
    for st in asked:
        seen = [(st.view(s)["step"], st.view(s)["to_act"]) for s in range(4)]
        assert seen == [("throw in" if s == st.to_act else "trump", st.to_act) for s in range(4)], seen
    assert asked


def test_a_view_gives_a_value_read_from_hidden_piles_counts_as_it_stands():
    """An API audit: a view worked its values out on a copy with the piles the seat may not see emptied, and
    Crazy Eights' `went_out` (`empty(hand)`) said every other seat had gone out, though the view's own zones show
    how many cards each holds. A count of a hidden pile is seen by all: such a value is given as it stands; one
    that reads hidden cards (`left`, the points in hand) is still worked out from what the seat sees."""
    game = load("crazy-eights")
    st, rng = game.new_state(seed=1), random.Random(0)
    for _ in range(9):
        st.apply_move(rng.choice(st.legal_moves()))
    actual, _ = st.hand_scored()
    for seat in range(game.players):
        view = st.view(seat)
        assert view["values"]["went_out"] == actual["went_out"] == [0, 0, 0, 0]
        held = [p if isinstance(p, int) else len(p) for p in view["zones"]["hand"]]
        assert all(held), held
        left = view["values"]["left"]
        assert left[seat] == actual["left"][seat]  # its own hand's points
        assert all(left[s] == 0 for s in range(game.players) if s != seat)  # the others' cards unseen
        assert view["hand_points"] is None  # a row reads the points in hand: no seat can know them (a review:
        # worked out from the seat's view, every other seat was credited with going out)
    assert load("hokm").new_state(seed=1).view(0)["hand_points"] == [0, 0]  # rows that read only what all see


def test_a_state_as_a_seat_sees_it_keeps_nothing_that_tells_the_hidden_cards():
    """An API audit: `as_seen_by` emptied the piles a seat may not see but kept the other seat's legal moves (its
    cards), the decisions made, the seed and the deck orders (the game could be replayed from them), and took
    any seat (9, -1) in silence."""
    st, rng = load("hokm").new_state(seed=3), random.Random(1)
    for _ in range(8):
        st.apply_move(rng.choice(st.legal_moves()))
    other = (st.to_act + 1) % 4
    seen = st.as_seen_by(other)
    assert seen.legal_actions() == [] and seen.log == [] and seen.seed is None and seen.given == []
    assert seen.decks == [()] * len(st.decks) and seen.zones["hand"][st.to_act] == []
    with pytest.raises(IllegalAction):
        seen.apply(st.legal_actions()[0])
    with pytest.raises(CardrulesError, match="without its history"):
        seen.replayed(0)
    assert st.as_seen_by(st.to_act).legal_actions() == st.legal_actions()  # its own cards, its own moves
    for seat in (4, -1, None, "0"):
        with pytest.raises(CardrulesError, match="no seat"):
            st.as_seen_by(seat)


def test_replayed_and_rewind_say_what_their_arguments_must_be():
    st, rng = load("hokm").new_state(seed=3), random.Random(1)
    for _ in range(8):
        st.apply_move(rng.choice(st.legal_moves()))
    for bad in (None, "0", 1.5, True):
        with pytest.raises(CardrulesError, match="a whole number"):
            st.replayed(bad)
        with pytest.raises(CardrulesError, match="a whole number"):
            st.rewind(bad)
    for again in ("x", load("pasur").new_state(seed=1), st.replayed(3)):
        with pytest.raises(CardrulesError, match="rewind's `again`"):
            st.rewind(2, again=again)
    assert len(st.log) == 8
    st.rewind(2, again=st.replayed(2))
    assert len(st.log) == 2


def test_an_option_given_to_load_is_judged_alike_whatever_was_loaded_before():
    """An API audit: `load` kept games by their options with true and 1 alike, so `rounds: True` was refused cold
    but given the `rounds: 1` game once that was loaded; and numpy's integers, taken as seeds and seats, were
    refused as options."""
    assert load("hokm", {"rounds": 1}).options["rounds"] == 1
    with pytest.raises(RulesetError, match="option 'rounds' is a whole number, not true"):
        load("hokm", {"rounds": True})
    assert load("hokm", {"bam": True}).options["bam"] is True
    with pytest.raises(RulesetError, match="option 'bam' is true or false, not 1"):
        load("hokm", {"bam": 1})
    numpy = pytest.importorskip("numpy")
    game = load("hokm", {"rounds": numpy.int64(2)})
    assert game.options["rounds"] == 2 and type(game.overrides["rounds"]) is int


def test_copy_copy_of_a_state_plays_on_without_changing_the_original():
    """An API audit: `copy.copy(st)` shared the original's lists, and a move on it changed the original's log and
    hands."""
    import copy

    st = load("hokm").new_state(seed=3)
    before = (list(st.log), [list(p) for p in st.zones["hand"]], st.legal_actions())
    other = copy.copy(st)
    other.apply(other.legal_actions()[0])
    assert (st.log, st.zones["hand"], st.legal_actions()) == before and len(other.log) == 1


def test_a_table_made_anew_for_each_batch_of_events_counts_each_trick_once():
    """An API audit: the recipe `Table(st, seat, lang).events(events)` with a new table each move counted a trick
    twice where no counter keeps them (Hearts): the new table's tally, from the hand so far, held it already.
    And events that are not a listening state's list said so with a TypeError or a KeyError."""
    from interpreter.table import Table

    st, rng = load("hearts").new_state(seed=1, listen=True), random.Random(0)
    said = []
    while len(said) < 4:
        st.apply_move(rng.choice(st.legal_moves()))
        events = list(st.events)
        st.events.clear()
        said += [line for line in Table(st, 1, "en").events(events) if "goes to" in line]
    for k, line in enumerate(said):
        assert line.startswith(f"  → trick {k + 1} goes to")
        assert sum(int(n) for n in re.findall(r"(?:you|seat \d) (\d+)", line.split("·")[1])) == k + 1, said
    for bad in (None, [{"winner": 0}], "trick"):
        with pytest.raises(CardrulesError, match="events are the list a listening state keeps"):
            Table(st, 1, "en").events(bad)


def test_simulate_takes_one_kind_for_every_seat_and_names_an_unknown_one():
    timing = ("games_per_sec", "seconds")
    one, four = (simulate("hokm", {}, 2, 0, kinds) for kinds in (["random"], ["random"] * 4))
    assert {k: v for k, v in one.items() if k not in timing} == {k: v for k, v in four.items() if k not in timing}
    with pytest.raises(CardrulesError, match="unknown bot 'nosuch'"):
        simulate("hokm", {}, 2, 0, ["nosuch", "random", "random", "random"])


def finished_record(tmp_path):
    st = load("hokm-2p").new_state(seed=5)
    while not st.over:
        st.apply(st.legal_actions()[0])
    path = tmp_path / "r.json"
    rec.write(path, st, "hokm-2p")
    return json.loads(path.read_text()), path


def test_replay_checks_the_result_as_the_cli_does(tmp_path):
    record, path = finished_record(tmp_path)
    assert rec.replay(record, path).scores == record["result"]["scores"]
    record["result"]["scores"] = [1, 2]
    with pytest.raises(RecordError, match=r"result scores \[1, 2\] differ"):
        rec.replay(record, path)
    assert rec.replay(record, path, check_result=False).over


def test_a_record_in_memory_replays_without_a_path_and_a_refusal_is_a_record_error(tmp_path):
    record, _ = finished_record(tmp_path)
    assert rec.replay(record).over  # a bundled ruleset's name: no folder needed
    record["actions"][3]["action"] = "trump X"
    with pytest.raises(RecordError) as refused:
        rec.replay(record)
    assert isinstance(refused.value, ReplayFailure) and refused.value.index == 3
    assert interpreter.ReplayFailure is ReplayFailure


def test_a_character_that_prints_as_nothing_is_spelt_out_in_a_refusal():
    st = hokm_at_play()
    with pytest.raises(IllegalAction) as refused:
        st.apply("play 3\x00C")
    assert "'3\\u0000C' is not a card" in str(refused.value) and "\x00" not in str(refused.value)


def test_a_move_copied_from_the_persian_table_keeps_no_direction_marks():
    """The Persian table wraps the notation in marks that set the writing direction; a move copied from it was
    refused, showing the mark as \\u200f (README audit)."""
    st = hokm_at_play()
    action = st.legal_actions()[0]
    st.apply("\u200f" + action + "\u200e")
    assert st.actions[-1][1] == action


def test_a_suit_sign_typed_as_an_emoji_is_the_suit():
    """Phones type ♣ as ♣️, the sign and a variation selector (U+FE0F) that says to draw it as an emoji: it was
    refused as "not a card" (an audit of the contract); in a move and in a deck order alike it is the suit."""
    st = hokm_at_play()
    action = st.legal_actions()[0]
    card = action.split()[-1]
    st.apply(action.replace(card, card[:-1] + "♠♥♦♣"["SHDC".index(card[-1])] + "\ufe0f"))
    assert st.actions[-1][1] == action
    assert C.card_id("10♥\ufe0e") == C.card_id("10H")


def test_only_the_seat_to_act_is_shown_its_legal_moves():
    """A seat's view lists the legal moves only when it is that seat's turn: another seat's would tell the
    cards it holds (a follow-suit list names them)."""
    import random

    game = load("hokm")
    st, rng = game.new_state(seed=2), random.Random(2)
    for _ in range(12):
        views = {s: st.view(s) for s in range(game.players)}
        assert views[st.to_act]["legal"] == st.legal_actions()
        assert not any("legal" in v for s, v in views.items() if s != st.to_act)
        st.apply_move(rng.choice(st.legal_moves()))


# ---- an audit of the library's interface: every mistake a caller can make is a CardrulesError ----------------

def test_a_bid_of_digits_no_number_reads_is_refused_as_any_bad_bid():
    """`bid ²` (a digit to `isdigit`, not to `int`) and a bid of 5,000 digits stopped a Shelem auction with a
    ValueError, through `apply`, `play` and `replay` alike."""
    st = load("shelem").new_state(seed=1)
    for typed in ("bid ²", "bid ①", "bid " + "9" * 1990):
        with pytest.raises(IllegalAction) as refused:
            st.apply(typed)
        assert "you may bid 100 to 165" in str(refused.value)
    with pytest.raises(IllegalAction, match="an action is at most 2,000 characters"):  # longer: no move is
        st.apply("bid " + "9" * 5000)


def test_a_bid_in_persian_or_arabic_digits_is_the_bid():
    """The table read `bid ۱۰۵` and the library refused it: a move copied from the Persian table is the same move
    through `apply`, in Persian (۱۰۵) or Arabic-Indic (١٠٥) digits, logged as `bid 105`."""
    for typed in ("bid ۱۰۵", "bid ١٠٥"):
        st = load("shelem").new_state(seed=3)
        st.apply(typed)
        assert st.actions[-1] == (0, "bid 105")


def test_a_move_after_play_has_halted_says_so():
    """A game bounded by `max_hands` that reached its bound is not over, and `apply` took a move to it for a move
    out of turn: an IndexError (no legal move to name), or a reason that was not the reason."""
    import random

    st, rng = load("hokm").new_state(seed=1, max_hands=1), random.Random(0)
    while not st.halted:
        st.apply(rng.choice(st.legal_actions()))
    for typed in ("pass", "play 2C"):
        with pytest.raises(IllegalAction, match="play has halted after 1 hand, the bound set on this game"):
            st.apply(typed)


def test_an_unfinished_game_has_no_result():
    """`result()` is the end's (a record keeps it only then): mid-game, or halted by `max_hands`, its winner None
    read as a draw's or an end without one; it says the game is not over and gives the scores so far."""
    import random

    st, rng = load("hokm").new_state(seed=1, max_hands=1), random.Random(0)
    with pytest.raises(CardrulesError, match=r"the game is not over \(hand 1\): it has no result; its scores so far"
                                             r" are \[0, 0\]"):
        st.result()
    while not st.halted:
        st.apply(rng.choice(st.legal_actions()))
    with pytest.raises(CardrulesError, match="the game was halted by its bound on hands"):
        st.result()


@pytest.mark.parametrize("shuffles, said", [
    (5, "shuffles must be a list of deck orders, not int"),
    (True, "shuffles must be a list of deck orders, not bool"),
    ({"a": 1}, "shuffles must be a list of deck orders, not dict"),
    (["AS KS"], "shuffle 0: a deck order is a list of cards, not str"),
    ([[i + 0.5 for i in range(52)]], "shuffle 0: 0.5 is not a card"),
    ([[True] * 52], "shuffle 0: True is not a card"),
])
def test_deck_orders_that_are_not_lists_of_cards_are_refused(shuffles, said):
    """A deck order not a list, or cards not names or whole numbers: a bare TypeError, a string read one letter
    a card, or 2.5 taken as 2 (an audit of the library)."""
    with pytest.raises(CardrulesError, match=re.escape(said)):
        load("hokm").new_state(shuffles=shuffles)


def test_a_seat_or_an_action_given_as_a_kind_of_int_or_str_is_taken():
    """numpy's integers are seats as seeds take them, and a subclass of str is text (both were refused, with a
    message that contradicted itself: "no seat 0")."""
    class Seat:
        def __index__(self):
            return 1

    class Text(str):
        pass

    st = hokm_at_play()
    assert st.view(Seat())["seat"] == 1
    action = st.legal_actions()[0]
    st.apply(Text(action))
    assert st.actions[-1][1] == action
    with pytest.raises(CardrulesError, match="no seat True"):
        st.view(True)


@pytest.mark.parametrize("given, said", [
    ({"n": 1.5}, "n, the number of games, is a whole number from 0 to 1,000,000, not 1.5"),
    ({"n": -1}, "n, the number of games, is a whole number from 0 to 1,000,000, not -1"),
    ({"seed": "1"}, "a seed is a whole number (an int), not '1'"),
    ({"seed": True}, "a seed is a whole number (an int), not True"),
    ({"kinds": None}, "kinds is a bot kind or a list of them"),
    ({"kinds": [1]}, "kinds is a bot kind or a list of them"),
    ({"kinds": []}, "kinds is a bot kind or a list of them, one a seat ('random', 'greedy', 'mcts'), not []"),
    ({"kinds": ["greedy", "random"]}, "error: kinds names 2 seats; this game has 4"),
    ({"kinds": ["greedy", "bogus", "x", "y"]}, "error: unknown bot 'bogus'"),
    ({"engine": "bogus"}, "engine is one of local, ray, not 'bogus'"),
])
def test_simulate_says_what_each_argument_must_be(given, said):
    """simulate() took what the command line checks as it came: a bare TypeError, True as seed 1, -1 games as
    none, an unknown engine as the local one (an audit of the library)."""
    args = {"name": "hokm", "options": None, "n": 1, "seed": 0, "kinds": ["random"], **given}
    with pytest.raises(CardrulesError, match=re.escape(said)):
        simulate(**args)


def test_compare_says_what_its_kinds_must_be():
    """study.compare took any kinds and failed inside its games (the audit of a new user's walk through the docs);
    an empty list of kinds ran random bots, and a count of kinds unlike the seats' named a flag, --bots."""
    names = ["pasur", "pasur-105"]
    games = [load(name) for name in names]
    for kinds, said in (([["random"]], "kinds is a list of the bots of each ruleset, 2 of them"),
                        ([["random"], []], "kinds is a bot kind or a list of them"),
                        ([["random"], ["greedy"] * 3], "error: kinds names 3 seats; this game has 2")):
        with pytest.raises(CardrulesError, match=re.escape(said)):
            compare(names, games, kinds, 1)
    assert compare(names, games, ["random", ["GREEDY", "random"]], 1).bots == [["random"] * 2, ["greedy", "random"]]


def test_simulate_takes_one_kind_as_text_and_no_seed_as_0():
    one = simulate("hokm", None, 2, None, "random")
    assert one["games"] == 2 and one["finished"] == simulate("hokm", None, 2, 0, ["random"])["finished"]
    assert simulate("hokm", None, 2)["mean_points"] == one["mean_points"]  # as the command: random bots, seed 0


def test_records_say_what_a_path_is_and_why_one_cannot_be_written(tmp_path):
    st = hokm_at_play()
    for path in (None, 5):
        with pytest.raises(RecordError, match="a record's path is a file name or path"):
            rec.read(path)
    with pytest.raises(RecordError, match="cannot write record: it is a folder"):
        rec.write(tmp_path, st, "hokm")
    with pytest.raises(RecordError, match="cannot write record: No such file or directory"):
        rec.write(tmp_path / "missing" / "r.json", st, "hokm")


def test_a_record_names_the_ruleset_its_game_is_played_by(tmp_path):
    """`rec.write(path, st, "pasur")` for a game of Hokm wrote a record that named Pasur and stopped at its
    first action on replay: refused, and nothing is written; the same ruleset by any name is taken."""
    st = hokm_at_play()
    path = tmp_path / "r.json"
    with pytest.raises(RecordError, match="the record would name 'pasur', but the game is played by .*hokm.yaml"):
        rec.write(path, st, "pasur")
    assert not path.exists()
    for name in ("hokm", "hokm.yaml", interpreter.__file__.replace("interpreter/__init__.py", "rulesets/hokm.yaml")):
        rec.write(path, st, name)
        assert rec.replay(rec.read(path), path).actions == st.actions


def test_a_ruleset_written_anew_is_loaded_anew(tmp_path):
    """`load` kept the game compiled from a file's first text: a house rule edited and loaded again in the same
    session (a notebook, a study script) played the old rule. A file of the chain written since, the variant's
    or its base's, is read anew; one unchanged gives the same game."""
    base, variant = tmp_path / "base.yaml", tmp_path / "house.yaml"
    base.write_text((interpreter.bundled_dir() / "hokm.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    variant.write_text("extends: base.yaml\nname: house\noptions: {rounds: 2}\n", encoding="utf-8")
    first = load(str(variant))
    assert load(str(variant)) is first and first.options["rounds"] == 2
    variant.write_text("extends: base.yaml\nname: house\noptions: {rounds: 3}\n", encoding="utf-8")
    second = load(str(variant))
    assert second.options["rounds"] == 3 and load(str(variant)) is second
    text = base.read_text(encoding="utf-8")
    base.write_text(re.sub(r"(?m)^names: .*$", "names: {en: Hokm as we play it}", text), encoding="utf-8")
    third = load(str(variant))
    assert third is not second and third.tree["description"] == "Hokm as we play it, with the house rules of house.yaml"
    assert third.options["rounds"] == 3


def test_a_refusal_among_word_choices_says_choose():
    """'you may alone, together' (a user audit): where the moves are words, not verbs to do, the refusal says
    which may be chosen."""
    import random

    game = load("euchre")
    for seed in range(50):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and not st.hands and st.legal_actions() != ["alone", "together"]:
            st.apply(rng.choice(st.legal_actions()))
        if st.legal_actions() == ["alone", "together"]:
            break
    with pytest.raises(IllegalAction, match="'with' is not a legal move: you may choose alone, together$"):
        st.apply("with")


def test_a_ruleset_written_anew_during_a_run_stops_it_rather_than_mix_two_rulesets(tmp_path):
    """`load` reads a file written anew; a study loads its ruleset once a chunk of games, so a house rule edited
    while `simulate` ran played its later games by the new rule, the totals a mix of two rulesets. The run
    stops, saying so; the same file as it was goes on as one ruleset."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: pasur\nname: house\n", encoding="utf-8")
    edits = []

    def edit(done):
        if not edits:
            edits.append(done)
            house.write_text("extends: pasur\nname: house\ngame: {target: 11}\n", encoding="utf-8")

    with pytest.raises(CardrulesError, match="written anew during the run: its games would mix two rulesets"):
        simulate(str(house), {}, 40, 0, ["random"], progress=edit)
    assert simulate(str(house), {}, 40, 0, ["random"])["games"] == 40


def test_a_record_names_the_games_ruleset_after_the_folder_changed(tmp_path, monkeypatch):
    """A game loaded by a relative path, then the script moved to another folder: the check read the path
    from the new folder, refusing the right ruleset and taking the bundled one of the same name."""
    house = tmp_path / "a" / "hokm.yaml"
    house.parent.mkdir()
    house.write_text("extends: hokm\nname: house\ngame: {target: 3}\n", encoding="utf-8")
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(house.parent)
    st = load("hokm.yaml").new_state(seed=1)
    monkeypatch.chdir(tmp_path / "b")
    rec.write(tmp_path / "r.json", st, str(house))
    with pytest.raises(RecordError, match="the record would name 'hokm', but the game is played by hokm.yaml"):
        rec.write(tmp_path / "r.json", st, "hokm")


def test_a_ruleset_rewritten_to_the_same_size_and_time_is_loaded_anew(tmp_path):
    """A file's time and size can stay as they were (an edit within the clock's tick, a copy that keeps times):
    the text's digest tells the edit."""
    import os

    house = tmp_path / "house.yaml"
    house.write_text("extends: hokm\nname: house\ngame: {target: 5}\n", encoding="utf-8")
    first = load(str(house))
    stat = house.stat()
    house.write_text("extends: hokm\nname: house\ngame: {target: 6}\n", encoding="utf-8")
    os.utime(house, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    again = load(str(house))
    assert again is not first and again.tree["game"]["target"] == 6


def python_examples():
    """Every ```python block of the README and the guides, with where it is."""
    root = Path(__file__).resolve().parent.parent
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        for k, block in enumerate(re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)):
            yield pytest.param(block, id=f"{doc.name}-{k}")


@pytest.mark.parametrize("block", list(python_examples()))
def test_every_python_example_of_the_docs_runs_as_shown(block, capsys):
    """A new user's audit ran the examples by hand; this runs them at every change (the API example of bots and
    studies included: a bot per seat, simulate, compare and its report)."""
    exec(compile(block, "<example>", "exec"), {"__name__": "__main__"})  # noqa: S102 - the repository's own docs, run as scripts
    assert capsys.readouterr().out.strip()


def test_a_variant_without_words_of_its_own_is_named_by_its_file_and_says_so_once(tmp_path):
    """A house rule with no name: simulate called it by its base's ('pasur: 3 games'); it is named by its file,
    printable, and described by its base's title with the clause naming the outermost file once (a variant of a
    variant piled the clauses up; a review) — not by the base's description, whose "first to 62" no longer held
    for a game to 30 (a club organiser's audit)."""
    (tmp_path / "a.yaml").write_text("extends: pasur\ngame: {target: 30}\n", encoding="utf-8")
    odd = tmp_path / "b\x1b[31m.yaml"
    odd.write_text("extends: a.yaml\noptions: {most_cards_bonus: 2}\n", encoding="utf-8")
    game = load(str(odd))
    assert game.name == "b?[31m"
    assert game.description == "Pasur, with the house rules of b?[31m.yaml"
    assert load(str(tmp_path / "a.yaml")).name == "a"


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled()])
def test_the_lists_of_moves_a_game_gives_are_its_own(name):
    """A library user's audit: a bot that filtered Hokm's trump choices in place (`moves.remove(...)`) took a
    suit from every later game of the ruleset, which shared the step's list; emptied, every later game stopped
    with no legal move. Every game's list is its own (Hokm's trump, Hokm for two's keep-or-burn, Euchre's order
    were shared), in every bundled ruleset."""
    first, later = load(name).new_state(seed=7), load(name).new_state(seed=7)
    while not first.over and len(first.log) < 40:
        moves = first.legal_moves()
        assert moves is not later.legal_moves() and moves == later.legal_moves()
        move = moves[0]
        moves.clear()  # what the docs ask no one to do, done to this game's own list
        first._legal = None
        first.apply_move(move)
        later.apply_move(move)
    assert later.over or later.legal_moves()


def test_compare_plays_the_games_it_is_given_with_their_options():
    """A library user's audit: `compare` played each ruleset by its name alone, dropping the options the games
    were loaded with (two columns alike), and took a game of another ruleset, or too few games, without a word."""
    study = compare(["pasur", "pasur"], [load("pasur"), load("pasur", options={"target": 105})], ["random", "random"],
                    n=6)
    hands = next(m for m in study.measures if m.name == "hands per game").values
    assert hands[1] > hands[0] * 1.3  # to 105 takes more hands than to 62
    assert study.as_json()["rulesets"] == ["pasur", "pasur (target=105)"]  # two columns told apart
    with pytest.raises(CardrulesError, match="'pasur' names .*pasur.yaml, but its game is loaded from .*hokm.yaml"):
        compare(["pasur", "pasur-105"], [load("hokm"), load("pasur-105")], ["random", "random"], 1)
    with pytest.raises(CardrulesError, match=re.escape("games are the loaded rulesets, one for each of names (2)")):
        compare(["pasur", "pasur-105"], [load("pasur")], ["random", "random"], 1)


def test_a_copy_without_its_history_is_not_written_as_a_record(tmp_path):
    """A library user's audit: `records.write` of `st.copy(history=False)` wrote `actions: []`, a record that
    replayed to another game, in silence. It is refused and nothing is written; a copy with its history writes
    the game's record."""
    st = hokm_at_play()
    st.apply(st.legal_actions()[0])
    path = tmp_path / "r.json"
    for cp in (st.copy(history=False), st.copy(history=False).copy()):
        with pytest.raises(RecordError, match=re.escape("a copy without its history (copy(history=False))")):
            rec.write(path, cp, "hokm")
        assert not path.exists()
    rec.write(path, st.copy(), "hokm")
    assert rec.replay(rec.read(path), path).actions == st.actions


def test_an_illegal_action_carries_the_action_and_the_legal_ones():
    """A library user's audit: IllegalAction held only its text, so a bot or a window had to read the legal
    moves out of the message. It carries the action as given, the reason and the legal actions, and is a
    ValueError as well as a CardrulesError."""
    st = hokm_at_play()
    with pytest.raises(IllegalAction) as e:
        st.apply("play ZZ")
    assert e.value.action == "play ZZ" and e.value.legal == st.legal_actions() and e.value.legal
    assert e.value.reason in str(e.value) and isinstance(e.value, ValueError)
    with pytest.raises(ValueError):
        st.apply(None)
    while not st.over:
        st.apply(st.legal_actions()[0])
    with pytest.raises(IllegalAction) as e:
        st.apply("play AS")
    assert e.value.legal == [] and e.value.reason == "the game is over"


def test_a_record_names_the_games_own_ruleset_when_none_is_given(tmp_path):
    """A library user's audit: `records.write(path, st)` was a bare TypeError and `write(path, st, game)` named
    the Game object as a ruleset file. Left out, the record names the game's own file (a bundled one by its
    name, another by its path from the record's folder); a Game object is refused by name."""
    st = hokm_at_play()
    path = tmp_path / "r.json"
    rec.write(path, st)
    assert rec.read(path)["ruleset"] == "hokm"
    house = tmp_path / "house.yaml"
    house.write_text("extends: hokm\nname: house\n", encoding="utf-8")
    mine = load(house).new_state(seed=3)
    rec.write(tmp_path / "h.json", mine)
    assert rec.read(tmp_path / "h.json")["ruleset"] == "house.yaml"
    assert rec.replay(rec.read(tmp_path / "h.json"), tmp_path / "h.json").actions == mine.actions
    with pytest.raises(RecordError, match="a record names its ruleset by a name or a path .*, not Game"):
        rec.write(path, st, st.game)


def test_make_bots_takes_one_kind_for_every_seat_given_the_players():
    """A library user's audit: `make_bots("greedy", seed=1)` read the text letter by letter (unknown bot 'g'),
    and a seed had to be given. With `players`, one kind is every seat's (as --bots); text alone is refused."""
    from interpreter.bots import BotSpecError, make_bots

    assert [type(b).__name__ for b in make_bots("greedy", players=4)] == ["GreedyBot"] * 4
    assert len(make_bots("greedy,random", seed=1, players=2)) == 2 and len(make_bots(["random"] * 3)) == 3
    with pytest.raises(BotSpecError, match="give players= for one kind at every seat"):
        make_bots("greedy", seed=1)
    with pytest.raises(BotSpecError, match="kinds names 2 seats; this game has 4"):
        make_bots(["greedy", "random"], players=4)


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled()])
def test_a_state_pickles_and_plays_on_as_the_original(name):
    """A library user's audit: a state could not be pickled (each game makes its own state class), so states
    could not go to other processes. A game pickles as where it was loaded from; a state in mid-hand comes back
    with the same moves, views and scores, and plays on exactly as the original."""
    import pickle

    st = load(name).new_state(seed=3, max_hands=2)
    rng = random.Random(3)
    for _ in range(23):
        if st.over or st.halted:
            break
        st.apply_move(rng.choice(st.legal_moves()))
    back = pickle.loads(pickle.dumps(st))
    assert back.game is st.game and repr(back) == repr(st)
    for protocol in (0, 1):  # the oldest protocols too: the trick state's slots pickled only from 2 (a review)
        assert pickle.loads(pickle.dumps(st, protocol)).trick_state == st.trick_state
    for seat in range(st.game.players):
        assert back.view(seat) == st.view(seat)
    same = random.Random(5)
    for _ in range(40):
        if st.over or st.halted:
            break
        assert back.legal_actions() == st.legal_actions()
        move = same.choice(st.legal_moves())
        st.apply_move(move)
        back.apply_move(move)
    assert back.scores == st.scores and back.actions == st.actions and back.hands == st.hands


def test_a_state_pickled_before_its_ruleset_changed_is_refused_not_played_under_other_rules(tmp_path):
    """An API audit: a state unpickled after its ruleset's file was edited played on under the new rules (a
    zone added: a KeyError in `view`). Its rules' fingerprint travels with it, as a record's does: words and
    comments changed still unpickle, a rule changed is refused."""
    import pickle

    base = tmp_path / "base.yaml"
    base.write_text((interpreter.bundled_dir() / "pasur.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("extends: base.yaml\nname: mine\n", encoding="utf-8")
    st = load(tmp_path / "mine.yaml", {"target": 105}).new_state(seed=1)
    blob = pickle.dumps(st)
    base.write_text(base.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert pickle.loads(blob).game.options["target"] == 105
    base.write_text(base.read_text(encoding="utf-8").replace("target: option.target ", "target: option.target + 1 "),
                    encoding="utf-8")
    with pytest.raises(CardrulesError, match="its rules have changed since this game was pickled"):
        pickle.loads(blob)


def test_another_seats_observation_does_not_name_a_choice_asked_unseen():
    """An API audit: `Seat(st, other).step` named Hokm's throw-in, a question asked of the hakem alone on a weak
    first five (language.md: "shown to the chooser alone, not even as asked"), where view() and the table hide it.
    To the others it is the step play waits at had it not been asked: the naming of trump, as on a strong five."""
    from interpreter.observe import Seat

    game = load("hokm-throw-in")
    asked = [st for st in (game.new_state(seed=s) for s in range(12)) if game.steps[st.step].name == "throw in"]
    assert asked
    for st in asked:
        for seat in range(4):
            assert Seat(st, seat).step.name == ("throw in" if seat == st.to_act else "trump")


def test_the_library_says_what_its_arguments_must_be_not_an_internal_error():
    """An API audit: wrong arguments gave an AttributeError or TypeError from deep inside (make_bots([1]),
    records.make("x"), Seat.sample(None), compare given names for games, `measured` as a string, whose letters
    were taken as names), or were taken in silence (players=True, one bot)."""
    from interpreter.bots import BotSpecError, make_bots
    from interpreter.observe import Seat
    from interpreter.study import compare

    st = load("hokm").new_state(seed=1)
    hokm, bam = load("hokm"), load("hokm-bam")
    for call, error, said in [
            (lambda: make_bots([1]), BotSpecError, "kinds are bot kinds as text"),
            (lambda: make_bots("greedy", players="4"), BotSpecError, "players is a whole number"),
            (lambda: make_bots("greedy", players=True), BotSpecError, "players is a whole number"),
            (lambda: make_bots("search", players=4), BotSpecError, "the search bot is mcts"),
            (lambda: rec.make("x"), RecordError, "records.make takes a game's state"),
            (lambda: Seat(st, 1).sample(None), CardrulesError, "sample takes a random.Random"),
            (lambda: compare(["hokm", "hokm-bam"], ["hokm", "hokm-bam"], [["random"]] * 2, 2), CardrulesError,
             "games are the loaded rulesets"),
            (lambda: compare("hokm", [hokm], [["random"]], 2), CardrulesError, "names is a list"),
            (lambda: compare(["hokm", "hokm-bam"], [hokm, bam], [["random"]] * 2, 2, measured="tricks"),
             CardrulesError, "measured is a list of names")]:
        with pytest.raises(error, match=re.escape(said)):
            call()


def test_a_refused_action_in_a_record_file_says_where_it_lies(tmp_path):
    """A library user's audit: `replay(read(path), record_path=path)` refused an action with no place, where
    the command says FILE:LINE:COL; given the file, the refusal says where the action lies in it. A record
    built in code has no file, and no place."""
    path = tmp_path / "r.json"
    path.write_text('{"format": "cardrules-record/1", "ruleset": "hokm", "seed": 3,\n'
                    ' "actions": [{"seat": 2, "action": "trump C"},\n'
                    '             {"seat": 2, "action": "play ZZ"}]}\n', encoding="utf-8")
    with pytest.raises(ReplayFailure) as e:
        rec.replay(rec.read(path), record_path=path)
    assert str(e.value).startswith(f"{path}:3:14: error: action 1 ('play ZZ'): ")
    assert e.value.index == 1 and e.value.legal
    with pytest.raises(ReplayFailure) as e:
        rec.replay(rec.read(path))
    assert str(e.value).startswith("error: action 1 ('play ZZ'): ")


@pytest.mark.parametrize("name", ["", "  ", None, 3])
def test_a_ruleset_is_named_by_text_or_a_path(name):
    """A library user's audit: `load("")` said "'' is a folder" and `load(None)` looked for a file named None."""
    with pytest.raises(RulesetError, match=re.escape(f"a ruleset is named by a bundled ruleset's name or a file's"
                                                     f" path, not {name!r}")) as e:
        load(name)
    assert str(e.value).startswith("error: ")  # no file: no place (not ':1:1:')


def test_rewind_takes_back_decisions_as_a_replay_of_the_ones_before():
    """`State.rewind(n)`: the state becomes the game after its first n decisions, in place (the same object, its
    event list the same list, emptied), as a fresh replay of them; a copy without its history cannot."""
    game = load("hokm")
    st = game.new_state(seed=4, listen=True)
    rng = random.Random(4)
    for _ in range(30):
        st.apply_move(rng.choice(st.legal_moves()))
    events, actions = st.events, st.actions
    st.rewind(17)
    again = game.new_state(seed=4)
    for _, action in actions[:17]:
        again.apply(action)
    assert st.actions == actions[:17] and st.legal_actions() == again.legal_actions()
    assert st.view(st.to_act) == again.view(st.to_act) and st.events is events and not events
    with pytest.raises(CardrulesError):
        st.rewind(18)
    with pytest.raises(CardrulesError):
        st.copy(history=False).rewind(0)


def test_a_record_made_in_memory_names_the_games_ruleset_as_one_written_does(tmp_path):
    """A review: `records.make` took a Game object as its ruleset and named another ruleset in silence, where
    `write` refuses both; left out, it names the game's own (bundled by name, a file by its whole path)."""
    st = hokm_at_play()
    assert rec.make(st)["ruleset"] == "hokm" and rec.make(st, "hokm")["ruleset"] == "hokm"
    with pytest.raises(RecordError, match="the record would name 'pasur', but the game is played by"):
        rec.make(st, "pasur")
    with pytest.raises(RecordError, match="not Game"):
        rec.make(st, st.game)
    house = tmp_path / "house.yaml"
    house.write_text("extends: hokm\nname: house\n", encoding="utf-8")
    assert rec.make(load(house).new_state(seed=3))["ruleset"] == house.resolve().as_posix()


def test_errors_pickle_as_they_were_and_a_deep_copy_shares_the_game():
    """A review: an IllegalAction sent through pickle (states go to other processes) came back saying
    'error: error: ...', and a deep copy of a state copied the compiled game (70 ms) where an unpickled one
    shares it."""
    import copy
    import pickle

    st = hokm_at_play()
    with pytest.raises(IllegalAction) as e:
        st.apply("play ZZ")
    back = pickle.loads(pickle.dumps(e.value))
    assert str(back) == str(e.value) and back.legal == e.value.legal and type(back) is IllegalAction
    problem = RulesetError("", problems=[(None, "one"), (None, "two")])
    assert str(pickle.loads(pickle.dumps(problem))) == "error: one\nerror: two"
    deep = copy.deepcopy(st)
    assert deep.game is st.game and deep.legal_actions() == st.legal_actions()
    deep.apply(deep.legal_actions()[0])
    assert len(deep.log) == len(st.log) + 1


def _finished(name="hokm", **kwargs):
    st = load(name).new_state(seed=2, **kwargs)
    while not (st.over or st.halted):
        st.apply(st.legal_actions()[0])
    return st


def test_a_state_nobody_acts_in_says_so_to_bots_views_and_observers():
    """An API audit: a bot's choose() on a finished or halted game raised IndexError; a halted game's view said
    to_act -1 (api.md: None); an observation of a seat the game lacks raised IndexError."""
    from interpreter.bots import make_bots
    from interpreter.observe import Seat

    over, halted = _finished(), _finished(max_hands=1)
    assert halted.view(0)["to_act"] is None and over.view(0)["to_act"] is None
    for st, why in ((over, "the game is over"), (halted, "play has halted")):
        for kind in ("random", "greedy", "mcts:5"):
            with pytest.raises(CardrulesError, match=f"no seat is to act: {why}"):
                make_bots([kind] * 4)[0].choose(st)
    with pytest.raises(CardrulesError, match="a bot chooses in a game's state"):
        make_bots(["greedy"] * 4)[0].choose("x")
    for seat in (9, -1, True, 1.0):
        with pytest.raises(CardrulesError, match="this game's seats are 0 to 3"):
            Seat(load("hokm").new_state(seed=1), seat)
    with pytest.raises(SeedError):
        make_bots(["random"], seed="x")


def test_move_text_of_what_is_no_move_and_simulates_jobs_are_refused_with_what_was_wanted():
    """An API audit: move_text(999) raised KeyError; simulate(jobs="2") a TypeError, and jobs 0 or -2 were taken
    (`--jobs` refuses them); simulate() lacked the `bots` --json gives."""
    st = load("hokm").new_state(seed=1)
    for move in (999, None):
        with pytest.raises(CardrulesError, match="is no move of this game now"):
            st.move_text(move)
    for jobs in ("2", 0, -2, 300):
        with pytest.raises(CardrulesError, match="jobs, the processes to play in, is a whole number from 1 to 256"):
            simulate("hokm", {}, n=2, jobs=jobs)
    assert simulate("hokm", {}, n=1, kinds=["greedy", "random", "greedy", "random"])["bots"] == [
        "greedy", "random", "greedy", "random"]


def test_a_table_for_a_seat_the_game_lacks_or_a_language_it_does_not_speak_is_refused():
    """An API audit: Table(st, 7, "en") and lang="de" were taken, to fail later or say nothing."""
    from interpreter.table import Table

    st = load("hokm").new_state(seed=1, listen=True)
    with pytest.raises(CardrulesError, match="no seat 7: this game's seats are 0 to 3"):
        Table(st, 7, "en")
    with pytest.raises(CardrulesError, match="the table speaks en or fa, not 'de'"):
        Table(st, 0, "de")
    assert Table(st, 0, "fa").events(st.events)


def test_every_bundled_bot_decides_from_a_seat_observation():
    """`decide(Seat)` is each bot's own choice (the review found RandomBot's cut off by a function put inside
    the class): every kind returns a legal move of the seat."""
    from interpreter.bots import make_bots
    from interpreter.observe import Seat

    st = load("hokm").new_state(seed=3)
    for kind in ("random", "greedy", "mcts:5"):
        assert make_bots([kind] * 4)[0].decide(Seat(st)) in st.legal_moves()


# ---- an API researcher's audit --------------------------------------------------------------------------------

def _in_tricks(name: str, seed: int = 1):
    st = load(name).new_state(seed=seed)
    while "Trick" not in type(st.acting).__name__ or st.to_act < 0:
        st.apply_move(st.legal_moves()[0])
    return st


def test_the_unseen_cards_are_the_callers_own_list():
    """A bot that took a card out of `unseen_cards()` emptied the cards `sample` deals: the other hands came out
    empty, without a word."""
    from interpreter.observe import Seat

    st = _in_tricks("hokm")
    seat = Seat(st, st.to_act)
    seat.unseen_cards().clear()
    dealt = seat.sample(random.Random(1)).zones["hand"]
    assert [len(h) for h in dealt] == [len(h) for h in st.zones["hand"]]


@pytest.mark.parametrize("name, bogus", [("hokm", 1000000), ("crazy-eights", None), ("crazy-eights", "x"),
                                         ("crazy-eights", -5), ("shelem", 999)])
def test_move_text_refuses_what_is_no_legal_move(name, bogus):
    """Some steps' text named anything given them (`bid 999`, `play AS` for 1000000, None itself)."""
    st = load(name).new_state(seed=2)
    with pytest.raises(CardrulesError, match="is no move of this game now"):
        st.move_text(bogus)
    assert st.move_text(st.legal_moves()[0]) in st.legal_actions()


def test_a_seat_given_as_text_to_apply_is_refused_as_view_refuses_it():
    """`apply(..., seat='1')` with seat 1 to act said "seat 1 acted but it is seat 1's turn"."""
    st = _in_tricks("hokm")
    seat, action = st.to_act, st.legal_actions()[0]
    for bad in ("x", str(seat)):
        with pytest.raises(CardrulesError, match=f"no seat '{bad}': this game's seats are 0 to 3"):
            st.apply(action, seat=bad)
    st.apply(action, seat=seat)
    assert st.log[-1][0] == seat


def test_a_move_that_fails_as_it_is_played_leaves_no_log_entry():
    """`apply_move` checks nothing, but a move that failed (a card another seat holds, a game over) stayed in the
    log, and so in `actions` and the records made of it."""
    st = _in_tricks("hokm")
    log = list(st.log)
    other = st.zones["hand"][(st.to_act + 1) % 4][0]
    for bad in (other, -1, 10**6):  # -1 reads the last entry of a table of log entries: its move is not -1
        with pytest.raises((ValueError, IndexError)):
            st.apply_move(bad)
        assert st.log == log, bad
    done = load("pasur").new_state(seed=1, max_hands=1)
    rng = random.Random(1)
    while not (done.over or done.halted):
        done.apply_move(rng.choice(done.legal_moves()))
    log = list(done.log)
    with pytest.raises(Exception):  # noqa: B017 - whatever the step raises; the log is what matters
        done.apply_move(0)
    assert done.log == log


def test_a_study_of_more_games_than_a_run_keeps_is_refused():
    from interpreter.simulate import MAX_GAMES

    with pytest.raises(CardrulesError, match="from 0 to 1,000,000"):
        simulate("pasur", {}, MAX_GAMES + 1)


def test_a_study_of_the_same_rules_under_other_bots_says_so():
    """compare offers comparing bots on one ruleset; the report said the second "cannot change anything"."""
    from interpreter.report import text

    done = compare(["hokm", "hokm"], [load("hokm"), load("hokm")], [["random"], ["greedy"]], 2, max_hands=2)
    said = " ".join(text(done).split())
    assert "cannot change anything" not in said
    assert "hokm #2 is hokm's game as written, played by other bots (greedy,greedy,greedy,greedy against" in said
    assert "differs in no rule: the same game, played by other bots" in said


def test_the_apis_errors_speak_of_the_api_not_the_command_line():
    """`apply("")` said "type a move or its number" (the API takes no numbers); a measure compare does not know
    was said as "--measure nope" (the command line's option)."""
    st = load("hokm").new_state(seed=1)
    with pytest.raises(IllegalAction, match="an empty action names no move"):
        st.apply("")
    with pytest.raises(CardrulesError) as e:
        compare(["hokm"], [load("hokm")], [["random"]], 1, measured=("nope",))
    assert str(e.value).startswith("error: measured nope: unknown name 'nope'") and "--measure" not in str(e.value)


def test_a_games_options_are_read_only():
    """A value changed in `game.options` was what every later `load` of the file read, while play went on by the
    values compiled in (an API audit's suggestion): refused; copies and pickles keep them."""
    import copy
    import pickle

    game = load("hokm-rounds-2")
    for change in (lambda o: o.__setitem__("rounds", 3), lambda o: o.update(rounds=3), lambda o: o.pop("rounds"),
                   lambda o: o.clear()):
        with pytest.raises(CardrulesError, match="a game's options are read only"):
            change(game.options)
    assert load("hokm-rounds-2").options["rounds"] == 2
    assert copy.deepcopy(game).options == pickle.loads(pickle.dumps(game.options)) == game.options


def test_a_seat_acting_out_of_turn_is_not_told_the_moves_of_the_seat_to_act():
    """`e.legal`, which the docs tell a program to offer the player, held the moves of the seat whose turn it was:
    in Hearts' passing, all 13 of its cards (an embedding developer's audit)."""
    st = load("hearts").new_state(seed=0)
    with pytest.raises(IllegalAction) as refused:
        st.apply(st.legal_actions()[0], seat=(st.to_act + 1) % 4)
    assert refused.value.legal == [] and "'s turn" in str(refused.value)
    with pytest.raises(IllegalAction) as wrong:  # the seat to act still gets its own moves with a refusal
        st.apply("play XX", seat=st.to_act)
    assert wrong.value.legal == st.legal_actions()


def test_an_action_far_too_long_is_refused_at_once():
    """A 2 MB action took 2 s to refuse (read and matched to the moves word by word), holding every other game of
    the process (an embedding developer's audit): no move is so long."""
    import time

    st = load("hokm").new_state(seed=1)
    started = time.perf_counter()
    with pytest.raises(IllegalAction, match="an action is at most 2,000 characters, not 800,000") as refused:
        st.apply("play AS " * 100_000)
    assert time.perf_counter() - started < 0.2 and refused.value.legal == st.legal_actions()


def test_a_games_overrides_are_read_only_as_its_options():
    """`load("hokm").overrides["rounds"] = 3` was taken, and every later record of that shared game wrote options
    it was not played with (an embedding developer's audit)."""
    game = load("hokm", {"rounds": 2})
    with pytest.raises(CardrulesError, match="read only"):
        game.overrides["rounds"] = 3
    assert load("hokm", {"rounds": 2}).overrides == {"rounds": 2}


def test_a_stored_game_comes_back_refusing_changed_rules_and_bounded_as_it_was(tmp_path):
    """A record replayed silently under an edited house rule, and a game halted by max_hands came back playable
    (an embedding developer's audit): the fingerprint kept beside it, and the bound, are given back to replay."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: hokm\nname: house\noptions: {rounds: {default: 2}}\n", encoding="utf-8")
    st = load(house).new_state(seed=5)
    for _ in range(30):
        st.apply_move(st.legal_moves()[0])
    kept, made = rec.fingerprint(st.game), rec.make(st)
    assert len(rec.replay(made, rules_fingerprint=kept).log) == 30
    house.write_text("extends: hokm\nname: house\noptions: {rounds: {default: 3}}\n", encoding="utf-8")
    with pytest.raises(RecordError, match="rules of the record's game have changed since its fingerprint was kept"):
        rec.replay(made, rules_fingerprint=kept)
    bounded = load("shelem").new_state(seed=1, max_hands=1)
    while not (bounded.over or bounded.halted):
        bounded.apply_move(bounded.legal_moves()[0])
    again = rec.replay(rec.make(bounded), max_hands=1)
    assert again.halted and again.legal_moves() == [] and again.scores == bounded.scores


def test_a_seats_log_names_no_card_it_may_not_see():
    """Rule 7, for a game server that shows each player the moves so far: `State.actions` is the referee's log,
    naming the widow discards of Shelem's declarer (S9) and the cards each Hearts player passes (Y3) to everyone.
    `Seat.actions()` names them to the seat that made them alone; the other seats read the move without its card."""
    from interpreter.observe import Seat

    st = load("shelem").new_state(seed=3)
    while not (st.acting.name == "widow" and len(st.hand_decisions) and st.game.steps[st.log[-1][1]].name == "widow"):
        st.apply_move(st.legal_moves()[0])
    declarer, discard = st.actions[-1]
    assert discard.startswith("discard ") and discard != "discard (face down)"
    for seat in range(4):
        seen = Seat(st, seat).actions()
        assert len(seen) == len(st.log)
        assert seen[-1] == ((declarer, discard) if seat == declarer else (declarer, "discard (face down)")), seat
        assert seen[:-1] == st.actions[:-1]  # the bids are public
    assert Seat(st, 0).actions(since=len(st.log) - 1) == Seat(st, 0).actions()[-1:]
    hearts = load("hearts").new_state(seed=2)
    hearts.apply_move(hearts.legal_moves()[0])
    passer, passed = hearts.actions[0]
    assert [Seat(hearts, k).actions() for k in range(4)] == [
        [(passer, passed if k == passer else "pass (face down)")] for k in range(4)]
    with pytest.raises(CardrulesError, match="since: a log entry's index"):
        Seat(hearts, 0).actions(since=-1)


def test_a_choice_asked_unseen_is_left_out_of_the_other_seats_log():
    """H7 (hokm-throw-in): the hakem's keep-or-redeal is asked only on a weak first five, so that it was asked at
    all is his to know: it is missing from the other seats' logs, as the table leaves it unsaid."""
    from interpreter.observe import Seat

    game = load("hokm-throw-in")
    st = next(st for st in (game.new_state(seed=k) for k in range(200)) if st.acting.name == "throw in")
    hakem = st.to_act
    st.apply("keep")
    for seat in range(4):
        assert Seat(st, seat).actions() == ([(hakem, "keep")] if seat == hakem else []), seat


def test_a_value_only_the_table_reads_leaves_the_rules_fingerprint_alone(tmp_path):
    """A record keeps the fingerprint of its rules, and a game whose rules changed since is refused. A value kept
    only for the table to announce (Hokm's kot_by_hakem, added for the table) changed every Hokm fingerprint, and
    records of games played before it were refused at resume though the game was the same (an audit of records
    made by older versions). Such a value counts for nothing now; one a rule reads still does; and the fingerprint
    cardrules wrote before (which counted it) is still taken as these rules'."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: hokm\nname: house\n", encoding="utf-8")
    kept = rec.fingerprint(load(house))
    house.write_text("extends: hokm\nname: house\nvalues:\n  long_hand: 'if tricks >= 6 then 1 else 0'\n",
                     encoding="utf-8")
    shown = load(house)
    assert rec.fingerprint(shown) == kept and rec.same_rules(shown, kept)
    assert rec.same_rules(shown, rec.fingerprints(shown)[1])  # as written before: the value counted
    house.write_text("extends: hokm\nname: house\nvalues:\n  long_hand: 'if tricks >= 6 then 1 else 0'\n"
                     "scoring:\n  - {name: long hand, points: long_hand}\n", encoding="utf-8")
    scored = load(house)
    assert rec.fingerprint(scored) != kept and not rec.same_rules(scored, kept)
    hokm = load("hokm")
    assert {"kot_by_hakem", "kot_on_hakem"} <= set(hokm.tree["values"])
    without = {k: v for k, v in hokm.tree["values"].items() if k not in ("kot_by_hakem", "kot_on_hakem", "bam_lost")}
    assert rec.fingerprint(hokm) == rec._digest({**rec._rules_tree(hokm), "values": without})


def test_the_last_hands_event_comes_before_the_games_end():
    """An API audit: the last hand's `hand` event came after `ended` (the hand was settled, the game ended,
    before the hand was told)."""
    for name in ("hokm", "pasur", "whist-rubber"):
        st, rng = load(name).new_state(seed=1, listen=True), random.Random(1)
        while not st.over:
            st.apply_move(rng.choice(st.legal_moves()))
        told = [e["kind"] for e in st.events if e["kind"] in ("hand", "round", "ended")]
        last = ["hand", "round", "ended"] if name == "whist-rubber" else ["hand", "ended"]  # a round won: said after
        assert told[-len(last):] == last and told.count("ended") == 1, (name, told)  # its hand (a review)
        assert told.count("hand") == len(st.hands), name


def test_a_record_replayed_without_its_path_says_where_its_ruleset_was_looked_for(tmp_path, monkeypatch):
    """An API audit: `replay(read(path))` of a record naming its ruleset by a relative path said it looked beside
    the record, which it cannot without `record_path`; and a fingerprint that is none was called changed rules."""
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "mine.yaml").write_text("extends: hokm\nname: mine\n", encoding="utf-8")
    st = load(tmp_path / "x" / "mine.yaml").new_state(seed=1)
    for _ in range(5):
        st.apply_move(st.legal_moves()[0])
    made = {**rec.make(st), "ruleset": "x/mine.yaml"}
    monkeypatch.chdir(tmp_path / "x")
    with pytest.raises(RecordError, match=r"looked in the current folder alone: to look beside the record as well"):
        rec.replay(made)
    assert len(rec.replay(made, record_path=tmp_path / "r.json").log) == 5
    for kept in ("abc", 5, rec.fingerprint(st.game).upper()):
        with pytest.raises(RecordError, match=r"is no fingerprint: give what records.fingerprint\(game\) made"):
            rec.replay(made, record_path=tmp_path / "r.json", rules_fingerprint=kept)
    assert len(rec.replay(made, record_path=tmp_path / "r.json", rules_fingerprint=rec.fingerprint(st.game)).log) == 5
