"""Trick play: follow suit, trump, special cards, and piles that play as partners.

A move is a card id, plus 64 times the index of the pile it comes from when a turn
plays from several piles' tops.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from ..errors import RulesetError
from ..state import NOBODY, Env, assigner, generated, tricks_begun
from .base import IDLE_PLAY, Step, known_to_all, seen_by_all

SUIT = C.SUIT
TOP = 1000  # power of a card above every suit
TRUMP, LED = 500, 100  # added to a card's rank power when it is trump, or of the suit led
# the strength table's rows: by trump, each suit then none (NO_SUIT, read as index -1); by suit led, each suit,
# then none named (None: a suitless card led with no `suitless_lead`, row NONE_LED), then NO_SUIT (index -1)
TRUMPS = (*range(len(C.SUITS)), C.NO_SUIT)
NONE_LED = len(C.SUITS)
LEDS = (*range(len(C.SUITS)), None, C.NO_SUIT)
# what a trick step keeps in the hand's phase (the rest in the state's TrickState), each key with its value when
# the first trick step of the hand starts (source, also written into a written-out step's start): the cards played,
# as a shedding play notes them too, and who played each (`gone_by`)
STARTING = (("gone", "[]"), ("gone_by", "[]"))
STARTING_LINES = tuple(line for key, fresh in STARTING
                       for line in (f'if "{key}" not in ph:', f'    ph["{key}"] = {fresh}'))
note_start = generated("ph", list(STARTING_LINES), "None", {})  # (ph) -> None: the keys not yet set, set


@dataclass(frozen=True)
class Special:
    """A card with its own rules: `free` may be played even when one could follow suit;
    `allowed` must hold for it to be played; `forced` makes it its holder's only play."""

    card: int
    free: bool
    allowed: object = None
    forced: object = None
    label: str = ""  # the ruleset's words for the entry: a card, or a test on cards
    entries: tuple = ()  # a card in several entries: each entry's own Special, in the ruleset's order
    shared: bool = False  # its entry covers several cards with tests that read none: judged once a decision

    @property
    def parts(self) -> tuple:
        """The entries that make this card's rules."""
        return self.entries or (self,)


def joined(specials) -> list[Special]:
    """One Special a card: a card in several entries follows them all — allowed when each allows it,
    forced when one forces it, free when one makes it free."""
    by_card: dict = {}
    for s in specials:
        by_card.setdefault(s.card, []).append(s)
    out = []
    for card, parts in by_card.items():
        if len(parts) == 1:
            out.append(parts[0])
            continue
        out.append(Special(card, any(p.free for p in parts), _joined_test([p.allowed for p in parts], all),
                           _joined_test([p.forced for p in parts], any), parts[0].label, tuple(parts)))
    return out


def _joined_test(tests: list, join):
    """The entries' tests of one kind as one: `join` (all, any) of those given; None if none is."""
    tests = [f for f in tests if f is not None]
    if len(tests) < 2:
        return tests[0] if tests else None
    return lambda e, c: join(f(e, c) for f in tests)


@dataclass(frozen=True)
class Turn:
    """One play of a trick: the seat `offset` places after the leader plays from `sources`."""

    offset: int
    sources: tuple  # zone names; from several, only their top cards are playable
    tops: bool


def first_strongest(trick: list, strength) -> int:
    """The place in the trick of the first of its strongest cards (cards above every suit may tie). A plain
    loop: `max` with a key costs more on a trick of a few cards."""
    at, best = 0, strength[trick[0]]
    for i in range(1, len(trick)):
        s = strength[trick[i]]
        if s > best:
            at, best = i, s
    return at


def places_missed(turns, players: int) -> list[int]:
    """The places after a trick's leader (0 for the leader) that no turn gives a play to."""
    return [p for p in range(players) if all(t.offset % players != p for t in turns)]


def missed_said(missed: list[int]) -> str:
    """`the seat 3 places after the leader`, `the seats 2 or 3 places after the leader`."""
    seats = "the seat" if len(missed) == 1 else "the seats"
    return f"{seats} {' or '.join(map(str, missed))} place{'s' * (missed != [1])} after the leader"


