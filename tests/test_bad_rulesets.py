"""Every mistake a user can make in a ruleset gets located lines from `cardrules validate`, never a traceback.

tests/bad_rulesets/ holds one file per mistake; CASES is the table of the line `validate` must print for
each: FILE:LINE:COL: error: MESSAGE, with FILE the path as passed on the command line (or, for a mistake
that lives in a file it extends, that file's path beside it). A case the engine gets wrong today is a
strict xfail whose reason says what it prints instead; its expected line is what it should print.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import RulesetError, load

ROOT = Path(__file__).resolve().parent.parent
BAD = Path(__file__).resolve().parent / "bad_rulesets"
LINE = re.compile(r"^.+:\d+:\d+: (error|warning): \S.*$")  # a warning beside the errors may tell why

PASUR_OPTIONS = "last_deal_sur, most_cards_bonus, multi_capture, sur_cards, target"
SCHEMA = json.loads((ROOT / "grammar" / "ruleset.schema.json").read_text(encoding="utf-8"))
TOP_KEYS = ", ".join(sorted(SCHEMA["properties"]))
STEP_KINDS = ", ".join(kind["required"][0] for kind in SCHEMA["$defs"]["step"]["oneOf"])
SCORING_NAMES = ("A, C, D, H, J, K, Q, S, dealer, hand, hand_number, last_capturer, last_trick_winner, "
                 "leading, led_suit, no_card, no_suit, played_cards, players, rounds_won, score, side, stock, surs, "
                 "table, trick_number, winning_seat, won")
FUNCTIONS = ("abs, count, each_seat, empty, groups, hand, has, holder, max, min, next, opp, plays, power, prev,"
             " rounds_won, score, side, sum, surs, top, won")
HOKM_VARS = "hakem, trump, throw, bam_call"
HOKM_STEPS = ("first ace, high card, dealer, deal, throw in, thrown in, trump, rest of the deal, void, tricks, "
              "bam call, bam")
SHELEM_ZONES = "hand, widow, stock, trick, won, discards"
NOT_ANNOUNCED = ("is not a value this ruleset announces, so the table never says it: said: goes only on a value table"
                 " announce: names, or a counter a capture adds one to")
SAID_EMPTY = ("(of another, with {who} where it goes, then of yours: fa: [\"{who} کُت کرد\", ما کُت کردیم])")
NOT_A_VERB = ("is not a verb of this ruleset's moves, so the move log never says it in the past: past: goes only on a"
              " verb its moves say")
CARD_HELP = "(ranks A 2-10 J Q K, suits S H D C, e.g. 10D; jokers BJ RJ)"
TOO_DEEP = "expression nested too deeply: more than 100 levels (a chain of + or * counts one per term)"
NO_BREAK = "holds a no-break space, U+00A0, which YAML does not read as a space: type an ordinary space there"
EMPTY_NAME = "is empty: give it a name, which the table and the rules sheet show"
AN_EXPRESSION = "an expression: a number, true or false, or a rule such as hand_number >= 3"
OUTSIDE = ("'extends' names a file outside this ruleset's folder: '{}' (name a bundled ruleset or a file beside "
           "this one, or set CARDRULES_EXTENDS_ANYWHERE=1)")


def case(name, loc, message, *, reported=None, changes="", xfail=None):
    """A row: validate `name`; expect `reported` (default: the same file) at LINE:COL with `message`, and
    at a base's line, what the variant changes (`changes`)."""
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param(name, reported or name, loc, message, changes, marks=marks, id=name.removesuffix(".yaml"))


