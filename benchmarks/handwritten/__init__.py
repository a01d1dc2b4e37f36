"""Hand-written engines of the bundled games, one plain file per game: yardsticks for cardrules' speed.

Each module has `new_game(seed, decks=None[, hand_limit=100]) -> game` with `legal()`, `apply(move)`,
`action_text(move)` (CONTRACT.md's canonical text), `over`, `hands`, `scores`, `winner`, `to_act`, and
`shuffles` (every deck order used, as card ids: suit * 13 + rank - 1 in S H D C, A..K; BJ 52, RJ 53).
`decks` (card ids or names) are dealt first, then the game's own `random.Random(seed)` shuffles.
"""
