"""An independent reference for Pasur and Hokm (for four and for two), written from RULES.md (§1, §2) and
CONTRACT.md only.

Plain Python, no engine code: it exists so that random games can be cross-checked against cardrules.
Rule ids in comments cite RULES.md. Where RULES.md is silent, the README's "Choices where the sources are
silent" is followed (marked README): a failed bam is scored by the tricks as they stand; kot-at-six `reset`
(H16: a team at 6 that kots the other) makes the kotted team 6 and hakem, the other 1; a new round starts
at 0-0 with the hakem passing as usual.
Further readings of open points: who decides bam/stop is the winner of the 7th trick; keep/redeal (H7) comes
before the trump is named; a match won at once (bam, kot-at-six `wins` read as cardrules does) shows the
winner in `rounds` with the rounds it needed. READINGS lists the open points where this reference's own
reading and cardrules' differ.

    ref = make("pasur-4p", options={}, shuffles=[deck_order, ...])
    while not ref.over:
        ref.apply(ref.legal()[0])
    ref.scores, ref.hands, ref.to_act

`shuffles` is an iterable (a list, or an endless generator) of full deck orders (card texts); every shuffle
the game performs takes the next one (CONTRACT.md "Seats, dealing and chance"); `shuffles_used` lists those
taken, as a record's `shuffles`. Running out raises `OutOfShuffles`.
"""

from __future__ import annotations

from collections import Counter

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
DECK = [r + s for s in SUITS for r in RANKS]  # canonical order: suit S H D C, then rank A..K


class OutOfShuffles(Exception):
    pass


class IllegalAction(Exception):
    pass


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def canon_key(card: str) -> tuple[int, int]:
    return SUITS.index(suit(card)), RANKS.index(rank(card))


def canon(cards) -> list[str]:
    return sorted(cards, key=canon_key)


class _Game:
    """Shared plumbing: shuffles, scores, the hand log."""

    def __init__(self, shuffles):
        self._source = iter(shuffles)
        self.shuffles_used: list[list[str]] = []  # the deck orders taken so far, in order
        self.scores = [0, 0]
        self.hands: list[dict] = []  # {"points": [...], "totals": [...]}
        self.over = False
        self.winner: int | None = None
        self.to_act: int | None = None
        self.events: Counter = Counter()  # what happened, for test coverage
        self._legal_cache: list[str] | None = None

    def _shuffle(self) -> list[str]:
        deck = next(self._source, None)
        if deck is None:
            raise OutOfShuffles(len(self.shuffles_used))
        deck = list(deck)
        assert sorted(deck) == sorted(DECK), "a shuffle must be a permutation of the 52-card deck"
        self.shuffles_used.append(deck)
        return list(deck)

    def legal(self) -> list[str]:
        """The legal actions, canonical text, sorted as plain strings (CONTRACT.md)."""
        if self.over:
            return []
        if self._legal_cache is None:
            self._legal_cache = sorted(set(self._legal()))
        return list(self._legal_cache)

    def apply(self, action: str) -> None:
        """Apply one legal action, given in canonical text."""
        if action not in self.legal():
            raise IllegalAction(f"{action!r} not in {self.legal()}")
        self._legal_cache = None
        self._apply(action)


# --------------------------------------------------------------------------- Pasur (RULES.md §1)

PASUR_DEFAULTS = {"target": 62, "multi_capture": False, "last_deal_sur": False, "sur_cards": "any",
                  "most_cards_bonus": 0, "players": 2}


def pasur_value(card: str) -> int | None:
    """P6: A = 1, 2 … 10; face cards have no value (P8)."""
    r = rank(card)
    if r in ("J", "Q", "K"):
        return None
    return 1 if r == "A" else int(r)


