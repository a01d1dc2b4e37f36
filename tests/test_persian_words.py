"""Hearts, Spades and Oh Hell at a Persian table (`--lang fa`) speak Persian, as Hokm and Shelem do: no
English word of the game's own vocabulary (trump, turned, passing, nil, bids, the game's title …) shows
through, and the card notation calls suits «خال» (as `باید ♥ دل بیاورید (خال زمینه)` does), never ranks."""

from __future__ import annotations

import io
import random
import re

import pytest

from interpreter import cards as C
from interpreter import load
from interpreter.bots import make_bots
from interpreter.display import Refusal, Session
from interpreter.screen import Screen
from interpreter.sheet import sheet
from interpreter.steps import TrickPlay
from interpreter.table import Table
from interpreter.words import TO_ASCII, Words

GAMES = ["hearts", "spades", "oh-hell"]

# The games' own English words, as the table printed them in Persian before their `fa:` names.
ENGLISH = re.compile(r"\b(trump|turned|passing|nil|bids?|bidding|exact|hearts|Hearts|Spades|spades|Oh Hell|"
                     r"contract|bags|tricks|deal|queen|moon|stock|won|hand)\b", re.I)
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
RULE_IDS = re.compile(r" \((?:[A-Z]{1,2}\d+(?:[-–][A-Z]{0,2}\d+)?(?: اختیاری)?(?:، )?)+\)")  # (X7): RULES.md's ids
PROMPT = "حرکت شما> "


def play_fa(game: str, seed: int, hands: int, inputs=()) -> str:
    """A Persian session as `cardrules play GAME --lang fa --bots greedy` shows it through a pipe, for `hands`
    hands: `inputs` typed first, then random menu numbers."""
    st = load(game).new_state(seed=seed, listen=True)
    queue = list(inputs)
    rng = random.Random(seed)
    out = io.StringIO()

    def read() -> str:
        if len(st.hands) >= hands:
            return ""
        return (queue.pop(0) if queue else str(rng.randrange(len(st.legal_moves())) + 1)) + "\n"

    bots = make_bots(["greedy"] * st.game.players, seed)
    Session(st, 0, bots, Screen(out, colour=False, rtl=True), read, lang="fa", echo=True).run()
    return out.getvalue()


def shown_lines(output: str) -> list[str]:
    """The lines the table says, without what the person typed (echoed after the prompt)."""
    return [x for x in output.splitlines() if x.strip() and PROMPT not in x]


@pytest.mark.parametrize("game", GAMES + ["briscola", "whist", "sixty-six"])
@pytest.mark.parametrize("seed", [3, 8])
def test_no_english_word_of_the_game_shows_at_a_persian_table(game, seed):
    """Hearts is played 4 hands (the fourth has no passing), the others 3: headings, the trump and the card
    turned, the bids, tricks, each hand's scoring rows and the score are all said in Persian (Briscola's draws
    and card points, Whist's turned card taken up too)."""
    output = play_fa(game, seed, hands=4 if game == "hearts" else 3)
    lines = shown_lines(output)
    english = [x for x in lines if ENGLISH.search(x)]
    assert not english, "\n".join(english[:10])
    latin = [x for x in lines if re.search(r"[A-Za-z]", CARD.sub("", RULE_IDS.sub("", x)))]  # only cards and rule
    # ids (which cite RULES.md, as the help and refusals do) are written in Latin
    assert not latin, "\n".join(latin[:10])


@pytest.mark.parametrize("game", GAMES)
def test_the_title_and_description_are_persian(game):
    table = Table(load(game).new_state(seed=1, listen=True), 0, "fa")
    opening = table.opening()
    assert not re.search(r"[A-Za-z]", table.w.title()), table.w.title()
    around = table.w.direction() is not None  # where the others sit
    assert len(opening) == 3 + bool(around), opening  # title, description, seat (and where the others sit)
    assert not re.search(r"[A-Za-z]", " ".join(opening[1:])), opening


def test_a_variant_keeps_the_persian_title_and_names_itself(tmp_path):
    """A variant that gives no `names` of its own (as spades-no-minus-200 did before it had them)."""
    path = tmp_path / "spades-house.yaml"
    path.write_text("extends: spades\nname: spades-house\noptions:\n  minus_200: false\n", encoding="utf-8")
    title = Table(load(path).new_state(seed=1, listen=True), 0, "fa").w.title()
    assert title.endswith(" (spades-house)") and not re.search(r"[A-Za-z]", title.split(" (")[0]), title


def test_a_variant_that_says_what_it_is_in_english_only_is_not_described_by_its_base_in_persian(tmp_path):
    """A variant that writes its own `description` and a `table:` section, but no Persian description: the
    base's Persian line (plain Hokm) no longer describes it, so a Persian table says only whose house rules these
    are (it said nothing: a club organiser's audit)."""
    from interpreter.words import Words

    path = tmp_path / "mine.yaml"
    path.write_text("extends: hokm\nname: mine\ndescription: Hokm, mine\ntable: {words: {trick: {fa: دست}}}\n",
                    encoding="utf-8")
    assert Words(load("hokm"), "fa").description()
    assert Words(load(path), "fa").description() == "با قاعده‌های خانگیِ \u200emine.yaml\u200e\u200f"


