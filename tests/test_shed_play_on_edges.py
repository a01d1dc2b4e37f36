"""Edges of play that goes on once a player is out (`until: one_left`): a blocked hand among those still in, cards
that skip players (answered, or passing over those out), `stop_when` beside `one_left`, and a `first` seat that
holds no cards. From crazy-eights-last-one-loses.yaml (a house rule instead of E6: play on until one player alone
holds cards), crazy-eights-action-cards.yaml and crazy-eights-stacking.yaml (house rules that add to E3), and fixed
decks: seat 0 is dealt first, one card at a time, and lays first; the starter is 3C unless a test says otherwise.
The language guide, docs/language.md (the `play` `mode: shed` row), is cited as "guide"."""

from __future__ import annotations

from interpreter import cards as C
from interpreter import load
from tests.conftest import one_at_a_time

HANDS = ["4C 5C",   # seat 0: out first, after one round
         "6C 2H",   # seat 1
         "9C 9H",   # seat 2
         "KC QD"]   # seat 3


def variant(tmp_path, base: str, text: str):
    """`base` with `text` (further top-level YAML) added, loaded."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}.yaml\nname: house\n{text}", encoding="utf-8")
    return load(str(path))


def dealt(each: int, stock: int | None = None, play: str = "") -> str:
    """A `hand:` section: `each` cards to each seat one at a time, then the starter; with `stock` (a number), all
    the rest but the deck's last `stock` cards go aside face down, out of play, so the stock holds those alone.
    `play`: lines of the play step's keys."""
    packets = f"{{to: hand, count: {each}, at_a_time: 1}}, {{to: discard, count: 1}}"
    if stock is not None:
        packets += f", {{to: aside, count: {52 - 4 * each - 1 - stock}}}"
    text = "zones:\n  aside: {visible: none}\n" if stock is not None else ""
    text += f"hand:\n  - name: deal\n    deal: [{packets}]\n"
    return text + ("  - name: play\n    play:\n" + play if play else "")


def start(game, hands=HANDS, stock: str = "", starter: str = "3C", short: bool = False):
    """A hand dealt from a fixed deck: `hands`, the `starter`, then the stock's first cards `stock`; with `short`
    (a game whose deal puts cards aside, `dealt(stock=...)`), the other cards go aside and the stock is `stock`
    alone."""
    front = one_at_a_time(hands, 0, [starter])
    rest = [c for c in C.NAMES[:52] if c not in front and c not in stock.split()]
    order = front + rest + stock.split() if short else front + stock.split() + rest
    return game.new_state(shuffles=[order], listen=True)


def run(st, moves) -> None:
    """Each (seat, action) in turn, checked to be that seat's to make."""
    for seat, action in moves:
        assert st.to_act == seat, (seat, action, st.to_act)
        st.apply(action)


def held(st, seat: int) -> list[str]:
    return C.names(st.zones["hand"][seat])


def seats_of(st, *kinds) -> list[tuple]:
    return [(e["kind"], e.get("seat")) for e in st.events if e["kind"] in kinds]


FIRST_ROUND = [(0, "play 4C"), (1, "play 6C"), (2, "play 9C"), (3, "play KC"),
               (0, "play 5C")]  # seat 0's last card: out, place 1; the 5C on top


# ---- 1. a blocked hand counts only the seats still holding cards ------------------------------------------------

def test_a_blocked_hand_ends_when_the_three_still_in_have_passed(tmp_path):
    """guide: the hand ends "when every seat has passed in turn (blocked; with `one_left`, every seat still in)"
    (E5 with the last-one-loses house rule). The stock is empty from the start; once seat 0 is out, no card of the
    three left goes on the 5C: three passes, not four, block the hand. It fails if seat 0, out, is counted as a
    seat still to pass (the hand would go on to a fourth pass, seat 1's again)."""
    st = start(variant(tmp_path, "crazy-eights-last-one-loses", dealt(2, stock=0)), short=True)
    assert not st.zones["stock"]
    run(st, FIRST_ROUND)
    for seat in (1, 2, 3):
        assert st.to_act == seat and st.legal_actions() == ["pass"], seat
        st.apply("pass")
    assert len(st.hands) == 1, (st.to_act, st.phase.get("passes"))  # blocked after three passes
    hand = st.hands[0]
    assert hand["counters"]["place"] == [1, 0, 0, 0]  # those still holding cards keep 0
    assert hand["points"] == [0, 2, 9, 10]  # each scores what he holds against him: 2H, 9H, QD


