"""Players: random, greedy and search. Each decides from its seat's observation alone (`observe.Seat`)."""

from __future__ import annotations

import math
import random
from operator import add

from . import cards as C
from .errors import CardrulesError
from .observe import Seat
from .rules import names_read
from .search import QUICK_BID_DEALS, Search, points_margin, trump_tricks
from .state import Env, State, whole_number, whole_seed
from .steps.auction import Auction
from .steps.capture import CapturePlay, every_part
from .steps.choose import Choose
from .steps.exchange import Exchange
from .steps.passing import PassCards
from .steps.pick import BURN, KEEP, Pick
from .steps.shed import CALLS, Shed, laid
from .steps.trick import TrickPlay
from .steps.trick_lead import LeadTricks, kind_of
from .steps.trick_swap import SWAP, SwapTricks

DEFAULT_ITERATIONS = 1000  # about 0.1–0.25 s a decision on one core (docs/bots.md)
BID_LOOKAHEAD = 100  # the greedy bot's playouts for a bid, which gains nothing at once
SEARCH_DEALS = 0  # ISMCTS, which plays better than PIMC head to head (docs/bots.md)
BIDDING_DEALS = None  # but bids worse: in an auction the search is PIMC
REPLY_CARDS = 64  # a fishing game's reply is weighed over this many of the cards the next player may hold: a
# 52-card deck's every one (12 drawn at random missed the ace that sweeps a 10 laid alone: a bot audit)
MANY_PARTS = 16  # a card offered more parts of what it may take than this: the look ahead weighs a few of them
DECIDED = 1e9  # a game won (or lost) by a move, as a margin beyond any hand's, where an average needs a number
SOLVED_NODES = 5_000  # moves tried at most in playing out every line of the hand's end (`solved`), else it is not
SOLVED_LINES = 5_000  # the most orders the cards left may be played in (each seat's cards, factorial) worth trying
SOLVED_DEPTH = 64  # the most moves one line may take (draws until a card may be laid make lines long)


class Bot:
    """A player with its own random numbers, deciding from what its seat sees (`decide`, given a `Seat`)."""

    kind = ""
    gift_sense = True  # a card play does not lead a likely gift while another lead is left (`no_gift_leads`)
    duck_sense = True  # a card play ducks under a trick that costs its holder's side more than it gains the mover's
    lead_sense = True  # a lead for a wanted trick is a card none unseen beats, where it holds one (`wanted_leads`)

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, st):
        """A legal move of the seat to act, chosen from what that seat sees."""
        return self.decide(Seat(acting(st)))

    def decide(self, seat: Seat):
        raise NotImplementedError


class RandomBot(Bot):
    """Any legal action, uniformly."""

    kind = "random"

    def choose(self, st):
        """A legal move of the seat to act: the legal moves are all it reads (they are that seat's own, as
        `Seat.legal_moves` gives them), so it reads them from the state at once, with no `Seat` made for
        every decision. `simulate`'s loop (`play_one`) has each step make this same choice (`Step.play_chosen`),
        with the bot's `rng`."""
        return self.rng.choice(acting(st).legal_moves())

    def decide(self, seat: Seat):
        return self.rng.choice(seat.legal_moves())


def acting(st):
    """`st`, a game's state with a seat to act; else a CardrulesError that says what a bot wants."""
    if not isinstance(st, State):
        raise CardrulesError(f"a bot chooses in a game's state (game.new_state()), not {type(st).__name__}")
    if st.to_act < 0:
        raise CardrulesError("no seat is to act: " + ("the game is over" if st.over else "play has halted" if st.halted
                                                      else "the game is between steps"))
    return st


class GreedyBot(Bot):
    """The action that gains most now: own side's score (game + this hand so far) minus the best other's.

    Judged by the ruleset's own scoring rows on one deal of the cards the seat cannot see, agreeing with
    what it has seen; ties are broken at random. A bid gains nothing at once, so in an auction it looks
    ahead instead: a small search (`BID_LOOKAHEAD` playouts) bids by the hand it holds, and so it chooses
    where a choice offers words or a pass (accept or pass, alone or not, keep or redeal, no trump), and where
    it chooses a suit over no trump or a pass, the suit is the one it holds most of. Naming
    one suit or another gains nothing at once either: there it names the suit it holds most of
    (`naming_trump`). Where cards equal by points now are played to a trick its side wants to win or to lose
    (`trick_wish`), it plays as players do (`trick_sense`); otherwise, following, it plays the card that lands
    best were the trick to end now (`best_landing`: what it gives away, and to whom), the weakest of those
    that land alike (`lowest_landing`). A trick that would cost the side of the seat on top more than it gains
    the mover's, it leaves to that seat, and it leads low where such a seat plays (`_whose_trick`). It discards
    before the tricks as players do (`discard_sense`): not its long suit, not a suit's best card; it passes cards
    to another seat as players do (`pass_sense`): the costly and the high ones to another side. In a fishing game it
    weighs the next player's best reply on its deal (`best_after_reply`): a sweep left to the next player; of a
    card that may take any part of many cards, a few parts (`fewer_parts`), and of parts alike the most; of cards
    laid down alike, the one that would take least later (`least_reach`: a jack is kept).
    Shedding, it lays a card whenever one may go (`lays_first`), keeps the cards that call a suit for last and
    calls the suit it holds most (`shed_sense`).
    """

    kind = "greedy"

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.bidding = Search(BID_LOOKAHEAD, rng, paired_bids=True, bid_deals=QUICK_BID_DEALS)

    def decide(self, seat: Seat):
        moves = seat.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if isinstance(seat.step, Auction) or isinstance(seat.step, Choose) and not naming_only(seat.step, moves):
            move = self.bidding.choose(seat)
            if not isinstance(seat.step, Choose) or not seat.step.suits or move == C.NO_SUIT:
                return move
            sample = seat.sample(self.rng, last=True)
            named = naming_trump(sample, seat.step, moves)  # a suit, not no trump: the one held most
            sample.forget_views()
            return move if not named or move in named else self.rng.choice(named)
        moves = sensible(seat, moves, self.rng, self.gift_sense, self.duck_sense, self.lead_sense)
        return moves[0] if len(moves) == 1 else self.rng.choice(moves)


def sensible(seat: Seat, moves: list, rng, gifts: bool = True, ducks: bool = True, leads: bool = True) -> list:
    """Of `moves` (outside an auction), those a player would make, judged on one deal of the cards the seat
    cannot see: the greedy bot's choice, and the search bot's among moves its playouts cannot tell apart.
    With `gifts`, a lead that is a likely gift is not made while another is left (`no_gift_leads`); with `ducks`,
    a trick that costs its holder more than it gains the mover is left to it (`trick_sense`)."""
    unseen = seat.unseen_cards() if isinstance(seat.step, (Pick, CapturePlay, Exchange)) else None  # drawn, held
    known = seat.knows_all()
    sample, step = seat.sample(rng, last=True), seat.step
    if known and (best := solved(sample, moves)) is not None:  # the sample is the state: play the hand's end out
        moves = best
    if isinstance(step, Exchange):
        allowed = discard_sense(sample, step, moves)
        moves = discards_banked(sample, step, moves, allowed, unseen) or best_moves_now(sample, allowed)
    elif isinstance(step, Pick):
        moves = pick_sense(sample, step, moves, unseen)
    elif isinstance(step, PassCards):
        moves = pass_sense(sample, step, moves)
    elif isinstance(step, CapturePlay):
        moves = fullest_parts(moves, best_after_reply(sample, moves, unseen, rng))
        if len(moves) > 1 and unseen and not any(taken for _, taken in moves):
            moves = least_reach(sample, step, moves, unseen)
    elif isinstance(step, SwapTricks) and (chosen := good_swaps(sample, step, moves)
                                           or best_declarations(sample, step, moves)):
        moves = chosen
    else:
        if isinstance(step, SwapTricks):  # no swap or declaration worth making, and never a close: the plays
            moves = [m for m in moves if m < SWAP]
        if isinstance(step, Shed):
            moves = lays_first(moves)
        moves = best_moves_now(sample, naming_trump(sample, step, moves) or moves)
        if len(moves) > 1 and isinstance(step, TrickPlay):
            if gifts:
                moves = no_gift_leads(sample, step, moves)
            wish = trick_wish(sample, step)
            moves = trick_sense(sample, step, moves, wish, ducks, leads) if wish else \
                lowest_landing(sample, step, moves, ducks)
        elif len(moves) > 1 and isinstance(step, Shed):
            moves = shed_sense(sample, step, moves)
    sample.forget_views()
    return moves