def test_the_skipped_passing_the_trump_and_the_rows_read_in_persian():
    """The strings the tester saw: 'این دور passing نیست', 'trump: ♦', 'exact bid: …', 'nil: ما −۱۰۰'."""
    hearts = play_fa("hearts", 3, hands=4)
    assert "\u200f  این دور پاس دادن کارت نیست" in hearts.splitlines()
    oh_hell = play_fa("oh-hell", 3, hands=2)
    assert re.search(r"^\u200f── پایان دور ۱ · حکم: ♦ خشت ──$", oh_hell, re.M), oh_hell
    assert re.search(r"^\u200f  کارت حکم رو شد: \u200eK♦\u200e\u200f$", oh_hell, re.M), oh_hell  # dealt face up
    st = load("spades").new_state(seed=1, listen=True)
    table = Table(st, 0, "fa")
    w = table.w
    assert [table._row_name(r.name) for r in st.game.scoring] == ["امتیاز تعهد", "نیل", "جریمه‌ی اضافه‌ها"]
    assert (w.name("bid"), w.name("tricks"), w.name("bags")) == ("خوانده‌ها", "دست‌های برده", "اضافه‌ها")


def trick_state(game: str, seed: int, want=lambda st: True):
    """A state where seat 0 is to play a card to a trick and `want(st)` holds, each earlier move random."""
    st = load(game).new_state(seed=seed, listen=True)
    rng = random.Random(seed)
    for _ in range(400):
        if st.to_act == 0 and isinstance(st.game.steps[st.step], TrickPlay) and want(st):
            return st
        st.apply_move(rng.choice(st.legal_moves()))
    raise AssertionError(f"{game}: no such state in 400 moves")


def refusal(st, typed: str) -> str:
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "", lang="fa")
    with pytest.raises(Refusal) as refused:
        session.understand(typed, session.table.menu())
    return str(refused.value)


@pytest.mark.parametrize("game", GAMES + ["hokm"])
def test_a_bad_card_calls_suits_khal_and_ranks_something_else(game):
    """«خال» is a suit everywhere at the table (`خال زمینه`); the notation once called ranks «خال»
    and suits «نقش»."""
    st = trick_state(game, 1)
    said = refusal(st, "play ZZ")
    assert "«ZZ» کارت نیست" in said, said
    helped = "\n".join(Table(st, 0, "fa").help())
    for text in (said, helped):
        assert not re.search(r"خال\S*\s+\u200e?A 2-10", text), text
        assert re.search(r"خال\S*\s+\u200e?S H D C", text), text
        assert re.search(r"ارزش\S*\s+\u200e?A 2-10", text), text
        assert "نقش" not in text, text


@pytest.mark.parametrize("game", GAMES)
def test_a_card_off_the_suit_led_is_refused_naming_the_suit_in_persian(game):
    def off_suit(st):
        led, hand = st.trick_state.led, st.zones["hand"][0]
        return led is not None and any(C.SUIT[c] == led for c in hand) and any(C.SUIT[c] != led for c in hand)

    st = trick_state(game, 1, off_suit)
    led, hand = st.trick_state.led, st.zones["hand"][0]
    card = next(c for c in hand if C.SUIT[c] != led)
    said = refusal(st, f"play {C.NAMES[card]}")
    suit = ["پیک", "دل", "خشت", "خاج"][led]
    assert said.endswith(f"باید {C.SUIT_SIGNS[led]} {suit} بیاورید (خال زمینه)"), said


@pytest.mark.parametrize("game", GAMES)
def test_every_name_the_table_may_show_has_a_persian_word(game):
    """Zones, counters, variables, steps and scoring rows; the suits by name, as the Persian games do."""
    g = load(game)
    w = Table(g.new_state(seed=1, listen=True), 0, "fa").w
    names = [*g.zones, *g.counters, *g.vars] + [v for v in g.tree.get("table", {}).get("announce", ())
                                              if v in g.values]
    for name in names:
        assert not re.search(r"[A-Za-z]", w.name(name)), (name, w.name(name))
    for step in g.steps:
        assert not re.search(r"[A-Za-z]", w.step(step.name)), step.name
    for row in g.scoring:
        assert row.fa and not re.search(r"[A-Za-z]", row.fa), row.name
    for suit in range(4):
        assert re.search(r"[\u0600-\u06ff]", w.suit(suit)), suit


@pytest.mark.parametrize("game", GAMES)
def test_the_english_table_keeps_its_own_words(game):
    """The Persian words do not leak into English: suits by their English names, the games' own titles."""
    table = Table(load(game).new_state(seed=1, listen=True), 0, "en")
    assert table.w.suit(0) == "♠ spades"
    assert table.w.title() == {"hearts": "Hearts", "spades": "Spades", "oh-hell": "Oh Hell"}[game]


def test_persian_lines_use_the_persian_comma_and_semicolon():
    """Lists and help in Persian join with «،» and «؛» (`say('comma')` is «، »); none of the table's own
    text uses a Latin ',' or ';'."""
    st = trick_state("hearts", 1, lambda st: len(st.legal_moves()) > 1)
    lines = shown_lines(play_fa("hearts", 3, hands=1)) + Table(st, 0, "fa").help() + [refusal(st, "take")]
    latin = [x for x in lines if re.search(r"[,;]", x)]
    assert not latin, "\n".join(latin[:10])


