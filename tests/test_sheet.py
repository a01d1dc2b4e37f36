"""`cardrules rules`: a rules sheet for people, built from the compiled game, and the rulesets' `table:` data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.actions import VERBS
from interpreter.language import parse
from interpreter.sheet import Sheet
from interpreter.sheet import sheet as sheet_with_marks
from interpreter.steps import TrickPlay
from interpreter.unparse import with_options
from interpreter.words import WORDS
from tests.conftest import pasur_sweeping

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))


def sheet(game, lang: str = "en") -> str:
    """The rules sheet as read, without the isolates that hold a Persian sheet's code spans left to right."""
    return sheet_with_marks(game, lang).replace("\u2066", "").replace("\u2069", "")


def test_a_persian_sheet_holds_each_code_span_left_to_right():
    """`11 - played.rank` read backwards in a Persian sheet, and a line that begins with a code span was laid out
    from the left (a Persian reader's audit): each span is a left-to-right isolate."""
    text = sheet_with_marks(load("pasur"), "fa")
    assert "\u2066`11 - played.rank`\u2069" in text
    assert re.search("`[^`\u2069]*`(?!\u2069)", text) is None  # every span closed by its isolate's end
    assert "\u2066" not in sheet_with_marks(load("pasur"))  # English needs none


@pytest.mark.parametrize("name", BUNDLED)
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_no_python_shows_through(name, lang):
    text = sheet(load(name), lang)
    outside_code = re.sub(r"`[^`]*`", "", text)
    for python in ("True", "False", "None", "['", "']", "{'", " = "):
        assert python not in outside_code, f"{python!r} in {name}'s sheet"
    assert "\n\n\n" not in text


def test_the_rank_order_is_the_one_the_engine_plays(tmp_path):
    """A trick step without `order` plays ace high, and the sheet says so."""
    path = tmp_path / "plain.yaml"
    path.write_text("""name: plain
players: 2
zones: {hand: {owner: seat, visible: owner}, stock: {visible: none}, trick: {visible: all},
        won: {owner: seat, visible: all}}
hand:
  - name: deal
    deal: [{to: hand, count: 13}]
  - name: tricks
    play: {mode: trick}
scoring: [{name: cards, points: count(won)}]
game: {target: 100}
""", encoding="utf-8")
    game = load(path)
    step = next(s for s in game.steps if isinstance(s, TrickPlay))
    assert step.power[C.BY_NAME["AS"]] > step.power[C.BY_NAME["KS"]]
    assert "ranks low to high: 2 3 4 5 6 7 8 9 10 J Q K A" in sheet(game)


def test_the_rank_order_names_the_decks_ranks_and_a_top_card_keeps_its_rank_in_place(tmp_path):
    """A 40-card deck's order leaves out the ranks it lacks, and a jack above every suit (a bower) leaves
    the jacks' place in the order where it was (the sheet once said '8 9 10 2 4 …' and '… A J')."""
    from tests.test_trick_draw import BRISCOLA

    path = tmp_path / "forty.yaml"
    path.write_text(BRISCOLA.replace("FOLLOW", "false").replace("      draw:", "      top: [JS]\n      draw:"),
                    encoding="utf-8")
    text = sheet(load(path))
    assert "ranks low to high: 2 4 5 6 7 J Q K 3 A" in text, text
    assert "above every suit, low to high: J♠" in text


def test_the_sheet_says_each_step_with_its_rule_ids_and_expressions_in_code():
    text = sheet(load("hokm"))
    assert "1. **first ace** — cards are dealt face up from seat 0; the first player dealt an ace is hakem (H2)" in text
    assert "only when `hakem < 0`" in text  # and option.first_hakem == "ace", which holds
    assert "- **hand points** — 1 hand point to the side with 7 tricks" in text
    assert "(H12, H13): `if tricks < 7" in text
    assert "- **throw in**: off — when on: the hakem may throw in a first five with nothing above a 10 (H7)" in text
    assert "- **rounds**: 1 (may be 1, 2 or 3)" in text
    assert "`hakem` chooses: `keep` / `redeal`" in text


def test_several_sets_always_allowed_are_said_without_a_condition(tmp_path):
    """Basra's numeral takes several sets at once, always (`several: true`): the sheet said "several sets at once
    when `true`"; a condition is said only where there is one."""
    assert "(several sets may be taken at once)" in sheet(load("basra"))
    assert "when `true`" not in sheet(load("basra"))
    assert "(چند گروه را می‌توان با هم برداشت)" in sheet(load("basra"), "fa")
    path = tmp_path / "house.yaml"
    path.write_text("extends: basra\nname: house\nhand:\n  - name: play\n    play:\n      captures:\n"
                    "        - {name: numeral, several: count(table) > 4}\n", encoding="utf-8")
    assert "(several sets at once when `count(table) > 4`)" in sheet(load(path))


