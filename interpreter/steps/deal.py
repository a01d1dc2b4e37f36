"""Dealing: packets of cards from the front of the stock to zones, with redeals."""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from ..errors import RulesetError
from ..state import Env, generated
from .base import Step, known_to_all

MAX_REDEALS = 10_000
_RECEIVERS: dict = {}  # (seats, dealer, players) -> the seats a packet goes to, in order


@dataclass(frozen=True)
class Packet:
    zone: str
    count: int | None  # None: worked out in play by `count_fn`
    per_seat: bool
    seats: str = "all"  # all | others | dealer
    redeal_if: object = None  # f(env with dealt) -> bool
    replace_if: object = None  # f(env, card) -> bool
    replace_once: bool = False  # a replacement that must itself be replaced throws the deal in
    count_fn: object = None  # f(env) -> int, for a size that depends on the state (hand_number)
    at_a_time: int = 0  # to seats: cards each gets per round of the table (0: the whole packet at once)
    where: object = None  # the packet's `count` in the ruleset, for its errors in play
    dealer: object = None  # f(env) -> the seat the packet is dealt from, as if it were the dealer; None: the dealer

    def receivers(self, st) -> tuple:
        """Seats in play order starting after the dealer (or the packet's own `dealer`)."""
        n = st.game.players
        d = st.dealer if self.dealer is None else self.dealer(st.env, None) % n
        key = (self.seats, d, n)
        seats = _RECEIVERS.get(key)
        if seats is None:
            seats = _RECEIVERS[key] = tuple(self.receivers_from(d, n))
        return seats

    def receivers_from(self, d: int, n: int) -> list[int]:
        if self.seats == "dealer":
            return [d]
        order = [(d + 1 + i) % n for i in range(n)]
        return order[:-1] if self.seats == "others" else order

    def size(self, st, step: Step) -> int:
        """The packet's count; one worked out below 0 is a located error (a count is 0 or more)."""
        if self.count is not None:
            return self.count
        n = self.count_fn(st.env, None)
        if n < 0:
            raise RulesetError(f"step '{step.name}': hand {st.hand_no + 1}: the packet to '{self.zone}' works out to"
                               f" {n} cards: a count is 0 or more", self.where or step.where)
        return n


def deal_packets(st, packets, stock: list, step: Step, stock_zone: str) -> bool:
    """Deal each packet in order; False when a packet calls for a redeal. A packet to seats must find every
    seat's cards in the stock (else a located error for `step`); one to a shared zone gets what is left."""
    for p in packets:
        count = p.count if p.count is not None else p.size(st, step)
        if p.per_seat:
            piles = st.zones[p.zone]
            seats = p.receivers(st)
            if count * len(seats) > len(stock):
                _short(st, step, count, len(seats), len(stock))
            if p.at_a_time and p.at_a_time < count:
                _deal_round_by_round(piles, seats, count, p.at_a_time, stock)
                continue
            start = 0
            for seat in seats:
                piles[seat].extend(stock[start:start + count])
                start += count
            del stock[:start]
            continue
        dealt = _take(stock, count)
        again = None  # a replacement that must go too (replace_once)
        if (p.redeal_if is not None and p.redeal_if(Env(st, dealt=dealt), None)
                or p.replace_if is not None and (again := _replace(st, p, dealt, stock, step, stock_zone)) is not None):
            if st.events is not None:
                st.emit("misdeal", zone=p.zone, cards=list(dealt), step=step.name,
                        **({"again": again} if again is not None else {}))
            return False
        st.zones[p.zone].extend(dealt)
        if st.events is not None and dealt and st.game.zones[p.zone].visible in FACE_UP:
            st.emit("dealt", zone=p.zone, cards=seen_dealt(st.game.zones[p.zone], dealt))  # for everyone to see
    return True


FACE_UP = ("all", "top")  # a shared zone a card dealt to is seen by all: every card, or the top one


def seen_dealt(zone, dealt: list) -> list:
    """The cards dealt to a shared zone that all see: every one where it lies face up, the last (its top) where
    only the top shows (a discard pile's starter)."""
    return list(dealt) if zone.visible == "all" else list(dealt[-1:])


def _short(st, step: Step, count: int, seats: int, left: int) -> None:
    each = f"{count} card{'s' * (count != 1)} to each of {seats} player{'s' * (seats != 1)}"
    raise RulesetError(f"step '{step.name}': hand {st.hand_no + 1} deals {each}, {count * seats} in all, but"
                       f" {left} {'is' if left == 1 else 'are'} left to deal", step.where)


def _deal_round_by_round(piles, seats: list[int], count: int, by: int, stock: list) -> None:
    """`count` cards to each seat, `by` at a time, round the table in play order."""
    given = 0
    while given < count:
        k = min(by, count - given)
        for seat in seats:
            piles[seat].extend(_take(stock, k))
        given += k


def _take(stock: list, n: int) -> list:
    out = stock[:n]
    del stock[:n]
    return out


