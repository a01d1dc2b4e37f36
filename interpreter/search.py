"""Search from a seat's view: Monte Carlo tree search over deals of the cards the seat cannot see.

A deal (`Seat.sample`) puts the unseen cards where the seat cannot look, agreeing with all it has
seen. The search plays the hand out from there many times and scores each playout by the ruleset's
own scoring: the hand's points for each side against the best other side (scaled by the largest
margin seen; points count against a side where the lowest total wins), plus a game won or lost
where the game ends. Every seat's decisions in the tree are chosen for its own side. Bids, trump,
discards, keep/redeal and card play are all just moves — but for one: in a rising auction (outbid or
pass) the choice is between the lowest raise and a pass, judged deal by deal (`Search.raise_gain`).

Two ways to use the deals (docs/bots.md says which plays better, and by how much):
- PIMC (`deals` None: the search bot's bids where every seat bids once, and greedy's bid lookahead):
  `deals` deals, each by its own small UCT tree; the root's statistics are added up over the deals,
  the move visited most is played.
- ISMCTS (`deals=0`: the search bot's other moves): one tree for every deal, a fresh deal each iteration;
  a move counts only where the deal makes it legal (single-observer ISMCTS, with availability counts).

Playouts are random moves to the end of the hand (or `greedy`: the move that gains most at once).
"""

from __future__ import annotations

import math
import random
from functools import partial

from .observe import Seat
from .state import SearchSeed
from .steps.auction import PASS, Auction
from .steps.choose import Choose
from .steps.trick import TrickPlay
from .steps.trick_swap import SWAP, SwapTricks

PER_DEAL = 20  # PIMC: iterations searched on each deal
EXPLORE = 0.7  # UCB exploration constant
MARGIN_WEIGHT = 0.5  # the hand's margin, scaled to [-1, 1], counts half a game won or lost
CLOSE = 2.0  # moves within this many standard errors of the chosen one's value are told apart by sense
ROUND_WEIGHT = 0.5  # a round won, in a game of several rounds
BASE_DEALS = 200  # fresh games that make a typical declarer's margin (declarer_base)
SURE_RAISE = 2.0  # with two sides, a raise over a bid must gain by this many standard errors (raise_gain)
OPENING_DEALS = 96  # fresh games whose opened hands greedy bots play out: what a typical opening makes (opening_bar)
HAND_DECISIONS = 10_000  # a hand opening_bar plays out that takes more is not judged (play's own watch says why)
SURE_LOSS = 2.0  # a typical opening's margin counts against opening only this many standard errors below 0
BID_DEALS = 50  # deals a bid is judged on at least, each played out as players play (`sense_deals`)
QUICK_BID_DEALS = 12  # the same for the greedy bot, whose every other decision takes well under a millisecond
NEWS_SHADE = 1.0  # a partner's bid tells of a hand that takes about this many tricks more (it bids on the safe side)
NEWS_SPREAD = 1.0  # give or take this many tricks
NEWS_DEALS = 36  # the least deals for a seat whose partner has bid (the deals weighed by its bid count unevenly)
HIDDEN = object()  # the tree's key for a move this seat is not shown (a face-down discard)


class Node:
    """The edge into a decision: its visits, how often it was legal, and its value for the side that chose it."""

    __slots__ = ("kids", "n", "avail", "margin", "won")

    def __init__(self):
        self.kids: dict = {}
        self.n = self.avail = 0
        self.margin = self.won = 0.0