def test_persian_numbers_stand_apart_and_use_the_persian_decimal_point():
    """«صندلی ۱ ۲» read as ۱۲: a colon keeps a seat's number from its value, and «شما: ۰» has one too, alike;
    0.6 is written ۰٫۶ (Persian reviews)."""
    w = Words(load("spades"), "fa")
    assert w.per_seat([0, 2, 4, 3], 0) == "شما: ۰، صندلی ۱: ۲، صندلی ۲: ۴، صندلی ۳: ۳"
    assert w.num(0.6) == "۰٫۶" and Words(load("spades"), "en").num(0.6) == "0.6"
    assert Words(load("spades"), "en").per_seat([0, 2, 4, 3], 0) == "you 0, seat 1 2, seat 2 4, seat 3 3"


def test_the_jokers_are_named_as_persian_players_name_them():
    """«ژوکر سیاه» and «ژوکر رنگی» at a Persian table, not BJ and RJ; typed either way, each is that card."""
    import io
    import random

    from interpreter.display import Session
    from interpreter.screen import Screen

    game = load("ghahveh")
    for seed in range(60):
        st, rng = game.new_state(seed=seed, listen=True), random.Random(seed)
        while not st.over and not (st.to_act == 0 and "play BJ" in st.legal_actions()):
            st.apply_move(rng.choice(st.legal_moves()))
        if not st.over:
            break
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "", lang="fa")
    menu = session.table.menu()
    assert "بازی ژوکر سیاه" in [shown for _, _, shown in menu]
    for typed in ("بازی ژوکر سیاه", "ژوکر سیاه", "BJ", "play bj"):
        assert session.understand(typed, menu) == ["play BJ"], typed
    assert Words(game, "fa").cards([C.BY_NAME["BJ"], C.BY_NAME["RJ"]]) == "ژوکر سیاه، ژوکر رنگی"
    assert Words(game, "en").card(C.BY_NAME["RJ"]) == "RJ"


def test_every_option_a_bundled_ruleset_declares_is_documented_in_persian():
    """The Persian rules sheet says what each option does in Persian: no option's `doc` is English alone."""
    from interpreter import bundled

    missing = []
    for path in bundled():
        for name, spec in (load(path).tree.get("options") or {}).items():
            doc = spec.get("doc") if isinstance(spec, dict) else None
            if doc is not None and not (isinstance(doc, dict) and doc.get("fa")):
                missing.append(f"{path.name}: {name}")
    assert not missing, missing


# Bundled games with no Persian table at all (Scopa was one until it got its Persian words).
NO_PERSIAN: set = set()


def test_every_bundled_ruleset_is_titled_and_described_in_persian():
    """`rules NAME --lang fa` and `play NAME --lang fa` open with a Persian title (a variant without names of
    its own: the base's, then «(NAME)») and a Persian description line: a variant writes its own
    `table: words: description: {fa: ...}`, or a Persian table describes it not at all."""
    from interpreter import bundled

    wrong = []
    for path in bundled():
        game = load(path)
        w = Words(game, "fa")
        title, description = w.title(), w.description()
        if path.stem in NO_PERSIAN:
            assert not game.names.get("fa"), f"{path.name} speaks Persian now: take it out of NO_PERSIAN"
            continue
        head = title.split(" (")[0]
        if not re.search(r"[\u0600-\u06ff]", head) or re.search(r"[A-Za-z]", head):
            wrong.append(f"{path.name}: title {title!r}")
        if not description or re.search(r"[A-Za-z]", description):
            wrong.append(f"{path.name}: description {description!r}")
    assert not wrong, "\n".join(wrong)


def test_a_card_holds_left_to_right_inside_persian():
    """In a terminal that lays out right-to-left text, «کارت‌های شما: 7♠ 2♥» showed ♠7 run into the next card:
    a card needs a left-to-right mark before it as well as after, and a right-to-left one to go back (Persian
    review). What follows from a play points the way the line reads (←)."""
    w = Words(load("hokm"), "fa")
    assert w.card(C.BY_NAME["7S"]) == "\u200e7♠\u200e\u200f"
    assert Words(load("hokm"), "en").card(C.BY_NAME["7S"]) == "7♠"
    lines = shown_lines(play_fa("spades", 3, hands=1))
    assert any(x.startswith("\u200f  ← ") for x in lines) and not any("→" in x for x in lines)


def test_a_record_path_reads_left_to_right_when_the_input_ends(tmp_path):
    """«… در /tmp/…/rec.json است» showed its leading slash at the end of a right-to-left line."""
    st = load("hokm").new_state(seed=2, listen=True)
    out = io.StringIO()
    path = str(tmp_path / "rec.json")
    Session(st, 0, make_bots(["greedy"] * 4, 2), Screen(out, colour=False, rtl=True), lambda: "", lang="fa",
            record=path).run()
    assert f"\u200e{path}\u200e\u200f" in out.getvalue()


def test_a_persian_choice_is_understood_however_its_words_are_joined():
    """«ادامه نمی‌دهم» (declining the bam) is written with a zero-width non-joiner, which many type as a space
    or leave out: each way is the move (a review found only the first understood)."""
    from tests.test_hokm_rules import kot_hands, ruleset, start

    st = start(ruleset("hokm-bam"), kot_hands(0), trump="S")
    for _ in range(28):
        st.apply(st.legal_actions()[0])
    assert st.legal_actions() == ["bam", "stop"]

    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "", lang="fa")
    menu = session.table.menu()
    for typed in ("ادامه نمی\u200cدهم", "ادامه نمی دهم", "ادامه نمیدهم", "ادامه\u200c نمی\u200cدهم"):
        assert session.understand(typed, menu) == ["stop"], typed
    assert session.understand("بام", menu) == ["bam"]


