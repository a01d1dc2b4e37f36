"""A game at the table: bots play their seats, the person types moves, the table says what happens."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from contextlib import suppress

from . import actions
from . import cards as C
from .errors import spelt
from .screen import OutputClosed
from .search import hints
from .sheet import sheet
from .simulate import HandWatch
from .table import TITLE_LINES, WIDTH, Table
from .words import BOARD_WORDS, LAST_WORD, LRM, RLM, RULES_WORD, SAVE_WORDS, SCORE_WORD, Words, bracket_word, wrap

SUITS_TYPED = "SHDC" + "".join(C.SUIT_SYMBOLS)  # letters, black and white signs
SUIT_FIRST = re.compile(rf"(?<!\S)([{SUITS_TYPED}])(10|[2-9AKQJT])(?!\S)", re.IGNORECASE)  # a card typed suit first
ACE_AS_ONE = re.compile(rf"(?<!\S)1([{SUITS_TYPED}])(?!\S)", re.IGNORECASE)
SHOWN = 120  # characters of a typed line shown back (echoed, or quoted in a refusal)
LONGEST = 1000  # characters: no move is longer, and reading a line of megabytes would take seconds


class Refusal(Exception):
    """A typed line that is not a legal move now; the message says why."""


class Folding:
    """The screen, where a move's line said again at once (a seat that draws nine times in a row) is said once,
    with how many times: `seat 2: draw (9 times)`; and a line longer than `columns()` is wrapped."""

    def __init__(self, screen, times: Callable[[str, int], str], columns: Callable[[], int] = lambda: WIDTH,
                 plain: Callable[[str], str] = str):
        self.screen, self.times, self.columns = screen, times, columns  # times(line, n): 'seat 2: draw (9 times)'
        self.plain = plain  # each line made over for a speech program (Words.plain), where cards are in words
        self.held, self.n = None, 0  # a move's line not said yet, and how many times in a row

    def move(self, text: str) -> None:
        if text != self.held:
            self.flush()
            self.held = text
        self.n += 1

    def flush(self) -> None:
        if self.held is not None:
            self._wrapped(self.times(self.held, self.n) if self.n > 1 else self.held)
        self.held, self.n = None, 0

    def line(self, text: str = "", whole: bool = False) -> None:
        """A line (or lines), wrapped unless kept `whole` (a command to copy)."""
        self.flush()
        if whole:
            self.screen.line(text)
        else:
            self._wrapped(text)

    def _wrapped(self, text: str) -> None:
        columns = self.columns()
        for part in text.split("\n"):
            for line in wrap(self.plain(part), columns):
                self.screen.line(line)

    def prompt(self, text: str) -> None:
        self.flush()
        self.screen.prompt(self.plain(text))


class Session:
    """One person at one seat; `read` gives a typed line ('' when input ends), `save` keeps the record, and
    `keep` keeps a game stopped before its end where there is no record, or none that can be written."""

    def __init__(self, st, seat: int, bots, screen, read: Callable[[], str], lang: str = "en",
                 save: Callable[[], None] = lambda: None, echo: bool = False, record: str | None = None,
                 hint: bool = False, keep: Callable[[], str | None] | None = None,
                 record_written: Callable[[], bool] = lambda: True, resumed: bool = False, resume_with: str = "",
                 cards: str = "signs", wrap: int | None = None):
        self.st, self.seat, self.bots = st, seat, bots
        self.looks = {"cards": cards, "wrap": wrap}  # how the person asked the table to write (Table's own)
        self.resume_with = resume_with  # options the resume command needs besides the path (bots of one's own)
        self.resumed = resumed or bool(st.log)  # from a record: even one with no decision in it yet
        self.read, self.save, self.echo, self.record, self.hint = read, save, echo, record, hint
        self.keep = keep  # keeps an unfinished game elsewhere, and says where (None: it could not)
        self.record_written = record_written  # is the record written now (tried again)? else `keep` keeps the game
        self.columns = lambda: getattr(screen, "columns", None)  # read as the terminal is now
        self.table = Table(st, seat, lang, self.columns, **self.looks)
        self.w = self.table.w
        self.out = Folding(screen, self._times, lambda: self.table.width, self._spoken if self.w.spoken else str)
        self.events = st.listen()
        self.english: Words | None = None  # the game's words in English, for moves typed so at another table
        self.entry_told = False  # has a number typed, another move's argument too, been explained (`_numbered`)

    def _spoken(self, line: str) -> str:
        """A line for a speech program (`Words.plain`), without the ids of the rules it cites in brackets (`(S3-S5)`,
        read out letter by letter), as the rules sheet in words leaves them out."""
        return CITED.sub(_uncited, self.w.plain(line))

    def _times(self, line: str, n: int) -> str:
        """A move's line said `n` times in a row, said once: `seat 2: draw (9 times)`; cards laid face down, as
        how many (`seat 1: discard 4 cards face down`, not `a card face down (4 times)`)."""
        down = self.w.say("face_down")
        if line.endswith(down):
            return line[:-len(down)] + self.w.say("cards_down", n=self.w.num(n))
        return f"{line} {self.w.say('times', n=self.w.num(n))}"

    def run(self) -> bool:
        """Play until the game ends (True) or the person stops or input ends (False). However play stops —
        a signal, a ruleset's error in play — the record is written as it stands."""
        try:
            return self._play()
        finally:
            try:
                with suppress(OutputClosed):  # the output gone: the record is written all the same
                    self.out.flush()
            finally:
                self.save()

    def _play(self) -> bool:
        st = self.st
        self._lines(self.table.opening())
        if self.resumed:  # from its record: where play goes on, or that the game was over
            self._lines(self.table.resumed())
        if st.log and not st.over:  # resumed: the cards given this seat in the hand so far, the others' passes
            self._recall()
        if st.log and not st.over and st.to_act != self.seat:  # resumed while others act: where play stands
            self._announce()
            self._lines(self.table.heading() + self.table.auction_lines() + self.table.trick_lines())
        watch = HandWatch(st, st.seed)
        while not st.over:
            watch.check()
            self._announce()
            self._lines(self.table.heading())
            if st.to_act != self.seat:
                self._move(st.to_act, self._bot_choice(st.to_act))
            elif not self._person():
                return False
        self._announce()
        self._lines(self.table.game_over())
        return True

    def _recall(self) -> None:
        """The hand's heading with what the board does not show of the hand so far (resumed, or a move taken
        back): the cards given this seat, its own moves face down, the others' passes."""
        recalled = self.table.recalled() + self.table.passing_lines()
        if recalled:
            self._announce()
            head = self.table.heading()
            title, tricks = head[:TITLE_LINES], head[TITLE_LINES:]  # what came first comes first: the cards
            self._lines(title + recalled + tricks)  # given, then the tricks won so far

    def _bot_choice(self, actor: int):
        """The bot's move, its random source seeded from the game's seed, the seat and the decisions so far:
        a game resumed from its record goes on as it would have gone uninterrupted."""
        st, bot = self.st, self.bots[actor]
        bot.rng.seed(f"{st.seed}/bot/{actor}/{len(st.log)}")
        return bot.choose(st)

    def interrupted(self) -> str:
        """Ctrl-C (or a hangup, a SIGTERM): where the game so far is kept (`run` has written the record), said on
        the table while its output takes it (see `output_gone`); the words said."""
        said = self.w.say("interrupted") + self._kept()  # kept before a word is written: the output may be gone
        with suppress(OutputClosed):
            self.out.line("")
            self._farewell(said)
        return said

    def stopped_by_error(self, by_bot: bool = False) -> str:
        """The ruleset's error in play (found only now) stopped the game: where the game so far is kept, to go on
        once the ruleset is mended; the words to say beside the error. With `by_bot`, a bot of one's own erred:
        the game goes on as it is, with that bot mended or others."""
        if by_bot:
            return self.w.say("bot_error_stopped") + self._kept()
        return self.w.say("error_stopped") + self._kept("resume_mended")

    def output_closed(self) -> str:
        """The table's output went away: the game kept as `quit` keeps it; the words to say elsewhere."""
        return self.w.say("output_closed") + self._kept()

    @property
    def output_gone(self) -> bool:
        return getattr(self.out.screen, "closed", False)

    def _kept(self, resume: str = "resume") -> str:
        """Where the game so far is kept and how to go on with it (`resume`, the words of the command; a path
        reads left to right, also inside Persian), if it is kept: in the record, or where `keep` put it."""
        path = self.record if self.record_written() else None  # a record that cannot be written keeps nothing
        path = path or (self.keep() if self.keep is not None and not self.st.over else None)
        if not path:
            return ""
        if path != self.record:
            self.record, self.record_written = path, lambda: True  # kept once: a later word names the same file
            self.keep = None
        command = " ".join(filter(None, [shlex.quote(path), self.resume_with]))
        return (self.w.say("record_kept", path=self.w.ltr(shlex.quote(path)))
                + "\n  " + self.w.say(resume, path=self.w.ltr(command)))

    def _farewell(self, said: str) -> None:
        """The last words (`bye`, where the game is kept) wrapped, and the command that resumes the game on a
        line of its own, whole, to copy."""
        first, _, command = said.partition("\n")
        self.out.line(first)
        if command:
            self.out.line(command, whole=True)

    def _announce(self) -> None:
        if self.events:
            lines = self.table.events(self.events)
            self.events.clear()
            self._lines(lines)

    def _move(self, actor: int, move) -> None:
        line = self.table.move_line(actor, move)
        made, naming = len(self.events), self.table.trump_to_name()
        self.st.apply_move(move)
        if line is not None and not self.table.told_with_its_card(actor, self.events[made:]):
            self.out.move(line)  # else said once, with the card: not «you: draw» then «→ you draw 5♦»
        self._lines(self.table.trump_named(naming))  # the suit this lead named trump
        noticed = self.table.noticed()  # what has come to hold (a suit broken), said after what the move did
        if noticed:
            self._announce()
            self._lines(noticed)
        if actor == self.seat or self.st.over:  # the bots' moves are made again, the same, on --resume
            self.save()

    def _lines(self, lines) -> None:
        for line in lines:
            self.out.line(line)

    # ---- the person's turn -------------------------------------------------------
    def _person(self) -> bool:
        """The person's turn. The record is written first, with the bots' moves since the person's last (they
        are written when the person is asked, not one by one: a bot's move made again on --resume is the same)."""
        self.save()
        t, w = self.table, self.w
        self._lines(t.board())
        if self.hint and len(self.st.legal_moves()) > 1:
            self._hint()
        while True:
            menu = t.menu()
            self._lines(t.menu_lines(menu))
            self.out.prompt(w.say("prompt") + (": " if w.spoken else "> "))  # (a speech program says "greater")
            line = self.read()
            if not line:
                self.out.line("")
                self._farewell(w.say("input_ended") + self._kept())
                return False
            if self.echo:
                self.out.line(shorten(line.rstrip("\r\n")))
            typed = actions.without_marks(line).strip()  # a move copied from the Persian table carries direction marks
            word = w.command(typed)
            if word in ("quit", "exit"):
                self._farewell(w.say("bye") + self._kept())
                return False
            if word in ("help", "?"):
                self._lines(t.help())
                continue
            if word == "hint":
                self._hint()
                continue
            if word in ("scores", "sheet"):
                self._lines(t.score_sheet())
                continue
            if word == SCORE_WORD and not self._offered(word):
                self._lines(t.score_now())
                continue
            if word == LAST_WORD and not self._offered(word):
                self._lines(t.last_trick_lines())
                continue
            if word == RULES_WORD and not self._offered(word):  # the rules sheet, as `cardrules rules` shows it
                lines = sheet(self.st.game, w.lang).rstrip("\n").split("\n")
                self._lines(_spoken_sheet(lines) if w.spoken else lines)
                continue
            if word in BOARD_WORDS and (word == "board" or not self._offered(word)):
                self._lines(t.board(whole=True))
                continue
            first = word.split(" ", 1)[0]
            if first in SAVE_WORDS and not self._offered(first):
                self._lines(self._how_kept())
                continue
            if word == "undo":
                try:
                    self._undo()
                except Refusal as r:
                    self.out.line(str(r))
                    continue
                return True
            if not typed:
                continue
            try:
                texts = self.understand(typed, menu)
            except Refusal as r:
                self.out.line(str(r))
                continue
            for text in texts:
                legal = self.st.legal_moves()
                move = legal[self.st.text_of_legal(legal).index(text)]
                self._move(self.seat, move)
            return True

    def _how_kept(self) -> list[str]:
        """`save`: there is none to type; how the game is kept (its record, written as it goes; else on quitting)."""
        if self.record and self.record_written():
            path = self.w.ltr(shlex.quote(self.record))
            return [self.w.say("saved_as_played", path=path)]
        return [self.w.say("kept_on_quit")]

    def _undo(self) -> None:
        """Take back the person's last decision in the hand being played, with every move made after it: the game
        played again to just before it (`State.rewind`), the table made anew for it, the record written with the
        fewer decisions. A Refusal where there is none in this hand (a new deal's cards have been seen), where
        the seat has seen a card since that not every seat sees (the rest of a deal, a draw, cards passed, the top
        of a stock shown it): it cannot be unseen; or where another seat has shown a card since (played it): taken
        back, it would lie in that seat's hand again, known to be there."""
        st, w = self.st, self.w
        deal = w.word("hand_number")
        last = next((i for i in range(len(st.log) - 1, -1, -1) if st.log[i][0] == self.seat), None)
        if last is None:
            raise Refusal(w.say("undo_none", deal=deal))
        if last < len(st.log) - len(st.hand_decisions):  # before this deal began
            raise Refusal(w.say("undo_dealt", deal=deal))
        before = st.replayed(last)
        if _seen_alone(st, self.seat) - cards_seen(before, self.seat):  # dealt, drawn, passed or shown to it since
            raise Refusal(w.say("undo_seen"))
        shown = _shown_since(before.copy(), st.log[last:], self.seat) - cards_seen(before, self.seat)
        if shown:  # a card another seat played: back in its hand, the person would know it is there
            cards = sorted(shown, key=self.table.key)
            said = w.say("undo_shown" if len(cards) > 1 else "undo_shown_one", cards=" ".join(map(w.card, cards)))
            raise Refusal(f"{said}{w.say('semicolon')}{w.say('undo_until')}")
        _, step, move = st.log[last]
        after = len(st.log) - last - 1
        said = w.say("undone" if not after else "undone_after_one" if after == 1 else "undone_after",
                     move=w.move(self.st.game.steps[step].text(move)), n=w.num(after))
        st.rewind(last, before)
        self.table = Table(st, self.seat, w.lang, self.columns, **self.looks)  # nothing said of the moves taken back
        self.w = self.table.w
        self.out.line(said)
        self.save()  # the record, with the fewer decisions
        self._recall()

    def _offered(self, word: str) -> bool:
        """Is `word` a move offered now (a choice named `table`), which the word then plays, not a command?"""
        return any(word in (shown.lower(), action.split(" ", 1)[-1].lower()) for _, action, shown in self.table.menu())

    def _hint(self) -> None:
        """The search bot's best moves (up to three) for the person, judged from the person's seat alone."""
        st = self.st
        self.out.line(self.table.hint_line(hints(st, self.seat, seed=f"{st.seed}/{len(st.log)}")))

    def understand(self, typed: str, menu) -> list[str]:
        """The canonical action texts a typed line means, each legal in turn; else a Refusal saying why."""
        st, w = self.st, self.w
        text = re.sub(r"\([^)]*\)", " ", w.typed(typed)).strip()  # notes such as "(pile 2)" are not typed
        text = SUIT_FIRST.sub(r"\2\1", text)  # ♥10, H10: the suit written first
        text = ACE_AS_ONE.sub(r"A\1", text)  # 1C: the ace, counted as 1
        if len(text) > LONGEST:  # refused by its first word alone
            raise self._refused(st, shorten(typed), actions.canonical(text.split()[0][:SHOWN]))
        if text.endswith(".") and text[:-1].isascii() and text[:-1].isdigit():  # `1.`, as the menu shows it
            text = text[:-1]
        if text.isascii() and text.lstrip("-").isdigit() and text.count("-") <= 1 and len(text) <= 9:
            return [self._numbered(int(text), typed, menu)]  # -1 too: a number, not a move's name
        as_shown = [m[1] for m in menu if _plain(typed) in self._as_shown(m)]  # a move typed as the menu shows it
        if not as_shown:  # or a choice's words without its verb (`no trump` for `trump no trump`)
            as_shown = [m[1] for m in menu if " " in m[2] and _plain(m[2].split(" ", 1)[1]) == _plain(typed)
                        and not any(x in C.BY_NAME for x in m[1].split()[1:])]
        if not as_shown:  # or a move's own word in brackets, alone or after its verb (`bid nil` for `bid 0 (nil)`)
            as_shown = [m[1] for m in menu if _plain(typed) in _bracket_spellings(self.w.move(m[1]))]
        if not as_shown and self.w.lang != "en":  # or as an English table names it (`no trump` at a Persian one)
            as_shown = [m[1] for m in menu if _plain(typed) in self._in_english(m[1])]
        if len(as_shown) == 1:
            return as_shown
        canonical = actions.canonical(text)
        legal = [m[1] for m in menu]
        if canonical in legal:
            return [canonical]
        words = canonical.split()
        verbs = sorted({a.split()[0] for a in legal})
        cards = bool(words) and all(x in C.BY_NAME for x in words)
        offered = legal + list(getattr(st.acting, "texts", {}).values())  # a choice's options, struck out too
        if words and words[0] not in verbs and words[0] not in actions.VERBS and \
                (cards or any(a.split()[1:] == words for a in offered)):  # a card, a suit, a word without its verb
            fits = [v for v in verbs if any(a.split()[0] == v and len(a.split()) > 1 for a in legal)]
            if cards:
                fits = [v for v in fits if any(a.split()[1:2] and a.split()[1] in C.BY_NAME
                                               for a in legal if a.split()[0] == v)]
            if cards and len(words) == 1 and len(fits) > 1:  # a card alone: the verbs with a move made with it
                named = [a for v in fits for a in _one_move_with(v, words[0], legal)]
                if len(named) > 1:
                    moves = self.w.say("or").join(self.w.move(a) for a in named)
                    raise Refusal(self.w.say("which_move", typed=shorten(typed.strip()), moves=moves))
                fits = [a.split()[0] for a in named] or fits
            if len(fits) == 1:
                return self._with_verb(fits[0], words, typed, legal)
        if len(words) == 2 and words[0] in verbs and words[1] in C.BY_NAME:  # `play JH`: its one move, a capture
            same = _one_move_with(words[0], words[1], legal)
            if not same and words[0] in actions.CARD_LISTS:  # one card of a set (`declare KS`): the one set
                sets = [a for a in legal if a.split()[0] == words[0] and words[1] in a.split()[1:]]
                same = sets if len(sets) == 1 else []
            if same:
                return same
        if len(words) > 2 and words[0] in verbs and words[0] not in actions.CARD_LISTS and "take" not in words \
                and all(x in C.BY_NAME for x in words[1:]):  # not a set (`declare KS QS`: one move)
            return self._several(words[0], words[1:], typed)
        raise self._refused(st, shorten(typed), canonical)

    def _numbered(self, k: int, typed: str, menu) -> str:
        """The move listed as number `k` (CONTRACT.md: a number is the listed move's), a Refusal where none is.
        Where another move takes `k` as its argument (`4` at `1. bid 2 … 4. bid 5`, beside `bid 4`), the table
        says which it took and how to type the other, before the move."""
        w, listed = self.w, self.table.numbered(menu)
        named = [(action, shown) for _, action, shown in menu if action.split()[1:] == [str(k)]]  # `bid 120`
        if not 1 <= k <= listed:
            said = w.say("no_move" if listed > 1 else "no_move_one", k=w.num(k), n=w.num(listed))
            raise Refusal(said + (w.say("type_it", move=named[0][1]) if len(named) == 1 else ""))
        _, action, shown = menu[k - 1]
        others = [other for move, other in named if move != action]
        if others:  # how to type the other said once a game: a bidder at every turn read it each time (an audit)
            key = "number_is_entry_again" if self.entry_told else "number_is_entry"
            self.out.line(w.say(key, typed=shorten(typed.strip()), k=w.num(k), entry=shown,
                                moves=w.say("or").join(w.say("quoted", move=m) for m in others)))
            self.entry_told = True
        return action

    def _in_english(self, action: str) -> tuple[str, str]:
        """A move as an English table names it, and with its verb before it: ('no trump', 'trump no trump')."""
        if self.english is None:
            self.english = Words(self.st.game, "en")
        shown = self.english.move(action)
        return _plain(shown), _plain(f"{action.split(' ', 1)[0]} {shown}")

    def _as_shown(self, item) -> tuple[str, str, str]:
        """A menu item as shown, and with its verb before it where the ruleset's word for the move leaves the
        verb out (`no trump`, typed `trump no trump` too)."""
        _, action, shown = item
        verb = action.split(" ", 1)[0]
        return _plain(shown), _plain(f"{verb} {shown}"), _plain(f"{self.w.verb(verb)} {shown}")

    def _refused(self, st, typed: str, text: str) -> Refusal:
        """Why `text` (as `typed`) is not a legal move in `st`, said as the table says things."""
        return Refusal(actions.why_illegal(st, typed, text, self.w.lang, table=True, commands=self.w.commands(),
                                                  table_words=self.w))

    def _with_verb(self, verb: str, words: list[str], typed: str, legal: list[str]) -> list[str]:
        """A bare card (or suit, or word), or a move without its verb (`10H take AD`): the one legal move of
        that verb it names."""
        whole = f"{verb} {' '.join(words)}"
        if len(words) > 1 and whole in legal:  # a bare card stays the one move it makes, or is refused
            return [whole]
        if len(words) > 1:
            return self._several(verb, words, typed)
        same = _one_move_with(verb, words[0], legal)
        if same:
            return same
        raise self._refused(self.st, shorten(typed), f"{verb} {words[0]}")

    def _several(self, verb: str, cards: list[str], typed: str) -> list[str]:
        """`discard 3D 3H 4C`: one move per card, each legal after the ones before it, all by this seat."""
        if verb == "play" and self.st.acting.together is not None:  # one move lays them all
            raise self._refused(self.st, shorten(typed), " ".join([verb, *cards]))
        twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
        if twice is not None:
            raise Refusal(self.w.say("twice", typed=shorten(typed.strip()), card=self.w.card(C.card_id(twice))))
        trial = self.st.copy()
        texts = [f"{verb} {c}" for c in cards]
        seen = cards_seen(trial, self.seat)
        for i, text in enumerate(texts):
            if trial.over or trial.to_act != self.seat or not any(a.startswith(verb + " ")
                                                                  for a in trial.legal_actions()):
                if i == 1:
                    raise Refusal(self.w.say("only_one", typed=shorten(typed.strip()), n=self.w.num(len(texts))))
                raise Refusal(self.w.say("only_some", typed=shorten(typed.strip()), k=self.w.num(i)))
            if i and not cards_seen(trial, self.seat) <= seen:  # a deal or a draw since: not to be tried unseen
                moves = self.w.say("comma").join(self._as_typed(t) for t in texts[:i])
                raise Refusal(self.w.say("unseen_after", typed=shorten(typed.strip()), moves=moves))
            if text not in trial.legal_actions():
                raise self._refused(trial, self._as_typed(text), text)
            trial.apply(text)
        return texts

    def _as_typed(self, text: str) -> str:
        """One move of a line of several (`discard 6H`) quoted as a person types it at this table: the verb in
        its words (`خواباندن 6H`), the card in the notation; where cards are said in words, as the menu says it
        (`خواباندن ۶ دل`: a screen reader reads 6H as letters)."""
        if self.w.spoken:
            return self.w.move(text)
        verb, _, rest = text.partition(" ")
        return f"{self.w.verb(verb)} {rest}".strip()


