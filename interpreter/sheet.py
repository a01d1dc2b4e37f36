"""A ruleset as a rules sheet for people, built from the compiled game: what it says is what runs.

The compiled steps give the structure (what a deal deals, the rank order a trick step plays,
which cards are special and how); the ruleset's text gives each expression, shown in a code
span, and each `doc:` (rule ids first, e.g. `H8: the hakem leads`).
"""

from __future__ import annotations

import re

from . import cards as C
from .expressions import never_holds
from .rules import reads_own
from .source import effect_label, unread_base_options, unread_option_names
from .steps import (
    Assign,
    Auction,
    CapturePlay,
    Choose,
    Collect,
    Deal,
    Draw,
    Exchange,
    PassCards,
    Pick,
    Redeal,
    Shed,
    TrickPlay,
    hand_zone,
)
from .table import rank_order, top_cards
from .unparse import fixed_by_options, with_options
from .words import LRI, PDI, WORDS, Words, ezafe_slots

SAY = {
    "en": {
        "players": "Players and cards", "options": "Options", "zones": "Where the cards are",
        "hand": "A hand, step by step", "scoring": "Scoring: each side, after each hand",
        "scoring_alone": "Scoring: each player, after each hand", "values": "Named values",
        "game": "The game",
        "n_players": "{n} players; {passes} (0, 1, 2 …); the first dealer is seat {last}.",
        "n_players_set": "{n} players; {passes} (0, 1, 2 …); a step of the hand names the dealer.",
        "passes": "play passes to the next seat",
        "passes_clockwise": "play passes to the left, clockwise, seat to seat",
        "passes_counter-clockwise": "play passes to the right, counter-clockwise, seat to seat",
        "partners": "Two sides of partners sitting opposite: seats {sides}.", "alone": "Each player plays alone.",
        "against": " against seats ", "and": " and ",
        "deck52": "Deck: the standard 52 cards", "less": "less {cards}", "plus": "plus {cards}",
        "every_rank": "every {ranks}",
        "values_line": "A card's value in sums: {values}.",
        "table_line": "Table {name}, a number for each card (a card not listed: 0): {values}.",
        "on": "on", "off": "off", "may_be": "may be {values}", "word_value": "{word}",
        "as_set": "as the options are set",
        "unread": "read by no rule of this ruleset: setting it changes nothing",
        "seat_owner": "one for each player; only its owner sees it", "seat_all": "one for each player; face up",
        "seat_none": "one for each player; face down",
        "side_all": "one for each side; face up", "side_owner": "one for each side; seen by that side",
        "side_none": "one for each side; face down",
        "shared_all": "shared; face up", "shared_none": "shared; face down",
        "top": "one for each player; face down; when play from the piles begins, each pile's top card is turned"
               " face up, and each new top as it is uncovered",
        "shared_top": "shared; face down but for its top card, face up for everyone",
        "counter_side": "a count for each side", "counter_seat": "a count for each player",
        "when": "only when {expr}", "never_here": "never, with these options",
        "always_here": "always, with these options",
        "shuffle": "shuffle and deal", "no_shuffle": "deal on from the stock (no shuffle)",
        "each": "{n} to each player's {zone}", "others": "{n} to each of the others' {zone}",
        "other": "{n} to the other player's {zone}",
        "to_dealer": "{n} to the dealer's {zone}", "to_zone": "{n} to the {zone}",
        "to_seat": "{n} to {who}'s {zone}", "others_than": "{n} to each player's {zone} but {who}'s",
        "after_seat": ", from the player after {who}",
        "redeal_if": "deal again (a new shuffle) when the dealt cards make {expr} true",
        "replace_if": "a card with {expr} goes under the stock and the next card takes its place",
        "replace_once": "; if the card that takes its place must go too, the cards are dealt again",
        "start": "starting with the player after the dealer",
        "draw_first": "cards are dealt face up from seat 0, one at a time; the first player dealt a card with {until}"
                      " becomes {role}",
        "draw_high": "each player draws a card; the highest (ranks low to high: {order}) becomes {role};"
                     " tied players draw again",
        "set": "{var} becomes {expr}", "choose": "{who} chooses: {options}",
        "choose_round": "each player in turn, from {who}, chooses: {options}; until {until}, or all have chosen",
        "chooser": "{var} is the player whose choice ended the round (nobody, if none did)",
        "redeal": "if {cond}, the cards are thrown in and dealt again from “{to}”",
        "rising": "bidding starts with {first}: bid {low} to {high} by {step}, above the last bid, or pass; a pass"
                  " is final; the last bidder is {winner}, the bid the {contract}; if all pass, {all_pass}",
        "all_pass_redeal": "the cards are dealt again",
        "rising_once": "one round only: each player speaks once, in turn, and the highest bid wins",
        "all_pass_forced": "{who} takes the contract at {bid}",
        "each_bid": "each player, starting with {first}, bids once, {low} to {high}; the bid counts in {into}",
        "bid_pass": "a bid of {bid} is a pass (`pass`)",
        "exchange": "{who} takes the {take} into {hand} and lays {n} face down on {to}",
        "forbid": "a bid (`offer`) may not be made when {expr}",
        "forbid_choice": "an option (`choice`) may not be chosen when {expr}",
        "discard_only": "{who} lays {n} of their {hand} face down on {to}",
        "at_a_time": ", {k} at a time round the table",
        "pick": "from {first}, in turn until the {source} is empty: look at its top card and keep it"
                " (`keep`: into the {keep}; the next card is burned to the {burn}) or burn it (`burn`: the next is"
                " kept)",
        "pass": "every player chooses {n} cards of their {source} for the player {to} (`pass CARD`, one card at a"
                " time); nobody receives any before all have chosen",
        "hands": "The game lasts {n} hands; {best} total wins, and players tied on it share a draw.",
        "one_hand": "The game is one hand; {best} total wins, and players tied on it share a draw.",
        "lowest_target": "When a player reaches {target} or more, the lowest total wins; a tie for lowest plays on.",
        "best_highest": "the highest", "best_lowest": "the lowest",
        "exchange_add": "the discards count one more {add}",
        "capture": "players take turns, {first} first, each playing a card from {hand} to the {table}",
        "shed": "players take turns, {first} first, each laying one card of their {hand} on the {pile}: {may}",
        "shed_any": "any card", "shed_may": "a card with {expr}",
        "shed_draw": "a player who cannot lay a card draws from the {source} (`draw`), {most}",
        "shed_draw_any": "a player may draw from the {source} instead (`draw`), {most}",
        "shed_until": "one card at a time until one can be laid", "shed_most": "at most {n} a turn",
        "shed_while": "one card at a time, as many as they like while it has cards",
        "shed_restock": "when the {zone} is empty, the {pile} but its top card is shuffled to make it anew",
        "shed_pass": "a player who can neither lay nor draw passes (`pass`); when every player has passed in turn,"
                     " the hand ends",
        "shed_pass_drawn": "a player who has drawn this turn may pass (`pass`) though a card could be laid",
        "shed_together": "with the first card, in the same move, a player may lay other cards with {expr} (`played` is"
                         " the first card; `play 7H 7S`, in the order laid): each acts in turn, and the last one laid"
                         " is the top{calls}",
        "shed_together_calls": ", which alone may name a suit",
        "shed_pass_on": "a player who can neither lay nor draw passes (`pass`); when every player still holding"
                        " cards has passed in turn, the hand ends",
        "shed_calls": "after a card with {expr}, its player names a suit (`call H`) into {var}, unless it was the"
                      " last card; after any other card, {var} is its suit",
        "shed_end": "the hand ends when a player lays his last card", "shed_stop": ", or when {expr} for a side",
        "shed_stop_all": ", or when {expr}",
        "shed_end_on": "a player who lays his last card is out, and play goes on among the others (a last card acts"
                       " as any other, but names no suit); the hand ends when one alone holds cards",
        "shed_places": "each player's place in going out is kept in {counter}: 1 for the first",
        "shed_places_on": "each player's place in going out is kept in {counter}: 1 for the first, the last one left"
                          " the next",
        "shed_effect": "{name}: after a card with {expr}, {what}",
        "shed_effect_any": "{name}: after every card, {what}",
        "effect_draw": "the next player draws {n} and misses the turn",
        "effect_skip": "the next {n} player(s) miss their turn",
        "effect_reverse": "play turns round", "effect_and": "; ",
        "effect_stack": "instead of drawing, the next player may lay a card that meets this test (and that the play"
                        " lets them lay): then the player after them owes both draws together, and may answer in turn",
        "rule": "{name}: {card} takes {what} of the {table}'s cards{take}",
        "rule_card": "a card with {expr}", "rule_any": "any card", "rule_take": " with {expr}",
        "one": "one", "all": "all", "some": "any one or more", "sum": "a set adding up to {sum}",
        "several": "(several sets at once when {expr})", "several_always": "(several sets may be taken at once)",
        "most": "(only the most it can take: no set another holds)",
        "exclusive": "when it can take, the rules after it are not asked",
        "mandatory": "a card that can capture must capture", "mandatory_if": "capturing is mandatory when {expr}",
        "optional": "capturing is never mandatory",
        "refill": "when every hand is empty: {packets}",
        "of_side": "{counter} of side {side}",
        "after": "after a capture, {sign}{by} {counter}",
        "after_if": "after a capture, {sign}{by} {counter} when {expr}",
        "tricks": "tricks: {leader} leads the first, then each trick's winner",
        "sits_out": "{seat} sits the tricks out: the turn passes that player by (nobody, if that is no one)",
        "follow": "follow the suit led if you can, else play any card", "no_follow": "any card may be played",
        "no_follow_but": "any card may be played, but as the special cards' rules below say",
        "trump": "trump: {expr}; the highest trump wins, else the highest card of the suit led",
        "no_trump": "the highest card of the suit led wins",
        "order": "ranks low to high: {order}", "top_cards": "above every suit, low to high: {cards}",
        "suit_of": "a card's suit in a trick (to follow, to lead, to trump): {expr}",
        "power_of": "a card's power within its suit (the highest wins): {expr}",
        "draw_after": "after each trick each player draws {n} into {hand}, the trick's winner first, from {zones}"
                      " while cards last", "then": ", then ",
        "swap": "{at}, before playing, a player may swap a card of {hand} where {card} for the card of {zone}"
                " (`{example}`), once a turn{when}", "swap_turn": "at each turn", "swap_lead": "leading",
        "swap_when": ", while {expr}", "draw_when": ", and only while {expr}",
        "declaration": "leading, before playing, a player holding {sets} may declare a {name} (`declare {cards}`),"
                       " each set once a hand and one declaration a turn, shown to all: {points} to {counter}{when}"
                       "{lead}",
        "declare_suit": "{cards} of one suit", "declare_rank": "{cards} of one rank", "declare_set": "{cards}",
        "declare_cards": "every card where {test}", "declare_every": "every card",
        "declare_lead": "; the card then led must be one of them",
        "close": "leading, before playing, a player may close (`close`), once a hand: {var} becomes true{by}{when}",
        "close_by": ", and {by} names the closer", "close_notes": "; as it closes, {notes}",
        "after_trick": "after each trick is taken, {name}{when}: {notes}", "after_trick_when": " (when {expr})",
        "free": "{card} may be played at any time, even when one could follow suit",
        "free_allowed": "{card} may be played even when one could follow suit, but only when {expr} (when no card"
                        " held may be, any may that the other rules allow)",
        "allowed": "{card} may be played only when {expr} (when no card held may be, any may that the other"
                   " rules allow, such as following suit)",
        "forced": "{card} must be played when {expr}",
        "cards_where": "a card where {test}", "every_card": "a card",
        "suitless": "a card of no suit led asks for {expr}",
        "suitless_free": "a card of no suit led asks for no suit: anything may follow it",
        "declare": "the first card led names {var}",
        "turns": "each trick: {turns}", "turn": "{who} from {zones}", "turn_0": "the leader", "turn_1": "the next seat",
        "turn_k": "the seat {k} after the leader", "tops": "the top of {zones}",
        "stop": "play stops when a side has {expr}", "stop_all": "play stops when {expr}",
        "count": "each trick won counts one in {counter}",
        "pile": "won cards go to {pile}",
        "collect": "the cards left on the {source} go to the {pile} of {seat} (nobody, if that is no one)",
        "collect_taken_up": "{seat} takes up the {source} into the {pile}",
        "collect_aside": "the {source} of {of} is laid aside ({pile})",
        "collect_aside_to": "the {source} of {of} goes to the {pile} of {seat}",
        "collect_moved": "the {source} goes to the {pile}",
        "collect_cards": "the cards of the {source} where {test} go to the {pile} of {seat} (nobody, if that is no"
                         " one)",
        "collect_cards_moved": "the cards of the {source} where {test} go to the {pile}",
        "collect_cards_of": "{source} of {of}",
        "target": "A side that reaches {target} or more, alone on top, wins{what}; a tie plays on.",
        "round": " a round; {n} rounds win the game", "win_if": "A side wins at once when {expr}.",
        "totals": "After a hand a side's score becomes {expr} (this, not simply its score plus the hand's points).",
        "round_points": "As each round ends (the game, where it is one round), a side scores {expr} for it"
                        " (round_winner: the side that won it); the game's final scores are these points added up.",
        "when_on": "when on: {doc}",
        "after_hand": "After each hand, {var} becomes {expr}.",
        "next_dealer": "The next dealer: {expr}.", "max_hands": "After {expr} hands the higher total wins (0: no"
                                                                " limit).",
        "per_side_value": "{name}: {expr}", "sep": "; ", "comma": ", ",
    },
    "fa": {
        "players": "بازیکنان و کارت‌ها", "options": "گزینه‌ها", "zones": "جای کارت‌ها",
        "hand": "یک دور، گام به گام", "scoring": "امتیاز هر طرف پس از هر دور",
        "scoring_alone": "امتیاز هر بازیکن پس از هر دور", "values": "مقدارهای نام‌گذاری‌شده",
        "game": "بازی",
        "n_players": "{n} بازیکن؛ {passes} (۰، ۱، ۲ …)؛ نخستین ورق‌دهنده صندلی {last} است.",
        "n_players_set": "{n} بازیکن؛ {passes} (۰، ۱، ۲ …)؛ ورق‌دهنده را یکی از گام‌های دور معین می‌کند.",
        "passes": "نوبت به صندلی بعدی می‌رسد", "passes_clockwise": "نوبت به سمت چپ، در جهت عقربه‌های ساعت، از صندلی"
        " به صندلی می‌چرخد", "passes_counter-clockwise": "نوبت به سمت راست، خلاف جهت عقربه‌های ساعت، از صندلی به"
        " صندلی می‌چرخد",
        "partners": "دو تیم، یارها روبه‌روی هم: صندلی‌های {sides}.", "alone": "هر بازیکن برای خودش بازی می‌کند.",
        "against": " در برابر صندلی‌های ", "and": " و ",
        "deck52": "دسته: ۵۲ کارت", "less": "بدون {cards}", "plus": "به‌اضافه‌ی {cards}",
        "every_rank": "همه‌ی کارت‌های {ranks}",
        "values_line": "ارزش کارت‌ها در جمع: {values}.",
        "table_line": "جدول {name}، عددی برای هر کارت (کارتی که نیامده: ۰): {values}.",
        "on": "روشن", "off": "خاموش", "may_be": "می‌تواند {values} باشد", "as_set": "با این تنظیم گزینه‌ها",
        "word_value": "«{word}»",  # a word an option takes, set apart from the prose: «می‌برد» reads as a verb
        "unread": "هیچ قاعده‌ای از این قواعد آن را نمی‌خواند: تغییرش اثری ندارد",
        "seat_owner": "یکی برای هر بازیکن؛ فقط صاحبش می‌بیند", "seat_all": "یکی برای هر بازیکن؛ رو",
        "seat_none": "یکی برای هر بازیکن؛ به پشت",
        "side_all": "یکی برای هر طرف؛ رو", "side_owner": "یکی برای هر طرف؛ همان طرف می‌بیند",
        "side_none": "یکی برای هر طرف؛ به پشت",
        "shared_all": "مشترک؛ رو", "shared_none": "مشترک؛ به پشت",
        "top": "یکی برای هر بازیکن؛ به پشت؛ وقتی بازی از کپه‌ها آغاز می‌شود کارت رویی هر کپه رو می‌شود، و هر کارت"
               " رویی تازه همان‌گاه که پیدا شود",
        "shared_top": "مشترک؛ به پشت، جز کارت رویی که برای همه رو است",
        "counter_side": "شمارنده، یکی برای هر طرف", "counter_seat": "شمارنده، یکی برای هر بازیکن",
        "when": "فقط وقتی {expr}", "never_here": "با این گزینه‌ها هرگز", "always_here": "با این گزینه‌ها همیشه",
        "shuffle": "بُر زدن و پخش", "no_shuffle": "ادامه‌ی پخش از دسته (بدون بُر زدن)",
        "each": "{n} کارت به هر بازیکن ({zone})", "others": "{n} کارت به هر یک از دیگران ({zone})",
        "other": "{n} کارت به حریف ({zone})",
        "to_dealer": "{n} کارت به ورق‌دهنده ({zone})", "to_zone": "{n} کارت به {zone}",
        "to_seat": "{n} کارت به {who} ({zone})", "others_than": "{n} کارت به هر بازیکن جز {who} ({zone})",
        "after_seat": "، با شروع از بازیکنِ بعد از {who}",
        "redeal_if": "اگر کارت‌های پخش‌شده {expr} باشند، دوباره بُر و پخش",
        "replace_if": "کارتی با {expr} زیر دسته می‌رود و کارت بعدی جایش را می‌گیرد",
        "replace_once": "؛ اگر کارتی که جایش را می‌گیرد هم باید زیر دسته برود، کارت‌ها دوباره بُر می‌خورند و پخش می‌شوند",
        "start": "از بازیکنِ بعد از ورق‌دهنده",
        "draw_first": "کارت‌ها یکی‌یکی رو از صندلی ۰ پخش می‌شوند؛ نخستین کسی که کارتی با {until} بگیرد {role} است",
        "draw_high": "هر بازیکن کارتی می‌کشد؛ صاحبِ بالاترین کارت (از کوچک به بزرگ: {order}) {role} است؛ اگر مساوی شوند،"
                      " همان‌ها دوباره می‌کشند",
        "set": "{var} می‌شود {expr}", "choose": "{who} انتخاب می‌کند: {options}",
        "choose_round": "هر بازیکن به نوبت، از {who}، انتخاب می‌کند: {options}؛ تا آنکه {until}،"
                        " یا همه انتخاب کرده باشند",
        "chooser": "{var} بازیکنی است که انتخابش دور را تمام کرد (هیچ‌کس، اگر کسی نکرد)",
        "redeal": "اگر {cond}، کارت‌ها جمع و از «{to}» دوباره پخش می‌شوند",
        "rising": "خواندن از {first}: از {low} تا {high} با گام {step}، بالاتر از قبلی، یا پاس؛ پاس نهایی است؛"
                  " آخرین خواننده {winner} می‌شود و عددی که خوانده، {contract} است؛ اگر همه پاس دهند، {all_pass}",
        "all_pass_redeal": "کارت‌ها دوباره پخش می‌شوند",
        "rising_once": "فقط یک دور: هر بازیکن به نوبت یک بار می‌خواند و بالاترین خوانده می‌برد",
        "all_pass_forced": "{who} ناچار با {bid} برنده‌ی خواندن می‌شود",
        "each_bid": "هر بازیکن از {first} یک بار می‌خواند، از {low} تا {high}؛ در {into} شمرده می‌شود",
        "bid_pass": "خواندن {bid} یعنی پاس (`pass`)",
        "exchange": "{who} {take} را به {hand} می‌برد و {n} را به پشت در {to} می‌خواباند",
        "forbid": "قولی (`offer`) که در آن {expr} برقرار باشد پذیرفته نیست",
        "forbid_choice": "گزینه‌ای (`choice`) را که در آن {expr} برقرار باشد نمی‌توان انتخاب کرد",
        "discard_only": "{who} {n} از {hand} را به پشت در {to} می‌خواباند",
        "at_a_time": "، هر بار {k} کارت دور میز",
        "pick": "از {first}، به نوبت تا {source} تمام شود: کارت رو را می‌بیند و نگه می‌دارد (`keep`: به {keep}؛"
                " کارت بعدی به {burn} می‌سوزد) یا می‌سوزاند (`burn`: کارت بعدی را نگه می‌دارد)",
        "pass": "هر بازیکن {n} کارت از {source} برای بازیکن {to} برمی‌دارد (`pass CARD`، یکی یکی)؛ کسی پیش از"
                " انتخاب همه کارتی نمی‌گیرد",
        "hands": "بازی {n} دور است؛ {best} مجموع می‌برد و هم‌امتیازها مساوی‌اند.",
        "one_hand": "بازی یک دور است؛ {best} مجموع می‌برد و هم‌امتیازها مساوی‌اند.",
        "lowest_target": "وقتی کسی به {target} یا بیشتر برسد، کمترین مجموع می‌برد؛ در صورت تساوی بازی ادامه می‌یابد.",
        "best_highest": "بیشترین", "best_lowest": "کمترین",
        "exchange_add": "کارت‌های خوابیده یک {add} حساب می‌شوند",
        "capture": "بازیکنان به نوبت، اول {first}، کارتی از {hand} به {table} بازی می‌کنند",
        "shed": "بازیکنان به نوبت، اول {first}، هر بار یک کارت از {hand} روی {pile} می‌گذارند: {may}",
        "shed_any": "هر کارتی", "shed_may": "کارتی با {expr}",
        "shed_draw": "بازیکنی که کارتی برای گذاشتن ندارد از {source} می‌کشد (`draw`)، {most}",
        "shed_draw_any": "بازیکن می‌تواند به جای آن از {source} بکشد (`draw`)، {most}",
        "shed_until": "یکی‌یکی تا کارتی برای گذاشتن بیاید", "shed_most": "در هر نوبت حداکثر {n} کارت",
        "shed_while": "یکی‌یکی، هر چند تا که بخواهد تا وقتی کارت دارد",
        "shed_restock": "وقتی {zone} تمام شود، {pile} به جز کارت رویش بُر می‌خورد و {zone} تازه می‌شود",
        "shed_pass": "بازیکنی که نه می‌تواند کارت بگذارد و نه بکشد پاس می‌دهد (`pass`)؛ اگر همه پشت سر هم پاس"
                     " بدهند، دور تمام می‌شود",
        "shed_pass_drawn": "بازیکنی که در این نوبت کارت کشیده می‌تواند پاس بدهد (`pass`)، هرچند کارتی برای گذاشتن"
                           " داشته باشد",
        "shed_together": "بازیکن می‌تواند همراهِ کارتِ اول، در همان حرکت، کارت‌های دیگری با {expr} هم بگذارد"
                         " (`played` کارتِ اول است؛ `play 7H 7S`، به ترتیبِ گذاشتن): هر کدام به نوبت اثر می‌کند و"
                         " آخرین کارت رو می‌ماند{calls}",
        "shed_together_calls": "، و فقط همان می‌تواند خالی را اعلام کند",
        "shed_pass_on": "بازیکنی که نه می‌تواند کارت بگذارد و نه بکشد پاس می‌دهد (`pass`)؛ اگر همه‌ی کسانی که هنوز"
                        " کارت در دست دارند پشت سر هم پاس بدهند، دور تمام می‌شود",
        "shed_calls": "پس از کارتی با {expr}، بازیکنش خالی را اعلام می‌کند (`call H`) که در {var} می‌ماند، مگر"
                      " آنکه آخرین کارتش بوده باشد؛ پس از هر کارت دیگر، {var} خالِ همان کارت است",
        "shed_end": "دور وقتی تمام می‌شود که بازیکنی آخرین کارتش را بگذارد", "shed_stop": "، یا وقتی {expr} برای یک طرف",
        "shed_stop_all": "، یا وقتی {expr}",
        "shed_end_on": "بازیکنی که آخرین کارتش را بگذارد بیرون می‌رود و بازی میان دیگران ادامه دارد (کارت آخر مانند"
                       " هر کارت دیگر اثر دارد، اما خالی اعلام نمی‌کند)؛ دور وقتی تمام می‌شود که تنها یک نفر کارت"
                       " در دست داشته باشد",
        "shed_places": "رتبه‌ی هر بازیکن در تمام کردنِ کارت‌ها در {counter} می‌ماند: ۱ برای نفر اول",
        "shed_places_on": "رتبه‌ی هر بازیکن در تمام کردنِ کارت‌ها در {counter} می‌ماند: ۱ برای نفر اول، و رتبه‌ی"
                          " بعدی برای آخرین نفری که می‌ماند",
        "shed_effect": "{name}: پس از کارتی با {expr}، {what}", "shed_effect_any": "{name}: پس از هر کارت، {what}",
        "effect_draw": "بازیکن بعدی {n} کارت می‌کشد و نوبتش می‌سوزد", "effect_skip": "نوبت {n} بازیکن بعدی می‌سوزد",
        "effect_reverse": "جهت بازی برمی‌گردد", "effect_and": "؛ ",
        "effect_stack": "بازیکن بعدی می‌تواند به جای کشیدن، کارتی بگذارد که در همین شرط بگنجد (و گذاشتنش مجاز"
                        " باشد): آن‌گاه بازیکنِ پس از او جمعِ هر دو کشیدن را بدهکار است و او هم می‌تواند همین‌گونه"
                        " پاسخ دهد",
        "rule": "{name}: {card}، از کارت‌های {table}{take}، {what} را برمی‌دارد",
        "rule_card": "کارتی با {expr}", "rule_any": "هر کارتی", "rule_take": " با {expr}",
        "one": "یکی", "all": "همه", "some": "هر چندتا (دست‌کم یکی)", "sum": "چند کارت با جمعِ {sum}",
        "several": "(چند گروه با هم وقتی {expr})", "several_always": "(چند گروه را می‌توان با هم برداشت)",
        "most": "(فقط بیشترین کارتی که می‌تواند بردارد: نه گروهی که در گروه دیگری هست)",
        "exclusive": "وقتی بتواند بردارد، قاعده‌های بعدی پرسیده نمی‌شوند",
        "mandatory": "کارتی که بتواند بردارد باید بردارد", "mandatory_if": "برداشتن واجب است وقتی {expr}",
        "optional": "برداشتن هیچ‌گاه واجب نیست",
        "refill": "وقتی دست همه خالی شد: {packets}",
        "of_side": "{counter} طرف {side}",
        "after": "پس از برداشتن، {counter} {sign}{by}", "after_if": "پس از برداشتن، {counter} {sign}{by} وقتی {expr}",
        "tricks": "دست‌ها: اولی را {leader} شروع می‌کند، بعد برنده‌ی هر دست",
        "sits_out": "{seat} در دست‌ها بازی نمی‌کند: نوبت از او می‌گذرد (هیچ‌کس، اگر کسی نباشد)",
        "follow": "اگر از خال زمینه دارید باید همان را بیاورید", "no_follow": "هر کارتی را می‌توان آورد",
        "no_follow_but": "هر کارتی را می‌توان آورد، جز آنچه قاعده‌های کارت‌های ویژه‌ی زیر می‌گویند",
        "trump": "حکم: {expr}؛ بالاترین حکم می‌برد، وگرنه بالاترین کارتِ خال زمینه",
        "no_trump": "بالاترین کارتِ خال زمینه می‌برد",
        "order": "ترتیب از کوچک به بزرگ: {order}", "top_cards": "بالاتر از همه‌ی خال‌ها، از کوچک به بزرگ: {cards}",
        "suit_of": "خالِ هر کارت در دست (برای آمدن، شروع و حکم): {expr}",
        "power_of": "قدرت هر کارت در خالش (بالاترین می‌برد): {expr}",
        "draw_after": "پس از هر دست، هر بازیکن {n} کارت از {zones} به {hand} برمی‌دارد، اول برنده‌ی دست، تا کارت"
                      " هست", "then": "، سپس ",
        "swap": "{at}، پیش از بازی، بازیکن می‌تواند کارتی از {hand} را که {card} با کارتِ {zone} عوض کند"
                " (`{example}`)، یک بار در هر نوبت{when}", "swap_turn": "در هر نوبت", "swap_lead": "وقتی شروع می‌کند",
        "swap_when": "، تا وقتی {expr}", "draw_when": "، و فقط تا وقتی {expr}",
        "declaration": "وقتی شروع می‌کند، پیش از بازی، بازیکنی که {sets} را دارد می‌تواند {name} اعلام کند"
                       " (`declare {cards}`)، هر دسته یک بار در هر دور و یک اعلام در هر نوبت، که همه می‌بینند:"
                       " {points} به {counter}{when}{lead}",
        "declare_suit": "{cards} از یک خال", "declare_rank": "{cards} از یک ارزش", "declare_set": "{cards}",
        "declare_cards": "همه‌ی کارت‌هایی که {test}", "declare_every": "همه‌ی کارت‌ها",
        "declare_lead": "؛ کارتی که سپس بازی می‌کند باید یکی از آن‌ها باشد",
        "close": "وقتی شروع می‌کند، پیش از بازی، بازیکن می‌تواند ببندد (`close`)، یک بار در هر دور: {var} درست می‌شود"
                 "{by}{when}",
        "close_by": "، و {by} بندنده را نگه می‌دارد", "close_notes": "؛ هنگام بستن، {notes}",
        "after_trick": "پس از گرفتن هر دست، {name}{when}: {notes}", "after_trick_when": " (وقتی {expr})",
        "free": "{card} را هر وقت می‌توان بازی کرد، حتی اگر از خال زمینه داشته باشید",
        "free_allowed": "{card} را، حتی اگر از خال زمینه داشته باشید، می‌توان بازی کرد، اما فقط وقتی که {expr}"
                        " (اگر هیچ‌یک از کارت‌های دست مجاز نباشد، هر کارتی را می‌توان بازی کرد که قاعده‌های"
                        " دیگر روا بدانند)",
        "allowed": "{card} را فقط وقتی می‌توان بازی کرد که {expr}"
                   " (اگر هیچ‌یک از کارت‌های دست مجاز نباشد، هر کارتی را می‌توان بازی کرد که قاعده‌های دیگر روا بدانند،"
                   " مانند آوردن خال زمینه)",
        "forced": "{card} باید بازی شود وقتی {expr}",
        "cards_where": "کارتی با {test}", "every_card": "هر کارتی",
        "suitless": "کارتِ بی‌خال اگر اول بیاید، خال {expr} را می‌خواهد",
        "suitless_free": "کارتِ بی‌خال اگر اول بیاید، هیچ خالی نمی‌خواهد: پس از آن هر کارتی را می‌توان آورد",
        "declare": "نخستین کارتِ آمده {var} را معین می‌کند",
        "turns": "هر دست: {turns}", "turn": "{who} از {zones}", "turn_0": "شروع‌کننده", "turn_1": "نفر بعدی",
        "turn_k": "{k} نفر پس از شروع‌کننده", "tops": "روی {zones}",
        "stop": "دست‌های این دور تمام می‌شود وقتی طرفی {expr} داشته باشد",
        "stop_all": "دست‌های این دور تمام می‌شود وقتی {expr}", "count": "هر دستِ برده یکی در {counter}",
        "pile": "کارت‌های برده به {pile} می‌روند",
        "collect": "کارت‌های باقی‌مانده‌ی {source} به {seat} می‌رسد (در {pile}؛ به هیچ‌کس، اگر کسی نباشد)",
        "collect_taken_up": "{seat} {source} را برمی‌دارد (در {pile})",
        "collect_aside": "{source}ِ {of} کنار گذاشته می‌شود ({pile})",
        "collect_aside_to": "{source}ِ {of} به {seat} می‌رسد (در {pile})",
        "collect_moved": "{source} به {pile} می‌رود",
        "collect_cards": "کارت‌های {source} با {test} به {seat} می‌رسد (در {pile}؛ به هیچ‌کس، اگر کسی نباشد)",
        "collect_cards_moved": "کارت‌های {source} با {test} به {pile} می‌رود",
        "collect_cards_of": "{source}ِ {of}",
        "target": "طرفی که به {target} یا بیشتر برسد و تنها بالاترین باشد می‌برد{what}؛ در صورت تساوی بازی"
                  " ادامه می‌یابد.",
        "round": " یک روند؛ {n} روند بازی را می‌برد", "win_if": "طرفی بی‌درنگ می‌برد وقتی {expr}.",
        "totals": "پس از هر دور امتیاز هر طرف می‌شود {expr} (نه لزوماً امتیاز قبلی به‌اضافه‌ی امتیاز این دور).",
        "round_points": "در پایان هر روند (یا خود بازی، اگر یک روند باشد) هر طرف {expr} امتیاز می‌گیرد"
                        " (round_winner: طرفی که روند را برد)؛ امتیاز پایانی بازی جمع همین امتیازهاست.",
        "when_on": "اگر روشن باشد: {doc}",
        "after_hand": "پس از هر دور، {var} می‌شود {expr}.",
        "next_dealer": "ورق‌دهنده‌ی بعدی: {expr}.",
        "max_hands": "پس از {expr} دور، طرفی که مجموعش بیشتر است می‌برد (۰: بی‌حد).",
        "per_side_value": "{name}: {expr}", "sep": "؛ ", "comma": "، ",
    },
}


