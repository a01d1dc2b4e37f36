"""`cardrules coverage`: what fired in bot games, and warnings, located, for what never did."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cli import main
from interpreter import load
from tests.conftest import RULESETS


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_capture_rule_that_can_never_fire_is_a_located_warning(tmp_path):
    base = tmp_path / "pasur.yaml"
    base.write_text((RULESETS / "pasur.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: pasur.yaml\nname: house\nhand:\n  - name: play\n    play:\n      captures:\n"
                     "        - {name: fourteen, card: rank > 13, take: one, from: true}\n", encoding="utf-8")
    # (`rank == 14` is refused at load: no card of the deck has rank 14; `> 13` is left to coverage to find)
    result = run("coverage", house, "-n", "5", "--strict")
    assert result.exit_code == 1
    lines = [x for x in result.output.splitlines() if "warning:" in x]
    assert any(x.startswith(f"{house}:7:11: warning: capture rule 'play: fourteen' never fired") for x in lines), lines
    assert not any("'play: eleven'" in x or "'play: jack'" in x for x in lines)


def test_pasur_fires_every_capture_rule_and_row_but_the_bonus_that_is_off():
    out = json.loads(run("coverage", "pasur", "-n", "20", "--json").output)
    fired = {(it["kind"], it["name"]): it["fired"] for it in out["items"]}
    assert all(fired["capture rule", f"play: {r}"] > 0 for r in ("eleven", "pair", "jack"))
    assert fired["scoring row", "surs"] > 0 and fired["scoring row", "most cards"] == 0
    assert fired["option", "most_cards_bonus"] == 0  # off (0): the row that reads it never scores
    assert fired["option", "target"] == out["hands"]  # read by the game's end, once a hand
    assert any("'most cards' never scored" in w for w in out["warnings"])  # CONTRACT.md: every part that never
    assert any("option 'most_cards_bonus' never fired" in w for w in out["warnings"])  # fired is a warning
    assert out["notes"] == []
    assert out["games"] == 20 and out["hands"] > 20


def test_a_part_the_options_turn_off_says_so():
    """A step whose `when`, a row whose points, the options in force make false or 0 never fires: its warning
    says why (a `when` that ands a state test with an option that is off, too); where a house rule turns it on,
    it does not."""
    def details(name):
        out = json.loads(run("coverage", name, "-n", "3", "--json").output)
        return {(it["kind"], it["name"]): it["detail"] for it in out["items"]}

    hokm, void_redeal, hearts = details("hokm"), details("hokm-void-redeal"), details("hearts")
    draw = details("hokm-draw-hakem")
    assert hokm["step", "void"].endswith("; off with these options")
    # `hakem < 0 and option.first_hakem == "draw"`: false whatever the state reads, with the ace rule in force
    assert hokm["step", "high card"].endswith("; off with these options")
    assert not draw["step", "high card"].endswith("; off with these options")
    assert not hokm["step", "first ace"].endswith("; off with these options")
    assert not void_redeal["step", "void"].endswith("; off with these options")
    assert not hokm["step", "tricks"].endswith("; off with these options")
    # an option read only by steps that are off is off, as cli.md says (a lab audit: its warning did not say so)
    assert hokm["option", "void_redeal"] == "= false; read by step 'void'; off with these options"
    assert void_redeal["option", "void_redeal"] == "= true; read by step 'void'"
    assert hearts["scoring row", "jack of diamonds"].endswith("; off with these options")
    pasur, bonus = details("pasur"), details("pasur-most-cards")  # `if …cards… then option.bonus else 0`, at 0
    assert pasur["scoring row", "most cards"].endswith("; off with these options")
    assert pasur["option", "most_cards_bonus"].endswith("read by scoring row 'most cards' (0 with these options)")
    assert not bonus["scoring row", "most cards"].endswith("; off with these options")
    assert bonus["option", "most_cards_bonus"].endswith("read by scoring row 'most cards'")
    assert not hearts["scoring row", "hearts and the queen"].endswith("; off with these options")


def test_a_row_written_as_0_is_not_said_to_be_off_with_the_options(tmp_path):
    """A row whose points are 0 as written reads no option: no setting makes it score, and coverage said it was
    "off with these options", as of a row an option turns off (a ruleset author's audit). It says so, and
    warns of it as of any row that never scores."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: hearts\nname: house\nscoring:\n  - {name: nothing, points: 0}\n", encoding="utf-8")
    out = json.loads(run("coverage", house, "-n", "2", "--json").output)
    item = next(it for it in out["items"] if it["name"] == "nothing")
    assert item["detail"].endswith("; its points are 0 whatever the options"), item
    assert "off with these options" not in item["detail"]
    assert any("scoring row 'nothing' never scored" in w for w in out["warnings"]), out["warnings"]