def test_special_cards_are_said_in_words():
    text = sheet(load("ghahveh"))
    assert "above every suit, low to high: BJ RJ" in text
    assert "`BJ` may be played at any time, even when one could follow suit; `BJ` must be played when" \
           " `trick_number >= 10`" in text
    assert "`RJ` may be played even when one could follow suit, but only when `has(played_cards, BJ)`" in text
    assert "(G6, G7)" in text
    assert "less 2♥ and 2♦" in text.replace("2♦ and 2♥", "2♥ and 2♦") and "plus BJ RJ" in text


def test_a_variants_sheet_shows_its_settings(tmp_path):
    text = sheet(load("pasur-105"))
    assert "- **target**: 105 (may be 62 or 105)" in text
    assert "`option.target` (= 105)" in text
    assert text.startswith("# Pasur to 105")
    path = tmp_path / "pasur-to-90.yaml"  # a variant without names of its own: its base's, and its file's name
    path.write_text("extends: pasur\nname: pasur-to-90\noptions: {target: {default: 90, values: [62, 90]}}\n",
                    encoding="utf-8")
    assert sheet(load(path)).startswith("# Pasur (pasur-to-90)")
    assert sheet(load(path), "fa").startswith("# پاسور (pasur-to-90)")


def test_the_persian_sheet_translates_headings_and_names():
    text = sheet(load("shelem"), "fa")
    for heading in ("## بازیکنان و کارت‌ها", "## گزینه‌ها", "## جای کارت‌ها", "## یک دور، گام به گام", "## بازی"):
        assert heading in text
    assert "**کارت‌های دست**" in text and "**حاکم**" in text
    assert "Players" not in text and "step by step" not in text


# ---- the `table:` section names only what the ruleset has ------------------------------------------------

@pytest.mark.parametrize("name", BUNDLED)
def test_table_sections_name_things_the_ruleset_has(name):
    game = load(name)
    spec = game.tree.get("table", {})
    things = set(game.zones) | set(game.counters) | set(game.values) | set(game.vars)
    tables = set(game.tree.get("tables", {}))  # the sheet names a card table by its word too
    for key in spec.get("show", ()):
        assert key in things, f"{name}: show names '{key}', which the ruleset does not have"
    steps = {step.name for step in game.steps}
    for key in spec.get("announce", ()):
        assert key in game.values or key in steps, f"{name}: announce names '{key}', neither a value nor a step"
    verbs = {w for step in game.steps for m in getattr(step, "moves", getattr(step, "MOVES", ()))
             for w in step.text(m).split()}  # a choice's words, a draw's keep and burn
    known = things | set(C.SUITS) | set(WORDS["en"]) | {"description"} | verbs | set(game.options) | \
        {r.name for r in game.scoring} | steps | set(spec.get("notices", {}))  # a notice, as the table says it
    values = {str(v) for o in game.tree.get("options", {}).values() for v in o.get("values", ())}  # in the sheet
    plays = [step.get("play", {}) for step in game.tree.get("hand", ())]
    rules = {str(r.get("name")) for p in plays for key in ("captures", "after_lay", "declare") for r in p.get(key, ())}
    known |= values | rules | tables | {"no_suit"}  # the table names no suit where a suit variable holds it (no trump)
    moves = verbs | set(VERBS)  # a whole move by its action text (`bid 0`) starts with a verb
    for key in spec.get("words", {}):
        whole_move = len(key.split()) > 1 and key.split()[0] in moves
        assert key in known or whole_move, f"{name}: a word for '{key}', which is nothing the ruleset or the table has"


def test_the_persian_sheet_names_steps_by_their_persian_names():
    text = sheet(load("hokm"), "fa")
    assert "**آس اول**" in text and "**first ace**" not in text


def test_a_special_entry_for_the_cards_a_test_picks_reads_as_words(tmp_path):
    """Hearts' Y4-Y5 entry is 'a card where `suit == H` …'; a test that picks every card is 'a card'."""
    assert "- a card where `suit == H` may be played only when `trick_number > 1" in sheet(load("hearts"))
    assert "- کارتی با `suit == H` را فقط وقتی می‌توان بازی کرد که" in sheet(load("hearts"), "fa")
    variant = tmp_path / "every.yaml"
    variant.write_text("extends: hearts\nhand:\n  - name: tricks\n    play:\n      special:\n"
                       "        - {cards: \"true\", allowed: \"trick_number > 0\"}\n")
    assert "- a card may be played only when `trick_number > 0`" in sheet(load(variant))


