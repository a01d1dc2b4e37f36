"""Records as `play --record` keeps them and `--resume` and `replay` read them (CONTRACT.md "Game records"):
nothing the record holds is lost on resume, and replay holds a record to all it says."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import cards as C
from interpreter import load, records, shown

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def pasur_decks(n: int) -> list[list[str]]:
    deck = [C.NAMES[c] for c in load("pasur").deck]
    rng = random.Random(4)
    return [rng.sample(deck, len(deck)) for _ in range(n)]


def test_deck_orders_a_record_gives_for_later_hands_survive_an_interrupted_game(tmp_path):
    """Resumed in two goes or played in one, the game deals the prepared decks (the first save kept only the
    deck orders used so far, and the next hand came from the seed)."""
    decks = pasur_decks(6)
    prepared = {"format": "cardrules-record/1", "ruleset": "pasur", "seed": 9, "shuffles": decks,
                "actions": [], "play": {"seat": 0, "bots": "random"}}
    whole, split = tmp_path / "whole.json", tmp_path / "split.json"
    for path in (whole, split):
        path.write_text(json.dumps(prepared))
    assert run("play", "--resume", whole, input="1\n" * 40).exit_code == 0
    assert run("play", "--resume", split, input="1\n" * 3).exit_code == 0
    assert json.loads(split.read_text())["shuffles"] == decks  # the unused ones kept
    assert run("play", "--resume", split, input="1\n" * 37).exit_code == 0
    one, two = (json.loads(p.read_text()) for p in (whole, split))
    assert one["actions"] == two["actions"] and len(one["actions"]) > 40
    assert one["shuffles"][:6] == decks


def test_the_kept_record_is_what_records_make_says(tmp_path):
    path = tmp_path / "r.json"
    assert run("play", "hokm", "--bots", "random", "--seed", "3", "--record", path, input="1\n" * 30).exit_code == 0
    kept = json.loads(path.read_text())
    st = records.replay(kept, path)
    assert kept == records.make(st, "hokm", kept["play"])
    assert kept["ruleset"] == "hokm"


def test_a_bundled_game_is_recorded_by_its_name_so_a_file_beside_the_record_cannot_stand_in(tmp_path):
    path = tmp_path / "r.json"
    assert run("play", "pasur.yaml", "--bots", "random", "--seed", "3", "--record", path, input="1\n").exit_code == 0
    assert json.loads(path.read_text())["ruleset"] == "pasur"
    (tmp_path / "pasur.yaml").write_text("extends: pasur\noptions:\n  target: 105\n")
    assert "pasur-105" not in run("play", "--resume", path, input="quit\n").output


def test_fields_a_person_adds_to_a_record_stay_when_it_is_resumed(tmp_path):
    path = tmp_path / "r.json"
    run("play", "hokm", "--bots", "random", "--seed", "3", "--record", path, input="1\n1\n")
    kept = json.loads(path.read_text())
    path.write_text(json.dumps({**kept, "note": "the club final"}))
    assert run("play", "--resume", path, input="1\n").exit_code == 0
    again = json.loads(path.read_text())
    assert again["note"] == "the club final" and len(again["actions"]) > len(kept["actions"])


def test_a_result_on_a_game_that_is_not_over_fails_replay_and_says_why_in_json(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"ruleset": "hokm", "seed": 3, "actions": [], "result": {"scores": [0, 0]}}))
    out = run("replay", path)
    assert out.exit_code == 1 and "its actions stop before the game is over" in out.output
    shown = json.loads(run("replay", "--json", path).output.splitlines()[0])
    assert "stop before the game is over" in shown["error"]["reason"] and shown["over"] is False


def test_resume_refuses_an_illegal_action_naming_the_record_and_the_legal_moves(tmp_path):
    path = tmp_path / "r.json"
    run("play", "hokm", "--bots", "random", "--seed", "3", "--record", path, input="1\n1\n")
    kept = json.loads(path.read_text())
    kept["actions"][-1]["action"] = "play " + "X" * 500
    path.write_text(json.dumps(kept))
    out = run("play", "--resume", path, input="quit\n")
    at = path.read_text().index(json.dumps(kept["actions"][-1])) + 1  # the refused action's place, not the start
    assert out.exit_code == 1 and f"{path}:1:{at}: error: action" in out.output and "legal there: play" in out.output
    assert "X" * 200 not in out.output  # a long action is cut short


def test_seed_against_a_record_without_one_says_so(tmp_path):
    """A record without a seed goes on with seed 0: --seed 0 is its seed, another is refused, saying so."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"ruleset": "hokm", "actions": []}))
    out = run("play", "--resume", path, "--seed", "1", input="quit\n")
    assert out.exit_code == 2 and "has no seed (it goes on with seed 0)" in out.output
    assert run("play", "--resume", path, "--seed", "0", "--bots", "random", input="quit\n").exit_code == 0


def test_a_record_without_a_seed_is_written_back_with_its_seed_0(tmp_path):
    """No seed counts as 0 for the shuffles; resumed and written again, the record said `"seed": null`, where
    a record's seed is a whole number and cardrules writes every field (a new user's audit)."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"ruleset": "pasur", "actions": []}))
    assert run("play", "--resume", path, "--bots", "random", input="quit\n").exit_code == 0
    written = json.loads(path.read_text())
    assert written["seed"] == 0
    assert written["shuffles"][0] == records.make(load("pasur").new_state(seed=0), "pasur")["shuffles"][0]


def test_nan_is_not_json_and_a_record_holding_it_is_refused_where_it_stands(tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"ruleset": "hokm", "seed": 3, "actions": [], "note": NaN}')
    out = run("replay", path)
    assert out.exit_code == 1 and f"{path}:1:" in out.output and "NaN is not a JSON value" in out.output


def test_a_truncated_record_says_where_its_string_starts_in_a_whole_sentence(tmp_path):
    """JSON's "Unterminated string starting at" was printed cut off after "at" (a user audit)."""
    path = tmp_path / "r.json"
    path.write_text('{"ruleset": "hokm", "seed": 3, "actions": ["play 7')
    out = run("replay", path)
    assert out.exit_code == 1 and f"{path}:1:44: error: not JSON: unterminated string starting here" in out.output