def sheet(game, lang: str = "en") -> str:
    """The whole rules sheet, as Markdown-like text; in Persian each code span held left to right apart from
    the line (an isolate), so that `11 - played.rank` reads in its order and a line that begins with one is
    still laid out from the right."""
    lines = Sheet(game, lang).lines()
    if lang == "fa":
        lines = [CODE_SPAN.sub(lambda m: LRI + m.group(0) + PDI, line) for line in lines]
    return "\n".join(lines) + "\n"


CODE_SPAN = re.compile(r"`[^`\n]+`")
LITERAL = re.compile(r"true|false|-?[0-9]+")  # what an expression the options fix is left as


def code(expr) -> str:
    """An expression as written, on one line, in a code span; true/false as words."""
    if isinstance(expr, bool):
        return "`true`" if expr else "`false`"
    return "`" + " ".join(str(expr).split()) + "`"


class Sheet:
    def __init__(self, game, lang: str):
        self.g, self.w = game, Words(game, lang)
        self.words = SAY.get(lang, SAY["en"])
        self.specs = list(game.tree.get("hand", ()))

    def code(self, expr) -> str:
        """An expression in a code span, as the options in force leave it (`with_options`); one they leave a
        constant, as written and what it comes to (a row an option turns off: `(= 0)`)."""
        if not isinstance(expr, str):
            return code(expr)
        shown = with_options(expr, self.g.options)
        if shown == expr or not LITERAL.fullmatch(shown):
            return code(shown)
        if shown in ("true", "false"):
            return code(expr) + f" ({self.say('always_here' if shown == 'true' else 'never_here')})"
        return code(expr) + f" (= {self.w.num(int(shown))})"

    def amount(self, expr) -> str:
        """A number of points, bids or cards written as one said as a number (`7`: 7, in Persian ۷), as the
        prose around it says numbers; else `code` (a seat written as a number stays code: `0` leads)."""
        if isinstance(expr, int) and not isinstance(expr, bool):
            return self.w.num(expr)
        if isinstance(expr, str) and LITERAL.fullmatch(expr.strip()) and expr.strip() not in ("true", "false"):
            return self.w.num(int(expr))
        return self.code(expr)

    def suit_code(self, expr) -> str:
        """A suit as the players name it where the expression is one suit written out (`S`: ♠ and its name), else
        the expression in a code span."""
        word, as_set = self._written_suit(expr)
        return self.w.suit(C.SUITS.index(word)) + as_set if len(word) == 1 else self.code(expr)

    def suitless(self, expr) -> str:
        """What a card of no suit led asks for: a suit, or none (`no_suit`: anything may follow), said in words;
        where the options decide it, said so after the sentence (in Persian, not between the suit and «را»)."""
        word, as_set = self._written_suit(expr)
        if word == "no_suit":
            return self.say("suitless_free") + as_set
        if len(word) == 1:
            return self.say("suitless", expr=self.w.suit(C.SUITS.index(word))) + as_set
        return self.say("suitless", expr=self.code(expr))

    def _written_suit(self, expr) -> tuple[str, str]:
        """The suit's letter (or `no_suit`) an expression comes to with these options, '' for any other, and
        ` (as the options are set)` where that is not what is written."""
        shown = with_options(expr, self.g.options) if isinstance(expr, str) else expr
        word = shown.strip() if isinstance(shown, str) else ""
        word = word if word == "no_suit" or len(word) == 1 and word in C.SUITS else ""
        return word, "" if not word or word == str(expr).strip() else f" ({self.say('as_set')})"

    def say(self, key: str, **kw) -> str:
        text = self.words[key]
        if self.w.fa:
            text, kw = ezafe_slots(text, kw)
        return text.format(**kw)

    def name(self, key) -> str:
        """A ruleset name in bold, in the sheet's language."""
        shown = self.w.name(str(key))
        return f"**{shown}**"

    def valued(self, text, fn) -> str:
        """An expression as written, and the number it always gives with these options where that is not
        what is written (`option.target` (= 62); a row an option turns off: (= 0))."""
        value = _constant(fn) if fn is not None else None
        if value is None:
            return self.code(text)  # a constant is shown as written: the row an option turns off, what it holds
        return self.amount(text) if str(value) == str(text).strip() else code(text) + f" (= {self.w.num(value)})"

    def cond(self, text, fn) -> str:
        """A condition as written, and where these options make it never hold, that it never does."""
        if fn is None or not _never(fn):
            return self.code(text)
        return code(text) + f" ({self.say('never_here')})"

    def lines(self) -> list[str]:
        w = self.w
        out = [f"# {w.title()}", ""]
        about = w.description()
        if about:
            out += [about, ""]
        out += self.players() + self.options() + self.zones() + self.hand() + self.scoring() + self.game_end()
        return out

    # ---- sections -------------------------------------------------------------------
    def players(self) -> list[str]:
        g, w = self.g, self.w
        out = [f"## {self.say('players')}", ""]
        hand = list(g.tree.get("hand", ()))
        set_by_step = any(isinstance(spec.get("set"), dict) and "dealer" in spec["set"]
                          and not (i + 1 < len(hand) and "redeal" in hand[i + 1])  # passing the deal on with a redeal
                          for i, spec in enumerate(hand))
        direction = w.direction()
        out.append("- " + self.say("n_players_set" if set_by_step else "n_players", n=w.num(g.players),
                                   last=w.num(g.players - 1), passes=self.say(f"passes_{direction}" if direction
                                                                              else "passes")))
        if g.partnerships:
            sides = self.say("against").join(self.say("and").join(w.num(s) for s in w.side_seats(side))
                                             for side in range(g.sides))
            out.append("- " + self.say("partners", sides=sides))
        else:
            out.append("- " + self.say("alone"))
        deck = self.g.tree.get("deck", {}) or {}
        text = self.say("deck52")
        held = set(g.deck)
        removed = [c for c in range(52) if c not in held]  # of the 52: those `ranks` leaves out and `remove` takes
        if removed:
            text += self.say("comma") + self.say("less", cards=self._removed(removed))
        if deck.get("add"):
            added = [C.card_id(str(c)) for c in deck["add"]]
            text += self.say("comma") + self.say("plus", cards=self._cards(added, listed=True))
        out.append(f"- {text}" + (f" ({w.num(len(g.deck))})." if removed or deck.get("add") else "."))
        if deck.get("values"):
            values = self.say("comma").join(f"{r}: {w.num(v)}" for r, v in deck["values"].items())
            out.append("- " + self.say("values_line", values=values))
        for name, table in (self.g.tree.get("tables", {}) or {}).items():
            values = self.say("comma").join(f"{k}: {w.num(v)}" for k, v in table.items())
            out.append("- " + self.say("table_line", name=self.name(name), values=values))
        return out + [""]

    def _removed(self, cards: list[int]) -> str:
        """Cards taken out of the deck: a rank gone from every suit said once (every 2, 3 …), the rest by name."""
        whole = [r for r in range(1, 14) if sum(C.RANK[c] == r for c in cards) == 4]
        rest = [c for c in cards if C.RANK[c] not in whole]
        said = [self.say("every_rank", ranks=self.say("comma").join(C.RANKS[r - 1] for r in whole))] if whole else []
        named = [self._series([self.w.card(c) for c in rest], self.say("and"))] if rest else []  # `2♦ and 2♥`
        return self.say("comma").join(said + named)

    def _series(self, items: list[str], last: str) -> str:
        """Items in a sentence: `a, b and c` (`last`: the sheet's 'and', the words' 'or')."""
        return items[0] if len(items) == 1 else self.say("comma").join(items[:-1]) + last + items[-1]

    def options(self) -> list[str]:
        if not self.g.option_docs:
            return []
        out = [f"## {self.say('options')}", ""]
        specs = self.g.tree.get("options", {})
        unread, new = set(unread_base_options(self.g.tree)), set(unread_option_names(self.g.tree))
        for name, (value, doc) in self.g.option_docs.items():
            allowed = specs.get(name, {}).get("values")
            line = f"- {self.name(name)}: {self._value(value)}"
            if allowed:
                values = self._series([self._value(v) for v in allowed], self.w.say("or"))  # `none, wins or reset`
                line += f" ({self.say('may_be', values=values)})"
            doc = self.w.doc(doc)
            if doc and isinstance(value, bool):  # a yes/no house rule's doc says what it does when on
                doc = self.say("when_on", doc=doc)
            if name in unread or name in new and not doc:  # a variant replaced what read it (the base's doc no
                # longer holds), or a new one no rule reads, undocumented (one its table reads says so in its doc)
                doc = self.say("unread")
            out.append(line + (f" — {doc}" if doc else ""))
        return out + [""]

    def _value(self, value) -> str:
        if isinstance(value, bool):
            return self.say("on" if value else "off")
        return self.w.num(value) if isinstance(value, int) else self.say("word_value", word=self.w.name(str(value)))

    def zones(self) -> list[str]:
        out = [f"## {self.say('zones')}", ""]
        for z in self.g.zones.values():
            if z.visible == "top":
                how = "shared_top" if z.owner == "none" else "top"
            elif z.owner == "none":
                how = "shared_all" if z.visible == "all" else "shared_none"
            else:  # a seat's, or a side's (each side one player: said as the player's)
                mine = "seat" if z.owner == "seat" or not self.g.partnerships else "side"
                how = f"{mine}_{z.visible if z.visible in ('all', 'owner') else 'none'}"
            out.append(f"- {self._zone_name(z)}: {self.say(how)}")
        for c in self.g.counters.values():
            owner = c.owner if self.g.partnerships or c.owner != "side" else "seat"
            out.append(f"- {self.name(c.name)}: {self.say('counter_' + owner)}")
        return out + [""]

    def _zone_name(self, z) -> str:
        """A zone by its own Persian label where its name is also a word of the table's (`trick`: the zone is
        «زمین», the table's word for a trick «دست», which beside the stock, «دسته», read as a hand of cards)."""
        return f"**{z.fa}**" if self.w.fa and z.fa and z.name in WORDS["fa"] else self.name(z.name)

    def hand(self) -> list[str]:
        out = [f"## {self.say('hand')}", ""]
        for i, (step, spec) in enumerate(zip(self.g.steps, self.specs), 1):
            head = f"{self.w.num(i)}. **{self.w.step(step.name)}**"
            doc = self.w.doc(spec.get("doc"))
            if doc:
                head += f" — {doc}"
            out.append(head)
            if "when" in spec:
                out.append("   - " + self.say("when", expr=self.cond(spec["when"], step.when)))
            out += ["   - " + x for x in self.step_words(step, spec) if x]
        return out + [""]

    def scoring(self) -> list[str]:
        out = [f"## {self.say('scoring' if self.g.partnerships else 'scoring_alone')}", ""]
        for row, spec in zip(self.g.scoring, self.g.tree.get("scoring", ())):
            doc = self.w.doc(spec.get("doc"))
            name = row.fa if self.w.fa and row.fa else self.w.name(row.name)
            out.append(f"- **{name}**" + (f" — {doc}" if doc else "") + f": {self.valued(spec['points'], row.points)}")
        values = self.g.tree.get("values", {})
        if values:
            out += ["", f"{self.say('values')}:", ""]
            out += [f"- {self.name(k)}: {self.code(v)}" for k, v in values.items()]
        return out + [""]

    def game_end(self) -> list[str]:
        g, spec = self.g, self.g.tree.get("game", {})
        target = self.valued(spec.get("target"), g.target)
        what = self.say("round", n=self.w.num(g.rounds)) if g.rounds > 1 else ""
        lowest = spec.get("winner") == "lowest"
        out = [f"## {self.say('game')}", ""]
        if "hands" in spec:
            best = self.say(f"best_{spec.get('winner', 'highest')}")
            one = spec["hands"] == 1 and type(spec["hands"]) is int
            out.append("- " + (self.say("one_hand", best=best) if one else
                               self.say("hands", n=self.valued(spec["hands"], g.hands_fixed), best=best)))
        if "target" in spec:
            out.append("- " + self.say("lowest_target" if lowest else "target", target=target, what=what))
        if "win_if" in spec:
            said = self.say("win_if", expr=self.cond(spec["win_if"], g.win_if))
            if "win_doc" in spec:  # the rule in words after the expression: '… — a side at −200 … (X7).'
                said = f"{said.rstrip('.')} — {self.w.doc(spec['win_doc'])}."
            out.append("- " + said)
        if "totals" in spec:
            out.append("- " + self.say("totals", expr=self.code(spec["totals"])))
        if "round_points" in spec:
            out.append("- " + self.say("round_points", expr=self.code(spec["round_points"])))
        for var, expr in (spec.get("after_hand") or {}).items():
            out.append("- " + self.say("after_hand", var=self.name(var), expr=self.code(expr)))
        if "next_dealer" in spec:
            out.append("- " + self.say("next_dealer", expr=self.code(spec["next_dealer"])))
        if "max_hands" in spec:
            out.append("- " + self.say("max_hands", expr=self.code(spec["max_hands"])))
        return out

    # ---- each kind of step, from the compiled step -------------------------------------------------
    def step_words(self, step, spec) -> list[str]:
        for kind, words in ((Deal, self._deal), (Draw, self._draw), (Assign, self._set), (Choose, self._choose),
                            (Redeal, self._redeal), (Auction, self._auction), (Exchange, self._exchange),
                            (CapturePlay, self._capture), (TrickPlay, self._trick), (Collect, self._collect),
                            (Pick, self._pick), (PassCards, self._pass), (Shed, self._shed)):
            if isinstance(step, kind):
                return words(step, spec)
        raise TypeError(f"the rules sheet has no words for a {type(step).__name__} step: give them in"
                        " sheet.py (step_words), in both languages")

    def _packets(self, packets, specs) -> str:
        parts = []
        for p, ps in zip(packets, specs):
            zone = self.name(p.zone)
            n = self.w.num(p.count) if p.count is not None else self.code(ps["count"])
            if p.per_seat and p.dealer is not None:  # dealt as if `who` were the dealer
                who = self.code(ps["dealer"])
                key = {"all": "each", "others": "others_than", "dealer": "to_seat"}[p.seats]
                parts.append(self.say(key, n=n, zone=zone, who=who)
                             + (self.say("after_seat", who=who) if p.seats != "dealer" else ""))
            elif p.per_seat:
                others = "others" if self.g.players > 2 else "other"  # two players: the other one
                key = {"all": "each", "others": others, "dealer": "to_dealer"}[p.seats]
                parts.append(self.say(key, n=n, zone=zone))
            else:
                parts.append(self.say("to_zone", n=n, zone=zone))
            if p.at_a_time:
                parts[-1] += self.say("at_a_time", k=self.w.num(p.at_a_time))
            if "redeal_if" in ps:
                parts[-1] += self.say("sep") + self.say("redeal_if", expr=self.code(ps["redeal_if"]))
            if "replace_if" in ps:
                parts[-1] += self.say("sep") + self.say("replace_if", expr=self.code(ps["replace_if"]))
                if p.replace_once:
                    parts[-1] += self.say("replace_once")
        return self.say("sep").join(parts)

    def _deal(self, step, spec) -> list[str]:
        how = self.say("shuffle" if step.shuffle else "no_shuffle")
        if any(p.dealer is None for p in step.packets):  # else each packet says whom it starts after
            how += self.say("comma") + self.say("start")
        return [f"{how}: {self._packets(step.packets, spec['deal'])}"]

    def _draw(self, step, spec) -> list[str]:
        d = spec["draw"]
        if step.mode == "first":
            return [self.say("draw_first", until=self.code(d.get("until", True)), role=self.name(step.var))]
        order = " ".join(rank_order(step.order))  # then the cards above every rank (`top`: a joker)
        top = top_cards(step.order)
        return [self.say("draw_high", order=f"{order} {self._cards(top)}" if top else order, role=self.name(step.var))]

    def _set(self, step, spec) -> list[str]:
        return [self.say("set", var=self.name(k), expr=self.code(v)) for k, v in spec["set"].items()]

    def _choose(self, step, spec) -> list[str]:
        said = [(self.w.move(step.text(m)), step.text(m)) for m in step.moves]  # the table's words, then the notation
        options = " / ".join(f"{label} (`{text}`)" if label != text else f"`{text}`" for label, text in said)
        c = spec["choose"]
        forbid = [self.say("forbid_choice", expr=self.cond(c["forbid_if"], step.forbid))] if "forbid_if" in c else []
        if forbid and "forbid_doc" in c:
            forbid[0] += f" — {self.w.doc(c['forbid_doc'])}"
        if "until" not in c:
            return [self.say("choose", who=self.code(c["who"]), options=options)] + forbid
        chooser = [self.say("chooser", var=self.name(c["chooser"]))] if "chooser" in c else []
        return [self.say("choose_round", who=self.code(c["who"]), options=options,
                         until=self.cond(c["until"], step.until))] + forbid + chooser

    def _redeal(self, step, spec) -> list[str]:
        r = spec["redeal"]
        return [self.say("redeal", cond=self.code(r.get("if", True)), to=self.w.step(self.g.steps[step.to].name))]

    def _auction(self, step, spec) -> list[str]:
        a = spec["auction"]
        first = self.code(a.get("first", "next(dealer)"))
        forbid = [self.say("forbid", expr=self.cond(a["forbid_if"], step.forbid))] if "forbid_if" in a else []
        if forbid and "forbid_doc" in a:
            forbid[0] += f" — {self.w.doc(a['forbid_doc'])}"
        if step.style == "each":
            passing = [self.say("bid_pass", bid=self.code(step.passing))] if step.passing is not None else []
            return [self.say("each_bid", first=first, low=self.amount(a["min"]), high=self.amount(a["max"]),
                             into=self.name(step.into))] + passing + forbid
        forced = a.get("all_pass")
        if hasattr(forced, "get"):  # a seat takes the contract (stick the dealer), not a redeal
            all_pass = self.say("all_pass_forced", who=self.code(forced["winner"]), bid=self.code(forced["bid"]))
        else:
            all_pass = self.say("all_pass_redeal")
        once = [self.say("rising_once")] if step.once else []
        return [self.say("rising", first=first, low=self.amount(a["min"]), high=self.amount(a["max"]),
                         step=self.amount(a.get("step", 1)),
                         winner=self.name(step.winner), contract=self.name(step.contract), all_pass=all_pass)] \
            + once + forbid

    def _exchange(self, step, spec) -> list[str]:
        x = spec["exchange"]
        if step.take is None:
            out = [self.say("discard_only", who=self.code(x["who"]), hand=self.name(step.hand),
                            n=self.w.count(step.discard), to=self.name(step.to))]
        else:
            out = [self.say("exchange", who=self.code(x["who"]), take=self.name(step.take), hand=self.name(step.hand),
                            n=self.w.count(step.discard), to=self.name(step.to))]
        if step.add:
            out.append(self.say("exchange_add", add=self.name(step.add)))
        return out

    def _capture(self, step, spec) -> list[str]:
        p = spec["play"]
        out = [self.say("capture", first=self.code(p.get("first", "next(dealer)")), hand=self.name(step.hand),
                        table=self.name(step.table))]
        for r in p.get("captures", ()):
            what = self.say(r["take"], sum=self.code(r.get("sum", ""))) if r["take"] != "sum" else \
                self.say("sum", sum=self.code(r.get("sum", "")))
            card, take = r["card"], r.get("from", True)  # a test that always holds goes unsaid
            line = self.say("rule", name=self.name(r.get("name", "capture")), what=what, table=self.name(step.table),
                            card=self.say("rule_any") if card is True else self.say("rule_card", expr=self.code(card)),
                            take="" if take is True else self.say("rule_take", expr=self.code(take)))
            several = r.get("several", False)
            if isinstance(several, str):  # an option alone (`option.multi_capture`) settles it
                fixed = fixed_by_options(several, self.g.options)
                several = several if fixed is None else bool(fixed)
            if several is True:  # always: no condition to say
                line += " " + self.say("several_always")
            elif several is not False:
                line += " " + self.say("several", expr=self.code(several))
            if r.get("most"):
                line += " " + self.say("most")
            if r.get("exclusive"):
                line += self.say("sep") + self.say("exclusive")
            doc = self.w.doc(r.get("doc"))
            out.append(line + (f" — {doc}" if doc else ""))
        mandatory = p.get("mandatory", True)
        out.append(self.say("mandatory") if mandatory is True else
                   self.say("optional") if mandatory is False else self.say("mandatory_if", expr=self.code(mandatory)))
        if step.refill:
            out.append(self.say("refill", packets=self._packets(step.refill, p["refill"])))
        for e in p.get("after_capture", ()):
            by, sign = e.get("by", 1), "+"
            if isinstance(by, int) and not isinstance(by, bool):  # a number: said as one, with its sign
                by, sign = self.w.num(abs(by)), "+" if by >= 0 else "−"
            else:
                by = self.code(by)
            counter = self.name(e["add"])
            if "side" in e:  # another side's counter
                counter = self.say("of_side", counter=counter, side=self.code(e["side"]))
            line = self.say("after_if", counter=counter, by=by, sign=sign, expr=self.code(e["if"])) if "if" in e else \
                self.say("after", counter=counter, by=by, sign=sign)
            doc = self.w.doc(e.get("doc"))
            out.append(line + (f" — {doc}" if doc else ""))
        return out

    def _cards(self, cards: list, listed: bool = False) -> str:
        """Cards in a sentence: by their signs, space between; named in words (ژوکر سیاه), a comma between, or
        `listed` in a sentence of its own commas, the last two joined by 'and' (ژوکر سیاه و ژوکر رنگی)."""
        names = [self.w.card(c) for c in cards]
        if listed and len(names) > 1 and any(" " in n for n in names):
            return self._series(names, self.say("and"))
        return self.w.cards(cards)  # signs with spaces between, names of several words with commas

    def _declarations(self, step, p) -> list[str]:
        """A trick play's `declare:` entries: the sets, their points and counter, when, and the card led after."""
        out = []
        for spec, d in zip(p.get("declare", ()), getattr(step, "declarations", ())):
            test = spec.get("cards")
            cards = self.say("declare_cards", test=self.code(test)) if test is not None else self.say("declare_every")
            each = spec.get("each", "set")
            when = self.say("swap_when", expr=self.code(spec["when"])) if "when" in spec else ""
            line = self.say("declaration", sets=self.say(f"declare_{each}", cards=cards), name=self.name(d.name),
                            cards=" ".join(C.NAMES[c] for c in d.sets[0]), points=self.code(spec["points"]),
                            counter=self.name(d.into), when=when, lead=self.say("declare_lead") if d.lead else "")
            doc = self.w.doc(spec.get("doc"))
            out.append(line + (f" — {doc}" if doc else ""))
        return out

    def _close(self, step, p) -> list[str]:
        """A trick play's `close:`: the variable it turns on, who closed, what it notes, and when it may."""
        cl = getattr(step, "close", None)
        if cl is None:
            return []
        spec = p["close"]
        when = self.say("swap_when", expr=self.code(spec["when"])) if "when" in spec else ""
        by = self.say("close_by", by=self.name(cl.by)) if cl.by else ""
        if "set" in spec:  # what the close notes for the rules to read later
            notes = self.say("comma").join(self.say("set", var=self.name(k), expr=self.code(v))
                                           for k, v in spec["set"].items())
            by += self.say("close_notes", notes=notes)
        doc = self.w.doc(spec.get("doc"))
        return [self.say("close", var=self.name(cl.sets), by=by, when=when) + (f" — {doc}" if doc else "")]

    def _after_trick(self, p) -> list[str]:
        """A trick play's `after_trick` entries: each one's name, when it acts, and what it sets, in order."""
        out = []
        for k, entry in enumerate(p.get("after_trick", ())):
            when = self.say("after_trick_when", expr=self.code(entry["if"])) if "if" in entry else ""
            notes = self.say("comma").join(self.say("set", var=self.name(var), expr=self.code(text))
                                           for var, text in (entry.get("set") or {}).items())
            doc = self.w.doc(entry.get("doc"))
            line = self.say("after_trick", name=self.name(effect_label(entry, k)), when=when, notes=notes)
            out.append(line + (f" — {doc}" if doc else ""))
        return out

    def _swap_example(self, step) -> str:
        """A swap as typed, with a card of the deck its test lets go where the test reads the card alone (else
        the deck's first card): `swap 9S`, not a card the deck lacks."""
        deck = self.g.deck
        try:
            fits = [c for c in deck if step.swap.card(None, c)]
        except Exception:  # the test reads the game (trump): a card it lets go in a game begun (seed 0), if any
            fits = self._fits_begun(step.swap.card)
        return "swap " + C.NAMES[(fits or deck)[0]]

    def _fits_begun(self, test) -> list:
        """The deck's cards a card test that reads the game lets go at a game's first decision (seed 0: trump
        named, where a step names it before play); none where that test cannot be read there (a Western games
        audit: a marriage game's sheet showed `swap AS` for the 9 of trump)."""
        try:
            st = self.g.new_state(seed=0)
            return [c for c in self.g.deck if test(st.env, c)]
        except Exception:  # read before any trump is named, or the game cannot begin: the deck's first card
            return []

    def _cards_where(self, test) -> str:
        """A special entry for the cards a test picks: `a card where rank == J`; `true` is every card."""
        if str(test).strip() in ("true", "True"):
            return self.say("every_card")
        return self.say("cards_where", test=self.code(test))

    def _trick(self, step, spec) -> list[str]:
        p, w = spec["play"], self.w
        out = [self.say("tricks", leader=self.code(p.get("leader", "next(dealer)")))]
        if "sits_out" in p:
            out.append(self.say("sits_out", seat=self.code(p["sits_out"])))
        limited = any("allowed" in sp or "forced" in sp for sp in p.get("special", ()))  # special rules bind
        out.append(self.say("follow" if step.follow else "no_follow_but" if limited else "no_follow"))
        trump = p.get("trump", "no_suit")  # `trump: no_suit` is no trump, as none given
        out.append(self.say("no_trump") if str(trump).strip() == "no_suit" else
                   self.say("trump", expr=self.suit_code(trump)))
        if "power_of" in p:
            out.append(self.say("power_of", expr=self.code(p["power_of"])))
        else:
            out.append(self.say("order", order=self.w.ltr(" ".join(rank_order(step.power, self.g.deck)))))
        if "suit_of" in p:
            out.append(self.say("suit_of", expr=self.code(p["suit_of"])))
        top = top_cards(step.power)
        if top:
            out.append(self.say("top_cards", cards=self._cards(top)))
        for sp in p.get("special", ()):
            which = f"`{sp['card']}`" if "card" in sp else self._cards_where(sp.get("cards", ""))
            rules = []
            if sp.get("free") and "allowed" in sp:  # one sentence: free, but only when allowed
                rules.append(self.say("free_allowed", card=which, expr=self.code(sp["allowed"])))
            elif sp.get("free"):
                rules.append(self.say("free", card=which))
            elif "allowed" in sp:
                rules.append(self.say("allowed", card=which, expr=self.code(sp["allowed"])))
            if "forced" in sp:
                rules.append(self.say("forced", card=which, expr=self.code(sp["forced"])))
            doc = w.doc(sp.get("doc"))
            out.append(self.say("sep").join(rules) + (f" — {doc}" if doc else ""))
        if "suitless_lead" in p:
            out.append(self.suitless(p["suitless_lead"]))
        if step.declare_trump:
            out.append(self.say("declare", var=self.name(step.declare_trump)))
        if "turns" in p:
            turns = []
            for t in step.turns:
                zones = w.say("or").join(self.name(z) for z in t.sources)
                who = self.say(f"turn_{t.offset}" if t.offset < 2 else "turn_k", k=w.num(t.offset))
                turns.append(self.say("turn", who=who, zones=self.say("tops", zones=zones) if t.tops else zones))
            out.append(self.say("turns", turns=self.say("sep").join(turns)))
        if "stop_when" in p:
            said = "stop" if reads_own(self.g, p["stop_when"]) else "stop_all"  # else the same for every side
            out.append(self.say(said, expr=self.code(p["stop_when"])))
        if step.tricks:
            out.append(self.say("count", counter=self.name(step.tricks)))
        out.append(self.say("pile", pile=self.name(step.pile)))
        if step.draw is not None:
            count, zones = step.draw
            out.append(self.say("draw_after", n=w.num(count), zones=self.say("then").join(self.name(z) for z in zones),
                                hand=self.name(step.first_sources[0])))
        if step.draw is not None and "when" in p["draw"]:
            out[-1] += self.say("draw_when", expr=self.code(p["draw"]["when"]))
        out += self._declarations(step, p) + self._close(step, p) + self._after_trick(p)
        if "swap" in p:
            sw = p["swap"]
            when = self.say("swap_when", expr=self.code(sw["when"])) if "when" in sw else ""
            doc = self.w.doc(sw.get("doc"))
            out.append(self.say("swap", at=self.say("swap_lead" if step.swap.lead_only else "swap_turn"),
                                hand=self.name(step.first_sources[0]), card=self.code(sw["card"]),
                                zone=self.name(step.swap.zone), when=when, example=self._swap_example(step))
                       + (f" — {doc}" if doc else ""))
        return out

    def _shed(self, step, spec) -> list[str]:
        p = spec["play"]
        may = p.get("may_play", True)
        may = self.say("shed_any") if may is True else self.say("shed_may", expr=self.code(may))
        if "may_play_doc" in p:
            may += f" — {self.w.doc(p['may_play_doc'])}"
        out = [self.say("shed", first=self.code(p.get("first", "next(dealer)")), hand=self.name(step.hand),
                        pile=self.name(step.pile), may=may)]
        if step.draw_from is not None:
            most = self.say("shed_most", n=self.w.num(step.draw_most)) if step.draw_most is not None else \
                self.say("shed_while" if step.draw_any_time else "shed_until")
            key = "shed_draw_any" if step.draw_any_time else "shed_draw"
            out.append(self.say(key, source=self.name(step.draw_from), most=most))
            if step.restock:
                out.append(self.say("shed_restock", zone=self.name(step.draw_from), pile=self.name(step.pile)))
        out.append(self.say("shed_pass_on" if step.play_on else "shed_pass"))
        if step.pass_after_draw:
            out.append(self.say("shed_pass_drawn"))
        if step.together is not None:
            calls = self.say("shed_together_calls") if step.calls is not None else ""
            out.append(self.say("shed_together", expr=self.code(p["together"]), calls=calls))
        if step.calls is not None:
            out.append(self.say("shed_calls", expr=self.code(p["calls"]), var=self.name(step.call_var)))
        out += [self._lay_effect(e, k) for k, e in enumerate(p.get("after_lay", ())) if isinstance(e, dict)]
        if step.places is not None:
            out.append(self.say("shed_places_on" if step.play_on else "shed_places", counter=self.name(step.places)))
        said = "shed_stop" if reads_own(self.g, p.get("stop_when")) else "shed_stop_all"  # else for every side
        stop = self.say(said, expr=self.code(p["stop_when"])) if "stop_when" in p else ""
        return out + [self.say("shed_end_on" if step.play_on else "shed_end") + stop]

    def _lay_effect(self, e, k: int) -> str:
        """`draw two: after a card with played.rank == 2, the next player draws 2 and misses the turn`."""
        what = [self.say("effect_draw", n=self.code(e["draw"]))] if "draw" in e else []
        what += [self.say("effect_skip", n=self.code(e["skip"]))] if "skip" in e else []
        what += [self.say("effect_reverse")] if e.get("reverse") is True else []
        what += [self.say("effect_stack")] if e.get("stack") is True and "draw" in e else []
        words = {"name": self.name(effect_label(e, k)), "what": self.say("effect_and").join(what)}
        return self.say("shed_effect", expr=self.code(e["if"]), **words) if "if" in e else \
            self.say("shed_effect_any", **words)

    def _pick(self, step, spec) -> list[str]:
        return [self.say("pick", first=self.code(spec["pick"].get("first", "next(dealer)")),
                         source=self.name(step.source),
                         keep=self.name(step.keep), burn=self.name(step.burn))]

    def _pass(self, step, spec) -> list[str]:
        return [self.say("pass", n=self.w.num(step.count), source=self.name(step.source),
                         to=self.code(spec["pass"]["to"]))]

    def _collect(self, step, spec) -> list[str]:
        c = spec["collect"]
        words = {"source": self.name(step.source), "pile": self.name(step.pile)}
        if "cards" in c:
            return [self._collect_cards(c, words)]
        if "of" in c:
            key = "collect_aside_to" if "seat" in c else "collect_aside"
            return [self.say(key, of=self.code(c["of"]), seat=self.code(c.get("seat", "")), **words)]
        if "seat" not in c:
            return [self.say("collect_moved", **words)]
        key = "collect_taken_up" if step.pile == hand_zone(self.g) else "collect"  # into a hand
        return [self.say(key, seat=self.code(c["seat"]), **words)]

    def _collect_cards(self, c, words: dict) -> str:
        """A collect of only the cards that meet its test: which, from where (whose pile), to whom."""
        if "of" in c:
            words["source"] = self.say("collect_cards_of", source=words["source"], of=self.code(c["of"]))
        if "seat" not in c:
            return self.say("collect_cards_moved", test=self.code(c["cards"]), **words)
        return self.say("collect_cards", test=self.code(c["cards"]), seat=self.code(c["seat"]), **words)


def _fixed(fn):
    """What an expression gives whatever the game (it reads only options and numbers), else None."""
    try:
        return fn(None, None)
    except Exception:  # it reads the game
        return None


def _never(fn) -> bool:
    """Does a condition never hold, whatever the game (an option turns it off: `option.hook and ...`, or
    `... and option.hook`)?"""
    return never_holds(fn) or _fixed(fn) is False


def _constant(fn):
    """The number an expression gives whatever the game (an option, a number), else None."""
    value = _fixed(fn)
    return value if isinstance(value, int) and not isinstance(value, bool) else None
