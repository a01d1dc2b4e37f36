"""Action text: what a person types, in canonical form, and why a move is refused."""

from __future__ import annotations

import difflib
import re

from . import cards as C
from .errors import CardrulesError, printable
from .source import special_label
from .words import EN_RANKS, EN_SUIT_WORD, EN_SUITS, FA_RANKS, FA_SUIT_WORD, FA_SUITS, TO_ASCII

CARD_LISTS = ("take", "declare")  # words after which cards form a set in canonical order
MOVES_SAID = 24  # a refusal lists at most this many moves of one card
# the verbs of the engine's actions
VERBS = ("play", "take", "bid", "pass", "trump", "discard", "draw", "call", "swap", "declare", "close")


# marks that only set writing direction, and the variation selectors that only say how to draw the sign before them
MARKS = dict.fromkeys([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A), *C.SUIT_DRAWN_AS,
                       0xFEFF])  # and a byte order mark, which text saved by Notepad or piped by PowerShell begins with


def without_marks(text: str) -> str:
    """Text without the marks that only set writing direction or how a sign is drawn: a move copied from the
    Persian table carries the first, a suit sign typed on a phone the second (♣️), and they are no part of the
    notation."""
    return text.translate(MARKS)


def canonical(text: str) -> str:
    """Canonical spelling of an action: lower-case verbs, canonical cards, sets sorted.

    Unknown words are kept lower-cased, so the result is simply not legal.
    """
    words = without_marks(text).replace(",", " ").split()
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i].lower()
        if word in CARD_LISTS:
            group = []
            i += 1
            while i < len(words) and _is_card(words[i]):
                group.append(C.card_id(words[i]))
                i += 1
            out.append(word)
            out.extend(C.NAMES[c] for c in sorted(group))
            continue
        out.append(_token(words[i], word))
        i += 1
    return " ".join(out)


def _token(raw: str, lower: str) -> str:
    """A card, a suit letter or symbol (trump H), a number (in ASCII digits), or a plain word."""
    if _is_card(raw):
        return C.NAMES[C.card_id(raw)]
    suit = C.SUIT_SYMBOLS.get(raw, raw.upper())
    if len(raw) == 1 and suit in C.SUITS:
        return suit
    if lower.isdecimal() and not lower.isascii():  # a number in Persian or Arabic digits, as the table reads them
        return lower.translate(TO_ASCII)
    return lower


def _is_card(word: str) -> bool:
    try:
        C.card_id(word)
    except C.CardError:
        return False
    return True


def verbs_of(legal: list[str]) -> list[str]:
    return sorted({a.split()[0] for a in legal})


def why_illegal(st, typed: str, text: str, lang: str = "en", table: bool = False, commands=None,
                table_words=None) -> str:
    """A reason a person can act on — the rule that forbids the move — naming what is legal instead; at the
    `table`, cards and moves as its menu shows them (suit signs), else in the notation (records, the API). A
    verb misspelt is said as the nearest the game knows, with why the move so spelt is refused in turn; a word
    alone near none, as the nearest of the table's `commands` (their spellings, to the word said), if any;
    `table_words`, the table's own Words (cards as it writes them), else this language's."""
    from .words import Words

    w = table_words or Words(st.game, lang)
    say = _Naming(w, table)
    legal = st.legal_actions()
    words = text.split()
    if not words:  # at the table, a number of the menu too; elsewhere (a record, the API) text alone
        return w.say("type_move") if table else "an empty action names no move"
    said = printable(" ".join(typed.split()))  # a character that prints as nothing is spelt out (\u0000)
    said = said if len(said) <= 120 else said[:119] + "…"
    meant = _meant_verb(st, words[0], verbs_of(legal), w)
    command = nearest(words[0], commands) if commands and not meant and len(words) == 1 and \
        words[0].isalpha() and words[0] not in commands else ""
    if command:  # `score`: the table's `scores`
        return w.say("not_legal", typed=said) + " " + w.say("did_you_mean", move=w.ltr(command) if
                                                             command.isascii() else command)
    with_verb = [a for a in legal if a.split()[1:] == words] if all(x in C.BY_NAME for x in words) else []
    if len(with_verb) == 1:  # `9C` in a record: the move is written with its verb (`play 9C`)
        return w.say("not_legal", typed=said) + " " + w.say("did_you_mean", move=say.move(with_verb[0]))
    if not meant:
        return _refusal(st, w, say, (said, ""), typed.split(), words, legal)
    fixed = " ".join([meant, *words[1:]])
    if fixed in legal:  # `paly 9C`: the whole move meant
        return w.say("not_legal", typed=said) + " " + w.say("did_you_mean", move=say.move(fixed))
    hint = " " + w.say("did_you_mean", move=w.verb(meant))  # and why that move is refused in turn
    return _refusal(st, w, say, (said, hint), [meant, *typed.split()[1:]], fixed.split(), legal)