def test_a_note_with_a_lone_surrogate_is_kept_as_json_writes_it(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"ruleset": "hokm", "seed": 3, "actions": [], "note": "\ud800 lone"}))
    assert run("play", "--resume", path, "--bots", "random", input="quit\n").exit_code == 0
    assert json.loads(path.read_text())["note"] == "\ud800 lone"


@pytest.mark.parametrize("rec, message", [
    ({"ruleset": "hokm", "seed": 3, "actions": [{"action": 5}]}, 'action 0: expected {"seat": N, "action": "..."}'),
    ({"ruleset": "pasur", "seed": 7, "actions": ["play 3S"]}, 'action 0: expected {"seat": N, "action": "..."}'),
    ({"ruleset": "pasur", "seed": 7, "actions": [{"seat": 0}]}, 'action 0: expected {"seat": N, "action": "..."}'),
    ({"ruleset": "pasur", "actions": None}, "'actions' must be a list"),
    ({"ruleset": "pasur", "options": [1]}, "'options' must be an object"),
    ({"ruleset": 5}, "'ruleset' must be a bundled ruleset's name or a ruleset file's path, not a number"),
    ({"seed": 1}, "the record names no 'ruleset'"),
    ({"ruleset": "pasur", "format": "x"}, "unknown record format 'x'"),
    (None, "a record is a JSON object"),
    ("game.json", r"replay takes a record as read \(a dict\): read a file with records.read\(path\)"),
])
def test_replay_through_the_api_checks_the_record_as_reading_a_file_does(rec, message):
    """A record built in code skipped the checks `records.read` makes: replay raised KeyError, TypeError or
    AttributeError (a contract audit), and took an unknown format."""
    with pytest.raises(records.RecordError, match=message if message.startswith("replay") else re.escape(message)):
        records.replay(rec)


def test_the_persons_move_is_in_the_record_before_the_bots_think(tmp_path):
    """A signal (a closed terminal) while the bots think must not lose what the person typed."""
    import io

    from interpreter.bots import make_bots
    from interpreter.display import Session
    from interpreter.screen import Screen

    st = load("hokm").new_state(seed=3, listen=True)
    saved = []
    typed = iter(["1\n", "1\n", ""])
    bots = make_bots(["random"] * 4, 3)
    session = Session(st, st.to_act, bots, Screen(io.StringIO(), colour=False), lambda: next(typed),
                      save=lambda: saved.append(len(st.log)))
    person = st.to_act
    session.run()
    mine = [i + 1 for i, (seat, _, _) in enumerate(st.log) if seat == person]
    assert all(n in saved for n in mine), (mine, saved)


def test_a_ruleset_error_in_play_leaves_every_move_shown_in_the_record(tmp_path):
    from pathlib import Path

    here = Path(__file__).resolve().parent / "runtime_rulesets" / "nobody_chooses.yaml"
    path = tmp_path / "r.json"
    out = run("play", here, "--seed", "1", "--bots", "random", "--record", path, input="1\n" * 200)
    assert out.exit_code == 1 and "is nobody (-1)" in out.output
    replayed = run("replay", path)
    assert "is refused: who 'chooser' is nobody (-1) in hand 2" in replayed.output  # it reaches the error


def test_a_record_written_by_hand_may_leave_out_format_and_seats_but_not_change_them(tmp_path):
    """docs/cli.md "Records": no `format` reads as cardrules-record/1, an action without `seat` is the seat to
    act's; a seat given must be the seat to act, and another format is refused."""
    st = load("hokm").new_state(seed=3)
    rng = random.Random(3)
    while len(st.log) < 30:
        st.apply_move(rng.choice(st.legal_moves()))
    bare = {"ruleset": "hokm", "seed": 3, "actions": [{"action": a} for _, a in st.actions]}
    assert records.replay(bare).actions == st.actions
    wrong_seat = dict(bare, actions=[{"seat": (st.actions[0][0] + 1) % 4, "action": st.actions[0][1]}])
    path = tmp_path / "r.json"
    no_seat = dict(bare, actions=[{"seat": 7, "action": st.actions[0][1]}])  # (an API audit: "seat 0's turn")
    for rec, said in ((wrong_seat, "it is seat"), (dict(bare, format="cardrules-record/2"), "unknown record format"),
                      (no_seat, "no seat 7: this game's seats are 0 to 3")):
        path.write_text(json.dumps(rec))
        out = run("replay", path)
        assert out.exit_code == 1 and said in out.output, out.output


# ---- the records audit: nothing kept is lost, nothing unreadable is written, errors at their place --------------

def started(tmp_path, moves: int = 2):
    """A Pasur game played a little with --record: (its path, the record as read)."""
    path = tmp_path / "r.json"
    run("play", "pasur", "--bots", "random", "--seed", "2", "--record", path, input="1\n" * moves + "quit\n")
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_a_number_too_large_for_a_float_is_refused_where_it_stands(tmp_path):
    """JSON allows 1e400; read as infinity, resume wrote it back as Infinity, which no JSON reader (cardrules
    included) reads: the game in progress was stranded."""
    path, _ = started(tmp_path)
    text = path.read_text(encoding="utf-8").replace('"format"', '"note": 1e400, "format"', 1)
    path.write_text(text, encoding="utf-8")
    result = run("replay", path)
    assert result.exit_code == 1 and f"{path}:2:10: error: not a record: the number 1e400 is too large to keep" \
        in result.output, result.output


