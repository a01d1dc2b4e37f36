"""A bot of one's own (`--bots MODULE:CLASS`, `FILE.py:CLASS`): a class whose `decide(seat)` is given the seat's
observation alone; what it returns is checked before it is played (an API audit: no way to plug a bot in, and
the bundled bots' hook handed over the whole state)."""

from __future__ import annotations

import json
import re
import textwrap

import pytest
from click.testing import CliRunner

import cli
from interpreter import CardrulesError, IllegalAction, load
from interpreter.bots import BotSpecError, make_bots, parse_spec
from interpreter.observe import Seat
from interpreter.simulate import simulate

BOTS = textwrap.dedent('''
    from interpreter.observe import Seat

    class Lowest:
        """The legal move whose text comes first."""
        def __init__(self, rng):
            self.rng = rng
        def decide(self, seat):
            assert isinstance(seat, Seat)
            return min(seat.legal_moves(), key=seat.move_text)

    class ByText(Lowest):
        def decide(self, seat):
            return seat.move_text(self.rng.choice(seat.legal_moves()))

    class Spoiler(Lowest):
        def decide(self, seat):
            moves = seat.legal_moves()
            chosen = moves[-1]
            moves.clear()  # the list handed over is the state's own: the game must not suffer for it
            return chosen

    class Cheat(Lowest):
        def decide(self, seat):
            return "play AS" if seat.step.name == "trump" else seat.legal_moves()[0]

    class Broken(Lowest):
        def decide(self, seat):
            return {}[seat.seat]

    class Leaves(Lowest):
        def decide(self, seat):
            raise SystemExit(0)

    class Shy:
        def __init__(self, rng):
            raise RuntimeError("no")
        def decide(self, seat):
            return None

    class Tamper(Lowest):
        def decide(self, seat):  # its private way in: the game's state
            seat._st.scores[seat.side] = 99
            for hand in seat._st.hands:  # the hands played, as studies read them
                hand["points"][seat.side] += 50
            seat._st.given.append(tuple(range(len(seat.game.deck))))  # the next deal's order
            return seat.legal_moves()[0]

    class Chatty(Lowest):
        def decide(self, seat):
            print("thinking aloud")
            return seat.legal_moves()[0]

    class Odd(BaseException):
        pass

    class Strange(Lowest):
        def decide(self, seat):
            raise Odd("its own kind")

    class Quiet(Lowest):
        def decide(self, seat):
            raise Odd()

    class Misuse(Lowest):
        def decide(self, seat):
            return seat.move_text(12345)

    NotAClass = 3
''')


