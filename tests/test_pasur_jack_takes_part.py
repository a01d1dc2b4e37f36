"""rulesets/pasur-jack-takes-part.yaml (VARIANTS.md: "A jack may take part of the table (lenient apps) vs. must
take all (ours)"), and the capture rule it needs: `take: some`, any non-empty part of the cards `from:` allows.

The helpers are those of tests/test_pasur_rules.py: `deal` (a fixed first hand, the dealer the last seat) and
`last_deal` (hand 1 at its last deal, seat 0 to act). The variant's jack rule reads the table (past 13 cards
it may take, a jack sweeps as in the base), so its captures go by the general path; a ruleset whose jack reads
only the cards (`BY_CARD`) checks the per-card table path against it.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import CardrulesError, IllegalAction, load, records
from interpreter import cards as C
from interpreter.bots import GreedyBot, make_bot
from interpreter.observe import Seat
from interpreter.search import hints
from interpreter.sheet import sheet
from interpreter.simulate import play_one
from tests.test_pasur_rules import deal, ids, last_deal, moves_with, play, ruleset

VARIANT = "pasur-jack-takes-part"
HANDS = ("JS 2S 3H QD", "JH 2H 3S QS")
TABLE = "4C 5D 9H QC"  # three numeric cards and a queen
PARTS = [  # every non-empty set of 9H 5D 4C, each in canonical order, sorted as legal_actions() sorts them
    "play JS take 4C", "play JS take 5D", "play JS take 5D 4C", "play JS take 9H", "play JS take 9H 4C",
    "play JS take 9H 5D", "play JS take 9H 5D 4C",
]
FOURTEEN = "10S 10H 10D 10C 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H"  # numeric cards that make no 11 with each other
# The jack rule of the variant without its guard: a card test that reads only the card, so the play's captures
# are worked out from per-card tables (`CapturePlay._legal_by_tables`).
BY_CARD = """\
extends: pasur
name: pasur-jack-part-by-card
hand:
  - name: play
    play:
      captures:
        - {name: jack, take: some}
"""


def by_card(tmp_path):
    path = tmp_path / "by-card.yaml"
    path.write_text(BY_CARD)
    return load(path)


def table_of(st) -> set[str]:
    return set(st.game.steps[st.step].text((c, ())).split()[1] for c in st.zones["table"])


# ---- the rule ----------------------------------------------------------------------------------------------

def test_a_jack_is_offered_every_part_of_the_numeric_cards_and_the_base_only_the_whole():
    """P9 changed: against 4C 5D 9H QC the jack may take any one or more of the three numeric cards (7 moves),
    never the queen; pasur.yaml offers only the sweep of all three."""
    st = deal(ruleset(VARIANT), *HANDS, table=TABLE)
    assert moves_with(st, "JS") == PARTS
    base = deal(ruleset(), *HANDS, table=TABLE)
    assert moves_with(base, "JS") == ["play JS take 9H 5D 4C"]
    assert [a for a in st.legal_actions() if "JS" not in a] == [a for a in base.legal_actions() if "JS" not in a]


def test_a_jack_that_takes_part_takes_just_those_cards_and_leaves_the_rest():
    st = deal(ruleset(VARIANT), *HANDS, table=TABLE)
    st.apply("play js take 4c 9h")  # any order, any case
    assert sorted(st.zones["won"][0]) == sorted(ids("JS 9H 4C"))
    assert table_of(st) == {"5D", "QC"}
    assert st.counters["surs"] == [0, 0] and st.to_act == 1
    assert sorted(st.zones["hand"][0]) == sorted(ids("2S 3H QD"))


def test_p7_a_jack_that_can_take_must_take_at_least_one_card():
    """VARIANTS.md is silent: capturing stays mandatory (P7), so the jack is never laid down while it can take."""
    st = deal(ruleset(VARIANT), *HANDS, table=TABLE)
    with pytest.raises(IllegalAction, match="with JS you may take any one or more of 9H 5D 4C"):
        st.apply("play JS")
    with pytest.raises(IllegalAction):
        st.apply("play JS take QC")


def test_p9_a_jack_facing_only_queens_and_kings_is_laid_down():
    st = last_deal(ruleset(VARIANT), ["JS 2S", "JH 2H"], table="QC KD")
    assert moves_with(st, "JS") == ["play JS"]


def test_p13_p14_a_jack_taking_every_card_on_the_table_is_no_sur():
    """VARIANTS.md is silent: a jack never makes a sur (P14), whatever part it takes, the whole table too."""
    st = deal(ruleset(VARIANT), *HANDS, table="4C 5D 9H 8S")
    st.apply("play JS take 9H 5D 4C")
    assert table_of(st) == {"8S"}
    st.apply("play 3S take 8S")  # 3 + 8: a numeric card's sweep is a sur
    assert st.counters["surs"] == [0, 1]
    st = deal(ruleset(VARIANT), *HANDS, table="4C 5D 9H 8S")
    st.apply("play JS take 8S 9H 5D 4C")
    assert st.zones["table"] == [] and st.counters["surs"] == [0, 0]


def test_past_13_cards_a_jack_takes_them_all_as_in_the_base():
    """Each part is a move, and a card is offered at most 10,000: 13 cards make 8,191 parts, 14 would make
    16,383. The variant's jack facing 14 cards it may take sweeps them all, by its second rule."""
    g = ruleset(VARIANT)
    st = last_deal(g, ["JS 3C", "JH 2H"], table=FOURTEEN + " QC")
    assert moves_with(st, "JS") == ["play JS take 7S 8S 9S 10S 7H 8H 9H 10H 8D 9D 10D 8C 9C 10C"]
    st = last_deal(g, ["JS 3C", "JH 2H"], table=FOURTEEN.removesuffix(" 7H") + " QC")
    parts = moves_with(st, "JS")
    assert len(parts) == len(set(parts)) == 2 ** 13 - 1
    assert "play JS take 7S" in parts and "play JS take 7S 8S 9S 10S 8H 9H 10H 8D 9D 10D 8C 9C 10C" in parts


