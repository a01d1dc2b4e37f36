"""Random playouts over every bundled ruleset: the invariants every game must keep.

Generic invariants hold for every ruleset; each family adds what its rules say
a hand must add up to (RULES.md P18, H12-H13, G9, S9-S12, X3-X6, Y7, Z2-Z5; Scopa's
one settebello; Basra's B9, Briscola's R6-R7, Whist's W4-W5 and Sixty-six's K6, K10-K11, in their rulesets' headers).
"""

from __future__ import annotations

import random

import pytest

from interpreter import bundled, load
from interpreter import cards as C
from interpreter import records as rec
from interpreter.bots import make_bots

MAX_ACTIONS = 50_000
RULESETS = [p.name for p in bundled()]
# Pasur: 200 games each (the floor). Random bids rarely make a contract, so a random game of
# a bidding game may never reach its target (the rules have no hand limit): those games stop after
# MAX_HANDS hands, and the invariants are checked on the hands played. A game of several rounds is as
# many games' worth of hands, so such a ruleset plays that many times fewer games.
GAMES = {"pasur": 200, "hokm": 100, "ghahveh": 24, "shelem": 24, "hokm-2p": 30, "spades": 24, "hearts": 15,
         "oh-hell": 15, "scopa": 30, "euchre": 60, "crazy-eights": 60, "basra": 60,
         "briscola": 60, "whist": 30, "sixty-six": 60}
MAX_HANDS = {"ghahveh": 12, "shelem": 12, "spades": 12}
FAMILIES = ("hokm-2p", "oh-hell", "pasur", "hokm", "ghahveh", "shelem", "spades", "hearts", "scopa", "euchre",
            "crazy-eights", "basra", "briscola", "whist", "sixty-six")


def family(name: str) -> str:
    """The game a bundled ruleset plays: its own name or the base its variants are named after."""
    stem = name.removesuffix(".yaml")
    return next(f for f in FAMILIES if stem == f or stem.startswith(f + "-"))


def all_cards(st) -> list:
    """Every card in every zone, once per place it lies, in card order (a multiset, compared as a sorted list:
    a Counter's equality costs a third of a Pasur game's check)."""
    out: list = []
    for cards in st.zones.values():
        if cards and isinstance(cards[0], list):
            for pile in cards:
                out += pile
        else:
            out += cards
    out.sort()
    return out


def check_pasur_hand(hand, game, k=0):
    surs, rows = hand["counters"]["surs"], hand["rows"]
    card_points = sum(hand["points"]) - sum(rows["surs"]) - sum(rows["most cards"])
    clubs = sum(rows["seven clubs"])
    assert clubs == 7 if game.sides == 2 else clubs in (0, 7)  # P18: with three, maybe nobody's
    assert card_points - clubs == 13  # P18: 10D, 2C, the aces and the jacks
    if game.name == "pasur-sur-no-cancel":  # a house rule: surs never cancel
        assert rows["surs"] == [5 * s for s in surs]
    else:  # P16: net of the most surs any other side made
        assert rows["surs"] == [5 * max(0, s - max(surs[:i] + surs[i + 1:])) for i, s in enumerate(surs)]
    assert sorted(rows["most cards"])[:-1] == [0] * (game.sides - 1)  # P19
    assert sorted(rows["most cards"])[-1] in (0, game.options["most_cards_bonus"])


KOT_POINTS = {"hokm-one-point": (1, 1), "hokm-kap": (2, 2)}  # house rules: a 7-0 by the hakem's side, by the other


def check_hokm_hand(hand, game, k=0):
    tricks, hakem_side = hand["counters"]["tricks"], game.side_of[hand["vars"]["hakem"]]
    if game.sides == 3:  # hokm-3p: 17 tricks; the most tricks alone win, once nobody can catch up (or a 7-0 kot)
        best, played = max(tricks), sum(tricks)
        alone = tricks.count(best) == 1
        rest = max((t for t in tricks if t != best), default=0) if alone else best
        assert played == 17 or alone and (best > rest + 17 - played or rest == 0 and best == 7)
        win = tricks.index(best)
        expected = (1 if rest else (2 if win == hakem_side else 3)) if alone else 0
        assert hand["points"] == [expected if s == win else 0 for s in range(3)]
        return
    assert sum(tricks) <= 13 and max(tricks) >= 7  # H11 (or all 13 after bam)
    win = tricks.index(max(tricks))
    lose = 1 - win
    ours, theirs = KOT_POINTS.get(game.name, (2, 3))
    expected = 1 if tricks[lose] else (ours if win == hakem_side else theirs)  # H12, H13
    assert hand["points"][win] == expected and hand["points"][lose] == 0


