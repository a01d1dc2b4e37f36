"""The worked study of docs/studies.md: run it again with `python benchmarks/make_study.py` (a few minutes on one core).

Prints the table of `cardrules compare pasur pasur-most-cards -n 500 --bots greedy --seed 0` and writes
the chart of the measures that differ to docs/study-most-cards.svg (drawn without matplotlib, so the file
is the same everywhere).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter import load  # noqa: E402
from interpreter.plots import svg  # noqa: E402
from interpreter.report import charts, text  # noqa: E402
from interpreter.study import compare  # noqa: E402

NAMES = ["pasur", "pasur-most-cards"]


def main() -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    games = [load(n) for n in NAMES]
    study = compare(NAMES, games, [["greedy"] * 2] * 2, 500, seed=0, jobs=2)
    print(text(study))
    figures = {c.title: c for c in charts(study)}
    (ROOT / "docs" / "study-most-cards.svg").write_text(svg(figures["Game length"]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
