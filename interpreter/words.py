"""The table's words: its phrases in English and Persian, and the names a ruleset gives its things.

A ruleset may name its own words under `table: words:` — the table's words (`hand`: the cards a
player holds, `hand_number`: one hand played out, `trick`, `round`), the suits (`S H D C`), verbs
(`keep`, `bam`) and any zone, counter, value, variable or scoring row — each as `{en: ..., fa: ...}`.
Otherwise a zone, counter, variable or row uses its own `fa:` name in Persian, and its name.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from . import cards as C
from .numbers import TO_ASCII, digits_for_words
from .source import shown

RLM, LRM = "\u200f", "\u200e"  # right-to-left and left-to-right marks, for terminals that do bidi
LRI, PDI = "\u2066", "\u2069"  # a left-to-right isolate, and its end
FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
# letters many Persian keyboards type in their Arabic forms (yeh, alef maksura, kaf), read as the Persian ones
FA_LETTERS = str.maketrans("يىك", "ییک")
# Greek and Cyrillic letters drawn as the Latin ones of card notation and verbs (a keyboard left in another
# layout typed `play ΑS`, refused as no card though it reads as one): read as those
LOOKALIKES = str.maketrans("ΑΒΕΗΙΚΜΝΟΡΤΧΥΖαοιρνАВСЕНІЈКМОРЅТХУасеіјорѕху",
                           "ABEHIKMNOPTXYZaoipvABCEHIJKMOPSTXYaceijopsxy")
# full-width letters, digits and signs (an East Asian keyboard's `ｐｌａｙ １０Ｓ`) and its space, read as the
# ASCII ones; not `²` or `①`, which are no numbers to type
FULL_WIDTH = {0xFF01 + k: 0x21 + k for k in range(94)} | {0x3000: 0x20}

# The table's own words; a ruleset's `table: words:` overrides these keys.
WORDS = {
    "en": {"you_look_at": "you look at",
           "hand": "hand", "your_hand": "your hand", "hand_number": "hand", "trick": "trick", "round": "round",
           "tricks": "tricks", "round_points": "round points"},
    "fa": {"you_look_at": "کارتی که می‌بینید",
           "hand": "کارت‌های دست", "your_hand": "کارت‌های شما", "hand_number": "دور", "trick": "دست", "round": "روند",
           "tricks": "دست‌های برده", "round_points": "امتیاز روندها"},
}

# Verbs of the contract's actions; other verbs (a ruleset's own) come from its words.
VERBS = {"fa": {"play": "بازی", "take": "برداشتن", "bid": "خواندن", "pass": "پاس", "trump": "حکم",
                "discard": "خواباندن", "draw": "کشیدن", "call": "اعلام", "swap": "عوض کردن",
                "declare": "نشان دادن", "close": "بستن"}}
# The same verbs in the move log, in the past, said of a seat and of you: `صندلی ۲ خواند: ۱۰۰` (seat 2: bid 100)
DONE = {"fa": {"play": ("بازی کرد", "بازی کردید"), "take": ("برداشت", "برداشتید"), "bid": ("خواند", "خواندید"),
               "pass": ("پاس داد", "پاس دادید"), "trump": ("حکم کرد", "حکم کردید"),
               "discard": ("خواباند", "خواباندید"), "draw": ("کشید", "کشیدید"), "call": ("اعلام کرد", "اعلام کردید"),
               "swap": ("عوض کرد", "عوض کردید"), "declare": ("نشان داد", "نشان دادید"),
               "close": ("بست", "بستید")}}
JOKER_NAMES = {"fa": {"BJ": "ژوکر سیاه", "RJ": "ژوکر رنگی"}}  # the jokers as players name them
# what `Words.plain` makes over for a speech program: a card in signs (as `wrap` knows one too), a suit's sign
# alone, a box rule, a dot
SIGN_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[♠♥♦♣]")
LONE_SIGN = re.compile(r"([♠♥♦♣])(\w?)")
BOX_RULE = re.compile(r"\s*[─═]{2,}\s*")
PART_DOT = re.compile(r" · ")
SPOKEN_KEYS = frozenset({"sides", "and", "same_row", "stopped_count"})  # said otherwise where cards are said in
# words (`sides_spoken`): no `=`, no `>=`
SPOKEN_NONE = {"en": "none", "fa": "هیچ"}  # `—` where nothing is shown, in words (a speech program reads no dash)
CARD_STYLES = ("signs", "letters", "words")  # how the table writes a card: A♣, AC, ace of clubs
# a card typed in English words (`king of clubs`, `ten of diamonds`: the suit's word read as its sign by then)
EN_RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "10", "nine": "9", "eight": "8", "seven": "7",
            "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2"}
# cards named in Persian words, rank then suit (`ده پیک`, `آس دل`): read as 10♠, A♥
FA_RANKS = {"آس": "A", "دو": "2", "سه": "3", "چهار": "4", "پنج": "5", "شش": "6", "هفت": "7", "هشت": "8", "نه": "9",
            "ده": "10", "سرباز": "J", "بی\u200cبی": "Q", "بی بی": "Q", "بیبی": "Q", "شاه": "K", "تک": "A"}
FA_SUITS = {"پیک": "♠", "دل": "♥", "خشت": "♦", "خاج": "♣", "گشنیز": "♣", "کپ": "♥"}  # گشنیز, کپ: as spoken
_SIGNS = "".join(C.SUIT_SIGNS)
EN_SUITS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}  # a suit's English name, in any ruleset
# cards in words (`--cards words`, for a screen reader, which reads A♣ as "a club suit"): ace of clubs, آس خاج
CARD_WORDS = {"en": ({"A": "ace", "J": "jack", "Q": "queen", "K": "king"}, tuple(f"{suit}s" for suit in EN_SUITS),
                     {"BJ": "black joker", "RJ": "red joker"}),
              "fa": ({"A": "آس", "J": "سرباز", "Q": "بی\u200cبی", "K": "شاه"}, ("پیک", "دل", "خشت", "خاج"),
                     JOKER_NAMES["fa"])}
EN_SUIT_WORD = re.compile(rf"(?:[♠♥♦♣]\s*)?(?<![\w-])((?:{'|'.join(EN_SUITS)})s?)(?![\w-])", re.IGNORECASE)
FA_SUIT_WORD = re.compile(rf"(?<!\w)({'|'.join(FA_SUITS)})(?![\w\u200c])")  # not a word's start (خشت‌ها)
FA_CARD = re.compile(rf"(?<!\w)({'|'.join(sorted(FA_RANKS, key=len, reverse=True))})[\s\u200c]*([{_SIGNS}])")
EN_CARD = re.compile(rf"(?<!\S)(?:the\s+)?(?:({'|'.join(EN_RANKS)})\s+(?:of\s+)?|(10|[2-9]|[AKQJT])\s+of\s+)"
                     rf"([{_SIGNS}])(?!\S)", re.IGNORECASE)  # `the queen of clubs`, `queen clubs`, `3 of club`
EN_JOKER = re.compile(r"(?<![\w-])(black|red)\s+joker(?![\w-])", re.IGNORECASE)  # `black joker`: BJ
LIST_MARK = re.compile(r"[,،؛]")  # commas (and the Persian semicolon) between cards typed as a list
CARD_TOKEN = re.compile(rf"(?:10|[2-9AKQJT])[{_SIGNS}SHDC]|[BR]J", re.IGNORECASE)  # a card as one word: `A♠`, `2d`
RANK_SPACE_SIGN = re.compile(rf"(?<!\S)(10|[2-9]|[AKQJT])\s+([{_SIGNS}])(?!\S)", re.IGNORECASE)  # `10 ♠`
SIGN_SPACE_RANK = re.compile(rf"(?<!\S)([{_SIGNS}])\s+(10|[2-9]|[AKQJT])(?!\S)", re.IGNORECASE)  # `♣ 4`: suit first
FA_SUIT_FIRST = re.compile(  # `پیک ده`: the suit first, then the rank in words
    rf"([{_SIGNS}])[\s\u200c]*({'|'.join(sorted(FA_RANKS, key=len, reverse=True))})(?![\w\u200c])")
JOKER_SPELLINGS = {"fa": {"جوکر سیاه": "BJ", "جوکر رنگی": "RJ", "جوکر قرمز": "RJ", "ژوکر قرمز": "RJ"}}  # as written
# the table's commands typed in Persian
COMMANDS = {"fa": {"راهنما": "help", "؟": "?", "پیشنهاد": "hint", "خروج": "quit", "واگرد": "undo",
                   "امتیازها": "scores", "جدول": "sheet", "میز": "board", "امتیاز": "score", "دست قبل": "last",
                   "قوانین": "rules"}}


def joined(word: str) -> str:
    """A Persian word as typed with or without a space or zero-width non-joiner between its parts (`امتیاز ها`,
    `امتیاز‌ها`, `امتیازها`; `دست‌قبل`): one spelling, none of them (a Persian table audit)."""
    return word.replace("\u200c", "").replace(" ", "")


COMMANDS_JOINED = {lang: {joined(k): v for k, v in words.items()} for lang, words in COMMANDS.items()}
SAVE_WORDS = ("save", "ذخیره")  # no command, alone or before a path: said how the game is kept (a records audit)
BOARD_WORDS = ("board", "table", "hand", "trick")  # the board shown again
# what a person types at the table besides moves: no choice may be called one of these, and of the board's other
# words (`table`, `hand`, `trick`) each is the command only where no move offered is named so
RESERVED_WORDS = ("help", "?", "quit", "exit", "hint", "undo", "scores", "sheet", BOARD_WORDS[0])
SCORE_WORD = "score"  # the score now and the hand's tricks: the command only where no move offered is named so
LAST_WORD = "last"  # the hand's last trick taken: so too
RULES_WORD = "rules"  # the rules sheet: so too
TABLE_WORDS = (*RESERVED_WORDS, *BOARD_WORDS[1:], SCORE_WORD, LAST_WORD, RULES_WORD)

PERSIAN_LETTER = re.compile(r"[\u0600-\u06ff]")


def _suit_first(text: str, rank_first, suit_first) -> bool:
    """Are a line's cards written suit first: does the first card the patterns find begin with its suit? (A
    line of several, `♣ 4 ♦ 5`, read either way, would glue one card's rank to the next one's suit.)"""
    by_rank, by_suit = rank_first.search(text), suit_first.search(text)
    return by_suit is not None and (by_rank is None or by_suit.start() < by_rank.start())


def _L(text: str) -> str:
    """Notation inside Persian text (a card, a move) kept in order: held left to right, then back to right to
    left."""
    return LRM + text + LRM + RLM


PHRASES = {
    "en": {
        "you": "you", "comma": ", ", "seat": "seat {n}", "seats": "seats {n}", "us": "us", "them": "them", "and": " + ",
        "semicolon": "; ",
        "sides": "us = {us} · them = {them}", "you_sit": "you sit at seat {n}",
        "sides_spoken": "your side: {us} · the other side: {them}", "and_spoken": " and ",
        "passes_clockwise": "play passes to the left, clockwise", "passes_counter-clockwise":
        "play passes to the right, counter-clockwise", "on_right": "{who} on your right",
        "on_left": "{who} on your left", "across": "{who} across", "on_right_2": "{who} second on your right",
        "on_left_2": "{who} second on your left", "on_right_3": "{who} third on your right",
        "on_left_3": "{who} third on your left",
        "dealer": "dealer", "score": "score", "trump": "trump", "moves": "your moves", "prompt": "your move",
        "heading": "{deal} {n} · dealer: {who}",
        "trick_line": "{trick} {n}: {plays}", "you_lead": "you lead", "leads": "{who} leads",
        "lead_names": "the suit led becomes {var}", "lead_named": "the suit led is {var}: {suit}",
        "h_declared": "the suit of the first card led becomes {var}",
        "trick_won": "{trick} {n} goes to {who} with {card}", "trick_won_you": "{trick} {n} goes to you with {card}",
        "trumping": "{card}, a {trump}",
        "no_last_trick": "no {trick} has been taken yet in this {deal}",
        "same_row": " = {row}",  # a shown value a row scores as it is: `points taken = hand score: …`
        "same_row_spoken": " (the {row})",
        "no_tricks": "this game has no tricks: there is no last trick to show",
        "added": "{who}: {counter} {n}", "added_of": "{who}: {counter} of {whose} {n}",
        "added_yours": "{who}: your {counter} {n}", "added_ours": "{who}: our {counter} {n}",
        "added_theirs": "{who}: their {counter} {n}",
        "passed_you": "{who} passes you {cards}",
        "collect": "the cards left on the {zone} go to {who}: {cards}",
        "drew_up": "{who} takes {card} from the {zone}", "drew_up_you": "you take {card} from the {zone}",
        "declared": "{who} shows a {name}, {cards}: {points} to {counter}",
        "declared_you": "you show a {name}, {cards}: {points} to your {counter}",
        "closed": "{who} closes: {var} from now on", "closed_you": "you close: {var} from now on",
        "stopped": "play stops ({who})", "stopped_all": "play stops", "stopped_rule": "play stops ({who}: {rule})",
        "stopped_count": "play stops ({who}: {rule})", "stopped_count_spoken": "play stops ({who}: {n} {counter})",
        "collect_taken_up": "{who} takes up the {zone}: {cards}",
        "collect_taken_up_you": "you take up the {zone}: {cards}",
        "collect_aside": "{who} lays the {zone} down ({pile}): {cards}",
        "collect_aside_you": "you lay your {zone} down ({pile}): {cards}",
        "collect_given": "the {zone} of {giver}, to the {pile} of {who}: {cards}",
        "collect_given_you": "your {zone}, to the {pile} of {who}: {cards}",
        "collect_moved": "the {zone} goes to the {pile}: {cards}",
        "collect_some": "from the {zone}, to {who}: {cards}",
        "collect_some_of": "from the {zone} of {giver}, to {who}: {cards}",
        "collect_some_pile": "the {pile}", "pile_yours": "your {pile}", "pile_of": "the {pile} of {who}",
        "pile_ours": "our {pile}", "pile_theirs": "their {pile}",
        "take": "the {zone} goes to {who}: {cards}",
        "replaced": "{card}, dealt to the {zone}, goes under the pack; the next card takes its place",
        "last_deal": "the last deal: the {zone} is empty",
        "pick_keep": "keep {card}", "pick_burn": "burn {card}", "pick_keeps": "keeps {card}",
        "pick_burns": "burns {card}", "pick_you": "you {what}", "pick_other": "{who} {what}", "and_then": " and ",
        "times": "({n} times)", "drew_you": "you draw {card}", "drew_other": "{who} draws {card}",
        "drew_hidden": "{who} draws a card",
        "cards_held": "cards held",
        "cards_left": "cards left in hand",
        "made_to_draw_you": "you draw {n}: {cards}", "made_to_draw_other": "{who} draws {n}",
        "made_to_draw_seen": "{who} draws {n}: {cards}",
        "drew_short": "{said} (of {owed} owed: nothing more is left to draw)", "missed_you": "you miss your turn",
        "made_to_draw_none_you": "you must draw, but nothing is left to draw",
        "made_to_draw_none": "{who} must draw, but nothing is left to draw",
        "missed_other": "{who} misses a turn", "reversed": "play turns round",
        "reversed_now": "play goes the other way round the table",
        "owed_you": "you must draw {n}, unless you answer it ({what})",
        "owed_other": "{who} must draw {n}, unless they answer it ({what})",
        "out_you": "you are out of cards: place {place}", "out_other": "{who} is out of cards: place {place}",
        "out_first_you": "you are out of cards", "out_first_other": "{who} is out of cards",
        "barred": "{moves}: barred here by the rules",  # bids within the bounds that `forbid_if` strikes out
        "last_left_you": "you are the last one left holding cards: place {place}",
        "last_left_other": "{who} is the last one left holding cards: place {place}",
        "restock": "the {pile} but its top card is shuffled into the {zone}: {n}",
        "dealt_on_each": "{step}: {n} more cards to each", "dealt_on_you": "{step}: {n} more cards to you",
        "refill": "new cards from the {zone}: {n} each, {left} left", "refill_uneven": "new cards from the {zone},"
                  " {left} left",
        "dealt_up": "{zone}, dealt face up: {cards}",
        "draw": "{role}: {who} (dealt face up from {first} on, only to choose: {cards})",
        "draw_each": "{role}: {who} (dealt face up only to choose; the seats tied on top drew again: {each})",
        "redeal": "{step}: the cards are dealt again",
        "redeal_all_passed": "{step}: all passed, so the cards are dealt again",
        "draw_long": "{role}: {who} ({n} cards dealt face up from {first} on, only to choose; the last of them:"
                     " … {cards})",
        "misdeal": "{zone}, dealt face up: {cards}; the cards are shuffled and dealt again",
        "misdeal_again": "{card} took its place and must go too: the cards are shuffled and dealt again",
        "skipped": "no {what} this {deal}",
        "contract": "the bidding is over: {what}", "bids": "bids", "no_bids": "no bid yet",
        "all_passed": "all passed, so {what}",
        "result": "{deal} {n} is over", "this_hand": "this {deal}", "announce": "{what} — {who}",
        "no_points": "{said} (no points this {deal})",
        "round_won": "{round} to {who}", "rounds": "{round}s won", "round_points": "{round} points",
        "won": "game over: you won {score}", "won_of_all": "game over: you won; {score}",
        "ended_max_hands": "the game ended at its limit on {deal}s, before any side reached the target",
        "lost": "game over: you lost {score}", "score_to": " to ",
        "other_won": "game over: {who} won; {score}", "draw_game": "game over: a draw, {score}",
        "draw_with": "game over: a draw, you share the top with {who}; {score}",
        "draw_between": "game over: a draw on top between {who}; {score}",
        "of": "{k} of {n}", "to_seat": "to {who}", "after": "after",
        "face_down": "a card face down", "cards": "{n} cards", "one_card": "1 card", "pile_down": "face down",
        "down_n": "{n} face down", "cards_down": "{n} cards face down",
        "pass": "pass", "none": "—", "empty": "empty",
        "input_ended": "input ended", "interrupted": "stopped", "output_closed": "stopped: the output was closed",
        "error_stopped": "stopped by the ruleset's error above",
        "bot_error_stopped": "stopped by the bot's error above",
        "record_kept": "; the game so far is in {path}", "bye": "bye",
        "saved_as_played": "the game is written as you play, to {path}: quit when you like, and `cardrules play"
                           " --resume {path}` goes on with it",
        "kept_on_quit": "there is no save: quit when you like, and the game so far is kept and the command that"
                        " goes on with it said (or play with --record FILE to have it written to FILE as you play)",
        "resumed": "resumed: {where}", "resumed_over": "resumed: this game was already over",
        "resume": "resume with: cardrules play --resume {path}",
        "record_unwritten": "warning: cannot write the record to {path}: {why}; the game goes on, and the record is"
                            " tried again at each move",
        "record_written_again": "the record is written to {path} again",
        "resume_mended": "resume, once the ruleset is mended, with: cardrules play --resume {path}"
                         " --accept-changed-rules",
        "no_move": "no move {k}: choose 1 to {n}", "no_move_one": "no move {k}: the only move is 1",
        "type_it": " (a number is a move's place in the list: for '{move}', type it out)",
        "number_is_entry": "'{typed}' is menu entry {k}, {entry} (for the other, type {moves}; undo takes a move"
                           " back)",
        "number_is_entry_again": "'{typed}' is menu entry {k}, {entry}",
        "quoted": "'{move}'",
        "not_legal": "'{typed}' is not a legal move", "several_moves": "'{typed}' makes more than one move",
        "help": ("How to play: type a move as the list shows it, or its number.\n"
                 "  Cards: ranks A 2-10 J Q K (T for ten), suits S H D C or ♠ ♥ ♦ ♣, in any case: 10D, td, Q♠"
                 " (or ♠Q, the suit first; an ace as 1: 1C; or in words: king of clubs{joker}).\n"
                 "  A card alone (QS) is the one move made with it{several}.\n"
                 "  help or ? shows this; hint asks the search bot for its best moves here (up to three), each with"
                 " the points it expects the move to bring your side over the other{notes};\n"
                 "  undo takes back your last move in this hand, with the moves made after it (again to go further"
                 " back), until another player shows a card; score shows the score now{tricks_now};{last}"
                 " rules shows the rules of this game, as cardrules rules"
                 " does; scores (or sheet) shows each hand played: its points and"
                 " the score after it; board (or"
                 " table, hand, trick) shows the board again: the score, {board}, your cards;\n"
                 "  quit stops; the game so far is kept (in the --record file, else in your state folder), and quit"
                 " says the command that resumes it (cardrules play --resume PATH)."),
        "undone": "undone: your {move}", "undone_after": "undone: your {move} and {n} moves after it",
        "undone_after_one": "undone: your {move} and 1 move after it",
        "undo_none": "nothing to undo: you have made no move in this {deal} yet",
        "undo_seen": "nothing to undo: since your last move you have seen cards the others have not (dealt, drawn,"
                     " passed or shown to you), and they cannot be unseen",
        "undo_dealt": "nothing to undo: your last move was before this {deal} was dealt, and its cards have been"
                      " seen; undo takes back moves only within the {deal} being played",
        "undo_shown": "nothing to undo: since your last move you have seen {cards} played, and taking it back would"
                      " put them back in hands where you would know them",
        "undo_shown_one": "nothing to undo: since your last move you have seen {cards} played, and taking it back"
                          " would put it back in a hand where you would know it",
        "undo_until": "a move is taken back only until another player shows a card",
        "sheet": "score sheet (each {deal}'s points · the score after it)",
        "sheet_empty": "score sheet: no {deal} has been played out yet",
        "sheet_line": "{deal} {n}: {points} · {score}: {totals}",
        "now": "now", "hint": "hint", "points_word": "points", "point_word": "point",
        "ahead_of_player": "ahead of the best other player", "ahead_of_side": "ahead of the best other side",
        "fewer_ahead": "below 0 is behind, as taking fewer points is being ahead",
        "over_passing": "over passing",
        "h_follow": "follow the suit led if you can", "h_trump": "trump is {suit}: the highest trump wins, else the"
        " highest card of the suit led", "h_no_trump": "the highest card of the suit led wins",
        "h_order": "ranks low to high: {order}", "h_top": "above every suit, low to high: {cards}",
        "h_piles": "each player also plays a face-up top card of a pile, as a partner would",
        "h_capture": "play a card: it takes cards from the {zone} by these rules: {rules}",
        "h_shed": "lay one of your cards on the {zone}: {rule}",
        "h_each": "every player bids once, {low} to {high}",
        "h_rising": "bid {low} to {high} (by {by}), above the last bid, or pass; a pass is final",
        "h_exchange": "discard {n} face down, to {zone}", "h_choose": "choose {options}",
        "h_pass": "choose {n} cards, one at a time, to pass to {who}", "to_pass": "to pass",
        "type_move": "type a move or its number", "or": " or ",
        "not_card": "'{word}' is not a card (ranks A 2-10 J Q K, suits S H D C, e.g. 10D)",
        "not_card_words": "'{word}' is not a card (say its rank and suit: ten of diamonds, jack clubs, 10D)",
        "see_moves": "see your moves below",
        "may_verbs": "now you may {verbs}", "may_moves": "you may {moves}", "may_choose": "you may choose {moves}",
        "draw_when_stuck": "you draw only when no card of yours may be laid",
        "swap_made": "a swap is made once a turn, and you have made yours",
        "lead_declared": "you declared {cards}, so you lead one of them, not {card}",
        "declare_leading": "only the player to lead declares, before leading",
        "declare_made": "one declaration a turn, and you have made yours",
        "declare_none": "you hold no set the rules let you declare now",
        "declare_not_held": "you do not hold {card}",
        "declare_no_set": "{cards} is not a set to declare (here: {names})",
        "declare_done": "{cards} was declared already this hand, and a set is declared once",
        "declare_not_now": "the rules allow no declaration of {cards} now",
        "close_leading": "only the player to lead closes, before leading",
        "close_done": "the close was made already this hand",
        "close_not_now": "the rules let nobody close now",
        "swap_leading": "a swap is made only when leading", "swap_nothing": "there is no card to swap for",
        "swap_not_now": "the rules allow no swap now", "swap_no_card": "you hold no card the rules let you swap",
        "struck_out": "the rules strike it out here ({rule})",
        "not_time_play": "it is not time to play a card", "not_time_discard": "it is not time to discard",
        "not_time": "it is not time to {verb}", "not_time_choose": "{verb} is not one of the choices now",
        "folded": "{card} may take any one or more of {cards} ({n} ways, not all listed): type the move, as '{move}'",
        "no_card": "you have no {card} to play now", "no_card_held": "you have no {card}",
        "did_you_mean": "(did you mean {move}?)",
        "no_card_discard": "you have no {card} to discard",
        "only_move": "with {card} the only move is '{move}'",
        "with_card": "with {card} you may: {moves}",
        "with_card_parts": "with {card} you may take any one or more of {cards}", "follow": "you must follow {suit}",
        "not_top": "{card} is not on top of {zone}", "from_piles": "now you play a top card of {zones}",
        "from_hand": "now you play from your {zone}", "forced": "you must play {card} now",
        "not_allowed_doc": "{card} may not be played now: {doc}",
        "not_allowed": "{card} may be played only when {test}",
        "no_answer": "{card} does not answer the {n} owed ({what}): lay a card that does, or draw",
        "not_together": "{card} may be laid with {first} only when {test}", "laid_on_top": "{card} on top",
        "no_bid": "no bid is open now", "bid_range": "you may bid {bids}", "bid_span": "{low} to {high}",
        "no_bid_above": "the bid stands at {high}, and no bid goes above it: you may only pass",
        "bids_struck": "the bid stands at {high}, and the rules forbid you every bid above it: you may only pass",
        "last_bid": ", ", "by": "(by {n})",
        "or_pass": "or pass",
        "only_some": "'{typed}': nothing was played: only the first {k} of these moves would be yours in a row",
        "only_one": "'{typed}': nothing was played: one move a turn here, so type one card of the {n}",
        "help_verbs": "  Besides playing a card, this play has: {moves}.",
        "help_declared": " (a declaration's cards are one move)",
        "which_move": "'{typed}': nothing was played: it could be {moves}: type the one you mean",
        "unseen_after": "'{typed}': nothing was played: after '{moves}' you will see new cards"
                        " (a deal or a draw): type the rest then",
        "twice": "'{typed}': nothing was played: {card} is named twice",
        "named_twice": "{card} is named twice",
        "help_cards_words": "  Cards: say the rank, then the suit: ace of clubs, ten of diamonds, queen clubs{bids};"
                            " or type a move as the list shows it.",
        "help_alone_words": "  A card alone (queen of clubs) is the one move made with it{several}.",
        # the parts of help only some games need (`Table.help`)
        "help_several": "; after a verb, several cards are several moves: {verb} 3D 3H 4C",
        "help_several_words": "; after a verb, several cards, commas between them, are several moves: {verb} 3 of"
                              " diamonds, 3 of clubs and 4 of clubs",
        "help_bids_words": "; a bid in digits or words: bid {bid}, bid {words}", "help_joker": ", red joker",
        "help_note_sides": "with more than two sides: over the best other",
        "help_note_raise": "a raise, shown with the pass alone: over passing",
        "help_note_each": "a bid where each seat bids once: against the best bid, which shows 0",
        "help_tricks_now": " and the tricks of this hand", "help_last": " last shows the last trick taken;",
        "help_board_trick_bids": "the trick or the bids so far", "help_board_trick": "the trick so far",
        "help_board_bids": "the bids so far", "help_board": "the cards on the table",
        "help_together_words": "  A card alone (queen of clubs) is the one move made with it; after play, several cards"
                               " are one move, laid in the order said, the last on top: play 7 of clubs, 7 of"
                               " diamonds.",
        "help_together": "  A card alone (QS) is the one move made with it; after play, several cards are one move,"
                         " laid in the order typed, the last on top: play 7H 7S.",
    },
    "fa": {
        "you": "شما", "comma": "، ", "seat": "صندلی {n}", "seats": "صندلی‌های {n}", "us": "ما", "them": "حریف",
        "and": " و ", "semicolon": "؛ ",
        "sides": "ما = {us} · حریف = {them}", "you_sit": "شما روی صندلی {n} نشسته‌اید",
        "sides_spoken": "تیم ما: {us} · تیم حریف: {them}", "and_spoken": " و ",
        "house_rules_of": "با قاعده‌های خانگیِ {file}",
        "passes_clockwise": "نوبت به سمت چپ می‌چرخد، در جهت عقربه‌های ساعت", "passes_counter-clockwise":
        "نوبت به سمت راست می‌چرخد، خلاف جهت عقربه‌های ساعت", "on_right": "{who} سمت راست شما",
        "on_left": "{who} سمت چپ شما", "across": "{who} روبه‌روی شما", "on_right_2": "{who} دومین نفر سمت راست شما",
        "on_left_2": "{who} دومین نفر سمت چپ شما", "on_right_3": "{who} سومین نفر سمت راست شما",
        "on_left_3": "{who} سومین نفر سمت چپ شما",
        "dealer": "ورق‌دهنده", "score": "امتیاز", "trump": "حکم", "moves": "حرکت‌های شما", "prompt": "حرکت شما",
        "heading": "{deal} {n} · ورق‌دهنده: {who}",
        "trick_line": "{trick} {n}: {plays}", "you_lead": "شما شروع می‌کنید", "leads": "{who} شروع می‌کند",
        "lead_names": "خالِ کارتِ اول {var} می‌شود", "lead_named": "خالِ کارتِ اول {var} شد: {suit}",
        "h_declared": "خالِ نخستین کارتی که بازی شود {var} می‌شود",
        "trick_won": "{trick} {n} را {who} با {card} برد", "trick_won_you": "{trick} {n} را با {card} بردید",
        "trumping": "{card} ({trump})",
        "no_last_trick": "هنوز هیچ {trick}ی در این {deal} برده نشده",
        "same_row": " (همان {row})",  # not `=`: a sentence, not an equation (a Persian table audit)
        "no_tricks": "در این بازی دستی برده نمی‌شود: «دست قبل» برای بازی‌هایی است که دست دارند",
        "added": "{who}: {counter} {n}", "added_of": "{who}: {counter} {whose} {n}",
        "added_yours": "{who}: {counter} شما {n}", "added_ours": "{who}: {counter} ما {n}",
        "added_theirs": "{who}: {counter} حریف {n}",
        "passed_you": "{who} به شما داد: {cards}",
        "collect": "کارت‌های باقی‌مانده‌ی {zone} به {who} رسید: {cards}",
        "drew_up": "{who} {card} را از {zone} برداشت", "drew_up_you": "{card} را از {zone} برداشتید",
        "declared": "{who} {name} نشان داد، {cards}: {points} به {counter}",
        "declared_you": "{name} نشان دادید، {cards}: {points} به {counter}ِ شما",
        "closed": "{who} بست: از این پس {var}", "closed_you": "بستید: از این پس {var}",
        "stopped": "بازیِ این دور تمام شد، چون شرط پایانش برای {who} برقرار شد", "stopped_all": "بازیِ این دور تمام شد",
        "stopped_rule": "بازیِ این دور تمام شد، چون شرط پایانش برای {who} برقرار شد",  # the rule, in Latin letters: out
        "stopped_count": "بازیِ این دور تمام شد ({counter}ِ {who}: {n})",  # the trick counter the rule reads
        "collect_taken_up": "{who} {zone} را برداشت: {cards}", "collect_taken_up_you": "{zone} را برداشتید: {cards}",
        "collect_aside": "{who} {zone} را کنار گذاشت ({pile}): {cards}",
        "collect_aside_you": "{zone} خود را کنار گذاشتید ({pile}): {cards}",
        "collect_given": "{zone}ِ {giver} به {pile}ِ {who} رسید: {cards}",
        "collect_given_you": "{zone}ِ شما به {pile}ِ {who} رسید: {cards}",
        "collect_moved": "{zone} به {pile} رفت: {cards}",
        "collect_some": "از {zone} به {who} رسید: {cards}",
        "collect_some_of": "از {zone}ِ {giver} به {who} رسید: {cards}", "collect_some_pile": "{pile}",
        "pile_yours": "{pile}ِ شما", "pile_of": "{pile}ِ {who}",
        "pile_ours": "{pile}ِ ما", "pile_theirs": "{pile}ِ حریف",
        "take": "{zone} به {who} رسید: {cards}",
        "replaced": "{card} که به {zone} آمد به زیر دسته برگشت و کارت بعدی جایش آمد",
        "last_deal": "آخرین پخش: {zone} تمام شد",
        "pick_keep": "{card} را نگه داشتید", "pick_burn": "{card} را سوزاندید", "pick_keeps": "{card} را نگه داشت",
        "pick_burns": "{card} را سوزاند", "pick_you": "{what}", "pick_other": "{who} {what}", "and_then": " و ",
        "times": "({n} بار)", "drew_you": "{card} را کشیدید", "drew_other": "{who} {card} را کشید",
        "drew_hidden": "{who} یک کارت کشید",
        "cards_held": "کارت‌های در دست",
        "cards_left": "کارت‌های مانده در دست",
        "made_to_draw_you": "{n} می‌کشید: {cards}", "made_to_draw_other": "{who} {n} می‌کشد",
        "made_to_draw_seen": "{who} {n} می‌کشد: {cards}",
        "drew_short": "{said} (از {owed} کارتِ بدهی؛ کارتی برای کشیدن نمانده)", "missed_you": "نوبت شما سوخت",
        "made_to_draw_none_you": "باید کارت بکشید، اما کارتی برای کشیدن نمانده",
        "made_to_draw_none": "{who} باید کارت بکشد، اما کارتی برای کشیدن نمانده",
        "missed_other": "نوبت {who} سوخت", "reversed": "جهت بازی برگشت",
        "reversed_now": "بازی در جهتِ برعکس می‌چرخد",
        "owed_you": "باید {n} بکشید، مگر آن‌که پاسخش را بدهید ({what})",
        "owed_other": "{who} باید {n} بکشد، مگر آن‌که پاسخش را بدهد ({what})",
        "out_you": "کارت‌هایتان تمام شد: رتبه‌ی {place}", "out_other": "کارت‌های {who} تمام شد: رتبه‌ی {place}",
        "out_first_you": "کارت‌هایتان تمام شد", "out_first_other": "کارت‌های {who} تمام شد",
        "barred": "{moves}: اینجا طبق قواعد مجاز نیست",
        "last_left_you": "شما آخرین نفری هستید که کارت در دست دارد: رتبه‌ی {place}",
        "last_left_other": "{who} آخرین نفری است که کارت در دست دارد: رتبه‌ی {place}",
        "restock": "{pile} به جز کارت رویش بُر خورد و {zone} شد: {n}",
        "dealt_on_each": "{step}: به هر نفر {n} کارت دیگر", "dealt_on_you": "{step}: {n} کارت دیگر به شما",
        "refill": "به هر نفر {n} کارت تازه از {zone}؛ {left} کارت مانده", "refill_uneven": "کارت‌های تازه از"
                  " {zone}، {left} کارت مانده",
        "dealt_up": "{zone} رو شد: {cards}",
        "draw_long": "{role}: {who} (برای تعیین {role}، {n} کارت از {first} به بعد یکی‌یکی رو شد؛ چند کارت آخر:"
                     " … {cards})",
        "draw": "{role}: {who} (برای تعیین {role}، کارت‌ها از {first} به بعد یکی‌یکی رو شد: {cards})",
        "draw_each": "{role}: {who} (برای تعیین {role} کارت‌ها رو شد، و برای هم‌ترازها دوباره: {each})",
        "redeal": "{step}: کارت‌ها جمع شدند و دوباره پخش می‌شوند",
        "redeal_all_passed": "{step}: همه پاس دادند؛ کارت‌ها جمع شدند و دوباره پخش می‌شوند",
        "misdeal": "{zone} رو شد: {cards}؛ کارت‌ها دوباره بُر می‌خورند و پخش می‌شوند",
        "misdeal_again": "{card} که جایش آمد هم باید زیر دسته می‌رفت: کارت‌ها دوباره بُر می‌خورند و پخش می‌شوند",
        "skipped": "این {deal} {what} نیست",
        "contract": "خواندن تمام شد: {what}", "bids": "خوانده‌ها", "no_bids": "هنوز کسی نخوانده",
        "all_passed": "همه پاس دادند، پس {what}",
        "result": "پایان {deal} {n}", "this_hand": "این {deal}", "announce": "{what}: {who}",
        "no_points": "{said} (بی امتیاز در این {deal})",
        "round_won": "{round} به {who} رسید", "rounds": "{round}‌های برده", "round_points": "امتیاز {round}‌ها",
        "won": "پایان بازی: {score} بردید", "won_of_all": "پایان بازی: بردید؛ {score}",
        "ended_max_hands": "بازی به سقفِ تعدادِ {deal}ها رسید، پیش از آنکه طرفی به امتیاز پایان برسد",
        "lost": "پایان بازی: {score} باختید", "score_to": " به ",
        "other_won": "پایان بازی: {who} برد؛ {score}", "draw_game": "پایان بازی: مساوی {score}",
        "draw_with": "پایان بازی: مساوی؛ شما و {who} با هم اول شدید؛ {score}",
        "draw_between": "پایان بازی: مساوی در صدر میان {who}؛ {score}",
        "of": "{k} از {n}", "to_seat": "به {who}", "after": "پس از",
        "face_down": "یک کارت به پشت", "cards": "{n} کارت", "one_card": "۱ کارت", "pile_down": "به پشت",
        "down_n": "{n} به پشت", "cards_down": "{n} کارت به پشت",
        "pass": "پاس", "none": "—", "empty": "خالی",
        "input_ended": "ورودی تمام شد", "interrupted": "متوقف شد", "output_closed": "متوقف شد: خروجی بسته شد",
        "error_stopped": "بازی با خطای قواعد بالا متوقف شد",
        "bot_error_stopped": "بازی با خطای ربات بالا متوقف شد",
        "record_kept": "؛ بازی تا اینجا در {path} است", "bye": "خداحافظ",
        "saved_as_played": "بازی همان‌طور که بازی می‌کنید در {path} نوشته می‌شود: هر وقت خواستید خارج شوید؛"
                           " برای ادامه:\u200e cardrules play --resume {path}",
        "kept_on_quit": "ذخیره‌ی جداگانه‌ای نیست: هر وقت خواستید خارج شوید؛ بازی تا اینجا نگه داشته می‌شود و"
                        " فرمانِ ادامه‌اش گفته می‌شود (یا با ‎--record‎ مسیر بازی کنید تا همان‌طور که بازی می‌کنید"
                        " در آن مسیر نوشته شود)",
        "resumed": "ادامه‌ی بازی از: {where}", "resumed_over": "ادامه‌ی بازی: این بازی پیش‌تر تمام شده بود",
        # the mark before the space, not glued to `cardrules`: the command copies clean
        "resume": "برای ادامه:\u200e cardrules play --resume {path}",
        "record_unwritten": "هشدار: رکورد در {path} نوشته نشد: {why}؛ بازی ادامه دارد و رکورد با هر حرکت دوباره"
                            " نوشته می‌شود",
        "record_written_again": "رکورد دوباره در {path} نوشته شد",
        "resume_mended": "برای ادامه، پس از درست کردن قواعد:\u200e cardrules play --resume {path}"
                         " --accept-changed-rules",
        "no_move": "حرکت شماره‌ی {k} وجود ندارد: عددی از ۱ تا {n} بنویسید",
        "type_it": " (عدد به‌تنهایی یعنی شماره‌ی حرکت در فهرست؛ برای «{move}» خودِ حرکت را کامل بنویسید)",
        "number_is_entry": "«{typed}» حرکت شماره‌ی {k} در فهرست است، {entry} (برای دیگری بنویسید {moves}؛ «واگرد»"
                           " حرکت را پس می‌گیرد)",
        "number_is_entry_again": "«{typed}» حرکت شماره‌ی {k} در فهرست است، {entry}",
        "quoted": "«{move}»",
        "no_move_one": "حرکت شماره‌ی {k} وجود ندارد: تنها حرکت ۱ است", "not_legal": "«{typed}» حرکت مجاز نیست",
        "several_moves": "«{typed}» بیش از یک حرکت است",
        "help": ("راهنما: حرکت را همان‌طور که در فهرست آمده بنویسید، یا شماره‌اش را.\n"
                 f"  کارت‌ها: ارزش‌ها {_L('A 2-10 J Q K')} ({_L('T')} برای ده)، خال‌ها {_L('S H D C')} یا"
                 f" {_L('♠ ♥ ♦ ♣')}، با حروف بزرگ یا کوچک: {_L('10D')}، {_L('td')}، {_L('Q♠')}"
                 f" (یا {_L('♠Q')}، خال اول؛ آس به صورت ۱: {_L('1C')}؛ یا به نام: ده پیک، آس دل{{joker}}).\n"
                 f"  اگر فقط کارت را بنویسید ({_L('QS')})، تنها حرکتِ ممکن با آن انجام می‌شود{{several}}.\n"
                 f"  راهنما (یا {_L('help')} یا {_L('?')}) این راهنما را نشان می‌دهد؛ پیشنهاد (یا {_L('hint')}) حرکت‌های"
                 " برتر (تا سه حرکت) را از نگاه ربات بازی نشان می‌دهد، هر یک"
                 " با امتیازی که انتظار می‌رود طرف شما از آن حرکت بیش از طرف مقابل بگیرد{notes}.\n"
                 f"  واگرد (یا {_L('undo')}) آخرین حرکت شما را در این دور، با حرکت‌هایی که پس از آن شده، پس"
                 " می‌گیرد (دوباره، برای عقب‌تر رفتن)، تا وقتی بازیکن دیگری کارتی نشان نداده؛ امتیاز (یا"
                 f" {_L('score')}) امتیاز کنونی{{tricks_now}} را نشان می‌دهد؛{{last}} قوانین (یا {_L('rules')})"
                 " قوانین این بازی را نشان می‌دهد؛"
                 " امتیازها یا جدول (یا"
                 f" {_L('scores')} یا {_L('sheet')}) هر دورِ تمام‌شده را با امتیازهایش و امتیاز کل پس از آن نشان"
                 f" می‌دهد؛ میز (یا {_L('board')}) میز را دوباره نشان می‌دهد: امتیاز، {{board}} و"
                 " کارت‌های شما.\n"
                 f"  خروج (یا {_L('quit')}) بازی را متوقف می‌کند؛ بازی تا اینجا نگه داشته می‌شود (در فایلِ"
                 f" {_L('--record')}، وگرنه در پوشه‌ی وضعیتِ شما) و خروج فرمانی را که آن را ادامه می‌دهد می‌گوید"
                 f" ({_L('cardrules play --resume')} مسیر)."),
        "undone": "پس گرفته شد: حرکت شما، {move}",
        "undone_after": "پس گرفته شد: حرکت شما، {move}، و {n} حرکت پس از آن",
        "undone_after_one": "پس گرفته شد: حرکت شما، {move}، و ۱ حرکت پس از آن",
        "undo_none": "چیزی برای پس گرفتن نیست: هنوز در این {deal} حرکتی نکرده‌اید",
        "undo_seen": "چیزی برای پس گرفتن نیست: پس از آخرین حرکت شما کارت‌هایی دیده‌اید که دیگران ندیده‌اند (پخش،"
                     " کشیدن، گرفتن از دیگری یا نشان داده شده به شما) و دیدنشان را نمی‌شود پس گرفت",
        "undo_dealt": "چیزی برای پس گرفتن نیست: آخرین حرکت شما پیش از پخش این {deal} بود و کارت‌هایش دیده شده؛"
                      " واگرد فقط حرکت‌های همین {deal} را پس می‌گیرد",
        "undo_shown": "چیزی برای پس گرفتن نیست: پس از آخرین حرکت شما {cards} بازی شده و دیده‌اید؛ با پس گرفتن آن،"
                      " این کارت‌ها به دست‌هایی برمی‌گردند که می‌دانید در آن‌هاست",
        "undo_shown_one": "چیزی برای پس گرفتن نیست: پس از آخرین حرکت شما {cards} بازی شده و دیده‌اید؛ با پس گرفتن"
                          " آن، این کارت به دستی برمی‌گردد که می‌دانید در آن است",
        "undo_until": "حرکت فقط تا وقتی پس گرفته می‌شود که بازیکن دیگری کارتی نشان نداده باشد",
        "sheet": "جدول امتیازها (امتیاز هر {deal} · امتیاز کل پس از آن)",
        "sheet_empty": "جدول امتیازها: هنوز {deal} اول تمام نشده",
        "sheet_line": "{deal} {n}: {points} · {score}: {totals}",
        "now": "اکنون", "hint": "پیشنهاد", "points_word": "امتیاز", "point_word": "امتیاز",
        "ahead_of_player": "نسبت به بهترین بازیکن دیگر", "ahead_of_side": "نسبت به بهترین طرف دیگر",
        "fewer_ahead": "زیر صفر یعنی عقب‌تر، چون امتیاز کمتر یعنی جلوتر",
        "over_passing": "نسبت به پاس", "captured": "{who} با {card}، {cards} را {took}",
        "h_follow": "اگر از خال زمینه دارید باید همان را بیاورید", "h_trump": "حکم {suit} است: بالاترین حکم"
        " می‌برد، وگرنه بالاترین کارتِ خال زمینه", "h_no_trump": "بالاترین کارتِ خال زمینه می‌برد",
        "h_order": "ترتیب از کوچک به بزرگ: {order}", "h_top": "بالاتر از همه‌ی خال‌ها، از کوچک به بزرگ: {cards}",
        "h_piles": "هر بازیکن کارت روی یکی از کپه‌هایش را هم، مثل یار، بازی می‌کند",
        "h_capture": "یک کارت بازی کنید؛ کارتی که بازی می‌کنید با این قاعده‌ها از {zone} برمی‌دارد: {rules}",
        "h_shed": "یکی از کارت‌هایتان را روی {zone} بگذارید: {rule}",
        "h_each": "هر بازیکن یک بار می‌خواند، از {low} تا {high}",
        "h_rising": "از {low} تا {high} (با گام {by}) بالاتر از خوانده‌ی قبلی بخوانید، یا پاس بدهید؛ پاس نهایی است",
        "h_exchange": "{n} را به پشت بخوابانید، در {zone}", "h_choose": "انتخاب کنید: {options}",
        "h_pass": "{n} کارت، یکی‌یکی، برای {who} انتخاب کنید", "to_pass": "برای پاس دادن",
        "type_move": "یک حرکت یا شماره‌اش را بنویسید", "or": " یا ",
        "not_card": f"«{{word}}» کارت نیست (ارزش‌ها {_L('A 2-10 J Q K')}، خال‌ها {_L('S H D C')}، مثلاً {_L('10D')})",
        "not_card_words": "«{word}» کارت نیست (ارزش و خالش را بگویید: ۱۰ خشت، بی‌بی پیک، آس دل)",
        "see_moves": "حرکت‌های شما در زیر آمده",
        "may_verbs": "اکنون می‌توانید: {verbs}", "may_moves": "می‌توانید: {moves}",
        "may_choose": "می‌توانید یکی را برگزینید: {moves}",
        "draw_when_stuck": "فقط وقتی کارت می‌کشید که هیچ کارتی از دستتان را نتوان گذاشت",
        "swap_made": "در هر نوبت یک بار می‌توان کارت عوض کرد و شما عوض کرده‌اید",
        "lead_declared": "{cards} را اعلام کردید، پس یکی از آن‌ها را بازی می‌کنید، نه {card}",
        "declare_leading": "فقط بازیکنی که شروع می‌کند، پیش از شروع، اعلام می‌کند",
        "declare_made": "در هر نوبت یک اعلام، و شما اعلام کرده‌اید",
        "declare_none": "دسته‌ای ندارید که قانون‌ها اجازه‌ی اعلامش را الان بدهند",
        "declare_not_held": "کارت {card} را ندارید",
        "declare_no_set": "{cards} دسته‌ای برای اعلام نیست (این‌جا: {names})",
        "declare_done": "{cards} در این دور اعلام شده، و هر دسته یک بار اعلام می‌شود",
        "declare_not_now": "قانون‌ها اکنون اجازه‌ی اعلام {cards} را نمی‌دهند",
        "close_leading": "فقط بازیکنی که شروع می‌کند، پیش از شروع، می‌بندد",
        "close_done": "در این دور پیش‌تر بسته شده است",
        "close_not_now": "قانون‌ها الان به کسی اجازه‌ی بستن نمی‌دهند",
        "swap_leading": "فقط وقتی شروع می‌کنید می‌توانید کارت عوض کنید", "swap_nothing": "کارتی برای عوض کردن نیست",
        "swap_not_now": "قانون‌ها الان اجازه‌ی عوض کردن نمی‌دهند",
        "swap_no_card": "کارتی ندارید که قانون‌ها اجازه‌ی عوض کردنش را بدهند",
        "struck_out": "قاعده‌ها اینجا آن را کنار گذاشته‌اند ({rule})",
        "not_time_play": "اکنون وقت بازی کردن کارت نیست", "not_time_discard": "اکنون وقت خواباندن کارت نیست",
        "not_time": "اکنون وقت {verb} نیست", "not_time_choose": "اکنون وقت {verb} نیست",
        "folded": "{card} می‌تواند هر چندتا از {cards} را بردارد ({n} راه، نه همه در فهرست): حرکت را"
                  " بنویسید، مانند «{move}»",
        "no_card": "اکنون کارت {card} برای بازی ندارید", "no_card_held": "کارت {card} را ندارید",
        "did_you_mean": "(منظورتان {move} بود؟)",
        "no_card_discard": "کارت {card} را برای خواباندن ندارید",
        "only_move": "با {card} تنها حرکت «{move}» است",
        "with_card": "با {card} می‌توانید: {moves}",
        "with_card_parts": "با {card} می‌توانید هر چندتا (دست‌کم یکی) از {cards} را بردارید",
        "follow": "باید {suit} بیاورید (خال زمینه)",
        "not_top": "{card} روی {zone} نیست", "from_piles": "اکنون باید کارت روی {zones} را بازی کنید",
        "from_hand": "اکنون از {zone} بازی می‌کنید", "forced": "اکنون باید {card} را بازی کنید",
        "not_allowed_doc": "{card} را اکنون نمی‌توان بازی کرد: {doc}",
        "not_allowed": "{card} را فقط وقتی می‌توان بازی کرد که {test}",
        "no_answer": "{card} پاسخِ کشیدنِ {n} ({what}) نیست: کارتی بگذارید که پاسخش باشد، یا بکشید",
        "not_together": "{card} را فقط وقتی می‌توان با {first} گذاشت که {test}", "laid_on_top": "{card} روی بقیه",
        "no_bid": "اکنون نمی‌توان خواند", "bid_range": "می‌توانید {bids} بخوانید", "bid_span": "از {low} تا {high}",
        "no_bid_above": "خواندن به {high} رسیده و بالاتر از آن نمی‌شود خواند: فقط می‌توانید پاس بدهید",
        "bids_struck": "خواندن به {high} رسیده و قانون بازی هر خواندن بالاتر را برای شما منع می‌کند: فقط می‌توانید"
                       " پاس بدهید",
        "last_bid": " یا ", "by": "(با گام {n})",
        "or_pass": "یا پاس بدهید", "only_some": "«{typed}»: چیزی بازی نشد: فقط {k} حرکت اول پشت سر هم با شماست",
        "only_one": "«{typed}»: چیزی بازی نشد: این‌جا هر نوبت فقط یک حرکت است؛ فقط یکی از این {n} کارت را بنویسید",
        "help_verbs": "  این بازی جز بازیِ یک کارت این حرکت‌ها را هم دارد: {moves}.",
        "help_declared": " (کارت‌های یک اعلام یک حرکت‌اند)",
        "which_move": "«{typed}»: چیزی بازی نشد: می‌تواند {moves} باشد؛ همان را که می‌خواهید بنویسید",
        "unseen_after": "«{typed}»: چیزی بازی نشد: پس از «{moves}» کارت‌های تازه‌ای می‌بینید (پخش یا برداشتن"
                        " کارت)؛ بقیه را آن وقت بنویسید",
        "twice": "«{typed}»: چیزی بازی نشد: {card} را دو بار نوشته‌اید",
        "named_twice": "{card} را دو بار نوشته‌اید",
        "help_cards_words": "  کارت‌ها: ارزش و سپس خال را بگویید: آس پیک، ده دل، بی‌بی خشت (آس را تک هم می‌شود گفت، خاج را"
                            " گشنیز و دل را کپ){bids}؛ یا حرکت را همان‌طور که فهرست نشان می‌دهد بنویسید.",
        "help_alone_words": "  اگر فقط کارت را بنویسید (بی‌بی پیک)، تنها حرکتِ ممکن با آن انجام می‌شود{several}.",
        "help_several": f"؛ چند کارت پس از فعل، چند حرکت است: {{verb}} {_L('3D 3H 4C')}",
        "help_several_words": "؛ چند کارت پس از فعل، با «،» میانشان، چند حرکت است: {verb} ۳ خشت، ۳ دل و ۴ خاج",
        "help_bids_words": "؛ خواندن با عدد یا به حروف: خواندن {bid}، خواندن {words}", "help_joker": "، ژوکر رنگی",
        "help_note_sides": "با بیش از دو طرف، بیش از بهترینِ بقیه",
        "help_note_raise": "در خواندن، وقتی تنها پاس نشان داده می‌شود، نسبت به پاس",
        "help_note_each": "جایی که هر کس یک بار می‌خواند، نسبت به بهترین خواندن، که ۰ نشان داده می‌شود",
        "help_tricks_now": " و دست‌های برده‌ی این دور",
        "help_board_trick_bids": "دست یا خوانده‌ها تا اینجا", "help_board_trick": "دستِ در جریان",
        "help_board_bids": "خوانده‌ها تا اینجا", "help_board": "کارت‌های روی زمین",
        "help_last": f" دست قبل (یا {_L('last')}) آخرین دستِ برده‌شده را نشان می‌دهد؛",
        "help_together_words": "  اگر فقط کارت را بنویسید (بی‌بی پیک)، تنها حرکتِ ممکن با آن انجام می‌شود؛ چند کارت"
                               " پس از «بازی» یک حرکت است و به همان ترتیبی که گفته شده گذاشته می‌شود، آخری رو: بازی"
                               " ۷ خاج، ۷ خشت.",
        "help_together": f"  اگر فقط کارت را بنویسید ({_L('QS')})، تنها حرکتِ ممکن با آن انجام می‌شود؛ چند کارت پس از"
                         " «بازی» یک حرکت است و به همان ترتیبی که نوشته شده گذاشته می‌شود، آخری رو:"
                         f" {_L('بازی 7H 7S')}.",
    },
}

_RULE_ID = re.compile(r"^\s*([A-Z]\d+(?:\s*[-–,]\s*[A-Z]?\d+)*(?: option)?)\s*:\s*(.*)$", re.S)


def humanize(name: str) -> str:
    """A ruleset identifier as words: `hand_limit` → `hand limit`, `pile2` → `pile 2`."""
    return re.sub(r"(?<=[a-z])(?=\d)", " ", name.replace("_", " "))


def bracket_word(shown: str) -> str | None:
    """The words in brackets a ruleset names a move by (`bid 0 (nil)` → 'nil', `bid 35 (7NT)` → '7NT'); None for
    none, or for a number alone."""
    found = re.search(r"\(([^()]*[^()\d۰-۹\s][^()]*)\)", shown)
    return found.group(1) if found else None


def split_doc(doc: str) -> tuple[str, str]:
    """'H8: the hakem leads' → ('H8', 'the hakem leads'); a doc without rule ids → ('', doc)."""
    m = _RULE_ID.match(doc or "")
    return (m.group(1), " ".join(m.group(2).split())) if m else ("", " ".join((doc or "").split()))


class Words:
    """Everything the table says, in one language, with the names one ruleset gives its things."""

    def __init__(self, game, lang: str = "en", cards: str = "signs"):
        self.game, self.lang = game, lang if lang in PHRASES else "en"
        self.spoken, self.letters = cards == "words", cards == "letters"  # else suit signs (CARD_STYLES)
        table = game.tree.get("table", {}) or {}
        self.own = dict(table.get("words", {}) or {})
        self.typed_forms = typed_forms(self.own)  # other words a person may type for a move's (`typed:`)
        self.done = {**DONE.get(self.lang, {}), **self._own_past()}  # verbs in the past, for the move log
        self.fa = self.lang == "fa"
        self.then = "  ← " if self.fa else "  → "  # what follows from a play, pointing the way the line reads
        if self.spoken:  # read aloud: no arrow ("right arrow"), nothing as a word, not a dash read as nothing
            self.then = "  "

    # ---- phrases and names ------------------------------------------------
    def say(self, key: str, **kw) -> str:
        if key == "none" and self.spoken:
            return SPOKEN_NONE[self.lang]
        if key in SPOKEN_KEYS and self.spoken:  # `us = you + seat 2`: a speech program says "equals", "plus"
            spoken = key + "_spoken"  # a language whose own phrase has no symbols says it as it is
            key = spoken if spoken in PHRASES[self.lang] or key not in PHRASES[self.lang] else key
        text = PHRASES[self.lang].get(key) or PHRASES["en"][key]
        if kw and self.fa:
            text, kw = ezafe_slots(text, kw)
            if isinstance(kw.get("typed"), str) and not PERSIAN_LETTER.search(kw["typed"]):  # what a person typed,
                kw["typed"] = _L(kw["typed"])  # quoted back in Latin letters: `10♦` kept in order, not `♦10`
        return text.format(**kw) if kw else text

    def word(self, key: str) -> str:
        """A table word (`hand_number`, `trick` …), as the ruleset names it or by default."""
        return self._own(key) or WORDS[self.lang].get(key) or WORDS["en"].get(key) or humanize(key)

    def round_points(self) -> str:
        """What a round's points are called (`round_points` scores them): the ruleset's own word, or `round points`
        in its word for a round (`game points`), as the table word `round_points` says by default."""
        return self._own("round_points") or self.say("round_points", round=self.word("round"))

    def name(self, key: str) -> str:
        """A zone, counter, value, variable, row, option or verb of the ruleset, in the players' words."""
        own = self._own(key)
        if own:
            return own
        if self.fa:
            found = self._own_fa(key)
            if found:
                return found
        return self.say("dealer") if key == "dealer" else humanize(key)  # the one seat every game names

    def step(self, name: str) -> str:
        """A step's name as the table says it: its `fa:` at a Persian table, its `words:` entry, else as written."""
        if self.fa:
            spec = next((s for s in self.game.tree.get("hand", ()) if s.get("name") == name), None)
            if spec is not None and spec.get("fa"):
                return spec["fa"]
        return self._own(name) or name

    def _own_past(self) -> dict:
        """The ruleset's own verbs in the past in this language (`table: words:` `past:`): {verb: (a seat's, yours)}."""
        return {verb: tuple(spec["past"][self.lang]) for verb, spec in self.own.items()
                if isinstance(spec, dict) and self.lang in (spec.get("past") or {})}

    def announce(self, value: str, who: str, yours: bool) -> str:
        """A value a hand's result announces, for a seat or side: as a sentence where the ruleset's words give
        one (`said:`, of another and of yours, `{who}` where the seat or side goes: «حریف کُت کرد», «ما کُت
        کردیم»), else its name and who (`kot — them`, «کُت: حریف»)."""
        return self.said(value, who, yours) or self.say("announce", what=self.name(value), who=who)

    def said(self, name: str, who: str, yours: bool) -> str:
        """The ruleset's sentence for a value or counter (`said:`), of another (`{who}`) or of yours; else ''."""
        own = self.own.get(name)
        forms = ((own.get("said") or {}).get(self.lang) or ()) if hasattr(own, "get") else ()
        return str(forms[yours]).replace("{who}", who) if forms else ""

    def _own(self, key: str) -> str:
        """The ruleset's own word for `key` in this language (`table: words:`), or ''."""
        own = self.own.get(key)
        return (own.get(self.lang) or "") if own else ""

    def _own_fa(self, key: str) -> str:
        g = self.game
        for table in (g.zones, g.counters, g.vars):
            if key in table and table[key].fa:
                return table[key].fa
        for row in g.scoring:
            if row.name == key and row.fa:
                return row.fa
        opt = g.tree.get("options", {}).get(key)
        return opt.get("fa", "") if hasattr(opt, "get") else ""

    def doc(self, doc) -> str:
        """A `doc:` of the ruleset (text, or {en, fa}) in this language, rule ids last: 'text (H8)'."""
        if doc is None:
            return ""
        if hasattr(doc, "get"):
            doc = doc.get(self.lang) or doc.get("en") or ""
        ids, text = split_doc(str(doc))
        if self.fa:  # "H2 option": a rule id marking an option of the rules; ids apart by the Persian comma
            ids = ids.replace(" option", " اختیاری").replace(", ", "، ")
        return f"{text} ({ids})" if ids else text

    def title(self) -> str:
        """The game's name; a variant that inherits its base's names is named as well."""
        g, t = self.game, self.game.tree
        title = g.names.get(self.lang) or g.names.get("en") or g.name
        names_from, name_from = getattr(t.where("names"), "file", None), getattr(t.where("name"), "file", None)
        if "names" in t and names_from != name_from:
            title += f" ({g.name})"
        return title

    def description(self) -> str:
        """The ruleset's one line; in Persian, its `description` word when the same file wrote both."""
        t = self.game.tree
        own = self._own("description")
        if own and _file(t["table"]["words"].where("description")) == _file(t.where("description")):
            return own
        if not self.fa:
            return self.game.description
        written = t.where("description") is not t.pos  # by a file, not made for a variant without one
        if written and PERSIAN_LETTER.search(str(self.game.description)):  # written in Persian as it is
            return self.game.description
        variant = _file(t.pos) if getattr(t, "base", None) is not None and t.pos else None
        return self.say("house_rules_of", file=_L(shown(Path(variant).name))) if variant else ""

    # ---- numbers, cards, suits -----------------------------------------------
    def count(self, n: int) -> str:
        """How many cards: '1 card', '3 cards'."""
        return self.say("one_card") if n == 1 else self.say("cards", n=self.num(n))

    def signed_figure(self, value: float, size: str) -> str:
        """A figure shown by its size, signed by `value`: `+12.5`, `−3`, `0` (no sign); held left to right in
        Persian where it has a sign."""
        sign = "" if size == "0" else "+" if value > 0 else "−"
        return self.ltr(sign + self.num(size)) if sign else self.num(size)

    def signed(self, n: int) -> str:
        """A number added: +1, −2 (+۱ in Persian, held left to right as `num` holds −۲)."""
        return self.num(n) if n < 0 else self.ltr("+" + self.num(n))

    def num(self, n) -> str:
        """A number in this language: −3 (a true minus), ۱۲٫۵ in Persian; a signed one held left to right there,
        its sign before it (right to left, `−۱۰۵` was laid out as `۱۰۵−`)."""
        text = str(n).replace("-", "−") if isinstance(n, int) and n < 0 else str(n)
        if not self.fa:
            return text
        text = text.replace(".", "٫").translate(FA_DIGITS)  # ٫: the Persian decimal point
        return _L(text) if text.startswith("−") else text

    def pair(self, who: str, value: str) -> str:
        """`seat 1 4`: who, then a number or a card; in Persian with a colon, which keeps «صندلی ۱: ۴» from
        reading as ۱۴ (and «شما: ۴» alike), and so with cards in words (`seat 2: 3 of clubs`)."""
        return f"{who}: {value}" if self.fa or self.spoken else f"{who} {value}"

    def ltr(self, text: str) -> str:
        """Text that reads left to right (a card, notation) kept in order inside Persian."""
        return _L(text) if self.fa else text

    def card(self, card: int) -> str:
        """A card as the table writes it: `A♣`; `AC` in letters; `ace of clubs` (`آس خاج`) in words."""
        name = C.NAMES[card]
        suit = C.SUIT[card]
        if self.spoken:
            if suit < 0:
                return CARD_WORDS[self.lang][2].get(name, name)
            rank = self.rank(name[:-1])
            return f"{rank} {self._suit_word(suit)}" if self.fa else f"{rank} of {self._suit_word(suit)}"
        if suit < 0 and name in JOKER_NAMES.get(self.lang, {}):
            return JOKER_NAMES[self.lang][name]
        return self.ltr(name if self.letters or suit < 0 else name[:-1] + C.SUIT_SIGNS[suit])

    def rank(self, rank: str) -> str:
        """A rank as the table says it: `Q`; in words `queen`, «بی‌بی», a number in this language's digits."""
        if not self.spoken:
            return self.ltr(rank)
        return CARD_WORDS[self.lang][0].get(rank) or self.num(rank)

    def plain(self, line: str) -> str:
        """A line as a speech program reads it, where cards are in words: no box rules (`── hand 1 ──`), a dot
        between parts (`score: … · tricks: …`) a sentence's end, and a card or suit a ruleset's own words write in
        signs (`the 2♣ leads`) in words. Other styles: the line as it is."""
        if not self.spoken:
            return line
        line = SIGN_CARD.sub(lambda m: self.card(C.card_id(m.group(0))), line)
        line = LONE_SIGN.sub(lambda m: self._suit_word(C.SUIT_SIGNS.index(m.group(1))) + " " * bool(m.group(2))
                             + m.group(2), line)  # `♠Q`, a card typed suit first: the suit's word, then Q
        if BOX_RULE.search(line):  # a heading: its words alone
            line = BOX_RULE.sub(" ", line).strip()
        return PART_DOT.sub(". ", line)

    def cards(self, cards) -> str:
        """Cards side by side; where a name is of several words (a joker's, in Persian), with commas between."""
        if not cards:
            return self.say("none")
        names = [self.card(c) for c in cards]
        return (self.say("comma") if any(" " in n for n in names) else " ").join(names)

    def suit(self, suit: int) -> str:
        """`♦ diamonds` where the ruleset names its suits, else `♦`; in letters or words, the name alone (`D`
        where the ruleset names none, in letters)."""
        if self.spoken:
            return self._suit_word(suit)
        named = self._own(C.SUITS[suit])
        if self.letters:
            return named or C.SUITS[suit]
        sign = C.SUIT_SIGNS[suit]
        return f"{sign} {named}" if named else sign

    def _suit_word(self, suit: int) -> str:
        """A suit in words: the ruleset's name for it (coins), else this language's (clubs, خاج)."""
        return self._own(C.SUITS[suit]) or CARD_WORDS[self.lang][1][suit]

    # ---- seats and sides ------------------------------------------------------
    def seat(self, s: int, me: int) -> str:
        return self.say("you") if s == me else self.say("seat", n=self.num(s))

    def side(self, side: int, me: int) -> str:
        """`us` / `them` in a partnership game, else the seat itself."""
        g = self.game
        if not g.partnerships:
            return self.seat(side, me)
        mine = g.side_of[me]
        if g.sides == 2:
            return self.say("us") if side == mine else self.say("them")
        return self.say("us") if side == mine else self.seats(self.side_seats(side))

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.game.players) if self.game.side_of[s] == side]

    def direction(self) -> str | None:
        """Which way play passes (`table: direction:`, clockwise or counter-clockwise), where it says anything:
        None where the ruleset gives none, or two play (each faces the other, either way)."""
        return (self.game.tree.get("table") or {}).get("direction") if self.game.players > 2 else None

    def around(self, me: int) -> str:
        """Where every other seat sits from `me`, by the table's `direction` (seat + 1 plays next), from the right
        round to the left: `play passes to the right, counter-clockwise: seat 1 on your right, seat 2 across, seat
        3 on your left`; "" where the ruleset gives no direction, or two play (across, either way)."""
        direction, n = self.direction(), self.game.players
        if direction is None:
            return ""
        step = 1 if direction == "counter-clockwise" else -1  # the seat on your right is seat + step
        places = [self.sits((me + step * k) % n, me) for k in range(1, n)]  # k places round to the right
        return f"{self.say('passes_' + direction)}: {self.say('comma').join(places)}"

    def sits(self, seat: int, me: int) -> str:
        """Another seat, and where it sits from `me` by the table's `direction` (`seat 1 on your left`); the seat
        alone where the ruleset gives no direction, or two play."""
        direction, n, who = self.direction(), self.game.players, self.say("seat", n=self.num(seat))
        if direction is None or seat == me:
            return who
        k = (seat - me) * (1 if direction == "counter-clockwise" else -1) % n  # places round to the right
        nearer = min(k, n - k)  # places from you, the shorter way round
        side = "across" if 2 * k == n else "on_right" if k < n - k else "on_left"
        return self.say(side if side == "across" or nearer == 1 else f"{side}_{nearer}", who=who)

    def seats(self, seats: list[int], me: int = -1) -> str:
        if me in seats:
            rest = [self.say("seat", n=self.num(s)) for s in seats if s != me]
            return self.say("and").join([self.say("you")] + rest)
        return self.say("seats", n=self.say("and").join(self.num(s) for s in seats))

    def per_side(self, values, me: int) -> str:
        """`us 3 · them 2`, your side first."""
        mine = self.game.side_of[me]
        order = [mine] + [s for s in range(len(values)) if s != mine]
        return self.say("comma").join(self.pair(self.side(s, me), self.num(values[s])) for s in order)

    def per_seat(self, values, me: int, said=None) -> str:
        """`you 3, seat 1 2, …`, your seat first; `said(seat, value)` words a value (else its number)."""
        order = [me] + [s for s in range(len(values)) if s != me]
        said = said or (lambda _, v: self.num(v))
        return self.say("comma").join(self.pair(self.seat(s, me), said(s, values[s])) for s in order)

    # ---- moves ------------------------------------------------------------------
    def move(self, text: str) -> str:
        """Canonical action text as the table shows it: cards with suit signs, verbs in this language; a whole
        move the ruleset names in its words (`"bid 0": {en: bid 0 (nil)}`) as it says."""
        own = self._own(text)
        if own:
            return own
        out, tokens = [], text.split()
        for i, tok in enumerate(tokens):
            if tok in C.BY_NAME:
                if self.spoken and i and tokens[i - 1] in C.BY_NAME:  # cards in words apart by commas
                    out[-1] += self.say("comma").rstrip()
                out.append(self.card(C.BY_NAME[tok]))
            elif i == 0 or tok in VERBS["fa"]:
                out.append(self.verb(tok))
            elif i == 1 and tokens[0] in ("trump", "call") and len(tok) == 1 and tok in C.SUITS:
                out.append(self.suit(C.SUITS.index(tok)))
            else:
                out.append(self.num(tok) if tok.isdigit() else self.name(tok))
        return " ".join(out)

    def did(self, who: str, mine: bool, text: str, face_down: bool = False) -> str:
        """A seat's move as the log says it: `seat 2: bid 100`. In Persian the contract's verbs are in the past,
        said of the seat, each with what follows it (`صندلی ۲ خواند: ۱۰۰`), a capture as one sentence
        (`صندلی ۲ با 3♣، A♠ را برداشت`); a move by the
        ruleset's own verb, or that its words name otherwise, as they say it (`صندلی ۲: قبول حکم`).
        `face_down`: its cards unseen."""
        clauses = self._past(text, mine, face_down)
        if len(clauses) == 2 and text.split()[0] == "play" and " take " in f" {text} " and not face_down:
            (_, card), (took, cards) = clauses  # a capture: «صندلی ۱ با 5♠، 3♠ 3♣ را برداشت»
            if self.spoken:  # cards in words apart by commas: the last taken after «و», so the card played stands out
                head, comma, last = cards.rpartition(self.say("comma"))
                cards = f"{head}{self.say('and')}{last}" if comma else cards
            return self.say("captured", who=who, card=card, cards=cards, took=took)
        if clauses:
            return f"{who} " + self.say("comma").join(f"{past}: {what}" if what else past for past, what in clauses)
        verb = text.split()[0]
        return f"{who}: " + (f"{self.verb(verb)} {self.say('face_down')}" if face_down else self.move(text))

    def _past(self, text: str, mine: bool, face_down: bool) -> list[tuple[str, str]]:
        """Each verb of a move in the past, with what it names: [('بازی کرد', '3♣'), ('برداشت', 'A♠')]; [] where
        this language has no past for its verb (the contract's, or the ruleset's `past:`), or the ruleset's
        words name it without that verb."""
        done = self.done
        if text.split()[0] not in done:
            return []
        out = []
        for verb, words in _clauses(text, done):
            shown, word = self.move(" ".join([verb, *words])), self.verb(verb)
            if not shown.startswith(word):  # named otherwise: `بی‌حکم` for `trump no_suit`
                return []
            what = self.say("face_down") if face_down else shown.removeprefix(word).strip()
            out.append((done[verb][mine], what))
        return out

    def verb(self, verb: str) -> str:
        """The contract's verbs (play, bid …) in this language; a ruleset's own verbs (keep, bam) by its words."""
        if verb in VERBS["fa"]:
            return VERBS.get(self.lang, {}).get(verb, verb)
        return self._own(verb) or verb

    def typed(self, text: str) -> str:
        """What a person typed, with this language's verbs and digits read as the canonical ones."""
        text = text.translate(FULL_WIDTH).translate(LOOKALIKES)  # `ｐｌａｙ １０Ｓ`, `ΑS`: as Latin letters
        text = LIST_MARK.sub(" ", text)  # `A♠, 2♦`, «آس پیک،۲ خشت»: cards as the table lists them
        text = self._one_suit(self._respelled(text.translate(TO_ASCII).translate(FA_LETTERS)))
        if self.fa:  # a card in words: `ده پیک`
            text = FA_SUIT_WORD.sub(lambda m: f" {FA_SUITS[m.group(1)]} ", text)
            if _suit_first(text, FA_CARD, FA_SUIT_FIRST):  # `پیک ده خشت چهار`: every card the suit first
                text = FA_SUIT_FIRST.sub(lambda m: FA_RANKS[m.group(2)] + m.group(1), text)
            else:
                text = FA_CARD.sub(lambda m: FA_RANKS[m.group(1)] + m.group(2), text)
        text = EN_CARD.sub(lambda m: (EN_RANKS[m.group(1).lower()] if m.group(1) else m.group(2)) + m.group(3), text)
        text = EN_JOKER.sub(lambda m: f"{m.group(1)[0].upper()}J", " ".join(text.split()))
        if _suit_first(text, RANK_SPACE_SIGN, SIGN_SPACE_RANK):  # `♣ 4 ♦ 5`
            text = SIGN_SPACE_RANK.sub(r"\2\1", text)
        else:
            text = RANK_SPACE_SIGN.sub(r"\1\2", text)
        text = self._verbs(_and_between_cards(text))  # `A♠ and 2♦`: cards as a list's last two are said
        return digits_for_words(text) if text.startswith("bid ") else text  # `bid three`, «خواندن صد و بیست»

    def _respelled(self, text: str) -> str:
        """Words the ruleset lets a person type for a verb or choice of its moves (`typed:`, in either language:
        `pick up` for `order`), typed as the move or before the rest of it, read as that word."""
        said = " ".join(text.split())
        for form, key in self.typed_forms:
            if said.lower() == form or said.lower().startswith(form + " "):
                return key + said[len(form):]
        return text

    def _verbs(self, text: str) -> str:
        """At a Persian table, its verbs and the jokers' names read as the canonical words."""
        if not self.fa:
            return text
        back = {v: k for k, v in VERBS["fa"].items()}
        back.update({v: k for k, v in JOKER_NAMES["fa"].items()})
        back.update(JOKER_SPELLINGS["fa"])
        back.update({w["fa"]: k for k, w in self.own.items() if hasattr(w, "get") and w.get("fa")})
        words = "|".join(map(re.escape, sorted(back, key=len, reverse=True)))  # whole words: not «پیک» of «پیکک»
        text = re.sub(rf"(?<![\w\u200c])(?:{words})(?![\w\u200c])", lambda m: f" {back[m.group(0)]} ", text)
        return " ".join(text.split())

    def command(self, typed: str) -> str:
        """A table command (help, ?, hint, undo, scores, sheet, quit, exit) as typed in this language, in English;
        else the line."""
        word = typed.strip().translate(FA_LETTERS)
        return COMMANDS_JOINED.get(self.lang, {}).get(joined(word)) or self.typed(word).lower()

    def commands(self) -> dict[str, str]:
        """The table's commands as they may be typed here, each to the spelling a suggestion names it by: the
        English words, and at a Persian table its own words too."""
        spelt = {c: c for c in TABLE_WORDS if c.isalpha()}
        return {**spelt, **{word: word for word in COMMANDS.get(self.lang, {}) if word.isalpha()}}

    def _one_suit(self, text: str) -> str:
        """A suit as the menu shows it (its sign and the ruleset's word for it), by its sign, its word or both,
        read as its sign alone."""
        for k, suit in enumerate(C.SUITS):
            word = self._own(suit)
            if word:
                sign = re.escape(C.SUIT_SIGNS[k])
                text = re.sub(rf"(?:{sign}\s*)?(?<!\w){re.escape(word)}(?!\w)", f" {C.SUIT_SIGNS[k]} ", text,
                              flags=re.IGNORECASE)
        text = EN_SUIT_WORD.sub(lambda m: f" {EN_SUITS[m.group(1).lower().rstrip('s')]} ", text)  # `trump clubs`
        return " ".join(text.split())


