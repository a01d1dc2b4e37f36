"""How the table writes for the person at it (`play --cards`, `--width`): cards in words or letters for a screen
reader, which reads `A♠` as "a spade suit" (an accessibility audit: the ace was lost), and lines wrapped where
the person says or nowhere, as a speech program wants whole sentences."""

from __future__ import annotations

import re

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.numbers import digits_for_words, in_words
from interpreter.words import Words
from tests.test_cli import out, run

TYPED = "king of clubs\nplay Ace Of Spades\nplay red joker\nquit\n"  # hokm, seed 3: 9♣ or K♣, then a lead


def _played(*options, typed=TYPED, lang=()):
    result = run("play", "hokm", "--seed", 3, "--bots", "random", *options, *lang, input=typed)
    assert result.exit_code == 0, out(result)
    return out(result)


def test_cards_in_words_are_shown_and_read_back():
    text = _played("--cards", "words")
    assert "your hand: ace of spades, 10 of spades, queen of spades; 3 of hearts,\n  4 of hearts" in text  # not cut
    # inside a card (`4 of` / `hearts`: a Persian screen-reader player's audit)
    assert "  1. play 9 of clubs     2. play king of clubs" in text
    assert "trick 1: seat 2: 3 of clubs. seat 3: jack of clubs" in text  # a seat and its card apart
    assert "hakem: seat 2. trump: spades" in text
    assert "  you: play king of clubs" in text and "  you: play ace of spades" in text  # typed in words
    assert "you have no red joker to play now" in text  # a refusal names cards as the table writes them
    assert "♠" not in text and "♣" not in text
    assert "your move: " in text and "your move>" not in text  # (a speech program says "greater than")


def test_cards_in_letters_keep_the_notation():
    text = _played("--cards", "letters")
    assert "your hand: AS 10S QS  3H 4H 5H  AD 6D 8D JD QD  9C KC" in text
    assert "  1. play 9C  2. play KC" in text and "hakem: seat 2 · trump: spades" in text
    assert "♠" not in text and "♣" not in text and "your move> " in text


def test_cards_in_persian_words():
    text = _played("--cards", "words", typed="quit\n", lang=("--lang", "fa"))
    assert "آس پیک، ۱۰ پیک، بی\u200cبی پیک؛ ۳ دل" in text, text  # a rank in Persian digits


def test_the_table_reads_cards_typed_in_english_words():
    w = Words(load("ghahveh"), "en")
    assert w.typed("play ten of hearts") == "play 10♥" and w.typed("Queen of Spades") == "Q♠"
    assert w.typed("play black joker") == "play BJ" and w.typed("play Red Joker") == "play RJ"
    assert w.typed("play 10 of diamonds") == "play 10♦"


def test_a_width_of_0_wraps_nothing_and_another_wraps_there():
    whole = _played("--width", 0, typed="quit\n")
    assert "play passes to the right, counter-clockwise: seat 1 on your right, seat 2 across, seat 3 on your" \
           " left\n" in whole
    narrow = _played("--width", 24, typed="quit\n")
    lines = [line for line in narrow.splitlines() if not line.lstrip().startswith(("resume with:", "/", "bye"))]
    assert max(map(len, lines)) <= 24, max(lines, key=len)
    assert len(lines) > len(whole.splitlines())


@pytest.mark.parametrize("width", [1, 19])
def test_too_narrow_a_width_is_refused(width):
    result = run("play", "hokm", "--width", width, input="quit\n")
    assert result.exit_code == 2 and "give 20 or more, or 0 never to wrap" in out(result)


def test_score_says_the_score_now_and_the_tricks_of_the_hand():
    """`score` was refused as a move with "did you mean scores?", whose sheet lists hands played out: mid-hand
    nothing but `board` said the score and the tricks (the accessibility audit)."""
    text = _played(typed="9C\nscore\nquit\n")
    asked = text.split("your move> score\n", 1)[1]
    assert asked.startswith("hakem: seat 2 · trump: ♠ spades\nscore: us 0, them 0\ntricks: us 0, them 1\n"), asked
    assert "not a legal move" not in text
    persian = _played(typed="9C\nامتیاز\nquit\n", lang=("--lang", "fa"))
    asked = persian.split("\u200fحرکت شما> \u200fامتیاز\n", 1)[1]
    assert asked.startswith("\u200fحاکم: صندلی ۲ · حکم: ♠ پیک\n\u200fامتیاز: ما: ۰، حریف: ۰\n"
                            "\u200fدست‌های برده: ما: ۰، حریف: ۱\n"), asked