def _subsets_summing(cards: list[str], target: int) -> list[frozenset]:
    """Every set of `cards` (numeric) whose values add up to `target` (>= 1)."""
    out = []

    def rec(i, left, chosen):
        if left == 0:
            out.append(frozenset(chosen))
            return
        if i == len(cards) or left < 0:
            return
        v = pasur_value(cards[i])
        if v <= left:
            rec(i + 1, left - v, chosen + [cards[i]])
        rec(i + 1, left, chosen)

    if target >= 1:
        rec(0, target, [])
    return out


class Pasur(_Game):
    def __init__(self, options=None, shuffles=()):
        super().__init__(shuffles)
        self.opt = dict(PASUR_DEFAULTS)
        self.opt.update(options or {})
        self.n = self.opt["players"]
        assert self.n in (2, 4)
        self.deals_per_hand = 48 // (4 * self.n)  # P5: 6 deals for two, 3 for four
        self.dealer = self.n - 1  # CONTRACT: first dealer is the last seat
        self._start_hand()

    def side(self, seat: int) -> int:
        return seat % 2  # P21: partners opposite; with two players side = seat

    # P2, P3
    def _start_hand(self) -> None:
        n = self.n
        while True:
            deck = self._shuffle()
            hands = [[] for _ in range(n)]
            pos = 0
            for i in range(n):
                hands[(self.dealer + 1 + i) % n] = deck[pos:pos + 4]
                pos += 4
            table = deck[pos:pos + 4]
            stock = deck[pos + 4:]
            jacks = sum(rank(c) == "J" for c in table)
            queens = sum(rank(c) == "Q" for c in table)
            kings = sum(rank(c) == "K" for c in table)
            if jacks > 1 or queens >= 3 or kings >= 3:
                self.events["misdeal"] += 1
                continue  # P3: collected and reshuffled, same dealer
            if jacks == 1:
                i = next(k for k, c in enumerate(table) if rank(c) == "J")
                stock.append(table[i])  # P3: under the stock
                self.events["jack under"] += 1
                while True:
                    c = stock.pop(0)
                    if rank(c) == "J":
                        stock.append(c)  # a replacement jack goes under too
                        self.events["jack replaced by jack"] += 1
                        continue
                    table[i] = c
                    break
            break
        self.hand = hands
        self.table = table
        self.stock = stock
        self.deal_no = 1
        self.piles = [[] for _ in range(2)]
        self.surs = [0, 0]
        self.last_capturer: int | None = None
        self.to_act = (self.dealer + 1) % n  # P4

    def _captures(self, card: str) -> list[frozenset]:
        table = self.table
        r = rank(card)
        if r == "J":  # P9
            take = frozenset(c for c in table if rank(c) not in ("Q", "K"))
            return [take] if take else []
        if r in ("Q", "K"):  # P8
            return [frozenset([c]) for c in table if rank(c) == r]
        numeric = canon(c for c in table if pasur_value(c) is not None)
        sets = _subsets_summing(numeric, 11 - pasur_value(card))  # P6
        if not self.opt["multi_capture"]:
            return sets
        unions = {frozenset()}  # P12 house rule: one or more disjoint sets
        for s in sets:
            unions |= {u | s for u in unions if not (u & s)}
        unions.discard(frozenset())
        return list(unions)

    def _legal(self) -> list[str]:
        out = []
        for card in self.hand[self.to_act]:
            caps = self._captures(card)
            if caps:  # P7: a card with a capture must make one
                out += [f"play {card} take {' '.join(canon(cap))}" for cap in caps]
            else:
                out.append(f"play {card}")
        return out

    def _apply(self, action: str) -> None:
        words = action.split()
        card = words[1]
        take = words[3:] if len(words) > 2 else []
        seat = self.to_act
        self.hand[seat].remove(card)
        if take:
            for c in take:
                self.table.remove(c)
            side = self.side(seat)
            self.piles[side] += take + [card]  # P11
            self.last_capturer = side
            sur = (not self.table and rank(card) != "J"  # P13, P14
                   and (self.opt["sur_cards"] == "any" or pasur_value(card) is not None)  # P15
                   and (self.deal_no < self.deals_per_hand or self.opt["last_deal_sur"]))  # P14
            if sur:
                self.surs[side] += 1
                self.events["sur"] += 1
            elif not self.table and rank(card) != "J":
                self.events["sur not counted"] += 1
            v = pasur_value(card)
            if v is not None and sum(pasur_value(c) for c in take) > 11 - v:
                self.events["multi-set capture"] += 1
        else:
            self.table.append(card)  # P10
        self.to_act = (seat + 1) % self.n
        if all(not h for h in self.hand):
            if self.stock:  # P5
                for i in range(self.n):
                    s = (self.dealer + 1 + i) % self.n
                    self.hand[s] = self.stock[:4]
                    self.stock = self.stock[4:]
                self.deal_no += 1
            else:
                self._end_hand()

    def _end_hand(self) -> None:
        if self.last_capturer is not None:  # P17
            self.piles[self.last_capturer] += self.table
        self.table = []
        points = [0, 0]
        for s in range(2):
            o = 1 - s
            pile = self.piles[s]
            if sum(suit(c) == "C" for c in pile) >= 7:
                points[s] += 7
            if "10D" in pile:
                points[s] += 3
            if "2C" in pile:
                points[s] += 2
            points[s] += sum(rank(c) in ("A", "J") for c in pile)
            points[s] += 5 * max(0, self.surs[s] - self.surs[o])  # P16
            if self.opt["most_cards_bonus"] and len(pile) > len(self.piles[o]):  # P19
                points[s] += self.opt["most_cards_bonus"]
        self.scores = [self.scores[s] + points[s] for s in range(2)]
        self.hands.append({"points": points, "totals": list(self.scores)})
        target = self.opt["target"]
        reached = [s for s in range(2) if self.scores[s] >= target]  # P20
        if len(reached) == 2:
            self.events["both reach the target"] += 1
            if self.scores[0] == self.scores[1]:
                self.events["target tie"] += 1
        if len(reached) == 1 or (len(reached) == 2 and self.scores[0] != self.scores[1]):
            self.over = True
            self.winner = max(reached, key=lambda s: self.scores[s])
            self.to_act = None
            return
        self.dealer = (self.dealer + 1) % self.n  # P4
        self._start_hand()