# ---- 2. cards that skip players: over those out, and when answered ----------------------------------------------

def test_a_skip_passes_over_a_player_who_is_out(tmp_path):
    """guide: with `one_left`, play passes over those out "in turns, draws owed and skips alike"; a queen skips
    the next player (crazy-eights-action-cards.yaml, E3 house rule). Seat 3's queen, laid with seat 0 out, makes
    seat 1 miss the turn, not seat 0; seat 2 plays next. It fails if the skip lands on seat 0 (then seat 1 would
    play)."""
    on = "      until: one_left\n      places: place\n"
    game = variant(tmp_path, "crazy-eights-action-cards", "counters:\n  place: {owner: seat}\n" + dealt(2, play=on))
    st = start(game, ["4C 5C", "6C 2H", "9C 9H", "KC 3D"], stock="JC JH QH")
    run(st, FIRST_ROUND + [(1, "draw"), (1, "play JC"),   # 2H cannot go on the 5C
                           (2, "draw"), (2, "play JH"),   # 9H cannot go on the JC; the JH, a jack, can
                           (3, "draw"), (3, "play QH")])  # 3D cannot go on the JH: the QH skips
    assert seats_of(st, "missed") == [("missed", 1)]
    assert st.to_act == 2 and held(st, 1) == ["2H"]
    assert st.counters["place"] == [1, 0, 0, 0]


STACK_HANDS = ["2C QC AC 5S 6H",    # seat 0: the two of clubs, which also skips two (SKIPPING below)
               "2S 4C 7H 9D 10S",   # seat 1: a two to answer with
               "9C JS 9H 3H 8D",    # seat 2: no two
               "10D QS 10H KH KC"]
STACK_STOCK = "QD 6D 3D JC 5D 7D"
SKIPPING = "hand:\n  - name: play\n    play:\n      after_lay:\n" \
           "        - {name: clubs skip, if: played == 2C, skip: 2}\n"  # beside the stacking `draw two`


def test_the_two_skips_unanswered_as_it_says(tmp_path):
    """The baseline for the next two tests: unanswered, the 2C makes seat 1 draw two and miss the turn, and seat 2
    miss the next (its `skip: 2`; a draw's skips count the drawer: guide, `after_lay`)."""
    st = start(variant(tmp_path, "crazy-eights-stacking", SKIPPING), STACK_HANDS, STACK_STOCK)
    st.apply("play 2C")
    assert st.to_act == 1 and sorted(st.legal_actions()) == ["draw", "play 2S"]
    st.apply("draw")
    assert seats_of(st, "missed") == [("missed", 1), ("missed", 2)] and st.to_act == 3


def test_the_skips_of_a_card_answered_lapse(tmp_path):
    """guide, `stack: true`: "a card laid in answer acts as any card does (its draws are added to what is owed,
    which passes to the player after; its skips and reverse act; what the answered card owed in skips lapses)".
    Seat 1 answers the 2C (draw two, skip two) with the 2S (draw two only): seat 2 draws four and misses the turn,
    and nobody else does; seat 3 plays. It fails if the 2C's skips are carried on with its draw (seat 3 would miss
    the turn too, and seat 0 play)."""
    st = start(variant(tmp_path, "crazy-eights-stacking", SKIPPING), STACK_HANDS, STACK_STOCK)
    st.apply("play 2C")
    st.apply("play 2S")
    assert st.to_act == 2 and st.legal_actions() == ["draw"]
    st.apply("draw")
    assert sorted(held(st, 2)) == sorted(STACK_HANDS[2].split() + ["QD", "6D", "3D", "JC"])
    assert seats_of(st, "missed") == [("missed", 2)] and st.to_act == 3