# ---- the two paths, and the bound ---------------------------------------------------------------------------

def test_the_per_card_path_offers_the_same_parts_as_the_general_one(tmp_path):
    g, general = by_card(tmp_path), ruleset(VARIANT)
    assert g.steps[1].by_tables and not general.steps[1].by_tables
    for table in (TABLE, "4C 5D 9H 8S", "AS AH 10D QC"):
        st, other = deal(g, *HANDS, table=table), deal(general, *HANDS, table=table)
        assert st.legal_actions() == other.legal_actions()
        step = g.steps[st.step]
        assert step._legal_by_tables(st) == step._legal(st)  # the same sets, in the same order


def test_a_set_two_rules_offer_is_one_move(tmp_path):
    """The variant's two jack rules both offer the whole set below 14 cards: it is listed once."""
    st = deal(ruleset(VARIANT), *HANDS, table=TABLE)
    assert len(st.legal_moves()) == len(set(st.legal_moves())) == len(st.legal_actions())
    step = st.game.steps[st.step]
    assert [r.name for r, _ in step._by_rule(st, 0, ids("JS")[0], None)] == ["jack", "jack sweep"]


def test_more_parts_than_the_bound_stop_the_game_with_an_error_at_the_play(tmp_path):
    """Without the variant's guard, 14 cards a jack may take are 16,383 parts: an error at the play step that
    says why, not a hang."""
    st = last_deal(by_card(tmp_path), ["JS 3C", "JH 2H"], table=FOURTEEN + " QC")
    with pytest.raises(CardrulesError) as stopped:
        st.legal_moves()
    where, message = stopped.value.problems[0]
    assert (str(where.file).endswith("by-card.yaml"), where.line) == (True, 4)  # the play step the file changes
    assert message == ("step 'play': a card could capture more than 10,000 different sets of the 15 table cards"
                       " (capture 'jack' takes some: any part of the 14 cards its 'from:' allows is a move,"
                       " 16,383 in all, where 13 cards make at most 8,191: say in its card: test what happens past"
                       " 13 (`and count(table[...]) <= 13`, and another rule for more))")


# ---- what else reads the rule -------------------------------------------------------------------------------

def test_the_rules_sheet_says_any_one_or_more_in_english_and_persian():
    g = ruleset(VARIANT)
    en, fa = sheet(g, "en"), sheet(g, "fa")
    assert "takes any one or more of the **table**'s cards with `not rank in (Q, K)`" in en
    assert "**jack sweep**: a card with `rank == J` takes all of the **table**'s cards" in en
    assert "هر چندتا (دست‌کم یکی)" in fa


def test_the_greedy_bot_decides_quickly_among_8191_parts_and_takes_the_points():
    """Any part of 13 cards: the look ahead weighs a few parts (the best cards first, all but one), and of
    parts equally good takes the most; the 10 of diamonds, an ace and the 2 of clubs are among them."""
    table = "10D AS 2C 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H QC"
    st = last_deal(ruleset(VARIANT), ["JS 4D", "JH 2H"], table=table)
    assert len(st.legal_moves()) > 8191
    bot = GreedyBot(random.Random(1))
    start = time.process_time()
    card, taken = bot.decide(Seat(st))
    assert time.process_time() - start < 5
    assert card == ids("JS")[0] and set(ids("10D AS 2C")) <= set(taken)


def test_the_search_bot_searches_the_parts_a_player_weighs_and_takes_the_points():
    """The search's playouts cannot tell 8,191 parts apart (a thousand visit each once at best): its root holds
    only the parts the look ahead weighs (the best cards first, all but one), and it takes the 10 of diamonds,
    an ace and the 2 of clubs with the jack. Its hint searches the same parts."""
    table = "10D AS 2C 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H QC"
    st = last_deal(ruleset(VARIANT), ["JS 4D", "JH 2H"], table=table)
    moves = st.legal_moves()
    bot = make_bot("mcts:300", random.Random(1))
    card, taken = bot.decide(Seat(st))
    assert card == ids("JS")[0] and set(ids("10D AS 2C")) <= set(taken)
    kids, searched = bot.search.searched(Seat(st), moves)
    assert len(searched) <= 2 * 13 + 1 + 1 < len(moves)  # the best 1 … 13, all but one, and the 4 laid down
    assert set(kids) <= set(searched) and len(kids) > 13
    assert all(h.startswith(("play JS", "play 4D")) for h, _ in hints(st, st.to_act, iterations=300))