def _meant_verb(st, verb: str, verbs: list[str], w=None) -> str:
    """The verb of the game's steps (any step's, not only the moves now) that a word no step knows is nearest,
    two letters swapped or much alike (`paly`, `bdi`, `clsoe`; at a Persian table, as its words spell the verbs:
    «باز» for «بازی»); '' for none."""
    known = sorted({v for step in st.game.steps for v in step.verbs} - {"take"} | set(verbs))
    if verb in known or verb in VERBS or not verb.isalpha():
        return ""
    spelt = {v: v for v in known}
    if w is not None and w.fa and not verb.isascii():  # the table's own words for the verbs
        spelt = {w.verb(v): v for v in known if " " not in w.verb(v)}
    return nearest(verb, spelt)


def nearest(word: str, spelt: dict[str, str]) -> str:
    """What `word` is a misspelling of, among `spelt` (a spelling → what it names): two letters swapped or much
    alike, by the script it is typed in; '' for none."""
    spelt = {x: v for x, v in spelt.items() if x.isascii() == word.isascii()}
    swapped = [x for x in spelt if any(word == x[:i] + x[i + 1] + x[i] + x[i + 2:] for i in range(len(x) - 1))]
    near = swapped or difflib.get_close_matches(word, list(spelt), n=1, cutoff=0.7 if word.isascii() else 0.6)
    return spelt[near[0]] if near else ""