INFINITIVES = ("بازی", "برداشتن", "خواندن", "پاس", "حکم", "خواباندن", "کشیدن", "اعلام")


@pytest.mark.parametrize("game", ["shelem", "pasur", "hearts", "spades", "crazy-eights"])
def test_the_persian_move_log_says_what_a_seat_did_not_a_bare_infinitive(game):
    """`seat 2: bid 100` reads «صندلی ۲ خواند: ۱۰۰», not «صندلی ۲: خواندن ۱۰۰» (an audit); each contract verb
    is said in the past, of the seat or of you."""
    log = [x.strip("\u200f ") for x in shown_lines(play_fa(game, 3, hands=1))
           if x.startswith("\u200f  ") and not x.startswith("\u200f    ")]  # not a long line's later part
    moves = [re.sub(r" \([۰-۹]+ بار\)$", "", x) for x in log if x.startswith(("شما", "صندلی"))]  # a draw folded
    assert moves
    for line in moves:
        who, _, rest = line.partition(":")
        assert not rest.strip().startswith(INFINITIVES), line
        assert who.split()[-1] in ("کرد", "کردید", "داد", "دادید", "خواند", "خواندید", "خواباند", "خواباندید",
                                   "کشید", "کشیدید", "برداشت", "برداشتید"), line
    capture = [x for x in moves if "برداشت" in x]  # «شما با K♥، K♠ را برداشتید»: one sentence, as it is said
    assert game != "pasur" or capture and re.search(r" با .+، .+ را برداشت(ید)?$", capture[0]), capture


def test_the_english_move_log_is_unchanged():
    w = Words(load("pasur"), "en")
    assert w.did("seat 2", False, "play 2S take 9H 4D") == "seat 2: play 2♠ take 9♥ 4♦"
    assert w.did("you", True, "discard 7D", face_down=True) == "you: discard a card face down"
    fa = Words(load("spades"), "fa")
    assert fa.did("صندلی ۲", False, "bid 0") == "صندلی ۲ خواند: ۰ (نیل)"  # the ruleset's name for the move kept
    assert fa.did("شما", True, "pass") == "شما پاس دادید"


def test_a_rulesets_own_verb_is_said_in_the_past_as_its_words_give_it():
    """H19: Hokm for two's keep and burn are the ruleset's own verbs; their words' `past:` gives the log «صندلی ۱
    نگه داشت», «شما سوزاندید» (the log said «صندلی ۱: نگه‌داشتن», an infinitive, a review found). A verb without
    `past:` (Euchre's order) is said as the ruleset names it."""
    w = Words(load("hokm-2p"), "fa")
    assert w.did("صندلی ۱", False, "keep") == "صندلی ۱ نگه داشت"
    assert w.did("شما", True, "burn") == "شما سوزاندید"
    assert Words(load("euchre"), "fa").did("صندلی ۱", False, "order") == "صندلی ۱: قبول حکم"
    assert Words(load("hokm-2p"), "en").did("seat 1", False, "keep") == "seat 1: keep"


def test_the_rank_order_reads_low_to_high_at_a_persian_table():
    """H1: the ranks low to high, `2 3 … 10 J Q K A`, laid out right to left as plain text, read `… 9 10 A K Q
    J` to a Persian eye (the numbers and letters each a run, the runs reversed: a reader's audit). The help and
    the rules sheet hold the order left to right, as they hold cards."""
    order = "2 3 4 5 6 7 8 9 10 J Q K A"
    help_lines = [x for x in shown_lines(play_fa("hokm", 3, hands=1, inputs=["help"])) if "ترتیب" in x]
    assert help_lines and all(f"\u200e{order}\u200e" in x for x in help_lines), help_lines
    assert f"\u200e{order}\u200e" in sheet(load("hokm"), "fa")
    assert "\u200eA 2-10 J Q K\u200e" in Words(load("hokm"), "fa").say("not_card", word="x")


def test_a_signed_number_keeps_its_sign_before_it_in_persian():
    """S10: a failed contract scores «−۱۰۵»; laid out right to left as plain text its sign went after the number
    («۱۰۵−», a reader's audit), and a sur's «+۱» alike. A signed number is held left to right, as a card is; an
    unsigned one is plain Persian digits."""
    w = Words(load("shelem"), "fa")
    assert w.num(-105) == "\u200e−۱۰۵\u200e\u200f" and w.num(105) == "۱۰۵"
    assert w.signed(1) == "\u200e+۱\u200e\u200f" and w.signed(-2) == "\u200e−۲\u200e\u200f"
    assert w.signed_figure(-21.6, "21.6") == "\u200e−۲۱٫۶\u200e\u200f" and w.signed_figure(0.0, "0") == "۰"
    assert Words(load("shelem"), "en").num(-105) == "−105"


@pytest.mark.parametrize("game", ["hearts", "oh-hell", "euchre", "hokm"])
def test_tricks_taken_are_said_as_hokm_says_them(game):
    """The tricks each has taken, said after each trick: «دست‌های برده» in every game, as Hokm says it (Hearts
    said «دست‌ها», the table's word, a reader found)."""
    said = [x for x in shown_lines(play_fa(game, 3, hands=1)) if " · دست" in x]
    assert said and all(" · دست‌های برده: " in x for x in said), said[:2]