CASES = [
    # ---- the file is not a YAML mapping -------------------------------------------------------------
    case("yaml_syntax.yaml", "5:17", "YAML syntax: mapping values are not allowed here (check the indentation of"
         " this line and the one above, or put a value that holds ': ' in quotes)"),
    case("tab_indent.yaml", "4:1", "YAML syntax: while scanning for the next token, found character '\\t' that"
         " cannot start any token (a tab: indent with spaces)"),
    case("yaml_quote_not_closed.yaml", "3:14", "YAML syntax: while scanning a quoted scalar, found unexpected end of"
         " stream (a quote opened here is never closed)"),  # where the quote opens, not the file's end
    case("yaml_list_indent.yaml", "6:4", "YAML syntax: while parsing a block collection, expected <block end>, but"
         " found '<block sequence start>' (check the indentation: a line here is not in line with the ones before"
         " it)"),
    case("yaml_list_not_closed.yaml", "8:8", "YAML syntax: while parsing a flow sequence, expected ',' or ']', but"
         " got ':' (inside the '[' opened at line 6, column 14: a ',' between items, or its closing ']', is"
         " missing)"),  # two lines before the one said
    case("yaml_merge_key.yaml", "16:7", "'<<' merge keys are not supported: to repeat a part of this file, name it"
         " with an anchor where it is written (&name) and repeat it whole, unchanged, with an alias (*name); to build"
         " on another ruleset, use extends"),  # an author's audit: "use extends" did not help within one file
    case("yaml_key_in_line_with_a_list.yaml", "7:3", "YAML syntax: while parsing a block collection, expected <block"
         " end>, but found '?' (the key 'game:' is out of line with the list above it: indent it under the first key"
         " of the item it belongs to, or begin it in line with the key that holds the list)"),
    case("two_documents.yaml", "3:1",
         "YAML syntax: expected a single document in the stream, but found another document"),
    case("duplicate_key.yaml", "4:1", "duplicate key 'players'"),
    case("seat_var_nobody_or_arithmetic.yaml", "10:11", "'cutter' is set to -1 (nobody) by one branch and worked"
         " out by seat arithmetic by another, where -1 would be the seat before 0: name that seat with prev() or"
         " next() (prev(dealer) for dealer - 1)"),
    case("announce_skip_reads_secret.yaml", "15:14", "table announce: step 'long trumps' is skipped by a test that"
         " reads 'trumps_held', which not every seat may see: saying it was skipped would tell them"),
    case("name_used_twice.yaml", "5:3", "'trump' names a variable already (at hokm.yaml:30): give the counter"
         " another name"),
    case("refill_a_number.yaml", "6:15", "'hand.play.refill' must be a list, not the number 4 (e.g. [{to: hand,"
         " count: 4}])"),  # the schema's example, where its description gives one
    case("counter_named_acted.yaml", "4:3", "'acted' is a name of the rules language: give the counter another name"),
    case("name_of_a_card.yaml", "5:3", "'AS' is a name of the rules language: give the variable another name"),
    case("name_of_the_language.yaml", "5:3", "'count' is a name of the rules language: give the variable another"
         " name"),
    case("after_capture_rule_typo.yaml", "8:47", "the capture rule is never 'jak' (its values: eleven, pair, jack)"),
    case("choose_forbid_if_typo.yaml", "7:86", "the choice is never 'kep' (its values: keep, redeal)"),
    case("after_capture_reads_hidden.yaml", "8:38", "after_capture by reads 'stock', which not every seat may see,"
         " and every seat sees the counter it raises"),
    # ---- a house-rule author's slips in expressions, each with the fix said ------------------------------
    case("expr_ampersand.yaml", "5:34", "unexpected character '&' (write 'and')"),
    case("expr_rank_as_a_word.yaml", "5:32", "unknown name 'Ace': write A for an ace"),
    case("expr_suit_as_a_word.yaml", "5:32", "unknown name 'spades': write S for ♠"),  # not "did you mean players"
    case("expr_persian_name.yaml", "7:14", "unexpected character 'س' (names in expressions are written in the letters"
         " a-z, digits and _: give it such a name, and its Persian one with fa:)"),
    case("values_read_each_other.yaml", "4:35", "values 'clubs' and 'bonus' read each other: a value may use only the"
         " values above it, so one of them must be worked out without the other"),  # not "move it up"
    case("special_reads_another_hand.yaml", "7:31", "special allowed reads 'hand', which the seat to act may not"
         " see: what it is offered would tell it"),  # its refusal would say the next seat holds a spade
    case("choose_forbid_if_reads_hidden.yaml", "6:79", "choose forbid_if reads 'hand', which the seat to act may not"
         " see: what it is offered would tell it"),
    case("capture_card_reads_played.yaml", "8:33", "in 'card:' the card under test is the played card: write card,"
         " rank, suit or value"),
    case("flow_comma_in_expression.yaml", "8:42", "unknown key 'K)' in 'hand.play.captures' item 4 (in {…} a comma"
         " ends a value: quote an expression that holds one, as \"rank in (Q, K)\"; allowed: after, before, card, doc,"
         " exclusive, from, most, name, remove, several, sum, take)"),
    case("capture_most_without_several.yaml", "8:111", "capture 'eleven': 'most' keeps the sets no other holds,"
         " which only several sets at once make: give 'several'"),
    case("capture_sum_unused.yaml", "8:77", "capture 'pairing' takes one: 'sum' is only for take: sum"),
    case("capture_some_several.yaml", "8:81", "capture 'jack' takes some: 'several' is only for take: sum (take:"
         " some offers every set of the cards 'from:' allows, unions of sets and all)"),
    case("capture_some_most.yaml", "8:81", "capture 'jack' takes some: 'most' is only for take: sum (with take:"
         " some the one set no other holds is every card 'from:' allows: write take: all)"),
    case("choose_forbid_if_type.yaml", "6:87", "cannot compare a suit with a number"),
    case("counter_set_from_hidden_cards.yaml", "9:20", "counter 'honours' is set from 'hand', which not every seat"
         " may see, and every seat sees the counters: set a variable instead (one per side if need be), which no"
         " seat is shown"),
    case("deck_value_rank_twice.yaml", "5:19", "'T' names the rank '10' names, which has its value already: give"
         " each rank once"),
    case("duplicate_step_name.yaml", "14:11",
         "step 'deal' is named twice (first at line 12): each step needs a name of its own"),
    case("duplicate_row_name.yaml", "19:11",
         "scoring row 'odd tricks' is named twice (first at line 17): each scoring row needs a name of its own"),
    case("duplicate_special_name.yaml", "20:18",
         "special entry 'hearts' is named twice (first at line 19): each special entry needs a name of its own"),
    case("duplicate_special_card.yaml", "20:18",  # unnamed: called by its card, as refusals and coverage call it
         "special entry 'QS' is named twice (first at line 19): each special entry needs a name of its own"),
    case("duplicate_capture_name.yaml", "8:18",
         "capture rule 'fives' is named twice in this list (first at line 7): each capture rule needs a name of its"
         " own"),
    case("variant_special_misspelt.yaml", "7:11", "no special entry named 'spades brokn' to change (did you mean"
         " 'spades broken'?); a new special entry needs one of: card, cards"),
    case("variant_capture_misspelt.yaml", "7:11", "no capture rule named 'eleveen' to change (did you mean"
         " 'eleven'?); a new capture rule needs card and take"),
    case("variant_duplicate_row_name.yaml", "5:11",
         "scoring row 'extra' is named twice in this list (first at line 3): each scoring row needs a name of its own"),
    case("top_level_list.yaml", "1:1", "a ruleset must be a mapping (name: ..., deck: ...)"),
    case("empty.yaml", "1:1", "empty ruleset: expected a mapping with 'name', 'deck', ..."),
    case("only_comments.yaml", "1:1", "empty ruleset: expected a mapping with 'name', 'deck', ..."),
    case("binary_junk.yaml", "1:1", "not a text file (binary data)"),
    case("nul_bytes.yaml", "3:19", "not a text file (unprintable characters)"),
    case("not_utf8.yaml", "3:20", "not UTF-8 text (byte 0xe0 here): save the file as UTF-8"),
    case("lone_surrogate.yaml", "3:7", "the text holds \\ud800, half of a character (a surrogate without its pair):"
         " write the character itself"),
    case("utf16_without_mark.yaml", "1:1", "UTF-16 text without the mark it begins with: save the file as UTF-8"),
    case("utf16_mark_before_utf8_text.yaml", "1:1", "not UTF-8 text: it begins with the byte order mark of UTF-16,"
         " little-endian (FF FE), yet what follows is not UTF-16 text: save the file as UTF-8"),  # was: not a mapping
    case("alias_bomb.yaml", "2:64", "document too large: more than 20000 values (an alias bomb?)"),
    case("recursive_alias.yaml", "3:8", "a YAML alias is inside the value it names"),
    case("deep_nesting.yaml", "3:79", "nested too deeply: more than 64 levels of lists and mappings"),
    case("yaml_tag.yaml", "3:8", "unknown YAML tag '!include': a ruleset is plain YAML, without tags of its own"),
    case("yaml_tag_on_key.yaml", "3:1", "unknown YAML tag '!=': a ruleset is plain YAML, without tags of its own"),
    case("yaml_octal_number.yaml", "4:11", "'010' is read by YAML as the octal number 8: write 8 for that, or 10"
         " without its leading 0"),  # read silently as 8, where --with reads 010 as 10 (a house-rule maintainer)
    case("yaml_python_tag.yaml", "3:7", "unknown YAML tag '!!python/object:os.system': a ruleset is plain YAML,"
         " without tags of its own"),  # passed over unsaid, where '!custom' was refused (a house-rule maintainer)
    case("yaml_tag_cannot_read.yaml", "2:10", "not a value: 'abc' cannot be read as !!timestamp"),
    case("yaml_tag_cannot_read_key.yaml", "3:1", "not a value: 'abc' cannot be read as !!int"),
    case("yaml_tag_empty.yaml", "2:10", "not a value: '' cannot be read as !!int"),
    # ---- extends ------------------------------------------------------------------------------------
    case("extends_cycle_a.yaml", "3:10", "cyclic 'extends': 'extends_cycle_a.yaml' extends this file again",
         reported="extends_cycle_b.yaml"),
    case("extends_cycle_b.yaml", "2:10", "cyclic 'extends': 'extends_cycle_b.yaml' extends this file again",
         reported="extends_cycle_a.yaml"),
    case("extends_self.yaml", "2:10", "cyclic 'extends': 'extends_self.yaml' extends this file again"),
    case("extends_missing.yaml", "1:10", "cannot find ruleset 'pasur-classic.yaml' to extend"),
    case("extends_misspelt.yaml", "2:10", "cannot find ruleset 'hokm.yml' to extend (did you mean hokm.yaml?)"),
    case("variant_step_without_a_name.yaml", "7:5", "this step has no name: a variant changes and adds steps by name"
         " (the base's: 'deal', 'bidding', 'tricks'), and unnamed ones would replace them all; name it: as the base's"
         " step it changes, or anew to add one (placed with after: or before:; {name: ..., remove: true} drops one"
         " of the base's)"),  # not what follows from the hand replaced whole: "missing key 'mode' in 'hand.play'"
    case("extends_beside_without_suffix.yaml", "2:10", "cannot find ruleset 'extends_self' to extend (did you mean"
         " extends_self.yaml?)"),  # a file beside is named with its .yaml: not as typed
    case("extends_not_a_name.yaml", "2:10", "'extends' takes the name or path of a ruleset"),
    case("extends_empty_name.yaml", "2:10", "'extends' names no ruleset: the name is empty (name a bundled ruleset or"
         " a file beside this one, or leave 'extends' out)"),  # was: "names '', a folder"
    case("choose_option_yes.yaml", "5:24", "this option reads as true (YAML takes yes, no, on and off for true and"
         " false): write the word in quotes, as \"yes\""),
    case("draw_with_pile_turns.yaml", "6:7",
         "'draw' fills the hand every turn plays from: it needs turns that all play from one hand"),
    case("swap_with_pile_turns.yaml", "6:7",
         "'swap' puts the card taken into the hand every turn plays from: it needs turns that all play from one hand"),
    case("swap_with_face_down.yaml", "6:41", "a swap takes the card it is given for face up, and zone 'stock' shows no"
         " card (visible: none): give it visible: all, or top"),
    case("swap_with_a_hand.yaml", "6:41", "zone 'won' is owned by seat; here it must be owned by none"),
    case("swap_reads_hidden.yaml", "6:20", "swap card reads 'stock', which the seat to act may not see: the swaps it"
         " is offered would tell it"),
    case("swap_with_the_trick.yaml", "6:34", "'trick' is the trick being played: a swap takes a card that lies apart"
         " from play (the turned card), not one played to the trick"),
    case("draw_when_reads_hidden.yaml", "6:53", "draw when reads 'stock', which not every seat may see: whether the"
         " cards are drawn would tell them"),
    case("declare_reads_hidden.yaml", "7:36", "declaration points read 'stock', which not every seat may see, and"
         " every seat sees the counter they go into"),
    case("declare_into_unknown.yaml", "7:34", "unknown counter 'marriage' (did you mean marriages?)"),
    case("declare_cards_read_state.yaml", "7:35", "a declaration's 'cards' picks its sets once, at load: it may read"
         " the card under test (rank, suit, value), not the game's state; put a test on the state in 'when'"),
    case("declare_same_set.yaml", "7:32", "declaration 'royal' offers QS KS, as declaration 'marriage' does: a move"
         " names the cards it shows, so each set belongs to one declaration"),
    case("declare_in_capture_play.yaml", "6:7", "'declare' is a key of trick play, not of capture play"),
    case("close_sets_a_suit.yaml", "6:21", "variable 'trump' is a suit; here it must be a bool"),
    case("close_when_reads_hidden.yaml", "6:21", "close when reads 'hand', which the seat to act may not see: the"
         " closes it is offered would tell it"),
    case("totals_capped_hokm.yaml", "4:11", "'totals' keeps the scores at 6 or under: each time a side's points in"
         " the trial hands would have taken it higher, the totals held it at 6, short of the target 7: the game never"
         " ends"),
    case("totals_capped_below_target.yaml", "4:11", "'totals' keeps the scores at 100 or under: each time a side's"
         " points in the trial hands would have taken it higher, the totals held it at 100, short of the target"
         " 1,200: the game never ends"),  # random bidders: a bidding game, whose trial games never end anyway
    case("game_taken_away.yaml", "3:7", "'game: null' takes the base's 'game' away, and every ruleset needs its end"
         " (a target, a number of hands or a win_if): change what differs, or leave 'game' out to keep the base's"),
    case("players_taken_away.yaml", "3:10", "'players: null' takes the base's 'players' away, and every ruleset needs"
         " its number of players: change what differs, or leave 'players' out to keep the base's"),
    # said at the file's line 1 as a missing section, and `players: null` became 2 (a house-rule maintainer's audit)
    case("totals_capped_near_target.yaml", "4:11", "'totals' keeps the scores short of the target 1,200: from no"
         " score below it does a hand of up to 13,000 points take a side there, so no side can reach it: the game"
         " never ends"),
    # random bidders' scores fall, and seldom came near the cap: the file was valid (a house-rule maintainer's audit)
    case("close_notes_own_flag.yaml", "6:29", "a close's 'set' may not set 'closed', which the close itself sets"
         " (sets): it would undo or misname the close"),
    case("variant_step_not_a_mapping.yaml", "4:5", "this step is 'deal', not a mapping: a step is written as keys and"
         " values ({name: ..., ...}), and a variant changes the base's by name ('first ace', 'high card', 'dealer',"
         " 'deal', 'throw in', 'thrown in', 'trump', 'rest of the deal', 'void', 'tricks', 'bam call', 'bam')"),
    case("trick_trump_reads_hidden.yaml", "6:14", "trump reads 'hand', which not every seat may see: who takes each"
         " trick would tell them"),
    case("trick_power_of_reads_hidden.yaml", "6:17", "power_of reads 'hand', which not every seat may see: who takes"
         " each trick would tell them"),
    case("trick_leader_reads_hidden.yaml", "6:15", "leader reads 'hand', which not every seat may see: who leads"
         " would tell them (the holder of a card named, as `holder(2C)`, may lead: that tells where one card lies,"
         " as the rules say)"),
    case("trick_leader_reads_secret_var.yaml", "11:15", "leader reads 'rich', which not every seat may see: who leads"
         " would tell them (the holder of a card named, as `holder(2C)`, may lead: that tells where one card lies,"
         " as the rules say)"),
    case("capture_card_reads_hidden.yaml", "8:17", "capture card reads 'hand', which the seat to act may not see:"
         " what it is offered would tell it"),
    case("capture_mandatory_reads_hidden.yaml", "6:18", "play mandatory reads 'hand', which the seat to act may not"
         " see: what it is offered would tell it"),
    case("close_notes_hidden.yaml", "6:38", "counter 'tricks_at_close' is set from 'hand', which not every seat may"
         " see, and every seat sees the counters: set a variable instead (one per side if need be), which no seat is"
         " shown"),
    case("close_notes_unknown.yaml", "6:21", "unknown variable or counter 'trick_at_close' (did you mean"
         " tricks_at_close or points_at_close?)"),
    case("announce_skip_reads_hidden.yaml", "4:19", "table announce: step 'throw in' is skipped by a test that reads"
         " 'hand', which not every seat may see: saying it was skipped would tell them"),
    case("notice_reads_hidden.yaml", "5:17", "table notices: 'queen_held' reads 'hand', which not every seat may"
         " see: the table says a notice to every seat"),
    case("notice_name_not_a_word.yaml", "5:5", "the names under 'table.notices' are words (letters, digits and _,"
         " not first a digit), not 'a b'"),
    case("notice_unknown_name.yaml", "5:26", "unknown name 'playd_cards' (did you mean played_cards or players?)"),
    case("notice_not_a_test.yaml", "5:20", "expected a condition (true/false), but this is a number"),
    case("power_of_reads_led_suit.yaml", "6:17", "'power_of' is worked out as each trick starts, before a card is"
         " led: 'led_suit' cannot tell it anything then"),
    case("suit_of_with_declared_trump.yaml", "6:7", "'suit_of' is worked out as each trick starts, before the first"
         " lead declares trump: it cannot go with 'declare_trump'"),
    case("play_key_of_other_mode.yaml", "6:7", "'refill' is a key of capture play, not of trick play"),
    case("special_cards_read_state.yaml", "7:33", "a special entry's 'cards' picks its cards once, at load: it may"
         " read the card under test (rank, suit, value), not the game's state; put a test on the state in"
         " 'allowed'"),
    case("table_announce_unknown.yaml", "4:14",
         "table announce: unknown value or step 'mon' (did you mean moon?)"),
    case("table_show_unknown.yaml", "4:17",
         "table show: unknown counter, value, zone, variable or row 'tricsk' (did you mean trick or tricks?)"),
    case("variant_remove_missing.yaml", "4:5",
         "nothing named 'thrown-in' to remove here (did you mean 'thrown in' or 'throw in'?)"),
    case("variant_after_missing.yaml", "5:12", "'after: dealers': nothing of that name here (did you mean 'dealer' or"
                                                " 'deal'?)"),
    case("expression_bad_card.yaml", "5:36", f"'11H' is not a card {CARD_HELP}"),
    case("expression_card_with_t.yaml", "5:36", "'TD' is no name: a card is written 10D in an expression (rank A"
         " 2-10 J Q K, then suit S H D C, in upper case; jokers BJ RJ)"),  # an author's audit: "did you mean D?"
    case("expression_card_suit_sign.yaml", "5:36", "'10♦' is no card: write the suit as a letter: 10D"),
    case("value_from_itself.yaml", "4:10", "value 'loop' is worked out from itself"),
    case("value_read_above_it.yaml", "4:7",
         "value 'b' comes below 'a': a value may use only the values above it (move it up)"),
    case("variant_row_typo.yaml", "4:5", "no scoring row named 'seven club' to change (did you mean 'seven clubs'?); a"
                                         " new scoring row needs points"),
    case("placing_without_extends.yaml", "9:13",
         "'before' places an item among those of the ruleset this file extends, but it extends none"),
    # ---- structure (schema) --------------------------------------------------------------------------
    case("unknown_top_key.yaml", "3:1", f"unknown key 'player' (did you mean 'players'? allowed: {TOP_KEYS})"),
    case("unknown_key_nested.yaml", "7:9",
         "unknown key 'coutn' in 'hand.deal' item 1 (did you mean 'count'? allowed: at_a_time, count, dealer,"
         " redeal_if, replace_if, replace_once, seats, to)"),
    case("mapping_for_list.yaml", "4:3", "'scoring' must be a list, not a mapping"),
    case("scoring_row_not_mapping.yaml", "4:5", "'scoring' item 1 must be a mapping (keys: name, points and"
         " others), not the number 5"),
    case("redeal_bare_condition.yaml", "5:13", "'hand.redeal' must be a mapping (keys: if, to), not"
         " 'count(hand) > 0'"),  # the keys said: a bare condition where {if: ..., to: ...} is meant
    case("missing_take.yaml", "8:11", "missing key 'take' in 'hand.play.captures' item 4"),
    case("step_without_kind.yaml", "4:5", "no step named 'show' to change (names: 'deal', 'play', 'leftovers'); a new"
                                          f" step needs one of: {STEP_KINDS}"),
    case("step_kind_misspelt_in_new_step.yaml", "4:5", "no step named 'extra' to change (names: 'first ace', 'high"
         " card', 'dealer', 'deal', 'throw in', 'thrown in', 'trump', 'rest of the deal', 'void', 'tricks', 'bam call',"
         f" 'bam'); a new step needs one of: {STEP_KINDS} ('sett': did you mean 'set'?)"),
    case("step_without_kind_alone.yaml", "8:5", f"a step needs exactly one of: {STEP_KINDS}"),
    case("players_not_number.yaml", "3:10", "'players' must be a whole number, not 'four'"),
    case("deck_bad_card.yaml", "3:17",
         "'11H' is not a card (ranks A 2-10 J Q K, suits S H D C, e.g. 10D; jokers BJ RJ)"),
    # ---- options ------------------------------------------------------------------------------------
    case("unknown_option.yaml", "3:11", f"unknown option 'nosuch' (options: {PASUR_OPTIONS}); to add an option of"
         " your own, give it a default, nosuch: {default: 1}, and read it in a rule (option.nosuch)"),
    case("option_in_persian_digits.yaml", "4:11", "option 'target' is a whole number, not '۱۰۵' (write it in the"
         " digits 0-9: 105)"),  # a club organiser's audit
    case("option_by_persian_name.yaml", "4:3", f"unknown option 'امتیاز پایان بازی' (options: {PASUR_OPTIONS});"
         " 'امتیاز پایان بازی' is the Persian name of option 'target': set it by that name"),
    case("option_misspelt.yaml", "3:11", "unknown option 'most_card_bonus' (did you mean most_cards_bonus?)"),
    case("option_value_not_allowed.yaml", "4:11", "option 'target' is 100; it may be 62, 105 (a house rule may"
         " declare it again to allow more: target: {default: 100, values: [62, 105, 100]})"),
    case("option_value_other_case.yaml", "4:16", "option 'first_hakem' is 'Draw'; it may be ace, draw: write it as"
         " 'draw'"),  # not "declare it again": a value no rule reads would follow
    case("option_value_misspelt.yaml", "4:15", "option 'kot_at_six' is 'win'; it may be none, wins, reset (did you"
         " mean wins? a house rule that means a new value declares it again: kot_at_six: {default: 'win', values:"
         " [none, wins, reset, 'win']})"),  # a studies audit: the new value alone was offered
    case("option_mapping_keeps_values.yaml", "4:21", "option 'target' is 100; the base allows 62, 105, and a"
         " mapping without `values` keeps them: give them anew to allow more, target: {default: 100, values:"
         " [62, 105, 100]}"),
    case("option_default_not_its_value.yaml", "4:21", "option 'target' is 100, which is not one of its own values"
         " (62, 105)"),
    case("zone_by_default_missing.yaml", "11:5", "unknown zone 'stock' (did you mean trick?); without"
         " `stock:` this step uses the zone 'stock': declare it under 'zones', or name another with `stock: ZONE`"),
    case("redeal_to_a_deal_without_shuffle.yaml", "9:11", "a redeal gathers every card and goes back to step 'rest"
         " of the deal', whose first deal, 'rest of the deal', does not shuffle: it would find no cards to deal"
         " (send the redeal to a deal that shuffles)"),
    case("choice_named_help.yaml", "7:42", "a choice may not be called 'help': at the table that is a command or a"
         " number from the menu, so it could not be typed as the choice"),
    case("choice_named_undo.yaml", "7:42", "a choice may not be called 'undo': at the table that is a command or a"
         " number from the menu, so it could not be typed as the choice"),
    case("choice_named_board.yaml", "7:42", "a choice may not be called 'board': at the table that is a command or a"
         " number from the menu, so it could not be typed as the choice"),
    case("game_target_negative.yaml", "4:11", "'target' is -5: every side has reached it before the first hand (a"
         " target is a score above 0; a game of one hand is 'hands: 1')"),
    case("option_rounds_zero.yaml", "4:21", "'rounds' is 0: a game is played in 1 round or more"),
    case("option_hand_limit_negative.yaml", "4:15", "'max_hands' is -3: give a number of hands, or 0 for no limit"),
    case("target_infinite.yaml", "4:11", f"'game.target' must be {AN_EXPRESSION}, not infinity"),
    case("name_with_zero_width_space.yaml", "7:13", "unknown name 'tricks2' (did you mean tri\\u200bcks2 or tricks"
         " or trick?)"),
    case("option_wrong_type.yaml", "3:26", "option 'multi_capture' is true or false, not 3"),
    case("option_values_of_another_type.yaml", "4:38", "option 'target' lists values of two kinds: 'seventy' is a"
         " word, 62 a whole number; give values of one kind"),  # the sheet offered 'seventy', and a variant was refused
    case("choose_suit_or_word.yaml", "5:56", "a choice of suit offers suits (S H D C, or all of them: suits) and"
                                            " no_suit (no trump), not 'redeal'"),
    case("choose_suit_twice.yaml", "5:49", "a choice of suit offers H more than once"),
    case("options_all_wrong.yaml", "6:21", "option 'most_cards_bonus' is a whole number, not true"),  # as YAML says it
    case("options_kind_and_value_wrong.yaml", "7:14", "option 'moon_shot' is 'everyone'; it may be others, self (a"
         " house rule may declare it again to allow more: moon_shot: {default: 'everyone', values: [others, self,"
         " 'everyone']})"),
    case("option_default_a_word.yaml", "4:21", "option 'target' is 'sixty'; the base allows 62, 105, and a mapping"
         " without `values` keeps them: give them anew to allow more, target: {default: 'sixty', values: [62, 105,"
         " 'sixty']}"),
    case("option_default_yes.yaml", "4:22", "option 'stop_on' takes words, but default: yes is read as true (YAML"
         " takes yes, no, on and off for true and false): write \"yes\" in quotes"),  # it once said True
    case("option_set_to_on.yaml", "4:14", "option 'moon_shot' is on; it may be others, self (YAML reads on as true:"
         " a word such as it goes in quotes)"),  # not 'write "on" in quotes': on is no value (a club's audit)
    case("option_values_yes_no.yaml", "4:45", "option 'stop_on' takes words, but no is read as false (YAML takes yes,"
         " no, on and off for true and false): write \"no\" in quotes"),  # each at its place, not 'maybe' as a kind
    case("option_on_off_compared_with_word.yaml", "7:39", "cannot compare true/false with text (option 'stop_on' is"
         " true or false: YAML reads yes, no, on and off unquoted as true and false; write its values and default in"
         " quotes to make them words)"),  # values all read as true/false: a true/false option, compared with a word
    case("word_past_one_form.yaml", "5:38", "'table.words.keep.past.fa' must list exactly 2 items, not 1"),  # a
    # seat's and yours: jsonschema said "['x'] is too short"
    # `past:` is said by the Persian move log only for a verb of the ruleset's moves, and never empty
    case("word_past_not_a_verb.yaml", "5:34", f"table words: 'round' {NOT_A_VERB} (its verbs: bam, keep, play, redeal,"
         " stop, trump)"),
    case("word_past_verb_misspelt.yaml", "5:25", f"table words: 'bunr' {NOT_A_VERB} (did you mean burn?)"),
    case("word_past_whole_move.yaml", "5:32", f"table words: 'bid 0' {NOT_A_VERB} (did you mean bid?)"),  # a whole
    # move's words name it as menus say it; the log's past is its verb's
    case("word_past_empty.yaml", "5:39", "'table.words.keep.past.fa' item 1 is empty: give the past said of a seat"
         " (of a seat, then of you: fa: [نگه داشت, نگه داشتید])"),
    case("word_past_blank_yours.yaml", "5:45", "'table.words.burn.past.fa' item 2 is empty: give the past said of"
         " you (of a seat, then of you: fa: [نگه داشت, نگه داشتید])"),  # spaces only: as empty
    case("word_past_empty_invisible.yaml", "6:32", "'table.words.keep\\u200b.past.fa' item 1 is empty: give the past"
         " said of a seat (of a seat, then of you: fa: [نگه داشت, نگه داشتید])"),  # the name spelt out, as beside it
    # `typed:` gives other words a person may type for a verb or choice of the moves (an audit: Euchre's `pick up`)
    case("word_typed_misspelt.yaml", "5:16", "table words: 'togehter' is not a verb or choice of this ruleset's moves,"
         " so nothing typed is read as it: typed: goes only on a word its moves say (did you mean together?)"),
    case("word_typed_taken.yaml", "5:36", "'table.words.pass.typed.en' item 2 (pick up) is already read as another"
         " move's word (order), so it would never be read as pass"),  # euchre.yaml's own `pick up`, for `order`
    case("word_typed_number.yaml", "5:36", "'table.words.pass.typed.en' item 2 is a number, which the table reads as"
         " the move of that number in the list: give words"),
    case("word_typed_command.yaml", "5:25", "'table.words.pass.typed.en' item 1 (hint) is already a table command, so"
         " it would never be read as pass"),
    case("word_typed_score.yaml", "5:25", "'table.words.pass.typed.en' item 1 (score) is already a table command, so"
         " it would never be read as pass"),  # a command added after the check's list was written (a review)
    case("word_typed_rules.yaml", "5:25", "'table.words.pass.typed.en' item 1 (rules) is already a table command, so"
         " it would never be read as pass"),
    # a choice's options and verb as a person could never type them (a fuzz of house rules: '', 'redeal ', 'x y' and
    # a choice listed twice were moves; a verb `help` made moves `help S`)
    case("choose_option_twice.yaml", "5:30", "the choice 'keep' is listed twice: each choice once"),
    case("choose_option_spaces.yaml", "5:30", "a choice is one word a person types, not 'x y' (empty, or with spaces:"
         " write it as one word, as keep or no_trump)"),
    case("choose_verb_command.yaml", "5:32", "'verb' is one word each move says before its option (trump), not"
         " 'help': not empty, no spaces, no number and no table command"),
    # a variable's start of another type (a fuzz of house rules: an internal error in play, a table broken, "no"
    # counted as true, a suit Z as no suit)
    case("var_initial_int.yaml", "3:36", "variable 'bonus': initial \"abc\" is not a whole number, which an int"
         " variable starts at"),
    case("var_initial_seat.yaml", "3:25", "variable 'maker': initial \"north\" is not a seat: give 0 to 3, or -1 for"
         " nobody"),
    case("var_initial_bool.yaml", "3:37", "variable 'lucky': initial \"no\" is not true or false, which a bool"
         " variable starts at"),
    case("var_initial_word.yaml", "3:36", "variable 'mode': initial 5 is not a word: put it in quotes, as a word"
         " variable holds words"),
    case("var_initial_suit.yaml", "3:35", "variable 'led': initial \"Z\" is not a suit: give S, H, D, C or none"),
    case("word_typed_joined_command.yaml", "5:25", "'table.words.pass.typed.fa' item 1 (دستقبل) is already a table"
         " command, so it would never be read as pass"),  # «دست قبل» without its space, as the table reads it
    case("word_typed_empty.yaml", "5:26", "'table.words.alone.typed.en' item 1 is empty: give a word a person may"
         " type for alone"),  # spaces only
    case("word_typed_menu_number.yaml", "5:36", "'table.words.pass.typed.en' item 2 is a number, which the table"
         " reads as the move of that number in the list: give words"),  # `1.`, as the menu shows a number (a review)
    case("word_typed_card.yaml", "5:25", "'table.words.pass.typed.en' item 1 (q♠ no) begins with a card's name, which"
         " the table reads as the card: give words that name no card"),
    case("word_typed_save.yaml", "5:25", "'table.words.pass.typed.en' item 1 (save it) is already a table command, so"
         " it would never be read as pass"),  # `save` and what follows it say how the game is kept
    # `said:` is the sentence a hand's result says for a value `announce` names, {who} filled in, never empty
    case("word_said_empty.yaml", "5:23", "'table.words.kot.said.fa' item 1 is empty: give the sentence said of another"
         f" seat or side {SAID_EMPTY}"),  # a blank line at the table
    case("word_said_blank_yours.yaml", "5:53", "'table.words.bam_lost.said.fa' item 2 is empty: give the sentence said"
         f" of your seat or side {SAID_EMPTY}"),
    case("word_said_placeholder.yaml", "5:23", "'table.words.kot.said.fa' item 1 says {whom}, which is printed as it"
         " stands: only {who} is filled in (with the seat or side the value is announced for)"),
    case("word_said_not_announced.yaml", "5:24", f"table words: 'nothing' {NOT_ANNOUNCED} (the values it announces:"
         " kot_by_hakem, kot_on_hakem, bam_lost, reset)"),
    case("word_said_misspelt.yaml", "5:16", f"table words: 'bam_lots' {NOT_ANNOUNCED} (did you mean bam_lost?)"),
    case("word_said_on_a_step.yaml", "7:11", f"table words: 'bam' {NOT_ANNOUNCED} (the values it announces: kot)"),
    case("word_of_the_language_misspelt.yaml", "5:20", "unknown name 'flase' (did you mean false?)"),
    case("keyword_misspelt.yaml", "5:40", "unexpected 'thn' (did you mean 'then'?)"),
    case("word_said_counter_misspelt.yaml", "5:12", f"table words: 'surz' {NOT_ANNOUNCED} (did you mean surs?)"),
    # a step announced is said as skipped, in the table's own words
    case("option_value_typo.yaml", "10:35", "option 'sur_cards' is never 'al' (its values: any, numeric)"),
    case("word_var_typo.yaml", "4:23", "variable 'bam_call' is never 'bma' (its values: \"\", bam, stop)"),
    case("word_var_typo_member.yaml", "4:29", "variable 'throw' is never 'redael' (its values: \"\", keep, redeal)"),
    # ---- expression syntax: the column points inside the expression --------------------------------------
    case("expr_syntax_plain.yaml", "5:17", "unexpected '*'"),
    # escapes in a quoted expression: the column is the file's, not the text's
    case("expr_column_after_escaped_quotes.yaml", "5:105", "unknown name 'hakemm' (did you mean hakem?)"),
    case("expr_column_after_doubled_single_quotes.yaml", "5:79", "unknown name 'hakemm' (did you mean hakem?)"),
    case("expr_column_after_tab_escape.yaml", "5:46", "unknown name 'hakemm' (did you mean hakem?)"),
    case("expr_column_after_unicode_escape.yaml", "5:62", "unknown name 'hakemm' (did you mean hakem?)"),
    case("expr_column_after_tag_and_escapes.yaml", "5:60", "unknown name 'hakemm' (did you mean hakem?)"),
    case("expr_column_after_anchor.yaml", "5:55", "unknown name 'hakemm' (did you mean hakem?)"),
    case("expr_syntax_double.yaml", "4:46", "unexpected ')': expected ']'"),
    case("expr_syntax_literal_block.yaml", "12:39", "unexpected character '|' (write 'or')"),
    case("expr_syntax_folded_block_first_line.yaml", "11:42", "unexpected character '!' (write 'not', or '!=' to"
         " compare)"),
    case("expr_syntax_folded_block.yaml", "12:39", "unexpected character '|' (write 'or')"),
    case("escapes_across_lines.yaml", "7:21", "unknown name 'trikcs' (did you mean tricks or trick?)"),
    case("bare_seat_zone.yaml", "5:22", "'hand' is kept for each seat or side, and none is in focus here: say whose,"
         " as hand(…), e.g. hand(dealer)"),
    case("side_compared_with_seat.yaml", "6:22", "'==' compares a side with a seat: a side has several seats here"
         " (side 0 is seats 0 and 2); compare sides, with side(hakem)"),
    case("side_as_next_dealer.yaml", "5:16", "expected a seat, but this is a side: a side has several seats here"
         " (side 0 is seats 0 and 2); name a seat (dealer, a seat variable, next(...))"),
    case("side_as_leader.yaml", "7:15", "expected a seat, but this is a side: a side has several seats here"
         " (side 0 is seats 0 and 2); name a seat (dealer, a seat variable, next(...))"),
    case("each_seat_reads_side_counter.yaml", "6:27", "'tricks' is kept for each side, and inside each_seat(…) a"
         " seat is in focus: each of the side's seats would count the side's tricks again; keep it for each seat"
         " (owner: seat; a side then reads its seats' sum), or write tricks(side) outside each_seat(…)"),
    case("each_seat_reads_side_value.yaml", "5:24", "'contract' is kept for each side, and inside each_seat(…) a"
         " seat is in focus, not the side: say whose, as contract(side)"),
    case("folded_more_indented.yaml", "8:16", "unexpected character '=' (to compare, write '==')"),
    case("block_indent_indicator.yaml", "8:16", "unexpected character '=' (to compare, write '==')"),
    case("literal_block_blank_line.yaml", "8:23", "unexpected character '=' (to compare, write '==')"),
    # a block's end mark reaches the next, less indented line (a comment, a key): that line is not the block's
    case("folded_block_then_comment.yaml", "7:12", f"unknown name 'zzq' (known here: {SCORING_NAMES})"),
    case("literal_block_then_key.yaml", "8:14", f"unknown name 'zzq' (known here: {SCORING_NAMES})"),
    # blank lines before a block's first line are line feeds at its text's start
    case("literal_block_leading_blank.yaml", "7:30", f"unknown name 'zzq' (known here: {SCORING_NAMES})"),
    case("folded_block_leading_blanks.yaml", "9:12", f"unknown name 'zzq' (known here: {SCORING_NAMES})"),
    case("expr_syntax_plain_multiline.yaml", "6:9", "unexpected '*'"),
    case("expr_single_equals.yaml", "5:28", "unexpected character '=' (to compare, write '==')"),
    case("expr_unclosed.yaml", "5:33", "expression ends too soon: expected ')'"),
    case("expr_doubled_keyword.yaml", "5:35", "unexpected 'or'"),
    # ---- expression names and types -----------------------------------------------------------------
    case("unknown_name.yaml", "5:19", "unknown name 'wno' (did you mean won?)"),
    case("unknown_function.yaml", "5:13", f"unknown function 'len' (functions: {FUNCTIONS})"),
    case("unknown_option_in_expr.yaml", "5:58", f"unknown option 'bonus' (options: {PASUR_OPTIONS})"),
    case("type_count_number.yaml", "5:19", "count()'s argument must be cards, not a number"),
    case("type_suit_vs_number.yaml", "5:32", "cannot compare a suit with a number"),
    case("type_if_branches.yaml", "5:56", "'then' gives a number but 'else' gives true/false"),
    case("opp_outside_scoring.yaml", "10:22", "opp() compares sides: use it in scoring, where a side is being scored"),
    # ---- zones, counters, steps, the deal ---------------------------------------------------------------
    case("unknown_zone.yaml", "5:21", "unknown zone 'tabel' (did you mean table?)"),
    case("zone_wrong_owner.yaml", "5:14", "'hand' is owned by seats: give 'of', the seat whose cards go"),
    case("unknown_counter.yaml", "9:16", "unknown counter 'sur' (did you mean surs?)"),
    case("unreachable_step.yaml", "5:11", "step 'leftovers' is unreachable: its 'when' is always false"),
    case("unreachable_step_false.yaml", "5:11", "step 'leftovers' is unreachable: its 'when' is always false"),
    case("deck_remove_twice.yaml", "5:21", "card '2S' is removed twice (first at line 5): the second takes nothing"
         " away; was another card meant?"),
    case("deck_ranks_not_a_rank.yaml", "4:30", "1 is not a rank (A 2-10 J Q K)"),
    case("deck_ranks_twice.yaml", "4:30", "the rank 'T' is listed twice (first as '10'): give each rank once"),
    case("deck_ranks_remove_left_out.yaml", "5:16", "card '2S' is not in the deck: 'ranks' leaves its rank out (a"
         " base's 'remove' may name such cards; this file's takes nothing by it)"),
    case("deck_remove_joker.yaml", "3:17", "card 'RJ' is not among the 52 cards 'remove' takes from: a joker is in"
         " the deck only when 'add' puts it there"),
    case("trick_order_leaves_out_jokers.yaml", "12:47", "the order leaves out the deck's joker BJ: a joker has no rank,"
         " so it would have no power (list jokers under 'top', above every suit, or give them a power by"
         " 'power_of')"),
    case("draw_order_leaves_out_jokers.yaml", "12:84", "the order leaves out the deck's jokers BJ, RJ: a joker has"
         " no rank, so they would lose every draw for the highest card, below even the lowest rank (list jokers under"
         " 'top', above every rank)"),  # validated, and a joker drawn lost to a 2 though it wins every trick
    case("draw_top_without_highest.yaml", "5:17", "'top' ranks cards above every rank in a draw for the highest"
         " card: a draw for the first card that meets 'until' has no use for it (mode: highest?)"),
    case("unreachable_step_options.yaml", "5:11", "step 'bam call' is unreachable: its 'when' is false under every"
         " allowed setting of the options it reads (option 'bam' may be false or true; option 'rounds' may be 1, 2"
         " or 3)"),
    # found by the trial games: a new play step, where a change of the base's was meant, never sees a card played
    case("play_step_never_plays.yaml", "5:5", "step 'aces low' runs every hand, but no card was played in it in any"
         " trial hand: the cards were all played, or its stop held, before it began (to change a step of the"
         " ruleset this one extends, give it that step's name)"),
    # in a file that extends nothing, no word of a base's step (an author's audit: the hint misled)
    case("second_play_never_plays.yaml", "14:5", "step 'the rest' runs every hand, but no card was played in it in"
         " any trial hand: the cards were all played, or its stop held, before it began"),
    # and passing placed where nobody holds a card (an author's audit: validate said ok)
    case("pass_step_never_passes.yaml", "6:5", "step 'late pass' runs every hand, but no card was passed in it in"
         " any trial hand: no seat held a card to pass when it began (to change a step of the ruleset this one"
         " extends, give it that step's name)"),
    # and a shedding play whose rule for a card to lay never holds: every seat only draws or passes (an author's
    # audit: validate said ok)
    case("shed_step_never_lays_a_card.yaml", "6:5", "step 'play' runs every hand, but no card was played in it in"
         " any trial hand: every move made in it was 'draw' or 'pass' (does its rule for which cards may be played"
         " ever hold?)"),
    case("missing_game.yaml", "3:1", "missing section 'game' (its 'target', 'hands' or 'win_if' says when the game"
         " ends)"),
    case("target_reads_the_play.yaml", "5:11", "'target' must be a number known before play (a number, or one"
         " worked out from options): one that reads the play may move as the game goes, and the game not end"),
    case("variable_grows_past_the_limit.yaml", "10:5", "number too large: 'g' would be set to 1125899906842623,"
         " which reaches 10^15 (numbers stay below 10^15; found in play)"),
    case("counter_grows_past_the_limit.yaml", "10:5", "number too large: 'grow' would be set to 1125899906842623,"
         " which reaches 10^15 (numbers stay below 10^15; found in play)"),
    case("value_name_unreadable.yaml", "5:3", "'hand points' cannot be read in an expression: name the value with"
         " letters, digits and _, beginning with a letter or _ (hand_points), and not one of if, then, else, and,"
         " or, not, in, true, false"),
    case("number_named_variable_and_a_typo.yaml", "9:17", "unknown name 'hakem_sid' (did you mean hakem?)"),
    case("number_named_counter_and_an_unknown_function.yaml", "8:14", "unknown function 'foo' (functions: abs,"
         " bam_lost, count, each_seat, empty, groups, hand, has, holder, kot, kot_by_hakem, kot_on_hakem, max, min,"
         " next, opp, plays, power, prev, reset, rounds_won, score, side, sum, top, tricks, won)"),
    # signs from a word processor, a web page or a phone (a ruleset author's audit): what to type instead
    case("curly_quotes_in_an_expression.yaml", "5:30",
         "unexpected character '\u201c' (text is written in straight quotes: \"...\" or '...')"),
    case("comparison_sign_in_an_expression.yaml", "5:24", "unexpected character '\u2265' (write '>=')"),
    case("number_in_a_power_of_ten.yaml", "5:12", "unexpected 'e1' (numbers are written in whole digits: 10)"),
    case("no_break_space_after_a_key.yaml", "6:3", f"'game' must be a mapping, not 'target:\u00a09' (it {NO_BREAK})"),
    case("no_break_space_before_another_key.yaml", "7:12",
         f"YAML syntax: mapping values are not allowed here (line 6 {NO_BREAK})"),
    case("no_break_space_in_braces.yaml", "4:8", f"unknown key 'target:\u00a09' in 'game' (it {NO_BREAK}; allowed:"
         " after_hand, hands, max_hands, next_dealer, round_points, rounds, target, totals, win_doc, win_if, winner)"),
    case("date_for_a_word.yaml", "5:30", "'counters.streak.per' must be one of hand, game, not 2026-01-01 (YAML reads"
         " it as a date: put it in quotes if text was meant)"),
    case("name_empty.yaml", "3:7", f"'name' {EMPTY_NAME}"),
    case("name_invisible.yaml", "3:7", f"'name' {EMPTY_NAME}"),
    case("row_name_blank.yaml", "5:11", f"'scoring.name' {EMPTY_NAME}"),
    case("after_lay_draws_more_than_the_deck.yaml", "9:57", "after_lay 'draw many': its draw is 60: it is a number"
         " from 0 to 52"),
    case("replace_if_reads_no_card.yaml", "9:85", "'replace_if' reads nothing of the card dealt: where it holds, every"
         " card dealt and each dealt in its place goes back, until the stock runs out; test the card (rank == J)"),
    case("missing_sum.yaml", "8:11", "capture 'fifteen' takes a sum: say what it adds up to with 'sum:'"),
    case("odd_partnerships.yaml", "4:15", "partnerships need an even number of players, at least 4, not 3"),
    case("doc_unknown_language.yaml", "5:11", "unknown key 'e' in 'scoring.doc' (allowed: en, fa)"),
    case("partnerships_of_two.yaml", "4:15", "partnerships need an even number of players, at least 4, not 2"),
    case("values_chain_too_long.yaml", "12:7", "value 'v9' is worked out from a chain of 9 values (at most 8)"),
    case("deal_too_big.yaml", "6:7", "the deal needs 60 cards but the deck has 52"),
    case("refill_uneven.yaml", "7:15", "40 cards stay in the stock after the deal; refills of 6 cannot share them out"),
    # ---- trick play (hokm, ghahveh, shelem) ---------------------------------------------------------------
    case("trick_unknown_counter.yaml", "5:33", "unknown counter 'trick' (did you mean tricks?)"),
    case("trick_trump_number.yaml", "5:32", "expected a suit, but this is a number"),
    case("declare_trump_not_suit.yaml", "5:40", "variable 'hakem' is a seat; here it must be a suit"),
    case("special_not_a_card.yaml", "8:18", f"'ZZ' is not a card {CARD_HELP}"),
    case("special_forced_not_condition.yaml", "8:42", "expected a condition (true/false), but this is a number"),
    case("special_not_in_deck.yaml", "8:18", "card 'BJ' is not in the deck (add it under 'deck: add')"),
    case("turns_unknown_zone.yaml", "10:35", "unknown zone 'pile4' (did you mean pile3 or pile2 or pile1?)"),
    case("order_not_a_rank.yaml", "5:39", "'X' is not a rank (A 2-10 J Q K)"),
    # ---- auction and exchange (ghahveh, shelem) ---------------------------------------------------------------
    case("auction_min_above_max.yaml", "5:20", "the lowest bid (165) is above the highest (100): nobody could bid"),
    case("auction_step_zero.yaml", "5:21", "the bids go up by 0: a step of 1 or more is needed"),
    case("auction_too_many_bids.yaml", "5:29", "999,999,900 bids from 100 to 999999999: at most 1,000 bids are"
                                               " offered at once (raise the step or narrow the range)"),
    case("trick_turns_empty.yaml", "5:32", "'hand.play.turns' [] should be non-empty"),
    case("trick_from_empty.yaml", "5:72", "'hand.play.turns.from' [] should be non-empty"),
    case("trick_order_twice.yaml", "5:36", "rank '2' is listed twice in the order"),
    case("trick_order_short.yaml", "5:32", "the order leaves out rank A of the deck: those cards would have no power"),
    case("holder_not_in_deck.yaml", "5:33", "BJ is not in this ruleset's deck: holder() would find nobody"),
    case("game_hands_zero.yaml", "4:10", "'hands' is 0: with no target the game ends only after a number of hands"
                                         " above 0"),
    case("game_hands_negative.yaml", "4:10", "'hands' is -2: give a number of hands, or 0 for none (then a target"
                                             " ends the game)"),
    case("auction_rising_no_winner.yaml", "7:14", "a rising auction names its 'winner' variable (e.g. winner: hakem)"),
    case("exchange_discard_none.yaml", "5:25", "'hand.exchange.discard' 0 is less than the minimum of 1"),
    case("number_too_large.yaml", "4:11", "number too large (at most 9 digits)"),
    # a float where a whole number goes (jsonschema's "integer" takes 4.0; range() and slices do not)
    case("players_float.yaml", "3:10", "'players' must be a whole number, not the number 4.0 (a whole number is"
         " written without a decimal point)"),
    case("deal_count_float.yaml", "5:45", "'hand.deal.at_a_time' must be a whole number, not the number 1.0 (a whole"
         " number is written without a decimal point)"),
    case("option_values_float.yaml", "4:34", "'options.target.values' item 1 must be a whole number or boolean or"
         " string, not the number 62.0 (a whole number is written without a decimal point)"),
    case("auction_each_no_into.yaml", "16:14", "an auction with style 'each' needs 'into': a counter kept per seat"),
    case("auction_each_no_into_variant.yaml", "5:14",
         "an auction with style 'each' needs 'into': a counter kept per seat"),
    case("auction_into_per_side.yaml", "5:21", "counter 'tricks' is kept per side; here it must be per seat"),
    case("auction_unknown_winner.yaml", "5:23",
         "unknown variable 'hakim' (did you mean hakem?); declare it under 'vars'"),
    case("auction_contract_not_int.yaml", "5:25", "variable 'trump' is a suit; here it must be an int"),
    case("auction_min_condition.yaml", "5:20", "expected a number, but this is a condition (true/false)"),
    case("auction_unknown_style.yaml", "5:22", "'hand.auction.style' must be one of rising, each, not 'dutch'"),
    case("exchange_unknown_zone.yaml", "5:22", "unknown zone 'widdow' (did you mean widow?)"),
    # ---- choose, redeal, draw, set ---------------------------------------------------------------------------
    case("choose_words_into_suit.yaml", "5:20", "variable 'trump' is a suit; here it must be a word"),
    case("choose_suits_into_word.yaml", "5:20", "variable 'throw' is a word; here it must be a suit"),
    case("choose_who_not_seat.yaml", "5:19", "expected a seat, but this is a suit"),  # who: names a seat
    case("redeal_unknown_step.yaml", "5:18", "unknown step 'dael' (did you mean deal or dealer?)"),
    case("top_unknown_zone.yaml", "5:28", "unknown zone 'turnd' (did you mean turned?): top() reads a zone: e.g."
                                          " top(stock), top(pile1(seat))"),
    case("trump_reads_winning_seat.yaml", "5:19", "'trump' decides which card is winning the trick: it cannot read"
                                                  " 'winning_seat'"),
    case("follow_reads_play.yaml", "5:20", "'follow' is decided when the ruleset loads: true, false, or an expression"
                                           " of options (option.NAME), not of the game in play"),
    case("holder_no_card.yaml", "4:25", "holder(no_card) would find nobody: no_card is no card (an empty zone's top)"),
    case("choose_no_options.yaml", "5:23", "'hand.choose.options' [] should be non-empty"),
    case("option_no_values.yaml", "3:28", "'options.target.values' [] should be non-empty"),
    case("redeal_to_itself.yaml", "15:56", "a redeal gathers every card and goes back to step 'thrown in', after which"
                                           " no deal comes: the hand would go on with no cards (send it to a deal,"
                                           " or to a step before one)"),
    case("auction_all_pass_to_itself.yaml", "5:25", "a redeal gathers every card and goes back to step 'bidding',"
                                                    " after which no deal comes: the hand would go on with no cards"
                                                    " (send it to a deal, or to a step before one)"),
    case("redeal_unnamed_forward.yaml", "14:56", "a redeal goes back, but step 'tricks' comes after 'step 2': the hand"
                                                 " would go on with no cards dealt (name a deal before it)"),
    case("auction_into_rising.yaml", "5:21", "'into' is for an auction of style 'each', where each seat's bid goes"
         " to a counter kept per seat; a rising auction keeps its highest bid in its 'contract' variable, its bidder"
         " in 'winner'"),  # it was never read: the bids never went there
    case("auction_winner_each.yaml", "5:23", "'winner' is for a rising auction; in style 'each' every seat's bid"
         " goes to the counter 'into' names"),
    case("auction_once_each.yaml", "5:21", "'once' is for a rising auction: in style 'each' every seat bids once"
                                           " anyway"),
    case("redeal_forward.yaml", "5:18", "a redeal goes back, but step 'tricks' comes after 'thrown in': the hand"
                                        " would go on with no cards dealt (name a deal before it)"),
    case("auction_all_pass_forward.yaml", "5:25", "a redeal goes back, but step 'tricks' comes after 'bidding': the"
                                                  " hand would go on with no cards dealt (name a deal before it)"),
    case("draw_role_not_seat.yaml", "5:18", "variable 'trump' is a suit; here it must be a seat"),
    case("set_unknown_variable.yaml", "5:11", "unknown variable 'dealr' (did you mean dealer?)"),
    # ---- vars, values, zones, counters, game ------------------------------------------------------------------
    case("vars_unknown_type.yaml", "4:17",
         "'vars.trump.type' must be one of seat, suit, int, bool, word, not 'colour'"),
    case("after_hand_sets_hand_var.yaml", "139:5", "variable 'hakem' starts again each hand (per: hand), so a value"
         " set between hands is lost: declare it with 'per: game' to carry it to the next hand",
         reported="../../rulesets/hokm.yaml", changes=", which changes vars.hakem (line 4)"),  # H3 silently lost
    case("option_bool_values.yaml", "14:18", "option 'bam' is false; it may be true (a house rule may declare it again"
         " to allow more: bam: {default: false, values: [true, false]})", reported="../../rulesets/hokm.yaml",
         changes=", which changes options.bam (line 3)"),  # as YAML writes them, not False and True (a fuzz)
    case("option_value_unhandled.yaml", "74:19", "with option first_hakem set to coin: who 'hakem' is nobody (-1) in"
         " hand 1: give the step a 'when' that holds only when it names a seat", reported="../../rulesets/hokm.yaml",
         changes=", which changes options.first_hakem (line 4)"),  # no trial game played it (a fuzz of house rules)
    case("vars_type_changed.yaml", "74:61", "variable 'trump' is a word; here it must be a suit",
         reported="../../rulesets/hokm.yaml", changes=", which changes vars.trump (line 4)"),
    case("values_type_error.yaml", "4:61", "'then' gives a suit but 'else' gives a number"),
    case("values_unknown_name.yaml", "4:12", "unknown name 'trik' (did you mean trick or tricks?)"),
    case("zone_visible_sometimes.yaml", "4:20",
         "'zones.trick.visible' must be one of owner, all, none, top, not 'sometimes'"),
    case("counter_owner_table.yaml", "4:19", "'counters.tricks.owner' must be one of side, seat, not 'table'"),
    case("game_rounds_not_constant.yaml", "4:11", "'rounds' must be a number known before play (e.g. option.rounds)"),
    case("game_hands_with_rounds.yaml", "4:10", "'hands: 6' ends the game after 6 hands in all, won by the best"
         " total then, while 'rounds: 2' makes it a match won by the first side to win 2 rounds (each won by reaching"
         " the target): the rounds won would count for nothing: give the game one of them"),
    case("game_rounds_with_hands_of_base.yaml", "4:11", "'hands: 13' ends the game after 13 hands in all, won by"
         " the best total then, while 'rounds: 3' makes it a match won by the first side to win 3 rounds (each won"
         " by reaching a target, which this game has not): the rounds won would count for nothing: give the game"
         " one of them"),  # at the key the variant writes, not the base's `hands`
    case("game_win_if_number.yaml", "4:11", "expected a condition (true/false), but this is a number"),
    case("game_after_hand_unknown_variable.yaml", "5:5", "unknown variable 'hakim' (did you mean hakem?)"),
    case("game_max_hands_condition.yaml", "4:14", "expected a number, but this is a condition (true/false)"),
    case("round_winner_in_scoring.yaml", "5:25", "'round_winner' is known only in game: round_points, as a round"
         " ends (the side that won it); elsewhere no round has just ended"),
    case("rounds_won_no_side.yaml", "5:11", "'rounds_won' is kept for each seat or side, and none is in focus here:"
         " say whose, as rounds_won(…)"),
    case("round_points_condition.yaml", "4:17", "expected a number, but this is a condition (true/false)"),
    # ---- limits: input that used to escape as a RecursionError, an OverflowError or an OSError ----------------
    case("expr_too_deep_not.yaml", "6:413", TOO_DEEP),
    case("expr_too_deep_neg.yaml", "6:214", TOO_DEEP),
    case("expr_too_deep_if.yaml", "6:2014", TOO_DEEP),
    case("expr_too_deep_brackets.yaml", "6:114", TOO_DEEP),
    case("expr_sum_too_deep.yaml", "6:414", TOO_DEEP),
    case("expr_sum_too_long.yaml", "6:5014", "expression too long: more than 5000 characters"),
    case("expr_product_too_large.yaml", "6:24", "number too large: 999999998000000001 (numbers stay below 10^15)"),
    case("option_default_too_large.yaml", "5:21", "number too large (at most 9 digits)"),
    case("option_declared_too_large.yaml", "5:19", "number too large (at most 9 digits)"),
    case("deck_value_too_large.yaml", "5:15", "number too large (at most 9 digits)"),
    case("extends_name_too_long.yaml", "2:10", f"cannot find ruleset '{'p' * 77}...' to extend"),
    case("extends_absolute.yaml", "2:10", OUTSIDE.format("/etc/passwd")),
    case("extends_climbs_out.yaml", "2:10", OUTSIDE.format("../conftest.py")),
    # ---- the blocks of Hokm for two, Spades, Hearts and Oh Hell ------------------------------------------------
    case("top_not_a_zone.yaml", "5:23", "top() reads a zone: e.g. top(stock), top(pile1(seat))"),
    case("top_side_piles.yaml", "5:21", "top() reads one pile: 'hand' here is the piles of a side's seats together;"
                                        " name one seat, e.g. top(hand(dealer))"),
    case("each_seat_outside_scoring.yaml", "5:11",
         "each_seat() adds up over the seats of a side: use it where a side is in focus (scoring, values,"
         " stop_when, a per-side counter)"),
    case("each_seat_not_number.yaml", "5:28", "each_seat()'s argument must be a number, not true/false"),
    case("holder_not_a_card.yaml", "5:27", "holder()'s argument must be a card, not a number"),
    case("auction_forbid_number.yaml", "5:26", "expected a condition (true/false), but this is a number"),
    case("auction_all_pass_forced_each.yaml", "5:25", "'all_pass' is for a rising auction, where everyone may pass"),
    case("auction_all_pass_forced_bid_hidden.yaml", "5:47", "all_pass bid reads 'hand', which not every seat may"
         " see: the contract would tell them"),
    case("variant_step_name_null.yaml", "4:11", "'hand.name' must be string, not nothing"),
    case("variant_option_null.yaml", "4:11", "option 'target' cannot be taken away (null): the base's rules read it;"
         " give it a value"),
    case("deal_dealer_shared.yaml", "7:39", "'dealer' says whom a packet to seats counts from; 'table' is shared"),
    case("deal_replace_if_to_seats.yaml", "6:42", "'replace_if' judges cards dealt to a shared zone (a table);"
         " 'hand' is owned by seats"),
    case("deal_redeal_if_without_shuffle.yaml", "11:42", "'redeal_if' throws the deal in, but this deal does not"
         " shuffle (it goes on from the stock, or refills): nothing could deal the cards again"),
    case("auction_all_pass_forced_no_bid.yaml", "5:25", "missing key 'bid' in 'hand.auction.all_pass'"),
    case("auction_all_pass_forced_nobody.yaml", "5:34", "winner '-1' is nobody (-1): name a seat (0 to 3, or one"
         " by a rule: dealer, next(dealer) …)"),
    case("auction_all_pass_forced_bid_condition.yaml", "5:47", "expected a number, but this is a condition"
         " (true/false)"),
    case("auction_offer_in_max.yaml", "5:20", "'offer' is known only in an auction's forbid_if (the bid it judges);"
         " elsewhere no bid is being judged"),
    case("captured_in_scoring.yaml", "5:23", "'captured' is known only in a capture play's after_capture effects"
         " (their if, by and side), as a capture is made (the cards it took); elsewhere no capture has just been"
         " made"),  # not "unknown name 'captured' (did you mean last_capturer?)"
    case("deal_count_condition.yaml", "6:27", "expected a number, but this is a condition (true/false)"),
    case("deal_at_a_time_shared.yaml", "7:43", "'at_a_time' is for zones owned by seats; 'turned' is shared"),
    case("deal_replace_once_alone.yaml", "7:45", "'replace_once' says what happens when the card dealt in place of"
         " one `replace_if` sends back must go too: give the packet a `replace_if`"),
    case("after_hand_counter_per_hand.yaml", "5:5",
         "counter 'tricks' starts again at 0 each hand: declare it with 'per: game' to carry it to the next hand"),
    case("counter_per_unknown.yaml", "4:15", "'counters.bags.per' must be one of hand, game, not 'match'"),
    case("game_no_end.yaml", "13:1",
         "the game names no end: give its 'target' (a score that wins), its 'hands' (how many hands it lasts) or its"
         " 'win_if' (a condition that ends it)"),
    case("game_winner_unknown.yaml", "4:11", "'game.winner' must be one of highest, lowest, not 'middle'"),
    case("game_hands_condition.yaml", "4:10", "expected a number, but this is a condition (true/false)"),
    case("pick_keep_shared.yaml", "5:18", "zone 'stock' is owned by none; here it must be owned by seat"),
    case("pick_unknown_zone.yaml", "5:18", "unknown zone 'burnt' (did you mean burned?)"),
    # ---- shedding play ----------------------------------------------------------------------------------
    case("shed_called_not_suit.yaml", "8:15", "variable 'count_called' is an int; here it must be a suit"),
    case("shed_calls_without_called.yaml", "63:14", "'calls' goes with 'called': 'calls' tests the cards after which"
         " the player names a suit, 'called' is the suit variable that holds it",
         reported="../../rulesets/crazy-eights.yaml", changes=", which changes hand: play (line 4)"),
    case("shed_draw_most_without_draw.yaml", "7:7", "'draw_most' is about drawing: give 'draw_from', the zone a player"
         " draws from"),
    case("shed_draw_most_zero.yaml", "6:18", "'hand.play.draw_most' 0 is less than the minimum of 1"),
    case("shed_key_in_trick_play.yaml", "6:7", "'may_play' is a key of shed play, not of trick play"),
    case("shed_may_play_reads_other_hand.yaml", "6:17", "play may_play reads 'hand', which the seat to act may not"
         " see: what it is offered would tell it"),
    case("shed_to_seat_zone.yaml", "6:11", "zone 'hand' is owned by seat; here it must be owned by none"),
    case("shed_from_face_down.yaml", "8:13", "zone 'pile' is visible: top, so its owner does not see the cards he may"
         " lay; a shedding play lays from a zone its owner sees (visible: owner or all)"),
    case("trick_from_face_down.yaml", "94:7", "zone 'hand' is visible: none, so its owner does not see the cards he"
         " may play; a trick play plays from a zone its owner sees (visible: owner or all, or top: its top card is"
         " played)", reported="../../rulesets/hokm.yaml", changes=", which changes zones.hand (line 4)"),
    case("trick_turn_from_face_down.yaml", "40:35", "zone 'pile2' is visible: none, so its owner does not see the"
         " cards he may play; a trick play plays from a zone its owner sees (visible: owner or all, or top: its top"
         " card is played)", reported="../../rulesets/shelem-2p.yaml", changes=", which changes zones.pile2 (line 4)"),
    case("capture_from_face_down.yaml", "41:7", "zone 'hand' is visible: none, so its owner does not see the cards"
         " he may play; a capture play plays from a zone its owner sees (visible: owner or all)",
         reported="../../rulesets/pasur.yaml", changes=", which changes zones.hand (line 4)"),
    case("shed_draw_from_the_pile.yaml", "6:18", "'discard' is the pile cards are laid on: a player draws from another"
         " zone (the stock)"),
    case("shed_effect_draw_without_draw_from.yaml", "8:56", "'draw' makes the next player draw: give the play"
         " 'draw_from', the zone drawn from"),
    case("shed_effect_does_nothing.yaml", "7:11", "an 'after_lay' entry says what its card does: 'draw' (the next"
         " player draws that many cards and misses the turn), 'skip' (that many players miss their turn) or"
         " 'reverse: true' (play turns round)"),
    case("shed_effect_reads_hidden.yaml", "8:27", "after_lay if reads 'hand', which not every seat may see, and"
         " every seat sees what the card laid does"),
    case("shed_pass_after_draw_without_draw.yaml", "7:7", "'pass_after_draw' is about drawing: give 'draw_from', the"
         " zone a player draws from"),
    case("shed_places_per_side.yaml", "10:15", "counter 'place' is kept per side; here it must be per seat"),
    case("shed_until_unknown.yaml", "6:14", "'hand.play.until' must be one of first_out, one_left, not 'last_left'"),
    case("shed_effect_stack_without_draw.yaml", "7:54", "'stack' lets the next player answer a draw with a card like"
         " the one laid: give the entry 'draw', the cards the next player draws"),
    case("shed_stop_reads_hidden.yaml", "6:18", "stop_when reads 'hand', which not every seat may see: whether play"
         " stops would tell them"),
    case("shed_together_in_trick_play.yaml", "6:7", "'together' is a key of shed play, not of trick play"),
    case("shed_together_not_a_test.yaml", "6:17", "expected a condition (true/false), but this is a number"),
    case("shed_together_reads_other_hand.yaml", "6:17", "play together reads 'hand', which the seat to act may not"
         " see: what it is offered would tell it"),
    case("pass_to_suit.yaml", "5:16", "expected a number, but this is a suit"),
    case("pass_count_zero.yaml", "5:19", "'hand.pass.count' 0 is less than the minimum of 1"),
    case("holder_leader_in_widow.yaml", "9:20", "leader 'holder(2C)' may be nobody: the deal gives the seats 48 of the"
         " 52 cards, so 2C may lie in 'widow', which no seat holds (deal it to the seats, or give the step a 'when'"
         " that holds only when a seat holds it)"),  # from the deal, not only in a trial hand that deals it so
    case("holder_leader_in_widow_in_a_branch.yaml", "11:20", "leader 'if hand_number == 1 then holder(2C) else"
         " next(dealer)' may be nobody: the deal gives the seats 48 of the 52 cards, so 2C may lie in 'widow', which"
         " no seat holds (deal it to the seats, or give the step a 'when' that holds only when a seat holds it)"),
    case("holder_chooser_in_widow.yaml", "12:49", "who 'holder(2C)' may be nobody: the deal gives the seats 48 of the"
         " 52 cards, so 2C may lie in 'widow', which no seat holds (deal it to the seats, or give the step a 'when'"
         " that holds only when a seat holds it)"),
    case("pass_to_not_one_to_one.yaml", "7:11", "'to': seats 1 and 3 would both pass their cards to seat 0, and seat"
         " 2 would receive none: each seat passes to a different seat"),  # known at load: not at the tricks in play
    case("pass_to_one_seat.yaml", "7:11", "'to' gives seat 1 its own cards: each seat passes to another (to skip"
         " passing in some hands, give the step a 'when')"),
    case("pass_from_shared.yaml", "5:18", "zone 'stock' is owned by none; here it must be owned by seat"),
    case("tables_key_unknown.yaml", "5:17", "table 'bonus': '7X' is neither a rank (A 2-10 J Q K) nor a card (7D, BJ)"),
    case("tables_card_not_in_deck.yaml", "5:17", "table 'bonus': 9D is not in this ruleset's deck"),
    case("tables_rank_twice.yaml", "5:17", "table 'bonus': 'a' names a rank given already: give each rank once"),
    case("tables_name_clash.yaml", "5:3", "'scope' names a counter already (at scopa.yaml:21): give the table another"
         " name"),
    case("tables_language_name.yaml", "5:3", "'count' is a name of the rules language: give the table another name"),
    case("tables_value_not_number.yaml", "5:14", "'tables.bonus' key 7 must be a whole number, not 'many'"),
    case("counter_keys_mixed.yaml", "5:11", "unknown key '7' in 'counters.bonus' (allowed: fa, owner, per)"),
    case("collect_of_shared.yaml", "6:41", "'of' names the seat whose cards go; 'table' is shared"),
    case("collect_seat_to_shared.yaml", "8:43", "'seat' names the seat that receives them; 'out' is shared"),
    case("chooser_without_until.yaml", "6:76", "'chooser' holds the seat whose choice met 'until': without an"
         " 'until', one seat chooses, the one 'who' names"),
    case("chooser_not_a_seat.yaml", "6:104", "variable 'call' is a word; here it must be a seat"),
    case("choose_pass_is_another_option.yaml", "6:20", "'order' would be the action pass, which the option 'pass'"
         " is already: two options of one choice need two actions"),
    case("choose_pass_not_an_option.yaml", "6:20", "'pass' names the option that passes, one of the options"
         " (S, H, D, C, no_suit), not 'no_trump'"),
    case("until_not_a_condition.yaml", "6:76", "expected a condition (true/false), but this is a number"),
    case("until_reads_hidden.yaml", "6:76", "until reads 'hand', which not every seat may see: whether the round of"
         " choices goes on would tell them"),
    case("sits_out_reads_hidden.yaml", "7:17", "sits_out reads 'hand', which not every seat may see: who sits out"
         " would tell them"),
    case("collect_of_reads_hidden.yaml", "6:31", "of reads 'hand', which not every seat may see: whose cards move"
         " would tell them"),
    case("collect_to_itself.yaml", "6:32", "the cards would go from 'table' to 'table' itself"),
    case("collect_cards_from_hidden.yaml", "7:35", "'cards' picks which cards of 'stock' move, but 'stock' is not"
         " face up for every seat (visible: all): which cards left a hidden pile would have to stay secret, and bots'"
         " deals of the unseen cards could not keep that secret; make the zone face up (visible: all), count those"
         " cards where they lie (a scoring row reading stock[...]), or collect the whole zone"),
    case("collect_cards_reads_hidden.yaml", "7:35", "cards reads 'stock', which not every seat may see: which cards"
         " move would tell them"),
    case("sits_out_with_draw.yaml", "8:17", "a seat that sits out would draw after each trick and never play the"
         " cards: 'sits_out' cannot go with 'draw'"),
    case("sits_out_nobody_or_arithmetic.yaml", "7:17", "'sits_out' is -1 (nobody) by one branch and worked out by"
         " seat arithmetic by another, where -1 would be the seat before 0: name that seat with prev() or next()"
         " (next(next(dealer)) for dealer + 2)"),
    case("tables_card_twice.yaml", "5:18", "table 'bonus': '7d' names a card given already: give each card once"),
    case("tables_rank_not_in_deck.yaml", "5:17", "table 'bonus': no card of rank '10' is in this ruleset's deck"),
    case("key_reads_as_false.yaml", "6:27", "the key 'off' reads as false (YAML takes yes, no, on and off for true"
         " and false): write it in quotes, as \"off\", or check its spelling"),
    case("max_of_cards_alone.yaml", "5:9", "max() of cards needs the number to take for each card: max(cards, x),"
         " e.g. max(won, value)"),
    case("key_reads_as_true_and_a_typo.yaml", "5:3", "the key 'yes' reads as true (YAML takes yes, no, on and off for"
         " true and false): write it in quotes, as \"yes\", or check its spelling"),
    case("option_target_for_the_game.yaml", "5:3", "unknown option 'target' (options: bag_penalty, hand_limit,"
         " minus_200, nil_value): the game's own target is set under game:, as game: {target: 300}"),
    case("key_reads_as_true_then_given_again.yaml", "6:3", "duplicate key 'on'"),
    case("choose_options_one_word.yaml", "6:48", "'options' lists the choices, or is 'suits' for every suit: the one"
         " word 'suit' would be a choice of one (did you mean suits?)"),
    case("table_without_its_card.yaml", "5:18", "'primiera' is a table, a number for each card: give it the card,"
         " as primiera(card)"),
    case("max_of_cards_extra_argument.yaml", "5:24", "max() of cards takes the cards and the number for each card,"
         " max(cards, x): 3 arguments given"),
    # ---- a card's rank, suit or the card itself compared with a value no card of the deck has ------------
    case("rank_never_in_deck.yaml", "5:35", "no card of this ruleset's deck has rank 14 (ranks are numbers: A=1,"
         " 2-10, J=11, Q=12, K=13): `rank == 14` is always false"),  # an ace high, as a card player counts it
    case("rank_list_never_in_deck.yaml", "5:33", "no card of this ruleset's deck has rank 8 (ranks are numbers: A=1,"
         " 2-7, J=11, Q=12, K=13): `rank in (8, 9, 10)` is always false"),  # Scopa's 40 cards
    case("card_never_in_deck.yaml", "5:32", "10D is not a card of this ruleset's deck: `card != 10D` is always true"),
    # ---- one mistake said once, not again by the checks that would need it mended (SAID_ONCE) ------------
    case("deal_unknown_zone_said_once.yaml", "5:17", "unknown zone 'hands' (did you mean hand?)"),
    case("refill_unknown_zone_said_once.yaml", "5:17", "unknown zone 'hands' (did you mean hand?)"),
    case("set_number_as_name.yaml", "7:11", "unknown variable '5' (variables: dealer, hakem, trump, throw,"
         " bam_call)"),
    case("hand_taken_away_said_once.yaml", "3:7", "'hand: null' takes the base's 'hand' away, and every ruleset needs"
         " its steps: change what differs, or leave 'hand' out to keep the base's"),
    case("step_kind_misspelt_said_once.yaml", "5:5", "unknown key 'pas' in 'hand' item 2 (did you mean 'pass'?"
         " allowed: after, auction, before, choose, collect, deal, doc, draw, exchange, fa, name, pass, pick, play,"
         " redeal, remove, set, shuffle, stock, when)"),
    # ---- several mistakes in one file, said in line order -------------------------------------------------
    case("two_mistakes_found_out_of_order.yaml", "6:16", "'+' needs numbers, not a suit"),
    # ---- a new game author's mistakes (an audit): the message says the fix ------------------------------
    case("yaml_expression_unquoted.yaml", "4:35", "YAML syntax: while parsing a flow mapping, expected ',' or '}',"
         " but got '[' (inside '{…}' a value that holds brackets or a comma is read as YAML: put an expression in"
         " quotes, as \"count(won[rank == A]) * 2\")"),
    case("seat_written_out_of_range.yaml", "5:19", "who '4' is no seat: name a seat (0 to 3, or one by a rule:"
         " dealer, next(dealer) …)"),  # it wrapped round to seat 0 (a review)
    case("option_set_at_the_top.yaml", "3:1", "unknown key 'target' (it belongs under 'options:': indent it there;"
         f" allowed: {TOP_KEYS})"),  # an option of the base's: not game's own target, which the option sets
    case("option_name_a_number.yaml", "4:3", "the names under 'options' are words (letters, digits and _, not first"
         " a digit), not 7"),  # an internal error once (a review)
    case("yaml_missing_comma.yaml", "4:23", "YAML syntax: while parsing a flow mapping, expected ',' or '}', but got"
         " ':' (a ',' is missing between two items of the '{…}')"),
    case("yaml_wrong_close.yaml", "4:29", "YAML syntax: while parsing a flow mapping, expected ',' or '}', but got"
         " ']' (the '{' opened here is closed by '}', not ']')"),
    case("key_not_indented.yaml", "4:1", f"unknown key 'target' (it belongs under 'game:': indent it there; allowed:"
         f" {TOP_KEYS})"),
    case("play_key_beside_play.yaml", "5:5", "unknown key 'mandatory' in 'hand' item 2 (it belongs under 'play:':"
         " indent it there; allowed: after, auction, before, choose, collect, deal, doc, draw, exchange, fa, name,"
         " pass, pick, play, redeal, remove, set, shuffle, stock, when)"),
    case("yes_no_quoted.yaml", "6:19", "unknown name 'no': write true or false (or, for a word, \"no\" in quotes)"),
    case("null_misspelt.yaml", "4:11", "unknown name 'nul': did you mean null? (unquoted, as YAML writes no value)"),
    case("option_without_prefix.yaml", "4:15", "unknown name 'rounds': an option is read as option.rounds"),
]

