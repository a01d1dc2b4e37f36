"""Inputs that used to escape the error class (a RecursionError, an OverflowError, an OSError, a crash of
`play`) are located CardrulesErrors now; and the data files travel with the installed package."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from interpreter import CardrulesError, RecordError, RulesetError, bundled, load, records
from interpreter.data import bundled_dir, data_dir
from interpreter.errors import Where
from interpreter.expressions import INT, RuntimeProblem, Scope, Typed, TypeProblem, compile_expr
from interpreter.language import MAX_DEPTH, SyntaxProblem, parse
from interpreter.schema import schema_path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, input=None):
    return CliRunner().invoke(cli.main, [str(a) for a in args], input=input)


def play_randomly(game, seed=1, limit=3000):
    st = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if st.over:
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def variant(tmp_path, body: str, name="house.yaml") -> Path:
    path = tmp_path / name
    path.write_text("extends: pasur.yaml\nname: house\n" + body, encoding="utf-8")
    return path


# ---- the data travels with the package ------------------------------------------------------------

def test_the_data_is_found_through_the_package(monkeypatch):
    """As installed (not run from a checkout), the data folders are found through the package's mapping. Run
    from an unpacked source archive beside a plain (not editable) install, the tests import the checkout's own
    `interpreter` (pytest's `pythonpath`), which has no mapping to test: skipped there (a packager's audit)."""
    pytest.importorskip("interpreter.grammar", reason="the checkout's package, without the installed mapping")
    data_dir.cache_clear()
    monkeypatch.setattr("interpreter.data._checkout", lambda: None)
    try:
        assert (data_dir("grammar") / "expr.lark").is_file()
        assert schema_path().is_file() and schema_path().parent == data_dir("grammar")
        assert {p.name for p in bundled()} == {p.name for p in (ROOT / "rulesets").glob("*.yaml")}
        assert bundled_dir() == data_dir("rulesets")
    finally:
        data_dir.cache_clear()


def test_a_missing_data_folder_is_an_internal_error(monkeypatch, tmp_path):
    data_dir.cache_clear()
    monkeypatch.setattr("interpreter.data._checkout", lambda: None)  # as installed, not run from a checkout
    monkeypatch.setattr("interpreter.data.resources.files", lambda name: tmp_path / "missing")
    try:
        with pytest.raises(RuntimeError, match="without its data folder 'grammar'"):
            data_dir("grammar")
    finally:
        data_dir.cache_clear()


def test_validate_names_our_own_failure_an_internal_error(monkeypatch):
    def broken(name):
        raise FileNotFoundError(2, "No such file or directory", "expr.lark")

    monkeypatch.setattr(cli, "load", broken)
    result = run("validate", "pasur")
    assert result.exit_code == 1
    assert "internal error" in result.output and "please report it" in result.output, result.output
    assert "cannot load" not in result.output and "pasur:1:1" not in result.output


# ---- expressions: depth, length, numbers ----------------------------------------------------------

DEEP = {
    "not": lambda k: "if " + "not " * k + "surs > 0 then 1 else 0",
    "minus": lambda k: "- " * k + "surs",
    "if": lambda k: "if surs > 9 then 1 else " * k + "surs",
    "brackets": lambda k: "(" * k + "surs" + ")" * k,
    "sum": lambda k: " + ".join(["surs"] * k),
    "product": lambda k: " * ".join(["surs"] * k),
}


def deepest(kind: str) -> int:
    """The largest k whose expression parses."""
    for k in range(50, MAX_DEPTH + 5):
        try:
            parse(DEEP[kind](k + 1))
        except SyntaxProblem:
            return k
    raise AssertionError(f"{DEEP[kind](MAX_DEPTH + 5)!r} parses: there is no depth limit")


@pytest.mark.parametrize("kind", DEEP)
def test_thousands_deep_is_a_located_syntax_problem(kind):
    text = DEEP[kind](3000 if kind != "sum" else 20000)
    with pytest.raises(SyntaxProblem) as e:
        parse(text)
    assert "too deeply" in e.value.message or "too long" in e.value.message
    assert e.value.line == 1 and 1 < e.value.col <= len(text)


@pytest.mark.parametrize("kind", DEEP)
def test_just_past_the_limit_is_refused_where_it_is_crossed(kind):
    k = deepest(kind)
    with pytest.raises(SyntaxProblem) as e:
        parse(DEEP[kind](k + 1))
    assert e.value.message.startswith("expression nested too deeply")
    assert e.value.col > 1


@pytest.mark.parametrize("kind", DEEP)
def test_the_deepest_expression_allowed_compiles_and_runs(kind, tmp_path):
    """At the limit the compiler and the closures stay well within Python's recursion limit."""
    expr = DEEP[kind](deepest(kind))
    game = load(variant(tmp_path, f'scoring:\n  - name: deep\n    points: "{expr}"\n'))
    st = play_randomly(game)
    assert st.hands