def test_a_warning_after_one_game_says_one_game():
    """"never ran in 1 games" (a ruleset author's audit)."""
    warned = [x for x in run("coverage", "hokm", "-n", "1").output.splitlines() if ": warning: " in x]
    assert warned and all(" in 1 game (" in x for x in warned), warned


def test_a_trump_that_never_gives_a_suit_is_warned_of(tmp_path):
    """Whist's trump read in the trick play from the turned card, which the dealer took up before it (a mistake
    of the first-game page no check caught): the game silently plays without trump. Coverage counts the tricks
    led with a trump in force, and warns at the `trump` line where none was; Whist itself has one at every lead."""
    late = tmp_path / "late.yaml"
    late.write_text("extends: whist\nname: late trump\nhand:\n  - name: tricks\n    play:\n"
                    "      trump: top(turned).suit\n", encoding="utf-8")
    out = json.loads(run("coverage", late, "-n", "2", "--json").output)
    item = next(it for it in out["items"] if it["kind"] == "trump" and it["name"] == "tricks: trump")
    led = int(item["detail"].split(" of ")[1].split()[0])
    assert led > 0 and item["fired"] == 0, item
    said = [w for w in out["warnings"] if "trump 'tricks: trump' never gave a suit" in w]
    assert len(said) == 1 and ":6:14: warning:" in said[0], out["warnings"]
    out = json.loads(run("coverage", "whist", "-n", "2", "--json").output)  # its trump a variable: not judged
    assert not [it for it in out["items"] if it["kind"] == "trump"] and not out["warnings"], out


def test_a_row_or_trump_an_option_turns_off_through_a_value_or_a_test_is_off(tmp_path):
    """A review: a row whose points read an option through a named value was said to be 0 "whatever the
    options" and warned of even with --allow-off; a trump an option makes no suit was warned of too. Both are
    off with these options: notes with --allow-off, and --strict passes."""
    (tmp_path / "bonus.yaml").write_text(
        "extends: whist\nname: bonus\noptions: {bonus: {default: 0, values: [0, 5], doc: a bonus}}\n"
        "values: {bonus_points: option.bonus}\nscoring: [{name: bonus row, points: bonus_points}]\n", encoding="utf-8")
    (tmp_path / "plain.yaml").write_text(
        "extends: whist\nname: plain\noptions: {trumps: {default: false, doc: trumps}}\nhand:\n  - name: tricks\n"
        "    play:\n      trump: \"if option.trumps then top(turned).suit else no_suit\"\n", encoding="utf-8")
    for name, part in (("bonus.yaml", "scoring row 'bonus row'"), ("plain.yaml", "trump 'tricks: trump'")):
        result = run("coverage", tmp_path / name, "-n", "1", "--allow-off", "--strict")
        assert result.exit_code == 0, result.output
        assert f"note: {part} is off with these options" in result.output, result.output


def test_choices_redeals_and_special_cards_are_counted():
    out = json.loads(run("coverage", "hokm-throw-in", "-n", "20", "--json").output)
    steps = {it["name"]: it for it in out["items"] if it["kind"] == "step"}
    assert "keep" in steps["throw in"]["detail"] and steps["thrown in"]["fired"] > 0
    out = json.loads(run("coverage", "ghahveh", "-n", "1", "--max-hands", "3", "--json").output)
    specials = {it["name"]: it["fired"] for it in out["items"] if it["kind"] == "special card"}
    assert specials["tricks: BJ"] > 0 and specials["tricks: RJ"] > 0