SAID_ONCE = {  # each file's one mistake, and what the checks that need it mended said after it, misleading
    "deal_unknown_zone_said_once.yaml": ["'at_a_time' is for zones owned by seats; 'hands' is shared",
                                         "leader 'holder(2C)' may be nobody"],
    "refill_unknown_zone_said_once.yaml": ["cards stay in the stock after the deal; refills of 8 cannot share them"
                                           " out"],
    "step_kind_misspelt_said_once.yaml": ["a step needs exactly one of"],
    "hand_taken_away_said_once.yaml": ["is never 'bam'"],  # the base's rules read what its steps set
}


def validate(*paths):
    return CliRunner().invoke(main, ["validate", *map(str, paths)])


def assert_no_crash(result) -> None:
    assert "Traceback" not in result.output
    # CliRunner swallows an uncaught exception (exit code 1, no text): that is a crash too
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


@pytest.mark.parametrize("name, reported, loc, message, changes", CASES)
def test_bad_ruleset(name, reported, loc, message, changes):
    result = validate(BAD / name)
    assert_no_crash(result)
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert all(LINE.match(line) for line in lines), f"not one FILE:LINE:COL line per problem:\n{result.output}"
    expected = f"{BAD / reported}:{loc}: error: {message}"
    if reported != name:  # a line of a base: the variant's change may be the cause
        expected += f" (a line of a ruleset that {BAD / name} extends{changes})"
    assert expected in lines, f"expected:\n{expected}\ngot:\n{result.output}"