@pytest.mark.parametrize("where", ["top", "action"])
def test_a_key_given_twice_is_refused_where_it_is_given_again(tmp_path, where):
    """Where the object that repeats it stands: the record's own `seed`, or one action's `seat` (the key is in
    every action, so its second appearance in the file is not the repeat; the review)."""
    path, rec = started(tmp_path, moves=3)
    text = path.read_text(encoding="utf-8")
    if where == "top":
        text = text.replace('"seed": 2,', '"seed": 2, "seed": 6,', 1)
        at = text.index('"seed": 6')
    else:
        second = json.dumps(rec["actions"][1], ensure_ascii=False)
        text = text.replace(second, second.replace('{"seat": ', '{"seat": 9, "seat": ', 1), 1)
        at = text.index('"seat": ', text.index('"seat": 9') + 1)
    path.write_text(text, encoding="utf-8")
    line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    result = run("replay", path)
    assert result.exit_code == 1 and f"{path}:{line}:{col}: error: not a record: the key" in result.output, \
        result.output


def test_fields_of_the_records_own_survive_a_resume_at_every_level(tmp_path):
    """A note on an action, a field of its own in `play`, a key no encoder writes as it is (a lone surrogate,
    which crashed the writer and left an empty .tmp file): resumed and written again, all are kept."""
    path, rec = started(tmp_path)
    rec["actions"][0]["note"] = "a fine capture ✓"
    rec["play"]["table"] = "kitchen"
    rec["\ud800x"] = 1
    path.write_text(json.dumps(rec), encoding="utf-8")
    result = run("play", "--resume", path, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept["actions"][0]["note"] == "a fine capture ✓" and kept["play"]["table"] == "kitchen"
    assert kept["\ud800x"] == 1 and len(kept["actions"]) > len(rec["actions"])
    assert not list(tmp_path.glob("r.json*.tmp"))
    assert run("replay", path).exit_code == 0


def test_an_action_refused_is_reported_at_its_line(tmp_path):
    """Record errors said FILE:1:1 for every problem, though cardrules writes one action a line."""
    path, rec = started(tmp_path, moves=3)
    lines = path.read_text(encoding="utf-8").splitlines()
    k = len(rec["actions"]) - 1
    at = next(i for i, x in enumerate(lines, 1) if json.dumps(rec["actions"][k], ensure_ascii=False) in x)
    path.write_text("\n".join(x.replace(rec["actions"][k]["action"], "play ZZ") if i == at else x
                              for i, x in enumerate(lines, 1)), encoding="utf-8")
    result = run("replay", path)
    assert result.exit_code == 1 and f"{path}:{at}:3: error: action {k} ('play ZZ') is refused" in result.output, \
        result.output


def test_a_deck_order_that_is_no_permutation_says_what_is_wrong(tmp_path):
    path, rec = started(tmp_path)
    order = rec["shuffles"][0]
    rec["shuffles"][0] = order[:5] + [order[3]] + order[6:]
    path.write_text(json.dumps(rec), encoding="utf-8")
    result = run("replay", path)
    assert f"shuffle 0: not a permutation of this ruleset's 52-card deck (twice: {order[3]}; missing: {order[5]})" \
        in result.output, result.output


def test_a_deck_order_of_a_million_cards_is_refused_at_once(tmp_path):
    """A shuffle of 100,000 names took 13 s to refuse, one of 3 million more than a minute: its cards were counted
    one by one against all the others (a hostile-record audit). Its length alone refuses it now."""
    import time

    path, rec = started(tmp_path)
    rec["shuffles"][0] = rec["shuffles"][0] * 20_000
    path.write_text(json.dumps(rec), encoding="utf-8")
    start = time.process_time()
    result = run("replay", path)
    assert time.process_time() - start < 3
    assert "shuffle 0: not a permutation of this ruleset's 52-card deck (1,040,000 cards)" in result.output


def test_a_record_whose_ruleset_moved_resumes_from_its_new_place(tmp_path, monkeypatch):
    """A house rule kept beside the games was moved: the record's path no longer finds it. Named on the
    command line, the new place is taken (the replay checks every shuffle and action) and written to the
    record; left out, the error says how to name it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rules").mkdir()
    (tmp_path / "games").mkdir()
    (tmp_path / "rules" / "quick.yaml").write_text("extends: pasur\nname: quick\noptions: {target: 105}\n",
                                                   encoding="utf-8")
    assert run("play", "rules/quick.yaml", "--bots", "random", "--seed", "1", "--record", "games/g.json",
               input="1\nquit\n").exit_code == 0
    (tmp_path / "rules").rename(tmp_path / "moved")
    lost = run("play", "--resume", "games/g.json", input="quit\n")
    assert lost.exit_code == 1 and "if it has moved, name its new place: `cardrules play FILE --resume RECORD`" \
        in lost.output, lost.output
    found = run("play", "moved/quick.yaml", "--resume", "games/g.json", input="quit\n")
    assert found.exit_code == 0, found.output
    assert json.loads((tmp_path / "games" / "g.json").read_text())["ruleset"] == "../moved/quick.yaml"
    assert run("play", "--resume", "games/g.json", input="quit\n").exit_code == 0


def test_a_record_that_cannot_be_written_in_play_is_said_and_the_game_goes_on(tmp_path, monkeypatch):
    """The record's folder removed (or the disk full) mid-game: it ended the game, lost. Now a warning, the
    game goes on, and each later move tries again; written again, the game is all there."""
    path, _ = started(tmp_path)
    real, calls = records.Keeper.write, []

    def flaky(self, st):
        calls.append(len(st.log))
        if len(calls) in (2, 3):
            raise OSError(28, "No space left on device")
        real(self, st)

    monkeypatch.setattr(records.Keeper, "write", flaky)
    result = run("play", "--resume", path, input="1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("warning: cannot write the record to") == 1 and "No space left" in result.output
    assert "written to" in result.output and len(calls) >= 4
    assert len(json.loads(path.read_text())["actions"]) == calls[-1]
    calls.clear()  # at a Persian table, said in Persian (a Persian table audit: it was English there)
    result = run("play", "--resume", path, "--lang", "fa", input="1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("هشدار: رکورد در") == 1 and "رکورد دوباره در" in result.output, result.output
    assert "warning:" not in result.output


def test_a_game_resumed_mid_hand_recalls_the_cards_given_to_the_seat(tmp_path):
    """Resumed at the widow's discards, the hakem was not told which four cards the widow gave (played
    straight through, he was): the table recalls the cards this seat was given in the hand so far."""
    path = tmp_path / "s.json"
    straight = run("play", "shelem", "--seed", "9", "--bots", "greedy", "--record", path, input="3\n")
    widow = next(x for x in straight.output.splitlines() if "the widow goes to you:" in x)
    resumed = run("play", "--resume", path, input="quit\n")
    assert resumed.exit_code == 0 and widow in resumed.output, resumed.output


def test_a_game_played_in_persian_resumes_in_persian(tmp_path):
    """--lang was not kept: a Persian game resumed in English. The record's `play` keeps it; --lang overrides."""
    path = tmp_path / "fa.json"
    assert run("play", "pasur", "--lang", "fa", "--bots", "random", "--seed", "1", "--record", path,
               input="1\nquit\n").exit_code == 0
    assert json.loads(path.read_text(encoding="utf-8"))["play"]["lang"] == "fa"
    resumed = run("play", "--resume", path, input="quit\n")
    assert resumed.exit_code == 0 and "پاسور" in resumed.output, resumed.output
    english = run("play", "--resume", path, "--lang", "en", input="quit\n")
    assert "Pasur" in english.output and "lang" not in json.loads(path.read_text(encoding="utf-8"))["play"]