def cards_seen(st, seat: int) -> set:
    """Every card `seat` may see now, wherever it lies (its zones' visibility): moves tried ahead on a copy
    must stop where more come into view (the next deal, a draw), which the player has not yet seen."""
    seen = set(st.acting.shown(st, seat)) if st.acting is not None and not st.over else set()  # a card shown it
    for piles in st.as_seen_by(seat).zones.values():
        for pile in piles:
            if isinstance(pile, list):
                seen.update(pile)
            else:
                seen.add(pile)
    return seen


def _shown_since(again, log: list, seat: int) -> set:
    """Every card `seat` has had in sight as the decisions `log` were made again on the state `again` (played on:
    a card played to a trick the next play took away too)."""
    seen: set = set()
    for _, _, move in log:
        again.apply_move(move)
        seen |= cards_seen(again, seat)
    return seen


def _seen_alone(st, seat: int) -> set:
    """The cards `seat` sees now that not every seat sees (its hand, a card drawn, passed or shown to it alone):
    what it could not unsee were a move of its taken back. Cards every seat sees (played face up) are not."""
    everyone = set.intersection(*(cards_seen(st, other) for other in range(st.game.players)))
    return cards_seen(st, seat) - everyone


def _one_move_with(verb: str, word: str, legal: list[str]) -> list[str]:
    """The legal move of `verb` made with `word` (a card: `play JH` where it must capture), if it is the only
    one; else []."""
    same = [a for a in legal if a.split()[:2] == [verb, word]]
    return same if len(same) == 1 else []


