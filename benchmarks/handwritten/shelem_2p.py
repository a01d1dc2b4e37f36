"""Shelem for two with piles as partners, hand-written (RULES.md S14-S18, the defaults of
rulesets/shelem-2p.yaml).

A yardstick for the engine's speed: plain Python, cards as ints 0..51 (suit * 13 + rank - 1,
suits S H D C, ranks A..K). A move is a bid (0 for pass) while bidding, else a card
(to discard, or to play from hand or from a pile top).
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


class Shelem2p:
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
        deck = self.shuffle()
        d = self.dealer
        o = 1 - d
        self.hand = [[], []]
        self.hand[o], self.hand[d] = deck[0:12], deck[12:24]
        # S14: piles of 4: opponent, dealer, opponent, dealer, opponent, widow, dealer; the top is the last card
        self.piles = [[[], [], []], [[], [], []]]
        self.piles[o][0], self.piles[d][0] = deck[24:28], deck[28:32]
        self.piles[o][1], self.piles[d][1] = deck[32:36], deck[36:40]
        self.piles[o][2], self.widow, self.piles[d][2] = deck[40:44], deck[44:48], deck[48:52]
        self.phase = BIDDING
        self.high, self.high_seat = 0, -1
        self.passed = [False, False]
        self.to_act = o  # S15: the opponent bids first

    def legal(self) -> list[int]:
        if self.phase == BIDDING:  # S3, S15: 100 to 165 by 5, above the current bid; or pass (0)
            return [0] + list(range(max(100, self.high + 5), 166, 5))
        if self.phase == DISCARD:
            return list(self.hand[self.to_act])
        if len(self.trick) < 2:  # S17: leader and other from hand, then each from a face-up pile top
            cards = self.hand[self.to_act]
        else:
            cards = [p[-1] for p in self.piles[self.to_act] if p]
        if self.trick:  # follow suit where the cards allow
            led = SUIT[self.trick[0]]
            follow = [c for c in cards if SUIT[c] == led]
            if follow:
                return follow
        return list(cards)

    def action_text(self, move) -> str:
        if self.phase == BIDDING:
            return f"bid {move}" if move else "pass"
        return ("discard " if self.phase == DISCARD else "play ") + NAMES[move]

    def apply(self, move) -> None:
        seat = self.to_act
        if self.phase == BIDDING:
            self.bid(seat, move)
        elif self.phase == DISCARD:  # S16: the discards count as won, and as one more trick
            self.hand[seat].remove(move)
            self.taken[seat] += POINTS[move]
            self.discards_left -= 1
            if self.discards_left == 0:
                self.taken[seat] += 5
                self.phase = PLAY
        else:
            self.play(seat, move)

    def bid(self, seat: int, move: int) -> None:
        if move:
            self.high, self.high_seat = move, seat
        else:
            self.passed[seat] = True
        other = 1 - seat
        if self.passed[other] and not self.passed[seat] or self.passed[seat] and self.high_seat == other:
            self.hakem, self.contract = self.high_seat, self.high  # S15: one player left, with a bid
            self.hand[self.hakem] += self.widow
            self.phase = DISCARD
            self.discards_left = 4
            self.taken = [0, 0]
            self.tricks = [0, 0]
            self.trick: list[int] = []
            self.trump = -1
            self.leader = self.to_act = self.hakem
        elif self.passed[0] and self.passed[1]:  # S5: both passed, the same dealer deals again; not a hand
            self.new_hand()
        else:
            self.to_act = other

    def play(self, seat: int, card: int) -> None:
        if len(self.trick) < 2:
            self.hand[seat].remove(card)
        else:
            for p in self.piles[seat]:
                if p and p[-1] == card:
                    p.pop()
                    break
        if self.trump < 0:  # S16: the hakem's first lead names trump
            self.trump = SUIT[card]
        self.trick.append(card)
        if len(self.trick) < 4:
            self.to_act = 1 - seat
            return
        best = 0
        for i in range(1, 4):
            c, b = self.trick[i], self.trick[best]
            if SUIT[c] == SUIT[b] and POWER[c] > POWER[b] or SUIT[c] == self.trump and SUIT[b] != self.trump:
                best = i
        winner = self.leader if best % 2 == 0 else 1 - self.leader  # a pile plays for its owner
        self.tricks[winner] += 1
        self.taken[winner] += 5 + sum(POINTS[c] for c in self.trick)
        self.trick = []
        self.leader = self.to_act = winner
        if self.tricks[0] + self.tricks[1] == 12:
            self.end_hand()

    def end_hand(self) -> None:
        h = self.hakem
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
        self.dealer = 1 - self.dealer  # S1
        self.new_hand()


def new_game(seed=0, decks=None, hand_limit: int = 100) -> Shelem2p:
    return Shelem2p(seed, decks, hand_limit)