def test_filters_nest_at_most_three_deep():
    scope = Scope(names={"t": Typed("cards", lambda e, c: [1, 2, 3])})
    inner = "t"
    for _ in range(3):
        inner = f"t[count({inner}) > 0]"
    assert compile_expr(parse(f"count({inner})"), scope).fn(None, None) == 3
    with pytest.raises(TypeProblem, match="filters nested too deeply"):
        compile_expr(parse(f"count(t[count({inner}) > 0])"), scope)


@pytest.mark.parametrize("text", ["999999999 * 999999999", "999999999 * 999999 * 10 - 1 + 1",
                                  "-999999999 * 999999999", "(999999 * 999999) * 999999 + 0"])
def test_a_constant_product_beyond_the_limit_is_refused_at_load(text):
    with pytest.raises(TypeProblem, match="number too large"):
        compile_expr(parse(text), Scope())


def test_a_constant_product_within_the_limit_is_folded():
    t = compile_expr(parse("99999999 * 9999999 + 1"), Scope())
    assert t.const and t.fn(None, None) == 99999999 * 9999999 + 1


def test_a_product_beyond_the_limit_in_play_is_a_located_ruleset_error():
    scope = Scope(names={"x": Typed(INT, lambda e, c: e)})
    place = lambda line, col: Where("house.yaml", 7, 10 + col)  # noqa: E731 - what the compiler passes
    fn = compile_expr(parse("x * 999999999"), scope, place=place).fn
    assert fn(999999, None) == 999999 * 999999999
    with pytest.raises(RuntimeProblem) as e:
        fn(10**6 + 1, None)
    assert isinstance(e.value, RulesetError)
    assert e.value.problems[0][0] == Where("house.yaml", 7, 13)
    assert "number too large" in e.value.problems[0][1]


def test_a_product_beyond_the_limit_stops_the_game_with_a_ruleset_error(tmp_path):
    path = variant(tmp_path, 'scoring:\n  - name: big\n    points: "(hand_number + 9999999) * 999999999"\n')
    with pytest.raises(RuntimeProblem, match="number too large"):
        play_randomly(load(path))
    result = run("simulate", path, "-n", 2)
    assert result.exit_code == 1 and "number too large" in result.output, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output


def test_an_option_set_beyond_nine_digits_by_the_api_is_refused():
    with pytest.raises(RulesetError, match="option 'target': number too large"):
        load("pasur", options={"target": 10**26})


# ---- paths the system refuses ----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["p" * 300, "p" * 300 + ".yaml", "pa\0sur", "a/" * 3000 + "nosuch.yaml"])
def test_a_ruleset_name_the_system_refuses_is_not_found(name):
    with pytest.raises(RulesetError, match="no ruleset file or bundled ruleset named"):
        load(name)


@pytest.mark.parametrize("name", ["p" * 300, "pa\0sur"])
def test_a_record_naming_such_a_ruleset_is_refused(name, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"ruleset": name}), encoding="utf-8")
    with pytest.raises(CardrulesError):
        records.replay(records.read(path), path)
    result = run("replay", path)
    assert result.exit_code == 1 and "no ruleset file" in result.output, result.output