@pytest.fixture
def folder(tmp_path, monkeypatch):
    (tmp_path / "housebots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def run(*args):
    return CliRunner().invoke(cli.main, list(args))


def test_a_class_of_ones_own_plays_a_study_from_a_module_or_a_file(folder):
    spec = "housebots:Lowest,greedy,housebots.py:ByText,random"
    first = run("simulate", "hokm", "-n", "6", "--seed", "3", "--bots", spec, "--json")
    assert first.exit_code == 0, first.output
    again = json.loads(run("simulate", "hokm", "-n", "6", "--seed", "3", "--bots", spec, "--json").output)
    said = json.loads(first.output)
    assert said["finished"] == 6 and said["wins"] == again["wins"] and said["mean_points"] == again["mean_points"]
    two = json.loads(run("simulate", "hokm", "-n", "6", "--seed", "3", "--bots", spec, "--jobs", "2", "--json").output)
    assert two["wins"] == said["wins"]


def test_the_bot_is_given_a_seat_and_its_moves_are_checked(folder):
    st = load("hokm").new_state(seed=2)
    bots = make_bots(["housebots:Spoiler"] * 4, seed=2)
    while not st.over:
        before = list(st.legal_moves())
        move = bots[st.to_act].choose(st)
        assert move in before and st.legal_moves() == before  # the list it emptied is worked out anew
        st.apply_move(move)


@pytest.mark.parametrize("spec, said", [
    ("housebots:Cheat", "bot 'housebots:Cheat' at seat 2 chose 'play AS': 'play AS' is not a legal move"),
    ("housebots:Broken", "bot 'housebots:Broken' at seat 2 raised KeyError: 2 (housebots.py:"),
    ("housebots:Leaves", "bot 'housebots:Leaves' at seat 2 raised SystemExit: 0 (housebots.py:"),
    ("housebots:Shy", "bot 'housebots:Shy': making one, Shy(rng) raised RuntimeError: no (housebots.py:"),
    ("housebots:Strange", "bot 'housebots:Strange' at seat 2 raised Odd: its own kind (housebots.py:"),
    ("housebots:Misuse", "bot 'housebots:Misuse' at seat 2: 12345 is no move of this game now"),  # not 'error:' twice
])
def test_a_bot_that_errs_stops_the_study_with_a_message_not_a_traceback(folder, spec, said):
    result = run("simulate", "hokm", "-n", "2", "--bots", spec)
    assert result.exit_code == 1 and said in result.output and "Traceback" not in result.output, result.output


def test_a_bot_that_errs_at_the_table_does_not_show_its_seats_moves(folder):
    """A secrets audit, 2026-12-07: a bot of one's own that chose no legal move at the table stopped play with its
    seat's legal moves listed (`legal: play JS`: its only spade), and the game, kept, could go on with the person
    knowing them. The table says the bot erred, and that simulate says why; simulate still lists them."""
    result = CliRunner().invoke(cli.main, ["play", "hokm", "--seed", "2", "--bots", "housebots:Cheat"],
                                input="1\n" * 40)
    said = " ".join(result.output.split())
    assert result.exit_code == 1 and "bot 'housebots:Cheat' at seat" in said, said
    assert "which is not a legal move there" in said and "legal:" not in said and "Traceback" not in said, said
    assert "legal:" in run("simulate", "hokm", "-n", "1", "--bots", "housebots:Cheat").output


@pytest.mark.parametrize("spec, said", [
    ("nosuch:Bot", "bot 'nosuch:Bot': no module 'nosuch'"),
    ("housebots:Nope", "bot 'housebots:Nope': housebots has no 'Nope'"),
    ("housebots:NotAClass", "'NotAClass' is not a class with a decide(seat) method"),
    ("missing.py:Bot", "bot 'missing.py:Bot': no file missing.py"),
])
def test_a_bot_that_cannot_be_found_or_made_is_a_usage_error(folder, spec, said):
    result = run("simulate", "hokm", "-n", "2", "--bots", spec)
    assert result.exit_code == 2 and said in result.output, result.output
    with pytest.raises(BotSpecError, match=re.escape(said)):
        make_bots([spec] * 4, seed=1)


def test_a_class_name_keeps_its_capitals_and_the_bundled_kinds_do_not_care(folder):
    assert parse_spec("housebots:ByText,GREEDY,Mcts:5,random", 4) == ["housebots:ByText", "greedy", "mcts:5", "random"]
    with pytest.raises(BotSpecError, match="'random' is a bundled bot, not a module"):  # not "only mcts takes a budget"
        parse_spec("Random:Careful", 4)


def test_play_seats_ones_own_bots_at_the_table(folder):
    result = CliRunner().invoke(cli.main, ["play", "hokm", "--seed", "2", "--bots", "housebots:ByText"],
                                input="1\n" * 400)
    assert result.exit_code == 0 and "game over" in result.output, result.output[-500:]


def test_apply_with_a_seat_refuses_another_seats_turn():
    st = load("hokm").new_state(seed=1)
    other = (st.to_act + 1) % 4
    action = st.legal_actions()[0]
    with pytest.raises(IllegalAction, match=f"seat {other} acted but it is seat {st.to_act}'s turn"):
        st.apply(action, seat=other)
    st.apply(action, seat=st.to_act)
    assert len(st.log) == 1


def test_simulate_from_python_takes_ones_own_kinds(folder):
    summary = simulate("hokm", {}, n=3, seed=1, kinds=["housebots:Lowest"])
    assert summary["finished"] == 3
    with pytest.raises(CardrulesError, match="no module 'nosuch'"):
        simulate("hokm", {}, n=1, seed=1, kinds=["nosuch:Bot"])
    assert Seat  # the observation a bot is given


def test_a_trick_plays_view_says_the_suit_led_and_the_suits_each_seat_has_shown_it_lacks():
    """A bot author's wish (the API audit): the suit led and the voids every seat saw were only on the state
    (`st.trick_state`), not in what a seat may see. Now `view()["play"]`, the same for every seat, kept by a
    sample of the unseen cards."""
    import random

    from interpreter import cards as C

    st = load("hokm").new_state(seed=1)
    while not st.trick_state.voids or not st.trick_state.seats:
        st.apply_move(st.legal_moves()[-1])
    led = st.trick_state.led
    plays = [st.view(seat)["play"] for seat in range(4)]
    assert plays[0] == plays[1] == plays[2] == plays[3]
    assert plays[0]["led"] == "SHDC"[led]
    shown = {seat: [s for s in "SHDC" if any(C.SUIT[C.BY_NAME[card]] == "SHDC".index(s) for card in held)]
             for seat, held in enumerate(st.view(0)["zones"]["hand"][:1])}
    for seat, lacks in enumerate(plays[0]["voids"]["hand"]):
        assert set(lacks) <= set("SHDC")
        if seat in shown:  # seat 0's own hand holds none of the suits it has shown it lacks
            assert not set(lacks) & set(shown[seat])
    assert any(plays[0]["voids"]["hand"])
    sample = Seat(st, 0).sample(random.Random(5))
    assert sample.view(0)["play"] == plays[0]


def test_a_record_never_runs_a_bots_code_by_itself(folder):
    """A record names its bots for --resume; one naming code of its own (a module, a file) imported it, so a record
    someone sent ran what it named (the day's review). Now only --bots seats such a bot; the command the table
    prints to resume says --bots."""
    (folder / "marker.py").write_text("open('imported', 'w').close()\nclass Bot:\n    def __init__(self, rng):\n"
                                      "        pass\n    def decide(self, seat):\n"
                                      "        return seat.legal_moves()[0]\n", encoding="utf-8")
    record = folder / "r.json"
    played = run("play", "hokm", "--seed", "1", "--bots", "housebots:ByText", "--record", str(record))
    assert played.exit_code == 0
    kept = json.loads(record.read_text(encoding="utf-8"))
    kept["play"]["bots"] = "marker:Bot"
    record.write_text(json.dumps(kept), encoding="utf-8")
    refused = run("play", "--resume", str(record))
    assert refused.exit_code == 1 and "a record never runs by itself: give --bots" in refused.output, refused.output
    assert not (folder / "imported").exists()
    result = CliRunner().invoke(cli.main, ["play", "--resume", str(record), "--bots", "housebots:ByText"],
                                input="quit\n")
    assert result.exit_code == 0 and f"--resume {record} --bots housebots:ByText" in result.output, result.output


def test_a_bots_error_in_play_is_the_bots_not_the_rulesets(folder):
    """A bot of one's own that raised stopped play saying "stopped by the ruleset's error above … once the ruleset
    is mended" (the day's review): the bot's, and the usual command to go on."""
    result = CliRunner().invoke(cli.main, ["play", "hokm", "--seat", "1", "--seed", "1", "--bots", "housebots:Broken"],
                                input="1\n" * 20)
    assert result.exit_code == 1 and "stopped by the bot's error above" in result.output, result.output
    assert "ruleset" not in result.output.split("raised KeyError")[1] and "--accept-changed-rules" not in result.output


def test_a_bots_error_names_the_game_it_met_it_in(folder):
    """A tournament's organizer could not tell in which game a bot erred (a tournament audit): its seed."""
    result = run("simulate", "hokm", "-n", "2", "--seed", "7", "--bots", "housebots:Broken")
    said = re.search(r"raised KeyError: \d \(housebots\.py:\d+\) \(hokm, seed 7, decision \d+\)", result.output)
    assert said and result.exit_code == 1, result.output
    covered = run("coverage", "hokm", "-n", "2", "--seed", "7", "--bots", "housebots:Broken")
    assert re.search(r"\(hokm, seed 7, decision \d+\)", covered.output), covered.output  # coverage's games too
    silent = run("simulate", "hokm", "-n", "1", "--bots", "housebots:Quiet")
    assert "raised Odd (housebots.py:" in silent.output, silent.output  # no message: no ': ' after its name


def test_a_bot_works_on_a_copy_and_its_prints_stay_off_the_output(folder):
    """A bot that raised its side's score through `seat._st` won every game; one that printed broke --json (a
    tournament audit): a bot is given a copy of the state, and what it prints goes to standard error."""
    st = load("hokm").new_state(seed=2)
    bot = make_bots(["housebots:Tamper"] * 4, seed=2)[0]
    while not st.hands or st.to_act != 0:  # a hand played, its record kept
        st.apply_move(st.legal_moves()[0])
    points, given = [list(h["points"]) for h in st.hands], list(st.given)
    st.apply_move(bot.choose(st))
    assert st.scores == st.hands[-1]["totals"] and [h["points"] for h in st.hands] == points and st.given == given
    result = CliRunner().invoke(cli.main, ["simulate", "hokm", "-n", "1", "--bots", "housebots:Chatty", "--json"])
    assert json.loads(result.stdout)["games"] == 1 and "thinking aloud" in result.stderr