def test_cards_in_words_say_nothing_as_a_word_and_no_arrow():
    """`table: —` read aloud was "table" (the dash is read as nothing), and each result line began "right arrow"."""
    pasur = load("pasur")
    assert Words(pasur, "en", "words").cards([]) == "none" and Words(pasur, "fa", "words").cards([]) == "هیچ"
    assert Words(pasur, "en").cards([]) == "—"  # the signs' table keeps its dash
    assert Words(pasur, "en", "words").then == "  " and Words(pasur, "en").then == "  → "
    text = _played("--cards", "words")
    assert "  trick 1 goes to you with king of clubs. tricks: us: 1, them: 0" in text and "→" not in text


def test_cards_in_words_read_as_sentences_without_box_rules_or_signs():
    """A screen reader said every `─` of a heading, every `·` between parts, and the signs a ruleset's own words
    and help write (`the 2♣ leads`, `♠Q`) — a Western player's audit of the words style: headings are their
    words, a dot between parts ends a sentence, a card in signs is said in words."""
    text = out(run("play", "hearts", "--seed", 1, "--cards", "words", "--width", 0, input="1\n1\n1\nhelp\nquit\n"))
    assert "\nHearts. hand 1. dealer: seat 3\n" in text and text.startswith("Hearts\n")
    assert "the 2 of clubs leads the first trick" in text and "Cards: say the rank, then the suit" in text
    assert "Y4" not in text  # a rule's id in brackets, read letter by letter: left out, as the rules sheet does
    assert not set(text) & set("─═·♠♥♦♣→")
    signs = out(run("play", "hearts", "--seed", 1, "--width", 0, input="1\n1\n1\nhelp\nquit\n"))  # signs kept
    assert "── Hearts · hand 1 · dealer: seat 3 ──" in signs and "the 2♣ leads the first trick (Y4)" in signs


def test_last_shows_the_last_trick_taken_in_the_hand():
    """The board shows only the trick in play: a player who missed a card (a speech program reading on) had no
    way back to the trick just taken (the accessibility audit)."""
    text = _played(typed="last\n9C\nlast\nquit\n")
    first, then = text.split("your move> last\n")[1:3]
    assert first.startswith("no trick has been taken yet in this hand\n"), first
    assert then.startswith("trick 1: seat 2 3♣ · seat 3 J♣ · you 9♣ · seat 1 8♣\n  trick 1 goes to seat 3 with J♣\n")
    for last in ("دست قبل", "دست\u200cقبل", "دستقبل"):  # as typed with a space, a non-joiner or neither (an audit)
        persian = _played(typed=f"9C\n{last}\nquit\n", lang=("--lang", "fa"))
        assert "\u200f  دست ۱ را صندلی ۳ با \u200eJ♣\u200e\u200f برد\n" in persian, last


def test_last_in_the_next_hand_does_not_show_the_hand_before():
    """`last` as a hand began showed the last trick of the hand before, as if of this one (a Persian player's
    audit): the first hand said none had been taken; every hand says so."""
    typed = "1\n" * 13 + "last\nquit\n"
    text = out(run("play", "hokm", "--seed", 3, "--bots", "greedy", "--width", 0, input=typed))
    assert "── Hokm · hand 2 ·" in text.split("your move> last\n")[0]
    assert text.split("your move> last\n")[1].startswith("no trick has been taken yet in this hand\n")


def test_rules_at_the_table_shows_the_rules_sheet():
    """`rules` was refused as a move, and help did not say how to see the rules (the Western player's audit)."""
    text = _played(typed="rules\nquit\n")
    asked = text.split("your move> rules\n", 1)[1]
    assert asked.startswith("# Hokm\n\nHokm for four in two partnerships") and "## Players and cards" in asked
    assert "not a legal move" not in text
    persian = _played(typed="قوانین\nquit\n", lang=("--lang", "fa"))
    assert "\u200fحرکت شما> \u200fقوانین\n\u200f# حکم\n" in persian
    assert "rules shows the rules of this game" in _played(typed="help\nquit\n")


