"""What a person at one seat sees of a game: the board, the menu of moves, and what happens.

Everything comes from the ruleset and from what the seat may see (`State.view`, a step's
`shown_text`, the events a state keeps): no card the seat may not look at is ever named.
A ruleset's optional `table:` section says which counters, values and zones are worth showing
(`show`), which values a hand's result names and which skipped steps it says (`announce`), and the
players' own `words`.
"""

from __future__ import annotations

import reprlib
from collections import Counter

from . import cards as C
from .errors import CardrulesError
from .numbers import in_words
from .rules import names_in, names_read, read_through, reads_hidden, reads_own, sets_var
from .state import on_top, whole_number
from .steps import Assign, Auction, CapturePlay, Choose, Exchange, PassCards, Shed, TrickPlay, hand_zone
from .steps.capture import every_part
from .steps.shed import DRAW, laid
from .steps.trick import TOP as TOP_POWER
from .steps.trick_lead import kind_of
from .words import CARD_STYLES, WORDS, Words, bracket_word, width

WIDTH = 78  # menus wrap here, or where a narrower terminal ends
NARROWEST = 20  # a line keeps at least this width, however narrow the terminal (or `play --width`)
UNWRAPPED = 1_000_000  # the width of `play --width 0`: no line is wrapped
TITLE_LINES = 2  # a hand's heading starts with a blank line and its title
BARRED_SHOWN = 3  # barred bids named one by one; more, by the first and the last
TRICK_DRAWS = ("drew_up", "drew_down", "stopped", "after_trick")  # after a trick (cards drawn, play stopped, an
# after_trick entry that acted): said with it
FOLDED = 16  # a card offered more captures than this (any part of the table) lists only some: the rest are typed
DRAW_SHOWN = 8  # a draw for a role that dealt more cards face up shows only the last half of this many


def card_order(game):
    """Sort key for the cards of the menu, as players hold them: by suit (S H D C), then the game's own rank order."""
    power = next((s.power for s in game.steps if isinstance(s, TrickPlay)), None)
    if power is None:
        return lambda c: (C.SUIT[c] if C.SUIT[c] >= 0 else 4, C.RANK[c], c)
    return lambda c: (C.SUIT[c] if C.SUIT[c] >= 0 and power[c] < TOP_POWER else 4, power[c], c)


VERB_FORMS = {"swap": " CARD", "declare": " CARD CARD …", "call": " SUIT"}  # typed so, where none is legal now


