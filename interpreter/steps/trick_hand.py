"""Trick play with no bower rules (`suit_of`, `power_of`) and no draw after a trick, the leader playing first
from a hand: its code chosen and written out at load.

The rules are TrickPlay's. For such a step the legal plays, the play, the close of a trick and search's playouts
are generated once the game is loaded, from the step's options (as template engines write a template out): the
branches those options never take (plays not noted, no stop, no special cards) are left out, which is most of
the work of a play in the general step. In the common shape every play comes from one hand, seat after seat
round the table from the leader; otherwise (plays from pile tops, several hands, seats out of order) each turn's
own lines are written out under a test of the turn. The playouts work the legal plays and the play into one
loop, as search plays thousands of them a decision.
"""

from __future__ import annotations

import re
from itertools import filterfalse
from types import MethodType

from ..cards import NO_SUIT, OF_SUIT
from ..expressions import for_seat, for_side, written_in
from ..state import NOBODY, generated, logged, tricks_begun, views_for
from .trick import NONE_LED, STARTING_LINES, SUIT, TrickPlay, first_strongest


def fits(turns, by_rule: bool, draw) -> bool:
    """Can a trick play's turns, bower rules and draw be written out: no bower rules, no draw, and the leader
    playing first from a hand (the winner of a trick who holds a card leads the next at once)?"""
    lead = turns[0]
    return not by_rule and draw is None and lead.offset == 0 and not lead.tops and len(lead.sources) == 1


def _common(step) -> bool:
    """Every play from one hand, seat after seat from the leader."""
    return all(not t.tops and t.sources == (step.hand,) and t.offset == i for i, t in enumerate(step.turns))


class HandTricks(TrickPlay):
    """TrickPlay for a step that `fits`. Its `legal`, `apply` and `play_random` are generated once the game is
    loaded (`ready`), from the step's options: what a play does with these options and nothing else. (A trick
    closed after a turn with no card to play, which is rare, closes by the general step's `_close_trick`.)"""

    __slots__ = ("hand", "legal", "apply", "play_random", "play_chosen", "written_out")  # made by `ready`

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.hand = self.first_sources[0]

    def ready(self, g) -> None:
        self.legal, self.apply, self.play_random, self.play_chosen, self.written_out = generated_play(self, g)
        self.start = generated_start(self, g)  # in the instance's dict, before the class's start


def generated_start(step: HandTricks, g) -> object:
    """(st) -> None: TrickPlay.start written out for the step: what a trick step notes in the hand's phase, set
    where not yet set; nothing more if its stop holds or no card is left to play; else the seat that sits out,
    and the first trick, led by the `leader` (its source written in) from his hand, or by the next seat that has
    a card."""
    ns = {"step": step, "TRICK": step.trick_zone, "HAND": step.hand, "BEGUN": tricks_begun}
    lines = ["ph, zones, ts = st.phase, st.zones, BEGUN(st)", "c = None", *STARTING_LINES]
    if step.stop is not None:
        lines += _stopped_lines(step, g, ns, ["return"])
    ns.update((f"S{i}", zone) for i, zone in enumerate(step.sources))
    held = " or ".join(f"any(zones[S{i}])" for i in range(len(step.sources)))
    lines += [f"if not ({held}):", "    return", "if zones[TRICK]:", "    raise step._trick_held(st)",
              "ts.sits_out = step._sitting_out(st)" if step.sits_out is not None else "ts.sits_out = -1",
              "e = st._env or st.env", f"leader = {written_in(step.leader, 'LEADER', ns)} % {g.players}",
              *_led_by("leader"), "if zones[HAND][leader]:", "    st.to_act = leader", "else:",
              "    step._seat_turn(st)"]
    return generated("st", lines, "None", ns)