class SearchBot(Bot):
    """Monte Carlo tree search over deals of the unseen cards (`search.Search`): ISMCTS by `SEARCH_DEALS`,
    one tree over a fresh deal each iteration; in an auction PIMC by `BIDDING_DEALS`, each deal its own
    small tree, the root statistics added up."""

    kind = "mcts"
    sense = True  # among moves the playouts cannot tell apart, the one a player would make (else the most visited)

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS):
        super().__init__(rng)
        self.searches = {deals: Search(iterations, rng, deals=deals, narrow=worth_searching)
                         for deals in (SEARCH_DEALS, BIDDING_DEALS)}

    @property
    def search(self) -> Search:
        """The search for moves outside an auction."""
        return self.searches[SEARCH_DEALS]

    def decide(self, seat: Seat):
        """The search's choice; where its playouts cannot tell it from other moves of a card play (`close_to`),
        the one of those a player would make (`sensible`): the two, not the king, to a trick lost anyway. Where the
        seat knows where every card lies and the hand's end can be played out (`solved`), the best line's move, as
        greedy's: random playouts there fell short of it (a bot audit: a fishing game's last deal, 3 of 915 moves)."""
        if (best := self.solved_end(seat)) is not None:
            return best
        search = self.searches[deals_at(seat.step)]
        move = search.choose(seat)
        close = search.close
        if not self.sense or len(close) < 2 or isinstance(seat.step, (Auction, Choose)):
            return move
        sense = sensible(seat, close, self.rng, self.gift_sense, self.duck_sense,
                         self.lead_sense)
        return move if move in sense or not sense else sense[0]

    def solved_end(self, seat: Seat):
        """Where every card's place is known, one of the moves that end the hand best (`known_end`); else None."""
        moves = seat.legal_moves()
        values = known_end(seat, moves)
        if values is None:
            return None
        best = _extreme(moves, values.__getitem__, max)
        return best[0] if len(best) == 1 else self.rng.choice(best)


def known_end(seat: Seat, moves: list) -> dict | None:
    """Where the seat knows where every card lies (`Seat.knows_all`) and the hand's end can be played out, each of
    its card plays `moves` with the margin of the best line after it (`solved_values`); else None."""
    if len(moves) < 2 or isinstance(seat.step, (Auction, Choose)) or not seat.knows_all():
        return None
    sample = seat.sample(random.Random(0), last=True)  # the state itself, every card known: nothing drawn
    try:
        return solved_values(sample, moves)
    finally:
        sample.forget_views()


def deals_at(step) -> int | None:
    """How the search bot (and a hint) searches at this step: `BIDDING_DEALS` in an auction, else `SEARCH_DEALS`."""
    return BIDDING_DEALS if isinstance(step, Auction) else SEARCH_DEALS


def good_swaps(st, step, moves: list) -> list:
    """Of a trick play's moves, the swaps that give a card for one stronger in the trick now (`power_now`: a
    low trump for the turned trump card above it)."""
    if step.swap is None:
        return []
    pile = st.zones[step.swap.zone]
    if not pile:
        return []
    taken = st.game.zones[step.swap.zone].top_card(pile)
    power = step.power_now(st, taken)
    return [m for m in moves if kind_of(m) == 1 and step.power_now(st, m & 63) < power]


def declarations(moves: list) -> list:
    """Of a trick play's moves, the declarations (`declare:`): each worth its points, so always made."""
    return [m for m in moves if kind_of(m) == 2]


def best_declarations(st, step, moves: list) -> list:
    """The declarations worth the most points now (a marriage in trump before one in another suit)."""
    made = declarations(moves)
    side = st.side_to_act
    return _extreme(made, lambda m: value_after(st, m, side), max) if len(made) > 1 else made


def worth_searching(seat: Seat, moves: list, rng) -> list:
    """For the search bot: the moves `fewer_captures` leaves; of a trick play's, never a close (a close is a
    wager its playouts judge poorly), and a declaration where one may be made."""
    if isinstance(seat.step, LeadTricks):
        made = declarations(moves)
        return made or [m for m in moves if kind_of(m) != 3] or moves
    return fewer_captures(seat, moves, rng)


def naming_only(step, moves: list) -> bool:
    """Does a choice only name a suit now (no `no_suit` left to pass or to play without trump: `forbid_if` may
    strike it out, as for a dealer made to name trump)?"""
    return step.suits and C.NO_SUIT not in moves


def naming_trump(st, step, moves: list) -> list | None:
    """Where the move names trump — a suit chosen into the variable a trick step takes as its trump, or a lead
    that declares it — the moves naming the suit the seat to act holds most of (the most cards, then the
    strongest by that trick's order); None for any other move. `st` may be a deal the seat sampled: only its
    own cards are read."""
    if isinstance(step, Choose):
        tricks = trump_tricks(st.game, step)
        if not tricks:
            return None
        suit_of, var = {m: m for m in moves if m != C.NO_SUIT}, step.var  # `no_suit` is not a suit to hold
    elif isinstance(step, TrickPlay) and step.declare_trump and st.vars[step.declare_trump] == C.NO_SUIT:
        if st.zones[step.trick_zone]:  # not the lead
            return None
        tricks, var = [step], step.declare_trump
        suit_of = {m: C.SUIT[m & 63] for m in moves if C.SUIT[m & 63] >= 0}
    else:
        return None
    trick = tricks[0]
    held = st.zones[trick.first_sources[0]][st.to_act]
    strength = {s: suit_strength(held, *cards_read(st, trick, var, s)).get(s, (0, 0)) for s in set(suit_of.values())}
    if not strength:
        return None
    best = max(strength.values())
    named = [m for m, s in suit_of.items() if strength[s] == best]
    if step is trick:  # of the lead's suit, the highest card
        top = max(trick.power[m & 63] for m in named)
        named = [m for m in named if trick.power[m & 63] == top]
    return named


def lays_first(moves: list) -> list:
    """Shedding, the moves that lay cards when any may go: a player lays rather than draws or passes, even where
    ending the hand now would cost him (with a stock restocked, drawing and passing could go on for ever)."""
    return [m for m in moves if laid(m)] or moves


def shed_sense(st, step, moves: list) -> list:
    """Shedding as players do: a suit called is the one held most; a card laid (`lays_first`) is not one that
    calls a suit (kept for when nothing else goes) while another may go; of the moves left, one that lays the most
    cards together (`together`)."""
    held = st.zones[step.hand][st.to_act]
    if moves[0] in CALLS:
        most = {s: sum(C.SUIT[c] == s for c in held) for s in range(4)}
        top = max(most[m[1]] for m in moves)  # of the suits these moves call (the search's may not hold all)
        return [m for m in moves if most[m[1]] == top]
    plays = [m for m in moves if laid(m)]
    if step.calls is not None:
        env = Env(st, st.to_act, st.game.side_of[st.to_act])
        plays = [m for m in plays if not any(step.calls(env, c) for c in laid(m))] or plays
    if step.together is not None and plays:
        most = max(len(laid(m)) for m in plays)
        plays = [m for m in plays if len(laid(m)) == most]
    return plays or moves