class Table:
    """Renders one seat's table in one language; every method returns lines of plain text."""

    def __init__(self, st, seat: int, lang: str = "en", columns=None, cards: str = "signs", wrap: int | None = None):
        if whole_number(seat) is None or not 0 <= seat < st.game.players:
            raise CardrulesError(f"no seat {reprlib.repr(seat)}: this game's seats are 0 to {st.game.players - 1}")
        if lang not in WORDS:
            raise CardrulesError(f"the table speaks {' or '.join(WORDS)}, not {reprlib.repr(lang)}")
        self.st, self.seat, self.g = st, seat, st.game
        self.columns = columns  # a terminal's width, or a function giving it as it is now (None: not known)
        if cards not in CARD_STYLES:
            raise CardrulesError(f"the table writes cards as {', '.join(CARD_STYLES)}, not {reprlib.repr(cards)}")
        self.wrap = wrap  # the width the person set (`play --width`; 0: lines never wrapped), else None
        self.cards = cards  # how it writes a card (`play --cards`)
        self.w = Words(self.g, lang, cards)
        spec = self.g.tree.get("table", {}) or {}
        self.show = [str(x) for x in spec.get("show", ())]
        self.bid_steps = {s.into: s for s in self.g.steps if isinstance(s, Auction) and s.into}  # by its counter
        # the suit to follow a shedding play writes after every card: the state of play, not a role of the hand
        self.play_vars = {s.call_var for s in self.g.steps if isinstance(s, Shed) and s.call_var}
        self.announced = [str(x) for x in spec.get("announce", ())]
        # the shown names each scoring row's points read: a row that came out as the value it reads is said with it
        values = self.g.tree.get("values") or {}  # read through: a row may read the value by another it reads
        self.row_reads = {str(r.get("name")): {x for x in self.show if read_through(values, r.get("points"), {x})}
                          for r in self.g.tree.get("scoring", ()) if hasattr(r, "get")}
        self.show_bidding = self._carried(values)
        self.key = card_order(self.g)
        self.hand_zone = hand_zone(self.g)
        self.rows_reading = self._rows_reading()  # per hidden zone of seats: rows that count its cards, not how many
        self.played_from = {z for step in self.g.steps if isinstance(step, TrickPlay) for z in step.sources}
        self.last_status: list[str] = []
        self.zones_said: dict = {}  # a face-up shared zone -> its cards last said (dealt, or on a board)
        self.heading_for = -1
        self.dealer_said = -1  # the dealer the last heading (or redeal) named
        self.skips_said: set = set()  # (hand, step) already said to be skipped
        self._hidden_reads: dict = {}  # (play step, key) -> does it read what not every seat may see?
        self.tricks_word = ""  # the trick counter said after each trick ('' : the table's word 'tricks')
        self.said_alone = None  # the event that says this seat's own move with its card, in place of its line
        self.folds, self.listed = {}, 0  # `menu`'s: a card's captures past those listed, and how many are listed
        self._replayed: tuple = (-1, [])  # (decisions, the hand's events so far), when a resumed hand is recalled
        self.tricks_won = self._tricks_so_far()  # a resumed hand's
        # the tricks of the hand counted in it (where no counter keeps them): a trick's event of those, given to
        # a table made after it, is not counted again
        self.tricks_counted = sum(self.tricks_won)
        self.last_trick: tuple = (-1, None)  # (the hand, the event of its last trick taken) for `last`
        self.ended_by = None  # how the game ended, where the table heard it end (the target, the hand limit …)
        self.notices_hand, self.holding = st.hand_no, self._holding()  # the notices holding now: not news

    @property
    def width(self) -> int:
        """Where lines wrap: 78 columns, or where a narrower terminal now ends (20 at the least); the width the
        person set, if any (0: nowhere)."""
        if self.wrap is not None:
            return self.wrap or UNWRAPPED
        columns = self.columns() if callable(self.columns) else self.columns
        return WIDTH if not columns or columns < 1 else max(NARROWEST, min(WIDTH, columns - 1))

    def _tricks_so_far(self) -> list[int]:
        """Each side's tricks in the hand so far, from the counter the trick play now (else the first) keeps."""
        g, st = self.g, self.st
        step = g.steps[st.step] if 0 <= st.step < len(g.steps) else None
        plays = ([step] if isinstance(step, TrickPlay) else []) + [s for s in g.steps if isinstance(s, TrickPlay)]
        counter = next((s.tricks for s in plays if s.tricks), None)
        if not counter:
            return self._tricks_replayed() if st.hand_decisions else [0] * g.sides
        self.tricks_word = counter
        return self._by_side(counter, st.counters[counter])

    def _tricks_replayed(self) -> list[int]:
        """Each side's tricks in the hand so far where no counter keeps them (the table counts them as they are
        won), counted from the hand's events."""
        tally = [0] * self.g.sides
        for e in self._this_hands_events():
            if e["kind"] == "trick":
                tally[self.g.side_of[e["winner"]]] += 1
        return tally

    def _this_hands_events(self) -> list[dict]:
        """What happened in the hand (this deal of it) so far: the game played again from its shuffles, once
        for the decisions made so far (a resumed hand's tricks and the cards given the seat read it both)."""
        st = self.st
        if self._replayed[0] != len(st.log):
            again = self.g.new_state(seed=st.seed, shuffles=list(st.decks), listen=True)
            seen = Table(again, self.seat, self.w.lang, cards=self.cards)  # its lines said as this table says
            for actor, _, move in st.log:
                if actor == self.seat and self._unseen_by_others(again, move):  # its own face-down move
                    again.emit("own_move", line=seen.move_line(actor, move))
                elif isinstance(again.acting, Choose):  # a choice (order up or pass): the board does not say it
                    again.emit("chose", step=again.step, line=seen.move_line(actor, move))
                again.apply_move(move)
            begun = max((i for i, e in enumerate(again.events) if e["kind"] in ("hand", "redeal")), default=-1)
            self._replayed = (len(st.log), again.events[begun + 1:])
        return self._replayed[1]

    def _unseen_by_others(self, st, move) -> bool:
        """Does some other seat see less of this seat's move than the seat itself (a card passed or discarded
        face down)?"""
        step = self.g.steps[st.step]
        text = step.text(move)
        return any(step.shown_text(st, self.seat, move, other) != text
                   for other in range(self.g.players) if other != self.seat)

    def recalled(self) -> list[str]:
        """For a game resumed in mid-hand: the cards this seat was given in the hand so far (the widow it took,
        the cards passed to it), its own moves the others did not see (cards it passed or discarded face down)
        and the choices made so far in a choice still being asked (the passes before an order-up), which the board
        does not show."""
        if not self.st.hand_decisions or self.st.over:
            return []
        lines = []
        for e in self._this_hands_events():
            if e["kind"] == "take" or e["kind"] == "pass" and e["to"] == self.seat:
                lines += getattr(self, "_on_" + e["kind"])(e)
            elif e["kind"] == "own_move" and e["line"] or e["kind"] == "chose" and e["step"] == self.st.step \
                    and e["line"]:  # the choices made so far in the one still being asked
                lines.append(e["line"])
        return lines

    def _by_side(self, counter: str, values) -> list[int]:
        """A trick counter's values added up by side (a counter per seat: each side's seats together)."""
        g = self.g
        if g.counters[counter].owner != "seat":
            return list(values)
        tally = [0] * g.sides
        for seat, n in enumerate(values):
            tally[g.side_of[seat]] += n
        return tally

    def _tricks_label(self) -> str:
        """The table's word for tricks, or the counter's name where a step counts its tricks in another
        counter (a first part of play whose tricks are counted apart from the tricks that score)."""
        word = self.tricks_word
        return self.w.word("tricks") if word in ("", "tricks") else self.w.name(word)

    # ---- the moves, in playing order ----------------------------------------------
    def menu(self) -> list[tuple]:
        """The legal moves as (move, canonical text, text shown), in the order players expect."""
        st = self.st
        step = self.g.steps[st.step]
        moves = list(st.legal_moves())
        key = self._key()
        keyed = [m for _, m in sorted(enumerate(moves), key=lambda im: (self._move_key(step, im[1], key), im[0]))]
        self.folds, self.listed = {}, len(keyed)  # every move listed and numbered, unless folded
        if isinstance(step, CapturePlay):
            keyed = self._folded(keyed)
        return [(m, text, self.shown_move(step, m)) for m, text in zip(keyed, st.text_of_legal(keyed))]

    def numbered(self, menu: list) -> int:
        """How many of `menu`'s moves are listed, and so may be chosen by their number."""
        return self.listed if self.folds else len(menu)

    def _folded(self, moves: list) -> list:
        """Captures in the order shown, a card offered more than FOLDED sets that are every part of some cards
        (`take: some`) shown by its one-card takes and its largest: its other sets go last, not listed nor
        chosen by number (`menu_lines` says how to type them), so the list stays short."""
        for card, n in Counter(m[0] for m in moves).items():
            cards = every_part([m[1] for m in moves if m[0] == card and m[1]]) if n > FOLDED else None
            if cards is not None:
                self.folds[card] = (n, tuple(cards))
        if not self.folds:
            return moves
        shown = [m for m in moves if m[0] not in self.folds or len(m[1]) <= 1 or m[1] == self.folds[m[0]][1]]
        self.listed = len(shown)
        return shown + [m for m in moves if m[0] in self.folds and 1 < len(m[1]) < len(self.folds[m[0]][1])]

    def _key(self):
        """The sort key for cards now: by the suit and power each counts as in this hand's tricks where the trick
        play works them out by rule (a left bower among the trumps), else `card_order`'s."""
        step = self.g.steps[self.st.step] if 0 <= self.st.step < len(self.g.steps) else None
        suits, powers = self.st.trick_state.suits, self.st.trick_state.powers
        if not isinstance(step, TrickPlay) or suits is None or powers is None \
                or self._reads_hidden(step, "suit_of", "power_of"):  # the order would tell what the rule read
            return self.key
        return lambda c: (suits[c] if suits[c] >= 0 and powers[c] < TOP_POWER else 4, powers[c], c)

    def _move_key(self, step, move, key):
        if isinstance(step, TrickPlay):  # cards as the hand shows them, a swap beside its card's play; then a
            kind = kind_of(move)  # declaration, then a close
            return (0, key(move & 63), move >> 6) if kind < 2 else (kind, move)
        if isinstance(step, CapturePlay):
            card, taken = move
            return key(card), len(taken), [key(x) for x in taken]
        if isinstance(step, (Exchange, PassCards)):
            return key(move)
        if isinstance(step, Shed):  # cards as the hand shows them (each first card, then those laid with it); then
            cards = laid(move)  # draw, pass, or the suits to call
            return (0, key(cards[0]), len(cards), [key(c) for c in cards[1:]]) if cards else (1,)
        if isinstance(step, Auction):
            return -1 if move is None else move
        return 0  # choices keep the ruleset's order

    def shown_move(self, step, move) -> str:
        """A move of the person's as the menu shows it: `play Q♠ (pile 2)`."""
        text = self.w.move(step.text(move))
        if isinstance(step, Shed) and move == DRAW and (owed := step.owed_to_answer(self.st)):  # taking it all
            text += f" ({self.w.count(owed)})"
        text += self._on_top(step, move)
        if isinstance(step, TrickPlay):
            zone = step.source_of(self.st, move)
            if zone:
                text += f" ({self.w.name(zone)})"
        return text

    def hint_line(self, hints: list[tuple[str, float]]) -> str:
        """`hint: play 7♠ (+12.5 points) · pass (−3 points)`: the search's best moves, best first, each with the
        margin of hand points it is expected to bring over the other side (the best other, `_hint_head`)."""
        w = self.w
        said = [f"{w.move(text)} ({w.signed_figure(value, size)}"
                f" {w.say('point_word' if size == '1' else 'points_word')})"
                for text, value in hints for size in (_points(abs(value)),)]
        return f"{self._hint_head()}: " + " · ".join(said)

    def _hint_head(self) -> str:
        """`hint`; in a rising auction `hint (over passing)`: a raise's figure is what it gains over a pass; with
        more than two sides `hint (ahead of the best other player)`: the figure is a margin over the best of the
        others, not points taken (a game need not give out a fixed total); where the fewest points win, that a
        figure below zero is points behind."""
        w = self.w
        if isinstance(self.st.acting, Auction) and self.st.acting.style == "rising":
            return f"{w.say('hint')} ({w.say('over_passing')})"
        fewer = [w.say("fewer_ahead")] if self.g.lowest_wins else []  # then −10.6 is 10.6 points behind
        if self.g.sides <= 2:
            return f"{w.say('hint')} ({fewer[0]})" if fewer else w.say("hint")
        ahead = w.say('ahead_of_side' if self.g.partnerships else 'ahead_of_player')
        return f"{w.say('hint')} ({w.say('semicolon').join([ahead, *fewer])})"

    def menu_lines(self, menu) -> list[str]:
        head = self.w.say("moves")
        extra = self._which_of_several()
        if extra:
            head += f" ({extra})"
        entries = [f"{self.w.num(i)}. {shown}" for i, (_, _, shown) in enumerate(menu[:self.numbered(menu)], 1)]
        span = max(map(width, entries)) + 2 if entries else 1
        per_line = max(1, (self.width - 2) // span) if self.wrap != 0 else 1  # unwrapped: a move a line, read alone
        lines = [head + ":"]
        for i in range(0, len(entries), per_line):
            row = entries[i:i + per_line]
            lines.append("  " + "".join(e + " " * (span - width(e)) for e in row[:-1]) + row[-1])
        w = self.w
        for card, (n, taken) in self.folds.items():  # set by `menu`: a card's sets past the listed ones are typed
            example = f"play {C.NAMES[card]} take " + " ".join(C.NAMES[x] for x in taken[:2])
            ways = w.num(f"{n:,}".replace(",", "٬" if w.fa else ","))  # 8,191 (Persian: ۸٬۱۹۱)
            lines.append("  " + w.say("folded", card=w.card(card), cards=w.cards(list(taken)), n=ways,
                                      move=w.move(example)))
        return lines

    def _which_of_several(self) -> str:
        """`discard 2 of 4`; `pass 2 of 3 to seat 1, after 3♥`: which of several one-card moves this is."""
        st, w = self.st, self.w
        step = self.g.steps[st.step]
        if isinstance(step, PassCards):
            chosen = st.phase["passing"][self.seat]
            n = min(step.count, len(st.zones[step.source][self.seat]))
            text = f"{w.verb('pass')} {w.say('of', k=w.num(len(chosen) + 1), n=w.num(n))} " + \
                w.say("to_seat", who=w.sits(st.phase["pass_to"][self.seat], self.seat))  # where it sits, too
            return text + (f"{w.say('comma')}{w.say('after')} {w.cards(chosen)}" if chosen else "")
        if isinstance(step, Auction):
            return self._bids_struck(step)
        if not isinstance(step, Exchange):
            return ""
        done = step.discard - st.phase.get("discards_left", 0)
        return w.verb("discard") + " " + w.say("of", k=w.num(done + 1), n=w.num(step.discard))

    def _bids_struck(self, step) -> str:
        """`bid 1: barred here by the rules`: the bids within the auction's bounds that its `forbid_if` strikes
        out now (a Western games audit: the dealer's barred bid was gone from the menu without a word); many, by
        the first and the last (`bid 140 … bid 165`)."""
        st, w = self.st, self.w
        if step.forbid is None or st.to_act != self.seat or not self._forbid_reads_game(step):
            return ""
        bids = [w.move(step.text(b)) for b in step.barred(st)]
        if not bids:
            return ""
        return w.say("barred", moves=w.say("comma").join(bids) if len(bids) <= BARRED_SHOWN else
                     f"{bids[0]} … {bids[-1]}")

    def _forbid_reads_game(self, step) -> bool:
        """Does the auction's `forbid_if` read more than the bid judged (the dealer, the bids made)? One that reads
        the bid alone shapes the bids every time (none of 165 to 325), which the menu's bids already show."""
        spec = self.g.tree["hand"][self.g.steps.index(step)].get("auction") or {}
        return bool(names_in(spec.get("forbid_if")) - {"offer", "option", "players"})  # those a game keeps alike

    # ---- the board, when it is the person's turn ----------------------------------------
    def board(self, whole: bool = False) -> list[str]:
        """The status (when it changed; all of it where `whole`, asked for again), the auction or the trick, the
        table, the person's cards."""
        view = self.st.view(self.seat)  # once: a view copies the state and scores the hand so far
        play = self._play_state(self.st.vars)  # the state of play (the suit to follow): on every board
        status = self.status(view, play)
        lines = self.score_now(status) if whole else [x for x in status if x not in self.last_status or x in play]
        self.last_status = status
        lines += self.auction_lines() + self.trick_lines() + self.zone_lines(view, whole)
        return lines

    def status(self, view: dict | None = None, play: list[str] | None = None) -> list[str]:
        """Roles, trump and contract; the score and what the ruleset shows (counters, values); `view`: the
        seat's, and `play`, the state of play's line (`_play_state`), if already made."""
        st, w, me = self.st, self.w, self.seat
        view = view or st.view(me)
        roles = self.roles({k: v for k, v in st.vars.items() if k not in self.play_vars})
        trump = self._fixed_trump()
        if trump >= 0:
            roles.append(f"{w.say('trump')}: {w.suit(trump)}")
        lines = [" · ".join(roles)] if roles else []
        lines += self._play_state(st.vars) if play is None else play
        score = [f"{w.say('score')}: {w.per_side(view['scores'], me)}"]
        if self.g.rounds > 1:
            score.append(f"{w.say('rounds', round=w.word('round'))}: {w.per_side(st.rounds, me)}")
        step = self.g.steps[st.step]
        told = step.tricks if isinstance(step, TrickPlay) else None  # said after every trick
        for name in self.show if not isinstance(step, Auction) else self.show_bidding:  # the bids say the rest
            if name == told:
                continue
            bids = st.phase.get("bids") or (None,) * self.g.players  # before the auction, nobody has bid
            line = self._shown(name, view["counters"], view["values"], [b is not None for b in bids])
            if line:
                score.append(line)
        text = " · ".join(score)
        lines += [text] if len(text) <= self.width else score
        if isinstance(step, Shed) and st.phase.get("direction", 1) < 0:  # turned round by a card laid
            lines.append(w.say("reversed_now"))
        zones = view["zones"]
        for z in self.g.zones.values():
            if z.name not in self.show or z.visible == "top" or z.name == st.trick_zone:
                continue
            if z.name == self.hand_zone:  # the cards each player holds, counted (the board shows the person's)
                counts = [len(p) if isinstance(p, list) else p for p in zones[z.name]]
                lines.append(f"{w.say('cards_held')}: {w.per_seat([w.count(n) for n in counts], me)}")
            elif not (z.visible == "all" and (z.owner == "none" or z.name in self.played_from)):  # the board shows
                # the cards of a face-up shared zone and of face-up piles played from (a dummy's)
                lines += self._shown_zone(z, zones[z.name])
        return lines

    def _play_state(self, values: dict) -> list[str]:
        """The variables a shedding play writes after every card (the suit to follow), as a line of their own:
        what the next card must match, said on every board, not only where it differs from the board before (it
        may have changed and changed back in between)."""
        if not self.play_vars or self.st.phase.get("calling"):  # a suit about to be named: the old one is no news
            return []
        said = self.roles({k: v for k, v in values.items() if k in self.play_vars})
        return [" · ".join(said)] if said else []

    def _chose_no_suit(self, var: str, decisions) -> bool:
        """Was `no_suit` (no trump) chosen into this suit variable by these decisions? Unset, it holds no_suit
        too."""
        steps = self.g.steps
        return any(m == C.NO_SUIT and isinstance(steps[i], Choose) and steps[i].var == var and steps[i].until is None
                   for _, i, m in decisions)  # in a round of the table (until), no_suit passes the choice on

    def roles(self, values: dict, decisions=None) -> list[str]:
        """Variables that are set: seats (hakem), suits (trump), numbers away from their start (contract); words
        when shown. Where the trick play works trump out by its own rule, a suit variable the table would call
        trump is not shown: it is not the trump."""
        out, w = [], self.w
        not_trump = w.say("trump") if self._trump_step() is not None else None
        for var in self.g.vars.values():
            if var.name in self.g.secret_vars:  # no seat is shown it, the hand over or not
                continue
            if var.type == "suit" and w.name(var.name) == not_trump:
                continue
            value = values.get(var.name)
            if var.type == "seat" and value is not None and value >= 0:
                out.append(f"{w.name(var.name)}: {w.seat(value, self.seat)}")
            elif var.type == "suit" and value is not None and value >= 0:
                out.append(f"{w.name(var.name)}: {w.suit(value)}")
            elif var.type == "suit" and value == C.NO_SUIT and (
                    self._chose_no_suit(var.name, self.st.hand_decisions if decisions is None else decisions)
                    or self._played_without(var.name, decisions is not None)):
                out.append(f"{w.name(var.name)}: {w.name('no_suit')}")
            elif var.type == "int" and value is not None and value != var.initial:  # a number at its start: unset
                out.append(f"{w.name(var.name)}: {w.num(value)}")
            elif var.type in ("word", "bool") and value and var.name in self.show:
                out.append(f"{w.name(var.name)}: {w.name(str(value))}")
        return out

    def _played_without(self, var: str, over: bool) -> bool:
        """Is a trick play that takes this suit variable as its trump under way (or, `over`, was the hand played)?
        Then no suit there is no trump: a last hand that deals every card, none left to turn up — known from
        when a step before the play that always sets it has run (before the bidding). Not where the first card
        led names trump: until then it is not named yet."""
        steps = self.g.steps
        plays = [i for i, s in enumerate(steps)
                 if isinstance(s, TrickPlay) and s.trump_var == var and not s.declare_trump]
        if not plays:
            return False
        # the last step before play that writes it: one that always sets it (the turned card's suit) tells it
        # once it has run; any other, at play
        hand = self.g.tree["hand"]
        last = next((i for i in range(plays[0] - 1, -1, -1) if sets_var(hand[i], var)), None)
        always = last is not None and isinstance(steps[last], Assign) and steps[last].when is None
        return over or self.st.step >= (last + 1 if always else plays[0])

    def _fixed_trump(self) -> int:
        """Trump as the trick play works it out, for the status line, where no variable holds it (a variable
        that does is shown as a role): fixed by the rules (`trump: S`), or a house rule's own in place of a choice."""
        step = self._trump_step()
        return self._trump(step) if step is not None else C.NO_SUIT

    def _trump_step(self):
        """The first trick play, where its trump is not a variable's (a choice's) but worked out by its rule."""
        step = next((s for s in self.g.steps if isinstance(s, TrickPlay)), None)
        return step if step is not None and step.trump_var is None and step.trump is not None else None

    def _trump(self, step) -> int:
        """Trump as the trick step works it out now; no suit where that reads what not every seat may see (a
        face-down pile's top, a secret variable): the table does not say it."""
        return C.NO_SUIT if self._trump_hidden(step) else step.trump_now(self.st)

    def _trump_hidden(self, step) -> bool:
        """Does the step's trump read what not every seat may see?"""
        return self._reads_hidden(step, "trump")

    def _reads_hidden(self, step, *keys) -> bool:
        """Does any of the play's `keys` read what not every seat may see? (Worked out once a step and key.)"""
        spec = None
        for key in keys:
            hidden = self._hidden_reads.get((step, key))
            if hidden is None:
                spec = spec or self.g.tree["hand"][self.g.steps.index(step)]["play"]
                hidden = self._hidden_reads[step, key] = bool(reads_hidden(self.g, spec.get(key)))
            if hidden:
                return True
        return False

    def auction_lines(self) -> list[str]:
        st, w = self.st, self.w
        step = self.g.steps[st.step]
        if not isinstance(step, Auction):
            return []
        said = [w.pair(w.seat(s, self.seat), w.say('pass') if b == 'pass' else self._bid(step, b))
                for s, b in enumerate(st.phase.get("bids", ())) if b is not None]
        label = w.name(step.into) if step.into else w.say("bids")  # the bids' counter by its name, as shown later
        return [f"{label}: " + (w.say("comma").join(said) if said else w.say("no_bids"))]  # as the status says it

    def passing_lines(self) -> list[str]:
        """While cards are being passed: how many each other seat has chosen so far, face down (a resumed game
        shows no move made before it was saved)."""
        st, w = self.st, self.w
        step = self.g.steps[st.step] if 0 <= st.step < len(self.g.steps) else None
        if not isinstance(step, PassCards) or "passing" not in st.phase:
            return []
        chosen = [w.pair(w.seat(s, self.seat), f"{w.count(len(cards))} {w.say('pile_down')}")
                  for s, cards in enumerate(st.phase["passing"]) if cards and s != self.seat]
        return [f"{w.verb('pass')}: " + " · ".join(chosen)] if chosen else []

    def _bid(self, auction, bid: int) -> str:
        """A bid as a number, with the word the ruleset names its move by: `0 (nil)`, `35 (7NT)`."""
        named = bracket_word(self.w.move(auction.text(bid))) if auction is not None else None
        return f"{self.w.num(bid)} ({named})" if named else self.w.num(bid)

    def trick_lines(self) -> list[str]:
        st, w, ts = self.st, self.w, self.st.trick_state
        step = self.g.steps[st.step]
        if not isinstance(step, TrickPlay) or ts.leader < 0:  # no trick begun this hand
            return []
        cards = st.zones[step.trick_zone]
        if cards:
            plays = self._plays(ts.seats, cards)
        else:  # the seat to play first: the leader, or the next one when the leader sits out
            leader = st.to_act if st.to_act >= 0 else ts.leader
            plays = w.say("you_lead") if leader == self.seat else w.say("leads", who=w.seat(leader, self.seat))
            naming = self.trump_to_name()
            if naming:  # this lead's suit becomes trump: said before it is made
                plays += w.say("semicolon") + w.say("lead_names", var=w.name(naming))
        return [w.say("trick_line", trick=w.word("trick"), n=w.num(ts.number), plays=plays)]

    def trump_to_name(self) -> str | None:
        """The suit variable the next card led names (a trick play's `declare_trump`, while it is unset and the
        trick has no card yet), else None."""
        st = self.st
        step = self.g.steps[st.step] if 0 <= st.step < len(self.g.steps) else None
        var = step.declare_trump if isinstance(step, TrickPlay) else None
        if not var or var in self.g.secret_vars or st.vars.get(var, C.NO_SUIT) != C.NO_SUIT:
            return None
        return var if not st.zones[step.trick_zone] else None

    def trump_named(self, var: str | None) -> list[str]:
        """The line that says the suit a lead named (`trump_to_name`, asked before the lead): public, so said to
        every seat; nothing where the lead named none (a card without a suit)."""
        suit = self.st.vars.get(var, C.NO_SUIT) if var else C.NO_SUIT
        if suit is None or suit < 0:
            return []
        return [self.w.then + self.w.say("lead_named", var=self.w.name(var), suit=self.w.suit(suit))]

    def zone_lines(self, full: dict | None = None, whole: bool = False) -> list[str]:
        """Shared face-up zones (the table), piles with a face-up top, shown zones, the person's cards;
        `full`: the seat's view, if already made; `whole`: every face-up shared zone with cards, said before
        or not (the board asked for)."""
        st, w, g, me = self.st, self.w, self.g, self.seat
        full = full or st.view(me)
        view = full["zones"]
        trick = st.trick_zone
        lines, piles = [], []
        for z in g.zones.values():
            shown = view[z.name]
            if z.name in (trick, self.hand_zone):
                continue
            if z.owner == "none" and z.visible == "all":
                if self._news(z.name, shown) or (whole and shown):
                    lines.append(f"{w.name(z.name)}: {w.cards(_ids(shown))}")
            elif z.owner == "none" and z.visible == "top":  # a shared pile, its top card face up
                if shown["count"]:
                    lines.append(f"{w.name(z.name)}: {w.card(C.BY_NAME[shown['top']])} ({w.count(shown['count'])})")
            elif z.visible == "top" and z.owner == "seat":  # a seat's piles (a side's is kept as its won cards are)
                piles.append(z)
            elif z.visible == "all" and z.owner == "seat" and z.name in self.played_from:  # a dummy's cards
                for s in self._seats_from_me():
                    if shown[s]:
                        lines.append(f"{w.name(z.name)} · {w.seat(s, me)}: {self.hand_text(_ids(shown[s]))}")
        if piles and isinstance(g.steps[st.step], TrickPlay):  # piles that play: face-up tops
            for s in self._seats_from_me():
                tops = []
                for z in piles:
                    pile = view[z.name][s]  # its top card and how many cards it holds: `2♠ (4 cards)`
                    n = pile["count"]
                    held = f"{w.card(C.BY_NAME[pile['top']])} ({w.count(n)})" if pile["top"] else \
                        f"({w.say('down_n', n=w.num(n))})"
                    if w.spoken:  # a pile's number not read into its top card's: `pile 1: 3 of diamonds`
                        tops.append(f"{w.name(z.name)}: {held if n else w.say('empty')}")
                    else:
                        tops.append(f"{w.name(z.name)} {held}" if n else f"{w.name(z.name)} {w.say('none')}")
                lines.append(f"{w.seat(s, me)}: " + " · ".join(tops))
        if full.get("shown"):  # a card a step lets this seat look at (the top of a stock)
            lines.append(f"{w.word('you_look_at')}: {w.cards(_ids(full['shown']))}")
        if self.hand_zone:
            mine = _ids(view[self.hand_zone][me])
            step = g.steps[st.step] if 0 <= st.step < len(g.steps) else None
            chosen = st.phase.get("passing", ())[me] if isinstance(step, PassCards) and st.to_act >= 0 else ()
            if chosen and step.source == self.hand_zone:  # cards chosen to pass leave the hand shown, as discards do
                mine = [c for c in mine if c not in chosen]
                lines.append(f"{w.say('to_pass')}: {self.hand_text(list(chosen))}")
            lines.append(f"{w.word('your_hand')}: {self.hand_text(mine)}")
        return lines

    def _news(self, zone: str, shown) -> bool:
        """Is a face-up shared zone worth a board's line? Always where the play now plays to it (a fishing
        table); else only with cards the table has not said yet (a card turned up, told when dealt, is not
        said again on every board)."""
        if _plays_to(self.g, self.st, zone):
            return True
        said, self.zones_said[zone] = self.zones_said.get(zone), sorted(shown)
        return bool(shown) and said != sorted(shown)

    def _seats_from_me(self) -> list[int]:
        """The person's seat, then the others in seat order."""
        return [self.seat] + [x for x in range(self.g.players) if x != self.seat]

    def _carried(self, values: dict) -> list[str]:
        """The shown names the status says while bidding (the bids say the hand's own): those that read what a
        side carries from hand to hand, a counter kept the whole game, such as the bags a bid may add to (a
        Western games audit: a trick game's bags were not said until the bidding was over)."""
        kept = {k for k, _ in self.g.game_counters}
        return [x for x in self.show if x in kept or (x in values and read_through(values, values[x], kept))]

    def _shown_zone(self, z, shown) -> list[str]:
        """A zone the ruleset shows: the person's own cards in it, else how many cards each pile holds."""
        w, me, g = self.w, self.seat, self.g
        if z.owner == "none":
            n = shown if isinstance(shown, int) else len(shown)
            return [f"{w.name(z.name)}: {w.count(n)}"] if n else []
        mine = me if z.owner == "seat" else g.side_of[me]
        own = shown[mine]
        if z.visible == "owner":
            return [f"{w.name(z.name)}: {self.hand_text(_ids(own))}"] if own else []
        counts = [len(p) if isinstance(p, list) else p for p in shown]
        if not any(counts):
            return []
        per = w.per_seat if z.owner == "seat" else w.per_side
        return [f"{w.name(z.name)}: {per([w.count(n) for n in counts], me)}"]

    def hand_text(self, cards) -> str:
        """Cards in canonical order (CONTRACT.md: by suit S H D C, then rank A 2 … K, jokers last; only the menu
        goes by the game's own rank order), grouped by suit, two spaces between suits."""
        groups, last = [], None
        for c in sorted(cards):
            suit = C.SUIT[c]
            if suit != last:
                groups.append([])
                last = suit
            groups[-1].append(self.w.card(c))
        if not groups:
            return self.w.say("none")
        if self.w.spoken:  # cards in words: commas between them, a semicolon between suits
            return self.w.say("semicolon").join(self.w.say("comma").join(g) for g in groups)
        return "  ".join(" ".join(g) for g in groups)

    # ---- headings -------------------------------------------------------------------------
    def opening(self) -> list[str]:
        g, w = self.g, self.w
        about = w.description()
        lines = [f"══ {w.title()} ══"] + ([about] if about else [])
        sit = w.say("you_sit", n=w.num(self.seat))
        if g.partnerships and g.sides == 2:
            mine = g.side_of[self.seat]
            sit += " · " + w.say("sides", us=w.seats(w.side_seats(mine), self.seat),
                                 them=w.seats(w.side_seats(1 - mine), self.seat))
        around = w.around(self.seat)
        return lines + [sit] + ([around] if around else [])

    def resumed(self) -> list[str]:
        """A game resumed from its record: where play goes on (`resumed: hand 12, trick 10`, or the step), or that
        it was already over."""
        st, w = self.st, self.w
        if st.over:
            return [w.say("resumed_over")]
        step = self.g.steps[st.step] if 0 <= st.step < len(self.g.steps) else None
        where = [f"{w.word('hand_number')} {w.num(st.hand_no + 1)}"]
        if isinstance(step, TrickPlay) and st.trick_state.number:
            where.append(f"{w.word('trick')} {w.num(st.trick_state.number)}")
        elif step is not None:
            where.append(w.step(step.name))
        return [w.say("resumed", where=w.say("comma").join(where))]

    def heading(self) -> list[str]:
        """The heading of a new hand, once per hand."""
        st = self.st
        if st.over or self.heading_for == st.hand_no:
            return []
        self.heading_for, self.dealer_said = st.hand_no, st.dealer
        self.last_status = []
        w = self.w
        text = w.say("heading", deal=w.word("hand_number"), n=w.num(st.hand_no + 1), who=w.seat(st.dealer, self.seat))
        rule = min(60, self.width - 7) - len(text) - len(w.title())  # dashes to fill the line, within the width
        lines = ["", f"── {w.title()} · {text} " + "─" * max(2, rule)]  # TITLE_LINES
        return lines + self._tricks_line()  # a hand resumed in mid-play: the tricks so far

    def _tricks_line(self) -> list[str]:
        """The tricks each side has won in the hand so far (which each trick's line says), if any; where a
        partnership's counter keeps each seat's own, each seat's too (a nil bidder's count is its own)."""
        if not any(self.tricks_won):
            return []
        line = f"{self._tricks_label()}: {self.w.per_side(self.tricks_won, self.seat)}"
        counter = self.g.counters.get(self.tricks_word)
        if counter is not None and counter.owner == "seat" and self.g.sides < self.g.players:
            line += f" ({self.w.per_seat(self.st.counters[self.tricks_word], self.seat)})"
        return [line]

    # ---- moves and events as they happen -----------------------------------------------------
    def noticed(self) -> list[str]:
        """What has come to hold in the hand since the last move (`table: notices:`), each in its words (`a suit
        is broken`): said once, and again only once it has ceased to hold; what holds as a hand is dealt is not
        news (said after the move that began the hand, it would read as the last hand's)."""
        if not self.g.notices:
            return []
        before = self.holding if self.notices_hand == self.st.hand_no else None
        self.notices_hand, self.holding = self.st.hand_no, self._holding()
        if before is None:
            return []
        return [self.w.then + self.w.name(name) for name, _ in self.g.notices if name in self.holding - before]

    def notices_holding(self) -> list[str]:
        """The notices that hold now, each in its words, for the board asked for (a line said once may have
        been missed)."""
        holding = self._holding()
        return [self.w.name(name) for name, _ in self.g.notices if name in holding]

    def _holding(self) -> frozenset:
        """The notices whose test holds now (none once the game is over)."""
        return self.st.notices_held()

    def move_line(self, actor: int, move) -> str | None:
        """A move as this seat may see it: a face-down discard is not named; a choice it may not know was asked,
        not said at all (None)."""
        st, w = self.st, self.w
        step = self.g.steps[st.step]
        text = step.text(move)
        shown = step.shown_text(st, actor, move, self.seat)
        if not shown:
            return None
        face_down = shown != text
        said = w.did(w.seat(actor, self.seat), actor == self.seat, text, face_down=face_down)
        if isinstance(step, TrickPlay):
            zone = step.source_of(st, move)
            if zone:
                said += f" ({w.name(zone)})"
        if isinstance(step, Exchange) and not face_down:  # unseen ones alike, said once with how many times
            done = step.discard - st.phase.get("discards_left", 0)
            said += f" ({w.say('of', k=w.num(done + 1), n=w.num(step.discard))})"
        return f"  {said}{self._on_top(step, move)}"

    def told_with_its_card(self, actor: int, made: list) -> bool:
        """Do the events this seat's own move made tell it the move with the card (a card drawn, kept or
        burned)? Then that line says the move, alone, and the move's own line is not said first."""
        if actor != self.seat:
            return False
        for e in made:
            if e["kind"] == "drew" and e["seat"] == actor:
                card, zone = e["card"], e["zone"]
            elif e["kind"] == "pick" and e["seat"] == actor:
                card, zone = (e["kept"], e["keep"]) if e["move"] == "keep" else (e["burned"], e["burn"])
            else:
                continue
            if card is not None and self._sees(zone, actor):
                self.said_alone = e
                return True
        return False

    def _lead(self, e) -> str:
        """How an event's line begins: as a move line where it says this seat's own move, else as what
        follows from a move."""
        return "  " if e is self.said_alone else self.w.then

    def _on_top(self, step, move) -> str:
        """` (7♠ on top)` after cards laid together in a shedding play: the last one laid is the top."""
        cards = laid(move) if isinstance(step, Shed) else ()
        return f" ({self.w.say('laid_on_top', card=self.w.card(cards[-1]))})" if len(cards) > 1 else ""

    def events(self, events: list) -> list[str]:
        """What happened, in order: a round won after its last hand's result, and what the hand now being
        played did before anyone acted (a draw, cards collected) under that hand's heading."""
        if not isinstance(events, list) or not all(isinstance(e, dict) and "kind" in e for e in events):
            raise CardrulesError("events are the list a listening state keeps (new_state(listen=True) or"
                                 " st.listen()), each a dict with its 'kind'")
        ended = max((i for i, e in enumerate(events) if e["kind"] == "hand"), default=-1)
        rounds = [e for e in events if e["kind"] == "round"]
        lines = []
        for i, e in enumerate(events):
            if i > ended and e["kind"] != "round":
                lines += self.heading()
            said = getattr(self, "_on_" + e["kind"], lambda e: [])(e) if e["kind"] != "round" else []
            if e["kind"] == "hand" and (not lines or lines[-1] != ""):  # the result apart from the play before it
                lines.append("")  # (its move's line, where nothing else came between: said before these lines)
            if e["kind"] in TRICK_DRAWS and lines and lines[-1] == "":  # with the trick, before its blank line
                lines[-1:-1] = said
            else:
                lines += said
            if i == ended:
                lines += [x for r in rounds for x in self._on_round(r)]
        if ended < 0:
            lines += [x for r in rounds for x in self._on_round(r)]
        return lines

    def _on_draw(self, e) -> list[str]:
        w = self.w
        who = w.seat(e["seat"], self.seat)
        self.last_status = [f"{w.name(e['role'])}: {who}"]  # said here: the board need not say it again at once
        cards, first = e["cards"], w.seat(e.get("first", 0), self.seat)  # cards of a deck of its own, to choose
        to, n = e.get("to"), self.g.players
        if to and to != [i % n for i in range(len(to))]:  # seats tied on top drew again: each seat's cards
            each = [w.pair(w.seat(s, self.seat), w.cards([c for c, t in zip(cards, to) if t == s])) for s in range(n)]
            return [w.say("draw_each", role=w.name(e["role"]), who=who, each=w.say("comma").join(each))]
        if len(cards) > DRAW_SHOWN:  # a long draw (until one card comes): its last cards, and how many
            return [w.say("draw_long", role=w.name(e["role"]), who=who, n=w.num(len(cards)),
                          first=first, cards=w.cards(cards[-DRAW_SHOWN // 2:]))]
        return [w.say("draw", role=w.name(e["role"]), who=who, first=first, cards=w.cards(cards))]

    def _on_redeal(self, e) -> list[str]:
        """The hand thrown in and dealt again, by the new dealer where a step passed the deal on."""
        w, dealer = self.w, e.get("dealer", self.dealer_said)  # an event made by hand may leave it out
        self.tricks_won, self.tricks_counted = [0] * self.g.sides, 0  # the hand starts again
        step = next((s for s in self.g.steps if s.name == e["step"]), None)  # an auction: thrown in as all passed
        line = w.say("redeal_all_passed" if isinstance(step, Auction) else "redeal", step=w.step(e["step"]))
        if dealer != self.dealer_said:
            self.dealer_said = dealer
            line += f" · {w.say('dealer')}: {w.seat(dealer, self.seat)}"
        return [line]

    def _on_misdeal(self, e) -> list[str]:
        """A packet whose `redeal_if` holds (too many jacks on a fishing table): the deal starts again. Its
        cards are named where that zone lies face up."""
        w = self.w
        if self.g.zones[e["zone"]].visible != "all":
            return [w.say("redeal", step=w.step(e["step"]))]
        if "again" in e:  # replace_once: the card dealt in a replaced one's place must go too
            return ["  " + w.say("misdeal_again", card=w.card(e["again"]))]
        return ["  " + w.say("misdeal", zone=w.name(e["zone"]), cards=w.cards(sorted(e["cards"])))]

    def _on_contract(self, e) -> list[str]:
        w = self.w
        auction = next((s for s in self.g.steps if isinstance(s, Auction) and s.winner), None)
        who, bid = w.seat(e["seat"], self.seat), self._bid(auction, e["bid"])
        what = f"{who} {bid}"
        if auction is not None:
            what = f"{w.name(auction.winner)}: {who} · {w.name(auction.contract)}: {bid}"
        self.last_status = [*self.last_status, what]  # said here: the board need not say it again at once
        if e.get("forced"):  # `all_pass: {winner, bid}`: nobody bid, the contract falls to a seat
            what = w.say("all_passed", what=what)
        return [w.say("contract", what=what)]

    def _on_trick(self, e) -> list[str]:
        w = self.w
        if e.get("counter"):  # the step's own count, as the hand's result will show it
            self.tricks_word = e["counter"]
            self.tricks_won = self._by_side(e["counter"], e["tally"])
        else:
            self.tricks_word = ""
            if e["number"] > self.tricks_counted:
                self.tricks_won[self.g.side_of[e["winner"]]] += 1
                self.tricks_counted = e["number"]
        self.last_trick = (self.st.hand_no, e)
        line = w.then + self._taken(e) + f" · {self._tricks_label()}: {w.per_side(self.tricks_won, self.seat)}"
        return [line, ""]

    def _taken(self, e) -> str:
        """`trick 3 goes to seat 1 with J♦`, of a trick's event."""
        w = self.w
        said = "trick_won_you" if e["winner"] == self.seat else "trick_won"  # Persian: «بردید», not «شما … برد»
        card = w.card(e["card"])
        if e.get("trumped") and self._trump_public(self.g.steps[e["step"]]):  # `with J♦, a trump`: another led
            card = w.say("trumping", card=card, trump=w.say("trump"))
        return w.say(said, trick=w.word("trick"), n=w.num(e["number"]), who=w.seat(e["winner"], self.seat), card=card)

    def _trump_public(self, step) -> bool:
        """May every seat know the trick play's trump (a variable not set unseen, or its rule reading nothing
        hidden)? Else a trick's winner is not said to have trumped."""
        if step.trump_var is not None:
            return step.trump_var not in self.g.secret_vars
        return not self._trump_hidden(step)

    def last_trick_lines(self) -> list[str]:
        """`last` at the table: the hand's last trick taken, its cards by seat and who took it (the board shows
        only the trick in play, and a player who missed a card had no way back to it)."""
        w, (hand, e) = self.w, self.last_trick
        if not any(isinstance(step, TrickPlay) for step in self.g.steps):  # (a fishing game: said there were none yet)
            return [w.say("no_tricks")]
        if (e is None or hand != self.st.hand_no) and self.st.hand_decisions:  # a hand resumed: its tricks replayed
            e = next((x for x in reversed(self._this_hands_events()) if x["kind"] == "trick"), None)
        elif hand != self.st.hand_no:
            e = None
        if e is None:
            return [w.say("no_last_trick", trick=w.word("trick"), deal=w.word("hand_number"))]
        plays = self._plays(e["seats"], e["cards"])
        return [w.say("trick_line", trick=w.word("trick"), n=w.num(e["number"]), plays=plays), "  " + self._taken(e)]

    def _plays(self, seats: list, cards: list) -> str:
        """A trick's cards so far, each after its seat: `seat 2 3♣ · you 9♣`."""
        return " · ".join(self.w.pair(self.w.seat(s, self.seat), self.w.card(c)) for s, c in zip(seats, cards))

    def _on_skip(self, e) -> list[str]:
        """A step the ruleset announces, skipped this hand (no passing on every fourth hand): said once a hand,
        though a redeal runs the steps again."""
        said = (self.st.hand_no, e["step"])
        if e["step"] not in self.announced or said in self.skips_said:
            return []
        self.skips_said.add(said)
        w = self.w
        return ["  " + w.say("skipped", what=w.step(e["step"]), deal=w.word("hand_number"))]

    def _on_pass(self, e) -> list[str]:
        """Cards passed are named to their receiver when every seat has chosen."""
        if e["to"] != self.seat:
            return []
        w, cards = self.w, sorted(e["cards"])
        return [w.then + w.say("passed_you", who=w.seat(e["seat"], self.seat), cards=w.cards(cards))]

    def _on_pick(self, e) -> list[str]:
        """The cards a draw from the stock kept and burned, each named to the seats its pile shows it to."""
        w, seat = self.w, e["seat"]
        kept = e["kept"] if e["kept"] is not None and self._sees(e["keep"], seat) else None
        burned = e["burned"] if e["burned"] is not None and self._sees(e["burn"], seat) else None
        parts = [("keep", kept), ("burn", burned)]
        parts = [(verb, w.card(c)) for verb, c in (parts if e["move"] == "keep" else parts[::-1]) if c is not None]
        if not parts:
            return []
        mine = seat == self.seat
        said = w.say("and_then").join(w.say(f"pick_{verb}{'' if mine else 's'}", card=card) for verb, card in parts)
        return [self._lead(e) + (w.say("pick_you", what=said) if mine else
                          w.say("pick_other", who=w.seat(seat, self.seat), what=said))]

    def _on_restock(self, e) -> list[str]:
        w = self.w
        return ["  " + w.say("restock", pile=w.name(e["pile"]), zone=w.name(e["zone"]), n=w.count(e["count"]))]

    def _on_drew(self, e) -> list[str]:
        """A card drawn, named to the seats whose view of the hand it went to shows it (and so a card drawn face
        down after a trick, `drew_down`, to those seats; the others hear only that a card was drawn)."""
        w, seat = self.w, e["seat"]
        if not self._sees(e["zone"], seat):
            return []
        if seat == self.seat:
            return [self._lead(e) + w.say("drew_you", card=w.card(e["card"]))]
        return [w.then + w.say("drew_other", who=w.seat(seat, self.seat), card=w.card(e["card"]))]

    def _on_drew_down(self, e) -> list[str]:
        """A card drawn face down after a trick: named to the seats that see the hand it went to; the others
        hear that a card was drawn (no move of the drawer's says it, as a draw in shedding does)."""
        if self._sees(e["zone"], e["seat"]):
            return self._on_drew(e)
        return [self.w.then + self.w.say("drew_hidden", who=self.w.seat(e["seat"], self.seat))]

    def _on_made_to_draw(self, e) -> list[str]:
        """Cards a card laid makes the next player draw: how many to all, the cards to the seats that see them;
        fewer than owed where nothing more is left to draw."""
        w, seat, cards = self.w, e["seat"], e["cards"]
        if not cards:  # the stock, and any pile to restock it from, ran out
            return [w.then + (w.say("made_to_draw_none_you") if seat == self.seat else
                              w.say("made_to_draw_none", who=w.seat(seat, self.seat)))]
        n, who = w.count(len(cards)), w.seat(seat, self.seat)
        if seat == self.seat:
            said = w.say("made_to_draw_you", n=n, cards=w.cards(cards))
        elif self._sees(e["zone"], seat):
            said = w.say("made_to_draw_seen", who=who, n=n, cards=w.cards(cards))
        else:
            said = w.say("made_to_draw_other", who=who, n=n)
        owed = e.get("owed", len(cards))
        return [w.then + (w.say("drew_short", said=said, owed=w.num(owed)) if owed > len(cards) else said)]

    def _on_missed(self, e) -> list[str]:
        w = self.w
        if e["seat"] == self.seat:
            return [w.then + w.say("missed_you")]
        return [w.then + w.say("missed_other", who=w.seat(e["seat"], self.seat))]

    def _on_out(self, e) -> list[str]:
        return self._placed(e, "out")

    def _on_last_left(self, e) -> list[str]:
        return self._placed(e, "last_left")

    def _placed(self, e, kind: str) -> list[str]:
        """A player's place in going out (a shedding play's `places`, or one that plays on)."""
        w, seat = self.w, e["seat"]
        if e.get("place") is None:  # play stops at the first out: no place (a Western games audit: nothing said)
            return [w.then + (w.say("out_first_you") if seat == self.seat else
                              w.say("out_first_other", who=w.seat(seat, self.seat)))]
        place = w.num(e["place"])
        if seat == self.seat:
            return [w.then + w.say(kind + "_you", place=place)]
        return [w.then + w.say(kind + "_other", who=w.seat(seat, self.seat), place=place)]

    def _on_owed(self, e) -> list[str]:
        """A draw the next player may answer (a stacking card) before taking it: how many, and the entries an
        answer meets."""
        w, seat = self.w, e["seat"]
        what, n = w.say("or").join(w.name(x) for x in e["effects"]), w.count(e["n"])
        if seat == self.seat:
            return [w.then + w.say("owed_you", n=n, what=what)]
        return [w.then + w.say("owed_other", who=w.seat(seat, self.seat), n=n, what=what)]

    def _on_reversed(self, e) -> list[str]:
        return [self.w.then + self.w.say("reversed")]

    def _sees(self, zone: str, seat: int) -> bool:
        """Does this table's seat see the cards `seat` puts in its pile of `zone`?"""
        z = self.g.zones[zone]
        return z.sees(z.pile_of(seat, self.g), self.seat, self.g)

    def _on_capture(self, e) -> list[str]:
        """What a capture added to counters: the capturer's side's, or another side's (`side:`), named."""
        w, own = self.w, self.g.side_of[e["seat"]]
        who = w.seat(e["seat"], self.seat)
        return [w.then + (self._added(c, n, e["seat"], who) if side == own else
                          self._added_to(who, w.name(c), side, w.signed(n)))
                for c, n, side in zip(e["added"], e["amounts"], e.get("sides") or [own] * len(e["added"]))]

    def _added(self, counter: str, n: int, seat: int, who: str) -> str:
        """One more to the capturer's own counter, as the ruleset's sentence for it where it gives one (`said:`,
        «صندلی ۱ سور زد»); else, and for any other change, the counter and the change (`seat 1: surs +1`)."""
        w = self.w
        said = w.said(counter, who, seat == self.seat) if n == 1 else ""
        return said or w.say("added", who=who, counter=w.name(counter), n=w.signed(n))

    def _added_to(self, who: str, counter: str, owner: int, n: str, by_side: bool = True) -> str:
        """A change to a counter, said by `who` (a capturer, an after_trick entry): yours (ours), theirs, or a
        seat's or side's (`owner`: a side where the counter is kept `by_side`, else a seat)."""
        whose, said = self._whose(owner, by_side)
        return self.w.say("added_" + whose, who=who, counter=counter, whose=said, n=n)

    def _whose(self, owner: int, by_side: bool) -> tuple[str, str]:
        """Whose a pile or counter is, to this seat: ('yours' | 'ours' | 'theirs' | 'of', the owner said), `owner`
        a side where kept `by_side` (in partnerships: ours or theirs, where there are two), else a seat."""
        w, g = self.w, self.g
        by_side = by_side and g.partnerships  # where each plays for himself, a side is its seat
        if owner == (g.side_of[self.seat] if by_side else self.seat):
            return ("ours" if by_side else "yours"), ""
        if by_side and g.sides == 2:
            return "theirs", ""
        return "of", w.side(owner, self.seat) if by_side else w.seat(owner, self.seat)

    def _on_dealt(self, e) -> list[str]:
        """Cards dealt face up to a shared zone (a fishing game's table, a card turned up)."""
        w = self.w
        self.zones_said[e["zone"]] = sorted(C.names(e["cards"]))  # as a board's view names them
        return ["  " + w.say("dealt_up", zone=w.name(e["zone"]), cards=w.cards(sorted(e["cards"])))]

    def _on_collect(self, e) -> list[str]:
        """Cards gathered from a shared zone to a seat's pile, or from one seat's pile (a hand set aside), or
        from one shared zone to another: named where they lay face up (every seat saw them, wherever they go:
        a turned card turned down on the kitty), else counted."""
        w, zones = self.w, self.g.zones
        source, pile, giver = zones[e["zone"]], zones[e["to"]], e["giver"]
        shown = source.visible == "all"
        cards = w.cards(sorted(e["cards"])) if shown else w.count(len(e["cards"]))
        if e.get("picked"):  # only the cards that met a test (`cards:`)
            return [w.then + self._picked(e, giver, cards)]
        if giver >= 0 and e["seat"] >= 0:  # from one seat's pile to another's
            key = "collect_given_you" if giver == self.seat else "collect_given"
            return [w.then + w.say(key, giver=w.seat(giver, self.seat), zone=w.name(e["zone"]),
                                   pile=w.name(pile.name), who=w.seat(e["seat"], self.seat), cards=cards)]
        if giver >= 0:
            key = "collect_aside_you" if giver == self.seat else "collect_aside"
            return [w.then + w.say(key, who=w.seat(giver, self.seat), zone=w.name(e["zone"]),
                                   pile=w.name(pile.name), cards=cards)]
        if pile.owner == "none":
            return [w.then + w.say("collect_moved", zone=w.name(e["zone"]), pile=w.name(pile.name), cards=cards)]
        key = "collect_taken_up" if pile.name == self.hand_zone else "collect"  # into a hand
        if key == "collect_taken_up" and e["seat"] == self.seat:
            key = "collect_taken_up_you"
        return [w.then + w.say(key, who=w.seat(e["seat"], self.seat), zone=w.name(e["zone"]), cards=cards)]

    def _picked(self, e, giver: int, cards: str) -> str:
        """Some of a zone's cards gone elsewhere: from where (whose pile), to which pile (whose)."""
        w, pile, g, seat = self.w, self.w.name(e["to"]), self.g, e["seat"]
        if seat < 0:  # a shared pile
            who = w.say("collect_some_pile", pile=pile)
        else:  # a side's pile: ours, or theirs; a seat's: yours, or the seat's
            by_side = g.zones[e["to"]].owner == "side"
            whose, owner = self._whose(g.side_of[seat] if by_side else seat, by_side)
            who = w.say("pile_" + whose, pile=pile, who=owner)
        if giver >= 0:
            return w.say("collect_some_of", zone=w.name(e["zone"]), giver=w.seat(giver, self.seat), who=who,
                         cards=cards)
        return w.say("collect_some", zone=w.name(e["zone"]), who=who, cards=cards)

    def _on_drew_up(self, e) -> list[str]:
        """A card drawn face up after a trick (a stock's top turned up, the trump card under it): all saw who
        took it."""
        w = self.w
        key = "drew_up_you" if e["seat"] == self.seat else "drew_up"
        return [w.then + w.say(key, who=w.seat(e["seat"], self.seat), zone=w.name(e["zone"]), card=w.card(e["card"]))]

    _on_swapped = _on_drew_up  # the card a swap takes, face up: all saw who took it

    def _on_declared(self, e) -> list[str]:
        """A set of cards shown for points (`declare:`): every seat sees the cards and the points."""
        w, you = self.w, e["seat"] == self.seat
        return [w.then + w.say("declared_you" if you else "declared", who=w.seat(e["seat"], self.seat),
                               name=w.name(e["name"]), cards=w.cards(e["cards"]), points=w.num(e["points"]),
                               counter=w.name(e["counter"]))]

    def _on_after_trick(self, e) -> list[str]:
        """An `after_trick` entry that acted once the trick was taken: what it changed of each owner's counters,
        under its name (the variables it set, the board shows)."""
        w = self.w
        return [w.then + self._added_to(w.name(e["name"]), w.name(counter), owner, w.signed(n),
                                        self.g.counters[counter].owner == "side")
                for counter, amounts in e["changed"].items() for owner, n in enumerate(amounts) if n]

    def _on_closed(self, e) -> list[str]:
        """A close (`close:`): its variable turned on."""
        w = self.w
        return [w.then + w.say("closed_you" if e["seat"] == self.seat else "closed", who=w.seat(e["seat"], self.seat),
                               var=w.name(e["var"]))]

    def _on_stopped(self, e) -> list[str]:
        """Play stops by the step's `stop_when` (66 reached): for whom, and the counters and values it reads as the
        hand's record holds them."""
        w, me, g = self.w, self.seat, self.g
        if not e["sides"]:
            return []
        i = next(i for i, step in enumerate(g.steps) if step.name == e["step"])
        stop = g.tree["hand"][i]["play"].get("stop_when")
        told = g.steps[i].tricks  # the trick's own line has just said its trick counter
        names = names_read(stop, set(g.tree.get("values", {})) | set(g.counters))
        read = sorted(names - {told})
        record = self.st.hands[e["hand"]] if e["hand"] < len(self.st.hands) else None
        shown = [self._shown(name, record["counters"], record["values"]) for name in read] if record else []
        if reads_own(g, stop):  # for the sides it holds for; the rule itself where no figure it reads is left to show
            who = w.say("comma").join(w.side(side, me) for side in e["sides"])
            rule = w.ltr(" ".join(stop.split()))
            said = w.say("stopped", who=who) if any(shown) else w.say("stopped_rule", who=who, rule=rule)
            alone = names == {told} and record and len(e["sides"]) == 1  # the trick counter alone: its figure too,
            if alone and (g.counters[told].owner == "side" or g.sides == g.players):  # where it is a side's
                n = record["counters"][told][e["sides"][0]]
                said = w.say("stopped_count", who=who, rule=rule, counter=w.name(told), n=w.num(n))
        else:  # it reads nothing of a side's own (`empty(stock)`): the same for every side, none named
            said = w.say("stopped_all")
        return [w.then + " · ".join([said, *filter(None, shown)])]

    def _on_replaced(self, e) -> list[str]:
        """A card a deal's `replace_if` sends back under the stock (a jack dealt to a fishing table)."""
        w = self.w
        card = w.card(e["card"]) if self.g.zones[e["zone"]].visible == "all" else w.count(1)
        return ["  " + w.say("replaced", card=card, zone=w.name(e["zone"]))]

    def _on_refill(self, e) -> list[str]:
        """Every hand played out, each is dealt again from the stock (a fishing game's later deals)."""
        w = self.w
        if e["each"] is None:
            return ["  " + w.say("refill_uneven", zone=w.name(e["zone"]), left=w.num(e["left"]))]
        return ["  " + w.say("refill", zone=w.name(e["zone"]), n=w.num(e["each"]), left=w.num(e["left"]))]

    def _on_dealt_on(self, e) -> list[str]:
        """A deal that goes on from the stock within the hand (the rest of the cards, after trump is named): how
        many more the person's hand was given, and whether each seat got as many."""
        added = e["added"].get(self.hand_zone)
        if not added or not added[self.seat]:
            return []
        w = self.w
        key = "dealt_on_each" if len(set(added)) == 1 else "dealt_on_you"
        return ["  " + w.say(key, step=w.step(e["step"]), n=w.num(added[self.seat]))]

    def _on_last_deal(self, e) -> list[str]:
        return ["  " + self.w.say("last_deal", zone=self.w.name(e["zone"]))]

    def _on_take(self, e) -> list[str]:
        """A seat takes a zone into its hand (the widow): the cards named to those who may see that hand, or to
        all where they lay face up (a card turned up)."""
        w, g = self.w, self.g
        seen = g.zones[e["into"]].sees(e["seat"], self.seat, g) or g.zones[e["zone"]].visible == "all"
        cards = w.cards(sorted(e["cards"])) if seen else w.count(len(e["cards"]))
        return [w.then + w.say("take", zone=w.name(e["zone"]), who=w.seat(e["seat"], self.seat), cards=cards)]

    def _on_hand(self, e) -> list[str]:
        self.tricks_won, self.tricks_counted = [0] * self.g.sides, 0
        self.last_trick = (-1, None)  # the hand's tricks are over: `last` in the next says none yet, as in the first
        result = self.hand_result(e["index"])
        return result[:1] + self._left_held(e["index"], e.get("held", {})) + result[1:]

    def _left_held(self, index: int, held: dict) -> list[str]:
        """The cards still held when a hand ends in the seats' hidden piles (the cards left in the others' hands,
        the hakem's discards laid face down), each seat's named, where a scoring row that scored this hand counts
        them: the rules count them in the open. Else nothing."""
        out, w = [], self.w
        for zone, rows in self.rows_reading.items():
            cards = held.get(zone)
            if not cards or not any(cards) or not self._counted(index, rows):
                continue
            said = [f"{w.seat(s, self.seat)}: {self.hand_text(cards[s])}" for s in self._seats_from_me() if cards[s]]
            label = w.say("cards_left") if zone == self.hand_zone else w.name(zone)
            out.append(f"  {label}: " + " · ".join(said))  # each seat's cards after a colon, as a hand
        return out

    def _counted(self, index: int, rows: frozenset) -> bool:
        """Did a scoring row that scored in this hand read these cards (not only how many)?"""
        return any(any(v) for n, v in self.st.hands[index]["rows"].items() if n in rows)

    def _rows_reading(self) -> dict:
        """For each zone of the seats' own that not every seat sees (the hand first), the scoring rows whose
        points read its cards (through values too)."""
        values, g = self.g.tree.get("values", {}), self.g
        hidden = [self.hand_zone] + [z.name for z in g.zones.values() if z.owner == "seat" and z.visible != "all"
                                     and z.name != self.hand_zone]
        return {zone: frozenset(row.get("name") for row in g.tree.get("scoring", ())
                                if read_through(values, str(row.get("points", "")), {zone}, counts_seen=True))
                for zone in hidden}

    def _on_round(self, e) -> list[str]:
        """`game to them`, and what each side scored for it where `round_points` scores rounds."""
        w = self.w
        line = w.say("round_won", round=w.word("round"), who=w.side(e["side"], self.seat))
        if e.get("points") is not None:
            line += f" · {w.round_points()}: {w.per_side(e['points'], self.seat)}"
        return [line]

    # ---- results ---------------------------------------------------------------------------------
    def _shown(self, name: str, counters: dict, values: dict, spoken=None) -> str:
        """A counter or value the ruleset shows, as a line; '' when it is all 0 (bids of nothing excepted).
        `spoken`: which seats have bid in this hand's auction (None: all, the hand over)."""
        w, me = self.w, self.seat
        auction = self.bid_steps.get(name)
        each = auction is not None and auction.style == "each"  # bids counted into a counter: news even all 0
        if name in counters and (any(counters[name]) or each):
            passing = auction.passing if each else None
            if passing is not None or auction is not None and self.g.counters[name].owner == "seat":
                # bids, a bid by its words (`0 (nil)`); where one is a pass, said of the seats that passed
                return f"{w.name(name)}: " + w.per_seat(counters[name], me, lambda s, v: w.say("pass") if v == passing
                                                        and (spoken is None or spoken[s]) else self._bid(auction, v))
            per = w.per_seat if self.g.counters[name].owner == "seat" else w.per_side
            return f"{w.name(name)}: {per(counters[name], me)}"
        if name in values and any(values[name]):
            return f"{w.name(name)}: {w.per_side(values[name], me)}"
        return ""

    def hand_result(self, index: int) -> list[str]:
        """A hand's result: who held which role, each scoring row by name, what the ruleset announces."""
        h = self.st.hands[index]
        w, me = self.w, self.seat
        head = w.say("result", deal=w.word("hand_number"), n=w.num(index + 1))
        start, end = h.get("decisions", (0, 0))
        roles = self.roles({k: v for k, v in h["vars"].items() if k not in self.play_vars}, self.st.log[start:end])
        lines = [f"── {head}" + (f" · {' · '.join(roles)}" if roles else "") + " ──"]
        last_shown = None
        for name in self.show:
            if any(h["rows"].get(name, ())):
                continue  # the row says it (a row of nothing is not said, but the value is: counts that cancelled)
            line = self._shown(name, h["counters"], h["values"])
            if line and name in h["rows"]:  # its row of the same name scored nothing: say so, not counts as points
                line = w.say("no_points", said=line, deal=w.word("hand_number"))
            if line:
                lines.append("  " + line)
                last_shown = name
        rows = [(n, v) for n, v in h["rows"].items() if any(v)]
        shown = last_shown if len(lines) > 1 else None  # the shown value on the line above, which a row may score
        for name, values in rows:
            said = w.per_side(values, me)
            if shown in self.row_reads.get(name, ()) and lines[-1].endswith(f": {said}"):  # a row that reads the
                # value above it and came out the same (the points taken, scored as taken): said once, by both
                # names (`points taken = hand score: …`); never two rows (aces and jacks alike are two things)
                lines[-1] = f"{lines[-1][:-len(said) - 2]}{w.say('same_row', row=self._row_name(name))}: {said}"
            else:
                lines.append(f"  {self._row_name(name)}{self._as_points(name, h)}: {said}")
            shown = False
        for name in self.announced:
            for side, v in enumerate(h["values"].get(name, ())):
                if v:
                    lines.append("  " + w.announce(name, w.side(side, me), side == self.g.side_of[me]))
        if len(rows) != 1 or list(rows[0][1]) != list(h["points"]):
            lines.append(f"  {w.say('this_hand', deal=w.word('hand_number'))}: {w.per_side(h['points'], me)}")
        lines.append(f"  {w.say('score')}: {w.per_side(h['totals'], me)}")
        return lines

    def _as_points(self, name: str, h: dict) -> str:
        """` (points)` after a row named as a counter (a sur: 1 sur, 5 points), which would read as the count, or
        as a value said in the same words (a contract: 4 tricks bid, 43 points); in every hand alike."""
        named = name in h["counters"] or (name in self.g.values and self._row_name(name) == self.w.name(name))
        return f" ({self.w.say('points_word')})" if named else ""

    def _row_name(self, name: str) -> str:
        if self.w.fa:
            row = next((r for r in self.g.scoring if r.name == name), None)
            if row is not None and row.fa:
                return row.fa
        return self.w.name(name)

    def score_now(self, status: list[str] | None = None) -> list[str]:
        """`score` at the table (and the board asked for begins with it): the status (roles, trump, the score,
        what the ruleset shows; `status`, if already made), the tricks of the hand so far and the notices that
        hold (a suit broken), without the cards."""
        return (self.status() if status is None else status) + self._tricks_line() + self.notices_holding()

    def score_sheet(self) -> list[str]:
        """`scores` at the table: each hand played out, a line each — its number, what each side scored in it and
        the score after it (with rounds won, where more than one is played)."""
        w, me, g = self.w, self.seat, self.g
        deal = w.word("hand_number")
        if not self.st.hands:
            return [w.say("sheet_empty", deal=deal)]
        lines, before = [w.say("sheet", deal=deal) + ":"], [0] * g.sides
        for i, h in enumerate(self.st.hands):
            line = w.say("sheet_line", deal=deal, n=w.num(i + 1), points=w.per_side(h["points"], me),
                         score=w.say("score"), totals=w.per_side(h["totals"], me))
            if g.rounds > 1:
                line += f" · {w.say('rounds', round=w.word('round'))}: {w.per_side(h['rounds'], me)}"
            elif list(h["totals"]) != [b + p for b, p in zip(before, h["points"])]:
                line += "".join(f" · {w.name(v)}" for v in self._announced_in(h))  # why the score is not the sum
            lines.append("  " + line)
            before = h["totals"]
        return lines

    def _announced_in(self, hand) -> list[str]:
        """The values the ruleset announces that a hand set (H16's reset), for the score sheet to say."""
        return [name for name in self.announced if any(hand["values"].get(name, ()))]

    # ---- help ---------------------------------------------------------------------------------
    def help(self) -> list[str]:
        """The commands, the notation, and what the current step asks, from the ruleset."""
        w = self.w
        parts = self._help_parts()
        lines = w.say("help", **parts).split("\n")
        step = self.g.steps[self.st.step]
        if w.spoken:  # cards said in words: how to say them, not the notation's letters
            lines[1:3] = [w.say("help_cards_words", **parts), w.say("help_alone_words", **parts)]
        if step.together is not None:  # cards after `play` are one move here, not several
            lines[2] = w.say("help_together_words" if w.spoken else "help_together")
        spec = self.g.tree.get("hand", [])[self.st.step]
        doc = w.doc(spec.get("doc"))
        what = self.phase_help(step, spec, documented=bool(doc))
        lines.append(f"{w.say('now')} ({w.step(step.name)}): " + w.say("semicolon").join(x for x in (what, doc) if x))
        own = self._own_verbs(step)
        if own:
            declared = w.say("help_declared") if "declare" in step.verbs else ""
            lines.append(w.say("help_verbs", moves=w.say("comma").join(own) + declared))
        return lines

    def _help_parts(self) -> dict:
        """The parts of help only some games need, each said where the game has what it speaks of (a Persian
        table audit: a trick game's help gave discarding as its example, a fishing game's spoke of tricks):
        several cards after a verb (a discard, a pass of cards), bids, jokers, more than two sides, a rising
        auction, bids each seat makes once, tricks."""
        w, steps = self.w, self.g.steps
        several = next((s.verbs[0] for s in steps if isinstance(s, Exchange) and s.discard > 1
                        or isinstance(s, PassCards) and s.count > 1), None)  # (one card discarded: no several)
        auctions = {s.style for s in steps if isinstance(s, Auction)}
        notes = [w.say("help_note_" + k) for k, held in (("sides", len(set(self.g.side_of)) > 2),
                                                         ("raise", "rising" in auctions), ("each", "each" in auctions))
                 if held]
        tricks = any(isinstance(s, TrickPlay) for s in steps)
        return {"several": w.say("help_several_words" if w.spoken else "help_several", verb=w.verb(several))
                if several else "",
                "bids": self._bid_example() if auctions else "",
                "joker": w.say("help_joker") if any(C.NAMES[c] in C.JOKERS for c in self.g.deck) else "",
                "notes": f" ({w.say('semicolon').join(notes)})" if notes else "",
                "tricks_now": w.say("help_tricks_now") if tricks else "", "last": w.say("help_last") if tricks else "",
                "board": w.say("help_board" + "_trick" * tricks + "_bids" * bool(auctions))}

    def _bid_example(self) -> str:
        """`; a bid in digits or words: bid 7, bid seven`, of a bid the game's first auction offers (`bid 100, bid
        one hundred` where bids run 100 to 165)."""
        w = self.w
        bounds = next((s.bounds for s in self.g.steps if isinstance(s, Auction)), None)
        bid = 7 if bounds is None or bounds[1] < 1 or 7 in range(bounds[0], bounds[2] + 1, bounds[1]) else bounds[0]
        return w.say("help_bids_words", bid=w.num(bid), words=in_words(bid, w.lang))

    def _own_verbs(self, step) -> list[str]:
        """Moves besides playing a card that this play offers (a swap, a declaration, a close), each as one of
        them is typed: the one legal now, else the verb's form."""
        verbs = getattr(step, "verbs", ())
        if verbs[:1] != ("play",):  # a bid, a choice: its own help says its moves
            return []
        legal = self.st.legal_actions() if self.st.to_act == self.seat else []
        out = []
        for verb in (v for v in verbs[1:] if v != "take"):  # `play JH take AD`: a capture is a play
            now = next((a for a in legal if a.split()[0] == verb), None)
            out.append(self.w.move(now) if now else f"{self.w.verb(verb)}{VERB_FORMS.get(verb, '')}")
        return out

    def phase_help(self, step, spec, documented: bool = False) -> str:
        """What the step asks, from its compiled rules. Where the ruleset documents the step, its `doc` says the
        rules in its own words: then only what it may not say is added (trump now, the rank order, whom you
        pass to, the choices)."""
        w, st = self.w, self.st
        if isinstance(step, TrickPlay):
            parts = [w.say("h_follow")] if step.follow and not documented else []
            trump, naming = self._trump(step), self.trump_to_name()
            if naming and trump < 0:  # the first card led names it
                parts.append(w.say("h_declared", var=w.name(naming)))
            elif trump >= 0 or not self._trump_hidden(step):
                parts.append(w.say("h_trump", suit=w.suit(trump)) if trump >= 0 else w.say("h_no_trump"))
            if step.power_of is None:  # else a rule ranks the cards: the step's doc says it
                ranks = rank_order(step.power, self.g.deck)
                order = w.say("comma").join(map(w.rank, ranks)) if w.spoken else w.ltr(" ".join(ranks))
                parts.append(w.say("h_order", order=order))
            top = top_cards(step.power)
            if top:
                parts.append(w.say("h_top", cards=w.cards(top)))
            for sp in spec.get("play", {}).get("special", ()):
                if sp.get("doc"):
                    parts.append(w.doc(sp["doc"]))
            if any(t.tops for t in step.turns):
                parts.append(w.say("h_piles"))
            return w.say("semicolon").join(parts)
        if isinstance(step, CapturePlay):
            rules = [w.doc(r.get("doc")) or w.name(str(r.get("name", ""))) for r in spec["play"].get("captures", ())]
            return w.say("h_capture", zone=w.name(step.table), rules=w.say("semicolon").join(rules))
        if isinstance(step, Shed) and not st.phase.get("calling"):  # the doc says its rules; else what may go
            return "" if documented else w.say("h_shed", zone=w.name(step.pile),
                                               rule=f"`{spec['play'].get('may_play', 'any card')}`")
        if isinstance(step, (Auction, Exchange)) and documented:
            return ""
        if isinstance(step, PassCards):
            receiver = st.phase["pass_to"][st.to_act]
            return w.say("h_pass", n=w.num(step.count), who=w.seat(receiver, self.seat))
        if isinstance(step, Auction):
            a = spec["auction"]
            low, high = w.num(a.get("min")), w.num(a.get("max"))
            if step.style == "each":
                return w.say("h_each", low=low, high=high)
            return w.say("h_rising", low=low, high=high, by=w.num(a.get("step", 1)))
        if isinstance(step, Exchange):
            return w.say("h_exchange", n=w.count(step.discard), zone=w.name(step.to))
        return w.say("h_choose", options=w.say("or").join(w.move(step.text(m)) for m in step.legal(st)))

    def game_over(self) -> list[str]:
        st, w, g = self.st, self.w, self.g
        counted = g.rounds > 1 and g.round_points is None  # the score of the match is in rounds
        scores = st.rounds if counted else st.scores
        mine = g.side_of[self.seat]
        others = [s for s in range(g.sides) if s != mine]
        score = w.say("score_to").join(w.num(scores[s]) for s in [mine] + others) if g.sides == 2 else \
            w.per_side(scores, self.seat)
        if counted:
            score += f" ({w.say('rounds', round=w.word('round'))})"
        elif g.rounds > 1:  # in the points of the rounds, and the rounds won beside them
            rounds = w.say("rounds", round=w.word("round"))
            score += f" ({w.round_points()}{w.say('semicolon')}{rounds}: {w.per_side(st.rounds, self.seat)})"
        if st.winner is None:
            text = self._draw(score)
        elif st.winner == mine:
            text = w.say("won" if g.sides == 2 else "won_of_all", score=score)
        elif g.sides == 2:
            text = w.say("lost", score=score)
        else:
            text = w.say("other_won", who=w.side(st.winner, self.seat), score=score)
        return ["", f"══ {text} ══"] + self._won_by_rule() + self._ended_at_limit()

    def _on_ended(self, e) -> list[str]:
        self.ended_by = e.get("by")
        return []

    def _ended_at_limit(self) -> list[str]:
        """Why the game ended where it ended at its bound on hands (`max_hands`), not at the target: the
        players saw no score reach it."""
        if self.ended_by != "max_hands":
            return []
        return ["  " + self.w.say("ended_max_hands", deal=self.w.word("hand_number"))]

    def _draw(self, score: str) -> str:
        """A game that ended with sides tied on top: who shares the draw, where not every side does."""
        st, w, mine = self.st, self.w, self.g.side_of[self.seat]
        tied = on_top(self.g, st.scores)
        if len(tied) == self.g.sides:
            return w.say("draw_game", score=score)
        if mine in tied:
            return w.say("draw_with", who=w.say("and").join(w.side(s, self.seat) for s in tied if s != mine),
                         score=score)
        return w.say("draw_between", who=w.say("and").join(w.side(s, self.seat) for s in tied), score=score)

    def _won_by_rule(self) -> list[str]:
        """The game's `win_doc`, where the game ended because its `win_if` held for the winner (a side at -200
        loses at once), not by the target."""
        st, g = self.st, self.g
        doc = self.w.doc(g.tree.get("game", {}).get("win_doc"))
        if not doc or st.winner is None or g.win_if is None or not g.win_if(st.side_envs[st.winner], None):
            return []
        return ["  " + doc]


def rank_order(power, deck=None) -> list[str]:
    """The ranks low to high by a trick step's power table (what the engine plays, default ace high): the
    ranks of the deck, each by its cards that are not above every suit (a bower keeps its rank's place)."""
    cards = set(range(52) if deck is None else deck)
    ranks = []
    for r in range(13):
        powers = [power[s * 13 + r] for s in range(4) if s * 13 + r in cards and power[s * 13 + r] < TOP_POWER]
        if powers:
            ranks.append((min(powers), r))
    return [C.RANKS[r] for _, r in sorted(ranks)]


def top_cards(power) -> list[int]:
    """The cards above every suit (`top:`), low to high."""
    return sorted((c for c in range(len(C.NAMES)) if power[c] >= TOP_POWER), key=lambda c: power[c])


def _ids(names) -> list[int]:
    return [C.BY_NAME[n] for n in names] if isinstance(names, list) else []


def _plays_to(game, st, zone: str) -> bool:
    step = game.steps[st.step] if 0 <= st.step < len(game.steps) else None
    return isinstance(step, CapturePlay) and step.table == zone


__all__ = ["Table", "card_order"]


def _points(value: float) -> str:
    """A mean margin as a person reads it: 12.5, 3, 0.3."""
    return f"{value:.1f}".removesuffix(".0")
