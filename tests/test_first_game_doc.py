"""docs/first-game.md, "Your first game": each whole ruleset it shows (a ```yaml block whose first line is
`# file: NAME.yaml`) validates and plays seeded games to their end; each piece it builds a file from is part of
that file; the output it shows of validate, rules, play and coverage is what they print; and each of its common
mistakes, made in its file, still gives the error the page quotes; its account of `allowed` with following suit
holds; and its links (and those of every guide and the README) lead somewhere, in an installed copy too."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter import load
from tests.test_cli import out, run

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "first-game.md"
TEXT = DOC.read_text(encoding="utf-8")
YAML_BLOCKS = re.findall(r"^```yaml\n(.*?)^```", TEXT, re.S | re.M)
FILE = re.compile(r"# file: (\S+\.yaml)\n")
RULESETS = {m.group(1): block for block in YAML_BLOCKS if (m := FILE.match(block))}
TARGETS = {"first-trick.yaml": 5, "first-trick-void.yaml": 5, "first-trick-broken.yaml": 5, "first-fishing.yaml": 11}
WORDS = " ".join(TEXT.split())  # the page's prose as one line, however it is wrapped


def section(heading: str) -> str:
    """The page's text under `## heading`, up to the next heading of its level (not a line of a fenced block)."""
    fenced, kept = False, None
    for line in TEXT.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            if kept is not None:
                break
            if line.strip() == f"## {heading}":
                kept = []
        if kept is not None:
            kept.append(line)
    assert kept, heading
    return "".join(kept)


def plain_blocks(text: str) -> list[str]:
    """The blocks of `text` fenced without a language: what the page quotes a command as printing."""
    return re.findall(r"^```\n(.*?)^```", text, re.S | re.M)


def write_all(folder: Path, changed: dict[str, str] | None = None) -> Path:
    """Every ruleset of the page in `folder` (the variants extend first-trick.yaml beside them), some changed."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in {**RULESETS, **(changed or {})}.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_the_page_shows_its_four_rulesets():
    assert sorted(RULESETS) == sorted(TARGETS)


def test_each_piece_the_page_builds_a_game_from_is_in_its_whole_file():
    pieces = [b for b in YAML_BLOCKS if not FILE.match(b)]
    assert len(pieces) == 7  # the trick game, a section at a time
    for piece in pieces:
        assert piece in RULESETS["first-trick.yaml"], piece


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_each_ruleset_validates_and_plays_to_the_end(name, tmp_path):
    path = write_all(tmp_path) / name
    result = run("validate", "--games", "3", path)
    assert result.exit_code == 0 and "ok: 1 ruleset(s) valid" in out(result), out(result)
    assert "warning" not in out(result)
    game = load(str(path))
    for seed in range(3):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        for _ in range(20_000):
            if st.over:
                break
            st.apply_move(rng.choice(st.legal_moves()))
        assert st.over, f"{name}, seed {seed}: no end after 20,000 moves"
        assert max(st.scores) >= TARGETS[name]


# What each command the section "Checking your game" runs prints, block by block, as the page quotes it.
CHECKS = [
    (("validate", "first-trick.yaml"), None),
    (("rules", "first-trick.yaml"), None),
    (("play", "first-trick.yaml", "--bots", "greedy", "--seed", "1"), "quit\n"),
    (("coverage", "first-fishing.yaml", "-n", "20"), None),
    (("coverage", "first-trick-void.yaml", "-n", "1", "--seed", "3"), None),
]


def test_what_the_page_shows_the_commands_print_is_what_they_print(tmp_path, monkeypatch):
    checking = section("Checking your game")
    blocks = plain_blocks(checking)
    assert len(blocks) == len(CHECKS)
    monkeypatch.chdir(write_all(tmp_path))  # the page runs them from the file's folder
    for block, (args, given) in zip(blocks, CHECKS, strict=True):
        assert f"cardrules {' '.join(args[:2])}" in checking
        printed = out(run(*args, input=given)).splitlines()
        for line in block.splitlines():
            assert line in printed, f"cardrules {' '.join(args)} no longer prints {line!r}"


# The page's five common mistakes, in its order: the file, what is written in place of what, in that file.
MISTAKES = [
    ("first-trick.yaml", "  won: {owner: side, visible: all}      # the tricks a side has taken\n", ""),
    ("first-trick.yaml", 'points: "if tricks > 6 then tricks - 6 else 0"',
     'points: "if seat == dealer then 1 else 0"'),
    ("first-trick-void.yaml", """    redeal:
      if: >-
        count(hand(0)[suit == trump]) == 0 or count(hand(1)[suit == trump]) == 0
        or count(hand(2)[suit == trump]) == 0 or count(hand(3)[suit == trump]) == 0
      to: deal""", "    redeal: count(hand(0)[suit == trump]) == 0"),
    ("first-trick.yaml", "{to: hand, count: 1, seats: others}", "{to: hand, count: 1}"),
    ("first-trick-broken.yaml", """          cards: true          # any card may be held back by this rule
          allowed: not leading or suit != trump or count(played_cards[suit == trump]) > 0""",
     """          cards: suit == trump
          allowed: not leading or count(played_cards[suit == trump]) > 0"""),
]


def mistaken(folder: Path, name: str, was: str, now: str) -> Path:
    assert RULESETS[name].count(was) == 1, was
    return write_all(folder, {name: RULESETS[name].replace(was, now)}) / name


def test_each_common_mistake_still_gives_the_error_the_page_quotes(tmp_path):
    quoted = plain_blocks(section("Five common mistakes"))
    assert len(quoted) == len(MISTAKES) == 5
    for k, ((name, was, now), error) in enumerate(zip(MISTAKES, quoted, strict=True)):
        error = error.strip()
        assert error.startswith(f"{name}:") and ": error: " in error
        assert not now or now.strip().splitlines()[0].strip() in TEXT  # the page shows what was written
        result = run("validate", mistaken(tmp_path / f"mistake{k}", name, was, now))
        assert result.exit_code == 1
        assert error in out(result), f"mistake {k + 1}: the page quotes\n{error}\nvalidate says\n{out(result)}"


def test_the_mistake_only_a_warning_catches_is_valid_and_leaves_no_trump(tmp_path):
    """A trick play's `trump: top(turned).suit` reads the turned card after the dealer took it up: valid, but no
    trump, as the page says (the table shows no trump line); validate and coverage warn as the page quotes them."""
    assert "`trump: top(turned).suit` in the trick play of first-trick.yaml" in WORDS
    path = mistaken(tmp_path / "wrong", "first-trick.yaml", "      trump: trump\n", "      trump: top(turned).suit\n")
    validated = run("validate", path)
    warned = [line.replace(str(path), path.name) for line in out(validated).splitlines() if ": warning: " in line]
    count = re.compile(r"in the [\d,]+ tricks led")  # the trial games are bounded in time: a slower machine plays fewer
    assert validated.exit_code == 0 and len(warned) == 1, warned
    assert count.sub("in the N tricks led", warned[0]) in count.sub("in the N tricks led", WORDS), warned
    covered = run("coverage", path, "-n", "3", "--strict")
    warned = [line.replace(str(path), path.name) for line in out(covered).splitlines() if "trump 'tricks" in line]
    assert covered.exit_code == 1 and len(warned) == 1 and warned[0] in WORDS, warned
    right = out(run("play", write_all(tmp_path / "right") / "first-trick.yaml", "--seed", "1", input="quit\n"))
    wrong = out(run("play", path, "--seed", "1", input="quit\n"))
    assert "trump: ♥" in right.splitlines() and not any(line.startswith("trump:") for line in wrong.splitlines())


def test_a_card_of_the_suit_led_that_is_not_allowed_does_not_oblige_its_holder_to_follow(tmp_path):
    """The page's account of `allowed` with following suit: an entry refusing the A♠, spades led, the A♠ the only
    spade held: any other card may be played."""
    assert "an entry that refuses the A♠, with spades led and the A♠ the only spade held, lets the player play" \
           " a heart" in WORDS
    (write_all(tmp_path) / "no-ace.yaml").write_text(
        "extends: first-trick.yaml\nname: no-ace\nhand:\n  - name: tricks\n    play:\n      special:\n"
        "        - {name: no ace, card: AS, allowed: 'false'}\n", encoding="utf-8")
    game, seen = load(str(tmp_path / "no-ace.yaml")), 0
    for seed in range(40):
        st, rng = game.new_state(seed=seed), random.Random(seed)
        while not st.over and not st.hands:  # the first hand
            view = st.view(st.to_act)
            held, trick = view["zones"]["hand"][st.to_act], view["trick"]
            if trick and trick[0][1].endswith("S") and [c for c in held if c.endswith("S")] == ["AS"] and len(held) > 1:
                assert sorted(st.legal_actions()) == sorted(f"play {c}" for c in held if c != "AS")
                seen += 1
            st.apply(rng.choice(st.legal_actions()))
    assert seen >= 3


def slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def links(path: Path) -> list[str]:
    """The targets of a Markdown page's links, but those to other sites (`https://…`)."""
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")) if "://" not in t]