def _and_between_cards(text: str) -> str:
    """`text` without `and` (و) where it stands between two cards, as a list's last two are said: `A♠ and 2♦`."""
    words = text.split()
    kept = [word for i, word in enumerate(words)
            if not (word.lower() in ("and", "و") and 0 < i < len(words) - 1
                    and CARD_TOKEN.fullmatch(words[i - 1]) and CARD_TOKEN.fullmatch(words[i + 1]))]
    return " ".join(kept)


def typed_forms(words: dict) -> list[tuple[str, str]]:
    """(a form as typed, as `typed_form` reads it, the word it stands for) of every word's `typed:` forms in either
    language, the longest first (`pick it up` before `pick`)."""
    forms = [(typed_form(form), str(key))
             for key, spec in words.items() if hasattr(spec, "get") and hasattr(spec.get("typed"), "get")
             for lang_forms in spec["typed"].values() if isinstance(lang_forms, list)
             for form in lang_forms if form]
    return sorted(forms, key=lambda x: -len(x[0]))


def typed_form(text) -> str:
    """Words as the table reads what a person types: Persian digits and letters as the table takes them, in lower
    case, one space between words."""
    return " ".join(str(text if text is not None else "").translate(TO_ASCII).translate(FA_LETTERS).split()).lower()


EZAFE_SLOT = re.compile(r"\{(\w+)\}\u0650")  # a name put in, then the kasra of its ezafe (`{pile}ِ {who}`)
SOUNDED_HEH = ("شاه", "راه", "ماه", "سیاه", "نگاه", "کوه", "ده", "نه", "گروه", "پناه")  # heh said, not silent