def test_deals_thrown_in_by_their_cards_are_counted_as_simulate_counts_them():
    """Pasur's P3 misdeals: coverage once always said 0 (it read the count under the zone's name)."""
    out = json.loads(run("coverage", "pasur", "-n", "100", "--seed", "1", "--json").output)
    deal = next(it for it in out["items"] if it["kind"] == "step" and it["name"] == "deal")
    redeals = json.loads(run("simulate", "pasur", "-n", "100", "--seed", "1", "--json").output)["redeals"]
    assert redeals > 0 and f", {redeals} misdeals," in deal["detail"], (deal["detail"], redeals)


def test_deals_thrown_in_because_all_passed_are_counted_at_the_auction():
    """A rising auction's all-pass throw-ins went unsaid where a redeal step's are said (a new-game audit); here
    as many as simulate counts deals thrown in (Shelem for two has no other way to throw one in)."""
    args = ["shelem-2p", "-n", "1", "--seed", "2", "--bots", "greedy", "--max-hands", "6", "--json"]  # 5 thrown in
    out = json.loads(run("coverage", *args).output)
    bidding = next(it for it in out["items"] if it["kind"] == "step" and it["name"] == "bidding")
    redeals = json.loads(run("simulate", *args).output)["redeals"]
    assert redeals > 0 and f"threw the hand in {redeals} times (all passed)" in bidding["detail"], \
        (bidding["detail"], redeals)


def test_counting_leaves_the_shared_game_alone():
    game = load("hokm")
    starts = [step.start for step in game.steps]
    assert run("coverage", "hokm", "-n", "2").exit_code == 0
    assert [step.start for step in load("hokm").steps] == starts



def test_what_runs_before_the_first_decision_is_counted_too():
    """Pasur's first deal puts a jack dealt to the table under the stock (P3) before anyone acts: coverage
    listens from the first step, so it counts every game's replaced cards (it once missed the first hand's)."""
    from interpreter.bots import make_bots
    from interpreter.coverage import coverage

    game, kinds = load("pasur"), ["random", "random"]
    items, _ = coverage(game, 20, 0, kinds, 3)
    deal = next(it for it in items if it.kind == "step" and it.name == "deal")
    replaced = first = 0
    for s in range(20):
        st, bots = game.new_state(seed=s, listen=True), make_bots(kinds, s)
        first += sum(e["kind"] == "replaced" for e in st.events)
        while not st.over and len(st.hands) < 3:
            st.apply_move(bots[st.to_act].choose(st))
        scored = max(i for i, e in enumerate(st.events) if e["kind"] == "hand")  # not the 4th hand's deal
        replaced += sum(e["kind"] == "replaced" for e in st.events[:scored])
    assert first > 0 and f", {replaced} cards replaced" in deal.detail, (first, replaced, deal.detail)


def test_a_game_stopped_at_the_bound_on_hands_counts_no_step_of_the_hand_it_stops_in():
    """The bound stops a game once a hand is scored, after the next hand's deal and auction have begun:
    those steps never played out, and are not counted (they were, one of each a stopped game)."""
    for name, steps in (("hokm", ("dealer", "deal", "trump", "tricks")), ("shelem", ("deal", "bidding", "tricks"))):
        out = json.loads(run("coverage", name, "-n", "6", "--max-hands", "4", "--json").output)
        ran = {it["name"]: it["fired"] for it in out["items"] if it["kind"] == "step"}
        redeals = json.loads(run("simulate", name, "-n", "6", "--max-hands", "4", "--json").output)["redeals"]
        assert out["unfinished"] > 0 and redeals == 0, (out["unfinished"], redeals)
        assert [ran[s] for s in steps] == [out["hands"]] * len(steps), (name, ran, out["hands"])


def test_a_run_where_no_game_ended_says_so():
    lines = run("coverage", "shelem", "-n", "2", "--max-hands", "3").output.splitlines()
    assert lines[0].startswith("shelem: 2 games, 6 hands, bots random, 2 stopped at 3 hands (no game ended:"), lines[0]
    assert "no game ended" not in run("coverage", "pasur", "-n", "2").output


def test_coverage_stops_a_game_at_100_hands_unless_told():
    """Random bidders never end a Shelem game: at simulate's bound of 1,000 hands, the plain `coverage shelem`
    took over a minute (a user audit)."""
    out = run("coverage", "shelem", "-n", "1").output
    assert out.startswith("shelem: 1 game, 100 hands, bots random, 1 stopped at 100 hands"), out[:200]