def dead_links(path: Path) -> list[str]:
    """The links of a page to a file of the repository that does not exist, or to an #anchor no heading of the
    page it names makes."""
    dead = []
    for target in links(path):
        file, _, anchor = target.partition("#")
        to = (path.parent / file).resolve() if file else path
        if not to.is_file():
            dead.append(target)
        elif anchor and to.suffix == ".md":
            text = re.sub(r"^```.*?^```", "", to.read_text(encoding="utf-8"), flags=re.S | re.M)  # not a comment
            if anchor not in [slug(h) for h in re.findall(r"^#+ (.*)$", text, re.M)]:
                dead.append(target)
    return dead


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_pages_links_lead_somewhere(page):
    """Each link of this page, of every guide beside it and of the README to a file of the repository names one
    that exists, and each #anchor a heading of the page it names."""
    assert DOC in PAGES and (ROOT / "docs" / "cli.md") in PAGES
    assert dead_links(page) == []


def installed_docs() -> set[str]:
    """The files of docs/ that pyproject.toml installs beside the guide (the package interpreter.docs)."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        globs = tomllib.load(f)["tool"]["setuptools"]["package-data"]["interpreter.docs"]
    return {p.name for g in globs for p in (ROOT / "docs").glob(g)}


def test_an_installed_copy_of_the_docs_keeps_their_links():
    """The wheel installs docs/ as interpreter.docs, without the README or anything else of the repository: each
    page is installed, and each of its links leads to a page installed beside it (`../README.md` would not).
    .ci/run checks the same in the installed wheel."""
    installed = installed_docs()
    assert {"language.md", "first-game.md", "bots.md", "cli.md"} <= installed
    assert {p.name for p in (ROOT / "docs").glob("*.md")} <= installed
    for name in sorted(n for n in installed if n.endswith(".md")):
        for target in links(ROOT / "docs" / name):
            file = target.partition("#")[0]
            assert not file or file in installed, f"docs/{name} links to {target}, which is not installed beside it"