class Search:
    """`iterations` playouts a decision, over `deals` deals (None: one per PER_DEAL iterations; 0: ISMCTS)."""

    def __init__(self, iterations: int, rng: random.Random, deals: int | None = None, playout: str = "random",
                 explore: float = EXPLORE, bid_trees: bool = False, paired_bids: bool = False,
                 bid_playout: str = "sense", bid_deals: int = BID_DEALS, bid_news: bool = True,
                 sure_raise: float = SURE_RAISE, narrow=None, bar_openings: bool = True, duck_sense: bool = True,
                 lead_sense: bool = True):
        self.iterations, self.rng, self.explore = iterations, rng, explore
        # narrow(seat, moves, rng) -> the moves worth searching of the seat's own (all of them, mostly); None: all
        self.narrow = narrow
        self.root_moves: list | None = None  # the seat's moves the root searches, where `narrow` left fewer
        self.bid_trees = bid_trees  # bid by the tree, as other moves (measured against in benchmarks/strength.py)
        self.bid_playout = bid_playout  # `bid_values`' playouts: "sense" (as players play the cards) or "random"
        self.bid_deals = bid_deals  # the least deals `bid_values` plays out as players play (`sense_deals`)
        self.bid_news = bid_news  # partners' bids tell of their hands (`bid_values`), or partners bid alike
        self.paired_bids = paired_bids  # bid by `bid_values` with no partner as well (few playouts: greedy's)
        self.sure_raise = sure_raise  # standard errors a raise over a bid must gain by (0: its mean gain alone)
        self.bar_openings = bar_openings  # an opening judged against what a typical one makes in play (`opening_bar`)
        self.duck_sense = duck_sense  # `bid_values`' playouts duck under a trick that costs its holder (`trick_sense`)
        self.lead_sense = lead_sense  # and lead a card none unseen beats (`bots.wanted_leads`)
        self.deals = max(1, iterations // PER_DEAL) if deals is None else deals
        self.playout = _greedy_playout if playout == "greedy" else _random_playout
        self.scale = 1.0
        self.spread: dict = {}  # a first move -> sums of margin², margin × won and won² over its playouts
        self.close: list = []  # after `choose`: the moves its playouts could not tell from the one chosen

    def root(self, seat: Seat, moves: list | None = None) -> Node:
        """The searched root: each legal move of the seat (each of `moves`, if given) a child, with its
        statistics."""
        rng, me = self.rng, seat.seat
        self.root_moves = moves
        self.scale = 1.0
        self.spread = {}
        self.hides = _hiding_steps(seat.game)
        self.bids = _playout_bids(seat.game)
        root = Node()
        if self.deals == 0:
            for _ in range(self.iterations):
                self.iterate(root, _one_hand(seat.sample(rng)), me)
            return root
        for d in range(self.deals):
            deal, tree = _one_hand(seat.sample(rng)), Node()
            for _ in range(self.iterations * (d + 1) // self.deals - self.iterations * d // self.deals):
                self.iterate(tree, deal.copy(), me)
            _add_up(root, tree)
        return root

    def searched(self, seat: Seat, moves: list) -> tuple[dict, list]:
        """The root's children over the seat's moves worth searching (those `narrow` leaves), and those moves."""
        searched = self.narrow(seat, moves, self.rng) if self.narrow else moves
        return self.root(seat, searched if len(searched) < len(moves) else None).kids, searched

    def choose(self, seat: Seat):
        """The move visited most of those worth searching (a single legal move without searching); in a rising
        auction, the lowest raise if `raise_gain` finds it gains over passing, else a pass."""
        moves = seat.legal_moves()
        self.close = []
        if len(moves) == 1:
            return moves[0]
        values = self.judged_bids(seat, moves)
        if values is not None:
            return max(values, key=values.__getitem__)  # the first of the best: a pass, or the lowest bid
        kids, searched = self.searched(seat, moves)
        best = max(searched, key=lambda m: (kids[m].n, self.mean(kids[m])) if m in kids else (-1, 0.0))
        self.close = self.close_to(best, kids)
        return best

    def close_to(self, best, kids: dict) -> list:
        """The moves whose value lies within `CLOSE` standard errors of `best`'s (`best` first): what the
        playouts cannot tell apart, a king thrown or a two where neither can take the trick."""
        top = kids[best]
        value, spread = self.mean(top), self.variance(best, top) / top.n
        return [best] + [m for m, k in kids.items() if m != best and m in self.spread and k.n and
                         value - self.mean(k) <= CLOSE * math.sqrt(spread + self.variance(m, k) / k.n)]

    def variance(self, move, node: Node) -> float:
        """The variance of a first move's playout values (as `mean` scales them)."""
        m2, mw, w2 = self.spread[move]
        a, mean = MARGIN_WEIGHT / self.scale, self.mean(node)
        return max(0.0, (a * a * m2 + 2 * a * mw + w2) / node.n - mean * mean)

    def judged_bids(self, seat: Seat, moves: list) -> dict | None:
        """In an auction, what each bid is worth as the bots judge it, or None where the tree judges bids
        like other moves: in a rising auction {pass: 0, the lowest raise: what it gains over passing};
        where every seat bids once and the seat has a partner (or `paired_bids`: whether or not it has one),
        each bid's mean margin over the deals."""
        if self.bid_trees or not isinstance(seat.step, Auction):
            return None
        if PASS in moves:
            if len(moves) == 1:  # no raise is left: a pass, worth 0 against itself
                return {PASS: 0.0}
            bid, gain = self.raise_gain(seat, moves)
            return {PASS: 0.0, bid: gain}
        if seat.step.bids_steer:  # the bids decide the play (who declares): the tree plays each out
            return None
        if _has_partner(seat):
            return self.bid_values(seat, moves, self.partners_to_bid(seat))
        return self.bid_values(seat, moves, []) if self.paired_bids else None

    def raise_gain(self, seat: Seat, moves: list) -> tuple:
        """In a rising auction: the lowest raise, and the mean margin it gains this seat's side over passing.

        Every bid leads to the same play, so a tree over bids spreads its playouts thin; instead each deal
        is played out twice, once after the raise (the others then pass: this seat declares) and once after
        a pass (the others pass: the high bidder declares, or the hand is thrown in, worth 0). Playouts
        play worse than people, which makes every contract look worse than it is; so each declarer's
        margin is judged against a typical declarer's (`declarer_base`): raising is worth the margin above
        it, and another side declaring is worth this side's margin above a typical other side's (with two
        sides: what the declarer falls short of its typical margin). Where nobody has bid yet, a pass is judged
        worth 0 as a hand thrown in is, also where the rules make a seat declare when all pass: the playouts'
        others pass, which would make that seat's contract certain, whereas players bid on a good hand; so a
        hand above the typical declarer's raises and one below passes, as where all passing throws it in.
        But where all passing throws the hand in, two sides play and a typical opening surely loses in bots' own
        play (a high lowest bid: `opening_bar`), that loss is added: a hand opens only if it is better than a
        typical one by as much as the typical one loses (with three sides it measured weaker: there a pass seldom
        throws the hand in, another seat opens, and a seat that does not declare loses too).
        Over a bid, with two sides, the gain is its mean less `sure_raise` standard errors of it: bots' own play
        makes a typical raise there lose heavily (docs/bots.md), and a mean that chance lifts above 0 raised on it
        (with three sides it measured weaker: there the mean alone).
        Outbidding one's own side only raises its contract: that gains nothing (-inf)."""
        rng, g, me = self.rng, seat.game, seat.seat
        side, index = g.side_of[me], g.steps.index(seat.step)
        bid = min(m for m in moves if m is not PASS)
        high = seat.step.high_bidder(seat.sample(rng))  # public: every seat heard the bids
        if high >= 0 and g.side_of[high] == side:
            return bid, -math.inf
        base, other = declarer_base(g, index, self.playout)
        if high < 0 and seat.step.forced is None and g.sides == 2 and self.bar_openings:  # all passing: thrown in
            base -= opening_bar(g, index)
        bids = _playout_bids(g)
        gains = []
        for _ in range(max(2, self.iterations // 2)):
            deal = _one_hand(seat.sample(rng))
            declaring = deal.copy() if high >= 0 else deal  # nobody has bid: a pass is judged as 0, not played
            declaring.apply_move(bid)
            gain = _declarer_margin(declaring, side, self.playout, rng, bids) - base
            if high >= 0:  # a bid stands: after a pass its bidder declares
                passing = deal  # its last use: played out as it is
                passing.apply_move(PASS)
                declarer = _declarer(passing, index, self.playout, rng, bids)
                if declarer is not None:  # (thrown in: worth 0)
                    margin = points_margin(passing.hands[-1]["points"], side, g.lowest_wins)
                    gain -= margin - (base if g.side_of[declarer] == side else other)
            gains.append(gain)
        return bid, _mean_less(gains, self.sure_raise if high >= 0 and g.sides == 2 else 0.0)

    def partners_to_bid(self, seat: Seat) -> list[int]:
        """Where every seat bids once: the partners of this seat who bid after it, whom `bid_values` takes
        to bid what their own hands take (or, without `bid_news`, alike). A seat without partners bids by the
        tree, which searches the play too (head to head it won 6 games of 8 against `bid_values` there; with
        partners `bid_values` won: docs/bots.md)."""
        bids = _partners_bids(seat.sample(self.rng), seat.step, seat.seat)  # public: the bids so far
        return [p for p, b in bids.items() if b is None]

    def bid_values(self, seat: Seat, moves: list, later: list[int]) -> dict:
        """Where every seat bids once into a counter: each bid's mean margin for this seat's side.

        Every bid leads to the same play, so each deal is played out once and scored for every bid (the
        counter set to it when the hand is scored). The deals are played out as players play the cards
        (`_sense_playout`, by `bid_playout`): random playouts scatter a side's tricks widely (1.2 tricks from one
        playout of a deal to the next, against 0.18), and a nil lost by chance tricks looked never worth bidding
        (docs/bots.md). Such a playout costs about 15 random ones, so there are fewer deals (`sense_deals`); every
        seat's bid in the play is the least above 0 (one that must take nothing plays to lose tricks), and a bid
        of 0 is scored on a second playout of each deal in which this seat bid it and so plays to take nothing.

        Bids are news of the hand (`bid_news`, where a trick step counts tricks), by a partnership's convention:
        each partner bids what its own hand takes, `NEWS_SHADE` tricks on the safe side. So a `later` partner is
        taken to bid so of the tricks its seat took in the deal (this seat's bid then stakes its own hand, not
        the side's), and a deal counts as much as it agrees with the bids partners have made (`_heard_weight`),
        over at least `NEWS_DEALS` deals. Without news, `later` partners are taken to bid as this seat does (the
        least above 0 against a bid of 0, a nil, which copied would make the side's contract nothing). A seat
        without partners (greedy's, by `paired_bids`) keeps random playouts: there a bid is the seat's own, and
        a contract met exactly may make it shun tricks after it, so the play under one bid would not do."""
        rng, g, me = self.rng, seat.game, seat.seat
        sense = self.bid_playout == "sense" and _has_partner(seat)
        news = sense and self.bid_news and _counts_tricks(g)
        above_nothing = _least_above_nothing(moves)
        if sense:
            playout = partial(_sense_playout, ducks=self.duck_sense, leads=self.lead_sense)
            deals = sense_deals(self.iterations, self.bid_deals)
            bids = _playout_bids(g, above_nothing=True)
            plays = [(above_nothing, [m for m in moves if m])] + ([(0, [0])] if 0 in moves and above_nothing else [])
        else:
            playout, deals, bids = self.playout, max(1, self.iterations), _playout_bids(g)
            plays = [(moves[0], moves)]
        deal = _one_hand(seat.sample(rng))  # the hand's cards and counters stay to be scored again
        heard = self.partners_heard(deal, seat.step, me) if news else {}  # public: the bids so far
        if heard:  # the deals that agree with them count most: more deals
            deals = max(deals, NEWS_DEALS)
        counter, side = seat.step.into, g.side_of[me]
        totals, counts = dict.fromkeys(moves, 0.0), dict.fromkeys(moves, 0.0)
        for d in range(deals):
            deal = _one_hand(seat.sample(rng)) if d else deal
            for k, (played, scored) in enumerate(plays):
                det = deal.copy() if k < len(plays) - 1 else deal
                took = _bid_played_out(det, played, playout, bids, rng, news)
                if took is None:
                    continue
                weight = _heard_weight(heard, took, above_nothing) if heard else 1.0
                told = [_telling_bid(took[p], above_nothing, moves[-1]) for p in later] if news else None
                for b in scored:
                    det.counters[counter][me] = b
                    for i, p in enumerate(later):
                        det.counters[counter][p] = told[i] if news else b or above_nothing
                    totals[b] += weight * points_margin(det.hand_points(), side, g.lowest_wins)
                    counts[b] += weight
        return {b: totals[b] / counts[b] if counts[b] else 0.0 for b in moves}

    @staticmethod
    def partners_heard(deal, step, me: int) -> dict:
        """The partners of seat `me` who have bid in the auction `step`, each with its bid."""
        return {p: b for p, b in _partners_bids(deal, step, me).items() if b is not None}

    def mean(self, node: Node) -> float:
        """A node's value for the side that chose it: margin scaled to [-0.5, 0.5], plus games won."""
        return (node.margin * MARGIN_WEIGHT / self.scale + node.won) / node.n if node.n else 0.0

    def iterate(self, root: Node, det, me: int) -> None:
        """One descent through the tree on the deal `det`, one new node, a playout, and the update."""
        rng, hides, side_of = self.rng, self.hides, det.game.side_of
        hand, rounds, redeals = len(det.hands), det.rounds[:], det.redeals
        node, path, first = root, [], None
        while not det.over and len(det.hands) == hand and det.redeals == redeals:
            moves = det.legal_moves() if path or self.root_moves is None else self.root_moves
            actor = det.to_act
            kids = node.kids
            if hides[det.step] and actor != me and _hidden_from(det, actor, moves[0], me):
                move, child = rng.choice(moves), kids.get(HIDDEN)  # one node for what this seat cannot tell apart
                new = child is None
                if new:
                    child = kids[HIDDEN] = Node()
            else:
                move, child, new = self._select(kids, moves)
            det.apply_move(move)
            if first is None:
                first = move
            path.append((child, side_of[actor]))
            node = child
            if new:
                break
        if det.redeals == redeals:
            self.playout(det, hand, rng, self.bids)
        margins, won = self._result(det, hand, rounds, redeals)
        for child, side in path:
            child.n += 1
            child.margin += margins[side]
            child.won += won[side]
        m, w = margins[path[0][1]], won[path[0][1]]
        sums = self.spread.get(first)
        if sums is None:
            sums = self.spread[first] = [0.0, 0.0, 0.0]
        sums[0] += m * m
        sums[1] += m * w
        sums[2] += w * w

    def _select(self, kids: dict, moves: list):
        """An untried move if there is one, else the best by UCB over the moves legal in this deal."""
        untried = None
        for m in moves:
            child = kids.get(m)
            if child is None:
                if untried is None:
                    untried = [m]
                else:
                    untried.append(m)
            else:
                child.avail += 1
        if untried is not None:
            move = untried[0] if len(untried) == 1 else self.rng.choice(untried)
            child = kids[move] = Node()
            child.avail = 1
            return move, child, True
        best, best_u = None, -math.inf
        inv, c, log, sqrt = MARGIN_WEIGHT / self.scale, self.explore, math.log, math.sqrt
        for m in moves:
            child = kids[m]
            n = child.n
            u = (child.margin * inv + child.won) / n + c * sqrt(log(child.avail) / n)
            if u > best_u:
                best, best_u = m, u
        return best, kids[best], False

    def _result(self, det, hand: int, rounds: list, redeals: int):
        """Per side: the hand's margin over the best other side, and a game (or round) won or lost.
        A hand thrown in (all passed, a redeal chosen) scores nothing."""
        sides = len(det.scores)
        if det.redeals != redeals:
            return [0] * sides, [0.0] * sides
        points = det.hands[hand]["points"] if len(det.hands) > hand else det.hand_points()
        lowest = det.game.lowest_wins  # points count against a side
        margins = [points_margin(points, s, lowest) for s in range(sides)]
        top = max(map(abs, margins))
        if top > self.scale:
            self.scale = top
        if det.over:
            won = [0.0] * sides if det.winner is None else [1.0 if s == det.winner else -1.0 for s in range(sides)]
        elif det.rounds != rounds:
            won = [ROUND_WEIGHT if r > q else -ROUND_WEIGHT for r, q in zip(det.rounds, rounds)]
        else:
            won = [0.0] * sides
        return margins, won


def _one_hand(det):
    """A deal searched to the end of this hand only: scored, it stops (the next hand is not dealt, nor thrown
    in: a redeal of the next hand would count as this one's); thrown in, it stops too (not dealt again)."""
    det.halt_after_hand = det.halt_at_throw_in = True
    return det


def _mean_less(values: list, errors: float) -> float:
    """The mean of `values` less `errors` standard errors of it."""
    mean = sum(values) / len(values)
    if not errors or len(values) < 2:
        return mean
    spread = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean - errors * math.sqrt(spread / len(values))


def _add_up(total: Node, tree: Node) -> None:
    """Add one deal's root statistics to the total."""
    for m, child in tree.kids.items():
        acc = total.kids.get(m)
        if acc is None:
            acc = total.kids[m] = Node()
        acc.n += child.n
        acc.avail += child.avail
        acc.margin += child.margin
        acc.won += child.won


_BASES: dict = {}  # (game, auction step, playout) -> a typical declarer's margin


def declarer_base(game, index: int, playout) -> tuple[float, float]:
    """A typical declarer's margin in the auction at step `index`, and a typical other side's: in BASE_DEALS
    fresh games, the first bidder raises as low as it may, the others pass, and the hand is played out as
    `playout` plays. With two sides the other's is the declarer's negated; with more, each other side's
    margin over the best of the rest, averaged. Worked out once per game and playout, from fixed seeds
    (the same in every process)."""
    key = (id(game), index, playout)
    got = _BASES.get(key)
    if got is not None and got[0] is game:
        return got[1]
    rng, bids, margins, others = random.Random(f"declarer base/{index}"), _playout_bids(game), [], []
    for k in range(BASE_DEALS):
        opened = _opened(game, index, k, rng)
        if opened is None:
            continue
        st, side = opened
        margins.append(_declarer_margin(st, side, playout, rng, bids))
        if game.sides > 2 and st.hands:
            points = st.hands[0]["points"]
            others += [points_margin(points, s, game.lowest_wins) for s in range(game.sides) if s != side]
    base = sum(margins) / len(margins) if margins else 0.0
    other = sum(others) / len(others) if others else -base
    _BASES[key] = (game, (base, other))
    return base, other


def _opened(game, index: int, k: int, rng) -> tuple | None:
    """Fresh game `k` of the fixed seeds `declarer_base` and `opening_bar` share, played at random to the
    auction at step `index`, its first bidder opening as low as it may, to the end of this hand only: (the
    state, the opener's side); None where play never reaches the auction or no bid may be made there."""
    st = game.new_state(seed=SearchSeed(f"declarer base/{k}"))
    while not st.over and st.hands == [] and (st.step != index or st.to_act < 0):
        st.apply_move(rng.choice(st.legal_moves()))
    if st.step != index or st.over or st.hands:
        return None
    side, raises = game.side_of[st.to_act], [m for m in st.legal_moves() if m is not PASS]
    if not raises:
        return None
    _one_hand(st).apply_move(min(raises))
    return st, side


_BARS: dict = {}  # (game, auction step) -> what a typical opening loses in bots' play, where it surely loses


def opening_bar(game, index: int) -> float:
    """What a typical opening in the rising auction at step `index` makes in bots' own play, where that is surely
    a loss (else 0). In OPENING_DEALS fresh games from fixed seeds (the same in every process: those of
    `declarer_base`), the first bidder opens as low as it may, the others pass, and greedy bots play the hand
    out. `declarer_base` takes a typical opening as even, which it about is where the lowest bid is a player's
    usual one; where the lowest bid is high, a typical opening loses heavily, and the hands that lose less than
    it would still open. The mean margin counts only where it lies more than SURE_LOSS standard errors below 0
    (a margin's spread is about 150 points a deal at the lowest bid, so chance alone does not make it count)."""
    key = (id(game), index)
    got = _BARS.get(key)
    if got is not None and got[0] is game:
        return got[1]
    from .bots import GreedyBot

    rng, bids, margins = random.Random(f"opening bar/{index}"), _playout_bids(game), []
    for k in range(OPENING_DEALS):
        opened = _opened(game, index, k, rng)
        if opened is None:
            continue
        st, side = opened
        players = [GreedyBot(random.Random(f"opening bar/{k}/{p}")) for p in range(game.players)]
        hand, redeals, bound = st.hand_no, st.redeals, len(st.log) + HAND_DECISIONS
        while not st.over and len(st.hands) == hand and st.redeals == redeals and len(st.log) < bound:
            bid = bids[st.step]
            st.apply_move(bid(st.legal_moves(), st) if bid else players[st.to_act].choose(st))
        if len(st.log) >= bound:  # a hand greedy does not end (play's own watch says so): not judged here
            continue
        margins.append(points_margin(st.hands[hand]["points"], side, game.lowest_wins) if len(st.hands) > hand
                       else 0.0)
    sure = _mean_less(margins, -SURE_LOSS) if len(margins) > 1 else 0.0  # the mean plus SURE_LOSS errors
    bar = min(0.0, sum(margins) / len(margins)) if sure < 0 else 0.0
    _BARS[key] = (game, bar)
    return bar


def _declarer_margin(det, side: int, playout, rng, bids: list) -> float:
    """`side`'s margin when the hand in `det` is played out (the auction passing from here)."""
    hand = det.hand_no  # the hand's index, also where a bid just made ended it (len(det.hands) is one more)
    playout(det, hand, rng, bids)
    if len(det.hands) <= hand:
        return 0.0
    return points_margin(det.hands[hand]["points"], side, det.game.lowest_wins)


def _declarer(det, index: int, playout, rng, bids: list) -> int | None:
    """Play the hand in `det` out (the auction passing); the declaring seat, or None if it was thrown in."""
    hand, redeals = det.hand_no, det.redeals  # as in _declarer_margin
    playout(det, hand, rng, bids)
    if det.redeals != redeals or len(det.hands) <= hand:
        return None
    return det.vars[det.game.steps[index].winner]


def points_margin(points, side: int, lowest_wins: bool) -> float:
    """`side`'s hand points over the best other side's (points count against a side where the lowest wins)."""
    if len(points) == 1:
        return -points[0] if lowest_wins else points[0]
    if len(points) == 2:  # the common case, the other side read at once
        other = points[1 - side]
        return other - points[side] if lowest_wins else points[side] - other
    others = points[:side] + points[side + 1:]
    return min(others) - points[side] if lowest_wins else points[side] - max(others)


def _random_playout(det, hand: int, rng, bids: list) -> None:
    """Random moves to the end of the hand (or until it is thrown in); bids as `_playout_bids` says."""
    r, redeals = rng.random, det.redeals
    while not det.over and len(det.hands) == hand and det.redeals == redeals:
        bid = bids[det.step]
        if bid is None:
            det.acting.play_random(det, r)
        else:
            det.apply_move(bid(det.legal_moves(), det))


def _greedy_playout(det, hand: int, rng, bids: list) -> None:
    """Each seat plays the move that gains its side most at once (ties at random); bids as `_playout_bids` says."""
    from .bots import best_now

    redeals = det.redeals
    while not det.over and len(det.hands) == hand and det.redeals == redeals:
        moves = det.legal_moves()
        bid = bids[det.step]
        det.apply_move(bid(moves, det) if bid else moves[0] if len(moves) == 1 else best_now(det, moves, rng))


def _sense_playout(det, hand: int, rng, bids: list, took: list | None = None, ducks: bool = True,
                   leads: bool = True) -> None:
    """Cards to a trick played as players play them (`bots.trick_sense` where the side wants the trick or wants
    to lose it, else `bots.lowest_landing`), ties at random; other moves at random; bids as `bids` says. A
    side's tricks then follow the cards it holds: from one deal to the next they scatter about a sixth as
    widely as in random playouts (an eighth of a trick against 1.2 in a deal for four, both sides bidding).
    With `took`, each trick is counted there for the seat that took it; without `ducks`, no trick is left to the
    seat whose taking it costs its side (`bots.trick_sense`)."""
    from .bots import declarations, good_swaps, lowest_landing, trick_sense, trick_wish

    steps, redeals = det.game.steps, det.redeals
    while not det.over and len(det.hands) == hand and det.redeals == redeals:
        moves = det.legal_moves()
        bid, step = bids[det.step], steps[det.step]
        if bid is not None:
            det.apply_move(bid(moves, det))
            continue
        if not isinstance(step, TrickPlay):
            det.apply_move(moves[0] if len(moves) == 1 else rng.choice(moves))
            continue
        if isinstance(step, SwapTricks):  # a swap worth making first, else the plays alone
            moves = good_swaps(det, step, moves) or declarations(moves) or [m for m in moves if m < SWAP]
        if len(moves) > 1:
            wish = trick_wish(det, step)
            moves = trick_sense(det, step, moves, wish, ducks, leads) if wish else \
                lowest_landing(det, step, moves, ducks)
        if took is None:
            det.apply_move(moves[0] if len(moves) == 1 else rng.choice(moves))
            continue
        held, move = len(det.zones[step.trick_zone]), moves[0] if len(moves) == 1 else rng.choice(moves)
        det.apply_move(move)
        if len(det.zones[step.trick_zone]) <= held and move < SWAP:  # the card closed the trick: for its taker
            took[det.trick_state.last_winner] += 1


def _bid_played_out(det, bid, playout, bids: list, rng, count: bool) -> list | None:
    """Play the hand in `det` out after `bid`: the tricks each seat took (with `count`; else []), or None
    where the hand did not end with it scored."""
    hand = len(det.hands)  # before the bid, which may end the hand (a hand that is an auction alone)
    det.apply_move(bid)
    took = [0] * det.game.players if count else []
    if count:
        playout(det, hand, rng, bids, took)
    else:
        playout(det, hand, rng, bids)
    return took if len(det.hands) > hand else None


def _partners_bids(st, step, me: int) -> dict:
    """Each partner of seat `me` with its bid so far in the auction `step` (None before it speaks)."""
    side_of = st.game.side_of
    return {p: b for p, b in enumerate(step.bids_so_far(st)) if p != me and side_of[p] == side_of[me]}


def _counts_tricks(game) -> bool:
    """Does a trick step count the tricks taken (so a bid beside it is a number of tricks)?"""
    return any(isinstance(s, TrickPlay) and s.tricks for s in game.steps)


def _telling_bid(took: int, least: int, most: int) -> int:
    """The bid that tells of a hand that took `took` tricks (`NEWS_SHADE` fewer, within the bids above 0)."""
    return min(max(round(took - NEWS_SHADE), least), most)


def _heard_weight(heard: dict, took: list, least) -> float:
    """How well a deal agrees with the bids partners have made: a bid tells of a hand that takes about
    `NEWS_SHADE` tricks more, give or take `NEWS_SPREAD`; the `least` bid above nothing, of one that takes no
    more; a bid of 0 (a nil, where the bids allow it), of one that takes nothing."""
    weight = 1.0
    for p, b in heard.items():
        gap = took[p] if b == 0 else took[p] - b - NEWS_SHADE
        if gap > 0 or b != least and b != 0:
            weight *= math.exp(-0.5 * (gap / NEWS_SPREAD) ** 2)
    return weight


def sense_deals(iterations: int, least: int = BID_DEALS) -> int:
    """The deals `bid_values` plays out as players play (`_sense_playout`), of a search of `iterations`:
    `least`, a tenth of the iterations where that is more, never more than the iterations."""
    return max(1, min(iterations, max(least, iterations // 10)))


def _playout_bids(game, above_nothing: bool = False) -> list:
    """Per step: how a playout bids in an auction (None: not an auction).

    Random raises would make every contract a lottery and tell the search nothing about the hand it
    holds, so a playout never raises: it passes, or where every seat must bid, bids the least (with
    `above_nothing`, the least above 0: a playout that plays the cards as players do plays a bid of 0 to take
    nothing). A hand that all pass is thrown in, and scores nothing (or falls to the seat `all_pass` names).
    The tree itself tries every bid. A choice that names trump (a suit into the variable a trick step takes as its
    trump) names the suit the seat holds most of, as players and the greedy bot do (`NAMES_HELD`): named at
    random, a contract's trump was as often the declarer's shortest suit, and every contract looked poor."""
    least = _least_above_nothing if above_nothing else _lowest
    return [(_pass if step.style == "rising" else least) if isinstance(step, Auction) else
            _NamesHeld(step) if NAMES_HELD and trump_tricks(game, step) else None for step in game.steps]


NAMES_HELD = True  # playouts name trump as the suit held most (False: at random, as before 2026-12-07)


def trump_tricks(game, step) -> list:
    """Where `step` is a choice of a suit into the variable a trick step takes as its trump, those trick steps;
    else none."""
    if not isinstance(step, Choose) or not step.suits:
        return []
    return [t for t in game.steps if isinstance(t, TrickPlay) and t.trump_var == step.var]


class _NamesHeld:
    """A playout's naming of trump: the first of the suits the seat to act holds most of (`bots.naming_trump`),
    else the first move. Never no trump nor a pass where a suit may be named (a second round of naming always names
    in playouts: the tree and greedy's look ahead weigh passing)."""

    __slots__ = ("step",)

    def __init__(self, step):
        self.step = step

    def __call__(self, moves, det):
        from .bots import naming_trump

        named = naming_trump(det, self.step, moves)
        return named[0] if named else moves[0]


def _pass(moves, det=None):
    return PASS


def _lowest(moves, det=None):
    return moves[0]


def _least_above_nothing(moves, det=None):
    return min((m for m in moves if m), default=moves[0])


def _hiding_steps(game) -> list[bool]:
    """Per step: may it hide a move from another seat (does it say how a move looks to others)?"""
    return [s.may_hide() for s in game.steps]


def _hidden_from(det, actor: int, move, viewer: int) -> bool:
    step = det.game.steps[det.step]
    return step.shown_text(det, actor, move, viewer) != step.text(move)


def _has_partner(seat: Seat) -> bool:
    side_of = seat.game.side_of
    return side_of.count(side_of[seat.seat]) > 1


def hints(st, seat: int, k: int = 3, iterations: int = 0, seed=0) -> list[tuple[str, float]]:
    """The search's `k` best moves for `seat` (to act), best first, each with the mean margin of hand points
    it is expected to bring that seat's side over the best other side, judged from that seat's view. In a
    rising auction: the lowest raise and a pass, the raise valued by what it gains over passing; where every
    seat bids once, its best bids, each valued by what it loses against the best (0 for the best) over deals
    played out."""
    from .bots import DEFAULT_ITERATIONS, deals_at, fewer_captures

    obs = Seat(st, seat)
    moves = obs.legal_moves()
    if not moves:
        return []
    search = Search(iterations or DEFAULT_ITERATIONS, random.Random(f"{seed}/hint/{seat}"), deals=deals_at(obs.step),
                    narrow=fewer_captures)
    values = search.judged_bids(obs, moves)  # as the bots judge them
    if values is not None:
        ranked = [m for m in sorted(values, key=lambda m: -values[m]) if math.isfinite(values[m])][:k]  # stable
        if PASS in moves:  # a raise by what it gains over a pass
            return [(obs.move_text(m), round(values[m], 1)) for m in ranked]
        # against the best bid: playouts bid the least for the other side, whose failures swell every margin
        best = values[ranked[0]]
        return [(obs.move_text(m), round(values[m] - best, 1)) for m in ranked]
    exact = _solved_hints(obs, moves, k)
    if exact is not None:
        return exact
    kids, moves = search.searched(obs, moves)
    tried = sorted((m for m in moves if m in kids), key=lambda m: -kids[m].n)[:k]  # the most searched
    shown = sorted([(obs.move_text(m), kids[m].margin / kids[m].n) for m in tried], key=lambda h: -h[1])
    # best first as the figures say (stable: ties by search); bids where every seat bids once (those that decide
    # who declares, which the tree plays out) against the best, as the bids judged above
    best = shown[0][1] if isinstance(obs.step, Auction) and obs.step.style == "each" and shown else 0.0
    return [(text, round(value - best, 1)) for text, value in shown]


def _solved_hints(obs: Seat, moves: list, k: int) -> list | None:
    """Where the seat knows where every card lies and the hand's end can be played out, its `k` best moves by the
    best line's margin (`bots.known_end`), as the bots play there; else None."""
    from .bots import known_end

    values = known_end(obs, moves)
    if values is None:
        return None
    return [(obs.move_text(m), round(values[m], 1)) for m in sorted(moves, key=lambda m: -values[m])[:k]]