def generated_play(step: HandTricks, g) -> tuple:
    """The step's legal plays (`legal`), its play of a card with the close of a full trick (`apply`), search's
    playouts (`play_random`) and Step.play_chosen (the general one where two copies of a card make one move), as
    TrickPlay does them, written out for this step's options: its
    zones, counter and stop, the number of seats, whether plays are noted, suit followed, trump declared by the
    lead, special cards. The source is made of these counts and flags; every zone, counter, variable and
    function it reads is bound as a name."""
    ns = {"step": step, "SUIT": SUIT, "OF_SUIT": OF_SUIT, "NOBODY": NOBODY, "first_strongest": first_strongest,
          "filterfalse": filterfalse,
          "HAND": step.hand, "TRICK": step.trick_zone, "PILE": step.pile, "COUNTER": step.tricks,
          "TRUMP": step.trump, "TRUMP_VAR": step.trump_var, "STOP": step.stop, "STRENGTHS": step.strengths,
          "SIDE_OF": g.side_of, "SPECIALS": frozenset(step.specials), "UNSURE": step.unsure_suits,
          "DECLARED": step.declare_trump, "NO_SUIT": NO_SUIT,
          # the seat after each: in the common shape, that of the next turn
          "NEXT": tuple((seat + 1) % g.players for seat in range(g.players)),
          "HAND_OF": tuple((step.hand, seat) for seat in range(g.players))}  # each seat's key in the voids noted
    for k, turn in enumerate(step.turns):  # each turn's zones: FROM<k>, and each alone, Z<k>_<j>
        ns[f"FROM{k}"] = turn.sources
        ns.update((f"Z{k}_{j}", zone) for j, zone in enumerate(turn.sources))
    ns["LOGGED"] = logged(step, g)
    # the hand's trick state, zones and (where plays are noted) phase
    head = ["ts, zones = st.trick_state, st.zones", *["ph = st.phase"] * step.notes_plays,
            "held, trick = zones[HAND], zones[TRICK]"]
    close = _close_lines(step, g, ns)  # written into both: a call a trick costs 1-3% more
    play = head + ["seat = st.to_act", "led = ts.led"] + _play_lines(step, g, True) + _indented(close)
    legal = ["ts, zones = st.trick_state, st.zones", "led = ts.led"] + _choices(step, True, "zones[HAND]", ns)
    # the state's apply_move (state.state_class): done once the turn passes, the moves of the seat now to act
    # forgotten (most plays do not close a trick)
    state_play = head + ["led = ts.led"] \
        + _play_lines(step, g, True, passed=("st._legal = None", "return")) + _indented(close)
    ns["ONE_BY_ONE"], ns["DECK"] = MethodType(TrickPlay.play_chosen, step), len(g.deck)
    ns["BITS"] = tuple(n.bit_length() for n in range(len(g.deck) + 1))  # no more plays than cards
    chosen = ns["ONE_BY_ONE"] if g.copies else generated("st, rngs, due", _chosen_head + head
                                                         + _playout_lines(step, g, close, ns, CHOSEN), "None", ns)
    return (generated("st", ["seat = st.to_act"] + legal, "plays", ns), generated("st, card", play, "None", ns),
            generated("st, r", head + _playout_lines(step, g, close, ns), "None", ns),  # one namespace for them all
            chosen, (legal, state_play, ns))


def _choices(step: HandTricks, copied: bool, hand: str, ns: dict) -> list[str]:
    """`plays`: what `seat` may play now (`led`: the suit led), `hand` the source of its hand in the common
    shape; else as the turn says. A list of its own where `copied` (legal moves), else perhaps the hand itself
    (a playout's)."""
    if _common(step):
        return [f"cards = {hand}[seat]"] + _choice_lines(step, copied, ns, cleared=not copied)
    return ["t = ts.turn"] + _by_turn(step, lambda k: _turn_choice_lines(step, k, copied, ns))


def _by_turn(step: HandTricks, each) -> list[str]:
    """Each turn's lines, `each(k)`, under a test of `t`, the turn now (the last turn's under `else`). A step
    not in the common shape has two turns or more."""
    n = step.n_turns
    lines = []
    for k in range(n):
        lines += [f"{'if' if k == 0 else 'elif'} t == {k}:" if k < n - 1 else "else:"] + _indented(each(k))
    return lines