def _refusal(st, w, say: _Naming, said: tuple[str, str], typed_words: list[str], words: list[str],
             legal: list[str]) -> str:
    """"'paly 9C' is not a legal move", a hint after it, then why the move `words` (canonical; `typed_words` as
    typed) is refused."""
    verbs, text = verbs_of(legal), " ".join(words)
    head = w.say("not_legal", typed=said[0]) + said[1]
    if len(words) >= 2 and words[0] in C.BY_NAME and words[1] == "take" and "play" in verbs:  # `2S take 9S`
        words = ["play", *words]  # its verb left out: judged as the play it names
    if len(words) >= 2 and words[0] in ("play", "discard") and words[0] in verbs and words[1] not in C.BY_NAME \
            and (len(words[1]) <= 3 or _a_rank(words[1])):
        return f"{head}: " + _not_card(w, " ".join(typed_words), words, 1)
    if len(words) > 2 and words[0] == "play" and all(x in C.BY_NAME for x in words[1:]) and st.to_act >= 0 \
            and st.acting.together is not None:
        return f"{head}: " + _together_reason(st, w, say, [C.BY_NAME[x] for x in words[1:]], legal)
    if len(words) >= 2 and words[0] in ("play", "discard") and words[1] in C.BY_NAME:
        stray = next((i for i, x in enumerate(words[2:], 2) if x != "take" and x not in C.BY_NAME and len(x) <= 3),
                     None)  # a word among the cards that is none (`discard 3S 4S ZZ`)
        if stray is not None:
            return f"{head}: " + _not_card(w, " ".join(typed_words), words, stray)
        if len(words) == 2 and sum(a.split()[:2] == words for a in legal) > 1:  # a card that makes several moves
            head = w.say("several_moves", typed=said[0]) + said[1]
        return f"{head}: " + _card_reason(st, w, say, words[0], words[1], legal)
    if len(words) == 2 and words[0] in verbs and words[1] in C.BY_NAME and _not_held(st, C.BY_NAME[words[1]]):
        return f"{head}: " + w.say("no_card_held", card=say.card(C.BY_NAME[words[1]]))  # `pass 2C`
    if words[0] == "bid" and "bid" in verbs:
        return f"{head}: " + _bid_reason(w, legal) + (_step_rule(st, w) if _ruled_out(st, words, legal) else "")
    if words[0] == "bid" and legal == ["pass"] and hasattr(st.acting, "high_bidder") and \
            st.phase.get("high") is not None:  # in an auction, the highest bid made
        if st.acting.struck_out(st):  # bids above it, each one the rules forbid
            return f"{head}: " + w.say("bids_struck", high=w.num(st.phase["high"])) + _step_rule(st, w)
        return f"{head}: " + w.say("no_bid_above", high=w.num(st.phase["high"]))
    if words[0] == "declare" and len(words) >= 2 and all(x in C.BY_NAME for x in words[1:]) and st.to_act >= 0 \
            and hasattr(st.acting, "declare_refusal"):
        reason = _declare_reason(st, w, say, [C.BY_NAME[x] for x in words[1:]])
        if reason:
            return f"{head}: " + reason + w.say("semicolon") + _moves_said(st, w, say, "declare", legal)
    if len(words) == 1 and words[0] in C.BY_NAME and _not_held(st, C.BY_NAME[words[0]]) and \
            any(len(a.split()) > 1 and a.split()[1] in C.BY_NAME for a in legal):  # a card alone: `9D`
        return f"{head}: " + w.say("no_card_held", card=say.card(C.BY_NAME[words[0]]))
    verb = words[0]
    struck = _struck_out(st, w, text)
    if struck and verb not in verbs:  # an option of this choice the rules strike out (a dealer's pass)
        return f"{head}: " + struck + _moves_said(st, w, say, verbs[0], legal)
    reason = st.acting.verb_refusal(st, verb) if verb not in verbs and st.to_act >= 0 else ""
    if reason:  # the step's own rule (a draw only when no card may be laid)
        return f"{head}: " + w.say(reason) + w.say("semicolon") + _moves_said(st, w, say, "play", legal)
    if verb not in verbs and st.to_act >= 0 and _another_steps(st, verb, bool(said[1])):  # `bid` in the discard
        return f"{head}: " + _not_time(w, verb) + w.say("semicolon") + _instead(st, w, say, legal)
    if verb not in verbs:
        return f"{head}: " + _instead(st, w, say, legal)
    return f"{head}: " + _struck_out(st, w, text) + _moves_said(st, w, say, verb, legal)


def _not_card(w, typed: str, words: list[str], i: int) -> str:
    """'… is not a card', naming the word at `i` of the move as read (`words`), and where it is a rank's (`king`,
    «شاه») the words after it up to the next card too, which then failed as its suit (`king of spaeds`): as
    typed where the line holds them so (its case), else as read."""
    end = i + 1
    while _a_rank(words[i]) and end < len(words) and words[end] not in C.BY_NAME and words[end] != "take":
        end += 1
    read = " ".join(words[i:end])
    pattern = r"(?<!\S)" + r"\s+".join(map(re.escape, read.split())) + r"(?!\S)"
    found = re.search(pattern, typed.translate(TO_ASCII), re.IGNORECASE)  # Persian digits read as ASCII: in place
    if found is None and len(read) == 1 and read.upper() in C.SUITS:  # a suit alone, as its sign or its name
        found = _suit_typed(typed, C.SUITS.index(read.upper()))
    return w.say(_not_card_key(w), word=printable(typed[found.start():found.end()] if found else read))