def test_a_finished_game_without_its_result_is_not_called_unfinished(tmp_path):
    """--record over a finished game's record whose `result` was left out said it 'already holds an unfinished
    game … go on with it by --resume' (records audit): its actions end the game, so it is a finished one."""
    path = tmp_path / "done.json"
    assert run("play", "pasur", "--seed", "2", "--bots", "random", "--record", path, input="1\n" * 300).exit_code == 0
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept.pop("result")
    path.write_text(json.dumps(kept), encoding="utf-8")
    refused = run("play", "pasur", "--record", path, input="quit\n")
    assert refused.exit_code == 2 and "already holds the record of a finished game" in refused.output, refused.output


def test_a_game_of_several_rounds_records_the_rounds_won_and_replay_holds_the_record_to_them(tmp_path):
    """CONTRACT.md: where more than one round is played, the rounds won per side are what decides the game
    (H15, hokm-rounds-2): a finished game's result names them, and replay refuses a result whose rounds
    are not the game's. A game of one round writes none, and counts none: rounds given as won there are
    refused, none won are not."""
    path = tmp_path / "r.json"
    bots = "random,random,random,random"
    assert run("play", "hokm-rounds-2", "--seat", "0", "--bots", bots, "--seed", "5", "--record", path,
               input="1\n" * 2000).exit_code == 0
    kept = json.loads(path.read_text())
    result = kept["result"]
    assert max(result["rounds"]) == 2 and result["winner"] == result["rounds"].index(2)
    assert run("replay", path).exit_code == 0
    result["rounds"] = result["rounds"][::-1]
    path.write_text(json.dumps(kept))
    out = run("replay", path)
    assert out.exit_code == 1 and "result rounds" in out.output
    one = tmp_path / "one.json"
    assert run("play", "hokm", "--bots", "random", "--seed", "5", "--record", one, input="1\n" * 2000).exit_code == 0
    kept = json.loads(one.read_text())
    assert "rounds" not in kept["result"]
    kept["result"]["rounds"] = [0, 0]
    one.write_text(json.dumps(kept))
    assert run("replay", one).exit_code == 0
    kept["result"]["rounds"] = [1, 0]
    one.write_text(json.dumps(kept))
    out = run("replay", one)
    assert out.exit_code == 1 and "result rounds [1, 0] differ" in out.output


def test_a_result_the_replay_does_not_reach_is_refused_at_the_records_result(tmp_path):
    """An edited winner: `replay` and `play --resume` say so at the record's `result`, FILE:LINE:COL."""
    path = tmp_path / "r.json"
    assert run("play", "hokm", "--bots", "random", "--seed", "3", "--record", path, input="1\n" * 200).exit_code == 0
    kept = json.loads(path.read_text())
    assert kept["result"]["winner"] in (0, 1)
    kept["result"]["winner"] = 1 - kept["result"]["winner"]
    path.write_text(json.dumps(kept, indent=1))
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if '"result"' in text)
    for out in (run("replay", path), run("play", "--resume", path, input="quit\n")):
        assert out.exit_code == 1
        assert re.search(rf"r\.json:{line}:\d+: error: the record's winner \d differs from the replay's", out.output)
    assert "game over; scores [" in run("replay", path).output  # the line reads as a pass no more (a user audit)
    assert re.search(r"game over; scores \[\d+, \d+\]; side \d won; the record's", run("replay", path).output)
    assert "; the record's result is not the replay's (below)" in run("replay", path).output


def test_record_options_the_ruleset_cannot_take_are_the_records_error(tmp_path):
    """A record whose options the ruleset refuses (a hand limit of -5) is refused at the record's options,
    not at a line of the installed ruleset, which loads well without them."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"ruleset": "spades", "options": {"hand_limit": -5}, "actions": []}, indent=1))
    for out in (run("replay", path), run("play", "--resume", path, input="quit\n")):
        assert out.exit_code == 1
        assert "r.json:3:" in out.output and "the record's options" in out.output, out.output
        assert "spades.yaml" not in out.output


def test_an_unknown_format_is_reported_at_its_line(tmp_path):
    """It was said at 1:1 wherever `format` stood, where every other key of the record is found (a fuzzing audit)."""
    path, rec = started(tmp_path)
    path.write_text(json.dumps({**rec, "format": "cardrules-record/2"}, indent=1), encoding="utf-8")
    at = next(i for i, x in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if '"format"' in x)
    result = run("replay", path)
    assert result.exit_code == 1 and f"{path}:{at}:12: error: unknown record format 'cardrules-record/2'" \
        in result.output, result.output


@pytest.mark.parametrize("where", ["beside", "absolute"])
def test_a_record_naming_a_folder_is_refused_at_its_ruleset_entry(tmp_path, monkeypatch, where):
    """A `ruleset` naming a folder was reported at the folder's path, line 1, not in the record."""
    (tmp_path / "games" / "sub").mkdir(parents=True)
    name = "sub" if where == "beside" else str(tmp_path / "games" / "sub")
    path = tmp_path / "games" / "r.json"
    path.write_text(json.dumps({"ruleset": name, "actions": []}, indent=1))
    monkeypatch.chdir(tmp_path)  # the folder lies beside the record, not in the current folder
    for out in (run("replay", path), run("play", "--resume", path, input="quit\n")):
        assert out.exit_code == 1 and "Traceback" not in out.output
        said = f"r.json:2:13: error: the record's ruleset '{shown(name)}' is a folder, not a ruleset file"
        assert said in out.output, out.output  # a long name is cut short, as in every message


