"""Bots decide from their seat's view: deals of the unseen cards agree with it, no bot reads a hidden
card, the search bot is reproducible and plays every bundled ruleset."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import accumulate
from pathlib import Path

import pytest

from interpreter import bots as bots_module
from interpreter import bundled, load
from interpreter import cards as C
from interpreter.bots import BotSpecError, GreedyBot, RandomBot, SearchBot, likely_gifts, make_bots, parse_spec
from interpreter.errors import RulesetError
from interpreter.observe import Seat
from interpreter.search import hints
from interpreter.simulate import play_one
from interpreter.steps.auction import Auction
from interpreter.steps.base import Step
from interpreter.steps.exchange import Exchange
from interpreter.steps.shed import CALLS

RULESETS = [p.name for p in bundled()]
FAMILIES = ["pasur.yaml", "pasur-4p.yaml", "hokm.yaml", "hokm-throw-in.yaml", "shelem.yaml", "shelem-2p.yaml",
            "ghahveh.yaml", "euchre.yaml", "hokm-2p.yaml", "pasur-3p.yaml"]


def piles(st):
    """(zone, index, cards) for every pile; index -1 for a shared zone."""
    for z in st.game.zones.values():
        cards = st.zones[z.name]
        if z.owner == "none":
            yield z, -1, cards
        else:
            for i, pile in enumerate(cards):
                yield z, i, pile


def seen_part(st, z, i, pile, seat) -> list | None:
    """What `seat` sees of a pile: all of it, its face-up top, or nothing (None)."""
    g = st.game
    if z.owner == "none":
        return list(pile) if z.visible == "all" else None
    if z.sees(i, seat, g):
        return list(pile)
    if z.visible == "top" and z.name in st.trick_state.tops_up and pile:
        return [pile[-1]]
    return None


def random_states(name: str, count: int, seed: int):
    """States of random games at random points, with the seat to act."""
    game = load(name)
    rng = random.Random(f"{name}/{seed}")
    for k in range(count):
        st = game.new_state(seed=seed * 100 + k)
        for _ in range(rng.randrange(0, 120)):
            if st.over:
                break
            st.apply_move(rng.choice(st.legal_moves()))
        if not st.over:
            yield st


@pytest.mark.parametrize("name", RULESETS)
def test_deals_of_the_unseen_cards_agree_with_what_the_seat_has_seen(name):
    rng = random.Random(name)
    voids_seen = 0
    for st in random_states(name, 12, 1):
        for seat in {st.to_act, (st.to_act + 1) % st.game.players}:
            obs = Seat(st, seat)
            for k in range(4):
                s = obs.sample(rng, last=k == 2)  # a last sample uses the observation up: the next starts afresh
                assert Counter(c for *_, p in piles(s) for c in p) == Counter(c for *_, p in piles(st) for c in p)
                for (z, i, real), (_, _, dealt) in zip(piles(st), piles(s)):
                    assert len(dealt) == len(real), f"{z.name}[{i}] changed size"
                    shown = seen_part(st, z, i, real, seat)
                    if shown is not None:
                        assert dealt[len(dealt) - len(shown):] == shown, f"{z.name}[{i}]: a seen card moved"
                for (zone, who), suits in st.trick_state.voids.items():
                    voids_seen += 1
                    held = {C.SUIT[c] for c in s.zones[zone][who] if C.SUIT[c] >= 0}  # jokers have no suit
                    assert not any(suits >> x & 1 for x in held), f"seat {who} dealt a suit it showed it lacks"
                secret = st.game.secret_vars  # a secret starts as it starts (Hokm's throw-in choice, say)
                assert (s.to_act, s.step, s.counters, s.scores) == (st.to_act, st.step, st.counters, st.scores)
                assert {k: v for k, v in s.vars.items() if k not in secret} == \
                    {k: v for k, v in st.vars.items() if k not in secret}
                assert all(s.vars[k] == st.game.vars[k].initial for k in secret if st.game.vars[k].type != "seat")
                assert not s.log and s.given == [] and s.seed != st.seed
    if name.startswith(("hokm.", "ghahveh.", "shelem.")):
        assert voids_seen, "no state with a void: the test does not reach them"


def test_a_card_all_saw_go_under_the_stock_stays_there_in_every_deal_a_bot_imagines():
    """P3: a jack dealt to the face-up table goes under the stock, for everyone to see; a bot's deals of the
    unseen cards keep it at the bottom (they once put it in the other player's hand, one deal in eleven)."""
    st = load("pasur").new_state(seed=0, listen=True)
    jack = next(e["card"] for e in st.events if e["kind"] == "replaced")
    assert st.zones["stock"][-1] == jack
    rng = random.Random(1)
    for seat in (0, 1):
        for _ in range(200):
            assert Seat(st, seat).sample(rng).zones["stock"][-1] == jack


def test_deals_vary_and_respect_tight_voids():
    """A deal with voids that leave one way to place a suit still finds it, and different deals differ."""
    game = load("hokm")
    rng = random.Random(3)
    found = 0
    for st in random_states("hokm", 40, 7):
        voids = st.trick_state.voids
        if len(voids) < 2:
            continue
        obs = Seat(st)
        deals = {tuple(tuple(p) for _, _, p in piles(obs.sample(rng))) for _ in range(30)}
        found += len(deals) > 1  # (late in a hand the voids may leave one way to deal)
    assert found >= 3, game.name


def test_a_deal_beside_voids_draws_as_randrange_does():
    """The deal of the unseen cards beside noted voids draws each card's slot in proportion to the room left with
    the numbers `rng.randrange(total)` gives (written out there, a call fewer a card): the same deals, and so the
    same bot decisions, as drawn by `randrange`."""
    from interpreter.observe import Slot, _try_deal, places_for

    def by_randrange(order, slots, of_card, rng):  # each slot's share of the room as a running total, bisected
        room, parts = [s.count for s in slots], [[] for _ in slots]
        for card in order:
            choices = of_card[card]
            shares = list(accumulate(room[j] for j in choices))
            if not shares or shares[-1] == 0:
                return None
            j = choices[bisect_right(shares, rng.randrange(shares[-1]))]
            parts[j].append(card)
            room[j] -= 1
        return parts

    shapes = random.Random(5)
    for k in range(300):
        cards = shapes.sample(range(52), shapes.randrange(4, 40))
        cuts = sorted(shapes.sample(range(1, len(cards)), 2))
        counts = [cuts[0], cuts[1] - cuts[0], len(cards) - cuts[1]]
        slots = [Slot("hand", i, n, False, shapes.randrange(1, 32)) for i, n in enumerate(counts)]
        places = places_for(slots)
        order = sorted(cards, key=places.narrowness.__getitem__)
        ours = _try_deal(order, counts, places.of_card, random.Random(k))  # found or not (most are not), alike
        assert ours == by_randrange(order, slots, places.of_card, random.Random(k))

@pytest.mark.parametrize("name", ["hokm", "hearts"])
def test_a_copy_notes_its_own_voids(name):
    """Voids are noted in place: a copy (a look ahead, a deal searched) has its own from the first trick, or a
    void shown in one would be taken as known in the other, and its sampled deals be wrong."""
    game = load(name)
    for seed in range(6):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.trick_state.number:  # the first trick
            st.apply_move(rng.choice(st.legal_moves()))
        copies = [st.copy(), st.copy(history=False)]
        before = dict(st.trick_state.voids)
        for c in copies:
            while c.hands == st.hands and not c.over:
                c.apply_move(rng.choice(c.legal_moves()))
            assert c.phase is not st.phase and c.trick_state.voids is not st.trick_state.voids
        assert st.trick_state.voids == before
        later = st.copy()
        noted = dict(later.trick_state.voids)
        while st.hands == later.hands and not st.over:
            st.apply_move(rng.choice(st.legal_moves()))
        assert later.trick_state.voids == noted


def twin(st, seat: int, rng: random.Random):
    """The same state with cards swapped between places `seat` cannot see (keeping sizes and voids), but for
    cards whose place it knows (`known_at`: a jack all saw go under the stock, dealt since to a known hand; the
    stock's top it is shown), and a card it knows lies in one of some places (`known_among`: a card taken up
    and a card discarded face down since) kept among them."""
    t = st.copy()
    voids, known = t.trick_state.voids, t.phase.get("known_at", {})
    among = {c: places for c, (places, knower) in t.phase.get("known_among", {}).items() if knower in (-1, seat)}
    shown = set(t.game.steps[t.step].shown(t, seat)) if 0 <= t.step < len(t.game.steps) else set()
    places = []
    for z, i, pile in piles(t):
        if seen_part(t, z, i, pile, seat) is None:
            places += [(z.name, i, k) for k, c in enumerate(pile) if c not in shown and not (
                known.get(c, ())[:2] == (z.name, i) and known[c][2] in (-1, seat))]
    rng.shuffle(places)

    def pile(zone, i):
        return t.zones[zone] if i < 0 else t.zones[zone][i]

    def fits(card, zone, i):
        if card in among and (zone, i) not in among[card]:
            return False
        return not voids.get((zone, i), 0) >> C.SUIT[card] & 1 if C.SUIT[card] >= 0 else True

    for a, b in zip(places[::2], places[1::2]):
        pa, pb = pile(*a[:2]), pile(*b[:2])
        ca, cb = pa[a[2]], pb[b[2]]
        if fits(ca, *b[:2]) and fits(cb, *a[:2]):
            pa[a[2]], pb[b[2]] = cb, ca
    return t


def same_choices(kind: str, name: str, states: int, seed: int = 0) -> bool:
    """Does a bot choose alike in states that differ only where the seat to act cannot see?"""
    rng = random.Random(f"{kind}/{name}")
    changed = 0
    for k, st in enumerate(random_states(name, states, seed)):
        seat = st.to_act
        other = twin(st, seat, rng)
        changed += other.zones != st.zones
        first = make_bots([kind] * st.game.players, k)[seat].choose(st)
        second = make_bots([kind] * st.game.players, k)[seat].choose(other)
        if first != second:
            return False
    assert changed >= states // 2, "too few states with hidden cards to swap"
    return True


@pytest.mark.parametrize("kind", ["random", "greedy", "mcts:12"])
@pytest.mark.parametrize("name", FAMILIES)
def test_no_bot_reads_a_card_its_seat_cannot_see(kind, name):
    assert same_choices(kind, name, 10 if kind == "mcts:12" else 25)


class PeekingBot(RandomBot):
    """Chooses by the cards in every hand (what no bot may do)."""

    def choose(self, st):
        moves = st.legal_moves()
        return moves[sum(c * k for k, c in enumerate(st.zones["hand"][(st.to_act + 1) % 2])) % len(moves)]


def test_the_invariance_check_catches_a_bot_that_peeks(monkeypatch):
    import interpreter.bots as bots

    monkeypatch.setitem(bots.KINDS, "random", PeekingBot)
    assert not same_choices("random", "pasur.yaml", 10)


def test_same_seed_same_decisions():
    game = load("hokm")
    runs = []
    for _ in range(2):
        st = game.new_state(seed=11)
        bots = make_bots(["mcts:15", "greedy", "mcts:15", "random"], 11)
        while not st.hands:
            st.apply_move(bots[st.to_act].choose(st))
        runs.append(st.actions)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", RULESETS)
def test_simulate_plays_random_bots_as_their_choose_would(name):
    """`play_one` makes a random bot's choice itself, without calling its `choose`, and plays a written-out card
    play's turns in that step's own loop (`play_chosen`): the same game, its hands scored alike."""
    game = load(name)
    for seed in (3, 4):
        st = game.new_state(seed=seed, max_hands=3)
        bots = make_bots(["random"] * game.players, seed)
        while not (st.over or st.halted):
            st.apply_move(bots[st.to_act].choose(st))
        played = play_one(game, seed, ["random"] * game.players, max_hands=3)
        assert (played.actions, played.hands, played.scores) == (st.actions, st.hands, st.scores)


@pytest.mark.parametrize("name", ["hokm.yaml", "shelem.yaml", "ghahveh.yaml", "hearts.yaml", "spades.yaml"])
def test_the_trick_games_card_play_has_its_own_loop_for_random_bots(name):
    """The test above compares that written-out loop, not only the general one, with the bots' own choices in
    these games: it runs in them."""
    assert any(getattr(step.play_chosen, "__func__", None) is not Step.play_chosen for step in load(name).steps)


@pytest.mark.parametrize("name", ["hokm.yaml", "pasur.yaml"])
def test_a_steps_own_loop_stops_where_the_hand_watch_would_look(name):
    """`play_chosen` plays no decision past `due` (the watch's bound on a hand's decisions): the written-out trick
    loop, with no room for a deal's cards before it, hands its moves to the general loop, which stops there."""
    game = load(name)
    st = game.new_state(seed=2)
    rngs = [random.Random(seat) for seat in range(game.players)]
    while not st.acting.plays_cards:
        st.apply_move(st.legal_moves()[0])
    before = len(st.log)
    st.acting.play_chosen(st, rngs, before + 3)
    assert len(st.log) == before + 3 and st.to_act >= 0 and st.acting.plays_cards


@pytest.mark.parametrize("name", RULESETS)
def test_the_search_bot_plays_every_ruleset(name):
    """A hand-bounded game with the search bot in every seat (tiny budget): only legal moves, hands end."""
    game = load(name)
    st = game.new_state(seed=5)
    bots = make_bots(["mcts:3"] * game.players, 5)
    while not st.over and len(st.hands) < 1:
        move = bots[st.to_act].choose(st)
        assert move in st.legal_moves()
        st.apply_move(move)
    assert st.hands


def test_the_search_bot_beats_random():
    """The search side takes more hand points than random bots (Hokm, both sides, six hands each)."""
    game = load("hokm")
    margin = 0
    for side in (0, 1):
        kinds = ["mcts:40" if game.side_of[s] == side else "random" for s in range(4)]
        st = game.new_state(seed=side)
        bots = make_bots(kinds, side)
        while not st.over and len(st.hands) < 6:
            st.apply_move(bots[st.to_act].choose(st))
        margin += sum(h["points"][side] - h["points"][1 - side] for h in st.hands)
    assert margin > 0


def test_bot_specs():
    assert parse_spec("mcts:200", 2) == ["mcts:200", "mcts:200"]
    assert parse_spec("MCTS, greedy", 2) == ["mcts", "greedy"]
    bots = make_bots(["mcts:7", "mcts"], 0)
    assert isinstance(bots[0], SearchBot) and bots[0].search.iterations == 7
    assert bots[1].search.iterations > 7
    for bad in ("mcts:0", "mcts:x", "greedy:5", "mcts:", "alphazero"):
        with pytest.raises(BotSpecError):
            parse_spec(bad, 2)


def test_hints_name_legal_actions_best_first():
    st = load("pasur").new_state(seed=4)
    found = hints(st, st.to_act, k=2, iterations=40)
    assert 1 <= len(found) <= 2
    assert all(text in st.legal_actions() and isinstance(value, float) for text, value in found)
    assert hints(st, (st.to_act + 1) % 2) == []


def test_hints_are_listed_best_first_as_their_figures_say():
    """Oh Hell, seed 2, the first bid: `hint: bid 0 (−1.4 points) · bid 1 (−0.7 points)` — listed by how much
    the search tried each, against the figures shown beside them (a new user's audit)."""
    st = load("oh-hell").new_state(seed=2)
    found = hints(st, st.to_act, seed=f"{st.seed}/{len(st.log)}")  # as the table asks
    assert sorted(text for text, _ in found) == ["bid 0", "bid 1"]
    assert [v for _, v in found] == sorted((v for _, v in found), reverse=True), found


def test_a_hint_when_only_a_pass_is_left_is_the_pass():
    """Shelem: after a bid of the highest contract, the next seat may only pass; `hint` at the table crashed
    there (the lowest raise of no raises) and ended the game with an internal error."""
    st = load("shelem").new_state(seed=1)
    while not any(a.startswith("bid") for a in st.legal_actions()):
        st.apply(st.legal_actions()[0])
    st.apply(max((a for a in st.legal_actions() if a.startswith("bid")), key=lambda a: int(a.split()[1])))
    assert st.legal_actions() == ["pass"]
    assert hints(st, st.to_act, iterations=20) == [("pass", 0.0)]


def test_a_bid_hint_says_what_each_bid_loses_against_the_best():
    """Spades (X3): playouts bid nil for the other side, whose failures once made every opening bid look
    worth +200 points; a bid hint is now each bid against the best, the best first at 0."""
    st = load("spades").new_state(seed=2)
    found = hints(st, st.to_act, iterations=40)
    assert len(found) == 3 and all(text.startswith("bid ") for text, _ in found)
    assert found[0][1] == 0 and all(-60 < value <= 0 for _, value in found)
    assert [v for _, v in found] == sorted((v for _, v in found), reverse=True)


def test_cards_a_seat_passed_stay_where_it_knows_they_are():
    """Y3: a passer knows which cards went to whom; a deal of the unseen cards keeps them there."""
    st = load("hearts").new_state(seed=4)
    rng = random.Random(1)
    while "known_at" not in st.phase:
        st.apply_move(rng.choice(st.legal_moves()))
    for seat in range(4):
        mine = [(c, z, i) for c, (z, i, s) in st.phase["known_at"].items() if s == seat]
        assert len(mine) == 3
        for _ in range(5):
            dealt = Seat(st, seat).sample(rng)
            assert all(c in dealt.zones[z][i] for c, z, i in mine)


def test_a_turned_card_turned_down_stays_in_the_kitty_in_every_deal_a_bot_makes():
    """Euchre (rulesets/euchre.yaml, step "turn down"): after all pass the turned card goes face down on the
    kitty in the open, so every seat knows it is out of play; a bot's deals of the unseen cards once put it
    in a hand four times in five."""
    game = load("euchre")
    for seed in (16, 17):
        st, rng, turned = game.new_state(seed=seed), random.Random(seed), None
        while not (turned is not None and turned in st.zones["stock"] and st.to_act >= 0):
            turned = st.zones["turned"][0] if st.zones["turned"] else turned
            st.apply_move(rng.choice(st.legal_moves()))
        seat = Seat(st)
        assert all(turned in seat.sample(random.Random(k)).zones["stock"] for k in range(20))


WHIST_TAKE_UP = """\
name: take-up
players: 4
partnerships: true
deck: {}
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  turned: {visible: all}
  trick: {visible: all}
  won: {owner: side, visible: all}
counters:
  tricks: {owner: side}
vars:
  trump: {type: suit, visible: all}
hand:
  - name: deal
    deal:
      - {to: hand, count: 12, at_a_time: 1}
      - {to: hand, count: 1, seats: others}
      - {to: turned, count: 1}
  - {name: trump, set: {trump: top(turned).suit}}
  - name: take up
    collect: {from: turned, to: hand, seat: dealer}
  - name: tricks
    play: {mode: trick, leader: next(dealer), follow: true, trump: trump, tricks: tricks,
           order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]}
scoring:
  - {name: odd tricks, points: "if tricks > 6 then tricks - 6 else 0"}
game: {target: 5, next_dealer: next(dealer)}
"""


def test_a_face_up_card_taken_into_a_hand_is_where_every_seat_saw_it_go(tmp_path):
    """Whist (docs/language.md, `collect`): the dealer takes up the turned trump card in the open; every deal of the
    unseen cards a bot makes leaves it in the dealer's hand (it once lay there in a third of them)."""
    path = tmp_path / "take-up.yaml"
    path.write_text(WHIST_TAKE_UP, encoding="utf-8")
    st = load(path).new_state(seed=1)
    turned = st.decks[0][-1]  # the last card dealt, to the turned zone
    assert turned in st.zones["hand"][st.dealer]
    rng = random.Random(0)
    for seat in range(4):
        assert all(turned in Seat(st, seat).sample(rng).zones["hand"][st.dealer] for _ in range(20))


@pytest.mark.parametrize("bury_turned", [True, False])
def test_a_card_seen_taken_up_lies_in_hand_or_among_the_face_down_discards(tmp_path, bury_turned):
    """The dealer takes up the turned card in the open, then discards one card face down: the others cannot
    tell whether the taken-up card went, but know it lies in the hand or the discard. A bot's deals once kept it
    in the dealer's hand whenever it was still there, and put it anywhere when it was buried (which told the bot
    which card was buried); now it lies in one of the two in every deal, buried as often as any card of the
    dealer's 14 (1 in 14), whichever card went."""
    path = tmp_path / "bury.yaml"
    path.write_text(WHIST_TAKE_UP.replace("  turned: {visible: all}\n", "  turned: {visible: all}\n  buried: {owner:"
                                          " seat, visible: owner}\n")
                    .replace("  - name: tricks\n", "  - name: bury\n    exchange: {who: dealer, discard: 1, to:"
                                                   " buried}\n  - name: tricks\n"), encoding="utf-8")
    st = load(path).new_state(seed=1)
    turned, dealer = st.decks[0][-1], st.dealer
    held = st.zones["hand"][dealer]
    st.apply(f"discard {C.NAMES[turned if bury_turned else next(c for c in held if c != turned)]}")
    rng = random.Random(0)
    for seat in range(4):
        if seat == dealer:
            continue
        deals = [Seat(st, seat).sample(rng) for _ in range(280)]
        buried = sum(turned in d.zones["buried"][dealer] for d in deals)
        assert all(turned in d.zones["hand"][dealer] or turned in d.zones["buried"][dealer] for d in deals)
        assert 8 <= buried <= 35, buried  # 20 expected


def euchre_picked_up(seed: int, bury_turned: bool):
    """Euchre (rulesets/euchre.yaml) dealt by `seed`: the first seat orders the turned card up, the dealer takes
    it and discards it or another card face down. The state, the turned card and the dealer."""
    st = load("euchre").new_state(seed=seed)
    turned, dealer = st.zones["turned"][0], st.dealer
    st.apply("order")
    st.apply("together")
    held = st.zones["hand"][dealer]
    st.apply(f"discard {C.NAMES[turned if bury_turned else next(c for c in held if c != turned)]}")
    return st, turned, dealer


@pytest.mark.parametrize("bury_turned", [True, False])
def test_the_euchre_dealers_taken_up_card_stays_in_hand_or_discard_in_every_deal(bury_turned):
    """Euchre: the turned card the dealer takes up was seen by all going into the dealer's hand; after the face-down
    discard it lies in the hand or the discard, 1 time in 6 in the discard (as any of the six cards), whichever
    card went. The deals once put it anywhere among the unseen cards (in the dealer's hand 1 time in 4)."""
    st, turned, dealer = euchre_picked_up(0, bury_turned)
    rng = random.Random(0)
    for seat in range(4):
        if seat == dealer:
            continue
        deals = [Seat(st, seat).sample(rng) for _ in range(300)]
        places = Counter("hand" if turned in d.zones["hand"][dealer] else
                         "discard" if turned in d.zones["discards"][dealer] else "elsewhere" for d in deals)
        assert places["elsewhere"] == 0, places
        assert 30 <= places["discard"] <= 75, places  # 50 expected


@pytest.mark.parametrize("bury_turned", [True, False])
def test_the_taken_up_card_goes_with_a_hand_set_aside_whichever_card_was_buried(bury_turned):
    """Euchre, the dealer's partner alone: the dealer's hand, the taken-up card perhaps in it, is set aside face
    down (`out`). The deals tested the note against where the card truly lay: buried, always in the discard;
    kept, anywhere, the lone maker's hand too (a review: two states alike to the seat, and bots choosing
    otherwise). The note goes with the hand: in the cards set aside or the discard, whichever went."""
    st = load("euchre").new_state(seed=0)
    turned, dealer = st.zones["turned"][0], st.dealer
    for action in ("pass", "order", "alone"):
        st.apply(action)
    held = st.zones["hand"][dealer]
    st.apply(f"discard {C.NAMES[turned if bury_turned else next(c for c in held if c != turned)]}")
    assert not st.zones["hand"][dealer] and st.zones["out"]  # the dealer sits the hand out
    rng = random.Random(0)
    deals = [Seat(st, 0).sample(rng) for _ in range(300)]
    places = Counter("out" if turned in d.zones["out"] else
                     "discard" if turned in d.zones["discards"][dealer] else "elsewhere" for d in deals)
    assert places["elsewhere"] == 0 and 25 <= places["discard"] <= 75, places  # 50 expected: 1 card in 6


def test_a_card_taken_up_is_among_the_discards_once_the_dealer_shows_a_void_in_its_suit(tmp_path):
    """With the taken-up card in the dealer's hand or face-down discard, a dealer who fails to follow its suit
    shows it discarded: every deal puts it there (the voids and the two places agree)."""
    path = tmp_path / "bury.yaml"
    path.write_text(WHIST_TAKE_UP.replace("  turned: {visible: all}\n", "  turned: {visible: all}\n  buried: {owner:"
                                          " seat, visible: owner}\n")
                    .replace("  - name: tricks\n", "  - name: bury\n    exchange: {who: dealer, discard: 1, to:"
                                                   " buried}\n  - name: tricks\n"), encoding="utf-8")
    game, found = load(path), 0
    for seed in range(40):
        st = game.new_state(seed=seed)
        turned, dealer = st.decks[0][-1], st.dealer
        st.apply(f"discard {C.NAMES[turned]}")
        rng = random.Random(seed)
        while st.zones["hand"][dealer]:  # (a card short: the hand is not played to its end)
            void = st.trick_state.voids.get(("hand", dealer), 0) >> C.SUIT[turned] & 1
            if void and st.to_act not in (dealer, -1):
                found += 1
                assert all(turned in Seat(st).sample(rng).zones["buried"][dealer] for _ in range(10))
                break
            st.apply_move(rng.choice(st.legal_moves()))
    assert found >= 3, found


def test_a_shuffle_forgets_where_cards_were_seen_to_go(tmp_path):
    """Where a hand shuffles again after a face-up card went to a hand, every card is gathered: where it lay
    is known no more. The note once outlived the shuffle, and a bot's deals kept a card in the dealer's hand
    whenever the new deal happened to put it there (a review)."""
    path = tmp_path / "two-deals.yaml"
    path.write_text(WHIST_TAKE_UP.replace("  - name: tricks\n", "  - name: deal again\n    deal: [{to: hand,"
                                          " count: 13, at_a_time: 1}]\n  - name: tricks\n"), encoding="utf-8")
    game = load(path)
    assert [step.name for step in game.steps][-2:] == ["deal again", "tricks"]
    for seed in range(20):
        st = game.new_state(seed=seed)
        assert not st.phase.get("known_at"), seed


def test_greedy_bids_by_the_hand_it_holds():
    """Shelem (S3–S5): an opening bid gains nothing at once, so greedy looks ahead, judging the hand it
    holds as declarer against a typical declarer. It opens at the lowest bid on some hands and passes the
    others, and the hands it opens on hold more counting cards (aces, tens, fives; aces counted twice as
    trick winners) than those it passes. Bidding at random, as it once did, passes 1 hand in 15 and opens
    at 165 as often as at 100."""
    game = load("shelem")
    opened, passed = [], []
    for seed in range(40):
        st = game.new_state(seed=seed)
        move = make_bots(["greedy"] * 4, seed)[st.to_act].choose(st)
        hand = [C.NAMES[c] for c in st.zones["hand"][st.to_act]]
        strength = sum(n[:-1] in ("A", "10", "5") for n in hand) + sum(n[:-1] == "A" for n in hand)
        (passed if move is None else opened).append(strength)
        assert move in (None, 100)
    assert 10 <= len(opened) <= 30
    assert sum(opened) / len(opened) > sum(passed) / len(passed) + 1


def test_a_first_bidder_values_nil_on_a_hand_that_takes_nothing():
    """Spades (X3, X5): the first partner to bid, holding nothing above 10♠ (seed 1994), finds nil worth
    most. Its partner, yet to bid, was taken to bid alike, so a nil made the side's contract nothing, a
    double nil, and the first partner never bid nil (none in 1,200 first bids; a bot audit)."""
    from interpreter.search import Search

    st = load("spades").new_state(seed=1994)
    assert not any(C.NAMES[c][:-1] in ("A", "K", "Q", "J") for c in st.zones["hand"][st.to_act])
    seat = Seat(st)
    search = Search(600, random.Random(5))
    values = search.bid_values(seat, seat.legal_moves(), search.partners_to_bid(seat))
    assert search.partners_to_bid(seat) and max(values, key=values.get) == 0


def test_greedy_bids_in_oh_hell_are_not_a_coin_toss():
    """Oh Hell (Z3): greedy's bid on an 11-card hand is the same, give or take one, whatever its random stream.
    It bid by a tree of 5 deals of 20 playouts spread over up to 12 bids, and one hand drew bids from 0 to 9
    (a bot audit: 19 bids of the whole hand in 1,920); now each of 100 deals is scored for every bid.
    Head to head against that greedy (one seat of four, 40 seeds of 13 hands): 57 games of 157 won and
    +0.9 points a hand."""
    from interpreter.bots import GreedyBot

    game = load("oh-hell")
    for seed in (3, 5, 8):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while len(st.hands) < 10 or not st.legal_actions()[0].startswith("bid"):
            st.apply_move(rng.choice(st.legal_moves()))
        bids = [GreedyBot(random.Random(k)).choose(st) for k in range(16)]
        assert max(bids) - min(bids) <= 1, (seed, sorted(bids))


def suit_lengths(cards) -> list[int]:
    return [sum(C.SUIT[c] == s for c in cards) for s in range(4)]


def test_greedy_names_the_suit_it_holds_most_of():
    """Hokm (H5): the hakem names trump from his first five. Naming gains nothing at once, so greedy once
    named a suit at random — in 1 hand of 5 a suit it did not hold. It names the suit it holds most of,
    the strongest of those tied (H1's order)."""
    game = load("hokm")
    power = next(s for s in game.steps if s.name == "tricks").power
    for seed in range(40):
        st = game.new_state(seed=seed)
        assert game.steps[st.step].name == "trump"
        suit = make_bots(["greedy"] * 4, seed)[st.to_act].choose(st)
        held = st.zones["hand"][st.to_act]
        strength = [(n, sum(power[c] for c in held if C.SUIT[c] == s)) for s, n in enumerate(suit_lengths(held))]
        assert strength[suit] == max(strength), (seed, strength, suit)


def test_greedy_declares_trump_by_leading_the_top_of_its_longest_suit():
    """Shelem (S7): the hakem's first lead makes its suit trump. Greedy leads the highest card of the suit
    it holds most of; it once led any card (half its leads were not in its longest suit)."""
    for name in ("shelem", "shelem-2p"):
        game = load(name)
        leads = 0
        for seed in range(12):
            st = game.new_state(seed=seed)
            bots = make_bots(["greedy"] * game.players, seed)
            while not st.over and not st.trick_state.seats:
                step = game.steps[st.step]
                declaring = getattr(step, "declare_trump", None) and st.vars[step.declare_trump] == C.NO_SUIT
                move = bots[st.to_act].choose(st)
                if declaring:
                    held = st.zones[step.first_sources[0]][st.to_act]
                    lengths, card = suit_lengths(held), move & 63
                    assert lengths[C.SUIT[card]] == max(lengths), (name, seed)
                    same_suit = [c for c in held if C.SUIT[c] == C.SUIT[card]]
                    assert step.power[card] == max(step.power[c] for c in same_suit), (name, seed)
                    leads += 1
                st.apply_move(move)
        assert leads >= 10, name


def test_auctions_between_bots_seldom_throw_the_hand_in():
    """Shelem (S5: all pass, deal again): greedy bots bid their better hands, never over their own
    partner (S4: the last bidder is hakem, so raising a partner only raises the side's contract), and
    few deals are thrown in. Judging bids by tiny trees over random playouts, they once threw in 63% of
    the deals and partners raised each other to 165."""
    game = load("shelem")
    deals = thrown = 0
    for seed in range(2):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy"] * 4, seed)
        while not st.over and len(st.hands) < 6:
            step = st.game.steps[st.step]
            move = bots[st.to_act].choose(st)
            if isinstance(step, Auction) and move is not None:
                high = step.high_bidder(st)
                assert high < 0 or game.side_of[high] != game.side_of[st.to_act]
            st.apply_move(move)
        deals += len(st.hands) + st.redeals
        thrown += st.redeals
    assert thrown <= deals // 4


def test_where_the_lowest_total_wins_bots_shun_points():
    """Hearts (Y8: the lowest total wins): greedy takes fewer points a hand than the random seats, and the
    search's margins count a side's points against it. Counting points as gains, greedy took 18% more than
    the others in these 90 hands; now 7% fewer (greedy sees the trick's result only when it plays last)."""
    game = load("hearts")
    mine = others = 0
    for seed in range(30):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy", "random", "random", "random"], seed)
        while not st.over and len(st.hands) < 3:
            st.apply_move(bots[st.to_act].choose(st))
        for h in st.hands:
            mine += h["points"][0]
            others += sum(h["points"][1:]) / 3
    assert mine < others


def _greedy_hands(game, seeds: int, hands: int) -> list[dict]:
    """The hands greedy bots at every seat finish in games from seeds 0 .. seeds-1, up to `hands` a game."""
    out = []
    for seed in range(seeds):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy"] * 4, seed)
        while not st.over and len(st.hands) < hands:
            st.apply_move(bots[st.to_act].choose(st))
        out += st.hands
    return out


def test_a_partner_who_bids_first_does_not_bid_for_both():
    """Spades (X3: a side's contract is the sum of its partners' bids): each bid is judged on deals played
    out once and scored for every bid, the partner still to bid taken to bid alike. Playouts in which
    the partner bid nil made the first partner bid for the side: 4.6 tricks against the second's 2.0."""
    game = load("spades")
    step = next(s for s in game.steps if isinstance(s, Auction))
    first, second = [], []
    for hand in _greedy_hands(game, seeds=2, hands=6):
        bids, lead = hand["counters"][step.into], (hand["dealer"] + 1) % 4
        first += [bids[lead], bids[(lead + 1) % 4]]
        second += [bids[(lead + 2) % 4], bids[(lead + 3) % 4]]
    assert abs(sum(first) / len(first) - sum(second) / len(second)) < 1



def test_search_never_deals_a_hand_it_does_not_score(monkeypatch):
    """A searched deal stops when its hand is scored: dealing the next hand (a shuffle each playout) took
    about 15% of the search's time, for nothing it looks at."""
    from interpreter.state import State

    game = load("hokm")
    st, rng = game.new_state(seed=3), random.Random(1)
    while st.trick_state.number < 11:  # ten tricks played: most playouts end the hand
        st.apply_move(rng.choice(st.legal_moves()))
    shuffles = []
    real = State.shuffle
    monkeypatch.setattr(State, "shuffle", lambda self: shuffles.append(1) or real(self))
    bot = make_bots(parse_spec("mcts:200", 4), seed=1)[st.to_act]
    assert bot.choose(st) in st.legal_moves()
    assert not shuffles


BLIND = """\
name: blind
description: three players play from hands they may not look at
players: 3
deck: {remove: [2S]}
zones:
  hand: {owner: seat, visible: VISIBLE}
  stock: {visible: none}
  trick: {visible: all}
  won: {owner: seat, visible: all}
counters:
  tricks: {owner: seat}
hand:
  - name: deal
    deal: [{to: hand, count: 17}]
  - name: tricks
    play: {mode: trick, leader: next(dealer), follow: true, trump: H, order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A],
           tricks: tricks}
scoring:
  - {name: tricks, points: "tricks - 5"}
game:
  target: 20
"""


def test_a_seats_own_moves_show_it_the_cards_they_name(tmp_path):
    """A pile played blind from its top: the seat's legal moves name its top card, so the deals it samples keep
    it where it is, and the greedy and search bots can play such a game (they applied moves to deals that had
    moved the cards away). A hand its owner may not see at all is refused at load: its moves would name every
    card hidden from him (a teacher's audit)."""
    path = tmp_path / "blind.yaml"
    path.write_text(BLIND.replace("VISIBLE", "none"), encoding="utf-8")
    with pytest.raises(RulesetError, match="zone 'hand' is visible: none, so its owner does not see the cards"):
        load(path)
    path.write_text(BLIND.replace("VISIBLE", "top"), encoding="utf-8")
    game = load(path)
    st = game.new_state(seed=0)
    named = {st.move_text(m).split()[1] for m in st.legal_moves()}
    for k in range(5):
        deal = Seat(st).sample(random.Random(k))
        assert named <= set(C.names(deal.zones["hand"][st.to_act]))
    for kind in ("greedy", "mcts:20"):
        st, bots = game.new_state(seed=0), make_bots([kind] * 3, 0)
        while not st.over and len(st.hands) < 1:
            st.apply_move(bots[st.to_act].choose(st))
        assert st.hands


def test_with_three_sides_greedy_does_not_outbid_to_the_top():
    """shelem-3p (three players, each for himself): another player declaring was once judged as if his loss
    were this seat's gain, as with two sides, so every bot raised on any hand and each auction went to 180,
    the most there is. A non-declarer's margin is now judged against a typical non-declarer's."""
    game = load("shelem-3p")
    contracts = []
    for seed in range(6):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy"] * 3, seed)
        while st.vars["hakem"] < 0:  # the first auction that is not thrown in
            st.apply_move(bots[st.to_act].choose(st))
        contracts.append(st.vars["contract"])
    assert max(contracts) <= 120, contracts


HOKM_POWER = {r: i for i, r in enumerate([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1])}  # H1: 2 low, A high


def _strength(card: int, trump: int, led: int) -> tuple:
    """H10: a trump beats the suit led, which beats the rest; then the rank (H1)."""
    suit = C.SUIT[card]
    return (2 if suit == trump else 1 if suit == led else 0), HOKM_POWER[C.RANK[card]]


def judged_plays(name: str, seeds: int, hands: int, judge) -> int:
    """Seeded games in which every move is random but those `judge(st, moves)` returns a test for: greedy makes
    those, and its move must pass the test. How many moves were judged."""
    game, checked = load(name), 0
    for seed in range(seeds):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy"] * game.players, seed)
        rng = random.Random(seed)
        while not st.over and len(st.hands) < hands:
            moves = st.legal_moves()
            test = judge(st, moves)
            if test is None:
                st.apply_move(rng.choice(moves))  # bids too: what is judged is the play
                continue
            move = bots[st.to_act].choose(st)
            assert test(move), (name, seed, C.NAMES[move])
            checked += 1
            st.apply_move(move)
    return checked


def test_greedy_follows_as_hokm_players_do():
    """H9, H10: with no points to gain at once, greedy once played any card it could. Following, it now plays
    its weakest card while its partner holds the trick, else the weakest card that takes it, else its
    weakest (strength: trump, then the suit led, then the rank). A bots audit: third hand played low under a
    partner's jack with the king out and its own ace in hand, and the fourth hand's king took it: where a later
    seat of the other side may still beat the partner's card (a card it cannot see does) and a card of the suit
    led makes the trick sure, it plays the weakest such."""

    def judge(st, moves):
        trick = st.zones["trick"]
        if not trick or len(moves) < 2 or max(st.counters["tricks"]) >= 6:  # a trick here may end the hand (H11)
            return None
        trump, led = st.vars["trump"], C.SUIT[trick[0]]
        powers = [_strength(c, trump, led) for c in trick]
        holder = st.trick_state.seats[powers.index(max(powers))]
        taking = [c for c in moves if _strength(c, trump, led) > max(powers)]
        later = [(st.to_act + k) % 4 for k in range(1, 4 - len(trick))]
        unseen = [c for s in range(4) if s != st.to_act for c in st.zones["hand"][s]]

        def sure(power) -> bool:
            return all(s % 2 == st.to_act % 2 for s in later) or not any(_strength(c, trump, led) > power
                                                                          for c in unseen)

        cover = [c for c in taking if C.SUIT[c] == led and sure(_strength(c, trump, led))]
        partner = holder % 2 == st.to_act % 2
        pool = (cover if partner and cover and not sure(max(powers)) else moves) if partner or not taking else taking
        weakest = min(_strength(c, trump, led) for c in pool)
        return lambda move: move in pool and _strength(move, trump, led) == weakest

    assert judged_plays("hokm", 12, 2, judge) >= 100


def test_greedy_ducks_a_trick_once_it_has_its_exact_bid():
    """Z5: only the exact bid scores. A greedy player who has taken its bid, following a trick it need not
    take and not last (so that no card gains or loses points at once), plays a card that does not take it."""

    def judge(st, moves):
        seat, trick, step = st.to_act, st.zones["trick"], st.game.steps[st.step]
        if not (trick and len(moves) > 1 and getattr(step, "tricks", None) and len(trick) < st.game.players - 1
                and st.counters["tricks"][seat] == st.counters["bid"][seat]):  # not last: no points now
            return None
        trump, led = st.vars["trump"], C.SUIT[trick[0]]
        top = max(_strength(c, trump, led) for c in trick)
        if all(_strength(c, trump, led) > top for c in moves):
            return None
        return lambda move: _strength(move, trump, led) < top

    assert judged_plays("oh-hell", 40, 6, judge) >= 20


def _spades_choices(actions: list, seed: int, ducks: bool = True) -> tuple[int, set]:
    """Spades from `seed` after `actions`: the seat to act, and what greedy bots of eight seeds play there (with
    `ducks` off, as before they left a trick to a seat whose taking it costs its side)."""
    st = load("spades").new_state(seed=seed)
    for action in actions:
        st.apply(action)
    chosen = set()
    for k in range(8):
        bot = GreedyBot(random.Random(k))
        bot.duck_sense = ducks
        chosen.add(st.move_text(bot.choose(st)))
    return st.to_act, chosen


def test_greedy_plays_under_a_nil_bidders_trick_rather_than_take_it():
    """X5: a nil (a bid of 0) scores -100 if its bidder takes a trick. Seed 0: seat 1 bid nil; seat 0 leads 2♦,
    seat 1 must play over it (9♦), and seat 2, an opponent holding 5♦ 6♦ 8♦ 10♦ with seat 3 still to play, took
    the trick with the 10♦ as a side wanting tricks does (a bot audit: nils were never broken so, and bid on two
    aces). Judged by the scoring (`bots._whose_trick`: the nil bidder's trick puts seat 2's side 200 ahead, its
    own 0), it now plays under, its highest card that does (8♦)."""
    actions = ["bid 3", "bid 0", "bid 3", "bid 3", "play 2D", "play 9D"]
    assert _spades_choices(actions, 0) == (2, {"play 8D"})
    assert _spades_choices(actions, 0, ducks=False) == (2, {"play 10D"})
    no_nil = ["bid 3", "bid 3", "bid 3", "bid 3", "play 2D", "play 9D"]
    assert _spades_choices(no_nil, 0) == (2, {"play 10D"})  # a trick like any other: taken


def test_greedy_takes_a_trick_from_its_partner_who_bid_nil():
    """X5, seed 1: seat 0 bid nil and leads 8♥, seat 1 plays under (2♥); seat 2, its partner, has no heart and
    seat 3 is still to play. It threw off a small card (3♦ or 3♣), leaving the trick to its partner; it now takes
    it with the least trump (2♠), so that the nil stands unless seat 3 takes it back."""
    actions = ["bid 0", "bid 3", "bid 3", "bid 3", "play 8H", "play 2H"]
    assert _spades_choices(actions, 1) == (2, {"play 2S"})
    assert _spades_choices(actions, 1, ducks=False)[1] <= {"play 3D", "play 3C"}


def test_greedy_leads_low_against_a_nil():
    """X5, seed 0: seat 1 bid nil and seat 0 leads the first trick. Its lead was any card (the trick neither
    wanted nor shunned); against a nil, players lead low, so that the nil bidder may have to take it: its
    weakest card, 2♦. Without a nil out, its lead is as before."""
    assert _spades_choices(["bid 3", "bid 0", "bid 3", "bid 3"], 0) == (0, {"play 2D"})
    assert len(_spades_choices(["bid 3", "bid 0", "bid 3", "bid 3"], 0, ducks=False)[1]) > 1
    assert _spades_choices(["bid 3", "bid 3", "bid 3", "bid 3"], 0) == (0, {"play QH"})


@pytest.mark.parametrize("name", ["hokm", "shelem"])
def test_no_seat_should_be_left_a_trick_where_no_trick_costs_its_taker_more_than_it_gains(name):
    """Where a trick is worth as much to any side that takes it (Hokm's tricks, Shelem's points),
    `_whose_trick` says nobody (0) at every card play of greedy games: ducking changes nothing there. (In
    Hearts it does say -1 for a trick holding points: there the mover shuns the trick anyway.)"""
    from interpreter.bots import _whose_trick
    from interpreter.steps.trick import TrickPlay

    game, judged = load(name), 0
    for seed in range(2):
        st, bots = game.new_state(seed=seed), make_bots(["greedy"] * game.players, seed)
        while not st.over and len(st.hands) < 1:
            step = game.steps[st.step]
            if isinstance(step, TrickPlay) and st.to_act >= 0:
                trick = st.zones[step.trick_zone]
                holder = step.winning_seat(st) if trick else None
                assert _whose_trick(st, step, holder) == 0, (name, seed, trick)
                judged += 1
            st.apply_move(bots[st.to_act].choose(st))
    assert judged >= 40, judged


def test_greedy_does_not_bid_nil_on_a_hand_of_two_aces_and_two_kings(monkeypatch):
    """X5, spades-no-bags seed 6: seats 1 and 2 bid nil, and seat 3, seat 1's partner, holding A♦ A♣ K♦ K♣ Q♠,
    bid nil too (a double nil; a bot audit): its playouts valued nil as sure (61 against 61 for the best
    number), as no opponent ever played under a nil bidder's card. With opponents that do, nil is judged far
    below the best number, and not bid."""
    st = load("spades-no-bags").new_state(seed=6)
    for action in ["bid 5", "bid 0", "bid 0"]:
        st.apply(action)
    assert st.to_act == 3
    for k in ("6/bot/3", "7/bot/3"):
        bot = GreedyBot(random.Random(k))
        values = bot.bidding.judged_bids(Seat(st), st.legal_moves())
        assert values[0] < max(values.values()) - 50, values
        assert GreedyBot(random.Random(k)).choose(st) != 0
    old = GreedyBot(random.Random("6/bot/3"))
    old.bidding.duck_sense = old.bidding.lead_sense = False  # the play of 2026-12-06 (leads too: `wanted_leads`)
    monkeypatch.setattr(bots_module, "taken_unwanted", lambda st, step, moves, strength: [max(moves, key=strength)])
    values = old.bidding.judged_bids(Seat(st), st.legal_moves())
    assert values[0] >= max(values.values()) - 5, values  # as it judged before


def test_greedy_ducks_a_trick_that_holds_points():
    """Y7: hearts and Q♠ taken count against their taker. Following a trick that already holds some, not last
    (no card scores at once), greedy plays a card that does not take it where it can; it once played any."""

    def judge(st, moves):
        trick = st.zones["trick"]
        points = [c for c in trick if C.SUIT[c] == 1 or C.NAMES[c] == "QS"]
        if not (trick and points and len(moves) > 1 and len(trick) < st.game.players - 1):
            return None
        led = C.SUIT[trick[0]]
        top = max(HOKM_POWER[C.RANK[c]] for c in trick if C.SUIT[c] == led)  # Y1, Y6: no trump

        def under(move):
            return C.SUIT[move] != led or HOKM_POWER[C.RANK[move]] < top

        return under if any(under(m) for m in moves) else None

    assert judged_plays("hearts", 30, 2, judge) >= 20


def test_greedy_drops_the_queen_of_spades_on_another_players_trick():
    """Y7: void in the suit led, with another player holding the trick, greedy kept the Q♠ two times in three
    (a bot reviewer); a card's landing — the queen's 13 in another's pile — now decides it."""

    def judge(st, moves):
        trick, queen = st.zones["trick"], C.BY_NAME["QS"]
        if not trick or queen not in moves or any(C.SUIT[m] == C.SUIT[trick[0]] for m in moves):
            return None
        return lambda move: move == queen

    assert judged_plays("hearts", 40, 3, judge) >= 10


def test_greedy_does_not_take_the_queen_of_spades_home_when_a_lower_spade_ducks():
    """Following spades with Q♠ and a spade under the trick's top (4♠ 9♠ led, holding Q♠ 10♠ 7♠), greedy
    played the queen seven times in twenty (a bot reviewer): a card that lands the queen in its own pile."""

    def judge(st, moves):
        trick = st.zones["trick"]
        queen = C.BY_NAME["QS"]
        if not trick or queen not in moves or C.SUIT[trick[0]] != 0 or len(trick) == st.game.players - 1:
            return None
        top = max(HOKM_POWER[C.RANK[c]] for c in trick if C.SUIT[c] == 0)
        if top > HOKM_POWER[C.RANK[queen]] or not any(HOKM_POWER[C.RANK[m]] < top for m in moves):
            return None  # the queen would not take it, or nothing ducks
        return lambda move: move != queen

    assert judged_plays("hearts", 60, 3, judge) >= 5


@pytest.mark.parametrize("hakems", [True, False])
def test_greedy_gives_no_points_to_a_trick_it_cannot_take(hakems):
    """S9, S12: 5s, 10s and aces count for whoever takes them, and the hakem's opponents score what they take.
    The hakem's side following a trick an opponent holds, with no card that takes it, gave it its weakest
    card, often a counting 5 (a bot reviewer); it now keeps it. The hakem's opponents did the same under a
    trick of the hakem's side short of its contract, where a card given counts for nothing now (a bot audit:
    8 in 179): where cards land alike by the score now, the one worth least to its taker goes."""
    worth = {5: 5, 10: 10, 1: 10}

    def judge(st, moves):
        trick, seats = st.zones["trick"], st.trick_state.seats
        if not trick or len(moves) < 2 or (st.to_act % 2 == st.vars["hakem"] % 2) != hakems:
            return None
        step = st.game.steps[st.step]
        powers = [step.power_now(st, c) for c in trick]
        holder = seats[powers.index(max(powers))]
        if holder % 2 == st.to_act % 2 or any(step.power_now(st, m) > max(powers) for m in moves):
            return None
        least = min(worth.get(C.RANK[m], 0) for m in moves)
        return lambda move: worth.get(C.RANK[move], 0) == least

    assert judged_plays("shelem", 12, 2, judge) >= 30


def test_the_search_bot_keeps_its_high_cards_under_a_trick_it_cannot_take():
    """H9, H10: following to a trick an opponent holds with no card that takes it, any card loses the trick, and
    the search bot's playouts could seldom tell a king from a two: it threw high cards at random (a bot audit:
    16 in 100 such plays; the king of hearts under a ruffed first trick). Among the moves its playouts cannot
    tell apart it now plays as a player would: the weakest (measured: 42% of these plays, now 95%)."""
    game, judged, weakest = load("hokm"), 0, 0
    for seed in range(6):
        st, bots = game.new_state(seed=seed), make_bots(["mcts:100"] * 4, seed)
        while not st.hands:
            moves, step, trick = st.legal_moves(), game.steps[st.step], st.zones["trick"]
            move = bots[st.to_act].choose(st)
            if trick and len(moves) > 1:
                powers = [step.power_now(st, c) for c in trick]
                holder = st.trick_state.seats[powers.index(max(powers))]
                if holder % 2 != st.to_act % 2 and all(step.power_now(st, m) < max(powers) for m in moves):
                    judged += 1
                    weakest += move == min(moves, key=lambda m: (step.power_now(st, m), step.power[m]))
            st.apply_move(move)
    assert judged >= 40 and weakest >= 0.85 * judged, (judged, weakest)


def test_greedy_keeps_its_aces_and_its_long_suit_in_the_widow_discards():
    """S6: the discards count for the hakem, so greedy banked aces and trumps at once (17 aces and 34 trumps in
    40 hands, a bot reviewer). It now discards neither the best card of a suit nor the suit it holds most,
    which it then makes trump by leading it."""
    game = load("shelem")
    for seed in range(25):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy"] * 4, seed)
        while not st.over and not st.legal_actions()[0].startswith("discard"):
            st.apply_move(bots[st.to_act].choose(st))
        discards = []
        while st.legal_actions()[0].startswith("discard"):
            move = bots[st.to_act].choose(st)
            discards.append(move)
            st.apply_move(move)
        lead = bots[st.to_act].choose(st)
        assert not any(C.RANK[c] == 1 for c in discards), (seed, [C.NAMES[c] for c in discards])
        assert not any(C.SUIT[c] == C.SUIT[lead] for c in discards), (seed, [C.NAMES[c] for c in discards])


def greedy_against(judge, seeds: int) -> tuple[int, float]:
    """Pasur between greedy and an older greedy whose capture is `judge(sample, moves)` on one deal of the unseen
    cards (a subclass), each seed in both seatings: greedy's games won, and its mean margin a hand."""
    from interpreter.bots import GreedyBot

    class Older(GreedyBot):
        def decide(self, seat):
            moves = seat.legal_moves()
            if len(moves) == 1:
                return moves[0]
            moves = judge(seat.sample(self.rng), moves)
            return moves[0] if len(moves) == 1 else self.rng.choice(moves)

    game, wins, margin = load("pasur"), 0, 0.0
    for seed in range(seeds):
        for new in (0, 1):
            st = game.new_state(seed=seed)
            bots = [(GreedyBot if s == new else Older)(random.Random(f"{seed}/{s}/{new}")) for s in range(2)]
            while not st.over:
                st.apply_move(bots[st.to_act].choose(st))
            wins += st.winner == new
            margin += sum(h["points"][new] - h["points"][1 - new] for h in st.hands) / len(st.hands)
    return wins, margin / (2 * seeds)


def test_greedy_weighs_the_next_players_reply_in_a_fishing_game():
    """P13-P16: a capture that leaves the next player a sur (a sweep) is worth less than it looks. Greedy judged a
    capture by its points now alone and left a table the next player could sweep in 70% of the cases it could
    have avoided (a bot reviewer). Head to head against that greedy, over 30 seeds in both seatings, it wins
    more games and more points a hand."""
    from interpreter.bots import best_moves_now

    wins, margin = greedy_against(best_moves_now, 30)
    assert wins > 30 and margin > 0.5, (wins, margin)  # measured: 37 of 60, +1.9 a hand


def test_greedy_weighs_every_hand_the_next_player_may_hold():
    """P13-P16: judged on one deal of the unseen cards, the next player's reply missed most sweeps it could make
    (the deal seldom gives it the very card): greedy left a sur it could have avoided at no cost in 18 of 100
    such plays (a bot audit; 2 now). It now weighs the cards the next player may hold (a random dozen of them),
    and the worst reply of a hand of them on average. Head to head against greedy that judged one deal, in
    both seatings (measured: 42 of 60 games, +2.8 points a hand; weighing every card, 45 and +2.9)."""
    from interpreter.bots import best_after_reply

    wins, margin = greedy_against(best_after_reply, 12)
    assert wins > 14 and margin > 1.0, (wins, margin)


def test_greedy_follows_with_its_weakest_card_where_the_trick_does_not_matter_to_it():
    """Following to a trick its side neither wants nor shuns, of the cards that land alike greedy plays the
    weakest, keeping its trumps and high cards (it chose among them at random, and trumped a partner's sure
    winner holding small cards of other suits; a bot audit). Head to head against that greedy: Spades +0.8
    and +1.4 points a hand (480 hands each), Ghahveh +2.2, Shelem +3.3, Hokm and Euchre even."""
    from interpreter.bots import GreedyBot, best_landing, best_moves_now, trick_wish
    from interpreter.steps.trick import TrickPlay

    game, found = load("spades"), 0
    for seed in range(12):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and not st.hands:
            step = game.steps[st.step]
            moves = st.legal_moves()
            if isinstance(step, TrickPlay) and st.zones[step.trick_zone] and len(moves) > 1 \
                    and trick_wish(st, step) == 0:
                def strength(m, step=step, st=st):
                    return step.power_now(st, m & 63), step.power[m & 63]
                best = best_landing(st, step, best_moves_now(st, moves))
                if len({strength(m) for m in best}) > 1:
                    weakest = min(strength(m) for m in best)
                    assert strength(GreedyBot(random.Random(seed)).choose(st)) == weakest
                    found += 1
            st.apply_move(rng.choice(moves))
    assert found >= 5, found


HIGHEST_DECLARES = """\
name: highest declares
players: 4
partnerships: true
deck: {}
zones:
  hand: {owner: seat, visible: owner}
  stock: {visible: none}
  trick: {visible: all}
  won: {owner: side, visible: all}
counters:
  tricks: {owner: side}
  bid: {owner: seat}
vars:
  declarer: {type: seat, visible: all}
  contract: {type: int, visible: all}
  trump: {type: suit}
hand:
  - name: deal
    deal: [{to: hand, count: 13, at_a_time: 1}]
  - name: bidding
    auction: {style: each, first: next(dealer), min: 0, max: 13, into: bid,
              forbid_if: "offer > 0 and (offer < 7 or offer <= max(max(bid(0), bid(1)), max(bid(2), bid(3))))"}
  - name: all passed
    redeal: {if: "max(max(bid(0), bid(1)), max(bid(2), bid(3))) == 0", to: deal}
  - name: contract
    set:
      contract: "max(max(bid(0), bid(1)), max(bid(2), bid(3)))"
      declarer: >-
        if bid(0) == contract then 0 else if bid(1) == contract then 1 else if bid(2) == contract then 2 else 3
  - name: trump
    choose: {who: declarer, verb: trump, options: suits, sets: trump}
  - name: tricks
    play: {mode: trick, leader: declarer, follow: true, trump: trump, tricks: tricks,
           order: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]}
scoring:
  - name: hand points
    points: >-
      if side == side(declarer) then (if tricks >= contract then tricks else 0 - contract)
      else (if opp(tricks) >= contract then 0 else tricks)
game: {target: 31, next_dealer: next(dealer)}
"""


def test_where_the_highest_bid_declares_a_bot_bids_on_a_hand_of_sure_tricks(tmp_path):
    """Tarneeb's one round of bids, the highest declaring (a house-rule author's audit): the bots scored one
    play-out after a pass for every bid, as where bids only score (Spades); here the bids decide who declares,
    and with all passing every deal was thrown in, so every bid was worth 0 and no bot ever bid, even on
    thirteen sure tricks. Such an auction is judged by the tree, which plays each bid out."""
    path = tmp_path / "highest.yaml"
    path.write_text(HIGHEST_DECLARES, encoding="utf-8")
    game = load(path)
    assert [s.name for s in game.steps if getattr(s, "bids_steer", False)] == ["bidding"]
    assert not any(getattr(s, "bids_steer", False) for p in ("spades", "ghahveh", "oh-hell") for s in load(p).steps)
    strong = [C.card_id(c) for c in "AS KS QS JS 10S 9S 8S AH KH AD KD AC KC".split()]
    rest = [c for c in range(52) if c not in strong]
    order = [strong[i // 4] if i % 4 == 0 else rest[i - i // 4 - 1] for i in range(52)]
    st = game.new_state(seed=1, shuffles=[order])
    assert sorted(st.zones["hand"][st.to_act]) == sorted(strong)
    for kind in ("greedy", "mcts:200"):
        bid = make_bots([kind] * 4, 1)[st.to_act].choose(st)
        assert bid >= 7, (kind, bid)


@pytest.mark.parametrize("kind", ["greedy", "mcts:10"])
def test_bidders_judge_a_bid_that_ends_the_hand(kind, tmp_path):
    """A hand whose play never runs ends with its last bid: the bidders' look ahead scores it there, where it
    used to play on past the hand's end (an IndexError; found by the fuzzer in a Ghahveh mutant)."""
    from interpreter.simulate import play_one

    (tmp_path / "bids.yaml").write_text("extends: ghahveh\nname: bids only\nhand:\n  - name: tricks\n"
                                        "    when: hand_number < 0\n", encoding="utf-8")
    game = load(tmp_path / "bids.yaml")
    st = play_one(game, 0, [kind] * game.players, max_hands=1)
    assert len(st.hands) == 1 and st.hands[0]["counters"]["tricks"] == [0, 0]


# ---- a bot audit: bids and choices that ran against the hand, cards all saw and bots forgot ---------------------

def strength_of(hand) -> int:
    """Counting cards (aces, tens, fives), aces twice as trick winners: as test_greedy_bids_by_the_hand_it_holds."""
    names = [C.NAMES[c] for c in hand]
    return sum(n[:-1] in ("A", "10", "5") for n in names) + sum(n[:-1] == "A" for n in names)


@pytest.mark.parametrize("kind", ["greedy", "mcts:40"])
def test_where_all_passing_makes_the_opener_declare_bids_still_follow_the_hand(kind):
    """Shelem with the opener made to take the hand at 100 when all pass (a house rule, S5): the playouts' other
    seats pass, so a pass led to the same contract as a bid, and an audit found bids running against the hand
    (a correlation of -0.15 between the highest bid and the high cards held; +0.30 in Shelem). Where nobody has
    bid, a pass is judged as one that throws the hand in: the hands the first seats open on are the stronger."""
    game = load("shelem-forced-opener")
    opened, passed = [], []
    for seed in range(24 if kind == "greedy" else 12):
        st = game.new_state(seed=seed)
        for _ in range(seed % 3):  # the opener, or a seat after one or two passes
            st.apply("pass")
        move = make_bots([kind] * 4, seed)[st.to_act].choose(st)
        (passed if move is None else opened).append(strength_of(st.zones["hand"][st.to_act]))
    assert opened and passed, (opened, passed)
    assert sum(opened) / len(opened) > sum(passed) / len(passed) + 1, (opened, passed)


def test_where_the_lowest_bid_makes_a_typical_opening_a_sure_loss_few_hands_open(tmp_path):
    """Shelem with bids from 150 (a house rule under study): with greedy's play a typical opening there loses about
    200 points, and a pass by all throws the hand in, worth 0; but an opening was judged against a typical one
    taken as even (`declarer_base`), so greedy opened about half its hands at 150 as at 100, and a study of the
    rule measured nothing. Now a typical opening's sure loss in bots' play counts against opening
    (`search.opening_bar`): few hands open at 150; at 100 the bar is 0 and the hands open as before."""
    from interpreter.search import opening_bar

    (tmp_path / "high.yaml").write_text("extends: shelem\nname: high\nhand:\n  - name: bidding\n"
                                        "    auction: {min: 150}\n", encoding="utf-8")
    opened = {}
    for name in ("shelem", tmp_path / "high.yaml"):
        game = load(name)
        index = next(i for i, s in enumerate(game.steps) if s.name == "bidding")
        opened[name] = 0
        for seed in range(16):
            st = game.new_state(seed=seed)
            for _ in range(seed % 3):  # the opener, or a seat after one or two passes
                st.apply("pass")
            opened[name] += make_bots(["greedy"] * 4, seed)[st.to_act].choose(st) is not None
        opened[name, "bar"] = opening_bar(game, index)
    assert opened["shelem", "bar"] == 0 and opened[tmp_path / "high.yaml", "bar"] < -100, opened
    assert opened["shelem"] >= 4 and opened[tmp_path / "high.yaml"] <= 1, opened


@pytest.mark.xfail(strict=True, reason="deals are drawn without regard to the bids heard (docs/bots.md)")
def test_a_seat_facing_an_opponents_bid_raises_on_the_stronger_hands():
    """Shelem (S4): facing an opponent's 100, greedy should raise on its stronger hands and pass its weaker. It does
    not: the deals it plays out ignore the bid, so the bidder is taken to hold a typical hand, and the stronger the
    seat's own hand, the surer the bidder seems to fail, which a pass leaves it to do (raised on 2.9 counting cards
    a hand, passed on 3.6). Judging the raise on playouts played as players play did not mend it; deals weighed by
    the bid, on playouts that name trump and discard as players do, did, but made the bots weaker, and greedy's own
    play of the real deals shows raising no better on the stronger hands (docs/bots.md, 2026-12-06). Strict: once a
    change the bots are not weaker for makes it pass, the marker is to go."""
    game = load("shelem")
    raised, passed = [], []
    for seed in range(40):
        st = game.new_state(seed=seed)
        st.apply("bid 100")
        move = make_bots(["greedy"] * 4, seed)[st.to_act].choose(st)
        (passed if move is None else raised).append(strength_of(st.zones["hand"][st.to_act]))
    assert raised and passed, (raised, passed)
    assert sum(raised) / len(raised) > sum(passed) / len(passed) + 0.5, (raised, passed)


@pytest.mark.parametrize("name, step", [("hokm-no-trump", "trump"), ("euchre-stick-the-dealer", "name trump")])
def test_a_suit_chosen_over_no_trump_or_a_pass_is_the_one_held_most(name, step):
    """Where a choice offers no trump (Hokm with no trump, a house rule) or a pass (Euchre's second round)
    besides the suits, greedy looks ahead, and its few playouts named a suit it held no card of (11 of 127);
    and Euchre's dealer made to name a suit (stick the dealer: the pass struck out) was taken to have a pass
    left. A suit it names is one it holds most of."""
    game = load(name)
    named = 0
    for seed in range(300):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and not st.hands and game.steps[st.step].name != step:
            st.apply("pass" if "pass" in st.legal_actions() else rng.choice(st.legal_actions()))  # to the naming
        if st.over or st.hands:
            continue
        held = st.zones["hand"][st.to_act]
        suit = make_bots(["greedy"] * game.players, seed)[st.to_act].choose(st)
        if suit != C.NO_SUIT:
            named += 1
            trumps = trumps_if_named(st, game.steps[st.step], held)  # a bower is a trump of its colour's suits
            offered = [s for s in st.legal_moves() if s in trumps]  # (Euchre's second round: not the turned suit)
            assert trumps[suit] == max(trumps[s] for s in offered), (seed, trumps, suit, offered)
        if named >= 12:
            break
    assert named >= 12


def test_greedy_keeps_a_shown_card_worth_more_than_the_next_and_burns_a_low_one():
    """Hokm for two (H18): at the draw a player sees the stock's top card and keeps it or burns it for the next.
    Keeping gains nothing at once, so greedy chose at random (it kept a trump honour 44% of the time, a low
    card 49-56%). It keeps a card worth at least the next card on the whole (a trump above any other suit)."""
    game = load("hokm-2p")
    kept = {"trump": [], "high": [], "low": []}
    for seed in range(12):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        bots = make_bots(["greedy"] * 2, seed)
        while not st.over and not st.hands:
            if st.legal_actions() == ["burn", "keep"]:
                top = st.zones["stock"][0]
                trump = st.vars["trump"]
                rank = C.NAMES[top][:-1]
                group = ("trump" if C.SUIT[top] == trump else "high" if rank in ("A", "K") else
                         "low" if rank in ("2", "3", "4", "5") else None)
                move = bots[st.to_act].choose(st)
                if group:
                    kept[group].append(move == "keep")
                st.apply_move(move)
            else:
                st.apply_move(rng.choice(st.legal_moves()))
    assert all(kept["trump"]) and not any(kept["low"]), kept
    assert sum(kept["high"]) >= 0.8 * len(kept["high"]), kept  # an ace or a king: not where trumps abound unseen
    assert min(map(len, kept.values())) >= 5


def test_the_card_a_seat_is_shown_on_the_stock_stays_on_top_in_its_deals():
    """The stock's top card, shown to the seat at a keep-or-burn turn (`view()["shown"]`), lay elsewhere in the
    deals that seat's bots searched (on top in 3-6 of 200): they chose without it."""
    game = load("hokm-2p")
    st, rng = game.new_state(seed=1000), random.Random(1000)
    while st.legal_actions() != ["burn", "keep"]:
        st.apply_move(rng.choice(st.legal_moves()))
    top = st.zones["stock"][0]
    assert st.view(st.to_act)["shown"] == [C.NAMES[top]]
    deals = [Seat(st).sample(random.Random(k)) for k in range(50)]
    assert all(d.zones["stock"][0] == top for d in deals)
    assert len({tuple(d.zones["stock"][1:]) for d in deals}) == 50  # the rest dealt at random
    other = Seat(st, 1 - st.to_act).sample(random.Random(0))  # the other seat is not shown it
    assert Counter(Seat(st, 1 - st.to_act).sample(random.Random(k)).zones["stock"][0] == top
                   for k in range(50))[True] < 10 and other.zones["stock"]


def test_a_jack_all_saw_go_under_the_stock_is_known_in_the_hand_it_is_dealt_to():
    """Pasur (P3): a jack dealt to the table goes under the stock, face up for all to see, and the deal's order
    is public, so all know the hand it is dealt to; with three players the other seats' deals split it between
    the two hands they cannot see."""
    game = load("pasur-3p")
    st, rng = game.new_state(seed=5, listen=True), random.Random(5)
    [jack] = [e["card"] for e in st.events if e["kind"] == "replaced"]
    while not any(jack in h for h in st.zones["hand"]):
        st.apply_move(rng.choice(st.legal_moves()))
    holder = next(i for i, h in enumerate(st.zones["hand"]) if jack in h)
    while st.to_act == holder:
        st.apply_move(rng.choice(st.legal_moves()))
    deals = [Seat(st).sample(random.Random(k)) for k in range(40)]
    assert all(jack in d.zones["hand"][holder] for d in deals)


def test_the_search_bot_calls_a_suit_among_those_its_playouts_left_it():
    """E4: after an eight, a suit is called. Where the playouts cannot tell some calls apart, the search bot
    calls the one of those it holds most; the suit it holds most of all may not be among them (it found no
    call then, and its game stopped: a fuzzer's mutant)."""
    from interpreter.bots import shed_sense

    game = load("crazy-eights")
    for seed in range(40):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and not st.hands and st.legal_moves()[0] not in CALLS:
            st.apply_move(rng.choice(st.legal_moves()))
        moves = st.legal_moves()
        if st.hands or st.over:
            continue
        held = Counter(C.SUIT[c] for c in st.zones["hand"][st.to_act])
        most = max(held.values())
        fewer = [m for m in moves if held[m[1]] < most]
        if len(fewer) > 1 and len({held[m[1]] for m in fewer}) > 1:
            chosen = shed_sense(st, game.steps[st.step], fewer)
            assert chosen and all(held[m[1]] == max(held[f[1]] for f in fewer) for m in chosen)
            return
    pytest.fail("no call found to judge")


def test_a_reply_that_may_win_or_lose_the_game_is_weighed_not_lost(tmp_path):
    """P20: where the next player's reply may end the game either way (a house rule burns 8 cards face down, so
    cards stay unseen to the last reply), greedy's average over its possible hands mixed a game won and one lost
    (inf and -inf: no number), found no best move and stopped the game (a review). Seed 166 is such a game."""
    house = tmp_path / "burn.yaml"
    house.write_text("extends: pasur\nname: burn\nzones:\n  burnt: {visible: none}\nhand:\n  - name: deal\n"
                     "    deal:\n      - {to: burnt, count: 8}\n      - {to: hand, count: 4}\n      - to: table\n"
                     "        count: 4\n        redeal_if: count(dealt[rank == J]) > 1 or count(dealt[rank == Q]) >= 3"
                     " or count(dealt[rank == K]) >= 3\n        replace_if: rank == J\n", encoding="utf-8")
    game = load(house)
    st = game.new_state(seed=166)
    bots = make_bots(["greedy"] * 2, 166)
    while not st.over:
        st.apply_move(bots[st.to_act].choose(st))
    assert st.over and st.winner is not None


SHELEM_TENS_TO_LEAD = ["bid 100", "pass", "pass", "bid 105", "pass", "discard 3D", "discard 8C", "discard 9D",
                       "discard 4C", "play QS", "play 4S", "play KS", "play AS", "play AC", "play KC", "play 6C",
                       "play 2C", "play KH", "play AH", "play 6H", "play 7H"]


def test_greedy_does_not_lead_a_ten_while_a_card_that_beats_it_is_out():
    """Shelem (S9: a ten is worth 10 to the side that takes it): seat 3 leads trick 4 with spades trump, holding
    10♣ and 10♦ under the Q♣ J♣ and A♦ K♦ it has not seen, and low spades and hearts. Greedy led a 10 or 5
    under a higher card still out in 76 of 999 leads (benchmarks/blunders.py, lead_count_under_higher); a
    likely gift is not led while another
    lead is left (`likely_gifts`)."""
    st = load("shelem").new_state(seed=3)
    for text in SHELEM_TENS_TO_LEAD:
        st.apply(text)
    assert st.to_act == 3 and not st.zones["trick"]
    sample = Seat(st).sample(random.Random(0))
    gifts = {C.NAMES[m & 63] for m in likely_gifts(sample, sample.acting, sample.legal_moves())}
    assert gifts == {"10C", "10D", "5H", "5S"}  # the fives too: hearts and trumps above them are out
    tens = {"play 10C", "play 10D", "play 5H", "play 5S"}
    bots = [GreedyBot(random.Random(k)) for k in range(20)]
    assert not {st.move_text(bot.choose(st)) for bot in bots} & tens
    for bot in bots:
        bot.gift_sense = False
    assert {st.move_text(bot.choose(st)) for bot in bots} & tens  # as it led before


def _played(name: str, seed: int, actions: list[str]):
    """A game of `name` from `seed` with `actions` played."""
    st = load(name).new_state(seed=seed)
    for action in actions:
        st.apply(action)
    return st


def _greedy_choices(st, bots: int = 8) -> set:
    """What greedy bots of `bots` seeds choose where `st` stands, as text."""
    return {st.move_text(GreedyBot(random.Random(k)).choose(st)) for k in range(bots)}


def test_greedy_keeps_a_five_off_its_partners_trick_a_later_seat_may_take():
    """Shelem, seed 3: seat 3 leads Q♠, the top spade left; seat 1, its partner, has no spade and seat 2, the
    hakem, is still to play and may ruff. Greedy threw its 5♣ on the trick as the weakest card (seat 2 ruffed:
    5 points to the other side, a player's audit). A point card goes to a partner's trick only when it is sure to
    stay the side's (S9); otherwise a card worth nothing, the 7♣."""
    st = _played("shelem", 3, [
        "pass", "pass", "bid 100", "pass", "discard 2S", "discard 10C", "discard 10S", "discard JS", "play AH",
        "play 3H", "play 6H", "play 7H", "play AS", "play 3S", "play 4S", "play KS", "play AC", "play 8C", "play 6C",
        "play 2C", "play JD", "play 3D", "play 4D", "play 2D", "play 6D", "play 9D", "play 7D", "play 5D", "play KC",
        "play 9C", "play 3C", "play 4C", "play QS", "play 9S"])
    assert st.to_act == 1 and "play 5C" in st.legal_actions() and "play 7C" in st.legal_actions()
    chosen = _greedy_choices(st)
    assert chosen == {"play 7C"}, chosen


SHELEM_PARTNER_WINS = [
    "pass", "pass", "bid 100", "pass", "discard 6S", "discard 6D", "discard 7H", "discard 4S", "play KC", "play AC",
    "play 3C", "play 6C", "play AH", "play KH", "play 2H", "play 8H", "play KD", "play AD", "play 8D", "play 2D",
    "play QD", "play 9C", "play 4D", "play 10D", "play AS", "play 8S", "play 7S", "play 3S", "play KS", "play JS",
    "play 6H", "play QS", "play JH", "play QH", "play 10H"]


def test_greedy_gives_a_point_card_to_its_partners_sure_trick_before_the_contract_is_made():
    """Shelem (S9, S12), seed 1004: seat 0 plays last to a trick its partner, the hakem, takes with Q♥, holding
    10♠ (the best spade left), 5♠ and cards worth nothing. Until the contract is made the side's hand points stay
    at minus the contract, so no card gained anything at once and greedy threw the 3♦: the hakem's side kept
    points back from its own sure tricks in 35 of 66 such plays, the defenders in none (a player's audit). A card of
    worth goes to a trick sure to stay the side's, but for one that takes a trick of its own (the 10♠ is kept)."""
    st = _played("shelem", 1004, SHELEM_PARTNER_WINS)
    assert st.to_act == 0 and st.vars["hakem"] == 2 and st.hand_points()[0] < 0  # the contract not yet made
    assert {"play 10S", "play 5S", "play 3D"} <= set(st.legal_actions())
    chosen = _greedy_choices(st)
    assert chosen == {"play 5S"}, chosen


HOKM_SPADES_RUFFED = [
    "trump C", "play AD", "play 3D", "play 6D", "play 2D", "play KH", "play 5H", "play 3H", "play 4H", "play QH",
    "play 7H", "play 8H", "play 6H", "play QS", "play 3S", "play 5S", "play KS", "play AS", "play 4S", "play 7S",
    "play 7C", "play AH", "play 10C", "play 2H", "play 5D", "play AC", "play 3C", "play 2C", "play 8C", "play JD",
    "play 4D", "play KD", "play 9D"]


def test_greedy_does_not_lead_the_best_card_of_a_suit_an_opponent_may_ruff():
    """Hokm (H9, H10), seed 1002: seat 2 leads with clubs trump, holding J♠ (the best spade left), K♣ (the best
    trump left), Q♣ and low spades; seat 3, of the other side, has shown it holds no spade and may still hold
    trumps. Greedy led the J♠ (in the audit's 150 Hokm hands, such a lead 108 times of 134, trumped 99 times):
    the best trump goes first, to draw the ruff."""
    st = _played("hokm", 1002, HOKM_SPADES_RUFFED)
    assert st.to_act == 2 and not st.zones["trick"] and st.vars["trump"] == 3
    assert st.view(2)["play"]["voids"]["hand"][3] == ["S"] and "play JS" in st.legal_actions()
    chosen = _greedy_choices(st)
    assert chosen == {"play KC"}, chosen


def test_a_card_known_in_a_hand_spreads_only_to_where_that_hand_passed():
    """Hearts, every seat passing three to the left at once: a card all knew lay in seat 0's hand, which seat 0
    kept, lies in hand 0 or hand 1 to the others. It was spread seat by seat over every hand (hand 1's pass
    widened the note hand 0's had made; a review)."""
    st = load("hearts").new_state(seed=1)
    known = st.zones["hand"][0][-1]
    st.phase["known_at"] = {known: ("hand", 0, -1)}  # as a card seen taken up would be
    while st.acting.name == "passing":
        st.apply_move(next(m for m in st.legal_moves() if m != known))
    assert st.phase["known_among"][known] == ((("hand", 0), ("hand", 1)), -1)


def _side_tricks(game, hand: dict, side: int) -> int:
    step = next(s for s in game.steps if getattr(s, "tricks", None))
    counts = hand["counters"][step.tricks]
    return sum(counts[s] for s in range(game.players) if game.side_of[s] == side) if step.tricks_by_seat \
        else counts[side]


def test_bids_are_judged_on_playouts_whose_tricks_follow_the_cards():
    """Ghahveh (G4, G9): where every seat bids once, each bid is judged on deals played out as players play
    the cards. Played out at random, one deal, every card placed, gave a side 1.2 tricks more or less from one
    playout to the next, which widened every contract's risk and made bots bid the least and take far more;
    played as players play, an eighth of a trick."""
    from interpreter.search import _one_hand, _playout_bids, _random_playout, _sense_playout

    game = load("ghahveh")
    bids = _playout_bids(game, above_nothing=True)
    spread = {_random_playout: [], _sense_playout: []}
    for seed in range(6):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        assert isinstance(game.steps[st.step], Auction)
        for playout, found in spread.items():
            tricks = []
            for _ in range(8):
                det = _one_hand(st.copy())
                playout(det, 0, rng, bids)
                tricks.append(_side_tricks(game, det.hands[0], 0))
            mean = sum(tricks) / len(tricks)
            found.append((sum((t - mean) ** 2 for t in tricks) / len(tricks)) ** 0.5)
    assert sum(spread[_sense_playout]) / 6 < 0.5 < 0.9 < sum(spread[_random_playout]) / 6, spread


def _hand_points(hand) -> int:
    """High-card points (jokers 5, ace 4 … jack 1) and a point for each spade: a Ghahveh hand's strength."""
    names = [C.NAMES[c] for c in hand]
    return sum({"R": 5, "B": 5, "A": 4, "K": 3, "Q": 2, "J": 1}.get(n[0], 0) + n.endswith("S") for n in names)


def test_greedy_bids_more_on_a_strong_ghahveh_hand():
    """Ghahveh (G2, G4): the first bidder bids above the least on hands of many high cards and trumps and the
    least on the others. (Its strength counted jokers, aces, kings and spades above the ten until bids became
    news of the hand; then 6 first bids of these 16 were above the least, not 2, some on long spades, which that
    count missed: high-card points and spades are counted now.)"""
    game = load("ghahveh")
    high, low = [], []
    for seed in range(16):
        st = game.new_state(seed=seed)
        bid = make_bots(["greedy"] * 4, seed)[st.to_act].choose(st)
        (high if bid > 2 else low).append(_hand_points(st.zones["hand"][st.to_act]))
    assert high and low
    assert sum(high) / len(high) > sum(low) / len(low) + 3, (high, low)  # 17.0 against 11.6 (21.0, 12.6 before)


def test_greedy_ghahveh_sides_bid_near_the_tricks_they_take():
    """Ghahveh (G4, G9): greedy sides' contracts, over a few seeded hands, lie within two tricks of the tricks
    they take on average, and most are made (11 of 16 here): a contract failed costs 10 a trick bid, one made
    short of the tricks taken 9 a trick, so the bots bid below what they expect to take, not above."""
    game = load("ghahveh")
    step = next(s for s in game.steps if isinstance(s, Auction))
    gaps = []
    for hand in _greedy_hands(game, seeds=2, hands=4):
        bids = hand["counters"][step.into]
        for side in (0, 1):
            contract = sum(b for s, b in enumerate(bids) if game.side_of[s] == side)
            gaps.append(_side_tricks(game, hand, side) - contract)
    assert 0 <= sum(gaps) / len(gaps) <= 2, gaps
    assert sum(g >= 0 for g in gaps) >= 0.6 * len(gaps), gaps


def test_greedy_bids_nil_in_spades_on_weak_hands():
    """X3, X5: bids judged on deals played as players play (a review: the Ghahveh tests held before the change).
    On random playouts a nil bidder took tricks by chance, and greedy bid nil 0 times in these 40 bids; judged
    on deals played with sense, it bids nil on the weaker hands (14 of the 40)."""
    game, nil, other = load("spades"), [], []
    points = {"A": 4, "K": 3, "Q": 2, "J": 1}
    for seed in range(10):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy"] * 4, seed)
        while not st.over and isinstance(st.acting, Auction):
            seat = st.to_act
            held = sum(points.get(C.NAMES[c][:-1], 0) for c in st.zones["hand"][seat])
            bid = bots[seat].choose(st)
            (nil if bid == 0 else other).append(held)
            st.apply_move(bid)
    assert len(nil) >= 4, (nil, other)
    assert sum(nil) / len(nil) < sum(other) / len(other) - 1.5, (nil, other)  # high-card points: 8.2 against 11.0


def test_a_first_partner_bids_what_its_own_hand_takes():
    """Ghahveh (G4, G9): bids are news of the hand. The first of a side to bid used to take its partner to bid
    alike, staking the whole side on its one hand, and bid the least on all but the strongest (2.55 on the
    stronger half of the first 20 seeds' hands, 2.0 on the weaker); now it bids what its own hand takes, its
    partner to tell of its own, so its bid says something (3.65 against 2.1 there; over 40 seeds 3.15 against
    2.15, and 3.0 against 2.2 since the playouts' leads keep a best card out of a suit an opponent may ruff)."""
    game, bids = load("ghahveh"), []
    for seed in range(40):
        st = game.new_state(seed=seed)
        bots = make_bots(["greedy"] * 4, seed)
        for _ in range(2):  # each side's first bidder
            held = _hand_points(st.zones["hand"][st.to_act])
            bid = bots[st.to_act].choose(st)
            bids.append((held, bid))
            st.apply_move(bid)
    bids.sort()
    weak, strong = [b for _, b in bids[:40]], [b for _, b in bids[40:]]
    assert sum(strong) / 40 > sum(weak) / 40 + 0.7, (weak, strong)


def test_a_partners_high_bid_is_news_of_its_hand():
    """Ghahveh (G4, G9): a seat whose partner bid 5 took the partner's hand to be any hand, the 5 only a risk,
    and bid the least on 19 hands of these 20; reading the bid as news of five or six tricks in the partner's
    hand, it bids its own tricks above the least (on 6 of 20)."""
    game, above_least = load("ghahveh"), 0
    for seed in range(20):
        st = game.new_state(seed=seed)
        first = st.to_act
        st.apply("bid 5")
        st.apply("bid 2")
        assert game.side_of[st.to_act] == game.side_of[first]
        above_least += make_bots(["greedy"] * 4, seed)[st.to_act].choose(st) > 2
    assert above_least >= 4, above_least


def test_a_partners_least_bid_or_nil_is_read_alike_with_or_without_nil_among_the_bids():
    """Bids as news (docs/bots.md): the least bid above nothing rules out only hands that take more than it
    tells, a nil (0) hands that take tricks. A review found the least real bid read as a promise wherever nil
    is among the bids (Spades' 1, ghahveh-nil's 2 weighed a partner's 0 tricks at 0.135), unlike Ghahveh's 2."""
    from interpreter.search import _heard_weight

    def weights(bid, least):
        return [round(_heard_weight({2: bid}, [0, 0, took, 0], least), 3) for took in range(6)]

    assert weights(2, 2)[:4] == [1.0] * 4 and weights(1, 1)[:3] == [1.0] * 3  # Ghahveh's least; Spades' least
    assert weights(0, 1)[0] == 1.0 and weights(0, 1)[2] < 0.2  # a nil: tricks taken tell against it
    assert weights(4, 1)[5] == 1.0 and weights(4, 1)[0] < 0.01  # a real bid: about one trick more than it says


@pytest.mark.parametrize("seed, actions, master, before", [
    (5, ["trump D"], "play AD", "play KC"),  # H8: the hakem's first lead, holding A♦ (trump) and K♣ under A♣
])
def test_greedy_leads_a_card_nothing_unseen_beats_before_one_a_higher_card_out_takes(seed, actions, master, before):
    """Hokm (H10): leading for a trick it wants, greedy led its strongest card outside trump, the K♣ with the A♣
    still out rather than the A♦ it held in trump (seed 5, the first trick): its side took the first tricks less
    often when the hakem's side led, who hold fewer cards outside trump (docs/bots.md, "Kots"). A card no card
    the seat cannot see beats as led is led first (`wanted_leads`): outside trump, else in trump. (A second
    position, seed 2 at trick 8, led the 6♥, the last heart, over the 9♠ under K♠ and Q♠; but a seat of the other
    side had shown it holds no heart while trumps are out, and a best card is no longer led into a ruff:
    `test_greedy_does_not_lead_the_best_card_of_a_suit_an_opponent_may_ruff`.)"""
    st = _played("hokm", seed, actions)
    assert not st.zones["trick"] and master in st.legal_actions() and before in st.legal_actions()
    chosen = _greedy_choices(st, 6)
    assert chosen == {master}, chosen
    old = [GreedyBot(random.Random(k)) for k in range(6)]
    for bot in old:
        bot.lead_sense = False
    assert {st.move_text(bot.choose(st)) for bot in old} == {before}  # as it led before


def test_a_bid_hint_where_the_bids_name_the_declarer_is_against_the_best_bid():
    """Tarneeb written from the docs (tests/authored/tarneeb-each.yaml: every seat bids once, `pass: 0`, a step
    reads the bids to name the declarer): its bids are judged by the tree, whose raw margins were shown
    (`hint: pass (+9.2 points) · bid 7 (+8.3 points)`), where the docs promise each against the best, the best at 0
    (a new game author's audit)."""
    game = load(Path(__file__).parent / "authored" / "tarneeb-each.yaml")
    st = game.new_state(seed=4)
    assert st.game.steps[st.step].style == "each" and st.game.steps[st.step].bids_steer
    found = hints(st, st.to_act, iterations=60)
    assert len(found) >= 2 and found[0][1] == 0.0, found
    assert all(value <= 0 for _, value in found[1:]), found


def trumps_if_named(st, choose, held) -> dict:
    """For each suit: the cards of `held` that would be trumps were it named, by the trick play's own rule worked
    out on a copy of the state with that suit named (not by the bot's own reading, which the test is of)."""
    from interpreter.steps.trick import TrickPlay

    trick = next(t for t in st.game.steps if isinstance(t, TrickPlay) and t.trump_var == choose.var)
    out = {}
    for suit in range(4):
        named = st.copy()
        named.vars[choose.var] = suit
        suits = trick.cards_by_rule(named)[0] if trick.by_rule else C.SUIT
        out[suit] = sum(suits[c] == suit for c in held)
    return out


@pytest.mark.parametrize("name, seeds", [("euchre", 15), ("euchre-stick-the-dealer", 8)])
def test_greedy_names_the_suit_it_would_hold_most_trumps_of_the_bowers_counted(name, seeds):
    """A bot audit (Euchre): naming trump counted the cards by their printed suit, so J♥ K♥ J♦ A♣ Q♣ named clubs
    (two trumps) over hearts (both bowers and the king), and the makers were euchred; 6 of 66 namings in these
    seeds. A suit named is one that makes the most of the seat's cards trumps."""
    from interpreter.steps.choose import Choose

    game, named = load(name), 0
    for seed in range(seeds):
        st, bots = game.new_state(seed=seed, max_hands=8), make_bots(["greedy"] * 4, seed)
        while not (st.over or st.halted):
            move, step = bots[st.to_act].choose(st), st.acting
            if isinstance(step, Choose) and step.suits and move in range(4):
                trumps = trumps_if_named(st, step, st.zones["hand"][st.to_act])
                legal = [s for s in range(4) if s in st.legal_moves()]
                assert trumps[move] == max(trumps[s] for s in legal), (seed, len(st.hands), trumps, move)
                named += 1
            st.apply_move(move)
    assert named >= 20


@pytest.mark.parametrize("name, seeds, hands", [("euchre", 25, 6), ("hokm-2p", 25, 2)])
def test_greedy_discards_no_trump_while_it_holds_another_card(name, seeds, hands):
    """A bot audit: where every card but the trumps was its suit's best (singletons), the discard rule kept
    nothing and a random card went: Hokm for two's hakem threw away trumps it had just named (147 of 360
    discards), Euchre's dealer a bower (44 of 366). The weakest of the others goes."""
    from interpreter.bots import trick_after
    from interpreter.steps.exchange import Exchange

    game, discards = load(name), 0
    for seed in range(seeds):
        st, bots = game.new_state(seed=seed, max_hands=hands), make_bots(["greedy"] * game.players, seed)
        while not (st.over or st.halted):
            move, step = bots[st.to_act].choose(st), st.acting
            if isinstance(step, Exchange) and len(st.legal_moves()) > 1:
                trick = trick_after(game, step)
                suits, trump = trick.cards_by_rule(st)[0] if trick.by_rule else C.SUIT, trick.trump_now(st)
                held = st.zones[step.hand][st.to_act]
                assert suits[move] != trump or all(suits[c] == trump for c in held), (seed, C.NAMES[move])
                discards += 1
            st.apply_move(move)
    assert discards >= 40


def test_greedy_passes_its_dangerous_cards_in_hearts():
    """A bot audit: greedy's three cards passed were no higher than those it kept (8.0 against 8.0 on
    average) and it kept the queen of spades 36 times of 44. Where cards cost their taker points, it passes
    the queen and the high cards that take the tricks such points come in."""
    game = load("hearts")
    passed, kept, queens = [], [], 0
    for seed in range(8):
        st, bots = game.new_state(seed=seed), make_bots(["greedy"] * 4, seed)
        held = [list(h) for h in st.zones["hand"]]
        while st.acting is not None and st.acting.name == "passing":
            seat = st.to_act
            move = bots[seat].choose(st)
            passed.append(C.RANK[move] if C.RANK[move] > 1 else 14)
            held[seat].remove(move)
            queens += C.NAMES[move] == "QS"
            st.apply_move(move)
        kept += [C.RANK[c] if C.RANK[c] > 1 else 14 for h in held for c in h]
        queens -= any(C.NAMES[c] == "QS" for h in held for c in h)  # a queen held and not passed counts against
    assert sum(passed) / len(passed) > sum(kept) / len(kept) + 3, (sum(passed) / len(passed), sum(kept) / len(kept))
    assert queens > 0


def test_no_suit_counts_as_ruffed_where_a_turn_plays_from_pile_tops():
    """`ruffed_suits` reads the voids a seat has shown in its hand; in Shelem for two a seat also plays from the tops
    of its face-up piles, where it may hold the suit it lacks in hand (a review): there no suit counts as ruffed.
    In Hokm the same void, trumps out, does."""
    from interpreter.bots import ruffed_suits, strongest_out

    for name, ruffed in (("shelem-2p", frozenset()), ("hokm", frozenset({0}))):
        st, rng = load(name).new_state(seed=4), random.Random(4)
        while not (hasattr(st.acting, "trick_zone") and not st.zones[st.acting.trick_zone]
                   and st.vars.get("trump", -1) not in (-1, 0)):
            st.apply_move(rng.choice(st.legal_moves()))
        step, me = st.acting, st.to_act
        other = next(s for s in range(st.game.players) if st.game.side_of[s] != st.game.side_of[me])
        st.trick_state.voids[(step.first_sources[0], other)] = 1  # shown to lack spades
        trump = step.trump_now(st)
        top = strongest_out(st, step, step.powers_led(st))
        assert top.get(trump, -1) >= 0, name  # a trump is out
        assert ruffed_suits(st, step, top, trump) == ruffed, name


@pytest.mark.parametrize("seed, decisions, trick", [(37, 22, ["JH", "2H"]), (40, 26, ["AD", "2D"])])  # (the hakem
# discarding as it does since 2026-12-07 moved the audit's own positions: seeds 62 and 35)
def test_greedy_does_not_ruff_a_partners_trick_while_a_card_of_another_suit_may_go(seed, decisions, trick):
    """A bots audit (Shelem, S8): void in the suit led, on a partner's trick an opponent may yet ruff, greedy ruffed
    it with a trump worth no points (8♦ on the partner's J♥; 7♥ on the partner's A♦), for a 5 or a 10 it would risk
    counted against the 0 of the trump: 4 of 5 such plays cost about 20 points. A card that leaves the trick the
    partner's goes first (`bots.kept_under`)."""
    st = load("shelem").new_state(seed=seed, max_hands=1)
    bots = make_bots(parse_spec("greedy", 4), seed)
    while len(st.log) < decisions:
        st.apply_move(bots[st.to_act].choose(st))
    assert [C.NAMES[c] for c in st.zones["trick"]] == trick
    trump = st.vars["trump"]
    move = bots[st.to_act].choose(st)
    assert C.SUIT[move & 63] != trump and C.SUIT[move & 63] != C.SUIT[st.zones["trick"][0]], st.move_text(move)


def test_a_trick_is_sure_where_every_later_opponent_has_shown_it_lacks_the_suits_that_could_take_it():
    """`_sure` read every card the mover cannot see as one a later opponent may hold (a bot audit): a fourth hand
    that had shown it lacks both the suit led and trumps (it did not follow to either) still counted as able to
    take the trick with the higher cards of the suit, out of sight in the other hands. Shown voids rule them out;
    a fourth hand that has shown only the suit led may still trump."""
    from interpreter.bots import _hidden_cards, _sure

    for seed in range(40):  # a third hand under whose trick hidden cards of the suit led and trumps lie
        st, rng = load("hokm").new_state(seed=seed), random.Random(seed)
        while not (hasattr(st.acting, "trick_zone") and len(st.zones[st.acting.trick_zone]) == 2):
            st.apply_move(rng.choice(st.legal_moves()))
        step, me, trick = st.acting, st.to_act, st.zones["trick"]
        trump, led = step.trump_now(st), C.SUIT[trick[0]]
        card = min(st.legal_moves(), key=lambda c: step.power_now(st, c))
        top = max(step.power_now(st, c) for c in [*trick, card])
        higher = {C.SUIT[c] for c in _hidden_cards(st, me) if step.power_now(st, c) > top}
        if led != trump and higher == {led, trump}:
            break
    else:
        raise AssertionError("no such trick in 40 deals")
    last, hand, voids = (me + 1) % 4, step.first_sources[0], st.trick_state.voids
    assert st.game.side_of[last] != st.game.side_of[me]
    voids[(hand, last)] = 1 << led
    assert not _sure(st, step, card)  # it may trump
    voids[(hand, last)] = 1 << led | 1 << trump
    assert _sure(st, step, card)


PASUR_SEED_0 = ["play 9S", "play 7H take 4H", "play JD take 9S 8D 7C", "play 8H", "play AH", "play JS take AH 8H",
                "play AC", "play 10S take AC", "play 10H", "play 4S", "play AS take 10H", "play 4C", "play 10C",
                "play 5C", "play 2C take 4S 5C", "play 8S", "play 7D take 4C", "play QD", "play JH take 8S 10C",
                "play 9D", "play KC take KS", "play 5S", "play 6D take 5S", "play QH take QD", "play 2S take 9D"]


def test_greedy_weighs_every_card_the_next_player_may_hold_before_laying_a_card_of_points():
    """A Pasur bot audit (P6, P15): on an empty table with 9♥ 10♦ K♥ 8♣, the stock not yet dealt out, greedy laid
    the 10♦ in 27 of 100 bot seeds; it judged the reply on 12 of the unseen cards drawn at random, and where no ace
    was among them the 10♦ looked safe, though any ace takes it as a sur (3 points and the sur's). Every unseen card
    is weighed now (`REPLY_CARDS`): no seed lays it. Head to head, `benchmarks/greedy_ab.py pasur REPLY_CARDS`."""
    st = load("pasur").new_state(seed=0, max_hands=1)
    for action in PASUR_SEED_0:
        st.apply(action)
    assert not st.zones["table"] and sorted(C.NAMES[c] for c in st.zones["hand"][1]) == ["10D", "8C", "9H", "KH"]
    laid = [st.move_text(make_bots(["greedy"] * 2, seed)[1].choose(st)) for seed in range(30)]
    assert "play 10D" not in laid, Counter(laid)


def test_the_search_plays_the_best_line_where_it_knows_where_every_card_lies():
    """A Pasur bot audit (P17): in the last deal, where the seat knows every card left, the search's random playouts
    fell short of the best line 3 times in 915 moves (seed 74: A♠ laid where 10♣ was better), while greedy plays
    that line out (`solved`). The search now does too: its move is one of the best line's."""
    from interpreter.bots import solved

    game, checked = load("pasur"), 0
    for seed in range(120):
        st, rng = game.new_state(seed=seed, max_hands=1), random.Random(seed)
        while not (st.over or st.halted) and not (not st.zones["stock"] and Seat(st, st.to_act).knows_all()
                                                  and len(st.legal_moves()) > 2):
            st.apply_move(rng.choice(st.legal_moves()))
        if st.over or st.halted:
            continue
        best = solved(st.copy(), st.legal_moves())
        if best is None or len(best) == len(st.legal_moves()):
            continue
        checked += 1
        move = make_bots(["mcts:5"] * 2, seed)[st.to_act].choose(st)  # (few playouts: off the line 8 times in 85)
        assert move in best, (seed, st.move_text(move), [st.move_text(m) for m in best])
        said = hints(st, st.to_act, iterations=5)  # the hint agrees with the bots there (a review)
        assert said[0][0] in {st.move_text(m) for m in best}, (seed, said)
    assert checked >= 30


def test_wanting_to_lose_a_trick_every_card_takes_the_weakest_goes_while_a_seat_is_to_play_after():
    """A nil bidder's failures (Spades, S-nil: a bot audit counted them): second to a led 4♦ with 5♦ 6♦ 8♦ 10♦,
    greedy played the 10♦, the strongest, and took the trick when the others played under it. While a seat is
    still to play after, the weakest card that takes it goes (5♦: a later card may take it over); last to play, the
    strongest (the trick is lost anyway, and that card would take most later)."""
    from interpreter.bots import _strength, trick_sense
    from interpreter.steps.trick import TrickPlay

    game, seen = load("spades"), {False: 0, True: 0}
    for seed in range(200):
        st, rng = game.new_state(seed=seed, max_hands=1), random.Random(seed)
        while not (st.over or st.halted):
            step = st.acting
            if isinstance(step, TrickPlay) and st.zones[step.trick_zone]:
                moves, top = st.legal_moves(), max(step.power_now(st, c) for c in st.zones[step.trick_zone])
                if len(moves) > 1 and all(step.power_now(st, m & 63) > top for m in moves):
                    last = len(st.zones[step.trick_zone]) == 3
                    pick = max if last else min
                    assert trick_sense(st, step, moves, -1) == [pick(moves, key=lambda m: _strength(st, step, m))]
                    seen[last] += 1
            st.apply_move(rng.choice(st.legal_moves()))
    assert seen[False] >= 5 and seen[True] >= 5, seen


def test_a_trick_is_not_sure_while_a_later_turn_of_another_side_may_beat_it_from_a_face_up_pile():
    """Shelem for two (S17): a trick is four turns of two seats, the piles playing as partners. `_sure` counted the
    seats still to play, not the turns, so second to play a trick it found nobody after it, though the leader still
    plays a pile top, face up, that beats the card. It reads the turns still to play now (`later_turns`)."""
    from interpreter.bots import _sure, later_turns

    game, found = load("shelem-2p"), 0
    for seed in range(40):
        st, rng = game.new_state(seed=seed, max_hands=1), random.Random(seed)
        while not (st.over or st.halted):
            step = st.acting
            if hasattr(step, "trick_zone") and len(st.zones[step.trick_zone]) == 1 and not step.tops[1]:
                card = min(st.legal_moves(), key=lambda m: step.power_now(st, m & 63)) & 63
                top = max(step.power_now(st, c) for c in [*st.zones[step.trick_zone], card])
                turns = later_turns(st, step)
                leader = [(t, s) for t, s in turns if s != st.to_act]
                assert leader and all(step.tops[t] for t, _ in leader)
                beats = any(step.power_now(st, p[-1]) > top for t, s in leader for z, _ in step.top_piles[t]
                            if (p := st.zones[z][s]))
                if beats:
                    assert not _sure(st, step, card)
                    found += 1
            st.apply_move(rng.choice(st.legal_moves()))
    assert found >= 10, found


@pytest.mark.parametrize("seed", [1, 41])
def test_the_hakem_banks_a_ten_in_the_discards_rather_than_leave_it_bare(seed):
    """A bots audit, 2026-12-07 (Shelem, S6, S9: the discards count for the hakem): greedy discarded a 10's own
    guards (6♠ 8♠, 4♠ 5♠) and kept the 10 bare, to be taken by the ace; a discard's points moved no hand points
    before the contract was made, so no discard seemed worth more than another. The discards that bank most now
    go first, a 10 the ace out beats among them (`bots.discards_banked`): with greedy at every seat the hakem's
    side scored 20.5 ± 5.1 points a hand more over 300 seeded hands. No 10 is left bare while a discard banked
    nothing."""
    st = load("shelem").new_state(seed=seed, max_hands=1)
    bots = make_bots(parse_spec("greedy", 4), seed)
    while not isinstance(st.acting, Exchange):
        st.apply_move(bots[st.to_act].choose(st))
    hakem, discarded = st.to_act, []
    while isinstance(st.acting, Exchange):
        discarded.append(bots[hakem].choose(st))
        st.apply_move(discarded[-1])
    held, trump = st.zones["hand"][hakem], st.vars.get("trump", -1)
    bare = [c for c in held if C.RANK[c] == 10 and C.SUIT[c] != trump
            and not any(C.SUIT[d] == C.SUIT[c] and C.RANK[d] == 1 for d in held)]
    worthless = [c for c in discarded if C.RANK[c] not in (1, 5, 10)]  # (S9: aces and tens 10, fives 5)
    assert not (bare and worthless), ([C.NAMES[c] for c in discarded], [C.NAMES[c] for c in bare])
    assert any(C.RANK[c] == 10 for c in discarded)