def _suit_typed(typed: str, suit: int):
    """Where `typed` names the suit: its sign, or its English or Persian name (a match, else None)."""
    named = [m for pattern in (EN_SUIT_WORD, FA_SUIT_WORD) for m in pattern.finditer(typed)
             if (EN_SUITS.get(m.group(1).lower().rstrip("s")) or FA_SUITS.get(m.group(1))) == C.SUIT_SIGNS[suit]]
    return named[0] if named else re.search(re.escape(C.SUIT_SIGNS[suit]), typed)


def _a_rank(word: str) -> bool:
    """A rank as a person may type it: `K`, `10`, `king`, «شاه»."""
    rank = word.lower().translate(TO_ASCII)
    return rank in EN_RANKS or rank in FA_RANKS or rank.upper() in (*C.RANKS, "T")


def _not_card_key(w) -> str:
    return "not_card_words" if w.spoken else "not_card"


def _instead(st, w, say: _Naming, legal: list[str]) -> str:
    """What may be done now: the kinds of move (`now you may bid or pass`), or the moves where they are of one
    kind or of one word each (`alone`, `together`); nothing where no move is legal."""
    verbs = verbs_of(legal)
    if not verbs:
        return ""
    if len(verbs) > 1 and not all(" " not in a for a in legal):
        return w.say("may_verbs", verbs=w.say("or").join(w.verb(v) for v in verbs))
    return _moves_said(st, w, say, verbs[0], legal)


def _declare_reason(st, w, say: _Naming, cards: list[int]) -> str:
    """Why this set may not be declared, naming it (or the card of it not held), or '' where the play does not
    say (a move it has not)."""
    key, *data = st.acting.declare_refusal(st, cards)
    shown = " ".join(map(say.card, cards))
    if key == "declare_not_held":
        return w.say(key, card=say.card(data[0]))
    if key == "declare_no_set":
        return w.say(key, cards=shown, names=w.say("comma").join(data[0]))
    return w.say(key, cards=shown) if key else ""


def _another_steps(st, verb: str, misspelt: bool = False) -> bool:
    """Is `verb` one of the engine's verbs that some step of this game takes, but not now (`take` goes with a
    `play`: never alone)? A choice's word (`alone`, `stop`) only where a `misspelt` word was read as it: typed
    whole, it may mean something else (to stop playing)."""
    return (verb in VERBS or misspelt) and verb not in CARD_LISTS and any(verb in s.verbs for s in st.game.steps)


def _not_time(w, verb: str) -> str:
    """'it is not time to bid': a move of a kind this step does not take; of a choice's word, 'alone is not one of
    the choices now'."""
    own = w.say("not_time_" + verb) if verb in ("play", "discard") else ""
    if own or verb not in VERBS:
        return own or w.say("not_time_choose", verb=w.verb(verb))
    return w.say("not_time", verb=w.verb(verb) if w.fa else NOT_TIME_EN.get(verb, verb))


NOT_TIME_EN = {"trump": "name trump", "call": "call a suit"}  # as a sentence says them


def _moves_said(st, w, say: _Naming, verb: str, legal: list[str]) -> str:
    """'you may play 6♦, play 9♦': the legal moves, those of `verb` first, as players list them; at the table,
    whose menu follows the refusal, a pointer to it in their place."""
    if say.table:
        return w.say("see_moves")
    same = _in_playing_order(st, [a for a in legal if a.split()[0] == verb])
    same += _in_playing_order(st, [a for a in legal if a.split()[0] != verb])  # and the other moves (`pass`)
    comma = w.say("comma")
    shown = comma.join(say.move(a) for a in same[:12]) + (comma + "…" if len(same) > 12 else "")
    choices = not all(a.split()[0] in VERBS for a in same)  # `alone`, `with the partner`: words, not moves to do
    return w.say("may_choose" if choices else "may_moves", moves=shown)