def test_a_card_allowed_only_when_says_any_may_be_played_when_none_held_may(tmp_path):
    """Spades' X4: a player holding only spades leads one though none has been played; the engine lets any
    card be played when no card held is allowed, and the sheet says so (a reader of "may be played only
    when" alone would think such a hand could not lead; a house-rule author's audit)."""
    line = next(x for x in sheet(load("spades")).splitlines() if "may be played only when" in x)
    assert "(when no card held may be, any may that the other rules allow, such as following suit)" in line
    assert "(اگر هیچ‌یک از کارت‌های دست مجاز نباشد، هر کارتی را می‌توان بازی کرد که قاعده‌های دیگر روا بدانند،" \
           " مانند آوردن خال زمینه)" in sheet(load("spades"), "fa")


def test_the_persian_sheet_orders_the_jokers_and_sets_them_apart():
    """G2: RJ is the highest card, BJ the next: the Persian line says low to high, as the English does."""
    text = sheet(load("ghahveh"), "fa")
    assert "بالاتر از همه‌ی خال‌ها، از کوچک به بزرگ: ژوکر سیاه، ژوکر رنگی" in text
    assert "به‌اضافه‌ی ژوکر سیاه و ژوکر رنگی (۵۲)" in text and "none:" not in text


def test_the_sheet_says_a_step_names_the_dealer_where_one_does():
    """H4: Hokm's dealer is the seat before the hakem, set by a step: no 'first dealer is seat 3'."""
    assert "a step of the hand names the dealer" in sheet(load("hokm"))
    assert "the first dealer is seat 1" in sheet(load("pasur"))
    assert "the first dealer is seat 3" in sheet(load("euchre"))  # its step passes the deal on only if all pass


def test_a_trick_of_turns_names_its_players_in_words():
    """S17: Shelem for two plays a hand card each, then a pile top each: the leader, then the next seat."""
    text = sheet(load("shelem-2p"))
    assert "each trick: the leader from **hand**; the next seat from **hand**; the leader from the top of" in text


def test_totals_are_said_only_where_they_are_not_the_usual_sum():
    """Hokm's totals reset a score (H16): the sheet says how. hokm-3p takes them away (`totals: null`): its
    sheet says nothing of them."""
    assert "score becomes" in sheet(load("hokm"), "en")
    assert "score becomes" not in sheet(load("hokm-3p"), "en")


def test_a_packet_dealt_as_if_another_seat_dealt_says_so():
    """hokm-hakem-five-first deals its packets as if the hakem were the dealer (`dealer: hakem`)."""
    text = sheet(load("hokm-hakem-five-first"), "en")
    assert "5 to `hakem`'s **hand**" in text
    assert "5 to each player's **hand** but `hakem`'s, from the player after `hakem`" in text


def test_a_condition_these_options_turn_off_says_it_never_holds():
    """A rule an option switches off still shows as written, marked: Hokm's throw-in step (H7 off), its high-card
    draw for the first hakem (`hakem < 0 and option.first_hakem == "draw"`, the option second), Spades' -200 loss
    in spades-no-minus-200 (X7), Oh Hell's hook in oh-hell-no-hook (Z3)."""
    never = "(never, with these options)"
    hokm = sheet(load("hokm"), "en").splitlines()
    assert [line for line in hokm if never in line] == [line for line in hokm if "`option.throw_in" in line
                                                        or "`option.void_redeal`" in line or "`option.bam" in line
                                                        or 'first_hakem == "draw"' in line]
    assert sum("only when `hakem < 0`" in line and never not in line for line in hokm) == 1  # the ace's
    draw = sheet(load("hokm-draw-hakem"), "en").splitlines()
    assert sum("only when `hakem < 0`" in line and never not in line for line in draw) == 1  # the draw's
    assert any("only when" in line and 'first_hakem == "ace"' in line and never in line for line in draw)
    for base, variant, words in (("spades", "spades-no-minus-200", "wins at once"),
                                 ("oh-hell", "oh-hell-no-hook", "may not be made")):
        assert any(words in line and never not in line for line in sheet(load(base), "en").splitlines())
        assert any(words in line and never in line for line in sheet(load(variant), "en").splitlines())
    assert "(با این گزینه‌ها هرگز)" in sheet(load("hokm"), "fa")


def test_a_variant_whose_option_changes_a_rule_says_the_rule_in_its_own_words():
    """P14, P15: the base's sur words say "not in the last deal" and "never with a jack"."""
    assert "in the last deal too" in sheet(load("pasur-last-deal-sur"), "en")
    assert "never with a jack, queen or king" in sheet(load("pasur-numeric-sur"), "en")


def test_a_deal_whose_packets_each_name_whom_they_start_after_does_not_say_the_dealer():
    """hokm-hakem-five-first deals from the player after the hakem: its line once said both."""
    line = next(x for x in sheet(load("hokm-hakem-five-first"), "en").splitlines() if "but `hakem`'s" in x)
    assert "from the player after `hakem`" in line and "after the dealer" not in line, line
    assert any("starting with the player after the dealer" in x for x in sheet(load("hokm"), "en").splitlines())


