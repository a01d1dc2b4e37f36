"""Ghahveh for four, hand-written (RULES.md G1-G10, the defaults of rulesets/ghahveh.yaml).

A yardstick for the engine's speed: plain Python, cards as ints (suit * 13 + rank - 1, suits
S H D C, ranks A..K; BJ = 52, RJ = 53), so sorting ints gives CONTRACT.md's canonical order.
A move is a bid (2..13) while bidding, else a card.
"""

from __future__ import annotations

import random

NAMES = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
NAMES += ["BJ", "RJ"]
BJ, RJ = 52, 53
DECK = [c for c in range(54) if NAMES[c] not in ("2D", "2H")]  # G1
SUIT = [c // 13 for c in range(52)] + [-1, -1]  # jokers belong to no suit (G6)
# G2: spades trump; RJ, then BJ above everything
POWER = [(c % 13 - 1) % 13 for c in range(52)] + [100, 101]


def card_ids(order) -> list[int]:
    return [c if isinstance(c, int) else NAMES.index(c.upper()) for c in order]


class Ghahveh:
    def __init__(self, seed=0, decks=None, hand_limit: int = 100, target: int = 501):
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
            deck = list(DECK)
            self.rng.shuffle(deck)
        self.shuffles.append(list(deck))
        return deck

    def new_hand(self) -> None:
        deck = self.shuffle()
        first = (self.dealer + 1) % 4
        self.hand = [[], [], [], []]
        pos = 0
        for count in (5, 4, 4):  # G3: 5, 4, 4 each from the player after the dealer
            for i in range(4):
                self.hand[(first + i) % 4].extend(deck[pos:pos + count])
                pos += count
        self.bids = [0, 0, 0, 0]
        self.bidding = True
        self.to_act = self.leader = first
        self.tricks = [0, 0]
        self.trick_no = 1
        self.trick: list[int] = []
        self.led = -1
        self.bj_played = False

    def legal(self) -> list[int]:
        if self.bidding:
            return list(range(2, 14))  # G4
        hand = self.hand[self.to_act]
        if BJ in hand and self.trick_no >= 10:  # G7: BJ by the 10th trick
            return [BJ]
        cards = hand
        if RJ in hand and not self.bj_played and len(hand) > 1:  # G7: no RJ before BJ
            cards = [c for c in hand if c != RJ]
        if self.trick:  # G6: follow suit, but a joker may always be played
            follow = [c for c in cards if SUIT[c] == self.led]
            if follow:
                return follow + [c for c in cards if c >= BJ]
        return list(cards)

    def action_text(self, move) -> str:
        return f"bid {move}" if self.bidding else "play " + NAMES[move]

    def apply(self, move) -> None:
        seat = self.to_act
        if self.bidding:
            self.bids[seat] = move
            self.to_act = (seat + 1) % 4
            if self.to_act == self.leader:
                self.bidding = False  # G5: the player after the dealer leads
            return
        self.hand[seat].remove(move)
        if not self.trick:
            self.led = SUIT[move] if move < BJ else 0  # G8: a led joker asks for trump
        if move == BJ:
            self.bj_played = True
        self.trick.append(move)
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return
        best = 0
        for i in range(1, 4):
            c, b = self.trick[i], self.trick[best]
            if self.beats(c, b):
                best = i
        winner = (self.leader + best) % 4
        self.tricks[winner % 2] += 1
        self.trick = []
        self.leader = self.to_act = winner
        self.trick_no += 1
        if self.trick_no > 13:
            self.end_hand()

    def beats(self, c: int, b: int) -> bool:
        if c >= BJ or b >= BJ:
            return POWER[c] > POWER[b] and c >= BJ
        if SUIT[c] == SUIT[b]:
            return POWER[c] > POWER[b]
        return SUIT[c] == 0  # a spade (trump) over a card of another suit; anything else loses

    def end_hand(self) -> None:
        for side in (0, 1):  # G9
            contract = self.bids[side] + self.bids[side + 2]
            if self.tricks[side] < contract:
                self.scores[side] -= 10 * contract
            else:
                self.scores[side] += 10 * contract + self.tricks[side] - contract
        self.hands += 1
        a, b = self.scores
        if a != b and (max(a, b) >= self.target or 0 < self.hand_limit <= self.hands):  # G10, hand limit
            self.over = True
            self.winner = 0 if a > b else 1
            return
        if self.scores[self.dealer % 2] > self.scores[(self.dealer + 1) % 2]:  # G3: deal again until ahead
            self.dealer = (self.dealer + 1) % 4
        self.new_hand()


def new_game(seed=0, decks=None, hand_limit: int = 100) -> Ghahveh:
    return Ghahveh(seed, decks, hand_limit)