def suit_strength(held, suits, powers) -> dict:
    """Each suit held (by `suits`, card -> the suit it counts as): (how many cards, their `powers` added up)."""
    strength = {}
    for c in held:
        n, power = strength.get(suits[c], (0, 0))
        strength[suits[c]] = n + 1, power + powers[c]
    return strength


def trick_after(game, step):
    """The trick play that follows `step` in the hand (whose trump and order judge the cards), or None."""
    steps = game.steps
    return next((t for t in steps[steps.index(step):] if isinstance(t, TrickPlay)), None)


def pick_sense(st, step, moves: list, unseen: list) -> list:
    """At a keep-or-burn turn, as players choose: keep the card shown if it is worth at least what the next card
    is worth on the whole — any of the `unseen` cards, for all the seat can tell (a trump above any other suit,
    then by the trick step's order) — else burn it and keep the next."""
    trick = trick_after(st.game, step)
    shown = step.shown(st, st.to_act)
    if trick is None or not shown or not unseen or len(moves) != 2:
        return moves
    trump = trick.trump_now(st)
    top = max(trick.power) + 1

    def worth(c: int) -> int:
        return trick.power[c] + (top if trump >= 0 and C.SUIT[c] == trump else 0)

    keep = worth(shown[0]) * len(unseen) >= sum(map(worth, unseen))
    return [KEEP if keep else BURN]


def discard_sense(st, step, moves: list) -> list:
    """Discards as players make them before the tricks: not of trump (as the trick step has it now, else the
    suit held most; a card the trick's rule makes a trump, a bower, is one), and not a suit's best card held,
    while other cards may go; where every card but the trumps is its suit's best (singletons), the weakest of
    them, never a trump while another card is left (a bot audit: a random card went, a bower among them). The
    points a discard banks now are `best_moves_now`'s to weigh."""
    trick = trick_after(st.game, step)
    if trick is None:
        return moves
    held = st.zones[step.hand][st.to_act]
    suits, power = cards_read(st, trick)
    trump = _trump_kept(st, trick, held, suits, power)
    best = {}
    for c in held:
        if suits[c] not in best or power[c] > power[best[suits[c]]]:
            best[suits[c]] = c
    off = [m for m in moves if suits[m] != trump]
    plain = [m for m in off if best.get(suits[m]) != m]
    if plain or not off:
        return plain or moves
    weakest = min(power[m] for m in off)
    return [m for m in off if power[m] == weakest]


def _trump_kept(st, trick, held: list, suits, power) -> int:
    """The suit a seat discarding keeps as trump: the trick step's now, else the suit it holds most."""
    trump = trick.trump_now(st)
    if trump < 0:
        strength = suit_strength(held, suits, power)
        trump = max(strength, key=strength.__getitem__) if strength else C.NO_SUIT
    return trump


def discards_banked(st, step, moves: list, allowed: list, unseen: list) -> list:
    """Where discards score for the discarder now (a widow's, won by the hakem), the discards banking most: of
    those `discard_sense` allows (`allowed`), and the best card held of a suit that a card unseen beats (a 10
    with the ace out), likely lost in play, whose lower cards went instead (a bot audit: the 10 left bare, then
    taken, as the discards' points moved no hand points yet); none where no discard banks anything."""
    trick = trick_after(st.game, step)
    if trick is None or not unseen:
        return []
    suits, power = cards_read(st, trick)
    side = st.game.side_of[st.to_act]
    top = {}  # the strongest unseen card of each suit
    for c in unseen:
        top[suits[c]] = max(power[c], top.get(suits[c], power[c]))
    trump = _trump_kept(st, trick, st.zones[step.hand][st.to_act], suits, power)
    loose = [m for m in moves if m not in allowed and suits[m] != trump and power[m] < top.get(suits[m], -1)]
    before = _scored(st, side)
    worth = {m: _banked(st, m, side, before) for m in (*allowed, *loose)}
    most = max(worth.values())
    return [m for m in worth if worth[m] == most] if most > 0 else []


def _banked(st, move, side: int, before: list) -> float:
    """What a move banks for the side now: the change in its hand points, else in its named values (a widow's
    10 discarded into the hakem's pile, where a contract not yet made scores nothing by its points now)."""
    with played(st, move) as after:
        return _gained(st.game, before, _scored(after, side), sized=False)


def _gained(g, before: list, after: list, sized: bool) -> float:
    """What `_scored`'s figures moved from `before` to `after`: the hand points (against a side where the lowest
    total wins), else the named values' changes summed, in size where `sized`."""
    points = (after[0] - before[0]) * (-1 if g.lowest_wins else 1)
    return points or sum(abs(a - b) if sized else a - b for a, b in zip(after[1:], before[1:]))


def pass_sense(st, step, moves: list) -> list:
    """Cards passed to another seat before the tricks, as players pass them (a bot audit found the pass random):
    to a partner, the strongest by the trick's order; to another side, where some card of the deck would cost its
    taker points (a queen's 13, a heart), the card whose cost and strength together are greatest (the queen,
    then the high cards that take the tricks such points come in); where none would, the weakest, no help to
    the side they go to."""
    trick = trick_after(st.game, step)
    if trick is None:
        return moves
    seat, g = st.to_act, st.game
    _, power = cards_read(st, trick)
    if g.side_of[st.phase["pass_to"][seat]] == g.side_of[seat]:
        key = {m: -power[m] for m in moves}
    else:
        worth = {c: worth_to(st, trick, seat, c) for c in dict.fromkeys(g.deck)}
        costly = any(w < 0 for w in worth.values())
        key = {m: min(worth[m], 0) - power[m] if costly else power[m] for m in moves}
    first = min(key.values())
    return [m for m in moves if key[m] == first]


def cards_read(st, trick, var: str | None = None, suit: int = C.NO_SUIT) -> tuple:
    """Each card's suit and power in `trick`'s play, by its rule where it has one (`suit_of`, `power_of`: a bower
    is a trump), with the variable `var` set to `suit` (a trump the seat would name) where given; else the
    printed suits and the step's order."""
    if not trick.by_rule:
        return C.SUIT, trick.power
    if var is None:
        return trick.cards_by_rule(st)
    was, st.vars[var] = st.vars[var], suit
    try:
        return trick.cards_by_rule(st)
    finally:
        st.vars[var] = was


def best_now(st, moves: list, rng):
    """Of `moves` (legal in `st`), one that leaves the mover's side furthest ahead now; ties at random."""
    best = best_moves_now(st, moves)
    return best[0] if len(best) == 1 else rng.choice(best)


def best_moves_now(st, moves: list) -> list:
    """The `moves` (legal in `st`) that leave the mover's side furthest ahead now, in their order."""
    side = st.side_to_act
    return _extreme(moves, lambda m: value_after(st, m, side), max)