def test_a_record_naming_a_bundled_ruleset_with_a_slash_is_told_its_name(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"ruleset": "hokm/", "actions": []}, indent=1))
    out = run("replay", path)
    assert out.exit_code == 1 and "r.json:2:13: error: the record's ruleset 'hokm/' names no folder: the bundled" \
        " ruleset is named without the slash, 'hokm'" in out.output, out.output


# ---- a second audit of records: devices, a record lost at the end, links, kept games -------------------------

def test_a_pipe_or_a_device_is_never_written_over_by_a_record(tmp_path):
    """`--record` named a pipe (or /dev/null, run as root) and play replaced it with a file: refused before play,
    through the API too, and nothing is written; a device that reads for ever is refused as a record."""
    import os

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    result = run("play", "hokm", "--bots", "random", "--seed", "1", "--record", pipe, input="1\n")
    assert result.exit_code == 2 and "it is not a file but a device, a pipe or a socket" in result.output
    st = load("hokm").new_state(seed=1)
    with pytest.raises(records.RecordError, match="cannot write record: it is not a file but a device"):
        records.write(pipe, st, "hokm")
    with pytest.raises(records.RecordError, match="cannot read record: it is not a file but a device"):
        records.read("/dev/zero")  # read for ever
    assert pipe.is_fifo()


def test_a_record_is_read_through_a_pipe(tmp_path):
    """`cardrules replay <(cat r.json)`: a record read through a pipe, as shells give one."""
    import subprocess
    import sys

    path, _ = started(tmp_path)
    done = subprocess.run(["bash", "-c", f'"{sys.executable}" -m cli replay <(cat "{path}")'], capture_output=True,
                          text=True, cwd=str(Path(__file__).resolve().parent.parent))
    assert done.returncode == 0 and "actions replayed" in done.stdout, done.stderr


def record_gone_in_play(monkeypatch, path) -> None:
    """The record at `path` cannot be written once play has begun (its folder gone); any other file can (the game
    kept where unfinished games are)."""
    real, calls = records.Keeper.write, []

    def gone(self, st):
        calls.append(self.path)
        if self.path == path and len(calls) > 1:
            raise FileNotFoundError(2, "No such file or directory")
        real(self, st)

    monkeypatch.setattr(records.Keeper, "write", gone)


def test_a_record_that_cannot_be_written_at_the_end_is_kept_where_unfinished_games_are(tmp_path, monkeypatch):
    """The record's folder gone at the end of the session: the table said the game was in the record, and it
    was nowhere. Now it is kept as a game played without --record is, said there, and the session still fails."""
    path, _ = started(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))

    record_gone_in_play(monkeypatch, path)
    result = run("play", "--resume", path, input="1\n")
    assert result.exit_code == 1
    [kept] = (tmp_path / "state" / "cardrules" / "games").glob("pasur-*.json")
    assert f"the game so far is in {kept}" in " ".join(result.output.split())  # wrapped where long
    assert "Error: cannot write the record to" in result.output
    monkeypatch.undo()
    before, after = json.loads(path.read_text())["actions"], records.read(kept)["actions"]
    assert after[:len(before)] == before and len(after) > len(before)  # the move typed, and the bot's after it


def test_a_line_break_in_an_action_or_an_option_keeps_the_error_on_one_line(tmp_path):
    path, record = started(tmp_path)
    record["actions"][1]["action"] = "play 9C\nplay AS\x1b[31m"
    path.write_text(json.dumps(record))
    out = run("replay", path)
    assert out.exit_code == 1 and len(out.output.splitlines()) == 2, out.output  # the error, the legal moves
    assert "('play 9C\\u000aplay AS\\u001b[31m') is refused" in out.output
    record["options"] = {"bo\ngus": 1}
    path.write_text(json.dumps(record))
    out = run("replay", path)
    assert out.output.count("\n") == 1 and "option 'bo\\u000agus' is not one of this ruleset's" in out.output


def test_records_write_says_what_its_arguments_must_be(tmp_path):
    st = load("hokm").new_state(seed=1)
    for call, said in [(lambda: records.read("r\0.json"), "a record's path holds a NUL character"),
                       (lambda: records.write("r\0.json", st, "hokm"), "a record's path holds a NUL character"),
                       (lambda: records.write(tmp_path / "a.json", None, "hokm"), "takes a game's state"),
                       (lambda: records.write(tmp_path / "b.json", st, "hokm", play=5), "'play' is a mapping")]:
        with pytest.raises(records.RecordError, match=re.escape(said)):
            call()


def test_records_write_writes_over_a_record_but_not_the_ruleset_played_nor_a_note(tmp_path):
    """An API audit: `records.write(game.path, st)` wrote the game's record over its own ruleset (the table's
    --record refused it already). A record is written over, as the game goes on; an empty file is filled."""
    shutil.copy(RULESETS / "hokm.yaml", tmp_path / "mine.yaml")
    game = load(tmp_path / "mine.yaml")
    st = game.new_state(seed=1)
    (tmp_path / "note.txt").write_text("my notes\n")
    for path in (game.path, tmp_path / "note.txt"):
        before = path.read_bytes()
        with pytest.raises(records.RecordError, match="exists and is not a game record"):
            records.write(path, st)
        assert path.read_bytes() == before
    (tmp_path / "empty.json").write_text("")
    records.write(tmp_path / "empty.json", st)
    st.apply(st.legal_actions()[0])
    records.write(tmp_path / "empty.json", st)
    assert len(records.read(tmp_path / "empty.json")["actions"]) == 1