@pytest.mark.parametrize("game", ["crazy-eights", "crazy-eights-stacking", "crazy-eights-same-rank"])
def test_crazy_eights_names_a_suit_with_one_verb(game):
    """E3: a suit named after an eight is «اعلام» in the menu and the log; the status, the rules and the
    description said it three ways more («خالِ خواسته‌شده», «نام ببرید», «می‌خوانند»), a reader found."""
    text = play_fa(game, 3, hands=1) + sheet(load(game), "fa") + Words(load(game), "fa").description()
    assert "اعلام" in text
    for other in ("خواسته", "نام ببرید", "می‌خوانند", "بخوانید"):
        assert other not in text, other


@pytest.mark.parametrize("game, lang, mine, public", [
    ("crazy-eights", "fa", r"^\u200f  \u200e\S+\u200e\u200f را کشیدید$", "شما کشیدید"),
    ("crazy-eights", "en", r"^  you draw \S+$", "you: draw"),
    ("hokm-2p", "fa", r"^\u200f  \u200e\S+\u200e\u200f را (سوزاندید|نگه داشتید) و ", "شما (سوزاندید|نگه داشتید)$"),
    ("hokm-2p", "en", r"^  you (burn|keep) \S+ and ", "you: (burn|keep)$")])
def test_your_own_draw_or_keep_is_said_once_with_its_card(game, lang, mine, public):
    """Your draw was said twice, «شما کشیدید» then «← 10♥ را کشیدید» (a reader): now once, the card named, as
    the move's own line (no arrow); the others' draws are still said as moves."""
    st = load(game).new_state(seed=3, listen=True)
    out = io.StringIO()
    rng = random.Random(3)
    read = lambda: "" if st.hands else str(rng.randrange(len(st.legal_moves())) + 1) + "\n"  # noqa: E731
    Session(st, 0, make_bots(["greedy"] * st.game.players, 3), Screen(out, colour=False, rtl=lang == "fa"), read,
            lang=lang, echo=True).run()
    lines = out.getvalue().splitlines()
    own = [st.game.steps[i].text(m) for actor, i, m in st.log if actor == 0]
    said = [x for x in lines if re.search(mine, x)]
    assert said and len(said) == sum(m in ("draw", "keep", "burn") for m in own)
    assert not any(re.search(public, x) for x in lines)


@pytest.mark.parametrize("lang, drew", [("en", r"^  seat (\d): draw(?: \((\d+) times\))?$"),
                                        ("fa", r"^\u200f  صندلی ([۰-۹]) کشید(?: \(([۰-۹]+) بار\))?$")])
def test_a_seats_draws_in_a_row_are_said_once_with_how_many(lang, drew):
    """E4: a seat that cannot lay a card draws until it can: nine lines «صندلی ۲ کشید» in a row (a reader) are
    one, «صندلی ۲ کشید (۹ بار)», and in English 'seat 2: draw (9 times)'; every draw is still counted."""
    st = load("crazy-eights").new_state(seed=11, listen=True)
    out = io.StringIO()
    rng = random.Random(11)
    read = lambda: "" if len(st.hands) >= 2 else str(rng.randrange(len(st.legal_moves())) + 1) + "\n"  # noqa: E731
    Session(st, 0, make_bots(["random"] * 4, 11), Screen(out, colour=False, rtl=lang == "fa"), read, lang=lang,
            echo=True).run()
    lines = out.getvalue().splitlines()
    assert not any(a == b for a, b in zip(lines, lines[1:]) if re.match(drew, a))
    said = [re.match(drew, x).groups() for x in lines if re.match(drew, x)]
    told = sum(int(n.translate(TO_ASCII)) if n else 1 for _, n in said)
    assert any(n for _, n in said)
    assert told == sum(a != 0 and st.game.steps[i].text(m) == "draw" for a, i, m in st.log)


@pytest.mark.parametrize("game", ["shelem", "shelem-3p", "shelem-score-bid", "shelem-shelem-bid", "shelem-double-loss"])
def test_shelem_calls_its_contract_khande_as_its_players_do(game):
    """S5, S10: the contract is the hakem's bid, «خوانده» (the source's «امتیاز خوانده شده»; its players bid,
    «می‌خواند ۱۱۰»); the table said «تعهد» beside «خوانده‌ها» for the bids (a reader). The hand's heading,
    its result and the rules all say «خوانده»."""
    text = play_fa(game, 3, hands=2) + sheet(load(game), "fa") + Words(load(game), "fa").description()
    assert "تعهد" not in text
    assert re.search(r"· خوانده: [۰-۹]+", text)


ANNOUNCING = [p.stem for p in sorted(__import__("interpreter").bundled())
              if any(str(x) in load(p.stem).values for x in load(p.stem).tree.get("table", {}).get("announce", ()))]