def _together_reason(st, w, say: _Naming, cards: list[int], legal: list[str]) -> str:
    """Why these cards may not be laid together: the first may not go (its own reason), a card is not held, or
    a card after it does not meet `together` (the test, as the ruleset writes it)."""
    first = C.NAMES[cards[0]]
    if f"play {first}" not in legal:
        return _card_reason(st, w, say, "play", first, legal)
    kind, *data = st.game.steps[st.step].lay_refusal(st, cards) or ("",)
    if kind == "not held":
        return w.say("no_card", card=say.card(data[0]))
    if kind == "twice":
        return w.say("named_twice", card=say.card(data[0]))
    if kind == "not together":
        test = " ".join(str(st.game.tree["hand"][st.step]["play"]["together"]).split())
        return w.say("not_together", card=say.card(data[0]), first=say.card(data[1]), test=w.ltr(test))
    return _card_reason(st, w, say, "play", first, legal)  # what may be done with the first card


def _not_held(st, card: int) -> bool:
    """Is the card missing from the seat's own cards the step takes from (its `source`, else the hand)?"""
    from .steps import hand_zone

    g = st.game
    zone = getattr(g.steps[st.step], "source", None) if st.to_act >= 0 else None
    if zone not in g.zones or g.zones[zone].owner != "seat":
        zone = hand_zone(g)
    return zone is not None and st.to_act >= 0 and card not in st.zones[zone][st.to_act]


def _ruled_out(st, words: list[str], legal: list[str]) -> bool:
    """Does more than the need to outbid refuse the bid typed? Where every seat bids once, a rule does (a
    partner's bid, the dealer's hook), which the step's doc says; in a rising auction, a bid at or above the
    lowest open one (struck out by forbid_if); a bid below every open one only had to outbid."""
    if getattr(st.game.steps[st.step], "style", None) == "each":
        return True
    bids = [n for a in legal if a.startswith("bid ") and (n := _number(a.split()[1])) is not None]
    typed = _number(words[1]) if len(words) > 1 else None
    return "pass" not in legal or typed is not None and bool(bids) and typed >= min(bids) and _offered(st, typed)


def _offered(st, bid: int) -> bool:
    """Would the auction's range offer `bid` now, but for its `forbid_if`? A bid off its steps or over its top is
    refused by the range the refusal says (`bid 102`, `bid 170` where bids run 100 to 165 by 5), no rule."""
    try:
        return bid in st.game.steps[st.step]._range(st, st.env)
    except (CardrulesError, AttributeError, TypeError):  # no range to read: the rule may say why
        return True


def _number(word: str) -> int | None:
    """A bid's number as typed (decimal digits of any script, not ² or ①, and not thousands of them), or None."""
    return int(word) if word.isdecimal() and len(word) <= 18 else None


def _step_rule(st, w) -> str:
    """' — the rule in words': the auction's `forbid_doc`, else the step's doc (who may bid what), or nothing."""
    if not 0 <= st.step < len(st.game.steps):
        return ""
    spec = st.game.tree["hand"][st.step]
    auction = spec.get("auction") if isinstance(spec.get("auction"), dict) else {}
    doc = w.doc(auction.get("forbid_doc")) or w.doc(spec.get("doc"))
    return f" — {doc}" if doc else ""


def _struck_out(st, w, text: str) -> str:
    """'the rules strike it out here (`forbid_if`); ' where `text` is an option of the choice being made that its
    `forbid_if` strikes out, else nothing."""
    if not 0 <= st.step < len(st.game.steps):
        return ""
    choice = st.game.tree["hand"][st.step].get("choose")  # the ruleset's step, as written
    texts = getattr(st.game.steps[st.step], "texts", {})
    if not choice or "forbid_if" not in choice or text not in texts.values():
        return ""
    rule = w.doc(choice.get("forbid_doc")) or f"`{' '.join(str(choice['forbid_if']).split())}`"
    return w.say("struck_out", rule=rule) + w.say("semicolon")