def best_after_reply(st, moves: list, unseen: list | None = None, rng=None) -> list:
    """Of `moves`, those that leave the mover's side furthest ahead once the next player, if of another side and
    still playing cards, has made the reply worst for the mover's side now (with two sides, the one that gains
    the next player most): a capture that leaves a sweep to the next player is worth less than one that does
    not. The reply is judged on the cards the mover's deal gives that player; with `unseen` (the cards the mover
    cannot see), over every hand of them that player may hold (`expected_reply`), weighing a random
    `REPLY_CARDS` of them (the same for every move) where there are more and the player holds fewer."""
    side, side_of = st.side_to_act, st.game.side_of
    few = rng.sample(unseen, REPLY_CARDS) if unseen and rng and len(unseen) > REPLY_CARDS else unseen
    moves = fewer_parts(st, moves)

    def after_reply(move) -> float:
        with played(st, move) as after:
            if after.over:
                return float("inf") if after.winner == side else float("-inf")
            if after.to_act < 0 or side_of[after.to_act] == side or after.acting is not st.acting:
                return margin(after, side)
            if unseen:
                held = len(after.zones[after.acting.hand][after.to_act])
                return expected_reply(after, few if held < len(few) else unseen, side)
            return min(value_after(after, reply, side) for reply in fewer_parts(after, after.legal_moves()))

    return _extreme(moves, after_reply, max)


def least_reach(st, step, moves: list, unseen: list) -> list:
    """Of capture `moves` that each lay a card down, taking nothing, and land alike: those laying the card that
    would take the fewest of the cards still `unseen`, each met alone on the table. A player keeps the card that
    takes much for later (a jack that takes any card, laid on an empty table, would wait there to be taken)."""
    seat = st.to_act

    def reach(card: int) -> int:
        return sum(1 for u in unseen if step.captures(st, seat, card, [u]))

    return _extreme(moves, lambda m: reach(m[0]), min)


def solved(st, moves: list) -> list | None:
    """Where every card's place is known (`Seat.knows_all`): of `moves`, those that end the hand best for the mover's
    side, every seat after it playing as best for its own side, every line played out (the last deal of a fishing
    game: the table the last capturer takes, the majorities); None where the cards left may be played in more than
    SOLVED_LINES orders, the lines take more than SOLVED_NODES moves or one line more than SOLVED_DEPTH, or a
    line shuffles (a stock restocked: what it deals is not known) (`st` is not changed)."""
    values = solved_values(st, moves)
    return None if values is None else _extreme(moves, values.__getitem__, max)


def solved_values(st, moves: list) -> dict | None:
    """`solved`'s judgement: each of `moves` with the mover's side's margin of hand points over the best other side
    at the hand's end, the best line played; None where the lines cannot all be played out."""
    hand = len(st.hands)
    if st.to_act < 0 or not isinstance(st.acting, (CapturePlay, TrickPlay, Shed)) or _orders(st) > SOLVED_LINES:
        return None
    lines = _Lines(len(st.decks), hand)
    side, lowest = st.side_to_act, st.game.lowest_wins
    try:
        if st.game.sides == 2:  # what one side gains the other loses: lines that cannot matter are cut
            ends = {m: _margin_end(lines.after(st, m, 0), hand, lines, -math.inf, math.inf, 1) for m in moves}
            return {m: ends[m] if side == 0 else -ends[m] for m in moves}
        ends = {m: _best_end(lines.after(st, m, 0), hand, lines, 1) for m in moves}
    except _Unsolved:
        return None
    return {m: points_margin(ends[m], side, lowest) for m in moves}


class _Unsolved(Exception):
    """The lines of the hand's end are too many, or too long, to play out, or one of them shuffles."""


class _Lines:
    """What playing out the lines of hand number `hand`'s end may still spend: moves in all, and no shuffle past
    `decks` before the hand ends (the next hand's deal shuffles, after it)."""

    __slots__ = ("moves", "decks", "hand")

    def __init__(self, decks: int, hand: int):
        self.moves, self.decks, self.hand = SOLVED_NODES, decks, hand

    def after(self, st, move, depth: int):
        """A copy of `st` with `move` played; _Unsolved where the moves are spent, the line too long, or it
        shuffled within the hand."""
        self.moves -= 1
        if self.moves < 0 or depth > SOLVED_DEPTH:
            raise _Unsolved
        after = st.copy(history=False)
        after.apply_move(move)
        if len(after.decks) > self.decks and len(after.hands) <= self.hand:
            raise _Unsolved
        return after


def _orders(st) -> int:
    """In how many orders the cards the seats hold may be played, at most (each seat's count, factorial)."""
    step = st.acting
    zone = getattr(step, "hand", None) or (step.first_sources[0] if getattr(step, "first_sources", None) else None)
    piles = st.zones.get(zone) if isinstance(zone, str) else None
    if not isinstance(piles, list) or not piles or not isinstance(piles[0], list):
        return SOLVED_LINES + 1
    return math.prod(math.factorial(min(len(p), 12)) for p in piles)


def _ended(st, hand: int) -> list | None:
    """Each side's points of hand number `hand` where it has ended (nothing, where it was thrown in or play
    stopped); None while it is played."""
    if len(st.hands) > hand:
        return st.hands[hand]["points"]
    if st.over or st.halted or st.to_act < 0 or st.hand_no != hand:
        return [0] * st.game.sides
    return None


def _margin_end(st, hand: int, lines: _Lines, alpha: float, beta: float, depth: int) -> float:
    """Side 0's margin for hand number `hand` once it ends, of two sides each playing as best for itself (side 0
    the highest, side 1 the lowest), lines outside (alpha, beta) cut short; `depth` moves into the line."""
    ended = _ended(st, hand)
    if ended is not None:
        return points_margin(ended, 0, st.game.lowest_wins)
    highest = st.side_to_act == 0
    best = -math.inf if highest else math.inf
    moves = st.legal_moves()
    if isinstance(st.acting, CapturePlay):  # the fuller captures first: the best line is found sooner, more cut
        moves = sorted(moves, key=lambda m: -len(m[1]))
    for move in moves:
        value = _margin_end(lines.after(st, move, depth), hand, lines, alpha, beta, depth + 1)
        if highest:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _best_end(st, hand: int, lines: _Lines, depth: int) -> list:
    """Each side's points for hand number `hand` once it ends, each seat playing as best for its own side (the
    points of a hand thrown in, or cut short, are nothing)."""
    ended = _ended(st, hand)
    if ended is not None:
        return ended
    side, lowest = st.side_to_act, st.game.lowest_wins
    best = None
    for move in st.legal_moves():
        points = _best_end(lines.after(st, move, depth), hand, lines, depth + 1)
        if best is None or points_margin(points, side, lowest) > points_margin(best, side, lowest):
            best = points
    return best


def fewer_parts(st, moves: list) -> list:
    """`moves` of a capture play (legal in `st`), but where a card may take any part of some cards and is offered
    more than MANY_PARTS captures (any part of 13 cards: 8,191), of those only: the cards it may take ranked
    by what taking each alone gains the mover now, the best one, the best two … all of them, and all but any
    one. The look ahead weighs every move and every reply to it, and these are the parts a player weighs."""
    if len(moves) <= MANY_PARTS:
        return moves
    out = []
    for card, own in _by_card(moves).items():
        cards = _parted(card, own) if len(own) > MANY_PARTS else None
        out += own if cards is None else _best_parts(st, card, own, cards)
    return out


def fewer_captures(seat: Seat, moves: list, rng) -> list:
    """For the search bot: of a seat's capture moves, where a card may take any part of many cards, the parts
    `fewer_parts` keeps, judged on a deal of the cards the seat cannot see; else `moves` (no deal drawn). Its
    playouts cannot tell 8,191 parts apart: a thousand of them visit each part once at best."""
    if len(moves) <= MANY_PARTS or not isinstance(seat.step, CapturePlay):
        return moves
    if not any(len(own) > MANY_PARTS and _parted(card, own) for card, own in _by_card(moves).items()):
        return moves
    return fewer_parts(seat.sample(rng), moves)