def test_a_record_of_a_jack_taking_part_replays(tmp_path):
    """A fixed deal kept as a record (its deck order in `shuffles`): `replay` holds it to every action, the
    part the jack took among them, and shows what is legal next."""
    st = deal(ruleset(VARIANT), *HANDS, table=TABLE)
    play(st, "play JS take 9H 4C", "play QS take QC")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(records.make(st, VARIANT)))
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["legal"] == st.legal_actions()


def test_records_of_greedy_games_of_the_variant_replay(tmp_path):
    """Greedy games of the variant, their jacks taking part of the table, kept as records: `replay` holds
    each to every action and its scores; an action written in another order and case is the same move."""
    g = ruleset(VARIANT)
    left = 0  # jack captures that left a card the jack might have taken
    for seed in range(3):
        st = play_one(g, seed, ["greedy", "greedy"], max_hands=2)
        rec = records.make(st, VARIANT)
        path = tmp_path / f"game{seed}.json"
        path.write_text(json.dumps(rec))
        result = CliRunner().invoke(main, ["replay", str(path), "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["scores"] == st.scores
        again = records.replay(rec, path)
        for i, x in enumerate(rec["actions"]):
            words = x["action"].split()
            if words[1][0] == "J" and "take" in words:
                rec["actions"][i]["action"] = " ".join(words[:3] + words[3:][::-1]).lower()
        assert records.replay(rec, path).scores == again.scores == st.scores
        left += sum(1 for _, a in st.actions if a.startswith("play J") and " take " in a and
                    _left_takeable(g, st, a))
    assert left


def _left_takeable(g, st, action: str) -> bool:
    """Whether the jack capture `action` of the game `st` left on the table a card it might have taken."""
    again = g.new_state(seed=st.seed, shuffles=list(st.decks))
    for _, a in st.actions:
        if a == action:
            before = {c for c in again.zones["table"] if C.NAMES[c][0] not in "QK"}
            again.apply(a)
            return bool(before & set(again.zones["table"]))
        again.apply(a)
    raise AssertionError(action)


def test_the_table_lists_a_jack_facing_many_cards_by_its_single_takes_and_says_how_to_type_the_rest():
    """Any part of 13 cards is 8,191 moves: the menu lists the jack's one-card takes and its sweep, numbered
    first, and says how to type any other part, which the table then takes as typed."""
    import io

    from interpreter.display import Refusal, Session
    from interpreter.screen import Screen

    g = ruleset(VARIANT)
    st = last_deal(g, ["JS 3C", "JH 2H"], table=FOURTEEN.removesuffix(" 7H") + " QC")
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "")
    table = session.table  # the table the person's moves are read by
    menu = table.menu()
    lines = table.menu_lines(menu)
    listed = [m[1] for m in menu[:table.listed]]
    threes = [m[1] for m in menu if m[1].startswith("play 3C")]  # 3C takes an 8 (P6), four ways
    assert len(threes) == 4 and set(threes) <= set(listed)
    assert len(menu) == 2 ** 13 - 1 + 4 and len(listed) == 13 + 1 + 4  # 13 single takes, the sweep
    assert "play JS take 7S 8S 9S 10S 8H 9H 10H 8D 9D 10D 8C 9C 10C" in listed
    assert lines[-1].strip() == ("J♠ may take any one or more of 7♠ 8♠ 9♠ 10♠ 8♥ 9♥ 10♥ 8♦ 9♦ 10♦ 8♣ 9♣ 10♣"
                                 " (8,191 ways, not all listed): type the move, as 'play J♠ take 7♠ 8♠'")
    assert len(lines) <= len(listed) + 2  # the heading, the listed moves (one a line at most), the note
    assert session.understand("play JS take 9H 10C", menu) == ["play JS take 9H 10C"]
    assert session.understand("2", menu) == [menu[1][1]]
    with pytest.raises(Refusal, match=f"choose 1 to {len(listed)}"):  # a part not listed is typed, not numbered
        session.understand(str(len(listed) + 1), menu)


def test_a_card_offered_many_sums_is_listed_whole():
    """Only a card whose captures are every part of some cards is folded: a 2 before thirteen cards that make
    9 in many ways (P6) lists every set (a review: it was folded, and its note named a move that is not legal)."""
    from interpreter.table import Table

    st = last_deal(ruleset("pasur"), ["2C 3C", "JH 2H"], table="AS AH 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S")
    table = Table(st, 0)
    menu = table.menu()
    assert len([m for m in menu if m[1].startswith("play 2C take")]) > 16
    assert table.folds == {} and table.numbered(menu) == len(menu)
    assert not any("may take any one or more" in line for line in table.menu_lines(menu))