def _in_playing_order(st, texts: list[str]) -> list[str]:
    """Actions as a player lists them: cards by suit and the game's rank order, bids by value, choices in the
    ruleset's order (as the menu lists them)."""
    from .table import card_order

    key = card_order(st.game)
    listed = {text: i for i, text in enumerate(st.text_of_legal(st.legal_moves()))}

    def order(text):
        words = text.split()
        if len(words) > 1 and words[1] in C.BY_NAME:  # a card, then those it takes as the menu shows them
            taken = [key(C.BY_NAME[x]) for x in words[2:] if x in C.BY_NAME]
            return 1, key(C.BY_NAME[words[1]]), len(taken), taken, text
        if len(words) > 1 and words[1].isdigit():
            return 0, (int(words[1]),), 0, [], text
        return -1, (listed.get(text, 0),), 0, [], text

    return sorted(texts, key=order)


class _Naming:
    """How a refusal names a card or a move: as the table shows it, or in the notation."""

    def __init__(self, w, table: bool):
        self.w, self.table = w, table

    def card(self, card: int) -> str:
        return self.w.card(card) if self.table else self.w.ltr(C.NAMES[card])

    def move(self, text: str) -> str:
        return self.w.move(text) if self.table else self.w.ltr(text)


def _card_reason(st, w, say: _Naming, verb: str, card: str, legal: list[str]) -> str:
    """Why this card may not be played (or discarded) now: the rule, or what may be done with it."""
    same = [a for a in legal if a.split()[:2] == [verb, card]]
    if not same:
        if not any(a.startswith(verb + " ") for a in legal):  # and what is legal instead, if anything
            return w.say("not_time_" + verb) + (w.say("semicolon") + _instead(st, w, say, legal) if legal else "")
        step = st.game.steps[st.step]
        if hasattr(step, "refusal"):
            reason = _rule_reason(st, w, say, step, C.BY_NAME[card])
            if reason:
                return reason
        return w.say("no_card" if verb == "play" else "no_card_" + verb, card=say.card(C.BY_NAME[card]))
    if len(same) == 1:
        why = _capture_doc(st, w, same[0])
        return w.say("only_move", card=say.card(C.BY_NAME[card]), move=say.move(same[0])) + (f": {why}" if why else "")
    parts = _parts_of(same)
    if parts:
        return w.say("with_card_parts", card=say.card(C.BY_NAME[card]), cards=" ".join(map(say.card, parts)))
    listed = _in_playing_order(st, same)
    moves = w.say("semicolon").join(say.move(a) for a in listed[:MOVES_SAID])
    return w.say("with_card", card=say.card(C.BY_NAME[card]), moves=moves + (" …" if len(listed) > MOVES_SAID else ""))


def _capture_doc(st, w, text: str) -> str:
    """The `doc` of the capture rule that offers the legal move `text` ('' for a card laid down, a rule without
    one, or another kind of step): why the move is what it is (which cards make the sum)."""
    step = st.game.steps[st.step]
    move = st._text_map().get(text)
    rule = step.rule_of(st, move) if hasattr(step, "rule_of") and move is not None else None
    if rule is None:
        return ""
    rules = (st.game.tree["hand"][st.step].get("play") or {}).get("captures") or []  # the step's rules, in order
    at = next((i for i, r in enumerate(step.rules) if r is rule), len(rules))  # by place: a name may be left out
    return w.doc(rules[at].get("doc")) if at < len(rules) else ""


def _parts_of(same: list[str]) -> list[int] | None:
    """The cards, in canonical order, where the moves `same` of one card take every part of them and nothing
    else (`play JH take …`: 2**n - 1 moves for n cards); else None."""
    from .steps.capture import every_part  # the steps import this module

    return every_part([tuple(sorted(C.BY_NAME[x] for x in a.split()[3:])) for a in same])