def _best_parts(st, card: int, own: list, cards: list) -> list:
    """`fewer_parts` for one card's moves `own`, parts of `cards`."""
    side = st.side_to_act
    alone = {x: value_after(st, (card, (x,)), side) for x in cards}
    ranked = sorted(cards, key=lambda x: -alone[x])  # among equals, in canonical order
    kept = [(card, tuple(sorted(ranked[:i]))) for i in range(1, len(ranked) + 1)]
    kept += [(card, tuple(x for x in cards if x != left)) for left in cards]
    offered = set(own)
    return [m for m in own if not m[1]] + [m for m in dict.fromkeys(kept) if m in offered]


def fullest_parts(moves: list, chosen: list) -> list:
    """Of `chosen`, capture moves equally good of the legal `moves`, those that take the most where a card may take
    any part of some cards: a part another of them holds is dropped (more cards taken, more that may count),
    where nothing else tells them apart."""
    if len(chosen) < 2:  # nothing to tell apart (most decisions): no parts looked for
        return chosen
    parted = {card for card, own in _by_card(moves).items() if _parted(card, own) is not None}
    if not parted:
        return chosen
    held = [frozenset(taken) for _, taken in chosen]
    return [m for m, f in zip(chosen, held)
            if m[0] not in parted or not any(m2[0] == m[0] and f < g for m2, g in zip(chosen, held))]


def _by_card(moves: list) -> dict:
    """Capture moves by the card played, each card's in their order."""
    by_card: dict = {}
    for move in moves:
        by_card.setdefault(move[0], []).append(move)
    return by_card


def _parted(card: int, own: list) -> list | None:
    """The cards `card` may take any part of, in canonical order, where its captures `own` are every part of
    them (a card laid down beside them aside); else None."""
    return every_part([taken for _, taken in own if taken])


def expected_reply(st, unseen: list, side: int) -> float:
    """The mover's standing once the player to act has replied as worst for it, on average over the hands that
    player may hold: each card it may hold is judged alone (the reply worst for the mover with it), and a hand
    of k such cards brings the worst of its k (the expected least of k values drawn from all, without
    replacement). A game won or lost by the reply counts as a margin beyond any hand's (`DECIDED`), so that
    a mix of both has a mean."""
    seat, zone = st.to_act, st.acting.hand
    k = len(st.zones[zone][seat])
    values = sorted(max(-DECIDED, min(DECIDED, _reply_with(st, zone, seat, card, side))) for card in unseen)
    n = len(values)
    if not k or k > n:
        return min(values, default=margin(st, side))
    hands = math.comb(n, k)
    return sum(v * (math.comb(n - i - 1, k - 1) / hands) for i, v in enumerate(values) if n - i - 1 >= k - 1)


def _reply_with(st, zone: str, seat: int, card: int, side: int) -> float:
    """The mover's standing after the reply worst for it by a player holding `card` alone."""
    held = st.holding(zone, seat, [card])
    try:
        return min(value_after(st, reply, side) for reply in fewer_parts(st, st.legal_moves()))
    finally:
        st.holding(zone, seat, held)


def trick_wish(st, step) -> int:
    """Does the mover's side want the trick in play (1), want to lose it (-1), or neither (0)? Judged by the
    ruleset's own scoring: -1 where this trick as its own — its cards so far in the side's pile, one more on its
    trick counter — loses it points now (cards that count against their taker, an exact bid made), 1 where it
    gains by it now, or would gain were all the tricks still to play its own rather than another side's (by the
    trick counter)."""
    g, seat = st.game, st.to_act
    this_one = _margin_with(st, step, seat, 1) - margin(st, st.side_to_act)
    if this_one or not step.tricks:
        return (this_one > 0) - (this_one < 0)
    left = max(1, len(st.zones[step.first_sources[0]][seat]))
    others = [(seat + k) % g.players for k in range(1, g.players)]
    other = next(s for s in others if g.side_of[s] != g.side_of[seat])
    return 1 if _margin_with(st, step, other, left, cards=False) < _margin_with(st, step, seat, left, cards=False) \
        else 0


def _margin_with(st, step, seat: int, tricks: int, cards: bool = True, card: int | None = None,
                 measure=None) -> float:
    """The mover's margin (`measure`, else `margin`) were `tricks` more tricks the seat's own (on the step's
    trick counter, if it keeps one), and with `cards`, the cards of the trick so far in the seat's pile (its
    side's), and `card`."""
    counts = st.counters[step.tricks] if step.tricks else [0]
    owner, pile_owner = _taker_key(st.game, step, seat)  # all it reads of the seat
    pile = st.zones[step.pile][pile_owner]
    trick = (st.zones[step.trick_zone] if cards else []) + ([] if card is None else [card])
    counts[owner] += tricks
    pile.extend(trick)
    try:
        return (measure or margin)(st, st.side_to_act)
    finally:
        counts[owner] -= tricks
        del pile[len(pile) - len(trick):]


def landing(st, step, move) -> tuple:
    """The mover's standing against the others (`over_the_field`) were the trick in play to end with this card:
    the trick's cards and this one in the pile of the seat then on top, one more trick on its counter (the
    cards a trick gives away, and to whom); then, were that seat to take every trick still to play too (a
    contract not yet made scores nothing by a card now, but a card given counts once it is)."""
    card = move & 63
    top = taker(st, step, card)
    left = len(st.zones[step.first_sources[0]][st.to_act])
    return tuple(_margin_with(st, step, top, n, card=card, measure=over_the_field) for n in (1, left))


def taker(st, step, card: int) -> int:
    """The seat on top of the trick in play were `card` played to it now."""
    powers = [step.power_now(st, c) for c in st.zones[step.trick_zone]] + [step.power_now(st, card)]
    return (st.trick_state.seats + [st.to_act])[powers.index(max(powers))]


def best_landing(st, step, moves: list) -> list:
    """Following to a trick, the moves whose card lands best (`landing`): a card that costs its taker dropped on
    another's trick rather than kept, a low card under the trick rather than one that takes such a card home;
    leading, all of `moves`."""
    if not st.zones[step.trick_zone]:
        return moves
    best = _extreme(moves, lambda m: landing(st, step, m), max)
    return _extreme(best, lambda m: _given(st, step, m), max) if len(best) > 1 else best


def _given(st, step, move) -> float:
    """Where cards land alike by the score now, what this one is worth to the side on top of the trick with it in
    (`worth_to`): a loss where that is another side — the four, not the five, under a trick of a side whose
    contract is not yet in reach (and so scores nothing by it now) —, a gain where it is the mover's own and
    sure to stay so (`_sure`), else nothing."""
    card = move & 63
    top = taker(st, step, card)
    if st.game.side_of[top] != st.side_to_act:
        return -worth_to(st, step, top, card)
    return worth_to(st, step, top, card) if _sure(st, step, card) else 0.0


def _sure(st, step, card: int) -> bool:
    """Is the trick sure to stay the mover's side's were `card` played to it now: every turn still to play is of
    that side (or none is left), or no card the mover cannot see (wherever this deal puts them) would take the
    trick over in the hand of a later seat of another side — one of a suit every such seat has shown it lacks
    (`trick_state.voids`: it did not follow) cannot be there —, nor a face-up pile top such a turn plays from."""
    g, trick = st.game, st.zones[step.trick_zone]
    turns = [(t, seat) for t, seat in later_turns(st, step) if g.side_of[seat] != st.side_to_act]
    if not turns:
        return True
    top = max(step.power_now(st, c) for c in [*trick, card])
    if any(step.power_now(st, pile[-1]) > top for t, seat in turns if step.tops[t]
           for z, _ in step.top_piles[t] if (pile := st.zones[z][seat])):
        return False
    voids, hand, suits = st.trick_state.voids, step.first_sources[0], step.suits(st)
    lacks = [voids.get((hand, seat), 0) for t, seat in turns if not step.tops[t]]
    return not lacks or not any(step.power_now(st, c) > top and _may_hold(lacks, suits[c])
                                for c in _hidden_cards(st, st.to_act))