def test_the_rules_sheet_in_words_is_read_without_its_markdown():
    """«قوانین» read `# حکم`, `**حاکم اول**` and every code span's quotes aloud (a Persian screen-reader player's
    audit): where cards are said in words the sheet comes without those marks; on a screen they stay."""
    for lang in ((), ("--lang", "fa")):
        word = "قوانین" if lang else "rules"
        text = _played("--cards", "words", "--width", 0, typed=f"{word}\nquit\n", lang=lang)
        asked = text.split(f"{word}\n", 1)[1].split("\n\n", 8)
        assert not any(mark in part for part in asked for mark in ("#", "**", "`")), asked
    assert "## " in _played("--width", 0, typed="rules\nquit\n")


def test_the_rules_sheet_in_words_reads_no_rule_ids():
    """The sheet cites RULES.md's ids, `(H8-H11)`, `(H2 option)`, `H14: `, which a speech program read out letter
    and number (a Persian screen-reader player's audit): where cards are said in words they go, with the brackets
    they leave empty; what else a bracket says stays (`(option)`), and on a screen they stay."""
    for lang in ((), ("--lang", "fa")):
        word = "قوانین" if lang else "rules"
        text = _played("--cards", "words", "--width", 0, typed=f"{word}\nquit\n", lang=lang)
        asked = text.split(f"{word}\n", 1)[1].split("\n" + ("\u200fحرکت شما>" if lang else "your move>"))[0]
        assert not re.search(r"H[0-9]", asked), asked
        assert "()" not in asked and "( " not in asked and " )" not in asked
        assert "(اختیاری)" in asked if lang else "first side to 7 tricks wins the hand\n" in asked
    assert "(H8-H11)" in _played("--width", 0, typed="rules\nquit\n")


UNCITED = [  # (a line of the rules sheet, as it is said in words)
    ("  first side to 7 tricks wins the hand (H8-H11)", "  first side to 7 tricks wins the hand"),
    ("  when the side is shut out (H12, H13): if tricks < 7", "  when the side is shut out: if tricks < 7"),
    ("  draw again (H2 option)", "  draw again (option)"),
    ("  starts (Y7، house rule)", "  starts (house rule)"),
    ("- H14: a bam, all 13", "- a bam, all 13"),
    ("\u200f۳. دست‌ها — K3 تا K10: بازیکنِ بعد", "\u200f۳. دست‌ها — بازیکنِ بعد"),  # a run in Persian, «تا» too
    ("\u200fقاعده‌ی K5 برقرار است", "\u200fقاعده‌ی K5 برقرار است"),  # an id in a sentence stays
    ("An MP3 player", "An MP3 player"), ("cards A2 and K10", "cards A2 and K10"), ("R2-D2", "R2-D2"),
    ("JD: jack", "JD: jack"), ("(P21's four players aside)", "(P21's four players aside)"),
]


@pytest.mark.parametrize("line, said", UNCITED, ids=range(len(UNCITED)))
def test_the_rules_sheet_in_words_drops_cited_ids_only(line, said):
    """Only the ids the sheet cites go (in brackets, or before a colon at a line's start): the first version also
    ate words («K3 تا K10:» left «تا»; "An MP3 player", "R2-D2") and left «(، ،)» (a review)."""
    from interpreter.display import _unmarked

    assert _unmarked(line) == said


def test_help_in_words_says_how_to_say_cards_and_the_ranks_in_words():
    """Help at a table where cards are said in words taught the notation (`ranks A 2-10 J Q K … suits S H D C`, `2 3
    … J Q K A`), letters a speech program spells out (a Persian screen-reader player's audit)."""
    said = [((), "Cards: say the rank, then the suit: ace of clubs",
             "ranks low to high: 2, 3, 4, 5, 6, 7, 8, 9, 10, jack, queen, king, ace;"),
            (("--lang", "fa"), "کارت‌ها: ارزش و سپس خال را بگویید: آس پیک", "۸، ۹، ۱۰، سرباز، بی‌بی، شاه، آس")]
    for lang, cards, order in said:
        word = "راهنما" if lang else "help"
        text = _played("--cards", "words", "--width", 0, typed=f"{word}\nquit\n", lang=lang)
        asked = text.split(f"{word}\n", 1)[1]
        assert cards in asked and order in asked, asked
        assert "S H D C" not in asked and "J Q K" not in asked
    assert "ranks A 2-10 J Q K (T for ten), suits S H D C" in _played("--width", 0, typed="help\nquit\n")