def test_an_anchor_and_its_alias_repeat_a_part_of_the_file(tmp_path):
    """What the merge key's error offers works: a step's `set` anchored (&seen) and repeated whole by its alias
    (*seen) in a later step is the same entries, worked out again there, in order."""
    text = (BAD / "yaml_merge_key.yaml").read_text(encoding="utf-8")
    rest = text[text.index("  - name: the rest"):text.index("scoring:")]
    text = text.replace(rest, "  - {name: after it, set: &seen {seen: trick_number, later: seen + 100}}\n"
                              "  - {name: the rest, play: {mode: trick, leader: last_trick_winner, tricks: tricks}}\n"
                              "  - {name: after them, set: *seen}\n")
    text = text.replace("hand:\n", "vars: {seen: {type: int, visible: all}, later: {type: int, visible: all}}\nhand:\n")
    path = tmp_path / "anchored.yaml"
    path.write_text(text, encoding="utf-8")
    result = validate(path)
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    game = load(path)
    assert game.tree["hand"][2]["set"] == game.tree["hand"][4]["set"] == {"seen": "trick_number", "later": "seen + 100"}
    st = game.new_state(seed=1)
    while not st.over:
        st.apply_move(st.legal_moves()[0])
    assert st.vars == {"seen": 26, "later": 126}