def test_a_record_naming_a_bundled_game_is_that_game_whatever_files_are_named_so(tmp_path, monkeypatch):
    """A file named `pasur` beside the record, or in the current folder, stood in for the bundled game the
    record names (as cardrules writes it) and replayed another game."""
    st, rng, path = load("pasur").new_state(seed=1), random.Random(1), tmp_path / "r.json"
    while not st.over:
        st.apply(rng.choice(st.legal_actions()))
    records.write(path, st, "pasur")
    assert json.loads(path.read_text())["ruleset"] == "pasur"
    before = run("replay", "--json", path).output
    assert json.loads(before)["over"] is True
    for folder in (tmp_path, tmp_path / "cwd"):
        folder.mkdir(exist_ok=True)
        (folder / "pasur").write_text("extends: pasur-105\ndescription: x\n")  # to 105: not over
    for cwd in (tmp_path, tmp_path / "cwd"):
        monkeypatch.chdir(cwd)
        assert run("replay", "--json", path).output == before


def test_a_record_reached_through_a_link_finds_its_ruleset_as_written(tmp_path):
    """A record names its ruleset from the folder it is written in, through a link the file the link names;
    read through the link, the ruleset was looked for beside the link."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "games").mkdir()
    (tmp_path / "rules" / "mine.yaml").write_text("extends: pasur\nname: mine\n")
    (tmp_path / "else" / "where").mkdir(parents=True)  # not the games' depth: `../rules` is not there
    link = tmp_path / "else" / "where" / "g.json"
    link.symlink_to(tmp_path / "games" / "g.json")
    assert run("play", tmp_path / "rules" / "mine.yaml", "--bots", "random", "--seed", "2", "--record", link,
               input="1\nquit\n").exit_code == 0
    assert json.loads(link.read_text())["ruleset"] == "../rules/mine.yaml"
    result = run("replay", link)
    assert result.exit_code == 0 and "actions replayed" in result.output, result.output


def test_a_kept_game_resumed_still_names_its_ruleset_by_the_whole_path(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text("extends: pasur\nname: mine\n")
    assert run("play", "mine.yaml", "--bots", "random", "--seed", "2", input="1\n").exit_code == 0
    [kept] = (tmp_path / "state" / "cardrules" / "games").glob("mine-*.json")
    whole = str((tmp_path / "mine.yaml").resolve())
    assert json.loads(kept.read_text())["ruleset"] == whole
    assert run("play", "--resume", kept, input="1\n").exit_code == 0
    assert json.loads(kept.read_text())["ruleset"] == whole


def test_a_ruleset_file_named_as_a_bundled_game_is_recorded_as_a_path(tmp_path, monkeypatch):
    """A house file named `hokm` (no `.yaml`) is played where it exists, and its record named it `hokm`, which
    reads as the bundled game: the replay was another game. It is written `./hokm`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hokm").write_text("extends: hokm.yaml\nname: quick\ngame: {target: 1}\n")
    assert run("play", "hokm", "--bots", "random", "--seed", "4", "--record", "r.json",
               input="1\n" * 40).exit_code == 0
    record = json.loads((tmp_path / "r.json").read_text())
    assert record["ruleset"] == "./hokm" and record["result"]["scores"] in ([1, 0], [0, 1])
    assert run("replay", "r.json").exit_code == 0


def test_a_finished_game_whose_record_cannot_be_written_is_kept_and_said(tmp_path, monkeypatch):
    """Played to its end with the record's folder gone: nothing was kept. Kept where unfinished games are,
    and the error says where."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "quick.yaml").write_text("extends: hokm\nname: quick\ngame: {target: 1}\n")
    path = tmp_path / "r.json"
    record_gone_in_play(monkeypatch, path)
    result = run("play", "quick.yaml", "--bots", "random", "--seed", "4", "--record", path, input="1\n" * 40)
    [kept] = (tmp_path / "state" / "cardrules" / "games").glob("quick-*.json")
    assert result.exit_code == 1 and f"; the game is kept in {kept}" in result.output, result.output
    monkeypatch.undo()
    assert records.read(kept)["result"]["scores"] in ([1, 0], [0, 1])


def test_replay_says_who_won_or_that_the_game_is_drawn(tmp_path):
    """A drawn game's replay said only 'game over; scores [25, 33, 44, 44]' (a new user's audit; `--json` said
    "draw": true): the line says the draw, or the winning side."""
    st = load("oh-hell").new_state(seed=38)
    rng = random.Random(38)
    while not st.over:
        st.apply_move(rng.choice(st.legal_moves()))
    assert st.draw  # the lowest scores tie: a random game of this seed ends so
    path = tmp_path / "r.json"
    records.write(path, st, "oh-hell")
    assert re.search(r"game over; scores \[25, 33, 44, 44\]; a draw$", run("replay", path).output.strip())


def test_a_refused_action_is_said_on_standard_output_as_validates_findings_are(tmp_path):
    """CONTRACT.md: replay exits 1 with the first offending action, its index, the reason and the legal actions.
    A script reading standard output alone (as it reads validate's lines) saw nothing: the finding went to
    standard error. With --json the object on standard output holds it, and the line goes to standard error."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "cardrules-record/1", "ruleset": "pasur", "seed": 1,
                                "actions": [{"seat": 0, "action": "play 2Z"}]}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cli", "replay", str(path)], capture_output=True, text=True,
                          cwd=root)
    assert done.returncode == 1 and f"{path}:1:" in done.stdout and "legal there: play" in done.stdout, done
    done = subprocess.run([sys.executable, "-m", "cli", "replay", "--json", str(path)], capture_output=True,
                          text=True, cwd=root)
    assert done.returncode == 1 and json.loads(done.stdout)["error"]["index"] == 0 and "legal there" in done.stderr