def test_the_sides_are_said_without_signs_in_words():
    """`us = you + seat 2` was read "us equals you plus seat 2", «ما مساوی …» (a Persian screen-reader player's
    audit): in words, `your side: you and seat 2`."""
    assert "you sit at seat 0. your side: you and seat 2. the other side: seats 1 and 3\n" in \
        _played("--cards", "words", "--width", 0, typed="quit\n")
    assert "تیم ما: شما و صندلی ۲. تیم حریف: صندلی‌های ۱ و ۳\n" in \
        _played("--cards", "words", "--width", 0, typed="quit\n", lang=("--lang", "fa"))
    assert "us = you + seat 2 · them = seats 1 + 3" in _played("--width", 0, typed="quit\n")


def test_last_after_resuming_shows_the_trick_taken_before_the_game_was_kept(tmp_path):
    """A resumed hand's `last` said no trick had been taken yet though two had (the Western player's audit)."""
    path = tmp_path / "game.json"
    _played("--record", path, typed="9C\nquit\n")
    resumed = out(run("play", "--resume", path, input="last\nquit\n"))
    asked = resumed.split("your move> last\n", 1)[1]
    assert asked.startswith("trick 1: seat 2 3♣ · seat 3 J♣ · you 9♣ · seat 1 8♣\n  trick 1 goes to seat 3 with J♣\n")


def test_a_record_keeps_how_the_table_writes_and_resume_uses_it(tmp_path):
    """As the language is kept: a screen reader's player resumed a game in suit signs, wrapped at 78."""
    import json

    path = tmp_path / "game.json"
    _played("--cards", "words", "--width", 0, "--record", path, typed="9C\nquit\n")
    assert json.loads(path.read_text(encoding="utf-8"))["play"]["cards"] == "words"
    resumed = run("play", "--resume", path, input="quit\n")
    assert resumed.exit_code == 0, out(resumed)
    assert "your hand: ace of spades, 10 of spades, queen of spades; 3 of hearts, 4 of hearts" in out(resumed)
    signs = run("play", "--resume", path, "--cards", "signs", input="quit\n")  # the option wins, and is kept
    assert "your hand: A♠ 10♠ Q♠" in out(signs) and "cards" not in json.loads(path.read_text("utf-8"))["play"]
    record = json.loads(path.read_text(encoding="utf-8"))
    record["play"]["width"] = 5
    path.write_text(json.dumps(record), encoding="utf-8")
    bad = run("play", "--resume", path, input="quit\n")
    assert bad.exit_code != 0 and "'play': 'width' must be 0 or a whole number from 20, not 5" in out(bad)


def test_a_resumed_game_recalls_its_own_face_down_moves_in_words(tmp_path):
    """The cards a seat passed face down, recalled on resuming, were said in suit signs under --cards words: the
    table that replays the hand was made without the style (a review)."""
    path = tmp_path / "hearts.json"
    result = run("play", "hearts", "--seed", 5, "--bots", "random", "--cards", "words", "--record", path,
                 input="1\n" * 8)
    assert result.exit_code == 0, out(result)
    resumed = out(run("play", "--resume", path, input="board\nquit\n"))
    assert "  you: pass 4 of spades" in resumed and "  you: pass queen of spades" in resumed
    assert not any(sign in resumed for sign in "♠♥♦♣"), resumed


def test_a_menu_never_wrapped_lists_a_move_a_line():
    """--width 0 laid a whole menu on one line padded with runs of spaces (a review): a move a line, each read
    alone."""
    text = _played("--width", 0, typed="9C\nquit\n")
    menu = text.split("your moves:\n")[1].split("your move>")[0]
    assert menu == "  1. play 9♣\n  2. play K♣\n", menu  # on one line at 78 columns