def test_one_card_laid_down_is_said_in_the_singular(tmp_path):
    """A discard of one card said '1 cards' (a Whist-like exchange of the turned card, found by a new author)."""
    path = tmp_path / "one.yaml"
    path.write_text("extends: shelem\nhand:\n  - name: widow\n    exchange: {who: hakem, take: widow, into: hand,"
                    " discard: 1, to: discards, add: extra}\n", encoding="utf-8")
    en, fa = sheet(load(path)), sheet(load(path), "fa")
    assert "lays 1 card face down on **discards**" in en
    assert "lays 4 cards face down" in sheet(load("shelem"))
    assert "۱ کارت را به پشت" in fa and "۱ کارت کارت" not in fa


def test_a_choices_forbid_if_and_an_effects_amount_are_said_in_both_languages(tmp_path):
    game = pasur_sweeping(tmp_path, 'by: "count(captured)"')
    assert "after a capture, +`count(captured)` **swept**" in sheet(game)
    assert "**swept** +`count(captured)`" in sheet(game, "fa")
    trump = tmp_path / "t.yaml"
    trump.write_text("extends: hokm\nhand:\n  - name: trump\n    choose: {who: hakem, verb: trump, options: suits,"
                     " sets: trump, forbid_if: 'choice == S'}\n", encoding="utf-8")
    assert "an option (`choice`) may not be chosen when `choice == S`" in sheet(load(trump))
    assert "گزینه‌ای (`choice`) را که در آن `choice == S` برقرار باشد نمی‌توان انتخاب کرد" in sheet(load(trump), "fa")


def test_a_per_card_table_is_listed_with_the_cards():
    """Scopa's primiera table: each entry as written, and what a card not listed is worth."""
    line = "- Table **primiera**, a number for each card (a card not listed: 0): 7: 21, 6: 18, A: 16, 5: 15, 4: 14,"
    assert line in sheet(load("scopa"))
    assert "جدول **پریمیرا**، عددی برای هر کارت (کارتی که نیامده: ۰): 7: ۲۱" in sheet(load("scopa"), "fa")


def test_a_round_of_choices_a_hand_laid_down_and_a_seat_sitting_out_are_said_in_words():
    text = sheet(load("euchre"))
    assert ("each player in turn, from `next(dealer)`, chooses: order up (`order`) / `pass`; until"
            ' `call == "order"`, or all have chosen') in text
    assert "**maker** is the player whose choice ended the round (nobody, if none did)" in text
    assert "the **hand** of `maker + 2` is laid aside (**out of play**)" in text
    assert '`if maker_plays == "alone" then next(next(maker)) else -1` sits the tricks out' in text
    fa = sheet(load("euchre"), "fa")
    assert "هر بازیکن به نوبت، از `next(dealer)`، انتخاب می‌کند" in fa and "در دست‌ها بازی نمی‌کند" in fa


def test_a_rank_taken_from_every_suit_is_said_once():
    """Euchre plays 9 to A, Scopa without 8, 9 and 10: the sheet says the ranks, not 28 or 12 cards."""
    assert "- Deck: the standard 52 cards, less every 2, 3, 4, 5, 6, 7, 8 (24)." in sheet(load("euchre"))
    assert "- Deck: the standard 52 cards, less every 8, 9, 10 (40)." in sheet(load("scopa"))
    assert "- Deck: the standard 52 cards, less 2♣ (51)." in sheet(load("hokm-3p"))


def test_a_dealer_step_that_may_run_in_the_first_hand_names_the_dealer(tmp_path):
    """Only a step that passes the deal on with a redeal after it (all passed) leaves the first dealer to the
    table's rule; one with a `when` of another kind may set the first hand's dealer."""
    path = tmp_path / "hokm-when.yaml"
    path.write_text("extends: hokm\nname: hokm-when\nhand:\n  - name: dealer\n    when: hakem >= 0\n")
    assert "a step of the hand names the dealer" in sheet(load(path))


def test_the_deck_says_whole_ranks_removed_then_single_cards(tmp_path):
    """(A card removed twice is refused: tests/bad_rulesets/deck_remove_twice.yaml.)"""
    path = tmp_path / "nines.yaml"
    path.write_text("extends: euchre\nname: nines\ndeck:\n  remove: [2S, 3S, 4S, 5S, 6S, 7S, 8S, 2H, 3H, 4H, 5H,"
                    " 6H, 7H, 8H, 2D, 3D, 4D, 5D, 6D, 7D, 8D, 2C, 3C, 4C, 5C, 6C, 7C, 8C, 9S, 9H, 9D]\n")
    line = next(x for x in sheet(load(path)).splitlines() if x.startswith("- Deck"))
    assert line == "- Deck: the standard 52 cards, less every 2, 3, 4, 5, 6, 7, 8, 9♠, 9♥ and 9♦ (21)."  # 9♣ stays