def ezafe_slots(template: str, kw: dict) -> tuple[str, dict]:
    """A Persian sentence's template and values, where a name put in before an ezafe (`{pile}ِ {who}`) is spelt
    as its ending asks: «کارت‌های برده‌ی», «برداشته‌های», «زمینِ», «شاهِ» (bold or not); the template's own
    words are left as written."""
    slots = set(EZAFE_SLOT.findall(template))
    if not slots:
        return template, kw
    kw = {**kw, **{k: ezafe(str(kw[k])) for k in slots if k in kw}}
    return EZAFE_SLOT.sub(lambda m: "{" + m.group(1) + "}", template), kw


def ezafe(word: str) -> str:
    """A word (perhaps in bold) with its ezafe: «‌ی» after a silent heh, «ی» after alef or vav, else a kasra."""
    plain = word.rstrip("*")
    bold = word[len(plain):]
    last = plain.split()[-1] if plain.split() else ""
    if plain.endswith("ه") and last not in SOUNDED_HEH:
        return plain + "\u200cی" + bold
    if plain.endswith(("ا", "و", "آ")):
        return plain + "ی" + bold
    return plain + "\u0650" + bold


def _clauses(text: str, verbs) -> list[tuple[str, list[str]]]:
    """`play 2S take 9H` → [('play', ['2S']), ('take', ['9H'])]: each of these verbs with the words after it."""
    out: list[tuple[str, list[str]]] = []
    for tok in text.split():
        if tok in verbs or not out:
            out.append((tok, []))
        else:
            out[-1][1].append(tok)
    return out