def test_a_warning_at_a_line_of_the_base_says_so(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: pasur\nname: house\ngame: {target: 72}\n", encoding="utf-8")
    lines = [x for x in run("coverage", house, "-n", "2").output.splitlines() if "warning:" in x]
    target = next(x for x in lines if "option 'target' never fired" in x)
    assert target.endswith(f"(a line of a ruleset that {house} extends)"), target


def test_an_options_value_is_written_as_a_ruleset_writes_it():
    """`= false`, `= "none"`: not Python's False and 'none'."""
    from interpreter.coverage import coverage

    items, _ = coverage(load("hokm"), 1, 0, ["random"] * 4, 20)
    details = {it.name: it.detail for it in items if it.kind == "option"}
    assert details["bam"].startswith("= false;") and details["kot_at_six"].startswith('= "none";')


def test_an_option_read_by_a_named_special_entry_is_credited_to_it(tmp_path):
    """Entries are listed by their labels (a name, else the card): a named one reading an option was never
    found among the option's readers."""
    path = tmp_path / "spades-entry-option.yaml"
    path.write_text("extends: spades\nname: entry option\nhand:\n  - name: tricks\n    play:\n      special:\n"
                    "        - {name: ace rule, card: AS, allowed: option.minus_200 or not leading}\n",
                    encoding="utf-8")
    out = json.loads(run("coverage", str(path), "-n", "2", "--max-hands", "2", "--json").output)
    option = next(it for it in out["items"] if it["kind"] == "option" and it["name"] == "minus_200")
    assert "special card 'tricks: ace rule'" in option["detail"], option["detail"]


def test_a_special_entry_counts_the_plays_it_changed_not_every_play(tmp_path):
    """A special entry fires where it changes what the seat may play: one that allows every card it names
    always changes nothing and is warned of; Spades' X4 fires when a spade may not be led. It once counted
    every play of its cards, so an entry of every card (`cards: "true"`) fired on every play (a house-rule
    author's audit)."""
    path = tmp_path / "spades-idle-entry.yaml"
    path.write_text("extends: spades\nname: idle entry\nhand:\n  - name: tricks\n    play:\n      special:\n"
                    "        - {name: idle, cards: \"true\", allowed: \"true\"}\n", encoding="utf-8")
    result = run("coverage", str(path), "-n", "3", "--max-hands", "3", "--json")
    out = json.loads(result.output)
    entries = {it["name"]: it for it in out["items"] if it["kind"] == "special card"}
    assert entries["tricks: idle"]["fired"] == 0 and "played" in entries["tricks: idle"]["detail"]
    assert any("'tricks: idle'" in w for w in out["warnings"]), out["warnings"]
    assert 0 < entries["tricks: spades broken"]["fired"]


def test_each_collect_step_counts_its_own_collections(tmp_path):
    """Two collect steps from one zone: each was credited with both steps' collections (they were counted by
    the zone collected from, a fishing author's Escoba showed: 57 + 892 for both)."""
    from interpreter.coverage import coverage

    path = tmp_path / "two_collects.yaml"
    path.write_text("extends: pasur\nhand:\n  - name: odd hands\n    before: leftovers\n"
                    "    when: hand_number % 2 == 1\n    collect: {from: table, to: won, seat: dealer}\n",
                    encoding="utf-8")
    items, _ = coverage(load(path), 6, 0, ["random", "random"], 100)
    said = {it.name: it.detail for it in items if it.kind == "step" and it.name in ("odd hands", "leftovers")}
    counts = {name: [int(w) for w in detail.replace(",", "").split() if w.isdigit()] for name, detail in said.items()}
    odd, left = counts["odd hands"], counts["leftovers"]
    assert odd[1] <= odd[0] and left[1] <= left[0], said  # collected no more often than it ran
    assert odd[1] > 0 and left[1] > 0, said


def test_an_option_read_only_by_a_value_it_makes_0_never_fires(tmp_path):
    """Hokm's kot_at_six at "none" makes the value 'reset' a constant 0: the H16 rule is off, and the option was
    counted as firing once a hand all the same; where a house rule sets it to "reset", it fires; a value the
    options make another constant is the option in force, and fires."""
    from interpreter.coverage import coverage

    def option(name):
        items, totals = coverage(load(name), 2, 0, ["random"] * 4, 20)
        return next(it for it in items if it.kind == "option" and it.name == "kot_at_six"), totals["hands"]

    off, _ = option("hokm")
    assert off.fired == 0 and off.detail == '= "none"; read by value \'reset\' (0 with these options)'
    on, hands = option("hokm-kot-at-six-reset")  # a kot at six that resets: seldom, not every hand (a lab audit)
    assert on.fired < hands and on.detail.endswith("read by value 'reset'"), on.detail
    path = tmp_path / "hokm-bonus.yaml"
    path.write_text("extends: hokm\nname: hokm-bonus\noptions:\n  bonus: {default: 2}\n"
                    "values:\n  extra: option.bonus\n  odd: if hand_number % 2 == 1 then option.bonus else 0\n",
                    encoding="utf-8")
    items, totals = coverage(load(path), 1, 0, ["random"] * 4, 6)
    bonus = next(it for it in items if it.kind == "option" and it.name == "bonus")
    assert totals["hands"] == 6 and bonus.detail == "= 2; read by value 'extra', value 'odd'"
    assert bonus.fired == 6 + 3  # 'extra' every hand, 'odd' in every other


def test_a_limit_or_a_win_the_options_turn_off_at_the_games_end_never_fires(tmp_path):
    """Spades' hand_limit at 0 means no limit on the hands: read by the game's end (`max_hands`), it was counted
    as firing once a hand; set to a number by a house rule, it fires. X7's -200 rule (`win_if`) turned off by
    its option is off the same way; on, it is read at every hand's end."""
    from interpreter.coverage import coverage

    def option(path, name):
        items, totals = coverage(load(path), 2, 0, ["random"] * 4, 20)
        return next(it for it in items if it.kind == "option" and it.name == name), totals["hands"]

    off, _ = option("spades", "hand_limit")
    assert off.fired == 0 and off.detail == "= 0; read by the game's end (max_hands: off with these options)"
    on, hands = option("spades", "minus_200")
    assert on.fired == hands > 0 and on.detail == "= true; read by the game's end", on.detail
    off, _ = option("spades-no-minus-200", "minus_200")
    assert off.fired == 0 and off.detail == "= false; read by the game's end (win_if: off with these options)"
    path = tmp_path / "spades-50.yaml"
    path.write_text("extends: spades\nname: spades-50\noptions:\n  hand_limit: {default: 50}\n", encoding="utf-8")
    on, hands = option(path, "hand_limit")
    assert on.fired == hands > 0 and on.detail == "= 50; read by the game's end", on.detail


def test_an_option_read_by_a_live_key_of_the_games_end_fires_though_another_key_is_off(tmp_path):
    """hand_limit at 0 turns `max_hands` off, but a target that adds it reads it every hand: the game's end
    reads it, once a hand, and is not called off."""
    from interpreter.coverage import coverage

    path = tmp_path / "spades-target.yaml"
    path.write_text("extends: spades\nname: spades-target\ngame:\n  target: 500 + option.hand_limit\n",
                    encoding="utf-8")
    items, totals = coverage(load(path), 2, 0, ["random"] * 4, 20)
    on = next(it for it in items if it.kind == "option" and it.name == "hand_limit")
    assert on.fired == totals["hands"] > 0 and on.detail == "= 0; read by the game's end", on.detail


def test_a_step_whose_variable_only_steps_turned_off_set_says_so(tmp_path):
    """H14: Hokm's `bam` runs when `bam_call == "bam"`, which only `bam call` sets, and that is off without the
    bam option: the warning says why the step never ran. With the option on, or with the variable set after
    each hand too, it does not."""
    from interpreter.coverage import coverage

    def bam(path):
        items, _ = coverage(load(path), 2, 0, ["random"] * 4, 10)
        return next(it for it in items if it.kind == "step" and it.name == "bam")

    off = bam("hokm")
    assert off.fired == 0 and off.detail == (
        "ran 0 times; its condition reads bam_call, which only step 'bam call' sets, off with these options")
    assert "bam_call" not in bam("hokm-bam").detail
    path = tmp_path / "hokm-after.yaml"
    path.write_text('extends: hokm\nname: hokm-after\nvars:\n  bam_call: {type: word, per: game}\ngame:\n'
                    '  after_hand: {bam_call: \'"stop"\'}\n', encoding="utf-8")
    assert bam(path).detail == "ran 0 times"


def test_greedy_bidders_look_ahead_through_the_counting_copy_of_a_generated_trick_play():
    """Coverage counts on a copy of each step; a trick play generated at load was bound to the original, so the
    bidders' playouts on the copy never played a card and the game hung (Shelem with greedy bots)."""
    result = run("coverage", "shelem", "-n", "1", "--seed", "2", "--bots", "greedy", "--max-hands", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["hands"] == 2


def test_capture_effects_are_counted_and_one_that_never_acts_is_named():
    """Each `after_capture` effect is an item of its own: the base's sur acts in random Pasur games, and the
    house rule's cancelling sur too (a sur made while the other side holds one); an effect whose test never
    holds is warned of at its line."""
    from interpreter.coverage import coverage, warnings

    items, _ = coverage(load(RULESETS / "pasur-sur-cancels-at-once.yaml"), 30, 0, ["random", "random"], 100)
    acted = {it.name: it.fired for it in items if it.kind == "capture effect"}
    assert set(acted) == {"play: sur", "play: sur cancels", "play: sur cancelled"} and all(acted.values()), acted
    assert acted["play: sur cancels"] == acted["play: sur cancelled"] < acted["play: sur"]
    assert not [w for w in warnings(items, 30) if "capture effect" in w]


def test_a_capture_effect_that_never_acts_is_warned_of_at_its_line(tmp_path):
    from interpreter.coverage import coverage, warnings

    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {RULESETS / 'pasur.yaml'}\nhand:\n  - name: play\n    play:\n      after_capture:\n"
                    "        - {name: sweep of forty, add: surs, if: count(captured) > 40}\n", encoding="utf-8")
    items, _ = coverage(load(path), 5, 0, ["random", "random"], 100)
    warned = [w for w in warnings(items, 5) if "capture effect" in w]
    assert warned == [f"{path}:6:11: warning: capture effect 'play: sweep of forty' never fired in 5 games (acted 0"
                      " times)"], warned


def test_a_collect_that_runs_but_never_moves_a_card_is_warned_of(tmp_path):
    """Kings pair off in Pasur (P8), so a collect of the table's kings at the hand's end always finds none: it
    runs every hand and does nothing, which an author's audit found coverage silent about."""
    from interpreter.coverage import coverage, warnings

    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {RULESETS / 'pasur.yaml'}\nhand:\n  - name: kings left\n    before: leftovers\n"
                    "    collect: {from: table, cards: rank == K, to: won, seat: dealer}\n", encoding="utf-8")
    items, _ = coverage(load(path), 5, 0, ["random", "random"], 100)
    kings = next(it for it in items if it.name == "kings left")
    assert kings.fired == 0 and kings.detail.startswith("ran ") and "collected cards 0 times" in kings.detail
    warned = [w for w in warnings(items, 5) if "'kings left'" in w]
    assert len(warned) == 1 and "step 'kings left' never moved a card in 5 games" in warned[0], warned
    leftovers = next(it for it in items if it.name == "leftovers")
    assert leftovers.fired > 0