def test_a_deck_of_some_ranks_is_every_suit_of_them(tmp_path):
    """`deck: ranks` keeps those ranks of every suit (a deck of some ranks listed its removed cards, 28 for Sixty-six's
    24); `remove` then acts on it, and the sheet says it as the removed ranks."""
    path = tmp_path / "nines.yaml"
    path.write_text("extends: sixty-six\nname: nines\ndeck:\n  ranks: [9, 10, J, Q, K, A]\n  remove: [9S]\n")
    game = load(path)
    assert C.names(game.deck) == [c for c in C.names(load("sixty-six").deck) if c != "9S"]
    line = next(x for x in sheet(game).splitlines() if x.startswith("- Deck"))
    assert line == "- Deck: the standard 52 cards, less every 2, 3, 4, 5, 6, 7, 8, 9♠ (23)."
    path.write_text("extends: sixty-six\nname: ranks alone\ndeck: {ranks: [9, 10, J, Q, K, A], remove: []}\n")
    assert load(path).deck == load("sixty-six").deck  # its 28 cards removed, one line


def test_a_capture_test_that_always_holds_goes_unsaid():
    """Scopa's rules take with any card and from any table card: the sheet said 'a card with `true`' and
    '… cards with `true`' (Persian review); Pasur's tests are said as written."""
    for lang, any_card in (("en", "any card takes"), ("fa", "هر کارتی،")):
        text = sheet(load("scopa"), lang)
        assert any_card in text and "`true`" not in text, lang
    assert "a card with `rank == J` takes all of the **table**'s cards with `not rank in (Q, K)`" in \
        sheet(load("pasur"), "en")


@pytest.mark.parametrize("name", ["euchre", "scopa"])
def test_the_persian_sheet_has_no_english_name(name):
    """The dealer a step sets (`**dealer** می‌شود`) and a value the table words name (Scopa's primiera sum)
    were left in English (Persian review)."""
    text = re.sub(r"`[^`]*`", "", sheet(load(name), "fa"))  # expressions stay as written
    assert not re.findall(r"\*\*[^*\n]*[A-Za-z]{2,}[^*\n]*\*\*", text)
    if name == "euchre":
        assert "**ورق‌دهنده** می‌شود" in text


def test_an_auctions_forbid_if_is_said_in_its_own_words(tmp_path):
    """A choice's forbid_if had words of its own (forbid_doc) and an auction's had not: the sheet printed the
    bare expression (a house-rule author's audit, Tarneeb's 'above every bid before it')."""
    path = tmp_path / "thirteen.yaml"
    path.write_text("extends: spades\nname: thirteen\nhand:\n  - name: bidding\n    auction:\n"
                    "      forbid_if: offer == 13\n      forbid_doc: {en: no one may bid all thirteen}\n",
                    encoding="utf-8")
    said = sheet(load(path), "en")
    assert "may not be made when `offer == 13` — no one may bid all thirteen" in said


def test_a_rule_shows_as_the_options_in_force_leave_it():
    """A test that reads only options decides its `if` and drops out of an `and`: Oh Hell deals and bids up to
    `hand_number` unless up_and_down (Z1), Hearts' moon shot scores as moon_shot says (Y7), Whist's rubber points
    (W8) without the branch for a game alone; a row or value the options make a constant shows as written with what
    it comes to (Hokm's reset with kot_at_six none, H14)."""
    oh_hell = sheet(load("oh-hell"), "en")
    assert "bids once, 0 to `hand_number`" in oh_hell
    assert "`if hand_number > 13 then 26 - hand_number else hand_number`" in sheet(load("oh-hell-up-and-down"), "en")
    assert "`if taken == 26 then -26 else if opp(taken) == 26 then 0 else taken`" in sheet(load("hearts-moon-self"))
    assert "`if taken == 26 then 0 else if opp(taken) == 26 then 26 else taken`" in sheet(load("hearts"))
    rubber = sheet(load("whist-rubber"), "en")
    assert ("a side scores `if side != round_winner then 0 else (if opp(score) == 0 then 3 else if opp(score) * 2 < "
            "option.target then 2 else 1) + (if rounds_won == 2 then 2 else 0)` for it") in rubber
    assert "a side scores `score` for it" in sheet(load("whist"), "en")
    assert '**reset**: `if option.kot_at_six == "reset" and kot == 1' in sheet(load("hokm"), "en")
    assert "score == 6 then 1 else 0` (= 0)" in sheet(load("hokm"), "en")
    assert "score == 6 then 1 else 0` (= 0)" not in sheet(load("hokm-kot-at-six-reset"), "en")
    assert "(= ۰)" in sheet(load("hokm"), "fa")


