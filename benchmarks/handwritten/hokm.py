"""Hokm for four, hand-written (RULES.md H1-H15, the defaults of rulesets/hokm.yaml).

A yardstick for the engine's speed: plain Python, cards as ints 0..51 (suit * 13 + rank - 1,
suits S H D C, ranks A..K). A move is a suit index (0..3) while trump is named, else a card.
"""

from __future__ import annotations

import random

NAMES = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
SUIT = [c // 13 for c in range(52)]
POWER = [(c % 13 - 1) % 13 for c in range(52)]  # 2 = 0 .. K = 11, A = 12 (H1)


def card_ids(order) -> list[int]:
    return [c if isinstance(c, int) else NAMES.index(c.upper()) for c in order]


class Hokm:
    def __init__(self, seed=0, decks=None):
        self.rng = random.Random(seed)
        self.given = [card_ids(d) for d in decks or []]
        self.shuffles: list[list[int]] = []  # every deck order used, for replaying elsewhere
        self.scores = [0, 0]
        self.hands = 0
        self.over = False
        self.winner = None
        deck = self.shuffle()  # H2: the first ace dealt face up from seat 0 makes the hakem
        i = 0
        while deck[i] % 13 != 0:
            i += 1
        self.hakem = i % 4
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
        self.deck = self.shuffle()
        h = self.hakem
        self.hand = [[], [], [], []]
        for i in range(4):  # H4, H5: the dealer sits before the hakem, so the hakem gets 5 first
            self.hand[(h + i) % 4] = self.deck[5 * i:5 * i + 5]
        self.naming = True
        self.trump = -1
        self.tricks = [0, 0]
        self.trick: list[int] = []
        self.leader = h
        self.to_act = h

    def legal(self) -> list[int]:
        if self.naming:
            return [0, 1, 2, 3]
        hand = self.hand[self.to_act]
        if self.trick:  # H9: follow suit if you can
            led = SUIT[self.trick[0]]
            follow = [c for c in hand if SUIT[c] == led]
            if follow:
                return follow
        return list(hand)

    def action_text(self, move) -> str:
        return "trump " + "SHDC"[move] if self.naming else "play " + NAMES[move]

    def apply(self, move) -> None:
        if self.naming:  # H5: trump named, then 4 and 4 each, hakem first
            self.trump = move
            self.naming = False
            for i in range(4):
                seat = (self.hakem + i) % 4
                self.hand[seat] = self.hand[seat] + self.deck[20 + 4 * i:24 + 4 * i] + self.deck[36 + 4 * i:40 + 4 * i]
            return
        self.hand[self.to_act].remove(move)
        self.trick.append(move)
        if len(self.trick) < 4:
            self.to_act = (self.to_act + 1) % 4
            return
        trump = self.trump  # H10: the highest trump, else the highest of the suit led
        best = 0
        for i in range(1, 4):
            c, b = self.trick[i], self.trick[best]
            if SUIT[c] == SUIT[b] and POWER[c] > POWER[b] or SUIT[c] == trump and SUIT[b] != trump:
                best = i
        winner = (self.leader + best) % 4
        self.tricks[winner % 2] += 1
        self.trick = []
        self.leader = self.to_act = winner
        if self.tricks[winner % 2] == 7:  # H11
            self.end_hand(winner % 2)

    def end_hand(self, side: int) -> None:
        hakem_side = self.hakem % 2
        if self.tricks[1 - side]:  # H12, H13
            points = 1
        else:
            points = 2 if side == hakem_side else 3
        self.scores[side] += points
        self.hands += 1
        if self.scores[side] >= 7:  # H15: one round to 7
            self.over = True
            self.winner = side
            return
        if side != hakem_side:  # H3
            self.hakem = (self.hakem + 1) % 4
        self.new_hand()


def new_game(seed=0, decks=None) -> Hokm:
    return Hokm(seed, decks)
