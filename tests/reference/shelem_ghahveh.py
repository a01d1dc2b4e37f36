"""An independent, deliberately plain reference for Shelem (RULES.md §3) and Ghahveh (§4).

Written from RULES.md and CONTRACT.md only, without the engine: the conformance tests replay games
generated here through `cardrules replay --json` and compare, prefix by prefix.

    game = Game("shelem", shuffles=[deck_order, ...], options={"hand_limit": 2})
    game.legal()            # sorted canonical action text: "bid 100", "pass", "discard 2C", "play 7H"
    game.apply("bid 100")
    game.to_act, game.over, game.scores, game.hands   # hands: [{"points": [..], "totals": [..]}, ...]

`shuffles` is a list of deck orders (card names) or a callable returning the next one; every shuffle
the game performs (each hand's deal and each redeal after four passes, S5) takes the next one.
`used_shuffles` lists the deck orders consumed so far.
"""

from __future__ import annotations

SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
POWER = {r: i for i, r in enumerate(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])}

# name -> (game, players, default options)
RULESETS = {
    "shelem": ("shelem", 4, {"target": 1200, "hand_limit": 0}),
    "shelem-660": ("shelem", 4, {"target": 660, "hand_limit": 0}),
    "shelem-330": ("shelem", 4, {"target": 330, "hand_limit": 0}),
    "shelem-2p": ("shelem", 2, {"target": 1200, "hand_limit": 0}),
    "ghahveh": ("ghahveh", 4, {"target": 501, "hand_limit": 0, "joker_lead": "trump"}),
    "ghahveh-1001": ("ghahveh", 4, {"target": 1001, "hand_limit": 0, "joker_lead": "trump"}),
}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str | None:
    """The suit letter; None for the jokers (G6: they belong to no suit)."""
    return None if card in ("BJ", "RJ") else card[-1]


def card_key(card: str) -> tuple[int, int]:
    """CONTRACT.md canonical order: suit S H D C, rank A 2 … K, jokers last (BJ, RJ)."""
    if card == "BJ":
        return (4, 0)
    if card == "RJ":
        return (4, 1)
    return (SUITS.index(card[-1]), RANKS.index(rank(card)))


def full_deck(name: str) -> list[str]:
    """The ruleset's deck in canonical order (G1 for Ghahveh)."""
    deck = [r + s for s in SUITS for r in RANKS]
    if RULESETS[name][0] == "ghahveh":
        deck = [c for c in deck if c not in ("2D", "2H")] + ["BJ", "RJ"]
    return deck


def card_points(card: str) -> int:
    """S9: each 5 is worth 5, each 10 and each ace 10."""
    r = rank(card)
    return 5 if r == "5" else 10 if r in ("10", "A") else 0


class IllegalAction(Exception):
    pass