def _turn_choice_lines(step: HandTricks, k: int, copied: bool, ns: dict) -> list[str]:
    """`plays`: what `seat` may play in turn `k`: from its hand as in the common shape, or from its pile tops,
    each top as card | pile index << 6 (TrickPlay.legal)."""
    if not step.tops[k]:
        return [f"cards = zones[Z{k}_0][seat]"] + _choice_lines(step, copied, ns)
    lines = ["plays = []"] + ["follow = []"] * step.follow  # follow: the tops of the suit led, as they come
    for j in range(len(step.turns[k].sources)):
        mark = f" | {j << 6}" if j else ""  # the pile's index
        lines += [f"pile = zones[Z{k}_{j}][seat]", "if pile:", "    top = pile[-1]", f"    plays.append(top{mark})"]
        if step.follow:
            lines += ["    if SUIT[top] == led:", f"        follow.append(top{mark})"]
    test = "if"
    if step.specials:
        lines += ["if not SPECIALS.isdisjoint([m & 63 for m in plays]):",
                  "    move_of = {m & 63: m for m in plays}",
                  "    plays = [move_of[c] for c in step._special_rules(st, seat, list(move_of), led)]"]
        test = "elif"
    if step.follow:
        lines += [f"{test} led is not None:", "    plays = follow or plays"]
    return lines