def _replace(st, p: Packet, dealt: list, stock: list, step: Step, stock_zone: str) -> int | None:
    """Send matching cards under the stock and deal the next ones in their place; where `replace_once` finds
    a replacement that matches too, that card (the deal is thrown in), else None. A card that matches
    with no card in the stock that does not is a located error (the deal would keep a card it must replace).
    A card sent back from a zone that lies face up was seen by all: where it lies is known (`known_at`)."""
    env = st.env
    seen = st.game.zones[p.zone].visible == "all"
    for i in range(len(dealt)):
        tries = len(stock)
        replaced = False
        while p.replace_if(env, dealt[i]) and stock and tries > 0:
            if replaced and p.replace_once:  # this card is itself a replacement
                return dealt[i]
            if st.events is not None:
                st.emit("replaced", zone=p.zone, card=dealt[i])
            stock.append(dealt[i])
            if seen:  # every seat knows it lies at the bottom of the stock
                known_to_all(st, (dealt[i],), stock_zone, -1)
            dealt[i] = stock.pop(0)
            tries -= 1
            replaced = True
        if p.replace_if(env, dealt[i]):
            raise RulesetError(f"step '{step.name}': hand {st.hand_no + 1}: {C.NAMES[dealt[i]]} dealt to '{p.zone}'"
                               " must be replaced (replace_if), but no card left in the stock may take its place",
                               step.where)
    return None


class Deal(Step):
    """Collect every card, shuffle, deal the packets; redeal while a packet says so."""


    def __init__(self, name, when, packets, stock_zone: str, shuffle: bool = True):
        super().__init__(name, when)
        self.packets, self.stock_zone, self.shuffle = packets, stock_zone, shuffle
        self.deal = self._deal_packets

    def ready(self, g) -> None:
        """The packets dealt by a function written out for them, where they allow it (`written_deal`)."""
        made = written_deal(self, g)
        if made is not None:
            self.deal = made
        # the hand's first cards: _start_hand left every zone empty, and no step before this one fills any
        self.first = not any(s.moves_cards for s in g.steps[:g.steps.index(self)])

    def _held(self, st) -> dict:
        """How many cards each seat holds in each zone this step deals to seats, as it begins."""
        return {p.zone: [len(pile) for pile in st.zones[p.zone]] for p in self.packets if p.per_seat}

    def _deal_packets(self, st, stock: list) -> bool:
        return deal_packets(st, self.packets, stock, self, self.stock_zone)

    def start(self, st) -> None:
        if not self.shuffle:  # go on dealing from the stock
            held = self._held(st) if st.events is not None else None
            self.deal(st, st.zones[self.stock_zone])
            if st.phase.get("known_at"):
                follow_known(st, self.stock_zone)
            if held is not None:  # for the table: how many more cards each seat was given, zone by zone
                added = {z: [len(p) - n for p, n in zip(st.zones[z], counts)] for z, counts in held.items()}
                st.emit("dealt_on", step=self.name, added=added)
            return
        gather = not self.first
        for _ in range(MAX_REDEALS):
            if gather:
                st.game.clear_zones(st.zones)
                st.phase.pop("known_at", None)  # every card gathered and shuffled: where one lay is known no more
                st.phase.pop("known_among", None)
            gather = True  # a misdeal's cards are gathered again
            stock = st.shuffle()
            if self.deal(st, stock):
                st.zones[self.stock_zone][:] = stock
                return
            st.misdeals += 1
        raise RulesetError(f"step '{self.name}': no valid deal in {MAX_REDEALS} shuffles: check the redeal_if"
                           " and replace_once conditions", self.where)


def follow_known(st, stock_zone: str) -> None:
    """A card all knew the place of in the stock (one sent under it) and now dealt: the deal's order is public,
    so all know where it went (`known_at`)."""
    stock = st.zones[stock_zone]
    dealt = [c for c, k in st.phase["known_at"].items() if k == (stock_zone, -1, -1) and c not in stock]
    for name, zone in st.game.zones.items() if dealt else ():
        piles = [st.zones[name]] if zone.owner == "none" else st.zones[name]
        for i, pile in enumerate(piles):
            known_to_all(st, [c for c in dealt if c in pile], name, -1 if zone.owner == "none" else i)


def written_deal(step: Deal, g):
    """`deal_packets` for this step's packets written out at load, where each packet has a fixed count, is dealt
    whole from the dealer and throws nothing in: the seats each packet goes to looked up by dealer, each pile
    given its slice of the stock. A stock too short for them all goes by `deal_packets`, which says so. None
    for other packets."""
    packets = step.packets
    if any(p.count is None or p.redeal_if is not None or p.replace_if is not None or p.dealer is not None
           or p.per_seat and 0 < p.at_a_time < p.count for p in packets):
        return None
    n = g.players
    ns = {"GENERAL": step._deal_packets}
    lines, at = ["zones = st.zones"], 0
    for i, p in enumerate(packets):
        ns[f"Z{i}"] = p.zone
        if p.per_seat:
            ns[f"TO{i}"] = tuple(tuple(p.receivers_from(d, n)) for d in range(n))  # by dealer
            lines += [f"piles, seats = zones[Z{i}], TO{i}[d]"]
            for k in range(len(p.receivers_from(0, n))):
                lines.append(f"piles[seats[{k}]].extend(stock[{at}:{at + p.count}])")
                at += p.count
        else:
            lines.append(f"zones[Z{i}].extend(stock[{at}:{at + p.count}])")
            if g.zones[p.zone].visible in FACE_UP:  # face up, for everyone to see (the top only, where it shows)
                first = at if g.zones[p.zone].visible == "all" else at + p.count - 1
                lines += [f"if st.events is not None and {p.count}:",
                          f'    st.emit("dealt", zone=Z{i}, cards=stock[{first}:{at + p.count}])']
            at += p.count
    head = [f"if len(stock) < {at}:", "    return GENERAL(st, stock)", "d = st.dealer"]
    return generated("st, stock", head + lines + [f"del stock[:{at}]"], "True", ns)