def test_a_record_saved_as_utf16_replays_and_one_that_is_not_text_says_so_on_standard_output(tmp_path):
    """A records audit: a record saved again by Notepad as "Unicode" (UTF-16 with its mark) was refused with
    Python's codec words, and a record that could not be read was said on standard error only, where a CI job
    that reads standard output (as validate's) saw nothing. Records are read as rulesets are."""
    path, _ = started(tmp_path)
    text = path.read_text(encoding="utf-8")
    wide = tmp_path / "wide.json"
    wide.write_bytes(text.encode("utf-16"))
    result = CliRunner().invoke(main, ["replay", str(wide)])
    assert result.exit_code == 0 and "actions replayed" in result.stdout, result.output
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x00\x97\xff" * 20)
    result = CliRunner().invoke(main, ["replay", str(binary)])
    assert result.exit_code == 1
    assert result.stdout == f"{binary}:1:2: error: not a text file (binary data)\n", result.output  # 0x97
    assert "codec" not in result.output


@pytest.mark.parametrize("field, written", [("actions", "Actions"), ("result", "results"), ("options", "option")])
def test_a_field_of_the_records_own_misspelt_is_refused_not_read_as_missing(tmp_path, field, written):
    """A records audit: `"Actions"` replayed no action and said the game was not over, exit 0; `"results"` (a
    wrong score) was never checked; `"option"` played the defaults. Each is refused, naming the field meant,
    where the record lacks it; a field of another name is kept as before."""
    path, record = started(tmp_path)
    record.setdefault("options", {"most_cards_bonus": 7})
    record.setdefault("result", {"scores": [0, 0], "winner": 0})
    record[written] = record.pop(field)
    record["note"] = "a field of my own"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1, result.output
    assert f'error: unknown field "{written}": did you mean "{field}"?' in result.output
    with pytest.raises(records.RecordError, match="did you mean"):
        records.read(path)
    record[field] = record.pop(written)
    path.write_text(json.dumps(record), encoding="utf-8")
    assert "did you mean" not in CliRunner().invoke(main, ["replay", str(path)]).output


def test_a_bare_card_in_a_record_is_refused_with_the_move_it_makes():
    """A records audit: `9C` for `play 9C` was refused as '9C is not a legal move: you may play 9C, play KC',
    which names the card it refused. A record (and the API) takes the action text; it says which move is meant."""
    from interpreter import IllegalAction

    st = load("hokm").new_state(seed=3)
    while not st.legal_actions()[0].startswith("play"):
        st.apply(st.legal_actions()[0])
    card = st.legal_actions()[0].split()[1]
    with pytest.raises(IllegalAction) as refused:
        st.apply(card)
    assert refused.value.reason.endswith(f"(did you mean play {card}?)"), refused.value.reason


def test_a_result_that_differs_is_said_in_the_records_own_words():
    """A records audit: `the record's draw True differs from the replay's False`, `winner None`: Python's words
    for what the record writes as JSON (true, null)."""
    from types import SimpleNamespace

    won = SimpleNamespace(over=True, scores=[7, 3], rounds=[], winner=0, draw=False)
    assert records.result_mismatch({"draw": True}, won) == "the record's draw true differs from the replay's false"
    assert records.result_mismatch({"winner": None}, won) == "the record's winner null differs from the replay's 0"