def _rule_reason(st, w, say: _Naming, step, card: int) -> str:
    """The card play's refusal in words: follow suit, a special card's condition, a card one must play, the
    test of a card that may be laid."""
    kind, *data = step.refusal(st, card)
    name = say.card(card)
    if kind == "follow":
        return w.say("follow", suit=w.suit(data[0]))
    if kind == "not top":
        return w.say("not_top", card=name, zone=w.name(data[0]))
    if kind == "from piles":
        return w.say("from_piles", zones=w.say("or").join(w.name(z) for z in data[0]))
    if kind == "from hand":
        return w.say("from_hand", zone=w.name(data[0]))
    if kind in ("not allowed", "forced"):
        special = _special_spec(st, data[1])
        doc = w.doc(special.get("doc")) if special is not None else ""
        if kind == "forced":
            forced = say.card(data[0])
            return w.say("forced", card=forced) + (f": {doc}" if doc else "")
        if doc:  # a doc that names the card says it alone (not "RJ may not be played now: RJ may be played …")
            return doc if doc.startswith(name) else w.say("not_allowed_doc", card=name, doc=doc)
        test = " ".join(str(special.get("allowed", "")).split()) if special is not None else ""
        return w.say("not_allowed", card=name, test=w.ltr(test))
    if kind == "no answer":  # a draw is owed: only a card that answers it goes
        return w.say("no_answer", card=name, n=w.count(data[0]), what=w.say("or").join(w.name(x) for x in data[1]))
    if kind == "may not lay":  # a shedding play's `may_play` refuses it: its rule in words, else as written
        play = st.game.tree.get("hand", [])[st.step]["play"]
        doc = w.doc(play.get("may_play_doc"))
        if doc:
            return w.say("not_allowed_doc", card=name, doc=doc)
        return w.say("not_allowed", card=name, test=w.ltr(" ".join(str(play.get("may_play", "")).split())))
    if kind == "not held":
        return w.say("no_card", card=name)
    if kind == "declared lead":  # a declaration whose card must be led
        return w.say("lead_declared", card=name, cards=" ".join(map(say.card, data[0])))
    return ""


def _special_spec(st, label: str):
    """The ruleset's `special` entry behind a card's own rule, by its label."""
    spec = st.game.tree.get("hand", [])[st.step].get("play", {})
    return next((e for e in spec.get("special", ()) if special_label(e) == label), None)


def _bid_reason(w, legal: list[str]) -> str:
    """The bids open now, as runs: 'you may bid 0 or 2 to 13', '100 to 160 (by 5), 330 or pass'."""
    bids = sorted(int(a.split()[1]) for a in legal if a.startswith("bid ") and a.split()[1].isdigit())
    if not bids:
        return w.say("no_bid")
    parts = []
    for low, high, by in _runs(bids):
        if low == high:
            parts.append(w.num(low))
        else:
            parts.append(w.say("bid_span", low=w.num(low), high=w.num(high)) + (" " + w.say("by", n=w.num(by))
                                                                                  if by > 1 else ""))
    if "pass" in legal:  # '…, 330 or pass'
        said = w.say("comma").join(parts[:-1]) + w.say("last_bid") + parts[-1] if len(parts) > 1 else parts[0]
        return w.say("bid_range", bids=said) + " " + w.say("or_pass")
    said = parts[0] if len(parts) == 1 else w.say("comma").join(parts[:-1]) + w.say("or") + parts[-1]
    return w.say("bid_range", bids=said)


def _runs(values: list[int]) -> list[tuple[int, int, int]]:
    """Sorted numbers as (low, high, step) runs of three or more evenly spaced, else single (n, n, 0)."""
    out, i = [], 0
    while i < len(values):
        j = i + 1
        if j < len(values):
            by = values[j] - values[i]
            while j + 1 < len(values) and values[j + 1] - values[j] == by:
                j += 1
            if j - i >= 2:
                out.append((values[i], values[j], by))
                i = j + 1
                continue
        out.append((values[i], values[i], 0))
        i += 1
    return out