def test_cards_in_words_name_a_suit_as_the_ruleset_does(tmp_path):
    path = tmp_path / "coins.yaml"
    path.write_text("extends: hokm\nname: coins\ntable:\n  words:\n    D: {en: coins}\n", encoding="utf-8")
    w = Words(load(str(path)), "en", "words")
    assert w.card(C.card_id("AD")) == "ace of coins" and w.card(C.card_id("AS")) == "ace of spades"


def test_board_shows_the_turned_card_again():
    """Euchre's turned card was said once, as dealt, and `board` left it out while the person was deciding
    whether to order it up (the Western player's audit); the board shown unasked still does not repeat it."""
    result = run("play", "euchre", "--seed", 3, input="board\nquit\n")
    text = out(result)
    dealt, asked = text.split("your move> board\n", 1)
    assert "turned card, dealt face up: 10♠" in dealt and "turned card: 10♠" not in dealt
    assert asked.startswith("score: us 0, them 0\nturned card: 10♠\nyour hand: J♠  10♥  10♦ Q♦  A♣\n"), asked


@pytest.mark.parametrize("typed, read", [
    ("pass the 3 of spades", "pass 3♠"), ("pass queen diamonds", "pass Q♦"), ("pass three spades", "pass 3♠"),
    ("play the ten of hearts", "play 10♥"), ("play king clubs", "play K♣"), ("play theatre", "play theatre")])
def test_english_card_words_may_drop_of_and_take_the(typed, read):
    """`pass the 3 of spades`, `pass queen diamonds` and `pass three spades` were refused with only "see your
    moves below" (the Western player's audit)."""
    assert Words(load("hearts"), "en").typed(typed) == read


def test_the_suit_to_follow_is_not_shown_while_a_new_one_is_being_named():
    """After `you: play 8♥` the board said `suit to follow: ♦ diamonds` while the menu asked which suit to call
    (the Western player's audit)."""
    text = out(run("play", "crazy-eights", "--seed", 2, "--bots", "greedy", input="1\n1\nquit\n"))
    calling = text.split("  you: play 8♥\n", 1)[1].split("your move>", 1)[0]
    assert "1. call ♠ spades" in calling and "suit to follow" not in calling
    assert "suit to follow: ♥ hearts" in text.split("  you: call ♠ spades\n", 1)[1]


def test_score_says_each_seats_tricks_where_the_counter_keeps_them():
    """A Spades nil bidder could not see its own tricks: `score` said `tricks: us 1, them 2` (the Western player's
    audit). Where a partnership's trick counter is per seat, each seat's follows; Hokm's, per side, is as it was."""
    text = out(run("play", "spades", "--seed", 4, input="nil\n1\n1\n1\nscore\nquit\n"))
    asked = text.split("your move> score\n", 1)[1]
    assert "tricks: us 1, them 2 (you 1, seat 1 1, seat 2 0, seat 3 1)\n" in asked.split("your move>")[0]
    hokm = _played(typed="9C\nscore\nquit\n").split("your move> score\n", 1)[1]
    assert "tricks: us 0, them 1\n" in hokm


def test_help_for_cards_laid_together_is_in_words_too():
    """Where cards laid together are one move, help said `QS` and `play 7H 7S` to a table of cards in words (a
    review)."""
    from interpreter import load
    from interpreter.table import Table

    st = load("crazy-eights-same-rank").new_state(seed=1)
    said = "\n".join(Table(st, st.to_act, cards="words").help())
    assert "play 7 of clubs, 7 of diamonds" in said and "7H 7S" not in said and "(QS)" not in said
    assert "play 7H 7S" in "\n".join(Table(st, st.to_act).help())