@pytest.mark.parametrize(("text", "shown"), [
    ("if option.on and x > 1 then a - b else -(c + d)", "-(c + d)"),
    ("if not option.on then (a + b) * c else d", "(a + b) * c"),
    ("x or option.on", "x"),
    ("not option.on", "true"),
    ("x and not option.on", "x"),
    ("(if option.on then 1 else a + b) * 2", "(a + b) * 2"),
    ("a - (if option.n == 3 then b - c else 0)", "a - (b - c)"),
    ("hand[x -> x.rank > rank and option.on] == 0", "hand[x -> false] == 0"),
    ("f(option.on or y, 'say \"so\"')", "f(y, 'say \"so\"')"),
    ("if option.n * 2 > 5 then a else b", "a"),
    ("option.n + x", "option.n + x"),  # a value stays as written
    ("if  x  then option.n else  y", "if  x  then option.n else  y"),  # nothing to fold: the text as written
    ("if option.kind in ('a', 'b') then 1 else 2", "2"),
    ("option.n == 3 and not option.on", "true"),  # both sides settled
    ("option.on or option.n > 5", "false"),
])
def test_with_options_folds_only_what_the_options_decide_and_keeps_the_meaning(text, shown):
    folded = with_options(text, {"on": False, "n": 3, "kind": "c"})
    assert folded == shown
    parse(folded)  # what it prints is an expression (raises if not)


def test_a_capture_rule_whose_several_is_an_option_alone_says_what_it_comes_to():
    """P12 (a review): Pasur's eleven said "(several sets at once when `option.multi_capture`)" with the option off
    and on alike; off, nothing is said of several sets; on, that several may be taken at once."""
    assert "several sets" not in sheet(load("pasur"), "en")
    assert "(several sets may be taken at once)" in sheet(load("pasur-multicapture"), "en")


@pytest.mark.parametrize("name, lang, heading", [
    ("hearts", "en", "## Scoring: each player, after each hand"),
    ("oh-hell", "fa", "## امتیاز هر بازیکن پس از هر دور"),
    ("hokm", "en", "## Scoring: each side, after each hand"),
    ("shelem", "fa", "## امتیاز هر طرف پس از هر دور"),
])
def test_the_scoring_heading_names_players_where_each_plays_alone(name, lang, heading):
    """The sheet said "Scoring: each side" under "Each player plays alone" (a ruleset author's audit)."""
    assert heading in sheet(load(name), lang).splitlines()


def test_a_stop_that_reads_nothing_of_a_sides_own_is_said_without_a_side(tmp_path):
    """`stop_when: empty(stock)` holds for every side alike: the sheet said "when a side has `empty(stock)`"
    (a German Whist author's audit). A stop that reads a side's counter still names a side."""
    half = tmp_path / "half.yaml"
    half.write_text("extends: briscola\nname: half\nhand:\n  - name: tricks\n    play:\n"
                    "      stop_when: empty(stock)\n", encoding="utf-8")
    assert "- play stops when `empty(stock)`" in sheet(load(half))
    assert "دست‌های این دور تمام می‌شود وقتی `empty(stock)`" in sheet(load(half), "fa")
    assert "- play stops when a side has `tricks >= 7`" in sheet(load("hokm"))


def test_a_deal_to_the_other_of_two_players_says_so():
    """Shelem for two: "4 to each of the others' pile 1" where there is one other (a Persian player's audit:
    «به هر یک از دیگران»); with more players, each of the others, as before."""
    assert "4 to the other player's **pile 1**" in sheet(load("shelem-2p"))
    assert "۴ کارت به حریف (**کپه ۱**)" in sheet(load("shelem-2p"), "fa")
    assert "to the other player's" not in sheet(load("whist"))


def test_a_led_joker_that_asks_for_no_suit_is_said_in_words():
    """ghahveh-joker-lead-free (G8 option): the sheet said the led joker asks for `no_suit`, a value of the
    language, not the rule (a rules lawyer's audit)."""
    text, fa = sheet(load("ghahveh-joker-lead-free")), sheet(load("ghahveh-joker-lead-free"), "fa")
    assert "- a card of no suit led asks for no suit: anything may follow it (as the options are set)" in text
    assert "no_suit" not in text
    assert "کارتِ بی‌خال اگر اول بیاید، هیچ خالی نمی‌خواهد" in fa
    # and Ghahveh's own: «(با این تنظیم گزینه‌ها)» after the sentence, not between the suit and «را» (a player)
    assert "کارتِ بی‌خال اگر اول بیاید، خال ♠ پیک را می‌خواهد (با این تنظیم گزینه‌ها)" in sheet(load("ghahveh"), "fa")
    assert "- **kap at six**: none" in sheet(load("hokm-kap"))  # the kap's own word, as its Persian has it