@pytest.mark.parametrize("name, seed, points, en, fa", [
    ("hokm", 51, [2, 0], "we made a kot (7-0)", "ما کُت کردیم (۷ به ۰)"),
    ("hokm", 145, [3, 0], "we made a hakem-kot (7-0 against the hakem's side)",
     "ما حاکم\u200cکُت کردیم (۷ به ۰ بر تیم حاکم)"),
    ("hokm-2p", 42, [0, 3], "seat 1 made a hakem-kot (7-0 against the hakem)",
     "صندلی ۱ حاکم\u200cکُت کرد (۷ به ۰ بر حاکم)"),
    ("hokm-3p", 151, [0, 3, 0], "seat 1 made a hakem-kot (7-0 against the hakem)",
     "صندلی ۱ حاکم\u200cکُت کرد (۷ به ۰ بر حاکم)"),
    ("hokm-kap", 51, [2, 0], "we made a kap (7-0)", "ما کاپ کردیم (۷ به ۰)")])
def test_a_hakem_kot_is_said_as_one(name, seed, points, en, fa):
    """H13: a kot against the hakem's side scores 3, and the table said it as any kot, «حریف کُت کرد», which
    gave no reason for the 3 (a Persian player's audit): players call it a hakem-kot, «حاکم‌کُت». The first
    hand of random play from `seed`; the kap variant, where either side's kap scores 2, has none."""
    st, rng = load(name).new_state(seed=seed), random.Random(seed)
    while not st.hands:
        st.apply_move(rng.choice(st.legal_moves()))
    assert st.hands[0]["points"] == points
    said = [Table(st, 0, lang).hand_result(0) for lang in ("en", "fa")]
    assert "  " + en in said[0] and any(line.endswith("  " + fa) for line in said[1]), said
    assert sum("kot" in line or "kap" in line for line in said[0]) == 1, said[0]


def test_an_announcement_is_said_as_a_sentence_in_persian():
    """A hand's result said «کُت‌کننده (۷ به ۰): حریف», a label and who (a reader): the ruleset's words now say it
    as a sentence (`said:`, of another and of yours), the verb agreeing with who; English says its own ('a kot by
    them (7-0)', no longer 'kot (7-0) — them')."""
    hokm, two = Words(load("hokm"), "fa"), Words(load("hokm-2p"), "fa")
    assert hokm.announce("kot_by_hakem", "حریف", False) == "حریف کُت کرد (۷ به ۰)"
    assert hokm.announce("kot_by_hakem", "ما", True) == "ما کُت کردیم (۷ به ۰)"
    assert two.announce("kot_by_hakem", "شما", True) == "شما کُت کردید (۷ به ۰)"
    assert Words(load("shelem"), "fa").announce("made", "حریف", False) == "حریف خوانده‌اش را گرفت"
    assert Words(load("hokm"), "en").announce("kot_by_hakem", "them", False) == "a kot by them (7-0)"
    block = play_fa("shelem", 3, hands=1).split("پایان دور ۱")[1]
    assert re.search(r"^\u200f  (حریف خوانده‌اش|ما خوانده‌مان) را (ن)?گرفت(یم)?$", block, re.M), block
    assert not re.search(r"گرفته (ن)?شد: ", block), block


@pytest.mark.parametrize("game", ANNOUNCING)
def test_every_announcement_is_a_sentence_that_agrees_with_you(game):
    """Each value a hand announces (Hokm, Shelem, Ghahveh, and Spades, Euchre, Hearts too) has its sentence;
    said of yours it is «ما …» where you play in a side, «شما …» where each plays for himself (a variant for
    three inherits the base's words); and its English one, 'we …' or 'you …' alike."""
    g = load(game)
    words = g.tree["table"]["words"]
    for name in (str(x) for x in g.tree["table"].get("announce", ()) if str(x) in g.values):
        other, yours = words[name]["said"]["fa"]
        assert "{who}" in other, (name, other)
        starts = ("ما", "نیلِ", "بامِ", "کارت‌های", "مارچِ") if g.partnerships else ("شما", "بامِ", "بازی")
        assert yours.split()[0] in starts, (name, yours)
        assert ("ما" if g.partnerships else "شما") in yours.split(), (name, yours)
        other, yours = words[name]["said"]["en"]  # and in English: `{who}` is «them» in a partnership, so
        assert "{who}" in other, (name, other)   # not the subject there ('them made'); you, not we, for himself
        assert not (g.partnerships and other.startswith("{who}")), (name, other)
        ours, you = {"we", "our", "us"} & set(yours.split()), {"you", "your"} & set(yours.split())
        assert (ours and not you) if g.partnerships else (you and not ours), (name, yours)


def test_an_ezafe_after_a_name_is_spelt_as_the_names_ending_asks():
    """A sentence puts a name before a kasra (`{pile}ِ {who}`): after a silent heh it is written «‌ی»
    («کارت‌های برده‌ی صندلی ۳», not «بردهِ»), after alef or vav «ی» («برداشته‌های»), bold or not; after a heh
    that is said (شاه) and other letters the kasra stays; the template's own words and the other names are
    left as written (an author's audit, then a review: «همراهِ» was rewritten)."""
    from interpreter.words import ezafe, ezafe_slots

    assert ezafe("کارت‌های برده") == "کارت‌های برده\u200cی" and ezafe("**کارت‌های برده**") == "**کارت‌های برده\u200cی**"
    assert ezafe("برداشته‌ها") == "برداشته‌های" and ezafe("زمین") == "زمین\u0650" and ezafe("شاه") == "شاه\u0650"
    template, kw = ezafe_slots("{zone}ِ {giver} همراهِ {card}", {"zone": "کارت‌های برده", "giver": "دسته", "card": "شاه"})
    assert template.format(**kw) == "کارت‌های برده\u200cی دسته همراهِ شاه"