def test_a_game_ended_at_its_hand_limit_says_so(tmp_path):
    """A house rule's hand limit (Ghahveh to 7 hands) ended the game with no score at the target and no word of
    why (a club organiser's audit)."""
    path = tmp_path / "seven.yaml"
    path.write_text("extends: ghahveh\noptions:\n  hand_limit: 2\n", encoding="utf-8")
    text = out(run("play", path, "--seed", 2, "--bots", "greedy", "--width", 0, input="1\n" * 400))
    assert text.rstrip().endswith("  the game ended at its limit on hands, before any side reached the target"), \
        text[-300:]
    path.write_text("extends: ghahveh\noptions:\n  hand_limit: 40\n", encoding="utf-8")  # a limit, the target first
    text = out(run("play", path, "--seed", 2, "--bots", "greedy", "--width", 0, input="1\n" * 3000))
    assert re.search(r"══ game over: you (lost|won) \d+ to \d+ ══$", text.rstrip()), text[-300:]


def test_a_word_the_game_never_takes_is_not_said_to_be_out_of_its_time():
    """A Persian table audit: `pass` in Ghahveh, where every seat bids and none passes, said it was not time to
    pass; and `last` in Pasur, which has no tricks, said none had been taken yet this hand."""
    for lang, typed in (("en", "pass"), ("fa", "پاس")):
        text = out(run("play", "ghahveh", "--seed", 3, "--bots", "random", "--lang", lang, input=f"{typed}\nquit\n"))
        assert "not time" not in text and "وقت" not in text, text
        assert "'pass' is not a legal move: see your moves below" in text or "«پاس» حرکت مجاز نیست" in text, text
    text = out(run("play", "pasur", "--seed", 3, "--bots", "random", input="last\nquit\n"))
    assert "this game has no tricks" in text and "has been taken yet" not in text, text
    text = out(run("play", "pasur", "--seed", 3, "--bots", "random", "--lang", "fa", input="دست قبل\nquit\n"))
    assert "در این بازی دستی برده نمی‌شود" in text, text


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_help_speaks_only_of_what_the_game_has(lang):
    """A Persian table audit: Hokm's help gave a discard as its example of several cards and spoke of bids, raises
    and jokers; Pasur's of tricks. Each part is said where the game has what it speaks of."""
    from interpreter.table import Table

    def helped(name):
        return "\n".join(Table(load(name).new_state(seed=1), 0, lang).help())

    w = {"en": ("discard 3D", "over passing", "last shows", "red joker", "over the best other"),
         "fa": ("خواباندن", "نسبت به پاس", "دست قبل (یا", "ژوکر رنگی", "بهترینِ بقیه")}[lang]
    discard, raise_, last, joker, sides = w
    hokm, shelem, pasur, ghahveh, hearts = map(helped, ("hokm", "shelem", "pasur", "ghahveh", "hearts"))
    assert discard not in helped("euchre")  # its dealer discards one card: no several (a review)
    assert not any(x in hokm for x in (discard, raise_, joker, sides)) and last in hokm, hokm
    assert discard in shelem and raise_ in shelem and joker not in shelem, shelem
    assert last not in pasur and discard not in pasur, pasur
    assert joker in ghahveh and raise_ not in ghahveh, ghahveh
    assert sides in hearts and raise_ not in hearts, hearts


def test_the_seat_you_pass_to_is_said_with_where_it_sits(tmp_path):
    """A Western games audit: a pass `to seat 1` could not be read as left or right. Where the ruleset says which
    way play passes (`table: direction:`), the pass says where its seat sits; where it does not, the seat alone."""
    (tmp_path / "seated.yaml").write_text("extends: hearts\nname: seated\ntable:\n  direction: counter-clockwise\n",
                                          encoding="utf-8")
    text = out(run("play", tmp_path / "seated.yaml", "--seed", 2, "--bots", "random", input="1\nquit\n"))
    assert "seat 1 on your right, seat 2\n  across, seat 3 on your left" in text, text
    assert "your moves (pass 1 of 3 to seat 1 on your right):" in text, text
    text = out(run("play", "hearts", "--seed", 2, "--bots", "random", input="1\nquit\n"))
    assert "your moves (pass 1 of 3 to seat 1):" in text, text


def test_what_a_side_carries_from_hand_to_hand_is_said_while_bidding():
    """A Western games audit: Spades' bags carried were not said during the bidding, where a player weighs them,
    only once it was over (the bids say the hand's own figures while bidding; the bags are the game's)."""
    typed = "bid 3\n" + "1\n" * 13 + "score\nquit\n"
    text = out(run("play", "spades", "--seed", 3, "--bots", "greedy", "--width", 0, input=typed))
    bidding = text.split("your move> score\n")[1].split("your moves:")[0]
    assert "bags carried: us 1, them 1" in bidding and "contract" not in bidding, bidding


