"""Standing rules of the codebase: the engine names no game, and ruff is clean."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = re.compile(r"pasur|hokm|shelem|ghahveh|qahveh|scopa|spades|hearts|oh.?hell|euchre|basra|briscola|whist"
                   r"|sixty.?six|sechsundsechzig|schnapsen",
                   re.IGNORECASE)
SUIT_WORDS = "spades hearts diamonds clubs"  # the suits by name, in order: players' words, not games


def test_the_engine_names_no_game():
    sources = [*sorted((ROOT / "interpreter").rglob("*.py")), ROOT / "cli.py"]
    hits = [f"{p.relative_to(ROOT)}:{i} ({found.group(0)!r})" for p in sources
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if (found := GAMES.search(line.replace(SUIT_WORDS, "")))]
    assert not hits, ("game names in the engine: " + ", ".join(hits) + ". The engine stays general: a game's rule"
                      " goes in its ruleset (rulesets/), by a general primitive if need be; in a comment or a"
                      " message, say it of no game (a suit by name only as the words '" + SUIT_WORDS + "')")


def test_ruff_is_clean():
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    result = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr + "\n(ruff check --fix mends some of these)"