def test_every_file_has_a_row():
    rows = {p.values[0] for p in CASES}
    assert rows == {p.name for p in BAD.iterdir()}


def test_file_is_named_as_typed(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = validate("tests/bad_rulesets/unknown_function.yaml", "tests/bad_rulesets/extends_cycle_a.yaml")
    assert_no_crash(result)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"tests/bad_rulesets/unknown_function.yaml:5:13: error: unknown function 'len' (functions: {FUNCTIONS})",
        "tests/bad_rulesets/extends_cycle_b.yaml:3:10: error: cyclic 'extends': 'extends_cycle_a.yaml' "
        "extends this file again (a line of a ruleset that tests/bad_rulesets/extends_cycle_a.yaml extends)",
    ]


def test_base_outside_the_folder_is_named_as_typed(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = validate("tests/bad_rulesets/vars_type_changed.yaml")
    assert_no_crash(result)
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    message = (":74:61: error: variable 'trump' is a word; here it must be a suit (a line of a ruleset that"
               " tests/bad_rulesets/vars_type_changed.yaml extends, which changes vars.trump (line 4))")
    assert first in (f"rulesets/hokm.yaml{message}", f"tests/bad_rulesets/../../rulesets/hokm.yaml{message}"), first


@pytest.mark.parametrize("name", ["values_type_error.yaml", "values_unknown_name.yaml", "target_infinite.yaml",
                                  "option_default_a_word.yaml"])
def test_broken_value_is_reported_once(name):
    """A value that does not compile is one mistake: its uses are not 'unknown' names as well (nor is a word
    given as a number option's default a type error where the option is read)."""
    result = validate(BAD / name)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert len(result.output.splitlines()) == 1, result.output


@pytest.mark.parametrize("name", sorted(SAID_ONCE))
def test_a_mistake_is_said_once_not_with_what_follows_from_it(name):
    """An unknown zone in a deal is said as such, and the checks that need to know the zone (is it shared? how
    many cards does the deal leave in the stock? may a card lie outside the hands?) pass the deal over; a step
    whose one unknown key is a kind misspelt (`pas:`) is said once, with the kind it may have meant, not also
    as a step of no kind (an audit: the second line misled)."""
    [row] = [p.values for p in CASES if p.values[0] == name]
    result = validate(BAD / name)
    assert_no_crash(result)
    assert result.output.splitlines() == [f"{BAD / name}:{row[2]}: error: {row[3]}"], result.output
    assert not any(said in result.output for said in SAID_ONCE[name])


def test_a_value_no_card_has_among_others_in_a_list_is_a_warning(tmp_path):
    """`rank in (A, 14)` counts the aces, so it is not always false (that is an error: tests/bad_rulesets/
    rank_never_in_deck.yaml), but its 14 never matches: a warning at the 14, and the file is valid."""
    path = tmp_path / "aces.yaml"
    path.write_text('extends: hearts\nname: house\nscoring:\n  - {name: aces, points: "count(won[rank in (A, 14)])"}\n',
                    encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warned == [f"{path}:4:49: warning: no card of this ruleset's deck has rank 14 (ranks are numbers: A=1,"
                      " 2-10, J=11, Q=12, K=13): it never matches in `rank in (A, 14)`"], result.output
    path.write_text('extends: hearts\nname: house\nscoring:\n  - {name: aces, points: "count(won[rank in (A, K)])"}\n',
                    encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_capture_rule_that_compares_the_table_card_with_itself_is_a_warning(tmp_path):
    """An author's audit: `from: rank == card.rank` in a capture rule, meant as the played card's rank, holds for
    every table card (a queen took any card), and validate said the file was valid without a word. A warning at
    the `==` now says so and names `played`; the file stays valid (the game runs)."""
    path = tmp_path / "pairs.yaml"
    rule = '{name: pair, card: "rank in (Q, K)", take: one, from: rank == card.rank}'
    warned = _warnings_of(path, "extends: pasur\nname: house\nhand:\n  - name: play\n    play:\n      captures:\n"
                                f"        - {rule}\n")
    assert warned == [f"{path}:7:70: warning: `rank == card.rank` compares a value with itself: it is always true"
                      " (here `card` and a bare `rank` or `suit` are both the card the test is asked of; the card"
                      " played is `played`)"], warned
    warned = _warnings_of(path, 'extends: spades\nname: house\nvalues:\n'
                                '  same: "each_seat(if bid == bid then 1 else 0)"\n'
                                '  high: "each_seat(count(hand[rank > 13]))"\n'  # a seat in focus: warned (a review)
                                '  led: "if top(trick).rank == top(trick).rank then 1 else 0"\n')
    said = ("`bid == bid` compares a value with itself", "no card of this ruleset's deck has rank above 13",
            "`==` here compares a value with itself")  # not `….rank == ….rank`
    assert len(warned) == 3 and all(w.split(": warning: ")[1].startswith(s) for w, s in zip(warned, said)), warned


def test_a_name_of_the_language_taken_is_said_alone_not_with_every_expression_that_reads_it(tmp_path):
    """A counter named `top` in Crazy Eights was refused, and then each `top(discard)` was said wrong too (a
    contributor's audit): the clash alone is said."""
    path = tmp_path / "top.yaml"
    path.write_text("extends: crazy-eights\nname: house\ncounters:\n  top: {owner: seat}\n", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:4:3: error: 'top' is a name of the rules language: give the"
                                          " counter another name"], result.output
    path.write_text("extends: crazy-eights\nname: house\ncounters:\n  top: {owner: seat}\nscoring:\n"
                    "  - name: going out\n    points: others_lefft\n", encoding="utf-8")
    result = validate(path, "--games", "0")  # an error of its own beside the clash is still said (a review)
    assert result.output.splitlines() == [
        f"{path}:4:3: error: 'top' is a name of the rules language: give the counter another name",
        f"{path}:7:13: error: unknown name 'others_lefft' (did you mean others_left?)"], result.output


def test_a_notice_true_or_false_whatever_the_play_is_a_warning(tmp_path):
    """A notice that always holds never comes to hold, and one that never holds is never said (a review)."""
    path = tmp_path / "notices.yaml"
    warned = _warnings_of(path, "extends: hearts\nname: house\ntable:\n  notices:\n    always: true\n"
                                "    never: option.queen_breaks\n")
    assert warned == [f"{path}:5:13: warning: table notices: 'always' always holds, so it never comes to hold: never"
                      " said (the board lists it)",
                      f"{path}:6:12: warning: table notices: 'never' never holds: never said"]


def test_a_name_shown_or_announced_twice_is_a_warning(tmp_path):
    """A fuzz of house rules: `show: [tricks, tricks]` said the tricks twice at each hand's end."""
    path = tmp_path / "twice.yaml"
    warned = _warnings_of(path, "extends: hokm\nname: house\ntable:\n  show: [tricks, kot, tricks]\n")
    said = f"{path}:4:23: warning: table show: 'tricks' is listed twice, and would be said twice: list it once"
    assert said in warned, warned


SHELEM_BIDDING = "extends: shelem\nname: house\nhand:\n  - name: bidding\n"  # a house rule's change of the auction


@pytest.mark.parametrize("misleading, loc, message, mended", [
    # Shelem's bids from 97 by 5 never reach its 165 (a study user's audit: validate said nothing)
    ("{min: 97}", "5:20", "the bids go from 97 by 5, so the highest bid is 162: the 'max' of 165 is never a bid (a"
     " 'min' of 100 or 162 as 'max' keeps the two in step)", "{min: 120}"),
    # an author's audit: `forbid_if: side(bidder) == side(seat)` (bidder: the auction's winner) never struck a bid
    # out, for the winner is set only once the auction is over, and validate said nothing
    ("{forbid_if: 'side(hakem) == side(seat)'}", "5:26", "'hakem' is set only once the auction is over: during the"
     " bidding it holds what it held before; write 'high_bidder' for the bids so far (high_bidder: whose the highest"
     " bid is; high_bid: that bid)", "{forbid_if: 'side(high_bidder) == side(seat)'}"),
])
def test_an_auction_that_does_not_do_what_it_says_is_a_warning_and_its_mend_is_not(tmp_path, misleading, loc,
                                                                                     message, mended):
    path = tmp_path / "house.yaml"
    assert _warnings_of(path, SHELEM_BIDDING + f"    auction: {misleading}\n") == [f"{path}:{loc}: warning: {message}"]
    assert _warnings_of(path, SHELEM_BIDDING + f"    auction: {mended}\n") == []


def test_a_win_if_reading_what_after_hand_sets_is_a_warning(tmp_path):
    """An author's audit: a player's running total kept in a per-game counter that `after_hand` adds to, and read
    by `win_if`, was judged one hand late (win_if first, and no after_hand after the last hand): the final screen
    showed 38 beside "a player at 41 … wins". Said at the win_if, with the fix."""
    path = tmp_path / "late.yaml"
    text = ("extends: hokm\nname: late\ncounters:\n  kots: {owner: side, per: game}\ngame:\n"
            "  after_hand: {kots: 'kots + (if tricks == 7 and opp(tricks) == 0 then 1 else 0)'}\n")
    assert _warnings_of(path, text + "  win_if: kots >= 2\n") == [
        f"{path}:7:11: warning: 'win_if' reads 'kots', which 'after_hand' sets: win_if is judged first (and"
        " after_hand does not run after the game's last hand), so it sees the value one hand late; set it in a step"
        " at the hand's end (a 'set:' step) to judge the hand just played"]
    assert _warnings_of(path, text + "  win_if: score >= 5\n") == []


def _warnings_of(path, text: str) -> list[str]:
    """A house rule written to `path` and validated without trial games: valid, and its warning lines."""
    path.write_text(text, encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if ": warning: " in line]


RANKS_SAID = "(ranks are numbers: A=1, 2-10, J=11, Q=12, K=13)"
BOUNDS = [  # (points, loc, warning): a card's rank or value bounded past the deck's, in a Hearts house rule
    ("count(won[rank > 13])", "4:44", f"no card of this ruleset's deck has rank above 13 {RANKS_SAID}: `rank > 13`"
     " is always false"),  # an ace high, as a card player counts it
    ("count(won[13 < rank])", "4:37", f"no card of this ruleset's deck has rank above 13 {RANKS_SAID}: `13 < rank`"
     " is always false"),
    ("count(won[rank > K])", "4:44", f"no card of this ruleset's deck has rank above K {RANKS_SAID}: `rank > K` is"
     " always false"),
    ("count(won[rank <= K])", "4:45", f"every card of this ruleset's deck has rank at or below K {RANKS_SAID}:"
     " `rank <= K` is always true"),
    ("count(won[value < 0])", "4:45", "no card of this ruleset's deck has value below 0 (its values: 0-13):"
     " `value < 0` is always false"),
    ("count(won[value >= 0])", "4:46", "every card of this ruleset's deck has value at or above 0 (its values:"
     " 0-13): `value >= 0` is always true"),
]


@pytest.mark.parametrize("points, loc, message", BOUNDS, ids=[row[0] for row in BOUNDS])
def test_a_bound_no_card_or_every_card_passes_is_a_warning(tmp_path, points, loc, message):
    """`rank > 13` (an ace counted high) never holds, and `rank <= K` always does: a warning at the bound, and the
    file is valid — a bound may be written for a wider deck than a variant's (`rank == 14` is an error)."""
    path = tmp_path / "house.yaml"
    path.write_text(f'extends: hearts\nname: house\nscoring:\n  - {{name: aces, points: "{points}"}}\n',
                    encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    assert [line for line in result.output.splitlines() if ": warning: " in line] == [f"{path}:{loc}: warning:"
                                                                                        f" {message}"]


@pytest.mark.parametrize("points", ["count(won[rank > 10])", "count(won[rank <= 1])", "count(won[value > 0])",
                                    "if top(trick).rank < 1 then 0 else 1"])
def test_a_bound_some_cards_pass_is_no_warning(tmp_path, points):
    """A bound that splits the deck, or one that only no card passes (`top(trick).rank < 1`: the trick is empty),
    says nothing."""
    path = tmp_path / "house.yaml"
    path.write_text(f'extends: hearts\nname: house\nscoring:\n  - {{name: aces, points: "{points}"}}\n',
                    encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


NEVER = [  # (a Pasur house rule, loc, warning): a condition false whatever the play, by its numbers' bounds
    ("hand:\n  - name: leftovers\n    when: hand_number == 0\n    collect: {from: table, to: won, seat:"
     " last_capturer}\n", "5:11", "step 'leftovers' never runs: its 'when' never holds (`hand_number == 0`, where"
     " `hand_number` is 1 or more)"),  # the first hand counted from 0
    ("hand:\n  - name: leftovers\n    when: count(table) < 0 and dealer == 0\n    collect: {from: table, to: won,"
     " seat: last_capturer}\n", "5:11", "step 'leftovers' never runs: its 'when' never holds (`count(table) < 0`,"
     " where `count(table)` is 0 or more)"),
    ("game:\n  win_if: hand_number % 10 == 10 and points > 0\n", "4:11", "'win_if' never holds, so it never ends the"
     " game (`hand_number % 10 == 10`, where `hand_number % 10` is 0 to 9)"),
]


@pytest.mark.parametrize("rule, loc, message", NEVER, ids=["hand_number", "count", "win_if"])
def test_a_condition_its_numbers_bounds_make_false_is_a_warning(tmp_path, rule, loc, message):
    """`hand_number == 0` never holds (hands are counted from 1), nor `count(table) < 0`: a warning at the `when`
    (or `win_if`), and the file is valid; mended, nothing is said. A `when` a constant makes false is an error
    (unreachable_step.yaml), as the compiler folds it; these need the bounds of what is read in play."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: pasur\nname: house\n{rule}", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    assert [line for line in result.output.splitlines() if ": warning: " in line] == [f"{path}:{loc}: warning:"
                                                                                        f" {message}"]
    path.write_text(f"extends: pasur\nname: house\n{rule.replace('== 0', '== 1').replace('< 0', '< 1')}"
                    .replace("== 10", "== 9"), encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_step_after_the_last_hand_is_a_warning(tmp_path):
    """A game of `hands: 3` plays hands 1 to 3: a step for `hand_number > 3` never runs, said at its `when`
    with the game's length; `hand_number >= 3` runs in the last hand, and says nothing."""
    path = tmp_path / "house.yaml"
    rule = ("game:\n  hands: 3\nhand:\n  - name: leftovers\n    when: hand_number > 3\n    collect: {from: table,"
            " to: won, seat: last_capturer}\n")
    path.write_text(f"extends: pasur\nname: house\n{rule}", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    assert [line for line in result.output.splitlines() if ": warning: " in line] == [
        f"{path}:7:11: warning: step 'leftovers' never runs: its 'when' never holds (`hand_number > 3`, where"
        " `hand_number` is 1 to 3: the game lasts 3 hands)"]
    path.write_text(f"extends: pasur\nname: house\n{rule.replace('> 3', '>= 3')}", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    path.write_text("extends: pasur\nname: house\noptions:\n  length: {default: 3, doc: hands}\n"  # `--with length=5`
                    f"{rule.replace('hands: 3', 'hands: option.length')}", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_key_read_as_true_hides_no_other_mistake():
    """A key YAML reads as true or false stopped the reading: the file's other mistakes were found only once it
    was mended. It is said once (not again as an unknown key) and the checks go on, with the key as written."""
    result = validate(BAD / "key_reads_as_true_and_a_typo.yaml")
    assert_no_crash(result)
    lines = result.output.splitlines()
    assert [line.split(": error: ")[0].rsplit(":", 2)[1:] for line in lines] == [["5", "3"], ["6", "11"]], lines
    assert "unknown name 'trik' (did you mean" in lines[1]
    result = validate(BAD / "key_reads_as_false.yaml")
    assert len(result.output.splitlines()) == 1, result.output


def test_a_files_mistakes_are_said_in_line_order():
    """The value on line 8 is compiled before the scoring row on line 6, and its mistake was said first (an audit:
    `8:17` before `6:16`)."""
    path = BAD / "two_mistakes_found_out_of_order.yaml"
    result = validate(path)
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:6:16: error: '+' needs numbers, not a suit",
                                          f"{path}:8:17: error: expression ends too soon"]


NEAR_NAME = "extends: hokm\nname: near name\nhand:\n  - name: trumpp\n    set: {trump: H}\n"  # a warning, no error
NEAR_NAME_SAID = "'trumpp' is a new step, not the base's 'trump': to change that step, spell its name as the base does"


def test_validate_strict_fails_on_a_warning(tmp_path):
    """A CI job could not make warnings fail (an audit): --strict counts them as errors, exit 1; the lines are
    the same, and no ok line follows them."""
    path = tmp_path / "near.yaml"
    path.write_text(NEAR_NAME, encoding="utf-8")
    warned = f"{path}:4:11: warning: {NEAR_NAME_SAID}"
    plain = validate(path)
    assert plain.exit_code == 0 and plain.output.splitlines() == [warned, "ok: 1 ruleset(s) valid, 10 trial games each"]
    strict = CliRunner().invoke(main, ["validate", "--strict", str(path)])
    assert strict.exit_code == 1 and strict.output.splitlines() == [warned], strict.output
    clean = CliRunner().invoke(main, ["validate", "--strict", str(ROOT / "rulesets" / "hokm.yaml")])
    assert clean.exit_code == 0 and clean.output.startswith("ok: 1 ruleset(s) valid"), clean.output


def test_validate_json_gives_each_files_errors_and_warnings(tmp_path):
    """--json: one object, each file with its errors (in line order) and warnings, each with file, line, col and
    message, and whether it is ok; --strict makes a file with a warning not ok. A long name is whole, not cut
    short as a line cuts it."""
    near, broken = tmp_path / f"near{'-' * 80}.yaml", BAD / "two_mistakes_found_out_of_order.yaml"
    near.write_text(NEAR_NAME, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--json", "--games", "3", str(near), str(broken)])
    assert result.exit_code == 1
    said = json.loads(result.stdout)
    assert said == {"ok": False, "strict": False, "games": 3, "files": [
        {"file": str(near), "ok": True, "errors": [],
         "warnings": [{"file": str(near), "line": 4, "col": 11, "message": NEAR_NAME_SAID}]},
        {"file": str(broken), "ok": False, "warnings": [], "errors": [
            {"file": str(broken), "line": 6, "col": 16, "message": "'+' needs numbers, not a suit"},
            {"file": str(broken), "line": 8, "col": 17, "message": "expression ends too soon"}]}]}
    result = CliRunner().invoke(main, ["validate", "--json", str(near)])
    assert result.exit_code == 0 and json.loads(result.stdout)["ok"] is True
    result = CliRunner().invoke(main, ["validate", "--json", "--strict", str(near)])
    said = json.loads(result.stdout)
    assert result.exit_code == 1 and not said["ok"] and not said["files"][0]["ok"]


def test_bundled_rulesets_are_valid(monkeypatch):
    monkeypatch.chdir(ROOT)
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "rulesets").glob("*.yaml"))
    assert files
    result = validate(*files)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"ok: {len(files)} ruleset(s) valid, 10 trial games each"]  # all played


def test_several_files_each_reported():
    """A good file among bad ones: every bad one is reported, in order, and the good one is not."""
    rows = [p.values for p in CASES if not p.marks and p.values[0] == p.values[1]]
    good = ROOT / "rulesets" / "pasur.yaml"
    files = [BAD / name for name, *_ in rows[:3]] + [good] + [BAD / name for name, *_ in rows[3:]]
    result = validate(*files)
    assert_no_crash(result)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    expected = [f"{BAD / name}:{loc}: error: {message}" for name, _, loc, message, _ in rows]
    assert [line for line in lines if line in expected] == expected
    assert not any(line.startswith(str(good)) for line in lines)
    assert "ok:" not in result.output


TURNED_UP = """\
extends: hearts
name: turned
description: Hearts whose last four cards are turned up, then dealt one each
zones:
  turned: {visible: all}
hand:
  - name: deal
    deal: [{to: hand, count: 12, at_a_time: 1}, {to: turned, count: 4}]
  - name: the turned cards
    after: deal
    shuffle: false
    stock: turned
    deal: [{to: hand, count: 1}]
"""


def test_a_deal_from_another_zone_is_not_counted_against_the_deck(tmp_path):
    """The deal check counts what leaves the shuffled stock; a deal from a zone of cards turned up
    (`stock: turned`) takes none of it (validate once refused such a file: 'needs 56 cards')."""
    path = tmp_path / "turned.yaml"
    path.write_text(TURNED_UP, encoding="utf-8")
    result = validate(path)
    assert_no_crash(result)
    assert result.exit_code == 0, result.output


def test_every_option_set_wrongly_is_reported_at_once():
    """Three options of the wrong kind: three lines (validate once stopped at the first)."""
    lines = validate(BAD / "options_all_wrong.yaml").output.splitlines()
    assert lines == [f"{BAD / 'options_all_wrong.yaml'}:{loc}: error: {message}" for loc, message in (
        ("4:11", "option 'target' is a whole number, not '62'"),
        ("5:18", "option 'multi_capture' is true or false, not 1"),
        ("6:21", "option 'most_cards_bonus' is a whole number, not true"))]



def test_an_option_of_the_wrong_kind_and_another_outside_its_values_are_both_reported():
    """A value of the wrong kind stopped the load before the compiler could say an option's value is none of its
    own: one line of two (an author's audit)."""
    path = BAD / "options_kind_and_value_wrong.yaml"
    assert validate(path).output.splitlines() == [f"{path}:{loc}: error: {message}" for loc, message in (
        ("6:17", "option 'queen_breaks' is true or false, not 'yes'"),
        ("7:14", "option 'moon_shot' is 'everyone'; it may be others, self (a house rule may declare it again to"
                 " allow more: moon_shot: {default: 'everyone', values: [others, self, 'everyone']})"))]

ALLOWED = {  # rulesets the static checks once refused wrongly: each is a legitimate house rule
    "a word variable compared with an option's word": """
options:
  throw_in: {default: true}
  stop_on: {default: none, values: [none, keep, redeal]}
scoring:
  - name: stop point
    points: 'if option.stop_on != "none" and throw == option.stop_on and side == side(hakem) then 1 else 0'
""",
    "a number variable worked out by seat arithmetic, naming a seat": """
options:
  throw_in: {default: true}
vars:
  cutter: {type: int}
hand:
  - name: cut
    before: throw in
    set: {cutter: "dealer - 1"}
  - name: throw in
    choose: {who: cutter}
""",
    "a true/false option written yes and no": """
options:
  throw_in: no
  stop_early: {default: yes}
  stop_late: {default: off, values: [yes, off]}
scoring:
  - name: stop point
    points: 'if option.stop_early and not option.stop_late and side == side(hakem) then 1 else 0'
""",
    "a count of a hidden hand, which every seat sees, shown at the table": """
vars:
  hakem_cards: {type: int}
hand:
  - name: count cards
    after: rest of the deal
    set: {hakem_cards: "count(hand(hakem))"}
table:
  show: [tricks, hakem_cards]
""",    "the past of a verb the moves say: the contract's, a choice's option, a choice's own verb": """
table:
  words:
    play: {past: {fa: [زد, زدید]}}
    redeal: {past: {fa: [دوباره خواست, دوباره خواستید]}}
    trump: {past: {fa: [حکم را گفت, حکم را گفتید]}}
""",
}


@pytest.mark.parametrize("what", ALLOWED)
def test_the_checks_allow(tmp_path, what):
    path = tmp_path / "house.yaml"
    path.write_text("extends: hokm\n" + ALLOWED[what])
    result = validate(path)
    assert result.exit_code == 0, result.output


def test_a_past_left_by_a_base_for_a_verb_the_variant_takes_away_is_a_warning(tmp_path):
    """Hokm for two says its draw's keep and burn in the past; a variant without the draw leaves those `past:`
    never said. Not the variant's mistake, nor a wrong rule: a warning at the base's line, which says how to drop
    it, and the file is valid; dropped (`past: null`), nothing is said."""
    path = tmp_path / "no draw.yaml"
    variant = ("extends: hokm-2p\nhand:\n  - {name: the draw, remove: true}\n  - name: deal\n"
               "    deal: [{to: hand, count: 26}]\n")
    path.write_text(variant, encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(warned) == 2 and all("hokm-2p.yaml:13" in line for line in warned), warned
    assert warned[0].endswith(f"table words: 'keep' {NOT_A_VERB} (its verbs: bam, discard, play, stop, trump);"
                              f" {path} no longer has that move (to drop its past there: keep: {{past: null}})")
    path.write_text(variant + "table:\n  words:\n    keep: {past: null}\n    burn: {past: null}\n", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_said_left_by_a_base_for_a_value_the_variant_no_longer_announces_is_a_warning(tmp_path):
    """Hokm says its kots as sentences (by the hakem's side, and against it, and H16's reset); a variant that
    announces only bam_lost leaves their `said:` never said: a warning at the base's line for each, which says how
    to drop it, and the file is valid; dropped, nothing is said."""
    path = tmp_path / "no kot.yaml"
    variant = "extends: hokm\ntable:\n  announce: [bam_lost]\n"
    path.write_text(variant, encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(warned) == 3 and "hokm.yaml:169:" in warned[1] and "hokm.yaml:170:" in warned[2], warned
    assert "hokm.yaml:168:" in warned[0] and "'reset'" in warned[0], warned
    assert warned[1].endswith(f"table words: 'kot_by_hakem' {NOT_ANNOUNCED} (the values it announces: bam_lost);"
                              f" {path} no longer announces it (to drop its said there: kot_by_hakem: {{said: null}})")
    path.write_text(variant + "  words:\n    kot_by_hakem: {said: null}\n    kot_on_hakem: {said: null}\n"
                              "    reset: {said: null}\n", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_leader_who_may_be_nobody_is_found_without_a_trial_game(tmp_path):
    """holder(2C) leads, and the deal may leave the 2C in a one-card widow: trial games seldom deal it there (one
    hand in 52), so the deal itself says so, with --games 0 too. A trick step with a `when` (that may keep it to
    hands where a seat holds the card) is left to the trial."""
    widow = ("extends: hearts\nzones:\n  widow: {visible: none}\nhand:\n  - name: deal\n    deal: [{to: hand,"
             " count: 12, at_a_time: 1}, {to: widow, count: %d}]\n  - name: tricks\n%s    play: {leader: holder(2C)}\n")
    path = tmp_path / "widow.yaml"
    path.write_text(widow % (1, ""), encoding="utf-8")  # 3 cards of 52 are dealt to nobody: the stock keeps them
    result = CliRunner().invoke(main, ["validate", "--games", "0", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:8:20: error: leader 'holder(2C)' may be nobody: the deal gives the"
                                          " seats 48 of the 52 cards, so 2C may lie in 'widow' or 'stock', which no"
                                          " seat holds (deal it to the seats, or give the step a 'when' that holds"
                                          " only when a seat holds it)"]
    path.write_text(widow % (1, "    when: holder(2C) >= 0\n"), encoding="utf-8")
    assert CliRunner().invoke(main, ["validate", "--games", "0", str(path)]).exit_code == 0


def test_a_leader_holding_a_card_not_in_the_deck_is_said_once(tmp_path):
    """holder(2C) where the deck has no 2C: the card is said to be missing where it is named, and the check of
    where the deal leaves it says nothing more (it said the card 'may lie in ,' a review found)."""
    path = tmp_path / "no-two.yaml"
    path.write_text("extends: hearts\ndeck: {remove: [2C, 2D, 2H, 2S]}\nhand:\n  - name: deal\n    deal: [{to: hand,"
                    " count: 12}]\n  - name: tricks\n    play: {leader: holder(2C)}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--games", "0", str(path)])
    assert result.exit_code == 1 and "may be nobody" not in result.output, result.output
    assert "2C" in result.output


def test_a_misspelt_function_is_one_problem_not_two(tmp_path):
    """`emptyy(stock)` in Pasur's sur effect is an unknown function, and only that: the check that an effect
    reads only what every seat sees once judged the broken expression too, and reported it as reading the
    stock's cards, which `empty(stock)` does not (a contract audit: one line per problem)."""
    text = (ROOT / "rulesets" / "pasur.yaml").read_text(encoding="utf-8")
    assert "not empty(stock))" in text
    path = tmp_path / "misspelt.yaml"
    path.write_text(text.replace("not empty(stock))", "not emptyy(stock))"), encoding="utf-8")
    result = validate(path)
    assert_no_crash(result)
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:69:46: error: unknown function 'emptyy' (did you mean empty?)"]


def test_an_expression_reported_once_leaves_the_same_text_elsewhere_checked(tmp_path):
    """The checks of what an expression reads skip one that failed to compile, at its place: the same text
    at another place, where it compiles, is still checked (a review: a set step reading an unknown name hid
    the after_capture's reading of the stock)."""
    text = (ROOT / "rulesets" / "pasur.yaml").read_text(encoding="utf-8")
    text = text.replace("hand:\n  - name: deal\n",
                        "hand:\n  - {name: early, set: {surs: top(stock).value + played.value}}\n  - name: deal\n")
    text = text.replace("          add: surs\n", "          add: surs\n          by: top(stock).value + played.value\n")
    path = tmp_path / "twice.yaml"
    path.write_text(text, encoding="utf-8")
    result = validate(path)
    assert_no_crash(result)
    lines = result.output.splitlines()
    assert lines[0] == f"{path}:27:50: error: unknown name 'played' (did you mean players or played_cards?)"
    assert f"{path}:73:15: error: after_capture by reads 'stock', which not every seat may see" in lines[1]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8-sig", "utf-32"])
def test_a_ruleset_saved_as_unicode_with_its_mark_reads_as_utf8_does(tmp_path, encoding):
    """YAML may be UTF-16 (Windows Notepad's "Unicode" writes it, with a byte order mark); it was called binary
    (a user audit). Its errors are placed by line and column as in UTF-8 — and the mark is no error."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: pasur.yaml\r\nname: house\r\n", encoding=encoding)
    assert load(str(path)).name == "house"
    path = tmp_path / "broken.yaml"  # (load keeps what it loaded by path)
    path.write_text("extends: pasur.yaml\nname: house\nfoo: 1\n", encoding=encoding)
    with pytest.raises(RulesetError) as e:
        load(str(path))
    assert ":3:1: error: unknown key 'foo'" in e.value.render()


def test_a_file_of_zero_bytes_is_not_taken_for_utf16_text(tmp_path):
    """The check for UTF-16 saved without its mark took a file of zeros for it (a review)."""
    path = tmp_path / "zeros.yaml"
    path.write_bytes(bytes(100))
    with pytest.raises(RulesetError) as e:
        load(str(path))
    assert "not a text file" in e.value.render() and "UTF-16" not in e.value.render()


def test_an_escaped_surrogate_pair_is_the_one_character_it_stands_for(tmp_path):
    """YAML, as JSON, may escape a character beyond the first 65,536 as its two halves ("\\ud83c\\udca1"): read
    as the one character, which screens and files show as any other; half of one alone is refused at its place
    (tests/bad_rulesets/lone_surrogate.yaml)."""
    path = tmp_path / "pair.yaml"
    path.write_text('extends: pasur.yaml\nname: "house \\ud83c\\udca1"\n', encoding="utf-8")
    assert load(str(path)).name == "house \U0001f0a1"


def test_extends_naming_a_folder_says_it_is_a_folder(tmp_path):
    """`extends: rules.yaml` where rules.yaml is a folder beside the file: the message says so, as `validate` of
    the folder itself does, not "cannot find ruleset … (did you mean rules.yaml?)"."""
    (tmp_path / "rules.yaml").mkdir()
    path = tmp_path / "house.yaml"
    path.write_text("extends: rules.yaml\nname: house\n", encoding="utf-8")
    result = validate(path)
    assert result.exit_code == 1
    assert result.output.strip() == f"{path}:1:10: error: 'extends' names 'rules.yaml', a folder, not a ruleset file" \
                                    " (a YAML file)", result.output


def test_a_value_named_anew_with_its_bases_sentence_is_a_warning(tmp_path):
    """A variant that calls Hokm's kot a kap in English but keeps hokm.yaml's English sentence ("a kot by them")
    would announce the old name: a warning at the new name, which says how to mend it; given its own sentence,
    or the base's dropped (the label is then said), the file is clean."""
    path = tmp_path / "kap.yaml"
    variant = "extends: hokm\nname: house\ntable:\n  words:\n    kot_by_hakem: {en: kap (7-0)%s}\n"
    path.write_text(variant % "", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        f"{path}:5:20: warning: table words: 'kot_by_hakem' is named anew here (en: kap (7-0)), but its sentence"
        " (said: en) is the base's, which says the old name: give its said: here too (or drop it: kot_by_hakem:"
        " {said: {en: null}})")
    for mended in (', said: {en: ["a kap by {who} (7-0)", "we made a kap (7-0)"]}', ", said: {en: null}"):
        path.write_text(variant % mended, encoding="utf-8")
        result = validate(path, "--games", "0")
        assert result.exit_code == 0 and "warning" not in result.output, result.output
    path.write_text(variant.replace("kap (7-0)", "kot (seven to none)") % "", encoding="utf-8")  # not renamed
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    for renamed in ("ko (7-0)", "a kap (7-0)"):  # a word inside the old one, an article before the new one
        path.write_text(variant.replace("kap (7-0)", renamed) % "", encoding="utf-8")
        result = validate(path, "--games", "0")
        assert "is named anew here" in result.output, (renamed, result.output)


HIDDEN_TRUMP = """\
name: hidden trump
players: 4
partnerships: true
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  trick: {visible: all}
  won: {owner: side, visible: all}
counters: {tricks: {owner: side}}
vars: {trump: {type: suit%s}}
hand:
  - {name: deal, deal: [{to: hand, count: 13, at_a_time: 1}]}
  - {name: trump, set: {trump: top(hand(dealer)).suit}}
  - {name: tricks, play: {mode: trick, leader: next(dealer), trump: trump, tricks: tricks}}
scoring: [{name: odd, points: "max(0, tricks - 6)"}]
game: {target: 5}
"""


def test_a_trump_set_from_cards_some_seat_cannot_see_is_a_warning(tmp_path):
    """The dealer's last card names trump, but the dealer's hand is the dealer's alone: no seat is shown the
    variable, and tricks are won by a trump nobody was told. A warning at the `set:`, which says what to do;
    announced (`visible: all`), nothing is said."""
    path = tmp_path / "hidden trump.yaml"
    path.write_text(HIDDEN_TRUMP % "", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warned == [f"{path}:13:32: warning: variable 'trump' is set from 'hand', which not every seat may see,"
                      " so no seat is shown it, and step 'tricks' plays it as trump: tricks would be won by a trump"
                      " nobody was told; set it from cards every seat sees (a card turned up into a zone with"
                      " visible: all), or declare it visible: all under vars: to announce it"], result.output
    path.write_text(HIDDEN_TRUMP % ", visible: all", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


IDLE_WHEN = re.compile(r"^(?P<path>.+):14:5: warning: step 'the rest' ran in (?P<hands>\d+) trial hands? \(its"
                       r" 'when' held\), but no card was played in it in any of them: the cards were all played, or"
                       r" its stop held, before it began$")


@pytest.mark.parametrize("stop, warned", [(30, True), (1, False)], ids=["never stops", "stops after a trick"])
def test_a_card_play_whose_when_held_yet_no_card_was_ever_played_is_a_warning(tmp_path, stop, warned):
    """A step with a `when` may be idle in some hands, but one that ran in every trial hand it could and never
    saw a card played (the step before it plays them all: its stop never holds) is likely a mistake: a warning
    at the step, with the hands it ran in (an author's audit: validate said ok). Where the first step stops
    after a trick, the second plays the rest: nothing is said."""
    text = (BAD / "second_play_never_plays.yaml").read_text(encoding="utf-8")
    text = text.replace("  - name: the rest\n", "  - name: the rest\n    when: hand_number >= 1\n")
    path = tmp_path / "when.yaml"
    path.write_text(text.replace("trick_number >= 30", f"trick_number >= {stop}"), encoding="utf-8")
    result = validate(path)
    assert result.exit_code == 0, result.output
    lines = [IDLE_WHEN.match(line) for line in result.output.splitlines() if ": warning: " in line]
    assert len(lines) == warned and all(lines), result.output
    assert not warned or lines[0]["path"] == str(path) and int(lines[0]["hands"]) > 0


def test_an_option_word_no_rule_compares_with_is_a_warning(tmp_path):
    """Hearts' rules compare moon_shot with "self" alone, so "others" is their else; a third value no rule
    names plays as "others" does: a warning at that value, which says what to do. A doc that names it (a
    value meant to play so) silences it."""
    path = tmp_path / "moon.yaml"
    path.write_text("extends: hearts\noptions: {moon_shot: {default: selfish, values: [others, self, selfish]}}\n",
                    encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warned == [f"{path}:2:64: warning: no rule compares option 'moon_shot' with 'selfish' (they compare it"
                      " with 'self'), so 'selfish' plays as 'others' does: give it a rule (option.moon_shot =="
                      " \"selfish\"), drop the value, or, if it is meant to play so, say so in the option's doc"]
    path.write_text("extends: hearts\noptions: {moon_shot: {default: selfish, values: [others, self, selfish],"
                    " doc: \"selfish: as others\"}}\n", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_options_set_wrongly_are_said_with_the_files_other_mistakes(tmp_path):
    """A house rule with a misspelt option, an option out of its values and a misspelt top-level key: validate said
    the two options alone, and the key only once they were mended (the CI audit). The options set wrongly are
    left as the base has them and the rest is checked: all three, in line order."""
    path = tmp_path / "multi.yaml"
    path.write_text("extends: hokm\nname: multi\noptions:\n  bamm: true\n  rounds: 7\ngaem: {target: 5}\n",
                    encoding="utf-8")
    lines = validate(str(path)).output.splitlines()
    assert [line.split(": error: ")[0] for line in lines] == [f"{path}:4:3", f"{path}:5:11", f"{path}:6:1"], lines
    assert "unknown option 'bamm'" in lines[0] and "option 'rounds' is 7" in lines[1]
    assert "unknown key 'gaem'" in lines[2]


def test_a_contract_all_passing_gives_that_no_bid_could_reach_is_a_warning(tmp_path):
    """Tarneeb written from the docs with `all_pass: {winner: dealer, bid: 20}` where bids run 7 to 13 was valid
    without a word (a new game author's audit): a contract nobody could bid, worth a warning at the bid."""
    path = tmp_path / "stuck.yaml"
    for bid, warned in ((200, True), (100, False)):
        path.write_text("extends: shelem\nname: house\nhand:\n  - name: bidding\n"
                        f"    auction: {{all_pass: {{winner: dealer, bid: {bid}}}}}\n", encoding="utf-8")
        result = validate(path, "--games", "0")
        assert result.exit_code == 0, result.output
        said = [line for line in result.output.splitlines() if ": warning: " in line]
        assert said == [f"{path}:5:47: warning: all pass, and the contract falls at 200, a bid nobody could make in"
                        " this auction (its bids run from 100 to 165)"] * warned, result.output


def test_a_name_known_twice_is_suggested_once():
    """`show: [trikcs]` where a counter and a scoring row are both named tricks: 'did you mean tricks or tricks or
    trick?' (a teacher's audit)."""
    from interpreter.errors import unknown

    assert unknown("name", "trikcs", ["tricks", "trick", "tricks"]) == \
        "unknown name 'trikcs' (did you mean tricks or trick?)"


def test_a_table_word_misspelt_is_a_warning_naming_the_one_meant(tmp_path):
    """`words: trump_out:` for the notice `trumps_out` was valid and never said: the table printed the notice's
    name (a teacher's audit). A word like a name of the ruleset but none is a warning; one like nothing is let be
    (the check does not know every word the table says); the bundled words pass."""
    path = tmp_path / "house.yaml"
    notice = "extends: hearts\nname: house\ntable:\n  notices:\n    trumps_out: count(played_cards[suit == S]) > 0\n"
    assert _warnings_of(path, notice + "  words:\n    trump_out: {en: a spade is out}\n") == [
        f"{path}:7:5: warning: table words: 'trump_out' names nothing of this ruleset, so the table never says it"
        " (did you mean trumps_out?)"]
    assert _warnings_of(path, notice + "  words:\n    trumps_out: {en: a spade is out}\n") == []
    assert _warnings_of(path, notice + "  words:\n    zzz_nothing: {en: a spade is out}\n") == []


def test_a_notice_that_holds_from_the_deal_and_never_comes_to_hold_is_a_warning(tmp_path):
    """`in_play: hand_number > 0` held as every hand was dealt, so the table never said it, and validate said
    nothing (a teacher's audit): the trial games see it hold from every deal and never come to hold."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: hearts\nname: house\ntable:\n  notices:\n    in_play: hand_number > 0\n"
                    "    broken: count(played_cards[suit == H]) > 0\n", encoding="utf-8")
    result = validate(path, "--games", "2")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(warned) == 1 and warned[0].startswith(f"{path}:5:5: warning: table notices: 'in_play' held as the"
                                                     " cards were dealt in "), warned
    assert warned[0].endswith("trial hands and never came to hold during one, so the table never said it in the"
                              " trial games (what holds from the deal is no news; board lists it)")


def test_a_sentence_for_a_counter_no_capture_adds_one_to_is_a_warning(tmp_path):
    """`said:` on a counter a capture adds 10 or 20 to was valid and never said: the table says a change of one
    as the sentence (a new-game author's audit). A capture whose `by` is never 1 is warned at the `said:`."""
    path = tmp_path / "house.yaml"
    sur = "extends: pasur\nname: house\nhand:\n  - name: play\n    play:\n      after_capture:\n        - name: sur\n"
    warned = _warnings_of(path, sur + "          by: \"if played.rank == 10 then 20 else 10\"\n")
    assert len(warned) == 1 and ("pasur.yaml:107:31: warning: table words: 'surs' is said only where a capture adds"
                                 " one to it, and its captures never add one") in warned[0], warned
    assert _warnings_of(path, sur + "          by: \"if played.rank == 10 then 2 else 1\"\n") == []
    assert _warnings_of(path, sur + "          by: players - 1\n") == []  # not every branch written out: let be


def test_a_name_of_the_wrong_kind_spelt_like_one_of_the_right_kind_names_it(tmp_path):
    """`opp(trick)` — the zone, where the counter `tricks` was meant — said only that opp()'s argument must be a
    number (a teacher's audit): the name of the right kind spelt much alike is named."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: hokm\nname: house\nscoring:\n  - name: hand\n"
                    "    points: \"if tricks > opp(trick) then 1 else 0\"\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--games", "0", str(path)])
    assert f"{path}:5:30: error: opp()'s argument must be a number, not cards (did you mean tricks?)" in result.output


def test_a_table_word_for_a_whole_move_is_no_misspelling(tmp_path):
    """`"trump S": {en: spades are trump}` names a whole move, as language.md has it: no warning (a review)."""
    path = tmp_path / "house.yaml"
    assert _warnings_of(path, "extends: hokm\nname: house\ntable:\n  words:\n"
                              "    \"trump S\": {en: spades are trump}\n") == []


def test_a_row_of_a_number_alone_is_a_warning(tmp_path):
    """`points: 10` for the surs row gave every side 10 every hand, silently (a club organiser's audit, meaning a
    sur worth 10); a row the options fold to 0 is a row switched off, not warned of."""
    path = tmp_path / "house.yaml"
    for points in ("10", "\"10\""):
        assert _warnings_of(path, f"extends: pasur\nname: house\nscoring:\n  - name: surs\n    points: {points}\n") \
            == [f"{path}:5:13: warning: scoring row 'surs' gives every side 10 every hand, whatever the play: a row's"
                " points read the hand (as 10 * a counter, or if … then 10 else 0)"]
    assert _warnings_of(path, "extends: pasur\nname: house\nscoring:\n  - name: surs\n    points: 0\n") == []


def test_a_row_of_a_number_alone_that_totals_weighs_is_no_warning(tmp_path):
    """A `totals` rule may weigh a hand's points, so a bonus row of a number alone counts for one side only (the
    side that kept its score under 10, say): no warning, which could not be silenced; `score + points` is no
    weighing, and still warns."""
    path = tmp_path / "house.yaml"
    rule = ("extends: pasur\nname: house\nscoring:\n  - name: bonus\n    points: 5\n"
            "game:\n  totals: TOTALS\n")
    assert _warnings_of(path, rule.replace("TOTALS", "if score < 10 then score + points else score")) == []
    assert len(_warnings_of(path, rule.replace("TOTALS", "score + points"))) == 1
    assert len(_warnings_of(path, rule.replace("TOTALS", "(points + score)"))) == 1  # brackets weigh nothing


def test_a_file_too_large_to_be_a_ruleset_is_refused_unread(tmp_path):
    """A million one-line values took a minute and 750 MB before the limit of 20,000 values refused them: it is
    counted as the file is read, which reads it whole first (a hostile-ruleset audit). A file of more than a
    million bytes is refused at once; the largest bundled ruleset is 13 KB."""
    import time

    path = tmp_path / "huge.yaml"
    path.write_text("extends: hokm\nname: huge\ntable:\n  words:\n" + "".join(
        f"    w{i}: {{en: x}}\n" for i in range(60_000)), encoding="utf-8")
    start = time.process_time()
    result = validate(path)
    assert time.process_time() - start < 2
    assert result.output.startswith(f"{path}:1:1: error: file too large: 1,"), result.output
    assert "and a ruleset is at most 1,000,000" in result.output


def test_a_deck_of_more_than_ten_packs_is_an_error_at_its_add(tmp_path):
    """A deck of 19,000 cards (copies added) was valid after 38 s of trial, and a game took minutes (a
    hostile-ruleset audit): more than 520 cards, ten packs, is an error at `add`; ten packs are not."""
    names = "[" + ", ".join(["AS", "KD", "2C", "10H"] * 117) + "]"  # 468 cards more: 520 in all
    path = tmp_path / "shoe.yaml"
    path.write_text(f"extends: hokm\nname: shoe\ndeck:\n  add: {names}\n", encoding="utf-8")
    assert "the deck holds" not in validate(path, "--games", "0").output
    path.write_text(f"extends: hokm\nname: shoe\ndeck:\n  add: {names[:-1]}, 3S]\n", encoding="utf-8")
    result = validate(path, "--games", "0")
    assert f"{path}:4:8: error: the deck holds 521 cards: a deck is at most 520 (ten packs)" in result.output, \
        result.output


def test_a_warning_beside_errors_is_said_as_a_warning_in_line_order(tmp_path):
    """A step misspelt (a warning alone) was said as an error where the file had another error, and a file's
    warnings came before its errors whatever their lines (a house-rule repository maintainer's audit): each is
    said as what it is, all in line and column order, in validate, in --json and where another command loads it."""
    path = tmp_path / "two.yaml"
    path.write_text("extends: hokm\noptions:\n  void_reddeal: true\nhand:\n  - name: trumpp\n    set: {trump: H}\n",
                    encoding="utf-8")
    error = f"{path}:3:3: error: unknown option 'void_reddeal' (did you mean void_redeal?)"
    warning = f"{path}:5:11: warning: {NEAR_NAME_SAID}"
    result = validate(path)
    assert result.exit_code == 1 and result.output.splitlines() == [error, warning], result.output
    said = json.loads(validate("--json", path).output)["files"][0]
    assert [e["line"] for e in said["errors"]] == [3] and [w["line"] for w in said["warnings"]] == [5], said
    played = CliRunner().invoke(main, ["play", str(path)])
    assert played.exit_code == 1 and played.output.splitlines() == [error, warning], played.output


@pytest.mark.parametrize("totals", [
    "if score + points > option.target then score else score + points",  # an exact finish: 1,195 and 5 reach it
    "if score + points >= 1200 and made == 0 then 1199 else score + points",  # reads the hand: not asked
])
def test_totals_that_can_reach_the_target_are_valid(totals, tmp_path):
    """The question asked of `totals` where no trial game ended (can a side reach the target at all?) took one
    score and one hand's points, so an exact finish was refused as never ending, and a `totals` reading the
    hand was asked of a state it never scores (a review)."""
    path = tmp_path / "house.yaml"
    path.write_text(f'extends: shelem\nname: house\ngame:\n  totals: "{totals}"\n', encoding="utf-8")
    result = validate(path)
    assert result.exit_code == 0 and "never ends" not in result.output, result.output


def test_a_game_ended_by_win_if_alone_needs_no_target(tmp_path):
    """An author's audit: a game whose end no one total says (a player at 41 whose partner is above 0) was refused
    as naming no end, and the target written to get past it was printed on the rules sheet as a rule. `win_if`
    alone is an end: the file is valid, its games end by it, and the sheet names no target."""
    path = tmp_path / "by_win_if.yaml"
    path.write_text("extends: hokm\nname: by win_if\ngame:\n  target: null\n  win_if: score >= 7\n"
                    "  win_doc: a side at 7 tricks' points wins\n", encoding="utf-8")
    result = validate(path)
    assert result.exit_code == 0 and "error" not in result.output, result.output
    game = load(path)
    assert game.target is None
    st = game.new_state(seed=4)
    while not st.over:
        st.apply_move(st.legal_moves()[0])
    assert max(st.scores) >= 7 and st.result()["winner"] is not None, st.result()
    sheet = CliRunner().invoke(main, ["rules", str(path)], env={"CARDRULES_LANG": "en"}).output
    assert "a side at 7 tricks' points wins" in sheet and "reaches 7" not in sheet, sheet


def test_a_game_whose_only_end_is_a_win_if_that_never_held_is_a_warning(tmp_path):
    """With `win_if` alone an end, one that cannot hold would make a game without end pass as valid: no trial game
    ending by it is a warning at the `win_if` (--strict fails), gone once a `max_hands` ends the game too."""
    path = tmp_path / "never.yaml"
    path.write_text("extends: hokm\nname: never\ngame:\n  target: null\n  win_if: score == 100000\n", encoding="utf-8")
    result = validate(path, "--strict")
    assert result.exit_code == 1, result.output
    assert f"{path}:5:11: warning: no trial game ended: 'win_if', the game's only end, held in none of" in result.output
    path.write_text(path.read_text(encoding="utf-8") + "  max_hands: 20\n", encoding="utf-8")
    result = validate(path, "--strict")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_sides_value_read_where_a_seat_is_in_focus_says_how_to_read_it(tmp_path):
    """An author's audit: a value read in a choice's forbid_if (the chooser in focus) was refused as though no one
    were in focus ("say whose, as made(…)"), while the seat's side's counters read there: the message names the
    seat in focus and the form that works, made(side(seat))."""
    path = tmp_path / "made.yaml"
    path.write_text("extends: hokm\nname: made\nvalues:\n  made: tricks * 2\nhand:\n  - name: trump\n"
                    "    choose: {forbid_if: made > 3}\n", encoding="utf-8")
    result = validate(path)
    assert result.output.splitlines() == [f"{path}:7:25: error: 'made' is worked out for each side, and here a seat is"
                                          " in focus, not a side: say whose, as made(side(seat))"], result.output
    path.write_text(path.read_text(encoding="utf-8").replace("made > 3", "made(side(seat)) > 3"), encoding="utf-8")
    assert validate(path, "--games", "0").exit_code == 0


@pytest.mark.parametrize("game, loc, message", [
    ("{target: null}", "134:11", "the game names no end: its only end, 'win_if', never holds; its condition reads"
     " bam_call, which only step 'bam call' sets, off with these options; give the game a 'target' or its 'hands'"),
    ("{target: null, win_if: 'false'}", "3:30", "the game names no end: its only end is 'win_if', which these options"
     " make false: give the game a 'target' or its 'hands'"),
])
def test_a_game_whose_only_end_is_a_win_if_that_cannot_hold_is_an_error(tmp_path, game, loc, message):
    """A review: with win_if alone an end, Hokm without its target (its one win_if the bam's, off by default) passed
    as valid, and so did `win_if: false`; at the commit before, both were errors, naming no end. A win_if the options
    make false, or that reads what only steps they switch off set, is an error again."""
    path = tmp_path / "no_end.yaml"
    path.write_text(f"extends: hokm\nname: no end\ngame: {game}\n", encoding="utf-8")
    result = validate(path)
    assert result.exit_code == 1, result.output
    where = f"{ROOT / 'rulesets' / 'hokm.yaml'}" if loc.startswith("134") else str(path)
    assert any(line.startswith(f"{where}:{loc}: error: {message}") for line in result.output.splitlines()), \
        result.output


def test_a_win_if_reading_a_role_after_hand_passes_on_is_no_warning(tmp_path):
    """A review: `win_if: kot == 1 and side != side(hakem)` reads the hakem of the hand just played, which Hokm's
    after_hand then passes on: it was warned of as one hand late. Only a running number is."""
    path = tmp_path / "role.yaml"
    assert _warnings_of(path, "extends: hokm\nname: role\ngame:\n  win_if: kot == 1 and side != side(hakem)\n") == []


def test_a_section_taken_away_leaves_the_files_other_mistakes_said(tmp_path):
    """A review: with `hand: null` said alone, a syntax error elsewhere in the same file went unsaid too. The base's
    rules the missing steps leave unmet are still left out; the file's own mistakes are not."""
    path = tmp_path / "two.yaml"
    path.write_text("extends: hokm\nname: x\nhand: null\nscoring:\n  - name: extra\n    points: tricks +* 2\n",
                    encoding="utf-8")
    lines = validate(path).output.splitlines()
    assert [line.split(": error: ")[0] for line in lines] == [f"{path}:3:7", f"{path}:6:21"], lines


def test_rounds_in_a_game_without_a_target_is_a_warning(tmp_path):
    """A review: rounds are won by reaching the target; a game that ends by win_if alone, played in 3 rounds, ended
    at its first win_if, and simulate still said 3 rounds to win."""
    path = tmp_path / "r3.yaml"
    assert _warnings_of(path, "extends: hokm\nname: r\noptions: {rounds: 3}\ngame: {target: null, win_if: score >= 7}"
                              "\n") == [f"{path}:3:19: warning: 'rounds' is 3, but a round is won by reaching the"
                                        " target, and this game has none: its first win_if ends the match"]


def test_a_number_variable_naming_a_seat_is_a_warning(tmp_path):
    """An author's audit: `leader: contract` (the bid, a number) validated, and a bid of 11 made seat 3 lead, 11
    counted round the table; `winner: bidder` with bidder a number was refused. A seat named by a number variable
    is a warning; a seat variable is not."""
    path, tricks = tmp_path / "leader.yaml", "extends: shelem\nname: n\nhand:\n  - name: tricks\n"
    assert _warnings_of(path, tricks + "    play: {leader: contract}\n") == [
        f"{path}:5:20: warning: leader 'contract' is a number variable, not a seat: its value is counted round the"
        " table as a seat (with 4 players, 11 is seat 3); name a seat variable (type: seat), or write the seat"
        " arithmetic meant"]
    assert _warnings_of(path, tricks + "    play: {leader: hakem}\n") == []


def test_a_win_if_that_always_holds_is_a_warning(tmp_path):
    """A fuzz of house rules, 2026-12-07: `win_if: true` validated without a word, and the game ended after its
    first hand. It is a warning now, at the `win_if` (the game runs: a one-hand game may be meant)."""
    path = tmp_path / "once.yaml"
    warned = _warnings_of(path, "extends: hokm\nname: once\ngame:\n  win_if: true\n")
    assert warned == [f"{path}:4:11: warning: 'win_if' always holds, so the game ends after its first hand"], warned
    assert _warnings_of(path, "extends: hokm\nname: once\ngame:\n  win_if: tricks == 7\n") == []


def test_a_capture_by_a_sum_below_every_cards_value_is_a_warning(tmp_path):
    """The same fuzz: a capture rule with `sum: 0` validated without a word, and never took a card. A warning at
    the sum now; a sum some card can make (Pasur's 11 less the card played) says nothing."""
    path = tmp_path / "zero.yaml"
    rule = "        - {name: zero, card: \"rank <= 10\", take: sum, sum: %s}\n"
    head = "extends: pasur\nname: zero\nhand:\n  - name: play\n    play:\n      captures:\n"
    warned = _warnings_of(path, head + rule % "0")
    assert warned == [f"{path}:7:60: warning: capture 'zero' takes cards adding up to 0, less than any card's value"
                      " (1): it never takes a card"], warned
    assert _warnings_of(path, head + rule % "11 - played.rank") == []


def test_two_values_named_alike_are_a_warning(tmp_path):
    """A house-rule lab audit, 2026-12-07: Hokm's rules sheet listed `kot` and `kot_by_hakem` both as "kot (7-0)",
    two formulas under one name. Two values the words call alike in a language are a warning at the second's
    label, where the file gives it (the bundled Hokm names them apart now)."""
    path = tmp_path / "alike.yaml"
    warned = _warnings_of(path, "extends: hokm\nname: alike\ntable:\n  words:\n    kot_on_hakem: {en: kot (7-0)}\n")
    assert warned == [f"{path}:5:24: warning: table words: the values 'kot' and 'kot_on_hakem' are both called"
                      " 'kot (7-0)' (en): the rules sheet and the table cannot tell them apart; name each its own"
                      " way"], warned
    assert _warnings_of(path, "extends: hokm\nname: alike\n") == []


def test_cards_dealt_to_a_widow_no_rule_takes_are_a_warning(tmp_path):
    """A house-rule lab audit, 2026-12-07: Shelem with its widow step removed validated without a word, and the
    widow's 4 cards (up to 40 counting points) left every hand unplayed. A warning at the packet that deals them,
    said of the file that took the step away."""
    path = tmp_path / "nowidow.yaml"
    warned = _warnings_of(path, "extends: shelem\nname: nowidow\nhand:\n  - name: widow\n    remove: true\n")
    base = ROOT / "rulesets" / "shelem.yaml"
    assert len(warned) == 1 and warned[0].startswith(f"{base}:46:28: warning: cards are dealt to the widow each hand,"
                                                     " and no rule reads, takes or deals on from it: they are never"
                                                     " played"), warned
    assert "which changes hand: widow (line 4)" in warned[0], warned
    assert _warnings_of(path, "extends: shelem\nname: nowidow\n") == []


def test_a_holder_leader_guarded_by_a_test_of_who_holds_it_is_not_called_nobody(tmp_path):
    """The leader check reads holder(CARD) in the branches of an `if` (holder_leader_in_widow_in_a_branch.yaml);
    where the `if` tests who holds the card, the branch is guarded, and no error is made of it."""
    text = (BAD / "holder_leader_in_widow_in_a_branch.yaml").read_text(encoding="utf-8")
    path = tmp_path / "guarded.yaml"
    path.write_text(text.replace("../../rulesets/hearts.yaml", "hearts").replace(
        "if hand_number == 1 then", "if holder(2C) >= 0 then"), encoding="utf-8")
    result = validate(path, "--games", "0")
    assert_no_crash(result)
    assert "may be nobody" not in result.output and result.exit_code == 0, result.output


def test_an_expression_left_empty_is_said_to_be_one(tmp_path):
    """`target: ~` in a whole ruleset (in a variant it removes the base's) was said to be "string or a whole number
    or boolean" (a ruleset author's audit): it is an expression."""
    text = (ROOT / "rulesets" / "whist.yaml").read_text(encoding="utf-8")
    path = tmp_path / "empty.yaml"
    path.write_text(re.sub(r"(?m)^(  target: )option\.target.*$", r"\1~", text, count=1), encoding="utf-8")
    result = validate(path, "--games", "0")
    assert_no_crash(result)
    assert f"'game.target' must be {AN_EXPRESSION}, not nothing" in result.output, result.output


def test_a_key_of_several_words_in_line_with_a_list_is_named_whole(tmp_path):
    """The hint of yaml_key_in_line_with_a_list.yaml named a key up to its first space, or none (a review)."""
    path = tmp_path / "spaced.yaml"
    path.write_text('extends: hokm\nname: x\nscoring:\n  - {name: a, points: "1"}\n  market share:\n    x: 1\n',
                    encoding="utf-8")
    result = validate(path, "--games", "0")
    assert "(the key 'market share:' is out of line with the list above it" in result.output, result.output
