"""How often do the bots make card-play blunders a competent player would not?

    python benchmarks/blunders.py [--bots mcts,greedy] [--rulesets hokm,shelem,pasur] [--hands 20] [--seed 0]
                                  [--jobs J] [--out FILE.jsonl]

For each ruleset and bot kind, plays `--hands` hands, one a seed (seeds S, S+1, ...), with that kind at every
seat, and at each card play with a choice checks simple blunder patterns. The auditor sees every hand: "cards
still out" are the cards the other seats hold. A pattern counts an opportunity where the position invites the
blunder and a legal card avoids it, and a blunder where the bot played into it. Trick patterns (Hokm, Shelem,
Spades; Hearts has its own) follow H9/H10; Shelem's point patterns (S9) apply to rulesets named shelem*, Hearts'
(Y6/Y7) to hearts*; capture patterns to Pasur (P6-P18). Not judged: Shelem for two (its piles play as
partners) and Scopa (no surs).

Prints a Markdown table: ruleset, bots, pattern, blunders/opportunities and blunders per 100 opportunities
(patterns that never had an opportunity are left out). `--out` writes each blunder's position as a JSON line
(seed, log index, seat, every hand, the legal moves and the one chosen), to replay with the same seed and bots.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.tasks import run_all  # noqa: E402
from interpreter import cards as C  # noqa: E402
from interpreter import load  # noqa: E402
from interpreter.bots import make_bots, parse_spec  # noqa: E402
from interpreter.steps.capture import CapturePlay  # noqa: E402
from interpreter.steps.trick import TrickPlay  # noqa: E402

SPADES, HEARTS, CLUBS = 0, 1, 3
QS, AS, KS = C.BY_NAME["QS"], C.BY_NAME["AS"], C.BY_NAME["KS"]
D10, C2 = C.BY_NAME["10D"], C.BY_NAME["2C"]
COUNTING = (1, 5, 10)  # S9: an ace or a ten is 10 points, a five 5


def names(cards) -> str:
    return " ".join(C.NAMES[c] for c in cards)


# --- trick games -------------------------------------------------------------------------------------------


class Trick:
    """A card play in a trick game as the auditor sees it: the trick so far, whether the partner is winning it,
    the legal cards that would beat it (`beats`) and those that would not (`lose`)."""

    def __init__(self, st, ruleset: str):
        step, me, game = st.acting, st.to_act, st.game
        self.legal = st.legal_moves()
        self.trick = list(st.zones[step.trick_zone])
        self.seats = list(st.trick_state.seats)
        self.trump = step.trump_now(st)
        self.power = lambda c: step.power_now(st, c)
        self.others = [c for s, hand in enumerate(st.zones["hand"]) if s != me for c in hand]
        self.points, self.hearts = ruleset.startswith("shelem"), ruleset.startswith("hearts")
        self.partner_played = any(game.side_of[s] == game.side_of[me] and s != me for s in self.seats)
        self.last = len(self.trick) == game.players - 1
        self.partner_wins, self.beats, self.lose, self.led = False, [], self.legal, None
        if self.trick:
            powers = [self.power(c) for c in self.trick]
            best = max(powers)
            winner = self.seats[powers.index(best)]
            self.partner_wins = game.side_of[winner] == game.side_of[me] and winner != me
            self.beats = [c for c in self.legal if self.power(c) > best]
            self.lose = [c for c in self.legal if self.power(c) <= best]
            self.led = st.trick_state.led
        self.at_risk = self.partner_wins and self._later_beats(st, step, me)

    def _later_beats(self, st, step, me: int) -> bool:
        """Does a seat of another side still to play hold a card it may play that beats the trick (its suit led
        if it has one; the auditor sees its hand)?"""
        game, best = st.game, max(self.power(c) for c in self.trick)
        for k in range(1, game.players - len(self.trick)):
            seat = (me + k) % game.players
            if game.side_of[seat] == game.side_of[me]:
                continue
            hand = st.zones["hand"][seat]
            may = [c for c in hand if C.SUIT[c] == self.led] or hand
            if any(self.power(c) > best for c in may):
                return True
        return False

    def equivalent(self, a: int, b: int) -> bool:
        """Same suit, and no card still out ranks between them: playing either comes to the same."""
        if C.SUIT[a] != C.SUIT[b]:
            return False
        lo, hi = sorted((self.power(a), self.power(b)))
        return not any(C.SUIT[o] == C.SUIT[a] and lo < self.power(o) < hi for o in self.others)

    def counting(self, c: int) -> bool:
        return self.points and C.RANK[c] in COUNTING


# A pattern returns None where the position offers no opportunity, else whether the move was a blunder (False,
# True, or a text naming the better card).


def lead_count_under_higher(t: Trick, move):
    """S9: leading a side-suit 10 or 5 while a higher card of its suit is still out gives the points away, when
    a card worth nothing could be led instead. Only once trump is known (S7: the first lead declares it)."""
    if not t.points or t.trump < 0 or all(C.RANK[c] in COUNTING for c in t.legal):
        return None
    return (C.RANK[move] in (5, 10) and C.SUIT[move] != t.trump
            and any(C.SUIT[o] == C.SUIT[move] and (C.RANK[o] == 1 or C.RANK[o] > C.RANK[move]) for o in t.others))


def overtake_partner_last(t: Trick, move):
    """H10: last to play with the partner's card winning, beating it (with a card not equivalent to one that
    would not) spends a high card on a trick the side already has."""
    if t.hearts or not (t.last and t.partner_wins and t.lose):
        return None
    return move in t.beats and not any(t.equivalent(move, c) for c in t.lose)


def ruff_partner_last(t: Trick, move):
    """H9/H10: last to play with the partner winning a side-suit trick, trumping it though a side card is
    legal."""
    if t.hearts or not (t.last and t.partner_wins and t.lose) or t.led == t.trump:
        return None
    if not any(C.SUIT[c] == t.trump for c in t.beats) or all(C.SUIT[c] == t.trump for c in t.legal):
        return None
    return C.SUIT[move] == t.trump


def miss_cheap_win_last(t: Trick, move):
    """H10: last to play with an opponent winning, not taking the trick though a card of the suit led would."""
    if t.hearts or not t.last or t.partner_wins or not any(C.SUIT[c] == t.led for c in t.beats):
        return None
    return move not in t.beats


def decline_ruff_last(t: Trick, move):
    """H9/H10: last to play with an opponent winning, not trumping when only a trump would take the trick."""
    if t.hearts or not t.last or t.partner_wins or not t.beats or any(C.SUIT[c] == t.led for c in t.beats):
        return None
    return move not in t.beats


def overkill_last(t: Trick, move):
    """H10: last to play with an opponent winning, taking the trick with a higher card than needed (a cheaper
    winner of the same suit, not equivalent to it). Taking it with a point card in Shelem is no blunder."""
    if t.hearts or not t.last or t.partner_wins or len(t.beats) < 2:
        return None
    if move not in t.beats or t.counting(move):
        return False
    cheaper = [c for c in t.beats if C.SUIT[c] == C.SUIT[move] and t.power(c) < t.power(move)
               and not t.equivalent(c, move)]
    return f"{C.NAMES[cheaper[0]]} also wins" if cheaper else False


def waste_high_nonwin(t: Trick, move):
    """H10: unable to beat the trick, playing a card above a lower one of its suit (not equivalent, and in
    Shelem worth no points) wastes it. In Shelem not judged when the partner is winning (points go to him)."""
    if t.hearts or t.beats or (t.points and t.partner_wins):
        return None
    lower = [c for c in t.legal if C.SUIT[c] == C.SUIT[move] and t.power(c) < t.power(move)
             and not t.equivalent(c, move) and not t.counting(c)]
    return f"{C.NAMES[lower[0]]} lower" if lower else False


def gift_count_to_opp(t: Trick, move):
    """S9: unable to beat an opponent's card, last to play or after the partner, playing a point card to the
    opponents' trick when a card worth nothing is legal."""
    if not t.points or t.partner_wins or t.beats or not (t.last or t.partner_played):
        return None
    if all(t.counting(c) for c in t.legal):
        return None
    return t.counting(move)


