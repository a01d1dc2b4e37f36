"""Pasur for two, hand-written (RULES.md P1-P20, the defaults of rulesets/pasur.yaml).

A yardstick for the engine's speed: plain Python, cards as ints 0..51 (suit * 13 + rank - 1,
suits S H D C, ranks A..K), so sorting ints gives CONTRACT.md's canonical order.
A move is (card, taken cards).
"""

from __future__ import annotations

import random

NAMES = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
RANK = [c % 13 + 1 for c in range(52)]  # A = 1 .. K = 13
JACK, QUEEN, KING = 11, 12, 13
TEN_D, TWO_C = NAMES.index("10D"), NAMES.index("2C")


def card_ids(order) -> list[int]:
    return [c if isinstance(c, int) else NAMES.index(c.upper()) for c in order]


def sums_to(cards: list[int], total: int) -> list[tuple]:
    """Every set of `cards` (numeric, sorted by rank) whose ranks add up to `total`."""
    out = []

    def grow(i, left, chosen):
        for j in range(i, len(cards)):
            r = RANK[cards[j]]
            if r > left:
                break
            if r == left:
                out.append(chosen + (cards[j],))
            else:
                grow(j + 1, left - r, chosen + (cards[j],))

    grow(0, total, ())
    return out


class Pasur:
    def __init__(self, seed=0, decks=None, target: int = 62):
        self.rng = random.Random(seed)
        self.given = [card_ids(d) for d in decks or []]
        self.shuffles: list[list[int]] = []  # every deck order used, for replaying elsewhere
        self.target = target
        self.scores = [0, 0]
        self.hands = 0
        self.over = False
        self.winner = None
        self.dealer = 1
        self.new_hand()

    def shuffle(self) -> list[int]:
        if len(self.shuffles) < len(self.given):
            deck = list(self.given[len(self.shuffles)])
        else:
            deck = list(range(52))
            self.rng.shuffle(deck)
        self.shuffles.append(list(deck))
        return deck

    def new_hand(self) -> None:
        first = 1 - self.dealer
        while True:  # P3: too many jacks, queens or kings on the table: reshuffle
            deck = self.shuffle()
            table = deck[8:12]
            ranks = [RANK[c] for c in table]
            if ranks.count(JACK) <= 1 and ranks.count(QUEEN) < 3 and ranks.count(KING) < 3:
                break
        self.hand = [[], []]
        self.hand[first] = deck[0:4]  # P2: 4 each from the player after the dealer, then the table
        self.hand[self.dealer] = deck[4:8]
        self.stock = deck[12:]
        for i in range(4):  # P3: a jack goes under the stock, the next card takes its place
            while RANK[table[i]] == JACK:
                self.stock.append(table[i])
                table[i] = self.stock.pop(0)
        self.table = table
        self.won = [[], []]
        self.surs = [0, 0]
        self.last_capturer = -1
        self.to_act = first

    def captures(self, card: int) -> list[tuple]:
        r = RANK[card]
        if r <= 10:  # P6: numeric cards that make 11
            numeric = sorted((c for c in self.table if RANK[c] <= 10), key=RANK.__getitem__)
            return sums_to(numeric, 11 - r)
        if r == JACK:  # P9: all but queens and kings
            taken = tuple(c for c in self.table if RANK[c] < QUEEN)
            return [taken] if taken else []
        return [(c,) for c in self.table if RANK[c] == r]  # P8: a queen a queen, a king a king

    def legal(self) -> list[tuple]:
        moves = []
        for card in self.hand[self.to_act]:
            options = self.captures(card)
            if options:  # P7: capturing is mandatory
                moves.extend((card, taken) for taken in options)
            else:
                moves.append((card, ()))
        return moves

    def action_text(self, move) -> str:
        card, taken = move
        if not taken:
            return "play " + NAMES[card]
        return "play " + NAMES[card] + " take " + " ".join(NAMES[c] for c in sorted(taken))

    def apply(self, move) -> None:
        card, taken = move
        seat = self.to_act
        self.hand[seat].remove(card)
        if taken:
            for c in taken:
                self.table.remove(c)
            self.won[seat].append(card)
            self.won[seat].extend(taken)
            self.last_capturer = seat
            # P13, P14: clearing the table is a sur, but not with a jack or in the last deal
            if not self.table and RANK[card] != JACK and self.stock:
                self.surs[seat] += 1
        else:
            self.table.append(card)
        self.to_act = 1 - seat
        if self.hand[0] or self.hand[1]:
            return
        if self.stock:  # P5: 4 more each, in the same order
            first = 1 - self.dealer
            self.hand[first] = self.stock[0:4]
            self.hand[self.dealer] = self.stock[4:8]
            del self.stock[0:8]
            return
        self.end_hand()

    def end_hand(self) -> None:
        if self.last_capturer >= 0:  # P17: leftovers to the last capturer
            self.won[self.last_capturer].extend(self.table)
            self.table = []
        for side in (0, 1):
            won = self.won[side]
            points = 0
            if sum(1 for c in won if c >= 39) >= 7:  # clubs are 39..51
                points += 7
            if TEN_D in won:
                points += 3
            if TWO_C in won:
                points += 2
            points += sum(1 for c in won if RANK[c] in (1, JACK))  # aces and jacks
            points += 5 * max(0, self.surs[side] - self.surs[1 - side])  # P16
            self.scores[side] += points
        self.hands += 1
        a, b = self.scores
        if a != b and max(a, b) >= self.target:  # P20: reach the target alone on top
            self.over = True
            self.winner = 0 if a > b else 1
            return
        self.dealer = 1 - self.dealer
        self.new_hand()


def new_game(seed=0, decks=None) -> Pasur:
    return Pasur(seed, decks)