# ---- extends stays in the ruleset's folder ---------------------------------------------------------

@pytest.fixture
def folders(tmp_path):
    base = tmp_path / "shared" / "base.yaml"
    base.parent.mkdir()
    base.write_text("extends: pasur.yaml\nname: base\n", encoding="utf-8")
    mine = tmp_path / "mine"
    (mine / "sub").mkdir(parents=True)
    (mine / "sub" / "base.yaml").write_text("extends: pasur.yaml\nname: base\n", encoding="utf-8")
    return tmp_path, mine


@pytest.mark.parametrize("target", ["../shared/base.yaml", "ABSOLUTE"])
def test_extends_out_of_the_folder_is_refused(folders, target, monkeypatch):
    monkeypatch.delenv("CARDRULES_EXTENDS_ANYWHERE", raising=False)
    root, mine = folders
    target = str(root / "shared" / "base.yaml") if target == "ABSOLUTE" else target
    path = mine / "v.yaml"
    path.write_text(f"extends: {target}\nname: v\n", encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load(path)
    where, message = e.value.problems[0]
    assert (where.file, where.line, where.col) == (str(path), 1, 10)
    assert "outside this ruleset's folder" in message and "CARDRULES_EXTENDS_ANYWHERE=1" in message

    monkeypatch.setenv("CARDRULES_EXTENDS_ANYWHERE", "1")
    assert load(path).name == "v"


def test_extends_may_name_a_file_below_the_folder_or_a_bundled_ruleset(folders, monkeypatch):
    monkeypatch.delenv("CARDRULES_EXTENDS_ANYWHERE", raising=False)
    _, mine = folders
    (mine / "below.yaml").write_text("extends: sub/base.yaml\nname: below\n", encoding="utf-8")
    (mine / "bundled.yaml").write_text("extends: hokm\nname: bundled\n", encoding="utf-8")
    (mine / "bundled-path.yaml").write_text(f"extends: {bundled_dir() / 'hokm.yaml'}\nname: b\n", encoding="utf-8")
    assert load(mine / "below.yaml").name == "below"
    assert load(mine / "bundled.yaml").players == 4
    assert load(mine / "bundled-path.yaml").players == 4


def test_a_folder_part_never_falls_back_to_a_bundled_name(folders, monkeypatch):
    monkeypatch.delenv("CARDRULES_EXTENDS_ANYWHERE", raising=False)
    _, mine = folders
    (mine / "v.yaml").write_text("extends: other/pasur.yaml\nname: v\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="cannot find ruleset 'other/pasur.yaml' to extend"):
        load(mine / "v.yaml")


# ---- records --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def record(tmp_path_factory):
    st = play_randomly(load("pasur"), seed=4)
    assert st.over
    path = tmp_path_factory.mktemp("rec") / "game.json"
    records.write(path, st, "pasur")
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_record_with_a_byte_order_mark_is_read(record, tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode("utf-8"))
    st = records.replay(records.read(path), path)
    assert st.over and st.scores == record["result"]["scores"]
    result = run("replay", path)
    assert result.exit_code == 0, result.output


def _tamper(record, how):
    rec = json.loads(json.dumps(record))
    result = rec["result"]
    if how == "winner_float":
        result["winner"] = float(result["winner"])
    elif how == "winner_text":
        result["winner"] = str(result["winner"])
    elif how == "scores_float":
        result["scores"] = [float(x) for x in result["scores"]]
    elif how == "draw_number":
        result["draw"] = 0
    elif how == "seat_float":
        rec["actions"][0]["seat"] = 0.0
    elif how == "seed_float":
        rec["seed"] = 4.0
    return rec


@pytest.mark.parametrize("how", ["winner_float", "winner_text", "scores_float", "draw_number", "seat_float",
                                 "seed_float"])
def test_a_number_that_is_not_whole_is_refused(record, how, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_tamper(record, how)), encoding="utf-8")
    with pytest.raises(RecordError, match="whole number|true or false"):
        records.read(path)
    result = run("replay", path)
    assert result.exit_code == 1 and "internal error" not in result.output


def test_a_record_option_beyond_nine_digits_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"ruleset": "pasur", "options": {"most_cards_bonus": 10**26}}), encoding="utf-8")
    with pytest.raises(RecordError, match="number too large"):
        records.start(records.read(path), path)