def later_turns(st, step) -> list[tuple[int, int]]:
    """The turns still to play to the trick after the mover's, each (turn, seat): a seat once a turn (where piles
    play as partners, a seat plays again)."""
    ts = st.trick_state
    return [(t, (ts.leader + step.offsets[t]) % st.game.players) for t in range(ts.turn + 1, step.n_turns)]


def _may_hold(lacks: list, suit: int) -> bool:
    """May a card of `suit` be in the hand of one of the seats whose shown voids are `lacks` (a suit bit each)?
    A card of no suit may be anywhere."""
    return suit < 0 or any(not v >> suit & 1 for v in lacks)


def no_gift_leads(st, step, moves: list) -> list:
    """Leading, the moves that are not likely gifts (`likely_gifts`), while any is left."""
    if st.zones[step.trick_zone]:
        return moves
    gifts = likely_gifts(st, step, moves)
    return [m for m in moves if m not in gifts] or moves


def likely_gifts(st, step, moves: list) -> set:
    """Of `moves` (leads), those whose card would likely give its worth away: it is worth points to the side
    that takes it (`worth_to`, were another side's seat to take it), while a card that beats it is one the mover
    cannot see and another side may play to it — one of its suit above it, with a seat of another side not known
    to lack the suit, or a trump, with such a seat known to lack the suit and not trump (`trick_state.voids`). A ten
    led under the ace still out goes to whoever holds the ace."""
    g, me = st.game, st.to_act
    others = [s for s in range(g.players) if g.side_of[s] != g.side_of[me]]
    if not others or not pile_scored(g, step.pile):
        return set()
    suits, power = step.suits(st), step.powers_led(st)  # leads: each card as led
    out = strongest_out(st, step, power)
    top = [out.get(s, -1) for s in range(len(C.SUITS))] + [-1]  # by suit, no_suit last (read for each lead)
    voids, hand = st.trick_state.voids, step.first_sources[0]
    lacks = [voids.get((hand, s), 0) for s in others]
    trump = step.trump_now(st)
    trumps_out = trump >= 0 and top[trump] >= 0
    gifts = set()
    for m in moves:
        card = m & 63
        suit = suits[card]
        if suit < 0:
            continue
        beaten = top[suit] > power(card) and _may_hold(lacks, suit) or \
            trumps_out and suit != trump and any(v >> suit & 1 and not v >> trump & 1 for v in lacks)
        if beaten and max(worth_to(st, step, s, card) for s in others) > 0:  # to whichever may take it
            gifts.add(m)
    return gifts


def pile_scored(game, zone: str) -> bool:
    """Does a named value or a scoring row read the cards in `zone` (may a card taken there be worth anything
    to `worth_to`)? Worked out once a game from the rules' text, and kept on the game."""
    known = game.__dict__.setdefault("_pile_scored", {})
    if zone not in known:
        tree = game.tree
        texts = [v for v in (tree.get("values") or {}).values()]
        texts += [v for row in tree.get("scoring") or () for k, v in row.items() if k not in ("name", "fa", "doc")]
        known[zone] = any(names_read(str(t), {zone}) for t in texts)
    return known[zone]


def _hidden_cards(st, seat: int):
    """The cards in the zones and piles hidden from `seat` (`Game.hiding`): in a deal of its, where it cannot
    tell them apart."""
    for zone, piles in st.game.hiding.zones[seat]:
        cards = st.zones[zone.name]
        if piles is None:
            yield from cards
        else:
            for i in piles:
                yield from cards[i]


def worth_to(st, step, seat: int, card: int) -> float:
    """What `card` in the trick pile of `seat` (its side's) is worth to that side now: the change in its hand
    points where they move (a queen's 13 against, where points count against their taker); else what it moves
    in the side's named values, summed in size (a five's 5 points taken where a contract not yet made scores
    nothing by them now)."""
    side = st.game.side_of[seat]
    pile = st.zones[step.pile][side if step.pile_by_side else seat]
    before = _scored(st, side)
    pile.append(card)
    try:
        after = _scored(st, side)
    finally:
        pile.pop()
    return _gained(st.game, before, after, sized=True)


def _scored(st, side: int) -> list:
    """The side's hand points, then its named values that are numbers, were the hand scored now."""
    values, points = st.hand_scored()
    return [points[side], *(v[side] for v in values.values() if isinstance(v[side], (int, float)))]


def lowest_landing(st, step, moves: list, ducks: bool = True) -> list:
    """Following to a trick the side neither wants nor shuns: the cards that land best (`best_landing`), then
    the weakest of them, as players keep their high cards and trumps for the tricks that matter. Leading, any;
    with `ducks`, the weakest where a seat of another side would lose its side by taking it (`_whose_trick`)."""
    best = best_landing(st, step, moves)
    if len(best) < 2 or not st.zones[step.trick_zone] and not (ducks and _whose_trick(st, step) < 0):
        return best
    return _extreme(best, lambda m: _strength(st, step, m), min)


def trick_sense(st, step, moves: list, wish: int, ducks: bool = True, leads: bool = True) -> list:
    """Cards to a trick as players play them. Wanting the trick (wish 1): leading, with `leads`, a card none the mover
    cannot see beats (`wanted_leads`), else the strongest card outside trump (trump if nothing else); with the trick
    already the side's, the weakest; else the weakest card that takes it, and with none, the card that gives away
    least (`best_landing`), then the weakest. With `ducks`, the seat that takes the trick matters as the ruleset
    scores it (`_whose_trick`): a trick another side's seat is on top of, and would lose its side more by taking
    than it gains the mover's, is left to it (a card under it, `_ducking`); one a partner is on top of and would
    lose the side by taking, the mover takes (the weakest card that does); leading where such a seat of another side
    plays, and no partner, the weakest. Wanting to lose it (-1): leading, the weakest; else, of the cards that do
    not take it, the one that lands best (a card that costs its taker, on another's trick), then the strongest;
    where every card takes it, the weakest while a seat is still to play after (it may take it over), last the
    strongest.
    Strength is the trick's own (`power_now`), then the card's rank within its suit."""
    trick, seats = st.zones[step.trick_zone], st.trick_state.seats

    def strength(move):
        return _strength(st, step, move)

    if not trick:
        if wish < 0 or ducks and _whose_trick(st, step) < 0:
            return _extreme(moves, strength, min)
        if leads:
            return wanted_leads(st, step, moves)
        trump, suits = step.trump_now(st), step.suits(st)
        plain = [m for m in moves if suits[m & 63] != trump] or moves
        return _extreme(plain, strength, max)
    powers = [step.power_now(st, c) for c in trick]
    top = max(powers)
    taking = [m for m in moves if step.power_now(st, m & 63) > top]
    under = [m for m in moves if m not in taking]
    if wish < 0:
        if under:
            return _extreme(best_landing(st, step, under), strength, max)
        return taken_unwanted(st, step, best_landing(st, step, moves), strength)
    whose = _whose_trick(st, step, seats[powers.index(top)]) if ducks and taking else 0
    if whose < 0 and under:  # left to its holder
        return _extreme(best_landing(st, step, under), lambda m: _ducking(st, step, m), max)
    if st.game.side_of[seats[powers.index(top)]] == st.side_to_act:
        if whose > 0:  # taken from the partner it would cost
            return _extreme(taking, strength, min)
        cover = covering(st, step, taking, trick[powers.index(top)])
        if cover:
            return _extreme(cover, strength, min)
        moves = kept_under(moves, under)
        if pile_scored(st.game, step.pile):  # else no card is worth anything there
            masters = frozenset(m & 63 for m in best_as_led(st, step, moves)[0])
            moves = _extreme(moves, lambda m: to_partner(st, step, m, masters), max)
        return _extreme(moves, strength, min)
    return _extreme(taking or best_landing(st, step, moves), strength, min)