def _file(where) -> str | None:
    """The file a located value was written in (None where it has no place)."""
    return getattr(where, "file", None)


def width(text: str) -> int:
    """Columns a text takes on a terminal: direction marks, joiners and marks over a letter (a kasra) take none,
    a wide character two."""
    n = 0
    for ch in text:
        if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def wrap(text: str, columns: int) -> list[str]:
    """A line cut at spaces to `columns` (as `width` measures), its later parts two columns further in than
    the first (a hanging indent). Not cut before a number (`seat 1`, `bid 120`) where another space will do,
    nor inside notation held left to right in Persian (marked, or isolated), nor inside a quoted move or a
    bracket that fits on a line of its own ('play A♣ take 9♠ A♥', `(ranks A 2-10 J Q K, suits S H D C)`); a
    word longer than the line stays whole."""
    if width(text) <= columns:
        return [text]
    body = text.lstrip(" ")
    prefix = text[:len(text) - len(body)]
    lead = prefix + "  "
    words, breakable, inside, isolated = body.split(" "), [], False, 0  # may the line break before each word?
    soft = []  # or, where no such word fits: not inside a card in words or held notation (before a number)
    bare = [word.replace(LRM, "").replace(RLM, "") for word in words]
    for k, word in enumerate(words):
        soft.append(not inside and not isolated and bare[k].rstrip(".,;:،؛") not in CARD_WORD_TAILS)  # «۲ | خشت»
        card = k + 1 < len(words) and bare[k + 1].rstrip(".,;:،؛") in CARD_WORD_TAILS  # `3 of clubs`, «۳ خشت»
        # a card may begin a line after another card, not after what names it (`seat 3: 9 of diamonds`, `play
        # 6♣`: a screen reader's line reads as a whole)
        named = (card or SIGN_CARD.fullmatch(bare[k].rstrip(".,;:،؛"))) and k and not _a_card_end(bare[k - 1])
        breakable.append(soft[-1] and (card or not NUMBER.match(bare[k])) and not named)
        inside ^= word.count(LRM) % 2 == 1  # a left-to-right run still open after this word
        isolated += word.count(LRI) - word.count(PDI)  # an isolate (a rules sheet's code) still open after it
    for first, last in _spans(words):
        if width(" ".join(words[first:last + 1])) <= columns - width(lead):
            breakable[first + 1:last + 1] = [False] * (last - first)
    lines, start = [], 0
    while start < len(words):
        end = start + 1
        while end < len(words) and width(prefix + " ".join(words[start:end + 1])) <= columns:
            end += 1
        if end < len(words):  # back to the last space a line may end at, if any
            end = next((k for k in range(end, start, -1) if breakable[k]),
                       next((k for k in range(end, start, -1) if soft[k]), end))
        lines.append((prefix + " ".join(words[start:end])).rstrip(" "))
        prefix, start = lead, end
        while start < len(words) and not words[start]:  # no line starts with the space between two groups
            start += 1
    return lines