def test_a_player_going_out_is_said_and_the_result_stands_apart():
    """A Western games audit: Crazy Eights' last card was followed at once by the hand's heading, nothing said of
    the player gone out; the fishing games' last line ran into the heading too."""
    text = out(run("play", "crazy-eights", "--seed", 3, "--bots", "greedy", input="1\n" * 80 + "quit\n"))
    assert "  seat 3: play 2♥\n  → seat 3 is out of cards\n\n── hand 1 is over ──" in text, text
    text = out(run("play", "scopa", "--seed", 3, "--bots", "greedy", input="1\n" * 80 + "quit\n"))
    assert "\n\n── hand 1 is over ──" in text, text
    text = out(run("play", "pasur", "--seed", 5, "--bots", "random", input="1\n" * 400))  # a bot's move ends it
    assert "  seat 1: play J♥ take 5♠ A♦ 8♦ 7♣\n\n── hand 5 is over ──" in text and "\n\n\n" not in text


def test_a_bid_the_rules_bar_now_is_named_above_the_menu():
    """A Western games audit: Oh Hell's dealer found the hook's bid gone from the menu without a word. A bid a
    `forbid_if` bars that reads the game (the dealer, the bids made) is named; one that reads the bid alone (a
    house rule's bids 165 to 325 never offered) is not: the menu shows that every time."""
    from interpreter.table import Table

    st = load("oh-hell").new_state(seed=1)
    while st.to_act != st.dealer:  # the bids before the dealer's
        st.apply_move(st.legal_moves()[0])
    table = Table(st, st.to_act)
    hook = 1 - sum(b for b in st.counters["bid"] if b)  # hand 1: one card each
    assert table.menu_lines(table.menu())[0] == f"your moves (bid {hook}: barred here by the rules):"
    for name in ("ghahveh-nil", "shelem-shelem-bid"):
        st = load(name).new_state(seed=1)
        table = Table(st, st.to_act)
        assert table.menu_lines(table.menu())[0] == "your moves:", name


@pytest.mark.parametrize("forbid, said", [
    ("high_bidder >= 0 and side(high_bidder) == side(seat)",
     "your moves (bid 105 … bid 165: barred here by the rules):"),
    ("option.target == 1200 and offer == 105", "your moves:"),  # an option reads alike every turn: said by the menu
])
def test_many_barred_bids_are_named_by_the_first_and_the_last(tmp_path, forbid, said):
    """A review: a partner barred from overbidding was shown every bid up to 165 (7,645 characters with bids to
    4,000); and a bar that reads an option alone, the same every turn, was named each time."""
    from interpreter.table import Table

    (tmp_path / "bar.yaml").write_text("extends: shelem\nname: bar\nhand:\n  - name: bidding\n"
                                       f"    auction: {{forbid_if: '{forbid}'}}\n", encoding="utf-8")
    st = load(tmp_path / "bar.yaml").new_state(seed=1)
    st.apply("bid 100")
    st.apply("pass")
    table = Table(st, st.to_act)
    assert table.menu_lines(table.menu())[0] == said


def test_in_words_a_stop_and_a_value_scored_as_a_row_read_without_symbols():
    """A table-looks audit, 2026-12-07: where cards are said in words, a speech program read `play stops (us: tricks
    >= 7)` and `points taken = hand score: us: 135` symbol by symbol. Said so: `play stops (us: 7 tricks)`,
    `points taken (the hand score): …`; on a screen they stay as they were."""
    said = out(run("play", "hokm", "--seed", 1, "--bots", "greedy", "--cards", "words", input="1\n" * 80))
    stops = [x for x in said.splitlines() if "play stops" in x]
    assert stops and all(re.fullmatch(r"  play stops \((us|them): 7 tricks\)", x) for x in stops), stops
    said = out(run("play", "shelem", "--seed", 3, "--bots", "greedy", "--cards", "words", input="1\n" * 120))
    assert "  points taken (the hand score): us: 135, them: 30" in said.splitlines(), said
    assert " = " not in said and ">=" not in said
    shown = out(run("play", "hokm", "--seed", 1, "--bots", "greedy", input="1\n" * 80))
    assert "play stops (us: tricks >= 7)" in shown or "play stops (them: tricks >= 7)" in shown