def test_a_trump_written_as_one_suit_is_said_as_players_name_it():
    """Ghahveh's spades, always trump, and the suit a led joker asks for: the sheet said `S` in a code span (a
    Persian player's audit: «حکم: `S`»); now the suit's sign and name. A trump read from a variable stays code."""
    text, fa = sheet(load("ghahveh")), sheet(load("ghahveh"), "fa")
    assert "- trump: ♠ spades; the highest trump wins, else the highest card of the suit led" in text
    assert "- a card of no suit led asks for ♠ spades" in text
    assert "حکم: ♠ پیک؛" in fa
    assert "- trump: `trump`; the highest trump wins" in sheet(load("hokm"))


def test_a_number_written_as_one_is_said_as_a_number():
    """Hokm's target and Shelem's bids, written as numbers, were code spans in Latin digits under Persian prose
    (`7`, `100` to `165`: a Persian player's audit); now numbers as the prose says them. An expression stays code."""
    assert "- A side that reaches 7 or more, alone on top, wins; a tie plays on." in sheet(load("hokm"))
    assert "طرفی که به ۷ یا بیشتر برسد" in sheet(load("hokm"), "fa")
    assert "bid 100 to 165 by 5, above the last bid" in sheet(load("shelem"))
    assert "از ۱۰۰ تا ۱۶۵ با گام ۵" in sheet(load("shelem"), "fa")
    assert "bids once, 0 to `hand_number`" in sheet(load("oh-hell"))


def test_a_persian_options_word_values_are_set_apart():
    """«کُت در ۶: هیچ (می‌تواند هیچ، می‌برد یا از نو باشد)» read the value «می‌برد» as a verb of the sentence (a
    Persian player's audit): the words an option takes are in «», as Persian sets apart a word quoted."""
    assert "(می‌تواند «هیچ»، «می‌برد» یا «از نو» باشد)" in sheet(load("hokm"), "fa")
    assert "(may be none, wins or reset)" in sheet(load("hokm"))


@pytest.mark.parametrize("stop, said", [
    ("score >= 6", "- play stops when a side has `score >= 6`"),  # a side's own score (a review)
    ("tricks(0) >= 7", "- play stops when `tricks(0) >= 7`"),  # seat 0's count: the same for every side
    ("empty(stock) and tricks >= 7", "- play stops when a side has `empty(stock) and tricks >= 7`"),
])
def test_a_stop_reads_a_sides_own_through_its_score_but_not_a_named_seats_count(tmp_path, stop, said):
    variant = tmp_path / "stop.yaml"
    variant.write_text(f"extends: hokm\nname: stop\nhand:\n  - name: tricks\n    play:\n      stop_when: \"{stop}\"\n",
                       encoding="utf-8")
    assert said in sheet(load(variant))


def test_a_trump_the_options_fix_to_one_suit_says_so(tmp_path):
    """A trump written as a test of an option, said as the suit it comes to, says that the options decide it (a
    review: it read as if always that suit)."""
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text("extends: whist\nname: fixed\noptions: {hearts: {default: false, doc: hearts trump}}\nhand:\n"
                     "  - name: tricks\n    play:\n      trump: \"if option.hearts then H else S\"\n", encoding="utf-8")
    assert "- trump: ♠ spades (as the options are set); the highest trump wins" in sheet(load(fixed))
    assert "- trump: ♠ spades; the highest trump wins" in sheet(load("ghahveh"))


def test_a_persian_capture_rule_keeps_its_two_tests_apart():
    """Pasur's eleven: «چند کارت با جمعِ … با …», two «با» in a row (a Persian player's audit): the test of the
    cards taken now follows the table, the set taken after a comma."""
    line = next(x for x in sheet(load("pasur"), "fa").splitlines() if "**یازده**" in x)
    assert "از کارت‌های **زمین** با `rank <= 10`، چند کارت با جمعِ `11 - played.rank` را برمی‌دارد" in line, line


@pytest.mark.parametrize("name, lang, said", [
    ("hokm", "en", "play passes to the right, counter-clockwise, seat to seat (0, 1, 2 …)"),
    ("spades", "en", "play passes to the next seat (0, 1, 2 …)"),  # no direction given: none said
    ("pasur", "en", "play passes to the next seat (0, 1, 2 …)"),  # two: either way
    ("shelem", "fa", "نوبت به سمت راست، خلاف جهت عقربه‌های ساعت، از صندلی به صندلی می‌چرخد"),
])
def test_the_sheet_says_which_way_play_passes(name, lang, said):
    """RULES.md's seating (play passes to the right) on the rules sheet, from the table's `direction`."""
    assert said in sheet(load(name), lang)