def _indented(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def _play_lines(step: HandTricks, g, voids: bool, turn_read: bool = False, passed: tuple = (),
                kept: bool = False) -> list[str]:
    """`card` from `seat`, the seat to act, into the trick (`led`: the suit led before it; with `voids`, the suit
    a seat shows it lacks noted); the next seat with a card is to act, or else the trick is full: the lines that
    follow, indented under the last line's `else`, close it. In the common shape from the hand (`held`), the next
    seat the next at the table; else as the turn (`t`, read here unless `turn_read`) says. The lines `passed`
    follow the turn passed to the next seat. With `kept` (a playout's loop), in the common shape the loop keeps
    the trick's seats (`seats`), the suit led (`led`, set here as the trick state's) and the turn (`t`) from play
    to play; the turn is put in the trick state only where another reads it: before a turn with no card to play,
    and as the trick closes."""
    common = _common(step)
    kept = kept and common
    shows = voids and step.follow and not common and any(step.tops)  # a play from pile tops shows no void: `up`
    lines = [] if kept else ["seats = ts.seats"]
    if common:
        lines.append("held[seat].remove(card)")
    else:
        lines += ["t = ts.turn"] * (not turn_read) + _by_turn(step, lambda k: _source_lines(step, k, shows)) \
            + ["zones[src][seat].remove(card)"]
    lines += ["trick.append(card)", "seats.append(seat)"]
    if step.notes_plays:
        lines += ['ph["gone"].append(card)', 'ph["gone_by"].append(seat)']
    lines += ["if led is None:", "    suit = SUIT[card]"]
    led_now = "ts.led = led" if kept else "ts.led"
    if step.declare_trump:  # the lead names trump while none is named
        lines += [f'    {led_now} = suit if suit >= 0 and st.vars.get(DECLARED, NO_SUIT) != NO_SUIT'
                  " else step._led_suit(st, card)"]
    else:
        lines += [f'    {led_now} = suit if suit >= 0 else step._led_suit(st, card)']
    if step.follow and voids:
        lines += [f"elif SUIT[card] != led{' and not up' * shows}:"] + _indented(
            _void_lines(step, "HAND" if common else "src"))
    if common:  # kept: the turn goes into the trick state only before a turn with no card to play, and at the close
        stored = ["ts.turn = t"] * kept
        return lines + ["t += 1" if kept else "t = ts.turn = ts.turn + 1", f"if t != {step.n_turns}:",
                        "    nxt = NEXT[seat]", "    if held[nxt]:", "        st.to_act = nxt",
                        *("        " + line for line in passed), "    else:", *("        " + line for line in stored),
                        "        step._seat_turn(st)", "else:", *("    " + line for line in stored)]
    lines.append("t = ts.turn = t + 1")
    for k in range(1, step.n_turns):
        lines += [f"{'if' if k == 1 else 'elif'} t == {k}:"] + _indented(_next_seat_lines(step, g, k, passed))
    return lines + ["else:"]


def _source_lines(step: HandTricks, k: int, shows: bool) -> list[str]:
    """`src`, the zone turn `k` plays `card` from: its hand, or the pile a move from pile tops names (the move
    then made the card)."""
    if step.tops[k]:
        return [f"src = FROM{k}[card >> 6]", "card &= 63"] + ["up = True"] * shows
    return [f"src = Z{k}_0"] + ["up = False"] * shows


def _next_seat_lines(step: HandTricks, g, k: int, passed: tuple) -> list[str]:
    """The seat of turn `k` is to act if it has a card to play from its hand or a pile top; else the next turn
    that has one (TrickPlay._seat_turn)."""
    lines = [f"nxt = (ts.leader + {step.offsets[k]}) % {g.players}"]
    if step.tops[k]:  # TrickPlay._tops_turn: the piles turn face up
        held = " or ".join(f"zones[Z{k}_{j}][nxt]" for j in range(len(step.turns[k].sources)))
        return lines + [f"if Z{k}_0 not in ts.tops_up:", f"    ts.tops_up += FROM{k}", f"if {held}:",
                        "    st.to_act = nxt", *_indented(passed), "else:", "    step._seat_turn(st)"]
    return lines + [f"if zones[Z{k}_0][nxt]:", "    st.to_act = nxt", *_indented(passed), "else:",
                    "    step._seat_turn(st)"]


def _void_lines(step: HandTricks, zone: str) -> list[str]:
    """TrickPlay._note_void written out: `seat`, not following `led` from `zone`, shows it holds no more of that
    suit."""
    unsure = [test for test, rule in (("card in SPECIALS", step.specials), ("led in UNSURE", step.unsure_suits))
              if rule]
    key = "HAND_OF[seat]" if zone == "HAND" else f"({zone}, seat)"  # the hand's keys made at load: no tuple a play
    lines = ["voids = ts.voids", f"key = {key}", "known = voids.get(key, 0)", "if not known >> led & 1:",
             "    voids[key] = known | 1 << led"]
    return [f"if not ({' or '.join(unsure)}):"] + _indented(lines) if unsure else lines


def _close_lines(step: HandTricks, g, ns: dict) -> list[str]:
    """The first of the trick's strongest cards wins it for its seat's counter and pile; play stops (the step's
    `stop_when` written in where it can be, its bindings put in `ns`), or the winner leads the next trick (at
    once, from the hand he still holds)."""
    if step.trump_var is not None:
        trump = "st.vars[TRUMP_VAR]"
    elif step.trump is None:
        trump = str(NO_SUIT)
    elif hasattr(step.trump, "value"):  # a constant
        trump = str(int(step.trump.value))
    else:
        trump = "TRUMP(st._env or st.env, None)"
    owner = "SIDE_OF[winner]" if step.pile_by_side else "winner"
    lines = [f"trump = {trump}", "suit_led = ts.led",
             f"strength = STRENGTHS[trump][{NONE_LED} if suit_led is None else suit_led]",  # TrickPlay.strength
             *_strongest_lines(step.n_turns), "winner = seats[at]"]
    if step.tricks:
        lines.append(f"st.counters[COUNTER][{'winner' if step.tricks_by_seat else 'SIDE_OF[winner]'}] += 1")
    lines += ["if st.events is not None:", "    step._say_trick(st, trick, seats, at)",
              f"zones[PILE][{owner}].extend(trick)", "trick.clear()", "ts.last_winner = winner"]
    goes_on = ["if held[winner]:", *_indented(_led_by("winner")), "    st.to_act = winner",
               "elif step._cards_left(st):", "    step._new_trick(st, winner)", "else:",
               "    st.to_act = NOBODY"]
    if step.stop is None:
        return lines + goes_on
    stopped = _stopped_lines(step, g, ns, ["st.to_act = NOBODY"], goes_on)
    return lines + ["c = None"] * any(re.search(r"\bc\b", line) for line in stopped) + stopped  # where it reads c


def _stopped_lines(step: HandTricks, g, ns: dict, then: list[str], otherwise: tuple = ()) -> list[str]:
    """`then` if the step's stop holds for any side's view, else `otherwise`: the stop written in for each side
    (`for_side`) as one test where none of them reads the view itself, else a loop over the views. Its
    bindings go in `ns`; no card is in focus (`c`)."""
    stop = written_in(step.stop, "STOP", ns)
    then = ["if st.events is not None:", "    step._say_stopped(st)", *then]  # the table says why play stops
    made = [for_side(stop, side) for side in range(g.sides)]
    if any(reads_e for _, reads_e in made):
        loop = ["for e in st._side_envs or st.side_envs:", f"    if {stop}:", *_indented(_indented(then))]
        return loop + ["        break", "else:", *_indented(otherwise)] if otherwise else loop
    test = [f"if {' or '.join(f'({src})' for src, _ in made)}:"]
    return views_for(test) + test + _indented(then) + (["else:", *_indented(otherwise)] if otherwise else [])


def _led_by(seat: str) -> list[str]:
    """A new trick, led by `seat` (TrickPlay._new_trick, no bower rules)."""
    return ["ts.number += 1", f"ts.leader = {seat}", "ts.turn = 0", "ts.led = None", "ts.seats = []"]  # no tuple


def _strongest_lines(n: int) -> list[str]:
    """`at`: first_strongest of a trick of `n` cards written out, a card at a time (a loop and a call cost more
    than the trick's few comparisons); a trick with a turn skipped, shorter, goes by first_strongest."""
    cards = ", ".join(f"c{i}" for i in range(n))
    lines = [f"if len(trick) == {n}:", f"    {cards}{',' * (n == 1)} = trick", "    at, best = 0, strength[c0]"]
    for i in range(1, n):
        lines += [f"    if (s := strength[c{i}]) > best:", f"        at, best = {i}, s"]
    return lines + ["else:", "    at = first_strongest(trick, strength)"]


def _choice_lines(step: HandTricks, copied: bool, ns: dict, cleared: bool = False) -> list[str]:
    """`plays`: the cards of `seat` (`cards`, its hand) it may play, `led` the suit led: special cards' rules, else
    follow suit; a list of its own where `copied` (legal moves), else perhaps the hand itself (a playout's).
    With `cleared` (a playout's loop, in which hands only shrink), a seat once found to hold no special card is
    noted in `cleared`, a list by seat the loop keeps, and its hand is not searched again."""
    own = ".copy()" if copied else ""  # a copy by method: faster than a slice
    lines, test = [], "if"
    if step.specials:
        holds = ["if not cleared[seat] and SPECIALS.isdisjoint(cards):", "    cleared[seat] = True",
                 "if not cleared[seat]:"] if cleared else ["if not SPECIALS.isdisjoint(cards):"]
        lines += holds + _indented(_special_lines(step, own, ns))
        test = "elif"
    if step.follow:
        lines += [f"{test} led is not None:", "    " + _follow_line("cards", own)]
    if not lines:
        return [f"plays = cards{own}"]
    return lines + ["else:", f"    plays = cards{own}"]


def _special_lines(step: HandTricks, own: str, ns: dict) -> list[str]:
    """`plays` of a seat holding a special card, as TrickPlay._special_rules gives them, written out: `ok`, the
    cards no `allowed` test refuses (all of them if it refuses each), then those a `forced` test forces, else
    follow suit with the free cards besides. Each test's source is written in for the seat (`for_seat`; `e` the
    seat's view where it reads more of it, `c` the card); a test that reads no card is judged once for its
    entry's cards."""
    views = []  # does each test read the seat's view itself?

    def written(test, name: str) -> str:
        src, reads_e = for_seat(written_in(test, name, ns))
        views.append(reads_e)
        return src

    lines = ["ok = cards"]
    refusals = []
    for j, (test, entry, probe) in enumerate(step.entry_tests):
        ns[f"ENTRY{j}"] = entry
        refusals += [f"if not ENTRY{j}.isdisjoint(cards):", f"    c = {probe}",
                     f"    if not {written(test, f'ALLOWS{j}')}:",
                     f"        ok = list(filterfalse(ENTRY{j}.__contains__, ok))"]
    for k in sorted(step.own_tests):
        refusals += [f"if {k} in cards:", f"    c = {k}",
                     f"    if not {written(step.specials[k].allowed, f'ALLOWED{k}')}:",
                     f"        if {k} in ok:", "            ok = ok.copy()",  # a list of its own, then no loop
                     f"            ok.remove({k})", f"            while {k} in ok:", f"                ok.remove({k})"]
    if refusals:
        lines += refusals + ["if not ok:", "    ok = cards"]
    branches = []  # (test, lines) in turn; the last, else
    groups: dict = {}  # a forced test: the cards it covers (several when it reads none)
    for k in sorted(step.forcers):
        groups.setdefault(step.specials[k].forced if step.specials[k].shared else k, []).append(k)
    if groups:
        lines.append("forced = []")
        for i, cards in enumerate(groups.values()):
            held = f"{cards[0]} in ok"
            if len(cards) > 1:
                ns[f"FORCERS{i}"] = frozenset(cards)
                held = f"not FORCERS{i}.isdisjoint(ok)"
            lines += [f"if {held}:", f"    c = {cards[0]}",
                      f"    if {written(step.specials[cards[0]].forced, f'FORCED{i}')}:",
                      f"        forced += {cards}"]
        branches.append(("forced", ["plays = list(filter(forced.__contains__, ok))"]))
    if step.follow:
        branches.append(("led is not None", _free_follow_lines(step, own, ns)))
    for i, (test, body) in enumerate(branches):
        lines += [f"{'el' * (i > 0)}if {test}:"] + _indented(body)
    view = ["e = st.seat_env(seat, SIDE_OF[seat])"] * any(views)
    return view + lines + (["else:", f"    plays = ok{own}"] if branches else [f"plays = ok{own}"])


def _follow_line(cards: str, own: str) -> str:
    """`plays`: the cards of the suit led among `cards`, or all of them if none is."""
    return f"plays = list(filter(OF_SUIT[led], {cards})) or {cards}{own}"


def _free_follow_lines(step: HandTricks, own: str, ns: dict) -> list[str]:
    """Follow suit from `ok`; with free cards, the free cards held besides any that follow."""
    if not step.free:
        return [_follow_line("ok", own)]
    ns["FREE"] = step.free
    anyhow = ["follow = [c for c in ok if SUIT[c] == led and c not in FREE]"]
    if step.free_unsuited:  # no free card is of a suit led
        anyhow = ["if led >= 0:", "    follow = list(filter(OF_SUIT[led], ok))", "else:"] + _indented(anyhow)
    return anyhow + ["if follow:", "    plays = follow + list(filter(FREE.__contains__, ok))", "else:",
                     f"    plays = ok{own}"]


RANDOM = ["card = plays[int(r() * len(plays))]"]  # a playout's pick (Step.play_random)
# Step.play_chosen's: the seat's generator's choice(plays), its draw written out as random.Random draws it (a
# number of the bits of the plays' count, drawn again until below it): no call of choice, nor of _randbelow
CHOSEN = ["n = len(plays)", "k = BITS[n]", "x = draw[seat](k)", "while x >= n:",
          "    if not n:", "        raise st._stuck()", "    x = draw[seat](k)", "card = plays[x]"]
# Step.play_chosen's bound on the log: each card is played once a deal at most, so a log with room for the deck
# cannot reach it in this loop; else the general loop, which looks at each decision
_chosen_head = ["if len(st.log) + DECK >= due:", "    return ONE_BY_ONE(st, rngs, due)",
                "draw = [rng.getrandbits for rng in rngs]"]


def _playout_lines(step: HandTricks, g, close: list[str], ns: dict, pick: list[str] = RANDOM) -> list[str]:
    """Step.play_random's loop with `legal` and `apply` written into it: the same plays, state and log, but for
    the suits seats show they lack (`voids`), which only a seat's observation reads: nobody observes a
    playout, which is scored and dropped. The card played is picked from the plays, which are in the legal
    moves' order, by the lines `pick`."""
    common = _common(step)  # the seat to act, and in the common shape the trick's state, kept from play to play
    read = "seat, t, led, seats = st.to_act, ts.turn, ts.led, ts.seats" if common else "seat = st.to_act"
    loop = ["led = ts.led"] * (not common) + _choices(step, False, "held", ns) \
        + pick + ["logged(LOGGED[seat][card])"] \
        + _play_lines(step, g, False, turn_read=True, passed=("seat = nxt", "continue"), kept=True) \
        + _indented(close) \
        + ["if st.to_act < 0:", "    st.advance()",
           "    if not (st.to_act >= 0 and st.acting is step and len(st.hands) == hands and st.redeals == redeals",
           "            and st.misdeals == misdeals):",
           "        break", read]
    return ["hands, redeals, misdeals, logged = len(st.hands), st.redeals, st.misdeals, st.log.append",
            *[f"cleared = [False] * {g.players}"] * bool(step.specials and common),
            "if not (st.to_act >= 0 and st.acting is step):", "    return",
            read, "while True:"] + _indented(loop) + ["st._legal = None"]
