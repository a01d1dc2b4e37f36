"""A variable set from cards some seat may not see is a secret (standing rule 7): no seat's view, board line or
shown value reveals it while the hand is played, unless the ruleset declares it announced (`visible: all`);
`visible: none` hides any variable. Worked out from the zones' visibility, as every secret is."""

from __future__ import annotations

import io
import random

import pytest

from interpreter import RulesetError, load
from interpreter.display import Session, cards_seen
from interpreter.screen import Screen

COUNTED = """extends: hokm
vars:
  trumps_held: {{type: int{visible}}}
values:
  held: "trumps_held"
hand:
  - name: count trumps
    after: rest of the deal
    set: {{trumps_held: "count(hand(hakem)[suit == trump]) + 20"}}
"""


def hokm_counting(tmp_path, visible: str = ""):
    path = tmp_path / "counted.yaml"
    path.write_text(COUNTED.format(visible=visible))
    st = load(path).new_state(seed=3, listen=True)
    st.apply("trump " + "SHDC"[0])
    assert st.vars["trumps_held"] >= 20  # counted
    return st


def board(st, seat: int) -> str:
    session = Session(st, seat, [], Screen(io.StringIO(), colour=False), lambda: "")
    return "\n".join(session.table.board())


def test_a_variable_counted_from_a_hidden_hand_is_shown_to_no_seat(tmp_path):
    st = hokm_counting(tmp_path)
    assert st.game.secret_vars == {"trumps_held", "throw"}  # throw: H7's choice, asked on a hidden hand
    for seat in range(4):
        view = st.view(seat)
        assert "trumps_held" not in view["vars"]
        assert view["values"]["held"] == [0, 0]  # a value reading it is worked out as the seat sees: unknown
        assert "trumps held" not in board(st, seat) and "trumps_held" not in board(st, seat)


def test_a_variable_the_rules_announce_is_shown_to_every_seat(tmp_path):
    st = hokm_counting(tmp_path, ", visible: all")
    assert st.game.secret_vars == {"throw"}
    assert st.view(1)["vars"]["trumps_held"] == st.vars["trumps_held"]
    assert str(st.vars["trumps_held"]) in board(st, 1)


def test_visible_none_hides_a_variable_set_in_the_open(tmp_path):
    path = tmp_path / "hidden.yaml"
    path.write_text("extends: hokm\nvars:\n  hakem: {type: seat, per: game, visible: none}\n")
    st = load(path).new_state(seed=3)
    assert "hakem" not in st.view(0)["vars"] and "hakem" in st.game.secret_vars


def test_showing_a_secret_variable_at_the_table_is_an_error_at_its_name(tmp_path):
    path = tmp_path / "counted.yaml"
    path.write_text(COUNTED.format(visible="") + "table:\n  show: [trumps_held]\n")
    with pytest.raises(RulesetError, match="table show: variable 'trumps_held' is set from what not every seat"):
        load(path)


def test_no_bundled_ruleset_keeps_a_secret_variable_but_the_hakems_throw_in():
    """The bundled games set their roles, trump and contracts in the open (the sheets and tables show them);
    Hokm's throw-in choice (H7) is asked only on a weak first five, so what the hakem chose is his alone."""
    from interpreter import bundled

    assert {v for p in bundled() for v in load(p).secret_vars} == {"throw"}


def test_a_bot_imagines_the_unseen_cards_without_knowing_the_secret(tmp_path):
    """Bots decide from deals of the cards their seat cannot see: a secret number starts there as it starts."""
    import random

    from interpreter.observe import Seat

    st = hokm_counting(tmp_path)
    for seat in range(4):
        assert Seat(st, seat).sample(random.Random(1)).vars["trumps_held"] == 0


