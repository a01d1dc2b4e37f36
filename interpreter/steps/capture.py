"""Fishing play: a card from hand takes cards from the table by capture rules."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product
from math import comb, prod

from .. import cards as C
from ..errors import RulesetError
from ..expressions import groups_round
from ..state import NOBODY, Env
from .base import IDLE_PLAY, Step
from .deal import deal_packets, follow_known

MAX_WAYS = 10_000  # sets of table cards one card may capture
SMALL_POOL = 14  # cards a sum search may try every subset of
MOST_PARTED = (MAX_WAYS + 1).bit_length() - 1  # the most cards whose every part `take: some` offers (13: 8,191)


@dataclass(frozen=True)
class CaptureRule:
    """'A card matching `card` may take cards matching `take_from`': one, all, any part of them, or sum-sets.

    Tests that read only the cards are also given as tables, looked up without evaluating anything:
    `card_table[played]`, `from_grid[played][table card]`, `total_table[played]`, `several_value`.
    """

    name: str
    card: object  # f(env, played) -> bool
    take: str  # one | all | some | sum
    take_from: object  # f(env with played, table card) -> bool
    total: object = None  # f(env with played) -> int, for take: sum
    several: object = None  # f(env) -> bool, for take: sum
    exclusive: bool = False  # when this rule can capture, later rules are not asked
    values: tuple = C.RANK  # what a sum counts for each card
    card_table: tuple | None = None
    from_grid: tuple | None = None
    total_table: tuple | None = None
    several_value: bool | None = None
    most: bool = False  # only the sets no other offered set holds (with several: all that can go together)

    def __post_init__(self):
        by_table = self.from_grid is not None and (self.take != "sum" or (
            self.total_table is not None and (self.several is None or self.several_value is not None)))
        object.__setattr__(self, "by_table", by_table)  # every set can be found from the tables alone

    def options(self, env: Env, table: list) -> list[tuple]:
        """Every set of table cards (`table` in canonical order) this rule lets `env.played` take."""
        cands = [x for x in table if self.take_from(env, x)]
        several = self.several is not None and self.several(env, None)
        return self._sets(cands, self.total(env, None) if self.take == "sum" else 0, several)

    def options_by_table(self, played: int, table: list) -> list[tuple]:
        row = self.from_grid[played]
        cands = [x for x in table if row[x]]
        return self._sets(cands, self.total_table[played] if self.take == "sum" else 0, self.several_value)

    def _sets(self, cands: list, total: int, several) -> list[tuple]:
        if not cands:
            return []
        if self.take == "one":
            return [(x,) for x in cands]
        if self.take == "all":
            return [tuple(cands)]
        if self.take == "some":
            return parts(cands)
        return joined(sets_summing(cands, total, self.values), several, self.most, cands, self.values, total)


def joined(sets: list[tuple], several: bool, most: bool, cards=(), values=(), total: int = 0) -> list[tuple]:
    """The sets a sum rule offers: each alone, or with `several` every union of disjoint ones (with `most`,
    those no other holds: found from every union while there are no more than MAX_WAYS, in that order; past it,
    by `fullest_unions` of the `cards` the sets were made from, worth `values` (by card id) towards `total`)."""
    if not several or len(sets) < 2:
        return sets
    if not most:
        return disjoint_unions(sets)
    try:
        return largest(disjoint_unions(sets))
    except TooManyWays:  # a table grown large (capturing not compulsory): the few that take all they can
        if not cards:
            raise
        return fullest_unions(cards, values, total)


MAX_COUNTS = 50_000  # ways to count the cards of each worth `fullest_unions` may look at


def fullest_unions(cards: list, values, total: int) -> list[tuple]:
    """`largest(disjoint_unions(sets_summing(cards, total, values)))` in canonical order (`values`: each card id's
    worth), found by how many cards of each worth a
    capture takes: cards of one worth stand in for each other, so a union is a count of each worth that groups
    adding up to `total` make, and those no other count holds are grown group by group; then each such count's
    choices of the cards. Past MAX_COUNTS counts, or MAX_WAYS unions, TooManyWays; so too where a card has two
    copies among them (sets of card ids, the unions' way, take one of the two)."""
    if len(set(cards)) < len(cards):  # two copies of a card: sets of ids cannot tell them apart; as before
        raise TooManyWays
    of_worth: dict[int, list] = {}
    for card in cards:
        if 0 < values[card] <= total:
            of_worth.setdefault(values[card], []).append(card)
    worths = sorted(of_worth)
    have = tuple(len(of_worth[w]) for w in worths)
    groups = [tuple(map(int.__sub__, have, rest)) for rest in groups_round(worths, list(have), 0, total)]
    none = (0,) * len(worths)
    found, todo = {none}, [none]
    while todo:
        counts = todo.pop()
        for group in groups:
            grown = tuple(map(sum, zip(counts, group)))
            if grown not in found and all(map(int.__le__, grown, have)):
                found.add(grown)
                todo.append(grown)
                if len(found) > MAX_COUNTS:
                    raise TooManyWays
    fullest: list[tuple] = []
    for counts in sorted(found, key=sum, reverse=True):
        if sum(counts) and not any(all(map(int.__le__, counts, other)) for other in fullest):
            fullest.append(counts)
    return _chosen(fullest, [of_worth[w] for w in worths])


def _chosen(counts: list[tuple], cards: list[list]) -> list[tuple]:
    """Every choice of the cards for each count (so many of each worth's cards), in canonical order; more than
    MAX_WAYS raise TooManyWays."""
    if sum(prod(comb(len(pile), n) for pile, n in zip(cards, c)) for c in counts) > MAX_WAYS:
        raise TooManyWays
    out = []
    for c in counts:
        for picks in product(*(combinations(pile, n) for pile, n in zip(cards, c))):
            out.append(tuple(sorted(x for pick in picks for x in pick)))
    return sorted(out)


def parts(cards: list) -> list[tuple]:
    """Every non-empty set of `cards` (in canonical order), each in canonical order, as a search from the left
    finds them; two copies of a card make no set twice. More than MAX_WAYS raise TooManyWays."""
    ways = 2 ** len(cards) - 1 if len(set(cards)) == len(cards) else prod(n + 1 for n in Counter(cards).values()) - 1
    if ways > MAX_WAYS:
        raise TooManyWays(len(cards), ways)
    out: list[tuple] = []
    _part(cards, 0, (), out)
    return out


def _part(cards: list, i: int, chosen: tuple, out: list) -> None:
    """Add to `out` each set of `chosen` and one or more of cards[i:]."""
    for j in range(i, len(cards)):
        if j > i and cards[j] == cards[j - 1]:
            continue  # a second copy starts no set the first did not
        grown = chosen + (cards[j],)
        out.append(grown)
        _part(cards, j + 1, grown, out)


def sets_summing(cards: list, total: int, values: tuple = C.RANK) -> list[tuple]:
    """Every non-empty subset of `cards` whose values add up to `total`, each in canonical order."""
    pool = [c for c in cards if values[c] > 0]  # `cards` come in canonical order
    return _summing(pool, [values[c] for c in pool], total)


def _summing(pool: list, worth: list, total: int) -> list[tuple]:
    """The sets of `pool` (worth > 0 each) whose worth makes `total`, in the order a search from the left
    finds them; more than MAX_WAYS raise TooManyWays. A small pool is searched whole (at most 2**SMALL_POOL
    steps); a larger one stops wherever the cards left cannot make the sum."""
    whole = sum(worth)
    if whole <= total:  # every card is worth something: only all of them together can make the sum
        return [tuple(pool)] if whole == total and pool else []
    if len(pool) == 2:  # the two together are worth more than the sum
        return [(c,) for c, w in zip(pool, worth) if w == total]
    if len(pool) == 3:  # singles and pairs, in the order a search from the left finds them
        return _three(pool, worth, total)
    out: list[tuple] = []
    if len(pool) <= SMALL_POOL:
        _grow(pool, worth, 0, total, (), out)
        return out
    rest = [0] * (len(pool) + 1)  # rest[j]: what pool[j:] is worth together
    for j in range(len(pool) - 1, -1, -1):
        rest[j] = rest[j + 1] + worth[j]
    if 0 < total <= rest[0]:
        _grow_pruned(pool, worth, rest, 0, total, (), out)
    return out


def _three(pool: list, worth: list, total: int) -> list[tuple]:
    """The ways to make `total` from three cards worth more than it together: (0,) (0,1) (0,2) (1,) (1,2) (2,)."""
    (p, q, r), (a, b, c) = pool, worth
    out = []
    if a == total:
        out.append((p,))
    else:
        if a + b == total:
            out.append((p, q))
        if a + c == total:
            out.append((p, r))
    if b == total:
        out.append((q,))
    elif b + c == total:
        out.append((q, r))
    if c == total:
        out.append((r,))
    return out


class TooManyWays(Exception):
    """A capture could take more than MAX_WAYS different sets of cards; from `take: some`, with (the cards it may
    take from, the sets they make)."""


def _grow(pool: list, worth: list, i: int, left: int, chosen: tuple, out: list) -> None:
    """Add to `out` every way to make `left` from pool[i:] after `chosen`."""
    for j in range(i, len(pool)):
        r = worth[j]
        if r < left:
            _grow(pool, worth, j + 1, left - r, chosen + (pool[j],), out)
        elif r == left:
            out.append(chosen + (pool[j],))


def _grow_pruned(pool: list, worth: list, rest: list, i: int, left: int, chosen: tuple, out: list) -> None:
    """`_grow`, giving up wherever the cards left cannot make `left`, and stopping at MAX_WAYS sets."""
    for j in range(i, len(pool)):
        if left > rest[j]:
            return
        r = worth[j]
        if r < left:
            _grow_pruned(pool, worth, rest, j + 1, left - r, chosen + (pool[j],), out)
        elif r == left:
            out.append(chosen + (pool[j],))
            if len(out) > MAX_WAYS:
                raise TooManyWays


def _by_table(rule: CaptureRule, card: int) -> tuple:
    """What `card` may take by `rule`, as tables: (take, which table cards, sum, each card's worth, several,
    exclusive, most). A sum counts only cards worth something and no more than the sum, so the others are left out
    of its table."""
    row, worth = rule.from_grid[card], rule.values
    if rule.take != "sum":
        return rule.take, row, 0, worth, False, rule.exclusive, False
    total = rule.total_table[card]
    row = tuple(bool(row[x]) and 0 < worth[x] <= total for x in range(len(row)))
    return "sum", row, total, worth, bool(rule.several_value), rule.exclusive, rule.most


def with_new(found: list[tuple], options: list[tuple]) -> list[tuple]:
    """`found` and then the sets of `options` it does not hold: a set two rules offer is one move."""
    if not found:
        return options
    held = set(found)
    found.extend(o for o in options if o not in held)
    return found


def largest(sets: list[tuple]) -> list[tuple]:
    """The sets no other of `sets` holds, in their order."""
    frozen = [frozenset(s) for s in sets]
    return [s for s, f in zip(sets, frozen) if not any(len(g) > len(f) and f < g for g in frozen)]


def disjoint_unions(sets: list[tuple]) -> list[tuple]:
    """Every union of one or more pairwise-disjoint sets from `sets`. Each union is grown from once, however
    many ways its sets can be chosen (pairs of 1s on a table of 14 make 8,192 unions, in 2.4 million ways)."""
    frozen = [frozenset(s) for s in sets]
    found: dict[frozenset, None] = {}
    todo = [frozenset()]
    while todo:
        taken = todo.pop()
        for s in frozen:
            if not taken & s:
                union = taken | s
                if union not in found:
                    found[union] = None
                    if len(found) > MAX_WAYS:
                        raise TooManyWays
                    todo.append(union)
    return [tuple(sorted(u)) for u in found]


def every_part(taken: list) -> list | None:
    """The cards, in canonical order, where the sets `taken` (one card's captures) are every part of them, each
    once and nothing else (`take: some`: 2**n - 1 sets of n cards, n at least 2); else None (sums, several sets
    at once, a card laid down beside them)."""
    sets = set(taken)
    cards = sorted({x for t in sets for x in t})
    if len(cards) < 2 or () in sets or len(taken) != len(sets) or len(sets) != 2 ** len(cards) - 1:
        return None
    return cards


@dataclass(frozen=True)
class CaptureEffect:
    """What a capture does once its cards have moved (`after_capture`): when `test` holds (None: always), the
    counter of the capturer's side (or of the side `side` works out) changes by `by` (None: 1)."""

    name: str
    counter: str
    test: object = None
    by: object = None
    side: object = None


class CapturePlay(Step):
    """Players in turn play a card; it captures by the first rules that allow it, or stays.

    A move is (card, the cards it takes in canonical order), or (card, ()) for a card laid down.
    """

    plays_cards = True
    verbs = ("play", "take")
    idle_fault = IDLE_PLAY

    def __init__(self, name, when, *, first, rules, mandatory, refill, effects,
                 hand: str, table: str, pile: str, stock: str, pile_by_side: bool, effects_read_rule: bool = False):
        super().__init__(name, when)
        self.first, self.rules, self.mandatory = first, rules, mandatory
        self.refill, self.effects = refill, effects  # CaptureEffect each
        self.effects_read_rule = effects_read_rule  # then a capture works out the rule that took it
        self.hand, self.table, self.pile, self.stock = hand, table, pile, stock
        self.pile_by_side = pile_by_side
        self.by_tables = bool(rules) and hasattr(mandatory, "value") and all(
            r.card_table is not None and r.by_table for r in rules)
        if self.by_tables:  # what each card may capture by, rule by rule, in order
            self.rules_for = [tuple(_by_table(r, c) for r in rules if r.card_table[c])
                              for c in range(len(rules[0].card_table))]

    def start(self, st) -> None:
        st.phase.setdefault("last_capturer", -1)  # kept through the hand: a second play step goes on from the first
        if not any(st.zones[self.hand]):
            raise RulesetError(f"step '{self.name}': nobody holds a card in '{self.hand}' when play starts"
                               " (does a deal give them cards?)", self.where)
        st.to_act = self.first(st.env, None) % st.game.players

    def captures(self, st, seat: int, card: int, table: list | None = None) -> list[tuple]:
        """Every set of table cards `card` may take, each in canonical order."""
        found: list[tuple] = []
        for _, options in self._by_rule(st, seat, card, table):
            found = with_new(found, options)
        return found

    def rule_of(self, st, move) -> CaptureRule | None:
        """The capture rule that offers this move of the seat to act (None: a card laid down)."""
        card, taken = move
        return next((rule for rule, options in self._by_rule(st, st.to_act, card, None) if taken in options), None)

    def _by_rule(self, st, seat: int, card: int, table: list | None):
        """(rule, the sets it lets `card` take), rule by rule, until an exclusive rule offers some."""
        if table is None:
            table = sorted(st.zones[self.table])
        env = None
        for rule in self.rules:
            if rule.card_table is not None:
                if not rule.card_table[card]:
                    continue
            else:
                env = env or Env(st, seat, st.game.side_of[seat], played=card)
                if not rule.card(env, card):
                    continue
            if rule.by_table:
                options = rule.options_by_table(card, table)
            else:
                env = env or Env(st, seat, st.game.side_of[seat], played=card)
                options = rule.options(env, table)
            yield rule, options
            if options and rule.exclusive:
                return

    def legal(self, st) -> list:
        try:
            return self._legal_by_tables(st) if self.by_tables else self._legal(st)
        except TooManyWays as e:
            raise RulesetError(f"step '{self.name}': a card could capture more than {MAX_WAYS:,} different sets"
                               f" of the {len(st.zones[self.table])} {self.table} cards ({self._why_so_many(e)})",
                               self.where) from None

    def _why_so_many(self, e: TooManyWays) -> str:
        if e.args:  # any part of the cards a rule allows
            cards, ways = e.args
            named = " or ".join(f"'{r.name}'" for r in self.rules if r.take == "some")
            return (f"capture {named} takes some: any part of the {cards} cards its 'from:' allows is a move,"
                    f" {ways:,} in all, where {MOST_PARTED} cards make at most {2 ** MOST_PARTED - 1:,}: say in its"
                    f" card: test what happens past {MOST_PARTED} (`and count({self.table}[...]) <= {MOST_PARTED}`, and"
                    " another rule for more)")
        several = any(r.several is not None and r.several_value is not False for r in self.rules)
        optional = getattr(self.mandatory, "value", None) is not True
        return ("several sets taken at once multiply the ways" + (", and where capturing is not compulsory the"
                " table grows without bound" if optional else "") if several else "is a sum too large?")

    def _legal(self, st) -> list:
        seat = st.to_act
        must = getattr(self.mandatory, "value", None)
        if must is None:
            must = self.mandatory(Env(st, seat, st.game.side_of[seat]), None)
        moves = []
        table = sorted(st.zones[self.table])
        for card in st.zones[self.hand][seat]:
            options = self.captures(st, seat, card, table)
            for taken in options:
                moves.append((card, taken))
            if not options or not must:
                moves.append((card, ()))
        return moves

    def _legal_by_tables(self, st) -> list:
        """`legal` when the capture rules and `mandatory` read only the cards: table lookups, no expression."""
        must, rules = self.mandatory.value, self.rules_for
        moves = []
        table = sorted(st.zones[self.table])
        for card in st.zones[self.hand][st.to_act]:
            found = None
            for take, row, total, worth, several, exclusive, most in rules[card]:
                cands = [x for x in table if row[x]]
                if not cands:
                    continue
                if take == "one":
                    options = [(x,) for x in cands]
                elif take == "all":
                    options = [tuple(cands)]
                elif take == "some":
                    options = parts(cands)
                else:
                    options = _summing(cands, [worth[x] for x in cands], total)
                    if several:  # a hot loop: the call only where sets may join
                        options = joined(options, several, most, cands, worth, total)
                found = with_new(found, options) if found else options
                if options and exclusive:
                    break
            if found:
                for taken in found:
                    moves.append((card, taken))
                if not must:
                    moves.append((card, ()))
            else:
                moves.append((card, ()))
        return moves

    def text(self, move) -> str:
        card, taken = move
        if not taken:
            return "play " + C.NAMES[card]
        return f"play {C.NAMES[card]} take " + " ".join(C.NAMES[x] for x in taken)

    def cards_named(self, move) -> tuple:
        card, taken = move  # as `text` names them, without writing it (any part of 13 cards: 8,191 moves)
        return (card, *taken)

    def stuck_reason(self, st) -> str:
        return f"its '{self.hand}' is empty: does a deal give it cards?"

    def apply(self, st, move) -> None:
        card, taken = move
        seat, g = st.to_act, st.game
        rule = self._rule_name(st, move) if taken and self.effects_read_rule else ""  # before the cards move
        st.zones[self.hand][seat].remove(card)
        if taken:
            table = st.zones[self.table]
            for x in taken:
                table.remove(x)
            owner = g.side_of[seat] if self.pile_by_side else seat
            st.zones[self.pile][owner].extend((card,) + taken)
            st.phase["last_capturer"] = seat
            self._after_capture(st, seat, card, taken, rule)
        else:
            st.zones[self.table].append(card)
        self._next_turn(st, seat)

    def _rule_name(self, st, move) -> str:
        found = self.rule_of(st, move)
        return found.name if found is not None else ""

    def _after_capture(self, st, seat: int, card: int, taken: tuple, rule: str) -> None:
        """The effects whose test holds add to their counters (`by`, else 1), with the cards `taken` and the
        `rule` that took them in view."""
        side = st.game.side_of[seat]
        changed: dict = {}  # (counter, side) -> what this capture's effects added to it, netted
        if self.effects:
            env = Env(st, seat, side, played=card, dealt=list(taken))
            env.offer, env.acted = rule, []  # acted: the effects whose test held, in order (`acted("sur")`)
            for effect in self.effects:
                if effect.test is None or effect.test(env, None):
                    amount = 1 if effect.by is None else effect.by(env, None)
                    to = side if effect.side is None else effect.side(env, None)
                    st.counters[effect.counter][to] += amount
                    env.acted.append(effect.name)
                    if st.events is not None:
                        changed[effect.counter, to] = changed.get((effect.counter, to), 0) + amount
            if env.acted and st.events is not None:
                st.emit("after_capture", step=self.name, effects=env.acted)
        if st.events is not None:
            net = [(c, to, n) for (c, to), n in changed.items() if n]  # a sur made and cancelled at once: not said
            st.emit("capture", seat=seat, card=card, taken=list(taken), added=[c for c, _, _ in net],
                    amounts=[n for _, _, n in net], sides=[to for _, to, _ in net])

    def _next_turn(self, st, seat: int) -> None:
        hands = st.zones[self.hand]
        n = st.game.players
        if not any(hands):
            stock = st.zones[self.stock]
            if not (stock and self.refill):
                st.to_act = NOBODY  # the step is over
                return
            deal_packets(st, self.refill, stock, self, self.stock)
            if st.phase.get("known_at"):
                follow_known(st, self.stock)
            if st.events is not None:
                if stock:
                    held = {len(h) for h in hands}
                    st.emit("refill", zone=self.stock, each=held.pop() if len(held) == 1 else None, left=len(stock))
                else:
                    st.emit("last_deal", zone=self.stock)
        st.to_act = (seat + 1) % n