def test_a_record_is_written_again_with_its_permissions_and_a_read_only_one_is_not_replaced(tmp_path, monkeypatch):
    """A records audit: a record made read-only was replaced on resume (written anew beside it, then moved over
    it), and a record kept private came back readable by all. Its mode stays; a read-only one is not written."""
    path, _ = started(tmp_path)
    path.chmod(0o600)
    resumed = run("play", "--resume", path, input="1\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert path.stat().st_mode & 0o777 == 0o600
    before = path.read_bytes()
    writable = os.access
    monkeypatch.setattr(records.os, "access", lambda p, mode: False if Path(p) == path else writable(p, mode))
    st = load("pasur").new_state(seed=2)
    with pytest.raises(PermissionError, match="read-only"):
        records.Keeper(path, "pasur", {}).write(st)
    assert path.read_bytes() == before


def test_a_field_of_another_tools_near_a_short_field_name_is_kept(tmp_path):
    """A review: `"player"` lies near `"play"` (which a record written by the API has not), and was refused as a
    misspelling of it; another tool's fields near the short names (play, format) are kept as they are."""
    st = load("hokm").new_state(seed=3)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    path = tmp_path / "api.json"
    records.write(path, st, "hokm")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert "play" not in record
    record["player"] = "alice"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0 and "did you mean" not in result.output, result.output


def test_a_server_may_confine_records_to_their_own_rulesets(tmp_path, monkeypatch):
    """A record names its ruleset by any path, and a file that is no ruleset is quoted in its errors: a stranger's
    record naming `/proc/self/environ` or a secret beside the server printed it (a hostile-record audit). With
    CARDRULES_RECORDS_CONFINED set, a record may name only a bundled ruleset or a file in its own folder."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("players: ghp_TOKEN\n", encoding="utf-8")
    games = tmp_path / "games"
    games.mkdir()
    path, rec = started(games)
    assert rec["ruleset"] == "pasur"
    (games / "house.yaml").write_text("extends: pasur\nname: house\n", encoding="utf-8")
    monkeypatch.setenv("CARDRULES_RECORDS_CONFINED", "1")
    monkeypatch.chdir(tmp_path)
    assert run("replay", path).exit_code == 0  # a bundled ruleset
    for name, ok in ((str(secret), False), ("../secret.yaml", False), ("house.yaml", True), ("pasur.yaml", True)):
        path.write_text(json.dumps({**rec, "ruleset": name, "actions": [], "result": None}), encoding="utf-8")
        said = run("replay", path).output
        assert "ghp_TOKEN" not in said and ("lies outside the record's folder" not in said) == ok, said
    monkeypatch.setenv("CARDRULES_RECORDS_CONFINED", "0")
    path.write_text(json.dumps({**rec, "ruleset": str(secret), "actions": [], "result": None}), encoding="utf-8")
    assert "ghp_TOKEN" in run("replay", path).output  # (not set: any path, as CONTRACT.md has it)
    monkeypatch.setenv("CARDRULES_RECORDS_CONFINED", "1")  # one's own game, its ruleset elsewhere, resumed
    (tmp_path / "mine.yaml").write_text("extends: pasur\nname: mine\n", encoding="utf-8")
    run("play", tmp_path / "mine.yaml", "--bots", "random", "--record", games / "mine.json", input="1\nquit\n")
    resumed = run("play", "--resume", games / "mine.json", "--bots", "random", input="quit\n")
    assert "lies outside" not in resumed.output and "error" not in resumed.output, resumed.output


def _finished_record(name: str, seed: int) -> dict:
    st = load(name).new_state(seed=seed)
    while not st.over:
        st.apply_move(st.legal_moves()[0])
    return records.make(st)


def test_a_result_that_differs_where_the_record_keeps_no_fingerprint_may_be_a_rule_changed_since(tmp_path):
    """An old record replayed after a rule was mended in an upgrade (Scopa's last sweep) gave "the record's result
    scores [12, 5] differ from the replay's [14, 5]", which reads as a damaged record: where the record keeps no
    fingerprint of its rules, the refusal says that rules changed since may be why (an audit of old records)."""
    record = _finished_record("scopa", 2)
    record["result"]["scores"] = [s + 1 for s in record["result"]["scores"]]
    assert not (record.get("play") or {}).get(records.FINGERPRINT)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    said = run("replay", path)
    assert said.exit_code == 1 and "differ from the replay's" in said.output
    assert "keeps no fingerprint of the rules it was played under" in said.output, said.output
    record["play"] = {records.FINGERPRINT: records.fingerprint(load("scopa"))}
    path.write_text(json.dumps(record), encoding="utf-8")
    said = run("replay", path)
    assert said.exit_code == 1 and "differ from the replay's" in said.output and "fingerprint" not in said.output


def test_rounds_given_in_the_result_of_a_game_of_one_round_are_said_to_be_none_of_its():
    """A one-round Hokm game keeps no rounds (CONTRACT: `rounds` where more than one round is played); a record
    written by hand with `"rounds": [1, 0]` was refused as differing from the replay's [0, 0], read as a wrong
    count (an input audit, 2026-12-07). The refusal says a game of one round keeps none; two rounds still check."""
    record = _finished_record("hokm", 1)
    assert "rounds" not in record["result"]
    record["result"]["rounds"] = [1, 0] if record["result"]["winner"] == 0 else [0, 1]
    with pytest.raises(records.RecordError) as said:
        records.replay(record)
    rounds = record["result"]["rounds"]
    assert str(said.value) == f"record:1:1: error: the record's result rounds {json.dumps(rounds)} differ from the" \
                              " replay's [0, 0]: a game of one round counts no rounds won, and its record leaves" \
                              " 'rounds' out"
    two = _finished_record("hokm-rounds-2", 1)
    two["result"]["rounds"] = two["result"]["rounds"][::-1]
    with pytest.raises(records.RecordError, match="differ from the replay's"):
        records.replay(two)


def test_a_game_kept_at_the_table_before_fingerprints_resumes_with_a_warning(tmp_path):
    """A game an older cardrules kept at the table holds no fingerprint of its rules, so a rule mended since goes
    unseen (an audit replayed an old game as another, exit 0): resumed, it says so once (the record then holds
    the fingerprint, and says nothing the next time). `replay` ignores `play` but for a fingerprint kept there."""
    path = tmp_path / "game.json"
    assert run("play", "hokm", "--seed", 3, "--bots", "random", "--record", path, input="quit\n").exit_code == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    del record["play"][records.FINGERPRINT]
    path.write_text(json.dumps(record), encoding="utf-8")
    first = run("play", "--resume", path, input="quit\n")
    assert first.exit_code == 0 and "keeps no fingerprint of the rules it was played under" in first.output
    again = run("play", "--resume", path, input="quit\n")
    assert again.exit_code == 0 and "fingerprint" not in again.output


def test_a_ruleset_gone_from_its_path_under_a_bundled_name_is_named_for_the_record(tmp_path):
    """Scopa's file lay in another folder before it was bundled: an old record names it there, and `replay`, which
    takes no ruleset FILE, said only to name its new place with `play --resume`. Where the name is a bundled
    ruleset's, the error says how the record may name it; a name no bundled ruleset has gets no such advice."""
    record = {"format": "cardrules-record/1", "ruleset": "tests/other_games/scopa.yaml", "seed": 1, "actions": []}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    said = run("replay", path).output
    assert "no ruleset file or bundled ruleset named 'tests/other_games/scopa.yaml'" in said
    assert 'name it in the record: "ruleset": "scopa"' in said, said
    record["ruleset"] = "scopa"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert run("replay", path).exit_code == 0
    record["ruleset"] = "elsewhere/not-a-game.yaml"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert "name it in the record" not in run("replay", path).output


def test_a_record_built_in_code_with_numpys_whole_numbers_replays():
    """An API audit: a record whose seats and seed came from numpy (`np.int64`) was refused as "'seat' must be a
    whole number", though `new_state(seed=np.int64(1))` takes such a seed; a result quoted in a message could not
    have been written as JSON. They are whole numbers."""
    np = pytest.importorskip("numpy")
    st = load("hokm").new_state(seed=1)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    rec = records.make(st, "hokm")
    rec["seed"] = np.int64(1)
    rec["actions"] = [{"seat": np.int64(a["seat"]), "action": a["action"]} for a in rec["actions"]]
    assert records.replay(rec).log == st.log
    with pytest.raises(records.RecordError, match=r"'result' must be an object"):
        records.replay({**rec, "result": np.int64(3)})
    with pytest.raises(records.ReplayFailure, match="seat 7"):  # the refusal quotes the seat as written
        records.replay({**rec, "actions": [{"seat": np.int64(7), "action": "trump S"}]})
    deep = {**rec, "kept by another tool": json.loads("[" * 500 + "]" * 500)}  # fields of other names: as they are
    assert records.replay(deep).log == st.log