def test_the_skips_of_the_answering_card_act(tmp_path):
    """guide, `stack: true`: the answering card's "skips and reverse act". Seat 0 lays the 2S on the 3S; seat 1
    answers with the 2C (draw two, skip two): seat 2 draws four and misses the turn, seat 3 misses the next, and
    seat 0 plays. It fails if an answer's skips are dropped (seat 3 would play)."""
    hands = ["2S QC AC 5S 6H", "2C 4C 7H 9D 10S", STACK_HANDS[2], STACK_HANDS[3]]
    st = start(variant(tmp_path, "crazy-eights-stacking", SKIPPING), hands, STACK_STOCK, starter="3S")
    st.apply("play 2S")
    st.apply("play 2C")
    st.apply("draw")
    assert len(held(st, 2)) == 5 + 4
    assert seats_of(st, "missed") == [("missed", 2), ("missed", 3)] and st.to_act == 0


# ---- 3. stop_when beside until: one_left --------------------------------------------------------------------------

def _stopping(tmp_path, stop: str, stock: int | None = None, lay: str = ""):
    """The last-one-loses rule, two cards each, with `stop_when: STOP` (and `lay`, lines of `after_lay`)."""
    play = f"      until: one_left\n      places: place\n      stop_when: '{stop}'\n"
    return variant(tmp_path, "crazy-eights-last-one-loses", dealt(2, stock, play + lay))


def test_stop_when_ends_a_hand_played_on_while_two_still_hold_cards(tmp_path):
    """guide: the hand ends when the last one is left "—, when `stop_when` holds for a side (checked as play
    begins and after every move …)". A house rule on the last-one-loses one: the hand ends once two players are out
    (`place == 2`). Seat 2's last card ends it with seats 1 and 3 still holding cards, who score them against
    them. It fails if `stop_when` is not heeded with `one_left` (play would go on to seat 3)."""
    st = start(_stopping(tmp_path, "place == 2"), stock="5H 9D 2D JS")
    run(st, FIRST_ROUND + [(1, "draw"), (1, "play 5H"),   # 2H cannot go on the 5C; the 5H can
                           (2, "play 9H")])               # seat 2's last card: out, place 2
    assert len(st.hands) == 1
    hand = st.hands[0]
    assert hand["counters"]["place"] == [1, 0, 2, 0] and hand["points"] == [0, 2, 0, 10]  # 2H; QD
    assert [(e["seat"], e["place"]) for e in st.events if e["kind"] == "out"] == [(0, 1), (2, 2)]
    assert not seats_of(st, "last_left")


def test_stop_when_ends_it_on_a_draw(tmp_path):
    """guide: `stop_when` is checked "after every move, a draw too". The hand ends when the stock runs out
    (`count(stock) == 0`), though three players hold cards: seat 1 draws the stock's last card, the 5H, and lays
    nothing. It fails if a draw is not followed by the check (seat 1 would go on to lay the 5H)."""
    st = start(_stopping(tmp_path, "count(stock) == 0", stock=1), stock="5H", short=True)
    run(st, FIRST_ROUND + [(1, "draw")])
    assert len(st.hands) == 1 and st.hands[0]["points"] == [0, 2 + 5, 9, 10]  # seat 1 holds 2H and 5H
    assert seats_of(st, "drew") == [("drew", 1)]


def test_stop_when_ends_it_when_a_draw_owed_empties_the_stock(tmp_path):
    """The same rule with the action cards' two (E3 house rule: the next player draws two and misses the turn):
    seat 1's two makes seat 2 draw the stock's last two cards, which ends the hand there and then. It fails if what
    a card owes is settled without the check (seat 3 would be given the turn)."""
    two = "      after_lay:\n        - {name: draw two, if: played.rank == 2, draw: 2}\n"
    st = start(_stopping(tmp_path, "count(stock) == 0", stock=3, lay=two), stock="2C 7D 7S", short=True)
    run(st, FIRST_ROUND + [(1, "draw"), (1, "play 2C")])  # 2H cannot go on the 5C; the 2C can
    assert len(st.hands) == 1 and st.hands[0]["points"] == [0, 2, 9 + 7 + 7, 10]  # 7D 7S drawn by seat 2
    assert seats_of(st, "made_to_draw") == [("made_to_draw", 2)]


def test_an_eight_that_stops_the_hand_names_no_suit(tmp_path):
    """guide: play stops when `stop_when` holds, checked after every move; with `one_left` the layer of a card
    that is not his last would name a suit after an eight (E3), but the hand has stopped. Six cards laid end this
    hand (`count(played_cards) >= 6`): seat 1's eight, the sixth, ends it with no call asked for. It fails if a
    lay under `one_left` checks only whether one player is left (seat 1 would be asked to name a suit)."""
    st = start(_stopping(tmp_path, "count(played_cards) >= 6"), stock="8H")
    run(st, FIRST_ROUND + [(1, "draw"), (1, "play 8H")])  # 2H cannot go on the 5C; an eight can
    assert len(st.hands) == 1 and st.hands[0]["points"] == [0, 2, 9, 10]  # seat 1 still holds the 2H
    assert not seats_of(st, "call")