NUMBER = re.compile(r"^[0-9۰-۹]+[,;:.)،؛]*$")
# the words after a card's rank in words (`of`, a suit's name): a line does not break inside a card's name
CARD_WORD_TAILS = frozenset({"of", *CARD_WORDS["en"][1], *CARD_WORDS["fa"][1]})
OPENS = {"'": "'", "«": "»", "(": ")"}  # what opens a span kept on one line, and what closes it


def _a_card_end(word: str) -> bool:
    """Does a word end a card's name: a card in signs (`9♦,`), or its suit said in words (`diamonds,`)?"""
    word = word.rstrip(".,;:،؛")
    return word in CARD_WORD_TAILS or bool(SIGN_CARD.fullmatch(word))


def _spans(words: list[str]) -> list[tuple[int, int]]:
    """(first, last) word of each quoted or bracketed span: a word opening one ('play, «بازی, (ranks) to
    the word that closes it (K♥', …», 10D)), where both are found."""
    out, k = [], 0
    while k < len(words):
        word = words[k].lstrip(LRM + RLM)
        close = OPENS.get(word[:1])
        end = next((j for j in range(k, len(words)) if words[j].rstrip(".,;:!?؛،" + LRM + RLM).endswith(close)
                    and (j > k or len(word) > 1)), None) if close else None
        if end is not None and end > k:
            out.append((k, end))
            k = end
        k += 1
    return out