def test_a_win_if_that_ended_games_is_counted_beside_the_other_ends(tmp_path):
    """Spades' X7 (`win_if`: a side at -200 loses at once) ends games: coverage says how many, beside the games
    the target, the number of hands or max_hands ended, in the table and in --json."""
    out = json.loads(run("coverage", "spades", "-n", "4", "--json").output)
    win = next(it for it in out["items"] if it["kind"] == "game end")
    assert win["name"] == "win_if" and win["fired"] == out["ends"]["win_if"] > 0 and not win["off"]
    assert win["where"].endswith("spades.yaml:86:11")
    assert sum(out["ends"].values()) + out["unfinished"] == 4
    assert not any("win_if" in w for w in out["warnings"])
    text = run("coverage", "spades", "-n", "4").output
    assert f"{out['ends']['win_if']} by win_if" in text.splitlines()[0].partition("; ended: ")[2]
    assert "game ends:" in text and f"ended {win['fired']} of 4 games" in text
    assert json.loads(run("coverage", "oh-hell", "-n", "2", "--json").output)["ends"] == {"hands": 2}
    path = tmp_path / "whist-one.yaml"  # the target and max_hands both end a game: each told apart
    path.write_text("extends: whist\nname: whist-one\ngame:\n  max_hands: 1\n", encoding="utf-8")
    ends = json.loads(run("coverage", path, "-n", "6", "--json").output)["ends"]
    assert ends == {"target": 4, "max_hands": 2}


