"""Shedding play: lay a card that matches on a shared pile, draw when you cannot, be the first with no cards."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import permutations

from .. import cards as C
from ..errors import RulesetError
from ..state import NOBODY, Env
from .base import IDLE_PLAY, Step, forget_among, known_to_all

DRAW, PASS = "draw", "pass"  # the moves that are no card, spelled as their action text
CALLS = tuple(("call", s) for s in range(4))  # naming a suit after a card that calls one: `call H`
MOST_TOGETHER = 5  # the most cards one move lays together (five give 65 orders after each first card)


def laid(move) -> tuple:
    """The cards a move lays, in the order laid (the last on top): a card alone is an int, several laid
    together a tuple of ints; () for DRAW, PASS and a CALLS entry (a tuple that starts with its verb)."""
    if type(move) is int:
        return (move,)
    if type(move) is tuple and type(move[0]) is int:
        return move
    return ()


@dataclass(frozen=True)
class LayEffect:
    """What a card laid does (`after_lay`): when `test` (f(env with `played`)) holds, the next player draws
    `draw` cards and misses the turn, the next `skip` players miss theirs (f(env) each, None: 0), and with
    `reverse` play turns round. With `stack`, the next player may answer the draw with a card that meets
    `test` too, and pass on what is owed with that card's draw added."""

    name: str
    test: object
    draw: object = None
    skip: object = None
    reverse: bool = False
    stack: bool = False
    where: object = None  # the entry in the ruleset, for its errors in play

    def amount(self, st, key: str, env, most: int) -> int:
        """The entry's `draw` or `skip` worked out now: from 0 to `most`, else a located error."""
        fn = getattr(self, key)
        n = fn(env, None) if fn is not None else 0
        if not 0 <= n <= most:
            raise RulesetError(f"after_lay '{self.name}': hand {st.hand_no + 1}: its {key} works out to {n}: it is"
                               f" a number from 0 to {most}", self.where)
        return n


