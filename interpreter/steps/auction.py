"""Bidding: a rising auction with passing out, or one bid from each seat."""

from __future__ import annotations

from ..errors import RulesetError
from ..state import NOBODY, Env, generated
from .base import Step, not_forbidden

PASS = None  # the move that passes
MAX_BIDS = 1_000  # bids offered at once


class Auction(Step):
    """`rising`: outbid or pass (a pass is final) until one bidder is left; `each`: everyone bids once.

    rising: the last bidder takes the `winner` variable, his bid the `contract` one; with `once`, every seat speaks
    once, in turn, and the highest bid when all have spoken wins;
    if all pass, the hand is dealt again from step `redeal_to`, or where `forced` is (seat, bid) expressions,
    that seat takes the contract at that bid (stick the dealer).
    each: every bid goes to the seat's counter `into`.
    The bounds are worked out with the bidder in focus (`seat`); `forbid` (with `offer`, the bid judged)
    strikes single bids out. A move is the bid, or PASS.
    """

    verbs = ("bid", "pass")
    bids_steer = False  # each style: a step reads the bids (who declares): set at load

    def __init__(self, name, when, *, style, first, low, step, high, winner, contract, into, redeal_to,
                 forbid=None, forced=None, passing=None, once=False):
        super().__init__(name, when)
        self.once = once  # rising, one round: each seat speaks once
        self.style, self.first, self.low, self.step, self.high = style, first, low, step, high
        self.winner, self.contract, self.into, self.redeal_to = winner, contract, into, redeal_to
        self.forbid, self.forced = forbid, forced
        self.passing = passing  # each style: the bid that is the action `pass` (its `bid N` still read)
        if passing is not None:
            self.spellings = {f"bid {passing}": passing}
        elif style == "each":  # every seat bids and none passes: `pass` is no move of it (a Persian table audit)
            self.verbs = ("bid",)
        # the bounds, where the options make all three constant: (low, step, high); else None
        bounds = tuple(getattr(f, "value", None) for f in (low, step, high))
        self.bounds = bounds if None not in bounds else None
        self.offers: dict = {}  # constant bounds, nothing forbidden: the high bid so far -> the moves offered

    def start(self, st) -> None:
        n = st.game.players
        first = self.first(st.env, None) % n
        st.phase.update(bids=(None,) * n, passed=(False,) * n, high=None, high_seat=-1, spoken=0)
        st.to_act = first

    def _range(self, st, env):
        if self.bounds is not None:
            low, step, high = self.bounds
        else:
            low, step, high = self.low(env, None), self.step(env, None), self.high(env, None)
        current = st.phase["high"]
        start = low if current is None or self.style == "each" else max(low, current + step)
        if step < 1 or (high - start) // step >= MAX_BIDS:
            raise RulesetError(f"step '{self.name}': bids from {start} to {high} by {step}: the step must be 1 or"
                               f" more, and at most {MAX_BIDS:,} bids are offered at once", self.where)
        return range(start, high + 1, step)

    def struck_out(self, st) -> bool:
        """Are there bids the bounds allow the seat to act, every one of which `forbid_if` strikes out?"""
        bids, barred = self._bids_barred(st)
        return bool(bids) and len(barred) == len(bids)

    def barred(self, st) -> list:
        """The bids within the bounds that `forbid_if` strikes out for the seat to act, now."""
        return self._bids_barred(st)[1]

    def _bids_barred(self, st) -> tuple[list, list]:
        """The bids within the bounds for the seat to act, and those of them `forbid_if` strikes out."""
        seat = st.to_act
        if self.forbid is None or seat < 0:
            return [], []
        env = Env(st, seat, st.game.side_of[seat])
        bids = list(self._range(st, env))
        allowed = set(not_forbidden(self.forbid, env, bids))
        return bids, [b for b in bids if b not in allowed]

    def high_bidder(self, st) -> int:
        """The seat holding the highest bid so far (-1: none yet)."""
        return st.phase["high_seat"]

    def bids_so_far(self, st) -> tuple:
        """Each seat's bid in this auction so far: None before it speaks, "pass" for a pass."""
        return st.phase["bids"]

    def legal(self, st) -> list:
        if self.bounds is not None and self.forbid is None:  # the same moves each time the high bid is the same
            current = st.phase["high"]
            moves = self.offers.get(current)
            if moves is None:
                moves = self.offers[current] = tuple(self._range(st, None)) + ((PASS,) * (self.style == "rising"))
            return list(moves)
        seat = st.to_act
        env = Env(st, seat, st.game.side_of[seat])
        moves = list(self._range(st, env))
        if self.forbid is not None:
            moves = not_forbidden(self.forbid, env, moves)
        if self.style == "rising":
            moves.append(PASS)
        return moves

    def text(self, move) -> str:
        return "pass" if move is PASS or move == self.passing else f"bid {move}"

    def stuck_reason(self, st) -> str:
        return "no bid lies between the lowest and the highest" + (" that is not forbidden" if self.forbid else "")

    def apply(self, st, bid) -> None:
        """A bid where everyone bids once (style `each`); a rising auction's is written out at load (`ready`)."""
        seat, n, ph = st.to_act, st.game.players, st.phase
        bids = list(ph["bids"])
        bids[seat] = bid if bid is not PASS and bid != self.passing else "pass"
        ph["bids"], ph["spoken"] = tuple(bids), ph["spoken"] + 1
        st.counters[self.into][seat] = bid
        st.to_act = (seat + 1) % n if ph["spoken"] < n else NOBODY

    def _all_passed(self, st) -> None:
        """Everyone passed without a bid: the forced seat takes the contract, or the hand is dealt again."""
        if self.forced is not None:
            seat, bid = self.forced
            self._declare(st, seat(st.env, None) % st.game.players, bid(st.env, None), forced=True)
            return
        st.to_act = NOBODY
        st.redeal(self.redeal_to)

    def ready(self, g) -> None:
        if self.style == "rising":  # in the instance's dict, before the class's apply
            self.apply = rising_bid(self, g.players)

    def _declare(self, st, seat: int, bid: int, forced: bool = False) -> None:
        """`seat` takes the contract at `bid`: the auction is over."""
        st.vars[self.winner], st.vars[self.contract] = seat, bid
        st.to_act = NOBODY
        st.emit("contract", seat=seat, bid=bid, **({"forced": True} if forced else {}))