def test_what_a_person_typed_in_latin_letters_is_quoted_back_in_order():
    """`10♦` typed at a Persian table was quoted back in a refusal as «♦10» by a terminal that lays text out right
    to left (a Persian player's audit): held left to right as cards are; Persian typed stays as it is."""
    from interpreter.words import LRM, Words

    w = Words(load("shelem"), "fa")
    assert f"{LRM}10♦{LRM}" in w.say("not_legal", typed="10♦")
    assert w.say("not_legal", typed="دو پیک").startswith("«دو پیک»")


@pytest.mark.parametrize("typed, read", [("گشنیز ۴", "4♣"), ("پیک ده", "10♠"), ("ده پیک", "10♠"),
                                         ("بازی جوکر سیاه", "play BJ"), ("جوکر رنگی", "RJ"), ("♣ 4", "4♣"),
                                         # several cards, each the suit first: one card's rank not glued to the
                                         # next one's suit (a review: `♣ 4♦ 5`, `♠ 104♦`)
                                         ("♣ 4 ♦ 5", "4♣ 5♦"), ("پیک ده خشت چهار", "10♠ 4♦"),
                                         ("بازی دل شاه برداشتن خشت پنج پیک هشت", "play K♥ take 5♦ 8♠"),
                                         ("ده پیک چهار خشت", "10♠ 4♦"), ("10 ♠ 4 ♦", "10♠ 4♦")])
def test_a_card_typed_suit_first_or_a_joker_spelt_as_the_sources_do_is_read(typed, read):
    """A Persian player's audit: «گشنیز ۴» (the suit first) and «جوکر سیاه» (the spelling of the project's own
    Persian source) were refused with the list of moves alone."""
    from interpreter.words import Words

    assert Words(load("ghahveh"), "fa").typed(typed) == read


@pytest.mark.parametrize("lang, typed, read", [
    ("fa", "بازی ۸ خاج برداشتن تک پیک، ۲ خشت", "play 8♣ take A♠ 2♦"),  # the table's own «،»
    ("fa", "بازی ۸ خاج برداشتن آس پیک و ۲ خشت", "play 8♣ take A♠ 2♦"),  # a list's last two joined by «و»
    ("fa", "خواباندن ۷ پیک، ۵ خشت و ۷ خشت؛ ۲ خاج", "discard 7♠ 5♦ 7♦ 2♣"),
    ("en", "play eight of clubs take ace of spades and two of diamonds", "play 8♣ take A♠ 2♦"),
    ("en", "play 8C take AS and 2D", "play 8C take AS 2D"), ("en", "bid 100 and more", "bid 100 and more")])
def test_cards_typed_as_a_list_is_said_are_read(lang, typed, read):
    """A Persian screen-reader player's audit: the table lists cards in words with «،» between them, and a list
    typed so (or with «و», `and`, before the last) was refused: «،» کارت نیست. Only between cards is `and` dropped."""
    assert Words(load("pasur"), lang, "words").typed(typed) == read


def test_a_capture_in_words_says_the_last_card_taken_after_va():
    """With cards in words every card stands apart by «،»: `با ۸ خاج، آس پیک، ۲ خشت` did not say which card
    took the others; the last one taken comes after «و», as the sentence is said."""
    w = Words(load("pasur"), "fa", "words")
    assert w.did("شما", True, "play 8C take AS 2D") == "شما با ۸ خاج، آس پیک و ۲ خشت را برداشتید"
    assert w.did("شما", True, "play 8C take AS") == "شما با ۸ خاج، آس پیک را برداشتید"
    assert Words(load("pasur"), "fa").did("شما", True, "play 8C take AS 2D").count("و") == 0


def test_a_misspelt_suit_after_a_rank_is_named_whole_and_the_example_is_in_words():
    """`بازی شاه پیکک` was refused as «شاه» کارت نیست — the rank, which was right — with an example in the
    notation (10D) to a player who reads cards in words; and one card of several was quoted back as `9H`."""
    st = trick_state("hokm", 7)
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "", lang="fa", cards="words")
    with pytest.raises(Refusal) as refused:
        session.understand("بازی شاه پیکک", session.table.menu())
    assert "«شاه پیکک» کارت نیست (ارزش و خالش را بگویید: ۱۰ خشت" in str(refused.value)
    english = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "", cards="words")
    with pytest.raises(Refusal) as refused:
        english.understand("play king of spaeds", english.table.menu())
    assert "'king of spaeds' is not a card (say its rank and suit" in str(refused.value)


def test_one_card_of_several_refused_is_quoted_as_the_menu_shows_it():
    """«خواباندن 9H»: a discard of several cards, one not held, was quoted in the notation, not as the table writes
    cards (in words here)."""
    from interpreter.steps.exchange import Exchange

    st, rng = load("shelem").new_state(seed=5), random.Random(5)
    while not (st.to_act == 0 and isinstance(st.game.steps[st.step], Exchange)):
        st.apply_move(rng.choice(st.legal_moves()))
    held = [C.NAMES[c] for c in st.zones["hand"][0]]
    missing = next(n for n in C.NAMES[:52] if n not in held and n not in [C.NAMES[c] for c in st.zones["widow"]])
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "", lang="fa", cards="words")
    with pytest.raises(Refusal) as refused:
        session.understand(f"discard {held[0]} {missing}", session.table.menu())
    assert str(refused.value).startswith(f"«خواباندن {session.w.card(C.BY_NAME[missing])}» حرکت مجاز نیست")