@pytest.mark.parametrize("name", ["hokm", "shelem", "ghahveh"])
def test_the_persian_sheet_names_the_trick_zone_by_its_own_label(name):
    """The zone `trick` is «زمین»; the table's word for a trick, «دست», named it on the sheet, beside the stock,
    «دسته», as if a hand of cards (a Persian player's audit). The tricks' counter keeps its own words."""
    text = sheet_with_marks(load(name), "fa")
    zones = text.split("## جای کارت‌ها", 1)[1].split("\n## ", 1)[0]
    assert "- **زمین**: مشترک؛ رو" in zones and "- **دست**:" not in zones, zones


def test_every_kind_of_step_has_its_words_in_the_sheet():
    """A new kind of step got an empty rules sheet, silently (a contributor's audit): now an error."""
    from interpreter.steps.base import Step

    def kinds(cls):
        return [cls] + [k for sub in cls.__subclasses__() for k in kinds(sub)]

    made = {type(step) for name in BUNDLED for step in load(name).steps}
    assert set(kinds(Step)) - {Step} <= made | {k for k in kinds(Step) if any(issubclass(m, k) for m in made)}

    class Unknown(Step):
        pass

    with pytest.raises(TypeError, match="no words for a Unknown step: give them in sheet.py"):
        Sheet(load("hokm"), "en").step_words(object.__new__(Unknown), {})


def test_a_trick_play_with_trump_no_suit_is_said_to_have_no_trump(tmp_path):
    """`trump: no_suit` read 'trump: `no_suit`; the highest trump wins' (a contributor's audit)."""
    (tmp_path / "plain.yaml").write_text("extends: hokm\nname: plain\nhand:\n  - name: tricks\n    play:\n"
                                         "      trump: no_suit\n", encoding="utf-8")
    text = sheet(load(tmp_path / "plain.yaml"))
    assert "the highest card of the suit led wins" in text and "`no_suit`; the highest trump wins" not in text


def test_a_conditional_left_in_a_then_branch_by_an_option_keeps_its_brackets():
    """`then (if option.x and tricks == 13 then 16 else tricks) else …` with the option folded lost its brackets,
    so the outer else read as the inner one's (a new-game author's audit); the text still means the same."""
    from interpreter.unparse import with_options

    text = "if a then (if option.x and b == 13 then 16 else b) else 0 - c"
    shown = with_options(text, {"x": True})
    assert shown == "if a then (if b == 13 then 16 else b) else 0 - c"
    assert parse(shown) == parse("if a then (if b == 13 then 16 else b) else 0 - c")
    assert with_options("if a then 1 else if option.x and b then 2 else 3", {"x": True}) == \
        "if a then 1 else if b then 2 else 3"  # an else chain reads as it is


def test_a_new_option_no_rule_reads_is_said_so_on_the_sheet(tmp_path):
    """An option a house rule adds, as validate's advice once said, but no rule reads: the sheet listed it as if
    it counted (a club organiser's audit); it says it changes nothing, as for a base's."""
    path = tmp_path / "club.yaml"
    path.write_text("extends: pasur\noptions:\n  sur_points: {default: 10}\n", encoding="utf-8")
    text = sheet_with_marks(load(path), "en")
    assert "**sur points**: 10 — read by no rule of this ruleset: setting it changes nothing" in text


def test_a_sides_pile_and_count_are_a_players_where_each_plays_alone():
    """An author's audit: in a game where each plays alone (Cassino, Pasur for two), the won pile and the sweeps
    were said to be "one for each side", a word for partners; there they are each player's. Hokm's are each
    side's."""
    alone, partners = sheet(load("pasur")), sheet(load("hokm"))
    assert "- **captured cards**: one for each player; face up" in alone
    assert "- **surs**: a count for each player" in alone
    assert "each side" not in alone.split("## A hand")[0]
    assert "- **won**: one for each side; face up" in partners and "- **tricks**: a count for each side" in partners


def test_a_pile_face_down_is_said_face_down(tmp_path):
    """A review: a side's pile nobody sees (`visible: none`) was said to be seen by its owner, and a seat's such pile
    "shared; face down". Each is one for each player (or side), face down, in both languages."""
    path = tmp_path / "fd.yaml"
    path.write_text("extends: hokm\nname: fd\nzones: {won: {visible: none}}\n", encoding="utf-8")
    assert "- **won**: one for each side; face down" in sheet(load(path))
    assert "یکی برای هر طرف؛ به پشت" in sheet(load(path), "fa")
    path.write_text("extends: pasur\nname: fd\nzones: {won: {visible: none}}\n", encoding="utf-8")
    assert "- **captured cards**: one for each player; face down" in sheet(load(path))