class TrickPlay(Step):
    """Tricks until the hand is played out or `stop` holds for a side."""

    plays_cards = keeps_plays = True
    verbs = ("play",)
    idle_fault = IDLE_PLAY

    # slots: fast to read in play (an instance dict of this many keys stops sharing its keys in CPython)
    __slots__ = ("leader", "trump", "power", "specials", "turns", "suitless_lead", "declare_trump", "stop",
                 "tricks", "pile", "pile_by_side", "trick_zone", "follow", "tricks_by_seat", "draw", "suit_of",
                 "power_of", "power_where", "by_rule", "sources", "free", "unsure_suits", "offsets",
                 "first_sources", "tops", "strengths", "n_turns", "lead_from_hand", "trump_var", "sits_out", "judging",
                 "notes_plays", "forcers", "entry_tests", "own_tests", "top_piles", "free_unsuited", "draw_when",
                 "after_trick", "after_trick_set")

    def __init__(self, name, when, *, leader, trump, power, specials, turns, suitless_lead,
                 declare_trump, stop, tricks, pile, pile_by_side, trick_zone, follow, tricks_by_seat=False,
                 draw=None, suit_of=None, power_of=None, power_where=None, trump_var=None, sits_out=None,
                 draw_when=None, after_trick=()):
        super().__init__(name, when)
        self.after_trick = after_trick  # (name, f(env) or None, assignments): worked out once each trick is taken
        self.after_trick_set = ()  # made at load (`ready`): (name, f(env) or None, (st) -> None) an entry
        self.judging = False  # winning_seat is being worked out
        self.notes_plays = True  # the cards played, and by whom, are noted: off at load when no rule reads them
        self.sits_out = sits_out  # (f(env), where): a seat that takes no turn (-1: nobody), its hand laid down
        self.trump_var = trump_var  # the variable `trump` names, when it is one: a choice of it names trump
        # suit_of, power_of: f(env, card), a card's suit and rank power in a trick by the ruleset's rule (a
        # bower), worked out at the start of each trick; without them, the printed suit and the order
        self.suit_of, self.power_of, self.power_where = suit_of, power_of, power_where  # where: for its errors
        self.by_rule = suit_of is not None or power_of is not None
        self.draw = draw  # (count, zones): after each trick each seat draws, the winner first; else None
        self.draw_when = draw_when  # f(env, None): the draw's `when`, read as each trick closes (None: always)
        self.leader, self.trump, self.power = leader, trump, power
        self.specials = {s.card: s for s in joined(specials)}
        self.turns, self.suitless_lead, self.declare_trump = turns, suitless_lead, declare_trump
        self.stop, self.tricks, self.pile, self.pile_by_side = stop, tricks, pile, pile_by_side
        self.trick_zone, self.follow, self.tricks_by_seat = trick_zone, follow, tricks_by_seat
        self.sources = tuple(dict.fromkeys(z for t in turns for z in t.sources))
        self.free = frozenset(c for c, s in self.specials.items() if s.free)
        self.free_unsuited = all(SUIT[c] < 0 for c in self.free)  # jokers
        self.forcers = frozenset(c for c, s in self.specials.items() if s.forced is not None)  # may be forced
        # `allowed` tests: those that read no card, each with its entry's cards and a card to judge it by; the
        # special cards with a test of their own
        entries: dict = {}
        for c, sp in self.specials.items():
            if sp.allowed is not None and sp.shared:
                entries.setdefault(sp.allowed, []).append(c)
        self.entry_tests = tuple((test, frozenset(group), group[0]) for test, group in entries.items())
        self.own_tests = frozenset(c for c, sp in self.specials.items() if sp.allowed is not None and not sp.shared)
        # a seat that does not follow is void in the suit led, unless a special card's own rule could explain it
        self.unsure_suits = frozenset(SUIT[c] for c, s in self.specials.items() if s.allowed or s.forced)
        if suit_of is not None:  # suits by rule: the sampler of unseen cards knows printed suits only
            self.unsure_suits = frozenset(range(len(C.SUITS)))
        self.offsets = tuple(t.offset for t in turns)
        self.first_sources = tuple(t.sources[0] for t in turns)
        self.tops = tuple(t.tops for t in turns)  # which turns play from pile tops
        # a turn's piles with the mark of each one's top in a move (pile index << 6)
        self.top_piles = tuple(tuple((z, i << 6) for i, z in enumerate(t.sources)) for t in turns)
        # each card's power in a trick by trump, then by suit led (`strength`); by rule, worked out each trick
        self.strengths = () if self.by_rule else tuple(tuple(self._strength(t, led) for led in LEDS) for t in TRUMPS)
        self.n_turns = len(turns)
        # the leader plays first, from a hand: the winner of a trick who still holds a card leads at once
        self.lead_from_hand = self.offsets[0] == 0 and not self.tops[0]

    def ready(self, g) -> None:
        self.after_trick_set = tuple((name, test, assigner(notes, g)) for name, test, notes in self.after_trick)

    # ---- entering -------------------------------------------------------
    def start(self, st) -> None:
        note_start(st.phase)
        tricks_begun(st)
        if self._stopped(st) or not self._cards_left(st):
            return
        if st.zones[self.trick_zone]:
            raise self._trick_held(st)
        st.trick_state.sits_out = self._sitting_out(st)
        self._new_trick(st, self.leader(st.env, None) % st.game.players)

    def _trick_held(self, st) -> RulesetError:
        return RulesetError(f"step '{self.name}': the trick zone '{self.trick_zone}' already holds"
                            f" {len(st.zones[self.trick_zone])} cards when play starts (is it dealt to?)", self.where)

    def _sitting_out(self, st) -> int:
        """The seat `sits_out` names (-1: nobody), whose piles the play takes cards from must be empty by now."""
        if self.sits_out is None:
            return -1
        fn, where = self.sits_out
        seat = fn(st.env, None)
        if seat < 0:
            return -1
        held = sum(len(st.zones[z][seat]) for z in self.sources)
        if held:
            raise RulesetError(f"step '{self.name}': seat {seat} sits the tricks out but holds {held} card"
                               f"{'s' * (held != 1)} to play: set them aside before play (a collect step: from"
                               f" {self.sources[0]}, of the seat, to a zone of their own)", where)
        return seat

    def _new_trick(self, st, leader: int) -> None:
        ts = st.trick_state
        ts.number += 1
        if self.by_rule:  # each card's suit and power for this trick, by `suit_of` and `power_of`
            ts.suits, ts.powers = self.cards_by_rule(st)
        ts.leader, ts.turn, ts.led, ts.seats = leader, 0, None, []
        if self.lead_from_hand and st.zones[self.first_sources[0]][leader]:
            st.to_act = leader
            return
        self._seat_turn(st)

    def cards_by_rule(self, st) -> tuple[tuple, tuple]:
        """Each card's suit and power by `suit_of` and `power_of` as the state stands (a bot may ask with the trump
        it would name): the tables a trick of this step reads."""
        env, suits, power = st.env, list(SUIT), list(self.power)
        for c in st.game.deck:
            if self.suit_of is not None:
                suits[c] = self.suit_of(env, c)
            if self.power_of is not None and power[c] < TOP:
                p = self.power_of(env, c)
                if not 0 <= p < LED:
                    raise RulesetError(f"step '{self.name}': power_of gives {p} for {C.NAMES[c]}: a card's power is"
                                       f" a number from 0 to {LED - 1}", self.power_where or self.where)
                power[c] = p
        return tuple(suits), tuple(power)

    def suits(self, st):
        """The suit each card counts as in the trick now."""
        return st.trick_state.suits if self.by_rule else SUIT

    def _seat_turn(self, st) -> None:
        """Point `to_act` at the next play that has a card to play; close the trick when none is left."""
        ts, n, zones = st.trick_state, st.game.players, st.zones
        turn, leader, offsets, sources, tops = ts.turn, ts.leader, self.offsets, self.first_sources, self.tops
        while turn < len(offsets):
            seat = (leader + offsets[turn]) % n
            if tops[turn]:
                if self._tops_turn(st, turn, seat):
                    ts.turn = turn
                    return
            elif zones[sources[turn]][seat]:
                st.to_act = seat
                ts.turn = turn
                return
            elif seat != ts.sits_out and any(zones[sources[turn]]):
                raise self._uneven(st, seat, sources[turn])
            turn += 1
        ts.turn = turn
        self._close_trick(st)

    def _uneven(self, st, seat: int, zone: str) -> RulesetError:
        """A seat due to play from its hand holds no card while others still do: the hands were uneven."""
        held = ", ".join(f"seat {s} {len(p)}" for s, p in enumerate(st.zones[zone]) if p)
        check = ("the deal, the discards before play, and the draw after each trick: the cards drawn must go"
                 " round the table evenly" if self.draw else "the deal and the discards before play")
        missed = places_missed(self.turns, st.game.players)
        if missed:  # the turns themselves leave seats out
            check = f"the turns, which give no play to {missed_said(missed)}; and " + check
        return RulesetError(f"step '{self.name}': seat {seat} must play from '{zone}' in trick {st.trick_state.number}"
                            f" but holds no card, while others still do ({held}): the hands are uneven (check"
                            f" {check})", self.where)

    def _tops_turn(self, st, turn: int, seat: int) -> bool:
        """A play from pile tops: the piles turn face up; does the seat have a top to play?"""
        ts, sources = st.trick_state, self.turns[turn].sources
        if sources[0] not in ts.tops_up:
            ts.tops_up = ts.tops_up + sources
        zones = st.zones
        for z in sources:
            if zones[z][seat]:
                st.to_act = seat
                return True
        return False

    def public(self, st) -> dict:
        """The suit led in the trick now (None before a lead, or for a lead that asks for none) and the suits each
        seat has shown it lacks by not following, by the zone it played from: what every seat saw."""
        ts, players = st.trick_state, st.game.players
        voids: dict = {}
        for (zone, seat), suits in sorted(ts.voids.items()):
            lacks = [C.SUITS[k] for k in range(4) if suits >> k & 1]
            voids.setdefault(zone, [[] for _ in range(players)])[seat] = lacks
        led = ts.led
        return {"led": C.SUITS[led] if led is not None and 0 <= led < 4 else None, "voids": voids}

    # ---- what may be played -------------------------------------------------
    def legal(self, st) -> list:
        seat, ts = st.to_act, st.trick_state
        t, led = ts.turn, ts.led
        if not self.tops[t]:  # from a hand
            cards = st.zones[self.first_sources[t]][seat]
            if self.specials and not self.specials.keys().isdisjoint(cards):
                return self._special_rules(st, seat, cards, led)[:]
            if self.follow and led is not None:
                if not self.by_rule:
                    return list(filter(C.OF_SUIT[led], cards)) or cards.copy()
                suits = ts.suits
                return [c for c in cards if suits[c] == led] or cards.copy()
            return cards.copy()
        zones = st.zones  # each pile's top, as card | pile index << 6
        moves = [pile[-1] | mark for z, mark in self.top_piles[t] if (pile := zones[z][seat])]
        if self.specials and not self.specials.keys().isdisjoint(m & 63 for m in moves):
            move_of = {m & 63: m for m in moves}
            return [move_of[c] for c in self._special_rules(st, seat, list(move_of), led)]
        if self.follow and led is not None:
            suits = ts.suits if self.by_rule else SUIT
            return [m for m in moves if suits[m & 63] == led] or moves
        return moves

    def _special_rules(self, st, seat: int, cards: list, led) -> list:
        """The plays of a seat holding a special card: its own conditions, then follow suit."""
        specials = self.specials
        env = st.seat_env(seat, st.game.side_of[seat])  # kept on the state: it reads the state as it is now
        refused = None  # the special cards held that may not be played
        for test, entry, probe in self.entry_tests:  # a test that reads no card: once for all its entry's cards
            if not entry.isdisjoint(cards) and not test(env, probe):
                out = [c for c in cards if c in entry]
                refused = out if refused is None else refused + out
        own = self.own_tests
        if own:
            for c in own.intersection(cards):  # refused: only asked whether a card is in it
                if not specials[c].allowed(env, c):
                    refused = [c] if refused is None else refused + [c]
        ok = cards if refused is None else [c for c in cards if c not in refused]
        if not ok:  # nothing may be played: then anything may
            ok = cards
        forcers = self.forcers
        held = forcers.intersection(ok) if forcers else None  # the cards that may be played and may be forced
        if held:  # those their rule forces, in hand order (a card the deck holds twice: both)
            judged: dict = {}
            forced = {c for c in held if (
                _judged(judged, specials[c].forced, env, c) if specials[c].shared else specials[c].forced(env, c))}
            if forced:
                return [c for c in ok if c in forced]
        if self.follow and led is not None:
            free = self.free
            if not free and not self.by_rule:
                return list(filter(C.OF_SUIT[led], ok)) or ok
            suits = self.suits(st)
            if not free:
                return [c for c in ok if suits[c] == led] or ok
            if self.free_unsuited and led >= 0 and not self.by_rule:  # no free card is of a suit led
                follow = list(filter(C.OF_SUIT[led], ok))
            else:
                follow = [c for c in ok if suits[c] == led and c not in free]
            if follow:  # and the free cards that may be played
                return follow + list(filter(free.__contains__, ok))
        return ok

    def text(self, move) -> str:
        return "play " + C.NAMES[move & 63]

    def cards_named(self, move) -> tuple:
        return (move & 63,)

    def play_random(self, st, r) -> None:
        """Step.play_random with `legal`'s plays from a hand worked out in the loop (pile tops: the general
        loop)."""
        if any(self.tops):
            super().play_random(st, r)
            return
        ts, log, index, hands, redeals = st.trick_state, st.log, st.step, len(st.hands), st.redeals
        apply, follow, by_rule, sources = self.apply, self.follow, self.by_rule, self.first_sources
        specials = self.specials
        while st.to_act >= 0 and st.acting is self and len(st.hands) == hands and st.redeals == redeals:
            seat = st.to_act
            cards = st.zones[sources[ts.turn]][seat]
            led = ts.led
            if specials and not specials.keys().isdisjoint(cards):
                cards = self._special_rules(st, seat, cards, led)
            elif follow and led is not None:
                suits = ts.suits if by_rule else SUIT
                cards = [c for c in cards if suits[c] == led] or cards
            card = cards[int(r() * len(cards))]
            log.append((seat, index, card))
            apply(st, card)
            if st.to_act < 0:
                st.advance()
        st._legal = None

    def stuck_reason(self, st) -> str:
        return "no card it may play"

    # ---- playing -------------------------------------------------------------
    def apply(self, st, move) -> None:
        seat, ts, zones = st.to_act, st.trick_state, st.zones
        t = ts.turn
        if move < 64:  # from the turn's first source
            card, source = move, self.first_sources[t]
        else:
            card, source = move & 63, self.turns[t].sources[move >> 6]
        zones[source][seat].remove(card)
        zones[self.trick_zone].append(card)
        ts.seats.append(seat)
        if self.notes_plays:
            ph = st.phase
            ph["gone"].append(card)
            ph["gone_by"].append(seat)
        led, suits = ts.led, ts.suits if self.by_rule else SUIT
        if led is None:
            suit = suits[card]
            ts.led = suit if suit >= 0 and not self.declare_trump else self._led_suit(st, card)
        elif suits[card] != led and self.follow and not self.tops[t]:
            self._note_void(st, seat, source, card, led)
        t += 1
        ts.turn = t
        if t == self.n_turns:
            self._close_trick(st)
            return
        nxt = (ts.leader + self.offsets[t]) % st.game.players
        if self.tops[t]:  # the next seat plays from its pile tops, if it has one
            if self._tops_turn(st, t, nxt):
                return
        elif zones[self.first_sources[t]][nxt]:  # from its hand, if it has a card
            st.to_act = nxt
            return
        self._seat_turn(st)

    def _note_void(self, st, seat: int, zone: str, card: int, led: int) -> None:
        """Not following shows the seat holds no more cards of the suit led (what search may assume)."""
        if card in self.specials or led in self.unsure_suits:
            return
        voids = st.trick_state.voids
        key = (zone, seat)
        known = voids.get(key, 0)
        if not known >> led & 1:  # a new void (a copy of the state copies the dict)
            voids[key] = known | 1 << led

    def _led_suit(self, st, card: int):
        suit = self.suits(st)[card]
        if self.declare_trump and st.vars.get(self.declare_trump, C.NO_SUIT) == C.NO_SUIT and suit >= 0:
            st.vars[self.declare_trump] = suit
        if suit < 0 and self.suitless_lead is not None:
            return self.suitless_lead(st.env, None)
        return suit if suit >= 0 else None

    def _close_trick(self, st) -> None:
        winner = self._take_trick(st)
        if self.draw is not None and (self.draw_when is None or self.draw_when(st._env or st.env, None)):
            self._draw(st, winner)  # the trick is done once its draw is: stop_when sees the stock after it
        for name, test, assign in self.after_trick_set:  # in order: an entry reads what those before it set
            if test is None or test(st._env or st.env, None):
                before = {k: v.copy() for k, v in st.counters.items()} if st.events is not None else None
                assign(st)
                if before is not None:  # the counters it changed, by how much each owner's: said at the table
                    changed = {k: [n - m for n, m in zip(st.counters[k], old)] for k, old in before.items()
                               if st.counters[k] != old}
                    st.emit("after_trick", name=name, effect=f"{self.name}: {name}", changed=changed)
        if self._stopped(st):
            st.to_act = NOBODY
            return
        leads = self.lead_from_hand and st.zones[self.first_sources[0]][winner]  # then cards are left
        if not leads and not self._cards_left(st):
            st.to_act = NOBODY
            return
        self._new_trick(st, winner)

    def _take_trick(self, st) -> int:
        """The first of the strongest cards wins: its player's trick counter, the table's event and the
        pile it goes to; the winner."""
        ts, g = st.trick_state, st.game
        trick = st.zones[self.trick_zone]
        seats = ts.seats
        if not trick:
            raise RulesetError(f"step '{self.name}': a trick with no card: nobody had a card to play from"
                               f" {', '.join(self.sources)}", self.where)
        if self.trump_var is not None:  # trump_now, the variable read at once
            trump = st.vars[self.trump_var]
        else:
            trump = self.trump(st._env or st.env, None) if self.trump is not None else C.NO_SUIT
        if self.by_rule:
            strength = self._strength(trump, ts.led, ts.suits, ts.powers)
        else:
            strength = self.strength(trump, ts.led)
        at = first_strongest(trick, strength)
        winner = seats[at]
        owner = g.side_of[winner] if self.pile_by_side else winner
        if self.tricks:
            st.counters[self.tricks][winner if self.tricks_by_seat else g.side_of[winner]] += 1
        if st.events is not None:
            self._say_trick(st, trick, seats, at)
        st.zones[self.pile][owner].extend(trick)
        trick.clear()
        ts.last_winner = winner
        return winner

    def _say_trick(self, st, trick: list, seats: list, at: int) -> None:
        """The trick's event for the table: who won it with which card (`trumped`: a trump, on a trick led in
        another suit), with the step's trick counter as it now stands, and the step (whose trump it was)."""
        st.emit("trick", winner=seats[at], card=trick[at], cards=list(trick), seats=list(seats), step=st.step,
                number=st.trick_state.number, counter=self.tricks or None,
                tally=list(st.counters[self.tricks]) if self.tricks else None, trumped=self._trumped(st, trick[at]))

    def _trumped(self, st, card: int) -> bool:
        """Did `card` take the trick as a trump, the suit led another (or none)?"""
        trump = self.trump_now(st)
        if trump is None or trump < 0:
            return False
        return st.trick_state.led != trump and self.suits(st)[card] == trump

    def _draw(self, st, winner: int) -> None:
        """Each seat, the trick's winner first, draws `count` cards into its hand from the first of the draw
        zones that has any, while they last. A seat's shown voids no longer hold: it may draw those suits. A card
        drawn face up (a stock's top turned up, the trump card turned under it) is known by all to be in the
        hand it went to (`known_at`, a `drew_up` event)."""
        count, sources = self.draw
        zones, n, hand = st.zones, st.game.players, self.first_sources[0]
        seen = {c for z in sources for c in seen_by_all(st, z, -1, zones[z])}  # as the draw begins: not the card
        drew = False
        for k in range(n):
            seat = (winner + k) % n
            for _ in range(count):
                source = next((z for z in sources if zones[z]), None)
                if source is None:
                    break
                card = zones[source].pop(0)
                zones[hand][seat].append(card)
                drew = True
                if card in seen:  # all saw who took it (under a turned-up top, drawn next, is seen by nobody)
                    known_to_all(st, (card,), hand, seat)
                    if st.events is not None:
                        st.emit("drew_up", seat=seat, card=card, zone=source)
                elif st.events is not None:  # face down: the table names it to those who see the hand
                    st.emit("drew_down", seat=seat, card=card, zone=hand)
        voids = st.trick_state.voids
        if drew and voids:  # a card drawn may be of a suit the seat showed it lacks
            for key in [key for key in voids if key[0] == hand]:
                del voids[key]

    def trump_now(self, st) -> int:
        """The trump suit as the step's `trump` gives it now (no_suit: none)."""
        return self.trump(st.env, None) if self.trump is not None else C.NO_SUIT

    def power_now(self, st, card: int) -> int:
        """A card's strength in the trick now, as `_close_trick` ranks the trick's cards (the expressions'
        power()); while nothing is led, the card counts as led."""
        ts = st.trick_state
        trump = self.trump_now(st)
        suits = ts.suits if self.by_rule else SUIT
        led = ts.led
        if led is None:
            led = suits[card]
        if self.by_rule:
            return self._strength(trump, led, suits, ts.powers)[card]
        return self.strength(trump, led)[card]

    def powers_led(self, st):
        """card -> its strength were it led now (`power_now` while nothing is led), the trump read once and one
        strength table made for each suit led: for a look over many cards (a bot's lead)."""
        trump, suits, tables = self.trump_now(st), self.suits(st), {}

        def power(card: int) -> int:
            led = suits[card]
            table = tables.get(led)
            if table is None:
                table = tables[led] = self._strength(trump, led, suits, st.trick_state.powers) if self.by_rule \
                    else self.strength(trump, led)
            return table[card]
        return power

    def winning_seat(self, st) -> int:
        """The seat whose card wins the trick in progress so far, as `_take_trick` would judge it; -1 when the
        trick holds no card."""
        trick = st.zones[self.trick_zone]
        if not trick:
            return -1
        if self.judging:  # the trump (through a value) reads whose card is winning, which the trump decides
            raise RulesetError(f"step '{self.name}': its trump reads winning_seat, which the trump decides", self.where)
        self.judging = True
        try:
            powers = [self.power_now(st, c) for c in trick]
        finally:
            self.judging = False
        return st.trick_state.seats[powers.index(max(powers))]

    def strength(self, trump, led) -> tuple:
        """Each card's power in a trick with this trump and this suit led (None: none named), from the table
        made at load (printed suits and order)."""
        return self.strengths[trump][NONE_LED if led is None else led]

    def _strength(self, trump, led, suits=None, powers=None) -> tuple:
        """Each card's power in a trick with this trump and this suit led: a trump beats the suit led, which
        beats the rest (worth 0); a card above every suit keeps its own power. By the printed suits and order
        (the table `strengths`), or by a trick's own `suits` and `powers`."""
        out, suit_table = [], suits or SUIT
        for c, p in enumerate(powers or self.power):
            if p < TOP:
                s = suit_table[c]
                p = p + TRUMP if s == trump and trump >= 0 else (p + LED if s == led else 0)
            out.append(p)
        return tuple(out)

    def _stopped(self, st) -> bool:
        stop = self.stop
        if stop is None:
            return False
        for e in st._side_envs or st.side_envs:
            if stop(e, None):
                if st.events is not None:
                    self._say_stopped(st)
                return True
        return False

    def _say_stopped(self, st) -> None:
        """For the table: play stops by `stop_when`, and for which sides it holds."""
        st.emit("stopped", sides=[e.side for e in st.side_envs if self.stop(e, None)], step=self.name,
                hand=len(st.hands))  # the hand's record to come, which holds what the stop read

    def _cards_left(self, st) -> bool:
        zones = st.zones
        for z in self.sources:
            if any(zones[z]):
                return True
        return False

    # ---- for the table: where a move comes from, and why a card is refused ----------------
    def source_of(self, st, move) -> str | None:
        """The zone a legal move of the seat to act takes its card from, when its turn plays from several."""
        turn = self.turns[st.trick_state.turn]
        return turn.sources[move >> 6] if turn.tops else None

    def refusal(self, st, card: int) -> tuple:
        """Why the seat to act may not play `card` now, as data: ('not held',), ('not top', zone),
        ('from piles', zones), ('from hand', zone), ('not allowed', card, entry label), ('forced', card, entry
        label) or ('follow', suit)."""
        seat, ts, zones = st.to_act, st.trick_state, st.zones
        turn = self.turns[ts.turn]
        if turn.tops:
            cards = [zones[z][seat][-1] for z in turn.sources if zones[z][seat]]
        else:
            cards = zones[turn.sources[0]][seat]
        if card not in cards:
            for z in self.sources:
                if card in self._seen(st, z, seat):  # what lies face down in its own piles the seat may not learn
                    if z in turn.sources:
                        return ("not top", z)
                    return ("from piles", turn.sources) if turn.tops else ("from hand", turn.sources[0])
            return ("not held",)
        led = ts.led
        specials = self.specials
        env = Env(st, seat, st.game.side_of[seat])
        allowed = [c for c in cards if c not in specials or specials[c].allowed is None or specials[c].allowed(env, c)]
        ok = allowed or cards  # nothing may be played: then anything may, as `_special_rules` has it
        forced = [c for c in ok if c in specials and specials[c].forced and specials[c].forced(env, c)]
        if forced and card not in forced:  # the card one must play first, then the suit one must follow,
            return ("forced", forced[0], _entry(specials[forced[0]], "forced", True, env))
        suits = self.suits(st)  # then a special card's own condition: the reason a player looks for first
        if self.follow and led is not None and suits[card] != led and card not in self.free:
            if any(suits[c] == led and c not in self.free for c in ok):
                return ("follow", led)
        if card not in allowed and allowed:
            return ("not allowed", card, _entry(specials[card], "allowed", False, env))
        return ("",)

    @staticmethod
    def _seen(st, zone: str, seat: int) -> list:
        """The cards of the seat's own pile in `zone` (a seat's: plays come from seats' piles) that the seat
        may look at: all, or a top turned up."""
        pile = st.zones[zone][seat]
        if st.game.zones[zone].sees(seat, seat, st.game):
            return pile
        return pile[-1:] if zone in st.trick_state.tops_up else []


def _judged(judged: dict, test, env, card: int):
    """A special card's test that reads no card, judged once a decision for all the cards it covers."""
    if test not in judged:
        judged[test] = test(env, card)
    return judged[test]


def _entry(special: Special, key: str, outcome: bool, env) -> str:
    """The label of the first of a card's entries whose `key` test (allowed, forced) gives `outcome`."""
    return next(p.label for p in special.parts
                if getattr(p, key) is not None and bool(getattr(p, key)(env, special.card)) == outcome)
