"""The hand-written yardsticks (benchmarks/handwritten/) play the same rules as the bundled rulesets.

Each yardstick plays seeded games; cardrules replays the same deck orders and the same actions and must list
the same sorted legal actions and the same seat to act at every step, and end with the same hands, scores and
winner. A few first deals are rigged so that rare rules happen (P3 misdeals and jack replacement, an S11
shelem); some games bid low, so that contracts are made, targets reached and deals thrown in (S5).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from benchmarks.handwritten import ghahveh, hokm, pasur, shelem, shelem_2p
from interpreter import load

GAMES = 30
YARDSTICKS = {"pasur": pasur, "hokm": hokm, "ghahveh": ghahveh, "shelem": shelem, "shelem-2p": shelem_2p}
LIMITED = ("ghahveh", "shelem", "shelem-2p")  # games with the hand_limit option
NAMES = pasur.NAMES + ["BJ", "RJ"]


def _place(deck: list[int], cards: list[str], at: int) -> list[int]:
    """`deck` with `cards` moved to positions at, at+1, ... (the others keep their order)."""
    ids = [NAMES.index(c) for c in cards]
    rest = [c for c in deck if c not in ids]
    return rest[:at] + ids + rest[at:]


def rigged_decks(name: str, seed: int, rng: random.Random) -> list[list[int]]:
    """First deck orders that make a rare rule happen, by seed; the yardstick's own shuffles follow."""
    deck = list(ghahveh.DECK if name == "ghahveh" else range(52))
    rng.shuffle(deck)
    case = seed % 6
    if name == "pasur":  # P3: the table is deck[8:12], the stock starts at deck[12]
        if case == 0:
            return [_place(deck, ["JS", "JH"], 9), deck[::-1]]  # misdeal, then a new shuffle
        if case == 1:
            return [_place(deck, ["QS", "QH", "QC"], 8), deck[::-1]]
        if case == 2:
            return [_place(deck, ["JD", "JC", "JH"], 11)]  # a jack replaced by jacks
        if case == 3:
            return [_place(deck, ["QS", "JD", "QH", "7H", "QC"], 8)]  # the third queen comes in, not judged
    if name in ("shelem", "shelem-2p") and case == 0:  # seat 0 holds 12 spades, the 2S is in the widow
        spades = [f"{r}S" for r in ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
        return [_place(_place(deck, spades, 0), ["2S"], 36 if name == "shelem" else 44)]
    return []


def policy(name: str, seed: int):
    """How the seats choose: uniformly at random, but some seeds bid low (contracts made, targets reached),
    and the rigged shelem seeds hand seat 0 the contract in the first deal and keep its spades."""
    low = seed % 3 == 1
    shelem_rig = name in ("shelem", "shelem-2p") and seed % 6 == 0

    def choose(rng: random.Random, game, texts: list[str]) -> int:
        first_deal = game.hands == 0 and len(game.shuffles) == 1
        if shelem_rig and first_deal and "pass" in texts:
            return texts.index("bid 100" if game.to_act == 0 else "pass")  # seat 0 bids 100, the others pass
        if shelem_rig and first_deal and texts[0].startswith("discard"):
            keep = [i for i, t in enumerate(texts) if not t.endswith("S")]
            return rng.choice(keep or range(len(texts)))
        bids = [i for i, t in enumerate(texts) if t.startswith("bid")]
        if low and bids:  # pass now and then, else the lowest bid
            if "pass" in texts and rng.random() < 0.6:
                return texts.index("pass")
            return min(bids, key=lambda i: int(texts[i].split()[1]))
        return rng.randrange(len(texts))

    return choose


def play_yardstick(name: str, seed: int, hand_limit: int | None):
    """A yardstick game: the game, and per step the sorted legal texts, the seat to act and the chosen text."""
    rng = random.Random(f"yardstick/{name}/{seed}")
    extra = {"hand_limit": hand_limit} if hand_limit is not None else {}
    game = YARDSTICKS[name].new_game(seed, decks=rigged_decks(name, seed, rng), **extra)
    choose = policy(name, seed)
    steps = []
    while not game.over:
        moves = game.legal()
        texts = [game.action_text(m) for m in moves]
        assert len(set(texts)) == len(texts), f"{name} seed {seed}: a move listed twice: {texts}"
        i = choose(rng, game, texts)
        steps.append((sorted(texts), game.to_act, texts[i]))
        game.apply(moves[i])
        assert len(steps) < 100_000, f"{name} seed {seed}: the yardstick game does not end"
    return game, steps


def replay_in_cardrules(name: str, seed: int, hand_limit: int | None, game, steps):
    """The same deck orders (as card names) and actions through cardrules, compared at every step."""
    options = {"hand_limit": hand_limit} if hand_limit is not None else None
    shuffles = [[NAMES[c] for c in deck] for deck in game.shuffles]
    st = load(name, options).new_state(shuffles=shuffles)
    for i, (legal, seat, action) in enumerate(steps):
        last = [s[2] for s in steps[max(0, i - 4):i]]
        where = f"{name} seed {seed}, action {i} (hand {len(st.hands) + 1}; last: {last})"
        assert not st.over, f"{where}: cardrules ended the game, the yardstick did not"
        assert st.legal_actions() == legal, f"{where}: legal actions differ"
        assert st.to_act == seat, f"{where}: seat to act differs"
        st.apply(action)
    assert st.over, f"{name} seed {seed}: the yardstick ended the game, cardrules did not"
    assert len(st.decks) == len(game.shuffles), f"{name} seed {seed}: number of shuffles differs"
    assert (len(st.hands), st.scores, st.winner) == (game.hands, game.scores, game.winner), f"{name} seed {seed}"
    return st


def events(name: str, st, game) -> Counter:
    """Which rare rules the game went through, read from cardrules' hand records."""
    ev = Counter()
    redeals = len(game.shuffles) - game.hands - (name == "hokm")  # the Hokm first-ace draw is a shuffle too
    ev["redeal"] += redeals
    ev["target"] += max(st.scores) >= {"pasur": 62, "hokm": 7, "ghahveh": 501}.get(name, 1200)
    for hand in st.hands:
        pts = hand["points"]
        if name == "pasur":
            ev["sur"] += sum(hand["counters"]["surs"]) > 0
        elif name == "hokm":
            ev["kot"] += max(pts) >= 2
        elif name == "ghahveh":
            ev["contract made"] += max(pts) > 0
        else:
            hakem_side = hand["vars"]["hakem"] % 2
            ev["shelem"] += 330 in pts
            ev["yasa"] += -165 in pts
            ev["contract made"] += pts[hakem_side] > 0 and 330 not in pts
    return ev


COVERAGE = {
    "pasur": ["redeal", "sur", "target"],
    "hokm": ["kot", "target"],
    "ghahveh": ["contract made", "target"],
    "shelem": ["redeal", "shelem", "yasa", "contract made", "target"],
    "shelem-2p": ["redeal", "shelem", "yasa", "contract made", "target"],
}


def hand_limit_for(name: str, seed: int) -> int | None:
    """100 (today's default) now and then, else a small limit that keeps the test fast; always given to both,
    so that the test holds whatever the ruleset's default."""
    if name not in LIMITED:
        return None
    return [30, 100, 8, 3, 15, 20][seed % 6]


@pytest.mark.parametrize("name", list(YARDSTICKS))
def test_yardstick_plays_the_rulesets_rules(name):
    seen = Counter()
    for seed in range(GAMES):
        limit = hand_limit_for(name, seed)
        game, steps = play_yardstick(name, seed, limit)
        st = replay_in_cardrules(name, seed, limit, game, steps)
        seen += events(name, st, game)
    missing = [e for e in COVERAGE[name] if not seen[e]]
    assert not missing, f"{name}: the games never had {missing} ({dict(seen)})"


def test_yardsticks_take_deck_orders_as_names_or_ids():
    rng = random.Random(0)
    deck = list(range(52))
    rng.shuffle(deck)
    a = hokm.new_game(5, decks=[deck, deck])
    b = hokm.new_game(5, decks=[[NAMES[c] for c in deck]] * 2)
    assert a.shuffles[:2] == b.shuffles[:2] == [deck, deck] and a.legal() == b.legal()


@pytest.mark.parametrize("engine", ["cardrules", "yardstick"])
def test_the_benchmarks_parts_count_every_decision_once_and_every_trick(engine):
    """`bench.py --parts` puts each decision in one part, for this engine and the hand-written one alike: in Hokm
    a hand is 1 trump choice and 4 cards a trick; the trick-closing plays and the hand's last play are its
    tricks (7 to 13)."""
    from benchmarks.bench import parts, yardstick_parts

    shares = (parts if engine == "cardrules" else yardstick_parts)("hokm", 0.3)
    calls = {k: n for k, (n, _) in shares.items()}
    assert calls["legal moves"] == pytest.approx(calls["plays"] + calls["trick-closing plays"]
                                                 + calls["hand-ending plays"])
    assert calls["hand-ending plays"] == pytest.approx(1, abs=0.05)  # a game stopped mid-hand counts none
    tricks = calls["trick-closing plays"] + calls["hand-ending plays"]
    assert 7 <= tricks <= 13
    assert calls["legal moves"] == pytest.approx(1 + 4 * tricks, abs=0.5)