class Shed(Step):
    """Players in turn, from `first`, lay one card from `hand` on the shared `pile`, where `may_play` (a card
    test, the player in focus) allows it. With `draw_from`, a player draws a card instead — only when no card
    may be played, unless `draw_any_time` —, as many times a turn as `draw_most` allows (None: until a card may
    be played or the zone is empty; with `draw_any_time`, while the zone has cards; with `restock`, the pile but
    its top is shuffled into the empty zone to draw on), and then plays or passes; a
    player with no move passes, and with `pass_after_draw` one who has drawn this turn may pass though a card
    could be laid. After a card that `calls` (a card test), the player names a suit into `call_var`;
    after any other card, `call_var` is that card's suit. Play stops when the player who moved has no card left,
    when `stop` holds for a side (checked as play begins and after every move), or when every seat has passed in
    a row (a blocked hand).

    A card laid may act on the players after it (`after_lay`, LayEffect entries, each whose test holds, in
    order): the next player draws cards and misses the turn, the next players miss theirs, or play turns
    round. What a card owes the next players is settled when the turn passes (after its suit is called). A draw
    owed by a stacking entry is the next player's to answer first: with a card they may lay that meets one of
    those entries' tests (which adds its own draw and passes the sum on), or with DRAW, which takes it all.

    With `together` (a card test, `played` the first card laid), a player may lay with the first card, in the
    same move, other cards that meet it, in the order he chooses (the last on top): each acts as if laid alone
    (its `after_lay` entries, what it owes added to what the cards before it in the move owe), but only the
    top card may call a suit, and the hand's end and `stop` are judged once the move is made (a move that
    ends the hand tells nothing of what the cards under its top would do). Under a draw owed (`stack`) the
    first card must answer it; the cards laid with it need only meet `together`, and the top card's stacking
    entries are those the next player may answer with.

    With `play_on`, a player who lays his last card is out and play goes on among those who still hold cards
    (a last card acts like any other) until one is left; `places`, a seat counter, takes each player's place in
    going out (1 for the first; the last one left the next), whether or not play goes on. A seat that holds no
    card as play begins has no place: playing on, it is passed over, and play does not begin with one player
    alone holding cards; otherwise that seat is out already, and play does not begin.

    A move is a card (played), a tuple of cards laid together (`laid`), DRAW, PASS, or a CALLS entry."""

    plays_cards = keeps_plays = True
    verbs = ("play", DRAW, PASS, "call")
    idle_fault = IDLE_PLAY

    def __init__(self, name, when, *, first, hand: str, pile: str, may_play, draw_from: str | None,
                 draw_most: int | None, draw_any_time: bool, calls, call_var: str | None, stop,
                 restock: bool = False, after_lay: tuple = (), play_on: bool = False, places: str | None = None,
                 pass_after_draw: bool = False, together=None, together_where=None):
        super().__init__(name, when)
        self.first, self.hand, self.pile, self.may_play = first, hand, pile, may_play
        self.draw_from, self.draw_most, self.draw_any_time = draw_from, draw_most, draw_any_time
        self.calls, self.call_var, self.stop, self.restock = calls, call_var, stop, restock
        self.after_lay = after_lay
        self.play_on, self.places, self.pass_after_draw = play_on, places, pass_after_draw
        self.together, self.together_where = together, together_where  # the key in the ruleset, for its errors

    def start(self, st) -> None:
        ph = st.phase
        ph["drawn"] = ph["passes"] = 0  # cards drawn this turn; passes in a row
        ph["calling"] = False  # the player to act names a suit
        ph["direction"] = 1  # play goes round the table (1) or back (-1)
        ph["owed"] = (0, 0)  # what the card laid last owes the next players: cards to draw, turns missed
        ph["answers"] = ()  # the stacking entries (their index) that may answer the draw owed to the player to act
        ph["placed"] = 0  # the players who have gone out, by laying their last card, in this play
        ph.setdefault("gone", [])  # the cards laid, and by whom: played_cards, plays(seat)
        ph.setdefault("gone_by", [])
        top = st.game.zones[self.pile].top_card(st.zones[self.pile])
        if top is not None and st.game.zones[self.pile].visible == "top":
            known_to_all(st, (top,), self.pile, -1)  # face up as play begins (a starter): it lies there for good
        if self._still_in(st) < (2 if self.play_on else st.game.players) or self._stop_holds(st):
            return  # a seat holds no card (playing on: one player alone does), or play stops before it begins
        first = self.first(st.env, None) % st.game.players
        st.to_act = first if st.zones[self.hand][first] else self._next_seat(st, first, 1)  # playing on

    def playable(self, st, seat: int) -> list:
        """The cards `seat` may lay now."""
        env = Env(st, seat, st.game.side_of[seat])
        return [c for c in st.zones[self.hand][seat] if self.may_play(env, c)]

    def legal(self, st) -> list:
        if st.phase["calling"]:
            return list(CALLS)
        if st.phase["answers"]:
            return self._with_others(st, self.answers(st, st.to_act)) + [DRAW]  # DRAW: take what is owed
        moves = self._with_others(st, self.playable(st, st.to_act))
        if self._may_draw(st, bool(moves)):
            moves.append(DRAW)
        if moves and self.pass_after_draw and st.phase["drawn"]:
            moves.append(PASS)  # a card drawn, the player may keep it
        return moves or [PASS]

    def playout_moves(self, st) -> list:
        """A card laid whenever one may go, as players do: random draws and passes would keep a playout going
        for thousands of moves where the stock is restocked (the search's tree still tries every move)."""
        moves = self.legal(st)
        return [m for m in moves if laid(m)] or moves

    def _with_others(self, st, firsts: list) -> list:
        """Each card that may go first, followed by the moves that lay others with it (`together`)."""
        if self.together is None:
            return firsts
        out = []
        for card in firsts:
            out.append(card)
            out += self.lays_after(st, st.to_act, card)
        return out

    def lays_after(self, st, seat: int, first: int) -> list:
        """The moves that lay, after `first`, one or more of the other cards `seat` holds that meet `together`:
        every order of every choice of them (the last laid on top). More than MOST_TOGETHER cards that may go
        together are an error at the key."""
        held = list(st.zones[self.hand][seat])
        held.remove(first)
        env = Env(st, seat, st.game.side_of[seat], played=first)
        others = [c for c in held if self.together(env, c)]
        if len(others) >= MOST_TOGETHER:
            raise RulesetError(f"together: hand {st.hand_no + 1}: seat {seat} could lay {len(others) + 1} cards"
                               f" together, {C.NAMES[first]} first; a move lays at most {MOST_TOGETHER} (every"
                               " order of them is a move): a test such as 'rank == played.rank' keeps to that",
                               self.together_where)
        moves = [(first, *order) for k in range(1, len(others) + 1) for order in permutations(others, k)]
        return list(dict.fromkeys(moves))  # two copies of a card make one order, not two

    def answers(self, st, seat: int) -> list:
        """The cards `seat` may answer the draw owed with: those it may lay that meet a stacking entry the card
        before met (that entry's test, `played` the card answering)."""
        side, tests = st.game.side_of[seat], [self.after_lay[i].test for i in st.phase["answers"]]
        return [c for c in self.playable(st, seat) if any(t(Env(st, seat, side, played=c), None) for t in tests)]

    def public(self, st) -> dict:
        """Which way play goes round the table (1, or -1 once a card has turned it), the cards the player to
        act must draw unless they answer (0: nothing to answer), the cards they have drawn this turn, and
        whether they are naming a suit."""
        ph = st.phase
        return {"direction": ph["direction"], "owed": self.owed_to_answer(st), "drawn": ph["drawn"],
                "calling": ph["calling"]}

    def _answered_by(self, st) -> list[str]:
        """The names of the stacking entries an answer to the draw owed meets."""
        return [self.after_lay[i].name for i in st.phase["answers"]]

    def owed_to_answer(self, st) -> int:
        """The cards the player to act must draw unless they answer (0: nothing to answer)."""
        return st.phase["owed"][0] if st.phase.get("answers") else 0

    def _may_draw(self, st, can_play: bool) -> bool:
        if self.draw_from is None:
            return False
        if not st.zones[self.draw_from] and not (self.restock and len(st.zones[self.pile]) > 1):
            return False
        if can_play and not self.draw_any_time:
            return False
        return self.draw_most is None or st.phase["drawn"] < self.draw_most

    def text(self, move) -> str:
        """A move's action text; a draw names no card (the card drawn is told to whom its hand shows it)."""
        cards = laid(move)
        if cards:
            return "play " + " ".join(C.NAMES[c] for c in cards)
        return "call " + C.SUITS[move[1]] if type(move) is tuple else move

    def refusal(self, st, card: int) -> tuple:
        """Why the seat to act may not lay `card` now, as data: ('not held',), ('no answer', cards owed, the
        entries an answer meets) or ('may not lay',)."""
        if card not in st.zones[self.hand][st.to_act]:
            return ("not held",)
        if st.phase["answers"]:
            return ("no answer", st.phase["owed"][0], self._answered_by(st))
        return ("may not lay",)

    def lay_refusal(self, st, cards: list) -> tuple:
        """Why the seat to act may not lay `cards` together, its first card aside (`refusal` says why that one
        may not go): ('not held', card), ('twice', card) — named more often than held —, ('not together', card,
        first), or () when nothing refuses them."""
        seat, first = st.to_act, cards[0]
        held = Counter(st.zones[self.hand][seat])
        left = held.copy()
        for card in cards:
            if left[card] <= 0:
                return ("twice", card) if held[card] else ("not held", card)
            left[card] -= 1
        env = Env(st, seat, st.game.side_of[seat], played=first)
        stray = next((c for c in cards[1:] if not self.together(env, c)), None)
        return ("not together", stray, first) if stray is not None else ()

    def stuck_reason(self, st) -> str:
        return f"its '{self.hand}' is empty"

    def verb_refusal(self, st, verb: str) -> str:
        """A draw refused only because a card may be laid (one may draw when none may)."""
        return "draw_when_stuck" if verb == "draw" and self._may_draw(st, can_play=False) else ""

    def apply(self, st, move) -> None:
        seat, ph = st.to_act, st.phase
        if type(move) is int:
            self._lay(st, seat, move)
        elif laid(move):
            self._lay_together(st, seat, move)
        elif type(move) is tuple:
            st.vars[self.call_var] = move[1]
            ph["calling"] = False
            st.emit("call", seat=seat, suit=move[1])
            self._next_turn(st, seat)
        elif move == DRAW and ph["answers"]:  # the draw owed taken, not answered: the turn is missed
            self._settle(st, (seat - ph["direction"]) % st.game.players)
        elif move == DRAW:
            if not st.zones[self.draw_from]:
                self._restock(st)
            card = st.zones[self.draw_from].pop(0)
            st.zones[self.hand][seat].append(card)
            ph["drawn"] += 1
            ph["passes"] = 0
            st.emit("drew", seat=seat, card=card, zone=self.hand)
            if self._stop_holds(st):
                st.to_act = NOBODY
        else:
            ph["passes"] += 1
            if ph["passes"] >= (self._still_in(st) if self.play_on else st.game.players):
                st.to_act = NOBODY  # blocked: nobody can play or draw
                return
            self._next_turn(st, seat)

    def _lay_together(self, st, seat: int, cards: tuple) -> None:
        """Cards laid in one move, in order: each but the top acts as it goes on the pile (what it owes added
        to what the cards before it owe); the top card is laid as a card alone is, on what they owe."""
        told = []  # what the cards under the top do, told once the hand is seen to go on
        for k, card in enumerate(cards[:-1]):
            self._put(st, seat, card)
            if self.after_lay:
                self._acts(st, seat, card, within=k > 0, told=told)
        self._lay(st, seat, cards[-1], within=True, told=told)

    def _put(self, st, seat: int, card: int) -> None:
        """`card` goes from the seat's hand onto the pile, noted as laid by it, in every seat's sight."""
        ph = st.phase
        st.zones[self.hand][seat].remove(card)
        st.zones[self.pile].append(card)
        ph["passes"] = 0
        ph["gone"].append(card)
        ph["gone_by"].append(seat)
        known_to_all(st, (card,), self.pile, -1)  # all saw it laid: there for good, though covered

    def _lay(self, st, seat: int, card: int, within: bool = False, told: list = ()) -> None:
        """`card` is laid (on others laid in the same move, `within`): it calls a suit, ends the hand or acts.
        `told`: the events of the cards under it in the move, emitted only when the hand goes on (a hand that
        ends settles nothing they owe)."""
        ph = st.phase
        self._put(st, seat, card)
        calls = self.calls is not None and self.calls(Env(st, seat, st.game.side_of[seat]), card)
        if self.call_var is not None and not (calls and st.zones[self.hand][seat]):
            st.vars[self.call_var] = C.SUIT[card]  # its suit; a last card calls nothing
        if not st.zones[self.hand][seat]:
            calls = False
            self._out(st, seat)
        if self._stopped(st, seat):
            st.to_act = NOBODY
            return
        for kind, data in told:
            st.emit(kind, **data)
        if self.after_lay:
            self._acts(st, seat, card, within)
        if calls:
            ph["calling"] = True  # the same player names a suit next
            return
        self._next_turn(st, seat)

    def _restock(self, st) -> None:
        """The pile but its top card becomes the stock, shuffled (a shuffle takes the next deck order, as every
        shuffle does, and keeps these cards in its order). Where each lies is known no more, but every seat saw
        which they are (`restocked`: bots' deals of the unseen cards keep them in the stock, or in the hands of
        those who drew them, as many as each drew and has not laid)."""
        pile = st.zones[self.pile]
        top = st.game.zones[self.pile].top_card(pile)
        left = Counter(pile)
        left[top] -= 1
        stock = st.zones[self.draw_from]
        for card in st.shuffle():
            if left[card] > 0:
                stock.append(card)
                left[card] -= 1
        pile[:] = [top]
        _, before = st.phase.get("restocked", (None, frozenset()))
        st.phase["restocked"] = (st.step, before | frozenset(stock))
        known = st.phase.get("known_at", {})
        st.phase["known_at"] = {c: k for c, k in known.items() if k[0] != self.pile or c == top}
        forget_among(st, self.pile)
        st.emit("restock", zone=self.draw_from, pile=self.pile, count=len(stock))

    def _stopped(self, st, seat: int) -> bool:
        if self.play_on:
            return self._still_in(st) < 2 or self._stop_holds(st)
        return not st.zones[self.hand][seat] or self._stop_holds(st)

    def _stop_holds(self, st) -> bool:
        """Does `stop_when` hold for a side? Checked as play begins and after every move."""
        return self.stop is not None and any(self.stop(e, None) for e in st.side_envs)

    def _acts(self, st, seat: int, card: int, within: bool = False, told: list | None = None) -> None:
        """The `after_lay` entries the card laid meets: play turns round at once; the cards the next player must
        draw and the turns missed are owed until the turn passes. A card laid on others of the same move
        (`within`) adds to what they owe. With `told`, its events go there (kind, data) rather than out."""
        ph = st.phase

        def emit(kind: str, **data) -> None:
            if told is None:
                st.emit(kind, **data)
            else:
                told.append((kind, data))

        env = Env(st, seat, st.game.side_of[seat], played=card)
        carried = 0 if within else ph["owed"][0] if ph["answers"] else 0  # the draw this card answers, passed on
        draws, skips = ph["owed"] if within else (carried, 0)
        answers = []
        for i, effect in enumerate(self.after_lay):
            if not effect.test(env, None):
                continue
            label = f"{self.name}: {effect.name}"
            emit("after_lay", step=self.name, effect=label, seat=seat)
            draws += effect.amount(st, "draw", env, len(st.game.deck))  # no more than the deck holds
            skips += effect.amount(st, "skip", env, st.game.players)  # round the table once at most
            if effect.reverse:
                ph["direction"] = -ph["direction"]
                emit("reversed", seat=seat)
            if effect.stack:
                answers.append(i)
                if carried:
                    emit("answered", step=self.name, effect=label, seat=seat)
        ph["owed"], ph["answers"] = (draws, skips), tuple(answers)

    def _next_turn(self, st, seat: int) -> None:
        ph = st.phase
        ph["drawn"] = 0
        if self._stop_holds(st):
            st.to_act = NOBODY
            return
        draws = ph["owed"][0]
        if draws and ph["answers"]:  # the next player may answer the draw before taking it
            st.to_act = self._next_seat(st, seat, ph["direction"])
            st.emit("owed", seat=st.to_act, n=draws, effects=self._answered_by(st), step=self.name)
            return
        self._settle(st, seat)

    def _settle(self, st, seat: int) -> None:
        """What the card `seat` laid owes is settled (the next player draws and misses the turn; players are
        skipped), and the turn passes."""
        ph = st.phase
        way = ph["direction"]  # 1 round the table, -1 back
        draws, skips = ph["owed"]
        ph["answers"] = ()
        if draws or skips:
            ph["owed"] = (0, 0)
            nxt = self._next_seat(st, seat, way)
            if draws:  # the next player draws, and misses the turn
                self._made_to_draw(st, nxt, draws)
                if self._stop_holds(st):
                    st.to_act = NOBODY
                    return
                skips = max(skips, 1)
            for _ in range(skips):  # each player skipped misses the turn
                seat = self._next_seat(st, seat, way)
                st.emit("missed", seat=seat)
        st.to_act = self._next_seat(st, seat, way)

    def _next_seat(self, st, seat: int, way: int) -> int:
        """The seat after `seat` going `way` that still plays: with `play_on`, those out are passed over."""
        n = st.game.players
        seat = (seat + way) % n
        if self.play_on:
            hands = st.zones[self.hand]
            while not hands[seat]:
                seat = (seat + way) % n
        return seat

    def _still_in(self, st) -> int:
        """How many players still hold cards."""
        return sum(1 for held in st.zones[self.hand] if held)

    def _out(self, st, seat: int) -> None:
        """`seat` has laid his last card: his place in going out, in `places`; with `play_on`, the last one
        left, when he is alone, takes the next place."""
        if self.places is None and not self.play_on:  # the first out ends the play: said, without a place
            st.emit("out", seat=seat, place=None)
            return
        placed = st.counters[self.places] if self.places is not None else None
        place = st.phase["placed"] = st.phase["placed"] + 1  # a seat that held no card as play began has none
        if placed is not None:
            placed[seat] = place
        st.emit("out", seat=seat, place=place)
        if self.play_on and self._still_in(st) == 1:
            last = next(s for s, held in enumerate(st.zones[self.hand]) if held)
            if placed is not None:
                placed[last] = place + 1
            st.emit("last_left", seat=last, place=place + 1)

    def _made_to_draw(self, st, seat: int, count: int) -> None:
        """`seat` draws `count` cards from the front of the zone drawn from (restocked as a draw would be), as
        many as there are."""
        zones, got = st.zones, []
        for _ in range(count):
            if not zones[self.draw_from]:
                if not (self.restock and len(zones[self.pile]) > 1):
                    break
                self._restock(st)
            got.append(zones[self.draw_from].pop(0))
        zones[self.hand][seat].extend(got)
        st.emit("made_to_draw", seat=seat, cards=got, zone=self.hand, step=self.name, owed=count)