@pytest.mark.parametrize("name, lang, said", [
    ("shelem", (), "a bid in digits or words: bid 100, bid one hundred"),
    ("shelem", ("--lang", "fa"), "خواندن با عدد یا به حروف: خواندن ۱۰۰، خواندن صد"),
    ("ghahveh", (), "a bid in digits or words: bid 7, bid seven"),
])
def test_help_in_words_gives_a_bid_the_game_offers(name, lang, said):
    """A table-looks audit, 2026-12-07: Shelem's help gave `bid 7, bid seven` as its example, where bids run 100 to
    165. The example is a bid the game's auction offers, said back in words as the table reads them."""
    text = out(run("play", name, "--seed", 3, "--width", 0, "--cards", "words", *lang, input="help\nquit\n"))
    assert said in text, text
    assert all(digits_for_words(f"bid {in_words(n, lang)}") == f"bid {n}" for n in range(1000) for lang in ("en", "fa"))


def test_help_in_words_gives_no_bid_off_the_auctions_steps(tmp_path):
    """The example is 7 only where the auction offers 7: bids from 2 by 2 give `bid 2, bid two`."""
    path = tmp_path / "even.yaml"
    path.write_text("extends: ghahveh\nname: even\nhand:\n  - name: bidding\n    auction: {min: 2, step: 2, max: 12}\n",
                    encoding="utf-8")
    text = out(run("play", path, "--seed", 3, "--width", 0, "--cards", "words", input="help\nquit\n"))
    assert "a bid in digits or words: bid 2, bid two" in text, text


def test_in_words_a_persian_phrase_without_symbols_is_said_as_it_is():
    """A phrase said otherwise in words (`stopped_count`, `same_row`) that a language writes without symbols is
    said in that language as it is: the Persian table once needed a copy of each under `_spoken`, and without one
    said it in English."""
    said = out(run("play", "hokm", "--seed", 1, "--bots", "greedy", "--cards", "words", "--lang", "fa",
                   input="1\n" * 80))
    assert "play stops" not in said and ("(دست‌های برده‌ی ما: ۷)" in said or "(دست‌های برده‌ی حریف: ۷)" in said)
    assert Words(load("shelem"), "fa", "words").say("same_row", row="امتیاز دور") == " (همان امتیاز دور)"


def test_in_words_the_help_and_refusals_cite_no_rule_ids():
    """`now (bidding): … if all pass, deal again (S3-S5)` and refusals ending `(Y4, Y5)`: a speech program reads
    an id letter by letter, and the rules sheet in words leaves them out (an audit of the words style); every line
    at a table in words leaves them out too, and a bracket that says more keeps the rest."""
    text = out(run("play", "shelem", "--seed", 3, "--cards", "words", "--width", 0, input="help\nbid 99\nquit\n"))
    assert "if all pass, deal again\n" in text and "S3" not in text and "S5" not in text, text
    signs = out(run("play", "shelem", "--seed", 3, "--width", 0, input="help\nquit\n"))
    assert "if all pass, deal again (S3-S5)\n" in signs
    from interpreter.display import CITED, _uncited

    def said(line):
        return CITED.sub(_uncited, line)

    assert said("a pass (S3, house rule) ends it (H8-H11)") == "a pass (house rule) ends it"


def test_a_sides_pile_with_its_top_face_up_is_no_seats_pile(tmp_path):
    """Whist with its won cards' top face up (`won: {owner: side, visible: top}`): the board took a side's pile for
    a seat's pile that plays and read it by seat, an internal error at the first trick (a mutation fuzz)."""
    path = tmp_path / "tops.yaml"
    path.write_text("extends: whist\nname: tops\nzones:\n  won: {owner: side, visible: top}\n", encoding="utf-8")
    text = out(run("play", path, "--bots", "random", "--seed", 1, input="1\n1\n1\nboard\nquit\n"))
    assert "internal error" not in text and "your move> board" in text and "tricks: us" in text, text
