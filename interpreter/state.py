"""The running game: plain data, cheap to copy, driven by the compiled steps of a hand."""

from __future__ import annotations

import random

from . import actions
from . import cards as C
from .errors import CardrulesError, IllegalAction


class Env:
    """What an expression sees: the state, and the seat, side and cards in focus."""

    __slots__ = ("st", "seat", "side", "played", "dealt")

    def __init__(self, st, seat=-1, side=-1, played=None, dealt=None):
        self.st, self.seat, self.side, self.played, self.dealt = st, seat, side, played, dealt


class State:
    """One game in progress. `legal_actions()` and `apply()` are the whole protocol."""

    __slots__ = (
        "game", "zones", "counters", "scores", "dealer", "to_act", "step", "hand_no",
        "hands", "over", "winner", "seed", "given", "decks", "actions",
        "vars", "phase", "rounds", "_legal",
    )

    def __init__(self, game, seed=None, shuffles=None):
        self.game = game
        self.seed = seed
        self.given = [_deck_order(d, game, i) for i, d in enumerate(shuffles or [])]
        self.decks: list[tuple] = []
        self.actions: list[tuple[int, str]] = []
        self.scores = [0] * game.sides
        self.rounds = [0] * game.sides
        self.vars = {k: v.initial for k, v in game.vars.items()}
        self.hands: list[dict] = []
        self.dealer = game.players - 1
        self.over, self.winner = False, None
        self.hand_no = 0
        self._legal = None
        self._start_hand()
        self.advance()

    # ---- chance -------------------------------------------------------
    def shuffle(self) -> list[int]:
        """The next deck order: from the given shuffles, then from the seed."""
        i = len(self.decks)
        if i < len(self.given):
            order = list(self.given[i])
        else:
            order = list(self.game.deck)
            random.Random(f"{self.seed or 0}/{i}").shuffle(order)  # no seed counts as 0
        self.decks.append(tuple(order))
        return order

    # ---- the hand loop ---------------------------------------------------
    def _start_hand(self) -> None:
        g = self.game
        self.zones = {
            z.name: [[] for _ in range(z.owners(g))] if z.owner != "none" else []
            for z in g.zones.values()
        }
        self.counters = {k: [0] * (g.players if c.owner == "seat" else g.sides) for k, c in g.counters.items()}
        for k, v in g.vars.items():
            if v.per_hand:
                self.vars[k] = v.initial
        self.phase: dict = {}  # what the current steps remember: the trick, the bids, the last capturer
        self.step = -1
        self.to_act = -1

    def advance(self) -> None:
        """Run steps that need no decision until someone must act or the game ends."""
        g = self.game
        while self.to_act < 0 and not self.over:
            self.step += 1
            if self.step == len(g.steps):
                self._end_hand()
                continue
            step = g.steps[self.step]
            if step.when is None or step.when(Env(self), None):
                step.start(self)
        self._legal = None

    def redeal(self, step: int) -> None:
        """Throw the hand in: counters and hand variables start again, play resumes at `step`."""
        self._start_hand()
        self.step = step - 1
        self.to_act = -1

    def _end_hand(self) -> None:
        g = self.game
        sides = range(g.sides)
        rows = {row.name: [row.points(Env(self, side=s), None) for s in sides] for row in g.scoring}
        points = [sum(v[s] for v in rows.values()) for s in sides]
        self.phase["points"] = tuple(points)
        if g.totals is not None:
            self.scores = [g.totals(Env(self, side=s), None) for s in sides]
        else:
            self.scores = [s + p for s, p in zip(self.scores, points)]
        hand = {"points": points, "totals": list(self.scores),
                "counters": {k: list(v) for k, v in self.counters.items()}, "rows": rows,
                "values": {k: [f(Env(self, side=s), None) for s in sides] for k, f in g.values.items()},
                "vars": dict(self.vars), "dealer": self.dealer}
        self.hands.append(hand)
        self._settle(hand)
        hand.setdefault("rounds", list(self.rounds))
        if self.over:
            return
        assign_vars(self, g.after_hand)
        self.dealer = g.next_dealer(Env(self), None) % g.players
        self.hand_no += 1
        self._start_hand()

    def _settle(self, hand: dict) -> None:
        """Has a side won the round, or the game?"""
        g = self.game
        won_now = [s for s in range(g.sides) if g.win_if and g.win_if(Env(self, side=s), None)]
        if won_now:
            self._finish(won_now[0], hand)
            return
        top = max(self.scores)
        if self.scores.count(top) != 1:
            return
        if top < g.target(Env(self), None) and not self._at_hand_limit():
            return
        side = self.scores.index(top)
        if g.rounds <= 1:
            self._finish(side, hand)
            return
        self.rounds[side] += 1
        hand["rounds"] = list(self.rounds)
        if self.rounds[side] >= g.rounds:
            self.over, self.winner, self.to_act = True, side, -1
        else:
            self.scores = [0] * g.sides

    def _at_hand_limit(self) -> bool:
        limit = self.game.max_hands
        return limit is not None and 0 < limit(Env(self), None) <= len(self.hands)

    def _finish(self, side: int, hand: dict) -> None:
        if self.game.rounds > 1:
            self.rounds[side] = self.game.rounds
            hand["rounds"] = list(self.rounds)
        self.over, self.winner, self.to_act = True, side, -1

    def hand_points(self) -> list[int]:
        """What each side would score if the hand were scored now."""
        out = []
        for side in range(self.game.sides):
            env = Env(self, side=side)
            out.append(sum(row.points(env, None) for row in self.game.scoring))
        return out

    # ---- decisions ---------------------------------------------------------
    def legal_moves(self) -> dict:
        """Canonical action text -> internal move, for the seat to act."""
        if self._legal is None:
            self._legal = {} if self.over else self.game.steps[self.step].legal(self)
        return self._legal

    def legal_actions(self) -> list[str]:
        """Legal actions as canonical text, sorted."""
        return sorted(self.legal_moves())

    def apply(self, action: str) -> None:
        """Play one action (any accepted spelling); raise IllegalAction if it is not legal."""
        if self.over:
            raise IllegalAction("the game is over")
        moves = self.legal_moves()
        text = actions.canonical(action)
        if text not in moves:
            raise IllegalAction(actions.why_illegal(self, action, text))
        self.apply_move(text, moves[text])

    def apply_move(self, text: str, move) -> None:
        """Apply a move already known to be legal (bots and replays)."""
        self.actions.append((self.to_act, text))
        self._legal = None
        self.game.steps[self.step].apply(self, move)
        self.advance()

    # ---- reading the state ---------------------------------------------------
    @property
    def side_to_act(self) -> int:
        return self.game.side_of[self.to_act] if self.to_act >= 0 else -1

    def view(self, seat: int) -> dict:
        """What `seat` may see: its own hand, public zones, counts of hidden ones."""
        g = self.game
        zones = {}
        for z in g.zones.values():
            zones[z.name] = z.view(self.zones[z.name], seat, g, self.phase.get("tops_up", ()))
        out = {
            "seat": seat,
            "dealer": self.dealer,
            "to_act": self.to_act if not self.over else None,
            "zones": zones,
            "counters": {k: list(v) for k, v in self.counters.items()},
            "vars": self._public_vars(),
            "trick": [[s, C.NAMES[c]] for s, c in zip(self.phase.get("trick_seats", ()), self._trick_cards())],
            "bids": list(self.phase.get("bids", ())),
            "scores": list(self.scores),
            "rounds": list(self.rounds),
            "hands": len(self.hands),
            "over": self.over,
        }
        seen = self._as_seen_by(seat)  # what the hand is worth so far, by what this seat can see
        out["hand_points"] = seen.hand_points()
        out["values"] = {k: [f(Env(seen, side=s), None) for s in range(g.sides)] for k, f in g.values.items()}
        if seat == self.to_act and not self.over:
            out["legal"] = self.legal_actions()
        return out

    def _as_seen_by(self, seat: int) -> State:
        """A copy with every pile this seat may not look at emptied."""
        seen = self.copy()
        g = self.game
        for z in g.zones.values():
            if z.owner != "none":
                for i, pile in enumerate(seen.zones[z.name]):
                    if not z.sees(i, seat, g):
                        pile.clear()
        return seen

    def _public_vars(self) -> dict:
        out = {}
        for name, var in self.game.vars.items():
            value = self.vars[name]
            out[name] = C.SUITS[value] if var.type == "suit" and value >= 0 else (None if var.type == "suit" else value)
        return out

    @property
    def trick_zone(self) -> str | None:
        """The zone holding the trick in progress, while a trick step runs."""
        step = self.game.steps[self.step] if 0 <= self.step < len(self.game.steps) else None
        return getattr(step, "trick_zone", None)

    def _trick_cards(self) -> list:
        return self.zones[self.trick_zone] if self.trick_zone else []

    def copy(self) -> State:
        new = State.__new__(State)
        new.game, new.seed, new.given = self.game, self.seed, self.given
        new.decks, new.actions = list(self.decks), list(self.actions)
        new.scores, new.hands = list(self.scores), list(self.hands)
        owned = self.game.owned_zones
        new.zones = {k: [list(x) for x in v] if k in owned else list(v) for k, v in self.zones.items()}
        new.counters = {k: list(v) for k, v in self.counters.items()}
        new.vars, new.phase, new.rounds = dict(self.vars), dict(self.phase), list(self.rounds)
        for name in ("dealer", "to_act", "step", "hand_no", "over", "winner"):
            setattr(new, name, getattr(self, name))
        new._legal = self._legal
        return new

    def result(self) -> dict:
        return {"scores": list(self.scores), "winner": self.winner}


def _deck_order(order, game, i: int) -> list[int]:
    """A given deck order as card ids, checked to be a permutation of the game's deck."""
    try:
        ids = [C.card_id(x) if isinstance(x, str) else int(x) for x in order]
    except (C.CardError, TypeError, ValueError) as e:
        raise CardrulesError(f"shuffle {i}: {e}") from None
    if sorted(ids) != sorted(game.deck):
        raise CardrulesError(f"shuffle {i}: not a permutation of this ruleset's {len(game.deck)}-card deck")
    return ids


def assign_vars(st, assignments) -> None:
    """Set variables from expressions, in order (roles wrap round the table)."""
    for var, fn, is_seat in assignments:
        value = fn(Env(st), None)
        if is_seat:
            value %= st.game.players
        if var == "dealer":
            st.dealer = value
        else:
            st.vars[var] = value