# ---- 4. a first seat that holds no cards --------------------------------------------------------------------------

def _laid_down(tmp_path):
    """The last-one-loses rule, two cards each, where the seat to play first (`first: dealer + 1`, E3) lays its
    hand down before play (guide, `collect`: "a player who sits the hand out lays it down")."""
    return variant(tmp_path, "crazy-eights-last-one-loses",
                   dealt(2) + "  - name: lay down\n    after: deal\n"
                              "    collect: {from: hand, of: dealer + 1, to: aside}\n"
                   + "zones:\n  aside: {visible: none}\n")


def test_a_first_seat_with_no_cards_is_passed_over(tmp_path):
    """guide: with `one_left`, play passes over those out, in turns too: seat 0, first by E3, has laid its hand
    down, so seat 1 plays first, and seat 0 has no turn when play comes round. It fails if play begins at the
    `first` seat whatever it holds (seat 0 would have to draw, holding nothing)."""
    st = start(_laid_down(tmp_path), stock="KH")
    assert held(st, 0) == [] and len(st.zones["aside"]) == 2
    run(st, [(1, "play 6C"), (2, "play 9C"), (3, "play KC"),
             (1, "draw"), (1, "play KH")])  # 2H cannot go on the KC
    assert st.to_act == 2 and held(st, 0) == []


def test_the_first_out_takes_place_one_though_a_seat_laid_its_hand_down(tmp_path):
    """guide, `places`: "1 for the first, 2 for the next (with `one_left`, the last one left the next place)".
    Seat 0 laid its hand down and never played: seat 2, the first to go out, should take place 1."""
    st = start(_laid_down(tmp_path), stock="KH")
    run(st, [(1, "play 6C"), (2, "play 9C"), (3, "play KC"),
             (1, "draw"), (1, "play KH"), (2, "play 9H")])  # seat 2's last card
    assert [(e["seat"], e["place"]) for e in st.events if e["kind"] == "out"] == [(2, 1)]
    assert st.counters["place"] == [0, 0, 1, 0]


def test_play_that_goes_on_does_not_begin_with_one_player_alone_holding_cards(tmp_path):
    """guide, `until: one_left`: play goes on "until one player alone holds cards"; a play that begins so has
    nothing to play: no move, no place. Two players, the first laying his hand down. It fails if play begins
    with one player in (he would lay a card, then be left)."""
    game = variant(tmp_path, "crazy-eights-last-one-loses",
                   "players: 2\n" + dealt(2) + "  - name: lay down\n    after: deal\n"
                   "    collect: {from: hand, of: dealer + 1, to: aside}\n" + "zones:\n  aside: {visible: none}\n")
    st = start(game, hands=["4C 5C", "6C 2H"])
    assert not any(e["kind"] == "out" or e["kind"] == "last_left" for e in st.events)
    assert len(st.hands) >= 1 and st.hands[0]["decisions"][0] == st.hands[0]["decisions"][1]  # nobody acted


def test_without_playing_on_play_does_not_begin_when_a_seat_holds_no_cards(tmp_path):
    """guide, `until`: by default play stops at the first player out; a seat that laid its hand down before play
    holds no card, so the play is over as it begins, as playing on it is with one player left: no move, no
    place. It fails if the first seat, holding nothing, is asked to act (it would draw)."""
    game = variant(tmp_path, "crazy-eights", "counters:\n  place: {owner: seat}\n"
                   + dealt(2, play="      places: place\n") + "  - name: lay down\n    after: deal\n"
                   "    collect: {from: hand, of: dealer + 1, to: aside}\n" + "zones:\n  aside: {visible: none}\n")
    st = start(game, stock="KH")
    assert st.hands and st.hands[0]["decisions"][0] == st.hands[0]["decisions"][1]  # nobody acted
    assert not seats_of(st, "out", "drew") and st.hands[0]["rows"]["going out"][0] > 0  # seat 0 went out