# ---- typed input at play ------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["²", "①", "9" * 5000, "0" * 40 + "1"])
def test_play_refuses_numbers_it_cannot_read_and_goes_on(typed, tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "pasur", "--seed", 1, "--bots", "random", "--record", path, input=f"{typed}\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert "is not a legal move" in result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["actions"] and saved["actions"][0]["seat"] == 0  # the move after the refused one counted


@pytest.mark.parametrize("typed", ["٣", "۳"])
def test_play_reads_arabic_and_persian_digits_as_numbers(typed):
    """What a Persian keyboard types for 3 picks the third move, as 3 does."""
    as_ascii = run("play", "pasur", "--seed", 1, "--bots", "random", input="3\nquit\n").output
    result = run("play", "pasur", "--seed", 1, "--bots", "random", input=f"{typed}\nquit\n")
    assert result.exit_code == 0 and "is not a legal move" not in result.output
    assert result.output.split("your move>")[1].splitlines()[1] == as_ascii.split("your move>")[1].splitlines()[1]


def test_a_checkout_reads_its_own_data_whatever_is_installed(monkeypatch):
    """A second checkout run with the first one's environment (an editable install maps the data packages to
    the first) must still read its own rulesets and grammar, not the other's."""
    data_dir.cache_clear()
    monkeypatch.setattr("interpreter.data.resources.files", lambda name: Path("/elsewhere") / name)
    try:
        assert data_dir("rulesets") == ROOT / "rulesets" and data_dir("grammar") == ROOT / "grammar"
    finally:
        data_dir.cache_clear()


def hokm_with(tmp_path, body: str) -> Path:
    path = tmp_path / "large.yaml"
    path.write_text("extends: hokm\nname: large\n" + body, encoding="utf-8")
    return path


def test_hundreds_of_scoring_rows_load_and_add_up(tmp_path):
    """400 rows (a house's table of scores written out row by row) once nested too deep for the generated sum:
    an internal RecursionError. Each hand's points are still every row's sum."""
    rows = "".join(f"  - name: row{k}\n    points: 'if tricks == {k % 14} then {k % 3} else 0'\n" for k in range(400))
    game = load(hokm_with(tmp_path, "scoring:\n" + rows))
    st = play_randomly(game, seed=3)
    for hand in st.hands:
        for side in range(2):
            assert hand["points"][side] == sum(row[side] for row in hand["rows"].values())
    assert sum(hand["rows"][f"row{k}"][side] for hand in st.hands for k in range(400) for side in range(2)) > 0


def test_thousands_of_values_are_checked_in_a_time_that_grows_with_them(tmp_path, monkeypatch):
    """Each value's view of the values below it (not to be read) is said only when read: 1,500 values once
    read every later one's names for every value, over a million reads (5,000 values took minutes)."""
    import interpreter.rules as rules

    reads = []
    real = rules.names_read
    monkeypatch.setattr(rules, "names_read", lambda *a, **k: reads.append(1) or real(*a, **k))
    values = "".join(f"  v{k}: 'tricks + {k}'\n" for k in range(1500))
    load(hokm_with(tmp_path, "values:\n" + values))
    assert len(reads) < 10 * 1500


def test_a_value_reading_one_below_it_is_still_told_so(tmp_path):
    path = hokm_with(tmp_path, "values:\n  a: 'b + 1'\n  b: 'tricks'\n  c: 'c'\n  d: 'e'\n  e: 'd'\n")
    with pytest.raises(RulesetError) as err:
        load(path)
    said = str(err.value)
    assert "value 'b' comes below 'a'" in said
    assert "value 'c' is worked out from itself" in said
    assert "values 'd' and 'e' read each other" in said