def count_to_partner_at_risk(t: Trick, move):
    """S9: the partner winning but an opponent still to play able to beat the trick (the auditor sees it),
    playing a point card to it when a card worth nothing is legal: the points go over if the trick is lost."""
    if not t.points or not t.at_risk or t.beats or all(t.counting(c) for c in t.legal):
        return None
    return t.counting(move)


def hearts_points(cards) -> int:
    """Y7: a heart 1, the Q♠ 13."""
    return sum(13 if c == QS else C.SUIT[c] == HEARTS for c in cards)


def hearts_eat_points_last(t: Trick, move):
    """Y6/Y7: last to play, taking a trick with points in it (or points added by the card played) when a card
    that ducks it is legal."""
    if not t.hearts or not (t.last and t.lose and t.beats):
        return None
    if not (hearts_points(t.trick) or move == QS or C.SUIT[move] == HEARTS):
        return None
    eats = move in t.beats and hearts_points(t.trick + [move]) > 0
    return f"{C.NAMES[t.lose[0]]} ducks" if eats else False


def hearts_hold_queen_under_AK(t: Trick, move):
    """Y6/Y7: spades led and the A♠ or K♠ already in the trick: the Q♠ can be shed safely, and is not."""
    if not t.hearts or t.last or QS not in t.legal or t.led != SPADES or not (AS in t.trick or KS in t.trick):
        return None
    return move != QS