def _bracket_spellings(shown: str) -> tuple:
    """A move named with words in brackets (`bid 0 (nil)`, not a number) may be typed as them, alone or after
    its verb: ('nil', 'bid nil'); () for any other move."""
    word = bracket_word(shown)
    if word is None:
        return ()
    word = _plain(word)
    return word, _plain(shown.split(" ", 1)[0]) + " " + word


MARKDOWN = re.compile(r"^#+\s*|\*\*|`")  # a heading's marks, bold, a code span's quotes


RULE_ID = r"(?<![\w'’])[A-Z]{1,2}[0-9]{1,3}[a-z]?(?![\w'’])"  # H8, K10, P3a: a rule's id, as RULES.md writes them
IDS = rf"{RULE_ID}(?:\s*(?:[-–]|تا|to)\s*{RULE_ID})?"  # one, or a run (H8-H11, «K3 تا K10»)
CITED = re.compile(r"\s*\(([^()]*)\)")  # a bracket, where the sheet cites rules
LEADING_IDS = re.compile(rf"^(?P<lead>[\s\u200e\u200f]*(?:[-*]\s+|[0-9۰-۹]+\.\s+)?(?:[^—]*—\s+)?){IDS}"
                         rf"(?:\s*[,،]\s*{IDS})*\s*:\s+")  # `H14: a bam …`, `3. hands — K3-K10: the player …`