# --------------------------------------------------------------------------- Hokm (RULES.md §2)

HOKM_DEFAULTS = {"first_hakem": "ace", "void_redeal": False, "throw_in": False, "bam": False, "rounds": 1,
                 "kot_at_six": "none", "no_trump": False}  # no_trump: the house rule of hokm-no-trump.yaml

# Points RULES.md leaves open, where this reference's reading and cardrules' differ. The first value is the
# reference's own reading; the second is what cardrules does (so that random games can still be compared
# everywhere else). tests/test_reference_pasur_hokm.py holds a strict xfail for each.
READINGS = {
    # H2 "highest rank is hakem (ties redraw)": the tied players draw again, on from the same deck;
    # cardrules: all four draw again, from a new shuffle.
    "draw_ties": ("tied-redraw", "tied-redraw"),
    # H14: a bam try is played out to the 13th trick; cardrules: the hand ends at the first trick the
    # opponents take (the try has failed), scored as it stands.
    "bam_failed": ("stop-at-once", "stop-at-once"),
    # H16 "a team at 6 that kots the other wins the round" (which 6 + a kot's 2 or 3 does anyway);
    # cardrules (README): it wins the match at once, which differs when more than one round is played.
    "kot_at_six_wins": ("round", "round"),
}
OWN = {k: v[0] for k, v in READINGS.items()}
CARDRULES = {k: v[1] for k, v in READINGS.items()}
HOKM_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]  # H1: low to high


def hokm_strength(card: str) -> int:
    return HOKM_ORDER.index(rank(card))