def hearts_AK_spade_while_Q_out(t: Trick, move):
    """Y6/Y7: spades led, the Q♠ still out and not the last to play: the A♠ or K♠ may catch the Q♠ when a
    spade below it is legal."""
    if not t.hearts or t.last or t.led != SPADES or QS in t.trick or QS not in t.others:
        return None
    if not (AS in t.legal or KS in t.legal):
        return None
    if not any(C.SUIT[c] == SPADES and t.power(c) < t.power(QS) for c in t.legal):
        return None
    return move in (AS, KS)


LEADS = (lead_count_under_higher,)
FOLLOWS = (overtake_partner_last, ruff_partner_last, miss_cheap_win_last, decline_ruff_last, overkill_last,
           waste_high_nonwin, gift_count_to_opp, count_to_partner_at_risk, hearts_eat_points_last,
           hearts_hold_queen_under_AK, hearts_AK_spade_while_Q_out)


# --- Pasur ---------------------------------------------------------------------------------------------------


def makes_sur(st, move) -> bool:
    """P13/P14: the move scores a sur (a jack's sweep, or one in a last deal that does not count, does not)."""
    after = st.copy(history=False)
    before = list(after.counters["surs"])
    after.apply_move(move)
    return list(after.counters["surs"]) != before


def capture_value(move) -> float:
    """What a move takes (P18): 10♦ 3, 2♣ 2, an ace or jack 1; a club 0.3 (towards the 7 clubs), a card 0.01."""
    card, taken = move
    if not taken:
        return 0.0
    cards = (card, *taken)
    points = sum(3 if c == D10 else 2 if c == C2 else 1 if C.RANK[c] in (1, 11) else 0 for c in cards)
    return points + 0.3 * sum(C.SUIT[c] == CLUBS for c in cards) + 0.01 * len(cards)