def rising_bid(step: Auction, n: int) -> object:
    """(st, bid) -> None: a bid or a pass in a rising auction of `n` seats, then the next bidder, or the contract
    declared, or everyone passed: written out at load (`Auction.ready`)."""
    said = "bid is None" if step.passing is None else "bid is None or bid == PASSING"
    lines = ["seat, ph = st.to_act, st.phase", 'bids = list(ph["bids"])', f'bids[seat] = "pass" if {said} else bid',
             'ph["bids"] = tuple(bids)', 'spoken = ph["spoken"] = ph["spoken"] + 1', "if bid is None:",
             '    passed = list(ph["passed"])', "    passed[seat] = True", '    passed = ph["passed"] = tuple(passed)',
             '    high_seat = ph["high_seat"]', "else:", '    ph["high"], ph["high_seat"] = bid, seat',
             '    passed, high_seat = ph["passed"], seat']
    rest = ["left = passed.count(False)", "alone = left == 1 and high_seat >= 0 and not passed[high_seat]"]
    if step.once:  # the round is over when all have spoken: the highest bid wins, or all passed
        lines += [f"if spoken >= {n}:", "    left = alone = high_seat >= 0", "else:", *("    " + r for r in rest)]
    else:  # the seats yet to pass; the highest bidder alone among them wins
        lines += rest
    lines += ["if alone:", '    step._declare(st, high_seat, ph["high"])', "elif not left:",
              "    step._all_passed(st)", "else:", f"    nxt = (seat + 1) % {n}", "    while passed[nxt]:",
              f"        nxt = (nxt + 1) % {n}", "    st.to_act = nxt"]
    return generated("st, bid", lines, "None", {"step": step, "PASSING": step.passing})