class Hokm(_Game):
    n = 4

    def __init__(self, options=None, shuffles=(), readings=None):
        super().__init__(shuffles)
        self.opt = dict(HOKM_DEFAULTS)
        self.opt.update(options or {})
        self.reading = dict(OWN)
        self.reading.update(readings or {})
        self.rounds = [0, 0]
        self.hakem = self._first_hakem()
        self._start_hand()

    @staticmethod
    def side(seat: int) -> int:
        return seat % 2

    def _first_hakem(self) -> int:
        deck = self._shuffle()  # H2: the draw is its own shuffle
        if self.opt["first_hakem"] == "ace":
            for i, c in enumerate(deck):
                if rank(c) == "A":
                    return i % 4  # face up one at a time from seat 0
            raise AssertionError("no ace")
        contenders = [0, 1, 2, 3]  # H2 alternative: highest rank (A high, H1), ties draw again
        pos = 0
        while True:
            drawn = {s: deck[pos + i] for i, s in enumerate(contenders)}
            pos += len(contenders)
            best = max(hokm_strength(c) for c in drawn.values())
            tied = [s for s in contenders if hokm_strength(drawn[s]) == best]
            if len(tied) == 1:
                return tied[0]
            self.events["draw tie"] += 1
            if self.reading["draw_ties"] == "tied-redraw":
                contenders = tied  # the tied players draw on from the same deck
            else:
                deck, pos = self._shuffle(), 0  # everyone draws again from a new shuffle

    # H4, H5
    def _start_hand(self) -> None:
        deck = self._shuffle()
        order = [(self.hakem + i) % 4 for i in range(4)]
        hands = {s: [] for s in range(4)}
        pos = 0
        for size in (5, 4, 4):
            for s in order:
                hands[s] += deck[pos:pos + size]
                pos += size
        self.full_hands = hands
        self.first_five = list(hands[self.hakem][:5])
        self.trump: str | None = None
        self.tricks = [0, 0]
        self.trick: list[tuple[int, str]] = []
        self.bam_on = False
        self.to_act = self.hakem
        if self.opt["throw_in"] and all(rank(c) in HOKM_ORDER[:9] for c in self.first_five):
            self.phase = "throw_in"  # H7: nothing above a 10
        else:
            self.phase = "trump"

    def _legal(self) -> list[str]:
        if self.phase == "throw_in":
            return ["keep", "redeal"]
        if self.phase == "trump":  # H5; the house rule: or no trump, when no card is trump (H10)
            return [f"trump {s}" for s in SUITS] + (["trump no_suit"] if self.opt["no_trump"] else [])
        if self.phase == "bam":
            return ["bam", "stop"]
        hand = self.hand[self.to_act]
        if self.trick:  # H9
            led = suit(self.trick[0][1])
            follow = [c for c in hand if suit(c) == led]
            if follow:
                return [f"play {c}" for c in follow]
        return [f"play {c}" for c in hand]

    def _apply(self, action: str) -> None:
        if self.phase == "throw_in":
            self.events[f"throw-in {action}"] += 1
            if action == "redeal":
                self._start_hand()  # a new shuffle, the same hakem
            else:
                self.phase = "trump"
            return
        if self.phase == "trump":
            self.trump = action.split()[1]
            self.hand = {s: list(h) for s, h in self.full_hands.items()}
            opponents = [(self.hakem + 1) % 4, (self.hakem + 3) % 4]
            if self.opt["void_redeal"] and self.trump != "no_suit" and \
                    any(all(suit(c) != self.trump for c in self.hand[s]) for s in opponents):
                self.events["void redeal"] += 1
                self._start_hand()  # H6: a new shuffle, the same hakem
                return
            self.phase = "play"
            self.to_act = self.hakem  # H8
            return
        if self.phase == "bam":
            self.events[action] += 1
            if action == "bam":
                self.bam_on = True
                self.phase = "play"
                self.to_act = self.leader
            else:
                self._end_hand()
            return
        card = action.split()[1]
        seat = self.to_act
        self.hand[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return
        led = suit(self.trick[0][1])  # H10

        def power(entry):
            c = entry[1]
            if suit(c) == self.trump:
                return 2, hokm_strength(c)
            return (1 if suit(c) == led else 0), hokm_strength(c)

        winner = max(self.trick, key=power)[0]
        self.trick = []
        w = self.side(winner)
        self.tricks[w] += 1
        self.leader = winner
        self.to_act = winner
        played = sum(self.tricks)
        if self.bam_on:
            if self.tricks[w] == 1:
                self.events["bam broken"] += 1
            # H14; README: a failed try is scored by the final tricks (1 point to the side with 7 or more)
            if played == 13 or (self.tricks[w] == 1 and self.reading["bam_failed"] == "stop-at-once"):
                self._end_hand()
            return
        if self.tricks[w] == 7:  # H11
            if self.opt["bam"] and self.tricks[1 - w] == 0:
                self.phase = "bam"  # H14: the winners may play on
                self.to_act = winner
            else:
                self._end_hand()

    def _end_hand(self) -> None:
        w = 0 if self.tricks[0] > self.tricks[1] else 1
        l_ = 1 - w
        hakem_side = self.side(self.hakem)
        kot = self.tricks[l_] == 0
        if kot:
            pts = 2 if w == hakem_side else 3  # H13
            self.events["kot" if w == hakem_side else "hakem kot"] += 1
        else:
            pts = 1  # H12
        points = [0, 0]
        points[w] = pts
        before = list(self.scores)
        self.scores[w] += pts
        next_hakem = self.hakem if w == hakem_side else (self.hakem + 1) % self.n  # H3
        match_won = False
        if self.bam_on and self.tricks[w] == 13:
            match_won = True  # H14
            self.events["bam made"] += 1
        elif self.bam_on:
            self.events["bam failed"] += 1
        if kot and before[w] == 6:
            self.events["kot from six"] += 1
        if kot and before[l_] == 6:
            self.events["kotted at six"] += 1
            if before[w] == 6:
                self.events["kotted at six by a team at six"] += 1
        if kot and self.opt["kot_at_six"] == "wins" and before[w] == 6:
            # H16 house rule: wins the round (the ordinary H15 check below does that) or, read as cardrules
            # does, the match
            match_won = match_won or self.reading["kot_at_six_wins"] == "match"
        if kot and self.opt["kot_at_six"] == "reset" and before[w] == 6:
            self.scores = [0, 0]  # H16 house rule: the losing team 6 and hakem, the other 1 (the source's words)
            self.scores[l_] = 6
            self.scores[w] = 1
            next_hakem = self.hakem if l_ == hakem_side else (self.hakem + 1) % self.n
        self.hands.append({"points": points, "totals": list(self.scores)})
        self.phase = "done"
        if match_won:  # the match at once: `rounds` shows the winner with the rounds it needed
            self.rounds[w] = self.opt["rounds"]
            self._finish(w)
            return
        if self.scores[w] >= 7:  # H15
            self.rounds[w] += 1
            self.events["round won"] += 1
            if self.rounds[w] >= self.opt["rounds"]:
                self._finish(w)
                return
            self.scores = [0, 0]  # README: a new round starts at 0-0, the hakem passes as usual
        self.hakem = next_hakem
        self._start_hand()

    def _finish(self, w: int) -> None:
        self.over = True
        self.winner = w
        self.to_act = None


class Hokm2p(Hokm):
    """Hokm for two (H17-H21): discards, then the keep-or-burn draw; play and scoring as the four-player game,
    each player his own side. Open points follow the README: discards and burned cards are out of play."""

    n = 2

    @staticmethod
    def side(seat: int) -> int:
        return seat

    def _first_hakem(self) -> int:
        deck = self._shuffle()  # H17: the first ace dealt face up, seats 0, 1, 0, ...
        return next(i % 2 for i, c in enumerate(deck) if rank(c) == "A")

    def _start_hand(self) -> None:
        deck = self._shuffle()
        other = 1 - self.hakem  # H17: the dealer; the hakem is dealt first
        self.hand = {self.hakem: deck[0:5], other: deck[5:10]}  # H18: five each
        self.stock = deck[10:]  # H19: 42 cards
        self.trump = None
        self.tricks = [0, 0]
        self.trick = []
        self.bam_on = False
        self.to_act = self.hakem
        self.phase = "trump"

    def _legal(self) -> list[str]:
        if self.phase == "discard":
            return [f"discard {c}" for c in self.hand[self.to_act]]
        if self.phase == "draw":
            return ["keep", "burn"]
        return super()._legal()

    def _apply(self, action: str) -> None:
        if self.phase == "trump":  # H18: then the hakem discards 3, the other 2
            self.trump = action.split()[1]
            self.phase, self.to_act, self.left = "discard", self.hakem, 3
            return
        if self.phase == "discard":
            self.hand[self.to_act].remove(action.split()[1])
            self.left -= 1
            if self.left == 0 and self.to_act == self.hakem:
                self.to_act, self.left = 1 - self.hakem, 2
            elif self.left == 0:
                self.phase, self.to_act = "draw", self.hakem
            return
        if self.phase == "draw":  # H19: keep the top card and burn the next, or burn it and keep the next
            top, after = self.stock[0], self.stock[1]
            del self.stock[:2]
            self.hand[self.to_act].append(top if action == "keep" else after)
            self.events[action] += 1
            if self.stock:
                self.to_act = 1 - self.to_act
            else:
                self.phase, self.to_act, self.leader = "play", self.hakem, self.hakem  # H20
            return
        super()._apply(action)


# --------------------------------------------------------------------------- bundled names

VARIANTS = {
    "pasur": ("pasur", {}),
    "pasur-4p": ("pasur", {"players": 4}),
    "pasur-105": ("pasur", {"target": 105}),
    "pasur-72": ("pasur", {"target": 72}),  # house rules of VARIANTS.md that are options of RULES.md's game
    "pasur-11": ("pasur", {"target": 11}),
    "pasur-multicapture": ("pasur", {"multi_capture": True}),
    "pasur-last-deal-sur": ("pasur", {"last_deal_sur": True}),
    "pasur-numeric-sur": ("pasur", {"sur_cards": "numeric"}),
    "pasur-most-cards": ("pasur", {"most_cards_bonus": 3}),
    "hokm": ("hokm", {}),
    "hokm-draw-hakem": ("hokm", {"first_hakem": "draw"}),
    "hokm-void-redeal": ("hokm", {"void_redeal": True}),
    "hokm-throw-in": ("hokm", {"throw_in": True}),
    "hokm-no-trump": ("hokm", {"no_trump": True}),
    "hokm-bam": ("hokm", {"bam": True}),
    "hokm-rounds-2": ("hokm", {"rounds": 2}),
    "hokm-rounds-3": ("hokm", {"rounds": 3}),
    "hokm-kot-at-six-wins": ("hokm", {"kot_at_six": "wins"}),
    "hokm-kot-at-six-reset": ("hokm", {"kot_at_six": "reset"}),
    "hokm-2p": ("hokm", {"players": 2}),
    "hokm-2p-bam": ("hokm", {"players": 2, "bam": True}),
    "hokm-2p-rounds-2": ("hokm", {"players": 2, "rounds": 2}),
    "hokm-2p-rounds-3": ("hokm", {"players": 2, "rounds": 3}),
    "hokm-2p-kot-at-six-wins": ("hokm", {"players": 2, "kot_at_six": "wins"}),
    "hokm-2p-kot-at-six-reset": ("hokm", {"players": 2, "kot_at_six": "reset"}),
}


def make(name: str, options=None, shuffles=(), readings=None):
    """A reference game for a bundled ruleset name, with record-style option overrides; `readings` picks
    among READINGS (default: the reference's own)."""
    game, base = VARIANTS[name]
    opts = dict(base)
    opts.update(options or {})
    if game == "pasur":
        return Pasur(opts, shuffles)
    return (Hokm2p if opts.get("players") == 2 else Hokm)(opts, shuffles, readings)