class Game:
    def __init__(self, name: str, shuffles, options: dict | None = None):
        self.name = name
        self.kind, self.n, defaults = RULESETS[name]
        self.options = {**defaults, **(options or {})}
        self.target = self.options["target"]
        self.hand_limit = self.options["hand_limit"]
        self._shuffles = shuffles
        self.used_shuffles: list[list[str]] = []
        self.deck = full_deck(name)
        self.totals = [0, 0]
        self.hands: list[dict] = []
        self.over = False
        self.winner: int | None = None
        self.dealer = self.n - 1           # CONTRACT.md: the last seat deals first (S1, G3)
        self.redeals = 0
        self._legal: list[str] | None = None
        self._deal()

    # ---------------------------------------------------------------- helpers
    def side(self, seat: int) -> int:
        return seat % 2 if self.n == 4 else seat

    def _next_deck(self) -> list[str]:
        if callable(self._shuffles):
            order = list(self._shuffles())
        else:
            if len(self.used_shuffles) >= len(self._shuffles):
                raise RuntimeError("the reference ran out of shuffles")
            order = list(self._shuffles[len(self.used_shuffles)])
        assert sorted(order, key=card_key) == self.deck, "a shuffle is not a permutation of the deck"
        self.used_shuffles.append(order)
        return order

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    # ---------------------------------------------------------------- dealing
    def _deal(self) -> None:
        deck = self._next_deck()
        n, d = self.n, self.dealer
        self.hand = {s: [] for s in range(n)}
        self.won: list[list[str]] = [[], []]
        self.tricks = [0, 0]
        self.trick: list[tuple[int, str]] = []
        self.trick_no = 1
        self.played: set[str] = set()
        pos = 0

        def take(k: int) -> list[str]:
            nonlocal pos
            out = deck[pos:pos + k]
            pos += k
            return out

        if self.kind == "ghahveh":
            # G3: packets of 5, 4, 4 to each in play order, starting after the dealer
            for k in (5, 4, 4):
                for i in range(1, n + 1):
                    self.hand[(d + i) % n] += take(k)
            self.bids: dict[int, int] = {}
            self.phase = "bid"
            self.to_act = (d + 1) % n
            self.leader = (d + 1) % n          # G5
            return

        self.piles: dict[int, list[list[str]]] = {}
        if n == 4:
            # S2: 12 to each of the others from the one after the dealer, 4 to the widow, 12 to the dealer
            for i in range(1, n):
                self.hand[(d + i) % n] = take(12)
            self.widow = take(4)
            self.hand[d] = take(12)
        else:
            # S14: 12 to the opponent, 12 to the dealer, then piles of 4:
            # opponent, self, opponent, self, opponent, widow, self.  A pile's top is its last card.
            o = (d + 1) % 2
            self.hand[o] = take(12)
            self.hand[d] = take(12)
            self.piles = {o: [], d: []}
            self.piles[o].append(take(4))
            self.piles[d].append(take(4))
            self.piles[o].append(take(4))
            self.piles[d].append(take(4))
            self.piles[o].append(take(4))
            self.widow = take(4)
            self.piles[d].append(take(4))
        assert pos == len(deck)
        self.phase = "bid"
        self.to_act = (d + 1) % n              # S3, S15
        self.high: tuple[int, int] | None = None   # (bid, seat)
        self.passed: set[int] = set()
        self.spoken: set[int] = set()
        self.hakem: int | None = None
        self.contract = 0
        self.discards: list[str] = []
        self.trump: str | None = None
        self.step = 0                           # 2p: position in the four-card trick (S17)

    # ---------------------------------------------------------------- legal actions
    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[str]:
        if self.over:
            return []
        if self.phase == "bid":
            if self.kind == "ghahveh":
                acts = [f"bid {k}" for k in range(2, 14)]          # G4
            else:
                low = 100 if self.high is None else self.high[0] + 5   # S3, S4
                acts = [f"bid {k}" for k in range(low, 166, 5)] + ["pass"]
        elif self.phase == "discard":
            acts = [f"discard {c}" for c in self.hand[self.to_act]]   # S6
        else:
            acts = [f"play {c}" for c in self._playable()]
        return sorted(acts)

    def _led_suit(self) -> str | None:
        first = self.trick[0][1]
        s = suit(first)
        if s is None:                                  # G8: a led joker makes trump the suit led
            return "S" if self.options.get("joker_lead", "trump") == "trump" else None
        return s

    def _playable(self) -> list[str]:
        seat = self.to_act
        if self.kind == "shelem" and self.n == 2 and self.step >= 2:
            cards = [p[-1] for p in self.piles[seat] if p]       # S17: face-up pile tops
        else:
            cards = list(self.hand[seat])
        if self.kind == "ghahveh":
            return self._ghahveh_playable(cards)
        if not self.trick:
            return cards                                  # S7, S16: lead anything (first lead declares trump)
        led = self._led_suit()
        follow = [c for c in cards if suit(c) == led]
        return follow or cards                            # S8/H9, S17

    def _ghahveh_playable(self, cards: list[str]) -> list[str]:
        bj_played = "BJ" in self.played or any(c == "BJ" for _, c in self.trick)
        if "BJ" in cards and self.trick_no == 10:
            return ["BJ"]                                 # G7: by the 10th trick
        jokers = [c for c in cards if c == "BJ" or (c == "RJ" and bj_played)]   # G6, G7
        plain = [c for c in cards if suit(c) is not None]
        if self.trick:
            led = self._led_suit()
            if led is not None:
                follow = [c for c in plain if suit(c) == led]
                if follow:
                    plain = follow                        # G5/H9; jokers are free (G6)
        return plain + jokers

    # ---------------------------------------------------------------- applying
    def apply(self, action: str) -> None:
        if action not in self.legal():
            raise IllegalAction(f"{action!r} is not legal; legal: {self.legal()}")
        self._legal = None
        verb, _, arg = action.partition(" ")
        seat = self.to_act
        if verb == "bid" or verb == "pass":
            if self.kind == "ghahveh":
                self._ghahveh_bid(seat, int(arg))
            elif self.n == 4:
                self._shelem_bid4(seat, verb, arg)
            else:
                self._shelem_bid2(seat, verb, arg)
        elif verb == "discard":
            self.hand[seat].remove(arg)
            self.discards.append(arg)
            if len(self.discards) == 4:
                self.phase = "play"
                self.to_act = self.leader = self.hakem
        else:
            self._play(seat, arg)

    def _ghahveh_bid(self, seat: int, k: int) -> None:
        self.bids[seat] = k
        if len(self.bids) == self.n:
            self.phase = "play"
            self.to_act = self.leader
        else:
            self.to_act = (seat + 1) % self.n

    def _shelem_bid4(self, seat: int, verb: str, arg: str) -> None:
        if verb == "pass":
            self.passed.add(seat)
        else:
            self.high = (int(arg), seat)
        if len(self.passed) == 4:                          # S5: all pass, the same dealer redeals
            self.redeals += 1
            self._deal()
            return
        if len(self.passed) == 3 and self.high is not None:
            self._start_widow(self.high[1], self.high[0])
            return
        nxt = (seat + 1) % 4
        while nxt in self.passed:
            nxt = (nxt + 1) % 4
        self.to_act = nxt

    def _shelem_bid2(self, seat: int, verb: str, arg: str) -> None:
        other = 1 - seat
        first_passed = bool(self.spoken) and self.high is None
        self.spoken.add(seat)
        if verb == "pass":
            if self.high is not None:                      # S15: a pass after a bid
                self._start_widow(self.high[1], self.high[0])
            elif first_passed:                             # both passed: redeal (S5)
                self.redeals += 1
                self._deal()
            else:
                self.to_act = other
            return
        self.high = (int(arg), seat)
        if first_passed:                                   # S15: the first passed, the other bids: hakem
            self._start_widow(seat, int(arg))
        else:
            self.to_act = other

    def _start_widow(self, hakem: int, contract: int) -> None:
        self.hakem, self.contract = hakem, contract
        self.hand[hakem] += self.widow                     # S6, S16
        self.widow = []
        self.phase = "discard"
        self.to_act = hakem

    def _play(self, seat: int, card: str) -> None:
        if self.kind == "shelem" and self.n == 2 and self.step >= 2:
            pile = next(p for p in self.piles[seat] if p and p[-1] == card)
            pile.pop()
        else:
            self.hand[seat].remove(card)
        if self.kind == "shelem" and self.trump is None:
            self.trump = suit(card)                        # S7, S16
        self.trick.append((seat, card))
        size = 4
        if len(self.trick) < size:
            if self.kind == "shelem" and self.n == 2:
                self.step += 1
                self.to_act = 1 - seat                     # S17: leader, other, leader, other
            else:
                self.to_act = (seat + 1) % self.n
            return
        winner = self._trick_winner()
        for _, c in self.trick:
            self.played.add(c)
        s = self.side(winner)
        self.won[s] += [c for _, c in self.trick]
        self.tricks[s] += 1
        self.trick = []
        self.step = 0
        self.trick_no += 1
        self.leader = self.to_act = winner
        if self.trick_no > (13 if self.kind == "ghahveh" else 12):
            self._end_hand()

    def _trick_winner(self) -> int:
        cards = self.trick
        if self.kind == "ghahveh":
            for joker in ("RJ", "BJ"):                     # G2, G6
                for seat, c in cards:
                    if c == joker:
                        return seat
            trump = "S"                                    # G2
        else:
            trump = self.trump
        led = self._led_suit()
        best = None
        for seat, c in cards:
            k = (2 if suit(c) == trump else 1 if suit(c) == led else 0, POWER[rank(c)])
            if k[0] and (best is None or k > best[0]):
                best = (k, seat)
        return best[1]

    # ---------------------------------------------------------------- scoring
    def _end_hand(self) -> None:
        if self.kind == "ghahveh":
            points = []
            for s in range(2):
                c = sum(b for seat, b in self.bids.items() if self.side(seat) == s)
                t = self.tricks[s]
                points.append(-10 * c if t < c else 10 * c + (t - c))     # G9
        else:
            hs = self.side(self.hakem)
            taken = []
            for s in range(2):
                cards = self.won[s] + (self.discards if s == hs else [])
                taken.append(5 * (self.tricks[s] + (1 if s == hs else 0)) + sum(card_points(c) for c in cards))
            assert sum(taken) == 165, taken
            points = list(taken)                                           # S10: opponents score what they took
            if self.tricks[hs] == 12:
                points[hs], points[1 - hs] = 330, 0                        # S11
            elif taken[hs] >= self.contract:
                points[hs] = taken[hs]                                     # S10
            elif taken[hs] < taken[1 - hs]:
                points[hs] = -165                                          # S12
            else:
                points[hs] = -self.contract                                # S10
        self.totals = [self.totals[s] + points[s] for s in range(2)]
        self.hands.append({"points": points, "totals": list(self.totals)})
        a, b = self.totals
        reached = max(a, b) >= self.target                                 # S13, G10
        limit = self.hand_limit and len(self.hands) >= self.hand_limit    # README: a house rule's hand_limit
        if (reached or limit) and a != b:                                  # a tie plays another hand
            self.over = True
            self.winner = 0 if a > b else 1
            self.phase = "over"
            self.to_act = None
            return
        if self.kind == "ghahveh":
            ds = self.side(self.dealer)                                    # G3: deal passes once ahead
            if self.totals[ds] > self.totals[1 - ds]:
                self.dealer = (self.dealer + 1) % self.n
        else:
            self.dealer = (self.dealer + 1) % self.n                       # S1
        self._deal()

    # ---------------------------------------------------------------- the replay --json view
    def summary(self) -> dict:
        # the hand entries are never changed once appended, so they are shared, not copied
        out = {"over": self.over, "scores": self.scores, "hands": list(self.hands)}
        if not self.over:
            out["to_act"] = self.to_act
            out["legal"] = self.legal()
        return out