@pytest.mark.parametrize("lang, typed, read", [
    ("fa", "خواندن سه", "bid 3"), ("fa", "خواندن صد و شصت و پنج", "bid 165"), ("fa", "خواندن سیزده", "bid 13"),
    ("en", "bid three", "bid 3"), ("en", "bid one hundred and twenty-five", "bid 125"),
    ("en", "bid twenty thirty", "bid twenty thirty"), ("en", "bid nil", "bid nil"),
    ("en", "bid 07", "bid 7"), ("fa", "خواندن ۰۷", "bid 7"), ("en", "bid 0", "bid 0"), ("en", "bid 0x7", "bid 0x7")])
def test_a_bid_said_in_words_is_read_as_its_number(lang, typed, read):
    """«خواندن سه» in Ghahveh was refused as "you may bid 2 to 13" (a Persian screen-reader player's audit): a bid
    in number words is its number; words that are not one number stay as typed, and are refused as such. Digits
    with zeros before them are the number: `bid 0120` was refused as "you may bid 100 to 165" (an input audit)."""
    assert Words(load("ghahveh"), lang, "words").typed(typed) == read


def test_number_words_make_one_number_or_none():
    from interpreter.numbers import read_number

    assert read_number("صد و بیست و پنج".split()) == 125 and read_number(["twenty-five"]) == 25
    assert read_number("two thousand and five".split()) == 2005 and read_number(["ده"]) == 10
    for words in ("five six", "twenty fifteen", "and five", "five and", "hundred ace", "hundred hundred",
                  "one thousand thousand"):  # a scale word twice (bid 10000: a review)
        assert read_number(words.split()) is None, words


def test_a_line_is_not_cut_inside_a_card_said_in_words():
    """«… شاه دل؛ ۲» then «خشت؛ آس خاج» on the next line: a card in words was cut between its rank and its suit
    (a Persian screen-reader player's audit), in English too (`4 of` / `clubs`)."""
    from interpreter.words import wrap

    w = Words(load("hokm"), "fa", "words")
    line = "کارت‌های شما: " + w.cards([C.BY_NAME[n] for n in ("7S", "10S", "JS", "QS", "KS", "QH", "KH", "2D", "AC")])
    for columns in range(30, 70):
        for cut, after in zip(wrap(line, columns), wrap(line, columns)[1:]):
            assert after.split()[0] not in ("پیک", "دل", "خشت", "خاج"), (cut, after)
    english = Words(load("hokm"), "en", "words").cards([C.BY_NAME[n] for n in ("4C", "5C", "6C", "7C", "8C")])
    for columns in range(20, 60):
        assert not any(part.split()[0] in ("of", "clubs") for part in wrap(english, columns)[1:])


@pytest.mark.parametrize("lang, typed, read", [
    ("en", "take ace of spades,two of diamonds", "take A♠ 2♦"),  # no space after the comma (a review)
    ("en", "pass and then", "pass and then"),  # `and` kept where no card stands both sides
    ("fa", "بازی شاه پیکک", "play شاه پیکک")])  # a suit's word inside another word is not the suit (was «S ک»)
def test_list_marks_and_words_are_read_only_where_they_stand_alone(lang, typed, read):
    assert Words(load("hokm"), lang, "words").typed(typed) == read


@pytest.mark.parametrize("lang, typed, said", [
    ("en", "play 3S,4S ZZ 5S and 6S", "'ZZ' is not a card"),
    ("en", "play ace of spades, 3 of hartts", "'3 of hartts' is not a card"),
    ("fa", "بازی آس پیک، ۳ دلل", "«۳ دلل» کارت نیست")])
def test_a_refused_card_is_named_as_typed_where_the_line_was_read_otherwise(lang, typed, said):
    """Words merged or dropped as a line is read (a list's commas, `and`, a card in words) made the refusal name
    another word than the one that failed: `'5S' is not a card`, «پیک،» (a review)."""
    st = trick_state("hokm", 2)
    session = Session(st, 0, [], Screen(io.StringIO(), colour=False), lambda: "", lang=lang, cards="words")
    with pytest.raises(Refusal) as refused:
        session.understand(typed, session.table.menu())
    assert said in str(refused.value), str(refused.value)


def test_a_house_rule_is_described_at_a_persian_table(tmp_path):
    """A club's house rule showed only its title at a Persian table (a club organiser's audit): a description
    written in Persian is said as it is, and one in English only says whose house rules these are."""
    english = tmp_path / "club.yaml"
    english.write_text("extends: pasur\ndescription: Pasur with a sur of 5\n", encoding="utf-8")
    persian = tmp_path / "club2.yaml"
    persian.write_text("extends: pasur\ndescription: پاسور با سور ۵ امتیازی\n", encoding="utf-8")
    assert Words(load(english), "fa").description() == "با قاعده‌های خانگیِ \u200eclub.yaml\u200e\u200f"
    assert Words(load(persian), "fa").description() == "پاسور با سور ۵ امتیازی"
    assert Words(load("pasur"), "fa").description().startswith("پاسور (چهاربرگ، هفت‌خاج)")
