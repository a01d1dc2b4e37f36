"""Shelem for four, hand-written (RULES.md S1-S13, the defaults of rulesets/shelem.yaml).

A yardstick for the engine's speed: plain Python, cards as ints 0..51 (suit * 13 + rank - 1,
suits S H D C, ranks A..K). A move is a bid (0 for pass) while bidding, else a card
(to discard or to play).
"""

from __future__ import annotations

import random

NAMES = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
SUIT = [c // 13 for c in range(52)]
POWER = [(c % 13 - 1) % 13 for c in range(52)]  # 2 = 0 .. K = 11, A = 12
POINTS = [{1: 10, 5: 5, 10: 10}.get(c % 13 + 1, 0) for c in range(52)]  # S9: fives 5, tens and aces 10
BIDDING, DISCARD, PLAY = 0, 1, 2


def card_ids(order) -> list[int]:
    return [c if isinstance(c, int) else NAMES.index(c.upper()) for c in order]


class Shelem:
    def __init__(self, seed=0, decks=None, hand_limit: int = 100, target: int = 1200):
        self.rng = random.Random(seed)
        self.given = [card_ids(d) for d in decks or []]
        self.shuffles: list[list[int]] = []  # every deck order used, for replaying elsewhere
        self.hand_limit = hand_limit  # cardrules' option: after this many hands the higher total wins (0: none)
        self.target = target
        self.scores = [0, 0]
        self.hands = 0
        self.over = False
        self.winner = None
        self.dealer = 3
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
        deck = self.shuffle()
        d = self.dealer
        self.hand = [[], [], [], []]
        for i in range(3):  # S2: 12 to each of the others, 4 to the widow, 12 to the dealer
            self.hand[(d + 1 + i) % 4] = deck[12 * i:12 * i + 12]
        self.widow = deck[36:40]
        self.hand[d] = deck[40:52]
        self.phase = BIDDING
        self.high, self.high_seat = 0, -1
        self.passed = [False] * 4
        self.to_act = (d + 1) % 4  # S3

    def legal(self) -> list[int]:
        if self.phase == BIDDING:  # S3, S4: 100 to 165 by 5, above the current bid; or pass (0)
            return [0] + list(range(max(100, self.high + 5), 166, 5))
        hand = self.hand[self.to_act]
        if self.phase == PLAY and self.trick:  # S8: follow suit if you can
            led = SUIT[self.trick[0]]
            follow = [c for c in hand if SUIT[c] == led]
            if follow:
                return follow
        return list(hand)

    def action_text(self, move) -> str:
        if self.phase == BIDDING:
            return f"bid {move}" if move else "pass"
        return ("discard " if self.phase == DISCARD else "play ") + NAMES[move]

    def apply(self, move) -> None:
        seat = self.to_act
        if self.phase == BIDDING:
            self.bid(seat, move)
        elif self.phase == DISCARD:  # S6: the discards count as won, and as one more trick
            self.hand[seat].remove(move)
            self.taken[seat % 2] += POINTS[move]
            self.discards_left -= 1
            if self.discards_left == 0:
                self.taken[seat % 2] += 5
                self.phase = PLAY
        else:
            self.play(seat, move)

    def bid(self, seat: int, move: int) -> None:
        if move:
            self.high, self.high_seat = move, seat
        else:
            self.passed[seat] = True  # S4: a pass is final
        live = [s for s in range(4) if not self.passed[s]]
        if live == [self.high_seat]:  # S5: the last bidder is hakem
            self.hakem, self.contract = self.high_seat, self.high
            self.hand[self.hakem] += self.widow
            self.phase = DISCARD
            self.discards_left = 4
            self.taken = [0, 0]
            self.tricks = [0, 0]
            self.trick: list[int] = []
            self.trump = -1
            self.leader = self.to_act = self.hakem
        elif not live:  # S5: all passed, the same dealer deals again; not a hand
            self.new_hand()
        else:
            nxt = (seat + 1) % 4
            while self.passed[nxt]:
                nxt = (nxt + 1) % 4
            self.to_act = nxt

    def play(self, seat: int, card: int) -> None:
        self.hand[seat].remove(card)
        if self.trump < 0:  # S7: the hakem's first lead names trump
            self.trump = SUIT[card]
        self.trick.append(card)
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return
        best = 0
        for i in range(1, 4):
            c, b = self.trick[i], self.trick[best]
            if SUIT[c] == SUIT[b] and POWER[c] > POWER[b] or SUIT[c] == self.trump and SUIT[b] != self.trump:
                best = i
        winner = (self.leader + best) % 4
        self.tricks[winner % 2] += 1
        self.taken[winner % 2] += 5 + sum(POINTS[c] for c in self.trick)
        self.trick = []
        self.leader = self.to_act = winner
        if self.tricks[0] + self.tricks[1] == 12:
            self.end_hand()

    def end_hand(self) -> None:
        h = self.hakem % 2
        o = 1 - h
        points = [0, 0]
        if self.tricks[h] == 12:  # S11: shelem
            points[h] = 330
        else:
            points[o] = self.taken[o]
            if self.taken[h] >= self.contract:  # S10
                points[h] = self.taken[h]
            elif self.taken[h] < self.taken[o]:  # S12: yasa
                points[h] = -165
            else:
                points[h] = -self.contract
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        self.hands += 1
        a, b = self.scores
        if a != b and (max(a, b) >= self.target or 0 < self.hand_limit <= self.hands):  # S13, hand limit
            self.over = True
            self.winner = 0 if a > b else 1
            return
        self.dealer = (self.dealer + 1) % 4  # S1
        self.new_hand()


def new_game(seed=0, decks=None, hand_limit: int = 100) -> Shelem:
    return Shelem(seed, decks, hand_limit)