def test_a_win_if_that_could_end_a_game_and_never_did_is_a_warning_and_one_the_options_turn_off_a_note():
    """Hokm's bam (H14) wins at once by `win_if`; off (the default), its `win_if` reads a variable only the
    step the option turns off sets: a note. With the option on, random bots never take all 13 tricks: a
    warning, which --strict fails on."""
    out = json.loads(run("coverage", "hokm", "-n", "5", "--json", "--allow-off").output)
    assert any("game end 'win_if' is off with these options" in n for n in out["notes"])
    out = json.loads(run("coverage", "hokm", "-n", "5", "--json").output)  # without --allow-off: a warning
    assert any("game end 'win_if' never fired in 5 games" in w and "off with these options" in w
               for w in out["warnings"])
    result = run("coverage", "hokm-bam", "-n", "5", "--strict")
    assert result.exit_code == 1
    assert any(":134:11: warning: game end 'win_if' never fired in 5 games (ended 0 of 5 games (the rest: 5 by"
               " the target))" in x for x in result.output.splitlines()), result.output  # a count first (lab audit)


def test_with_allow_off_strict_fails_only_on_a_part_that_could_fire(tmp_path):
    """Parts the options in force switch off (a step whose `when` they make false, a row they make 0, an option
    all of whose readers are off, the capture rules of a step that is off) cannot fire: with --allow-off they are
    notes, and --strict passes over them; a part that could fire and never did still fails it. Without it they
    are warnings, as CONTRACT.md has every part that never fired, and --strict fails on them."""
    for name in ("hokm", "pasur", "shelem", "ghahveh", "whist"):
        result = run("coverage", name, "-n", "30", "--strict", "--allow-off")
        assert result.exit_code == 0, (name, [x for x in result.output.splitlines() if "warning:" in x])
    assert run("coverage", "pasur", "-n", "5", "--strict").exit_code == 1  # the most cards row is off
    result = run("coverage", "hokm", "-n", "30", "--allow-off")
    notes = [x for x in result.output.splitlines() if ": note: " in x]
    assert any(x.endswith("hokm.yaml:48:5: note: step 'high card' is off with these options (ran 0 times)")
               for x in notes), notes
    assert any("option 'bam' is off with these options (= false; read by step 'bam call')" in x for x in notes)
    assert not any("warning:" in x for x in result.output.splitlines())
    on = run("coverage", "hokm-draw-hakem", "-n", "3", "--allow-off")  # the draw on: 'first ace' off, 'high card' runs
    assert any("step 'first ace' is off with these options" in x for x in on.output.splitlines())
    assert not any("'high card'" in x for x in on.output.splitlines() if ": note: " in x or "warning:" in x)
    base = tmp_path / "pasur.yaml"  # a capture rule of a step the options turn off is off with it
    base.write_text((RULESETS / "pasur.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: pasur.yaml\nname: house\noptions:\n  never: {default: false}\nhand:\n  - name: extra\n"
                     "    when: option.never\n    play: {mode: capture, captures: [{name: any, card: 'true', take: one,"
                     " from: 'true'}]}\n", encoding="utf-8")
    result = run("coverage", house, "-n", "2", "--json", "--strict", "--allow-off")
    out = json.loads(result.output)
    rule = next(it for it in out["items"] if it["name"] == "extra: any")
    assert rule["off"] and rule["detail"] == "made 0 captures; its step off with these options"
    assert result.exit_code == 0 and not out["warnings"]
    assert len([n for n in out["notes"] if "'extra" in n or "'never'" in n]) == 3  # the step, its rule, the option


def test_coverage_strict_counts_the_rulesets_own_warnings(tmp_path):
    """A step misspelt in a variant is a warning as the ruleset loads (validate's): coverage said it on stderr, yet
    --json gave `"warnings": []` and --strict passed (an audit). It is the first of `warnings` now, and fails
    --strict, with --allow-off too."""
    house = tmp_path / "near.yaml"
    house.write_text("extends: hokm\nname: near name\nhand:\n  - name: trumpp\n    set: {trump: H}\n",
                     encoding="utf-8")
    result = run("coverage", house, "-n", "2", "--json", "--strict", "--allow-off")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["warnings"] == [f"{house}:4:11: warning: 'trumpp' is a new step, not the base's"
                                                     " 'trump': to change that step, spell its name as the base does"]


def test_a_swap_declaration_or_close_is_no_play_of_a_special_card():
    """A review: coverage took a close (move 3 << 12, & 63 = 0: A♠) or a declaration for a play of the card its
    low bits name, and counted it for Sixty-six's special entry (every card): only plays count."""
    from interpreter.coverage import Tally, _note_move

    st = load("sixty-six").new_state(seed=3, listen=True)
    other = [m for m in st.legal_moves() if m >> 12]
    assert other, st.legal_actions()
    tally = Tally()
    for move in other[:1]:
        _note_move(st, move, tally)
    assert not tally.specials and not tally.changed


def test_bots_that_pass_every_deal_out_stop_the_game_as_simulate_does(tmp_path):
    """A review: with the lowest bid at 150, simulate counts a game whose greedy bots pass out every deal as
    unfinished, where coverage said the ruleset's choices always lead to a throw-in. Both now say the same."""
    path = tmp_path / "min150.yaml"
    path.write_text("extends: shelem\nname: min150\nhand:\n  - name: bidding\n    auction: {min: 150}\n",
                    encoding="utf-8")
    result = run("coverage", path, "-n", "1", "--bots", "greedy")
    first = result.output.splitlines()[0]
    assert result.exit_code == 0 and "1 stopped where the bots passed the hand out 100 times in a row" in first
    assert json.loads(run("coverage", path, "-n", "1", "--bots", "greedy", "--json").output)["thrown_out"] == 1


def test_deals_the_bots_passed_out_until_the_game_stopped_are_counted(tmp_path):
    """Bids opening at 150: greedy bots pass every deal out and the game stops with no hand scored. Coverage
    said the deal and the auction never ran, warning of both, where 101 deals were dealt and bid on (a
    house-rule lab audit): the hand a game stops in is dropped at the bound on hands, not here."""
    house = tmp_path / "min150.yaml"
    house.write_text("extends: shelem\nname: min150\nhand:\n  - name: bidding\n    auction: {min: 150}\n",
                     encoding="utf-8")
    out = json.loads(run("coverage", house, "-n", "1", "--bots", "greedy", "--json").output)
    fired = {(it["kind"], it["name"]): it["fired"] for it in out["items"]}
    assert out["thrown_out"] == 1 and out["hands"] == 0
    assert fired["step", "deal"] == fired["step", "bidding"] == 101, fired
    assert not any("'bidding' never ran" in w or "'deal' never ran" in w for w in out["warnings"])


def test_coverage_plays_the_ruleset_with_the_options_given():
    """An author's audit: simulate and play took `--with`, coverage refused it ("No such option"), so seeing
    whether a house rule's part ever fires needed a file. With `--with kot_at_six=reset` the reset (H16) is an
    option in force, no longer off; a name no option has is a usage error naming the one meant."""
    plain = json.loads(run("coverage", "hokm", "-n", "3", "--json").stdout)
    reset = json.loads(run("coverage", "hokm", "-n", "3", "--json", "--with", "kot_at_six=reset").stdout)
    option = {it["name"]: it for it in plain["items"] if it["kind"] == "option"}["kot_at_six"]
    again = {it["name"]: it for it in reset["items"] if it["kind"] == "option"}["kot_at_six"]
    assert option["off"] and not again["off"], (option, again)
    assert plain["options"] == {} and reset["options"] == {"kot_at_six": "reset"}  # a review: JSON said none
    wrong = run("coverage", "hokm", "-n", "1", "--with", "kot_at_sx=reset")
    assert wrong.exit_code == 2 and "did you mean kot_at_six?" in wrong.output, wrong.output