def taken_unwanted(st, step, moves: list, strength) -> list:
    """Wanting to lose a trick that every card of the mover's takes: while a seat is still to play after, the weakest
    (it may yet take the trick over: the nil that played the 10 over a led 4 holding the 5 lost it); last to play,
    the strongest (the trick is lost anyway, and that card would take most later)."""
    return _extreme(moves, strength, min if later_turns(st, step) else max)


def covering(st, step, taking: list, top_card: int) -> list:
    """On a partner's trick a later seat of another side may still take (`_sure`, of the card on top): the cards of
    the suit led that take it over and make it sure, as a third hand plays high (the ace over a partner's jack, the
    king still out); none where the trick is safe, or only a trump would do (a partner's trick is not ruffed)."""
    if _sure(st, step, top_card):
        return []
    led, suits = st.trick_state.led, step.suits(st)
    return [m for m in taking if suits[m & 63] == led and _sure(st, step, m & 63)]


def kept_under(moves: list, under: list) -> list:
    """On a partner's trick no card of the mover's makes sure: the cards that leave it the partner's (`under`), as
    long as there is one — a trump spent on it, or a card over it, wins nothing the partner's card does not."""
    return under or moves


def strongest_out(st, step, power) -> dict:
    """By suit (a suitless card's: below 0), the power as led (`power`: `TrickPlay.powers_led`) of the strongest
    card the mover cannot see."""
    suits, top = step.suits(st), {}
    for c in _hidden_cards(st, st.to_act):
        p = power(c)
        if p > top.get(suits[c], -1):
            top[suits[c]] = p
    return top


def wanted_leads(st, step, moves: list) -> list:
    """Leading for a trick the side wants: a card no card the mover cannot see beats as led (the best of its suit
    still out, and no suitless card out that beats every suit: a sure trick but for a ruff) of a suit no seat of
    another side may ruff (`ruffed_suits`), outside trump first, the strongest; with none, the strongest card outside
    trump and those suits (else outside trump; trump if nothing else), as before."""
    best, top = best_as_led(st, step, moves)
    suits, trump = step.suits(st), step.trump_now(st)
    ruffed = ruffed_suits(st, step, top, trump)
    kept = [m for m in best if suits[m & 63] not in ruffed]
    plain = [m for m in kept if suits[m & 63] != trump]
    if not kept:
        plain = [m for m in moves if suits[m & 63] != trump and suits[m & 63] not in ruffed] \
            or [m for m in moves if suits[m & 63] != trump]
    return _extreme(plain or kept or moves, lambda m: _strength(st, step, m), max)


def best_as_led(st, step, moves: list) -> tuple[list, dict]:
    """The `moves` whose card no card the mover cannot see beats as led (the best of its suit still out, and no
    suitless card out that beats every suit), and `strongest_out`'s table they were judged by."""
    suits, power = step.suits(st), step.powers_led(st)
    top = strongest_out(st, step, power)
    wild = max((p for s, p in top.items() if s < 0), default=-1)  # a joker beats any
    return [m for m in moves if suits[m & 63] >= 0 and power(m & 63) > max(top.get(suits[m & 63], -1), wild)], top


def ruffed_suits(st, step, top: dict, trump: int) -> frozenset:
    """The suits a seat of another side has shown it lacks (`trick_state.voids`) and may ruff, not having shown it
    lacks trump, while a trump is out (`top`: `strongest_out`): the best card of such a suit led is likely
    trumped, so a player draws the trumps first or leads another card."""
    if trump < 0 or top.get(trump, -1) < 0 or any(step.tops):  # (a seat lacking a suit in hand may hold it on a top)
        return frozenset()
    g, me, voids, hand = st.game, st.to_act, st.trick_state.voids, step.first_sources[0]
    lacks = [voids.get((hand, s), 0) for s in range(g.players) if g.side_of[s] != g.side_of[me]]
    return frozenset(suit for suit in range(len(C.SUITS))
                     if suit != trump and any(v >> suit & 1 and not v >> trump & 1 for v in lacks))


def _whose_trick(st, step, holder: int | None = None) -> int:
    """Who should take the trick in play, as the ruleset scores it: the mover's standing against the others
    (`over_the_field`) were the trick as it stands to end now in the pile and on the counter of one seat or
    another. Following (`holder`: the seat on top): -1 where the holder is of another side and its taking it puts
    the mover's side further ahead than the mover's own taking it (a nil bidder's trick), 1 where the holder is a
    partner and its taking it leaves the side worse off than the mover's own taking it, else 0. Leading: -1 where
    some seat of another side would so put the mover's side ahead and no partner would leave it worse off."""
    g, me = st.game, st.to_act
    mine = _margin_with(st, step, me, 1, measure=over_the_field)
    gains = {_taker_key(g, step, me): 0.0}  # seats whose taking it fills the same counter and pile: one reckoning

    def gain(seat: int) -> float:  # the standing were `seat` to take the trick, over the mover's own taking it
        key = _taker_key(g, step, seat)
        if key not in gains:
            gains[key] = _margin_with(st, step, seat, 1, measure=over_the_field) - mine
        return gains[key]

    if holder is not None:
        ahead = gain(holder)
        if g.side_of[holder] == g.side_of[me]:
            return 1 if ahead < 0 else 0
        return -1 if ahead > 0 else 0
    others = [s for s in range(g.players) if s != me]
    partners = [s for s in others if g.side_of[s] == g.side_of[me]]
    if any(gain(s) < 0 for s in partners):
        return 0
    return -1 if any(gain(s) > 0 for s in others if s not in partners) else 0


def _taker_key(g, step, seat: int) -> tuple:
    """What a trick taken by `seat` counts on and lands in, as `_margin_with` puts it: its counter's owner (the
    seat, or its side) and its pile's (the side, or the seat). Seats alike in both give the same standing."""
    owner = (seat if step.tricks_by_seat else g.side_of[seat]) if step.tricks else 0
    return owner, g.side_of[seat] if step.pile_by_side else seat


def _ducking(st, step, move) -> tuple:
    """A card played under another side's trick, as players duck: one that plays to the trick (of some power in it),
    the strongest such, keeping the low cards to duck again; a card thrown off (of none), the weakest."""
    power, rank = _strength(st, step, move)
    return (1, power, rank) if power else (0, 0, -rank)


def _risked(st, step, move) -> float:
    """On a trick the mover's side has, not yet sure to keep it (`_sure`): what a card of worth would risk, its
    worth to the side whose trick it is, as a loss (a five kept back from a partner's queen a later seat may
    ruff); a trick sure to stay, nothing (the weakest card is played, as before)."""
    card = move & 63
    if _sure(st, step, card):
        return 0.0
    return -abs(worth_to(st, step, taker(st, step, card), card))


def to_partner(st, step, move, masters: frozenset = frozenset()) -> float:
    """On a trick the mover's side has: what a card of worth would risk where the trick is not yet sure to stay
    the side's (`_risked`); where it is sure, what the card gives the side (`worth_to`, in its named values where
    the hand points do not move: a five to the declarer's partner's trick, the contract not yet made), but for a
    card that would take a trick of its own as led (one of `masters`, `best_as_led`: kept for it)."""
    card = move & 63
    if not _sure(st, step, card):
        return _risked(st, step, move)
    if card in masters:
        return 0.0
    return worth_to(st, step, taker(st, step, card), card)