def test_a_bot_does_not_know_a_secret_role(tmp_path):
    """A seat variable set from hidden cards (the holder of the A♠, a partner called by a card) is a secret:
    in the deals a bot imagines it is a seat drawn at random, never the true one every time (it once was)."""
    import random

    from interpreter.observe import Seat

    path = tmp_path / "called.yaml"
    path.write_text("extends: hokm\nvars:\n  called: {type: seat}\nhand:\n  - name: call\n"
                    "    after: rest of the deal\n    set: {called: holder(AS)}\n", encoding="utf-8")
    st = load(path).new_state(seed=3)
    st.apply("trump S")
    assert "called" in st.game.secret_vars and st.vars["called"] >= 0
    rng = random.Random(2)
    for seat in range(4):
        imagined = {Seat(st, seat).sample(rng).vars["called"] for _ in range(40)}
        assert imagined == {0, 1, 2, 3}, (seat, imagined)
    for _ in range(60):  # and play goes on in them: the role is somebody
        det = Seat(st, 1).sample(rng)
        while not det.over and not det.hands:
            det.apply_move(rng.choice(det.legal_moves()))


def test_the_help_line_does_not_say_a_secret_trump(tmp_path):
    """A trump set from the hakem's hand is a secret: the status line hid it, but `help` said 'trump is …'
    before the first lead (a code review)."""
    from interpreter.table import Table

    path = tmp_path / "secret_trump.yaml"
    path.write_text('extends: hokm\nhand:\n  - name: trump\n    set: {trump: "if count(hand(hakem)[suit == S])'
                    ' >= 2 then S else H"}\n', encoding="utf-8")
    game = load(path)
    assert "trump" in game.secret_vars
    st = game.new_state(seed=5)
    seat = (st.vars["hakem"] + 1) % 4
    helped = "\n".join(Table(st, seat).help())
    assert "trump" not in helped.split("now (")[-1], helped
    public = load("hokm").new_state(seed=5)
    public.apply("trump H")
    assert "trump is ♥ hearts" in "\n".join(Table(public, (public.vars["hakem"] + 1) % 4).help())


def test_a_refused_card_does_not_tell_what_lies_face_down_in_the_seats_own_piles():
    """Shelem for two: 'play 2C' with 2C face down under one of the seat's own pile tops was refused as 'not on
    top of pile 1', while a card held nowhere was 'you have no …': typing moves listed the hidden cards."""
    from interpreter import IllegalAction
    from interpreter import cards as C

    game = load("shelem-2p")
    st = game.new_state(seed=2)
    while not (getattr(game.steps[st.step], "turns", None) and st.trick_state.turn == 2):
        st.apply_move(st.legal_moves()[0])
    seat = st.to_act
    assert len(st.zones["pile1"][seat]) > 1 and st.view(seat)["zones"]["pile1"][seat]["count"] > 1
    under = st.zones["pile1"][seat][0]  # face down beneath the top
    with pytest.raises(IllegalAction) as refused:
        st.apply("play " + C.NAMES[under])
    assert f"you have no {C.NAMES[under]} to play now" in str(refused.value)


def test_a_secret_variable_is_not_shown_when_the_hand_is_over(tmp_path):
    """The hand's result line named the secret (`trumps held: 23`) once the hand was over: no seat is shown it,
    the hand over or not (the secrets audit, `visible: none` and counted alike)."""
    st = hokm_counting(tmp_path)
    while not st.hands:
        st.apply_move(st.legal_moves()[0])
    session = Session(st, 1, [], Screen(io.StringIO(), colour=False), lambda: "")
    said = "\n".join(session.table.hand_result(0))
    assert "is over" in said and "trumps held" not in said and "trumps_held" not in said, said


def test_a_choice_asked_only_on_a_hidden_hand_is_not_shown_to_the_others():
    """H7: the hakem may ask for a redeal when his first five hold nothing above a 10. The choice is offered
    only then, so "seat 0: keep" told every seat the hakem's five were weak: now only the hakem sees his
    choice, and the variable it sets is no seat's but his to know (a redeal itself is public)."""
    from interpreter.table import Table

    game = load("hokm-throw-in")
    step = next(i for i, s in enumerate(game.steps) if s.name == "throw in")
    assert game.steps[step].runs_unseen and "throw" in game.secret_vars
    assert not any(s.runs_unseen for s in game.steps if s.name == "trump")  # a choice made in the open
    st = next(st for st in (game.new_state(seed=k) for k in range(200)) if st.step == step)
    hakem = st.to_act
    for seat in range(4):
        line = Table(st, seat).move_line(hakem, "keep")
        assert (line is not None and "keep" in line) if seat == hakem else line is None, (seat, line)
    st.apply("keep")
    assert all("throw" not in st.view(seat)["vars"] for seat in range(4))