PARTS = re.compile(r"\s*[,،]\s*|\s+(?:and|و)\s+")  # a bracket's parts: `(H8, H9)`, `(H8 and H11)`, «(H8 و H9)»


def _spoken_sheet(lines: list[str]) -> list[str]:
    """The rules sheet's lines unmarked (`_unmarked`), but for those left with nothing to say (a line that held
    only a rule's id); the blank lines between paragraphs stay."""
    return [said for line in lines if (said := _unmarked(line)).strip(f" {LRM}{RLM}") or not line.strip()]


def _unmarked(line: str) -> str:
    """A line of the rules sheet as a speech program should read it, where cards are said in words: without the
    Markdown marks a screen shows as they are (`## Options`, `**hakem**`, `` `tricks >= 7` ``), nor the ids of
    the rules the sheet cites — in brackets, `(H8-H11)`, `(P3, house rule)`, or before a colon, `H14: ` —, which
    a speech program reads out letter by letter; an id in a sentence stays (`the rule K5 holds`)."""
    line = MARKDOWN.sub("", line)
    return CITED.sub(_uncited, LEADING_IDS.sub(r"\g<lead>", line))


def _uncited(m) -> str:
    """A bracket without the rule ids it cites (`(P3, house rule)`: `(house rule)`; `(H12, H13)`: nothing)."""
    inside, whole = m.group(1), m.group(0)
    parts = PARTS.split(inside)
    kept = [re.sub(rf"^{IDS}\s+", "", part) for part in parts if not re.fullmatch(IDS, part)]
    if kept == parts:
        return whole  # no id in it: as written
    comma = "، " if "،" in inside else ", "
    return f"{whole[:len(whole) - len(whole.lstrip())]}({comma.join(kept)})" if kept else ""


def _plain(text: str) -> str:
    """A move's text compared as a person types it: no direction marks, one space, any case, and Persian words
    joined however they are typed (a zero-width non-joiner, a space or nothing: «نمی‌دهم», «نمی دهم», «نمیدهم»)."""
    return " ".join(PERSIAN_GAP.sub("", text.replace(LRM, "").replace(RLM, "")).split()).casefold()


PERSIAN_GAP = re.compile(r"(?<=[\u0621-\u064a\u0671-\u06d3])[\s\u200c]+(?=[\u0621-\u064a\u0671-\u06d3])")  # letters


def shorten(text: str) -> str:
    """A typed line as shown back: cut to SHOWN characters, with an ellipsis when it was longer; a control
    character (an escape sequence, a bell) spelt out, never sent to the terminal."""
    text = text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"
    return spelt(text, lines=False)