def _strength(st, step, move) -> tuple:
    """A card's strength in the trick in play: the trick's own (`power_now`), then its rank within its suit."""
    card = move & 63
    return step.power_now(st, card), step.power[card]


def _extreme(moves: list, key, pick) -> list:
    """The moves whose key is the largest (pick=max) or smallest (min), in their order; each key worked out once."""
    keys = list(map(key, moves))
    best = pick((k for k in keys if k == k), default=None)  # k != k: no number (NaN), never the best
    return [m for m, k in zip(moves, keys) if k == best] or moves


def value_after(st, move, side) -> float:
    """Side's game score plus hand points so far, minus the best other side's, once `move` is played
    (points counted against a side where the ruleset's lowest total wins)."""
    with played(st, move) as after:
        if after.over:
            return float("inf") if after.winner == side else float("-inf")
        return margin(after, side)


def played(st, move) -> Ahead:
    """A copy of `st` with `move` played, for a look ahead (`with played(st, move) as after:`); its cached views
    are dropped after, so that it is freed at once (`State.forget_views`)."""
    after = st.copy()
    after.apply_move(move)
    return Ahead(after)


class Ahead:
    """`played`'s context: a plain class, as a look ahead is made for every move a greedy bot weighs."""

    __slots__ = ("after",)

    def __init__(self, after):
        self.after = after

    def __enter__(self):
        return self.after

    def __exit__(self, *exc) -> None:
        self.after.forget_views()


def over_the_field(st, side) -> float:
    """Side's game score plus hand points so far, over the other sides' mean (under it where the lowest total
    wins): with more than two sides, points given to any other side count, not only to the one ahead."""
    totals = _standing(st)
    others = [t for i, t in enumerate(totals) if i != side]
    ahead = totals[side] - sum(others) / len(others) if others else 0.0
    return -ahead if st.game.lowest_wins else ahead


def margin(st, side) -> float:
    """Side's game score plus hand points so far, over the best other side's (`points_margin`)."""
    return points_margin(_standing(st), side, st.game.lowest_wins)


def _standing(st) -> list:
    """Each side's game score plus its hand points so far."""
    return list(map(add, st.scores, st.hand_points()))


KINDS = {"random": RandomBot, "greedy": GreedyBot, "mcts": SearchBot}


class BotSpecError(CardrulesError, ValueError):
    """A --bots value (or a list of kinds) naming no known bot, or not one per seat."""

    def __str__(self) -> str:  # the message alone: the command line puts it after the option's name
        return self.problems[0][1]


def parse_spec(spec: str, players: int, person: int | None = None, given: str = "--bots") -> list[str]:
    """`KIND` for every seat, or `K0,K1,...` one per seat; the person's own entry is ignored; `given`: what the
    caller called them, for the message.

    Kinds: random, greedy, mcts (the default budget) and mcts:N (N iterations a decision)."""
    kinds = kinds_of(spec, players)
    if len(kinds) != players:
        raise BotSpecError(f"{given} names {len(kinds)} seats; this game has {players}")
    if person is not None and 0 <= person < players:
        kinds[person] = "random"  # never asked: a person sits there
    for k in kinds:
        _split(k)
    return kinds


def kinds_of(spec: str, players: int) -> list[str]:
    """The kinds a spec names, as written (the bundled bots' names in lower case), one kind standing for every
    seat; not checked (`parse_spec` checks them)."""
    kinds = [_normal(k) for k in spec.split(",")] if spec else ["random"]
    return kinds * players if len(kinds) == 1 else kinds


def own_kinds(spec: str, players: int, person: int = -1) -> list[str]:
    """The kinds of a spec, at seats other than the person's, that name code of the user's own (not imported)."""
    return [k for seat, k in enumerate(kinds_of(spec, players)) if seat != person and own_bots().is_own(k)]


def spec_to_keep(spec: str, players: int, person: int) -> str:
    """The bots spec a record keeps for `--resume`: as given, but a per-seat spec's entry for the person's
    seat, ignored in play, replaced by the next seat's when it names no bot (`foo,random` kept as typed
    could not be resumed from another seat)."""
    kinds = [k.strip() for k in spec.split(",")]
    if len(kinds) != players or not 0 <= person < players:
        return spec
    try:
        _split(_normal(kinds[person]))
    except BotSpecError:
        kinds[person] = kinds[(person + 1) % players]
        return ",".join(kinds)
    return spec


def _normal(kind: str) -> str:
    """A kind as written, the bundled bots' names in lower case (`MCTS:50`); a class of the user's own as typed."""
    kind = kind.strip()
    return kind.lower() if kind.partition(":")[0].lower() in KINDS else kind


def _split(kind: str) -> tuple[str, int | None]:
    """'mcts:200' -> ('mcts', 200); a kind without a budget -> (kind, None); a class of the user's own
    (`mybots:Careful`) -> (kind, None), once its class is found."""
    name, colon, budget = kind.partition(":")
    if name not in KINDS and own_bots().is_own(kind):
        own_bots().bot_class(kind)
        return kind, None
    if name not in KINDS:
        search = "; the search bot is mcts" if name in ("search", "mcts-search", "ismcts") else ""
        raise BotSpecError(f"unknown bot '{kind}' (bots: random, greedy, mcts, mcts:N{search}, or a class of your"
                           " own, MODULE:CLASS)")
    if not colon:
        return name, None
    if name != "mcts":
        if not budget.isdigit() and own_bots().is_own(kind):  # `random:Careful`: a module named as a bundled bot
            raise BotSpecError(f"bad bot '{kind}': '{name}' is a bundled bot, not a module; a class of your own is"
                               " MODULE:CLASS with a module of another name (mybots:Careful)")
        raise BotSpecError(f"bad bot '{kind}': only mcts takes a budget, a whole number of iterations (mcts:500)")
    if not (budget.isascii() and budget.isdigit()) or not 0 < int(budget) <= 10**7:
        raise BotSpecError(f"bad bot '{kind}': the budget must be a whole number from 1 to 10,000,000 (mcts:500)")
    return name, int(budget)


def make_bot(kind: str, rng: random.Random):
    name, budget = _split(kind)
    if name not in KINDS:
        return own_bots().OwnBot(rng, name)
    return KINDS[name](rng, budget) if budget else KINDS[name](rng)


def own_bots():
    """The module for bots of the user's own (it builds on this one's Bot)."""
    from . import own_bots as module

    return module


def make_bots(kinds, seed=0, players: int | None = None) -> list:
    """One bot per seat, each with its own reproducible random source: `kinds` a list of kinds, one a seat; or,
    with `players`, a kind for every seat or `K0,K1,...` as `--bots` gives them."""
    if players is not None and (whole_number(players) is None or players < 1):
        raise BotSpecError(f"players is a whole number, 1 or more, not {players!r}")
    if isinstance(kinds, (list, tuple)) and not all(isinstance(k, str) for k in kinds):
        raise BotSpecError(f"kinds are bot kinds as text ('greedy', 'mcts:200'), not {kinds!r}")
    if players is not None and isinstance(kinds, (str, list, tuple)):
        kinds = parse_spec(kinds if isinstance(kinds, str) else ",".join(map(str, kinds)), players, given="kinds")
    elif not isinstance(kinds, (list, tuple)):
        raise BotSpecError(f"kinds is a list of bot kinds, one a seat (['greedy'] * 4), or give players= for one kind"
                           f" at every seat; not {kinds!r}")
    seed = seed if seed is None else whole_seed(seed)  # a whole number, as a game's seed is (SeedError else)
    return [make_bot(k, random.Random(f"{seed}/bot/{seat}")) for seat, k in enumerate(kinds)]