def check_ghahveh_hand(hand, game, k=0):
    tricks, bids, rows = hand["counters"]["tricks"], hand["counters"]["bid"], hand["rows"]
    assert sum(tricks) == 13
    nil = "nil" in rows  # ghahveh-nil: bid 0 allowed, each seat's tricks counted
    assert len(tricks) == (4 if nil else 2)
    for side in range(2):
        seats = (side, side + 2)
        contract = bids[side] + bids[side + 2]  # G4
        assert all(2 <= bids[s] <= 13 or (nil and bids[s] == 0) for s in seats)
        took = tricks[side] + tricks[side + 2] if nil else tricks[side]
        made = took >= contract
        expected = 10 * contract + took - contract if made else -10 * contract  # G9
        assert rows["contract points"][side] == expected
        if nil:  # a house rule: each nil +100 without a trick, -100 with one
            assert rows["nil"][side] == sum(100 if tricks[s] == 0 else -100 for s in seats if bids[s] == 0)
        assert "bags" not in rows  # the penalty row is not named as the bag counter
        if "bag penalty" in rows:  # a house rule: every 10 bags cost 100
            bags = hand["counters"]["bags"][side]  # carried in from earlier hands
            assert 0 <= bags < 10
            bags += took - contract if made else 0
            assert rows["bag penalty"][side] == -100 * (bags // 10)
            assert hand["values"]["bags_carried"][side] == bags % 10  # carried on, as the table shows it
        assert hand["points"][side] == sum(r[side] for r in rows.values())


SHELEM_MADE_SHELEM = {"shelem-shelem-165": (165, -165)}  # house rules: a shelem for the hakem's side, for the others


def check_shelem_hand(hand, game, k=0):
    name, three = game.name, game.players == 3
    total, all_tricks, low = (180, 15, 95) if three else (165, 12, 100)  # shelem-3p: 51 cards, 15 tricks
    taken, tricks = hand["values"]["taken"], hand["counters"]["tricks"]
    assert sum(taken) == total  # S9
    assert sum(tricks) == all_tricks  # S8
    hakem, contract = hand["vars"]["hakem"], hand["vars"]["contract"]
    side = game.side_of[hakem]
    shelem_bid = name == "shelem-shelem-bid"  # bids to 160, then shelem (330)
    assert contract % 5 == 0 and (low <= contract <= (160 if shelem_bid else total) or shelem_bid and contract == 330)
    theirs = total - taken[side]  # the other side's, or the other two players' together
    others = None  # the other sides score what they took
    if tricks[side] == all_tricks:  # S11
        ours, others = SHELEM_MADE_SHELEM.get(name, (2 * total, 0))
        if name == "shelem-shelem-250":
            ours = taken[side] + 250
    elif shelem_bid and contract == 330:
        ours = -330
    elif taken[side] >= contract:  # S10
        ours = contract if name == "shelem-score-bid" else taken[side]
    elif taken[side] < theirs:  # S12: yasa
        ours = -2 * contract if name == "shelem-double-loss" else -total
    else:
        ours = -contract
    for s in range(game.sides):
        expected = ours if s == side else (taken[s] if others is None else others)
        assert hand["points"][s] == expected, (s, hand)


def check_spades_hand(hand, game, k=0):
    tricks, bids, rows = hand["counters"]["tricks"], hand["counters"]["bid"], hand["rows"]
    nil, penalty = game.options["nil_value"], game.options["bag_penalty"]  # house rules: nil 50, no bags
    assert sum(tricks) == 13  # X2, X4: 13 cards each, and every trick is played out
    for side in range(2):
        seats = (side, side + 2)
        assert all(0 <= bids[s] <= 13 for s in seats) and bids[side] + bids[side + 2] <= 13  # X3
        contract, took = bids[side] + bids[side + 2], tricks[side] + tricks[side + 2]
        assert rows["contract"][side] == (10 * contract + took - contract if took >= contract else -10 * contract)
        nils = [nil if tricks[s] == 0 else -nil for s in seats if bids[s] == 0]  # X5
        assert rows["nil"][side] == sum(nils)
        bags = hand["counters"]["bags"][side]  # carried in from earlier hands
        carried = bags + max(0, took - contract)
        if penalty:
            assert 0 <= bags < 10  # X6: ten bags are taken off
            assert rows["bag penalty"][side] == -100 * (carried // 10)  # X6
            assert hand["values"]["bags_carried"][side] == carried % 10
        else:  # a house rule: bags are neither penalised nor carried
            assert bags == 0 and rows["bag penalty"][side] == 0 and hand["values"]["bags_carried"][side] == 0
        assert hand["points"][side] == sum(r[side] for r in rows.values())


def check_hearts_hand(hand, game, k=0):
    taken, rows = hand["values"]["taken"], hand["rows"]
    assert sum(taken) == 26  # Y7: 13 hearts and the queen
    hearts = rows["hearts and the queen"]
    if 26 in taken:  # Y7: the moon; a house rule: -26 to the shooter, 0 to the others
        moon = [-26, 0] if game.options["moon_shot"] == "self" else [0, 26]
        assert hearts == [moon[0] if t == 26 else moon[1] for t in taken]
    else:
        assert hearts == taken
    jack = rows["jack of diamonds"]  # a house rule (Omnibus): -10 to the J♦'s taker, moon or not
    assert sorted(jack) == ([-10, 0, 0, 0] if game.options["jack_of_diamonds"] else [0, 0, 0, 0])
    assert hand["points"] == [h + j for h, j in zip(hearts, jack)]


def check_oh_hell_hand(hand, game, k):
    tricks, bids = hand["counters"]["tricks"], hand["counters"]["bid"]
    if game.options["up_and_down"]:  # a house rule: 1 … 13 cards, then 12 … 1, 25 hands
        assert 1 <= k <= 25
        k = k if k <= 13 else 26 - k
    assert sum(tricks) == k and all(0 <= b <= k for b in bids)  # Z2, Z3
    if game.options["hook"]:
        assert sum(bids) != k  # Z3: the dealer's hook (a house rule may drop it)
    if game.options["scoring"] == "per_trick":  # a house rule: 1 a trick, 10 more for exactly the bid
        assert hand["points"] == [t + (10 if t == b else 0) for t, b in zip(tricks, bids)]
    else:
        assert hand["points"] == [10 + b if t == b else 0 for t, b in zip(tricks, bids)]  # Z5


def check_scopa_hand(hand, game, k=0):
    assert sum(hand["rows"]["settebello"]) == 1 and sum(hand["rows"]["cards"]) <= 1


def check_basra_hand(hand, game, k=0):
    """B9: every card is taken; the jacks, aces, 2C and 10D make 13; the 30 (and any held by a tie) goes to the
    side with more cards, nobody on a tie; 10 for each basra."""
    rows, taken, basras = hand["rows"], hand["values"]["cards_taken"], hand["counters"]["basras"]
    assert sum(taken) == 52
    card_points = sum(rows["jacks"]) + sum(rows["aces"]) + sum(rows["two of clubs"]) + sum(rows["ten of diamonds"])
    assert card_points == 13
    most = rows["most cards"]
    if taken[0] == taken[1]:
        assert most == [0, 0]
    else:
        winner = 0 if taken[0] > taken[1] else 1
        assert most[1 - winner] == 0 and most[winner] >= 30 and most[winner] % 30 == 0
        if not game.options["tie_carries"]:
            assert most[winner] == 30
    assert rows["basras"] == [10 * b for b in basras]
    assert hand["points"] == [sum(r[s] for r in rows.values()) for s in (0, 1)]


def check_briscola_hand(hand, game, k=0):
    """R6, R7: every card is won and the card points add up to 120; the hand goes to the player with 61 or more,
    to nobody at 60-60."""
    totals = hand["values"]["card_total"]
    assert sum(totals) == 120
    assert hand["rows"]["hand won"] == [int(t >= 61) for t in totals] == hand["points"]


def check_sixty_six_hand(hand, game, k=0):
    """K6, K10, K11: the card points won are at most 120 (all 120 with every trick played, and 10 for the last); one
    player wins the hand and scores 1, 2 or 3 (after a close, by the count at the close; where the closer lost, 2,
    or 3 if the other had no trick at the close), the other nothing."""
    values, closed = hand["values"], hand["vars"]["closed"]
    assert sum(values["card_total"]) <= 120
    if sum(values["taken"]) == 12:
        assert sum(values["card_total"]) == 120 and sorted(values["last_trick"]) == [0, 10]
    assert sorted(values["won_hand"]) == [0, 1]
    winner = values["won_hand"].index(1)
    loser = 1 - winner
    taken, points = values["taken"], values["total"]
    if closed:  # as the close found the hand
        taken, points = hand["counters"]["tricks_at_close"], hand["counters"]["points_at_close"]
    if closed and hand["vars"]["closer"] != winner:
        expected = 3 if taken[winner] == 0 else 2
    else:
        expected = 3 if taken[loser] == 0 else 2 if points[loser] < 33 else 1
    assert hand["points"][winner] == expected and hand["points"][loser] == 0


def check_whist_hand(hand, game, k=0):
    """W4, W5: all 13 tricks are played; a point for each trick over six; the four trump honours are all held,
    and a side with four or three of them scores 4 or 2, unless honours are off, it stood one point from game as
    the hand began, or the other side's odd tricks took it to game."""
    tricks, rows, held = hand["counters"]["tricks"], hand["rows"], hand["values"]["honours_held"]
    assert sum(tricks) == 13 and sum(held) == 4
    odd = [max(t - 6, 0) for t in tricks]
    assert rows["odd tricks"] == odd
    target = game.options["target"]
    before = [t - p for t, p in zip(hand["totals"], hand["points"])]
    for side in (0, 1):
        other = 1 - side
        barred = not game.options["honours"] or before[side] >= target - 1 or before[other] + odd[other] >= target
        assert rows["honours"][side] == (0 if barred else {4: 4, 3: 2}.get(held[side], 0))
    assert hand["points"] == [a + b for a, b in zip(rows["odd tricks"], rows["honours"])]


def check_euchre_hand(hand, game, k=0):
    """All five tricks are played; the makers score 1 for 3 or 4, 2 for a march (4 alone), else the defenders 2."""
    tricks, maker, alone = hand["counters"]["tricks"], hand["vars"]["maker"], hand["vars"]["maker_plays"] == "alone"
    assert sum(tricks) == 5 and 0 <= maker < 4
    makers = game.side_of[maker]
    taken = tricks[makers]
    expected = (4 if alone else 2) if taken == 5 else 1 if taken >= 3 else 0
    points = [0, 0]
    points[makers] = expected
    points[1 - makers] = 2 if taken < 3 else 0
    assert hand["points"] == points


E6_POINTS = {8: 50, 11: 10, 12: 10, 13: 10, 1: 1}  # E6: an eight 50, a court card 10, an ace 1, else its number


def check_crazy_eights_hand(hand, game, k=0):
    """E6: one player went out and scores the points left in the others' hands; or nobody did (blocked) and the
    player with the fewest points in hand, alone, scores each other player's excess over his. The points left
    are counted here from the cards held at the hand's end (`held`, kept by `play_random`), not read from the
    ruleset's own values."""
    rows = hand["rows"]
    left = [sum(E6_POINTS.get(C.RANK[c], C.RANK[c]) for c in cards) for cards in hand["held"]]
    assert hand["values"]["left"] == left
    out = [s for s, cards in enumerate(hand["held"]) if not cards]
    if "left in hand" in rows:
        check_last_one_loses(hand, out, left)
        return
    expected_out = [0] * game.sides
    expected_blocked = [0] * game.sides
    assert len(out) <= 1
    if out:
        expected_out[out[0]] = sum(left) - left[out[0]]
        assert left[out[0]] == 0
    else:
        low = min(left)
        if left.count(low) == 1:
            seat = left.index(low)
            expected_blocked[seat] = sum(v - low for v in left)
    assert rows["going out"] == expected_out and rows["blocked"] == expected_blocked
    assert hand["points"] == [a + b for a, b in zip(expected_out, expected_blocked)]


def check_last_one_loses(hand, out: list[int], left: list[int]) -> None:
    """The house rule of crazy-eights-last-one-loses (play on until one is left): each player scores the points
    left in his hand against him; those out are placed 1, 2 … in going out, and the one left, alone with cards,
    the next place — unless the hand was blocked first, when those still holding cards keep 0."""
    assert hand["points"] == left
    places = hand["counters"]["place"]
    assert sorted(places[s] for s in out) == list(range(1, len(out) + 1))
    holders = [s for s in range(len(left)) if s not in out]
    if len(holders) == 1:
        assert places[holders[0]] == len(out) + 1
    else:  # blocked, with two or more still holding cards
        assert holders and all(places[s] == 0 for s in holders)


HELD_AT_END = {"crazy-eights"}  # families whose check reads the cards held at each hand's end ("held")
HAND_CHECKS = {"pasur": check_pasur_hand, "hokm": check_hokm_hand, "ghahveh": check_ghahveh_hand,
               "shelem": check_shelem_hand, "hokm-2p": check_hokm_hand, "spades": check_spades_hand,
               "hearts": check_hearts_hand, "oh-hell": check_oh_hell_hand, "scopa": check_scopa_hand,
               "euchre": check_euchre_hand, "crazy-eights": check_crazy_eights_hand, "basra": check_basra_hand,
               "briscola": check_briscola_hand, "whist": check_whist_hand, "sixty-six": check_sixty_six_hand}


def check_hidden(st, seat):
    """What a seat must not see: other hands, the widow, another seat's discards, burned or passed cards."""
    v = st.view(seat)["zones"]
    for z in st.game.zones.values():
        if z.owner == "seat" and z.visible == "owner":
            for other, shown in enumerate(v[z.name]):
                assert isinstance(shown, list) == (other == seat)
        if z.owner == "none" and z.visible == "none":
            assert isinstance(v[z.name], int)


def play_random(game, seed: int, name: str = "", max_hands: int | None = None, checked: bool = True):
    """A game by random bots, to its end or `max_hands` hands, checking the invariants after every action
    (unless not `checked`)."""
    st = game.new_state(seed=seed)
    bots = make_bots(["random"] * game.players, seed)
    deck = sorted(game.deck)
    keep_held = family(name) in HELD_AT_END if name else False
    for i in range(MAX_ACTIONS):
        assert not checked or all_cards(st) == deck, "cards not conserved"
        if st.over or (max_hands is not None and len(st.hands) >= max_hands):
            return st
        if not checked:
            st.apply_move(bots[st.to_act].choose(st))
            continue
        legal = st.legal_actions()
        assert 0 <= st.to_act < game.players
        assert legal, "nobody can act but the game is not over"
        assert legal == sorted(set(legal)), "legal actions not sorted and unique"
        if i % 7 == 0:  # each seat in turn (a view works out the hand's worth: all of them, every time, cost 60%)
            check_hidden(st, i // 7 % game.players)
        move = bots[st.to_act].choose(st)
        before = st.copy() if keep_held else None
        st.apply_move(move)
        if keep_held and len(st.hands) > len(before.hands):  # the hands as the last move left them
            before.acting.apply(before, move)
            st.hands[-1]["held"] = [list(cards) for cards in before.zones["hand"]]
    raise AssertionError(f"game did not end in {MAX_ACTIONS} actions")


def check_totals(st, game):
    """Totals follow the points, but for rounds (back to 0) and the H16 reset (6-1)."""
    totals = [0] * game.sides
    for hand in st.hands:
        totals = [t + p for t, p in zip(totals, hand["points"])]
        if hand["totals"] != totals:
            assert game.options.get("kot_at_six") == "reset" and sorted(hand["totals"]) == [1, 6]
        totals = list(hand["totals"])
        if game.rounds > 1 and max(totals) >= 7 and not st.over:
            totals = [0] * game.sides
    return totals


@pytest.mark.parametrize("name", RULESETS)
def test_random_games_keep_the_invariants(name):
    game = load(name)
    check_hand = HAND_CHECKS[family(name)]
    max_hands = MAX_HANDS.get(family(name))
    for seed in range(GAMES[family(name)] // game.rounds):
        st = play_random(game, seed, name, max_hands)
        best = min(st.scores) if game.lowest_wins else max(st.scores)
        if family(name) == "oh-hell":  # Z6: 13 hands; a house rule: 25, up to 13 cards and down again
            assert st.over and len(st.hands) == (25 if game.options["up_and_down"] else 13)
        if not st.over:  # stopped by the bound: nobody has won yet
            assert len(st.hands) == max_hands and st.winner is None
        elif st.draw:  # only a game of a fixed number of hands may end in a draw (Z6)
            assert st.winner is None and game.hands_fixed is not None and st.scores.count(best) > 1
            continue
        else:
            assert st.winner is not None and st.scores[st.winner] == best
            if game.rounds == 1:
                assert st.scores.count(best) == 1
        for k, hand in enumerate(st.hands, 1):
            check_hand(hand, game, k)
        if game.rounds == 1:
            assert check_totals(st, game) == st.scores


@pytest.mark.parametrize("name", RULESETS)
def test_same_seed_same_game_and_records_replay(name):
    game = load(name)
    count = 20 // game.rounds if family(name) in ("pasur", "hokm") else 3
    max_hands = MAX_HANDS.get(family(name))
    for seed in random.Random(name).sample(range(10_000), count):
        # the same game whether or not views and legal lists are read on the way (reading changes nothing)
        a = play_random(game, seed, max_hands=max_hands)
        b = play_random(game, seed, max_hands=max_hands, checked=False)
        record = rec.make(a, name)
        assert record == rec.make(b, name)
        again = rec.replay(record, ".")
        assert rec.summary(again) == rec.summary(a)
        assert again.actions == a.actions
        by_seed = dict(record, shuffles=[])
        assert rec.summary(rec.replay(by_seed, ".")) == rec.summary(a)


def test_two_player_piles_turn_up_as_s16_s17_say():
    """S16-S17: pile tops stay face down until the opponent has answered the first lead from
    hand; from then on every non-empty pile shows its real top card, to both players."""
    game = load("shelem-2p.yaml")
    piles = ("pile1", "pile2", "pile3")
    for seed in range(10):
        st = game.new_state(seed=seed)
        bots = make_bots(["random"] * 2, seed)
        seen_up = False
        while not st.over and not st.hands:
            up = sum(st.game.steps[i].plays_cards for _, i, _ in st.hand_decisions) >= 2  # cards played
            seen_up |= up
            for seat in range(2):
                v = st.view(seat)["zones"]
                for z in piles:
                    for owner, shown in enumerate(v[z]):
                        pile = st.zones[z][owner]
                        assert shown["count"] == len(pile)
                        assert shown["top"] == (C.NAMES[pile[-1]] if up and pile else None)
            st.apply_move(bots[st.to_act].choose(st))
        assert seen_up


@pytest.mark.parametrize("name", RULESETS)
def test_no_bundled_ruleset_limits_the_hands(name):
    """The sources have no hand limit: `hand_limit` is a house rule, off (0) in every bundled ruleset."""
    game = load(name)
    st = game.new_state(seed=0)
    assert game.max_hands is None or game.max_hands(st.env, None) == 0


@pytest.mark.parametrize("name", ["shelem", "ghahveh"])
def test_without_a_hand_limit_a_game_plays_on(name):
    """By default (no limit) a game that has not reached its target is not over after many hands;
    a house rule's `hand_limit` ends the same game there, the higher total winning."""
    for seed in range(50):
        st = play_random(load(name), seed, max_hands=30)
        if not st.over and st.scores[0] != st.scores[1]:
            break
    else:
        raise AssertionError("no random game was still on, and untied, after 30 hands")
    limited = play_random(load(name, {"hand_limit": 30}), seed)
    assert limited.over and limited.hands == st.hands
    assert limited.winner == st.scores.index(max(st.scores))