class Capture:
    """A card play in Pasur as the auditor sees it: the table, and the legal moves that make a sur."""

    def __init__(self, st):
        self.st, self.me = st, st.to_act
        self.legal = st.legal_moves()
        self.table = list(st.zones["table"])
        self.surs = [m for m in self.legal if makes_sur(st, m)]

    def unseen(self) -> list[int]:
        """Cards the seat has not seen: not in its hand, on the table or in a capture pile."""
        zones = self.st.zones
        seen = set(zones["hand"][self.me]) | set(self.table)
        if isinstance(zones["won"][0], list):
            seen |= {c for pile in zones["won"] for c in pile}
        return [c for c in range(52) if c not in seen]


def surable(table: list[int], unseen: list[int]) -> bool:
    """Whether a card the seat has not seen could sweep `table`: a lone queen or king by its like (P8), or
    numeric cards (no jack, P9) by the one making 11 (P6)."""
    if not table:
        return False
    ranks = [C.RANK[c] for c in table]
    if len(table) == 1 and ranks[0] in (12, 13):
        return any(C.RANK[u] == ranks[0] for u in unseen)
    if any(r > 10 for r in ranks):
        return False
    need = 11 - sum(ranks)
    return 1 <= need <= 10 and any(C.RANK[u] == need for u in unseen)


def _missed(p: Capture, move, card: int):
    if card not in p.table or not any(card in taken for _, taken in p.legal if taken):
        return None
    return card not in move[1] and move not in p.surs


def miss_10D(p: Capture, move):
    """P18: leaving the 10♦ (3 points) on the table when a legal move takes it, for no sur."""
    return _missed(p, move, D10)


def miss_2C(p: Capture, move):
    """P18: leaving the 2♣ (2 points and a club) on the table when a legal move takes it, for no sur."""
    return _missed(p, move, C2)


def miss_sur(p: Capture, move):
    """P13: not making a sur (5 points) when a legal move makes one."""
    return (move not in p.surs) if p.surs else None


def leave_sur(p: Capture, move):
    """P13/P14/P16: leaving a table that a card the seat has not seen could sweep, when another move leaves none
    for as much (by `capture_value`; a jack laid for nothing does not count). Judged only while a sur scores
    (before the last deal, or with `last_deal_sur`) and on a table holding cards."""
    st = p.st
    if not st.zones["stock"] and not st.game.options.get("last_deal_sur"):
        return None
    unseen = p.unseen()
    after = {}
    for m in p.legal:
        after[m] = st.copy(history=False)
        after[m].apply_move(m)
    bad = [m for m in p.legal if surable(list(after[m].zones["table"]), unseen)]
    good = [m for m in p.legal if m not in bad and not (C.RANK[m[0]] == 11 and not m[1])] if p.table else []
    if not bad or not good or max(map(capture_value, good)) < min(map(capture_value, bad)):
        return None
    if move not in bad or max(map(capture_value, good)) < capture_value(move):
        return False
    nxt = after[move]
    real = (isinstance(nxt.acting, CapturePlay) and nxt.to_act != p.me and not nxt.over
            and any(makes_sur(nxt, m) for m in nxt.legal_moves()))
    alt = max(good, key=capture_value)
    return (f"left {names(nxt.zones['table'])} ({'the next seat holds a sur' if real else 'the next seat holds none'});"
            f" {st.move_text(alt)} instead")


CAPTURES = (miss_10D, miss_2C, miss_sur, leave_sur)


# --- playing and counting ------------------------------------------------------------------------------------


def judge(st, ruleset: str, move):
    """The patterns with an opportunity at this decision, each with its verdict; None if no card play."""
    if isinstance(st.acting, TrickPlay) and st.acting.sources == ("hand",):  # not Shelem for two's piles
        view = Trick(st, ruleset)
        patterns = () if len(view.legal) < 2 else FOLLOWS if view.trick else LEADS
    elif isinstance(st.acting, CapturePlay) and "surs" in st.counters:  # Pasur, not Scopa
        view = Capture(st)
        patterns = CAPTURES if len(view.legal) > 1 else ()
    else:
        return None
    verdicts = ((f.__name__, f(view, move)) for f in patterns)
    return [(name, v) for name, v in verdicts if v is not None]


