"""What every step of a hand offers the state machine."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .. import cards as C

IDLE_PLAY = ("played", "the cards were all played, or its stop held, before it began")  # Step.idle_fault of card play


class Step:
    """A stage of a hand. `start` runs on entry; a step that sets `to_act` waits for moves.

    Moves are small values the step makes in `legal` and reads back in `apply`; `text` spells
    one as canonical action text. `where` is the step's place in the ruleset, for run-time errors.
    """

    where = None
    verbs: tuple[str, ...] = ()  # the verbs its moves say (`play 5H take 3S`: play, take), as the move log says them
    plays_cards = False  # card play: validate expects a step of it that runs every hand to see cards played
    # what validate's trial expects to see in a step that runs every hand (no `when`): (what is done with a card in
    # it, why none could be); () where it may run without a decision
    idle_fault: tuple[str, str] | tuple = ()
    moves_cards = True  # it may put cards in zones: a deal after steps that never do finds every zone empty
    keeps_plays = False  # the cards it plays are kept, and by whom: played_cards, plays(seat)
    runs_unseen = False  # its `when` reads what not every seat sees: that it ran is the actor's to know
    together = None  # a card test: cards laid with the first in one move (a shedding play's), which one move lays
    spellings: Mapping = MappingProxyType({})  # other texts of a move, read on input, never listed: {text: move}
    # (legal lines, play lines, namespace): the step's legal moves (`plays`, for `seat`) and its play of `card`
    # by `seat`, written out at load (`ready`), for the state's own legal_moves and apply_move (state.state_class)
    written_out = None

    def __init__(self, name: str, when=None):
        self.name, self.when = name, when

    def ready(self, g) -> None:
        """Called once at load, the game complete and checked: a step may specialise itself to its options. What it
        makes is bound to this step: a copy of the step is made ready again."""

    def start(self, st) -> None:
        """Enter the step; leave `st.to_act` at NOBODY when nothing is asked of anyone."""

    def legal(self, st) -> list:
        return []

    def apply(self, st, move) -> None:
        raise NotImplementedError

    def text(self, move) -> str:
        raise NotImplementedError

    def cards_named(self, move) -> tuple:
        """The cards a move names (`play 5H take 3S`): where it says they lie, its seat knows they lie."""
        names = C.BY_NAME
        return tuple(names[w] for w in self.text(move).split() if w in names)

    def playout_moves(self, st) -> list:
        """The legal moves a random playout picks among (all of them, unless a step knows better)."""
        return self.legal(st)

    def play_random(self, st, r) -> None:
        """Moves while this step waits on them in this deal of this hand, each one of `playout_moves` at random
        (`moves[int(r() * len(moves))]`, r: a random.random), applied as `st.apply_move` would (search's
        playouts) but without its wrappers."""
        log, index, hands, redeals = st.log, st.step, len(st.hands), st.redeals
        legal, apply = self.playout_moves, self.apply
        while st.to_act >= 0 and st.acting is self and len(st.hands) == hands and st.redeals == redeals:
            moves = legal(st)
            if not moves:
                raise st._stuck()
            move = moves[int(r() * len(moves))]
            log.append((st.to_act, index, move))
            apply(st, move)
            if st.to_act < 0:
                st.advance()
        st._legal = None

    def play_chosen(self, st, rngs: list, due: int) -> None:
        """Moves while this step waits on them in this deal of this hand (none thrown in, no misdeal) and the log is
        shorter than `due`: the seat to act's each `rngs[seat].choice(moves)` of the moves `st.legal_moves()`
        gives, applied as `st.apply_move` applies them, without their wrappers (`simulate`'s random bots)."""
        log, index, copies, choose = st.log, st.step, st.game.copies, [rng.choice for rng in rngs]
        hands, redeals, misdeals = len(st.hands), st.redeals, st.misdeals
        legal, apply = self.legal, self.apply
        while st.to_act >= 0 and st.acting is self and len(st.hands) == hands and st.redeals == redeals \
                and st.misdeals == misdeals and len(log) < due:
            moves = legal(st)
            if not moves:
                raise st._stuck()
            if copies:  # two copies of a card make one move, not two
                moves = list(dict.fromkeys(moves))
            seat = st.to_act
            move = choose[seat](moves)
            log.append((seat, index, move))
            apply(st, move)
            if st.to_act < 0:
                st.advance()
        st._legal = None

    def shown_text(self, st, seat: int, move, viewer: int) -> str:
        """The move of `seat` as `viewer` may see it: what it puts where the viewer cannot look is not named."""
        return self.text(move)

    def may_hide(self) -> bool:
        """May a move of this step look otherwise to another seat (`shown_text`)? Search asks, once."""
        return type(self).shown_text is not Step.shown_text

    def shown(self, st, seat: int) -> list:
        """Cards this step lets `seat` look at now, beyond the zones it may see (a stock's top card)."""
        return []

    def public(self, st) -> dict:
        """What every seat at the table knows of this step's play now, beyond zones, counters and variables
        (`view()["play"]`): plain data, nothing a seat may not see. Nothing, unless a step says."""
        return {}

    def redealt(self, st, seat: int, rng) -> None:
        """After the cards `seat` cannot see were dealt again (search), make this step's memory agree."""

    def stuck_reason(self, st) -> str:
        """Why the seat to act has nothing to do, for the error that says so."""
        return ""

    def verb_refusal(self, st, verb: str) -> str:
        """Why the seat to act may make no move of `verb` now, as the key of the words that say it; '' when the
        list of moves says enough."""
        return ""


def not_forbidden(forbid, env, offers) -> list:
    """The offers (bids, a choice's options) a step's `forbid_if` leaves to the seat in focus, each judged as
    `offer` (read as `offer` or `choice`)."""
    out = []
    for offer in offers:
        env.offer = offer
        if not forbid(env, None):
            out.append(offer)
    return out


def seen_by_all(st, zone: str, index: int, cards: list) -> list:
    """The cards of `zone`'s pile `index` (-1: a shared zone's) that every seat sees where they lie: all of a
    face-up pile, the top of one whose top lies face up, else none."""
    g = st.game
    z = g.zones[zone]
    if z.visible == "all" or z.owner != "none" and all(z.sees(index, s, g) for s in range(g.players)):
        return list(cards)
    if cards and z.visible == "top" and (z.owner == "none" or zone in st.trick_state.tops_up):
        return [z.top_card(cards)]
    return []


def known_to_all(st, cards, zone: str, pile: int) -> None:
    """Every seat knows these cards lie in `zone`'s pile `pile` (-1: a shared zone), for the deals bots make of
    the cards they cannot see (`known_at`; a place known for sure ends one of several, `known_among`). The
    dicts are shared with copies, so they are replaced."""
    st.phase["known_at"] = {**st.phase.get("known_at", {}), **dict.fromkeys(cards, (zone, pile, -1))}
    among = st.phase.get("known_among")
    if among and any(c in among for c in cards):
        st.phase["known_among"] = {c: k for c, k in among.items() if c not in cards}


def moved_unseen(st, zone: str, pile: int, mover: int, to: tuple | None = None, cards=(), before=None) -> None:
    """Cards left `zone`'s pile `pile` where the other seats did not see which: a card they knew lay there
    (`known_at`: a face-up card taken up) may be gone, so it is known there no more but to the mover. Where
    they went to one place the others cannot see into either (`to`: (zone, pile), a face-down discard), such a
    card is known to lie in one of the two (`known_among`: card -> (the places, the seat that knows; -1: all)),
    as is one known to lie in one of several places, this pile among them; the mover knows where the `cards`
    it moved lie. Without `to`, a card known among places this pile is one of is known there no more. `before`:
    the notes of several places as they were before cards left them all at once (a pass): a card spreads only
    from the places it was noted in then, not to where another pile's cards went at the same time."""
    ph = st.phase
    known, among = ph.get("known_at"), ph.get("known_among")
    if not known and not among:
        return
    here = (zone, pile)
    kept, spread = {}, dict(among or {})
    for c, k in (known or {}).items():
        if k[:2] != here or k[2] == mover:
            kept[c] = k
            continue
        if to is not None:
            spread[c] = ((here, to), k[2])
            kept[c] = (*(to if c in cards else here), mover)  # the mover knows which went
    for c, (places, knower) in (among or {}).items():
        if here in (places if before is None else before.get(c, ((),))[0]):
            if to is None:
                del spread[c]
            elif to not in places:
                spread[c] = ((*places, to), knower)
    if to is not None:
        for c in cards:
            if c in kept and kept[c][2] == mover:
                kept[c] = (*to, mover)
    ph["known_at"] = kept
    if spread or among:
        ph["known_among"] = spread


def moved_whole(st, source: tuple, to: tuple) -> None:
    """A whole pile (zone, pile) went to another in the open (`Collect`): what was known to lie in it, for sure
    or as one of several places, lies in the other (else a seat's deals would test the note against where the
    cards truly are)."""
    ph = st.phase
    known, among = ph.get("known_at"), ph.get("known_among")
    if known and any(k[:2] == source for k in known.values()):
        ph["known_at"] = {c: (*to, k[2]) if k[:2] == source else k for c, k in known.items()}
    if among and any(source in places for places, _ in among.values()):
        spread, sure = {}, {}
        for c, (places, knower) in among.items():
            places = tuple(dict.fromkeys(to if p == source else p for p in places))
            if len(places) > 1:
                spread[c] = (places, knower)
            else:  # both places went into one: it lies there for sure
                sure[c] = (*places[0], knower)
        ph["known_among"] = spread
        if sure:
            ph["known_at"] = {**ph.get("known_at", {}), **sure}


def forget_among(st, zone: str, pile: int = -1) -> None:
    """Cards known to lie in one of several places, this pile among them, are known there no more (the pile
    shuffled into the stock)."""
    among = st.phase.get("known_among")
    if among:
        st.phase["known_among"] = {c: k for c, k in among.items() if (zone, pile) not in k[0]}