def test_a_choice_asked_on_a_secret_variable_runs_unseen_too(tmp_path):
    """One step removed: a `set:` counts the hakem's high cards into a variable (a secret), and a choice asked
    when it is 0 told every seat so (the review)."""
    path = tmp_path / "weak.yaml"
    path.write_text("extends: hokm\nname: weak\nvars:\n  weak: {type: int}\n  ask: {type: word}\nhand:\n"
                    "  - name: weigh\n    after: deal\n    set: {weak: 'count(hand(hakem)[rank in (J, Q, K, A)])'}\n"
                    "  - name: ask\n    after: weigh\n    when: weak == 0\n"
                    "    choose: {who: hakem, options: [keep, redeal], sets: ask}\n", encoding="utf-8")
    game = load(path)
    assert {s.name for s in game.steps if s.runs_unseen} == {"throw in", "ask"}
    assert {"weak", "ask"} <= game.secret_vars and not game.notes


def test_another_step_run_on_what_not_all_see_is_warned_of(tmp_path):
    """A discard made only when the hakem holds no trump shows every seat 'a card face down': that it ran tells
    them. Only a choice is hidden so; validate warns of the others at their `when`."""
    path = tmp_path / "bury.yaml"
    path.write_text("extends: hokm\nname: bury\nzones:\n  buried: {owner: seat, visible: owner}\nhand:\n"
                    "  - name: bury\n    after: rest of the deal\n"
                    "    when: count(hand(hakem)[suit == trump]) == 0\n"
                    "    exchange: {who: hakem, discard: 1, to: buried}\n", encoding="utf-8")
    assert [(w.line, m[:41]) for w, m in load(path).notes] == [(8, "step 'bury' runs only when what not every")]


def test_the_holder_of_a_card_named_may_lead_a_joker_too(tmp_path):
    """A trick play's leader may not read hidden cards, but the holder of a card the rules name may lead (Y4's
    2♣; a review: a joker's holder, `holder(BJ)`, was refused as reading a hand)."""
    path = tmp_path / "joker_leads.yaml"
    path.write_text("extends: ghahveh\nhand:\n  - name: tricks\n    play:\n      leader: holder(BJ)\n",
                    encoding="utf-8")
    import random

    from interpreter import cards as C

    st, rng = load(path).new_state(seed=1), random.Random(1)
    while st.trick_state.number < 1:  # the bids
        st.apply_move(rng.choice(st.legal_moves()))
    holder = next(s for s, cards in enumerate(st.zones["hand"]) if C.BY_NAME["BJ"] in cards)
    assert st.to_act == holder == 2 and not st.zones["trick"]  # Ghahveh's own leader, seed 1: seat 0


def test_a_seats_face_up_tops_are_seen_by_every_seat_in_what_it_may_know():
    """Shelem for two: each seat's piles lie face down but for their tops, turned face up (`visible: top`). The
    state as a seat sees it (`as_seen_by`: the values `view()` works out, the cards the table knows the person
    has seen) emptied those piles whole, the tops everyone sees with them (a secrets audit, 2026-12-07). It keeps
    each top now, and nothing under it."""
    game = load("shelem-2p")
    st, rng = game.new_state(seed=0), random.Random(0)
    while not st.trick_state.tops_up:
        st.apply_move(rng.choice(st.legal_moves()))
    seen = st.as_seen_by(0)
    for zone in st.trick_state.tops_up:
        for seat in (0, 1):
            pile = st.zones[zone][seat]
            assert seen.zones[zone][seat] == pile[-1:] and len(pile) > 1, (zone, seat, pile)
            assert pile[-1] in cards_seen(st, 0) and not set(pile[:-1]) & cards_seen(st, 0)