def position(st, ruleset: str, kind: str, seed: int, move, pattern: str, detail) -> dict:
    """A blunder's position for `--out`."""
    me = st.to_act
    rec = dict(ruleset=ruleset, bots=kind, seed=seed, log_index=len(st.log), seat=me, pattern=pattern,
               detail=detail if isinstance(detail, str) else None, hand=names(sorted(st.zones["hand"][me])),
               legal=[st.move_text(m) for m in st.legal_moves()], chosen=st.move_text(move),
               all_hands={s: names(sorted(h)) for s, h in enumerate(st.zones["hand"])})
    step = st.acting
    if isinstance(step, TrickPlay):
        trump = step.trump_now(st)
        rec.update(trick=[[s, C.NAMES[c]] for s, c in zip(st.trick_state.seats, st.zones[step.trick_zone])],
                   trump=C.SUITS[trump] if trump >= 0 else None, trick_no=st.trick_state.number)
    else:
        rec.update(table=names(st.zones["table"]), stock=len(st.zones["stock"]))
    return rec


def play_hand(task) -> dict:
    """One seeded hand with `kind` at every seat: opportunities and blunders by pattern."""
    ruleset, kind, seed, keep = task
    game = load(ruleset)
    st = game.new_state(seed=seed, max_hands=1)
    bots = make_bots(parse_spec(kind, game.players), seed)
    chances, blunders, decisions, records = Counter(), Counter(), 0, []
    while not st.over and not st.halted:
        move = bots[st.to_act].choose(st)
        judged = judge(st, ruleset, move)
        decisions += judged is not None
        for pattern, verdict in judged or ():
            chances[pattern] += 1
            if verdict:
                blunders[pattern] += 1
                if keep:
                    records.append(position(st, ruleset, kind, seed, move, pattern, verdict))
        st.apply_move(move)
    return {"chances": chances, "blunders": blunders, "decisions": decisions, "records": records}


def rows(ruleset: str, kind: str, results: list[dict]) -> list[str]:
    chances, blunders = Counter(), Counter()
    for r in results:
        chances.update(r["chances"])
        blunders.update(r["blunders"])
    if not chances:
        return [f"| {ruleset} | {kind} | – | 0/0 | – |"]
    return [f"| {ruleset} | {kind} | {p} | {blunders[p]}/{chances[p]} | {100 * blunders[p] / chances[p]:.1f} |"
            for p in sorted(chances)]


HEADER = "| ruleset | bots | pattern | blunders/opportunities | per 100 |\n|---|---|---|---|---|"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="mcts,greedy", help="bot kinds, comma-separated, each at every seat")
    ap.add_argument("--rulesets", default="hokm,shelem,pasur")
    ap.add_argument("--hands", type=int, default=20, help="hands per ruleset and bot kind, one a seed")
    ap.add_argument("--seed", type=int, default=0, help="the first seed")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", help="write each blunder's position to this JSONL file")
    args = ap.parse_args()
    plan = [(r, k) for r in args.rulesets.split(",") for k in args.bots.split(",")]
    tasks = [(r, k, args.seed + h, bool(args.out)) for r, k in plan for h in range(args.hands)]
    started = time.perf_counter()
    results = run_all(play_hand, tasks, args.jobs)
    print(HEADER)
    for i, (ruleset, kind) in enumerate(plan):
        print("\n".join(rows(ruleset, kind, results[i * args.hands:(i + 1) * args.hands])))
    if args.out:
        with open(args.out, "w") as f:
            f.writelines(json.dumps(rec) + "\n" for r in results for rec in r["records"])
    decisions = sum(r["decisions"] for r in results)
    print(f"\n{len(tasks)} hands, {decisions} card plays judged, in {time.perf_counter() - started:.0f} s, "
          f"--jobs {args.jobs}, seeds from {args.seed}")


if __name__ == "__main__":
    main()
