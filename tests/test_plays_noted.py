"""Trick play notes each card played, and by whom, for the rules that read them (`played_cards`,
`plays(seat)`); a ruleset that reads neither plays the same game without the notes."""

import random

from interpreter import load


def _played(st) -> list[tuple[int, int]]:
    """(card, seat) of each card played to tricks this hand, from the log."""
    steps = st.game.steps
    return [(move & 63, seat) for seat, i, move in st.hand_decisions if steps[i].plays_cards]


def _game(tmp_path, value: str):
    path = tmp_path / "noted.yaml"
    path.write_text(f"extends: hokm\nvalues:\n  read: {value}\n", encoding="utf-8")
    return load(path)


def _notes(game) -> set[bool]:
    return {step.notes_plays for step in game.steps if hasattr(step, "notes_plays")}


def test_hokm_reads_no_play_so_its_tricks_note_none():
    assert _notes(load("hokm")) == {False}


def test_a_rule_that_reads_the_plays_has_them_noted(tmp_path):
    for value in ("count(plays(hakem))", "count(played_cards[suit == H])"):
        game = _game(tmp_path, value)
        assert _notes(game) == {True}, value
        st, rng = game.new_state(seed=4), random.Random(4)
        while not st.over and len(st.hands) < 2:
            st.apply_move(rng.choice(st.legal_moves()))
            if st.acting.plays_cards and not st.hands[1:]:
                assert list(zip(st.phase["gone"], st.phase["gone_by"])) == _played(st), value


def test_noting_the_plays_or_not_plays_the_same_game(tmp_path):
    plain, noted = load("hokm"), _game(tmp_path, "count(plays(hakem))")
    for seed in range(5):
        games = []
        for game in (plain, noted):
            st, rng = game.new_state(seed=seed), random.Random(seed)
            while not st.over:
                st.apply_move(rng.choice(st.legal_moves()))
            games.append((st.actions, st.scores))
        assert games[0] == games[1], seed
